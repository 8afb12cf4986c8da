//! What the rest of the game asks of the sound: a sound to play now, a change to its settings.

use bevy::prelude::*;

use crate::sound_settings::SoundSettings;
use crate::synth::Cue;

/// Play this sound now (at the player's volume; nothing when muted).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlaySound(pub Cue);

/// A change to the sound settings, from a key or a button; each is saved at once.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum SoundAction {
    ToggleMute,
    Louder,
    Quieter,
}

impl SoundAction {
    pub(super) fn apply(self, settings: SoundSettings) -> SoundSettings {
        match self {
            Self::ToggleMute => settings.toggle_mute(),
            Self::Louder => settings.louder(),
            Self::Quieter => settings.quieter(),
        }
    }
}
