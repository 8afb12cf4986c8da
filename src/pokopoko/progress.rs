//! The player's way up the ladder: which stages are cleared, how each went, and the ladder's
//! rules on top of it (stage 1 is open, clearing a stage opens the next, the stage to play next).

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;

use super::stage::MAX_STAGE;

/// Ladder progress: which stages are cleared, and how each stage went.
///
/// Every stage number is in `1..=MAX_STAGE`: nothing outside the ladder is ever recorded, and the
/// save's reader leaves such entries out.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Progress {
    pub cleared: BTreeSet<u32>,
    pub results: BTreeMap<u32, StageRecord>,
    /// Per stage, the turn orders chosen ("Your record"); absent in older saves.
    pub choices: BTreeMap<u32, ChoiceRecord>,
}

/// The turn orders chosen for one stage.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct ChoiceRecord {
    /// Matches recorded with their turn order.
    pub matches: u64,
    /// Matches begun with the right turn order.
    pub right: u64,
    /// Whether the stage's first match was begun with the right turn order.
    pub first_right: Option<bool>,
}

/// How one stage went so far.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct StageRecord {
    pub wins: u64,
    pub losses: u64,
}

impl Progress {
    pub fn is_cleared(&self, stage: u32) -> bool {
        self.cleared.contains(&stage)
    }

    /// Stage 1 is always open; clearing a stage opens the next.
    pub fn is_unlocked(&self, stage: u32) -> bool {
        stage == 1 || self.is_cleared(stage) || (stage > 1 && self.is_cleared(stage - 1))
    }

    /// The stage to play next: the first open stage not yet cleared (the last stage once every
    /// stage is cleared).
    pub fn current(&self) -> u32 {
        // Stage 1, or the first stage after a cleared one that is not cleared itself: one pass
        // over the cleared stages, not over the ladder.
        if !self.is_cleared(1) {
            return 1;
        }
        self.cleared
            .iter()
            .map(|&n| n.saturating_add(1))
            .find(|&next| next <= MAX_STAGE && !self.is_cleared(next))
            .unwrap_or(MAX_STAGE)
    }

    /// The highest open stage.
    pub fn highest_unlocked(&self) -> u32 {
        self.cleared.last().map_or(1, |&n| n.saturating_add(1).min(MAX_STAGE))
    }

    /// Records one finished match of `stage` and whether it was begun with the right turn order.
    /// A stage outside the ladder (which no match can be on) is not recorded, so the save never
    /// holds what its reader would leave out.
    pub fn record_match(&mut self, stage: u32, won: bool, right_choice: bool) {
        self.record(stage, won);
        if (1..=MAX_STAGE).contains(&stage) {
            let choice = self.choices.entry(stage).or_default();
            choice.matches = choice.matches.saturating_add(1);
            choice.right = choice.right.saturating_add(u64::from(right_choice));
            choice.first_right.get_or_insert(right_choice);
        }
    }

    pub fn record(&mut self, stage: u32, won: bool) {
        if !(1..=MAX_STAGE).contains(&stage) {
            return;
        }
        let record = self.results.entry(stage).or_default();
        // Counts are 64-bit: counting on from any saved value cannot fill up in any number of
        // lifetimes.
        if won {
            record.wins = record.wins.saturating_add(1);
            self.cleared.insert(stage);
        } else {
            record.losses = record.losses.saturating_add(1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clearing_a_stage_opens_the_next() {
        let mut progress = Progress::default();
        assert!(progress.is_unlocked(1) && !progress.is_unlocked(2));
        progress.record(1, false);
        assert_eq!(progress.current(), 1);
        progress.record(1, true);
        assert!(progress.is_unlocked(2) && !progress.is_unlocked(3));
        assert_eq!(progress.current(), 2);
        assert_eq!(progress.results[&1], StageRecord { wins: 1, losses: 1 });
    }

    /// `current` is one pass over the cleared stages; it agrees with its definition, the first
    /// open stage not cleared, scanned over the whole ladder.
    #[test]
    fn the_current_stage_is_the_first_open_one_not_cleared() {
        let by_definition = |progress: &Progress| {
            (1..=MAX_STAGE).find(|&n| progress.is_unlocked(n) && !progress.is_cleared(n)).unwrap_or(MAX_STAGE)
        };
        let sets: [&[u32]; 7] =
            [&[], &[2, 3], &[1, 2, 3, 7, 8], &[1, 3, 4], &[1, MAX_STAGE - 1], &[1, MAX_STAGE], &[MAX_STAGE]];
        for cleared in sets {
            let progress = Progress { cleared: cleared.iter().copied().collect(), ..Progress::default() };
            assert_eq!(progress.current(), by_definition(&progress), "{cleared:?}");
        }
        let everything = Progress { cleared: (1..=MAX_STAGE).collect(), ..Progress::default() };
        assert_eq!(everything.current(), MAX_STAGE);
        let all_but_last = Progress { cleared: (1..MAX_STAGE).collect(), ..Progress::default() };
        assert_eq!(all_but_last.current(), MAX_STAGE);
    }

    #[test]
    fn the_first_turn_order_choice_is_kept() {
        let mut progress = Progress::default();
        progress.record_match(8, false, false);
        progress.record_match(8, true, true);
        assert_eq!(progress.choices[&8], ChoiceRecord { matches: 2, right: 1, first_right: Some(false) });
    }
}
