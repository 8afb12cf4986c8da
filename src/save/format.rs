//! The save's file format: what the game writes ([`Save`], as RON), and what a file holds before
//! it is checked (the `…Entries` types, read wide so that a value the game never writes is seen
//! and repaired rather than refusing the whole file).

use std::collections::{BTreeMap, BTreeSet};

use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::bounded_read::ReadError;
use crate::language::Language;
use crate::pokopoko::{FreeSetup, FreeSetupEntries, PickSet, Progress};
use crate::sound_settings::SoundSettings;

/// The format this build writes. Files with another version are set aside, never misread.
pub const SAVE_VERSION: u32 = 1;

/// Everything the game remembers between launches.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Save {
    pub version: u32,
    pub settings: Settings,
    pub progress: Progress,
}

impl Default for Save {
    fn default() -> Self {
        Self { version: SAVE_VERSION, settings: Settings::default(), progress: Progress::default() }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Settings {
    pub language: Language,
    /// Pick sets whose strategy page the player chose to see: its spoiler warning is not shown
    /// again. At most [`MAX_REVEALED`], the oldest forgotten first.
    pub strategies_revealed: Vec<PickSet>,
    /// The Snaky screen's Maker: the paper's (21) or ours (20 or 19); ours (20) for a new player
    /// ([`FIRST_SNAKY_MAKER`]).
    pub snaky_maker: crate::snaky::Maker,
    /// Blind mode's best: the most Maker moves the player held out, per Maker.
    pub blind_best: BTreeMap<crate::snaky::Maker, u32>,
    /// The best in a normal (not blind) game: the most Maker moves the player held out in a
    /// finished game, per Maker; absent in older saves. Like `blind_best`, each value lies in
    /// `6..=par` (a Snaky has 6 cells; par is the Maker's bound, 21, 20 or 19).
    pub snaky_best: BTreeMap<crate::snaky::Maker, u32>,
    /// The best of the games the player was helped in (the hint, the heat map, the card
    /// overlays, undo, resuming from review, a computer Breaker's moves, a loaded record), per
    /// Maker: kept apart, never a best. Absent in older saves; each value in `6..=par`.
    pub assisted_best: BTreeMap<crate::snaky::Maker, u32>,
    /// Snaky as Maker: the fewest Maker moves the player won in, per computer Breaker, unassisted
    /// games only (the hint marks a game assisted). Absent in older saves; each value in
    /// `6..=MAX_MAKER_MOVES`.
    pub maker_best: BTreeMap<crate::snaky::as_maker::Level, u32>,
    /// Mute and volume; absent in older saves (then sound is on at the default volume).
    pub sound: SoundSettings,
    /// The last free-play setup started (absent in older saves; checked like the rest).
    pub free_play: Option<FreeSetup>,
    /// The Snaky primer ("How to play"): whether it was ever opened and which steps were passed;
    /// absent in older saves (then never opened, nothing passed).
    pub snaky_primer: SnakyPrimer,
}

/// The Maker a new player meets on the Snaky screen: ours (20), the one whose par a Breaker who
/// blocks every finish can reach. Against the paper's (21), which plays its proof in order and
/// leaves finishes for later, such a Breaker holds 18 or 19 at best, so its par of 21 asked the
/// player to leave finishes open (newcomers #61 to #66); see `tests/snaky_threats.rs`.
pub const FIRST_SNAKY_MAKER: crate::snaky::Maker = crate::snaky::Maker::Ours;

impl Default for Settings {
    fn default() -> Self {
        Self {
            language: Language::default(),
            strategies_revealed: Vec::new(),
            snaky_maker: FIRST_SNAKY_MAKER,
            blind_best: BTreeMap::new(),
            snaky_best: BTreeMap::new(),
            assisted_best: BTreeMap::new(),
            maker_best: BTreeMap::new(),
            sound: SoundSettings::default(),
            free_play: None,
            snaky_primer: SnakyPrimer::default(),
        }
    }
}

/// The most Maker moves a won game as Maker can record (far more than anyone plays).
pub const MAX_MAKER_MOVES: u32 = 10_000;

/// The most pick sets remembered as revealed (free play alone offers about a million): beyond
/// it the oldest is forgotten, so the save stays within its size limit.
pub const MAX_REVEALED: usize = 1_024;

impl Settings {
    /// Remembers that the strategy page of `picks` was revealed; false if it already was.
    pub fn reveal(&mut self, picks: &PickSet) -> bool {
        if self.strategies_revealed.contains(picks) {
            return false;
        }
        if self.strategies_revealed.len() >= MAX_REVEALED {
            let over = self.strategies_revealed.len() + 1 - MAX_REVEALED;
            self.strategies_revealed.drain(..over);
        }
        self.strategies_revealed.push(picks.clone());
        true
    }
}

/// The Snaky primer's steps, numbered from 1.
pub const PRIMER_STEPS: u8 = 5;

/// The Snaky primer's Maker steps ("How Maker wins"), numbered from 1.
pub const MAKER_PRIMER_STEPS: u8 = 6;

/// What the save remembers of the Snaky primer.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct SnakyPrimer {
    /// The primer has been shown once: the Snaky entry of the menu opens it by itself until then.
    pub opened: bool,
    /// The steps passed, each in `1..=PRIMER_STEPS`.
    pub passed: BTreeSet<u8>,
    /// The Maker steps passed, each in `1..=MAKER_PRIMER_STEPS`; absent in older saves, and not
    /// written while empty. Newcomer #49 passed all six, came back, and read "0 of 6".
    #[serde(skip_serializing_if = "BTreeSet::is_empty")]
    pub maker_passed: BTreeSet<u8>,
}

impl SnakyPrimer {
    /// Notes a step passed (numbered from 1); a number outside the steps is ignored.
    pub fn pass(&mut self, step: u8) {
        if (1..=PRIMER_STEPS).contains(&step) {
            self.passed.insert(step);
        }
    }

