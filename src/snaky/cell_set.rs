//! `CellSet`: an exact set of frame cells, one bit per cell of the 62×62 frame.

use std::fmt;

use super::cell::{FRAME, FRAME_CELLS, FrameCell};
use super::placement::{Placement, Symmetry};

const WORDS: usize = FRAME_CELLS.div_ceil(64);

/// A set of cells of the frame {0..61}²; all set arithmetic is exact and branch-free.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct CellSet {
    words: [u64; WORDS],
}

impl Default for CellSet {
    fn default() -> Self {
        Self::EMPTY
    }
}

impl CellSet {
    pub const EMPTY: Self = Self { words: [0; WORDS] };

    pub fn single(cell: FrameCell) -> Self {
        let mut set = Self::EMPTY;
        set.insert(cell);
        set
    }

    #[inline]
    pub fn insert(&mut self, cell: FrameCell) {
        self.words[cell.index() / 64] |= 1 << (cell.index() % 64);
    }

    #[inline]
    pub fn remove(&mut self, cell: FrameCell) {
        self.words[cell.index() / 64] &= !(1 << (cell.index() % 64));
    }

    #[inline]
    pub fn contains(&self, cell: FrameCell) -> bool {
        self.words[cell.index() / 64] >> (cell.index() % 64) & 1 == 1
    }

    pub fn len(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    #[must_use]
    pub fn union(&self, other: &Self) -> Self {
        Self { words: std::array::from_fn(|i| self.words[i] | other.words[i]) }
    }

    #[must_use]
    pub fn intersection(&self, other: &Self) -> Self {
        Self { words: std::array::from_fn(|i| self.words[i] & other.words[i]) }
    }

    #[must_use]
    pub fn difference(&self, other: &Self) -> Self {
        Self { words: std::array::from_fn(|i| self.words[i] & !other.words[i]) }
    }

    pub fn is_subset(&self, other: &Self) -> bool {
        self.words.iter().zip(&other.words).all(|(a, b)| a & !b == 0)
    }

    pub fn is_disjoint(&self, other: &Self) -> bool {
        self.words.iter().zip(&other.words).all(|(a, b)| a & b == 0)
    }

    /// The cells in index order (by y, then x).
    pub fn iter(&self) -> impl Iterator<Item = FrameCell> + '_ {
        self.words.iter().enumerate().flat_map(|(w, &word)| {
            let mut bits = word;
            std::iter::from_fn(move || {
                if bits == 0 {
                    return None;
                }
                let bit = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                FrameCell::from_index(w * 64 + bit)
            })
        })
    }
}

/// `ROTATED[s][i]`: R_s applied to the frame cell with index i, written as 62·y' + x' (it may
/// be negative); adding 62·dy + dx then gives the placed cell's index.
static ROTATED: [[i16; FRAME_CELLS]; 8] = {
    let mut table = [[0; FRAME_CELLS]; 8];
    let mut s = 0;
    while s < 8 {
        let symmetry = Symmetry::ALL[s];
        let mut i = 0;
        while i < FRAME_CELLS {
            let (x, y) = symmetry.apply(i as i32 % FRAME, i as i32 / FRAME);
            table[s][i] = (y * FRAME + x) as i16;
            i += 1;
        }
        s += 1;
    }
    table
};

impl CellSet {
    /// G(self), or `None` if some cell leaves the frame. `bounds` must contain every cell of the
    /// set; the check is then one box test instead of one per cell.
    pub fn placed(&self, bounds: Bounds, placement: Placement) -> Option<Self> {
        if placement == Placement::IDENTITY {
            return Some(*self);
        }
        if !bounds.placed(placement).in_frame() {
            return None;
        }
        let rotated = &ROTATED[placement.symmetry.digit() as usize];
        let shift = placement.dy * FRAME + placement.dx;
        let mut set = Self::EMPTY;
        for (w, &word) in self.words.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let index = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let placed = i32::from(rotated[index]) + shift;
                // In range whenever `bounds` is honest; checked anyway so a lie cannot panic.
                let cell = usize::try_from(placed).ok().and_then(FrameCell::from_index)?;
                set.insert(cell);
            }
        }
        Some(set)
    }
}

/// An axis-aligned box of cells (inclusive), used to check a placement once for a whole set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bounds {
    pub min_x: i32,
    pub min_y: i32,
    pub max_x: i32,
    pub max_y: i32,
}

impl Bounds {
    pub const fn cell(cell: FrameCell) -> Self {
        Self { min_x: cell.x(), min_y: cell.y(), max_x: cell.x(), max_y: cell.y() }
    }

    /// The smallest box holding every cell of a set (`None` for the empty set).
    pub fn of(set: &CellSet) -> Option<Self> {
        set.iter().map(Self::cell).reduce(|a, b| a.union(b))
    }

    #[must_use]
    pub const fn union(self, other: Self) -> Self {
        Self {
            min_x: if self.min_x < other.min_x { self.min_x } else { other.min_x },
            min_y: if self.min_y < other.min_y { self.min_y } else { other.min_y },
            max_x: if self.max_x > other.max_x { self.max_x } else { other.max_x },
            max_y: if self.max_y > other.max_y { self.max_y } else { other.max_y },
        }
    }

    /// The box's image under a placement (signed permutations map boxes to boxes).
    #[must_use]
    pub const fn placed(self, placement: Placement) -> Self {
        let a = placement.apply(super::cell::Cell::new(self.min_x, self.min_y));
        let b = placement.apply(super::cell::Cell::new(self.max_x, self.max_y));
        Self {
            min_x: if a.x < b.x { a.x } else { b.x },
            min_y: if a.y < b.y { a.y } else { b.y },
            max_x: if a.x > b.x { a.x } else { b.x },
            max_y: if a.y > b.y { a.y } else { b.y },
        }
    }

    pub const fn in_frame(self) -> bool {
        self.min_x >= 0 && self.min_y >= 0 && self.max_x < FRAME && self.max_y < FRAME
    }
}

impl FromIterator<FrameCell> for CellSet {
    fn from_iter<I: IntoIterator<Item = FrameCell>>(iter: I) -> Self {
        let mut set = Self::EMPTY;
        for cell in iter {
            set.insert(cell);
        }
        set
    }
}

impl fmt::Debug for CellSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter().map(|c| (c.x(), c.y()))).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placing_a_set_matches_placing_each_cell() {
        let set: CellSet = [(0, 0), (3, 1), (16, 2), (5, 16), (7, 7)]
            .iter()
            .filter_map(|&(x, y)| FrameCell::new(x, y))
            .collect();
        let bounds =
            Bounds::of(&set).unwrap_or(Bounds::cell(FrameCell::new(0, 0).unwrap_or_else(|| unreachable!())));
        for symmetry in Symmetry::ALL {
            for dx in -20..=20 {
                for dy in -20..=20 {
                    let placement = Placement::new(symmetry, dx, dy);
                    let one_by_one: Option<CellSet> =
                        set.iter().map(|c| placement.apply_in_frame(c)).collect();
                    assert_eq!(set.placed(bounds, placement), one_by_one);
                }
            }
        }
    }
}
