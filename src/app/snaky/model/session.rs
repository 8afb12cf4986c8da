//! The game on the Snaky screen as plain data: the session (the game, the reviewed position,
//! notices, blind mode), [`Session::apply`], which decides what each input does and says what
//! happened, and [`Session::mode`], which says what the screen is doing. No queries: the systems
//! in `screen.rs` only read inputs, carry out the returned [`Effect`]s, pass the [`Outcome`]s on
//! and put the screen in the [`SnakyMode`].

use std::sync::Arc;

use bevy::prelude::{Message, Resource, SubStates};

pub use super::assist::Assist;
use super::lesson::Lesson;
use super::outcome::Outcome;
use super::overlays::{self, Overlays};
use super::watch::Watch;
use crate::app::Screen;
use crate::app::i18n::{self, T, snaky as text};
use crate::save::Language;
use crate::snaky::{
    self, Breaker, BreakerKind, Cards, Cell, CertificateError, Game, Maker, MoveError, Player, RecordError,
    Symmetry, parse_moves,
};

/// What the player asks for on the Snaky screen (from clicks, keys, or tests).
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub enum SnakyInput {
    /// Claim this cell as Breaker; Maker answers at once.
    Claim(Cell),
    /// Claim a free cell far outside the frame.
    FarAway,
    /// Take back Breaker's last move and Maker's reply.
    Undo,
    Restart,
    /// Start reviewing, or leave review.
    ToggleReview,
    /// Step the reviewed position by this many moves.
    ReviewStep(i32),
    ReviewFirst,
    ReviewLast,
    /// Continue the game from the reviewed position (later moves are dropped).
    ResumeHere,
    ToggleOverlay(overlays::Layer),
    /// Step the lines of Maker's Snakies short: two short, two and three short, none
    /// ([`Overlays::step_shapes`]).
    ToggleShapes,
    /// Hand the game to a computer Breaker (it starts playing).
    Hand(BreakerKind),
    /// One computer Breaker move (and Maker's reply).
    Step,
    /// Run or pause the computer Breaker.
    RunPause,
    Faster,
    Slower,
    /// Take the game back from the computer Breaker.
    TakeOver,
    CopyRecord,
    PasteRecord,
    /// Replace the game by this record of Breaker moves.
    LoadRecord(String),
    /// Play against this Maker (a new game); the choice is saved.
    ChooseMaker(Maker),
    /// Switch to the next Maker, round (21, 20, 19).
    OtherMaker,
    /// Blind mode on or off (a new game either way, so the score is honest).
    ToggleBlind,
    /// Open the card browser on the active card.
    BrowseCard,
    /// Show or hide the glass box: the Analysis page of the panel and the board's overlays.
    ToggleAnalysis,
    /// Show the glass box (true) or the calm page (false).
    ShowAnalysis(bool),
    /// Open the primer ("How to play").
    HowToPlay,
    /// Change sides: Snaky as Maker, against a computer Breaker.
    PlayAsMaker,
    /// Practise the finished game's costly moves on turned boards.
    Practice,
    /// Open the lesson on the player's move with this index (0-based): the position before it,
    /// why it cost what it did, and its line.
    LessonMove(usize),
    /// The lesson on the player's previous (-1) or next (+1) move.
    LessonNeighbour(i32),
    /// The lesson on the player's costliest move (the first on a tie; the first move if none
    /// cost): the keyboard's way in.
    LessonCostliest,
    /// Step the lesson's line by this many moves.
    LineStep(i32),
    /// The lesson's line from its start (false) or at its end (true).
    LineEnd(bool),
    /// Play the other line: the one after the move played, or after the best reply.
    SwitchLine,
    /// Close the lesson (back to reviewing the position before the move).
    CloseLesson,
    Back,
}

/// What the Snaky screen is doing, a sub-state of [`Screen::Snaky`]: its systems run in one
/// mode or another (`run_if(in_state(SnakyMode::Review))`) instead of checking flags.
#[derive(SubStates, Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[source(Screen = Screen::Snaky)]
pub enum SnakyMode {
    /// The player holds the game (a paused computer Breaker may be waiting for Run, N or T).
    #[default]
    Play,
    /// An earlier position is shown: arrows step through the game, Enter resumes from it.
    Review,
    /// A computer Breaker is running; clicks are refused until Pause or Take over.
    Watch,
    /// The lesson on one of the player's moves: arrows play its line on the board.
    Lesson,
}

/// What an input did: what it asks of the world outside the session, and what happened to the
/// game, in order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Applied {
    pub effect: Option<Effect>,
    pub outcomes: Vec<Outcome>,
}

/// What an input asks of the world outside the session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Effect {
    Go(Screen),
    CopyRecord,
    PasteRecord,
    /// The player chose this Maker: save it.
    SaveMaker(Maker),
    BrowseCard {
        maker: Maker,
        card: u32,
    },
    /// Open practice on the game's boards, or say why not (the screen builds them:
    /// `PracticeSession::of`, once Maker has won).
    Practice,
}

/// A line under the info panel: what just happened, or why something was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notice {
    pub said: Said,
    pub kind: NoticeKind,
}

/// What a notice says, kept as what happened rather than as text, so that it is shown in the
/// language in use, whenever it is shown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Said {
    Fixed(T),
    /// A click while a computer Breaker plays.
    WatchingRefusal,
    /// A click while reviewing.
    ReviewingRefusal,
    /// The player's move, refused.
    MoveRefused(MoveError),
    /// A computer Breaker's move, refused (never expected).
    MoveError(MoveError),
    BlindToggled(bool),
    /// The end of a game the player held: Maker moves held out and the best kept.
    GameResult {
        maker: Maker,
        moves: usize,
        best: u32,
        blind: bool,
        /// What first helped the player, if anything: then `best` is the unassisted best.
        assisted: Option<Assist>,
        /// What the lesson makes of the game's end: where to look next.
        ended: crate::snaky::review::Ended,
        /// What the player's mistakes gave away: their score is par less this.
        mistakes: u32,
        /// How many of the player's moves kept par, and in their last game here.
        kept_par: (usize, Option<usize>),
    },
    /// The player's move just let Maker win `lost` moves sooner; `better`: the reply on the board
    /// the lesson will offer instead, and the count it keeps.
    Costly {
        /// The move: its number among the player's moves (from 1) and its cell.
        played: (usize, Cell),
        lost: u32,
        better: Option<(Cell, u32)>,
        /// The move took a cell that would have finished a Snaky (a forced block, not a mistake).
        blocked: Option<Cell>,
    },
    /// The player's move left these finishing cells open (none of them taken).
    LeftOpen(Vec<Cell>),
    /// A computer Breaker took the game.
    Handed(BreakerKind),
    /// A switch that would end the game in progress waits for the same input again.
    ConfirmNewGame {
        blind: Option<bool>,
        maker: Option<Maker>,
    },
    MakerChosen(Maker),
    CertificateError(CertificateError),
    RecordError(RecordError),
    /// A record loaded: its Breaker moves, and whether the game it replaced was turned (a record
    /// plays in the paper's orientation, so the board turns back).
    RecordLoaded {
        moves: usize,
        turned_back: bool,
    },
    /// The record copied; `turned`: this game's plan was turned, and the record is written turned
    /// back (as every record is).
    RecordCopied {
        record: String,
        turned: bool,
    },
    /// No clipboard: the record is shown to copy by hand.
    RecordNotCopied {
        record: String,
        turned: bool,
    },
    /// A new game whose Maker plays the last game's plan turned this way about its opening:
    /// what a player who replays the last game's replies needs (newcomer #81 read "a quarter
    /// turn" against the paper's orientation, which no player sees, as against the last game).
    TurnedSinceLast(Symmetry),
    /// Two notices at once, the first first (a new Maker or blind mode, and the new game's turn).
    Both(Box<Said>, Box<Said>),
    ClipboardError(String),
    RecordFileError {
        path: String,
        error: String,
    },
    /// Practice asked for before Maker has won.
    PracticeAfterTheGame,
    /// Practice asked for, and no move of the game cost Maker moves where a reply on the board held.
    /// No practice board; the costly moves left out, with why ([`crate::snaky::practice::left_out`]).
    NothingToPractise(Vec<(usize, crate::snaky::practice::LeftOut)>),
}

