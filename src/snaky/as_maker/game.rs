//! A game where the player is Maker: both sides choose their own cells.

use std::collections::HashMap;

use crate::snaky::cell::Cell;
use crate::snaky::errors::MoveError;
use crate::snaky::game::{Move, Player};
use crate::snaky::shape::{self, Copy as SnakyCopy};
use crate::snaky::threats::{self, Threats};

/// The stones of a game in which Maker (the player) moves first and Breaker answers.
#[derive(Clone, Debug, Default)]
pub struct MakerGame {
    moves: Vec<Move>,
    maker: Vec<Cell>,
    breaker: Vec<Cell>,
    stones: HashMap<Cell, Player>,
    won: Option<SnakyCopy>,
}

impl MakerGame {
    /// The empty board, Maker to move.
    pub fn new() -> Self {
        Self::default()
    }

    /// The game after these moves, Maker's and Breaker's alternately from Maker's first.
    pub fn from_moves(maker: &[Cell], breaker: &[Cell]) -> Result<Self, MoveError> {
        if breaker.len() > maker.len() {
            return Err(MoveError::MakerToMove);
        }
        if maker.len() > breaker.len() + 1 {
            return Err(MoveError::BreakerToMove);
        }
        let mut game = Self::new();
        for (i, &cell) in maker.iter().enumerate() {
            game.play(cell)?;
            if let Some(&reply) = breaker.get(i) {
                game.play(reply)?;
            }
        }
        Ok(game)
    }

    /// Whose turn it is, or `None` once Maker has won.
    pub fn to_move(&self) -> Option<Player> {
        if self.won.is_some() {
            None
        } else if self.moves.len().is_multiple_of(2) {
            Some(Player::Maker)
        } else {
            Some(Player::Breaker)
        }
    }

    /// Claims `cell` for the player to move and returns who that was.
    pub fn play(&mut self, cell: Cell) -> Result<Player, MoveError> {
        let player = self.to_move().ok_or(MoveError::GameOver)?;
        if self.stones.contains_key(&cell) {
            return Err(MoveError::Occupied(cell));
        }
        self.moves.push(Move { player, cell });
        self.stones.insert(cell, player);
        match player {
            Player::Maker => {
                self.maker.push(cell);
                let stones = &self.stones;
                self.won = shape::completed_copy_where(cell, |c| stones.get(&c) == Some(&Player::Maker));
            }
            Player::Breaker => self.breaker.push(cell),
        }
        Ok(player)
    }

    /// Maker's move: an error if it is Breaker's turn, the game is over or the cell is taken.
    pub fn maker_move(&mut self, cell: Cell) -> Result<(), MoveError> {
        if self.to_move() == Some(Player::Breaker) {
            return Err(MoveError::BreakerToMove);
        }
        self.play(cell).map(|_| ())
    }

    /// Breaker's move: an error if it is Maker's turn, the game is over or the cell is taken.
    pub fn breaker_move(&mut self, cell: Cell) -> Result<(), MoveError> {
        if self.to_move() == Some(Player::Maker) {
            return Err(MoveError::MakerToMove);
        }
        self.play(cell).map(|_| ())
    }

    /// Takes back the last move; false on the empty board.
    pub fn undo(&mut self) -> bool {
        let Some(last) = self.moves.pop() else { return false };
        self.stones.remove(&last.cell);
        match last.player {
            Player::Maker => self.maker.pop(),
            Player::Breaker => self.breaker.pop(),
        };
        self.won = None;
        true
    }

    /// The game after its first `moves` moves.
    pub fn prefix(&self, moves: usize) -> Self {
        let mut game = Self::new();
        for m in self.moves.iter().take(moves) {
            // The moves were legal in this order, so replaying them cannot fail.
            let _ = game.play(m.cell);
        }
        game
    }

    pub fn is_free(&self, cell: Cell) -> bool {
        !self.stones.contains_key(&cell)
    }

    pub fn owner(&self, cell: Cell) -> Option<Player> {
        self.stones.get(&cell).copied()
    }

    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    pub fn maker_cells(&self) -> &[Cell] {
        &self.maker
    }

    pub fn breaker_cells(&self) -> &[Cell] {
        &self.breaker
    }

    pub fn won(&self) -> bool {
        self.won.is_some()
    }

    /// Maker's completed Snaky, once Maker has won.
    pub fn winning_copy(&self) -> Option<SnakyCopy> {
        self.won
    }

    /// Every free cell that completes a Snaky for Maker.
    pub fn threats(&self) -> Threats {
        threats::threats(&self.maker, &self.breaker)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_alternate_from_maker_and_a_snaky_wins() {
        let mut game = MakerGame::new();
        assert_eq!(game.breaker_move(Cell::new(0, 0)), Err(MoveError::MakerToMove));
        // Maker builds S = (0,0) (1,0) (2,0) (3,0) (3,1) (4,1); Breaker plays far away.
        for (i, c) in shape::SNAKY.iter().enumerate() {
            assert_eq!(game.to_move(), Some(Player::Maker));
            game.maker_move(*c).expect("free");
            if i < 5 {
                assert_eq!(game.maker_move(Cell::new(50, 50)), Err(MoveError::BreakerToMove));
                assert_eq!(game.breaker_move(*c), Err(MoveError::Occupied(*c)));
                game.breaker_move(Cell::new(100 + i as i32, 100)).expect("free");
            }
        }
        assert!(game.won());
        assert_eq!(game.to_move(), None);
        assert_eq!(game.play(Cell::new(9, 9)), Err(MoveError::GameOver));
        assert!(game.undo());
        assert!(!game.won());
        assert_eq!(game.to_move(), Some(Player::Maker));
    }

    #[test]
    fn a_game_from_its_moves_checks_the_turns() {
        let m = [Cell::new(0, 0), Cell::new(1, 0)];
        let b = [Cell::new(5, 5)];
        let game = MakerGame::from_moves(&m, &b).expect("legal");
        assert_eq!(game.to_move(), Some(Player::Breaker));
        assert_eq!(game.moves().len(), 3);
        assert!(MakerGame::from_moves(&m[..1], &[Cell::new(5, 5), Cell::new(6, 6)]).is_err());
        assert!(MakerGame::from_moves(&m, &[]).is_err());
        assert_eq!(
            MakerGame::from_moves(&m, &[Cell::new(0, 0)]).err(),
            Some(MoveError::Occupied(Cell::new(0, 0)))
        );
    }
}
