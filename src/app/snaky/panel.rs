//! The Snaky screen's layout, and its info panel with the controls: overlays, undo, review, the
//! computer Breakers and the record.

use bevy::prelude::*;

use super::model::overlays::{Layer, Overlays};
use super::model::session::{NoticeKind, Session, SnakyInput, SnakyMode};
use super::model::watch::Watch;
use super::screen::{self, SnakySystems, SnakyUnavailable};
use super::{board, keys};
use crate::app::Screen;
use crate::app::i18n::Lang;
use crate::app::i18n::{self, T, snaky as text};
use crate::app::storage::SaveData;
use crate::app::theme::palette;
use crate::app::theme::widgets::{self, ButtonKind, send};
use crate::save::Language;
use crate::snaky::{BreakerKind, Maker, Player};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Snaky), spawn_screen.after(screen::start_session)).add_systems(
        Update,
        (update_panel, draw_tempo, draw_lesson).in_set(SnakySystems::Show).run_if(in_state(Screen::Snaky)),
    );
}

const PANEL_WIDTH: f32 = 400.0;

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
    Notice,
    HeatLegend,
    Tempo,
    Speed,
    Keys,
    Par,
    Lesson,
    LessonLine,
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
}

fn spawn_screen(mut commands: Commands, lang: Res<Lang>, unavailable: Option<Res<SnakyUnavailable>>) {
    let lang = lang.0;
    // Tighter than the other screens: the board and the panel fill the window.
    commands.spawn(widgets::screen_root_spaced(Screen::Snaky, 8.0, 12.0)).with_children(|root| {
        root.spawn(Node { width: px(board::BOARD_SIZE.x + 16.0 + PANEL_WIDTH), ..widgets::row(18.0) })
            .with_children(|bar| {
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
        root.spawn(Node { align_items: AlignItems::Stretch, ..widgets::row(16.0) }).with_children(|main| {
            let mut area = main.spawn(board::board_area());
            board::fill_board_area(&mut area);
            main.spawn(info_panel()).with_children(|panel| spawn_panel(panel, lang));
        });
        root.spawn((
            Info::Keys,
            widgets::text(keys::key_line(lang, SnakyMode::Play), 14.0, palette::INK_SOFT),
            // Three lines' height whatever the mode's keys, so the screen never shifts between modes.
            Node { max_width: px(board::BOARD_SIZE.x + 16.0 + PANEL_WIDTH), min_height: px(54), ..default() },
        ));
    });
}

fn info_panel() -> impl Bundle {
    (
        Node {
            width: px(PANEL_WIDTH),
            height: px(board::BOARD_SIZE.y),
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Stretch,
            padding: UiRect::axes(px(16), px(12)),
            row_gap: px(4),
            border_radius: BorderRadius::all(px(18)),
            overflow: Overflow::clip(),
            ..default()
        },
        // A card without an edge, like the board: a border is drawn as a second full-size quad.
        BackgroundColor(palette::PANEL),
    )
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
    panel.spawn((Info::Guarantee, widgets::text("", 25.0, palette::PRIMARY)));
    panel.spawn((Info::Par, widgets::text("", 15.0, palette::INK_SOFT)));
    panel.spawn((
        Info::Notice,
        widgets::text("", 14.0, palette::BAD),
        // A fixed width and room for three lines, so a long message wraps without moving the buttons.
        Node { width: px(PANEL_WIDTH - 36.0), height: px(NOTICE_HEIGHT), ..default() },
    ));
    panel.spawn((PanelPage::Play, page())).with_children(|page| spawn_play_page(page, lang));
    panel
        .spawn((PanelPage::Analysis, Node { display: Display::None, ..page() }))
        .with_children(|page| spawn_analysis_page(page, lang));
}

/// Three lines of the notice's 14 px text.
const NOTICE_HEIGHT: f32 = 56.0;

/// One page of the panel.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
enum PanelPage {
    Play,
    Analysis,
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
        // The label has a line of its own, so the Makers' buttons stay on one line at every size.
        row.spawn((
            widgets::text(T::MakerChoice.get(lang), 15.0, palette::INK_SOFT),
            Node { width: percent(100), ..default() },
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
    });
    // The lesson (after the game, or while reviewing) in place of the goal's explanation.
    page.spawn((Info::Lesson, widgets::text("", 14.0, palette::INK_SOFT)));
    page.spawn((
        LessonChips,
        Node { flex_wrap: FlexWrap::Wrap, column_gap: px(4), row_gap: px(4), ..default() },
    ));
    page.spawn((
        Info::LessonLine,
        widgets::text("", 14.0, palette::INK),
        Node { width: px(PANEL_WIDTH - 36.0), ..default() },
    ));
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
    page.spawn((Info::HeatLegend, widgets::text("", 13.0, palette::INK_SOFT)));
    page.spawn((Info::Tempo, widgets::text("", 13.0, palette::INK_SOFT)));
    page.spawn((
        TempoGraph,
        Node { height: px(TEMPO_HEIGHT), align_items: AlignItems::FlexEnd, column_gap: px(1), ..default() },
    ));
    page.spawn(widgets::text(T::Computer.get(lang), 15.0, palette::INK_SOFT));
    page.spawn(Node { column_gap: px(4), ..left_row() }).with_children(|row| {
        for kind in BreakerKind::ALL {
            row.spawn(widgets::small_button(text::breaker_name(lang, kind), ButtonKind::Secondary, 60.0))
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
struct LessonChips;

/// One chip of the lesson: the player's move (0-based) it stands for.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct LessonChip(pub usize);

/// Whether the lesson is shown: after the game, or while reviewing (never a blind game's before
/// its end).
fn lesson_shown(session: &Session) -> bool {
    let game = session.game();
    (game.won() || session.reviewing().is_some()) && (!session.blind || game.won())
}

/// Rebuilds the lesson's chips: each move's Maker moves lost, the costliest in red, the reviewed
/// one framed.
fn draw_lesson(
    session: Option<Res<Session>>,
    chips: Query<Entity, With<LessonChips>>,
    lang: Res<Lang>,
    mut commands: Commands,
) {
    let Some(session) = session else { return };
    if !session.is_changed() && !lang.is_changed() {
        return;
    }
    let lang = lang.0;
    let review = lesson_shown(&session).then(|| crate::snaky::review_game(session.game()));
    let reviewed = session.reviewing().filter(|at| at % 2 == 1).map(|at| at / 2);
    for list in &chips {
        commands.entity(list).despawn_children().with_children(|list| {
            let Some(review) = &review else { return };
            let costliest = review.costliest();
            for (index, lesson) in review.moves.iter().enumerate() {
                let (face, ink) = if Some(index) == costliest {
                    (palette::BAD, palette::ON_PRIMARY)
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
                        widgets::text(text::lesson_chip(lang, stone_number(index), lesson.lost), 13.0, ink),
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

fn swatch(colour: Color, round: bool) -> impl Bundle {
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
    data: Res<SaveData>,
) {
    let Some(session) = session else { return };
    let changed = session.is_changed() || watch.is_changed() || mode.is_changed();
    if !changed && !overlays.is_changed() && !lang.is_changed() {
        return;
    }
    for (page, mut node) in &mut pages {
        let shown = (*page == PanelPage::Analysis) == overlays.analysis;
        let display = if shown { Display::Flex } else { Display::None };
        if node.display != display {
            node.display = display;
        }
    }
    let blind_now = session.blind && !session.shown().won();
    let lang = lang.0;
    let mode = *mode.get();
    let game = session.shown();
    let claim = game.claim();
    let total = session.game().moves().len();
    for (which, mut content, mut colour) in &mut texts {
        let (value, ink) = match which {
            Info::Subtitle => (text::subtitle(lang, session.maker.bound()), palette::INK_SOFT),
            Info::Status => status(&session, &watch, mode, lang),
            Info::Guarantee if blind_now => (T::BlindHidden.get(lang).to_string(), palette::INK_SOFT),
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
                    (text::held_out(lang, watch.kind(), moves, par), palette::INK)
                } else {
                    let best = settings.snaky_best.get(&maker).copied();
                    let blind = settings.blind_best.get(&maker).copied();
                    (text::par_line(lang, par, best, blind), palette::INK_SOFT)
                }
            }
            Info::Lesson if lesson_shown(&session) => (T::Lesson.get(lang).to_string(), palette::INK_SOFT),
            Info::Lesson => (T::SnakyGoalHelp.get(lang).to_string(), palette::INK_SOFT),
            Info::LessonLine => (lesson_line(&session, lang), palette::INK),
            Info::Guarantee => (text::guarantee(lang, claim.guarantee), palette::PRIMARY),
            Info::MakerMoves => (game.maker_cells().len().to_string(), palette::INK),
            Info::BreakerMoves => (game.breaker_cells().len().to_string(), palette::INK),
            Info::Card => (text::card(lang, claim.card, claim.inline), palette::INK),
            Info::Height => (claim.height.to_string(), palette::INK),
            Info::Envelope => (claim.envelope_size.to_string(), palette::INK),
            Info::Required => (claim.required_size.to_string(), palette::INK),
            Info::LastMove => match game.moves().last() {
                Some(m) => (
                    text::last_move(lang, m.player == Player::Maker, game.moves().len(), m.cell),
                    palette::INK,
                ),
                None => (String::new(), palette::INK),
            },
            Info::Notice => match &session.notice {
                Some(notice) => (
                    notice.said.text(lang),
                    match notice.kind {
                        NoticeKind::Refused => palette::BAD,
                        NoticeKind::Good => palette::GOOD,
                        NoticeKind::Info => palette::INK,
                    },
                ),
                None => (String::new(), palette::INK),
            },
            Info::HeatLegend if overlays.get(Layer::Heat) && (!session.blind || game.won()) => {
                let outside = game.reply_guarantees().iter().find(|(c, _)| c.is_none()).map(|&(_, g)| g);
                (outside.map_or(String::new(), |h| text::heat_legend(lang, h)), palette::INK_SOFT)
            }
            Info::HeatLegend => (String::new(), palette::INK_SOFT),
            Info::Tempo if session.blind && !game.won() => (String::new(), palette::INK_SOFT),
            Info::Tempo => (text::tempo(lang, session.maker.bound(), claim.guarantee), palette::INK_SOFT),
            Info::Speed => {
                let seconds = watch.interval().as_secs_f32();
                (format!("{}: {}", T::Speed.get(lang), text::speed(lang, seconds)), palette::INK_SOFT)
            }
            Info::Keys => (keys::key_line(lang, mode), palette::INK_SOFT),
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
        };
        if *kind != wanted {
            *kind = wanted;
        }
    }
}

/// The lesson's line: the reviewed move of the player's (its guarantee before and after, the
/// replies that kept the most), or how to read the chips.
fn lesson_line(session: &Session, lang: Language) -> String {
    if !lesson_shown(session) {
        return String::new();
    }
    let review = crate::snaky::review_game(session.game());
    let reviewed = session.reviewing().filter(|at| at % 2 == 1).map(|at| at / 2);
    match reviewed.and_then(|index| review.moves.get(index).map(|lesson| (index, lesson))) {
        Some((index, lesson)) => text::lesson_line(lang, stone_number(index), lesson),
        None => T::LessonHelp.get(lang).to_string(),
    }
}

/// The board's number on the stone of the player's move `index` (0-based): Maker plays stone 1,
/// so the player's moves are stones 2, 4, 6, … — the lesson names them as the board does.
fn stone_number(index: usize) -> usize {
    2 * (index + 1)
}

/// The values blind mode hides.
fn hidden(which: Info) -> bool {
    matches!(which, Info::Guarantee | Info::Card | Info::Height | Info::Envelope | Info::Required)
}

/// The first line of the panel: whose turn, who is playing, or what is being reviewed.
fn status(session: &Session, watch: &Watch, mode: SnakyMode, lang: Language) -> (String, Color) {
    let total = session.game().moves().len();
    match (mode, watch.kind()) {
        (SnakyMode::Review, _) => {
            (text::reviewing(lang, session.reviewing().unwrap_or(total), total), palette::INK_SOFT)
        }
        // Maker's win is the player's loss: not in the good-news colour.
        _ if session.game().won() => (T::MakerWon.get(lang).to_string(), palette::BAD),
        (SnakyMode::Watch, Some(kind)) => (text::watching(lang, kind, true), palette::COM),
        // A paused computer Breaker waits for Run, N or T; a click takes the game back.
        (_, Some(kind)) => (text::watching(lang, kind, false), palette::COM),
        (_, None) => (T::SnakyYourTurn.get(lang).to_string(), palette::YOU),
    }
}
