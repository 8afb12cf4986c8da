//! Snaky as Maker without a window: the menu opens it, clicks and keys claim cells, the computer
//! Breaker answers, the proof's verdict and hint are on screen, and only unaided wins are a best.

use bevy::prelude::*;

use pokopoko::app::snaky::maker::HintMark;
use pokopoko::app::snaky::model::maker::MakerSession;
use pokopoko::app::storage::SaveData;
use pokopoko::app::{Go, SavePlace, Screen};
use pokopoko::snaky::as_maker::{Coach, Level, MakerGame};
use pokopoko::snaky::{Cell, Player};

use crate::common::{game, key};
use crate::snaky::click;

fn maker_screen() -> App {
    let mut app = game(SavePlace::Memory, None);
    // The menu's key for Snaky as Maker.
    key(&mut app, KeyCode::KeyX);
    for _ in 0..2 {
        app.update();
    }
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::SnakyMaker);
    app
}

fn session(app: &App) -> &MakerSession {
    app.world().resource::<MakerSession>()
}

fn texts(app: &mut App) -> Vec<String> {
    app.world_mut().query::<&Text>().iter(app.world()).map(|t| t.0.clone()).collect()
}

/// The proof, asked directly of the engine (the screen's own coach is not consulted).
fn proven(game: &MakerGame) -> (Cell, u32) {
    let coach = Coach::shipped().expect("the shipped certificates");
    let advice = coach.advise(game).expect("Maker to move");
    (advice.hint, advice.within)
}

#[test]
fn the_screen_opens_on_the_proofs_promise_and_the_hint_marks_8_8() {
    let mut app = maker_screen();
    // SPEC §2.3: our 19's root, pivot (8,8), h = 19.
    assert!(texts(&mut app).iter().any(|t| t == "証明つき：あと19手以内に勝てます"));
    assert!(texts(&mut app).iter().any(|t| t == "19手目までに、19手証明で：その最初の一手から"));
    assert!(app.world_mut().query::<&HintMark>().iter(app.world()).next().is_none());
    key(&mut app, KeyCode::KeyH);
    app.update();
    let marks: Vec<Cell> = app
        .world_mut()
        .query_filtered::<&pokopoko::app::snaky::maker::MarkedCell, With<HintMark>>()
        .iter(app.world())
        .map(|m| m.0)
        .collect();
    assert_eq!(marks, [Cell::new(8, 8)]);
    assert!(session(&app).assisted());
}

#[test]
fn a_click_claims_the_breaker_answers_and_a_taken_cell_is_refused() {
    let mut app = maker_screen();
    click(&mut app, Cell::new(8, 8));
    let game = session(&app).game().clone();
    assert_eq!(game.maker_cells(), [Cell::new(8, 8)]);
    assert_eq!(game.breaker_cells().len(), 1, "the computer Breaker answered");
    let taken = game.breaker_cells()[0];
    click(&mut app, taken);
    assert_eq!(session(&app).game().moves().len(), 2, "a taken cell changes nothing");
    // The verdict on screen is the engine's for this position.
    let (_, within) = proven(&game);
    assert!(texts(&mut app).iter().any(|t| t.contains(&format!("あと{within}手以内"))), "{within}");
}

/// Moves the board cursor to `cell` with the arrow keys and claims it with Enter.
fn claim_by_keys(app: &mut App, cell: Cell) {
    let at = app.world().resource::<pokopoko::app::snaky::Cursor>().0;
    let (dx, dy) = (cell.x - at.x, cell.y - at.y);
    let horizontal = if dx > 0 { KeyCode::ArrowRight } else { KeyCode::ArrowLeft };
    let vertical = if dy > 0 { KeyCode::ArrowUp } else { KeyCode::ArrowDown };
    for _ in 0..dx.abs() {
        key(app, horizontal);
    }
    for _ in 0..dy.abs() {
        key(app, vertical);
    }
    assert_eq!(app.world().resource::<pokopoko::app::snaky::Cursor>().0, cell);
    key(app, KeyCode::Enter);
    app.update();
}

/// Plays the proof's moves (found by the engine, not shown on screen) with keys to the win.
fn win_by_keys(app: &mut App) -> u32 {
    let mut promise = u32::MAX;
    while !session(app).game().won() {
        let game = session(app).game().clone();
        assert_eq!(game.to_move(), Some(Player::Maker));
        let (hint, within) = proven(&game);
        promise = promise.min(game.maker_cells().len() as u32 + within);
        claim_by_keys(app, hint);
    }
    let moves = session(app).moves();
    assert!(moves <= promise, "{moves} > {promise}");
    moves
}

