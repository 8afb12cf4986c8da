//! Snaky as Maker on the command line (`snaky coach`, `snaky play --as maker`, `snaky levels`),
//! run as the built binary. The coach's answers are checked against the certificates' cards
//! themselves, placed as the answer says, not against the coach.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Output, Stdio};

use pokopoko::snaky::as_maker::{Attacker, Coach, Level, MakerGame, Opponent};
use pokopoko::snaky::{Cell, Maker, Placement, Player, Symmetry, record};
use serde_json::Value;

fn pokopoko(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_pokopoko")).args(args).output().expect("the binary runs")
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn coach_json(maker: &str, breaker: &str) -> Value {
    let output = pokopoko(&["snaky", "coach", "--maker-moves", maker, "--breaker-moves", breaker, "--json"]);
    assert!(output.status.success(), "{maker} / {breaker}: {}", stderr(&output));
    serde_json::from_slice(&output.stdout).expect("one JSON value")
}

/// A refused position: exit 2, nothing on stdout, one line on stderr that is not a panic.
fn coach_error(maker: &str, breaker: &str) -> String {
    let output = pokopoko(&["snaky", "coach", "--maker-moves", maker, "--breaker-moves", breaker]);
    let error = stderr(&output);
    assert_eq!(output.status.code(), Some(2), "{maker} / {breaker}: {error}");
    assert!(output.stdout.is_empty());
    assert!(error.starts_with("pokopoko: error:") && !error.contains("panicked"), "{error}");
    error
}

fn cell(json: &Value) -> Cell {
    let coordinate = |i: usize| i32::try_from(json[i].as_i64().expect("a number")).expect("an i32");
    Cell::new(coordinate(0), coordinate(1))
}

/// `sS+(dx,dy)`: the symmetry's digit, then the translation.
fn placement(text: &str) -> Placement {
    let (digit, translation) = text.strip_prefix('s').and_then(|t| t.split_once('+')).expect("sS+(dx,dy)");
    let (dx, dy) = translation
        .strip_prefix('(')
        .and_then(|t| t.strip_suffix(')'))
        .and_then(|t| t.split_once(','))
        .expect("(dx,dy)");
    let symmetry = Symmetry::from_digit(digit.parse().expect("a digit")).expect("0..7");
    Placement::new(symmetry, dx.parse().expect("dx"), dy.parse().expect("dy"))
}

fn certificate(name: &str) -> Maker {
    match name {
        "ours-19" => Maker::Ours19,
        "ours-20" => Maker::Ours,
        "paper" => Maker::Paper,
        other => panic!("unknown certificate {other}"),
    }
}

/// The coach's answer holds by the card's own definition (SPEC §2.2): the named node of the named
/// certificate, placed by F, has Maker owning F(A), Breaker nothing in F(T), the hint is F(pivot)
/// and free, and the bound is its height h. A card on the stones requires some of them; a fresh
/// start is a root (A = ∅) on clear ground, h = 19.
fn check_answer(game: &MakerGame, answer: &Value) {
    let cards = certificate(answer["maker"].as_str().expect("maker")).cards().expect("shipped");
    let f = placement(answer["placement"].as_str().expect("placement"));
    let hint = cell(&answer["hint"]);
    let within = answer["within"].as_u64().expect("within");
    let footing = answer["footing"].as_str().expect("footing");
    // Placed cells as wide integers: a cell past ±2³¹ is not on the board.
    let place = |c: pokopoko::snaky::FrameCell| {
        let (x, y) = f.symmetry.apply(c.x(), c.y());
        let (x, y) = (i64::from(x) + i64::from(f.dx), i64::from(y) + i64::from(f.dy));
        Some(Cell::new(i32::try_from(x).ok()?, i32::try_from(y).ok()?))
    };
    let owner = |c: Option<Cell>| c.and_then(|c| game.owner(c));
    let applies = cards
        .nodes()
        .iter()
        .filter(|n| u64::from(n.card) == answer["card"] && Some(n.inline) == answer["inline"].as_bool())
        .any(|node| {
            u64::from(node.height) == within
                && node.required.iter().all(|a| owner(place(a)) == Some(Player::Maker))
                && node
                    .envelope
                    .iter()
                    .all(|t| place(t).is_some() && owner(place(t)) != Some(Player::Breaker))
                && place(node.pivot) == Some(hint)
                && game.is_free(hint)
                && match footing {
                    "here" => !node.required.is_empty() || game.maker_cells().is_empty(),
                    "afresh" => node.required.is_empty() && within == 19,
                    other => panic!("footing {other}"),
                }
        });
    assert!(applies, "{answer} does not apply after {:?}", game.moves());
}

fn records(game: &MakerGame) -> (String, String) {
    (record::format_moves(game.maker_cells()), record::format_moves(game.breaker_cells()))
}

#[test]
fn at_the_empty_board_the_coach_hints_the_root_of_our_19() {
    // SPEC: our 19's root has pivot (8,8) and h = 19.
    let answer = coach_json("", "");
    assert_eq!((cell(&answer["hint"]), answer["within"].as_u64()), (Cell::new(8, 8), Some(19)));
    assert_eq!((answer["maker"].as_str(), answer["footing"].as_str()), (Some("ours-19"), Some("here")));
    check_answer(&MakerGame::new(), &answer);
    let output = pokopoko(&["snaky", "coach"]);
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.starts_with("Proven: Maker wins within 19 more moves.\nHint: (8,8) — card "), "{text}");
    assert!(text.contains(" of ours-19 under s0+(0,0)."), "{text}");
}

