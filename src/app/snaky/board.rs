//! The board: the infinite grid with the dashed 17×17 frame, numbered stones, panning and zooming,
//! and clicks turned into cells.
//!
//! Everything is a UI node inside one clipped board area of fixed design size, placed from board
//! coordinates by [`BoardView`]. Board children ignore picking, so every click, drag and scroll
//! lands on the area itself and its hit position names the cell.

use bevy::camera::NormalizedRenderTarget;
use bevy::ecs::entity::ContainsEntity;
use bevy::picking::events::{Click, Drag, Move, Out, Press, Scroll};
use bevy::picking::pointer::Location;
use bevy::prelude::*;
use bevy::ui::UiGlobalTransform;

use super::model::maker::MakerSession;
use super::model::outcome::Outcome;
use super::model::practice::PracticeSession;
use super::model::session::{Session, SnakyInput, SnakyMode};
use super::screen::SnakySystems;
use crate::app::Screen;
use crate::app::events::Redraw;
use crate::app::i18n::snaky as text;
use crate::app::i18n::{Lang, Language};
use crate::app::keymap::{Binding, Keymap, Keys};
use crate::app::theme::palette;
use crate::app::theme::widgets::{self, CollapseWhenEmpty};
use crate::snaky::policy::OPENING;
use crate::snaky::{Cell, Player};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<ViewInput>()
        .add_message::<FlashRefused>()
        .init_resource::<BoardView>()
        .init_resource::<Hover>()
        .init_resource::<Cursor>()
        .add_systems(OnEnter(Screen::Snaky), reset_view.after(super::screen::start_session))
        .add_systems(Update, apply_view_input.in_set(SnakySystems::Input).run_if(in_state(Screen::Snaky)))
        .add_systems(
            Update,
            (
                fit_area,
                forget_hover_when_the_view_moves,
                follow_stones,
                frame_the_lesson,
                show_the_end,
                draw_stones,
                refusals_to_flash,
                flash_refusals,
                draw_hover::<Session>,
                draw_cursor,
                place_on_board,
                scale_fonts,
                update_board_texts::<Session>,
            )
                .chain()
                .in_set(SnakySystems::Show)
                .run_if(in_state(Screen::Snaky)),
        );
    // Snaky as Maker and practice share the view, the cursor and the placing of what is on the
    // board.
    share_the_board::<MakerSession>(app, Screen::SnakyMaker);
    share_the_board::<PracticeSession>(app, Screen::SnakyPractice);
}

/// The board's own systems on another screen whose model is `S`: the view's keys, the area's
/// size, the pointer's square, the cursor, the placing of what is drawn and the corner texts.
fn share_the_board<S: ShownStones>(app: &mut App, screen: Screen) {
    app.add_systems(Update, apply_view_input.in_set(SnakySystems::Input).run_if(in_state(screen)))
        .add_systems(
            Update,
            (
                fit_area,
                forget_hover_when_the_view_moves,
                flash_refusals,
                draw_hover::<S>,
                draw_cursor,
                place_on_board,
                scale_fonts,
                update_board_texts::<S>,
            )
                .chain()
                .in_set(SnakySystems::Show)
                .run_if(in_state(screen)),
        );
}

/// The arrows alone move the board cursor (with Shift they pan: [`VIEW_KEYS`]): one table for
/// every Snaky board (the game while playing, Snaky as Maker, practice).
pub const CURSOR_KEYS: Keymap<ViewInput> = Keymap(&[
    Binding::press(&[KeyCode::ArrowUp], ViewInput::Cursor { x: 0, y: 1 }, "矢印：カーソル", "Arrows: cursor")
        .plain(),
    Binding::unshown(&[KeyCode::ArrowDown], ViewInput::Cursor { x: 0, y: -1 }).plain(),
    Binding::unshown(&[KeyCode::ArrowLeft], ViewInput::Cursor { x: -1, y: 0 }).plain(),
    Binding::unshown(&[KeyCode::ArrowRight], ViewInput::Cursor { x: 1, y: 0 }).plain(),
]);

/// Panning (Shift and an arrow, held), zoom and centring, on every Snaky board.
pub const VIEW_KEYS: Keymap<ViewInput> = Keymap(&[
    Binding::press(
        &[KeyCode::ArrowUp],
        ViewInput::Pan { x: 0, y: -1 },
        "Shift+矢印：移動",
        "Shift+arrows: pan",
    )
    .held()
    .shift(),
    Binding::unshown(&[KeyCode::ArrowDown], ViewInput::Pan { x: 0, y: 1 }).held().shift(),
    Binding::unshown(&[KeyCode::ArrowLeft], ViewInput::Pan { x: -1, y: 0 }).held().shift(),
    Binding::unshown(&[KeyCode::ArrowRight], ViewInput::Pan { x: 1, y: 0 }).held().shift(),
    Binding::press(
        &[KeyCode::Equal, KeyCode::NumpadAdd],
        ViewInput::ZoomIn,
        "＋／－：拡大／縮小",
        "+/-: zoom in/out",
    ),
    Binding::unshown(&[KeyCode::Minus, KeyCode::NumpadSubtract], ViewInput::ZoomOut),
    Binding::press(&[KeyCode::KeyC], ViewInput::Centre, "C：中央", "C: centre"),
]);

/// A board screen's key line: the cursor's keys, the screen's own (`own`), then the view's.
pub fn board_key_parts<A: Clone>(own: Keymap<A>, lang: Language) -> Vec<String> {
    let mut parts = CURSOR_KEYS.key_parts(lang, |_| true);
    parts.extend(own.key_parts(lang, |_| true));
    parts.extend(VIEW_KEYS.key_parts(lang, |_| true));
    parts
}

/// A board screen's actions from the keys: the cursor's, its own (`own`) and the view's, in
/// the order typed; `view` makes a view input the screen's action.
pub fn board_actions<A: Clone>(keys: &Keys, own: Keymap<A>, view: impl Fn(ViewInput) -> A + Copy) -> Vec<A> {
    Keys::in_typed_order([keys.timed(CURSOR_KEYS, view), keys.timed(own, |a| a), keys.timed(VIEW_KEYS, view)])
}

