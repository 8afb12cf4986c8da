//! `--open SCREEN` without a window: the command line read as the window reads it, the game's
//! plugins and the opening, no screenshot harness. Each screen sets itself up from what `--open`
//! names when it opens; the request lapses once it has.

use bevy::input::InputPlugin;
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use clap::Parser;

use pokopoko::app::open::{Opening, SnakyOptions};
use pokopoko::app::pokopoko::{CurrentStage, LastMatch, Refusal, RefusalReason, Room, StrategyReturn, Table};
use pokopoko::app::snaky::cards::CardBrowser;
use pokopoko::app::snaky::checks::CertificateChecks;
use pokopoko::app::snaky::learn::Primer;
use pokopoko::app::snaky::lesson::Step;
use pokopoko::app::snaky::{LineChoice, Overlays, Session};
use pokopoko::app::{GamePlugin, Go, MenuAction, Open, Pace, SavePlace, Screen, StageLadder};
use pokopoko::cli::Cli;
use pokopoko::pokopoko::{Side, TurnOrder};
use pokopoko::snaky::Maker;

use crate::common::FRAME;

/// The lost game of `.ci/screenshots.sh`'s lesson: moves 4 and 9 lose 3 and 5 Maker moves.
const LOST_GAME: &str = "6,7 7,9 9,7 10,9 11,7 8,9 8,7 11,9 6,12 6,10 11,10 11,12";

/// The game opened as `pokopoko ARGS…` opens it, a few frames on (the COM at instant pace).
fn opened(args: &[&str]) -> App {
    let cli =
        Cli::try_parse_from(std::iter::once("pokopoko").chain(args.iter().copied())).expect("arguments");
    let opening = Opening::from_args(&cli.window).expect("a screen to open");
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, InputPlugin));
    app.insert_resource(TimeUpdateStrategy::ManualDuration(FRAME));
    app.add_plugins(GamePlugin {
        save: SavePlace::Memory,
        ladder_file: None,
        pace: Pace::instant(),
        locale: None,
    });
    app.add_plugins(opening);
    frames(&mut app, 10);
    app
}

fn frames(app: &mut App, count: usize) {
    for _ in 0..count {
        app.update();
    }
}

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

fn resource<R: Resource>(app: &App) -> &R {
    app.world().resource::<R>()
}

#[test]
fn the_plain_screens_open_as_named() {
    for (name, expected) in [
        ("menu", Screen::Menu),
        ("about", Screen::About),
        ("ladder", Screen::Ladder),
        ("free", Screen::FreeSetup),
        ("snaky", Screen::Snaky),
    ] {
        let app = opened(&["--open", name]);
        assert_eq!(screen(&app), expected, "--open {name}");
        assert!(!app.world().contains_resource::<Open>(), "--open {name}: the request lapsed");
    }
    // `--maker` alone opens Snaky, with that Maker.
    let app = opened(&["--maker", "20"]);
    assert_eq!((screen(&app), resource::<Session>(&app).maker), (Screen::Snaky, Maker::Ours));
}

#[test]
fn the_stage_screens_open_on_the_stage_named() {
    let app = opened(&["--open", "intro:8"]);
    assert_eq!((screen(&app), resource::<CurrentStage>(&app).0.number), (Screen::Intro, 8));

    // The right turn order: after the COM's opening (if it has one), the human is to move.
    let app = opened(&["--open", "stage:8"]);
    let stage = resource::<StageLadder>(&app).ladder.stage(8).expect("stage 8");
    assert_eq!(screen(&app), Screen::Play);
    let table = resource::<Table>(&app);
    assert_eq!((table.stage().number, table.game().human_order()), (8, stage.right_choice()));
    assert!(table.human_to_move());

    // The player first, the most buttons allowed selected, then one more: refused and held.
    let app = opened(&["--open", "refused:8"]);
    assert_eq!(screen(&app), Screen::Play);
    let table = resource::<Table>(&app);
    assert_eq!(table.game().human_order(), TurnOrder::First);
    assert_eq!(table.selected().len() as u32, *stage.picks.counts().last().expect("a pick"));
    assert_eq!(resource::<Refusal>(&app).reason(), Some(RefusalReason::TooMany));

    // Revealed, and back to the ladder.
    let app = opened(&["--open", "strategy:11"]);
    assert_eq!((screen(&app), resource::<CurrentStage>(&app).0.number), (Screen::Strategy, 11));
    assert_eq!(resource::<StrategyReturn>(&app).0, Screen::Ladder);

    // A match lost by one wrong move.
    let app = opened(&["--open", "result:12"]);
    assert_eq!(screen(&app), Screen::Result);
    let last = resource::<LastMatch>(&app);
    assert_eq!((last.table.stage().number, last.table.game().winner()), (12, Some(Side::Com)));
    assert!(last.mistake.is_some());
}

