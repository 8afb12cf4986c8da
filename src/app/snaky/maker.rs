//! Snaky as Maker, the screen: the board (shared with the Breaker screen's view, cursor and
//! grid), the panel with the goal, the proof's verdict after every exchange, the hint, the
//! computer Breaker's level and the best; after a win, the moves that cost.

use std::sync::Arc;

use bevy::prelude::*;

use super::board::{self, BoardView, Cursor, FlashRefused, Layer, ViewInput, board_actions, board_key_parts};
use super::layout;
use super::model::maker::{MakerInput, MakerOutcome, MakerSession, PAR};
use super::model::session::SnakyInput;
use super::overlay;
use super::screen::SnakySystems;
use crate::app::events::{GameEvent, Stones};
use crate::app::i18n::{Lang, T, maker as text};
use crate::app::keymap::{Binding, Keymap, Keys, wrap_parts};
use crate::app::storage::SaveData;
use crate::app::theme::palette;
use crate::app::theme::widgets::{self, ButtonKind, CollapseWhenEmpty, send};
use crate::app::{Go, Open, Screen};
use crate::save::Language;
use crate::snaky::as_maker::{Coach, HintReason, Level, built_shape};
use crate::snaky::{Cell, Player};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<MakerInput>()
        .add_systems(OnEnter(Screen::SnakyMaker), (start, spawn_screen).chain())
        .add_systems(
            Update,
            (keyboard, play_proof_line).before(SnakySystems::Input).run_if(in_state(Screen::SnakyMaker)),
        )
        .add_systems(
            Update,
            (apply_input, draw_stones, update_panel, make_room_for_the_review)
                .chain()
                .in_set(SnakySystems::Input)
                .run_if(in_state(Screen::SnakyMaker)),
        );
}

/// Why the Maker screen cannot open (a certificate failed its check).
#[derive(Resource, Debug, Clone)]
pub struct MakerUnavailable(pub String);

/// Opens on the game left there, or a new one against the last level played (`--open`'s game
/// if asked).
fn start(
    mut commands: Commands,
    open: Option<Res<Open>>,
    existing: Option<ResMut<MakerSession>>,
    mut view: ResMut<BoardView>,
    mut cursor: ResMut<Cursor>,
    seeds: Res<super::screen::SnakySeeds>,
) {
    view.reset();
    let last = existing.as_ref().and_then(|s| s.game().maker_cells().last().copied());
    *cursor = Cursor(last.unwrap_or(crate::snaky::policy::OPENING));
    // A game left there opens where it was last played.
    if let Some(last) = last {
        view.centre_on(last);
    }
    // `--open snaky-maker:N`: a new game after N moves of the fixed heuristic Maker.
    let start = match open.as_deref() {
        Some(&Open::SnakyMaker(moves)) => Some(moves),
        _ => None,
    };
    if let Some(mut existing) = existing
        && start.is_none()
    {
        // The screen's entities are new: the game left there is drawn and told again.
        existing.set_changed();
        return;
    }
    match Coach::shipped() {
        Ok(coach) => {
            commands.remove_resource::<MakerUnavailable>();
            let mut session = MakerSession::seeded(Arc::new(coach), Level::Blocker, seeds.0);
            if let Some(moves) = start {
                session.autoplay(moves);
                let last = session.game().maker_cells().last().copied();
                *cursor = Cursor(last.unwrap_or(crate::snaky::policy::OPENING));
            }
            commands.insert_resource(session);
        }
        Err(error) => commands.insert_resource(MakerUnavailable(error.to_string())),
    }
}

/// The cell of the panel's pictures of the shape: eight of them (four 5 wide, four 2 wide) fit
/// the panel's width.
const SHAPE_CELL_PX: f32 = 10.0;

/// A value in the panel.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
enum Info {
    Status,
    Goal,
    Coach,
    CoachSource,
    Cost,
    Gain,
    Threats,
    Hint,
    LevelNote,
    Best,
    Review,
    Legend,
    ProofLine,
}

