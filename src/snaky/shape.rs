//! The Snaky hexomino and its copies t + R(S) on the board.

use super::cell::Cell;
use super::placement::Symmetry;

/// Snaky S = {(0,0), (1,0), (2,0), (3,0), (3,1), (4,1)}, in the order s₀..s₅ of the base cards.
pub const SNAKY: [Cell; 6] =
    [Cell::new(0, 0), Cell::new(1, 0), Cell::new(2, 0), Cell::new(3, 0), Cell::new(3, 1), Cell::new(4, 1)];

/// One copy t + R(S), as its six cells in the order of S.
pub type Copy = [Cell; 6];

/// The copy R(S) + t. Coordinates wrap only for cells within 4 of the edge of i32.
pub fn copy(symmetry: Symmetry, dx: i32, dy: i32) -> Copy {
    SNAKY.map(|s| {
        let (x, y) = symmetry.apply(s.x, s.y);
        Cell::new(x.wrapping_add(dx), y.wrapping_add(dy))
    })
}

/// All 48 copies that contain `cell` (8 orientations × 6 positions of the cell within S).
pub fn copies_through(cell: Cell) -> impl Iterator<Item = Copy> {
    Symmetry::ALL.into_iter().flat_map(move |symmetry| {
        SNAKY.into_iter().map(move |s| {
            let (x, y) = symmetry.apply(s.x, s.y);
            copy(symmetry, cell.x.wrapping_sub(x), cell.y.wrapping_sub(y))
        })
    })
}

/// The copies through `cell` that hold none of Breaker's stones (`breaker` says which cells are
/// Breaker's), each with how many of Maker's (`maker`) it holds: the shapes a stone there blocks,
/// or builds on.
pub fn live_copies_through(
    cell: Cell,
    breaker: impl Fn(Cell) -> bool,
    maker: impl Fn(Cell) -> bool,
) -> impl Iterator<Item = (Copy, u8)> {
    copies_through(cell)
        .filter(move |copy| !copy.iter().any(|&c| breaker(c)))
        .map(move |copy| (copy, copy.iter().filter(|&&c| maker(c)).count() as u8))
}

/// Of [`live_copies_through`] `cell`, the first (in [`copies_through`]'s order) holding the most
/// of Maker's stones, with that count; `None` when every copy through `cell` holds a Breaker
/// stone. The fullest shape a stone there blocks, or builds on.
pub fn fullest_copy_through(
    cell: Cell,
    breaker: impl Fn(Cell) -> bool,
    maker: impl Fn(Cell) -> bool,
) -> Option<(Copy, u8)> {
    let mut fullest: Option<(Copy, u8)> = None;
    for (copy, stones) in live_copies_through(cell, breaker, maker) {
        if fullest.is_none_or(|(_, most)| stones > most) {
            fullest = Some((copy, stones));
        }
    }
    fullest
}

/// The 48 copies through the origin, as offsets: orientation by orientation, then by which cell
/// of S sits at the origin (the order of [`copies_through`]).
const THROUGH_ORIGIN: [[(i32, i32); 6]; 48] = {
    let mut table = [[(0, 0); 6]; 48];
    let mut k = 0;
    while k < 48 {
        let symmetry = Symmetry::ALL[k / 6];
        let (ox, oy) = symmetry.apply(SNAKY[k % 6].x, SNAKY[k % 6].y);
        let mut i = 0;
        while i < 6 {
            let (x, y) = symmetry.apply(SNAKY[i].x, SNAKY[i].y);
            table[k][i] = (x - ox, y - oy);
            i += 1;
        }
        k += 1;
    }
    table
};

/// [`completed_copy`] asking `owns` about each cell of each copy through `last` (48 copies of 6
/// cells, whatever the number of stones: a game with a set of its stones stays linear).
pub fn completed_copy_where(last: Cell, owns: impl Fn(Cell) -> bool) -> Option<Copy> {
    let at = |(x, y): (i32, i32)| Some(Cell::new(last.x.checked_add(x)?, last.y.checked_add(y)?));
    THROUGH_ORIGIN
        .iter()
        .find(|offsets| offsets.iter().all(|&offset| at(offset).is_some_and(&owns)))
        .map(|offsets| offsets.map(|offset| at(offset).unwrap_or(last)))
}

/// The first copy through `last` all of whose cells are in `owned`, if any.
/// Checking only copies through the latest cell suffices: earlier moves completed nothing.
pub fn completed_copy(last: Cell, owned: &[Cell]) -> Option<Copy> {
    // Only cells within reach of `last` can share a copy with it.
    let mut near = [(0i64, 0i64); 81]; // the 9×9 square around `last`
    let mut count = 0;
    for c in owned {
        let (dx, dy) = (i64::from(c.x) - i64::from(last.x), i64::from(c.y) - i64::from(last.y));
        if dx.abs() <= 4 && dy.abs() <= 4 && count < near.len() {
            near[count] = (dx, dy);
            count += 1;
        }
    }
    let near = &near[..count];
    THROUGH_ORIGIN
        .iter()
        .find(|offsets| offsets.iter().all(|&(x, y)| near.contains(&(i64::from(x), i64::from(y)))))
        .map(|offsets| offsets.map(|(x, y)| Cell::new(last.x.wrapping_add(x), last.y.wrapping_add(y))))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn snaky_has_eight_distinct_orientations() {
        let mut shapes: Vec<Vec<Cell>> = Symmetry::ALL
            .iter()
            .map(|&s| {
                let cells = copy(s, 0, 0);
                let min_x = cells.iter().map(|c| c.x).min().unwrap_or(0);
                let min_y = cells.iter().map(|c| c.y).min().unwrap_or(0);
                let mut normalised: Vec<Cell> =
                    cells.iter().map(|c| Cell::new(c.x - min_x, c.y - min_y)).collect();
                normalised.sort();
                normalised
            })
            .collect();
        shapes.sort();
        shapes.dedup();
        assert_eq!(shapes.len(), 8);
    }

    #[test]
    fn the_offset_table_lists_the_copies_through_a_cell_in_order() {
        let cell = Cell::new(5, -9);
        for (copy, offsets) in copies_through(cell).zip(THROUGH_ORIGIN) {
            assert_eq!(copy, offsets.map(|(x, y)| Cell::new(cell.x + x, cell.y + y)));
            // Snaky has no symmetry, so six cells of one copy complete exactly that copy.
            assert_eq!(completed_copy(cell, &copy), Some(copy));
        }
    }

    #[test]
    fn every_copy_through_a_cell_contains_it() {
        let cell = Cell::new(-3, 7);
        assert_eq!(copies_through(cell).count(), 48);
        assert!(copies_through(cell).all(|copy| copy.contains(&cell)));
    }
}
