//! The post-game lesson: each of Breaker's moves with the guarantee before and after it, the Maker
//! moves it lost, and the replies that would have kept the guarantee.
//!
//! Every number is the panel's guarantee ([`Game::guarantee`]): "Maker wins within k moves",
//! counting Maker's moves from the first. Before a Breaker move it is read with Breaker to move;
//! after it, with Maker to move and the claim already moved to the child the reply selected. A
//! reply's guarantee is then `made + h(child)`, the heat map's height counted from the start of
//! the game, or `made + 1` when Maker's next stone after the reply (fixed by the position)
//! completes a Snaky, so the replies in [`ReviewedMove::best`] are exactly the ones whose `lost`
//! would be the smallest, and no count said for a reply is beaten by the stone after it.
//!
//! After Maker's answer the guarantee reads the same (`made + 1 + h(child) − 1`), with one
//! exception: when that answer leaves finishes its next stone takes whatever Breaker replies (a
//! double threat the policy finishes at once, or a copy Maker's stones off the plan made), the
//! guarantee drops to the next move. That number is kept apart, as
//! [`ReviewedMove::guarantee_after_maker`], so that `lost` stays the cost of Breaker's choice
//! alone.
//!
//! ```
//! use pokopoko::snaky::{self, Cell, review};
//! let cards = snaky::shipped_cards().expect("the shipped certificate");
//! let lesson = review::review(cards, &[Cell::new(7, 8), Cell::new(8, 6)]).expect("legal moves");
//! assert_eq!(lesson.par, 21);
//! assert_eq!(lesson.held_out, None, "Maker has not won yet");
//! let first = &lesson.moves[0];
//! assert_eq!(first.lost, first.guarantee_before - first.guarantee_after);
//! ```
//!
//! ## Why a move was costly
//!
//! For a move that lost Maker moves, [`why`] (one move, for a screen) and [`explain`] (every move,
//! for the command line) play two [`Line`]s from the lesson's board: Maker's certified plan (the
//! game's policy) against Breaker's longest defence (the perfect computer Breaker,
//! [`BreakerKind::Perfect`]), move by move until Maker completes — once from the position after the
//! move played, once from the position after the best reply (of [`ReviewedMove::best`], the one
//! on the fullest shape, then nearest Maker's stones: [`best_reply_cell`]). Each step carries the [`Threats`] after its Maker move, and each line
//! its [`TurningPoint`]: the threats Breaker had to answer and the first double threat.
//!
//! **Move numbers** in a line count Maker's moves from the first of the game: Maker's move 1 is
//! the opening (8,8), as the panel's "Maker moves" counts. Breaker's move k (1-based, index
//! k − 1 in [`Review::moves`]) is answered by Maker's move k + 1, the first step of its line.
//!
//! ```
//! use pokopoko::snaky::{self, Cell, review};
//! let cards = snaky::shipped_cards().expect("the shipped certificate");
//! // SPEC §2.4's worked line: Breaker's second move, (8,6), costs Maker's plan one move.
//! let lesson = review::explain(cards, &[Cell::new(7, 8), Cell::new(8, 6)]).expect("legal moves");
//! assert_eq!(lesson.review.moves[1].lost, 1);
//! let why = lesson.why[1].as_ref().expect("a costly move is explained");
//! assert_eq!(why.line.steps[0].move_number, 3);
//! assert_eq!(why.line.steps[0].maker, Cell::new(11, 8), "Maker's answer starts the line");
//! let done = why.line.completed.as_ref().expect("Maker completes");
//! assert!(done.move_number <= lesson.review.moves[1].guarantee_after);
//! assert_eq!(why.best_reply.keeps, 21);
//! ```

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::breaker::{Breaker, BreakerKind, ComputerBreaker};
use super::card::Cards;
use super::cell::Cell;
use super::errors::{RecordError, RecordErrorKind};
use super::game::{Game, Player, guarantee_at};
use super::shape::{self, Copy as SnakyCopy};
use super::threats::{self, DoubleShape, ThreatKind, Threats};

/// The lesson of one game: par, how long Maker was held out, and every Breaker move reviewed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Review {
    /// The guarantee of the empty board: the root card's height (21 for the paper's Maker, 20 for
    /// ours). Holding Maker out this long is the best a Breaker can do.
    pub par: u32,
    /// The number of Maker moves when Maker completed its Snaky; `None` while the game is not
    /// over (the moves ended before Maker won).
    pub held_out: Option<u32>,
    /// One entry per Breaker move, in order.
    pub moves: Vec<ReviewedMove>,
}

/// Why a finished game ended when it did, as the lesson counts it: what the result points to
/// (newcomer #46 held 15 with no costly move, and was told to look for where the guarantee
/// dropped).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ended {
    /// A move of the player's lowered the guarantee: the review shows where.
    Lowered,
    /// None did, but this Breaker move (1-based) left a finishing cell open.
    LeftOpen(usize),
    /// None did, but the count fell at blocks of a finish, forced and right: this Maker keeps its
    /// proof's order, so a block can move its count (newcomer #57 read "no mistake lowered the
    /// guarantee" beside a count that fell from 21 to 19).
    Blocked,
    /// None of these: the plan finished when it did (at par, or before its worst case).
    Unlowered,
}

impl Ended {
    /// The first that holds: a mistake lowered the guarantee (a block of the double threat's
    /// finish that kept less than the other is one, [`ReviewedMove::lesser_block`]); a move left
    /// a finish open; a forced block lowered it; none.
    pub fn of(review: &Review) -> Self {
        if review.costliest().is_some() {
            return Self::Lowered;
        }
        if let Some(index) = review.moves.iter().position(|m| !m.left_open.is_empty()) {
            return Self::LeftOpen(index + 1);
        }
        if review.moves.iter().any(|m| m.lost > 0 && m.forced()) {
            return Self::Blocked;
        }
        Self::Unlowered
    }
}

/// One Breaker move of the lesson.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ReviewedMove {
    /// Breaker's cell.
    pub breaker: Cell,
    /// Maker's answer to it.
    pub maker: Cell,
    /// The guarantee with Breaker to move, as the panel showed it before this move.
    pub guarantee_before: u32,
    /// The guarantee once this move is made (Maker to move, the claim on the child it selected).
    pub guarantee_after: u32,
    /// The guarantee after Maker's answer: `guarantee_after`, unless that answer left finishes
    /// its next stone takes whatever the reply (then the next move).
    pub guarantee_after_maker: u32,
    /// Maker moves this move gave away: `guarantee_before − guarantee_after`.
    pub lost: u32,
    /// The highest guarantee any reply here keeps (what the replies in `best` keep).
    pub kept: u32,
    /// The free cells of the active envelope whose reply keeps `kept`, in the envelope's order.
    pub best: Vec<Cell>,
    /// A reply outside the envelope (any free cell there) keeps `kept` too.
    pub best_outside: bool,
    /// The move took a free cell that would have finished a Snaky for Maker (SPEC §2.3's
    /// finishing cell, before the move): forced against any Maker that takes a finish, so not a
    /// mistake, whatever this Maker's proof made of it — unless `lesser_block`.
    pub blocked_finish: bool,
    /// The move blocked one finish of a double threat, and blocking another of its finishes kept
    /// more: the most any reply kept ([`lesser_block`], [`better_block`]). Against this Maker,
    /// which plays its proof in order, the choice of block is the player's, so it counts as a
    /// mistake (newcomer #52 read "forced, no mistake" beside "21 → 15 (−6)" and "(10,8) would
    /// have kept 21").
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub lesser_block: bool,
    /// The finishing cells the move left open: free before it, each finishing a Snaky, none of
    /// them taken (empty when there were none, or the move took one). This Maker keeps its
    /// proof's order and may not take them; any Maker that takes a finish wins at once.
    pub left_open: Vec<Cell>,
}

