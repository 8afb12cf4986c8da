//! The about page's certificate checks (SPEC §2.3), run on request on a thread of their own so the
//! window keeps drawing while they take their few seconds.

use crate::app::events::Redraw;
use std::sync::Mutex;
use std::sync::mpsc::{self, Receiver, TryRecvError};

use bevy::prelude::*;

use crate::app::Screen;
use crate::app::i18n::Lang;
use crate::app::i18n::{self, T, snaky as text};
use crate::app::theme::palette;
use crate::app::theme::widgets::{self, ButtonKind, send};
use crate::save::Language;
use crate::snaky::Maker;
use crate::snaky::verify::{self, Report};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<RunChecks>()
        .add_message::<CloseChecks>()
        .init_resource::<CertificateChecks>()
        .init_resource::<ChecksShown>()
        .add_message::<ShowReport>()
        .init_resource::<ShownReport>()
        .add_systems(OnExit(Screen::About), |mut shown: ResMut<ChecksShown>| {
            shown.0 = false;
        })
        .add_systems(
            Update,
            (
                start_checks,
                collect_report,
                keep_awake_while_checking,
                choose_report,
                show_checks.run_if(in_state(Screen::About)),
            )
                .chain(),
        );
}

/// Asks for the certificate checks to run (or, once they have, to show their results again).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct RunChecks;

/// Closes the results.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct CloseChecks;

/// Lists this Maker's checks on the sheet.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShowReport(pub Maker);

/// Whose checks the sheet lists.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct ShownReport(pub Maker);

/// The checks' state; the report stays for later visits of the about page.
#[derive(Resource, Debug, Default)]
pub enum CertificateChecks {
    #[default]
    NotRun,
    Running(Mutex<Receiver<Reports>>),
    Done(Reports),
    /// The checking thread stopped without a report.
    Failed,
}

/// The checks of both shipped certificates: the paper's, then ours.
pub type Reports = Vec<(Maker, Report)>;

impl CertificateChecks {
    /// The checks of one Maker's certificate, once they have run.
    pub fn report(&self, maker: Maker) -> Option<&Report> {
        match self {
            Self::Done(reports) => reports.iter().find(|(m, _)| *m == maker).map(|(_, r)| r),
            _ => None,
        }
    }

    fn all_passed(&self) -> bool {
        matches!(self, Self::Done(reports) if reports.iter().all(|(_, r)| r.passed()))
    }

    pub fn is_running(&self) -> bool {
        matches!(self, Self::Running(_))
    }

    /// Blocks until running checks have reported (for tests, which must not guess how long the
    /// checks take); the report is then collected as usual by the next frame.
    pub fn wait_for_report(&mut self) {
        let Self::Running(receiver) = self else { return };
        let received = receiver.get_mut().map_or(Err(mpsc::RecvError), |receiver| receiver.recv());
        *self = received.map_or(Self::Failed, Self::Done);
    }
}

/// Whether the results sheet is open over the about page.
#[derive(Resource, Debug, Default)]
struct ChecksShown(bool);

/// The one-line outcome in the about page's section.
#[derive(Component)]
struct ChecksSummary;

/// The sheet listing every check with its numbers, over the about page.
#[derive(Component)]
struct ChecksSheet;

/// The about page's section: what Maker guarantees, a button, and the results. Called by the
/// about screen while it builds its page.
pub fn spawn_checks_section(parent: &mut ChildSpawnerCommands, lang: Language) {
    parent
        .spawn(Node { max_width: px(900), align_items: AlignItems::FlexStart, ..widgets::column(6.0) })
        .with_children(|section| {
            section.spawn(widgets::row(16.0)).with_children(|row| {
                row.spawn(widgets::text(T::ChecksTitle.get(lang), 24.0, palette::INK));
                row.spawn(widgets::sized_button(T::RunChecks.get(lang), ButtonKind::Secondary, 200.0, 18.0))
                    .observe(send(RunChecks));
            });
            section.spawn(widgets::paragraph(T::ChecksIntro.get(lang), 17.0, 880.0));
            section.spawn((ChecksSummary, widgets::text("", 17.0, palette::INK_SOFT)));
        });
}

fn start_checks(
    mut requests: MessageReader<RunChecks>,
    mut closes: MessageReader<CloseChecks>,
    mut checks: ResMut<CertificateChecks>,
    mut shown: ResMut<ChecksShown>,
) {
    if closes.read().count() > 0 {
        shown.0 = false;
    }
    if requests.read().count() == 0 {
        return;
    }
    shown.0 = true;
    if checks.is_running() || matches!(*checks, CertificateChecks::Done(_)) {
        return;
    }
    let (sender, receiver) = mpsc::channel();
    let spawned = std::thread::Builder::new().name("certificate checks".into()).spawn(move || {
        // The receiver may be gone if the app quit meanwhile; nothing to report then.
        let reports = Maker::ALL.iter().map(|&m| (m, verify::verify_text(m.text(), m.sha256()))).collect();
        let _ = sender.send(reports);
    });
    *checks = match spawned {
        Ok(_) => CertificateChecks::Running(Mutex::new(receiver)),
        Err(_) => CertificateChecks::Failed,
    };
}

