//! About: what the game is, what the COM guarantees, the font's licence.

use bevy::prelude::*;

use super::i18n::{Lang, T};
use super::keymap::{Binding, Keymap, Keys};
use super::open::Open;
use super::snaky::checks::RunChecks;
use super::theme::widgets::{self, ButtonKind, send};
use super::{Go, Screen};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::About), (open_as_asked, spawn_about))
        .add_systems(Update, back_on_escape.run_if(in_state(Screen::About)));
}

/// `--open about:checks`: the certificate checks run, their sheet open.
fn open_as_asked(open: Option<Res<Open>>, mut checks: MessageWriter<RunChecks>) {
    if open.as_deref() == Some(&Open::AboutChecks) {
        checks.write(RunChecks);
    }
}

fn spawn_about(mut commands: Commands, lang: Res<Lang>) {
    let lang = lang.0;
    commands.spawn(widgets::screen_root(Screen::About)).with_children(|root| {
        root.spawn(widgets::heading(T::AboutTitle.get(lang)));
        root.spawn(widgets::panel()).with_children(|panel| {
            // One column, so the paragraphs share a left edge.
            let column = Node { width: px(860), align_items: AlignItems::FlexStart, ..widgets::column(10.0) };
            panel.spawn(column).with_children(|column| {
                for paragraph in [T::AboutGame, T::AboutCom, T::AboutKeys, T::AboutSnaky] {
                    column.spawn(widgets::paragraph(paragraph.get(lang), 22.0, 860.0));
                }
            });
            super::snaky::checks::spawn_checks_section(panel, lang);
            panel.spawn(widgets::label(T::AboutFont.get(lang)));
            panel.spawn(widgets::label(format!("pokopoko {}", env!("CARGO_PKG_VERSION"))));
        });
        root.spawn(widgets::button(T::Back.get(lang), ButtonKind::Secondary)).observe(send(Go(Screen::Menu)));
        root.spawn(widgets::key_line(KEYS.key_line(lang)));
    });
}

const KEYS: Keymap<Screen> = Keymap(&[Binding::press(
    &[KeyCode::Escape, KeyCode::Backspace],
    Screen::Menu,
    "Esc：もどる",
    "Esc: back",
)]);

fn back_on_escape(keys: Keys, mut go: MessageWriter<Go>) {
    go.write_batch(keys.actions(KEYS).into_iter().map(Go));
}
