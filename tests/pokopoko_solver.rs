//! The solver against SPEC §1.2: the four tables, a brute-force minimax, and the two pitfalls.

use std::collections::HashMap;

use pokopoko::pokopoko::{PickSet, Solver};
use proptest::prelude::*;

fn losing_upto(min: u32, max: u32, upto: u32) -> Vec<u32> {
    Solver::new(PickSet::range(min, max).unwrap(), upto).losing_positions().collect()
}

/// One row of SPEC §1.2's table: picks min–max, the listed losing numbers, and the rule.
type TableRow = (u32, u32, &'static [u32], u32, &'static [u32]);

/// SPEC §1.2's table: the listed prefix, and the stated rule for every r up to 1,000.
#[test]
fn reproduces_the_four_tables_of_the_original_game() {
    let table: [TableRow; 4] = [
        (1, 2, &[1, 4, 7, 10, 13], 3, &[1]),
        (1, 3, &[1, 5, 9, 13, 17], 4, &[1]),
        (2, 4, &[1, 2, 7, 8, 13, 14], 6, &[1, 2]),
        (2, 5, &[1, 2, 8, 9, 15, 16], 7, &[1, 2]),
    ];
    for (min, max, prefix, modulus, residues) in table {
        let losing = losing_upto(min, max, 1000);
        assert_eq!(&losing[..prefix.len()], prefix, "picks {min}–{max}");
        let by_rule: Vec<u32> = (1..=1000).filter(|r| residues.contains(&(r % modulus))).collect();
        assert_eq!(losing, by_rule, "picks {min}–{max}");
    }
}

#[test]
fn derives_period_and_residues_of_the_four_tables() {
    for (min, max, period, residues) in
        [(1, 2, 3, vec![1]), (1, 3, 4, vec![1]), (2, 4, 6, vec![1, 2]), (2, 5, 7, vec![1, 2])]
    {
        let rule = Solver::new(PickSet::range(min, max).unwrap(), 10).rule();
        assert_eq!((rule.pre_period, rule.period, rule.residues), (0, period, residues), "picks {min}–{max}");
    }
}

/// Plain minimax over `remaining`, written from the rules of SPEC §1.1 alone.
fn brute_force_wins(min: u32, max: u32, remaining: u32, memo: &mut HashMap<u32, bool>) -> bool {
    if let Some(&known) = memo.get(&remaining) {
        return known;
    }
    let moves: Vec<u32> =
        if remaining < min { vec![remaining] } else { (min..=max.min(remaining)).collect() };
    let wins = moves.into_iter().any(|k| {
        let left = remaining - k;
        // Pressing the last button loses; otherwise I win if the opponent loses from `left`.
        left != 0 && !brute_force_wins(min, max, left, memo)
    });
    memo.insert(remaining, wins);
    wins
}

#[test]
fn agrees_with_brute_force_minimax_for_every_range_up_to_8() {
    for min in 1..=8 {
        for max in min..=8 {
            let solver = Solver::new(PickSet::range(min, max).unwrap(), 200);
            let mut memo = HashMap::new();
            for r in 1..=200 {
                assert_eq!(
                    solver.can_win(r),
                    brute_force_wins(min, max, r, &mut memo),
                    "picks {min}–{max}, r = {r}"
                );
            }
        }
    }
}

/// Pitfall 1: taking everything is taking the last button, which loses. Without the exclusion
/// the player on 2 (picks 2–5) or on 1 (picks 1–3) would "win" by pressing all.
#[test]
fn pressing_every_remaining_button_never_wins() {
    let solver = Solver::new(PickSet::range(2, 5).unwrap(), 10);
    assert!(!solver.can_win(2));
    assert_eq!(solver.winning_counts(2), Vec::<u32>::new());
    let solver = Solver::new(PickSet::range(1, 3).unwrap(), 10);
    assert!(!solver.can_win(1));
    // On 3 with picks 1–3 the win is pressing 2 (leaving 1), not pressing all 3.
    assert_eq!(solver.winning_counts(3), vec![2]);
}

/// Pitfall 2: below `min` the player must press everything left — the game cannot stall.
#[test]
fn below_min_the_player_is_forced_to_press_the_rest_and_loses() {
    let picks = PickSet::range(2, 5).unwrap();
    assert_eq!(picks.legal_counts(1), vec![1]);
    let solver = Solver::new(picks, 10);
    assert!(!solver.can_win(1));
    assert_eq!(solver.com_move(1), Some(1));
    // On 3, pressing 2 leaves the opponent a forced loss on 1.
    assert!(solver.can_win(3));
    assert_eq!(solver.winning_counts(3), vec![2]);
}

#[test]
fn the_com_on_a_losing_position_still_plays_legally() {
    let solver = Solver::new(PickSet::range(2, 5).unwrap(), 50);
    for r in [1, 2, 8, 9, 15, 16, 44] {
        let k = solver.com_move(r).unwrap();
        assert!(solver.picks().is_legal(r, k), "r = {r}, k = {k}");
    }
    // On 2 (picks 2–5) the only move is both buttons.
    assert_eq!(solver.com_move(2), Some(2));
    assert_eq!(solver.com_move(0), None);
}

#[test]
fn the_com_takes_a_winning_move_whenever_one_exists() {
    let solver = Solver::new(PickSet::range(2, 4).unwrap(), 300);
    for r in 1..=300 {
        let k = solver.com_move(r).unwrap();
        if solver.can_win(r) {
            assert!(!solver.can_win(r - k) && r != k, "r = {r}, k = {k}");
        }
    }
}

