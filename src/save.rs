//! The save file: progress on the ladder and settings, as RON in the user's data directory.
//!
//! Plain Rust, no Bevy. Writes are atomic (a temporary file in the same directory, synced, then
//! renamed over the save). A save that cannot be read or understood is never overwritten: it is
//! renamed aside, the caller gets a [`Notice`] to show the player, and a fresh save begins. A save
//! whose progress names a stage outside the ladder, lists a stage twice or records more matches
//! than [`MAX_RECORDED_MATCHES`] (the game never wrote it) is repaired instead: those entries are
//! left out or brought in range, the rest is kept, the file as it was is copied aside whole, and
//! the player is told.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::pokopoko::{FreeSetup, FreeSetupEntries, MAX_STAGE, PickSet};
use crate::sound::{SoundSettings, Volume};

/// The format this build writes. Files with another version are set aside, never misread.
pub const SAVE_VERSION: u32 = 1;

/// The file name inside the data directory.
pub const SAVE_FILE_NAME: &str = "save.ron";

/// The most wins (or losses) a save may record for one stage: the range of the first format's
/// 32-bit counters. Counts are 64-bit in memory, so counting on from any saved value never wraps.
pub const MAX_RECORDED_MATCHES: u64 = u32::MAX as u64;

/// Everything the game remembers between launches.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Save {
    pub version: u32,
    #[serde(default)]
    pub settings: Settings,
    #[serde(default)]
    pub progress: Progress,
}

impl Default for Save {
    fn default() -> Self {
        Self { version: SAVE_VERSION, settings: Settings::default(), progress: Progress::default() }
    }
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Settings {
    pub language: Language,
    /// Pick sets whose strategy page the player chose to see: its spoiler warning is not shown again.
    pub strategies_revealed: Vec<PickSet>,
    /// The Snaky screen's Maker: the paper's (21) or ours (20).
    pub snaky_maker: crate::snaky::Maker,
    /// Blind mode's best: the most Maker moves the player held out, per Maker.
    pub blind_best: BTreeMap<crate::snaky::Maker, u32>,
    /// Mute and volume; absent in older saves (then sound is on at the default volume).
    pub sound: crate::sound::SoundSettings,
    /// The last free-play setup started (absent in older saves; checked like the rest).
    pub free_play: Option<FreeSetup>,
}

/// The language of every string on screen.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Language {
    #[default]
    Japanese,
    English,
}

impl Language {
    pub fn other(self) -> Self {
        match self {
            Self::Japanese => Self::English,
            Self::English => Self::Japanese,
        }
    }
}

/// Ladder progress: which stages are cleared, and how each stage went.
///
/// Every stage number is in `1..=MAX_STAGE`; a file that says otherwise is refused when read.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "ProgressEntries")]
pub struct Progress {
    pub cleared: BTreeSet<u32>,
    pub results: BTreeMap<u32, StageRecord>,
    /// Per stage, the turn orders chosen ("Your record"); absent in older saves.
    pub choices: BTreeMap<u32, ChoiceRecord>,
}

/// The turn orders chosen for one stage.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ChoiceRecord {
    /// Matches recorded with their turn order.
    pub matches: u64,
    /// Matches begun with the right turn order.
    pub right: u64,
    /// Whether the stage's first match was begun with the right turn order.
    pub first_right: Option<bool>,
}

/// How one stage went so far.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct StageRecord {
    pub wins: u64,
    pub losses: u64,
}

/// What was wrong in a save file: why the strict reader refused its progress, or what the
/// repairing reader left out or corrected (progress, and the settings it checks).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SaveProblem {
    #[error("`{field}` names stage {stage}, but the stages are numbered 1 to {MAX_STAGE}")]
    StageOutOfRange { field: &'static str, stage: u32 },
    #[error("`{field}` lists stage {stage} twice")]
    Duplicate { field: &'static str, stage: u32 },
    #[error(
        "`results` records {count} matches of stage {stage}, more than the {MAX_RECORDED_MATCHES} a save may hold"
    )]
    TooManyMatches { stage: u32, count: u64 },
    #[error("`choices` counts {right} right turn orders in {matches} matches of stage {stage}")]
    MoreRightThanPlayed { stage: u32, right: u64, matches: u64 },
    #[error("`strategies_revealed` lists {counts:?}, which is not a pick set: {reason}")]
    NotAPickSet { counts: Vec<u32>, reason: String },
    #[error("`sound` sets volume {0}, but volumes go from 0 to {max}; it was brought to {max}", max = Volume::MAX)]
    Volume(u8),
    #[error("`free_play` is a setup the game cannot start ({0}); it was left out")]
    FreeSetup(crate::pokopoko::FreeError),
}

