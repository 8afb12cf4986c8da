//! The Snaky primer ("How to play"): five short steps on small boards, each passed by doing it,
//! and six more with the player as Maker ("How Maker wins": a threat, the row of five's double
//! threat, the open four, a threat first, the crossing, the opening), reached from the primer (L,
//! as on the Maker screen; M mutes everywhere) and from Snaky as Maker. The boards play with the
//! mouse or with the keyboard: the arrows move a cursor, Space claims (PgUp/PgDn turn the steps).
//!
//! The rules of each step live in [`super::lesson`] (plain Rust, the engine decides every Snaky);
//! this screen draws the [`Primer`]'s lesson, turns clicks and keys into [`LearnInput`]s, and
//! keeps the steps passed in the save ([`crate::save::SnakyPrimer`]).
//!
//! The first visit: the menu's Snaky entry opens the primer instead of the Snaky screen while the
//! save says the primer was never opened ([`snaky_or_primer`]). Opening the primer, by any way,
//! notes it in the save, so after it, or after leaving it at once, Snaky opens as usual.

use bevy::prelude::*;

use super::lesson::{self, BOARD, Feedback, Lesson, Status, Step, Track};
use crate::app::i18n::Lang;
use crate::app::i18n::learn::{self as text, L};
use crate::app::keymap::{Binding, Keymap, Keys, wrap_parts};
use crate::app::open::Open;
use crate::app::screens::LearnReturn;
use crate::app::storage::SaveData;
use crate::app::theme::palette;
use crate::app::theme::widgets::{self, ButtonKind, send};
use crate::app::{Go, Screen};
use crate::save::{Language, SnakyPrimer};
use crate::snaky::{Cell, Maker};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<LearnInput>()
        .add_systems(OnEnter(Screen::SnakyLearn), (open_as_asked, open_primer).chain())
        .add_systems(OnExit(Screen::SnakyLearn), |mut commands: Commands| {
            commands.remove_resource::<LearnReturn>();
        })
        .add_systems(
            Update,
            (keyboard, apply_input, redraw, hover_cells).chain().run_if(in_state(Screen::SnakyLearn)),
        );
}

/// Where the menu's Snaky entry goes: the primer on the first visit (never opened), else Snaky.
pub fn snaky_or_primer(primer: &SnakyPrimer) -> Screen {
    if primer.opened { Screen::Snaky } else { Screen::SnakyLearn }
}

/// The step to open on (from `--open snaky-learn:N`); otherwise the first step not yet passed.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct LearnStart(pub Step);

/// The lesson on screen.
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub struct Primer {
    pub lesson: Lesson,
    /// The step last shown on the other track: switching back opens it (newcomer #33 was sent to
    /// step 1).
    pub left_on_other_track: Option<Step>,
    /// The board's keyboard cursor: the cell Space claims, moved by the arrows and by a click.
    pub cursor: Cell,
    /// The keys are in use (an arrow or Space since the pointer last moved): the cursor is drawn,
    /// and the cell under a still pointer is not tinted (newcomer #47 read that tint, left behind,
    /// as a hint, and the cursor, drawn for a mouse player, as a stray mark).
    pub keys_in_charge: bool,
}

/// The middle of the board, where the cursor starts (on the free cell nearest it).
pub const BOARD_MIDDLE: Cell = Cell::new(BOARD / 2, BOARD / 2);

/// The free cell nearest the board's middle (the first in the board's order on a tie): the
/// cursor's start on a new board (newcomer #47 found it on a stone).
pub fn cursor_start(lesson: &Lesson) -> Cell {
    let far = |c: &Cell| (c.x - BOARD_MIDDLE.x).abs() + (c.y - BOARD_MIDDLE.y).abs();
    lesson::board_cells().filter(|&c| lesson.is_free(c)).min_by_key(far).unwrap_or(BOARD_MIDDLE)
}

impl Primer {
    fn new(step: Step) -> Self {
        let lesson = Lesson::new(step);
        let cursor = cursor_start(&lesson);
        Self { lesson, left_on_other_track: None, cursor, keys_in_charge: false }
    }

