//! Practice: the boards where a game's moves cost Maker moves, turned or mirrored, to find a reply
//! that holds. Newcomers asked to try the lesson's pattern themselves on a board they had not
//! just been shown the answer on (#21: "a rotated practice position").
//!
//! A [`Puzzle`] is the board before one costly Breaker move of a game, Breaker to move, seen
//! through a [`Symmetry`] about Maker's opening (8,8). Every answer is worked out in the game's
//! own frame and mapped back: the shown board is the real one turned, so a reply keeps exactly
//! what its pre-image keeps there ([`Game::reply_guarantees`]).
//!
//! Every costly move with a reply to find is practised (newcomer #46 found their biggest mistake
//! left out, "no board this game"), and its answer is told by what Maker's plan did with it after
//! the move played ([`Puzzle::role_of`]: "a cell of the Snaky Maker completed at move 11"). Not
//! a move that took a cell finishing a Snaky: that is right in general, even where another reply
//! happened to keep more.
//!
//! ```
//! use pokopoko::snaky::{self, Cell, Game, practice::{self, Verdict}};
//! let cards = snaky::shipped_cards().expect("the shipped certificate");
//! let mut game = Game::started(cards);
//! for cell in [Cell::new(6, 7), Cell::new(7, 9), Cell::new(9, 7)] {
//!     game.reply(cell).expect("a free cell");
//! }
//! for puzzle in practice::puzzles(&game) {
//!     let answer = puzzle.answers()[0];
//!     assert!(matches!(puzzle.verdict(answer), Verdict::Holds { .. }));
//!     assert!(matches!(puzzle.verdict(puzzle.played()), Verdict::Costs { .. }));
//! }
//! ```

use std::sync::Arc;

use super::breaker::{BreakerKind, ComputerBreaker, play_out};
use super::card::Cards;
use super::cell::Cell;
use super::game::{Game, Player};
use super::placement::{Placement, Symmetry};
use super::policy::about_opening;
use super::review::{self, Line, Principle, Role};

/// The turns a game's puzzles take in order: [`Symmetry::TURN_ORDER`] without its first (never
/// the board as it was played).
const TURNS: &[Symmetry] = Symmetry::TURN_ORDER.split_at(1).1;

/// One board to practise: Breaker to move, before a move of the game that cost Maker moves.
#[derive(Clone, Debug)]
pub struct Puzzle {
    /// The game before the move, in its own frame.
    before: Game,
    /// 0-based index of the Breaker move in the game.
    index: usize,
    /// The cell played there, in the game's frame.
    played: Cell,
    /// The most a reply keeps here (the guarantee before the move, unless no reply could keep it).
    holds: u32,
    /// Game frame → shown frame.
    turn: Placement,
    /// The game with the move played and Maker's line after it (the lesson's): what any answer
    /// was in Maker's plan ([`Puzzle::role_of`]).
    plan: Option<(Game, Line)>,
    /// The game the board came from.
    origin: Origin,
    /// The kind of the lesson's reason for this board's move ([`review::Why::principle`]), with the
    /// lesson's best reply (in the game's frame), the cell that reason is about.
    principle: Option<(Principle, Cell)>,
}

/// Whose game a board came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Origin {
    /// The player's.
    Yours,
    /// A computer Breaker's ([`from_other_games`]), played with this seed.
    Computer { seed: u64 },
}

/// What a reply on the shown board does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A stone is there.
    Taken,
    /// The reply keeps the most any reply keeps: Maker still wins by its move `keeps`, not sooner.
    Holds { keeps: u32 },
    /// The reply lets Maker's plan finish `lost` moves sooner, by move `keeps`.
    Costs { keeps: u32, lost: u32 },
}

/// Why a costly move of a game is not one of its boards ([`left_out`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LeftOut {
    /// No reply near the stones held more than a stone far away: nothing to find on the board.
    FarAway,
    /// The move took a finishing cell: right in general, not a board to unlearn it (the lesson
    /// says which finish to block).
    BlockedFinish,
}