/// The progress exactly as written, duplicates included, to be checked before it is believed.
#[derive(Deserialize)]
#[serde(rename = "Progress", default, deny_unknown_fields)]
struct ProgressEntries {
    cleared: Vec<u32>,
    results: MapEntries<u32, StageRecord>,
    choices: MapEntries<u32, ChoiceRecord>,
}

impl Default for ProgressEntries {
    fn default() -> Self {
        Self { cleared: Vec::new(), results: MapEntries(Vec::new()), choices: MapEntries(Vec::new()) }
    }
}

impl TryFrom<ProgressEntries> for Progress {
    type Error = SaveProblem;

    fn try_from(entries: ProgressEntries) -> Result<Self, SaveProblem> {
        let (progress, mut problems) = entries.repair();
        if problems.is_empty() { Ok(progress) } else { Err(problems.swap_remove(0)) }
    }
}

impl ProgressEntries {
    /// The progress with every entry the game could not have written left out (a stage outside
    /// the ladder, a stage listed again) or brought back in range (a count beyond what a save may
    /// hold), and what was wrong, in the file's order.
    fn repair(self) -> (Progress, Vec<SaveProblem>) {
        let mut problems = Vec::new();
        let in_ladder = |field: &'static str, stage: u32, problems: &mut Vec<SaveProblem>| {
            let inside = (1..=MAX_STAGE).contains(&stage);
            if !inside {
                problems.push(SaveProblem::StageOutOfRange { field, stage });
            }
            inside
        };
        let mut progress = Progress::default();
        for number in self.cleared {
            if in_ladder("cleared", number, &mut problems) && !progress.cleared.insert(number) {
                problems.push(SaveProblem::Duplicate { field: "cleared", stage: number });
            }
        }
        for (number, mut record) in self.results.0 {
            for count in [&mut record.wins, &mut record.losses] {
                if *count > MAX_RECORDED_MATCHES {
                    problems.push(SaveProblem::TooManyMatches { stage: number, count: *count });
                    *count = MAX_RECORDED_MATCHES;
                }
            }
            if in_ladder("results", number, &mut problems) && progress.results.contains_key(&number) {
                problems.push(SaveProblem::Duplicate { field: "results", stage: number });
            } else if (1..=MAX_STAGE).contains(&number) {
                progress.results.insert(number, record);
            }
        }
        for (number, mut choice) in self.choices.0 {
            if choice.matches > MAX_RECORDED_MATCHES {
                problems.push(SaveProblem::TooManyMatches { stage: number, count: choice.matches });
                choice.matches = MAX_RECORDED_MATCHES;
            }
            if choice.right > choice.matches {
                problems.push(SaveProblem::MoreRightThanPlayed {
                    stage: number,
                    right: choice.right,
                    matches: choice.matches,
                });
                choice.right = choice.matches;
            }
            if in_ladder("choices", number, &mut problems) && progress.choices.contains_key(&number) {
                problems.push(SaveProblem::Duplicate { field: "choices", stage: number });
            } else if (1..=MAX_STAGE).contains(&number) {
                progress.choices.insert(number, choice);
            }
        }
        (progress, problems)
    }
}

/// A map read as the list of its entries, so that a key written twice is seen, not overwritten.
struct MapEntries<K, V>(Vec<(K, V)>);

impl<'de, K: Deserialize<'de>, V: Deserialize<'de>> Deserialize<'de> for MapEntries<K, V> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Entries<K, V>(std::marker::PhantomData<(K, V)>);

        impl<'de, K: Deserialize<'de>, V: Deserialize<'de>> serde::de::Visitor<'de> for Entries<K, V> {
            type Value = MapEntries<K, V>;

            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a map")
            }

            fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                let mut entries = Vec::new();
                while let Some(entry) = map.next_entry()? {
                    entries.push(entry);
                }
                Ok(MapEntries(entries))
            }
        }

        deserializer.deserialize_map(Entries(std::marker::PhantomData))
    }
}