impl Review {
    /// Whether Maker has completed its Snaky.
    pub fn over(&self) -> bool {
        self.held_out.is_some()
    }

    /// The Maker moves the mistakes among the first `played` moves gave away: the costly moves,
    /// less forced blocks of a finish. The game's score is par less this: every other fall of
    /// this Maker's count is one (newcomers #104 and #105 asked for one number), a cost only this
    /// Maker's order makes included ([`is_order_only`]: the lesson says so).
    pub fn mistakes_cost(&self, played: usize) -> u32 {
        self.moves.iter().take(played).filter(|m| m.mistake()).map(|m| m.lost).sum()
    }

    /// How many of Breaker's moves kept par, from the first: those before the guarantee first
    /// fell below it (every move when it never did). Newcomers #73 and #74 measured their progress
    /// so ("I kept 20 through move 10").
    pub fn kept_par(&self) -> usize {
        self.moves.iter().take_while(|m| m.guarantee_after >= self.par).count()
    }

    /// The index in [`Review::moves`] of the mistake that lost the most Maker moves (the first
    /// on a tie), or `None` when no mistake lost any. A forced block of a finish is not a mistake
    /// ([`ReviewedMove::mistake`]; newcomer #28 was taught by it to leave finishes open).
    pub fn costliest(&self) -> Option<usize> {
        let lost = |m: &ReviewedMove| if m.mistake() { m.lost } else { 0 };
        let most = self.moves.iter().map(lost).max().filter(|&most| most > 0)?;
        self.moves.iter().position(|m| lost(m) == most)
    }

    /// The move the lesson opens on: the costliest mistake; with none, the move that lost the
    /// most all the same (a forced block of a finish: its lesson says why it was forced; newcomer
    /// #29 was shown move 1 instead); with nothing lost, the first move.
    pub fn lesson_start(&self) -> usize {
        self.costliest().unwrap_or_else(|| {
            let most = self.moves.iter().map(|m| m.lost).max().unwrap_or(0);
            self.moves.iter().position(|m| m.lost == most && most > 0).unwrap_or(0)
        })
    }

    /// The nearest costly move (one that lost some) after Breaker's move `from` (0-based), or
    /// before it when `later` is false: where the lesson's ↑ and ↓ go (newcomer #71 pressed ↓ for
    /// the next mistake and met every move between).
    pub fn costly_from(&self, from: usize, later: bool) -> Option<usize> {
        let costly = |&i: &usize| self.moves[i].lost > 0;
        if later {
            (from + 1..self.moves.len()).find(costly)
        } else {
            (0..from.min(self.moves.len())).rev().find(costly)
        }
    }

    /// The moves that left a finishing cell open ([`ReviewedMove::left_open`]).
    pub fn left_open(&self) -> usize {
        self.moves.iter().filter(|m| !m.left_open.is_empty()).count()
    }
}

impl ReviewedMove {
    /// The move gave Maker moves away and was not a forced block of a finish.
    pub fn mistake(&self) -> bool {
        self.lost > 0 && !self.forced()
    }

    /// The move blocked a finish, and no other block kept more: forced, not a mistake.
    pub fn forced(&self) -> bool {
        self.blocked_finish && !self.lesser_block
    }
}

/// How many moves of the game were played before Breaker's move `index` (0-based): Maker's
/// opening and one Maker answer per earlier Breaker move. `game.prefix(before(index))` is the
/// board the lesson shows for that move, Breaker to move.
pub const fn before(index: usize) -> usize {
    2 * index + 1
}

/// Replays a game — Maker's opening, then each Breaker move and Maker's answer — and reviews every
/// Breaker move. An occupied cell or a move after Maker has won is an error naming the move's
/// 1-based position (as [`super::record::replay`]'s are).
pub fn review(cards: Arc<Cards>, breaker_moves: &[Cell]) -> Result<Review, RecordError> {
    let (review, _, error) = reviewed(Game::started(cards), breaker_moves);
    match error {
        Some(error) => Err(error),
        None => Ok(review),
    }
}

/// The lesson of a game in progress or finished: its Breaker moves reviewed, each with Maker's
/// answer (a last Breaker move Maker has not answered yet is answered here).
pub fn review_game(game: &Game) -> Review {
    replayed(game).0
}

/// A game's Breaker moves replayed from a fresh start in the game's turn, reviewed: the review
/// and the game replayed (a last Breaker move answered). A game's own moves were legal in this
/// order, so no error can stop the replay.
fn replayed(game: &Game) -> (Review, Game) {
    let (review, answered, _) =
        reviewed(Game::started_turned(Arc::clone(game.cards()), game.turn()), game.breaker_cells());
    (review, answered)
}

/// The lesson of a game and, for each of its moves, why it cost what it did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Explained {
    pub review: Review,
    /// One entry per entry of `review.moves`: `Some` exactly where the move lost Maker moves.
    pub why: Vec<Option<Why>>,
}

/// [`review`] with every costly move explained: two lines played out per costly move, so this
/// takes milliseconds a move where [`review`] takes microseconds.
pub fn explain(cards: Arc<Cards>, breaker_moves: &[Cell]) -> Result<Explained, RecordError> {
    let (review, game, error) = reviewed(Game::started(cards), breaker_moves);
    if let Some(error) = error {
        return Err(error);
    }
    let why = (0..review.moves.len()).map(|index| why(&game, index)).collect();
    Ok(Explained { review, why })
}

/// [`explain`] for a game in progress or finished (a last Breaker move Maker has not answered yet
/// is answered, as in [`review_game`]).
pub fn explain_game(game: &Game) -> Explained {
    let (review, answered) = replayed(game);
    let why = (0..review.moves.len()).map(|index| why(&answered, index)).collect();
    Explained { review, why }
}

