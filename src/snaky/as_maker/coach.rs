//! The proof as coach: which card of our certificates applies to a position where the player,
//! as Maker, is to move — and so how soon a win is proven and which cell proves it.
//!
//! A card (A, T, h) placed by F applies when Maker owns F(A) and Breaker owns nothing in F(T):
//! Maker then wins within h more moves, starting with F(pivot) (SPEC §2.2). The coach looks at
//! every node of the three shipped certificates (cards and inline nodes alike), under each of the
//! 8 symmetries and every translation that lands a cell of A on one of Maker's stones, and keeps
//! the lowest h. Following its hint never breaks the promise: after the pivot and any reply, a
//! child of the card applies with a smaller height (the combination rule), so the next hint
//! promises at least one move less.
//!
//! A card that requires nothing (a certificate's root) applies anywhere its envelope is clear of
//! Breaker's stones: from any position Maker can start afresh away from the stones and win within
//! the root's height (19). The coach says so apart from the proofs that build on Maker's stones.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use serde::Serialize;

use crate::snaky::Maker;
use crate::snaky::card::{Cards, Node, NodeId};
use crate::snaky::cell::Cell;
use crate::snaky::errors::CertificateError;
use crate::snaky::game::Player;
use crate::snaky::placement::{Placement, Symmetry};

use super::game::MakerGame;
use super::threat_search::{forced_win, live_copies, threat_moves};

/// Where the proof behind the advice stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Footing {
    /// A card builds on the player's stones (on the empty board: the root where it stands).
    Here,
    /// No card builds on the player's stones: a root placed on clear ground, a fresh start.
    Afresh,
    /// A win by threats alone, found by a bounded search ([`forced_win`]): every move a threat
    /// Breaker must answer at once (or lose on the next move), the last a double threat. It
    /// proves the win as a card does; the card fields of the advice say nothing then.
    Threats,
}

impl Footing {
    /// The advice is a proof built on the player's stones (a card or threats), so a move that
    /// pushes its finish away costs; a fresh start promises the same whatever is played.
    pub fn on_stones(self) -> bool {
        matches!(self, Self::Here | Self::Threats)
    }
}

/// Off the proof, what the stones alone say to aim for next, without naming a cell (naming one is
/// the hint's): newcomer #36 read the same "aim for a double threat" for thirteen moves while
/// building from scratch.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Aim {
    /// This many free cells would each make a threat now ([`threat_moves`]).
    Threats { moves: usize },
    /// No cell makes a threat: the most of Maker's stones on one Snaky copy without a Breaker
    /// stone (0 when every copy through them is blocked).
    Build { stones: u32 },
}

impl Aim {
    pub fn of(game: &MakerGame) -> Self {
        match threat_moves(game).len() {
            0 => Self::Build { stones: live_copies(game).iter().map(|copy| copy.maker).max().unwrap_or(0) },
            moves => Self::Threats { moves },
        }
    }
}

/// Why the hinted cell, in board terms a player can check: what claiming it does at once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HintReason {
    /// It completes a Snaky: the win.
    Completes,
    /// It makes a double threat: these cells would each finish a Snaky.
    DoubleThreat(Vec<Cell>),
    /// It makes a threat: this cell would finish a Snaky, and the Breaker must take it.
    Threat(Cell),
    /// It prepares a double threat: a Maker move on any of these cells next would make one (a
    /// double threat's start, which one Breaker reply may not stop).
    Prepares(Vec<Cell>),
    /// It joins the player's stones on a Snaky shape the Breaker has not blocked: after it the
    /// shape holds this many of them (the hint included).
    Builds(u8),
    /// None of these: it opens the proof's next shape.
    Opens,
}

impl HintReason {
    /// What claiming `hint` does on `game` (Maker to move; `hint` free).
    pub fn of(game: &MakerGame, hint: Cell) -> Self {
        let mut after = game.clone();
        if after.maker_move(hint).is_err() {
            return Self::Opens;
        }
        if after.won() {
            return Self::Completes;
        }
        let threats = after.threats().cells;
        match threats.as_slice() {
            [] => {}
            [one] => return Self::Threat(*one),
            _ => return Self::DoubleThreat(threats),
        }
        let prepared = double_threats_next(&after);
        if !prepared.is_empty() {
            return Self::Prepares(prepared);
        }
        let fullest = fullest_through(&after, hint);
        if fullest >= 2 { Self::Builds(fullest) } else { Self::Opens }
    }
}

