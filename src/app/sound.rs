//! Sound: the cues synthesised by [`crate::sound`], played when something happens, and the
//! player's mute and volume (M mutes on every screen; the menu has a volume row, − and + keys).
//!
//! Screens ask for a sound with [`PlaySound`]; presses and stones are heard by watching the
//! Pokopoko [`Table`] and the Snaky [`Session`], the jingles by watching the result. With no audio
//! device (CI, Xvfb) Bevy plays nothing and the sounds asked for are dropped the same frame.

use std::collections::HashMap;
use std::sync::Arc;

use bevy::audio::{AudioPlayer, AudioSink, AudioSource, PlaybackSettings, Volume as Loudness};
use bevy::prelude::*;
use bevy::transform::TransformSystems;

use super::Screen;
use super::i18n::{Language, T};
use super::pokopoko::{ButtonState, LastMatch, Table};
use super::snaky::RefusedFlash;
use super::snaky::session::Session;
use super::storage::SaveData;
use super::theme::palette;
use super::theme::widgets::{self, ButtonKind, send};
use crate::pokopoko::Side;
use crate::snaky::Player;
use crate::sound::{Cue, MAX_POKOS, POKO_VARIATION, SoundSettings};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<PlaySound>()
        .add_message::<SoundAction>()
        .init_resource::<SoundBank>()
        .add_systems(
            Update,
            (
                mute_key,
                volume_keys.run_if(in_state(Screen::Menu)),
                change_settings,
                show_settings.run_if(resource_changed::<SaveData>),
            )
                .chain(),
        )
        // After every screen's Update and before Bevy's audio systems (which follow the transform
        // propagation), so a sound asked for in a frame starts in that frame, even when the game
        // sleeps right after it.
        .add_systems(
            PostUpdate,
            (hear_pokopoko, hear_the_result, hear_snaky, play).chain().before(TransformSystems::Propagate),
        )
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

fn mute_key(keys: Option<Res<ButtonInput<KeyCode>>>, mut actions: MessageWriter<SoundAction>) {
    if keys.is_some_and(|keys| keys.just_pressed(KeyCode::KeyM)) {
        actions.write(SoundAction::ToggleMute);
    }
}

/// − and + on the menu, beside the volume row (the Snaky board uses them for zoom).
fn volume_keys(keys: Option<Res<ButtonInput<KeyCode>>>, mut actions: MessageWriter<SoundAction>) {
    let Some(keys) = keys else { return };
    if keys.any_just_pressed([KeyCode::Equal, KeyCode::NumpadAdd]) {
        actions.write(SoundAction::Louder);
    }
    if keys.any_just_pressed([KeyCode::Minus, KeyCode::NumpadSubtract]) {
        actions.write(SoundAction::Quieter);
    }
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

/// The buttons pressed so far on the board, the player's and the COM's.
fn pressed_counts(table: &Table) -> (usize, usize) {
    (0..table.stage().layout.len()).fold((0, 0), |(human, com), button| match table.state(button) {
        ButtonState::Pressed(Side::Human) => (human + 1, com),
        ButtonState::Pressed(Side::Com) => (human, com + 1),
        _ => (human, com),
    })
}

/// A poko for every button pressed: the player's turn at once, the COM's one by one as they show.
/// A new table (a new match, a replay from a move) is silent.
fn hear_pokopoko(
    table: Option<Res<Table>>,
    last: Option<Res<LastMatch>>,
    mut seen: Local<Option<(usize, usize)>>,
    mut sounds: MessageWriter<PlaySound>,
) {
    let (now, fresh) = match (&table, &last) {
        (Some(table), _) if table.is_changed() => (pressed_counts(table), table.is_added()),
        (Some(_), _) => return,
        // The match was decided and its table left in this frame: its last presses are on the
        // result's copy.
        (None, Some(last)) if last.is_changed() && seen.is_some() => (pressed_counts(&last.table), false),
        (None, _) => {
            *seen = None;
            return;
        }
    };
    if let Some((human_before, com_before)) = *seen
        && !fresh
    {
        if now.0 > human_before {
            sounds.write(PlaySound(Cue::Press { buttons: (now.0 - human_before) as u32 }));
        }
        for _ in com_before..now.1 {
            sounds.write(PlaySound(Cue::ComPress));
        }
    }
    *seen = table.is_some().then_some(now);
}

/// The win or loss jingle when a match's result comes in.
fn hear_the_result(last: Option<Res<LastMatch>>, mut sounds: MessageWriter<PlaySound>) {
    if let Some(last) = last
        && last.is_changed()
    {
        sounds.write(PlaySound(if last.won() { Cue::Won } else { Cue::Lost }));
    }
}

/// Stones as they are played on the Snaky board (not when a record is loaded, a move undone or a
/// game restarted), a refused click, and the loss jingle when Maker completes a copy.
fn hear_snaky(
    session: Option<Res<Session>>,
    refusals: Query<(), Added<RefusedFlash>>,
    mut seen: Local<Option<(usize, bool)>>,
    mut sounds: MessageWriter<PlaySound>,
) {
    if !refusals.is_empty() {
        sounds.write(PlaySound(Cue::Refused));
    }
    let Some(session) = session else {
        *seen = None;
        return;
    };
    if !session.is_changed() {
        return;
    }
    let game = session.game();
    let now = (game.moves().len(), game.won());
    if let Some((moves, won)) = *seen
        && !session.is_added()
    {
        let new: Vec<Player> =
            game.moves().get(moves..).unwrap_or_default().iter().map(|m| m.player).collect();
        let stones = match new.as_slice() {
            [Player::Breaker, Player::Maker] => Some(Cue::Exchange),
            [Player::Breaker] => Some(Cue::BreakerStone),
            [Player::Maker] => Some(Cue::MakerStone),
            // Nothing new, or a whole record at once.
            _ => None,
        };
        sounds.write_batch(stones.map(PlaySound));
        if now.1 && !won {
            sounds.write(PlaySound(Cue::Lost));
        }
    }
    *seen = Some(now);
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
