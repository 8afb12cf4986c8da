//! The title menu: play, Snaky and how to play it, language, about, quit.

use bevy::prelude::*;

use super::i18n::learn::L;
use super::i18n::{Lang, Language, T};
use super::keymap::{Binding, Keymap, Keys};
use super::sound::SoundAction;
use super::storage::{self, SaveData, SaveNotice, StageLadder};
use super::theme::palette;
use super::theme::widgets::{self, ButtonKind, send};
use super::{Go, Screen};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<MenuAction>()
        .init_resource::<MenuFocus>()
        .add_systems(OnEnter(Screen::Menu), spawn_menu)
        .add_systems(OnExit(Screen::Menu), |mut focus: ResMut<MenuFocus>| focus.asking_to_quit = false);
    // The menu comes back with the focus on the entry of the screen last played (newcomer #59,
    // back from Snaky as Maker, found it on the first entry).
    for (screen, entry) in WHERE_EACH_SCREEN_IS {
        app.add_systems(OnEnter(screen), move |mut focus: ResMut<MenuFocus>| {
            focus.entry = ENTRIES.iter().position(|&e| e == entry).unwrap_or(0);
        });
    }
    app.add_systems(Update, (keyboard, act, show_focus).chain().run_if(in_state(Screen::Menu)));
}

/// The menu's entries in keyboard order (↑/↓ or Tab go through them, Enter opens one).
const ENTRIES: [MenuKey; 10] = [
    MenuKey::Action(MenuAction::Play),
    MenuKey::Go(Screen::FreeSetup),
    MenuKey::Action(MenuAction::Snaky),
    MenuKey::Go(Screen::SnakyLearn),
    MenuKey::Go(Screen::SnakyMaker),
    MenuKey::Go(Screen::Cards),
    MenuKey::Action(MenuAction::Language(Language::Japanese)),
    MenuKey::Action(MenuAction::Language(Language::English)),
    MenuKey::Action(MenuAction::About),
    MenuKey::Action(MenuAction::Quit),
];

/// The menu entry that leads to each screen a player plays on.
const WHERE_EACH_SCREEN_IS: [(Screen, MenuKey); 6] = [
    (Screen::Ladder, MenuKey::Action(MenuAction::Play)),
    (Screen::FreeSetup, MenuKey::Go(Screen::FreeSetup)),
    (Screen::Snaky, MenuKey::Action(MenuAction::Snaky)),
    (Screen::SnakyLearn, MenuKey::Go(Screen::SnakyLearn)),
    (Screen::SnakyMaker, MenuKey::Go(Screen::SnakyMaker)),
    (Screen::Cards, MenuKey::Go(Screen::Cards)),
];

/// The entry the keyboard is on, and whether Esc asked to quit (a second Esc quits).
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct MenuFocus {
    pub entry: usize,
    pub asking_to_quit: bool,
}

impl MenuFocus {
    fn step(&mut self, by: isize) {
        self.entry = (self.entry as isize + by).rem_euclid(ENTRIES.len() as isize) as usize;
    }
}

/// A menu button, by its place in [`ENTRIES`].
#[derive(Component, Debug, Clone, Copy)]
struct MenuEntry(usize);

/// The line that asks "Esc again to quit".
#[derive(Component)]
struct QuitQuestion;

/// A menu button's place in the keyboard order, and the outline that shows it has the focus.
fn entry_of(key: MenuKey) -> (MenuEntry, Outline) {
    let place = ENTRIES.iter().position(|&entry| entry == key).unwrap_or(0);
    (MenuEntry(place), Outline::new(px(3), px(3), Color::NONE))
}

/// What the menu's buttons do.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum MenuAction {
    Play,
    /// Snaky, or its primer on the first visit.
    Snaky,
    About,
    Language(Language),
    ToggleLanguage,
    Quit,
}