/// The shape a hint that [`HintReason::Builds`] builds, to show on the board: of the Snaky copies
/// through `hint` holding none of Breaker's stones, the first holding the most of Maker's (the
/// hint counted), as the reason counts them; `None` unless that is two stones or more.
pub fn built_shape(game: &MakerGame, hint: Cell) -> Option<[Cell; 6]> {
    let mut played = game.clone();
    played.maker_move(hint).ok()?;
    fullest_copy(&played, hint).filter(|&(_, stones)| stones >= 2).map(|(copy, _)| copy)
}

/// The first Snaky copy through `cell` holding none of Breaker's stones and the most of Maker's,
/// with that count.
fn fullest_copy(game: &MakerGame, cell: Cell) -> Option<([Cell; 6], u8)> {
    let owned_by = |player| move |c| game.owner(c) == Some(player);
    crate::snaky::shape::fullest_copy_through(cell, owned_by(Player::Breaker), owned_by(Player::Maker))
}

/// The most of Maker's stones on one Snaky copy through `cell` that holds none of Breaker's.
fn fullest_through(game: &MakerGame, cell: Cell) -> u8 {
    fullest_copy(game, cell).map_or(0, |(_, stones)| stones)
}

/// The free cells within `reach` (in x and in y) of any of Maker's stones, sorted by (x, y).
fn free_cells_near(game: &MakerGame, reach: i32) -> Vec<Cell> {
    let mut near = std::collections::BTreeSet::new();
    for stone in game.maker_cells() {
        for dx in -reach..=reach {
            for dy in -reach..=reach {
                let cell = Cell::new(stone.x + dx, stone.y + dy);
                if game.is_free(cell) {
                    near.insert((cell.x, cell.y));
                }
            }
        }
    }
    near.into_iter().map(|(x, y)| Cell::new(x, y)).collect()
}

/// How far from Maker's stones a move that makes a double threat is looked for: a finishing cell
/// lies on a copy holding five of them, so within 5; a move that makes two lies among them.
const PREPARE_REACH: i32 = 3;

/// The free cells near Maker's stones where a Maker stone would make a double threat: two or
/// more free cells that each finish a Snaky. Sorted by (x, y). With no finishing cell on the board
/// (as after a hint that makes no threat) none of them completes a Snaky itself.
pub fn double_threats_next(game: &MakerGame) -> Vec<Cell> {
    free_cells_near(game, PREPARE_REACH)
        .into_iter()
        .filter(|&cell| {
            // Maker's stones with the cell: a question about the board, whoever is to move.
            let mut maker = game.maker_cells().to_vec();
            maker.push(cell);
            crate::snaky::threats::threats(&maker, game.breaker_cells()).cells.len() >= 2
        })
        .collect()
}

/// How far from Maker's stones [`near_suggestion`] looks.
const NEAR_REACH: i32 = 2;

/// Off the proof, a move near the player's stones (newcomers #15 and #17 found the proof's fresh
/// start, far away, no help to a learner), with what claiming it does. Not proven: the hint stays
/// the proof's move. `None` when Maker has no stone yet.
///
/// Of the free cells within 2 of Maker's stones, the first by (x, y) that ranks highest by:
/// completing a Snaky; then making a double threat; then Maker's Erdős–Selfridge potential
/// through the cell, the sum over the Snaky copies through it that hold none of Breaker's stones
/// of 2^(Maker's stones on the copy). The potential favours a cell where several shapes cross,
/// the ground a double threat grows on, over the fullest single shape, which only makes a threat
/// the Breaker blocks (newcomer #25). Measured over seeded games (a Maker that takes a finishing
/// cell, else this move): it wins against Blocker in 17 moves and against Potential in 39, where
/// the fullest shape won against neither within 40.
pub fn near_suggestion(game: &MakerGame) -> Option<(Cell, HintReason)> {
    // In (x, y) order, a cell replaces the best only when it ranks higher: the first wins a tie.
    let mut best: Option<((u8, u64), Cell)> = None;
    for cell in free_cells_near(game, NEAR_REACH) {
        let rank = near_rank(game, cell);
        if best.is_none_or(|(b, _)| rank > b) {
            best = Some((rank, cell));
        }
    }
    best.map(|(_, cell)| (cell, HintReason::of(game, cell)))
}

