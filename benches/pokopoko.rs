//! `cargo bench --no-default-features --bench pokopoko`
//!
//! Goals (issue 2): solving picks 2–5 up to 1,000,000 buttons in under 10 ms (release), and the
//! cost of loading and validating the stage ladder.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use pokopoko::pokopoko::{Ladder, PickSet, Solver, endless};

fn solver(c: &mut Criterion) {
    let picks = PickSet::range(2, 5).unwrap();
    c.bench_function("solve picks 2–5 up to 1,000,000", |b| {
        b.iter(|| Solver::new(black_box(picks.clone()), black_box(1_000_000)))
    });
    c.bench_function("derive the rule of picks 2–5", |b| {
        b.iter(|| Solver::new(black_box(picks.clone()), 1).rule())
    });
}

fn ladder(c: &mut Criterion) {
    let text = Ladder::builtin_text();
    c.bench_function("parse + validate stages/ladder.ron", |b| {
        b.iter(|| Ladder::parse(black_box(text), "ladder.ron"))
    });
    c.bench_function("generate the stage-200 island (800 buttons)", |b| {
        b.iter(|| endless::island(black_box(200), 800))
    });
}

criterion_group!(benches, solver, ladder);
criterion_main!(benches);
