//! Snaky practice, the screen: one board of the player's game at a time, turned or mirrored
//! (`snaky::practice`); the player tries replies on the shared board (view, cursor, grid), on
//! after one holds if they like, and the panel says what each try did and, once one holds or
//! the answers are asked for, why the first answer held in Maker's plan.
//! Opened from the Breaker screen after a game (its "Practise" button, Q, or
//! `--open snaky-practice --moves "…"`); Back returns to that game.

use bevy::prelude::*;

use super::board::{self, BoardView, Cursor, Layer, ViewInput, board_actions, board_key_parts};
use super::layout;
use super::model::practice::{PracticeInput, PracticeOutcome, PracticeSession};
use super::model::session::{Session, SnakyInput};
use super::overlay;
use super::screen::SnakySystems;
use crate::app::events::{GameEvent, Stones};
use crate::app::i18n::{Lang, practice as text};
use crate::app::keymap::{Binding, Keymap, Keys, wrap_parts};
use crate::app::theme::palette;
use crate::app::theme::widgets::{self, ButtonKind, CollapseWhenEmpty, send};
use crate::app::{Go, Screen};
use crate::save::Language;
use crate::snaky::practice::{TryLine, Verdict};
use crate::snaky::{Cell, Player};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<PracticeInput>()
        .add_systems(OnEnter(Screen::SnakyPractice), (start, spawn_screen).chain())
        .add_systems(Update, keyboard.before(SnakySystems::Input).run_if(in_state(Screen::SnakyPractice)))
        .add_systems(Update, offer_practice.in_set(SnakySystems::Show).run_if(in_state(Screen::Snaky)))
        .add_systems(
            Update,
            (apply_input, draw_board, update_panel, lead_onward)
                .chain()
                .in_set(SnakySystems::Input)
                .run_if(in_state(Screen::SnakyPractice)),
        );
}

/// The Breaker screen's way to practice: shown once Maker has won (not while a move is
/// reviewed), its button naming how many boards the game has (greyed when none).
#[derive(Component, Debug)]
pub struct PracticeEntry;

/// A finished game whose practice boards were counted: its Maker, turn and Breaker's moves, and
/// the count.
type CountedGame = (crate::snaky::Maker, crate::snaky::Symmetry, Vec<Cell>, usize);

/// Shows the Breaker screen's practice button once Maker has won, with the count of the game's
/// boards; without one it is greyed and says so (a press tells why: newcomer #23 was offered
/// practice after one game and, without a word, not after the next two). The boards of a game
/// are worked out once per finished game (a review of every move).
fn offer_practice(
    session: Option<Res<Session>>,
    lang: Res<Lang>,
    mut known: Local<Option<CountedGame>>,
    mut entries: Query<(&mut Node, &Children), With<PracticeEntry>>,
    mut buttons: Query<(&Children, &mut ButtonKind), With<Button>>,
    mut labels: Query<&mut Text>,
) {
    let Some(session) = session else { return };
    if !session.is_changed() && !lang.is_changed() {
        return;
    }
    let game = session.game();
    // A game is its Maker, its turn and Breaker's moves: the same moves against another Maker,
    // or another turn of the plan, are another game.
    let boards = if game.won() {
        let moves = game.breaker_cells();
        match known.as_ref() {
            Some((maker, turn, cells, boards))
                if *maker == session.maker && *turn == game.turn() && cells.as_slice() == moves =>
            {
                *boards
            }
            _ => {
                let boards = crate::snaky::practice::puzzles(game).len();
                *known = Some((session.maker, game.turn(), moves.to_vec(), boards));
                boards
            }
        }
    } else {
        0
    };
    // Not while a move is reviewed: its lesson line needs the room (newcomer #27 saw it cut off
    // at the panel's foot).
    let offered = game.won() && session.reviewing().is_none();
    let display = if offered { Display::Flex } else { Display::None };
    // Without a board of its own, a game practises boards of other games.
    let kind = if boards > 0 { ButtonKind::Primary } else { ButtonKind::Secondary };
    let label = text::button(lang.0, boards);
    for (mut node, children) in &mut entries {
        if node.display != display {
            node.display = display;
        }
        for &child in children {
            let Ok((button_children, mut button)) = buttons.get_mut(child) else { continue };
            if *button != kind {
                *button = kind;
            }
            widgets::relabel(button_children, &mut labels, &label);
        }
    }
}

