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
    /// How Maker wins, the player as Maker: one move that leaves a finishing cell forces
    /// Breaker's answer.
    Threat,
    /// A row of five: a stone beside one of its ends makes two finishing cells at once.
    RowOfFive,
    /// An open row of four: five in a row, then the side stone, then the finish (3 moves).
    OpenFour,
    /// A threat whose forced block leaves the stone that made it in a second shape: the threat
    /// first, then the double threat, then the finish (3 moves; newcomer #35's missing piece).
    ThreatFirst,
    /// Two Snakies at right angles, each missing the cell where their rows of four cross and one
    /// more: the stone there finishes five of each (the proofs' usual double threat).
    Crossing,
    /// How the proof starts from an empty board: five boards from a game's first moves, each
    /// passed by a cell where our proofs go on (the pivot of a card that applies).
    Opening,
}

/// Whose side the player takes in a step: Breaker in the primer's five steps ("How to play"),
/// Maker in the three of "How Maker wins".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Track {
    Breaker,
    Maker,
}

/// Maker moves the player has in the open-four step: extend, the side stone, the finish.
pub const OPEN_FOUR_MOVES: u32 = 3;

impl Step {
    /// The primer's steps, the player as Breaker: their numbers are saved as passed.
    pub const ALL: [Self; PRIMER_STEPS as usize] =
        [Self::Shape, Self::Turns, Self::Block, Self::DoubleThreat, Self::Goal];
    /// "How Maker wins", the player as Maker: saved apart from the primer's ([`crate::save::SnakyPrimer`]).
    pub const MAKER: [Self; crate::save::MAKER_PRIMER_STEPS as usize] =
        [Self::Threat, Self::RowOfFive, Self::OpenFour, Self::ThreatFirst, Self::Crossing, Self::Opening];

    /// The Maker moves a step allows, where it counts them.
    pub fn move_budget(self) -> Option<u32> {
        matches!(self, Self::OpenFour | Self::ThreatFirst).then_some(OPEN_FOUR_MOVES)
    }

    pub fn track(self) -> Track {
        if Self::MAKER.contains(&self) { Track::Maker } else { Track::Breaker }
    }

    /// The steps of a track, in order.
    pub fn steps(track: Track) -> &'static [Self] {
        match track {
            Track::Breaker => &Self::ALL,
            Track::Maker => &Self::MAKER,
        }
    }

    /// The step's number in its track, from 1 (as shown; a primer step's is also saved).
    pub fn number(self) -> u8 {
        let steps = Self::steps(self.track());
        steps.iter().position(|&s| s == self).map_or(0, |i| i as u8 + 1)
    }

    /// The primer step numbered `number` (from 1).
    pub fn from_number(number: u8) -> Option<Self> {
        Self::nth(Track::Breaker, number)
    }

    /// The step numbered `number` (from 1) of a track.
    pub fn nth(track: Track, number: u8) -> Option<Self> {
        Self::steps(track).get(usize::from(number).checked_sub(1)?).copied()
    }

    pub fn next(self) -> Option<Self> {
        Self::nth(self.track(), self.number() + 1)
    }

    pub fn previous(self) -> Option<Self> {
        Self::nth(self.track(), self.number() - 1)
    }
}

/// One board of the opening step: a position from a game's first moves, Maker to move, and the
/// cells where our proofs go on from it. Each cell is the pivot of a card of the shipped
/// certificates that applies (Maker owns its A, Breaker nothing in its T), with the Maker move
/// by which that card wins at the latest, whatever Breaker does. The tests check every list
/// against the certificates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OpeningBoard {
    pub maker: &'static [(i32, i32)],
    pub breaker: &'static [(i32, i32)],
    /// (cell, the Maker move by which the proof wins after it).
    pub proven: &'static [((i32, i32), u32)],
}

/// The opening step's boards: Breaker corner to corner with Maker's first stone, Breaker beside
/// it, then a pair side by side with Breaker beside it and one stone further off. There is no
/// fourth: against the computer Breakers the proof's fourth move depends on where their stones
/// stand (a bend, or a jump to fresh room), and a board that taught "make it four" misled
/// newcomer #43, whose fours in play left the proof.
pub const OPENING_BOARDS: [OpeningBoard; 5] = [
    OpeningBoard { maker: &[(3, 4)], breaker: &[(4, 5)], proven: &[((3, 3), 18), ((2, 4), 18)] },
    OpeningBoard { maker: &[(3, 4)], breaker: &[(4, 4)], proven: &[((3, 3), 19), ((3, 5), 19)] },
    OpeningBoard {
        maker: &[(3, 4), (3, 5)],
        breaker: &[(4, 4), (6, 6)],
        proven: &[((3, 6), 12), ((3, 3), 14)],
    },
    // Breaker beside the pair's lower stone and capping past it: the proof bends at the other
    // stone, away from Breaker (every computer Potential's answer, and some Searchers').
    OpeningBoard { maker: &[(3, 4), (3, 5)], breaker: &[(2, 4), (3, 3)], proven: &[((4, 5), 19)] },
    // Breaker beside the lower stone and capping the other end: the proof jumps three cells out
    // from the lower stone, away from Breaker: the ends of a row of four.
    OpeningBoard { maker: &[(3, 4), (3, 5)], breaker: &[(2, 4), (3, 6)], proven: &[((6, 4), 19)] },
];

