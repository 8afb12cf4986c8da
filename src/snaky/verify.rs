//! Every check of SPEC §2.3, like a perft: counts compared with the paper's published numbers.

use std::collections::{HashMap, HashSet};

use std::sync::Arc;

use super::breaker::{BreakerKind, ComputerBreaker, play_out};
use super::card::{Cards, NodeId};
use super::cell::{Cell, FrameCell};
use super::cell_set::CellSet;
use super::certificate::{Certificate, SHIPPED_SHA256, SHIPPED_TEXT, sha256_hex};
use super::game::Game;
use super::policy::Claim;

/// The paper's numbers (SPEC §2.3), which the checks compare against.
pub mod paper {
    pub const LINES: usize = 722;
    pub const BYTES: usize = 38_367;
    pub const CARDS: usize = 728;
    pub const COMBINATION_NODES: usize = 1_620;
    pub const INLINE_NODES: usize = 898;
    pub const REFERENCES: usize = 4_089;
    pub const MAX_HEIGHT: u8 = 21;
    pub const IN_ENVELOPE_REPLY_CLASSES: usize = 35_422;
    pub const REPLY_CLASSES: usize = 37_042;
    pub const REACHABLE_STATES: usize = 53_823;
    pub const WORST_CASE: u32 = 21;
    /// SPEC §2.4: M (8,8), B (7,8), M (8,7), B (8,6), M (11,8).
    pub const WORKED_LINE: [(i32, i32); 5] = [(8, 8), (7, 8), (8, 7), (8, 6), (11, 8)];
    /// One row of the card-727 table: (card, the single cell of A_j, |T_j|, h_j, placements, cells
    /// other than (8,8) left in the running intersection).
    pub type Row = (u32, (i32, i32), usize, u8, usize, usize);
    /// The children of card 727, grouped by card.
    pub const CARD_727_TABLE: [Row; 6] = [
        (648, (4, 5), 87, 15, 4, 35),
        (708, (8, 8), 225, 20, 4, 31),
        (712, (5, 5), 96, 15, 8, 21),
        (713, (5, 5), 98, 15, 4, 12),
        (725, (7, 7), 167, 20, 8, 4),
        (726, (7, 7), 169, 20, 4, 0),
    ];
}

/// One numbered check and its outcome.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Check {
    pub number: usize,
    pub title: &'static str,
    /// What was found, in the paper's terms.
    pub detail: String,
    pub pass: bool,
}

/// The outcome of all checks.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    pub checks: Vec<Check>,
}

impl Report {
    pub fn passed(&self) -> bool {
        !self.checks.is_empty() && self.checks.iter().all(|c| c.pass)
    }

    fn add(&mut self, title: &'static str, pass: bool, detail: String) {
        self.checks.push(Check { number: self.checks.len() + 1, title, detail, pass });
    }
}

/// Sizes of the certificate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counts {
    pub cards: usize,
    pub combination_nodes: usize,
    pub inline_nodes: usize,
    pub references: usize,
    pub max_height: u8,
}

pub fn counts(certificate: &Certificate, cards: &Cards) -> Counts {
    Counts {
        cards: cards.card_count(),
        combination_nodes: cards.combination_nodes().count(),
        inline_nodes: certificate.inline_nodes(),
        references: certificate.references(),
        max_height: cards.nodes().iter().map(|n| n.height).max().unwrap_or(0),
    }
}

/// The local check's outcome: reply classes in the envelopes, and the exterior class per node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LocalCheck {
    pub nodes: usize,
    pub in_envelope: usize,
    pub exterior: usize,
}

/// A node where the local check fails, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LocalFailure {
    pub card: u32,
    pub line: usize,
    pub column: usize,
    pub reason: String,
}

/// For each Breaker reply class of a node, the child Maker moves to: one class per cell b of
/// T \ M0 (M0 = A ∪ {p}), then the exterior class (child 0). `None`: no child avoids b.
/// A base card has none: Maker completes Snaky on its move.
pub fn reply_classes(cards: &Cards, id: NodeId) -> impl Iterator<Item = Option<usize>> + '_ {
    let node = cards.node(id);
    let base = node.is_base();
    let mut owned = node.required;
    owned.insert(node.pivot);
    let children = cards.children(id);
    node.envelope
        .difference(&owned)
        .iter()
        .map(move |b| children.iter().position(|c| !c.placed_envelope.contains(b)))
        .chain(std::iter::once(Some(0)))
        .filter(|_| !base)
        .collect::<Vec<_>>()
        .into_iter()
}

