//! What an input did to the game, told by the model as it happened: the stones placed, a refused
//! cell, the guarantee moving, Maker's win. The screen turns these into sounds and flashes; it never
//! works them out by comparing the game before and after.

use bevy::prelude::Message;

use crate::snaky::{Cell, Player, ThreatKind};

/// One thing that happened to the game, in the order it happened (Breaker's stone, the guarantee
/// it cost, Maker's answer, Maker's win).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// A stone played: Breaker's claim or Maker's answer. A game replaced as a whole (a record
    /// loaded, a move undone, a restart, a review resumed) places none.
    Placed {
        player: Player,
        cell: Cell,
        /// The stone's number on the board: its place among the game's moves, from 1 (Maker's
        /// opening).
        number: usize,
    },
    /// Breaker's stone just placed took a cell that would have finished a Snaky, and no other
    /// finish's block kept more: a forced block, never a mistake, even when the guarantee it
    /// moves (told next) falls.
    BlockedFinish(Cell),
    /// The stone just placed moved the guarantee ("Maker wins within `to` moves", where it said
    /// `from`): Breaker's stone when it gives Maker a shorter plan, Maker's when it completes a
    /// Snaky sooner than the plan promised.
    Guarantee { from: u32, to: u32 },
    /// After Maker's stone, free cells where its next stone would complete a Snaky: one (a
    /// threat: Breaker must take it) or more (a double threat: Breaker can block only one).
    Threats { kind: ThreatKind },
    /// A claim the rules or the screen's mode refuse: nothing is placed, the cell flashes.
    Refused(Cell),
    /// Maker has completed its Snaky (Breaker cannot win, only delay) after this many Maker moves:
    /// with the stone just placed, or in a record just loaded.
    MakerWon { maker_moves: u32 },
}
