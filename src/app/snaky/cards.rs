//! The card browser: any card of either certificate by number, drawn in its own frame with its
//! envelope T, required set A and pivot, its numbers, its children and their placements, and the
//! squeeze table of its children (for card 727, the paper's table), all computed from the
//! certificate.

use bevy::prelude::*;

use crate::app::Go;
use crate::app::Screen;
use crate::app::i18n::Lang;
use crate::app::i18n::{self, T, snaky as text};
use crate::app::keymap::{Binding, Keymap, Keys};
use crate::app::open::{Open, SnakyOptions};
use crate::app::storage::SaveData;
use crate::app::theme::palette;
use crate::app::theme::widgets::{self, ButtonKind, send};
use crate::save::Language;
use crate::snaky::verify::squeeze_table;
use crate::snaky::{Cards, Maker};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<BrowseInput>()
        .init_resource::<CardBrowser>()
        .add_systems(OnEnter(Screen::Cards), (open_as_asked, choose_maker, draw_browser).chain())
        .add_systems(Update, (keyboard, browse, draw_browser).chain().run_if(in_state(Screen::Cards)));
}

/// Which card the browser shows, of whose certificate, and where Back goes.
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub struct CardBrowser {
    pub maker: Maker,
    pub card: u32,
    /// Digits typed so far (Enter jumps to that card).
    pub typed: String,
    pub back_to: Screen,
    /// The Maker was given (by the Snaky screen or `--open cards:N`), not taken from the save.
    pub chosen: bool,
}

impl Default for CardBrowser {
    fn default() -> Self {
        Self { maker: Maker::Paper, card: 727, typed: String::new(), back_to: Screen::Menu, chosen: false }
    }
}

impl CardBrowser {
    /// The browser on `card` of `maker`'s certificate, coming back to `back_to`.
    pub fn at(maker: Maker, card: u32, back_to: Screen) -> Self {
        Self { maker, card, typed: String::new(), back_to, chosen: true }
    }
}

/// What the player asks of the browser.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub enum BrowseInput {
    /// Move by this many cards.
    Step(i64),
    First,
    Last,
    Digit(char),
    Erase,
    Jump,
    /// The next certificate, round (21, 20, 19).
    OtherMaker,
    /// This Maker's certificate.
    ChooseMaker(Maker),
    Back,
}

/// Everything the browser spawned (redrawn whole when the card changes).
#[derive(Component)]
struct BrowserRoot;

/// The largest drawing of a card, in pixels.
const DRAWING: f32 = 440.0;
/// Children listed before "and N more".
const LISTED_CHILDREN: usize = 12;
/// Squeeze-table rows shown.
const TABLE_ROWS: usize = 10;

/// `--open cards:N`: card N of the `--maker` certificate (the paper's by default), back to the menu.
fn open_as_asked(mut commands: Commands, open: Option<Res<Open>>, options: Option<Res<SnakyOptions>>) {
    let Some(Open::Cards(card)) = open.as_deref() else { return };
    let maker = options.and_then(|options| options.maker).unwrap_or_default();
    let count = maker.cards().map_or(0, |c| c.card_count() as u32);
    commands.insert_resource(CardBrowser::at(maker, (*card).min(count.saturating_sub(1)), Screen::Menu));
}

/// From the menu the browser opens on the root of the saved Maker's certificate.
fn choose_maker(mut browser: ResMut<CardBrowser>, data: Res<SaveData>) {
    if !browser.chosen {
        browser.maker = data.save.settings.snaky_maker;
        browser.card = root_card(browser.maker);
    }
    browser.chosen = false;
}

/// The root card of a Maker's certificate: its last card (the empty board, SPEC §2.3).
pub fn root_card(maker: Maker) -> u32 {
    maker.cards().map_or(0, |c| c.card_count().saturating_sub(1) as u32)
}

