//! Play: select buttons (mouse or keyboard), press them, watch the COM press its own one by one.

use bevy::prelude::*;

use super::free::LINE_18;
use super::room::Room;
use super::state::{CurrentStage, LastMatch, Pace};
use super::table::{ButtonState, Direction, RefusalReason, Table};
use super::{free, sea};
use crate::app::events::{GameEvent, Redraw};
use crate::app::i18n::{self, Lang, T};
use crate::app::keymap::{Binding, Keymap, Keys};
use crate::app::open::Open;
use crate::app::storage::{SaveData, StageLadder};
use crate::app::theme::palette;
use crate::app::theme::widgets::{self, ButtonKind, send};
use crate::app::{Go, Screen};
use crate::pokopoko::{Side, TurnOrder};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<PlayInput>()
        .init_resource::<Refusal>()
        .add_systems(OnEnter(Screen::Play), (open_as_asked, start_clock, spawn_play).chain())
        .add_systems(OnExit(Screen::Play), leave_table)
        .add_systems(
            Update,
            (
                keyboard,
                apply_input,
                fade_refusal,
                run_match,
                paint_board,
                sea::repaint,
                update_panel,
                keep_awake_while_com_plays,
            )
                .chain()
                .run_if(in_state(Screen::Play)),
        );
}

/// What the player does on the play screen (from clicks, keys, or tests).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayInput {
    /// Select or unselect a button (index into the stage layout's cells).
    Toggle(usize),
    MoveCursor(Direction),
    ToggleAtCursor,
    ClearSelection,
    Confirm,
    /// Select this many buttons from the coast (the count buttons of a large board, digit keys).
    Choose(u32),
    /// Select this many more (or fewer) than are selected: the nearest count allowed that way.
    ChooseStep(i32),
}

/// The area the board is fitted into, at the design window size.
const BOARD_SIZE: Vec2 = Vec2::new(800.0, 600.0);
const PANEL_WIDTH: f32 = 380.0;
/// The lines of the move list: the newest turns (and "…" for older ones in the first line); a
/// large board's count buttons, or practice mode's hint, take the room of two.
const HISTORY_LINES: usize = 7;
const SEA_HISTORY_LINES: usize = 5;

#[derive(Component, Debug, Clone, Copy)]
struct BoardButton {
    index: usize,
    cell: f32,
}

#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
enum PanelText {
    Turn,
    Remaining,
    Selected,
    Hint,
}

#[derive(Component)]
struct ConfirmButton;

#[derive(Component)]
struct ClearButton;

/// The move list, with room for this many lines.
#[derive(Component)]
struct HistoryList {
    lines: usize,
}

/// The wait before the next thing happens on the COM's side.
#[derive(Resource, Debug)]
struct TurnClock {
    timer: Timer,
    ending: bool,
}

/// `--open stage:N` (the right turn order, so the board shows the human's turn after the COM's
/// opening), `refused:N` (the player first with the most buttons selected, then one more: refused,
/// the refusal held) or `free:RULE@N` (a free game of that rule).
fn open_as_asked(
    mut commands: Commands,
    open: Option<Res<Open>>,
    ladder: Res<StageLadder>,
    mut refusal: ResMut<Refusal>,
) {
    match open.as_deref() {
        Some(Open::Stage(number)) => {
            let Some(stage) = ladder.ladder.stage(*number) else { return };
            commands.insert_resource(Table::new(stage.clone(), stage.right_choice()));
            commands.insert_resource(CurrentStage(stage));
        }
        Some(Open::Refused(number)) => {
            let Some(stage) = ladder.ladder.stage(*number) else { return };
            let mut table = Table::new(stage.clone(), TurnOrder::First);
            let most = table.game().legal_counts().last().copied().unwrap_or(0);
            table.choose(most);
            commands.insert_resource(table);
            *refusal = Refusal::held(RefusalReason::TooMany);
            commands.insert_resource(CurrentStage(stage));
        }
        Some(Open::Free(setup)) => {
            let Some((table, stage, room)) = free::start_resources(setup) else { return };
            commands.insert_resource(table);
            commands.insert_resource(stage);
            commands.insert_resource(room);
        }
        _ => {}
    }
}

fn start_clock(mut commands: Commands, pace: Res<Pace>) {
    commands
        .insert_resource(TurnClock { timer: Timer::new(pace.com_starts, TimerMode::Once), ending: false });
}

