//! Snaky as Maker (engine): the coach's promises checked by playing them out, the computer
//! Breakers' legality and strength, and each Breaker losing to the certificates' Makers in time.

use std::sync::OnceLock;

use pokopoko::snaky::as_maker::breakers::SEARCH_BUDGET;
use pokopoko::snaky::as_maker::{
    Advice, Aim, Attacker, Coach, Footing, Level, MakerGame, Opponent, attacker, coached_review,
};
use pokopoko::snaky::{Cell, Game, Maker, Player, play_out, shape};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn coach() -> &'static Coach {
    static COACH: OnceLock<Coach> = OnceLock::new();
    COACH.get_or_init(|| Coach::shipped().expect("the shipped certificates"))
}

/// The advice holds, checked from outside the coach. A card: Maker owns every cell of F(A),
/// Breaker none of F(T), and the hint is F(pivot), free. A win by threats: the hint is free and
/// either completes a Snaky (within 1) or leaves at least one cell that would complete one (a
/// threat the Breaker must answer); the rest of the promise is kept by playing it out.
fn check_advice(game: &MakerGame, advice: &Advice) {
    let (maker, card, placement, hint) = (advice.maker, advice.card, advice.placement, advice.hint);
    if advice.footing == Footing::Threats {
        let mut after = game.clone();
        after.maker_move(hint).expect("the hint is free");
        match advice.within {
            1 => assert!(after.won(), "a win by threats within 1 is a finishing cell"),
            _ => assert!(finishing_cells(&after) > 0, "a threat move leaves a finishing cell"),
        }
        return;
    }
    let cards = maker.cards().expect("shipped");
    // The advice names the card; an inline node is found among the nodes of that card's line.
    let applies = cards.nodes().iter().filter(|n| n.card == card).any(|node| {
        let place = |c: pokopoko::snaky::FrameCell| placement.apply(c.cell());
        node.required.iter().all(|a| game.owner(place(a)) == Some(Player::Maker))
            && node.envelope.iter().all(|t| game.owner(place(t)) != Some(Player::Breaker))
            && place(node.pivot) == hint
    });
    assert!(applies, "card {card} of {maker:?} under {placement} does not apply here");
}

/// The free cells that would each complete a Snaky for Maker, counted over every copy of the
/// shape through Maker's stones (its 8 orientations, every translation).
fn finishing_cells(game: &MakerGame) -> usize {
    finishing_cells_with(game, None)
}

/// The same, as if Maker also held `extra`.
fn finishing_cells_with(game: &MakerGame, extra: Option<Cell>) -> usize {
    let mut cells = std::collections::HashSet::new();
    let makers = |c: Cell| game.owner(c) == Some(Player::Maker) || Some(c) == extra;
    for &m in game.maker_cells().iter().chain(extra.as_ref()) {
        for copy in shape::copies_through(m) {
            let free: Vec<Cell> = copy.iter().copied().filter(|&c| !makers(c)).collect();
            if let [only] = free[..]
                && game.owner(only).is_none()
                && Some(only) != extra
            {
                cells.insert(only);
            }
        }
    }
    cells.len()
}

/// Plays the hints against a Breaker, checking at every turn that the card applies and that the
/// game ends within every promise made on the way. Returns Maker's moves.
fn follow_hints(game: &mut MakerGame, mut breaker: impl FnMut(&MakerGame) -> Cell) -> usize {
    let mut deadline = usize::MAX;
    while !game.won() {
        match game.to_move() {
            Some(Player::Maker) => {
                let advice = coach().advise(game).expect("Maker to move always has a proof");
                check_advice(game, &advice);
                let made = game.maker_cells().len();
                deadline = deadline.min(made + advice.within as usize);
                game.maker_move(advice.hint).expect("the hint is free");
                assert!(game.maker_cells().len() <= deadline, "promise broken");
            }
            _ => {
                let reply = breaker(game);
                game.breaker_move(reply).expect("a legal reply");
            }
        }
        assert!(game.maker_cells().len() <= deadline, "the game outlived a promise");
    }
    game.maker_cells().len()
}