const KEYS: Keymap<BrowseInput> = Keymap(&[
    Binding::press(
        &[KeyCode::ArrowLeft],
        BrowseInput::Step(-1),
        "←／→：前後のカード",
        "Left/Right: previous/next card",
    ),
    Binding::unshown(&[KeyCode::ArrowRight], BrowseInput::Step(1)),
    Binding::press(
        &[KeyCode::PageUp],
        BrowseInput::Step(-10),
        "PageUp／PageDown：10枚",
        "PageUp/PageDown: 10 cards",
    ),
    Binding::unshown(&[KeyCode::PageDown], BrowseInput::Step(10)),
    Binding::press(&[KeyCode::Home], BrowseInput::First, "Home／End：最初／最後", "Home/End: first/last"),
    Binding::unshown(&[KeyCode::End], BrowseInput::Last),
    Binding::press(
        &[KeyCode::Digit0],
        BrowseInput::Digit('0'),
        "数字＋Enter：その番号へ",
        "digits + Enter: go to a card",
    ),
    Binding::unshown(&[KeyCode::Digit1], BrowseInput::Digit('1')),
    Binding::unshown(&[KeyCode::Digit2], BrowseInput::Digit('2')),
    Binding::unshown(&[KeyCode::Digit3], BrowseInput::Digit('3')),
    Binding::unshown(&[KeyCode::Digit4], BrowseInput::Digit('4')),
    Binding::unshown(&[KeyCode::Digit5], BrowseInput::Digit('5')),
    Binding::unshown(&[KeyCode::Digit6], BrowseInput::Digit('6')),
    Binding::unshown(&[KeyCode::Digit7], BrowseInput::Digit('7')),
    Binding::unshown(&[KeyCode::Digit8], BrowseInput::Digit('8')),
    Binding::unshown(&[KeyCode::Digit9], BrowseInput::Digit('9')),
    Binding::unshown(&[KeyCode::Backspace], BrowseInput::Erase),
    Binding::unshown(&[KeyCode::Enter, KeyCode::NumpadEnter], BrowseInput::Jump),
    Binding::press(&[KeyCode::KeyK], BrowseInput::OtherMaker, "K：証明書", "K: certificate"),
    Binding::press(&[KeyCode::Escape], BrowseInput::Back, "Esc：もどる", "Esc: back"),
]);

fn keyboard(keys: Keys, mut input: MessageWriter<BrowseInput>) {
    input.write_batch(keys.actions(KEYS));
}

fn browse(
    mut inputs: MessageReader<BrowseInput>,
    mut browser: ResMut<CardBrowser>,
    mut go: MessageWriter<Go>,
) {
    for input in inputs.read() {
        let count = browser.maker.cards().map_or(0, |c| c.card_count() as u32);
        let last = count.saturating_sub(1);
        match input {
            BrowseInput::Step(delta) => {
                browser.card = (i64::from(browser.card) + delta).clamp(0, i64::from(last)) as u32;
                browser.typed.clear();
            }
            BrowseInput::First => browser.card = 0,
            BrowseInput::Last => browser.card = last,
            BrowseInput::Digit(d) if browser.typed.len() < 6 => browser.typed.push(*d),
            BrowseInput::Digit(_) => {}
            BrowseInput::Erase => {
                browser.typed.pop();
            }
            BrowseInput::Jump => {
                if let Ok(n) = browser.typed.parse::<u32>() {
                    browser.card = n.min(last);
                }
                browser.typed.clear();
            }
            BrowseInput::OtherMaker | BrowseInput::ChooseMaker(_) => {
                let maker = match *input {
                    BrowseInput::ChooseMaker(maker) => maker,
                    _ => browser.maker.next(),
                };
                // Another certificate's numbering differs: start at its root.
                if maker != browser.maker {
                    browser.maker = maker;
                    browser.card = root_card(maker);
                }
            }
            BrowseInput::Back => {
                go.write(Go(browser.back_to));
            }
        }
    }
}

fn draw_browser(
    browser: Res<CardBrowser>,
    lang: Res<Lang>,
    roots: Query<Entity, With<BrowserRoot>>,
    mut commands: Commands,
) {
    if !browser.is_changed() && !lang.is_changed() && !roots.is_empty() {
        return;
    }
    for root in &roots {
        commands.entity(root).despawn();
    }
    let lang = lang.0;
    // The header stays at the top whatever the card's size (a click never misses a moved button).
    commands.spawn((BrowserRoot, widgets::screen_root_top(Screen::Cards, 8.0, 12.0))).with_children(|root| {
        root.spawn(widgets::row(14.0)).with_children(|bar| {
            bar.spawn(widgets::small_button(T::Back.get(lang), ButtonKind::Secondary, 110.0))
                .observe(send(BrowseInput::Back));
            bar.spawn(widgets::heading(T::CardBrowser.get(lang)));
            for maker in Maker::ALL {
                let kind = if browser.maker == maker { ButtonKind::Primary } else { ButtonKind::Secondary };
                bar.spawn(widgets::small_button(text::maker_name(lang, maker), kind, 120.0))
                    .observe(send(BrowseInput::ChooseMaker(maker)));
            }
            bar.spawn(widgets::small_button("←", ButtonKind::Secondary, 48.0))
                .observe(send(BrowseInput::Step(-1)));
            bar.spawn(widgets::small_button("→", ButtonKind::Secondary, 48.0))
                .observe(send(BrowseInput::Step(1)));
            let typed =
                if browser.typed.is_empty() { String::new() } else { format!("→ {}", browser.typed) };
            bar.spawn(widgets::text(typed, 18.0, palette::PRIMARY));
        });
        match browser.maker.cards() {
            Ok(cards) => spawn_card(root, &cards, browser.card, lang),
            Err(error) => {
                root.spawn(widgets::text(i18n::checks::certificate_error(lang, &error), 18.0, palette::BAD));
            }
        }
        root.spawn(widgets::text(KEYS.key_line(lang), 14.0, palette::INK_SOFT));
    });
}