/// The match lives only on the play screen: leaving it (Esc, the back button, or the result)
/// takes the table and any refusal with it, so nothing of a match left unfinished can act later.
fn leave_table(mut commands: Commands, mut refusal: ResMut<Refusal>) {
    commands.remove_resource::<Table>();
    refusal.0 = None;
}

fn spawn_play(
    mut commands: Commands,
    lang: Res<Lang>,
    table: Option<Res<Table>>,
    room: Res<Room>,
    images: Option<ResMut<Assets<Image>>>,
) {
    let lang = lang.0;
    let Some(table) = table else { return };
    let stage = table.stage();
    let layout = &stage.layout;
    let cell = (BOARD_SIZE.x / layout.width().max(1) as f32)
        .min(BOARD_SIZE.y / layout.height().max(1) as f32)
        .min(96.0);
    let sea = sea::is_sea(layout);
    // (Headless tests have no image assets: the board is then left empty.)
    let picture =
        images.filter(|_| sea).map(|mut images| images.add(sea::picture(layout, |b| table.state(b))));
    let you_are = match table.game().human_order() {
        TurnOrder::First => T::YouFirst,
        TurnOrder::Second => T::YouSecond,
    };
    commands.spawn(widgets::screen_root(Screen::Play)).with_children(|root| {
        // Top bar: back, stage, pick range.
        widgets::top_bar(
            root,
            T::Back.get(lang),
            room.setup_screen(),
            (
                widgets::row(20.0),
                children![
                    widgets::heading(room.title(lang, stage)),
                    widgets::text(i18n::per_turn(lang, &stage.picks), 26.0, palette::INK_SOFT),
                ],
            ),
        );
        root.spawn(Node { width: percent(100), flex_grow: 1.0, ..widgets::row(24.0) }).with_children(
            |main| {
                // The board, centred in its area.
                main.spawn(Node {
                    width: px(BOARD_SIZE.x + 40.0),
                    height: px(BOARD_SIZE.y + 40.0),
                    justify_content: JustifyContent::Center,
                    align_items: AlignItems::Center,
                    border_radius: BorderRadius::all(px(36)),
                    ..default()
                })
                .with_children(|area| {
                    area.spawn(Node {
                        width: px(cell * layout.width() as f32),
                        height: px(cell * layout.height() as f32),
                        ..default()
                    })
                    .with_children(|board| match &picture {
                        Some(picture) => {
                            board.spawn((
                                sea::SeaPicture(picture.clone()),
                                ImageNode::new(picture.clone()),
                                Node { width: percent(100), height: percent(100), ..default() },
                            ));
                        }
                        None if sea => {}
                        None => {
                            for index in 0..layout.len() {
                                board
                                    .spawn(board_button(index, cell, layout.cells()[index]))
                                    .observe(send(PlayInput::Toggle(index)));
                            }
                        }
                    });
                });
                // The side panel.
                // The side panel keeps its top edge: every part of it has a fixed height.
                let pinned =
                    Node { align_self: AlignSelf::FlexStart, ..widgets::panel_node(px(PANEL_WIDTH)) };
                main.spawn(widgets::panel_from(pinned)).with_children(|panel| {
                    panel.spawn(widgets::label(you_are.get(lang)));
                    panel.spawn((PanelText::Turn, widgets::text("", 34.0, palette::YOU)));
                    panel.spawn(widgets::row(10.0)).with_children(|row| {
                        row.spawn(widgets::text(T::Remaining.get(lang), 24.0, palette::INK_SOFT));
                        row.spawn((PanelText::Remaining, widgets::text("", 64.0, palette::INK)));
                    });
                    panel.spawn((PanelText::Selected, widgets::text("", 22.0, palette::INK)));
                    panel.spawn((
                        PanelText::Hint,
                        widgets::text("", 18.0, palette::INK),
                        Node {
                            max_width: px(PANEL_WIDTH - 60.0),
                            min_height: px(2.0 * LINE_18),
                            ..default()
                        },
                    ));
                    if room.practice_hint(&table).is_some() {
                        panel.spawn(free::practice_line(PANEL_WIDTH - 60.0));
                    }
                    if sea {
                        // Too many buttons to click one by one: choose how many.
                        panel.spawn(widgets::text(T::ChooseCount.get(lang), 18.0, palette::INK_SOFT));
                        panel.spawn(widgets::row(8.0)).with_children(|row| {
                            for (label, input) in count_buttons(stage.picks.counts()) {
                                row.spawn(widgets::small_button(label, ButtonKind::Secondary, 52.0))
                                    .observe(send(input));
                            }
                        });
                    }
                    panel
                        .spawn((
                            ConfirmButton,
                            widgets::sized_button(T::Confirm.get(lang), ButtonKind::Disabled, 260.0, 28.0),
                        ))
                        .observe(send(PlayInput::Confirm));
                    panel
                        .spawn((
                            ClearButton,
                            widgets::sized_button(
                                T::ClearSelection.get(lang),
                                ButtonKind::Secondary,
                                260.0,
                                20.0,
                            ),
                        ))
                        .observe(send(PlayInput::ClearSelection));
                    panel.spawn(widgets::label(T::History.get(lang)));
                    let practice = room.practice_hint(&table).is_some();
                    let lines = if sea || practice { SEA_HISTORY_LINES } else { HISTORY_LINES };
                    panel.spawn((
                        HistoryList { lines },
                        Node { min_height: px(lines as f32 * LINE_18), ..widgets::column(0.0) },
                    ));
                });
            },
        );
        root.spawn(widgets::key_line(KEYS.key_line_where(lang, |key| !sea || !key.needs_cursor())));
    });
}

