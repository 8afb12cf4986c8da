//! Threats: the free cells that would each complete a Snaky copy for Maker (SPEC §2.3).
//!
//! With Maker's stones M and Breaker's B, a free cell c *finishes* when some copy S of Snaky (any
//! of the 8 orientations, any translation) has c ∈ S, S \ {c} ⊆ M and S ∩ B = ∅. After a Maker
//! move, one finishing cell is a *threat* (Breaker must take it) and two or more are a *double
//! threat* (Breaker can take only one; every finishing cell finishes its own copy, since a copy
//! has exactly one free cell).
//!
//! A copy with five Maker cells goes through Maker's stones, so only the 48 copies through each
//! Maker stone are looked at ([`threats`]); the ones a move just made go through that stone
//! ([`threats_through`]). Each look is one 9×9 window of bits around the stone.
//!
//! ```
//! use pokopoko::snaky::{Cell, threats::{self, ThreatKind}};
//! // Snaky without (4,1), and (0,-1) under its first cell: (4,1) finishes Snaky, (-1,-1) its
//! // mirror image.
//! let maker = [(0, 0), (1, 0), (2, 0), (3, 0), (3, 1), (0, -1)].map(Cell::from);
//! let found = threats::threats(&maker, &[]);
//! assert_eq!(found.kind, ThreatKind::DoubleThreat);
//! assert_eq!(found.cells, [Cell::new(-1, -1), Cell::new(4, 1)]);
//! // Breaker takes one: a single threat is left.
//! assert_eq!(threats::threats(&maker, &[Cell::new(4, 1)]).kind, ThreatKind::Threat);
//! ```

use std::sync::LazyLock;

use serde::{Deserialize, Serialize};

use super::cell::Cell;
use super::shape::{self, Copy as SnakyCopy};

/// What the finishing cells after a Maker move amount to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ThreatKind {
    /// No free cell finishes a Snaky.
    #[default]
    None,
    /// Exactly one free cell finishes a Snaky: Breaker must take it.
    Threat,
    /// Two or more free cells each finish a different Snaky: Breaker can take only one.
    DoubleThreat,
}

impl ThreatKind {
    /// The kind of a position with this many distinct finishing cells.
    pub const fn of(finishing_cells: usize) -> Self {
        match finishing_cells {
            0 => Self::None,
            1 => Self::Threat,
            _ => Self::DoubleThreat,
        }
    }
}

/// How the Snakies of a double threat lie, as the lessons name them. A Snaky is a row of four and
/// two more cells; of two copies finishing different cells, the relation of their rows of four.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum DoubleShape {
    /// Their rows of four are Maker's and lie in one line, five cells together: a row of five, and
    /// a stone beside one of its ends turned both (the weak Breakers' usual loss).
    RowOfFive,
    /// Their rows of four lie at right angles and share `cell`: two Snakies crossing there (the
    /// perfect Breaker's usual loss).
    Crossing { cell: Cell },
    /// Neither.
    #[default]
    Other,
}

/// The row of four of a copy in the order of S: its first four cells.
fn row_of_four(copy: &SnakyCopy) -> [Cell; 4] {
    [copy[0], copy[1], copy[2], copy[3]]
}

/// Whether a row of four runs along x (else along y).
fn across(row: &[Cell; 4]) -> bool {
    row[0].y == row[3].y
}

/// The shape two finishing copies make, if it has a name.
fn shape_of(a: &FinishingCopy, b: &FinishingCopy) -> DoubleShape {
    let rows_whole = !row_of_four(&a.snaky).contains(&a.cell) && !row_of_four(&b.snaky).contains(&b.cell);
    let (a, b) = (row_of_four(&a.snaky), row_of_four(&b.snaky));
    let shared: Vec<Cell> = a.iter().copied().filter(|c| b.contains(c)).collect();
    if across(&a) == across(&b) {
        let in_line = if across(&a) { a[0].y == b[0].y } else { a[0].x == b[0].x };
        // Two rows of four of Maker's in one line make five in a row when they overlap in three.
        if rows_whole && in_line && shared.len() == 3 {
            return DoubleShape::RowOfFive;
        }
        return DoubleShape::Other;
    }
    match shared.as_slice() {
        [cell] => DoubleShape::Crossing { cell: *cell },
        _ => DoubleShape::Other,
    }
}