impl Progress {
    pub fn is_cleared(&self, stage: u32) -> bool {
        self.cleared.contains(&stage)
    }

    /// Stage 1 is always open; clearing a stage opens the next.
    pub fn is_unlocked(&self, stage: u32) -> bool {
        stage == 1 || self.is_cleared(stage) || (stage > 1 && self.is_cleared(stage - 1))
    }

    /// The stage to play next: the first open stage not yet cleared (the last stage once every
    /// stage is cleared).
    pub fn current(&self) -> u32 {
        // Stage 1, or the first stage after a cleared one that is not cleared itself: one pass
        // over the cleared stages, not over the ladder.
        if !self.is_cleared(1) {
            return 1;
        }
        self.cleared
            .iter()
            .map(|&n| n.saturating_add(1))
            .find(|&next| next <= MAX_STAGE && !self.is_cleared(next))
            .unwrap_or(MAX_STAGE)
    }

    /// The highest open stage.
    pub fn highest_unlocked(&self) -> u32 {
        self.cleared.last().map_or(1, |&n| n.saturating_add(1).min(MAX_STAGE))
    }

    /// Records one finished match of `stage`. A stage outside the ladder (which no match can be
    /// on) is not recorded, so the save never holds what it would refuse to read.
    /// Records a match and whether it was begun with the right turn order.
    pub fn record_match(&mut self, stage: u32, won: bool, right_choice: bool) {
        self.record(stage, won);
        if (1..=MAX_STAGE).contains(&stage) {
            let choice = self.choices.entry(stage).or_default();
            choice.matches = choice.matches.saturating_add(1);
            choice.right = choice.right.saturating_add(u64::from(right_choice));
            choice.first_right.get_or_insert(right_choice);
        }
    }

    pub fn record(&mut self, stage: u32, won: bool) {
        if !(1..=MAX_STAGE).contains(&stage) {
            return;
        }
        let record = self.results.entry(stage).or_default();
        // From at most MAX_RECORDED_MATCHES, 64 bits cannot fill up in any number of lifetimes.
        if won {
            record.wins = record.wins.saturating_add(1);
            self.cleared.insert(stage);
        } else {
            record.losses = record.losses.saturating_add(1);
        }
    }
}

/// What went wrong while loading, to tell the player once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Notice {
    /// The old file could not be used; it now lives at `moved_to` and a fresh save began.
    SetAside { moved_to: PathBuf, reason: String },
    /// The file held entries the game never writes (a stage outside the ladder, a stage listed
    /// twice, a count beyond what a save may hold): they were left out or brought in range, the
    /// rest was kept, and the file as it was is copied to `kept_at`.
    Repaired { kept_at: PathBuf, problems: Vec<String> },
    /// The old file could not be used and stays where it is (it could not be moved, or the file was
    /// only peeked at); the game runs without saving so it stays intact.
    NotSaving { reason: String },
}

#[derive(Debug, Error)]
pub enum SaveError {
    #[error("cannot write {path}: {source}")]
    Io { path: PathBuf, source: io::Error },
    #[error("cannot encode the save: {0}")]
    Encode(String),
    #[error("saving is off this session, so the unreadable save at {0} stays untouched")]
    Disabled(PathBuf),
}

/// Why a save file's contents were refused.
#[derive(Debug, Error)]
pub enum Unusable {
    #[error("cannot read it: {0}")]
    Read(io::Error),
    #[error("it is not a valid save: {0}")]
    Parse(String),
    #[error("it has format version {found}, this game reads version {SAVE_VERSION}")]
    Version { found: u32 },
}

/// The save file on disk, and whether this session may write it.
#[derive(Debug, Clone)]
pub struct SaveFile {
    path: PathBuf,
    writable: bool,
}

/// The result of opening the save: always a usable [`Save`], plus anything to tell the player.
#[derive(Debug)]
pub struct Opened {
    pub file: SaveFile,
    pub save: Save,
    pub notice: Option<Notice>,
}

impl SaveFile {
    /// The save in the user's data directory (e.g. `~/.local/share/pokopoko/save.ron`).
    pub fn default_path() -> Option<PathBuf> {
        directories::ProjectDirs::from("", "", "pokopoko").map(|dirs| dirs.data_dir().join(SAVE_FILE_NAME))
    }

