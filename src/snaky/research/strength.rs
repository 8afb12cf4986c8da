//! How strong a search is, measured on the paper's own cards (issue 27's measures (b) and (c)).
//!
//! A paper card (A, T, h) is searched as the position M = A, B = every cell of the 17×17 board
//! outside T, Maker to move: a proof is then a card (A', T', h') with A' ⊆ A and T' ⊆ T, one that
//! could stand in for the paper's card wherever it is used. (With B = ∅ instead, Maker may win
//! through cells outside T, which the paper's card does not own: a card that proves nothing the
//! paper's does not.)
//!
//! - [`shorter_cards`]: each paper line card is searched within h − 1 Maker moves on a fixed
//!   budget of positions; a proof is a lower card (A' = A counted apart from A' ⊊ A). A proof by
//!   a card the paper already has (a lower paper card that fits inside) is counted apart too:
//!   that is the paper's slack, not the search's find.
//! - [`rediscover`]: the search without the paper's cards ([`Search::without_paper`]) proves the
//!   paper's cards again, lowest first, each within its own height h, until a time limit: the
//!   tallest it proves is the measure.
//!
//! Both keep one search (and its library) across cards, as the hunt does across positions.

use std::time::{Duration, Instant};

use super::search::{CardRef, Search, SearchConfig, board_cell};
use crate::snaky::card::{Cards, NodeId};
use crate::snaky::cell_set::CellSet;
use crate::snaky::certificate::BASE_CARDS;

/// A paper line card: its number, A, and Breaker's stones for its position (the 17×17 board
/// outside T).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Line {
    pub card: u32,
    pub required: CellSet,
    pub outside: CellSet,
    pub height: u32,
}

/// The certificate's line cards, by height then number.
pub fn line_cards(cards: &Cards) -> Vec<Line> {
    let ids = (BASE_CARDS..cards.card_count() as u32).filter_map(|card| cards.card(card));
    by_height(cards, ids)
}

/// Every combination node of the certificate (line cards and inline nodes, each in its own
/// coordinates), by height then card number (an inline node under its line's number).
pub fn combination_nodes(cards: &Cards) -> Vec<Line> {
    by_height(cards, cards.combination_nodes())
}

fn by_height(cards: &Cards, ids: impl Iterator<Item = NodeId>) -> Vec<Line> {
    let board: CellSet = (0..17).flat_map(|y| (0..17).filter_map(move |x| board_cell(x, y))).collect();
    let mut lines: Vec<Line> = ids
        .map(|id| {
            let node = cards.node(id);
            let outside = board.difference(&node.envelope);
            Line { card: node.card, required: node.required, outside, height: node.height }
        })
        .collect();
    lines.sort_by_key(|l| (l.height, l.card));
    lines
}

/// A certificate card proved again by a new card of the search's library.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Proved {
    /// The certificate's card number (of its line, for an inline node).
    pub card: u32,
    /// Its height in the certificate.
    pub height: u32,
    /// The new card's height.
    pub new_height: u32,
    /// The new card's index in the search's library.
    pub index: usize,
}

/// The outcome of [`shorter_cards`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Shorter {
    /// Certificate cards tried.
    pub tried: usize,
    /// New cards with the same A and a smaller height.
    pub same_required: Vec<Proved>,
    /// New cards with a smaller A (a proper subset) and a smaller height.
    pub fewer_required: Vec<Proved>,
    /// Positions proved by a lower paper card the search already held (not new).
    pub in_paper: usize,
    pub positions: u64,
    pub elapsed: Duration,
}

impl Shorter {
    /// Paper cards for which the search found a lower card needing no more stones.
    pub fn found(&self) -> usize {
        self.same_required.len() + self.fewer_required.len()
    }
}