    /// Notes a Maker step passed (numbered from 1); a number outside those steps is ignored.
    pub fn pass_maker(&mut self, step: u8) {
        if (1..=MAKER_PRIMER_STEPS).contains(&step) {
            self.maker_passed.insert(step);
        }
    }
}

/// Why a save file's contents were refused.
#[derive(Debug, Error)]
pub enum Unusable {
    #[error("cannot read it: {0}")]
    Read(ReadError),
    #[error("it is not a valid save: {0}")]
    Parse(String),
    #[error("it has format version {found}, this game reads version {SAVE_VERSION}")]
    Version { found: u32 },
    #[error("the save needs repair: {0}")]
    NeedsRepair(String),
}

/// Only the version, read first so a newer save is named as one even when it has fields this
/// build does not know.
#[derive(Deserialize)]
struct Versioned {
    version: u32,
}

/// Decodes the bytes of a save file, refusing another format version by name.
pub(super) fn read_version(bytes: &[u8]) -> Result<SaveEntries, Unusable> {
    let text = std::str::from_utf8(bytes).map_err(|err| Unusable::Parse(err.to_string()))?;
    if let Ok(Versioned { version }) = ron::from_str(text)
        && version != SAVE_VERSION
    {
        return Err(Unusable::Version { found: version });
    }
    let decoded: SaveEntries = ron::from_str(text).map_err(|err| Unusable::Parse(err.to_string()))?;
    match decoded.version {
        SAVE_VERSION => Ok(decoded),
        found => Err(Unusable::Version { found }),
    }
}

/// [`Save`] as written, its settings and progress not yet checked.
#[derive(Deserialize)]
#[serde(rename = "Save", deny_unknown_fields)]
pub(super) struct SaveEntries {
    pub version: u32,
    #[serde(default)]
    pub settings: SettingsEntries,
    #[serde(default)]
    pub progress: ProgressEntries,
}

/// [`Settings`] as written: the pick sets, the bests, the volume and the free-play setup not yet
/// checked. Every field may be absent (older saves): it then takes its default.
#[derive(Deserialize)]
#[serde(rename = "Settings", default, deny_unknown_fields)]
pub(super) struct SettingsEntries {
    pub language: Language,
    pub strategies_revealed: Vec<Vec<Wide>>,
    pub snaky_maker: crate::snaky::Maker,
    pub blind_best: MapEntries<crate::snaky::Maker, Wide>,
    pub snaky_best: MapEntries<crate::snaky::Maker, Wide>,
    pub assisted_best: MapEntries<crate::snaky::Maker, Wide>,
    pub maker_best: MapEntries<crate::snaky::as_maker::Level, Wide>,
    pub sound: SoundEntries,
    pub free_play: Option<FreeSetupEntries>,
    pub snaky_primer: SnakyPrimerEntries,
}

/// [`SnakyPrimer`] as written, its step numbers not yet checked.
#[derive(Default, Deserialize)]
#[serde(rename = "SnakyPrimer", default, deny_unknown_fields)]
pub(super) struct SnakyPrimerEntries {
    pub opened: bool,
    pub passed: Vec<Wide>,
    pub maker_passed: Vec<Wide>,
}

impl Default for SettingsEntries {
    fn default() -> Self {
        let Settings { language, snaky_maker, .. } = Settings::default();
        Self {
            language,
            strategies_revealed: Vec::new(),
            snaky_maker,
            blind_best: MapEntries::default(),
            snaky_best: MapEntries::default(),
            assisted_best: MapEntries::default(),
            maker_best: MapEntries::default(),
            sound: SoundEntries::default(),
            free_play: None,
            snaky_primer: SnakyPrimerEntries::default(),
        }
    }
}

/// [`SoundSettings`] as written, the volume not yet checked.
#[derive(Deserialize)]
#[serde(rename = "SoundSettings", default, deny_unknown_fields)]
pub(super) struct SoundEntries {
    pub muted: bool,
    pub volume: Wide,
}

impl Default for SoundEntries {
    fn default() -> Self {
        let SoundSettings { muted, volume } = SoundSettings::default();
        Self { muted, volume: Wide(i128::from(volume.step())) }
    }
}

/// The progress exactly as written, duplicates included, to be checked before it is believed.
#[derive(Default, Deserialize)]
#[serde(rename = "Progress", default, deny_unknown_fields)]
pub(super) struct ProgressEntries {
    pub cleared: Vec<Wide>,
    pub results: MapEntries<Wide, RecordEntries>,
    pub choices: MapEntries<Wide, ChoiceEntries>,
}

/// A [`crate::pokopoko::StageRecord`] as written.
#[derive(Default, Deserialize)]
#[serde(rename = "StageRecord", default, deny_unknown_fields)]
pub(super) struct RecordEntries {
    pub wins: Wide,
    pub losses: Wide,
}

/// A [`crate::pokopoko::ChoiceRecord`] as written.
#[derive(Default, Deserialize)]
#[serde(rename = "ChoiceRecord", default, deny_unknown_fields)]
pub(super) struct ChoiceEntries {
    pub matches: Wide,
    pub right: Wide,
    pub first_right: Option<bool>,
}

/// Any whole number as written, however large or negative (beyond ±2¹²⁷ it saturates), so that
/// a stage, a count or a volume out of range is repaired instead of failing the whole file.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct Wide(pub i128);

impl<'de> Deserialize<'de> for Wide {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct WholeNumber;