/// The local check at every combination node, with M0 = A ∪ {p}: each Aᵢ ⊆ M0, each Tᵢ ⊆ T,
/// h ≥ 1 + hᵢ, p ∈ T, and every reply b ∈ T \ M0 leaves some child with b ∉ Tᵢ.
pub fn local_check(cards: &Cards) -> Result<LocalCheck, LocalFailure> {
    let mut result = LocalCheck { nodes: 0, in_envelope: 0, exterior: 0 };
    for id in cards.combination_nodes() {
        let node = cards.node(id);
        let fail =
            |reason: String| LocalFailure { card: node.card, line: node.line, column: node.column, reason };
        let mut owned = node.required;
        owned.insert(node.pivot);
        if !node.envelope.contains(node.pivot) {
            return Err(fail("p ∉ T".into()));
        }
        for (i, child) in cards.children(id).iter().enumerate() {
            if !child.placed_required.is_subset(&owned) {
                return Err(fail(format!("A of child {i} ⊄ A ∪ {{p}}")));
            }
            if !child.placed_envelope.is_subset(&node.envelope) {
                return Err(fail(format!("T of child {i} ⊄ T")));
            }
            if node.height < 1 + cards.node(child.node).height {
                return Err(fail(format!("h < 1 + h of child {i}")));
            }
        }
        for (class, child) in reply_classes(cards, id).enumerate() {
            if child.is_none() {
                return Err(fail(format!("reply class {class}: every child's envelope contains the reply")));
            }
        }
        result.nodes += 1;
        result.in_envelope += node.envelope.difference(&owned).len();
        result.exterior += 1;
    }
    Ok(result)
}

/// The distinct child claims one Breaker reply can lead to from `claim` (reply classes merged).
fn successors(cards: &Cards, claim: Claim) -> Vec<Claim> {
    let mut indices: Vec<usize> = reply_classes(cards, claim.node).flatten().collect();
    indices.sort_unstable();
    indices.dedup();
    let children = cards.children(claim.node);
    indices
        .into_iter()
        .map(|i| Claim { node: children[i].node, placement: claim.placement.compose(children[i].placement) })
        .collect()
}

/// The (node, placement) states the policy reaches from the empty board over every Breaker
/// reply class.
pub fn reachable_states(cards: &Cards) -> HashSet<Claim> {
    let start = Claim::start(cards);
    let mut seen = HashSet::from([start]);
    let mut stack = vec![start];
    while let Some(claim) = stack.pop() {
        for next in successors(cards, claim) {
            if seen.insert(next) {
                stack.push(next);
            }
        }
    }
    seen
}

/// The exact worst case: the most Maker moves any sequence of Breaker reply classes forces,
/// by exhaustive search over the reachable states (memoised).
pub fn worst_case(cards: &Cards) -> u32 {
    fn longest(cards: &Cards, claim: Claim, memo: &mut HashMap<Claim, u32>) -> u32 {
        if let Some(&known) = memo.get(&claim) {
            return known;
        }
        let moves = 1 + successors(cards, claim)
            .into_iter()
            .map(|next| longest(cards, next, memo))
            .max()
            .unwrap_or(0);
        memo.insert(claim, moves);
        moves
    }
    longest(cards, Claim::start(cards), &mut HashMap::new())
}

/// One row of the card-727 table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableRow {
    pub card: u32,
    /// A_j in card j's own frame.
    pub required: Vec<(i32, i32)>,
    pub envelope_size: usize,
    pub height: u8,
    pub placements: usize,
    /// Cells other than the pivot left in ⋂ Tᵢ over the children so far.
    pub left_in_intersection: usize,
}

/// The children of the root card, grouped by card in printed order.
pub fn root_table(cards: &Cards) -> Vec<TableRow> {
    let root = cards.node(cards.root());
    let mut rows: Vec<TableRow> = Vec::new();
    let mut common = CellSet::EMPTY;
    for (i, child) in cards.children(cards.root()).iter().enumerate() {
        common = if i == 0 { child.placed_envelope } else { common.intersection(&child.placed_envelope) };
        let mut left = common;
        left.remove(root.pivot);
        let node = cards.node(child.node);
        match rows.last_mut() {
            Some(row) if row.card == node.card => {
                row.placements += 1;
                row.left_in_intersection = left.len();
            }
            _ => rows.push(TableRow {
                card: node.card,
                required: node.required.iter().map(|c| (c.x(), c.y())).collect(),
                envelope_size: node.envelope.len(),
                height: node.height,
                placements: 1,
                left_in_intersection: left.len(),
            }),
        }
    }
    rows
}

fn cells(set: &CellSet) -> Vec<(i32, i32)> {
    set.iter().map(|c| (c.x(), c.y())).collect()
}

fn set_of(cells: impl IntoIterator<Item = (i32, i32)>) -> CellSet {
    cells.into_iter().filter_map(|(x, y)| FrameCell::new(x, y)).collect()
}

fn fmt_cells(set: &CellSet) -> String {
    let list: Vec<String> = cells(set).iter().map(|(x, y)| format!("({x},{y})")).collect();
    format!("{{{}}}", list.join(","))
}

