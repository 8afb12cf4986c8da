//! Snaky's copies by brute force from SPEC §2.1, shared by the engine tests: S in its 8
//! orientations, placed with each of its cells on a cell. Shares nothing with the game's own
//! table of copies. No Bevy, so any test target can use it:
//!
//! ```ignore
//! #[path = "common/shapes.rs"]
//! mod shapes;
//! ```

#![allow(dead_code)]

use pokopoko::snaky::Cell;

pub type Xy = (i32, i32);

/// SPEC §2.1: S = {(0,0), (1,0), (2,0), (3,0), (3,1), (4,1)}.
pub const S: [Xy; 6] = [(0, 0), (1, 0), (2, 0), (3, 0), (3, 1), (4, 1)];

/// The 8 signed 2×2 permutation matrices [[a, b], [c, d]].
pub fn matrices() -> Vec<[i32; 4]> {
    let mut all = Vec::new();
    for sx in [1, -1] {
        for sy in [1, -1] {
            all.push([sx, 0, 0, sy]);
            all.push([0, sx, sy, 0]);
        }
    }
    all
}

/// Every copy of Snaky through `cell`: S in each of its 8 orientations, placed with each of its
/// cells on `cell` (48 copies).
pub fn copies_through(cell: Cell) -> Vec<[Cell; 6]> {
    let mut copies = Vec::new();
    for [a, b, c, d] in matrices() {
        let shape = S.map(|(x, y)| (a * x + b * y, c * x + d * y));
        for &(sx, sy) in &shape {
            copies.push(shape.map(|(x, y)| Cell::new(x - sx + cell.x, y - sy + cell.y)));
        }
    }
    copies
}

/// (the most of Maker's stones on a copy through `cell` holding none of Breaker's, how many
/// copies hold that many); (0, 0) when none holds any.
pub fn fullest(cell: Cell, maker: impl Fn(Xy) -> bool, breaker: impl Fn(Xy) -> bool) -> (u8, u8) {
    let mut counts = [0u8; 7];
    for [a, b, c, d] in matrices() {
        let shape = S.map(|(x, y)| (a * x + b * y, c * x + d * y));
        for &(sx, sy) in &shape {
            let copy = shape.map(|(x, y)| (x - sx + cell.x, y - sy + cell.y));
            if copy.iter().all(|&p| !breaker(p)) {
                counts[copy.iter().filter(|&&p| maker(p)).count()] += 1;
            }
        }
    }
    (1..7).rev().find(|&k| counts[k] > 0).map_or((0, 0), |k| (k as u8, counts[k]))
}

/// SPEC §2.3's finishing cells: the free cells c such that some copy through c holds Maker's
/// stones on its other five cells and none of Breaker's.
pub fn finishing(maker: &[Cell], breaker: &[Cell]) -> std::collections::BTreeSet<Xy> {
    let xy = |c: &Cell| (c.x, c.y);
    let (maker, breaker): (Vec<Xy>, Vec<Xy>) =
        (maker.iter().map(xy).collect(), breaker.iter().map(xy).collect());
    let mut cells = std::collections::BTreeSet::new();
    for &(mx, my) in &maker {
        for [a, b, c, d] in matrices() {
            let shape = S.map(|(x, y)| (a * x + b * y, c * x + d * y));
            for &(sx, sy) in &shape {
                let copy = shape.map(|(x, y)| (x - sx + mx, y - sy + my));
                let free: Vec<Xy> = copy.iter().copied().filter(|p| !maker.contains(p)).collect();
                if let [only] = free[..]
                    && !breaker.contains(&only)
                {
                    cells.insert(only);
                }
            }
        }
    }
    cells
}
