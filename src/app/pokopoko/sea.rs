//! Large boards as one picture. Past a few thousand buttons a button each is too small to click
//! and too many entities to lay out; the board becomes one image, a pixel per button (scaled up
//! without smoothing), and the player presses by count: the panel's count buttons (and the digit
//! keys) pick that many buttons from the coast, as the COM does.

use bevy::asset::RenderAssetUsages;
use bevy::image::ImageSampler;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

use super::table::{ButtonState, Table};
use crate::app::theme::palette;
use crate::pokopoko::{Layout, Side};

/// Boards with more buttons than this are drawn as one picture (stage 250 of the endless ladder
/// has 1,000 buttons and is the last one drawn a button each).
pub const MOST_BUTTONS_DRAWN: usize = 1_000;

/// Whether `layout` is drawn as one picture.
pub fn is_sea(layout: &Layout) -> bool {
    layout.len() > MOST_BUTTONS_DRAWN
}

/// The picture of a board: one pixel per grid cell, transparent where there is no button.
pub fn picture(layout: &Layout, state: impl Fn(usize) -> ButtonState) -> Image {
    let size =
        Extent3d { width: layout.width().max(1), height: layout.height().max(1), depth_or_array_layers: 1 };
    let mut image = Image::new_fill(
        size,
        TextureDimension::D2,
        &[0, 0, 0, 0],
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::default(),
    );
    image.sampler = ImageSampler::nearest();
    paint(&mut image, layout, state);
    image
}

/// Paints every button of `layout` in the colour of its state.
pub fn paint(image: &mut Image, layout: &Layout, state: impl Fn(usize) -> ButtonState) {
    let width = layout.width().max(1) as usize;
    let Some(data) = image.data.as_mut() else { return };
    for (index, cell) in layout.cells().iter().enumerate() {
        let colour = match state(index) {
            ButtonState::Up => palette::BUBBLE,
            ButtonState::Selected => palette::BUBBLE_SELECTED,
            ButtonState::Pressed(Side::Human) => palette::PRESSED_BY_YOU,
            ButtonState::Pressed(Side::Com) => palette::PRESSED_BY_COM,
        };
        let at = 4 * (cell.row as usize * width + cell.col as usize);
        if let Some(pixel) = data.get_mut(at..at + 4) {
            pixel.copy_from_slice(&colour.to_srgba().to_u8_array());
        }
    }
}

/// The picture of `layout` fitted into `width` × `height`, cells kept square.
pub fn framed(picture: Handle<Image>, layout: &Layout, width: f32, height: f32) -> impl Bundle {
    let cell = (width / layout.width().max(1) as f32).min(height / layout.height().max(1) as f32);
    (
        ImageNode::new(picture),
        Node {
            width: px(cell * layout.width() as f32),
            height: px(cell * layout.height() as f32),
            margin: UiRect::vertical(px(6)),
            ..default()
        },
    )
}

/// The board picture on the play screen.
#[derive(Component, Debug, Clone)]
pub struct SeaPicture(pub Handle<Image>);

/// Keeps the picture in step with the table.
pub fn repaint(
    table: Option<Res<Table>>,
    pictures: Query<&SeaPicture>,
    images: Option<ResMut<Assets<Image>>>,
) {
    let (Some(table), Some(mut images)) = (table, images) else { return };
    if !table.is_changed() {
        return;
    }
    for picture in &pictures {
        if let Some(mut image) = images.get_mut(&picture.0) {
            paint(&mut image, &table.stage().layout, |b| table.state(b));
        }
    }
}
