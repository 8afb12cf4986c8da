//! What the window opens on: `--open SCREEN` read into [`Open`], the screen and its argument, and
//! the Snaky options (`--moves`, `--maker`, `--blind`, `--overlay`) into [`SnakyOptions`], both
//! checked before the window opens ([`Opening::from_args`]). [`Opening`] puts them in the world
//! and goes to the screen; that screen's plugin, on entering, reads its own case and sets itself
//! up (a stage, a lost match, the lesson on a step, …). The request lapses once its screen has
//! opened, so coming back to that screen later opens it as usual.

use bevy::prelude::*;

use super::snaky::lesson::{Step, Track};
use super::snaky::model::overlays::Layer as OverlayLayer;
use super::{Go, Screen};
use crate::cli::WindowArgs;
use crate::pokopoko::{FreeSetup, MAX_STAGE};
use crate::snaky::{self, Cell, Maker};

/// The screen to open, and what it opens on: a resource until that screen has opened.
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
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
    /// The Snaky primer on a step (`snaky-learn:N`, N from 1; `snaky-learn` is step 1; `snaky-learn:mN` is
    /// the Nth Maker step).
    SnakyLearn(Step),
    /// Snaky practice on the `--moves` game's boards (`snaky-practice`), on board N (from 1) with
    /// its answer shown (`snaky-practice:N`).
    SnakyPractice(Option<u8>),
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
            None if text == "snaky-practice" => Ok(Self::SnakyPractice(None)),
            Some(("snaky-practice", n)) => n
                .parse::<u8>()
                .ok()
                .filter(|&n| n >= 1)
                .map(|n| Self::SnakyPractice(Some(n)))
                .ok_or_else(|| format!("--open {text}: the board must be a number from 1 to 255")),
            None if text == "snaky-maker" => Ok(Self::SnakyMaker(0)),
            Some(("snaky-maker", n)) => n
                .parse::<u8>()
                .map(|n| Self::SnakyMaker(usize::from(n)))
                .map_err(|_| format!("--open {text}: the number of moves must be from 0 to 255")),
            None if text == "snaky-learn" => Ok(Self::SnakyLearn(Step::Shape)),
            Some(("snaky-learn", n)) => {
                let maker = n.strip_prefix('m');
                let (track, number) = maker.map_or((Track::Breaker, n), |m| (Track::Maker, m));
                number.parse::<u8>().ok().and_then(|n| Step::nth(track, n)).map(Self::SnakyLearn).ok_or_else(
                    || {
                        format!(
                            "--open {text}: the step must be a number from 1 to {}, or m1 to m{} for Maker's",
                            Step::ALL.len(),
                            Step::MAKER.len()
                        )
                    },
                )
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
                "--open {text}: unknown screen (try menu, about, about:checks, ladder, intro:N, stage:N, refused:N, strategy:N, result:N, snaky, snaky-review, snaky-review:N, snaky-review:best:N, snaky-learn:N, snaky-learn:mN, snaky-practice, snaky-practice:N, snaky-maker, snaky-maker:N, cards:N, free, free:RULE@N, free-strategy:RULE@N, free-result:RULE@N)"
            )),
        }
    }

    /// The screen this opens.
    pub fn screen(&self) -> Screen {
        match self {
            Self::Menu => Screen::Menu,
            Self::About | Self::AboutChecks => Screen::About,
            Self::Ladder => Screen::Ladder,
            Self::Intro(_) => Screen::Intro,
            Self::Stage(_) | Self::Refused(_) => Screen::Play,
            Self::Strategy(_) => Screen::Strategy,
            Self::Result(_) => Screen::Result,
            // Practice opens through the game it practises: the Snaky screen loads it first.
            Self::Snaky | Self::SnakyReview { .. } | Self::SnakyPractice(_) => Screen::Snaky,
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

/// The Snaky options of the command line: the Snaky screen takes them when it first opens, the
/// card browser opened by `--open cards:N` reads the Maker.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct SnakyOptions {
    /// `--moves`: Breaker moves to play, checked against the Maker's certificate.
    pub moves: Option<Vec<Cell>>,
    /// `--maker`: the Maker to play against (otherwise the saved choice); not saved.
    pub maker: Option<Maker>,
    /// `--blind`: start in blind mode.
    pub blind: bool,
    /// `--overlay`: only these overlays.
    pub overlays: Vec<OverlayLayer>,
}

impl SnakyOptions {
    /// Whether the game the Snaky screen opens on was given (moves, a Maker or blind mode).
    pub fn start_given(&self) -> bool {
        self.moves.is_some() || self.maker.is_some() || self.blind
    }
}

/// Reads `--moves "x,y x,y …"` against `maker`'s certificate (the paper's by default); a malformed
/// or illegal move is an error naming its position.
pub fn breaker_moves(record: &str, maker: Option<Maker>) -> Result<Vec<Cell>, String> {
    let moves = snaky::parse_moves(record).map_err(|e| format!("--moves: {e}"))?;
    let cards = maker.unwrap_or_default().cards().map_err(|e| e.to_string())?;
    snaky::replay(cards, &moves).map_err(|e| format!("--moves: {e}"))?;
    Ok(moves)
}

/// What the window opens on, as a plugin: puts [`Open`] and [`SnakyOptions`] in the world and goes
/// to the screen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Opening {
    pub open: Open,
    pub snaky: SnakyOptions,
}

