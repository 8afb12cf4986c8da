//! The board's background: the paper (the board area itself, a card), the frame's light interior,
//! the grid lines and the frame's dashes, each a plain node placed from the view. A pan or a zoom
//! moves the lines (about two hundred nodes at the smallest zoom); another frame respawns the
//! dashes.

use bevy::prelude::*;

use super::board::{BoardView, CORNER_STRIP_PX, Layer, Placed};
use super::model::session::Session;
use super::screen::SnakySystems;
use crate::app::Screen;
use crate::app::theme::palette;
use crate::snaky::Bounds;
use crate::snaky::cell::PAPER_BOARD;

/// The frame's dashes: one per cell edge, this long (in cells), centred on the edge.
const DASH_CELLS: f32 = 0.55;
/// Half the dashes' thickness, in design pixels (they also reach this far past their ends).
const DASH_HALF_THICK_PX: f32 = 1.5;
/// A grid line's width, in design pixels, centred on the cells' edge: at least one pixel of the
/// window at 1024×768 (a scale of 0.8), where a 1-pixel line could round away.
const LINE_WIDTH_PX: f32 = 1.25;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (spawn_grid, follow_view, label_axes).chain().in_set(SnakySystems::Show).run_if(
            in_state(Screen::Snaky)
                .or_else(in_state(Screen::SnakyMaker))
                .or_else(in_state(Screen::SnakyPractice)),
        ),
    );
}

/// The node that holds the grid, under everything else on the board: its children are the frame's
/// interior, then the node holding the lines, then the one holding the dashes.
#[derive(Component, Debug)]
struct GridNode {
    drawn: (BoardView, Bounds),
}

/// The node that holds the grid lines, and the one that holds the dashes.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
enum GridPart {
    Lines,
    Dashes,
}

/// A grid line: along y (at an x) or along x (at a y).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub enum GridLine {
    Vertical,
    Horizontal,
}

/// The frame's light interior.
#[derive(Component, Debug)]
struct FrameInside;

/// The frame the board shows: the Maker's on the Snaky screen; on the Maker screen the 17×17
/// region where the proof's first card lives, and on the practice screen too (the Breaker game's
/// frame for both shipped Makers, and a board turned about (8,8) keeps it).
#[derive(bevy::ecs::system::SystemParam)]
struct ShownFrame<'w> {
    screen: Res<'w, State<Screen>>,
    session: Option<Res<'w, Session>>,
}

impl ShownFrame<'_> {
    fn get(&self) -> Option<Bounds> {
        if matches!(*self.screen.get(), Screen::SnakyMaker | Screen::SnakyPractice) {
            let last = PAPER_BOARD - 1;
            return Some(Bounds { min_x: 0, min_y: 0, max_x: last, max_y: last });
        }
        self.session.as_ref().map(|session| session.game().frame())
    }
}

fn spawn_grid(
    view: Res<BoardView>,
    shown: ShownFrame,
    layers: Query<(Entity, &Layer)>,
    grids: Query<(), With<GridNode>>,
    mut commands: Commands,
) {
    let Some(frame) = shown.get() else { return };
    if !grids.is_empty() {
        return;
    }
    let Some((layer, _)) = layers.iter().find(|(_, l)| **l == Layer::Grid) else { return };
    let (vertical, horizontal) = line_positions(&view);
    commands.entity(layer).with_child((
        GridNode { drawn: (*view, frame) },
        whole_area(),
        Pickable::IGNORE,
        children![
            (FrameInside, inside(frame), Node { position_type: PositionType::Absolute, ..default() }),
            (
                GridPart::Lines,
                whole_area(),
                Pickable::IGNORE,
                Children::spawn((
                    SpawnIter(vertical.into_iter().map(|x| line(GridLine::Vertical, x))),
                    SpawnIter(horizontal.into_iter().map(|y| line(GridLine::Horizontal, y))),
                )),
            ),
            (GridPart::Dashes, whole_area(), Pickable::IGNORE, Children::spawn(SpawnIter(dashes(frame)))),
        ],
    ));
}

