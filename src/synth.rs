//! The game's sounds, synthesised here (no samples to license): each [`Cue`] renders to mono PCM
//! samples at [`SAMPLE_RATE`]; the game's mixer plays them (and, where Bevy's audio plays them,
//! they are encoded as a small 16-bit WAV in memory). The player's mute and volume are in
//! [`crate::sound_settings`].
//!
//! Plain Rust, no Bevy. Notes are equal-tempered with A4 = 440 Hz; every sound starts and ends in
//! silence (no click) and peaks below full scale.

use std::f32::consts::TAU;

/// Samples per second of every rendered sound.
pub const SAMPLE_RATE: u32 = 44_100;

/// A press of more buttons than this sounds like this many: a long turn stays short.
pub const MAX_POKOS: u32 = 8;

/// The player's pokos are a little higher than the COM's, so one hears who pressed.
pub const PLAYER_POKO_HZ: f32 = 620.0;
pub const COM_POKO_HZ: f32 = 440.0;

/// Each press is pitched a little off the last (about ±0.8 semitone), like real bubbles.
pub const POKO_VARIATION: [f32; 7] = [1.0, 1.035, 0.97, 1.02, 0.985, 1.05, 0.955];

/// The gap between the pokos of one turn's presses.
const POKO_SPACING: f32 = 0.07;
/// How long one poko rings.
pub const POKO_SECONDS: f32 = 0.15;

/// The jingles' notes as MIDI numbers and lengths in seconds: a rising major arpeggio for a win
/// (C5 E5 G5 C6), a falling minor one for a loss (G4 E♭4 C4).
pub const WIN_NOTES: [(u8, f32); 4] = [(72, 0.11), (76, 0.11), (79, 0.11), (84, 0.32)];
pub const LOSS_NOTES: [(u8, f32); 3] = [(67, 0.16), (63, 0.16), (60, 0.42)];
/// A refused move: two soft low notes, "bu-bu" (G3, E3), with a short gap.
pub const REFUSED_NOTES: [(u8, f32); 2] = [(55, 0.09), (52, 0.09)];
const REFUSED_GAP: f32 = 0.04;
/// A Breaker move that cost Maker moves: a low fall, after the stones' exchange.
pub const COSTLY_NOTES: [(u8, f32); 2] = [(62, 0.12), (56, 0.30)];
/// Maker threatens to complete a Snaky: one quick high pair; a double threat rises a third time.
pub const THREAT_NOTES: [(u8, f32); 2] = [(81, 0.07), (81, 0.07)];
pub const DOUBLE_THREAT_NOTES: [(u8, f32); 3] = [(81, 0.07), (84, 0.07), (88, 0.12)];
const ALERT_GAP: f32 = 0.03;

/// A stone set on the Snaky board: a short "tok", Breaker's higher than Maker's.
pub const BREAKER_STONE_HZ: f32 = 1500.0;
pub const MAKER_STONE_HZ: f32 = 1100.0;
pub const STONE_SECONDS: f32 = 0.06;
/// Maker answers Breaker at once; its stone is heard this long after Breaker's.
pub const ANSWER_DELAY: f32 = 0.12;

/// Fade-out at the end of every note, so it ends on silence.
const RELEASE: f32 = 0.008;

/// Something that makes a sound.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Cue {
    /// The player pressed this many buttons in one turn: one poko each.
    Press {
        buttons: u32,
    },
    /// The COM pressed one button.
    ComPress,
    Won,
    Lost,
    /// A stone on the Snaky board.
    BreakerStone,
    MakerStone,
    /// Breaker's stone and, [`ANSWER_DELAY`] later, Maker's answer.
    Exchange,
    /// A move that the rules (or the turn) refused.
    Refused,
    /// The player's move cost Maker moves (the guarantee went down).
    Costly,
    /// Maker threatens a Snaky: one finishing cell, or (`double`) two or more.
    Threat {
        double: bool,
    },
}

