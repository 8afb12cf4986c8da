//! Every check of SPEC §2.3, like a perft: counts compared with the paper's published numbers.

use std::collections::{HashMap, HashSet};

use std::sync::Arc;

use super::Maker;
use super::breaker::{BreakerKind, ComputerBreaker, play_out};
use super::card::{Cards, NodeId};
use super::cell::{Cell, FrameCell, PAPER_BOARD};
use super::cell_set::CellSet;
use super::certificate::{Certificate, SHIPPED_SHA256, SHIPPED_TEXT, sha256_hex};
use super::game::Game;
use super::policy::Claim;

pub use super::check::{Check, CheckId, Expectation, Found, Report, RootFacts, render, thousands};
pub use super::local_check::{LocalCheck, LocalFailure, LocalFailureReason, local_check, reply_classes};
pub use super::squeeze::{TableRow, root_table, squeeze_table};

/// The paper's numbers (SPEC §2.3), which the checks compare against.
pub mod paper {
    pub const LINES: usize = 722;
    pub const BYTES: usize = 38_367;
    pub const CARDS: usize = 728;
    pub const COMBINATION_NODES: usize = 1_620;
    pub const INLINE_NODES: usize = 898;
    pub const REFERENCES: usize = 4_089;
    pub const MAX_HEIGHT: u32 = 21;
    pub const IN_ENVELOPE_REPLY_CLASSES: usize = 35_422;
    pub const REPLY_CLASSES: usize = 37_042;
    pub const REACHABLE_STATES: usize = 53_823;
    pub const WORST_CASE: u32 = 21;
    /// SPEC §2.4: M (8,8), B (7,8), M (8,7), B (8,6), M (11,8).
    pub const WORKED_LINE: [(i32, i32); 5] = [(8, 8), (7, 8), (8, 7), (8, 6), (11, 8)];
    /// One row of the card-727 table: (card, the single cell of A_j, |T_j|, h_j, placements, cells
    /// other than (8,8) left in the running intersection).
    pub type Row = (u32, (i32, i32), usize, u32, usize, usize);
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

/// Sizes of the certificate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counts {
    pub cards: usize,
    pub combination_nodes: usize,
    pub inline_nodes: usize,
    pub references: usize,
    pub max_height: u32,
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

/// The most (node, placement) states the reachable-state and worst-case searches visit (the
/// paper's certificate reaches 53,823, ours 53,172): about 60 MB and a second or two in release.
/// A certificate whose policy reaches more is refused at the limit, by name.
pub const MAX_REACHABLE_STATES: usize = 1_000_000;

/// The searches stopped at [`MAX_REACHABLE_STATES`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("more than {limit} (node, placement) states are reachable from the empty board")]
pub struct TooManyStates {
    pub limit: usize,
}

/// For each node, the children one Breaker reply class can select (reply classes merged, in
/// child order): worked out once per node, since it does not depend on the placement.
struct Successors(Vec<Vec<usize>>);

impl Successors {
    fn of(cards: &Cards) -> Self {
        Self(
            (0..cards.nodes().len() as u32)
                .map(|i| {
                    let mut indices: Vec<usize> = reply_classes(cards, NodeId(i)).flatten().collect();
                    indices.sort_unstable();
                    indices.dedup();
                    indices
                })
                .collect(),
        )
    }

