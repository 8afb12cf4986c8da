//! The rules of one turn: how many buttons a player may press.

use std::fmt;
use std::ops::RangeInclusive;

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The largest count a pick set may hold. Far above any stage (a ladder file allows picks up to
/// 1,000), and small enough that the solver derives any range's rule in milliseconds.
pub const MAX_PICK: u32 = 100_000;

/// The counts a player may press on one turn (a range `min..=max` is the usual case).
///
/// Always non-empty, never contains 0 (so a game can never stall) and never exceeds [`MAX_PICK`].
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "Vec<u32>", into = "Vec<u32>")]
pub struct PickSet {
    counts: Vec<u32>,
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RulesError {
    #[error("the smallest pick must be at least 1 (got min = {0})")]
    ZeroPick(u32),
    #[error("min must not exceed max (got min = {min}, max = {max})")]
    MinAboveMax { min: u32, max: u32 },
    #[error("a pick set needs at least one count")]
    Empty,
    #[error("picks of at most {limit} are supported (got {count})")]
    PickTooLarge { count: u32, limit: u32 },
}

impl PickSet {
    /// Every count from `min` to `max`.
    pub fn range(min: u32, max: u32) -> Result<Self, RulesError> {
        if min == 0 {
            return Err(RulesError::ZeroPick(min));
        }
        if min > max {
            return Err(RulesError::MinAboveMax { min, max });
        }
        // Checked before the counts are allocated.
        if max > MAX_PICK {
            return Err(RulesError::PickTooLarge { count: max, limit: MAX_PICK });
        }
        Ok(Self { counts: (min..=max).collect() })
    }

    /// Any finite set of counts, each at least 1.
    pub fn from_counts(counts: impl IntoIterator<Item = u32>) -> Result<Self, RulesError> {
        let mut counts: Vec<u32> = counts.into_iter().collect();
        counts.sort_unstable();
        counts.dedup();
        match (counts.first(), counts.last()) {
            (None, _) | (_, None) => Err(RulesError::Empty),
            (Some(0), _) => Err(RulesError::ZeroPick(0)),
            (_, Some(&max)) if max > MAX_PICK => {
                Err(RulesError::PickTooLarge { count: max, limit: MAX_PICK })
            }
            _ => Ok(Self { counts }),
        }
    }

    pub fn min(&self) -> u32 {
        self.counts[0]
    }

    pub fn max(&self) -> u32 {
        self.counts[self.counts.len() - 1]
    }

    /// The allowed counts, ascending.
    pub fn counts(&self) -> &[u32] {
        &self.counts
    }

    /// The allowed counts as maximal runs `first..=last`, ascending (one run for a range).
    pub fn runs(&self) -> Vec<(u32, u32)> {
        let mut runs: Vec<(u32, u32)> = Vec::new();
        for &count in &self.counts {
            match runs.last_mut() {
                Some((_, last)) if *last + 1 == count => *last = count,
                _ => runs.push((count, count)),
            }
        }
        runs
    }

    pub fn is_range(&self) -> bool {
        self.counts.len() as u32 == self.max() - self.min() + 1
    }

    /// Whether `remaining < min`: the player to move must press everything that is left.
    pub fn is_forced(&self, remaining: u32) -> bool {
        remaining > 0 && remaining < self.min()
    }

    /// Whether `count` is one of the allowed counts (however many buttons are left).
    pub fn contains(&self, count: u32) -> bool {
        self.counts.binary_search(&count).is_ok()
    }

    /// Whether every legal press with `remaining` left takes the last button (the edge rule).
    ///
    /// True exactly for `1..=min` ([`PickSet::edge_numbers`]): with fewer than `min` left the player
    /// must press them all ([`PickSet::is_forced`]), and with exactly `min` left the only count that
    /// fits is all of them. Either way the player to move presses the last button and loses, which
    /// is why 1 and 2 are losing numbers under 2–4 (SPEC §1.2). Above `min`, pressing `min` always
    /// leaves at least one button.
    pub fn must_press_all(&self, remaining: u32) -> bool {
        (1..=self.min()).contains(&remaining)
    }