/// Positions with Maker to move from seeded games: the hints against each level (cards on the
/// stones, early to late), and the heuristic Maker, whose stones soon carry no card (fresh
/// starts).
fn positions() -> Vec<MakerGame> {
    let coach = Coach::shipped().expect("shipped");
    let mut positions = Vec::new();
    for (level, seed) in [(Level::Blocker, 1), (Level::Potential, 2), (Level::Searcher, 3)] {
        for heuristic in [false, true] {
            let mut game = MakerGame::new();
            let mut maker = Attacker::new(seed);
            let mut breaker = Opponent::new(level, seed);
            while !game.won() && game.maker_cells().len() < 24 {
                if game.maker_cells().len() % 3 == 1 {
                    positions.push(game.clone());
                }
                let cell = match heuristic {
                    true => maker.choose(&game),
                    false => coach.advise(&game).map(|a| a.hint),
                };
                game.maker_move(cell.expect("a move")).expect("legal");
                if !game.won() {
                    game.breaker_move(breaker.choose(&game).expect("a reply")).expect("legal");
                }
            }
        }
    }
    positions
}

#[test]
fn the_coach_names_a_card_that_applies_at_every_position_of_seeded_games() {
    let mut footings = std::collections::BTreeSet::new();
    for game in positions() {
        let (maker, breaker) = records(&game);
        let answer = coach_json(&maker, &breaker);
        check_answer(&game, &answer);
        footings.insert(answer["footing"].as_str().expect("footing").to_string());
    }
    assert_eq!(footings.into_iter().collect::<Vec<_>>(), ["afresh", "here"]);
}

#[test]
fn a_position_the_coach_cannot_advise_is_refused_with_its_reason() {
    let error = coach_error("8,8 x,1", "9,9");
    assert!(error.contains("--maker-moves: move 2 (`x,1`): malformed"), "{error}");
    let error = coach_error("8,8", "9,9 1,1");
    assert!(
        error.contains("--breaker-moves") && error.contains("2 Breaker moves to 1 Maker move"),
        "{error}"
    );
    let error = coach_error("8,8 1,1 2,2", "9,9");
    assert!(error.contains("--maker-moves") && error.contains("at most one more"), "{error}");
    // Breaker's turn: the coach advises Maker only.
    let error = coach_error("8,8", "");
    assert!(error.contains("Breaker's turn") && error.contains("1 Maker move, 0 Breaker moves"), "{error}");
    // A cell taken twice, by either side: the record and the move are named.
    let error = coach_error("8,8 8,8", "9,9");
    assert!(error.contains("--maker-moves: move 2 (`8,8`): cell (8,8) is already taken"), "{error}");
    let error = coach_error("8,8 7,7", "9,9 8,8");
    assert!(error.contains("--breaker-moves: move 2 (`8,8`): cell (8,8) is already taken"), "{error}");
    // Past the coordinates' range, and control characters shown escaped.
    let error = coach_error("2147483648,1", "");
    assert!(error.contains("move 1") && error.contains("out of range"), "{error}");
    let error = coach_error("8,8 \u{1b}[2J", "9,9");
    assert!(error.contains("\\u{1b}") && !error.contains('\u{1b}'), "{error}");
    // A longer record than any game.
    let many: Vec<String> = (0..1_001).map(|i| format!("{i},0")).collect();
    let error = coach_error(&many.join(" "), "");
    assert!(error.contains("1001 moves") && error.contains("at most 1000"), "{error}");
}

