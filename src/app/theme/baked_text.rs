//! Text, and the plain looks of small widgets, drawn as one picture each instead of several quads.
//!
//! The UI draws every glyph as a quad of its own, blended over what is below. A software renderer
//! pays for each quad (setting up its triangles and their many interpolated values) far more than
//! for the few pixels it covers, and a screen full of small text (the Snaky panel, its key lines)
//! has hundreds of glyphs. So, whenever a text block is laid out anew or changes colour, its
//! glyphs are copied from the font atlases (which stay on the CPU) into one small picture of the
//! block, each in its own colour. The renderer then draws that picture as a single quad where the
//! glyphs would have been, at the same depth, with the same clipping; the glyph quads of a baked
//! block are dropped. All pictures are packed into one image (the sheet), so text blocks that are
//! drawn one after another, and the plain coloured nodes between them, share one draw call.
//!
//! The picture holds exactly what the glyph quads would write: the glyph's coverage as alpha and
//! the span's colour, placed on whole pixels as the glyphs are, and sampled texel for texel.
//!
//! A node marked [`BakedLook`] (the small buttons, the stones) is baked the same way: the UI draws
//! its background and its border as two quads, each as large as the node and each working out
//! rounded-box distances on every pixel; its picture is the two composited once, on the CPU, with
//! the same distances and antialiasing as the UI's shader (`ui.wgsl`), and is drawn as one quad of
//! the sheet in their place. It is baked again whenever its colours, size, border or corners
//! change (a hovered button, a zoom).

use bevy::asset::RenderAssetUsages;
use bevy::image::ImageSampler;
use bevy::math::Affine2;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use bevy::render::sync_world::TemporaryRenderEntity;
use bevy::render::{Extract, ExtractSchedule, RenderApp};
use bevy::text::{ComputedTextBlock, TextLayoutInfo};
use bevy::ui::{
    CalculatedClip, ComputedStackIndex, ComputedUiTargetCamera, ResolvedBorderRadius, UiGlobalTransform,
    UiSystems,
};
use bevy::ui_render::{
    ExtractedUiItem, ExtractedUiNode, ExtractedUiNodes, NodeType, RenderUiSystems, UiCameraMap,
    stack_z_offsets,
};

pub(super) fn plugin(app: &mut App) {
    // Baking feeds the UI renderer, which the windowed game adds before the game's plugins.
    if !app.is_plugin_added::<bevy::ui_render::UiRenderPlugin>() {
        return;
    }
    app.init_resource::<Sheet>()
        .add_systems(PostUpdate, ((bake, bake_looks), pack).chain().after(UiSystems::PostLayout));
    if let Some(render_app) = app.get_sub_app_mut(RenderApp) {
        render_app.add_systems(ExtractSchedule, draw_baked.after(RenderUiSystems::ExtractText));
    }
}

/// A node whose background and border are drawn as one baked picture (see the module's doc). For
/// plain nodes without text of their own (a text node keeps its background to the UI) and without
/// an image; an outline stays the UI's.
#[derive(Component, Debug, Clone, Copy, Default)]
pub struct BakedLook;

/// What a picture shows, and so which of the UI's quads it replaces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Part {
    /// A text block's glyphs.
    Text,
    /// A node's background and border.
    Look,
}

/// A picture, kept on the CPU until it is packed into the sheet: straight sRGB colour and alpha,
/// `size.x` by `size.y` pixels, its top-left corner at `offset` from the top-left corner of the
/// block's content box (glyphs may reach past the layout's box) or of the node, in physical pixels.
#[derive(Component, Debug, Clone)]
struct Picture {
    pixels: Vec<u8>,
    size: UVec2,
    offset: Vec2,
    part: Part,
}

/// Where a block's or a node's picture lies in the sheet, for the renderer.
#[derive(Component, Debug, Clone, Copy)]
struct Baked {
    texels: Rect,
    offset: Vec2,
    part: Part,
}

/// All baked pictures packed into one image, so that text blocks drawn one after another (and the
/// plain coloured nodes between them) are one draw call: the software renderer pays far more per
/// draw call than per quad.
#[derive(Resource, Debug)]
struct Sheet {
    image: Handle<Image>,
}

impl FromWorld for Sheet {
    /// An empty sheet of its own from the start, so packing only ever replaces its pixels (never
    /// those of `Handle::default()`, Bevy's white image for untextured nodes).
    fn from_world(world: &mut World) -> Self {
        let empty = sheet_image(1, Vec::from([0; 4 * SHEET_WIDTH as usize]));
        Self { image: world.resource_mut::<Assets<Image>>().add(empty) }
    }
}