/// One Snaky copy Maker can complete with one more stone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct FinishingCopy {
    /// The copy's only free cell: Maker's stone here completes it.
    pub cell: Cell,
    /// The copy's six cells, in the order of S ((0,0), (1,0), (2,0), (3,0), (3,1), (4,1)) under
    /// its orientation; five are Maker's.
    pub snaky: SnakyCopy,
}

/// The finishing cells of a position, grouped by the copy each completes.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Threats {
    /// `ThreatKind::of(cells.len())`.
    pub kind: ThreatKind,
    /// The distinct finishing cells, sorted by (x, y).
    pub cells: Vec<Cell>,
    /// Every copy with five Maker cells, no Breaker cell and one free cell, sorted by its free cell
    /// (one cell may finish several copies).
    pub copies: Vec<FinishingCopy>,
}

impl Threats {
    fn from_copies(mut copies: Vec<FinishingCopy>) -> Self {
        copies.sort_by_key(|f| (f.cell, f.snaky));
        copies.dedup();
        let mut cells: Vec<Cell> = copies.iter().map(|f| f.cell).collect();
        cells.dedup();
        Self { kind: ThreatKind::of(cells.len()), cells, copies }
    }

    /// No free cell finishes a Snaky.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// For a double threat, how its Snakies lie: over every two copies finishing different cells
    /// (in the copies' order), a row of five if any two make one, else the first crossing, else
    /// [`DoubleShape::Other`]; `None` with fewer than two finishing cells.
    pub fn double_shape(&self) -> Option<DoubleShape> {
        if self.kind != ThreatKind::DoubleThreat {
            return None;
        }
        let mut found = DoubleShape::Other;
        for (i, a) in self.copies.iter().enumerate() {
            for b in self.copies[i + 1..].iter().filter(|b| b.cell != a.cell) {
                match shape_of(a, b) {
                    DoubleShape::RowOfFive => return Some(DoubleShape::RowOfFive),
                    crossing @ DoubleShape::Crossing { .. } if found == DoubleShape::Other => {
                        found = crossing
                    }
                    _ => {}
                }
            }
        }
        Some(found)
    }

    /// The copies `cell` would complete.
    pub fn copies_finished_by(&self, cell: Cell) -> impl Iterator<Item = &SnakyCopy> {
        self.copies.iter().filter(move |f| f.cell == cell).map(|f| &f.snaky)
    }
}

/// Every finishing cell of the position: Maker owns `maker`, Breaker `breaker`.
pub fn threats(maker: &[Cell], breaker: &[Cell]) -> Threats {
    let mut copies = Vec::new();
    for &stone in maker {
        let window = Window::around(stone, maker, breaker);
        // Each copy is found once: from its Maker cell lowest in the window's (y, x) order.
        window.finishing(&mut copies, |maker_bits| maker_bits.trailing_zeros() == CENTRE);
    }
    Threats::from_copies(copies)
}

/// The finishing cells of copies through `stone` (a Maker stone, usually its latest): after a
/// Maker move, the threats that move made. Cells finishing only copies elsewhere are left out.
pub fn threats_through(stone: Cell, maker: &[Cell], breaker: &[Cell]) -> Threats {
    let mut copies = Vec::new();
    Window::around(stone, maker, breaker).finishing(&mut copies, |_| true);
    Threats::from_copies(copies)
}

/// A free cell where Maker's stone would make a double threat: two or more finishing cells, each
/// completing a copy through the stone. Breaker's time to stop a double threat is before it is
/// made (the primer's double-threat step): on this cell, or on a cell all but one of its finishes
/// need.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Fork {
    /// Maker's stone here would leave two or more finishing cells.
    pub cell: Cell,
    /// The finishing cells it would leave ([`threats_through`] the stone), sorted by (x, y).
    pub finishes: Vec<Cell>,
}

/// Every free cell where a Maker stone would make a double threat ([`Fork`]), sorted by (x, y).
/// Such a cell lies in two copies that each hold four of Maker's stones and none of Breaker's, so
/// only the free cells of such copies through Maker's stones are tried.
pub fn forks(maker: &[Cell], breaker: &[Cell]) -> Vec<Fork> {
    let mut tried: Vec<Cell> = Vec::new();
    for &stone in maker {
        Window::around(stone, maker, breaker).two_short_cells(&mut tried);
    }
    tried.sort();
    tried.dedup();
    let mut stones = maker.to_vec();
    tried
        .into_iter()
        .filter_map(|cell| {
            stones.push(cell);
            let finishes = threats_through(cell, &stones, breaker);
            stones.pop();
            (finishes.kind == ThreatKind::DoubleThreat).then_some(Fork { cell, finishes: finishes.cells })
        })
        .collect()
}

