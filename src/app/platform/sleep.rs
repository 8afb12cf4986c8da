//! Sleeping when idle: the window is redrawn only when something changes (input, a resize, a new
//! screen) or while something moves (the COM's presses, a refused-move flash, the certificate
//! checks, a held key). A watched computer Breaker wakes the game for each of its moves and lets
//! it sleep in between. Everything else waits for the next event.
//!
//! Bevy's reactive update mode runs a frame for every window event. Screens say what happens with
//! [`GameEvent`]s, settled with a few frames; something animating asks for the next frame with
//! [`Redraw`], and [`WakeAt`] sets the alarm. Nothing here looks inside a screen.
//!
//! Ctrl+C (SIGINT) wakes the game too ([`wake_on_interrupt`]): asleep, it would otherwise exit only
//! at the next event, up to [`IDLE_WAKE`] later.

use std::time::{Duration, Instant};

use bevy::app::{TerminalCtrlCHandlerPlugin, ctrlc};
use bevy::input::keyboard::KeyboardInput;
use bevy::input::mouse::{MouseButtonInput, MouseWheel};
use bevy::input::touch::TouchInput;
use bevy::prelude::*;
use bevy::window::{
    CursorLeft, CursorMoved, FileDragAndDrop, Ime, RequestRedraw, WindowFocused, WindowResized,
    WindowScaleFactorChanged,
};
use bevy::winit::{EventLoopProxy, EventLoopProxyWrapper, UpdateMode, WinitSettings, WinitUserEvent};

use crate::app::Screen;
use crate::app::events::{GameEvent, Redraw, WakeAt};

/// Frames still drawn after an input or a change of screen, so what it set off (a screen change
/// takes effect the next frame, its layout and text the same one) is on screen before sleeping.
pub const SETTLE_FRAMES: u32 = 3;

/// With nothing happening at all, one frame every so often anyway (a safety net).
pub const IDLE_WAKE: Duration = Duration::from_secs(60);

/// The window's update mode: a frame per window event or redraw request, focused or not. Raw
/// device events (mouse motion outside the window) do not wake the game.
pub fn winit_settings() -> WinitSettings {
    WinitSettings {
        focused_mode: UpdateMode::reactive_low_power(IDLE_WAKE),
        unfocused_mode: UpdateMode::reactive_low_power(IDLE_WAKE),
    }
}

pub(crate) fn plugin(app: &mut App) {
    // Registered by the window and input plugins in the game; tests run without a window.
    app.add_message::<RequestRedraw>()
        .add_message::<CursorMoved>()
        .add_message::<CursorLeft>()
        .add_message::<WindowResized>()
        .add_message::<WindowScaleFactorChanged>()
        .add_message::<WindowFocused>()
        .add_message::<FileDragAndDrop>()
        .add_message::<Ime>()
        .add_message::<KeyboardInput>()
        .add_message::<MouseButtonInput>()
        .add_message::<MouseWheel>()
        .add_message::<TouchInput>()
        .init_resource::<Settling>()
        .init_resource::<Alarm>()
        .add_systems(Last, (settle_after_events, settle_after_input, set_alarm, ring_alarm).chain());
}

/// Frames left to draw after the last input or change of screen.
#[derive(Resource, Debug, Default)]
struct Settling(u32);

#[derive(bevy::ecs::system::SystemParam)]
struct Inputs<'w, 's> {
    keys: MessageReader<'w, 's, KeyboardInput>,
    buttons: MessageReader<'w, 's, MouseButtonInput>,
    wheel: MessageReader<'w, 's, MouseWheel>,
    touch: MessageReader<'w, 's, TouchInput>,
    cursor: MessageReader<'w, 's, CursorMoved>,
    left: MessageReader<'w, 's, CursorLeft>,
    resized: MessageReader<'w, 's, WindowResized>,
    scale: MessageReader<'w, 's, WindowScaleFactorChanged>,
    focus: MessageReader<'w, 's, WindowFocused>,
    dropped: MessageReader<'w, 's, FileDragAndDrop>,
    ime: MessageReader<'w, 's, Ime>,
}

impl Inputs<'_, '_> {
    /// Whether anything came in this frame (each reader is drained).
    fn any(&mut self) -> bool {
        // `|`, not `||`: every reader is emptied, so nothing counts twice next frame.
        (self.keys.read().count()
            | self.buttons.read().count()
            | self.wheel.read().count()
            | self.touch.read().count()
            | self.cursor.read().count()
            | self.left.read().count()
            | self.resized.read().count()
            | self.scale.read().count()
            | self.focus.read().count()
            | self.dropped.read().count()
            | self.ime.read().count())
            > 0
    }
}

