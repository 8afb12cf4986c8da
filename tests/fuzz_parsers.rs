//! Seeded mutation fuzzing of the parsers a player can hand input to: the ladder file (and what
//! the game does with a ladder it loaded), the save file, `--resize WxH` and `--open SCREEN`. Each case must not
//! panic and must answer within a second; `POKOPOKO_FUZZ_CASES=100000 cargo test --release
//! --no-default-features --test fuzz_parsers` runs longer (see `tests/common/fuzz.rs`).

#[path = "common/fuzz.rs"]
mod fuzz;

use pokopoko::cli::parse_size;
use pokopoko::pokopoko::{Ladder, LadderError, MAX_STAGE};
use pokopoko::save::{self, Save};

const LADDER_WORDS: &[&str] = &[
    "Ladder(",
    "stages:",
    "stage:",
    "buttons:",
    "picks:",
    "(min: 1, max: 2)",
    "min:",
    "max:",
    "shape:",
    "Rectangle",
    "Island",
    "layout:",
    "\"oooo\",",
    "\"o..o\",",
    "\"\",",
    "(",
    ")",
    "[",
    "]",
    ",",
    "// stage: 3\n",
    "/*",
    "*/",
    "#![enable(implicit_some)]\n",
    "\"\\u{6f}\"",
    "r#\"oo\"#",
];

/// A ladder of one stage, to mutate alongside the shipped one.
const SMALL_LADDER: &str = "Ladder(stages: [(stage: 1, buttons: 4, picks: (min: 1, max: 2), shape: Island, layout: [\"oo\", \"oo\"])])";

#[test]
fn the_ladder_file_survives_mutations() {
    let corpus = [Ladder::builtin_text().as_bytes().to_vec(), SMALL_LADDER.as_bytes().to_vec()];
    fuzz::run("ladder", &corpus, LADDER_WORDS, |bytes| {
        let text = String::from_utf8_lossy(bytes);
        match Ladder::parse(&text, "fuzz.ron") {
            Ok(ladder) => {
                // What the game does with a ladder: the intro, the strategy page, the next stage.
                for stage in ladder.fixed() {
                    let solver = stage.solver();
                    let _ = solver.right_choice(stage.buttons());
                    let _ = solver.rule().to_string();
                    let _ = stage.layout.rows();
                }
                let next = (ladder.fixed().len() as u32).saturating_add(1);
                if next <= MAX_STAGE.min(2_000) {
                    assert!(ladder.stage(next).is_some());
                }
            }
            Err(err) => {
                let _ = err.to_string();
                // A position is a real place in the text: at most one past its last line.
                let position = match &err {
                    LadderError::Syntax { line, col, .. }
                    | LadderError::Empty { line, col, .. }
                    | LadderError::Invalid { line, col, .. }
                    | LadderError::TooManyStages { line, col, .. } => Some((*line, *col)),
                    LadderError::Io { .. } => None,
                };
                if let Some((line, col)) = position {
                    let lines = text.split('\n').count();
                    assert!((1..=lines + 1).contains(&line) && col >= 1, "{err} in {} lines", lines);
                }
            }
        }
    });
}

const SAVE_WORDS: &[&str] = &[
    "version:",
    "settings:",
    "progress:",
    "cleared:",
    "results:",
    "wins:",
    "losses:",
    "language:",
    "English",
    "Japanese",
    "strategies_revealed:",
    "[[2, 3, 4, 5]]",
    "{1: (wins: 1)}",
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    ",",
    ":",
];

#[test]
fn the_save_file_survives_mutations() {
    let mut played = Save::default();
    for (stage, won) in [(1, true), (2, false), (2, true), (3, false)] {
        played.progress.record(stage, won);
    }
    played.settings.strategies_revealed.push(pokopoko::pokopoko::PickSet::range(2, 5).unwrap());
    played.settings.free_play = Some(pokopoko::pokopoko::FreeSetup::default());
    let pretty = |save: &Save| ron::ser::to_string_pretty(save, ron::ser::PrettyConfig::default()).unwrap();
    let corpus = [
        pretty(&played).into_bytes(),
        pretty(&Save::default()).into_bytes(),
        b"(version: 1, progress: (cleared: [1, 2], results: {1: (wins: 4294967295), 2: (losses: 3)}))"
            .to_vec(),
    ];
    fuzz::run("save", &corpus, SAVE_WORDS, move |bytes| {
        // What the game opens: a repaired save writes back as one the strict reader accepts.
        if let Ok(repaired) = save::parse_repairing(bytes) {
            let again = save::parse(pretty(&repaired.save).as_bytes());
            assert_eq!(again.as_ref().ok(), Some(&repaired.save), "{again:?}");
            if repaired.problems.is_empty() {
                assert_eq!(save::parse(bytes).ok(), Some(repaired.save));
            }
        }
        if let Ok(save) = save::parse(bytes) {
            // A save that was read is written back and read again unchanged.
            let again = save::parse(pretty(&save).as_bytes());
            assert_eq!(again.as_ref().ok(), Some(&save), "{again:?}");
            let mut progress = save.progress.clone();
            let _ = (progress.current(), progress.highest_unlocked());
            for stage in save.progress.cleared.iter().take(100) {
                progress.record(*stage, true);
                progress.record(stage.saturating_add(1), false);
            }
        }
    });
}

#[test]
fn the_resize_argument_survives_mutations() {
    let corpus = [b"1024x768".to_vec(), b"320X7680".to_vec(), b" 800 x 600 ".to_vec()];
    fuzz::run("resize", &corpus, &["x", "X", " ", "+", "-", "0x"], |bytes| {
        if let Ok((w, h)) = parse_size(&String::from_utf8_lossy(bytes)) {
            assert!((320..=7680).contains(&w) && (320..=7680).contains(&h), "{w}x{h}");
        }
    });
}

/// `--open SCREEN` (with `--moves` for the Snaky ones): `stage:200000` was accepted and opened a
/// blank screen, `cards:4294967295` silently showed another card.
#[cfg(feature = "app")]
#[test]
fn the_open_argument_survives_mutations() {
    use pokopoko::app::{Harness, Open};
    use pokopoko::cli::WindowArgs;
    let corpus: Vec<Vec<u8>> =
        ["stage:8", "result:12", "intro:100000", "strategy:11", "cards:727", "snaky", "about"]
            .iter()
            .map(|s| s.as_bytes().to_vec())
            .collect();
    let words = [
        ":",
        "stage",
        "cards",
        "intro",
        "strategy",
        "result",
        "menu",
        "about",
        "ladder",
        "snaky",
        "0",
        "100000",
        "100001",
        "4294967296",
        "-1",
        "+",
        " ",
        "803",
        "804",
    ];
    fuzz::run("open", &corpus, &words, |bytes| {
        let text = String::from_utf8_lossy(bytes);
        if let Ok(Open::Intro(n) | Open::Stage(n) | Open::Strategy(n) | Open::Result(n)) = Open::parse(&text)
        {
            assert!((1..=MAX_STAGE).contains(&n), "{text}");
        }
        for maker in [None, Some(pokopoko::snaky::Maker::Ours)] {
            let args = WindowArgs { open: Some(text.to_string()), maker, ..WindowArgs::default() };
            let harness = Harness::from_args(&args, std::time::Instant::now());
            if let (Ok(_), Ok(Open::Cards(card))) = (&harness, Open::parse(&text)) {
                let count = maker.unwrap_or_default().cards().unwrap().card_count() as u32;
                assert!(card < count, "{text}: card {card} of {count}");
            }
        }
    });
}
