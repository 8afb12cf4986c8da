//! Sound: the cues synthesised by [`crate::sound`], played when something happens, and the
//! player's mute and volume (M mutes on every screen; the menu has a volume row, − and + keys).
//!
//! Screens tell what happened with [`GameEvent`]s and each is heard as its cue ([`hear`]); the
//! settings ask for a poko with [`PlaySound`]. With no audio device (CI, Xvfb) Bevy plays nothing
//! and the sounds asked for are dropped the same frame.

use std::collections::HashMap;
use std::sync::Arc;

use bevy::audio::{AudioPlayer, AudioSink, AudioSource, PlaybackSettings, Volume as Loudness};
use bevy::prelude::*;
use bevy::transform::TransformSystems;

use super::events::{GameEvent, Stones};
use super::i18n::{Language, T};
use super::keymap::{Binding, Keymap};
use super::storage::SaveData;
use super::theme::palette;
use super::theme::widgets::{self, ButtonKind, send};
use crate::sound::{Cue, MAX_POKOS, POKO_VARIATION, SoundSettings};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<PlaySound>()
        .add_message::<SoundAction>()
        .init_resource::<SoundBank>()
        .add_systems(
            Update,
            (mute_key, change_settings, show_settings.run_if(resource_changed::<SaveData>)).chain(),
        )
        // After every screen's Update and before Bevy's audio systems (which follow the transform
        // propagation), so a sound asked for in a frame starts in that frame, even when the game
        // sleeps right after it.
        .add_systems(PostUpdate, (hear_game_events, play).chain().before(TransformSystems::Propagate))
        .add_systems(Last, drop_unplayed);
}

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
    fn apply(self, settings: SoundSettings) -> SoundSettings {
        match self {
            Self::ToggleMute => settings.toggle_mute(),
            Self::Louder => settings.louder(),
            Self::Quieter => settings.quieter(),
        }
    }
}

/// A sound being played (the entity goes when it ends, or at once when there is no device).
#[derive(Component, Debug)]
pub struct SoundEffect(pub Cue);

/// The rendered sounds, each encoded once, and which poko pitch comes next.
#[derive(Resource, Debug, Default)]
struct SoundBank {
    sources: HashMap<(Cue, usize), Handle<AudioSource>>,
    next_variation: usize,
}

impl SoundBank {
    /// The sound for `cue`; pokos take the next pitches in turn, so no two presses in a row sound
    /// alike. At most (MAX_POKOS + 1) × 7 poko sounds plus one per other cue are ever kept.
    fn source(&mut self, cue: Cue, assets: &mut Assets<AudioSource>) -> Handle<AudioSource> {
        let cue = match cue {
            Cue::Press { buttons } => Cue::Press { buttons: buttons.clamp(1, MAX_POKOS) },
            other => other,
        };
        let variation = if cue.varies() {
            let variation = self.next_variation;
            let pokos = match cue {
                Cue::Press { buttons } => buttons as usize,
                _ => 1,
            };
            self.next_variation = (variation + pokos) % POKO_VARIATION.len();
            variation
        } else {
            0
        };
        self.sources
            .entry((cue, variation))
            .or_insert_with(|| assets.add(AudioSource { bytes: Arc::from(cue.wav(variation)) }))
            .clone()
    }
}

/// The keys of every screen: M mutes and unmutes (the mute button says so).
const KEYS: Keymap<SoundAction> =
    Keymap(&[Binding::press(&[KeyCode::KeyM], SoundAction::ToggleMute, "M：ミュート", "M: mute")]);

