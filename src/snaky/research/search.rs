//! A proof search for shorter Makers: new combination cards on top of the paper's library.
//!
//! The search plays Maker from the empty board with a budget of k Maker moves. A position (Maker's
//! stones M, Breaker's stones B, Maker to move) is *proved* by a placed card (A, T, h) with A ⊆ M,
//! T ∩ B = ∅ and h ≤ k:
//!
//! - a base card placed on a copy of Snaky with five Maker stones and no Breaker stone (win in 1);
//! - a card of the paper's certificate from Maker's *hand*: every placed paper card the position
//!   satisfies, tracked move by move from the root claim (the plan of SPEC §2.4 and all its
//!   siblings);
//! - a card this search found earlier (its library);
//! - otherwise a new combination card: Maker plays the pivot of a hand card, and every Breaker
//!   reply — one outside all envelopes, then each empty cell still in every child's envelope — is
//!   proved with one move less. The children become the card's children, so the result needs no
//!   trust in the search: the combination rule (SPEC §2.2) and the verifier check each card.
//!
//! Everything is deterministic: cells are tried in index order, hand cards by height, then by the
//! plan's order, and the same run writes the same certificate.

use std::cmp::Reverse;
use std::collections::{HashMap, HashSet};
use std::time::{Duration, Instant};

use crate::snaky::card::{Cards, NodeId};
use crate::snaky::cell::{FRAME, FrameCell, PAPER_BOARD as BOARD};
use crate::snaky::cell_set::{Bounds, CellSet};
use crate::snaky::certificate::Certificate;
use crate::snaky::errors::WriteError;
use crate::snaky::notation::{CardLine, ChildSyntax, NodeSyntax, symbol, write_line};
use crate::snaky::placement::{Placement, Symmetry};
use crate::snaky::policy::Claim;
use crate::snaky::shape::SNAKY;

mod pn;

/// What the search looks for and how far it may go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchConfig {
    /// The height the new root card must reach (Maker wins within this many moves).
    pub target: u8,
    /// Give up on a position whose best hand card is taller than its budget by more than this.
    pub slack: u8,
    /// Hand cards (with distinct pivots) tried as Maker's move at one position.
    pub breadth: usize,
    /// Stop after this many positions (a budget, not a proof of anything).
    pub max_positions: u64,
    /// With this many Maker moves left or fewer, moves that make a threat are tried too.
    pub threats: u8,
    /// If not 0, Maker also tries cells within this distance of its stones (up to `breadth`).
    pub near: u8,
    /// Find the cards a position satisfies incrementally: after Maker's move p, only the
    /// placements whose A contains p are looked for (the others were found one move earlier and
    /// came down in the hand). Off for `--out` runs, which keep the first search's order.
    pub incremental: bool,
    /// Give up on a position whose image under a symmetry and a translation was given up (a
    /// pruning keyed on canonical positions). Off for `--out` runs.
    pub canonical: bool,
    /// If not 0: below this many Maker moves from the start, Maker tries `deep_breadth` and
    /// `deep_near` instead of `breadth` and `near` (wide near the root, narrower deep down).
    pub deep_after: u8,
    pub deep_breadth: usize,
    pub deep_near: u8,
    /// Proof-number search (`search/pn.rs`) instead of depth-first: the same positions and
    /// moves, the most proving position expanded first.
    pub proof_numbers: bool,
}

impl SearchConfig {
    /// The settings `snaky search --target N` starts from.
    pub fn for_target(target: u8) -> Self {
        let slack = 21u8.saturating_sub(target).max(1);
        Self {
            target,
            slack,
            breadth: 4,
            max_positions: 2_000_000_000,
            threats: 0,
            near: 0,
            incremental: false,
            canonical: false,
            deep_after: 0,
            deep_breadth: 4,
            deep_near: 0,
            proof_numbers: false,
        }
    }
}

/// A card the search can use as a child, placed on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CardRef {
    /// Base card `card` (0..5) under `placement`: a win in 1.
    Base { card: u32, placement: Placement },
    /// A node of the paper's certificate (a line's card or an inline node) under `placement`.
    Paper(Claim),
    /// The search's own card with this index in [`Search::library`], in board coordinates.
    New(usize),
}

/// A combination card found by the search, in board coordinates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewCard {
    pub pivot: FrameCell,
    pub children: Vec<CardRef>,
    pub required: CellSet,
    pub envelope: CellSet,
    pub height: u32,
}

/// Counters for the progress bar and the summary.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Maker-to-move positions visited.
    pub positions: u64,
    /// Positions proved by a new combination card.
    pub proved: u64,
    /// Positions proved by a card already known (hand, library or win in 1).
    pub known: u64,
    /// Positions given up.
    pub failed: u64,
    /// Maker moves on the current line, and the most seen.
    pub depth: u32,
    pub max_depth: u32,
}

/// Why a search ended without a root card.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SearchError {
    #[error("no proof of {target} Maker moves within the moves the search considers ({positions} positions)")]
    Refuted { target: u8, positions: u64 },
    #[error("out of budget after {positions} positions without a proof of {target}")]
    OutOfBudget { target: u8, positions: u64 },
}

/// Why a checkpoint card cannot join the library.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RestoreError {
    #[error("the pivot lies off the 17×17 board")]
    OffBoard,
    #[error("a combination card needs at least one child")]
    NoChildren,
    #[error("a child is not a card on the board (unknown card, node, or a later card)")]
    BadChild,
    #[error("the children give {computed}, the file says {stated}")]
    Stated { computed: CardNumbers, stated: CardNumbers },
}

/// A card's height and the sizes of its required set and envelope, as a checkpoint states them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CardNumbers {
    pub height: u32,
    pub required: usize,
    pub envelope: usize,
}

impl std::fmt::Display for CardNumbers {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "h{} a{} t{}", self.height, self.required, self.envelope)
    }
}

/// A copy of Snaky inside the frame: its cells, as a base-card placement.
struct Copy {
    cells: CellSet,
    placement: Placement,
    /// The six cells in the order of S (so that the missing one names the base card).
    order: [FrameCell; 6],
}

/// Half the side of the grid of offsets a pattern keeps: the search stays on the paper's 17×17
/// board, where every paper card lies.
const REACH: i32 = BOARD - 1;
const GRID: i32 = 2 * REACH + 1;

/// A paper card under one symmetry, with its cells as offsets from its first required cell, for
/// finding every placement that a position satisfies.
struct Pattern {
    node: NodeId,
    symmetry: Symmetry,
    /// R(a₀): where the first required cell lands before translation.
    anchor: (i32, i32),
    /// R(a) − R(a₀) for the other required cells.
    required: Vec<(i32, i32)>,
    /// R(c) − R(a₀) for every envelope cell, one bit per offset of a GRID × GRID square.
    envelope: Vec<u64>,
    height: u32,
}

