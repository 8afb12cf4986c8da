//! Computer Breakers to watch: hand the game over, step or run at a chosen speed, take it back.
//! The moves themselves are the session's ([`super::session::Session::computer_move`]).

use std::time::Duration;

use bevy::prelude::Resource;

use crate::snaky::{BreakerKind, ComputerBreaker};

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
    /// When the next move is due on Bevy's real-time clock (the game sleeps until then, and the
    /// virtual clock does not count a long sleep). `None`: one interval from the next frame that
    /// asks.
    due: Option<Duration>,
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
    /// time is `now`); `None` when none runs or it moves every frame. The game sleeps until then.
    pub fn next_move_at(&mut self, now: Duration) -> Option<Duration> {
        let paced = self.running && self.breaker.is_some() && !self.interval().is_zero();
        paced.then(|| self.due(now))
    }

    /// Whether the next computer move is due at `now` on the real-time clock (at the fastest speed,
    /// every frame).
    pub fn move_due(&mut self, now: Duration) -> bool {
        self.interval().is_zero() || now >= self.due(now)
    }

    /// The next move's moment, fixed by the first frame that asks after it was scheduled.
    fn due(&mut self, now: Duration) -> Duration {
        *self.due.get_or_insert(now + self.interval())
    }

    pub fn kind(&self) -> Option<BreakerKind> {
        self.breaker.as_ref().map(|b| b.kind)
    }

    /// The next move is due one interval from the next frame.
    pub fn schedule_next_move(&mut self) {
        self.due = None;
    }
}