/// The sheet's width; rows of pictures are stacked downwards as far as needed, up to a height any
/// GPU takes for a texture.
const SHEET_WIDTH: u32 = 2048;
const SHEET_MAX_HEIGHT: u32 = 8192;
/// Pixels left empty around each picture, so no sampling ever reaches a neighbour.
const GAP: u32 = 1;

/// The colour of each section of a block, in the order of `ComputedTextBlock::entities`.
fn section_colours(block: &ComputedTextBlock, colours: &Query<Ref<TextColor>>) -> Vec<[u8; 4]> {
    let colour = |entity| colours.get(entity).map_or([0; 4], |colour| colour.0.to_srgba().to_u8_array());
    block.entities().iter().map(|section| colour(section.entity)).collect()
}

/// Whether any section of a block changed colour since the last frame.
fn recoloured(block: &ComputedTextBlock, colours: &Query<Ref<TextColor>>) -> bool {
    block.entities().iter().any(|section| colours.get(section.entity).is_ok_and(|colour| colour.is_changed()))
}

/// Draws the picture of every text block whose layout (a new block's first one included) or
/// colours changed since the last frame. A block that could not be drawn keeps its glyph quads
/// until its next change.
fn bake(
    texts: Query<(Entity, Ref<TextLayoutInfo>, &ComputedTextBlock)>,
    colours: Query<Ref<TextColor>>,
    images: Res<Assets<Image>>,
    mut commands: Commands,
) {
    for (entity, layout, block) in &texts {
        if !layout.is_changed() && !recoloured(block, &colours) {
            continue;
        }
        match picture(&layout, &section_colours(block, &colours), &images) {
            Some(picture) => {
                commands.entity(entity).insert(picture);
            }
            // Nothing to draw (no glyphs, or an atlas not there): the glyph quads are left to the UI.
            None => {
                commands.entity(entity).remove::<(Picture, Baked)>();
            }
        }
    }
}

/// The largest look baked, in pixels: a larger node keeps the UI's quads (its picture would crowd
/// the sheet, and a large area is no cheaper as a picture).
const LARGEST_LOOK: f32 = 160.0 * 160.0;

/// Draws the picture of every [`BakedLook`] node whose colours, size, border or corners changed
/// since the last frame (a new node's first layout, or a new mark, included). A node with nothing
/// to draw, or too large, is left to the UI's quads.
#[allow(clippy::type_complexity)]
fn bake_looks(
    nodes: Query<
        (Entity, Ref<BakedLook>, Ref<ComputedNode>, Option<Ref<BackgroundColor>>, Option<Ref<BorderColor>>),
        (Without<Text>, Without<ImageNode>),
    >,
    mut commands: Commands,
) {
    for (entity, marker, node, background, border) in &nodes {
        let changed = marker.is_added()
            || node.is_changed()
            || background.as_ref().is_some_and(Ref::is_changed)
            || border.as_ref().is_some_and(Ref::is_changed);
        if !changed {
            continue;
        }
        let background = background.map_or(LinearRgba::NONE, |b| b.0.into());
        let borders = border.map_or([LinearRgba::NONE; 4], |b| {
            [b.left, b.top, b.right, b.bottom].map(|colour| colour.to_linear())
        });
        let look = Look { size: node.size(), border: node.border(), radius: node.border_radius() };
        match look.picture(background, borders) {
            Some(picture) => {
                commands.entity(entity).insert(picture);
            }
            None => {
                commands.entity(entity).remove::<(Picture, Baked)>();
            }
        }
    }
}

/// A node's shape as the UI's shader sees it, in physical pixels: its size, border widths and
/// corner radii.
#[derive(Debug, Clone, Copy)]
struct Look {
    size: Vec2,
    border: bevy::sprite::BorderRect,
    radius: ResolvedBorderRadius,
}

impl Look {
    /// The node's background with its border over it, as the UI's two quads would blend them: each
    /// side's border colour where that side is the nearest, the background inside the border.
    /// `None` when there is nothing to see, the node is empty or larger than [`LARGEST_LOOK`].
    fn picture(&self, background: LinearRgba, borders: [LinearRgba; 4]) -> Option<Picture> {
        let visible_border = self.border != bevy::sprite::BorderRect::ZERO
            && borders.iter().any(|colour| !colour.is_fully_transparent());
        if (background.is_fully_transparent() && !visible_border)
            || self.size.x < 1.0
            || self.size.y < 1.0
            || self.size.x * self.size.y > LARGEST_LOOK
        {
            return None;
        }
        let (width, height) = (self.size.x.round() as u32, self.size.y.round() as u32);
        // The border quads, once for the whole picture (none when the border shows nothing).
        let groups = if visible_border { border_groups(borders) } else { Vec::new() };
        let mut pixels = Vec::with_capacity((width * height * 4) as usize);
        for y in 0..height {
            for x in 0..width {
                // The pixel's centre, from the node's centre, as the shader's `point`.
                let point = Vec2::new(x as f32 + 0.5, y as f32 + 0.5) - self.size / 2.0;
                let mut pixel = self.background_at(point, background);
                for &(colour, sides) in &groups {
                    pixel = over_linear(self.border_at(point, colour, sides), pixel);
                }
                pixels.extend(encode(pixel));
            }
        }
        Some(Picture { pixels, size: UVec2::new(width, height), offset: Vec2::ZERO, part: Part::Look })
    }

