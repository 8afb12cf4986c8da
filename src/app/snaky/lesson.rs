//! The Snaky primer's lessons as plain rules, without Bevy: each step's small board, what a click
//! does there and whether the step is passed. Whether cells hold a Snaky is always the engine's
//! answer ([`shape::completed_copy`]); the screen (`learn.rs`) draws a [`Lesson`] and feeds it
//! clicks.

use crate::save::PRIMER_STEPS;
use crate::snaky::shape::{self, Copy as SnakyCopy};
use crate::snaky::{Cell, Symmetry};

/// Every lesson's board is `BOARD` × `BOARD` cells, (0,0) to (BOARD−1, BOARD−1).
pub const BOARD: i32 = 8;
/// Claims the player makes in the turns step before it passes. Maker, who moved first, then owns
/// one cell more, still fewer than a Snaky's six: the step cannot end in Maker's win.
pub const TURNS_CLAIMS: u32 = 3;

/// The primer's steps, in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Step {
    /// Snaky's six cells and its eight orientations.
    Shape,
    /// One free cell a turn each, for good; Maker wins by owning a Snaky.
    Turns,
    /// Maker owns five cells of a Snaky: claim the sixth.
    Block,
    /// Two Snakies each one cell short: block one, Maker completes the other.
    DoubleThreat,
    /// Maker's proven bound, and par.
    Goal,
}

impl Step {
    pub const ALL: [Self; PRIMER_STEPS as usize] =
        [Self::Shape, Self::Turns, Self::Block, Self::DoubleThreat, Self::Goal];

    /// The step's number, from 1 (as shown and saved).
    pub fn number(self) -> u8 {
        self as u8 + 1
    }

    /// The step numbered `number` (from 1).
    pub fn from_number(number: u8) -> Option<Self> {
        Self::ALL.get(usize::from(number).checked_sub(1)?).copied()
    }

    pub fn next(self) -> Option<Self> {
        Self::from_number(self.number() + 1)
    }

    pub fn previous(self) -> Option<Self> {
        Self::from_number(self.number() - 1)
    }
}

/// Where a lesson stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    Playing,
    Passed,
    /// The player's cell did not do it; the step can be tried again.
    Failed,
}

/// What the last click did, said on screen in words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Feedback {
    /// Step 1: the cell completes the Snaky.
    Completed,
    /// Step 1: the cell completes no Snaky.
    NotASnaky(Cell),
    /// The cell is already claimed (claims are for good) or off the board.
    Taken(Cell),
    /// Step 2: Maker answered; this many claims to go.
    Answered { left: u32 },
    /// Step 2: done.
    TurnsDone,
    /// Step 3: Maker can no longer complete a Snaky.
    Blocked,
    /// Steps 3 and 4: Maker completed a Snaky (its six cells are marked).
    MakerCompleted,
    /// Step 4: one threat blocked, Maker completed the other.
    BlockedOneOfTwo,
}

/// One step's board and how it went.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lesson {
    pub step: Step,
    pub maker: Vec<Cell>,
    pub breaker: Vec<Cell>,
    /// The Snaky Maker owns (steps 1, 3, 4), to mark.
    pub winning: Option<SnakyCopy>,
    /// The latest cell played (ringed).
    pub last: Option<Cell>,
    /// Step 1: a cell tried that completes nothing (outlined).
    pub tried: Option<Cell>,
    pub status: Status,
    pub feedback: Option<Feedback>,
    claims: u32,
}

/// A Snaky in orientation `symmetry` (the certificate's digit) translated by (dx, dy), as the
/// engine places it.
fn snaky(symmetry: u8, dx: i32, dy: i32) -> SnakyCopy {
    shape::copy(Symmetry::ALL[usize::from(symmetry)], dx, dy)
}

/// A Snaky without its cell number `missing`.
fn all_but(copy: SnakyCopy, missing: usize) -> Vec<Cell> {
    copy.iter().enumerate().filter(|&(i, _)| i != missing).map(|(_, &c)| c).collect()
}

fn cells(list: &[(i32, i32)]) -> Vec<Cell> {
    list.iter().map(|&c| Cell::from(c)).collect()
}

/// Whether a cell is on the lesson board.
pub fn on_board(cell: Cell) -> bool {
    (0..BOARD).contains(&cell.x) && (0..BOARD).contains(&cell.y)
}

/// Every cell of the board, row by row from the bottom.
pub fn board_cells() -> impl Iterator<Item = Cell> {
    (0..BOARD).flat_map(|y| (0..BOARD).map(move |x| Cell::new(x, y)))
}

