//! Sound: the cues synthesised by [`crate::synth`], played when something happens, and the
//! player's mute and volume (M mutes on every screen; the menu has a volume row, − and + keys).
//!
//! Screens tell what happened with [`GameEvent`](super::events::GameEvent)s and each is heard as its cue ([`hear`]); the
//! settings ask for a poko with [`PlaySound`]. [`playback`] plays them: the windowed game adds its
//! [`SpeakerPlugin`]; without it (the app tests) the sounds asked for are dropped the same frame.
//!
//! - `mixer`: our mixer (no Bevy): the sounds playing at once, summed.
//! - `pulse` (Linux): the thread that streams the mix to the sound server.
//! - `volume_row`: the menu's volume row.
//! - `wants`: what the rest of the game asks of the sound ([`PlaySound`], [`SoundAction`]).

pub mod hear;
pub mod mixer;
pub mod playback;
#[cfg(target_os = "linux")]
pub mod pulse;
mod volume_row;
pub mod wants;

use bevy::prelude::*;
use bevy::transform::TransformSystems;

use super::keymap::{Binding, Keymap, Keys};
use super::storage::SaveData;
use crate::synth::Cue;

pub use hear::hear;
#[cfg(target_os = "linux")]
pub use playback::Speaker;
pub use playback::SpeakerPlugin;
pub use volume_row::volume_row;
pub use wants::{PlaySound, SoundAction};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<PlaySound>()
        .add_message::<SoundAction>()
        .add_plugins(playback::plugin)
        .add_systems(
            Update,
            (mute_key, change_settings, volume_row::show_settings.run_if(resource_changed::<SaveData>))
                .chain(),
        )
        // After every screen's Update (and, where Bevy plays the sounds, before its audio systems,
        // which follow the transform propagation), so a sound asked for in a frame starts in that
        // frame, even when the game sleeps right after it.
        .add_systems(
            PostUpdate,
            (hear::game_events, playback::play).chain().before(TransformSystems::Propagate),
        );
}

/// The keys of every screen: M mutes and unmutes (the mute button says so).
const KEYS: Keymap<SoundAction> =
    Keymap(&[Binding::press(&[KeyCode::KeyM], SoundAction::ToggleMute, "M：ミュート", "M: mute")]);

fn mute_key(keys: Keys, mut actions: MessageWriter<SoundAction>) {
    actions.write_batch(keys.actions(KEYS));
}

/// Applies and saves the changes; a new volume is heard at once with a poko.
fn change_settings(
    mut actions: MessageReader<SoundAction>,
    mut data: ResMut<SaveData>,
    mut sounds: MessageWriter<PlaySound>,
) {
    let before = data.save.settings.sound;
    let after = actions.read().fold(before, |settings, action| action.apply(settings));
    if after == before {
        return;
    }
    data.save.settings.sound = after;
    data.store();
    if after.volume != before.volume {
        sounds.write(PlaySound(Cue::Press { buttons: 1 }));
    }
}
