//! The hunt for 19: reply classes, the scoreboard, the checkpoint, and the committed cards.
//!
//! The scoreboard's paper and ours-20 columns are computed again here from the certificates'
//! own placed children (`Child::placed_envelope`), not from the code under test; the bounds they
//! give are the ones SPEC §2.3 states (21 for the paper, 20 for ours-20). Every committed checkpoint
//! card is written as a certificate and passes the verifier's local check.

use std::collections::HashSet;

use pokopoko::snaky::certificate::OURS_TEXT;
use pokopoko::snaky::research::checkpoint::{self, CheckpointError};
use pokopoko::snaky::research::classes::{ReplyClass, Scoreboard};
use pokopoko::snaky::research::hunt::{self, COMMITTED_19, HuntConfig};
use pokopoko::snaky::research::search::{Search, SearchConfig};
use pokopoko::snaky::verify::local_check;
use pokopoko::snaky::{Cards, CellSet, Certificate, Claim, Maker};

fn cards(maker: Maker) -> std::sync::Arc<Cards> {
    maker.cards().expect("shipped certificate")
}

#[test]
fn the_reply_classes_partition_the_board_around_the_opening() {
    let classes = ReplyClass::all();
    assert_eq!(classes.len(), 44 + 1);
    let mut seen = HashSet::new();
    for class in &classes {
        for cell in class.members() {
            assert!(seen.insert(cell), "{cell} in two classes");
            assert_eq!(ReplyClass::of(cell.x(), cell.y()), Some(*class));
        }
    }
    // Every cell of the 17×17 board but the opening stone.
    assert_eq!(seen.len(), 17 * 17 - 1);
    assert!(seen.iter().all(|c| (0..17).contains(&c.x()) && (0..17).contains(&c.y())));
    assert_eq!(ReplyClass::of(8, 8), None);
    assert_eq!(ReplyClass::of(40, 8), Some(ReplyClass::Far));
    assert_eq!(ReplyClass::of(7, 8), Some(ReplyClass::Near { dx: 1, dy: 0 }));
    assert_eq!(ReplyClass::of(6, 9), Some(ReplyClass::Near { dx: 2, dy: 1 }));
}

/// Board cells as plain pairs.
type Cells = HashSet<(i32, i32)>;

/// For each class, the lowest root child (placed on the board) whose A is {(8,8)} or less and
/// whose envelope misses some cell of the class; every child for the far class.
fn independent_heights(cards: &Cards) -> Vec<Option<u32>> {
    let root = Claim::start(cards);
    assert_eq!(root.placement.symmetry.digit(), 0, "the root is only translated");
    let (tx, ty) = (root.placement.dx, root.placement.dy);
    let shift =
        |set: &CellSet| -> HashSet<(i32, i32)> { set.iter().map(|c| (c.x() + tx, c.y() + ty)).collect() };
    let children: Vec<(Cells, Cells, u32)> = cards
        .children(root.node)
        .iter()
        .map(|c| (shift(&c.placed_required), shift(&c.placed_envelope), cards.node(c.node).height))
        .collect();
    ReplyClass::all()
        .iter()
        .map(|&class| {
            // The class's cells, from its offset under the 8 sign changes and swaps.
            let cells: Vec<(i32, i32)> = match class {
                ReplyClass::Near { dx, dy } => [(dx, dy), (dy, dx)]
                    .into_iter()
                    .flat_map(|(a, b)| [(a, b), (-a, b), (a, -b), (-a, -b)])
                    .map(|(a, b)| (8 + a, 8 + b))
                    .collect(),
                ReplyClass::Far => vec![(1000, 1000)],
            };
            children
                .iter()
                .filter(|(a, t, _)| a.iter().all(|&c| c == (8, 8)) && cells.iter().any(|b| !t.contains(b)))
                .map(|&(_, _, h)| h)
                .min()
        })
        .collect()
}

