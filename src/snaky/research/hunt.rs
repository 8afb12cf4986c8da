//! The long search for a shorter Maker, class by class, with a checkpoint.
//!
//! The hunt proves, for each class of Breaker's first reply ([`ReplyClass`]), the position
//! M = {(8,8)}, B = {b}, Maker to move, within `target − 1` Maker moves, using [`Search`] over
//! our 20-move certificate's cards. It works in levels: every open class is tried with narrow
//! settings and a small position budget first, then wider settings and larger budgets. Workers
//! (threads) take (level, class) tasks in order; each has its own library and checkpoint file
//! `part-N.cards` in the hunt's directory, to which every proved card is appended as it is
//! proved ([`checkpoint`](super::checkpoint)), and every position a task gives up is appended to
//! the task's `failed-levelL-CLASS.txt` ([`failures`](super::failures)). Restarting reads both
//! back, so a restart loses no proved card and resumes a task where it stopped. `progress.txt` is rewritten every few
//! seconds (what each worker does and the scoreboard); `log.txt` gets one line per finished task.

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use super::checkpoint::{self, CheckpointError, Writer};
use super::classes::{ReplyClass, Scoreboard};
use super::failures::{self, FailureLog};
use super::search::{CardRef, Failure, Search, SearchConfig, SearchStats};
use crate::snaky::card::Cards;
use crate::snaky::cell::FrameCell;
use crate::snaky::cell_set::CellSet;
use crate::snaky::policy::OPENING;

/// The proved cards committed to the repository, the seed of a new hunt (a checkpoint over our
/// 20-move certificate), from which the 19 is assembled.
pub const COMMITTED_19: &str = include_str!("../../../research/snaky19/cards.txt");

/// Whether a checkpoint part was seeded with the committed cards — by this version or an earlier
/// one, which committed fewer: its first card is theirs (every version begins with the same
/// card, the hunt's first).
pub fn seeded(part: &Path) -> bool {
    let committed = COMMITTED_19.lines().find(|l| !l.starts_with('#'));
    checkpoint::open_part(part).ok().and_then(checkpoint::first_card).as_deref() == committed
}

/// The last step's budget of positions (the committed cards assemble the 19 in a few thousand).
pub const ASSEMBLY_POSITIONS: u64 = 10_000_000;

/// One level of the hunt: what Maker tries, and how many positions a class may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    /// Card pivots (and cells near Maker's stones) tried per position.
    pub breadth: usize,
    /// How far above the budget a card Maker holds may be and still be played on.
    pub slack: u8,
    /// With this many moves left or fewer, every threat move is tried too.
    pub threats: u8,
    /// Cells within this distance of Maker's stones are tried too (0: none).
    pub near: u8,
    /// From this many Maker moves on (0: never), `deep_breadth` and `deep_near` instead.
    pub deep_after: u8,
    pub deep_breadth: usize,
    pub deep_near: u8,
    pub max_positions: u64,
    /// Proof-number search instead of depth-first.
    pub proof_numbers: bool,
}

const fn level(
    breadth: usize,
    slack: u8,
    threats: u8,
    near: u8,
    deep: (u8, usize, u8),
    max_positions: u64,
) -> Level {
    Level {
        breadth,
        slack,
        threats,
        near,
        deep_after: deep.0,
        deep_breadth: deep.1,
        deep_near: deep.2,
        max_positions,
        proof_numbers: false,
    }
}

/// A level searched by proof numbers (the same moves).
const fn by_numbers(level: Level) -> Level {
    Level { proof_numbers: true, ..level }
}