/// How [`near_suggestion`] ranks a free cell: (2 if it completes a Snaky, 1 if it makes a double
/// threat, else 0; Maker's potential through it).
fn near_rank(game: &MakerGame, cell: Cell) -> (u8, u64) {
    let owned_by = |player| move |c| game.owner(c) == Some(player);
    let mut potential = 0;
    let mut completes = false;
    for (_, stones) in
        crate::snaky::shape::live_copies_through(cell, owned_by(Player::Breaker), owned_by(Player::Maker))
    {
        potential += 1u64 << stones;
        completes |= stones == 5;
    }
    if completes {
        return (2, potential);
    }
    let mut maker = game.maker_cells().to_vec();
    maker.push(cell);
    let double = crate::snaky::threats::threats(&maker, game.breaker_cells()).cells.len() >= 2;
    (u8::from(double), potential)
}

/// What a move made on the proof `before` did to the proven finish, `after` being the proof at
/// the player's next turn: (cost, gain), the moves it moved away (`after.within - (before.within -
/// 1)`) or came closer than promised. Off the proof (a fresh start before the move) the promise
/// stands still whatever is played: (0, 0).
pub fn measure(before: &Advice, after: &Advice) -> (u32, u32) {
    if !before.footing.on_stones() {
        return (0, 0);
    }
    let promised = before.within.saturating_sub(1);
    (after.within.saturating_sub(promised), promised.saturating_sub(after.within))
}

/// The deepest win by threats the coach looks for (threat moves before the last, double, one),
/// and the positions it may try on a turn (all depths together).
pub const THREAT_DEPTH: u32 = 5;
pub const THREAT_BUDGET: u32 = 200;

/// A proven win from a position with Maker to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Advice {
    /// Maker wins within this many more moves (counting the hinted one).
    pub within: u32,
    /// The card's pivot where it lands: the proven next move.
    pub hint: Cell,
    pub footing: Footing,
    /// The certificate the card comes from, its number, and whether the node is written inline.
    pub maker: Maker,
    pub card: u32,
    pub inline: bool,
    /// F: from the card's frame to the board (written out as `card:sXY` by the command line).
    #[serde(skip)]
    pub placement: Placement,
}

/// One node of one certificate under one symmetry, with A's cells in that orientation.
#[derive(Clone, Debug)]
struct Entry {
    source: u8,
    node: NodeId,
    symmetry: Symmetry,
    /// R(A), sorted by (x, y): the anchor is the first cell, the key the second minus the first.
    required: Box<[(i32, i32)]>,
    height: u32,
}

/// Every node of the shipped certificates, indexed to find the ones that apply to a position.
#[derive(Clone, Debug)]
pub struct Coach {
    sources: Vec<(Maker, Arc<Cards>)>,
    entries: Vec<Entry>,
    /// Entries whose A has two cells or more, by the vector from A's first cell to its second.
    by_pair: PairIndex,
    /// Entries whose A is one cell.
    singles: Vec<u32>,
    /// Nodes that require nothing (the roots), lowest first: a fresh start.
    open: Vec<(u8, NodeId)>,
}

impl Coach {
    /// The coach over the three shipped certificates, 19 first.
    pub fn shipped() -> Result<Self, CertificateError> {
        let mut sources = Vec::new();
        for maker in [Maker::Ours19, Maker::Ours, Maker::Paper] {
            sources.push((maker, maker.cards()?));
        }
        Ok(Self::new(sources))
    }

