//! The search's fixed tables, built once from the rules and the paper's cards: the board, the
//! copies of Snaky on it, and the paper's line cards as patterns to find in a position. Nothing
//! here knows the search's state; the search and its parts read these.

use crate::snaky::card::{Cards, NodeId};
use crate::snaky::cell::{FRAME, FrameCell, PAPER_BOARD as BOARD};
use crate::snaky::cell_set::CellSet;
use crate::snaky::certificate::BASE_CARDS;
use crate::snaky::placement::{Placement, Symmetry};
use crate::snaky::policy::Claim;
use crate::snaky::shape::SNAKY;

/// The frame cell at (x, y) if it lies on the search's board {0..16}².
pub fn board_cell(x: i32, y: i32) -> Option<FrameCell> {
    if (0..BOARD).contains(&x) && (0..BOARD).contains(&y) { FrameCell::new(x, y) } else { None }
}

/// A copy of Snaky inside the frame: its cells, as a base-card placement.
pub(super) struct SnakyCopy {
    pub(super) cells: CellSet,
    pub(super) placement: Placement,
    /// The six cells in the order of S (so that the missing one names the base card).
    pub(super) order: [FrameCell; 6],
}

/// Every copy of Snaky on the board, and the copies through each frame cell (indices into the
/// first).
pub(super) fn copies() -> (Vec<SnakyCopy>, Vec<Vec<u32>>) {
    let mut copies = Vec::new();
    for symmetry in Symmetry::ALL {
        for dy in -4..BOARD + 4 {
            for dx in -4..BOARD + 4 {
                let placement = Placement::new(symmetry, dx, dy);
                let order: Option<Vec<FrameCell>> =
                    SNAKY.iter().map(|&s| board_cell(placement.apply(s).x, placement.apply(s).y)).collect();
                if let Some(order) = order {
                    let order: [FrameCell; 6] = std::array::from_fn(|i| order[i]);
                    copies.push(SnakyCopy { cells: order.iter().copied().collect(), placement, order });
                }
            }
        }
    }
    let mut copies_at = vec![Vec::new(); (FRAME * FRAME) as usize];
    for (i, copy) in copies.iter().enumerate() {
        for cell in copy.order {
            copies_at[cell.index()].push(i as u32);
        }
    }
    (copies, copies_at)
}

/// Half the side of the grid of offsets a pattern keeps: the search stays on the paper's 17×17
/// board, where every paper card lies.
const REACH: i32 = BOARD - 1;
const GRID: i32 = 2 * REACH + 1;

/// A paper card under one symmetry, with its cells as offsets from its first required cell, for
/// finding every placement that a position satisfies.
pub(super) struct Pattern {
    pub(super) node: NodeId,
    pub(super) symmetry: Symmetry,
    /// R(a₀): where the first required cell lands before translation.
    pub(super) anchor: (i32, i32),
    /// R(a) − R(a₀) for the other required cells.
    pub(super) required: Vec<(i32, i32)>,
    /// R(c) − R(a₀) for every envelope cell, one bit per offset of a GRID × GRID square.
    pub(super) envelope: Vec<u64>,
    pub(super) height: u32,
}

impl Pattern {
    fn bit(dx: i32, dy: i32) -> Option<usize> {
        (dx.abs() <= REACH && dy.abs() <= REACH).then(|| ((dy + REACH) * GRID + dx + REACH) as usize)
    }

    fn covers(&self, dx: i32, dy: i32) -> bool {
        Self::bit(dx, dy).is_some_and(|i| self.envelope[i / 64] >> (i % 64) & 1 == 1)
    }

    /// This card with its anchor on (mx, my), if the position satisfies it there: every required
    /// cell on the board and Maker's, no Breaker stone in the envelope.
    pub(super) fn placed_at(&self, mx: i32, my: i32, maker: CellSet, breaker: &[FrameCell]) -> Option<Claim> {
        let required = self
            .required
            .iter()
            .all(|&(dx, dy)| FrameCell::new(mx + dx, my + dy).is_some_and(|cell| maker.contains(cell)));
        if !required || breaker.iter().any(|b| self.covers(b.x() - mx, b.y() - my)) {
            return None;
        }
        let placement = Placement::new(self.symmetry, mx - self.anchor.0, my - self.anchor.1);
        Some(Claim { node: self.node, placement })
    }
}

/// The patterns of every paper line card with a non-empty required set, lowest first.
pub(super) fn patterns(cards: &Cards) -> Vec<Pattern> {
    let mut patterns = Vec::new();
    for j in BASE_CARDS..cards.card_count() as u32 {
        let Some(id) = cards.card(j) else { continue };
        let node = cards.node(id);
        let Some(first) = node.required.iter().next() else { continue };
        for symmetry in Symmetry::ALL {
            let anchor = symmetry.apply(first.x(), first.y());
            let offset = |c: FrameCell| {
                let (x, y) = symmetry.apply(c.x(), c.y());
                (x - anchor.0, y - anchor.1)
            };
            let mut envelope = vec![0u64; ((GRID * GRID) as usize).div_ceil(64)];
            for c in node.envelope.iter() {
                let (dx, dy) = offset(c);
                if let Some(i) = Pattern::bit(dx, dy) {
                    envelope[i / 64] |= 1 << (i % 64);
                }
            }
            let required = node.required.iter().skip(1).map(offset).collect();
            patterns.push(Pattern { node: id, symmetry, anchor, required, envelope, height: node.height });
        }
    }
    patterns.sort_by_key(|p| p.height);
    patterns
}