/// The most counts shown as a button each; a pick set with more is chosen by steps instead
/// (picks 2–1,000 would otherwise draw a thousand buttons across board and panel).
const MOST_COUNT_BUTTONS: usize = 6;

/// The count buttons of a large board: one per count, or, for many counts, the smallest, steps
/// of 10 and 1 down and up from the selection, and the largest.
fn count_buttons(counts: &[u32]) -> Vec<(String, PlayInput)> {
    if counts.len() <= MOST_COUNT_BUTTONS {
        return counts.iter().map(|&count| (count.to_string(), PlayInput::Choose(count))).collect();
    }
    let (Some(&least), Some(&most)) = (counts.first(), counts.last()) else { return Vec::new() };
    vec![
        (least.to_string(), PlayInput::Choose(least)),
        ("-10".to_string(), PlayInput::ChooseStep(-10)),
        ("-1".to_string(), PlayInput::ChooseStep(-1)),
        ("+1".to_string(), PlayInput::ChooseStep(1)),
        ("+10".to_string(), PlayInput::ChooseStep(10)),
        (most.to_string(), PlayInput::Choose(most)),
    ]
}

fn board_button(index: usize, cell: f32, at: crate::pokopoko::Cell) -> impl Bundle {
    let corner = Vec2::new(at.col as f32 * cell + cell * 0.1, at.row as f32 * cell + cell * 0.08);
    (BoardButton { index, cell }, widgets::bubble_button(corner, cell * 0.8, 2.0 + cell * 0.07))
}

/// What a key does on the play screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum PlayKey {
    Input(PlayInput),
    Back,
}

impl PlayKey {
    /// Keys of the keyboard cursor, which a board drawn as one picture has not: such a board is
    /// played by count (digits, Enter), and these keys are ignored and left off its key line.
    fn needs_cursor(&self) -> bool {
        matches!(self, PlayKey::Input(PlayInput::MoveCursor(_) | PlayInput::ToggleAtCursor))
    }
}

