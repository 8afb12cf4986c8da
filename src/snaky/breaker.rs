//! Computer Breakers to watch or to hand the game to.

use std::collections::{HashMap, HashSet};

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use super::cell::Cell;
use super::game::{Game, Player};
use super::shape;

/// Anything that can choose Breaker's next cell.
pub trait Breaker {
    /// A free cell for Breaker, or `None` when it is not Breaker's turn.
    fn choose(&mut self, game: &Game) -> Option<Cell>;
}

/// The computer Breakers of SPEC §2.5.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BreakerKind {
    /// A random free cell next to the stones (sometimes one far away).
    RandomNear,
    /// A random free cell of the active envelope.
    EnvelopeRandom,
    /// The cell that kills the most live Snaky copies (copies holding a Maker cell and no
    /// Breaker cell).
    Greedy,
    /// Keeps the tallest surviving child alive: always lasts exactly 21 Maker moves.
    Perfect,
}

impl BreakerKind {
    pub const ALL: [Self; 4] = [Self::RandomNear, Self::EnvelopeRandom, Self::Greedy, Self::Perfect];
}

/// A computer Breaker with its own seeded random source (for ties and random play).
#[derive(Clone, Debug)]
pub struct ComputerBreaker {
    pub kind: BreakerKind,
    rng: ChaCha8Rng,
}

/// How far from the stones the random Breaker plays.
const NEAR: i32 = 2;
/// How often (1 in N) the random Breaker plays far away instead.
const FAR_AWAY_ONE_IN: u32 = 20;
const FAR: i32 = 1_000_000;

impl ComputerBreaker {
    pub fn new(kind: BreakerKind, seed: u64) -> Self {
        Self { kind, rng: ChaCha8Rng::seed_from_u64(seed) }
    }

    fn random_near(&mut self, game: &Game) -> Cell {
        if self.rng.random_range(0..FAR_AWAY_ONE_IN) == 0 {
            let far = self.far_cell();
            if game.is_free(far) {
                return far;
            }
        }
        let mut candidates: Vec<Cell> = game
            .moves()
            .iter()
            .flat_map(|m| {
                (-NEAR..=NEAR).flat_map(move |dx| {
                    (-NEAR..=NEAR)
                        .map(move |dy| Cell::new(m.cell.x.saturating_add(dx), m.cell.y.saturating_add(dy)))
                })
            })
            .filter(|&c| game.is_free(c))
            .collect();
        candidates.sort();
        candidates.dedup();
        self.pick(&candidates).unwrap_or_else(|| self.far_cell())
    }

    fn far_cell(&mut self) -> Cell {
        Cell::new(self.rng.random_range(-FAR..=FAR), self.rng.random_range(-FAR..=FAR))
    }

    fn envelope_random(&mut self, game: &Game) -> Cell {
        let free: Vec<Cell> =
            game.active_claim().envelope(game.cards()).into_iter().filter(|&c| game.is_free(c)).collect();
        match self.pick(&free) {
            Some(cell) => cell,
            None => self.random_near(game),
        }
    }

    fn greedy(&mut self, game: &Game) -> Cell {
        let mut live = HashSet::new();
        for &m in game.maker_cells() {
            for copy in shape::copies_through(m) {
                if copy.iter().all(|&c| game.owner(c) != Some(Player::Breaker)) {
                    let mut key = copy;
                    key.sort();
                    live.insert(key);
                }
            }
        }
        let mut kills: HashMap<Cell, u32> = HashMap::new();
        for copy in &live {
            for &c in copy.iter().filter(|&&c| game.is_free(c)) {
                *kills.entry(c).or_default() += 1;
            }
        }
        let best = kills.values().copied().max().unwrap_or(0);
        let mut candidates: Vec<Cell> =
            kills.into_iter().filter(|&(_, k)| k == best).map(|(c, _)| c).collect();
        candidates.sort();
        self.pick(&candidates).unwrap_or_else(|| self.random_near(game))
    }

    fn perfect(&mut self, game: &Game) -> Cell {
        let cards = game.cards();
        let claim = game.active_claim();
        let height_after = |reply: Cell| claim.after_reply(cards, reply).map_or(0, |next| next.height(cards));
        // A reply outside the envelope keeps child 0; this far cell stands for all of them.
        let outside = Cell::new(-FAR, -FAR);
        let mut candidates: Vec<Cell> =
            claim.envelope(cards).into_iter().filter(|&c| game.is_free(c)).collect();
        if game.is_free(outside) {
            candidates.push(outside);
        }
        let best = candidates.iter().map(|&c| height_after(c)).max().unwrap_or(0);
        candidates.retain(|&c| height_after(c) == best);
        self.pick(&candidates).unwrap_or_else(|| self.random_near(game))
    }

    fn pick(&mut self, cells: &[Cell]) -> Option<Cell> {
        if cells.is_empty() { None } else { Some(cells[self.rng.random_range(0..cells.len())]) }
    }
}

impl Breaker for ComputerBreaker {
    fn choose(&mut self, game: &Game) -> Option<Cell> {
        if game.to_move() != Some(Player::Breaker) {
            return None;
        }
        Some(match self.kind {
            BreakerKind::RandomNear => self.random_near(game),
            BreakerKind::EnvelopeRandom => self.envelope_random(game),
            BreakerKind::Greedy => self.greedy(game),
            BreakerKind::Perfect => self.perfect(game),
        })
    }
}

/// Plays a started game to the end: Breaker's choice, then Maker's reply, until Maker wins.
/// Returns the number of Maker moves. Stops early if the Breaker offers an illegal cell.
pub fn play_out(game: &mut Game, breaker: &mut impl Breaker) -> usize {
    while let Some(cell) = breaker.choose(game) {
        if game.reply(cell).is_err() {
            break;
        }
    }
    game.maker_cells().len()
}
