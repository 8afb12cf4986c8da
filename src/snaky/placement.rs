//! Placements F(x) = R x + t: the 8 signed permutations R of the certificate, then a translation.

use std::fmt;

use super::cell::{Cell, FrameCell};

/// One of the 8 signed 2×2 permutation matrices, named by the certificate's digit s ∈ 0..7:
/// if s & 2 negate x; if s & 4 negate y; then if s & 1 swap x and y.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Symmetry(u8);

/// The matrix [[a, b], [c, d]] of each certificate digit: x' = a x + b y, y' = c x + d y.
const MATRICES: [[i8; 4]; 8] = {
    let mut table = [[0; 4]; 8];
    let mut s = 0;
    while s < 8 {
        let (a, c) = by_bit_rule(s as u8, 1, 0);
        let (b, d) = by_bit_rule(s as u8, 0, 1);
        table[s] = [a as i8, b as i8, c as i8, d as i8];
        s += 1;
    }
    table
};

/// The bit rule itself, exactly as SPEC §2.3 words it.
const fn by_bit_rule(s: u8, x: i32, y: i32) -> (i32, i32) {
    let x = if s & 2 != 0 { -x } else { x };
    let y = if s & 4 != 0 { -y } else { y };
    if s & 1 != 0 { (y, x) } else { (x, y) }
}

const fn code_of(m: [i8; 4]) -> u8 {
    let mut s = 0;
    while s < 8 {
        let t = MATRICES[s];
        if t[0] == m[0] && t[1] == m[1] && t[2] == m[2] && t[3] == m[3] {
            return s as u8;
        }
        s += 1;
    }
    panic!("not a signed permutation matrix");
}

/// COMPOSE[f][g] is the digit of the matrix product R_f · R_g (apply g first).
const COMPOSE: [[u8; 8]; 8] = {
    let mut table = [[0; 8]; 8];
    let mut f = 0;
    while f < 8 {
        let mut g = 0;
        while g < 8 {
            let [a, b, c, d] = MATRICES[f];
            let [e, h, i, j] = MATRICES[g];
            table[f][g] = code_of([a * e + b * i, a * h + b * j, c * e + d * i, c * h + d * j]);
            g += 1;
        }
        f += 1;
    }
    table
};

/// INVERSE[s] is the digit of R_s⁻¹ (the transpose).
const INVERSE: [u8; 8] = {
    let mut table = [0; 8];
    let mut s = 0;
    while s < 8 {
        let [a, b, c, d] = MATRICES[s];
        table[s] = code_of([a, c, b, d]);
        s += 1;
    }
    table
};

impl Symmetry {
    pub const IDENTITY: Self = Self(0);
    /// All eight, in digit order 0..7.
    pub const ALL: [Self; 8] = [Self(0), Self(1), Self(2), Self(3), Self(4), Self(5), Self(6), Self(7)];

    /// All eight in the order the game turns a board through: as it is, then a quarter turn, a
    /// mirror, a half turn, … (each new Snaky game takes the next; practice boards skip the
    /// first, never showing a board as it was played).
    pub const TURN_ORDER: [Self; 8] =
        [Self(0), Self(3), Self(2), Self(6), Self(4), Self(5), Self(1), Self(7)];

    /// The symmetry written as digit `s` in the certificate, if s ∈ 0..7.
    pub const fn from_digit(s: u8) -> Option<Self> {
        if s < 8 { Some(Self(s)) } else { None }
    }

    pub const fn digit(self) -> u8 {
        self.0
    }

    /// The matrix [[a, b], [c, d]].
    pub const fn matrix(self) -> [i8; 4] {
        MATRICES[self.0 as usize]
    }

    /// R_self · R_inner: apply `inner` first.
    #[must_use]
    pub const fn compose(self, inner: Self) -> Self {
        Self(COMPOSE[self.0 as usize][inner.0 as usize])
    }

    #[must_use]
    pub const fn inverse(self) -> Self {
        Self(INVERSE[self.0 as usize])
    }

