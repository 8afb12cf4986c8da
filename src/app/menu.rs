//! The title menu: play, Snaky and how to play it, language, about, quit.

use bevy::prelude::*;

use super::i18n::learn::L;
use super::i18n::{Lang, Language, T};
use super::keymap::{Binding, Keymap};
use super::sound::SoundAction;
use super::storage::{self, SaveData, SaveNotice, StageLadder};
use super::theme::palette;
use super::theme::widgets::{self, ButtonKind, send};
use super::{Go, Screen};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<MenuAction>()
        .add_systems(OnEnter(Screen::Menu), spawn_menu)
        .add_systems(Update, (keyboard, act).chain().run_if(in_state(Screen::Menu)));
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
        root.spawn(widgets::label(T::Subtitle.get(lang)));
        root.spawn(Node { height: px(18), ..default() });
        root.spawn(widgets::column(14.0)).with_children(|menu| {
            // Free play beside the ladder, in the same row (the menu keeps its height).
            menu.spawn(widgets::row(12.0)).with_children(|row| {
                row.spawn(widgets::button(T::MenuPlay.get(lang), ButtonKind::Primary))
                    .observe(send(MenuAction::Play));
                row.spawn(widgets::sized_button(T::MenuFree.get(lang), ButtonKind::Secondary, 200.0, 24.0))
                    .observe(send(Go(Screen::FreeSetup)));
            });
            // "How to play" beside Snaky, in the same row (the menu keeps its height).
            menu.spawn(widgets::row(12.0)).with_children(|row| {
                row.spawn(widgets::button(T::MenuSnaky.get(lang), ButtonKind::Primary))
                    .observe(send(MenuAction::Snaky));
                row.spawn(widgets::sized_button(L::MenuEntry.get(lang), ButtonKind::Secondary, 200.0, 22.0))
                    .observe(send(Go(Screen::SnakyLearn)));
            });
            menu.spawn(widgets::button(T::MenuCards.get(lang), ButtonKind::Secondary))
                .observe(send(Go(Screen::Cards)));
            menu.spawn(widgets::row(12.0)).with_children(|row| {
                row.spawn(widgets::label(T::LanguageLabel.get(lang)));
                for (choice, name) in [(Language::Japanese, "日本語"), (Language::English, "English")] {
                    let kind = if choice == lang { ButtonKind::Primary } else { ButtonKind::Secondary };
                    row.spawn(widgets::sized_button(name, kind, 150.0, 22.0))
                        .observe(send(MenuAction::Language(choice)));
                }
            });
            super::sound::volume_row(menu, lang, data.save.settings.sound);
            menu.spawn(widgets::button(T::MenuAbout.get(lang), ButtonKind::Secondary))
                .observe(send(MenuAction::About));
            menu.spawn(widgets::button(T::MenuQuit.get(lang), ButtonKind::Secondary))
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
}

const KEYS: Keymap<MenuKey> = Keymap(&[
    Binding::press(
        &[KeyCode::Enter, KeyCode::NumpadEnter, KeyCode::Space],
        MenuKey::Action(MenuAction::Play),
        "Enter：無限ぽこぽこ",
        "Enter: Infinite Pokopoko",
    ),
    Binding::press(&[KeyCode::KeyF], MenuKey::Go(Screen::FreeSetup), "F：フリープレイ", "F: free play"),
    Binding::press(&[KeyCode::KeyS], MenuKey::Action(MenuAction::Snaky), "S：Snaky", "S: Snaky"),
    Binding::press(&[KeyCode::KeyH], MenuKey::Go(Screen::SnakyLearn), "H：あそびかた", "H: how to play"),
    Binding::press(&[KeyCode::KeyL], MenuKey::Action(MenuAction::ToggleLanguage), "L：ことば", "L: language"),
    Binding::press(
        &[KeyCode::Minus, KeyCode::NumpadSubtract],
        MenuKey::Sound(SoundAction::Quieter),
        "－／＋：おとの大きさ",
        "-/+: volume",
    ),
    Binding::unshown(&[KeyCode::Equal, KeyCode::NumpadAdd], MenuKey::Sound(SoundAction::Louder)),
]);

fn keyboard(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    mut actions: MessageWriter<MenuAction>,
    mut sound: MessageWriter<SoundAction>,
    mut go: MessageWriter<Go>,
) {
    let Some(keys) = keys else { return };
    for key in KEYS.actions(&keys) {
        match key {
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
