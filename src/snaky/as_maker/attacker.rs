//! A fixed Maker heuristic (no proof behind it), to measure the computer Breakers against: it
//! finishes a Snaky when it can, wins by threats when its search finds a way, and otherwise
//! builds where its copies weigh most. Seeded, so a table over seeds is reproducible.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::snaky::cell::Cell;
use crate::snaky::game::Player;

use super::breakers::Opponent;
use super::coach::Coach;
use super::game::MakerGame;
use super::threat_search;

/// Positions and depth of the attacker's own search for a win by threats.
const ATTACK_POSITIONS: u32 = 2_000;
const ATTACK_DEPTH: u32 = 8;

/// The heuristic Maker.
#[derive(Clone, Debug)]
pub struct Attacker {
    rng: ChaCha8Rng,
}

impl Attacker {
    pub fn new(seed: u64) -> Self {
        Self { rng: ChaCha8Rng::seed_from_u64(seed) }
    }

    /// Maker's next cell, or `None` when it is not Maker's turn.
    pub fn choose(&mut self, game: &MakerGame) -> Option<Cell> {
        if game.to_move() != Some(Player::Maker) {
            return None;
        }
        if game.maker_cells().is_empty() {
            // Where the proofs open (any cell would do on the infinite board).
            return Some(crate::snaky::policy::OPENING);
        }
        let mut budget = ATTACK_POSITIONS;
        if let Some(win) = threat_search::forced_win(game, ATTACK_DEPTH, &mut budget) {
            return Some(win);
        }
        // Build where the copies weigh most; one of the best few, chosen by the seed.
        let cells = threat_search::build_scores(game);
        let best = cells.first()?.1;
        let near: Vec<Cell> =
            cells.iter().take_while(|&&(_, s)| s * 4 >= best * 3).map(|&(c, _)| c).take(3).collect();
        Some(near[self.rng.random_range(0..near.len())])
    }
}

/// The most Maker moves a measured game plays before it is called unfinished.
pub const GAME_LIMIT: usize = 60;

/// Plays Maker (`maker`) against a computer Breaker from `game` until Maker wins or has made
/// [`GAME_LIMIT`] moves; returns Maker's moves, or `None` if Maker did not win.
pub fn play(
    game: &mut MakerGame,
    maker: &mut impl FnMut(&MakerGame) -> Option<Cell>,
    breaker: &mut Opponent,
) -> Option<usize> {
    while !game.won() && game.maker_cells().len() < GAME_LIMIT {
        let cell = match game.to_move()? {
            Player::Maker => maker(game)?,
            Player::Breaker => breaker.choose(game)?,
        };
        game.play(cell).ok()?;
    }
    game.won().then_some(game.maker_cells().len())
}

/// Plays the coach's hints as Maker: the hinted cell every move.
pub fn hint_player(coach: &Coach) -> impl FnMut(&MakerGame) -> Option<Cell> + '_ {
    move |game| coach.advise(game).map(|advice| advice.hint)
}