const KEYS: Keymap<PlayKey> = Keymap(&[
    Binding::press(
        &[KeyCode::ArrowUp],
        PlayKey::Input(PlayInput::MoveCursor(Direction::Up)),
        "矢印：いどう",
        "Arrows: move",
    ),
    Binding::unshown(&[KeyCode::ArrowDown], PlayKey::Input(PlayInput::MoveCursor(Direction::Down))),
    Binding::unshown(&[KeyCode::ArrowLeft], PlayKey::Input(PlayInput::MoveCursor(Direction::Left))),
    Binding::unshown(&[KeyCode::ArrowRight], PlayKey::Input(PlayInput::MoveCursor(Direction::Right))),
    Binding::press(
        &[KeyCode::Space],
        PlayKey::Input(PlayInput::ToggleAtCursor),
        "スペース：えらぶ",
        "Space: select",
    ),
    Binding::press(
        &[KeyCode::Enter, KeyCode::NumpadEnter],
        PlayKey::Input(PlayInput::Confirm),
        "Enter：押す",
        "Enter: press",
    ),
    Binding::press(
        &[KeyCode::Backspace, KeyCode::Delete],
        PlayKey::Input(PlayInput::ClearSelection),
        "Backspace：えらびなおす",
        "Backspace: clear",
    ),
    Binding::press(
        &[KeyCode::Digit1, KeyCode::Numpad1],
        PlayKey::Input(PlayInput::Choose(1)),
        "1〜9：その数をえらぶ",
        "1-9: choose that many",
    ),
    Binding::unshown(&[KeyCode::Digit2, KeyCode::Numpad2], PlayKey::Input(PlayInput::Choose(2))),
    Binding::unshown(&[KeyCode::Digit3, KeyCode::Numpad3], PlayKey::Input(PlayInput::Choose(3))),
    Binding::unshown(&[KeyCode::Digit4, KeyCode::Numpad4], PlayKey::Input(PlayInput::Choose(4))),
    Binding::unshown(&[KeyCode::Digit5, KeyCode::Numpad5], PlayKey::Input(PlayInput::Choose(5))),
    Binding::unshown(&[KeyCode::Digit6, KeyCode::Numpad6], PlayKey::Input(PlayInput::Choose(6))),
    Binding::unshown(&[KeyCode::Digit7, KeyCode::Numpad7], PlayKey::Input(PlayInput::Choose(7))),
    Binding::unshown(&[KeyCode::Digit8, KeyCode::Numpad8], PlayKey::Input(PlayInput::Choose(8))),
    Binding::unshown(&[KeyCode::Digit9, KeyCode::Numpad9], PlayKey::Input(PlayInput::Choose(9))),
    Binding::press(&[KeyCode::Escape], PlayKey::Back, "Esc：もどる", "Esc: back"),
]);

fn keyboard(
    keys: Keys,
    room: Res<Room>,
    table: Option<Res<Table>>,
    mut refusal: ResMut<Refusal>,
    mut input: MessageWriter<PlayInput>,
    mut go: MessageWriter<Go>,
) {
    let sea = table.as_ref().is_some_and(|table| sea::is_sea(&table.stage().layout));
    for key in keys.actions(KEYS) {
        if sea && key.needs_cursor() {
            continue;
        }
        match key {
            PlayKey::Input(action) => {
                input.write(action);
            }
            PlayKey::Back => {
                // A match the player has pressed in is left only on a second Esc while the
                // notice shows (before the player's first press there is nothing to lose).
                let under_way = table.as_ref().is_some_and(|t| {
                    !t.is_over() && t.game().history().iter().any(|turn| turn.side == Side::Human)
                });
                if under_way && refusal.reason() != Some(RefusalReason::LeaveAgain) {
                    // The question stays until the player answers it (Esc) or does anything else.
                    *refusal = Refusal::held(RefusalReason::LeaveAgain);
                } else {
                    go.write(Go(room.setup_screen()));
                }
            }
        }
    }
}

/// How long a refusal stays on the panel.
const REFUSAL_SECONDS: f32 = 2.5;

/// The last refusal and the time it has left on screen.
#[derive(Resource, Debug, Default)]
pub struct Refusal(pub Option<(RefusalReason, Timer)>);

impl Refusal {
    pub fn reason(&self) -> Option<RefusalReason> {
        self.0.as_ref().map(|(reason, _)| *reason)
    }

    fn show(&mut self, reason: RefusalReason) {
        self.0 = Some((reason, Timer::from_seconds(REFUSAL_SECONDS, TimerMode::Once)));
    }

    /// A refusal that stays on screen until the next input (`--open refused:N`, for a picture).
    pub fn held(reason: RefusalReason) -> Self {
        let mut timer = Timer::from_seconds(REFUSAL_SECONDS, TimerMode::Once);
        timer.pause();
        Self(Some((reason, timer)))
    }
}

/// Why selecting `button` was refused.
fn toggle_refusal(table: &Table, button: usize) -> RefusalReason {
    if !table.human_to_move() {
        RefusalReason::NotYourTurn
    } else if table.is_forced() {
        RefusalReason::Forced
    } else if table.state(button) != ButtonState::Up && table.state(button) != ButtonState::Selected {
        RefusalReason::AlreadyPressed
    } else {
        RefusalReason::TooMany
    }
}

