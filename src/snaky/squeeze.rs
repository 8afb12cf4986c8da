//! A combination node's squeeze table (SPEC §2.3's card-727 table): its children grouped by
//! card in printed order, with what is left of the intersection of their envelopes.

use super::card::{Cards, NodeId};
use super::cell_set::CellSet;

/// One row of the card-727 table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableRow {
    pub card: u32,
    /// A_j in card j's own frame.
    pub required: Vec<(i32, i32)>,
    pub envelope_size: usize,
    pub height: u32,
    pub placements: usize,
    /// Cells other than the pivot left in ⋂ Tᵢ over the children so far.
    pub left_in_intersection: usize,
}

/// The children of the root card, grouped by card in printed order (SPEC §2.3's card-727 table).
pub fn root_table(cards: &Cards) -> Vec<TableRow> {
    squeeze_table(cards, cards.root())
}

/// The squeeze table of any combination node: its children grouped by card in printed order, with
/// how many cells other than the pivot are left in ⋂ Tᵢ after each group. Empty for a base card.
pub fn squeeze_table(cards: &Cards, id: NodeId) -> Vec<TableRow> {
    let node = cards.node(id);
    let mut rows: Vec<TableRow> = Vec::new();
    let mut common = CellSet::EMPTY;
    for (i, child) in cards.children(id).iter().enumerate() {
        common = if i == 0 { child.placed_envelope } else { common.intersection(&child.placed_envelope) };
        let mut left = common;
        left.remove(node.pivot);
        let child_node = cards.node(child.node);
        match rows.last_mut() {
            Some(row) if row.card == child_node.card => {
                row.placements += 1;
                row.left_in_intersection = left.len();
            }
            _ => rows.push(TableRow {
                card: child_node.card,
                required: child_node.required.iter().map(|c| (c.x(), c.y())).collect(),
                envelope_size: child_node.envelope.len(),
                height: child_node.height,
                placements: 1,
                left_in_intersection: left.len(),
            }),
        }
    }
    rows
}
