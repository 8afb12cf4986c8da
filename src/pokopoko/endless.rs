//! The endless ladder: stage n (after the fixed ones) has 4·n buttons, picks 2–5, and an island
//! grown from the central 2×2 by a generator seeded from n alone.

use std::collections::HashSet;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::layout::Layout;
use super::rules::PickSet;
use super::stage::Stage;

/// The pick range of every endless stage.
pub const PICKS: (u32, u32) = (2, 5);

/// Endless stage `number`: 4·number buttons on an island that depends only on `number`.
pub fn stage(number: u32) -> Stage {
    let (buttons, picks) = buttons_and_picks(number);
    Stage { number, picks, layout: island(number, buttons as usize) }
}

/// Endless stage `number`'s button count and pick set.
pub fn buttons_and_picks(number: u32) -> (u32, PickSet) {
    let picks = PickSet::range(PICKS.0, PICKS.1).unwrap_or_else(|_| unreachable!("2–5 is a valid range"));
    (4 * number, picks)
}

/// Grows an island of `size` cells from the central 2×2.
///
/// Each stage draws its own stretch (wide, tall or round) and roughness; each step adds one free
/// edge-neighbour of the island, chosen with weight favouring cells that touch many island cells
/// (few holes, solid shapes) and lie along the stretch. Integer arithmetic and ChaCha8 keep the
/// result identical on every machine.
pub fn island(number: u32, size: usize) -> Layout {
    let mut rng = ChaCha8Rng::seed_from_u64(0x504F_4B4F_0000_0000 ^ u64::from(number));
    // Stretch along x and y in quarters: 4 is neutral, 12 is three times as far.
    let stretch_x = 2 + rng.next_u64() % 11;
    let stretch_y = 2 + rng.next_u64() % 11;
    // How strongly a cell's island neighbours pull it in: low values give ragged coasts.
    let cohesion = 1 + (rng.next_u64() % 3) as u32;

    let mut cells: Vec<(i32, i32)> = vec![(-1, -1), (0, -1), (-1, 0), (0, 0)];
    let mut island: HashSet<(i32, i32)> = cells.iter().copied().collect();
    // Free edge-neighbours of the island, in a deterministic order.
    let mut frontier: Vec<(i32, i32)> = Vec::new();
    let mut on_frontier: HashSet<(i32, i32)> = HashSet::new();
    let grow_frontier =
        |cell: (i32, i32), island: &HashSet<_>, frontier: &mut Vec<_>, on_frontier: &mut HashSet<_>| {
            for next in edge_neighbours(cell) {
                if !island.contains(&next) && on_frontier.insert(next) {
                    frontier.push(next);
                }
            }
        };
    for &cell in &cells {
        grow_frontier(cell, &island, &mut frontier, &mut on_frontier);
    }
    while cells.len() < size {
        let weights: Vec<u64> =
            frontier.iter().map(|&cell| weight(cell, &island, stretch_x, stretch_y, cohesion)).collect();
        let mut pick = rng.next_u64() % weights.iter().sum::<u64>();
        let index = weights
            .iter()
            .position(|&w| {
                if pick < w {
                    return true;
                }
                pick -= w;
                false
            })
            .unwrap_or(0);
        let chosen = frontier.swap_remove(index);
        on_frontier.remove(&chosen);
        island.insert(chosen);
        cells.push(chosen);
        grow_frontier(chosen, &island, &mut frontier, &mut on_frontier);
    }
    Layout::from_centred(cells)
}

fn weight(
    cell: (i32, i32),
    island: &HashSet<(i32, i32)>,
    stretch_x: u64,
    stretch_y: u64,
    cohesion: u32,
) -> u64 {
    let (x, y) = cell;
    let touching = edge_neighbours(cell).iter().filter(|c| island.contains(c)).count() as u64;
    // Distance from the centre, measured in the stage's stretched units (×16 to stay integral).
    let dx = (2 * x + 1).unsigned_abs() as u64 * 16 / stretch_x;
    let dy = (2 * y + 1).unsigned_abs() as u64 * 16 / stretch_y;
    let distance = dx * dx + dy * dy;
    (touching.pow(cohesion + 1) * 1_000_000 / (1_000 + distance)).max(1)
}

fn edge_neighbours((x, y): (i32, i32)) -> [(i32, i32); 4] {
    [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]
}
