//! Taps on the menu without a screen: the UI is laid out and picked by Bevy's own UI backend, and
//! the pointer is driven by the window messages a real window writes (cursor moves and mouse
//! buttons), some of them arriving in one frame as a touchpad tap or `xdotool click` delivers them.

#![cfg(feature = "app")]

use bevy::camera::{ComputedCameraValues, RenderTargetInfo};
use bevy::image::TextureAtlasPlugin;
use bevy::input::ButtonState;
use bevy::input::InputPlugin;
use bevy::input::mouse::MouseButtonInput;
use bevy::mesh::MeshPlugin;
use bevy::picking::DefaultPickingPlugins;
use bevy::picking::events::{Click, Pointer};
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::text::TextPlugin;
use bevy::ui::UiPlugin;
use bevy::window::{CursorMoved, PrimaryWindow, WindowEvent, WindowResolution};

use pokopoko::app::i18n::Lang;
use pokopoko::app::{GamePlugin, Pace, SavePlace};
use pokopoko::save::Language;

/// The game on its menu with UI layout and UI picking, in a 1280×800 window that is never opened.
fn menu() -> App {
    let mut app = App::new();
    let window = Window { resolution: WindowResolution::new(1280, 800), ..default() };
    app.add_plugins((MinimalPlugins, StatesPlugin, InputPlugin))
        .add_plugins(WindowPlugin { primary_window: Some(window), ..default() })
        .add_plugins((AssetPlugin::default(), ImagePlugin::default(), TextureAtlasPlugin, MeshPlugin))
        .add_plugins((TransformPlugin, TextPlugin))
        // The game's own fonts, so text wraps as it does on screen.
        .add_plugins(pokopoko::app::platform::fonts::plugin)
        .add_plugins((bevy::camera::CameraPlugin, UiPlugin, DefaultPickingPlugins))
        .add_plugins(GamePlugin {
            save: SavePlace::Memory,
            ladder_file: None,
            pace: Pace::instant(),
            locale: None,
        });
    // What the renderer would tell the camera about the window it draws into.
    let target_info = Some(RenderTargetInfo { physical_size: UVec2::new(1280, 800), scale_factor: 1.0 });
    app.world_mut().spawn((
        Camera2d,
        Camera { computed: ComputedCameraValues { target_info, ..default() }, ..default() },
    ));
    for _ in 0..3 {
        app.update();
    }
    app
}

fn language(app: &App) -> Language {
    app.world().resource::<Lang>().0
}

/// The menu button labelled `label`, and its centre in window pixels.
fn button(app: &mut App, label: &str) -> (Entity, Vec2) {
    let mut buttons =
        app.world_mut().query_filtered::<(Entity, &Children, &UiGlobalTransform), With<Button>>();
    let world = app.world();
    buttons
        .iter(world)
        .find(|(_, children, _)| {
            children.iter().any(|child| world.get::<Text>(child).is_some_and(|text| text.0 == label))
        })
        .map(|(entity, _, transform)| (entity, transform.translation))
        .unwrap_or_else(|| panic!("no button labelled {label}"))
}

/// Counts the clicks picking delivers to `entity`.
#[derive(Resource, Default)]
struct Clicks(u32);

fn count_clicks(app: &mut App, entity: Entity) {
    app.world_mut().init_resource::<Clicks>();
    app.world_mut().entity_mut(entity).observe(|_: On<Pointer<Click>>, mut clicks: ResMut<Clicks>| {
        clicks.0 += 1;
    });
}

fn clicks(app: &App) -> u32 {
    app.world().resource::<Clicks>().0
}

/// What the window writes, in the order it happened, within the next frame.
enum Input {
    MoveTo(Vec2),
    Press,
    Release,
}

/// Writes `inputs` as a real window does (each as its own message and as a `WindowEvent`), then
/// runs one frame.
fn frame(app: &mut App, inputs: &[Input]) {
    let window = app.world_mut().query_filtered::<Entity, With<PrimaryWindow>>().single(app.world()).unwrap();
    for input in inputs {
        let event = match *input {
            Input::MoveTo(position) => {
                let moved = CursorMoved { window, position, delta: None };
                app.world_mut()
                    .entity_mut(window)
                    .get_mut::<Window>()
                    .unwrap()
                    .set_cursor_position(Some(position));
                app.world_mut().write_message(moved.clone());
                WindowEvent::CursorMoved(moved)
            }
            Input::Press | Input::Release => {
                let state =
                    if matches!(input, Input::Press) { ButtonState::Pressed } else { ButtonState::Released };
                let button = MouseButtonInput { button: MouseButton::Left, state, window };
                app.world_mut().write_message(button);
                WindowEvent::MouseButtonInput(button)
            }
        };
        app.world_mut().write_message(event);
    }
    app.update();
}

/// A few frames for the menu to act on the click and rebuild itself in the new language.
fn settle(app: &mut App) {
    for _ in 0..3 {
        app.update();
    }
}

const AWAY: Vec2 = Vec2::new(20.0, 20.0);

#[test]
fn a_click_with_a_pause_after_the_move_switches_the_language() {
    let mut app = menu();
    assert_eq!(language(&app), Language::Japanese);
    let (english, at) = button(&mut app, "English");
    count_clicks(&mut app, english);
    frame(&mut app, &[Input::MoveTo(AWAY)]);
    frame(&mut app, &[Input::MoveTo(at)]);
    frame(&mut app, &[Input::Press, Input::Release]);
    assert_eq!(clicks(&app), 1);
    settle(&mut app);
    assert_eq!(language(&app), Language::English);
}

