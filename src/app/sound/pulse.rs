//! The sound output on Linux: a thread of ours mixes the sounds asked for ([`super::mixer`]) and
//! streams them to the desktop's sound server over the PulseAudio native protocol, which
//! PulseAudio serves and PipeWire serves too (pipewire-pulse). The protocol is spoken by the
//! pure-Rust `pulseaudio` crate: no system library, nothing to build against.
//!
//! The server is found as PulseAudio's own clients find it: `$PULSE_SERVER` (a `unix:` socket or
//! a path), else `$PULSE_RUNTIME_PATH/native`, `$XDG_RUNTIME_DIR/pulse/native`,
//! `/run/user/<uid>/pulse/native`, then the system-wide socket; the cookie is `$PULSE_COOKIE`,
//! else `~/.config/pulse/cookie` or `~/.pulse-cookie`. Reading the cookie and connecting (and
//! retrying, at most every [`RETRY_AFTER`], when a sound is asked for) happen on the sound thread,
//! never in a frame. No server: the game plays silently after one log line.
//!
//! Nothing the server says makes the game hold more than a bounded amount: a message is read only
//! up to [`MAX_MESSAGE`] bytes, and the server may ask for at most [`MAX_REQUESTED`] bytes of
//! sound not yet sent. A server that asks for more is out of step (or hostile) and is treated as no
//! server for the rest of the game, after one log line.
//!
//! One stream, 16-bit mono at [`SAMPLE_RATE`], created corked. The server asks for bytes as it
//! plays them; while a sound plays the thread answers with the mix, then it asks the server to
//! drain the stream and corks it once drained, so an idle game costs the server nothing.

use std::ffi::CString;
use std::io::{BufReader, Cursor, Read, Write};
use std::os::unix::fs::MetadataExt;
use std::os::unix::net::UnixStream;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

use bevy::log::{debug, info, warn};
use pulseaudio::protocol::{
    self, AuthParams, AuthReply, ChannelMap, Command, CommandReply, CommandTag, CorkStreamParams,
    CreatePlaybackStreamReply, PlaybackStreamParams, Prop, Props, ProtocolError, SampleFormat, SampleSpec,
    SetClientNameReply, TagStructReader,
    stream::{BufferAttr, StreamFlags},
};
use thiserror::Error;

use super::mixer::{Bank, Mixer};
use crate::bounded_read::{self, Accept};
use crate::synth::{Cue, SAMPLE_RATE};

/// Bytes of one frame: one 16-bit sample.
const FRAME_BYTES: usize = 2;

/// Bytes of `ms` milliseconds of the stream's sound.
const fn bytes(ms: u32) -> u32 {
    SAMPLE_RATE * ms / 1000 * FRAME_BYTES as u32
}

/// The stream's buffer on the server: what it keeps queued (the latency a sound asked for while
/// another plays adds at most), and the least it asks for at once.
const TARGET_MS: u32 = 40;
const MIN_REQUEST_MS: u32 = 10;

/// The most sound, in bytes, the server may ask for and not have been sent yet: half a second,
/// many times the buffer asked for ([`TARGET_MS`]), so a server that rounds the buffer up to its
/// own quantum still fits. This bounds what one mix allocates.
pub const MAX_REQUESTED: usize = bytes(500) as usize;

/// A PulseAudio cookie is this many bytes (the protocol's `PA_NATIVE_COOKIE_LENGTH`).
pub const COOKIE_BYTES: u64 = 256;

/// A sound asked for longer ago than this (while the thread was connecting) is not played late.
const STALE_AFTER: Duration = Duration::from_millis(250);

/// How long the handshake may wait for the server, and a write for room in the socket.
const SERVER_TIMEOUT: Duration = Duration::from_secs(2);

/// No server (or a lost one) is looked for again at the next sound, but not more often than this.
pub const RETRY_AFTER: Duration = Duration::from_secs(3);

/// The system-wide server's socket (PulseAudio's `--system` mode).
const SYSTEM_SOCKET: &str = "/run/pulse/native";