impl Opening {
    /// Reads and checks `--open` and the Snaky options; the error is the line to print.
    pub fn from_args(args: &WindowArgs) -> Result<Self, String> {
        // `--maker` alone opens Snaky.
        let snaky_flag = args.maker.is_some() || args.blind || !args.overlay.is_empty();
        let first = if snaky_flag { Open::Snaky } else { Open::Menu };
        let open = args.open.as_deref().map_or(Ok(first), Open::parse)?;
        let moves = args.moves.as_deref().map(|m| breaker_moves(m, args.maker)).transpose()?;
        if let Open::Cards(card) = open {
            let maker = args.maker.unwrap_or_default();
            let count = maker.cards().map_or(0, |c| c.card_count() as u32);
            if card >= count {
                return Err(format!(
                    "--open cards:{card}: the {}-move certificate has cards 0 to {}",
                    maker.bound(),
                    count.saturating_sub(1)
                ));
            }
        }
        if let Open::SnakyPractice(_) = open {
            let cards = args.maker.unwrap_or_default().cards().map_err(|e| e.to_string())?;
            let game = snaky::replay(cards, moves.as_deref().unwrap_or_default())
                .map_err(|e| format!("--moves: {e}"))?;
            if !game.won() || snaky::practice::puzzles(&game).is_empty() {
                return Err(format!(
                    "--open {}: practice needs a --moves game Maker has won, with a costly move a reply on the board could have held",
                    args.open.as_deref().unwrap_or_default()
                ));
            }
        }
        let overlays: Result<Vec<OverlayLayer>, String> = args
            .overlay
            .iter()
            .map(|name| {
                OverlayLayer::parse(name).ok_or_else(|| {
                    format!("--overlay {name}: unknown layer (try envelope, required, pivot, heat, hint)")
                })
            })
            .collect();
        let snaky = SnakyOptions { moves, maker: args.maker, blind: args.blind, overlays: overlays? };
        Ok(Self { open, snaky })
    }

    /// The screen the window opens on.
    pub fn screen(&self) -> Screen {
        self.open.screen()
    }

    /// The screen shown once it has opened: practice opens through the Snaky screen.
    pub fn settles_on(&self) -> Screen {
        match self.open {
            Open::SnakyPractice(_) => Screen::SnakyPractice,
            _ => self.screen(),
        }
    }
}

impl Plugin for Opening {
    fn build(&self, app: &mut App) {
        app.insert_resource(self.open.clone())
            .insert_resource(self.snaky.clone())
            .add_systems(Last, lapse.run_if(resource_exists::<Open>));
        if self.screen() != Screen::Menu {
            app.world_mut().write_message(Go(self.screen()));
        }
    }
}

/// The request lapses at the end of the frame its screen opened on.
fn lapse(mut commands: Commands, open: Res<Open>, screen: Res<State<Screen>>) {
    if open.screen() == *screen.get() {
        commands.remove_resource::<Open>();
    }
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
        assert_eq!(Open::parse("snaky-learn:m1"), Ok(Open::SnakyLearn(Step::Threat)));
        assert_eq!(Open::parse("snaky-learn:m3"), Ok(Open::SnakyLearn(Step::OpenFour)));
        assert_eq!(Open::parse("snaky-learn:m6"), Ok(Open::SnakyLearn(Step::Opening)));
        for bad in ["snaky-learn:6", "snaky-learn:m7", "snaky-learn:m0", "snaky-learn:m", "snaky-learn:mm1"] {
            assert!(Open::parse(bad).is_err(), "{bad}");
        }
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
