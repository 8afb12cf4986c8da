//! Sleeping when idle (issue 12): without input the game asks for no frame at all; while something
//! moves on its own (the COM's presses, a refused-move flash) it asks for every next frame, and a
//! watched computer Breaker wakes it for each move. The window's reactive update mode draws
//! exactly those frames.

#![cfg(feature = "app")]

use std::time::Duration;

use bevy::ecs::message::MessageCursor;
use bevy::prelude::*;
use bevy::window::RequestRedraw;

use bevy::time::TimeUpdateStrategy;
use pokopoko::app::platform::sleep::{Alarm, SETTLE_FRAMES};
use pokopoko::app::pokopoko::{StageAction, Table};
use pokopoko::app::snaky::{RefusedFlash, SPEEDS, Session, SnakyInput, Watch};
use pokopoko::app::{Go, Pace, SavePlace, Screen};
use pokopoko::pokopoko::TurnOrder;
use pokopoko::snaky::Cell;

use crate::common::{FRAME, game, key};

/// Runs frames and tells, for each, whether it asked for the next one.
struct Frames {
    cursor: MessageCursor<RequestRedraw>,
}

impl Frames {
    fn new() -> Self {
        Self { cursor: MessageCursor::default() }
    }

    /// One frame; true when it requested a redraw.
    fn step(&mut self, app: &mut App) -> bool {
        app.update();
        self.cursor.read(app.world().resource::<Messages<RequestRedraw>>()).count() > 0
    }

    /// `n` frames; how many of them requested a redraw.
    fn count(&mut self, app: &mut App, n: usize) -> usize {
        (0..n).filter(|_| self.step(app)).count()
    }

    /// Frames until one asks for no redraw (the game fell asleep); panics if it never does.
    fn until_asleep(&mut self, app: &mut App) {
        for _ in 0..2000 {
            if !self.step(app) {
                return;
            }
        }
        panic!("the game never stopped asking for frames");
    }
}

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

#[test]
fn the_idle_menu_asks_for_no_redraw_and_a_key_wakes_it_for_a_few_frames() {
    let mut app = game(SavePlace::Memory, None);
    let mut frames = Frames::new();
    frames.until_asleep(&mut app);
    assert_eq!(frames.count(&mut app, 120), 0, "nothing happens on the menu: no frame is needed");

    // A key no screen uses: its press and release frames, then a few to settle, then sleep.
    key(&mut app, KeyCode::F24);
    frames.cursor.clear(app.world().resource::<Messages<RequestRedraw>>());
    let settling = frames.count(&mut app, SETTLE_FRAMES as usize + 5);
    assert!((1..=SETTLE_FRAMES as usize).contains(&settling), "{settling} frames after a key");
    assert_eq!(frames.count(&mut app, 120), 0);
}

#[test]
fn a_new_screen_is_drawn_without_waiting_for_input() {
    let mut app = game(SavePlace::Memory, None);
    let mut frames = Frames::new();
    frames.until_asleep(&mut app);
    // A screen change takes effect the next frame: that frame must be asked for.
    app.world_mut().write_message(Go(Screen::Ladder));
    assert!(frames.step(&mut app));
    frames.until_asleep(&mut app);
    assert_eq!(screen(&app), Screen::Ladder);
    assert_eq!(frames.count(&mut app, 60), 0, "the ladder sits still");
}

#[test]
fn the_coms_presses_shown_one_by_one_keep_the_window_drawing_until_the_human_may_move() {
    let mut app = game(SavePlace::Memory, None);
    // Slow enough that the presses span many frames, fast enough for a test.
    let pace = Pace {
        com_starts: Duration::from_millis(60),
        com_press: Duration::from_millis(40),
        result_after: Duration::from_millis(60),
    };
    app.insert_resource(pace);
    let mut frames = Frames::new();
    app.world_mut().write_message(StageAction::Open(1));
    frames.until_asleep(&mut app);
    assert_eq!(screen(&app), Screen::Intro);
    // Moving second: the COM opens, with no input at all while its presses are shown.
    app.world_mut().write_message(StageAction::Start(TurnOrder::Second));
    let mut com_frames = 0;
    let human_to_move = |app: &App| app.world().get_resource::<Table>().is_some_and(|t| t.human_to_move());
    for _ in 0..100_000 {
        let asked = frames.step(&mut app);
        // The frame showing the COM's last press is complete: the human's turn needs no next one.
        if screen(&app) == Screen::Play && human_to_move(&app) {
            break;
        }
        assert!(asked, "frame {com_frames} of the COM's turn did not ask for the next one");
        com_frames += 1;
    }
    let table = app.world().resource::<Table>();
    assert!(table.human_to_move(), "the COM never finished its turn");
    assert_eq!(table.game().history().len(), 1, "the COM played its opening move");
    // 60 ms + presses of 40 ms each: far more frames than settling after the start would give.
    assert!(com_frames > 2 * SETTLE_FRAMES as usize, "only {com_frames} frames for the COM's turn");
    frames.until_asleep(&mut app);
    assert_eq!(frames.count(&mut app, 60), 0, "the human's turn waits without drawing");
}

