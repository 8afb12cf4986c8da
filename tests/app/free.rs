#![cfg(feature = "app")]
//! Free play without a screen: the setup screen driven by keys and by the messages its buttons
//! send, whole games against the COM, the practice hint (free play only, never on the ladder) and
//! what is saved (the last setup; never ladder progress). Numbers come from a brute force of the
//! game tree or from SPEC §1.2–1.3.

use std::fs;
use std::path::PathBuf;

use bevy::prelude::*;

use pokopoko::app::i18n;
use pokopoko::app::pokopoko::free_form::{Form, FormInput, Row};
use pokopoko::app::pokopoko::{
    ButtonState, CurrentStage, FreeAction, LastMatch, PracticeHint, Room, StageAction, Table,
};
use pokopoko::app::{Go, PlayInput, SavePlace, Screen};
use pokopoko::pokopoko::{Hint, RuleKind, Side, TurnOrder};
use pokopoko::save::{Language, Save, SaveFile};

use pokopoko::app::theme::palette;

use crate::common::{game, key};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("pokopoko-free-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir.join("save.ron")
}

/// A save in English (so the hint's words can be checked) with stages 1–3 cleared.
fn english_save(path: &PathBuf) {
    let mut save = Save::default();
    save.settings.language = Language::English;
    for n in 1..=3 {
        save.progress.record_match(n, true, true);
    }
    SaveFile::open(path).file.store(&save).unwrap();
}

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

fn send<M: Message>(app: &mut App, message: M) {
    app.world_mut().write_message(message);
    for _ in 0..3 {
        app.update();
    }
}

fn form(app: &App) -> &Form {
    app.world().resource::<Form>()
}

fn playing(app: &App) -> bool {
    screen(app) == Screen::Play && app.world().contains_resource::<Table>()
}

/// The practice hint lines on screen, and their texts.
fn hint_lines(app: &mut App) -> Vec<String> {
    let mut query = app.world_mut().query_filtered::<&Text, With<PracticeHint>>();
    query.iter(app.world()).map(|text| text.0.clone()).collect()
}

/// Runs frames until the human may move or the match has left the table.
fn run_com(app: &mut App) {
    for _ in 0..300 {
        if !playing(app) || app.world().resource::<Table>().human_to_move() {
            return;
        }
        app.update();
    }
    panic!("the COM never finished its turn");
}

fn press(app: &mut App, count: u32) {
    let table = app.world().resource::<Table>();
    let up: Vec<usize> =
        (0..table.stage().buttons() as usize).filter(|&b| table.state(b) == ButtonState::Up).collect();
    if !table.is_forced() {
        for &button in up.iter().take(count as usize) {
            send(app, PlayInput::Toggle(button));
        }
    }
    send(app, PlayInput::Confirm);
}

/// The game tree searched move by move: does the player to move with `remaining` win?
fn brute_wins(counts: &[u32], remaining: u32) -> bool {
    let min = counts[0];
    let moves: Vec<u32> = if remaining < min {
        vec![remaining]
    } else {
        counts.iter().copied().filter(|&k| k <= remaining).collect()
    };
    moves.into_iter().any(|k| k < remaining && !brute_wins(counts, remaining - k))
}

