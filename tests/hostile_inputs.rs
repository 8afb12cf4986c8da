//! Issue 26 ("Hardening II"): the classes of hostile input the mutation fuzzer did not generate,
//! run against the built binary. Each test names its row of the table; the limits it
//! checks are the ones README states.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

use pokopoko::pokopoko::ladder_file::{MAX_FIXED_STAGES, MAX_LADDER_BYTES};
use pokopoko::snaky::certificate::{MAX_FILE_BYTES, SHIPPED_TEXT};

fn pokopoko(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_pokopoko")).args(args).output().expect("the binary runs")
}

/// Runs the binary with `input` on its standard input, written from another thread so that a
/// program that stops reading early cannot block the test.
fn pokopoko_with_input(args: &[&str], input: Vec<u8>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_pokopoko"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || {
        // A refusal closes the pipe early: a broken pipe here is the expected outcome.
        let _ = stdin.write_all(&input);
    });
    let output = child.wait_with_output().expect("the binary ends");
    writer.join().expect("the writer ends");
    output
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn stdout_lines(output: &Output) -> Vec<serde_json::Value> {
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|line| serde_json::from_str(line).expect("one JSON object per line"))
        .collect()
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("pokopoko-hostile-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Row 3: the 16 MiB limit was checked on the size a file claims, so `/dev/zero` or a pipe was
/// read until memory ran out. Bytes read count now: refused at the limit, exit 2.
#[test]
fn a_certificate_stream_is_refused_at_the_limit() {
    let output = pokopoko(&["snaky", "verify", "--certificate", "/dev/zero"]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(stderr(&output).contains(&format!("limit of {MAX_FILE_BYTES} bytes")), "{}", stderr(&output));
    assert_eq!(MAX_FILE_BYTES, 16 * 1024 * 1024, "README states the limit");
    let endless = "6 88 0\n".repeat(MAX_FILE_BYTES as usize / 7 + 1).into_bytes();
    let output = pokopoko_with_input(&["snaky", "verify", "--certificate", "/dev/stdin"], endless);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(stderr(&output).contains(&format!("limit of {MAX_FILE_BYTES} bytes")), "{}", stderr(&output));
    // A certificate within the limit still comes through a pipe.
    let output = pokopoko_with_input(
        &["snaky", "replay", "--moves", "7,8", "--certificate", "/dev/stdin"],
        SHIPPED_TEXT.as_bytes().to_vec(),
    );
    assert!(output.status.success(), "{}", stderr(&output));
}

/// Rows 3 and 10: `stages --file /dev/zero` read forever, and a FIFO as the ladder hung the game:
/// a ladder must be a regular file, refused without blocking otherwise.
#[test]
fn a_ladder_that_is_not_a_regular_file_is_refused_without_blocking() {
    let output = pokopoko(&["stages", "--file", "/dev/zero"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("not a regular file"), "{}", stderr(&output));
    let dir = scratch("fifo-ladder");
    let fifo = dir.join("ladder.ron");
    assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    let output = pokopoko(&["stages", "--file", fifo.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("not a regular file"), "{}", stderr(&output));
}

/// Row 16: an 11.6 MB ladder of 31,504 stages took 408 MB. A ladder file is at most 1 MiB and
/// 1,000 fixed stages.
#[test]
fn a_large_ladder_file_is_refused_by_its_size_and_its_stage_count() {
    assert_eq!((MAX_LADDER_BYTES, MAX_FIXED_STAGES), (1024 * 1024, 1_000), "README states the limits");
    let stage = |n: usize| {
        format!(
            "(stage: {n}, buttons: 4, picks: (min: 1, max: 2), shape: Island, layout: [\"oo\", \"oo\"]),\n"
        )
    };
    let dir = scratch("large-ladder");
    let many = dir.join("many.ron");
    let text: String = (1..=MAX_FIXED_STAGES + 1).map(stage).collect();
    std::fs::write(&many, format!("Ladder(stages: [\n{text}])")).unwrap();
    let output = pokopoko(&["stages", "--file", many.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    // The first stage past the limit is named by its line.
    let expected = format!("{}:{}:", many.display(), MAX_FIXED_STAGES + 2);
    assert!(stderr(&output).contains(&expected), "{}", stderr(&output));
    assert!(stderr(&output).contains("more than 1000 fixed stages"), "{}", stderr(&output));
    let ok = dir.join("ok.ron");
    let text: String = (1..=MAX_FIXED_STAGES).map(stage).collect();
    std::fs::write(&ok, format!("Ladder(stages: [\n{text}])")).unwrap();
    assert!(pokopoko(&["stages", "--file", ok.to_str().unwrap()]).status.success());
    let big = dir.join("big.ron");
    let padding = " ".repeat(MAX_LADDER_BYTES as usize);
    std::fs::write(&big, format!("Ladder(stages: [{}{padding}])", stage(1))).unwrap();
    let output = pokopoko(&["stages", "--file", big.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains(&format!("limit of {MAX_LADDER_BYTES} bytes")), "{}", stderr(&output));
}

/// Row 5: a line that is not UTF-8 ended the game silently with exit 0. It gets an error object
/// and the game goes on.
#[test]
fn terminal_play_answers_a_line_that_is_not_utf8_and_goes_on() {
    let output = pokopoko_with_input(&["snaky", "play"], b"7,8\n\xff\xfe,1\n8,6\n".to_vec());
    assert!(output.status.success(), "{}", stderr(&output));
    let lines = stdout_lines(&output);
    assert_eq!(lines.len(), 4, "{lines:?}");
    assert!(lines[2]["error"].as_str().unwrap().contains("not UTF-8"), "{}", lines[2]);
    assert_eq!(lines[3]["maker"], serde_json::json!([11, 8]));
}

/// Row 6: input with no newline was buffered without limit until an abort at 4 GB. A line longer
/// than 1,024 bytes gets one error object, is skipped to its end without being kept, and the
/// game goes on.
#[test]
fn terminal_play_refuses_a_line_over_the_limit_and_goes_on() {
    use pokopoko::cli::MAX_PLAY_LINE_BYTES;
    assert_eq!(MAX_PLAY_LINE_BYTES, 1024, "README states the limit");
    let mut input = b"7,8\n".to_vec();
    input.extend(std::iter::repeat_n(b'7', 8 * 1024 * 1024));
    input.extend(b"\n8,6\n");
    let output = pokopoko_with_input(&["snaky", "play"], input);
    assert!(output.status.success(), "{}", stderr(&output));
    let lines = stdout_lines(&output);
    assert_eq!(lines.len(), 4, "{}", String::from_utf8_lossy(&output.stdout));
    assert!(lines[2]["error"].as_str().unwrap().contains("longer than 1024 bytes"), "{}", lines[2]);
    assert_eq!(lines[3]["maker"], serde_json::json!([11, 8]));
    // A line of exactly the limit is read (and refused as a move, not as a line).
    let mut input = b"7,8 ".to_vec();
    input.resize(MAX_PLAY_LINE_BYTES, b' ');
    input.push(b'\n');
    let output = pokopoko_with_input(&["snaky", "play"], input);
    let lines = stdout_lines(&output);
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[1]["maker"], serde_json::json!([8, 7]), "{}", lines[1]);
}

/// Row 14: a certificate that fails `verify` (its root requires cells) was played without a
/// warning, its "guarantee" rising from 2 to 6. `play`, `replay`, `heat` and `review` refuse it; with
/// `--unverified` they play it and every guarantee carries a warning.
#[test]
fn a_certificate_that_fails_verify_is_refused_or_played_with_a_warning() {
    let dir = scratch("unverified");
    let path = dir.join("two-lines.txt");
    let text: String = SHIPPED_TEXT.lines().take(2).map(|l| format!("{l}\n")).collect();
    std::fs::write(&path, text).unwrap();
    let path = path.to_str().unwrap();
    assert_eq!(pokopoko(&["snaky", "verify", "--certificate", path]).status.code(), Some(1));
    for args in [
        vec!["snaky", "replay", "--moves", "", "--certificate", path],
        vec!["snaky", "heat", "--certificate", path],
        vec!["snaky", "review", "--moves", "0,9", "--certificate", path],
        vec!["snaky", "play", "--certificate", path],
    ] {
        let output = pokopoko(&args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
        assert!(stderr(&output).contains("fails `snaky verify`"), "{args:?}: {}", stderr(&output));
        assert!(stderr(&output).contains("--unverified"), "{}", stderr(&output));
    }
    let output = pokopoko(&["snaky", "replay", "--moves", "", "--certificate", path, "--unverified"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(stderr(&output).contains("warning"), "{}", stderr(&output));
    assert!(stdout_lines(&output)[0]["warning"].as_str().unwrap().contains("not proven"));
    let output =
        pokopoko(&["snaky", "review", "--moves", "0,9", "--json", "--certificate", path, "--unverified"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(stdout_lines(&output)[0]["warning"].as_str().unwrap().contains("not proven"));
    let output =
        pokopoko_with_input(&["snaky", "play", "--certificate", path, "--unverified"], b"0,9\n".to_vec());
    let lines = stdout_lines(&output);
    assert!(!lines.is_empty());
    for line in lines.iter().filter(|l| l.get("guarantee").is_some()) {
        assert!(line["warning"].as_str().unwrap().contains("not proven"), "{line}");
    }
    // The shipped certificate, given as a file, verifies and plays without a warning.
    let shipped = dir.join("paper.txt");
    std::fs::write(&shipped, SHIPPED_TEXT).unwrap();
    let output = pokopoko(&["snaky", "replay", "--moves", "7,8", "--certificate", shipped.to_str().unwrap()]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(stdout_lines(&output)[0].get("warning").is_none());
}

/// Row 15: the control characters and escape sequences of a bad input are shown escaped.
#[test]
fn errors_never_print_raw_control_characters() {
    let output = pokopoko(&["snaky", "replay", "--moves", "7,8 \u{1b}[2J\u{7}"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(!stderr(&output).trim_end().chars().any(char::is_control), "{:?}", stderr(&output));
    let dir = scratch("escape");
    let path = dir.join("c.txt");
    std::fs::write(&path, "6 \u{1b}]0;owned\u{7} 0\n").unwrap();
    let output = pokopoko(&["snaky", "verify", "--certificate", path.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(1));
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(!text.replace('\n', "").chars().any(char::is_control), "{text:?}");
}