    /// The coach over these certificates; a node that appears in several is kept once (first).
    pub fn new(sources: Vec<(Maker, Arc<Cards>)>) -> Self {
        let mut entries = Vec::new();
        let mut by_pair: HashMap<(i32, i32), Vec<u32>> = HashMap::new();
        let mut singles = Vec::new();
        let mut open = Vec::new();
        let mut seen = HashSet::new();
        for (source, (_, cards)) in sources.iter().enumerate() {
            for (i, node) in cards.nodes().iter().enumerate() {
                let id = NodeId(i as u32);
                if !seen.insert((node.pivot, node.height, node.required, node.envelope)) {
                    continue;
                }
                if node.required.is_empty() {
                    open.push((source as u8, id));
                    continue;
                }
                for symmetry in Symmetry::ALL {
                    let mut required: Vec<(i32, i32)> =
                        node.required.iter().map(|c| symmetry.apply(c.x(), c.y())).collect();
                    required.sort_unstable();
                    let index = entries.len() as u32;
                    match required.get(1) {
                        Some(&(x, y)) => {
                            by_pair.entry((x - required[0].0, y - required[0].1)).or_default().push(index)
                        }
                        None => singles.push(index),
                    }
                    entries.push(Entry {
                        source: source as u8,
                        node: id,
                        symmetry,
                        required: required.into_boxed_slice(),
                        height: node.height,
                    });
                }
            }
        }
        open.sort_by_key(|&(source, id)| (sources[source as usize].1.node(id).height, source, id));
        // Lowest first (stable, so a tie keeps the order above): a search for a lower card stops
        // at the first entry no lower than the best found.
        let height = |&index: &u32| entries[index as usize].height;
        singles.sort_by_key(height);
        for list in by_pair.values_mut() {
            list.sort_by_key(height);
        }
        let by_pair = PairIndex::new(by_pair);
        Self { sources, entries, by_pair, singles, open }
    }

    /// The number of (node, symmetry) pairs indexed.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The best proof for the position, or `None` when it is not Maker's turn (or Maker has won).
    /// A card on the stones when one applies, else a fresh start.
    pub fn advise(&self, game: &MakerGame) -> Option<Advice> {
        if game.to_move() != Some(Player::Maker) {
            return None;
        }
        // The shorter of a card on the stones and a win by threats (a card when they tie).
        let threats = self.by_threats(game);
        match (self.on_stones(game), threats) {
            (Some(card), Some(threats)) if threats.within < card.within => Some(threats),
            (Some(card), _) => Some(card),
            (None, Some(threats)) => Some(threats),
            (None, None) => self.fresh_start(game),
        }
    }

    /// The shortest win by threats alone within [`THREAT_DEPTH`], trying at most
    /// [`THREAT_BUDGET`] positions: depth by depth, so the first found is the shortest.
    pub fn by_threats(&self, game: &MakerGame) -> Option<Advice> {
        let mut budget = THREAT_BUDGET;
        let (depth, hint) = (0..=THREAT_DEPTH)
            .find_map(|depth| forced_win(game, depth, &mut budget).map(|hint| (depth, hint)))?;
        let maker = self.sources.first().map_or(Maker::Ours19, |(maker, _)| *maker);
        Some(Advice {
            within: depth + 1,
            hint,
            footing: Footing::Threats,
            maker,
            card: 0,
            inline: false,
            placement: Placement::IDENTITY,
        })
    }

    /// The lowest card that builds on Maker's stones, if any.
    pub fn on_stones(&self, game: &MakerGame) -> Option<Advice> {
        let mut best: Option<(u32, u8, NodeId, Placement)> = None;
        self.each_applying(game, true, |entry, placement| {
            best = Some((entry.height, entry.source, entry.node, placement));
        });
        let (height, source, node, placement) = best?;
        let hint = self.placed_pivot(source, node, placement)?;
        Some(self.advice(height, hint, Footing::Here, source, node, placement))
    }

    /// Every cell that is the pivot of a card building on Maker's stones, with the lowest height
    /// of those cards: a proven move (whatever Breaker answers, a child card applies, SPEC §2.2).
    /// Lowest height first, ties by (x, y).
    pub fn proven_moves(&self, game: &MakerGame) -> Vec<(Cell, u32)> {
        let mut lowest: HashMap<Cell, u32> = HashMap::new();
        self.each_applying(game, false, |entry, placement| {
            if let Some(pivot) = self.placed_pivot(entry.source, entry.node, placement) {
                let height = lowest.entry(pivot).or_insert(entry.height);
                *height = (*height).min(entry.height);
            }
        });
        let mut moves: Vec<(Cell, u32)> = lowest.into_iter().collect();
        moves.sort_unstable_by_key(|&(cell, height)| (height, cell));
        moves
    }