/// The moves of `game` that cost Maker moves and are not boards of [`puzzles`], each (0-based
/// index, why), in the order played: the practice screen says why it offers fewer boards than the
/// lesson's costly moves (newcomer #86 asked).
pub fn left_out(game: &Game) -> Vec<(usize, LeftOut)> {
    let lesson = review::review_game(game);
    let costly = lesson.moves.iter().enumerate().filter(|(_, reviewed)| reviewed.lost > 0);
    costly
        .filter_map(|(index, reviewed)| {
            board(game, index, reviewed, Origin::Yours).err().map(|why| (index, why))
        })
        .collect()
}

/// The board before move `index` of `game` (`reviewed`, its review), shown unturned, or why it is
/// none. A reply anywhere far away holding as much leaves nothing to find; a move that took a
/// finishing cell was right in general (the lesson says so), so not a board to unlearn it. A
/// reply that holds only against this Maker's order is a board: the game counts the move as a
/// mistake against this Maker, and its lesson says why. The lesson's why is worked out once: it
/// says what the answer was in Maker's plan.
fn board(
    game: &Game,
    index: usize,
    reviewed: &review::ReviewedMove,
    origin: Origin,
) -> Result<Puzzle, LeftOut> {
    let something_to_find = reviewed.guarantee_after < reviewed.kept && !reviewed.best_outside;
    if reviewed.blocked_finish {
        return Err(LeftOut::BlockedFinish);
    }
    if !something_to_find {
        return Err(LeftOut::FarAway);
    }
    let why = review::why(game, index);
    let principle = why.as_ref().and_then(|why| Some((why.principle()?, why.best_reply.cell)));
    let plan = why.map(|why| {
        let mut after = game.prefix(review::before(index));
        // The move was played in this game from this very position.
        let _ = after.breaker_move(reviewed.breaker);
        (after, why.line)
    });
    Ok(Puzzle {
        before: game.prefix(review::before(index)),
        index,
        played: reviewed.breaker,
        holds: reviewed.kept,
        turn: about_opening(Symmetry::IDENTITY),
        plan,
        origin,
        principle,
    })
}

/// The puzzles of a game: each Breaker move that cost Maker moves where a reply on the board (not
/// only far away) kept more, other than a block of a finishing cell, in the order played. The
/// first round shows each board as the game showed it (newcomers #107 and #108 spent more effort
/// mapping a turned board back to their game than finding the answer; the end of a game asks for
/// practice before the lesson, so there is no answer just read to recall); a new round turns each
/// its own way ([`Puzzle::turn_again`]).
pub fn puzzles(game: &Game) -> Vec<Puzzle> {
    let lesson = review::review_game(game);
    let mut puzzles: Vec<Puzzle> = lesson
        .moves
        .iter()
        .enumerate()
        .filter_map(|(index, reviewed)| board(game, index, reviewed, Origin::Yours).ok())
        .collect();
    for puzzle in &mut puzzles {
        puzzle.turn = about_opening(Symmetry::IDENTITY);
    }
    puzzles
}

/// The first seed [`from_other_games`] plays from after `game`: its Breaker moves hashed (FNV-1a),
/// so each game brings other boards, and the same game the same ones.
pub fn other_seed(game: &Game) -> u64 {
    let bytes = game.breaker_cells().iter().flat_map(|c| [c.x.to_le_bytes(), c.y.to_le_bytes()]).flatten();
    bytes.fold(0xcbf2_9ce4_8422_2325, |hash, byte| (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3))
}

/// The computer Breaker whose games give [`from_other_games`] its boards: a random mix of a
/// random near move, a random move of Maker's plan, the greedy block and the perfect reply, so its
/// games have costly moves among good ones, as a learner's do.
const OTHER_BREAKER: BreakerKind = BreakerKind::Mixed;

/// Games [`from_other_games`] plays for each board it is asked for, at most.
const GAMES_PER_BOARD: usize = 3;

/// The costly moves of a game [`from_other_games`] works a lesson out for, at most (a lesson is a
/// millisecond or two; a random Breaker's game has a dozen costly moves).
const TRIED_PER_GAME: usize = 2;