fn apply_input(
    mut inputs: MessageReader<PlayInput>,
    table: Option<ResMut<Table>>,
    mut refusal: ResMut<Refusal>,
    mut events: MessageWriter<GameEvent>,
) {
    let Some(mut table) = table else { return };
    for input in inputs.read() {
        // Any other input answers the question before leaving: the player stays.
        if refusal.reason() == Some(RefusalReason::LeaveAgain) {
            refusal.0 = None;
        }
        let refused = match *input {
            PlayInput::Toggle(button) => {
                table.cursor = button;
                (!table.toggle(button)).then(|| toggle_refusal(&table, button))
            }
            PlayInput::MoveCursor(direction) => {
                table.move_cursor(direction);
                None
            }
            PlayInput::ToggleAtCursor => {
                let cursor = table.cursor;
                (!table.toggle(cursor)).then(|| toggle_refusal(&table, cursor))
            }
            PlayInput::ClearSelection => {
                table.clear_selection();
                None
            }
            PlayInput::ChooseStep(step) => {
                let selected = table.selected().len() as u32;
                let counts = table.game().legal_counts();
                let target = selected.saturating_add_signed(step);
                // The nearest count allowed in the step's direction, else the last one that way.
                let chosen = if step >= 0 {
                    counts.iter().copied().find(|&c| c >= target).or(counts.last().copied())
                } else {
                    counts.iter().rev().copied().find(|&c| c <= target).or(counts.first().copied())
                };
                match chosen {
                    Some(count) if table.choose(count) => None,
                    _ if !table.human_to_move() => Some(RefusalReason::NotYourTurn),
                    _ => Some(RefusalReason::Forced),
                }
            }
            PlayInput::Choose(count) => {
                let most = table.game().legal_counts().last().copied().unwrap_or(0);
                match table.choose(count) {
                    true => None,
                    false if !table.human_to_move() => Some(RefusalReason::NotYourTurn),
                    false if table.is_forced() => Some(RefusalReason::Forced),
                    false if count > table.game().remaining() => {
                        Some(RefusalReason::OnlyLeft(table.game().remaining()))
                    }
                    false if count > most => Some(RefusalReason::TooMany),
                    false => Some(RefusalReason::NotAllowed(count)),
                }
            }
            PlayInput::Confirm => {
                let count = table.selected().len() as u32;
                let to_move = table.human_to_move();
                match table.confirm() {
                    Ok(turn) => {
                        refusal.0 = None;
                        events.write(GameEvent::Pressed { buttons: turn.count });
                        None
                    }
                    Err(_) if !to_move => Some(RefusalReason::NotYourTurn),
                    Err(_) if count == 0 => Some(RefusalReason::NothingSelected),
                    Err(_) => Some(RefusalReason::NotAllowed(count)),
                }
            }
        };
        if let Some(reason) = refused {
            refusal.show(reason);
            events.write(GameEvent::Refused);
        }
    }
}

/// A refusal fades after a moment; until then the screen keeps drawing.
fn fade_refusal(time: Res<Time>, mut refusal: ResMut<Refusal>, mut events: MessageWriter<Redraw>) {
    let Some((_, timer)) = refusal.bypass_change_detection().0.as_mut() else { return };
    if timer.is_paused() {
        return;
    }
    timer.tick(time.delta());
    if timer.is_finished() {
        refusal.0 = None;
    } else {
        events.write(Redraw);
    }
}

/// The COM's turn and the end of the match, paced so the player can follow.
#[allow(clippy::too_many_arguments)] // a Bevy system: each argument is one resource it touches
fn run_match(
    time: Res<Time>,
    pace: Res<Pace>,
    mut clock: ResMut<TurnClock>,
    table: Option<ResMut<Table>>,
    room: Res<Room>,
    mut data: ResMut<SaveData>,
    mut commands: Commands,
    mut go: MessageWriter<Go>,
    mut events: MessageWriter<GameEvent>,
) {
    let Some(mut table) = table else { return };
    if table.is_showing_com() {
        clock.timer.tick(time.delta());
        if clock.timer.is_finished() {
            if table.show_next_com_press().is_some() {
                events.write(GameEvent::ComPressed);
            }
            clock.timer = Timer::new(pace.com_press, TimerMode::Once);
        }
    } else if table.game().to_move() == Some(Side::Com) {
        table.start_com_turn();
        clock.timer = Timer::new(pace.com_starts, TimerMode::Once);
    } else if table.is_over() {
        if !clock.ending {
            clock.ending = true;
            clock.timer = Timer::new(pace.result_after, TimerMode::Once);
        }
        clock.timer.tick(time.delta());
        if clock.timer.is_finished() {
            let last = LastMatch::new(table.clone());
            if room.records_ladder() {
                let right_choice = table.game().human_order() == table.stage().right_choice();
                data.save.progress.record_match(table.stage().number, last.won(), right_choice);
                data.store();
            }
            events.write(GameEvent::Ended { won: last.won() });
            commands.insert_resource(last);
            commands.remove_resource::<Table>();
            go.write(Go(Screen::Result));
        }
    }
}

