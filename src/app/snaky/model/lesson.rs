//! The lesson open on one of the player's moves: why it cost what it did ([`Why`], found by the
//! engine) and the two lines played on the board move by move — the one that followed the move,
//! and the one that would have followed the best reply. The session shows [`Lesson::position`].

use crate::snaky::review::{self, Line};
use crate::snaky::words::LineMove;
use crate::snaky::{Cell, Game, Move, Player, Why};

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

/// The line after the move played ([`Lesson::moves`]) beside the game's own moves from that
/// move, and where they first differ.
struct BesideTheGame<'g> {
    line: Vec<(Player, Cell)>,
    played: &'g [Move],
    first_different: Option<usize>,
}

/// What the game played where the line shows a Breaker move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InTheGame {
    /// The same cell.
    Same,
    /// Another cell: the game's Breaker move `index` (0-based), whose own cost the review knows.
    Played { cell: Cell, index: usize },
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

    /// The game's own moves from the move the lesson is on, beside the line after it: whether the
    /// game (the player's moves and Maker's answers) followed the line to its end (`None`), or
    /// the player's move number at which it left it. `None` for the best reply's line, which
    /// the game never played (newcomers read the line as "not my game" and could not tell how
    /// the two related).
    pub fn game_left_line_at(&self, game: &Game) -> Option<Option<usize>> {
        self.why.as_ref()?;
        let BesideTheGame { line, played, first_different } = self.beside_the_game(game)?;
        // Breaker's moves are the line's 0th, 2nd, …, each Maker move followed by its reply. A
        // game not yet as long as the line (still being played) says nothing yet.
        match first_different {
            Some(at) => Some(Some(self.index + 1 + at.div_ceil(2))),
            None if played.len() >= line.len() => Some(None),
            None => None,
        }
    }

    /// Beside the Breaker move of the line on show (after the move played): what the game
    /// played there, while it had followed the line so far. `None` elsewhere.
    pub fn in_the_game(&self, game: &Game) -> Option<InTheGame> {
        if self.step < 2 {
            return None;
        }
        let BesideTheGame { line, played, first_different } = self.beside_the_game(game)?;
        let shown = self.step - 1;
        let (&(player, cell), m) = (line.get(shown)?, played.get(shown)?);
        let followed = first_different.is_none_or(|at| at >= shown);
        if !followed || player != Player::Breaker || m.player != Player::Breaker {
            return None;
        }
        // The line's Breaker moves are its 0th, 2nd, …: the game's moves from the lesson's on.
        let index = self.index + shown / 2;
        Some(if m.cell == cell { InTheGame::Same } else { InTheGame::Played { cell: m.cell, index } })
    }

    /// The line after the move played beside the game's own moves from that move. `None` for
    /// the best reply's line.
    fn beside_the_game<'g>(&self, game: &'g Game) -> Option<BesideTheGame<'g>> {
        if self.choice != LineChoice::Played {
            return None;
        }
        let played = game.moves().get(review::before(self.index)..).unwrap_or_default();
        let line = self.moves();
        let first_different =
            line.iter().zip(played).position(|(&(player, cell), m)| (player, cell) != (m.player, m.cell));
        Some(BesideTheGame { line, played, first_different })
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
                off_plan: line_step.off_plan,
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

    /// The lesson tells how the game itself went beside the line after the move: a game replayed
    /// along the line (its Breaker moves) followed it to the end, each Breaker step "as in your
    /// game"; a game whose second reply differs left it at that move, and that step names it.
    #[test]
    fn the_line_says_where_the_game_itself_left_it() {
        let record = [(6, 7), (7, 9), (9, 7), (10, 9), (11, 7), (8, 9), (8, 7), (11, 9), (6, 12)];
        let start = game(&record);
        let index = 8;
        let lesson = Lesson::new(&start, index);
        assert!(lesson.why.is_some(), "move 9 cost");
        // The game that played the line's Breaker moves after move 9.
        let line_breaker: Vec<Cell> =
            lesson.moves().iter().skip(1).filter(|(p, _)| *p == Player::Breaker).map(|&(_, c)| c).collect();
        assert!(line_breaker.len() >= 2, "{line_breaker:?}");
        let mut along: Vec<(i32, i32)> = record.to_vec();
        along.extend(line_breaker.iter().map(|c| (c.x, c.y)));
        let along = game(&along);
        assert!(along.won());
        assert_eq!(lesson.game_left_line_at(&along), Some(None));
        let mut shown = lesson.clone();
        for step in 2..=shown.last_step() {
            shown.step = step;
            let breaker_step = shown.moves()[step - 1].0 == Player::Breaker;
            assert_eq!(shown.in_the_game(&along), breaker_step.then_some(InTheGame::Same), "step {step}");
        }
        // A game whose second reply after move 9 was elsewhere (a free cell far from the line).
        let elsewhere = Cell::new(0, 0);
        let mut off: Vec<(i32, i32)> = record.to_vec();
        off.push((line_breaker[0].x, line_breaker[0].y));
        off.push((elsewhere.x, elsewhere.y));
        let off = game(&off);
        assert_eq!(lesson.game_left_line_at(&off), Some(Some(11)), "left at the player's move 11");
        let short = game(&record[..]);
        assert_eq!(
            Lesson::new(&short, index).game_left_line_at(&short),
            None,
            "a game not yet as long as the line"
        );
        let mut shown = lesson.clone();
        // Steps: 1 the move, 2 Maker, 3 the first reply, 4 Maker, 5 the second reply.
        shown.step = 3;
        assert_eq!(shown.in_the_game(&off), Some(InTheGame::Same));
        shown.step = 5;
        assert_eq!(
            shown.in_the_game(&off),
            Some(InTheGame::Played { cell: elsewhere, index: 10 }),
            "move 11"
        );
        shown.step = 7;
        assert_eq!(shown.in_the_game(&off), None, "past where the game left the line");
        shown.choice = LineChoice::Best;
        assert_eq!((shown.in_the_game(&off), shown.game_left_line_at(&off)), (None, None));
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
