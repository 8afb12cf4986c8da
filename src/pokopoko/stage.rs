//! The stage ladder: the fixed stages from `stages/ladder.ron`, then the endless ones.

use std::path::Path;

use serde::Deserialize;
use thiserror::Error;

use super::endless;
use super::layout::{Layout, LayoutError};
use super::rules::{PickSet, RulesError, TurnOrder};
use super::solver::Solver;

/// One stage: how many buttons, how many may be pressed per turn, and how they are laid out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stage {
    pub number: u32,
    pub picks: PickSet,
    pub layout: Layout,
}

impl Stage {
    /// The number of buttons at the start.
    pub fn buttons(&self) -> u32 {
        self.layout.len() as u32
    }

    /// The solver for this stage's pick set, covering every position of the stage.
    pub fn solver(&self) -> Solver {
        Solver::new(self.picks.clone(), self.buttons())
    }

    /// The turn order that wins against the perfect COM, derived from the solver.
    pub fn right_choice(&self) -> TurnOrder {
        right_choice(&self.solver(), self.buttons())
    }
}

/// Move first exactly when the starting position wins for the player to move.
pub fn right_choice(solver: &Solver, buttons: u32) -> TurnOrder {
    if solver.can_win(buttons) { TurnOrder::First } else { TurnOrder::Second }
}

/// The whole ladder: the fixed stages, then endless stages generated from their number.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ladder {
    fixed: Vec<Stage>,
}

/// The shipped ladder file, compiled in so the game also runs away from the source tree.
pub const BUILTIN_LADDER: &str = include_str!("../../stages/ladder.ron");

impl Ladder {
    /// The ladder shipped with the game (validated by the test suite).
    pub fn builtin() -> Self {
        Self::parse(BUILTIN_LADDER, "stages/ladder.ron")
            .unwrap_or_else(|err| unreachable!("the shipped ladder is tested valid: {err}"))
    }

    /// The text of the shipped ladder file.
    pub fn builtin_text() -> &'static str {
        BUILTIN_LADDER
    }

    /// Reads and validates a ladder file.
    pub fn load(path: &Path) -> Result<Self, LadderError> {
        let origin = path.display().to_string();
        let text = std::fs::read_to_string(path)
            .map_err(|source| LadderError::Io { origin: origin.clone(), message: source.to_string() })?;
        Self::parse(&text, &origin)
    }

    /// Parses and validates ladder text; `origin` names it in errors.
    pub fn parse(text: &str, origin: &str) -> Result<Self, LadderError> {
        let file: LadderFile = ron::from_str(text).map_err(|err| LadderError::Syntax {
            origin: origin.to_string(),
            line: err.span.start.line,
            col: err.span.start.col,
            message: err.code.to_string(),
        })?;
        if file.stages.is_empty() {
            return Err(LadderError::Empty { origin: origin.to_string() });
        }
        let fixed = file
            .stages
            .into_iter()
            .enumerate()
            .map(|(index, entry)| {
                entry.validate(index as u32 + 1).map_err(|problem| LadderError::Invalid {
                    origin: origin.to_string(),
                    line: stage_line(text, index),
                    stage: index as u32 + 1,
                    problem,
                })
            })
            .collect::<Result<_, _>>()?;
        Ok(Self { fixed })
    }

    /// The fixed stages, in order.
    pub fn fixed(&self) -> &[Stage] {
        &self.fixed
    }

    /// Stage `number` (from 1): a fixed stage, or an endless one generated from its number.
    pub fn stage(&self, number: u32) -> Option<Stage> {
        let index = usize::try_from(number).ok()?.checked_sub(1)?;
        match self.fixed.get(index) {
            Some(stage) => Some(stage.clone()),
            None => Some(endless::stage(number)),
        }
    }

    /// Stage `number`'s button count and pick set, without generating its layout.
    pub fn buttons_and_picks(&self, number: u32) -> (u32, PickSet) {
        match usize::try_from(number).ok().and_then(|n| self.fixed.get(n.checked_sub(1)?)) {
            Some(stage) => (stage.buttons(), stage.picks.clone()),
            None => endless::buttons_and_picks(number),
        }
    }

    /// Stages `1..=upto`.
    pub fn stages(&self, upto: u32) -> impl Iterator<Item = Stage> + '_ {
        (1..=upto).filter_map(|n| self.stage(n))
    }
}

/// Why a ladder file was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum LadderError {
    #[error("{origin}: cannot read: {message}")]
    Io { origin: String, message: String },
    #[error("{origin}:{line}:{col}: {message}")]
    Syntax { origin: String, line: usize, col: usize, message: String },
    #[error("{origin}: the ladder has no stages")]
    Empty { origin: String },
    #[error("{origin}{}: stage {stage}: {problem}", line.map(|l| format!(":{l}")).unwrap_or_default())]
    Invalid { origin: String, line: Option<usize>, stage: u32, problem: StageProblem },
}

/// The rule a stage entry breaks.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum StageProblem {
    #[error("stages must be numbered 1, 2, 3, … in order: expected {expected}, found {found}")]
    Numbering { expected: u32, found: u32 },
    #[error("bad pick range: {0}")]
    Picks(#[from] RulesError),
    #[error("bad layout: {0}")]
    Layout(#[from] LayoutError),
    #[error("the layout has {cells} buttons but the stage says {buttons}")]
    CountMismatch { buttons: u32, cells: u32 },
    #[error("the buttons are not all connected (each must touch another by an edge)")]
    NotConnected,
    #[error("a rectangle stage must have a button in every cell")]
    NotRectangle,
    #[error("an island needs an even width and height with all of its central 2×2 cells filled")]
    NoCentre,
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

impl StageEntry {
    fn validate(self, expected: u32) -> Result<Stage, StageProblem> {
        if self.stage != expected {
            return Err(StageProblem::Numbering { expected, found: self.stage });
        }
        let picks = PickSet::range(self.picks.min, self.picks.max)?;
        let layout = Layout::from_rows(&self.layout)?;
        if layout.len() as u32 != self.buttons {
            return Err(StageProblem::CountMismatch { buttons: self.buttons, cells: layout.len() as u32 });
        }
        if !layout.is_connected() {
            return Err(StageProblem::NotConnected);
        }
        match self.shape {
            Shape::Rectangle if !layout.is_full_rectangle() => return Err(StageProblem::NotRectangle),
            Shape::Island if !layout.contains_centre() => return Err(StageProblem::NoCentre),
            _ => {}
        }
        Ok(Stage { number: self.stage, picks, layout })
    }
}

/// The 1-based line of the `index`-th `stage:` field, to point a validation error at its entry.
fn stage_line(text: &str, index: usize) -> Option<usize> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| {
            let line = line.trim_start();
            line.strip_prefix("stage").is_some_and(|rest| rest.trim_start().starts_with(':'))
        })
        .nth(index)
        .map(|(number, _)| number + 1)
}