fn spawn_menu(
    mut commands: Commands,
    lang: Res<Lang>,
    notice: Res<SaveNotice>,
    data: Res<SaveData>,
    ladder: Res<StageLadder>,
) {
    let lang = lang.0;
    let notices = storage::notices(lang, &notice, &data, &ladder);
    commands.spawn(widgets::screen_root(Screen::Menu)).with_children(|root| {
        root.spawn(bubble_row());
        root.spawn(widgets::title(T::Title.get(lang)));
        // The subtitle's line also asks "Esc again to quit" (asking moves nothing on the menu).
        root.spawn((QuitQuestion, widgets::label(T::Subtitle.get(lang))));
        root.spawn(Node { height: px(18), ..default() });
        root.spawn(widgets::column(14.0)).with_children(|menu| {
            // Free play beside the ladder, in the same row (the menu keeps its height). Every entry
            // has one colour: only the focus ring marks the one Enter opens (two newcomers took a
            // teal entry for a second selection).
            menu.spawn(widgets::row(12.0)).with_children(|row| {
                row.spawn((
                    widgets::button(T::MenuPlay.get(lang), ButtonKind::Secondary),
                    entry_of(ENTRIES[0]),
                ))
                .observe(send(MenuAction::Play));
                row.spawn((
                    widgets::sized_button(T::MenuFree.get(lang), ButtonKind::Secondary, 200.0, 24.0),
                    entry_of(MenuKey::Go(Screen::FreeSetup)),
                ))
                .observe(send(Go(Screen::FreeSetup)));
            });
            // "How to play" beside Snaky, in the same row (the menu keeps its height).
            menu.spawn(widgets::row(12.0)).with_children(|row| {
                row.spawn((
                    widgets::button(T::MenuSnaky.get(lang), ButtonKind::Secondary),
                    entry_of(MenuKey::Action(MenuAction::Snaky)),
                ))
                .observe(send(MenuAction::Snaky));
                row.spawn((
                    widgets::sized_button(L::MenuEntry.get(lang), ButtonKind::Secondary, 200.0, 22.0),
                    entry_of(MenuKey::Go(Screen::SnakyLearn)),
                ))
                .observe(send(Go(Screen::SnakyLearn)));
            });
            // Snaky as Maker beside the card browser, in the same row (the menu keeps its height).
            menu.spawn(widgets::row(12.0)).with_children(|row| {
                row.spawn((
                    widgets::button(super::i18n::maker::menu_entry(lang), ButtonKind::Secondary),
                    entry_of(MenuKey::Go(Screen::SnakyMaker)),
                ))
                .observe(send(Go(Screen::SnakyMaker)));
                row.spawn((
                    widgets::sized_button(T::MenuCards.get(lang), ButtonKind::Secondary, 200.0, 22.0),
                    entry_of(MenuKey::Go(Screen::Cards)),
                ))
                .observe(send(Go(Screen::Cards)));
            });
            menu.spawn(widgets::row(12.0)).with_children(|row| {
                row.spawn(widgets::label(T::LanguageLabel.get(lang)));
                for (choice, name) in [(Language::Japanese, "日本語"), (Language::English, "English")] {
                    let kind = if choice == lang { ButtonKind::Primary } else { ButtonKind::Secondary };
                    row.spawn((
                        widgets::sized_button(name, kind, 150.0, 22.0),
                        entry_of(MenuKey::Action(MenuAction::Language(choice))),
                    ))
                    .observe(send(MenuAction::Language(choice)));
                }
            });
            super::sound::volume_row(menu, lang, data.save.settings.sound);
            menu.spawn((
                widgets::button(T::MenuAbout.get(lang), ButtonKind::Secondary),
                entry_of(MenuKey::Action(MenuAction::About)),
            ))
            .observe(send(MenuAction::About));
            menu.spawn((
                widgets::button(T::MenuQuit.get(lang), ButtonKind::Secondary),
                entry_of(MenuKey::Action(MenuAction::Quit)),
            ))
            .observe(send(MenuAction::Quit));
        });
        root.spawn(widgets::key_line(KEYS.key_line(lang)));
        for line in notices {
            root.spawn((
                Node {
                    padding: UiRect::axes(px(18), px(10)),
                    border_radius: BorderRadius::all(px(14)),
                    max_width: px(900),
                    ..default()
                },
                BackgroundColor(palette::BAD_SOFT),
                children![widgets::text(line, 18.0, palette::BAD)],
            ));
        }
    });
}

/// A little row of board buttons as decoration, some pressed.
fn bubble_row() -> impl Bundle {
    let colours = [
        palette::BUBBLE,
        palette::BUBBLE,
        palette::BUBBLE_SELECTED,
        palette::BUBBLE,
        palette::PRESSED_HOLE,
        palette::BUBBLE,
        palette::BUBBLE,
    ];
    (
        widgets::row(12.0),
        Children::spawn(bevy::ecs::spawn::SpawnIter(colours.into_iter().map(|colour| {
            (
                Node {
                    width: px(34),
                    height: px(34),
                    border: UiRect::bottom(px(3)),
                    border_radius: BorderRadius::MAX,
                    ..default()
                },
                BackgroundColor(colour),
                BorderColor::all(palette::BUBBLE_EDGE),
            )
        }))),
    )
}

/// What a key does on the menu.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum MenuKey {
    Action(MenuAction),
    Go(Screen),
    Sound(SoundAction),
    Focus(Move),
}

/// What a key does on the menu besides its entries' own letters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Move {
    Next,
    Previous,
    Open,
    Quit,
}

