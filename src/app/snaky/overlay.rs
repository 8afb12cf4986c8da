//! The overlays drawn on the board: the active claim's layers that [`Overlays`] switches on
//! (envelope T, required set A, pivot, the reply heat map, the hint), the lesson's replies, and the
//! completed Snaky at the end. Blind mode hides them all.

use bevy::prelude::*;

use super::board::{Cursor, Hover, Layer as BoardLayer, Placed, ScaledFont};
use super::model::lesson::LineChoice;
use super::model::overlays::{Layer, Overlays};
use super::model::session::Session;
use super::screen::SnakySystems;
use crate::app::Screen;
use crate::app::theme::palette;
use crate::app::theme::widgets;
use crate::snaky::review::Tint;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (draw_overlays, focus_lines).chain().in_set(SnakySystems::Show).run_if(in_state(Screen::Snaky)),
    );
}

/// An overlay square (for tests and the picture).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct OverlayMark(pub Option<Layer>);

/// A square of the lesson: a reply that kept the most (`kept`), or the move played.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct LessonMark {
    pub cell: crate::snaky::Cell,
    pub kept: bool,
}

/// A cell of the fullest open shape through the lesson's best reply (the Snaky copy free of
/// Breaker's stones holding the most of Maker's), tinted before the move: what taking it blocks,
/// as the lesson's sentence names it (newcomer #18).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShapeMark(pub crate::snaky::Cell);

/// A cell of the Snaky the lesson's line ends with, tinted before the move: the Snaky Maker's plan
/// aimed at after it.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct AimMark(pub crate::snaky::Cell);

/// A Snaky Maker has two cells short on the board (four of its stones, none of Breaker's), drawn
/// as a line through its cells: one stone from a threat. In the lesson, before its move
/// (newcomers #97, #98 and #102 asked to see them all, not only the one the lesson names); in
/// play and review while [`Overlays::shapes`] is on (newcomer #106).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct TwoShortMark(pub crate::snaky::shape::Copy);

/// A Snaky Maker has three cells short on the board (three of its stones, none of Breaker's),
/// drawn as a fainter line through its cells while [`Overlays::three_short`] is on.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ThreeShortMark(pub crate::snaky::shape::Copy);

/// The shade a line of a Snaky short is drawn in, kept while it fades.
#[derive(Component, Debug, Clone, Copy, PartialEq)]
struct OutlineShade(Color);

/// A cell where Maker's next stone would complete a Snaky (a threat's or a double threat's
/// finishing cell), marked until it is taken.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ThreatMark(pub crate::snaky::Cell);

/// A finishing cell the lesson's sentence names for the line shown ([`Why::named_finishes`]),
/// ringed on the board before the move as a finishing cell is along the line: where Maker's line
/// finishes, among stones not yet played (newcomer #110 looked for named cells the board did not
/// show).
///
/// [`Why::named_finishes`]: crate::snaky::review::Why::named_finishes
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct NamedFinishMark(pub crate::snaky::Cell);

/// A heat-map square: the cell and the guarantee it shows (Maker's moves so far plus the height
/// of the card it holds after a reply there).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct HeatValue {
    pub cell: crate::snaky::Cell,
    pub guarantee: u32,
}

