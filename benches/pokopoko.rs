//! `cargo bench --no-default-features --bench pokopoko`
//!
//! Goals (issue 2): solving picks 2–5 up to 1,000,000 buttons in under 10 ms (release), and the
//! cost of loading and validating the stage ladder. Issue 11: the rule of the largest range and
//! the island of the last stage, each well under a second.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use pokopoko::pokopoko::rules::MAX_PICK;
use pokopoko::pokopoko::{Ladder, MAX_STAGE, PickSet, Rule, Solver, endless};

fn solver(c: &mut Criterion) {
    let picks = PickSet::range(2, 5).unwrap();
    c.bench_function("solve picks 2–5 up to 1,000,000", |b| {
        b.iter(|| Solver::new(black_box(picks.clone()), black_box(1_000_000)))
    });
    c.bench_function("derive the rule of picks 2–5", |b| {
        b.iter(|| Solver::new(black_box(picks.clone()), 1).rule())
    });
    let largest = PickSet::range(1, MAX_PICK).unwrap();
    c.bench_function("derive the rule of picks 1–100,000", |b| {
        b.iter(|| Rule::derive(black_box(&largest)))
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
    let mut group = c.benchmark_group("slow");
    group.sample_size(10);
    group.bench_function("generate the last stage's island (400,000 buttons)", |b| {
        b.iter(|| endless::island(black_box(MAX_STAGE), 4 * MAX_STAGE as usize))
    });
    group.finish();
}

criterion_group!(benches, solver, ladder);
criterion_main!(benches);