/// The review of the moves up to the first illegal one, the game they make (each answered by
/// Maker), and the error that stopped it, if any.
fn reviewed(started: Game, breaker_moves: &[Cell]) -> (Review, Game, Option<RecordError>) {
    let mut game = started;
    let par = game.guarantee();
    let mut moves = Vec::with_capacity(breaker_moves.len());
    let mut error = None;
    for (index, &cell) in breaker_moves.iter().enumerate() {
        match reviewed_move(&mut game, cell) {
            Ok(reviewed) => moves.push(reviewed),
            Err(e) => {
                let token = format!("{},{}", cell.x, cell.y);
                error = Some(RecordError { position: index + 1, token, kind: RecordErrorKind::Illegal(e) });
                break;
            }
        }
    }
    let held_out = game.won().then(|| game.maker_cells().len() as u32);
    (Review { par, held_out, moves }, game, error)
}

/// Reviews Breaker's move `cell` (Breaker to move), then plays it and Maker's answer.
fn reviewed_move(game: &mut Game, cell: Cell) -> Result<ReviewedMove, super::errors::MoveError> {
    let guarantee_before = game.guarantee();
    let replies = if game.to_move() == Some(Player::Breaker) { game.reply_guarantees() } else { Vec::new() };
    let finishing = threats::threats(game.maker_cells(), game.breaker_cells()).cells;
    let blocked_finish = finishing.contains(&cell);
    game.breaker_move(cell)?;
    let guarantee_after = game.guarantee();
    let maker = game.maker_move()?;
    let kept = replies.iter().map(|&(_, guarantee)| guarantee).max().unwrap_or(guarantee_after);
    let best: Vec<Cell> =
        replies.iter().filter(|&&(_, g)| g == kept).filter_map(|&(reply, _)| reply).collect();
    let best_outside = replies.iter().any(|&(reply, g)| reply.is_none() && g == kept);
    let lost = guarantee_before.saturating_sub(guarantee_after);
    let lesser_block = lesser(&replies, &finishing, cell);
    let left_open = if blocked_finish { Vec::new() } else { finishing };
    Ok(ReviewedMove {
        breaker: cell,
        maker,
        guarantee_before,
        guarantee_after,
        guarantee_after_maker: game.guarantee(),
        // The guarantee never increases (SPEC §2.4); saturating keeps a bad certificate harmless.
        lost,
        kept,
        best,
        best_outside,
        blocked_finish,
        lesser_block,
        left_open,
    })
}

/// Why Breaker's move cost Maker moves: what Maker could force after it, and after the best reply.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Why {
    /// Breaker's move: index `index` of [`Review::moves`], Breaker's move `index + 1`.
    pub index: usize,
    pub breaker: Cell,
    /// From the position after the move: Maker's plan against the longest defence.
    pub line: Line,
    /// The reply that would have kept the most, and what it took away from `line`.
    pub best_reply: BestReply,
    /// From the position after the best reply, the same way.
    pub best_line: Line,
    /// The move took a cell that would have finished a Snaky, and no other block kept more:
    /// forced, right against any Maker that takes a finish, costly only because this one keeps
    /// its proof's order and would have left it.
    #[serde(default)]
    pub blocked_finish: bool,
    /// For a block of one finish of a double threat: another finishing cell whose block kept more
    /// ([`better_block`]), and how many it kept (then `blocked_finish` is false: the choice was
    /// the player's). After either block a finish is left, which any Maker that takes a finish
    /// completes at once; this one kept more only because its proof's order leaves that finish
    /// open. The lesson says so.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub better_block: Option<(Cell, u32)>,
    /// With no finish open after the move: a cell where Maker's next stone would have made a
    /// double threat ([`threats::forks`], the first by (x, y)), where after the best reply no
    /// Maker stone would have. A fact of the board, not of this Maker's plan: any Maker that sees
    /// it wins two moves later.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fork_left: Option<threats::Fork>,
}

/// Maker's plan against Breaker's longest defence from a position with Maker to move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Line {
    /// The guarantee where the line starts ("Maker wins within k moves", counted from the game's
    /// first Maker move): a line of a valid certificate completes by this move.
    pub guarantee: u32,
    /// The finishing cells already on the board where the line starts: the move that led here
    /// left them open (Maker's plan may complete one at once).
    pub open: Threats,
    /// Maker's moves in order, each with the threats after it and Breaker's reply.
    pub steps: Vec<LineStep>,
    /// The Maker move that completed a Snaky; `None` only if the line was cut off after
    /// [`MAX_LINE_MOVES`] without a win (a certificate that fails its checks).
    pub completed: Option<Completion>,
    /// What Breaker was forced to do on the way: read from `steps`.
    pub turning_point: TurningPoint,
}

/// One Maker move of a line and Breaker's reply.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LineStep {
    /// Maker's move number, counted from the game's first (the opening is 1).
    pub move_number: u32,
    /// Maker's cell.
    pub maker: Cell,
    /// The finishing cells after this Maker move (empty on the move that completes a Snaky).
    pub threats: Threats,
    /// Breaker's reply (the perfect Breaker's); `None` after the move that completes a Snaky.
    pub breaker: Option<Cell>,
    /// A free cell that would have completed a Snaky at this move and that Maker's plan did not
    /// take (the first by (x, y)): the plan keeps its proven order, which still wins within its
    /// bound, rather than finish at once.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub passed: Option<Cell>,
    /// Maker's cell is off its plan: the plan's next cell already held Maker's stone, so SPEC
    /// §2.4's rule 1 took the first free cell of its fixed order (often far from the stones:
    /// newcomers #81 and #82 read such a stone in the lesson's line as a bug).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub off_plan: bool,
}

/// Maker's completed Snaky.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Completion {
    /// The Maker move that completed it (counted from the game's first).
    pub move_number: u32,
    /// That move's cell.
    pub cell: Cell,
    /// Its six cells, in the order of S under its orientation.
    pub snaky: SnakyCopy,
}

/// The turning point of a line: the single threats before its first double threat, and that
/// double threat.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurningPoint {
    /// The Maker moves before the first double threat (all of them, if there is none) after which
    /// exactly one free cell finished a Snaky, in order.
    pub threats: Vec<ForcedReply>,
    /// The first Maker move after which two or more free cells each finished a Snaky.
    pub double_threat: Option<DoubleThreat>,
}

impl TurningPoint {
    /// Whether Breaker took the finishing cell after every threat in `threats`.
    pub fn all_answered(&self) -> bool {
        self.threats.iter().all(|t| t.answered)
    }
}

/// A threat: a Maker move after which exactly one free cell finishes a Snaky.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ForcedReply {
    pub move_number: u32,
    /// Maker's cell.
    pub maker: Cell,
    /// The one finishing cell: Breaker had to take it.
    pub cell: Cell,
    /// Breaker's reply in the line was that cell.
    pub answered: bool,
}

/// A double threat: a Maker move after which two or more free cells each finish a Snaky.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DoubleThreat {
    pub move_number: u32,
    /// Maker's cell.
    pub maker: Cell,
    /// The finishing cells, sorted by (x, y): Breaker can take only one.
    pub cells: Vec<Cell>,
    /// How its Snakies lie ([`Threats::double_shape`]).
    #[serde(default)]
    pub shape: DoubleShape,
}

