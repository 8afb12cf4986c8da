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
pub mod state;
mod strategy;
pub mod table;

use bevy::prelude::*;

pub use free::{FreeAction, PracticeHint, start_resources as free_play};
pub use ladder::{LadderTile, record_stats, stage_record};
pub use play::{PlayInput, Refusal};
pub use result::{lesson as lesson_text, sample_lost_match};
pub use room::Room;
pub use state::{CurrentStage, LastMatch, MatchSeeds, Pace, StageAction, StrategyReturn};
pub use strategy::Reveal;
pub use table::{ButtonState, Direction, RefusalReason, Table};

use super::storage::{SaveData, StageLadder};
use super::{Go, Screen};
use crate::pokopoko::Mistake;

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
