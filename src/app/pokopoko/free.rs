//! Free play: the setup screen (buttons, rule, turn order, practice switch), and the practice hint
//! on the play screen. The match itself uses the ladder's play, result and strategy screens; its
//! [`Room`] tells them where "back" goes and what they may show.

use bevy::prelude::*;

use super::free_form::{Form, FormInput, Row};
use super::room::Room;
use super::state::{CurrentStage, StrategyReturn};
use super::table::Table;
use crate::app::i18n::{self, Lang, Language, T};
use crate::app::keymap::{Binding, Keymap, Keys};
use crate::app::storage::SaveData;
use crate::app::theme::palette;
use crate::app::theme::widgets::{self, ButtonKind, send};
use crate::app::{Go, Screen};
use crate::pokopoko::free::MAX_FREE_PICK;
use crate::pokopoko::{FreeSetup, RuleKind, TurnOrder};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Room>()
        .add_message::<FormInput>()
        .add_message::<FreeAction>()
        .add_systems(OnEnter(Screen::FreeSetup), spawn_setup)
        .add_systems(
            Update,
            (keyboard, apply_input, act, rebuild_body).chain().run_if(in_state(Screen::FreeSetup)),
        )
        .add_systems(Update, show_practice_hint.run_if(in_state(Screen::Play)));
}

/// What the setup screen's action buttons ask for.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum FreeAction {
    /// Play the setup being edited (refused while it is not playable).
    Start,
    /// The strategy page for the setup's rule.
    Strategy,
}

/// The practice hint's line on the play screen (spawned only in a free game with practice on).
#[derive(Component, Debug)]
pub struct PracticeHint;

/// The part of the setup screen rebuilt after each edit.
#[derive(Component)]
struct SetupBody;

/// Enters free play with `setup` (`--open free:…` and the setup screen's Start): the room, the
/// stage and the match, human to move in the setup's turn order.
pub fn start(commands: &mut Commands, setup: &FreeSetup, seed: u64) {
    if let Some((table, stage, room)) = start_resources(setup) {
        commands.insert_resource(table.with_seed(seed));
        commands.insert_resource(stage);
        commands.insert_resource(room);
    }
}

/// The resources of a free game of `setup` (`None` if the setup cannot be played).
pub fn start_resources(setup: &FreeSetup) -> Option<(Table, CurrentStage, Room)> {
    let stage = setup.stage().ok()?;
    Some((Table::new(stage.clone(), setup.order), CurrentStage(stage), Room::Free(setup.clone())))
}

/// The setup to start editing: the last one played, or the default.
fn last_setup(data: &SaveData) -> FreeSetup {
    data.save.settings.free_play.clone().unwrap_or_default()
}

fn spawn_setup(mut commands: Commands, lang: Res<Lang>, data: Res<SaveData>, form: Option<Res<Form>>) {
    let lang = lang.0;
    // The first visit starts from the saved setup; later ones keep this session's edits.
    if form.is_none() {
        commands.insert_resource(Form::new(last_setup(&data)));
    }
    commands.spawn(widgets::screen_root_spaced(Screen::FreeSetup, 10.0, 18.0)).with_children(|root| {
        widgets::top_bar(root, T::Back.get(lang), Screen::Menu, widgets::heading(T::FreeTitle.get(lang)));
        root.spawn(widgets::label(T::FreeIntro.get(lang)));
        root.spawn((SetupBody, widgets::column(8.0)));
        root.spawn(widgets::key_line(KEYS.key_line(lang)));
    });
}

fn rebuild_body(
    mut commands: Commands,
    lang: Res<Lang>,
    form: Option<Res<Form>>,
    bodies: Query<Entity, With<SetupBody>>,
    fresh: Query<(), Added<SetupBody>>,
) {
    let Some(form) = form else { return };
    if !form.is_changed() && fresh.is_empty() {
        return;
    }
    let lang = lang.0;
    for body in &bodies {
        commands.entity(body).despawn_children().with_children(|body| setup_rows(body, lang, &form));
    }
}

const LABEL_WIDTH: f32 = 220.0;
const ROW_WIDTH: f32 = 1080.0;

