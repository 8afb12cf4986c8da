//! Computer Breakers to watch: hand the game over, step or run at a chosen speed, take it back.

use std::time::{Duration, Instant};

use bevy::prelude::*;

use super::{NoticeKind, Session, SnakyMode, SnakySystems};
use crate::app::i18n::Lang;
use crate::app::i18n::snaky as text;
use crate::save::Language;
use crate::snaky::{Breaker, BreakerKind, ComputerBreaker};

pub(super) fn plugin(app: &mut App) {
    // Before the input: the mode is then the one the session was in at the end of the last frame.
    app.add_systems(Update, run_computer.before(SnakySystems::Input).run_if(in_state(SnakyMode::Watch)));
}

/// Time between two computer moves, slowest first; zero plays one move every frame.
pub const SPEEDS: [Duration; 5] = [
    Duration::from_millis(1500),
    Duration::from_millis(800),
    Duration::from_millis(400),
    Duration::from_millis(150),
    Duration::ZERO,
];
const DEFAULT_SPEED: usize = 2;

/// The computer Breaker holding the game, if any.
#[derive(Resource, Debug, Clone)]
pub struct Watch {
    pub breaker: Option<ComputerBreaker>,
    pub running: bool,
    /// Index into [`SPEEDS`].
    pub speed: usize,
    /// When the next move is due (wall time: the game sleeps until then, so no frame clock
    /// could count the wait).
    due: Instant,
}

impl Default for Watch {
    fn default() -> Self {
        Self {
            breaker: None,
            running: false,
            speed: DEFAULT_SPEED,
            due: Instant::now() + SPEEDS[DEFAULT_SPEED],
        }
    }
}

impl Watch {
    pub fn hand(&mut self, kind: BreakerKind, seed: u64) {
        self.breaker = Some(ComputerBreaker::new(kind, seed));
        self.running = true;
        self.schedule_next_move();
    }

    pub fn take_over(&mut self) {
        self.breaker = None;
        self.running = false;
    }

    pub fn pause(&mut self) {
        self.running = false;
    }

    pub fn faster(&mut self) {
        self.speed = (self.speed + 1).min(SPEEDS.len() - 1);
        self.schedule_next_move();
    }

    pub fn slower(&mut self) {
        self.speed = self.speed.saturating_sub(1);
        self.schedule_next_move();
    }

    pub fn interval(&self) -> Duration {
        SPEEDS[self.speed]
    }

    /// When the next computer move is due while one runs at a pace; `None` when none runs or it
    /// moves every frame. The game sleeps until then.
    pub fn next_move_at(&self) -> Option<Instant> {
        let paced = self.running && self.breaker.is_some() && !self.interval().is_zero();
        paced.then_some(self.due)
    }

    pub fn kind(&self) -> Option<BreakerKind> {
        self.breaker.as_ref().map(|b| b.kind)
    }

    /// The next move is due one interval from now.
    fn schedule_next_move(&mut self) {
        self.due = Instant::now() + self.interval();
    }
}

/// One computer Breaker move and Maker's answer; stops the watch when Maker has won.
pub(super) fn computer_move(session: &mut Session, watch: &mut Watch, lang: Language) {
    let Some(breaker) = watch.breaker.as_mut() else { return };
    let kind = breaker.kind;
    if let Some(cell) = breaker.choose(session.game())
        && let Err(error) = session.claim(cell)
    {
        // The engine's Breakers only offer free cells; say so if one ever did not.
        watch.running = false;
        session.tell(NoticeKind::Refused, text::move_error(lang, &error));
        return;
    }
    if session.game().won() {
        watch.running = false;
        session.tell(NoticeKind::Info, text::computer_won(lang, kind, session.game().maker_cells().len()));
    }
    watch.schedule_next_move();
}

/// While a computer Breaker runs: one move every interval (every frame at the fastest speed).
fn run_computer(mut watch: ResMut<Watch>, session: Option<ResMut<Session>>, lang: Res<Lang>) {
    let Some(mut session) = session else { return };
    if session.game().won() {
        watch.running = false;
        return;
    }
    if watch.interval().is_zero() || Instant::now() >= watch.due {
        computer_move(&mut session, &mut watch, lang.0);
    }
}