/// A stone of what Maker forces after a try that costs, drawn pale ([`PracticeSession::why_costly`]).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct TryLineStone(pub Cell);

/// A finishing cell of the double threat a try that costs lets Maker make, ringed.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct TryLineFinish(pub Cell);

/// A value in the panel.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
enum Info {
    Status,
    Task,
    InTheGame,
    Tried,
    WhyItHolds,
    Score,
    /// The game's costly moves that are not boards, and why.
    LeftOut,
}

/// The "Show answer" button: disabled once the board is answered.
#[derive(Component, Debug)]
struct ShowAnswerButton;

/// The "Next board" button ("Again" with one board).
#[derive(Component, Debug)]
struct NextButton;

/// The button that adds boards from other games (M).
#[derive(Component)]
struct MoreButton;

/// The move played's red ring again, over a pale stone of a line on its cell.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayedOverLine(pub Cell);

/// The button that draws or hides Maker's plan (L).
#[derive(Component)]
struct PlanButton;

/// A try's square on the board: the cell and whether it held.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct TriedMark {
    pub cell: Cell,
    pub holds: bool,
}

/// A cell of the Snaky the explained answer spoils, tinted once the board is solved.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct SpoiledMark(pub Cell);

/// A cell that holds, shown once the board is answered.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct AnswerMark(pub Cell);

/// The view frames the board's stones, the cursor on Maker's newest.
fn start(session: Option<Res<PracticeSession>>, mut view: ResMut<BoardView>, mut cursor: ResMut<Cursor>) {
    let Some(session) = session else { return };
    frame_the_board(&session, &mut view, &mut cursor);
}

/// Maker's stones, every reply that holds (green once answered) and the Breaker stones and move
/// played near them in view, as the game showed them ([`board::zoom_onto`]). A move played far away is left out (the
/// corner counts it): framing it with the rest shrank the stones to dots.
fn frame_the_board(session: &PracticeSession, view: &mut BoardView, cursor: &mut Cursor) {
    const NEAR: u32 = 3;
    let puzzle = session.puzzle();
    let stones = puzzle.stones();
    let maker: Vec<_> = stones.iter().filter(|s| s.1 == Player::Maker).map(|s| s.0).collect();
    let near = |c: &Cell| maker.iter().any(|m| m.king_distance(*c) <= NEAR);
    let others = stones.iter().map(|s| s.0).chain([puzzle.played()]).filter(near);
    let cells: Vec<_> = maker.iter().copied().chain(puzzle.answers()).chain(others).collect();
    board::zoom_onto(view, &cells);
    let newest = stones.iter().rev().find(|s| s.1 == Player::Maker);
    cursor.0 = newest.map_or(crate::snaky::policy::OPENING, |s| s.0);
}

fn spawn_screen(mut commands: Commands, lang: Res<Lang>) {
    let lang = lang.0;
    commands.spawn(widgets::screen_root_spaced(Screen::SnakyPractice, 8.0, 12.0)).with_children(|root| {
        root.spawn(layout::top_bar()).with_children(|bar| {
            bar.spawn(widgets::small_button(text::back_to_game(lang), ButtonKind::Secondary, 190.0))
                .observe(send(PracticeInput::Back));
            bar.spawn(widgets::heading(text::title(lang)));
            bar.spawn((
                widgets::text(text::subtitle(lang), 18.0, palette::INK_SOFT),
                Node { flex_grow: 1.0, ..default() },
            ));
        });
        layout::board_and_panel(root, 6.0, |panel| spawn_panel(panel, lang));
        // The game's key slot's height, so the board has the game's size and its cells lie at
        // the game's pixels (newcomers #73, #76 and #77 found the grid 10 px lower than the game's).
        root.spawn(layout::keys_slot(layout::GAME_KEYS_HEIGHT)).with_child(widgets::text(
            wrap_parts(&board_key_parts(KEYS, lang), lang, 60.0),
            14.0,
            palette::INK_SOFT,
        ));
    });
}

