//! The lesson open on one of the player's moves: why it cost what it did ([`Why`], found by the
//! engine) and the two lines played on the board move by move — the one that followed the move,
//! and the one that would have followed the best reply. The session shows [`Lesson::position`].

use crate::snaky::review::{self, Line};
use crate::snaky::words::LineMove;
use crate::snaky::{Cell, Game, Player, Why};

/// Which line the lesson plays.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum LineChoice {
    /// The line after the move the player made.
    #[default]
    Played,
    /// The line after the best reply instead.
    Best,
}

impl LineChoice {
    pub fn other(self) -> Self {
        match self {
            Self::Played => Self::Best,
            Self::Best => Self::Played,
        }
    }
}

/// A lesson on the player's move `index` (0-based).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lesson {
    pub index: usize,
    /// `None` when the move lost nothing: there is no line to show.
    pub why: Option<Why>,
    /// The move took a cell that would have finished a Snaky, and no other finish's block kept
    /// more: forced, whatever it cost.
    pub forced: bool,
    pub choice: LineChoice,
    /// How many moves of the line are shown: 0 is the position before the move, 1 the move (or
    /// the best reply), then each Maker move and Breaker reply of the line.
    pub step: usize,
}

impl Lesson {
    /// The lesson on move `index` of `game`, at the position before it.
    pub fn new(game: &Game, index: usize) -> Self {
        let why = review::why(game, index);
        // A costly move's why says whether its block was forced; a move that lost nothing has none.
        let forced =
            why.as_ref().map_or_else(|| review::blocked_a_finish(game, index), |why| why.blocked_finish);
        Self { index, why, forced, choice: LineChoice::Played, step: 0 }
    }

    /// Whether the lesson has a best reply's line to switch to: not for a forced block of a
    /// finish, where leaving the finish open is no lesson (it loses at once to any Maker that
    /// takes a finish).
    pub fn has_best_line(&self) -> bool {
        self.why.is_some() && !self.forced
    }

    /// The line being played, if the move has one.
    pub fn line(&self) -> Option<&Line> {
        let why = self.why.as_ref()?;
        Some(match self.choice {
            LineChoice::Played => &why.line,
            LineChoice::Best => &why.best_line,
        })
    }

    /// The line's moves in order: the first move, then each Maker move and Breaker reply.
    pub fn moves(&self) -> Vec<(Player, Cell)> {
        let (Some(why), Some(line)) = (&self.why, self.line()) else { return Vec::new() };
        let first = match self.choice {
            LineChoice::Played => why.breaker,
            LineChoice::Best => why.best_reply.cell,
        };
        let mut moves = vec![(Player::Breaker, first)];
        for step in &line.steps {
            moves.push((Player::Maker, step.maker));
            moves.extend(step.breaker.map(|cell| (Player::Breaker, cell)));
        }
        moves
    }

    /// The last step (the line's end).
    pub fn last_step(&self) -> usize {
        self.moves().len()
    }

    /// Moves the shown step by `delta`, within the line.
    pub fn step_by(&mut self, delta: i32) {
        self.step = self.step.saturating_add_signed(delta as isize).min(self.last_step());
    }

    /// The position the lesson shows: `before` (the game before the move, Breaker to move) with
    /// the line's first `step` moves played. Maker's moves are its policy's, as in the line.
    pub fn position(&self, before: &Game) -> Game {
        let mut game = before.clone();
        for (player, cell) in self.moves().into_iter().take(self.step) {
            let played = match player {
                Player::Breaker => game.breaker_move(cell).is_ok(),
                Player::Maker => game.maker_move().is_ok_and(|answer| answer == cell),
            };
            if !played {
                break;
            }
        }
        game
    }

