//! The ladder: every stage with its state (cleared, next, locked); the endless part scrolls on.

use bevy::input::mouse::{MouseScrollUnit, MouseWheel};
use bevy::prelude::*;

use super::StageAction;
use crate::app::i18n::{self, Lang, T};
use crate::app::storage::{self, SaveData, SaveNotice, StageLadder};
use crate::app::theme::palette;
use crate::app::theme::widgets::{self, ButtonKind, send};
use crate::app::{Go, Screen};
use crate::pokopoko::Ladder;
use crate::save::Progress;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Ladder), spawn_ladder)
        .add_systems(Update, (keyboard, scroll_with_wheel).run_if(in_state(Screen::Ladder)));
}

/// A stage's place on the ladder.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StageMark {
    Cleared,
    Next,
    Open,
    Locked,
}

pub fn mark(progress: &Progress, stage: u32) -> StageMark {
    if progress.is_cleared(stage) {
        StageMark::Cleared
    } else if stage == progress.current() {
        StageMark::Next
    } else if progress.is_unlocked(stage) {
        StageMark::Open
    } else {
        StageMark::Locked
    }
}

/// How many stages the list shows: all fixed ones, and always a stretch beyond the highest open.
pub fn shown_stages(ladder: &Ladder, progress: &Progress) -> u32 {
    let fixed = ladder.fixed().len() as u32;
    let endless = (fixed + 16).max(progress.highest_unlocked() + 15) - fixed;
    fixed + endless.div_ceil(COLUMNS) * COLUMNS
}

#[derive(Component)]
struct LadderScroll;

const TILE_HEIGHT: f32 = 140.0;
const COLUMNS: u32 = 5;

fn spawn_ladder(
    mut commands: Commands,
    lang: Res<Lang>,
    ladder: Res<StageLadder>,
    data: Res<SaveData>,
    notice: Res<SaveNotice>,
) {
    let lang = lang.0;
    let progress = &data.save.progress;
    let fixed = ladder.ladder.fixed().len() as u32;
    let shown = shown_stages(&ladder.ladder, progress);
    // Start scrolled so the next stage is in view.
    let current_row = (progress.current().saturating_sub(1) / COLUMNS) as f32;
    let scroll = ((current_row - 1.0).max(0.0)) * (TILE_HEIGHT + 14.0);
    commands.spawn(widgets::screen_root(Screen::Ladder)).with_children(|root| {
        widgets::top_bar(root, T::Back.get(lang), Screen::Menu, widgets::heading(T::StagesTitle.get(lang)));
        root.spawn(widgets::label(T::StagesHint.get(lang)));
        root.spawn(widgets::text(record_stats(lang, progress), 18.0, palette::INK_SOFT));
        for line in storage::notices(lang, &notice, &data, &ladder) {
            root.spawn(widgets::text(line, 18.0, palette::BAD));
        }
        root.spawn((
            LadderScroll,
            Node {
                width: px(1080),
                flex_grow: 1.0,
                flex_direction: FlexDirection::Column,
                overflow: Overflow::scroll_y(),
                row_gap: px(14),
                padding: UiRect::all(px(8)),
                ..default()
            },
            ScrollPosition(Vec2::new(0.0, scroll)),
        ))
        .with_children(|list| {
            // Rows of five; the fixed stages and the endless ones never share a row.
            let fixed_rows =
                (1..=fixed.min(shown)).step_by(COLUMNS as usize).map(|first| (first, fixed.min(shown)));
            let endless_rows = (fixed + 1..=shown).step_by(COLUMNS as usize).map(|first| (first, shown));
            for (first, last) in fixed_rows.chain(endless_rows) {
                if first == fixed + 1 {
                    list.spawn((
                        Node {
                            justify_content: JustifyContent::Center,
                            width: percent(100),
                            flex_shrink: 0.0,
                            ..default()
                        },
                        children![widgets::text(T::EndlessFromHere.get(lang), 22.0, palette::COM)],
                    ));
                }
                list.spawn(Node { column_gap: px(14), flex_shrink: 0.0, ..widgets::row(14.0) })
                    .with_children(|row| {
                        for number in first..(first + COLUMNS).min(last + 1) {
                            let (buttons, picks) = ladder.ladder.buttons_and_picks(number);
                            let mark = mark(progress, number);
                            let record = stage_record(lang, progress, number);
                            let picks = i18n::per_turn(lang, &picks);
                            let mut tile = row.spawn(tile(lang, number, buttons, &picks, &record, mark));
                            if mark != StageMark::Locked {
                                tile.observe(send(StageAction::Open(number)));
                            }
                        }
                    });
            }
        });
    });
}

