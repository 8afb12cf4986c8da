//! Snaky: you are Breaker against the certified Maker (SPEC §2.5).
//!
//! The rules, Maker's policy and the computer Breakers live in [`crate::snaky`]; this module shows
//! a game, turns clicks and keys into [`SnakyInput`]s and applies them to the [`Session`]. What
//! the screen is doing (play, review, watch) is the [`SnakyMode`] sub-state, which the session
//! decides and the systems run in.

mod board;
pub mod cards;
pub mod checks;
mod grid;
mod overlay;
mod panel;
mod record;
pub mod session;
mod watch;

use bevy::prelude::*;

pub use board::{BOARD_SIZE, BoardArea, BoardView, RefusedFlash, Stone};
pub use grid::GridLine;
pub use overlay::Overlays;
pub use overlay::{HeatValue, Layer as OverlayLayer, OverlayMark};
pub use panel::{TempoBar, TempoGraph};
pub use record::record_text;
pub use watch::{SPEEDS, Watch};

use super::i18n::{Lang, snaky as text};
use super::storage::SaveData;
use super::{Go, Screen};
use crate::snaky::{self, BreakerKind, Cell, Maker};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<SnakyInput>()
        .add_sub_state::<SnakyMode>()
        .init_resource::<Overlays>()
        .add_systems(OnEnter(Screen::Snaky), start_session)
        .add_systems(OnExit(Screen::Snaky), |mut commands: Commands| {
            commands.remove_resource::<Watch>();
        })
        .add_systems(
            Update,
            (
                (
                    keyboard,
                    review_keys.run_if(in_state(SnakyMode::Review)),
                    back_key.run_if(not(in_state(SnakyMode::Review))),
                ),
                apply_input,
                record_blind_score,
                follow_mode,
            )
                .chain()
                .in_set(SnakySystems::Input)
                .run_if(in_state(Screen::Snaky)),
        )
        .configure_sets(Update, (SnakySystems::Input, SnakySystems::Show).chain())
        .add_plugins((
            board::plugin,
            grid::plugin,
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

pub use session::{Effect, Notice, NoticeKind, Session, SnakyInput, SnakyMode, new_session};

/// Why the screen cannot show a game (the certificate failed to load).
#[derive(Resource, Debug, Clone)]
pub struct SnakyUnavailable(pub snaky::CertificateError);

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

/// Ctrl (or the Super/Command key) is held, or was released this very frame: a quick Ctrl+C can
/// arrive whole between two frames. The one definition every Snaky key handler uses.
pub(super) fn ctrl_held(keys: &ButtonInput<KeyCode>) -> bool {
    let modifiers = [KeyCode::ControlLeft, KeyCode::ControlRight, KeyCode::SuperLeft, KeyCode::SuperRight];
    keys.any_pressed(modifiers) || keys.any_just_released(modifiers)
}

/// The keys of every mode.
fn keyboard(keys: Option<Res<ButtonInput<KeyCode>>>, mut input: MessageWriter<SnakyInput>) {
    let Some(keys) = keys else { return };
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
    if ctrl_held(&keys) {
        pressed = vec![(KeyCode::KeyC, SnakyInput::CopyRecord), (KeyCode::KeyV, SnakyInput::PasteRecord)];
    } else {
        pressed.push((KeyCode::KeyA, SnakyInput::ToggleOverlay(overlay::Layer::Required)));
    }
    send_pressed(&keys, &pressed, &mut input);
}

/// Reviewing: ← → step through the game, Home and End jump, Enter resumes, Esc stops reviewing.
fn review_keys(keys: Option<Res<ButtonInput<KeyCode>>>, mut input: MessageWriter<SnakyInput>) {
    let Some(keys) = keys else { return };
    let pressed = [
        (KeyCode::ArrowLeft, SnakyInput::ReviewStep(-1)),
        (KeyCode::ArrowRight, SnakyInput::ReviewStep(1)),
        (KeyCode::Home, SnakyInput::ReviewFirst),
        (KeyCode::End, SnakyInput::ReviewLast),
        (KeyCode::Enter, SnakyInput::ResumeHere),
        (KeyCode::NumpadEnter, SnakyInput::ResumeHere),
        (KeyCode::Escape, SnakyInput::ToggleReview),
    ];
    send_pressed(&keys, &pressed, &mut input);
}

/// Esc leaves the screen (while reviewing, it stops reviewing instead).
fn back_key(keys: Option<Res<ButtonInput<KeyCode>>>, mut input: MessageWriter<SnakyInput>) {
    if keys.is_some_and(|keys| keys.just_pressed(KeyCode::Escape)) {
        input.write(SnakyInput::Back);
    }
}

fn send_pressed(
    keys: &ButtonInput<KeyCode>,
    pressed: &[(KeyCode, SnakyInput)],
    input: &mut MessageWriter<SnakyInput>,
) {
    for (key, action) in pressed {
        if keys.just_pressed(*key) {
            input.write(action.clone());
        }
    }
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
        match session.apply(input, &mut watch, &mut overlays, lang) {
            None => {}
            Some(Effect::Go(screen)) => {
                go.write(Go(screen));
            }
            Some(Effect::CopyRecord) => record::copy(&mut session, clipboard.as_deref_mut(), lang),
            Some(Effect::PasteRecord) => {
                record::paste(&mut session, &mut watch, clipboard.as_deref_mut(), lang)
            }
            Some(Effect::SaveMaker(maker)) => {
                data.save.settings.snaky_maker = maker;
                data.store();
            }
            Some(Effect::BrowseCard { maker, card }) => {
                commands.insert_resource(cards::CardBrowser::at(maker, card, Screen::Snaky));
                go.write(Go(Screen::Cards));
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
    // Asking every frame is no change: otherwise the board and the panel would be rebuilt each frame.
    let computer = watch.breaker.is_some();
    let Some(moves) = session.bypass_change_detection().finished_blind_game(computer) else { return };
    session.set_changed();
    let best = data.save.settings.blind_best.entry(session.maker).or_insert(0);
    *best = (*best).max(moves as u32);
    let best = *best;
    data.store();
    let text = text::blind_result(lang.0, session.maker, moves, best);
    session.tell(NoticeKind::Good, text);
}