/// Typed on the setup screen: 2 then 0 buttons, the rule {1, 3, 4} by keys, second, practice on.
#[test]
fn a_setup_typed_on_the_keyboard_plays_with_the_practice_hint_and_never_touches_the_ladder() {
    let path = scratch("keys");
    english_save(&path);
    let before = SaveFile::open(&path).save.progress;
    let mut app = game(SavePlace::File(path.clone()), None);
    key(&mut app, KeyCode::KeyF);
    app.update();
    assert_eq!(screen(&app), Screen::FreeSetup);
    assert_eq!(form(&app).row, Row::Buttons);
    // Buttons: type 2, 0.
    key(&mut app, KeyCode::Digit2);
    key(&mut app, KeyCode::Digit0);
    assert_eq!(form(&app).setup.buttons, 20);
    // The rule: a set (the default setup is {1, 3, 4}); make it {1, 3, 4, 6} then drop 6 again.
    key(&mut app, KeyCode::ArrowDown);
    assert_eq!(form(&app).row, Row::Kind);
    assert_eq!(form(&app).setup.kind, RuleKind::Set);
    key(&mut app, KeyCode::ArrowDown);
    assert_eq!(form(&app).row, Row::Counts);
    key(&mut app, KeyCode::Digit6);
    assert_eq!(form(&app).setup.counts, [1, 3, 4, 6]);
    key(&mut app, KeyCode::Space);
    assert_eq!(form(&app).setup.counts, [1, 3, 4]);
    // Second, practice on.
    key(&mut app, KeyCode::ArrowDown);
    key(&mut app, KeyCode::ArrowRight);
    assert_eq!(form(&app).setup.order, TurnOrder::Second);
    key(&mut app, KeyCode::ArrowDown);
    key(&mut app, KeyCode::Space);
    assert!(form(&app).setup.practice);
    key(&mut app, KeyCode::Enter);
    app.update();
    assert_eq!(screen(&app), Screen::Play);
    assert!(matches!(app.world().resource::<Room>(), Room::Free(_)));
    assert_eq!(app.world().resource::<CurrentStage>().0.buttons(), 20);

    let counts = [1, 3, 4];
    let mut hints_checked = 0;
    while playing(&app) {
        run_com(&mut app);
        if !playing(&app) {
            break;
        }
        app.update();
        let remaining = app.world().resource::<Table>().game().remaining();
        // The hint says what the game tree says about the number the human faces.
        let losing = !brute_wins(&counts, remaining);
        let winning: Vec<u32> = counts
            .iter()
            .copied()
            .filter(|&k| k < remaining && !brute_wins(&counts, remaining - k))
            .collect();
        let expected = Hint { remaining, losing, winning_counts: winning.clone() };
        assert_eq!(hint_lines(&mut app), [i18n::practice_hint(Language::English, &expected)]);
        let line = &hint_lines(&mut app)[0];
        assert!(line.contains(if losing { "is a losing number" } else { "is a winning number" }), "{line}");
        // A losing number is told in the bad-news colour, a winning one in the good-news colour.
        let mut inks = app.world_mut().query_filtered::<&TextColor, With<PracticeHint>>();
        let ink = inks.iter(app.world()).next().expect("the hint line").0;
        assert_eq!(ink, if losing { palette::BAD } else { palette::GOOD }, "{line}");
        hints_checked += 1;
        // Follow the hint when it names a winning count. Moving second on 20, a winning number
        // for the player to move, the human never gets one against the perfect COM.
        let legal = app.world().resource::<Table>().game().legal_counts();
        press(&mut app, winning.first().copied().unwrap_or(legal[0]));
    }
    assert!(hints_checked > 2);
    app.update();
    assert_eq!(screen(&app), Screen::Result);
    let last = app.world().resource::<LastMatch>();
    // 20 is not a losing number for {1, 3, 4} (losing: r mod 7 ∈ {1, 3}), so moving second loses,
    // and the lesson says the turn order was the mistake.
    assert!(!last.won());
    assert!(
        matches!(last.mistake, Some(pokopoko::pokopoko::Mistake::TurnOrder { right: TurnOrder::First, .. })),
        "{:?}",
        last.mistake
    );

    // Nothing of the ladder changed; the setup is remembered.
    let saved = SaveFile::open(&path).save;
    assert_eq!(saved.progress, before);
    let remembered = saved.settings.free_play.expect("the setup is saved");
    assert_eq!((remembered.buttons, remembered.counts.as_slice()), (20, &[1, 3, 4][..]));
    assert_eq!((remembered.order, remembered.practice), (TurnOrder::Second, true));

    // Retry keeps the setup's turn order; Esc goes back to the setup with the edits kept.
    send(&mut app, StageAction::RetryFromStart);
    assert_eq!(screen(&app), Screen::Play);
    assert_eq!(app.world().resource::<Table>().game().human_order(), TurnOrder::Second);
    key(&mut app, KeyCode::Escape);
    app.update();
    assert_eq!(screen(&app), Screen::FreeSetup);
    assert_eq!(form(&app).setup.buttons, 20);

    // The ladder never shows a hint, even right after a free game with practice on.
    send(&mut app, Go(Screen::Ladder));
    send(&mut app, StageAction::Open(2));
    assert_eq!(*app.world().resource::<Room>(), Room::Ladder);
    send(&mut app, StageAction::Start(TurnOrder::First));
    assert_eq!(screen(&app), Screen::Play);
    run_com(&mut app);
    assert!(hint_lines(&mut app).is_empty(), "a hint on a ladder stage");
    // ...and its match is recorded on the ladder again.
    while playing(&app) {
        run_com(&mut app);
        if playing(&app) {
            press(&mut app, 1);
        }
    }
    let saved = SaveFile::open(&path).save;
    assert_eq!(saved.progress.choices[&2].matches, 2);
}

