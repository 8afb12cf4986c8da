//! Infinite Pokopoko's screens: ladder → intro → play → result, and the strategy page; free play
//! (setup → play → result) shares them.

mod free;
pub mod free_form;
mod intro;
mod ladder;
mod play;
mod result;
mod room;
mod sea;
mod strategy;
pub mod table;

use std::time::Duration;

use bevy::prelude::*;

pub use free::{FreeAction, PracticeHint, start_resources as free_play};
pub use ladder::{LadderTile, record_stats, stage_record};
pub use play::{PlayInput, Refusal};
pub use result::{lesson as lesson_text, sample_lost_match};
pub use room::Room;
pub use strategy::Reveal;
pub use table::{ButtonState, Direction, RefusalReason, Table};

use super::storage::{SaveData, StageLadder};
use super::{Go, Screen};
use crate::pokopoko::{Mistake, Stage, TurnOrder, find_mistake};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<StageAction>().init_resource::<MatchSeeds>().add_systems(Update, act).add_plugins((
        ladder::plugin,
        intro::plugin,
        play::plugin,
        result::plugin,
        strategy::plugin,
        free::plugin,
    ));
}

/// Where each match's seed comes from: a losing COM varies its press with it (the same seed,
/// the same match). Tests start at 0; the game starts from the clock.
#[derive(Resource, Debug, Clone, Default)]
pub struct MatchSeeds {
    next: u64,
}

impl MatchSeeds {
    pub fn starting_at(seed: u64) -> Self {
        Self { next: seed }
    }

    /// The next match's seed (SplitMix64 steps, so consecutive matches differ in every bit).
    pub fn take(&mut self) -> u64 {
        let seed = self.next;
        self.next = self.next.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = seed;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// The stage being played (or about to be).
#[derive(Resource, Debug, Clone)]
pub struct CurrentStage(pub Stage);

/// How fast the COM's presses are shown. Tests use [`Pace::instant`]: one press per frame.
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct Pace {
    /// From the start of the COM's turn to its first press.
    pub com_starts: Duration,
    /// Between two of the COM's presses.
    pub com_press: Duration,
    /// From the last press to the result screen.
    pub result_after: Duration,
}

impl Default for Pace {
    fn default() -> Self {
        Self {
            com_starts: Duration::from_millis(550),
            com_press: Duration::from_millis(320),
            result_after: Duration::from_millis(900),
        }
    }
}

impl Pace {
    pub fn instant() -> Self {
        Self { com_starts: Duration::ZERO, com_press: Duration::ZERO, result_after: Duration::ZERO }
    }
}

/// The match that just ended, for the result screen.
#[derive(Resource, Debug, Clone)]
pub struct LastMatch {
    pub table: Table,
    /// The human's first mistake (only after a loss).
    pub mistake: Option<Mistake>,
}

impl LastMatch {
    pub fn new(table: Table) -> Self {
        let human_lost = table.game().winner() == Some(crate::pokopoko::Side::Com);
        let mistake = if human_lost { find_mistake(table.game()) } else { None };
        Self { table, mistake }
    }

    pub fn won(&self) -> bool {
        self.table.game().winner() == Some(crate::pokopoko::Side::Human)
    }
}

/// Where the strategy page returns to.
#[derive(Resource, Debug, Clone, Copy)]
pub struct StrategyReturn(pub Screen);

/// What the stage screens' buttons and keys ask for.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum StageAction {
    /// Show stage n's intro (refused while n is locked).
    Open(u32),
    /// Start the current stage moving first or second.
    Start(TurnOrder),
    RetryFromStart,
    /// Replay the lost match from just before the mistake.
    RetryFromMistake,
    /// The strategy page for the current stage's pick range.
    Strategy,
}

#[allow(clippy::too_many_arguments)] // a Bevy system: each argument is one resource it touches
fn act(
    mut actions: MessageReader<StageAction>,
    mut commands: Commands,
    ladder: Res<StageLadder>,
    data: Res<SaveData>,
    current: Option<Res<CurrentStage>>,
    last: Option<Res<LastMatch>>,
    screen: Res<State<Screen>>,
    room: Res<Room>,
    mut seeds: ResMut<MatchSeeds>,
    mut go: MessageWriter<Go>,
) {
    for action in actions.read() {
        match *action {
            StageAction::Open(number) => {
                let Some(stage) = ladder.ladder.stage(number) else { continue };
                if !data.save.progress.is_unlocked(number) {
                    continue;
                }
                commands.insert_resource(CurrentStage(stage));
                commands.insert_resource(Room::Ladder);
                go.write(Go(Screen::Intro));
            }
            StageAction::Start(order) => {
                let Some(current) = &current else { continue };
                commands.insert_resource(Table::new(current.0.clone(), order).with_seed(seeds.take()));
                go.write(Go(Screen::Play));
            }
            StageAction::RetryFromStart => match &*room {
                // A free game keeps its turn order: the same setup again.
                Room::Free(setup) => {
                    free::start(&mut commands, setup, seeds.take());
                    go.write(Go(Screen::Play));
                }
                Room::Ladder => {
                    go.write(Go(Screen::Intro));
                }
            },
            StageAction::RetryFromMistake => match last.as_deref() {
                Some(LastMatch { table, mistake: Some(Mistake::Move { turn, .. }) }) => {
                    commands.insert_resource(table.rewound(*turn));
                    go.write(Go(Screen::Play));
                }
                // A wrong turn order is retried by choosing again.
                _ => {
                    go.write(Go(room.setup_screen()));
                }
            },
            StageAction::Strategy => {
                commands.insert_resource(StrategyReturn(*screen.get()));
                go.write(Go(Screen::Strategy));
            }
        }
    }
}
