//! Small builders so every screen, text and button looks alike.

use bevy::ecs::message::Message;
use bevy::prelude::*;

use super::palette;
use super::readable::TextSize;
use crate::app::{Go, Screen};

/// A full-window screen: a centred column, gone when `screen` is left.
pub fn screen_root(screen: Screen) -> impl Bundle {
    screen_root_spaced(screen, 14.0, 24.0)
}

/// A screen's root whose rows start at the top: a screen whose content changes height keeps its
/// header in place.
pub fn screen_root_top(screen: Screen, gap: f32, padding: f32) -> impl Bundle {
    screen_root_justified(screen, gap, padding, JustifyContent::FlexStart)
}

/// A screen's root with its own gap between rows and padding at the window's edge.
pub fn screen_root_spaced(screen: Screen, gap: f32, padding: f32) -> impl Bundle {
    screen_root_justified(screen, gap, padding, JustifyContent::Center)
}

fn screen_root_justified(screen: Screen, gap: f32, padding: f32, justify: JustifyContent) -> impl Bundle {
    (
        Name::new(format!("{screen:?} screen")),
        Node {
            width: percent(100),
            height: percent(100),
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            justify_content: justify,
            row_gap: px(gap),
            padding: UiRect::all(px(padding)),
            ..default()
        },
        // No background of its own: the camera's clear colour is the paper.
        DespawnOnExit(screen),
    )
}

/// A rounded card that groups content.
pub fn panel() -> impl Bundle {
    panel_sized(Val::Auto)
}

pub fn panel_sized(width: Val) -> impl Bundle {
    panel_from(panel_node(width))
}

/// A panel's layout, for a panel that needs more (a pinned top edge, a minimum height).
pub fn panel_node(width: Val) -> Node {
    Node {
        width,
        flex_direction: FlexDirection::Column,
        align_items: AlignItems::Center,
        padding: UiRect::axes(px(28), px(20)),
        row_gap: px(10),
        border_radius: BorderRadius::all(px(22)),
        ..default()
    }
}

/// A panel with this layout (see [`panel_node`]).
pub fn panel_from(node: Node) -> impl Bundle {
    // No edge: the lighter card on the paper is enough.
    (node, BackgroundColor(palette::PANEL))
}

/// A line of body text in the game's font, designed at `size` px (drawn no smaller than
/// [`super::readable::MIN_TEXT_PX`] in a small window).
pub fn text(content: impl Into<String>, size: f32, color: Color) -> impl Bundle {
    (Text::new(content), TextFont::from_font_size(FontSize::Px(size)), TextSize(size), TextColor(color))
}

/// A number drawn on a board cell at a size its screen sets (a stone's number follows the zoom):
/// part of the board's picture, not body text, so the body text's minimum size never applies.
pub fn cell_number(number: impl ToString, size: f32, color: Color) -> impl Bundle {
    (
        CellNumber,
        Text::new(number.to_string()),
        TextFont::from_font_size(FontSize::Px(size)),
        TextColor(color),
    )
}

/// Marks a [`cell_number`].
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct CellNumber;

/// A box `width` wide and at least `min_height` tall for a text that may wrap (spawn the text as
/// its child): Bevy 0.19 measures a text node that has a minimum height as exactly that tall, so a
/// text whose lines outgrow the minimum (as at 1024×768, where it keeps 12 px) would spill out.
pub fn text_slot(width: Val, min_height: f32) -> Node {
    Node { width, min_height: px(min_height), ..default() }
}

/// A text that takes no room while it is empty: an empty text still takes a line, and a panel
/// short of room (the end of a Snaky game, the Maker screen with a hint and a cost) needs it.
#[derive(Component, Debug, Clone, Copy)]
pub struct CollapseWhenEmpty;

/// The [`CollapseWhenEmpty`] texts rewritten since the last look.
type CollapsibleChanged = (With<CollapseWhenEmpty>, Changed<Text>);