#[test]
fn the_scoreboards_certificate_columns_agree_with_an_independent_computation() {
    let (paper, ours) = (cards(Maker::Paper), cards(Maker::Ours));
    let board = Scoreboard::new(&paper, &ours, []);
    let paper_heights = independent_heights(&paper);
    let ours_heights = independent_heights(&ours);
    for ((row, p), o) in board.rows.iter().zip(&paper_heights).zip(&ours_heights) {
        assert_eq!((row.paper, row.ours, row.now), (*p, *o, *o), "{}", row.class.label());
    }
    // SPEC §2.3: the paper's Maker wins within 21, ours within 20 (worst cases, exactly).
    assert_eq!(board.bound(|r| r.paper), Some(21));
    assert_eq!(board.bound(|r| r.ours), Some(20));
    // SPEC §2.3: card 727's first child is card 648 (height 15), and no child is lower: a reply
    // far away leaves Maker a card of height 15.
    assert_eq!(board.rows.last().map(|r| (r.class, r.paper)), Some((ReplyClass::Far, Some(15))));
}

#[test]
fn a_better_card_improves_only_the_classes_it_proves() {
    let (paper, ours) = (cards(Maker::Paper), cards(Maker::Ours));
    let mut board = Scoreboard::new(&paper, &ours, []);
    let opening = CellSet::single(hunt::opening());
    // A made-up (A, T, h): A = {(8,8)}, T = every board cell but (9,8) (and (8,8)); height 3.
    let mut envelope = CellSet::EMPTY;
    for x in 0..17 {
        for y in 0..17 {
            if (x, y) != (9, 8)
                && let Some(c) = pokopoko::snaky::FrameCell::new(x, y)
            {
                envelope.insert(c);
            }
        }
    }
    assert!(board.improve(&opening, &envelope, 3));
    for row in &board.rows {
        let expected = if matches!(row.class, ReplyClass::Near { dx: 1, dy: 0 } | ReplyClass::Far) {
            Some(3)
        } else {
            row.ours
        };
        assert_eq!(row.now, expected, "{}", row.class.label());
    }
    // A card that needs another Maker stone proves no class.
    let mut required = opening;
    required.insert(pokopoko::snaky::FrameCell::new(8, 9).expect("cell"));
    assert!(!board.improve(&required, &CellSet::EMPTY, 1));
}

/// The cards a short search proves, with the checkpoint lines its sink wrote.
fn short_search(ours: &Cards) -> (Vec<(CellSet, CellSet, u32)>, String) {
    let mut lines = format!("{}\n", checkpoint::header(Maker::Ours.sha256()));
    let proved = {
        let config = SearchConfig { max_positions: 3_000, ..hunt::level_config(19, 2) };
        let mut search = Search::new(ours, config, |_, _, _| {});
        search.set_card_sink(|i, card| lines.push_str(&checkpoint::line(i, card)));
        let b = pokopoko::snaky::FrameCell::new(9, 8).expect("cell");
        let hand = search.opening_hand(Some(b));
        let maker = CellSet::single(hunt::opening());
        let _ = search.prove_position(maker, CellSet::single(b), 18, &hand);
        search.library().iter().map(|c| (c.required, c.envelope, c.height)).collect::<Vec<_>>()
    };
    (proved, lines)
}

fn load(ours: &Cards, text: &str, sha: &str) -> Result<hunt::LoadedCards, CheckpointError> {
    hunt::load_cards(ours, text.as_bytes(), sha, "test")
}

#[test]
fn the_checkpoint_reads_back_every_card_it_wrote() {
    let ours = cards(Maker::Ours);
    let (proved, text) = short_search(&ours);
    assert!(proved.len() > 10, "the short search proves some cards");
    assert_eq!(text.lines().count(), proved.len() + 1);
    let read = load(&ours, &text, Maker::Ours.sha256()).expect("reads back");
    assert_eq!(read.cards, proved);
    assert!(read.damaged.is_none());
    // A last line cut off mid-write is dropped; nothing else is lost.
    let cut = &text[..text.len() - 3];
    let read = load(&ours, cut, Maker::Ours.sha256()).expect("reads back");
    assert_eq!(read.cards.len(), proved.len() - 1);
    assert!(read.damaged.is_none());
    // Another certificate's checkpoint is refused.
    let other = load(&ours, &text, Maker::Paper.sha256());
    assert!(matches!(other, Err(CheckpointError::Header { .. })));
    // A stated height that the children do not give stops the reading at that line, naming it.
    let second = text.lines().nth(1).expect("a card line");
    let lied = text.replacen(second, &second.replace(" = h", " = h1"), 1);
    let read = load(&ours, &lied, Maker::Ours.sha256()).expect("header fine");
    assert!(read.cards.is_empty());
    assert!(matches!(read.damaged, Some(CheckpointError::Line { line: 2, .. })), "{:?}", read.damaged);
    // Garbage never panics.
    for bad in [
        "0 8,8 q1",
        "0 8,8",
        "0 99,99 n0 = h1 a1 t1",
        "0 8,8 n5 = h1 a0 t0",
        "x",
        "0 8,8 p999999/0/0/0 = h2 a0 t0",
    ] {
        let text = format!("{}\n{bad}\n", checkpoint::header(Maker::Ours.sha256()));
        let read = load(&ours, &text, Maker::Ours.sha256()).expect("header fine");
        assert!(read.cards.is_empty() && read.damaged.is_some(), "{bad}");
    }
}