/// The one Snaky a lesson's board tints before the move, which its words name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tint {
    /// The shape the best reply blocks ([`BestReply::shape_said`]).
    Shape(SnakyCopy),
    /// The Snaky Maker threatens in the line after the move, which the best reply spoils
    /// ([`Role::ThreatenedSnaky`]): newcomer #95 read "a cell of a Snaky Maker threatens at move
    /// 7" beside the line's last Snaky, a different one, and could not find it.
    Threatened(SnakyCopy),
    /// The Snaky the shown line ends with.
    Aim(SnakyCopy),
}

impl Why {
    /// What the board tints before the move, with the line after it shown (`best_line` false) or
    /// the best reply's: one Snaky at a time (newcomers #71 to #74 found two tints too many).
    pub fn tint(&self, best_line: bool) -> Option<Tint> {
        if let Some(shape) = self.best_reply.shape_said() {
            return Some(Tint::Shape(shape.snaky));
        }
        if !best_line && let Some(snaky) = self.line.threatened_through(self.best_reply.cell) {
            return Some(Tint::Threatened(snaky));
        }
        let line = if best_line { &self.best_line } else { &self.line };
        line.completed.map(|done| Tint::Aim(done.snaky))
    }
}

impl Why {
    /// The finishing cells the lesson's sentence of the line shown names ([`words::forced`]):
    /// those the move left open, then the first double threat's, sorted by (x, y) without
    /// repeats. The board rings them before the move (newcomer #110 looked for cells named but
    /// not drawn).
    ///
    /// [`words::forced`]: crate::snaky::words::forced
    pub fn named_finishes(&self, best_line: bool) -> Vec<Cell> {
        let line = if best_line { &self.best_line } else { &self.line };
        let double = line.turning_point.double_threat.iter().flat_map(|double| &double.cells);
        let mut cells: Vec<Cell> = line.open.cells.iter().chain(double).copied().collect();
        cells.sort_by_key(|c| (c.x, c.y));
        cells.dedup();
        cells
    }

    /// Where the best reply lies on every Snaky of the first double threat in the line after the
    /// move (where they cross, or along the row of five they share): that double threat's move
    /// and how many Snakies it finishes (two or more). One stone there spoils them all, which
    /// newcomers #109 and #114 found for themselves ("the cell where two of Maker's lines were
    /// about to meet") and asked the lesson to say. `None` for a best reply outside the envelope.
    pub fn best_spoils_double(&self) -> Option<(u32, usize)> {
        if self.best_reply.outside {
            return None;
        }
        let double = self.line.turning_point.double_threat.as_ref()?;
        let step = self.line.steps.iter().find(|step| step.move_number == double.move_number)?;
        let snakies = &step.threats.copies;
        let all = snakies.iter().all(|copy| copy.snaky.contains(&self.best_reply.cell));
        (snakies.len() >= 2 && all).then_some((double.move_number, snakies.len()))
    }

    /// Where, along the lesson's two lines, the best reply keeps more only because of this
    /// Maker's order (newcomer #96: "the game taught me to leave double threats open"): a fact of
    /// these lines, not a bound over every defence. The move still cost against this Maker and
    /// counts as a mistake (one number: newcomers #104 and #105); its notice and its lesson say
    /// that a Maker taking finishes would win as soon after either, naming the line they read. In
    /// the best reply's line (which blocks every finish where a line that does lasts as long
    /// within its budget: [`ComputerBreaker::blocking_first`]) this Maker leaves
    /// a finish open at move `best`, where a Maker that takes finishes wins, no later than such a
    /// Maker wins along the line after the move (`yours`, [`Line::finish_taken_at`]). Returns
    /// `(best, yours)`; `None` for a block of a finish (said otherwise) and where the best line
    /// holds longer against a Maker that takes finishes too.
    pub fn for_this_order_only(&self) -> Option<(u32, u32)> {
        if self.blocked_finish || self.better_block.is_some() {
            return None;
        }
        let best = self.best_line.steps.iter().find(|step| step.passed.is_some())?.move_number;
        let yours = self.line.finish_taken_at()?;
        (best <= yours).then_some((best, yours))
    }
}

impl Line {
    /// The Maker move at which a Maker that takes every finish wins along this line: the first
    /// where this one left a finish open ([`LineStep::passed`]), else the move that completed.
    pub fn finish_taken_at(&self) -> Option<u32> {
        let passed = self.steps.iter().find(|step| step.passed.is_some()).map(|step| step.move_number);
        passed.or(self.completed.map(|done| done.move_number))
    }

    /// [`Self::finish_taken_at`] where this Maker, keeping to its plan, completes later: the move
    /// a Maker that takes every finish would win at instead; `None` where this one wins there.
    pub fn finish_passed(&self) -> Option<u32> {
        let done = self.completed?.move_number;
        self.finish_taken_at().filter(|&taken| done > taken)
    }

    /// Maker's stones already on the board where the line starts (before the move it follows) in
    /// the Snaky [`Role::of`] names for `cell`: the one the line completes through it, else the
    /// first it threatens through it; `None` for a cell of neither. The lesson says them in the
    /// board's terms (newcomer #120: "explain each answer as one named Snaky on the board, with
    /// the Maker stones it already holds").
    pub fn held_before(&self, cell: Cell) -> Option<Vec<Cell>> {
        let (snaky, up_to, finish) = match self.completed.filter(|done| done.snaky.contains(&cell)) {
            Some(done) => (done.snaky, done.move_number, None),
            None => {
                let (step, copy) = self.threat_through(cell)?;
                (copy.snaky, step.move_number, Some(copy.cell))
            }
        };
        let placed: Vec<Cell> =
            self.steps.iter().take_while(|step| step.move_number <= up_to).map(|step| step.maker).collect();
        Some(snaky.into_iter().filter(|c| !placed.contains(c) && Some(*c) != finish).collect())
    }

    /// The Maker move at which the line takes `cell`, if it does.
    pub fn maker_takes(&self, cell: Cell) -> Option<u32> {
        self.steps.iter().find(|step| step.maker == cell).map(|step| step.move_number)
    }

    /// The first Snaky through `cell` that Maker threatens in the line, unless `cell` is in the
    /// Snaky the line ends with ([`Role::of`]'s order): the one a [`Role::ThreatenedSnaky`] names.
    pub fn threatened_through(&self, cell: Cell) -> Option<SnakyCopy> {
        self.threat_through(cell).map(|(_, copy)| copy.snaky)
    }

