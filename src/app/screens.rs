//! The screens of the game, and going from one to another: every screen is a state of [`Screen`];
//! a back button, a key or a finished match asks for the next one with [`Go`].

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_state::<Screen>()
        .add_message::<Go>()
        // After every screen's Update systems, so a request made this frame is never left for
        // the next one by the scheduler's order: the screen changes at the next frame's start.
        .add_systems(PostUpdate, go_to_screen);
}

/// The screens of the game.
#[derive(States, Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Screen {
    #[default]
    Menu,
    About,
    Ladder,
    Intro,
    Play,
    Result,
    Strategy,
    Snaky,
    /// The Snaky card browser.
    Cards,
    /// Free play's setup (its matches use `Play`, `Result` and `Strategy`).
    FreeSetup,
    /// The Snaky primer ("How to play"); the menu's Snaky entry opens it on the first visit.
    SnakyLearn,
    /// Snaky as Maker: the player builds against a computer Breaker, the proof as coach.
    SnakyMaker,
    /// Snaky practice: boards of the player's last game, turned, to find a reply that holds.
    SnakyPractice,
}

/// Go to a screen (sent by back buttons and the like).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Go(pub Screen);

/// The game the Snaky primer was opened from (How to play in a Breaker game, How to win in a
/// Maker game): its Esc and Back go back there rather than to the menu (newcomer #64 lost their
/// place). Set by the game that opens the primer, cleared as the primer closes.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct LearnReturn(pub Screen);

fn go_to_screen(mut requests: MessageReader<Go>, mut next: ResMut<NextState<Screen>>) {
    if let Some(Go(screen)) = requests.read().last() {
        next.set(*screen);
    }
}