    /// A save file that is never written (when there is no data directory, and for tests).
    pub fn in_memory() -> Self {
        Self { path: PathBuf::new(), writable: false }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    pub fn is_writable(&self) -> bool {
        self.writable
    }

    /// Opens the save at `path`: missing means fresh; unusable means set aside and fresh.
    pub fn open(path: impl Into<PathBuf>) -> Opened {
        let path = path.into();
        let problem = match read(&path) {
            Ok(None) => {
                return Opened { file: Self { path, writable: true }, save: Save::default(), notice: None };
            }
            Ok(Some(Repairable { save, problems })) if problems.is_empty() => {
                return Opened { file: Self { path, writable: true }, save, notice: None };
            }
            Ok(Some(Repairable { save, problems })) => return Self::repaired(path, save, &problems),
            Err(problem) => problem,
        };
        let reason = problem.to_string();
        let (writable, notice) = match set_aside(&path) {
            Ok(moved_to) => (true, Notice::SetAside { moved_to, reason }),
            Err(err) => {
                (false, Notice::NotSaving { reason: format!("{reason}; moving it aside failed: {err}") })
            }
        };
        Opened { file: Self { path, writable }, save: Save::default(), notice: Some(notice) }
    }

    /// A save read with `problems` repaired: the file as it was is copied aside, then the repaired
    /// save is written over it. If the copy cannot be made, the file stays untouched and the
    /// session does not save.
    fn repaired(path: PathBuf, save: Save, problems: &[SaveProblem]) -> Opened {
        let problems: Vec<String> = problems.iter().map(ToString::to_string).collect();
        let kept = free_sibling(&path, "before-repair").and_then(|kept_at| {
            fs::copy(&path, &kept_at)?;
            Ok(kept_at)
        });
        let kept_at = match kept {
            Ok(kept_at) => kept_at,
            Err(err) => {
                let reason = format!("{}; copying it aside failed: {err}", problems.join("; "));
                return Opened {
                    file: Self { path, writable: false },
                    save,
                    notice: Some(Notice::NotSaving { reason }),
                };
            }
        };
        let file = Self { path, writable: true };
        // The copy is made; should this write fail, the next launch repairs the same file again.
        let _ = file.store(&save);
        Opened { file, save, notice: Some(Notice::Repaired { kept_at, problems }) }
    }

    /// Reads the save at `path` and never touches the file, not even to set a bad one aside or
    /// repair it (screenshots); the session does not save.
    pub fn peek(path: impl AsRef<Path>) -> Opened {
        let (save, notice) = match read(path.as_ref()) {
            Ok(None) => (Save::default(), None),
            Ok(Some(Repairable { save, problems })) => {
                let notice = (!problems.is_empty()).then(|| Notice::NotSaving {
                    reason: problems.iter().map(ToString::to_string).collect::<Vec<_>>().join("; "),
                });
                (save, notice)
            }
            Err(problem) => (Save::default(), Some(Notice::NotSaving { reason: problem.to_string() })),
        };
        Opened { file: Self::in_memory(), save, notice }
    }

    /// Writes `save` atomically: the old file stays whole until the new one is complete.
    pub fn store(&self, save: &Save) -> Result<(), SaveError> {
        if !self.writable {
            return Err(SaveError::Disabled(self.path.clone()));
        }
        let text = ron::ser::to_string_pretty(save, ron::ser::PrettyConfig::default())
            .map_err(|err| SaveError::Encode(err.to_string()))?;
        let io_error = |source| SaveError::Io { path: self.path.clone(), source };
        if let Some(dir) = self.path.parent().filter(|dir| !dir.as_os_str().is_empty()) {
            fs::create_dir_all(dir).map_err(io_error)?;
        }
        let temporary = sibling(&self.path, &format!("tmp-{}", std::process::id()));
        let written = (|| {
            let mut file = fs::File::create(&temporary)?;
            file.write_all(text.as_bytes())?;
            file.write_all(b"\n")?;
            file.sync_all()?;
            fs::rename(&temporary, &self.path)
        })();
        if written.is_err() {
            let _ = fs::remove_file(&temporary);
        }
        written.map_err(io_error)
    }
}

/// The save at `path`, or `None` when there is none yet.
fn read(path: &Path) -> Result<Option<Repairable>, Unusable> {
    match fs::read(path) {
        Err(err) if err.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(err) => Err(Unusable::Read(err)),
        Ok(bytes) => parse_repairing(&bytes).map(Some),
    }
}

/// A save as read, with its progress repaired, and what the repair found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Repairable {
    pub save: Save,
    /// Empty for a save as the game writes it.
    pub problems: Vec<SaveProblem>,
}

