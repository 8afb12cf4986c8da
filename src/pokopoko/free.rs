//! Free play: any number of buttons (1–200) and any rule — a range `min–max` or a set of counts
//! such as {1, 3, 4} — against the same perfect COM, on an island generated from the setup.
//!
//! Plain Rust, no Bevy: the setup and its limits ([`FreeSetup`]), its written form for
//! `--open free:1,3,4@30` ([`FreeSetup::parse_rule`]), the stage it plays on ([`FreeSetup::stage`])
//! and the practice hint ([`Hint`]).

use std::fmt;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::endless;
use super::layout::Layout;
use super::rules::{PickSet, TurnOrder};
use super::solver::Solver;
use super::stage::Stage;

/// The fewest and most buttons a free game may have.
pub const MIN_BUTTONS: u32 = 1;
pub const MAX_BUTTONS: u32 = 200;
/// The largest count a free-play rule may allow (the setup screen offers the counts 1–20).
pub const MAX_FREE_PICK: u32 = 20;
/// The setup a first free game starts from: the rule of the example.
pub const DEFAULT_BUTTONS: u32 = 30;

/// Whether the rule is a range `min..=max` or a set of counts.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RuleKind {
    #[default]
    Range,
    Set,
}

/// One free game's setup. Both rules are kept, so switching between them loses no edit; `kind`
/// says which one is played.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "SetupEntries", into = "SetupEntries")]
pub struct FreeSetup {
    pub buttons: u32,
    pub kind: RuleKind,
    /// The range rule.
    pub min: u32,
    pub max: u32,
    /// The set rule, ascending and without repeats (may be empty while it is being edited).
    pub counts: Vec<u32>,
    pub order: TurnOrder,
    /// Show, during free play, whether the number faced loses and which counts win.
    pub practice: bool,
}

/// Why a setup cannot be played.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FreeError {
    #[error("the number of buttons must be from {MIN_BUTTONS} to {MAX_BUTTONS} (got {0})")]
    Buttons(u32),
    #[error("the counts must be from 1 to {MAX_FREE_PICK} (got {0})")]
    Count(u32),
    #[error("min must not exceed max (got {min}–{max})")]
    MinAboveMax { min: u32, max: u32 },
    #[error("choose at least one count")]
    NoCounts,
    #[error(
        "the smallest count ({min}) is more than the buttons ({buttons}): the first player would have to press them all"
    )]
    MinAboveButtons { min: u32, buttons: u32 },
}

/// Why the text of a rule (`1,3,4`, `2-5`, optionally `@30`) was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseRuleError {
    #[error("expected counts like 1,3,4 or a range like 2-5, then optionally @BUTTONS (got `{0}`)")]
    Malformed(String),
    #[error("`{0}` is not a count (a whole number from 1 to {MAX_FREE_PICK})")]
    NotACount(String),
    #[error("`{0}` is not a number of buttons (a whole number from {MIN_BUTTONS} to {MAX_BUTTONS})")]
    NotButtons(String),
    #[error(transparent)]
    Setup(#[from] FreeError),
}

impl Default for FreeSetup {
    fn default() -> Self {
        Self {
            buttons: DEFAULT_BUTTONS,
            kind: RuleKind::Set,
            min: 1,
            max: 3,
            counts: vec![1, 3, 4],
            order: TurnOrder::First,
            practice: false,
        }
    }
}

impl FreeSetup {
    /// The pick set played, or why this setup cannot be played.
    pub fn picks(&self) -> Result<PickSet, FreeError> {
        if !(MIN_BUTTONS..=MAX_BUTTONS).contains(&self.buttons) {
            return Err(FreeError::Buttons(self.buttons));
        }
        let picks = match self.kind {
            RuleKind::Range => {
                check_count(self.min)?;
                check_count(self.max)?;
                if self.min > self.max {
                    return Err(FreeError::MinAboveMax { min: self.min, max: self.max });
                }
                PickSet::range(self.min, self.max)
            }
            RuleKind::Set => {
                self.counts.iter().try_for_each(|&count| check_count(count))?;
                if self.counts.is_empty() {
                    return Err(FreeError::NoCounts);
                }
                PickSet::from_counts(self.counts.iter().copied())
            }
        };
        // Every count is 1..=MAX_FREE_PICK and the set is non-empty, so the pick set is valid.
        let picks = picks.map_err(|_| FreeError::NoCounts)?;
        if picks.min() > self.buttons {
            return Err(FreeError::MinAboveButtons { min: picks.min(), buttons: self.buttons });
        }
        Ok(picks)
    }

    /// The stage this setup plays: `buttons` buttons on an island generated from the setup.
    ///
    /// Its number is 0, which no ladder stage has, so nothing of the ladder can be recorded for it.
    pub fn stage(&self) -> Result<Stage, FreeError> {
        let picks = self.picks()?;
        Ok(Stage { number: 0, layout: island(self.buttons, &picks), picks })
    }