impl Cue {
    /// The loudest sample of the rendered sound, as a fraction of full scale: pokos and stones soft,
    /// jingles a little louder.
    pub fn peak(self) -> f32 {
        match self {
            Self::Press { .. } | Self::ComPress => 0.45,
            Self::BreakerStone | Self::MakerStone | Self::Exchange | Self::Refused => 0.4,
            Self::Costly | Self::Threat { .. } => 0.4,
            Self::Won | Self::Lost => 0.55,
        }
    }

    /// Whether `variation` changes the sound (only pokos vary).
    pub fn varies(self) -> bool {
        matches!(self, Self::Press { .. } | Self::ComPress)
    }

    /// The sound as samples in −1..1 at [`SAMPLE_RATE`]. `variation` picks the pitch of the first
    /// poko from [`POKO_VARIATION`] (each further poko of a turn takes the next); other cues ignore it.
    pub fn render(self, variation: usize) -> Vec<f32> {
        let mut samples = match self {
            Self::Press { buttons } => pokos(PLAYER_POKO_HZ, buttons.clamp(1, MAX_POKOS), variation),
            Self::ComPress => pokos(COM_POKO_HZ, 1, variation),
            Self::Won => melody(&WIN_NOTES, 0.0),
            Self::Lost => melody(&LOSS_NOTES, 0.0),
            Self::Refused => melody(&REFUSED_NOTES, REFUSED_GAP),
            Self::Costly => melody(&COSTLY_NOTES, 0.0),
            Self::Threat { double: false } => melody(&THREAT_NOTES, ALERT_GAP),
            Self::Threat { double: true } => melody(&DOUBLE_THREAT_NOTES, ALERT_GAP),
            Self::BreakerStone => stone(BREAKER_STONE_HZ),
            Self::MakerStone => stone(MAKER_STONE_HZ),
            Self::Exchange => {
                let mut both = stone(BREAKER_STONE_HZ);
                both.resize(samples_for(ANSWER_DELAY), 0.0);
                both.extend(stone(MAKER_STONE_HZ));
                both
            }
        };
        normalise(&mut samples, self.peak());
        samples
    }

    /// The sound as the bytes of a WAV file.
    pub fn wav(self, variation: usize) -> Vec<u8> {
        wav(&self.render(variation))
    }
}

/// The frequency of a MIDI note, equal-tempered with A4 (note 69) at 440 Hz.
pub fn note_hz(note: u8) -> f32 {
    440.0 * 2f32.powf((f32::from(note) - 69.0) / 12.0)
}

/// Where each poko of a turn of `count` presses starts, in seconds: [`POKO_SPACING`] apart, closer
/// together when there are many so the turn stays under half a second.
pub fn poko_starts(count: u32) -> Vec<f32> {
    let spacing = if count > 1 { POKO_SPACING.min(0.45 / (count - 1) as f32) } else { 0.0 };
    (0..count).map(|k| k as f32 * spacing).collect()
}

/// The pitch of the `k`-th poko of a turn that starts at `variation`.
pub fn poko_hz(base: f32, variation: usize, k: usize) -> f32 {
    base * POKO_VARIATION[(variation + k) % POKO_VARIATION.len()]
}

fn samples_for(seconds: f32) -> usize {
    (seconds * SAMPLE_RATE as f32).round() as usize
}

/// `count` pokos, each a round hollow knock: a sine that slides down onto its pitch within a few
/// milliseconds, a soft second harmonic that dies first, a quick attack and an exponential decay.
fn pokos(base: f32, count: u32, variation: usize) -> Vec<f32> {
    let offsets: Vec<usize> = poko_starts(count).into_iter().map(samples_for).collect();
    let ring = samples_for(POKO_SECONDS);
    let mut out = vec![0.0; offsets.last().map_or(0, |last| last + ring)];
    for (k, offset) in offsets.into_iter().enumerate() {
        let hz = poko_hz(base, variation, k);
        let mut phase = 0.0f32;
        for i in 0..ring {
            let t = i as f32 / SAMPLE_RATE as f32;
            // The pitch falls from 1.6× to the note within the first ~20 ms ("po-").
            phase += TAU * hz * (1.0 + 0.6 * (-t / 0.004).exp()) / SAMPLE_RATE as f32;
            let body = phase.sin() + 0.2 * (-t / 0.015).exp() * (2.0 * phase).sin();
            out[offset + i] += body * envelope(t, POKO_SECONDS, 0.003, 0.04);
        }
    }
    out
}

