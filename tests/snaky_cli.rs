//! `pokopoko snaky verify | replay`, run as the built binary.

use std::process::{Command, Output};

use pokopoko::snaky::{BreakerKind, ComputerBreaker, Game, play_out, record, shipped_cards};

fn pokopoko(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_pokopoko")).args(args).output().expect("the binary runs")
}

fn replay_json(moves: &str) -> serde_json::Value {
    let output = pokopoko(&["snaky", "replay", "--moves", moves]);
    assert!(output.status.success(), "stderr: {}", String::from_utf8_lossy(&output.stderr));
    serde_json::from_slice(&output.stdout).expect("one JSON object")
}

fn replay_error(moves: &str) -> String {
    let output = pokopoko(&["snaky", "replay", "--moves", moves]);
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn verify_prints_every_numbered_check_and_passes() {
    let output = pokopoko(&["snaky", "verify"]);
    assert!(output.status.success());
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(!text.contains("FAIL"), "{text}");
    for number in ["728", "1,620", "898", "4,089", "37,042", "35,422", "53,823", "251"] {
        assert!(text.contains(number), "{number} missing from\n{text}");
    }
    assert!(text.contains("check  1 PASS") && text.contains("check 13 PASS"), "{text}");
}

/// The facts of ours in 19 as docs/snaky-19.md states them: the file (1,113 lines, 56,477 bytes,
/// SHA-256 dcef591a…2477), its evaluation (1,119 cards, 2,053 combination nodes, 55,549
/// reachable states) and eleven checks, all passing, with a worst case of 19 Maker moves.
#[test]
fn verify_with_maker_19_checks_our_certificate_in_19() {
    let output = pokopoko(&["snaky", "verify", "--maker", "19"]);
    let text = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "stderr: {}", String::from_utf8_lossy(&output.stderr));
    assert!(!text.contains("FAIL"), "{text}");
    assert!(text.contains("dcef591a") && !text.contains("3fa12d36"), "not ours in 19:\n{text}");
    for number in ["1,113", "56,477", "1,119", "2,053", "55,549"] {
        assert!(text.contains(number), "{number} missing from\n{text}");
    }
    let checks: Vec<&str> = text.lines().filter(|line| line.starts_with("check ")).collect();
    assert_eq!(checks.len(), 11, "{text}");
    assert!(checks.iter().all(|line| line.contains("PASS")), "{text}");
    let worst = checks.iter().find(|line| line.contains("worst case")).expect("a worst-case check");
    assert!(worst.contains("19 Maker moves"), "{worst}");
}

