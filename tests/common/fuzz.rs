//! A small seeded mutation fuzzer for the parsers of files and arguments a player can hand us.
//!
//! No Bevy, so any test target can use it (`tests/common/mod.rs` is the app tests' helpers):
//!
//! ```ignore
//! #[path = "common/fuzz.rs"]
//! mod fuzz;
//!
//! #[test]
//! fn the_certificate_parser_survives_mutations() {
//!     let corpus = [std::fs::read("assets/snaky-certificate-21.txt").unwrap()];
//!     // Parsing reads each byte once: the work is the input's length.
//!     fuzz::run("certificate", &corpus, &["(", ")", ":", "G0"], fuzz::MAX_INPUT as u64, |bytes| {
//!         let _ = parse(&String::from_utf8_lossy(bytes));
//!         bytes.len() as u64
//!     });
//! }
//! ```
//!
//! Each case is one corpus entry with one or a few stacked mutations (bit flips, deleted, repeated or
//! duplicated spans, dictionary tokens, extreme numbers in place of numbers, splices of another
//! entry), or, with [`run_generated`], a case a structured generator builds (a stream, a special
//! file, a line at a limit…). `check` returns the work the case caused, in units the test counts
//! (bytes read, cells laid out, states visited); a case fails if `check` panics or reports more
//! work than the bound the test states, which comes from the limits README states. The bound is
//! on work, never on time, so a loaded machine cannot fail a case. The failure prints the case's
//! input. Every case is derived from the seed, the parser's name and the case number alone, so
//! `POKOPOKO_FUZZ_SEED` and `POKOPOKO_FUZZ_CASES` reproduce a run exactly. The input of the case
//! in progress is also written to `$CARGO_TARGET_TMPDIR/fuzz-<name>.input`, so that even an abort
//! leaves it behind.

#![allow(dead_code)]

use std::panic::{self, AssertUnwindSafe};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Cases per parser when `POKOPOKO_FUZZ_CASES` is not set.
pub const DEFAULT_CASES: u64 = 2_000;

/// The seed when `POKOPOKO_FUZZ_SEED` is not set.
pub const DEFAULT_SEED: u64 = 0x706F_6B6F_706F_6B6F;

/// Numbers that break careless arithmetic and allocation, put in place of numbers.
const EXTREME_NUMBERS: [&str; 20] = [
    "0",
    "1",
    "-1",
    "2",
    "255",
    "256",
    "1000",
    "1001",
    "10000",
    "10001",
    "100000",
    "100001",
    "65536",
    "2147483647",
    "2147483648",
    "4294967295",
    "4294967296",
    "18446744073709551615",
    "99999999999999999999999",
    "1e9",
];

/// Bytes that matter to most grammars.
const INTERESTING_BYTES: &[u8] = b"()[]{},:;\"'\\/#*-+.0123456789 \n\r\tabxXoO\x00\x7f\xff";

/// How many cases to run per parser.
pub fn cases() -> u64 {
    std::env::var("POKOPOKO_FUZZ_CASES").ok().and_then(|v| v.trim().parse().ok()).unwrap_or(DEFAULT_CASES)
}

/// The run's seed.
pub fn seed() -> u64 {
    std::env::var("POKOPOKO_FUZZ_SEED").ok().and_then(|v| v.trim().parse().ok()).unwrap_or(DEFAULT_SEED)
}

/// Mutates inputs with a random generator of its own.
pub struct Mutator<'a> {
    rng: ChaCha8Rng,
    corpus: &'a [Vec<u8>],
    dictionary: &'a [&'a str],
}

/// Mutants are kept below this size, so one case stays quick.
pub const MAX_INPUT: usize = 1 << 20;