/// The levels, narrowest first up to level 7 (level 8 comes after them, below). From level 3 on
/// Maker is wide for the first moves and as wide as level 2 deeper down, so that each level covers
/// level 2 (which refuted the open class).
/// Levels 6 and 7 are levels 4 and 5 searched by proof numbers: the same moves, the most
/// proving position first, so that a proof below a later first move is not waited for behind a
/// first move that fails. Level 8 is level 2 by proof numbers, with the budget of the run that
/// proved class (1,0) within 18 (592,022 positions): the 19 from scratch.
pub const LEVELS: [Level; 9] = [
    level(4, 2, 0, 0, (0, 4, 0), 100_000),
    level(6, 3, 3, 0, (0, 6, 0), 1_000_000),
    level(6, 3, 4, 2, (0, 6, 2), 10_000_000),
    level(8, 3, 4, 3, (6, 6, 2), 100_000_000),
    level(10, 4, 5, 4, (6, 6, 2), 1_000_000_000),
    level(12, 5, 6, 5, (8, 8, 3), 10_000_000_000),
    by_numbers(level(10, 4, 5, 4, (6, 6, 2), 1_000_000_000)),
    by_numbers(level(12, 5, 6, 5, (8, 8, 3), 10_000_000_000)),
    by_numbers(level(6, 3, 4, 2, (0, 6, 2), 3_000_000)),
];

/// The search settings of a level for a target.
pub fn level_config(target: u8, level: usize) -> SearchConfig {
    let l = LEVELS[level.min(LEVELS.len() - 1)];
    SearchConfig {
        target,
        slack: l.slack,
        breadth: l.breadth,
        max_positions: l.max_positions,
        threats: l.threats,
        near: l.near,
        incremental: true,
        canonical: true,
        deep_after: l.deep_after,
        deep_breadth: l.deep_breadth,
        deep_near: l.deep_near,
        proof_numbers: l.proof_numbers,
    }
}

/// What the hunt needs to run.
#[derive(Clone, Debug)]
pub struct HuntConfig {
    pub target: u8,
    /// Where the checkpoint (`part-N.cards`), `progress.txt` and `log.txt` live.
    pub dir: PathBuf,
    /// Worker threads (each with its own checkpoint file).
    pub threads: usize,
    /// Resident memory above which the workers empty their caches.
    pub memory_cap: u64,
    /// Start at this level (earlier ones are skipped).
    pub first_level: usize,
    /// Stop after this level.
    pub last_level: usize,
    /// If not 0: before its class tasks, each worker lowers what it can of ours-20's cards
    /// ([`tighten`]), this many positions per card.
    pub tighten: u64,
    /// Start from ours-20 alone: the committed cards neither seed the checkpoint nor count on
    /// the scoreboard or in the last step.
    pub fresh: bool,
}