fn draw_overlays(
    session: Option<Res<Session>>,
    overlays: Res<Overlays>,
    layers: Query<(Entity, &BoardLayer)>,
    mut commands: Commands,
) {
    let Some(session) = session else { return };
    if !session.is_changed() && !overlays.is_changed() {
        return;
    }
    // Blind mode: the board shows stones only, until Maker has won; without the glass box, only
    // the lesson's replies.
    let hidden = session.blind && !session.shown().won();
    // Maker's Snakies two cells short, outside the lesson (which draws them before its move).
    let shapes = overlays.shapes && !hidden && session.lesson().is_none();
    let three_short = overlays.three_short && !hidden;
    let overlays = if hidden || !overlays.analysis { Overlays::none() } else { *overlays };
    let threats = if hidden {
        Vec::new()
    } else {
        let shown = session.shown();
        crate::snaky::threats::threats(shown.maker_cells(), shown.breaker_cells()).cells
    };
    let Some((layer, _)) = layers.iter().find(|(_, l)| **l == BoardLayer::Overlay) else { return };
    let game = session.shown();
    let claim = game.claim();
    commands.entity(layer).despawn_children().with_children(|layer| {
        if let Some(copy) = game.winning_copy() {
            for mark in winning_snaky(&copy) {
                layer.spawn((OverlayMark(None), mark));
            }
            // At the end the claim is spent: only the completed Snaky is shown.
            return;
        }
        if overlays.envelope {
            for &cell in &claim.envelope {
                layer.spawn((
                    OverlayMark(Some(Layer::Envelope)),
                    ENVELOPE.square(cell, palette::ENVELOPE, Color::NONE),
                ));
            }
        }
        if overlays.required {
            for &cell in &claim.required {
                layer.spawn((
                    OverlayMark(Some(Layer::Required)),
                    REQUIRED.square(cell, Color::NONE, palette::REQUIRED),
                ));
            }
        }
        if overlays.heat {
            // The guarantee if you reply there: the same number the panel and the lesson speak in.
            let heat = game.reply_guarantees();
            let (low, high) = heat.iter().fold((u32::MAX, 0), |(lo, hi), &(_, g)| (lo.min(g), hi.max(g)));
            for (cell, guarantee) in heat.into_iter().filter_map(|(c, g)| c.map(|c| (c, g))) {
                let t = if high > low { (guarantee - low) as f32 / (high - low) as f32 } else { 1.0 };
                layer.spawn((
                    OverlayMark(Some(Layer::Heat)),
                    HeatValue { cell, guarantee },
                    HEAT.square(cell, palette::HEAT_WORST.mix(&palette::HEAT_BEST, t), Color::NONE),
                    children![(
                        widgets::cell_number(guarantee, HEAT_FONT_PX, palette::INK),
                        ScaledFont::for_number(guarantee as usize),
                        Pickable::IGNORE,
                    )],
                ));
            }
        }
        // The lesson: before one of the player's moves, the replies that kept the most (green)
        // and the move played (red); along a line, the move it follows.
        let lesson_move = session.lesson().map(|lesson| lesson.index).or_else(|| {
            session
                .reviewing()
                .filter(|&at| at % 2 == 1 && at < session.game().moves().len())
                .map(|at| at / 2)
        });
        if let Some(index) = lesson_move {
            let review = crate::snaky::review_game(session.game());
            let step = session.lesson().map_or(0, |lesson| lesson.step);
            let best_line = session.lesson().is_some_and(|lesson| lesson.choice == LineChoice::Best);
            if let Some(reviewed) = review.moves.get(index) {
                // Before the move, under the stones, the one Snaky the lesson's words name: the
                // shape the best reply blocks or the Snaky Maker threatens after the move (yellow),
                // else the Snaky the chosen line ends with, what Maker's plan aimed at (purple;
                // newcomer #24 asked to see it). A forced block names no shape.
                let why = session.lesson().and_then(|lesson| lesson.why.as_ref());
                let tint = why
                    .and_then(|why| match reviewed.forced() {
                        true => {
                            let line = if best_line { &why.best_line } else { &why.line };
                            line.completed.map(|done| Tint::Aim(done.snaky))
                        }
                        false => why.tint(best_line),
                    })
                    .filter(|_| step == 0);
                match tint {
                    Some(Tint::Shape(snaky) | Tint::Threatened(snaky)) => {
                        for cell in snaky {
                            layer.spawn((ShapeMark(cell), shape_tile(cell)));
                        }
                    }
                    Some(Tint::Aim(snaky)) => {
                        for cell in snaky {
                            layer.spawn((AimMark(cell), aim_tile(cell)));
                        }
                    }
                    None => {}
                }
                // The finishing cells the sentence names, before the move of a costly one.
                if step == 0 && !reviewed.forced() && reviewed.lost > 0 {
                    let named = why.map(|why| why.named_finishes(best_line)).unwrap_or_default();
                    for cell in named.into_iter().filter(|cell| !threats.contains(cell)) {
                        layer.spawn((NamedFinishMark(cell), finish_ring(cell)));
                    }
                }
                // Every Snaky Maker had two cells short before the move: thin lines in its colour.
                if step == 0 && session.lesson().is_some() {
                    let before = session.game().prefix(crate::snaky::review::before(index));
                    for mark in two_short_lines(&before) {
                        layer.spawn(mark);
                    }
                    if three_short {
                        for mark in three_short_lines(&before) {
                            layer.spawn(mark);
                        }
                    }
                }
                let first = session.lesson().and_then(|lesson| lesson.moves().first().map(|&(_, cell)| cell));
                // A forced block of a finish was right: no other reply is offered, and the move
                // is marked as one that held.
                let forced = reviewed.forced();
                // Those near the stones (and the one the lesson explains): far ones that keep the
                // count too go unmarked and unsaid (newcomers #73, #74 read "far cells kept it too"
                // as far play being as good as a block, against the opening's advice).
                let before = session.game().prefix(crate::snaky::review::before(index));
                let marked = crate::snaky::review::marked_best(&before, &reviewed.best);
                // The reply the lesson's words name is filled, the others that held too only
                // outlined (newcomer #81 read the words' cell against four green squares
                // elsewhere and missed it under the yellow shape), strongly enough to stay green
                // over a tint (newcomer #111 saw it grey on a purple tile).
                let named = why.map(|why| why.best_reply.cell);
                for &cell in marked.iter().filter(|_| !forced) {
                    if step == 0 || (best_line && Some(cell) == first) {
                        let fill = if Some(cell) == named {
                            palette::HINT.with_alpha(NAMED_FILL_ALPHA)
                        } else {
                            Color::NONE
                        };
                        layer
                            .spawn((LessonMark { cell, kept: true }, HINT.square(cell, fill, palette::HINT)));
                    }
                }
                let played = reviewed.breaker;
                // A move that kept the guarantee among the replies marked green is marked once.
                let marked_already = !forced && marked.contains(&played);
                if (step == 0 || !best_line) && !marked_already {
                    // Red only for a move that lost some (newcomer #75 saw a red square on a move
                    // the panel called well played).
                    let kept = forced || reviewed.lost == 0;
                    let colour = if kept { palette::HINT } else { palette::BAD };
                    layer
                        .spawn((LessonMark { cell: played, kept }, HINT.square(played, Color::NONE, colour)));
                }
            }
        }
        if shapes {
            for mark in two_short_lines(game) {
                layer.spawn(mark);
            }
            if three_short {
                for mark in three_short_lines(game) {
                    layer.spawn(mark);
                }
            }
        }
        // Where Maker would complete a Snaky: until Breaker takes the cell.
        for &cell in &threats {
            layer.spawn(threat_ring(cell));
        }
        if overlays.hint {
            for cell in game.hint().into_iter().flatten() {
                layer.spawn((OverlayMark(Some(Layer::Hint)), hint_square(cell)));
            }
        }
        if overlays.pivot {
            layer.spawn((
                OverlayMark(Some(Layer::Pivot)),
                PIVOT.square(claim.pivot, palette::BAD_SOFT.with_alpha(PIVOT_FILL_ALPHA), palette::PIVOT),
            ));
        }
    });
}