/// Issue 37 item 7: translations at the ends of i32 (`-2147483648` has no `abs`) are refused with
/// the line number, in debug and release alike.
#[test]
fn a_translation_at_the_ends_of_i32_is_refused_with_its_line() {
    let ours = cards(Maker::Ours);
    let committed_first = COMMITTED_19.lines().nth(1).expect("a card");
    for shift in ["-2147483648", "2147483647", "-2147483649", "1001", "-1001"] {
        for child in [format!("p299/2/{shift}/4"), format!("p299/2/6/{shift}"), format!("b3/0/{shift}/0")] {
            let text = format!(
                "{}\n{committed_first}\n1 3,8 {child} = h11 a4 t40\n",
                checkpoint::header(Maker::Ours.sha256())
            );
            let read = load(&ours, &text, Maker::Ours.sha256()).expect("header fine");
            assert_eq!(read.cards.len(), 1, "{child}: the card before the bad line is kept");
            match read.damaged {
                Some(CheckpointError::Line { line: 3, .. }) => {}
                other => panic!("{child}: {other:?}"),
            }
        }
    }
}

/// Issue 37 items 9 and 11: a bad line in the middle of a part keeps what precedes it; a line
/// over the stated limit stops the reading there, and nothing longer is held.
#[test]
fn a_reader_keeps_the_cards_before_a_bad_or_overlong_line() {
    let ours = cards(Maker::Ours);
    let mut lines = COMMITTED_19.lines();
    let header = lines.next().expect("header");
    let first: Vec<&str> = lines.take(5).collect();
    // Two hunts appending to one part: a card number repeated after five good cards.
    let text = format!("{header}\n{}\n{}\n{}\n", first.join("\n"), first[4], first[2]);
    let read = load(&ours, &text, Maker::Ours.sha256()).expect("header fine");
    assert_eq!(read.cards.len(), 5);
    match read.damaged {
        Some(CheckpointError::Line { line: 7, ref message, .. }) => {
            assert!(message.contains("card 4 where card 5 was expected"), "{message}")
        }
        other => panic!("{other:?}"),
    }
    // A comment line one byte over the limit stops the reading at that line.
    let long = format!("#{}", "x".repeat(checkpoint::MAX_LINE_BYTES));
    let text = format!("{header}\n{}\n{long}\n{}\n", first[..2].join("\n"), first[2]);
    let read = load(&ours, &text, Maker::Ours.sha256()).expect("header fine");
    assert_eq!(read.cards.len(), 2);
    assert!(matches!(read.damaged, Some(CheckpointError::Line { line: 4, .. })), "{:?}", read.damaged);
    // Exactly at the limit (with CRLF) is a line like any other.
    let long = format!("#{}", "x".repeat(checkpoint::MAX_LINE_BYTES - 1));
    let text = format!("{header}\n{}\n{long}\r\n{}\n", first[..2].join("\n"), first[2]);
    let read = load(&ours, &text, Maker::Ours.sha256()).expect("header fine");
    assert_eq!((read.cards.len(), read.damaged.is_none()), (3, true));
}

#[test]
fn every_committed_card_passes_the_verifiers_local_check() {
    let ours = cards(Maker::Ours);
    let mut search = Search::new(&ours, SearchConfig::for_target(19), |_, _, _| {});
    let restored =
        checkpoint::restore(&mut search, COMMITTED_19.as_bytes(), Maker::Ours.sha256(), "committed")
            .expect("reads");
    assert!(restored.damaged.is_none());
    let count = restored.added;
    assert_eq!(count, search.library().len());
    // Each card written as a certificate (ours, then the card and what it uses, last).
    let step = (count / 40).max(1);
    for index in (0..count).step_by(step) {
        let text = search.write_certificate(OURS_TEXT, index).expect("writes");
        let written = Cards::evaluate(&Certificate::parse(&text).expect("parses")).expect("evaluates");
        local_check(&written).expect("the combination rule holds at every node");
        let last = written.node(written.root());
        let card = &search.library()[index];
        assert_eq!(
            (last.height, last.required.len(), last.envelope.len()),
            (card.height, card.required.len(), card.envelope.len())
        );
    }
}

