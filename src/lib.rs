//! Pokopoko: the engines (no Bevy) and, behind the `app` feature, the game window.

pub mod cli;
pub mod pokopoko;
pub mod save;
pub mod snaky;

#[cfg(feature = "app")]
pub mod app;