impl Pattern {
    fn bit(dx: i32, dy: i32) -> Option<usize> {
        (dx.abs() <= REACH && dy.abs() <= REACH).then(|| ((dy + REACH) * GRID + dx + REACH) as usize)
    }

    fn covers(&self, dx: i32, dy: i32) -> bool {
        Self::bit(dx, dy).is_some_and(|i| self.envelope[i / 64] >> (i % 64) & 1 == 1)
    }

    /// This card with its anchor on (mx, my), if the position satisfies it there: every required
    /// cell on the board and Maker's, no Breaker stone in the envelope.
    fn placed_at(&self, mx: i32, my: i32, position: &Position, breaker: &[FrameCell]) -> Option<Claim> {
        let required = self.required.iter().all(|&(dx, dy)| {
            FrameCell::new(mx + dx, my + dy).is_some_and(|cell| position.maker.contains(cell))
        });
        if !required || breaker.iter().any(|b| self.covers(b.x() - mx, b.y() - my)) {
            return None;
        }
        let placement = Placement::new(self.symmetry, mx - self.anchor.0, my - self.anchor.1);
        Some(Claim { node: self.node, placement })
    }
}

/// The search's state: the paper's cards, what it found, and its caches.
pub struct Search<'a> {
    cards: &'a Cards,
    config: SearchConfig,
    library: Vec<NewCard>,
    /// The library's cards by the first cell of A (cards with A = ∅ under `None`), so that a
    /// position looks only at cards anchored on its Maker stones.
    by_anchor: HashMap<Option<FrameCell>, Vec<usize>>,
    /// The library's cards with two or more required cells under each symmetry s, by the offset
    /// from the first to the second cell of s(A) in index order: (card, s, s(first cell)).
    by_shape: HashMap<(i32, i32), Vec<Shaped>>,
    /// Library cards already copied under a placement (card, F) → the copy.
    moved: HashMap<(usize, Placement), usize>,
    copies: Vec<Copy>,
    /// The copies through each frame cell (indices into `copies`).
    copies_at: Vec<Vec<u32>>,
    /// Every line card of the paper under each symmetry, by height.
    patterns: Vec<Pattern>,

    placed: HashMap<Claim, Option<(CellSet, CellSet)>>,
    /// Positions given up, by a 64-bit digest of (M, B, budget): a collision can only make the
    /// search skip a position, never accept a wrong card.
    failed: HashSet<u64>,
    stats: SearchStats,
    started: Instant,
    last_report: Instant,
    report: Box<Progress<'a>>,
    out_of_budget: bool,
    /// Called with every card the search proves, as it is proved (the checkpoint's writer).
    sink: Option<Box<CardSink<'a>>>,
    /// If set, the caches (`placed`, `failed`) are emptied whenever the process's resident
    /// memory exceeds this many bytes: they only save work, so nothing proved is lost.
    memory_cap: Option<u64>,
    /// If on, why each position given up failed, by the same digest as `failed` (for
    /// [`Search::refutation`]).
    trace: Option<HashMap<u64, Failure>>,
    /// Whether the paper's cards join the hand ([`Search::without_paper`] turns them off).
    paper: bool,
}

/// Why a position was given up (recorded when tracing).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// No move tried: one Maker move or none left, or the lowest hand card (if any) is taller
    /// than the budget plus the slack.
    Pruned { budget: u32, lowest: Option<u32> },
    /// Every Maker move tried, each with the Breaker reply that defeated it (`None`: a reply
    /// outside every envelope).
    Moves(Vec<(FrameCell, Option<FrameCell>)>),
    /// Given up because the same position, or (in the hunt) its image under a symmetry and a
    /// translation, was given up before (on another line).
    Seen,
}

/// One step of a refutation: Maker's moves tried and Breaker's answers, the first one followed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefutationStep {
    pub budget: u32,
    pub failure: Option<Failure>,
}

/// The checkpoint callback: the library index of a new card and the card.
type CardSink<'a> = dyn FnMut(usize, &NewCard) + 'a;

/// The fewest Maker moves left at which the hunt looks for library cards under a symmetry.
const MOVED_MIN_BUDGET: u32 = 6;

/// A library card under a symmetry: (card, s, s(first required cell)).
type Shaped = (u32, Symmetry, (i32, i32));

/// The progress callback: counters, time so far, new cards found.
type Progress<'a> = dyn FnMut(&SearchStats, Duration, usize) + 'a;

/// What one visit of a position found ([`Search::examine`]).
enum Examined {
    Proved(CardRef),
    /// Given up without a move (already counted as failed).
    Dead,
    /// The hand the position holds and Maker's moves to try, best first.
    Moves {
        hand: Vec<Claim>,
        pivots: Vec<FrameCell>,
    },
}

/// A position with Maker to move.
#[derive(Clone, Copy)]
struct Position {
    maker: CellSet,
    breaker: CellSet,
    budget: u32,
    /// Maker's stone played since the hand last took in every card the position satisfied.
    fresh: Option<FrameCell>,
}

impl<'a> Search<'a> {
    /// A search over `cards` (the paper's); `report` is called about once a second.
    pub fn new(
        cards: &'a Cards,
        config: SearchConfig,
        report: impl FnMut(&SearchStats, Duration, usize) + 'a,
    ) -> Self {
        let mut copies = Vec::new();
        for symmetry in Symmetry::ALL {
            for dy in -4..BOARD + 4 {
                for dx in -4..BOARD + 4 {
                    let placement = Placement::new(symmetry, dx, dy);
                    let order: Option<Vec<FrameCell>> = SNAKY
                        .iter()
                        .map(|&s| board_cell(placement.apply(s).x, placement.apply(s).y))
                        .collect();
                    if let Some(order) = order {
                        let order: [FrameCell; 6] = std::array::from_fn(|i| order[i]);
                        copies.push(Copy { cells: order.iter().copied().collect(), placement, order });
                    }
                }
            }
        }
        let mut copies_at = vec![Vec::new(); (FRAME * FRAME) as usize];
        for (i, copy) in copies.iter().enumerate() {
            for cell in copy.order {
                copies_at[cell.index()].push(i as u32);
            }
        }
        let now = Instant::now();
        let patterns = patterns(cards);
        Self {
            cards,
            config,
            library: Vec::new(),
            by_anchor: HashMap::new(),
            by_shape: HashMap::new(),
            moved: HashMap::new(),
            patterns,
            copies,
            copies_at,
            placed: HashMap::new(),
            failed: HashSet::new(),
            stats: SearchStats::default(),
            started: now,
            last_report: now,
            report: Box::new(report),
            out_of_budget: false,
            sink: None,
            memory_cap: None,
            trace: None,
            paper: true,
        }
    }

