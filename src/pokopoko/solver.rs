//! The COM's brain: the `can_win` table of SPEC §1.2 and the rule it implies.
//!
//! The table is SPEC §1.2's recurrence, evaluated with a sliding count of losing positions per run
//! of the pick set, so each position costs O(runs) instead of O(max): linear time for a range.
//! The rule (period and pre-period) is found by cycle detection on the last `max` values, in time
//! proportional to pre-period + period + max.

use std::fmt;
use std::sync::OnceLock;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use thiserror::Error;

use super::rules::{PickSet, TurnOrder};

/// The most positions [`Rule::derive_within`] looks at when a caller does not say (the command
/// line's `solve`): a range's rule needs at most about 5·max of them, well below this.
pub const RULE_SEARCH_LIMIT: usize = 2_000_000;

/// The dynamic-programming table for one pick set, up to a number of buttons.
#[derive(Debug, Clone)]
pub struct Solver {
    picks: PickSet,
    /// `can_win[r]`: the player to move with `r` buttons left wins against perfect play.
    can_win: Vec<bool>,
    /// Derived once, on first use (positions beyond the table are answered by it).
    rule: OnceLock<Rule>,
}

impl Solver {
    /// Solves every position with at most `upto` buttons left, in O(upto · runs of the pick set).
    pub fn new(picks: PickSet, upto: u32) -> Self {
        let mut table = Table::new(&picks);
        table.extend_to(upto as usize + 1);
        Self { picks, can_win: table.can_win, rule: OnceLock::new() }
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
    /// Beyond [`Solver::upto`] the derived [`Rule`] answers.
    pub fn can_win(&self, remaining: u32) -> bool {
        match self.can_win.get(remaining as usize) {
            Some(&wins) => wins,
            None => !self.derived_rule().is_losing(remaining),
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

    /// The COM's move without a seed: the smallest winning count, or else the smallest count that
    /// does not press the last button (the longest game gives the human the most chances to go
    /// wrong). A match varies the second case with [`Solver::com_move_seeded`].
    ///
    /// Returns `None` only when no buttons are left.
    pub fn com_move(&self, remaining: u32) -> Option<u32> {
        self.winning_counts(remaining)
            .first()
            .copied()
            .or_else(|| self.holding_counts(remaining).first().copied())
    }

    /// The COM's move in a match seeded with `seed`, on the match's turn number `turn` (0-based).
    ///
    /// From a winning number: the smallest winning count, exactly as [`Solver::com_move`] (SPEC
    /// §1.2: any count that leaves a losing number). From a losing number: one of the legal counts
    /// that do not press the last button, picked by a deterministic function of `(seed, turn,
    /// remaining)`, so that a losing COM shows the player no pattern to copy, while the same seed
    /// replays the same match. Where every legal count presses the last button (`1..=min` left,
    /// [`PickSet::must_press_all`]) that one count.
    ///
    /// Returns `None` only when no buttons are left.
    pub fn com_move_seeded(&self, remaining: u32, seed: u64, turn: usize) -> Option<u32> {
        if let Some(&win) = self.winning_counts(remaining).first() {
            return Some(win);
        }
        let holding = self.holding_counts(remaining);
        match holding.len() {
            0 | 1 => holding.first().copied(),
            n => Some(holding[varied_index(seed, turn, remaining, n)]),
        }
    }

    /// The legal counts that do not press the last button, ascending; where there is none, the one
    /// legal count (everything that is left). Empty only when no buttons are left.
    fn holding_counts(&self, remaining: u32) -> Vec<u32> {
        let legal = self.picks.legal_counts(remaining);
        let holding: Vec<u32> = legal.iter().copied().filter(|&k| k < remaining).collect();
        if holding.is_empty() { legal } else { holding }
    }

    /// The answer sum of the pairing strategy, if this pick set has one (see [`Rule::answer_sum`]).
    ///
    /// `min + max` for every range (2–4: 6, 2–5: 7); for other pick sets only where the set is
    /// symmetric, e.g. {1, 4} (5) or {1, 3, 5} (6), never {1, 3, 4}.
    pub fn answer_sum(&self) -> Option<u32> {
        self.derived_rule().answer_sum(&self.picks)
    }

    /// The turn order that wins a stage of `buttons` buttons: move first exactly when the
    /// starting position wins for the player to move.
    pub fn right_choice(&self, buttons: u32) -> TurnOrder {
        if self.can_win(buttons) { TurnOrder::First } else { TurnOrder::Second }
    }

    /// The rule behind the table, derived from the recurrence itself (independent of `upto`).
    pub fn rule(&self) -> Rule {
        self.derived_rule().clone()
    }

    /// The rule, derived on first use and kept.
    fn derived_rule(&self) -> &Rule {
        self.rule.get_or_init(|| Rule::derive(&self.picks))
    }
}

/// An index below `n` (at least 2), a deterministic function of the match's seed, the turn and the
/// buttons left: the same on every machine (ChaCha8 from a fixed byte layout).
fn varied_index(seed: u64, turn: usize, remaining: u32, n: usize) -> usize {
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&seed.to_le_bytes());
    bytes[8..16].copy_from_slice(&(turn as u64).to_le_bytes());
    bytes[16..20].copy_from_slice(&remaining.to_le_bytes());
    bytes[24..].copy_from_slice(b"COMpress");
    ChaCha8Rng::from_seed(bytes).random_range(0..n)
}

/// SPEC §1.2's recurrence, one position at a time:
///
/// ```text
/// can_win[r] = exists k in picks with k <= r, r - k != 0 and !can_win[r - k]
/// ```
///
/// Positions `r < min` have no such k, so they lose (the player must press the rest), and
/// `r - k = 0` (pressing the last button) never wins. For each run `a..=b` of the pick set the
/// table keeps how many losing positions lie in `r-b ..= r-a`: r wins when any run sees one.
struct Table {
    runs: Vec<(usize, usize)>,
    /// Per run: the losing positions (at least 1) in the window of the next position.
    losing_in_window: Vec<usize>,
    can_win: Vec<bool>,
}

impl Table {
    fn new(picks: &PickSet) -> Self {
        let runs: Vec<(usize, usize)> = picks.runs().iter().map(|&(a, b)| (a as usize, b as usize)).collect();
        // Index 0 (no buttons left) is never a losing position to leave: taking everything loses.
        Self { losing_in_window: vec![0; runs.len()], runs, can_win: vec![false] }
    }

    fn len(&self) -> usize {
        self.can_win.len()
    }

    /// Whether leaving `position` buttons wins for the player who leaves them.
    fn is_losing(&self, position: usize) -> bool {
        position >= 1 && !self.can_win[position]
    }

    /// Appends the next position.
    fn push(&mut self) -> bool {
        let r = self.can_win.len();
        let mut wins = false;
        for (run, &(a, b)) in self.runs.iter().enumerate() {
            // The window moves from `r-1-b ..= r-1-a` to `r-b ..= r-a`.
            if r >= a && self.is_losing(r - a) {
                self.losing_in_window[run] += 1;
            }
            if r > b && self.is_losing(r - 1 - b) {
                self.losing_in_window[run] -= 1;
            }
            wins |= self.losing_in_window[run] > 0;
        }
        self.can_win.push(wins);
        wins
    }

    fn extend_to(&mut self, len: usize) {
        self.can_win.reserve(len.saturating_sub(self.len()));
        while self.len() < len {
            self.push();
        }
    }
}

/// Why no rule was derived.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RuleError {
    #[error("no repeating pattern within the first {limit} positions (the search stops there)")]
    SearchLimit { limit: usize },
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
    /// Losing positions in `1..=pre_period`, ascending.
    pub early_losing: Vec<u32>,
}

impl Rule {
    /// Finds the minimal period and pre-period of the losing positions for any pick set.
    ///
    /// Always terminates (the losing positions are eventually periodic); for a range it looks at
    /// about 3·max positions. For pick sets from untrusted input, use [`Rule::derive_within`].
    pub fn derive(picks: &PickSet) -> Self {
        match Self::derive_within(picks, usize::MAX) {
            Ok(rule) => rule,
            Err(RuleError::SearchLimit { .. }) => unreachable!("an unlimited search always ends"),
        }
    }