    /// The solver for this setup's rule, covering every position of the game.
    pub fn solver(&self) -> Result<Solver, FreeError> {
        Ok(Solver::new(self.picks()?, self.buttons))
    }

    /// Adds `delta` buttons, staying within 1–200.
    pub fn step_buttons(&mut self, delta: i32) {
        self.buttons = step(self.buttons, delta, MIN_BUTTONS, MAX_BUTTONS);
    }

    /// Adds `delta` to the range's min (max follows so that min ≤ max).
    pub fn step_min(&mut self, delta: i32) {
        self.min = step(self.min, delta, 1, MAX_FREE_PICK);
        self.max = self.max.max(self.min);
    }

    /// Adds `delta` to the range's max (min follows so that min ≤ max).
    pub fn step_max(&mut self, delta: i32) {
        self.max = step(self.max, delta, 1, MAX_FREE_PICK);
        self.min = self.min.min(self.max);
    }

    /// Adds or removes `count` from the set rule (counts outside 1–20 are ignored).
    pub fn toggle_count(&mut self, count: u32) {
        if !(1..=MAX_FREE_PICK).contains(&count) {
            return;
        }
        match self.counts.binary_search(&count) {
            Ok(at) => {
                self.counts.remove(at);
            }
            Err(at) => self.counts.insert(at, count),
        }
    }

    /// A setup from a written rule: counts `1,3,4` (a set) or `2-5` (a range), then optionally
    /// `@BUTTONS`; what is not written comes from `base`.
    pub fn parse_rule(text: &str, base: &FreeSetup) -> Result<FreeSetup, ParseRuleError> {
        let mut setup = base.clone();
        let (rule, buttons) = match text.split_once('@') {
            Some((rule, buttons)) => (rule, Some(buttons)),
            None => (text, None),
        };
        if let Some(buttons) = buttons {
            setup.buttons = buttons
                .parse::<u32>()
                .ok()
                .filter(|n| (MIN_BUTTONS..=MAX_BUTTONS).contains(n))
                .ok_or_else(|| ParseRuleError::NotButtons(buttons.to_string()))?;
        }
        let count = |token: &str| {
            token
                .trim()
                .parse::<u32>()
                .ok()
                .filter(|n| (1..=MAX_FREE_PICK).contains(n))
                .ok_or_else(|| ParseRuleError::NotACount(token.trim().to_string()))
        };
        if rule.trim().is_empty() {
            return Err(ParseRuleError::Malformed(text.to_string()));
        }
        match rule.split_once('-') {
            Some((min, max)) => {
                setup.kind = RuleKind::Range;
                setup.min = count(min)?;
                setup.max = count(max)?;
            }
            None => {
                setup.kind = RuleKind::Set;
                let counts: Result<Vec<u32>, _> = rule.split(',').map(count).collect();
                let mut counts = counts?;
                counts.sort_unstable();
                counts.dedup();
                setup.counts = counts;
            }
        }
        setup.picks()?;
        Ok(setup)
    }

    /// The rule as [`FreeSetup::parse_rule`] reads it back: `1,3,4@30` or `2-5@40`.
    pub fn rule_text(&self) -> String {
        let rule = match self.kind {
            RuleKind::Range => format!("{}-{}", self.min, self.max),
            RuleKind::Set => self.counts.iter().map(u32::to_string).collect::<Vec<_>>().join(","),
        };
        format!("{rule}@{}", self.buttons)
    }
}

impl fmt::Display for FreeSetup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.rule_text())
    }
}

fn check_count(count: u32) -> Result<(), FreeError> {
    if (1..=MAX_FREE_PICK).contains(&count) { Ok(()) } else { Err(FreeError::Count(count)) }
}

fn step(value: u32, delta: i32, low: u32, high: u32) -> u32 {
    (i64::from(value) + i64::from(delta)).clamp(i64::from(low), i64::from(high)) as u32
}

/// The island for `buttons` buttons and a pick set: the endless ladder's generator, seeded from
/// both (the same setup, the same island; a new rule or count, a new shape). Fewer than the
/// generator's central 2×2 is a short row.
pub fn island(buttons: u32, picks: &PickSet) -> Layout {
    if buttons < 4 {
        return Layout::rectangle(buttons, 1);
    }
    // FNV-1a over the counts and the size: stable on every machine.
    let seed = picks.counts().iter().chain(std::iter::once(&buttons)).fold(0x811c_9dc5_u32, |hash, &n| {
        n.to_le_bytes().iter().fold(hash, |hash, &byte| (hash ^ u32::from(byte)).wrapping_mul(0x0100_0193))
    });
    endless::island(seed, buttons as usize)
}