/// Hides each [`CollapseWhenEmpty`] text while it is empty, and shows it again once it says
/// something (only texts whose display nothing else sets are marked).
pub fn collapse_empty_texts(mut texts: Query<(&Text, &mut Node), CollapsibleChanged>) {
    for (text, mut node) in &mut texts {
        let display = if text.0.is_empty() { Display::None } else { Display::Flex };
        if node.display != display {
            node.display = display;
        }
    }
}

/// A paragraph that wraps at `width`.
pub fn paragraph(content: impl Into<String>, size: f32, width: f32) -> impl Bundle {
    (text(content, size, palette::INK), Node { max_width: px(width), ..default() })
}

pub fn title(content: impl Into<String>) -> impl Bundle {
    text(content, 64.0, palette::INK)
}

pub fn heading(content: impl Into<String>) -> impl Bundle {
    text(content, 34.0, palette::INK)
}

/// The line at the bottom of a screen that lists its keys (from the screen's keymap).
pub fn key_line(content: impl Into<String>) -> impl Bundle {
    text(content, 16.0, palette::INK_SOFT)
}

pub fn label(content: impl Into<String>) -> impl Bundle {
    text(content, 22.0, palette::INK_SOFT)
}

/// How a pressable button is coloured.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub enum ButtonKind {
    Primary,
    Secondary,
    Disabled,
}

impl ButtonKind {
    fn colours(self) -> (Color, Color, Color, Color) {
        // (face, hovered face, edge, ink)
        match self {
            Self::Primary => {
                (palette::PRIMARY, palette::PRIMARY_HOVER, palette::PRIMARY_EDGE, palette::ON_PRIMARY)
            }
            Self::Secondary => {
                (palette::SECONDARY, palette::SECONDARY_HOVER, palette::SECONDARY_EDGE, palette::INK)
            }
            Self::Disabled => {
                (palette::DISABLED, palette::DISABLED, palette::DISABLED, palette::DISABLED_INK)
            }
        }
    }
}

/// The raised edge under a button; pressing pushes the button down onto it.
const LIFT: f32 = 5.0;

/// A round, pressable button. Attach its behaviour with `.observe(send(...))` where it is spawned.
pub fn button(content: impl Into<String>, kind: ButtonKind) -> impl Bundle {
    sized_button(content, kind, 340.0, 26.0)
}

pub fn sized_button(content: impl Into<String>, kind: ButtonKind, width: f32, font: f32) -> impl Bundle {
    pressable(content, kind, width, font, UiRect::axes(px(26), px(12)))
}

/// The theme's button, smaller, for a panel full of them.
pub fn small_button(content: impl Into<String>, kind: ButtonKind, width: f32) -> impl Bundle {
    pressable(content, kind, width, 15.0, UiRect::axes(px(8), px(5)))
}

/// A small button with less padding beside its label: a row of five that must fit the panel's
/// width (the computer Breakers).
pub fn tight_button(content: impl Into<String>, kind: ButtonKind, width: f32) -> impl Bundle {
    pressable(content, kind, width, 15.0, UiRect::axes(px(5), px(5)))
}

fn pressable(
    content: impl Into<String>,
    kind: ButtonKind,
    width: f32,
    font: f32,
    padding: UiRect,
) -> impl Bundle {
    let (face, _, edge, ink) = kind.colours();
    (
        Button,
        kind,
        Node {
            min_width: px(width),
            padding,
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            border_radius: BorderRadius::MAX,
            // The thick bottom border is the button's raised edge (cheaper to draw than a shadow).
            border: UiRect::bottom(px(LIFT)),
            ..default()
        },
        BackgroundColor(face),
        BorderColor::all(edge),
        children![(text(content, font, ink), Pickable::IGNORE)],
    )
}

/// A round button of the play board at `corner` (its top left, in the board), `size` across, on
/// a raised edge `lift` thick; its focus ring shows when the keyboard cursor is on it.
pub fn bubble_button(corner: Vec2, size: f32, lift: f32) -> impl Bundle {
    (
        Button,
        Node {
            position_type: PositionType::Absolute,
            left: px(corner.x),
            top: px(corner.y),
            width: px(size),
            height: px(size),
            border: UiRect { bottom: px(lift), ..UiRect::all(px(2)) },
            border_radius: BorderRadius::MAX,
            ..default()
        },
        BackgroundColor(palette::BUBBLE),
        BorderColor::all(palette::BUBBLE_EDGE),
        Outline { width: px(3), offset: px(3), color: Color::NONE },
    )
}