/// Why the hunt stopped early.
#[derive(Debug, thiserror::Error)]
pub enum HuntError {
    #[error(transparent)]
    Checkpoint(#[from] CheckpointError),
    #[error("{path}: {source}")]
    Io { path: String, source: std::io::Error },
    #[error(transparent)]
    Locked(#[from] crate::safe_write::LockError),
}

impl HuntError {
    fn io(path: &Path) -> impl FnOnce(std::io::Error) -> Self + '_ {
        move |source| Self::Io { path: crate::escape::shown_path(path), source }
    }
}

/// The checkpoint file of worker `n`.
pub fn part_path(dir: &Path, n: usize) -> PathBuf {
    dir.join(format!("part-{n}.cards"))
}

/// The checkpoint files in `dir`, in worker order (a dangling link counts: reading it fails).
pub fn part_paths(dir: &Path) -> Vec<PathBuf> {
    (0..).map(|n| part_path(dir, n)).take_while(|p| p.symlink_metadata().is_ok()).collect()
}

/// The opening cell (8,8).
pub fn opening() -> FrameCell {
    FrameCell::new(OPENING.x, OPENING.y).unwrap_or_else(|| unreachable!("(8,8) is a frame cell"))
}

/// The (A, T, h) of the cards of a checkpoint, and the bad line that ended the reading, if any.
#[derive(Debug)]
pub struct LoadedCards {
    pub cards: Vec<(CellSet, CellSet, u32)>,
    pub damaged: Option<CheckpointError>,
}

/// Reads checkpoint lines into a fresh search's library: the (A, T, h) of every card before the
/// first bad line.
pub fn load_cards(
    cards: &Cards,
    input: impl std::io::BufRead,
    base_sha256: &str,
    path: &str,
) -> Result<LoadedCards, CheckpointError> {
    let mut search = Search::new(cards, SearchConfig::for_target(19), |_, _, _| {});
    let restored = checkpoint::restore(&mut search, input, base_sha256, path)?;
    let cards = search.library().iter().map(|c| (c.required, c.envelope, c.height)).collect();
    Ok(LoadedCards { cards, damaged: restored.damaged })
}

/// Says on stderr that a part was read only up to a bad line.
fn warn_damaged(damaged: Option<&CheckpointError>, kept: usize) {
    if let Some(e) = damaged {
        eprintln!("pokopoko: warning: {e}; the {kept} cards before it are read, the rest of the part is not");
    }
}

/// The scoreboard from the certificates, the committed cards (unless `fresh`) and the checkpoint
/// files.
pub fn scoreboard(
    paper: &Cards,
    ours: &Cards,
    base_sha256: &str,
    files: &[PathBuf],
    fresh: bool,
) -> Result<Scoreboard, HuntError> {
    let mut proved = if fresh {
        Vec::new()
    } else {
        load_cards(ours, COMMITTED_19.as_bytes(), base_sha256, "research/snaky19/cards.txt")?.cards
    };
    for path in files {
        let loaded = load_cards(ours, checkpoint::open_part(path)?, base_sha256, &shown(path))?;
        warn_damaged(loaded.damaged.as_ref(), loaded.cards.len());
        proved.extend(loaded.cards);
    }
    Ok(Scoreboard::new(paper, ours, proved))
}

/// A path as messages show it.
fn shown(path: &Path) -> String {
    crate::escape::shown_path(path)
}

/// What the workers share.
struct Shared<'a> {
    config: &'a HuntConfig,
    tasks: Vec<(usize, ReplyClass)>,
    next: AtomicUsize,
    stop: AtomicBool,
    state: Mutex<State>,
    started: Instant,
    /// Whether log.txt could not be opened (said once on stderr).
    log_refused: AtomicBool,
}

struct State {
    board: Scoreboard,
    status: Vec<String>,
    log: Vec<String>,
    last_write: Instant,
}

impl Shared<'_> {
    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Rewrites progress.txt (at most every 5 s unless `now`).
    fn write_progress(&self, now: bool) {
        let mut state = self.lock();
        if !now && state.last_write.elapsed() < Duration::from_secs(5) {
            return;
        }
        state.last_write = Instant::now();
        let mut text = format!(
            "hunt for {} — {:.0} s, {} of {} tasks started\n\n",
            self.config.target,
            self.started.elapsed().as_secs_f64(),
            self.next.load(Ordering::Relaxed).min(self.tasks.len()),
            self.tasks.len()
        );
        for line in &state.status {
            text.push_str(line);
            text.push('\n');
        }
        text.push('\n');
        text.push_str(&state.board.render(u32::from(self.config.target)));
        text.push_str("\nlast tasks:\n");
        for line in state.log.iter().rev().take(20) {
            text.push_str(line);
            text.push('\n');
        }
        // A temporary file created exclusively, then renamed: no link in the directory is
        // written through.
        let _ = crate::safe_write::replace(&self.config.dir.join("progress.txt"), text.as_bytes());
    }

    fn finish_task(&self, line: String) {
        {
            let mut state = self.lock();
            state.log.push(line.clone());
        }
        let log = self.config.dir.join("log.txt");
        match crate::safe_write::open_append(&log) {
            Ok(mut file) => {
                use std::io::Write;
                let _ = writeln!(file, "{line}");
            }
            Err(e) if !self.log_refused.swap(true, Ordering::Relaxed) => {
                eprintln!("pokopoko: warning: {}: {e}; the hunt goes on without its log", shown(&log));
            }
            Err(_) => {}
        }
        self.write_progress(true);
    }
}