/// For each paper line card (in `lines`), a search of its position within h − 1 moves, at most
/// `per_card` positions each, with `config` otherwise.
pub fn shorter_cards(
    search: &mut Search<'_>,
    lines: &[Line],
    config: SearchConfig,
    per_card: u64,
) -> Shorter {
    let started = Instant::now();
    let mut outcome = Shorter::default();
    for &Line { card, required, outside, height } in lines {
        if height < 2 {
            continue;
        }
        let budget = height - 1;
        outcome.tried += 1;
        // A lower paper card that fits already is the paper's slack, whatever the library holds.
        if search.paper_proof(required, outside, budget).is_some() {
            outcome.in_paper += 1;
            continue;
        }
        search.reconfigure(SearchConfig { target: budget as u8, max_positions: per_card, ..config });
        let found = search.prove_position(required, outside, budget, &[]);
        outcome.positions += search.stats().positions;
        let Some(found) = found else { continue };
        let (new_required, new_envelope, new_height) = search.sets(found);
        debug_assert!(new_height <= budget && new_required.is_subset(&required));
        debug_assert!(new_envelope.is_disjoint(&outside));
        match found {
            CardRef::New(index) => {
                let proved = Proved { card, height, new_height, index };
                if new_required == required {
                    outcome.same_required.push(proved);
                } else {
                    outcome.fewer_required.push(proved);
                }
            }
            CardRef::Paper(_) | CardRef::Base { .. } => outcome.in_paper += 1,
        }
    }
    outcome.elapsed = started.elapsed();
    outcome
}

/// One height's line in [`Rediscovery`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HeightRow {
    pub height: u32,
    pub cards: usize,
    pub tried: usize,
    pub proved: usize,
}

/// The outcome of [`rediscover`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Rediscovery {
    /// Every card proved again, in the order tried (a base card's proof has no library index:
    /// `usize::MAX`).
    pub proved: Vec<Proved>,
    pub rows: Vec<HeightRow>,
    pub positions: u64,
    pub elapsed: Duration,
    /// Whether the time limit ended it (rather than a height with no card proved).
    pub timed_out: bool,
}

impl Rediscovery {
    /// The tallest card proved again (the last of the tallest, in the order tried).
    pub fn tallest(&self) -> Option<Proved> {
        self.proved.iter().copied().max_by_key(|p| p.height)
    }
}

/// Proves the paper's line cards again from `search` (built [`Search::without_paper`]), lowest
/// first: each card's position within its height, at most `per_card` positions each, until `limit`
/// has passed or a whole height is tried without a proof.
pub fn rediscover(
    search: &mut Search<'_>,
    lines: &[Line],
    config: SearchConfig,
    per_card: u64,
    limit: Duration,
) -> Rediscovery {
    let started = Instant::now();
    let mut outcome = Rediscovery::default();
    let mut at = 0;
    while at < lines.len() {
        let height = lines[at].height;
        let end = at + lines[at..].iter().take_while(|l| l.height == height).count();
        let mut row = HeightRow { height, cards: end - at, ..HeightRow::default() };
        for &Line { card, required, outside, height } in &lines[at..end] {
            if started.elapsed() >= limit {
                outcome.timed_out = true;
                break;
            }
            search.reconfigure(SearchConfig { target: height as u8, max_positions: per_card, ..config });
            row.tried += 1;
            let found = search.prove_position(required, outside, height, &[]);
            outcome.positions += search.stats().positions;
            if let Some(found) = found {
                row.proved += 1;
                let (new_required, new_envelope, new_height) = search.sets(found);
                debug_assert!(new_height <= height && new_required.is_subset(&required));
                debug_assert!(new_envelope.is_disjoint(&outside));
                let index = match found {
                    CardRef::New(index) => index,
                    _ => usize::MAX,
                };
                outcome.proved.push(Proved { card, height, new_height, index });
            }
        }
        outcome.rows.push(row);
        if outcome.timed_out || row.proved == 0 {
            break;
        }
        at = end;
    }
    outcome.elapsed = started.elapsed();
    outcome
}