        impl Visitor<'_> for WholeNumber {
            type Value = Wide;

            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a whole number")
            }

            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Wide, E> {
                Ok(Wide(i128::from(v)))
            }

            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Wide, E> {
                Ok(Wide(i128::from(v)))
            }

            fn visit_i128<E: de::Error>(self, v: i128) -> Result<Wide, E> {
                Ok(Wide(v))
            }

            fn visit_u128<E: de::Error>(self, v: u128) -> Result<Wide, E> {
                Ok(Wide(i128::try_from(v).unwrap_or(i128::MAX)))
            }

            /// ron reads an integer too large for 64 bits as a float.
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Wide, E> {
                if v.is_finite() && v.fract() == 0.0 {
                    // `as` saturates at the ends of i128.
                    Ok(Wide(v as i128))
                } else {
                    Err(E::invalid_value(de::Unexpected::Float(v), &self))
                }
            }
        }

        deserializer.deserialize_any(WholeNumber)
    }
}

impl std::fmt::Display for Wide {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

/// A map read as the list of its entries, so that a key written twice is seen, not overwritten.
pub(super) struct MapEntries<K, V>(pub Vec<(K, V)>);

impl<K, V> Default for MapEntries<K, V> {
    fn default() -> Self {
        Self(Vec::new())
    }
}

impl<'de, K: Deserialize<'de>, V: Deserialize<'de>> Deserialize<'de> for MapEntries<K, V> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Entries<K, V>(std::marker::PhantomData<(K, V)>);

        impl<'de, K: Deserialize<'de>, V: Deserialize<'de>> Visitor<'de> for Entries<K, V> {
            type Value = MapEntries<K, V>;

            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a map")
            }

            fn visit_map<A: de::MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
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

/// Turns a pick set as written into one, if it is one.
pub(super) fn pick_set(counts: &[Wide]) -> Result<PickSet, String> {
    let counts: Vec<u32> = counts
        .iter()
        .map(|count| u32::try_from(count.0).map_err(|_| format!("{count} is not a count of buttons")))
        .collect::<Result<_, _>>()?;
    PickSet::try_from(counts).map_err(|err| err.to_string())
}