    /// Opens `step` from its start, the cursor on the free cell nearest the middle.
    fn show(&mut self, step: Step) {
        self.lesson = Lesson::new(step);
        self.cursor = cursor_start(&self.lesson);
    }

    /// Moves the cursor one cell, staying on the board.
    fn move_cursor(&mut self, x: i32, y: i32) {
        let keep = |v: i32| v.clamp(0, BOARD - 1);
        self.cursor = Cell::new(keep(self.cursor.x + x), keep(self.cursor.y + y));
    }
}

/// What the primer's clicks and keys ask for.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum LearnInput {
    /// A click on a cell of the board.
    Claim(Cell),
    /// An arrow: the board cursor one cell that way (x to the right, y up).
    Cursor {
        x: i32,
        y: i32,
    },
    /// Space: a claim of the cursor's cell.
    ClaimCursor,
    /// Open this step (again, from its start).
    Show(Step),
    /// Open the step numbered so (from 1) of the steps on screen (the digit keys).
    Nth(u8),
    /// Open the first step of a track: the Maker steps (L) or the primer's (B).
    Track(Track),
    Next,
    Previous,
    Retry,
    /// Enter: the next step, or Snaky from the last one.
    Confirm,
    /// Passes the last step and opens the Snaky screen.
    PlaySnaky,
    /// Passes the last step and opens Snaky as Maker.
    PlayAsMaker,
    Back,
}

/// A cell of the lesson board (a button).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct LearnCell(pub Cell);

/// The board's keyboard cursor, on [`Primer::cursor`].
#[derive(Component, Debug)]
pub struct LearnCursor;

/// The face of a cell when the pointer is not over it.
#[derive(Component, Debug, Clone, Copy)]
struct CellFace(Color);

/// The part of the screen rebuilt when the lesson changes.
#[derive(Component, Debug)]
struct LearnContent;

/// Pixels per cell of the lesson board, and of the orientation pictures.
const CELL_PX: f32 = 50.0;
const MINI_CELL_PX: f32 = 12.0;
const GRID_PX: f32 = 2.0;
const CURSOR_BORDER_PX: f32 = 4.0;
/// The key line's width in em of its 16 px text (the screen's 1280 design pixels, less margins).
const KEY_LINE_EM: f32 = 74.0;
/// The text column's width.
const TEXT_WIDTH: f32 = 600.0;
/// The height of the row with the board and the text, the same for every step.
const MAIN_HEIGHT: f32 = 500.0;
/// The room kept for the feedback (two lines), so the buttons under it stay put.
const FEEDBACK_HEIGHT: f32 = 70.0;
/// The step buttons' width, wider than any of their labels: the row stays put as stars fill in
/// (issue 33, newcomer #15). The count of steps passed is on the status line, so six steps and
/// the track's switch fit in a row at 1280 wide.
const STEP_BUTTON_PX: f32 = 150.0;
/// The button that switches between the primer's steps and the Maker steps.
const SWITCH_BUTTON_PX: f32 = 210.0;
/// Step 5's stones of the par track, per row.
const PAR_ROW: u32 = 7;

