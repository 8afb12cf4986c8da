//! Writing what the search found as a certificate: the paper's text, then the new cards.

use std::collections::HashMap;

use super::{CardRef, Search};
use crate::snaky::card::{Cards, NodeId};
use crate::snaky::cell::FrameCell;
use crate::snaky::certificate::Certificate;
use crate::snaky::errors::WriteError;
use crate::snaky::notation::{CardLine, ChildSyntax, NodeSyntax, symbol, write_line};
use crate::snaky::placement::Placement;

impl Search<'_> {
    /// The certificate: the paper's text byte for byte, then the new cards from 728 on, children
    /// before parents, the root (`root`, A = ∅) last. Paper inline nodes used as children are
    /// copied as numbered cards first (their text unchanged). The new part is translated so that
    /// every written translation is non-negative.
    pub fn write_certificate(&self, paper: &str, root: usize) -> Result<String, WriteError> {
        // Post-order over the new cards the root uses.
        let mut order: Vec<usize> = Vec::new();
        let mut seen = vec![false; self.library.len()];
        let mut stack: Vec<(usize, bool)> = vec![(root, false)];
        while let Some((index, expanded)) = stack.pop() {
            if expanded {
                order.push(index);
                continue;
            }
            if seen[index] {
                continue;
            }
            seen[index] = true;
            stack.push((index, true));
            for child in self.library[index].children.iter().rev() {
                if let CardRef::New(i) = *child
                    && !seen[i]
                {
                    stack.push((i, false));
                }
            }
        }
        // The offset that makes every translation non-negative.
        let (mut min_x, mut min_y) = (0i32, 0i32);
        for &index in &order {
            for child in &self.library[index].children {
                let placement = match *child {
                    CardRef::Base { placement, .. } => placement,
                    CardRef::Paper(claim) => claim.placement,
                    CardRef::New(_) => continue,
                };
                min_x = min_x.min(placement.dx);
                min_y = min_y.min(placement.dy);
            }
        }
        let mut lines = Lines::after(paper, self.cards.card_count() as u32, (-min_x, -min_y));
        let mut numbers: HashMap<usize, u32> = HashMap::new();
        for &index in &order {
            let card = &self.library[index];
            let (ox, oy) = lines.offset;
            let pivot = frame_cell(card.pivot.x() + ox, card.pivot.y() + oy)?;
            let mut children = Vec::with_capacity(card.children.len());
            for child in &card.children {
                children.push(match *child {
                    CardRef::Base { card, placement } => lines.reference(card, placement),
                    CardRef::New(i) => ChildSyntax::Reference {
                        card: numbers[&i],
                        placement: Placement::IDENTITY,
                        line: 0,
                        column: 0,
                    },
                    CardRef::Paper(claim) => {
                        let card = lines.paper_card(self.cards, claim.node)?;
                        lines.reference(card, claim.placement)
                    }
                });
            }
            numbers.insert(index, lines.push(NodeSyntax { pivot, children, line: 0, column: 0 })?);
        }
        Ok(lines.out)
    }
}

/// The certificate as it is written: the paper's text, then new lines numbered on from it.
struct Lines<'p> {
    paper: &'p str,
    out: String,
    next_card: u32,
    /// Added to every written coordinate, so that translations are non-negative.
    offset: (i32, i32),
    /// The paper's lines, read once the first of its inline nodes is copied.
    syntax: Option<Certificate>,
    /// The paper's inline nodes copied so far, and the card each became.
    copies: HashMap<NodeId, u32>,
}

impl<'p> Lines<'p> {
    fn after(paper: &'p str, next_card: u32, offset: (i32, i32)) -> Self {
        let mut out = String::with_capacity(paper.len() * 3);
        out.push_str(paper);
        if !out.ends_with('\n') {
            out.push('\n');
        }
        Self { paper, out, next_card, offset, syntax: None, copies: HashMap::new() }
    }

    /// Writes `root` as the next card's line; returns its number.
    fn push(&mut self, root: NodeSyntax) -> Result<u32, WriteError> {
        let card = self.next_card;
        self.out.push_str(&write_line(&CardLine { card, line: 0, root })?);
        self.out.push('\n');
        self.next_card += 1;
        Ok(card)
    }

    /// Card `card` under `placement`, moved by the offset.
    fn reference(&self, card: u32, placement: Placement) -> ChildSyntax {
        let (ox, oy) = self.offset;
        let placement = Placement::new(placement.symmetry, placement.dx + ox, placement.dy + oy);
        ChildSyntax::Reference { card, placement, line: 0, column: 0 }
    }

    /// The number of a paper node: its card, or for an inline node the card it is copied as
    /// (its syntax unchanged, on a line of its own the first time it is used).
    fn paper_card(&mut self, cards: &Cards, id: NodeId) -> Result<u32, WriteError> {
        let node = cards.node(id);
        if !node.inline {
            return Ok(node.card);
        }
        if let Some(&card) = self.copies.get(&id) {
            return Ok(card);
        }
        if self.syntax.is_none() {
            self.syntax = Some(Certificate::parse(self.paper).map_err(WriteError::BaseCertificate)?);
        }
        let missing = WriteError::MissingInline { line: node.line, column: node.column };
        let copied =
            self.syntax.as_ref().and_then(|s| s.node_at(node.line, node.column)).ok_or(missing)?.clone();
        let card = self.push(copied)?;
        self.copies.insert(id, card);
        Ok(card)
    }
}

/// The frame cell at (x, y), or the first coordinate the alphabet cannot write.
fn frame_cell(x: i32, y: i32) -> Result<FrameCell, WriteError> {
    for value in [x, y] {
        if symbol(value).is_none() {
            return Err(WriteError::CoordinateOutOfRange(value));
        }
    }
    FrameCell::new(x, y).ok_or(WriteError::CoordinateOutOfRange(x))
}
