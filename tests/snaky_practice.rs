//! Practice boards (`snaky::practice`): each is a board of a real game turned or mirrored, and
//! what it says of a reply is what that reply does in the game. Checked by replaying the reply on
//! the unturned board through `Game::breaker_move` (not the puzzle's own lookup), and against the
//! review's best replies.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use pokopoko::snaky::practice::{self, Puzzle, Verdict};
use pokopoko::snaky::{BreakerKind, Cell, ComputerBreaker, Game, Maker, Symmetry, play_out, review};

#[path = "common/shapes.rs"]
mod shapes;

/// Games of every computer Breaker against every shipped Maker, with at least one puzzle.
fn games() -> Vec<(String, Game)> {
    games_of_seeds(0..3)
}

/// [`games`] for each of `seeds`.
fn games_of_seeds(seeds: std::ops::Range<u64>) -> Vec<(String, Game)> {
    let mut games = Vec::new();
    for maker in Maker::ALL {
        let cards = maker.cards().expect("cards");
        for kind in BreakerKind::ALL {
            for seed in seeds.clone() {
                let mut game = Game::started(Arc::clone(&cards));
                play_out(&mut game, &mut ComputerBreaker::new(kind, seed));
                games.push((format!("{maker:?} {kind:?} seed {seed}"), game));
            }
        }
    }
    games
}

/// Where each cell of a box around the game's stones is shown: the pre-image of a shown cell is
/// looked up here, not asked of the puzzle.
fn shown_from(puzzle: &Puzzle, around: &[Cell]) -> BTreeMap<Cell, Cell> {
    let mut map = BTreeMap::new();
    for centre in around {
        for dx in -4..=4 {
            for dy in -4..=4 {
                let cell = Cell::new(centre.x + dx, centre.y + dy);
                map.insert(puzzle.show(cell), cell);
            }
        }
    }
    map
}

#[test]
fn a_puzzle_says_what_each_reply_does_in_the_game() {
    let (mut boards, mut replies) = (0, 0);
    for (at, game) in games() {
        let lesson = review::review_game(&game);
        for mut puzzle in practice::puzzles(&game) {
            // The first round as the game showed it, the next turned (newcomers #107, #108).
            for round in 0..2 {
                if round == 1 {
                    puzzle.turn_again();
                }
                boards += usize::from(round == 0);
                let index = puzzle.move_number() - 1;
                let before = game.prefix(review::before(index));
                let reviewed = &lesson.moves[index];
                let at = format!("{at}, move {}", puzzle.move_number());
                // The board shown is the game's, turned: the same stones, in the same order.
                let stones = puzzle.stones();
                assert_eq!(stones.len(), before.moves().len(), "{at}");
                for (shown, m) in stones.iter().zip(before.moves()) {
                    assert_eq!((shown.0, shown.1), (puzzle.show(m.cell), m.player), "{at}");
                }
                // The move played, named as the game showed it and as the turned board shows it.
                let played = game.breaker_cells()[index];
                assert_eq!(
                    (puzzle.played_in_the_game(), puzzle.played()),
                    (played, puzzle.show(played)),
                    "{at}"
                );
                let moved = |c: Cell| puzzle.show(c) != c;
                let turned = moved(Cell::new(9, 8)) || moved(Cell::new(8, 9));
                assert_eq!(turned, round == 1, "{at}: as played first, then turned");
                assert_eq!(puzzle.show(Cell::new(8, 8)), Cell::new(8, 8), "{at}: Maker's opening stays put");
                // Each reply near the stones, replayed on the game's board.
                let shown_to_game = shown_from(&puzzle, before.maker_cells());
                for (&shown, &cell) in &shown_to_game {
                    let verdict = puzzle.verdict(shown);
                    if !before.is_free(cell) {
                        assert_eq!(verdict, Verdict::Taken, "{at} {shown}");
                        continue;
                    }
                    let mut after = before.clone();
                    after.breaker_move(cell).expect("a free cell");
                    let keeps = after.guarantee();
                    let expected = if keeps >= reviewed.kept {
                        Verdict::Holds { keeps }
                    } else {
                        Verdict::Costs { keeps, lost: reviewed.kept - keeps }
                    };
                    assert_eq!(verdict, expected, "{at} {shown} (game cell {cell})");
                    replies += 1;
                }
                // The move played costs what the review says.
                let played = puzzle.verdict(puzzle.played());
                assert_eq!(
                    played,
                    Verdict::Costs {
                        keeps: reviewed.guarantee_after,
                        lost: reviewed.kept - reviewed.guarantee_after
                    },
                    "{at}"
                );
                // The answers are the review's best replies, turned; the first is the lesson's.
                let answers: BTreeSet<Cell> = puzzle.answers().iter().map(|c| shown_to_game[c]).collect();
                assert_eq!(answers, reviewed.best.iter().copied().collect(), "{at}");
                assert_eq!(
                    Some(shown_to_game[&puzzle.answers()[0]]),
                    review::best_reply_cell(&before, &reviewed.best),
                    "{at}"
                );
            }
        }
    }
    // Not an accident of few boards: these 45 games give 105 boards and 10,600 replies (measured).
    assert!(boards >= 50, "{boards} boards");
    assert!(replies >= 5000, "{replies} replies");
}