    /// `draw_uinode_background`: the colour inside the border's inner edge, antialiased.
    fn background_at(&self, point: Vec2, colour: LinearRgba) -> LinearRgba {
        let inner = self.inset_distance(point);
        colour.with_alpha(colour.alpha * antialias(inner))
    }

    /// `draw_uinode_border`: the colour between the outer and the inner edge, where one of `sides`
    /// is the nearest side (left, top, right, bottom).
    fn border_at(&self, point: Vec2, colour: LinearRgba, sides: [bool; 4]) -> LinearRgba {
        let external = rounded_box_distance(point, self.size, self.radii());
        let internal = self.inset_distance(point);
        let distance = external.max(-internal);
        let coverage = if external < internal {
            antialias(distance)
        } else if distance < 0.0 {
            1.0
        } else {
            0.0
        };
        let nearest = if self.nearest_side_is_one_of(point, sides) { 1.0 } else { 0.0 };
        colour.with_alpha((colour.alpha * coverage * nearest).clamp(0.0, 1.0))
    }

    /// Corner radii in the shader's order: top left, top right, bottom right, bottom left.
    fn radii(&self) -> [f32; 4] {
        [self.radius.top_left, self.radius.top_right, self.radius.bottom_right, self.radius.bottom_left]
    }

    /// `sd_inset_rounded_box`: the distance from the border's inner edge.
    fn inset_distance(&self, point: Vec2) -> f32 {
        let [left, top] = self.border.min_inset.to_array();
        let [right, bottom] = self.border.max_inset.to_array();
        let inner_size = self.size - Vec2::new(left + right, top + bottom);
        let inner_centre = Vec2::new(left, top) + 0.5 * inner_size - 0.5 * self.size;
        let [tl, tr, br, bl] = self.radii();
        let half = (inner_size * 0.5).min_element().max(0.0);
        let shrink = |radius: f32, a: f32, b: f32| (radius - a.max(b)).clamp(0.0, half);
        let radii = [
            shrink(tl, left, top),
            shrink(tr, right, top),
            shrink(br, right, bottom),
            shrink(bl, left, bottom),
        ];
        rounded_box_distance(point - inner_centre, inner_size, radii)
    }

    /// `nearest_border_active`: whether the side nearest to the point (relative to each side's
    /// width) is one of `sides`.
    fn nearest_side_is_one_of(&self, point: Vec2, sides: [bool; 4]) -> bool {
        if sides == [true; 4] {
            return true;
        }
        let [left_width, top_width] = self.border.min_inset.to_array();
        let [right_width, bottom_width] = self.border.max_inset.to_array();
        let p = (point + self.size * 0.49999).clamp(Vec2::ZERO, self.size);
        let distances = [
            p.x / left_width,
            p.y / top_width,
            (self.size.x - p.x) / right_width,
            (self.size.y - p.y) / bottom_width,
        ];
        let nearest = distances.iter().copied().fold(f32::INFINITY, f32::min);
        (0..4).any(|side| sides[side] && distances[side] == nearest)
    }
}

/// The UI's border quads: one per distinct visible colour, covering the sides of that colour
/// (left, top, right, bottom), in the UI's order.
fn border_groups(colours: [LinearRgba; 4]) -> Vec<(LinearRgba, [bool; 4])> {
    let mut groups = Vec::new();
    let mut done = [false; 4];
    for side in 0..4 {
        if done[side] || colours[side].is_fully_transparent() {
            continue;
        }
        let mut sides = [false; 4];
        for other in side..4 {
            if colours[other] == colours[side] {
                sides[other] = true;
                done[other] = true;
            }
        }
        groups.push((colours[side], sides));
    }
    groups
}

/// `sd_rounded_box`: the signed distance from a rounded box centred on the origin, y downwards;
/// radii top left, top right, bottom right, bottom left.
fn rounded_box_distance(point: Vec2, size: Vec2, radii: [f32; 4]) -> f32 {
    let [tl, tr, br, bl] = radii;
    let radius = match (point.x > 0.0, point.y > 0.0) {
        (false, false) => tl,
        (true, false) => tr,
        (true, true) => br,
        (false, true) => bl,
    };
    let q = point.abs() - 0.5 * size + radius;
    q.max(Vec2::ZERO).length() + q.x.max(q.y).min(0.0) - radius
}