/// A button whose look follows the state.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
enum Control {
    Hint,
    Level(Level),
    Undo,
    ProofLine,
}

/// The hinted cell's mark on the board.
#[derive(Component, Debug)]
pub struct HintMark;

/// Off the proof, the move near the player's stones (not proven) that the hint's line names.
#[derive(Component, Debug)]
pub struct NearMark;

/// A stone on the board: whether it is one of the proof's line (not the game's).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProofLineStone(pub bool);

/// The cell a mark stands on.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct MarkedCell(pub Cell);

/// A cell of the shape the shown hint builds on (its reason "joins your stones: n of them on one
/// unblocked Snaky shape"), tinted so the plan can be seen on the board (newcomer #20).
#[derive(Component, Debug)]
pub struct HintShapeMark;

fn spawn_screen(mut commands: Commands, lang: Res<Lang>, unavailable: Option<Res<MakerUnavailable>>) {
    let lang = lang.0;
    commands.spawn(widgets::screen_root_spaced(Screen::SnakyMaker, 8.0, 12.0)).with_children(|root| {
        root.spawn(layout::top_bar()).with_children(|bar| {
            bar.spawn(widgets::small_button(T::Back.get(lang), ButtonKind::Secondary, 110.0))
                .observe(send(MakerInput::Back));
            bar.spawn(widgets::heading(text::title(lang)));
            bar.spawn((
                widgets::text(text::subtitle(lang), 18.0, palette::INK_SOFT),
                Node { flex_grow: 1.0, ..default() },
            ));
        });
        if let Some(unavailable) = unavailable {
            root.spawn(widgets::panel()).with_children(|panel| {
                panel.spawn(widgets::text(T::EngineMissing.get(lang), 22.0, palette::BAD));
                panel.spawn(widgets::paragraph(unavailable.0.clone(), 18.0, 900.0));
            });
            return;
        }
        // The Breaker screen's frame (`layout.rs`), with this screen's panel and key line.
        layout::board_and_panel(root, 4.0, |panel| spawn_panel(panel, lang));
        root.spawn(layout::keys_slot(36.0)).with_child(widgets::text(
            wrap_parts(&board_key_parts(KEYS, lang), lang, 60.0),
            14.0,
            palette::INK_SOFT,
        ));
    });
}