fn mute_key(keys: Option<Res<ButtonInput<KeyCode>>>, mut actions: MessageWriter<SoundAction>) {
    let Some(keys) = keys else { return };
    actions.write_batch(KEYS.actions(&keys));
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

/// The volume row's number and mute button follow the settings.
#[derive(Component, Debug)]
struct VolumeText;

#[derive(Component, Debug)]
struct MuteButton;

/// The menu's sound row: label, −, the volume, +, and the mute button.
pub fn volume_row(parent: &mut ChildSpawnerCommands, lang: Language, settings: SoundSettings) {
    parent.spawn(widgets::row(12.0)).with_children(|row| {
        row.spawn(widgets::label(T::SoundLabel.get(lang)));
        row.spawn(widgets::sized_button("-", ButtonKind::Secondary, 64.0, 24.0))
            .observe(send(SoundAction::Quieter));
        row.spawn((
            VolumeText,
            widgets::text(volume_text(settings), 26.0, volume_ink(settings)),
            // Room for "10/10", so the row does not move as the number changes.
            Node { min_width: px(70), ..default() },
            TextLayout::justify(Justify::Center),
        ));
        row.spawn(widgets::sized_button("+", ButtonKind::Secondary, 64.0, 24.0))
            .observe(send(SoundAction::Louder));
        row.spawn((MuteButton, widgets::sized_button(T::Mute.get(lang), mute_kind(settings), 150.0, 20.0)))
            .observe(send(SoundAction::ToggleMute));
    });
}

fn volume_text(settings: SoundSettings) -> String {
    format!("{}/{}", settings.volume.step(), crate::sound::Volume::MAX)
}

fn volume_ink(settings: SoundSettings) -> Color {
    if settings.is_silent() { palette::INK_SOFT } else { palette::INK }
}

fn mute_kind(settings: SoundSettings) -> ButtonKind {
    if settings.muted { ButtonKind::Primary } else { ButtonKind::Secondary }
}

fn show_settings(
    data: Res<SaveData>,
    mut texts: Query<(&mut Text, &mut TextColor), With<VolumeText>>,
    mut mute: Query<&mut ButtonKind, With<MuteButton>>,
) {
    let settings = data.save.settings.sound;
    for (mut text, mut ink) in &mut texts {
        let wanted = volume_text(settings);
        if text.0 != wanted {
            text.0 = wanted;
        }
        if ink.0 != volume_ink(settings) {
            ink.0 = volume_ink(settings);
        }
    }
    for mut kind in &mut mute {
        if *kind != mute_kind(settings) {
            *kind = mute_kind(settings);
        }
    }
}

/// The cue that tells a player what happened; `None` for what is seen, not heard.
pub fn hear(event: GameEvent) -> Option<Cue> {
    Some(match event {
        GameEvent::Pressed { buttons } => Cue::Press { buttons },
        GameEvent::ComPressed => Cue::ComPress,
        GameEvent::Stones(Stones::Breaker) => Cue::BreakerStone,
        GameEvent::Stones(Stones::Maker) => Cue::MakerStone,
        GameEvent::Stones(Stones::Exchange) => Cue::Exchange,
        GameEvent::Refused => Cue::Refused,
        GameEvent::Ended { won: true } => Cue::Won,
        GameEvent::Ended { won: false } => Cue::Lost,
        GameEvent::Animating => return None,
    })
}

fn hear_game_events(mut events: MessageReader<GameEvent>, mut sounds: MessageWriter<PlaySound>) {
    sounds.write_batch(events.read().filter_map(|&event| hear(event)).map(PlaySound));
}

/// Starts the sounds asked for this frame, at the saved volume; nothing when muted. Without the
/// audio plugin (tests) there is nothing to play them on.
fn play(
    mut requests: MessageReader<PlaySound>,
    data: Res<SaveData>,
    assets: Option<ResMut<Assets<AudioSource>>>,
    mut bank: ResMut<SoundBank>,
    mut commands: Commands,
) {
    let settings = data.save.settings.sound;
    let Some(mut assets) = assets.filter(|_| !settings.is_silent()) else {
        requests.clear();
        return;
    };
    for &PlaySound(cue) in requests.read() {
        commands.spawn((
            Name::new("Sound"),
            SoundEffect(cue),
            AudioPlayer(bank.source(cue, &mut assets)),
            PlaybackSettings::DESPAWN.with_volume(Loudness::Linear(settings.gain())),
        ));
    }
}

/// A sound that got no sink by the end of its frame never will (Bevy found no audio device):
/// dropped, so they do not pile up.
fn drop_unplayed(sounds: Query<Entity, (With<SoundEffect>, Without<AudioSink>)>, mut commands: Commands) {
    for sound in &sounds {
        commands.entity(sound).despawn();
    }
}
