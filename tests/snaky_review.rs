//! Snaky's post-game lesson (`snaky::review`, `pokopoko snaky review`): every number checked
//! against an independent try of every reply on a copy of the game, and against the policy's
//! child heights.

use std::process::{Command, Output};
use std::sync::Arc;

use pokopoko::snaky::{
    self, BreakerKind, Cards, Cell, ComputerBreaker, Game, Maker, MoveError, Player, RecordErrorKind, Review,
    ReviewedMove, play_out, record, review, review_game,
};

#[path = "common/shapes.rs"]
mod shapes;

/// What the lesson must say about one Breaker move, worked out here without the review.
#[derive(Debug)]
struct Expected {
    breaker: Cell,
    maker: Cell,
    before: u32,
    after: u32,
    after_maker: u32,
    /// The highest guarantee any reply keeps.
    kept: u32,
    best: Vec<Cell>,
    outside: bool,
    /// The finishing cells before the move, by brute force (`common/shapes.rs`).
    finishing: std::collections::BTreeSet<(i32, i32)>,
}

/// Replays the game and, before each Breaker move, tries every free cell of the active envelope
/// and one far-away cell on a copy of the game, reading the panel's guarantee after each.
fn tried(cards: &Arc<Cards>, breaker: &[Cell]) -> (Vec<Expected>, Option<u32>) {
    let mut game = Game::started(Arc::clone(cards));
    let mut expected = Vec::new();
    for &cell in breaker {
        assert_eq!(game.to_move(), Some(Player::Breaker));
        let made = game.maker_cells().len() as u32;
        let after_reply = |reply: Cell| {
            let mut copy = game.clone();
            copy.breaker_move(reply).expect("a free cell");
            copy.guarantee()
        };
        let free: Vec<Cell> = game.claim().envelope.into_iter().filter(|&c| game.is_free(c)).collect();
        let inside: Vec<(Cell, u32)> = free.iter().map(|&c| (c, after_reply(c))).collect();
        // The policy's own account of the same replies: Maker's moves so far + the child's height,
        // or the next move where Maker's stone after the reply, played on a copy, completes.
        let claim = game.active_claim();
        for &(reply, guarantee) in &inside {
            let child = claim.after_reply(cards, reply).expect("a child survives a free reply");
            let mut played = game.clone();
            played.reply(reply).expect("a free cell");
            let wins_next = played.won();
            assert_eq!(guarantee, made + if wins_next { 1 } else { child.height(cards) }, "reply {reply}");
        }
        let far = game.far_away_cell();
        assert!(!game.claim().envelope.contains(&far));
        let outside = after_reply(far);
        let kept = inside.iter().map(|&(_, g)| g).chain([outside]).max().expect("a reply");
        let before = game.guarantee();
        let finishing = shapes::finishing(game.maker_cells(), game.breaker_cells());
        let after = after_reply(cell);
        let maker = game.reply(cell).expect("a legal move");
        expected.push(Expected {
            breaker: cell,
            maker,
            before,
            after,
            after_maker: game.guarantee(),
            kept,
            best: inside.iter().filter(|&&(_, g)| g == kept).map(|&(c, _)| c).collect(),
            outside: outside == kept,
            finishing,
        });
    }
    let held_out = game.won().then(|| game.maker_cells().len() as u32);
    (expected, held_out)
}

