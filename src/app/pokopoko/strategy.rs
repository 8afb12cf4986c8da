//! The strategy page (必勝法): behind a spoiler warning, the losing numbers and the rule the
//! solver derives for the stage's pick range.

use bevy::prelude::*;

use super::free;
use super::room::Room;
use super::state::{CurrentStage, StrategyReturn};
use crate::app::i18n::{self, Lang, T};
use crate::app::keymap::{Binding, Keymap, Keys};
use crate::app::open::Open;
use crate::app::storage::StageLadder;
use crate::app::theme::palette;
use crate::app::theme::widgets::{self, ButtonKind, send};
use crate::app::{Go, SaveData, Screen};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SpoilerShown>()
        .add_message::<Reveal>()
        .add_systems(OnEnter(Screen::Strategy), (open_as_asked, spawn_strategy).chain())
        .add_systems(Update, (keyboard, reveal).chain().run_if(in_state(Screen::Strategy)));
}

/// Show every strategy page without its spoiler warning (screenshots). Otherwise the warning shows
/// until the player reveals that pick set's page once; the save remembers it.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct SpoilerShown(pub bool);

#[derive(Message, Debug, Clone, Copy)]
pub struct Reveal;

/// How far the table of numbers goes.
const TABLE_UPTO: u32 = 60;
/// The page's two columns: what the numbers are, and how to use them at the table.
const LEFT_WIDTH: f32 = 680.0;
const RIGHT_WIDTH: f32 = 420.0;

/// `--open strategy:N` (stage N's page, back to the ladder) or `free-strategy:RULE@N` (the rule's
/// page, back to free play's setup): shown without the spoiler warning.
fn open_as_asked(mut commands: Commands, open: Option<Res<Open>>, ladder: Res<StageLadder>) {
    match open.as_deref() {
        Some(Open::Strategy(number)) => {
            commands.insert_resource(SpoilerShown(true));
            commands.insert_resource(StrategyReturn(Screen::Ladder));
            if let Some(stage) = ladder.ladder.stage(*number) {
                commands.insert_resource(CurrentStage(stage));
            }
        }
        Some(Open::FreeStrategy(setup)) => {
            let Some((_, stage, room)) = free::start_resources(setup) else { return };
            commands.insert_resource(SpoilerShown(true));
            commands.insert_resource(StrategyReturn(Screen::FreeSetup));
            commands.insert_resource(stage);
            commands.insert_resource(room);
        }
        _ => {}
    }
}

