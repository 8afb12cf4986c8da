//! The app's tests, one module per screen or concern, in one test binary: each Bevy test binary
//! links the whole engine and Bevy (about 190 MB in debug), so one binary instead of twelve is
//! built and linked once (issue 35).
//!
//! Two stay binaries of their own: `tests/app_process.rs` (a signal handler is one per process)
//! and `tests/app_sound_fake_server.rs` (it measures allocations with its own global allocator).
//! The real sound server's test is ignored here and run by `.ci/sound.sh`
//! (`cargo test --test app -- --ignored sound_server::`).

#![cfg(feature = "app")]

#[path = "../common/mod.rs"]
mod common;
#[path = "../common/shapes.rs"]
mod shapes;

mod font;
mod free;
mod icon;
mod needs;
mod open;
mod pokopoko;
mod record;
mod sleep;
mod snaky;
mod snaky_learn;
mod snaky_maker;
mod snaky_practice;
mod sound;
#[cfg(target_os = "linux")]
mod sound_server;
mod taps;
mod text_size;