/// A pan or a zoom moves the lines (a zoom may need more or fewer of them); another Maker's frame
/// moves the interior and respawns the dashes. (A pan or a zoom moves the interior and the dashes
/// with everything else placed on the board.)
fn follow_view(
    view: Res<BoardView>,
    shown: ShownFrame,
    mut grids: Query<&mut GridNode>,
    parts: Query<(Entity, &GridPart)>,
    mut lines: Query<(Entity, &GridLine, &mut Node)>,
    mut insides: Query<&mut Placed, With<FrameInside>>,
    mut commands: Commands,
) {
    let Some(frame) = shown.get() else { return };
    let Ok(mut grid) = grids.single_mut() else { return };
    if grid.drawn == (*view, frame) {
        return;
    }
    let part = |wanted: GridPart| parts.iter().find(|(_, p)| **p == wanted).map(|(e, _)| e);
    if grid.drawn.1 != frame {
        for mut placed in &mut insides {
            *placed = inside_rect(frame);
        }
        if let Some(dashes_node) = part(GridPart::Dashes) {
            commands.entity(dashes_node).despawn_children().with_children(|node| {
                for dash in dashes(frame) {
                    node.spawn(dash);
                }
            });
        }
    }
    if grid.drawn.0 != *view
        && let Some(lines_node) = part(GridPart::Lines)
    {
        let (vertical, horizontal) = line_positions(&view);
        let (mut vertical, mut horizontal) = (vertical.into_iter(), horizontal.into_iter());
        // The lines there are move to the new positions; the ones left over go, and the positions
        // left over get new lines.
        for (entity, axis, mut node) in &mut lines {
            let at = match axis {
                GridLine::Vertical => vertical.next(),
                GridLine::Horizontal => horizontal.next(),
            };
            match at {
                Some(at) => {
                    let (left, top, ..) = line_rect(*axis, at);
                    if (node.left, node.top) != (left, top) {
                        (node.left, node.top) = (left, top);
                    }
                }
                None => commands.entity(entity).despawn(),
            }
        }
        commands.entity(lines_node).with_children(|node| {
            for x in vertical {
                node.spawn(line(GridLine::Vertical, x));
            }
            for y in horizontal {
                node.spawn(line(GridLine::Horizontal, y));
            }
        });
    }
    grid.drawn = (*view, frame);
}

/// The coordinates along the board's top and left edges, so that a cell the panel names, "(7,9)",
/// is found by its column and its row (y counts upwards). Every column and row while the cells
/// are wide enough for their numbers, else every second or fifth.
#[derive(Component, Debug)]
pub struct AxisLabels {
    drawn: Option<BoardView>,
}

/// One axis label: the column's x (`Column`) or the row's y (`Row`).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub enum AxisLabel {
    Column(i32),
    Row(i32),
}

/// An axis label's box and type size, in design pixels; it is part of the board's picture, so
/// it keeps this size at every window size (as the stones' numbers do). In ink, not the soft
/// grey: every message names cells by these numbers (newcomer #76 counted grid lines instead).
const LABEL_BOX: Vec2 = Vec2::new(34.0, 18.0);
const LABEL_PX: f32 = 13.0;

/// Every `stride`th column and row is labelled: cells narrower than a label share it out.
fn label_stride(cell_px: f32) -> i32 {
    match cell_px {
        px if px >= 22.0 => 1,
        px if px >= 11.0 => 2,
        _ => 5,
    }
}

fn label_axes(
    view: Res<BoardView>,
    layers: Query<(Entity, &Layer)>,
    mut holders: Query<(Entity, &mut AxisLabels)>,
    mut labels: Query<(Entity, &AxisLabel, &mut Node)>,
    mut commands: Commands,
) {
    let Ok((holder, mut drawn)) = holders.single_mut() else {
        // Over the grid, under the stones: the last child of the grid's layer.
        if let Some((layer, _)) = layers.iter().find(|(_, l)| **l == Layer::Grid) {
            commands.entity(layer).with_children(|layer| {
                layer.spawn((AxisLabels { drawn: None }, whole_area(), Pickable::IGNORE)).with_children(
                    |labels| {
                        // The rulers: strips under the labels that keep grid lines and the dashed
                        // frame from running through the numbers.
                        labels.spawn(ruler(percent(100), px(LABEL_BOX.y + 2.0)));
                        labels.spawn(ruler(px(LABEL_BOX.x + 2.0), percent(100)));
                    },
                );
            });
        }
        return;
    };
    if drawn.drawn == Some(*view) {
        return;
    }
    drawn.drawn = Some(*view);
    let mut wanted = axis_labels(&view);
    // A label still wanted moves (its text stays as it is, so a pan reshapes no text); the others
    // go, and the labels left over are new.
    for (entity, which, mut node) in &mut labels {
        match wanted.iter().position(|(w, ..)| w == which) {
            Some(i) => {
                let (_, left, top) = wanted.swap_remove(i);
                if (node.left, node.top) != (px(left), px(top)) {
                    (node.left, node.top) = (px(left), px(top));
                }
            }
            None => commands.entity(entity).despawn(),
        }
    }
    commands.entity(holder).with_children(|holder| {
        for (which, left, top) in wanted {
            holder.spawn(label(which, left, top));
        }
    });
}