/// The UI's antialiasing of a signed distance.
fn antialias(distance: f32) -> f32 {
    (0.5 - distance).clamp(0.0, 1.0)
}

/// `top` over `below` in linear colour, straight alpha, as the renderer blends.
fn over_linear(top: LinearRgba, below: LinearRgba) -> LinearRgba {
    let [r, g, b, a] = over(top.to_f32_array(), below.to_f32_array());
    LinearRgba::new(r, g, b, a)
}

/// A linear colour as the sheet's sRGB bytes with straight alpha.
fn encode(colour: LinearRgba) -> [u8; 4] {
    if colour.alpha <= 0.0 {
        return [0; 4];
    }
    Color::from(colour).to_srgba().to_u8_array()
}

/// Packs all pictures into the sheet again whenever one was drawn or went away: rows of pictures,
/// tallest first. A picture that does not fit (wider than the sheet, or past its last row) keeps its
/// glyph quads.
fn pack(
    changed: Query<(), Changed<Picture>>,
    mut removed: RemovedComponents<Picture>,
    pictures: Query<(Entity, &Picture)>,
    mut sheet: ResMut<Sheet>,
    mut images: ResMut<Assets<Image>>,
    mut commands: Commands,
) {
    let gone = removed.read().count() > 0;
    if changed.is_empty() && !gone {
        return;
    }
    let mut order: Vec<(Entity, &Picture)> = pictures.iter().collect();
    order.sort_by_key(|(entity, picture)| (std::cmp::Reverse(picture.size.y), *entity));
    let mut places = Vec::with_capacity(order.len());
    let (mut x, mut y, mut row_height) = (0, 0, 0);
    for (entity, picture) in order {
        if picture.size.x + GAP > SHEET_WIDTH {
            commands.entity(entity).remove::<Baked>();
            continue;
        }
        if x + picture.size.x + GAP > SHEET_WIDTH {
            (x, y, row_height) = (0, y + row_height, 0);
        }
        if y + picture.size.y + GAP > SHEET_MAX_HEIGHT {
            commands.entity(entity).remove::<Baked>();
            continue;
        }
        places.push((entity, picture, UVec2::new(x, y)));
        x += picture.size.x + GAP;
        row_height = row_height.max(picture.size.y + GAP);
    }
    let height = (y + row_height).max(1);
    let mut data = vec![0u8; (SHEET_WIDTH * height * 4) as usize];
    for (entity, picture, at) in places {
        let row_bytes = (picture.size.x * 4) as usize;
        for row in 0..picture.size.y {
            let from = row as usize * row_bytes;
            let to = (((at.y + row) * SHEET_WIDTH + at.x) * 4) as usize;
            data[to..to + row_bytes].copy_from_slice(&picture.pixels[from..from + row_bytes]);
        }
        let texels = Rect::from_corners(at.as_vec2(), (at + picture.size).as_vec2());
        commands.entity(entity).insert(Baked { texels, offset: picture.offset, part: picture.part });
    }
    let image = sheet_image(height, data);
    if let Some(mut slot) = images.get_mut(&sheet.image) {
        // The same image with new pixels: the renderer uploads it again.
        *slot = image;
    } else {
        sheet.image = images.add(image);
    }
}

/// The sheet as an image: `height` rows of `SHEET_WIDTH` sRGB pixels with straight alpha.
fn sheet_image(height: u32, data: Vec<u8>) -> Image {
    let mut image = Image::new(
        Extent3d { width: SHEET_WIDTH, height, depth_or_array_layers: 1 },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    );
    // Drawn texel for texel on whole pixels: nearest keeps it exactly the glyphs' texels.
    image.sampler = ImageSampler::nearest();
    image
}