/// The completed Snaky as one piece: each of its cells tinted, and one red outline around the
/// six (a side is drawn only where the neighbouring cell is not in the Snaky, centred on the grid
/// line, so corners meet cleanly). Newcomer #48 read six overlapping framed squares as a mess.
pub(super) fn winning_snaky(copy: &[crate::snaky::Cell]) -> Vec<Piece> {
    let mut marks: Vec<_> =
        copy.iter().map(|&cell| winning_piece(Placed::cell(cell, 0.0), palette::WINNING)).collect();
    marks.extend(snaky_outline(copy, palette::BAD, OUTLINE_PX));
    marks
}

/// Every Snaky Maker has two cells short on `game`'s board, each as a thin line in its colour
/// through its six cells from one end to the other, under the stones: the lesson's before its
/// move, and the game's while [`Overlays::shapes`] is on. A line runs between Maker's four stones
/// and on through the two free cells, and lines that share cells lie a little apart and in two
/// shades (newcomers #126 to #131 saw outlines drawn on the same grid lines merge into one blob).
fn two_short_lines(game: &crate::snaky::Game) -> Vec<(TwoShortMark, OutlineShade, Piece)> {
    let copies = crate::snaky::threats::two_short(game.maker_cells(), game.breaker_cells());
    short_lines(game, &copies, SHORT_SHADES, TWO_SHORT_PX)
        .into_iter()
        .map(|(copy, shade, piece)| (TwoShortMark(copy), shade, piece))
        .collect()
}

