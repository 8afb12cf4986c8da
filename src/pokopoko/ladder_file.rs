//! The ladder file format (`stages/ladder.ron`): its grammar, its limits and its validation.
//!
//! A file is read twice when a stage breaks a rule: once into typed entries, and once more into
//! the raw text of every field (ron's `RawValue`, borrowed from the file), so that the error
//! points at the real line and column of the value at fault.

use std::path::Path;

use ron::value::RawValue;
use serde::Deserialize;
use thiserror::Error;

use super::layout::{Layout, LayoutError};
use super::rules::{PickSet, RulesError};
use super::stage::{MAX_STAGE, Stage};

/// The most buttons a stage of a ladder file may have (no player presses more in one stage).
pub const MAX_STAGE_BUTTONS: u32 = 10_000;

/// The largest pick a stage of a ladder file may allow.
pub const MAX_STAGE_PICK: u32 = 1_000;

/// The most grid cells a layout may have per button (the shipped stages use at most 2.2), so
/// that the board, drawn to fit the screen, never shrinks its buttons out of sight.
pub const MAX_CELLS_PER_BUTTON: u64 = 4;

/// A layout's long side is at most this many times its short side (or [`MIN_LONG_SIDE`] cells).
pub const MAX_ASPECT: u64 = 4;
pub const MIN_LONG_SIDE: u64 = 8;

/// The largest ladder file read: 1 MiB (the shipped one is under 6 KB; a stage of 10,000 buttons
/// takes about 11 KB). Bytes read count, so a FIFO or `/dev/zero` is refused, not waited on.
pub const MAX_LADDER_BYTES: u64 = 1024 * 1024;

/// The most fixed stages a ladder file may have (the shipped one has 14; endless stages follow).
pub const MAX_FIXED_STAGES: usize = 1_000;

/// Why a ladder file was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum LadderError {
    #[error("{origin}: cannot read: {message}")]
    Io { origin: String, message: String },
    #[error("{origin}:{line}:{col}: {message}")]
    Syntax { origin: String, line: usize, col: usize, message: String },
    #[error("{origin}:{line}:{col}: the ladder has no stages")]
    Empty { origin: String, line: usize, col: usize },
    #[error("{origin}:{line}:{col}: stage {stage}: {problem}")]
    Invalid { origin: String, line: usize, col: usize, stage: u32, problem: StageProblem },
    #[error("{origin}:{line}:{col}: more than {limit} fixed stages")]
    TooManyStages { origin: String, line: usize, col: usize, limit: usize },
}

/// The rule a stage entry breaks.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum StageProblem {
    #[error("stages must be numbered 1, 2, 3, … in order: expected {expected}, found {found}")]
    Numbering { expected: u32, found: u32 },
    #[error("the ladder ends at stage {limit}")]
    BeyondLastStage { limit: u32 },
    #[error("a stage needs at least one button")]
    NoButtons,
    #[error("a stage may have at most {limit} buttons (this one says {buttons})")]
    TooManyButtons { buttons: u32, limit: u32 },
    #[error("a stage may allow picks of at most {limit} (this one says max = {max})")]
    PickTooLarge { max: u32, limit: u32 },
    #[error("bad pick range: {0}")]
    Picks(#[from] RulesError),
    #[error("the smallest pick ({min}) is more than the stage's {buttons} buttons")]
    MinAboveButtons { min: u32, buttons: u32 },
    #[error("bad layout: {0}")]
    Layout(#[from] LayoutError),
    #[error("the layout has {cells} buttons but the stage says {buttons}")]
    CountMismatch { buttons: u32, cells: usize },
    #[error("the buttons are not all connected (each must touch another by an edge)")]
    NotConnected,
    #[error("a rectangle stage must have a button in every cell")]
    NotRectangle,
    #[error("an island needs an even width and height with all of its central 2×2 cells filled")]
    NoCentre,
    #[error(
        "the layout's grid is {width}×{height} for {buttons} buttons; at most {MAX_CELLS_PER_BUTTON} cells per button, so that every button can be seen"
    )]
    GridTooLarge { width: u64, height: u64, buttons: u32 },
    #[error(
        "the layout's grid is {width}×{height}; its long side may be at most {MAX_ASPECT} times its short side (or {MIN_LONG_SIDE} cells), so that every button can be seen"
    )]
    GridTooNarrow { width: u64, height: u64 },
}

/// Whether anything is at `path`, a link included: a ladder file that is a dangling link or a
/// loop of links is there to be read (and refused with its reason), never taken for no file.
pub fn present(path: &Path) -> bool {
    path.symlink_metadata().is_ok()
}