fn spawn_panel(panel: &mut ChildSpawnerCommands, lang: Language) {
    let wide = || Node { width: px(layout::PANEL_WIDTH - 36.0), ..default() };
    panel.spawn((Info::Status, widgets::text("", 17.0, palette::YOU), wide()));
    panel.spawn((Info::Task, widgets::text("", 16.0, palette::INK), wide()));
    panel.spawn((Info::InTheGame, widgets::text("", 14.0, palette::INK_SOFT), wide()));
    // The buttons above the texts that change with each try, so they never move.
    panel.spawn(Node { justify_content: JustifyContent::FlexStart, ..widgets::row(8.0) }).with_children(
        |row| {
            row.spawn(widgets::small_button(text::show_answer(lang), ButtonKind::Secondary, 170.0))
                .insert(ShowAnswerButton)
                .observe(send(PracticeInput::ShowAnswer));
            row.spawn(widgets::small_button("", ButtonKind::Primary, 170.0))
                .insert(NextButton)
                .observe(send(PracticeInput::Next));
        },
    );
    panel.spawn(Node { justify_content: JustifyContent::FlexStart, ..widgets::row(8.0) }).with_children(
        |row| {
            // Fresh positions of the same kind of find (newcomers #95 and #99).
            row.spawn(widgets::small_button(text::more(lang), ButtonKind::Secondary, 170.0))
                .insert(MoreButton)
                .observe(send(PracticeInput::More));
            // Maker's plan after the game's move, which a solved board's reason speaks of: L's
            // button, for a player on the mouse alone (grey until the board is solved).
            row.spawn(widgets::small_button(
                text::plan_button(lang, Some(false)),
                ButtonKind::Disabled,
                170.0,
            ))
            .insert(PlanButton)
            .observe(send(PracticeInput::TogglePlan));
        },
    );
    panel.spawn((Info::Tried, widgets::text("", 16.0, palette::BAD), wide(), CollapseWhenEmpty));
    panel.spawn((Info::WhyItHolds, widgets::text("", 15.0, palette::GOOD), wide(), CollapseWhenEmpty));
    panel.spawn((Info::Score, widgets::text("", 14.0, palette::INK_SOFT), wide()));
    // Why the lesson's other costly moves are not boards here (newcomer #86 asked).
    panel.spawn((Info::LeftOut, widgets::text("", 14.0, palette::INK_SOFT), wide(), CollapseWhenEmpty));
    panel.spawn(Node { flex_grow: 1.0, ..default() });
    panel.spawn((widgets::text(text::legend(lang), 13.0, palette::INK_SOFT), wide()));
}

/// What a key does on the practice screen.
#[derive(Debug, Clone, PartialEq, Eq)]
enum PracticeKey {
    Practice(PracticeInput),
    View(ViewInput),
    TryCursor,
}

const KEYS: Keymap<PracticeKey> = Keymap(&[
    Binding::press(
        &[KeyCode::Enter, KeyCode::NumpadEnter, KeyCode::Space],
        PracticeKey::TryCursor,
        "Enter／Space：打つ",
        "Enter/Space: try",
    ),
    Binding::press(
        &[KeyCode::KeyA],
        PracticeKey::Practice(PracticeInput::ShowAnswer),
        "A：答え",
        "A: answers",
    ),
    Binding::press(&[KeyCode::KeyN], PracticeKey::Practice(PracticeInput::Next), "N：次", "N: next"),
    Binding::press(
        &[KeyCode::KeyM],
        PracticeKey::Practice(PracticeInput::More),
        "M：ほかの対局から",
        "M: more boards",
    ),
    Binding::press(
        &[KeyCode::KeyL],
        PracticeKey::Practice(PracticeInput::TogglePlan),
        "L：作り手の計画",
        "L: Maker's plan",
    ),
    Binding::press(
        &[KeyCode::Escape],
        PracticeKey::Practice(PracticeInput::Back),
        "Esc：対局にもどる",
        "Esc: back to the game",
    ),
]);

fn keyboard(
    keys: Keys,
    cursor: Res<Cursor>,
    mut inputs: MessageWriter<PracticeInput>,
    mut views: MessageWriter<ViewInput>,
) {
    for action in board_actions(&keys, KEYS, PracticeKey::View) {
        match action {
            PracticeKey::Practice(input) => {
                inputs.write(input);
            }
            PracticeKey::View(view) => {
                views.write(view);
            }
            PracticeKey::TryCursor => {
                inputs.write(PracticeInput::Try(cursor.0));
            }
        }
    }
}