/// The labels the view shows, each with its box's left and top: every `stride`th column whose
/// box fits the top edge clear of the row labels' corner, and every `stride`th row whose box fits
/// the left edge below that corner and above the corner readouts' strip at the bottom.
fn axis_labels(view: &BoardView) -> Vec<(AxisLabel, f32, f32)> {
    let stride = label_stride(view.cell_px);
    let top_left = view.cell_at(Vec2::ZERO);
    let bottom_right = view.cell_at(view.size);
    let mut wanted = Vec::new();
    for x in (top_left.x..=bottom_right.x).filter(|x| x.rem_euclid(stride) == 0) {
        let left = view.local_of(crate::snaky::Cell::new(x, 0)).x - LABEL_BOX.x / 2.0;
        if left > LABEL_BOX.x && left + LABEL_BOX.x <= view.size.x {
            wanted.push((AxisLabel::Column(x), left, 2.0));
        }
    }
    for y in (bottom_right.y..=top_left.y).filter(|y| y.rem_euclid(stride) == 0) {
        let top = view.local_of(crate::snaky::Cell::new(0, y)).y - LABEL_BOX.y / 2.0;
        if top > LABEL_BOX.y + 2.0 && top + LABEL_BOX.y <= view.size.y - CORNER_STRIP_PX {
            wanted.push((AxisLabel::Row(y), 2.0, top));
        }
    }
    wanted
}

fn label(which: AxisLabel, left: f32, top: f32) -> impl Bundle {
    let number = match which {
        AxisLabel::Column(x) => x,
        AxisLabel::Row(y) => y,
    };
    (
        which,
        crate::app::theme::widgets::cell_number(number, LABEL_PX, palette::INK),
        TextLayout::justify(Justify::Center),
        Node {
            position_type: PositionType::Absolute,
            left: px(left),
            top: px(top),
            width: px(LABEL_BOX.x),
            height: px(LABEL_BOX.y),
            ..default()
        },
        Pickable::IGNORE,
    )
}

/// A strip along the top (`width` 100%) or the left edge (`height` 100%) under the labels.
fn ruler(width: Val, height: Val) -> impl Bundle {
    (
        Node { position_type: PositionType::Absolute, left: px(0), top: px(0), width, height, ..default() },
        BackgroundColor(palette::PANEL.with_alpha(0.92)),
        Pickable::IGNORE,
    )
}

/// A full-size node at the area's corner (the grid's parts are placed from there).
fn whole_area() -> Node {
    Node {
        position_type: PositionType::Absolute,
        left: px(0),
        top: px(0),
        width: percent(100),
        height: percent(100),
        ..default()
    }
}

/// The frame's interior: a flat rectangle over the frame's cells.
fn inside(frame: Bounds) -> impl Bundle {
    (inside_rect(frame), BackgroundColor(palette::FRAME_INSIDE), Pickable::IGNORE)
}

/// Where the frame's interior lies: over all of the frame's cells.
fn inside_rect(frame: Bounds) -> Placed {
    let cells = |min: i32, max: i32| (i64::from(max) - i64::from(min) + 1) as f32;
    Placed {
        x: f64::from(frame.min_x),
        y: f64::from(frame.min_y),
        w: cells(frame.min_x, frame.max_x),
        h: cells(frame.min_y, frame.max_y),
        inset: 0.0,
        grow: Vec2::ZERO,
    }
}

