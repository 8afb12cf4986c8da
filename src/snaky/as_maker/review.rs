//! After a game as Maker: each of the player's moves against the coach — kept the proof's pace,
//! or cost moves (and left the proof), with the line the hints would have played instead.

use std::collections::HashMap;

use serde::Serialize;

use crate::snaky::cell::Cell;
use crate::snaky::game::{Move, Player};

use super::attacker::{self, hint_player};
use super::breakers::{Level, Opponent};
use super::coach::{Advice, Coach, Footing, measure};
use super::game::MakerGame;

/// One of the player's Maker moves, measured against the proof.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CoachedMove {
    /// 1-based: the player's n-th move.
    pub number: usize,
    pub cell: Cell,
    /// The proof before the move (its hint is the proven move).
    pub before: Advice,
    /// The proof at the player's next turn; `None` if the move won or no reply came yet.
    pub after: Option<Advice>,
    /// The move completed a Snaky.
    pub won: bool,
    /// How many moves the proven finish moved away: `after.within - (before.within - 1)`, or 0.
    /// Only a move made on a proof on the stones (a card, or threats) can cost: off the proof (a fresh start before the
    /// move), the promise stands still whatever is played, and no move is charged for it.
    pub cost: u32,
    /// How much closer the proven finish came than the proof before the move promised (the
    /// Breaker's reply gave ground, or the move did better than the hint): `before.within - 1 -
    /// after.within`, or 0. Like the cost, only on a proof on the stones.
    pub gain: u32,
    /// Before the move a proof built on the stones; after it, none did.
    pub left_proof: bool,
    /// For a costly move: the hints played from before it against the same Breaker, to the win.
    pub line: Vec<Move>,
}

/// The review of a game the player made as Maker against `level` (seeded as the game was).
pub fn coached_review(coach: &Coach, game: &MakerGame, level: Level, seed: u64) -> Vec<CoachedMove> {
    let mut review = Vec::new();
    // The coach asked once per turn: the advice after a move is the one before the next.
    let mut asked: HashMap<usize, Option<Advice>> = HashMap::new();
    let mut advise = |moves: usize| *asked.entry(moves).or_insert_with(|| coach.advise(&game.prefix(moves)));
    // The game's own Breaker as it stood before each move: seeded as the game was and asked again
    // at each of its turns so far, so its random ties fall as they did (a fresh one at move k
    // would break them otherwise, and the line would not be what this Breaker answers).
    let mut breaker = Opponent::new(level, seed);
    let mut breaker_at = 0;
    for (i, m) in game.moves().iter().enumerate().filter(|(_, m)| m.player == Player::Maker) {
        let position = game.prefix(i);
        let Some(before) = advise(i) else { continue };
        let won = game.won() && i + 1 == game.moves().len();
        let after = if won || game.moves().len() < i + 2 { None } else { advise(i + 2) };
        let (cost, gain) = after.map_or((0, 0), |after| measure(&before, &after));
        let left_proof = before.footing.on_stones() && after.is_some_and(|a| a.footing == Footing::Afresh);
        let line = if cost > 0 {
            for turn in (breaker_at..i).filter(|&j| game.moves()[j].player == Player::Breaker) {
                breaker.choose(&game.prefix(turn));
            }
            breaker_at = i;
            hint_line_against(coach, &position, breaker.clone())
        } else {
            Vec::new()
        };
        review.push(CoachedMove {
            number: i / 2 + 1,
            cell: m.cell,
            before,
            after,
            won,
            cost,
            gain,
            left_proof,
            line,
        });
    }
    review
}

/// The moves the hints play from `position` against `breaker` (a copy of the game's own, so the
/// line shows what its replies would be), to the win: the proof's line the Maker screen plays on
/// the board.
pub fn hint_line_against(coach: &Coach, position: &MakerGame, mut breaker: Opponent) -> Vec<Move> {
    let mut game = position.clone();
    let _ = attacker::play(&mut game, &mut hint_player(coach), &mut breaker);
    game.moves()[position.moves().len()..].to_vec()
}
