//! `--open SCREEN` and `--screenshot FILE`: open the window on a screen, wait until the UI has
//! settled, write a PNG and exit. With `POKOPOKO_TIMINGS=1` it also prints start-up and frame times.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};
use bevy::window::PrimaryWindow;
use bevy::winit::WinitSettings;

use super::events::Redraw;
use super::pokopoko::{CurrentStage, Refusal, RefusalReason, StrategyReturn, Table, free_play};
use super::pokopoko::{sample_lost_match, strategy_shown};
use super::snaky::cards::CardBrowser;
use super::snaky::checks::RunChecks;
use super::snaky::learn::LearnStart;
use super::snaky::lesson::Step;
use super::snaky::maker::MakerStart;
use super::snaky::{LessonStart, OverlayLayer, Overlays, SnakyStart};
use super::storage::StageLadder;
use super::{Go, Screen};
use crate::cli::WindowArgs;
use crate::pokopoko::{FreeSetup, MAX_STAGE, TurnOrder};

/// The screen to open.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Open {
    Menu,
    About,
    /// The about page with the certificate checks run and their sheet open.
    AboutChecks,
    Ladder,
    Intro(u32),
    Stage(u32),
    /// Stage N, the player first, one button more than allowed refused: the refusal held on screen.
    Refused(u32),
    Strategy(u32),
    /// The result of a lost match of stage N (one wrong move, then played out).
    Result(u32),
    Snaky,
    /// Snaky's lesson: the `--moves` game's lesson on the player's costliest move, its line
    /// played to `step` (`snaky-review:N`), the best reply's line with `snaky-review:best:N`.
    SnakyReview {
        step: usize,
        best: bool,
    },
    /// The Snaky primer on a step (`snaky-learn:N`, N from 1; `snaky-learn` is step 1).
    SnakyLearn(Step),
    /// Snaky as Maker (`snaky-maker`), after N Maker moves of the fixed heuristic Maker
    /// (`snaky-maker:N`).
    SnakyMaker(usize),
    /// The card browser on card N (of the `--maker` certificate, the paper's by default).
    Cards(u32),
    /// The free-play setup screen.
    FreeSetup,
    /// A free game (`free:1,3,4@30`, `free:2-5@40`): practice on, the right turn order.
    Free(FreeSetup),
    /// The strategy page of a free-play rule (`free-strategy:2,4,7@30`).
    FreeStrategy(FreeSetup),
    /// The result of a free game of that rule (`free-result:1,3,4@30`), played as `result:N` is.
    FreeResult(FreeSetup),
}

impl Open {
    pub fn parse(text: &str) -> Result<Self, String> {
        let number = |n: &str| {
            n.parse::<u32>()
                .ok()
                .filter(|n| (1..=MAX_STAGE).contains(n))
                .ok_or_else(|| format!("--open {text}: the stage must be a number from 1 to {MAX_STAGE}"))
        };
        match text.split_once(':') {
            None if text == "menu" => Ok(Self::Menu),
            None if text == "about" => Ok(Self::About),
            Some(("about", "checks")) => Ok(Self::AboutChecks),
            None if text == "ladder" => Ok(Self::Ladder),
            None if text == "snaky" => Ok(Self::Snaky),
            None if text == "snaky-review" => Ok(Self::SnakyReview { step: 0, best: false }),
            Some(("snaky-review", step)) => {
                let (best, step) = match step.strip_prefix("best:") {
                    Some(step) => (true, step),
                    None => (false, step),
                };
                step.parse::<u8>()
                    .map(|step| Self::SnakyReview { step: usize::from(step), best })
                    .map_err(|_| format!("--open {text}: the line's step must be a number from 0 to 255"))
            }
            None if text == "snaky-maker" => Ok(Self::SnakyMaker(0)),
            Some(("snaky-maker", n)) => n
                .parse::<u8>()
                .map(|n| Self::SnakyMaker(usize::from(n)))
                .map_err(|_| format!("--open {text}: the number of moves must be from 0 to 255")),
            None if text == "snaky-learn" => Ok(Self::SnakyLearn(Step::Shape)),
            Some(("snaky-learn", n)) => {
                n.parse::<u8>().ok().and_then(Step::from_number).map(Self::SnakyLearn).ok_or_else(|| {
                    format!("--open {text}: the step must be a number from 1 to {}", Step::ALL.len())
                })
            }
            None if text == "free" => Ok(Self::FreeSetup),
            Some(("free", rule)) => free_setup(text, rule).map(Self::Free),
            Some(("free-strategy", rule)) => free_setup(text, rule).map(Self::FreeStrategy),
            Some(("free-result", rule)) => free_setup(text, rule).map(Self::FreeResult),
            Some(("stage", n)) => number(n).map(Self::Stage),
            Some(("refused", n)) => number(n).map(Self::Refused),
            Some(("intro", n)) => number(n).map(Self::Intro),
            Some(("strategy", n)) => number(n).map(Self::Strategy),
            Some(("result", n)) => number(n).map(Self::Result),
            Some(("cards", n)) => n
                .parse::<u32>()
                .map(Self::Cards)
                .map_err(|_| format!("--open {text}: the card must be a number from 0 on")),
            _ => Err(format!(
                "--open {text}: unknown screen (try menu, about, about:checks, ladder, intro:N, stage:N, refused:N, strategy:N, result:N, snaky, snaky-review, snaky-review:N, snaky-review:best:N, snaky-learn:N, snaky-maker, snaky-maker:N, cards:N, free, free:RULE@N, free-strategy:RULE@N, free-result:RULE@N)"
            )),
        }
    }