/// The COM's presses are shown one by one on a timer, and the result follows a moment after the
/// last press: the window keeps drawing until the human may move again or the result shows.
fn keep_awake_while_com_plays(table: Option<Res<Table>>, mut events: MessageWriter<Redraw>) {
    let Some(table) = table else { return };
    if !table.human_to_move() {
        events.write(Redraw);
    }
}

fn paint_board(
    table: Option<Res<Table>>,
    mut buttons: Query<(
        &BoardButton,
        &Interaction,
        &mut BackgroundColor,
        &mut BorderColor,
        &mut Node,
        &mut Outline,
    )>,
    changed: Query<(), (With<BoardButton>, Changed<Interaction>)>,
) {
    let Some(table) = table else { return };
    if !table.is_changed() && changed.is_empty() {
        return;
    }
    let human = table.human_to_move();
    for (button, interaction, mut background, mut border, mut node, mut outline) in &mut buttons {
        let hovered = human && *interaction != Interaction::None;
        let state = table.state(button.index);
        let (face, edge, lift) = match state {
            ButtonState::Up if hovered => (palette::BUBBLE_HOVER, palette::BUBBLE_EDGE, 0.08),
            ButtonState::Up => (palette::BUBBLE, palette::BUBBLE_EDGE, 0.07),
            ButtonState::Selected => (palette::BUBBLE_SELECTED, palette::BUBBLE_SELECTED_EDGE, 0.035),
            ButtonState::Pressed(Side::Human) => (palette::PRESSED_BY_YOU, palette::PRESSED_HOLE, 0.0),
            ButtonState::Pressed(Side::Com) => (palette::PRESSED_BY_COM, palette::PRESSED_HOLE, 0.0),
        };
        let lift = lift * button.cell;
        let sunk = 0.07 * button.cell - lift;
        let cell = table.stage().layout.cells()[button.index];
        // Pressed buttons sit lower, flat on the board, a little smaller.
        let shrink = if matches!(state, ButtonState::Pressed(_)) { 0.06 * button.cell } else { 0.0 };
        set_if_changed(&mut background.0, face);
        let wanted_border = BorderColor::all(edge);
        if *border != wanted_border {
            *border = wanted_border;
        }
        let top = px(cell.row as f32 * button.cell + button.cell * 0.08 + sunk + shrink / 2.0);
        let left = px(cell.col as f32 * button.cell + button.cell * 0.1 + shrink / 2.0);
        let size = px(button.cell * 0.8 - shrink);
        // The thick lower border is the raised edge of a round button (a crescent underneath).
        let rim = UiRect { bottom: px(2.0 + lift), ..UiRect::all(px(2)) };
        if node.top != top || node.left != left || node.width != size || node.border != rim {
            node.border = rim;
            node.top = top;
            node.left = left;
            node.width = size;
            node.height = size;
        }
        let focus = if human && table.cursor == button.index { palette::CURSOR } else { Color::NONE };
        set_if_changed(&mut outline.color, focus);
    }
}

fn set_if_changed(slot: &mut Color, colour: Color) {
    if *slot != colour {
        *slot = colour;
    }
}