/// Where to find the sound server and how to prove we may use it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Server {
    /// Sockets to try, in order.
    pub sockets: Vec<PathBuf>,
    /// Where the authentication cookie may be, in order: the first that holds one is sent (none:
    /// an empty one, which PipeWire accepts). Read by the sound thread, see [`read_cookie`].
    pub cookies: Vec<PathBuf>,
    /// How long after a failed connection the next sound tries again.
    pub retry_after: Duration,
}

impl Server {
    /// The desktop's server, found through the environment as PulseAudio's clients find it.
    pub fn from_env() -> Self {
        let var = |name: &str| std::env::var_os(name).filter(|value| !value.is_empty());
        let uid = std::fs::metadata("/proc/self").map(|meta| meta.uid()).ok();
        let sockets = sockets(
            var("PULSE_SERVER").as_deref().and_then(|value| value.to_str()),
            var("PULSE_RUNTIME_PATH").map(PathBuf::from).as_deref(),
            var("XDG_RUNTIME_DIR").map(PathBuf::from).as_deref(),
            uid,
        );
        Self { sockets, cookies: cookies_from_env(), retry_after: RETRY_AFTER }
    }

    /// The server at `socket`, with the cookie from the environment.
    pub fn at(socket: impl Into<PathBuf>) -> Self {
        Self { sockets: vec![socket.into()], cookies: cookies_from_env(), retry_after: RETRY_AFTER }
    }
}

/// The sockets to try: `$PULSE_SERVER`'s local ones if it is set (its other entries are network
/// servers, which this client does not speak to), else the per-user runtime directory and the
/// system-wide socket.
pub fn sockets(
    pulse_server: Option<&str>,
    pulse_runtime_path: Option<&Path>,
    xdg_runtime_dir: Option<&Path>,
    uid: Option<u32>,
) -> Vec<PathBuf> {
    if let Some(list) = pulse_server {
        return list
            .split_whitespace()
            // An entry may be limited to one machine: "{machine-id}unix:/path".
            .map(|entry| {
                entry.strip_prefix('{').and_then(|rest| rest.split_once('}')).map_or(entry, |(_, e)| e)
            })
            .filter_map(|entry| entry.strip_prefix("unix:").or(entry.starts_with('/').then_some(entry)))
            .map(PathBuf::from)
            .collect();
    }
    let runtime = match (pulse_runtime_path, xdg_runtime_dir, uid) {
        (Some(dir), _, _) => Some(dir.join("native")),
        (None, Some(dir), _) => Some(dir.join("pulse/native")),
        (None, None, Some(uid)) => Some(PathBuf::from(format!("/run/user/{uid}/pulse/native"))),
        (None, None, None) => None,
    };
    runtime.into_iter().chain([PathBuf::from(SYSTEM_SOCKET)]).collect()
}

/// Where the server may have written the cookie for its clients (nothing is read here).
fn cookies_from_env() -> Vec<PathBuf> {
    let explicit = std::env::var_os("PULSE_COOKIE").filter(|value| !value.is_empty()).map(PathBuf::from);
    let dirs = directories::BaseDirs::new();
    let usual = dirs
        .iter()
        .flat_map(|dirs| [dirs.config_dir().join("pulse/cookie"), dirs.home_dir().join(".pulse-cookie")]);
    explicit.into_iter().chain(usual).collect()
}

/// The first cookie at `paths`: a regular file of exactly [`COOKIE_BYTES`] bytes, opened without
/// blocking (a FIFO is refused, not waited on) and read no further than one byte past a cookie.
/// Also, for the log, why each file that is there but holds no cookie was skipped.
pub fn read_cookie(paths: &[PathBuf]) -> (Option<Vec<u8>>, Vec<String>) {
    let mut skipped = Vec::new();
    for path in paths {
        match bounded_read::read(path, COOKIE_BYTES, Accept::RegularFile) {
            Ok(bytes) if bytes.len() as u64 == COOKIE_BYTES => return (Some(bytes), skipped),
            Ok(bytes) => skipped.push(format!(
                "the cookie at {} is {} bytes, not {COOKIE_BYTES}",
                path.display(),
                bytes.len()
            )),
            Err(err) if err.is_not_found() => {}
            Err(err) => skipped.push(format!("the cookie at {} is not read: {err}", path.display())),
        }
    }
    (None, skipped)
}

