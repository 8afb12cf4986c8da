//! The Snaky screen's keys: one keymap for every mode, and one each for playing (or watching) and
//! for reviewing. The same tables turn keys into [`SnakyInput`]s and [`ViewInput`]s and write
//! the key line under the board.

use bevy::prelude::*;

use super::board::{CURSOR_KEYS, Cursor, VIEW_KEYS, ViewInput};
use super::model::overlays::Layer;
use super::model::session::{SnakyInput, SnakyMode};
use super::model::watch::Watch;
use super::screen::SnakySystems;
use crate::app::Screen;
use crate::app::i18n::{Language, T};
use crate::app::keymap::{Binding, Keymap, Keys, wrap_parts};
use crate::snaky::BreakerKind;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, keyboard.before(SnakySystems::Input).run_if(in_state(Screen::Snaky)));
}

/// What a key does on the Snaky screen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SnakyKey {
    Game(SnakyInput),
    View(ViewInput),
    /// Claim the cell under the board cursor.
    ClaimCursor,
    /// Space: claims the cursor's cell, or runs and pauses a computer Breaker holding the game.
    Space,
}

use SnakyKey::{ClaimCursor, Game, Space, View};

/// The keys of every mode.
pub const KEYS: Keymap<SnakyKey> = Keymap(&[
    Binding::press(&[KeyCode::KeyL], View(ViewInput::LastMove), "L：最後の手", "L: last move"),
    Binding::press(
        &[KeyCode::KeyF],
        Game(SnakyInput::FarAway),
        "F：パス（遠くに打つ）",
        "F: pass (play far away)",
    ),
    Binding::press(&[KeyCode::KeyZ, KeyCode::Backspace], Game(SnakyInput::Undo), "Z：まった", "Z: undo"),
    Binding::press(&[KeyCode::KeyR], Game(SnakyInput::Restart), "R：はじめから", "R: restart"),
    Binding::press(&[KeyCode::KeyV], Game(SnakyInput::ToggleReview), "V：ふりかえり", "V: review"),
    Binding::press(&[KeyCode::KeyW], Game(SnakyInput::LessonCostliest), "W：学び", "W: lesson"),
    Binding::press(
        &[KeyCode::Digit1],
        Game(SnakyInput::Hand(BreakerKind::RandomNear)),
        "1〜5：COMに壊し手をまかせる",
        "1-5: a computer plays for you",
    ),
    Binding::unshown(&[KeyCode::Digit2], Game(SnakyInput::Hand(BreakerKind::EnvelopeRandom))),
    Binding::unshown(&[KeyCode::Digit3], Game(SnakyInput::Hand(BreakerKind::Greedy))),
    Binding::unshown(&[KeyCode::Digit4], Game(SnakyInput::Hand(BreakerKind::Perfect))),
    Binding::unshown(&[KeyCode::Digit5], Game(SnakyInput::Hand(BreakerKind::Mixed))),
    Binding::press(&[KeyCode::Space], Space, "Space：打つ／再生・停止", "Space: claim, or run/pause"),
    Binding::press(&[KeyCode::KeyN], Game(SnakyInput::Step), "N：1手", "N: step"),
    Binding::press(&[KeyCode::BracketLeft], Game(SnakyInput::Slower), "[／]：速さ", "[/]: speed"),
    Binding::unshown(&[KeyCode::BracketRight], Game(SnakyInput::Faster)),
    Binding::press(&[KeyCode::KeyT], Game(SnakyInput::TakeOver), "T：自分で打つ", "T: take over"),
    Binding::press(&[KeyCode::KeyK], Game(SnakyInput::OtherMaker), "K：作り手", "K: Maker"),
    // B, Tab, O and the overlays' letters are shown on their buttons ("Blind game B", "Analysis
    // (Tab)", "Cards O", "Keep free E", …): the key line keeps to the keys no button shows
    // (newcomers #78 and #79 found three dense lines of keys hard to read).
    Binding::unshown(&[KeyCode::KeyB], Game(SnakyInput::ToggleBlind)),
    Binding::unshown(&[KeyCode::Tab], Game(SnakyInput::ToggleAnalysis)),
    Binding::press(&[KeyCode::KeyG], Game(SnakyInput::HowToPlay), "G：遊び方", "G: how to play"),
    // Shown on its button ("as Maker (X)"): the key line keeps to three lines.
    Binding::unshown(&[KeyCode::KeyX], Game(SnakyInput::PlayAsMaker)),
    // Shown on its button after a game ("Practise 3 (Q)").
    Binding::unshown(&[KeyCode::KeyQ], Game(SnakyInput::Practice)),
    Binding::unshown(&[KeyCode::KeyO], Game(SnakyInput::BrowseCard)),
    Binding::unshown(&[KeyCode::KeyE], Game(SnakyInput::ToggleOverlay(Layer::Envelope))),
    Binding::unshown(&[KeyCode::KeyA], Game(SnakyInput::ToggleOverlay(Layer::Required))),
    Binding::unshown(&[KeyCode::KeyP], Game(SnakyInput::ToggleOverlay(Layer::Pivot))),
    Binding::unshown(&[KeyCode::KeyH], Game(SnakyInput::ToggleOverlay(Layer::Heat))),
    Binding::unshown(&[KeyCode::KeyI], Game(SnakyInput::ToggleOverlay(Layer::Hint))),
    Binding::press(
        &[KeyCode::KeyC],
        Game(SnakyInput::CopyRecord),
        "Ctrl+C／V：棋譜（ファイルのドロップも可）",
        "Ctrl+C/Ctrl+V: record (or drop a file)",
    )
    .ctrl(),
    Binding::unshown(&[KeyCode::KeyV], Game(SnakyInput::PasteRecord)).ctrl(),
]);

