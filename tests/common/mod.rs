//! Helpers shared by the app tests: the game without a window, and key presses as the window
//! delivers them.

use std::path::PathBuf;

use bevy::input::ButtonState;
use bevy::input::InputPlugin;
use bevy::input::keyboard::{Key, KeyboardInput, NativeKey};
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;

use pokopoko::app::{GamePlugin, Pace, SavePlace};

/// `MinimalPlugins` + the game's plugins at instant pace, after its first frame.
pub fn game(save: SavePlace, ladder_file: Option<PathBuf>) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, InputPlugin));
    app.add_plugins(GamePlugin { save, ladder_file, pace: Pace::instant() });
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
