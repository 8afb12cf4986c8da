//! Game records "x,y x,y …" (Breaker's moves in paper coordinates), shared by the command line
//! and the app.

use std::sync::Arc;

use super::card::Cards;
use super::cell::Cell;
use super::errors::{RecordError, RecordErrorKind};
use super::game::Game;

/// Parses whitespace-separated `x,y` moves; integers may be negative. Errors name the 1-based
/// position of the bad entry.
pub fn parse_moves(text: &str) -> Result<Vec<Cell>, RecordError> {
    text.split_whitespace()
        .enumerate()
        .map(|(index, token)| {
            parse_cell(token).ok_or_else(|| RecordError {
                position: index + 1,
                token: token.to_owned(),
                kind: RecordErrorKind::Malformed,
            })
        })
        .collect()
}

fn parse_cell(token: &str) -> Option<Cell> {
    let (x, y) = token.split_once(',')?;
    Some(Cell::new(x.parse().ok()?, y.parse().ok()?))
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