/// Playing or watching: the arrows move the board cursor, Enter (or Space) claims its cell, and
/// Esc leaves the screen.
pub const PLAY_KEYS: Keymap<SnakyKey> = Keymap(&[
    Binding::press(&[KeyCode::Enter, KeyCode::NumpadEnter], ClaimCursor, "Enter：打つ", "Enter: claim"),
    // Said in the rings' legend beside the lines it hides (the key line keeps to three lines).
    Binding::unshown(&[KeyCode::KeyS], Game(SnakyInput::ToggleShapes)),
    Binding::press(&[KeyCode::Escape], Game(SnakyInput::Back), "Esc：もどる", "Esc: back"),
]);

/// Reviewing: ← → step through the game, Home and End jump, Enter resumes, Esc stops reviewing.
pub const REVIEW_KEYS: Keymap<SnakyKey> = Keymap(&[
    Binding::press(&[KeyCode::ArrowLeft], Game(SnakyInput::ReviewStep(-1)), "← →：1手ずつ", "← →: step")
        .plain(),
    Binding::unshown(&[KeyCode::ArrowRight], Game(SnakyInput::ReviewStep(1))).plain(),
    Binding::press(
        &[KeyCode::Home],
        Game(SnakyInput::ReviewFirst),
        "Home／End：最初／最後",
        "Home/End: first/last",
    ),
    Binding::unshown(&[KeyCode::End], Game(SnakyInput::ReviewLast)),
    Binding::unshown(&[KeyCode::KeyS], Game(SnakyInput::ToggleShapes)),
    Binding::press(
        &[KeyCode::Enter, KeyCode::NumpadEnter],
        Game(SnakyInput::ResumeHere),
        "Enter：ここから再開",
        "Enter: resume from here",
    ),
    Binding::press(
        &[KeyCode::Escape],
        Game(SnakyInput::ToggleReview),
        "Esc・V：ふりかえりをやめる",
        "Esc or V: stop reviewing",
    ),
]);

