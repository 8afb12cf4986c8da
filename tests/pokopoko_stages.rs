//! The stage ladder of SPEC §1.3: the shipped file, its validation, and the endless stages.

use std::collections::HashSet;
use std::path::Path;

use pokopoko::pokopoko::ladder_file::{MAX_STAGE_BUTTONS, MAX_STAGE_PICK};
use pokopoko::pokopoko::{Ladder, LadderError, MAX_STAGE, StageProblem, TurnOrder};

/// SPEC §1.3: (stage, buttons, min, max, right choice).
const SPEC_TABLE: [(u32, u32, u32, u32, TurnOrder); 14] = [
    (1, 6, 1, 2, TurnOrder::First),
    (2, 8, 1, 2, TurnOrder::First),
    (3, 12, 1, 3, TurnOrder::First),
    (4, 16, 1, 3, TurnOrder::First),
    (5, 20, 1, 3, TurnOrder::First),
    (6, 24, 1, 3, TurnOrder::First),
    (7, 28, 2, 4, TurnOrder::First),
    (8, 32, 2, 4, TurnOrder::Second),
    (9, 36, 2, 4, TurnOrder::First),
    (10, 40, 2, 4, TurnOrder::First),
    (11, 44, 2, 5, TurnOrder::Second),
    (12, 48, 2, 5, TurnOrder::First),
    (13, 52, 2, 5, TurnOrder::First),
    (14, 56, 2, 5, TurnOrder::First),
];