/// Why the game plays without sound.
#[derive(Debug, Error)]
pub enum OutputError {
    #[error("no sound server found ({})", tried_list(.tried))]
    NoServer { tried: Vec<(PathBuf, std::io::Error)> },
    #[error("the sound server at {} did not let us play ({step}): {source}", .socket.display())]
    Handshake { socket: PathBuf, step: &'static str, source: ProtocolError },
    #[error("the sound server at {} answered with {found:?}, not 16-bit mono at {SAMPLE_RATE} Hz", .socket.display())]
    Format { socket: PathBuf, found: SampleSpec },
    #[error("lost the sound server at {}: {reason}", .socket.display())]
    Lost { socket: PathBuf, reason: String },
    #[error("the sound server at {} is out of step ({what}), so it is not used again", .socket.display())]
    OutOfStep { socket: PathBuf, what: String },
    #[error("could not start the sound thread: {0}")]
    Thread(std::io::Error),
}

fn tried_list(tried: &[(PathBuf, std::io::Error)]) -> String {
    if tried.is_empty() {
        return "no socket to try: $PULSE_SERVER names only network servers".into();
    }
    let each: Vec<String> = tried.iter().map(|(path, err)| format!("{}: {err}", path.display())).collect();
    each.join("; ")
}

/// What the sound output is doing, for the log and the tests.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Status {
    Connecting,
    /// Playing through the server at this socket.
    Playing(PathBuf),
    /// Silent, and why.
    Silent(String),
}

#[derive(Debug, Default)]
struct SharedStatus {
    status: Mutex<Option<Status>>,
    changed: Condvar,
}

impl SharedStatus {
    fn set(&self, status: Status) {
        *self.status.lock().unwrap_or_else(PoisonError::into_inner) = Some(status);
        self.changed.notify_all();
    }

    fn get(&self) -> Status {
        self.status.lock().unwrap_or_else(PoisonError::into_inner).clone().unwrap_or(Status::Connecting)
    }
}

/// What the sound thread hears: the game's requests and the server's messages.
enum Event {
    Play { cue: Cue, gain: f32, asked: Instant },
    Server { connection: u64, message: FromServer },
    Quit,
}

enum FromServer {
    /// The server has room for this many more bytes.
    Request(u32),
    /// The reply to the command with this tag.
    Reply(u32),
    Lost(String),
    /// It broke the protocol (a message too large to be one of ours).
    OutOfStep(String),
}

/// The game's handle on its sound thread; the thread ends when this is dropped.
#[derive(Debug)]
pub struct Output {
    events: Sender<Event>,
    status: Arc<SharedStatus>,
}

impl Output {
    /// Starts the sound thread, which connects to `server` at once.
    pub fn start(server: Server) -> Self {
        let (events, inbox) = mpsc::channel();
        let status = Arc::new(SharedStatus::default());
        let thread = Player {
            server,
            status: Arc::clone(&status),
            events: events.clone(),
            stream: None,
            connection: 0,
            last_try: None,
            told: false,
            told_cookie: false,
            out_of_step: false,
            bank: Bank::default(),
            mixer: Mixer::default(),
            drain: None,
        };
        let started = thread::Builder::new().name("pokopoko sound".into()).spawn(move || thread.run(inbox));
        if let Err(err) = started {
            let err = OutputError::Thread(err);
            warn!("sound: {err}; the game plays without sound");
            status.set(Status::Silent(err.to_string()));
        }
        Self { events, status }
    }

    /// Plays `cue` at amplitude factor `gain`; returns at once.
    pub fn play(&self, cue: Cue, gain: f32) {
        // The thread is gone only if it could not start; then there is nothing to play on.
        let _ = self.events.send(Event::Play { cue, gain, asked: Instant::now() });
    }

    pub fn status(&self) -> Status {
        self.status.get()
    }

