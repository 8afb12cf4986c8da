//! Game records "x,y x,y …" (Breaker's moves in paper coordinates), shared by the command line
//! and the app.

use std::sync::Arc;

use super::card::Cards;
use super::cell::Cell;
use super::errors::{RecordError, RecordErrorKind};
use super::game::Game;
use super::placement::Symmetry;
use super::policy::about_opening;

/// Parses whitespace-separated `x,y` moves; integers may be negative. Errors name the 1-based
/// position of the bad entry.
pub fn parse_moves(text: &str) -> Result<Vec<Cell>, RecordError> {
    text.split_whitespace()
        .enumerate()
        .map(|(index, token)| {
            parse_cell(token).map_err(|kind| RecordError {
                position: index + 1,
                token: token.to_owned(),
                kind,
            })
        })
        .collect()
}

fn parse_cell(token: &str) -> Result<Cell, RecordErrorKind> {
    let (x, y) = token.split_once(',').ok_or(RecordErrorKind::Malformed)?;
    Ok(Cell::new(coordinate(x)?, coordinate(y)?))
}

/// One integer coordinate: a number too large for 32 bits is out of range, not malformed.
fn coordinate(text: &str) -> Result<i32, RecordErrorKind> {
    text.parse().map_err(|err: std::num::ParseIntError| match err.kind() {
        std::num::IntErrorKind::PosOverflow | std::num::IntErrorKind::NegOverflow => {
            RecordErrorKind::OutOfRange
        }
        _ => RecordErrorKind::Malformed,
    })
}

/// Plays Maker's first move, then each Breaker move followed by Maker's reply. An occupied cell
/// or a move after Maker has won is an error naming the move's 1-based position.
pub fn replay(cards: Arc<Cards>, breaker_moves: &[Cell]) -> Result<Game, RecordError> {
    let mut game = Game::started(cards);
    for (index, &cell) in breaker_moves.iter().enumerate() {
        game.reply(cell).map_err(|e| RecordError {
            position: index + 1,
            token: format!("{},{}", cell.x, cell.y),
            kind: RecordErrorKind::Illegal(e),
        })?;
    }
    Ok(game)
}

/// Writes Breaker's moves of a game as a record that [`parse_moves`] reads back.
pub fn format_moves(cells: &[Cell]) -> String {
    cells.iter().map(|c| format!("{},{}", c.x, c.y)).collect::<Vec<_>>().join(" ")
}

/// Breaker's moves of a game whose Maker plan was turned by `turn` (see
/// [`super::Game::started_turned`]), turned back: the same game as the unturned plan plays it.
/// Records are written this way, so every version replays them with the paper's orientation.
pub fn unturned(turn: Symmetry, cells: &[Cell]) -> Vec<Cell> {
    cells.iter().map(|&cell| about_opening(turn).inverse().apply(cell)).collect()
}