/// What a key does to the view of the board (not to the game).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum ViewInput {
    /// Pan while the key is held, one step per frame: x to the right, y down.
    Pan {
        x: i8,
        y: i8,
    },
    ZoomIn,
    ZoomOut,
    /// Back to the frame, at the same zoom.
    Centre,
    /// Centre on the last move.
    LastMove,
    /// Move the board cursor one cell: x to the right, y up (the board's own directions).
    Cursor {
        x: i8,
        y: i8,
    },
}

/// The board cursor: the cell Enter or Space claims. It starts on the last stone, follows each
/// stone placed and each click, and the view follows it.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cursor(pub Cell);

impl Default for Cursor {
    fn default() -> Self {
        Self(OPENING)
    }
}

/// The cursor keeps this many cells between itself and the board's edge.
const CURSOR_MARGIN_CELLS: f32 = 1.5;
/// The cursor's ring stands clear of its cell, with a gap where the cell's own outline shows (the
/// hint's green square, a practice try's), so the two never read as one mark.
const CURSOR_BORDER_PX: f32 = 3.0;
const CURSOR_GROW_PX: f32 = 7.0;

/// The board area's size at the design window size (the whole UI scales with the window); a
/// window narrower than 16:10 gives it more height ([`BoardView::size`]).
pub const BOARD_SIZE: Vec2 = Vec2::new(820.0, 660.0);
/// Pixels per cell at the start: 19 rows on the board at 16:10 (the frame and a ring around it);
/// newcomers found the stones small at 26 pixels (25 rows).
const START_CELL_PX: f32 = 34.0;
const MIN_CELL_PX: f32 = 8.0;
const MAX_CELL_PX: f32 = 90.0;
/// Where the view starts: the centre of Maker's opening cell, (8,8), for every Maker.
const FRAME_CENTRE: (f64, f64) = (OPENING.x as f64 + 0.5, OPENING.y as f64 + 0.5);
/// Pixels the pointer may move between press and release and still count as a click.
const CLICK_SLOP: f32 = 6.0;
/// The area's rounded corners.
pub(super) const BOARD_RADIUS: f32 = 18.0;
/// Zoom per wheel line (a pixel-scrolling touchpad gives a line per `WHEEL_LINE_PX`) and per key.
const WHEEL_ZOOM: f32 = 1.15;
const WHEEL_LINE_PX: f32 = 40.0;
const KEY_ZOOM: f32 = 1.25;
/// Cells per second an arrow key pans; a slow frame pans at most `PAN_MAX_STEP_S` of it.
const PAN_CELLS_PER_S: f32 = 12.0;
const PAN_MAX_STEP_S: f32 = 0.1;
/// The texts in the area's lower corners: size and distance from the edges.
const CORNER_FONT_PX: f32 = 16.0;
const CORNER_INSET: Vec2 = Vec2::new(12.0, 8.0);
/// The strip along the bottom edge the corner readouts take (their line and inset): the row
/// labels stay above it.
pub(super) const CORNER_STRIP_PX: f32 = CORNER_FONT_PX * 1.5 + CORNER_INSET.y;
/// A stone fills its cell but this much (in cells) on each side; its rim, and the ring that marks
/// the last move or the completed Snaky.
const STONE_INSET: f32 = 0.09;
const STONE_RIM_PX: f32 = 2.0;
const RING_WIDTH_PX: f32 = 3.0;
const RING_OFFSET_PX: f32 = 2.0;
/// The stones of a lesson's line (moves the game never had) are this opaque.
const LINE_STONE_ALPHA: f32 = 0.6;
/// A stone's number before it follows the zoom.
const STONE_FONT_PX: f32 = 12.0;
/// Numbers on the board never get smaller than this.
const MIN_FONT_PX: f32 = 6.0;
/// A refused cell flashes red this long, reaching `FLASH_GROW_PX` past the cell, its fill starting
/// at `FLASH_FILL_ALPHA`.
const FLASH_SECONDS: f32 = 0.9;
const FLASH_GROW_PX: f32 = 3.0;
const FLASH_BORDER_PX: f32 = 3.0;
const FLASH_FILL_ALPHA: f32 = 0.35;
/// The hovered cell's outline.
const HOVER_BORDER_PX: f32 = 2.0;
const HOVER_ALPHA: f32 = 0.45;
/// How far past the area's edge a placed rectangle still counts as on the board.
const OFF_VIEW_MARGIN_PX: f32 = 8.0;

/// Which part of the infinite board is shown, and how large.
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct BoardView {
    /// The board point (in cells; cell (x, y) spans [x, x+1] × [y, y+1]) at the area's centre.
    pub centre: (f64, f64),
    /// Pixels per cell.
    pub cell_px: f32,
    /// The area's size in design pixels: [`BOARD_SIZE`], taller where the window leaves room
    /// below it (1024×768), as laid out ([`fit_area`]).
    pub size: Vec2,
}

impl Default for BoardView {
    fn default() -> Self {
        Self { centre: FRAME_CENTRE, cell_px: START_CELL_PX, size: BOARD_SIZE }
    }
}

impl BoardView {
    /// The cell under a point of the area (pixels from its top-left corner).
    pub fn cell_at(&self, local: Vec2) -> Cell {
        let (x, y) = self.board_point(local);
        Cell::new(clamp_to_i32(x.floor()), clamp_to_i32(y.floor()))
    }

    /// The board point under a point of the area.
    pub fn board_point(&self, local: Vec2) -> (f64, f64) {
        let cp = f64::from(self.cell_px);
        (
            self.centre.0 + f64::from(local.x - self.size.x / 2.0) / cp,
            self.centre.1 - f64::from(local.y - self.size.y / 2.0) / cp,
        )
    }

    /// The centre of a cell, in pixels from the area's top-left corner.
    pub fn local_of(&self, cell: Cell) -> Vec2 {
        let cp = f64::from(self.cell_px);
        Vec2::new(
            (f64::from(self.size.x / 2.0) + (f64::from(cell.x) + 0.5 - self.centre.0) * cp) as f32,
            (f64::from(self.size.y / 2.0) - (f64::from(cell.y) + 0.5 - self.centre.1) * cp) as f32,
        )
    }