/// The lesson: ← → play its line, Home and End jump, ↑ ↓ go to the player's costly move before
/// or after, S switches to the other line, Enter plays again from before the move, Esc closes it.
pub const LESSON_KEYS: Keymap<SnakyKey> = Keymap(&[
    Binding::press(&[KeyCode::ArrowLeft], Game(SnakyInput::LineStep(-1)), "← →：進行", "← →: play the line")
        .plain(),
    Binding::unshown(&[KeyCode::ArrowRight], Game(SnakyInput::LineStep(1))).plain(),
    Binding::press(
        &[KeyCode::Home],
        Game(SnakyInput::LineEnd(false)),
        "Home／End：最初／最後",
        "Home/End: start/end",
    ),
    Binding::unshown(&[KeyCode::End], Game(SnakyInput::LineEnd(true))),
    Binding::press(
        &[KeyCode::ArrowUp],
        Game(SnakyInput::LessonNeighbour(-1)),
        "↑ ↓：失点した手",
        "↑ ↓: costly moves",
    )
    .plain(),
    Binding::unshown(&[KeyCode::ArrowDown], Game(SnakyInput::LessonNeighbour(1))).plain(),
    Binding::press(&[KeyCode::KeyS], Game(SnakyInput::SwitchLine), "S：進行を切り替え", "S: other line"),
    Binding::press(
        &[KeyCode::Enter, KeyCode::NumpadEnter],
        Game(SnakyInput::ResumeHere),
        "Enter：この手の前から打ち直す",
        "Enter: play again from before this move",
    ),
    Binding::press(&[KeyCode::Escape], Game(SnakyInput::CloseLesson), "Esc：とじる", "Esc: close"),
]);

/// The arrows move the board cursor while playing or watching (reviewing, they step the game;
/// in the lesson, its line).
fn cursor_moves(mode: SnakyMode) -> bool {
    matches!(mode, SnakyMode::Play | SnakyMode::Watch)
}

/// The mode's own keys.
fn mode_keys(mode: SnakyMode) -> Keymap<SnakyKey> {
    match mode {
        SnakyMode::Review => REVIEW_KEYS,
        SnakyMode::Lesson => LESSON_KEYS,
        SnakyMode::Play | SnakyMode::Watch => PLAY_KEYS,
    }
}

/// The line under the board: the mouse, then the mode's keys and every mode's.
pub fn key_line(lang: Language, mode: SnakyMode) -> String {
    let head = match mode {
        SnakyMode::Review => T::Reviewing,
        SnakyMode::Lesson => T::InLesson,
        SnakyMode::Play | SnakyMode::Watch => T::SnakyMouse,
    };
    let mut first = vec![head.get(lang).to_string()];
    if cursor_moves(mode) {
        first.extend(CURSOR_KEYS.key_parts(lang, |_| true));
    }
    first.extend(mode_keys(mode).key_parts(lang, |_| true));
    // The keys that only steer a computer Breaker are listed while one plays (they still work,
    // unlisted, elsewhere), and the lesson's key while none does: a newcomer's key line holds
    // what they can use now.
    let watching = mode == SnakyMode::Watch;
    let mut every = VIEW_KEYS.key_parts(lang, |_| true);
    every.extend(KEYS.key_parts(lang, |key| {
        if watching { *key != Game(SnakyInput::LessonCostliest) } else { !watch_only(key) }
    }));
    let width = key_line_em(lang);
    format!("{}\n{}", wrap_parts(&first, lang, width), wrap_parts(&every, lang, width))
}

/// A key that only steers a watched computer Breaker: a step, its speed, taking over.
fn watch_only(key: &SnakyKey) -> bool {
    matches!(key, Game(SnakyInput::Step | SnakyInput::Slower | SnakyInput::Faster | SnakyInput::TakeOver))
}

/// The key line's width in ems (as [`wrap_parts`] counts them) of its text at the size it keeps at
/// 1024×768 (15 px, drawn at 12), where the board and the panel side by side are 1236 px: 82 of
/// them, so a Japanese line never wraps by itself, between a key and its word. [`wrap_parts`]
/// counts a Latin letter as 0.52 em, wider than the font's, so English lines may count 86.
fn key_line_em(lang: Language) -> f32 {
    match lang {
        Language::Japanese => 82.0,
        Language::English => 86.0,
    }
}