/// The arrows move the board's cursor and Space claims, as on the game boards; the steps turn
/// with PageUp/PageDown and the digits.
const KEYS: Keymap<LearnInput> = Keymap(&[
    Binding::press(
        &[KeyCode::ArrowUp],
        LearnInput::Cursor { x: 0, y: 1 },
        "矢印：カーソル",
        "Arrows: cursor",
    ),
    Binding::unshown(&[KeyCode::ArrowDown], LearnInput::Cursor { x: 0, y: -1 }),
    Binding::unshown(&[KeyCode::ArrowLeft], LearnInput::Cursor { x: -1, y: 0 }),
    Binding::unshown(&[KeyCode::ArrowRight], LearnInput::Cursor { x: 1, y: 0 }),
    Binding::press(&[KeyCode::Space], LearnInput::ClaimCursor, "Space：打つ", "Space: claim"),
    Binding::press(
        &[KeyCode::PageUp],
        LearnInput::Previous,
        "PgUp／PgDn：前／次のステップ",
        "PgUp/PgDn: previous/next step",
    ),
    Binding::unshown(&[KeyCode::PageDown], LearnInput::Next),
    Binding::press(
        &[KeyCode::Digit1, KeyCode::Numpad1],
        LearnInput::Nth(1),
        "数字：ステップ",
        "digits: a step",
    ),
    Binding::unshown(&[KeyCode::Digit2, KeyCode::Numpad2], LearnInput::Nth(2)),
    Binding::unshown(&[KeyCode::Digit3, KeyCode::Numpad3], LearnInput::Nth(3)),
    Binding::unshown(&[KeyCode::Digit4, KeyCode::Numpad4], LearnInput::Nth(4)),
    Binding::unshown(&[KeyCode::Digit5, KeyCode::Numpad5], LearnInput::Nth(5)),
    Binding::unshown(&[KeyCode::Digit6, KeyCode::Numpad6], LearnInput::Nth(6)),
    Binding::press(
        &[KeyCode::KeyL],
        LearnInput::Track(Track::Maker),
        "L／B：作り手の勝ち方／壊し手",
        "L/B: how Maker wins/Breaker's steps",
    ),
    Binding::unshown(&[KeyCode::KeyB], LearnInput::Track(Track::Breaker)),
    Binding::press(&[KeyCode::KeyR], LearnInput::Retry, "R：もういちど", "R: try again"),
    Binding::press(&[KeyCode::KeyX], LearnInput::PlayAsMaker, "X：作り手であそぶ", "X: play as Maker"),
    Binding::press(
        &[KeyCode::Enter, KeyCode::NumpadEnter],
        LearnInput::Confirm,
        "Enter：つぎへ",
        "Enter: next",
    ),
    Binding::press(&[KeyCode::Escape, KeyCode::Backspace], LearnInput::Back, "Esc：もどる", "Esc: back"),
]);

/// `--open snaky-learn:N`: the primer on step N.
fn open_as_asked(mut commands: Commands, open: Option<Res<Open>>) {
    if let Some(Open::SnakyLearn(step)) = open.as_deref() {
        commands.insert_resource(LearnStart(*step));
    }
}

/// Opens on the asked step, or the first not yet passed, and notes in the save that the primer
/// has been seen.
fn open_primer(
    mut commands: Commands,
    start: Option<Res<LearnStart>>,
    back_to: Option<Res<LearnReturn>>,
    mut data: ResMut<SaveData>,
    lang: Res<Lang>,
) {
    let primer = &mut data.save.settings.snaky_primer;
    let first_open = Step::ALL.into_iter().find(|s| !primer.passed.contains(&s.number()));
    let step = start.map(|s| s.0).or(first_open).unwrap_or(Step::Shape);
    commands.remove_resource::<LearnStart>();
    if !primer.opened {
        primer.opened = true;
        data.store();
    }
    commands.insert_resource(Primer::new(step));
    let lang = lang.0;
    commands.spawn(widgets::screen_root_spaced(Screen::SnakyLearn, 12.0, 20.0)).with_children(|root| {
        // Every step's rows have the same height, so nothing moves from step to step.
        widgets::top_bar(
            root,
            crate::app::i18n::T::Back.get(lang),
            back_to.as_deref().map_or(Screen::Menu, |back| back.0),
            widgets::heading(L::Title.get(lang)),
        );
        root.spawn((LearnContent, widgets::column(12.0)));
        // Broken only between bindings: Japanese may otherwise wrap inside one ("Enter：つぎ|へ").
        root.spawn(widgets::key_line(wrap_parts(&KEYS.key_parts(lang, |_| true), lang, KEY_LINE_EM)));
    });
}

fn keyboard(keys: Keys, mut inputs: MessageWriter<LearnInput>) {
    inputs.write_batch(keys.actions(KEYS));
}