/// Every puzzle says what its first answer was in Maker's plan, as the lesson says it for that
/// move, and that answer is the lesson's best reply as the board shows it.
#[test]
fn a_puzzle_is_explained_by_maker_s_plan() {
    let mut boards = 0;
    for (at, game) in games() {
        for puzzle in practice::puzzles(&game) {
            let at = format!("{at} move {}", puzzle.move_number());
            let answer = puzzle.answers()[0];
            let why = review::why(&game, puzzle.move_number() - 1).expect("a costly move");
            assert_eq!(puzzle.show(why.best_reply.cell), answer, "{at}: the lesson's best reply");
            assert_eq!(puzzle.role_of(answer), Some(why.best_reply.in_line), "{at}");
            boards += 1;
        }
    }
    assert!(boards > 0);
}

/// Every costly move with a reply on the board to find is a puzzle: all but a block of a finishing
/// cell (right in general) and a move where only replies far from every stone kept more. A move
/// whose lesson's reply holds only against this Maker's order is a board too: it counts as a
/// mistake against this Maker (newcomers #104 and #105 asked for one number).
#[test]
fn every_costly_move_with_a_reply_to_find_is_a_board() {
    for (at, game) in games() {
        let lesson = review::review_game(&game);
        let boards: Vec<usize> = practice::puzzles(&game).iter().map(|p| p.move_number() - 1).collect();
        let costly: Vec<usize> = (0..lesson.moves.len())
            .filter(|&i| {
                let m = &lesson.moves[i];
                m.guarantee_after < m.kept && !m.best_outside && !review::blocked_a_finish(&game, i)
            })
            .collect();
        assert_eq!(boards, costly, "{at}");
    }
}

/// The puzzles of one game are shown as played, then take different turns, and a game without a
/// costly move has none.
#[test]
fn puzzles_turn_in_turn_and_a_perfect_game_has_none() {
    let cards = Maker::Paper.cards().expect("cards");
    let mut perfect = Game::started(Arc::clone(&cards));
    play_out(&mut perfect, &mut ComputerBreaker::new(BreakerKind::Perfect, 0));
    assert!(practice::puzzles(&perfect).is_empty(), "nothing lost, nothing to practise");
    let mut many =
        games().into_iter().map(|(_, g)| practice::puzzles(&g)).max_by_key(Vec::len).expect("games");
    assert!(many.len() >= 2);
    // The first round as the game showed it (newcomers #107 and #108), a new round turned, never
    // as played, and not every board alike.
    assert!(many.iter().all(|p| p.symmetry() == Symmetry::IDENTITY));
    many.iter_mut().for_each(Puzzle::turn_again);
    assert!(many.iter().all(|p| p.symmetry() != Symmetry::IDENTITY));
    let turns: std::collections::BTreeSet<u8> = many.iter().map(|p| p.symmetry().digit()).collect();
    assert!(turns.len() >= 2, "{turns:?}");
    for _ in 0..8 {
        many.iter_mut().for_each(Puzzle::turn_again);
        assert!(many.iter().all(|p| p.symmetry() != Symmetry::IDENTITY));
    }
}

/// The game just after Breaker's move `index` (0-based), Maker to answer.
fn after_the_move(game: &Game, index: usize) -> Game {
    let mut after = game.prefix(review::before(index));
    after.breaker_move(game.breaker_cells()[index]).expect("the move played");
    after
}

/// Where a cell of the turned board lies in the game, by the turn's inverse (not the puzzle's own
/// lookup).
fn in_the_game(puzzle: &Puzzle, shown: Cell) -> Cell {
    pokopoko::snaky::policy::about_opening(puzzle.symmetry()).inverse().apply(shown)
}

