//! Result: a win opens the next stage; a loss shows the exact mistake and what was right.

use bevy::prelude::*;

use super::free::Room;
use super::{LastMatch, StageAction};
use crate::app::i18n::{self, Lang, Language, T};
use crate::app::keymap::{Binding, Keymap};
use crate::app::theme::palette;
use crate::app::theme::widgets::{self, ButtonKind, send};
use crate::app::{Go, Screen};
use crate::pokopoko::{Mistake, Side};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Result), spawn_result)
        .add_systems(Update, keyboard.run_if(in_state(Screen::Result)));
}

/// The lesson for a lost match, in words (SPEC §1.5).
pub fn lesson(lang: Language, last: &LastMatch) -> Option<String> {
    let mistake = last.mistake.as_ref()?;
    let rule = last.table.game().solver().rule();
    let move_number = match mistake {
        Mistake::Move { turn, .. } => last.table.human_move_number(*turn),
        Mistake::TurnOrder { .. } => 0,
    };
    Some(i18n::mistake(lang, mistake, &rule, move_number))
}

fn spawn_result(mut commands: Commands, lang: Res<Lang>, last: Option<Res<LastMatch>>, room: Res<Room>) {
    let lang = lang.0;
    let Some(last) = last else { return };
    let stage = last.table.stage();
    let won = last.won();
    commands.spawn(widgets::screen_root(Screen::Result)).with_children(|root| {
        root.spawn(widgets::label(room.title(lang, stage)));
        let (headline, ink) = if won { (T::Won, palette::GOOD) } else { (T::Lost, palette::BAD) };
        root.spawn(widgets::text(headline.get(lang), 72.0, ink));
        if won && room.is_free() {
            root.spawn(widgets::paragraph(T::FreeWon.get(lang), 24.0, 860.0));
        } else if won {
            root.spawn(widgets::paragraph(i18n::won_text(lang, stage.number), 24.0, 860.0));
        }
        if let Some(lesson) = lesson(lang, &last) {
            root.spawn((
                Node {
                    flex_direction: FlexDirection::Column,
                    align_items: AlignItems::Center,
                    row_gap: px(8),
                    padding: UiRect::axes(px(28), px(18)),
                    border_radius: BorderRadius::all(px(22)),
                    max_width: px(940),
                    ..default()
                },
                BackgroundColor(palette::BAD_SOFT),
                children![
                    widgets::text(T::TheMistake.get(lang), 22.0, palette::BAD),
                    widgets::paragraph(lesson, 24.0, 880.0),
                ],
            ));
        }
        root.spawn(history(lang, &last));
        root.spawn(widgets::row(16.0)).with_children(|row| {
            if won && room.is_free() {
                row.spawn(widgets::button(T::FreePlayAgain.get(lang), ButtonKind::Primary))
                    .observe(send(StageAction::RetryFromStart));
            } else if won {
                row.spawn(widgets::button(T::NextStage.get(lang), ButtonKind::Primary))
                    .observe(send(StageAction::Open(stage.number + 1)));
                row.spawn(widgets::button(T::RetryStart.get(lang), ButtonKind::Secondary))
                    .observe(send(StageAction::RetryFromStart));
            } else {
                if matches!(last.mistake, Some(Mistake::Move { .. })) {
                    row.spawn(widgets::button(T::RetryFromMove.get(lang), ButtonKind::Primary))
                        .observe(send(StageAction::RetryFromMistake));
                }
                let kind = if matches!(last.mistake, Some(Mistake::Move { .. })) {
                    ButtonKind::Secondary
                } else {
                    ButtonKind::Primary
                };
                row.spawn(widgets::button(T::RetryStart.get(lang), kind))
                    .observe(send(StageAction::RetryFromStart));
            }
        });
        root.spawn(widgets::row(16.0)).with_children(|row| {
            let (back, to) = if room.is_free() {
                (T::FreeToSetup.get(lang), Screen::FreeSetup)
            } else {
                (T::ToStages.get(lang), Screen::Ladder)
            };
            row.spawn(widgets::sized_button(back, ButtonKind::Secondary, 240.0, 20.0)).observe(send(Go(to)));
            row.spawn(widgets::sized_button(T::SeeStrategy.get(lang), ButtonKind::Secondary, 240.0, 20.0))
                .observe(send(StageAction::Strategy));
        });
        root.spawn(widgets::key_line(keymap(&room).key_line(lang)));
    });
}

