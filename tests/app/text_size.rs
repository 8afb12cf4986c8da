//! Body text stays readable in a small window (issue 33): at 1024×768 the whole UI scales by 0.8,
//! and no text on any screen may then be drawn below 12 px. The numbers on board cells (a stone's
//! move, a heat-map height) follow the board's zoom: they are part of the board's picture, not
//! body text, and are left out.

#![cfg(feature = "app")]

use bevy::prelude::*;
use bevy::window::{PrimaryWindow, WindowResolution};

use pokopoko::app::pokopoko::{CurrentStage, Refusal, RefusalReason, StageAction, Table, sample_lost_match};
use pokopoko::app::snaky::cards::CardBrowser;
use pokopoko::app::snaky::checks::{CertificateChecks, RunChecks};
use pokopoko::app::snaky::learn::LearnStart;
use pokopoko::app::snaky::lesson::Step;
use pokopoko::app::snaky::model::maker::{MakerInput, MakerSession};
use pokopoko::app::snaky::{LessonStart, OverlayLayer, Overlays, SnakyInput, SnakyStart};
use pokopoko::app::theme::widgets::CellNumber;
use pokopoko::app::{Go, MenuAction, SavePlace, Screen, StageLadder};
use pokopoko::pokopoko::TurnOrder;
use pokopoko::save::Language;
use pokopoko::snaky::Maker;

use crate::common::game;

/// The smallest body text issue 33 allows at 1024×768, in the window's pixels.
const MIN_BODY_PX: f32 = 12.0;

/// A game whose window is 1024×768: the game's own scaling sets the UI scale from it.
fn game_at_1024_by_768(language: Language) -> App {
    let mut app = game(SavePlace::Memory, None);
    app.init_resource::<UiScale>();
    app.world_mut()
        .spawn((Window { resolution: WindowResolution::new(1024, 768), ..default() }, PrimaryWindow));
    app.world_mut().write_message(MenuAction::Language(language));
    settle(&mut app);
    // min(1024/1280, 768/800): the width decides.
    assert_eq!(app.world().resource::<UiScale>().0, 0.8);
    app
}

fn settle(app: &mut App) {
    for _ in 0..4 {
        app.update();
    }
}

fn go(app: &mut App, screen: Screen) {
    app.world_mut().write_message(Go(screen));
    settle(app);
    assert_eq!(*app.world().resource::<State<Screen>>().get(), screen);
}

/// The texts now on screen under [`MIN_BODY_PX`] in the window (font size times the UI scale:
/// what the renderer draws them at), cell numbers apart, each named with `what` is on screen.
fn small_texts(app: &mut App, what: &str) -> Vec<String> {
    let scale = app.world().resource::<UiScale>().0;
    let mut texts = app.world_mut().query_filtered::<(&Text, &TextFont), Without<CellNumber>>();
    let mut small = Vec::new();
    let mut checked = 0;
    for (text, font) in texts.iter(app.world()) {
        checked += 1;
        let FontSize::Px(size) = font.font_size else {
            small.push(format!("{what}: {:?} (not in pixels): {:?}", font.font_size, text.0));
            continue;
        };
        // A hair of slack for the float product (15 × 0.8 is 12 on screen).
        if size * scale < MIN_BODY_PX - 1e-3 {
            small.push(format!("{what}: {:.1} px: {:?}", size * scale, text.0));
        }
    }
    assert!(checked > 0, "{what}: no text on screen");
    small
}

/// Breaker moves of a lost game whose lesson has a costly move and a line (as `--open snaky-review`).
const LOST_GAME: &str = "6,7 7,9 9,7 10,9 11,7 8,9 8,7 11,9 6,12 6,10 11,10 11,12";

fn snaky_with(app: &mut App, start: SnakyStart) {
    go(app, Screen::Menu);
    app.insert_resource(start);
    go(app, Screen::Snaky);
}