proptest! {
    /// Misère subtraction with picks min..=max loses exactly on r mod (min+max) ∈ {1..=min}
    /// (the closed form behind SPEC §1.2's table); the derived rule must find it for any range.
    #[test]
    fn the_derived_rule_of_any_range_is_the_known_closed_form(min in 1u32..=12, span in 0u32..=12) {
        let max = min + span;
        let rule = Solver::new(PickSet::range(min, max).unwrap(), 1).rule();
        prop_assert_eq!(rule.pre_period, 0);
        prop_assert_eq!(rule.period, min + max);
        prop_assert_eq!(rule.residues, (1..=min).collect::<Vec<_>>());
    }

    /// For any finite pick set, the rule reproduces the table exactly.
    #[test]
    fn the_derived_rule_of_any_pick_set_matches_the_table(counts in proptest::collection::btree_set(1u32..=9, 1..=4)) {
        let picks = PickSet::from_counts(counts).unwrap();
        let solver = Solver::new(picks, 600);
        let rule = solver.rule();
        for r in 1..=600 {
            prop_assert_eq!(rule.is_losing(r), !solver.can_win(r), "r = {}", r);
        }
    }
}

/// SPEC §1.2's DP, literally, for any pick set: the reference the sliding-window table must match.
fn literal_table(counts: &[u32], upto: u32) -> Vec<bool> {
    let min = counts.iter().copied().min().unwrap();
    let mut can_win = vec![false; upto as usize + 1];
    for r in min..=upto {
        can_win[r as usize] = counts.iter().any(|&k| k <= r && r - k != 0 && !can_win[(r - k) as usize]);
    }
    can_win
}

proptest! {
    /// The table is built from a sliding count of losing positions per run of the pick set; it must
    /// be SPEC §1.2's recurrence exactly, for sets with gaps as for ranges.
    #[test]
    fn the_sliding_window_table_is_the_literal_dp(counts in proptest::collection::btree_set(1u32..=40, 1..=6)) {
        let counts: Vec<u32> = counts.into_iter().collect();
        let solver = Solver::new(PickSet::from_counts(counts.clone()).unwrap(), 400);
        let literal = literal_table(&counts, 400);
        for r in 1..=400 {
            prop_assert_eq!(solver.can_win(r), literal[r as usize], "{:?} at {}", counts, r);
        }
    }
}

/// `rule()` was quadratic in the largest pick (max 30,000 took 2.2 s, `solve --max 100000` 40 s):
/// now the rule of the largest range is derived from about 3·max positions.
#[test]
fn the_rule_of_the_largest_ranges_is_the_closed_form() {
    use pokopoko::pokopoko::Rule;
    use pokopoko::pokopoko::rules::MAX_PICK;
    use pokopoko::pokopoko::solver::RULE_SEARCH_LIMIT;
    for (min, max) in [(1, MAX_PICK), (MAX_PICK, MAX_PICK), (2, 30_000), (MAX_PICK / 2, MAX_PICK)] {
        let rule = Rule::derive_within(&PickSet::range(min, max).unwrap(), RULE_SEARCH_LIMIT).unwrap();
        assert_eq!((rule.pre_period, rule.period), (0, min + max), "picks {min}–{max}");
        assert_eq!(rule.residues, (1..=min).collect::<Vec<_>>(), "picks {min}–{max}");
    }
}

/// Pick sets whose losing positions settle into their period only after a start (e.g. {4, 9, 10}):
/// the rule must find the start and the period exactly, checked against the literal table far
/// beyond the pattern.
#[test]
fn rules_with_a_pre_period_match_the_literal_table() {
    for counts in [vec![4, 9, 10], vec![6, 13, 15], vec![2, 12, 15], vec![5, 11, 15], vec![2, 9, 11]] {
        let rule = Solver::new(PickSet::from_counts(counts.clone()).unwrap(), 0).rule();
        assert!(rule.pre_period > 0 || counts == [2, 9, 11], "{counts:?} has a pre-period");
        let literal = literal_table(&counts, 3000);
        for r in 1..=3000 {
            assert_eq!(rule.is_losing(r), !literal[r as usize], "{counts:?} at {r}");
        }
        // Minimal: no shorter period, no earlier start.
        let holds = |pre: u32, period: u32| {
            (pre + 1..=2000).all(|r| literal[r as usize] == literal[(r + period) as usize])
        };
        assert!(holds(rule.pre_period, rule.period));
        assert!((1..rule.period).all(|p| !holds(rule.pre_period, p)), "{counts:?}");
        assert!(rule.pre_period == 0 || !holds(rule.pre_period - 1, rule.period), "{counts:?}");
    }
}

#[test]
fn positions_beyond_the_table_are_answered_by_the_rule() {
    let solver = Solver::new(PickSet::range(2, 5).unwrap(), 0);
    let table = Solver::new(PickSet::range(2, 5).unwrap(), 1000);
    for r in 1..=1000 {
        assert_eq!(solver.can_win(r), table.can_win(r), "r = {r}");
    }
    // SPEC §1.3: stage 8 (32 buttons, 2–4) and 11 (44, 2–5) are won by going second.
    use pokopoko::pokopoko::TurnOrder;
    assert_eq!(Solver::new(PickSet::range(2, 4).unwrap(), 0).right_choice(32), TurnOrder::Second);
    assert_eq!(solver.right_choice(44), TurnOrder::Second);
    assert_eq!(solver.right_choice(48), TurnOrder::First);
}
