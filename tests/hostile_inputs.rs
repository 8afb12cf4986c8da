//! Issue 26 ("Hardening II"): the classes of hostile input the mutation fuzzer did not generate,
//! run against the built binary. Each test names its row of the table; the limits it
//! checks are the ones README states.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use pokopoko::pokopoko::ladder_file::{MAX_FIXED_STAGES, MAX_LADDER_BYTES};
use pokopoko::snaky::certificate::{MAX_FILE_BYTES, SHIPPED_TEXT};
use pokopoko::snaky::policy::FirstFree;
use pokopoko::snaky::research::hunt::{self, COMMITTED_19, HuntConfig};
use pokopoko::snaky::{Cards, Cell, Certificate, Game, Maker};

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

// Issue 37's audit: the checkpoint, the hunt's files, escaping, terminal play, long games.

/// Runs the binary, killing it if it has not ended within a minute: a hang is a failure, not a
/// test that never ends.
fn pokopoko_or_hang(args: &[&str]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_pokopoko"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let started = Instant::now();
    while child.try_wait().expect("waits").is_none() {
        if started.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("pokopoko {args:?} hung");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    child.wait_with_output().expect("the binary ends")
}

/// A fresh hunt for 19 in `dir` that runs level 0 only, on one thread.
fn one_level_hunt(dir: &Path) -> HuntConfig {
    HuntConfig {
        target: 19,
        dir: dir.to_path_buf(),
        threads: 1,
        memory_cap: 4 << 30,
        first_level: 0,
        last_level: 0,
        tighten: 0,
        fresh: true,
    }
}

fn arg(path: &Path) -> &str {
    path.to_str().expect("a UTF-8 path")
}

fn header() -> &'static str {
    COMMITTED_19.lines().next().expect("the committed cards' header")
}

