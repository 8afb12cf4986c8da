//! The language of every string on screen: chosen by the player, kept in the save, read by the
//! game's string table.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Language {
    #[default]
    Japanese,
    English,
}

impl Language {
    pub fn other(self) -> Self {
        match self {
            Self::Japanese => Self::English,
            Self::English => Self::Japanese,
        }
    }
}