    /// The status once the first connection has succeeded or failed, waiting at most `limit`.
    pub fn settled_status(&self, limit: Duration) -> Status {
        let guard = self.status.status.lock().unwrap_or_else(PoisonError::into_inner);
        let (guard, _) = self
            .status
            .changed
            .wait_timeout_while(guard, limit, |status| status.is_none())
            .unwrap_or_else(PoisonError::into_inner);
        guard.clone().unwrap_or(Status::Connecting)
    }
}

impl Drop for Output {
    fn drop(&mut self) {
        let _ = self.events.send(Event::Quit);
    }
}

/// The sound thread's state.
struct Player {
    server: Server,
    status: Arc<SharedStatus>,
    /// For the threads that read from the server.
    events: Sender<Event>,
    stream: Option<Stream>,
    /// Which connection the server's messages must come from (older ones are stale).
    connection: u64,
    last_try: Option<Instant>,
    /// Whether the player was told that the game is silent (told once until sound is back).
    told: bool,
    /// Whether the log said why a cookie file was skipped (said once).
    told_cookie: bool,
    /// The server broke the protocol: the game stays silent rather than connect again.
    out_of_step: bool,
    bank: Bank,
    mixer: Mixer,
    /// The tag of the drain asked for when the mix ran out, while nothing was written since.
    drain: Option<u32>,
}

impl Player {
    fn run(mut self, inbox: Receiver<Event>) {
        self.connect();
        for event in inbox {
            match event {
                Event::Quit => return,
                Event::Play { cue, gain, asked } => self.play(cue, gain, asked),
                Event::Server { connection, message } if connection == self.connection => self.hear(message),
                Event::Server { .. } => {}
            }
            self.feed();
        }
    }

    fn connect(&mut self) {
        self.last_try = Some(Instant::now());
        self.connection += 1;
        let (cookie, skipped) = read_cookie(&self.server.cookies);
        if !self.told_cookie && !skipped.is_empty() {
            warn!("sound: {}", skipped.join("; "));
            self.told_cookie = true;
        }
        match Stream::open(&self.server.sockets, cookie.unwrap_or_default(), self.connection, &self.events) {
            Ok(stream) => {
                info!("sound: playing through the sound server at {}", stream.socket.display());
                self.status.set(Status::Playing(stream.socket.clone()));
                self.told = false;
                self.stream = Some(stream);
            }
            Err(err) => self.silence(err),
        }
    }

    fn silence(&mut self, err: OutputError) {
        self.out_of_step |= matches!(err, OutputError::OutOfStep { .. });
        if !self.told {
            match err {
                OutputError::NoServer { .. } => info!("sound: {err}; the game plays without sound"),
                _ => warn!("sound: {err}; the game plays without sound"),
            }
            self.told = true;
        }
        self.status.set(Status::Silent(err.to_string()));
        self.stream = None;
        self.mixer.clear();
        self.drain = None;
    }

    fn play(&mut self, cue: Cue, gain: f32, asked: Instant) {
        if asked.elapsed() > STALE_AFTER {
            return;
        }
        let due = self.last_try.is_none_or(|at| at.elapsed() >= self.server.retry_after);
        if self.stream.is_none() && due && !self.out_of_step {
            self.connect();
        }
        let Some(stream) = &mut self.stream else { return };
        if stream.corked
            && let Err(source) = stream.cork(false)
        {
            let socket = stream.socket.clone();
            return self.silence(OutputError::Lost { socket, reason: source.to_string() });
        }
        self.mixer.play(self.bank.samples(cue), gain);
        self.drain = None;
    }

    fn hear(&mut self, message: FromServer) {
        let Some(stream) = &mut self.stream else { return };
        match message {
            FromServer::Request(bytes) => {
                match stream.requested.checked_add(bytes as usize).filter(|&total| total <= MAX_REQUESTED) {
                    Some(total) => stream.requested = total,
                    None => {
                        let socket = stream.socket.clone();
                        let what = too_much(stream.requested as u64 + u64::from(bytes));
                        self.silence(OutputError::OutOfStep { socket, what });
                    }
                }
            }
            // Drained with nothing asked for since: cork, so the server may rest.
            FromServer::Reply(tag) if Some(tag) == self.drain && !self.mixer.is_playing() => {
                self.drain = None;
                if let Err(source) = stream.cork(true) {
                    let socket = stream.socket.clone();
                    self.silence(OutputError::Lost { socket, reason: source.to_string() });
                }
            }
            FromServer::Reply(_) => {}
            FromServer::Lost(reason) => {
                let socket = stream.socket.clone();
                self.silence(OutputError::Lost { socket, reason });
            }
            FromServer::OutOfStep(what) => {
                let socket = stream.socket.clone();
                self.silence(OutputError::OutOfStep { socket, what });
            }
        }
    }