/// Checks the lesson of `breaker` against [`tried`] and returns it.
fn checked(maker: Maker, breaker: &[Cell]) -> Review {
    let cards = maker.cards().expect("cards");
    let lesson = review(Arc::clone(&cards), breaker).expect("legal moves");
    let (expected, held_out) = tried(&cards, breaker);
    assert_eq!(lesson.par, maker.bound());
    assert_eq!(lesson.held_out, held_out);
    assert_eq!(lesson.over(), held_out.is_some());
    assert_eq!(lesson.moves.len(), expected.len());
    for (index, (m, e)) in lesson.moves.iter().zip(&expected).enumerate() {
        let at = format!("{maker:?}, move {index} of {}", record::format_moves(breaker));
        assert_eq!((m.breaker, m.maker), (e.breaker, e.maker), "{at}");
        assert_eq!(m.guarantee_before, e.before, "{at}");
        assert_eq!(m.guarantee_after, e.after, "{at}");
        assert_eq!(m.guarantee_after_maker, e.after_maker, "{at}");
        assert_eq!(m.lost, e.before - e.after, "{at}");
        assert_eq!(m.kept, e.kept, "{at}");
        assert_eq!(m.best, e.best, "{at}");
        assert_eq!(m.best_outside, e.outside, "{at}");
        // A block of a finish took a finishing cell; a move that took none left them all open.
        let took = e.finishing.contains(&(m.breaker.x, m.breaker.y));
        assert_eq!(m.blocked_finish, took, "{at}");
        let open: std::collections::BTreeSet<(i32, i32)> = m.left_open.iter().map(|c| (c.x, c.y)).collect();
        let expected_open = if took { Default::default() } else { e.finishing.clone() };
        assert_eq!(open, expected_open, "{at}");
        // A block is forced unless another of the finishes, blocked instead, kept the most and
        // the block played kept less.
        let other_kept = e
            .finishing
            .iter()
            .any(|&f| f != (m.breaker.x, m.breaker.y) && e.best.contains(&Cell::new(f.0, f.1)));
        let lesser = took && e.after < e.kept && other_kept;
        assert_eq!(m.lesser_block, lesser, "{at}");
        assert_eq!(m.mistake(), m.lost > 0 && (!took || lesser), "{at}");
        // No reply keeps more than the guarantee before the move (it never increases).
        assert!(m.kept <= m.guarantee_before, "{at}");
    }
    // Each move starts where the last one's answer left the guarantee.
    for pair in lesson.moves.windows(2) {
        assert_eq!(pair[1].guarantee_before, pair[0].guarantee_after_maker);
    }
    lesson
}

fn computer_game(maker: Maker, kind: BreakerKind, seed: u64) -> Vec<Cell> {
    let mut game = Game::started(maker.cards().expect("cards"));
    play_out(&mut game, &mut ComputerBreaker::new(kind, seed));
    game.breaker_cells().to_vec()
}

fn cells(record: &str) -> Vec<Cell> {
    snaky::parse_moves(record).expect("a record")
}

#[test]
fn par_is_21_for_the_papers_maker_and_20_and_19_for_ours() {
    // SPEC §2.3: the paper's Maker wins within 21 Maker moves, ours within 20; issue 27: 19.
    for (maker, par) in [(Maker::Paper, 21), (Maker::Ours, 20), (Maker::Ours19, 19)] {
        let lesson = review(maker.cards().expect("cards"), &[]).expect("no moves");
        assert_eq!(lesson.par, par);
        assert_eq!(lesson.held_out, None);
        assert!(lesson.moves.is_empty() && !lesson.over());
        assert_eq!(lesson.costliest(), None);
    }
}

#[test]
fn the_worked_line_matches_every_reply_tried() {
    for maker in Maker::ALL {
        checked(maker, &cells("7,8 8,6"));
    }
}

#[test]
fn every_move_of_computer_games_matches_every_reply_tried() {
    for maker in Maker::ALL {
        for kind in BreakerKind::ALL {
            for seed in 0..4 {
                let breaker = computer_game(maker, kind, seed);
                let lesson = checked(maker, &breaker);
                assert!(lesson.over(), "{kind:?} {seed}: a computer Breaker plays until Maker wins");
            }
        }
    }
}

#[test]
fn a_game_cut_short_is_not_over_and_holds_out_nothing_yet() {
    let breaker = computer_game(Maker::Paper, BreakerKind::Greedy, 7);
    let lesson = checked(Maker::Paper, &breaker[..breaker.len() - 1]);
    assert_eq!(lesson.held_out, None);
    assert!(!lesson.over());
}

#[test]
fn a_perfect_breaker_loses_nothing_and_holds_out_par() {
    for (maker, par) in [(Maker::Paper, 21), (Maker::Ours, 20), (Maker::Ours19, 19)] {
        let cards = maker.cards().expect("cards");
        for seed in 0..3 {
            let breaker = computer_game(maker, BreakerKind::Perfect, seed);
            let lesson = checked(maker, &breaker);
            assert_eq!(lesson.held_out, Some(par), "{maker:?} seed {seed}");
            assert_eq!(lesson.costliest(), None);
            let game = record::replay(Arc::clone(&cards), &breaker).expect("legal");
            for (index, m) in lesson.moves.iter().enumerate() {
                assert_eq!((m.guarantee_before, m.guarantee_after, m.lost), (par, par, 0));
                // Its own move is one of the replies that keep the guarantee.
                let envelope = game.prefix(snaky::review::before(index)).claim().envelope;
                let outside = !envelope.contains(&m.breaker);
                assert!(m.best.contains(&m.breaker) || (outside && m.best_outside), "move {index}");
            }
        }
    }
}

