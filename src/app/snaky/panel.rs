//! The Snaky screen's layout, and its info panel with the controls: overlays, undo, review, the
//! computer Breakers and the record.

use bevy::prelude::*;

use super::keys;
use super::layout::{self, PANEL_WIDTH};
use super::model::lesson::LineChoice;
use super::model::lesson::{InTheGame, Lesson};
use super::model::outcome::Outcome;
use super::model::overlays::{Layer, Overlays};
use super::model::session::{NoticeKind, Session, SnakyInput, SnakyMode};
use super::model::watch::Watch;
use super::screen::{self, SnakySystems, SnakyUnavailable};
use crate::app::Screen;
use crate::app::events::Redraw;
use crate::app::i18n::Lang;
use crate::app::i18n::{self, T, snaky as text};
use crate::app::storage::SaveData;
use crate::app::theme::palette;
use crate::app::theme::widgets::{self, ButtonKind, CollapseWhenEmpty, send};
use crate::save::Language;
use crate::snaky::review::Tint;
use crate::snaky::{BreakerKind, Maker, Player, words};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<GuaranteeDrop>()
        .add_systems(OnEnter(Screen::Snaky), spawn_screen.after(screen::start_session))
        .add_systems(
            Update,
            (update_panel, draw_tempo, draw_lesson, show_drop)
                .in_set(SnakySystems::Show)
                .run_if(in_state(Screen::Snaky)),
        );
}

/// How long the guarantee's fall ("-9") shows beside it after a costly move, in full red, before
/// it fades out over [`DROP_FADE_SECONDS`].
const DROP_SECONDS: f32 = 2.0;
const DROP_FADE_SECONDS: f32 = 1.0;

/// The fall of the guarantee the player's last move caused, shown beside the guarantee for
/// [`DROP_SECONDS`] (on the game's clock); `None` when there is nothing to show.
#[derive(Resource, Debug, Default)]
pub struct GuaranteeDrop(pub Option<(u32, Timer)>);

/// The "-9" beside the guarantee.
#[derive(Component, Debug)]
pub struct DropText;

/// Starts the fall's flash when the player's move lowers the guarantee (not in blind mode, where
/// the guarantee is hidden), and fades it out.
fn show_drop(
    mut outcomes: MessageReader<Outcome>,
    session: Option<Res<Session>>,
    mut drop: ResMut<GuaranteeDrop>,
    time: Res<Time>,
    mut texts: Query<(&mut Text, &mut TextColor), With<DropText>>,
    mut redraw: MessageWriter<Redraw>,
) {
    let blind = session.as_ref().is_some_and(|session| session.blind);
    let mut last_player = None;
    // The stone just placed was a forced block of a finish: its fall is not a mistake.
    let mut forced = false;
    for outcome in outcomes.read() {
        match *outcome {
            Outcome::Placed { player, .. } => {
                last_player = Some(player);
                forced = false;
            }
            Outcome::BlockedFinish(_) => forced = true,
            // A forced block of a finish is not flashed as a mistake: its notice says why.
            Outcome::Guarantee { from, to }
                if to < from && last_player == Some(Player::Breaker) && !blind && !forced =>
            {
                drop.0 =
                    Some((from - to, Timer::from_seconds(DROP_SECONDS + DROP_FADE_SECONDS, TimerMode::Once)));
            }
            _ => {}
        }
    }
    let shown = match drop.0.as_mut() {
        Some((lost, timer)) => {
            timer.tick(time.delta());
            let fading = (timer.elapsed_secs() - DROP_SECONDS).max(0.0) / DROP_FADE_SECONDS;
            (!timer.is_finished()).then(|| (*lost, 1.0 - fading.min(1.0)))
        }
        None => None,
    };
    if shown.is_none() && drop.0.is_some() {
        drop.0 = None;
    }
    let (content, alpha) = shown.map_or((String::new(), 0.0), |(lost, alpha)| (format!("-{lost}"), alpha));
    for (mut text, mut colour) in &mut texts {
        if text.0 != content {
            text.0.clone_from(&content);
        }
        let wanted = palette::BAD.with_alpha(alpha);
        if colour.0 != wanted {
            colour.0 = wanted;
        }
    }
    if shown.is_some() {
        redraw.write(Redraw);
    }
}

/// A value in the panel, rewritten when the game changes.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Info {
    Subtitle,
    Status,
    Guarantee,
    MakerMoves,
    BreakerMoves,
    Card,
    Height,
    Envelope,
    Required,
    LastMove,
    /// What the rings on the board mean, while there are any: a costly move's red ring, a
    /// finishing cell's purple ring.
    Marks,
    Notice,
    HeatLegend,
    /// While a game is played, on the Analysis tab: moves made with its marks shown are helped
    /// (newcomer #19 learnt it only from the result).
    AssistNote,
    HintLegend,
    Tempo,
    Speed,
    Keys,
    Par,
    /// After the game: what its costly moves had in common, the sentence for the next game.
    Takeaway,
    Lesson,
    LessonLine,
    LessonCost,
    Why,
    BestReply,
    LineCaption,
    /// What the lesson's marks mean, for those the board shows at the lesson's step.
    LessonLegend,
}

/// A button whose look follows the state (on/off, available or not).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
enum Control {
    Overlay(Layer),
    Undo,
    ReviewBack,
    Review,
    ReviewForward,
    ResumeHere,
    Computer(BreakerKind),
    Maker(Maker),
    Blind,
    Step,
    RunPause,
    TakeOver,
    /// The panel's page: false the calm one, true the glass box.
    Page(bool),
    /// The lesson's line after the move played or after the best reply.
    Line(LineChoice),
    LineBack,
    LineForward,
    LineFirst,
    LineLast,
}

fn spawn_screen(mut commands: Commands, lang: Res<Lang>, unavailable: Option<Res<SnakyUnavailable>>) {
    let lang = lang.0;
    // Tighter than the other screens: the board and the panel fill the window.
    commands.spawn(widgets::screen_root_spaced(Screen::Snaky, 8.0, 12.0)).with_children(|root| {
        root.spawn(layout::top_bar()).with_children(|bar| {
            bar.spawn(widgets::small_button(T::Back.get(lang), ButtonKind::Secondary, 110.0))
                .observe(send(SnakyInput::Back));
            bar.spawn(widgets::heading(T::SnakyTitle.get(lang)));
            bar.spawn((
                Info::Subtitle,
                widgets::text("", 18.0, palette::INK_SOFT),
                Node { flex_grow: 1.0, ..default() },
            ));
        });
        if let Some(unavailable) = unavailable {
            root.spawn(widgets::panel()).with_children(|panel| {
                panel.spawn(widgets::text(T::EngineMissing.get(lang), 22.0, palette::BAD));
                panel.spawn(widgets::paragraph(
                    i18n::checks::certificate_error(lang, &unavailable.0),
                    18.0,
                    900.0,
                ));
            });
            return;
        }
        layout::board_and_panel(root, 4.0, |panel| spawn_panel(panel, lang));
        // Three lines' height whatever the mode's keys, so the screen never shifts between modes.
        root.spawn(layout::keys_slot(layout::GAME_KEYS_HEIGHT)).with_child((
            Info::Keys,
            widgets::text(keys::key_line(lang, SnakyMode::Play), 14.0, palette::INK_SOFT),
        ));
    });
}