#[test]
fn the_keys_alone_win_within_19_and_only_an_unaided_win_is_a_best() {
    let mut app = maker_screen();
    let moves = win_by_keys(&mut app);
    assert!(moves <= 19, "{moves}");
    let best =
        |app: &App, level| app.world().resource::<SaveData>().save.settings.maker_best.get(&level).copied();
    assert_eq!(best(&app, Level::Blocker), Some(moves));
    assert!(texts(&mut app).iter().any(|t| t.starts_with(&format!("{moves}手で完成"))));
    // Against the searcher, with the hint shown once: a win, but no best.
    key(&mut app, KeyCode::Digit3);
    app.update();
    assert_eq!(session(&app).level(), Level::Searcher);
    key(&mut app, KeyCode::KeyH);
    let moves = win_by_keys(&mut app);
    assert!(moves <= 19, "{moves}");
    assert_eq!(best(&app, Level::Searcher), None);
    assert!(texts(&mut app).iter().any(|t| t.starts_with(&format!("{moves}手で完成！（ヒントあり）"))));
}

#[test]
fn escape_goes_back_to_the_menu_and_the_game_waits_there() {
    let mut app = maker_screen();
    click(&mut app, Cell::new(8, 8));
    key(&mut app, KeyCode::Escape);
    app.update();
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Menu);
    // The menu's focus is on Snaky as Maker, where the player came from: Enter goes back.
    key(&mut app, KeyCode::Enter);
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::SnakyMaker);
    assert_eq!(session(&app).game().maker_cells(), [Cell::new(8, 8)]);
    // The new screen draws the game left there and says where its proof stands.
    let stones: Vec<(Cell, Player)> = app
        .world_mut()
        .query::<&pokopoko::app::snaky::Stone>()
        .iter(app.world())
        .map(|s| (s.cell, s.player))
        .collect();
    let reply = session(&app).game().breaker_cells()[0];
    assert_eq!(stones.len(), 2, "{stones:?}");
    assert!(stones.contains(&(Cell::new(8, 8), Player::Maker)) && stones.contains(&(reply, Player::Breaker)));
    assert!(texts(&mut app).iter().any(|t| t.starts_with("証明つき：あと")), "{:?}", texts(&mut app));
}

/// How to win (G, or L) opened from a Maker game goes back to that game with Esc, its stones as they
/// were (newcomer #64 was sent to the menu); How to play (G) from a Breaker game likewise.
#[test]
fn escape_from_the_primer_goes_back_to_the_game_it_was_opened_from() {
    let mut app = maker_screen();
    let settle = |app: &mut App| {
        for _ in 0..3 {
            app.update();
        }
        *app.world().resource::<State<Screen>>().get()
    };
    let go = |app: &mut App, screen: Screen| {
        app.world_mut().write_message(Go(screen));
        settle(app)
    };
    let press = |app: &mut App, code: KeyCode| {
        key(app, code);
        settle(app)
    };
    click(&mut app, Cell::new(8, 8));
    let reply = session(&app).game().breaker_cells()[0];
    assert_eq!(press(&mut app, KeyCode::KeyG), Screen::SnakyLearn);
    assert_eq!(press(&mut app, KeyCode::Escape), Screen::SnakyMaker);
    assert_eq!(session(&app).game().maker_cells(), [Cell::new(8, 8)]);
    assert_eq!(session(&app).game().breaker_cells(), [reply]);

    assert_eq!(go(&mut app, Screen::Snaky), Screen::Snaky);
    assert_eq!(press(&mut app, KeyCode::KeyG), Screen::SnakyLearn);
    assert_eq!(press(&mut app, KeyCode::Escape), Screen::Snaky);
    // Opened from the menu, it goes back to the menu.
    assert_eq!(go(&mut app, Screen::Menu), Screen::Menu);
    assert_eq!(go(&mut app, Screen::SnakyLearn), Screen::SnakyLearn);
    assert_eq!(press(&mut app, KeyCode::Escape), Screen::Menu);
}

#[test]
fn the_breaker_screen_changes_sides_with_x() {
    let mut app = game(SavePlace::Memory, None);
    app.world_mut().write_message(Go(Screen::Snaky));
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Snaky);
    key(&mut app, KeyCode::KeyX);
    for _ in 0..2 {
        app.update();
    }
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::SnakyMaker);
}