/// Why the hint, checked on every turn of hinted games against every level: a threat or a double
/// threat exactly when the brute force counts one or more finishing cells after the hint, else
/// the cells where one more stone would make a double threat, and otherwise the most of Maker's
/// stones on a copy through it free of Breaker's.
#[test]
fn the_hints_reason_is_what_claiming_it_does_on_the_board() {
    use pokopoko::snaky::as_maker::HintReason;
    let mut seen = [0usize; 6];
    for level in Level::ALL {
        for seed in 0..3 {
            let mut game = MakerGame::new();
            let mut opponent = Opponent::new(level, seed);
            while !game.won() {
                let advice = coach().advise(&game).expect("Maker to move");
                let reason = HintReason::of(&game, advice.hint);
                let mut after = game.clone();
                after.maker_move(advice.hint).expect("free");
                let finishing = if after.won() { 0 } else { finishing_cells(&after) };
                let most = shape::copies_through(advice.hint)
                    .filter(|copy| copy.iter().all(|&c| after.owner(c) != Some(Player::Breaker)))
                    .map(|copy| copy.iter().filter(|&&c| after.owner(c) == Some(Player::Maker)).count())
                    .max()
                    .unwrap_or(0);
                let slot = match &reason {
                    HintReason::Completes => {
                        assert!(after.won());
                        4
                    }
                    HintReason::DoubleThreat(cells) => {
                        assert!(finishing >= 2 && cells.len() == finishing, "{reason:?} {finishing}");
                        0
                    }
                    HintReason::Threat(_) => {
                        assert_eq!(finishing, 1, "{reason:?}");
                        1
                    }
                    HintReason::Builds(k) => {
                        assert!(
                            !after.won() && finishing == 0 && usize::from(*k) == most && most >= 2,
                            "{reason:?} {most}"
                        );
                        2
                    }
                    HintReason::Prepares(cells) => {
                        // Every free cell within 3 of Maker's stones where one more stone would
                        // leave two finishing cells or more, by the brute force.
                        let mut want: Vec<Cell> = Vec::new();
                        for m in after.maker_cells() {
                            for (dx, dy) in (-3..=3).flat_map(|dx| (-3..=3).map(move |dy| (dx, dy))) {
                                let c = Cell::new(m.x + dx, m.y + dy);
                                if after.owner(c).is_none()
                                    && !want.contains(&c)
                                    && finishing_cells_with(&after, Some(c)) >= 2
                                {
                                    want.push(c);
                                }
                            }
                        }
                        want.sort_by_key(|c| (c.x, c.y));
                        assert!(!after.won() && finishing == 0 && *cells == want, "{reason:?} {want:?}");
                        5
                    }
                    HintReason::Opens => {
                        assert!(!after.won() && finishing == 0 && most < 2, "{reason:?} {most}");
                        3
                    }
                };
                seen[slot] += 1;
                game = after;
                if !game.won() {
                    game.breaker_move(opponent.choose(&game).expect("Breaker's turn")).expect("legal");
                }
            }
        }
    }
    println!("hint reasons (double threat, threat, builds, opens, completes, prepares): {seen:?}");
    assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
}

/// The move near the stones is worth following: a Maker that takes a finishing cell when it has
/// one and the near move otherwise completes a Snaky against Blocker (checked by a copy of S it
/// owns, by brute force), on several seeds; the fullest single shape, the rule before it, won in
/// none of these games within 40 moves.
#[test]
fn following_the_move_near_the_stones_beats_blocker() {
    use pokopoko::snaky::as_maker::near_suggestion;
    for seed in 0..3 {
        let mut game = MakerGame::new();
        let mut opponent = Opponent::new(Level::Blocker, seed);
        game.maker_move(Cell::new(8, 8)).expect("free");
        while game.maker_cells().len() < 40 {
            game.breaker_move(opponent.choose(&game).expect("Breaker's turn")).expect("legal");
            let finishing = game.threats().cells;
            let cell =
                finishing.first().copied().unwrap_or_else(|| near_suggestion(&game).expect("stones").0);
            game.maker_move(cell).expect("free");
            if game.won() {
                break;
            }
        }
        let owned = |c: &Cell| game.owner(*c) == Some(Player::Maker);
        let complete =
            game.maker_cells().iter().any(|&m| shape::copies_through(m).any(|copy| copy.iter().all(owned)));
        assert!(complete, "seed {seed}: no Snaky after {} moves", game.maker_cells().len());
    }
}