/// What the practice switch shows about the number the player faces.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hint {
    pub remaining: u32,
    /// The player to move loses against perfect play.
    pub losing: bool,
    /// The counts that leave the opponent on a losing number, ascending (empty when losing).
    pub winning_counts: Vec<u32>,
}

impl Hint {
    pub fn new(solver: &Solver, remaining: u32) -> Self {
        let winning_counts = solver.winning_counts(remaining);
        Self { remaining, losing: remaining > 0 && !solver.can_win(remaining), winning_counts }
    }
}

/// The setup as written in the save: checked (by `FreeSetup::try_from`) before it is believed.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename = "FreeSetup", deny_unknown_fields)]
pub struct SetupEntries {
    buttons: u32,
    kind: RuleKind,
    min: u32,
    max: u32,
    counts: Vec<u32>,
    order: TurnOrder,
    practice: bool,
}

impl TryFrom<SetupEntries> for FreeSetup {
    type Error = FreeError;

    /// The game saves only setups it started, so the rule in play must be playable; the other
    /// rule must be one the setup screen can show.
    fn try_from(entries: SetupEntries) -> Result<Self, FreeError> {
        let SetupEntries { buttons, kind, min, max, mut counts, order, practice } = entries;
        counts.sort_unstable();
        counts.dedup();
        let setup = Self { buttons, kind, min, max, counts, order, practice };
        setup.picks()?;
        for count in setup.counts.iter().chain([&setup.min, &setup.max]) {
            check_count(*count)?;
        }
        if setup.min > setup.max {
            return Err(FreeError::MinAboveMax { min: setup.min, max: setup.max });
        }
        Ok(setup)
    }
}

impl From<FreeSetup> for SetupEntries {
    fn from(setup: FreeSetup) -> Self {
        let FreeSetup { buttons, kind, min, max, counts, order, practice } = setup;
        Self { buttons, kind, min, max, counts, order, practice }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_are_read_as_sets_ranges_and_sizes() {
        let base = FreeSetup::default();
        let set = FreeSetup::parse_rule("4,1,3@30", &base).unwrap();
        assert_eq!((set.kind, set.counts.as_slice(), set.buttons), (RuleKind::Set, &[1, 3, 4][..], 30));
        let range = FreeSetup::parse_rule("2-5@40", &base).unwrap();
        assert_eq!((range.kind, range.min, range.max, range.buttons), (RuleKind::Range, 2, 5, 40));
        assert_eq!(range.picks().unwrap(), PickSet::range(2, 5).unwrap());
        assert_eq!(FreeSetup::parse_rule(&range.rule_text(), &base), Ok(range));
        assert_eq!(FreeSetup::parse_rule("2,3", &base).unwrap().buttons, DEFAULT_BUTTONS);
    }

    #[test]
    fn bad_rules_are_refused_with_the_token_at_fault() {
        let base = FreeSetup::default();
        let refused = |text: &str| FreeSetup::parse_rule(text, &base).unwrap_err().to_string();
        assert!(refused("1,x,4").contains("`x`"));
        assert!(refused("0,3").contains("`0`"));
        assert!(refused("21").contains("`21`"));
        assert!(refused("1,3@0").contains("`0`"));
        assert!(refused("1,3@201").contains("`201`"));
        assert!(refused("").contains("expected"));
        assert!(refused("5-2").contains("min must not exceed max"));
        assert!(refused("5,6@3").contains("more than the buttons"));
        assert!(refused("1,,3").contains("``"));
    }

    #[test]
    fn steps_stay_within_the_limits_and_keep_min_at_most_max() {
        let mut setup = FreeSetup { kind: RuleKind::Range, ..FreeSetup::default() };
        setup.step_buttons(-100);
        assert_eq!(setup.buttons, 1);
        setup.step_buttons(500);
        assert_eq!(setup.buttons, 200);
        setup.step_min(10);
        assert_eq!((setup.min, setup.max), (11, 11));
        setup.step_max(-20);
        assert_eq!((setup.min, setup.max), (1, 1));
        setup.toggle_count(3);
        setup.toggle_count(2);
        setup.toggle_count(21);
        assert_eq!(setup.counts, [1, 2, 4]);
    }

    #[test]
    fn an_empty_set_cannot_be_played() {
        let setup = FreeSetup { counts: Vec::new(), ..FreeSetup::default() };
        assert_eq!(setup.picks(), Err(FreeError::NoCounts));
    }

    #[test]
    fn every_size_gets_an_island_with_that_many_buttons() {
        let picks = PickSet::from_counts([1, 3, 4]).unwrap();
        for buttons in MIN_BUTTONS..=MAX_BUTTONS {
            assert_eq!(island(buttons, &picks).len(), buttons as usize);
        }
        assert_eq!(island(30, &picks), island(30, &picks));
        assert_ne!(island(30, &picks), island(30, &PickSet::range(1, 3).unwrap()));
    }
}
