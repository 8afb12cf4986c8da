//! The board's background — the paper, the frame's light interior and the grid lines — as one UI
//! node drawn by a small shader (`grid.wgsl`) from the view, instead of a node per line: a frame
//! with a pan or a zoom changes a few numbers, not a hundred nodes.
//!
//! The frame's dashes are small placed nodes on top of it. The software renderer runs every
//! branch of a shader on every pixel, so working the dashes out in `grid.wgsl` cost all 541,000
//! pixels of the board about as much as the rest of it; 68 small quads cost a fraction of that.
//!
//! Only with a renderer: headless tests run the board without it (nothing there looks at lines).

use bevy::asset::embedded_asset;
use bevy::prelude::*;
use bevy::render::render_resource::{AsBindGroup, RenderPipelineDescriptor};
use bevy::shader::ShaderRef;
use bevy::ui_render::UiMaterialPlugin;
use bevy::ui_render::ui_material::{MaterialNode, UiMaterial, UiMaterialKey};

use super::board::{BOARD_RADIUS, BOARD_SIZE, BoardArea, BoardView, Layer, Placed};
use super::{Session, SnakySystems};
use crate::app::Screen;
use crate::app::theme::{flat, palette};
use crate::snaky::Bounds;

/// The frame's dashes: one per cell edge, this long (in cells), centred on the edge.
const DASH_CELLS: f32 = 0.55;
/// Half the dashes' thickness, in design pixels (they also reach this far past their ends).
const DASH_HALF_THICK_PX: f32 = 1.5;
/// Half a grid line's width, in design pixels.
const LINE_HALF_WIDTH_PX: f32 = 0.5;

pub(super) fn plugin(app: &mut App) {
    // The material needs the UI renderer, which the windowed game adds before the game's plugins.
    if !app.is_plugin_added::<bevy::ui_render::UiRenderPlugin>() {
        return;
    }
    embedded_asset!(app, "grid.wgsl");
    app.add_plugins(UiMaterialPlugin::<BoardGrid>::default()).add_systems(
        Update,
        (spawn_grid, follow_view).chain().in_set(SnakySystems::Show).run_if(in_state(Screen::Snaky)),
    );
}

/// The uniforms of `grid.wgsl`, in its order. Lengths in board-area design pixels.
#[derive(Asset, TypePath, AsBindGroup, Debug, Clone)]
pub struct BoardGrid {
    #[uniform(0)]
    paper_colour: LinearRgba,
    #[uniform(0)]
    line_colour: LinearRgba,
    #[uniform(0)]
    inside_colour: LinearRgba,
    /// The page around the board, which shows in its rounded corners.
    #[uniform(0)]
    page_colour: LinearRgba,
    /// The area's size (x, y) and pixels per cell (z).
    #[uniform(0)]
    area: Vec4,
    /// Where a grid line of each axis crosses, from the area's left and top (x, y).
    #[uniform(0)]
    origin: Vec4,
    /// The frame: left, top, right, bottom.
    #[uniform(0)]
    frame: Vec4,
    /// Half a grid line's width (x).
    #[uniform(0)]
    line: Vec4,
}

impl UiMaterial for BoardGrid {
    fn fragment_shader() -> ShaderRef {
        "embedded://pokopoko/app/snaky/grid.wgsl".into()
    }

    /// Drawn without blending: the shader writes every pixel opaque, its rounded corners mixed with
    /// the page, so the software renderer never reads back what is under the board.
    fn specialize(descriptor: &mut RenderPipelineDescriptor, _key: UiMaterialKey<Self>) {
        flat::without_blending(descriptor);
    }
}

impl BoardGrid {
    fn new(view: &BoardView, frame: Bounds) -> Self {
        let mut grid = Self {
            paper_colour: palette::PANEL.into(),
            line_colour: palette::GRID_LINE.into(),
            inside_colour: palette::FRAME_INSIDE.into(),
            page_colour: palette::BACKGROUND.into(),
            area: Vec4::ZERO,
            origin: Vec4::ZERO,
            frame: Vec4::ZERO,
            line: Vec4::new(LINE_HALF_WIDTH_PX, 0.0, 0.0, 0.0),
        };
        grid.follow(view, frame);
        grid
    }

