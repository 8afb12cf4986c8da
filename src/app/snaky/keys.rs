//! The Snaky screen's keys: one keymap for every mode, and one each for playing (or watching) and
//! for reviewing. The same tables turn keys into [`SnakyInput`]s and [`ViewInput`]s and write
//! the key line under the board.

use bevy::prelude::*;

use super::board::ViewInput;
use super::model::overlays::Layer;
use super::model::session::{SnakyInput, SnakyMode};
use super::screen::SnakySystems;
use crate::app::Screen;
use crate::app::i18n::{Language, T};
use crate::app::keymap::{Binding, Keymap, Keys};
use crate::snaky::BreakerKind;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, keyboard.before(SnakySystems::Input).run_if(in_state(Screen::Snaky)));
}

/// What a key does on the Snaky screen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SnakyKey {
    Game(SnakyInput),
    View(ViewInput),
}

use SnakyKey::{Game, View};

/// The keys of every mode.
pub const KEYS: Keymap<SnakyKey> = Keymap(&[
    Binding::press(&[KeyCode::ArrowUp], View(ViewInput::Pan { x: 0, y: -1 }), "矢印：移動", "Arrows: pan")
        .held(),
    Binding::unshown(&[KeyCode::ArrowDown], View(ViewInput::Pan { x: 0, y: 1 })).held(),
    Binding::press(
        &[KeyCode::Equal, KeyCode::NumpadAdd],
        View(ViewInput::ZoomIn),
        "＋／－：拡大",
        "+/-: zoom",
    ),
    Binding::unshown(&[KeyCode::Minus, KeyCode::NumpadSubtract], View(ViewInput::ZoomOut)),
    Binding::press(&[KeyCode::KeyC], View(ViewInput::Centre), "C：中央", "C: centre"),
    Binding::press(&[KeyCode::KeyL], View(ViewInput::LastMove), "L：最後の手", "L: last move"),
    Binding::press(&[KeyCode::KeyF], Game(SnakyInput::FarAway), "F：遠くに打つ", "F: far away"),
    Binding::press(&[KeyCode::KeyZ, KeyCode::Backspace], Game(SnakyInput::Undo), "Z：まった", "Z: undo"),
    Binding::press(&[KeyCode::KeyR], Game(SnakyInput::Restart), "R：はじめから", "R: restart"),
    Binding::press(&[KeyCode::KeyV], Game(SnakyInput::ToggleReview), "V：ふりかえり", "V: review"),
    Binding::press(
        &[KeyCode::Digit1],
        Game(SnakyInput::Hand(BreakerKind::RandomNear)),
        "1〜5：COMの壊し手",
        "1-5: computer Breaker",
    ),
    Binding::unshown(&[KeyCode::Digit2], Game(SnakyInput::Hand(BreakerKind::EnvelopeRandom))),
    Binding::unshown(&[KeyCode::Digit3], Game(SnakyInput::Hand(BreakerKind::Greedy))),
    Binding::unshown(&[KeyCode::Digit4], Game(SnakyInput::Hand(BreakerKind::Perfect))),
    Binding::unshown(&[KeyCode::Digit5], Game(SnakyInput::Hand(BreakerKind::Mixed))),
    Binding::press(&[KeyCode::Space], Game(SnakyInput::RunPause), "Space：再生／停止", "Space: run/pause"),
    Binding::press(&[KeyCode::KeyN], Game(SnakyInput::Step), "N：1手", "N: step"),
    Binding::press(&[KeyCode::BracketLeft], Game(SnakyInput::Slower), "[／]：速さ", "[/]: speed"),
    Binding::unshown(&[KeyCode::BracketRight], Game(SnakyInput::Faster)),
    Binding::press(&[KeyCode::KeyT], Game(SnakyInput::TakeOver), "T：自分で打つ", "T: take over"),
    Binding::press(&[KeyCode::KeyK], Game(SnakyInput::OtherMaker), "K：作り手", "K: Maker"),
    Binding::press(&[KeyCode::KeyB], Game(SnakyInput::ToggleBlind), "B：目かくし", "B: blind"),
    Binding::press(&[KeyCode::Tab], Game(SnakyInput::ToggleAnalysis), "Tab：分析", "Tab: analysis"),
    Binding::press(&[KeyCode::KeyG], Game(SnakyInput::HowToPlay), "G：遊び方", "G: how to play"),
    Binding::press(&[KeyCode::KeyO], Game(SnakyInput::BrowseCard), "O：図鑑", "O: cards"),
    Binding::press(
        &[KeyCode::KeyE],
        Game(SnakyInput::ToggleOverlay(Layer::Envelope)),
        "E／A／P／H／I：表示",
        "E/A/P/H/I: overlays",
    ),
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

/// Playing or watching: ← → pan too, and Esc leaves the screen.
pub const PLAY_KEYS: Keymap<SnakyKey> = Keymap(&[
    Binding::unshown(&[KeyCode::ArrowLeft], View(ViewInput::Pan { x: -1, y: 0 })).held(),
    Binding::unshown(&[KeyCode::ArrowRight], View(ViewInput::Pan { x: 1, y: 0 })).held(),
    Binding::press(&[KeyCode::Escape], Game(SnakyInput::Back), "Esc：もどる", "Esc: back"),
]);

/// Reviewing: ← → step through the game, Home and End jump, Enter resumes, Esc stops reviewing.
pub const REVIEW_KEYS: Keymap<SnakyKey> = Keymap(&[
    Binding::press(&[KeyCode::ArrowLeft], Game(SnakyInput::ReviewStep(-1)), "← →：1手ずつ", "← →: step"),
    Binding::unshown(&[KeyCode::ArrowRight], Game(SnakyInput::ReviewStep(1))),
    Binding::press(
        &[KeyCode::Home],
        Game(SnakyInput::ReviewFirst),
        "Home／End：最初／最後",
        "Home/End: first/last",
    ),
    Binding::unshown(&[KeyCode::End], Game(SnakyInput::ReviewLast)),
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

/// The mode's own keys.
fn mode_keys(mode: SnakyMode) -> Keymap<SnakyKey> {
    if mode == SnakyMode::Review { REVIEW_KEYS } else { PLAY_KEYS }
}

/// The line under the board: the mouse, then the mode's keys and every mode's.
pub fn key_line(lang: Language, mode: SnakyMode) -> String {
    let gap = match lang {
        Language::Japanese => "　",
        Language::English => "   ",
    };
    let mouse = T::SnakyMouse.get(lang);
    let (mode_line, every) = (mode_keys(mode).key_line(lang), KEYS.key_line(lang));
    match mode {
        SnakyMode::Review => format!("{}{gap}{mode_line}\n{every}", T::Reviewing.get(lang)),
        _ => format!("{mouse}{gap}{every}{gap}{mode_line}"),
    }
}

fn keyboard(
    keys: Keys,
    mode: Option<Res<State<SnakyMode>>>,
    mut game: MessageWriter<SnakyInput>,
    mut view: MessageWriter<ViewInput>,
) {
    let Some(mode) = mode else { return };
    let actions = keys.actions(KEYS).into_iter().chain(keys.actions(mode_keys(*mode.get())));
    for action in actions {
        match action {
            Game(input) => {
                game.write(input);
            }
            View(input) => {
                view.write(input);
            }
        }
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
        assert!(key_line(Language::English, SnakyMode::Play).contains("1-5:\u{a0}computer\u{a0}Breaker"));
        assert!(key_line(Language::Japanese, SnakyMode::Play).contains("1〜5：COMの壊し手"));
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
        assert_eq!(PLAY_KEYS.actions(&keys), [View(ViewInput::Pan { x: -1, y: 0 }), Game(SnakyInput::Back)]);
        assert!(
            key_line(Language::English, SnakyMode::Review)
                .contains("Esc\u{a0}or\u{a0}V:\u{a0}stop\u{a0}reviewing")
        );
    }
}