fn spawn_panel(panel: &mut ChildSpawnerCommands, lang: Language) {
    panel.spawn((Info::Status, widgets::text("", 19.0, palette::YOU)));
    panel.spawn((Info::Goal, widgets::text("", 15.0, palette::INK_SOFT)));
    // Whose stones are whose: the player's are Maker's colour.
    panel.spawn(Node { justify_content: JustifyContent::FlexStart, ..widgets::row(8.0) }).with_children(
        |row| {
            for (colour, said) in [(palette::MAKER_STONE, true), (palette::BREAKER_STONE, false)] {
                row.spawn(super::panel::swatch(colour, true));
                row.spawn(widgets::text(text::side(lang, said), 15.0, palette::INK_SOFT));
            }
        },
    );
    // The buttons of a turn above every text that changes with it, so that they never move
    // (newcomer #15: they went down each time a message came).
    panel.spawn(Node { justify_content: JustifyContent::FlexStart, ..widgets::row(8.0) }).with_children(
        |row| {
            row.spawn(widgets::small_button(text::hint_button(lang, false), ButtonKind::Secondary, 0.0))
                .insert(Control::Hint)
                .observe(send(MakerInput::ToggleHint));
            row.spawn(widgets::small_button(text::undo(lang), ButtonKind::Secondary, 0.0))
                .insert(Control::Undo)
                .observe(send(MakerInput::Undo));
            row.spawn(widgets::small_button(
                text::proof_line_button(lang, false),
                ButtonKind::Secondary,
                0.0,
            ))
            .insert(Control::ProofLine)
            .observe(send(MakerInput::ProofLine));
        },
    );
    // The Breaker's level and a new game, above the coach's words too: those come and go with
    // each move, and the level buttons moved under the pointer (newcomer #47).
    panel.spawn(widgets::text(text::level_label(lang), 15.0, palette::INK));
    panel.spawn(Node { justify_content: JustifyContent::FlexStart, ..widgets::row(6.0) }).with_children(
        |row| {
            for level in Level::ALL {
                row.spawn(widgets::small_button(
                    format!("{} ({})", text::level_name(lang, level), level as u8 + 1),
                    ButtonKind::Secondary,
                    118.0,
                ))
                .insert(Control::Level(level))
                .observe(send(MakerInput::Level(level)));
            }
        },
    );
    panel.spawn((Info::LevelNote, widgets::text("", 14.0, palette::INK_SOFT)));
    panel.spawn((Info::Best, widgets::text("", 15.0, palette::INK)));
    panel.spawn(Node { justify_content: JustifyContent::FlexStart, ..widgets::row(8.0) }).with_children(
        |row| {
            row.spawn(widgets::small_button(text::new_game(lang), ButtonKind::Primary, 170.0))
                .observe(send(MakerInput::NewGame));
            row.spawn(widgets::small_button(
                crate::app::i18n::learn::L::HowMakerWins.get(lang),
                ButtonKind::Secondary,
                0.0,
            ))
            .observe(
                |_: On<Pointer<Click>>, mut commands: Commands, mut go: MessageWriter<Go>| {
                    how_maker_wins(&mut commands, &mut go)
                },
            );
        },
    );
    panel.spawn((Info::Coach, widgets::text("", 20.0, palette::PRIMARY)));
    panel.spawn((Info::CoachSource, widgets::text("", 14.0, palette::INK_SOFT)));
    // The texts often empty take no room while they are: with a hint and a cost shown the panel
    // is short of it.
    panel.spawn((Info::Hint, widgets::text("", 15.0, palette::GOOD), CollapseWhenEmpty));
    // The proof's line, while it plays on the board.
    panel.spawn((Info::ProofLine, widgets::text("", 15.0, palette::INK), CollapseWhenEmpty));
    // What the last move did: its cost or gain, and its threats, one under the other in a box
    // that keeps three lines' room when they are short, so the controls below seldom move.
    // It never shrinks below its text (newcomer #17 saw a long cost drawn over the label under
    // it): when the panel is short of room, the foot's guide runs out instead.
    let said = Node {
        flex_direction: FlexDirection::Column,
        flex_shrink: 0.0,
        ..widgets::text_slot(percent(100), SAID_MIN_PX)
    };
    panel.spawn((said, SaidBox)).with_children(|said| {
        said.spawn((Info::Cost, widgets::text("", 16.0, palette::BAD), CollapseWhenEmpty));
        said.spawn((Info::Gain, widgets::text("", 16.0, palette::GOOD), CollapseWhenEmpty));
        said.spawn((Info::Threats, widgets::text("", 16.0, palette::MAKER_EDGE), CollapseWhenEmpty));
    });
    panel.spawn((Info::Review, widgets::text("", 14.0, palette::INK), CollapseWhenEmpty));
    // The legend at the foot of the panel, under the shape to build in its eight orientations.
    panel.spawn(Node { flex_grow: 1.0, ..default() });
    panel.spawn((ShapeGuide, widgets::text(text::shape_label(lang), 13.0, palette::INK_SOFT)));
    panel
        .spawn((ShapeGuide, super::layout::orientations_row()))
        .with_children(|row| super::layout::orientations_in(row, SHAPE_CELL_PX));
    panel.spawn((
        ShapeGuide,
        Info::Legend,
        widgets::text(text::legend(lang, false, false), 13.0, palette::INK_SOFT),
    ));
}

/// The room the last move's cost, gain and threats keep while a game goes on (three lines).
const SAID_MIN_PX: f32 = 60.0;

