// A flat card (see `flat.rs`): one opaque colour, drawn without blending. Every pixel of the card
// runs this, so it does nothing else: the rounded corners are nodes of their own on top
// (`page_corner.wgsl`).

#import bevy_ui::ui_vertex_output::UiVertexOutput

struct FlatCard {
    fill: vec4<f32>,
}

@group(1) @binding(0)
var<uniform> card: FlatCard;

@fragment
fn fragment(in: UiVertexOutput) -> @location(0) vec4<f32> {
    return vec4<f32>(card.fill.rgb, 1.0);
}