fn spawn_panel(panel: &mut ChildSpawnerCommands, lang: Language) {
    // The two pages: what a player needs, and the glass box.
    panel.spawn(left_row()).with_children(|row| {
        for (analysis, label) in [(false, T::PlayTab), (true, T::AnalysisTab)] {
            row.spawn(widgets::small_button(label.get(lang), ButtonKind::Secondary, 170.0))
                .insert(Control::Page(analysis))
                .observe(send(SnakyInput::ShowAnalysis(analysis)));
        }
    });
    panel.spawn((Info::Status, widgets::text("", 19.0, palette::YOU)));
    panel.spawn(Node { justify_content: JustifyContent::FlexStart, ..widgets::row(12.0) }).with_children(
        |row| {
            row.spawn((Info::Guarantee, widgets::text("", 25.0, palette::PRIMARY)));
            row.spawn((DropText, widgets::text("", 25.0, palette::BAD)));
        },
    );
    // Room for three lines whatever it says (par, what a double threat means, or after the game
    // its takeaway), so the buttons below never move when a double threat comes (newcomer #77
    // saw the panel jump) nor when the game ends (newcomer #84 clicked Undo where Review had been).
    panel
        .spawn((
            HiddenInLesson,
            ParSlot,
            Node {
                flex_direction: FlexDirection::Column,
                ..widgets::text_slot(px(PANEL_WIDTH - 36.0), PAR_HEIGHT)
            },
        ))
        .with_children(|slot| {
            slot.spawn((Info::Par, widgets::text("", 15.0, palette::INK_SOFT), CollapseWhenEmpty));
            // After the game: the sentence for the next one.
            slot.spawn((
                Info::Takeaway,
                widgets::text("", 14.0, palette::INK),
                Node { width: px(PANEL_WIDTH - 36.0), ..default() },
                CollapseWhenEmpty,
            ));
        });
    // A fixed width and room for four lines, so a long message wraps without moving the buttons.
    panel
        .spawn((HiddenInLesson, NoticeSlot, widgets::text_slot(px(PANEL_WIDTH - 36.0), NOTICE_HEIGHT)))
        .with_child((Info::Notice, widgets::text("", 14.0, palette::BAD)));
    panel.spawn((PanelPage::Play, page())).with_children(|page| spawn_play_page(page, lang));
    panel
        .spawn((PanelPage::Lesson, Node { display: Display::None, ..page() }))
        .with_children(|page| spawn_lesson_page(page, lang));
    panel
        .spawn((PanelPage::Analysis, Node { display: Display::None, ..page() }))
        .with_children(|page| spawn_analysis_page(page, lang));
}

/// A line of the panel that gives its room to the lesson while it is open (par, the notice).
#[derive(Component, Debug)]
struct HiddenInLesson;

/// The notice's room, kept on the play page while a game is played and after it, so the buttons
/// never move (newcomer #84 clicked Undo after the game where Review had been); the Analysis page
/// takes it while nothing is said.
#[derive(Component, Debug)]
pub struct NoticeSlot;

/// Par's room: three lines of its 15 px text, which every double threat's line keeps to
/// ([`text::double_threat_par`]).
#[derive(Component, Debug)]
struct ParSlot;

/// Three lines of par's 15 px text.
const PAR_HEIGHT: f32 = 56.0;

/// Four lines of the notice's 14 px text: a new game's two notices (the first claim's tip and
/// how the plan is turned) fit without moving the buttons (newcomer #62 saw them overlap).
const NOTICE_HEIGHT: f32 = 74.0;

/// One page of the panel.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
enum PanelPage {
    Play,
    Analysis,
    /// In place of the calm page while a lesson is open.
    Lesson,
}

fn page() -> Node {
    Node {
        flex_direction: FlexDirection::Column,
        align_items: AlignItems::Stretch,
        row_gap: px(5),
        ..default()
    }
}

/// The calm page: the Maker, the moves, the game's buttons, and after the game (or while
/// reviewing) the lesson.
fn spawn_play_page(page: &mut ChildSpawnerCommands, lang: Language) {
    page.spawn(left_row()).with_children(|row| {
        // The label on the buttons' line: the line it had of its own is the room the end of a
        // game needs to keep the buttons where they were (newcomer #84 misclicked Undo there).
        row.spawn((
            widgets::text(T::MakerChoice.get(lang), 15.0, palette::INK_SOFT),
            Node { align_self: AlignSelf::Center, ..default() },
        ));
        for maker in Maker::ALL {
            row.spawn(widgets::small_button(text::maker_name(lang, maker), ButtonKind::Secondary, 0.0))
                .insert(Control::Maker(maker))
                .observe(send(SnakyInput::ChooseMaker(maker)));
        }
    });
    stat_row(page, lang, [(T::MakerMoves, Info::MakerMoves), (T::BreakerMoves, Info::BreakerMoves)]);
    page.spawn(Node { justify_content: JustifyContent::FlexStart, ..widgets::row(8.0) }).with_children(
        |row| {
            for (colour, label) in [(palette::MAKER_STONE, T::Maker), (palette::BREAKER_STONE, T::Breaker)] {
                row.spawn(swatch(colour, true));
                row.spawn(widgets::text(label.get(lang), 15.0, palette::INK_SOFT));
            }
            row.spawn((
                Info::LastMove,
                widgets::text("", 15.0, palette::INK),
                Node { margin: UiRect::left(px(8)), ..default() },
            ));
        },
    );
    page.spawn(left_row()).with_children(|row| {
        row.spawn(widgets::small_button(T::Undo.get(lang), ButtonKind::Secondary, 96.0))
            .insert(Control::Undo)
            .observe(send(SnakyInput::Undo));
        row.spawn(widgets::small_button(T::Restart.get(lang), ButtonKind::Secondary, 110.0))
            .observe(send(SnakyInput::Restart));
        row.spawn(widgets::small_button(T::FarAway.get(lang), ButtonKind::Secondary, 130.0))
            .observe(send(SnakyInput::FarAway));
    });
    page.spawn(left_row()).with_children(|row| {
        row.spawn(widgets::small_button("←", ButtonKind::Secondary, 48.0))
            .insert(Control::ReviewBack)
            .observe(send(SnakyInput::ReviewStep(-1)));
        row.spawn(widgets::small_button(T::Review.get(lang), ButtonKind::Secondary, 110.0))
            .insert(Control::Review)
            .observe(send(SnakyInput::ToggleReview));
        row.spawn(widgets::small_button("→", ButtonKind::Secondary, 48.0))
            .insert(Control::ReviewForward)
            .observe(send(SnakyInput::ReviewStep(1)));
        row.spawn(widgets::small_button(T::ResumeHere.get(lang), ButtonKind::Secondary, 120.0))
            .insert(Control::ResumeHere)
            .observe(send(SnakyInput::ResumeHere));
    });
    page.spawn(left_row()).with_children(|row| {
        row.spawn(widgets::small_button(T::Blind.get(lang), ButtonKind::Secondary, 110.0))
            .insert(Control::Blind)
            .observe(send(SnakyInput::ToggleBlind));
        row.spawn(widgets::small_button(T::HowToPlay.get(lang), ButtonKind::Secondary, 130.0))
            .observe(send(SnakyInput::HowToPlay));
        row.spawn(widgets::small_button(i18n::maker::switch_button(lang), ButtonKind::Secondary, 130.0))
            .observe(send(SnakyInput::PlayAsMaker));
    });
    // What the rings on the board mean, under the buttons: a line that comes and goes with the
    // rings, so above them it moved the buttons as the game went on (newcomer #57 misclicked).
    page.spawn((Info::Marks, widgets::text("", 13.0, palette::INK_SOFT), CollapseWhenEmpty));
    // After a game with boards to practise: the way there, under the rule it practises.
    page.spawn((super::practice::PracticeEntry, Node { display: Display::None, ..left_row() }))
        .with_children(|row| {
            row.spawn(widgets::small_button(i18n::practice::button(lang, 0), ButtonKind::Primary, 0.0))
                .observe(send(SnakyInput::Practice));
        });
    page.spawn((Info::Lesson, widgets::text("", 14.0, palette::INK_SOFT)));
    // While playing, the shape itself in its eight orientations under the words (newcomers #39
    // and #40 put its two turned cells in the wrong place; the primer's pictures were out of sight).
    let pictures =
        Node { width: px(PANEL_WIDTH - 36.0), display: Display::None, ..super::layout::orientations_row() };
    page.spawn((ShapePictures, pictures))
        .with_children(|row| super::layout::orientations_in(row, SHAPE_CELL_PX));
    page.spawn((
        LessonChips { lesson_page: false },
        Node { flex_wrap: FlexWrap::Wrap, column_gap: px(4), row_gap: px(4), ..default() },
    ));
    page.spawn((
        Info::LessonLine,
        widgets::text("", 14.0, palette::INK),
        Node { width: px(PANEL_WIDTH - 36.0), ..default() },
        CollapseWhenEmpty,
    ));
}