/// Reads and validates a ladder file: its fixed stages, numbered 1, 2, 3, … A file larger than
/// [`MAX_LADDER_BYTES`], or a FIFO or device, is refused without reading it all or blocking.
pub fn load(path: &Path) -> Result<Vec<Stage>, LadderError> {
    let origin = crate::escape::shown_path(path);
    let io = |message: String| LadderError::Io { origin: origin.clone(), message };
    let bytes = crate::bounded_read::read(path, MAX_LADDER_BYTES, crate::bounded_read::Accept::RegularFile)
        .map_err(|err| io(err.to_string()))?;
    let text = String::from_utf8(bytes).map_err(|err| {
        io(format!("not UTF-8 text (byte {} is not part of a character)", err.utf8_error().valid_up_to() + 1))
    })?;
    parse(&text, &origin)
}

/// Parses and validates ladder text (its fixed stages); `origin` names it in errors.
pub fn parse(text: &str, origin: &str) -> Result<Vec<Stage>, LadderError> {
    let file: LadderFile = ron::from_str(text).map_err(|err| LadderError::Syntax {
        origin: origin.to_string(),
        line: err.span.start.line,
        col: err.span.start.col,
        message: crate::escape::shown_all(&err.code.to_string()),
    })?;
    if file.stages.len() > MAX_FIXED_STAGES {
        let (line, col) = locate(text, Some((MAX_FIXED_STAGES, Field::Stage)));
        return Err(LadderError::TooManyStages {
            origin: origin.to_string(),
            line,
            col,
            limit: MAX_FIXED_STAGES,
        });
    }
    if file.stages.is_empty() {
        let (line, col) = locate(text, None);
        return Err(LadderError::Empty { origin: origin.to_string(), line, col });
    }
    let mut fixed = Vec::with_capacity(file.stages.len());
    for (index, entry) in file.stages.into_iter().enumerate() {
        let expected = u32::try_from(index + 1).unwrap_or(u32::MAX);
        match entry.validate(expected) {
            Ok(stage) => fixed.push(stage),
            Err((field, problem)) => {
                let (line, col) = locate(text, Some((index, field)));
                return Err(LadderError::Invalid {
                    origin: origin.to_string(),
                    line,
                    col,
                    stage: expected,
                    problem,
                });
            }
        }
    }
    Ok(fixed)
}

#[derive(Debug, Deserialize)]
#[serde(rename = "Ladder", deny_unknown_fields)]
struct LadderFile {
    stages: Vec<StageEntry>,
}

#[derive(Debug, Deserialize)]
#[serde(rename = "Stage", deny_unknown_fields)]
struct StageEntry {
    stage: u32,
    buttons: u32,
    picks: PickRange,
    shape: Shape,
    layout: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PickRange {
    min: u32,
    max: u32,
}

#[derive(Debug, Clone, Copy, Deserialize)]
enum Shape {
    Rectangle,
    Island,
}

/// The field of a stage entry a problem is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Field {
    Stage,
    Buttons,
    Min,
    Max,
    Layout,
    /// Row `n` (from 0) of the layout.
    Row(usize),
}

impl StageEntry {
    /// Checks the limits first, so nothing is allocated in proportion to an unchecked number.
    fn validate(self, expected: u32) -> Result<Stage, (Field, StageProblem)> {
        if self.stage != expected {
            return Err((Field::Stage, StageProblem::Numbering { expected, found: self.stage }));
        }
        if self.stage > MAX_STAGE {
            return Err((Field::Stage, StageProblem::BeyondLastStage { limit: MAX_STAGE }));
        }
        if self.buttons == 0 {
            return Err((Field::Buttons, StageProblem::NoButtons));
        }
        if self.buttons > MAX_STAGE_BUTTONS {
            let problem = StageProblem::TooManyButtons { buttons: self.buttons, limit: MAX_STAGE_BUTTONS };
            return Err((Field::Buttons, problem));
        }
        let PickRange { min, max } = self.picks;
        if max > MAX_STAGE_PICK {
            return Err((Field::Max, StageProblem::PickTooLarge { max, limit: MAX_STAGE_PICK }));
        }
        let picks = PickSet::range(min, max).map_err(|err| (Field::Min, err.into()))?;
        if min > self.buttons {
            return Err((Field::Min, StageProblem::MinAboveButtons { min, buttons: self.buttons }));
        }
        // The grid's size, before the layout is built cell by cell.
        let height = self.layout.len() as u64;
        let width = self.layout.first().map_or(0, |row| row.chars().count() as u64);
        if width.saturating_mul(height) > MAX_CELLS_PER_BUTTON * u64::from(self.buttons) {
            return Err((Field::Layout, StageProblem::GridTooLarge { width, height, buttons: self.buttons }));
        }
        if width.max(height) > (MAX_ASPECT * width.min(height)).max(MIN_LONG_SIDE) {
            return Err((Field::Layout, StageProblem::GridTooNarrow { width, height }));
        }
        let layout = Layout::from_rows(&self.layout).map_err(|err| {
            let field = match &err {
                LayoutError::NoRows => Field::Layout,
                LayoutError::RaggedRow { row, .. } | LayoutError::BadChar { row, .. } => Field::Row(row - 1),
            };
            (field, err.into())
        })?;
        if layout.len() != self.buttons as usize {
            return Err((
                Field::Buttons,
                StageProblem::CountMismatch { buttons: self.buttons, cells: layout.len() },
            ));
        }
        if !layout.is_connected() {
            return Err((Field::Layout, StageProblem::NotConnected));
        }
        match self.shape {
            Shape::Rectangle if !layout.is_full_rectangle() => {
                return Err((Field::Layout, StageProblem::NotRectangle));
            }
            Shape::Island if !layout.contains_centre() => {
                return Err((Field::Layout, StageProblem::NoCentre));
            }
            _ => {}
        }
        Ok(Stage { number: self.stage, picks, layout })
    }
}

