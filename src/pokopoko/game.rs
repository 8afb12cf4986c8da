//! One match of a stage: the human against the perfect COM.

use thiserror::Error;

use super::rules::{PickSet, TurnOrder};
use super::solver::Solver;
use super::stage::Stage;

/// A player in a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    Human,
    Com,
}

impl Side {
    pub fn other(self) -> Self {
        match self {
            Self::Human => Self::Com,
            Self::Com => Self::Human,
        }
    }
}

/// One turn: who pressed how many, and how many were left before.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Turn {
    pub side: Side,
    pub count: u32,
    pub remaining_before: u32,
}

impl Turn {
    pub fn remaining_after(&self) -> u32 {
        self.remaining_before - self.count
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MatchError {
    #[error("the match is over")]
    Over,
    #[error("it is not {0:?}'s turn")]
    NotYourTurn(Side),
    #[error("cannot press {count} with {remaining} left: allowed {allowed:?}")]
    Illegal { count: u32, remaining: u32, allowed: Vec<u32> },
}

/// A match in progress. Misère: whoever presses the last button loses.
#[derive(Debug, Clone)]
pub struct Match {
    buttons: u32,
    solver: Solver,
    human_order: TurnOrder,
    remaining: u32,
    history: Vec<Turn>,
    /// Varies the COM's press when it stands on a losing number ([`Solver::com_move_seeded`]).
    seed: u64,
}

impl Match {
    pub fn new(stage: &Stage, human_order: TurnOrder) -> Self {
        Self::with_solver(stage.solver(), stage.buttons(), human_order)
    }

    /// A match on `buttons` buttons; `solver` must cover `buttons`.
    pub fn with_solver(solver: Solver, buttons: u32, human_order: TurnOrder) -> Self {
        Self { buttons, solver, human_order, remaining: buttons, history: Vec::new(), seed: 0 }
    }

    /// The same match with its COM seeded by `seed` (a new match starts with seed 0): the COM's
    /// press from a losing number depends on the seed, the turn and the buttons left, so the app
    /// gives each match its own seed and the same seed replays the same match.
    pub fn with_seed(self, seed: u64) -> Self {
        Self { seed, ..self }
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    pub fn buttons(&self) -> u32 {
        self.buttons
    }

    pub fn remaining(&self) -> u32 {
        self.remaining
    }

    pub fn picks(&self) -> &PickSet {
        self.solver.picks()
    }

    pub fn solver(&self) -> &Solver {
        &self.solver
    }

    pub fn human_order(&self) -> TurnOrder {
        self.human_order
    }

    pub fn history(&self) -> &[Turn] {
        &self.history
    }

    /// Who moves now, or `None` once every button is pressed.
    pub fn to_move(&self) -> Option<Side> {
        if self.remaining == 0 {
            return None;
        }
        let first = match self.human_order {
            TurnOrder::First => Side::Human,
            TurnOrder::Second => Side::Com,
        };
        Some(if self.history.len().is_multiple_of(2) { first } else { first.other() })
    }

    /// The winner: the player who did not press the last button.
    pub fn winner(&self) -> Option<Side> {
        match (self.remaining, self.history.last()) {
            (0, Some(last)) => Some(last.side.other()),
            _ => None,
        }
    }

    /// The counts the player to move may press now.
    pub fn legal_counts(&self) -> Vec<u32> {
        self.picks().legal_counts(self.remaining)
    }

    /// `side` presses `count` buttons.
    pub fn press(&mut self, side: Side, count: u32) -> Result<Turn, MatchError> {
        let to_move = self.to_move().ok_or(MatchError::Over)?;
        if to_move != side {
            return Err(MatchError::NotYourTurn(side));
        }
        if !self.picks().is_legal(self.remaining, count) {
            return Err(MatchError::Illegal {
                count,
                remaining: self.remaining,
                allowed: self.legal_counts(),
            });
        }
        let turn = Turn { side, count, remaining_before: self.remaining };
        self.remaining -= count;
        self.history.push(turn);
        Ok(turn)
    }

    /// What the COM presses now: the smallest winning count when there is one, else a press that
    /// varies with the match's seed ([`Solver::com_move_seeded`]).
    pub fn com_choice(&self) -> Option<u32> {
        self.solver.com_move_seeded(self.remaining, self.seed, self.history.len())
    }

    /// The COM takes its turn.
    pub fn play_com(&mut self) -> Result<Turn, MatchError> {
        let count = self.com_choice().ok_or(MatchError::Over)?;
        self.press(Side::Com, count)
    }

    /// The same match with only its first `turns` turns played ("replay from that move"), with the
    /// same seed: the COM plays on as it did.
    pub fn rewound(&self, turns: usize) -> Self {
        let mut rewound = Self { history: Vec::new(), remaining: self.buttons, ..self.clone() };
        for turn in self.history.iter().take(turns) {
            rewound.remaining -= turn.count;
            rewound.history.push(*turn);
        }
        rewound
    }
}
