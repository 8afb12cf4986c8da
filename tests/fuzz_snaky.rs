//! Seeded mutation fuzzing of the Snaky inputs a player can hand us: a certificate file (parse,
//! evaluate, and for some cases every check of `snaky verify --certificate`), a game record
//! (`--moves`, Ctrl+V, a dropped file) replayed against every Maker, and the command line's Snaky
//! arguments, and certificates that a structured generator builds at the limits (multi-byte
//! characters across the line limit, wide lines around the children limit, nested placements
//! that multiply the reachable states, nesting around its limit). Each case must not panic and
//! must stay within a bound on its work (nodes, children, reachable states) that README's limits
//! give;
//! `POKOPOKO_FUZZ_CASES=100000 cargo test --release --no-default-features --test fuzz_snaky` runs
//! longer (see `tests/common/fuzz.rs`).

#[path = "common/fuzz.rs"]
mod fuzz;

use std::sync::atomic::{AtomicU64, Ordering};

use clap::Parser;
use pokopoko::cli::Cli;
use pokopoko::snaky::certificate::{MAX_CHILDREN, MAX_LINE_BYTES, MAX_LINES, SHIPPED_TEXT};
use pokopoko::snaky::notation::MAX_NESTING;
use pokopoko::snaky::verify::{Found, MAX_REACHABLE_STATES};
use pokopoko::snaky::{Cards, Certificate, Maker, ParseErrorKind, parse_moves, replay, verify};

/// The most work a certificate can cause: its nodes (one a line, one an inline child), its
/// children, and the reachable states the checks visit (one past the limit at most).
const CERTIFICATE_WORK: u64 =
    (MAX_LINES + MAX_CHILDREN) as u64 + MAX_CHILDREN as u64 + MAX_REACHABLE_STATES as u64 + 1;

/// The work `text` causes as `snaky verify --certificate` (and `play`, which verifies first)
/// would do it: parse, evaluate and, when `verify` is set, every check.
fn certificate_work(text: &str, verify: bool) -> u64 {
    let Ok(certificate) = Certificate::parse(text) else { return 0 };
    let Ok(cards) = Cards::evaluate(&certificate) else { return 0 };
    let mut work = (cards.nodes().len() + cards.all_children().len()) as u64;
    let _ = verify::local_check(&cards);
    if verify {
        let report = verify::verify_any(text);
        assert!(!report.checks.is_empty());
        for check in &report.checks {
            match check.found {
                Found::ReachableStates(states) => work += states as u64,
                Found::TooManyStates { limit } => work += limit as u64 + 1,
                _ => {}
            }
        }
    }
    work
}

const CERTIFICATE_WORDS: &[&str] = &[
    "(",
    ")",
    " (",
    ") ",
    ":",
    ":0",
    ":7",
    ":8",
    "G0",
    "zz",
    "00",
    "88",
    " 0",
    " 5",
    " 727",
    " 6",
    "\n",
    "\r\n",
    "\n\n",
    "6 ",
    "728 ",
    "  ",
    "\t",
    "99999999999",
    "(00 ",
];

/// The first `n` lines of the paper's certificate: small enough to verify in every case.
fn prefix(n: usize) -> Vec<u8> {
    SHIPPED_TEXT.lines().take(n).map(|l| format!("{l}\n")).collect::<String>().into_bytes()
}

#[test]
fn the_certificate_engine_survives_mutations() {
    let corpus = [prefix(12), prefix(40), prefix(120), SHIPPED_TEXT.as_bytes().to_vec()];
    static CASE: AtomicU64 = AtomicU64::new(0);
    fuzz::run("certificate", &corpus, CERTIFICATE_WORDS, CERTIFICATE_WORK, |bytes| {
        let text = String::from_utf8_lossy(bytes);
        let n = CASE.fetch_add(1, Ordering::Relaxed);
        // Every check on small certificates, and now and then on a large one (to spare the CPU).
        let small = text.lines().count() <= 120;
        certificate_work(&text, small || n.is_multiple_of(50))
    });
}

#[test]
fn game_records_survive_mutations_against_every_maker() {
    let corpus = [
        b"7,8 8,6".to_vec(),
        b"-2,13 5,5 1000,-1000 9,9".to_vec(),
        b"7,8 8,6 9,9 10,7 6,8 8,10 10,10 11,9".to_vec(),
    ];
    let words = [",", " ", "-", "2147483647", "-2147483648", "2147483648", "\n"];
    // The work: one Maker reply a move, at most one move a byte, against each Maker.
    fuzz::run("record", &corpus, &words, 2 * fuzz::MAX_INPUT as u64, |bytes| {
        let mut work = 0;
        if let Ok(moves) = parse_moves(&String::from_utf8_lossy(bytes)) {
            for cards in Maker::ALL.iter().filter_map(|m| m.cards().ok()) {
                if let Ok(game) = replay(cards.clone(), &moves) {
                    assert!(game.guarantee() <= 21);
                    let _ = (game.heat(), game.hint(), game.tempo());
                    work += game.moves().len() as u64 / 2;
                }
            }
        }
        work
    });
}

