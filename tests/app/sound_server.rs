//! The game's sound really plays (issue 25): with a real sound server, a button pressed in the game
//! is heard at the server's sink, at the level the synth and the volume give it; muted, nothing
//! is. Needs a PulseAudio (or PipeWire) server found as the game finds it (`$PULSE_SERVER`), whose
//! default sink is a null sink, and `parec` (pulseaudio-utils) to record that sink's monitor:
//! `.ci/run` starts one and runs this test with `--ignored`.

#![cfg(all(feature = "app", target_os = "linux"))]

use std::io::Read;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::thread;
use std::time::Duration;

use bevy::prelude::*;

use pokopoko::app::pokopoko::{StageAction, Table};
use pokopoko::app::sound::pulse::Status;
use pokopoko::app::sound::{PlaySound, Speaker, SpeakerPlugin};
use pokopoko::app::{MenuAction, PlayInput, SaveData, SavePlace, Screen};
use pokopoko::pokopoko::TurnOrder;
use pokopoko::sound_settings::Volume;
use pokopoko::synth::{Cue, SAMPLE_RATE};

use crate::common::{game, key};

/// A hang guard for the recording, not a measure of anything.
const PATIENCE: Duration = Duration::from_secs(20);

/// The default sink's monitor, recorded by `parec` as 16-bit mono at the synth's rate.
struct Recording {
    parec: Child,
    chunks: Receiver<Vec<i16>>,
}

impl Recording {
    fn start() -> Self {
        let mut parec = Command::new("parec")
            .args([
                "--device=@DEFAULT_MONITOR@",
                "--raw",
                "--format=s16le",
                "--channels=1",
                "--latency-msec=20",
            ])
            .arg(format!("--rate={SAMPLE_RATE}"))
            .stdout(Stdio::piped())
            .spawn()
            .expect("parec (Debian's pulseaudio-utils) records the sink");
        let mut out = parec.stdout.take().expect("parec's output is piped");
        let (send, chunks) = mpsc::channel();
        thread::spawn(move || {
            let mut bytes = vec![0u8; 4096];
            let mut odd: Option<u8> = None;
            while let Ok(read @ 1..) = out.read(&mut bytes) {
                let mut all: Vec<u8> = odd.take().into_iter().collect();
                all.extend_from_slice(&bytes[..read]);
                if all.len() % 2 == 1 {
                    odd = all.pop();
                }
                let samples = all.chunks(2).map(|pair| i16::from_le_bytes([pair[0], pair[1]])).collect();
                if send.send(samples).is_err() {
                    return;
                }
            }
        });
        Self { parec, chunks }
    }

    /// Forgets what was recorded so far.
    fn skip(&self) {
        while self.chunks.try_recv().is_ok() {}
    }

    /// The next `seconds` of sound at the sink (recorded as it plays).
    fn next(&self, seconds: f32) -> Vec<i16> {
        let wanted = (seconds * SAMPLE_RATE as f32) as usize;
        let mut samples = Vec::with_capacity(wanted);
        while samples.len() < wanted {
            let chunk = self.chunks.recv_timeout(PATIENCE).expect("parec goes on recording");
            samples.extend(chunk);
        }
        samples
    }
}

impl Drop for Recording {
    fn drop(&mut self) {
        let _ = self.parec.kill();
        let _ = self.parec.wait();
    }
}

/// The loudest sample, as a fraction of full scale.
fn loudest(samples: &[i16]) -> f32 {
    let peak = samples.iter().map(|s| s.unsigned_abs()).max().unwrap_or(0);
    f32::from(peak) / f32::from(i16::MAX)
}

/// Sends a message and lets the game react for a few frames.
fn send<M: Message>(app: &mut App, message: M) {
    app.world_mut().write_message(message);
    for _ in 0..3 {
        app.update();
    }
}

#[test]
#[ignore = "needs a sound server with a null sink and parec: .ci/run starts one"]
fn a_press_in_the_game_is_heard_at_the_sound_server_and_muted_nothing_is() {
    let recording = Recording::start();
    // The recording is live once it delivers sound.
    recording.next(0.05);

    let mut app = game(SavePlace::Memory, None);
    app.add_plugins(SpeakerPlugin::default());
    let status = app.world().resource::<Speaker>().0.settled_status(PATIENCE);
    assert!(matches!(status, Status::Playing(_)), "{status:?}");
    recording.skip();
    assert!(loudest(&recording.next(0.2)) < 0.01, "the sink is silent before the game plays");

    // The first stage, the player first: one button pressed, and the COM answers.
    send(&mut app, MenuAction::Play);
    send(&mut app, StageAction::Open(1));
    send(&mut app, StageAction::Start(TurnOrder::First));
    assert_eq!(app.world().resource::<State<Screen>>().get(), &Screen::Play);
    recording.skip();
    send(&mut app, PlayInput::Toggle(0));
    send(&mut app, PlayInput::Confirm);
    for _ in 0..20 {
        app.update();
    }
    let heard = recording.next(1.0);

    // A poko peaks at 0.45 of full scale (synth.rs) and the default volume 7 of 10 plays at
    // 0.7² = 0.49 of that; the COM's pokos may ring over the player's.
    let volume = app.world().resource::<SaveData>().save.settings.sound.volume;
    assert_eq!(volume, Volume::DEFAULT);
    let one_poko = 0.45 * volume.gain();
    let table = app.world().get_resource::<Table>().expect("one button of the first stage does not end it");
    let pokos: u32 = table.game().history().iter().map(|turn| turn.count).sum();
    let peak = loudest(&heard);
    assert!(peak > 0.8 * one_poko, "the press is heard: the sink's loudest sample is {peak}");
    assert!(peak < 1.05 * one_poko * pokos as f32, "{peak} from {pokos} pokos");
    let loud = heard.iter().filter(|s| f32::from(s.unsigned_abs()) > 0.1 * one_poko * 32767.0).count();
    assert!(loud > 1000, "not a click but a sound: {loud} samples above a tenth of a poko's peak");

    // Muted (M), the same path plays nothing.
    key(&mut app, KeyCode::KeyM);
    assert!(app.world().resource::<SaveData>().save.settings.sound.muted);
    recording.skip();
    send(&mut app, PlaySound(Cue::Won));
    let muted = recording.next(0.8);
    assert!(loudest(&muted) < 0.01, "muted, the sink stays silent: {}", loudest(&muted));

    // Unmuted, a jingle plays: it peaks at 0.55 (synth.rs) times the volume's gain.
    key(&mut app, KeyCode::KeyM);
    recording.skip();
    send(&mut app, PlaySound(Cue::Won));
    let jingle = loudest(&recording.next(0.8));
    let expected = 0.55 * volume.gain();
    assert!((jingle - expected).abs() < 0.1 * expected, "the jingle peaks at {jingle}, expected {expected}");
}