/// Fresh boards of the same kind of find: boards of games a computer Breaker played against
/// `cards`, seeds from `seed` up (newcomers #95 and #99 asked for new positions of the idea a
/// lesson taught), each a board [`puzzles`] would make of that game. First the boards whose
/// lesson's reason is of the kind `like` ([`Puzzle::principle`]: stop a row before five, take the
/// cell two Snakies share, …; newcomers #124, #126 and #129 asked for boards gathered under the
/// idea they practise; the first such of a game), then any (a game's costliest),
/// one board a game, `wanted` in all (fewer only if `wanted × 3` games had none). Returns them with
/// the next seed to play from. A game's costly moves are tried costliest first (or in order, for a
/// kind), each lesson worked out only when tried, two a game at most.
pub fn from_other_games(
    cards: &Arc<Cards>,
    seed: u64,
    wanted: usize,
    like: Option<Principle>,
) -> (Vec<Puzzle>, u64) {
    let same_kind = |puzzle: &Puzzle, like: Principle| puzzle.principle() == Some(like);
    let (mut boards, mut others, mut seed) = (Vec::new(), Vec::new(), seed);
    for _ in 0..wanted * GAMES_PER_BOARD {
        if boards.len() == wanted {
            break;
        }
        let mut game = Game::started(Arc::clone(cards));
        play_out(&mut game, &mut ComputerBreaker::new(OTHER_BREAKER, seed));
        let origin = Origin::Computer { seed };
        seed += 1;
        let lesson = review::review_game(&game);
        let mut costly: Vec<usize> = (0..lesson.moves.len()).filter(|&i| lesson.moves[i].lost > 0).collect();
        if like.is_none() {
            // The costliest first; among as costly, the earliest.
            costly.sort_by_key(|&i| (std::cmp::Reverse(lesson.moves[i].lost), i));
        }
        let mut fallback = None;
        let mut tried = 0;
        for index in costly {
            // Cheap refusals (a block of a finish, nothing to find) need no lesson.
            let reviewed = &lesson.moves[index];
            if reviewed.blocked_finish || reviewed.best_outside || reviewed.guarantee_after >= reviewed.kept {
                continue;
            }
            if tried == TRIED_PER_GAME {
                break;
            }
            tried += 1;
            let Ok(puzzle) = board(&game, index, reviewed, origin) else { continue };
            match like {
                Some(like) if !same_kind(&puzzle, like) => {
                    let lost = lesson.moves[index].lost;
                    if fallback.as_ref().is_none_or(|(most, _)| lost > *most) {
                        fallback = Some((lost, puzzle));
                    }
                }
                _ => {
                    boards.push(puzzle);
                    fallback = None;
                    break;
                }
            }
        }
        others.extend(fallback.map(|(_, puzzle)| puzzle));
    }
    let missing = wanted.saturating_sub(boards.len());
    boards.extend(others.into_iter().take(missing));
    for (at, board) in boards.iter_mut().enumerate() {
        board.turn = about_opening(TURNS[at % TURNS.len()]);
    }
    (boards, seed)
}

/// What Maker forces after a reply that costs, as a practice board shows it
/// ([`Puzzle::line_after`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TryLine {
    /// The reply, then the line's moves up to the Maker move that makes the double threat, each
    /// with its player and its number among that player's stones.
    pub stones: Vec<(Cell, Player, usize)>,
    /// The Maker move that makes the double threat (its number among Maker's stones).
    pub move_number: u32,
    /// Its finishing cells, sorted by (x, y).
    pub finishing: Vec<Cell>,
    /// The cells of the Snakies it leaves one cell short (each finished by a finishing cell),
    /// sorted by (x, y).
    pub snakies: Vec<Cell>,
    /// The Maker move at which a Maker that takes every finish would win along the line
    /// ([`review::Line::finish_passed`]), where this one, keeping to its plan, wins later.
    pub finish_passed: Option<u32>,
}