/// The box of the last move's cost, gain and threats: empty once the game is won.
#[derive(Component)]
struct SaidBox;

/// The shape to build and the legend at the panel's foot: put away once the game is won, to
/// leave the room to the review (newcomer #13 found the two clipped at 1280×800).
#[derive(Component)]
struct ShapeGuide;

/// After a win the review takes the room of the guide and of the empty cost box; a new game
/// brings them back. While the hint is shown its reasons take the room of the shape's pictures
/// (the hint tints the shape it builds), so the legend under them stays whole (newcomer #32 found
/// it cut off).
#[allow(clippy::type_complexity)]
fn make_room_for_the_review(
    session: Option<Res<MakerSession>>,
    mut guides: Query<(&mut Node, Has<Info>), (With<ShapeGuide>, Without<SaidBox>)>,
    mut said: Query<&mut Node, (With<SaidBox>, Without<ShapeGuide>)>,
) {
    let Some(session) = session.filter(|s| s.is_changed()) else { return };
    let won = session.game().won();
    let hinted = session.shown_hint().is_some();
    for (mut node, legend) in &mut guides {
        let display = if won || (hinted && !legend) { Display::None } else { Display::Flex };
        if node.display != display {
            node.display = display;
        }
    }
    let min_height = px(if won { 0.0 } else { SAID_MIN_PX });
    for mut node in &mut said {
        if node.min_height != min_height {
            node.min_height = min_height;
        }
    }
}

/// What a key does on the Maker screen.
#[derive(Debug, Clone, PartialEq, Eq)]
enum MakerKey {
    Game(MakerInput),
    View(ViewInput),
    ClaimCursor,
    /// The primer's Maker steps ("How Maker wins").
    HowMakerWins,
}

/// Opens the primer on its first Maker step.
fn how_maker_wins(commands: &mut Commands, go: &mut MessageWriter<Go>) {
    commands.insert_resource(super::learn::LearnStart(super::lesson::Step::Threat));
    commands.insert_resource(crate::app::screens::LearnReturn(Screen::SnakyMaker));
    go.write(Go(Screen::SnakyLearn));
}

const KEYS: Keymap<MakerKey> = Keymap(&[
    Binding::press(
        &[KeyCode::Enter, KeyCode::NumpadEnter, KeyCode::Space],
        MakerKey::ClaimCursor,
        "Enter／Space：打つ",
        "Enter/Space: claim",
    ),
    Binding::press(&[KeyCode::KeyH], MakerKey::Game(MakerInput::ToggleHint), "H：ヒント", "H: hint"),
    Binding::press(
        &[KeyCode::KeyP],
        MakerKey::Game(MakerInput::ProofLine),
        "P：証明の進行",
        "P: the proof's line",
    ),
    Binding::press(
        &[KeyCode::KeyZ, KeyCode::Backspace],
        MakerKey::Game(MakerInput::Undo),
        "Z：まった",
        "Z: undo",
    ),
    Binding::press(&[KeyCode::KeyR], MakerKey::Game(MakerInput::NewGame), "R：はじめから", "R: new game"),
    // G, as "How to play" in the Breaker game (newcomer #64 met L as the language on the menu and
    // the last move in the other game); L still works.
    Binding::press(&[KeyCode::KeyG, KeyCode::KeyL], MakerKey::HowMakerWins, "G：勝ち方", "G: how to win"),
    Binding::press(
        &[KeyCode::Digit1],
        MakerKey::Game(MakerInput::Level(Level::Blocker)),
        "1〜3：COMの壊し手",
        "1-3: computer Breaker",
    ),
    Binding::unshown(&[KeyCode::Digit2], MakerKey::Game(MakerInput::Level(Level::Potential))),
    Binding::unshown(&[KeyCode::Digit3], MakerKey::Game(MakerInput::Level(Level::Searcher))),
    Binding::press(&[KeyCode::Escape], MakerKey::Game(MakerInput::Back), "Esc：もどる", "Esc: back"),
]);

