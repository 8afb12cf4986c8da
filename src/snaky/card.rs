//! Evaluation of the certificate: every card and combination node as (A, T, h), exactly.

use super::cell::{Cell, FrameCell};
use super::cell_set::{Bounds, CellSet};
use super::certificate::{BASE_CARDS, Certificate};
use super::errors::EvalError;
use super::notation::{ChildSyntax, NodeSyntax};
use super::placement::Placement;
use super::shape::SNAKY;

/// Index of a node in [`Cards::nodes`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(pub u32);

/// A card or combination node: the claim (A, T, h) in its own frame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// The card this node is (or, for an inline node, the card whose line contains it).
    pub card: u32,
    /// Written in parentheses inside a line rather than as a line of its own.
    pub inline: bool,
    /// Maker's next cell: the pivot of a combination, the missing cell of a base card.
    pub pivot: FrameCell,
    /// A: the cells Maker must own.
    pub required: CellSet,
    /// T: the envelope, in which Breaker must own nothing.
    pub envelope: CellSet,
    /// h: Maker wins within h more moves.
    pub height: u32,
    /// A box around T (and so around A ⊆ T).
    pub bounds: Bounds,
    /// Where this node's children lie in [`Cards::children`]; empty for a base card.
    pub children: std::ops::Range<u32>,
    /// 1-based position of the node in the certificate (0 for base cards).
    pub line: usize,
    pub column: usize,
}

impl Node {
    pub fn is_base(&self) -> bool {
        self.children.is_empty()
    }
}

/// A child of a combination node, placed in the parent's frame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Child {
    pub node: NodeId,
    /// G: from the child's frame to the parent's (identity for an inline child).
    pub placement: Placement,
    /// Written as a reference `j` / `j:sXY` (otherwise inline).
    pub reference: bool,
    /// G(T_child): the placed envelope, indexed so that "does it contain cell b" is one bit test.
    pub placed_envelope: CellSet,
    /// G(A_child).
    pub placed_required: CellSet,
}

/// The evaluated certificate: 6 base cards, then every line's nodes (inline nodes first).
#[derive(Clone, Debug)]
pub struct Cards {
    nodes: Vec<Node>,
    children: Vec<Child>,
    /// `card_nodes[j]` is card j's node.
    card_nodes: Vec<NodeId>,
    /// `delays[i]`: the most Maker moves a Breaker can force from node i under the literal policy.
    delays: Vec<u32>,
}

impl Cards {
    /// Evaluates every line of the certificate in order.
    pub fn evaluate(certificate: &Certificate) -> Result<Self, EvalError> {
        let mut cards = Self {
            nodes: Vec::with_capacity(2048),
            children: Vec::with_capacity(8192),
            card_nodes: Vec::new(),
            delays: Vec::new(),
        };
        let full: CellSet = SNAKY.iter().filter_map(|c| FrameCell::new(c.x, c.y)).collect();
        // Base card j = (S \ {s_j}, S, 1).
        for (j, s) in SNAKY.iter().enumerate().take(BASE_CARDS as usize) {
            let missing = FrameCell::new(s.x, s.y).ok_or(EvalError::NoCards)?;
            let mut required = full;
            required.remove(missing);
            cards.card_nodes.push(NodeId(cards.nodes.len() as u32));
            cards.nodes.push(Node {
                card: j as u32,
                inline: false,
                pivot: missing,
                required,
                envelope: full,
                height: 1,
                bounds: Bounds::of(&full).unwrap_or(Bounds::cell(missing)),
                children: 0..0,
                line: 0,
                column: 0,
            });
        }
        if certificate.lines.is_empty() {
            return Err(EvalError::NoCards);
        }
        for line in &certificate.lines {
            let id = cards.combine(line.card, &line.root, false)?;
            cards.card_nodes.push(id);
        }
        cards.delays = cards.compute_delays();
        Ok(cards)
    }

    /// Each node's exact delay: 1 for a base card, else 1 + the largest delay among the children
    /// Breaker's reply classes select (rule 3 of SPEC §2.4). Children come before their parents.
    fn compute_delays(&self) -> Vec<u32> {
        let mut delays = Vec::with_capacity(self.nodes.len());
        for (i, node) in self.nodes.iter().enumerate() {
            let children = self.children(NodeId(i as u32));
            let mut owned = node.required;
            owned.insert(node.pivot);
            let open = node.envelope.difference(&owned);
            let selected = open
                .iter()
                .filter_map(|b| children.iter().position(|c| !c.placed_envelope.contains(b)))
                .chain((!children.is_empty()).then_some(0));
            let longest = selected.map(|c| delays[children[c].node.0 as usize]).max().unwrap_or(0);
            delays.push(1 + longest);
        }
        delays
    }

