//! The Snaky screen's life: opening on a game (the one left there, a new one, or `--open`'s), and
//! each frame reading the inputs into the model ([`Session::apply`], the watched computer
//! Breaker's moves), carrying out its [`Effect`]s and telling the rest of the game what happened
//! as [`GameEvent`]s, before the board and the panel draw it.

use bevy::prelude::*;

use super::model::outcome::Outcome;
use super::model::overlays::Overlays;
use super::model::practice::PracticeSession;
use super::model::session::{Effect, NoticeKind, Said, Session, SnakyInput, SnakyMode, new_session_after};
use super::model::watch::Watch;
use super::{cards, record};
use crate::app::events::{GameEvent, Redraw, Stones, WakeAt};
use crate::app::open::{self, Open, SnakyOptions};
use crate::app::storage::SaveData;
use crate::app::{Go, Screen};
use crate::snaky::{self, Cell, Maker, Player, ThreatKind};

/// Where a launch's Snaky games start: the first game's turn of Maker's plan, and the first
/// seed of the computer Breaker a player as Maker meets. Tests start at 0 (the paper's
/// orientation, seed 1); the game starts from the clock, so the first game after a launch is not
/// always the same one (a line learnt by heart would carry over from launch to launch).
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct SnakySeeds(pub u64);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SnakySeeds>();
    app.add_message::<SnakyInput>()
        .add_message::<Outcome>()
        .add_sub_state::<SnakyMode>()
        .init_resource::<Overlays>()
        .add_systems(OnEnter(Screen::Snaky), (open_as_asked, start_session).chain())
        .add_systems(OnExit(Screen::Snaky), |mut commands: Commands| {
            commands.remove_resource::<Watch>();
        })
        // Before the input: the mode is then the one the session was in at the end of the last frame.
        .add_systems(Update, run_computer.before(SnakySystems::Input).run_if(in_state(SnakyMode::Watch)))
        .add_systems(
            Update,
            (apply_input, record_score, follow_mode)
                .chain()
                .in_set(SnakySystems::Input)
                .run_if(in_state(Screen::Snaky)),
        )
        .add_systems(
            Update,
            (tell_what_happened, keep_watch_awake).in_set(SnakySystems::Show).run_if(in_state(Screen::Snaky)),
        )
        .configure_sets(Update, (SnakySystems::Input, SnakySystems::Show).chain());
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
    /// Open the lesson on the player's costliest move (`--open snaky-review`).
    pub lesson: Option<LessonStart>,
    /// Open practice on the game's boards (`--open snaky-practice`), on board N with its answer
    /// shown (`snaky-practice:N`).
    pub practice: Option<Option<u8>>,
}

/// Where the lesson opened from the command line stands: its line (`best`: the best reply's) played
/// to `step`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LessonStart {
    pub step: usize,
    pub best: bool,
}

impl SnakyStart {
    /// Reads `--moves "x,y x,y …"`; a malformed or illegal move is an error naming its position.
    pub fn parse(record: &str, maker: Option<Maker>) -> Result<Self, String> {
        Ok(Self {
            moves: open::breaker_moves(record, maker)?,
            maker,
            blind: false,
            lesson: None,
            practice: None,
        })
    }
}

/// The first time the screen opens: the game of the command line's Snaky options (`--moves`,
/// `--maker`, `--blind`) and its overlays (`--overlay`), and `--open snaky-review`'s lesson.
fn open_as_asked(mut commands: Commands, options: Option<Res<SnakyOptions>>, open: Option<Res<Open>>) {
    let mut start = None;
    if let Some(options) = options {
        if options.start_given() {
            start = Some(SnakyStart {
                moves: options.moves.clone().unwrap_or_default(),
                // `--moves` are read against the `--maker` certificate, the paper's by default
                // (as on the command line), whichever Maker the save chose.
                maker: options.maker.or_else(|| options.moves.as_ref().map(|_| Maker::default())),
                blind: options.blind,
                lesson: None,
                practice: None,
            });
        }
        if !options.overlays.is_empty() {
            commands.insert_resource(Overlays::only(&options.overlays));
        }
        commands.remove_resource::<SnakyOptions>();
    }
    match open.as_deref() {
        Some(&Open::SnakyReview { step, best }) => {
            start.get_or_insert_default().lesson = Some(LessonStart { step, best });
        }
        Some(&Open::SnakyPractice(board)) => start.get_or_insert_default().practice = Some(board),
        _ => {}
    }
    if let Some(start) = start {
        commands.insert_resource(start);
    }
}

/// Why the screen cannot show a game (the certificate failed to load).
#[derive(Resource, Debug, Clone)]
pub struct SnakyUnavailable(pub snaky::CertificateError);

