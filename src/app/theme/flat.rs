//! Cheaper pixels for the two things every screen is full of, drawn by small shaders instead of the
//! UI's general node shader:
//!
//! - flat cards (`flat.wgsl`): a large opaque card on the page (the Snaky panel, the play screen's
//!   panel), drawn without blending;
//! - pills (`pill.wgsl`): a button's face and its raised edge (the node's border) in one quad,
//!   where the UI draws the background and the border as two quads as large as the button.
//!
//! The software renderer pays for every pixel of every quad, and the general shader does a lot per
//! pixel (a texture read, rounded-box distances, which border is nearest). Mark a card with
//! [`OnPage`] and a button with [`Pill`]; with the renderer their background (and border) colours
//! are handed to the material and no longer drawn by the UI. The colours stay the components'
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
    embedded_asset!(app, "pill.wgsl");
    app.add_plugins((UiMaterialPlugin::<FlatCard>::default(), UiMaterialPlugin::<PillLook>::default()))
        .add_systems(PostUpdate, (make_flat, draw_pills));
}

/// A card whose background is opaque and lies straight on the page (nothing else behind it).
#[derive(Component, Debug, Clone, Copy, Default)]
pub struct OnPage;

/// The uniforms of `flat.wgsl`, in its order.
#[derive(Asset, TypePath, AsBindGroup, Debug, Clone)]
pub struct FlatCard {
    #[uniform(0)]
    fill: LinearRgba,
    /// The page, which shows in the rounded corners.
    #[uniform(0)]
    page: LinearRgba,
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

/// Draws a UI material's quads without blending (its `UiMaterial::specialize`): for a shader that
/// writes every pixel opaque, so the software renderer never reads back what is below.
pub fn without_blending(descriptor: &mut RenderPipelineDescriptor) {
    if let Some(fragment) = &mut descriptor.fragment {
        for target in fragment.targets.iter_mut().flatten() {
            target.blend = None;
        }
    }
}

/// Swaps a new card's background for the flat material of the same colour.
fn make_flat(
    mut cards: Query<(Entity, &mut BackgroundColor), Added<OnPage>>,
    mut materials: ResMut<Assets<FlatCard>>,
    mut commands: Commands,
) {
    for (card, mut background) in &mut cards {
        let fill = background.0;
        background.0 = Color::NONE;
        let material = FlatCard { fill: fill.into(), page: palette::BACKGROUND.into() };
        commands.entity(card).insert(MaterialNode(materials.add(material)));
    }
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
            .add_systems(PostUpdate, draw_pills);
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
}
