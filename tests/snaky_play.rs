//! Playing Snaky: Maker's literal policy against every computer Breaker (SPEC §2.4).

use std::collections::HashSet;

use pokopoko::snaky::record::unturned;
use pokopoko::snaky::{
    Breaker, BreakerKind, Cell, ComputerBreaker, Game, Maker, MoveError, Player, RecordErrorKind, Symmetry,
    parse_moves, play_out, replay, review_game, shipped_cards,
};

const GAMES_PER_BREAKER: u64 = 2_000;

/// Plays one seeded game, checking the claim's invariants at every Maker turn; returns the
/// number of Maker moves.
fn checked_game(maker: Maker, kind: BreakerKind, seed: u64) -> usize {
    let bound = maker.bound() as usize;
    let cards = maker.cards().expect("cards");
    let mut game = Game::new(cards);
    let mut breaker = ComputerBreaker::new(kind, seed);
    let mut guarantee = game.guarantee();
    assert_eq!(guarantee as usize, bound);
    loop {
        match game.to_move() {
            None => break,
            Some(Player::Maker) => {
                let claim = game.claim();
                let maker: HashSet<Cell> = game.maker_cells().iter().copied().collect();
                let breaker_cells: HashSet<Cell> = game.breaker_cells().iter().copied().collect();
                assert!(claim.required.iter().all(|c| maker.contains(c)), "A ⊆ M ({kind:?}, seed {seed})");
                assert!(
                    claim.envelope.iter().all(|c| !breaker_cells.contains(c)),
                    "B ∩ T = ∅ ({kind:?}, seed {seed})"
                );
                let moves_so_far = game.maker_cells().len() + 1;
                assert!(moves_so_far + claim.height as usize - 1 <= bound, "bound ({kind:?}, seed {seed})");
                game.maker_move().expect("Maker's turn");
            }
            Some(Player::Breaker) => {
                let cell = breaker.choose(&game).expect("Breaker's turn");
                game.breaker_move(cell).expect("a free cell");
            }
        }
        assert!(game.guarantee() <= guarantee, "the guarantee never increases ({kind:?}, seed {seed})");
        guarantee = game.guarantee();
    }
    assert!(game.won(), "Maker wins ({kind:?}, seed {seed})");
    let copy = game.winning_copy().expect("a winning copy");
    assert!(copy.iter().all(|c| game.maker_cells().contains(c)));
    let moves = game.maker_cells().len();
    assert!(moves <= bound, "Maker wins within {bound} ({kind:?}, seed {seed}): {moves}");
    assert_eq!(game.guarantee() as usize, moves);
    moves
}

fn battery(maker: Maker, kind: BreakerKind) -> Vec<usize> {
    (0..GAMES_PER_BREAKER).map(|seed| checked_game(maker, kind, seed)).collect()
}

#[test]
fn maker_beats_the_random_near_breaker_within_21() {
    battery(Maker::Paper, BreakerKind::RandomNear);
}

#[test]
fn maker_beats_the_envelope_random_breaker_within_21() {
    battery(Maker::Paper, BreakerKind::EnvelopeRandom);
}

#[test]
fn maker_beats_the_greedy_breaker_within_21() {
    battery(Maker::Paper, BreakerKind::Greedy);
}

#[test]
fn the_perfect_breaker_always_takes_exactly_21() {
    assert!(battery(Maker::Paper, BreakerKind::Perfect).iter().all(|&moves| moves == 21));
}

#[test]
fn our_maker_beats_the_random_near_breaker_within_20() {
    battery(Maker::Ours, BreakerKind::RandomNear);
}

#[test]
fn our_maker_beats_the_envelope_random_breaker_within_20() {
    battery(Maker::Ours, BreakerKind::EnvelopeRandom);
}

#[test]
fn our_maker_beats_the_greedy_breaker_within_20() {
    battery(Maker::Ours, BreakerKind::Greedy);
}

#[test]
fn maker_beats_the_mixed_breaker_within_21() {
    battery(Maker::Paper, BreakerKind::Mixed);
}

#[test]
fn our_maker_beats_the_mixed_breaker_within_20() {
    battery(Maker::Ours, BreakerKind::Mixed);
}