/// Where the grid lines cross the area for this view, in design pixels from its left (the vertical
/// lines) and from its top (the horizontal ones): every cell edge from one side to the other.
/// Board coordinates reach a million cells, so the positions are worked out in f64 and only what
/// lands in the area is handed on as f32.
fn line_positions(view: &BoardView) -> (Vec<f32>, Vec<f32>) {
    let cell = f64::from(view.cell_px);
    // The edges between `centre - half` and `centre + half` cells, measured from the area's middle.
    let edges = |centre: f64, half_px: f32| {
        let half = f64::from(half_px) / cell;
        let first = (centre - half).ceil();
        let count = ((centre + half).floor() - first).max(-1.0) as i64 + 1;
        (0..count).map(move |i| (first + i as f64 - centre) * cell)
    };
    let (half_w, half_h) = (view.size.x / 2.0, view.size.y / 2.0);
    let vertical = edges(view.centre.0, half_w).map(|d| (f64::from(half_w) + d) as f32).collect();
    // Board y grows upwards, the area's downwards.
    let horizontal = edges(view.centre.1, half_h).map(|d| (f64::from(half_h) - d) as f32).collect();
    (vertical, horizontal)
}

/// A grid line's node rectangle: left, top, width and height, centred on its position.
fn line_rect(axis: GridLine, at: f32) -> (Val, Val, Val, Val) {
    let start = px(at - LINE_WIDTH_PX / 2.0);
    match axis {
        GridLine::Vertical => (start, px(0), px(LINE_WIDTH_PX), percent(100)),
        GridLine::Horizontal => (px(0), start, percent(100), px(LINE_WIDTH_PX)),
    }
}

fn line(axis: GridLine, at: f32) -> impl Bundle {
    let (left, top, width, height) = line_rect(axis, at);
    (
        axis,
        Node { position_type: PositionType::Absolute, left, top, width, height, ..default() },
        BackgroundColor(palette::GRID_LINE),
        Pickable::IGNORE,
    )
}

/// The dashed frame: one dash per cell edge on each side, centred on the edge, each a placed node.
fn dashes(frame: Bounds) -> impl Iterator<Item = impl Bundle> {
    let gap = f64::from((1.0 - DASH_CELLS) / 2.0);
    // A dash from board point (x, y) along x or along y, grown by `DASH_HALF_THICK_PX` on every
    // side: that gives its thickness, and it reaches as far past its ends.
    let dash = move |x: i32, y: i32, along_x: bool| {
        let (w, h, dx, dy) = if along_x { (DASH_CELLS, 0.0, gap, 0.0) } else { (0.0, DASH_CELLS, 0.0, gap) };
        (
            Placed {
                x: f64::from(x) + dx,
                y: f64::from(y) + dy,
                w,
                h,
                inset: 0.0,
                grow: Vec2::splat(DASH_HALF_THICK_PX),
            },
            Node { position_type: PositionType::Absolute, ..default() },
            BackgroundColor(palette::PRIMARY_EDGE),
            Pickable::IGNORE,
        )
    };
    let (bottom, top) = (frame.min_y, frame.max_y.saturating_add(1));
    let (left, right) = (frame.min_x, frame.max_x.saturating_add(1));
    let horizontal =
        (frame.min_x..=frame.max_x).flat_map(move |x| [dash(x, bottom, true), dash(x, top, true)]);
    let vertical =
        (frame.min_y..=frame.max_y).flat_map(move |y| [dash(left, y, false), dash(right, y, false)]);
    horizontal.chain(vertical)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lines_are_every_cell_edge_across_the_area() {
        // The start: cell (8,8)'s centre in the middle of the 820 x 660 area, 34 pixels a cell, so
        // the edges lie 17 pixels either side of the middle and every 34 from there: 410 − 17 − 11
        // × 34 = 19 the first from the left, 330 + 17 + 9 × 34 = 653 the first from the bottom.
        let (vertical, horizontal) = line_positions(&BoardView::default());
        assert_eq!(vertical, (0..24).map(|i| 19.0 + 34.0 * i as f32).collect::<Vec<_>>());
        assert_eq!(horizontal, (0..20).map(|i| 653.0 - 34.0 * i as f32).collect::<Vec<_>>());
    }

    #[test]
    fn far_out_the_lines_keep_a_quarter_cell() {
        // A million cells out a quarter cell is still exact: an edge lies a quarter cell (2 pixels
        // at 8 a cell) left of the middle, so one falls on the area's left border and is drawn.
        let view = BoardView { centre: (1_000_000.25, -3.0), cell_px: 8.0, ..BoardView::default() };
        let (vertical, horizontal) = line_positions(&view);
        assert_eq!(vertical, (0..103).map(|i| 8.0 * i as f32).collect::<Vec<_>>());
        assert_eq!(horizontal, (0..83).map(|i| 658.0 - 8.0 * i as f32).collect::<Vec<_>>());
    }
}