impl<'a> Mutator<'a> {
    pub fn new(seed: u64, corpus: &'a [Vec<u8>], dictionary: &'a [&'a str]) -> Self {
        Self { rng: ChaCha8Rng::seed_from_u64(seed), corpus, dictionary }
    }

    fn below(&mut self, n: usize) -> usize {
        if n == 0 { 0 } else { (self.rng.next_u64() % n as u64) as usize }
    }

    /// A random span `start..end` of `input`, usually short.
    fn span(&mut self, input: &[u8]) -> (usize, usize) {
        let start = self.below(input.len() + 1);
        let longest = (input.len() - start).min(if self.below(4) == 0 { input.len() } else { 64 });
        (start, start + self.below(longest + 1))
    }

    /// One mutant of corpus entry `entry`: one or two mutations, sometimes up to eight stacked
    /// (most inputs should stay close enough to the grammar to reach the checks after it).
    pub fn mutant(&mut self, entry: usize) -> Vec<u8> {
        let mut input = self.corpus[entry % self.corpus.len()].clone();
        let stacked = if self.below(4) == 0 { 1 + self.below(8) } else { 1 + self.below(2) };
        for _ in 0..stacked {
            self.mutate(&mut input);
            input.truncate(MAX_INPUT);
        }
        input
    }

    fn mutate(&mut self, input: &mut Vec<u8>) {
        match self.below(10) {
            0 if !input.is_empty() => {
                let at = self.below(input.len());
                input[at] ^= 1 << self.below(8);
            }
            1 if !input.is_empty() => {
                let at = self.below(input.len());
                input[at] = INTERESTING_BYTES[self.below(INTERESTING_BYTES.len())];
            }
            2 if !self.dictionary.is_empty() => {
                let token = self.dictionary[self.below(self.dictionary.len())].as_bytes();
                let at = self.below(input.len() + 1);
                input.splice(at..at, token.iter().copied());
            }
            3 => {
                let (start, end) = self.span(input);
                input.drain(start..end);
            }
            4 => {
                let (start, end) = self.span(input);
                let copy = input[start..end].to_vec();
                let at = self.below(input.len() + 1);
                input.splice(at..at, copy);
            }
            5 => {
                // A short span many times over: deep nesting, long rows, long lists.
                let (start, end) = self.span(input);
                let end = end.min(start + 8);
                let most = if self.below(8) == 0 { 20_000 } else { 100 };
                let times = 1 + self.below(most);
                let repeated = input[start..end].repeat(times);
                input.splice(start..start, repeated);
            }
            6 | 7 => {
                // An extreme number in place of a number (or anywhere, if there is none).
                let number = EXTREME_NUMBERS[self.below(EXTREME_NUMBERS.len())].as_bytes();
                let digits: Vec<usize> = (0..input.len()).filter(|&i| input[i].is_ascii_digit()).collect();
                let (start, end) = if digits.is_empty() {
                    let at = self.below(input.len() + 1);
                    (at, at)
                } else {
                    let start = digits[self.below(digits.len())];
                    let end =
                        (start..input.len()).find(|&i| !input[i].is_ascii_digit()).unwrap_or(input.len());
                    let start = (0..start).rev().find(|&i| !input[i].is_ascii_digit()).map_or(0, |i| i + 1);
                    (start, end)
                };
                input.splice(start..end, number.iter().copied());
            }
            8 => {
                // Splice: a span of another corpus entry.
                let other = self.corpus[self.below(self.corpus.len())].clone();
                let (start, end) = self.span(&other);
                let at = self.below(input.len() + 1);
                input.splice(at..at, other[start..end].iter().copied());
            }
            _ => {
                let at = self.below(input.len() + 1);
                input.truncate(at);
            }
        }
    }
}

/// The parser's name mixed into the seed, so each parser gets its own cases.
fn name_seed(name: &str) -> u64 {
    name.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

/// An input as it can be pasted back into a test: escaped, cut after 4 KiB.
fn printable(input: &[u8]) -> String {
    let shown = &input[..input.len().min(4096)];
    let mut text = shown.escape_ascii().to_string();
    if input.len() > shown.len() {
        text.push_str(&format!("… ({} bytes in all)", input.len()));
    }
    text
}

/// A case as a failure shows it.
pub trait Input {
    fn shown(&self) -> String;
}

impl Input for Vec<u8> {
    fn shown(&self) -> String {
        format!("b\"{}\"", printable(self))
    }
}

/// The case generator's own random numbers, for [`run_generated`].
pub type Random = ChaCha8Rng;

/// A number below `n` (0 for 0).
pub fn below(rng: &mut Random, n: usize) -> usize {
    if n == 0 { 0 } else { (rng.next_u64() % n as u64) as usize }
}

/// Runs `check` on [`cases`] mutants of `corpus`, and fails with the first case that panics or
/// whose work passes `max_work`.
pub fn run(name: &str, corpus: &[Vec<u8>], dictionary: &[&str], max_work: u64, check: impl Fn(&[u8]) -> u64) {
    run_generated(
        name,
        |rng, case| Mutator::new(rng.next_u64(), corpus, dictionary).mutant(case as usize),
        max_work,
        |input: &Vec<u8>| check(input),
    );
}

/// Runs `check` on [`cases`] cases that `generate` builds from the case's own random numbers and
/// its number, and fails with the first that panics or whose work passes `max_work`.
pub fn run_generated<T: Input>(
    name: &str,
    generate: impl Fn(&mut Random, u64) -> T,
    max_work: u64,
    check: impl Fn(&T) -> u64,
) {
    let (seed, cases) = (seed(), cases());
    let current = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("fuzz-{name}.input"));
    let mut most = 0;
    for case in 0..cases {
        let case_seed = seed ^ name_seed(name) ^ case.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let input = generate(&mut ChaCha8Rng::seed_from_u64(case_seed), case);
        let shown = input.shown();
        let _ = std::fs::write(&current, &shown);
        let context = format!("fuzz {name}: case {case} (POKOPOKO_FUZZ_SEED={seed}), input: {shown}");
        match panic::catch_unwind(AssertUnwindSafe(|| check(&input))) {
            Ok(work) if work <= max_work => most = most.max(work),
            Ok(work) => panic!("{context}\ncaused {work} units of work, more than the bound of {max_work}"),
            Err(_) => panic!("{context}\npanicked (message above)"),
        }
    }
    let _ = std::fs::remove_file(&current);
    eprintln!("fuzz {name}: {cases} cases, seed {seed}, most work {most} of {max_work}");
}