#[allow(clippy::type_complexity, clippy::too_many_arguments)] // a Bevy system: one argument per thing it shows
fn update_panel(
    mut commands: Commands,
    lang: Res<Lang>,
    table: Option<Res<Table>>,
    mut texts: Query<(&PanelText, &mut Text, &mut TextColor)>,
    mut confirm: Query<&mut ButtonKind, (With<ConfirmButton>, Without<ClearButton>)>,
    mut clear: Query<&mut ButtonKind, (With<ClearButton>, Without<ConfirmButton>)>,
    history: Query<(Entity, &HistoryList)>,
    refusal: Res<Refusal>,
) {
    let Some(table) = table else { return };
    if !table.is_changed() && !refusal.is_changed() {
        return;
    }
    let refused = refusal.reason();
    let lang = lang.0;
    let game = table.game();
    let human = table.human_to_move();
    for (which, mut text, mut colour) in &mut texts {
        let (content, ink) = match which {
            PanelText::Turn => match (game.to_move(), human) {
                (None, _) if !table.is_showing_com() => (String::new(), palette::INK),
                (_, true) => (T::YourTurn.get(lang).to_string(), palette::YOU),
                _ => (T::ComTurn.get(lang).to_string(), palette::COM),
            },
            PanelText::Remaining => (table.shown_remaining().to_string(), palette::INK),
            PanelText::Selected => {
                // The count is red when a selection or a press was refused (not for the
                // question before leaving).
                let ink = if refused.is_some_and(|r| r != RefusalReason::LeaveAgain) {
                    palette::BAD
                } else if table.can_confirm() {
                    palette::GOOD
                } else {
                    palette::INK
                };
                (i18n::selected(lang, table.selected().len(), game.picks()), ink)
            }
            PanelText::Hint => {
                if let Some(reason) = refused {
                    (i18n::refusal(lang, reason, game.picks()), palette::BAD)
                } else if table.is_forced() {
                    (i18n::forced(lang, game.remaining(), game.picks().min()), palette::BAD)
                } else if table.is_showing_com() || game.to_move() == Some(Side::Com) {
                    (T::ComThinking.get(lang).to_string(), palette::COM)
                } else {
                    (String::new(), palette::INK)
                }
            }
        };
        if text.0 != content {
            text.0 = content;
        }
        set_if_changed(&mut colour.0, ink);
    }
    let confirm_kind = if table.can_confirm() { ButtonKind::Primary } else { ButtonKind::Disabled };
    for mut kind in &mut confirm {
        if *kind != confirm_kind {
            *kind = confirm_kind;
        }
    }
    let clear_kind = if human && !table.is_forced() && !table.selected().is_empty() {
        ButtonKind::Secondary
    } else {
        ButtonKind::Disabled
    };
    for mut kind in &mut clear {
        if *kind != clear_kind {
            *kind = clear_kind;
        }
    }
    // The history, newest last; a turn counts once all of its presses are shown.
    let shown_turns = game.history().len() - usize::from(table.is_showing_com());
    for (list, &HistoryList { lines }) in &history {
        commands.entity(list).despawn_children().with_children(|list| {
            let turns = &game.history()[..shown_turns];
            if turns.is_empty() {
                list.spawn(widgets::text(T::NoMovesYet.get(lang), 18.0, palette::INK_SOFT));
            }
            // A fixed number of lines: the newest turns, and "…" for the older ones.
            let hidden = if turns.len() > lines { turns.len() + 1 - lines } else { 0 };
            if hidden > 0 {
                list.spawn(widgets::text(i18n::earlier_turns(lang, hidden), 18.0, palette::INK_SOFT));
            }
            for turn in &turns[hidden..] {
                let com = turn.side == Side::Com;
                let ink = if com { palette::COM } else { palette::YOU };
                list.spawn(widgets::text(
                    i18n::turn_line(lang, com, turn.count, turn.remaining_after()),
                    18.0,
                    ink,
                ));
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_few_counts_get_a_button_each_and_many_get_steps() {
        let inputs =
            |counts: &[u32]| count_buttons(counts).into_iter().map(|(_, input)| input).collect::<Vec<_>>();
        assert_eq!(inputs(&[2, 3, 4]), [PlayInput::Choose(2), PlayInput::Choose(3), PlayInput::Choose(4)]);
        let many: Vec<u32> = (2..=1_000).collect();
        assert_eq!(
            inputs(&many),
            [
                PlayInput::Choose(2),
                PlayInput::ChooseStep(-10),
                PlayInput::ChooseStep(-1),
                PlayInput::ChooseStep(1),
                PlayInput::ChooseStep(10),
                PlayInput::Choose(1_000),
            ]
        );
    }
}