    /// Sends the server as much of the mix as it asked for; when the mix runs out, asks it to
    /// drain the stream.
    fn feed(&mut self) {
        let Some(stream) = &mut self.stream else { return };
        let frames = stream.requested / FRAME_BYTES;
        if !self.mixer.is_playing() || frames == 0 {
            return;
        }
        let mix = self.mixer.mix(frames);
        stream.requested -= mix.len();
        let sent = match stream.write(&mix) {
            Ok(()) if !self.mixer.is_playing() => stream.ask_drain().map(Some),
            Ok(()) => Ok(None),
            Err(err) => Err(err),
        };
        match sent {
            Ok(drain) => self.drain = drain,
            Err(source) => {
                let socket = stream.socket.clone();
                self.silence(OutputError::Lost { socket, reason: source.to_string() });
            }
        }
    }
}

/// The connection to the server and the game's stream on it.
struct Stream {
    socket: PathBuf,
    writer: UnixStream,
    version: u16,
    channel: u32,
    /// Bytes the server asked for and was not sent yet, never more than [`MAX_REQUESTED`].
    requested: usize,
    corked: bool,
    next_tag: u32,
}

impl Stream {
    /// Connects to the first socket that answers, authenticates, opens a corked stream and starts
    /// the thread that passes the server's messages on as `connection`'s.
    fn open(
        sockets: &[PathBuf],
        cookie: Vec<u8>,
        connection: u64,
        events: &Sender<Event>,
    ) -> Result<Self, OutputError> {
        let mut tried = Vec::new();
        for socket in sockets {
            match UnixStream::connect(socket) {
                Ok(stream) => return Self::handshake(stream, socket, cookie, connection, events),
                Err(err) => tried.push((socket.clone(), err)),
            }
        }
        Err(OutputError::NoServer { tried })
    }

    fn handshake(
        writer: UnixStream,
        socket: &Path,
        cookie: Vec<u8>,
        connection: u64,
        events: &Sender<Event>,
    ) -> Result<Self, OutputError> {
        let fail = |step: &'static str| {
            move |source: ProtocolError| match source {
                // Not a reply this client could ever read: no use trying again.
                ProtocolError::Invalid(what) => OutputError::OutOfStep { socket: socket.to_path_buf(), what },
                source => OutputError::Handshake { socket: socket.to_path_buf(), step, source },
            }
        };
        let io = |step: &'static str| move |err: std::io::Error| fail(step)(ProtocolError::Io(err));
        writer.set_read_timeout(Some(SERVER_TIMEOUT)).map_err(io("setting up the socket"))?;
        writer.set_write_timeout(Some(SERVER_TIMEOUT)).map_err(io("setting up the socket"))?;
        let mut reader = BufReader::new(writer.try_clone().map_err(io("setting up the socket"))?);
        let mut stream = Self {
            socket: socket.to_path_buf(),
            writer,
            version: protocol::MAX_VERSION,
            channel: 0,
            requested: 0,
            corked: true,
            next_tag: 0,
        };

        let auth =
            AuthParams { version: protocol::MAX_VERSION, supports_shm: false, supports_memfd: false, cookie };
        stream.send(&Command::Auth(auth)).map_err(fail("authenticating"))?;
        let reply: AuthReply = read_reply(&mut reader, stream.version).map_err(fail("authenticating"))?;
        stream.version = reply.version.min(protocol::MAX_VERSION);

