//! Snaky practice without a window: after a game the Breaker screen offers its boards, Q opens
//! them, clicks and keys try replies, the board marks each try and the answers as the engine's
//! puzzle says (`tests/snaky_practice.rs` checks the engine against a replay and a brute force),
//! and Esc goes back to the game unchanged.

use std::time::Duration;

use bevy::camera::NormalizedRenderTarget;
use bevy::picking::backend::HitData;
use bevy::picking::events::{Click, Pointer};
use bevy::picking::pointer::{Location, PointerButton, PointerId};
use bevy::prelude::*;

use pokopoko::app::snaky::model::practice::PracticeSession;
use pokopoko::app::snaky::practice::{AnswerMark, TriedMark};
use pokopoko::app::snaky::{Cursor, Session};
use pokopoko::app::theme::widgets::ButtonKind;
use pokopoko::app::{Go, SavePlace, Screen};
use pokopoko::snaky::practice::Puzzle;
use pokopoko::snaky::{self, Cell, Maker};

use crate::common::{game, key};
use crate::snaky::click;

/// The cells of the board's marks of one kind, sorted.
fn marked<M: Component>(app: &mut App, cell: fn(&M) -> Cell) -> Vec<Cell> {
    let mut cells: Vec<Cell> = app.world_mut().query::<&M>().iter(app.world()).map(cell).collect();
    cells.sort();
    cells
}

/// A game of the paper's Maker with two practice boards, Breaker's moves 2 and 3, the second a
/// move that lost 5 and let Maker make a double threat (the random computer Breaker's seed 1).
/// (The lesson's record in `tests/app/snaky.rs` had two until its move 4 turned out to keep more
/// only against this Maker's order, which practice leaves out.)
const RECORD: &str = "7,10 5,10 8,5 5,11 6,5 9,6";

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

fn texts(app: &mut App) -> Vec<String> {
    app.world_mut().query::<&Text>().iter(app.world()).map(|t| t.0.clone()).collect()
}

/// The record played by clicks on the Breaker screen, to Maker's win.
/// An earlier costly try's square gives way to a pale stone of a later try's picture on its cell
/// (newcomer #133 read a red square around a pale Maker stone as one mark over another); a try
/// that holds keeps its green square. On the record's second board, a costly try on a cell of
/// another costly try's picture, found by the engine.
#[test]
fn an_earlier_try_s_square_gives_way_to_a_pale_stone_on_its_cell() {
    use pokopoko::snaky::practice::Verdict;
    let mut app = finished_game();
    let board = &puzzles()[1];
    key(&mut app, KeyCode::KeyQ);
    app.update();
    key(&mut app, KeyCode::KeyN);
    app.update();
    let stones: Vec<Cell> = board.stones().iter().map(|s| s.0).collect();
    let costly = |cell: Cell| !stones.contains(&cell) && matches!(board.verdict(cell), Verdict::Costs { .. });
    let near = stones
        .iter()
        .flat_map(|c| (-2..=2).flat_map(move |dx| (-2..=2).map(move |dy| Cell::new(c.x + dx, c.y + dy))));
    let (earlier, later) = near
        .filter(|&cell| costly(cell))
        .find_map(|later| {
            let line = board.line_after(later)?;
            let under =
                line.drawn().iter().skip(1).map(|s| s.0).find(|&cell| cell != board.played() && costly(cell));
            under.map(|earlier| (earlier, later))
        })
        .expect("a costly try on another's picture");
    click(&mut app, earlier);
    assert!(tried(&mut app).contains(&TriedMark { cell: earlier, holds: false }));
    click(&mut app, later);
    let pale = marked::<pokopoko::app::snaky::practice::TryLineStone>(&mut app, |m| m.0);
    assert!(pale.contains(&earlier), "{earlier:?} under the later try's picture");
    assert_eq!(tried(&mut app), [TriedMark { cell: later, holds: false }], "the earlier square gives way");
}

fn finished_game() -> App {
    let mut app = game(SavePlace::Memory, None);
    crate::snaky::papers_maker(&mut app);
    app.world_mut().write_message(Go(Screen::Snaky));
    for _ in 0..3 {
        app.update();
    }
    for cell in snaky::parse_moves(RECORD).expect("a record") {
        assert!(!app.world().resource::<Session>().game().won());
        click(&mut app, cell);
    }
    assert!(app.world().resource::<Session>().game().won());
    app
}