/// Each marked answer is explained by what its own cell was in Maker's plan after the move played
/// (newcomer #69 found (10,7) and was told why (9,7) holds), read on the game's board.
#[test]
fn every_marked_answer_is_explained_by_its_own_cell() {
    let mut answers = 0;
    for (at, game) in games() {
        for puzzle in practice::puzzles(&game) {
            let index = puzzle.move_number() - 1;
            let why = review::why(&game, index).expect("a costly move");
            let after = after_the_move(&game, index);
            for answer in puzzle.marked_answers() {
                let cell = in_the_game(&puzzle, answer);
                assert_eq!(puzzle.show(cell), answer, "{at}");
                let role = review::role_in_plan(&after, &why.line, cell);
                assert_eq!(puzzle.role_of(answer), Some(role), "{at} move {} answer {answer}", index + 1);
                answers += 1;
            }
        }
    }
    assert!(answers > 0);
}

/// The Snaky an answer is drawn spoiling is a Snaky (SPEC §2.1's copies, by brute force) through
/// the answer, free of Breaker's stones on the board as shown: for an answer that was a cell of a Snaky Maker's plan completed, that Snaky turned.
#[test]
fn the_snaky_an_answer_spoils_is_one_through_it() {
    let mut drawn = 0;
    for (at, game) in games() {
        for puzzle in practice::puzzles(&game) {
            let index = puzzle.move_number() - 1;
            let why = review::why(&game, index).expect("a costly move");
            let shown_breaker: BTreeSet<Cell> = puzzle
                .stones()
                .iter()
                .filter(|s| s.1 == pokopoko::snaky::Player::Breaker)
                .map(|s| s.0)
                .collect();
            for answer in puzzle.marked_answers() {
                let Some(spoiled) = puzzle.spoiled(answer) else { continue };
                let at = format!("{at} move {} answer {answer}", index + 1);
                assert!(spoiled.contains(&answer), "{at}");
                assert!(is_a_snaky(spoiled), "{at}: {spoiled:?}");
                assert!(spoiled.iter().all(|c| !shown_breaker.contains(c)), "{at}");
                if let Some(review::Role::CompletedSnaky { .. }) = puzzle.role_of(answer) {
                    let done = why.line.completed.expect("completed").snaky.map(|c| puzzle.show(c));
                    assert_eq!(spoiled, done, "{at}");
                }
                drawn += 1;
            }
        }
    }
    assert!(drawn > 50, "{drawn}");
}

/// Whether six cells are a copy of S: some matrix and translation takes S onto them (one of S's
/// cells lands on the first of them).
fn is_a_snaky(cells: [Cell; 6]) -> bool {
    let mut want: Vec<(i32, i32)> = cells.iter().map(|c| (c.x, c.y)).collect();
    want.sort();
    shapes::matrices().into_iter().any(|[a, b, c, d]| {
        shapes::S.iter().any(|&(sx, sy)| {
            let (tx, ty) = (want[0].0 - (a * sx + b * sy), want[0].1 - (c * sx + d * sy));
            let mut copy: Vec<(i32, i32)> =
                shapes::S.iter().map(|&(x, y)| (a * x + b * y + tx, c * x + d * y + ty)).collect();
            copy.sort();
            copy == want
        })
    })
}

