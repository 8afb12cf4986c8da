//! `pokopoko solve` and `pokopoko stages` as a user runs them (SPEC §4).

use std::process::{Command, Output};

fn pokopoko(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_pokopoko")).args(args).output().unwrap()
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn solve_prints_the_2_to_5_table_and_rule_as_json() {
    let output = pokopoko(&["solve", "--min", "2", "--max", "5", "--upto", "30", "--json"]);
    assert!(output.status.success());
    let json: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(
        json,
        serde_json::json!({"min": 2, "max": 5, "losing": [1, 2, 8, 9, 15, 16, 22, 23, 29, 30],
                           "pre_period": 0, "period": 7, "residues": [1, 2]})
    );
}

#[test]
fn solve_explains_the_rule_in_text() {
    let output = pokopoko(&["solve", "--min", "1", "--max", "3", "--upto", "20"]);
    assert!(output.status.success());
    let text = stdout(&output);
    assert!(text.contains("1 5 9 13 17"), "{text}");
    assert!(text.contains("r mod 4 = 1"), "{text}");
}

#[test]
fn stages_json_is_the_spec_ladder() {
    let output = pokopoko(&["stages", "--json", "--upto", "14"]);
    assert!(output.status.success());
    let rows: Vec<serde_json::Value> = serde_json::from_str(&stdout(&output)).unwrap();
    let seconds: Vec<u64> = rows
        .iter()
        .filter(|row| row["right_choice"] == "second")
        .map(|row| row["stage"].as_u64().unwrap())
        .collect();
    // SPEC §1.3: only stages 8 and 11 are won by moving second.
    assert_eq!(seconds, [8, 11]);
    assert_eq!(
        rows[13],
        serde_json::json!({"stage": 14, "buttons": 56, "min": 2, "max": 5, "right_choice": "first"})
    );
}

#[test]
fn stages_table_goes_on_past_14() {
    let output = pokopoko(&["stages", "--upto", "16"]);
    let text = stdout(&output);
    assert_eq!(text.lines().count(), 17);
    // Stage 16: 64 buttons, 64 mod 7 = 1, a losing start: go second.
    assert!(
        text.lines()
            .last()
            .unwrap()
            .split_whitespace()
            .collect::<Vec<_>>()
            .starts_with(&["16", "64", "2–5", "second"])
    );
}

#[test]
fn bad_arguments_exit_2_with_a_clear_message() {
    for (args, needle) in [
        (&["solve", "--min", "3", "--max", "2"][..], "min must not exceed max"),
        (&["solve", "--min", "0", "--max", "2"][..], "at least 1"),
        (&["solve", "--min", "two", "--max", "2"][..], "invalid value 'two'"),
        (&["stages", "--upto", "x"][..], "invalid value 'x'"),
        (&["stages", "--show", "0"][..], "--show 0"),
    ] {
        let output = pokopoko(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(needle), "{args:?}: {stderr}");
    }
}