fn keyboard(
    keys: Keys,
    cursor: Res<Cursor>,
    session: Option<Res<MakerSession>>,
    mut inputs: MessageWriter<MakerInput>,
    mut views: MessageWriter<ViewInput>,
    mut commands: Commands,
    mut go: MessageWriter<Go>,
) {
    let line_open = session.is_some_and(|session| session.proof_line().is_some());
    for action in board_actions(&keys, KEYS, MakerKey::View) {
        // While the proof's line is shown, ← → (and Enter) step it and Esc puts it away.
        let action = match action {
            MakerKey::View(ViewInput::Cursor { x, y: 0 }) if line_open => {
                MakerKey::Game(MakerInput::ProofLineStep(i32::from(x)))
            }
            MakerKey::ClaimCursor if line_open => MakerKey::Game(MakerInput::ProofLineStep(1)),
            MakerKey::Game(MakerInput::Back) if line_open => MakerKey::Game(MakerInput::ProofLine),
            action => action,
        };
        match action {
            MakerKey::Game(input) => {
                inputs.write(input);
            }
            MakerKey::View(view) => {
                views.write(view);
            }
            MakerKey::ClaimCursor => {
                inputs.write(MakerInput::Claim(cursor.0));
            }
            MakerKey::HowMakerWins => how_maker_wins(&mut commands, &mut go),
        }
    }
}

/// How long each move of the proof's line stays before the next, while it plays by itself.
const PROOF_LINE_SECONDS: f32 = 1.2;

/// The proof's line plays a move every [`PROOF_LINE_SECONDS`] (on the game's clock) until the
/// player steps it by hand or it ends; the game stays awake meanwhile (an animation).
fn play_proof_line(
    session: Option<Res<MakerSession>>,
    time: Res<Time>,
    mut clock: Local<Option<Timer>>,
    mut inputs: MessageWriter<MakerInput>,
    mut redraw: MessageWriter<crate::app::events::Redraw>,
) {
    let playing = session.is_some_and(|session| session.proof_line().is_some_and(|line| line.playing));
    if !playing {
        *clock = None;
        return;
    }
    redraw.write(crate::app::events::Redraw);
    let clock = clock.get_or_insert_with(|| Timer::from_seconds(PROOF_LINE_SECONDS, TimerMode::Repeating));
    clock.tick(time.delta());
    for _ in 0..clock.times_finished_this_tick() {
        inputs.write(MakerInput::ProofLineTick);
    }
}