    /// The most Maker moves a Breaker can force from this node when Maker follows the
    /// certificate literally (for every card of the paper, its height).
    pub fn delay(&self, id: NodeId) -> u32 {
        self.delays.get(id.0 as usize).copied().unwrap_or(0)
    }

    /// The combination rule: T = {p} ∪ ⋃Tᵢ, A = (⋃Aᵢ ∪ ⋂Tᵢ) \ {p}, h = 1 + max hᵢ.
    fn combine(&mut self, card: u32, syntax: &NodeSyntax, inline: bool) -> Result<NodeId, EvalError> {
        let mut placed = Vec::with_capacity(syntax.children.len());
        let mut bounds = Bounds::cell(syntax.pivot);
        for child in &syntax.children {
            let (node, placement, reference, line, column) = match child {
                ChildSyntax::Reference { card: j, placement, line, column } => {
                    (self.card_nodes[*j as usize], *placement, true, *line, *column)
                }
                ChildSyntax::Inline(inner) => {
                    (self.combine(card, inner, true)?, Placement::IDENTITY, false, inner.line, inner.column)
                }
            };
            let outside = EvalError::OutsideFrame { card, line, column };
            let source = &self.nodes[node.0 as usize];
            let placed_envelope = source.envelope.placed(source.bounds, placement).ok_or(outside.clone())?;
            let placed_required = source.required.placed(source.bounds, placement).ok_or(outside)?;
            bounds = bounds.union(source.bounds.placed(placement));
            placed.push(Child { node, placement, reference, placed_envelope, placed_required });
        }
        let mut envelope = CellSet::single(syntax.pivot);
        let mut union_required = CellSet::EMPTY;
        let mut common = placed.first().map_or(CellSet::EMPTY, |c| c.placed_envelope);
        let mut height = 0;
        for child in &placed {
            envelope = envelope.union(&child.placed_envelope);
            union_required = union_required.union(&child.placed_required);
            common = common.intersection(&child.placed_envelope);
            height = height.max(self.nodes[child.node.0 as usize].height);
        }
        let mut required = union_required.union(&common);
        required.remove(syntax.pivot);
        let height = height.checked_add(1).ok_or(EvalError::TooTall {
            card,
            line: syntax.line,
            column: syntax.column,
        })?;
        let start = self.children.len() as u32;
        self.children.extend(placed);
        let id = NodeId(self.nodes.len() as u32);
        self.nodes.push(Node {
            card,
            inline,
            pivot: syntax.pivot,
            required,
            envelope,
            height,
            bounds,
            children: start..self.children.len() as u32,
            line: syntax.line,
            column: syntax.column,
        });
        Ok(id)
    }

    pub fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id.0 as usize]
    }

    pub fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    /// The children of a node, in printed order.
    pub fn children(&self, id: NodeId) -> &[Child] {
        let range = &self.node(id).children;
        &self.children[range.start as usize..range.end as usize]
    }

    /// All children of all nodes.
    pub fn all_children(&self) -> &[Child] {
        &self.children
    }

    /// Card j's node, if card j exists.
    pub fn card(&self, j: u32) -> Option<NodeId> {
        self.card_nodes.get(j as usize).copied()
    }

    /// Number of cards (6 base cards + one per line).
    pub fn card_count(&self) -> usize {
        self.card_nodes.len()
    }

    /// The last card: the whole strategy from the empty board (card 727).
    pub fn root(&self) -> NodeId {
        self.card_nodes.last().copied().unwrap_or(NodeId(0))
    }

    /// Ids of all combination nodes (lines and inline nodes).
    pub fn combination_nodes(&self) -> impl Iterator<Item = NodeId> + '_ {
        (0..self.nodes.len() as u32).map(NodeId).filter(|&id| !self.node(id).is_base())
    }
}

/// The cells of a set as board cells under a placement, in the set's index order.
pub fn placed_cells(set: &CellSet, placement: Placement) -> Vec<Cell> {
    set.iter().map(|c| placement.apply(c.cell())).collect()
}
