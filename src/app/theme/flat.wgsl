// A flat card (see `flat.rs`): one opaque colour, its rounded corners mixed with the page. Drawn
// without blending; only the pixels in the corners work out a distance.

#import bevy_ui::ui_vertex_output::UiVertexOutput

struct FlatCard {
    fill: vec4<f32>,
    page: vec4<f32>,
}

@group(1) @binding(0)
var<uniform> card: FlatCard;

@fragment
fn fragment(in: UiVertexOutput) -> @location(0) vec4<f32> {
    var colour = card.fill;
    // How far past the straight edges this pixel is, towards the nearest corner's arc.
    let radius = in.border_radius.x;
    let q = abs(in.uv * in.size - in.size * 0.5) - (in.size * 0.5 - vec2<f32>(radius));
    if all(q > vec2<f32>(0.0)) {
        colour = mix(card.page, colour, clamp(0.5 - (length(q) - radius), 0.0, 1.0));
    }
    return vec4<f32>(colour.rgb, 1.0);
}