    /// A cell's centre as the UI picking backend reports hits: (−0.5, −0.5) top-left to (0.5, 0.5).
    pub fn hit_position_of(&self, cell: Cell) -> Vec2 {
        self.local_of(cell) / self.size - Vec2::splat(0.5)
    }

    pub fn contains(&self, cell: Cell) -> bool {
        let local = self.local_of(cell);
        local.x >= 0.0 && local.y >= 0.0 && local.x <= self.size.x && local.y <= self.size.y
    }

    /// Keeps the board point under `local` fixed while zooming by `factor`.
    pub fn zoom_at(&mut self, local: Vec2, factor: f32) {
        let anchor = self.board_point(local);
        self.cell_px = (self.cell_px * factor).clamp(MIN_CELL_PX, MAX_CELL_PX);
        let cp = f64::from(self.cell_px);
        self.centre = (
            anchor.0 - f64::from(local.x - self.size.x / 2.0) / cp,
            anchor.1 + f64::from(local.y - self.size.y / 2.0) / cp,
        );
    }

    /// Moves the view by a distance in area pixels (dragging moves the board with the pointer).
    pub fn pan_pixels(&mut self, delta: Vec2) {
        let cp = f64::from(self.cell_px);
        self.centre.0 -= f64::from(delta.x) / cp;
        self.centre.1 += f64::from(delta.y) / cp;
    }

    /// Back to the opening view (the frame's centre, the starting zoom), on the area as laid out.
    pub fn reset(&mut self) {
        *self = Self { size: self.size, ..Self::default() };
    }

    pub fn centre_on(&mut self, cell: Cell) {
        self.centre = (f64::from(cell.x) + 0.5, f64::from(cell.y) + 0.5);
    }

    /// Where a placed rectangle goes in the area: (left, top, width, height) in pixels.
    fn rect(&self, placed: &Placed) -> (f32, f32, f32, f32) {
        let cp = self.cell_px;
        let inset = placed.inset * cp;
        let left = f64::from(self.size.x / 2.0) + (placed.x - self.centre.0) * f64::from(cp);
        let top =
            f64::from(self.size.y / 2.0) - (placed.y + f64::from(placed.h) - self.centre.1) * f64::from(cp);
        (
            left as f32 + inset - placed.grow.x,
            top as f32 + inset - placed.grow.y,
            (placed.w * cp - 2.0 * inset + 2.0 * placed.grow.x).max(0.0),
            (placed.h * cp - 2.0 * inset + 2.0 * placed.grow.y).max(0.0),
        )
    }
}

fn clamp_to_i32(value: f64) -> i32 {
    value.clamp(f64::from(i32::MIN), f64::from(i32::MAX)) as i32
}

/// The clipped area that shows the board and receives its clicks.
#[derive(Component, Debug)]
pub struct BoardArea;

/// The board's layers, bottom to top; each is rebuilt on its own.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Layer {
    /// The frame's interior, the grid lines and the dashed frame (`grid.rs`).
    Grid,
    Overlay,
    Stones,
    Flash,
}

/// A rectangle of the board in cells, lower-left corner (x, y), shrunk by `inset` cells and grown
/// by `grow` pixels on every side.
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub(super) struct Placed {
    pub x: f64,
    pub y: f64,
    pub w: f32,
    pub h: f32,
    pub inset: f32,
    pub grow: Vec2,
}

impl Placed {
    pub fn cell(cell: Cell, inset: f32) -> Self {
        Self { x: f64::from(cell.x), y: f64::from(cell.y), w: 1.0, h: 1.0, inset, grow: Vec2::ZERO }
    }
}

/// A text whose size follows the zoom: `0` × pixels per cell.
#[derive(Component, Debug, Clone, Copy)]
pub(super) struct ScaledFont(pub f32);

impl ScaledFont {
    /// A number on a cell (a stone's move, a heat-map height): two digits a little smaller.
    pub fn for_number(number: usize) -> Self {
        Self(if number >= 10 { 0.41 } else { 0.46 })
    }
}

/// A stone on the board (for tests and the picture).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stone {
    pub cell: Cell,
    pub player: Player,
    /// The stone's number: its player's move, from 1 (Maker's opening is Maker's 1, the player's
    /// first claim Breaker's 1).
    pub number: usize,
}

/// A claim the screen refused (a taken cell): the cell flashes red for a moment, on every screen
/// with the board (newcomer #43 clicked a taken cell as Maker and saw nothing happen).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct FlashRefused(pub Cell);

/// The red flash on a refused cell.
#[derive(Component, Debug)]
pub struct RefusedFlash {
    pub cell: Cell,
    timer: Timer,
}

/// The cell under the pointer, if it is over the board.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Hover(pub Option<Cell>);

/// The square drawn under the pointer where a click would claim.
#[derive(Component)]
pub struct HoverMark;

#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
enum BoardText {
    Coordinates,
    OffView,
}

/// How far the pointer moved since it was pressed on the board (a drag is not a click).
#[derive(Component, Debug, Default)]
struct DragDistance(f32);

fn reset_view(
    mut view: ResMut<BoardView>,
    mut hover: ResMut<Hover>,
    mut cursor: ResMut<Cursor>,
    session: Option<Res<Session>>,
) {
    view.reset();
    *hover = Hover::default();
    let last = session.and_then(|s| s.game().moves().last().map(|m| m.cell));
    *cursor = Cursor(last.unwrap_or(OPENING));
}

/// The cursor moves to each stone placed (Maker's answer, after an exchange), and to the last
/// stone when the game is replaced (a restart, an undo, a record loaded).
fn follow_stones(
    mut outcomes: MessageReader<Outcome>,
    session: Option<Res<Session>>,
    mut moves: Local<Option<usize>>,
    mut cursor: ResMut<Cursor>,
) {
    let placed = outcomes.read().filter_map(|outcome| match *outcome {
        Outcome::Placed { cell, .. } => Some(cell),
        _ => None,
    });
    let mut wanted = placed.last();
    if let Some(session) = session.filter(|session| session.is_changed()) {
        let game = session.game();
        if *moves != Some(game.moves().len()) {
            *moves = Some(game.moves().len());
            wanted = wanted.or_else(|| game.moves().last().map(|m| m.cell));
        }
    }
    if let Some(cell) = wanted
        && cursor.0 != cell
    {
        cursor.0 = cell;
    }
}