fn apply_input(
    mut inputs: MessageReader<LearnInput>,
    primer: Option<ResMut<Primer>>,
    cells: Query<(&Interaction, &LearnCell)>,
    mut data: ResMut<SaveData>,
    back_to: Option<Res<LearnReturn>>,
    mut go: MessageWriter<Go>,
) {
    let Some(mut primer) = primer else { return };
    // The cell under the pointer, brightened for a mouse player.
    let hovered = cells.iter().find(|(i, _)| matches!(i, Interaction::Hovered)).map(|(_, c)| c.0);
    for input in inputs.read() {
        let step = primer.lesson.step;
        let show = |primer: &mut Primer, step: Step| primer.show(step);
        // Space claims the cursor's cell once the cursor is on screen; while it is not, the
        // brightened cell under the pointer (newcomers #56 and #57 pressed Space over it and saw
        // nothing happen), or else it shows the cursor, so no unseen cell is ever claimed.
        let input = match *input {
            LearnInput::ClaimCursor if primer.keys_in_charge => LearnInput::Claim(primer.cursor),
            LearnInput::ClaimCursor => hovered.map_or(LearnInput::ClaimCursor, LearnInput::Claim),
            input => input,
        };
        match input {
            LearnInput::Cursor { x, y } => {
                // The first arrow starts from the brightened cell under the pointer, where the
                // player's eye is (newcomer #58 pressed Right and Down from it and claimed a
                // taken cell from the middle).
                if let Some(cell) = hovered.filter(|_| !primer.keys_in_charge) {
                    primer.cursor = cell;
                }
                primer.move_cursor(x, y);
                primer.keys_in_charge = true;
            }
            LearnInput::ClaimCursor => primer.keys_in_charge = true,
            LearnInput::Claim(cell) => {
                // The cursor follows a click, so the keys go on from there.
                primer.cursor = cell;
                let board = primer.lesson.board;
                let was = primer.lesson.status;
                if primer.lesson.click(cell)
                    && was != Status::Passed
                    && primer.lesson.status == Status::Passed
                {
                    pass(&mut data, step);
                }
                // A new opening board starts the cursor afresh, as a new step does.
                if primer.lesson.board != board {
                    primer.cursor = cursor_start(&primer.lesson);
                }
            }
            LearnInput::Show(step) => show(&mut primer, step),
            LearnInput::Nth(number) => {
                if let Some(step) = Step::nth(step.track(), number) {
                    show(&mut primer, step);
                }
            }
            // The key of the track on screen does nothing (newcomer #32 lost their step to M).
            LearnInput::Track(track) if track != step.track() => {
                let back = primer.left_on_other_track.filter(|s| s.track() == track);
                primer.left_on_other_track = Some(step);
                show(&mut primer, back.unwrap_or(Step::steps(track)[0]));
            }
            LearnInput::Track(_) => {}
            LearnInput::Retry => show(&mut primer, step),
            LearnInput::Next => {
                if let Some(next) = step.next() {
                    show(&mut primer, next);
                }
            }
            LearnInput::Previous => {
                if let Some(previous) = step.previous() {
                    show(&mut primer, previous);
                }
            }
            LearnInput::Confirm => {
                // On a played opening board Enter brings the next board, as a click does.
                if primer.lesson.next_board() {
                    primer.cursor = cursor_start(&primer.lesson);
                    continue;
                }
                match (step.next(), step.track()) {
                    (Some(next), _) => show(&mut primer, next),
                    (None, Track::Breaker) => play_snaky(&mut data, &mut go),
                    (None, Track::Maker) => {
                        go.write(Go(Screen::SnakyMaker));
                    }
                }
            }
            LearnInput::PlaySnaky => play_snaky(&mut data, &mut go),
            LearnInput::PlayAsMaker => {
                // From the last step it is that step's way out, as Play Snaky is.
                if step == Step::Goal {
                    pass(&mut data, Step::Goal);
                }
                go.write(Go(Screen::SnakyMaker));
            }
            LearnInput::Back => {
                go.write(Go(back_to.as_deref().map_or(Screen::Menu, |back| back.0)));
            }
        }
    }
}

/// Notes a step passed in the save, a Maker step as one too.
fn pass(data: &mut SaveData, step: Step) {
    if !is_passed(&data.save.settings.snaky_primer, step) {
        let primer = &mut data.save.settings.snaky_primer;
        match step.track() {
            Track::Breaker => primer.pass(step.number()),
            Track::Maker => primer.pass_maker(step.number()),
        }
        data.store();
    }
}

