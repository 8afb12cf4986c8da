//! Taps: clicks whose pointer move, press and release reach the game in one frame (a touchpad tap,
//! a touch screen, remote desktop, `xdotool mousemove X Y click 1`).
//!
//! Bevy's picking (`bevy_picking::events::pointer_events`) sends `Press` to what the pointer
//! hovers now but `Click` to what it hovered in the *previous* frame, so a tap that lands on a
//! button presses it and never clicks it. This delivers exactly those lost clicks: to what is under
//! the pointer where it pressed and released, when picking did not click it itself.

use std::time::Duration;

use bevy::picking::events::{Click, Pointer};
use bevy::picking::hover::{HoverMap, PreviousHoverMap};
use bevy::picking::pointer::{PointerAction, PointerButton, PointerId, PointerInput};
use bevy::picking::{PickingSettings, PickingSystems};
use bevy::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    // After picking has sent this frame's pointer events, so its own clicks are known; only where
    // picking runs (the headless tests without it have nothing to tap).
    app.add_systems(
        PreUpdate,
        click_taps
            .in_set(PickingSystems::PostHover)
            .run_if(resource_exists::<PreviousHoverMap>.and_then(PickingSettings::hover_should_run)),
    );
}

/// Clicks what a press and a release in this frame, with no move after the press, landed on.
///
/// Picking pressed everything in the `HoverMap` (under the pointer's final position) and clicks, on
/// release, only what is also in the `PreviousHoverMap`; the rest is ours. One click each, never two.
fn click_taps(
    mut inputs: MessageReader<PointerInput>,
    hover_map: Res<HoverMap>,
    previous_hover_map: Res<PreviousHoverMap>,
    mut clicks: MessageWriter<Pointer<Click>>,
    mut commands: Commands,
) {
    let inputs: Vec<&PointerInput> = inputs.read().collect();
    // A move after the press means the hover map is not where the press and release were.
    let last_move = |pointer: PointerId| {
        inputs.iter().rposition(|input| {
            input.pointer_id == pointer
                && matches!(input.action, PointerAction::Move { delta } if delta != Vec2::ZERO)
        })
    };
    // The presses of this frame, by pointer and button, with their place in the input.
    let mut pressed: Vec<(PointerId, PointerButton, usize)> = Vec::new();
    for (index, input) in inputs.iter().enumerate() {
        let pointer = input.pointer_id;
        match input.action {
            PointerAction::Press(button) => pressed.push((pointer, button, index)),
            PointerAction::Cancel => pressed.retain(|&(p, _, _)| p != pointer),
            PointerAction::Release(button) => {
                let Some(at) = pressed.iter().position(|&(p, b, _)| (p, b) == (pointer, button)) else {
                    continue; // pressed in an earlier frame: picking's own click
                };
                let (_, _, press) = pressed.swap_remove(at);
                if last_move(pointer).is_some_and(|moved| moved > press) {
                    continue;
                }
                let Some(under) = hover_map.get(&pointer) else { continue };
                let before = previous_hover_map.get(&pointer);
                for (&entity, hit) in under {
                    if before.is_some_and(|before| before.contains_key(&entity)) {
                        continue; // picking clicked it
                    }
                    let click = Click { button, hit: hit.clone(), duration: Duration::ZERO, count: 1 };
                    let click = Pointer::new(pointer, input.location.clone(), click, entity);
                    commands.trigger(click.clone());
                    clicks.write(click);
                }
            }
            PointerAction::Move { .. } | PointerAction::Scroll { .. } => {}
        }
    }
}
