//! Computer Breakers to watch: hand the game over, step or run at a chosen speed, take it back.

use std::time::{Duration, Instant};

use bevy::prelude::*;

use super::{NoticeKind, Said, Session, SnakyMode, SnakySystems};
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
    /// When the next move is due: on the real-time clock (the game sleeps until then, and the
    /// virtual clock does not count a long sleep), and the same moment as an instant for the
    /// alarm. `None`: one interval from the next frame that asks.
    due: Option<(Duration, Instant)>,
}

impl Default for Watch {
    fn default() -> Self {
        Self { breaker: None, running: false, speed: DEFAULT_SPEED, due: None }
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

    /// When the next computer move is due while one runs at a pace, on the real-time clock (whose
    /// time is `now`) and as an instant; `None` when none runs or it moves every frame. The game
    /// sleeps until then.
    pub fn next_move_at(&mut self, now: Duration) -> Option<(Duration, Instant)> {
        let paced = self.running && self.breaker.is_some() && !self.interval().is_zero();
        paced.then(|| self.due(now))
    }

    /// The next move's moment, fixed by the first frame that asks after it was scheduled.
    fn due(&mut self, now: Duration) -> (Duration, Instant) {
        let interval = self.interval();
        *self.due.get_or_insert_with(|| (now + interval, Instant::now() + interval))
    }

    pub fn kind(&self) -> Option<BreakerKind> {
        self.breaker.as_ref().map(|b| b.kind)
    }

    /// The next move is due one interval from the next frame.
    fn schedule_next_move(&mut self) {
        self.due = None;
    }
}

/// One computer Breaker move and Maker's answer; stops the watch when Maker has won.
pub(super) fn computer_move(session: &mut Session, watch: &mut Watch) {
    let Some(breaker) = watch.breaker.as_mut() else { return };
    if let Some(cell) = breaker.choose(session.game())
        && let Err(error) = session.claim(cell)
    {
        // The engine's Breakers only offer free cells; say so if one ever did not.
        watch.running = false;
        session.tell(NoticeKind::Refused, Said::MoveError(error));
        return;
    }
    if session.game().won() {
        // The result banner and the par line credit the computer Breaker; its "plays now" notice
        // is over.
        watch.running = false;
        session.notice = None;
    }
    watch.schedule_next_move();
}

/// While a computer Breaker runs: one move every interval (every frame at the fastest speed).
fn run_computer(mut watch: ResMut<Watch>, session: Option<ResMut<Session>>, time: Res<Time<Real>>) {
    let Some(mut session) = session else { return };
    if session.game().won() {
        watch.running = false;
        return;
    }
    let now = time.elapsed();
    // Fixing the moment is no change of the watch (the panel shows none).
    if watch.interval().is_zero() || now >= watch.bypass_change_detection().due(now).0 {
        computer_move(&mut session, &mut watch);
    }
}