    /// The first threat of the line whose Snaky runs through `cell`, with the Maker move that
    /// made it, unless `cell` is in the Snaky the line ends with ([`Role::of`]'s order).
    fn threat_through(&self, cell: Cell) -> Option<(&LineStep, &threats::FinishingCopy)> {
        if self.completed.is_some_and(|done| done.snaky.contains(&cell)) {
            return None;
        }
        self.steps.iter().find_map(|step| {
            let copy = step.threats.copies.iter().find(|copy| copy.snaky.contains(&cell))?;
            Some((step, copy))
        })
    }
}

/// The best reply to a costly move, with the facts for one sentence about it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BestReply {
    /// The one of [`ReviewedMove::best`] a lesson explains ([`best_reply_cell`]: on the fullest
    /// shape, then nearest Maker's stones); when only a reply outside the envelope keeps the most,
    /// the far-away cell [`Game::far_away_cell`] picks, standing for all of them.
    pub cell: Cell,
    /// `cell` stands for any reply outside the envelope.
    pub outside: bool,
    /// The guarantee after it: "had you played it, Maker would win by its move `keeps`" ([`ReviewedMove::kept`]).
    pub keeps: u32,
    /// Where `cell` stood in the line after the move played.
    pub in_line: Role,
    /// The Snaky copy through `cell` that held the most of Maker's stones and none of Breaker's,
    /// the move played included (two stones at least): what taking the cell blocks and the move
    /// did not, in board terms.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub on_shape: Option<OnShape>,
    /// How full of Maker's stones the live shapes through `cell` were before the move, and through
    /// the move played (the command line's JSON reports both; no lesson says "block the fullest
    /// shape": it finds a best reply only half to two thirds of the time, and newcomer #108 read
    /// the lesson's "the fuller shape was / was not the danger", move by move, as contradictions).
    #[serde(default)]
    pub fullest: Fullest,
    #[serde(default)]
    pub played_fullest: Fullest,
}

impl BestReply {
    /// The shape the lesson names for this reply, the one the board tints: [`Self::on_shape`] when
    /// the line does not explain the reply by a Snaky (needed free, or elsewhere). A reply that
    /// is a cell of Maker's Snaky in the line is shown by that Snaky; a second tint beside it was
    /// one colour too many to read (newcomer #56).
    pub fn shape_said(&self) -> Option<OnShape> {
        self.on_shape.filter(|_| matches!(self.in_line, Role::NeededFree { .. } | Role::Elsewhere))
    }
}

/// Of the replies that kept the most (`best`, Breaker to move in `before`), the one a lesson
/// shows and explains: the one on the fullest shape ([`Fullest`]: what taking it blocks), then the
/// nearest to Maker's stones, then the first. Newcomers could not learn from a best reply seven
/// columns from every stone when a reply on Maker's fullest shape kept as much.
pub fn best_reply_cell(before: &Game, best: &[Cell]) -> Option<Cell> {
    best_reply_among(before, best.iter().copied())
}

/// How near a stone (as a king moves) a reply that kept the most is marked on the board.
pub const MARKED_NEAR: u32 = 2;

/// Of the replies that kept the most (`best`, Breaker to move in `before`), the ones a board marks:
/// those within [`MARKED_NEAR`] of a stone, and the one the lesson explains
/// ([`best_reply_cell`]), in `best`'s order. Green squares across an empty board read as "play
/// anywhere" (newcomers #56, #69 and #70: "far cells hold" looked arbitrary), and a count of them
/// as far play being as good as a block (#73, #74): the others go unmarked and unsaid.
pub fn marked_best(before: &Game, best: &[Cell]) -> Vec<Cell> {
    let explained = best_reply_cell(before, best);
    let near = |cell: Cell| before.moves().iter().any(|m| m.cell.king_distance(cell) <= MARKED_NEAR);
    best.iter().copied().filter(|&cell| near(cell) || Some(cell) == explained).collect()
}

/// For a move that blocked a finishing cell of a double threat: of the other finishing cells,
/// the one whose block kept the most ([`best_reply_cell`]'s choice among those in `best`), when
/// one kept more than the move did. Every block loses to a Maker that takes a finish; this one
/// keeps its proof's order, so which finish is blocked moves its count (newcomer #33 read
/// "forced, no better reply" beside review's "replies that kept 21: (10,8)").
pub fn better_block(before: &Game, reviewed: &ReviewedMove) -> Option<Cell> {
    if !reviewed.lesser_block {
        return None;
    }
    let finishing = threats::threats(before.maker_cells(), before.breaker_cells()).cells;
    best_reply_among(before, reviewed.best.iter().copied().filter(|c| finishing.contains(c)))
}

/// For Breaker to move in `before`: whether claiming `cell` is the lesser block of a double
/// threat — `cell` finishes a Snaky, another finishing cell's block keeps the most any reply
/// keeps (one of the best replies), and `cell`'s keeps less. Against this Maker, which plays its proof in order, that
/// choice is a mistake ([`ReviewedMove::lesser_block`]); the game says so as it is played.
pub fn lesser_block(before: &Game, cell: Cell) -> bool {
    let finishing = threats::threats(before.maker_cells(), before.breaker_cells()).cells;
    lesser(&before.reply_guarantees(), &finishing, cell)
}

/// For Breaker to move in `before`, at a double threat whose blocks keep different counts
/// against this Maker: a finishing cell whose block keeps the most any reply keeps and one whose
/// block keeps the least (the first in (x, y) order of each), with what each keeps: blocking the
/// second is [`lesser_block`]. `None` when no block is lesser.
pub fn finish_blocks(before: &Game) -> Option<((Cell, u32), (Cell, u32))> {
    let replies = before.reply_guarantees();
    let kept = replies.iter().map(|&(_, keeps)| keeps).max()?;
    let blocks = blocks_of(before, &replies);
    let most = blocks.iter().copied().find(|&(c, _)| among_best(&replies, kept, c))?;
    let least = blocks.iter().copied().reduce(|a, b| if b.1 < a.1 { b } else { a })?;
    (least.1 < kept).then_some((most, least))
}

/// For Breaker to move: every finishing cell with what this Maker's count keeps after a block
/// there, in (x, y) order: a triple threat's third block, which [`finish_blocks`] does not name
/// (newcomers #88, #93 and #94 had to guess it).
pub fn finish_block_counts(before: &Game) -> Vec<(Cell, u32)> {
    blocks_of(before, &before.reply_guarantees())
}

/// [`finish_block_counts`] from the replies' guarantees, as computed once.
fn blocks_of(before: &Game, replies: &[(Option<Cell>, u32)]) -> Vec<(Cell, u32)> {
    let finishing = threats::threats(before.maker_cells(), before.breaker_cells()).cells;
    finishing.iter().filter_map(|&c| guarantee_at(replies, c).map(|keeps| (c, keeps))).collect()
}

/// For Breaker to move with finishing cells on the board: the most this Maker's count keeps
/// after a block of one of them (`None` with none open). Below the count now, the block lowers
/// it without a mistake: the count had followed a branch where the finish stays open.
pub fn best_block(before: &Game) -> Option<u32> {
    finish_block_counts(before).into_iter().map(|(_, keeps)| keeps).max()
}