/// The engine's boards for the record, worked out apart from the screen.
fn puzzles() -> Vec<Puzzle> {
    let cards = Maker::Paper.cards().expect("cards");
    let game = snaky::replay(cards, &snaky::parse_moves(RECORD).expect("a record")).expect("legal");
    snaky::practice::puzzles(&game)
}

/// The button labelled `label` and how it is coloured.
fn button(app: &mut App, label: &str) -> (Entity, ButtonKind) {
    let mut buttons = app.world_mut().query_filtered::<(Entity, &Children, &ButtonKind), With<Button>>();
    let world = app.world();
    buttons
        .iter(world)
        .find(|(_, children, _)| children.iter().any(|c| world.get::<Text>(c).is_some_and(|t| t.0 == label)))
        .map(|(entity, _, kind)| (entity, *kind))
        .unwrap_or_else(|| panic!("no button labelled {label}"))
}

/// The label of practice's plan button on a solved board: whether it has a plan to draw.
fn plan_label(has_plan: bool) -> &'static str {
    if has_plan { "作り手の計画 (L)" } else { "この盤は計画の図なし" }
}

/// A click on the button labelled `label`, as the pointer delivers it.
fn click_button(app: &mut App, label: &str) {
    let (entity, _) = button(app, label);
    let hit = HitData::new(Entity::PLACEHOLDER, 0.0, None, None);
    let location =
        Location { target: NormalizedRenderTarget::None { width: 1280, height: 800 }, position: Vec2::ZERO };
    let click = Click { button: PointerButton::Primary, hit, duration: Duration::from_millis(80), count: 1 };
    app.world_mut().trigger(Pointer::new(PointerId::Mouse, location, click, entity));
    app.update();
}

fn tried(app: &mut App) -> Vec<TriedMark> {
    app.world_mut().query::<&TriedMark>().iter(app.world()).copied().collect()
}

#[test]
fn practice_waits_for_the_end_of_the_game() {
    let mut app = game(SavePlace::Memory, None);
    app.world_mut().write_message(Go(Screen::Snaky));
    for _ in 0..3 {
        app.update();
    }
    click(&mut app, Cell::new(6, 7));
    key(&mut app, KeyCode::KeyQ);
    app.update();
    assert_eq!(screen(&app), Screen::Snaky);
    let notice = app.world().resource::<Session>().notice.clone().expect("the refusal is said");
    assert!(notice.said.text(pokopoko::save::Language::English).starts_with("Practice opens once"));
}

/// A game with no board of its own practises boards of other games (newcomer #99 read "Nothing to
/// practise"; #95 and #99 asked for fresh positions): the perfect computer Breaker's game, which
/// loses nothing (SPEC §2.5: it holds the paper's Maker to 21). M adds more.
#[test]
fn a_game_without_boards_practises_other_games() {
    use pokopoko::snaky::practice::Origin;
    use pokopoko::snaky::{BreakerKind, ComputerBreaker, Game};
    let mut played = Game::started(Maker::Paper.cards().expect("cards"));
    snaky::play_out(&mut played, &mut ComputerBreaker::new(BreakerKind::Perfect, 0));
    assert_eq!(played.maker_cells().len(), 21);
    assert!(snaky::practice::puzzles(&played).is_empty());
    assert!(snaky::practice::left_out(&played).is_empty());
    let mut app = game(SavePlace::Memory, None);
    app.insert_resource(pokopoko::app::i18n::Lang(pokopoko::save::Language::English));
    crate::snaky::papers_maker(&mut app);
    app.world_mut().write_message(Go(Screen::Snaky));
    for _ in 0..3 {
        app.update();
    }
    let record = snaky::record::format_moves(played.breaker_cells());
    app.world_mut().write_message(pokopoko::app::snaky::SnakyInput::LoadRecord(record));
    app.update();
    assert!(app.world().resource::<Session>().game().won());
    app.update();
    assert!(texts(&mut app).iter().any(|t| t == "Practise: boards from other games (Q)"));
    key(&mut app, KeyCode::KeyQ);
    app.update();
    app.update();
    assert_eq!(screen(&app), Screen::SnakyPractice);
    let practice = app.world().resource::<PracticeSession>();
    assert_eq!((practice.yours(), practice.position().1), (0, 3));
    let Origin::Computer { seed } = practice.puzzle().origin() else {
        panic!("a board of the player's game")
    };
    // The board is the computer's game's, replayed here from its seed.
    let mut other = Game::started(Maker::Paper.cards().expect("cards"));
    snaky::play_out(&mut other, &mut ComputerBreaker::new(BreakerKind::Mixed, seed));
    let played_there = other.breaker_cells()[practice.puzzle().move_number() - 1];
    assert_eq!(practice.puzzle().played_in_the_game(), played_there);
    let all = texts(&mut app);
    assert!(!all.iter().any(|t| t.starts_with("No board for")), "{all:?}");
    assert!(all.iter().any(|t| t.starts_with("A board from another game (a computer Breaker")), "{all:?}");
    key(&mut app, KeyCode::KeyM);
    app.update();
    app.update();
    assert_eq!(app.world().resource::<PracticeSession>().position(), (4, 6));
}

