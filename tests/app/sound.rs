//! Sound (issue 12): which sound each event asks for, mute (M, everywhere) and the volume (the
//! menu's − and +), saved at once and read back; without a sound server the game plays on
//! silently. (`sound_server.rs` hears the sounds at a real server.)

#![cfg(feature = "app")]

use std::fs;
use std::path::PathBuf;

use bevy::prelude::*;

use pokopoko::app::pokopoko::{ButtonState, LastMatch, StageAction, Table};
use pokopoko::app::snaky::{Session, SnakyInput};
use pokopoko::app::sound::{PlaySound, SoundAction};
use pokopoko::app::{Go, MenuAction, PlayInput, SaveData, SavePlace, Screen};
use pokopoko::pokopoko::{Side, TurnOrder};
use pokopoko::save::SaveFile;
use pokopoko::snaky::Cell;
use pokopoko::sound_settings::{SoundSettings, Volume};
use pokopoko::synth::Cue;

use crate::common::{game, key};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("pokopoko-sound-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir.join("save.ron")
}

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

fn sound(app: &App) -> SoundSettings {
    app.world().resource::<SaveData>().save.settings.sound
}

fn settings(volume: u8, muted: bool) -> SoundSettings {
    SoundSettings { muted, volume: Volume::new(volume).unwrap() }
}

/// Sends a message and lets the game react for a few frames.
fn send<M: Message>(app: &mut App, message: M) {
    app.world_mut().write_message(message);
    for _ in 0..3 {
        app.update();
    }
}

/// Every sound asked for, gathered each frame (a message lives two frames; a test step runs more).
#[derive(Resource, Default)]
struct Asked(Vec<Cue>);

fn gather(mut requests: MessageReader<PlaySound>, mut asked: ResMut<Asked>) {
    asked.0.extend(requests.read().map(|s| s.0));
}

/// The sounds asked for since the last call.
struct Heard;

impl Heard {
    fn new(app: &mut App) -> Self {
        if !app.world().contains_resource::<Asked>() {
            app.init_resource::<Asked>().add_systems(Last, gather);
        }
        app.world_mut().resource_mut::<Asked>().0.clear();
        Self
    }

    fn take(&mut self, app: &mut App) -> Vec<Cue> {
        std::mem::take(&mut app.world_mut().resource_mut::<Asked>().0)
    }
}

#[test]
fn m_mutes_on_every_screen_and_the_menu_keys_set_the_volume_all_saved() {
    let path = scratch("keys");
    let mut app = game(SavePlace::File(path.clone()), None);
    assert_eq!(sound(&app), settings(7, false), "a new save: sound on at 7 of 10");

    key(&mut app, KeyCode::KeyM);
    assert_eq!(sound(&app), settings(7, true));
    assert_eq!(SaveFile::open(&path).save.settings.sound, settings(7, true), "saved at once");

    // On the Snaky board − and + zoom; the volume stays, and M still toggles.
    send(&mut app, Go(Screen::Snaky));
    assert_eq!(screen(&app), Screen::Snaky);
    key(&mut app, KeyCode::Minus);
    key(&mut app, KeyCode::KeyM);
    assert_eq!(sound(&app), settings(7, false));

    send(&mut app, Go(Screen::Menu));
    for _ in 0..5 {
        key(&mut app, KeyCode::Equal);
    }
    assert_eq!(sound(&app), settings(10, false), "the volume stops at 10");
    key(&mut app, KeyCode::Minus);
    key(&mut app, KeyCode::NumpadSubtract);
    key(&mut app, KeyCode::KeyM);
    assert_eq!(sound(&app), settings(8, true));
    // + on a muted game turns the sound back on.
    key(&mut app, KeyCode::NumpadAdd);
    assert_eq!(sound(&app), settings(9, false));

    // A new launch reads it back.
    drop(app);
    let app = game(SavePlace::File(path.clone()), None);
    assert_eq!(sound(&app), settings(9, false));
    assert_eq!(SaveFile::open(&path).save.settings.sound, settings(9, false));
}

#[test]
fn the_menu_row_shows_the_volume_and_a_new_volume_is_heard() {
    let mut app = game(SavePlace::Memory, None);
    let texts = |app: &mut App| -> Vec<String> {
        app.world_mut().query::<&Text>().iter(app.world()).map(|t| t.0.clone()).collect()
    };
    assert!(texts(&mut app).contains(&"7/10".to_string()), "{:?}", texts(&mut app));
    let mut heard = Heard::new(&mut app);
    send(&mut app, SoundAction::Quieter);
    assert!(texts(&mut app).contains(&"6/10".to_string()));
    assert_eq!(heard.take(&mut app), [Cue::Press { buttons: 1 }], "a poko at the new volume");
    send(&mut app, SoundAction::ToggleMute);
    assert_eq!(heard.take(&mut app), [], "muting is silent");
    assert_eq!(sound(&app), settings(6, true));
    // Rebuilt in the other language, the row keeps its numbers.
    send(&mut app, MenuAction::ToggleLanguage);
    assert!(texts(&mut app).contains(&"6/10".to_string()));
}

fn table(app: &App) -> &Table {
    app.world().resource::<Table>()
}

/// Runs frames until the human may move or the match is over.
fn until_human_or_over(app: &mut App) {
    for _ in 0..200 {
        match app.world().get_resource::<Table>() {
            Some(table) if table.human_to_move() => return,
            None if screen(app) == Screen::Result => return,
            _ => app.update(),
        }
    }
    panic!("the COM never finished");
}