/// The cursor's ring, while the player holds the game.
#[derive(Component, Debug)]
pub struct CursorMark;

#[allow(clippy::too_many_arguments)]
fn draw_cursor(
    cursor: Res<Cursor>,
    mode: Option<Res<State<SnakyMode>>>,
    screen: Res<State<Screen>>,
    session: Option<Res<Session>>,
    practice: Option<Res<PracticeSession>>,
    layers: Query<(Entity, &Layer)>,
    mut marks: Query<(Entity, &mut Placed), With<CursorMark>>,
    mut commands: Commands,
) {
    // Once Maker has won there is nothing to claim: no cursor left on the board to explain; nor
    // on a practice board once its answers are shown.
    let playing = session.is_some_and(|session| !session.game().won());
    let trying = practice.is_some_and(|practice| practice.cursor_shown());
    let shown = match *screen.get() {
        Screen::SnakyMaker => true,
        Screen::SnakyPractice => trying,
        _ => playing && mode.is_some_and(|mode| *mode.get() == SnakyMode::Play),
    };
    let placed = Placed { grow: Vec2::splat(CURSOR_GROW_PX), ..Placed::cell(cursor.0, 0.0) };
    match (shown, marks.single_mut()) {
        (true, Ok((_, mut mark))) => {
            if *mark != placed {
                *mark = placed;
            }
        }
        (false, Ok((entity, _))) => commands.entity(entity).despawn(),
        (true, Err(_)) => {
            let Some((layer, _)) = layers.iter().find(|(_, l)| **l == Layer::Flash) else { return };
            commands.entity(layer).with_child((
                CursorMark,
                placed,
                Node {
                    position_type: PositionType::Absolute,
                    border: UiRect::all(px(CURSOR_BORDER_PX)),
                    border_radius: BorderRadius::all(px(4)),
                    ..default()
                },
                // Not the last move's dark ring: the cursor is the interface's colour.
                BorderColor::all(palette::PRIMARY),
                Pickable::IGNORE,
            ));
        }
        (false, Err(_)) => {}
    }
}

/// The view's size follows the area's as laid out (in design pixels), once it has been: a window
/// narrower than 16:10 makes the area taller, and the board shows more rows.
fn fit_area(areas: Query<&ComputedNode, With<BoardArea>>, mut view: ResMut<BoardView>) {
    let Some(node) = areas.iter().next() else { return };
    let size = node.size() * node.inverse_scale_factor();
    if size.x <= 0.0 || size.y <= 0.0 || (size - view.size).abs().max_element() < 0.5 {
        return;
    }
    view.size = size;
}

/// The pointer's cell is forgotten when the view moves under a still pointer (keys, a hint framed,
/// a new game): its square would stand on a cell the pointer no longer points at (newcomer #30
/// saw a stale square after the board scrolled). The pointer's next move brings it back.
fn forget_hover_when_the_view_moves(
    view: Res<BoardView>,
    mut pointer: MessageReader<bevy::window::CursorMoved>,
    mut hover: ResMut<Hover>,
) {
    // A pointer that moved (or a square set) this frame points where it is.
    let pointer_moved = pointer.read().count() > 0 || hover.is_changed();
    if view.is_changed() && !view.is_added() && !pointer_moved && hover.0.is_some() {
        hover.0 = None;
    }
}

/// Pans the view just enough to keep `cell` at least [`CURSOR_MARGIN_CELLS`] inside the board.
fn keep_in_view(view: &mut BoardView, cell: Cell) {
    let local = view.local_of(cell);
    let margin = (CURSOR_MARGIN_CELLS * view.cell_px).min(view.size.min_element() / 2.0);
    let beyond = |at: f32, size: f32| {
        if at < margin {
            at - margin
        } else if at > size - margin {
            at - (size - margin)
        } else {
            0.0
        }
    };
    let shift = Vec2::new(beyond(local.x, view.size.x), beyond(local.y, view.size.y));
    if shift != Vec2::ZERO {
        view.pan_pixels(-shift);
    }
}

/// The board area with its layers, the frame and the texts in its corners.
pub(super) fn board_area() -> impl Bundle {
    (
        BoardArea,
        Name::new("Snaky board"),
        DragDistance::default(),
        Node {
            width: px(BOARD_SIZE.x),
            // At least the design height, and as tall as the row (its panel) where there is room.
            min_height: px(BOARD_SIZE.y),
            align_self: AlignSelf::Stretch,
            flex_shrink: 0.0,
            overflow: Overflow::clip(),
            border_radius: BorderRadius::all(px(BOARD_RADIUS)),
            ..default()
        },
        BackgroundColor(palette::PANEL),
    )
}

/// Spawns the layers into the board area and attaches its pointer behaviour.
pub(super) fn fill_board_area(area: &mut EntityCommands) {
    area.with_children(|area| {
        for layer in [Layer::Grid, Layer::Overlay, Layer::Stones, Layer::Flash] {
            area.spawn((layer, layer_node(), Pickable::IGNORE));
        }
        area.spawn(corner_text(BoardText::Coordinates, Node { left: px(CORNER_INSET.x), ..default() }));
        area.spawn(corner_text(BoardText::OffView, Node { right: px(CORNER_INSET.x), ..default() }));
    });
    area.observe(press).observe(drag).observe(click).observe(scroll).observe(hover_move).observe(hover_out);
}

/// A text in a lower corner of the board, placed by `side` (its `left` or `right`): on a plate of
/// the panel's colour, so the grid and the frame never run through it (newcomer #16); an empty
/// label shows no empty plate.
fn corner_text(which: BoardText, side: Node) -> impl Bundle {
    (
        which,
        widgets::text("", CORNER_FONT_PX, palette::INK_SOFT),
        BackgroundColor(palette::PANEL),
        Node {
            position_type: PositionType::Absolute,
            bottom: px(CORNER_INSET.y),
            padding: UiRect::axes(px(6), px(2)),
            border_radius: BorderRadius::all(px(6)),
            ..side
        },
        CollapseWhenEmpty,
        Pickable::IGNORE,
    )
}