/// Board clicks and keys into the session; what happened into game events; a new board framed.
#[allow(clippy::too_many_arguments)]
fn apply_input(
    mut inputs: MessageReader<PracticeInput>,
    mut clicks: MessageReader<SnakyInput>,
    session: Option<ResMut<PracticeSession>>,
    mut view: ResMut<BoardView>,
    mut cursor: ResMut<Cursor>,
    mut events: MessageWriter<GameEvent>,
    mut go: MessageWriter<Go>,
) {
    let clicked: Vec<PracticeInput> = clicks
        .read()
        .filter_map(|input| match *input {
            SnakyInput::Claim(cell) => Some(PracticeInput::Try(cell)),
            _ => None,
        })
        .collect();
    let all: Vec<PracticeInput> = inputs.read().copied().chain(clicked).collect();
    let Some(mut session) = session else {
        if all.contains(&PracticeInput::Back) {
            go.write(Go(Screen::Snaky));
        }
        return;
    };
    for input in all {
        match session.apply(input) {
            None => {}
            Some(PracticeOutcome::Back) => {
                go.write(Go(Screen::Snaky));
            }
            Some(PracticeOutcome::Refused) => {
                events.write(GameEvent::Refused);
            }
            Some(PracticeOutcome::Costs { lost }) => {
                events.write(GameEvent::Costly { lost });
            }
            Some(PracticeOutcome::Holds) => {
                events.write(GameEvent::Stones(Stones::Breaker));
            }
        }
        if matches!(input, PracticeInput::Next | PracticeInput::More) {
            frame_the_board(&session, &mut view, &mut cursor);
        }
    }
}

/// The answer a solved board explains: the last reply tried that held (after a second one, the
/// words follow it: newcomer #92 read "Yes: (12,5) holds" over "Why (11,9) holds"), else the one
/// found (newcomer #69 found (10,7) and was told why (9,7) did), else, the answers shown without
/// one found, the first.
fn explained_answer(session: &PracticeSession) -> Option<Cell> {
    let last = session.tries().last().copied();
    let last_held = last.filter(|(_, v)| matches!(v, Verdict::Holds { .. })).map(|(c, _)| c);
    last_held.or(session.found()).or_else(|| session.puzzle().marked_answers().first().copied())
}

/// The answer explained, once the board is solved.
fn solved_answer(session: &PracticeSession) -> Option<Cell> {
    session.solved().then(|| explained_answer(session)).flatten()
}

/// Once a board is solved, the moves its answer's reason speaks of ([`Puzzle::line_to_reason`]).
///
/// [`Puzzle::line_to_reason`]: crate::snaky::practice::Puzzle::line_to_reason
fn reason_line(session: &PracticeSession) -> Option<Vec<(Cell, Player, usize)>> {
    session.puzzle().line_to_reason(solved_answer(session)?)
}

/// The solved board's reason line, where it is drawn (asked for with L).
fn drawn_reason_line(session: &PracticeSession) -> Option<Vec<(Cell, Player, usize)>> {
    reason_line(session).filter(|_| session.plan_shown())
}

