//! Infinite Pokopoko: a misère subtraction game played as a ladder of stages.
//!
//! Plain Rust, no Bevy: the rules ([`rules`]), the perfect COM ([`solver`]), one stage
//! ([`stage`], [`layout`]), the ladder ([`ladder`]: the fixed stages of the file format in
//! [`ladder_file`], then the [`endless`] ones) and the player's [`progress`] up it, one match in
//! progress ([`game`]) and the post-game lesson ([`lesson`]), and [`free`] play on any rule.

pub mod endless;
mod fenwick;
pub mod free;
pub mod game;
pub mod ladder;
pub mod ladder_file;
pub mod layout;
pub mod lesson;
pub mod progress;
pub mod rules;
pub mod solver;
pub mod stage;

pub use free::{FreeError, FreeSetup, Hint, RuleKind, SetupEntries as FreeSetupEntries};
pub use game::{Match, MatchError, Side};
pub use ladder::{Ladder, MAX_STAGE};
pub use ladder_file::{LadderError, StageProblem};
pub use layout::{Cell, Layout};
pub use lesson::{Mistake, find_mistake};
pub use progress::{ChoiceRecord, Progress, StageRecord};
pub use rules::{PickSet, RulesError, TurnOrder};
pub use solver::{Rule, RuleError, Solver};
pub use stage::Stage;
