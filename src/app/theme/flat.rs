//! Cheaper pixels for the things every screen is full of, drawn by small shaders instead of the UI's
//! general node shader:
//!
//! - flat cards (`flat.wgsl`): a large opaque card (the Snaky board and panel, the play screen's
//!   panel), drawn without blending by a shader that only writes its colour; its rounded corners
//!   are four small nodes on top (`page_corner.wgsl`) that show the page outside the arcs, so no
//!   pixel of the card pays for the corners;
//! - tiles (`tile.wgsl`): a small rounded square of one colour without a border (the Snaky
//!   envelope's tint, the heat map), blended, with only the rounded box's distance per pixel;
//! - pills (`pill.wgsl`): a button's face and its raised edge (the node's border) in one quad,
//!   where the UI draws the background and the border as two quads as large as the button.
//!
//! The software renderer pays for every pixel of every quad, and the general shader does a lot per
//! pixel (a texture read, rounded-box distances, which border is nearest). Mark a card with
//! [`Opaque`], a tile with [`Tile`] and a button with [`Pill`]; with the renderer their background
//! (and border) colours are handed to the material and no longer drawn by the UI. The colours stay the components'
//! business: the game keeps setting `BackgroundColor` and `BorderColor`, and headless tests, which
//! have no renderer, see them as ever.

use bevy::asset::embedded_asset;
use bevy::platform::collections::HashMap;
use bevy::prelude::*;
use bevy::render::render_resource::{AsBindGroup, RenderPipelineDescriptor};
use bevy::shader::ShaderRef;
use bevy::ui_render::UiMaterialPlugin;
use bevy::ui_render::ui_material::{MaterialNode, UiMaterial, UiMaterialKey};

use super::palette;

pub(super) fn plugin(app: &mut App) {
    // The material needs the UI renderer, which the windowed game adds before the game's plugins.
    if !app.is_plugin_added::<bevy::ui_render::UiRenderPlugin>() {
        return;
    }
    embedded_asset!(app, "flat.wgsl");
    embedded_asset!(app, "page_corner.wgsl");
    embedded_asset!(app, "pill.wgsl");
    embedded_asset!(app, "tile.wgsl");
    app.add_plugins((
        UiMaterialPlugin::<FlatCard>::default(),
        UiMaterialPlugin::<PageCorner>::default(),
        UiMaterialPlugin::<TileLook>::default(),
        UiMaterialPlugin::<PillLook>::default(),
    ))
    .add_systems(PostUpdate, (make_flat, make_tiles, draw_pills));
}

/// A node whose background is opaque, drawn by the flat material. With a border radius in pixels
/// (`Val::Px`, as every card here has) its corners show the page: only for a card that lies on the
/// page.
#[derive(Component, Debug, Clone, Copy, Default)]
pub struct Opaque;

/// The uniforms of `flat.wgsl`.
#[derive(Asset, TypePath, AsBindGroup, Debug, Clone)]
pub struct FlatCard {
    #[uniform(0)]
    fill: LinearRgba,
}

impl UiMaterial for FlatCard {
    fn fragment_shader() -> ShaderRef {
        "embedded://pokopoko/app/theme/flat.wgsl".into()
    }

    /// Without blending: every pixel is written opaque, so nothing below is read back.
    fn specialize(descriptor: &mut RenderPipelineDescriptor, _key: UiMaterialKey<Self>) {
        without_blending(descriptor);
    }
}

/// The uniforms of `page_corner.wgsl`: the page's colour, shown outside a corner's arc.
#[derive(Asset, TypePath, AsBindGroup, Debug, Clone)]
pub struct PageCorner {
    #[uniform(0)]
    page: LinearRgba,
}

impl UiMaterial for PageCorner {
    fn fragment_shader() -> ShaderRef {
        "embedded://pokopoko/app/theme/page_corner.wgsl".into()
    }
}

/// Draws a UI material's quads without blending (its `UiMaterial::specialize`): for a shader that
/// writes every pixel opaque, so the software renderer never reads back what is below.
pub fn without_blending(descriptor: &mut RenderPipelineDescriptor) {
    if let Some(fragment) = &mut descriptor.fragment {
        for target in fragment.targets.iter_mut().flatten() {
            target.blend = None;
        }
    }
}

/// A node whose background is one colour in a rounded box (all corners alike) and that has no
/// border: drawn by the tile material.
#[derive(Component, Debug, Clone, Copy, Default)]
pub struct Tile;

/// The uniforms of `tile.wgsl`.
#[derive(Asset, TypePath, AsBindGroup, Debug, Clone)]
pub struct TileLook {
    #[uniform(0)]
    fill: LinearRgba,
}

