//! Infinite Pokopoko: a misère subtraction game played as a ladder of stages.
//!
//! Plain Rust, no Bevy: the rules ([`rules`]), the perfect COM ([`solver`]), the stage ladder
//! ([`stage`], [`layout`], [`endless`]), one match in progress ([`game`]) and the post-game
//! lesson ([`lesson`]).

pub mod endless;
pub mod game;
pub mod layout;
pub mod lesson;
pub mod rules;
pub mod solver;
pub mod stage;

pub use game::{Match, MatchError, Side};
pub use layout::{Cell, Layout};
pub use lesson::{Mistake, find_mistake};
pub use rules::{PickSet, RulesError, TurnOrder};
pub use solver::{Rule, Solver};
pub use stage::{Ladder, LadderError, Stage};