#[test]
fn the_perfect_breaker_takes_exactly_20_against_our_maker() {
    assert!(battery(Maker::Ours, BreakerKind::Perfect).iter().all(|&moves| moves == 20));
}

#[test]
fn our_maker_in_19_beats_the_random_near_breaker_within_19() {
    battery(Maker::Ours19, BreakerKind::RandomNear);
}

#[test]
fn our_maker_in_19_beats_the_envelope_random_breaker_within_19() {
    battery(Maker::Ours19, BreakerKind::EnvelopeRandom);
}

#[test]
fn our_maker_in_19_beats_the_greedy_breaker_within_19() {
    battery(Maker::Ours19, BreakerKind::Greedy);
}

#[test]
fn our_maker_in_19_beats_the_mixed_breaker_within_19() {
    battery(Maker::Ours19, BreakerKind::Mixed);
}

#[test]
fn the_perfect_breaker_takes_exactly_19_against_our_maker_in_19() {
    assert!(battery(Maker::Ours19, BreakerKind::Perfect).iter().all(|&moves| moves == 19));
}

#[test]
fn the_worked_line_of_the_paper() {
    // M (8,8), B (7,8), M (8,7), B (8,6), M (11,8).
    let mut game = Game::new(shipped_cards().expect("cards"));
    assert_eq!(game.maker_move(), Ok(Cell::new(8, 8)));
    assert_eq!(game.reply(Cell::new(7, 8)), Ok(Cell::new(8, 7)));
    assert_eq!(game.reply(Cell::new(8, 6)), Ok(Cell::new(11, 8)));
    let moves: Vec<(Player, i32, i32)> =
        game.moves().iter().map(|m| (m.player, m.cell.x, m.cell.y)).collect();
    assert_eq!(
        moves,
        [
            (Player::Maker, 8, 8),
            (Player::Breaker, 7, 8),
            (Player::Maker, 8, 7),
            (Player::Breaker, 8, 6),
            (Player::Maker, 11, 8)
        ]
    );
}

#[test]
fn resuming_a_reviewed_position_replays_it_and_maker_answers_a_breaker_move_at_once() {
    // The paper's worked line: M (8,8), B (7,8), M (8,7), B (8,6), M (11,8).
    let mut game = Game::new(shipped_cards().expect("cards"));
    game.maker_move().expect("Maker opens");
    game.reply(Cell::new(7, 8)).expect("free");
    game.reply(Cell::new(8, 6)).expect("free");
    let cells = |game: &Game| game.moves().iter().map(|m| (m.cell.x, m.cell.y)).collect::<Vec<_>>();
    // After Breaker's (8,6) (4 moves), Maker answers (11,8) as in the game itself.
    assert_eq!(cells(&game.resumed_at(4)), [(8, 8), (7, 8), (8, 7), (8, 6), (11, 8)]);
    // After Maker's (8,7) (3 moves), Breaker is to move.
    assert_eq!(cells(&game.resumed_at(3)), [(8, 8), (7, 8), (8, 7)]);
    assert_eq!(game.resumed_at(3).to_move(), Some(Player::Breaker));
    // Undo is resuming before Breaker's last move.
    let mut undone = game.clone();
    assert!(undone.undo());
    assert_eq!(cells(&undone), [(8, 8), (7, 8), (8, 7)]);
}

#[test]
fn the_far_away_cell_is_free_and_a_thousand_cells_from_every_stone_of_the_frame() {
    let mut game = Game::new(shipped_cards().expect("cards"));
    game.maker_move().expect("Maker opens");
    for _ in 0..5 {
        let far = game.far_away_cell();
        assert!(game.is_free(far));
        assert!(far.x >= 1000 && far.y == -1000, "{far:?}");
        // Breaker plays there; the next far cell is another one.
        game.reply(far).expect("a free cell");
        assert_ne!(game.far_away_cell(), far);
    }
}

#[test]
fn the_first_claim_is_card_727_at_its_pivot() {
    let game = Game::started(shipped_cards().expect("cards"));
    let claim = game.claim();
    assert_eq!((claim.card, claim.pivot, claim.height), (727, Cell::new(8, 8), 21));
    assert_eq!((claim.envelope_size, claim.required_size), (251, 0));
    assert_eq!(claim.envelope.len(), 251);
    assert_eq!(claim.guarantee, 21);
}

