//! Proof-number search over the same moves as the depth-first search.
//!
//! The depth-first search proves Maker's first move completely (or gives it up) before it tries
//! the second, so a wide level can spend days below a first move that fails while a later one
//! would have been proved quickly. This search keeps the tree in memory and always expands the
//! *most proving* position: at a Maker node the move whose proof number (how many positions at
//! least must still be proved) is smallest, at a Breaker node the reply whose disproof number is
//! smallest (Allis's proof-number search). Each position is examined exactly as the depth-first
//! search examines it ([`Search::examine`]: the same cards, the same moves, the same pruning), and
//! every proof is built by the same combination rule, so a card it proves is checked like any
//! other.
//!
//! A Breaker node (Maker has played `pivot`) asks its replies one at a time, exactly as
//! [`Search::prove_move`] does: first the reply outside every envelope, then, each time a reply is
//! proved, the first empty cell still inside every proved child's envelope (a cell that leaves
//! that intersection is answered by a card already proved and is never asked). Its proof number
//! is the asked reply's plus one for each open cell after it. A subtree whose root is decided is
//! freed at once, so memory follows the open tree; the search stops (out of budget) when the tree
//! alone would pass half the memory cap.

use std::rc::Rc;

use super::{CardRef, CellSet, Claim, Examined, Failure, FrameCell, Position, Search};

/// "Infinite" proof and disproof numbers (sums saturate here).
const INF: u32 = u32::MAX / 2;

enum Kind {
    /// Maker to move; `hand` until the position is examined. (Boxed: a node is small until it
    /// is a position, and most are leaves that are never expanded.)
    Maker { position: Box<Position>, hand: Option<Vec<Claim>>, depth: u32 },
    /// Maker has played `pivot` from the parent's position.
    Breaker { pivot: FrameCell, hand: Rc<[Claim]>, common: Option<Box<CellSet>>, proofs: Vec<CardRef> },
    /// A freed slot.
    Free,
}

struct Node {
    parent: u32,
    kind: Kind,
    children: Vec<u32>,
    expanded: bool,
    pn: u32,
    dn: u32,
    proof: Option<CardRef>,
}

impl Node {
    fn leaf(parent: u32, kind: Kind) -> Self {
        Self { parent, kind, children: Vec::new(), expanded: false, pn: 1, dn: 1, proof: None }
    }
}

/// The tree, with a free list of slots.
struct Tree {
    nodes: Vec<Node>,
    free: Vec<u32>,
}

impl Tree {
    fn add(&mut self, node: Node) -> u32 {
        match self.free.pop() {
            Some(id) => {
                self.nodes[id as usize] = node;
                id
            }
            None => {
                self.nodes.push(node);
                (self.nodes.len() - 1) as u32
            }
        }
    }

    /// Frees every node below `id` (not `id` itself).
    fn free_below(&mut self, id: u32) {
        let mut stack = std::mem::take(&mut self.nodes[id as usize].children);
        while let Some(n) = stack.pop() {
            let node = &mut self.nodes[n as usize];
            stack.append(&mut node.children);
            node.kind = Kind::Free;
            self.free.push(n);
        }
    }

    fn node(&self, id: u32) -> &Node {
        &self.nodes[id as usize]
    }

    fn node_mut(&mut self, id: u32) -> &mut Node {
        &mut self.nodes[id as usize]
    }

    /// The position of Maker node `id`.
    fn position(&self, id: u32) -> Position {
        match &self.node(id).kind {
            Kind::Maker { position, .. } => **position,
            _ => unreachable!("a Maker node"),
        }
    }
}