#[test]
fn a_watched_computer_breaker_and_a_refused_flash_keep_the_snaky_board_drawing() {
    let mut app = game(SavePlace::Memory, None);
    let mut frames = Frames::new();
    app.world_mut().write_message(Go(Screen::Snaky));
    frames.until_asleep(&mut app);
    assert_eq!(screen(&app), Screen::Snaky);
    assert_eq!(frames.count(&mut app, 60), 0, "a Snaky position sits still");

    // A refused click (Maker owns (8,8)) flashes for most of a second.
    app.world_mut().write_message(SnakyInput::Claim(Cell::new(8, 8)));
    let mut flash_frames = 0;
    while frames.step(&mut app) {
        flash_frames += 1;
    }
    assert!(app.world_mut().query::<&RefusedFlash>().iter(app.world()).next().is_none());
    assert!(flash_frames > 2 * SETTLE_FRAMES as usize, "only {flash_frames} frames for the flash");

    // The perfect Breaker at the default speed (a move every 0.4 s): between its moves the game
    // sleeps, with the alarm set for the next one; each move is drawn.
    key(&mut app, KeyCode::Digit4);
    assert!(app.world().resource::<Watch>().running);
    frames.until_asleep(&mut app);
    let alarm = |app: &App| app.world().resource::<Alarm>().0;
    let clock = |app: &App| app.world().resource::<Time<Real>>().elapsed();
    let due = alarm(&app).expect("the alarm is set for the next move");
    assert!(due.clock.saturating_sub(clock(&app)) <= SPEEDS[2], "the next move is due within 0.4 s");
    let moves = |app: &App| app.world().resource::<Session>().game().moves().len();
    let before = moves(&app);
    let (mut drawn, mut woken) = (0, 0);
    while moves(&app) < before + 4 {
        assert!(woken < 10, "the watched game must keep moving");
        // The frames the window would draw: those asked for, and one when the alarm rings, that
        // long after the last frame.
        if frames.step(&mut app) {
            drawn += 1;
        } else {
            let due = alarm(&app).expect("asleep while watching: the alarm is set");
            let asleep = due.clock.saturating_sub(clock(&app));
            app.insert_resource(TimeUpdateStrategy::ManualDuration(asleep));
            frames.step(&mut app);
            app.insert_resource(TimeUpdateStrategy::ManualDuration(FRAME));
            woken += 1;
        }
    }
    // Two moves (Breaker's and Maker's answer) per alarm, each settled with a few frames.
    assert_eq!(woken, 2, "one alarm per exchange");
    assert!(drawn <= 2 * SETTLE_FRAMES as usize, "{drawn} frames asked for in two exchanges");
    // Space pauses it; then the board sleeps again, with no alarm set.
    key(&mut app, KeyCode::Space);
    assert!(!app.world().resource::<Watch>().running);
    frames.until_asleep(&mut app);
    assert_eq!(frames.count(&mut app, 60), 0);
    assert_eq!(alarm(&app), None);
    // At the fastest pace it moves every frame, so every frame asks for the next, to Maker's win.
    for _ in 0..SPEEDS.len() {
        key(&mut app, KeyCode::BracketRight);
    }
    key(&mut app, KeyCode::Space);
    let mut fast = 0;
    while app.world().resource::<Watch>().running {
        assert!(frames.step(&mut app), "the fastest watched game draws every frame");
        fast += 1;
        assert!(fast < 500, "Maker wins within 21 moves");
    }
    assert!(app.world().resource::<Session>().game().won());
    frames.until_asleep(&mut app);
    assert_eq!(alarm(&app), None);
}
