//! What happened in a game, told by the screen where it happened.
//!
//! Screens write [`GameEvent`]s; the sound plays a cue for each and the idle wake-up draws the
//! frames they need. A screen that moves by itself asks for its next frame with [`Redraw`], or
//! for a frame at a later moment with [`WakeAt`]. Neither the sound nor the wake-up looks inside
//! a screen: a new screen that writes these is heard and kept awake with nothing else to change.

use std::time::Duration;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<GameEvent>().add_message::<Redraw>().add_message::<WakeAt>();
}

/// One thing that happened on a screen this frame.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameEvent {
    /// The player pressed this many buttons in one turn.
    Pressed { buttons: u32 },
    /// The COM pressed one button (its presses are shown one by one).
    ComPressed,
    /// Stones played on the Snaky board this frame.
    Stones(Stones),
    /// A move the rules (or the turn) do not allow.
    Refused,
    /// The player's Snaky move gave Maker a shorter plan: the guarantee went down by `lost`.
    Costly { lost: u32 },
    /// Maker threatens to complete a Snaky: at one free cell, or (`double`) at two or more.
    Threat { double: bool },
    /// A match or a game is over: won by the player, or lost.
    Ended { won: bool },
}

/// Something moves on screen (the COM's presses, a flash, a computation under way): draw the next
/// frame too. Not a game event: nothing happened, the screen only needs drawing.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Redraw;

/// The stones of one move on the Snaky board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stones {
    Breaker,
    Maker,
    /// Breaker's stone and Maker's answer.
    Exchange,
}

/// Wake the game by itself at this moment (a watched computer Breaker's next move), even if
/// nothing else happens until then.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct WakeAt {
    /// The moment on Bevy's real-time clock (`Time<Real>`), which frames and tests count in.
    pub clock: Duration,
}
