//! `--screenshot FILE`: once the screen `--open` names has settled, write a PNG and exit. With
//! `POKOPOKO_TIMINGS=1` it also prints start-up and frame times; `--resize WxH` resizes the window
//! once the screen has settled and lets it settle again.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};
use bevy::window::PrimaryWindow;
use bevy::winit::WinitSettings;

use super::Screen;
use super::events::Redraw;
use super::open::Opening;
use crate::cli::WindowArgs;

/// The harness, as a plugin added after the game's: it opens the screen `--open` names (each
/// screen sets itself up from it, see [`Opening`]) and waits for it to settle.
#[derive(Debug, Clone)]
pub struct Harness {
    opening: Opening,
    screenshot: Option<PathBuf>,
    started: Instant,
    timings: bool,
    resize: Option<(u32, u32)>,
}

impl Harness {
    pub fn from_args(args: &WindowArgs, started: Instant) -> Result<Self, String> {
        let opening = Opening::from_args(args)?;
        let timings = std::env::var_os("POKOPOKO_TIMINGS").is_some_and(|v| !v.is_empty() && v != "0");
        Ok(Self { opening, screenshot: args.screenshot.clone(), started, timings, resize: args.resize })
    }

    pub fn is_screenshot(&self) -> bool {
        self.screenshot.is_some()
    }

    pub fn timings(&self) -> bool {
        self.timings
    }
}

#[derive(Resource, Debug, Clone)]
struct Settle {
    target: Screen,
    screenshot: Option<PathBuf>,
    started: Instant,
    timings: bool,
    frames_on_target: u32,
    frames: u32,
    taken: bool,
    frame_times: Vec<Duration>,
    /// The process's CPU time when the measured frames began (all threads, the software
    /// renderer's included): on a shared machine CPU per frame is steadier than wall time.
    cpu_at_start: Option<Duration>,
    menu_frames: u32,
    /// A resize still to do once the screen has settled.
    resize: Option<(u32, u32)>,
}

impl Plugin for Harness {
    fn build(&self, app: &mut App) {
        app.add_plugins(self.opening.clone());
        let target = self.opening.settles_on();
        // Only `--open`: the game as usual from there (and sleeping when idle).
        if self.screenshot.is_none() && !self.timings && self.resize.is_none() {
            return;
        }
        app.insert_resource(Settle {
            target,
            screenshot: self.screenshot.clone(),
            started: self.started,
            timings: self.timings,
            frames_on_target: 0,
            frames: 0,
            taken: false,
            frame_times: Vec::new(),
            cpu_at_start: None,
            menu_frames: 0,
            resize: self.resize,
        });
        // Settling and measuring count frames: draw them one after another, never sleep.
        app.insert_resource(WinitSettings::continuous());
        app.add_systems(Last, settle_and_shoot);
    }
}

/// Frames to wait on the screen before the picture (layout, fonts and the COM's presses done).
const SETTLE_FRAMES: u32 = 30;
/// With timings: frames measured for the frame time.
const MEASURED_FRAMES: u32 = 300;