/// [`Save`] as written, its settings and progress not yet checked.
#[derive(Deserialize)]
#[serde(rename = "Save", deny_unknown_fields)]
struct SaveEntries {
    version: u32,
    #[serde(default)]
    settings: SettingsEntries,
    #[serde(default)]
    progress: ProgressEntries,
}

/// [`Settings`] as written: the pick sets, the volume and the free-play setup not yet checked.
#[derive(Deserialize)]
#[serde(rename = "Settings", default, deny_unknown_fields)]
struct SettingsEntries {
    language: Language,
    strategies_revealed: Vec<Vec<u32>>,
    snaky_maker: crate::snaky::Maker,
    blind_best: BTreeMap<crate::snaky::Maker, u32>,
    sound: SoundEntries,
    free_play: Option<FreeSetupEntries>,
}

impl Default for SettingsEntries {
    fn default() -> Self {
        let Settings { language, snaky_maker, blind_best, .. } = Settings::default();
        Self {
            language,
            strategies_revealed: Vec::new(),
            snaky_maker,
            blind_best,
            sound: SoundEntries::default(),
            free_play: None,
        }
    }
}

/// [`SoundSettings`] as written, the volume not yet checked.
#[derive(Deserialize)]
#[serde(rename = "SoundSettings", default, deny_unknown_fields)]
struct SoundEntries {
    muted: bool,
    volume: u8,
}

impl Default for SoundEntries {
    fn default() -> Self {
        let SoundSettings { muted, volume } = SoundSettings::default();
        Self { muted, volume: volume.step() }
    }
}

impl SettingsEntries {
    /// The settings with what the game could not have written left out (a pick set that is not
    /// one, a free-play setup it cannot start) or brought in range (the volume), each noted.
    fn repair(self, problems: &mut Vec<SaveProblem>) -> Settings {
        let Self { language, strategies_revealed, snaky_maker, blind_best, sound, free_play } = self;
        let strategies_revealed = strategies_revealed
            .into_iter()
            .filter_map(|counts| match PickSet::try_from(counts.clone()) {
                Ok(set) => Some(set),
                Err(err) => {
                    problems.push(SaveProblem::NotAPickSet { counts, reason: err.to_string() });
                    None
                }
            })
            .collect();
        let volume = Volume::new(sound.volume).unwrap_or_else(|_| {
            problems.push(SaveProblem::Volume(sound.volume));
            Volume::loudest()
        });
        let free_play = free_play.and_then(|entries| match FreeSetup::try_from(entries) {
            Ok(setup) => Some(setup),
            Err(err) => {
                problems.push(SaveProblem::FreeSetup(err));
                None
            }
        });
        let sound = SoundSettings { muted: sound.muted, volume };
        Settings { language, strategies_revealed, snaky_maker, blind_best, sound, free_play }
    }
}

/// Only the version, read first so a newer save is named as one even when it has fields this
/// build does not know.
#[derive(Deserialize)]
struct Versioned {
    version: u32,
}

/// Reads a save from the bytes of a save file, refusing progress the game never writes (the
/// strict reader; [`SaveFile::open`] uses [`parse_repairing`]).
pub fn parse(bytes: &[u8]) -> Result<Save, Unusable> {
    read_version(bytes, |save: &Save| save.version)
}

/// Reads a save as [`parse`] does, but repairs its settings and progress instead of refusing them:
/// entries the game never writes are left out or brought in range, and listed (what
/// [`SaveFile::open`] does). Anything else wrong (the syntax, the version, a field of the wrong
/// type or written twice) is still refused.
pub fn parse_repairing(bytes: &[u8]) -> Result<Repairable, Unusable> {
    let entries = read_version(bytes, |entries: &SaveEntries| entries.version)?;
    let mut problems = Vec::new();
    let settings = entries.settings.repair(&mut problems);
    let (progress, progress_problems) = entries.progress.repair();
    problems.extend(progress_problems);
    Ok(Repairable { save: Save { version: entries.version, settings, progress }, problems })
}

