//! The search's strength, old and new side by side (issue 27): `cargo bench --no-default-features
//! --bench snaky_strength`. Prints one table; takes about 40 minutes on two cores.
//!
//! - old: the search that wrote our 20 (`SearchConfig::for_target(19)`: Maker plays the pivots of
//!   the 4 lowest cards it holds, slack 2, the hand found again at every position);
//! - new: the hunt's level 2 (6 pivots, slack 3, cells within 2 of Maker's stones, threat moves
//!   with 4 or fewer moves left, the incremental hand, failures keyed on canonical positions and
//!   library cards tried under the 8 symmetries and translations), depth-first and by proof
//!   numbers.
//!
//! (a) positions per second, over the runs of (b) and (c); (b) with `PER_CARD` positions per
//! paper card (default 1,000), the paper's cards for which it finds a lower card needing no more
//! stones; (c) from the base cards alone (no paper library), the tallest paper card it proves
//! again within `MINUTES` minutes (default 10), at most 20,000 positions per card.
//! `POKOPOKO_STRENGTH_PER_CARD` and `POKOPOKO_STRENGTH_MINUTES` change the two.

use std::time::Duration;

use pokopoko::snaky::research::hunt::level_config;
use pokopoko::snaky::research::search::{Search, SearchConfig};
use pokopoko::snaky::research::strength::{self, Rediscovery, Shorter};
use pokopoko::snaky::shipped_cards;

fn setting(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

fn per_second(positions: u64, elapsed: Duration) -> f64 {
    positions as f64 / elapsed.as_secs_f64().max(1e-9)
}

fn main() {
    let per_card = setting("POKOPOKO_STRENGTH_PER_CARD", 1_000);
    let minutes = setting("POKOPOKO_STRENGTH_MINUTES", 10);
    let paper = shipped_cards().expect("the paper's certificate");
    let lines = strength::line_cards(&paper);
    let new = level_config(19, 2);
    let settings = [
        ("old", SearchConfig::for_target(19)),
        ("new", new),
        ("new, proof numbers", SearchConfig { proof_numbers: true, ..new }),
    ];

    let mut shorter: Vec<(&str, Shorter)> = Vec::new();
    let mut again: Vec<(&str, Rediscovery)> = Vec::new();
    for (name, config) in settings {
        eprintln!("{name}: (b) {} paper cards, {per_card} positions each …", lines.len());
        let mut search = Search::new(&paper, config, |_, _, _| {});
        shorter.push((name, strength::shorter_cards(&mut search, &lines, config, per_card)));
        eprintln!("{name}: (c) from the base cards, {minutes} minutes …");
        let mut search = Search::new(&paper, config, |_, _, _| {}).without_paper();
        let limit = Duration::from_secs(minutes * 60);
        again.push((name, strength::rediscover(&mut search, &lines, config, 20_000, limit)));
    }

    println!("| | old | new | new, proof numbers |");
    println!("|---|---|---|---|");
    let row =
        |label: &str, f: &dyn Fn(usize) -> String| println!("| {label} | {} | {} | {} |", f(0), f(1), f(2));
    row("(a) positions per second, (b)", &|i| {
        format!("{:.0}", per_second(shorter[i].1.positions, shorter[i].1.elapsed))
    });
    row("(a) positions per second, (c)", &|i| {
        format!("{:.0}", per_second(again[i].1.positions, again[i].1.elapsed))
    });
    row(&format!("(b) lower card, same A ({per_card} positions a card)"), &|i| {
        shorter[i].1.same_required.len().to_string()
    });
    row("(b) lower card, smaller A", &|i| shorter[i].1.fewer_required.len().to_string());
    row("(b) of the paper's cards tried", &|i| shorter[i].1.tried.to_string());
    row("(b) already lower in the paper", &|i| shorter[i].1.in_paper.to_string());
    row("(b) time", &|i| format!("{:.0} s", shorter[i].1.elapsed.as_secs_f64()));
    row(&format!("(c) tallest paper card proved again ({minutes} min)"), &|i| match again[i].1.tallest() {
        Some(p) => format!("card {}, height {} (proof {})", p.card, p.height, p.new_height),
        None => "none".to_string(),
    });
    row("(c) proved / tried per height", &|i| {
        let rows: Vec<String> = again[i]
            .1
            .rows
            .iter()
            .map(|r| format!("h{}: {}/{} of {}", r.height, r.proved, r.tried, r.cards))
            .collect();
        rows.join(", ")
    });
    row("(c) time", &|i| {
        format!(
            "{:.0} s{}",
            again[i].1.elapsed.as_secs_f64(),
            if again[i].1.timed_out { " (limit)" } else { "" }
        )
    });
    for (name, outcome) in &shorter {
        let mut found: Vec<_> = outcome.same_required.iter().chain(&outcome.fewer_required).collect();
        found.sort_by_key(|p| (std::cmp::Reverse(p.height - p.new_height), p.card));
        let list: Vec<String> =
            found.iter().take(12).map(|p| format!("{}: {}→{}", p.card, p.height, p.new_height)).collect();
        println!("\n{name}, (b) biggest gains: {}", list.join(", "));
    }
}