impl Lesson {
    /// The step's starting position.
    pub fn new(step: Step) -> Self {
        let (maker, breaker) = match step {
            // A Snaky standing on end, its corner cell missing.
            Step::Shape => (all_but(snaky(3, 3, 6), 3), Vec::new()),
            // Maker moves first.
            Step::Turns => (cells(&[(3, 4)]), Vec::new()),
            // Five cells of a Snaky, the third missing; Breaker's four claims elsewhere.
            Step::Block => (all_but(snaky(0, 1, 3), 2), cells(&[(2, 5), (5, 2), (6, 4), (1, 1)])),
            // A run of four with a turn up and a turn down: two Snakies, each missing its last cell.
            Step::DoubleThreat => {
                let (up, down) = (snaky(0, 1, 3), snaky(4, 1, 3));
                let mut maker = all_but(up, 5);
                maker.extend(all_but(down, 5).into_iter().filter(|c| !up.contains(c)));
                (maker, cells(&[(0, 3), (2, 5), (6, 6), (2, 1), (6, 1)]))
            }
            Step::Goal => (Vec::new(), Vec::new()),
        };
        Self {
            step,
            maker,
            breaker,
            winning: None,
            last: None,
            tried: None,
            status: Status::Playing,
            feedback: None,
            claims: 0,
        }
    }

    pub fn is_free(&self, cell: Cell) -> bool {
        on_board(cell) && !self.maker.contains(&cell) && !self.breaker.contains(&cell)
    }

    /// The Snaky Maker would own by claiming `cell`, if any (on the board).
    pub fn completes(&self, cell: Cell) -> Option<SnakyCopy> {
        if !self.is_free(cell) {
            return None;
        }
        let mut owned = self.maker.clone();
        owned.push(cell);
        shape::completed_copy(cell, &owned).filter(|copy| copy.iter().all(|&c| on_board(c)))
    }

    /// The free cells with which Maker would complete a Snaky.
    pub fn threats(&self) -> Vec<Cell> {
        board_cells().filter(|&c| self.completes(c).is_some()).collect()
    }

    /// What a click on `cell` does. Returns whether anything changed.
    pub fn click(&mut self, cell: Cell) -> bool {
        if self.status != Status::Playing || self.step == Step::Goal {
            return false;
        }
        if !self.is_free(cell) {
            self.feedback = Some(Feedback::Taken(cell));
            return true;
        }
        match self.step {
            Step::Shape => match self.completes(cell) {
                Some(copy) => {
                    self.maker.push(cell);
                    self.winning = Some(copy);
                    self.last = Some(cell);
                    self.tried = None;
                    self.status = Status::Passed;
                    self.feedback = Some(Feedback::Completed);
                }
                None => {
                    self.tried = Some(cell);
                    self.feedback = Some(Feedback::NotASnaky(cell));
                }
            },
            Step::Turns => {
                self.breaker.push(cell);
                self.claims += 1;
                if let Some(answer) = self.maker_answer() {
                    self.maker.push(answer);
                    self.last = Some(answer);
                }
                let left = TURNS_CLAIMS.saturating_sub(self.claims);
                if left == 0 {
                    self.status = Status::Passed;
                    self.feedback = Some(Feedback::TurnsDone);
                } else {
                    self.feedback = Some(Feedback::Answered { left });
                }
            }
            Step::Block | Step::DoubleThreat => {
                let was_threat = self.completes(cell).is_some();
                self.breaker.push(cell);
                self.last = Some(cell);
                match self.threats().first().map(|&c| (c, self.completes(c))) {
                    Some((answer, Some(copy))) => {
                        self.maker.push(answer);
                        self.winning = Some(copy);
                        self.last = Some(answer);
                        let blocked_one = self.step == Step::DoubleThreat && was_threat;
                        self.status = if blocked_one { Status::Passed } else { Status::Failed };
                        self.feedback = Some(if blocked_one {
                            Feedback::BlockedOneOfTwo
                        } else {
                            Feedback::MakerCompleted
                        });
                    }
                    _ => {
                        self.status = Status::Passed;
                        self.feedback = Some(Feedback::Blocked);
                    }
                }
            }
            Step::Goal => return false,
        }
        true
    }

    /// Claims the player has made in the turns step.
    pub fn claims(&self) -> u32 {
        self.claims
    }

    /// Maker's answer in the turns step: a cell that completes a Snaky if there is one, else the
    /// free cell in the most Snakies on the board still free of Breaker, those with more of
    /// Maker's cells counting more; ties go to the first cell of [`board_cells`].
    fn maker_answer(&self) -> Option<Cell> {
        if let Some(&win) = self.threats().first() {
            return Some(win);
        }
        let score = |cell: Cell| -> u32 {
            shape::copies_through(cell)
                .filter(|copy| copy.iter().all(|&c| on_board(c) && !self.breaker.contains(&c)))
                .map(|copy| {
                    let mine = copy.iter().filter(|c| self.maker.contains(c)).count() as u32;
                    (1 + mine) * (1 + mine)
                })
                .sum()
        };
        let mut best: Option<(u32, Cell)> = None;
        for cell in board_cells().filter(|&c| self.is_free(c)) {
            let s = score(cell);
            if best.is_none_or(|(b, _)| s > b) {
                best = Some((s, cell));
            }
        }
        best.map(|(_, cell)| cell)
    }
}