#[test]
fn verify_refuses_a_maker_that_is_not_shipped() {
    let output = pokopoko(&["snaky", "verify", "--maker", "18"]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(output.stdout.is_empty());
    assert!(stderr.contains("--maker") && stderr.contains("\"18\""), "{stderr}");
    assert!(["21", "20", "19"].iter().all(|bound| stderr.contains(bound)), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn replay_plays_the_worked_line() {
    let json = replay_json("7,8 8,6");
    assert_eq!(json["maker"], serde_json::json!([[8, 8], [8, 7], [11, 8]]));
    assert_eq!(json["breaker"], serde_json::json!([[7, 8], [8, 6]]));
    assert_eq!(json["won"], false);
    assert!(json["card"].is_u64() && json["height"].is_u64());
}

#[test]
fn replay_with_no_moves_shows_card_727() {
    let json = replay_json("");
    assert_eq!(json["maker"], serde_json::json!([[8, 8]]));
    assert_eq!((json["card"].as_u64(), json["height"].as_u64()), (Some(727), Some(21)));
}

#[test]
fn replay_accepts_a_negative_first_move() {
    let json = replay_json("-2,13 5,5");
    assert_eq!(json["breaker"], serde_json::json!([[-2, 13], [5, 5]]));
    assert_eq!(json["maker"][0], serde_json::json!([8, 8]));
    assert_eq!(json["maker"].as_array().map(Vec::len), Some(3));
}

#[test]
fn replay_of_a_whole_game_reports_the_win() {
    let mut game = Game::started(shipped_cards().expect("cards"));
    play_out(&mut game, &mut ComputerBreaker::new(BreakerKind::Perfect, 1));
    let moves = record::format_moves(game.breaker_cells());
    let json = replay_json(&moves);
    assert_eq!(json["won"], true);
    assert_eq!(json["maker"].as_array().map(Vec::len), Some(21));
    assert_eq!(json["height"].as_u64(), Some(1));
    // One more move after the end is an error naming its position (21st Breaker move).
    let error = replay_error(&format!("{moves} 100,100"));
    assert!(error.contains("move 21") && error.contains("over"), "{error}");
}

#[test]
fn replay_errors_name_the_position_of_the_bad_move() {
    let error = replay_error("7,8 8,8");
    assert!(
        error.starts_with("pokopoko: error:") && error.contains("move 2") && error.contains("taken"),
        "{error}"
    );
    let error = replay_error("7,8 8,6 x,1");
    assert!(error.contains("move 3") && error.contains("x,1") && error.contains("malformed"), "{error}");
    let error = replay_error("-2,13 5");
    assert!(error.contains("move 2"), "{error}");
}

fn pokopoko_with_input(args: &[&str], input: &str) -> Output {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_pokopoko"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child.stdin.take().expect("stdin").write_all(input.as_bytes()).expect("input written");
    child.wait_with_output().expect("the binary ends")
}

#[test]
fn terminal_play_answers_each_line_and_survives_a_bad_one() {
    let output = pokopoko_with_input(&["snaky", "play"], "7,8\nfoo\n8,7\n8,6\n");
    assert!(output.status.success());
    let lines: Vec<serde_json::Value> = String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect();
    assert_eq!(lines.len(), 5);
    // SPEC §2.4's worked line: M (8,8), B (7,8), M (8,7), B (8,6), M (11,8).
    assert_eq!(lines[0]["maker"], serde_json::json!([8, 8]));
    assert_eq!(lines[0]["guarantee"], 21);
    assert_eq!(lines[1]["maker"], serde_json::json!([8, 7]));
    assert_eq!(lines[2]["input"], "foo");
    assert!(lines[2]["error"].as_str().is_some_and(|e| e.contains("malformed")));
    assert_eq!(lines[3]["input"], "8,7");
    assert!(lines[3]["error"].as_str().is_some_and(|e| e.contains("taken")));
    assert_eq!(lines[4]["maker"], serde_json::json!([11, 8]));
    assert_eq!(lines[4]["won"], false);
}

#[test]
fn terminal_play_against_our_maker_opens_at_8_8_within_20() {
    let output = pokopoko_with_input(&["snaky", "play", "--maker", "20", "--text"], "");
    let text = String::from_utf8_lossy(&output.stdout);
    let first: serde_json::Value = serde_json::from_str(text.lines().next().expect("a line")).expect("JSON");
    assert_eq!((first["maker"].clone(), first["guarantee"].clone()), (serde_json::json!([8, 8]), 20.into()));
    // The board follows as text: 17 rows of the frame and the x axis.
    assert_eq!(text.lines().count(), 1 + 17 + 1);
    assert!(text.contains('x'), "Maker's last move is drawn");
}

#[test]
fn the_heat_map_gives_each_free_envelope_cell_the_height_of_the_card_maker_keeps() {
    let output = pokopoko(&["snaky", "heat", "--moves", "7,8 8,6", "--json"]);
    assert!(output.status.success());
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    let cells = json["cells"].as_array().expect("cells");
    // After M (8,8), B (7,8), M (8,7), B (8,6), M (11,8) the active card is 684 with |T| = 170
    // (the info panel's numbers), and Maker owns 3 of its cells, Breaker none.
    assert_eq!(cells.len(), 170 - 3);
    let cards = shipped_cards().expect("cards");
    let game = record::replay(cards.clone(), &[(7, 8).into(), (8, 6).into()]).expect("legal");
    for cell in cells {
        let at = pokopoko::snaky::Cell::new(
            cell["x"].as_i64().unwrap_or(0) as i32,
            cell["y"].as_i64().unwrap_or(0) as i32,
        );
        let next = game.active_claim().after_reply(&cards, at).expect("a child survives");
        assert_eq!(cell["height"], next.height(&cards), "{at}");
    }
    let first_child = cards.children(game.active_claim().node)[0].node;
    assert_eq!(json["outside"], cards.node(first_child).height);
}
