//! Helpers shared by the app tests: the game without a window, and key presses as the window
//! delivers them.

use std::path::PathBuf;
use std::time::Duration;

use bevy::input::ButtonState;
use bevy::input::InputPlugin;
use bevy::input::keyboard::{Key, KeyboardInput, NativeKey};
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;

use pokopoko::app::{GamePlugin, Pace, SavePlace};

/// How long one frame of a test takes on the game's clocks: tests run on virtual time, never on
/// the wall clock, so a loaded machine cannot change what they see.
pub const FRAME: Duration = Duration::from_millis(16);

/// `MinimalPlugins` + the game's plugins at instant pace, after its first frame; every frame is
/// [`FRAME`] long.
pub fn game(save: SavePlace, ladder_file: Option<PathBuf>) -> App {
    game_in_locale(save, ladder_file, None)
}

/// [`game`], launched in a locale of this language (`None`: no locale set).
pub fn game_in_locale(
    save: SavePlace,
    ladder_file: Option<PathBuf>,
    locale: Option<pokopoko::language::Language>,
) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, InputPlugin));
    app.insert_resource(TimeUpdateStrategy::ManualDuration(FRAME));
    app.add_plugins(GamePlugin { save, ladder_file, pace: Pace::instant(), locale });
    app.update();
    app
}

/// Presses and releases `key_code`, one frame each.
pub fn key(app: &mut App, key_code: KeyCode) {
    for state in [ButtonState::Pressed, ButtonState::Released] {
        app.world_mut().write_message(KeyboardInput {
            key_code,
            logical_key: Key::Unidentified(NativeKey::Unidentified),
            state,
            text: None,
            repeat: false,
            window: Entity::PLACEHOLDER,
        });
        app.update();
    }
}

/// Presses `key_codes` in this order within one frame (typed faster than a frame), then releases
/// them in the next.
#[allow(dead_code)] // not every test binary types two keys in one frame
pub fn keys_together(app: &mut App, key_codes: &[KeyCode]) {
    for state in [ButtonState::Pressed, ButtonState::Released] {
        for &key_code in key_codes {
            app.world_mut().write_message(KeyboardInput {
                key_code,
                logical_key: Key::Unidentified(NativeKey::Unidentified),
                state,
                text: None,
                repeat: false,
                window: Entity::PLACEHOLDER,
            });
        }
        app.update();
    }
}
