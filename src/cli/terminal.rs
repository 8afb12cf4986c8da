//! Terminal play, the same for both sides (`snaky play`, `snaky play --as maker`): one JSON
//! object a line out, one move a line in, a bad line answered with an error object and the game
//! going on; with `--text`, the board drawn after each answer.

use std::io::Write;
use std::process::ExitCode;

use serde::Serialize;

use super::input_line::{InputLine, MAX_PLAY_LINE_BYTES, next_line};
use crate::snaky::{self, Bounds, Cell};

/// A game played in the terminal: what it answers a line of input with, and its board.
pub(super) trait Table {
    /// The answer to one non-empty line of input (`line` is `bytes` as text).
    fn answer(&mut self, line: &str, bytes: &[u8]) -> String;
    /// The board as text, for `--text`.
    fn board(&self) -> String;
}

/// Plays `table` on standard input and output: `first` (the opening line), then an answer per
/// line until the end of input. A line that is not UTF-8 or longer than [`MAX_PLAY_LINE_BYTES`]
/// is answered with an error object. Output that cannot be written (stdout closed, a full disk)
/// fails the command, as `replay` and `verify` do.
pub(super) fn serve(first: String, table: &mut impl Table, text: bool) -> ExitCode {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut say = |answer: &str, table: &dyn Table| {
        let mut written = writeln!(out, "{answer}");
        if text {
            written = written.and_then(|()| write!(out, "{}", table.board()));
        }
        written.and_then(|()| out.flush())
    };
    if say(&first, table).is_err() {
        return ExitCode::FAILURE;
    }
    let mut input = std::io::stdin().lock();
    loop {
        let answer = match next_line(&mut input) {
            Ok(None) => return ExitCode::SUCCESS,
            Err(e) => return super::edge::bad_input(format_args!("standard input: {e}")),
            Ok(Some(InputLine::TooLong(start))) => play_error(
                format!("line longer than {MAX_PLAY_LINE_BYTES} bytes (one move `x,y` per line)"),
                &start,
            ),
            Ok(Some(InputLine::Bytes(bytes))) => match std::str::from_utf8(&bytes) {
                Err(e) => play_error(
                    format!("not UTF-8 text (byte {} is not part of a character)", e.valid_up_to() + 1),
                    &bytes,
                ),
                Ok(line) if line.trim().is_empty() => continue,
                Ok(line) => table.answer(line, &bytes),
            },
        };
        if say(&answer, table).is_err() {
            return ExitCode::FAILURE;
        }
    }
}

#[derive(Serialize)]
struct PlayError {
    error: String,
    input: String,
}

/// What a bad line is answered with: the error, and the start of the line as text, escaped as
/// every input we show is (JSON escapes C0 controls only; C1 controls and DEL would reach the
/// terminal raw).
pub(super) fn play_error(error: impl std::fmt::Display, bytes: &[u8]) -> String {
    let input = crate::escape::shown(&String::from_utf8_lossy(bytes));
    serde_json::to_string(&PlayError { error: error.to_string(), input }).unwrap_or_default()
}

/// The cells of `bounds` as text, y up, three columns a cell: `X` Maker, `O` Breaker (lowercase:
/// `last`), and for other cells what `mark` gives, or `.`; the x coordinates underneath.
pub(super) fn draw_board(
    bounds: Bounds,
    owner: impl Fn(Cell) -> Option<snaky::Player>,
    last: Option<Cell>,
    mark: impl Fn(Cell) -> Option<String>,
) -> String {
    let mut out = String::new();
    for y in (bounds.min_y..=bounds.max_y).rev() {
        out.push_str(&format!("{y:>3} "));
        for x in bounds.min_x..=bounds.max_x {
            let cell = Cell::new(x, y);
            let shown = match owner(cell) {
                Some(snaky::Player::Maker) if last == Some(cell) => "x".to_string(),
                Some(snaky::Player::Maker) => "X".to_string(),
                Some(snaky::Player::Breaker) if last == Some(cell) => "o".to_string(),
                Some(snaky::Player::Breaker) => "O".to_string(),
                None => mark(cell).unwrap_or_else(|| ".".to_string()),
            };
            out.push_str(&format!("{shown:>3}"));
        }
        out.push('\n');
    }
    out.push_str("    ");
    for x in bounds.min_x..=bounds.max_x {
        out.push_str(&format!("{x:>3}"));
    }
    out.push('\n');
    out
}