impl TryLine {
    /// What a board draws of the line ([`Self::stones`]): the reply, then only Maker's stones on
    /// the Snakies its double threat leaves one short, the picture of that double threat.
    /// Newcomers #123 to #126 could not read a whole line of 12 to 28 numbered pale stones of
    /// both colours; the numbers keep the order, their gaps the moves left out.
    pub fn drawn(&self) -> Vec<(Cell, Player, usize)> {
        let on_snaky = |&(cell, player, _): &(Cell, Player, usize)| {
            player == Player::Maker
                && self.snakies.binary_search_by_key(&(cell.x, cell.y), |c| (c.x, c.y)).is_ok()
        };
        let reply = self.stones.first().copied();
        reply.into_iter().chain(self.stones.iter().skip(1).copied().filter(on_snaky)).collect()
    }
}

impl Puzzle {
    /// The Breaker move of the game this board came before (1-based, as the lesson counts).
    pub fn move_number(&self) -> usize {
        self.index + 1
    }

    /// Whose game the board came from.
    pub fn origin(&self) -> Origin {
        self.origin
    }

    /// What a reply that holds keeps: "Maker's plan needs `holds` moves".
    pub fn holds(&self) -> u32 {
        self.holds
    }

    /// Turns the board the next way of the cycle (never as played): a new round shows each board
    /// anew, not as the answer was just seen. A board shown as played takes the turn its move's
    /// number picks, so the boards of one round look different from each other.
    pub fn turn_again(&mut self) {
        let next = match TURNS.iter().position(|&s| s == self.turn.symmetry) {
            Some(at) => TURNS[(at + 1) % TURNS.len()],
            None => TURNS[self.index % TURNS.len()],
        };
        self.turn = about_opening(next);
    }

    /// The symmetry the board is shown through.
    pub fn symmetry(&self) -> Symmetry {
        self.turn.symmetry
    }

    /// A cell of the game's frame, where the puzzle shows it.
    pub fn show(&self, cell: Cell) -> Cell {
        self.turn.apply(cell)
    }

    /// A cell of the shown board, where it lies in the game's frame.
    fn unshow(&self, shown: Cell) -> Cell {
        self.turn.inverse().apply(shown)
    }

    /// The kind of the lesson's reason for this board's move ([`review::Why::principle`]): its tag, and
    /// what "More boards" gathers boards of ([`from_other_games`]).
    pub fn principle(&self) -> Option<Principle> {
        self.principle.map(|(principle, _)| principle)
    }

    /// [`Self::principle`] where `shown` is the lesson's best reply, whose reason it names (another
    /// answer that holds may hold for another reason).
    pub fn idea_of(&self, shown: Cell) -> Option<Principle> {
        self.principle.filter(|&(_, best)| self.show(best) == shown).map(|(principle, _)| principle)
    }

    /// What `shown`, a cell of the shown board, was in Maker's plan after the move played: the
    /// reason an answer holds (newcomer #69 found (10,7) and was told why (9,7) holds).
    pub fn role_of(&self, shown: Cell) -> Option<Role> {
        let (after, line) = self.plan.as_ref()?;
        Some(review::role_in_plan(after, line, self.unshow(shown)))
    }

    /// The Maker move at which Maker's plan after the move played takes the cell at `shown`, if
    /// it does ([`Line::maker_takes`]): the reason says so ([`words::role_fact`]).
    ///
    /// [`words::role_fact`]: super::words::role_fact
    pub fn maker_takes(&self, shown: Cell) -> Option<u32> {
        let (_, line) = self.plan.as_ref()?;
        line.maker_takes(self.unshow(shown))
    }

    /// The Snaky an answer at `shown` spoils, as this board shows it, for the board to draw beside
    /// its reason ([`Self::role_of`]; newcomer #103 could not check "lies on 12 Snaky shapes" by
    /// eye): the Snaky Maker completed in its plan after the move played, or the one it threatened
    /// through the cell, else the fullest Snaky through the cell free of Breaker's stones then.
    /// `None` for a board without Maker's plan, or a cell on no such Snaky.
    pub fn spoiled(&self, shown: Cell) -> Option<[Cell; 6]> {
        let (after, line) = self.plan.as_ref()?;
        let cell = self.unshow(shown);
        let copy = match self.role_of(shown)? {
            Role::CompletedSnaky { .. } => line.completed?.snaky,
            Role::ThreatenedSnaky { .. } => line.threatened_through(cell)?,
            _ => {
                let breaker = |c: Cell| after.owner(c) == Some(Player::Breaker);
                let maker = |c: Cell| after.owner(c) == Some(Player::Maker);
                super::shape::fullest_copy_through(cell, breaker, maker)?.0
            }
        };
        Some(copy.map(|c| self.show(c)))
    }