/// A won game, by the hints against the blocker.
fn won_game() -> MakerGame {
    let coach = Coach::shipped().expect("shipped");
    let mut game = MakerGame::new();
    let mut breaker = Opponent::new(Level::Blocker, 0);
    while !game.won() {
        game.maker_move(coach.advise(&game).expect("advice").hint).expect("legal");
        if !game.won() {
            game.breaker_move(breaker.choose(&game).expect("a reply")).expect("legal");
        }
    }
    game
}

#[test]
fn a_won_game_is_refused_but_reviewed() {
    let game = won_game();
    let (maker, breaker) = records(&game);
    let error = coach_error(&maker, &breaker);
    assert!(error.contains("won") && error.contains("--review"), "{error}");
    // One move more after the win names it.
    let error = coach_error(&maker, &format!("{breaker} 100,100"));
    assert!(error.contains("--breaker-moves") && error.contains("over"), "{error}");
    let output = pokopoko(&[
        "snaky",
        "coach",
        "--maker-moves",
        &maker,
        "--breaker-moves",
        &breaker,
        "--review",
        "--breaker",
        "blocker",
        "--json",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let review: Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(review["won"], true);
    let moves = review["moves"].as_array().expect("moves");
    assert_eq!(moves.len(), game.maker_cells().len());
    // Every move was the hint, so each kept the pace and the last one won.
    for (i, m) in moves.iter().enumerate() {
        assert_eq!(cell(&m["cell"]), game.maker_cells()[i]);
        assert_eq!(cell(&m["before"]["hint"]), game.maker_cells()[i]);
        assert_eq!((m["cost"].as_u64(), m["left_proof"].as_bool()), (Some(0), Some(false)), "{m}");
    }
    assert_eq!(moves.last().map(|m| m["won"].clone()), Some(Value::Bool(true)));
}

#[test]
fn the_review_prices_a_wandering_move_with_the_hints_line() {
    // (8,8) as hinted, then a move far away, then one more hinted move.
    let coach = Coach::shipped().expect("shipped");
    let mut game = MakerGame::new();
    let mut breaker = Opponent::new(Level::Searcher, 5);
    for wander in [false, true, false] {
        let cell = if wander { Cell::new(300, -300) } else { coach.advise(&game).expect("advice").hint };
        game.maker_move(cell).expect("legal");
        game.breaker_move(breaker.choose(&game).expect("a reply")).expect("legal");
    }
    let (maker, breaker) = records(&game);
    let args = ["snaky", "coach", "--maker-moves", &maker, "--breaker-moves", &breaker, "--review"];
    let args = [&args[..], &["--breaker", "searcher", "--seed", "5"]].concat();
    let output = pokopoko(&[&args[..], &["--json"]].concat());
    assert!(output.status.success(), "{}", stderr(&output));
    let review: Value = serde_json::from_slice(&output.stdout).expect("JSON");
    let wandering = &review["moves"][1];
    // Its bounds are the coach's at the two positions (asked apart), its cost their difference.
    let before = coach_json(
        &record::format_moves(&game.maker_cells()[..1]),
        &record::format_moves(&game.breaker_cells()[..1]),
    );
    let after =
        coach_json(&maker[..maker.rfind(' ').expect("3 moves")], &breaker[..breaker.rfind(' ').expect("3")]);
    assert_eq!(wandering["before"], before);
    assert_eq!(wandering["after"], after);
    let cost = after["within"].as_u64().expect("u64") + 1 - before["within"].as_u64().expect("u64");
    assert!(cost > 0, "a far move cannot keep the pace");
    assert_eq!(wandering["cost"].as_u64(), Some(cost));
    // The hints' line from before the move starts with the hint and wins within its bound.
    let line = wandering["line"].as_array().expect("a line");
    assert_eq!(cell(&line[0]), cell(&before["hint"]));
    let maker_moves = wandering["line_maker_moves"].as_u64().expect("a count");
    assert_eq!(maker_moves as usize, line.len().div_ceil(2));
    assert!(maker_moves <= before["within"].as_u64().expect("u64"));
    let text = pokopoko(&args);
    let text = String::from_utf8_lossy(&text.stdout);
    let row = text.lines().find(|l| l.contains("300,-300")).expect("the move's row");
    assert!(
        row.contains(&format!("cost {cost}"))
            && row.contains(&format!("wins in {maker_moves} more Maker move")),
        "{row}"
    );
}

#[test]
fn huge_coordinates_get_a_proof_that_stays_on_the_board_or_a_plain_no() {
    let corner = "2147483647,2147483647";
    for (maker, breaker) in
        [(corner, "-2147483648,-2147483648"), (corner, "8,8"), ("2147483640,2147483640", "0,0")]
    {
        let game = MakerGame::from_moves(
            &pokopoko::snaky::parse_moves(maker).expect("cells"),
            &pokopoko::snaky::parse_moves(breaker).expect("cells"),
        )
        .expect("legal");
        check_answer(&game, &coach_json(maker, breaker));
    }
    // Stones at all four ends leave no room to start afresh beside them.
    let maker = "2147483647,2147483647 -2147483648,-2147483648 2147483647,-2147483648 -2147483648,2147483647";
    let breaker = "8,8 0,0 1,1 2,2";
    assert_eq!(coach_json(maker, breaker), Value::Null);
    let output = pokopoko(&["snaky", "coach", "--maker-moves", maker, "--breaker-moves", breaker]);
    assert_eq!(String::from_utf8_lossy(&output.stdout), "No proof found from here (the game goes on).\n");
}

/// `snaky play --as maker` with its pipes, read a line at a time.
struct Session {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Session {
    fn start(args: &[&str]) -> Self {
        let mut child = Command::new(env!("CARGO_BIN_EXE_pokopoko"))
            .args(["snaky", "play"])
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary runs");
        let input = child.stdin.take().expect("stdin");
        let output = BufReader::new(child.stdout.take().expect("stdout"));
        Self { child, input, output }
    }

    fn read(&mut self) -> Value {
        let mut line = String::new();
        self.output.read_line(&mut line).expect("a line");
        serde_json::from_str(&line).unwrap_or_else(|e| panic!("{e}: {line:?}"))
    }

    fn say(&mut self, line: &[u8]) -> Value {
        self.input.write_all(line).and_then(|()| self.input.write_all(b"\n")).expect("written");
        self.input.flush().expect("flushed");
        self.read()
    }

    /// Closes standard input: the game ends cleanly, exit 0, nothing more said.
    fn end(self) {
        drop(self.input);
        let output = self.child.wait_with_output().expect("the binary ends");
        assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
        assert!(output.stdout.is_empty() && output.stderr.is_empty(), "{output:?}");
        let mut rest = String::new();
        let mut reader = self.output;
        reader.read_to_string_lossy(&mut rest);
        assert!(rest.is_empty(), "{rest}");
    }
}

trait ReadRest {
    fn read_to_string_lossy(&mut self, out: &mut String);
}

impl<R: std::io::Read> ReadRest for R {
    fn read_to_string_lossy(&mut self, out: &mut String) {
        let mut bytes = Vec::new();
        let _ = self.read_to_end(&mut bytes);
        out.push_str(&String::from_utf8_lossy(&bytes));
    }
}

#[test]
fn a_player_who_follows_the_hints_wins_within_19_against_every_level() {
    for (level, seed) in [("blocker", "0"), ("potential", "1"), ("searcher", "2")] {
        let mut session = Session::start(&["--as", "maker", "--breaker", level, "--seed", seed]);
        let start = session.read();
        assert_eq!((start["within"].as_u64(), start["goal"].as_u64()), (Some(19), Some(19)), "{start}");
        assert_eq!(start["coach"], "Proven: you win within 19 more moves.");
        let mut deadline = 19;
        let mut game = MakerGame::new();
        loop {
            let hint = session.say(b"hint");
            assert_eq!(hint["assisted"], true);
            check_answer(&game, &hint);
            let hinted = cell(&hint["hint"]);
            let made = game.maker_cells().len() as u64;
            deadline = deadline.min(made + hint["within"].as_u64().expect("within"));
            assert!(
                hint["coach"].as_str().is_some_and(|c| c.starts_with(&format!("Hint: {hinted} — "))),
                "{hint}"
            );
            let turn = session.say(format!("{},{}", hinted.x, hinted.y).as_bytes());
            game.maker_move(hinted).expect("legal");
            assert_eq!(turn["moves"].as_u64(), Some(made + 1), "{turn}");
            assert!(made < deadline, "{level}: the game outlived a promise");
            if turn["won"] == true {
                assert!(game.won() && turn["breaker"].is_null(), "{turn}");
                let coach = turn["coach"].as_str().expect("the end");
                let expected =
                    format!("You built the Snaky in {} Maker moves: within the goal of 19", made + 1);
                assert!(coach.starts_with(&expected) && coach.contains("assisted"), "{coach}");
                break;
            }
            game.breaker_move(cell(&turn["breaker"])).expect("Breaker answers on a free cell");
            let within = turn["within"].as_u64().expect("within");
            assert!(
                turn["coach"]
                    == format!(
                        "Proven: you win within {within} more move{}.",
                        if within == 1 { "" } else { "s" }
                    )
            );
        }
        assert!(game.maker_cells().len() <= 19, "{level}: {}", game.maker_cells().len());
        let after = session.say(b"9,9");
        assert!(after["error"].as_str().is_some_and(|e| e.contains("over")), "{after}");
        session.end();
    }
}

#[test]
fn bad_lines_get_an_error_and_the_game_goes_on() {
    let mut session = Session::start(&["--as", "maker", "--breaker", "potential"]);
    let start = session.read();
    assert_eq!(start["assisted"], false);
    let cases: [(&[u8], &str); 6] = [
        (b"foo", "malformed"),
        (b"1,2 3,4", "one move"),
        (b"2147483648,0", "out of range"),
        (b"\xff\xfe,1", "not UTF-8"),
        (b"hint please", "malformed"),
        (&[b'7'; 2_000], "longer than 1024 bytes"),
    ];
    for (line, error) in cases {
        let answer = session.say(line);
        assert!(answer["error"].as_str().is_some_and(|e| e.contains(error)), "{answer}");
        assert!(answer["input"].is_string());
    }
    let corner = session.say(b"2147483647,2147483647");
    assert_eq!(corner["moves"].as_u64(), Some(1), "{corner}");
    let reply = cell(&corner["breaker"]);
    // Breaker answers beside the stone, not across the board's ends (no copy wraps round).
    assert!(reply.x > i32::MAX - 5 && reply.y > i32::MAX - 5, "{reply}");
    assert!(corner["within"].is_u64(), "{corner}");
    let taken = session.say(format!("{},{}", reply.x, reply.y).as_bytes());
    assert!(taken["error"].as_str().is_some_and(|e| e.contains("taken")), "{taken}");
    let again = session.say(b"2147483647,2147483647");
    assert!(again["error"].as_str().is_some_and(|e| e.contains("taken")), "{again}");
    let next = session.say(b"  0,0\r");
    assert_eq!(next["moves"].as_u64(), Some(2), "{next}");
    assert_eq!(next["assisted"], false, "no hint was asked for");
    session.end();
}

#[test]
fn the_side_and_the_breaker_go_together() {
    for (args, says) in [
        (&["--as", "maker"][..], "--breaker"),
        (&["--breaker", "blocker"], "--as maker"),
        (&["--as", "maker", "--breaker", "blocker", "--maker", "20"], "--maker"),
        (&["--as", "maker", "--breaker", "strong"], "blocker, potential or searcher"),
        (&["--as", "nobody"], "--as"),
    ] {
        let output = pokopoko(&[&["snaky", "play"][..], args].concat());
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(stderr(&output).contains(says) && output.stdout.is_empty(), "{args:?}: {}", stderr(&output));
    }
    // `--as breaker` is today's game: the certificate's Maker opens at (8,8).
    let output = pokopoko(&["snaky", "play", "--as", "breaker"]);
    let first: Value =
        serde_json::from_slice(output.stdout.split(|&b| b == b'\n').next().expect("a line")).expect("JSON");
    assert_eq!((first["maker"].clone(), first["guarantee"].clone()), (serde_json::json!([8, 8]), 21.into()));
}

#[test]
fn the_level_table_counts_every_game() {
    let output = pokopoko(&["snaky", "levels", "--seeds", "1", "--json"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let rows: Value = serde_json::from_slice(&output.stdout).expect("JSON");
    let levels: Vec<&str> =
        rows.as_array().expect("rows").iter().filter_map(|r| r["level"].as_str()).collect();
    assert_eq!(levels, ["blocker", "potential", "searcher"]);
    for row in rows.as_array().expect("rows") {
        let (won, unfinished) = (row["won"].as_u64().expect("won"), row["unfinished"].as_u64().expect("u"));
        assert_eq!((row["games"].as_u64(), won + unfinished), (Some(1), 1), "{row}");
        assert_eq!(row["mean"].is_null(), won == 0, "{row}");
    }
}