#[test]
fn free_play_opens_on_the_rule_named() {
    let app = opened(&["--open", "free:1,3,4@30"]);
    assert_eq!(screen(&app), Screen::Play);
    let Room::Free(setup) = resource::<Room>(&app) else { panic!("a free game") };
    assert_eq!((setup.counts.as_slice(), setup.buttons, setup.practice), (&[1, 3, 4][..], 30, true));
    // 30 mod 7 = 2 is not a losing number for {1, 3, 4}: the human moves first and is to move.
    let table = resource::<Table>(&app);
    assert_eq!(table.game().human_order(), TurnOrder::First);
    assert!(table.human_to_move());

    let app = opened(&["--open", "free-strategy:2,4,7@30"]);
    assert_eq!(screen(&app), Screen::Strategy);
    assert!(resource::<Room>(&app).is_free());
    assert_eq!(resource::<StrategyReturn>(&app).0, Screen::FreeSetup);

    let app = opened(&["--open", "free-result:1,3,4@30"]);
    assert_eq!(screen(&app), Screen::Result);
    assert!(resource::<Room>(&app).is_free());
    assert_eq!(resource::<LastMatch>(&app).table.game().winner(), Some(Side::Com));

    // One button: the COM moves first, presses it and loses; the result shows at once.
    let app = opened(&["--open", "free:1@1"]);
    assert_eq!(screen(&app), Screen::Result);
    assert!(resource::<LastMatch>(&app).won());
}

#[test]
fn the_snaky_screens_open_on_what_is_named() {
    // The lesson on the costliest move (move 9, index 8), its best reply's line 6 moves on.
    let app = opened(&["--open", "snaky-review:best:6", "--moves", LOST_GAME]);
    assert_eq!(screen(&app), Screen::Snaky);
    let lesson = resource::<Session>(&app).lesson().expect("the lesson is open");
    assert_eq!((lesson.index, lesson.choice, lesson.step), (8, LineChoice::Best, 6));

    // The game of the Snaky options, with only the overlays named.
    let app =
        opened(&["--open", "snaky", "--moves", "7,8 8,6", "--maker", "20", "--blind", "--overlay", "heat"]);
    let session = resource::<Session>(&app);
    assert_eq!((session.maker, session.blind, session.game().breaker_cells().len()), (Maker::Ours, true, 2));
    let overlays = resource::<Overlays>(&app);
    assert!(overlays.analysis && overlays.heat && !overlays.envelope && !overlays.pivot);
    assert!(!app.world().contains_resource::<SnakyOptions>(), "taken by the screen");

    let app = opened(&["--open", "snaky-learn:3"]);
    assert_eq!((screen(&app), resource::<Primer>(&app).lesson.step), (Screen::SnakyLearn, Step::Block));

    // Snaky as Maker after 4 moves of the heuristic Maker (each answered by the Breaker).
    let app = opened(&["--open", "snaky-maker:4"]);
    assert_eq!(screen(&app), Screen::SnakyMaker);
    let game = resource::<pokopoko::app::snaky::model::maker::MakerSession>(&app).game();
    assert_eq!((game.maker_cells().len(), game.breaker_cells().len()), (4, 4));

    // Our certificate's card 5, back to the menu.
    let app = opened(&["--open", "cards:5", "--maker", "20"]);
    assert_eq!(screen(&app), Screen::Cards);
    let browser = resource::<CardBrowser>(&app);
    assert_eq!((browser.maker, browser.card, browser.back_to), (Maker::Ours, 5, Screen::Menu));

    let app = opened(&["--open", "about:checks"]);
    assert_eq!(screen(&app), Screen::About);
    assert!(!matches!(resource::<CertificateChecks>(&app), CertificateChecks::NotRun));
}

/// Once its screen has opened, coming back to it opens it as usual: the strategy page of the stage
/// chosen on the ladder, not `--open`'s.
#[test]
fn the_request_lapses_once_its_screen_has_opened() {
    use pokopoko::app::pokopoko::StageAction;
    let mut app = opened(&["--open", "strategy:11", "--maker", "20"]);
    assert!(!app.world().contains_resource::<Open>());
    app.world_mut().write_message(Go(Screen::Menu));
    frames(&mut app, 3);
    app.world_mut().write_message(MenuAction::Play);
    frames(&mut app, 3);
    app.world_mut().write_message(StageAction::Open(1));
    frames(&mut app, 3);
    app.world_mut().write_message(StageAction::Strategy);
    frames(&mut app, 3);
    assert_eq!((screen(&app), resource::<CurrentStage>(&app).0.number), (Screen::Strategy, 1));
    assert_eq!(resource::<StrategyReturn>(&app).0, Screen::Intro);
    // The Snaky options wait for the Snaky screen.
    assert_eq!(resource::<SnakyOptions>(&app).maker, Some(Maker::Ours));
}