/// After an input, a resize or a new screen, draws a few more frames; a held key keeps drawing
/// (the Snaky board pans while an arrow is down).
fn settle_after_input(
    mut inputs: Inputs,
    screen: Res<State<Screen>>,
    next: Res<NextState<Screen>>,
    keys: Option<Res<ButtonInput<KeyCode>>>,
    mut settling: ResMut<Settling>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let held = keys.is_some_and(|keys| keys.get_pressed().next().is_some());
    let pending = !matches!(*next, NextState::Unchanged);
    if inputs.any() || screen.is_changed() || pending || held {
        settling.0 = SETTLE_FRAMES;
    }
    if settling.0 > 0 {
        settling.0 -= 1;
        redraw.write(RequestRedraw);
    }
}

/// Something animating draws the next frame; anything that happened (a press, a stone, the end of
/// a match) is settled with a few frames, so what it spawned is placed before sleeping.
fn settle_after_events(
    mut redraws: MessageReader<Redraw>,
    mut events: MessageReader<GameEvent>,
    mut settling: ResMut<Settling>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    redraw.write_batch(redraws.read().map(|_| RequestRedraw));
    if events.read().count() > 0 {
        settling.0 = settling.0.max(SETTLE_FRAMES);
    }
}

/// The latest wake-up asked for this frame becomes the alarm; none asked for cancels it.
fn set_alarm(mut wakes: MessageReader<WakeAt>, mut alarm: ResMut<Alarm>) {
    alarm.set_if_neq(Alarm(wakes.read().last().copied()));
}

/// When the game must wake up by itself (a watched computer Breaker's next move); `None` when
/// nothing is due. The window's plugin rings it (see [`ring_alarm`]).
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Alarm(pub Option<WakeAt>);

/// Rings each new alarm: a thread sleeps until it is due on the wall clock (the alarm's moment on
/// Bevy's real-time clock, counted from this frame's), then wakes the window's event loop, which
/// runs a frame. An alarm changed or cancelled meanwhile rings anyway, into a frame that does
/// nothing new and goes back to sleep. Woken, the frame's clock can still be behind the moment (it
/// is the render world's last instant, from before the sleep): frames are drawn until it has
/// caught up.
pub fn ring_alarm(
    alarm: Res<Alarm>,
    time: Res<Time<Real>>,
    proxy: Option<Res<EventLoopProxyWrapper>>,
    mut rung: Local<Option<Instant>>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let Some(WakeAt { clock }) = alarm.0 else {
        *rung = None;
        return;
    };
    if !alarm.is_changed() {
        if rung.is_some_and(|due| Instant::now() >= due) {
            redraw.write(RequestRedraw);
        }
        return;
    }
    let due = Instant::now() + clock.saturating_sub(time.elapsed());
    *rung = Some(due);
    let Some(proxy) = proxy else { return };
    let proxy: EventLoopProxy<WinitUserEvent> = (**proxy).clone();
    std::thread::spawn(move || {
        std::thread::sleep(due.saturating_duration_since(Instant::now()));
        // The loop is gone when the game has quit meanwhile: nothing to wake.
        let _ = proxy.send_event(WinitUserEvent::WakeUp);
    });
}

/// Ctrl+C ends the windowed game within a frame, asleep or not: the handler does what Bevy's
/// [`TerminalCtrlCHandlerPlugin`] does (a second Ctrl+C ends the process at once) and wakes the
/// event loop, whose next frame sends [`AppExit`] with code 130. Replaces that plugin, which only
/// sets a flag for a next frame that a sleeping game does not have; add it after the window's
/// plugins (they make the event loop).
pub fn wake_on_interrupt(app: &mut App) {
    let proxy: Option<EventLoopProxy<WinitUserEvent>> =
        app.world().get_resource::<EventLoopProxyWrapper>().map(|proxy| (**proxy).clone());
    exit_on_interrupt(app, move || {
        if let Some(proxy) = &proxy {
            // The loop is gone when the game is quitting already: nothing to wake.
            let _ = proxy.send_event(WinitUserEvent::WakeUp);
        }
    });
}

/// Ends the app at its next frame after Ctrl+C, and calls `wake` (from the handler's thread) so
/// that the next frame comes at once. A process that was started with Ctrl+C ignored (in the
/// background of a script) keeps ignoring it.
pub fn exit_on_interrupt(app: &mut App, wake: impl Fn() + Send + 'static) {
    let handled = ctrlc::try_set_handler(move || {
        TerminalCtrlCHandlerPlugin::gracefully_exit();
        wake();
    });
    match handled {
        Ok(()) => {}
        Err(ctrlc::Error::MultipleHandlers) => {
            debug!("Ctrl+C was ignored or handled already when the game started")
        }
        Err(err) => warn!("Ctrl+C will not end the game: {err}"),
    }
    app.add_systems(Update, TerminalCtrlCHandlerPlugin::exit_on_flag);
}
