//! Whole matches against the perfect COM, and the lesson after a loss (SPEC §1.1, §1.5).

use pokopoko::pokopoko::{Ladder, Match, MatchError, Mistake, Side, TurnOrder, find_mistake};

/// Plays the human's side with `human(remaining, legal counts) -> count` until the match ends.
fn play_out(game: &mut Match, mut human: impl FnMut(u32, &[u32]) -> u32) {
    while let Some(side) = game.to_move() {
        match side {
            Side::Com => {
                game.play_com().unwrap();
            }
            Side::Human => {
                let count = human(game.remaining(), &game.legal_counts());
                game.press(Side::Human, count).unwrap();
            }
        }
    }
}

/// A perfect human who knows SPEC §1.2's table for the range: leave a losing number.
fn leave_a_losing_number(period: u32, residues: &'static [u32]) -> impl FnMut(u32, &[u32]) -> u32 {
    move |remaining, legal| {
        legal
            .iter()
            .copied()
            .find(|&k| remaining > k && residues.contains(&((remaining - k) % period)))
            .unwrap_or(legal[0])
    }
}

/// SPEC §1.2: picks 1–2 → mod 3 = 1, 1–3 → mod 4 = 1, 2–4 → mod 6 ∈ {1, 2}, 2–5 → mod 7 ∈ {1, 2}.
fn losing_residues(min: u32) -> &'static [u32] {
    if min == 1 { &[1] } else { &[1, 2] }
}

#[test]
fn the_right_choice_and_right_moves_win_every_fixed_stage() {
    let ladder = Ladder::builtin();
    for stage in ladder.fixed() {
        let period = stage.picks.min() + stage.picks.max();
        let residues = losing_residues(stage.picks.min());
        let mut game = Match::new(stage, stage.right_choice());
        play_out(&mut game, leave_a_losing_number(period, residues));
        assert_eq!(game.winner(), Some(Side::Human), "stage {}", stage.number);
        assert_eq!(find_mistake(&game), None, "stage {}", stage.number);
    }
}

#[test]
fn the_wrong_choice_loses_every_fixed_stage_and_is_named_as_the_mistake() {
    let ladder = Ladder::builtin();
    for stage in ladder.fixed() {
        let period = stage.picks.min() + stage.picks.max();
        let residues = losing_residues(stage.picks.min());
        let wrong = stage.right_choice().other();
        let mut game = Match::new(stage, wrong);
        play_out(&mut game, leave_a_losing_number(period, residues));
        assert_eq!(game.winner(), Some(Side::Com), "stage {}", stage.number);
        assert_eq!(
            find_mistake(&game),
            Some(Mistake::TurnOrder { chosen: wrong, right: stage.right_choice(), buttons: stage.buttons() }),
            "stage {}",
            stage.number
        );
    }
}

#[test]
fn stage_11_going_second_then_a_slip_is_pointed_at_exactly() {
    // Stage 11: 44 buttons, picks 2–5; 44 mod 7 = 2, so the human must go second (SPEC §1.3).
    let stage = Ladder::builtin().stage(11).unwrap();
    let mut game = Match::new(&stage, TurnOrder::Second);
    assert_eq!(game.to_move(), Some(Side::Com));
    let com = game.play_com().unwrap();
    let left = game.remaining();
    assert_eq!(left, 44 - com.count);
    // The right reply leaves 1 or 2 mod 7; press a count that does not.
    let right = (2..=5).find(|&k| [1, 2].contains(&((left - k) % 7))).unwrap();
    let slip = (2..=5).find(|&k| ![1, 2].contains(&((left - k) % 7))).unwrap();
    game.press(Side::Human, slip).unwrap();
    play_out(&mut game, |_, legal| legal[0]);
    assert_eq!(game.winner(), Some(Side::Com));
    let Some(Mistake::Move { turn, remaining_before, pressed, right_counts }) = find_mistake(&game) else {
        panic!("expected a move mistake, got {:?}", find_mistake(&game));
    };
    assert_eq!((turn, remaining_before, pressed), (1, left, slip));
    assert!(right_counts.contains(&right));
    for k in right_counts {
        assert!([1, 2].contains(&((left - k) % 7)), "{k} leaves {}", left - k);
    }
}

#[test]
fn the_com_presses_what_leaves_a_losing_number() {
    // Stage 7: 28 buttons, picks 2–4; losing numbers are ≡ 1, 2 (mod 6), so from 28 the COM
    // leaves 26 (≡ 2) or 25 (≡ 1).
    let stage = Ladder::builtin().stage(7).unwrap();
    let mut game = Match::new(&stage, TurnOrder::Second);
    let turn = game.play_com().unwrap();
    assert!([25, 26].contains(&turn.remaining_after()), "left {}", turn.remaining_after());
}

#[test]
fn illegal_presses_are_errors_not_panics() {
    let stage = Ladder::builtin().stage(8).unwrap();
    let mut game = Match::new(&stage, TurnOrder::First);
    assert_eq!(
        game.press(Side::Human, 1),
        Err(MatchError::Illegal { count: 1, remaining: 32, allowed: vec![2, 3, 4] })
    );
    assert_eq!(game.press(Side::Com, 2), Err(MatchError::NotYourTurn(Side::Com)));
    assert!(matches!(game.press(Side::Human, 5), Err(MatchError::Illegal { .. })));
    game.press(Side::Human, 4).unwrap();
    assert_eq!(game.to_move(), Some(Side::Com));
}

#[test]
fn the_forced_last_press_ends_the_match_and_its_presser_loses() {
    // Stage 7 (picks 2–4): bring the COM to 1 button; it must press it and lose.
    let stage = Ladder::builtin().stage(7).unwrap();
    let mut game = Match::new(&stage, TurnOrder::First);
    play_out(&mut game, leave_a_losing_number(6, &[1, 2]));
    let last = *game.history().last().unwrap();
    assert_eq!(last.side, Side::Com);
    assert_eq!(game.remaining(), 0);
    assert_eq!(game.winner(), Some(Side::Human));
    assert_eq!(game.press(Side::Human, 1), Err(MatchError::Over));
}

#[test]
fn a_rewound_match_replays_from_the_mistake() {
    let stage = Ladder::builtin().stage(8).unwrap();
    let mut game = Match::new(&stage, TurnOrder::Second);
    play_out(&mut game, |_, legal| legal[legal.len() - 1]);
    let rewound = game.rewound(1);
    assert_eq!(rewound.history(), &game.history()[..1]);
    assert_eq!(rewound.remaining(), 32 - game.history()[0].count);
    assert_eq!(rewound.to_move(), Some(Side::Human));
    assert_eq!(rewound.winner(), None);
}