/// Off the proof the screen also names a move near the player's stones: on every turn of seeded
/// heuristic games, it is free, within 2 of a Maker stone, and no such cell ranks higher by
/// (completes a Snaky, makes a double threat, Maker's potential: the sum of 2^(Maker's stones)
/// over the copies through it free of Breaker's stones), all by the brute force; the first by
/// (x, y) on a tie; and its reason is what it does.
#[test]
fn the_move_near_the_stones_ranks_highest_nearby() {
    use pokopoko::snaky::as_maker::{HintReason, near_suggestion};
    let rank = |game: &MakerGame, cell: Cell| {
        let live: Vec<usize> = shape::copies_through(cell)
            .filter(|copy| copy.iter().all(|&c| game.owner(c) != Some(Player::Breaker)))
            .map(|copy| copy.iter().filter(|&&c| game.owner(c) == Some(Player::Maker)).count())
            .collect();
        let potential: u64 = live.iter().map(|&stones| 1u64 << stones).sum();
        let mut after = game.clone();
        after.maker_move(cell).expect("free");
        let tier = if after.won() { 2 } else { u8::from(finishing_cells(&after) >= 2) };
        (tier, potential)
    };
    let mut turns = 0;
    for level in Level::ALL {
        for seed in 0..3 {
            let mut game = MakerGame::new();
            assert_eq!(near_suggestion(&game), None, "no stone yet");
            let (mut maker, mut opponent) = (Attacker::new(seed), Opponent::new(level, seed));
            while !game.won() && game.maker_cells().len() < 30 {
                if !game.maker_cells().is_empty() {
                    let (cell, reason) = near_suggestion(&game).expect("stones to be near");
                    assert!(game.owner(cell).is_none());
                    let mut near: Vec<Cell> = game
                        .maker_cells()
                        .iter()
                        .flat_map(|m| {
                            (-2..=2).flat_map(move |dx| (-2..=2).map(move |dy| Cell::new(m.x + dx, m.y + dy)))
                        })
                        .filter(|&c| game.owner(c).is_none())
                        .collect();
                    near.sort_by_key(|c| (c.x, c.y));
                    near.dedup();
                    assert!(near.contains(&cell), "{cell:?}");
                    let best = near.iter().map(|&c| rank(&game, c)).max().expect("a free cell");
                    let first = near.iter().copied().find(|&c| rank(&game, c) == best);
                    assert_eq!(Some(cell), first, "the first of the highest rank {best:?}");
                    assert_eq!(reason, HintReason::of(&game, cell));
                    turns += 1;
                }
                let cell = maker.choose(&game).expect("Maker to move");
                game.maker_move(cell).expect("free");
                if !game.won() {
                    game.breaker_move(opponent.choose(&game).expect("Breaker's turn")).expect("legal");
                }
            }
        }
    }
    assert!(turns >= 30, "{turns}");
}

#[test]
fn at_the_start_the_root_of_the_19_applies() {
    let advice = coach().advise(&MakerGame::new()).expect("Maker to move");
    // SPEC §2.3: our 19's root has pivot (8,8) and h = 19.
    assert_eq!((advice.hint, advice.within, advice.maker), (Cell::new(8, 8), 19, Maker::Ours19));
    assert_eq!(advice.footing, Footing::Here);
}

#[test]
fn following_the_hints_wins_within_every_promise_against_every_level() {
    for level in Level::ALL {
        for seed in 0..4 {
            let mut game = MakerGame::new();
            let mut opponent = Opponent::new(level, seed);
            let moves = follow_hints(&mut game, |g| opponent.choose(g).expect("Breaker's turn"));
            assert!(moves <= 19, "{level:?} seed {seed}: {moves}");
        }
    }
}

/// The hardest reply for the coach one move ahead: of every free cell of the advised card's
/// envelope and one far cell, the one after which the next proof is longest.
fn adversary(game: &MakerGame) -> Cell {
    let advice = coach().advise(&game.prefix(game.moves().len() - 1)).expect("a proof before Maker's move");
    let cards = advice.maker.cards().expect("shipped");
    let mut replies: Vec<Cell> = cards
        .nodes()
        .iter()
        .filter(|n| n.card == advice.card)
        .flat_map(|n| n.envelope.iter().map(|t| advice.placement.apply(t.cell())).collect::<Vec<_>>())
        .filter(|&c| game.is_free(c))
        .collect();
    replies.sort_unstable();
    replies.dedup();
    replies.extend((0..).map(|i| Cell::new(1_000 + i, 1_000)).find(|&c| game.is_free(c)));
    let longest = |c: &Cell| {
        let mut next = game.clone();
        next.breaker_move(*c).expect("free");
        coach().advise(&next).map_or(0, |a| a.within)
    };
    replies.into_iter().max_by_key(longest).expect("a reply")
}