/// The turns of the match as chips, the mistaken one marked.
fn history(lang: Language, last: &LastMatch) -> impl Bundle {
    let wrong_turn = match last.mistake {
        Some(Mistake::Move { turn, .. }) => Some(turn),
        _ => None,
    };
    let chips: Vec<_> = last
        .table
        .game()
        .history()
        .iter()
        .enumerate()
        .map(|(index, turn)| {
            let com = turn.side == Side::Com;
            let (face, ink) = match (wrong_turn == Some(index), com) {
                (true, _) => (palette::BAD, palette::ON_PRIMARY),
                (false, true) => (palette::PRESSED_BY_COM, palette::INK),
                (false, false) => (palette::PRESSED_BY_YOU, palette::INK),
            };
            (
                Node { padding: UiRect::axes(px(12), px(5)), border_radius: BorderRadius::MAX, ..default() },
                BackgroundColor(face),
                children![widgets::text(
                    i18n::turn_line(lang, com, turn.count, turn.remaining_after()),
                    16.0,
                    ink
                )],
            )
        })
        .collect();
    (
        Node {
            flex_wrap: FlexWrap::Wrap,
            justify_content: JustifyContent::Center,
            max_width: px(1100),
            row_gap: px(6),
            column_gap: px(6),
            ..default()
        },
        Children::spawn(bevy::ecs::spawn::SpawnIter(chips.into_iter())),
    )
}

/// What a key does on the result screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ResultKey {
    /// The next stage after a win, a retry from the mistake after a loss (free play: again).
    Next,
    RetryFromStart,
    Back,
}

/// The ladder's result keys.
const KEYS: Keymap<ResultKey> = Keymap(&[
    Binding::press(
        &[KeyCode::Enter, KeyCode::NumpadEnter],
        ResultKey::Next,
        "Enter：つぎへ／やりなおす",
        "Enter: next / retry",
    ),
    Binding::press(&[KeyCode::KeyR], ResultKey::RetryFromStart, "R：さいしょから", "R: from the start"),
    Binding::press(&[KeyCode::Escape], ResultKey::Back, "Esc：ステージ一覧", "Esc: stage list"),
]);

/// Free play's result keys: the same actions, back to the setup.
const FREE_KEYS: Keymap<ResultKey> = Keymap(&[
    Binding::press(
        &[KeyCode::Enter, KeyCode::NumpadEnter],
        ResultKey::Next,
        "Enter：もう一度／やりなおす",
        "Enter: again / retry",
    ),
    Binding::press(&[KeyCode::KeyR], ResultKey::RetryFromStart, "R：さいしょから", "R: from the start"),
    Binding::press(&[KeyCode::Escape], ResultKey::Back, "Esc：設定", "Esc: setup"),
]);

fn keymap(room: &Room) -> Keymap<ResultKey> {
    if room.is_free() { FREE_KEYS } else { KEYS }
}

fn keyboard(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    last: Option<Res<LastMatch>>,
    room: Res<Room>,
    mut actions: MessageWriter<StageAction>,
    mut go: MessageWriter<Go>,
) {
    let (Some(keys), Some(last)) = (keys, last) else { return };
    match keymap(&room).actions(&keys).first() {
        Some(ResultKey::Next) => {
            actions.write(if last.won() && room.is_free() {
                StageAction::RetryFromStart
            } else if last.won() {
                StageAction::Open(last.table.stage().number + 1)
            } else {
                StageAction::RetryFromMistake
            });
        }
        Some(ResultKey::RetryFromStart) => {
            actions.write(StageAction::RetryFromStart);
        }
        Some(ResultKey::Back) => {
            go.write(Go(if room.is_free() { Screen::FreeSetup } else { Screen::Ladder }));
        }
        None => {}
    }
}