/// One row of the setup: its label, then its controls; the focused row is lit.
fn setup_row(
    body: &mut ChildSpawnerCommands,
    form: &Form,
    row: Row,
    label: &str,
    controls: impl FnOnce(&mut ChildSpawnerCommands),
) {
    let focused = form.row == row;
    body.spawn((
        Node {
            width: px(ROW_WIDTH),
            padding: UiRect::axes(px(18), px(6)),
            border_radius: BorderRadius::all(px(18)),
            justify_content: JustifyContent::FlexStart,
            ..widgets::row(12.0)
        },
        BackgroundColor(if focused { palette::CURRENT } else { palette::PANEL }),
    ))
    .observe(send(FormInput::Focus(row)))
    .with_children(|line| {
        line.spawn((
            Node { width: px(LABEL_WIDTH), ..default() },
            Pickable::IGNORE,
            children![(widgets::text(label, 22.0, palette::INK), Pickable::IGNORE)],
        ));
        controls(line);
    });
}

fn choice(line: &mut ChildSpawnerCommands, text: &str, chosen: bool, input: FormInput) {
    let kind = if chosen { ButtonKind::Primary } else { ButtonKind::Secondary };
    line.spawn(widgets::sized_button(text, kind, 150.0, 20.0)).observe(send(input));
}

fn stepper(line: &mut ChildSpawnerCommands, value: u32, steps: &[(i32, FormInput)]) {
    let (down, up): (Vec<_>, Vec<_>) = steps.iter().partition(|(delta, _)| *delta < 0);
    for (delta, input) in &down {
        line.spawn(widgets::small_button(format!("{delta}"), ButtonKind::Secondary, 52.0))
            .observe(send(*input));
    }
    line.spawn((
        Node { width: px(76), justify_content: JustifyContent::Center, ..default() },
        Pickable::IGNORE,
        children![(widgets::text(value.to_string(), 34.0, palette::INK), Pickable::IGNORE)],
    ));
    for (delta, input) in &up {
        line.spawn(widgets::small_button(format!("+{delta}"), ButtonKind::Secondary, 52.0))
            .observe(send(*input));
    }
}

fn setup_rows(body: &mut ChildSpawnerCommands, lang: Language, form: &Form) {
    let setup = &form.setup;
    setup_row(body, form, Row::Buttons, T::FreeButtons.get(lang), |line| {
        let steps = [
            (-10, FormInput::AddButtons(-10)),
            (-1, FormInput::AddButtons(-1)),
            (1, FormInput::AddButtons(1)),
            (10, FormInput::AddButtons(10)),
        ];
        stepper(line, setup.buttons, &steps);
    });
    setup_row(body, form, Row::Kind, T::RuleTitle.get(lang), |line| {
        for (kind, text) in [(RuleKind::Range, T::FreeRange), (RuleKind::Set, T::FreeSet)] {
            let chosen = setup.kind == kind;
            let style = if chosen { ButtonKind::Primary } else { ButtonKind::Secondary };
            line.spawn(widgets::sized_button(text.get(lang), style, 240.0, 20.0))
                .observe(send(FormInput::Kind(kind)));
        }
    });
    match setup.kind {
        RuleKind::Range => {
            setup_row(body, form, Row::Min, T::FreeMin.get(lang), |line| {
                stepper(line, setup.min, &[(-1, FormInput::AddMin(-1)), (1, FormInput::AddMin(1))]);
            });
            setup_row(body, form, Row::Max, T::FreeMax.get(lang), |line| {
                stepper(line, setup.max, &[(-1, FormInput::AddMax(-1)), (1, FormInput::AddMax(1))]);
            });
        }
        RuleKind::Set => {
            setup_row(body, form, Row::Counts, T::FreeRule.get(lang), |line| {
                line.spawn(Node {
                    flex_wrap: FlexWrap::Wrap,
                    width: px(800),
                    row_gap: px(6),
                    column_gap: px(6),
                    ..default()
                })
                .with_children(|chips| {
                    for count in 1..=MAX_FREE_PICK {
                        count_chip(chips, form, count);
                    }
                });
            });
        }
    }
    setup_row(body, form, Row::Order, T::FreeOrder.get(lang), |line| {
        for order in [TurnOrder::First, TurnOrder::Second] {
            choice(line, i18n::turn_order(lang, order), setup.order == order, FormInput::Order(order));
        }
    });
    setup_row(body, form, Row::Practice, T::FreePractice.get(lang), |line| {
        choice(line, T::FreeOn.get(lang), setup.practice, FormInput::Practice(true));
        choice(line, T::FreeOff.get(lang), !setup.practice, FormInput::Practice(false));
        line.spawn((widgets::paragraph(T::FreePracticeHelp.get(lang), 16.0, 470.0), Pickable::IGNORE));
    });
    // What Start would play, or why it cannot.
    let picks = setup.picks();
    let (line, ink) = match &picks {
        Ok(picks) => (i18n::free_summary(lang, setup.buttons, picks), palette::INK),
        Err(err) => (i18n::free_error(lang, err), palette::BAD),
    };
    body.spawn(widgets::text(line, 24.0, ink));
    let playable = if picks.is_ok() { ButtonKind::Primary } else { ButtonKind::Disabled };
    let strategy = if picks.is_ok() { ButtonKind::Secondary } else { ButtonKind::Disabled };
    body.spawn(widgets::row(16.0)).with_children(|row| {
        row.spawn(widgets::sized_button(T::Strategy.get(lang), strategy, 200.0, 20.0))
            .observe(send(FreeAction::Strategy));
        row.spawn(widgets::sized_button(T::FreeStart.get(lang), playable, 260.0, 28.0))
            .observe(send(FreeAction::Start));
    });
}