/// A costly try is told the double threat it lets Maker make: for the move played, the one of the
/// lesson's line after it, shown on the turned board; each of its cells finishes a Snaky on the
/// board where Maker made it, by brute force over the copies (SPEC §2.1), and two at least.
#[test]
fn a_costly_try_is_told_the_double_threat_it_lets_maker_make() {
    let (mut told, mut reasons, mut passed) = (0, 0, 0);
    for (at, game) in games() {
        for puzzle in practice::puzzles(&game) {
            let index = puzzle.move_number() - 1;
            let why = review::why(&game, index).expect("a costly move");
            let said = puzzle.double_threat_after(puzzle.played());
            let expected = why.line.turning_point.double_threat.as_ref();
            assert_eq!(said.as_ref().map(|d| d.0), expected.map(|d| d.move_number), "{at}");
            let Some((move_number, shown)) = said else { continue };
            let cells: BTreeSet<Cell> = shown.iter().map(|&c| in_the_game(&puzzle, c)).collect();
            // Replay the game to the move, then the line to that Maker move.
            let mut board = after_the_move(&game, index);
            for step in &why.line.steps {
                board.maker_move().expect("the line's Maker move");
                if step.move_number == move_number {
                    break;
                }
                board.breaker_move(step.breaker.expect("a reply before the double threat")).expect("reply");
            }
            let finishing = shapes::finishing(board.maker_cells(), board.breaker_cells());
            let brute: BTreeSet<Cell> = finishing.iter().map(|&(x, y)| Cell::new(x, y)).collect();
            assert_eq!(cells, brute, "{at} move {}", index + 1);
            assert!(cells.len() >= 2, "{at}");
            // The board draws the moves that lead there: the move played, then the line's moves
            // to that Maker move, in the game's frame once unturned, numbered on from the board's
            // stones per player.
            let line = puzzle.line_after(puzzle.played()).expect("the same line");
            let mut expected = vec![(why.breaker, pokopoko::snaky::Player::Breaker)];
            for step in &why.line.steps {
                expected.push((step.maker, pokopoko::snaky::Player::Maker));
                if step.move_number == move_number {
                    break;
                }
                expected.push((step.breaker.expect("a reply"), pokopoko::snaky::Player::Breaker));
            }
            let drawn: Vec<_> = line.stones.iter().map(|&(c, p, _)| (in_the_game(&puzzle, c), p)).collect();
            assert_eq!(drawn, expected, "{at}");
            let before = puzzle.stones();
            for player in [pokopoko::snaky::Player::Maker, pokopoko::snaky::Player::Breaker] {
                let on_board = before.iter().filter(|s| s.1 == player).count();
                let numbers: Vec<usize> = line.stones.iter().filter(|s| s.1 == player).map(|s| s.2).collect();
                let counted: Vec<usize> = (on_board + 1..=on_board + numbers.len()).collect();
                assert_eq!(numbers, counted, "{at}: numbered on");
            }
            let last_maker = line.stones.iter().rev().find(|s| s.1 == pokopoko::snaky::Player::Maker);
            assert_eq!(
                last_maker.map(|s| s.2 as u32),
                Some(move_number),
                "{at}: the double threat's stone last"
            );
            assert_eq!(line.finishing, shown, "{at}");
            // Where a Maker that takes every finish would win along the line, when this one wins
            // later: the first Maker move with a finishing cell on the board before it (brute
            // force), said beside the double threat so that its number and the win's agree.
            let mut walk = after_the_move(&game, index);
            let mut taken = None;
            for step in &why.line.steps {
                if !shapes::finishing(walk.maker_cells(), walk.breaker_cells()).is_empty() {
                    taken = Some(step.move_number);
                    break;
                }
                walk.maker_move().expect("the line's Maker move");
                let Some(reply) = step.breaker else { break };
                walk.breaker_move(reply).expect("reply");
            }
            let done = why.line.completed.expect("the line completes").move_number;
            assert_eq!(line.finish_passed, taken.filter(|&taken| done > taken), "{at}");
            passed += usize::from(line.finish_passed.is_some());
            // What the board draws of it: the try, then Maker's stones of the line on the Snakies
            // the double threat leaves one short (every copy through a finishing cell holding
            // Maker's stones on its other five), by the brute force.
            let makers: BTreeSet<Cell> = board.maker_cells().iter().copied().collect();
            let snakies: BTreeSet<Cell> = cells
                .iter()
                .flat_map(|&f| shapes::copies_through(f))
                .filter(|copy| copy.iter().filter(|c| makers.contains(c)).count() == 5)
                .flatten()
                .collect();
            let said: BTreeSet<Cell> = line.snakies.iter().map(|&c| in_the_game(&puzzle, c)).collect();
            assert_eq!(said, snakies, "{at}: the double threat's Snakies");
            let expected: Vec<_> = line
                .stones
                .iter()
                .enumerate()
                .filter(|&(i, s)| {
                    i == 0
                        || (s.1 == pokopoko::snaky::Player::Maker
                            && snakies.contains(&in_the_game(&puzzle, s.0)))
                })
                .map(|(_, &s)| s)
                .collect();
            assert_eq!(line.drawn(), expected, "{at}: the double threat's picture");
            assert!(line.drawn().iter().any(|s| s.2 as u32 == move_number), "{at}: with its stone");
            // Once solved, the moves the answer's reason speaks of: the move played, then the
            // same line to the Maker move the reason names; a cell Maker claimed or Breaker took
            // in it is that move's stone.
            let answer = puzzle.answers()[0];
            if let Some(stones) = puzzle.line_to_reason(answer) {
                use review::Role;
                let (upto, reply) = match puzzle.role_of(answer).expect("a reason") {
                    Role::CompletedSnaky { move_number }
                    | Role::ThreatenedSnaky { move_number }
                    | Role::ClaimedByMaker { move_number } => (move_number, false),
                    Role::TakenByBreaker { move_number } => (move_number, true),
                    other => panic!("{at}: a line for {other:?}"),
                };
                let mut expected = vec![(why.breaker, pokopoko::snaky::Player::Breaker)];
                for step in &why.line.steps {
                    expected.push((step.maker, pokopoko::snaky::Player::Maker));
                    if step.move_number == upto && !reply {
                        break;
                    }
                    expected.extend(step.breaker.map(|c| (c, pokopoko::snaky::Player::Breaker)));
                    if step.move_number == upto {
                        break;
                    }
                }
                let drawn: Vec<_> = stones.iter().map(|&(c, p, _)| (in_the_game(&puzzle, c), p)).collect();
                assert_eq!(drawn, expected, "{at}: the reason's line");
                if let Some(Role::ClaimedByMaker { .. } | Role::TakenByBreaker { .. }) =
                    puzzle.role_of(answer)
                {
                    assert_eq!(stones.last().map(|s| s.0), Some(answer), "{at}: the answer's cell last");
                }
                reasons += 1;
            }
            told += 1;
        }
    }
    assert!(told > 0 && reasons > 0, "{told} told, {reasons} reasons drawn");
    assert!(passed > 0 && passed < told, "{passed} of {told} lines pass a finish");
}

