//! Maker's moves: the copies of Snaky on the board, the win in one, and the moves a position
//! tries (the pivots of hand cards, cells near Maker's stones, moves that make a threat).

use std::cmp::Reverse;
use std::collections::{HashMap, HashSet};

use super::{CardRef, Position, Search, board_cell};
use crate::snaky::cell::FrameCell;
use crate::snaky::cell_set::CellSet;
use crate::snaky::policy::Claim;

impl Search<'_> {
    /// The fewest Maker stones still missing from a copy of Snaky through Maker's stones and
    /// free of Breaker stones (6 when there is none: a copy elsewhere needs all six).
    pub(super) fn moves_needed(&self, position: &Position) -> u32 {
        let mut most = 0;
        for m in position.maker.iter() {
            for &i in &self.copies_at[m.index()] {
                let copy = &self.copies[i as usize];
                if copy.cells.is_disjoint(&position.breaker) {
                    most = most.max(copy.cells.intersection(&position.maker).len() as u32);
                }
            }
        }
        6 - most
    }

    /// A copy with five Maker stones and no Breaker stone: Maker completes it now.
    pub(super) fn win_in_one(&self, position: &Position) -> Option<CardRef> {
        let mut best: Option<u32> = None;
        for m in position.maker.iter() {
            for &i in &self.copies_at[m.index()] {
                let copy = &self.copies[i as usize];
                if copy.cells.intersection(&position.maker).len() == 5
                    && copy.cells.is_disjoint(&position.breaker)
                {
                    best = Some(best.map_or(i, |b| b.min(i)));
                }
            }
        }
        let copy = &self.copies[best? as usize];
        let missing = copy.order.iter().position(|c| !position.maker.contains(*c))?;
        Some(CardRef::Base { card: missing as u32, placement: copy.placement })
    }

    /// Empty frame cells within `near` of a Maker stone, by the most Maker stones a live copy
    /// through them already holds, then by how many live copies pass through them.
    fn near_moves(&self, position: &Position, near: u8, breadth: usize) -> Vec<FrameCell> {
        let r = i32::from(near);
        // Sorted by (most Maker stones, most live copies) descending, then by cell.
        let mut scored: Vec<(Reverse<u32>, Reverse<u32>, FrameCell)> = Vec::new();
        let occupied = position.maker.union(&position.breaker);
        let mut done = CellSet::EMPTY;
        for m in position.maker.iter() {
            for dy in -r..=r {
                for dx in -r..=r {
                    let Some(cell) = board_cell(m.x() + dx, m.y() + dy) else { continue };
                    if occupied.contains(cell) || done.contains(cell) {
                        continue;
                    }
                    done.insert(cell);
                    let (mut best, mut live) = (0, 0);
                    for &i in &self.copies_at[cell.index()] {
                        let copy = &self.copies[i as usize];
                        if copy.cells.is_disjoint(&position.breaker) {
                            live += 1;
                            best = best.max(copy.cells.intersection(&position.maker).len() as u32);
                        }
                    }
                    if live > 0 {
                        scored.push((Reverse(best), Reverse(live), cell));
                    }
                }
            }
        }
        scored.sort();
        scored.into_iter().map(|(_, _, cell)| cell).take(breadth).collect()
    }

    /// Empty cells that give some copy free of Breaker stones its fifth Maker stone, the cells
    /// that make the most such threats first (ties in index order).
    fn threat_moves(&self, position: &Position) -> Vec<FrameCell> {
        let mut counts: HashMap<FrameCell, u32> = HashMap::new();
        let mut seen: HashSet<u32> = HashSet::new();
        for m in position.maker.iter() {
            for &i in &self.copies_at[m.index()] {
                if !seen.insert(i) {
                    continue;
                }
                let copy = &self.copies[i as usize];
                if copy.cells.intersection(&position.maker).len() == 4
                    && copy.cells.is_disjoint(&position.breaker)
                {
                    for cell in copy.cells.difference(&position.maker).iter() {
                        *counts.entry(cell).or_default() += 1;
                    }
                }
            }
        }
        let mut moves: Vec<(FrameCell, u32)> = counts.into_iter().collect();
        moves.sort_by_key(|&(cell, n)| (Reverse(n), cell));
        moves.into_iter().map(|(cell, _)| cell).collect()
    }

    /// Maker's moves to try at a position, best first: the pivots of the hand's cards, lowest
    /// first (the plan first among equals), up to the breadth; then cells near Maker's stones;
    /// near the end, the moves that make a threat. `heights` are the hand cards' heights and
    /// `depth` is Maker's moves since the search's start (wide near the root, narrower deep down).
    pub(super) fn candidate_moves(
        &self,
        position: &Position,
        hand: &[Claim],
        heights: &[u32],
        depth: u32,
    ) -> Vec<FrameCell> {
        let mut order: Vec<usize> = (0..hand.len()).collect();
        order.sort_by_key(|&i| heights[i]);
        let deep = self.config.deep_after > 0 && depth >= u32::from(self.config.deep_after);
        let (breadth, near) = if deep {
            (self.config.deep_breadth, self.config.deep_near)
        } else {
            (self.config.breadth, self.config.near)
        };
        let mut pivots: Vec<FrameCell> = Vec::new();
        for i in order {
            if heights[i] > position.budget.saturating_add(u32::from(self.config.slack)) {
                break;
            }
            let node = self.cards.node(hand[i].node);
            let Some(pivot) = hand[i].placement.apply_in_frame(node.pivot) else { continue };
            if node.is_base() || pivots.contains(&pivot) || position.breaker.contains(pivot) {
                continue;
            }
            pivots.push(pivot);
            if pivots.len() >= breadth {
                break;
            }
        }
        // Beyond the cards: every cell near Maker's stones, the most promising first.
        if near > 0 {
            for cell in self.near_moves(position, near, breadth) {
                if !pivots.contains(&cell) {
                    pivots.push(cell);
                }
            }
        }
        // Near the end, any move that makes a threat (a copy one stone short) is worth a try.
        if position.budget <= u32::from(self.config.threats) {
            for cell in self.threat_moves(position) {
                if !pivots.contains(&cell) {
                    pivots.push(cell);
                }
            }
        }
        pivots
    }
}