    /// The same search without the paper's cards: no hand, so Maker's moves are only the cells
    /// near its stones (`near`) and the threat moves (`threats`), and a position is given up when
    /// no copy of Snaky free of Breaker stones can be completed within the budget (an exact bound,
    /// not the paper's heights). Cards are built from the base cards (wins in 1) and the library.
    pub fn without_paper(mut self) -> Self {
        self.patterns.clear();
        self.paper = false;
        self
    }

    /// Records why each position fails from now on (memory grows with the positions given up).
    pub fn set_trace(&mut self, on: bool) {
        self.trace = on.then(HashMap::new);
    }

    /// The line that refutes a position the search gave up: at each step Maker's moves tried
    /// and the reply that defeated each; the line follows the first move and its reply, until a
    /// position that was pruned (or not traced). Empty unless tracing was on.
    pub fn refutation(&self, maker: CellSet, breaker: CellSet, budget: u32) -> Vec<RefutationStep> {
        let Some(trace) = &self.trace else { return Vec::new() };
        let mut steps = Vec::new();
        let mut position = Position { maker, breaker, budget, fresh: None };
        loop {
            let failure = trace.get(&digest(&position)).cloned();
            let next = match &failure {
                Some(Failure::Moves(moves)) => moves.first().copied(),
                _ => None,
            };
            steps.push(RefutationStep { budget: position.budget, failure });
            let Some((pivot, reply)) = next else { break };
            position.maker.insert(pivot);
            if let Some(reply) = reply {
                position.breaker.insert(reply);
            }
            position.budget -= 1;
            if position.budget == 0 {
                break;
            }
        }
        steps
    }

    /// Every card proved from now on is handed to `sink` as soon as it is proved.
    pub fn set_card_sink(&mut self, sink: impl FnMut(usize, &NewCard) + 'a) {
        self.sink = Some(Box::new(sink));
    }

    /// Empty the caches whenever resident memory exceeds `bytes`.
    pub fn set_memory_cap(&mut self, bytes: u64) {
        self.memory_cap = Some(bytes);
    }

    /// New settings for the next [`Search::prove_position`]: counters and the position budget
    /// start again, and positions given up under the old settings may be tried again.
    pub fn reconfigure(&mut self, config: SearchConfig) {
        self.config = config;
        self.stats = SearchStats::default();
        self.out_of_budget = false;
        self.failed.clear();
        if let Some(trace) = self.trace.as_mut() {
            trace.clear();
        }
    }

    pub fn config(&self) -> SearchConfig {
        self.config
    }