fn spawn_strategy(
    mut commands: Commands,
    lang: Res<Lang>,
    current: Option<Res<CurrentStage>>,
    shown: Res<SpoilerShown>,
    data: Res<SaveData>,
    back_to: Option<Res<StrategyReturn>>,
    room: Res<Room>,
) {
    let lang = lang.0;
    let Some(current) = current else { return };
    let stage = &current.0;
    let revealed = shown.0 || data.save.settings.strategies_revealed.contains(&stage.picks);
    let back = back_to.map_or(Screen::Intro, |b| b.0);
    commands.spawn(widgets::screen_root(Screen::Strategy)).with_children(|root| {
        root.spawn(widgets::heading(i18n::strategy_heading(lang, &stage.picks)));
        if !revealed {
            root.spawn(widgets::panel()).with_children(|panel| {
                panel.spawn(widgets::text(T::SpoilerTitle.get(lang), 40.0, palette::BAD));
                panel.spawn(widgets::paragraph(T::SpoilerWarning.get(lang), 24.0, 760.0));
                panel.spawn(widgets::button(T::Reveal.get(lang), ButtonKind::Primary)).observe(send(Reveal));
            });
        } else {
            let solver = crate::pokopoko::Solver::new(stage.picks.clone(), TABLE_UPTO.max(stage.buttons()));
            let rule = solver.rule();
            let losing: Vec<u32> = solver.losing_positions().take(12).collect();
            root.spawn(widgets::panel_sized(px(1200))).with_children(|panel| {
                panel.spawn(Node { align_items: AlignItems::FlexStart, ..widgets::row(36.0) }).with_children(
                    |columns| {
                        // Left: what the numbers are.
                        columns.spawn(Node { width: px(LEFT_WIDTH), ..widgets::column(10.0) }).with_children(
                            |left| {
                                left.spawn(widgets::text(
                                    T::LosingNumbersTitle.get(lang),
                                    24.0,
                                    palette::INK_SOFT,
                                ));
                                left.spawn(widgets::text(
                                    i18n::losing_numbers_line(&losing),
                                    34.0,
                                    palette::BAD,
                                ));
                                left.spawn(widgets::paragraph(
                                    T::LosingNumbersHelp.get(lang),
                                    20.0,
                                    LEFT_WIDTH,
                                ));
                                left.spawn(widgets::text(T::RuleTitle.get(lang), 24.0, palette::INK_SOFT));
                                left.spawn(widgets::text(rule.to_string(), 30.0, palette::INK));
                                left.spawn(widgets::paragraph(
                                    i18n::rule_in_words(lang, &rule),
                                    22.0,
                                    LEFT_WIDTH,
                                ));
                                if let Some(line) = i18n::pre_period(lang, &rule) {
                                    left.spawn(widgets::paragraph(line, 20.0, LEFT_WIDTH));
                                }
                                left.spawn(number_table(&rule));
                            },
                        );
                        // Right: how to use them at the table.
                        let right_column = Node {
                            width: px(RIGHT_WIDTH),
                            align_items: AlignItems::FlexStart,
                            ..widgets::column(12.0)
                        };
                        columns.spawn(right_column).with_children(|right| {
                            right.spawn((
                                widgets::text(T::AtTheTable.get(lang), 24.0, palette::INK_SOFT),
                                Node { align_self: AlignSelf::Center, ..default() },
                            ));
                            right.spawn(widgets::paragraph(T::HowToWin.get(lang), 20.0, RIGHT_WIDTH));
                            match solver.answer_sum() {
                                Some(sum) => {
                                    right.spawn(widgets::paragraph(
                                        i18n::pairing(lang, sum),
                                        20.0,
                                        RIGHT_WIDTH,
                                    ));
                                    right.spawn(pairs(lang, &stage.picks, sum));
                                }
                                None => {
                                    right.spawn(widgets::paragraph(
                                        i18n::no_pairing(lang, &stage.picks),
                                        20.0,
                                        RIGHT_WIDTH,
                                    ));
                                }
                            }
                            right.spawn(widgets::paragraph(
                                i18n::edge_rule(lang, stage.picks.min()),
                                20.0,
                                RIGHT_WIDTH,
                            ));
                            let verdict = i18n::start_count(
                                lang,
                                stage.buttons(),
                                rule.is_losing(stage.buttons()),
                                stage.right_choice(),
                            );
                            right.spawn((
                                widgets::text(
                                    format!("{}{}{verdict}", room.title(lang, stage), i18n::colon(lang)),
                                    22.0,
                                    palette::YOU,
                                ),
                                Node { max_width: px(RIGHT_WIDTH), ..default() },
                            ));
                        });
                    },
                );
            });
        }
        root.spawn(widgets::row(20.0)).with_children(|row| {
            row.spawn(widgets::sized_button(T::Back.get(lang), ButtonKind::Secondary, 200.0, 20.0))
                .observe(send(Go(back)));
            let keys = if revealed { REVEALED_KEYS } else { KEYS };
            row.spawn(widgets::key_line(keys.key_line(lang)));
        });
    });
}