/// Decodes the bytes of a save file as `T`, refusing another format version by name: the version
/// is read first, so a newer save is named as one even when it has fields this build does not know.
fn read_version<T: serde::de::DeserializeOwned>(
    bytes: &[u8],
    version: impl Fn(&T) -> u32,
) -> Result<T, Unusable> {
    let text = std::str::from_utf8(bytes).map_err(|err| Unusable::Parse(err.to_string()))?;
    if let Ok(Versioned { version }) = ron::from_str(text)
        && version != SAVE_VERSION
    {
        return Err(Unusable::Version { found: version });
    }
    let decoded: T = ron::from_str(text).map_err(|err| Unusable::Parse(err.to_string()))?;
    match version(&decoded) {
        SAVE_VERSION => Ok(decoded),
        found => Err(Unusable::Version { found }),
    }
}

/// Renames an unusable save to a free `save.unreadable-<time>[-k].ron` next to it.
fn set_aside(path: &Path) -> io::Result<PathBuf> {
    let free = free_sibling(path, "unreadable")?;
    fs::rename(path, &free)?;
    Ok(free)
}

/// A name next to `path` that nothing uses: `save.<tag>-<time>[-k].ron`.
fn free_sibling(path: &Path, tag: &str) -> io::Result<PathBuf> {
    let stamp = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    (0..1000)
        .map(|k| match k {
            0 => sibling(path, &format!("{tag}-{stamp}")),
            k => sibling(path, &format!("{tag}-{stamp}-{k}")),
        })
        .find(|candidate| fs::symlink_metadata(candidate).is_err())
        .ok_or_else(|| io::Error::new(io::ErrorKind::AlreadyExists, "no free name next to the save"))
}

/// `dir/save.ron` → `dir/save.<tag>.ron`.
fn sibling(path: &Path, tag: &str) -> PathBuf {
    let stem = path.file_stem().map_or_else(|| "save".into(), |s| s.to_string_lossy().into_owned());
    let name = match path.extension() {
        Some(ext) => format!("{stem}.{tag}.{}", ext.to_string_lossy()),
        None => format!("{stem}.{tag}"),
    };
    path.with_file_name(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clearing_a_stage_opens_the_next() {
        let mut progress = Progress::default();
        assert!(progress.is_unlocked(1) && !progress.is_unlocked(2));
        progress.record(1, false);
        assert_eq!(progress.current(), 1);
        progress.record(1, true);
        assert!(progress.is_unlocked(2) && !progress.is_unlocked(3));
        assert_eq!(progress.current(), 2);
        assert_eq!(progress.results[&1], StageRecord { wins: 1, losses: 1 });
    }

    /// `current` is one pass over the cleared stages; it agrees with its definition, the first
    /// open stage not cleared, scanned over the whole ladder.
    #[test]
    fn the_current_stage_is_the_first_open_one_not_cleared() {
        let by_definition = |progress: &Progress| {
            (1..=MAX_STAGE).find(|&n| progress.is_unlocked(n) && !progress.is_cleared(n)).unwrap_or(MAX_STAGE)
        };
        let sets: [&[u32]; 7] =
            [&[], &[2, 3], &[1, 2, 3, 7, 8], &[1, 3, 4], &[1, MAX_STAGE - 1], &[1, MAX_STAGE], &[MAX_STAGE]];
        for cleared in sets {
            let progress = Progress { cleared: cleared.iter().copied().collect(), ..Progress::default() };
            assert_eq!(progress.current(), by_definition(&progress), "{cleared:?}");
        }
        let everything = Progress { cleared: (1..=MAX_STAGE).collect(), ..Progress::default() };
        assert_eq!(everything.current(), MAX_STAGE);
        let all_but_last = Progress { cleared: (1..MAX_STAGE).collect(), ..Progress::default() };
        assert_eq!(all_but_last.current(), MAX_STAGE);
    }

    #[test]
    fn the_first_turn_order_choice_is_kept_and_saves_without_choices_still_load() {
        let mut progress = Progress::default();
        progress.record_match(8, false, false);
        progress.record_match(8, true, true);
        assert_eq!(progress.choices[&8], ChoiceRecord { matches: 2, right: 1, first_right: Some(false) });
        let text = ron::to_string(&progress).unwrap();
        assert_eq!(ron::from_str::<Progress>(&text).unwrap(), progress);
        let old: Progress = ron::from_str("(cleared: [1], results: {1: (wins: 1, losses: 0)})").unwrap();
        assert!(old.choices.is_empty() && old.is_cleared(1));
    }
}