/// Every costly move of a game is a board, or the practice screen says why not (newcomer #86
/// asked): a block of a finishing cell (checked by the brute force over every Snaky copy), or a
/// move where no reply near the stones held more than a stone far away (checked by replaying every
/// free cell within four of a stone through `Game::breaker_move`).
#[test]
fn every_costly_move_is_a_board_or_said_why_not() {
    use practice::LeftOut;
    let (mut far_seen, mut blocks_seen) = (0, 0);
    let mut games = games_of_seeds(0..12);
    // A player's game (the app's test of a costly block): Ours19's column (11,4)-(11,7) and
    // (10,7) need only (10,8), and Breaker's last move blocks it.
    let mut blocked = Game::started(Maker::Ours19.cards().expect("cards"));
    for (x, y) in [(9, 8), (7, 7), (7, 9), (8, 10), (9, 7), (10, 9), (12, 9), (10, 8)] {
        blocked.breaker_move(Cell::new(x, y)).expect("a free cell");
        blocked.maker_move().expect("Maker answers");
    }
    games.push(("Ours19, a block of (10,8)".to_string(), blocked));
    for (at, game) in games {
        let lesson = review::review_game(&game);
        let boards: BTreeSet<usize> = practice::puzzles(&game).iter().map(|p| p.move_number() - 1).collect();
        let left = practice::left_out(&game);
        let left_set: BTreeSet<usize> = left.iter().map(|&(i, _)| i).collect();
        assert!(boards.is_disjoint(&left_set), "{at}");
        for (i, m) in lesson.moves.iter().enumerate() {
            assert_eq!(m.lost > 0, boards.contains(&i) || left_set.contains(&i), "{at} move {}", i + 1);
        }
        for &(i, why) in &left {
            let before = game.prefix(review::before(i));
            let played = lesson.moves[i].breaker;
            let finishing = shapes::finishing(before.maker_cells(), before.breaker_cells());
            let blocked = finishing.contains(&(played.x, played.y));
            assert_eq!(why == LeftOut::BlockedFinish, blocked, "{at} move {}", i + 1);
            if why == LeftOut::FarAway {
                far_seen += 1;
                let mut far = before.clone();
                far.breaker_move(Cell::new(1_000, 1_000)).expect("a free cell");
                let stones: Vec<Cell> =
                    before.maker_cells().iter().chain(before.breaker_cells()).copied().collect();
                for s in &stones {
                    for dx in -4..=4 {
                        for dy in -4..=4 {
                            let cell = Cell::new(s.x + dx, s.y + dy);
                            let mut reply = before.clone();
                            if reply.breaker_move(cell).is_ok() {
                                assert!(reply.guarantee() <= far.guarantee(), "{at} move {}: {cell}", i + 1);
                            }
                        }
                    }
                }
            } else {
                blocks_seen += 1;
            }
        }
    }
    assert!(far_seen > 0 && blocks_seen > 0, "every reason occurs: {far_seen} far, {blocks_seen} blocks");
}

