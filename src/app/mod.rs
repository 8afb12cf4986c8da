//! The windowed game: the Bevy shell (menu, language, about, theme, fonts) and the Infinite
//! Pokopoko screens. The rules, the COM and the ladder live in [`crate::pokopoko`]; this module
//! only shows them and turns clicks and keys into moves.
//!
//! [`GamePlugin`] holds everything that works without a window, so tests run it with
//! `MinimalPlugins`; [`run`] adds the window, the font and the screenshot harness.

mod about;
pub mod events;
pub mod i18n;
pub mod keymap;
mod menu;
pub mod open;
pub mod platform;
pub mod pokopoko;
mod screens;
mod screenshot;
pub mod snaky;
pub mod sound;
pub mod storage;
pub mod theme;

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use bevy::prelude::*;
use bevy::window::{PresentMode, WindowResolution};

use platform::{fonts, icon, requirements, sleep};

pub use menu::{MenuAction, MenuFocus};
pub use open::Open;
pub use pokopoko::{Pace, PlayInput};
pub use screens::{Go, Screen};
pub use screenshot::Harness;
pub use storage::{SaveData, SavePlace, StageLadder};

/// Everything of the game that runs without a window. Needs `StatesPlugin` and `InputPlugin` (or
/// `DefaultPlugins`).
#[derive(Debug, Clone)]
pub struct GamePlugin {
    pub save: SavePlace,
    /// The stage file read at start-up (built-in ladder if absent or invalid).
    pub ladder_file: Option<PathBuf>,
    pub pace: Pace,
    /// The language of a first launch, when the save file does not exist yet: the player's
    /// locale's ([`crate::language::Language::from_environment`], read by [`run`]); `None` keeps
    /// the save's default.
    pub locale: Option<crate::language::Language>,
}

impl Plugin for GamePlugin {
    fn build(&self, app: &mut App) {
        storage::install(app, &self.save, self.ladder_file.as_deref(), self.locale);
        app.insert_resource(self.pace.clone()).add_plugins((
            screens::plugin,
            events::plugin,
            keymap::plugin,
            i18n::plugin,
            theme::plugin,
            menu::plugin,
            about::plugin,
            pokopoko::plugin,
            snaky::plugin,
            sleep::plugin,
            sound::plugin,
        ));
    }
}

/// Opens the game window (`pokopoko` with no subcommand).
pub fn run(args: crate::cli::WindowArgs) -> ExitCode {
    let started = Instant::now();
    let harness = match screenshot::Harness::from_args(&args, started) {
        Ok(harness) => harness,
        Err(message) => {
            eprintln!("pokopoko: error: {message}");
            return ExitCode::from(2);
        }
    };
    // No display or no GPU driver: one line and exit 1, not Bevy's panic.
    requirements::explain_missing();
    if wayland_probe_would_fail(
        std::env::var_os("XDG_RUNTIME_DIR").as_deref(),
        std::env::var_os("WAYLAND_DISPLAY").as_deref(),
        std::env::var_os("WAYLAND_SOCKET").is_some(),
    ) {
        // SAFETY: the game has started no thread yet (Bevy starts its own in `DefaultPlugins`).
        unsafe { std::env::set_var("NODEVICE_SELECT", "1") };
    }
    let save = match (crate::save::SaveFile::default_path(), harness.is_screenshot()) {
        (Some(path), false) => SavePlace::File(path),
        (Some(path), true) => SavePlace::ReadOnly(path),
        (None, _) => SavePlace::Memory,
    };
    let window = Window {
        title: "無限ぽこぽこ (Infinite Pokopoko)".into(),
        resolution: WindowResolution::new(1280, 800),
        // Measuring frame time needs frames that are not held back by vsync.
        present_mode: if harness.timings() { PresentMode::AutoNoVsync } else { PresentMode::AutoVsync },
        ..default()
    };
    let mut app = App::new();
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin { primary_window: Some(window), ..default() })
            .set(bevy::log::LogPlugin { filter: LOG_FILTER.to_string(), ..default() })
            // Ours wakes the sleeping game (sleep::wake_on_interrupt).
            .disable::<bevy::app::TerminalCtrlCHandlerPlugin>(),
    )
    .add_plugins(sleep::wake_on_interrupt)
    .insert_resource(ClearColor(theme::palette::BACKGROUND))
    // Frames only when something changes; the harness switches to continuous frames.
    .insert_resource(sleep::winit_settings())
    .add_plugins((fonts::plugin, icon::plugin, sound::SpeakerPlugin::default()))
    .add_plugins(GamePlugin {
        save,
        ladder_file: Some(PathBuf::from("stages/ladder.ron")),
        pace: Pace::default(),
        locale: crate::language::Language::from_environment(|name| std::env::var(name).ok()),
    })
    .add_systems(Startup, spawn_camera)
    .insert_resource(pokopoko::MatchSeeds::starting_at(clock_seed()))
    // Screenshots show the same first game every run: the paper's orientation.
    .insert_resource(snaky::SnakySeeds(if harness.is_screenshot() { 0 } else { clock_seed() }))
    .add_plugins(harness);
    match app.run() {
        AppExit::Success => ExitCode::SUCCESS,
        AppExit::Error(code) => ExitCode::from(code.get()),
    }
}

/// Bevy's log filter, quieter where a player can do nothing with the lines: the Vulkan loader's
/// messages (`wgpu_hal`: without a driver the game says so in one line of its own), the windowing
/// library's warnings (X settings under Xvfb). `RUST_LOG` overrides it for debugging.
const LOG_FILTER: &str = "wgpu=error,naga=warn,calloop::loop_logic=error,wgpu_hal=off,winit=error";

/// Whether libwayland would find no display and print "error: XDG_RUNTIME_DIR is invalid or not
/// set in the environment." when Mesa's Vulkan device-selection layer looks for one (at every GPU
/// enumeration: twice at start): a relative display name with no absolute runtime directory. The
/// game draws through X11; then the layer, which would only pick the X server's GPU first, is
/// switched off (its `NODEVICE_SELECT`) and wgpu picks the GPU itself.
pub fn wayland_probe_would_fail(
    runtime_dir: Option<&std::ffi::OsStr>,
    display: Option<&std::ffi::OsStr>,
    socket: bool,
) -> bool {
    let absolute = |value: Option<&std::ffi::OsStr>| value.is_some_and(|v| PathBuf::from(v).is_absolute());
    !socket && !absolute(runtime_dir) && !absolute(display)
}

/// A seed from the wall clock: each launch's matches differ (tests use fixed seeds).
fn clock_seed() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64)
}

fn spawn_camera(mut commands: Commands) {
    // The UI antialiases its own round shapes; MSAA would only cost time (a lot, in software).
    commands.spawn((Name::new("Camera"), Camera2d, Msaa::Off));
}