    /// Why a reply that costs does: Maker's first double threat in its plan against the longest
    /// defence after the reply at `shown` (the lesson's line, [`review::line`]), as its move and
    /// its finishing cells on this board; `None` when the line makes none (newcomer #74 was told
    /// "-6, try again" with no reason).
    pub fn double_threat_after(&self, shown: Cell) -> Option<(u32, Vec<Cell>)> {
        self.line_after(shown).map(|line| (line.move_number, line.finishing))
    }

    /// The same, with the moves that lead there, for the board to draw (newcomers #110 and #111
    /// looked for a double threat's cells among stones the board did not show): the reply at
    /// `shown`, then the lesson's line after it to the Maker move that makes its first double
    /// threat, each numbered per player as [`Self::stones`] numbers the board's.
    pub fn line_after(&self, shown: Cell) -> Option<TryLine> {
        let mut after = self.before.clone();
        after.breaker_move(self.unshow(shown)).ok()?;
        let line = review::line(&after);
        let double = line.turning_point.double_threat.as_ref()?;
        let stones = self.line_stones(shown, &line, double.move_number, false);
        let mut finishing: Vec<Cell> = double.cells.iter().map(|&c| self.show(c)).collect();
        finishing.sort_by_key(|c| (c.x, c.y));
        let step = line.steps.iter().find(|step| step.move_number == double.move_number)?;
        let mut snakies: Vec<Cell> =
            step.threats.copies.iter().flat_map(|copy| copy.snaky).map(|c| self.show(c)).collect();
        snakies.sort_by_key(|c| (c.x, c.y));
        snakies.dedup();
        let finish_passed = line.finish_passed();
        Some(TryLine { stones, move_number: double.move_number, finishing, snakies, finish_passed })
    }

    /// The moves that show why the answer at `shown` holds ([`Self::role_of`]): the move played,
    /// then Maker's plan after it to the Maker move the reason names (with Breaker's reply to it
    /// when the reason is that reply), numbered as [`Self::line_after`] numbers them (newcomer
    /// #112 read "Maker's move 7 leaves a Snaky through (10,11)…" beside a board without it).
    /// `None` for a reason with no move in it.
    pub fn line_to_reason(&self, shown: Cell) -> Option<Vec<(Cell, Player, usize)>> {
        let (_, line) = self.plan.as_ref()?;
        let (upto, reply) = match self.role_of(shown)? {
            Role::CompletedSnaky { move_number }
            | Role::ThreatenedSnaky { move_number }
            | Role::ClaimedByMaker { move_number } => (move_number, false),
            Role::TakenByBreaker { move_number } => (move_number, true),
            Role::NeededFree { .. } | Role::Elsewhere => return None,
        };
        Some(self.line_stones(self.played(), line, upto, reply))
    }

    /// `first` (Breaker's, on the shown board), then `line`'s moves to its Maker move `upto` (and
    /// Breaker's reply to it with `reply`), each numbered on from the board's stones per player.
    fn line_stones(&self, first: Cell, line: &Line, upto: u32, reply: bool) -> Vec<(Cell, Player, usize)> {
        let mut counts = [self.before.maker_cells().len(), self.before.breaker_cells().len()];
        let mut moves = vec![(first, Player::Breaker)];
        for step in &line.steps {
            moves.push((self.show(step.maker), Player::Maker));
            if step.move_number == upto && !reply {
                break;
            }
            moves.extend(step.breaker.map(|cell| (self.show(cell), Player::Breaker)));
            if step.move_number == upto {
                break;
            }
        }
        moves
            .into_iter()
            .map(|(cell, player)| {
                let count = &mut counts[usize::from(player == Player::Breaker)];
                *count += 1;
                (cell, player, *count)
            })
            .collect()
    }