    /// The distinct child claims one Breaker reply can lead to from `claim`.
    fn after(&self, cards: &Cards, claim: Claim) -> impl Iterator<Item = Claim> {
        let children = cards.children(claim.node);
        self.0[claim.node.0 as usize].iter().map(move |&i| Claim {
            node: children[i].node,
            placement: claim.placement.compose(children[i].placement),
        })
    }
}

/// The (node, placement) states the policy reaches from the empty board over every Breaker
/// reply class; at most [`MAX_REACHABLE_STATES`].
pub fn reachable_states(cards: &Cards) -> Result<HashSet<Claim>, TooManyStates> {
    let successors = Successors::of(cards);
    let start = Claim::start(cards);
    let mut seen = HashSet::from([start]);
    let mut stack = vec![start];
    while let Some(claim) = stack.pop() {
        for next in successors.after(cards, claim) {
            if seen.insert(next) {
                if seen.len() > MAX_REACHABLE_STATES {
                    return Err(TooManyStates { limit: MAX_REACHABLE_STATES });
                }
                stack.push(next);
            }
        }
    }
    Ok(seen)
}

/// The exact worst case: the most Maker moves any sequence of Breaker reply classes forces,
/// by exhaustive search over the reachable states (memoised; at most [`MAX_REACHABLE_STATES`]).
pub fn worst_case(cards: &Cards) -> Result<u32, TooManyStates> {
    // Iterative (a chain of cards can be as deep as the file is long): children are evaluated
    // before their parents, so the claim graph is acyclic and post-order is enough.
    let successors = Successors::of(cards);
    let mut memo: HashMap<Claim, u32> = HashMap::new();
    let mut stack = vec![(Claim::start(cards), false)];
    while let Some((claim, expanded)) = stack.pop() {
        if memo.contains_key(&claim) {
            continue;
        }
        if expanded {
            let longest =
                successors.after(cards, claim).map(|s| memo.get(&s).copied().unwrap_or(0)).max().unwrap_or(0);
            memo.insert(claim, 1 + longest);
            if memo.len() > MAX_REACHABLE_STATES {
                return Err(TooManyStates { limit: MAX_REACHABLE_STATES });
            }
        } else {
            stack.push((claim, true));
            stack
                .extend(successors.after(cards, claim).filter(|s| !memo.contains_key(s)).map(|s| (s, false)));
        }
    }
    Ok(memo.get(&Claim::start(cards)).copied().unwrap_or(0))
}

fn cells(set: &CellSet) -> Vec<Cell> {
    set.iter().map(|c| c.cell()).collect()
}

fn set_of(cells: impl IntoIterator<Item = (i32, i32)>) -> CellSet {
    cells.into_iter().filter_map(|(x, y)| FrameCell::new(x, y)).collect()
}

/// The shipped Maker whose certificate has this SHA-256 (lowercase hex), if any.
fn shipped_with(sha256: &str) -> Option<Maker> {
    Maker::ALL.into_iter().find(|m| m.sha256() == sha256)
}

/// The numbers a known certificate must reproduce.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Expected {
    pub sha256: &'static str,
    pub lines: usize,
    pub bytes: usize,
    pub cards: usize,
    pub combination_nodes: usize,
    pub inline_nodes: usize,
    pub references: usize,
    pub in_envelope_reply_classes: usize,
    pub reachable_states: usize,
    pub height: u32,
    pub envelope: usize,
}

/// The paper's numbers (SPEC §2.3).
pub const PAPER: Expected = Expected {
    sha256: SHIPPED_SHA256,
    lines: paper::LINES,
    bytes: paper::BYTES,
    cards: paper::CARDS,
    combination_nodes: paper::COMBINATION_NODES,
    inline_nodes: paper::INLINE_NODES,
    references: paper::REFERENCES,
    in_envelope_reply_classes: paper::IN_ENVELOPE_REPLY_CLASSES,
    reachable_states: paper::REACHABLE_STATES,
    height: paper::MAX_HEIGHT,
    envelope: 251,
};

/// Runs every check on the shipped certificate.
pub fn verify_shipped() -> Report {
    verify_text(SHIPPED_TEXT, SHIPPED_SHA256)
}

/// Runs every check on certificate text expected to have the given SHA-256 (one of the shipped
/// certificates): a different digest fails the first check.
pub fn verify_text(text: &str, expected_sha256: &str) -> Report {
    let expected = shipped_with(expected_sha256).map_or(PAPER, Expected::of);
    run(text, Some(expected), expected_sha256 == SHIPPED_SHA256)
}

/// Runs every check on any certificate file. A known file (the paper's, ours) must also
/// reproduce its published numbers; the paper's own facts (cards 6, 7, 727) run on the paper's.
pub fn verify_any(text: &str) -> Report {
    match shipped_with(&sha256_hex(text.as_bytes())) {
        Some(maker) => run(text, Some(Expected::of(maker)), maker == Maker::Paper),
        None => run(text, None, false),
    }
}

/// Our certificate's numbers (from our own run of `pokopoko snaky verify`, and the worst case
/// also by a second search in the tests).
pub const OURS: Expected = Expected {
    sha256: super::certificate::OURS_SHA256,
    lines: 798,
    bytes: 43_045,
    cards: 804,
    combination_nodes: 1_705,
    inline_nodes: 907,
    references: 4_651,
    in_envelope_reply_classes: 42_385,
    reachable_states: 53_172,
    height: 20,
    envelope: 251,
};