    #[inline]
    pub const fn apply(self, x: i32, y: i32) -> (i32, i32) {
        let [a, b, c, d] = MATRICES[self.0 as usize];
        (a as i32 * x + b as i32 * y, c as i32 * x + d as i32 * y)
    }

    #[inline]
    const fn apply_wide(self, x: i64, y: i64) -> (i64, i64) {
        let [a, b, c, d] = MATRICES[self.0 as usize];
        (a as i64 * x + b as i64 * y, c as i64 * x + d as i64 * y)
    }
}

/// A placement F(x) = R x + t. Placements met in play come from the certificate, so their
/// translations stay within a few hundred cells of the origin.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Placement {
    pub symmetry: Symmetry,
    pub dx: i32,
    pub dy: i32,
}

impl Placement {
    pub const IDENTITY: Self = Self { symmetry: Symmetry::IDENTITY, dx: 0, dy: 0 };

    pub const fn new(symmetry: Symmetry, dx: i32, dy: i32) -> Self {
        Self { symmetry, dx, dy }
    }

    /// F(cell) = R cell + t, for cells near the frame (a card's cells, a pivot).
    #[inline]
    pub const fn apply(self, cell: Cell) -> Cell {
        let (x, y) = self.symmetry.apply(cell.x, cell.y);
        Cell::new(x + self.dx, y + self.dy)
    }

    /// F(frame cell) back in the frame, if it lands there.
    #[inline]
    pub const fn apply_in_frame(self, cell: FrameCell) -> Option<FrameCell> {
        let placed = self.apply(cell.cell());
        FrameCell::new(placed.x, placed.y)
    }

    /// F⁻¹(cell) if it is a frame cell: where a board cell sits in the claim's own frame.
    /// Works for any board cell, however far away.
    #[inline]
    pub const fn locate(self, cell: Cell) -> Option<FrameCell> {
        let inverse = self.symmetry.inverse();
        let (x, y) = inverse.apply_wide(cell.x as i64 - self.dx as i64, cell.y as i64 - self.dy as i64);
        FrameCell::new_wide(x, y)
    }

    /// F ∘ G: apply `inner` (G) first, then `self` (F).
    #[must_use]
    pub const fn compose(self, inner: Self) -> Self {
        let (x, y) = self.symmetry.apply(inner.dx, inner.dy);
        Self { symmetry: self.symmetry.compose(inner.symmetry), dx: x + self.dx, dy: y + self.dy }
    }

    #[must_use]
    pub const fn inverse(self) -> Self {
        let symmetry = self.symmetry.inverse();
        let (x, y) = symmetry.apply(self.dx, self.dy);
        Self { symmetry, dx: -x, dy: -y }
    }
}

impl fmt::Display for Placement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "s{}+({},{})", self.symmetry.0, self.dx, self.dy)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bit_rule_gives_eight_distinct_matrices() {
        let mut matrices: Vec<[i8; 4]> = Symmetry::ALL.iter().map(|s| s.matrix()).collect();
        matrices.sort();
        matrices.dedup();
        assert_eq!(matrices.len(), 8);
        // s = 1 swaps, s = 2 negates x, s = 4 negates y; s = 3 negates x, then swaps.
        assert_eq!(Symmetry(1).apply(1, 2), (2, 1));
        assert_eq!(Symmetry(2).apply(1, 2), (-1, 2));
        assert_eq!(Symmetry(4).apply(1, 2), (1, -2));
        assert_eq!(Symmetry(3).apply(1, 2), (2, -1));
    }

    #[test]
    fn composition_applies_the_inner_placement_first() {
        let f = Placement::new(Symmetry(3), 5, -2);
        let g = Placement::new(Symmetry(6), 1, 7);
        for x in -3..4 {
            for y in -3..4 {
                let c = Cell::new(x, y);
                assert_eq!(f.compose(g).apply(c), f.apply(g.apply(c)));
                assert_eq!(f.inverse().apply(f.apply(c)), c);
            }
        }
    }
}
