//! The paper's cards in Maker's hand: every placement of a paper card a position satisfies, found
//! by pattern, and how the hand follows Maker's move and Breaker's reply.

use super::{Position, Search};
use crate::snaky::cell::{FrameCell, PAPER_BOARD as BOARD};
use crate::snaky::cell_set::CellSet;
use crate::snaky::policy::Claim;

impl Search<'_> {
    /// The paper claims Maker holds after opening at the root's pivot and Breaker's reply
    /// (`None`: a reply outside every envelope): the root's children that survive it.
    pub fn opening_hand(&mut self, reply: Option<FrameCell>) -> Vec<Claim> {
        let root = Claim::start(self.cards);
        let Some(pivot) = root.placement.apply_in_frame(self.cards.node(root.node).pivot) else {
            return Vec::new();
        };
        self.hand_after(&[root], pivot, reply)
    }

    /// The lowest line card of the paper that proves the position within `budget` (placed under
    /// any symmetry and translation), if one does.
    pub fn paper_proof(&mut self, maker: CellSet, breaker: CellSet, budget: u32) -> Option<Claim> {
        let position = Position { maker, breaker, budget, fresh: None };
        self.full_hand(&position, budget).into_iter().next()
    }

    /// The placed (A, T) of a paper claim, if it lies on the board.
    pub(super) fn claim_sets(&mut self, claim: Claim) -> Option<(CellSet, CellSet)> {
        let cards = self.cards;
        *self.placed.entry(claim).or_insert_with(|| {
            let node = cards.node(claim.node);
            let bounds = node.bounds.placed(claim.placement);
            if bounds.min_x < 0 || bounds.min_y < 0 || bounds.max_x >= BOARD || bounds.max_y >= BOARD {
                return None;
            }
            let envelope = node.envelope.placed(node.bounds, claim.placement)?;
            let required = node.required.placed(node.bounds, claim.placement)?;
            Some((required, envelope))
        })
    }

    /// Every placement of a paper line card no taller than `max_height` that the position
    /// satisfies (A ⊆ M, T ∩ B = ∅, T inside the frame), lowest first.
    pub(super) fn full_hand(&mut self, position: &Position, max_height: u32) -> Vec<Claim> {
        let mut found = Vec::new();
        let maker: Vec<FrameCell> = position.maker.iter().collect();
        let breaker: Vec<FrameCell> = position.breaker.iter().collect();
        for pattern in &self.patterns {
            if pattern.height > max_height {
                break;
            }
            found.extend(
                maker.iter().filter_map(|m| pattern.placed_at(m.x(), m.y(), position.maker, &breaker)),
            );
        }
        found.retain(|&claim| self.claim_sets(claim).is_some());
        found
    }

    /// The placements of paper line cards no taller than `max_height` that the position satisfies
    /// and whose A contains `fresh` (Maker's last stone), lowest first.
    pub(super) fn fresh_hand(
        &mut self,
        position: &Position,
        fresh: FrameCell,
        max_height: u32,
    ) -> Vec<Claim> {
        let mut found = Vec::new();
        let breaker: Vec<FrameCell> = position.breaker.iter().collect();
        for pattern in &self.patterns {
            if pattern.height > max_height {
                break;
            }
            // `fresh` is the anchor itself, or the required cell at offset (dx, dy) from it.
            let anchors = std::iter::once((0, 0)).chain(pattern.required.iter().copied());
            for (ox, oy) in anchors {
                let (mx, my) = (fresh.x() - ox, fresh.y() - oy);
                match FrameCell::new(mx, my) {
                    Some(cell) if position.maker.contains(cell) => {}
                    _ => continue,
                }
                found.extend(pattern.placed_at(mx, my, position.maker, &breaker));
            }
        }
        found.retain(|&claim| self.claim_sets(claim).is_some());
        found
    }

    /// The hand after Maker plays `pivot` and Breaker replies (`None`: outside every envelope).
    pub(super) fn hand_after(
        &mut self,
        hand: &[Claim],
        pivot: FrameCell,
        reply: Option<FrameCell>,
    ) -> Vec<Claim> {
        let cards = self.cards;
        let mut next: Vec<Claim> = Vec::with_capacity(hand.len() * 2);
        let survives = |search: &mut Self, claim: Claim| match search.claim_sets(claim) {
            Some((_, envelope)) => reply.is_none_or(|b| !envelope.contains(b)),
            None => false,
        };
        for &claim in hand {
            let node = cards.node(claim.node);
            let played = claim.placement.apply_in_frame(node.pivot) == Some(pivot);
            if played && !node.is_base() {
                for child in cards.children(claim.node) {
                    let placed =
                        Claim { node: child.node, placement: claim.placement.compose(child.placement) };
                    if survives(self, placed) && !next.contains(&placed) {
                        next.push(placed);
                    }
                }
            } else if !played && survives(self, claim) && !next.contains(&claim) {
                next.push(claim);
            }
        }
        next
    }
}