/// The lesson on one of the player's moves: what it cost, why (the engine's turning point), what
/// the best reply took away, the two lines to play on the board, and the chips of every move.
fn spawn_lesson_page(page: &mut ChildSpawnerCommands, lang: Language) {
    let wide = || Node { width: px(PANEL_WIDTH - 36.0), ..default() };
    // The chips first, as tabs over the moves: a long lesson then runs out at the foot of the
    // panel, not over them (newcomer #14 found them clipped under the legend).
    page.spawn((
        LessonChips { lesson_page: true },
        Node { flex_wrap: FlexWrap::Wrap, column_gap: px(4), row_gap: px(4), ..default() },
    ));
    page.spawn((Info::LessonCost, widgets::text("", 14.0, palette::INK), wide()));
    page.spawn((Info::Why, widgets::text("", 14.0, palette::INK), wide()));
    page.spawn((Info::BestReply, widgets::text("", 14.0, palette::INK_SOFT), wide()));
    page.spawn(Node { column_gap: px(4), ..left_row() }).with_children(|row| {
        for choice in [LineChoice::Played, LineChoice::Best] {
            row.spawn(widgets::small_button("", ButtonKind::Secondary, 0.0))
                .insert(Control::Line(choice))
                .observe(send(SnakyInput::SwitchLine));
        }
    });
    page.spawn(Node { column_gap: px(4), ..left_row() }).with_children(|row| {
        for (control, label, input, width) in [
            (Control::LineFirst, T::LineFirst.get(lang), SnakyInput::LineEnd(false), 72.0),
            (Control::LineBack, "←", SnakyInput::LineStep(-1), 48.0),
            (Control::LineForward, "→", SnakyInput::LineStep(1), 48.0),
            (Control::LineLast, T::LineLast.get(lang), SnakyInput::LineEnd(true), 72.0),
        ] {
            row.spawn(widgets::small_button(label, ButtonKind::Secondary, width))
                .insert(control)
                .observe(send(input));
        }
        row.spawn(widgets::small_button(T::CloseLesson.get(lang), ButtonKind::Secondary, 96.0))
            .observe(send(SnakyInput::CloseLesson));
    });
    page.spawn(widgets::text_slot(px(PANEL_WIDTH - 36.0), 40.0))
        .with_child((Info::LineCaption, widgets::text("", 15.0, palette::INK)));
    page.spawn((Info::LessonLegend, widgets::text("", 13.0, palette::INK_SOFT), wide()));
}

/// The glass box: the active card's numbers, the overlays, the tempo, the computer Breakers and
/// the record.
fn spawn_analysis_page(page: &mut ChildSpawnerCommands, lang: Language) {
    for pair in [
        [(T::ActiveCard, Info::Card), (T::Height, Info::Height)],
        [(T::Envelope, Info::Envelope), (T::Required, Info::Required)],
    ] {
        stat_row(page, lang, pair);
    }
    page.spawn((
        widgets::text(T::AnalysisHelp.get(lang), 13.0, palette::INK_SOFT),
        Node { width: px(PANEL_WIDTH - 36.0), ..default() },
    ));
    page.spawn((
        Info::AssistNote,
        widgets::text("", 13.0, palette::BAD),
        Node { width: px(PANEL_WIDTH - 36.0), ..default() },
        CollapseWhenEmpty,
    ));
    page.spawn(left_row()).with_children(|row| {
        for (layer, label, colour) in [
            (Layer::Envelope, T::Envelope, palette::ENVELOPE.with_alpha(0.6)),
            (Layer::Required, T::Required, palette::REQUIRED),
            (Layer::Pivot, T::Pivot, palette::PIVOT),
        ] {
            row.spawn(swatch(colour, false));
            row.spawn(widgets::small_button(label.get(lang), ButtonKind::Primary, 96.0))
                .insert(Control::Overlay(layer))
                .observe(send(SnakyInput::ToggleOverlay(layer)));
        }
    });
    page.spawn(left_row()).with_children(|row| {
        for (layer, label) in [(Layer::Heat, T::Heat), (Layer::Hint, T::Hint)] {
            row.spawn(widgets::small_button(label.get(lang), ButtonKind::Primary, 96.0))
                .insert(Control::Overlay(layer))
                .observe(send(SnakyInput::ToggleOverlay(layer)));
        }
        row.spawn(widgets::small_button(T::CardBrowserShort.get(lang), ButtonKind::Secondary, 96.0))
            .observe(send(SnakyInput::BrowseCard));
    });
    page.spawn((Info::HeatLegend, widgets::text("", 13.0, palette::INK_SOFT), CollapseWhenEmpty));
    page.spawn((Info::HintLegend, widgets::text("", 13.0, palette::GOOD), CollapseWhenEmpty));
    page.spawn((Info::Tempo, widgets::text("", 13.0, palette::INK_SOFT)));
    page.spawn((
        TempoGraph,
        Node { height: px(TEMPO_HEIGHT), align_items: AlignItems::FlexEnd, column_gap: px(1), ..default() },
    ));
    page.spawn(widgets::text(T::Computer.get(lang), 15.0, palette::INK_SOFT));
    page.spawn(Node { column_gap: px(4), ..left_row() }).with_children(|row| {
        for kind in BreakerKind::ALL {
            row.spawn(widgets::tight_button(text::breaker_name(lang, kind), ButtonKind::Secondary, 56.0))
                .insert(Control::Computer(kind))
                .observe(send(SnakyInput::Hand(kind)));
        }
    });
    page.spawn(left_row()).with_children(|row| {
        row.spawn(widgets::small_button(T::Step.get(lang), ButtonKind::Secondary, 64.0))
            .insert(Control::Step)
            .observe(send(SnakyInput::Step));
        row.spawn(widgets::small_button(T::Run.get(lang), ButtonKind::Secondary, 72.0))
            .insert(Control::RunPause)
            .observe(send(SnakyInput::RunPause));
        row.spawn(widgets::small_button("-", ButtonKind::Secondary, 40.0)).observe(send(SnakyInput::Slower));
        row.spawn(widgets::small_button("+", ButtonKind::Secondary, 40.0)).observe(send(SnakyInput::Faster));
        row.spawn((Info::Speed, widgets::text("", 13.0, palette::INK_SOFT)));
    });
    page.spawn(left_row()).with_children(|row| {
        row.spawn(widgets::small_button(T::TakeOver.get(lang), ButtonKind::Secondary, 96.0))
            .insert(Control::TakeOver)
            .observe(send(SnakyInput::TakeOver));
        row.spawn(widgets::text(T::Record.get(lang), 15.0, palette::INK_SOFT));
        row.spawn(widgets::small_button(T::Copy.get(lang), ButtonKind::Secondary, RECORD_BUTTON_WIDTH))
            .observe(send(SnakyInput::CopyRecord));
        row.spawn(widgets::small_button(T::Paste.get(lang), ButtonKind::Secondary, RECORD_BUTTON_WIDTH))
            .observe(send(SnakyInput::PasteRecord));
    });
}

