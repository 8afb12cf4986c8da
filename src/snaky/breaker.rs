//! Computer Breakers to watch or to hand the game to.

use std::collections::{HashMap, HashSet};

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use super::cell::Cell;
use super::game::{Game, Player};
use super::shape;
use super::threats;

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
    /// Keeps the surviving child with the longest delay alive (for the paper's cards, the tallest):
    /// always lasts exactly the root's worst case (21 for the paper, 20 and 19 for ours).
    Perfect,
    /// Each move, one of the four above at random.
    Mixed,
}

impl BreakerKind {
    pub const ALL: [Self; 5] =
        [Self::RandomNear, Self::EnvelopeRandom, Self::Greedy, Self::Perfect, Self::Mixed];
    /// The Breakers the mixed one chooses among.
    pub const PURE: [Self; 4] = [Self::RandomNear, Self::EnvelopeRandom, Self::Greedy, Self::Perfect];
}

/// A computer Breaker with its own seeded random source (for ties and random play).
#[derive(Clone, Debug)]
pub struct ComputerBreaker {
    pub kind: BreakerKind,
    rng: ChaCha8Rng,
    /// The perfect Breaker's planned line: all of Breaker's moves of the game, past and future.
    line: Vec<Cell>,
    /// The perfect Breaker tries blocks of finishing cells first: of the lines that last as long,
    /// it finds one that blocks every finish it can ([`Self::blocking_first`]).
    blocks_first: bool,
}

/// How far from the stones the random Breaker plays.
const NEAR: i32 = 2;
/// How often (1 in N) the random Breaker plays far away instead.
const FAR_AWAY_ONE_IN: u32 = 20;
const FAR: i32 = 1_000_000;
/// Positions the perfect Breaker may try when planning a line, and how many lengths it tries.
const PLAN_BUDGET: u32 = 5_000;
const PLAN_TRIES: usize = 3;
/// The longest rest of a game the perfect Breaker plans (certificates of the paper's kind need 21).
const PLAN_DEPTH: u32 = 64;

impl ComputerBreaker {
    pub fn new(kind: BreakerKind, seed: u64) -> Self {
        Self { kind, rng: ChaCha8Rng::seed_from_u64(seed), line: Vec::new(), blocks_first: false }
    }

