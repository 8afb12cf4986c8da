//! Maker's policy, literally as in SPEC §2.4: the active claim (node, placement F), the move it
//! dictates, and the child it moves to after Breaker's reply. One extension: a game may turn the
//! whole plan about the opening ([`Claim::start_turned`], the replacement order with it); the
//! identity is SPEC's, and the turned game is SPEC's game turned, with the same guarantee.

use super::card::{Cards, NodeId, placed_cells};
use super::cell::Cell;
use super::placement::{Placement, Symmetry};

/// Maker's first move in every game: the root card's pivot lands here.
pub const OPENING: Cell = Cell::new(8, 8);

/// Rule 3's child for a reply outside the placed envelope: the first in printed order.
const OUTSIDE_CHILD: usize = 0;

/// The active claim: a node of the certificate under a placement F onto the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Claim {
    pub node: NodeId,
    pub placement: Placement,
}

impl Claim {
    /// The claim at the empty board: the last card (the root: 727 for the paper) translated so
    /// that its pivot lands on (8,8), Maker's opening for every certificate (the identity for
    /// the paper's).
    pub fn start(cards: &Cards) -> Self {
        Self::start_turned(cards, Symmetry::IDENTITY)
    }

    /// The claim at the empty board with the whole plan turned by `turn` about the opening: the
    /// root card under `turn`, translated so that its pivot still lands on (8,8). Every claim
    /// after it composes with this placement, so the game it leads to is the unturned one turned
    /// about (8,8) (see [`about_opening`]), with the same guarantee.
    pub fn start_turned(cards: &Cards, turn: Symmetry) -> Self {
        let pivot = cards.node(cards.root()).pivot;
        let (x, y) = turn.apply(pivot.x(), pivot.y());
        let placement = Placement::new(turn, OPENING.x - x, OPENING.y - y);
        Self { node: cards.root(), placement }
    }

    /// F(pivot): for a combination node its pivot, for a base card the cell that completes Snaky.
    #[inline]
    pub fn pivot(self, cards: &Cards) -> Cell {
        self.placement.apply(cards.node(self.node).pivot.cell())
    }

    pub fn height(self, cards: &Cards) -> u32 {
        cards.node(self.node).height
    }

    /// The card number shown to the player (for an inline node, the card whose line holds it).
    pub fn card(self, cards: &Cards) -> u32 {
        cards.node(self.node).card
    }

    /// The placed envelope F(T), in the frame's index order.
    pub fn envelope(self, cards: &Cards) -> Vec<Cell> {
        placed_cells(&cards.node(self.node).envelope, self.placement)
    }

    /// The placed required set F(A), in the frame's index order.
    pub fn required(self, cards: &Cards) -> Vec<Cell> {
        placed_cells(&cards.node(self.node).required, self.placement)
    }

    /// Rule 3: the index of the first child, in printed order, whose placed envelope does not
    /// contain Breaker's reply; a reply outside the envelope keeps child 0. A base card has no
    /// children (`None`); so has a reply on a cell every child needs, which Maker already owns.
    #[inline]
    pub fn child_index(self, cards: &Cards, reply: Cell) -> Option<usize> {
        let children = cards.children(self.node);
        if children.is_empty() {
            return None;
        }
        match self.placement.locate(reply) {
            Some(local) => children.iter().position(|c| !c.placed_envelope.contains(local)),
            None => Some(OUTSIDE_CHILD),
        }
    }

    /// The claim after Breaker's reply: the selected child under F (inline) or F ∘ G (reference).
    #[inline]
    pub fn after_reply(self, cards: &Cards, reply: Cell) -> Option<Self> {
        let index = self.child_index(cards, reply)?;
        Some(self.child(cards, index))
    }

    /// The claim after any reply outside the placed envelope (rule 3 keeps child 0, wherever the
    /// reply is); `None` for a base card. The heat map and the hint learn here what such a reply
    /// leads to; the perfect Breaker plays a far cell through `after_reply`, which agrees.
    pub fn after_outside_reply(self, cards: &Cards) -> Option<Self> {
        (!cards.children(self.node).is_empty()).then(|| self.child(cards, OUTSIDE_CHILD))
    }

    fn child(self, cards: &Cards, index: usize) -> Self {
        let child = &cards.children(self.node)[index];
        Self { node: child.node, placement: self.placement.compose(child.placement) }
    }

    /// Rules 1 and 2: F(pivot) if it is free, otherwise (Maker already owns it) the first free
    /// cell in the replacement order, unturned (a turned game's claims need its own order:
    /// [`Claim::maker_cell_from`] with [`FirstFree::turned`]).
    #[inline]
    pub fn maker_cell(self, cards: &Cards, is_free: impl Fn(Cell) -> bool) -> Cell {
        self.maker_cell_from(cards, is_free, &mut FirstFree::default())
    }

    /// [`Claim::maker_cell`] on a board whose stones are only ever added: the replacement order
    /// is resumed where `first_free` last stopped, so a game walks it once in all.
    #[inline]
    pub fn maker_cell_from(
        self,
        cards: &Cards,
        is_free: impl Fn(Cell) -> bool,
        first_free: &mut FirstFree,
    ) -> Cell {
        let pivot = self.pivot(cards);
        if is_free(pivot) { pivot } else { first_free.find(is_free) }
    }
}

/// Rule 2's search for the first free cell in the replacement order, resumed where it last
/// stopped: every cell before `next` was occupied then, and stones are never taken back (a
/// game that undoes moves starts a new one).
/// In a turned game the order is turned about the opening as well, so that the whole game is
/// the unturned one turned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FirstFree {
    next: Cell,
    /// The turn about the opening, as a placement.
    turn: Placement,
}

impl Default for FirstFree {
    fn default() -> Self {
        Self::turned(Symmetry::IDENTITY)
    }
}

impl FirstFree {
    /// The replacement order turned by `turn` about the opening.
    pub fn turned(turn: Symmetry) -> Self {
        Self { next: Cell::new(0, 0), turn: about_opening(turn) }
    }

    /// The first free cell at or after where the last search stopped.
    pub fn find(&mut self, is_free: impl Fn(Cell) -> bool) -> Cell {
        while !is_free(self.turn.apply(self.next)) {
            self.next = self.next.next_in_replacement_order();
        }
        self.turn.apply(self.next)
    }
}

/// The placement that turns the board by `turn` about Maker's opening (8,8), which stays put.
pub const fn about_opening(turn: Symmetry) -> Placement {
    let (x, y) = turn.apply(OPENING.x, OPENING.y);
    Placement::new(turn, OPENING.x - x, OPENING.y - y)
}
