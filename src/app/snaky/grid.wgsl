// The Snaky board's background in one quad: the paper, the frame's light interior, the grid lines and the
// dashed frame, drawn per pixel from the view (see `grid.rs`). Lengths are in board-area design
// pixels unless named `_phys`; the node's size in physical pixels gives the scale between them.

#import bevy_ui::ui_vertex_output::UiVertexOutput

struct BoardGrid {
    paper_colour: vec4<f32>,
    line_colour: vec4<f32>,
    inside_colour: vec4<f32>,
    frame_colour: vec4<f32>,
    // The area's size in design pixels (xy) and pixels per cell (z).
    area: vec4<f32>,
    // Where grid line 0 of each axis falls, in design pixels from the area's left and top (xy).
    origin: vec4<f32>,
    // The frame's rectangle: left, top, right, bottom, in design pixels.
    frame: vec4<f32>,
    // The dashes: length along the edge and gap before the first, in cells (xy); half thickness
    // and half width of a grid line, in design pixels (zw).
    dash: vec4<f32>,
}

@group(1) @binding(0)
var<uniform> grid: BoardGrid;

// Whether this pixel (its centre `p`, in physical pixels) lies in [lo, hi] once both ends are
// rounded to whole pixels, at least one pixel wide: crisp edges, as the UI lays out its nodes.
fn span(p: f32, lo: f32, hi: f32) -> f32 {
    // Halves round up (WGSL's `round` goes to even, which would make every other line thicker).
    let first = floor(lo + 0.5);
    let last = max(floor(hi + 0.5), first + 1.0);
    return select(0.0, 1.0, p >= first && p < last);
}

fn over(below: vec4<f32>, above: vec4<f32>, coverage: f32) -> vec4<f32> {
    let a = above.a * coverage;
    let out_a = a + below.a * (1.0 - a);
    if out_a <= 0.0 {
        return vec4<f32>(0.0);
    }
    let rgb = (above.rgb * a + below.rgb * below.a * (1.0 - a)) / out_a;
    return vec4<f32>(rgb, out_a);
}

// The rounded corners of the area, as the UI draws a node with a border radius.
fn corner_coverage(p: vec2<f32>, size: vec2<f32>, radius: f32) -> f32 {
    let q = abs(p - size * 0.5) - (size * 0.5 - vec2<f32>(radius));
    let outside = length(max(q, vec2<f32>(0.0))) + min(max(q.x, q.y), 0.0) - radius;
    return clamp(0.5 - outside, 0.0, 1.0);
}

@fragment
fn fragment(in: UiVertexOutput) -> @location(0) vec4<f32> {
    let area = grid.area.xy;
    let cell = grid.area.z;
    let scale = in.size / area;
    // This pixel's centre, in design pixels and in physical pixels from the top-left corner.
    let phys = in.uv * in.size;
    let p = in.uv * area;

    var colour = grid.paper_colour;

    // The frame's interior.
    let f = grid.frame;
    let inside = span(phys.x, f.x * scale.x, f.z * scale.x) * span(phys.y, f.y * scale.y, f.w * scale.y);
    colour = over(colour, grid.inside_colour, inside);

    // Grid lines: the nearest line of each axis.
    let u = (p - grid.origin.xy) / cell;
    let line = phys - (u - round(u)) * cell * scale;
    let half_line = grid.dash.w * scale;
    let lines = max(
        span(phys.x, line.x - half_line.x, line.x + half_line.x),
        span(phys.y, line.y - half_line.y, line.y + half_line.y),
    );
    colour = over(colour, grid.line_colour, lines);

    // The dashed frame: one dash per cell edge on each side, centred on the edge.
    let dash_len = grid.dash.x;
    let gap = grid.dash.y;
    let thick = grid.dash.z;
    let along = (p - f.xy) / cell;
    let cells = (f.zw - f.xy) / cell;
    // Distance along an edge to the nearest dash, in design pixels (0 on a dash).
    let kx = clamp(floor(along.x), 0.0, cells.x - 1.0);
    let ky = clamp(floor(along.y), 0.0, cells.y - 1.0);
    let dash_x0 = f.x + (kx + gap) * cell - thick;
    let dash_x1 = f.x + (kx + gap + dash_len) * cell + thick;
    let dash_y0 = f.y + (ky + gap) * cell - thick;
    let dash_y1 = f.y + (ky + gap + dash_len) * cell + thick;
    let on_x = span(phys.x, dash_x0 * scale.x, dash_x1 * scale.x);
    let on_y = span(phys.y, dash_y0 * scale.y, dash_y1 * scale.y);
    let top = on_x * span(phys.y, (f.y - thick) * scale.y, (f.y + thick) * scale.y);
    let bottom = on_x * span(phys.y, (f.w - thick) * scale.y, (f.w + thick) * scale.y);
    let left = on_y * span(phys.x, (f.x - thick) * scale.x, (f.x + thick) * scale.x);
    let right = on_y * span(phys.x, (f.z - thick) * scale.x, (f.z + thick) * scale.x);
    colour = over(colour, grid.frame_colour, max(max(top, bottom), max(left, right)));

    colour.a *= corner_coverage(phys, in.size, in.border_radius.x);
    return colour;
}