/// Notes one after another (with `gap` seconds of silence between them), each a sine with a
/// little second harmonic, a short attack and a decay over about a third of its length.
fn melody(notes: &[(u8, f32)], gap: f32) -> Vec<f32> {
    let mut out = Vec::new();
    for (n, &(note, seconds)) in notes.iter().enumerate() {
        if n > 0 {
            out.resize(out.len() + samples_for(gap), 0.0);
        }
        let hz = note_hz(note);
        for i in 0..samples_for(seconds) {
            let t = i as f32 / SAMPLE_RATE as f32;
            let phase = TAU * hz * t;
            let body = phase.sin() + 0.25 * (2.0 * phase).sin();
            out.push(body * envelope(t, seconds, 0.005, 0.35 * seconds));
        }
    }
    out
}

/// A stone set down: a high sine that dies in a few milliseconds, with a tap of noise on top.
fn stone(hz: f32) -> Vec<f32> {
    // A fixed linear congruential generator: the same noise every run, no dependency.
    let mut seed: u32 = 0x2545_f491;
    (0..samples_for(STONE_SECONDS))
        .map(|i| {
            let t = i as f32 / SAMPLE_RATE as f32;
            seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            let noise = (seed >> 8) as f32 / (1u32 << 23) as f32 - 1.0;
            let body = (TAU * hz * t).sin() + 0.5 * noise * (-t / 0.002).exp();
            body * envelope(t, STONE_SECONDS, 0.001, 0.01)
        })
        .collect()
}

/// Attack (linear rise over `attack`), exponential decay with time constant `decay`, and a linear
/// release to exactly zero over the last [`RELEASE`] seconds of `length`.
fn envelope(t: f32, length: f32, attack: f32, decay: f32) -> f32 {
    let rise = (t / attack).min(1.0);
    let fall = ((length - t) / RELEASE).clamp(0.0, 1.0);
    rise * (-t / decay).exp() * fall
}

/// Scales the samples so the loudest one is `peak`.
fn normalise(samples: &mut [f32], peak: f32) {
    let loudest = samples.iter().fold(0.0f32, |m, s| m.max(s.abs()));
    if loudest > 0.0 {
        let gain = peak / loudest;
        samples.iter_mut().for_each(|s| *s *= gain);
    }
}

