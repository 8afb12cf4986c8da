//! Snaky as Maker, the turn budgets of issue 36: `cargo bench --no-default-features --bench
//! snaky_as_maker`. The coach's `advise` (budget: under 50 ms a turn) and the Searcher's move
//! (under 100 ms a move, in release); the sweep also times the hint's reason the screen shows.
//!
//! First a sweep over every turn of seeded games — the hints against each level (cards on
//! Maker's stones, from the empty board to the win) and the fixed heuristic Maker against each
//! level (stones that soon carry no card: fresh starts, and long games) — printing the mean and
//! the worst position, each position timed as the best of 3 runs, in CPU time (what a machine
//! busy with other work disturbs least) and wall time; then Criterion on the empty
//! board and on the median and the worst position of each sweep. Benchmarks measure; no test
//! asserts a time.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use pokopoko::snaky::Player;
use pokopoko::snaky::as_maker::{
    Aim, Attacker, Coach, HintReason, Level, MakerGame, Opponent, attacker, hint_line_against,
    near_suggestion,
};

/// Seeds per level and kind of Maker in the sweep.
const SEEDS: u64 = 6;

/// Every position of a game, in order (the empty board first).
fn positions_of(game: &MakerGame) -> Vec<MakerGame> {
    (0..=game.moves().len()).map(|moves| game.prefix(moves)).collect()
}

/// The seeded games: the hints, then the heuristic Maker, against each level.
fn games(coach: &Coach) -> Vec<(&'static str, MakerGame)> {
    let mut games = Vec::new();
    for level in Level::ALL {
        for seed in 0..SEEDS {
            let mut game = MakerGame::new();
            let mut hints = attacker::hint_player(coach);
            attacker::play(&mut game, &mut hints, &mut Opponent::new(level, seed));
            games.push(("hints", game));
            let mut game = MakerGame::new();
            let mut maker = Attacker::new(seed);
            let mut choose = |g: &MakerGame| maker.choose(g);
            attacker::play(&mut game, &mut choose, &mut Opponent::new(level, seed));
            games.push(("heuristic", game));
        }
    }
    games
}

/// The CPU time this thread has used: what a machine busy with other work disturbs least (wall
/// time counts the time the scheduler gave to others). `None` where there is no such clock.
#[cfg(unix)]
fn thread_cpu_time() -> Option<Duration> {
    let mut now = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: clock_gettime only writes the current time into `now`, a valid timespec.
    let read = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) };
    let seconds = u64::try_from(now.tv_sec).ok()?;
    let nanos = u32::try_from(now.tv_nsec).ok()?;
    (read == 0).then(|| Duration::new(seconds, nanos))
}

#[cfg(not(unix))]
fn thread_cpu_time() -> Option<Duration> {
    None
}

/// One run's time: wall clock and, where there is one, the thread's CPU time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
struct Time {
    cpu: Option<Duration>,
    wall: Duration,
}

/// The best of 3 runs of `f` (by CPU time where there is one).
fn best_of_3(mut f: impl FnMut()) -> Time {
    (0..3)
        .map(|_| {
            let (cpu, wall) = (thread_cpu_time(), Instant::now());
            f();
            let cpu = cpu.zip(thread_cpu_time()).map(|(start, end)| end.saturating_sub(start));
            Time { cpu, wall: wall.elapsed() }
        })
        .min()
        .unwrap_or_default()
}

/// One timed turn of the sweep: the time and the position.
type Timed = (Time, MakerGame);
/// A position to bench, with its name.
type Named = (String, MakerGame);

/// Prints the mean and the worst of the times (CPU, then wall); returns the median and the worst
/// position.
fn summary(label: &str, kind: &str, mut times: Vec<Timed>) -> [Named; 2] {
    times.sort_by_key(|(time, _)| *time);
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    let mean = |of: &dyn Fn(&Time) -> Option<Duration>| {
        let all: Option<Vec<f64>> = times.iter().map(|(t, _)| of(t).map(ms)).collect();
        all.map(|all| all.iter().sum::<f64>() / all.len().max(1) as f64)
    };
    let (worst, worst_game) = times.last().cloned().expect("a position");
    let (_, median_game) = times[times.len() / 2].clone();
    let cpu = match (mean(&|t| t.cpu), worst.cpu) {
        (Some(mean), Some(worst)) => format!("CPU mean {mean:.2} ms, worst {:.2} ms; ", ms(worst)),
        _ => String::new(),
    };
    let wall_worst = times.iter().map(|(t, _)| t.wall).max().unwrap_or_default();
    println!(
        "{label}: {} positions, {cpu}wall mean {:.2} ms, worst {:.2} ms (worst CPU at {} Maker moves)",
        times.len(),
        mean(&|t| Some(t.wall)).unwrap_or_default(),
        ms(wall_worst),
        worst_game.maker_cells().len()
    );
    let name = |what: &str, game: &MakerGame| {
        format!("{kind} games: {what} ({} Maker moves)", game.maker_cells().len())
    };
    [(name("median", &median_game), median_game), (name("worst", &worst_game), worst_game)]
}