fn tour_of_every_screen(language: Language) {
    let mut app = game_at_1024_by_768(language);
    let mut small = Vec::new();
    let mut assert_readable = |app: &mut App, what: &str| small.extend(small_texts(app, what));
    assert_readable(&mut app, "menu");

    go(&mut app, Screen::About);
    assert_readable(&mut app, "about");
    app.world_mut().write_message(RunChecks);
    app.update();
    app.world_mut().resource_mut::<CertificateChecks>().wait_for_report();
    settle(&mut app);
    assert!(app.world().resource::<CertificateChecks>().report(Maker::Paper).is_some());
    assert_readable(&mut app, "about, the certificate checks' sheet");

    // Infinite Pokopoko: the ladder, a stage's intro, a match, a refusal, a result, the strategy.
    go(&mut app, Screen::Menu);
    app.world_mut().write_message(MenuAction::Play);
    settle(&mut app);
    assert_readable(&mut app, "the stage ladder");
    app.world_mut().write_message(StageAction::Open(1));
    settle(&mut app);
    assert_readable(&mut app, "stage 1's intro");
    app.world_mut().write_message(StageAction::Start(TurnOrder::First));
    settle(&mut app);
    assert_readable(&mut app, "stage 1's match");
    let stage = app.world().resource::<StageLadder>().ladder.stage(8).expect("stage 8");
    let mut table = Table::new(stage.clone(), TurnOrder::First);
    let most = table.game().legal_counts().last().copied().unwrap_or(0);
    table.choose(most);
    go(&mut app, Screen::Menu);
    app.insert_resource(CurrentStage(stage.clone()));
    app.insert_resource(table);
    app.insert_resource(Refusal::held(RefusalReason::TooMany));
    go(&mut app, Screen::Play);
    assert_readable(&mut app, "stage 8 with a refused selection");
    app.insert_resource(sample_lost_match(&stage));
    go(&mut app, Screen::Result);
    assert_readable(&mut app, "a lost match's result");
    app.world_mut().write_message(StageAction::Strategy);
    settle(&mut app);
    assert_readable(&mut app, "the strategy page's spoiler warning");
    app.world_mut().write_message(pokopoko::app::pokopoko::Reveal);
    settle(&mut app);
    assert_readable(&mut app, "the strategy page");
    go(&mut app, Screen::FreeSetup);
    assert_readable(&mut app, "free play's setup");

    // Snaky: the primer's every step, the game, its analysis page with the overlays, the end of a
    // game, the lesson, the card browser.
    for step in Step::ALL.into_iter().chain(Step::MAKER) {
        go(&mut app, Screen::Menu);
        app.insert_resource(LearnStart(step));
        go(&mut app, Screen::SnakyLearn);
        assert_readable(&mut app, &format!("the primer's step {step:?}"));
    }
    snaky_with(&mut app, SnakyStart::parse("7,8 8,6", None).expect("legal moves"));
    assert_readable(&mut app, "Snaky");
    app.world_mut().write_message(SnakyInput::ShowAnalysis(true));
    settle(&mut app);
    assert_readable(&mut app, "Snaky's analysis page");
    app.insert_resource(Overlays::only(&[OverlayLayer::Heat, OverlayLayer::Hint, OverlayLayer::Pivot]));
    snaky_with(&mut app, SnakyStart::parse("7,8 8,6", None).expect("legal moves"));
    assert_readable(&mut app, "Snaky's analysis page, with the heat map and the hint");
    app.insert_resource(Overlays::default());
    snaky_with(&mut app, SnakyStart::parse(LOST_GAME, None).expect("legal moves"));
    assert_readable(&mut app, "Snaky after the game");
    let lesson = LessonStart { step: 6, best: false };
    snaky_with(&mut app, SnakyStart { lesson: Some(lesson), ..SnakyStart::parse(LOST_GAME, None).unwrap() });
    assert_readable(&mut app, "Snaky's lesson");
    // Practice opens through the game it practises, on its first board with the answer shown.
    go(&mut app, Screen::Menu);
    app.insert_resource(SnakyStart {
        practice: Some(Some(1)),
        ..SnakyStart::parse(LOST_GAME, None).unwrap()
    });
    app.world_mut().write_message(Go(Screen::Snaky));
    settle(&mut app);
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::SnakyPractice);
    assert_readable(&mut app, "Snaky practice, a board answered");
    go(&mut app, Screen::Menu);
    app.insert_resource(CardBrowser::at(Maker::Paper, 727, Screen::Menu));
    go(&mut app, Screen::Cards);
    assert_readable(&mut app, "the card browser");
    // Snaky as Maker: a game under way with the hint shown, then a won game with its review.
    go(&mut app, Screen::Menu);
    go(&mut app, Screen::SnakyMaker);
    app.world_mut().resource_mut::<MakerSession>().autoplay(5);
    app.world_mut().write_message(MakerInput::ToggleHint);
    settle(&mut app);
    assert_readable(&mut app, "Snaky as Maker, with the hint");
    app.world_mut().resource_mut::<MakerSession>().autoplay(60);
    settle(&mut app);
    assert!(app.world().resource::<MakerSession>().game().won());
    assert_readable(&mut app, "Snaky as Maker after a win");
    assert!(small.is_empty(), "texts under {MIN_BODY_PX} px at 1024×768:\n{}", small.join("\n"));
}

#[test]
fn at_1024_by_768_no_text_of_any_screen_is_below_12_px_in_japanese() {
    tour_of_every_screen(Language::Japanese);
}

#[test]
fn at_1024_by_768_no_text_of_any_screen_is_below_12_px_in_english() {
    tour_of_every_screen(Language::English);
}