/// Runs every check on the shipped certificate.
pub fn verify_shipped() -> Report {
    verify_text(SHIPPED_TEXT, SHIPPED_SHA256)
}

/// Runs every check on certificate text expected to have the given SHA-256.
pub fn verify_text(text: &str, expected_sha256: &str) -> Report {
    let mut report = Report::default();
    let found = sha256_hex(text.as_bytes());
    let lines = text.lines().count();
    report.add(
        "certificate digest and size",
        found.eq_ignore_ascii_case(expected_sha256) && lines == paper::LINES && text.len() == paper::BYTES,
        format!(
            "SHA-256 {found}, {lines} lines, {} bytes (expected {expected_sha256}, 722 lines, 38,367 bytes)",
            thousands(text.len())
        ),
    );
    let certificate = match Certificate::parse(text) {
        Ok(c) => c,
        Err(e) => {
            report.add("grammar", false, e.to_string());
            return report;
        }
    };
    report.add(
        "grammar",
        true,
        format!("{} lines parse, cards 6..{}", certificate.lines.len(), certificate.lines.len() + 5),
    );
    let cards = match Cards::evaluate(&certificate) {
        Ok(c) => c,
        Err(e) => {
            report.add("evaluation", false, e.to_string());
            return report;
        }
    };
    check_cards(&mut report, &certificate, &Arc::new(cards));
    report
}

/// The checks after parsing and evaluation.
pub fn check_cards(report: &mut Report, certificate: &Certificate, cards: &Arc<Cards>) {
    let n = counts(certificate, cards);
    report.add(
        "cards",
        n.cards == paper::CARDS,
        format!("{} cards (6 base + {} lines); expected 728", n.cards, certificate.lines.len()),
    );
    report.add(
        "combination nodes",
        n.combination_nodes == paper::COMBINATION_NODES
            && n.inline_nodes == paper::INLINE_NODES
            && n.combination_nodes == certificate.lines.len() + n.inline_nodes,
        format!(
            "{} combination nodes ({} lines + {} inline); expected 1,620 (722 + 898)",
            thousands(n.combination_nodes),
            certificate.lines.len(),
            n.inline_nodes
        ),
    );
    report.add(
        "references",
        n.references == paper::REFERENCES,
        format!("{} references; expected 4,089", thousands(n.references)),
    );
    report.add(
        "heights",
        n.max_height <= paper::MAX_HEIGHT,
        format!("largest height {}; expected ≤ 21", n.max_height),
    );

    let card = |j: u32| cards.card(j).map(|id| cards.node(id));
    let column = |x: i32, ys: &[i32]| ys.iter().map(move |&y| (x, y)).collect::<Vec<_>>();
    let a6 = set_of(column(0, &[0, 1, 2, 3, 4]));
    let t6 = a6.union(&set_of([(1, 3), (1, 4), (1, 5)]));
    let pass6 = card(6).is_some_and(|c| c.required == a6 && c.envelope == t6 && c.height == 2);
    report.add(
        "card 6",
        pass6,
        card(6).map_or("missing".into(), |c| {
            format!("A = {}, T = {}, h = {}", fmt_cells(&c.required), fmt_cells(&c.envelope), c.height)
        }),
    );
    let a7 = set_of(column(0, &[1, 2, 3, 4]));
    let t7 = set_of(column(0, &[1, 2, 3, 4, 5])).union(&set_of(column(1, &[0, 1, 2, 4, 5, 6])));
    let pass7 = card(7)
        .is_some_and(|c| c.required == a7 && c.envelope == t7 && c.envelope.len() == 11 && c.height == 3);
    report.add(
        "card 7",
        pass7,
        card(7).map_or("missing".into(), |c| {
            format!("A = {}, |T| = {}, h = {}", fmt_cells(&c.required), c.envelope.len(), c.height)
        }),
    );
    let root_id = cards.root();
    let root = cards.node(root_id);
    let root_children = cards.children(root_id);
    report.add(
        "card 727",
        root.card == 727
            && root.pivot.cell() == Cell::new(8, 8)
            && root.required.is_empty()
            && root.envelope.len() == 251
            && root.height == 21
            && root_children.len() == 32,
        format!(
            // Envelopes are sets of frame cells: evaluation fails if a cell leaves {0..16}².
            "card {}: pivot {}, |A| = {}, |T| = {}, h = {}, T ⊆ {{0..16}}², {} children",
            root.card,
            root.pivot,
            root.required.len(),
            root.envelope.len(),
            root.height,
            root_children.len()
        ),
    );
    let table = root_table(cards);
    let expected_rows: Vec<TableRow> = paper::CARD_727_TABLE
        .iter()
        .map(|&(card, a, t, h, k, left)| TableRow {
            card,
            required: vec![a],
            envelope_size: t,
            height: h,
            placements: k,
            left_in_intersection: left,
        })
        .collect();
    let pivot_only = CellSet::single(root.pivot);
    let each_requires_pivot = root_children.iter().all(|c| c.placed_required == pivot_only);
    let rows: Vec<String> = table
        .iter()
        .map(|r| {
            let a: Vec<String> = r.required.iter().map(|(x, y)| format!("({x},{y})")).collect();
            format!(
                "{} {{{}}} {} {} ×{} → {}",
                r.card,
                a.join(","),
                r.envelope_size,
                r.height,
                r.placements,
                r.left_in_intersection
            )
        })
        .collect();
    report.add(
        "card-727 table",
        table == expected_rows && each_requires_pivot,
        format!(
            "{}; every placed child requires exactly {{(8,8)}}: {}",
            rows.join("; "),
            if each_requires_pivot { "yes" } else { "no" }
        ),
    );
    match local_check(cards) {
        Ok(local) => report.add(
            "local check",
            local.nodes == paper::COMBINATION_NODES
                && local.in_envelope == paper::IN_ENVELOPE_REPLY_CLASSES
                && local.in_envelope + local.exterior == paper::REPLY_CLASSES,
            format!(
                "holds at {} nodes: {} in-envelope + {} exterior = {} reply classes; expected 35,422 + 1,620 = 37,042",
                thousands(local.nodes),
                thousands(local.in_envelope),
                thousands(local.exterior),
                thousands(local.in_envelope + local.exterior)
            ),
        ),
        Err(f) => report.add(
            "local check",
            false,
            format!("fails at card {} (line {}, column {}): {}", f.card, f.line, f.column, f.reason),
        ),
    }
    let states = reachable_states(cards).len();
    report.add(
        "reachable states",
        states == paper::REACHABLE_STATES,
        format!("{} (node, placement) states from the empty board; expected 53,823", thousands(states)),
    );
    let worst = worst_case(cards);
    report.add(
        "worst case",
        worst == paper::WORST_CASE,
        format!("exhaustive search over every Breaker reply class: {worst} Maker moves; expected exactly 21"),
    );
    let lengths: Vec<usize> = (0..PERFECT_GAMES)
        .map(|seed| {
            let mut game = Game::started(Arc::clone(cards));
            play_out(&mut game, &mut ComputerBreaker::new(BreakerKind::Perfect, seed))
        })
        .collect();
    let (shortest, longest) =
        (lengths.iter().min().copied().unwrap_or(0), lengths.iter().max().copied().unwrap_or(0));
    report.add(
        "perfect Breaker",
        shortest == paper::WORST_CASE as usize && longest == paper::WORST_CASE as usize,
        format!(
            "{PERFECT_GAMES} games keeping the tallest surviving child alive last {shortest}..{longest} Maker moves; expected exactly 21"
        ),
    );
    let line = worked_line(cards);
    report.add(
        "worked line",
        line.as_deref() == Some(&paper::WORKED_LINE[..]),
        format!(
            "{}; expected M (8,8), B (7,8), M (8,7), B (8,6), M (11,8)",
            line.map_or("illegal".into(), |l| fmt_line(&l))
        ),
    );
}