/// Board clicks and keys into the session; what happened into game events, the cursor and the
/// best.
#[allow(clippy::too_many_arguments)]
fn apply_input(
    mut inputs: MessageReader<MakerInput>,
    mut clicks: MessageReader<SnakyInput>,
    session: Option<ResMut<MakerSession>>,
    mut cursor: ResMut<Cursor>,
    mut view: ResMut<BoardView>,
    mut views: MessageWriter<ViewInput>,
    mut events: MessageWriter<GameEvent>,
    mut flashes: MessageWriter<FlashRefused>,
    mut data: ResMut<SaveData>,
    mut go: MessageWriter<Go>,
    mut before_line: Local<Option<BoardView>>,
) {
    let clicked: Vec<MakerInput> = clicks
        .read()
        .filter_map(|input| match *input {
            SnakyInput::Claim(cell) => Some(MakerInput::Claim(cell)),
            _ => None,
        })
        .collect();
    let all: Vec<MakerInput> = inputs.read().copied().chain(clicked).collect();
    let Some(mut session) = session else {
        if all.contains(&MakerInput::Back) {
            go.write(Go(Screen::Menu));
        }
        return;
    };
    for input in all {
        let outcomes = session.apply(input);
        // A new game starts where the first, as the view did: on the proof's opening.
        if matches!(input, MakerInput::NewGame | MakerInput::Level(_)) && session.game().moves().is_empty() {
            cursor.0 = crate::snaky::policy::OPENING;
            views.write(ViewInput::Centre);
        }
        let placed: Vec<Player> = outcomes
            .iter()
            .filter_map(|o| match *o {
                MakerOutcome::Placed { player, .. } => Some(player),
                _ => None,
            })
            .collect();
        match placed.as_slice() {
            [] => {}
            [Player::Maker] => {
                events.write(GameEvent::Stones(Stones::Maker));
            }
            _ => {
                events.write(GameEvent::Stones(Stones::Exchange));
            }
        }
        for outcome in outcomes {
            match outcome {
                MakerOutcome::Placed { cell, player: Player::Maker } => cursor.0 = cell,
                MakerOutcome::Placed { .. } => {}
                MakerOutcome::Refused(cell) => {
                    events.write(GameEvent::Refused);
                    flashes.write(FlashRefused(cell));
                }
                MakerOutcome::Cost(lost) => {
                    events.write(GameEvent::Costly { lost });
                }
                MakerOutcome::Won { moves } => {
                    events.write(GameEvent::Ended { won: true });
                    if !session.assisted() {
                        let best = data.save.settings.maker_best.entry(session.level()).or_insert(moves);
                        if moves <= *best {
                            *best = moves;
                            data.store();
                        }
                    }
                }
                MakerOutcome::Back => {
                    go.write(Go(Screen::Menu));
                }
            }
        }
        // The hint shown, or left on as the game moves: the cursor goes to it (Enter plays it) and
        // the view follows (after the claim's own stone has moved the cursor).
        // After an undo the cursor leaves the stone taken back (newcomer #17: Enter then played
        // there, far from the hint): to the hint if it is on, else to the player's last stone (not
        // the Breaker's, where Enter could only be refused).
        // The line closed by its key: the view goes back to where the player had it (newcomer #32
        // found the board left panned to the line).
        if input == MakerInput::ProofLine
            && session.proof_line().is_none()
            && let Some(kept) = before_line.take()
        {
            *view = kept;
        }
        // The line opened: the player's stones and the whole line in view.
        if input == MakerInput::ProofLine
            && let Some(line) = session.proof_line()
        {
            *before_line = Some(*view);
            let cells: Vec<Cell> = session
                .game()
                .moves()
                .iter()
                .chain(&line.moves)
                .map(|m| m.cell)
                .filter(|cell| !cell.is_far_away())
                .collect();
            board::frame_cells(&mut view, &cells);
        }
        if input == MakerInput::Undo && session.shown_hint().is_none() {
            cursor.0 = session.game().maker_cells().last().copied().unwrap_or(crate::snaky::policy::OPENING);
        }
        if matches!(input, MakerInput::ToggleHint | MakerInput::Claim(_) | MakerInput::Undo)
            && let Some(hint) = session.shown_hint()
        {
            // Off the proof the hint is a fresh start far away: the cursor goes to the move near
            // the stones instead, and the view stays on them (newcomers #32 and #35 lost their
            // place to a fresh start the panel names anyway; #25 to a pan).
            let hint = session.near_move().map_or(hint, |&(near, _)| near);
            cursor.0 = hint;
            // The hint and the player's last stone both in view.
            let mut cells = vec![hint];
            cells.extend(session.game().maker_cells().last().copied());
            board::frame_cells(&mut view, &cells);
        }
    }
}