/// Every Snaky Maker has three cells short on `game`'s board, drawn as those two short are but
/// thinner and fainter, with [`Overlays::three_short`]; each shows only while the pointer (or the
/// keys' cursor) is on one of its cells ([`focus_lines`]).
fn three_short_lines(game: &crate::snaky::Game) -> Vec<(ThreeShortMark, OutlineShade, Piece)> {
    let copies = crate::snaky::threats::three_short(game.maker_cells(), game.breaker_cells());
    let shades = SHORT_SHADES.map(|shade| shade.with_alpha(THREE_SHORT_ALPHA));
    short_lines(game, &copies, shades, THREE_SHORT_PX)
        .into_iter()
        .map(|(copy, shade, piece)| (ThreeShortMark(copy), shade, piece))
        .collect()
}

/// `copies` as lines `width` pixels thick in `shades`, with a dot on each cell free of Maker's
/// stones, each piece with its copy.
fn short_lines(
    game: &crate::snaky::Game,
    copies: &[crate::snaky::shape::Copy],
    shades: [Color; 2],
    width: f32,
) -> Vec<(crate::snaky::shape::Copy, OutlineShade, Piece)> {
    let styles = line_styles(copies);
    copies
        .iter()
        .zip(styles)
        .flat_map(|(&copy, style)| {
            let (offset, shade) = (SHORT_OFFSETS[style % 3], shades[style / 3]);
            let mut pieces = snaky_path(&copy, shade, offset, width);
            let free = copy.into_iter().filter(|cell| !game.maker_cells().contains(cell));
            pieces.extend(free.map(|cell| path_dot(cell, shade, offset)));
            pieces.into_iter().map(move |piece| (copy, OutlineShade(shade), piece))
        })
        .collect()
}

/// A style (0 to 5: offset `style % 3`, shade `style / 3`) for each copy, in order: the first that
/// no earlier copy sharing a cell with it has, else the one fewest of them have.
fn line_styles(copies: &[crate::snaky::shape::Copy]) -> Vec<usize> {
    let mut styles: Vec<usize> = Vec::with_capacity(copies.len());
    for (index, copy) in copies.iter().enumerate() {
        let mut used = [0_usize; 6];
        for (other, &style) in copies[..index].iter().zip(&styles) {
            if copy.iter().any(|cell| other.contains(cell)) {
                used[style] += 1;
            }
        }
        let style = (0..6).min_by_key(|&style| (used[style], style)).unwrap_or(0);
        styles.push(style);
    }
    styles
}

/// A Snaky's six cells in the order of its path, from an end (a cell with one neighbour in it).
fn path_order(copy: &crate::snaky::shape::Copy) -> Vec<crate::snaky::Cell> {
    let touching = |a: crate::snaky::Cell, b: crate::snaky::Cell| a.x.abs_diff(b.x) + a.y.abs_diff(b.y) == 1;
    let neighbours = |cell: crate::snaky::Cell| copy.iter().filter(|&&other| touching(cell, other)).count();
    let Some(&start) = copy.iter().filter(|&&cell| neighbours(cell) == 1).min() else {
        return copy.to_vec();
    };
    let mut path = vec![start];
    while let Some(&next) = copy
        .iter()
        .find(|&&cell| !path.contains(&cell) && path.last().is_some_and(|&last| touching(last, cell)))
    {
        path.push(next);
    }
    path
}

/// A free cell on a Snaky's line: a dot on the line at the cell's centre.
fn path_dot(cell: crate::snaky::Cell, colour: Color, offset: f64) -> Piece {
    let placed = Placed {
        x: f64::from(cell.x) + offset,
        y: f64::from(cell.y) + offset,
        ..Placed::cell(cell, PATH_DOT_INSET)
    };
    (
        placed,
        Node { position_type: PositionType::Absolute, border_radius: BorderRadius::MAX, ..default() },
        BackgroundColor(colour),
        Pickable::IGNORE,
    )
}

/// A Snaky as one line `width` pixels thick through its cells' centres, from one end to the
/// other, shifted `offset` cells up and right.
fn snaky_path(copy: &crate::snaky::shape::Copy, colour: Color, offset: f64, width: f32) -> Vec<Piece> {
    let half = Vec2::splat(width / 2.0);
    path_order(copy)
        .windows(2)
        .map(|pair| {
            let (x, y) = (f64::from(pair[0].x.min(pair[1].x)), f64::from(pair[0].y.min(pair[1].y)));
            let (w, h) = (pair[0].x.abs_diff(pair[1].x) as f32, pair[0].y.abs_diff(pair[1].y) as f32);
            let placed = Placed { x: x + 0.5 + offset, y: y + 0.5 + offset, w, h, inset: 0.0, grow: half };
            winning_piece(placed, colour)
        })
        .collect()
}

