//! Snaky: you are Breaker against the certified Maker (SPEC §2.5).
//!
//! The rules, Maker's policy and the computer Breakers live in [`crate::snaky`]; the screen's
//! model — the session, what each input does and what happened, the watched computer Breaker, the
//! overlays switched on — is plain data in [`model`]. `screen.rs` turns clicks and keys into
//! [`SnakyInput`]s, applies them and tells the game what happened; the board, the grid, the
//! overlays and the panel draw the result. What the screen is doing (play, review, watch) is the
//! [`SnakyMode`] sub-state, which the session decides and the systems run in.

mod board;
pub mod cards;
pub mod checks;
mod grid;
pub mod keys;
mod layout;
pub mod learn;
pub mod lesson;
pub mod maker;
pub mod model;
mod overlay;
mod panel;
pub mod practice;
mod record;
mod screen;

use bevy::prelude::*;

pub use board::{
    BOARD_SIZE, BoardArea, BoardView, Cursor, CursorMark, Hover, HoverMark, RefusedFlash, Stone,
};
pub use grid::{AxisLabel, GridLine};
pub use model::lesson::{Lesson, LineChoice};
pub use model::outcome::Outcome;
pub use model::overlays::{Layer as OverlayLayer, Overlays};
pub use model::session::{
    Applied, Effect, Notice, NoticeKind, Said, Session, SnakyInput, SnakyMode, new_session,
};
pub use model::watch::{SPEEDS, Watch};
pub use overlay::{
    AimMark, HeatValue, LessonMark, NamedFinishMark, OverlayMark, ShapeMark, ThreatMark, ThreeShortMark,
    TwoShortMark,
};
pub use panel::{DropText, GuaranteeDrop, Info, LessonChip, NoticeSlot, ShapePictures, TempoBar, TempoGraph};
pub use record::record_text;
pub use screen::{LessonStart, SnakySeeds, SnakyStart, SnakySystems, SnakyUnavailable};

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        screen::plugin,
        board::plugin,
        grid::plugin,
        keys::plugin,
        overlay::plugin,
        panel::plugin,
        record::plugin,
        checks::plugin,
        cards::plugin,
        learn::plugin,
        maker::plugin,
        practice::plugin,
    ));
}