#[test]
fn a_short_hunt_writes_a_checkpoint_that_a_second_run_resumes() {
    let (paper, ours) = (cards(Maker::Paper), cards(Maker::Ours));
    let dir = std::env::temp_dir().join(format!("pokopoko-hunt-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    // Fresh (without the committed cards, which prove every class within 18), class (1,0) is
    // open for 19 again, and the checkpoint holds only what this hunt proved.
    let config = HuntConfig {
        target: 19,
        dir: dir.clone(),
        threads: 1,
        memory_cap: 4 << 30,
        first_level: 0,
        last_level: 1,
        tighten: 0,
        fresh: true,
    };
    let first = hunt::hunt(&paper, &ours, Maker::Ours.sha256(), &config).expect("runs");
    let part = hunt::part_path(&dir, 0);
    let text = std::fs::read_to_string(&part).expect("checkpoint written");
    let cards_after_first = text.lines().filter(|l| !l.starts_with('#')).count();
    assert!(cards_after_first > 0);
    assert!(dir.join("progress.txt").exists() && dir.join("log.txt").exists());
    // The second run reads every card back and proves nothing worse.
    let second = hunt::hunt(&paper, &ours, Maker::Ours.sha256(), &config).expect("resumes");
    for (a, b) in first.rows.iter().zip(&second.rows) {
        assert!(b.now <= a.now, "{}", a.class.label());
    }
    let read = load(&ours, &std::fs::read_to_string(&part).expect("read"), Maker::Ours.sha256())
        .expect("reads back");
    assert!(read.cards.len() >= cards_after_first);
    // Each task's positions given up were kept, and the second run resumed from them.
    let failure_files = std::fs::read_dir(&dir)
        .expect("the directory")
        .filter(|entry| {
            entry.as_ref().is_ok_and(|e| e.file_name().to_string_lossy().starts_with("failed-level"))
        })
        .count();
    assert!(failure_files > 0);
    let log = std::fs::read_to_string(dir.join("log.txt")).expect("the log");
    assert!(log.contains("(resumed: "), "{log}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// (proved, positions, proved cards, known, failed) of class (1,0) at a level, with the hand
/// found incrementally or not and failures keyed on canonical positions or not.
fn class_1_0(ours: &Cards, level: usize, incremental: bool, canonical: bool) -> (bool, u64, u64, u64, u64) {
    let reply = ReplyClass::Near { dx: 1, dy: 0 }.members()[0];
    let config = SearchConfig { incremental, canonical, ..hunt::level_config(19, level) };
    let mut search = Search::new(ours, config, |_, _, _| {});
    let hand = search.opening_hand(Some(reply));
    let found = search.prove_position(CellSet::single(hunt::opening()), CellSet::single(reply), 18, &hand);
    let stats = search.stats();
    (found.is_some(), stats.positions, stats.proved, stats.known, stats.failed)
}

/// Class (1,0) within 17 at level 1 with at most `budget` positions, skipping the positions `remembered`
/// (a failure file read back): (proved, positions, the digests it gave up).
fn class_1_0_resumed(ours: &Cards, budget: u64, remembered: &[u64]) -> (bool, u64, Vec<u64>) {
    const TARGET: u8 = 18;
    let reply = ReplyClass::Near { dx: 1, dy: 0 }.members()[0];
    let mut given_up = Vec::new();
    let (found, positions) = {
        let config = SearchConfig { max_positions: budget, ..hunt::level_config(TARGET, 1) };
        let mut search = Search::new(ours, config, |_, _, _| {});
        search.set_failure_sink(|digest| given_up.push(digest));
        search.remember_failures(remembered.iter().copied());
        let hand = search.opening_hand(Some(reply));
        let goal = u32::from(TARGET) - 1;
        let found =
            search.prove_position(CellSet::single(hunt::opening()), CellSet::single(reply), goal, &hand);
        (found.is_some(), search.stats().positions)
    };
    (found, positions, given_up)
}

#[test]
fn a_task_stopped_halfway_resumes_from_its_failures_to_the_same_verdict() {
    let ours = cards(Maker::Ours);
    let budget = hunt::level_config(18, 1).max_positions;
    let (verdict, whole, all_given_up) = class_1_0_resumed(&ours, budget, &[]);
    assert!(whole > 100 && whole < budget, "the whole task runs within its budget ({whole})");
    // Stopped (a run killed) at the first tenth of the positions by which it had given up
    // something (the search gives up bottom-up, so late), then started again with that.
    let halfway = (1..10)
        .map(|tenth| class_1_0_resumed(&ours, whole * tenth / 10, &[]).2)
        .find(|given_up| !given_up.is_empty())
        .expect("something given up before the end");
    assert!(halfway.len() < all_given_up.len());
    let (again, resumed, _) = class_1_0_resumed(&ours, budget, &halfway);
    assert_eq!(again, verdict, "the same verdict");
    assert!(resumed < whole, "the resumed task skips what it had done: {resumed} ≥ {whole}");
    // A finished task started again: everything it gave up is skipped.
    let (again, repeated, _) = class_1_0_resumed(&ours, budget, &all_given_up);
    assert_eq!(again, verdict);
    assert!(repeated < whole / 2, "{repeated} positions for a task done before ({whole})");
}

#[test]
fn the_incremental_hand_searches_the_same_tree_on_the_cheap_levels() {
    let ours = cards(Maker::Ours);
    for level in 0..2 {
        assert_eq!(
            class_1_0(&ours, level, true, false),
            class_1_0(&ours, level, false, false),
            "level {level}"
        );
    }
}

#[test]
fn canonical_failures_reach_the_same_verdict_in_fewer_positions() {
    let ours = cards(Maker::Ours);
    for level in 0..2 {
        let exact = class_1_0(&ours, level, true, false);
        let canonical = class_1_0(&ours, level, true, true);
        assert_eq!(canonical.0, exact.0, "level {level}");
        assert!(canonical.1 <= exact.1, "level {level}: {} > {}", canonical.1, exact.1);
    }
}

#[test]
fn the_root_is_assembled_from_the_classes_and_passes_every_check() {
    // Over the paper's cards with target 20, three classes are at 20 and need the search; the
    // last step of the hunt proves them and writes a root that the verifier checks like any other.
    use pokopoko::snaky::certificate::SHIPPED_TEXT;
    let paper = cards(Maker::Paper);
    let sha = Maker::Paper.sha256();
    let empty = format!("{}\n", checkpoint::header(sha));
    let text = hunt::assemble(&paper, SHIPPED_TEXT, sha, &empty, 20, 200_000)
        .expect("runs")
        .expect("a root within 20");
    assert!(text.starts_with(SHIPPED_TEXT) && text.len() > SHIPPED_TEXT.len());
    let report = pokopoko::snaky::verify::verify_any(&text);
    let failed: Vec<_> = report.checks.iter().filter(|c| !c.pass).collect();
    assert!(failed.is_empty(), "{failed:#?}");
    let written = Cards::evaluate(&Certificate::parse(&text).expect("parses")).expect("evaluates");
    let root = written.node(written.root());
    assert_eq!((root.required.len(), root.height), (0, 20));
    assert_eq!(pokopoko::snaky::verify::worst_case(&written), Ok(20));
    // Over ours, 20 needs no new card: the certificate is ours as it is.
    let ours = cards(Maker::Ours);
    let empty = format!("{}\n", checkpoint::header(Maker::Ours.sha256()));
    let same = hunt::assemble(&ours, OURS_TEXT, Maker::Ours.sha256(), &empty, 20, 1_000).expect("runs");
    assert_eq!(same.as_deref(), Some(OURS_TEXT));
}

#[test]
fn the_command_prints_the_scoreboard_and_refuses_what_it_cannot_do() {
    use std::process::Command;
    let run = |args: &[&str]| Command::new(env!("CARGO_BIN_EXE_pokopoko")).args(args).output().expect("runs");
    let output = run(&["snaky", "search", "--target", "19"]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let text = String::from_utf8_lossy(&output.stdout);
    // SPEC §2.3: the paper wins within 21, ours within 20.
    assert!(text.contains("| reply (dx,dy) | cells | paper | ours-20 | now |"), "{text}");
    assert!(text.contains("Maker within: paper 21, ours-20 20"), "{text}");
    // A target above 19 still needs --out; --run needs --checkpoint; a missing checkpoint dir is
    // simply empty, a broken checkpoint file is refused.
    assert_eq!(run(&["snaky", "search", "--target", "20"]).status.code(), Some(2));
    assert_eq!(run(&["snaky", "search", "--target", "19", "--run"]).status.code(), Some(2));
    // 18 is open (class (1,0) is at 18): --out says so and writes nothing.
    let out = std::env::temp_dir().join(format!("pokopoko-hunt-18-{}.txt", std::process::id()));
    let open = run(&["snaky", "search", "--target", "18", "--out", &out.display().to_string()]);
    assert_eq!(open.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&open.stdout).contains("not written: 1 reply class(es) above 17"));
    assert!(!out.exists());
    // A flag of the other tool is refused, never ignored; levels run forwards.
    for args in [
        &["snaky", "search", "--target", "19", "--out", "x.txt", "--max-positions", "5"][..],
        &["snaky", "search", "--target", "20", "--out", "x.txt", "--fresh"],
        &["snaky", "search", "--target", "19", "--level", "8"],
    ] {
        let refused = run(args);
        assert_eq!(refused.status.code(), Some(2), "{args:?}");
        assert!(refused.stdout.is_empty() && !std::path::Path::new("x.txt").exists(), "{args:?}");
    }
    // Without the committed cards class (1,0) is back at ours-20's 19, and 19 is open again.
    let fresh = run(&["snaky", "search", "--target", "19", "--fresh"]);
    let text = String::from_utf8_lossy(&fresh.stdout);
    assert!(fresh.status.success());
    assert!(
        text.contains("| (1,0) | 4 | 20 | 19 | 19") && !text.contains("classes above 18: none"),
        "{text}"
    );
    let dir = std::env::temp_dir().join(format!("pokopoko-hunt-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    std::fs::write(dir.join("part-0.cards"), "not a checkpoint\n").expect("write");
    let dir_arg = dir.display().to_string();
    let broken = run(&["snaky", "search", "--target", "19", "--checkpoint", &dir_arg]);
    assert_eq!(broken.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&broken.stderr).contains("not a checkpoint of this certificate"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_library_card_moved_by_a_symmetry_is_the_card_placed_cell_by_cell() {
    use pokopoko::snaky::{FrameCell, Placement, Symmetry};
    let ours = cards(Maker::Ours);
    let config = SearchConfig { max_positions: 3_000, ..hunt::level_config(19, 2) };
    let mut search = Search::new(&ours, config, |_, _, _| {});
    let b = FrameCell::new(9, 8).expect("cell");
    let hand = search.opening_hand(Some(b));
    let _ = search.prove_position(CellSet::single(hunt::opening()), CellSet::single(b), 18, &hand);
    let originals = search.library().len();
    let mut copies = 0;
    for index in (0..originals).step_by((originals / 25).max(1)) {
        for symmetry in Symmetry::ALL {
            // The symmetry about the opening stone (8,8) keeps the 17×17 board.
            let (x, y) = symmetry.apply(8, 8);
            let placement = Placement::new(symmetry, 8 - x, 8 - y);
            let card = search.library()[index].clone();
            let place = |set: &CellSet| -> Option<CellSet> {
                set.iter().map(|c| placement.apply_in_frame(c)).collect()
            };
            let Some(copy) = search.materialize(index, placement) else { continue };
            let moved = &search.library()[copy];
            assert_eq!(Some(moved.required), place(&card.required));
            assert_eq!(Some(moved.envelope), place(&card.envelope));
            assert_eq!(moved.height, card.height);
            copies += 1;
        }
    }
    assert!(copies >= 25 * 8 / 2, "{copies} copies");
    // Every copy (and every card it made) passes the verifier's local check when written.
    let last = search.library().len() - 1;
    let text = search.write_certificate(OURS_TEXT, last).expect("writes");
    let written = Cards::evaluate(&Certificate::parse(&text).expect("parses")).expect("evaluates");
    local_check(&written).expect("the combination rule holds at every node");
}