    /// Calls `found` for each (entry, placement) that applies to the position; with
    /// `lower_only`, only for those lower than every one found before.
    fn each_applying(&self, game: &MakerGame, lower_only: bool, mut found: impl FnMut(&Entry, Placement)) {
        let maker = game.maker_cells();
        let owned = Stones::of(maker);
        let mut bound = u32::MAX;
        // Whether the lists' later entries (each list is lowest first) can still be lower.
        let mut consider = |index: u32, anchor: Cell| -> bool {
            let entry = &self.entries[index as usize];
            if lower_only && entry.height >= bound {
                return false;
            }
            let (ax, ay) = entry.required[0];
            let (Some(dx), Some(dy)) = (anchor.x.checked_sub(ax), anchor.y.checked_sub(ay)) else {
                return true;
            };
            let placement = Placement::new(entry.symmetry, dx, dy);
            if self.applies(entry, placement, &owned, game) {
                found(entry, placement);
                bound = entry.height;
            }
            true
        };
        for &m in maker {
            for &index in &self.singles {
                if !consider(index, m) {
                    break;
                }
            }
        }
        for &m0 in maker {
            for &m1 in maker {
                let d = (i64::from(m1.x) - i64::from(m0.x), i64::from(m1.y) - i64::from(m0.y));
                if let Some(list) = self.by_pair.get(d) {
                    for &index in list {
                        if !consider(index, m0) {
                            break;
                        }
                    }
                }
            }
        }
    }

    /// The lowest root placed where its envelope is clear of Breaker's stones and its pivot free:
    /// where it stands if it can, else to the right of every stone.
    pub fn fresh_start(&self, game: &MakerGame) -> Option<Advice> {
        let &(source, node_id) = self.open.first()?;
        let node = self.sources[source as usize].1.node(node_id);
        let stones = || game.maker_cells().iter().chain(game.breaker_cells());
        let clear = |placement: Placement| {
            on_board(node, placement)
                && game
                    .breaker_cells()
                    .iter()
                    .all(|&b| placement.locate(b).is_none_or(|c| !node.envelope.contains(c)))
                && self.placed_pivot(source, node_id, placement).is_some_and(|p| game.is_free(p))
        };
        // Beside every stone: to the right, or where the board ends there, left, above, below;
        // by whole steps of the root's width, so the place stays put while the stones grow
        // (newcomer #59 saw "a fresh start at (21,8)" move one cell right every turn).
        let box_ = node.bounds;
        let (right, left) = (stones().map(|c| c.x).max(), stones().map(|c| c.x).min());
        let (top, bottom) = (stones().map(|c| c.y).max(), stones().map(|c| c.y).min());
        let (wide, high) = (box_.max_x - box_.min_x + 1, box_.max_y - box_.min_y + 1);
        let beside = [
            right.and_then(|x| x.checked_sub(box_.min_x)?.checked_add(1)).map(|dx| (up_to(dx, wide), 0)),
            left.and_then(|x| x.checked_sub(box_.max_x)?.checked_sub(1)).map(|dx| (up_to(dx, wide), 0)),
            top.and_then(|y| y.checked_sub(box_.min_y)?.checked_add(1)).map(|dy| (0, up_to(dy, high))),
            bottom.and_then(|y| y.checked_sub(box_.max_y)?.checked_sub(1)).map(|dy| (0, up_to(dy, high))),
        ];
        let placement = std::iter::once(Placement::IDENTITY)
            .chain(beside.into_iter().flatten().map(|(dx, dy)| Placement::new(Symmetry::IDENTITY, dx, dy)))
            .find(|&placement| clear(placement))?;
        let hint = self.placed_pivot(source, node_id, placement)?;
        let footing = if game.maker_cells().is_empty() { Footing::Here } else { Footing::Afresh };
        Some(self.advice(node.height, hint, footing, source, node_id, placement))
    }

