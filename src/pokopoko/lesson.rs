//! After a loss: the exact mistake, and what would have been right (SPEC §1.5).

use super::game::{Match, Side};
use super::rules::TurnOrder;

/// The human's first mistake in a match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Mistake {
    /// The turn-order choice already lost: from there the perfect COM cannot be beaten.
    TurnOrder { chosen: TurnOrder, right: TurnOrder, buttons: u32 },
    /// The first human turn after which the COM stood on a winning position.
    Move {
        /// Index of that turn in the match history (0-based).
        turn: usize,
        remaining_before: u32,
        pressed: u32,
        /// The counts that would have kept the win, ascending (never empty).
        right_counts: Vec<u32>,
    },
}

impl Mistake {
    /// The positions the right counts would have left the COM on (losing positions).
    pub fn right_leaves(&self) -> Vec<u32> {
        match self {
            Self::TurnOrder { .. } => Vec::new(),
            Self::Move { remaining_before, right_counts, .. } => {
                right_counts.iter().map(|k| remaining_before - k).collect()
            }
        }
    }
}

/// The human's first mistake, or `None` if the human has not (yet) thrown the win away.
pub fn find_mistake(game: &Match) -> Option<Mistake> {
    let solver = game.solver();
    let right = solver.right_choice(game.buttons());
    if game.human_order() != right {
        return Some(Mistake::TurnOrder { chosen: game.human_order(), right, buttons: game.buttons() });
    }
    game.history().iter().enumerate().find_map(|(index, turn)| {
        let left = turn.remaining_after();
        let com_stands_on_a_win = left == 0 || solver.can_win(left);
        (turn.side == Side::Human && com_stands_on_a_win).then(|| Mistake::Move {
            turn: index,
            remaining_before: turn.remaining_before,
            pressed: turn.count,
            right_counts: solver.winning_counts(turn.remaining_before),
        })
    })
}