/// One outline around a Snaky's six cells, `width` pixels thick and centred on the grid lines: a
/// side is drawn only where the neighbouring cell is not in the Snaky, so corners meet cleanly.
fn snaky_outline(copy: &[crate::snaky::Cell], colour: Color, width: f32) -> Vec<Piece> {
    use crate::snaky::Cell;
    let mut marks = Vec::new();
    for &cell in copy {
        let (x, y) = (f64::from(cell.x), f64::from(cell.y));
        let half = width / 2.0;
        // (the neighbour across the side, where the side's line lies: x, y, width, height)
        let sides = [
            (Cell::new(cell.x, cell.y.saturating_add(1)), (x, y + 1.0, 1.0, 0.0)),
            (Cell::new(cell.x, cell.y.saturating_sub(1)), (x, y, 1.0, 0.0)),
            (Cell::new(cell.x.saturating_sub(1), cell.y), (x, y, 0.0, 1.0)),
            (Cell::new(cell.x.saturating_add(1), cell.y), (x + 1.0, y, 0.0, 1.0)),
        ];
        for (neighbour, (x, y, w, h)) in sides {
            if !copy.contains(&neighbour) {
                let line = Placed { x, y, w, h, inset: 0.0, grow: Vec2::splat(half) };
                marks.push(winning_piece(line, colour));
            }
        }
    }
    marks
}

/// A piece of an outlined Snaky: a tinted cell or a side of its outline.
pub(super) type Piece = (Placed, Node, BackgroundColor, Pickable);

fn winning_piece(placed: Placed, colour: Color) -> Piece {
    (
        placed,
        Node { position_type: PositionType::Absolute, ..default() },
        BackgroundColor(colour),
        Pickable::IGNORE,
    )
}

/// A cell of a shape the board points out (the lesson's fullest shape, the hint's shape as Maker):
/// a light yellow tile.
pub(super) fn shape_tile(cell: crate::snaky::Cell) -> impl Bundle {
    ENVELOPE.square(cell, palette::TINT_YELLOW, Color::NONE)
}

/// A cell of the Snaky a lesson's line ends with: a purple tile, Maker's colour.
fn aim_tile(cell: crate::snaky::Cell) -> impl Bundle {
    ENVELOPE.square(cell, palette::TINT_PURPLE, Color::NONE)
}

/// With the pointer on a cell of some Snakies two cells short, their lines keep their shade and
/// the others fade, so that each shape can be told apart where lines cross (newcomer #107: "which
/// cells belong to which Snaky"); elsewhere, every line is whole.
fn focus_lines(
    hover: Res<Hover>,
    cursor: Res<Cursor>,
    mut pieces: Query<(Option<&TwoShortMark>, Option<&ThreeShortMark>, &OutlineShade, &mut BackgroundColor)>,
) {
    let through = |copy: Option<crate::snaky::shape::Copy>, cell: Option<crate::snaky::Cell>| {
        cell.is_some_and(|cell| copy.is_some_and(|copy| copy.contains(&cell)))
    };
    let focused = pieces.iter().any(|(two, _, _, _)| through(two.map(|m| m.0), hover.0));
    // Those three short show only through the cell pointed at, or the cursor's from the keys:
    // all at once they were a tangle (newcomers #135 and #136).
    let pointed = hover.0.or(Some(cursor.0));
    for (two, three, shade, mut colour) in &mut pieces {
        let wanted = match (two, three) {
            (Some(two), _) if focused && !through(Some(two.0), hover.0) => shade.0.with_alpha(FADED_ALPHA),
            (_, Some(three)) if !through(Some(three.0), pointed) => Color::NONE,
            _ => shade.0,
        };
        if colour.0 != wanted {
            colour.0 = wanted;
        }
    }
}

/// The hint's square on a cell (the Breaker screen's hinted replies, the Maker screen's proven move),
/// filled so that it still shows under the keyboard cursor, which the Maker screen's hint moves there.
pub(super) fn hint_square(cell: crate::snaky::Cell) -> impl Bundle {
    HINT.square(cell, palette::HINT.with_alpha(HINT_FILL_ALPHA), palette::HINT)
}