/// Two labelled values side by side (Maker moves / Breaker moves, card / height, …).
fn stat_row(page: &mut ChildSpawnerCommands, lang: Language, pair: [(T, Info); 2]) {
    page.spawn(Node { justify_content: JustifyContent::SpaceBetween, ..widgets::row(10.0) }).with_children(
        |row| {
            for (label, value) in pair {
                row.spawn(Node {
                    width: px(176),
                    justify_content: JustifyContent::SpaceBetween,
                    ..widgets::row(6.0)
                })
                .with_children(|cell| {
                    cell.spawn(widgets::text(label.get(lang), 16.0, palette::INK_SOFT));
                    cell.spawn((value, widgets::text("", 17.0, palette::INK)));
                });
            }
        },
    );
}

/// The lesson's chips: one per move of the player's, rebuilt when the game changes.
#[derive(Component, Debug)]
struct LessonChips {
    /// On the lesson's page (else on the calm page): only the list on the page shown has chips.
    lesson_page: bool,
}

/// One chip of the lesson: the player's move (0-based) it stands for.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct LessonChip(pub usize);

/// Rebuilds the lesson's chips: each move's Maker moves lost, the costliest move in red, a
/// costly block of a finish calm, the reviewed one framed.
fn draw_lesson(
    session: Option<Res<Session>>,
    chips: Query<(Entity, &LessonChips)>,
    lang: Res<Lang>,
    mut commands: Commands,
) {
    let Some(session) = session else { return };
    if !session.is_changed() && !lang.is_changed() {
        return;
    }
    let lang = lang.0;
    let review = session.lesson_offered().then(|| crate::snaky::review_game(session.game()));
    let reviewed = session.reviewing().filter(|at| at % 2 == 1).map(|at| at / 2);
    let lesson_open = session.lesson().is_some();
    for (list, page) in &chips {
        let shown = page.lesson_page == lesson_open;
        commands.entity(list).despawn_children().with_children(|list| {
            let Some(review) = review.as_ref().filter(|_| shown) else { return };
            // The costliest move, as W picks it (newcomers #14 and #16 took the largest -n for it,
            // a costly block of a finish included); another costly block of a finish is calm, as
            // its notice was: blocking was right in general.
            let costliest = review.costliest();
            // In the lesson, only the costly moves and the one shown: a long game's twenty chips
            // took four rows and pushed the legend off the panel's foot (newcomers #106 and #107);
            // every move stays a chip's click away on the page after the game.
            let shown_move = session.lesson().map(|lesson| lesson.index).or(reviewed);
            for (index, lesson) in review.moves.iter().enumerate() {
                if page.lesson_page && lesson.lost == 0 && Some(index) != shown_move {
                    continue;
                }
                let blocked = lesson.lost > 0 && lesson.forced();
                let (face, ink) = if Some(index) == costliest {
                    (palette::BAD, palette::ON_PRIMARY)
                } else if blocked {
                    (palette::SECONDARY, palette::INK)
                } else if lesson.lost > 0 {
                    (palette::BAD_SOFT, palette::BAD)
                } else {
                    (palette::BACKGROUND, palette::INK_SOFT)
                };
                let frame = if reviewed == Some(index) { palette::INK } else { Color::NONE };
                list.spawn((
                    LessonChip(index),
                    Button,
                    Node {
                        padding: UiRect::axes(px(7), px(2)),
                        border_radius: BorderRadius::MAX,
                        ..default()
                    },
                    BackgroundColor(face),
                    Outline { width: px(2), offset: px(1), color: frame },
                    children![(
                        widgets::text(text::lesson_chip(lang, index + 1, lesson.lost, blocked), 13.0, ink),
                        Pickable::IGNORE
                    )],
                ))
                .observe(send(SnakyInput::LessonMove(index)));
            }
        });
    }
}

/// The record row's buttons: narrow enough that, with the label, they share one row in both
/// languages (in English the computer Breakers already take two).
const RECORD_BUTTON_WIDTH: f32 = 72.0;

/// The tempo graph: one bar per move, as tall as the guarantee after it.
#[derive(Component, Debug)]
pub struct TempoGraph;

/// One bar of the tempo graph: the guarantee after move `move_number`.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct TempoBar {
    pub move_number: usize,
    pub guarantee: u32,
}

const TEMPO_HEIGHT: f32 = 30.0;