/// After an undo the cursor leaves the stone taken back (newcomer #17: Enter then played on it):
/// it goes to the player's last stone left (not the Breaker's answer, where Enter is refused), or
/// to the hint when the hint is on.
#[test]
fn undo_moves_the_cursor_off_the_stone_taken_back() {
    use pokopoko::app::snaky::Cursor;
    let mut app = maker_screen();
    click(&mut app, Cell::new(8, 8));
    click(&mut app, Cell::new(12, 3));
    assert_eq!(app.world().resource::<Cursor>().0, Cell::new(12, 3));
    key(&mut app, KeyCode::KeyZ);
    let game = session(&app).game().clone();
    assert_eq!(game.maker_cells(), [Cell::new(8, 8)]);
    assert_eq!(app.world().resource::<Cursor>().0, Cell::new(8, 8));
    // With the hint on, the cursor goes to it.
    key(&mut app, KeyCode::KeyH);
    click(&mut app, Cell::new(12, 3));
    key(&mut app, KeyCode::KeyZ);
    let hint = session(&app).shown_hint().expect("the hint is on");
    assert_eq!(app.world().resource::<Cursor>().0, hint);
}

/// The shown hint that joins the player's stones tints the shape it builds (newcomer #20: "show
/// the plan on the board"): on every such turn of a game played by the hints, the tinted cells
/// are a Snaky copy through the hint (SPEC §2.1's shape in one of its 8 orientations) with no
/// Breaker stone, holding with the hint the most of the player's stones any such copy holds, by a
/// brute force over every copy through the hint.
#[test]
fn the_hint_tints_the_shape_it_builds() {
    use pokopoko::app::snaky::maker::{HintShapeMark, MarkedCell};
    let mut app = maker_screen();
    key(&mut app, KeyCode::KeyH);
    app.update();
    let mut tinted_turns = 0;
    while !session(&app).game().won() && session(&app).moves() < 30 {
        let game = session(&app).game().clone();
        let hint = session(&app).shown_hint().expect("the hint stays on");
        let mut tinted: Vec<Cell> = app
            .world_mut()
            .query_filtered::<&MarkedCell, With<HintShapeMark>>()
            .iter(app.world())
            .map(|m| m.0)
            .collect();
        tinted.sort_by_key(|c| (c.x, c.y));
        // Every copy through the hint free of Breaker's stones, with the player's stones in it.
        let mut copies = Vec::new();
        for mut copy in crate::snaky::copies_through(hint) {
            if copy.iter().any(|&p| game.owner(p) == Some(Player::Breaker)) {
                continue;
            }
            let mine = copy.iter().filter(|&&p| p == hint || game.owner(p) == Some(Player::Maker)).count();
            copy.sort_by_key(|c| (c.x, c.y));
            copies.push((copy, mine));
        }
        let most = copies.iter().map(|&(_, mine)| mine).max().unwrap_or(0);
        if !tinted.is_empty() {
            tinted_turns += 1;
            assert!(
                copies.iter().any(|(copy, mine)| copy.as_slice() == tinted.as_slice() && *mine == most),
                "{tinted:?} is not a fullest copy through {hint}"
            );
            assert!(most >= 2);
        }
        key(&mut app, KeyCode::Enter);
        app.update();
        app.update();
    }
    assert!(session(&app).game().won(), "the hints win");
    assert!(tinted_turns > 0, "some hint builds on the player's stones");
}

/// Off the proof: the player's stones scattered far from the proof's board.
fn stones_off_the_proof(app: &mut App) {
    use pokopoko::app::snaky::model::maker::MakerInput;
    for x in [40, 47, 54, 61] {
        app.world_mut().write_message(MakerInput::Claim(Cell::new(x, 40)));
        app.update();
    }
}

/// Off the proof the hint is a fresh start far from the player's stones: the cursor goes to the
/// move near them and the view keeps them and it (newcomer #25 lost their place when the view
/// jumped to a fresh start, #32 and #35 when it zoomed out to one).
#[test]
fn a_far_hint_leaves_the_view_on_the_stones_and_the_cursor_on_the_near_move() {
    use pokopoko::app::snaky::BoardView;
    use pokopoko::app::snaky::Cursor;
    use pokopoko::snaky::as_maker::near_suggestion;
    let mut app = maker_screen();
    stones_off_the_proof(&mut app);
    key(&mut app, KeyCode::KeyH);
    app.update();
    let hint = session(&app).shown_hint().expect("a hint");
    let game = session(&app).game().clone();
    let (near, _) = near_suggestion(&game).expect("stones to be near");
    assert!(
        game.maker_cells().iter().all(|m| (m.x - hint.x).abs().max((m.y - hint.y).abs()) > 2),
        "{hint} is far"
    );
    let last = *game.maker_cells().last().expect("stones");
    let view = *app.world().resource::<BoardView>();
    assert!(view.contains(near), "the near move {near} is in view");
    assert!(view.contains(last), "so is the last stone {last}");
    assert_eq!(app.world().resource::<Cursor>().0, near);
}