    pub fn cards(&self) -> &'a Cards {
        self.cards
    }

    /// Whether the last proof attempt stopped at `max_positions` (rather than being refuted).
    pub fn out_of_budget(&self) -> bool {
        self.out_of_budget
    }

    /// Adds a card to the library by the combination rule, checking every reference first
    /// (checkpoint cards read back from a file). The card's (A, T, h) is recomputed from its
    /// children, so a card read back is valid whatever the file claimed; a card whose (h, |A|,
    /// |T|) differ from `stated` does not join. Not handed to the sink.
    pub fn restore(
        &mut self,
        pivot: FrameCell,
        children: Vec<CardRef>,
        stated: CardNumbers,
    ) -> Result<usize, RestoreError> {
        if board_cell(pivot.x(), pivot.y()).is_none() {
            return Err(RestoreError::OffBoard);
        }
        if children.is_empty() {
            return Err(RestoreError::NoChildren);
        }
        for &child in &children {
            match child {
                CardRef::Base { card, placement } => {
                    let on_board = SNAKY.iter().all(|&s| {
                        let c = placement.apply(s);
                        board_cell(c.x, c.y).is_some()
                    });
                    if card >= crate::snaky::certificate::BASE_CARDS || !on_board {
                        return Err(RestoreError::BadChild);
                    }
                }
                CardRef::Paper(claim) => {
                    if claim.node.0 as usize >= self.cards.nodes().len() || self.claim_sets(claim).is_none() {
                        return Err(RestoreError::BadChild);
                    }
                }
                CardRef::New(i) => {
                    if i >= self.library.len() {
                        return Err(RestoreError::BadChild);
                    }
                }
            }
        }
        let (required, envelope, height) = self.combined(pivot, &children);
        let computed = CardNumbers { height, required: required.len(), envelope: envelope.len() };
        if computed != stated {
            return Err(RestoreError::Stated { computed, stated });
        }
        let sink = self.sink.take();
        let proved = self.stats.proved;
        let card = self.combine(pivot, children);
        self.stats.proved = proved;
        self.sink = sink;
        match card {
            CardRef::New(i) => Ok(i),
            _ => Err(RestoreError::BadChild),
        }
    }

    /// The paper claims Maker holds after opening at the root's pivot and Breaker's reply
    /// (`None`: a reply outside every envelope): the root's children that survive it.
    pub fn opening_hand(&mut self, reply: Option<FrameCell>) -> Vec<Claim> {
        let root = Claim::start(self.cards);
        let Some(pivot) = root.placement.apply_in_frame(self.cards.node(root.node).pivot) else {
            return Vec::new();
        };
        self.hand_after(&[root], pivot, reply)
    }

    /// Proves one Maker-to-move position within `budget` Maker moves, from the given hand.
    pub fn prove_position(
        &mut self,
        maker: CellSet,
        breaker: CellSet,
        budget: u32,
        hand: &[Claim],
    ) -> Option<CardRef> {
        let found = self.prove_root(Position { maker, breaker, budget, fresh: None }, hand);
        (self.report)(&self.stats, self.started.elapsed(), self.library.len());
        found
    }

    /// The lowest line card of the paper that proves the position within `budget` (placed under
    /// any symmetry and translation), if one does.
    pub fn paper_proof(&mut self, maker: CellSet, breaker: CellSet, budget: u32) -> Option<Claim> {
        let position = Position { maker, breaker, budget, fresh: None };
        self.full_hand(&position, budget).into_iter().next()
    }

    pub fn library(&self) -> &[NewCard] {
        &self.library
    }

    pub fn stats(&self) -> SearchStats {
        self.stats
    }

    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// Runs the search from the empty board; on success the returned card is the new root.
    pub fn run(&mut self) -> Result<usize, SearchError> {
        let start = Position {
            maker: CellSet::EMPTY,
            breaker: CellSet::EMPTY,
            budget: u32::from(self.config.target),
            fresh: None,
        };
        let root = Claim::start(self.cards);
        let found = self.prove_root(start, &[root]);
        (self.report)(&self.stats, self.started.elapsed(), self.library.len());
        match found {
            Some(CardRef::New(index)) if self.library[index].required.is_empty() => Ok(index),
            _ if self.out_of_budget => {
                Err(SearchError::OutOfBudget { target: self.config.target, positions: self.stats.positions })
            }
            _ => Err(SearchError::Refuted { target: self.config.target, positions: self.stats.positions }),
        }
    }

    /// The placed (A, T) of a paper claim, if it lies on the board.
    fn claim_sets(&mut self, claim: Claim) -> Option<(CellSet, CellSet)> {
        let cards = self.cards;
        *self.placed.entry(claim).or_insert_with(|| {
            let node = cards.node(claim.node);
            let bounds = node.bounds.placed(claim.placement);
            if bounds.min_x < 0 || bounds.min_y < 0 || bounds.max_x >= BOARD || bounds.max_y >= BOARD {
                return None;
            }
            let envelope = node.envelope.placed(node.bounds, claim.placement)?;
            let required = node.required.placed(node.bounds, claim.placement)?;
            Some((required, envelope))
        })
    }

    /// (A, T, h) of any card reference, in board coordinates.
    pub fn sets(&mut self, card: CardRef) -> (CellSet, CellSet, u32) {
        match card {
            CardRef::Base { card, placement } => {
                let cells: CellSet = SNAKY
                    .iter()
                    .filter_map(|&s| FrameCell::new(placement.apply(s).x, placement.apply(s).y))
                    .collect();
                let mut required = cells;
                let missing = placement.apply(SNAKY[card as usize]);
                if let Some(missing) = FrameCell::new(missing.x, missing.y) {
                    required.remove(missing);
                }
                (required, cells, 1)
            }
            CardRef::Paper(claim) => {
                let (required, envelope) = self.claim_sets(claim).unwrap_or_default();
                (required, envelope, self.cards.node(claim.node).height)
            }
            CardRef::New(index) => {
                let card = &self.library[index];
                (card.required, card.envelope, card.height)
            }
        }
    }

    /// The fewest Maker stones still missing from a copy of Snaky through Maker's stones and
    /// free of Breaker stones (6 when there is none: a copy elsewhere needs all six).
    fn moves_needed(&self, position: &Position) -> u32 {
        let mut most = 0;
        for m in position.maker.iter() {
            for &i in &self.copies_at[m.index()] {
                let copy = &self.copies[i as usize];
                if copy.cells.is_disjoint(&position.breaker) {
                    most = most.max(copy.cells.intersection(&position.maker).len() as u32);
                }
            }
        }
        6 - most
    }

    /// A copy with five Maker stones and no Breaker stone: Maker completes it now.
    fn win_in_one(&self, position: &Position) -> Option<CardRef> {
        let mut best: Option<u32> = None;
        for m in position.maker.iter() {
            for &i in &self.copies_at[m.index()] {
                let copy = &self.copies[i as usize];
                if copy.cells.intersection(&position.maker).len() == 5
                    && copy.cells.is_disjoint(&position.breaker)
                {
                    best = Some(best.map_or(i, |b| b.min(i)));
                }
            }
        }
        let copy = &self.copies[best? as usize];
        let missing = copy.order.iter().position(|c| !position.maker.contains(*c))?;
        Some(CardRef::Base { card: missing as u32, placement: copy.placement })
    }

    /// Every placement of a paper line card no taller than `max_height` that the position
    /// satisfies (A ⊆ M, T ∩ B = ∅, T inside the frame), lowest first.
    fn full_hand(&mut self, position: &Position, max_height: u32) -> Vec<Claim> {
        let mut found = Vec::new();
        let maker: Vec<FrameCell> = position.maker.iter().collect();
        let breaker: Vec<FrameCell> = position.breaker.iter().collect();
        for pattern in &self.patterns {
            if pattern.height > max_height {
                break;
            }
            found.extend(maker.iter().filter_map(|m| pattern.placed_at(m.x(), m.y(), position, &breaker)));
        }
        found.retain(|&claim| self.claim_sets(claim).is_some());
        found
    }

    /// The placements of paper line cards no taller than `max_height` that the position satisfies
    /// and whose A contains `fresh` (Maker's last stone), lowest first.
    fn fresh_hand(&mut self, position: &Position, fresh: FrameCell, max_height: u32) -> Vec<Claim> {
        let mut found = Vec::new();
        let breaker: Vec<FrameCell> = position.breaker.iter().collect();
        for pattern in &self.patterns {
            if pattern.height > max_height {
                break;
            }
            // `fresh` is the anchor itself, or the required cell at offset (dx, dy) from it.
            let anchors = std::iter::once((0, 0)).chain(pattern.required.iter().copied());
            for (ox, oy) in anchors {
                let (mx, my) = (fresh.x() - ox, fresh.y() - oy);
                match FrameCell::new(mx, my) {
                    Some(cell) if position.maker.contains(cell) => {}
                    _ => continue,
                }
                found.extend(pattern.placed_at(mx, my, position, &breaker));
            }
        }
        found.retain(|&claim| self.claim_sets(claim).is_some());
        found
    }

    /// Empty frame cells within `near` of a Maker stone, by the most Maker stones a live copy
    /// through them already holds, then by how many live copies pass through them.
    fn near_moves(&self, position: &Position, near: u8, breadth: usize) -> Vec<FrameCell> {
        let r = i32::from(near);
        // Sorted by (most Maker stones, most live copies) descending, then by cell.
        let mut scored: Vec<(Reverse<u32>, Reverse<u32>, FrameCell)> = Vec::new();
        let occupied = position.maker.union(&position.breaker);
        let mut done = CellSet::EMPTY;
        for m in position.maker.iter() {
            for dy in -r..=r {
                for dx in -r..=r {
                    let Some(cell) = board_cell(m.x() + dx, m.y() + dy) else { continue };
                    if occupied.contains(cell) || done.contains(cell) {
                        continue;
                    }
                    done.insert(cell);
                    let (mut best, mut live) = (0, 0);
                    for &i in &self.copies_at[cell.index()] {
                        let copy = &self.copies[i as usize];
                        if copy.cells.is_disjoint(&position.breaker) {
                            live += 1;
                            best = best.max(copy.cells.intersection(&position.maker).len() as u32);
                        }
                    }
                    if live > 0 {
                        scored.push((Reverse(best), Reverse(live), cell));
                    }
                }
            }
        }
        scored.sort();
        scored.into_iter().map(|(_, _, cell)| cell).take(breadth).collect()
    }

    /// Empty cells that give some copy free of Breaker stones its fifth Maker stone, the cells
    /// that make the most such threats first (ties in index order).
    fn threat_moves(&self, position: &Position) -> Vec<FrameCell> {
        let mut counts: HashMap<FrameCell, u32> = HashMap::new();
        let mut seen: HashSet<u32> = HashSet::new();
        for m in position.maker.iter() {
            for &i in &self.copies_at[m.index()] {
                if !seen.insert(i) {
                    continue;
                }
                let copy = &self.copies[i as usize];
                if copy.cells.intersection(&position.maker).len() == 4
                    && copy.cells.is_disjoint(&position.breaker)
                {
                    for cell in copy.cells.difference(&position.maker).iter() {
                        *counts.entry(cell).or_default() += 1;
                    }
                }
            }
        }
        let mut moves: Vec<(FrameCell, u32)> = counts.into_iter().collect();
        moves.sort_by_key(|&(cell, n)| (Reverse(n), cell));
        moves.into_iter().map(|(cell, _)| cell).collect()
    }

    /// The smallest-height card of the library that proves the position.
    fn library_card(&self, position: &Position) -> Option<CardRef> {
        let anchors = std::iter::once(None).chain(position.maker.iter().map(Some));
        anchors
            .filter_map(|anchor| self.by_anchor.get(&anchor))
            .flatten()
            .map(|&i| (i, &self.library[i]))
            .filter(|(_, c)| {
                c.height <= position.budget
                    && c.required.is_subset(&position.maker)
                    && c.envelope.is_disjoint(&position.breaker)
            })
            .min_by_key(|(i, c)| (c.height, c.envelope.len(), *i))
            .map(|(i, _)| CardRef::New(i))
    }

    /// The lowest library card that proves the position under some symmetry and translation
    /// (other than its own placement), copied onto the board with everything it uses.
    fn moved_library_card(&mut self, position: &Position) -> Option<CardRef> {
        let maker: Vec<FrameCell> = position.maker.iter().collect();
        let mut best: Option<(u32, usize, Placement)> = None;
        for (i, &m1) in maker.iter().enumerate() {
            for &m2 in &maker[i + 1..] {
                let Some(list) = self.by_shape.get(&(m2.x() - m1.x(), m2.y() - m1.y())) else { continue };
                for &(index, symmetry, a0) in list {
                    let card = &self.library[index as usize];
                    if card.height > position.budget || best.is_some_and(|(h, _, _)| card.height >= h) {
                        break;
                    }
                    let placement = Placement::new(symmetry, m1.x() - a0.0, m1.y() - a0.1);
                    if placement == Placement::IDENTITY {
                        continue;
                    }
                    let fits = card
                        .required
                        .iter()
                        .all(|c| placement.apply_in_frame(c).is_some_and(|p| position.maker.contains(p)));
                    if !fits {
                        continue;
                    }
                    // No Breaker stone in F(T): F⁻¹(b) ∉ T for each b (cheaper than placing T).
                    let inverse = placement.inverse();
                    let blocked = position
                        .breaker
                        .iter()
                        .any(|b| inverse.apply_in_frame(b).is_some_and(|c| card.envelope.contains(c)));
                    if blocked {
                        continue;
                    }
                    let Some(bounds) = Bounds::of(&card.envelope) else { continue };
                    let placed = bounds.placed(placement);
                    if placed.min_x < 0 || placed.min_y < 0 || placed.max_x >= BOARD || placed.max_y >= BOARD
                    {
                        continue;
                    }
                    best = Some((card.height, index as usize, placement));
                }
            }
        }
        let (_, index, placement) = best?;
        self.materialize(index, placement).map(CardRef::New)
    }

    /// Library card `index` under `placement`, as a library card of its own (its children moved
    /// too, each once); `None` if some part would leave the board.
    pub fn materialize(&mut self, index: usize, placement: Placement) -> Option<usize> {
        if placement == Placement::IDENTITY {
            return Some(index);
        }
        if let Some(&copy) = self.moved.get(&(index, placement)) {
            return Some(copy);
        }
        let card = self.library.get(index)?.clone();
        let pivot = placement.apply_in_frame(card.pivot).filter(|p| board_cell(p.x(), p.y()).is_some())?;
        let mut children = Vec::with_capacity(card.children.len());
        for child in card.children {
            children.push(match child {
                CardRef::Base { card, placement: g } => {
                    let f = placement.compose(g);
                    let on_board = SNAKY.iter().all(|&s| {
                        let c = f.apply(s);
                        board_cell(c.x, c.y).is_some()
                    });
                    if !on_board {
                        return None;
                    }
                    CardRef::Base { card, placement: f }
                }
                CardRef::Paper(claim) => {
                    let moved = Claim { node: claim.node, placement: placement.compose(claim.placement) };
                    self.claim_sets(moved)?;
                    CardRef::Paper(moved)
                }
                CardRef::New(j) => CardRef::New(self.materialize(j, placement)?),
            });
        }
        let CardRef::New(copy) = self.combine(pivot, children) else { return None };
        self.moved.insert((index, placement), copy);
        Some(copy)
    }

    fn tick(&mut self) {
        self.stats.positions += 1;
        if self.stats.positions.is_multiple_of(1 << 16) && self.over_memory_cap() {
            self.empty_caches();
        }
        if self.stats.positions >= self.config.max_positions {
            self.out_of_budget = true;
        }
        if self.stats.positions.is_multiple_of(256) && self.last_report.elapsed() >= Duration::from_secs(1) {
            self.last_report = Instant::now();
            (self.report)(&self.stats, self.started.elapsed(), self.library.len());
        }
    }

    /// Proves the search's first position, depth-first or by proof numbers.
    fn prove_root(&mut self, position: Position, hand: &[Claim]) -> Option<CardRef> {
        if self.config.proof_numbers {
            self.prove_by_numbers(position, hand)
        } else {
            self.prove(position, hand)
        }
    }

    /// Whether the process's resident memory is above the cap (if one is set).
    fn over_memory_cap(&self) -> bool {
        self.memory_cap.is_some_and(|cap| resident_bytes().is_some_and(|r| r > cap))
    }

    /// Empties the caches, which only save work (nothing proved is lost).
    fn empty_caches(&mut self) {
        self.placed = HashMap::new();
        self.failed = HashSet::new();
        if self.trace.is_some() {
            self.trace = Some(HashMap::new());
        }
    }

    /// Proves a Maker-to-move position with the given hand of valid paper claims.
    fn prove(&mut self, position: Position, hand: &[Claim]) -> Option<CardRef> {
        let depth = self.stats.depth;
        let (hand, pivots) = match self.examine(position, hand, depth) {
            Examined::Proved(card) => return Some(card),
            Examined::Dead => return None,
            Examined::Moves { hand, pivots } => (hand, pivots),
        };
        let hand = &hand[..];
        self.stats.depth += 1;
        self.stats.max_depth = self.stats.max_depth.max(self.stats.depth);
        let mut result = None;
        let mut defeats = Vec::new();
        for pivot in pivots {
            match self.prove_move(position, hand, pivot) {
                Ok(card) => {
                    result = Some(card);
                    break;
                }
                Err(reply) => defeats.push((pivot, reply)),
            }
            if self.out_of_budget {
                break;
            }
        }
        self.stats.depth -= 1;
        if result.is_none() {
            self.give_up(&position, Failure::Moves(defeats));
        }
        result
    }

    /// Records a position given up after its moves were tried (not when out of budget).
    fn give_up(&mut self, position: &Position, failure: Failure) {
        self.stats.failed += 1;
        if self.out_of_budget {
            return;
        }
        if let Some(trace) = self.trace.as_mut() {
            trace.insert(digest(position), failure);
        }
        let key = if self.config.canonical { canonical_digest(position) } else { digest(position) };
        self.failed.insert(key);
    }

    /// One visit of a Maker-to-move position: a card that proves it already, or that it is
    /// given up without a move (out of moves or budget, hopeless, or given up before), or the
    /// hand it holds and Maker's moves to try, best first. `depth` is Maker's moves since the
    /// search's start (the wide-then-narrow levels look at it).
    fn examine(&mut self, position: Position, hand: &[Claim], depth: u32) -> Examined {
        self.tick();
        if let Some(win) = self.win_in_one(&position) {
            self.stats.known += 1;
            return Examined::Proved(win);
        }
        let heights: Vec<u32> = hand.iter().map(|c| self.cards.node(c.node).height).collect();
        if let Some(i) =
            (0..hand.len()).filter(|&i| heights[i] <= position.budget).min_by_key(|&i| heights[i])
        {
            self.stats.known += 1;
            return Examined::Proved(CardRef::Paper(hand[i]));
        }
        if let Some(card) = self.library_card(&position) {
            self.stats.known += 1;
            return Examined::Proved(card);
        }
        // Moved copies are looked for where they save the most: positions with many moves left
        // (deeper down, searching is cheaper than the lookup).
        if self.config.canonical
            && position.budget >= MOVED_MIN_BUDGET
            && let Some(card) = self.moved_library_card(&position)
        {
            self.stats.known += 1;
            return Examined::Proved(card);
        }
        // Any other card of the paper the position satisfies joins the hand.
        let reach = position.budget.saturating_add(u32::from(self.config.slack));
        let mut hand = hand.to_vec();
        let mut held: HashSet<Claim> = hand.iter().copied().collect();
        let found = match position.fresh {
            Some(fresh) if self.config.incremental => self.fresh_hand(&position, fresh, reach),
            _ => self.full_hand(&position, reach),
        };
        for claim in found {
            if held.insert(claim) {
                hand.push(claim);
            }
        }
        let heights: Vec<u32> = hand.iter().map(|c| self.cards.node(c.node).height).collect();
        if let Some(i) =
            (0..hand.len()).filter(|&i| heights[i] <= position.budget).min_by_key(|&i| heights[i])
        {
            self.stats.known += 1;
            return Examined::Proved(CardRef::Paper(hand[i]));
        }
        let lowest = if self.paper {
            heights.iter().copied().min().unwrap_or(u32::MAX)
        } else {
            // Without the paper's heights: the fewest Maker moves that complete some live copy,
            // an exact bound that the slack must not stretch.
            self.moves_needed(&position).saturating_add(u32::from(self.config.slack))
        };
        let key = digest(&position);
        // The hunt also gives up on a position whose image under a symmetry and a translation
        // was given up (the same game, seen turned; a pruning, never a card).
        let failed_key = if self.config.canonical { canonical_digest(&position) } else { key };
        let known_failure = self.failed.contains(&failed_key);
        if self.out_of_budget
            || position.budget <= 1
            || lowest > position.budget.saturating_add(u32::from(self.config.slack))
            || known_failure
        {
            self.stats.failed += 1;
            if let Some(trace) = self.trace.as_mut()
                && !self.out_of_budget
            {
                let lowest = (lowest != u32::MAX).then_some(lowest);
                let budget = position.budget;
                let pruned = budget <= 1 || lowest.is_none_or(|h| h > budget + u32::from(self.config.slack));
                trace.entry(key).or_insert(if pruned {
                    Failure::Pruned { budget, lowest }
                } else {
                    Failure::Seen
                });
            }
            return Examined::Dead;
        }
        // Maker's candidate moves: the pivots of hand cards, lowest first, the plan first among equals.
        let mut order: Vec<usize> = (0..hand.len()).collect();
        order.sort_by_key(|&i| heights[i]);
        let deep = self.config.deep_after > 0 && depth >= u32::from(self.config.deep_after);
        let (breadth, near) = if deep {
            (self.config.deep_breadth, self.config.deep_near)
        } else {
            (self.config.breadth, self.config.near)
        };
        let mut pivots: Vec<FrameCell> = Vec::new();
        for i in order {
            if heights[i] > position.budget.saturating_add(u32::from(self.config.slack)) {
                break;
            }
            let node = self.cards.node(hand[i].node);
            let Some(pivot) = hand[i].placement.apply_in_frame(node.pivot) else { continue };
            if node.is_base() || pivots.contains(&pivot) || position.breaker.contains(pivot) {
                continue;
            }
            pivots.push(pivot);
            if pivots.len() >= breadth {
                break;
            }
        }
        // Beyond the cards: every cell near Maker's stones, the most promising first.
        if near > 0 {
            for cell in self.near_moves(&position, near, breadth) {
                if !pivots.contains(&cell) {
                    pivots.push(cell);
                }
            }
        }
        // Near the end, any move that makes a threat (a copy one stone short) is worth a try.
        if position.budget <= u32::from(self.config.threats) {
            for cell in self.threat_moves(&position) {
                if !pivots.contains(&cell) {
                    pivots.push(cell);
                }
            }
        }
        Examined::Moves { hand, pivots }
    }

    /// Maker plays `pivot`; proves every Breaker reply and combines the children into a new card.
    /// On failure, the reply that defeated the move (`None`: a reply outside every envelope).
    fn prove_move(
        &mut self,
        position: Position,
        hand: &[Claim],
        pivot: FrameCell,
    ) -> Result<CardRef, Option<FrameCell>> {
        let mut maker = position.maker;
        maker.insert(pivot);
        let after =
            |breaker: CellSet| Position { maker, breaker, budget: position.budget - 1, fresh: Some(pivot) };
        let outside = self.hand_after(hand, pivot, None);
        let first = self.prove(after(position.breaker), &outside).ok_or(None)?;
        let (_, envelope, _) = self.sets(first);
        let mut children = vec![first];
        let mut common = envelope;
        loop {
            let open = common.difference(&maker).difference(&position.breaker);
            let Some(reply) = open.iter().next() else { break };
            let replied = self.hand_after(hand, pivot, Some(reply));
            let mut breaker = position.breaker;
            breaker.insert(reply);
            let child = self.prove(after(breaker), &replied).ok_or(Some(reply))?;
            let (_, envelope, _) = self.sets(child);
            common = common.intersection(&envelope);
            children.push(child);
        }
        Ok(self.combine(pivot, children))
    }

    /// The hand after Maker plays `pivot` and Breaker replies (`None`: outside every envelope).
    fn hand_after(&mut self, hand: &[Claim], pivot: FrameCell, reply: Option<FrameCell>) -> Vec<Claim> {
        let cards = self.cards;
        let mut next: Vec<Claim> = Vec::with_capacity(hand.len() * 2);
        let survives = |search: &mut Self, claim: Claim| match search.claim_sets(claim) {
            Some((_, envelope)) => reply.is_none_or(|b| !envelope.contains(b)),
            None => false,
        };
        for &claim in hand {
            let node = cards.node(claim.node);
            let played = claim.placement.apply_in_frame(node.pivot) == Some(pivot);
            if played && !node.is_base() {
                for child in cards.children(claim.node) {
                    let placed =
                        Claim { node: child.node, placement: claim.placement.compose(child.placement) };
                    if survives(self, placed) && !next.contains(&placed) {
                        next.push(placed);
                    }
                }
            } else if !played && survives(self, claim) && !next.contains(&claim) {
                next.push(claim);
            }
        }
        next
    }

    /// The combination rule: T = {p} ∪ ⋃Tᵢ, A = (⋃Aᵢ ∪ ⋂Tᵢ) \ {p}, h = 1 + max hᵢ; (A, T, h).
    fn combined(&mut self, pivot: FrameCell, children: &[CardRef]) -> (CellSet, CellSet, u32) {
        let mut envelope = CellSet::single(pivot);
        let mut union_required = CellSet::EMPTY;
        let mut common: Option<CellSet> = None;
        let mut height = 0;
        for &child in children {
            let (required, child_envelope, child_height) = self.sets(child);
            envelope = envelope.union(&child_envelope);
            union_required = union_required.union(&required);
            common = Some(common.map_or(child_envelope, |c| c.intersection(&child_envelope)));
            height = height.max(child_height);
        }
        let mut required = union_required.union(&common.unwrap_or_default());
        required.remove(pivot);
        (required, envelope, height + 1)
    }

    /// A new card of the library by the combination rule.
    fn combine(&mut self, pivot: FrameCell, children: Vec<CardRef>) -> CardRef {
        let (required, envelope, height) = self.combined(pivot, &children);
        self.stats.proved += 1;
        self.library.push(NewCard { pivot, children, required, envelope, height });
        let index = self.library.len() - 1;
        self.by_anchor.entry(required.iter().next()).or_default().push(index);
        if required.len() >= 2 {
            for symmetry in Symmetry::ALL {
                let mut cells: Vec<(i32, i32)> =
                    required.iter().map(|c| symmetry.apply(c.x(), c.y())).collect();
                cells.sort_unstable_by_key(|&(x, y)| (y, x));
                let (a0, a1) = (cells[0], cells[1]);
                let list = self.by_shape.entry((a1.0 - a0.0, a1.1 - a0.1)).or_default();
                // Lowest first (then oldest), so that a lookup stops at the first taller card.
                let library = &self.library;
                let at = list.partition_point(|&(i, _, _)| library[i as usize].height <= height);
                list.insert(at, (index as u32, symmetry, a0));
            }
        }
        if let Some(sink) = self.sink.as_mut() {
            sink(index, &self.library[index]);
        }
        CardRef::New(index)
    }
}