#[test]
fn illegal_moves_are_typed_errors() {
    let cards = shipped_cards().expect("cards");
    let mut game = Game::new(cards.clone());
    assert_eq!(game.breaker_move(Cell::new(0, 0)), Err(MoveError::MakerToMove));
    game.maker_move().expect("first move");
    assert_eq!(game.maker_move(), Err(MoveError::BreakerToMove));
    assert_eq!(game.breaker_move(Cell::new(8, 8)), Err(MoveError::Occupied(Cell::new(8, 8))));
    let mut finished = Game::started(cards);
    let mut perfect = ComputerBreaker::new(BreakerKind::Perfect, 7);
    pokopoko::snaky::play_out(&mut finished, &mut perfect);
    assert!(finished.won());
    assert_eq!(finished.breaker_move(Cell::new(100, 100)), Err(MoveError::GameOver));
    assert_eq!(finished.maker_move(), Err(MoveError::GameOver));
    assert_eq!(perfect.choose(&finished), None);
}

#[test]
fn breaker_may_play_anywhere_even_at_the_edge_of_the_integers() {
    let cards = shipped_cards().expect("cards");
    let far =
        [Cell::new(i32::MIN, i32::MIN), Cell::new(i32::MAX, 0), Cell::new(-5, -7), Cell::new(0, i32::MAX)];
    let game = replay(cards.clone(), &far).expect("far moves are legal");
    // A reply outside the envelope keeps child 0, so the claim still shrinks every move.
    assert_eq!(game.maker_cells().len(), 5);
    assert!(game.guarantee() <= 21);
    let mut random = ComputerBreaker::new(BreakerKind::RandomNear, 3);
    let mut game = game;
    let moves = pokopoko::snaky::play_out(&mut game, &mut random);
    assert!(game.won() && moves <= 21);
}

#[test]
fn replies_outside_the_envelope_keep_child_0() {
    let cards = shipped_cards().expect("cards");
    let mut game = Game::started(cards.clone());
    let start = game.active_claim();
    game.breaker_move(Cell::new(-2, 13)).expect("free");
    let first_child = &cards.children(start.node)[0];
    assert_eq!(game.active_claim().node, first_child.node);
    assert_eq!(game.active_claim().placement, start.placement.compose(first_child.placement));
}

#[test]
fn a_replacement_move_takes_the_first_free_cell_by_ring_then_x_then_y() {
    let cards = shipped_cards().expect("cards");
    let claim = pokopoko::snaky::Claim::start(&cards);
    assert_eq!(claim.maker_cell(&cards, |_| true), Cell::new(8, 8));
    // Maker already owns the pivot (8,8): the origin comes first.
    let taken = [Cell::new(8, 8)];
    assert_eq!(claim.maker_cell(&cards, |c| !taken.contains(&c)), Cell::new(0, 0));
    // Ring 1 in (x, then y) order: (-1,-1), (-1,0), (-1,1), (0,-1), (0,1), (1,-1), …
    let taken = [Cell::new(8, 8), Cell::new(0, 0), Cell::new(-1, -1), Cell::new(-1, 0)];
    assert_eq!(claim.maker_cell(&cards, |c| !taken.contains(&c)), Cell::new(-1, 1));
    let ring1 = [(0, 0), (-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)];
    let mut taken: Vec<Cell> = ring1.iter().map(|&c| Cell::from(c)).collect();
    taken.push(Cell::new(8, 8));
    assert_eq!(claim.maker_cell(&cards, |c| !taken.contains(&c)), Cell::new(-2, -2));
}

#[test]
fn game_records_parse_with_negative_coordinates_and_name_bad_positions() {
    assert_eq!(parse_moves("-2,13 5,5"), Ok(vec![Cell::new(-2, 13), Cell::new(5, 5)]));
    assert_eq!(parse_moves("  "), Ok(vec![]));
    let error = parse_moves("7,8 8,6 8;6").expect_err("malformed");
    assert_eq!((error.position, error.token.as_str(), error.kind), (3, "8;6", RecordErrorKind::Malformed));
    let error = parse_moves("1,2,3").expect_err("malformed");
    assert_eq!(error.position, 1);
    let cards = shipped_cards().expect("cards");
    let error = replay(cards, &[Cell::new(7, 8), Cell::new(8, 7)]).expect_err("occupied");
    assert_eq!(error.position, 2);
    assert_eq!(error.kind, RecordErrorKind::Illegal(MoveError::Occupied(Cell::new(8, 7))));
}

