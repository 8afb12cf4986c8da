//! The search's own cards (its library): adding a card by the combination rule, looking one up
//! for a position, copying one under a symmetry, and restoring one from a checkpoint.

use super::{CardNumbers, CardRef, NewCard, Position, RestoreError, Search, board_cell};
use crate::snaky::cell::{FrameCell, PAPER_BOARD as BOARD};
use crate::snaky::cell_set::{Bounds, CellSet};
use crate::snaky::certificate::BASE_CARDS;
use crate::snaky::placement::{Placement, Symmetry};
use crate::snaky::policy::Claim;
use crate::snaky::shape::SNAKY;

impl Search<'_> {
    /// Adds a card to the library by the combination rule, checking every reference first
    /// (checkpoint cards read back from a file). The card's (A, T, h) is recomputed from its
    /// children, so a card read back is valid whatever the file claimed; a card whose (h, |A|,
    /// |T|) differ from `stated` does not join. Not handed to the sink.
    pub fn restore(
        &mut self,
        pivot: FrameCell,
        children: Vec<CardRef>,
        stated: CardNumbers,
    ) -> Result<usize, RestoreError> {
        if board_cell(pivot.x(), pivot.y()).is_none() {
            return Err(RestoreError::OffBoard);
        }
        if children.is_empty() {
            return Err(RestoreError::NoChildren);
        }
        for &child in &children {
            match child {
                CardRef::Base { card, placement } => {
                    let on_board = SNAKY.iter().all(|&s| {
                        let c = placement.apply(s);
                        board_cell(c.x, c.y).is_some()
                    });
                    if card >= BASE_CARDS || !on_board {
                        return Err(RestoreError::BadChild);
                    }
                }
                CardRef::Paper(claim) => {
                    if claim.node.0 as usize >= self.cards.nodes().len() || self.claim_sets(claim).is_none() {
                        return Err(RestoreError::BadChild);
                    }
                }
                CardRef::New(i) => {
                    if i >= self.library.len() {
                        return Err(RestoreError::BadChild);
                    }
                }
            }
        }
        let (required, envelope, height) = self.combined(pivot, &children);
        let computed = CardNumbers { height, required: required.len(), envelope: envelope.len() };
        if computed != stated {
            return Err(RestoreError::Stated { computed, stated });
        }
        let sink = self.sink.take();
        let proved = self.stats.proved;
        let card = self.combine(pivot, children);
        self.stats.proved = proved;
        self.sink = sink;
        match card {
            CardRef::New(i) => Ok(i),
            _ => Err(RestoreError::BadChild),
        }
    }

    /// The smallest-height card of the library that proves the position.
    pub(super) fn library_card(&self, position: &Position) -> Option<CardRef> {
        let anchors = std::iter::once(None).chain(position.maker.iter().map(Some));
        anchors
            .filter_map(|anchor| self.by_anchor.get(&anchor))
            .flatten()
            .map(|&i| (i, &self.library[i]))
            .filter(|(_, c)| {
                c.height <= position.budget
                    && c.required.is_subset(&position.maker)
                    && c.envelope.is_disjoint(&position.breaker)
            })
            .min_by_key(|(i, c)| (c.height, c.envelope.len(), *i))
            .map(|(i, _)| CardRef::New(i))
    }

    /// The lowest library card that proves the position under some symmetry and translation
    /// (other than its own placement), copied onto the board with everything it uses.
    pub(super) fn moved_library_card(&mut self, position: &Position) -> Option<CardRef> {
        let maker: Vec<FrameCell> = position.maker.iter().collect();
        let mut best: Option<(u32, usize, Placement)> = None;
        for (i, &m1) in maker.iter().enumerate() {
            for &m2 in &maker[i + 1..] {
                let Some(list) = self.by_shape.get(&(m2.x() - m1.x(), m2.y() - m1.y())) else { continue };
                for &(index, symmetry, a0) in list {
                    let card = &self.library[index as usize];
                    if card.height > position.budget || best.is_some_and(|(h, _, _)| card.height >= h) {
                        break;
                    }
                    let placement = Placement::new(symmetry, m1.x() - a0.0, m1.y() - a0.1);
                    if placement == Placement::IDENTITY {
                        continue;
                    }
                    let fits = card
                        .required
                        .iter()
                        .all(|c| placement.apply_in_frame(c).is_some_and(|p| position.maker.contains(p)));
                    if !fits {
                        continue;
                    }
                    // No Breaker stone in F(T): F⁻¹(b) ∉ T for each b (cheaper than placing T).
                    let inverse = placement.inverse();
                    let blocked = position
                        .breaker
                        .iter()
                        .any(|b| inverse.apply_in_frame(b).is_some_and(|c| card.envelope.contains(c)));
                    if blocked {
                        continue;
                    }
                    let Some(bounds) = Bounds::of(&card.envelope) else { continue };
                    let placed = bounds.placed(placement);
                    if placed.min_x < 0 || placed.min_y < 0 || placed.max_x >= BOARD || placed.max_y >= BOARD
                    {
                        continue;
                    }
                    best = Some((card.height, index as usize, placement));
                }
            }
        }
        let (_, index, placement) = best?;
        self.materialize(index, placement).map(CardRef::New)
    }

    /// Library card `index` under `placement`, as a library card of its own (its children moved
    /// too, each once); `None` if some part would leave the board.
    pub fn materialize(&mut self, index: usize, placement: Placement) -> Option<usize> {
        if placement == Placement::IDENTITY {
            return Some(index);
        }
        if let Some(&copy) = self.moved.get(&(index, placement)) {
            return Some(copy);
        }
        let card = self.library.get(index)?.clone();
        let pivot = placement.apply_in_frame(card.pivot).filter(|p| board_cell(p.x(), p.y()).is_some())?;
        let mut children = Vec::with_capacity(card.children.len());
        for child in card.children {
            children.push(match child {
                CardRef::Base { card, placement: g } => {
                    let f = placement.compose(g);
                    let on_board = SNAKY.iter().all(|&s| {
                        let c = f.apply(s);
                        board_cell(c.x, c.y).is_some()
                    });
                    if !on_board {
                        return None;
                    }
                    CardRef::Base { card, placement: f }
                }
                CardRef::Paper(claim) => {
                    let moved = Claim { node: claim.node, placement: placement.compose(claim.placement) };
                    self.claim_sets(moved)?;
                    CardRef::Paper(moved)
                }
                CardRef::New(j) => CardRef::New(self.materialize(j, placement)?),
            });
        }
        let CardRef::New(copy) = self.combine(pivot, children) else { return None };
        self.moved.insert((index, placement), copy);
        Some(copy)
    }

    /// The combination rule: T = {p} ∪ ⋃Tᵢ, A = (⋃Aᵢ ∪ ⋂Tᵢ) \ {p}, h = 1 + max hᵢ; (A, T, h).
    fn combined(&mut self, pivot: FrameCell, children: &[CardRef]) -> (CellSet, CellSet, u32) {
        let mut envelope = CellSet::single(pivot);
        let mut union_required = CellSet::EMPTY;
        let mut common: Option<CellSet> = None;
        let mut height = 0;
        for &child in children {
            let (required, child_envelope, child_height) = self.sets(child);
            envelope = envelope.union(&child_envelope);
            union_required = union_required.union(&required);
            common = Some(common.map_or(child_envelope, |c| c.intersection(&child_envelope)));
            height = height.max(child_height);
        }
        let mut required = union_required.union(&common.unwrap_or_default());
        required.remove(pivot);
        (required, envelope, height + 1)
    }

    /// A new card of the library by the combination rule.
    pub(super) fn combine(&mut self, pivot: FrameCell, children: Vec<CardRef>) -> CardRef {
        let (required, envelope, height) = self.combined(pivot, &children);
        self.stats.proved += 1;
        self.library.push(NewCard { pivot, children, required, envelope, height });
        let index = self.library.len() - 1;
        self.by_anchor.entry(required.iter().next()).or_default().push(index);
        if required.len() >= 2 {
            for symmetry in Symmetry::ALL {
                let mut cells: Vec<(i32, i32)> =
                    required.iter().map(|c| symmetry.apply(c.x(), c.y())).collect();
                cells.sort_unstable_by_key(|&(x, y)| (y, x));
                let (a0, a1) = (cells[0], cells[1]);
                let list = self.by_shape.entry((a1.0 - a0.0, a1.1 - a0.1)).or_default();
                // Lowest first (then oldest), so that a lookup stops at the first taller card.
                let library = &self.library;
                let at = list.partition_point(|&(i, _, _)| library[i as usize].height <= height);
                list.insert(at, (index as u32, symmetry, a0));
            }
        }
        if let Some(sink) = self.sink.as_mut() {
            sink(index, &self.library[index]);
        }
        CardRef::New(index)
    }
}