/// A deterministic 64-bit digest of a position (the standard library's SipHash, fixed keys).
fn digest(position: &Position) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    position.maker.hash(&mut hasher);
    position.breaker.hash(&mut hasher);
    position.budget.hash(&mut hasher);
    hasher.finish()
}

/// The process's resident memory in bytes (Linux: `/proc/self/statm`; elsewhere unknown).
fn resident_bytes() -> Option<u64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * 4096)
}

/// A digest of (M, B, budget) that is the same for every image of the position under the 8
/// symmetries and any translation: the smallest digest over the 8 images, each translated so that
/// its lowest x and y are 0.
fn canonical_digest(position: &Position) -> u64 {
    use std::hash::{Hash, Hasher};
    let maker: Vec<FrameCell> = position.maker.iter().collect();
    let breaker: Vec<FrameCell> = position.breaker.iter().collect();
    let mut best = u64::MAX;
    for symmetry in Symmetry::ALL {
        let turn = |cells: &[FrameCell]| -> Vec<(i32, i32)> {
            cells.iter().map(|c| symmetry.apply(c.x(), c.y())).collect()
        };
        let (mut m, mut b) = (turn(&maker), turn(&breaker));
        let min_x = m.iter().chain(&b).map(|c| c.0).min().unwrap_or(0);
        let min_y = m.iter().chain(&b).map(|c| c.1).min().unwrap_or(0);
        for c in m.iter_mut().chain(b.iter_mut()) {
            *c = (c.0 - min_x, c.1 - min_y);
        }
        m.sort_unstable();
        b.sort_unstable();
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        m.hash(&mut hasher);
        b.hash(&mut hasher);
        position.budget.hash(&mut hasher);
        best = best.min(hasher.finish());
    }
    best
}