        let mut props = Props::new();
        props.set(Prop::ApplicationName, c"Pokopoko");
        props.set(Prop::ApplicationId, c"pokopoko");
        props.set(Prop::ApplicationIconName, c"pokopoko");
        if let Ok(pid) = CString::new(std::process::id().to_string()) {
            props.set(Prop::ApplicationProcessId, pid);
        }
        stream.send(&Command::SetClientName(props)).map_err(fail("naming the game"))?;
        let _: SetClientNameReply =
            read_reply(&mut reader, stream.version).map_err(fail("naming the game"))?;

        let spec = SampleSpec { format: SampleFormat::S16Le, channels: 1, sample_rate: SAMPLE_RATE };
        let mut props = Props::new();
        props.set(Prop::MediaName, c"Pokopoko's sounds");
        props.set(Prop::MediaRole, c"game");
        // No sink named: the server's default, wherever the player moves it.
        let params = PlaybackStreamParams {
            sample_spec: spec,
            channel_map: ChannelMap::mono(),
            buffer_attr: BufferAttr {
                max_length: u32::MAX,
                target_length: bytes(TARGET_MS),
                // Plays as soon as one request's worth is queued: even a short sound starts.
                pre_buffering: bytes(MIN_REQUEST_MS),
                minimum_request_length: bytes(MIN_REQUEST_MS),
                fragment_size: u32::MAX,
            },
            props,
            flags: StreamFlags { start_corked: true, ..StreamFlags::default() },
            ..PlaybackStreamParams::default()
        };
        stream.send(&Command::CreatePlaybackStream(params)).map_err(fail("opening a stream"))?;
        let reply: CreatePlaybackStreamReply =
            read_reply(&mut reader, stream.version).map_err(fail("opening a stream"))?;
        if reply.sample_spec != spec {
            return Err(OutputError::Format { socket: socket.to_path_buf(), found: reply.sample_spec });
        }
        if reply.requested_bytes as usize > MAX_REQUESTED {
            let what = too_much(reply.requested_bytes.into());
            return Err(OutputError::OutOfStep { socket: socket.to_path_buf(), what });
        }
        stream.channel = reply.channel;
        stream.requested = reply.requested_bytes as usize;

        // From here the reader waits for the server as long as it takes, on its own thread.
        reader.get_ref().set_read_timeout(None).map_err(io("setting up the socket"))?;
        let (version, channel, events) = (stream.version, stream.channel, events.clone());
        thread::Builder::new()
            .name("pokopoko sound server".into())
            .spawn(move || listen(reader, version, channel, connection, events))
            .map_err(io("starting the thread that listens to the server"))?;
        Ok(stream)
    }

    /// Sends a command with the next tag; returns the tag.
    fn send(&mut self, command: &Command) -> Result<u32, ProtocolError> {
        let tag = self.next_tag;
        self.next_tag = self.next_tag.wrapping_add(1);
        let mut message = Vec::new();
        protocol::write_command_message(&mut message, tag, command, self.version)?;
        self.writer.write_all(&message)?;
        Ok(tag)
    }

    /// Sends samples (16-bit little-endian bytes) to be played after those already sent.
    fn write(&mut self, samples: &[u8]) -> Result<(), ProtocolError> {
        let mut message = Vec::with_capacity(protocol::DESCRIPTOR_SIZE + samples.len());
        protocol::write_memblock(&mut message, self.channel, samples, 0)?;
        self.writer.write_all(&message)?;
        Ok(())
    }

    fn cork(&mut self, cork: bool) -> Result<(), ProtocolError> {
        self.send(&Command::CorkPlaybackStream(CorkStreamParams { channel: self.channel, cork }))?;
        self.corked = cork;
        Ok(())
    }

    /// Asks the server to play out what it has queued; it replies, with the returned tag, once
    /// the stream is empty.
    fn ask_drain(&mut self) -> Result<u32, ProtocolError> {
        self.send(&Command::DrainPlaybackStream(self.channel))
    }
}

impl Drop for Stream {
    fn drop(&mut self) {
        // Ends the connection, and with it the thread listening to it.
        let _ = self.writer.shutdown(std::net::Shutdown::Both);
    }
}