#[test]
fn the_hints_hold_against_the_reply_that_makes_the_next_proof_longest() {
    let mut game = MakerGame::new();
    let moves = follow_hints(&mut game, adversary);
    assert!(moves <= 19, "{moves}");
}

#[test]
fn a_promise_made_mid_game_holds_from_there() {
    // The player wanders for three moves, then follows the hints: the promise made then is kept.
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for level in Level::ALL {
        let mut game = MakerGame::new();
        let mut opponent = Opponent::new(level, 3);
        for _ in 0..3 {
            let cell = Cell::new(rng.random_range(0..6), rng.random_range(0..6));
            if game.maker_move(cell).is_ok() {
                let reply = opponent.choose(&game).expect("Breaker's turn");
                game.breaker_move(reply).expect("legal");
            }
        }
        let made = game.maker_cells().len();
        let promised = coach().advise(&game).expect("Maker to move").within as usize;
        let moves = follow_hints(&mut game, |g| opponent.choose(g).expect("Breaker's turn"));
        assert!(moves <= made + promised, "{level:?}: {moves} > {made} + {promised}");
    }
}

#[test]
fn a_card_on_the_stones_beats_a_fresh_start_only_when_it_is_lower() {
    // Maker holds five cells of S with its last cell free: a base card applies, h = 1.
    let maker: Vec<Cell> = shape::SNAKY[..5].to_vec();
    let breaker =
        [Cell::new(30, 30), Cell::new(31, 30), Cell::new(32, 30), Cell::new(33, 30), Cell::new(34, 30)];
    let game = MakerGame::from_moves(&maker, &breaker).expect("legal");
    let advice = coach().advise(&game).expect("Maker to move");
    assert_eq!((advice.within, advice.hint, advice.footing), (1, shape::SNAKY[5], Footing::Here));
    // Breaker takes that cell too: no card on these stones can be as low; whatever applies is
    // checked from the card itself.
    let breaker =
        [Cell::new(4, 1), Cell::new(31, 30), Cell::new(32, 30), Cell::new(33, 30), Cell::new(34, 30)];
    let game = MakerGame::from_moves(&maker, &breaker).expect("legal");
    let advice = coach().advise(&game).expect("Maker to move");
    assert!(advice.within > 1);
    check_advice(&game, &advice);
}

#[test]
fn every_proof_the_coach_offers_in_heuristic_games_applies_both_on_the_stones_and_afresh() {
    // The heuristic Maker ignores the coach, so its stones soon carry no card: the coach then
    // offers a fresh start (a root on clear ground, h = 19), checked like any other card.
    let mut footings = std::collections::HashSet::new();
    for level in Level::ALL {
        for seed in 0..3 {
            let mut game = MakerGame::new();
            let mut maker = Attacker::new(seed);
            let mut opponent = Opponent::new(level, seed);
            while !game.won() && game.maker_cells().len() < 30 {
                let advice = coach().advise(&game).expect("Maker to move");
                check_advice(&game, &advice);
                if advice.footing == Footing::Afresh {
                    assert_eq!(advice.within, 19);
                }
                footings.insert(advice.footing);
                game.maker_move(maker.choose(&game).expect("Maker's turn")).expect("legal");
                if !game.won() {
                    game.breaker_move(opponent.choose(&game).expect("Breaker's turn")).expect("legal");
                }
            }
        }
    }
    // On the stones, afresh, and by threats alone (the heuristic Maker makes threats).
    assert_eq!(footings.len(), 3, "{footings:?}");
}

/// Maker moves of seeded games of the fixed heuristic Maker against a level (unfinished games
/// count as the limit plus one).
fn table(level: Level, seeds: u64) -> Vec<usize> {
    (0..seeds)
        .map(|seed| {
            let mut game = MakerGame::new();
            let mut maker = Attacker::new(seed);
            let mut choose = |g: &MakerGame| maker.choose(g);
            attacker::play(&mut game, &mut choose, &mut Opponent::new(level, seed))
                .unwrap_or(attacker::GAME_LIMIT + 1)
        })
        .collect()
}