/// Every turn of the seeded games, timed; returns the positions to bench: the median and the
/// worst of the coach's and of the searcher's, for each kind of game.
fn sweep(coach: &Coach, games: &[(&'static str, MakerGame)]) -> (Vec<Named>, Vec<Named>) {
    let (mut coach_turns, mut searcher_turns) = (Vec::new(), Vec::new());
    for kind in ["hints", "heuristic"] {
        let mut advise = Vec::new();
        let mut searcher = Vec::new();
        let mut reasons = Vec::new();
        let mut near = Vec::new();
        let mut aims = Vec::new();
        let mut lines = Vec::new();
        let mut proven = Vec::new();
        for (_, game) in games.iter().filter(|(k, _)| *k == kind) {
            for position in positions_of(game) {
                match position.to_move() {
                    Some(Player::Maker) => {
                        let time = best_of_3(|| {
                            black_box(coach.advise(&position));
                        });
                        // The hint's reason, which the screen shows with it (a prepared double
                        // threat tries the free cells near Maker's stones).
                        if let Some(advice) = coach.advise(&position) {
                            let time = best_of_3(|| {
                                black_box(HintReason::of(&position, advice.hint));
                            });
                            reasons.push((time, position.clone()));
                        }
                        // The proof's line (P): every hint to the win against a copy of the Breaker.
                        let line_time = best_of_3(|| {
                            black_box(hint_line_against(coach, &position, Opponent::new(Level::Blocker, 0)));
                        });
                        lines.push((line_time, position.clone()));
                        // The move near the stones, shown with a hint off the proof, and the
                        // aim the coach says there, worked out every turn off the proof.
                        if !position.maker_cells().is_empty() {
                            let time = best_of_3(|| {
                                black_box(near_suggestion(&position));
                            });
                            near.push((time, position.clone()));
                            let time = best_of_3(|| {
                                black_box(Aim::of(&position));
                            });
                            aims.push((time, position.clone()));
                        }
                        // Every proven move (the opening step's lists are checked with it).
                        let proven_time = best_of_3(|| {
                            black_box(coach.proven_moves(&position));
                        });
                        proven.push((proven_time, position.clone()));
                        advise.push((time, position));
                    }
                    Some(Player::Breaker) => {
                        let time = best_of_3(|| {
                            black_box(Opponent::new(Level::Searcher, 0).choose(&position));
                        });
                        searcher.push((time, position));
                    }
                    None => {}
                }
            }
        }
        coach_turns.extend(summary(&format!("coach advise, {kind} games"), kind, advise));
        searcher_turns.extend(summary(&format!("searcher's move, {kind} games"), kind, searcher));
        summary(&format!("the hint's reason, {kind} games"), kind, reasons);
        summary(&format!("the move near the stones, {kind} games"), kind, near);
        summary(&format!("the aim off the proof, {kind} games"), kind, aims);
        summary(&format!("the proof's line against Blocker, {kind} games"), kind, lines);
        summary(&format!("every proven move, {kind} games"), kind, proven);
    }
    (coach_turns, searcher_turns)
}

fn turns(c: &mut Criterion) {
    let coach = Coach::shipped().expect("the shipped certificates");
    let games = games(&coach);
    let (coach_turns, searcher_turns) = sweep(&coach, &games);

    let mut group = c.benchmark_group("coach advise");
    group.bench_function("empty board", |b| b.iter(|| coach.advise(black_box(&MakerGame::new()))));
    for (name, game) in &coach_turns {
        group.bench_function(name, |b| b.iter(|| coach.advise(black_box(game))));
    }
    group.finish();

    let mut group = c.benchmark_group("searcher's move");
    for (name, game) in &searcher_turns {
        group.bench_function(name, |b| b.iter(|| Opponent::new(Level::Searcher, 0).choose(black_box(game))));
    }
    group.finish();
}

criterion_group!(benches, turns);
criterion_main!(benches);