/// Whether a reply at `cell`, a cell of the active envelope, keeps `kept`: one of
/// [`ReviewedMove::best`] (a cell outside the envelope stands for all of them and is not one).
fn among_best(replies: &[(Option<Cell>, u32)], kept: u32, cell: Cell) -> bool {
    replies.iter().any(|&(reply, keeps)| reply == Some(cell) && keeps == kept)
}

/// [`lesser_block`] from the replies' guarantees and the finishing cells, as computed once.
fn lesser(replies: &[(Option<Cell>, u32)], finishing: &[Cell], cell: Cell) -> bool {
    let Some(kept) = replies.iter().map(|&(_, keeps)| keeps).max() else { return false };
    finishing.contains(&cell)
        && guarantee_at(replies, cell) < Some(kept)
        && finishing.iter().any(|&other| other != cell && among_best(replies, kept, other))
}

fn best_reply_among(before: &Game, best: impl Iterator<Item = Cell>) -> Option<Cell> {
    let near = |cell: Cell| before.maker_cells().iter().map(|m| m.king_distance(cell)).min().unwrap_or(0);
    let mut chosen: Option<(Cell, Fullest, u32)> = None;
    for cell in best {
        let (fullest, apart) = (Fullest::at(before, cell), near(cell));
        if chosen.is_none_or(|(_, f, a)| fullest > f || (fullest == f && apart < a)) {
            chosen = Some((cell, fullest, apart));
        }
    }
    chosen.map(|(cell, ..)| cell)
}

/// How full of Maker's stones the live Snaky copies through a free cell are (live: no Breaker
/// stone): the most Maker stones one of them holds, then how many hold that many. Ordered by
/// stones, then shapes, so the greater is the cell whose taking blocks the fuller shape (or more
/// of the fullest).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Fullest {
    pub stones: u8,
    pub shapes: u8,
}

impl Fullest {
    /// The live copies through `cell` in `game`, before anyone claims `cell`.
    pub fn at(game: &Game, cell: Cell) -> Self {
        let mut fullest = Self::default();
        for (_, stones) in live_copies_through(game, cell) {
            if stones > fullest.stones {
                fullest = Self { stones, shapes: 1 };
            } else if stones == fullest.stones && stones > 0 {
                fullest.shapes += 1;
            }
        }
        fullest
    }
}

/// The Snaky copies through `cell` without a Breaker stone, each with the number of Maker's
/// stones in it.
fn live_copies_through(game: &Game, cell: Cell) -> impl Iterator<Item = (SnakyCopy, u8)> + '_ {
    let owned_by = |player| move |c| game.owner(c) == Some(player);
    shape::live_copies_through(cell, owned_by(Player::Breaker), owned_by(Player::Maker))
}

/// A Snaky copy through a cell, with Maker's stones in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OnShape {
    /// Its six cells.
    pub snaky: SnakyCopy,
    /// Maker's stones in it, the first `count` of `stones`, in the copy's order.
    pub count: u8,
    pub stones: [Cell; 5],
}

impl OnShape {
    /// The live copy through `cell` (no Breaker stone) holding the most of Maker's stones, the
    /// first in [`shape::copies_through`]'s order among equals, if it holds two or more.
    pub fn best(game: &Game, cell: Cell) -> Option<Self> {
        let owned_by = |player| move |c| game.owner(c) == Some(player);
        let (snaky, count) =
            shape::fullest_copy_through(cell, owned_by(Player::Breaker), owned_by(Player::Maker))
                .filter(|&(_, count)| count >= 2)?;
        let mut stones = [cell; 5];
        for (slot, &c) in
            stones.iter_mut().zip(snaky.iter().filter(|&&c| game.owner(c) == Some(Player::Maker)))
        {
            *slot = c;
        }
        Some(Self { snaky, count, stones })
    }

    /// Maker's stones in the copy.
    pub fn maker_stones(&self) -> &[Cell] {
        &self.stones[..usize::from(self.count).min(5)]
    }
}

/// What a cell was in a line (the first that applies, in this order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "role", rename_all = "snake_case")]
pub enum Role {
    /// A cell of the Snaky Maker completed at this move.
    CompletedSnaky { move_number: u32 },
    /// A cell of a Snaky Maker could finish after this move (the first such move): a threat or a
    /// double threat was built on it.
    ThreatenedSnaky { move_number: u32 },
    /// Maker claimed it at this move.
    ClaimedByMaker { move_number: u32 },
    /// Breaker took it only in reply to this Maker move.
    TakenByBreaker { move_number: u32 },
    /// None of these, but it lies in the envelope of Maker's plan after the move (the card Maker
    /// held then): that plan needs it free, so taking it instead would have ruled the plan out.
    /// `shapes`: the Snaky copies through it that the plan could still build (every cell in the
    /// envelope or Maker's, none Breaker's), which a stone there spoils.
    NeededFree { shapes: u32 },
    /// None of these.
    Elsewhere,
}

impl Role {
    /// Where `cell` stood in `line`.
    pub fn of(cell: Cell, line: &Line) -> Self {
        if let Some(done) = line.completed.filter(|done| done.snaky.contains(&cell)) {
            return Self::CompletedSnaky { move_number: done.move_number };
        }
        if let Some((step, _)) = line.threat_through(cell) {
            return Self::ThreatenedSnaky { move_number: step.move_number };
        }
        if let Some(move_number) = line.maker_takes(cell) {
            return Self::ClaimedByMaker { move_number };
        }
        match line.steps.iter().find(|step| step.breaker == Some(cell)) {
            Some(step) => Self::TakenByBreaker { move_number: step.move_number },
            None => Self::Elsewhere,
        }
    }
}

/// The most Maker moves a line plays: a valid certificate completes within its root's height (21
/// at most), so only a certificate that fails its checks can reach it.
pub const MAX_LINE_MOVES: usize = 64;

/// The perfect Breaker's seed in every line (it breaks ties at random), so a line is the same on
/// every run.
const LINE_SEED: u64 = 0;