    /// What the shown step's move is and does, for its sentence; `None` at step 0.
    pub fn shown_move(&self) -> Option<LineMove<'_>> {
        let (why, line) = (self.why.as_ref()?, self.line()?);
        if self.step == 0 {
            return None;
        }
        if self.step == 1 {
            let best = self.choice == LineChoice::Best;
            let cell = if best { why.best_reply.cell } else { why.breaker };
            return Some(LineMove::First { number: self.index + 1, cell, best, played: why.breaker });
        }
        // Steps 2, 3 are the line's first Maker move and reply; 4, 5 the second; …
        let line_step = line.steps.get((self.step - 2) / 2)?;
        Some(if self.step.is_multiple_of(2) {
            let completes = line.completed.is_some_and(|done| done.move_number == line_step.move_number);
            LineMove::Maker {
                move_number: line_step.move_number,
                cell: line_step.maker,
                threats: &line_step.threats.cells,
                completes,
                passed: line_step.passed,
            }
        } else {
            let cell = line_step.breaker?;
            let finishing = &line_step.threats.cells;
            let blocks = finishing.contains(&cell);
            let left_open = finishing.first().copied().filter(|_| !blocks);
            LineMove::Breaker { cell, blocks, left_open }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::snaky::{Maker, threats};

    fn game(moves: &[(i32, i32)]) -> Game {
        let cards = Maker::Paper.cards().expect("the paper's certificate");
        let moves: Vec<Cell> = moves.iter().map(|&c| Cell::from(c)).collect();
        crate::snaky::replay(cards, &moves).expect("legal moves")
    }

    #[test]
    fn a_costly_moves_line_ends_in_makers_snaky_within_the_guarantee_after_it() {
        // SPEC §2.4: (8,6) costs the paper's plan one move (21 → 20).
        let game = game(&[(7, 8), (8, 6)]);
        let before = game.prefix(review::before(1));
        let mut lesson = Lesson::new(&game, 1);
        assert!(lesson.why.is_some());
        assert_eq!(lesson.position(&before).moves().len(), before.moves().len(), "step 0: before the move");
        lesson.step_by(1);
        assert_eq!(lesson.position(&before).breaker_cells().last(), Some(&Cell::new(8, 6)));
        lesson.step_by(1000);
        let end = lesson.position(&before);
        assert!(end.won(), "the line ends with Maker's Snaky");
        assert!(end.maker_cells().len() <= 20, "within the guarantee after the move");
        assert_eq!(end.moves().len(), before.moves().len() + lesson.last_step());
        // The best reply's line holds the paper's 21.
        lesson.choice = LineChoice::Best;
        lesson.step = lesson.last_step();
        let best_end = lesson.position(&before);
        assert!(best_end.won() && best_end.maker_cells().len() <= 21);
        assert!(best_end.maker_cells().len() > end.maker_cells().len() - 1);
    }

    #[test]
    fn each_maker_step_names_the_finishing_cells_the_board_has() {
        let game = game(&[(7, 8), (8, 6)]);
        let before = game.prefix(review::before(1));
        let mut lesson = Lesson::new(&game, 1);
        for step in 0..=lesson.last_step() {
            lesson.step = step;
            let position = lesson.position(&before);
            if let Some(LineMove::Maker { threats: named, completes: false, .. }) = lesson.shown_move() {
                let on_board = threats::threats(position.maker_cells(), position.breaker_cells());
                assert_eq!(named, on_board.cells.as_slice(), "step {step}");
            }
        }
    }

    /// A Breaker step of a line that takes none of the finishing cells on the board (the
    /// longest defence against this Maker may) names one it leaves open; one that takes one
    /// blocks. Checked on the board the line shows, over both lines of the seeded game's moves.
    #[test]
    fn a_breaker_step_names_a_finishing_cell_it_leaves_open() {
        let game =
            game(&[(6, 7), (7, 9), (9, 7), (10, 9), (11, 7), (8, 9), (8, 7), (11, 9), (6, 12), (6, 10)]);
        let mut left = 0;
        for index in 0..game.breaker_cells().len() {
            let before = game.prefix(review::before(index));
            let mut lesson = Lesson::new(&game, index);
            for choice in [LineChoice::Played, LineChoice::Best] {
                lesson.choice = choice;
                for step in 2..=lesson.last_step() {
                    lesson.step = step - 1;
                    let board = lesson.position(&before);
                    lesson.step = step;
                    let Some(LineMove::Breaker { cell, blocks, left_open }) = lesson.shown_move() else {
                        continue;
                    };
                    let open = threats::threats(board.maker_cells(), board.breaker_cells()).cells;
                    assert_eq!(blocks, open.contains(&cell), "move {index} step {step}");
                    assert_eq!(left_open.is_some(), !open.is_empty() && !blocks, "move {index} step {step}");
                    assert!(left_open.is_none_or(|c| open.contains(&c)));
                    left += usize::from(left_open.is_some());
                }
            }
        }
        assert!(left > 0, "the longest defence leaves a finish open somewhere");
    }

    #[test]
    fn a_move_that_lost_nothing_has_no_line() {
        let game = game(&[(7, 8)]);
        let mut lesson = Lesson::new(&game, 0);
        assert_eq!(lesson.why, None);
        lesson.step_by(3);
        assert_eq!(lesson.step, 0);
        assert_eq!(lesson.shown_move(), None);
    }
}