/// The stones, numbered per player, the last ringed, the completed Snaky framed in red; the
/// hinted cell in the hint's colour.
fn draw_stones(session: Option<Res<MakerSession>>, layers: Query<(Entity, &Layer)>, mut commands: Commands) {
    let Some(session) = session else { return };
    if !session.is_changed() {
        return;
    }
    let Some((stones, _)) = layers.iter().find(|(_, l)| **l == Layer::Stones) else { return };
    let Some((overlay, _)) = layers.iter().find(|(_, l)| **l == Layer::Overlay) else { return };
    let game = session.game();
    let moves = game.moves();
    // While the proof's line is shown: its moves so far, paler, after the game's own; the rings
    // and the completed Snaky are the line's.
    let line = session.proof_line();
    let line_moves = line.map_or(&[][..], |line| &line.moves[..line.shown]);
    let shown = line.map(|line| line.position(game));
    let board = shown.as_ref().unwrap_or(game);
    let winning = board.winning_copy();
    let all = moves.len() + line_moves.len();
    let mut counts = [0usize; 2];
    commands.entity(stones).despawn_children().with_children(|layer| {
        for (index, m) in moves.iter().chain(line_moves).enumerate() {
            let count = &mut counts[usize::from(m.player == Player::Breaker)];
            *count += 1;
            let ring = if index + 1 == all { palette::LAST_MOVE } else { Color::NONE };
            layer.spawn((
                board::stone(m.cell, m.player, *count, ring, index < moves.len()),
                ProofLineStone(index >= moves.len()),
            ));
        }
    });
    // Where your next stone would finish a Snaky (after Breaker's reply: a win at once), and the
    // proven move when the hint is shown.
    let finishing = if board.won() { Vec::new() } else { board.threats().cells };
    commands.entity(overlay).despawn_children().with_children(|layer| {
        // The completed Snaky framed in red, as on the Breaker screen (purple rings mean cells
        // that would finish one).
        for mark in winning.iter().flat_map(|copy| overlay::winning_snaky(copy)) {
            layer.spawn(mark);
        }
        for &cell in &finishing {
            layer.spawn(overlay::threat_ring(cell));
        }
        if line.is_some() {
            return;
        }
        if let Some(cell) = session.shown_hint() {
            if matches!(session.hint_reason(), Some(HintReason::Builds(_))) {
                for shape_cell in built_shape(game, cell).into_iter().flatten() {
                    layer.spawn((HintShapeMark, MarkedCell(shape_cell), overlay::shape_tile(shape_cell)));
                }
            }
            layer.spawn((HintMark, MarkedCell(cell), overlay::hint_square(cell)));
            // Off the proof, the move near the stones the panel names, outlined: a cell named only
            // by its coordinates is hard to find.
            if let Some(&(near, _)) = session.near_move() {
                layer.spawn((NearMark, MarkedCell(near), overlay::near_square(near)));
            }
        }
    });
}