/// Opens the screen on the game left there (coming back from the menu continues it), or on a new
/// one, or on the position of `--moves`.
pub(super) fn start_session(
    mut commands: Commands,
    start: Option<Res<SnakyStart>>,
    existing: Option<ResMut<Session>>,
    data: Res<SaveData>,
    seeds: Res<SnakySeeds>,
    mut go: MessageWriter<Go>,
) {
    commands.insert_resource(Watch::default());
    if let (Some(mut session), None) = (existing, &start) {
        session.stop_review();
        // A finished game keeps its result (newcomer #29 came back to a panel without "You held
        // out"); any other notice was about a moment that has passed.
        let result = session.notice.as_ref().is_some_and(|n| matches!(n.said, Said::GameResult { .. }));
        if !result {
            session.notice = None;
        }
        return;
    }
    let maker = start.as_ref().and_then(|s| s.maker).unwrap_or(data.save.settings.snaky_maker);
    let mut session = match new_session_after(maker, (seeds.0 % 8) as u32) {
        Ok(session) => session,
        Err(error) => {
            commands.insert_resource(SnakyUnavailable(error));
            commands.remove_resource::<Session>();
            return;
        }
    };
    // The first game's turn is not told: against the paper's orientation, which no player sees,
    // it meant nothing (newcomers #83 and #84); the next game's is told against this one.
    if let Some(start) = start {
        session.blind = start.blind;
        if let Err(error) = session.load(&start.moves) {
            session.tell(NoticeKind::Refused, Said::RecordError(error));
        }
        if let Some(lesson) = start.lesson
            && !session.game().breaker_cells().is_empty()
        {
            let review = snaky::review_game(session.game());
            let start = review.lesson_start();
            session.open_lesson(start);
            if lesson.best {
                session.switch_line();
            }
            session.step_line(i32::try_from(lesson.step).unwrap_or(i32::MAX));
        }
        if let Some(board) = start.practice {
            open_practice(&mut session, board, &mut commands, &mut go);
        }
        commands.remove_resource::<SnakyStart>();
    }
    commands.insert_resource(session);
}