/// A canonical 44-byte-header RIFF/WAVE file: PCM, one channel, 16 bits, [`SAMPLE_RATE`].
pub fn wav(samples: &[f32]) -> Vec<u8> {
    let data_len = (samples.len() * 2) as u32;
    let mut out = Vec::with_capacity(44 + data_len as usize);
    out.extend_from_slice(b"RIFF");
    out.extend_from_slice(&(36 + data_len).to_le_bytes());
    out.extend_from_slice(b"WAVE");
    out.extend_from_slice(b"fmt ");
    out.extend_from_slice(&16u32.to_le_bytes()); // size of the fmt chunk
    out.extend_from_slice(&1u16.to_le_bytes()); // PCM
    out.extend_from_slice(&1u16.to_le_bytes()); // channels
    out.extend_from_slice(&SAMPLE_RATE.to_le_bytes());
    out.extend_from_slice(&(SAMPLE_RATE * 2).to_le_bytes()); // bytes per second
    out.extend_from_slice(&2u16.to_le_bytes()); // bytes per frame
    out.extend_from_slice(&16u16.to_le_bytes()); // bits per sample
    out.extend_from_slice(b"data");
    out.extend_from_slice(&data_len.to_le_bytes());
    for &sample in samples {
        let quantised = (sample.clamp(-1.0, 1.0) * f32::from(i16::MAX)).round() as i16;
        out.extend_from_slice(&quantised.to_le_bytes());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALL: [Cue; 11] = [
        Cue::Press { buttons: 3 },
        Cue::ComPress,
        Cue::Won,
        Cue::Lost,
        Cue::BreakerStone,
        Cue::MakerStone,
        Cue::Exchange,
        Cue::Refused,
        Cue::Costly,
        Cue::Threat { double: false },
        Cue::Threat { double: true },
    ];

    /// The frequency of `samples[from..to]` from its zero crossings: crossings are half a period
    /// apart, so (crossings − 1) / 2 periods lie between the first and the last.
    fn measured_hz(samples: &[f32], from: f32, to: f32) -> f32 {
        let window = &samples[samples_for(from)..samples_for(to)];
        let crossings: Vec<f32> = window
            .windows(2)
            .enumerate()
            .filter(|(_, w)| (w[0] < 0.0) != (w[1] < 0.0))
            // Linear interpolation between the two samples for the crossing's time.
            .map(|(i, w)| i as f32 + w[0] / (w[0] - w[1]))
            .collect();
        let (first, last) = (crossings[0], crossings[crossings.len() - 1]);
        let periods = (crossings.len() - 1) as f32 / 2.0;
        periods * SAMPLE_RATE as f32 / (last - first)
    }

    fn assert_close(measured: f32, expected: f32, what: &str) {
        assert!(
            (measured - expected).abs() / expected < 0.005,
            "{what}: measured {measured} Hz, expected {expected} Hz"
        );
    }

    #[test]
    fn notes_follow_equal_temperament() {
        // Published equal-temperament frequencies: A4, C4 (middle C), C5, E5, G5, C6.
        for (note, hz) in
            [(69, 440.0), (60, 261.626), (72, 523.251), (76, 659.255), (79, 783.991), (84, 1046.502)]
        {
            assert!((note_hz(note) - hz).abs() < 0.01, "note {note}: {}", note_hz(note));
        }
    }

    #[test]
    fn a_poko_sounds_at_its_pitch_and_each_press_varies_it() {
        for (variation, factor) in POKO_VARIATION.iter().enumerate() {
            let samples = Cue::ComPress.render(variation);
            let hz = COM_POKO_HZ * factor;
            // After the 20 ms slide, before the release.
            assert_close(measured_hz(&samples, 0.03, POKO_SECONDS - RELEASE), hz, "COM poko");
        }
        let three = Cue::Press { buttons: 3 }.render(5);
        let starts = poko_starts(3);
        assert_eq!(starts.len(), 3);
        assert!((starts[1] - 0.07).abs() < 1e-6 && (starts[2] - 0.14).abs() < 1e-6);
        // The first poko rings alone for its first 70 ms: its pitch is variation 5's.
        assert_close(measured_hz(&three, 0.03, 0.07), PLAYER_POKO_HZ * 1.05, "first of three");
        // Three pokos of 0.15 s started 0.07 s apart last 0.29 s.
        assert_eq!(three.len(), samples_for(0.14) + samples_for(POKO_SECONDS));
    }

    #[test]
    fn a_long_turn_stays_short() {
        assert_eq!(poko_starts(1), vec![0.0]);
        for count in [MAX_POKOS, 40] {
            let samples = Cue::Press { buttons: count }.render(0);
            // MAX_POKOS pokos spread over at most 0.45 s, plus the last one's ring.
            assert!(samples.len() <= samples_for(0.45) + samples_for(POKO_SECONDS));
        }
        assert_eq!(Cue::Press { buttons: 40 }.render(0), Cue::Press { buttons: MAX_POKOS }.render(0));
    }

    #[test]
    fn the_jingles_play_their_notes_in_order() {
        for (cue, notes, gap) in [
            (Cue::Won, &WIN_NOTES[..], 0.0),
            (Cue::Lost, &LOSS_NOTES[..], 0.0),
            (Cue::Refused, &REFUSED_NOTES[..], REFUSED_GAP),
            (Cue::Costly, &COSTLY_NOTES[..], 0.0),
            (Cue::Threat { double: false }, &THREAT_NOTES[..], ALERT_GAP),
            (Cue::Threat { double: true }, &DOUBLE_THREAT_NOTES[..], ALERT_GAP),
        ] {
            let samples = cue.render(0);
            let mut start = 0.0;
            for &(note, seconds) in notes {
                // The middle of each note, clear of its attack and release.
                let hz = measured_hz(&samples, start + 0.02, start + seconds - 0.02);
                assert_close(hz, note_hz(note), &format!("{cue:?} note {note}"));
                start += seconds + gap;
            }
            let total = start - gap;
            assert!((samples.len() as f32 / SAMPLE_RATE as f32 - total).abs() < 0.001, "{cue:?} length");
        }
        // C5 E5 G5 C6 is C major rising; G4 E♭4 C4 is C minor falling.
        assert_eq!(WIN_NOTES.map(|(n, _)| n), [72, 76, 79, 84]);
        assert_eq!(LOSS_NOTES.map(|(n, _)| n), [67, 63, 60]);
    }

    #[test]
    fn a_stone_is_a_short_high_tok() {
        for (cue, hz) in [(Cue::BreakerStone, BREAKER_STONE_HZ), (Cue::MakerStone, MAKER_STONE_HZ)] {
            let samples = cue.render(0);
            assert_eq!(samples.len(), samples_for(STONE_SECONDS));
            // After the noise tap has died away.
            assert_close(measured_hz(&samples, 0.02, 0.045), hz, &format!("{cue:?}"));
        }
        let exchange = Cue::Exchange.render(0);
        assert_eq!(exchange.len(), samples_for(ANSWER_DELAY) + samples_for(STONE_SECONDS));
        assert_close(measured_hz(&exchange, 0.02, 0.045), BREAKER_STONE_HZ, "Breaker's stone first");
        assert!(exchange[samples_for(STONE_SECONDS)..samples_for(ANSWER_DELAY)].iter().all(|&s| s == 0.0));
        let answer = ANSWER_DELAY + 0.02;
        assert_close(measured_hz(&exchange, answer, answer + 0.025), MAKER_STONE_HZ, "then Maker's");
    }

    #[test]
    fn every_sound_starts_and_ends_in_silence_and_peaks_below_full_scale() {
        for cue in ALL {
            let samples = cue.render(2);
            let loudest = samples.iter().fold(0.0f32, |m, s| m.max(s.abs()));
            assert!((loudest - cue.peak()).abs() < 1e-4 && loudest < 1.0, "{cue:?} peaks at {loudest}");
            assert_eq!(samples[0], 0.0, "{cue:?} starts on silence");
            assert!(samples.last().unwrap().abs() < 1e-3, "{cue:?} ends on silence");
            assert!(samples.len() < SAMPLE_RATE as usize, "{cue:?} is shorter than a second");
        }
    }

    #[test]
    fn the_wav_header_follows_the_riff_wave_format() {
        let samples = Cue::Won.render(0);
        let bytes = wav(&samples);
        let u16_at = |at: usize| u16::from_le_bytes([bytes[at], bytes[at + 1]]);
        let u32_at = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap());
        // Offsets of the canonical PCM WAVE header (Microsoft's RIFF specification, 1991).
        assert_eq!(&bytes[0..4], b"RIFF");
        assert_eq!(u32_at(4) as usize, bytes.len() - 8);
        assert_eq!(&bytes[8..16], b"WAVEfmt ");
        assert_eq!(u32_at(16), 16);
        assert_eq!(u16_at(20), 1, "PCM");
        assert_eq!(u16_at(22), 1, "mono");
        assert_eq!(u32_at(24), 44_100);
        assert_eq!(u32_at(28), 88_200, "byte rate = rate × channels × 2");
        assert_eq!(u16_at(32), 2, "block align");
        assert_eq!(u16_at(34), 16, "bits per sample");
        assert_eq!(&bytes[36..40], b"data");
        assert_eq!(u32_at(40) as usize, samples.len() * 2);
        assert_eq!(bytes.len(), 44 + samples.len() * 2);
        // The loudest sample is the peak of 0.55 in 16 bits.
        let loudest = bytes[44..].chunks(2).map(|c| i16::from_le_bytes([c[0], c[1]]).unsigned_abs()).max();
        assert_eq!(loudest, Some((0.55 * 32767.0f32).round() as u16));
    }
}
