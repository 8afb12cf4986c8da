//! The ladder: every stage with its state (cleared, next, locked); the endless part scrolls on.

use std::ops::Range;

use bevy::input::mouse::{MouseScrollUnit, MouseWheel};
use bevy::prelude::*;

use super::state::StageAction;
use crate::app::i18n::{self, Lang, T};
use crate::app::keymap::{Binding, Keymap, Keys};
use crate::app::storage::{self, SaveData, SaveNotice, StageLadder};
use crate::app::theme::palette;
use crate::app::theme::widgets::{self, ButtonKind, send};
use crate::app::{Go, Screen};
use crate::pokopoko::Ladder;
use crate::save::Progress;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Ladder), spawn_ladder).add_systems(
        Update,
        (keyboard, (scroll_with_wheel, follow_scroll).chain()).run_if(in_state(Screen::Ladder)),
    );
}

/// A stage's place on the ladder.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StageMark {
    Cleared,
    Next,
    Open,
    Locked,
}

/// A stage's mark, given the progress's current stage (found once for every tile).
fn mark(progress: &Progress, current: u32, stage: u32) -> StageMark {
    if progress.is_cleared(stage) {
        StageMark::Cleared
    } else if stage == current {
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

/// The ladder's list, laid out as rows: the fixed stages, then (when the list goes on) a heading
/// and the endless stages, five to a row; the fixed and the endless stages never share a row.
///
/// Only the rows in view (and a few around them) exist as entities; spacers above and below stand
/// for the rest, so a save at the last stage builds a screenful of tiles, not a hundred thousand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rows {
    fixed: u32,
    shown: u32,
}

/// One row of the ladder's list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Row {
    /// Stages `first..=last`.
    Stages { first: u32, last: u32 },
    /// "Endless from here", over the first endless row.
    EndlessHeading,
}

/// A tile row's height, and the heading's.
const TILE_HEIGHT: f32 = 164.0;
const HEADING_HEIGHT: f32 = 32.0;
/// The space under every row.
const ROW_GAP: f32 = 14.0;
const COLUMNS: u32 = 5;
/// Rows built beyond each edge of the view, so a scroll never shows a gap before they are.
const OVERSCAN: u32 = 2;
/// The list's height before its first layout (the tallest window the game expects).
const FIRST_VIEW_HEIGHT: f32 = 1200.0;

impl Rows {
    pub fn new(ladder: &Ladder, progress: &Progress) -> Self {
        let fixed = ladder.fixed().len() as u32;
        Self { fixed, shown: shown_stages(ladder, progress) }
    }

    fn fixed_rows(&self) -> u32 {
        self.fixed.min(self.shown).div_ceil(COLUMNS)
    }

    fn has_endless(&self) -> bool {
        self.shown > self.fixed
    }

    /// The number of rows.
    pub fn count(&self) -> u32 {
        let endless = if self.has_endless() { 1 + (self.shown - self.fixed).div_ceil(COLUMNS) } else { 0 };
        self.fixed_rows() + endless
    }

    /// Row `index` (below [`Rows::count`]).
    pub fn row(&self, index: u32) -> Row {
        let fixed_rows = self.fixed_rows();
        let (first, last) = if index < fixed_rows {
            (1 + index * COLUMNS, self.fixed.min(self.shown))
        } else if index == fixed_rows {
            return Row::EndlessHeading;
        } else {
            (self.fixed + 1 + (index - fixed_rows - 1) * COLUMNS, self.shown)
        };
        Row::Stages { first, last: (first + COLUMNS - 1).min(last) }
    }

    /// The row that holds `stage`.
    pub fn row_of(&self, stage: u32) -> u32 {
        let stage = stage.clamp(1, self.shown.max(1));
        if stage <= self.fixed {
            (stage - 1) / COLUMNS
        } else {
            self.fixed_rows() + 1 + (stage - self.fixed - 1) / COLUMNS
        }
    }

    /// How far down the list row `index` begins (for `index == count`, the list's height).
    pub fn top(&self, index: u32) -> f32 {
        let fixed_rows = self.fixed_rows();
        let tile_rows = index.min(fixed_rows) + index.saturating_sub(fixed_rows + 1);
        let headings = u32::from(self.has_endless() && index > fixed_rows);
        tile_rows as f32 * (TILE_HEIGHT + ROW_GAP) + headings as f32 * (HEADING_HEIGHT + ROW_GAP)
    }

    /// The row at `y` down the list (the last row below the end).
    pub fn at(&self, y: f32) -> u32 {
        let last = self.count().saturating_sub(1);
        let fixed_rows = self.fixed_rows();
        let below_fixed = y - self.top(fixed_rows);
        let index = if below_fixed < 0.0 || !self.has_endless() {
            (y.max(0.0) / (TILE_HEIGHT + ROW_GAP)) as u32
        } else if below_fixed < HEADING_HEIGHT + ROW_GAP {
            fixed_rows
        } else {
            fixed_rows + 1 + ((below_fixed - HEADING_HEIGHT - ROW_GAP) / (TILE_HEIGHT + ROW_GAP)) as u32
        };
        index.min(last)
    }