/// Our certificate in 19's numbers (from our own run of `pokopoko snaky verify`; the worst
/// case also by a second search in the tests).
pub const OURS19: Expected = Expected {
    sha256: super::certificate::OURS19_SHA256,
    lines: 1_113,
    bytes: 56_477,
    cards: 1_119,
    combination_nodes: 2_053,
    inline_nodes: 940,
    references: 6_222,
    in_envelope_reply_classes: 57_541,
    reachable_states: 55_549,
    height: 19,
    envelope: 259,
};

impl Expected {
    /// The numbers a shipped Maker's certificate must reproduce.
    pub const fn of(maker: Maker) -> Self {
        match maker {
            Maker::Paper => PAPER,
            Maker::Ours => OURS,
            Maker::Ours19 => OURS19,
        }
    }
}

fn run(text: &str, expected: Option<Expected>, paper_facts: bool) -> Report {
    let mut report = Report::default();
    let found = sha256_hex(text.as_bytes());
    let lines = text.lines().count();
    let digest = Found::Digest { sha256: found.clone(), lines, bytes: text.len() };
    match expected {
        Some(e) => report.add(
            CheckId::Digest,
            found.eq_ignore_ascii_case(e.sha256) && lines == e.lines && text.len() == e.bytes,
            digest,
            Some(Expectation::Digest { sha256: e.sha256, lines: e.lines, bytes: e.bytes }),
        ),
        None => report.add(CheckId::Digest, true, digest, Some(Expectation::NotShipped)),
    }
    let certificate = match Certificate::parse(text) {
        Ok(c) => c,
        Err(e) => {
            report.add(CheckId::Grammar, false, Found::Unparsable(e), None);
            return report;
        }
    };
    report.add(CheckId::Grammar, true, Found::Parsed { lines: certificate.lines.len() }, None);
    let cards = match Cards::evaluate(&certificate) {
        Ok(c) => c,
        Err(e) => {
            report.add(CheckId::Evaluation, false, Found::Unevaluable(e), None);
            return report;
        }
    };
    let cards = Arc::new(cards);
    if paper_facts {
        check_cards(&mut report, &certificate, &cards);
    } else {
        check_general(&mut report, text, &certificate, &cards, expected);
    }
    report
}

fn root_facts(cards: &Cards, id: NodeId) -> RootFacts {
    let root = cards.node(id);
    RootFacts {
        card: root.card,
        pivot: root.pivot.cell(),
        required: root.required.len(),
        envelope: root.envelope.len(),
        height: root.height,
        children: cards.children(id).len(),
    }
}

/// The local check as a report line: where it holds, or where and why it fails.
fn add_local_check(
    report: &mut Report,
    local: &Result<LocalCheck, LocalFailure>,
    pass: impl Fn(&LocalCheck) -> bool,
    expected: Option<Expectation>,
) {
    match local {
        Ok(local) => report.add(CheckId::LocalCheck, pass(local), Found::LocalCheck(*local), expected),
        Err(failure) => report.add(CheckId::LocalCheck, false, Found::LocalFailure(failure.clone()), None),
    }
}

