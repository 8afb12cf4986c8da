//! What the player hears of what happened: each [`GameEvent`] a screen sends, as its cue.

use bevy::prelude::*;

use super::wants::PlaySound;
use crate::app::events::{GameEvent, Stones};
use crate::synth::Cue;

/// The cue that tells a player what happened; `None` for what is seen, not heard.
pub fn hear(event: GameEvent) -> Option<Cue> {
    Some(match event {
        GameEvent::Pressed { buttons } => Cue::Press { buttons },
        GameEvent::ComPressed => Cue::ComPress,
        GameEvent::Stones(Stones::Breaker) => Cue::BreakerStone,
        GameEvent::Stones(Stones::Maker) => Cue::MakerStone,
        GameEvent::Stones(Stones::Exchange) => Cue::Exchange,
        GameEvent::Refused => Cue::Refused,
        GameEvent::Costly { .. } => Cue::Costly,
        GameEvent::Threat { double } => Cue::Threat { double },
        GameEvent::Ended { won: true } => Cue::Won,
        GameEvent::Ended { won: false } => Cue::Lost,
    })
}

pub(super) fn game_events(mut events: MessageReader<GameEvent>, mut sounds: MessageWriter<PlaySound>) {
    sounds.write_batch(events.read().filter_map(|&event| hear(event)).map(PlaySound));
}