    /// The rows to build for a view `height` high scrolled to `y`: those in view and a few more.
    pub fn in_view(&self, y: f32, height: f32) -> Range<u32> {
        let first = self.at(y).saturating_sub(OVERSCAN);
        let last = self.at(y + height).saturating_add(OVERSCAN).min(self.count().saturating_sub(1));
        first..last + 1
    }
}

/// The scrolling list and the rows built in it.
#[derive(Component)]
struct LadderScroll {
    rows: Rows,
    built: Range<u32>,
}

fn spawn_ladder(
    mut commands: Commands,
    lang: Res<Lang>,
    ladder: Res<StageLadder>,
    data: Res<SaveData>,
    notice: Res<SaveNotice>,
) {
    let lang = lang.0;
    let progress = &data.save.progress;
    let rows = Rows::new(&ladder.ladder, progress);
    // Start scrolled so the next stage is in view, one row below the top.
    let scroll = rows.top(rows.row_of(progress.current()).saturating_sub(1));
    let built = rows.in_view(scroll, FIRST_VIEW_HEIGHT);
    commands.spawn(widgets::screen_root(Screen::Ladder)).with_children(|root| {
        widgets::top_bar(root, T::Back.get(lang), Screen::Menu, widgets::heading(T::StagesTitle.get(lang)));
        root.spawn(widgets::label(T::StagesHint.get(lang)));
        root.spawn(widgets::text(record_stats(lang, progress), 18.0, palette::INK_SOFT));
        for line in storage::notices(lang, &notice, &data, &ladder) {
            root.spawn(widgets::text(line, 18.0, palette::BAD));
        }
        root.spawn((
            Node {
                width: px(1080),
                flex_grow: 1.0,
                flex_direction: FlexDirection::Column,
                overflow: Overflow::scroll_y(),
                padding: UiRect::all(px(8)),
                ..default()
            },
            ScrollPosition(Vec2::new(0.0, scroll)),
        ))
        .with_children(|list| spawn_rows(list, lang, &ladder.ladder, progress, rows, built.clone()))
        .insert(LadderScroll { rows, built });
        root.spawn(widgets::key_line(KEYS.key_line(lang)));
    });
}

/// Builds rows `built` of the list, with spacers standing for the rows above and below.
fn spawn_rows(
    list: &mut ChildSpawnerCommands,
    lang: i18n::Language,
    ladder: &Ladder,
    progress: &Progress,
    rows: Rows,
    built: Range<u32>,
) {
    let spacer = |height: f32| Node { height: px(height), flex_shrink: 0.0, ..default() };
    list.spawn(spacer(rows.top(built.start)));
    let current = progress.current();
    for index in built.clone() {
        let Row::Stages { first, last } = rows.row(index) else {
            list.spawn((
                Node {
                    justify_content: JustifyContent::Center,
                    align_items: AlignItems::Center,
                    width: percent(100),
                    height: px(HEADING_HEIGHT),
                    margin: UiRect::bottom(px(ROW_GAP)),
                    flex_shrink: 0.0,
                    ..default()
                },
                children![widgets::text(T::EndlessFromHere.get(lang), 22.0, palette::COM)],
            ));
            continue;
        };
        list.spawn(Node {
            column_gap: px(14),
            height: px(TILE_HEIGHT),
            margin: UiRect::bottom(px(ROW_GAP)),
            flex_shrink: 0.0,
            ..widgets::row(14.0)
        })
        .with_children(|row| {
            for number in first..=last {
                let (buttons, picks) = ladder.buttons_and_picks(number);
                let mark = mark(progress, current, number);
                let record = stage_record(lang, progress, number);
                let picks = i18n::per_turn(lang, &picks);
                let mut tile =
                    row.spawn((LadderTile(number), tile(lang, number, buttons, &picks, &record, mark)));
                if mark != StageMark::Locked {
                    tile.observe(send(StageAction::Open(number)));
                }
            }
        });
    }
    list.spawn(spacer(rows.top(rows.count()) - rows.top(built.end)));
}

/// A stage's tile on the ladder.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct LadderTile(pub u32);

/// Rebuilds the list's rows when a scroll or a resize brings others into view.
fn follow_scroll(
    mut commands: Commands,
    lang: Res<Lang>,
    ladder: Res<StageLadder>,
    data: Res<SaveData>,
    mut lists: Query<(Entity, &mut LadderScroll, &ScrollPosition, &ComputedNode)>,
) {
    for (entity, mut list, position, computed) in &mut lists {
        let height = computed.size().y * computed.inverse_scale_factor();
        let height = if height > 0.0 { height } else { FIRST_VIEW_HEIGHT };
        let wanted = list.rows.in_view(position.y, height);
        if wanted == list.built {
            continue;
        }
        let rows = list.rows;
        list.built = wanted.clone();
        commands.entity(entity).despawn_children().with_children(|rows_spawner| {
            spawn_rows(rows_spawner, lang.0, &ladder.ladder, &data.save.progress, rows, wanted)
        });
    }
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
    let (edge, border) =
        if mark == StageMark::Next { (palette::BUBBLE_SELECTED_EDGE, 3.0) } else { (edge, 2.0) };
    let lines = children![
        (widgets::text(i18n::stage_title(lang, number), 24.0, title_ink), Pickable::IGNORE),
        (widgets::text(i18n::buttons(lang, buttons), 17.0, palette::INK_SOFT), Pickable::IGNORE),
        (widgets::text(picks, 17.0, palette::INK_SOFT), Pickable::IGNORE),
        (widgets::text(status, 17.0, ink), Pickable::IGNORE),
        (
            widgets::text(record, 16.0, palette::INK_SOFT),
            TextLayout::justify(Justify::Center),
            Pickable::IGNORE
        ),
    ];
    (widgets::tile_button(face, edge, border, Vec2::new(196.0, TILE_HEIGHT), lines), TileFace(face, kind))
}

