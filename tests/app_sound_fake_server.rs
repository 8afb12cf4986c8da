//! A sound server cannot crash or bloat the game (issue 37): a fake server on a Unix socket speaks
//! just enough of the PulseAudio protocol to play along, or to ask for gigabytes of sound. Asking
//! for more than a stream of ours needs makes it no server: the game goes on silently, never
//! holds more than the bound, and does not connect to it again. The cookie it is sent is the one
//! regular file of 256 bytes among a FIFO and a gigabyte. (`tests/app/sound_server.rs` plays at a real
//! server.)

#![cfg(all(feature = "app", target_os = "linux"))]

use std::alloc::{GlobalAlloc, Layout, System};
use std::ffi::CString;
use std::io::{BufReader, Cursor, Read, Write};
use std::os::unix::net::{UnixListener, UnixStream};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread;
use std::time::{Duration, Instant};

use pokopoko::app::sound::pulse::{COOKIE_BYTES, MAX_MESSAGE, MAX_REQUESTED, Output, Server, Status};
use pokopoko::synth::Cue;
use pulseaudio::protocol::{
    self, AuthReply, Command, CreatePlaybackStreamReply, Request, SetClientNameReply,
};

/// The largest single allocation any thread of this test binary asked for.
static LARGEST: AtomicUsize = AtomicUsize::new(0);

/// The system's allocator, noting the largest allocation; one of more than [`REFUSED`] fails at
/// once (the binary aborts, as the game did) rather than thrash the machine first.
struct Watched;

const REFUSED: usize = 256 << 20;