/// A layer covers the area (whose height follows the window), so what it holds can be sized by it.
fn layer_node() -> Node {
    Node {
        position_type: PositionType::Absolute,
        left: px(0),
        top: px(0),
        width: percent(100),
        height: percent(100),
        ..default()
    }
}

fn press(mut event: On<Pointer<Press>>, mut areas: Query<&mut DragDistance>) {
    event.propagate(false);
    if let Ok(mut distance) = areas.get_mut(event.entity) {
        distance.0 = 0.0;
    }
}

fn drag(
    mut event: On<Pointer<Drag>>,
    mut areas: Query<&mut DragDistance>,
    mut view: ResMut<BoardView>,
    ui_scale: Option<Res<UiScale>>,
) {
    event.propagate(false);
    let scale = ui_scale.map_or(1.0, |s| s.0);
    if let Ok(mut distance) = areas.get_mut(event.entity) {
        distance.0 = distance.0.max(event.distance.length() / scale);
        if distance.0 > CLICK_SLOP {
            view.pan_pixels(event.delta / scale);
        }
    }
}

fn click(
    mut event: On<Pointer<Click>>,
    areas: Query<(&DragDistance, &ComputedNode, &UiGlobalTransform)>,
    windows: Query<&Window>,
    view: Res<BoardView>,
    mut cursor: ResMut<Cursor>,
    mut input: MessageWriter<SnakyInput>,
) {
    event.propagate(false);
    let Ok((distance, node, transform)) = areas.get(event.entity) else { return };
    if event.button != PointerButton::Primary || distance.0 > CLICK_SLOP {
        return;
    }
    let local = pointer_local(&event.pointer_location, node, transform, &windows, view.size)
        .or_else(|| event.hit.position.map(|hit| local_of_hit(hit, view.size)));
    if let Some(local) = local {
        cursor.0 = view.cell_at(local);
        input.write(SnakyInput::Claim(cursor.0));
    }
}

/// Where the pointer is now, in board-area pixels. The picking hit can lag a frame behind a pointer
/// that moved and clicked at once, so the click's own location decides the cell when the area has
/// been laid out.
fn pointer_local(
    location: &Location,
    node: &ComputedNode,
    transform: &UiGlobalTransform,
    windows: &Query<&Window>,
    area: Vec2,
) -> Option<Vec2> {
    let size = node.size();
    if size.x <= 0.0 || size.y <= 0.0 {
        return None;
    }
    let NormalizedRenderTarget::Window(window) = &location.target else { return None };
    let scale = windows.get(window.entity()).ok()?.scale_factor();
    let centred = transform.inverse().transform_point2(location.position * scale);
    Some((centred / size + Vec2::splat(0.5)) * area)
}

/// A picking hit (−0.5 to 0.5 across the area) in area pixels.
fn local_of_hit(hit: Vec3, area: Vec2) -> Vec2 {
    (hit.truncate() + Vec2::splat(0.5)) * area
}

fn scroll(
    mut event: On<Pointer<Scroll>>,
    areas: Query<(&ComputedNode, &UiGlobalTransform)>,
    windows: Query<&Window>,
    mut view: ResMut<BoardView>,
) {
    event.propagate(false);
    let area = view.size;
    let at = areas.get(event.entity).ok().and_then(|(node, transform)| {
        pointer_local(&event.pointer_location, node, transform, &windows, area)
    });
    let Some(local) = at.or_else(|| event.hit.position.map(|hit| local_of_hit(hit, area))) else { return };
    let steps = match event.unit {
        bevy::input::mouse::MouseScrollUnit::Line => event.y,
        bevy::input::mouse::MouseScrollUnit::Pixel => event.y / WHEEL_LINE_PX,
    };
    view.zoom_at(local, WHEEL_ZOOM.powf(steps));
}

fn hover_move(event: On<Pointer<Move>>, view: Res<BoardView>, mut hover: ResMut<Hover>) {
    let Some(hit) = event.hit.position else { return };
    let cell = Some(view.cell_at(local_of_hit(hit, view.size)));
    if hover.0 != cell {
        hover.0 = cell;
    }
}

fn hover_out(_event: On<Pointer<Out>>, mut hover: ResMut<Hover>) {
    if hover.0.is_some() {
        hover.0 = None;
    }
}

/// The board moves under a fixed view: the right arrow shows what lies to the right.
fn pan(view: &mut BoardView, time: &Time, direction: Vec2) {
    let step = PAN_CELLS_PER_S * view.cell_px * time.delta_secs().clamp(0.0, PAN_MAX_STEP_S);
    view.pan_pixels(-direction * step);
}

/// The view's keys: pan while held, + and − zoom, C centres on the frame, L on the last move.
fn apply_view_input(
    mut inputs: MessageReader<ViewInput>,
    time: Res<Time>,
    session: Option<Res<Session>>,
    mut view: ResMut<BoardView>,
    mut cursor: ResMut<Cursor>,
    mut hover: ResMut<Hover>,
) {
    let mut direction = Vec2::ZERO;
    let centre = view.size / 2.0;
    for input in inputs.read() {
        match *input {
            ViewInput::Pan { x, y } => direction += Vec2::new(f32::from(x), f32::from(y)),
            ViewInput::ZoomIn => view.zoom_at(centre, KEY_ZOOM),
            ViewInput::ZoomOut => view.zoom_at(centre, 1.0 / KEY_ZOOM),
            ViewInput::Centre => {
                let cell_px = view.cell_px;
                view.reset();
                view.cell_px = cell_px;
            }
            ViewInput::LastMove => {
                if let Some(last) = session.as_ref().and_then(|s| s.shown().moves().last().copied()) {
                    view.centre_on(last.cell);
                }
            }
            ViewInput::Cursor { x, y } => {
                let moved = cursor.0;
                cursor.0 =
                    Cell::new(moved.x.saturating_add(i32::from(x)), moved.y.saturating_add(i32::from(y)));
                keep_in_view(&mut view, cursor.0);
                // Playing from the keys: the mouse's outline, left where the pointer last was,
                // would be a second cursor (it comes back when the pointer moves).
                if hover.0.is_some() {
                    hover.0 = None;
                }
            }
        }
    }
    // Only while a pan key is held: a view borrowed mutably every frame reads as moved, and the
    // pointer's square was forgotten a frame after each move of the pointer.
    if direction != Vec2::ZERO {
        pan(&mut view, &time, direction);
    }
}