#[test]
fn undo_and_prefix_rebuild_the_position_and_the_tempo_follows() {
    let cards = shipped_cards().expect("cards");
    let mut game =
        replay(cards.clone(), &[Cell::new(7, 8), Cell::new(8, 6), Cell::new(10, 8)]).expect("legal");
    let tempo = game.tempo();
    // One point per move (M B M B M B M), never increasing, starting from the paper's 21.
    assert_eq!(tempo.len(), game.moves().len());
    // SPEC §2.4: after Maker's opening the bound is moves so far + height − 1 = 1 + 21 − 1.
    assert_eq!(tempo[0], 21);
    assert!(tempo.windows(2).all(|w| w[1] <= w[0]));
    assert_eq!(*tempo.last().unwrap_or(&0), game.guarantee());
    let worked = game.prefix(5);
    assert_eq!(worked.maker_cells(), [Cell::new(8, 8), Cell::new(8, 7), Cell::new(11, 8)]);
    assert!(game.undo());
    assert_eq!(game.moves(), worked.moves());
    assert_eq!(game.tempo(), tempo[..5]);
    assert!(game.undo() && game.undo());
    assert_eq!(game.maker_cells(), [Cell::new(8, 8)]);
    assert!(!game.undo(), "nothing left to take back");
}

#[test]
fn the_hint_names_exactly_the_replies_that_delay_maker_most() {
    for maker in Maker::ALL {
        let cards = maker.cards().expect("cards");
        let game = replay(cards.clone(), &[Cell::new(7, 8)]).expect("legal");
        let hint = game.hint();
        assert!(!hint.is_empty());
        let delay = |reply: Option<Cell>| {
            let reply = reply.unwrap_or(Cell::new(-500, -500));
            cards.delay(game.active_claim().after_reply(&cards, reply).expect("a child").node)
        };
        let best = delay(hint[0]);
        assert!(hint.iter().all(|&r| delay(r) == best));
        // A perfect game goes on for exactly the bound: 2 Maker moves made, `best` still to come.
        assert_eq!(2 + best, maker.bound());
        let heat = game.heat();
        assert!(heat.iter().all(|&(cell, _)| cell.is_none_or(|c| game.is_free(c))));
        assert!(heat.iter().filter_map(|&(c, _)| c).all(|c| {
            let next = game.active_claim().after_reply(&cards, c).expect("a child");
            heat.iter().any(|&(d, h)| d == Some(c) && h == next.height(&cards))
        }));
    }
}

#[test]
fn a_reply_outside_the_envelope_keeps_child_zero_wherever_it_is() {
    for maker in Maker::ALL {
        let cards = maker.cards().expect("cards");
        for seed in 0..50 {
            let mut game = Game::new(cards.clone());
            let mut breaker = ComputerBreaker::new(BreakerKind::EnvelopeRandom, seed);
            while let Some(player) = game.to_move() {
                if player == Player::Maker {
                    game.maker_move().expect("Maker's turn");
                    continue;
                }
                let claim = game.active_claim();
                let outside = claim.after_outside_reply(&cards);
                // SPEC §2.4 rule 3: the first child in printed order; a base card has none.
                let first = cards.children(claim.node).first().map(|c| c.node);
                assert_eq!(outside.map(|c| c.node), first, "{maker:?}, seed {seed}");
                for far in [Cell::new(-500, -500), Cell::new(900, 3), Cell::new(8, -40)] {
                    assert_eq!(outside, claim.after_reply(&cards, far), "{maker:?}, seed {seed}, {far}");
                }
                let cell = breaker.choose(&game).expect("Breaker's turn");
                game.breaker_move(cell).expect("a free cell");
            }
            assert!(game.won());
        }
    }
}