    /// The numbers the edge rule alone makes losing: `1..=min` (see [`PickSet::must_press_all`]).
    ///
    /// For a range these are exactly the losing numbers below the answer sum `min + max`
    /// ([`crate::pokopoko::Solver::answer_sum`]), where the pairing hands over to the edge rule.
    /// Other pick sets can have more losing numbers below it ({1, 4}: 1 by the edge rule, and 3).
    pub fn edge_numbers(&self) -> RangeInclusive<u32> {
        1..=self.min()
    }

    /// The counts that may be pressed with `remaining` buttons left, ascending.
    ///
    /// Below `min` the only move is to press all remaining buttons (and lose).
    pub fn legal_counts(&self, remaining: u32) -> Vec<u32> {
        if remaining == 0 {
            Vec::new()
        } else if self.is_forced(remaining) {
            vec![remaining]
        } else {
            self.counts.iter().copied().take_while(|&k| k <= remaining).collect()
        }
    }

    pub fn is_legal(&self, remaining: u32, count: u32) -> bool {
        if self.is_forced(remaining) {
            count == remaining
        } else {
            count <= remaining && self.contains(count)
        }
    }
}

impl TryFrom<Vec<u32>> for PickSet {
    type Error = RulesError;
    fn try_from(counts: Vec<u32>) -> Result<Self, RulesError> {
        Self::from_counts(counts)
    }
}

impl From<PickSet> for Vec<u32> {
    fn from(picks: PickSet) -> Self {
        picks.counts
    }
}

impl fmt::Display for PickSet {
    /// `2–5` for a range, `{1, 3, 4}` otherwise.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_range() {
            if self.min() == self.max() {
                write!(f, "{}", self.min())
            } else {
                write!(f, "{}–{}", self.min(), self.max())
            }
        } else {
            let counts: Vec<String> = self.counts.iter().map(u32::to_string).collect();
            write!(f, "{{{}}}", counts.join(", "))
        }
    }
}

/// Who the human chose to be: the player who moves first, or second.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TurnOrder {
    First,
    Second,
}

impl TurnOrder {
    pub fn other(self) -> Self {
        match self {
            Self::First => Self::Second,
            Self::Second => Self::First,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::First => "first",
            Self::Second => "second",
        }
    }
}

impl fmt::Display for TurnOrder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn below_min_the_only_move_is_everything() {
        let picks = PickSet::range(2, 5).unwrap();
        assert_eq!(picks.legal_counts(1), vec![1]);
        assert!(picks.is_legal(1, 1));
        assert_eq!(picks.legal_counts(3), vec![2, 3]);
        assert!(!picks.is_legal(3, 1));
        assert!(picks.legal_counts(0).is_empty());
    }

    #[test]
    fn bad_ranges_are_refused() {
        assert_eq!(PickSet::range(0, 3), Err(RulesError::ZeroPick(0)));
        assert_eq!(PickSet::range(4, 3), Err(RulesError::MinAboveMax { min: 4, max: 3 }));
        assert_eq!(PickSet::from_counts([]), Err(RulesError::Empty));
    }

    /// `solve --max 4000000000` once allocated the whole range before anything else.
    #[test]
    fn a_pick_above_the_limit_is_refused_before_anything_is_allocated() {
        let too_large = RulesError::PickTooLarge { count: 4_000_000_000, limit: MAX_PICK };
        assert_eq!(PickSet::range(1, 4_000_000_000), Err(too_large.clone()));
        assert_eq!(PickSet::from_counts([1, 4_000_000_000]), Err(too_large));
        assert!(PickSet::range(1, MAX_PICK).is_ok());
        assert!(PickSet::range(1, 4_000_000_000).unwrap_err().to_string().contains("100000"));
    }

    #[test]
    fn runs_group_consecutive_counts() {
        assert_eq!(PickSet::range(2, 5).unwrap().runs(), [(2, 5)]);
        assert_eq!(PickSet::from_counts([1, 3, 4, 9]).unwrap().runs(), [(1, 1), (3, 4), (9, 9)]);
    }

    #[test]
    fn displays_like_the_stage_table() {
        assert_eq!(PickSet::range(2, 5).unwrap().to_string(), "2–5");
        assert_eq!(PickSet::from_counts([4, 1, 3]).unwrap().to_string(), "{1, 3, 4}");
    }
}
