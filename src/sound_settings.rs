//! The player's sound settings as the save file keeps them: mute, and the volume in steps.
//!
//! Plain Rust, no Bevy.

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// How loud the game is: a step from 0 (silent) to [`Volume::MAX`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Volume(u8);

/// A saved volume outside `0..=Volume::MAX`.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("volume {0} is out of range: volumes go from 0 to {max}", max = Volume::MAX)]
pub struct VolumeOutOfRange(pub u8);

impl Volume {
    pub const MAX: u8 = 10;
    pub const DEFAULT: Self = Self(7);

    pub fn new(step: u8) -> Result<Self, VolumeOutOfRange> {
        if step <= Self::MAX { Ok(Self(step)) } else { Err(VolumeOutOfRange(step)) }
    }

    /// The loudest volume.
    pub fn loudest() -> Self {
        Self(Self::MAX)
    }

    pub fn step(self) -> u8 {
        self.0
    }

    pub fn louder(self) -> Self {
        Self((self.0 + 1).min(Self::MAX))
    }

    pub fn quieter(self) -> Self {
        Self(self.0.saturating_sub(1))
    }

    /// The amplitude factor: the square of the step's fraction, so equal steps sound about
    /// equally far apart (loudness follows amplitude roughly logarithmically).
    pub fn gain(self) -> f32 {
        let fraction = f32::from(self.0) / f32::from(Self::MAX);
        fraction * fraction
    }
}

impl Default for Volume {
    fn default() -> Self {
        Self::DEFAULT
    }
}

impl TryFrom<u8> for Volume {
    type Error = VolumeOutOfRange;

    fn try_from(step: u8) -> Result<Self, VolumeOutOfRange> {
        Self::new(step)
    }
}

impl From<Volume> for u8 {
    fn from(volume: Volume) -> u8 {
        volume.0
    }
}

/// The sound settings kept in the save file; either field may be absent (older saves).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SoundSettings {
    pub muted: bool,
    pub volume: Volume,
}

impl SoundSettings {
    /// The amplitude factor sounds are played at; zero when muted.
    pub fn gain(self) -> f32 {
        if self.muted { 0.0 } else { self.volume.gain() }
    }

    pub fn is_silent(self) -> bool {
        self.gain() == 0.0
    }

    pub fn toggle_mute(self) -> Self {
        Self { muted: !self.muted, ..self }
    }

    /// One step louder; turning the sound up also unmutes it.
    pub fn louder(self) -> Self {
        Self { muted: false, volume: self.volume.louder() }
    }

    pub fn quieter(self) -> Self {
        Self { volume: self.volume.quieter(), ..self }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn volume_steps_stay_in_range_and_mute_is_silence() {
        assert_eq!(Volume::default().step(), 7);
        assert_eq!(Volume::new(Volume::MAX).unwrap().louder().step(), 10);
        assert_eq!(Volume::new(0).unwrap().quieter().step(), 0);
        assert_eq!(Volume::new(11), Err(VolumeOutOfRange(11)));
        assert_eq!(Volume::new(10).unwrap().gain(), 1.0);
        assert_eq!(Volume::new(5).unwrap().gain(), 0.25);
        let muted = SoundSettings { muted: true, volume: Volume::new(10).unwrap() };
        assert!(muted.is_silent());
        assert!(SoundSettings { muted: false, volume: Volume::new(0).unwrap() }.is_silent());
        assert!(!SoundSettings::default().is_silent());
        // Turning up a muted game brings the sound back, one step louder; turning down keeps it muted.
        assert_eq!(muted.quieter(), SoundSettings { muted: true, volume: Volume::new(9).unwrap() });
        let quiet = SoundSettings { muted: true, volume: Volume::new(2).unwrap() };
        assert_eq!(quiet.louder(), SoundSettings { muted: false, volume: Volume::new(3).unwrap() });
        assert_eq!(quiet.toggle_mute().toggle_mute(), quiet);
    }
}
