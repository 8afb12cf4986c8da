//! Reading a save and repairing it: what the game never writes (a stage outside the ladder, a
//! stage listed twice, a count or a volume out of range, a pick set that is not one, a free-play
//! setup it cannot start, a Snaky best no game could hold out) is left out or brought in range, the
//! rest is kept, and each problem is listed; the strict reader refuses it instead.

use std::collections::btree_map::Entry;
use std::collections::{BTreeMap, BTreeSet};

use thiserror::Error;

use super::format::{
    ChoiceEntries, MAKER_PRIMER_STEPS, MAX_MAKER_MOVES, MapEntries, PRIMER_STEPS, ProgressEntries,
    RecordEntries, Save, Settings, SettingsEntries, SnakyPrimer, SnakyPrimerEntries, Unusable, Wide,
    pick_set, read_version,
};
use crate::pokopoko::{ChoiceRecord, FreeSetup, MAX_STAGE, Progress, StageRecord};
use crate::snaky::Maker;
use crate::snaky::as_maker::Level;
use crate::sound_settings::{SoundSettings, Volume};

/// The most wins (or losses) a save may record for one stage: the range of the first format's
/// 32-bit counters. Counts are 64-bit in memory, so counting on from any saved value never wraps.
pub const MAX_RECORDED_MATCHES: u64 = u32::MAX as u64;

/// The most problems a repair lists one by one; the others are only counted (a 4 MiB save can hold
/// two million, which would make a notice, or a log line, of hundreds of megabytes).
pub const MAX_LISTED_PROBLEMS: usize = 20;

/// What was wrong in a save file: why the strict reader refused it, or what the repairing reader
/// left out or corrected.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SaveProblem {
    #[error("`{field}` names stage {stage}, but the stages are numbered 1 to {MAX_STAGE}")]
    StageOutOfRange { field: &'static str, stage: i128 },
    #[error("`{field}` lists stage {stage} twice")]
    Duplicate { field: &'static str, stage: u32 },
    #[error(
        "`{field}` records {count} matches of stage {stage}, more than the {MAX_RECORDED_MATCHES} a save may hold"
    )]
    TooManyMatches { field: &'static str, stage: i128, count: i128 },
    #[error("`{field}` records {count} matches of stage {stage}; it was brought to 0")]
    NegativeCount { field: &'static str, stage: i128, count: i128 },
    #[error("`choices` counts {right} right turn orders in {matches} matches of stage {stage}")]
    MoreRightThanPlayed { stage: u32, right: u64, matches: u64 },
    #[error("`strategies_revealed` lists {counts}, which is not a pick set: {reason}")]
    NotAPickSet { counts: String, reason: String },
    #[error("`sound` sets volume {0}, but volumes go from 0 to {max}; it was brought to {shown}", max = Volume::MAX, shown = if *.0 < 0 { 0 } else { Volume::MAX })]
    Volume(i128),
    #[error("`free_play` is a setup the game cannot start ({0}); it was left out")]
    FreeSetup(crate::pokopoko::FreeError),
    #[error(
        "`{field}` records {moves} Maker moves held out against {maker:?}, but a game against that Maker lasts {MIN_HELD_OUT} to {} Maker moves; it was left out",
        maker.bound()
    )]
    BestOutOfRange { field: &'static str, maker: Maker, moves: i128 },
    #[error("`{field}` lists {maker:?} twice; the first was kept")]
    DuplicateMaker { field: &'static str, maker: Maker },
    #[error(
        "`maker_best` gives {moves} Maker moves against {level:?}, but a win takes 6 to {MAX_MAKER_MOVES}; it was left out"
    )]
    MakerBestOutOfRange { level: Level, moves: i128 },
    #[error("`maker_best` lists {0:?} twice; the first was kept")]
    DuplicateLevel(Level),
    #[error(
        "`snaky_primer` lists step {0} as passed, but the primer's steps are 1 to {PRIMER_STEPS}; it was left out"
    )]
    PrimerStepOutOfRange(i128),
    #[error("`snaky_primer` lists step {0} twice")]
    PrimerStepTwice(u8),
    #[error(
        "`snaky_primer` lists Maker step {0} as passed, but the Maker steps are 1 to {MAKER_PRIMER_STEPS}; it was left out"
    )]
    MakerStepOutOfRange(i128),
    #[error("`snaky_primer` lists Maker step {0} twice")]
    MakerStepTwice(u8),
}

/// The fewest Maker moves any game lasts: a Snaky has 6 cells. A best below it was never played.
pub const MIN_HELD_OUT: u32 = crate::snaky::shape::SNAKY.len() as u32;

/// Reads a save from the bytes of a save file, refusing anything the game never writes (the
/// strict reader; [`super::SaveFile::open`] uses [`parse_repairing`]).
pub fn parse(bytes: &[u8]) -> Result<Save, Unusable> {
    let Repairable { save, problems, .. } = parse_repairing(bytes)?;
    match problems.first() {
        None => Ok(save),
        Some(problem) => Err(Unusable::NeedsRepair(problem.to_string())),
    }
}

