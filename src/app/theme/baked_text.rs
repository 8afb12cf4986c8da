//! Text drawn as one picture per text block instead of one quad per glyph.
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

use bevy::asset::RenderAssetUsages;
use bevy::image::ImageSampler;
use bevy::math::Affine2;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use bevy::render::sync_world::TemporaryRenderEntity;
use bevy::render::{Extract, ExtractSchedule, RenderApp};
use bevy::text::{ComputedTextBlock, TextLayoutInfo};
use bevy::ui::{CalculatedClip, ComputedStackIndex, ComputedUiTargetCamera, UiGlobalTransform, UiSystems};
use bevy::ui_render::{
    ExtractedUiItem, ExtractedUiNode, ExtractedUiNodes, NodeType, RenderUiSystems, UiCameraMap,
    stack_z_offsets,
};

pub(super) fn plugin(app: &mut App) {
    // Baking feeds the UI renderer, which the windowed game adds before the game's plugins.
    if !app.is_plugin_added::<bevy::ui_render::UiRenderPlugin>() {
        return;
    }
    app.init_resource::<Sheet>().add_systems(PostUpdate, (bake, pack).chain().after(UiSystems::PostLayout));
    if let Some(render_app) = app.get_sub_app_mut(RenderApp) {
        render_app.add_systems(ExtractSchedule, draw_baked.after(RenderUiSystems::ExtractText));
    }
}

/// A text block's picture, kept on the CPU until it is packed into the sheet: straight sRGB colour
/// and alpha, `size.x` by `size.y` pixels, its top-left corner at `offset` from the top-left corner
/// of the block's content box (glyphs may reach past the layout's box), in physical pixels.
#[derive(Component, Debug, Clone)]
struct Picture {
    pixels: Vec<u8>,
    size: UVec2,
    offset: Vec2,
}

/// Where a block's picture lies in the sheet, for the renderer.
#[derive(Component, Debug, Clone, Copy)]
struct Baked {
    texels: Rect,
    offset: Vec2,
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
        commands.entity(entity).insert(Baked { texels, offset: picture.offset });
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
    Some(Picture { pixels, size: UVec2::new(width as u32, height as u32), offset: min })
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

/// In the render world, after the UI extracted the glyphs: drops the glyph quads of baked blocks
/// and adds one quad of each block's picture in their place.
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
    extracted.uinodes.retain(|node| {
        !(matches!(node.item, ExtractedUiItem::Glyphs { .. }) && baked.contains(node.main_entity.id()))
    });
    let mut camera_mapper = camera_map.get_mapper();
    for (entity, baked, node, stack_index, transform, visibility, clip, camera) in &baked {
        if !visibility.get() || node.is_empty() {
            continue;
        }
        let Some(extracted_camera_entity) = camera_mapper.map(camera) else { continue };
        let centre = node.content_box().min + baked.offset + baked.texels.size() / 2.0;
        extracted.uinodes.push(ExtractedUiNode {
            z_order: stack_index.0 as f32 + stack_z_offsets::TEXT,
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
        Picture { pixels: vec![shade; (size.x * size.y * 4) as usize], size, offset: Vec2::new(-1.0, 2.0) }
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
}