/// A try's picture with a pale stone on the move played keeps that move's red ring over it
/// (newcomer #123 read a pale Maker stone there as the game's own move): on the record's second
/// board, the try (6,4), whose double threat Maker builds through (8,5), the move played.
#[test]
fn a_pale_stone_on_the_move_played_keeps_its_ring_over_it() {
    use pokopoko::app::snaky::practice::PlayedOverLine;
    let mut app = finished_game();
    let boards = puzzles();
    key(&mut app, KeyCode::KeyQ);
    app.update();
    key(&mut app, KeyCode::KeyN);
    app.update();
    let (played, tried) = (boards[1].played(), Cell::new(6, 4));
    let line = boards[1].line_after(tried).expect("a costly try");
    assert!(line.drawn().iter().skip(1).any(|s| s.0 == played), "its picture passes the move played");
    assert_eq!(marked::<PlayedOverLine>(&mut app, |m| m.0), []);
    click(&mut app, tried);
    assert_eq!(marked::<PlayedOverLine>(&mut app, |m| m.0), [played]);
}

#[test]
fn after_a_game_q_opens_its_boards_and_tries_are_marked_as_the_engine_says() {
    let mut app = finished_game();
    let boards = puzzles();
    let numbers: Vec<usize> = boards.iter().map(Puzzle::move_number).collect();
    assert_eq!(numbers, [2, 3], "the record's two boards");
    assert!(texts(&mut app).iter().any(|t| t == "練習 2問 (Q)"), "the button names the boards");
    key(&mut app, KeyCode::KeyQ);
    app.update();
    assert_eq!(screen(&app), Screen::SnakyPractice);
    assert_eq!(button(&mut app, "次の問題 (N)").1, ButtonKind::Primary, "the next board first");
    assert_eq!(button(&mut app, "ほかの対局から (M)").1, ButtonKind::Secondary);
    // The first round shows the board as the game did (newcomers #107 and #108 had to map turned
    // boards back to their game): the move played is named once.
    assert_eq!(boards[0].symmetry(), pokopoko::snaky::Symmetry::IDENTITY);
    let played = boards[0].played_in_the_game();
    let said = texts(&mut app);
    assert!(
        said.iter().any(|t| t
            .starts_with(&format!("あなたの2手目の局面（対局のまま）。対局では赤い丸の {played} に打ち"))),
        "{said:?}"
    );
    // Once answered, the board says why its answer held, from Maker's plan, and no rule.
    click(&mut app, boards[0].answers()[0]);
    assert_eq!(app.world().resource::<PracticeSession>().score(), (1, 1));
    let said = texts(&mut app);
    assert!(said.iter().any(|t| t.contains("が持ちこたえる理由")), "{said:?}");
    // The Snaky the answer spoils is tinted, as the engine finds it (newcomer #103).
    let spoiled = boards[0].spoiled(boards[0].answers()[0]).expect("a Snaky to draw");
    let tinted = marked::<pokopoko::app::snaky::practice::SpoiledMark>(&mut app, |m| m.0);
    let mut expected = spoiled.to_vec();
    expected.sort();
    assert_eq!(tinted, expected);
    // With the Maker stones on it, counted on the board itself (newcomer #120).
    let maker: Vec<Cell> =
        boards[0].stones().iter().filter(|s| s.1 == pokopoko::snaky::Player::Maker).map(|s| s.0).collect();
    let held = spoiled.iter().filter(|c| maker.contains(c)).count();
    let tiles = match held {
        0 => "（黄色のマス：作り手の石はまだありません）".to_string(),
        n => format!("（黄色のマス：作り手の石がもう{n}個）"),
    };
    let many = matches!(boards[0].role_of(boards[0].answers()[0]), Some(snaky::review::Role::NeededFree { shapes }) if shapes > 1);
    assert!(many || said.iter().any(|t| t.contains(&tiles)), "{tiles}: {said:?}");
    assert!(said.iter().all(|t| !t.contains("コツ")), "{said:?}");
    // Its idea named first, as the lesson names it (newcomers #124, #126 and #129).
    let idea = boards[0]
        .idea_of(boards[0].answers()[0])
        .map(|p| pokopoko::snaky::words::idea_of(pokopoko::language::Language::Japanese, p));
    let idea = idea.expect("the record's first board has an idea, about its first answer");
    assert!(
        said.iter().any(|t| t.starts_with(&idea) && t.contains("が持ちこたえる理由")),
        "{idea}: {said:?}"
    );
    // Solved, the plan's button says whether this board has a plan to draw.
    button(&mut app, plan_label(boards[0].line_to_reason(boards[0].answers()[0]).is_some()));
    key(&mut app, KeyCode::KeyN);
    app.update();
    let puzzle = &boards[1];
    // The move played in the game: it does not hold, and its square says so.
    click(&mut app, puzzle.played());
    assert_eq!(tried(&mut app), [TriedMark { cell: puzzle.played(), holds: false }]);
    let said = texts(&mut app);
    assert!(said.iter().any(|t| t.contains("、-5）") && t.contains("もう一度")), "{said:?}");
    // Why it cost: the double threat it let Maker make, as the engine finds it (newcomer #74),
    // drawn with the moves that lead there: pale stones and its finishing cells ringed
    // (newcomers #110 and #111 looked for named cells the board did not show).
    let (number, cells) = puzzle.double_threat_after(puzzle.played()).expect("a double threat after it");
    let first = format!("({},{})", cells[0].x, cells[0].y);
    let why = format!("このあと作り手は{number}手目で");
    assert!(
        said.iter().any(|t| t.contains(&why) && t.contains(&first) && t.contains("うすい石")),
        "{said:?}"
    );
    let line = puzzle.line_after(puzzle.played()).expect("its line");
    let pale = marked::<pokopoko::app::snaky::practice::TryLineStone>(&mut app, |m| m.0);
    // (The try itself is its square: newcomer #113.)
    assert_eq!(line.stones[0].0, puzzle.played(), "the line starts with the try");
    // Only Maker's stones on the double threat's Snakies (newcomers #123 to #126 could not read
    // a whole line).
    let mut drawn: Vec<Cell> = line.drawn().iter().skip(1).map(|s| s.0).collect();
    drawn.sort();
    assert_eq!(pale, drawn, "the double threat's stones, pale");
    assert!(drawn.len() + 1 < line.stones.len(), "fewer than the whole line");
    let ringed = marked::<pokopoko::app::snaky::practice::TryLineFinish>(&mut app, |m| m.0);
    let mut expected = cells.clone();
    expected.sort();
    assert_eq!(ringed, expected, "its finishing cells ringed");
    // Unsolved, the plan's button is grey and L does nothing.
    assert_eq!(button(&mut app, "作り手の計画 (L)").1, ButtonKind::Disabled);
    key(&mut app, KeyCode::KeyL);
    app.update();
    // A reply that holds, by the keys: the cursor to it, Enter.
    let answer = puzzle.answers()[0];
    let at = app.world().resource::<Cursor>().0;
    for _ in 0..(answer.x - at.x).abs() {
        key(&mut app, if answer.x > at.x { KeyCode::ArrowRight } else { KeyCode::ArrowLeft });
    }
    for _ in 0..(answer.y - at.y).abs() {
        key(&mut app, if answer.y > at.y { KeyCode::ArrowUp } else { KeyCode::ArrowDown });
    }
    key(&mut app, KeyCode::Enter);
    app.update();
    assert_eq!(tried(&mut app).last(), Some(&TriedMark { cell: answer, holds: true }));
    // The costly try's line goes with the next try; once solved, the moves the answer's reason
    // speaks of are drawn instead (newcomer #112), when asked for with L (newcomers #115 and
    // #116 read them over the answers as a muddle).
    let pale = marked::<pokopoko::app::snaky::practice::TryLineStone>(&mut app, |m| m.0);
    assert_eq!(pale, [], "nothing pale until L");
    let asked = texts(&mut app).iter().any(|t| t.contains("（L：対局の手のあとの作り手の計画を表示）"));
    let has_plan = puzzle.line_to_reason(answer).is_some();
    assert_eq!(asked, has_plan);
    // L's button, for a player on the mouse alone: grey where the board has no plan to draw.
    let plan_button = button(&mut app, plan_label(has_plan)).1;
    assert_eq!(plan_button == ButtonKind::Secondary, has_plan, "{plan_button:?}");
    click_button(&mut app, plan_label(has_plan));
    if has_plan {
        button(&mut app, "計画を消す (L)");
    }
    let pale = marked::<pokopoko::app::snaky::practice::TryLineStone>(&mut app, |m| m.0);
    // (Over the tries' squares too, but for the move played, its ring: newcomer #115 missed a
    // Maker move hidden under a try.)
    let line = puzzle.line_to_reason(answer).unwrap_or_default();
    assert!(
        line.first().is_none_or(|s| s.0 == puzzle.played()),
        "the reason's line starts with the move played"
    );
    let mut reason: Vec<Cell> = line.iter().skip(1).map(|s| s.0).collect();
    reason.sort();
    assert_eq!(pale, reason, "the reason's line, not the try's");
    let pale_said = texts(&mut app).iter().any(|t| t.contains("うすい石：対局の手のあとの作り手の計画"));
    assert_eq!(pale_said, puzzle.line_to_reason(answer).is_some());
    // L hides it again and brings it back.
    key(&mut app, KeyCode::KeyL);
    app.update();
    assert_eq!(marked::<pokopoko::app::snaky::practice::TryLineStone>(&mut app, |m| m.0), []);
    key(&mut app, KeyCode::KeyL);
    app.update();
    assert_eq!(marked::<pokopoko::app::snaky::practice::TryLineStone>(&mut app, |m| m.0), reason);
    assert_eq!(app.world().resource::<PracticeSession>().score(), (2, 1));
    // The round's last board done, More boards comes first (newcomer #134 asked to end a round on
    // fresh boards), and the score says so.
    assert_eq!(button(&mut app, "ほかの対局から (M)").1, ButtonKind::Primary);
    assert_eq!(button(&mut app, "次の問題 (N)").1, ButtonKind::Secondary);
    assert!(
        texts(&mut app).iter().any(|t| t.contains("次は「ほかの対局から (M)」")),
        "{:?}",
        texts(&mut app)
    );
    let said = texts(&mut app);
    assert!(said.iter().any(|t| t.starts_with("正解：") && t.contains("ほかの手も試せます")), "{said:?}");
    // The other replies that hold wait for A (newcomer #23 wanted to try more first).
    assert_eq!(app.world_mut().query::<&AnswerMark>().iter(app.world()).count(), 0);
    key(&mut app, KeyCode::KeyA);
    app.update();
    let mut marked: Vec<Cell> =
        app.world_mut().query::<&AnswerMark>().iter(app.world()).map(|m| m.0).collect();
    marked.push(answer);
    // The replies that hold within two cells of a stone (as a king moves) are green, with the
    // first answer; those further away are counted in the text.
    let stones: Vec<Cell> = puzzle.stones().iter().map(|s| s.0).collect();
    let near = |c: &Cell| stones.iter().any(|s| (s.x - c.x).abs() <= 2 && (s.y - c.y).abs() <= 2);
    let all = puzzle.answers();
    let mut answers: Vec<Cell> =
        all.iter().enumerate().filter(|&(i, c)| i == 0 || near(c)).map(|(_, &c)| c).collect();
    marked.sort();
    answers.sort();
    assert_eq!(marked, answers, "every reply that holds near the stones is green");
    // The far ones that hold too go unsaid (newcomers #73, #74 read them as far play being good).
    assert!(texts(&mut app).iter().all(|t| !t.contains("石から離れたマス")), "far cells unsaid");
    assert_eq!(app.world().resource::<PracticeSession>().score(), (2, 1), "counted once");
    assert!(texts(&mut app).iter().any(|t| t.contains("が持ちこたえる理由")), "why it holds");
    let said = texts(&mut app);
    assert!(said.iter().all(|t| !t.contains("ほかの手も試せます")), "nothing left to try: {said:?}");
    let cursors = app.world_mut().query::<&pokopoko::app::snaky::CursorMark>().iter(app.world()).count();
    assert_eq!(cursors, 0, "no cursor on an answered board");
    // Back to the game, as it was.
    key(&mut app, KeyCode::Escape);
    app.update();
    assert_eq!(screen(&app), Screen::Snaky);
    let game = app.world().resource::<Session>().game();
    assert!(game.won());
    assert_eq!(game.breaker_cells(), snaky::parse_moves(RECORD).expect("a record"));
}