    /// Maker owns F(A), Breaker nothing in F(T), and F(pivot) is free.
    fn applies(&self, entry: &Entry, placement: Placement, owned: &Stones, game: &MakerGame) -> bool {
        let node = self.sources[entry.source as usize].1.node(entry.node);
        let (dx, dy) = (placement.dx, placement.dy);
        let owns = |&(x, y): &(i32, i32)| match (x.checked_add(dx), y.checked_add(dy)) {
            (Some(x), Some(y)) => owned.contains(Cell::new(x, y)),
            _ => false,
        };
        entry.required.iter().all(owns)
            && on_board(node, placement)
            && game
                .breaker_cells()
                .iter()
                .all(|&b| placement.locate(b).is_none_or(|c| !node.envelope.contains(c)))
            && self.placed_pivot(entry.source, entry.node, placement).is_some_and(|p| game.is_free(p))
    }

    fn placed_pivot(&self, source: u8, node: NodeId, placement: Placement) -> Option<Cell> {
        let pivot = self.sources[source as usize].1.node(node).pivot;
        let (x, y) = placement.symmetry.apply(pivot.x(), pivot.y());
        Some(Cell::new(x.checked_add(placement.dx)?, y.checked_add(placement.dy)?))
    }

    fn advice(
        &self,
        within: u32,
        hint: Cell,
        footing: Footing,
        source: u8,
        node: NodeId,
        placement: Placement,
    ) -> Advice {
        let (maker, cards) = &self.sources[source as usize];
        let node = cards.node(node);
        Advice { within, hint, footing, maker: *maker, card: node.card, inline: node.inline, placement }
    }
}

/// Lists of entries by the vector between the first two cells of A, in a table over every vector
/// that occurs (a card spans a few cells, so the table is small): a long game asks it for every
/// pair of Maker's stones, thousands of times a turn, and a hash map's lookups were a sixth of the
/// coach's time there.
#[derive(Clone, Debug)]
struct PairIndex {
    /// The largest |dx| or |dy| of a vector that has entries.
    reach: i64,
    /// Row-major over dy, then dx, each from -reach to reach.
    lists: Vec<Vec<u32>>,
}

impl PairIndex {
    fn new(by_pair: HashMap<(i32, i32), Vec<u32>>) -> Self {
        let reach = by_pair.keys().map(|&(dx, dy)| i64::from(dx.unsigned_abs().max(dy.unsigned_abs()))).max();
        let reach = reach.unwrap_or(0);
        let side = (2 * reach + 1) as usize;
        let mut lists = vec![Vec::new(); side * side];
        for ((dx, dy), list) in by_pair {
            lists[Self::slot(reach, i64::from(dx), i64::from(dy))] = list;
        }
        Self { reach, lists }
    }

    fn slot(reach: i64, dx: i64, dy: i64) -> usize {
        ((dy + reach) * (2 * reach + 1) + dx + reach) as usize
    }

    /// The entries whose A's first two cells differ by `(dx, dy)`; `None` when there are none.
    fn get(&self, (dx, dy): (i64, i64)) -> Option<&[u32]> {
        let inside = dx.abs() <= self.reach && dy.abs() <= self.reach;
        inside.then(|| self.lists[Self::slot(self.reach, dx, dy)].as_slice()).filter(|list| !list.is_empty())
    }
}

/// A player's stones as a bitmap over the box around them: the coach asks whether Maker owns a
/// cell hundreds of thousands of times a turn in a long game, and a hash set's lookups were most
/// of its time there.
enum Stones {
    /// One bit per cell of the box from `min`, `width` cells a row.
    Bitmap { min: (i64, i64), width: i64, height: i64, bits: Vec<u64> },
    /// Stones scattered too far apart for a bitmap over their box: the cells, sorted.
    Sorted(Vec<Cell>),
}

impl Stones {
    /// The largest box (in cells) given a bitmap: 2 MiB.
    const MAX_BITMAP_AREA: i64 = 1 << 24;