#[test]
fn the_shipped_ladder_is_the_spec_table_with_derived_right_choices() {
    let ladder = Ladder::load(Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/stages/ladder.ron"))).unwrap();
    assert_eq!(ladder, Ladder::builtin());
    assert_eq!(ladder.fixed().len(), 14);
    for (stage, (number, buttons, min, max, right)) in ladder.fixed().iter().zip(SPEC_TABLE) {
        assert_eq!(stage.number, number);
        assert_eq!(stage.buttons(), buttons, "stage {number}");
        assert_eq!((stage.picks.min(), stage.picks.max()), (min, max), "stage {number}");
        assert_eq!(stage.right_choice(), right, "stage {number}");
    }
}

#[test]
fn stages_1_to_4_are_the_spec_rectangles() {
    let ladder = Ladder::builtin();
    for (number, rows, cols) in [(1, 2, 3), (2, 2, 4), (3, 3, 4), (4, 4, 4)] {
        let layout = &ladder.stage(number).unwrap().layout;
        assert_eq!((layout.height(), layout.width()), (rows, cols), "stage {number}");
        assert!(layout.is_full_rectangle(), "stage {number}");
    }
}

#[test]
fn stages_5_to_14_are_distinct_connected_islands_around_the_central_2x2() {
    let ladder = Ladder::builtin();
    let mut shapes = HashSet::new();
    for number in 5..=14 {
        let layout = ladder.stage(number).unwrap().layout;
        assert!(layout.is_connected(), "stage {number}");
        assert!(layout.contains_centre(), "stage {number}");
        assert!(!layout.is_full_rectangle(), "stage {number}");
        shapes.insert(layout.rows());
    }
    assert_eq!(shapes.len(), 10);
}

#[test]
fn endless_stages_have_4n_buttons_picks_2_to_5_and_a_connected_island() {
    let ladder = Ladder::builtin();
    for number in 15..=200 {
        let stage = ladder.stage(number).unwrap();
        assert_eq!(stage.buttons(), 4 * number, "stage {number}");
        assert_eq!((stage.picks.min(), stage.picks.max()), (2, 5), "stage {number}");
        assert!(stage.layout.is_connected(), "stage {number}");
        assert!(stage.layout.contains_centre(), "stage {number}");
        // Same number, same island, every time.
        assert_eq!(ladder.stage(number).unwrap().layout, stage.layout, "stage {number}");
    }
}

#[test]
fn endless_right_choice_follows_the_2_to_5_rule() {
    // SPEC §1.2: picks 2–5 lose on r mod 7 ∈ {1, 2}; there the human must go second.
    let ladder = Ladder::builtin();
    for number in 15..=200 {
        let expected = if [1, 2].contains(&(4 * number % 7)) { TurnOrder::Second } else { TurnOrder::First };
        assert_eq!(ladder.stage(number).unwrap().right_choice(), expected, "stage {number}");
    }
}

#[test]
fn endless_islands_are_not_all_alike() {
    let ladder = Ladder::builtin();
    let mut proportions = HashSet::new();
    let (mut wide, mut tall) = (0, 0);
    for number in 15..=200 {
        let layout = ladder.stage(number).unwrap().layout;
        let (top, left, bottom, right) = layout.bounds().unwrap();
        let (w, h) = (right - left + 1, bottom - top + 1);
        proportions.insert((10 * w / h).min(40));
        wide += usize::from(w >= 2 * h);
        tall += usize::from(h >= 2 * w);
        // Compact enough to read as one island: the box is at most 5 times the buttons.
        assert!((w * h) as usize <= 5 * layout.len(), "stage {number}: {w}×{h} for {}", layout.len());
    }
    assert!(proportions.len() >= 10, "only {} distinct proportions", proportions.len());
    assert!(wide >= 5 && tall >= 5, "{wide} wide and {tall} tall islands");
}

/// Pinned so that a change to the generator, which would change every player's stage 15, is
/// noticed (the generator uses only integers and ChaCha8, so the island is the same everywhere).
#[test]
fn stage_15_is_the_same_island_on_every_machine() {
    let layout = Ladder::builtin().stage(15).unwrap().layout;
    let (top, left, bottom, right) = layout.bounds().unwrap();
    let rows: Vec<String> = layout.rows()[top as usize..=bottom as usize]
        .iter()
        .map(|row| row[left as usize..=right as usize].to_string())
        .collect();
    assert_eq!(rows.join("\n"), include_str!("data/stage-15.txt").trim_end());
}

fn ladder_with(stage_3: &str) -> String {
    let text = Ladder::builtin_text();
    let start = text.find("            stage: 3,").unwrap();
    let end = text.find("            stage: 4,").unwrap();
    let entry_start = text[..start].rfind("        (").unwrap();
    let entry_end = text[..end].rfind("        // Stage 4").unwrap();
    format!("{}{}{}", &text[..entry_start], stage_3, &text[entry_end..])
}

fn invalid(text: &str) -> (usize, u32, StageProblem) {
    invalid_at(text).map_or_else(
        |other| panic!("expected a validation error, got {other:?}"),
        |(line, _, stage, problem)| (line, stage, problem),
    )
}

/// The line, column, stage and problem of a validation error.
fn invalid_at(text: &str) -> Result<(usize, usize, u32, StageProblem), Result<Ladder, LadderError>> {
    match Ladder::parse(text, "test.ron") {
        Err(LadderError::Invalid { line, col, stage, problem, .. }) => Ok((line, col, stage, problem)),
        other => Err(other),
    }
}

/// The text at a line and column of `text` (both 1-based), to the end of that line.
fn text_at(text: &str, line: usize, col: usize) -> String {
    text.lines().nth(line - 1).unwrap().chars().skip(col - 1).collect()
}

/// A stage-3 entry as it would be written in the file.
fn stage_3(buttons: u32, min: u32, max: u32, shape: &str, rows: &[&str]) -> String {
    let rows: String = rows.iter().map(|row| format!("                \"{row}\",\n")).collect();
    format!(
        "        (\n            stage: 3,\n            buttons: {buttons},\n            picks: (min: {min}, max: {max}),\n            shape: {shape},\n            layout: [\n{rows}            ],\n        ),\n"
    )
}

const FULL_3X4: [&str; 3] = ["oooo", "oooo", "oooo"];

fn stage_3_valid() -> String {
    stage_3(12, 1, 3, "Rectangle", &FULL_3X4)
}

#[test]
fn the_replacement_helper_keeps_a_valid_ladder_valid() {
    assert_eq!(Ladder::parse(&ladder_with(&stage_3_valid()), "test.ron").unwrap(), Ladder::builtin());
}

#[test]
fn a_count_that_disagrees_with_the_layout_is_refused_at_the_count() {
    let text = ladder_with(&stage_3(13, 1, 3, "Rectangle", &FULL_3X4));
    let (line, col, stage, problem) = invalid_at(&text).unwrap();
    assert_eq!(stage, 3);
    assert_eq!(problem, StageProblem::CountMismatch { buttons: 13, cells: 12 });
    assert_eq!(text_at(&text, line, col), "13,");
    let message = Ladder::parse(&text, "test.ron").unwrap_err().to_string();
    assert!(message.starts_with(&format!("test.ron:{line}:{col}: stage 3:")), "{message}");
}

/// The old error line came from searching the text for the n-th line starting `stage:`; a
/// commented-out entry moved it onto the wrong stage, and a stage written on one line onto the
/// next one. The position now comes from ron's own reading of the value at fault.
#[test]
fn the_position_of_a_validation_error_is_the_value_itself_not_a_text_search() {
    let text = ladder_with(&stage_3(13, 1, 3, "Rectangle", &FULL_3X4)).replacen(
        "Ladder(",
        "/* An older stage 1:\nstage: 1,\nbuttons: 4,\n*/\nLadder(",
        1,
    );
    let (line, col, _, problem) = invalid_at(&text).unwrap();
    assert_eq!(problem, StageProblem::CountMismatch { buttons: 13, cells: 12 });
    assert_eq!(text_at(&text, line, col), "13,");
    // A whole entry on one line: the column tells the fields apart.
    let one_line = ladder_with(
        "        (stage: 3, buttons: 12, picks: (min: 1, max: 3), shape: Rectangle, layout: [\"oooo\", \"oxoo\", \"oooo\"]),\n",
    );
    let (line, col, stage, problem) = invalid_at(&one_line).unwrap();
    assert_eq!(stage, 3);
    assert!(matches!(problem, StageProblem::Layout(_)), "{problem:?}");
    assert_eq!(text_at(&one_line, line, col), "\"oxoo\", \"oooo\"]),");
}

#[test]
fn each_problem_points_at_its_own_value() {
    let at = |entry: String| {
        let text = ladder_with(&entry);
        let (line, col, _, problem) = invalid_at(&text).unwrap();
        (text_at(&text, line, col), problem)
    };
    let (found, problem) = at(stage_3_valid().replace("stage: 3", "stage: 4"));
    assert_eq!((found.as_str(), problem), ("4,", StageProblem::Numbering { expected: 3, found: 4 }));
    let (found, _) = at(stage_3(12, 4, 3, "Rectangle", &FULL_3X4));
    assert_eq!(found, "4, max: 3),");
    let (found, _) = at(stage_3(12, 1, 3, "Island", &["oo.oo", "oo.oo", "oo.oo"]));
    assert_eq!(found, "[");
    let (found, problem) = at(stage_3(12, 1, 3, "Rectangle", &["oooo", "oooo", "ooox", "oooo"]));
    assert_eq!(found, "\"ooox\",");
    assert!(matches!(problem, StageProblem::Layout(_)));
}

/// `picks: (min: 1, max: 2147483647)` made validation allocate 8 GiB (and abort).
#[test]
fn a_pick_above_the_file_limit_is_refused_before_anything_is_allocated() {
    for max in [MAX_STAGE_PICK + 1, 2_147_483_647, u32::MAX] {
        let text = ladder_with(&stage_3(12, 1, max, "Rectangle", &FULL_3X4));
        let (line, col, _, problem) = invalid_at(&text).unwrap();
        assert_eq!(problem, StageProblem::PickTooLarge { max, limit: MAX_STAGE_PICK });
        assert_eq!(text_at(&text, line, col), format!("{max}),"));
        let message = Ladder::parse(&text, "t").unwrap_err().to_string();
        assert!(message.contains("at most 1000"), "{message}");
    }
    let text = ladder_with(&stage_3(12, 1, MAX_STAGE_PICK, "Rectangle", &FULL_3X4));
    assert!(Ladder::parse(&text, "t").is_ok());
}

/// A 0-button stage was accepted (its match has no player to move), and so was `min` larger than
/// the buttons.
#[test]
fn a_stage_without_buttons_or_with_min_above_its_buttons_is_refused() {
    let (_, _, problem) = invalid(&ladder_with(&stage_3(0, 1, 3, "Rectangle", &["...."])));
    assert_eq!(problem, StageProblem::NoButtons);
    let (_, _, problem) = invalid(&ladder_with(&stage_3(0, 1, 3, "Rectangle", &[])));
    assert_eq!(problem, StageProblem::NoButtons);
    let (_, _, problem) = invalid(&ladder_with(&stage_3(12, 13, 20, "Rectangle", &FULL_3X4)));
    assert_eq!(problem, StageProblem::MinAboveButtons { min: 13, buttons: 12 });
    // min = buttons is a fair stage: the first player must press everything, so go second.
    let text = ladder_with(&stage_3(12, 12, 20, "Rectangle", &FULL_3X4));
    let ladder = Ladder::parse(&text, "t").unwrap();
    assert_eq!(ladder.stage(3).unwrap().right_choice(), TurnOrder::Second);
}

#[test]
fn a_stage_with_more_buttons_than_the_limit_is_refused_at_its_count() {
    let text = ladder_with(&stage_3(MAX_STAGE_BUTTONS + 1, 1, 3, "Rectangle", &FULL_3X4));
    let (line, col, _, problem) = invalid_at(&text).unwrap();
    assert_eq!(
        problem,
        StageProblem::TooManyButtons { buttons: MAX_STAGE_BUTTONS + 1, limit: MAX_STAGE_BUTTONS }
    );
    assert_eq!(text_at(&text, line, col), "10001,");
    // A full 100×100 rectangle is exactly the limit.
    let row = "o".repeat(100);
    let rows: Vec<&str> = vec![row.as_str(); 100];
    assert!(Ladder::parse(&ladder_with(&stage_3(MAX_STAGE_BUTTONS, 1, 3, "Rectangle", &rows)), "t").is_ok());
}

/// The endless island grew in quadratic time (stage 20,000 took 10 s, stage 100,000 never
/// finished); the last stage of the ladder is now grown at once, and it is still an island.
#[test]
fn the_last_stage_is_a_connected_island_around_the_centre() {
    let stage = Ladder::builtin().stage(MAX_STAGE).unwrap();
    assert_eq!(stage.buttons(), 4 * MAX_STAGE);
    assert!(stage.layout.is_connected());
    assert!(stage.layout.contains_centre());
}

#[test]
fn the_ladder_ends_at_its_last_stage() {
    let ladder = Ladder::builtin();
    assert_eq!(ladder.stage(0), None);
    assert_eq!(ladder.stage(MAX_STAGE + 1), None);
    assert_eq!(ladder.stage(u32::MAX), None);
    assert_eq!(ladder.size(MAX_STAGE).map(|(buttons, _)| buttons), Some(4 * MAX_STAGE));
    assert_eq!(ladder.size(MAX_STAGE + 1), None);
    assert_eq!(ladder.stages(u32::MAX).size_hint().1, Some(MAX_STAGE as usize));
}

#[test]
fn out_of_order_numbers_are_refused() {
    let (_, stage, problem) = invalid(&ladder_with(&stage_3_valid().replace("stage: 3", "stage: 4")));
    assert_eq!((stage, problem), (3, StageProblem::Numbering { expected: 3, found: 4 }));
}

#[test]
fn bad_pick_ranges_are_refused() {
    for (min, max) in [(4, 3), (0, 3)] {
        let (_, _, problem) = invalid(&ladder_with(&stage_3(12, min, max, "Rectangle", &FULL_3X4)));
        assert!(matches!(problem, StageProblem::Picks(_)), "{min}–{max}: {problem:?}");
    }
}

#[test]
fn a_split_layout_is_refused() {
    let text = ladder_with(&stage_3(12, 1, 3, "Island", &["oo.oo", "oo.oo", "oo.oo"]));
    assert_eq!(invalid(&text).2, StageProblem::NotConnected);
}

#[test]
fn an_island_without_its_central_2x2_is_refused() {
    // 4×4: the centre is rows 2–3, columns 2–3.
    let whole = ladder_with(&stage_3(14, 1, 3, "Island", &["oooo", "oooo", "oooo", ".oo."]));
    assert!(Ladder::parse(&whole, "t").is_ok());
    let holed = ladder_with(&stage_3(13, 1, 3, "Island", &["oooo", "oooo", "o.oo", ".oo."]));
    assert_eq!(invalid(&holed).2, StageProblem::NoCentre);
    let odd = ladder_with(&stage_3(9, 1, 3, "Island", &["ooo", "ooo", "ooo"]));
    assert_eq!(invalid(&odd).2, StageProblem::NoCentre);
}

#[test]
fn ragged_rows_gaps_in_a_rectangle_and_stray_characters_are_refused() {
    let ragged = ladder_with(&stage_3(12, 1, 3, "Rectangle", &["oooo", "ooo.", "ooooo"]));
    assert!(matches!(invalid(&ragged).2, StageProblem::Layout(_)));
    let gap = ladder_with(&stage_3(11, 1, 3, "Rectangle", &["oooo", "ooo.", "oooo"]));
    assert_eq!(invalid(&gap).2, StageProblem::NotRectangle);
    let stray = ladder_with(&stage_3(12, 1, 3, "Rectangle", &["oooo", "oxoo", "oooo"]));
    assert!(matches!(invalid(&stray).2, StageProblem::Layout(_)));
}

#[test]
fn syntax_errors_and_unknown_fields_name_line_and_column() {
    let text = ladder_with(
        &stage_3_valid().replace("shape: Rectangle,", "shape: Rectangle,\n            colour: 3,"),
    );
    match Ladder::parse(&text, "test.ron") {
        Err(LadderError::Syntax { line, message, .. }) => {
            assert_eq!(text.lines().nth(line - 1).unwrap().trim(), "colour: 3,");
            assert!(message.contains("colour"), "{message}");
        }
        other => panic!("expected a syntax error, got {other:?}"),
    }
    let text = ladder_with(&stage_3_valid().replace("buttons: 12,", "buttons: twelve,"));
    match Ladder::parse(&text, "test.ron") {
        Err(err @ LadderError::Syntax { line, col, .. }) => {
            assert_eq!(text.lines().nth(line - 1).unwrap().trim(), "buttons: twelve,");
            assert!(col > 1);
            assert!(err.to_string().starts_with(&format!("test.ron:{line}:{col}:")));
        }
        other => panic!("expected a syntax error, got {other:?}"),
    }
}

#[test]
fn an_empty_or_missing_ladder_is_an_error_not_a_panic() {
    assert!(matches!(
        Ladder::parse("Ladder(stages: [])", "t"),
        Err(LadderError::Empty { line: 1, col: 16, .. })
    ));
    assert!(matches!(Ladder::parse("", "t"), Err(LadderError::Syntax { .. })));
    assert!(matches!(Ladder::load(Path::new("/nonexistent/ladder.ron")), Err(LadderError::Io { .. })));
}

/// Issue 26, row 11: 4 buttons on a 4,000,000 × 2 grid were accepted, and drawn so small that
/// only the focus ring showed. A layout's grid has at most 4 cells per button, and its long side
/// at most 4 times its short side (or 8 cells), so every accepted stage can be seen.
#[test]
fn a_layout_grid_far_larger_than_its_buttons_is_refused() {
    use pokopoko::pokopoko::ladder_file::{MAX_ASPECT, MAX_CELLS_PER_BUTTON, MIN_LONG_SIDE};
    assert_eq!((MAX_CELLS_PER_BUTTON, MAX_ASPECT, MIN_LONG_SIDE), (4, 4, 8), "README states the limits");
    let wide = format!("oo{}", ".".repeat(4_000_000 - 2));
    let text = ladder_with(&stage_3(4, 1, 3, "Rectangle", &[wide.as_str(), wide.as_str()]));
    let (line, col, stage, problem) = invalid_at(&text).unwrap();
    assert_eq!((stage, problem), (3, StageProblem::GridTooLarge { width: 4_000_000, height: 2, buttons: 4 }));
    assert!(text_at(&text, line, col).starts_with('['), "{}", &text_at(&text, line, col)[..20]);
    // Within 4 cells a button but a thin strip: refused too.
    let strip = format!("{}{}", "o".repeat(12), ".".repeat(36));
    let text = ladder_with(&stage_3(12, 1, 3, "Island", &[strip.as_str(); 1]));
    assert_eq!(invalid(&text).2, StageProblem::GridTooNarrow { width: 48, height: 1 });
    // Exactly 4 cells a button, 8 long and 4 wide (the ratio limit): accepted as far as the grid
    // goes (an island of 8 around the centre of an 8×4 grid).
    let rows = ["........", "..oooo..", "..oooo..", "........"];
    assert!(Ladder::parse(&ladder_with(&stage_3(8, 1, 3, "Island", &rows)), "t").is_ok());
    // A row of 8 single buttons is within the minimum long side.
    assert!(Ladder::parse(&ladder_with(&stage_3(8, 1, 3, "Rectangle", &["oooooooo"])), "t").is_ok());
}
