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
//!
//! This file holds the search's state and its cards; its parts are the configuration
//! ([`SearchConfig`]), Maker's moves (`moves`), the paper's cards in hand (`hand`), the search's
//! own cards (`library`), the memory cap (`memory`), the depth-first proof (`proof`), the
//! proof-number search (`pn`) and the certificate it writes (`write`); the fixed tables they read
//! (the copies of Snaky, the paper's cards as patterns) are `tables`, which knows nothing of the
//! search's state, so no part and this file import each other both ways.

use std::collections::{HashMap, HashSet};
use std::time::{Duration, Instant};

use crate::snaky::card::Cards;
use crate::snaky::cell::FrameCell;
use crate::snaky::cell_set::CellSet;
use crate::snaky::placement::{Placement, Symmetry};
use crate::snaky::policy::Claim;
use crate::snaky::shape::SNAKY;

mod config;
mod hand;
mod library;
mod memory;
mod moves;
mod pn;
mod proof;
mod tables;
mod write;

pub use config::SearchConfig;
pub use tables::board_cell;
use tables::{Pattern, SnakyCopy};

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

/// A library card under a symmetry: (card, s, s(first required cell)).
type Shaped = (u32, Symmetry, (i32, i32));

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
    /// Every copy of Snaky on the board.
    copies: Vec<SnakyCopy>,
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
    /// Called with the digest of every position newly given up (the hunt's failure file).
    failure_sink: Option<Box<dyn FnMut(u64) + 'a>>,
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
        let (copies, copies_at) = tables::copies();
        let now = Instant::now();
        let patterns = tables::patterns(cards);
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
            failure_sink: None,
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

    /// Every card proved from now on is handed to `sink` as soon as it is proved.
    pub fn set_card_sink(&mut self, sink: impl FnMut(usize, &NewCard) + 'a) {
        self.sink = Some(Box::new(sink));
    }

    /// The digest of every position given up from now on is handed to `sink` (once each, unless
    /// the memory cap empties the set).
    pub fn set_failure_sink(&mut self, sink: impl FnMut(u64) + 'a) {
        self.failure_sink = Some(Box::new(sink));
    }

    /// Positions given up before under the same settings (by their digests, as a failure sink
    /// was handed them), skipped from now on: a task resumed after a restart. Call after
    /// [`Search::reconfigure`], which forgets them.
    pub fn remember_failures(&mut self, digests: impl IntoIterator<Item = u64>) {
        self.failed.extend(digests);
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

    pub fn library(&self) -> &[NewCard] {
        &self.library
    }

    pub fn stats(&self) -> SearchStats {
        self.stats
    }

    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
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
}