fn keyboard(
    keys: Keys,
    mode: Option<Res<State<SnakyMode>>>,
    cursor: Res<Cursor>,
    watch: Res<Watch>,
    mut game: MessageWriter<SnakyInput>,
    mut view: MessageWriter<ViewInput>,
) {
    let Some(mode) = mode else { return };
    let mode = *mode.get();
    let cursor_keys = if cursor_moves(mode) { keys.timed(CURSOR_KEYS, View) } else { Vec::new() };
    let actions = Keys::in_typed_order([
        cursor_keys,
        keys.timed(KEYS, |key| key),
        keys.timed(mode_keys(mode), |key| key),
        keys.timed(VIEW_KEYS, View),
    ]);
    for action in actions {
        let claim = match action {
            Game(input) => {
                game.write(input);
                continue;
            }
            View(input) => {
                view.write(input);
                continue;
            }
            ClaimCursor => true,
            // A computer Breaker holding the game (running or paused) runs and pauses on Space.
            Space => watch.breaker.is_none(),
        };
        game.write(if claim { SnakyInput::Claim(cursor.0) } else { SnakyInput::RunPause });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_computer_breaker_has_a_digit_and_the_key_line_names_exactly_those() {
        let hands: Vec<(KeyCode, BreakerKind)> = KEYS
            .0
            .iter()
            .filter_map(|binding| match &binding.action {
                Game(SnakyInput::Hand(kind)) => Some((binding.keys[0], *kind)),
                _ => None,
            })
            .collect();
        let digits = [KeyCode::Digit1, KeyCode::Digit2, KeyCode::Digit3, KeyCode::Digit4, KeyCode::Digit5];
        assert_eq!(hands, digits.into_iter().zip(BreakerKind::ALL).collect::<Vec<_>>());
        assert!(
            key_line(Language::English, SnakyMode::Play)
                .contains("1-5:\u{a0}a\u{a0}computer\u{a0}plays\u{a0}for\u{a0}you")
        );
        assert!(key_line(Language::Japanese, SnakyMode::Play).contains("1〜5：COMに壊し手をまかせる"));
    }

    #[test]
    fn the_watch_keys_are_listed_only_while_a_computer_breaker_plays() {
        for lang in [Language::Japanese, Language::English] {
            let step = if lang == Language::English { "N:\u{a0}step" } else { "N：1手" };
            assert!(key_line(lang, SnakyMode::Watch).contains(step));
            for mode in [SnakyMode::Play, SnakyMode::Review, SnakyMode::Lesson] {
                assert!(!key_line(lang, mode).contains(step), "{mode:?} {lang:?}");
            }
        }
    }

    #[test]
    fn the_key_line_keeps_to_three_lines_in_every_mode() {
        // The screen leaves room for three lines (issue 33: at 1024×768 they are 12 px).
        for mode in [SnakyMode::Play, SnakyMode::Review, SnakyMode::Watch, SnakyMode::Lesson] {
            for lang in [Language::Japanese, Language::English] {
                let line = key_line(lang, mode);
                assert!(line.lines().count() <= 3, "{mode:?} {lang:?}:\n{line}");
            }
        }
    }

    #[test]
    fn reviewing_the_arrows_step_through_the_game_and_esc_stops_reviewing() {
        let mut keys = ButtonInput::<KeyCode>::default();
        keys.press(KeyCode::ArrowLeft);
        keys.press(KeyCode::Escape);
        assert_eq!(
            REVIEW_KEYS.actions(&keys),
            [Game(SnakyInput::ReviewStep(-1)), Game(SnakyInput::ToggleReview)]
        );
        assert_eq!(PLAY_KEYS.actions(&keys), [Game(SnakyInput::Back)]);
        assert_eq!(CURSOR_KEYS.actions(&keys), [ViewInput::Cursor { x: -1, y: 0 }]);
        assert_eq!(
            LESSON_KEYS.actions(&keys),
            [Game(SnakyInput::LineStep(-1)), Game(SnakyInput::CloseLesson)]
        );
        // With Shift the arrows pan in every mode, and move neither the cursor nor the review.
        keys.press(KeyCode::ShiftLeft);
        assert_eq!(VIEW_KEYS.actions(&keys), [ViewInput::Pan { x: -1, y: 0 }]);
        assert_eq!(REVIEW_KEYS.actions(&keys), [Game(SnakyInput::ToggleReview)]);
        assert_eq!(PLAY_KEYS.actions(&keys), [Game(SnakyInput::Back)]);
        assert!(CURSOR_KEYS.actions(&keys).is_empty());
        assert!(
            key_line(Language::English, SnakyMode::Review)
                .contains("Esc\u{a0}or\u{a0}V:\u{a0}stop\u{a0}reviewing")
        );
    }
}
