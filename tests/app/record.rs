//! "Your record" (issue 12): every match is recorded with whether its turn order was right, and
//! the ladder shows wins, losses and the first choice per stage, and a statistics line.

#![cfg(feature = "app")]

use bevy::prelude::*;

use pokopoko::app::i18n::Lang;
use pokopoko::app::pokopoko::{ButtonState, StageAction, Table, record_stats, stage_record};
use pokopoko::app::{Go, PlayInput, SaveData, SavePlace, Screen};
use pokopoko::pokopoko::TurnOrder;
use pokopoko::save::{Language, Progress};

// Not every shared helper is needed here.
use crate::common::game;

fn send<M: Message>(app: &mut App, message: M) {
    app.world_mut().write_message(message);
    for _ in 0..3 {
        app.update();
    }
}

/// Plays stage 1 with `order`, always pressing the fewest buttons, to the result screen.
fn play_stage_1(app: &mut App, order: TurnOrder) {
    send(app, StageAction::Open(1));
    send(app, StageAction::Start(order));
    for _ in 0..500 {
        if *app.world().resource::<State<Screen>>().get() == Screen::Result {
            return;
        }
        let human = app.world().get_resource::<Table>().filter(|t| t.human_to_move()).map(|t| {
            let count = t.game().legal_counts()[0] as usize;
            (0..t.stage().layout.len()).filter(|&b| t.state(b) == ButtonState::Up).take(count).collect()
        });
        if let Some(up) = human.filter(|up: &Vec<usize>| !up.is_empty()) {
            for button in up {
                send(app, PlayInput::Toggle(button));
            }
            send(app, PlayInput::Confirm);
        } else {
            app.update();
        }
    }
    panic!("stage 1 never ended");
}

#[test]
fn matches_are_recorded_with_their_turn_order_and_the_first_choice_is_kept() {
    let mut app = game(SavePlace::Memory, None);
    // Stage 1 (6 buttons, picks 1–2) is a first-player win (SPEC §1.3): second is the wrong choice.
    play_stage_1(&mut app, TurnOrder::Second);
    play_stage_1(&mut app, TurnOrder::First);
    let progress = &app.world().resource::<SaveData>().save.progress;
    let choice = progress.choices[&1];
    assert_eq!((choice.matches, choice.right, choice.first_right), (2, 1, Some(false)));
    let result = progress.results[&1];
    assert_eq!(result.wins + result.losses, 2);
    // Moving second against the perfect COM loses.
    assert!(result.losses >= 1);
    let tile = stage_record(Language::English, progress, 1);
    let count = |n: u64, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    assert_eq!(
        tile,
        format!(
            "{}, {}\nfirst try: wrong order",
            count(result.wins, "win", "wins"),
            count(result.losses, "loss", "losses")
        )
    );
    let cleared = progress.cleared.len();
    let stats = record_stats(Language::English, progress);
    assert_eq!(stats, format!("Stages cleared: {cleared}   Right turn-order choices: 50% (1/2)"));

    // Both are on the ladder screen.
    app.world_mut().resource_mut::<Lang>().0 = Language::English;
    send(&mut app, Go(Screen::Ladder));
    let texts: Vec<String> =
        app.world_mut().query::<&Text>().iter(app.world()).map(|t| t.0.clone()).collect();
    assert!(texts.contains(&tile), "no tile shows {tile:?}");
    assert!(texts.contains(&stats), "no line shows {stats:?}");
}

#[test]
fn a_stage_never_played_shows_no_record_and_old_saves_show_no_rate() {
    let mut progress = Progress::default();
    assert_eq!(stage_record(Language::English, &progress, 3), "");
    // A save from before the choice was recorded: wins and losses only.
    progress.record(1, true);
    assert_eq!(stage_record(Language::English, &progress, 1), "1 win, 0 losses");
    assert_eq!(stage_record(Language::Japanese, &progress, 1), "かち 1　まけ 0");
    assert_eq!(record_stats(Language::English, &progress), "Stages cleared: 1");
}