/// "Your record" on a tile: wins, losses and the first choice; empty for a stage never played.
pub fn stage_record(lang: i18n::Language, progress: &Progress, stage: u32) -> String {
    let Some(result) = progress.results.get(&stage) else { return String::new() };
    let first_right = progress.choices.get(&stage).and_then(|choice| choice.first_right);
    i18n::stage_record(lang, result.wins, result.losses, first_right)
}

/// The line over the ladder: stages cleared, and how often the turn order chosen was right.
pub fn record_stats(lang: i18n::Language, progress: &Progress) -> String {
    // Only matches recorded with their turn order count (older saves kept wins and losses alone).
    let (right, matches) = progress
        .choices
        .values()
        .fold((0, 0), |(right, matches), choice| (right + choice.right, matches + choice.matches));
    i18n::ladder_stats(lang, progress.cleared.len(), right, matches)
}

fn tile(
    lang: i18n::Language,
    number: u32,
    buttons: u32,
    picks: &str,
    record: &str,
    mark: StageMark,
) -> impl Bundle {
    let (face, ink, status) = match mark {
        StageMark::Cleared => (palette::CLEARED, palette::GOOD, T::Cleared.get(lang)),
        StageMark::Next => (palette::CURRENT, palette::INK, T::NextUp.get(lang)),
        StageMark::Open => (palette::PANEL, palette::INK, ""),
        StageMark::Locked => (palette::LOCKED, palette::DISABLED_INK, T::Locked.get(lang)),
    };
    let edge = if mark == StageMark::Locked { palette::DISABLED } else { palette::PANEL_EDGE };
    let title_ink = if mark == StageMark::Locked { palette::DISABLED_INK } else { palette::INK };
    let kind = if mark == StageMark::Locked { ButtonKind::Disabled } else { ButtonKind::Secondary };
    (
        Button,
        Node {
            width: px(196),
            height: px(TILE_HEIGHT),
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            justify_content: JustifyContent::Center,
            row_gap: px(2),
            border: UiRect::all(px(if mark == StageMark::Next { 3 } else { 2 })),
            border_radius: BorderRadius::all(px(26)),
            flex_shrink: 0.0,
            ..default()
        },
        BackgroundColor(face),
        BorderColor::all(if mark == StageMark::Next { palette::BUBBLE_SELECTED_EDGE } else { edge }),
        TileFace(face, kind),
        children![
            (widgets::text(i18n::stage_title(lang, number), 24.0, title_ink), Pickable::IGNORE),
            (widgets::text(i18n::buttons(lang, buttons), 17.0, palette::INK_SOFT), Pickable::IGNORE),
            (widgets::text(picks, 17.0, palette::INK_SOFT), Pickable::IGNORE),
            (widgets::text(status, 17.0, ink), Pickable::IGNORE),
            (widgets::text(record, 14.0, palette::INK_SOFT), Pickable::IGNORE),
        ],
    )
}

/// A tile keeps its face colour; hovering darkens it a little.
#[derive(Component)]
struct TileFace(Color, ButtonKind);

fn keyboard(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    data: Res<SaveData>,
    mut actions: MessageWriter<StageAction>,
    mut go: MessageWriter<Go>,
    mut tiles: Query<(&Interaction, &TileFace, &mut BackgroundColor), Changed<Interaction>>,
) {
    for (interaction, face, mut background) in &mut tiles {
        background.0 = match (interaction, face.1) {
            (_, ButtonKind::Disabled) | (Interaction::None, _) => face.0,
            _ => face.0.darker(0.05),
        };
    }
    let Some(keys) = keys else { return };
    if keys.just_pressed(KeyCode::Enter) || keys.just_pressed(KeyCode::Space) {
        actions.write(StageAction::Open(data.save.progress.current()));
    }
    if keys.just_pressed(KeyCode::Escape) {
        go.write(Go(Screen::Menu));
    }
}

fn scroll_with_wheel(
    mut wheel: MessageReader<MouseWheel>,
    keys: Option<Res<ButtonInput<KeyCode>>>,
    mut lists: Query<(&mut ScrollPosition, &ComputedNode), With<LadderScroll>>,
) {
    let mut delta: f32 = wheel
        .read()
        .map(|event| match event.unit {
            MouseScrollUnit::Line => -event.y * 40.0,
            MouseScrollUnit::Pixel => -event.y,
        })
        .sum();
    if let Some(keys) = keys {
        if keys.pressed(KeyCode::ArrowDown) || keys.just_pressed(KeyCode::PageDown) {
            delta += 24.0;
        }
        if keys.pressed(KeyCode::ArrowUp) || keys.just_pressed(KeyCode::PageUp) {
            delta -= 24.0;
        }
    }
    if delta == 0.0 {
        return;
    }
    for (mut position, computed) in &mut lists {
        let max =
            ((computed.content_size().y - computed.size().y) * computed.inverse_scale_factor()).max(0.0);
        position.y = (position.y + delta).clamp(0.0, max);
    }
}
