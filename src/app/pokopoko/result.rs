//! Result: a win opens the next stage; a loss shows the exact mistake and what was right.

use bevy::prelude::*;

use super::free;
use super::room::Room;
use super::state::{CurrentStage, LastMatch, StageAction};
use super::strategy::SpoilerShown;
use super::table::Table;
use crate::app::i18n::{self, Lang, Language, T};
use crate::app::keymap::{Binding, Keymap, Keys};
use crate::app::open::Open;
use crate::app::storage::StageLadder;
use crate::app::theme::palette;
use crate::app::theme::widgets::{self, ButtonKind, send};
use crate::app::{Go, SaveData, Screen};
use crate::pokopoko::{Mistake, Side, Stage};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Result), (open_as_asked, spawn_result).chain())
        .add_systems(Update, keyboard.run_if(in_state(Screen::Result)));
}

/// The lesson for a lost match, in words (SPEC §1.5). Until the player has revealed the strategy
/// page for these picks (`revealed`), it names the mistake and the right move without the rule.
pub fn lesson(lang: Language, last: &LastMatch, revealed: bool) -> Option<String> {
    let mistake = last.mistake.as_ref()?;
    let rule = last.table.game().solver().rule();
    let move_number = match mistake {
        Mistake::Move { turn, .. } => last.table.human_move_number(*turn),
        Mistake::TurnOrder { .. } => 0,
    };
    Some(i18n::mistake(lang, mistake, revealed.then_some(&rule), move_number))
}

/// `--open result:N` or `free-result:RULE@N`: a match of that stage or rule lost by one wrong move.
fn open_as_asked(mut commands: Commands, open: Option<Res<Open>>, ladder: Res<StageLadder>) {
    match open.as_deref() {
        Some(Open::Result(number)) => {
            let Some(stage) = ladder.ladder.stage(*number) else { return };
            commands.insert_resource(sample_lost_match(&stage));
            commands.insert_resource(CurrentStage(stage));
        }
        Some(Open::FreeResult(setup)) => {
            let Some((_, stage, room)) = free::start_resources(setup) else { return };
            commands.insert_resource(sample_lost_match(&stage.0));
            commands.insert_resource(stage);
            commands.insert_resource(room);
        }
        _ => {}
    }
}

/// A lost match of `stage` for showing the result screen: the right turn order, then one wrong
/// first move, then the human always presses the fewest buttons.
pub fn sample_lost_match(stage: &Stage) -> LastMatch {
    let mut table = Table::new(stage.clone(), stage.right_choice());
    let solver = stage.solver();
    let mut first_move = true;
    while table.game().winner().is_none() {
        if table.start_com_turn().is_some() {
            while table.show_next_com_press().is_some() {}
            continue;
        }
        let legal = table.game().legal_counts();
        let remaining = table.game().remaining();
        let wrong =
            legal.iter().copied().find(|&k| k < remaining && !solver.winning_counts(remaining).contains(&k));
        let count = if first_move { wrong.unwrap_or(legal[0]) } else { legal[0] };
        first_move = false;
        for button in table.coast_buttons(count as usize) {
            table.toggle(button);
        }
        if table.confirm().is_err() {
            break;
        }
    }
    LastMatch::new(table)
}