/// Every Snaky copy holding four of Maker's stones and none of Breaker's: a Snaky two cells short,
/// one Maker stone from a threat. Each copy once, in its orientation's order of S, sorted. The
/// lesson outlines them (newcomer #102 blocked one and missed the one Maker built on).
pub fn two_short(maker: &[Cell], breaker: &[Cell]) -> Vec<SnakyCopy> {
    short_by(maker, breaker, 2)
}

/// Every Snaky copy holding three of Maker's stones and none of Breaker's: a Snaky three cells
/// short, two Maker stones from a threat (newcomers #133 and #134 looked for the Snaky the lesson
/// said "already held 3 of Maker's stones" on a board that drew only those two short). The same
/// order as [`two_short`].
pub fn three_short(maker: &[Cell], breaker: &[Cell]) -> Vec<SnakyCopy> {
    short_by(maker, breaker, 3)
}

/// Every copy `missing` cells short: holding 6 − `missing` of Maker's stones and none of Breaker's.
fn short_by(maker: &[Cell], breaker: &[Cell], missing: u32) -> Vec<SnakyCopy> {
    let mut copies = Vec::new();
    for &stone in maker {
        let window = Window::around(stone, maker, breaker);
        // Each copy is found once: from its Maker cell lowest in the window's (y, x) order.
        for CopyBits { bits, offsets } in THROUGH_CENTRE.iter() {
            let mine = bits & window.maker;
            if mine.count_ones() + missing != 6
                || bits & window.breaker != 0
                || mine.trailing_zeros() != CENTRE
            {
                continue;
            }
            copies.push(offsets.map(|(x, y)| Cell::new(stone.x.wrapping_add(x), stone.y.wrapping_add(y))));
        }
    }
    copies.sort();
    copies.dedup();
    copies
}

/// Reach of a copy from one of its cells: every copy through a cell lies within 4 of it.
const REACH: i64 = 4;
const SIDE: i64 = 2 * REACH + 1;
/// The bit of the window's centre.
const CENTRE: u32 = (REACH * SIDE + REACH) as u32;

/// The 9×9 square of cells around a stone, one bit per cell, row by row from the bottom.
struct Window {
    stone: Cell,
    maker: u128,
    breaker: u128,
}

/// One copy through the origin: its cells as window bits, and as offsets in the order of S.
struct CopyBits {
    bits: u128,
    offsets: [(i32, i32); 6],
}

/// The 48 copies through the origin (orientation by orientation, then by which cell of S sits at
/// the origin).
static THROUGH_CENTRE: LazyLock<Vec<CopyBits>> = LazyLock::new(|| {
    shape::copies_through(Cell::new(0, 0))
        .map(|copy| {
            let offsets = copy.map(|c| (c.x, c.y));
            let bits =
                offsets.iter().filter_map(|&(x, y)| bit(i64::from(x), i64::from(y))).fold(0, |a, b| a | b);
            CopyBits { bits, offsets }
        })
        .collect()
});

/// The window bit of offset (dx, dy), if it lies within reach.
fn bit(dx: i64, dy: i64) -> Option<u128> {
    (dx.abs() <= REACH && dy.abs() <= REACH).then(|| 1u128 << ((dy + REACH) * SIDE + dx + REACH))
}

impl Window {
    fn around(stone: Cell, maker: &[Cell], breaker: &[Cell]) -> Self {
        let bits = |cells: &[Cell]| {
            cells
                .iter()
                .filter_map(|c| bit(i64::from(c.x) - i64::from(stone.x), i64::from(c.y) - i64::from(stone.y)))
                .fold(0u128, |a, b| a | b)
        };
        Self { stone, maker: bits(maker), breaker: bits(breaker) }
    }