/// The board's stones, numbered per player as in the game; the move played in the game ringed in
/// red; each try's square; once answered, the replies that hold near the stones, and the Snaky
/// the explained answer spoils in yellow tiles (newcomer #103 could not check the reason by eye).
fn draw_board(
    session: Option<Res<PracticeSession>>,
    layers: Query<(Entity, &Layer)>,
    mut commands: Commands,
) {
    let Some(session) = session else { return };
    if !session.is_changed() {
        return;
    }
    let Some((stones, _)) = layers.iter().find(|(_, l)| **l == Layer::Stones) else { return };
    let Some((marks, _)) = layers.iter().find(|(_, l)| **l == Layer::Overlay) else { return };
    let puzzle = session.puzzle();
    let shown = puzzle.stones();
    // After a try that costs, the double threat Maker forces then: its Snakies' Maker stones,
    // pale, and its finishing cells ringed; once solved, the moves the answer's reason speaks of.
    let line = session.why_costly();
    let mut pale = line.map(TryLine::drawn).or_else(|| drawn_reason_line(&session)).unwrap_or_default();
    // Each line starts with the move the board already marks (the try's square, or the move
    // played's ring): not drawn again (newcomer #113 read a pale stone there as its own). Every
    // later stone is, over an earlier try's square too (newcomer #115 missed a Maker move 6
    // hidden there).
    if !pale.is_empty() {
        pale.remove(0);
    }
    // An earlier costly try's square gives way to a pale stone on its cell (newcomer #133 read a
    // red square around a pale Maker stone as one mark over another); a green one stays.
    let under_line: Vec<Cell> = pale.iter().map(|&(cell, _, _)| cell).collect();
    commands.entity(stones).despawn_children().with_children(|layer| {
        for (index, &(cell, player, number)) in shown.iter().enumerate() {
            let ring = if index + 1 == shown.len() { palette::LAST_MOVE } else { Color::NONE };
            layer.spawn(board::stone(cell, player, number, ring, true));
        }
        for &(cell, player, number) in &pale {
            layer.spawn((TryLineStone(cell), board::stone(cell, player, number, Color::NONE, false)));
        }
        // A pale stone on the move played keeps that move's red ring over it (newcomer #123
        // read a pale Maker stone there as the game's own move).
        if pale.iter().any(|&(cell, _, _)| cell == puzzle.played()) {
            layer.spawn((PlayedOverLine(puzzle.played()), overlay::played_ring(puzzle.played())));
        }
    });
    let spoiled = solved_answer(&session).and_then(|a| puzzle.spoiled(a));
    commands.entity(marks).despawn_children().with_children(|layer| {
        for cell in spoiled.into_iter().flatten() {
            layer.spawn((SpoiledMark(cell), overlay::shape_tile(cell)));
        }
        layer.spawn(overlay::played_ring(puzzle.played()));
        if session.answered() {
            let tried: Vec<_> = session.tries().iter().map(|t| t.0).collect();
            for cell in puzzle.marked_answers().into_iter().filter(|c| !tried.contains(c)) {
                layer.spawn((AnswerMark(cell), overlay::tried_square(cell, true)));
            }
        }
        for &(cell, verdict) in session.tries() {
            let holds = matches!(verdict, Verdict::Holds { .. });
            if !holds && under_line.contains(&cell) {
                continue;
            }
            layer.spawn((overlay::tried_square(cell, holds), TriedMark { cell, holds }));
        }
        for &cell in line.iter().flat_map(|line| &line.finishing) {
            layer.spawn((TryLineFinish(cell), overlay::finish_ring(cell)));
        }
    });
}

/// The button to go on with first: the next board, or, the round's last board done, fresh boards
/// of the same idea (newcomer #134 passed boards from its own game by remembering them, and asked
/// to end a round on a fresh one).
fn lead_onward(
    session: Option<Res<PracticeSession>>,
    mut buttons: Query<(&mut ButtonKind, Has<MoreButton>), OnwardButtons>,
) {
    let Some(session) = session else { return };
    if !session.is_changed() {
        return;
    }
    for (mut kind, more) in &mut buttons {
        let wanted = match more == round_over(&session) {
            true => ButtonKind::Primary,
            false => ButtonKind::Secondary,
        };
        if *kind != wanted {
            *kind = wanted;
        }
    }
}

/// The next board's button and More boards'.
type OnwardButtons = Or<(With<NextButton>, With<MoreButton>)>;

/// The round's last board is done: a reply found that holds, or the answers shown.
fn round_over(session: &PracticeSession) -> bool {
    let (at, of) = session.position();
    at == of && session.solved()
}