    /// [`Rule::derive`], looking at no more than `limit` positions of the table.
    ///
    /// For `r > max` the value at `r` depends only on the `max` values before it: the windows of
    /// `max` values form a path in a finite functional graph. Brent's cycle detection on that path
    /// (windows compared by a rolling hash, confirmed exactly) gives the minimal period λ and the
    /// first window μ on the cycle; the pre-period is the last mismatch at or before μ.
    pub fn derive_within(picks: &PickSet, limit: usize) -> Result<Self, RuleError> {
        let w = picks.max() as usize;
        let mut windows = Windows::new(picks, w, limit);
        // Path node i is the window of positions i+1 ..= i+w; node 0 is the first full window.
        let mut power = 1;
        let mut period = 1;
        let mut tortoise = windows.cursor(0)?;
        let mut hare = windows.cursor(1)?;
        while !windows.same(&tortoise, &hare) {
            if power == period {
                tortoise = hare.clone();
                power *= 2;
                period = 0;
            }
            windows.advance(&mut hare)?;
            period += 1;
        }
        let mut tortoise = windows.cursor(0)?;
        let mut hare = windows.cursor(period)?;
        while !windows.same(&tortoise, &hare) {
            windows.advance(&mut tortoise)?;
            windows.advance(&mut hare)?;
        }
        let table = windows.table;
        let losing = |r: usize| table.is_losing(r);
        // Periodic for every r > tortoise.node (the windows from there on repeat).
        let pre_period = (1..=tortoise.node).rev().find(|&r| losing(r) != losing(r + period)).unwrap_or(0);
        let mut residues: Vec<u32> = (pre_period + 1..=pre_period + period)
            .filter(|&r| losing(r))
            .map(|r| (r % period) as u32)
            .collect();
        residues.sort_unstable();
        Ok(Self {
            pre_period: pre_period as u32,
            period: period as u32,
            residues,
            early_losing: (1..=pre_period).filter(|&r| losing(r)).map(|r| r as u32).collect(),
        })
    }