#[test]
fn the_costliest_move_is_the_first_that_lost_the_most() {
    let mut some_lost = 0;
    for seed in 0..8 {
        let lesson = checked(Maker::Paper, &computer_game(Maker::Paper, BreakerKind::RandomNear, seed));
        // The costliest is a mistake: a forced block of a finish never is one.
        let lost = |m: &ReviewedMove| if m.forced() { 0 } else { m.lost };
        let most = lesson.moves.iter().map(lost).max().unwrap_or(0);
        let expected = (most > 0).then(|| lesson.moves.iter().position(|m| lost(m) == most)).flatten();
        assert_eq!(lesson.costliest(), expected);
        some_lost += usize::from(most > 0);
        // The moves lost everything between par and where the last one left the guarantee.
        let lost: u32 = lesson.moves.iter().map(|m| m.lost).sum();
        let last = lesson.moves.last().expect("moves");
        assert_eq!(lost, lesson.par - last.guarantee_after);
    }
    assert!(some_lost > 0, "a random Breaker gives moves away");
    // Ties go to the first; a lesson where nothing was lost has no costliest move.
    let move_losing = |lost: u32| ReviewedMove {
        breaker: Cell::new(0, lost as i32),
        maker: Cell::new(1, lost as i32),
        guarantee_before: 21,
        guarantee_after: 21 - lost,
        guarantee_after_maker: 21 - lost,
        lost,
        kept: 21,
        best: vec![Cell::new(2, 2)],
        best_outside: false,
        blocked_finish: false,
        lesser_block: false,
        left_open: Vec::new(),
    };
    let lesson = |losses: &[u32]| Review {
        par: 21,
        held_out: None,
        moves: losses.iter().map(|&lost| move_losing(lost)).collect(),
    };
    assert_eq!(lesson(&[0, 2, 1, 2]).costliest(), Some(1));
    assert_eq!(lesson(&[3, 0, 3]).costliest(), Some(0));
    assert_eq!(lesson(&[0, 0, 0]).costliest(), None);
    assert_eq!(lesson(&[]).costliest(), None);
    // A forced block of a finish is passed over, however much it lost.
    let mut blocked = lesson(&[1, 5, 2]);
    blocked.moves[1].blocked_finish = true;
    assert_eq!(blocked.costliest(), Some(2));
    let mut only_blocked = lesson(&[0, 4]);
    only_blocked.moves[1].blocked_finish = true;
    assert_eq!(only_blocked.costliest(), None);
    // The lesson opens on the costliest mistake; with none, on the move that lost the most; with
    // nothing lost, on the first move.
    assert_eq!(blocked.lesson_start(), 2);
    assert_eq!(only_blocked.lesson_start(), 1);
    assert_eq!(lesson(&[0, 0]).lesson_start(), 0);
}

#[test]
fn a_finish_maker_takes_next_is_counted_before_it_is_played() {
    // Mixed Breaker, seed 249: Maker's 11th stone completes a copy while its claim still promised
    // more. The count says 11 as soon as Breaker's last move leaves that stone's finish open
    // (`checked` plays each reply's next stone on a copy); the claim's height promised more.
    let breaker = cells("9,8 7,9 9,10 8,12 9,9 5,5 7,6 4,7 4,12 2,8");
    let lesson = checked(Maker::Paper, &breaker);
    let last = lesson.moves.last().expect("moves");
    assert_eq!(lesson.held_out, Some(11));
    assert_eq!((last.guarantee_after, last.guarantee_after_maker), (11, 11));
    let cards = Maker::Paper.cards().expect("cards");
    let (&played, before) = breaker.split_last().expect("moves");
    let game = record::replay(Arc::clone(&cards), before).expect("legal");
    let child = game.active_claim().after_reply(&cards, played).expect("a child survives");
    assert!(10 + child.height(&cards) > 11, "the claim's height promised {}", 10 + child.height(&cards));
}