/// Redraws the tempo graph when the game or the reviewed move changes; hidden in blind mode.
fn draw_tempo(
    session: Option<Res<Session>>,
    graphs: Query<Entity, With<TempoGraph>>,
    mut commands: Commands,
) {
    let Some(session) = session else { return };
    if !session.is_changed() {
        return;
    }
    let game = session.game();
    let hidden = session.blind && !game.won();
    let tempo = if hidden { Vec::new() } else { game.tempo() };
    let shown = session.reviewing().unwrap_or(tempo.len());
    let top = session.maker.bound();
    let bottom = tempo.iter().copied().min().unwrap_or(top).saturating_sub(1);
    let width = ((PANEL_WIDTH - 40.0) / tempo.len().max(1) as f32 - 1.0).clamp(2.0, 12.0);
    for graph in &graphs {
        commands.entity(graph).despawn_children().with_children(|graph| {
            for (index, &guarantee) in tempo.iter().enumerate() {
                let share = (guarantee - bottom) as f32 / (top - bottom).max(1) as f32;
                let colour =
                    if index + 1 == shown { palette::TEMPO_MARK } else { palette::PRIMARY.with_alpha(0.7) };
                graph.spawn((
                    TempoBar { move_number: index + 1, guarantee },
                    Node { width: px(width), height: px(4.0 + share * (TEMPO_HEIGHT - 4.0)), ..default() },
                    BackgroundColor(colour),
                ));
            }
        });
    }
}

fn left_row() -> Node {
    Node { justify_content: JustifyContent::FlexStart, flex_wrap: FlexWrap::Wrap, ..widgets::row(6.0) }
}

pub(super) fn swatch(colour: Color, round: bool) -> impl Bundle {
    (
        Node {
            width: px(14),
            height: px(14),
            border_radius: if round { BorderRadius::MAX } else { BorderRadius::all(px(3)) },
            ..default()
        },
        BackgroundColor(colour),
    )
}

/// The eight orientations of the shape on the play page, shown while a game is played.
#[derive(Component)]
pub struct ShapePictures;

/// The pictures' cells: the eight fit the panel's width with room between them.
const SHAPE_CELL_PX: f32 = 8.0;

