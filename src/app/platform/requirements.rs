//! What the window needs that the game cannot bring: a display and a GPU driver. Bevy panics
//! without either (`bevy_winit` building its event loop, `bevy_render` finding no adapter); the
//! player gets one line instead, saying what is missing and what to do, and exit code 1. The
//! command line never opens a window and needs neither.

use std::panic::{self, PanicHookInfo};
use std::process;

/// What the window cannot open without.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Missing {
    Display,
    Gpu,
}

impl Missing {
    /// Which of Bevy's start-up panics this is, if one of them: from the crate that panicked and
    /// the start of its message.
    pub fn from_panic(file: &str, message: &str) -> Option<Self> {
        if file.contains("bevy_winit") && message.starts_with("Failed to build event loop") {
            Some(Self::Display)
        } else if file.contains("bevy_render") && message.starts_with("Unable to find a GPU") {
            Some(Self::Gpu)
        } else {
            None
        }
    }

    /// The line for the player; `display` is `$DISPLAY`.
    pub fn explain(self, display: Option<&str>) -> String {
        match self {
            Self::Display => {
                let why = match display {
                    None | Some("") => "DISPLAY is not set".to_string(),
                    Some(display) => format!("the X display DISPLAY={display} did not open"),
                };
                format!("no display found ({why}): start it in a desktop session, or under xvfb-run")
            }
            Self::Gpu => "no GPU driver found: install Mesa's drivers, e.g. mesa-vulkan-drivers".to_string(),
        }
    }
}

/// From here on, Bevy's panic for a missing display or GPU driver prints one line and exits 1;
/// every other panic is reported as before.
pub fn explain_missing() {
    let report = panic::take_hook();
    panic::set_hook(Box::new(move |info: &PanicHookInfo<'_>| {
        let file = info.location().map_or("", |location| location.file());
        let message = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or("");
        match Missing::from_panic(file, message) {
            Some(missing) => {
                let display = std::env::var("DISPLAY").ok();
                eprintln!("pokopoko: {}", missing.explain(display.as_deref()));
                process::exit(1);
            }
            None => report(info),
        }
    }));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bevys_two_start_up_panics_are_told_apart_from_the_rest() {
        let winit = "/root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/bevy_winit-0.19.1/src/lib.rs";
        let render = "/root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/bevy_render-0.19.1/src/renderer/mod.rs";
        assert_eq!(
            Missing::from_panic(winit, "Failed to build event loop: Os(OsError { error: Misc(\"…\") })"),
            Some(Missing::Display)
        );
        assert_eq!(
            Missing::from_panic(
                render,
                "Unable to find a GPU! Make sure you have installed required drivers!"
            ),
            Some(Missing::Gpu)
        );
        assert_eq!(Missing::from_panic("src/app/mod.rs", "Failed to build event loop"), None);
        assert_eq!(Missing::from_panic(winit, "index out of bounds"), None);
    }

    #[test]
    fn the_line_says_what_is_missing_and_what_to_do() {
        assert_eq!(
            Missing::Display.explain(None),
            "no display found (DISPLAY is not set): start it in a desktop session, or under xvfb-run"
        );
        assert_eq!(
            Missing::Display.explain(Some(":7")),
            "no display found (the X display DISPLAY=:7 did not open): start it in a desktop session, or under \
             xvfb-run"
        );
        assert_eq!(
            Missing::Gpu.explain(Some(":0")),
            "no GPU driver found: install Mesa's drivers, e.g. mesa-vulkan-drivers"
        );
    }
}