    fn screen(&self) -> Screen {
        match self {
            Self::Menu => Screen::Menu,
            Self::About | Self::AboutChecks => Screen::About,
            Self::Ladder => Screen::Ladder,
            Self::Intro(_) => Screen::Intro,
            Self::Stage(_) | Self::Refused(_) => Screen::Play,
            Self::Strategy(_) => Screen::Strategy,
            Self::Result(_) => Screen::Result,
            Self::Snaky | Self::SnakyReview { .. } => Screen::Snaky,
            Self::SnakyLearn(_) => Screen::SnakyLearn,
            Self::SnakyMaker(_) => Screen::SnakyMaker,
            Self::Cards(_) => Screen::Cards,
            Self::FreeSetup => Screen::FreeSetup,
            Self::Free(_) => Screen::Play,
            Self::FreeStrategy(_) => Screen::Strategy,
            Self::FreeResult(_) => Screen::Result,
        }
    }
}

/// A free-play rule from `--open`: counts (`1,3,4`) or a range (`2-5`), then `@BUTTONS`
/// (default 30); practice on, and the turn order that wins, so the screen shows the human's turn.
fn free_setup(text: &str, rule: &str) -> Result<FreeSetup, String> {
    let base = FreeSetup { practice: true, ..FreeSetup::default() };
    let mut setup = FreeSetup::parse_rule(rule, &base).map_err(|err| format!("--open {text}: {err}"))?;
    if let Ok(stage) = setup.stage() {
        setup.order = stage.right_choice();
    }
    Ok(setup)
}

/// The harness, as a plugin added after the game's.
#[derive(Debug, Clone)]
pub struct Harness {
    open: Open,
    screenshot: Option<PathBuf>,
    started: Instant,
    timings: bool,
    snaky: Option<SnakyStart>,
    resize: Option<(u32, u32)>,
    overlays: Option<Overlays>,
}