/// The same grammar as [`LadderFile`] (already checked by it), keeping each value's text where it
/// lies in the file.
#[derive(Deserialize)]
#[serde(rename = "Ladder")]
struct LadderSpans<'a> {
    #[serde(borrow)]
    stages: &'a RawValue,
}

#[derive(Deserialize)]
#[serde(rename = "Stage")]
struct StageSpans<'a> {
    #[serde(borrow)]
    stage: &'a RawValue,
    #[serde(borrow)]
    buttons: &'a RawValue,
    #[serde(borrow)]
    picks: PickSpans<'a>,
    #[serde(borrow)]
    layout: &'a RawValue,
}

#[derive(Deserialize)]
struct PickSpans<'a> {
    #[serde(borrow)]
    min: &'a RawValue,
    #[serde(borrow)]
    max: &'a RawValue,
}

impl<'a> StageSpans<'a> {
    /// The text of `field`'s value (for a row, of that row's string).
    fn at(&self, field: Field) -> &'a RawValue {
        match field {
            Field::Stage => self.stage,
            Field::Buttons => self.buttons,
            Field::Min => self.picks.min,
            Field::Max => self.picks.max,
            Field::Layout => self.layout,
            Field::Row(row) => {
                let rows: Option<Vec<&'a RawValue>> = self.layout.into_rust().ok();
                rows.and_then(|rows| rows.get(row).copied()).unwrap_or(self.layout)
            }
        }
    }
}

/// Where in `text` the value at fault begins: the stages list itself (`stage: None`), or `field`
/// of stage entry `stage` (from 0). `text` parsed once already, so the second reading does not
/// fail; if it somehow did, the error would point at the enclosing value rather than nowhere.
fn locate(text: &str, stage: Option<(usize, Field)>) -> (usize, usize) {
    let stages = ron::from_str::<LadderSpans>(text).ok().map(|spans| spans.stages);
    let piece = stages.map(|stages| match stage {
        None => stages,
        Some((index, field)) => {
            let entries: Option<Vec<StageSpans>> = stages.into_rust().ok();
            entries.and_then(|entries| entries.get(index).map(|entry| entry.at(field))).unwrap_or(stages)
        }
    });
    let offset = piece
        .and_then(|piece| (piece.get_ron().as_ptr() as usize).checked_sub(text.as_ptr() as usize))
        .filter(|&offset| offset <= text.len())
        .unwrap_or(0);
    line_and_column(text, offset)
}

/// The 1-based line and column (in characters, as ron counts them) of byte `offset` of `text`.
fn line_and_column(text: &str, offset: usize) -> (usize, usize) {
    let before = text.get(..offset).unwrap_or_default();
    let line = 1 + before.matches('\n').count();
    let col = 1 + before.rsplit('\n').next().unwrap_or_default().chars().count();
    (line, col)
}

#[cfg(all(test, unix))]
mod link_tests {
    use super::*;

    /// Issue 37: a `stages/ladder.ron` that is a loop of links was taken for no file at all.
    #[test]
    fn a_loop_of_links_is_present_and_refused_with_its_reason() {
        let dir = tempfile::tempdir().unwrap();
        let (a, b) = (dir.path().join("ladder.ron"), dir.path().join("other.ron"));
        std::os::unix::fs::symlink(&b, &a).unwrap();
        std::os::unix::fs::symlink(&a, &b).unwrap();
        assert!(!a.exists(), "what the game asked before: the loop looks like no file");
        assert!(present(&a));
        let err = load(&a).unwrap_err().to_string();
        assert!(err.contains("symbolic links"), "{err}");
        assert!(!present(&dir.path().join("missing.ron")));
    }
}
