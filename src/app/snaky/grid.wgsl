// The Snaky board's background in one quad: the paper, the frame's light interior and the grid
// lines, drawn per pixel from the view (see `grid.rs`; the frame's dashes are nodes on top).
// Lengths are in board-area design pixels in the uniforms; the shader scales them to physical
// pixels once, by the node's size.
//
// Every pixel of the board runs this, and the software renderer pays for each instruction, so it
// stays lean: all colours are opaque and the quad is drawn without blending (`grid.rs`). It also
// runs every branch on every pixel, so what only some pixels need costs all of them.

#import bevy_ui::ui_vertex_output::UiVertexOutput

struct BoardGrid {
    paper_colour: vec4<f32>,
    line_colour: vec4<f32>,
    inside_colour: vec4<f32>,
    // The page around the board, which shows in its rounded corners.
    page_colour: vec4<f32>,
    // The area's size in design pixels (xy) and pixels per cell (z).
    area: vec4<f32>,
    // Where grid line 0 of each axis falls, in design pixels from the area's left and top (xy).
    origin: vec4<f32>,
    // The frame's rectangle: left, top, right, bottom, in design pixels.
    frame: vec4<f32>,
    // Half a grid line's width, in design pixels (x).
    line: vec4<f32>,
}

@group(1) @binding(0)
var<uniform> grid: BoardGrid;

// Whether each coordinate of this pixel (its centre `p`, in physical pixels) lies in [lo, hi] once
// both ends are rounded to whole pixels, at least one pixel wide: crisp edges, as the UI lays out
// its nodes. (Halves round up: WGSL's `round` goes to even, which would make every other line
// thicker.)
fn span(p: vec2<f32>, lo: vec2<f32>, hi: vec2<f32>) -> vec2<bool> {
    let first = floor(lo + 0.5);
    let last = max(floor(hi + 0.5), first + 1.0);
    return (p >= first) & (p < last);
}

@fragment
fn fragment(in: UiVertexOutput) -> @location(0) vec4<f32> {
    let scale = in.size / grid.area.xy;
    let cell = grid.area.z * scale;
    // This pixel's centre, in physical pixels from the area's top-left corner.
    let p = in.uv * in.size;
    let frame_lo = grid.frame.xy * scale;
    let frame_hi = grid.frame.zw * scale;

    // The frame's interior, then the nearest grid line of each axis.
    let inside = span(p, frame_lo, frame_hi);
    var colour = select(grid.paper_colour, grid.inside_colour, all(inside));
    let u = (p - grid.origin.xy * scale) / cell;
    let line = p - (u - round(u)) * cell;
    let half_line = grid.line.x * scale;
    if any(span(p, line - half_line, line + half_line)) {
        colour = grid.line_colour;
    }

    // The rounded corners of the area, as the UI draws a node with a border radius: the page shows
    // outside the arc, blended over the arc's last pixel.
    let radius = in.border_radius.x;
    let q = abs(p - in.size * 0.5) - (in.size * 0.5 - vec2<f32>(radius));
    if all(q > vec2<f32>(0.0)) {
        let coverage = clamp(0.5 - (length(q) - radius), 0.0, 1.0);
        colour = mix(grid.page_colour, colour, coverage);
    }
    return vec4<f32>(colour.rgb, 1.0);
}
