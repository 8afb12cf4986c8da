//! `pokopoko solve` and `pokopoko stages` as a user runs them (SPEC §4).

#[path = "common/brute.rs"]
mod brute;

use std::io::Read;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use brute::BruteForce;

fn pokopoko(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_pokopoko")).args(args).output().unwrap()
}

/// Runs the command and fails if it has not answered within `seconds` (a hang check for requests
/// that once ran for minutes, not a benchmark: the answers take milliseconds).
fn pokopoko_within(seconds: u64, args: &[&str]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_pokopoko"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        stdout.read_to_end(&mut bytes).map(|_| bytes)
    });
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("pokopoko {args:?} did not answer within {seconds} s");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let mut stderr = Vec::new();
    child.stderr.take().unwrap().read_to_end(&mut stderr).unwrap();
    Output { status, stdout: reader.join().unwrap().unwrap(), stderr }
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn solve_prints_the_2_to_5_table_and_rule_as_json() {
    // SPEC §1.2: 2–5 loses on r mod 7 ∈ {1, 2}; the answer sum is 2 + 5 = 7.
    let output = pokopoko(&["solve", "--min", "2", "--max", "5", "--upto", "30", "--json"]);
    assert!(output.status.success());
    let json: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(
        json,
        serde_json::json!({"min": 2, "max": 5, "losing": [1, 2, 8, 9, 15, 16, 22, 23, 29, 30],
                           "pre_period": 0, "period": 7, "residues": [1, 2], "answer_sum": 7})
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

/// `solve --min 1 --max 4000000000` never answered and `--max 100000` took 40 s: the largest
/// range is now solved at once, and anything larger is refused with the limit.
#[test]
fn solve_answers_for_the_largest_picks_or_names_the_limit() {
    let output = pokopoko_within(20, &["solve", "--min", "1", "--max", "100000"]);
    assert!(output.status.success(), "{}", stderr(&output));
    // Picks 1–n lose exactly on r mod (n + 1) = 1 (SPEC §1.2's closed form for min = 1).
    assert!(stdout(&output).contains("r mod 100001 = 1"), "{}", stdout(&output));
    for (args, needle) in [
        (&["solve", "--min", "1", "--max", "4000000000"][..], "picks of at most 100000"),
        (&["solve", "--min", "1", "--max", "100001"][..], "picks of at most 100000"),
        (&["solve", "--min", "1", "--max", "2", "--upto", "4000000000"][..], "at most 1000000"),
        (&["solve", "--picks", "1,200000"][..], "picks of at most 100000"),
        (&["solve", "--picks", "0,3"][..], "at least 1"),
        (&["solve", "--picks", "1,x"][..], "invalid value 'x'"),
    ] {
        let output = pokopoko_within(20, args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(stderr(&output).contains(needle), "{args:?}: {}", stderr(&output));
    }
    let scattered: Vec<String> = (0..33).map(|i| (3 * i + 1).to_string()).collect();
    let output = pokopoko_within(20, &["solve", "--picks", &scattered.join(",")]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("at most 32 runs"), "{}", stderr(&output));
}

/// SPEC §1.2's recurrence for any pick set, written out here as the reference.
fn literal_losing(counts: &[u32], upto: u32) -> Vec<u32> {
    let mut can_win = vec![false; upto as usize + 1];
    for r in 1..=upto {
        can_win[r as usize] = counts.iter().any(|&k| k < r && !can_win[(r - k) as usize]);
    }
    (1..=upto).filter(|&r| !can_win[r as usize]).collect()
}

#[test]
fn solve_takes_any_finite_pick_set() {
    let output = pokopoko(&["solve", "--picks", "1,3,4", "--upto", "60", "--json"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let json: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(json["picks"], serde_json::json!([1, 3, 4]));
    assert_eq!(json["losing"], serde_json::json!(literal_losing(&[1, 3, 4], 60)));
    let period = json["period"].as_u64().unwrap() as u32;
    let residues: Vec<u32> = serde_json::from_value(json["residues"].clone()).unwrap();
    let by_rule: Vec<u32> = (1..=60).filter(|r| residues.contains(&(r % period))).collect();
    assert_eq!(json["losing"], serde_json::json!(by_rule));
    // A set with a start before its period: the exceptions are listed.
    let output = pokopoko(&["solve", "--picks", "4,9,10", "--upto", "200"]);
    let text = stdout(&output);
    assert!(text.starts_with("Picks {4, 9, 10}, misère"), "{text}");
    assert!(text.contains("below that, losing:"), "{text}");
    let listed: Vec<u32> = text
        .lines()
        .skip(2)
        .take_while(|line| line.starts_with("  "))
        .flat_map(|line| line.split_whitespace().map(|n| n.parse::<u32>().unwrap()))
        .collect();
    assert_eq!(listed, literal_losing(&[4, 9, 10], 200));
}

/// `stages --show 100000` never answered (the endless island grew in quadratic time), and
/// `--show` generated a stage before checking its number.
#[test]
fn stages_show_draws_the_last_stage_and_refuses_beyond_it() {
    let output = pokopoko_within(30, &["stages", "--show", "100000"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.starts_with("Stage 100000: 400000 buttons, picks 2–5\n"), "{}", &text[..80]);
    assert_eq!(text.lines().skip(1).map(|line| line.matches('o').count()).sum::<usize>(), 400_000);
    for args in [&["stages", "--show", "100001"][..], &["stages", "--show", "4000000000"][..]] {
        let output = pokopoko_within(20, args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(stderr(&output).contains("stages are numbered 1 to 100000"), "{}", stderr(&output));
    }
    let output = pokopoko_within(20, &["stages", "--upto", "25000000"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("the ladder ends at stage 100000"), "{}", stderr(&output));
    let output = pokopoko_within(20, &["stages", "--upto", "100000", "--json"]);
    let rows: Vec<serde_json::Value> = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(rows.len(), 100_000);
    // SPEC §1.2: picks 2–5 lose on r mod 7 ∈ {1, 2}. 399,996 mod 7 = 2: go second; 400,000 mod 7 = 6.
    assert_eq!(rows[99_998]["right_choice"], "second");
    assert_eq!(rows[99_999]["right_choice"], "first");
}

fn scratch_file(name: &str, text: &str) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("pokopoko-cli-{}-{name}", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn stages_file_validates_a_ladder_and_prints_it() {
    let ladder = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/stages/ladder.ron")).unwrap();
    let path = scratch_file("good.ron", &ladder);
    let output = pokopoko(&["stages", "--file", path.to_str().unwrap()]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.lines().next().unwrap().ends_with(": valid, 14 fixed stages"), "{text}");
    assert_eq!(
        text,
        format!("{}: valid, 14 fixed stages\n{}", path.display(), stdout(&pokopoko(&["stages"])))
    );
    // Stage 8's button count changed from 32 to 33: refused at that very value.
    let broken = ladder.replacen("buttons: 32,", "buttons: 33,", 1);
    let (line, col) = broken
        .lines()
        .enumerate()
        .find_map(|(i, l)| l.find("buttons: 33,").map(|c| (i + 1, c + "buttons: ".len() + 1)))
        .unwrap();
    let path = scratch_file("bad.ron", &broken);
    let output = pokopoko(&["stages", "--file", path.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    let expected = format!(
        "pokopoko: error: {}:{line}:{col}: stage 8: the layout has 32 buttons but the stage says 33\n",
        path.display()
    );
    assert_eq!(stderr(&output), expected);
    let output = pokopoko(&["stages", "--file", "/nonexistent/ladder.ron"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("/nonexistent/ladder.ron: cannot read"), "{}", stderr(&output));
}

/// `solve --json` adds `"answer_sum"` exactly when the brute force finds a c that works (every
/// range 1–8, every subset of 1..=5 and a few more sets), and leaves the field out otherwise.
#[test]
fn solve_json_adds_the_answer_sum_the_brute_force_finds() {
    let mut sets: Vec<Vec<u32>> = Vec::new();
    for min in 1..=8 {
        for max in min..=8 {
            sets.push((min..=max).collect());
        }
    }
    sets.extend((1u32..32).map(|mask| (1..=5).filter(|k| mask & (1 << (k - 1)) != 0).collect()));
    sets.extend([vec![2, 3, 9, 10], vec![4, 9, 10], vec![1, 12]]);
    let (mut with, mut without) = (0, 0);
    for counts in sets {
        let list = counts.iter().map(u32::to_string).collect::<Vec<_>>().join(",");
        let output = pokopoko(&["solve", "--picks", &list, "--json"]);
        assert!(output.status.success(), "{list}: {}", stderr(&output));
        let json: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
        let found = BruteForce::new(&counts).answer_sums(400);
        match found.as_slice() {
            [c] => {
                assert_eq!(json["answer_sum"], serde_json::json!(c), "{list}");
                with += 1;
            }
            [] => {
                assert!(json.get("answer_sum").is_none(), "{list}: {json}");
                without += 1;
            }
            more => panic!("{list}: the brute force found {more:?}"),
        }
    }
    assert!(with >= 50 && without >= 8, "{with} with, {without} without");
}

/// The text names the pairing (SPEC §1.2's 2–5: answer k with 7 − k), or says there is none
/// ({1, 3, 4}: 5 − 3 = 2 is not allowed), and the edge rule (2–5: 1 and 2 lose).
#[test]
fn solve_explains_the_pairing_and_the_edge_rule_in_text() {
    let text = stdout(&pokopoko(&["solve", "--min", "2", "--max", "5", "--upto", "20"]));
    assert!(text.contains("with 7 − k (answer sum 7 = 2 + 5)"), "{text}");
    assert!(text.contains("with 2 or fewer left every press takes the last button, so 1–2 lose"), "{text}");
    let text = stdout(&pokopoko(&["solve", "--picks", "1,3,4", "--upto", "20"]));
    assert!(text.contains("Pairing: none"), "{text}");
    assert!(text.contains("with 1 left the only press takes the last button, so 1 loses"), "{text}");
}