/// Whether the save notes `step` passed.
fn is_passed(saved: &crate::save::SnakyPrimer, step: Step) -> bool {
    match step.track() {
        Track::Breaker => saved.passed.contains(&step.number()),
        Track::Maker => saved.maker_passed.contains(&step.number()),
    }
}

/// The last step passes by going to play.
fn play_snaky(data: &mut SaveData, go: &mut MessageWriter<Go>) {
    pass(data, Step::Goal);
    go.write(Go(Screen::Snaky));
}

/// Rebuilds the step buttons, the board and the text whenever the lesson changes.
fn redraw(
    primer: Option<Res<Primer>>,
    content: Query<Entity, With<LearnContent>>,
    data: Res<SaveData>,
    lang: Res<Lang>,
    mut commands: Commands,
) {
    let Some(primer) = primer else { return };
    let Ok(content) = content.single() else { return };
    if !primer.is_changed() && !data.is_changed() {
        return;
    }
    let lang = lang.0;
    let lesson = &primer.lesson;
    let saved = &data.save.settings.snaky_primer;
    let is_passed = |step: Step| is_passed(saved, step);
    let maker = data.save.settings.snaky_maker;
    let track = lesson.step.track();
    let passed_count =
        text::passed_count(lang, track, Step::steps(track).iter().filter(|&&s| is_passed(s)).count());
    commands.entity(content).despawn_children().with_children(|content| {
        content.spawn(widgets::row(10.0)).with_children(|row| {
            let steps = Step::steps(track);
            for &step in steps {
                let kind = if step == lesson.step { ButtonKind::Primary } else { ButtonKind::Secondary };
                let words = text::step_button(lang, step, is_passed(step));
                row.spawn(widgets::small_button(words, kind, STEP_BUTTON_PX))
                    .observe(send(LearnInput::Show(step)));
            }
            let (other, label) = match track {
                Track::Breaker => (Track::Maker, L::MakerSteps),
                Track::Maker => (Track::Breaker, L::BreakerSteps),
            };
            row.spawn(widgets::small_button(label.get(lang), ButtonKind::Secondary, SWITCH_BUTTON_PX))
                .observe(send(LearnInput::Track(other)));
        });
        let main = Node { align_items: AlignItems::FlexStart, height: px(MAIN_HEIGHT), ..widgets::row(24.0) };
        content.spawn(main).with_children(|row| {
            row.spawn(widgets::column(8.0)).with_children(|left| {
                if lesson.step == Step::Goal {
                    par_track(left, lang, maker);
                } else {
                    // The cursor only while the board takes a claim.
                    let cursor =
                        (lesson.status == Status::Playing && primer.keys_in_charge).then_some(primer.cursor);
                    board(left, lesson, cursor);
                    left.spawn(widgets::row(16.0)).with_children(|legend| {
                        // Each side's dot in its stones' colour, as the Snaky screen's key.
                        let (maker, breaker) = match track {
                            Track::Breaker => (L::MakerLegend, L::BreakerLegend),
                            Track::Maker => (L::YouMakerLegend, L::ComBreakerLegend),
                        };
                        for (colour, said) in [
                            (palette::MAKER_STONE, maker.get(lang)),
                            (palette::BREAKER_STONE, breaker.get(lang)),
                        ] {
                            legend.spawn(widgets::row(6.0)).with_children(|side| {
                                side.spawn(super::panel::swatch(colour, true));
                                side.spawn(widgets::text(said, 16.0, palette::INK));
                            });
                        }
                        legend.spawn(widgets::text(
                            L::SnakyLegend.get(lang),
                            16.0,
                            palette::WINNING.with_alpha(1.0),
                        ));
                    });
                }
            });
            row.spawn(widgets::panel_from(Node {
                width: px(TEXT_WIDTH + 56.0),
                height: percent(100),
                align_items: AlignItems::FlexStart,
                row_gap: px(8),
                ..widgets::panel_node(Val::Auto)
            }))
            .with_children(|panel| explanation(panel, lang, lesson, is_passed(lesson.step), passed_count));
        });
    });
}

