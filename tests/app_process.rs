//! The game as a process (issue 37). Ctrl+C ends it within a frame, asleep or not: the signal's
//! handler wakes the event loop, and the frame it wakes ends the app with code 130 (a test binary
//! of its own: a signal handler is one per process). Started without a runtime directory, it
//! prints none of libwayland's errors.

#![cfg(all(feature = "app", unix))]

use std::ffi::OsStr;
use std::sync::mpsc;
use std::time::Duration;

use bevy::prelude::*;
use bevy::window::RequestRedraw;

use pokopoko::app::platform::sleep::exit_on_interrupt;
use pokopoko::app::{SavePlace, wayland_probe_would_fail};

#[allow(dead_code)]
mod common;
use common::game;

/// A hang guard for the handler's thread, not a measure of anything.
const PATIENCE: Duration = Duration::from_secs(30);

#[test]
fn ctrl_c_wakes_the_sleeping_game_and_the_frame_it_wakes_exits_with_130() {
    // As a terminal delivers it, whatever the test runner inherited.
    unsafe { libc::signal(libc::SIGINT, libc::SIG_DFL) };
    let (woken, wakes) = mpsc::channel();
    let mut app = game(SavePlace::Memory, None);
    exit_on_interrupt(&mut app, move || {
        let _ = woken.send(());
    });

    // The menu, idle: frames stop asking for more, and nothing ends the app.
    let mut redraws = bevy::ecs::message::MessageCursor::<RequestRedraw>::default();
    let mut asleep = false;
    for _ in 0..200 {
        app.update();
        if redraws.read(app.world().resource::<Messages<RequestRedraw>>()).count() == 0 {
            asleep = true;
            break;
        }
    }
    assert!(asleep, "the idle menu sleeps");
    assert_eq!(app.should_exit(), None);

    // The game sleeps: only the wake-up can bring its next frame.
    unsafe { libc::raise(libc::SIGINT) };
    wakes.recv_timeout(PATIENCE).expect("Ctrl+C wakes the event loop");
    app.update();
    assert_eq!(app.should_exit(), Some(AppExit::from_code(130)));
}

#[test]
fn without_a_runtime_directory_the_wayland_probe_is_skipped_where_libwayland_would_complain() {
    let some = |value: &'static str| Some(OsStr::new(value));
    // libwayland (connect_to_socket) prints its error for a relative display name when
    // XDG_RUNTIME_DIR is unset or not absolute; WAYLAND_DISPLAY defaults to "wayland-0".
    assert!(wayland_probe_would_fail(None, None, false));
    assert!(wayland_probe_would_fail(some(""), None, false));
    assert!(wayland_probe_would_fail(some("run/user/1000"), some("wayland-0"), false));
    // A usable runtime directory, an absolute display path or an inherited socket: it says nothing.
    assert!(!wayland_probe_would_fail(some("/run/user/1000"), None, false));
    assert!(!wayland_probe_would_fail(None, some("/tmp/wayland-1"), false));
    assert!(!wayland_probe_would_fail(None, None, true));
}