#[allow(clippy::too_many_arguments, clippy::type_complexity)]
fn update_panel(
    session: Option<Res<Session>>,
    watch: Res<Watch>,
    mode: Res<State<SnakyMode>>,
    overlays: Res<Overlays>,
    lang: Res<Lang>,
    mut texts: Query<(&Info, &mut Text, &mut TextColor)>,
    mut controls: Query<(&Control, &mut ButtonKind, &Children)>,
    mut labels: Query<&mut Text, Without<Info>>,
    mut pages: Query<(&PanelPage, &mut Node)>,
    mut lines: Query<(&mut Node, Has<NoticeSlot>, Has<ParSlot>), (With<HiddenInLesson>, Without<PanelPage>)>,
    mut pictures: Query<&mut Node, (With<ShapePictures>, Without<PanelPage>, Without<HiddenInLesson>)>,
    data: Res<SaveData>,
) {
    let Some(session) = session else { return };
    let changed = session.is_changed() || watch.is_changed() || mode.is_changed();
    if !changed && !overlays.is_changed() && !lang.is_changed() {
        return;
    }
    let page_shown = if overlays.analysis {
        PanelPage::Analysis
    } else if *mode.get() == SnakyMode::Lesson {
        PanelPage::Lesson
    } else {
        PanelPage::Play
    };
    for (page, mut node) in &mut pages {
        let shown = *page == page_shown;
        let display = if shown { Display::Flex } else { Display::None };
        if node.display != display {
            node.display = display;
        }
    }
    // The lesson needs the room: par and the notice's line wait until it is closed. On the play
    // page both keep their room after the game too, empty or not, so its buttons stay where they
    // were while it was played (newcomer #84 clicked Undo where Review had been).
    let won = session.game().won();
    for (mut node, notice_slot, par_slot) in &mut lines {
        // The analysis page's last row of buttons needs the room of an empty notice (newcomer #41
        // found it cut off at 1280×800), and after the game the room of the takeaway.
        let analysis = page_shown == PanelPage::Analysis;
        let quiet_analysis = analysis && session.notice_shown().is_none();
        let hidden = page_shown == PanelPage::Lesson
            || (notice_slot && quiet_analysis)
            || (par_slot && analysis && won && watch.kind().is_none());
        let display = if hidden { Display::None } else { Display::Flex };
        if node.display != display {
            node.display = display;
        }
        // Par's room is kept for the play page's buttons; the analysis page, whose rows below
        // are many, takes the lines par leaves empty (with the heat map and the hint on, its
        // record row was cut off at 1280×800).
        let min_height = if par_slot && analysis {
            Val::Auto
        } else if par_slot {
            px(PAR_HEIGHT)
        } else {
            node.min_height
        };
        if node.min_height != min_height {
            node.min_height = min_height;
        }
    }
    let blind_now = session.blind && !session.game().won();
    let lang = lang.0;
    let mode = *mode.get();
    let game = session.shown();
    // The cells that finish a Snaky on the position shown (none once Maker has won), for the
    // rings' legend and, Breaker to move and not blind, the lines below.
    let open = if game.won() {
        0
    } else {
        crate::snaky::threats::threats(game.maker_cells(), game.breaker_cells()).cells.len()
    };
    // A double threat on the board, Breaker to move: the goal line says what it means, and the
    // panel's foot gives up its help to make room (newcomer #39 saw the help cut off).
    let finishing =
        if !blind_now && !session.game().won() && game.to_move() == Some(Player::Breaker) { open } else { 0 };
    let double_threat = finishing >= 2;
    // The shape's pictures go with the goal's words, which give way to the lesson; while a cell
    // finishes a Snaky its ring shows the shape on the board, and the rings' legend takes the room.
    // So do Maker's Snakies two cells short: their lines show the shape on the board, and
    // their legend takes the room (newcomer #107 saw the pictures pushed off the panel's foot).
    // Those three short too, while drawn (newcomer #137 saw their legend push the pictures off the
    // panel on a board with none two short).
    let shown = session.shown();
    let two_short = !crate::snaky::threats::two_short(shown.maker_cells(), shown.breaker_cells()).is_empty();
    let three = overlays.three_short
        && !crate::snaky::threats::three_short(shown.maker_cells(), shown.breaker_cells()).is_empty();
    let display = match session.lesson_offered() || finishing > 0 || two_short || three {
        true => Display::None,
        false => Display::Flex,
    };
    for mut node in &mut pictures {
        if node.display != display {
            node.display = display;
        }
    }
    let claim = game.claim();
    let total = session.game().moves().len();
    // The game's lesson, read once for every text below that needs it.
    let review = crate::snaky::review_game(session.game());
    let mistakes = review.moves.iter().any(|m| m.mistake());
    // What the player's own mistakes cost so far, said on the goal line beside what forced blocks
    // cost (newcomers #101, #102 and #103 could not tell which number to play for when a forced
    // block lowered this Maker's count; #109 asked for the two named apart).
    let mistakes_cost = review.mistakes_cost(session.reviewing().unwrap_or(total) / 2);
    // A stone off the plan, said when it is played (newcomer #70 read Maker's lone (0,16),
    // played beside a double threat, as a bug): the plan's next cell already held Maker's
    // stone, so the policy's rule 2 took the first free cell of its fixed order.
    let spare = game.moves().last().filter(|m| m.player == Player::Maker && m.cell != claim.pivot);
    for (which, mut content, mut colour) in &mut texts {
        let (value, ink) = match which {
            Info::Subtitle => (text::subtitle(lang, session.maker.bound()), palette::INK_SOFT),
            Info::Status => status(&session, &watch, mode, lang),
            Info::Guarantee if blind_now => (T::BlindHidden.get(lang).to_string(), palette::INK_SOFT),
            // In the lesson the board plays a line, not the game: its end is said as the line's.
            Info::Guarantee if game.won() && session.lesson().is_some() => {
                (text::line_won_at(lang, game.maker_cells().len()), palette::MAKER_EDGE)
            }
            Info::Guarantee if game.won() => {
                (text::maker_won_at(lang, game.maker_cells().len()), palette::BAD)
            }
            _ if hidden(*which) && blind_now => ("?".to_string(), palette::INK_SOFT),
            Info::Par => {
                let settings = &data.save.settings;
                let maker = session.maker;
                let par = maker.bound();
                if session.game().won() {
                    let moves = session.game().maker_cells().len();
                    let assisted = session.assists().first().copied();
                    // The player's own game: the notice below says how long they held out. (The
                    // count never promised more: before Maker's last stone it counted that stone.)
                    match watch.kind() {
                        Some(_) => (text::held_out(lang, watch.kind(), moves, par, assisted), palette::INK),
                        None => (String::new(), palette::INK),
                    }
                } else if double_threat {
                    // A double threat while the heading still says this Maker's count (newcomer
                    // #37 read "by its move 21" beside "double threat" as a contradiction).
                    let next = game.maker_cells().len() + 1;
                    let differ = crate::snaky::review::finish_blocks(game);
                    let falls_to = differ
                        .is_none()
                        .then(|| crate::snaky::review::best_block(game))
                        .flatten()
                        .filter(|&k| k < claim.guarantee);
                    // Every block, a triple threat's third too (newcomers #88, #93, #94).
                    let blocks = crate::snaky::review::finish_block_counts(game);
                    (
                        text::double_threat_par(lang, next, claim.guarantee, differ, falls_to, &blocks),
                        palette::INK,
                    )
                } else {
                    let best = settings.snaky_best.get(&maker).copied();
                    let blind = settings.blind_best.get(&maker).copied();
                    let tally = (!blind_now).then_some((mistakes_cost, par.saturating_sub(claim.guarantee)));
                    (text::par_line(lang, par, best, blind, blind_now, tally), palette::INK_SOFT)
                }
            }
            Info::Takeaway if session.lesson_offered() && session.game().won() => {
                let takeaway = crate::snaky::review::takeaway(session.game(), &review);
                (words::takeaway(lang, &takeaway).unwrap_or_default(), palette::INK)
            }
            Info::Takeaway => (String::new(), palette::INK),
            Info::Lesson if session.lesson_offered() => (T::Lesson.get(lang).to_string(), palette::INK_SOFT),
            Info::Lesson if double_threat => (String::new(), palette::INK_SOFT),
            // After the first mistake its notice and the red ring's legend need the room; the help
            // has been read by then, and G opens How to play (newcomer #72 saw the shape's
            // pictures cut off at the panel's foot).
            Info::Lesson if mistakes => (String::new(), palette::INK_SOFT),
            Info::Lesson => (T::SnakyGoalHelp.get(lang).to_string(), palette::INK_SOFT),
            Info::LessonLine => (lesson_line(&session, lang), palette::INK),
            Info::LessonCost => match session.lesson() {
                Some(lesson) => {
                    let cost =
                        review.moves.get(lesson.index).map(|m| text::lesson_cost(lang, lesson.index + 1, m));
                    (cost.unwrap_or_default(), palette::INK)
                }
                None => (String::new(), palette::INK),
            },
            Info::Why => match session.lesson() {
                // The line on the board: the move played's, or the best reply's.
                Some(Lesson { why: Some(why), choice: crate::app::snaky::LineChoice::Best, .. }) => {
                    (sentence_per_line(&words::forced_best(lang, why)), palette::INK)
                }
                Some(Lesson { why: Some(why), .. }) => {
                    (sentence_per_line(&words::forced(lang, why)), palette::INK)
                }
                Some(_) => (T::NoLine.get(lang).to_string(), palette::INK_SOFT),
                None => (String::new(), palette::INK),
            },
            Info::BestReply => match session.lesson().and_then(|lesson| lesson.why.as_ref()) {
                // (The Analysis tab's help says what its "Keep free E" marks; the lesson keeps its
                // room for the reason itself: newcomer #22 saw its legend cut off.)
                Some(why) => {
                    // Its kind first, the idea named (newcomers #124, #126 and #129 asked for each
                    // lesson tagged with one, to gather in practice).
                    let mut said = format!("{}{}", words::idea(lang, why), words::best_reply(lang, why));
                    // The same cell taken a move later, where it cost (newcomer #95).
                    let next = review.moves.get(why.index + 1).filter(|next| {
                        next.breaker == why.best_reply.cell && next.lost > 0 && !why.best_reply.outside
                    });
                    if let Some(next) = next {
                        said.push_str(&words::one_move_late(lang, next.breaker, why.index + 2, next.lost));
                    }
                    // The rule, where the primer plays it (newcomer #111 asked for the pattern
                    // behind a costly move, linked to its step).
                    if why.row_of_five_kept_off() {
                        said.push_str(text::primer_row_of_five(lang));
                    }
                    (sentence_per_line(&said), palette::GOOD)
                }
                None => (String::new(), palette::INK),
            },
            Info::LineCaption => match session.lesson() {
                Some(lesson) => {
                    let left = lesson.game_left_line_at(session.game());
                    let at = text::line_position(lang, lesson.step, lesson.last_step(), left);
                    let in_game = lesson.in_the_game(session.game()).map(|m| {
                        let cost = match m {
                            InTheGame::Played { index, .. } => {
                                review.moves.get(index).map(|m| (m.lost, m.forced()))
                            }
                            InTheGame::Same => None,
                        };
                        text::in_the_game(lang, m, cost)
                    });
                    match lesson.shown_move() {
                        Some(step) => {
                            let said = words::line_move(lang, step);
                            (format!("{at}{said}{}", in_game.unwrap_or_default()), palette::INK)
                        }
                        None => (at, palette::INK_SOFT),
                    }
                }
                None => (String::new(), palette::INK),
            },
            // Only the marks on the board now (newcomer #28 saw the whole legend cut off at the
            // panel's foot).
            Info::LessonLegend => match session.lesson() {
                Some(lesson) => {
                    let forced = lesson.forced;
                    let best = lesson.choice == crate::app::snaky::LineChoice::Best;
                    // As the board tints it: the shape, else the chosen line's Snaky.
                    let tint = lesson.why.as_ref().and_then(|why| {
                        why.tint(best).map(|tint| match tint {
                            Tint::Shape(_) => text::LessonTint::Shape,
                            Tint::Threatened(_) => text::LessonTint::Threatened,
                            Tint::Aim(_) => text::LessonTint::Aim,
                        })
                    });
                    let kept = review.moves.get(lesson.index).is_some_and(|m| m.lost == 0);
                    let played = match (forced, kept) {
                        (true, _) => text::Played::Forced,
                        (false, true) => text::Played::Kept,
                        (false, false) => text::Played::Lost,
                    };
                    let before = session.game().prefix(crate::snaky::review::before(lesson.index));
                    let (maker, breaker) = (before.maker_cells(), before.breaker_cells());
                    let two_short = !crate::snaky::threats::two_short(maker, breaker).is_empty();
                    let three = overlays.three_short
                        && !crate::snaky::threats::three_short(maker, breaker).is_empty();
                    // The lesson draws those two short whatever `S` did in play, and those three
                    // short with them while they are on.
                    let lines = match (two_short, three) {
                        (true, true) => Some(text::ShortLines::TwoAndThree),
                        (false, true) => Some(text::ShortLines::Three),
                        (true, false) => Some(text::ShortLines::Two),
                        (false, false) => None,
                    };
                    let named = lesson.why.as_ref().is_some_and(|why| !why.named_finishes(best).is_empty());
                    let legend = text::lesson_legend(lang, lesson.step, played, best, tint, lines, named);
                    (legend, palette::INK_SOFT)
                }
                None => (String::new(), palette::INK_SOFT),
            },
            // The heading is this Maker's count, the one number, live and after (newcomers #104,
            // #105 and #109 read a score beside it as a rival result); the goal line says what
            // lowered it: the player's mistakes, and forced blocks.
            Info::Guarantee => (text::guarantee(lang, claim.guarantee), palette::PRIMARY),
            Info::MakerMoves => (game.maker_cells().len().to_string(), palette::INK),
            Info::BreakerMoves => (game.breaker_cells().len().to_string(), palette::INK),
            // Once Maker has won its plan is done: no card, nothing left to need (newcomer #55 read
            // the last card's "h 1, T 6" after the game as something still to do).
            Info::Card | Info::Height | Info::Envelope | Info::Required if game.won() => {
                ("-".to_string(), palette::INK_SOFT)
            }
            Info::Card => (text::card(lang, claim.card, claim.inline), palette::INK),
            Info::Height => (claim.height.to_string(), palette::INK),
            Info::Envelope => (claim.envelope_size.to_string(), palette::INK),
            Info::Required => (claim.required_size.to_string(), palette::INK),
            Info::LastMove => match game.moves().last() {
                Some(m) => {
                    let maker = m.player == Player::Maker;
                    let number = if maker { game.maker_cells().len() } else { game.breaker_cells().len() };
                    (text::last_move(lang, maker, number, m.cell), palette::INK)
                }
                None => (String::new(), palette::INK),
            },
            // The lesson has its own legend; blind mode shows no rings until the end.
            // After the game the chips and the takeaway say what the red rings would.
            Info::Marks
                if session.lesson().is_some()
                    || blind_now
                    || (game.won() && session.reviewing().is_none()) =>
            {
                (String::new(), palette::INK_SOFT)
            }
            Info::Marks => {
                let costly = mistakes;
                // A finish whose block lowers the count: said before the block, so the fall is not
                // read as the block's fault (newcomers #61 and #63).
                let block_falls_to = crate::snaky::review::best_block(game).filter(|&k| k < claim.guarantee);
                // The lines' key is said while there are any, drawn or hidden.
                let over = game.won();
                let lines = match (overlays.shapes, overlays.three_short) {
                    (false, _) => text::ShortLines::Hidden,
                    (true, false) => text::ShortLines::Two,
                    (true, true) => text::ShortLines::TwoAndThree,
                };
                let lines = (two_short || three).then_some(lines);
                (text::marks_legend(lang, costly, open, block_falls_to, lines, over), palette::INK_SOFT)
            }
            // Before the first claim (not blind), where it holds longest, in the notice's room
            // under what is said: the buttons below stay put when it goes (newcomer #74 saw them
            // jump at the first claim, when it was a line of the goal's).
            Info::Notice => {
                let played = session.game();
                let first = played.breaker_cells().is_empty() && !blind_now && !played.won();
                let tip =
                    first.then(|| played.far_reply_cost()).flatten().map(|s| text::first_claim_tip(lang, s));
                match (session.notice_shown(), tip) {
                    (Some(notice), tip) => {
                        let said = notice.said.text(lang);
                        let colour = match notice.kind {
                            NoticeKind::Refused => palette::BAD,
                            NoticeKind::Good => palette::GOOD,
                            NoticeKind::Info => palette::INK,
                        };
                        let said = match tip {
                            Some(tip) => format!("{said}\n{tip}"),
                            None => said,
                        };
                        (said, colour)
                    }
                    (None, Some(tip)) => (tip, palette::INK_SOFT),
                    (None, None) => (String::new(), palette::INK),
                }
            }
            Info::HeatLegend if overlays.get(Layer::Heat) && (!session.blind || game.won()) => {
                let outside = game.reply_guarantees().iter().find(|(c, _)| c.is_none()).map(|&(_, g)| g);
                (outside.map_or(String::new(), |h| text::heat_legend(lang, h)), palette::INK_SOFT)
            }
            Info::HeatLegend => (String::new(), palette::INK_SOFT),
            Info::AssistNote if !session.blind && !game.won() => {
                (T::AssistNote.get(lang).to_string(), palette::BAD)
            }
            Info::AssistNote => (String::new(), palette::BAD),
            Info::HintLegend if overlays.get(Layer::Hint) && !session.blind && !game.won() => {
                let hint = game.hint();
                let keeps = game
                    .reply_guarantees()
                    .iter()
                    .filter(|(reply, _)| hint.contains(reply))
                    .map(|&(_, g)| g)
                    .max()
                    .unwrap_or(claim.guarantee);
                (text::hint_legend(lang, &hint, keeps), palette::GOOD)
            }
            Info::HintLegend => (String::new(), palette::GOOD),
            Info::Tempo if session.blind && !game.won() => (String::new(), palette::INK_SOFT),
            // The graph is the whole game's: its end, not the reviewed move's (newcomer #28 read
            // "from 21 to 21" over a game that ended at 10).
            Info::Tempo => {
                (text::tempo(lang, session.maker.bound(), session.game().guarantee()), palette::INK_SOFT)
            }
            Info::Speed => {
                let seconds = watch.interval().as_secs_f32();
                (format!("{}: {}", T::Speed.get(lang), text::speed(lang, seconds)), palette::INK_SOFT)
            }
            Info::Keys => (keys::key_line(lang, mode), palette::INK_SOFT),
        };
        // Under the buttons, with what the board's marks mean: in par's room it took a fourth
        // line and moved the buttons (newcomer #88).
        let value = match (which, spare) {
            (Info::Marks, Some(m)) if !game.won() && !blind_now => {
                let spare = text::spare_stone(lang, game.maker_cells().len(), m.cell);
                if value.is_empty() { spare } else { format!("{spare}\n{value}") }
            }
            _ => value,
        };
        if content.0 != value {
            content.0 = value;
        }
        if colour.0 != ink {
            colour.0 = ink;
        }
    }
    let on = |yes: bool| if yes { ButtonKind::Primary } else { ButtonKind::Secondary };
    let available = |yes: bool| if yes { ButtonKind::Secondary } else { ButtonKind::Disabled };
    let reviewing = session.reviewing();
    for (control, mut kind, children) in &mut controls {
        let wanted = match control {
            Control::Overlay(_) if blind_now => ButtonKind::Disabled,
            Control::Overlay(layer) => on(overlays.get(*layer)),
            Control::Page(analysis) => on(overlays.analysis == *analysis),
            Control::Undo => available(!session.game().breaker_cells().is_empty()),
            Control::ReviewBack => available(reviewing.is_none_or(|at| at > 1) && total > 1),
            Control::Review => on(reviewing.is_some()),
            Control::ReviewForward => available(reviewing.is_some_and(|at| at < total)),
            Control::ResumeHere => available(reviewing.is_some()),
            Control::Computer(breaker) => on(watch.kind() == Some(*breaker)),
            Control::Maker(maker) => on(session.maker == *maker),
            Control::Blind => on(session.blind),
            Control::Step => available(watch.breaker.is_some() && !session.game().won()),
            Control::RunPause => {
                if let Some(&label) = children.first()
                    && let Ok(mut label) = labels.get_mut(label)
                {
                    let word = if watch.running { T::Pause } else { T::Run }.get(lang);
                    if label.0 != word {
                        label.0 = word.to_string();
                    }
                }
                if watch.breaker.is_none() || session.game().won() {
                    ButtonKind::Disabled
                } else {
                    on(watch.running)
                }
            }
            Control::TakeOver => available(watch.breaker.is_some() && !session.game().won()),
            Control::Line(choice) => {
                let lesson = session.lesson();
                let why = lesson.and_then(|lesson| lesson.why.as_ref());
                let best = *choice == LineChoice::Best;
                let line = why.map(|why| if best { &why.best_line } else { &why.line });
                // A forced block of a finish has no better reply to play.
                let forced = best && why.is_some_and(|why| why.blocked_finish);
                if let Some(&label) = children.first()
                    && let Ok(mut label) = labels.get_mut(label)
                {
                    let word = if forced {
                        text::no_best_line(lang).to_string()
                    } else {
                        text::line_button(lang, best, line.and_then(|l| l.completed).map(|d| d.move_number))
                    };
                    if label.0 != word {
                        label.0 = word;
                    }
                }
                match lesson {
                    Some(lesson) if lesson.why.is_some() && !forced => on(lesson.choice == *choice),
                    _ => ButtonKind::Disabled,
                }
            }
            Control::LineBack | Control::LineFirst => {
                available(session.lesson().is_some_and(|lesson| lesson.step > 0))
            }
            Control::LineForward | Control::LineLast => {
                available(session.lesson().is_some_and(|lesson| lesson.step < lesson.last_step()))
            }
        };
        if *kind != wanted {
            *kind = wanted;
        }
    }
}