/// Numbered stones of the shown position, the last one ringed.
fn draw_stones(session: Option<Res<Session>>, layers: Query<(Entity, &Layer)>, mut commands: Commands) {
    let Some(session) = session else { return };
    if !session.is_changed() {
        return;
    }
    let Some((stones, _)) = layers.iter().find(|(_, l)| **l == Layer::Stones) else { return };
    let game = session.shown();
    let moves = game.moves();
    let winning = game.winning_copy();
    // A lesson's line plays moves the game never had: their stones are lighter.
    let played = session.lesson().map_or(moves.len(), |lesson| crate::snaky::review::before(lesson.index));
    let mut counts = [0usize; 2];
    // The player's moves that lowered the guarantee keep the lesson's red ring (blind mode shows
    // them once Maker has won).
    let costly: Vec<Cell> = if session.blind && !session.game().won() {
        Vec::new()
    } else {
        // A forced block of a finish is no mistake: not ringed. A cost only against this Maker's
        // order is a mistake against it, ringed red as any (one meaning per ring: newcomer #99).
        let review = crate::snaky::review_game(session.game());
        review.moves.iter().filter(|m| m.mistake()).map(|m| m.breaker).collect()
    };
    commands.entity(stones).despawn_children().with_children(|layer| {
        for (index, m) in moves.iter().enumerate() {
            let last = index + 1 == moves.len();
            // Each player's stones count from 1: Maker's move 5 answers your move 4.
            let count = &mut counts[usize::from(m.player == Player::Breaker)];
            *count += 1;
            let number = *count;
            // The last move is ringed in ink, the completed Snaky in Maker's colour, the player's
            // costly moves in the lesson's red.
            let ring = if last {
                palette::LAST_MOVE
            } else if winning.is_some_and(|copy| copy.contains(&m.cell)) {
                palette::MAKER_EDGE
            } else if m.player == Player::Breaker && index < played && costly.contains(&m.cell) {
                palette::BAD
            } else {
                Color::NONE
            };
            layer.spawn(stone(m.cell, m.player, number, ring, index < played));
        }
    });
}

/// A numbered stone on `cell`, with a `ring` around it (`Color::NONE` for none); a stone of a
/// line the game never had (`played` false) is paler.
pub(super) fn stone(cell: Cell, player: Player, number: usize, ring: Color, played: bool) -> impl Bundle {
    let (face, edge) = match player {
        Player::Maker => (palette::MAKER_STONE, palette::MAKER_EDGE),
        Player::Breaker => (palette::BREAKER_STONE, palette::BREAKER_EDGE),
    };
    // A line's stone: a pale face in a full rim, its number in the rim's colour, so the two
    // players' pale stones stay apart (newcomer #27 could not tell pale orange from pale lavender).
    let (face, number_ink) =
        if played { (face, palette::ON_PRIMARY) } else { (face.with_alpha(LINE_STONE_ALPHA), edge) };
    (
        Stone { cell, player, number },
        Placed::cell(cell, STONE_INSET),
        Node {
            position_type: PositionType::Absolute,
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            border: UiRect::all(px(STONE_RIM_PX)),
            border_radius: BorderRadius::MAX,
            ..default()
        },
        BackgroundColor(face),
        BorderColor::all(edge),
        // One quad of the UI's sheet for the face and the rim (the ring stays the UI's).
        Outline { width: px(RING_WIDTH_PX), offset: px(RING_OFFSET_PX), color: ring },
        Pickable::IGNORE,
        children![(
            widgets::cell_number(number, STONE_FONT_PX, number_ink),
            ScaledFont::for_number(number),
            Pickable::IGNORE,
        )],
    )
}

/// The Breaker screen's refused claims, to flash.
fn refusals_to_flash(mut outcomes: MessageReader<Outcome>, mut flash: MessageWriter<FlashRefused>) {
    for outcome in outcomes.read() {
        if let Outcome::Refused(cell) = *outcome {
            flash.write(FlashRefused(cell));
        }
    }
}

/// A refused claim flashes its cell red for a moment; the screen keeps drawing until it has faded.
fn flash_refusals(
    mut refusals: MessageReader<FlashRefused>,
    layers: Query<(Entity, &Layer)>,
    mut flashes: Query<(Entity, &mut RefusedFlash, &mut BackgroundColor, &mut BorderColor)>,
    time: Res<Time>,
    mut commands: Commands,
    mut redraw: MessageWriter<Redraw>,
) {
    let mut fading = false;
    for (entity, mut flash, mut background, mut border) in &mut flashes {
        flash.timer.tick(time.delta());
        if flash.timer.is_finished() {
            commands.entity(entity).despawn();
        } else {
            let alpha = 1.0 - flash.timer.fraction();
            background.0 = palette::BAD.with_alpha(FLASH_FILL_ALPHA * alpha);
            *border = BorderColor::all(palette::BAD.with_alpha(alpha));
            fading = true;
        }
    }
    let refused: Vec<Cell> = refusals.read().map(|&FlashRefused(cell)| cell).collect();
    if fading || !refused.is_empty() {
        redraw.write(Redraw);
    }
    let Some((layer, _)) = layers.iter().find(|(_, l)| **l == Layer::Flash) else { return };
    commands.entity(layer).with_children(|layer| {
        for cell in refused {
            layer.spawn(refused_flash(cell));
        }
    });
}

/// A refused cell's red flash, at its brightest.
fn refused_flash(cell: Cell) -> impl Bundle {
    (
        RefusedFlash { cell, timer: Timer::from_seconds(FLASH_SECONDS, TimerMode::Once) },
        Placed { grow: Vec2::splat(FLASH_GROW_PX), ..Placed::cell(cell, 0.0) },
        Node { position_type: PositionType::Absolute, border: UiRect::all(px(FLASH_BORDER_PX)), ..default() },
        BackgroundColor(palette::BAD.with_alpha(FLASH_FILL_ALPHA)),
        BorderColor::all(palette::BAD),
        Pickable::IGNORE,
    )
}