/// A tile keeps its face colour; hovering darkens it a little.
#[derive(Component)]
struct TileFace(Color, ButtonKind);

fn keyboard(
    keys: Keys,
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
    for key in keys.actions(KEYS) {
        match key {
            LadderKey::OpenNext => {
                actions.write(StageAction::Open(data.save.progress.current()));
            }
            LadderKey::Back => {
                go.write(Go(Screen::Menu));
            }
            // The list scrolls with the wheel (`scroll_with_wheel`).
            LadderKey::Scroll(_) => {}
        }
    }
}

/// What a key does on the ladder.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum LadderKey {
    OpenNext,
    /// Scroll the list by this many pixels.
    Scroll(i8),
    Back,
}

const KEYS: Keymap<LadderKey> = Keymap(&[
    Binding::press(
        &[KeyCode::Enter, KeyCode::NumpadEnter, KeyCode::Space],
        LadderKey::OpenNext,
        "Enter：つぎのステージ",
        "Enter: next stage",
    ),
    Binding::press(
        &[KeyCode::ArrowDown],
        LadderKey::Scroll(24),
        "↑↓・ホイール：スクロール",
        "↑↓/wheel: scroll",
    )
    .held(),
    Binding::unshown(&[KeyCode::ArrowUp], LadderKey::Scroll(-24)).held(),
    Binding::unshown(&[KeyCode::PageDown], LadderKey::Scroll(120)),
    Binding::unshown(&[KeyCode::PageUp], LadderKey::Scroll(-120)),
    Binding::press(&[KeyCode::Escape], LadderKey::Back, "Esc：もどる", "Esc: back"),
]);

fn scroll_with_wheel(
    mut wheel: MessageReader<MouseWheel>,
    keys: Keys,
    mut lists: Query<(&mut ScrollPosition, &ComputedNode), With<LadderScroll>>,
) {
    let mut delta: f32 = wheel
        .read()
        .map(|event| match event.unit {
            MouseScrollUnit::Line => -event.y * 40.0,
            MouseScrollUnit::Pixel => -event.y,
        })
        .sum();
    for key in keys.actions(KEYS) {
        if let LadderKey::Scroll(by) = key {
            delta += f32::from(by);
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Every stage shown is in exactly one row, in order; tops and `at` agree, and so does `row_of`.
    #[test]
    fn rows_cover_the_shown_stages_and_offsets_find_them() {
        let ladder = Ladder::builtin();
        for cleared in [0, 3, 14, 15, 98, 99_990] {
            let progress = Progress { cleared: (1..=cleared).collect(), ..Progress::default() };
            let rows = Rows::new(&ladder, &progress);
            let mut next = 1;
            let mut headings = 0;
            for index in 0..rows.count() {
                let top = rows.top(index);
                assert_eq!(rows.at(top), index);
                assert_eq!(rows.at(rows.top(index + 1) - 0.5), index);
                match rows.row(index) {
                    Row::EndlessHeading => {
                        headings += 1;
                        assert_eq!(next, 15, "the heading comes after the 14 fixed stages");
                    }
                    Row::Stages { first, last } => {
                        assert_eq!(first, next);
                        assert!(first <= last && last - first < COLUMNS);
                        for stage in first..=last {
                            assert_eq!(rows.row_of(stage), index);
                        }
                        next = last + 1;
                    }
                }
            }
            assert_eq!(headings, 1);
            assert_eq!(next - 1, shown_stages(&ladder, &progress));
            assert!(shown_stages(&ladder, &progress) >= (cleared + 1).min(crate::pokopoko::MAX_STAGE));
        }
    }

    #[test]
    fn the_rows_in_view_are_a_screenful() {
        let ladder = Ladder::builtin();
        let progress = Progress { cleared: (1..=99_990).collect(), ..Progress::default() };
        let rows = Rows::new(&ladder, &progress);
        let view = rows.in_view(rows.top(rows.row_of(99_991)), 800.0);
        assert!(view.contains(&rows.row_of(99_991)));
        // 800 px is five or six rows of 154 px, plus the overscan on each side.
        assert!(view.len() <= 6 + 1 + 2 * OVERSCAN as usize, "{view:?}");
        assert_eq!(rows.in_view(0.0, 800.0).start, 0);
        assert_eq!(rows.in_view(rows.top(rows.count()) + 1e6, 800.0).end, rows.count());
    }
}