/// Every finishing cell of a double or triple threat comes with what a block there keeps
/// (`review::finish_block_counts`, the panel's line names them all): the cells are the brute
/// force's, and each count is the guarantee after replaying that block through
/// `Game::breaker_move`. The perfect Breaker's games against ours (20) meet triple threats.
#[test]
fn every_block_of_a_threat_is_counted() {
    let cards = Maker::Ours.cards().expect("cards");
    let mut triples = 0;
    for seed in 0..6 {
        let mut game = Game::started(Arc::clone(&cards));
        let mut breaker = ComputerBreaker::new(BreakerKind::Perfect, seed);
        while !game.won() {
            let finishing = shapes::finishing(game.maker_cells(), game.breaker_cells());
            if finishing.len() >= 2 {
                let counts = review::finish_block_counts(&game);
                let cells: Vec<(i32, i32)> = counts.iter().map(|(c, _)| (c.x, c.y)).collect();
                assert_eq!(cells, finishing.iter().copied().collect::<Vec<_>>(), "seed {seed}");
                for &(cell, keeps) in &counts {
                    let mut blocked = game.clone();
                    blocked.breaker_move(cell).expect("a free cell");
                    assert_eq!(blocked.guarantee(), keeps, "seed {seed}: {cell}");
                }
                triples += usize::from(finishing.len() >= 3);
            }
            let Some(cell) = pokopoko::snaky::Breaker::choose(&mut breaker, &game) else { break };
            game.breaker_move(cell).expect("a free cell");
            if !game.won() {
                game.maker_move().expect("Maker answers");
            }
        }
    }
    assert!(triples > 0, "triple threats occur");
}

/// Boards from other games (newcomers #95 and #99 asked for fresh positions): each is a board of
/// the computer Breaker's game its seed replays, one a game, with the move played there costing
/// what a replay on that game's board says and the first answer holding there; the boards of the
/// kind asked for come first (newcomers #124, #126 and #129: boards gathered under one idea), each
/// of them that kind by its own lesson ([`review::why`] on the replayed game).
#[test]
fn boards_from_other_games_are_boards_of_the_games_their_seeds_replay() {
    use practice::Origin;
    use review::Principle;
    let cards = Maker::Ours.cards().expect("cards");
    for like in
        [None, Some(Principle::RowBeforeFive), Some(Principle::SpoilTheSnaky), Some(Principle::SharedCell)]
    {
        let (boards, next) = practice::from_other_games(&cards, 40, 5, like);
        assert_eq!(boards.len(), 5, "{like:?}");
        let mut seeds = BTreeSet::new();
        for puzzle in &boards {
            let Origin::Computer { seed } = puzzle.origin() else {
                panic!("{like:?}: a board of the player's game")
            };
            assert!(
                (40..next).contains(&seed) && seeds.insert(seed),
                "{like:?}: seed {seed}, one board a game"
            );
            let mut game = Game::started(Arc::clone(&cards));
            play_out(&mut game, &mut ComputerBreaker::new(BreakerKind::Mixed, seed));
            let index = puzzle.move_number() - 1;
            let before = game.prefix(review::before(index));
            let at = format!("{like:?} seed {seed} move {}", puzzle.move_number());
            let stones: Vec<(Cell, pokopoko::snaky::Player)> =
                puzzle.stones().iter().map(|s| (s.0, s.1)).collect();
            let expected: Vec<_> = before.moves().iter().map(|m| (puzzle.show(m.cell), m.player)).collect();
            assert_eq!(stones, expected, "{at}");
            assert_eq!(puzzle.played_in_the_game(), game.breaker_cells()[index], "{at}");
            let keeps = |cell: Cell| {
                let mut after = before.clone();
                after.breaker_move(cell).expect("a free cell");
                after.guarantee()
            };
            let first = in_the_game(puzzle, puzzle.answers()[0]);
            assert!(keeps(first) > keeps(puzzle.played_in_the_game()), "{at}");
            assert_eq!(keeps(first), puzzle.holds(), "{at}");
            let lesson = review::why(&game, index).expect("a costly move");
            assert_eq!(puzzle.principle(), lesson.principle(), "{at}");
        }
        // The asked kind first: once a board is of another kind, no later one is of the asked kind.
        if let Some(like) = like {
            let of_kind: Vec<bool> = boards.iter().map(|b| b.principle() == Some(like)).collect();
            assert!(of_kind[0], "{like:?}: {of_kind:?}");
            assert!(of_kind.windows(2).all(|w| w[0] || !w[1]), "{like:?}: {of_kind:?}");
        }
    }
}