impl UiMaterial for TileLook {
    fn fragment_shader() -> ShaderRef {
        "embedded://pokopoko/app/theme/tile.wgsl".into()
    }
}

/// Swaps a new tile's background for the tile material of the same colour (one per colour, shared,
/// so the tiles of a colour are one batch).
fn make_tiles(
    mut tiles: Query<(Entity, &mut BackgroundColor), Added<Tile>>,
    mut looks: Local<HashMap<[u8; 4], Handle<TileLook>>>,
    mut materials: ResMut<Assets<TileLook>>,
    mut commands: Commands,
) {
    for (tile, mut background) in &mut tiles {
        let look = take_fill(&mut background, &mut looks, &mut materials, |fill| TileLook { fill });
        commands.entity(tile).insert(MaterialNode(look));
    }
}

/// Hands a node's background colour to a material of one fill colour, shared by every node of that
/// colour (one batch), and clears the colour so the UI draws nothing more.
fn take_fill<M: Asset>(
    background: &mut BackgroundColor,
    looks: &mut HashMap<[u8; 4], Handle<M>>,
    materials: &mut Assets<M>,
    material: impl FnOnce(LinearRgba) -> M,
) -> Handle<M> {
    let fill = std::mem::replace(&mut background.0, Color::NONE);
    looks.entry(fill.to_srgba().to_u8_array()).or_insert_with(|| materials.add(material(fill.into()))).clone()
}

/// The materials shared by the flat cards: one per fill colour, and the corners' one.
#[derive(Default)]
struct FlatLooks {
    fills: HashMap<[u8; 4], Handle<FlatCard>>,
    corner: Option<Handle<PageCorner>>,
}

/// Swaps a new opaque node's background for the flat material of the same colour and covers its
/// rounded corners with four corner nodes, drawn last among its children, so over whatever it
/// holds: one node as large as the radius, the top-left corner's arc mirrored into each corner.
fn make_flat(
    mut cards: Query<(Entity, &Node, &mut BackgroundColor), Added<Opaque>>,
    mut looks: Local<FlatLooks>,
    mut fills: ResMut<Assets<FlatCard>>,
    mut corners: ResMut<Assets<PageCorner>>,
    mut commands: Commands,
) {
    for (card, node, mut background) in &mut cards {
        let handle = take_fill(&mut background, &mut looks.fills, &mut fills, |fill| FlatCard { fill });
        commands.entity(card).insert(MaterialNode(handle));
        let Some(radius) = corner_radius(node) else { continue };
        let corner = looks
            .corner
            .get_or_insert_with(|| corners.add(PageCorner { page: palette::BACKGROUND.into() }))
            .clone();
        commands.entity(card).with_children(|card| {
            for (node, transform) in corner_nodes(radius) {
                card.spawn((node, transform, MaterialNode(corner.clone()), Pickable::IGNORE));
            }
        });
    }
}

/// A card's corner radius, if it has one in pixels (all four alike).
fn corner_radius(node: &Node) -> Option<f32> {
    let radius = node.border_radius;
    match radius.top_left {
        Val::Px(r)
            if r > 0.0 && [radius.top_right, radius.bottom_right, radius.bottom_left] == [Val::Px(r); 3] =>
        {
            Some(r)
        }
        _ => None,
    }
}

/// The four corner nodes of a card with this radius: squares as large as the radius in its corners,
/// each the top-left one mirrored (`page_corner.wgsl` draws the top-left arc).
fn corner_nodes(radius: f32) -> [(Node, UiTransform); 4] {
    let corner = |left: bool, top: bool| {
        let at = |near: bool| if near { px(0) } else { Val::Auto };
        (
            Node {
                position_type: PositionType::Absolute,
                left: at(left),
                right: at(!left),
                top: at(top),
                bottom: at(!top),
                width: px(radius),
                height: px(radius),
                ..default()
            },
            UiTransform {
                scale: Vec2::new(if left { 1.0 } else { -1.0 }, if top { 1.0 } else { -1.0 }),
                ..default()
            },
        )
    };
    [corner(true, true), corner(false, true), corner(false, false), corner(true, false)]
}

/// A button drawn as one quad: its `BackgroundColor` is the face, its `BorderColor` (the bottom
/// side) the edge, and the node's border widths and radii the shape.
#[derive(Component, Debug, Clone, Copy, Default)]
pub struct Pill;