const KEYS: Keymap<MenuKey> = Keymap(&[
    Binding::press(
        &[KeyCode::ArrowDown, KeyCode::ArrowRight],
        MenuKey::Focus(Move::Next),
        "↑↓／Tab：えらぶ",
        "↑↓/Tab: choose",
    ),
    Binding::unshown(&[KeyCode::Tab], MenuKey::Focus(Move::Next)),
    Binding::unshown(&[KeyCode::ArrowUp, KeyCode::ArrowLeft], MenuKey::Focus(Move::Previous)),
    Binding::press(
        &[KeyCode::Enter, KeyCode::NumpadEnter, KeyCode::Space],
        MenuKey::Focus(Move::Open),
        "Enter：ひらく",
        "Enter: open",
    ),
    Binding::press(&[KeyCode::KeyF], MenuKey::Go(Screen::FreeSetup), "F：フリープレイ", "F: free play"),
    Binding::press(&[KeyCode::KeyS], MenuKey::Action(MenuAction::Snaky), "S：Snaky", "S: Snaky"),
    // G, as in both Snaky games; H still works.
    Binding::press(
        &[KeyCode::KeyG, KeyCode::KeyH],
        MenuKey::Go(Screen::SnakyLearn),
        "G：あそびかた",
        "G: how to play",
    ),
    Binding::press(
        &[KeyCode::KeyX],
        MenuKey::Go(Screen::SnakyMaker),
        "X：作り手であそぶ",
        "X: play as Maker",
    ),
    Binding::press(&[KeyCode::KeyL], MenuKey::Action(MenuAction::ToggleLanguage), "L：ことば", "L: language"),
    Binding::press(
        &[KeyCode::Minus, KeyCode::NumpadSubtract],
        MenuKey::Sound(SoundAction::Quieter),
        "－／＋：おとを小さく／大きく",
        "-/+: volume down/up",
    ),
    Binding::unshown(&[KeyCode::Equal, KeyCode::NumpadAdd], MenuKey::Sound(SoundAction::Louder)),
    Binding::press(&[KeyCode::Escape], MenuKey::Focus(Move::Quit), "Esc：おわる", "Esc: quit"),
]);

fn keyboard(
    keys: Keys,
    mut focus: ResMut<MenuFocus>,
    mut actions: MessageWriter<MenuAction>,
    mut sound: MessageWriter<SoundAction>,
    mut go: MessageWriter<Go>,
) {
    for key in keys.actions(KEYS) {
        // Esc asks first; any other key answers "no".
        let asked = std::mem::take(&mut focus.asking_to_quit);
        let key = match key {
            MenuKey::Focus(Move::Quit) if asked => MenuKey::Action(MenuAction::Quit),
            MenuKey::Focus(Move::Quit) => {
                focus.asking_to_quit = true;
                continue;
            }
            MenuKey::Focus(Move::Next) => {
                focus.step(1);
                continue;
            }
            MenuKey::Focus(Move::Previous) => {
                focus.step(-1);
                continue;
            }
            MenuKey::Focus(Move::Open) => ENTRIES[focus.entry],
            other => other,
        };
        match key {
            MenuKey::Focus(_) => {}
            MenuKey::Action(action) => {
                actions.write(action);
            }
            MenuKey::Go(screen) => {
                go.write(Go(screen));
            }
            MenuKey::Sound(action) => {
                sound.write(action);
            }
        }
    }
}

fn act(
    mut actions: MessageReader<MenuAction>,
    mut lang: ResMut<Lang>,
    mut data: ResMut<SaveData>,
    mut go: MessageWriter<Go>,
    mut exit: MessageWriter<AppExit>,
) {
    for action in actions.read() {
        match *action {
            MenuAction::Play => {
                go.write(Go(Screen::Ladder));
            }
            MenuAction::Snaky => {
                go.write(Go(super::snaky::learn::snaky_or_primer(&data.save.settings.snaky_primer)));
            }
            MenuAction::About => {
                go.write(Go(Screen::About));
            }
            MenuAction::Language(_) | MenuAction::ToggleLanguage => {
                let choice = match *action {
                    MenuAction::Language(choice) => choice,
                    _ => lang.0.other(),
                };
                if lang.0 != choice {
                    lang.0 = choice;
                    data.save.settings.language = choice;
                    data.store();
                }
                // Rebuild the menu in the new language.
                go.write(Go(Screen::Menu));
            }
            MenuAction::Quit => {
                exit.write(AppExit::Success);
            }
        }
    }
}

/// The entry the keyboard is on wears the cursor's outline; the question before quitting shows
/// under the menu.
fn show_focus(
    focus: Res<MenuFocus>,
    lang: Res<Lang>,
    mut entries: Query<(&MenuEntry, &mut Outline)>,
    added: Query<(), Added<MenuEntry>>,
    mut question: Query<(&mut Text, &mut TextColor), With<QuitQuestion>>,
) {
    if !focus.is_changed() && added.is_empty() {
        return;
    }
    for (entry, mut outline) in &mut entries {
        let colour = if entry.0 == focus.entry { palette::CURSOR } else { Color::NONE };
        if outline.color != colour {
            *outline = Outline::new(px(3), px(3), colour);
        }
    }
    let (line, ink) = if focus.asking_to_quit {
        (T::QuitAgain.get(lang.0), palette::BAD)
    } else {
        (T::Subtitle.get(lang.0), palette::INK_SOFT)
    };
    for (mut text, mut colour) in &mut question {
        if text.0 != line {
            text.0 = line.to_string();
        }
        if colour.0 != ink {
            colour.0 = ink;
        }
    }
}