    /// The answer sum `c` of the pairing strategy "after the opponent presses k, press c − k", if
    /// there is one; `picks` must be the pick set this rule was derived from.
    ///
    /// `c` is the answer sum when
    /// 1. for every count k of the pick set, c − k is one too, and
    /// 2. from every losing number L ≥ c, L − c is again a losing number, and at least 1.
    ///
    /// Then a player who leaves the opponent a losing L ≥ c keeps it so: every count k fits (L ≥ c >
    /// max), the answer c − k fits (L − k ≥ c − k), and together they leave L − c, a losing number,
    /// without pressing the last button. Below c the pairing stops and the losing numbers there end
    /// the game. For a range those are exactly the edge numbers `1..=min`
    /// ([`PickSet::edge_numbers`]): the opponent standing on one must press everything that is left
    /// — fewer than min left forces it, and with exactly min left the only count that fits is all of
    /// them — so the opponent presses the last button and loses. (Other pick sets may have more
    /// losing numbers below c: {1, 4} has 1 and 3; the player finds the move to them in the table.)
    ///
    /// Condition 1 alone forces c = min + max (c − max ≥ min and c − min ≤ max) and a pick set
    /// symmetric about c / 2: every range, {1, 4}, {1, 3, 5}, {2, 3, 5, 6}; not {1, 3, 4} (5 − 3 = 2
    /// is missing) nor {1, 2, 4}. For a symmetric set condition 2 always holds — from L + c with L
    /// losing, pairing every k with c − k returns to L, so L + c loses too; c itself wins (press max,
    /// leave min); and were L − c winning by some k, L − k = (L − c − k) + c would lose, so L would
    /// win — so an answer sum exists exactly for the symmetric sets. Condition 2 is checked here from
    /// the rule anyway: past `c + pre_period` both L and L − c lie in the periodic part, where the
    /// pair repeats with the period, so L in `c ..= c + pre_period + period` covers every case.
    pub fn answer_sum(&self, picks: &PickSet) -> Option<u32> {
        let c = picks.min() + picks.max();
        if !picks.counts().iter().all(|&k| picks.contains(c - k)) {
            return None;
        }
        // Pick sets stop at MAX_PICK, so c fits; a rule this long would have exceeded any search.
        let last = c.checked_add(self.pre_period)?.checked_add(self.period)?;
        (c..=last).filter(|&l| self.is_losing(l)).all(|l| l > c && self.is_losing(l - c)).then_some(c)
    }

    pub fn is_losing(&self, remaining: u32) -> bool {
        if remaining == 0 {
            false
        } else if remaining <= self.pre_period {
            self.early_losing.binary_search(&remaining).is_ok()
        } else {
            self.residues.binary_search(&(remaining % self.period)).is_ok()
        }
    }

    /// The largest losing position at most `remaining`, if any.
    pub fn losing_at_most(&self, remaining: u32) -> Option<u32> {
        if remaining > self.pre_period && !self.residues.is_empty() {
            let residue = remaining % self.period;
            // The largest residue at most `residue`, else the largest one a period back.
            let below = match self.residues.binary_search(&residue) {
                Ok(i) => Some(self.residues[i]),
                Err(0) => None,
                Err(i) => Some(self.residues[i - 1]),
            };
            let candidate = match below {
                Some(r) => Some(remaining - (residue - r)),
                None => {
                    (remaining - residue).checked_sub(self.period - self.residues[self.residues.len() - 1])
                }
            };
            if let Some(candidate) = candidate.filter(|&c| c > self.pre_period) {
                return Some(candidate);
            }
        }
        self.early_losing.iter().rev().copied().find(|&r| r <= remaining)
    }
}

/// The table seen as windows of `w` positions, each with a rolling hash modulo 2^61 − 1.
struct Windows {
    table: Table,
    w: usize,
    limit: usize,
    /// `BASE^w`, to drop the value leaving a window.
    top: u64,
}

/// Path node `node` (the window of positions node+1 ..= node+w) and its hash.
#[derive(Clone)]
struct Cursor {
    node: usize,
    hash: u64,
}

const MODULUS: u64 = (1 << 61) - 1;
const BASE: u64 = 0x1F3D_5B79_A2C4_E681 % MODULUS;

fn mul_mod(a: u64, b: u64) -> u64 {
    let product = u128::from(a) * u128::from(b);
    // At most 2·MODULUS; two subtractions give the canonical value, so equal windows hash equal
    // however their hashes were computed.
    let mut folded = ((product & u128::from(MODULUS)) + (product >> 61)) as u64;
    for _ in 0..2 {
        if folded >= MODULUS {
            folded -= MODULUS;
        }
    }
    folded
}

fn add_mod(a: u64, b: u64) -> u64 {
    let sum = a + b;
    if sum >= MODULUS { sum - MODULUS } else { sum }
}

impl Windows {
    fn new(picks: &PickSet, w: usize, limit: usize) -> Self {
        let top = (0..w).fold(1, |acc, _| mul_mod(acc, BASE));
        Self { table: Table::new(picks), w, limit, top }
    }