/// The uniforms of `pill.wgsl`, in its order.
#[derive(Asset, TypePath, AsBindGroup, Debug, Clone)]
pub struct PillLook {
    #[uniform(0)]
    face: LinearRgba,
    #[uniform(0)]
    edge: LinearRgba,
}

impl UiMaterial for PillLook {
    fn fragment_shader() -> ShaderRef {
        "embedded://pokopoko/app/theme/pill.wgsl".into()
    }
}

/// The colours a pill was last given (its components are cleared once handed over).
#[derive(Component, Debug, Clone, Copy, PartialEq)]
struct PillColours {
    face: Color,
    edge: Color,
}

/// Hands each pill's new colours to its material (one per pair of colours, shared, so a board of
/// like buttons is one batch) and clears the components' colours so the UI draws nothing more.
/// The clearing bypasses change detection: the next change is the game's again.
#[allow(clippy::type_complexity)]
fn draw_pills(
    mut pills: Query<
        (Entity, &mut BackgroundColor, &mut BorderColor, Option<&PillColours>),
        (With<Pill>, Or<(Changed<BackgroundColor>, Changed<BorderColor>)>),
    >,
    mut looks: Local<HashMap<[u8; 8], Handle<PillLook>>>,
    mut materials: ResMut<Assets<PillLook>>,
    mut commands: Commands,
) {
    for (pill, mut background, mut border, before) in &mut pills {
        let face = background.0;
        let edge = border.bottom;
        let colours = PillColours {
            face: if face.is_fully_transparent() { before.map_or(face, |b| b.face) } else { face },
            edge: if edge.is_fully_transparent() { before.map_or(edge, |b| b.edge) } else { edge },
        };
        background.bypass_change_detection().0 = Color::NONE;
        *border.bypass_change_detection() = BorderColor::all(Color::NONE);
        if before == Some(&colours) {
            continue;
        }
        let (f, e) = (colours.face.to_srgba().to_u8_array(), colours.edge.to_srgba().to_u8_array());
        let key = [f[0], f[1], f[2], f[3], e[0], e[1], e[2], e[3]];
        let look = looks
            .entry(key)
            .or_insert_with(|| {
                materials.add(PillLook { face: colours.face.into(), edge: colours.edge.into() })
            })
            .clone();
        commands.entity(pill).insert((colours, MaterialNode(look)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn app() -> App {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, AssetPlugin::default()))
            .init_asset::<PillLook>()
            .init_asset::<FlatCard>()
            .init_asset::<PageCorner>()
            .init_asset::<TileLook>()
            .add_systems(PostUpdate, (make_flat, make_tiles, draw_pills));
        app
    }

    fn pill(app: &mut App, face: Color, edge: Color) -> Entity {
        app.world_mut().spawn((Pill, Node::default(), BackgroundColor(face), BorderColor::all(edge))).id()
    }

    fn look(app: &App, pill: Entity) -> (Handle<PillLook>, LinearRgba, LinearRgba) {
        let handle = app.world().get::<MaterialNode<PillLook>>(pill).expect("a pill material").0.clone();
        let look = app.world().resource::<Assets<PillLook>>().get(&handle).expect("the material").clone();
        (handle, look.face, look.edge)
    }

    #[test]
    fn a_pill_hands_its_colours_to_one_shared_material_and_the_ui_draws_nothing_more() {
        let mut app = app();
        let a = pill(&mut app, palette::SECONDARY, palette::SECONDARY_EDGE);
        let b = pill(&mut app, palette::SECONDARY, palette::SECONDARY_EDGE);
        let c = pill(&mut app, palette::PRIMARY, palette::PRIMARY_EDGE);
        app.update();
        let (handle_a, face, edge) = look(&app, a);
        assert_eq!((face, edge), (palette::SECONDARY.into(), palette::SECONDARY_EDGE.into()));
        assert_eq!(look(&app, b).0, handle_a, "like buttons share one material (one batch)");
        assert_ne!(look(&app, c).0, handle_a);
        for entity in [a, b, c] {
            assert!(app.world().get::<BackgroundColor>(entity).unwrap().0.is_fully_transparent());
            assert!(app.world().get::<BorderColor>(entity).unwrap().bottom.is_fully_transparent());
        }
        assert_eq!(app.world().resource::<Assets<PillLook>>().len(), 2);

        // A hover changes the face only; the edge handed over before is kept.
        app.world_mut().get_mut::<BackgroundColor>(a).unwrap().0 = palette::SECONDARY_HOVER;
        app.update();
        let (handle, face, edge) = look(&app, a);
        assert_ne!(handle, handle_a);
        assert_eq!((face, edge), (palette::SECONDARY_HOVER.into(), palette::SECONDARY_EDGE.into()));
        // Frames without a change leave everything as it is.
        app.update();
        app.update();
        assert_eq!(look(&app, a).0, handle);
        assert_eq!(app.world().resource::<Assets<PillLook>>().len(), 3);
    }

    fn card(app: &mut App, fill: Color, radius: BorderRadius) -> Entity {
        let node = Node { width: px(300), height: px(200), border_radius: radius, ..default() };
        let child = app.world_mut().spawn(Node::default()).id();
        app.world_mut().spawn((Opaque, node, BackgroundColor(fill))).add_child(child).id()
    }

    #[test]
    fn an_opaque_card_is_one_flat_colour_with_the_page_in_four_mirrored_corners_on_top() {
        let mut app = app();
        let board = card(&mut app, palette::PANEL, BorderRadius::all(px(18)));
        let panel = card(&mut app, palette::PANEL, BorderRadius::all(px(22)));
        let inside = card(&mut app, palette::FRAME_INSIDE, BorderRadius::ZERO);
        app.update();

        let fill = |entity: Entity| {
            let handle =
                app.world().get::<MaterialNode<FlatCard>>(entity).expect("a flat material").0.clone();
            let card = app.world().resource::<Assets<FlatCard>>().get(&handle).expect("the material").clone();
            (handle, card.fill)
        };
        assert_eq!(fill(board).1, palette::PANEL.into());
        assert_eq!(fill(board).0, fill(panel).0, "cards of one colour share a material (one batch)");
        assert_eq!(fill(inside).1, palette::FRAME_INSIDE.into());
        for entity in [board, panel, inside] {
            assert!(app.world().get::<BackgroundColor>(entity).unwrap().0.is_fully_transparent());
        }

        // The corners: after the card's own children (drawn over them), one per corner, as large as
        // the radius, the top-left one mirrored into the others, all one material of the page.
        let children = |entity: Entity| app.world().get::<Children>(entity).map_or(vec![], |c| c.to_vec());
        assert_eq!(children(inside).len(), 1, "a square card has no corners");
        let corners = &children(board)[1..];
        assert_eq!(corners.len(), 4);
        let mut sides = vec![];
        for &corner in corners {
            let node = app.world().get::<Node>(corner).unwrap();
            assert_eq!(
                (node.position_type, node.width, node.height),
                (PositionType::Absolute, px(18), px(18))
            );
            let scale = app.world().get::<UiTransform>(corner).unwrap().scale;
            let left = node.left == px(0) && node.right == Val::Auto;
            let top = node.top == px(0) && node.bottom == Val::Auto;
            assert_eq!(scale, Vec2::new(if left { 1.0 } else { -1.0 }, if top { 1.0 } else { -1.0 }));
            sides.push((left, top));
            let material = app.world().get::<MaterialNode<PageCorner>>(corner).expect("a corner material");
            let page = app.world().resource::<Assets<PageCorner>>().get(&material.0).unwrap().page;
            assert_eq!(page, palette::BACKGROUND.into());
        }
        sides.sort();
        assert_eq!(sides, [(false, false), (false, true), (true, false), (true, true)]);
        assert_eq!(app.world().get::<Node>(children(panel)[1]).unwrap().width, px(22));
        assert_eq!(app.world().resource::<Assets<PageCorner>>().len(), 1);
        assert_eq!(app.world().resource::<Assets<FlatCard>>().len(), 2);
    }

    #[test]
    fn tiles_of_one_colour_share_one_material_and_the_ui_draws_nothing_more() {
        let mut app = app();
        let tile = |app: &mut App, fill: Color| {
            app.world_mut().spawn((Tile, Node::default(), BackgroundColor(fill))).id()
        };
        let a = tile(&mut app, palette::ENVELOPE);
        let b = tile(&mut app, palette::ENVELOPE);
        let c = tile(&mut app, palette::HEAT_HOT);
        app.update();
        let look = |entity: Entity| {
            let handle =
                app.world().get::<MaterialNode<TileLook>>(entity).expect("a tile material").0.clone();
            let fill = app.world().resource::<Assets<TileLook>>().get(&handle).expect("the material").fill;
            (handle, fill)
        };
        assert_eq!(look(a).1, palette::ENVELOPE.into());
        assert_eq!(look(a).0, look(b).0);
        assert_eq!(look(c).1, palette::HEAT_HOT.into());
        assert_eq!(app.world().resource::<Assets<TileLook>>().len(), 2);
        for entity in [a, b, c] {
            assert!(app.world().get::<BackgroundColor>(entity).unwrap().0.is_fully_transparent());
        }
    }
}