fn draw_hover<S: ShownStones>(
    hover: Res<Hover>,
    session: Option<Res<S>>,
    layers: Query<(Entity, &Layer)>,
    mut marks: Query<(Entity, &mut Placed), With<HoverMark>>,
    mut commands: Commands,
) {
    let session_changed = session.as_ref().is_some_and(|session| session.is_changed());
    if !hover.is_changed() && !session_changed {
        return;
    }
    // Only where a click claims, as the keyboard cursor: not in a review or a lesson, where
    // newcomers #21 and #22 read the pointer's square as a cell the lesson marked.
    let claims = session.is_some_and(|session| session.cursor_shown());
    match (hover.0.filter(|_| claims), marks.single_mut()) {
        (Some(cell), Ok((_, mut placed))) => *placed = Placed::cell(cell, 0.0),
        (None, Ok((entity, _))) => commands.entity(entity).despawn(),
        (Some(cell), Err(_)) => {
            let Some((layer, _)) = layers.iter().find(|(_, l)| **l == Layer::Flash) else { return };
            commands.entity(layer).with_child((
                HoverMark,
                Placed::cell(cell, 0.0),
                Node {
                    position_type: PositionType::Absolute,
                    border: UiRect::all(px(HOVER_BORDER_PX)),
                    ..default()
                },
                BorderColor::all(palette::INK.with_alpha(HOVER_ALPHA)),
                Pickable::IGNORE,
            ));
        }
        (None, Err(_)) => {}
    }
}

/// Puts every placed rectangle where the view says; far-away ones are hidden.
fn place_on_board(view: Res<BoardView>, mut placed: Query<(Ref<Placed>, &mut Node)>) {
    let all = view.is_changed();
    for (rect, mut node) in &mut placed {
        if !all && !rect.is_changed() {
            continue;
        }
        let (left, top, width, height) = view.rect(&rect);
        let margin = OFF_VIEW_MARGIN_PX;
        let outside = left > view.size.x + margin
            || top > view.size.y + margin
            || left + width < -margin
            || top + height < -margin;
        let display = if outside { Display::None } else { Display::Flex };
        if node.display != display {
            node.display = display;
        }
        if outside {
            continue;
        }
        let wanted = (px(left), px(top), px(width), px(height));
        if (node.left, node.top, node.width, node.height) != wanted {
            (node.left, node.top, node.width, node.height) = wanted;
        }
    }
}

fn scale_fonts(view: Res<BoardView>, mut texts: Query<(Ref<ScaledFont>, &mut TextFont)>) {
    for (scale, mut font) in &mut texts {
        if view.is_changed() || scale.is_added() {
            let size = FontSize::Px((scale.0 * view.cell_px).max(MIN_FONT_PX));
            if font.font_size != size {
                font.font_size = size;
            }
        }
    }
}

/// A screen's game as the board's corner texts read it: the stones it shows.
trait ShownStones: Resource {
    fn shown_stones(&self) -> Vec<Cell>;
    /// Whether a claim can be made on the board (a game to play, not a review or lesson): the
    /// coordinates then follow the keyboard cursor as well as the pointer, and the pointer's
    /// square is drawn.
    fn cursor_shown(&self) -> bool;
    /// Whether L centres on the last move here (the Breaker's screen): the count of stones out
    /// of view names it only there (on the Maker's screen L opens how to win: newcomer #49).
    fn last_move_key(&self) -> bool {
        false
    }
}

impl ShownStones for Session {
    fn shown_stones(&self) -> Vec<Cell> {
        self.shown().moves().iter().map(|m| m.cell).collect()
    }

    fn cursor_shown(&self) -> bool {
        !self.game().won() && self.reviewing().is_none() && self.lesson().is_none()
    }

    fn last_move_key(&self) -> bool {
        true
    }
}

impl ShownStones for MakerSession {
    fn shown_stones(&self) -> Vec<Cell> {
        self.game().moves().iter().map(|m| m.cell).collect()
    }

    fn cursor_shown(&self) -> bool {
        true
    }
}

impl ShownStones for PracticeSession {
    fn shown_stones(&self) -> Vec<Cell> {
        self.puzzle().stones().iter().map(|s| s.0).collect()
    }

    fn cursor_shown(&self) -> bool {
        !self.answered()
    }
}

/// The corner texts of either screen: the pointed cell's coordinates and the count of stones
/// outside the view.
fn update_board_texts<S: ShownStones>(
    session: Option<Res<S>>,
    view: Res<BoardView>,
    hover: Res<Hover>,
    cursor: Res<Cursor>,
    mut pointed: Local<Option<Cell>>,
    lang: Res<Lang>,
    texts: Query<(&BoardText, &mut Text)>,
) {
    let Some(session) = session else { return };
    // Asked first: a stone placed moves the cursor in the same frame as it changes the game.
    let moved = pointed_changed(&hover, &cursor, &mut pointed);
    if !moved && !hover.is_changed() && !session.is_changed() && !view.is_changed() && !lang.is_changed() {
        return;
    }
    // Without a cursor on the board (a review, a lesson, a game over) only the pointer's cell is
    // named: newcomer #19 read the cursor's old cell in a lesson as part of it.
    let shown = if session.cursor_shown() { *pointed } else { hover.0 };
    let said = BoardSaid { pointed: shown, lang: lang.0, last_move_key: session.last_move_key() };
    write_board_texts(&session.shown_stones(), &view, said, texts);
}

/// The cell the coordinates show: the one under the pointer or the keyboard cursor, whichever
/// moved last. Returns whether it changed.
fn pointed_changed(hover: &Res<Hover>, cursor: &Res<Cursor>, pointed: &mut Option<Cell>) -> bool {
    let before = *pointed;
    if cursor.is_changed() {
        *pointed = Some(cursor.0);
    }
    if hover.is_changed() && hover.0.is_some() {
        *pointed = hover.0;
    }
    *pointed != before
}

/// What the corner texts say besides the stones: the pointed cell, in which language, and whether
/// L brings the last move back on this screen.
struct BoardSaid {
    pointed: Option<Cell>,
    lang: crate::save::Language,
    last_move_key: bool,
}