/// `cell` under symmetry `s`'s matrix about the opening (8,8), worked out here from the matrix.
fn turned(s: Symmetry, cell: Cell) -> Cell {
    let [a, b, c, d] = s.matrix().map(i32::from);
    let (x, y) = (cell.x - 8, cell.y - 8);
    Cell::new(a * x + b * y + 8, c * x + d * y + 8)
}

#[test]
fn a_turned_game_is_the_unturned_game_turned_about_the_opening_with_the_same_guarantees() {
    for maker in Maker::ALL {
        let cards = maker.cards().expect("cards");
        for kind in BreakerKind::ALL {
            for seed in 0..20 {
                let mut plain = Game::started(cards.clone());
                play_out(&mut plain, &mut ComputerBreaker::new(kind, seed));
                for s in Symmetry::ALL {
                    let mut game = Game::started_turned(cards.clone(), s);
                    assert_eq!(game.turn(), s);
                    for &b in plain.breaker_cells() {
                        game.reply(turned(s, b)).expect("the turned move is free");
                    }
                    let expected: Vec<(Player, Cell)> =
                        plain.moves().iter().map(|m| (m.player, turned(s, m.cell))).collect();
                    let moves: Vec<(Player, Cell)> =
                        game.moves().iter().map(|m| (m.player, m.cell)).collect();
                    assert_eq!(moves, expected, "{maker:?} {kind:?} seed {seed}, symmetry {}", s.digit());
                    assert_eq!(game.tempo(), plain.tempo(), "the guarantee after every move");
                    assert!(game.won());
                    // Each reviewed move costs what it cost unturned; its best replies are turned.
                    let (a, b) = (review_game(&game), review_game(&plain));
                    assert_eq!(a.moves.len(), b.moves.len());
                    for (m, n) in a.moves.iter().zip(&b.moves) {
                        assert_eq!(
                            (m.guarantee_before, m.lost, m.kept),
                            (n.guarantee_before, n.lost, n.kept)
                        );
                        let best: std::collections::BTreeSet<Cell> =
                            n.best.iter().map(|&c| turned(s, c)).collect();
                        assert_eq!(m.best.iter().copied().collect::<std::collections::BTreeSet<_>>(), best);
                        assert_eq!(m.blocked_finish, n.blocked_finish);
                    }
                    // Its record is the unturned game's.
                    assert_eq!(unturned(s, game.breaker_cells()), plain.breaker_cells());
                    // A position reviewed in a turned game stays turned.
                    assert_eq!(game.prefix(3).moves()[2].cell, turned(s, plain.moves()[2].cell));
                }
            }
        }
    }
}

#[test]
fn the_perfect_breaker_takes_exactly_the_bound_in_every_turn() {
    for maker in Maker::ALL {
        for s in Symmetry::ALL {
            let mut game = Game::started_turned(maker.cards().expect("cards"), s);
            play_out(&mut game, &mut ComputerBreaker::new(BreakerKind::Perfect, 1));
            assert_eq!(game.maker_cells().len() as u32, maker.bound(), "{maker:?}, symmetry {}", s.digit());
        }
    }
}

/// The first-claim tip (the Breaker panel before the first claim): against every Maker and every
/// turn of its plan, each cell beside Maker's opening stone (sharing a side) keeps the highest
/// height of the heat map, and a reply far away gives away what `far_reply_cost` says: the
/// highest height less the height outside the envelope, at least 3 Maker moves.
#[test]
fn the_first_claim_beside_the_opening_holds_longest_against_every_maker() {
    for maker in Maker::ALL {
        let cards = maker.cards().expect("shipped");
        for turn in Symmetry::ALL {
            let game = Game::started_turned(std::sync::Arc::clone(&cards), turn);
            let heat = game.heat();
            let best = heat.iter().map(|&(_, h)| h).max().expect("replies");
            let far = heat.iter().find(|(reply, _)| reply.is_none()).expect("outside").1;
            for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                let side = Cell::new(8 + dx, 8 + dy);
                let height = heat.iter().find(|(reply, _)| *reply == Some(side)).map(|&(_, h)| h);
                assert_eq!(height, Some(best), "{maker:?} {turn:?}: {side}");
            }
            assert_eq!(game.far_reply_cost(), Some(best - far), "{maker:?} {turn:?}");
            assert!(best - far >= 3, "{maker:?} {turn:?}: {best} - {far}");
        }
    }
}