    /// The answers a board marks once answered: the first ([`Self::answers`]), and the others
    /// near the stones ([`review::marked_best`]); replies far from every stone that hold too go
    /// unmarked.
    pub fn marked_answers(&self) -> Vec<Cell> {
        let answers: Vec<Cell> = self.answers().into_iter().map(|c| self.unshow(c)).collect();
        review::marked_best(&self.before, &answers).into_iter().map(|c| self.show(c)).collect()
    }

    /// The move played in the game, on the shown board.
    pub fn played(&self) -> Cell {
        self.show(self.played)
    }

    /// The move played in the game, where the game's board showed it.
    pub fn played_in_the_game(&self) -> Cell {
        self.played
    }

    /// The stones on the shown board, in the order played, each numbered per player (Maker's
    /// first is 1, Breaker's first is 1), as the game's stones are.
    pub fn stones(&self) -> Vec<(Cell, Player, usize)> {
        let mut counts = [0; 2];
        let moves = self.before.moves();
        moves
            .iter()
            .map(|m| {
                let count = &mut counts[usize::from(m.player == Player::Breaker)];
                *count += 1;
                (self.show(m.cell), m.player, *count)
            })
            .collect()
    }

    /// What a reply on the shown board does.
    pub fn verdict(&self, shown: Cell) -> Verdict {
        let cell = self.unshow(shown);
        if !self.before.is_free(cell) {
            return Verdict::Taken;
        }
        let keeps = self.keeps(cell);
        if keeps >= self.holds {
            Verdict::Holds { keeps }
        } else {
            Verdict::Costs { keeps, lost: self.holds - keeps }
        }
    }

    /// The guarantee after Breaker replies at `cell` (game frame): the envelope's reply, or any
    /// reply outside it.
    fn keeps(&self, cell: Cell) -> u32 {
        self.before.reply_guarantee(cell).unwrap_or(self.holds)
    }

    /// The replies that hold, on the shown board: the free cells of Maker's plan that keep the
    /// guarantee, the one the lesson would show first ([`review::best_reply_cell`]).
    pub fn answers(&self) -> Vec<Cell> {
        let mut holding: Vec<Cell> = self
            .before
            .reply_guarantees()
            .into_iter()
            .filter_map(|(reply, keeps)| reply.filter(|_| keeps >= self.holds))
            .collect();
        if let Some(first) = review::best_reply_cell(&self.before, &holding) {
            holding.retain(|&c| c != first);
            holding.insert(0, first);
        }
        holding.into_iter().map(|c| self.show(c)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::snaky::policy::OPENING;
    use crate::snaky::shape;

    #[test]
    fn the_turn_about_the_opening_keeps_it_and_undoes() {
        for symmetry in Symmetry::ALL {
            let turn = about_opening(symmetry);
            assert_eq!(turn.apply(OPENING), OPENING);
            for cell in [Cell::new(3, 11), Cell::new(-2, 0), Cell::new(8, 9)] {
                assert_eq!(turn.inverse().apply(turn.apply(cell)), cell);
            }
        }
        assert!(TURNS.iter().all(|&s| s != Symmetry::IDENTITY), "never the board as played");
        let mut digits: Vec<u8> = TURNS.iter().map(|s| s.digit()).collect();
        digits.sort_unstable();
        assert_eq!(digits, [1, 2, 3, 4, 5, 6, 7], "each of the seven other symmetries once");
    }

    /// A copy of the shape, turned, is a copy of the shape: the brute force of the Snaky copies
    /// (SPEC §2.1) finds the same number through a cell and through its image.
    #[test]
    fn a_turned_board_has_the_same_shapes() {
        let owned = |_c: Cell| false;
        for symmetry in Symmetry::ALL {
            let turn = about_opening(symmetry);
            let cell = Cell::new(5, 9);
            let here = shape::live_copies_through(cell, owned, owned).count();
            let there = shape::live_copies_through(turn.apply(cell), owned, owned).count();
            assert_eq!(here, there);
        }
    }
}
