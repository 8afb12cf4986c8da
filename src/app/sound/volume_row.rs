//! The menu's sound row: label, −, the volume, +, and the mute button, following the settings.

use bevy::prelude::*;

use super::wants::SoundAction;
use crate::app::i18n::{Language, T};
use crate::app::storage::SaveData;
use crate::app::theme::palette;
use crate::app::theme::widgets::{self, ButtonKind, send};
use crate::sound_settings::{SoundSettings, Volume};

/// The volume row's number and mute button follow the settings.
#[derive(Component, Debug)]
pub(super) struct VolumeText;

#[derive(Component, Debug)]
pub(super) struct MuteButton;

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
    format!("{}/{}", settings.volume.step(), Volume::MAX)
}

fn volume_ink(settings: SoundSettings) -> Color {
    if settings.is_silent() { palette::INK_SOFT } else { palette::INK }
}

fn mute_kind(settings: SoundSettings) -> ButtonKind {
    if settings.muted { ButtonKind::Primary } else { ButtonKind::Secondary }
}

pub(super) fn show_settings(
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
