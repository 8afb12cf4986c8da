//! The game's fonts, subset to our strings and built into the binary: Quicksand (OFL-1.1) for Latin
//! letters, digits and punctuation, Motoya L Maruberi (Apache-2.0) for Japanese and everything else.
//!
//! Quicksand replaces Bevy's default font, so every `Text` uses it without naming a handle, and the
//! first frame already has it (no asset loading). Maruberi is registered as the fallback for every
//! script, so the text layout takes each character Quicksand lacks from it.

use std::sync::Arc;

use bevy::asset::AssetId;
use bevy::prelude::*;
use bevy::text::FontCx;
use fontique::{Blob, FallbackKey, Script};

/// Latin text (regenerate with `assets/fonts/subset.sh`).
pub const LATIN_FONT_DATA: &[u8] = include_bytes!("../../../assets/fonts/Quicksand-Medium-subset.ttf");
/// Japanese text and every character the Latin font lacks.
pub const FONT_DATA: &[u8] = include_bytes!("../../../assets/fonts/MotoyaLMaruberi-subset.ttf");

/// The scripts a run of our text can be itemised as: Common covers digits and punctuation on
/// their own, Inherited and Unknown are there so nothing is ever left without a font.
const SCRIPTS: [&[u8; 4]; 7] = [b"Latn", b"Hira", b"Kana", b"Hani", b"Zyyy", b"Zinh", b"Zzzz"];

/// Needs the `TextPlugin` (from `DefaultPlugins`) to be added first.
pub fn plugin(app: &mut App) {
    let world = app.world_mut();
    let Some(mut font_cx) = world.get_resource_mut::<FontCx>() else {
        warn!("no text plugin: the game fonts are not installed");
        return;
    };
    let registered = font_cx.collection.register_fonts(Blob::new(Arc::new(FONT_DATA)), None);
    let Some(&(japanese, _)) = registered.first() else {
        warn!("cannot read the Japanese font");
        return;
    };
    for script in SCRIPTS {
        font_cx
            .collection
            .append_fallbacks(FallbackKey::new(Script::from_bytes(*script), None), [japanese].into_iter());
    }
    let Some(mut fonts) = world.get_resource_mut::<Assets<Font>>() else { return };
    if let Err(err) = fonts.insert(AssetId::default(), Font::from_bytes(LATIN_FONT_DATA.to_vec())) {
        warn!("cannot install the game font: {err}");
    }
}