/// The frame cell at (x, y) if it lies on the search's board {0..16}².
pub fn board_cell(x: i32, y: i32) -> Option<FrameCell> {
    if (0..BOARD).contains(&x) && (0..BOARD).contains(&y) { FrameCell::new(x, y) } else { None }
}

/// The patterns of every paper line card with a non-empty required set, lowest first.
fn patterns(cards: &Cards) -> Vec<Pattern> {
    let mut patterns = Vec::new();
    for j in crate::snaky::certificate::BASE_CARDS..cards.card_count() as u32 {
        let Some(id) = cards.card(j) else { continue };
        let node = cards.node(id);
        let Some(first) = node.required.iter().next() else { continue };
        for symmetry in Symmetry::ALL {
            let anchor = symmetry.apply(first.x(), first.y());
            let offset = |c: FrameCell| {
                let (x, y) = symmetry.apply(c.x(), c.y());
                (x - anchor.0, y - anchor.1)
            };
            let mut envelope = vec![0u64; ((GRID * GRID) as usize).div_ceil(64)];
            for c in node.envelope.iter() {
                let (dx, dy) = offset(c);
                if let Some(i) = Pattern::bit(dx, dy) {
                    envelope[i / 64] |= 1 << (i % 64);
                }
            }
            let required = node.required.iter().skip(1).map(offset).collect();
            patterns.push(Pattern { node: id, symmetry, anchor, required, envelope, height: node.height });
        }
    }
    patterns.sort_by_key(|p| p.height);
    patterns
}

