//! Computer Breakers that play against a human Maker, level by level.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use crate::snaky::breaker::Breaker;
use crate::snaky::cell::Cell;
use crate::snaky::game::{Game, Player};

use super::game::MakerGame;
use super::threat_search::{self, live_copies, weights};

/// The computer Breakers of the Maker mode, weakest first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    /// Takes a finishing cell when Maker threatens, else the cell in the most live copies.
    #[default]
    Blocker,
    /// Erdős–Selfridge: each live copy weighs 2^(Maker's cells in it); takes the heaviest cell.
    Potential,
    /// Looks ahead: of the heaviest cells, the first after which Maker has no win by threats.
    Searcher,
}

impl Level {
    pub const ALL: [Self; 3] = [Self::Blocker, Self::Potential, Self::Searcher];

    /// The name on the command line (`--breaker blocker|potential|searcher`).
    pub const fn id(self) -> &'static str {
        match self {
            Self::Blocker => "blocker",
            Self::Potential => "potential",
            Self::Searcher => "searcher",
        }
    }

    pub fn from_id(id: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|level| level.id() == id)
    }

    /// The next level, round: Blocker, Potential, Searcher, Blocker, …
    pub const fn next(self) -> Self {
        match self {
            Self::Blocker => Self::Potential,
            Self::Potential => Self::Searcher,
            Self::Searcher => Self::Blocker,
        }
    }
}

/// How many of the heaviest cells the searcher tries, and the positions it may search after each.
pub const SEARCH_CANDIDATES: usize = 12;
pub const SEARCH_POSITIONS_PER_CANDIDATE: u32 = 400;
/// The most Maker moves the searcher looks ahead along a line of threats.
pub const SEARCH_DEPTH: u32 = 8;
/// The searcher's budget per move: never more positions than this.
pub const SEARCH_BUDGET: u32 = SEARCH_CANDIDATES as u32 * SEARCH_POSITIONS_PER_CANDIDATE;

/// A computer Breaker of a level, deterministic for its seed.
#[derive(Clone, Debug)]
pub struct Opponent {
    pub level: Level,
    rng: ChaCha8Rng,
    /// Positions the last move searched (the searcher's; 0 for the others).
    positions: u32,
}

impl Opponent {
    pub fn new(level: Level, seed: u64) -> Self {
        Self { level, rng: ChaCha8Rng::seed_from_u64(seed), positions: 0 }
    }

    /// Positions the last move searched (at most [`SEARCH_BUDGET`]).
    pub fn positions_searched(&self) -> u32 {
        self.positions
    }

    /// A free cell for Breaker, or `None` when it is not Breaker's turn.
    pub fn choose(&mut self, game: &MakerGame) -> Option<Cell> {
        if game.to_move() != Some(Player::Breaker) {
            return None;
        }
        self.positions = 0;
        // Every level blocks a finishing cell first: anything else loses at once.
        if let Some(&finish) = game.threats().cells.first() {
            return Some(finish);
        }
        Some(
            match self.level {
                Level::Blocker => self.blocker(game),
                Level::Potential => weights(game).first().map(|&(c, _)| c),
                Level::Searcher => self.searcher(game),
            }
            .unwrap_or_else(|| beside_last(game)),
        )
    }

    /// The free cell in the most live copies, ties at random.
    fn blocker(&mut self, game: &MakerGame) -> Option<Cell> {
        let mut count = std::collections::HashMap::<Cell, u32>::new();
        for copy in live_copies(game) {
            for &c in copy.cells.iter().filter(|&&c| game.is_free(c)) {
                *count.entry(c).or_default() += 1;
            }
        }
        let most = count.values().copied().max()?;
        let mut best: Vec<Cell> = count.into_iter().filter(|&(_, n)| n == most).map(|(c, _)| c).collect();
        best.sort_unstable();
        Some(best[self.rng.random_range(0..best.len())])
    }

    /// Of the heaviest cells, the first after which Maker has no win by threats within the
    /// budget; if every one loses, the heaviest. Cells of equal weight are tried in an order drawn
    /// by the seed, so a line learnt in one game is not answered the same way in the next
    /// (newcomer #38 replayed a hinted win for an unaided best).
    fn searcher(&mut self, game: &MakerGame) -> Option<Cell> {
        let mut weighed: Vec<(Cell, u64)> = weights(game);
        // The ties are drawn in full before the candidates are cut, so a tie across the cut is
        // not always decided by (x, y).
        let last_weight = weighed.get(SEARCH_CANDIDATES.saturating_sub(1)).map(|&(_, w)| w);
        weighed.retain(|&(_, w)| last_weight.is_none_or(|last| w >= last));
        let mut start = 0;
        while start < weighed.len() {
            let weight = weighed[start].1;
            let end =
                weighed[start..].iter().position(|&(_, w)| w != weight).map_or(weighed.len(), |n| start + n);
            // Fisher–Yates over the tie [start, end).
            for i in (start + 1..end).rev() {
                let j = self.rng.random_range(start..=i);
                weighed.swap(i, j);
            }
            start = end;
        }
        let candidates: Vec<Cell> = weighed.into_iter().take(SEARCH_CANDIDATES).map(|(c, _)| c).collect();
        let mut trial = game.clone();
        for &c in &candidates {
            if trial.breaker_move(c).is_err() {
                continue;
            }
            let mut budget = SEARCH_POSITIONS_PER_CANDIDATE;
            let loses = threat_search::forced_win(&trial, SEARCH_DEPTH, &mut budget).is_some();
            self.positions += SEARCH_POSITIONS_PER_CANDIDATE - budget;
            trial.undo();
            if !loses {
                return Some(c);
            }
        }
        candidates.first().copied()
    }
}

/// When no copy is live: the first free cell around Maker's last stone, ring by ring.
fn beside_last(game: &MakerGame) -> Cell {
    let centre = game.maker_cells().last().copied().unwrap_or(Cell::new(0, 0));
    (1..)
        .flat_map(|r: i32| {
            (-r..=r)
                .flat_map(move |dx| (-r..=r).map(move |dy| (dx, dy)))
                .filter(move |&(dx, dy)| dx.abs().max(dy.abs()) == r)
        })
        .map(|(dx, dy)| Cell::new(centre.x.saturating_add(dx), centre.y.saturating_add(dy)))
        .find(|&c| game.is_free(c))
        .unwrap_or(centre)
}

/// Against the certificate's Maker: the same choice on the game's stones.
impl Breaker for Opponent {
    fn choose(&mut self, game: &Game) -> Option<Cell> {
        if game.to_move() != Some(Player::Breaker) {
            return None;
        }
        let position = MakerGame::from_moves(game.maker_cells(), game.breaker_cells()).ok()?;
        Opponent::choose(self, &position)
    }
}