/// A move suggested but not proven (the Maker screen's move near the stones): the hint's colour,
/// outlined only.
pub(super) fn near_square(cell: crate::snaky::Cell) -> impl Bundle {
    HINT.square(cell, Color::NONE, palette::HINT)
}

/// A practice board's try: a square in the lesson's colours (green holds, red does not).
pub(super) fn tried_square(cell: crate::snaky::Cell, holds: bool) -> impl Bundle {
    HINT.square(cell, Color::NONE, if holds { palette::HINT } else { palette::BAD })
}

/// The move the player made in the game, on a practice board: a red ring (a round mark, apart
/// from the tries' squares).
pub(super) fn played_ring(cell: crate::snaky::Cell) -> impl Bundle {
    THREAT.square(cell, Color::NONE, palette::BAD)
}

/// A finishing cell's ring, marked with [`ThreatMark`].
pub(super) fn threat_ring(cell: crate::snaky::Cell) -> impl Bundle {
    (ThreatMark(cell), finish_ring(cell))
}

/// The ring of a cell that finishes a Snaky: a round ring in Maker's colour, filled with a pale
/// tint of it that hides the lines of Snakies short beneath (newcomer #134 saw a ring half hidden
/// under them).
pub(super) fn finish_ring(cell: crate::snaky::Cell) -> impl Bundle {
    THREAT.square(cell, FINISH_FILL, palette::MAKER_STONE)
}

/// Maker's colour at 18% over the board: opaque, so that nothing under the ring shows through.
const FINISH_FILL: Color = Color::srgb(0.906, 0.888, 0.911);

/// How an overlay square sits on its cell: shrunk by `inset` cells or grown by `grow` pixels on
/// every side, with a border and rounded corners of so many pixels.
struct Shape {
    inset: f32,
    grow: f32,
    border: f32,
    radius: Val,
}

/// The completed Snaky's outline: this thick, centred on the grid lines around it.
const OUTLINE_PX: f32 = 4.0;
/// A Snaky two cells short: a thinner line.
const TWO_SHORT_PX: f32 = 3.0;
/// How far a Snaky short is drawn off its cells' centres, up and right, in cells: three
/// offsets, so that lines through the same cells lie apart.
const SHORT_OFFSETS: [f64; 3] = [0.0, 0.12, -0.12];
/// A free cell on such a line: a dot this far inside the cell on every side, in cells.
const PATH_DOT_INSET: f32 = 0.36;
/// A Snaky three cells short: a thinner line, and fainter.
const THREE_SHORT_PX: f32 = 2.0;
const THREE_SHORT_ALPHA: f32 = 0.7;
/// The two shades of the lines of Snakies short: Maker's colour, and its edge's darker one.
const SHORT_SHADES: [Color; 2] = [palette::MAKER_STONE, palette::MAKER_EDGE];
/// A line of a Snaky two cells short away from the pointed cell, while the pointer is on one.
const FADED_ALPHA: f32 = 0.2;
/// The envelope: a light tint just inside the grid lines (a rounded tile, as the heat map's).
const ENVELOPE: Shape = Shape { inset: 0.04, grow: 0.0, border: 0.0, radius: Val::Px(3.0) };
/// The required set: a ring on the cell's edge.
const REQUIRED: Shape = Shape { inset: 0.0, grow: 1.0, border: 3.0, radius: Val::Px(4.0) };
/// The heat map: a coloured tile with the height on it.
const HEAT: Shape = Shape { inset: 0.06, grow: 0.0, border: 0.0, radius: Val::Px(3.0) };
/// The hint: a ring just outside the cell, outside the required ring.
const HINT: Shape = Shape { inset: 0.0, grow: 2.0, border: 3.0, radius: Val::Px(6.0) };
const HINT_FILL_ALPHA: f32 = 0.45;
/// The lesson's named best reply: filled more strongly, so a tint under it does not grey it.
const NAMED_FILL_ALPHA: f32 = 0.75;
/// A finishing cell: a round ring inside the cell, in Maker's colour.
const THREAT: Shape = Shape { inset: 0.12, grow: 0.0, border: 3.0, radius: Val::Px(f32::MAX) };
/// The pivot: a round ring reaching into the neighbouring cells.
const PIVOT: Shape = Shape { inset: 0.0, grow: 4.0, border: 3.0, radius: Val::Px(f32::MAX) };
const PIVOT_FILL_ALPHA: f32 = 0.5;
/// The heat map's numbers before they follow the zoom.
const HEAT_FONT_PX: f32 = 10.0;