#[test]
fn the_answer_asked_for_is_shown_and_a_taken_cell_is_no_try() {
    let mut app = finished_game();
    key(&mut app, KeyCode::KeyQ);
    app.update();
    let puzzle = &puzzles()[0];
    click(&mut app, Cell::new(8, 8));
    assert!(tried(&mut app).is_empty(), "Maker's opening is a stone, not a try");
    key(&mut app, KeyCode::KeyA);
    app.update();
    let marked = app.world_mut().query::<&AnswerMark>().iter(app.world()).count();
    // Those within two cells of a stone (as a king moves), and the first.
    let stones: Vec<Cell> = puzzle.stones().iter().map(|s| s.0).collect();
    let near = |c: &Cell| stones.iter().any(|s| (s.x - c.x).abs() <= 2 && (s.y - c.y).abs() <= 2);
    let shown = puzzle.answers().iter().enumerate().filter(|&(i, c)| i == 0 || near(c)).count();
    assert_eq!(marked, shown);
    let answer = puzzle.answers()[0];
    let said = texts(&mut app);
    assert!(
        said.iter().any(|t| t.starts_with(&format!("持ちこたえる手：({},{})", answer.x, answer.y))),
        "{said:?}"
    );
    assert_eq!(app.world().resource::<PracticeSession>().score(), (0, 0), "shown, not solved");
}