/// Reads a save as [`parse`] does, but repairs its settings and progress instead of refusing them:
/// entries the game never writes are left out or brought in range, and listed (what
/// [`super::SaveFile::open`] does). Anything else wrong (the syntax, the version, a field of the
/// wrong type or written twice) is still refused.
pub fn parse_repairing(bytes: &[u8]) -> Result<Repairable, Unusable> {
    let entries = read_version(bytes)?;
    let mut problems = Problems::default();
    let settings = entries.settings.repair(&mut problems);
    let progress = entries.progress.repair(&mut problems);
    Ok(problems.into_repairable(Save { version: entries.version, settings, progress }))
}

/// A save as read, with its settings and progress repaired, and what the repair found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Repairable {
    pub save: Save,
    /// The first [`MAX_LISTED_PROBLEMS`] problems, in the file's order; empty for a save as the
    /// game writes it.
    pub problems: Vec<SaveProblem>,
    /// How many problems there were in all (listed or not).
    pub total: usize,
}

/// The problems a repair found: the first few listed, all counted.
#[derive(Debug, Default)]
pub(super) struct Problems {
    listed: Vec<SaveProblem>,
    total: usize,
}

impl Problems {
    fn push(&mut self, problem: SaveProblem) {
        self.total += 1;
        if self.listed.len() < MAX_LISTED_PROBLEMS {
            self.listed.push(problem);
        }
    }

    fn into_repairable(self, save: Save) -> Repairable {
        Repairable { save, problems: self.listed, total: self.total }
    }
}

impl SettingsEntries {
    /// The settings with what the game could not have written left out (a pick set that is not
    /// one, a free-play setup it cannot start) or brought in range (the volume), each noted.
    pub(super) fn repair(self, problems: &mut Problems) -> Settings {
        let Self {
            language,
            strategies_revealed,
            snaky_maker,
            blind_best,
            snaky_best,
            assisted_best,
            maker_best,
            sound,
            free_play,
            snaky_primer,
        } = self;
        let snaky_primer = snaky_primer.repair(problems);
        let blind_best = best("blind_best", blind_best, problems);
        let snaky_best = best("snaky_best", snaky_best, problems);
        let assisted_best = best("assisted_best", assisted_best, problems);
        let maker_best = fewest(maker_best, problems);
        let strategies_revealed = strategies_revealed
            .into_iter()
            .filter_map(|counts| match pick_set(&counts) {
                Ok(set) => Some(set),
                Err(reason) => {
                    let shown: Vec<String> = counts.iter().take(16).map(ToString::to_string).collect();
                    let more = if counts.len() > 16 { ", …" } else { "" };
                    let counts = format!("[{}{more}]", shown.join(", "));
                    problems.push(SaveProblem::NotAPickSet { counts, reason });
                    None
                }
            })
            .collect();
        let volume = match u8::try_from(sound.volume.0).ok().and_then(|step| Volume::new(step).ok()) {
            Some(volume) => volume,
            None => {
                problems.push(SaveProblem::Volume(sound.volume.0));
                if sound.volume.0 < 0 { Volume::new(0).unwrap_or(Volume::DEFAULT) } else { Volume::loudest() }
            }
        };
        let free_play = free_play.and_then(|entries| match FreeSetup::try_from(entries) {
            Ok(setup) => Some(setup),
            Err(err) => {
                problems.push(SaveProblem::FreeSetup(err));
                None
            }
        });
        let sound = SoundSettings { muted: sound.muted, volume };
        Settings {
            language,
            strategies_revealed,
            snaky_maker,
            blind_best,
            snaky_best,
            assisted_best,
            maker_best,
            sound,
            free_play,
            snaky_primer,
        }
    }
}

impl SnakyPrimerEntries {
    /// The primer's progress with a step the primer does not have left out and a step listed
    /// again ignored, each noted.
    fn repair(self, problems: &mut Problems) -> SnakyPrimer {
        let passed = steps(
            self.passed,
            PRIMER_STEPS,
            (SaveProblem::PrimerStepOutOfRange, SaveProblem::PrimerStepTwice),
            problems,
        );
        let maker_passed = steps(
            self.maker_passed,
            MAKER_PRIMER_STEPS,
            (SaveProblem::MakerStepOutOfRange, SaveProblem::MakerStepTwice),
            problems,
        );
        SnakyPrimer { opened: self.opened, passed, maker_passed }
    }
}

/// How a list of steps names its problems: a step out of range, a step listed twice.
type StepProblems = (fn(i128) -> SaveProblem, fn(u8) -> SaveProblem);

