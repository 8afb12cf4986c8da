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