/// How many seeded perfect-Breaker games the check plays.
const PERFECT_GAMES: u64 = 50;

/// Maker's replies to the paper's worked line B (7,8), B (8,6), interleaved: M, B, M, B, M.
pub fn worked_line(cards: &Arc<Cards>) -> Option<Vec<(i32, i32)>> {
    let mut game = Game::started(Arc::clone(cards));
    for b in [Cell::new(7, 8), Cell::new(8, 6)] {
        game.reply(b).ok()?;
    }
    Some(game.moves().iter().map(|m| (m.cell.x, m.cell.y)).collect())
}

fn fmt_line(line: &[(i32, i32)]) -> String {
    let moves: Vec<String> = line
        .iter()
        .enumerate()
        .map(|(i, (x, y))| format!("{} ({x},{y})", if i % 2 == 0 { "M" } else { "B" }))
        .collect();
    moves.join(", ")
}

/// 37042 → "37,042".
fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// Prints a report, one line per check.
pub fn render(report: &Report) -> String {
    let mut out = String::new();
    for check in &report.checks {
        let verdict = if check.pass { "PASS" } else { "FAIL" };
        out.push_str(&format!("check {:>2} {verdict}  {}: {}\n", check.number, check.title, check.detail));
    }
    let failed = report.checks.iter().filter(|c| !c.pass).count();
    if failed == 0 {
        out.push_str(&format!("all {} checks PASS\n", report.checks.len()));
    } else {
        out.push_str(&format!("{failed} of {} checks FAIL\n", report.checks.len()));
    }
    out
}