/// The checks of a certificate that extends the paper's: sizes, the paper's lines kept byte for
/// byte, the root, the local check, reachable states, the exact worst case, perfect Breakers.
fn check_general(
    report: &mut Report,
    text: &str,
    certificate: &Certificate,
    cards: &Arc<Cards>,
    expected: Option<Expected>,
) {
    let n = counts(certificate, cards);
    let equal =
        |found: usize, pick: fn(&Expected) -> usize| expected.as_ref().is_none_or(|e| pick(e) == found);
    let wanted = |pick: fn(&Expected) -> usize| expected.as_ref().map(|e| Expectation::Count(pick(e)));
    let lines = certificate.lines.len();
    report.add(
        CheckId::Cards,
        equal(n.cards, |e| e.cards),
        Found::Cards { cards: n.cards, lines },
        wanted(|e| e.cards),
    );
    report.add(
        CheckId::CombinationNodes,
        equal(n.combination_nodes, |e| e.combination_nodes)
            && equal(n.inline_nodes, |e| e.inline_nodes)
            && n.combination_nodes == lines + n.inline_nodes,
        Found::CombinationNodes { nodes: n.combination_nodes, lines, inline: n.inline_nodes },
        wanted(|e| e.combination_nodes),
    );
    report.add(
        CheckId::References,
        equal(n.references, |e| e.references),
        Found::References(n.references),
        wanted(|e| e.references),
    );
    let paper_prefix = SHIPPED_TEXT.lines().zip(text.lines()).take_while(|(a, b)| a == b).count();
    report.add(
        CheckId::PapersLines,
        expected.is_none() || paper_prefix == paper::LINES,
        Found::PapersLines { kept: paper_prefix, of: paper::LINES },
        None,
    );
    let root_id = cards.root();
    let root = cards.node(root_id);
    let root_ok = root.required.is_empty()
        && expected.is_none_or(|e| e.height == root.height && e.envelope == root.envelope.len());
    report.add(
        CheckId::RootCard,
        root_ok,
        Found::Root(root_facts(cards, root_id)),
        expected.map(|e| Expectation::Root { envelope: e.envelope, height: e.height }),
    );
    let local = local_check(cards);
    add_local_check(
        report,
        &local,
        |local| {
            local.nodes == n.combination_nodes
                && expected.is_none_or(|e| e.in_envelope_reply_classes == local.in_envelope)
        },
        expected.map(|e| Expectation::InEnvelope(e.in_envelope_reply_classes)),
    );
    if local.is_err() {
        return;
    }
    if !add_reachable_states(report, cards, expected.map(|e| e.reachable_states)) {
        return;
    }
    let worst = worst_case(cards).unwrap_or(u32::MAX);
    report.add(
        CheckId::WorstCase,
        worst == root.height,
        Found::WorstCase(worst),
        Some(Expectation::RootHeight(root.height)),
    );
    if !root.required.is_empty() {
        report.add(CheckId::PerfectBreaker, false, Found::NotPlayed, None);
        return;
    }
    add_perfect_games(report, cards, root.height);
}

/// The reachable states, against `want` when the certificate's count is known; whether they are
/// within [`MAX_REACHABLE_STATES`] (the checks that search them again stop here otherwise).
fn add_reachable_states(report: &mut Report, cards: &Cards, want: Option<usize>) -> bool {
    match reachable_states(cards) {
        Ok(states) => {
            let states = states.len();
            report.add(
                CheckId::ReachableStates,
                want.is_none_or(|want| want == states),
                Found::ReachableStates(states),
                want.map(Expectation::Count),
            );
            true
        }
        Err(TooManyStates { limit }) => {
            report.add(
                CheckId::ReachableStates,
                false,
                Found::TooManyStates { limit },
                want.map(Expectation::Count),
            );
            false
        }
    }
}

/// The seeded perfect-Breaker games: each must last exactly `want` Maker moves.
fn add_perfect_games(report: &mut Report, cards: &Arc<Cards>, want: u32) {
    let (shortest, longest) = perfect_games(cards);
    let want_len = want as usize;
    report.add(
        CheckId::PerfectBreaker,
        shortest == want_len && longest == want_len,
        Found::PerfectGames { games: PERFECT_GAMES, shortest, longest },
        Some(Expectation::Exactly(want)),
    );
}

/// The shortest and longest of the seeded perfect-Breaker games.
fn perfect_games(cards: &Arc<Cards>) -> (usize, usize) {
    let lengths: Vec<usize> = (0..PERFECT_GAMES)
        .map(|seed| {
            let mut game = Game::started(Arc::clone(cards));
            play_out(&mut game, &mut ComputerBreaker::new(BreakerKind::Perfect, seed))
        })
        .collect();
    (lengths.iter().min().copied().unwrap_or(0), lengths.iter().max().copied().unwrap_or(0))
}