/// Why a server that asked for `bytes` of sound at once is out of step.
fn too_much(bytes: u64) -> String {
    format!("it asked for {bytes} bytes of sound at once; the game's stream needs at most {MAX_REQUESTED}")
}

/// A message no larger than this is read; a larger one means the connection is out of step. The
/// messages this client reads (replies, requests) are a few hundred bytes.
pub const MAX_MESSAGE: u32 = 1 << 16;

/// Passes the server's messages about the game's stream on to the sound thread, until the
/// connection ends or the sound thread does.
fn listen(
    mut reader: BufReader<UnixStream>,
    version: u16,
    channel: u32,
    connection: u64,
    events: Sender<Event>,
) {
    let lost = loop {
        let message = match read_message(&mut reader, version) {
            Ok(Some((tag, command))) => match command {
                Command::Request(request) if request.channel == channel => {
                    FromServer::Request(request.length)
                }
                Command::Reply => FromServer::Reply(tag),
                Command::PlaybackStreamKilled(killed) if killed == channel => {
                    break FromServer::Lost("it ended the game's stream".to_string());
                }
                Command::Error(err) => {
                    debug!("sound: the server answered a command with {err:?}");
                    continue;
                }
                _ => continue,
            },
            Ok(None) => continue,
            Err(ProtocolError::Io(err)) => break FromServer::Lost(err.to_string()),
            Err(err) => break FromServer::OutOfStep(err.to_string()),
        };
        if events.send(Event::Server { connection, message }).is_err() {
            return;
        }
    };
    let _ = events.send(Event::Server { connection, message: lost });
}

/// The next message from the server: a command and its tag (a reply's is the tag of the command it
/// answers), or `None` for one this client does not read. Only the commands read here are decoded
/// (the others may carry blobs whose claimed sizes would be allocated).
fn read_message(reader: &mut impl Read, version: u16) -> Result<Option<(u32, Command)>, ProtocolError> {
    let (descriptor, payload) = read_frame(reader)?;
    // Samples (only recording streams receive them) and other channels' messages.
    if descriptor.channel != u32::MAX {
        return Ok(None);
    }
    let read = [CommandTag::Error, CommandTag::PlaybackStreamKilled, CommandTag::Reply, CommandTag::Request];
    let tag = TagStructReader::new(&mut Cursor::new(&payload), version).read_enum::<CommandTag>();
    if !tag.is_ok_and(|tag| read.contains(&tag)) {
        return Ok(None);
    }
    Ok(Command::read_tag_prefixed(&mut Cursor::new(payload), version).ok())
}

/// The server's reply to the command just sent.
fn read_reply<T: CommandReply>(reader: &mut impl Read, version: u16) -> Result<T, ProtocolError> {
    let (descriptor, payload) = read_frame(reader)?;
    let mut message = Vec::with_capacity(protocol::DESCRIPTOR_SIZE + payload.len());
    protocol::write_descriptor(&mut message, &descriptor)?;
    message.extend_from_slice(&payload);
    protocol::read_reply_message(&mut Cursor::new(message), version).map(|(_, reply)| reply)
}

