//! One stage: how many buttons, how many may be pressed per turn, and how they are laid out.

use super::layout::Layout;
use super::rules::{PickSet, TurnOrder};
use super::solver::Solver;

/// The last stage of the ladder. No player gets near it (stage 100,000 has 400,000 buttons);
/// every stage up to it is generated in well under a second, and a save may name no stage beyond.
pub const MAX_STAGE: u32 = 100_000;

/// One stage of the ladder (a fixed one from the ladder file, or an endless one).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stage {
    pub number: u32,
    pub picks: PickSet,
    pub layout: Layout,
}

impl Stage {
    /// The number of buttons at the start.
    pub fn buttons(&self) -> u32 {
        self.layout.len() as u32
    }

    /// The solver for this stage's pick set, covering every position of the stage.
    pub fn solver(&self) -> Solver {
        Solver::new(self.picks.clone(), self.buttons())
    }

    /// The turn order that wins against the perfect COM, derived from the solver.
    pub fn right_choice(&self) -> TurnOrder {
        self.solver().right_choice(self.buttons())
    }
}