#[test]
fn the_lesson_of_a_game_is_the_lesson_of_its_record() {
    let cards = Maker::Ours.cards().expect("cards");
    let breaker = computer_game(Maker::Ours, BreakerKind::Greedy, 3);
    let game = record::replay(Arc::clone(&cards), &breaker).expect("legal");
    assert_eq!(review_game(&game), review(Arc::clone(&cards), &breaker).expect("legal"));
    // A Breaker move Maker has not answered yet is answered in the lesson.
    let mut unanswered = Game::started(Arc::clone(&cards));
    unanswered.breaker_move(Cell::new(7, 8)).expect("free");
    assert_eq!(review_game(&unanswered), review(cards, &[Cell::new(7, 8)]).expect("legal"));
}

#[test]
fn the_board_before_each_move_is_the_games_prefix() {
    let cards = Maker::Paper.cards().expect("cards");
    let breaker = computer_game(Maker::Paper, BreakerKind::EnvelopeRandom, 5);
    let game = record::replay(Arc::clone(&cards), &breaker).expect("legal");
    let lesson = review_game(&game);
    for (index, m) in lesson.moves.iter().enumerate() {
        let shown = game.prefix(snaky::review::before(index));
        assert_eq!(shown.to_move(), Some(Player::Breaker));
        assert_eq!(shown.breaker_cells(), &breaker[..index]);
        assert_eq!(shown.guarantee(), m.guarantee_before);
    }
}

#[test]
fn illegal_moves_are_errors_naming_their_position() {
    let cards = Maker::Paper.cards().expect("cards");
    let error = review(Arc::clone(&cards), &cells("7,8 8,8")).expect_err("Maker's cell");
    assert_eq!(error.position, 2);
    assert_eq!(error.kind, RecordErrorKind::Illegal(MoveError::Occupied(Cell::new(8, 8))));
    let error = review(Arc::clone(&cards), &cells("7,8 7,8")).expect_err("Breaker's own cell");
    assert_eq!(error.position, 2);
    let mut over = computer_game(Maker::Paper, BreakerKind::Perfect, 0);
    over.push(Cell::new(100, 100));
    let error = review(Arc::clone(&cards), &over).expect_err("after the end");
    assert_eq!((error.position, error.kind), (over.len(), RecordErrorKind::Illegal(MoveError::GameOver)));
    // The ends of the coordinate range are cells like any other.
    let ends = [Cell::new(i32::MAX, i32::MIN), Cell::new(i32::MIN, i32::MAX), Cell::new(i32::MAX, i32::MAX)];
    let lesson = review(cards, &ends).expect("far cells are legal");
    assert_eq!(lesson.moves.len(), 3);
}

// The command line.

fn pokopoko(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_pokopoko")).args(args).output().expect("the binary runs")
}

fn review_json(args: &[&str]) -> serde_json::Value {
    let output = pokopoko(&[&["snaky", "review", "--json"], args].concat());
    assert!(output.status.success(), "stderr: {}", String::from_utf8_lossy(&output.stderr));
    serde_json::from_slice(&output.stdout).expect("one JSON object")
}

fn pair(cell: Cell) -> serde_json::Value {
    serde_json::json!([cell.x, cell.y])
}

#[test]
fn review_json_has_the_issues_shape_and_every_reply_tried() {
    for (maker, flag) in [(Maker::Paper, "21"), (Maker::Ours, "20"), (Maker::Ours19, "19")] {
        let breaker = computer_game(maker, BreakerKind::Mixed, 11);
        let moves = record::format_moves(&breaker);
        let json = review_json(&["--moves", &moves, "--maker", flag]);
        let (expected, held_out) = tried(&maker.cards().expect("cards"), &breaker);
        assert_eq!(json["par"], maker.bound());
        assert_eq!(json["held_out"], serde_json::json!(held_out));
        let lines = json["moves"].as_array().expect("moves");
        assert_eq!(lines.len(), expected.len());
        for (line, e) in lines.iter().zip(&expected) {
            assert_eq!(line["breaker"], pair(e.breaker));
            assert_eq!(line["guarantee_before"], e.before);
            assert_eq!(line["guarantee_after"], e.after);
            assert_eq!(line["lost"], e.before - e.after);
            let mut best: Vec<serde_json::Value> = e.best.iter().map(|&c| pair(c)).collect();
            if e.outside {
                best.push(serde_json::json!("outside"));
            }
            assert_eq!(line["best"], serde_json::Value::Array(best));
        }
    }
}