/// A board solved by a reply whose reason speaks of no move of Maker's plan has no plan to draw:
/// its button says so, grey (newcomers #122 and #124 found "Maker's plan" grey and wondered),
/// and L draws nothing. The record's second board, solved by its third answer.
#[test]
fn a_board_without_a_plan_to_draw_says_so_on_its_button() {
    let mut app = finished_game();
    let boards = puzzles();
    let answer = boards[1].answers()[2];
    assert_eq!(boards[1].line_to_reason(answer), None, "no plan behind this answer");
    key(&mut app, KeyCode::KeyQ);
    app.update();
    key(&mut app, KeyCode::KeyN);
    app.update();
    assert_eq!(button(&mut app, plan_label(true)).1, ButtonKind::Disabled, "grey until solved");
    click(&mut app, answer);
    assert_eq!(tried(&mut app).last(), Some(&TriedMark { cell: answer, holds: true }));
    assert_eq!(button(&mut app, plan_label(false)).1, ButtonKind::Disabled);
    key(&mut app, KeyCode::KeyL);
    app.update();
    assert_eq!(marked::<pokopoko::app::snaky::practice::TryLineStone>(&mut app, |m| m.0), []);
    assert_eq!(button(&mut app, plan_label(false)).1, ButtonKind::Disabled);
}
