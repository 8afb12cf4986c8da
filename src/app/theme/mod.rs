//! The look of the game: palette, widgets, pressable buttons (that taps press too) and scaling with
//! the window.

pub mod palette;
pub mod readable;
pub mod widgets;

pub use readable::{MIN_TEXT_PX, TextSize, readable_size};

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, (widgets::paint_pressable_buttons, fit_ui_to_window))
        // After every screen has spawned and rewritten its texts, before the UI measures them.
        .add_systems(
            PostUpdate,
            (readable::keep_text_readable, widgets::collapse_empty_texts)
                .before(bevy::ui::UiSystems::Prepare),
        )
        .add_plugins(crate::app::platform::taps::plugin);
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

#[cfg(test)]
mod tests {
    use bevy::window::WindowResolution;

    use super::*;

    #[test]
    fn the_ui_scales_so_the_design_size_fits_the_window_after_each_resize() {
        let mut app = App::new();
        app.init_resource::<UiScale>().add_systems(Update, fit_ui_to_window);
        let window = app
            .world_mut()
            .spawn((Window { resolution: WindowResolution::new(1280, 800), ..default() }, PrimaryWindow))
            .id();
        let mut scale_after_resize = |size: Option<(u32, u32)>| {
            if let Some((width, height)) = size {
                let mut entity = app.world_mut().entity_mut(window);
                entity.get_mut::<Window>().unwrap().resolution.set(width as f32, height as f32);
            }
            app.update();
            app.world().resource::<UiScale>().0
        };
        assert_eq!(scale_after_resize(None), 1.0);
        // Narrower than 16:10: the width decides, and the layout is centred vertically.
        assert_eq!(scale_after_resize(Some((1024, 768))), 0.8);
        // Wider: the height decides.
        assert_eq!(scale_after_resize(Some((1600, 900))), 1.125);
        assert_eq!(scale_after_resize(Some((2560, 1600))), 2.0);
        // Tiny windows stop at 0.4 so text stays drawable.
        assert_eq!(scale_after_resize(Some((320, 320))), 0.4);
    }

    #[test]
    fn body_text_keeps_12_px_down_to_1024_by_768_and_then_shrinks_with_the_layout() {
        // At the design size and larger, text is drawn as designed.
        assert_eq!(readable_size(13.0, 1.0), 13.0);
        assert_eq!(readable_size(13.0, 2.0), 13.0);
        // At 1024×768 (0.8) a 13 px text grows to 15, drawn at 12; larger text is left alone.
        assert_eq!(readable_size(13.0, 0.8), 15.0);
        assert_eq!(readable_size(13.0, 0.9), 12.0 / 0.9);
        assert_eq!(readable_size(14.0, 0.9), 14.0);
        assert_eq!(readable_size(22.0, 0.8), 22.0);
        // Smaller than that the text grows no more than at 1024×768.
        assert_eq!(readable_size(13.0, 0.5), 15.0);
    }
}