impl Shape {
    fn square(&self, cell: crate::snaky::Cell, fill: Color, border: Color) -> impl Bundle {
        (
            Placed { grow: Vec2::splat(self.grow), ..Placed::cell(cell, self.inset) },
            Node {
                position_type: PositionType::Absolute,
                justify_content: JustifyContent::Center,
                align_items: AlignItems::Center,
                border: UiRect::all(px(self.border)),
                border_radius: BorderRadius::all(self.radius),
                ..default()
            },
            BackgroundColor(fill),
            BorderColor::all(border),
            Pickable::IGNORE,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::snaky::{Symmetry, shape};

    /// Snaky's six cells touch along five sides (a chain, no 2×2 block), so its outline is
    /// 4 × 6 − 2 × 5 = 14 cell sides long: six tints and fourteen lines, in every orientation,
    /// each line a cell long and lying on a side of one of the six cells.
    #[test]
    fn the_completed_snaky_is_six_tints_inside_one_outline_of_fourteen_sides() {
        for symmetry in Symmetry::ALL {
            let copy = shape::copy(symmetry, 3, -2);
            let mut world = World::new();
            for mark in winning_snaky(&copy) {
                world.spawn(mark);
            }
            let placed: Vec<Placed> = world.query::<&Placed>().iter(&world).copied().collect();
            let tints = placed.iter().filter(|p| p.w == 1.0 && p.h == 1.0).count();
            let lines: Vec<&Placed> = placed.iter().filter(|p| p.w * p.h == 0.0).collect();
            assert_eq!((tints, lines.len()), (6, 14), "{symmetry:?}");
            for line in lines {
                assert_eq!(line.w + line.h, 1.0, "{line:?}");
                let touches = copy.iter().any(|c| {
                    let (x, y) = (f64::from(c.x), f64::from(c.y));
                    (line.x == x || line.x == x + 1.0) && (line.y == y || line.y == y + 1.0)
                });
                assert!(touches, "{line:?} lies on no cell of {copy:?}");
            }
        }
    }

    /// A Snaky two cells short is one line through its six cells' centres, shifted off them by
    /// its offset: five segments, each a cell long and joining two of its cells that share a side,
    /// which together visit every cell once, in every orientation.
    #[test]
    fn a_snaky_two_short_is_one_line_through_its_six_cells() {
        for symmetry in Symmetry::ALL {
            let copy = shape::copy(symmetry, 3, -2);
            let path = path_order(&copy);
            let (mut visited, mut cells) = (path.clone(), copy.to_vec());
            visited.sort();
            cells.sort();
            assert_eq!(visited, cells, "{symmetry:?}: every cell once");
            let pieces = snaky_path(&copy, palette::MAKER_STONE, 0.12, TWO_SHORT_PX);
            assert_eq!(pieces.len(), 5, "{symmetry:?}");
            for (pair, (placed, ..)) in path.windows(2).zip(&pieces) {
                assert_eq!(pair[0].x.abs_diff(pair[1].x) + pair[0].y.abs_diff(pair[1].y), 1, "{path:?}");
                assert_eq!(placed.w + placed.h, 1.0, "{placed:?}");
                let low = (f64::from(pair[0].x.min(pair[1].x)), f64::from(pair[0].y.min(pair[1].y)));
                assert_eq!((placed.x, placed.y), (low.0 + 0.62, low.1 + 0.62), "{pair:?}");
            }
        }
    }

    /// Snakies that share a cell are drawn in different styles while there are styles to spare:
    /// six copies through one cell take all six.
    #[test]
    fn snakies_sharing_a_cell_are_drawn_apart() {
        let through: Vec<_> = shape::copies_through(crate::snaky::Cell::new(0, 0)).take(6).collect();
        let mut styles = line_styles(&through);
        styles.sort();
        assert_eq!(styles, vec![0, 1, 2, 3, 4, 5]);
        let apart = [shape::copy(Symmetry::ALL[0], 0, 0), shape::copy(Symmetry::ALL[0], 20, 0)];
        assert_eq!(line_styles(&apart), vec![0, 0], "far apart, the first style each");
    }
}