fn collect_report(mut checks: ResMut<CertificateChecks>) {
    let CertificateChecks::Running(receiver) = checks.as_ref() else { return };
    let received = match receiver.lock() {
        Ok(receiver) => receiver.try_recv(),
        Err(_) => Err(TryRecvError::Disconnected),
    };
    match received {
        Ok(report) => *checks = CertificateChecks::Done(report),
        Err(TryRecvError::Empty) => {}
        Err(TryRecvError::Disconnected) => *checks = CertificateChecks::Failed,
    }
}

/// The report is collected by a frame: while the checks run, every frame asks for the next.
fn keep_awake_while_checking(checks: Res<CertificateChecks>, mut redraw: MessageWriter<Redraw>) {
    if checks.is_running() {
        redraw.write(Redraw);
    }
}

fn choose_report(mut requests: MessageReader<ShowReport>, mut shown: ResMut<ShownReport>) {
    if let Some(&ShowReport(maker)) = requests.read().last()
        && shown.0 != maker
    {
        shown.0 = maker;
    }
}

#[allow(clippy::too_many_arguments)]
fn show_checks(
    checks: Res<CertificateChecks>,
    shown: Res<ChecksShown>,
    tab: Res<ShownReport>,
    lang: Res<Lang>,
    new_summaries: Query<(), Added<ChecksSummary>>,
    mut summaries: Query<(&mut Text, &mut TextColor), With<ChecksSummary>>,
    sheets: Query<Entity, With<ChecksSheet>>,
    mut commands: Commands,
) {
    if !checks.is_changed()
        && !shown.is_changed()
        && !tab.is_changed()
        && !lang.is_changed()
        && new_summaries.is_empty()
    {
        return;
    }
    let lang = lang.0;
    let (summary, ink) = match checks.as_ref() {
        CertificateChecks::NotRun => (String::new(), palette::INK_SOFT),
        CertificateChecks::Running(_) => (T::ChecksRunning.get(lang).to_string(), palette::INK_SOFT),
        CertificateChecks::Failed => (T::ChecksFailed.get(lang).to_string(), palette::BAD),
        CertificateChecks::Done(_) if checks.all_passed() => (text::checks_passed(lang), palette::GOOD),
        CertificateChecks::Done(_) => (T::ChecksFailed.get(lang).to_string(), palette::BAD),
    };
    for (mut text, mut colour) in &mut summaries {
        text.0.clone_from(&summary);
        colour.0 = ink;
    }
    for sheet in &sheets {
        commands.entity(sheet).despawn();
    }
    if !shown.0 {
        return;
    }
    let backdrop = (
        ChecksSheet,
        Node {
            position_type: PositionType::Absolute,
            width: percent(100),
            height: percent(100),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            ..default()
        },
        BackgroundColor(palette::INK.with_alpha(0.35)),
        GlobalZIndex(10),
        DespawnOnExit(Screen::About),
    );
    commands.spawn(backdrop).with_children(|backdrop| {
        // One height for every tab (the Close button never moves), inside the window whatever the
        // longest report (the paper's: 15 checks and the squeeze table).
        let sheet_node = Node {
            height: percent(96),
            justify_content: JustifyContent::SpaceBetween,
            padding: UiRect::axes(px(28), px(14)),
            row_gap: px(6),
            ..widgets::panel_node(px(1120))
        };
        backdrop.spawn(widgets::panel_from(sheet_node)).with_children(|sheet| {
            sheet.spawn(widgets::text(T::ChecksTitle.get(lang), 28.0, palette::INK));
            sheet.spawn(widgets::text(summary.clone(), 19.0, ink));
            sheet.spawn(widgets::row(8.0)).with_children(|row| {
                for maker in Maker::ALL {
                    let kind = if tab.0 == maker { ButtonKind::Primary } else { ButtonKind::Secondary };
                    let label = match checks.report(maker) {
                        Some(report) => format!(
                            "{} {}",
                            text::maker_name(lang, maker),
                            i18n::checks::verdict(lang, report.passed())
                        ),
                        None => text::maker_name(lang, maker),
                    };
                    row.spawn(widgets::sized_button(label, kind, 200.0, 17.0))
                        .observe(send(ShowReport(maker)));
                }
            });
            if let Some(report) = checks.report(tab.0) {
                let list = Node {
                    align_items: AlignItems::FlexStart,
                    justify_content: JustifyContent::FlexStart,
                    flex_grow: 1.0,
                    ..widgets::column(1.0)
                };
                sheet.spawn(list).with_children(|list| {
                    for check in &report.checks {
                        let ink = if check.pass { palette::INK } else { palette::BAD };
                        // The first line names the check; the table's rows and the expectation follow,
                        // indented (no text wrapping).
                        for (index, line) in i18n::checks::lines(lang, check).into_iter().enumerate() {
                            let indent = if index == 0 { 0.0 } else { 64.0 };
                            list.spawn(Node { margin: UiRect::left(px(indent)), ..widgets::row(0.0) })
                                .with_child(widgets::text(line, 13.5, ink));
                        }
                    }
                });
            }
            sheet
                .spawn(widgets::sized_button(T::Close.get(lang), ButtonKind::Secondary, 200.0, 20.0))
                .observe(send(CloseChecks));
        });
    });
}
