//! What the stage screens share: the stage being played, the match that just ended, the pace
//! of the COM's presses, the seeds of matches, where the strategy page returns to, and the
//! stage screens' actions.

use std::time::Duration;

use bevy::prelude::*;

use super::table::Table;
use crate::app::Screen;
use crate::pokopoko::{Mistake, Stage, TurnOrder, find_mistake};

/// Where each match's seed comes from: a losing COM varies its press with it (the same seed,
/// the same match). Tests start at 0; the game starts from the clock.
#[derive(Resource, Debug, Clone, Default)]
pub struct MatchSeeds {
    next: u64,
}

impl MatchSeeds {
    pub fn starting_at(seed: u64) -> Self {
        Self { next: seed }
    }

    /// The next match's seed (SplitMix64 steps, so consecutive matches differ in every bit).
    pub fn take(&mut self) -> u64 {
        let seed = self.next;
        self.next = self.next.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = seed;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// The stage being played (or about to be).
#[derive(Resource, Debug, Clone)]
pub struct CurrentStage(pub Stage);

/// How fast the COM's presses are shown. Tests use [`Pace::instant`]: one press per frame.
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct Pace {
    /// From the start of the COM's turn to its first press.
    pub com_starts: Duration,
    /// Between two of the COM's presses.
    pub com_press: Duration,
    /// From the last press to the result screen.
    pub result_after: Duration,
}

impl Default for Pace {
    fn default() -> Self {
        Self {
            com_starts: Duration::from_millis(550),
            com_press: Duration::from_millis(320),
            result_after: Duration::from_millis(900),
        }
    }
}

impl Pace {
    pub fn instant() -> Self {
        Self { com_starts: Duration::ZERO, com_press: Duration::ZERO, result_after: Duration::ZERO }
    }
}

/// The match that just ended, for the result screen.
#[derive(Resource, Debug, Clone)]
pub struct LastMatch {
    pub table: Table,
    /// The human's first mistake (only after a loss).
    pub mistake: Option<Mistake>,
}

impl LastMatch {
    pub fn new(table: Table) -> Self {
        let human_lost = table.game().winner() == Some(crate::pokopoko::Side::Com);
        let mistake = if human_lost { find_mistake(table.game()) } else { None };
        Self { table, mistake }
    }

    pub fn won(&self) -> bool {
        self.table.game().winner() == Some(crate::pokopoko::Side::Human)
    }
}

/// Where the strategy page returns to.
#[derive(Resource, Debug, Clone, Copy)]
pub struct StrategyReturn(pub Screen);

/// What the stage screens' buttons and keys ask for.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum StageAction {
    /// Show stage n's intro (refused while n is locked).
    Open(u32),
    /// Start the current stage moving first or second.
    Start(TurnOrder),
    RetryFromStart,
    /// Replay the lost match from just before the mistake.
    RetryFromMistake,
    /// The strategy page for the current stage's pick range.
    Strategy,
}
