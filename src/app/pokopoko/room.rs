//! The room a match is played in: the ladder's, or free play's. The play, result and strategy
//! screens serve both; the room tells them where "back" goes and what they may show.

use bevy::prelude::*;

use super::table::Table;
use crate::app::Screen;
use crate::app::i18n::{self, Language, T};
use crate::pokopoko::{FreeSetup, Hint, Stage};

/// Where the match on the table belongs: the ladder (progress recorded, no hints) or free play.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub enum Room {
    #[default]
    Ladder,
    /// A free game of this setup.
    Free(FreeSetup),
}

impl Room {
    /// Where a match of this room is set up: the stage intro, or the free-play setup.
    pub fn setup_screen(&self) -> Screen {
        match self {
            Self::Ladder => Screen::Intro,
            Self::Free(_) => Screen::FreeSetup,
        }
    }

    /// Only ladder matches count for the ladder's progress and record.
    pub fn records_ladder(&self) -> bool {
        matches!(self, Self::Ladder)
    }

    pub fn is_free(&self) -> bool {
        matches!(self, Self::Free(_))
    }

    /// The practice hint for the human facing `table`'s position: free play with the switch on only.
    pub fn practice_hint(&self, table: &Table) -> Option<Hint> {
        match self {
            Self::Free(setup) if setup.practice => {
                let game = table.game();
                Some(Hint::new(game.solver(), game.remaining()))
            }
            _ => None,
        }
    }

    /// The title of a match's screens: the stage, or free play.
    pub fn title(&self, lang: Language, stage: &Stage) -> String {
        match self {
            Self::Ladder => i18n::stage_title(lang, stage.number),
            Self::Free(_) => T::FreeTitle.get(lang).to_string(),
        }
    }
}
