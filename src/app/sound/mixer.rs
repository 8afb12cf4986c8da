//! The game's own mixer: the sounds playing at once, summed into one stream of 16-bit samples for
//! the sound server. Plain Rust, no Bevy, no I/O: [`super::pulse`] drives it from its thread.

use std::collections::HashMap;
use std::sync::Arc;

use crate::synth::{Cue, MAX_POKOS, POKO_VARIATION};

/// The rendered sounds, each rendered once, and which poko pitch comes next.
#[derive(Debug, Default)]
pub struct Bank {
    rendered: HashMap<(Cue, usize), Arc<[f32]>>,
    next_variation: usize,
}

impl Bank {
    /// The samples of `cue`; pokos take the next pitches in turn, so no two presses in a row sound
    /// alike. At most (MAX_POKOS + 1) × 7 poko sounds plus one per other cue are ever kept.
    pub fn samples(&mut self, cue: Cue) -> Arc<[f32]> {
        let key = self.key(cue);
        Arc::clone(self.rendered.entry(key).or_insert_with(|| Arc::from(key.0.render(key.1))))
    }

    /// The cue as rendered (a long turn sounds like [`MAX_POKOS`] presses) and the variation it
    /// takes; advances the next poko's pitch.
    pub fn key(&mut self, cue: Cue) -> (Cue, usize) {
        let cue = match cue {
            Cue::Press { buttons } => Cue::Press { buttons: buttons.clamp(1, MAX_POKOS) },
            other => other,
        };
        if !cue.varies() {
            return (cue, 0);
        }
        let variation = self.next_variation;
        let pokos = match cue {
            Cue::Press { buttons } => buttons as usize,
            _ => 1,
        };
        self.next_variation = (variation + pokos) % POKO_VARIATION.len();
        (cue, variation)
    }

    /// How many rendered sounds are kept.
    pub fn len(&self) -> usize {
        self.rendered.len()
    }

    pub fn is_empty(&self) -> bool {
        self.rendered.is_empty()
    }
}

/// One sound being played: its samples, how far it got, and the gain it was asked at.
#[derive(Debug)]
struct Voice {
    samples: Arc<[f32]>,
    next: usize,
    gain: f32,
}

/// The sounds playing now.
#[derive(Debug, Default)]
pub struct Mixer {
    voices: Vec<Voice>,
}

impl Mixer {
    /// Starts `samples` (in −1..1) at amplitude factor `gain`, with the next sample mixed.
    pub fn play(&mut self, samples: Arc<[f32]>, gain: f32) {
        if !samples.is_empty() && gain > 0.0 {
            self.voices.push(Voice { samples, next: 0, gain });
        }
    }

    /// Whether any sound has samples left.
    pub fn is_playing(&self) -> bool {
        !self.voices.is_empty()
    }

    /// Stops every sound.
    pub fn clear(&mut self) {
        self.voices.clear();
    }

    /// The next `frames` samples of all sounds summed (silence where none plays), clipped to full
    /// scale, as signed 16-bit little-endian bytes; sounds that end are dropped.
    pub fn mix(&mut self, frames: usize) -> Vec<u8> {
        let mut sum = vec![0.0f32; frames];
        for voice in &mut self.voices {
            let rest = &voice.samples[voice.next..];
            let take = rest.len().min(frames);
            for (out, &sample) in sum.iter_mut().zip(&rest[..take]) {
                *out += sample * voice.gain;
            }
            voice.next += take;
        }
        self.voices.retain(|voice| voice.next < voice.samples.len());
        sum.into_iter().flat_map(|sample| quantise(sample).to_le_bytes()).collect()
    }
}

/// A sample in −1..1 as 16 bits, the way [`crate::synth::wav`] writes it.
fn quantise(sample: f32) -> i16 {
    (sample.clamp(-1.0, 1.0) * f32::from(i16::MAX)).round() as i16
}

#[cfg(test)]
mod tests {
    use super::*;

    fn samples(bytes: &[u8]) -> Vec<i16> {
        bytes.chunks(2).map(|pair| i16::from_le_bytes([pair[0], pair[1]])).collect()
    }

    #[test]
    fn sounds_at_once_add_up_at_their_gains_and_clip_at_full_scale() {
        let mut mixer = Mixer::default();
        mixer.play(Arc::from([0.5, 0.5, 0.5]), 0.5);
        mixer.play(Arc::from([0.25, -0.5]), 1.0);
        // 0.25 + 0.25 = 0.5; 0.25 − 0.5 = −0.25; 0.25 alone; then silence.
        assert_eq!(samples(&mixer.mix(5)), [16384, -8192, 8192, 0, 0]);
        assert!(!mixer.is_playing());

        mixer.play(Arc::from([0.8, -0.9]), 1.0);
        mixer.play(Arc::from([0.8, -0.9]), 1.0);
        assert_eq!(samples(&mixer.mix(2)), [i16::MAX, -i16::MAX]);
    }

    #[test]
    fn a_sound_goes_on_where_the_last_chunk_stopped_and_ends_after_its_last_sample() {
        let mut mixer = Mixer::default();
        mixer.play(Arc::from([0.1, 0.2, 0.3, 0.4, 0.5]), 1.0);
        assert_eq!(samples(&mixer.mix(2)), [3277, 6553]);
        assert!(mixer.is_playing());
        assert_eq!(samples(&mixer.mix(2)), [9830, 13107]);
        assert!(mixer.is_playing(), "one sample left");
        assert_eq!(samples(&mixer.mix(2)), [16384, 0]);
        assert!(!mixer.is_playing());
        assert_eq!(mixer.mix(3), [0; 6], "silence when nothing plays");
    }

    #[test]
    fn a_silent_sound_is_not_played() {
        let mut mixer = Mixer::default();
        mixer.play(Arc::from([0.5]), 0.0);
        mixer.play(Arc::from([]), 1.0);
        assert!(!mixer.is_playing());
    }

    #[test]
    fn pokos_take_the_next_pitches_and_each_sound_is_rendered_once() {
        let mut bank = Bank::default();
        assert_eq!(bank.key(Cue::ComPress), (Cue::ComPress, 0));
        // Three pokos take variations 1, 2 and 3; the next press starts at 4.
        assert_eq!(bank.key(Cue::Press { buttons: 3 }), (Cue::Press { buttons: 3 }, 1));
        assert_eq!(bank.key(Cue::ComPress), (Cue::ComPress, 4));
        // A turn of 40 sounds like MAX_POKOS (8) presses: 5 + 8 = 13 ≡ 6 (mod 7).
        assert_eq!(bank.key(Cue::Press { buttons: 40 }), (Cue::Press { buttons: MAX_POKOS }, 5));
        assert_eq!(bank.key(Cue::ComPress), (Cue::ComPress, 6));
        assert_eq!(bank.key(Cue::ComPress), (Cue::ComPress, 0), "round the seven pitches");
        // Jingles and stones do not vary and leave the pokos' turn alone.
        assert_eq!(bank.key(Cue::Won), (Cue::Won, 0));
        assert_eq!(bank.key(Cue::ComPress), (Cue::ComPress, 1));

        let mut bank = Bank::default();
        let first = bank.samples(Cue::Won);
        let again = bank.samples(Cue::Won);
        assert!(Arc::ptr_eq(&first, &again));
        assert_eq!(&first[..], &Cue::Won.render(0)[..]);
        for _ in 0..3 * POKO_VARIATION.len() {
            bank.samples(Cue::ComPress);
        }
        assert_eq!(bank.len(), 1 + POKO_VARIATION.len());
    }
}