/// Off the proof the hint's line names a move near the player's stones; the board outlines that
/// cell (a cell named only by coordinates is hard to find), and only while the hint is shown.
#[test]
fn off_the_proof_the_move_near_the_stones_is_outlined() {
    use pokopoko::app::snaky::maker::{MarkedCell, NearMark};
    use pokopoko::snaky::as_maker::near_suggestion;
    let mut app = maker_screen();
    stones_off_the_proof(&mut app);
    let near_marks = |app: &mut App| -> Vec<Cell> {
        app.world_mut()
            .query_filtered::<&MarkedCell, With<NearMark>>()
            .iter(app.world())
            .map(|m| m.0)
            .collect()
    };
    assert!(near_marks(&mut app).is_empty(), "nothing before the hint");
    key(&mut app, KeyCode::KeyH);
    app.update();
    let game = session(&app).game().clone();
    let (near, _) = near_suggestion(&game).expect("stones to be near");
    assert_eq!(near_marks(&mut app), [near]);
    assert!(game.owner(near).is_none());
    assert!(game.maker_cells().iter().any(|m| (m.x - near.x).abs() <= 2 && (m.y - near.y).abs() <= 2));
    assert!(texts(&mut app).iter().any(|t| t.contains(&near.to_string())), "the panel names {near}");
    key(&mut app, KeyCode::KeyH);
    app.update();
    assert!(near_marks(&mut app).is_empty(), "hidden with the hint");
}

/// The proof's line (P): every hint from here against a copy of this game's Breaker, played on
/// the board a move at a time by itself (on the game's clock) to the completed Snaky, each move
/// the coach's hint for its position, the game itself untouched; ← steps back, Esc puts it away
/// and the view goes back to where it was; watching it is help.
#[test]
fn the_proofs_line_plays_the_hints_to_the_win_on_the_board() {
    use pokopoko::app::snaky::maker::ProofLineStone;
    use pokopoko::app::snaky::model::maker::MakerInput;
    let mut app = maker_screen();
    for cell in [Cell::new(8, 8), Cell::new(9, 8)] {
        app.world_mut().write_message(MakerInput::Claim(cell));
        app.update();
    }
    let game = session(&app).game().clone();
    let (_, within) = proven(&game);
    assert!(!session(&app).assisted());
    // The player has panned away before opening the line.
    app.world_mut().resource_mut::<pokopoko::app::snaky::BoardView>().centre = (30.5, 20.5);
    app.update();
    let view = *app.world().resource::<pokopoko::app::snaky::BoardView>();
    key(&mut app, KeyCode::KeyP);
    app.update();
    let line = session(&app).proof_line().expect("the line is shown").clone();
    assert_eq!(line.shown, 0);
    assert_ne!(*app.world().resource::<pokopoko::app::snaky::BoardView>(), view, "the line is framed");
    assert!(session(&app).assisted(), "it shows every hint");
    // Each Maker move of the line is the coach's hint there (asked of the engine directly), and
    // it ends with a completed Snaky within the promise.
    let mut position = game.clone();
    for m in &line.moves {
        if m.player == Player::Maker {
            assert_eq!(m.cell, proven(&position).0, "the hint at {} moves", position.moves().len());
        }
        position.play(m.cell).expect("legal");
    }
    assert!(position.won(), "the line ends with Maker's Snaky");
    let made = position.maker_cells().len() - game.maker_cells().len();
    assert!(made as u32 <= within, "{made} moves, promised within {within}");
    // It plays by itself.
    for _ in 0..(line.moves.len() * 80 + 10) {
        app.update();
    }
    assert_eq!(session(&app).proof_line().map(|l| l.shown), Some(line.moves.len()));
    let pale = app.world_mut().query::<&ProofLineStone>().iter(app.world()).filter(|s| s.0).count();
    assert_eq!(pale, line.moves.len());
    assert_eq!(session(&app).game().moves(), game.moves(), "the game itself is untouched");
    key(&mut app, KeyCode::ArrowLeft);
    assert_eq!(session(&app).proof_line().map(|l| (l.shown, l.playing)), Some((line.moves.len() - 1, false)));
    key(&mut app, KeyCode::Escape);
    assert!(session(&app).proof_line().is_none());
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::SnakyMaker,
        "Esc closed the line only"
    );
    let pale = app.world_mut().query::<&ProofLineStone>().iter(app.world()).filter(|s| s.0).count();
    assert_eq!(pale, 0);
    // The view is back where the player had it (newcomer #32 found the board left panned).
    assert_eq!(*app.world().resource::<pokopoko::app::snaky::BoardView>(), view);
}

