#![cfg(feature = "app")]
//! The game without a screen: `MinimalPlugins` + our plugins, driven by the same messages the
//! buttons' click observers and the keyboard send. Numbers come from SPEC §1.2–1.3.

use std::fs;
use std::path::{Path, PathBuf};

use bevy::prelude::*;

use pokopoko::app::pokopoko::{
    ButtonState, CurrentStage, LastMatch, Refusal, RefusalReason, Reveal, StageAction, Table,
};
use pokopoko::app::{MenuAction, PlayInput, SaveData, SavePlace, Screen, StageLadder};
use pokopoko::pokopoko::{Mistake, Side, TurnOrder};
use pokopoko::save::{Language, Save, SaveFile};

use crate::common::game;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("pokopoko-app-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// A save on disk with stages 1..=`cleared` cleared.
fn save_with_cleared(dir: &Path, cleared: u32) -> PathBuf {
    let path = dir.join("save.ron");
    let mut save = Save::default();
    for n in 1..=cleared {
        save.progress.record(n, true);
    }
    SaveFile::open(&path).file.store(&save).unwrap();
    path
}

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

fn table(app: &App) -> &Table {
    app.world().resource::<Table>()
}

/// A match is on the table (it leaves the moment the match is decided).
fn playing(app: &App) -> bool {
    screen(app) == Screen::Play && app.world().contains_resource::<Table>()
}

/// Sends a message and lets the game react (a navigation takes two frames).
fn send<M: Message>(app: &mut App, message: M) {
    app.world_mut().write_message(message);
    for _ in 0..3 {
        app.update();
    }
}

/// Runs frames until the human may move or the result shows; returns each frame's shown count.
fn run_com(app: &mut App) -> Vec<u32> {
    let mut shown = Vec::new();
    for _ in 0..200 {
        if screen(app) != Screen::Play || (playing(app) && table(app).human_to_move()) {
            return shown;
        }
        app.update();
        if let Some(table) = app.world().get_resource::<Table>() {
            shown.push(table.shown_remaining());
        }
    }
    panic!("the COM never finished its turn");
}

/// Selects `count` buttons that are still up, by clicking them, then confirms.
fn press(app: &mut App, count: u32) {
    let up: Vec<usize> = (0..table(app).stage().buttons() as usize)
        .filter(|&b| table(app).state(b) == ButtonState::Up)
        .collect();
    for &button in up.iter().take(count as usize) {
        send(app, PlayInput::Toggle(button));
    }
    assert_eq!(table(app).selected().len(), count as usize);
    send(app, PlayInput::Confirm);
}

/// SPEC §1.2's table: the losing numbers for picks 2–4 are r mod 6 ∈ {1, 2}; for 2–5, r mod 7 ∈ {1, 2}.
fn spec_losing(period: u32, r: u32) -> bool {
    r % period == 1 || r % period == 2
}

/// The match's turns so far, from the table or, once decided, from the result.
fn history(app: &App) -> Vec<pokopoko::pokopoko::game::Turn> {
    match app.world().get_resource::<Table>() {
        Some(table) => table.game().history().to_vec(),
        None => app.world().resource::<LastMatch>().table.game().history().to_vec(),
    }
}

/// The human's latest turn, from the table or, once decided, from the result.
fn last_human_turn(app: &App) -> pokopoko::pokopoko::game::Turn {
    *history(app).iter().rev().find(|t| t.side == Side::Human).unwrap()
}

fn open_stage(app: &mut App, number: u32) {
    send(app, MenuAction::Play);
    assert_eq!(screen(app), Screen::Ladder);
    send(app, StageAction::Open(number));
    assert_eq!(screen(app), Screen::Intro);
}

#[test]
fn stage_8_is_won_by_choosing_second_and_leaving_losing_numbers() {
    let dir = scratch("win-8");
    let path = save_with_cleared(&dir, 7);
    let mut app = game(SavePlace::File(path.clone()), None);
    assert_eq!(screen(&app), Screen::Menu);
    open_stage(&mut app, 8);
    let stage = &app.world().resource::<CurrentStage>().0;
    // SPEC §1.3: stage 8 has 32 buttons, picks 2–4, and the right choice is second.
    assert_eq!((stage.buttons(), stage.picks.min(), stage.picks.max()), (32, 2, 4));
    send(&mut app, StageAction::Start(TurnOrder::Second));
    assert_eq!(screen(&app), Screen::Play);

    let mut shown_steps = 0;
    loop {
        let shown = run_com(&mut app);
        // The COM's presses appear one at a time: the shown count drops by at most one per frame.
        for pair in shown.windows(2) {
            assert!(pair[0] == pair[1] || pair[0] == pair[1] + 1, "one press at a time: {shown:?}");
        }
        shown_steps += shown.len();
        if !playing(&app) {
            break;
        }
        let remaining = table(&app).game().remaining();
        // Leave the COM a losing number from SPEC's table.
        let right =
            (2..=4).find(|&k| k < remaining && spec_losing(6, remaining - k)).expect("a winning move");
        press(&mut app, right);
        let mine = last_human_turn(&app);
        assert_eq!((mine.remaining_before, mine.count), (remaining, right));
        assert!(spec_losing(6, mine.remaining_after()), "{mine:?}");
    }
    assert_eq!(screen(&app), Screen::Result);
    let last = app.world().resource::<LastMatch>();
    assert!(last.won());
    assert_eq!(last.mistake, None);
    let history = last.table.game().history();
    // The COM opened on 32, a losing number, with a legal press, and pressed the last button at the end.
    assert_eq!((history[0].side, history[0].remaining_before), (Side::Com, 32));
    for turn in history.iter().filter(|t| t.side == Side::Com) {
        assert!((2..=4).contains(&turn.count) || turn.remaining_before < 2, "a legal press: {turn:?}");
    }
    assert_eq!(history.last().map(|t| (t.side, t.remaining_after())), Some((Side::Com, 0)));
    assert!(shown_steps > 0);

    // The save on disk: stage 8 cleared, stage 9 open.
    let saved = SaveFile::open(&path).save;
    assert!(saved.progress.is_cleared(8));
    assert_eq!(saved.progress.results[&8].wins, 1);
    assert_eq!(saved.progress.current(), 9);

    // Next stage: stage 9 (36 buttons).
    send(&mut app, StageAction::Open(9));
    assert_eq!(screen(&app), Screen::Intro);
    assert_eq!(app.world().resource::<CurrentStage>().0.buttons(), 36);
}

#[test]
fn stage_11_is_lost_by_choosing_first_and_the_lesson_says_second() {
    let dir = scratch("lose-11");
    let path = save_with_cleared(&dir, 10);
    let mut app = game(SavePlace::File(path.clone()), None);
    open_stage(&mut app, 11);
    send(&mut app, StageAction::Start(TurnOrder::First));
    assert_eq!(screen(&app), Screen::Play);
    while playing(&app) {
        run_com(&mut app);
        if !playing(&app) {
            break;
        }
        // After every COM turn the human stands on a losing number (SPEC: 44 = 2 mod 7).
        let remaining = table(&app).game().remaining();
        assert!(spec_losing(7, remaining), "the COM left {remaining}");
        let count = if table(&app).is_forced() { remaining } else { 2 };
        if table(&app).is_forced() {
            // The forced last press is preselected.
            send(&mut app, PlayInput::Confirm);
        } else {
            press(&mut app, count);
        }
    }
    assert_eq!(screen(&app), Screen::Result);
    let last = app.world().resource::<LastMatch>();
    assert!(!last.won());
    assert_eq!(
        last.mistake,
        Some(Mistake::TurnOrder { chosen: TurnOrder::First, right: TurnOrder::Second, buttons: 44 })
    );
    let lesson = pokopoko::app::pokopoko::lesson_text(Language::English, last, true).unwrap();
    assert!(lesson.contains("44 is a losing number (44 mod 7 = 2)"), "{lesson}");
    assert!(lesson.contains("Choosing second instead of first"), "{lesson}");
    let ja = pokopoko::app::pokopoko::lesson_text(Language::Japanese, last, true).unwrap();
    assert!(ja.contains("後手") && ja.contains("44"), "{ja}");
    // Before the strategy page is revealed the lesson names the right choice, not the rule.
    let unrevealed = pokopoko::app::pokopoko::lesson_text(Language::English, last, false).unwrap();
    assert!(unrevealed.contains("choosing second instead of first"), "{unrevealed}");
    assert!(!unrevealed.contains("mod") && !unrevealed.contains("losing number"), "{unrevealed}");
    let ja = pokopoko::app::pokopoko::lesson_text(Language::Japanese, last, false).unwrap();
    assert!(ja.contains("後手") && !ja.contains("mod") && !ja.contains("負けの数"), "{ja}");
    let saved = SaveFile::open(&path).save;
    assert!(!saved.progress.is_cleared(11));
    assert_eq!(saved.progress.results[&11].losses, 1);

    // Retrying a wrong turn order means choosing again.
    send(&mut app, StageAction::RetryFromMistake);
    assert_eq!(screen(&app), Screen::Intro);
}

#[test]
fn a_wrong_move_is_named_and_the_match_can_be_replayed_from_it() {
    let mut app = game(SavePlace::Memory, None);
    send(&mut app, MenuAction::Language(Language::English));
    open_stage(&mut app, 1);
    // SPEC: stage 1 is 6 buttons, picks 1–2, first wins by leaving 4 (= 1 mod 3).
    send(&mut app, StageAction::Start(TurnOrder::First));
    press(&mut app, 1); // leaves 5: a winning number for the COM.
    while playing(&app) {
        run_com(&mut app);
        if playing(&app) {
            let remaining = table(&app).game().remaining();
            press(&mut app, remaining.min(1));
        }
    }
    let last = app.world().resource::<LastMatch>();
    assert!(!last.won());
    assert_eq!(
        last.mistake,
        Some(Mistake::Move { turn: 0, remaining_before: 6, pressed: 1, right_counts: vec![2] })
    );
    let lesson = pokopoko::app::pokopoko::lesson_text(Language::English, last, true).unwrap();
    assert!(lesson.contains("Your move 1: with 6 left you pressed 1, leaving 5"), "{lesson}");
    assert!(lesson.contains("press 2 to leave 4 (4 mod 3 = 1)"), "{lesson}");
    // The result screen shows it without the rule: this save never revealed picks 1–2.
    let shown = screen_text(&mut app);
    assert!(shown.contains("Your move 1: with 6 left you pressed 1, leaving 5"), "{shown}");
    assert!(shown.contains("Right was: press 2 to leave 4.") && !shown.contains("mod 3"), "{shown}");
    let unrevealed =
        pokopoko::app::pokopoko::lesson_text(Language::English, app.world().resource::<LastMatch>(), false)
            .unwrap();
    assert!(!unrevealed.contains("mod") && !unrevealed.contains("winning number"), "{unrevealed}");

    send(&mut app, StageAction::RetryFromMistake);
    assert_eq!(screen(&app), Screen::Play);
    assert_eq!(table(&app).game().remaining(), 6);
    assert!(table(&app).human_to_move());
    // Play it right this time: always leave r mod 3 = 1.
    while playing(&app) {
        let remaining = table(&app).game().remaining();
        let right = (1..=2).find(|&k| k < remaining && (remaining - k) % 3 == 1).unwrap();
        press(&mut app, right);
        run_com(&mut app);
    }
    assert!(app.world().resource::<LastMatch>().won());
    assert!(app.world().resource::<SaveData>().save.progress.is_cleared(1));
}

#[test]
fn selection_follows_the_pick_range_and_can_change_before_confirming() {
    let mut app = game(SavePlace::Memory, None);
    open_stage(&mut app, 1);
    send(&mut app, StageAction::Start(TurnOrder::First));
    send(&mut app, PlayInput::Toggle(0));
    send(&mut app, PlayInput::Toggle(1));
    send(&mut app, PlayInput::Toggle(2)); // picks 1–2: a third is refused
    assert_eq!(table(&app).selected(), &[0, 1]);
    send(&mut app, PlayInput::Toggle(0));
    assert_eq!(table(&app).selected(), &[1]);
    send(&mut app, PlayInput::ClearSelection);
    assert!(table(&app).selected().is_empty());
    // Confirming nothing does nothing.
    send(&mut app, PlayInput::Confirm);
    assert_eq!(table(&app).game().remaining(), 6);
    assert!(table(&app).human_to_move());
}

#[test]
fn a_refused_selection_or_press_says_why_on_screen_and_the_reason_fades() {
    let dir = scratch("refusal");
    let path = save_with_cleared(&dir, 7);
    let mut app = game(SavePlace::File(path), None);
    app.world_mut().resource_mut::<SaveData>().save.settings.language = Language::English;
    app.world_mut().resource_mut::<pokopoko::app::i18n::Lang>().0 = Language::English;
    // Stage 8: picks 2–4 (SPEC §1.3), the player first.
    open_stage(&mut app, 8);
    send(&mut app, StageAction::Start(TurnOrder::First));
    for button in 0..4 {
        send(&mut app, PlayInput::Toggle(button));
    }
    assert!(!screen_text(&mut app).contains("No more than that"), "nothing refused yet");
    // A fifth button: more than 4 is refused, and the panel says the rule.
    send(&mut app, PlayInput::Toggle(4));
    assert_eq!(table(&app).selected().len(), 4);
    assert_eq!(app.world().resource::<Refusal>().reason(), Some(RefusalReason::TooMany));
    assert!(screen_text(&mut app).contains("No more than that: 2-4 per turn"), "{}", screen_text(&mut app));
    // One selected is not a press under 2–4: refused with the count and the rule.
    send(&mut app, PlayInput::ClearSelection);
    send(&mut app, PlayInput::Toggle(0));
    send(&mut app, PlayInput::Confirm);
    assert_eq!(table(&app).game().remaining(), 32, "nothing was pressed");
    assert!(screen_text(&mut app).contains("Not 1: 2-4 per turn"), "{}", screen_text(&mut app));
    // The reason goes after a few seconds of frames (16 ms each) without input.
    for _ in 0..200 {
        app.update();
    }
    assert_eq!(app.world().resource::<Refusal>().reason(), None);
    assert!(!screen_text(&mut app).contains("Not 1:"));
}

#[test]
fn a_pick_set_refusal_names_the_counts_allowed() {
    use pokopoko::app::i18n;
    use pokopoko::pokopoko::PickSet;
    let set = PickSet::from_counts([1, 3, 4]).expect("a pick set");
    assert_eq!(i18n::refusal(Language::English, RefusalReason::NotAllowed(2), &set), "Not 2: {1, 3, 4} only");
    let range = PickSet::range(2, 4).expect("a range");
    assert_eq!(
        i18n::refusal(Language::Japanese, RefusalReason::NotAllowed(1), &range),
        "1個は押せません：1回に 2〜4個"
    );
}

/// A key press and one more frame for the screen it changes to.
fn key(app: &mut App, code: KeyCode) {
    crate::common::key(app, code);
    app.update();
}

#[test]
fn the_keyboard_plays_too() {
    let mut app = game(SavePlace::Memory, None);
    key(&mut app, KeyCode::Enter); // menu: play
    assert_eq!(screen(&app), Screen::Ladder);
    key(&mut app, KeyCode::Enter); // ladder: the next stage (1)
    assert_eq!(screen(&app), Screen::Intro);
    key(&mut app, KeyCode::KeyF); // first
    assert_eq!(screen(&app), Screen::Play);
    key(&mut app, KeyCode::Space);
    key(&mut app, KeyCode::ArrowRight);
    key(&mut app, KeyCode::Space);
    assert_eq!(table(&app).selected().len(), 2);
    key(&mut app, KeyCode::Enter);
    // 6 - 2 = 4 left for the COM, then the COM answers.
    run_com(&mut app);
    assert_eq!(table(&app).game().history()[0].count, 2);
    assert_eq!(table(&app).game().history()[0].side, Side::Human);
    assert!(table(&app).human_to_move());
}

#[test]
fn esc_leaves_a_match_under_way_only_when_pressed_twice() {
    let mut app = game(SavePlace::Memory, None);
    key(&mut app, KeyCode::Enter); // menu: play
    key(&mut app, KeyCode::Enter); // ladder: stage 1
    key(&mut app, KeyCode::KeyF); // first
    // Before the first move there is nothing to lose: one Esc goes back to the stage's intro.
    key(&mut app, KeyCode::Escape);
    assert_eq!(screen(&app), Screen::Intro);
    key(&mut app, KeyCode::KeyF);
    key(&mut app, KeyCode::Digit2);
    key(&mut app, KeyCode::Enter);
    run_com(&mut app);
    assert!(playing(&app) && table(&app).human_to_move());
    // Under way: the first Esc only asks.
    key(&mut app, KeyCode::Escape);
    assert!(playing(&app));
    assert_eq!(app.world().resource::<Refusal>().reason(), Some(RefusalReason::LeaveAgain));
    assert!(screen_text(&mut app).contains("もう一度Escで、この対戦をやめます。"));
    // The question stays as long as it takes (seconds of frames, 16 ms each) ...
    for _ in 0..400 {
        app.update();
    }
    assert_eq!(app.world().resource::<Refusal>().reason(), Some(RefusalReason::LeaveAgain));
    // ... until another input answers it: the player stays.
    key(&mut app, KeyCode::Backspace);
    assert_eq!(app.world().resource::<Refusal>().reason(), None);
    assert!(playing(&app));
    // Esc asks again, and a second Esc leaves; the match goes with the screen.
    key(&mut app, KeyCode::Escape);
    assert!(playing(&app));
    key(&mut app, KeyCode::Escape);
    assert_eq!(screen(&app), Screen::Intro);
    assert!(!app.world().contains_resource::<Table>(), "no table outlives the play screen");
    assert_eq!(app.world().resource::<Refusal>().reason(), None);
}

/// The newcomer's sequence on stage 9 (36 buttons, picks 2–4, SPEC §1.3): "2" and Enter typed
/// within one frame press 2, in that order, every time; a match left with Esc records nothing.
#[test]
fn keys_typed_in_one_frame_act_in_order_and_a_match_left_records_nothing() {
    let dir = scratch("stage-9-keys");
    let path = save_with_cleared(&dir, 8);
    let mut app = game(SavePlace::File(path.clone()), None);
    open_stage(&mut app, 9);
    key(&mut app, KeyCode::KeyF);
    crate::common::keys_together(&mut app, &[KeyCode::Digit2, KeyCode::Enter]);
    assert_eq!(table(&app).game().history()[0].count, 2, "2 then Enter pressed 2");
    assert_eq!(table(&app).game().history()[0].side, Side::Human);
    assert_eq!(app.world().resource::<Refusal>().reason(), None);
    run_com(&mut app);
    key(&mut app, KeyCode::Escape);
    key(&mut app, KeyCode::Escape);
    assert_eq!(screen(&app), Screen::Intro);
    let records = |app: &App| app.world().resource::<SaveData>().save.progress.results.get(&9).copied();
    assert_eq!(records(&app), None, "a match left unfinished is not a loss");
    // Second, then "2 + Enter" at every turn: each one presses 2, none is refused.
    send(&mut app, StageAction::Start(TurnOrder::Second));
    let mut turns = 0;
    while playing(&app) {
        run_com(&mut app);
        if !playing(&app) {
            break;
        }
        let before = table(&app).game().history().len();
        let left = table(&app).game().remaining();
        crate::common::keys_together(&mut app, &[KeyCode::Digit2, KeyCode::Enter]);
        let history = history(&app);
        if left >= 2 {
            assert_eq!((history[before].side, history[before].count), (Side::Human, 2), "turn {turns}");
        }
        assert_ne!(app.world().resource::<Refusal>().reason(), Some(RefusalReason::NotYourTurn));
        turns += 1;
        assert!(turns < 40, "the match ends");
    }
    run_com(&mut app);
    // 36 is not a losing number under 2–4 (r mod 6 ∈ {1, 2}): second loses to the perfect COM,
    // and the one match the player finished is the one loss recorded.
    let record = records(&app).expect("the finished match is recorded");
    assert_eq!((record.wins, record.losses), (0, 1));
    let saved = SaveFile::open(&path).save;
    assert_eq!(saved.progress.results[&9].losses, 1);
}

#[test]
fn a_refusal_says_the_real_reason() {
    use pokopoko::app::pokopoko::free_play;
    use pokopoko::pokopoko::{FreeSetup, RuleKind};
    let mut app = game(SavePlace::Memory, None);
    app.world_mut().resource_mut::<pokopoko::app::i18n::Lang>().0 = Language::English;
    // A free game of 2 buttons under picks 1–3, the player first.
    let setup = FreeSetup {
        buttons: 2,
        kind: RuleKind::Range,
        min: 1,
        max: 3,
        order: TurnOrder::First,
        ..FreeSetup::default()
    };
    let (free_table, stage, room) = free_play(&setup).expect("a playable setup");
    app.world_mut().insert_resource(free_table);
    app.world_mut().insert_resource(stage);
    app.world_mut().insert_resource(room);
    send(&mut app, pokopoko::app::Go(Screen::Play));
    assert!(playing(&app) && table(&app).human_to_move());
    // Enter with nothing selected: the reason is the empty selection, not "0".
    send(&mut app, PlayInput::Confirm);
    assert_eq!(app.world().resource::<Refusal>().reason(), Some(RefusalReason::NothingSelected));
    assert!(
        screen_text(&mut app).contains("Select buttons first: 1-3 per turn"),
        "{}",
        screen_text(&mut app)
    );
    // 3 is within 1–3, but only 2 buttons are left: that is the reason given.
    send(&mut app, PlayInput::Choose(3));
    assert_eq!(app.world().resource::<Refusal>().reason(), Some(RefusalReason::OnlyLeft(2)));
    assert!(screen_text(&mut app).contains("Only 2 are left."), "{}", screen_text(&mut app));
    let set = pokopoko::pokopoko::PickSet::range(1, 3).expect("a range");
    assert_eq!(
        pokopoko::app::i18n::refusal(Language::Japanese, RefusalReason::OnlyLeft(2), &set),
        "のこりは2個だけです。"
    );
}

#[test]
fn locked_stages_do_not_open() {
    let mut app = game(SavePlace::Memory, None);
    send(&mut app, MenuAction::Play);
    send(&mut app, StageAction::Open(3));
    assert_eq!(screen(&app), Screen::Ladder);
}

#[test]
fn the_forced_last_press_ends_the_match_both_ways() {
    let dir = scratch("forced");
    let ladder = dir.join("ladder.ron");
    // A tiny edited ladder: 3 buttons in a row, picks 2–4.
    fs::write(
        &ladder,
        r#"Ladder(stages: [(stage: 1, buttons: 3, picks: (min: 2, max: 4), shape: Rectangle, layout: ["ooo"])])"#,
    )
    .unwrap();
    let mut app = game(SavePlace::Memory, Some(ladder.clone()));
    assert_eq!(app.world().resource::<StageLadder>().file_error, None);
    open_stage(&mut app, 1);
    // Second: the COM takes 2 and leaves 1 < min, so the human must press the last button.
    send(&mut app, StageAction::Start(TurnOrder::Second));
    run_com(&mut app);
    assert!(table(&app).is_forced());
    assert_eq!(table(&app).selected().len(), 1, "the forced press is preselected");
    send(&mut app, PlayInput::ClearSelection);
    assert_eq!(table(&app).selected().len(), 1, "and cannot be unselected");
    send(&mut app, PlayInput::Confirm);
    run_com(&mut app);
    assert_eq!(screen(&app), Screen::Result);
    assert!(!app.world().resource::<LastMatch>().won());

    // First: pressing 2 leaves the COM 1 < min; the COM must press the last one and loses.
    send(&mut app, StageAction::RetryFromStart);
    send(&mut app, StageAction::Start(TurnOrder::First));
    press(&mut app, 2);
    run_com(&mut app);
    assert_eq!(screen(&app), Screen::Result);
    let last = app.world().resource::<LastMatch>();
    assert!(last.won());
    assert_eq!(last.table.game().history().last().map(|t| (t.side, t.count)), Some((Side::Com, 1)));
}

#[test]
fn a_broken_stage_file_falls_back_to_the_built_in_ladder_with_its_position() {
    let dir = scratch("bad-ladder");
    let ladder = dir.join("ladder.ron");
    fs::write(&ladder, "Ladder(stages: [\n  (stage: 1, buttons: 3,, )\n])").unwrap();
    let app = game(SavePlace::Memory, Some(ladder.clone()));
    let loaded = app.world().resource::<StageLadder>();
    let error = loaded.file_error.clone().expect("the error is kept to show");
    for lang in [Language::Japanese, Language::English] {
        let shown = pokopoko::app::i18n::ladder_error(lang, &error);
        assert!(shown.contains("ladder.ron:2:"), "file:line:col: {shown}");
    }
    assert!(pokopoko::app::i18n::ladder_error(Language::Japanese, &error).contains("書きかた"));
    // The built-in ladder: stage 14 has 56 buttons (SPEC §1.3).
    assert_eq!(loaded.ladder.stage(14).unwrap().buttons(), 56);
}

#[test]
fn a_corrupt_save_is_reported_and_the_game_goes_on() {
    let dir = scratch("corrupt-save");
    let path = dir.join("save.ron");
    fs::write(&path, "not a save").unwrap();
    let mut app = game(SavePlace::File(path.clone()), None);
    let notice = app.world().resource::<pokopoko::app::storage::SaveNotice>();
    let text = notice.text(Language::English).expect("the player is told");
    assert!(text.contains("could not be read"), "{text}");
    assert_eq!(fs::read_dir(&dir).unwrap().count(), 1, "the old file is kept aside");
    // The game goes on and saves afresh.
    send(&mut app, MenuAction::Language(Language::English));
    assert_eq!(SaveFile::open(&path).save.settings.language, Language::English);
    assert_eq!(fs::read_dir(&dir).unwrap().count(), 2);
}

#[test]
fn a_screenshot_run_leaves_a_corrupt_save_where_it_is() {
    let dir = scratch("read-only-corrupt-save");
    let path = dir.join("save.ron");
    fs::write(&path, "not a save").unwrap();
    let mut app = game(SavePlace::ReadOnly(path.clone()), None);
    let notice = app.world().resource::<pokopoko::app::storage::SaveNotice>();
    assert!(notice.text(Language::English).is_some(), "the player is told");
    send(&mut app, MenuAction::Language(Language::English));
    assert_eq!(fs::read_dir(&dir).unwrap().count(), 1, "nothing moved or written");
    assert_eq!(fs::read_to_string(&path).unwrap(), "not a save");
}

#[test]
fn the_language_choice_persists() {
    let dir = scratch("language");
    let path = dir.join("save.ron");
    let mut app = game(SavePlace::File(path.clone()), None);
    assert_eq!(app.world().resource::<pokopoko::app::i18n::Lang>().0, Language::Japanese);
    send(&mut app, MenuAction::Language(Language::English));
    assert_eq!(screen(&app), Screen::Menu);
    let app = game(SavePlace::File(path), None);
    assert_eq!(app.world().resource::<pokopoko::app::i18n::Lang>().0, Language::English);
}

/// A first launch (no save file yet) starts in the locale's language; a saved choice outlives
/// any locale.
#[test]
fn a_first_launch_speaks_the_locale_s_language_and_a_saved_choice_wins() {
    let lang = |app: &App| app.world().resource::<pokopoko::app::i18n::Lang>().0;
    let dir = scratch("language-locale");
    let path = dir.join("save.ron");
    let mut app = crate::common::game_in_locale(SavePlace::File(path.clone()), None, Some(Language::English));
    assert_eq!(lang(&app), Language::English);
    send(&mut app, MenuAction::Language(Language::Japanese));
    let app = crate::common::game_in_locale(SavePlace::File(path), None, Some(Language::English));
    assert_eq!(lang(&app), Language::Japanese, "the saved choice");
    let fresh = dir.join("other.ron");
    let app = crate::common::game_in_locale(SavePlace::File(fresh), None, Some(Language::Japanese));
    assert_eq!(lang(&app), Language::Japanese);
}

/// Every text on screen, joined.
fn screen_text(app: &mut App) -> String {
    let mut texts = app.world_mut().query::<&Text>();
    texts.iter(app.world()).map(|t| t.0.as_str()).collect::<Vec<_>>().join("\n")
}

#[test]
fn the_strategy_page_warns_until_revealed_once_for_each_pick_range() {
    let dir = scratch("strategy");
    let path = save_with_cleared(&dir, 13);
    let mut app = game(SavePlace::File(path.clone()), None);
    send(&mut app, MenuAction::Language(Language::English));
    open_stage(&mut app, 8);
    send(&mut app, StageAction::Strategy);
    assert_eq!(screen(&app), Screen::Strategy);
    let text = screen_text(&mut app);
    assert!(text.contains("Spoiler!") && !text.contains("Losing numbers"), "{text}");
    send(&mut app, Reveal);
    let text = screen_text(&mut app);
    assert!(!text.contains("Spoiler!"), "{text}");
    // Stage 8 picks 2–4 (SPEC §1.3), losing numbers 1, 2, 7, 8, 13, 14, … (SPEC §1.2).
    assert!(text.contains("1, 2, 7, 8, 13, 14"), "{text}");
    // The pairing: 2 + 4 = 6, the period of SPEC §1.2's table; each press and its answer.
    assert!(text.contains("you press 6\u{a0}-\u{a0}k"), "{text}");
    for (press, answer) in [(2, 4), (3, 3), (4, 2)] {
        assert!(text.contains(&format!("they {press} → you {answer}")), "{text}");
    }
    // The edge rule: with 2 or fewer left under 2–4 the only move presses the last button.
    assert!(text.contains("with 2 or fewer left") && text.contains("1 and 2 are losing"), "{text}");
    let picks = app.world().resource::<CurrentStage>().0.picks.clone();
    let saved = SaveFile::open(&path).save;
    assert_eq!(saved.settings.strategies_revealed.iter().collect::<Vec<_>>(), [&picks]);

    // Next launch: the same pick range opens without the warning; another range still warns.
    let mut app = game(SavePlace::File(path), None);
    open_stage(&mut app, 8);
    send(&mut app, StageAction::Strategy);
    assert!(!screen_text(&mut app).contains("Spoiler!"));
    send(&mut app, pokopoko::app::Go(Screen::Ladder));
    send(&mut app, StageAction::Open(11));
    send(&mut app, StageAction::Strategy);
    assert_eq!(screen(&app), Screen::Strategy);
    assert!(screen_text(&mut app).contains("Spoiler!"), "stage 11 picks 2–5, not yet revealed");
}

/// A save near the ladder's end (issue 11): the ladder screen builds the tiles in view, not one
/// per stage, and scrolling brings the others.
#[test]
fn the_ladder_builds_only_the_tiles_in_view() {
    use pokopoko::app::pokopoko::LadderTile;
    let dir = scratch("ladder-far");
    let path = dir.join("save.ron");
    let mut save = Save::default();
    save.progress.cleared = (1..=99_990).collect();
    SaveFile::open(&path).file.store(&save).unwrap();
    let mut app = game(SavePlace::File(path), None);
    send(&mut app, MenuAction::Play);
    assert_eq!(screen(&app), Screen::Ladder);
    let tiles = |app: &mut App| {
        let mut query = app.world_mut().query::<&LadderTile>();
        let mut numbers: Vec<u32> = query.iter(app.world()).map(|tile| tile.0).collect();
        numbers.sort_unstable();
        numbers
    };
    let shown = tiles(&mut app);
    assert!(shown.contains(&99_991), "the next stage is in view: {shown:?}");
    assert!(shown.len() <= 100, "{} tiles built", shown.len());
    // Scrolled to the top, the first stages are built and the far ones are gone.
    let mut lists = app.world_mut().query::<&mut ScrollPosition>();
    for mut position in lists.iter_mut(app.world_mut()) {
        position.y = 0.0;
    }
    app.update();
    let top = tiles(&mut app);
    assert_eq!(top.first(), Some(&1));
    assert!(!top.contains(&99_991) && top.len() <= 100, "{top:?}");
}

/// The ladder's last stage (SPEC §1.3: stage n has 4·n buttons; the ladder ends at 100,000, so
/// 400,000 buttons) opens as one picture, not a button each, and plays by count.
#[test]
fn the_last_stage_opens_as_a_picture_and_plays_by_count() {
    let dir = scratch("last-stage");
    let path = dir.join("save.ron");
    let mut save = Save::default();
    save.progress.cleared = (1..=99_999).collect();
    SaveFile::open(&path).file.store(&save).unwrap();
    let mut app = game(SavePlace::File(path), None);
    open_stage(&mut app, 100_000);
    send(&mut app, StageAction::Start(TurnOrder::First));
    assert_eq!(screen(&app), Screen::Play);
    assert_eq!(table(&app).game().remaining(), 400_000);
    let mut buttons = app.world_mut().query_filtered::<(), With<Button>>();
    let count = buttons.iter(app.world()).count();
    assert!(count < 100, "{count} UI buttons for a board of 400,000");
    // Picks 2–5: 400,000 = 2 mod 7 is a losing number (SPEC §1.2), so first loses against the COM;
    // the count keys still play: choose 3, press, and the COM answers.
    send(&mut app, PlayInput::Choose(3));
    assert_eq!(table(&app).selected().len(), 3);
    send(&mut app, PlayInput::Confirm);
    run_com(&mut app);
    let remaining = table(&app).game().remaining();
    assert!(spec_losing(7, remaining), "the COM left {remaining}");
    assert_eq!(table(&app).shown_remaining(), remaining);
    // A count the rule does not allow is refused with the reason.
    send(&mut app, PlayInput::Choose(6));
    assert_eq!(app.world().resource::<Refusal>().reason(), Some(RefusalReason::TooMany));
}

/// The play panel's move list keeps a fixed number of lines: the newest turns, and "…" with the
/// number of older ones.
#[test]
fn the_move_list_keeps_seven_lines_and_counts_the_older_turns() {
    let mut app = game(SavePlace::Memory, None);
    send(&mut app, MenuAction::Language(Language::English));
    // Stage 14 (SPEC §1.3: 56 buttons, picks 2–5) is long enough; as second the COM wins it.
    let mut save = app.world_mut().resource_mut::<SaveData>();
    for n in 1..=13 {
        save.save.progress.record(n, true);
    }
    open_stage(&mut app, 14);
    send(&mut app, StageAction::Start(TurnOrder::Second));
    let turn_lines = |app: &mut App| {
        let text = screen_text(app);
        let turns = text.lines().filter(|l| l.contains(" → ") && l.ends_with(" left")).count();
        let earlier = text.lines().find(|l| l.contains("earlier turn")).map(str::to_string);
        (turns, earlier)
    };
    let mut turns_played = 0;
    while playing(&app) {
        run_com(&mut app);
        if !playing(&app) {
            break;
        }
        turns_played = table(&app).game().history().len();
        let (lines, earlier) = turn_lines(&mut app);
        if turns_played <= 7 {
            assert_eq!((lines, earlier), (turns_played, None));
        } else {
            let hidden = turns_played - 6;
            let expected = format!("… ({hidden} earlier turns)");
            assert_eq!((lines, earlier.as_deref()), (6, Some(expected.as_str())));
        }
        let count = if table(&app).is_forced() { table(&app).game().remaining() } else { 2 };
        if table(&app).is_forced() {
            send(&mut app, PlayInput::Confirm);
        } else {
            press(&mut app, count);
        }
    }
    assert!(turns_played > 9, "the match was long enough to hide some turns ({turns_played})");
}

/// Every menu entry, About and Quit included, is reached with the arrows or Tab and opened with
/// Enter; Esc asks before quitting, and any other key answers no.
#[test]
fn every_menu_entry_is_reached_by_keys_and_esc_asks_before_quitting() {
    use pokopoko::app::MenuFocus;
    let mut app = game(SavePlace::Memory, None);
    // Play, free play, Snaky, how to play, Snaky as Maker, cards, 日本語, English, then About.
    for _ in 0..8 {
        key(&mut app, KeyCode::ArrowDown);
    }
    key(&mut app, KeyCode::Enter);
    assert_eq!(screen(&app), Screen::About);
    key(&mut app, KeyCode::Escape);
    assert_eq!(screen(&app), Screen::Menu);
    // Tab from About is Quit; Up from Play wraps round to Quit too.
    key(&mut app, KeyCode::Tab);
    assert_eq!(app.world().resource::<MenuFocus>().entry, 9);
    key(&mut app, KeyCode::Tab);
    assert_eq!(app.world().resource::<MenuFocus>().entry, 0, "past the last entry is the first");
    key(&mut app, KeyCode::ArrowUp);
    assert_eq!(app.world().resource::<MenuFocus>().entry, 9);
    // Esc asks; an arrow answers no; Esc, Esc quits.
    key(&mut app, KeyCode::Escape);
    assert!(app.world().resource::<MenuFocus>().asking_to_quit);
    assert!(screen_text(&mut app).contains("もう一度Escで、ゲームをおわります。"));
    assert!(app.should_exit().is_none());
    key(&mut app, KeyCode::ArrowDown);
    assert!(!app.world().resource::<MenuFocus>().asking_to_quit);
    key(&mut app, KeyCode::Escape);
    assert!(app.should_exit().is_none());
    // (The exit request lives two frames: the key's press and release.)
    crate::common::key(&mut app, KeyCode::Escape);
    assert_eq!(app.should_exit(), Some(AppExit::Success));
}

/// Enter on Quit quits at once (the menu's own button, reached by keys).
#[test]
fn enter_on_quit_quits() {
    let mut app = game(SavePlace::Memory, None);
    key(&mut app, KeyCode::ArrowUp);
    crate::common::key(&mut app, KeyCode::Enter);
    assert_eq!(app.should_exit(), Some(AppExit::Success));
}

/// A stage file that is a loop of links is not taken for no file: the game says why it fell back
/// to the built-in ladder.
#[test]
fn a_stage_file_in_a_loop_of_links_is_reported() {
    let dir = scratch("ladder-loop");
    let path = dir.join("ladder.ron");
    std::os::unix::fs::symlink("ladder.ron", &path).unwrap();
    let app = game(SavePlace::Memory, Some(path));
    let ladder = app.world().resource::<StageLadder>();
    assert!(ladder.file_error.is_some(), "the loop is reported");
    assert_eq!(ladder.ladder.stage(8).map(|stage| stage.buttons()), Some(32), "built-in ladder (SPEC §1.3)");
}
