//! Playing the sounds asked for, at the player's volume and not at all when muted. On Linux they
//! go to our sound thread ([`super::pulse`]), which mixes them and streams them to the desktop's
//! sound server; elsewhere Bevy's audio plays them (cpal needs no system package on Windows or
//! macOS). The windowed game adds [`SpeakerPlugin`]; without it the sounds asked for are dropped.

use bevy::prelude::*;

use super::wants::PlaySound;
use crate::app::storage::SaveData;

#[cfg(target_os = "linux")]
pub use linux::{Speaker, SpeakerPlugin, play};
#[cfg(not(target_os = "linux"))]
pub use other::{SoundEffect, SpeakerPlugin, play};

pub(super) fn plugin(app: &mut App) {
    #[cfg(not(target_os = "linux"))]
    app.init_resource::<other::Sources>().add_systems(Last, other::drop_unplayed);
    #[cfg(target_os = "linux")]
    let _ = app;
}

#[cfg(target_os = "linux")]
mod linux {
    use super::*;
    use crate::app::sound::pulse::{Output, Server};

    /// Plays the game's sounds through the sound server: starts the sound thread, which connects
    /// at once (off the frame; no server means silence and one log line).
    #[derive(Debug, Clone)]
    pub struct SpeakerPlugin {
        pub server: Server,
    }

    impl Default for SpeakerPlugin {
        /// The desktop's server, as `$PULSE_SERVER` or the runtime directory name it.
        fn default() -> Self {
            Self { server: Server::from_env() }
        }
    }

    impl Plugin for SpeakerPlugin {
        fn build(&self, app: &mut App) {
            app.insert_resource(Speaker(Output::start(self.server.clone())));
        }
    }

    /// The sound thread (it ends with the app).
    #[derive(Resource, Debug)]
    pub struct Speaker(pub Output);

    /// Hands the sounds asked for this frame to the sound thread; never waits for it.
    pub fn play(mut requests: MessageReader<PlaySound>, data: Res<SaveData>, speaker: Option<Res<Speaker>>) {
        let settings = data.save.settings.sound;
        let Some(speaker) = speaker.filter(|_| !settings.is_silent()) else {
            requests.clear();
            return;
        };
        for &PlaySound(cue) in requests.read() {
            speaker.0.play(cue, settings.gain());
        }
    }
}

#[cfg(not(target_os = "linux"))]
mod other {
    use std::collections::HashMap;
    use std::sync::Arc;

    use bevy::audio::{AudioPlayer, AudioSink, AudioSource, PlaybackSettings, Volume as Loudness};

    use super::*;
    use crate::app::sound::mixer::Bank;
    use crate::synth::Cue;

    /// Bevy's audio plugin (part of `DefaultPlugins` here) plays the sounds: nothing to add.
    #[derive(Debug, Clone, Default)]
    pub struct SpeakerPlugin;

    impl Plugin for SpeakerPlugin {
        fn build(&self, _app: &mut App) {}
    }

    /// A sound being played (the entity goes when it ends, or at once when there is no device).
    #[derive(Component, Debug)]
    pub struct SoundEffect(pub Cue);

    /// Which pitch comes next, and each rendered sound encoded as WAV once.
    #[derive(Resource, Debug, Default)]
    pub(super) struct Sources {
        bank: Bank,
        encoded: HashMap<(Cue, usize), Handle<AudioSource>>,
    }

    /// Starts the sounds asked for this frame. Without the audio plugin (tests) there is nothing
    /// to play them on.
    pub fn play(
        mut requests: MessageReader<PlaySound>,
        data: Res<SaveData>,
        assets: Option<ResMut<Assets<AudioSource>>>,
        mut sources: ResMut<Sources>,
        mut commands: Commands,
    ) {
        let settings = data.save.settings.sound;
        let Some(mut assets) = assets.filter(|_| !settings.is_silent()) else {
            requests.clear();
            return;
        };
        for &PlaySound(cue) in requests.read() {
            let key = sources.bank.key(cue);
            let source = sources
                .encoded
                .entry(key)
                .or_insert_with(|| assets.add(AudioSource { bytes: Arc::from(key.0.wav(key.1)) }))
                .clone();
            commands.spawn((
                Name::new("Sound"),
                SoundEffect(cue),
                AudioPlayer(source),
                PlaybackSettings::DESPAWN.with_volume(Loudness::Linear(settings.gain())),
            ));
        }
    }

    /// A sound that got no sink by the end of its frame never will (Bevy found no audio device):
    /// dropped, so they do not pile up.
    pub(super) fn drop_unplayed(
        sounds: Query<Entity, (With<SoundEffect>, Without<AudioSink>)>,
        mut commands: Commands,
    ) {
        for sound in &sounds {
            commands.entity(sound).despawn();
        }
    }
}