/// Runs the hunt until every task is done (or every class is at most `target − 1`); returns the
/// final scoreboard. `paper` and `ours` are the two certificates' cards; the search uses ours.
pub fn hunt(
    paper: &Cards,
    ours: &Cards,
    base_sha256: &str,
    config: &HuntConfig,
) -> Result<Scoreboard, HuntError> {
    std::fs::create_dir_all(&config.dir).map_err(HuntError::io(&config.dir))?;
    // One run at a time: two would append to the same parts.
    let _lock = crate::safe_write::lock_dir(&config.dir)?;
    // A new hunt starts from the committed cards (unless it is to start afresh).
    let first = part_path(&config.dir, 0);
    if !config.fresh && first.symlink_metadata().is_err() {
        crate::safe_write::create_new(&first, COMMITTED_19.as_bytes()).map_err(HuntError::io(&first))?;
    }
    let board = scoreboard(paper, ours, base_sha256, &part_paths(&config.dir), config.fresh)?;
    let threads = config.threads.max(1);
    let mut tasks = Vec::new();
    for level in config.first_level..=config.last_level.min(LEVELS.len() - 1) {
        for class in ReplyClass::all() {
            tasks.push((level, class));
        }
    }
    let shared = Shared {
        config,
        tasks,
        next: AtomicUsize::new(0),
        stop: AtomicBool::new(false),
        state: Mutex::new(State {
            board,
            status: vec![String::new(); threads],
            log: Vec::new(),
            last_write: Instant::now(),
        }),
        started: Instant::now(),
        log_refused: AtomicBool::new(false),
    };
    shared.write_progress(true);
    let results: Vec<Result<(), HuntError>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|n| {
                let shared = &shared;
                scope.spawn(move || worker(n, ours, base_sha256, shared))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join().unwrap_or_else(|_| {
                    Err(HuntError::Io {
                        path: "worker".to_owned(),
                        source: std::io::Error::other("a worker panicked"),
                    })
                })
            })
            .collect()
    });
    shared.write_progress(true);
    results.into_iter().collect::<Result<Vec<()>, _>>()?;
    let board = shared.lock().board.clone();
    // Every class within target − 1: the root, written beside the checkpoint.
    if board.open(u32::from(config.target) - 1).is_empty() {
        // Never leave an earlier run's certificate beside this run's cards.
        let _ = std::fs::remove_file(config.dir.join(format!("snaky-certificate-{}.txt", config.target)));
        let text = all_cards(ours, base_sha256, &part_paths(&config.dir), config.fresh)?;
        let base = crate::snaky::certificate::OURS_TEXT;
        if let Some(certificate) =
            assemble(ours, base, base_sha256, &text, config.target, ASSEMBLY_POSITIONS)?
        {
            let path = config.dir.join(format!("snaky-certificate-{}.txt", config.target));
            crate::safe_write::replace(&path, certificate.as_bytes()).map_err(HuntError::io(&path))?;
        }
    }
    Ok(board)
}

/// Lowers what it can of the certificate's cards: every combination node (A, T, h), lowest
/// first, is searched as M = A, B = the board outside T within h − 1 moves (level 2's moves, at
/// most `per_card` positions), so a lower card found for a node is in the library when the nodes
/// above it are searched, and when the class tasks follow the certificate's plan. Returns (cards
/// lowered, cards tried, positions).
pub fn tighten(search: &mut Search<'_>, target: u8, per_card: u64) -> (usize, usize, u64) {
    let nodes = super::strength::combination_nodes(search.cards());
    let outcome = super::strength::shorter_cards(search, &nodes, level_config(target, 2), per_card);
    (outcome.found(), outcome.tried, outcome.positions)
}

