// The top-left corner of a flat card (see `flat.rs`), on a square node as large as the corner's
// radius: the page outside the arc, blended over the arc's last pixel as the UI draws a rounded
// node, and nothing inside it. The other corners are this node mirrored.

#import bevy_ui::ui_vertex_output::UiVertexOutput

struct PageCorner {
    page: vec4<f32>,
}

@group(1) @binding(0)
var<uniform> corner: PageCorner;

@fragment
fn fragment(in: UiVertexOutput) -> @location(0) vec4<f32> {
    let radius = in.size.x;
    // This pixel's distance from the arc's centre, the node's bottom-right corner.
    let distance = length((vec2<f32>(1.0) - in.uv) * in.size);
    let card = clamp(0.5 - (distance - radius), 0.0, 1.0);
    return vec4<f32>(corner.page.rgb, corner.page.a * (1.0 - card));
}