/// The step's words, its feedback and its buttons.
/// `passed_count` says how many steps of the track are passed, after the step's own status.
fn explanation(
    panel: &mut ChildSpawnerCommands,
    lang: Language,
    lesson: &Lesson,
    passed: bool,
    passed_count: String,
) {
    let step = lesson.step;
    panel.spawn(widgets::text(text::step_heading(lang, step), 28.0, palette::INK));
    let bounds = Maker::ALL.map(Maker::bound);
    for line in text::step_text(lang, step, bounds) {
        panel.spawn(widgets::paragraph(line, 19.0, TEXT_WIDTH));
    }
    // The last board's task gives its room to the "Passed!" under it (newcomers #113 and #114
    // saw the buttons pushed past the panel's foot).
    if step == Step::Opening && lesson.status != Status::Passed {
        let task = text::opening_task(lang, lesson.board);
        panel.spawn(widgets::paragraph(task, 19.0, TEXT_WIDTH)).insert(TextColor(palette::PRIMARY));
    }
    if step == Step::Shape {
        panel.spawn(widgets::text(L::Orientations.get(lang), 16.0, palette::INK_SOFT));
        panel.spawn(widgets::row(14.0)).with_children(|row| {
            for picture in lesson::orientations() {
                super::layout::mini_snaky(row, &picture, MINI_CELL_PX, true);
            }
        });
    }
    // The goal step has no board and so no feedback: its words get the room (the Japanese ones
    // pushed the buttons past the panel).
    let feedback_room = if step == Step::Goal { 0.0 } else { FEEDBACK_HEIGHT };
    // It never shrinks below its words (newcomer #49 saw the last board's "Passed!" drawn over
    // the status line under it).
    let slot = Node {
        min_height: px(feedback_room),
        flex_shrink: 0.0,
        width: percent(100),
        align_items: AlignItems::FlexStart,
        ..default()
    };
    panel.spawn(slot).with_children(|slot| {
        let Some(feedback) = lesson.feedback else { return };
        // Green for a step passed, red for a miss, neutral for Maker's answer in the turns step
        // and for the double-threat step's loss (the step is done, but nobody calls a loss a pass).
        let (face, ink) = match feedback {
            Feedback::Answered { .. }
            | Feedback::BlockedOneOfTwo
            | Feedback::BreakerAnswered { .. }
            | Feedback::ThreatBlocked { .. }
            | Feedback::DoubleThreat { .. } => (palette::SECONDARY, palette::INK),
            Feedback::Completed
            | Feedback::TurnsDone
            | Feedback::Blocked
            | Feedback::Threatened { .. }
            | Feedback::OpeningKept { .. }
            | Feedback::Won => (palette::GOOD_SOFT, palette::GOOD),
            Feedback::NotASnaky(_)
            | Feedback::Taken(_)
            | Feedback::MakerCompleted
            | Feedback::NoThreat { .. }
            | Feedback::OneThreat { .. }
            | Feedback::MissedFinish { .. }
            | Feedback::OpeningMissed { .. }
            | Feedback::OutOfMoves => (palette::BAD_SOFT, palette::BAD),
        };
        slot.spawn((
            Node {
                padding: UiRect::axes(px(14), px(8)),
                border_radius: BorderRadius::all(px(12)),
                max_width: px(TEXT_WIDTH),
                ..default()
            },
            BackgroundColor(face),
            children![widgets::text(text::feedback(lang, feedback), 19.0, ink)],
        ));
    });
    // The status and the buttons stay at the panel's foot, in the same place on every step.
    panel.spawn(Node { flex_grow: 1.0, ..default() });
    let passed = passed || lesson.status == Status::Passed;
    let status_colour = if passed { palette::GOOD } else { palette::INK_SOFT };
    let status = format!("{}   {passed_count}", text::status_line(lang, step, passed));
    panel.spawn(widgets::text(status, 17.0, status_colour));
    panel.spawn(widgets::row(12.0)).with_children(|buttons| {
        let under_way = (step == Step::Turns || lesson.player_is_maker()) && lesson.claims() > 0;
        if lesson.status == Status::Failed || under_way {
            buttons
                .spawn(widgets::sized_button(L::Retry.get(lang), ButtonKind::Secondary, 180.0, 20.0))
                .observe(send(LearnInput::Retry));
        }
        match step.next() {
            Some(_) => {
                let kind =
                    if lesson.status == Status::Passed { ButtonKind::Primary } else { ButtonKind::Secondary };
                buttons
                    .spawn(widgets::sized_button(L::NextStep.get(lang), kind, 180.0, 20.0))
                    .observe(send(LearnInput::Next));
            }
            None if step.track() == Track::Maker => {
                let kind =
                    if lesson.status == Status::Passed { ButtonKind::Primary } else { ButtonKind::Secondary };
                buttons
                    .spawn(widgets::sized_button(L::PlayAsMaker.get(lang), kind, 240.0, 20.0))
                    .observe(send(LearnInput::PlayAsMaker));
            }
            None => {
                buttons
                    .spawn(widgets::sized_button(L::PlaySnaky.get(lang), ButtonKind::Primary, 240.0, 20.0))
                    .observe(send(LearnInput::PlaySnaky));
                buttons
                    .spawn(widgets::sized_button(
                        L::PlayAsMaker.get(lang),
                        ButtonKind::Secondary,
                        240.0,
                        20.0,
                    ))
                    .observe(send(LearnInput::PlayAsMaker));
            }
        }
    });
}