fn spawn_result(
    mut commands: Commands,
    lang: Res<Lang>,
    last: Option<Res<LastMatch>>,
    room: Res<Room>,
    data: Res<SaveData>,
    shown: Res<SpoilerShown>,
) {
    let lang = lang.0;
    let Some(last) = last else { return };
    let stage = last.table.stage();
    let won = last.won();
    let revealed = shown.0 || data.save.settings.strategies_revealed.contains(&stage.picks);
    commands.spawn(widgets::screen_root(Screen::Result)).with_children(|root| {
        root.spawn(widgets::label(room.title(lang, stage)));
        let (headline, ink) = if won { (T::Won, palette::GOOD) } else { (T::Lost, palette::BAD) };
        root.spawn(widgets::text(headline.get(lang), 72.0, ink));
        if won && room.is_free() {
            root.spawn(widgets::paragraph(T::FreeWon.get(lang), 24.0, 860.0));
        } else if won {
            root.spawn(widgets::paragraph(i18n::won_text(lang, stage.number), 24.0, 860.0));
        }
        if let Some(lesson) = lesson(lang, &last, revealed) {
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
    let turns = last.table.game().history();
    let chips: Vec<_> = shown_turns(turns.len(), wrong_turn)
        .into_iter()
        .map(|shown| {
            let (words, face, ink) = match shown {
                Shown::Gap(hidden) => {
                    (i18n::hidden_turns(lang, hidden), palette::BACKGROUND, palette::INK_SOFT)
                }
                Shown::Turn(index) => {
                    let turn = &turns[index];
                    let com = turn.side == Side::Com;
                    let (face, ink) = match (wrong_turn == Some(index), com) {
                        (true, _) => (palette::BAD, palette::ON_PRIMARY),
                        (false, true) => (palette::PRESSED_BY_COM, palette::INK),
                        (false, false) => (palette::PRESSED_BY_YOU, palette::INK),
                    };
                    (i18n::turn_line(lang, com, turn.count, turn.remaining_after()), face, ink)
                }
            };
            (
                Node { padding: UiRect::axes(px(12), px(5)), border_radius: BorderRadius::MAX, ..default() },
                BackgroundColor(face),
                children![widgets::text(words, 16.0, ink)],
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

/// The most chips the result shows; a longer match is summarised (its first turns, the mistake
/// with its neighbours, its last turns, and how many turns each gap hides).
const MOST_CHIPS: usize = 24;

/// One chip of the summarised match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shown {
    /// The turn at this index of the history.
    Turn(usize),
    /// This many turns left out.
    Gap(usize),
}

/// Which of a match's `turns` the result shows, in order: all of them up to [`MOST_CHIPS`];
/// otherwise the first two, the `marked` turn with the turns either side of it, and the last
/// ones, with a gap (the number of turns left out) wherever turns are skipped.
fn shown_turns(turns: usize, marked: Option<usize>) -> Vec<Shown> {
    if turns <= MOST_CHIPS {
        return (0..turns).map(Shown::Turn).collect();
    }
    let tail = MOST_CHIPS / 2;
    let mut kept: Vec<usize> = (0..2).chain(turns - tail..turns).collect();
    if let Some(marked) = marked.filter(|&m| m < turns) {
        kept.extend(marked.saturating_sub(1)..=(marked + 1).min(turns - 1));
    }
    kept.sort_unstable();
    kept.dedup();
    let mut shown = Vec::with_capacity(kept.len() + 3);
    let mut next = 0;
    for index in kept {
        if index > next {
            shown.push(Shown::Gap(index - next));
        }
        shown.push(Shown::Turn(index));
        next = index + 1;
    }
    shown
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
    keys: Keys,
    last: Option<Res<LastMatch>>,
    room: Res<Room>,
    mut actions: MessageWriter<StageAction>,
    mut go: MessageWriter<Go>,
) {
    let Some(last) = last else { return };
    match keys.actions(keymap(&room)).first() {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The turn indices a summary shows, and the sum of its gaps.
    fn parts(shown: &[Shown]) -> (Vec<usize>, usize) {
        let turns = shown.iter().filter_map(|s| if let Shown::Turn(i) = s { Some(*i) } else { None });
        let gaps = shown.iter().map(|s| if let Shown::Gap(n) = s { *n } else { 0 }).sum();
        (turns.collect(), gaps)
    }

    #[test]
    fn a_short_match_shows_every_turn() {
        assert_eq!(parts(&shown_turns(MOST_CHIPS, Some(3))), ((0..MOST_CHIPS).collect(), 0));
        assert!(shown_turns(0, None).is_empty());
    }

    #[test]
    fn a_long_match_keeps_its_start_its_mistake_and_its_end_and_counts_the_rest() {
        for turns in [MOST_CHIPS + 1, 100, 229, 114_286] {
            for marked in [None, Some(0), Some(1), Some(2), Some(40), Some(turns - 1)] {
                let shown = shown_turns(turns, marked);
                let (kept, gaps) = parts(&shown);
                // Every turn is either shown or counted in a gap, in order, once.
                assert_eq!(kept.len() + gaps, turns, "{turns} turns, mistake {marked:?}");
                assert!(kept.windows(2).all(|w| w[0] < w[1]));
                assert!(kept.starts_with(&[0, 1]) && kept.ends_with(&[turns - 1]));
                if let Some(m) = marked.filter(|&m| m < turns) {
                    assert!(kept.contains(&m), "the mistaken turn is always shown");
                }
                // Few enough chips to fit the result screen (the gaps are chips too).
                assert!(shown.len() <= MOST_CHIPS + 4, "{} chips", shown.len());
                // No two gaps in a row, and no empty gap.
                assert!(shown.windows(2).all(|w| !matches!(w, [Shown::Gap(_), Shown::Gap(_)])));
                assert!(!shown.contains(&Shown::Gap(0)));
            }
        }
    }
}
