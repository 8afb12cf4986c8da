//! The look of the game: palette, widgets, pressable buttons and scaling with the window.

pub mod palette;
pub mod widgets;

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, (widgets::paint_pressable_buttons, fit_ui_to_window));
}

/// The window size the layout is designed for; larger or smaller windows scale the whole UI.
pub const DESIGN_SIZE: Vec2 = Vec2::new(1280.0, 800.0);

/// Scales the UI so the design size fits the window, keeping everything centred and in proportion.
fn fit_ui_to_window(
    window: Query<&Window, (With<PrimaryWindow>, Changed<Window>)>,
    ui_scale: Option<ResMut<UiScale>>,
) {
    let (Ok(window), Some(mut ui_scale)) = (window.single(), ui_scale) else { return };
    let size = window.size();
    let scale = (size.x / DESIGN_SIZE.x).min(size.y / DESIGN_SIZE.y).clamp(0.4, 4.0);
    if (ui_scale.0 - scale).abs() > 0.001 {
        ui_scale.0 = scale;
    }
}