    fn of(cells: &[Cell]) -> Self {
        let xs = || cells.iter().map(|c| i64::from(c.x));
        let ys = || cells.iter().map(|c| i64::from(c.y));
        let (Some(min_x), Some(max_x), Some(min_y), Some(max_y)) =
            (xs().min(), xs().max(), ys().min(), ys().max())
        else {
            return Self::Sorted(Vec::new());
        };
        let (width, height) = (max_x - min_x + 1, max_y - min_y + 1);
        match width.checked_mul(height).filter(|&area| area <= Self::MAX_BITMAP_AREA) {
            Some(area) => {
                let mut bits = vec![0u64; (area as usize).div_ceil(64)];
                for &c in cells {
                    // Inside the box, whose area fits a usize.
                    let i = ((i64::from(c.y) - min_y) * width + i64::from(c.x) - min_x) as usize;
                    bits[i / 64] |= 1 << (i % 64);
                }
                Self::Bitmap { min: (min_x, min_y), width, height, bits }
            }
            None => {
                let mut sorted = cells.to_vec();
                sorted.sort_unstable();
                Self::Sorted(sorted)
            }
        }
    }

    /// The bit of `cell` in the bitmap, if it lies in its box.
    fn index(&self, cell: Cell) -> Option<usize> {
        let Self::Bitmap { min, width, height, .. } = self else { return None };
        let (x, y) = (i64::from(cell.x) - min.0, i64::from(cell.y) - min.1);
        ((0..*width).contains(&x) && (0..*height).contains(&y)).then(|| (y * width + x) as usize)
    }

    fn contains(&self, cell: Cell) -> bool {
        match self {
            Self::Bitmap { bits, .. } => self.index(cell).is_some_and(|i| bits[i / 64] >> (i % 64) & 1 == 1),
            Self::Sorted(cells) => cells.binary_search(&cell).is_ok(),
        }
    }
}

/// F(T) lies on the board: a card whose envelope runs past the ends of the coordinates (±2³¹)
/// would need cells no one can claim, so it proves nothing there.
fn on_board(node: &Node, placement: Placement) -> bool {
    let corners = [(node.bounds.min_x, node.bounds.min_y), (node.bounds.max_x, node.bounds.max_y)];
    corners.into_iter().all(|(x, y)| {
        let (x, y) = placement.symmetry.apply(x, y);
        x.checked_add(placement.dx).is_some() && y.checked_add(placement.dy).is_some()
    })
}