/// The lesson board: a button per cell, stones on them, the completed Snaky in green.
fn board(parent: &mut ChildSpawnerCommands, lesson: &Lesson, cursor: Option<Cell>) {
    // Grid lines between the cells and around them (thick enough to stay visible at 0.8 scale).
    let side = BOARD as f32 * CELL_PX + GRID_PX;
    // Step 4 marks the two cells Maker threatens: the lesson is that one claim cannot stop both.
    // The Maker steps mark the player's finishing cells (the one Breaker left after a double
    // threat).
    let marks_threats = lesson.step == Step::DoubleThreat || lesson.player_is_maker();
    let marked =
        if marks_threats && lesson.status == Status::Playing { lesson.threats() } else { Vec::new() };
    // The opening step, after a miss: the cells where the proof goes on, in the hint's green.
    let proven = lesson.proven_marks();
    parent
        .spawn((
            Name::new("Primer board"),
            Node {
                width: px(side),
                height: px(side),
                flex_shrink: 0.0,
                border_radius: BorderRadius::all(px(10)),
                overflow: Overflow::clip(),
                ..default()
            },
            BackgroundColor(palette::GRID_LINE),
        ))
        .with_children(|area| {
            for cell in lesson::board_cells() {
                let winning = lesson.winning.is_some_and(|copy| copy.contains(&cell));
                let face = if winning {
                    palette::WINNING
                } else if marked.contains(&cell) {
                    palette::CURRENT
                } else if proven.contains(&cell) {
                    palette::HINT.with_alpha(0.45)
                } else {
                    palette::FRAME_INSIDE
                };
                let tried = lesson.tried == Some(cell);
                let turn = lesson.shared_turn() == Some(cell);
                let edge = if tried {
                    palette::BAD
                } else if turn {
                    palette::GOOD
                } else {
                    Color::NONE
                };
                let mut spawned = area.spawn((
                    LearnCell(cell),
                    CellFace(face),
                    Button,
                    Node {
                        position_type: PositionType::Absolute,
                        left: px(GRID_PX + cell.x as f32 * CELL_PX),
                        top: px(GRID_PX + (BOARD - 1 - cell.y) as f32 * CELL_PX),
                        width: px(CELL_PX - GRID_PX),
                        height: px(CELL_PX - GRID_PX),
                        border: UiRect::all(px(if tried || turn { 3.0 } else { 0.0 })),
                        justify_content: JustifyContent::Center,
                        align_items: AlignItems::Center,
                        ..default()
                    },
                    BackgroundColor(face),
                    BorderColor::all(edge),
                ));
                spawned.observe(send(LearnInput::Claim(cell)));
                let owner = if lesson.maker.contains(&cell) {
                    Some((palette::MAKER_STONE, palette::MAKER_EDGE))
                } else if lesson.breaker.contains(&cell) {
                    Some((palette::BREAKER_STONE, palette::BREAKER_EDGE))
                } else {
                    None
                };
                if let Some((stone, rim)) = owner {
                    let ring = if lesson.last == Some(cell) { palette::LAST_MOVE } else { Color::NONE };
                    spawned.with_children(|cell_node| {
                        cell_node.spawn((
                            Node {
                                width: percent(78),
                                height: percent(78),
                                border: UiRect::all(px(2)),
                                border_radius: BorderRadius::MAX,
                                ..default()
                            },
                            BackgroundColor(stone),
                            BorderColor::all(rim),
                            Outline { width: px(3), offset: px(2), color: ring },
                            Pickable::IGNORE,
                        ));
                    });
                }
            }
            // The keyboard's cursor: a ring in the interface's colour over the cell's grid lines
            // (the game boards' cursor), drawn last so a stone never hides it.
            if let Some(cell) = cursor {
                area.spawn((
                    LearnCursor,
                    Node {
                        position_type: PositionType::Absolute,
                        left: px(cell.x as f32 * CELL_PX),
                        top: px((BOARD - 1 - cell.y) as f32 * CELL_PX),
                        width: px(CELL_PX + GRID_PX),
                        height: px(CELL_PX + GRID_PX),
                        border: UiRect::all(px(CURSOR_BORDER_PX)),
                        border_radius: BorderRadius::all(px(6)),
                        ..default()
                    },
                    BorderColor::all(palette::PRIMARY),
                    Pickable::IGNORE,
                ));
            }
        });
}