/// The pointed cell's coordinates in the lower left, the stones out of view in the lower right
/// (those played far away, which no view near the others can show, counted apart).
fn write_board_texts(
    stones: &[Cell],
    view: &BoardView,
    BoardSaid { pointed, lang, last_move_key }: BoardSaid,
    mut texts: Query<(&BoardText, &mut Text)>,
) {
    let far = stones.iter().filter(|cell| cell.is_far_away()).count();
    let off_view = stones.iter().filter(|&&cell| !cell.is_far_away() && !view.contains(cell)).count();
    for (which, mut text) in &mut texts {
        let content = match which {
            BoardText::Coordinates => pointed.map(|cell| text::pointing_at(lang, cell)).unwrap_or_default(),
            BoardText::OffView if off_view + far > 0 => text::off_view(lang, off_view, far, last_move_key),
            BoardText::OffView => String::new(),
        };
        if text.0 != content {
            text.0 = content;
        }
    }
}

/// A lesson opens on the game's own view: the board keeps its zoom and moves only as far as it
/// must for the game's stones, the replies that kept the most and both of the move's lines (the
/// played one and the best reply's) to be in view, zooming out only if they cannot fit (two
/// newcomers in a row lost their bearings when the lesson zoomed in and the column labels
/// changed). Another move's lesson moves the view only when its cells would leave it; closing
/// the lesson gives back the view the game had. Stones played far away are left out (no view
/// near the others shows them).
fn frame_the_lesson(
    session: Option<Res<Session>>,
    mut framed: Local<Option<usize>>,
    mut game_view: Local<Option<(f32, (f64, f64))>>,
    mut view: ResMut<BoardView>,
) {
    let Some(session) = session.filter(|session| session.is_changed()) else { return };
    let now = session.lesson().map(|lesson| lesson.index);
    if now == *framed {
        return;
    }
    let opened = framed.is_none();
    *framed = now;
    let Some(lesson) = session.lesson() else {
        // Out of the lesson (back to the game, or a new one): the game's view is given back.
        if let Some((cell_px, centre)) = game_view.take() {
            view.cell_px = cell_px;
            view.centre = centre;
        }
        return;
    };
    if opened {
        *game_view = Some((view.cell_px, view.centre));
    }
    // The replies that kept the most are marked green before the move: all of those marked in
    // view too (newcomer #19 saw some cut off at the board's edge).
    let review = crate::snaky::review_game(session.game());
    let before = session.game().prefix(crate::snaky::review::before(lesson.index));
    let kept = review
        .moves
        .get(lesson.index)
        .map(|m| crate::snaky::review::marked_best(&before, &m.best))
        .unwrap_or_default();
    let lines = lesson.why.iter().flat_map(|why| {
        let steps = why.line.steps.iter().chain(&why.best_line.steps);
        std::iter::once(why.best_reply.cell)
            .chain(steps.flat_map(|step| std::iter::once(step.maker).chain(step.breaker)))
    });
    let cells: Vec<Cell> = session
        .game()
        .moves()
        .iter()
        .map(|m| m.cell)
        .chain(lines)
        .chain(kept)
        .filter(|cell| !cell.is_far_away())
        .collect();
    frame_cells(&mut view, &cells);
}

/// A practice board's view: the game's opening view (the whole frame, as the game showed it),
/// when `cells` lie inside it with a cell to spare; else centred on them, zoomed in as far as they
/// fit with that margin, up to the opening zoom. (Zoomed in to 40 pixels, the frame's edges fell
/// on the board's: newcomers #66 and #68 read the board as cut off.)
pub fn zoom_onto(view: &mut BoardView, cells: &[Cell]) {
    view.reset();
    if cells.iter().all(|&cell| inside_with_margin(view, cell)) {
        return;
    }
    let Some((fits, centre)) = fit(cells, view.size) else { return };
    view.cell_px = fits.clamp(MIN_CELL_PX, START_CELL_PX);
    view.centre = centre;
}

/// Whether `cell` lies inside the board with a cell to spare on every side.
fn inside_with_margin(view: &BoardView, cell: Cell) -> bool {
    let local = view.local_of(cell);
    let margin = view.cell_px;
    local.x >= margin
        && local.y >= margin
        && local.x <= view.size.x - margin
        && local.y <= view.size.y - margin
}

/// For `cells` with a cell's margin on each side: the largest cell size at which they fit the
/// board (`area` pixels), and the board point at their middle. `None` for no cells.
fn fit(cells: &[Cell], area: Vec2) -> Option<(f32, (f64, f64))> {
    let min_x = cells.iter().map(|c| c.x).min()?;
    let max_x = cells.iter().map(|c| c.x).max()?;
    let min_y = cells.iter().map(|c| c.y).min()?;
    let max_y = cells.iter().map(|c| c.y).max()?;
    let span = Vec2::new((max_x - min_x + 3) as f32, (max_y - min_y + 3) as f32);
    let centre = (f64::from(min_x + max_x + 1) / 2.0, f64::from(min_y + max_y + 1) / 2.0);
    Some(((area / span).min_element(), centre))
}

/// Nothing hides the end: when Maker completes its Snaky, the view moves (and zooms out if it
/// must) so that all six cells lie inside the board with a cell to spare. The result is told in
/// the panel, so nothing is drawn over the board.
fn show_the_end(
    mut outcomes: MessageReader<Outcome>,
    session: Option<Res<Session>>,
    mut view: ResMut<BoardView>,
) {
    if !outcomes.read().any(|outcome| matches!(outcome, Outcome::MakerWon { .. })) {
        return;
    }
    let Some(copy) = session.as_ref().and_then(|session| session.game().winning_copy()) else { return };
    frame_cells(&mut view, &copy);
}

/// Moves the view the least it must for `cells` to lie inside the board, a cell from its edge;
/// zooms out first if they cannot fit at this zoom.
pub fn frame_cells(view: &mut BoardView, cells: &[Cell]) {
    let Some((fits, centre)) = fit(cells, view.size) else { return };
    if view.cell_px > fits {
        view.cell_px = fits.max(MIN_CELL_PX);
    }
    let inside = cells.iter().all(|&cell| inside_with_margin(view, cell));
    if !inside {
        view.centre = centre;
    }
}