#[allow(clippy::type_complexity)]
fn update_panel(
    session: Option<Res<MakerSession>>,
    lang: Res<Lang>,
    data: Res<SaveData>,
    mut texts: Query<(&Info, &mut Text, &mut TextColor)>,
    mut controls: Query<(&Control, &mut ButtonKind, &Children)>,
    mut labels: Query<&mut Text, Without<Info>>,
) {
    let Some(session) = session else { return };
    if !session.is_changed() && !lang.is_changed() && !data.is_changed() {
        return;
    }
    let lang = lang.0;
    let won = session.game().won().then(|| session.moves());
    let advice = session.advice();
    let in_goal = text::within_goal(advice.as_ref(), session.moves(), PAR);
    for (info, mut content, mut colour) in &mut texts {
        // A question waiting for the same key again stands out (newcomer #25 saw nothing happen on
        // the first R).
        if *info == Info::LevelNote {
            let wanted = if session.pending_level().is_some() { palette::BAD } else { palette::INK_SOFT };
            if colour.0 != wanted {
                colour.0 = wanted;
            }
        }
        // The proven win drawn in the proof's colour while it comes within the goal.
        if *info == Info::Coach {
            let wanted = if in_goal || won.is_some() { palette::PRIMARY } else { palette::PAST_GOAL };
            if colour.0 != wanted {
                colour.0 = wanted;
            }
        }
        let wanted = match info {
            Info::Status => text::status(lang, won, session.assisted(), !session.game().threats().is_empty()),
            Info::Goal => text::goal(lang, PAR, session.moves(), session.assisted(), session.game().won()),
            Info::Coach => match won {
                Some(moves) => {
                    // The next level, round, not yet beaten within the goal without help.
                    let bests = &data.save.settings.maker_best;
                    let beaten = |level: &Level| bests.get(level).is_some_and(|&best| best <= PAR);
                    let after = session.level().next();
                    let next = [after, after.next()].into_iter().find(|level| !beaten(level));
                    text::result(lang, moves, PAR, next, session.assisted())
                }
                None => text::coach(lang, advice.as_ref(), session.moves()),
            },
            Info::CoachSource => {
                text::coach_source(lang, advice.as_ref(), session.moves(), PAR, session.aim())
            }
            Info::Cost => {
                text::cost(lang, session.last_cost(), advice.as_ref(), session.moves(), session.last_missed())
            }
            Info::Gain => text::gain(lang, session.last_gain()),
            Info::Threats if won.is_some() => String::new(),
            // Before the first move, where the how-to is: the proof's line shows a double threat
            // built (newcomer #30 found the way to win only after watching it).
            Info::Threats if session.game().moves().is_empty() && session.proof_line().is_none() => {
                text::first_move_tip(lang).to_string()
            }
            Info::Threats => {
                let reply = session.game().breaker_cells().last().copied();
                text::threats(lang, session.last_threats(), reply)
            }
            Info::Hint => {
                // The line, while shown, says what each hint does: the hint's own line gives way.
                let shown = advice.as_ref().filter(|_| session.hint_shown && session.proof_line().is_none());
                let reason = shown.and(session.hint_reason());
                // Off the proof, a move near the stones too, said to be unproven.
                let near = shown.and(session.near_move());
                text::hint(lang, shown, reason, near)
            }
            Info::LevelNote => match session.pending_level() {
                Some(level) => text::confirm_level(lang, level, session.level()),
                None => text::level_note(lang, session.level()).to_string(),
            },
            Info::Best => text::best(
                lang,
                session.level(),
                data.save.settings.maker_best.get(&session.level()).copied(),
                // What every hint would have won this game in: once it is won, to set the
                // player's count against (during play it crowded the panel beside the goal, and
                // newcomers #43 and #47 read it as a second goal).
                session.hint_par().filter(|_| session.game().won()),
                PAR,
            ),
            Info::Legend => {
                text::legend(lang, session.hint_shown, session.proof_line().is_some()).to_string()
            }
            Info::ProofLine => session
                .proof_line()
                .map_or(String::new(), |line| text::proof_line(lang, session.game(), line)),
            Info::Review => {
                if won.is_some() {
                    text::review(lang, session.review()).join("\n")
                } else {
                    String::new()
                }
            }
        };
        if content.0 != wanted {
            content.0 = wanted;
        }
    }
    for (control, mut button, children) in &mut controls {
        let (kind, label) = match control {
            // Nothing to hint once the Snaky is built.
            Control::Hint if session.game().won() => {
                (ButtonKind::Disabled, Some(text::hint_button(lang, false).to_string()))
            }
            Control::Hint => (
                if session.hint_shown { ButtonKind::Primary } else { ButtonKind::Secondary },
                Some(text::hint_button(lang, session.hint_shown).to_string()),
            ),
            Control::Level(level) => {
                (if *level == session.level() { ButtonKind::Primary } else { ButtonKind::Secondary }, None)
            }
            Control::Undo => (
                if session.game().moves().is_empty() { ButtonKind::Disabled } else { ButtonKind::Secondary },
                None,
            ),
            Control::ProofLine => {
                let open = session.proof_line().is_some();
                let kind = if open {
                    ButtonKind::Primary
                } else if session.game().won() || session.advice().is_none() {
                    ButtonKind::Disabled
                } else {
                    ButtonKind::Secondary
                };
                (kind, Some(text::proof_line_button(lang, open).to_string()))
            }
        };
        if *button != kind {
            *button = kind;
        }
        if let Some(label) = label {
            widgets::relabel(children, &mut labels, &label);
        }
    }
}