/// Why Breaker's move `index` (0-based, as in [`Review::moves`]) of `game` cost Maker moves:
/// `None` when it lost none, or when the game has no such move.
pub fn why(game: &Game, index: usize) -> Option<Why> {
    let &breaker = game.breaker_cells().get(index)?;
    let before = game.prefix(self::before(index));
    let mut after = before.clone();
    let reviewed = reviewed_move(&mut after, breaker).ok()?;
    if reviewed.lost == 0 {
        return None;
    }
    let mut after = before.clone();
    after.breaker_move(breaker).ok()?;
    let line = line(&after);
    let better_block = better_block(&before, &reviewed).map(|cell| (cell, reviewed.kept));
    let (cell, outside) = match best_reply_cell(&before, &reviewed.best) {
        Some(cell) => (cell, false),
        None => (before.far_away_cell(), true),
    };
    // Read with the move played: a shape the move blocked too does not tell the two apart
    // (newcomer #71's move lay on the shape the lesson said its best reply blocked).
    let on_shape = if outside { None } else { OnShape::best(&after, cell) };
    let (fullest, played_fullest) = (Fullest::at(&before, cell), Fullest::at(&before, breaker));
    let mut after_best = before;
    after_best.breaker_move(cell).ok()?;
    let best_line = self::line(&after_best);
    let in_line = role_in_plan(&after, &line, cell);
    let best_reply =
        BestReply { cell, outside, keeps: reviewed.kept, in_line, on_shape, fullest, played_fullest };
    let blocked_finish = blocked_a_finish(game, index) && better_block.is_none();
    let fork_left = fork_left(&after, &after_best);
    Some(Why { index, breaker, line, best_reply, best_line, blocked_finish, better_block, fork_left })
}

/// The kind of reason a lesson gives for its best reply, named so that lessons and practice
/// boards of one kind can be told apart and gathered (newcomers #124, #126 and #129 asked for
/// each board tagged with a named idea, practised on boards of other games). A tag of the reason
/// found on this board, not a rule: the same words on another board need not pick its answer
/// (no count on the board picks which end of a row of three to block, for one: measured, note 67).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Principle {
    /// The line after the move built a row of five (its double threat), the best reply's did not
    /// ([`Why::row_of_five_kept_off`]).
    RowBeforeFive,
    /// The best reply lies on every Snaky of the line's first double threat
    /// ([`Why::best_spoils_double`]), or the move left a cell where Maker's stone makes a double
    /// threat and the best reply left none ([`Why::fork_left`]).
    SharedCell,
    /// The best reply is a cell the line's Breaker takes later anyway, in reply to a threat.
    TakeItNow,
    /// The best reply is a cell the line's Maker takes itself before it builds its Snaky there.
    MakersNextCell,
    /// The best reply spoils a Snaky Maker's plan builds after the move (or lies in the plan).
    SpoilTheSnaky,
}

impl Principle {
    pub const ALL: [Self; 5] =
        [Self::RowBeforeFive, Self::SharedCell, Self::TakeItNow, Self::MakersNextCell, Self::SpoilTheSnaky];
}

impl Why {
    /// Whether the line after the move built a row of five (its first double threat's shape) and
    /// the best reply's line did not, for a move that blocked no finish and whose best reply holds
    /// longer against any Maker (the lesson's best reply says it, [`super::words::best_reply`]).
    pub fn row_of_five_kept_off(&self) -> bool {
        if self.said_otherwise() {
            return false;
        }
        let shape = |line: &Line| line.turning_point.double_threat.as_ref().map(|d| d.shape);
        let five = Some(threats::DoubleShape::RowOfFive);
        shape(&self.line) == five && shape(&self.best_line) != five
    }

    /// A block of a finish, a block of the lesser finish, or a best reply that keeps more only
    /// against this Maker's order: reasons the lesson says in their own words, with no idea.
    fn said_otherwise(&self) -> bool {
        self.better_block.is_some() || self.blocked_finish || self.for_this_order_only().is_some()
    }

    /// The kind of this lesson's reason ([`Principle`]): `None` for a block of a finish (right in
    /// general, said otherwise), a reply that keeps more only against this Maker's order, and a
    /// best reply outside the envelope.
    pub fn principle(&self) -> Option<Principle> {
        if self.said_otherwise() {
            return None;
        }
        if self.best_reply.outside {
            return None;
        }
        if self.row_of_five_kept_off() {
            return Some(Principle::RowBeforeFive);
        }
        if self.best_spoils_double().is_some() || self.fork_left.is_some() {
            return Some(Principle::SharedCell);
        }
        let cell = self.best_reply.cell;
        Some(match self.best_reply.in_line {
            Role::TakenByBreaker { .. } => Principle::TakeItNow,
            Role::ClaimedByMaker { .. } => Principle::MakersNextCell,
            Role::CompletedSnaky { move_number } | Role::ThreatenedSnaky { move_number }
                if self.line.maker_takes(cell).is_some_and(|k| k < move_number) =>
            {
                Principle::MakersNextCell
            }
            _ => Principle::SpoilTheSnaky,
        })
    }
}

/// [`Why::fork_left`]: `after`, the game after Breaker's move, and `after_best`, after the best
/// reply instead (both Maker to move).
fn fork_left(after: &Game, after_best: &Game) -> Option<threats::Fork> {
    let forks = |game: &Game| threats::forks(game.maker_cells(), game.breaker_cells());
    if !threats::threats(after.maker_cells(), after.breaker_cells()).is_empty()
        || !forks(after_best).is_empty()
    {
        return None;
    }
    forks(after).into_iter().next()
}

/// The Snaky copies through `cell` that the plan with `envelope` could still build on `game`'s
/// board: each cell in the envelope or Maker's, none Breaker's.
/// What `cell` was in Maker's plan after a move: `after`, the game with the move played, and
/// `line`, its line ([`line`]). Not in the line: whether the plan Maker held after the move needed
/// the cell free.
pub fn role_in_plan(after: &Game, line: &Line, cell: Cell) -> Role {
    let envelope = after.active_claim().envelope(after.cards());
    match Role::of(cell, line) {
        Role::Elsewhere if envelope.contains(&cell) => {
            Role::NeededFree { shapes: shapes_in_plan(after, &envelope, cell) }
        }
        role => role,
    }
}

fn shapes_in_plan(game: &Game, envelope: &[Cell], cell: Cell) -> u32 {
    let in_plan = |c: Cell| envelope.contains(&c) || game.owner(c) == Some(Player::Maker);
    let breakers = |c: Cell| game.owner(c) == Some(Player::Breaker);
    let buildable = shape::live_copies_through(cell, breakers, |_| false)
        .filter(|(copy, _)| copy.iter().all(|&c| in_plan(c)))
        .count();
    buildable as u32
}

/// What a game's costly moves had in common, for the sentence a player takes to the next game
/// ([`super::words::takeaway`]): how many cost Maker moves, how many of those were forced blocks
/// of a finish (right in general, [`ReviewedMove::forced`]), the moves that left a finish open,
/// how Maker won, and the costliest mistake with the reply that would have held.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Takeaway {
    pub costly: usize,
    pub blocked: usize,
    /// The moves that left a finishing cell open ([`ReviewedMove::left_open`]), costly or not.
    pub left_open: usize,
    /// The game's first double threat, which won it ([`first_double_threat`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub won_by: Option<WonBy>,
    /// The mistake that lost the most (the first of them), with a reply on the board that would
    /// have kept more; `None` without one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub costliest: Option<Costliest>,
}