#[allow(clippy::too_many_arguments)]
fn settle_and_shoot(
    mut settle: ResMut<Settle>,
    screen: Res<State<Screen>>,
    mut redraws: MessageReader<Redraw>,
    time: Res<Time<Real>>,
    mut window: Query<&mut Window, With<PrimaryWindow>>,
    mut commands: Commands,
    mut exit: MessageWriter<AppExit>,
) {
    settle.frames += 1;
    if settle.timings && *screen.get() == Screen::Menu {
        settle.menu_frames += 1;
        // The menu was spawned on entering and laid out last frame: this frame shows it and takes input.
        if settle.menu_frames == 2 {
            eprintln!(
                "timing: first interactive menu frame {:.0} ms after start",
                settle.started.elapsed().as_secs_f64() * 1e3
            );
        }
    }
    // Something still moves: the COM's presses (and a finished game about to show its result),
    // the certificate checks.
    let busy = redraws.read().count() > 0;
    // A free game the COM ends with its opening press (one button, the COM first) goes straight
    // to the result: that is the screen to show.
    let over_at_once = settle.target == Screen::Play && *screen.get() == Screen::Result;
    if (*screen.get() != settle.target && !over_at_once) || busy {
        settle.frames_on_target = 0;
    } else {
        settle.frames_on_target += 1;
    }
    let measured =
        std::env::var("POKOPOKO_TIMING_FRAMES").ok().and_then(|n| n.parse().ok()).unwrap_or(MEASURED_FRAMES);
    let wait = if settle.timings { SETTLE_FRAMES + measured } else { SETTLE_FRAMES };
    if settle.timings && settle.frames_on_target > SETTLE_FRAMES && settle.frames_on_target <= wait {
        if settle.frame_times.is_empty() {
            settle.cpu_at_start = process_cpu_time();
        }
        settle.frame_times.push(time.delta());
    }
    if settle.frames > 5000 && !settle.taken {
        error!("the screen never settled; giving up");
        exit.write(AppExit::from_code(3));
        return;
    }
    if settle.frames_on_target < wait || settle.taken {
        return;
    }
    if let Some((width, height)) = settle.resize.take() {
        if let Ok(mut window) = window.single_mut() {
            info!("resizing the window to {width}x{height}");
            window.resolution.set(width as f32, height as f32);
        }
        settle.frames_on_target = 0;
        settle.frame_times.clear();
        return;
    }
    if settle.timings && !settle.frame_times.is_empty() {
        report_frame_times(&settle.frame_times);
        if let (Some(start), Some(end)) = (settle.cpu_at_start, process_cpu_time()) {
            let per_frame = end.saturating_sub(start).as_secs_f64() * 1e3 / settle.frame_times.len() as f64;
            eprintln!("timing: CPU time per frame (all threads) {per_frame:.2} ms");
        }
    }
    settle.taken = true;
    let Some(path) = settle.screenshot.clone() else {
        if settle.timings {
            exit.write(AppExit::Success);
        }
        return;
    };
    commands.spawn(Screenshot::primary_window()).observe(
        move |captured: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| {
            let saved = captured
                .image
                .clone()
                .try_into_dynamic()
                .map_err(|err| err.to_string())
                .and_then(|image| image.to_rgb8().save(&path).map_err(|err| err.to_string()));
            match saved {
                Ok(()) => {
                    info!("screenshot written to {}", path.display());
                    exit.write(AppExit::Success);
                }
                Err(err) => {
                    error!("cannot write the screenshot {}: {err}", path.display());
                    exit.write(AppExit::from_code(1));
                }
            }
        },
    );
}

/// User + system time of the whole process so far, from `/proc/self/stat` (Linux; elsewhere none).
fn process_cpu_time() -> Option<Duration> {
    /// The unit of those fields (`USER_HZ`, fixed at 100 by the Linux ABI on x86 and ARM).
    const TICKS_PER_SECOND: u64 = 100;
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields 14 and 15; the command name (field 2, in parentheses) may contain spaces.
    let after_name = stat.rsplit_once(')')?.1;
    let mut fields = after_name.split_whitespace().skip(11);
    let user: u64 = fields.next()?.parse().ok()?;
    let system: u64 = fields.next()?.parse().ok()?;
    Some(Duration::from_millis((user + system) * 1000 / TICKS_PER_SECOND))
}

fn report_frame_times(times: &[Duration]) {
    let mut ms: Vec<f64> = times.iter().map(|d| d.as_secs_f64() * 1e3).collect();
    ms.sort_by(f64::total_cmp);
    let mean = ms.iter().sum::<f64>() / ms.len() as f64;
    let at = |q: f64| ms[((ms.len() - 1) as f64 * q).round() as usize];
    eprintln!(
        "timing: frame time over {} frames: mean {mean:.2} ms, median {:.2} ms, p95 {:.2} ms, max {:.2} ms",
        ms.len(),
        at(0.5),
        at(0.95),
        at(1.0)
    );
}
