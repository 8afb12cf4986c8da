//! The save file: progress on the ladder and settings, as RON in the user's data directory.
//!
//! Plain Rust, no Bevy. One concept a file: [`format`] (what is written, and what a file holds
//! before it is checked), [`repair`] (the readers: what the game never writes, left out or brought
//! in range), [`file`] (reading with a size limit, setting aside, atomic writes). The ladder's rules
//! on the progress (`is_unlocked`, `current`) live with the ladder, in [`crate::pokopoko::progress`].
//!
//! A save that cannot be read or understood is never overwritten: it is renamed aside, the caller
//! gets a [`Notice`] to show the player, and a fresh save begins. A save whose progress or settings
//! hold what the game never writes is repaired instead: those entries are left out or brought in
//! range, the rest is kept, the file as it was is copied aside whole, and the player is told.

pub mod file;
pub mod format;
pub mod repair;

pub use crate::language::Language;
pub use crate::pokopoko::{ChoiceRecord, Progress, StageRecord};
pub use file::{MAX_SAVE_BYTES, Notice, Opened, SAVE_FILE_NAME, SaveError, SaveFile};
pub use format::{
    FIRST_SNAKY_MAKER, MAKER_PRIMER_STEPS, MAX_MAKER_MOVES, MAX_REVEALED, PRIMER_STEPS, SAVE_VERSION, Save,
    Settings, SnakyPrimer, Unusable,
};
pub use repair::{
    MAX_LISTED_PROBLEMS, MAX_RECORDED_MATCHES, MIN_HELD_OUT, Repairable, SaveProblem, parse, parse_repairing,
};
