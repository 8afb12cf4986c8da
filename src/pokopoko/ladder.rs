//! The whole ladder: the fixed stages of the ladder file, then endless stages generated from
//! their number, up to [`MAX_STAGE`].

use std::path::Path;

use super::endless;
use super::ladder_file::{self, LadderError};
use super::rules::PickSet;
use super::stage::Stage;

pub use super::stage::MAX_STAGE;

/// The shipped ladder file, compiled in so the game also runs away from the source tree.
pub const BUILTIN_LADDER: &str = include_str!("../../stages/ladder.ron");

/// The fixed stages, then the endless ones.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ladder {
    fixed: Vec<Stage>,
}

impl Ladder {
    /// The ladder shipped with the game (validated by the test suite).
    pub fn builtin() -> Self {
        Self::parse(BUILTIN_LADDER, "stages/ladder.ron")
            .unwrap_or_else(|err| unreachable!("the shipped ladder is tested valid: {err}"))
    }

    /// The text of the shipped ladder file.
    pub fn builtin_text() -> &'static str {
        BUILTIN_LADDER
    }

    /// Reads and validates a ladder file.
    pub fn load(path: &Path) -> Result<Self, LadderError> {
        ladder_file::load(path).map(|fixed| Self { fixed })
    }

    /// Parses and validates ladder text; `origin` names it in errors.
    pub fn parse(text: &str, origin: &str) -> Result<Self, LadderError> {
        ladder_file::parse(text, origin).map(|fixed| Self { fixed })
    }

    /// The fixed stages, in order.
    pub fn fixed(&self) -> &[Stage] {
        &self.fixed
    }

    /// Stage `number`: a fixed stage, or an endless one generated from its number; `None` for 0
    /// and above [`MAX_STAGE`].
    pub fn stage(&self, number: u32) -> Option<Stage> {
        if !(1..=MAX_STAGE).contains(&number) {
            return None;
        }
        match self.fixed.get(number as usize - 1) {
            Some(stage) => Some(stage.clone()),
            None => {
                let buttons = endless::buttons(number)?;
                Some(Stage {
                    number,
                    picks: endless::picks(),
                    layout: endless::island(number, buttons as usize),
                })
            }
        }
    }

    /// Stage `number`'s button count and pick set, without generating its layout; `None` for 0
    /// and above [`MAX_STAGE`].
    pub fn size(&self, number: u32) -> Option<(u32, PickSet)> {
        if !(1..=MAX_STAGE).contains(&number) {
            return None;
        }
        match self.fixed.get(number as usize - 1) {
            Some(stage) => Some((stage.buttons(), stage.picks.clone())),
            None => Some((endless::buttons(number)?, endless::picks())),
        }
    }

    /// Stage `number`'s button count and pick set, for numbers the ladder screen lists (at most a
    /// screen beyond [`MAX_STAGE`], where the endless formula still holds).
    pub fn buttons_and_picks(&self, number: u32) -> (u32, PickSet) {
        match self.size(number) {
            Some(size) => size,
            // Past the last stage nothing can be played; the count only labels a locked tile, and
            // 4·n stays exact for every number a save can lead to.
            None => (endless::buttons(number).unwrap_or(u32::MAX), endless::picks()),
        }
    }

    /// Stages `1..=upto` (never beyond [`MAX_STAGE`]).
    pub fn stages(&self, upto: u32) -> impl Iterator<Item = Stage> + '_ {
        (1..=upto.min(MAX_STAGE)).filter_map(|n| self.stage(n))
    }
}
