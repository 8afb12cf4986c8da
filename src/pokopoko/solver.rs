//! The COM's brain: the `can_win` table of SPEC §1.2 and the rule it implies.

use std::collections::HashMap;
use std::fmt;

use super::rules::PickSet;

/// The dynamic-programming table for one pick set, up to a number of buttons.
#[derive(Debug, Clone)]
pub struct Solver {
    picks: PickSet,
    /// `can_win[r]`: the player to move with `r` buttons left wins against perfect play.
    can_win: Vec<bool>,
}

impl Solver {
    /// Solves every position with at most `upto` buttons left.
    pub fn new(picks: PickSet, upto: u32) -> Self {
        let can_win = can_win_table(&picks, upto as usize);
        Self { picks, can_win }
    }

    pub fn picks(&self) -> &PickSet {
        &self.picks
    }

    /// The largest position in the table.
    pub fn upto(&self) -> u32 {
        (self.can_win.len() - 1) as u32
    }

    /// Whether the player to move with `remaining` buttons left wins against perfect play.
    ///
    /// `remaining` must be at most [`Solver::upto`]; beyond the table the derived [`Rule`] answers.
    pub fn can_win(&self, remaining: u32) -> bool {
        match self.can_win.get(remaining as usize) {
            Some(&wins) => wins,
            None => !self.rule().is_losing(remaining),
        }
    }

    /// The positions (1..=upto) that lose for the player to move.
    pub fn losing_positions(&self) -> impl Iterator<Item = u32> + '_ {
        (1..=self.upto()).filter(|&r| !self.can_win[r as usize])
    }

    /// The counts that leave the opponent on a losing position, ascending (empty if none).
    pub fn winning_counts(&self, remaining: u32) -> Vec<u32> {
        self.picks
            .legal_counts(remaining)
            .into_iter()
            .filter(|&k| remaining - k != 0 && !self.can_win(remaining - k))
            .collect()
    }

    /// The COM's move: the smallest winning count, or else the smallest count that does not press
    /// the last button (the longest game gives the human the most chances to go wrong).
    ///
    /// Returns `None` only when no buttons are left.
    pub fn com_move(&self, remaining: u32) -> Option<u32> {
        let legal = self.picks.legal_counts(remaining);
        self.winning_counts(remaining)
            .first()
            .copied()
            .or_else(|| legal.iter().copied().find(|&k| k < remaining))
            .or_else(|| legal.first().copied())
    }

    /// The rule behind the table, derived from the recurrence itself (independent of `upto`).
    pub fn rule(&self) -> Rule {
        Rule::derive(&self.picks)
    }
}

/// SPEC §1.2, literally.
fn can_win_table(picks: &PickSet, upto: usize) -> Vec<bool> {
    // Index 0 is never consulted: taking everything is excluded below, not looked up.
    let mut can_win = vec![false; upto + 1];
    for r in picks.min() as usize..=upto {
        can_win[r] = picks
            .counts()
            .iter()
            .map(|&k| k as usize)
            .take_while(|&k| k <= r)
            .any(|k| r - k != 0 && !can_win[r - k]);
    }
    can_win
}

/// The shape of the losing positions: a finite start, then a repeating pattern.
///
/// `r` (at least 1) loses for the player to move exactly when either `r <= pre_period` and `r` is
/// in `early_losing`, or `r > pre_period` and `r mod period` is in `residues`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rule {
    pub pre_period: u32,
    pub period: u32,
    /// Residues modulo `period`, ascending.
    pub residues: Vec<u32>,
    /// Losing positions in `1..=pre_period`.
    pub early_losing: Vec<u32>,
}

