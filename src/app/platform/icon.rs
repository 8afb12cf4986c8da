//! The window icon: `assets/icon.png`, built into the binary, set on the primary window through
//! winit once the window exists (Bevy's `Window` has no icon field).

use bevy::asset::RenderAssetUsages;
use bevy::ecs::system::NonSendMarker;
use bevy::image::{CompressedImageFormats, ImageSampler, ImageType};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy::winit::WINIT_WINDOWS;

/// The icon as shipped (also what `pokopoko.desktop` names).
pub const ICON_PNG: &[u8] = include_bytes!("../../../assets/icon.png");

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Update, set_window_icon.run_if(not(resource_exists::<IconSet>)));
}

/// The icon was set (or could not be read): the system stops running.
#[derive(Resource, Debug)]
struct IconSet;

/// The icon's pixels, RGBA row by row, with its size.
pub fn icon_rgba() -> Result<(Vec<u8>, u32, u32), String> {
    let image = Image::from_buffer(
        ICON_PNG,
        ImageType::Extension("png"),
        CompressedImageFormats::NONE,
        true,
        ImageSampler::Default,
        RenderAssetUsages::default(),
    )
    .map_err(|err| err.to_string())?;
    let (width, height) = (image.width(), image.height());
    let rgba = image.try_into_dynamic().map_err(|err| err.to_string())?.to_rgba8().into_raw();
    Ok((rgba, width, height))
}

/// The icon as winit takes it.
pub fn window_icon() -> Result<winit::window::Icon, String> {
    let (rgba, width, height) = icon_rgba()?;
    winit::window::Icon::from_rgba(rgba, width, height).map_err(|err| err.to_string())
}

/// Runs on the main thread (winit's windows live there) until the window exists, then never
/// again: a broken icon is a warning, not a reason to stop.
fn set_window_icon(
    _main_thread: NonSendMarker,
    windows: Query<Entity, With<PrimaryWindow>>,
    mut commands: Commands,
) {
    let Ok(entity) = windows.single() else { return };
    WINIT_WINDOWS.with_borrow(|winit_windows| {
        let Some(window) = winit_windows.get_window(entity) else { return };
        match window_icon() {
            Ok(icon) => window.set_window_icon(Some(icon)),
            Err(err) => warn!("the window icon could not be read: {err}"),
        }
        commands.insert_resource(IconSet);
    });
}