#[test]
fn the_snaky_command_line_survives_mutations() {
    let corpus = [
        b"snaky replay --moves 7,8\x008,6 --maker 20".to_vec(),
        b"snaky heat --json --moves 7,8".to_vec(),
        b"--open snaky --maker 21 --overlay heat --overlay hint --blind".to_vec(),
        b"snaky search --target 20 --out /dev/null --max-positions 10".to_vec(),
        b"snaky coach --maker-moves -1,9 --breaker-moves 7,8 --json --review --breaker searcher --seed 3"
            .to_vec(),
        b"snaky play --as maker --breaker potential --seed 18446744073709551615 --text".to_vec(),
        b"snaky levels --seeds 1000 --json".to_vec(),
    ];
    let words = [
        " ",
        "\x00",
        "--",
        "20",
        "21",
        "19",
        "-1",
        "--unverified",
        "--certificate",
        "--as",
        "maker",
        "--breaker",
    ];
    fuzz::run("snaky-args", &corpus, &words, fuzz::MAX_INPUT as u64, |bytes| {
        let text = String::from_utf8_lossy(bytes);
        // NUL separates arguments that contain spaces; spaces separate the others.
        let args = std::iter::once("pokopoko").chain(text.split([' ', '\x00']).filter(|a| !a.is_empty()));
        let _ = Cli::try_parse_from(args);
        bytes.len() as u64
    });
}

/// A certificate a structured generator builds at one of the limits.
#[derive(Debug)]
enum AtLimit {
    /// One line of about [`MAX_LINE_BYTES`] bytes, multi-byte characters anywhere around the
    /// limit, ended by `\n` or `\r\n`.
    LongLine { text: String },
    /// Lines of many children each, their total around [`MAX_CHILDREN`].
    WideLines { lines: usize, children: usize },
    /// The paper, then `depth` lines each holding `copies` translated copies of the card before:
    /// the reachable states multiply by up to `copies` a line.
    NestedPlacements { depth: usize, copies: usize },
    /// Parentheses nested around [`MAX_NESTING`].
    Nesting { depth: usize },
}

impl fuzz::Input for AtLimit {
    fn shown(&self) -> String {
        match self {
            Self::LongLine { text } => {
                let tail: String =
                    text.chars().rev().take(24).collect::<Vec<_>>().into_iter().rev().collect();
                format!("LongLine of {} bytes ending {tail:?}", text.len())
            }
            other => format!("{other:?}"),
        }
    }
}

impl AtLimit {
    fn text(&self) -> String {
        match self {
            Self::LongLine { text } => text.clone(),
            Self::WideLines { lines, children } => {
                (0..*lines).map(|i| format!("{} 88{}\n", 6 + i, " 0".repeat(*children))).collect()
            }
            Self::NestedPlacements { depth, copies } => {
                let mut text = SHIPPED_TEXT.to_string();
                for card in 728..728 + *depth as u32 {
                    let children: Vec<String> = (0..*copies)
                        .map(|k| format!("{}:{}{}{}", card - 1, k % 8, k % 4, k / 4 % 4))
                        .collect();
                    text.push_str(&format!("{card} 88 {}\n", children.join(" ")));
                }
                text
            }
            Self::Nesting { depth } => format!("6 00 {}0{}\n", "(00 ".repeat(*depth), ")".repeat(*depth)),
        }
    }
}

#[test]
fn certificates_at_the_limits_stay_within_their_bounds() {
    const PIECES: [&str; 6] = ["0", " ", "é", "漢", "🐍", "\u{1b}"];
    fuzz::run_generated(
        "certificate-limits",
        |rng, _| match fuzz::below(rng, 4) {
            0 => {
                let mut text = String::from("6 00 ");
                let target = MAX_LINE_BYTES - 8 + fuzz::below(rng, 16);
                while text.len() < target {
                    text.push_str(PIECES[fuzz::below(rng, PIECES.len())]);
                }
                text.push_str(if fuzz::below(rng, 2) == 0 { "\n" } else { "\r\n" });
                AtLimit::LongLine { text }
            }
            1 => {
                // At least two lines: one line of 50,000 children would pass the line limit first.
                let lines = 2 + fuzz::below(rng, 7);
                let children = (MAX_CHILDREN - 8 + fuzz::below(rng, 16)) / lines;
                AtLimit::WideLines { lines, children }
            }
            2 => {
                AtLimit::NestedPlacements { depth: 1 + fuzz::below(rng, 5), copies: 1 + fuzz::below(rng, 64) }
            }
            _ => AtLimit::Nesting { depth: MAX_NESTING - 2 + fuzz::below(rng, 5) },
        },
        CERTIFICATE_WORK,
        |case| {
            let text = case.text();
            match (case, Certificate::parse(&text)) {
                (AtLimit::LongLine { .. }, Err(e))
                    if matches!(e.kind, ParseErrorKind::LineTooLong { .. }) =>
                {
                    let line = text.lines().next().unwrap_or_default();
                    assert!(line.trim_end_matches('\r').len() > MAX_LINE_BYTES, "{e}");
                    assert!((1..=line.chars().count()).contains(&e.column), "{e}");
                }
                (AtLimit::WideLines { lines, children }, result) => {
                    let too_many = matches!(&result, Err(e) if e.kind == ParseErrorKind::TooManyChildren { limit: MAX_CHILDREN });
                    assert_eq!(too_many, lines * children > MAX_CHILDREN, "{result:?}");
                }
                (AtLimit::Nesting { depth }, result) => {
                    let too_deep =
                        matches!(&result, Err(e) if e.kind == ParseErrorKind::TooDeep { limit: MAX_NESTING });
                    assert_eq!(too_deep, *depth > MAX_NESTING, "{result:?}");
                }
                _ => {}
            }
            // Nested placements are what `play --certificate` verifies first: run every check.
            certificate_work(&text, matches!(case, AtLimit::NestedPlacements { .. }))
        },
    );
}