/// The checks after parsing and evaluation.
pub fn check_cards(report: &mut Report, certificate: &Certificate, cards: &Arc<Cards>) {
    let n = counts(certificate, cards);
    let lines = certificate.lines.len();
    report.add(
        CheckId::Cards,
        n.cards == paper::CARDS,
        Found::Cards { cards: n.cards, lines },
        Some(Expectation::Count(paper::CARDS)),
    );
    report.add(
        CheckId::CombinationNodes,
        n.combination_nodes == paper::COMBINATION_NODES
            && n.inline_nodes == paper::INLINE_NODES
            && n.combination_nodes == lines + n.inline_nodes,
        Found::CombinationNodes { nodes: n.combination_nodes, lines, inline: n.inline_nodes },
        Some(Expectation::Nodes {
            nodes: paper::COMBINATION_NODES,
            lines: paper::LINES,
            inline: paper::INLINE_NODES,
        }),
    );
    report.add(
        CheckId::References,
        n.references == paper::REFERENCES,
        Found::References(n.references),
        Some(Expectation::Count(paper::REFERENCES)),
    );
    report.add(
        CheckId::Heights,
        n.max_height <= paper::MAX_HEIGHT,
        Found::LargestHeight(n.max_height),
        Some(Expectation::AtMost(paper::MAX_HEIGHT)),
    );

    let card = |j: u32| cards.card(j).map(|id| cards.node(id));
    let column = |x: i32, ys: &[i32]| ys.iter().map(move |&y| (x, y)).collect::<Vec<_>>();
    let a6 = set_of(column(0, &[0, 1, 2, 3, 4]));
    let t6 = a6.union(&set_of([(1, 3), (1, 4), (1, 5)]));
    let pass6 = card(6).is_some_and(|c| c.required == a6 && c.envelope == t6 && c.height == 2);
    report.add(
        CheckId::Card6,
        pass6,
        card(6).map_or(Found::Missing, |c| Found::Card6 {
            required: cells(&c.required),
            envelope: cells(&c.envelope),
            height: c.height,
        }),
        None,
    );
    let a7 = set_of(column(0, &[1, 2, 3, 4]));
    let t7 = set_of(column(0, &[1, 2, 3, 4, 5])).union(&set_of(column(1, &[0, 1, 2, 4, 5, 6])));
    let pass7 = card(7)
        .is_some_and(|c| c.required == a7 && c.envelope == t7 && c.envelope.len() == 11 && c.height == 3);
    report.add(
        CheckId::Card7,
        pass7,
        card(7).map_or(Found::Missing, |c| Found::Card7 {
            required: cells(&c.required),
            envelope: c.envelope.len(),
            height: c.height,
        }),
        None,
    );
    let root_id = cards.root();
    let root = cards.node(root_id);
    let root_children = cards.children(root_id);
    let on_board = root.envelope.iter().all(|c| c.x() < PAPER_BOARD && c.y() < PAPER_BOARD);
    report.add(
        CheckId::Card727,
        root.card == 727
            && root.pivot.cell() == Cell::new(8, 8)
            && root.required.is_empty()
            && root.envelope.len() == 251
            && root.height == 21
            && on_board
            && root_children.len() == 32,
        Found::Card727 { root: root_facts(cards, root_id), on_paper_board: on_board },
        None,
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
    report.add(
        CheckId::Card727Table,
        table == expected_rows && each_requires_pivot,
        Found::Card727Table { rows: table, each_requires_pivot },
        None,
    );
    add_local_check(
        report,
        &local_check(cards),
        |local| {
            local.nodes == paper::COMBINATION_NODES
                && local.in_envelope == paper::IN_ENVELOPE_REPLY_CLASSES
                && local.in_envelope + local.exterior == paper::REPLY_CLASSES
        },
        Some(Expectation::ReplyClasses {
            in_envelope: paper::IN_ENVELOPE_REPLY_CLASSES,
            exterior: paper::COMBINATION_NODES,
        }),
    );
    if !add_reachable_states(report, cards, Some(paper::REACHABLE_STATES)) {
        return;
    }
    let worst = worst_case(cards).unwrap_or(u32::MAX);
    report.add(
        CheckId::WorstCase,
        worst == paper::WORST_CASE,
        Found::WorstCase(worst),
        Some(Expectation::Exactly(paper::WORST_CASE)),
    );
    add_perfect_games(report, cards, paper::WORST_CASE);
    let line = worked_line(cards);
    let paper_line: Vec<Cell> = paper::WORKED_LINE.iter().map(|&(x, y)| Cell::new(x, y)).collect();
    report.add(
        CheckId::WorkedLine,
        line.as_deref() == Some(&paper_line[..]),
        Found::WorkedLine(line),
        Some(Expectation::WorkedLine(paper_line)),
    );
}

/// How many seeded perfect-Breaker games the check plays.
const PERFECT_GAMES: u64 = 50;

/// Maker's replies to the paper's worked line B (7,8), B (8,6), interleaved: M, B, M, B, M.
pub fn worked_line(cards: &Arc<Cards>) -> Option<Vec<Cell>> {
    let mut game = Game::started(Arc::clone(cards));
    for b in [Cell::new(7, 8), Cell::new(8, 6)] {
        game.reply(b).ok()?;
    }
    Some(game.moves().iter().map(|m| m.cell).collect())
}