/// The member of a class whose hand (the root's children that survive it) starts lowest.
fn easiest_member(
    search: &mut Search<'_>,
    class: ReplyClass,
) -> (Option<FrameCell>, Vec<crate::snaky::policy::Claim>) {
    let cards = search.cards();
    let members = class.members();
    if members.is_empty() {
        return (None, search.opening_hand(None));
    }
    let mut best: Option<(u32, FrameCell, Vec<crate::snaky::policy::Claim>)> = None;
    for b in members {
        let hand = search.opening_hand(Some(b));
        let low = hand.iter().map(|c| cards.node(c.node).height).min().unwrap_or(u32::MAX);
        if best.as_ref().is_none_or(|(h, _, _)| low < *h) {
            best = Some((low, b, hand));
        }
    }
    match best {
        Some((_, b, hand)) => (Some(b), hand),
        None => (None, Vec::new()),
    }
}

fn worker(n: usize, ours: &Cards, base_sha256: &str, shared: &Shared<'_>) -> Result<(), HuntError> {
    let config = shared.config;
    let task_label = Mutex::new(String::new());
    // The task's positions given up, written as they are (a restart resumes the task).
    let failure_log: Mutex<Option<FailureLog>> = Mutex::new(None);
    let flush_failures = || with_failure_log(&failure_log, FailureLog::flush);
    let report = |stats: &SearchStats, elapsed: Duration, library: usize| {
        flush_failures();
        let label = task_label.lock().map(|l| l.clone()).unwrap_or_default();
        let line = format!(
            "worker {n}: {label} — {:.0} s, positions {}, proved {}, known {}, failed {}, depth {} (max {}), library {}",
            elapsed.as_secs_f64(),
            stats.positions,
            stats.proved,
            stats.known,
            stats.failed,
            stats.depth,
            stats.max_depth,
            library
        );
        shared.lock().status[n] = line;
        shared.write_progress(false);
    };
    let path = part_path(&config.dir, n);
    let opening = CellSet::single(opening());
    // Opened once the part is read (and cut back to its valid lines); the search's sink borrows it.
    let mut writer: Writer;
    let write_error: Mutex<Option<CheckpointError>> = Mutex::new(None);
    let mut search = Search::new(ours, level_config(config.target, 0), report);
    search.set_memory_cap(config.memory_cap);
    if path.symlink_metadata().is_ok() {
        let restored =
            checkpoint::restore(&mut search, checkpoint::open_part(&path)?, base_sha256, &shown(&path))?;
        if restored.damaged.is_some() {
            warn_damaged(restored.damaged.as_ref(), restored.added);
            keep_valid_prefix(&path, restored.valid_bytes)?;
        }
    }
    writer = Writer::open(&path, base_sha256)?;
    search.set_card_sink(|index, card| {
        if let Err(e) = writer.append(index, card) {
            if let Ok(mut slot) = write_error.lock() {
                slot.get_or_insert(e);
            }
            shared.stop.store(true, Ordering::Relaxed);
        }
        if card.required.is_subset(&opening) {
            shared.lock().board.improve(&card.required, &card.envelope, card.height);
        }
    });
    search.set_failure_sink(|digest| with_failure_log(&failure_log, |log| log.push(digest)));
    let goal = u32::from(config.target) - 1;
    if config.tighten > 0 {
        if let Ok(mut l) = task_label.lock() {
            *l = "lowering ours-20's cards".to_owned();
        }
        let started = Instant::now();
        let (lowered, tried, positions) = tighten(&mut search, config.target, config.tighten);
        shared.finish_task(format!(
            "worker {n}: {lowered} of ours-20's {tried} cards lowered ({} positions each at most), {positions} positions, {:.1} s",
            config.tighten,
            started.elapsed().as_secs_f64()
        ));
    }
    while !shared.stop.load(Ordering::Relaxed) {
        let i = shared.next.fetch_add(1, Ordering::Relaxed);
        let Some(&(level, class)) = shared.tasks.get(i) else { break };
        if shared.lock().board.now(class).is_some_and(|h| h <= goal) {
            continue;
        }
        search.reconfigure(level_config(config.target, level));
        let (reply, hand) = easiest_member(&mut search, class);
        let label = format!(
            "level {level} class {} reply {}",
            class.label(),
            reply.map_or_else(|| "far".to_owned(), |b| b.to_string())
        );
        let resumed = resume_failures(&mut search, &failure_log, config, (level, class), &label, base_sha256);
        let label = match resumed {
            0 => label,
            n => format!("{label} (resumed: {n} positions given up before)"),
        };
        if let Ok(mut l) = task_label.lock() {
            l.clone_from(&label);
        }
        let breaker = reply.map_or(CellSet::EMPTY, CellSet::single);
        let started = Instant::now();
        let found = search.prove_position(opening, breaker, goal, &hand);
        flush_failures();
        *failure_log.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = None;
        let stats = search.stats();
        let outcome = match found {
            Some(card) => {
                let (required, envelope, height) = search.sets(card);
                let improved = shared.lock().board.improve(&required, &envelope, height);
                let name = match card {
                    CardRef::New(i) => format!("new card {i} of part-{n}"),
                    CardRef::Paper(claim) => format!("card {} of ours-20", ours.node(claim.node).card),
                    CardRef::Base { .. } => "a base card".to_owned(),
                };
                format!("proved within {height} by {name}{}", if improved { " (new best)" } else { "" })
            }
            None if search.out_of_budget() => "out of budget".to_owned(),
            None => "refuted: no proof within the moves this level considers".to_owned(),
        };
        shared.finish_task(format!(
            "{label}: {outcome} after {} positions, {:.1} s",
            stats.positions,
            started.elapsed().as_secs_f64()
        ));
        if shared.lock().board.open(goal).is_empty() {
            shared.stop.store(true, Ordering::Relaxed);
        }
    }
    drop(search);
    match write_error.into_inner().ok().flatten() {
        Some(e) => Err(e.into()),
        None => Ok(()),
    }
}