#[test]
fn a_tap_whose_move_press_and_release_arrive_in_one_frame_switches_the_language() {
    let mut app = menu();
    let (english, at) = button(&mut app, "English");
    count_clicks(&mut app, english);
    frame(&mut app, &[Input::MoveTo(AWAY)]);
    frame(&mut app, &[Input::MoveTo(at), Input::Press, Input::Release]);
    assert_eq!(clicks(&app), 1, "the tap clicks the button it landed on, once");
    settle(&mut app);
    assert_eq!(language(&app), Language::English);

    // And back, on the rebuilt menu.
    let (_, at) = button(&mut app, "日本語");
    frame(&mut app, &[Input::MoveTo(AWAY)]);
    frame(&mut app, &[Input::MoveTo(at), Input::Press, Input::Release]);
    settle(&mut app);
    assert_eq!(language(&app), Language::Japanese);
}

#[test]
fn a_tap_clicks_where_the_pointer_is_not_the_button_it_was_over() {
    let mut app = menu();
    let (japanese, on_japanese) = button(&mut app, "日本語");
    let (english, on_english) = button(&mut app, "English");
    app.world_mut().init_resource::<Clicks>();
    count_clicks(&mut app, english);
    // The pointer rests on 日本語 (its clicks counted apart), then taps English in one frame.
    #[derive(Resource, Default)]
    struct JapaneseClicks(u32);
    app.world_mut().init_resource::<JapaneseClicks>();
    app.world_mut()
        .entity_mut(japanese)
        .observe(|_: On<Pointer<Click>>, mut clicks: ResMut<JapaneseClicks>| clicks.0 += 1);
    frame(&mut app, &[Input::MoveTo(on_japanese)]);
    frame(&mut app, &[Input::MoveTo(on_english), Input::Press, Input::Release]);
    assert_eq!((app.world().resource::<JapaneseClicks>().0, clicks(&app)), (0, 1));
    settle(&mut app);
    assert_eq!(language(&app), Language::English);
}

#[test]
fn a_press_and_release_on_the_button_under_a_resting_pointer_click_it_once() {
    let mut app = menu();
    let (english, at) = button(&mut app, "English");
    count_clicks(&mut app, english);
    frame(&mut app, &[Input::MoveTo(at)]);
    frame(&mut app, &[Input::Press, Input::Release]);
    assert_eq!(clicks(&app), 1);
}

#[test]
fn a_press_and_a_release_a_frame_apart_click_once() {
    let mut app = menu();
    let (english, at) = button(&mut app, "English");
    count_clicks(&mut app, english);
    frame(&mut app, &[Input::MoveTo(AWAY)]);
    frame(&mut app, &[Input::MoveTo(at), Input::Press]);
    frame(&mut app, &[Input::Release]);
    assert_eq!(clicks(&app), 1);
}

#[test]
fn a_tap_that_lands_beside_every_button_clicks_nothing() {
    let mut app = menu();
    let (english, _) = button(&mut app, "English");
    count_clicks(&mut app, english);
    frame(&mut app, &[Input::MoveTo(AWAY)]);
    frame(&mut app, &[Input::MoveTo(Vec2::new(40.0, 780.0)), Input::Press, Input::Release]);
    settle(&mut app);
    assert_eq!((clicks(&app), language(&app)), (0, Language::Japanese));
}

/// The Snaky panel's buttons stay where they were when the game ends and while the finished game
/// is reviewed, whatever the end says above them (newcomer #84 clicked Undo after the game where
/// Review had been, and the game counted as undone). Laid out by Bevy's UI at 1280×800.
#[test]
fn the_snaky_buttons_stay_put_when_the_game_ends() {
    use pokopoko::app::snaky::SnakyInput;
    use pokopoko::snaky::{BreakerKind, ComputerBreaker, Game, Maker, record, review, words};
    let mut app = menu();
    app.world_mut().resource_mut::<Lang>().0 = Language::English;
    app.world_mut().resource_mut::<pokopoko::app::SaveData>().save.settings.snaky_maker = Maker::Paper;
    app.world_mut().write_message(pokopoko::app::Go(pokopoko::app::Screen::Snaky));
    settle(&mut app);
    // A game lost with costly moves: its end has a takeaway to say, above the buttons.
    let cards = Maker::Paper.cards().expect("the paper's certificate");
    let mut game = Game::started(std::sync::Arc::clone(&cards));
    pokopoko::snaky::play_out(&mut game, &mut ComputerBreaker::new(BreakerKind::Greedy, 1));
    let said =
        words::takeaway(Language::English, &review::takeaway(&game, &pokopoko::snaky::review_game(&game)))
            .expect("a takeaway");
    let moves = game.breaker_cells().to_vec();
    let places = |app: &mut App| -> Vec<Vec2> {
        ["Undo", "Review", "Restart", "How to play"].map(|label| button(app, label).1).to_vec()
    };
    let load = |app: &mut App, moves: &[pokopoko::snaky::Cell]| {
        app.world_mut().write_message(SnakyInput::LoadRecord(record::format_moves(moves)));
        settle(app);
    };
    load(&mut app, &moves[..2]);
    let playing = places(&mut app);
    load(&mut app, &moves);
    let texts: Vec<String> =
        app.world_mut().query::<&Text>().iter(app.world()).map(|t| t.0.clone()).collect();
    assert!(texts.contains(&said), "the takeaway is on the panel: {said}");
    assert_eq!(places(&mut app), playing, "after the game: {said}");
    app.world_mut().write_message(SnakyInput::ToggleReview);
    settle(&mut app);
    assert_eq!(places(&mut app), playing, "reviewing the finished game");
}