/// The picture of a laid-out block: every glyph's atlas texels, as alpha, in its section's colour,
/// composited over the glyphs before it. `None` without glyphs or when an atlas is missing.
fn picture(layout: &TextLayoutInfo, colours: &[[u8; 4]], images: &Assets<Image>) -> Option<Picture> {
    let corner =
        |glyph: &bevy::text::PositionedGlyph| (glyph.position - glyph.atlas_info.rect.size() / 2.0).round();
    let mut min = Vec2::splat(f32::MAX);
    let mut max = Vec2::splat(f32::MIN);
    for glyph in &layout.glyphs {
        let top_left = corner(glyph);
        min = min.min(top_left);
        max = max.max(top_left + glyph.atlas_info.rect.size());
    }
    if layout.glyphs.is_empty() || max.x <= min.x || max.y <= min.y {
        return None;
    }
    let (width, height) = ((max.x - min.x) as usize, (max.y - min.y) as usize);
    // Straight (not premultiplied) colour and alpha per pixel, in 0..=1.
    let mut pixels = vec![[0.0f32; 4]; width * height];
    for glyph in &layout.glyphs {
        let atlas = images.get(glyph.atlas_info.texture)?;
        let data = atlas.data.as_ref()?;
        let atlas_width = atlas.width() as usize;
        let ink = colours.get(glyph.section_index).copied().unwrap_or([0, 0, 0, 255]);
        let rect = glyph.atlas_info.rect;
        let (x0, y0) = (rect.min.x as usize, rect.min.y as usize);
        let (w, h) = (rect.width() as usize, rect.height() as usize);
        let at = corner(glyph) - min;
        let (dx, dy) = (at.x as usize, at.y as usize);
        for y in 0..h {
            for x in 0..w {
                let at_texel = ((y0 + y) * atlas_width + x0 + x) * 4;
                let texel: [u8; 4] = data.get(at_texel..at_texel + 4)?.try_into().ok()?;
                let source = if glyph.atlas_info.is_alpha_mask {
                    let a = f32::from(texel[3]) / 255.0 * f32::from(ink[3]) / 255.0;
                    [f32::from(ink[0]) / 255.0, f32::from(ink[1]) / 255.0, f32::from(ink[2]) / 255.0, a]
                } else {
                    texel.map(|c| f32::from(c) / 255.0)
                };
                let below = &mut pixels[(dy + y) * width + dx + x];
                *below = over(source, *below);
            }
        }
    }
    let pixels =
        pixels.iter().flat_map(|pixel| pixel.map(|c| (c * 255.0).round().clamp(0.0, 255.0) as u8)).collect();
    Some(Picture { pixels, size: UVec2::new(width as u32, height as u32), offset: min, part: Part::Text })
}

/// `top` over `below`, straight alpha.
fn over(top: [f32; 4], below: [f32; 4]) -> [f32; 4] {
    let alpha = top[3] + below[3] * (1.0 - top[3]);
    if alpha <= 0.0 {
        return [0.0; 4];
    }
    let mix = |i: usize| (top[i] * top[3] + below[i] * below[3] * (1.0 - top[3])) / alpha;
    [mix(0), mix(1), mix(2), alpha]
}

/// In the render world, after the UI extracted the glyphs: drops the glyph quads of baked blocks and
/// the background and border quads of baked looks, and adds one quad of each picture in their place.
#[allow(clippy::type_complexity)]
fn draw_baked(
    mut extracted: ResMut<ExtractedUiNodes>,
    baked: Extract<
        Query<(
            Entity,
            &Baked,
            &ComputedNode,
            &ComputedStackIndex,
            &UiGlobalTransform,
            &InheritedVisibility,
            Option<&CalculatedClip>,
            &ComputedUiTargetCamera,
        )>,
    >,
    sheet: Extract<Res<Sheet>>,
    camera_map: Extract<UiCameraMap>,
    mut commands: Commands,
) {
    if baked.is_empty() {
        return;
    }
    extracted.uinodes.retain(|item| {
        let Ok((_, baked, node, ..)) = baked.get(item.main_entity.id()) else { return true };
        match (baked.part, &item.item) {
            (Part::Text, ExtractedUiItem::Glyphs { .. }) => false,
            // The background and the border quads (an outline is larger than the node: it stays).
            (
                Part::Look,
                ExtractedUiItem::Node { rect, node_type: NodeType::Rect | NodeType::Border(_), .. },
            ) => !(item.image == AssetId::default() && rect.size() == node.size()),
            _ => true,
        }
    });
    let mut camera_mapper = camera_map.get_mapper();
    for (entity, baked, node, stack_index, transform, visibility, clip, camera) in &baked {
        if !visibility.get() || node.is_empty() {
            continue;
        }
        let Some(extracted_camera_entity) = camera_mapper.map(camera) else { continue };
        let (top_left, z_offset) = match baked.part {
            Part::Text => (node.content_box().min, stack_z_offsets::TEXT),
            Part::Look => (-node.size() / 2.0, stack_z_offsets::BACKGROUND_COLOR),
        };
        let centre = top_left + baked.offset + baked.texels.size() / 2.0;
        extracted.uinodes.push(ExtractedUiNode {
            z_order: stack_index.0 as f32 + z_offset,
            render_entity: commands.spawn(TemporaryRenderEntity).id(),
            image: sheet.image.id(),
            clip: clip.map(|clip| clip.clip),
            extracted_camera_entity,
            item: ExtractedUiItem::Node {
                color: LinearRgba::WHITE,
                rect: baked.texels,
                atlas_scaling: Some(Vec2::ONE),
                flip_x: false,
                flip_y: false,
                border: default(),
                border_radius: default(),
                node_type: NodeType::Rect,
            },
            main_entity: entity.into(),
            transform: Affine2::from(*transform) * Affine2::from_translation(centre),
        });
    }
}

