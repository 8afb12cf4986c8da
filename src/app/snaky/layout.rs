//! The frame both Snaky screens (Breaker and Maker) are built in: a top bar as wide as the board
//! and the panel side by side, the board beside its info panel, and the key line's slot under
//! them. Each screen fills the bar, the panel and the key line with its own content.

use bevy::prelude::*;

use super::board;
use crate::app::theme::{palette, widgets};
use crate::snaky::Cell;

/// The info panel's width, in design pixels.
pub(super) const PANEL_WIDTH: f32 = 400.0;
/// The gap between the board and the panel.
const GAP: f32 = 16.0;
/// The board and the panel side by side: the width of the top bar and the key line too.
const ROW_WIDTH: f32 = board::BOARD_SIZE.x + GAP + PANEL_WIDTH;

/// The top bar's row (Back, the title, a subtitle), as wide as the board and the panel.
pub(super) fn top_bar() -> Node {
    Node { width: px(ROW_WIDTH), ..widgets::row(18.0) }
}

/// The board beside the info panel, whose content `panel` spawns (`row_gap` apart). They take
/// the height the top bar and the key line leave, at least the board's: a window narrower than
/// 16:10 (1024×768) gives the panel room below the board for its text, which keeps 12 px there
/// while the layout shrinks.
pub(super) fn board_and_panel(
    root: &mut ChildSpawnerCommands,
    row_gap: f32,
    panel: impl FnOnce(&mut ChildSpawnerCommands),
) {
    let main = Node {
        align_items: AlignItems::FlexStart,
        flex_grow: 1.0,
        flex_basis: px(0),
        min_height: px(board::BOARD_SIZE.y),
        ..widgets::row(GAP)
    };
    root.spawn(main).with_children(|main| {
        let mut area = main.spawn(board::board_area());
        board::fill_board_area(&mut area);
        main.spawn(info_panel(row_gap)).with_children(panel);
    });
}

fn info_panel(row_gap: f32) -> impl Bundle {
    (
        Node {
            width: px(PANEL_WIDTH),
            // As tall as the board, longer when its text needs (and the window has) the room.
            min_height: px(board::BOARD_SIZE.y),
            max_height: percent(100),
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Stretch,
            padding: UiRect::axes(px(16), px(12)),
            row_gap: px(row_gap),
            border_radius: BorderRadius::all(px(18)),
            overflow: Overflow::clip(),
            ..default()
        },
        // A card without an edge, like the board: a border is drawn as a second full-size quad.
        BackgroundColor(palette::PANEL),
    )
}

/// The Snaky game's key slot: three lines. The practice screen keeps the same, so the board has
/// the same size and place on both.
pub(super) const GAME_KEYS_HEIGHT: f32 = 54.0;

/// The key line's slot, centred under the board and the panel and wrapping within their width:
/// `height` holds as many lines as the screen's key line may take, so nothing shifts when it
/// changes.
pub(super) fn keys_slot(height: f32) -> Node {
    Node { justify_content: JustifyContent::Center, ..widgets::text_slot(px(ROW_WIDTH), height) }
}

/// The row under a panel's words with the shape in its eight orientations ([`orientations_in`]),
/// spread across the row.
pub(super) fn orientations_row() -> Node {
    Node {
        justify_content: JustifyContent::SpaceBetween,
        align_items: AlignItems::Center,
        ..widgets::row(0.0)
    }
}

/// The shape in its eight orientations, each as wide and tall as itself, into `row`.
pub(super) fn orientations_in(row: &mut ChildSpawnerCommands, cell_px: f32) {
    for picture in super::lesson::orientations() {
        mini_snaky(row, &picture, cell_px, false);
    }
}

/// One orientation of Snaky as a small picture of `cell_px` cells: centred in a 5 × 5 box when
/// `boxed` (the primer's step 1 lines them up), else as wide and tall as the shape (the reminder
/// on both screens' panels, in a row as wide as the panel).
pub(super) fn mini_snaky(parent: &mut ChildSpawnerCommands, cells: &[Cell], cell_px: f32, boxed: bool) {
    let height = cells.iter().map(|c| c.y).max().unwrap_or(0) + 1;
    let width = cells.iter().map(|c| c.x).max().unwrap_or(0) + 1;
    let (box_w, box_h) = if boxed { (5, 5) } else { (width, height) };
    let node = Node { width: px(box_w as f32 * cell_px), height: px(box_h as f32 * cell_px), ..default() };
    parent.spawn(node).with_children(|picture| {
        let (left, top) = ((box_w - width) as f32 * cell_px / 2.0, (box_h - height) as f32 * cell_px / 2.0);
        for cell in cells {
            picture.spawn((
                Node {
                    position_type: PositionType::Absolute,
                    left: px(left + cell.x as f32 * cell_px),
                    top: px(top + (height - 1 - cell.y) as f32 * cell_px),
                    width: px(cell_px - 1.0),
                    height: px(cell_px - 1.0),
                    border_radius: BorderRadius::all(px(cell_px / 6.0)),
                    ..default()
                },
                BackgroundColor(palette::MAKER_STONE),
            ));
        }
    });
}
