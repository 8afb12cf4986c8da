//! Pokopoko: the engines (no Bevy) and, behind the `app` feature, the game window.

pub mod bounded_read;
pub mod cli;
pub mod escape;
pub mod language;
pub mod pokopoko;
pub mod safe_write;
pub mod save;
pub mod snaky;
pub mod sound_settings;
pub mod synth;

#[cfg(feature = "app")]
pub mod app;