/// The lesson's paragraph with each sentence on a line of its own, to scan rather than read as a
/// wall (newcomers #81 and #82 found the lesson dense): a line ends after ". " and after "。"
/// (not inside a parenthesis).
fn sentence_per_line(text: &str) -> String {
    let mut lines = String::with_capacity(text.len() + 8);
    let mut chars = text.chars().peekable();
    let mut depth = 0i32;
    while let Some(c) = chars.next() {
        match c {
            '(' | '（' => depth += 1,
            ')' | '）' => depth -= 1,
            _ => {}
        }
        lines.push(c);
        let ends = match c {
            '.' => chars.peek() == Some(&' '),
            '。' => chars.peek().is_some(),
            _ => false,
        };
        if ends && depth <= 0 {
            if c == '.' {
                chars.next();
            }
            lines.push('\n');
        }
    }
    lines
}

/// The lesson's line: the reviewed move of the player's (its guarantee before and after, the
/// replies that kept the most), or how to read the chips.
fn lesson_line(session: &Session, lang: Language) -> String {
    if !session.lesson_offered() {
        return String::new();
    }
    let review = crate::snaky::review_game(session.game());
    let reviewed = session.reviewing().filter(|at| at % 2 == 1).map(|at| at / 2);
    match reviewed.and_then(|index| review.moves.get(index).map(|lesson| (index, lesson))) {
        Some((index, lesson)) => text::lesson_line(lang, index + 1, lesson),
        // Stepping through the game: what the review's rings and chips mean.
        None if session.reviewing().is_some() => T::LessonHelp.get(lang).to_string(),
        // The game's end: the lesson's own line says what the chips mean.
        None => String::new(),
    }
}