    fn symbol(&self, position: usize) -> u64 {
        1 + u64::from(self.table.is_losing(position))
    }

    /// Makes sure position `position` is in the table, within the search limit.
    fn reach(&mut self, position: usize) -> Result<(), RuleError> {
        if position >= self.limit {
            return Err(RuleError::SearchLimit { limit: self.limit });
        }
        self.table.extend_to(position + 1);
        Ok(())
    }

    fn cursor(&mut self, node: usize) -> Result<Cursor, RuleError> {
        self.reach(node + self.w)?;
        let hash = (node + 1..=node + self.w).fold(0, |acc, r| add_mod(mul_mod(acc, BASE), self.symbol(r)));
        Ok(Cursor { node, hash })
    }

    fn advance(&mut self, cursor: &mut Cursor) -> Result<(), RuleError> {
        let entering = cursor.node + 1 + self.w;
        self.reach(entering)?;
        let leaving = mul_mod(self.symbol(cursor.node + 1), self.top);
        let shifted = add_mod(mul_mod(cursor.hash, BASE), self.symbol(entering));
        cursor.hash = add_mod(shifted, MODULUS - leaving);
        cursor.node += 1;
        Ok(())
    }

    fn same(&self, a: &Cursor, b: &Cursor) -> bool {
        a.hash == b.hash && (1..=self.w).all(|i| self.symbol(a.node + i) == self.symbol(b.node + i))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pick_set_with_a_pre_period_is_described_exactly() {
        for counts in [vec![1, 3, 4], vec![2, 3], vec![1, 4], vec![3, 5, 8]] {
            let picks = PickSet::from_counts(counts).unwrap();
            let solver = Solver::new(picks.clone(), 500);
            let rule = solver.rule();
            for r in 1..=500 {
                assert_eq!(rule.is_losing(r), !solver.can_win(r), "{picks} at {r}");
            }
        }
    }

    #[test]
    fn losing_at_most_is_the_last_losing_position_not_above() {
        for counts in [vec![2, 3, 4, 5], vec![1, 3, 4], vec![3, 5, 8], vec![2, 3]] {
            let picks = PickSet::from_counts(counts).unwrap();
            let solver = Solver::new(picks.clone(), 300);
            let rule = solver.rule();
            for r in 0..=300 {
                let expected = (1..=r).rev().find(|&p| !solver.can_win(p));
                assert_eq!(rule.losing_at_most(r), expected, "{picks} at {r}");
            }
        }
    }

    /// Condition 2 of the answer sum is read from the rule: a symmetric pick set paired with a rule
    /// whose losing numbers do not step down by c gets no answer sum. (A solver's own rule always
    /// passes for a symmetric set; the brute-force tests check that.)
    #[test]
    fn the_answer_sum_reads_the_losing_numbers_from_the_rule() {
        let picks = PickSet::from_counts([1, 4]).unwrap();
        assert_eq!(Rule::derive(&picks).answer_sum(&picks), Some(5));
        // {1, 3, 4}'s rule, r mod 7 ∈ {1, 3}: 10 loses but 10 − 5 = 5 does not.
        let other = Rule::derive(&PickSet::from_counts([1, 3, 4]).unwrap());
        assert_eq!(other.answer_sum(&picks), None);
        // A rule on which c itself loses: L = c leaves nothing.
        let c_loses = Rule { pre_period: 0, period: 5, residues: vec![0, 1, 3], early_losing: Vec::new() };
        assert_eq!(c_loses.answer_sum(&picks), None);
    }

    #[test]
    fn the_search_limit_is_a_typed_error() {
        let picks = PickSet::range(1, 1000).unwrap();
        assert_eq!(Rule::derive_within(&picks, 100), Err(RuleError::SearchLimit { limit: 100 }));
        assert_eq!(Rule::derive_within(&picks, 10_000).map(|rule| rule.period), Ok(1001));
    }
}
