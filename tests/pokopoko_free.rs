//! Free play against a brute force: for many pick sets and sizes, the COM never loses from a
//! winning position, and the practice hint says exactly what a game-tree search says.
//!
//! The brute force (`tests/common/brute.rs`) is SPEC §1.1 read literally, searched move by move over
//! the game tree: it shares no code with the solver's sliding-window table.

#[path = "common/brute.rs"]
mod brute;

use brute::BruteForce;
use pokopoko::pokopoko::free::{MAX_BUTTONS, MAX_FREE_PICK};
use pokopoko::pokopoko::{FreeSetup, Hint, Match, RuleKind, Side, TurnOrder};

/// Every non-empty subset of 1..=6, every range within 1..=8, and a few sets with a pre-period
/// (found by this brute force: their losing numbers only settle into a period later).
fn pick_sets() -> Vec<Vec<u32>> {
    let mut sets: Vec<Vec<u32>> =
        (1u32..64).map(|mask| (1..=6).filter(|k| mask & (1 << (k - 1)) != 0).collect()).collect();
    for min in 1..=8 {
        for max in min..=8 {
            sets.push((min..=max).collect());
        }
    }
    sets.extend([
        vec![2, 4, 7],
        vec![1, 6, 9],
        vec![1, 4, 10],
        vec![3, 6, 11],
        vec![4, 9, 11],
        vec![2, 11, 12],
    ]);
    sets.push(vec![1, 2, 3, 5, 8, 13, 20]);
    sets
}

fn setup(counts: &[u32], buttons: u32, order: TurnOrder) -> FreeSetup {
    FreeSetup { buttons, kind: RuleKind::Set, counts: counts.to_vec(), order, ..FreeSetup::default() }
}

/// A simple seeded generator for the human's random moves (xorshift64*).
struct Dice(u64);

impl Dice {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n
    }
}

/// The practice hint, at every number a free game of each set can reach, equals the brute force:
/// "losing" exactly when the search loses, and the winning counts exactly the search's.
#[test]
fn the_practice_hint_is_what_the_game_tree_says() {
    let mut checked = 0;
    for counts in pick_sets() {
        let setup = setup(&counts, MAX_BUTTONS, TurnOrder::First);
        let solver = setup.solver().unwrap();
        let mut brute = BruteForce::new(&counts);
        for remaining in 1..=MAX_BUTTONS {
            let hint = Hint::new(&solver, remaining);
            assert_eq!(hint.losing, !brute.wins(remaining), "{counts:?} at {remaining}");
            assert_eq!(hint.winning_counts, brute.winning_moves(remaining), "{counts:?} at {remaining}");
            assert_eq!(hint.losing, hint.winning_counts.is_empty(), "{counts:?} at {remaining}");
            checked += 1;
        }
    }
    // 63 subsets + 36 ranges + 7 more sets, 200 numbers each.
    assert_eq!(checked, (63 + 36 + 7) * 200);
}

/// The turn order the setup's stage calls right is the brute force's, for every size 1–200 the
/// setup screen allows (and the strategy page's rule agrees at each).
#[test]
fn the_right_turn_order_and_the_rule_agree_with_the_game_tree() {
    for counts in pick_sets() {
        let mut brute = BruteForce::new(&counts);
        let min = counts[0];
        let stage = setup(&counts, MAX_BUTTONS, TurnOrder::First).stage().unwrap();
        let rule = stage.solver().rule();
        for buttons in min..=MAX_BUTTONS {
            let right = if brute.wins(buttons) { TurnOrder::First } else { TurnOrder::Second };
            let stage = setup(&counts, buttons, TurnOrder::First).stage().unwrap();
            assert_eq!(stage.buttons(), buttons);
            assert_eq!(stage.right_choice(), right, "{counts:?} with {buttons} buttons");
            assert_eq!(rule.is_losing(buttons), !brute.wins(buttons), "{counts:?} rule at {buttons}");
        }
    }
}