/// Does `act` on the task's failure file, if it has one; a file that cannot be written is said
/// once on stderr and dropped, and the task goes on without it.
fn with_failure_log(
    slot: &Mutex<Option<FailureLog>>,
    act: impl FnOnce(&mut FailureLog) -> Result<(), CheckpointError>,
) {
    let mut slot = slot.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(Err(e)) = slot.as_mut().map(act) {
        eprintln!("pokopoko: warning: {e}; the task goes on without its failure file");
        *slot = None;
    }
}

/// Opens the failure file of the task (level, class) and hands the search what it gave up in
/// an earlier run; returns how many positions that was. Without the file (it could not be
/// written) the task runs as before, said once on stderr.
fn resume_failures(
    search: &mut Search<'_>,
    slot: &Mutex<Option<FailureLog>>,
    config: &HuntConfig,
    (level, class): (usize, ReplyClass),
    task: &str,
    base_sha256: &str,
) -> usize {
    let path = failures::path(&config.dir, level, &class.label());
    let header = failures::header(base_sha256, config.target, task);
    let mut slot = slot.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    match FailureLog::open(&path, &header) {
        Ok(opened) => {
            if let Some(why) = &opened.restarted {
                eprintln!("pokopoko: {}: started afresh ({why})", shown(&path));
            }
            let resumed = opened.digests.len();
            search.remember_failures(opened.digests);
            *slot = Some(opened.log);
            resumed
        }
        Err(e) => {
            eprintln!("pokopoko: warning: {e}; the task runs without its failure file");
            *slot = None;
            0
        }
    }
}