impl Search<'_> {
    /// Proves a Maker-to-move position by proof-number search (see the module's comment).
    pub(super) fn prove_by_numbers(&mut self, position: Position, hand: &[Claim]) -> Option<CardRef> {
        let mut tree = Tree { nodes: Vec::new(), free: Vec::new() };
        let root = Kind::Maker { position: Box::new(position), hand: Some(hand.to_vec()), depth: 0 };
        tree.add(Node::leaf(u32::MAX, root));
        let mut rounds: u64 = 0;
        while tree.node(0).pn != 0 && tree.node(0).dn != 0 && !self.out_of_budget {
            rounds += 1;
            // Above the memory cap the caches go (the process's memory); the search stops when
            // the tree alone would pass half the cap (at most a position a node).
            if rounds.is_multiple_of(1 << 14) {
                if self.over_memory_cap() {
                    self.empty_caches();
                }
                let live = (tree.nodes.len() - tree.free.len()) as u64;
                let bytes = live * (std::mem::size_of::<Node>() + std::mem::size_of::<Position>()) as u64;
                if self.memory_cap.is_some_and(|cap| bytes > cap / 2) {
                    self.out_of_budget = true;
                    break;
                }
            }
            let mut at = 0;
            while tree.node(at).expanded {
                at = self.most_proving_child(&tree, at);
            }
            self.expand(&mut tree, at);
            let mut n = at;
            loop {
                self.update(&mut tree, n);
                if n == 0 {
                    break;
                }
                n = tree.node(n).parent;
            }
        }
        self.stats.depth = 0;
        tree.node(0).proof
    }

    fn most_proving_child(&self, tree: &Tree, at: u32) -> u32 {
        let node = tree.node(at);
        let key = |&c: &u32| match node.kind {
            Kind::Maker { .. } => tree.node(c).pn,
            _ => tree.node(c).dn,
        };
        // The first of the best: Maker's moves are in the examined order, best first.
        let best = node.children.iter().map(key).min().unwrap_or(INF);
        node.children.iter().copied().find(|c| key(c) == best).unwrap_or_else(|| unreachable!("children"))
    }

    fn expand(&mut self, tree: &mut Tree, at: u32) {
        match &mut tree.node_mut(at).kind {
            Kind::Maker { position, hand, depth } => {
                let (position, depth) = (**position, *depth);
                let hand = hand.take().unwrap_or_default();
                self.stats.depth = depth;
                self.stats.max_depth = self.stats.max_depth.max(depth);
                let node = tree.node_mut(at);
                node.expanded = true;
                match self.examine(position, &hand, depth) {
                    Examined::Proved(card) => node.proof = Some(card),
                    Examined::Dead => node.dn = 0,
                    Examined::Moves { pivots, .. } if pivots.is_empty() => {
                        node.dn = 0;
                        self.give_up(&position, Failure::Moves(Vec::new()));
                    }
                    Examined::Moves { hand, pivots } => {
                        let hand: Rc<[Claim]> = hand.into();
                        for pivot in pivots {
                            let kind =
                                Kind::Breaker { pivot, hand: hand.clone(), common: None, proofs: Vec::new() };
                            let child = tree.add(Node::leaf(at, kind));
                            tree.node_mut(at).children.push(child);
                        }
                    }
                }
            }
            Kind::Breaker { .. } => {
                tree.node_mut(at).expanded = true;
                self.add_reply(tree, at, None);
            }
            Kind::Free => unreachable!("a freed node is never reached"),
        }
    }

    /// A Maker node under Breaker node `at` for `reply`.
    fn add_reply(&mut self, tree: &mut Tree, at: u32, reply: Option<FrameCell>) {
        let parent = tree.node(at).parent;
        let before = tree.position(parent);
        let depth = match tree.node(parent).kind {
            Kind::Maker { depth, .. } => depth + 1,
            _ => unreachable!("a Maker node"),
        };
        let Kind::Breaker { pivot, hand, .. } = &tree.node(at).kind else { unreachable!("a Breaker node") };
        let (pivot, hand) = (*pivot, hand.clone());
        let mut position = Position { fresh: Some(pivot), budget: before.budget - 1, ..before };
        position.maker.insert(pivot);
        if let Some(reply) = reply {
            position.breaker.insert(reply);
        }
        let hand = self.hand_after(&hand, pivot, reply);
        let kind = Kind::Maker { position: Box::new(position), hand: Some(hand), depth };
        let child = tree.add(Node::leaf(at, kind));
        tree.node_mut(at).children.push(child);
    }

    /// Recomputes node `at` from its children (and grows a Breaker node whose children were
    /// proved); frees the subtree of a node that is decided.
    fn update(&mut self, tree: &mut Tree, at: u32) {
        if !tree.node(at).expanded {
            return;
        }
        match &tree.node(at).kind {
            Kind::Maker { position, .. } => {
                let position = **position;
                let node = tree.node(at);
                if node.proof.is_some() {
                    (tree.node_mut(at).pn, tree.node_mut(at).dn) = (0, INF);
                } else if let Some(&won) = node.children.iter().find(|&&c| tree.node(c).pn == 0) {
                    let proof = tree.node(won).proof;
                    let node = tree.node_mut(at);
                    (node.pn, node.dn, node.proof) = (0, INF, proof);
                } else {
                    let pn = node.children.iter().map(|&c| tree.node(c).pn).min().unwrap_or(INF);
                    let dn =
                        node.children.iter().map(|&c| tree.node(c).dn).fold(0u32, |a, b| a.saturating_add(b));
                    let node = tree.node_mut(at);
                    (node.pn, node.dn) = (pn, dn.min(INF));
                    if dn == 0 && !node.children.is_empty() {
                        node.pn = INF;
                        self.give_up(&position, Failure::Moves(Vec::new()));
                    } else if node.children.is_empty() {
                        node.pn = INF;
                    }
                }
            }
            Kind::Breaker { .. } => self.update_breaker(tree, at),
            Kind::Free => return,
        }
        let node = tree.node(at);
        if node.pn == 0 || node.dn == 0 {
            tree.free_below(at);
        }
    }

    fn update_breaker(&mut self, tree: &mut Tree, at: u32) {
        // A reply that defeats the move defeats the node.
        if tree.node(at).children.iter().any(|&c| tree.node(c).dn == 0) {
            (tree.node_mut(at).pn, tree.node_mut(at).dn) = (INF, 0);
            return;
        }
        // The one reply asked at a time (as the depth-first search asks them): once it is
        // proved, its card joins the proofs and the next open reply is asked.
        let proved = tree.node(at).children.iter().copied().find(|&c| tree.node(c).pn == 0);
        let mut open_after = 0;
        if let Some(c) = proved {
            let proof = tree.node(c).proof.unwrap_or_else(|| unreachable!("a proved node has its card"));
            let (_, envelope, _) = self.sets(proof);
            let Kind::Breaker { common, proofs, .. } = &mut tree.node_mut(at).kind else {
                unreachable!("a Breaker node")
            };
            proofs.push(proof);
            *common = Some(Box::new(common.as_deref().map_or(envelope, |c| c.intersection(&envelope))));
            tree.free_below(c);
            tree.node_mut(c).kind = Kind::Free;
            tree.free.push(c);
            tree.node_mut(at).children.clear();
            let open = open_replies(tree, at);
            match open.iter().next() {
                None => {
                    let Kind::Breaker { pivot, proofs, .. } = &mut tree.node_mut(at).kind else {
                        unreachable!("a Breaker node")
                    };
                    let (pivot, proofs) = (*pivot, std::mem::take(proofs));
                    let card = self.combine(pivot, proofs);
                    let node = tree.node_mut(at);
                    (node.pn, node.dn, node.proof) = (0, INF, Some(card));
                    return;
                }
                Some(reply) => {
                    open_after = open.len() as u32 - 1;
                    self.add_reply(tree, at, Some(reply));
                }
            }
        } else if matches!(tree.node(at).kind, Kind::Breaker { common: Some(_), .. }) {
            // Still on the same reply: the open cells after it count as work to come.
            open_after = (open_replies(tree, at).len() as u32).saturating_sub(1);
        }
        let node = tree.node(at);
        let child = node.children.first().map_or((INF, 0), |&c| (tree.node(c).pn, tree.node(c).dn));
        let node = tree.node_mut(at);
        (node.pn, node.dn) = (child.0.saturating_add(open_after).min(INF), child.1);
    }
}

/// The replies still open at Breaker node `at`: every empty cell inside every proved child's
/// envelope (none before the first proof).
fn open_replies(tree: &Tree, at: u32) -> CellSet {
    let before = tree.position(tree.node(at).parent);
    let Kind::Breaker { pivot, common: Some(common), .. } = &tree.node(at).kind else {
        return CellSet::EMPTY;
    };
    let mut maker = before.maker;
    maker.insert(*pivot);
    common.difference(&maker).difference(&before.breaker)
}