impl Rule {
    /// Finds the minimal period and pre-period of the losing positions for any pick set.
    ///
    /// For `r > max` the value at `r` depends only on the `max` values before it, so the sequence
    /// is periodic from the first repeated window of `max` values on; the minimal period divides
    /// that repetition's length and is found by checking one full repetition.
    pub fn derive(picks: &PickSet) -> Self {
        let window = picks.max() as usize;
        let mut len = 4 * window + 16;
        let (seq, start, repeat) = loop {
            let seq = can_win_table(picks, len);
            // Checking one full repetition below needs the table to reach `start + 2·repeat`.
            if let Some((start, repeat)) = first_repeated_window(&seq, window)
                && start + 2 * repeat < seq.len()
            {
                break (seq, start, repeat);
            }
            len *= 2;
        };
        // seq[r] == seq[r + repeat] for every r >= start.
        let period = (1..=repeat)
            .filter(|p| repeat % p == 0)
            .find(|&p| (start..start + repeat).all(|r| seq[r] == seq[r + p]))
            .unwrap_or(repeat);
        let pre_period = (1..start).rev().find(|&r| seq[r] != seq[r + period]).unwrap_or(0);
        let mut residues: Vec<u32> = (pre_period + 1..=pre_period + period)
            .filter(|&r| !seq[r])
            .map(|r| (r % period) as u32)
            .collect();
        residues.sort_unstable();
        Self {
            pre_period: pre_period as u32,
            period: period as u32,
            residues,
            early_losing: (1..=pre_period).filter(|&r| !seq[r]).map(|r| r as u32).collect(),
        }
    }

    pub fn is_losing(&self, remaining: u32) -> bool {
        if remaining == 0 {
            false
        } else if remaining <= self.pre_period {
            self.early_losing.contains(&remaining)
        } else {
            self.residues.contains(&(remaining % self.period))
        }
    }

    /// The largest losing position at most `remaining`, if any.
    pub fn losing_at_most(&self, remaining: u32) -> Option<u32> {
        (1..=remaining).rev().find(|&r| self.is_losing(r))
    }
}

impl fmt::Display for Rule {
    /// `r mod 7 ∈ {1, 2}`, with the exceptions before the pattern starts if there are any.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let residues: Vec<String> = self.residues.iter().map(u32::to_string).collect();
        match residues.as_slice() {
            [one] => write!(f, "r mod {} = {}", self.period, one)?,
            _ => write!(f, "r mod {} ∈ {{{}}}", self.period, residues.join(", "))?,
        }
        if self.pre_period > 0 {
            let early: Vec<String> = self.early_losing.iter().map(u32::to_string).collect();
            write!(f, " for r > {}; below that, losing: {{{}}}", self.pre_period, early.join(", "))?;
        }
        Ok(())
    }
}

/// The first pair of equal windows `seq[r-w+1..=r]`, with `r >= w`, as (start of the earlier
/// window, distance between them). Windows are found by a rolling hash and compared exactly.
fn first_repeated_window(seq: &[bool], w: usize) -> Option<(usize, usize)> {
    const BASE: u64 = 0x9E37_79B9_7F4A_7C15;
    let bit = |r: usize| u64::from(seq[r]) + 1;
    let top = (1..w).fold(1u64, |acc, _| acc.wrapping_mul(BASE));
    let mut hash = (1..=w).fold(0u64, |acc, r| acc.wrapping_mul(BASE).wrapping_add(bit(r)));
    let mut seen: HashMap<u64, Vec<usize>> = HashMap::new();
    for r in w..seq.len() {
        if r > w {
            hash = hash.wrapping_sub(bit(r - w).wrapping_mul(top)).wrapping_mul(BASE).wrapping_add(bit(r));
        }
        let window = |end: usize| &seq[end + 1 - w..=end];
        let earlier_ends = seen.entry(hash).or_default();
        if let Some(&earlier) = earlier_ends.iter().find(|&&e| window(e) == window(r)) {
            return Some((earlier + 1 - w, r - earlier));
        }
        earlier_ends.push(r);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pick_set_with_a_pre_period_is_described_exactly() {
        // {2, 3} misère: positions 1..=r check against a brute table.
        for counts in [vec![1, 3, 4], vec![2, 3], vec![1, 4], vec![3, 5, 8]] {
            let picks = PickSet::from_counts(counts).unwrap();
            let solver = Solver::new(picks.clone(), 500);
            let rule = solver.rule();
            for r in 1..=500 {
                assert_eq!(rule.is_losing(r), !solver.can_win(r), "{picks} at {r}");
            }
        }
    }
}