/// Proves one class at one level with tracing on; returns the outcome and, if refuted, the line
/// that refutes it as text (see [`Search::refutation`]).
pub fn explain(ours: &Cards, target: u8, class: ReplyClass, level: usize) -> String {
    let mut search = Search::new(ours, level_config(target, level), |_, _, _| {});
    search.set_trace(true);
    let (reply, hand) = easiest_member(&mut search, class);
    let maker = CellSet::single(opening());
    let breaker = reply.map_or(CellSet::EMPTY, CellSet::single);
    let goal = u32::from(target) - 1;
    let found = search.prove_position(maker, breaker, goal, &hand);
    let config = search.config();
    let mut text = format!(
        "class {} (Breaker at {}), level {level} (breadth {}, slack {}, threats {}, near {}, at most {} positions): ",
        class.label(),
        reply.map_or_else(|| "far".to_owned(), |b| b.to_string()),
        config.breadth,
        config.slack,
        config.threats,
        config.near,
        config.max_positions
    );
    if config.deep_after > 0 {
        text = text.replacen(
            "): ",
            &format!(
                "; from move {} on breadth {}, near {}): ",
                config.deep_after + 1,
                config.deep_breadth,
                config.deep_near
            ),
            1,
        );
    }
    let positions = search.stats().positions;
    match found {
        Some(card) => {
            let (_, _, height) = search.sets(card);
            text.push_str(&format!("proved within {height} ({positions} positions)\n"));
            return text;
        }
        None if search.out_of_budget() => {
            text.push_str(&format!("out of budget ({positions} positions)\n"));
            return text;
        }
        None => text.push_str(&format!("refuted after {positions} positions; the line:\n")),
    }
    let show = |r: Option<FrameCell>| r.map_or_else(|| "outside".to_owned(), |b| b.to_string());
    for step in search.refutation(maker, breaker, goal) {
        text.push_str(&format!("  {:>2} left: ", step.budget));
        match step.failure {
            Some(Failure::Moves(moves)) if moves.is_empty() => text.push_str("no Maker move to try\n"),
            Some(Failure::Moves(moves)) => {
                let tries: Vec<String> =
                    moves.iter().map(|&(m, r)| format!("M {m} → B {}", show(r))).collect();
                text.push_str(&format!("{}; follows the first\n", tries.join(", ")));
            }
            Some(Failure::Pruned { budget, lowest: Some(lowest) }) => text.push_str(&format!(
                "given up: Maker's lowest card has height {lowest} > {budget} left + slack {}\n",
                config.slack
            )),
            Some(Failure::Pruned { budget, lowest: None }) if budget <= 1 => {
                text.push_str("given up: one move left and no Snaky to complete\n")
            }
            Some(Failure::Pruned { .. }) => text.push_str("given up: Maker holds no card\n"),
            Some(Failure::Seen) => {
                text.push_str("given up: this position (or its image under a symmetry) failed before\n")
            }
            None => text.push_str("(not traced)\n"),
        }
    }
    text
}

/// A part read only up to a bad line goes on from there: the file as it was is kept beside it
/// (`part-N.cards.damaged-<time>`), and the part becomes the lines before the bad one, so the
/// cards appended next are read back after them.
fn keep_valid_prefix(path: &Path, valid_bytes: u64) -> Result<(), HuntError> {
    use std::io::Read;
    let mut valid = Vec::new();
    checkpoint::open_part(path)?.take(valid_bytes).read_to_end(&mut valid).map_err(HuntError::io(path))?;
    let stamp = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let mut name = path.as_os_str().to_owned();
    name.push(format!(".damaged-{stamp}"));
    let kept = PathBuf::from(name);
    std::fs::hard_link(path, &kept).map_err(HuntError::io(&kept))?;
    crate::safe_write::replace(path, &valid).map_err(HuntError::io(path))?;
    eprintln!("pokopoko: the part as it was is kept at {}", shown(&kept));
    Ok(())
}

