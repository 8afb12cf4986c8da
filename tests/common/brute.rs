//! A brute-force game-tree search for any pick set, shared by the engine and command-line tests.
//!
//! SPEC §1.1 read literally, searched move by move over the game tree (memoised only so that large
//! boards finish): it shares no code with the solver's sliding-window table. No Bevy, so any test
//! target can use it:
//!
//! ```ignore
//! #[path = "common/brute.rs"]
//! mod brute;
//! ```

#![allow(dead_code)]

use std::collections::HashMap;

/// Minimax over the game tree: does the player to move with `remaining` buttons win?
pub struct BruteForce {
    counts: Vec<u32>,
    memo: HashMap<u32, bool>,
}

impl BruteForce {
    pub fn new(counts: &[u32]) -> Self {
        Self { counts: counts.to_vec(), memo: HashMap::new() }
    }

    pub fn counts(&self) -> &[u32] {
        &self.counts
    }

    /// SPEC §1.1: press k with k in the set and k <= remaining; below the smallest count, press
    /// everything. Whoever presses the last button loses.
    pub fn moves(&self, remaining: u32) -> Vec<u32> {
        let min = *self.counts.iter().min().unwrap();
        if remaining == 0 {
            Vec::new()
        } else if remaining < min {
            vec![remaining]
        } else {
            self.counts.iter().copied().filter(|&k| k <= remaining).collect()
        }
    }

    pub fn wins(&mut self, remaining: u32) -> bool {
        if let Some(&known) = self.memo.get(&remaining) {
            return known;
        }
        // Searched from the bottom up the first time, so the recursion stays shallow.
        if remaining > 64 && !self.memo.contains_key(&(remaining - 64)) {
            for below in 1..remaining {
                self.wins(below);
            }
        }
        // A move wins if it does not press the last button and the opponent then loses.
        let wins = self.moves(remaining).into_iter().any(|k| k < remaining && !self.wins(remaining - k));
        self.memo.insert(remaining, wins);
        wins
    }

    /// Whether `remaining` (at least 1) loses for the player to move.
    pub fn loses(&mut self, remaining: u32) -> bool {
        remaining >= 1 && !self.wins(remaining)
    }

    pub fn winning_moves(&mut self, remaining: u32) -> Vec<u32> {
        let mut moves: Vec<u32> = self
            .moves(remaining)
            .into_iter()
            .filter(|&k| k < remaining && !self.wins(remaining - k))
            .collect();
        moves.sort_unstable();
        moves
    }

    /// Every c in `1..=2·max` for which "answer the opponent's k with c − k" holds up, straight
    /// from its definition: c − k is an allowed count for every allowed k, and every losing L
    /// from c to `window` has L − c ≥ 1 and losing.
    pub fn answer_sums(&mut self, window: u32) -> Vec<u32> {
        let max = *self.counts.iter().max().unwrap();
        let counts = self.counts.clone();
        (1..=2 * max)
            .filter(|&c| counts.iter().all(|&k| k < c && counts.contains(&(c - k))))
            .filter(|&c| (c..=window).all(|l| !self.loses(l) || (l > c && self.loses(l - c))))
            .collect()
    }
}