#[test]
fn each_level_holds_out_longer_than_the_one_below() {
    let means: Vec<f64> = Level::ALL
        .iter()
        .map(|&level| {
            let moves = table(level, 12);
            moves.iter().sum::<usize>() as f64 / moves.len() as f64
        })
        .collect();
    assert!(means.windows(2).all(|w| w[0] < w[1]), "means by level {means:?}");
}

#[test]
fn every_level_loses_to_each_certificate_within_its_height() {
    for maker in Maker::ALL {
        let cards = maker.cards().expect("shipped");
        for level in Level::ALL {
            for seed in 0..3 {
                let mut game = Game::started(cards.clone());
                let moves = play_out(&mut game, &mut Opponent::new(level, seed));
                assert!(game.won(), "{maker:?} {level:?}");
                assert!(moves as u32 <= maker.bound(), "{maker:?} {level:?} seed {seed}: {moves}");
            }
        }
    }
}

#[test]
fn every_level_plays_a_free_cell_within_its_budget_on_random_positions() {
    let mut rng = ChaCha8Rng::seed_from_u64(36);
    for case in 0..300 {
        let stones = rng.random_range(1..30);
        let mut game = MakerGame::new();
        while game.moves().len() < 2 * stones - 1 {
            let cell = Cell::new(rng.random_range(-6..6), rng.random_range(-6..6));
            let _ = game.play(cell);
            if game.won() {
                game.undo();
            }
        }
        for level in Level::ALL {
            let mut opponent = Opponent::new(level, case);
            let cell = opponent.choose(&game).expect("Breaker's turn");
            assert!(game.is_free(cell), "case {case} {level:?}: {cell} is taken");
            assert!(opponent.positions_searched() <= SEARCH_BUDGET);
            let mut after = game.clone();
            after.breaker_move(cell).expect("legal");
            // A finishing cell left open would be a blunder no level makes.
            if !game.threats().is_empty() {
                assert!(game.threats().cells.contains(&cell), "case {case} {level:?}: ignored a threat");
            }
        }
        // Nobody moves out of turn.
        let mut opponent = Opponent::new(Level::Searcher, case);
        let mut maker_turn = game.clone();
        let reply = opponent.choose(&maker_turn).expect("Breaker's turn");
        maker_turn.breaker_move(reply).expect("legal");
        assert_eq!(opponent.choose(&maker_turn), None);
    }
}

#[test]
fn the_review_prices_a_wandering_move_and_replays_the_hints_instead() {
    // Move 1 at (8,8) as the hint says; move 2 far away; then the hints again.
    let level = Level::Potential;
    let mut game = MakerGame::new();
    let mut opponent = Opponent::new(level, 1);
    game.maker_move(Cell::new(8, 8)).expect("free");
    game.breaker_move(opponent.choose(&game).expect("turn")).expect("legal");
    let before = coach().advise(&game).expect("Maker to move");
    game.maker_move(Cell::new(500, 500)).expect("free");
    game.breaker_move(opponent.choose(&game).expect("turn")).expect("legal");
    let after = coach().advise(&game).expect("Maker to move");
    let review = coached_review(coach(), &game, level, 1);
    assert_eq!(review.len(), 2);
    assert_eq!(review[0].cost, 0, "the hinted first move keeps the pace");
    let second = &review[1];
    assert_eq!(second.cell, Cell::new(500, 500));
    // The cost by its definition, from the two proofs found independently above.
    assert_eq!(second.cost, after.within.saturating_sub(before.within - 1));
    assert!(second.cost > 0, "a far move cannot keep the pace: {before:?} → {after:?}");
    // The hints' line from before the move wins within the promise made there.
    let line = &second.line;
    let maker_moves = line.iter().filter(|m| m.player == Player::Maker).count();
    assert!(maker_moves as u32 <= before.within && maker_moves > 0, "{maker_moves}");
    assert_eq!(line[0].cell, before.hint);
    let mut replay = game.prefix(2);
    for m in line {
        replay.play(m.cell).expect("legal");
    }
    assert!(replay.won());
}