impl Search<'_> {
    /// The certificate: the paper's text byte for byte, then the new cards from 728 on, children
    /// before parents, the root (`root`, A = ∅) last. Paper inline nodes used as children are
    /// copied as numbered cards first (their text unchanged). The new part is translated so that
    /// every written translation is non-negative.
    pub fn write_certificate(&self, paper: &str, root: usize) -> Result<String, WriteError> {
        // Post-order over the new cards the root uses.
        let mut order: Vec<usize> = Vec::new();
        let mut seen = vec![false; self.library.len()];
        let mut stack: Vec<(usize, bool)> = vec![(root, false)];
        while let Some((index, expanded)) = stack.pop() {
            if expanded {
                order.push(index);
                continue;
            }
            if seen[index] {
                continue;
            }
            seen[index] = true;
            stack.push((index, true));
            for child in self.library[index].children.iter().rev() {
                if let CardRef::New(i) = *child
                    && !seen[i]
                {
                    stack.push((i, false));
                }
            }
        }
        // The offset that makes every translation non-negative.
        let (mut min_x, mut min_y) = (0i32, 0i32);
        for &index in &order {
            for child in &self.library[index].children {
                let placement = match *child {
                    CardRef::Base { placement, .. } => placement,
                    CardRef::Paper(claim) => claim.placement,
                    CardRef::New(_) => continue,
                };
                min_x = min_x.min(placement.dx);
                min_y = min_y.min(placement.dy);
            }
        }
        let mut lines = Lines::after(paper, self.cards.card_count() as u32, (-min_x, -min_y));
        let mut numbers: HashMap<usize, u32> = HashMap::new();
        for &index in &order {
            let card = &self.library[index];
            let (ox, oy) = lines.offset;
            let pivot = frame_cell(card.pivot.x() + ox, card.pivot.y() + oy)?;
            let mut children = Vec::with_capacity(card.children.len());
            for child in &card.children {
                children.push(match *child {
                    CardRef::Base { card, placement } => lines.reference(card, placement),
                    CardRef::New(i) => ChildSyntax::Reference {
                        card: numbers[&i],
                        placement: Placement::IDENTITY,
                        line: 0,
                        column: 0,
                    },
                    CardRef::Paper(claim) => {
                        let card = lines.paper_card(self.cards, claim.node)?;
                        lines.reference(card, claim.placement)
                    }
                });
            }
            numbers.insert(index, lines.push(NodeSyntax { pivot, children, line: 0, column: 0 })?);
        }
        Ok(lines.out)
    }
}