/// Step 5's picture: one numbered Maker stone per move of the chosen Maker's bound (par).
fn par_track(parent: &mut ChildSpawnerCommands, lang: Language, maker: Maker) {
    let bound = maker.bound();
    let side = BOARD as f32 * CELL_PX + GRID_PX;
    parent
        .spawn((
            Node {
                width: px(side),
                height: px(side),
                flex_direction: FlexDirection::Column,
                align_items: AlignItems::Center,
                justify_content: JustifyContent::Center,
                row_gap: px(10),
                padding: UiRect::all(px(16)),
                border_radius: BorderRadius::all(px(10)),
                ..default()
            },
            BackgroundColor(palette::FRAME_INSIDE),
        ))
        .with_children(|track| {
            track.spawn(widgets::text(L::ParTrack.get(lang), 18.0, palette::INK_SOFT));
            let rows = bound.div_ceil(PAR_ROW);
            for row_index in 0..rows {
                track.spawn(widgets::row(8.0)).with_children(|row| {
                    let first = row_index * PAR_ROW + 1;
                    for number in first..=(first + PAR_ROW - 1).min(bound) {
                        row.spawn((
                            Node {
                                width: px(40),
                                height: px(40),
                                border: UiRect::all(px(2)),
                                border_radius: BorderRadius::MAX,
                                justify_content: JustifyContent::Center,
                                align_items: AlignItems::Center,
                                ..default()
                            },
                            BackgroundColor(palette::MAKER_STONE),
                            BorderColor::all(palette::MAKER_EDGE),
                            children![widgets::text(number.to_string(), 16.0, palette::ON_PRIMARY)],
                        ));
                    }
                });
            }
            track.spawn(widgets::text(text::par_caption(lang, bound), 20.0, palette::INK));
        });
}

/// A free cell brightens under the pointer.
#[allow(clippy::type_complexity)]
fn hover_cells(
    mut cells: Query<(&Interaction, &LearnCell, &CellFace, &mut BackgroundColor), Changed<Interaction>>,
    primer: Option<ResMut<Primer>>,
    mut pointer: MessageReader<bevy::window::CursorMoved>,
) {
    let Some(mut primer) = primer else { return };
    // The pointer moved: it is in charge again.
    if pointer.read().count() > 0 && primer.keys_in_charge {
        primer.keys_in_charge = false;
    }
    for (interaction, cell, face, mut background) in &mut cells {
        let playable = primer.lesson.status == Status::Playing
            && primer.lesson.is_free(cell.0)
            && !primer.keys_in_charge;
        background.0 = match interaction {
            Interaction::Hovered | Interaction::Pressed if playable => palette::SECONDARY_HOVER,
            _ => face.0,
        };
    }
}
