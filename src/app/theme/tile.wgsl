// A tile (see `flat.rs`): one colour in a rounded box, all corners alike, antialiased as the UI's
// node shader does it, without its texture read and border distances.

#import bevy_ui::ui_vertex_output::UiVertexOutput

struct TileLook {
    fill: vec4<f32>,
}

@group(1) @binding(0)
var<uniform> tile: TileLook;

@fragment
fn fragment(in: UiVertexOutput) -> @location(0) vec4<f32> {
    // The signed distance from the rounded box, as the UI's `sd_rounded_box`.
    let radius = in.border_radius.x;
    let q = abs(in.uv * in.size - 0.5 * in.size) - 0.5 * in.size + radius;
    let distance = length(max(q, vec2<f32>(0.0))) + min(max(q.x, q.y), 0.0) - radius;
    return vec4<f32>(tile.fill.rgb, tile.fill.a * saturate(0.5 - distance));
}