impl Harness {
    pub fn from_args(args: &WindowArgs, started: Instant) -> Result<Self, String> {
        // `--maker` alone opens Snaky.
        let snaky_flag = args.maker.is_some() || args.blind || !args.overlay.is_empty();
        let first = if snaky_flag { Open::Snaky } else { Open::Menu };
        let open = args.open.as_deref().map_or(Ok(first), Open::parse)?;
        let timings = std::env::var_os("POKOPOKO_TIMINGS").is_some_and(|v| !v.is_empty() && v != "0");
        let snaky = args.moves.as_deref().map(|m| SnakyStart::parse(m, args.maker)).transpose()?;
        let mut snaky =
            snaky.or_else(|| args.maker.map(|maker| SnakyStart { maker: Some(maker), ..default() }));
        if args.blind {
            snaky.get_or_insert_default().blind = true;
        }
        if let Open::Cards(card) = open {
            let maker = snaky.as_ref().and_then(|s| s.maker).unwrap_or_default();
            let count = maker.cards().map_or(0, |c| c.card_count() as u32);
            if card >= count {
                return Err(format!(
                    "--open cards:{card}: the {}-move certificate has cards 0 to {}",
                    maker.bound(),
                    count.saturating_sub(1)
                ));
            }
        }
        let layers: Result<Vec<OverlayLayer>, String> = args
            .overlay
            .iter()
            .map(|name| {
                OverlayLayer::parse(name).ok_or_else(|| {
                    format!("--overlay {name}: unknown layer (try envelope, required, pivot, heat, hint)")
                })
            })
            .collect();
        let layers = layers?;
        let overlays = (!layers.is_empty()).then(|| Overlays::only(&layers));
        Ok(Self {
            open,
            screenshot: args.screenshot.clone(),
            started,
            timings,
            snaky,
            resize: args.resize,
            overlays,
        })
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
        let number = match self.open {
            Open::Intro(n) | Open::Stage(n) | Open::Refused(n) | Open::Strategy(n) | Open::Result(n) => {
                Some(n)
            }
            _ => None,
        };
        if let Some(n) = number {
            let stage = app.world().resource::<StageLadder>().ladder.stage(n);
            if let Some(stage) = stage {
                if matches!(self.open, Open::Stage(_)) {
                    // The right choice, so the board shows the human's turn (after the COM's opening).
                    app.insert_resource(Table::new(stage.clone(), stage.right_choice()));
                }
                if matches!(self.open, Open::Refused(_)) {
                    // The player first with the most buttons selected, then one more: refused.
                    let mut table = Table::new(stage.clone(), TurnOrder::First);
                    let most = table.game().legal_counts().last().copied().unwrap_or(0);
                    table.choose(most);
                    app.insert_resource(table);
                    app.insert_resource(Refusal::held(RefusalReason::TooMany));
                }
                if matches!(self.open, Open::Result(_)) {
                    app.insert_resource(sample_lost_match(&stage));
                }
                app.insert_resource(CurrentStage(stage));
            }
        }
        if let Open::Free(setup) | Open::FreeStrategy(setup) | Open::FreeResult(setup) = &self.open
            && let Some((table, stage, room)) = free_play(setup)
        {
            match self.open {
                Open::Free(_) => {
                    app.insert_resource(table);
                }
                Open::FreeResult(_) => {
                    app.insert_resource(sample_lost_match(&stage.0));
                }
                _ => {
                    strategy_shown(app);
                    app.insert_resource(StrategyReturn(Screen::FreeSetup));
                }
            }
            app.insert_resource(stage).insert_resource(room);
        }
        if matches!(self.open, Open::Strategy(_)) {
            strategy_shown(app);
            app.insert_resource(StrategyReturn(Screen::Ladder));
        }
        let lesson = match self.open {
            Open::SnakyReview { step, best } => Some(LessonStart { step, best }),
            _ => None,
        };
        if let Some(start) = &self.snaky {
            app.insert_resource(SnakyStart { lesson, ..start.clone() });
        } else if lesson.is_some() {
            app.insert_resource(SnakyStart { lesson, ..default() });
        }
        if let Some(overlays) = self.overlays {
            app.insert_resource(overlays);
        }
        if let Open::SnakyLearn(step) = self.open {
            app.insert_resource(LearnStart(step));
        }
        if let Open::SnakyMaker(moves) = self.open {
            app.insert_resource(MakerStart { moves });
        }
        if self.open == Open::AboutChecks {
            app.world_mut().write_message(RunChecks);
        }
        if let Open::Cards(card) = self.open {
            let maker = self.snaky.as_ref().and_then(|s| s.maker).unwrap_or_default();
            let count = maker.cards().map_or(0, |c| c.card_count() as u32);
            app.insert_resource(CardBrowser::at(maker, card.min(count.saturating_sub(1)), Screen::Menu));
        }
        let target = self.open.screen();
        if target != Screen::Menu {
            app.world_mut().write_message(Go(target));
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn screens_parse() {
        assert_eq!(Open::parse("stage:8"), Ok(Open::Stage(8)));
        assert_eq!(Open::parse("refused:8"), Ok(Open::Refused(8)));
        assert_eq!(Open::parse("snaky-review"), Ok(Open::SnakyReview { step: 0, best: false }));
        assert_eq!(Open::parse("snaky-review:7"), Ok(Open::SnakyReview { step: 7, best: false }));
        assert_eq!(Open::parse("snaky-review:best:3"), Ok(Open::SnakyReview { step: 3, best: true }));
        assert!(Open::parse("snaky-review:x").is_err());
        assert!(Open::parse("snaky-review:best:").is_err());
        assert_eq!(Open::parse("free"), Ok(Open::FreeSetup));
        assert_eq!(Open::parse("strategy:11"), Ok(Open::Strategy(11)));
        assert!(Open::parse("stage:0").is_err());
        // A stage beyond the ladder opened a blank screen.
        assert!(Open::parse("stage:100001").is_err());
        assert_eq!(Open::parse("stage:100000"), Ok(Open::Stage(100_000)));
        assert!(Open::parse("stage:x").is_err());
        assert!(Open::parse("garden").is_err());
        assert_eq!(Open::parse("about:checks"), Ok(Open::AboutChecks));
    }

    #[test]
    fn the_primer_opens_on_each_of_its_steps_and_no_other() {
        assert_eq!(Open::parse("snaky-learn"), Ok(Open::SnakyLearn(Step::Shape)));
        assert_eq!(Open::parse("snaky-learn:1"), Ok(Open::SnakyLearn(Step::Shape)));
        assert_eq!(Open::parse("snaky-learn:4"), Ok(Open::SnakyLearn(Step::DoubleThreat)));
        assert_eq!(Open::parse("snaky-learn:5"), Ok(Open::SnakyLearn(Step::Goal)));
        assert_eq!(Open::SnakyLearn(Step::Turns).screen(), Screen::SnakyLearn);
        for bad in [
            "snaky-learn:0",
            "snaky-learn:6",
            "snaky-learn:x",
            "snaky-learn:",
            "snaky-learn:-1",
            "snaky-learn:256",
        ] {
            let err = Open::parse(bad).unwrap_err();
            assert!(err.starts_with(&format!("--open {bad}: ")) && err.contains("1 to 5"), "{bad}: {err}");
        }
    }

    #[test]
    fn free_play_opens_on_a_set_or_a_range_and_bad_rules_are_refused() {
        let Ok(Open::Free(set)) = Open::parse("free:1,3,4@30") else { panic!("free:1,3,4@30") };
        assert_eq!((set.counts.as_slice(), set.buttons, set.practice), (&[1, 3, 4][..], 30, true));
        // 30 mod 7 = 2 is not a losing number for {1, 3, 4} (losing: r mod 7 ∈ {1, 3}): first wins.
        assert_eq!(set.order, crate::pokopoko::TurnOrder::First);
        let Ok(Open::Free(range)) = Open::parse("free:2-5@44") else { panic!("free:2-5@44") };
        // SPEC §1.3: 44 buttons, picks 2–5 is a second-player win (stage 11).
        assert_eq!((range.min, range.max, range.order), (2, 5, crate::pokopoko::TurnOrder::Second));
        assert!(matches!(Open::parse("free-strategy:2,4,7"), Ok(Open::FreeStrategy(_))));
        let Ok(Open::FreeResult(result)) = Open::parse("free-result:1@1") else { panic!("free-result:1@1") };
        // One button: whoever moves first presses it and loses, so the human goes second.
        assert_eq!((result.buttons, result.order), (1, crate::pokopoko::TurnOrder::Second));
        assert_eq!(Open::FreeResult(result).screen(), Screen::Result);
        for (bad, says) in [
            ("free:1,x,4@30", "`x`"),
            ("free:1,3@500", "`500`"),
            ("free:", "expected counts"),
            ("free:5-2", "min must not exceed max"),
            ("free-strategy:9@3", "more than the buttons"),
        ] {
            let err = Open::parse(bad).unwrap_err();
            assert!(err.starts_with(&format!("--open {bad}: ")) && err.contains(says), "{bad}: {err}");
        }
    }
}