/// A count of the set rule: chosen ones lit, the keyboard cursor outlined.
fn count_chip(chips: &mut ChildSpawnerCommands, form: &Form, count: u32) {
    let chosen = form.setup.counts.contains(&count);
    let kind = if chosen { ButtonKind::Primary } else { ButtonKind::Secondary };
    let cursor = form.row == Row::Counts && form.count_cursor == count;
    chips
        .spawn((
            widgets::small_button(count.to_string(), kind, 58.0),
            Outline {
                width: px(3),
                offset: px(2),
                color: if cursor { palette::CURSOR } else { Color::NONE },
            },
        ))
        .observe(send(FormInput::ToggleCount(count)));
}

/// What a key does on the free-play setup.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum SetupKey {
    Edit(FormInput),
    /// ← or →: by 1, or by 10 with Shift held.
    Step {
        right: bool,
    },
    Start,
    Strategy,
    Back,
}

const KEYS: Keymap<SetupKey> = Keymap(&[
    Binding::press(&[KeyCode::ArrowUp], SetupKey::Edit(FormInput::Up), "上下：項目", "Up/Down: row"),
    Binding::unshown(&[KeyCode::ArrowDown], SetupKey::Edit(FormInput::Down)),
    Binding::press(
        &[KeyCode::ArrowLeft],
        SetupKey::Step { right: false },
        "左右：かえる（Shift：10ずつ）",
        "Left/Right: change (Shift: by 10)",
    ),
    Binding::unshown(&[KeyCode::ArrowRight], SetupKey::Step { right: true }),
    Binding::unshown(&[KeyCode::PageDown], SetupKey::Edit(FormInput::Left { big: true })),
    Binding::unshown(&[KeyCode::PageUp], SetupKey::Edit(FormInput::Right { big: true })),
    Binding::press(
        &[KeyCode::Digit0, KeyCode::Numpad0],
        SetupKey::Edit(FormInput::Digit(0)),
        "数字：入力",
        "Digits: type",
    ),
    Binding::unshown(&[KeyCode::Digit1, KeyCode::Numpad1], SetupKey::Edit(FormInput::Digit(1))),
    Binding::unshown(&[KeyCode::Digit2, KeyCode::Numpad2], SetupKey::Edit(FormInput::Digit(2))),
    Binding::unshown(&[KeyCode::Digit3, KeyCode::Numpad3], SetupKey::Edit(FormInput::Digit(3))),
    Binding::unshown(&[KeyCode::Digit4, KeyCode::Numpad4], SetupKey::Edit(FormInput::Digit(4))),
    Binding::unshown(&[KeyCode::Digit5, KeyCode::Numpad5], SetupKey::Edit(FormInput::Digit(5))),
    Binding::unshown(&[KeyCode::Digit6, KeyCode::Numpad6], SetupKey::Edit(FormInput::Digit(6))),
    Binding::unshown(&[KeyCode::Digit7, KeyCode::Numpad7], SetupKey::Edit(FormInput::Digit(7))),
    Binding::unshown(&[KeyCode::Digit8, KeyCode::Numpad8], SetupKey::Edit(FormInput::Digit(8))),
    Binding::unshown(&[KeyCode::Digit9, KeyCode::Numpad9], SetupKey::Edit(FormInput::Digit(9))),
    Binding::press(&[KeyCode::Space], SetupKey::Edit(FormInput::Toggle), "スペース：えらぶ", "Space: toggle"),
    Binding::press(
        &[KeyCode::Enter, KeyCode::NumpadEnter],
        SetupKey::Start,
        "Enter：はじめる",
        "Enter: start",
    ),
    Binding::press(&[KeyCode::KeyS], SetupKey::Strategy, "S：必勝法", "S: strategy"),
    Binding::press(&[KeyCode::Escape], SetupKey::Back, "Esc：もどる", "Esc: back"),
]);