/// Four rows of numbers from 1, each row a multiple of the period, losing ones marked, so the pattern
/// shows; the numbers before the pattern starts (the pre-period) are framed.
fn number_table(rule: &crate::pokopoko::Rule) -> impl Bundle {
    let per_row = if (2..=14).contains(&rule.period) { rule.period * (14 / rule.period).max(1) } else { 12 };
    let chips: Vec<_> = (1..=per_row * 4)
        .map(|n| {
            let losing = rule.is_losing(n);
            let (face, ink) = if losing {
                (palette::BAD, palette::ON_PRIMARY)
            } else {
                (palette::PANEL, palette::INK_SOFT)
            };
            (
                Node {
                    width: px(44),
                    height: px(30),
                    justify_content: JustifyContent::Center,
                    align_items: AlignItems::Center,
                    border_radius: BorderRadius::all(px(10)),
                    ..default()
                },
                BackgroundColor(face),
                Outline {
                    width: px(2),
                    offset: px(1),
                    color: if n <= rule.pre_period { palette::INK } else { Color::NONE },
                },
                children![widgets::text(n.to_string(), 17.0, ink)],
            )
        })
        .collect();
    (
        Node {
            flex_wrap: FlexWrap::Wrap,
            width: px(per_row as f32 * 48.0),
            row_gap: px(4),
            column_gap: px(4),
            margin: UiRect::vertical(px(6)),
            ..default()
        },
        BackgroundColor(palette::BACKGROUND),
        Children::spawn(bevy::ecs::spawn::SpawnIter(chips.into_iter())),
    )
}

/// The pairing as chips: each press of the other player and the answer to it.
fn pairs(lang: i18n::Language, picks: &crate::pokopoko::PickSet, sum: u32) -> impl Bundle {
    let chips: Vec<_> = picks
        .counts()
        .iter()
        .copied()
        .filter(|&k| k < sum)
        .map(|k| {
            (
                Node { padding: UiRect::axes(px(12), px(5)), border_radius: BorderRadius::MAX, ..default() },
                BackgroundColor(palette::BACKGROUND),
                children![widgets::text(i18n::pair(lang, k, sum - k), 18.0, palette::INK)],
            )
        })
        .collect();
    (
        Node {
            flex_wrap: FlexWrap::Wrap,
            justify_content: JustifyContent::Center,
            align_self: AlignSelf::Center,
            max_width: px(RIGHT_WIDTH),
            row_gap: px(6),
            column_gap: px(6),
            ..default()
        },
        Children::spawn(bevy::ecs::spawn::SpawnIter(chips.into_iter())),
    )
}

/// What a key does on the strategy page.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum StrategyKey {
    Reveal,
    Back,
}

/// Behind the spoiler warning.
const KEYS: Keymap<StrategyKey> = Keymap(&[
    Binding::press(
        &[KeyCode::Enter, KeyCode::NumpadEnter],
        StrategyKey::Reveal,
        "Enter：見る",
        "Enter: show",
    ),
    Binding::press(&[KeyCode::Escape], StrategyKey::Back, "Esc：もどる", "Esc: back"),
]);

/// Once revealed: nothing more to show.
const REVEALED_KEYS: Keymap<StrategyKey> =
    Keymap(&[Binding::press(&[KeyCode::Escape], StrategyKey::Back, "Esc：もどる", "Esc: back")]);

fn keyboard(
    keys: Keys,
    back_to: Option<Res<StrategyReturn>>,
    mut reveal: MessageWriter<Reveal>,
    mut go: MessageWriter<Go>,
) {
    match keys.actions(KEYS).first() {
        Some(StrategyKey::Reveal) => {
            reveal.write(Reveal);
        }
        Some(StrategyKey::Back) => {
            go.write(Go(back_to.map_or(Screen::Intro, |b| b.0)));
        }
        None => {}
    }
}

fn reveal(
    mut reveals: MessageReader<Reveal>,
    current: Option<Res<CurrentStage>>,
    mut data: ResMut<SaveData>,
    mut go: MessageWriter<Go>,
) {
    if reveals.read().count() == 0 {
        return;
    }
    let Some(current) = current else { return };
    if data.save.settings.reveal(&current.0.picks) {
        data.store();
        go.write(Go(Screen::Strategy));
    }
}
