//! Snaky: you are Breaker against the certified Maker (SPEC §2.5).
//!
//! The rules, Maker's policy and the computer Breakers live in [`crate::snaky`]; this module shows
//! a game, turns clicks and keys into [`SnakyInput`]s and applies them to the [`Session`].

mod board;
pub mod cards;
pub mod checks;
mod overlay;
mod panel;
mod record;
pub mod text;
mod watch;

use std::sync::Arc;

use bevy::prelude::*;

pub use board::{BOARD_SIZE, BoardArea, BoardView, RefusedFlash, Stone};
pub use overlay::Overlays;
pub use overlay::{HeatValue, Layer as OverlayLayer, OverlayMark};
pub use panel::{TempoBar, TempoGraph};
pub use record::record_text;
pub use watch::{SPEEDS, Watch};

use self::text::S;
use super::i18n::Lang;
use super::storage::SaveData;
use super::{Go, Screen};
use crate::snaky::{self, BreakerKind, Cards, Cell, Game, Maker, MoveError, Player, RecordError};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<SnakyInput>()
        .init_resource::<Overlays>()
        .add_systems(OnEnter(Screen::Snaky), start_session)
        .add_systems(OnExit(Screen::Snaky), |mut commands: Commands| {
            commands.remove_resource::<Watch>();
        })
        .add_systems(
            Update,
            (keyboard, apply_input, record_blind_score)
                .chain()
                .in_set(SnakySystems::Input)
                .run_if(in_state(Screen::Snaky)),
        )
        .configure_sets(Update, (SnakySystems::Input, SnakySystems::Show).chain())
        .add_plugins((
            board::plugin,
            overlay::plugin,
            panel::plugin,
            watch::plugin,
            record::plugin,
            checks::plugin,
            cards::plugin,
        ));
}

/// Input first, drawing after, so a frame shows the position its input produced.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub enum SnakySystems {
    Input,
    Show,
}

/// The game to show when the screen opens (from `--open snaky --moves "…" --maker 20`).
#[derive(Resource, Debug, Clone, Default)]
pub struct SnakyStart {
    /// Breaker moves to play.
    pub moves: Vec<Cell>,
    /// The Maker to play them against (otherwise the saved choice); not saved.
    pub maker: Option<Maker>,
    /// Start in blind mode.
    pub blind: bool,
}

impl SnakyStart {
    /// Reads `--moves "x,y x,y …"`; a malformed or illegal move is an error naming its position.
    pub fn parse(record: &str, maker: Option<Maker>) -> Result<Self, String> {
        let moves = snaky::parse_moves(record).map_err(|e| format!("--moves: {e}"))?;
        let cards = maker.unwrap_or_default().cards().map_err(|e| e.to_string())?;
        snaky::replay(cards, &moves).map_err(|e| format!("--moves: {e}"))?;
        Ok(Self { moves, maker, blind: false })
    }
}

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
    ToggleOverlay(overlay::Layer),
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
    /// Switch to the other Maker.
    OtherMaker,
    /// Blind mode on or off (a new game either way, so the score is honest).
    ToggleBlind,
    /// Open the card browser on the active card.
    BrowseCard,
    Back,
}

/// A line under the info panel: what just happened, or why something was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notice {
    pub text: String,
    pub kind: NoticeKind,
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
    /// The cell of the last refused click, for the board to flash.
    pub refused: Option<Cell>,
    /// Hand-offs so far: each computer Breaker gets its own seed.
    pub handoffs: u64,
    /// Blind mode: overlays, guarantee and card hidden until Maker wins.
    pub blind: bool,
    /// This blind game's score has been recorded.
    blind_scored: bool,
}

