//! Where the game touches Bevy's and winit's insides: the places a Bevy upgrade will break, in one
//! folder, each with a test that fails loudly when the behaviour it relies on changes.
//!
//! - [`fonts`]: Quicksand as Bevy's default font (`AssetId::default`) and Maruberi as the fallback
//!   of every script (`FontCx.collection`). Test: `tests/app/font.rs` (every character the game
//!   shows has a glyph) and the screenshots of `.ci/run`.
//! - [`icon`]: the window icon, set through `WINIT_WINDOWS`. Test: `tests/app/icon.rs`.
//! - [`sleep`]: the idle game sleeps and is woken by winit's `EventLoopProxyWrapper` (a thread per
//!   alarm), and Ctrl+C wakes it. Tests: `tests/app/sleep.rs`, `tests/app_process.rs`, and
//!   `.ci/idle-cpu.sh`.
//! - [`taps`]: the clicks Bevy's picking loses when move, press and release arrive in one frame.
//!   Tests: `tests/app/taps.rs` and `.ci/taps.sh` (xdotool under Xvfb).
//! - [`requirements`]: Bevy's panics without a display or a GPU driver, matched by their messages
//!   and turned into one line and exit 1. Tests: `tests/app/needs.rs` and `.ci/run`'s no-display and
//!   no-GPU lines.

pub mod fonts;
pub mod icon;
pub(crate) mod requirements;
pub mod sleep;
pub(crate) mod taps;