#[test]
fn presses_refusals_the_coms_presses_and_the_result_each_ask_for_their_sound() {
    let mut app = game(SavePlace::Memory, None);
    send(&mut app, MenuAction::Play);
    send(&mut app, StageAction::Open(1));
    let mut heard = Heard::new(&mut app);
    send(&mut app, StageAction::Start(TurnOrder::First));
    assert_eq!(screen(&app), Screen::Play);
    assert_eq!(heard.take(&mut app), [], "a new match is silent");

    // Confirming nothing is refused; so is selecting more than the most a turn may press.
    send(&mut app, PlayInput::Confirm);
    assert_eq!(heard.take(&mut app), [Cue::Refused]);
    let most = table(&app).stage().picks.max() as usize;
    for button in 0..=most {
        send(&mut app, PlayInput::Toggle(button));
    }
    assert_eq!(table(&app).selected().len(), most);
    assert_eq!(heard.take(&mut app), [Cue::Refused], "only the one too many");

    loop {
        // Each turn presses the least the rule allows (a forced last press is already selected).
        if !table(&app).is_forced() {
            send(&mut app, PlayInput::ClearSelection);
            let least = table(&app).game().legal_counts()[0] as usize;
            let up: Vec<usize> = (0..table(&app).stage().buttons() as usize)
                .filter(|&b| table(&app).state(b) == ButtonState::Up)
                .take(least)
                .collect();
            for button in up {
                send(&mut app, PlayInput::Toggle(button));
            }
        }
        let count = table(&app).selected().len() as u32;
        assert_eq!(heard.take(&mut app), [], "selecting is silent");
        send(&mut app, PlayInput::Confirm);
        until_human_or_over(&mut app);
        let history = match app.world().get_resource::<Table>() {
            Some(table) => table.game().history().to_vec(),
            None => app.world().resource::<LastMatch>().table.game().history().to_vec(),
        };
        let mine = history.iter().rposition(|t| t.side == Side::Human).unwrap();
        assert_eq!(history[mine].count, count);
        let com_presses: u32 = history[mine + 1..].iter().map(|t| t.count).sum();
        let mut expected = vec![Cue::Press { buttons: count }];
        expected.extend((0..com_presses).map(|_| Cue::ComPress));
        if screen(&app) == Screen::Result {
            let won = app.world().resource::<LastMatch>().won();
            expected.push(if won { Cue::Won } else { Cue::Lost });
            assert_eq!(heard.take(&mut app), expected, "the last turn, then the jingle");
            return;
        }
        assert_eq!(heard.take(&mut app), expected, "one poko per button, the COM's one by one");
    }
}

#[test]
fn snaky_stones_a_refused_click_and_makers_win_each_ask_for_their_sound() {
    let mut app = game(SavePlace::Memory, None);
    let mut heard = Heard::new(&mut app);
    send(&mut app, Go(Screen::Snaky));
    assert_eq!(heard.take(&mut app), [], "a new game (Maker's first stone) is silent");

    // SPEC §2.4: Maker holds (8,8); Breaker's (7,8) is answered at once.
    send(&mut app, SnakyInput::Claim(Cell::new(7, 8)));
    assert_eq!(heard.take(&mut app), [Cue::Exchange]);
    send(&mut app, SnakyInput::Claim(Cell::new(8, 8)));
    assert_eq!(heard.take(&mut app), [Cue::Refused], "Maker's cell is taken");
    send(&mut app, SnakyInput::Undo);
    assert_eq!(heard.take(&mut app), [], "taking a move back is silent");

    // The perfect Breaker at the fastest speed, to Maker's win: one exchange per frame, then the
    // loss jingle once.
    for _ in 0..pokopoko::app::snaky::SPEEDS.len() {
        key(&mut app, KeyCode::BracketRight);
    }
    key(&mut app, KeyCode::Digit4);
    for _ in 0..300 {
        if app.world().resource::<Session>().game().won() {
            break;
        }
        app.update();
    }
    app.update();
    let cues = heard.take(&mut app);
    let game = app.world().resource::<Session>().game();
    assert!(game.won());
    let exchanges = cues.iter().filter(|&&c| c == Cue::Exchange).count();
    // Breaker's moves after the undo: every one but Maker's first stone is in an exchange.
    assert_eq!(exchanges, game.breaker_cells().len());
    assert_eq!(cues.iter().filter(|&&c| c == Cue::Lost).count(), 1);
    assert_eq!(cues.last(), Some(&Cue::Lost));
}

/// With no sound server the sound thread says why (once, in the log) and the game plays on: the
/// sounds asked for are dropped, and nothing waits for them.
#[cfg(target_os = "linux")]
#[test]
fn without_a_sound_server_the_game_plays_on_silently() {
    use std::time::Duration;

    use pokopoko::app::sound::pulse::{Server, Status};
    use pokopoko::app::sound::{Speaker, SpeakerPlugin};

    let missing =
        std::env::temp_dir().join(format!("pokopoko-no-server-{}", std::process::id())).join("native");
    let mut app = game(SavePlace::Memory, None);
    app.add_plugins(SpeakerPlugin { server: Server::at(&missing) });
    let status = app.world().resource::<Speaker>().0.settled_status(Duration::from_secs(30));
    let Status::Silent(reason) = status else { panic!("{status:?}") };
    assert!(reason.starts_with("no sound server found"), "{reason}");
    assert!(reason.contains(&missing.display().to_string()), "names the socket it tried: {reason}");

    let mut heard = Heard::new(&mut app);
    send(&mut app, PlaySound(Cue::Won));
    send(&mut app, Go(Screen::Snaky));
    send(&mut app, SnakyInput::Claim(Cell::new(7, 8)));
    assert_eq!(heard.take(&mut app), [Cue::Won, Cue::Exchange]);
    assert_eq!(screen(&app), Screen::Snaky);
    assert!(matches!(app.world().resource::<Speaker>().0.status(), Status::Silent(_)));
}
