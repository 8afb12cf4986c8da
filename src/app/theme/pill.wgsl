// A pill (see `flat.rs`): a button's face and its raised edge in one quad. The node's rounded box
// is the edge colour; the box inset by the node's border widths is the face, with the corner
// radii the UI gives an inset box (each radius less the larger border beside it). Both edges are
// antialiased as the UI's node shader does it; what lies outside is transparent.

#import bevy_ui::ui_vertex_output::UiVertexOutput

struct PillLook {
    face: vec4<f32>,
    edge: vec4<f32>,
}

@group(1) @binding(0)
var<uniform> look: PillLook;

// The signed distance from a box of `size` centred on the origin with this corner's radius.
fn sd_box(point: vec2<f32>, size: vec2<f32>, radius: f32) -> f32 {
    let q = abs(point) - 0.5 * size + radius;
    return length(max(q, vec2<f32>(0.0))) + min(max(q.x, q.y), 0.0) - radius;
}

@fragment
fn fragment(in: UiVertexOutput) -> @location(0) vec4<f32> {
    let size = in.size;
    let point = (in.uv - 0.5) * size;
    let right = point.x > 0.0;
    let below = point.y > 0.0;
    // Radii: top left, top right, bottom right, bottom left.
    let r = in.border_radius;
    let radius = select(select(r.x, r.y, right), select(r.w, r.z, right), below);
    let outer = sd_box(point, size, radius);

    // Borders: left, top, right, bottom.
    let b = in.border_widths;
    let inner_size = size - b.xy - b.zw;
    let inner_point = point - (b.xy + 0.5 * inner_size - 0.5 * size);
    let beside = max(select(b.x, b.z, right), select(b.y, b.w, below));
    let inner_radius = clamp(radius - beside, 0.0, 0.5 * min(inner_size.x, inner_size.y));
    let inner = sd_box(inner_point, inner_size, inner_radius);

    let colour = mix(look.edge, look.face, saturate(0.5 - inner));
    return vec4<f32>(colour.rgb, colour.a * saturate(0.5 - outer));
}