unsafe impl GlobalAlloc for Watched {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        LARGEST.fetch_max(layout.size(), Ordering::Relaxed);
        if layout.size() > REFUSED {
            return std::ptr::null_mut();
        }
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        LARGEST.fetch_max(layout.size(), Ordering::Relaxed);
        if layout.size() > REFUSED {
            return std::ptr::null_mut();
        }
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        LARGEST.fetch_max(new_size, Ordering::Relaxed);
        if new_size > REFUSED {
            return std::ptr::null_mut();
        }
        unsafe { System.realloc(ptr, layout, new_size) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Watched = Watched;

/// What any allocation of the game may take: a mix of at most [`MAX_REQUESTED`] bytes is summed in
/// `f32`s (twice the bytes) and a message is at most [`MAX_MESSAGE`]; the rest is small.
fn allocation_bound() -> usize {
    (2 * MAX_REQUESTED).max(MAX_MESSAGE as usize) + (64 << 10)
}

/// A hang guard, not a measure of anything.
const PATIENCE: Duration = Duration::from_secs(30);

/// How the fake server behaves.
#[derive(Clone, Default)]
struct Script {
    /// `requested_bytes` in the reply that creates the stream.
    created_with: u32,
    /// The requests it sends each time the stream is uncorked.
    requests: Vec<u32>,
    /// Sends, instead of replying to the authentication, a message claiming this many bytes.
    huge_message: Option<u32>,
}

/// What the fake server was sent.
#[derive(Debug, PartialEq, Eq)]
enum Heard {
    Connected,
    Cookie(Vec<u8>),
    /// A chunk of samples of this many bytes.
    Samples(usize),
}

struct FakeServer {
    socket: PathBuf,
    heard: Receiver<Heard>,
}

impl FakeServer {
    fn start(name: &str, script: Script) -> Self {
        let dir = scratch(name);
        let socket = dir.join("native");
        let listener = UnixListener::bind(&socket).expect("the fake server listens");
        let (tell, heard) = mpsc::channel();
        thread::spawn(move || {
            for client in listener.incoming() {
                let Ok(client) = client else { return };
                let (script, tell) = (script.clone(), tell.clone());
                thread::spawn(move || serve(client, &script, &tell));
            }
        });
        Self { socket, heard }
    }

    /// The game's side, with cookies looked for at `cookies` and no wait before trying again.
    fn output(&self, cookies: Vec<PathBuf>) -> Output {
        Output::start(Server { sockets: vec![self.socket.clone()], cookies, retry_after: Duration::ZERO })
    }

    /// Everything heard so far, waiting `quiet` after the last thing.
    fn heard_until_quiet(&self, quiet: Duration) -> Vec<Heard> {
        let mut all = Vec::new();
        while let Ok(heard) = self.heard.recv_timeout(quiet) {
            all.push(heard);
        }
        all
    }
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("pokopoko-fake-pulse-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// One client's connection, until it hangs up.
fn serve(client: UnixStream, script: &Script, tell: &Sender<Heard>) {
    let version = protocol::MAX_VERSION;
    let mut writer = client.try_clone().unwrap();
    let mut reader = BufReader::new(client);
    let _ = tell.send(Heard::Connected);
    loop {
        let Ok(descriptor) = protocol::read_descriptor(&mut reader) else { return };
        let mut payload = vec![0; descriptor.length as usize];
        if reader.read_exact(&mut payload).is_err() {
            return;
        }
        if descriptor.channel != u32::MAX {
            let _ = tell.send(Heard::Samples(payload.len()));
            continue;
        }
        let Ok((tag, command)) = Command::read_tag_prefixed(&mut Cursor::new(payload), version) else {
            return;
        };
        let mut out = Vec::new();
        match command {
            Command::Auth(auth) => {
                let _ = tell.send(Heard::Cookie(auth.cookie));
                if let Some(length) = script.huge_message {
                    // A descriptor claiming `length` bytes, then a trickle of them.
                    for word in [length, u32::MAX, 0, 0, 0] {
                        out.extend_from_slice(&word.to_be_bytes());
                    }
                    out.extend_from_slice(&[0; 4096]);
                } else {
                    let reply = AuthReply { version, ..AuthReply::default() };
                    protocol::write_reply_message(&mut out, tag, &reply, version).unwrap();
                }
            }
            Command::SetClientName(_) => {
                let reply = SetClientNameReply { client_id: 1 };
                protocol::write_reply_message(&mut out, tag, &reply, version).unwrap();
            }
            Command::CreatePlaybackStream(params) => {
                let reply = CreatePlaybackStreamReply {
                    channel: 0,
                    requested_bytes: script.created_with,
                    buffer_attr: params.buffer_attr,
                    sample_spec: params.sample_spec,
                    channel_map: params.channel_map,
                    sink_name: Some(CString::from(c"fake")),
                    ..CreatePlaybackStreamReply::default()
                };
                protocol::write_reply_message(&mut out, tag, &reply, version).unwrap();
            }
            Command::CorkPlaybackStream(cork) => {
                protocol::write_command_message(&mut out, tag, &Command::Reply, version).unwrap();
                if !cork.cork {
                    for &length in &script.requests {
                        let request = Command::Request(Request { channel: 0, length });
                        protocol::write_command_message(&mut out, u32::MAX, &request, version).unwrap();
                    }
                }
            }
            _ => protocol::write_command_message(&mut out, tag, &Command::Reply, version).unwrap(),
        }
        if writer.write_all(&out).is_err() {
            return;
        }
    }
}

/// The status once it satisfies `wanted`; panics after [`PATIENCE`].
fn status_when(output: &Output, wanted: impl Fn(&Status) -> bool) -> Status {
    let since = Instant::now();
    loop {
        let status = output.status();
        if wanted(&status) {
            return status;
        }
        assert!(since.elapsed() < PATIENCE, "the status stayed {status:?}");
        thread::sleep(Duration::from_millis(10));
    }
}

fn out_of_step(status: &Status) -> bool {
    matches!(status, Status::Silent(why) if why.contains("is out of step"))
}

fn connections(heard: &[Heard]) -> usize {
    heard.iter().filter(|heard| **heard == Heard::Connected).count()
}

fn samples(heard: &[Heard]) -> Vec<usize> {
    heard.iter().filter_map(|heard| if let Heard::Samples(n) = heard { Some(*n) } else { None }).collect()
}

/// Makes a FIFO nobody writes to.
fn fifo(path: &Path) {
    let name = CString::new(path.as_os_str().as_encoded_bytes()).unwrap();
    assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o600) }, 0, "mkfifo {}", path.display());
}

#[test]
fn a_server_that_plays_along_gets_the_cookie_and_the_sound_in_chunks_it_asked_for() {
    // What PulseAudio does: the buffer's worth at once, then a request per chunk played.
    let script = Script { created_with: 3528, requests: vec![3528, 882, 882], ..Script::default() };
    let server = FakeServer::start("plays-along", script);
    let dir = scratch("plays-along-cookies");
    let (pipe, huge, cookie) = (dir.join("pipe"), dir.join("huge"), dir.join("cookie"));
    fifo(&pipe);
    std::fs::File::create(&huge).unwrap().set_len(1 << 30).unwrap();
    let secret: Vec<u8> = (0..COOKIE_BYTES as usize).map(|i| (i * 7) as u8).collect();
    std::fs::write(&cookie, &secret).unwrap();

    let output = server.output(vec![pipe, huge, cookie]);
    let status = output.settled_status(PATIENCE);
    assert_eq!(status, Status::Playing(server.socket.clone()));
    output.play(Cue::Won, 1.0);
    let heard = server.heard_until_quiet(Duration::from_millis(500));
    assert_eq!(heard[..2], [Heard::Connected, Heard::Cookie(secret)]);
    let chunks = samples(&heard);
    assert!(!chunks.is_empty(), "the sound is sent: {heard:?}");
    assert!(chunks.iter().sum::<usize>() <= 3528 + 3528 + 882 + 882, "{chunks:?}");
    assert_eq!(output.status(), Status::Playing(server.socket.clone()));
    assert!(LARGEST.load(Ordering::Relaxed) <= allocation_bound());
}

#[test]
fn a_server_asking_for_4_gib_when_the_stream_opens_is_no_server() {
    let script = Script { created_with: u32::MAX, ..Script::default() };
    let server = FakeServer::start("4-gib-at-once", script);
    let output = server.output(Vec::new());
    let status = output.settled_status(PATIENCE);
    assert!(out_of_step(&status), "{status:?}");
    // The game plays on silently, and never comes back to that server.
    for _ in 0..3 {
        output.play(Cue::Won, 1.0);
    }
    let heard = server.heard_until_quiet(Duration::from_millis(500));
    assert_eq!(connections(&heard), 1, "{heard:?}");
    assert_eq!(samples(&heard), Vec::<usize>::new());
    assert!(out_of_step(&output.status()));
    assert!(LARGEST.load(Ordering::Relaxed) <= allocation_bound());
}

#[test]
fn requests_for_more_than_the_bound_make_the_server_no_server_before_anything_is_mixed() {
    // 4 GiB, 200 MB, and one sample more than the bound.
    for requests in [vec![u32::MAX], vec![200_000_000], vec![MAX_REQUESTED as u32 + 2]] {
        let script = Script { created_with: 0, requests: requests.clone(), ..Script::default() };
        let server = FakeServer::start(&format!("requests-{}", requests[0]), script);
        let output = server.output(Vec::new());
        assert_eq!(output.settled_status(PATIENCE), Status::Playing(server.socket.clone()));
        output.play(Cue::Won, 1.0);
        let status = status_when(&output, |status| !matches!(status, Status::Playing(_)));
        assert!(out_of_step(&status), "{requests:?}: {status:?}");
        for _ in 0..3 {
            output.play(Cue::Won, 1.0);
        }
        let heard = server.heard_until_quiet(Duration::from_millis(500));
        assert_eq!(connections(&heard), 1, "{requests:?}: {heard:?}");
        assert!(samples(&heard).iter().sum::<usize>() <= MAX_REQUESTED, "{requests:?}: {heard:?}");
    }
    assert!(LARGEST.load(Ordering::Relaxed) <= allocation_bound());
}

#[test]
fn a_message_claiming_4_gib_is_not_read_and_the_server_is_no_server() {
    let script = Script { huge_message: Some(u32::MAX), ..Script::default() };
    let server = FakeServer::start("huge-message", script);
    let output = server.output(Vec::new());
    let status = output.settled_status(PATIENCE);
    assert!(out_of_step(&status), "{status:?}");
    output.play(Cue::Won, 1.0);
    let heard = server.heard_until_quiet(Duration::from_millis(500));
    assert_eq!(connections(&heard), 1, "{heard:?}");
    assert!(LARGEST.load(Ordering::Relaxed) <= allocation_bound());
}