impl Said {
    pub fn text(&self, lang: Language) -> String {
        match self {
            Self::Fixed(key) => key.get(lang).to_string(),
            Self::WatchingRefusal => text::watching_refusal(lang),
            Self::ReviewingRefusal => text::reviewing_refusal(lang),
            Self::MoveRefused(error) => {
                format!("{}: {}", T::Refused.get(lang), text::move_error(lang, error))
            }
            Self::MoveError(error) => text::move_error(lang, error),
            Self::BlindToggled(blind) => text::blind_toggled(lang, *blind),
            Self::GameResult { maker, moves, best, blind, assisted, ended, mistakes, kept_par } => {
                text::game_result(
                    lang, *maker, *moves, *best, *blind, *assisted, *ended, *mistakes, *kept_par,
                )
            }
            Self::Costly { played, lost, better, blocked } => {
                text::costly_now(lang, *played, *lost, *better, *blocked)
            }
            Self::LeftOpen(cells) => text::left_open(lang, cells),
            Self::Handed(kind) => text::handed(lang, *kind),
            Self::ConfirmNewGame { blind, maker } => text::confirm_new_game(lang, *blind, *maker),
            Self::MakerChosen(maker) => text::maker_chosen(lang, *maker),
            Self::CertificateError(error) => i18n::checks::certificate_error(lang, error),
            Self::RecordError(error) => text::record_error(lang, error),
            Self::RecordLoaded { moves, turned_back } => text::record_loaded(lang, *moves, *turned_back),
            Self::RecordCopied { record, turned } => text::record_copied(lang, record, *turned),
            Self::RecordNotCopied { record, turned } => {
                format!("{} {}", T::ClipboardMissing.get(lang), text::record_copied(lang, record, *turned))
            }
            Self::TurnedSinceLast(turn) => text::turned_since_last(lang, *turn, true),
            // The turn after another notice, in a few words: the two fit the notice's room.
            Self::Both(first, then) => {
                let then = match **then {
                    Self::TurnedSinceLast(turn) => text::turned_since_last(lang, turn, false),
                    _ => then.text(lang),
                };
                // Japanese sentences follow one another without a space.
                let gap = if lang == Language::Japanese { "" } else { " " };
                format!("{}{gap}{then}", first.text(lang))
            }
            Self::ClipboardError(error) => text::clipboard_error(lang, error),
            Self::RecordFileError { path, error } => text::record_file_error(lang, path, error),
            Self::PracticeAfterTheGame => i18n::practice::after_the_game(lang).to_string(),
            // And why each costly move is not a board (newcomer #99 read "nothing to practise"
            // beside a lesson whose move was "not clearly a mistake").
            Self::NothingToPractise(left) => match i18n::practice::left_out(lang, left) {
                Some(why) => format!(
                    "{}{}{why}",
                    i18n::practice::nothing(lang),
                    if lang == Language::English { " " } else { "" }
                ),
                None => i18n::practice::nothing(lang).to_string(),
            },
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoticeKind {
    Info,
    Good,
    Refused,
}

/// The game on the Snaky screen, and the position being shown.
#[derive(Resource, Debug, Clone)]
pub struct Session {
    /// Whose certificate Maker plays.
    pub maker: Maker,
    game: Game,
    /// While reviewing: how many moves (of both players) are shown.
    review: Option<usize>,
    /// The position on screen: the game, or the reviewed prefix of it.
    shown: Game,
    pub notice: Option<Notice>,
    /// The finished game's result ("You held out 10 Maker moves …"), said again whenever no other
    /// notice is: opening and closing the lesson or practice cleared it, and the panel moved up
    /// under the pointer (newcomer #46 missed a Maker button so).
    result: Option<Notice>,
    /// Hand-offs so far: each computer Breaker gets its own seed.
    pub handoffs: u64,
    /// New games begun on this screen before this one: each turns Maker's plan its own way
    /// ([`turn_of_game`]), so a line learnt by heart does not carry over.
    games: u32,
    /// Blind mode: overlays, guarantee and card hidden until Maker wins.
    pub blind: bool,
    /// How many of the player's moves kept par in the last game they finished on this screen
    /// against this Maker ([`crate::snaky::review::Review::kept_par`]): the result compares.
    pub last_kept_par: Option<usize>,
    /// This game's score has been recorded.
    scored: bool,
    /// What helped the player in this game, in the order first used.
    assists: Vec<Assist>,
    /// A switch that ends the game in progress, asked once and waiting for the same input again.
    pending: Option<SnakyInput>,
    /// The lesson open on one of the player's moves (while reviewing the position before it).
    lesson: Option<Lesson>,
    /// Where the screen was when the lesson opened (the reviewed position, or `None`: the game),
    /// for Esc to go back to (newcomer #33 needed a second Esc to see the end of the game again).
    before_lesson: Option<Option<usize>>,
}

impl Session {
    /// The game after `games` others on this screen, Maker's plan turned as [`turn_of_game`]
    /// says.
    fn numbered(maker: Maker, cards: Arc<Cards>, games: u32) -> Self {
        let game = Game::started_turned(cards, turn_of_game(games));
        Self {
            maker,
            shown: game.clone(),
            game,
            review: None,
            notice: None,
            result: None,
            handoffs: 0,
            games,
            blind: false,
            last_kept_par: None,
            scored: false,
            pending: None,
            lesson: None,
            before_lesson: None,
            assists: Vec::new(),
        }
    }

    /// The game as played so far (not the reviewed position).
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The position on screen.
    pub fn shown(&self) -> &Game {
        &self.shown
    }

    pub fn reviewing(&self) -> Option<usize> {
        self.review
    }

    /// What helped the player in this game, in the order first used (empty: the player's own).
    pub fn assists(&self) -> &[Assist] {
        &self.assists
    }

    fn assisted(&mut self, assist: Assist) {
        if !self.assists.contains(&assist) {
            self.assists.push(assist);
        }
    }

    /// Whether the lesson's moves are offered: after the game, or while reviewing it (in blind
    /// mode only after the game, which keeps the guarantee hidden until the end).
    pub fn lesson_offered(&self) -> bool {
        (self.game.won() || self.review.is_some()) && (!self.blind || self.game.won())
    }

    /// The lesson open, if any.
    pub fn lesson(&self) -> Option<&Lesson> {
        self.lesson.as_ref()
    }

    /// Opens the lesson on the player's move `index` (0-based), at the position before it; a move
    /// the game does not have changes nothing.
    pub fn open_lesson(&mut self, index: usize) {
        if index >= self.game.breaker_cells().len() {
            return;
        }
        if self.lesson.is_none() {
            self.before_lesson = Some(self.review);
        }
        self.review_at(crate::snaky::review::before(index));
        self.lesson = Some(Lesson::new(&self.game, index));
    }

    /// Steps the open lesson's line by `delta` moves.
    pub fn step_line(&mut self, delta: i32) {
        self.in_lesson(|lesson| lesson.step_by(delta));
    }

    /// Plays the lesson's other line, from the same place: the move itself, or its start.
    pub fn switch_line(&mut self) {
        self.in_lesson(|lesson| {
            if lesson.has_best_line() {
                lesson.choice = lesson.choice.other();
                lesson.step = lesson.step.min(1);
            }
        });
    }

    /// Changes the open lesson and shows its position.
    fn in_lesson(&mut self, change: impl FnOnce(&mut Lesson)) {
        let Some(lesson) = self.lesson.as_mut() else { return };
        change(lesson);
        let before = self.game.prefix(crate::snaky::review::before(lesson.index));
        self.shown = lesson.position(&before);
    }

    /// Closes the lesson: the position before its move is shown again, still reviewing.
    /// Closes the lesson, staying on the position before its move (the input that closed it, such
    /// as "play again from before this move", acts there).
    fn close_lesson(&mut self) {
        if self.lesson.take().is_some()
            && let Some(at) = self.review
        {
            self.shown = self.game.prefix(at);
        }
    }

    /// Esc on a lesson: back to where the screen was when it opened, the game or the position
    /// reviewed.
    fn back_from_lesson(&mut self) {
        if self.lesson.is_none() {
            return;
        }
        match self.before_lesson.take() {
            Some(None) => self.stop_review(),
            Some(Some(at)) => self.review_at(at),
            None => self.close_lesson(),
        }
    }

    /// What the screen is doing: reviewing, watching a running computer Breaker, or playing.
    pub fn mode(&self, watch: &Watch) -> SnakyMode {
        if self.lesson.is_some() {
            SnakyMode::Lesson
        } else if self.review.is_some() {
            SnakyMode::Review
        } else if watch.running && watch.breaker.is_some() {
            SnakyMode::Watch
        } else {
            SnakyMode::Play
        }
    }

    fn cards(&self) -> Arc<Cards> {
        Arc::clone(self.game.cards())
    }

    /// Breaker's move and Maker's immediate answer, told as they happened: each stone, the
    /// guarantee it moved, Maker's win.
    pub fn claim(&mut self, cell: Cell) -> Result<Vec<Outcome>, MoveError> {
        let mut happened = Vec::new();
        let guarantee = self.game.guarantee();
        // Taking a finishing cell is a forced block: said with the stone (SPEC §2.3's finishing
        // cells, before the move) — unless it is the lesser block of a double threat, as the
        // review counts it ([`snaky::review::lesser_block`]): then its fall is a cost.
        let finishing = snaky::threats::threats(self.game.maker_cells(), self.game.breaker_cells()).cells;
        let blocked = finishing.contains(&cell) && !snaky::review::lesser_block(&self.game, cell);
        self.game.breaker_move(cell)?;
        let guarantee = self.placed(Player::Breaker, cell, blocked, guarantee, &mut happened);
        let answer = self.game.maker_move()?;
        self.placed(Player::Maker, answer, false, guarantee, &mut happened);
        self.shown = self.game.clone();
        Ok(happened)
    }

    /// Tells the stone just played (and, `blocked`, that it took a finishing cell), the guarantee
    /// it moved from `before`, and Maker's win; returns the guarantee now.
    fn placed(
        &self,
        player: Player,
        cell: Cell,
        blocked: bool,
        before: u32,
        happened: &mut Vec<Outcome>,
    ) -> u32 {
        happened.push(Outcome::Placed { player, cell, number: self.game.moves().len() });
        if blocked {
            happened.push(Outcome::BlockedFinish(cell));
        }
        let guarantee = self.game.guarantee();
        if guarantee != before {
            happened.push(Outcome::Guarantee { from: before, to: guarantee });
        }
        if player == Player::Maker && !self.game.won() {
            let kind = snaky::threats::threats(self.game.maker_cells(), self.game.breaker_cells()).kind;
            if kind != snaky::ThreatKind::None {
                happened.push(Outcome::Threats { kind });
            }
        }
        happened.extend(self.maker_won());
        guarantee
    }

    /// Maker's win, once Maker has completed its Snaky.
    fn maker_won(&self) -> Option<Outcome> {
        self.game.won().then(|| Outcome::MakerWon { maker_moves: self.game.maker_cells().len() as u32 })
    }

    /// One computer Breaker move and Maker's answer; stops the watch when Maker has won.
    pub fn computer_move(&mut self, watch: &mut Watch) -> Vec<Outcome> {
        let Some(breaker) = watch.breaker.as_mut() else { return Vec::new() };
        let happened = match breaker.choose(self.game()).map(|cell| self.claim(cell)) {
            None => Vec::new(),
            Some(Ok(happened)) => {
                self.assisted(Assist::Computer);
                happened
            }
            Some(Err(error)) => {
                // The engine's Breakers only offer free cells; say so if one ever did not.
                watch.running = false;
                self.tell(NoticeKind::Refused, Said::MoveError(error));
                return Vec::new();
            }
        };
        if self.game.won() {
            // The result banner and the par line credit the computer Breaker; its "plays now"
            // notice is over.
            watch.running = false;
            self.notice = None;
        }
        watch.schedule_next_move();
        happened
    }

    /// Replaces the game by the one these Breaker moves lead to.
    pub fn load(&mut self, breaker_moves: &[Cell]) -> Result<(), RecordError> {
        self.game = snaky::replay(self.cards(), breaker_moves)?;
        self.assists = vec![Assist::Record];
        self.review = None;
        self.shown = self.game.clone();
        Ok(())
    }

    /// Replaces the game by a record (`x,y x,y …`, Breaker's moves); a bad record changes nothing
    /// and names its bad move. A record Maker has won tells the win (its stones are not played one
    /// by one).
    pub fn load_record(&mut self, watch: &mut Watch, record: &str) -> Vec<Outcome> {
        let turned_back = self.turn() != Symmetry::IDENTITY;
        let result = parse_moves(record).and_then(|moves| {
            let count = moves.len();
            self.load(&moves).map(|()| count)
        });
        match result {
            Ok(count) => {
                watch.take_over();
                self.tell(NoticeKind::Good, Said::RecordLoaded { moves: count, turned_back });
                self.maker_won().into_iter().collect()
            }
            Err(error) => {
                self.tell(NoticeKind::Refused, Said::RecordError(error));
                Vec::new()
            }
        }
    }

    pub fn undo(&mut self) -> bool {
        let undone = self.game.undo();
        if undone {
            self.assisted(Assist::Undo);
            // A lost game taken back goes on: its new end is told (and kept apart) in turn.
            self.scored &= self.game.won();
        }
        self.review = None;
        self.shown = self.game.clone();
        undone
    }

    /// A new game against the same Maker, its plan turned anew (told when it is turned).
    pub fn restart(&mut self) {
        let cards = self.cards();
        self.begin(self.maker, cards);
    }

    /// The next game on this screen, against `maker`: its plan turned as [`turn_of_game`] says.
    fn begin(&mut self, maker: Maker, cards: Arc<Cards>) {
        let last = self.game.turn();
        *self = Self {
            handoffs: self.handoffs,
            blind: self.blind,
            last_kept_par: self.last_kept_par.filter(|_| maker == self.maker),
            ..Self::numbered(maker, cards, self.games + 1)
        };
        self.tell(NoticeKind::Info, Said::TurnedSinceLast(self.since_last(last)));
    }

    /// This game's plan against the last game's (turned `last`): the turn that takes the last
    /// game's cells to this one's, about Maker's opening.
    fn since_last(&self, last: Symmetry) -> Symmetry {
        self.game.turn().compose(last.inverse())
    }

    /// How this game's plan is turned about Maker's opening.
    pub fn turn(&self) -> Symmetry {
        self.game.turn()
    }

    /// Shows the first `moves` moves (at least Maker's opening, at most the whole game).
    pub fn review_at(&mut self, moves: usize) {
        let total = self.game.moves().len();
        let moves = moves.clamp(1, total);
        self.lesson = None;
        self.review = Some(moves);
        self.shown = self.game.prefix(moves);
    }

    pub fn stop_review(&mut self) {
        self.lesson = None;
        self.review = None;
        self.shown = self.game.clone();
    }

    /// Continues from the reviewed position; Maker answers a reviewed Breaker move at once.
    pub fn resume_here(&mut self) {
        let Some(moves) = self.review else { return };
        self.game = self.game.resumed_at(moves);
        self.assisted(Assist::Resume);
        // Playing again from a lost game's review is a new ending, told as assisted.
        self.scored = self.game.won();
        self.stop_review();
    }

    /// The Maker moves of a game the player has just lost (once per game; not when a computer
    /// Breaker held it).
    pub fn finished_game(&mut self, computer: bool) -> Option<usize> {
        if self.scored || !self.game.won() || computer {
            return None;
        }
        self.scored = true;
        Some(self.game.maker_cells().len())
    }

    /// A game is in progress: the player has moved and Maker has not won yet.
    fn in_progress(&self) -> bool {
        !self.game.breaker_cells().is_empty() && !self.game.won()
    }

    /// Whether `input`, which ends the game in progress, may go ahead: the first time it only asks
    /// (the same input again confirms).
    fn confirmed(&mut self, input: &SnakyInput, pending: Option<SnakyInput>) -> bool {
        if !self.in_progress() || pending.as_ref() == Some(input) {
            return true;
        }
        let (blind, maker) = match input {
            SnakyInput::ChooseMaker(maker) => (None, Some(*maker)),
            _ => (Some(!self.blind), None),
        };
        self.pending = Some(input.clone());
        self.tell(NoticeKind::Info, Said::ConfirmNewGame { blind, maker });
        false
    }

    /// The lesson is told on the Play tab: opening one leaves the Analysis tab (newcomer #19 opened
    /// a lesson from it and saw no explanation).
    fn show_the_lesson(&self, overlays: &mut Overlays) {
        if self.lesson.is_some() {
            overlays.analysis = false;
        }
    }

    pub fn tell(&mut self, kind: NoticeKind, said: Said) {
        let notice = Notice { said, kind };
        if matches!(notice.said, Said::GameResult { .. }) {
            self.result = Some(notice.clone());
        }
        self.notice = Some(notice);
    }

    /// The notice on screen: the last one told, else the result of the game once Maker has won
    /// and the game itself is shown (an undone win says nothing of it; a review needs the room).
    pub fn notice_shown(&self) -> Option<&Notice> {
        let result = self.result.as_ref().filter(|_| self.game.won() && self.review.is_none());
        self.notice.as_ref().or(result)
    }

    /// Tells `said` about a game just begun, and its turn when it is turned (that notice would
    /// be lost under this one).
    fn tell_with_turn(&mut self, said: Said, last: Symmetry) {
        let turn = self.since_last(last);
        self.tell(NoticeKind::Info, Said::Both(Box::new(said), Box::new(Said::TurnedSinceLast(turn))));
    }
}

impl Session {
    /// Applies one input to the session, the computer Breaker and the overlays: what it asks of
    /// the world outside, and what happened to the game.
    pub fn apply(&mut self, input: &SnakyInput, watch: &mut Watch, overlays: &mut Overlays) -> Applied {
        let mut outcomes = Vec::new();
        let effect = self.act(input, watch, overlays, &mut outcomes);
        Applied { effect, outcomes }
    }

    fn act(
        &mut self,
        input: &SnakyInput,
        watch: &mut Watch,
        overlays: &mut Overlays,
        happened: &mut Vec<Outcome>,
    ) -> Option<Effect> {
        // A switch waiting for confirmation is dropped by any other input.
        let pending = self.pending.take();
        if !keeps_the_lesson(input) {
            self.close_lesson();
        }
        match input {
            SnakyInput::Claim(_) | SnakyInput::FarAway => {
                let cell = match input {
                    SnakyInput::Claim(cell) => Some(*cell),
                    _ => None,
                };
                match self.mode(watch) {
                    SnakyMode::Watch => {
                        happened.extend(cell.map(Outcome::Refused));
                        self.tell(NoticeKind::Refused, Said::WatchingRefusal);
                    }
                    SnakyMode::Review | SnakyMode::Lesson => {
                        happened.extend(cell.map(Outcome::Refused));
                        self.tell(NoticeKind::Refused, Said::ReviewingRefusal);
                    }
                    SnakyMode::Play => {
                        // Playing while a paused computer Breaker holds the game takes it back.
                        watch.take_over();
                        let cell = cell.unwrap_or_else(|| self.game.far_away_cell());
                        let placed = self.human_claim(cell);
                        if placed.iter().any(|o| matches!(o, Outcome::Placed { .. })) {
                            self.assisted_by(overlays);
                        }
                        happened.extend(placed);
                    }
                }
            }
            SnakyInput::Undo => {
                watch.pause();
                if self.undo() {
                    self.notice = None;
                } else {
                    self.tell(NoticeKind::Refused, Said::Fixed(T::NothingToUndo));
                }
            }
            SnakyInput::Restart => {
                watch.take_over();
                self.restart();
            }
            SnakyInput::ToggleReview => {
                if self.review.is_some() {
                    self.stop_review();
                } else {
                    watch.pause();
                    let total = self.game.moves().len();
                    self.review_at(total);
                }
                self.notice = None;
            }
            SnakyInput::ReviewStep(delta) => {
                watch.pause();
                let total = self.game.moves().len();
                let at = self.review.unwrap_or(total);
                self.review_at(at.saturating_add_signed(*delta as isize));
            }
            SnakyInput::ReviewFirst => {
                watch.pause();
                self.review_at(1);
            }
            SnakyInput::ReviewLast => {
                if self.review.is_some() {
                    let total = self.game.moves().len();
                    self.review_at(total);
                } else {
                    self.tell(NoticeKind::Info, Said::Fixed(T::AlreadyLive));
                }
            }
            SnakyInput::ResumeHere => {
                if self.review.is_some() {
                    watch.take_over();
                    self.resume_here();
                    self.notice = None;
                } else {
                    self.tell(NoticeKind::Info, Said::Fixed(T::AlreadyLive));
                }
            }
            SnakyInput::ToggleOverlay(layer) => {
                // An overlay key while the glass box is closed opens it with that overlay on.
                if overlays.analysis {
                    overlays.toggle(*layer);
                } else {
                    overlays.analysis = true;
                    overlays.show(*layer);
                }
            }
            SnakyInput::ToggleAnalysis => overlays.analysis = !overlays.analysis,
            // A fact of the board, as the finishing cells' rings are: no help.
            SnakyInput::ToggleShapes => overlays.step_shapes(),
            SnakyInput::ShowAnalysis(analysis) => overlays.analysis = *analysis,
            SnakyInput::HowToPlay => return Some(Effect::Go(Screen::SnakyLearn)),
            SnakyInput::PlayAsMaker => return Some(Effect::Go(Screen::SnakyMaker)),
            // Whether there is anything to practise, the screen decides (`open_practice`).
            SnakyInput::Practice => return Some(Effect::Practice),
            SnakyInput::LessonMove(index) => {
                watch.pause();
                self.open_lesson(*index);
                self.notice = None;
                self.show_the_lesson(overlays);
            }
            SnakyInput::LessonCostliest => {
                if self.lesson_offered() && !self.game.breaker_cells().is_empty() {
                    watch.pause();
                    let review = crate::snaky::review_game(&self.game);
                    self.open_lesson(review.lesson_start());
                    self.notice = None;
                    self.show_the_lesson(overlays);
                } else {
                    self.tell(NoticeKind::Info, Said::Fixed(T::LessonAfterGame));
                }
            }
            SnakyInput::LessonNeighbour(delta) => {
                let index = self.lesson.as_ref().map_or(0, |lesson| lesson.index);
                let later = *delta > 0;
                match crate::snaky::review_game(&self.game).costly_from(index, later) {
                    Some(costly) => self.open_lesson(costly),
                    None if later => self.tell(NoticeKind::Info, Said::Fixed(T::NoLaterCostly)),
                    None => self.tell(NoticeKind::Info, Said::Fixed(T::NoEarlierCostly)),
                }
            }
            SnakyInput::LineStep(delta) => {
                if self.lesson.as_ref().is_some_and(|lesson| lesson.why.is_none()) {
                    self.tell(NoticeKind::Info, Said::Fixed(T::NoLine));
                }
                self.step_line(*delta);
            }
            SnakyInput::LineEnd(end) => {
                self.in_lesson(|lesson| lesson.step = if *end { lesson.last_step() } else { 0 });
            }
            SnakyInput::SwitchLine => self.switch_line(),
            SnakyInput::CloseLesson => self.back_from_lesson(),
            // Not a game Maker has won: its result would be told as the computer's (newcomer #113
            // chose Perfect after a game and read "The Perfect Breaker held out 13 Maker moves").
            SnakyInput::Hand(_) if self.game().won() => {
                self.tell(NoticeKind::Refused, Said::Fixed(T::HandAfterEnd));
            }
            SnakyInput::Hand(kind) => {
                self.stop_review();
                self.handoffs += 1;
                watch.hand(*kind, self.handoffs);
                self.tell(NoticeKind::Info, Said::Handed(*kind));
            }
            SnakyInput::Step => {
                if watch.breaker.is_some() {
                    watch.running = false;
                    self.stop_review();
                    happened.extend(self.computer_move(watch));
                } else {
                    self.tell(NoticeKind::Refused, Said::Fixed(T::ChooseComputer));
                }
            }
            SnakyInput::RunPause => {
                if watch.breaker.is_some() {
                    watch.running = !watch.running;
                    if watch.running {
                        self.stop_review();
                    }
                } else {
                    self.tell(NoticeKind::Refused, Said::Fixed(T::ChooseComputer));
                }
            }
            SnakyInput::Faster => watch.faster(),
            SnakyInput::Slower => watch.slower(),
            SnakyInput::TakeOver => {
                watch.take_over();
                self.notice = None;
            }
            SnakyInput::CopyRecord => return Some(Effect::CopyRecord),
            SnakyInput::PasteRecord => return Some(Effect::PasteRecord),
            SnakyInput::LoadRecord(record) => happened.extend(self.load_record(watch, record)),
            SnakyInput::BrowseCard if self.blind && !self.game.won() => {
                self.tell(NoticeKind::Refused, Said::Fixed(T::BlindNoCards));
            }
            SnakyInput::BrowseCard => {
                if self.in_progress() {
                    self.assisted(Assist::Cards);
                }
                return Some(Effect::BrowseCard { maker: self.maker, card: self.shown().claim().card });
            }
            SnakyInput::ToggleBlind => {
                if !self.confirmed(input, pending) {
                    return None;
                }
                watch.take_over();
                let blind = !self.blind;
                let last = self.turn();
                self.restart();
                self.blind = blind;
                self.tell_with_turn(Said::BlindToggled(blind), last);
            }
            SnakyInput::ChooseMaker(_) | SnakyInput::OtherMaker => {
                let maker = match input {
                    SnakyInput::ChooseMaker(maker) => *maker,
                    _ => self.maker.next(),
                };
                if maker == self.maker {
                    return None;
                }
                if !self.confirmed(&SnakyInput::ChooseMaker(maker), pending) {
                    return None;
                }
                match maker.cards() {
                    Ok(cards) => {
                        watch.take_over();
                        self.begin(maker, cards);
                        // Another Maker's plan is another plan: its turn against the last game's
                        // says nothing a player can use.
                        self.tell(NoticeKind::Info, Said::MakerChosen(maker));
                        return Some(Effect::SaveMaker(maker));
                    }
                    Err(error) => self.tell(NoticeKind::Refused, Said::CertificateError(error)),
                }
            }
            SnakyInput::Back => return Some(Effect::Go(Screen::Menu)),
        }
        None
    }

    /// A move made with overlays shown was helped by them (blind mode shows none).
    fn assisted_by(&mut self, overlays: &Overlays) {
        if !overlays.analysis || self.blind {
            return;
        }
        if overlays.hint {
            self.assisted(Assist::Hint);
        }
        if overlays.heat {
            self.assisted(Assist::Heat);
        }
        if overlays.envelope || overlays.required || overlays.pivot {
            self.assisted(Assist::Cards);
        }
    }

    /// The moment the player's move costs (the game going on, the guarantee shown): by how much,
    /// and the reply the lesson will offer instead.
    fn tell_cost(&mut self) {
        if self.blind || self.game.won() || self.notice.is_some() {
            return;
        }
        let review = crate::snaky::review_game(&self.game);
        let Some(index) = review.moves.len().checked_sub(1) else { return };
        // A finishing cell left open is told first, costly or not: this Maker keeps its proof's
        // order, so the guarantee may not move, but any other Maker would complete there now
        // (newcomer #28 learnt to leave them open).
        if let Some(last) = review.moves.get(index).filter(|m| !m.left_open.is_empty()) {
            self.tell(NoticeKind::Refused, Said::LeftOpen(last.left_open.clone()));
            return;
        }
        let Some(last) = review.moves.get(index).filter(|m| m.lost > 0) else { return };
        let blocked = last.forced().then_some(last.breaker);
        let better = match blocked {
            Some(_) => None,
            None => crate::snaky::review::better_reply(&self.game, index, last).map(|cell| (cell, last.kept)),
        };
        // A reply that keeps more only because this Maker leaves a finish open after it is told
        // as any other here: the game is against this Maker, and its lesson says the rest
        // (newcomer #106 read the caveat in play as "good against this script").
        let said = Said::Costly { played: (index + 1, last.breaker), lost: last.lost, better, blocked };
        // A block of a finish was right in general: told calmly.
        let kind = if blocked.is_some() { NoticeKind::Info } else { NoticeKind::Refused };
        self.tell(kind, said);
    }

    fn human_claim(&mut self, cell: Cell) -> Vec<Outcome> {
        match self.claim(cell) {
            Ok(happened) => {
                self.notice = None;
                self.tell_cost();
                happened
            }
            Err(error) => {
                self.tell(NoticeKind::Refused, Said::MoveRefused(error));
                vec![Outcome::Refused(cell)]
            }
        }
    }
}

/// Whether the lesson stays open through `input`: its own inputs, the views and the glass box, and
/// claims (refused while it is open). Everything else closes it first.
fn keeps_the_lesson(input: &SnakyInput) -> bool {
    matches!(
        input,
        SnakyInput::Claim(_)
            | SnakyInput::FarAway
            | SnakyInput::CloseLesson
            | SnakyInput::LessonMove(_)
            | SnakyInput::LessonNeighbour(_)
            | SnakyInput::LessonCostliest
            | SnakyInput::LineStep(_)
            | SnakyInput::LineEnd(_)
            | SnakyInput::SwitchLine
            | SnakyInput::ToggleOverlay(_)
            | SnakyInput::ToggleShapes
            | SnakyInput::ToggleAnalysis
            | SnakyInput::ShowAnalysis(_)
            | SnakyInput::Faster
            | SnakyInput::Slower
            | SnakyInput::CopyRecord
            | SnakyInput::BrowseCard
            | SnakyInput::HowToPlay
            | SnakyInput::PlayAsMaker
            | SnakyInput::Practice
    )
}

/// The turn of Maker's plan in the game after `games` others on the screen: the first as in the
/// paper, then through [`Symmetry::TURN_ORDER`], and again.
pub fn turn_of_game(games: u32) -> Symmetry {
    Symmetry::TURN_ORDER[games as usize % Symmetry::TURN_ORDER.len()]
}

/// A new game against this Maker, or why its certificate cannot be played.
pub fn new_session(maker: Maker) -> Result<Session, CertificateError> {
    new_session_after(maker, 0)
}

/// [`new_session`] as the game after `games` others: its plan turned as [`turn_of_game`] says.
pub fn new_session_after(maker: Maker, games: u32) -> Result<Session, CertificateError> {
    maker.cards().map(|cards| Session::numbered(maker, cards, games))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session() -> (Session, Watch, Overlays) {
        (new_session(Maker::Paper).expect("the paper's certificate"), Watch::default(), Overlays::default())
    }

    fn apply(parts: &mut (Session, Watch, Overlays), input: SnakyInput) -> Option<Effect> {
        applied(parts, input).effect
    }

    fn happened(parts: &mut (Session, Watch, Overlays), input: SnakyInput) -> Vec<Outcome> {
        applied(parts, input).outcomes
    }

    fn applied(parts: &mut (Session, Watch, Overlays), input: SnakyInput) -> Applied {
        let (session, watch, overlays) = parts;
        session.apply(&input, watch, overlays)
    }

    #[test]
    fn a_notice_is_kept_as_what_happened_and_shown_in_the_language_in_use() {
        let mut parts = session();
        // Maker owns (8,8): the claim is refused.
        apply(&mut parts, SnakyInput::Claim(Cell::new(8, 8)));
        let notice = parts.0.notice.clone().expect("the refusal is told");
        assert_eq!(notice.said, Said::MoveRefused(MoveError::Occupied(Cell::new(8, 8))));
        let (ja, en) = (notice.said.text(Language::Japanese), notice.said.text(Language::English));
        assert!(en.starts_with(T::Refused.get(Language::English)), "{en}");
        assert!(ja.starts_with(T::Refused.get(Language::Japanese)), "{ja}");
    }

    #[test]
    fn each_new_game_turns_makers_plan_and_its_record_is_the_paper_orientation() {
        let mut parts = session();
        assert_eq!(parts.0.turn(), Symmetry::IDENTITY, "the first game is the paper's");
        let mut seen = std::collections::BTreeSet::from([0]);
        let mut last = Symmetry::IDENTITY;
        for _ in 1..8 {
            apply(&mut parts, SnakyInput::Restart);
            let turn = parts.0.turn();
            assert_ne!(turn, Symmetry::IDENTITY);
            // Told against the last game: the turn that takes its cells to this game's.
            let Some(Said::TurnedSinceLast(since)) = parts.0.notice.as_ref().map(|n| n.said.clone()) else {
                panic!("the turn is told: {:?}", parts.0.notice)
            };
            let (x, y) = last.apply(2, 1);
            assert_eq!(
                since.apply(x, y),
                turn.apply(2, 1),
                "the plan's cell (10,9) from the last game to this"
            );
            seen.insert(turn.digit());
            last = turn;
        }
        assert_eq!(seen.len(), 8, "eight new games turn the plan all eight ways");
        // The paper's worked line (SPEC §2.3), turned: (7,8) is answered by (8,7) and (8,6) by
        // (11,8), each turned about (8,8) by the matrix.
        let [a, b, c, d] = parts.0.turn().matrix().map(i32::from);
        let turned = |x: i32, y: i32| Cell::new(a * (x - 8) + b * (y - 8) + 8, c * (x - 8) + d * (y - 8) + 8);
        apply(&mut parts, SnakyInput::Claim(turned(7, 8)));
        apply(&mut parts, SnakyInput::Claim(turned(8, 6)));
        let moves: Vec<Cell> = parts.0.game().moves().iter().map(|m| m.cell).collect();
        assert_eq!(moves, [(8, 8), (7, 8), (8, 7), (8, 6), (11, 8)].map(|(x, y)| turned(x, y)));
        // Its record is written turned back, and loading it plays the paper's worked line.
        let record = crate::app::snaky::record::record_text(&parts.0);
        assert_eq!(record, "7,8 8,6");
        apply(&mut parts, SnakyInput::LoadRecord(record));
        let moves: Vec<(i32, i32)> = parts.0.game().moves().iter().map(|m| (m.cell.x, m.cell.y)).collect();
        assert_eq!(moves, [(8, 8), (7, 8), (8, 7), (8, 6), (11, 8)]);
    }

    #[test]
    fn choosing_another_maker_begins_a_new_game_turned_the_next_way() {
        let mut parts = session();
        apply(&mut parts, SnakyInput::ChooseMaker(Maker::Ours));
        assert_eq!(parts.0.maker, Maker::Ours);
        let turn = parts.0.turn();
        assert_ne!(turn, Symmetry::IDENTITY);
        // The Maker chosen is told, not its plan's turn against another Maker's.
        assert_eq!(parts.0.notice.as_ref().map(|n| &n.said), Some(&Said::MakerChosen(Maker::Ours)));
        apply(&mut parts, SnakyInput::ChooseMaker(Maker::Paper));
        assert_ne!(parts.0.turn(), turn);
        assert_ne!(parts.0.turn(), Symmetry::IDENTITY);
    }

    /// A new game's notice after a switch (blind mode) and its turn, every way, in both
    /// languages, fits the notice's three lines: 364 px of 14 px text, about 50 Latin letters or
    /// 26 kana and kanji a line (newcomer #46 saw a longer one run over the Maker buttons).
    #[test]
    fn a_switchs_notice_with_its_turn_fits_three_lines() {
        let ems = |text: &str| -> f32 { text.chars().map(|c| if c.is_ascii() { 0.52 } else { 1.0 }).sum() };
        let line_ems = 364.0 / 14.0;
        for first in [true, false].map(Said::BlindToggled) {
            for turn in Symmetry::ALL.into_iter().filter(|&t| t != Symmetry::IDENTITY) {
                for lang in [Language::English, Language::Japanese] {
                    let said =
                        Said::Both(Box::new(first.clone()), Box::new(Said::TurnedSinceLast(turn))).text(lang);
                    // Words wrap whole: a line's last word may leave a tenth of a line empty.
                    assert!(ems(&said) <= 3.0 * line_ems * 0.9, "{} ems: {said}", ems(&said));
                }
            }
        }
    }

    /// A new game's turn and the first claim's tip under it share the notice's four lines
    /// (newcomer #62 saw them overlap the Maker buttons), every turn, both languages.
    #[test]
    fn a_new_games_turn_and_the_first_claims_tip_fit_four_lines() {
        // A Latin letter of the 14 px font is 0.46 em on average (the screenshots: 56 letters in
        // 364 px), a little more here.
        let ems = |text: &str| -> f32 { text.chars().map(|c| if c.is_ascii() { 0.48 } else { 1.0 }).sum() };
        for turn in Symmetry::ALL.into_iter().filter(|&t| t != Symmetry::IDENTITY) {
            for lang in [Language::English, Language::Japanese] {
                // English wraps whole words: a line's last word may leave a tenth of it empty;
                // Japanese wraps between any two characters.
                let full = if lang == Language::English { 0.9 } else { 1.0 };
                let lines = |text: &str| (ems(text) / (364.0 / 14.0 * full)).ceil();
                let tip = text::first_claim_tip(lang, 12);
                let said = Said::TurnedSinceLast(turn).text(lang);
                assert!(lines(&said) + lines(&tip) <= 4.0, "{said}\n{tip}");
            }
        }
    }

    #[test]
    fn a_claim_plays_the_papers_worked_line() {
        let mut parts = session();
        assert_eq!(apply(&mut parts, SnakyInput::Claim(Cell::new(7, 8))), None);
        apply(&mut parts, SnakyInput::Claim(Cell::new(8, 6)));
        // SPEC §2.4: M (8,8), B (7,8), M (8,7), B (8,6), M (11,8).
        assert_eq!(parts.0.game().maker_cells(), [Cell::new(8, 8), Cell::new(8, 7), Cell::new(11, 8)]);
    }

    #[test]
    fn refusals_say_why_and_flash_the_cell() {
        let mut parts = session();
        apply(&mut parts, SnakyInput::Undo);
        assert_eq!(parts.0.notice.as_ref().map(|n| n.kind), Some(NoticeKind::Refused));
        let refused = happened(&mut parts, SnakyInput::Claim(Cell::new(8, 8)));
        assert_eq!(refused, [Outcome::Refused(Cell::new(8, 8))]);
        apply(&mut parts, SnakyInput::Hand(BreakerKind::Greedy));
        let refused = happened(&mut parts, SnakyInput::Claim(Cell::new(0, 0)));
        assert_eq!(refused, [Outcome::Refused(Cell::new(0, 0))], "a running computer Breaker holds the game");
        assert_eq!(parts.0.game().breaker_cells().len(), 0);
    }

    /// A finished game is not handed to a computer Breaker: its result would be told as the
    /// computer's (newcomer #113). The paper's Maker against the random near Breaker, seed 0.
    #[test]
    fn a_finished_game_is_not_handed_to_a_computer() {
        let mut parts = session();
        apply(&mut parts, SnakyInput::LoadRecord("9,9 8,7 9,10 4,8 11,10 9,5".to_string()));
        assert!(parts.0.game().won(), "Maker won that game");
        apply(&mut parts, SnakyInput::Hand(BreakerKind::Perfect));
        assert_eq!(parts.0.notice.as_ref().map(|n| n.kind), Some(NoticeKind::Refused));
        assert!(parts.1.breaker.is_none(), "no computer took the game");
    }

    #[test]
    fn review_and_resume_drop_the_later_moves() {
        let mut parts = session();
        for cell in [Cell::new(7, 8), Cell::new(8, 6), Cell::new(10, 8)] {
            apply(&mut parts, SnakyInput::Claim(cell));
        }
        apply(&mut parts, SnakyInput::ToggleReview);
        apply(&mut parts, SnakyInput::ReviewStep(-3));
        assert_eq!(parts.0.reviewing(), Some(4));
        assert_eq!(parts.0.shown().moves().len(), 4);
        apply(&mut parts, SnakyInput::ResumeHere);
        // The reviewed Breaker move (8,6) is answered at once: M B M B M.
        assert_eq!(parts.0.reviewing(), None);
        assert_eq!(parts.0.game().moves().len(), 5);
    }

    #[test]
    fn the_mode_follows_review_watch_and_take_over() {
        let mut parts = session();
        let mode = |parts: &(Session, Watch, Overlays)| parts.0.mode(&parts.1);
        assert_eq!(mode(&parts), SnakyMode::Play);
        apply(&mut parts, SnakyInput::Claim(Cell::new(7, 8)));
        apply(&mut parts, SnakyInput::ToggleReview);
        assert_eq!(mode(&parts), SnakyMode::Review);
        apply(&mut parts, SnakyInput::ResumeHere);
        assert_eq!(mode(&parts), SnakyMode::Play);
        apply(&mut parts, SnakyInput::Hand(BreakerKind::Greedy));
        assert_eq!(mode(&parts), SnakyMode::Watch);
        apply(&mut parts, SnakyInput::RunPause);
        assert_eq!(mode(&parts), SnakyMode::Play, "paused: the player may click to take over");
        apply(&mut parts, SnakyInput::RunPause);
        assert_eq!(mode(&parts), SnakyMode::Watch);
        apply(&mut parts, SnakyInput::ToggleReview);
        assert_eq!(mode(&parts), SnakyMode::Review, "reviewing pauses the computer Breaker");
        apply(&mut parts, SnakyInput::ToggleReview);
        assert_eq!(mode(&parts), SnakyMode::Play);
        apply(&mut parts, SnakyInput::RunPause);
        apply(&mut parts, SnakyInput::TakeOver);
        assert_eq!(mode(&parts), SnakyMode::Play);
        assert!(parts.1.breaker.is_none());
    }

    #[test]
    fn choosing_a_maker_starts_a_new_game_and_asks_to_save_it() {
        let mut parts = session();
        apply(&mut parts, SnakyInput::Claim(Cell::new(7, 8)));
        // A game is in progress: the first switch only asks, the same input again confirms.
        assert_eq!(apply(&mut parts, SnakyInput::OtherMaker), None);
        assert_eq!(parts.0.maker, Maker::Paper);
        assert_eq!(
            parts.0.notice.as_ref().map(|n| n.said.clone()),
            Some(Said::ConfirmNewGame { blind: None, maker: Some(Maker::Ours) })
        );
        assert_eq!(apply(&mut parts, SnakyInput::OtherMaker), Some(Effect::SaveMaker(Maker::Ours)));
        assert_eq!((parts.0.maker, parts.0.game().guarantee()), (Maker::Ours, 20));
        assert_eq!(apply(&mut parts, SnakyInput::ChooseMaker(Maker::Ours)), None, "already chosen");
        assert_eq!(apply(&mut parts, SnakyInput::Back), Some(Effect::Go(Screen::Menu)));
        assert_eq!(
            apply(&mut parts, SnakyInput::BrowseCard),
            Some(Effect::BrowseCard { maker: Maker::Ours, card: 803 })
        );
        // K goes round: 21, 20, 19, 21 (no game in progress, so no question).
        assert_eq!(apply(&mut parts, SnakyInput::OtherMaker), Some(Effect::SaveMaker(Maker::Ours19)));
        assert_eq!((parts.0.maker, parts.0.game().guarantee()), (Maker::Ours19, 19));
        assert_eq!(apply(&mut parts, SnakyInput::OtherMaker), Some(Effect::SaveMaker(Maker::Paper)));
        assert_eq!(parts.0.game().guarantee(), 21);
    }

    #[test]
    fn a_blind_game_is_scored_once_and_hides_the_cards() {
        let mut parts = session();
        apply(&mut parts, SnakyInput::ToggleBlind);
        assert!(parts.0.blind);
        assert_eq!(apply(&mut parts, SnakyInput::BrowseCard), None);
        assert_eq!(parts.0.notice.as_ref().map(|n| n.kind), Some(NoticeKind::Refused));
        let far = (0..40).map(|k| Cell::new(-100 - k, 50));
        for cell in far {
            if parts.0.game().won() {
                break;
            }
            apply(&mut parts, SnakyInput::Claim(cell));
        }
        let moves = parts.0.finished_game(false);
        assert!(moves.is_some_and(|m| (6..=21).contains(&m)));
        assert_eq!(parts.0.finished_game(false), None, "scored once");
    }

    /// Newcomer #8: playing again from a lost game's review ended without a word. The new ending
    /// is scored (the result is told, as assisted), once.
    #[test]
    fn a_lost_game_played_again_from_its_review_is_scored_again() {
        let mut parts = session();
        let far = |k: i32| Cell::new(-100 - k, 50);
        let mut k = 0;
        while !parts.0.game().won() {
            apply(&mut parts, SnakyInput::Claim(far(k)));
            k += 1;
        }
        assert!(parts.0.finished_game(false).is_some());
        apply(&mut parts, SnakyInput::ToggleReview);
        apply(&mut parts, SnakyInput::ReviewFirst);
        apply(&mut parts, SnakyInput::ResumeHere);
        assert!(!parts.0.game().won());
        assert_eq!(parts.0.finished_game(false), None, "the game goes on");
        while !parts.0.game().won() {
            apply(&mut parts, SnakyInput::Claim(far(k)));
            k += 1;
        }
        assert!(parts.0.finished_game(false).is_some(), "the new ending is scored");
        assert_eq!(parts.0.finished_game(false), None, "once");
        assert_eq!(parts.0.assists(), [Assist::Resume]);
    }

    #[test]
    fn switching_blind_mode_mid_game_asks_first_and_another_input_cancels() {
        let mut parts = session();
        apply(&mut parts, SnakyInput::Claim(Cell::new(7, 8)));
        apply(&mut parts, SnakyInput::ToggleBlind);
        assert!(!parts.0.blind && parts.0.game().breaker_cells().len() == 1, "only asked");
        apply(&mut parts, SnakyInput::ToggleOverlay(overlays::Layer::Heat));
        apply(&mut parts, SnakyInput::ToggleBlind);
        assert!(!parts.0.blind, "the overlay key dropped the first B: asked again");
        apply(&mut parts, SnakyInput::ToggleBlind);
        assert!(parts.0.blind && parts.0.game().breaker_cells().is_empty(), "confirmed: a new blind game");
        // With no game in progress a switch goes at once.
        apply(&mut parts, SnakyInput::ToggleBlind);
        assert!(!parts.0.blind);
    }

    #[test]
    fn an_overlay_key_opens_the_glass_box_with_that_overlay() {
        let mut parts = session();
        assert!(!parts.2.analysis, "calm at first");
        apply(&mut parts, SnakyInput::ToggleOverlay(overlays::Layer::Heat));
        assert!(parts.2.analysis && parts.2.heat);
        apply(&mut parts, SnakyInput::ToggleOverlay(overlays::Layer::Heat));
        assert!(parts.2.analysis && !parts.2.heat, "open: the key toggles");
        apply(&mut parts, SnakyInput::ToggleAnalysis);
        assert!(!parts.2.analysis);
    }

    /// What a claim should tell, read from the review engine (which replays the game by itself):
    /// Breaker's stone, the guarantee it cost, Maker's answer, the guarantee that answer moved.
    fn told_by_the_review(reviewed: &snaky::review::ReviewedMove, index: usize) -> Vec<Outcome> {
        let number = snaky::review::before(index) + 1;
        let mut told = vec![Outcome::Placed { player: Player::Breaker, cell: reviewed.breaker, number }];
        if reviewed.forced() {
            told.push(Outcome::BlockedFinish(reviewed.breaker));
        }
        let (before, after, answered) =
            (reviewed.guarantee_before, reviewed.guarantee_after, reviewed.guarantee_after_maker);
        if after != before {
            told.push(Outcome::Guarantee { from: before, to: after });
        }
        told.push(Outcome::Placed { player: Player::Maker, cell: reviewed.maker, number: number + 1 });
        if answered != after {
            told.push(Outcome::Guarantee { from: after, to: answered });
        }
        told
    }

    /// The threats after Maker's answer in the game `game` reached, counted by brute force: the
    /// free cells that complete one of every copy of Snaky through Maker's stones.
    fn threats_after(game: &Game) -> Option<Outcome> {
        let maker = game.maker_cells();
        let owned = |c: &Cell| maker.contains(c);
        let mut finishing: Vec<Cell> = Vec::new();
        for &stone in maker {
            for copy in snaky::shape::copies_through(stone) {
                let free: Vec<Cell> = copy.iter().copied().filter(|c| !owned(c)).collect();
                if let [cell] = free[..]
                    && game.is_free(cell)
                    && !finishing.contains(&cell)
                {
                    finishing.push(cell);
                }
            }
        }
        let kind = snaky::ThreatKind::of(finishing.len());
        (kind != snaky::ThreatKind::None && !game.won()).then_some(Outcome::Threats { kind })
    }

    #[test]
    fn the_papers_worked_line_tells_each_stone_with_its_number() {
        let mut parts = session();
        let told = happened(&mut parts, SnakyInput::Claim(Cell::new(7, 8)));
        // SPEC §2.4: M (8,8) is stone 1, B (7,8) stone 2, M (8,7) stone 3.
        let stones: Vec<_> = told.iter().filter(|o| matches!(o, Outcome::Placed { .. })).collect();
        assert_eq!(
            stones,
            [
                &Outcome::Placed { player: Player::Breaker, cell: Cell::new(7, 8), number: 2 },
                &Outcome::Placed { player: Player::Maker, cell: Cell::new(8, 7), number: 3 },
            ]
        );
    }

    #[test]
    fn a_breaker_move_that_lowers_the_guarantee_tells_from_and_to() {
        let mut parts = session();
        let far = Cell::new(-100, 50);
        let told = happened(&mut parts, SnakyInput::Claim(far));
        let cards = Maker::Paper.cards().expect("the paper's certificate");
        let lesson = snaky::review::review(cards, &[far]).expect("a free cell");
        let reviewed = &lesson.moves[0];
        // SPEC §2.3: the paper's Maker wins within 21 Maker moves.
        assert_eq!(reviewed.guarantee_before, 21);
        assert!(reviewed.lost > 0, "a move far away gives Maker a shorter plan");
        assert!(told.contains(&Outcome::Guarantee { from: 21, to: reviewed.guarantee_after }), "{told:?}");
        assert_eq!(told, told_by_the_review(reviewed, 0));
    }

    #[test]
    fn every_claim_tells_what_the_review_engine_sees_and_the_last_makers_win() {
        for (kind, seed) in [(BreakerKind::Mixed, 7), (BreakerKind::RandomNear, 3), (BreakerKind::Greedy, 0)]
        {
            let mut parts = session();
            let mut breaker = snaky::ComputerBreaker::new(kind, seed);
            let mut told = Vec::new();
            while !parts.0.game().won() {
                let cell = breaker.choose(parts.0.game()).expect("a free cell while the game is on");
                told.push(happened(&mut parts, SnakyInput::Claim(cell)));
            }
            let review = snaky::review_game(parts.0.game());
            assert_eq!(told.len(), review.moves.len());
            for (index, (told, reviewed)) in told.iter().zip(&review.moves).enumerate() {
                let mut expected = told_by_the_review(reviewed, index);
                expected.extend(threats_after(&parts.0.game().prefix(snaky::review::before(index + 1))));
                if index + 1 == review.moves.len() {
                    let maker_moves = review.held_out.expect("Maker has won");
                    expected.push(Outcome::MakerWon { maker_moves });
                }
                assert_eq!(told, &expected, "{kind:?} move {index}");
            }
        }
    }

    #[test]
    fn a_refused_claim_tells_its_cell_and_places_nothing() {
        let mut parts = session();
        // Maker's opening stone holds (8,8).
        assert_eq!(
            happened(&mut parts, SnakyInput::Claim(Cell::new(8, 8))),
            [Outcome::Refused(Cell::new(8, 8))]
        );
        assert_eq!(parts.0.game().moves().len(), 1);
        apply(&mut parts, SnakyInput::Claim(Cell::new(7, 8)));
        apply(&mut parts, SnakyInput::ToggleReview);
        assert_eq!(
            happened(&mut parts, SnakyInput::Claim(Cell::new(0, 0))),
            [Outcome::Refused(Cell::new(0, 0))]
        );
        assert_eq!(happened(&mut parts, SnakyInput::FarAway), [], "no cell to flash");
        assert_eq!(parts.0.game().moves().len(), 3);
        assert_eq!(happened(&mut parts, SnakyInput::Undo), [], "taking a move back plays no stone");
    }

    #[test]
    fn the_winning_move_tells_makers_win_after_the_certificates_height_against_the_perfect_breaker() {
        // SPEC: the perfect Breaker holds each Maker exactly its certificate's height.
        for (maker, height) in [(Maker::Paper, 21), (Maker::Ours, 20), (Maker::Ours19, 19)] {
            let mut parts =
                (new_session(maker).expect("a shipped certificate"), Watch::default(), Overlays::default());
            apply(&mut parts, SnakyInput::Hand(BreakerKind::Perfect));
            let mut told = Vec::new();
            while !parts.0.game().won() && told.len() < 1000 {
                told.extend(happened(&mut parts, SnakyInput::Step));
            }
            let wins: Vec<_> = told.iter().filter(|o| matches!(o, Outcome::MakerWon { .. })).collect();
            assert_eq!(wins, [&Outcome::MakerWon { maker_moves: height }], "{maker:?}");
            // Maker's last stone is its `height`-th move: stone 2 × height − 1 on the board.
            let last_stone = Outcome::Placed {
                player: Player::Maker,
                cell: *parts.0.game().maker_cells().last().expect("Maker's stones"),
                number: 2 * height as usize - 1,
            };
            assert_eq!(told[told.len() - 2..], [last_stone, Outcome::MakerWon { maker_moves: height }]);
            assert!(
                told.iter().all(|o| !matches!(o, Outcome::Guarantee { .. })),
                "the perfect Breaker never lowers the guarantee"
            );

            // The same game as a record: Maker's win is told, its stones are not played one by one.
            let record = snaky::record::format_moves(parts.0.game().breaker_cells());
            apply(&mut parts, SnakyInput::Restart);
            assert_eq!(
                happened(&mut parts, SnakyInput::LoadRecord(record)),
                [Outcome::MakerWon { maker_moves: height }]
            );
        }
    }

    /// Honest records (issue 33): each kind of help marks the game, and a game with none is the
    /// player's own.
    /// Newcomer #19 opened a lesson from the Analysis tab and saw no explanation: the lesson is
    /// told on the Play tab, so opening one leaves the Analysis tab.
    #[test]
    fn a_lesson_opens_on_the_play_tab() {
        let far = |k: i32| Cell::new(-100 - k, 50);
        for open in [SnakyInput::LessonMove(1), SnakyInput::LessonCostliest] {
            let mut parts = session();
            apply(&mut parts, SnakyInput::Claim(far(0)));
            apply(&mut parts, SnakyInput::Claim(far(1)));
            apply(&mut parts, SnakyInput::ToggleReview);
            apply(&mut parts, SnakyInput::ShowAnalysis(true));
            assert!(parts.2.analysis);
            apply(&mut parts, open.clone());
            assert!(parts.0.lesson().is_some(), "{open:?}: the lesson is open");
            assert!(!parts.2.analysis, "{open:?}: on the Play tab");
        }
    }

    #[test]
    fn every_kind_of_help_marks_the_game_as_assisted() {
        let far = |k: i32| Cell::new(-100 - k, 50);
        // With an overlay shown while a move is made.
        for (layer, assist) in [
            (overlays::Layer::Hint, Assist::Hint),
            (overlays::Layer::Heat, Assist::Heat),
            (overlays::Layer::Pivot, Assist::Cards),
        ] {
            let mut parts = session();
            parts.2 = Overlays { analysis: true, ..Overlays::none() };
            parts.2.show(layer);
            apply(&mut parts, SnakyInput::Claim(far(0)));
            assert_eq!(parts.0.assists(), [assist], "{layer:?}");
        }
        // Shown but never used to move: not assisted.
        let mut parts = session();
        apply(&mut parts, SnakyInput::ToggleOverlay(overlays::Layer::Hint));
        apply(&mut parts, SnakyInput::ToggleAnalysis);
        apply(&mut parts, SnakyInput::Claim(far(0)));
        assert_eq!(parts.0.assists(), []);
        // Undo, resuming from review, the card browser, a computer Breaker, a loaded record.
        apply(&mut parts, SnakyInput::Claim(far(1)));
        apply(&mut parts, SnakyInput::Undo);
        assert_eq!(parts.0.assists(), [Assist::Undo]);
        let mut parts = session();
        apply(&mut parts, SnakyInput::Claim(far(0)));
        apply(&mut parts, SnakyInput::Claim(far(1)));
        apply(&mut parts, SnakyInput::LessonMove(1));
        apply(&mut parts, SnakyInput::ResumeHere);
        assert_eq!(parts.0.game().breaker_cells().len(), 1, "played again from before move 2");
        assert_eq!(parts.0.assists(), [Assist::Resume]);
        apply(&mut parts, SnakyInput::BrowseCard);
        assert_eq!(parts.0.assists(), [Assist::Resume, Assist::Cards]);
        apply(&mut parts, SnakyInput::Restart);
        assert_eq!(parts.0.assists(), [], "a new game starts unassisted");
        apply(&mut parts, SnakyInput::Hand(BreakerKind::Greedy));
        apply(&mut parts, SnakyInput::Step);
        assert_eq!(parts.0.assists(), [Assist::Computer]);
        apply(&mut parts, SnakyInput::LoadRecord("7,8 8,6".to_string()));
        assert_eq!(parts.0.assists(), [Assist::Record]);
    }
}
