//! The endless ladder: stage n (after the fixed ones) has 4·n buttons, picks 2–5, and an island
//! grown from the central 2×2 by a generator seeded from n alone.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::fenwick::Fenwick;
use super::layout::Layout;
use super::rules::PickSet;

/// The pick range of every endless stage.
pub const PICKS: (u32, u32) = (2, 5);

/// The pick set of every endless stage.
pub fn picks() -> PickSet {
    PickSet::range(PICKS.0, PICKS.1).unwrap_or_else(|_| unreachable!("2–5 is a valid range"))
}

/// Endless stage `number`'s button count, 4·number (`None` if that does not fit a `u32`).
pub fn buttons(number: u32) -> Option<u32> {
    number.checked_mul(4)
}

type Cell = (i32, i32);

/// Grows an island of `size` cells from the central 2×2, in O(size · log size).
///
/// Each stage draws its own stretch (wide, tall or round) and roughness; each step adds one free
/// edge-neighbour of the island, chosen with weight favouring cells that touch many island cells
/// (few holes, solid shapes) and lie along the stretch. Integer arithmetic and ChaCha8 keep the
/// result identical on every machine.
///
/// The frontier (free edge-neighbours) keeps the order in which cells joined it, with removal by
/// swapping in the last cell; the draw takes the first cell whose cumulative weight exceeds a
/// random number below the total. A Fenwick tree over the frontier's weights makes each draw and
/// each weight change O(log size), and picks exactly the cell a scan of the frontier would.
pub fn island(number: u32, size: usize) -> Layout {
    let mut rng = ChaCha8Rng::seed_from_u64(0x504F_4B4F_0000_0000 ^ u64::from(number));
    // Stretch along x and y in quarters: 4 is neutral, 12 is three times as far.
    let stretch_x = 2 + rng.next_u64() % 11;
    let stretch_y = 2 + rng.next_u64() % 11;
    // How strongly a cell's island neighbours pull it in: low values give ragged coasts.
    let cohesion = 1 + (rng.next_u64() % 3) as u32;
    let weigh = Weigh { stretch_x, stretch_y, cohesion };

    let mut island = Island {
        cells: Vec::with_capacity(size.max(4)),
        members: CellSet::default(),
        frontier: Vec::new(),
        // Each new cell adds at most 3 free neighbours and takes one away.
        weights: Fenwick::new(2 * size + 16),
        place: CellMap::default(),
    };
    for cell in [(-1, -1), (0, -1), (-1, 0), (0, 0)] {
        island.cells.push(cell);
        island.members.insert(cell);
    }
    for index in 0..4 {
        island.grow_frontier(island.cells[index], &weigh);
    }
    while island.cells.len() < size {
        let pick = rng.next_u64() % island.weights.total();
        let index = island.weights.find(pick);
        island.annex(index, &weigh);
    }
    Layout::from_centred(island.cells)
}

/// The island so far and its weighted frontier.
struct Island {
    cells: Vec<Cell>,
    members: CellSet,
    /// Free edge-neighbours of the island, in the order described on [`island`].
    frontier: Vec<Cell>,
    /// `weights[i]` is the weight of `frontier[i]`.
    weights: Fenwick,
    /// Where each frontier cell is in `frontier`.
    place: CellMap,
}

impl Island {
    /// Moves `frontier[index]` onto the island.
    fn annex(&mut self, index: usize, weigh: &Weigh) {
        let last = self.frontier.len() - 1;
        let moved = self.weights.get(last);
        self.weights.set(last, 0);
        let chosen = self.frontier.swap_remove(index);
        if index != last {
            self.weights.set(index, moved);
            self.place.insert(self.frontier[index], index);
        }
        self.place.remove(&chosen);
        self.members.insert(chosen);
        self.cells.push(chosen);
        // Frontier cells next to the new one now touch one more island cell.
        for next in edge_neighbours(chosen) {
            if let Some(&at) = self.place.get(&next) {
                self.weights.set(at, weigh.of(next, &self.members));
            }
        }
        self.grow_frontier(chosen, weigh);
    }

    fn grow_frontier(&mut self, cell: Cell, weigh: &Weigh) {
        for next in edge_neighbours(cell) {
            if !self.members.contains(&next) && !self.place.contains_key(&next) {
                let at = self.frontier.len();
                self.place.insert(next, at);
                self.frontier.push(next);
                self.weights.set(at, weigh.of(next, &self.members));
            }
        }
    }
}

/// A stage's stretch and cohesion, which weigh a frontier cell.
struct Weigh {
    stretch_x: u64,
    stretch_y: u64,
    cohesion: u32,
}

impl Weigh {
    fn of(&self, cell: Cell, island: &CellSet) -> u64 {
        let (x, y) = cell;
        let touching = edge_neighbours(cell).iter().filter(|c| island.contains(c)).count() as u64;
        // Distance from the centre, measured in the stage's stretched units (×16 to stay integral).
        let dx = (2 * x + 1).unsigned_abs() as u64 * 16 / self.stretch_x;
        let dy = (2 * y + 1).unsigned_abs() as u64 * 16 / self.stretch_y;
        let distance = dx * dx + dy * dy;
        (touching.pow(self.cohesion + 1) * 1_000_000 / (1_000 + distance)).max(1)
    }
}

fn edge_neighbours((x, y): Cell) -> [Cell; 4] {
    [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]
}

/// Cells are small integer pairs and never chosen by an adversary: a multiply-rotate hash is
/// enough, and much faster than SipHash on the hundreds of thousands of look-ups of a big island.
#[derive(Default)]
struct CellHasher(u64);

impl Hasher for CellHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_i32(&mut self, n: i32) {
        self.write_u64(u64::from(n as u32));
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

type CellSet = HashSet<Cell, BuildHasherDefault<CellHasher>>;
type CellMap = HashMap<Cell, usize, BuildHasherDefault<CellHasher>>;