impl Session {
    pub fn new(maker: Maker, cards: Arc<Cards>) -> Self {
        let game = Game::started(cards);
        Self {
            maker,
            shown: game.clone(),
            game,
            review: None,
            notice: None,
            refused: None,
            handoffs: 0,
            blind: false,
            blind_scored: false,
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

    fn cards(&self) -> Arc<Cards> {
        Arc::clone(self.game.cards())
    }

    /// Breaker's move and Maker's immediate answer.
    pub fn claim(&mut self, cell: Cell) -> Result<Cell, MoveError> {
        let answer = self.game.reply(cell)?;
        self.shown = self.game.clone();
        self.refused = None;
        Ok(answer)
    }

    /// Replaces the game by the one these Breaker moves lead to.
    pub fn load(&mut self, breaker_moves: &[Cell]) -> Result<(), RecordError> {
        self.game = snaky::replay(self.cards(), breaker_moves)?;
        self.review = None;
        self.shown = self.game.clone();
        Ok(())
    }

    pub fn undo(&mut self) -> bool {
        let undone = self.game.undo();
        self.review = None;
        self.shown = self.game.clone();
        undone
    }

    pub fn restart(&mut self) {
        *self = Self { handoffs: self.handoffs, blind: self.blind, ..Self::new(self.maker, self.cards()) };
    }

    /// Shows the first `moves` moves (at least Maker's opening, at most the whole game).
    pub fn review_at(&mut self, moves: usize) {
        let total = self.game.moves().len();
        let moves = moves.clamp(1, total);
        self.review = Some(moves);
        self.shown = self.game.prefix(moves);
    }

    pub fn stop_review(&mut self) {
        self.review = None;
        self.shown = self.game.clone();
    }

    /// Continues from the reviewed position; Maker answers a reviewed Breaker move at once.
    pub fn resume_here(&mut self) {
        let Some(moves) = self.review else { return };
        let breaker: Vec<Cell> = self.game.moves()[..moves]
            .iter()
            .filter(|m| m.player == Player::Breaker)
            .map(|m| m.cell)
            .collect();
        let _ = self.load(&breaker);
    }

    /// A free cell far outside the frame, on a line no other stone is near.
    pub fn far_away_cell(&self) -> Cell {
        (0..)
            .map(|k| Cell::new(1000 + 3 * k, -1000))
            .find(|&c| self.game.is_free(c))
            .unwrap_or(Cell::new(-1000, 1000))
    }

    fn tell(&mut self, kind: NoticeKind, text: impl Into<String>) {
        self.notice = Some(Notice { text: text.into(), kind });
    }
}

/// Why the screen cannot show a game (the certificate failed to load).
#[derive(Resource, Debug, Clone)]
pub struct SnakyUnavailable(pub String);

/// Opens the screen on the game left there (coming back from the menu continues it), or on a new
/// one, or on the position of `--moves`.
fn start_session(
    mut commands: Commands,
    start: Option<Res<SnakyStart>>,
    existing: Option<ResMut<Session>>,
    data: Res<SaveData>,
    lang: Res<Lang>,
) {
    commands.insert_resource(Watch::default());
    if let (Some(mut session), None) = (existing, &start) {
        session.stop_review();
        session.notice = None;
        return;
    }
    let maker = start.as_ref().and_then(|s| s.maker).unwrap_or(data.save.settings.snaky_maker);
    let mut session = match new_session(maker) {
        Ok(session) => session,
        Err(error) => {
            commands.insert_resource(SnakyUnavailable(error));
            commands.remove_resource::<Session>();
            return;
        }
    };
    if let Some(start) = start {
        session.blind = start.blind;
        if let Err(error) = session.load(&start.moves) {
            session.tell(NoticeKind::Refused, text::record_error(lang.0, &error));
        }
        commands.remove_resource::<SnakyStart>();
    }
    commands.insert_resource(session);
}

/// A new game against this Maker, or why its certificate cannot be played.
fn new_session(maker: Maker) -> Result<Session, String> {
    maker.cards().map(|cards| Session::new(maker, cards)).map_err(|e| e.to_string())
}

fn keyboard(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    session: Option<Res<Session>>,
    mut input: MessageWriter<SnakyInput>,
) {
    let Some(keys) = keys else { return };
    let reviewing = session.is_some_and(|s| s.review.is_some());
    let modifiers = [KeyCode::ControlLeft, KeyCode::ControlRight, KeyCode::SuperLeft, KeyCode::SuperRight];
    // Released in the same frame still counts: a quick Ctrl+C can arrive whole between two frames.
    let ctrl = keys.any_pressed(modifiers) || keys.any_just_released(modifiers);
    let mut pressed: Vec<(KeyCode, SnakyInput)> = vec![
        (KeyCode::KeyF, SnakyInput::FarAway),
        (KeyCode::KeyZ, SnakyInput::Undo),
        (KeyCode::Backspace, SnakyInput::Undo),
        (KeyCode::KeyR, SnakyInput::Restart),
        (KeyCode::KeyV, SnakyInput::ToggleReview),
        (KeyCode::KeyE, SnakyInput::ToggleOverlay(overlay::Layer::Envelope)),
        (KeyCode::KeyP, SnakyInput::ToggleOverlay(overlay::Layer::Pivot)),
        (KeyCode::Digit1, SnakyInput::Hand(BreakerKind::RandomNear)),
        (KeyCode::Digit2, SnakyInput::Hand(BreakerKind::EnvelopeRandom)),
        (KeyCode::Digit3, SnakyInput::Hand(BreakerKind::Greedy)),
        (KeyCode::Digit4, SnakyInput::Hand(BreakerKind::Perfect)),
        (KeyCode::Digit5, SnakyInput::Hand(BreakerKind::Mixed)),
        (KeyCode::KeyN, SnakyInput::Step),
        (KeyCode::Space, SnakyInput::RunPause),
        (KeyCode::BracketLeft, SnakyInput::Slower),
        (KeyCode::BracketRight, SnakyInput::Faster),
        (KeyCode::KeyT, SnakyInput::TakeOver),
        (KeyCode::KeyK, SnakyInput::OtherMaker),
        (KeyCode::KeyH, SnakyInput::ToggleOverlay(overlay::Layer::Heat)),
        (KeyCode::KeyI, SnakyInput::ToggleOverlay(overlay::Layer::Hint)),
        (KeyCode::KeyB, SnakyInput::ToggleBlind),
        (KeyCode::KeyO, SnakyInput::BrowseCard),
    ];
    if ctrl {
        pressed = vec![(KeyCode::KeyC, SnakyInput::CopyRecord), (KeyCode::KeyV, SnakyInput::PasteRecord)];
    } else {
        pressed.push((KeyCode::KeyA, SnakyInput::ToggleOverlay(overlay::Layer::Required)));
    }
    if reviewing {
        pressed.extend([
            (KeyCode::ArrowLeft, SnakyInput::ReviewStep(-1)),
            (KeyCode::ArrowRight, SnakyInput::ReviewStep(1)),
            (KeyCode::Home, SnakyInput::ReviewFirst),
            (KeyCode::End, SnakyInput::ReviewLast),
            (KeyCode::Enter, SnakyInput::ResumeHere),
            (KeyCode::NumpadEnter, SnakyInput::ResumeHere),
            (KeyCode::Escape, SnakyInput::ToggleReview),
        ]);
    } else {
        pressed.push((KeyCode::Escape, SnakyInput::Back));
    }
    for (key, action) in pressed {
        if keys.just_pressed(key) {
            input.write(action);
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn apply_input(
    mut inputs: MessageReader<SnakyInput>,
    session: Option<ResMut<Session>>,
    mut watch: ResMut<Watch>,
    mut overlays: ResMut<Overlays>,
    mut clipboard: Option<ResMut<bevy::clipboard::Clipboard>>,
    mut data: ResMut<SaveData>,
    lang: Res<Lang>,
    mut go: MessageWriter<Go>,
    mut commands: Commands,
) {
    let lang = lang.0;
    let Some(mut session) = session else {
        for input in inputs.read() {
            if *input == SnakyInput::Back {
                go.write(Go(Screen::Menu));
            }
        }
        return;
    };
    for input in inputs.read() {
        match input {
            SnakyInput::Claim(cell) => {
                if watch.running && watch.breaker.is_some() {
                    session.refused = Some(*cell);
                    session.tell(NoticeKind::Refused, text::watching_refusal(lang));
                } else if session.review.is_some() {
                    session.refused = Some(*cell);
                    session.tell(NoticeKind::Refused, text::reviewing_refusal(lang));
                } else {
                    // Clicking while a paused computer Breaker holds the game takes it back.
                    watch.take_over();
                    human_claim(&mut session, *cell, lang);
                }
            }
            SnakyInput::FarAway => {
                if session.review.is_some() {
                    session.tell(NoticeKind::Refused, text::reviewing_refusal(lang));
                } else if watch.running && watch.breaker.is_some() {
                    session.tell(NoticeKind::Refused, text::watching_refusal(lang));
                } else {
                    watch.take_over();
                    let cell = session.far_away_cell();
                    human_claim(&mut session, cell, lang);
                }
            }
            SnakyInput::Undo => {
                watch.pause();
                if session.undo() {
                    session.notice = None;
                } else {
                    session.tell(NoticeKind::Refused, S::NothingToUndo.get(lang));
                }
            }
            SnakyInput::Restart => {
                watch.take_over();
                session.restart();
            }
            SnakyInput::ToggleReview => {
                if session.review.is_some() {
                    session.stop_review();
                } else {
                    watch.pause();
                    let total = session.game.moves().len();
                    session.review_at(total);
                }
                session.notice = None;
            }
            SnakyInput::ReviewStep(delta) => {
                watch.pause();
                let total = session.game.moves().len();
                let at = session.review.unwrap_or(total);
                session.review_at(at.saturating_add_signed(*delta as isize));
            }
            SnakyInput::ReviewFirst => {
                watch.pause();
                session.review_at(1);
            }
            SnakyInput::ReviewLast => {
                if session.review.is_some() {
                    let total = session.game.moves().len();
                    session.review_at(total);
                } else {
                    session.tell(NoticeKind::Info, S::AlreadyLive.get(lang));
                }
            }
            SnakyInput::ResumeHere => {
                if session.review.is_some() {
                    watch.take_over();
                    session.resume_here();
                    session.notice = None;
                } else {
                    session.tell(NoticeKind::Info, S::AlreadyLive.get(lang));
                }
            }
            SnakyInput::ToggleOverlay(layer) => overlays.toggle(*layer),
            SnakyInput::Hand(kind) => {
                session.stop_review();
                session.handoffs += 1;
                watch.hand(*kind, session.handoffs);
                session.notice = None;
            }
            SnakyInput::Step => {
                if watch.breaker.is_some() {
                    watch.running = false;
                    session.stop_review();
                    watch::computer_move(&mut session, &mut watch, lang);
                } else {
                    session.tell(NoticeKind::Refused, S::ChooseComputer.get(lang));
                }
            }
            SnakyInput::RunPause => {
                if watch.breaker.is_some() {
                    watch.running = !watch.running;
                    if watch.running {
                        session.stop_review();
                    }
                } else {
                    session.tell(NoticeKind::Refused, S::ChooseComputer.get(lang));
                }
            }
            SnakyInput::Faster => watch.faster(),
            SnakyInput::Slower => watch.slower(),
            SnakyInput::TakeOver => {
                watch.take_over();
                session.notice = None;
            }
            SnakyInput::CopyRecord => record::copy(&mut session, clipboard.as_deref_mut(), lang),
            SnakyInput::PasteRecord => {
                record::paste(&mut session, &mut watch, clipboard.as_deref_mut(), lang)
            }
            SnakyInput::LoadRecord(record) => record::load(&mut session, &mut watch, record, lang),
            SnakyInput::BrowseCard if session.blind && !session.game.won() => {
                session.tell(NoticeKind::Refused, S::BlindNoCards.get(lang));
            }
            SnakyInput::BrowseCard => {
                let card = session.shown().claim().card;
                commands.insert_resource(cards::CardBrowser::at(session.maker, card, Screen::Snaky));
                go.write(Go(Screen::Cards));
            }
            SnakyInput::ToggleBlind => {
                watch.take_over();
                let blind = !session.blind;
                session.restart();
                session.blind = blind;
                session.tell(NoticeKind::Info, text::blind_toggled(lang, blind));
            }
            SnakyInput::ChooseMaker(_) | SnakyInput::OtherMaker => {
                let maker = match input {
                    SnakyInput::ChooseMaker(maker) => *maker,
                    _ => other_maker(session.maker),
                };
                if maker == session.maker {
                    continue;
                }
                match new_session(maker) {
                    Ok(fresh) => {
                        watch.take_over();
                        *session = Session { handoffs: session.handoffs, blind: session.blind, ..fresh };
                        session.tell(NoticeKind::Info, text::maker_chosen(lang, maker));
                        data.save.settings.snaky_maker = maker;
                        data.store();
                    }
                    Err(error) => session.tell(NoticeKind::Refused, error),
                }
            }
            SnakyInput::Back => {
                go.write(Go(Screen::Menu));
            }
        }
    }
}

/// At the end of a blind game held by the player (not a computer Breaker), keeps the best score
/// per Maker in the save and tells the player.
fn record_blind_score(
    session: Option<ResMut<Session>>,
    watch: Res<Watch>,
    mut data: ResMut<SaveData>,
    lang: Res<Lang>,
) {
    let Some(mut session) = session else { return };
    if !session.blind || session.blind_scored || !session.game.won() || watch.breaker.is_some() {
        return;
    }
    session.blind_scored = true;
    let moves = session.game.maker_cells().len();
    let best = data.save.settings.blind_best.entry(session.maker).or_insert(0);
    *best = (*best).max(moves as u32);
    let best = *best;
    data.store();
    let text = text::blind_result(lang.0, session.maker, moves, best);
    session.tell(NoticeKind::Good, text);
}

fn other_maker(maker: Maker) -> Maker {
    match maker {
        Maker::Paper => Maker::Ours,
        Maker::Ours => Maker::Paper,
    }
}

fn human_claim(session: &mut Session, cell: Cell, lang: crate::save::Language) {
    match session.claim(cell) {
        Ok(_) => session.notice = None,
        Err(error) => {
            session.refused = Some(cell);
            session.tell(
                NoticeKind::Refused,
                format!("{}: {}", S::Refused.get(lang), text::move_error(lang, &error)),
            );
        }
    }
}