/// One message: its descriptor and its payload, which is never larger than [`MAX_MESSAGE`].
fn read_frame(reader: &mut impl Read) -> Result<(protocol::Descriptor, Vec<u8>), ProtocolError> {
    let descriptor = protocol::read_descriptor(reader)?;
    if descriptor.length > MAX_MESSAGE {
        return Err(ProtocolError::Invalid(format!(
            "a message of {} bytes, where at most {MAX_MESSAGE} are read",
            descriptor.length
        )));
    }
    let mut payload = vec![0; descriptor.length as usize];
    reader.read_exact(&mut payload)?;
    Ok((descriptor, payload))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn paths(list: &[&str]) -> Vec<PathBuf> {
        list.iter().map(PathBuf::from).collect()
    }

    #[test]
    fn the_server_is_looked_for_where_pulseaudios_clients_look() {
        let xdg = Path::new("/run/user/1000");
        // $PULSE_SERVER wins, with its local entries in order ("{machine}" limits one to a machine;
        // tcp: and bare host names are network servers, which this client does not speak to).
        assert_eq!(
            sockets(
                Some("tcp:host:4713 {abc}unix:/tmp/a/native /tmp/b/native host"),
                None,
                Some(xdg),
                Some(1000)
            ),
            paths(&["/tmp/a/native", "/tmp/b/native"])
        );
        assert_eq!(sockets(Some("tcp:host"), None, Some(xdg), Some(1000)), paths(&[]));
        // Else the runtime directory: $PULSE_RUNTIME_PATH is PulseAudio's own, $XDG_RUNTIME_DIR has
        // a pulse/ of its own, /run/user/<uid> when neither is set; then the system-wide server.
        assert_eq!(
            sockets(None, Some(Path::new("/tmp/pulse-x")), Some(xdg), Some(1000)),
            paths(&["/tmp/pulse-x/native", "/run/pulse/native"])
        );
        assert_eq!(
            sockets(None, None, Some(xdg), Some(1000)),
            paths(&["/run/user/1000/pulse/native", "/run/pulse/native"])
        );
        assert_eq!(
            sockets(None, None, None, Some(42)),
            paths(&["/run/user/42/pulse/native", "/run/pulse/native"])
        );
        assert_eq!(sockets(None, None, None, None), paths(&["/run/pulse/native"]));
    }

    #[test]
    fn no_server_names_every_socket_tried() {
        let missing = std::env::temp_dir().join("pokopoko-no-such-dir/native");
        let (events, _inbox) = mpsc::channel();
        let Err(err) = Stream::open(std::slice::from_ref(&missing), Vec::new(), 1, &events) else {
            panic!("a socket that is not there answered")
        };
        let text = err.to_string();
        assert!(text.starts_with("no sound server found ("), "{text}");
        assert!(text.contains(&format!("{}: ", missing.display())), "{text}");
        let none = OutputError::NoServer { tried: Vec::new() };
        assert_eq!(
            none.to_string(),
            "no sound server found (no socket to try: $PULSE_SERVER names only network servers)"
        );
    }

    /// Runs `work` on a thread and waits for it at most a minute, so a test that would hang fails.
    fn finishes<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> T {
        let (done, result) = mpsc::channel();
        thread::spawn(move || done.send(work()));
        result.recv_timeout(Duration::from_secs(60)).expect("finished instead of hanging")
    }

    #[test]
    fn the_cookie_is_the_first_regular_file_of_256_bytes_and_a_fifo_is_not_waited_on() {
        let dir = std::env::temp_dir().join(format!("pokopoko-cookie-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        // A FIFO nobody writes to: opening it to read would wait for a writer for ever.
        let fifo = dir.join("fifo");
        let name = CString::new(fifo.as_os_str().as_encoded_bytes()).unwrap();
        assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o600) }, 0, "mkfifo");
        // A gigabyte (sparse), a short file, then a cookie.
        let huge = dir.join("huge");
        std::fs::File::create(&huge).unwrap().set_len(1 << 30).unwrap();
        let short = dir.join("short");
        std::fs::write(&short, [7; 100]).unwrap();
        let cookie = dir.join("cookie");
        std::fs::write(&cookie, [0xAB; 256]).unwrap();
        let missing = dir.join("missing");

        let paths = vec![missing, fifo.clone(), PathBuf::from("/dev/zero"), huge, short, cookie];
        let (found, skipped) = finishes(move || read_cookie(&paths));
        assert_eq!(found, Some(vec![0xAB; 256]));
        // Each file that is there is named once in the log; one that is not is not worth a word.
        assert_eq!(skipped.len(), 4, "{skipped:?}");
        assert!(skipped[0].contains("fifo") && skipped[0].contains("not a regular file"), "{skipped:?}");
        assert!(skipped[1].contains("/dev/zero") && skipped[1].contains("not a regular file"), "{skipped:?}");
        assert!(skipped[2].contains("larger than the limit of 256 bytes"), "{skipped:?}");
        assert!(skipped[3].contains("100 bytes, not 256"), "{skipped:?}");

        let (found, _) = finishes(move || read_cookie(&[fifo]));
        assert_eq!(found, None);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