#[test]
fn review_json_of_the_worked_line() {
    let json = review_json(&["--moves", "7,8 8,6"]);
    assert_eq!(json["par"], 21);
    assert_eq!(json["held_out"], serde_json::Value::Null);
    assert_eq!(json["over"], false);
    // SPEC §2.4's worked line: M (8,8), B (7,8), M (8,7), B (8,6), M (11,8).
    assert_eq!(json["moves"][0]["breaker"], serde_json::json!([7, 8]));
    assert_eq!(json["moves"][0]["maker"], serde_json::json!([8, 7]));
    assert_eq!(json["moves"][1]["maker"], serde_json::json!([11, 8]));
    // The panel's numbers on that line (`snaky replay` reports guarantee 20 after it).
    assert_eq!(json["moves"][0]["guarantee_before"], 21);
    assert_eq!(json["moves"][1]["guarantee_after"], 20);
}

#[test]
fn review_of_a_perfect_game_holds_out_par() {
    for (maker, flag, par) in [(Maker::Paper, "21", 21), (Maker::Ours, "20", 20), (Maker::Ours19, "19", 19)] {
        let moves = record::format_moves(&computer_game(maker, BreakerKind::Perfect, 2));
        let json = review_json(&["--moves", &moves, "--maker", flag]);
        assert_eq!((json["par"].as_u64(), json["held_out"].as_u64()), (Some(par), Some(par)));
        assert_eq!(json["over"], true);
        assert_eq!(json["costliest"], serde_json::Value::Null);
        assert!(json["moves"].as_array().expect("moves").iter().all(|m| m["lost"] == 0));
        let text = pokopoko(&["snaky", "review", "--moves", &moves, "--maker", flag]);
        let text = String::from_utf8_lossy(&text.stdout);
        assert!(
            text.contains(&format!("You held out {par} Maker moves")) && text.contains(&format!("par {par}"))
        );
    }
}

#[test]
fn review_text_is_a_table_marking_the_costliest_move() {
    let output = pokopoko(&["snaky", "review", "--moves", "7,8 8,6"]);
    assert!(output.status.success());
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("not over") && text.contains("par 21"), "{text}");
    for heading in ["Move", "Breaker", "Before", "After", "Lost", "Kept by"] {
        assert!(text.contains(heading), "{heading} missing from\n{text}");
    }
    let json = review_json(&["--moves", "7,8 8,6"]);
    let costliest = json["costliest"].as_u64().expect("a move lost something") as usize;
    let marked: Vec<&str> = text.lines().filter(|l| l.contains("<- costliest")).collect();
    assert_eq!(marked.len(), 1, "{text}");
    assert!(marked[0].trim_start().starts_with(&format!("{} ", costliest + 1)), "{text}");
}

#[test]
fn review_refuses_hostile_moves_with_exit_code_2() {
    let over = record::format_moves(&computer_game(Maker::Paper, BreakerKind::Perfect, 0));
    let after_the_end = format!("{over} 100,100");
    for (moves, says) in [
        ("7,8 8,8", "move 2"),
        ("7,8 7,8", "move 2"),
        ("7,8 8,6 x,1", "move 3"),
        ("7,8 5", "move 2"),
        ("99999999999,1", "out of range"),
        (after_the_end.as_str(), "move 21"),
    ] {
        for json in [true, false] {
            let mut args = vec!["snaky", "review", "--moves", moves];
            if json {
                args.push("--json");
            }
            let output = pokopoko(&args);
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert_eq!(output.status.code(), Some(2), "{moves}: {stderr}");
            assert!(output.stdout.is_empty(), "{moves}");
            assert!(stderr.starts_with("pokopoko: error: --moves:") && stderr.contains(says), "{stderr}");
        }
    }
    for args in [vec!["snaky", "review", "--moves", "7,8", "--maker", "18"], vec!["snaky", "review"]] {
        let output = pokopoko(&args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty());
    }
}

