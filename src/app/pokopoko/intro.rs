//! Stage intro: the board, the pick range, and the choice to move first or second.

use bevy::prelude::*;

use super::sea;
use super::state::{CurrentStage, StageAction};
use super::table::ButtonState;
use crate::app::i18n::{self, Lang, T};
use crate::app::keymap::{Binding, Keymap, Keys};
use crate::app::open::Open;
use crate::app::storage::StageLadder;
use crate::app::theme::palette;
use crate::app::theme::widgets::{self, ButtonKind, send};
use crate::app::{Go, Screen};
use crate::pokopoko::{Layout, TurnOrder};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Intro), (open_as_asked, spawn_intro).chain())
        .add_systems(Update, keyboard.run_if(in_state(Screen::Intro)));
}

/// `--open intro:N`: stage N's intro.
fn open_as_asked(mut commands: Commands, open: Option<Res<Open>>, ladder: Res<StageLadder>) {
    let Some(Open::Intro(number)) = open.as_deref() else { return };
    if let Some(stage) = ladder.ladder.stage(*number) {
        commands.insert_resource(CurrentStage(stage));
    }
}

fn spawn_intro(
    mut commands: Commands,
    lang: Res<Lang>,
    current: Option<Res<CurrentStage>>,
    images: Option<ResMut<Assets<Image>>>,
) {
    let lang = lang.0;
    let Some(current) = current else { return };
    let stage = &current.0;
    commands.spawn(widgets::screen_root(Screen::Intro)).with_children(|root| {
        root.spawn(widgets::title(i18n::stage_title(lang, stage.number)));
        root.spawn(widgets::row(18.0)).with_children(|row| {
            for fact in [i18n::buttons(lang, stage.buttons()), i18n::per_turn(lang, &stage.picks)] {
                row.spawn((
                    Node {
                        padding: UiRect::axes(px(18), px(6)),
                        border_radius: BorderRadius::MAX,
                        ..default()
                    },
                    BackgroundColor(palette::PANEL),
                    children![widgets::text(fact, 26.0, palette::INK)],
                ));
            }
        });
        if sea::is_sea(&stage.layout) {
            // (Headless tests have no image assets: no preview then.)
            if let Some(mut images) = images {
                let picture = images.add(sea::picture(&stage.layout, |_| ButtonState::Up));
                root.spawn(sea::framed(picture, &stage.layout, 300.0, 200.0));
            }
        } else {
            root.spawn(preview(&stage.layout, 300.0, 200.0));
        }
        root.spawn(widgets::paragraph(i18n::stage_rules(lang, stage.buttons(), &stage.picks), 22.0, 820.0));
        root.spawn(widgets::heading(T::ChooseOrder.get(lang)));
        root.spawn(widgets::row(28.0)).with_children(|row| {
            for (order, hint) in [(TurnOrder::First, T::FirstHint), (TurnOrder::Second, T::SecondHint)] {
                row.spawn(widgets::column(6.0)).with_children(|choice| {
                    choice
                        .spawn(widgets::sized_button(
                            i18n::turn_order(lang, order),
                            ButtonKind::Primary,
                            220.0,
                            34.0,
                        ))
                        .observe(send(StageAction::Start(order)));
                    choice.spawn(widgets::label(hint.get(lang)));
                });
            }
        });
        root.spawn(widgets::row(16.0)).with_children(|row| {
            row.spawn(widgets::sized_button(T::Back.get(lang), ButtonKind::Secondary, 200.0, 20.0))
                .observe(send(Go(Screen::Ladder)));
            row.spawn(widgets::sized_button(T::Strategy.get(lang), ButtonKind::Secondary, 200.0, 20.0))
                .observe(send(StageAction::Strategy));
        });
        root.spawn(widgets::key_line(KEYS.key_line(lang)));
    });
}

/// The stage's shape in miniature.
pub fn preview(layout: &Layout, width: f32, height: f32) -> impl Bundle {
    let cell = (width / layout.width().max(1) as f32).min(height / layout.height().max(1) as f32).min(34.0);
    let dot = cell * 0.78;
    let dots: Vec<_> = layout
        .cells()
        .iter()
        .map(|c| {
            (
                Node {
                    position_type: PositionType::Absolute,
                    left: px(c.col as f32 * cell + (cell - dot) / 2.0),
                    top: px(c.row as f32 * cell + (cell - dot) / 2.0),
                    width: px(dot),
                    height: px(dot),
                    border_radius: BorderRadius::MAX,
                    ..default()
                },
                BackgroundColor(palette::BUBBLE),
            )
        })
        .collect();
    (
        Node {
            width: px(cell * layout.width() as f32),
            height: px(cell * layout.height() as f32),
            margin: UiRect::vertical(px(6)),
            ..default()
        },
        Children::spawn(bevy::ecs::spawn::SpawnIter(dots.into_iter())),
    )
}

/// What a key does on the stage intro.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum IntroKey {
    Start(TurnOrder),
    Back,
}

const KEYS: Keymap<IntroKey> = Keymap(&[
    Binding::press(
        &[KeyCode::KeyF, KeyCode::Digit1],
        IntroKey::Start(TurnOrder::First),
        "F または 1：先手",
        "F or 1: first",
    ),
    Binding::press(
        &[KeyCode::KeyS, KeyCode::Digit2],
        IntroKey::Start(TurnOrder::Second),
        "S または 2：後手",
        "S or 2: second",
    ),
    Binding::press(&[KeyCode::Escape], IntroKey::Back, "Esc：もどる", "Esc: back"),
]);

fn keyboard(keys: Keys, mut actions: MessageWriter<StageAction>, mut go: MessageWriter<Go>) {
    // One action a frame: the first of the table's order.
    match keys.actions(KEYS).first() {
        Some(IntroKey::Start(order)) => {
            actions.write(StageAction::Start(*order));
        }
        Some(IntroKey::Back) => {
            go.write(Go(Screen::Ladder));
        }
        None => {}
    }
}