fn update_panel(
    session: Option<Res<PracticeSession>>,
    lang: Res<Lang>,
    mut texts: Query<(&Info, &mut Text, &mut TextColor)>,
    mut buttons: Query<&mut ButtonKind, (With<ShowAnswerButton>, Without<PlanButton>)>,
    mut plan_buttons: Query<(&mut ButtonKind, &Children), With<PlanButton>>,
    next: Query<&Children, With<NextButton>>,
    mut labels: Query<&mut Text, Without<Info>>,
) {
    let Some(session) = session else { return };
    if !session.is_changed() && !lang.is_changed() {
        return;
    }
    let lang = lang.0;
    let puzzle = session.puzzle();
    let last = session.tries().last().copied();
    for (info, mut content, mut colour) in &mut texts {
        let wanted = match info {
            Info::Status => text::status(lang, session.position()),
            Info::Task => text::task(lang, puzzle.holds()),
            Info::InTheGame => text::in_the_game(
                lang,
                (puzzle.move_number(), puzzle.origin()),
                puzzle.symmetry(),
                [puzzle.played_in_the_game(), puzzle.played()],
                puzzle.verdict(puzzle.played()),
            ),
            Info::Tried => match (session.found(), last) {
                (None, _) if session.answered() => {
                    let answer = puzzle.answers()[0];
                    text::shown(lang, answer, puzzle.holds())
                }
                (_, Some((cell, verdict))) => {
                    let next = match (session.answered(), session.solved()) {
                        (true, _) => text::Next::Nothing,
                        (false, true) => text::Next::TryOthers,
                        (false, false) => text::Next::TryAgain,
                    };
                    let double = session
                        .why_costly()
                        .map(|line| (line.move_number, line.finishing.as_slice(), line.finish_passed));
                    text::tried(lang, cell, verdict, double, next)
                }
                (_, None) => String::new(),
            },
            Info::WhyItHolds if session.solved() => {
                let answer = explained_answer(&session);
                let plan = answer
                    .and_then(|answer| Some((answer, puzzle.role_of(answer)?, puzzle.maker_takes(answer))));
                // The tinted shape's Maker stones, as the board shows them.
                let maker: Vec<Cell> =
                    puzzle.stones().iter().filter(|s| s.1 == Player::Maker).map(|s| s.0).collect();
                let drawn = answer
                    .and_then(|answer| puzzle.spoiled(answer))
                    .map(|copy| copy.iter().filter(|c| maker.contains(c)).count());
                let line = (session.why_costly().is_none() && reason_line(&session).is_some())
                    .then_some(session.plan_shown());
                // The green cells on the board: the tries that held, and once answered the
                // answers marked near the stones.
                let mut green: Vec<Cell> = session
                    .tries()
                    .iter()
                    .filter(|t| matches!(t.1, Verdict::Holds { .. }))
                    .map(|t| t.0)
                    .collect();
                if session.answered() {
                    green.extend(puzzle.marked_answers());
                }
                green.sort();
                green.dedup();
                // The lesson's idea for this board named first, as the lesson names it; "More
                // boards" gathers boards of the same idea.
                let idea = answer
                    .and_then(|answer| puzzle.idea_of(answer))
                    .map_or(String::new(), |p| crate::snaky::words::idea_of(lang, p));
                format!("{idea}{}", text::why_it_holds(lang, plan, drawn, line, green.len() > 1))
            }
            Info::WhyItHolds => String::new(),
            Info::LeftOut => text::left_out(lang, session.left_out()).unwrap_or_default(),
            Info::Score => match session.last_round() {
                Some(round) => text::round_done(lang, round, session.position().1),
                None if round_over(&session) => {
                    format!(
                        "{} {}",
                        text::score(lang, session.score(), session.position().1),
                        text::more_next(lang, puzzle.principle().is_some())
                    )
                }
                None => text::score(lang, session.score(), session.position().1),
            },
        };
        if *info == Info::Tried {
            let holds = matches!(last, Some((_, Verdict::Holds { .. })));
            let wanted = if holds || (session.answered() && session.found().is_none()) {
                palette::GOOD
            } else {
                palette::BAD
            };
            if colour.0 != wanted {
                colour.0 = wanted;
            }
        }
        if content.0 != wanted {
            content.0 = wanted;
        }
    }
    for children in &next {
        widgets::relabel(children, &mut labels, text::next(lang, session.position().1));
    }
    let kind = if session.answered() { ButtonKind::Disabled } else { ButtonKind::Secondary };
    for mut button in &mut buttons {
        if *button != kind {
            *button = kind;
        }
    }
    let has_plan = reason_line(&session).is_some();
    let plan = session.solved() && session.why_costly().is_none() && has_plan;
    let kind = if plan { ButtonKind::Secondary } else { ButtonKind::Disabled };
    let label =
        text::plan_button(lang, (has_plan || !session.solved()).then(|| plan && session.plan_shown()));
    for (mut button, children) in &mut plan_buttons {
        if *button != kind {
            *button = kind;
        }
        widgets::relabel(children, &mut labels, label);
    }
}