/// Puts the screen in the mode the session is in (the change shows from the next frame on, before
/// any input is read).
fn follow_mode(
    session: Option<Res<Session>>,
    watch: Res<Watch>,
    mode: Option<Res<State<SnakyMode>>>,
    mut next: ResMut<NextState<SnakyMode>>,
) {
    let (Some(session), Some(mode)) = (session, mode) else { return };
    let wanted = session.mode(&watch);
    if *mode.get() != wanted {
        next.set(wanted);
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
    mut go: MessageWriter<Go>,
    mut outcomes: MessageWriter<Outcome>,
    mut commands: Commands,
) {
    let Some(mut session) = session else {
        for input in inputs.read() {
            if *input == SnakyInput::Back {
                go.write(Go(Screen::Menu));
            }
        }
        return;
    };
    for input in inputs.read() {
        let applied = session.apply(input, &mut watch, &mut overlays);
        outcomes.write_batch(applied.outcomes);
        match applied.effect {
            None => {}
            Some(Effect::Go(screen)) => {
                if screen == Screen::SnakyLearn {
                    commands.insert_resource(crate::app::screens::LearnReturn(Screen::Snaky));
                }
                go.write(Go(screen));
            }
            Some(Effect::CopyRecord) => record::copy(&mut session, clipboard.as_deref_mut()),
            Some(Effect::PasteRecord) => {
                outcomes.write_batch(record::paste(&mut session, &mut watch, clipboard.as_deref_mut()));
            }
            Some(Effect::SaveMaker(maker)) => {
                data.save.settings.snaky_maker = maker;
                data.store();
            }
            Some(Effect::BrowseCard { maker, card }) => {
                commands.insert_resource(cards::CardBrowser::at(maker, card, Screen::Snaky));
                go.write(Go(Screen::Cards));
            }
            Some(Effect::Practice) => open_practice(&mut session, None, &mut commands, &mut go),
        }
    }
}

/// Opens practice on the boards of the session's game once Maker has won (`board`: that board
/// with its answers shown, as `--open snaky-practice:N` asks), or says why it cannot.
fn open_practice(
    session: &mut Session,
    board: Option<u8>,
    commands: &mut Commands,
    go: &mut MessageWriter<Go>,
) {
    if !session.game().won() {
        session.tell(NoticeKind::Refused, Said::PracticeAfterTheGame);
        return;
    }
    match PracticeSession::of(session.game()) {
        Some(mut practice) => {
            if let Some(board) = board {
                practice.show_board(usize::from(board));
            }
            commands.insert_resource(practice);
            go.write(Go(Screen::SnakyPractice));
        }
        None => {
            let left = crate::snaky::practice::left_out(session.game());
            session.tell(NoticeKind::Info, Said::NothingToPractise(left));
        }
    }
}

/// While a computer Breaker runs: one move every interval (every frame at the fastest speed).
fn run_computer(
    mut watch: ResMut<Watch>,
    session: Option<ResMut<Session>>,
    time: Res<Time<Real>>,
    mut outcomes: MessageWriter<Outcome>,
) {
    let Some(mut session) = session else { return };
    if session.game().won() {
        watch.running = false;
        return;
    }
    // Fixing the moment is no change of the watch (the panel shows none).
    if watch.bypass_change_detection().move_due(time.elapsed()) {
        outcomes.write_batch(session.computer_move(&mut watch));
    }
}

/// At the end of a game held by the player (not a computer Breaker), keeps the best per Maker in
/// the save (blind mode's apart) and tells the player how long they held out against par.
fn record_score(session: Option<ResMut<Session>>, watch: Res<Watch>, mut data: ResMut<SaveData>) {
    let Some(mut session) = session else { return };
    // Asking every frame is no change: otherwise the board and the panel would be rebuilt each frame.
    let computer = watch.breaker.is_some();
    let Some(moves) = session.bypass_change_detection().finished_game(computer) else { return };
    session.set_changed();
    let (maker, blind, assisted) = (session.maker, session.blind, session.assists().first().copied());
    let settings = &mut data.save.settings;
    // A game the player was helped in is kept apart: never a best.
    let bests = match (assisted, blind) {
        (Some(_), _) => &mut settings.assisted_best,
        (None, true) => &mut settings.blind_best,
        (None, false) => &mut settings.snaky_best,
    };
    let kept = bests.entry(maker).or_insert(0);
    // Praise (green) only for a new unaided best or par; a shorter game is said plainly.
    let praised = assisted.is_none() && (moves as u32 > *kept || moves as u32 >= maker.bound());
    *kept = (*kept).max(moves as u32);
    let best = match (assisted, blind) {
        (Some(_), _) => settings.snaky_best.get(&maker).copied().unwrap_or(0),
        _ => *kept,
    };
    data.store();
    let kind = if praised { NoticeKind::Good } else { NoticeKind::Info };
    let review = crate::snaky::review_game(session.game());
    let ended = crate::snaky::review::Ended::of(&review);
    let kept = review.kept_par();
    let kept_par = (kept, session.last_kept_par.replace(kept));
    let mistakes = review.mistakes_cost(review.moves.len());
    session.tell(kind, Said::GameResult { maker, moves, best, blind, assisted, ended, mistakes, kept_par });
}

/// Tells the rest of the game what the model says happened this frame: the stones played
/// (Breaker's stone and Maker's answer are one exchange), a refused claim, Maker's win (the
/// player's loss, whoever held the game).
fn tell_what_happened(mut outcomes: MessageReader<Outcome>, mut events: MessageWriter<GameEvent>) {
    // A forced block of a finish lowers the guarantee without a mistake: no costly cue.
    let mut forced = false;
    // Breaker's stone, until Maker's answer makes it an exchange.
    let mut breaker_stone = false;
    // Who placed the last stone: a guarantee that falls after Breaker's is the player's cost.
    let mut last_player = None;
    for outcome in outcomes.read() {
        match outcome {
            Outcome::Placed { player, .. } => {
                last_player = Some(*player);
                forced = false;
            }
            Outcome::BlockedFinish(_) => forced = true,
            _ => {}
        }
        match outcome {
            Outcome::Placed { player: Player::Breaker, .. } => {
                if std::mem::replace(&mut breaker_stone, true) {
                    events.write(GameEvent::Stones(Stones::Breaker));
                }
            }
            Outcome::Placed { player: Player::Maker, .. } => {
                let exchange = std::mem::take(&mut breaker_stone);
                events.write(GameEvent::Stones(if exchange { Stones::Exchange } else { Stones::Maker }));
            }
            Outcome::Refused(_) => {
                events.write(GameEvent::Refused);
            }
            Outcome::MakerWon { .. } => {
                events.write(GameEvent::Ended { won: false });
            }
            Outcome::Guarantee { from, to }
                if to < from && last_player == Some(Player::Breaker) && !forced =>
            {
                events.write(GameEvent::Costly { lost: from - to });
            }
            Outcome::Guarantee { .. } | Outcome::BlockedFinish(_) => {}
            Outcome::Threats { kind } => {
                events.write(GameEvent::Threat { double: *kind == ThreatKind::DoubleThreat });
            }
        }
    }
    if breaker_stone {
        events.write(GameEvent::Stones(Stones::Breaker));
    }
}

/// A running computer Breaker moves by itself: every frame at the fastest speed, otherwise the
/// game is woken when its next move is due (on Bevy's real-time clock, as the moves are played).
fn keep_watch_awake(
    mode: Option<Res<State<SnakyMode>>>,
    mut watch: ResMut<Watch>,
    time: Res<Time<Real>>,
    mut redraw: MessageWriter<Redraw>,
    mut wake: MessageWriter<WakeAt>,
) {
    // Until the mode has left Watch: the frame after Maker's win shows the watch ended.
    let watching = mode.is_some_and(|mode| *mode.get() == SnakyMode::Watch);
    let next_move =
        if watching { watch.bypass_change_detection().next_move_at(time.elapsed()) } else { None };
    if watching && next_move.is_none() {
        redraw.write(Redraw);
    }
    wake.write_batch(next_move.map(|clock| WakeAt { clock }));
}