#[cfg(test)]
mod tests {
    use bevy::text::{GlyphAtlasInfo, PositionedGlyph};

    use super::*;

    /// A 4×2 atlas: glyph A is the left 2×2 texels (alpha 255, 128 / 64, 0), glyph B the right 2×2
    /// (alpha 255 everywhere). Alpha masks, white as the font atlases store them.
    fn atlas(images: &mut Assets<Image>) -> AssetId<Image> {
        let alphas = [255u8, 128, 255, 255, 64, 0, 255, 255];
        let data = alphas.iter().flat_map(|&a| [255, 255, 255, a]).collect();
        let image = Image::new(
            Extent3d { width: 4, height: 2, depth_or_array_layers: 1 },
            TextureDimension::D2,
            data,
            TextureFormat::Rgba8UnormSrgb,
            RenderAssetUsages::MAIN_WORLD,
        );
        images.add(image).id()
    }

    fn glyph(texture: AssetId<Image>, atlas_x: f32, centre: Vec2, section: usize) -> PositionedGlyph {
        PositionedGlyph {
            position: centre,
            atlas_info: GlyphAtlasInfo {
                texture,
                rect: Rect::new(atlas_x, 0.0, atlas_x + 2.0, 2.0),
                offset: Vec2::ZERO,
                is_alpha_mask: true,
            },
            section_index: section,
            line_index: 0,
        }
    }

    fn pixel(picture: &Picture, x: u32, y: u32) -> [u8; 4] {
        let at = ((y * picture.size.x + x) * 4) as usize;
        picture.pixels[at..at + 4].try_into().unwrap()
    }

    #[test]
    fn a_picture_holds_each_glyphs_coverage_in_its_sections_colour_on_whole_pixels() {
        let mut images = Assets::<Image>::default();
        let texture = atlas(&mut images);
        let red = [200, 10, 10, 255];
        let half_blue = [10, 10, 200, 128];
        // Glyph A's top-left corner at (1, 3); glyph B's at (4.4, 3.6), which rounds to (4, 4).
        let layout = TextLayoutInfo {
            glyphs: vec![
                glyph(texture, 0.0, Vec2::new(2.0, 4.0), 0),
                glyph(texture, 2.0, Vec2::new(5.4, 4.6), 1),
            ],
            ..default()
        };
        let picture = picture(&layout, &[red, half_blue], &images).expect("two glyphs");
        assert_eq!(picture.offset, Vec2::new(1.0, 3.0));
        assert_eq!(picture.size, UVec2::new(5, 3));
        assert_eq!(picture.pixels.len(), 5 * 3 * 4);
        // Glyph A in red, its coverage as alpha.
        assert_eq!(pixel(&picture, 0, 0), [200, 10, 10, 255]);
        assert_eq!(pixel(&picture, 1, 0), [200, 10, 10, 128]);
        assert_eq!(pixel(&picture, 0, 1), [200, 10, 10, 64]);
        assert_eq!(pixel(&picture, 1, 1)[3], 0);
        // Glyph B in half-transparent blue: full coverage gives the colour's own alpha.
        assert_eq!(pixel(&picture, 3, 1), [10, 10, 200, 128]);
        assert_eq!(pixel(&picture, 4, 2), [10, 10, 200, 128]);
        // Between and around them, nothing.
        assert_eq!(pixel(&picture, 2, 0)[3], 0);
        assert_eq!(pixel(&picture, 3, 0)[3], 0);
        assert_eq!(pixel(&picture, 0, 2)[3], 0);
    }

    #[test]
    fn overlapping_glyphs_are_composited_the_later_over_the_earlier() {
        // Half-covering red over half-covering blue: alpha 1 − ½·½, colour weighted ½ : ¼.
        let [r, g, b, a] = over([1.0, 0.0, 0.0, 0.5], [0.0, 0.0, 1.0, 0.5]);
        assert_eq!(a, 0.75);
        assert!((r - 2.0 / 3.0).abs() < 1e-6 && g == 0.0 && (b - 1.0 / 3.0).abs() < 1e-6);
        // An opaque glyph hides what is below; nothing over nothing stays nothing.
        assert_eq!(over([0.2, 0.4, 0.6, 1.0], [1.0, 1.0, 1.0, 1.0]), [0.2, 0.4, 0.6, 1.0]);
        assert_eq!(over([0.0; 4], [0.0; 4]), [0.0; 4]);
    }

    #[test]
    fn no_glyphs_or_a_missing_atlas_leave_the_block_to_the_glyph_quads() {
        let mut images = Assets::<Image>::default();
        assert!(picture(&TextLayoutInfo::default(), &[], &images).is_none());
        let texture = atlas(&mut images);
        images.remove(texture);
        let layout = TextLayoutInfo { glyphs: vec![glyph(texture, 0.0, Vec2::ONE, 0)], ..default() };
        assert!(picture(&layout, &[[0, 0, 0, 255]], &images).is_none());
    }

