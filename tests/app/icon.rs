//! The window icon: `assets/icon.png` decodes to the pixels a plain PNG decoder reads from it
//! (Python's zlib and the PNG filters, run once by hand), and winit accepts it.

#![cfg(feature = "app")]

use pokopoko::app::platform::icon::{icon_rgba, window_icon};

#[test]
fn the_icon_decodes_to_the_pngs_pixels_and_winit_takes_it() {
    let (rgba, width, height) = icon_rgba().expect("the shipped icon decodes");
    assert_eq!((width, height), (64, 64));
    assert_eq!(rgba.len(), 64 * 64 * 4);
    let pixel = |x: usize, y: usize| &rgba[(y * 64 + x) * 4..(y * 64 + x) * 4 + 4];
    // A round button: transparent corners, an opaque centre.
    assert_eq!(pixel(0, 0), [0, 0, 0, 0]);
    assert_eq!(pixel(63, 63), [0, 0, 0, 0]);
    assert_eq!(pixel(32, 32), [137, 200, 184, 255]);
    assert_eq!(pixel(32, 10), [137, 200, 184, 255]);
    assert_eq!(rgba.chunks(4).filter(|p| p[3] == 255).count(), 2240);
    assert!(window_icon().is_ok());
}