#[test]
fn on_the_certificates_own_games_the_coach_promises_no_more_than_the_active_claim() {
    // The literal policy of each shipped Maker against every computer Breaker of the Breaker
    // screen: at each of Maker's turns its active claim (a node under a placement) applies, so the
    // coach, which looks at every node under every placement, promises at most that claim's height.
    use pokopoko::snaky::{BreakerKind, ComputerBreaker};
    for maker in Maker::ALL {
        let cards = maker.cards().expect("shipped");
        for kind in BreakerKind::ALL {
            let mut game = Game::new(cards.clone());
            let mut breaker = ComputerBreaker::new(kind, 5);
            while !game.won() {
                let position =
                    MakerGame::from_moves(game.maker_cells(), game.breaker_cells()).expect("legal");
                let advice = coach().advise(&position).expect("Maker to move");
                let claim = game.claim();
                assert!(
                    advice.within <= claim.height,
                    "{maker:?} {kind:?}: {} > {}",
                    advice.within,
                    claim.height
                );
                game.maker_move().expect("Maker's turn");
                if let Some(reply) = pokopoko::snaky::Breaker::choose(&mut breaker, &game) {
                    game.breaker_move(reply).expect("legal");
                }
            }
        }
    }
}

#[test]
fn off_the_proof_the_way_back_wins_within_the_roots_height() {
    // The heuristic Maker plays until no card builds on its stones (a fresh start is the advice);
    // from there the hints win within 19 more moves (the root's height, SPEC), checked at every
    // turn by `follow_hints`. The lengths are printed: the old stones help the way back.
    for level in Level::ALL {
        let mut lengths = Vec::new();
        for seed in 0..3 {
            let mut game = MakerGame::new();
            let (mut maker, mut opponent) = (Attacker::new(seed), Opponent::new(level, seed));
            while !game.won() && coach().advise(&game).expect("Maker to move").footing != Footing::Afresh {
                game.maker_move(maker.choose(&game).expect("Maker's turn")).expect("legal");
                if !game.won() {
                    game.breaker_move(opponent.choose(&game).expect("Breaker's turn")).expect("legal");
                }
            }
            if game.won() {
                continue;
            }
            let made = game.maker_cells().len();
            let moves = follow_hints(&mut game, |g| opponent.choose(g).expect("Breaker's turn")) - made;
            assert!(moves <= 19, "{level:?} seed {seed}: {moves} more moves");
            lengths.push(moves);
        }
        assert!(!lengths.is_empty(), "{level:?}: no game left the proof");
        println!("{level:?}: from the first turn off the proof, the hints won in {lengths:?} more moves");
    }
}

/// Off the proof, the aim: how many free cells make a threat, else the most of Maker's stones on
/// one unblocked copy, both counted here by brute force over every cell and copy near the stones.
#[test]
fn the_aim_off_the_proof_counts_threat_cells_else_the_fullest_unblocked_shape() {
    let mut seen = std::collections::HashSet::new();
    for seed in 0..40 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut game = MakerGame::new();
        let mut opponent = Opponent::new(Level::ALL[seed as usize % Level::ALL.len()], seed);
        while !game.won() && game.maker_cells().len() < 14 {
            if finishing_cells(&game) == 0 {
                let near: Vec<Cell> = (0..=16)
                    .flat_map(|x| (0..=16).map(move |y| Cell::new(x, y)))
                    .filter(|&c| game.owner(c).is_none())
                    .collect();
                let threats = near.iter().filter(|&&c| finishing_cells_with(&game, Some(c)) > 0).count();
                let fullest = (-3..=19)
                    .flat_map(|x| (-3..=19).map(move |y| (x, y)))
                    .flat_map(|(x, y)| shape::copies_through(Cell::new(x, y)))
                    .filter(|copy| copy.iter().all(|&c| game.owner(c) != Some(Player::Breaker)))
                    .map(|copy| copy.iter().filter(|&&c| game.owner(c) == Some(Player::Maker)).count() as u32)
                    .max()
                    .unwrap_or(0);
                let expected = match threats {
                    0 => Aim::Build { stones: fullest },
                    moves => Aim::Threats { moves },
                };
                assert_eq!(Aim::of(&game), expected, "seed {seed}, {:?}", game.moves());
                seen.insert(std::mem::discriminant(&expected));
            }
            // Random stones near the middle (the heuristic Maker makes threats at once).
            let cell = loop {
                let c = Cell::new(rng.random_range(5..=11), rng.random_range(5..=11));
                if game.owner(c).is_none() {
                    break c;
                }
            };
            game.maker_move(cell).expect("a free cell");
            if !game.won() {
                game.breaker_move(opponent.choose(&game).expect("Breaker's turn")).expect("legal");
            }
        }
    }
    assert_eq!(seen.len(), 2, "both aims occur");
}