/// The eight orientations of Snaky, each as its six cells moved so the lowest x and y are 0.
pub fn orientations() -> [SnakyCopy; 8] {
    Symmetry::ALL.map(|symmetry| {
        let copy = shape::copy(symmetry, 0, 0);
        let min_x = copy.iter().map(|c| c.x).min().unwrap_or(0);
        let min_y = copy.iter().map(|c| c.y).min().unwrap_or(0);
        copy.map(|c| Cell::new(c.x - min_x, c.y - min_y))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every copy of Snaky lying on the board, by brute force over orientations and translations.
    fn copies_on_board() -> Vec<SnakyCopy> {
        let mut all = Vec::new();
        for s in 0..8 {
            for dx in -BOARD..2 * BOARD {
                for dy in -BOARD..2 * BOARD {
                    let copy = snaky(s, dx, dy);
                    if copy.iter().all(|&c| on_board(c)) {
                        all.push(copy);
                    }
                }
            }
        }
        all
    }

    /// The free cells that give Maker a whole copy, by brute force.
    fn completing_cells(lesson: &Lesson) -> Vec<Cell> {
        let copies = copies_on_board();
        board_cells()
            .filter(|&f| lesson.is_free(f))
            .filter(|&f| copies.iter().any(|copy| copy.iter().all(|c| *c == f || lesson.maker.contains(c))))
            .collect()
    }

    #[test]
    fn each_position_is_a_legal_game_position_on_the_board() {
        for step in Step::ALL {
            let lesson = Lesson::new(step);
            let all: Vec<Cell> = lesson.maker.iter().chain(&lesson.breaker).copied().collect();
            assert!(all.iter().all(|&c| on_board(c)), "{step:?}");
            let mut unique = all.clone();
            unique.sort();
            unique.dedup();
            assert_eq!(unique.len(), all.len(), "{step:?}: a cell claimed twice");
            // Maker moves first: at Breaker's turn Maker owns one cell more (step 1 has no Breaker).
            if matches!(step, Step::Turns | Step::Block | Step::DoubleThreat) {
                assert_eq!(lesson.maker.len(), lesson.breaker.len() + 1, "{step:?}");
            }
            assert_eq!(lesson.threats(), completing_cells(&lesson), "{step:?}");
        }
        assert_eq!(completing_cells(&Lesson::new(Step::Shape)).len(), 1);
        assert_eq!(completing_cells(&Lesson::new(Step::Block)).len(), 1);
        assert_eq!(completing_cells(&Lesson::new(Step::DoubleThreat)).len(), 2);
        assert!(completing_cells(&Lesson::new(Step::Turns)).is_empty());
    }

    #[test]
    fn the_eight_orientations_are_distinct_and_each_a_snaky() {
        let mut shapes: Vec<Vec<Cell>> = orientations()
            .iter()
            .map(|copy| {
                let mut cells = copy.to_vec();
                cells.sort();
                cells
            })
            .collect();
        for copy in orientations() {
            assert_eq!(shape::completed_copy(copy[0], &copy).map(|_| ()), Some(()));
        }
        shapes.sort();
        shapes.dedup();
        assert_eq!(shapes.len(), 8);
    }

    #[test]
    fn steps_count_from_one_and_walk_in_order() {
        assert_eq!(Step::from_number(1), Some(Step::Shape));
        assert_eq!(Step::from_number(5), Some(Step::Goal));
        assert_eq!(Step::from_number(0), None);
        assert_eq!(Step::from_number(6), None);
        assert_eq!(Step::Shape.previous(), None);
        assert_eq!(Step::Goal.next(), None);
        assert_eq!(Step::Block.next(), Some(Step::DoubleThreat));
    }

    #[test]
    fn the_turns_step_alternates_and_never_lets_maker_win() {
        let mut lesson = Lesson::new(Step::Turns);
        for claim in 1..=TURNS_CLAIMS {
            let free = board_cells().find(|&c| lesson.is_free(c)).expect("a free cell");
            assert!(lesson.click(free));
            assert_eq!(lesson.breaker.len() as u32, claim);
            assert_eq!(lesson.maker.len() as u32, claim + 1, "Maker answers every claim");
            // A claimed cell stays claimed.
            assert!(!lesson.click(free) || lesson.feedback == Some(Feedback::Taken(free)));
            assert_eq!(lesson.breaker.len() as u32, claim);
        }
        assert_eq!(lesson.status, Status::Passed);
        assert!(lesson.winning.is_none());
    }
}