fn spawn_card(root: &mut ChildSpawnerCommands, cards: &Cards, card: u32, lang: Language) {
    let Some(id) = cards.card(card) else { return };
    let node = cards.node(id);
    root.spawn(Node { align_items: AlignItems::FlexStart, ..widgets::row(18.0) }).with_children(|main| {
        // The drawing: the card's box in its own frame, y up.
        let bounds = node.bounds;
        let (w, h) = (bounds.max_x - bounds.min_x + 1, bounds.max_y - bounds.min_y + 1);
        let cell = (DRAWING / w.max(h) as f32).min(30.0);
        let (envelope_colour, required_colour, pivot_colour) =
            (palette::ENVELOPE, palette::REQUIRED, palette::PIVOT);
        main.spawn((
            Node { width: px(cell * w as f32 + 16.0), height: px(cell * h as f32 + 16.0), ..default() },
            BackgroundColor(palette::PANEL),
        ))
        .with_children(|drawing| {
            for c in node.envelope.iter() {
                let (x, y) = ((c.x() - bounds.min_x) as f32, (bounds.max_y - c.y()) as f32);
                let required = node.required.contains(c);
                let pivot = c == node.pivot;
                drawing.spawn((
                    Node {
                        position_type: PositionType::Absolute,
                        left: px(8.0 + x * cell + 1.0),
                        top: px(8.0 + y * cell + 1.0),
                        width: px(cell - 2.0),
                        height: px(cell - 2.0),
                        border: UiRect::all(px(if required || pivot { 3.0 } else { 0.0 })),
                        border_radius: if pivot { BorderRadius::MAX } else { BorderRadius::all(px(3)) },
                        ..default()
                    },
                    BackgroundColor(envelope_colour),
                    BorderColor::all(if pivot { pivot_colour } else { required_colour }),
                ));
            }
        });
        main.spawn(Node { align_items: AlignItems::FlexStart, ..widgets::column(4.0) }).with_children(
            |info| {
                info.spawn(widgets::heading(text::card_title(lang, card, node.inline)));
                info.spawn(widgets::text(
                    text::card_numbers(
                        lang,
                        node.height,
                        node.required.len(),
                        node.envelope.len(),
                        node.pivot.cell(),
                    ),
                    17.0,
                    palette::INK,
                ));
                info.spawn(widgets::text(text::card_delay(lang, cards.delay(id)), 15.0, palette::INK_SOFT));
                let children = cards.children(id);
                if children.is_empty() {
                    info.spawn(widgets::text(T::BaseCard.get(lang), 16.0, palette::INK_SOFT));
                    return;
                }
                info.spawn(widgets::text(
                    text::children_heading(lang, children.len()),
                    16.0,
                    palette::INK_SOFT,
                ));
                for child in children.iter().take(LISTED_CHILDREN) {
                    let child_node = cards.node(child.node);
                    let line = if child.reference {
                        text::child_reference(
                            lang,
                            child_node.card,
                            &child.placement.to_string(),
                            child_node.height,
                        )
                    } else {
                        text::child_inline(lang, child_node.pivot.cell(), child_node.height)
                    };
                    info.spawn(widgets::text(line, 14.0, palette::INK));
                }
                if children.len() > LISTED_CHILDREN {
                    info.spawn(widgets::text(
                        text::and_more(lang, children.len() - LISTED_CHILDREN),
                        14.0,
                        palette::INK_SOFT,
                    ));
                }
                info.spawn((
                    widgets::text(T::CardLegend.get(lang), 13.0, palette::INK_SOFT),
                    Node { max_width: px(640), ..default() },
                ));
                let table = squeeze_table(cards, id);
                info.spawn(widgets::text(T::SqueezeTable.get(lang), 16.0, palette::INK_SOFT));
                info.spawn(widgets::text(T::SqueezeHeader.get(lang), 14.0, palette::INK_SOFT));
                for row in table.iter().take(TABLE_ROWS) {
                    let required: Vec<String> =
                        row.required.iter().map(|(x, y)| format!("({x},{y})")).collect();
                    let line = format!(
                        "{:>5}  {{{}}}  {:>4}  {:>3}  ×{:<3} → {}",
                        row.card,
                        required.join(","),
                        row.envelope_size,
                        row.height,
                        row.placements,
                        row.left_in_intersection
                    );
                    info.spawn(widgets::text(line, 14.0, palette::INK));
                }
                if table.len() > TABLE_ROWS {
                    info.spawn(widgets::text(
                        text::and_more(lang, table.len() - TABLE_ROWS),
                        14.0,
                        palette::INK_SOFT,
                    ));
                }
            },
        );
    });
}