/// `shift` moved away from 0 to a whole number of `step`s (a shift of 0 stays 0), saturating at
/// the ends of `i32`.
fn up_to(shift: i32, step: i32) -> i32 {
    let step = step.max(1);
    let steps = i64::from(shift).unsigned_abs().div_ceil(step.unsigned_abs().into());
    let away = (steps * u64::from(step.unsigned_abs())).min(i32::MAX as u64) as i32;
    if shift < 0 { -away } else { away }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn coach() -> Coach {
        Coach::shipped().expect("the shipped certificates")
    }

    /// The stones' bitmap answers as a set of the same cells does: over its box, around it, and
    /// for stones too far apart for a bitmap (the sorted cells then).
    #[test]
    fn the_stones_bitmap_holds_exactly_its_stones() {
        let near: Vec<Cell> = (0..40).map(|i| Cell::new((i * 7) % 13 - 3, (i * 5) % 11 + 2)).collect();
        let far = vec![Cell::new(i32::MIN, 0), Cell::new(i32::MAX, i32::MAX), Cell::new(5, -7)];
        for cells in [near, far, Vec::new()] {
            let stones = Stones::of(&cells);
            let set: HashSet<Cell> = cells.iter().copied().collect();
            let probes = cells.iter().flat_map(|c| {
                [(0, 0), (1, 0), (-1, 0), (0, 1), (0, -1), (20, 3)]
                    .map(|(dx, dy)| Cell::new(c.x.wrapping_add(dx), c.y.wrapping_add(dy)))
            });
            for probe in probes.chain([Cell::new(0, 0), Cell::new(-100, 100)]) {
                assert_eq!(stones.contains(probe), set.contains(&probe), "{probe:?} of {cells:?}");
            }
        }
    }

    /// The table of pairs gives each vector's list as the map it was built from, and none for a
    /// vector without entries or beyond its reach.
    #[test]
    fn the_pair_table_gives_each_vectors_list() {
        let map: HashMap<(i32, i32), Vec<u32>> =
            [((0, 1), vec![3, 4]), ((2, -3), vec![7]), ((-1, 0), vec![9])].into();
        let table = PairIndex::new(map.clone());
        for dx in -5..=5 {
            for dy in -5..=5 {
                let expected = map.get(&(dx as i32, dy as i32)).map(Vec::as_slice);
                assert_eq!(table.get((dx, dy)), expected, "({dx},{dy})");
            }
        }
        assert_eq!(table.get((i64::from(i32::MAX), 0)), None);
    }

    /// Every cell of F(T) exists (no coordinate past ±2³¹): the card can be played out.
    fn placed_on_board(coach: &Coach, game: &MakerGame, advice: &Advice) -> bool {
        let cards = advice.maker.cards().expect("shipped");
        let node = cards.nodes().iter().find(|n| n.card == advice.card && n.height == advice.within);
        node.is_some_and(|node| on_board(node, advice.placement)) && coach.advise(game).is_some()
    }

    #[test]
    fn no_card_is_offered_whose_envelope_runs_past_the_end_of_the_board() {
        let coach = coach();
        // A lone Maker stone in the board's corner: a card anchored there would reach past it.
        let corner = Cell::new(i32::MAX, i32::MAX);
        let game = MakerGame::from_moves(&[corner], &[Cell::new(i32::MIN, i32::MIN)]).expect("legal");
        let advice = coach.advise(&game).expect("Maker to move");
        assert!(placed_on_board(&coach, &game, &advice), "{advice:?}");
    }

    #[test]
    fn a_fresh_start_goes_left_where_the_board_ends_on_the_right() {
        let coach = coach();
        // Breaker blocks the root where it stands; Maker's stone is at the right end of the board.
        let game = MakerGame::from_moves(&[Cell::new(i32::MAX, 0)], &[Cell::new(8, 8)]).expect("legal");
        let advice = coach.advise(&game).expect("a fresh start to the left");
        assert_eq!((advice.footing, advice.within), (Footing::Afresh, 19));
        assert!(advice.hint.x < 8, "{advice:?}");
        assert!(placed_on_board(&coach, &game, &advice));
    }

    /// A fresh start moves by the root's width, not a cell at a time, as the stones grow toward
    /// it: over a row of Maker stones grown one by one to the right, the hinted cell changes at
    /// most once per root width, and never lands on or left of a stone.
    #[test]
    fn a_fresh_start_stays_put_while_the_stones_grow_toward_it() {
        let coach = coach();
        let mut maker = Vec::new();
        let mut hints = Vec::new();
        for x in 0..12 {
            maker.push(Cell::new(x, 20));
            // Breaker blocks the root where it stands, then plays far to the left and below.
            let breaker: Vec<Cell> = [Cell::new(8, 8)]
                .into_iter()
                .chain((0..).map(|i| Cell::new(-30 - i, -40)))
                .take(maker.len())
                .collect();
            let game = MakerGame::from_moves(&maker, &breaker).expect("legal");
            let advice = coach.fresh_start(&game).expect("a fresh start");
            assert!(advice.hint.x > x, "{advice:?} beside stones up to x = {x}");
            hints.push(advice.hint);
        }
        hints.dedup();
        assert!(hints.len() <= 3, "the fresh start moved {} times in 12 stones: {hints:?}", hints.len() - 1);
    }

    #[test]
    fn a_shift_rounds_away_from_zero_to_whole_steps() {
        assert_eq!([up_to(0, 13), up_to(1, 13), up_to(13, 13), up_to(14, 13)], [0, 13, 13, 26]);
        assert_eq!([up_to(-1, 13), up_to(-13, 13), up_to(-14, 13)], [-13, -13, -26]);
        assert_eq!(up_to(i32::MAX, 13), i32::MAX);
        assert_eq!(up_to(i32::MIN, 13), -i32::MAX);
    }
}