/// Every card of the checkpoint files merged into one checkpoint text, renumbered (the parts'
/// libraries are separate, so their numbers overlap).
pub fn merged(ours: &Cards, base_sha256: &str, files: &[PathBuf]) -> Result<String, HuntError> {
    merge_parts(ours, base_sha256, false, files)
}

/// The committed cards (unless `fresh`) and every checkpoint file, merged: what the last step
/// assembles from. The committed cards are read once: a new hunt copies them into its first
/// part, which then begins with them ([`seeded`]; a part seeded by an earlier version holds
/// what was committed then, and is taken as it is).
pub fn all_cards(
    ours: &Cards,
    base_sha256: &str,
    files: &[PathBuf],
    fresh: bool,
) -> Result<String, HuntError> {
    let committed = !fresh && !files.first().is_some_and(|first| seeded(first));
    merge_parts(ours, base_sha256, committed, files)
}

/// The committed cards (if `committed`) and the checkpoint files, merged and renumbered; a part
/// is read up to its first bad line.
fn merge_parts(
    ours: &Cards,
    base_sha256: &str,
    committed: bool,
    files: &[PathBuf],
) -> Result<String, HuntError> {
    let mut text = format!("{}\n", checkpoint::header(base_sha256));
    let mut count = 0;
    let committed = committed.then_some(None);
    for part in committed.into_iter().chain(files.iter().map(Some)) {
        let mut search = Search::new(ours, SearchConfig::for_target(19), |_, _, _| {});
        match part {
            None => {
                checkpoint::restore(
                    &mut search,
                    COMMITTED_19.as_bytes(),
                    base_sha256,
                    "research/snaky19/cards.txt",
                )?;
            }
            Some(path) => {
                let restored = checkpoint::restore(
                    &mut search,
                    checkpoint::open_part(path)?,
                    base_sha256,
                    &shown(path),
                )?;
                warn_damaged(restored.damaged.as_ref(), restored.added);
            }
        }
        let all: Vec<usize> = (0..search.library().len()).collect();
        let (lines, n) = checkpoint::export(search.library(), &all, count);
        text.push_str(&lines);
        count += n;
    }
    Ok(text)
}

/// The last step once every class is proved within `target − 1`: with the checkpoint's cards in
/// the library, the search from the empty board plays the root's pivot (8,8) and proves every
/// reply (the library and ours-20's root children answer most at once; a reply in another
/// orientation than the one proved is searched again). Returns the certificate — ours-20's
/// lines, then the new cards, the root (A = ∅, height ≤ target) last — or `None`.
pub fn assemble(
    ours: &Cards,
    base_text: &str,
    base_sha256: &str,
    checkpoint_text: &str,
    target: u8,
    max_positions: u64,
) -> Result<Option<String>, HuntError> {
    // The widest depth-first level: most replies are answered by a card at once, and a tree
    // kept in memory would only cost here.
    let config = SearchConfig { max_positions, ..level_config(target, 5) };
    let mut search = Search::new(ours, config, |_, _, _| {});
    let restored = checkpoint::restore(&mut search, checkpoint_text.as_bytes(), base_sha256, "checkpoint")?;
    if let Some(damaged) = restored.damaged {
        return Err(damaged.into());
    }
    let root = crate::snaky::policy::Claim::start(ours);
    let found =
        search.prove_position(CellSet::EMPTY, CellSet::EMPTY, u32::from(target), std::slice::from_ref(&root));
    let index = match found {
        Some(CardRef::New(index)) => index,
        // The base certificate's own root is low enough already.
        Some(CardRef::Paper(claim)) if claim == root => return Ok(Some(base_text.to_owned())),
        _ => return Ok(None),
    };
    if !search.library()[index].required.is_empty() {
        return Ok(None);
    }
    search.write_certificate(base_text, index).map(Some).map_err(|e| HuntError::Io {
        path: "certificate".to_owned(),
        source: std::io::Error::other(e.to_string()),
    })
}