/// The values blind mode hides.
fn hidden(which: Info) -> bool {
    matches!(which, Info::Guarantee | Info::Card | Info::Height | Info::Envelope | Info::Required)
}

/// The first line of the panel: whose turn, who is playing, or what is being reviewed.
fn status(session: &Session, watch: &Watch, mode: SnakyMode, lang: Language) -> (String, Color) {
    match (mode, watch.kind()) {
        (SnakyMode::Lesson, _) => {
            let (number, step, best) = session.lesson().map_or((0, 0, false), |lesson| {
                (lesson.index + 1, lesson.step, lesson.choice == crate::app::snaky::LineChoice::Best)
            });
            (text::lesson_title(lang, number, step, best), palette::INK)
        }
        (SnakyMode::Review, _) => {
            let shown = session.shown();
            let maker = shown.moves().last().is_none_or(|m| m.player == Player::Maker);
            let number = if maker { shown.maker_cells().len() } else { shown.breaker_cells().len() };
            (text::reviewing(lang, maker, number), palette::INK_SOFT)
        }
        // Maker's win is the player's loss: not in the good-news colour.
        _ if session.game().won() => (T::MakerWon.get(lang).to_string(), palette::BAD),
        (SnakyMode::Watch, Some(kind)) => (text::watching(lang, kind, true), palette::COM),
        // A paused computer Breaker waits for Run, N or T; a click takes the game back.
        (_, Some(kind)) => (text::watching(lang, kind, false), palette::COM),
        // Finishing cells on the board: the turn's task, said where the eye goes first (newcomer
        // #29 read "Maker wins by its move 21" beside a double threat and lost the next move).
        (_, None) if !session.blind => {
            let game = session.game();
            let open = crate::snaky::threats::threats(game.maker_cells(), game.breaker_cells()).cells;
            match open.as_slice() {
                [] => (T::SnakyYourTurn.get(lang).to_string(), palette::YOU),
                cells => (text::turn_with_threats(lang, cells), palette::BAD),
            }
        }
        (_, None) => (T::SnakyYourTurn.get(lang).to_string(), palette::YOU),
    }
}

#[cfg(test)]
mod tests {
    use super::sentence_per_line;

    #[test]
    fn each_sentence_of_the_lesson_takes_a_line_of_its_own() {
        assert_eq!(
            sentence_per_line("After (8,6) Maker could force: a threat. A Maker (one. two) wins. Done."),
            "After (8,6) Maker could force: a threat.\nA Maker (one. two) wins.\nDone."
        );
        assert_eq!(sentence_per_line("あ。い（う。え）。お。"), "あ。\nい（う。え）。\nお。");
    }
}