impl OpeningBoard {
    /// The Maker move by which the proof wins after `cell`, if the proof goes on from it.
    pub fn proven_by(&self, cell: Cell) -> Option<u32> {
        self.proven.iter().find(|&&(c, _)| Cell::from(c) == cell).map(|&(_, by)| by)
    }

    pub fn proven_cells(&self) -> Vec<Cell> {
        self.proven.iter().map(|&(c, _)| Cell::from(c)).collect()
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
    /// A Maker step: the player's move left no finishing cell, and Breaker answered at `answer`.
    NoThreat { answer: Cell },
    /// The threat step: Breaker had to take the finishing cell `blocked`.
    Threatened { blocked: Cell },
    /// The row-of-five step: one finishing cell only, and Breaker took it.
    OneThreat { blocked: Cell },
    /// Two or more finishing cells: Breaker took `blocked`, `left` still finishes.
    DoubleThreat { blocked: Cell, left: Cell },
    /// The player left the finishing cell `missed` open, and Breaker took it.
    MissedFinish { missed: Cell },
    /// A step with a move budget: Breaker answered at `answer`; `left` Maker moves to go.
    BreakerAnswered { answer: Cell, left: u32 },
    /// A step with a move budget: the player's threat made Breaker take its finishing cell.
    ThreatBlocked { answer: Cell, left: u32 },
    /// The open-four step: its moves are used up without a Snaky.
    OutOfMoves,
    /// A Maker step: the player completed a Snaky (its six cells are marked).
    Won,
    /// The opening step: the proof goes on from `cell` and wins by Maker's move `by`; `board` is
    /// the number (from 1) of the board it was played on.
    OpeningKept { cell: Cell, by: u32, board: u8 },
    /// The opening step: no card of our proofs goes on from `tried` (`beside`: it touches one of
    /// Maker's stones by a side); the board's proven cells are marked.
    OpeningMissed { tried: Cell, beside: bool },
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
    /// The opening step: the index of the board on screen in [`OPENING_BOARDS`].
    pub board: usize,
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

/// The double-threat step's two Snakies: a row of four turning up, and the same row turning down.
fn double_threat_snakies() -> [SnakyCopy; 2] {
    [snaky(0, 1, 3), snaky(4, 1, 3)]
}

/// The cells (x, y) for x from `first` to `last`.
fn row(first: i32, last: i32, y: i32) -> Vec<Cell> {
    (first..=last).map(|x| Cell::new(x, y)).collect()
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
                let [up, down] = double_threat_snakies();
                let mut maker = all_but(up, 5);
                maker.extend(all_but(down, 5).into_iter().filter(|c| !up.contains(c)));
                (maker, cells(&[(0, 3), (2, 5), (6, 6), (2, 1), (6, 1)]))
            }
            Step::Goal => (Vec::new(), Vec::new()),
            // Maker's turn in each: as many Breaker stones as Maker's.
            // A row of four with both ends blocked: a stone beside an end leaves one finish.
            Step::Threat => (row(2, 5, 3), cells(&[(1, 3), (6, 3), (3, 5), (4, 1)])),
            // A row of five, its ends and two of the four corners spoilt: the side stone at (5,4) or
            // (5,2) finishes two Snakies; at (1,4) or (1,2) only one.
            Step::RowOfFive => (row(1, 5, 3), cells(&[(0, 3), (6, 3), (0, 4), (2, 2), (4, 6)])),
            // A row of four with room all round: Maker wins within three moves, whatever Breaker does.
            Step::OpenFour => (row(2, 5, 3), cells(&[(1, 6), (5, 6), (2, 0), (6, 1)])),
            // The threat step's row (both ends blocked) and two stones above its right end: the
            // threat at (5,4) or (5,2) forces a block and leaves (5,3..5) three up, a double threat
            // away. Found by a brute force, checked in the tests below.
            Step::ThreatFirst => (
                cells(&[(2, 3), (3, 3), (4, 3), (5, 3), (5, 5), (4, 6)]),
                cells(&[(1, 3), (6, 3), (0, 1), (1, 5), (1, 7), (7, 4)]),
            ),
            // A Snaky across on (2..5, 3) turning up to (6,4), and one up on (3, 1..4) turning left
            // to (2,5): both miss (3,3), where their rows cross. Breaker's stones leave no other
            // double threat, and no other cell for (3,3) to finish (newcomers #35 and #36 saw
            // Breaker block a third one and took it for a cell that finished nothing).
            Step::Crossing => (
                cells(&[(2, 3), (4, 3), (5, 3), (5, 4), (3, 1), (3, 2), (3, 4), (2, 4)]),
                cells(&[(0, 2), (1, 0), (1, 4), (2, 2), (3, 0), (4, 4), (6, 3), (7, 4)]),
            ),
            Step::Opening => (cells(OPENING_BOARDS[0].maker), cells(OPENING_BOARDS[0].breaker)),
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
            board: 0,
        }
    }

    /// The opening step's board on screen.
    pub fn opening_board(&self) -> Option<&'static OpeningBoard> {
        (self.step == Step::Opening).then(|| &OPENING_BOARDS[self.board])
    }

    /// The cells to mark for the player: the proof's cells after a miss in the opening step.
    pub fn proven_marks(&self) -> Vec<Cell> {
        match (self.opening_board(), self.feedback) {
            (Some(board), Some(Feedback::OpeningMissed { .. })) => board.proven_cells(),
            _ => Vec::new(),
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

    /// The double-threat step, once one finish is blocked and Maker has completed the other: the
    /// cell where both Snakies turn off their shared row (the row's end), marked with the words
    /// that a stone there before Maker's would have spoilt both. Newcomer #125 read "stopped a
    /// move earlier, on a cell both Snakies need" and found no such cell shown.
    pub fn shared_turn(&self) -> Option<Cell> {
        let done = self.step == Step::DoubleThreat && self.feedback == Some(Feedback::BlockedOneOfTwo);
        done.then(|| double_threat_snakies()[0][3])
    }

    /// The player's side in this step.
    pub fn player_is_maker(&self) -> bool {
        self.step.track() == Track::Maker
    }

    /// What a click on `cell` does. Returns whether anything changed.
    pub fn click(&mut self, cell: Cell) -> bool {
        if self.status != Status::Playing || self.step == Step::Goal {
            return false;
        }
        // A played opening board: any cell, a stone's included, brings the next.
        if self.next_board() {
            return true;
        }
        if !self.is_free(cell) {
            self.feedback = Some(Feedback::Taken(cell));
            return true;
        }
        if let Some(board) = self.opening_board() {
            self.opening_click(board, cell);
            return true;
        }
        if self.player_is_maker() {
            self.maker_click(cell);
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
            Step::Goal
            | Step::Threat
            | Step::RowOfFive
            | Step::OpenFour
            | Step::ThreatFirst
            | Step::Crossing
            | Step::Opening => return false,
        }
        true
    }

    /// The opening step: a cell where the proof goes on is played and stays on its board until
    /// the next click (the last board's passes the step); any other is outlined and the proof's
    /// cells marked.
    fn opening_click(&mut self, board: &OpeningBoard, cell: Cell) {
        let number = self.board as u8 + 1;
        let Some(by) = board.proven_by(cell) else {
            let beside = self.maker.iter().any(|m| (m.x - cell.x).abs() + (m.y - cell.y).abs() == 1);
            self.tried = Some(cell);
            self.feedback = Some(Feedback::OpeningMissed { tried: cell, beside });
            return;
        };
        self.feedback = Some(Feedback::OpeningKept { cell, by, board: number });
        self.tried = None;
        self.claims += 1;
        self.maker.push(cell);
        self.last = Some(cell);
        if self.board + 1 == OPENING_BOARDS.len() {
            self.status = Status::Passed;
        }
    }

    /// The opening step, its board played (the proven stone, the only one a board plays, is on
    /// it) and another board to come: shows the next board. Returns whether it did.
    pub fn next_board(&mut self) -> bool {
        let played = self.opening_board().is_some() && self.status == Status::Playing && self.last.is_some();
        let Some(next) = OPENING_BOARDS.get(self.board + 1).filter(|_| played) else { return false };
        self.board += 1;
        self.maker = cells(next.maker);
        self.breaker = cells(next.breaker);
        self.last = None;
        self.feedback = None;
        true
    }

    /// A Maker step: the player claims `cell` as Maker; unless it completes a Snaky, Breaker
    /// answers, taking a finishing cell when there is one.
    fn maker_click(&mut self, cell: Cell) {
        let could_finish = self.threats();
        let won = self.completes(cell);
        self.maker.push(cell);
        self.last = Some(cell);
        self.claims += 1;
        if let Some(copy) = won {
            self.winning = Some(copy);
            self.status = Status::Passed;
            self.feedback = Some(Feedback::Won);
            return;
        }
        let threats = self.threats();
        let Some(answer) = threats.first().copied().or_else(|| self.breaker_answer()) else {
            self.status = Status::Failed;
            self.feedback = Some(Feedback::OutOfMoves);
            return;
        };
        self.breaker.push(answer);
        self.last = Some(answer);
        let left = threats.iter().copied().find(|&c| c != answer);
        let (status, feedback) = match (self.step, left) {
            _ if !could_finish.is_empty() => {
                (Status::Failed, Feedback::MissedFinish { missed: could_finish[0] })
            }
            (Step::Threat, _) if threats.is_empty() => (Status::Failed, Feedback::NoThreat { answer }),
            (Step::Threat, _) => (Status::Passed, Feedback::Threatened { blocked: answer }),
            (step, _) if step.move_budget().is_some_and(|budget| self.claims >= budget) => {
                (Status::Failed, Feedback::OutOfMoves)
            }
            (_, Some(left)) => (Status::Playing, Feedback::DoubleThreat { blocked: answer, left }),
            (step, None) if let Some(budget) = step.move_budget() => {
                let left = budget - self.claims;
                let feedback = if threats.is_empty() {
                    Feedback::BreakerAnswered { answer, left }
                } else {
                    Feedback::ThreatBlocked { answer, left }
                };
                (Status::Playing, feedback)
            }
            (_, None) if threats.is_empty() => (Status::Failed, Feedback::NoThreat { answer }),
            (_, None) => (Status::Failed, Feedback::OneThreat { blocked: answer }),
        };
        self.status = status;
        self.feedback = Some(feedback);
    }

    /// Breaker's answer in a Maker step with nothing to block: the free cell in the most Snakies
    /// on the board that hold Maker's cells and none of Breaker's, those with more of Maker's
    /// cells counting more; ties go to the first cell of [`board_cells`].
    fn breaker_answer(&self) -> Option<Cell> {
        self.busiest_free_cell(|mine| mine * mine)
    }

    /// The free cell whose Snakies on the board free of Breaker weigh the most, each copy weighing
    /// `weight(Maker's cells in it)`; ties go to the first cell of [`board_cells`].
    fn busiest_free_cell(&self, weight: impl Fn(u32) -> u32) -> Option<Cell> {
        let score = |cell: Cell| -> u32 {
            shape::copies_through(cell)
                .filter(|copy| copy.iter().all(|&c| on_board(c) && !self.breaker.contains(&c)))
                .map(|copy| weight(copy.iter().filter(|c| self.maker.contains(c)).count() as u32))
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
        self.busiest_free_cell(|mine| (1 + mine) * (1 + mine))
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
    use crate::snaky::as_maker::{Level, MakerGame, Opponent, attacker};

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

    /// The free cells after which Maker, owning `maker`, would have this many finishing cells or
    /// more (brute force over the copies on the board).
    fn making_threats(lesson: &Lesson, at_least: usize) -> Vec<Cell> {
        board_cells()
            .filter(|&c| lesson.is_free(c))
            .filter(|&c| {
                let mut after = lesson.clone();
                after.maker.push(c);
                completing_cells(&after).len() >= at_least
            })
            .collect()
    }

    /// Whether Maker, to move, owns a whole copy within `moves` of its moves whatever Breaker
    /// plays on the board (brute force over every free cell for both sides).
    fn forced_win(maker: &[Cell], breaker: &[Cell], moves: u32) -> bool {
        fn go(m: &mut Vec<Cell>, b: &mut Vec<Cell>, moves: u32, copies: &[SnakyCopy]) -> bool {
            if moves == 0 {
                return false;
            }
            let free: Vec<Cell> = board_cells().filter(|c| !m.contains(c) && !b.contains(c)).collect();
            let wins =
                |cell: Cell| copies.iter().any(|copy| copy.iter().all(|c| *c == cell || m.contains(c)));
            if free.iter().any(|&c| wins(c)) {
                return true;
            }
            free.iter().any(|&c| {
                m.push(c);
                let holds = free.iter().filter(|&&r| r != c).all(|&r| {
                    b.push(r);
                    let won = go(m, b, moves - 1, copies);
                    b.pop();
                    won
                });
                m.pop();
                holds
            })
        }
        go(&mut maker.to_vec(), &mut breaker.to_vec(), moves, &copies_on_board())
    }

    #[test]
    fn each_position_is_a_legal_game_position_on_the_board() {
        for step in Step::ALL.into_iter().chain(Step::MAKER) {
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
            // The Maker steps start at Maker's turn, with nothing to finish yet.
            if step.track() == Track::Maker {
                assert_eq!(lesson.maker.len(), lesson.breaker.len(), "{step:?}");
                assert!(completing_cells(&lesson).is_empty(), "{step:?}");
            }
            assert_eq!(lesson.threats(), completing_cells(&lesson), "{step:?}");
        }
        assert_eq!(completing_cells(&Lesson::new(Step::Shape)).len(), 1);
        assert_eq!(completing_cells(&Lesson::new(Step::Block)).len(), 1);
        assert_eq!(completing_cells(&Lesson::new(Step::DoubleThreat)).len(), 2);
        assert!(completing_cells(&Lesson::new(Step::Turns)).is_empty());
    }

    /// Step 4's green-edged cell, once one finish is blocked (either one): a Maker stone on both
    /// Snakies that finished (found by the brute force's completing cells), where each turns off
    /// the row they share (a cell of each Snaky's own, not the other's, beside it).
    #[test]
    fn the_double_threat_step_shows_where_both_snakies_turn() {
        let start = Lesson::new(Step::DoubleThreat);
        assert_eq!(start.shared_turn(), None, "not before the step is played");
        let finishes = completing_cells(&start);
        let copies: Vec<SnakyCopy> =
            finishes.iter().map(|&f| start.completes(f).expect("finishes")).collect();
        for &blocked in &finishes {
            let mut lesson = start.clone();
            assert!(lesson.click(blocked));
            assert_eq!(lesson.feedback, Some(Feedback::BlockedOneOfTwo));
            let turn = lesson.shared_turn().expect("the cell both Snakies need");
            assert!(start.maker.contains(&turn), "a Maker stone");
            assert!(copies.iter().all(|copy| copy.contains(&turn)), "on both Snakies");
            for (mine, other) in [(copies[0], copies[1]), (copies[1], copies[0])] {
                let beside = |c: &Cell| (c.x - turn.x).abs() + (c.y - turn.y).abs() == 1;
                assert!(mine.iter().any(|c| !other.contains(c) && beside(c)), "each turns there");
            }
        }
        let mut other = start.clone();
        let elsewhere =
            board_cells().find(|&c| start.is_free(c) && !finishes.contains(&c)).expect("a free cell");
        assert!(other.click(elsewhere));
        assert_eq!(other.shared_turn(), None, "only once one finish is blocked");
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
    fn the_threat_step_passes_on_a_threat_and_fails_otherwise() {
        let start = Lesson::new(Step::Threat);
        let threats = making_threats(&start, 1);
        // Beside each blocked end of the row of four, up and down: (5,4) (6,4) (5,2) (6,2) and
        // their mirrors at the other end.
        assert_eq!(threats.len(), 8, "{threats:?}");
        assert!(making_threats(&start, 2).is_empty(), "no double threat from a row blocked at both ends");
        for cell in board_cells().filter(|&c| start.is_free(c)) {
            let mut lesson = start.clone();
            assert!(lesson.click(cell));
            assert_eq!(lesson.breaker.len(), start.breaker.len() + 1, "Breaker answers {cell}");
            if threats.contains(&cell) {
                let blocked = completing_cells(&start_with(&start, cell))[0];
                assert_eq!(lesson.status, Status::Passed, "{cell}");
                assert_eq!(lesson.feedback, Some(Feedback::Threatened { blocked }));
                assert!(lesson.breaker.contains(&blocked));
            } else {
                assert_eq!(lesson.status, Status::Failed, "{cell}");
                assert!(matches!(lesson.feedback, Some(Feedback::NoThreat { .. })));
            }
        }
    }

    fn start_with(lesson: &Lesson, cell: Cell) -> Lesson {
        let mut after = lesson.clone();
        after.maker.push(cell);
        after
    }

    #[test]
    fn the_row_of_five_passes_only_by_the_side_stones_that_leave_two_finishes() {
        let start = Lesson::new(Step::RowOfFive);
        // The two corners Breaker left whole, as the step's text says.
        assert_eq!(making_threats(&start, 2), vec![Cell::new(5, 2), Cell::new(5, 4)]);
        for cell in making_threats(&start, 2) {
            let mut lesson = start.clone();
            lesson.click(cell);
            let Some(Feedback::DoubleThreat { blocked, left }) = lesson.feedback else {
                panic!("{cell}: {:?}", lesson.feedback)
            };
            assert_eq!(lesson.status, Status::Playing);
            assert!(lesson.breaker.contains(&blocked));
            assert_eq!(completing_cells(&lesson), vec![left]);
            lesson.click(left);
            assert_eq!((lesson.status, lesson.feedback), (Status::Passed, Some(Feedback::Won)));
            let winning = lesson.winning.expect("the Snaky");
            assert!(winning.iter().all(|c| lesson.maker.contains(c)));
        }
        // A spoilt corner leaves one finish, which Breaker takes.
        for cell in [Cell::new(1, 4), Cell::new(1, 2)] {
            let mut lesson = start.clone();
            lesson.click(cell);
            assert_eq!(lesson.status, Status::Failed, "{cell}");
            assert!(matches!(lesson.feedback, Some(Feedback::OneThreat { .. })), "{cell}");
            assert!(completing_cells(&lesson).is_empty());
        }
        // After the double threat, a move elsewhere leaves the finish to Breaker.
        let mut lesson = start.clone();
        lesson.click(Cell::new(5, 4));
        let far = board_cells().find(|&c| lesson.is_free(c) && lesson.completes(c).is_none()).unwrap();
        lesson.click(far);
        assert_eq!(lesson.status, Status::Failed);
        assert!(matches!(lesson.feedback, Some(Feedback::MissedFinish { .. })));
    }

    #[test]
    fn the_open_four_is_a_forced_win_in_three_and_the_step_checks_the_count() {
        let start = Lesson::new(Step::OpenFour);
        assert!(forced_win(&start.maker, &start.breaker, OPEN_FOUR_MOVES), "whatever Breaker plays");
        assert!(!forced_win(&start.maker, &start.breaker, OPEN_FOUR_MOVES - 1), "not sooner");
        // The step's line: five in a row, the side stone, the finish (the yellow cell).
        let mut lesson = start.clone();
        lesson.click(Cell::new(1, 3));
        assert!(matches!(lesson.feedback, Some(Feedback::BreakerAnswered { left: 2, .. })));
        let side = making_threats(&lesson, 2);
        assert!(!side.is_empty(), "a side stone still makes two finishes");
        lesson.click(side[0]);
        finish_the_double_threat(&mut lesson);
        // The side stone first: one finish, blocked; then five in a row makes one more, blocked.
        let mut lesson = start.clone();
        lesson.click(Cell::new(5, 4));
        lesson.click(Cell::new(1, 3));
        assert_eq!(lesson.status, Status::Playing, "{:?}", lesson.feedback);
        let quiet = board_cells().find(|&c| lesson.is_free(c) && lesson.completes(c).is_none()).unwrap();
        lesson.click(quiet);
        assert_eq!((lesson.status, lesson.feedback), (Status::Failed, Some(Feedback::OutOfMoves)));
    }

    /// After a move that made a double threat: the finish on the cell Breaker left, and the step
    /// is passed with its third claim.
    fn finish_the_double_threat(lesson: &mut Lesson) {
        let Some(Feedback::DoubleThreat { left, .. }) = lesson.feedback else {
            panic!("{:?}", lesson.feedback)
        };
        lesson.click(left);
        assert_eq!(
            (lesson.status, lesson.feedback, lesson.claims()),
            (Status::Passed, Some(Feedback::Won), 3)
        );
    }

    #[test]
    fn threat_first_wins_in_three_through_a_threat_and_no_sooner() {
        let start = Lesson::new(Step::ThreatFirst);
        assert!(making_threats(&start, 2).is_empty(), "no double threat at once");
        assert!(!forced_win(&start.maker, &start.breaker, 2), "no win within 2");
        assert!(forced_win(&start.maker, &start.breaker, OPEN_FOUR_MOVES), "a win within 3");
        // Each of the two threats at the row's right end wins within 3 more, whatever Breaker does
        // (it must block: any other reply loses at once).
        for threat in [Cell::new(5, 4), Cell::new(5, 2)] {
            let after = start_with(&start, threat);
            let finishing = completing_cells(&after);
            assert_eq!(finishing.len(), 1, "{threat} is a threat");
            let mut blocked = after.breaker.clone();
            blocked.push(finishing[0]);
            assert!(forced_win(&after.maker, &blocked, OPEN_FOUR_MOVES - 1), "{threat} then a double threat");
        }
        // Played: the threat, the double threat, the finish.
        let mut lesson = start.clone();
        lesson.click(Cell::new(5, 4));
        assert_eq!(lesson.feedback, Some(Feedback::ThreatBlocked { answer: Cell::new(6, 4), left: 2 }));
        let double = making_threats(&lesson, 2);
        assert!(!double.is_empty());
        lesson.click(double[0]);
        finish_the_double_threat(&mut lesson);
    }

    #[test]
    fn the_crossing_has_one_double_threat_where_the_two_rows_cross() {
        let start = Lesson::new(Step::Crossing);
        assert_eq!(making_threats(&start, 2), vec![Cell::new(3, 3)]);
        // The cells the step's comment names finish the two Snakies, and no other.
        let finishing = completing_cells(&start_with(&start, Cell::new(3, 3)));
        assert_eq!(finishing, vec![Cell::new(6, 4), Cell::new(2, 5)]);
        let mut lesson = start.clone();
        lesson.click(Cell::new(3, 3));
        let Some(Feedback::DoubleThreat { blocked, left }) = lesson.feedback else {
            panic!("{:?}", lesson.feedback)
        };
        assert!(finishing.contains(&blocked) && finishing.contains(&left) && blocked != left);
        lesson.click(left);
        assert_eq!((lesson.status, lesson.feedback), (Status::Passed, Some(Feedback::Won)));
        // A threat elsewhere is one finishing cell, which Breaker takes.
        let single = making_threats(&start, 1).into_iter().find(|&c| c != Cell::new(3, 3)).expect("a threat");
        let mut lesson = start.clone();
        lesson.click(single);
        assert_eq!(lesson.status, Status::Failed);
        assert!(matches!(lesson.feedback, Some(Feedback::OneThreat { .. })));
    }

    /// The coach over the shipped certificates, built once for the tests.
    fn coach() -> &'static crate::snaky::as_maker::Coach {
        static COACH: std::sync::OnceLock<crate::snaky::as_maker::Coach> = std::sync::OnceLock::new();
        COACH.get_or_init(|| crate::snaky::as_maker::Coach::shipped().expect("the shipped certificates"))
    }

    /// A board's position, Maker to move (as many stones on each side).
    fn opening_game(board: &OpeningBoard) -> MakerGame {
        let game =
            MakerGame::from_moves(&cells(board.maker), &cells(board.breaker)).expect("a legal position");
        assert_eq!(game.to_move(), Some(crate::snaky::Player::Maker), "{board:?}");
        game
    }

    #[test]
    fn the_opening_boards_list_exactly_the_cells_where_the_certificates_go_on() {
        for (i, board) in OPENING_BOARDS.iter().enumerate() {
            let game = opening_game(board);
            let made = game.maker_cells().len() as u32;
            let mut proven: Vec<(Cell, u32)> =
                coach().proven_moves(&game).into_iter().map(|(cell, h)| (cell, made + h)).collect();
            proven.sort_unstable();
            let mut listed: Vec<(Cell, u32)> =
                board.proven.iter().map(|&(c, by)| (Cell::from(c), by)).collect();
            listed.sort_unstable();
            assert_eq!(listed, proven, "board {}", i + 1);
            // Each promise, played out: the hints from there against every computer Breaker.
            for &(cell, by) in &listed {
                for level in Level::ALL {
                    let mut game = game.clone();
                    game.maker_move(cell).expect("free");
                    let mut breaker = Opponent::new(level, 1);
                    let won = attacker::play(&mut game, &mut attacker::hint_player(coach()), &mut breaker);
                    assert!(
                        won.is_some_and(|moves| moves as u32 <= by),
                        "board {} {cell} {level:?}: {won:?}",
                        i + 1
                    );
                }
            }
        }
    }

    #[test]
    fn the_opening_boards_show_what_the_step_says() {
        let side_by_side = |a: Cell, b: Cell| (a.x - b.x).abs() + (a.y - b.y).abs() == 1;
        // Boards 1 and 2: the second stone goes beside the first; on board 1 (Breaker corner to
        // corner) not beside Breaker's stone, on board 2 (Breaker beside) not in line with it.
        for board in &OPENING_BOARDS[..2] {
            let (first, breaker) = (Cell::from(board.maker[0]), Cell::from(board.breaker[0]));
            for cell in board.proven_cells() {
                assert!(side_by_side(cell, first), "{cell}");
                assert!(!side_by_side(cell, breaker), "{cell}");
                // Off the line through the two first stones (board 2's row).
                let (a, b) = (breaker.x - first.x, breaker.y - first.y);
                assert_ne!(a * (cell.y - first.y), b * (cell.x - first.x), "{cell} on the line");
            }
        }
        // Board 3: both ends of the pair are free, as its words say, and each proven cell makes
        // the pair a row of three.
        let board = &OPENING_BOARDS[2];
        let pair = cells(board.maker);
        for end in [Cell::new(pair[0].x, pair[0].y - 1), Cell::new(pair[1].x, pair[1].y + 1)] {
            assert!(!board.breaker.contains(&(end.x, end.y)), "{end} is capped");
        }
        for cell in board.proven_cells() {
            let mut row: Vec<Cell> = cells(board.maker).into_iter().chain([cell]).collect();
            row.sort();
            assert!(row.iter().all(|c| c.x == row[0].x), "{cell}");
            assert_eq!(row[2].y - row[0].y, 2, "{cell}");
        }
        // Boards 4 and 5: the pair, Breaker beside its lower stone, and a cap on an end.
        for (board, same_end) in [(&OPENING_BOARDS[3], true), (&OPENING_BOARDS[4], false)] {
            assert_eq!(cells(board.breaker), capped_pair_breaker(Cell::from(board.maker[0]), -1, same_end));
            assert_eq!(board.proven_cells(), [capped_pair_move(Cell::from(board.maker[0]), -1, same_end)]);
        }
        // The counts the step's words give, by brute force over every copy near the origin: a
        // cell lies in 48 Snakies, two cells side by side in 20, corner to corner in 8.
        let origin = Cell::new(0, 0);
        let copies: Vec<SnakyCopy> = (0..8)
            .flat_map(|s| (-6..7).flat_map(move |dx| (-6..7).map(move |dy| snaky(s, dx, dy))))
            .filter(|copy| copy.contains(&origin))
            .collect();
        let sharing = |other: Cell| copies.iter().filter(|copy| copy.contains(&other)).count();
        assert_eq!(copies.len(), 48);
        assert_eq!(sharing(Cell::new(1, 0)), 20);
        assert_eq!(sharing(Cell::new(1, 1)), 8);
    }

    /// Breaker's stones by a vertical pair whose lower stone is `lower`: one beside the lower stone
    /// on the side `side` (-1 left, 1 right), and a cap on the lower end (`same_end`) or the upper.
    fn capped_pair_breaker(lower: Cell, side: i32, same_end: bool) -> Vec<Cell> {
        let cap = if same_end { Cell::new(lower.x, lower.y - 1) } else { Cell::new(lower.x, lower.y + 2) };
        vec![Cell::new(lower.x + side, lower.y), cap]
    }

    /// What boards 4 and 5 teach for that position: the cap on Breaker's end, bend (beside the
    /// other stone, away from Breaker); on the other end, jump (three cells out from the stone
    /// Breaker is beside, away from it).
    fn capped_pair_move(lower: Cell, side: i32, same_end: bool) -> Cell {
        if same_end { Cell::new(lower.x - side, lower.y + 1) } else { Cell::new(lower.x - 3 * side, lower.y) }
    }

    /// Boards 4 and 5's words hold on every board of their kind, not only on theirs: a vertical or
    /// horizontal pair, Breaker beside either stone on either side, the cap on either end. The
    /// proof's only moves are the bend and the jump the words give (turned with the position).
    #[test]
    fn boards_4_and_5s_bend_and_jump_hold_for_every_capped_pair() {
        let mut checked = 0;
        for turn in crate::snaky::Symmetry::ALL {
            for lower_is_touched in [true, false] {
                for side in [-1, 1] {
                    for same_end in [true, false] {
                        // Built for the lower stone, then mirrored top to bottom for the upper
                        // one, then turned: every way the position can stand.
                        let flip = |c: Cell| if lower_is_touched { c } else { Cell::new(c.x, 17 - c.y) };
                        let place = |c: Cell| {
                            let c = flip(c);
                            let (dx, dy) = turn.apply(c.x - 8, c.y - 8);
                            Cell::new(8 + dx, 8 + dy)
                        };
                        let lower = Cell::new(8, 8);
                        let pair = [lower, Cell::new(8, 9)].map(place);
                        let breaker: Vec<Cell> =
                            capped_pair_breaker(lower, side, same_end).into_iter().map(place).collect();
                        let game = MakerGame::from_moves(&pair, &breaker).expect("legal");
                        let proven: Vec<Cell> =
                            coach().proven_moves(&game).into_iter().map(|(c, _)| c).collect();
                        let taught = place(capped_pair_move(lower, side, same_end));
                        assert_eq!(proven, [taught], "{turn:?} {lower_is_touched} {side} {same_end}");
                        checked += 1;
                    }
                }
            }
        }
        assert_eq!(checked, 64);
    }

    /// Board 3's words in brackets: with an end of the pair capped, the proof does not make the
    /// row of three at the other end; it bends or jumps. Every first Breaker stone beside the pair
    /// or corner to corner with it, then a cap on either end: no proven move on the pair's line.
    #[test]
    fn with_an_end_of_the_pair_capped_the_proof_makes_no_row_of_three() {
        let pair = [Cell::new(8, 8), Cell::new(8, 9)];
        let mut checked = 0;
        for first in [(9, 8), (9, 9), (7, 8), (7, 9), (9, 7), (7, 7), (9, 10), (7, 10)] {
            for cap in [Cell::new(8, 7), Cell::new(8, 10)] {
                let Ok(game) = MakerGame::from_moves(&pair, &[Cell::from(first), cap]) else { continue };
                let proven = coach().proven_moves(&game);
                assert!(proven.iter().all(|(cell, _)| cell.x != 8), "{first:?} {cap}: {proven:?}");
                checked += proven.len();
            }
        }
        assert!(checked > 0, "some capped pair has proven moves");
    }

    #[test]
    fn the_opening_step_walks_its_boards_and_marks_the_proof_after_a_miss() {
        let mut lesson = Lesson::new(Step::Opening);
        for (i, board) in OPENING_BOARDS.iter().enumerate() {
            assert_eq!((lesson.board, lesson.status), (i, Status::Playing));
            assert_eq!(lesson.maker, cells(board.maker));
            // A cell beside Maker's stone that the proof does not play: outlined, nothing placed.
            let miss = board_cells()
                .find(|&c| lesson.is_free(c) && board.proven_by(c).is_none())
                .expect("a cell off the proof");
            assert!(lesson.click(miss));
            assert_eq!(lesson.tried, Some(miss));
            assert_eq!(lesson.maker, cells(board.maker), "a miss places nothing");
            assert_eq!(lesson.proven_marks(), board.proven_cells());
            let (cell, by) = board.proven[0];
            assert!(lesson.click(Cell::from(cell)));
            assert_eq!(
                lesson.feedback,
                Some(Feedback::OpeningKept { cell: Cell::from(cell), by, board: i as u8 + 1 })
            );
            assert!(lesson.proven_marks().is_empty());
            // The stone stays on its board until the next click, which plays nothing.
            assert_eq!((lesson.last, lesson.maker.last()), (Some(Cell::from(cell)), Some(&Cell::from(cell))));
            if i + 1 < OPENING_BOARDS.len() {
                // Any cell brings the next board: a free one, or (the second time) the stone.
                let any = if i == 0 {
                    board_cells().find(|&c| lesson.is_free(c)).expect("a free cell")
                } else {
                    Cell::from(cell)
                };
                assert!(lesson.click(any));
                assert_eq!((lesson.board, lesson.feedback, lesson.last), (i + 1, None, None));
            }
        }
        assert_eq!(lesson.status, Status::Passed);
        assert!(!lesson.next_board(), "no board after the last");
        assert_eq!(lesson.board, OPENING_BOARDS.len() - 1, "the last board stays, with the stone");
        let last = &OPENING_BOARDS[OPENING_BOARDS.len() - 1];
        assert_eq!(lesson.last, Some(Cell::from(last.proven[0].0)));
    }

    #[test]
    fn maker_steps_walk_their_own_track_and_are_never_saved() {
        assert_eq!(Step::MAKER.map(Step::number), [1, 2, 3, 4, 5, 6]);
        assert_eq!(Step::ALL.map(Step::number), [1, 2, 3, 4, 5]);
        assert_eq!(Step::MAKER.len(), usize::from(crate::save::MAKER_PRIMER_STEPS));
        assert_eq!(Step::Threat.previous(), None);
        assert_eq!(Step::Threat.next(), Some(Step::RowOfFive));
        assert_eq!(Step::OpenFour.next(), Some(Step::ThreatFirst));
        assert_eq!(Step::ThreatFirst.next(), Some(Step::Crossing));
        assert_eq!(Step::Crossing.next(), Some(Step::Opening));
        assert_eq!(Step::Opening.next(), None);
        assert_eq!(Step::nth(Track::Maker, 3), Some(Step::OpenFour));
        assert_eq!(Step::nth(Track::Maker, 7), None);
        assert_eq!(Step::Goal.next(), None, "the primer does not run on into Maker's steps");
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
