//! Board shapes: which grid cells hold a button. Only the count matters to the rules; the shape
//! makes equal counts look different.

use std::collections::{BTreeSet, HashSet, VecDeque};

use thiserror::Error;

/// A grid cell: `col` grows to the right, `row` grows downwards (as the rows are written).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell {
    pub row: u32,
    pub col: u32,
}

/// A button layout on a `width × height` grid.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Layout {
    width: u32,
    height: u32,
    /// Row-major order: the order in which the buttons are numbered.
    cells: Vec<Cell>,
}

/// The character that marks a button in a layout row; every other allowed character is `.`.
pub const BUTTON: char = 'o';
pub const EMPTY: char = '.';

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum LayoutError {
    #[error("the layout has no rows")]
    NoRows,
    #[error("row {row} has {len} cells but row 1 has {expected}; all rows must be equally long")]
    RaggedRow { row: usize, len: usize, expected: usize },
    #[error(
        "row {row}, column {col}: unexpected character {found:?} (use '{BUTTON}' for a button, '{EMPTY}' for empty)"
    )]
    BadChar { row: usize, col: usize, found: char },
}

impl Layout {
    /// Reads rows of `o` (button) and `.` (empty).
    pub fn from_rows<S: AsRef<str>>(rows: &[S]) -> Result<Self, LayoutError> {
        let first = rows.first().ok_or(LayoutError::NoRows)?;
        let width = first.as_ref().chars().count();
        let mut cells = Vec::new();
        for (r, line) in rows.iter().enumerate() {
            let line = line.as_ref();
            let len = line.chars().count();
            if len != width {
                return Err(LayoutError::RaggedRow { row: r + 1, len, expected: width });
            }
            for (c, ch) in line.chars().enumerate() {
                match ch {
                    BUTTON => cells.push(Cell { row: r as u32, col: c as u32 }),
                    EMPTY => {}
                    found => return Err(LayoutError::BadChar { row: r + 1, col: c + 1, found }),
                }
            }
        }
        Ok(Self { width: width as u32, height: rows.len() as u32, cells })
    }

    /// A full `width × height` rectangle.
    pub fn rectangle(width: u32, height: u32) -> Self {
        let cells = (0..height).flat_map(|row| (0..width).map(move |col| Cell { row, col })).collect();
        Self { width, height, cells }
    }

    /// Places cells given around a centre: `(x, y)` with the central 2×2 at `x, y ∈ {-1, 0}`.
    /// The grid is padded evenly so that those four cells are its central 2×2.
    pub fn from_centred(cells: impl IntoIterator<Item = (i32, i32)>) -> Self {
        let cells: BTreeSet<(i32, i32)> = cells.into_iter().collect();
        let half =
            |f: fn(&(i32, i32)) -> i32| cells.iter().map(|c| f(c).max(-f(c) - 1)).max().unwrap_or(0) + 1;
        let (half_w, half_h) = (half(|c| c.0), half(|c| c.1));
        let mut cells: Vec<Cell> =
            cells.iter().map(|&(x, y)| Cell { row: (y + half_h) as u32, col: (x + half_w) as u32 }).collect();
        cells.sort();
        Self { width: 2 * half_w as u32, height: 2 * half_h as u32, cells }
    }

    pub fn width(&self) -> u32 {
        self.width
    }

    pub fn height(&self) -> u32 {
        self.height
    }

    /// The buttons in row-major order.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The number of buttons.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The rows as written in a stage file.
    pub fn rows(&self) -> Vec<String> {
        let set: HashSet<Cell> = self.cells.iter().copied().collect();
        (0..self.height)
            .map(|row| {
                (0..self.width)
                    .map(|col| if set.contains(&Cell { row, col }) { BUTTON } else { EMPTY })
                    .collect()
            })
            .collect()
    }

    /// The smallest box holding every button: (first row, first col, last row, last col).
    pub fn bounds(&self) -> Option<(u32, u32, u32, u32)> {
        let rows = self.cells.iter().map(|c| c.row);
        let cols = self.cells.iter().map(|c| c.col);
        Some((rows.clone().min()?, cols.clone().min()?, rows.max()?, cols.max()?))
    }

    /// Whether every button can reach every other through edge-adjacent buttons.
    pub fn is_connected(&self) -> bool {
        let set: HashSet<Cell> = self.cells.iter().copied().collect();
        let Some(&start) = self.cells.first() else { return true };
        let mut seen = HashSet::from([start]);
        let mut queue = VecDeque::from([start]);
        while let Some(cell) = queue.pop_front() {
            for next in neighbours(cell) {
                if set.contains(&next) && seen.insert(next) {
                    queue.push_back(next);
                }
            }
        }
        seen.len() == set.len()
    }

    /// The central 2×2 cells of the grid, when its width and height are even.
    pub fn centre(&self) -> Option<[Cell; 4]> {
        if self.width < 2 || self.height < 2 || self.width % 2 == 1 || self.height % 2 == 1 {
            return None;
        }
        let (r, c) = (self.height / 2 - 1, self.width / 2 - 1);
        Some([
            Cell { row: r, col: c },
            Cell { row: r, col: c + 1 },
            Cell { row: r + 1, col: c },
            Cell { row: r + 1, col: c + 1 },
        ])
    }

    /// Whether the grid has a central 2×2 and all four of its cells are buttons.
    pub fn contains_centre(&self) -> bool {
        self.centre().is_some_and(|centre| centre.iter().all(|c| self.cells.binary_search(c).is_ok()))
    }

    /// Whether every cell of the grid is a button.
    pub fn is_full_rectangle(&self) -> bool {
        self.cells.len() as u64 == u64::from(self.width) * u64::from(self.height)
    }
}

fn neighbours(cell: Cell) -> impl Iterator<Item = Cell> {
    let Cell { row, col } = cell;
    [
        row.checked_sub(1).map(|row| Cell { row, col }),
        Some(Cell { row: row + 1, col }),
        col.checked_sub(1).map(|col| Cell { row, col }),
        Some(Cell { row, col: col + 1 }),
    ]
    .into_iter()
    .flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_round_trip() {
        let rows = ["..oo", "oooo", "oooo", ".o.."];
        let layout = Layout::from_rows(&rows).unwrap();
        assert_eq!(layout.len(), 11);
        assert_eq!(layout.rows(), rows);
        assert!(layout.is_connected());
        assert!(layout.contains_centre());
    }

    #[test]
    fn detects_a_split_island_and_a_missing_centre() {
        let layout = Layout::from_rows(&["oo.o", "oo.o"]).unwrap();
        assert!(!layout.is_connected());
        assert!(!layout.contains_centre());
    }

    #[test]
    fn reports_bad_rows() {
        assert_eq!(
            Layout::from_rows(&["oo", "o"]),
            Err(LayoutError::RaggedRow { row: 2, len: 1, expected: 2 })
        );
        assert_eq!(Layout::from_rows(&["ox"]), Err(LayoutError::BadChar { row: 1, col: 2, found: 'x' }));
    }

    #[test]
    fn centred_cells_keep_the_seed_in_the_middle() {
        let layout = Layout::from_centred([(-1, -1), (0, -1), (-1, 0), (0, 0), (1, 0), (2, 0)]);
        assert_eq!((layout.width(), layout.height()), (6, 2));
        assert!(layout.contains_centre());
        assert_eq!(layout.rows(), ["..oo..", "..oooo"]);
    }
}