/// Whole free games: against a perfect human (who follows the brute force) and against random
/// humans, the COM wins every game in which it ever stood on a winning position, and when it
/// does it always leaves the human a position the brute force calls losing.
#[test]
fn the_com_never_loses_from_a_winning_position() {
    let mut dice = Dice(0x5EED_F4EE_F1A7);
    let mut games = 0;
    for counts in pick_sets() {
        let mut brute = BruteForce::new(&counts);
        for buttons in (counts[0]..=60).chain([99, 150, MAX_BUTTONS]) {
            for order in [TurnOrder::First, TurnOrder::Second] {
                for human in 0..3 {
                    let stage = setup(&counts, buttons, order).stage().unwrap();
                    let mut game = Match::new(&stage, order);
                    let mut com_stood_on_a_win = false;
                    while let Some(side) = game.to_move() {
                        let remaining = game.remaining();
                        match side {
                            Side::Com => {
                                let count = game.com_choice().unwrap();
                                if brute.wins(remaining) {
                                    com_stood_on_a_win = true;
                                    assert!(
                                        count < remaining && !brute.wins(remaining - count),
                                        "{counts:?}: the COM pressed {count} of {remaining}"
                                    );
                                }
                                game.press(Side::Com, count).unwrap();
                            }
                            Side::Human => {
                                let legal = game.legal_counts();
                                let perfect = brute.winning_moves(remaining);
                                let count = match (human, perfect.first()) {
                                    (0, Some(&k)) => k,
                                    _ => legal[dice.below(legal.len())],
                                };
                                game.press(Side::Human, count).unwrap();
                            }
                        }
                    }
                    let com_started_winning = match order {
                        TurnOrder::First => !brute.wins(buttons),
                        TurnOrder::Second => brute.wins(buttons),
                    };
                    // Against a perfect human, whoever the start favours wins.
                    if human == 0 {
                        let winner = if com_started_winning { Side::Com } else { Side::Human };
                        assert_eq!(game.winner(), Some(winner), "{counts:?}, {buttons}, {order}");
                    }
                    if com_stood_on_a_win {
                        assert_eq!(game.winner(), Some(Side::Com), "{counts:?}, {buttons}, {order}");
                    }
                    games += 1;
                }
            }
        }
    }
    assert!(games > 30_000, "{games} games");
}

/// The limits of the setup screen: counts 1–20, buttons 1–200.
#[test]
fn the_largest_setup_plays() {
    let counts: Vec<u32> = (1..=MAX_FREE_PICK).collect();
    let stage = setup(&counts, MAX_BUTTONS, TurnOrder::First).stage().unwrap();
    // Picks 1–20: r loses exactly when r mod 21 = 1 (SPEC §1.2's pattern for 1–n: mod n+1 = 1).
    assert_eq!(
        stage.solver().losing_positions().collect::<Vec<_>>(),
        (0..10).map(|i| 21 * i + 1).collect::<Vec<_>>()
    );
}

/// The last setup is remembered; a save without it (every save before free play) still loads,
/// and a setup the game could not have started is refused like any save it could not have written.
#[test]
fn the_last_setup_is_saved_and_older_saves_still_load() {
    use pokopoko::save::{Save, parse};

    let mut save = Save::default();
    let setup = FreeSetup {
        buttons: 44,
        kind: RuleKind::Range,
        min: 2,
        max: 5,
        counts: vec![1, 3],
        order: TurnOrder::Second,
        practice: true,
    };
    save.settings.free_play = Some(setup.clone());
    let text = ron::ser::to_string_pretty(&save, ron::ser::PrettyConfig::default()).unwrap();
    assert_eq!(parse(text.as_bytes()).unwrap().settings.free_play, Some(setup));

    let older = parse(b"(version: 1, settings: (language: English), progress: (cleared: [1]))").unwrap();
    assert_eq!(older.settings.free_play, None);

    let written = |setup: &str| format!("(version: 1, settings: (free_play: Some({setup})))");
    let good = "(buttons: 30, kind: Set, min: 1, max: 3, counts: [1, 3, 4], order: First, practice: false)";
    assert!(parse(written(good).as_bytes()).is_ok());
    for (bad, why) in [
        (good.replace("buttons: 30", "buttons: 201"), "buttons"),
        (good.replace("[1, 3, 4]", "[]"), "at least one count"),
        (good.replace("[1, 3, 4]", "[1, 3, 40]"), "counts must be from 1 to 20"),
        (
            good.replace("kind: Set", "kind: Range").replace("min: 1, max: 3", "min: 4, max: 3"),
            "min must not exceed max",
        ),
        (good.replace("practice: false", "practice: maybe"), ""),
    ] {
        let err = parse(written(&bad).as_bytes()).unwrap_err().to_string();
        assert!(err.contains(why), "{bad}: {err}");
    }
}