/// Before the first move the panel points to the Maker steps (L) and the proof's line (P)
/// (newcomer #30 found how to win only after watching the line, and asked for the patterns by
/// name); the first move puts the tip away.
#[test]
fn the_first_move_is_preceded_by_the_tip_to_watch_the_proofs_line() {
    use pokopoko::app::snaky::model::maker::MakerInput;
    let tip = pokopoko::app::i18n::maker::first_move_tip(pokopoko::save::Language::Japanese);
    assert!(tip.contains("L で勝ち方") && tip.contains("P で証明の進行"), "{tip}");
    let mut app = maker_screen();
    assert!(texts(&mut app).iter().any(|t| t == tip));
    app.world_mut().write_message(MakerInput::Claim(Cell::new(8, 8)));
    app.update();
    assert!(!texts(&mut app).iter().any(|t| t == tip));
}

/// While the hint is shown its reasons take the room of the shape's pictures, so the legend at
/// the panel's foot stays whole (newcomer #32 found it cut off); hiding the hint brings them back.
#[test]
fn the_shown_hint_puts_the_shapes_pictures_away_and_keeps_the_legend() {
    use pokopoko::app::i18n::maker as text;
    let mut app = maker_screen();
    let lang = app.world().resource::<pokopoko::app::i18n::Lang>().0;
    let display_of = |app: &mut App, words: &str| -> Display {
        let mut found = app.world_mut().query::<(&Text, &Node)>();
        found.iter(app.world()).find(|(t, _)| t.0 == words).map(|(_, n)| n.display).expect(words)
    };
    let label = text::shape_label(lang).to_string();
    assert_eq!(display_of(&mut app, &label), Display::Flex);
    key(&mut app, KeyCode::KeyH);
    app.update();
    assert!(app.world().resource::<MakerSession>().shown_hint().is_some());
    assert_eq!(display_of(&mut app, &label), Display::None);
    let legend = text::legend(lang, true, false);
    let shown: Vec<(String, Display)> = app
        .world_mut()
        .query::<(&Text, &Node)>()
        .iter(app.world())
        .filter(|(t, _)| t.0 == legend)
        .map(|(t, n)| (t.0.clone(), n.display))
        .collect();
    assert_eq!(shown.len(), 1, "the legend with the hint's words: {legend}");
    assert_eq!(shown[0].1, Display::Flex);
    key(&mut app, KeyCode::KeyH);
    app.update();
    assert_eq!(display_of(&mut app, &label), Display::Flex);
}

/// One table of board keys for every Snaky board: Shift and an arrow pan the view and leave the
/// cursor where it is (before, on this screen, they did both); the arrow alone moves the cursor.
#[test]
fn shift_and_an_arrow_pan_without_moving_the_cursor() {
    use pokopoko::app::snaky::{BoardView, Cursor};
    let mut app = maker_screen();
    let (cursor, view) = (app.world().resource::<Cursor>().0, *app.world().resource::<BoardView>());
    crate::common::keys_together(&mut app, &[KeyCode::ShiftLeft, KeyCode::ArrowRight]);
    app.update();
    assert_eq!(app.world().resource::<Cursor>().0, cursor, "the cursor stays");
    assert!(app.world().resource::<BoardView>().centre.0 > view.centre.0, "the view pans right");
    key(&mut app, KeyCode::ArrowRight);
    assert_eq!(app.world().resource::<Cursor>().0, Cell::new(cursor.x + 1, cursor.y));
}

/// A claim on a taken cell flashes it red, as on the Breaker screen (newcomer #43 clicked a taken
/// cell as Maker and saw nothing happen); nothing is placed.
#[test]
fn a_claim_on_a_taken_cell_flashes_it() {
    use pokopoko::app::snaky::RefusedFlash;
    use pokopoko::app::snaky::model::maker::MakerInput;
    let mut app = maker_screen();
    app.world_mut().write_message(MakerInput::Claim(Cell::new(8, 8)));
    app.update();
    let moves = session(&app).game().moves().to_vec();
    assert_eq!(moves.len(), 2, "the move and the Breaker's reply");
    app.world_mut().write_message(MakerInput::Claim(Cell::new(8, 8)));
    app.update();
    assert_eq!(session(&app).game().moves(), moves.as_slice(), "nothing placed");
    let flashes: Vec<Cell> =
        app.world_mut().query::<&RefusedFlash>().iter(app.world()).map(|flash| flash.cell).collect();
    assert_eq!(flashes, [Cell::new(8, 8)]);
}
