//! The post-game lesson: each of Breaker's moves with the guarantee before and after it, the Maker
//! moves it lost, and the replies that would have kept the guarantee.
//!
//! Every number is the panel's guarantee ([`Game::guarantee`]): "Maker wins within k moves",
//! counting Maker's moves from the first. Before a Breaker move it is read with Breaker to move;
//! after it, with Maker to move and the claim already moved to the child the reply selected. A
//! reply's guarantee is then `made + h(child)`, the heat map's height counted from the start of
//! the game, so the replies in [`ReviewedMove::best`] are exactly the ones whose `lost` would be
//! the smallest.
//!
//! After Maker's answer the guarantee reads the same (`made + 1 + h(child) − 1`), with one
//! exception: when that answer completes a Snaky sooner than the claim promised (Maker's stones
//! off the plan made a copy), the guarantee drops to the moves Maker made. That number is kept
//! apart, as [`ReviewedMove::guarantee_after_maker`], so that `lost` stays the cost of Breaker's
//! choice alone.
//!
//! ```
//! use pokopoko::snaky::{self, Cell, review};
//! let cards = snaky::shipped_cards().expect("the shipped certificate");
//! let lesson = review::review(cards, &[Cell::new(7, 8), Cell::new(8, 6)]).expect("legal moves");
//! assert_eq!(lesson.par, 21);
//! assert_eq!(lesson.held_out, None, "Maker has not won yet");
//! let first = &lesson.moves[0];
//! assert_eq!(first.lost, first.guarantee_before - first.guarantee_after);
//! ```

use std::sync::Arc;

use serde::Serialize;

use super::card::Cards;
use super::cell::Cell;
use super::errors::{RecordError, RecordErrorKind};
use super::game::{Game, Player};

/// The lesson of one game: par, how long Maker was held out, and every Breaker move reviewed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Review {
    /// The guarantee of the empty board: the root card's height (21 for the paper's Maker, 20 for
    /// ours). Holding Maker out this long is the best a Breaker can do.
    pub par: u32,
    /// The number of Maker moves when Maker completed its Snaky; `None` while the game is not
    /// over (the moves ended before Maker won).
    pub held_out: Option<u32>,
    /// One entry per Breaker move, in order.
    pub moves: Vec<ReviewedMove>,
}

/// One Breaker move of the lesson.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ReviewedMove {
    /// Breaker's cell.
    pub breaker: Cell,
    /// Maker's answer to it.
    pub maker: Cell,
    /// The guarantee with Breaker to move, as the panel showed it before this move.
    pub guarantee_before: u32,
    /// The guarantee once this move is made (Maker to move, the claim on the child it selected).
    pub guarantee_after: u32,
    /// The guarantee after Maker's answer: `guarantee_after`, unless that answer completed a
    /// Snaky sooner than the claim promised (then the number of Maker moves).
    pub guarantee_after_maker: u32,
    /// Maker moves this move gave away: `guarantee_before − guarantee_after`.
    pub lost: u32,
    /// The highest guarantee any reply here keeps (what the replies in `best` keep).
    pub kept: u32,
    /// The free cells of the active envelope whose reply keeps `kept`, in the envelope's order.
    pub best: Vec<Cell>,
    /// A reply outside the envelope (any free cell there) keeps `kept` too.
    pub best_outside: bool,
}

impl Review {
    /// Whether Maker has completed its Snaky.
    pub fn over(&self) -> bool {
        self.held_out.is_some()
    }

    /// The index in [`Review::moves`] of the move that lost the most Maker moves (the first on a
    /// tie), or `None` when no move lost any.
    pub fn costliest(&self) -> Option<usize> {
        let most = self.moves.iter().map(|m| m.lost).max().filter(|&lost| lost > 0)?;
        self.moves.iter().position(|m| m.lost == most)
    }
}

/// How many moves of the game were played before Breaker's move `index` (0-based): Maker's
/// opening and one Maker answer per earlier Breaker move. `game.prefix(before(index))` is the
/// board the lesson shows for that move, Breaker to move.
pub const fn before(index: usize) -> usize {
    2 * index + 1
}

/// Replays a game — Maker's opening, then each Breaker move and Maker's answer — and reviews every
/// Breaker move. An occupied cell or a move after Maker has won is an error naming the move's
/// 1-based position (as [`super::record::replay`]'s are).
pub fn review(cards: Arc<Cards>, breaker_moves: &[Cell]) -> Result<Review, RecordError> {
    let (review, error) = reviewed(cards, breaker_moves);
    match error {
        Some(error) => Err(error),
        None => Ok(review),
    }
}

/// The lesson of a game in progress or finished: its Breaker moves reviewed, each with Maker's
/// answer (a last Breaker move Maker has not answered yet is answered here).
pub fn review_game(game: &Game) -> Review {
    // A game's own moves were legal in this order, so no error can stop the replay.
    reviewed(Arc::clone(game.cards()), game.breaker_cells()).0
}

/// The review of the moves up to the first illegal one, and the error that stopped it, if any.
fn reviewed(cards: Arc<Cards>, breaker_moves: &[Cell]) -> (Review, Option<RecordError>) {
    let mut game = Game::started(cards);
    let par = game.guarantee();
    let mut moves = Vec::with_capacity(breaker_moves.len());
    let mut error = None;
    for (index, &cell) in breaker_moves.iter().enumerate() {
        match reviewed_move(&mut game, cell) {
            Ok(reviewed) => moves.push(reviewed),
            Err(e) => {
                let token = format!("{},{}", cell.x, cell.y);
                error = Some(RecordError { position: index + 1, token, kind: RecordErrorKind::Illegal(e) });
                break;
            }
        }
    }
    let held_out = game.won().then(|| game.maker_cells().len() as u32);
    (Review { par, held_out, moves }, error)
}

/// Reviews Breaker's move `cell` (Breaker to move), then plays it and Maker's answer.
fn reviewed_move(game: &mut Game, cell: Cell) -> Result<ReviewedMove, super::errors::MoveError> {
    let guarantee_before = game.guarantee();
    let replies = if game.to_move() == Some(Player::Breaker) { game.reply_guarantees() } else { Vec::new() };
    game.breaker_move(cell)?;
    let guarantee_after = game.guarantee();
    let maker = game.maker_move()?;
    let kept = replies.iter().map(|&(_, guarantee)| guarantee).max().unwrap_or(guarantee_after);
    let best = replies.iter().filter(|&&(_, g)| g == kept).filter_map(|&(reply, _)| reply).collect();
    let best_outside = replies.iter().any(|&(reply, g)| reply.is_none() && g == kept);
    Ok(ReviewedMove {
        breaker: cell,
        maker,
        guarantee_before,
        guarantee_after,
        guarantee_after_maker: game.guarantee(),
        // The guarantee never increases (SPEC §2.4); saturating keeps a bad certificate harmless.
        lost: guarantee_before.saturating_sub(guarantee_after),
        kept,
        best,
        best_outside,
    })
}