fn keyboard(
    keys: Keys,
    mut input: MessageWriter<FormInput>,
    mut actions: MessageWriter<FreeAction>,
    mut go: MessageWriter<Go>,
) {
    let big = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    for key in keys.actions(KEYS) {
        match key {
            SetupKey::Edit(edit) => {
                input.write(edit);
            }
            SetupKey::Step { right: false } => {
                input.write(FormInput::Left { big });
            }
            SetupKey::Step { right: true } => {
                input.write(FormInput::Right { big });
            }
            SetupKey::Start => {
                actions.write(FreeAction::Start);
            }
            SetupKey::Strategy => {
                actions.write(FreeAction::Strategy);
            }
            SetupKey::Back => {
                go.write(Go(Screen::Menu));
            }
        }
    }
}

fn apply_input(mut inputs: MessageReader<FormInput>, form: Option<ResMut<Form>>) {
    let Some(mut form) = form else { return };
    for input in inputs.read() {
        form.apply(*input);
    }
}

fn act(
    mut actions: MessageReader<FreeAction>,
    mut commands: Commands,
    form: Option<Res<Form>>,
    mut data: ResMut<SaveData>,
    mut seeds: ResMut<super::MatchSeeds>,
    mut go: MessageWriter<Go>,
) {
    let Some(form) = form else { return };
    for action in actions.read() {
        let Ok(stage) = form.setup.stage() else { continue };
        match action {
            FreeAction::Start => {
                start(&mut commands, &form.setup, seeds.take());
                if data.save.settings.free_play.as_ref() != Some(&form.setup) {
                    data.save.settings.free_play = Some(form.setup.clone());
                    data.store();
                }
                go.write(Go(Screen::Play));
            }
            FreeAction::Strategy => {
                commands.insert_resource(CurrentStage(stage));
                commands.insert_resource(Room::Free(form.setup.clone()));
                commands.insert_resource(StrategyReturn(Screen::FreeSetup));
                go.write(Go(Screen::Strategy));
            }
        }
    }
}

/// The practice hint under the play panel, on the human's turn only.
fn show_practice_hint(
    room: Res<Room>,
    lang: Res<Lang>,
    table: Option<Res<Table>>,
    mut hints: Query<(&mut Text, &mut TextColor), With<PracticeHint>>,
) {
    let Some(table) = table else { return };
    if !table.is_changed() && !room.is_changed() {
        return;
    }
    // A losing number is bad news (red); a number that can be won, good news (green).
    let (content, ink) = match room.practice_hint(&table) {
        Some(hint) if table.human_to_move() => {
            (i18n::practice_hint(lang.0, &hint), if hint.losing { palette::BAD } else { palette::GOOD })
        }
        _ => (String::new(), palette::GOOD),
    };
    for (mut text, mut colour) in &mut hints {
        if text.0 != content {
            text.0 = content.clone();
        }
        if colour.0 != ink {
            colour.0 = ink;
        }
    }
}

/// The practice hint's place in the play panel (spawned by the play screen in free play only).
/// The height of one line of 18 px text.
pub const LINE_18: f32 = 24.0;

pub fn practice_line(width: f32) -> impl Bundle {
    // A fixed width and three lines' height, so the text wraps where it is measured and the panel
    // below does not move as the hint changes.
    (
        PracticeHint,
        widgets::text("", 18.0, palette::GOOD),
        Node { width: px(width), min_height: px(3.0 * LINE_18), ..default() },
    )
}