/// The certificate as it is written: the paper's text, then new lines numbered on from it.
struct Lines<'p> {
    paper: &'p str,
    out: String,
    next_card: u32,
    /// Added to every written coordinate, so that translations are non-negative.
    offset: (i32, i32),
    /// The paper's lines, read once the first of its inline nodes is copied.
    syntax: Option<Certificate>,
    /// The paper's inline nodes copied so far, and the card each became.
    copies: HashMap<NodeId, u32>,
}

impl<'p> Lines<'p> {
    fn after(paper: &'p str, next_card: u32, offset: (i32, i32)) -> Self {
        let mut out = String::with_capacity(paper.len() * 3);
        out.push_str(paper);
        if !out.ends_with('\n') {
            out.push('\n');
        }
        Self { paper, out, next_card, offset, syntax: None, copies: HashMap::new() }
    }

    /// Writes `root` as the next card's line; returns its number.
    fn push(&mut self, root: NodeSyntax) -> Result<u32, WriteError> {
        let card = self.next_card;
        self.out.push_str(&write_line(&CardLine { card, line: 0, root })?);
        self.out.push('\n');
        self.next_card += 1;
        Ok(card)
    }

    /// Card `card` under `placement`, moved by the offset.
    fn reference(&self, card: u32, placement: Placement) -> ChildSyntax {
        let (ox, oy) = self.offset;
        let placement = Placement::new(placement.symmetry, placement.dx + ox, placement.dy + oy);
        ChildSyntax::Reference { card, placement, line: 0, column: 0 }
    }

    /// The number of a paper node: its card, or for an inline node the card it is copied as
    /// (its syntax unchanged, on a line of its own the first time it is used).
    fn paper_card(&mut self, cards: &Cards, id: NodeId) -> Result<u32, WriteError> {
        let node = cards.node(id);
        if !node.inline {
            return Ok(node.card);
        }
        if let Some(&card) = self.copies.get(&id) {
            return Ok(card);
        }
        if self.syntax.is_none() {
            self.syntax = Some(Certificate::parse(self.paper).map_err(WriteError::BaseCertificate)?);
        }
        let missing = WriteError::MissingInline { line: node.line, column: node.column };
        let copied =
            self.syntax.as_ref().and_then(|s| s.node_at(node.line, node.column)).ok_or(missing)?.clone();
        let card = self.push(copied)?;
        self.copies.insert(id, card);
        Ok(card)
    }
}

/// The frame cell at (x, y), or the first coordinate the alphabet cannot write.
fn frame_cell(x: i32, y: i32) -> Result<FrameCell, WriteError> {
    for value in [x, y] {
        if symbol(value).is_none() {
            return Err(WriteError::CoordinateOutOfRange(value));
        }
    }
    FrameCell::new(x, y).ok_or(WriteError::CoordinateOutOfRange(x))
}