    /// This Breaker, which as the perfect one plans its line trying the blocks of finishing cells
    /// before other replies: the lesson's longest defence, which leaves a finish open (where any
    /// Maker that takes finishes would win) only where no block lasts as long within its budget.
    pub fn blocking_first(self) -> Self {
        Self { blocks_first: true, ..self }
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

    /// Follows a planned line that makes the game last as long as the certificate allows: the
    /// largest delay of a child Breaker can select, checked on the real board to the end (Maker's
    /// stones off the plan can complete a copy early, so a tall child alone is not enough).
    fn perfect(&mut self, game: &Game) -> Cell {
        let played = game.breaker_cells();
        if self.line.len() > played.len() && self.line[..played.len()] == *played {
            return self.line[played.len()];
        }
        let replies = self.replies(game);
        let made = game.maker_cells().len() as u32;
        let cards = game.cards();
        let claim = game.active_claim();
        let longest = replies
            .iter()
            .filter_map(|&c| claim.after_reply(cards, c))
            .map(|next| made + cards.delay(next.node))
            .max()
            .unwrap_or(0);
        // Aim for the longest game, then one move shorter, …; each try explores a bounded tree.
        // Planning recurses once per Maker move: only for games of a realistic length. A shorter
        // game is aimed for only once the longer one is ruled out: when the budget ran out first,
        // the longest delay below is played and the next turn plans again, nearer the end.
        let tries = if longest.saturating_sub(made) <= PLAN_DEPTH { PLAN_TRIES } else { 0 };
        for want in (made + 1..=longest).rev().take(tries) {
            // Blocks first: a line that blocks every finish and meets no double threat, if one
            // lasts as long within its own budget, before any line. Only the ordinary pass's
            // budget running out ends the search.
            let passes: &[bool] = if self.blocks_first { &[true, false] } else { &[false] };
            let mut budget = PLAN_BUDGET;
            for &strict in passes {
                budget = PLAN_BUDGET;
                if let Some(line) = self.plan(game, want, strict, &mut budget) {
                    self.line = played.to_vec();
                    self.line.extend(line);
                    if let Some(&next) = self.line.get(played.len()) {
                        return next;
                    }
                }
            }
            if budget == 0 {
                break;
            }
        }
        // No line found within the budget: the reply whose child has the longest delay.
        let mut best: Vec<Cell> = replies
            .iter()
            .copied()
            .filter(|&c| claim.after_reply(cards, c).is_some_and(|n| made + cards.delay(n.node) == longest))
            .collect();
        best.sort();
        if self.blocks_first {
            let finishing = threats::threats(game.maker_cells(), game.breaker_cells()).cells;
            if best.iter().any(|c| finishing.contains(c)) {
                best.retain(|c| finishing.contains(c));
            }
        }
        self.pick(&best).unwrap_or_else(|| self.random_near(game))
    }

    /// Breaker's candidate replies: the free cells of the active envelope, then one far cell that
    /// stands for every reply outside it (those keep child 0), in a seeded random order.
    fn replies(&mut self, game: &Game) -> Vec<Cell> {
        let mut cells: Vec<Cell> =
            game.active_claim().envelope(game.cards()).into_iter().filter(|&c| game.is_free(c)).collect();
        let outside = Cell::new(-FAR, -FAR);
        if game.is_free(outside) {
            cells.push(outside);
        }
        for i in (1..cells.len()).rev() {
            cells.swap(i, self.rng.random_range(0..=i));
        }
        if self.blocks_first {
            let finishing = threats::threats(game.maker_cells(), game.breaker_cells()).cells;
            // A stable sort: the blocks first, each group in its seeded order.
            cells.sort_by_key(|c| !finishing.contains(c));
        }
        cells
    }

    /// Breaker moves from `game` (Breaker to move) after which Maker's game lasts exactly `want`
    /// Maker moves, if the search finds them within `budget` positions; `strict`: moves that block
    /// every finishing cell (none where two are open), so that a Maker taking finishes plays the
    /// line alike.
    fn plan(&mut self, game: &Game, want: u32, strict: bool, budget: &mut u32) -> Option<Vec<Cell>> {
        let cards = game.cards();
        let claim = game.active_claim();
        let made = game.maker_cells().len() as u32;
        let mut replies = self.replies(game);
        if strict {
            let finishing = threats::threats(game.maker_cells(), game.breaker_cells()).cells;
            match finishing.len() {
                0 => {}
                1 => replies.retain(|c| finishing.contains(c)),
                _ => return None,
            }
        }
        for reply in replies {
            if *budget == 0 {
                return None;
            }
            *budget -= 1;
            let Some(next) = claim.after_reply(cards, reply) else { continue };
            if made + cards.delay(next.node) < want {
                continue;
            }
            let mut after = game.clone();
            if after.reply(reply).is_err() {
                continue;
            }
            if after.won() {
                if after.maker_cells().len() as u32 == want {
                    return Some(vec![reply]);
                }
                continue;
            }
            if let Some(mut rest) = self.plan(&after, want, strict, budget) {
                rest.insert(0, reply);
                return Some(rest);
            }
        }
        None
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
            BreakerKind::Mixed => {
                match BreakerKind::PURE[self.rng.random_range(0..BreakerKind::PURE.len())] {
                    BreakerKind::RandomNear => self.random_near(game),
                    BreakerKind::EnvelopeRandom => self.envelope_random(game),
                    BreakerKind::Greedy => self.greedy(game),
                    _ => self.perfect(game),
                }
            }
        })
    }
}

/// The most Maker moves [`play_out`] plays: a valid certificate wins far sooner, an invalid one
/// (a root that requires cells) might never.
pub const MAX_GAME_MOVES: usize = 1_000;

/// Plays a started game to the end: Breaker's choice, then Maker's reply, until Maker wins.
/// Returns the number of Maker moves. Stops early if the Breaker offers an illegal cell, and after
/// [`MAX_GAME_MOVES`].
pub fn play_out(game: &mut Game, breaker: &mut impl Breaker) -> usize {
    while game.maker_cells().len() < MAX_GAME_MOVES
        && let Some(cell) = breaker.choose(game)
    {
        if game.reply(cell).is_err() {
            break;
        }
    }
    game.maker_cells().len()
}
