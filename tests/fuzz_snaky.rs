//! Seeded mutation fuzzing of the Snaky inputs a player can hand us: a certificate file (parse,
//! evaluate, and for some cases every check of `snaky verify --certificate`), a game record
//! (`--moves`, Ctrl+V, a dropped file) replayed against both Makers, and the command line's Snaky
//! arguments. Each case must not panic and must answer within a second;
//! `POKOPOKO_FUZZ_CASES=100000 cargo test --release --no-default-features --test fuzz_snaky` runs
//! longer (see `tests/common/fuzz.rs`).

#[path = "common/fuzz.rs"]
mod fuzz;

use std::sync::atomic::{AtomicU64, Ordering};

use clap::Parser;
use pokopoko::cli::Cli;
use pokopoko::snaky::certificate::SHIPPED_TEXT;
use pokopoko::snaky::{Cards, Certificate, Maker, parse_moves, replay, verify};

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
    fuzz::run("certificate", &corpus, CERTIFICATE_WORDS, |bytes| {
        let text = String::from_utf8_lossy(bytes);
        let n = CASE.fetch_add(1, Ordering::Relaxed);
        if let Ok(certificate) = Certificate::parse(&text)
            && let Ok(cards) = Cards::evaluate(&certificate)
        {
            // The heavier checks on small certificates, and now and then on a large one.
            if certificate.lines.len() <= 120 || n.is_multiple_of(50) {
                let report = verify::verify_any(&text);
                assert!(!report.checks.is_empty());
            }
            let _ = verify::local_check(&cards);
        }
    });
}

#[test]
fn game_records_survive_mutations_against_both_makers() {
    let corpus = [
        b"7,8 8,6".to_vec(),
        b"-2,13 5,5 1000,-1000 9,9".to_vec(),
        b"7,8 8,6 9,9 10,7 6,8 8,10 10,10 11,9".to_vec(),
    ];
    fuzz::run("record", &corpus, &[",", " ", "-", "2147483647", "-2147483648", "\n"], |bytes| {
        if let Ok(moves) = parse_moves(&String::from_utf8_lossy(bytes)) {
            for cards in Maker::ALL.iter().filter_map(|m| m.cards().ok()) {
                if let Ok(game) = replay(cards.clone(), &moves) {
                    assert!(game.guarantee() <= 21);
                    let _ = (game.heat(), game.hint(), game.tempo());
                }
            }
        }
    });
}

#[test]
fn the_snaky_command_line_survives_mutations() {
    let corpus = [
        b"snaky replay --moves 7,8\x008,6 --maker 20".to_vec(),
        b"snaky heat --json --moves 7,8".to_vec(),
        b"--open snaky --maker 21 --overlay heat --overlay hint --blind".to_vec(),
        b"snaky search --target 20 --out /dev/null --max-positions 10".to_vec(),
    ];
    fuzz::run("snaky-args", &corpus, &[" ", "\x00", "--", "20", "21", "19", "-1"], |bytes| {
        let text = String::from_utf8_lossy(bytes);
        // NUL separates arguments that contain spaces; spaces separate the others.
        let args = std::iter::once("pokopoko").chain(text.split([' ', '\x00']).filter(|a| !a.is_empty()));
        let _ = Cli::try_parse_from(args);
    });
}
