//! The game's font: Motoya L Maruberi (Apache-2.0), subset to our strings, built into the binary.
//!
//! It replaces Bevy's default font, so every `Text` uses it without naming a handle, and the first
//! frame already has it (no asset loading, no missing glyphs at start-up).

use bevy::asset::AssetId;
use bevy::prelude::*;

/// The subset font (regenerate with `assets/fonts/subset.sh`).
pub const FONT_DATA: &[u8] = include_bytes!("../../assets/fonts/MotoyaLMaruberi-subset.ttf");

/// Needs the `TextPlugin` (from `DefaultPlugins`) to be added first.
pub(super) fn plugin(app: &mut App) {
    let Some(mut fonts) = app.world_mut().get_resource_mut::<Assets<Font>>() else {
        warn!("no text plugin: the game font is not installed");
        return;
    };
    if let Err(err) = fonts.insert(AssetId::default(), Font::from_bytes(FONT_DATA.to_vec())) {
        warn!("cannot install the game font: {err}");
    }
}