    fn sheet_app() -> App {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, AssetPlugin::default()))
            .init_asset::<Image>()
            .init_resource::<Sheet>()
            .add_systems(PostUpdate, pack);
        app
    }

    /// A picture whose every pixel is `shade` (with alpha 255).
    fn plain(size: UVec2, shade: u8) -> Picture {
        Picture {
            pixels: vec![shade; (size.x * size.y * 4) as usize],
            size,
            offset: Vec2::new(-1.0, 2.0),
            part: Part::Text,
        }
    }

    /// Each baked block's rectangle in the sheet, and whether the sheet holds its picture there.
    fn places(app: &mut App) -> Vec<(Entity, Rect, bool)> {
        let sheet = app.world().resource::<Sheet>().image.clone();
        let image = app.world().resource::<Assets<Image>>().get(&sheet).expect("the sheet").clone();
        let width = image.width();
        let data = image.data.clone().expect("the sheet's pixels");
        let mut query = app.world_mut().query::<(Entity, &Baked, &Picture)>();
        query
            .iter(app.world())
            .map(|(entity, baked, picture)| {
                assert_eq!(baked.offset, picture.offset);
                let at = baked.texels.min.as_uvec2();
                assert_eq!(baked.texels.size().as_uvec2(), picture.size);
                let holds = (0..picture.size.y).all(|row| {
                    let from = (((at.y + row) * width + at.x) * 4) as usize;
                    let length = (picture.size.x * 4) as usize;
                    let start = (row * picture.size.x * 4) as usize;
                    data[from..from + length] == picture.pixels[start..start + length]
                });
                (entity, baked.texels, holds)
            })
            .collect()
    }

    #[test]
    fn the_sheet_holds_every_picture_apart_and_is_packed_again_when_one_changes_or_goes() {
        let mut app = sheet_app();
        let sizes = [(300, 20), (900, 30), (1000, 18), (1500, 25), (40, 40), (2047, 10), (2048, 10)];
        let blocks: Vec<Entity> = sizes
            .iter()
            .enumerate()
            .map(|(i, &(w, h))| app.world_mut().spawn(plain(UVec2::new(w, h), 10 + i as u8)).id())
            .collect();
        app.update();
        let placed = places(&mut app);
        // All but the one wider than the sheet (with its gap) are baked, each where its pixels are.
        assert_eq!(placed.len(), sizes.len() - 1);
        assert!(app.world().get::<Baked>(blocks[6]).is_none(), "too wide: left to the glyph quads");
        assert!(placed.iter().all(|&(_, _, holds)| holds));
        let images = app.world().resource::<Assets<Image>>();
        assert!(!images.contains(AssetId::<Image>::default()), "Bevy's default image is left alone");
        assert_eq!(images.len(), 1, "one sheet");
        for (i, &(a, rect_a, _)) in placed.iter().enumerate() {
            for &(b, rect_b, _) in &placed[i + 1..] {
                assert!(rect_a.intersect(rect_b).is_empty(), "{a} and {b} overlap");
            }
            assert!(rect_a.max.x <= SHEET_WIDTH as f32);
        }

        // A new picture for one block: packed again, everything still in place.
        let sheet = app.world().resource::<Sheet>().image.clone();
        app.world_mut().entity_mut(blocks[0]).insert(plain(UVec2::new(64, 64), 99));
        app.update();
        assert_eq!(app.world().resource::<Sheet>().image, sheet, "the same image, new pixels");
        let placed = places(&mut app);
        assert!(placed.iter().all(|&(_, _, holds)| holds));
        assert_eq!(placed.iter().find(|(e, ..)| *e == blocks[0]).unwrap().1.size(), Vec2::splat(64.0));

        // A block gone: the others are packed again without it.
        app.world_mut().despawn(blocks[1]);
        app.update();
        let placed = places(&mut app);
        assert_eq!(placed.len(), sizes.len() - 2);
        assert!(placed.iter().all(|&(_, _, holds)| holds));
    }

    /// A button's look, 20 × 10 pixels: corners of radius 5 and a 3-pixel bottom border (its edge).
    fn button_look() -> Look {
        Look {
            size: Vec2::new(20.0, 10.0),
            border: bevy::sprite::BorderRect { min_inset: Vec2::ZERO, max_inset: Vec2::new(0.0, 3.0) },
            radius: ResolvedBorderRadius {
                top_left: 5.0,
                top_right: 5.0,
                bottom_right: 5.0,
                bottom_left: 5.0,
            },
        }
    }

    #[test]
    fn a_look_is_the_face_inside_the_border_and_the_edge_below_it() {
        let face = Color::srgb_u8(200, 100, 50);
        let edge = Color::srgb_u8(20, 40, 60);
        let picture = button_look().picture(face.into(), [edge.to_linear(); 4]).expect("a visible look");
        assert_eq!(
            (picture.size, picture.offset, picture.part),
            (UVec2::new(20, 10), Vec2::ZERO, Part::Look)
        );
        // Rows 0 to 6 are the face: row 6's centre (6.5) is half a pixel inside the border's inner
        // edge (at 7), so the face covers it fully and the border not at all.
        assert_eq!(pixel(&picture, 10, 3), [200, 100, 50, 255]);
        assert_eq!(pixel(&picture, 10, 6), [200, 100, 50, 255]);
        // Rows 7 to 9 are the edge: row 7's centre is half a pixel inside the border.
        assert_eq!(pixel(&picture, 10, 7), [20, 40, 60, 255]);
        assert_eq!(pixel(&picture, 10, 9), [20, 40, 60, 255]);
        // The top-left pixel is outside the rounded corner (1.36 pixels out): nothing.
        assert_eq!(pixel(&picture, 0, 0), [0; 4]);
    }

    #[test]
    fn a_round_look_is_antialiased_as_the_ui_draws_it() {
        // A 10 × 10 circle without a border (a stone's face). Pixel (0, 4): its centre (-4.5, -0.5)
        // from the centre is sqrt(4.5² + 0.5²) − 5 = −0.4723 from the edge, so covered 0.9723:
        // alpha 248 of 255.
        let look = Look {
            size: Vec2::splat(10.0),
            border: bevy::sprite::BorderRect::ZERO,
            radius: ResolvedBorderRadius {
                top_left: 5.0,
                top_right: 5.0,
                bottom_right: 5.0,
                bottom_left: 5.0,
            },
        };
        let picture = look.picture(Color::WHITE.into(), [LinearRgba::NONE; 4]).expect("a visible look");
        assert_eq!(pixel(&picture, 0, 4), [255, 255, 255, 248]);
        assert_eq!(pixel(&picture, 9, 5), [255, 255, 255, 248], "the mirror image");
        assert_eq!(pixel(&picture, 5, 5), [255, 255, 255, 255]);
        assert_eq!(pixel(&picture, 0, 0)[3], 0);
    }

    #[test]
    fn nothing_to_see_or_too_large_is_left_to_the_ui() {
        let look = button_look();
        // A border of width zero on three sides: a colour there shows nothing.
        assert!(look.picture(LinearRgba::NONE, [LinearRgba::NONE; 4]).is_none());
        let large = Look { size: Vec2::new(200.0, 200.0), ..look };
        assert!(large.picture(LinearRgba::WHITE, [LinearRgba::NONE; 4]).is_none());
        let empty = Look { size: Vec2::new(0.0, 10.0), ..look };
        assert!(empty.picture(LinearRgba::WHITE, [LinearRgba::NONE; 4]).is_none());
    }

    #[test]
    fn the_border_is_one_quad_per_distinct_colour_as_the_ui_extracts_it() {
        let (a, b) = (LinearRgba::RED, LinearRgba::BLUE);
        assert_eq!(
            border_groups([a, b, a, LinearRgba::NONE]),
            vec![(a, [true, false, true, false]), (b, [false, true, false, false])]
        );
        assert_eq!(border_groups([a; 4]), vec![(a, [true; 4])]);
        assert!(border_groups([LinearRgba::NONE; 4]).is_empty());
    }

    #[test]
    fn a_baked_look_follows_its_colours_and_goes_when_there_is_nothing_to_draw() {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins).add_systems(PostUpdate, bake_looks);
        let look = button_look();
        let node =
            ComputedNode { size: look.size, border: look.border, border_radius: look.radius, ..default() };
        let button = app
            .world_mut()
            .spawn((
                BakedLook,
                node,
                BackgroundColor(Color::srgb_u8(200, 100, 50)),
                BorderColor::all(Color::BLACK),
            ))
            .id();
        app.update();
        let face = |app: &App| app.world().get::<Picture>(button).map(|picture| pixel(picture, 10, 3));
        assert_eq!(face(&app), Some([200, 100, 50, 255]));
        // Hovered: a new face colour, a new picture.
        app.world_mut().entity_mut(button).insert(BackgroundColor(Color::srgb_u8(10, 20, 30)));
        app.update();
        assert_eq!(face(&app), Some([10, 20, 30, 255]));
        // Nothing left to draw: the picture goes (and the UI draws nothing either).
        app.world_mut()
            .entity_mut(button)
            .insert((BackgroundColor(Color::NONE), BorderColor::all(Color::NONE)));
        app.update();
        assert_eq!(face(&app), None);
    }
}