/// A card-like button of the stage list: `face` on an `edge` `border` thick, its lines of text
/// (`children`) in a column.
pub fn tile_button(face: Color, edge: Color, border: f32, size: Vec2, children: impl Bundle) -> impl Bundle {
    (
        Button,
        Node {
            width: px(size.x),
            height: px(size.y),
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            justify_content: JustifyContent::Center,
            row_gap: px(2),
            border: UiRect::all(px(border)),
            border_radius: BorderRadius::all(px(26)),
            flex_shrink: 0.0,
            ..default()
        },
        BackgroundColor(face),
        BorderColor::all(edge),
        children,
    )
}

/// Pressed buttons sink onto their edge; hovered ones brighten.
#[allow(clippy::type_complexity)]
pub fn paint_pressable_buttons(
    mut buttons: Query<
        (&Interaction, &ButtonKind, &mut BackgroundColor, &mut BorderColor, &mut Node, Option<&Children>),
        Or<(Changed<Interaction>, Changed<ButtonKind>)>,
    >,
    mut inks: Query<&mut TextColor>,
) {
    for (interaction, kind, mut background, mut border, mut node, children) in &mut buttons {
        let (face, hovered, edge, ink) = kind.colours();
        for child in children.into_iter().flatten() {
            if let Ok(mut text_colour) = inks.get_mut(*child) {
                text_colour.0 = ink;
            }
        }
        let (colour, sunk) = match (kind, interaction) {
            (ButtonKind::Disabled, _) => (face, false),
            (_, Interaction::Pressed) => (hovered, true),
            (_, Interaction::Hovered) => (hovered, false),
            (_, Interaction::None) => (face, false),
        };
        background.0 = colour;
        let lift = if sunk { 0.0 } else { LIFT };
        *border = BorderColor::all(edge);
        node.border = UiRect::bottom(px(lift));
        node.margin = UiRect::top(px(LIFT - lift));
    }
}

/// An observer that sends `message` when the button is clicked with the primary button.
pub fn send<M: Message + Clone>(message: M) -> impl FnMut(On<Pointer<Click>>, MessageWriter<M>) {
    move |click: On<Pointer<Click>>, mut writer: MessageWriter<M>| {
        if click.event.button == PointerButton::Primary {
            writer.write(message.clone());
        }
    }
}

/// Sets a button's label (the text among `children`, the button's) to `label` where it differs.
pub fn relabel<F: bevy::ecs::query::QueryFilter>(
    children: &[Entity],
    labels: &mut Query<&mut Text, F>,
    label: &str,
) {
    for &child in children {
        if let Ok(mut text) = labels.get_mut(child)
            && text.0 != label
        {
            text.0 = label.to_string();
        }
    }
}

/// The bar across the top of a screen: a back button to `back_to`, the title centred between it
/// and a spacer as wide as the button.
pub fn top_bar(parent: &mut ChildSpawnerCommands, back: &str, back_to: Screen, title: impl Bundle) {
    const BACK_WIDTH: f32 = 140.0;
    parent
        .spawn(Node { width: percent(100), justify_content: JustifyContent::SpaceBetween, ..row(0.0) })
        .with_children(|bar| {
            bar.spawn(sized_button(back, ButtonKind::Secondary, BACK_WIDTH, 20.0)).observe(send(Go(back_to)));
            bar.spawn(title);
            bar.spawn(Node { width: px(BACK_WIDTH), ..default() });
        });
}

/// A row of widgets.
pub fn row(gap: f32) -> Node {
    Node {
        flex_direction: FlexDirection::Row,
        align_items: AlignItems::Center,
        justify_content: JustifyContent::Center,
        column_gap: px(gap),
        ..default()
    }
}

/// A column of widgets.
pub fn column(gap: f32) -> Node {
    Node {
        flex_direction: FlexDirection::Column,
        align_items: AlignItems::Center,
        row_gap: px(gap),
        ..default()
    }
}