/// Steps passed as written, each in `1..=last`: one outside is left out and one listed again
/// ignored, each noted by `(out_of_range, twice)`.
fn steps(
    entries: Vec<Wide>,
    last: u8,
    (out_of_range, twice): StepProblems,
    problems: &mut Problems,
) -> BTreeSet<u8> {
    let mut passed = BTreeSet::new();
    for step in entries {
        match u8::try_from(step.0).ok().filter(|s| (1..=last).contains(s)) {
            None => problems.push(out_of_range(step.0)),
            Some(step) if !passed.insert(step) => problems.push(twice(step)),
            Some(_) => {}
        }
    }
    passed
}

/// A best per Maker as written, with what no game could have held out (fewer than a Snaky's
/// [`MIN_HELD_OUT`] cells, more than the Maker's par) left out, and a Maker listed again ignored.
fn best(
    field: &'static str,
    entries: MapEntries<Maker, Wide>,
    problems: &mut Problems,
) -> BTreeMap<Maker, u32> {
    let mut best = BTreeMap::new();
    for (maker, moves) in entries.0 {
        let held_out = u32::try_from(moves.0).ok().filter(|m| (MIN_HELD_OUT..=maker.bound()).contains(m));
        let Some(held_out) = held_out else {
            problems.push(SaveProblem::BestOutOfRange { field, maker, moves: moves.0 });
            continue;
        };
        match best.entry(maker) {
            Entry::Occupied(_) => problems.push(SaveProblem::DuplicateMaker { field, maker }),
            Entry::Vacant(place) => {
                place.insert(held_out);
            }
        }
    }
    best
}

/// `maker_best` with every entry in `6..=MAX_MAKER_MOVES` and each level once.
fn fewest(entries: MapEntries<Level, Wide>, problems: &mut Problems) -> BTreeMap<Level, u32> {
    let mut best = BTreeMap::new();
    for (level, moves) in entries.0 {
        let Some(won_in) =
            u32::try_from(moves.0).ok().filter(|m| (MIN_HELD_OUT..=MAX_MAKER_MOVES).contains(m))
        else {
            problems.push(SaveProblem::MakerBestOutOfRange { level, moves: moves.0 });
            continue;
        };
        match best.entry(level) {
            Entry::Occupied(_) => problems.push(SaveProblem::DuplicateLevel(level)),
            Entry::Vacant(place) => {
                place.insert(won_in);
            }
        }
    }
    best
}

impl ProgressEntries {
    /// The progress with every entry the game could not have written left out (a stage outside
    /// the ladder, a stage listed again) or brought back in range (a count beyond what a save may
    /// hold), and what was wrong, in the file's order.
    pub(super) fn repair(self, problems: &mut Problems) -> Progress {
        let mut progress = Progress::default();
        for number in self.cleared {
            if let Some(stage) = in_ladder("cleared", number, problems)
                && !progress.cleared.insert(stage)
            {
                problems.push(SaveProblem::Duplicate { field: "cleared", stage });
            }
        }
        for (number, RecordEntries { wins, losses }) in self.results.0 {
            let record = StageRecord {
                wins: count("results", number, wins, problems),
                losses: count("results", number, losses, problems),
            };
            match in_ladder("results", number, problems) {
                Some(stage) if progress.results.contains_key(&stage) => {
                    problems.push(SaveProblem::Duplicate { field: "results", stage });
                }
                Some(stage) => {
                    progress.results.insert(stage, record);
                }
                None => {}
            }
        }
        for (number, ChoiceEntries { matches, right, first_right }) in self.choices.0 {
            let matches = count("choices", number, matches, problems);
            let mut right = count("choices", number, right, problems);
            let Some(stage) = in_ladder("choices", number, problems) else { continue };
            if right > matches {
                problems.push(SaveProblem::MoreRightThanPlayed { stage, right, matches });
                right = matches;
            }
            match progress.choices.entry(stage) {
                Entry::Occupied(_) => problems.push(SaveProblem::Duplicate { field: "choices", stage }),
                Entry::Vacant(place) => {
                    place.insert(ChoiceRecord { matches, right, first_right });
                }
            }
        }
        progress
    }
}

/// The stage `number` names, if it is one of the ladder's.
fn in_ladder(field: &'static str, number: Wide, problems: &mut Problems) -> Option<u32> {
    let stage = u32::try_from(number.0).ok().filter(|stage| (1..=MAX_STAGE).contains(stage));
    if stage.is_none() {
        problems.push(SaveProblem::StageOutOfRange { field, stage: number.0 });
    }
    stage
}

/// A count as written, brought into `0..=MAX_RECORDED_MATCHES`.
fn count(field: &'static str, stage: Wide, count: Wide, problems: &mut Problems) -> u64 {
    if count.0 < 0 {
        problems.push(SaveProblem::NegativeCount { field, stage: stage.0, count: count.0 });
        0
    } else if count.0 > i128::from(MAX_RECORDED_MATCHES) {
        problems.push(SaveProblem::TooManyMatches { field, stage: stage.0, count: count.0 });
        MAX_RECORDED_MATCHES
    } else {
        count.0 as u64
    }
}