/// What a finished game's result points to (`review::Ended`): a move that lowered the guarantee;
/// else the first move that left a finishing cell open, found here by brute force over Snaky's
/// copies; else nothing. Two games where every reply kept the most any reply kept, and still
/// ended well before par (a best-reply Breaker found by seed), and a game with costly moves.
#[test]
fn a_finished_game_says_why_it_ended_when_it_did() {
    use pokopoko::snaky::review::Ended;
    let parse = |moves: &str| -> Vec<Cell> {
        moves
            .split_whitespace()
            .map(|xy| {
                let (x, y) = xy.split_once(',').unwrap();
                Cell::new(x.parse().unwrap(), y.parse().unwrap())
            })
            .collect()
    };
    let best_replies = [
        (Maker::Ours, "8,9 7,7 6,9 5,9 7,9 11,5 6,5 8,2 10,3 5,3 10,2"),
        (Maker::Ours19, "8,9 6,8 7,7 7,9 10,5 10,7 8,2 10,3 5,3 10,2"),
    ];
    for (maker, moves) in best_replies {
        let cards = maker.cards().expect("cards");
        let moves = parse(moves);
        let lesson = review(Arc::clone(&cards), &moves).expect("a legal game");
        assert!(lesson.over() && lesson.held_out.unwrap() < maker.bound(), "{maker:?}: ended before par");
        // Every reply kept the most any reply kept: no move lowered the guarantee.
        let (expected, _) = tried(&cards, &moves);
        assert!(expected.iter().all(|e| e.after >= e.kept), "{maker:?}: every reply a best one");
        // The first move that left a finishing cell open, by brute force.
        let mut game = Game::started(Arc::clone(&cards));
        // And whether a block of a finish lowered the guarantee (forced: no mistake).
        let (mut left_open, mut blocked) = (None, false);
        for (i, &cell) in moves.iter().enumerate() {
            let finishing = shapes::finishing(game.maker_cells(), game.breaker_cells());
            if left_open.is_none() && !finishing.is_empty() && !finishing.contains(&(cell.x, cell.y)) {
                left_open = Some(i + 1);
            }
            blocked |= finishing.contains(&(cell.x, cell.y)) && expected[i].after < expected[i].before;
            game.reply(cell).expect("legal");
        }
        let said = match (left_open, blocked) {
            (Some(n), _) => Ended::LeftOpen(n),
            (None, true) => Ended::Blocked,
            (None, false) => Ended::Unlowered,
        };
        assert_eq!(Ended::of(&lesson), said, "{maker:?}");
    }
    let costly = parse("6,7 7,9 9,7 10,9 11,7 8,9 8,7 11,9 6,12 6,10 11,10 11,12");
    let cards = Maker::Paper.cards().expect("cards");
    let (expected, _) = tried(&cards, &costly);
    assert!(expected.iter().any(|e| e.after < e.kept), "a reply kept less than the best");
    assert_eq!(Ended::of(&review(cards, &costly).expect("a legal game")), Ended::Lowered);
}

/// Newcomer #68's third game (ours, its plan turned by symmetry 7): Maker's move 8 at (7,5) made a
/// double threat, (6,5) and (7,4). The game said blocking (6,5) kept its count at 10; the player
/// blocked it, and Maker's next stone, (7,4), completed the Snaky at move 9. The count now says
/// 9 for every reply there, and the lesson's numbers are the ones every reply tried gives.
#[test]
fn a_count_said_for_a_block_is_not_beaten_by_the_next_stone() {
    let cards = Maker::Ours.cards().expect("cards");
    let turn = snaky::Symmetry::from_digit(7).expect("a symmetry");
    let mut game = Game::started_turned(Arc::clone(&cards), turn);
    for cell in cells("9,8 8,10 8,5 8,9 11,6 6,6 6,7") {
        game.reply(cell).expect("legal");
    }
    assert_eq!(game.maker_cells().last(), Some(&Cell::new(7, 5)));
    let finishing = shapes::finishing(game.maker_cells(), game.breaker_cells());
    assert_eq!(finishing, [(6, 5), (7, 4)].into_iter().collect());
    assert_eq!(game.guarantee(), 9);
    for (x, y) in finishing {
        assert_eq!(game.reply_guarantee(Cell::new(x, y)), Some(9), "block ({x},{y})");
        let mut blocked = game.clone();
        blocked.reply(Cell::new(x, y)).expect("free");
        assert_eq!((blocked.won(), blocked.maker_cells().len()), (true, 9), "block ({x},{y})");
    }
}