/// A free game the perfect human wins, played by the messages the buttons send: the result offers
/// another game and the way back to the setup, and the ladder's record stays as it was.
#[test]
fn a_range_game_won_by_leaving_losing_numbers_ends_with_play_again() {
    let path = scratch("range");
    english_save(&path);
    let before = SaveFile::open(&path).save.progress;
    let mut app = game(SavePlace::File(path.clone()), None);
    send(&mut app, Go(Screen::FreeSetup));
    send(&mut app, FormInput::Kind(RuleKind::Range));
    // Picks 2–5 on 44 buttons (SPEC §1.3, stage 11): the right choice is second.
    send(&mut app, FormInput::AddMin(1));
    send(&mut app, FormInput::AddMax(2));
    for _ in 0..14 {
        send(&mut app, FormInput::AddButtons(1));
    }
    assert_eq!((form(&app).setup.min, form(&app).setup.max, form(&app).setup.buttons), (2, 5, 44));
    send(&mut app, FormInput::Order(TurnOrder::Second));
    send(&mut app, FreeAction::Start);
    assert_eq!(screen(&app), Screen::Play);
    // Practice is off: no hint line.
    assert!(hint_lines(&mut app).is_empty());
    while playing(&app) {
        run_com(&mut app);
        if !playing(&app) {
            break;
        }
        let remaining = app.world().resource::<Table>().game().remaining();
        // SPEC §1.2: for 2–5 the losing numbers are r mod 7 ∈ {1, 2}.
        let right = (2..=5).find(|&k| k < remaining && [1, 2].contains(&((remaining - k) % 7))).unwrap();
        press(&mut app, right);
    }
    app.update();
    assert_eq!(screen(&app), Screen::Result);
    let last = app.world().resource::<LastMatch>();
    assert!(last.won());
    assert_eq!(last.table.game().winner(), Some(Side::Human));
    assert_eq!(SaveFile::open(&path).save.progress, before);
    // Enter after a free win plays the same setup again.
    key(&mut app, KeyCode::Enter);
    app.update();
    assert_eq!(screen(&app), Screen::Play);
    assert_eq!(app.world().resource::<CurrentStage>().0.buttons(), 44);
}

/// An empty set, or a smallest count above the buttons, is refused with the reason on screen.
#[test]
fn a_setup_that_cannot_be_played_is_refused() {
    let mut app = game(SavePlace::Memory, None);
    send(&mut app, Go(Screen::FreeSetup));
    for count in [1, 3, 4] {
        send(&mut app, FormInput::ToggleCount(count));
    }
    assert!(form(&app).setup.counts.is_empty());
    send(&mut app, FreeAction::Start);
    assert_eq!(screen(&app), Screen::FreeSetup);
    let texts: Vec<String> = {
        let mut query = app.world_mut().query::<&Text>();
        query.iter(app.world()).map(|text| text.0.clone()).collect()
    };
    assert!(texts.iter().any(|t| t == "押せる数を1つ以上えらんでください。"), "{texts:?}");
    // {5} on 3 buttons: the first player could only press everything.
    send(&mut app, FormInput::ToggleCount(5));
    for _ in 0..27 {
        send(&mut app, FormInput::AddButtons(-1));
    }
    assert_eq!(form(&app).setup.buttons, 3);
    send(&mut app, FreeAction::Strategy);
    assert_eq!(screen(&app), Screen::FreeSetup);
    // One more count makes it playable; its strategy page opens.
    send(&mut app, FormInput::ToggleCount(1));
    send(&mut app, FreeAction::Strategy);
    assert_eq!(screen(&app), Screen::Strategy);
    assert_eq!(app.world().resource::<CurrentStage>().0.picks.counts(), [1, 5]);
    key(&mut app, KeyCode::Escape);
    app.update();
    assert_eq!(screen(&app), Screen::FreeSetup);
}

/// The strategy page names the pre-period: for {2, 4, 7} the losing numbers are 1, 2, then
/// r mod 3 = 1 from 5 on (4 is not losing though 4 mod 3 = 1), as a brute force of the game tree says.
#[test]
fn the_strategy_page_names_where_the_pattern_starts() {
    use pokopoko::pokopoko::{PickSet, Rule};
    let counts = [2, 4, 7];
    let losing: Vec<u32> = (1..=20).filter(|&r| !brute_wins(&counts, r)).collect();
    assert_eq!(losing, [1, 2, 7, 10, 13, 16, 19]);
    let rule = Rule::derive(&PickSet::from_counts(counts).unwrap());
    let line = i18n::pre_period(Language::English, &rule).unwrap();
    assert!(line.contains("starts at 5") && line.contains("only 1, 2"), "{line}");
    assert_eq!(
        i18n::pre_period(Language::English, &Rule::derive(&PickSet::from_counts([1, 3, 4]).unwrap())),
        None
    );
}