/// Item 7: `abs` of i32::MIN overflowed ("attempt to negate with overflow" in debug, a wrapped
/// value in release). The line is refused with its number, and the scoreboard still prints.
#[test]
fn item_7_a_checkpoint_line_with_i32_min_is_refused_with_its_line() {
    let dir = scratch("i32min");
    for shift in ["-2147483648", "2147483647", "99999999999"] {
        let line = format!("0 3,8 p299/2/{shift}/4 = h11 a4 t40");
        std::fs::write(dir.join("part-0.cards"), format!("{}\n{line}\n", header())).unwrap();
        let output = pokopoko(&["snaky", "search", "--target", "19", "--fresh", "--checkpoint", arg(&dir)]);
        assert!(output.status.success(), "{shift}: {}", stderr(&output));
        assert!(stderr(&output).contains("part-0.cards line 2: child"), "{shift}: {}", stderr(&output));
        assert!(!stderr(&output).contains("panicked"), "{}", stderr(&output));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Items 8 and 9: a FIFO as a part hung the scoreboard; a part linked to /dev/zero ran out of
/// memory. Both are refused at once as not regular files.
#[test]
fn items_8_9_a_fifo_or_a_device_as_a_part_is_refused_without_blocking() {
    let dir = scratch("fifo");
    let part = dir.join("part-0.cards");
    assert!(Command::new("mkfifo").arg(&part).status().unwrap().success());
    let output = pokopoko_or_hang(&["snaky", "search", "--target", "19", "--checkpoint", arg(&dir)]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(stderr(&output).contains("not a regular file"), "{}", stderr(&output));
    std::fs::remove_file(&part).unwrap();
    std::os::unix::fs::symlink("/dev/zero", &part).unwrap();
    let output = pokopoko_or_hang(&["snaky", "search", "--target", "19", "--checkpoint", arg(&dir)]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(stderr(&output).contains("not a regular file"), "{}", stderr(&output));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Item 11: two hunts on one directory appended to the same parts. A run holds an advisory lock
/// on `DIR/lock`; a second is refused at once with a clear line, and writes nothing.
#[test]
fn item_11_a_second_hunt_on_a_locked_directory_is_refused() {
    let dir = scratch("lock");
    let held = pokopoko::safe_write::lock_dir(&dir).expect("the first run's lock");
    let output = pokopoko_or_hang(&["snaky", "search", "--target", "19", "--checkpoint", arg(&dir), "--run"]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(stderr(&output).contains("another run holds the lock"), "{}", stderr(&output));
    assert!(!dir.join("part-0.cards").exists() && !dir.join("progress.txt").exists());
    drop(held);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Item 11: a reader keeps what precedes a bad line (two hunts' interleaved lines: "card 13 where
/// card 17 was expected"), and says so on stderr, rather than refusing the whole part.
#[test]
fn item_11_a_part_with_a_bad_line_keeps_the_cards_before_it() {
    let dir = scratch("recover");
    let mut lines = COMMITTED_19.lines();
    let head = lines.next().unwrap();
    let cards: Vec<&str> = lines.take(20).collect();
    let part = format!("{head}\n{}\n{}\n{}\n", cards[..17].join("\n"), cards[13], cards[17]);
    std::fs::write(dir.join("part-0.cards"), &part).unwrap();
    let output = pokopoko(&["snaky", "search", "--target", "19", "--checkpoint", arg(&dir)]);
    assert!(output.status.success(), "{}", stderr(&output));
    let said = stderr(&output);
    assert!(said.contains("line 19: card 13 where card 17 was expected"), "{said}");
    assert!(said.contains("the 17 cards before it are read"), "{said}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Item 11: `--run` on a part with a bad line goes on from the cards before it: the part as it
/// was is kept beside it, and the part becomes its valid lines (so what the run appends is read
/// back after them).
#[test]
fn item_11_a_run_keeps_a_damaged_part_aside_and_goes_on_from_its_valid_lines() {
    let (paper, ours) = (Maker::Paper.cards().unwrap(), Maker::Ours.cards().unwrap());
    let dir = scratch("resume-damaged");
    let mut lines = COMMITTED_19.lines();
    let head = lines.next().unwrap();
    let cards: Vec<&str> = lines.take(8).collect();
    let damaged = format!("{head}\n{}\n{}\n{}\n", cards[..6].join("\n"), cards[3], cards[6]);
    let part = hunt::part_path(&dir, 0);
    std::fs::write(&part, &damaged).unwrap();
    let config = one_level_hunt(&dir);
    hunt::hunt(&paper, &ours, Maker::Ours.sha256(), &config).expect("runs");
    let kept: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().contains("part-0.cards.damaged-"))
        .collect();
    assert_eq!(kept.len(), 1);
    assert_eq!(std::fs::read_to_string(&kept[0]).unwrap(), damaged);
    let text = std::fs::read_to_string(&part).unwrap();
    assert!(text.starts_with(&format!("{head}\n{}\n", cards[..6].join("\n"))), "{text}");
    let loaded = hunt::load_cards(&ours, text.as_bytes(), Maker::Ours.sha256(), "part").unwrap();
    assert!(loaded.damaged.is_none() && loaded.cards.len() >= 6, "{:?}", loaded.damaged);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Item 12: the hunt wrote through links: `progress.txt.tmp` and `log.txt` linked elsewhere were
/// overwritten and appended to, and a dangling `part-0.cards` link created its target.
#[test]
fn item_12_the_hunt_writes_no_file_through_a_link() {
    use std::os::unix::fs::symlink;
    let (paper, ours) = (Maker::Paper.cards().unwrap(), Maker::Ours.cards().unwrap());
    let dir = scratch("links");
    let elsewhere = scratch("links-elsewhere");
    let victims = ["progress.txt.tmp", "log.txt", "progress.txt", "lock"].map(|name| {
        let victim = elsewhere.join(name);
        std::fs::write(&victim, "kept\n").unwrap();
        symlink(&victim, dir.join(name)).unwrap();
        victim
    });
    // The lock file is a link: refused, and nothing is written.
    let config = one_level_hunt(&dir);
    assert!(hunt::hunt(&paper, &ours, Maker::Ours.sha256(), &config).is_err());
    std::fs::remove_file(dir.join("lock")).unwrap();
    // A dangling link as the first part: refused, its target never created.
    let target = elsewhere.join("created.cards");
    symlink(&target, dir.join("part-0.cards")).unwrap();
    assert!(hunt::hunt(&paper, &ours, Maker::Ours.sha256(), &config).is_err());
    assert!(!target.exists());
    // With the links at progress.txt(.tmp) and log.txt left, a short hunt runs to its end.
    std::fs::remove_file(dir.join("part-0.cards")).unwrap();
    hunt::hunt(&paper, &ours, Maker::Ours.sha256(), &config).expect("runs");
    for victim in &victims {
        assert_eq!(std::fs::read_to_string(victim).unwrap(), "kept\n", "{}", victim.display());
    }
    // progress.txt is replaced (the link itself), never written through.
    assert!(!std::fs::symlink_metadata(dir.join("progress.txt")).unwrap().file_type().is_symlink());
    assert!(std::fs::read_to_string(dir.join("progress.txt")).unwrap().starts_with("hunt for 19"));
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&elsewhere);
}

/// Whether `bytes` hold a raw control character other than a line break (ESC, BEL, C1, DEL).
fn raw_controls(bytes: &[u8]) -> bool {
    String::from_utf8_lossy(bytes).chars().any(|c| c.is_control() && c != '\n')
}

/// Item 15: a path holding ESC and BEL was printed raw (it can retitle the terminal window).
#[test]
fn item_15_every_path_we_print_is_escaped() {
    let dir = scratch("escape-paths");
    let hostile = dir.join("a\u{1b}]0;owned\u{7}b");
    let name = arg(&hostile);
    let cases: Vec<Vec<&str>> = vec![
        vec!["snaky", "verify", "--certificate", name],
        vec!["snaky", "replay", "--moves", "7,8", "--certificate", name],
        vec!["snaky", "heat", "--certificate", name],
        vec!["snaky", "review", "--moves", "7,8", "--certificate", name],
        vec!["snaky", "play", "--certificate", name],
        vec!["stages", "--file", name],
        vec!["snaky", "search", "--target", "19", "--checkpoint", name],
    ];
    // A directory of that name holding a broken part: the checkpoint's messages name it.
    std::fs::create_dir_all(&hostile).unwrap();
    std::fs::write(hostile.join("part-0.cards"), "not a checkpoint\n").unwrap();
    for args in &cases {
        let output = pokopoko(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(
            !raw_controls(&output.stderr) && !raw_controls(&output.stdout),
            "{args:?}: {}",
            stderr(&output)
        );
        assert!(stderr(&output).contains("\\u{1b}]0;owned\\u{7}b"), "{args:?}: {}", stderr(&output));
    }
    // An unverified certificate's warning names it too.
    let certificate = hostile.join("c\u{1b}[2J.txt");
    std::fs::write(&certificate, "6 88 0\n").unwrap();
    let output =
        pokopoko(&["snaky", "replay", "--moves", "", "--certificate", arg(&certificate), "--unverified"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(
        !raw_controls(&output.stderr) && stderr(&output).contains("c\\u{1b}[2J.txt"),
        "{}",
        stderr(&output)
    );
    // `snaky search --out` into a directory that is not there: the error names the path escaped.
    let out = hostile.join("missing\u{7}").join("out.txt");
    let output = pokopoko(&["snaky", "search", "--target", "19", "--out", arg(&out)]);
    assert!(!raw_controls(&output.stderr) && !raw_controls(&output.stdout), "{}", stderr(&output));
    assert!(stderr(&output).contains("missing\\u{7}"), "{}", stderr(&output));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Item 15: clap's own usage error echoed the raw argument; `--open` and `--overlay` values were
/// printed raw by the game. Usage errors are escaped (exit 2), help and version are untouched
/// (exit 0), and a window option holding control characters is refused before the game starts.
#[test]
fn item_15_clap_errors_and_window_options_are_escaped() {
    for args in [
        &["snaky", "verify", "--bogus\u{1b}]0;owned\u{7}"][..],
        &["snaky", "replay", "--moves", "7,8", "--maker", "\u{1b}[31m"],
        &["--open", "stage:1\u{1b}]0;owned\u{7}"],
        &["--overlay", "heat\u{9b}31m"],
        &["--resize", "\u{1b}[31m"],
        &["\u{1b}]0;owned\u{7}"],
    ] {
        let output = pokopoko(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(!raw_controls(&output.stderr) && output.stdout.is_empty(), "{args:?}: {}", stderr(&output));
    }
    for args in [&["--help"][..], &["--version"], &["snaky", "play", "--help"]] {
        let output = pokopoko(args);
        assert_eq!(output.status.code(), Some(0), "{args:?}");
        assert!(!output.stdout.is_empty() && output.stderr.is_empty(), "{args:?}");
    }
}

/// Item 15: `snaky play` echoed C1 controls (U+009B CSI, U+009D OSC, U+009C ST) and DEL raw in
/// its JSON `input` (JSON escapes C0 controls only).
#[test]
fn item_15_play_escapes_c1_controls_and_del_in_its_echo() {
    let output =
        pokopoko_with_input(&["snaky", "play"], "\u{9b}31m\u{9d}0;x\u{9c}\u{7f}\n".as_bytes().to_vec());
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(!raw_controls(&output.stdout), "{}", String::from_utf8_lossy(&output.stdout));
    let last = String::from_utf8_lossy(&output.stdout).lines().last().unwrap().to_owned();
    let value: serde_json::Value = serde_json::from_str(&last).unwrap();
    assert_eq!(value["input"], "\\u{9b}31m\\u{9d}0;x\\u{9c}\\u{7f}");
}

/// Item 18: `snaky play` exited 0 when its output could not be written (`replay` and `verify`
/// exit 1).
#[test]
fn item_18_play_fails_when_its_output_cannot_be_written() {
    let full = std::fs::OpenOptions::new().write(true).open("/dev/full").expect("/dev/full");
    let output = Command::new(env!("CARGO_BIN_EXE_pokopoko"))
        .args(["snaky", "play"])
        .stdin(Stdio::null())
        .stdout(full)
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(1));
    let replay = Command::new(env!("CARGO_BIN_EXE_pokopoko"))
        .args(["snaky", "replay", "--moves", "7,8"])
        .stdout(std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap())
        .output()
        .expect("runs");
    assert_eq!(replay.status.code(), Some(1), "the exit code play now agrees with");
}

/// Item 18: a 1,024-byte line was refused with CRLF and accepted with LF: the limit counts the
/// line without its ending.
#[test]
fn item_18_the_line_limit_counts_the_line_without_its_ending() {
    let line = format!("{:<1024}", "8,7");
    for ending in ["\n", "\r\n"] {
        let output = pokopoko_with_input(&["snaky", "play"], format!("{line}{ending}").into_bytes());
        let last = String::from_utf8_lossy(&output.stdout).lines().last().unwrap().to_owned();
        assert!(!last.contains("error"), "{ending:?}: {last}");
        let over = pokopoko_with_input(&["snaky", "play"], format!("{line} {ending}").into_bytes());
        let last = String::from_utf8_lossy(&over.stdout).lines().last().unwrap().to_owned();
        assert!(last.contains("longer than 1024 bytes"), "{ending:?}: {last}");
    }
}

/// Item 18: the `--picks` error echoed a 114 KB argument whole; it shows its start and an
/// ellipsis.
#[test]
fn item_18_a_long_picks_argument_is_shown_by_its_start() {
    let mut picks: Vec<String> = (1..40_000).step_by(2).map(|n| n.to_string()).collect();
    picks.push("200000".to_owned());
    let picks = picks.join(",");
    assert!(picks.len() > 100_000);
    let output = pokopoko(&["solve", "--picks", &picks]);
    assert_eq!(output.status.code(), Some(2));
    let said = stderr(&output);
    assert!(said.len() < 400 && said.contains("--picks 1,3,5,") && said.contains('…'), "{said}");
}

/// Item 14: rule 2's replacement order was walked from the origin at every replacement move,
/// asking a list of stones about each cell: n moves took n³ steps. The order now resumes where
/// it stopped: over a whole game the cells asked about are the cells passed plus one a move.
#[test]
fn item_14_the_replacement_order_is_walked_once_a_game() {
    let mut taken = std::collections::HashSet::new();
    let mut first_free = FirstFree::default();
    let asked = std::cell::Cell::new(0usize);
    let moves = 20_000;
    let mut last = Cell::new(0, 0);
    for n in 0..moves {
        last = first_free.find(|c| {
            asked.set(asked.get() + 1);
            !taken.contains(&c)
        });
        taken.insert(last);
        // Breaker takes the next cell of the order, as the never-winning game does.
        let next = last.next_in_replacement_order();
        if n % 2 == 0 {
            taken.insert(next);
        }
    }
    // Every cell up to the last found is passed once, each search asks once more at its answer.
    let passed = pokopoko::snaky::cell::replacement_order().position(|c| c == last).unwrap() + 1;
    assert!(asked.get() <= passed + moves, "{} asked for {passed} cells and {moves} moves", asked.get());
}

/// Item 14: the game with the set of stones and the resumed order plays the moves of SPEC §2.4's
/// rules literally applied (the first free cell by a scan from the origin, a list of stones), on
/// `6 88 0`, whose Maker never wins against a Breaker that blocks every threat.
#[test]
fn item_14_the_fast_game_plays_the_literal_rules() {
    let cards = std::sync::Arc::new(Cards::evaluate(&Certificate::parse("6 88 0\n").unwrap()).unwrap());
    let mut game = Game::started(cards.clone());
    let mut stones: Vec<Cell> = game.maker_cells().to_vec();
    let mut claim = pokopoko::snaky::Claim::start(&cards);
    let mut order = pokopoko::snaky::cell::replacement_order();
    for _ in 0..600 {
        // Breaker: the next free cell of the order (Maker's own next cell).
        let breaker = order.by_ref().find(|c| !stones.contains(c)).unwrap();
        stones.push(breaker);
        claim = claim.after_reply(&cards, breaker).unwrap_or(claim);
        let literal = claim.maker_cell(&cards, |c| !stones.contains(&c));
        let Ok(played) = game.reply(breaker) else { break };
        assert_eq!(played, literal);
        stones.push(played);
        if game.won() {
            break;
        }
    }
    assert!(game.moves().len() > 20);
}