/// A game's costliest mistake: Breaker's move `number` (1-based, as the stones count) at
/// `played`, which let Maker win `lost` moves sooner, where `best` would have kept Maker's count
/// at `keeps` (the lesson's best reply, or the better block of a double threat). `as_costly`:
/// the later mistakes that lost as many (newcomer #68 was told of move 2's -5, not of move 3's).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Costliest {
    pub number: usize,
    #[serde(serialize_with = "as_pair")]
    pub played: Cell,
    pub lost: u32,
    #[serde(serialize_with = "as_pair")]
    pub best: Cell,
    pub keeps: u32,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub as_costly: Vec<usize>,
}

/// A cell as the command line's JSON writes every cell: `[x, y]`.
fn as_pair<S: serde::Serializer>(cell: &Cell, serializer: S) -> Result<S::Ok, S::Error> {
    serde::Serialize::serialize(&[cell.x, cell.y], serializer)
}

/// A game's first double threat: Maker's move number and how its Snakies lay.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct WonBy {
    pub move_number: u32,
    pub shape: DoubleShape,
}

/// The first Maker move of `game` after which two or more free cells each finished a Snaky (on
/// the game's own board), with how they lay; `None` if Maker never made one (it completed after
/// a single threat was left open, or has not won).
pub fn first_double_threat(game: &Game) -> Option<WonBy> {
    let (maker, breaker) = (game.maker_cells(), game.breaker_cells());
    (0..maker.len()).find_map(|k| {
        let threats = threats::threats(&maker[..=k], &breaker[..k.min(breaker.len())]);
        let shape = threats.double_shape()?;
        Some(WonBy { move_number: k as u32 + 1, shape })
    })
}

impl Takeaway {
    /// The costly moves that did not block a finish: the player's mistakes.
    pub const fn mistakes(&self) -> usize {
        self.costly - self.blocked
    }
}

/// The [`Takeaway`] of `game`, whose lesson is `review`.
pub fn takeaway(game: &Game, review: &Review) -> Takeaway {
    let won_by = if game.won() { first_double_threat(game) } else { None };
    let mut takeaway = Takeaway { left_open: review.left_open(), won_by, ..Takeaway::default() };
    for (index, reviewed) in review.moves.iter().enumerate().filter(|(_, m)| m.lost > 0) {
        takeaway.costly += 1;
        if reviewed.forced() {
            takeaway.blocked += 1;
            continue;
        }
        if let Some(costliest) = takeaway.costliest.as_mut().filter(|c| c.lost >= reviewed.lost) {
            if costliest.lost == reviewed.lost {
                costliest.as_costly.push(index + 1);
            }
            continue;
        }
        if let Some(best) = better_reply(game, index, reviewed) {
            let (played, lost, keeps) = (reviewed.breaker, reviewed.lost, reviewed.kept);
            let as_costly = Vec::new();
            takeaway.costliest = Some(Costliest { number: index + 1, played, lost, best, keeps, as_costly });
        }
    }
    takeaway
}

/// Whether Breaker's move `index` of `game` cost Maker moves and its lesson's best reply keeps
/// more only against this Maker's order ([`Why::for_this_order_only`]; two lines played out).
pub fn is_order_only(game: &Game, index: usize) -> bool {
    why(game, index).is_some_and(|why| why.for_this_order_only().is_some())
}

/// The reply on the board a lesson offers instead of Breaker's costly move `index` of `game`:
/// the better block of a double threat ([`better_block`]), else the best reply
/// ([`best_reply_cell`]); `None` for a move that cost nothing, and where only a reply far away
/// kept more.
pub fn better_reply(game: &Game, index: usize, reviewed: &ReviewedMove) -> Option<Cell> {
    if reviewed.lost == 0 {
        return None;
    }
    let before = game.prefix(self::before(index));
    better_block(&before, reviewed).or_else(|| best_reply_cell(&before, &reviewed.best))
}

/// Whether Breaker's move `index` of `game` took a free cell that would have finished a Snaky
/// for Maker (SPEC §2.3's finishing cell, before the move).
pub fn blocked_a_finish(game: &Game, index: usize) -> bool {
    let Some(&breaker) = game.breaker_cells().get(index) else { return false };
    let before = game.prefix(self::before(index));
    threats::threats(before.maker_cells(), before.breaker_cells()).cells.contains(&breaker)
}

/// Maker's plan against the perfect Breaker from `game` (Maker to move), until Maker completes a
/// Snaky; an empty line if it is not Maker's turn.
pub fn line(game: &Game) -> Line {
    let guarantee = game.guarantee();
    let open = threats::threats(game.maker_cells(), game.breaker_cells());
    let mut game = game.clone();
    // Blocks first: a line leaves a finish open only where no block lasts as long (newcomer #96
    // was taught to leave double threats open by lines that left finishes a block would have kept).
    let mut breaker = ComputerBreaker::new(BreakerKind::Perfect, LINE_SEED).blocking_first();
    let mut steps = Vec::new();
    let mut completed = None;
    // The finishing cells free before Maker's next move: a Breaker reply makes none, so they are
    // those after Maker's last move less the reply.
    let mut finishing = open.cells.clone();
    while steps.len() < MAX_LINE_MOVES {
        // The plan's cell for this move, before Maker plays it.
        let planned = game.claim().pivot;
        let Ok(maker) = game.maker_move() else { break };
        let off_plan = maker != planned;
        let move_number = game.maker_cells().len() as u32;
        if let Some(snaky) = game.winning_copy() {
            let step = LineStep {
                move_number,
                maker,
                threats: Threats::default(),
                breaker: None,
                passed: None,
                off_plan: false,
            };
            steps.push(step);
            completed = Some(Completion { move_number, cell: maker, snaky });
            break;
        }
        let passed = finishing.first().copied();
        let threats = threats::threats(game.maker_cells(), game.breaker_cells());
        let reply = breaker.choose(&game).filter(|&cell| game.breaker_move(cell).is_ok());
        finishing = threats.cells.iter().copied().filter(|&c| Some(c) != reply).collect();
        steps.push(LineStep { move_number, maker, threats, breaker: reply, passed, off_plan });
        if reply.is_none() {
            break;
        }
    }
    let turning_point = turning_point(&steps);
    Line { guarantee, open, steps, completed, turning_point }
}

/// The single threats up to the first double threat, and that double threat.
fn turning_point(steps: &[LineStep]) -> TurningPoint {
    let mut point = TurningPoint::default();
    for step in steps {
        match step.threats.kind {
            ThreatKind::None => {}
            ThreatKind::Threat => {
                let cell = step.threats.cells[0];
                let answered = step.breaker == Some(cell);
                point.threats.push(ForcedReply {
                    move_number: step.move_number,
                    maker: step.maker,
                    cell,
                    answered,
                });
            }
            ThreatKind::DoubleThreat => {
                let cells = step.threats.cells.clone();
                let shape = step.threats.double_shape().unwrap_or_default();
                point.double_threat =
                    Some(DoubleThreat { move_number: step.move_number, maker: step.maker, cells, shape });
                break;
            }
        }
    }
    point
}
