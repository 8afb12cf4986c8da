//! Cells: of the infinite board (`Cell`) and of the certificate's 62×62 frame (`FrameCell`).

use std::fmt;

use serde::{Deserialize, Serialize};

/// One cell of the infinite board Z²: the unit square with lower-left corner (x, y); y points up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Cell {
    pub x: i32,
    pub y: i32,
}

impl Cell {
    pub const fn new(x: i32, y: i32) -> Self {
        Self { x, y }
    }

    /// max(|x|, |y|): the ring of the replacement order around the origin.
    pub const fn ring(self) -> u32 {
        let (x, y) = (self.x.unsigned_abs(), self.y.unsigned_abs());
        if x > y { x } else { y }
    }

    /// How many king's moves apart two cells are: max(|dx|, |dy|) (never overflows).
    pub const fn king_distance(self, other: Self) -> u32 {
        let (dx, dy) = (self.x.abs_diff(other.x), self.y.abs_diff(other.y));
        if dx > dy { dx } else { dy }
    }

    /// The key of SPEC §2.4's replacement order: smallest ring first, ties by x, then y.
    pub const fn replacement_key(self) -> (u32, i32, i32) {
        (self.ring(), self.x, self.y)
    }

    /// Whether the cell lies more than [`FAR_MARGIN`] cells outside the frame {0..61}², where
    /// every card of every certificate lies: no plan goes there, so a reply there is "far away"
    /// (the lesson says so rather than print its coordinates).
    pub const fn is_far_away(self) -> bool {
        const fn far(v: i32) -> bool {
            v < -FAR_MARGIN || v > FRAME - 1 + FAR_MARGIN
        }
        far(self.x) || far(self.y)
    }

    /// The cell after this one in [`replacement_order`] (a game resumes the order where it
    /// stopped instead of walking it from the origin at every replacement move).
    pub const fn next_in_replacement_order(self) -> Self {
        let r = self.ring() as i32;
        let (x, y) = (self.x, self.y);
        if r == 0 {
            Self::new(-1, -1)
        } else if (x == r || x == -r) && y < r {
            Self::new(x, y + 1) // down the full column at x = ±r
        } else if y == -r && x != -r {
            Self::new(x, r) // an inner column: its bottom cell, then its top one
        } else if x == r {
            Self::new(-r - 1, -r - 1) // the ring's last cell: the next ring's first
        } else {
            Self::new(x + 1, -r)
        }
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.x, self.y)
    }
}

impl From<(i32, i32)> for Cell {
    fn from((x, y): (i32, i32)) -> Self {
        Self::new(x, y)
    }
}

/// The cells in SPEC §2.4's replacement order: rings 0, 1, 2, …, each ring by x, then y.
pub fn replacement_order() -> impl Iterator<Item = Cell> {
    (0..i32::MAX).flat_map(|r| {
        (-r..=r).flat_map(move |x| {
            // Columns x = ±r cover the whole ring side; inner columns only touch the top and bottom.
            let step = if x == -r || x == r || r == 0 { 1 } else { 2 * r as usize };
            (-r..=r).step_by(step).map(move |y| Cell::new(x, y))
        })
    })
}

/// Side of the certificate's frame {0..61}²: the 62 coordinate symbols `0-9A-Za-z`. Every
/// envelope of every card lies in it.
pub const FRAME: i32 = 62;
/// Side of the paper's board {0..16}² (its 17 symbols `0-9A-G`), where all of its cards lie.
pub const PAPER_BOARD: i32 = 17;
/// How far outside the frame a cell must lie to be far away ([`Cell::is_far_away`]).
pub const FAR_MARGIN: i32 = 20;
/// Number of cells in the frame.
pub const FRAME_CELLS: usize = (FRAME * FRAME) as usize;

/// A cell of the 62×62 frame {0..61}² in which a certificate writes every card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FrameCell(u16);

impl FrameCell {
    /// The frame cell at (x, y), if 0 ≤ x, y ≤ 16.
    pub const fn new(x: i32, y: i32) -> Option<Self> {
        if x >= 0 && x < FRAME && y >= 0 && y < FRAME { Some(Self((y * FRAME + x) as u16)) } else { None }
    }

    /// The frame cell at (x, y) given as wide integers (used when mapping far-away board cells).
    pub const fn new_wide(x: i64, y: i64) -> Option<Self> {
        if x >= 0 && x < FRAME as i64 && y >= 0 && y < FRAME as i64 {
            Some(Self((y * FRAME as i64 + x) as u16))
        } else {
            None
        }
    }

    /// The frame cell with this index (y·62 + x), if the index is below 62².
    pub const fn from_index(index: usize) -> Option<Self> {
        if index < FRAME_CELLS { Some(Self(index as u16)) } else { None }
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    pub const fn x(self) -> i32 {
        self.0 as i32 % FRAME
    }

    pub const fn y(self) -> i32 {
        self.0 as i32 / FRAME
    }

    /// The same cell as a board cell (the frame's own coordinates).
    pub const fn cell(self) -> Cell {
        Cell::new(self.x(), self.y())
    }
}

impl fmt::Display for FrameCell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.cell().fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replacement_order_starts_at_the_origin_and_sorts_rings_by_x_then_y() {
        let first: Vec<Cell> = replacement_order().take(10).collect();
        let expected =
            [(0, 0), (-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1), (-2, -2)];
        assert_eq!(first, expected.map(Cell::from));
        let ring2: Vec<Cell> = replacement_order().skip(9).take(16).collect();
        let mut sorted = ring2.clone();
        sorted.sort_by_key(|c| c.replacement_key());
        assert_eq!(ring2, sorted);
        assert!(ring2.iter().all(|c| c.ring() == 2));
    }

    #[test]
    fn the_next_cell_in_replacement_order_is_the_orders_next() {
        let order: Vec<Cell> = replacement_order().take(40_000).collect();
        for pair in order.windows(2) {
            assert_eq!(pair[0].next_in_replacement_order(), pair[1], "after {}", pair[0]);
        }
    }

    #[test]
    fn frame_cells_round_trip() {
        for index in 0..FRAME_CELLS {
            let cell = FrameCell::from_index(index).map(FrameCell::cell);
            assert_eq!(cell.and_then(|c| FrameCell::new(c.x, c.y)).map(FrameCell::index), Some(index));
        }
        assert_eq!(FrameCell::new(62, 0), None);
        assert!(FrameCell::new(61, 61).is_some());
        assert_eq!(FrameCell::new(0, -1), None);
    }
}