    /// Pushes the free cells of the copies through the centre with four Maker cells and no Breaker
    /// cell (each such copy has two).
    fn two_short_cells(&self, found: &mut Vec<Cell>) {
        for CopyBits { bits, .. } in THROUGH_CENTRE.iter() {
            if (bits & self.maker).count_ones() != 4 || bits & self.breaker != 0 {
                continue;
            }
            let mut free = bits & !self.maker;
            while free != 0 {
                let at = i64::from(free.trailing_zeros());
                free &= free - 1;
                let (dx, dy) = ((at % SIDE - REACH) as i32, (at / SIDE - REACH) as i32);
                found.push(Cell::new(self.stone.x.wrapping_add(dx), self.stone.y.wrapping_add(dy)));
            }
        }
    }

    /// Pushes the copies through the centre with five Maker cells, no Breaker cell and one free
    /// cell, for which `counted(the copy's Maker bits)` holds.
    fn finishing(&self, found: &mut Vec<FinishingCopy>, counted: impl Fn(u128) -> bool) {
        for CopyBits { bits, offsets } in THROUGH_CENTRE.iter() {
            let mine = bits & self.maker;
            if mine.count_ones() != 5 || bits & self.breaker != 0 || !counted(mine) {
                continue;
            }
            let free = i64::from((bits & !self.maker).trailing_zeros());
            let (dx, dy) = (free % SIDE - REACH, free / SIDE - REACH);
            let at =
                |(x, y): (i32, i32)| Cell::new(self.stone.x.wrapping_add(x), self.stone.y.wrapping_add(y));
            found.push(FinishingCopy { cell: at((dx as i32, dy as i32)), snaky: offsets.map(at) });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn five_cells_of_a_copy_make_its_sixth_a_finishing_cell() {
        for copy in shape::copies_through(Cell::new(2, -3)) {
            for missing in 0..6 {
                let maker: Vec<Cell> = (0..6).filter(|&i| i != missing).map(|i| copy[i]).collect();
                let found = threats(&maker, &[]);
                assert!(found.copies.contains(&FinishingCopy { cell: copy[missing], snaky: copy }));
                // Blocking that cell removes that copy.
                let blocked = threats(&maker, &[copy[missing]]);
                assert!(blocked.copies.iter().all(|f| f.snaky != copy));
                assert!(threats_through(maker[0], &maker, &[]).cells.contains(&copy[missing]));
            }
        }
    }

    #[test]
    fn a_row_of_five_with_a_side_stone_and_two_crossing_rows_are_named() {
        let cells = |list: &[(i32, i32)]| list.iter().map(|&c| Cell::from(c)).collect::<Vec<_>>();
        // (0..4, 0) and the stone (4,1) beside its end: (3,1) and (5,1) each finish.
        let five = threats(&cells(&[(0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (4, 1)]), &[]);
        assert_eq!(five.cells, cells(&[(3, 1), (5, 1)]));
        assert_eq!(five.double_shape(), Some(DoubleShape::RowOfFive));
        // Snaky across on (0..3, 0) without (4,1), and Snaky up on (1, -2..1) without (0,2): the
        // rows of four cross at (1,0).
        let maker = cells(&[(0, 0), (1, 0), (2, 0), (3, 0), (3, 1), (1, -2), (1, -1), (1, 1), (0, 1)]);
        let crossing = threats(&maker, &[]);
        assert!(crossing.cells.contains(&Cell::new(4, 1)) && crossing.cells.contains(&Cell::new(0, 2)));
        assert_eq!(crossing.double_shape(), Some(DoubleShape::Crossing { cell: Cell::new(1, 0) }));
        // One finishing cell is no double threat, so no shape.
        assert_eq!(threats(&cells(&[(0, 0), (1, 0), (2, 0), (3, 0), (3, 1)]), &[]).double_shape(), None);
    }

    #[test]
    fn a_completed_copy_or_a_breaker_cell_in_it_finishes_nothing() {
        let copy = shape::copy(super::super::placement::Symmetry::ALL[5], 7, 7);
        assert!(threats(&copy, &[]).is_empty());
        assert!(threats(&copy[..5], &copy[1..2]).is_empty());
    }

    #[test]
    fn stones_at_the_ends_of_the_coordinate_range_do_not_panic() {
        let maker = [Cell::new(i32::MAX, i32::MAX), Cell::new(i32::MIN, 0), Cell::new(0, 0)];
        let breaker = [Cell::new(i32::MAX - 1, i32::MAX), Cell::new(i32::MIN, i32::MIN)];
        assert!(threats(&maker, &breaker).is_empty());
    }
}