    /// Places the lines and the frame for this view. Board coordinates reach a million cells, so
    /// the positions are worked out in f64 and only what lands near the area is handed on as f32.
    fn follow(&mut self, view: &BoardView, frame: Bounds) {
        let cell = f64::from(view.cell_px);
        let (half_w, half_h) = (f64::from(BOARD_SIZE.x / 2.0), f64::from(BOARD_SIZE.y / 2.0));
        // Any line will do as the origin: the one left of (above) the centre.
        let origin_x = half_w - view.centre.0.rem_euclid(1.0) * cell;
        let origin_y = half_h + view.centre.1.rem_euclid(1.0) * cell;
        let x = |board_x: i32| half_w + (f64::from(board_x) - view.centre.0) * cell;
        let y = |board_y: i32| half_h - (f64::from(board_y) - view.centre.1) * cell;
        self.area = Vec4::new(BOARD_SIZE.x, BOARD_SIZE.y, view.cell_px, 0.0);
        self.origin = Vec4::new(origin_x as f32, origin_y as f32, 0.0, 0.0);
        self.frame = Vec4::new(
            x(frame.min_x) as f32,
            y(frame.max_y.saturating_add(1)) as f32,
            x(frame.max_x.saturating_add(1)) as f32,
            y(frame.min_y) as f32,
        );
    }
}

/// The one node that shows the grid, under everything else on the board; its children are the
/// frame's dashes.
#[derive(Component, Debug)]
struct GridNode {
    drawn: (BoardView, Bounds),
}

fn spawn_grid(
    view: Res<BoardView>,
    session: Option<Res<Session>>,
    layers: Query<(Entity, &Layer)>,
    grids: Query<(), With<GridNode>>,
    mut areas: Query<&mut BackgroundColor, With<BoardArea>>,
    mut materials: ResMut<Assets<BoardGrid>>,
    mut commands: Commands,
) {
    let Some(session) = session else { return };
    if !grids.is_empty() {
        return;
    }
    let Some((layer, _)) = layers.iter().find(|(_, l)| **l == Layer::Grid) else { return };
    let frame = session.game().frame();
    // The grid paints the paper too: a second full-size quad under it would cost as much again.
    for mut background in &mut areas {
        background.0 = Color::NONE;
    }
    commands.entity(layer).with_child((
        GridNode { drawn: (*view, frame) },
        MaterialNode(materials.add(BoardGrid::new(&view, frame))),
        Node {
            position_type: PositionType::Absolute,
            left: px(0),
            top: px(0),
            width: px(BOARD_SIZE.x),
            height: px(BOARD_SIZE.y),
            border_radius: BorderRadius::all(px(BOARD_RADIUS)),
            ..default()
        },
        Pickable::IGNORE,
        Children::spawn(SpawnIter(dashes(frame))),
    ));
}

/// A pan, a zoom or another Maker's frame updates the material; another frame also its dashes
/// (a pan or a zoom moves them with everything else placed on the board).
fn follow_view(
    view: Res<BoardView>,
    session: Option<Res<Session>>,
    mut grids: Query<(Entity, &mut GridNode, &MaterialNode<BoardGrid>)>,
    mut materials: ResMut<Assets<BoardGrid>>,
    mut commands: Commands,
) {
    let Some(session) = session else { return };
    let frame = session.game().frame();
    for (entity, mut grid, handle) in &mut grids {
        if grid.drawn == (*view, frame) {
            continue;
        }
        if grid.drawn.1 != frame {
            commands.entity(entity).despawn_children().with_children(|grid| {
                for dash in dashes(frame) {
                    grid.spawn(dash);
                }
            });
        }
        grid.drawn = (*view, frame);
        if let Some(mut material) = materials.get_mut(&handle.0) {
            material.follow(&view, frame);
        }
    }
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
