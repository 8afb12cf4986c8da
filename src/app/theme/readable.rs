//! Body text that stays readable: a text's designed size, and the size it is drawn at as the
//! window scales the layout.

use bevy::prelude::*;

/// No body text is drawn smaller than this in the window (issue 33: at 1024×768 the layout is
/// scaled by 0.8, and text designed at 13 px would fall to 10).
pub const MIN_TEXT_PX: f32 = 12.0;

/// The smallest UI scale down to which body text keeps [`MIN_TEXT_PX`]: 1024×768's. In a smaller
/// window text shrinks with the layout again, never growing past the layout more than it does
/// there, where every screen is checked to fit.
const SMALLEST_READABLE_SCALE: f32 = 0.8;

/// A body text's size as designed, at the design window size. The layout scales with the window;
/// the text follows down to [`MIN_TEXT_PX`] in the window, then stays there and wraps or widens its
/// box instead (each screen leaves room for that).
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct TextSize(pub f32);

/// The font size (in the layout's pixels, which the UI scale multiplies) that draws a text
/// designed at `designed` px no smaller than [`MIN_TEXT_PX`] at this UI scale.
pub fn readable_size(designed: f32, ui_scale: f32) -> f32 {
    designed.max(MIN_TEXT_PX / ui_scale.max(SMALLEST_READABLE_SCALE))
}

/// Sets each body text's font size from its designed size and the UI scale, when either changes.
pub(super) fn keep_text_readable(
    ui_scale: Option<Res<UiScale>>,
    mut texts: Query<(Ref<TextSize>, &mut TextFont)>,
) {
    let rescaled = ui_scale.as_ref().is_some_and(|scale| scale.is_changed());
    let scale = ui_scale.map_or(1.0, |scale| scale.0);
    for (size, mut font) in &mut texts {
        if rescaled || size.is_changed() {
            let wanted = FontSize::Px(readable_size(size.0, scale));
            if font.font_size != wanted {
                font.font_size = wanted;
            }
        }
    }
}