/// The Searcher tries equally heavy cells in an order drawn by its seed: the same seed answers a
/// line the same way, another seed need not (newcomer #38 won unaided by replaying a hinted line).
#[test]
fn the_searcher_is_the_same_for_a_seed_and_differs_across_seeds() {
    let game_with = |seed: u64| {
        let mut game = MakerGame::new();
        let mut maker = Attacker::new(0);
        let mut opponent = Opponent::new(Level::Searcher, seed);
        while !game.won() && game.maker_cells().len() < 12 {
            game.maker_move(maker.choose(&game).expect("Maker's turn")).expect("legal");
            if !game.won() {
                game.breaker_move(opponent.choose(&game).expect("Breaker's turn")).expect("legal");
            }
        }
        game.moves().to_vec()
    };
    assert_eq!(game_with(3), game_with(3));
    let games: std::collections::HashSet<_> = (0..8).map(game_with).collect();
    assert!(games.len() > 1, "eight seeds, one game");
}

/// A costly move's line is what the game's own Breaker would have answered: against the Blocker
/// and the Searcher, whose ties fall by their seed, the review's line equals the hints played from
/// there against a copy of the game's Breaker taken at that move.
#[test]
fn the_reviews_line_is_against_the_games_own_breaker_as_it_stood() {
    use pokopoko::snaky::as_maker::hint_line_against;
    for level in [Level::Blocker, Level::Searcher] {
        for seed in 0..4 {
            let mut game = MakerGame::new();
            let mut maker = Attacker::new(seed);
            let mut opponent = Opponent::new(level, seed);
            let mut stood = Vec::new();
            while !game.won() && game.maker_cells().len() < 14 {
                stood.push((game.moves().len(), opponent.clone()));
                game.maker_move(maker.choose(&game).expect("Maker's turn")).expect("legal");
                if !game.won() {
                    game.breaker_move(opponent.choose(&game).expect("Breaker's turn")).expect("legal");
                }
            }
            for (m, (at, breaker)) in coached_review(coach(), &game, level, seed).iter().zip(stood) {
                if m.cost > 0 {
                    assert_eq!(
                        m.line,
                        hint_line_against(coach(), &game.prefix(at), breaker),
                        "{level:?} {seed}"
                    );
                }
            }
        }
    }
}

#[test]
fn every_proven_move_keeps_its_promise_and_the_hint_is_among_them() {
    // Positions from the first moves of seeded games (the hints, then a wandering move), and
    // each cell the coach calls proven there: the hints played from it, against every level and
    // against the hardest reply one move ahead, win by the promised move.
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut checked = 0;
    for (level, hints) in Level::ALL.into_iter().flat_map(|level| (1..4).map(move |hints| (level, hints))) {
        let mut game = MakerGame::new();
        let mut opponent = Opponent::new(level, 5);
        for made in 0..hints {
            let hint = coach().advise(&game).expect("Maker to move").hint;
            let wander = Cell::new(rng.random_range(6..11), rng.random_range(6..11));
            let cell = if made + 1 < hints || !game.is_free(wander) { hint } else { wander };
            game.maker_move(cell).expect("free");
            let reply = opponent.choose(&game).expect("Breaker's turn");
            game.breaker_move(reply).expect("legal");
        }
        let proven = coach().proven_moves(&game);
        checked += proven.len();
        if let Some(advice) = coach().on_stones(&game) {
            assert_eq!(
                proven.first().map(|&(_, h)| h),
                Some(advice.within),
                "{level:?}: the lowest is the hint's"
            );
            assert!(proven.contains(&(advice.hint, advice.within)), "{level:?}: {advice:?} in {proven:?}");
        } else {
            assert!(proven.is_empty(), "{level:?}: {proven:?}");
        }
        let made = game.maker_cells().len();
        for &(cell, height) in &proven {
            for breaker in 0..2 {
                let mut after = game.clone();
                after.maker_move(cell).expect("a proven move is free");
                let moves = if breaker == 0 {
                    let mut reply = Opponent::new(level, 9);
                    follow_hints(&mut after, |g| reply.choose(g).expect("Breaker's turn"))
                } else {
                    follow_hints(&mut after, adversary)
                };
                assert!(moves <= made + height as usize, "{level:?} {cell}: {moves} > {made} + {height}");
            }
        }
    }
    assert!(checked >= Level::ALL.len(), "only {checked} proven moves checked");
}
