//! The local check of SPEC §2.3 at every combination node: each child needs no more than the
//! node owns, lies in its envelope and is lower, and every Breaker reply leaves some child.

use super::card::{Cards, NodeId};

/// The local check's outcome: reply classes in the envelopes, and the exterior class per node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LocalCheck {
    pub nodes: usize,
    pub in_envelope: usize,
    pub exterior: usize,
}

/// A node where the local check fails, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LocalFailure {
    pub card: u32,
    pub line: usize,
    pub column: usize,
    pub reason: LocalFailureReason,
}

/// Which rule of the local check a node breaks.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LocalFailureReason {
    #[error("p ∉ T")]
    PivotOutsideEnvelope,
    #[error("A of child {0} ⊄ A ∪ {{p}}")]
    ChildRequiresMore(usize),
    #[error("T of child {0} ⊄ T")]
    ChildEnvelopeOutside(usize),
    #[error("h < 1 + h of child {0}")]
    ChildTooTall(usize),
    #[error("reply class {0}: every child's envelope contains the reply")]
    NoChildAvoids(usize),
}

/// For each Breaker reply class of a node, the child Maker moves to: one class per cell b of
/// T \ M0 (M0 = A ∪ {p}), then the exterior class (child 0). `None`: no child avoids b.
/// A base card has none: Maker completes Snaky on its move.
pub fn reply_classes(cards: &Cards, id: NodeId) -> impl Iterator<Item = Option<usize>> + '_ {
    let node = cards.node(id);
    let base = node.is_base();
    let mut owned = node.required;
    owned.insert(node.pivot);
    let children = cards.children(id);
    node.envelope
        .difference(&owned)
        .iter()
        .map(move |b| children.iter().position(|c| !c.placed_envelope.contains(b)))
        .chain(std::iter::once(Some(0)))
        .filter(|_| !base)
        .collect::<Vec<_>>()
        .into_iter()
}

/// The local check at every combination node, with M0 = A ∪ {p}: each Aᵢ ⊆ M0, each Tᵢ ⊆ T,
/// h ≥ 1 + hᵢ, p ∈ T, and every reply b ∈ T \ M0 leaves some child with b ∉ Tᵢ.
pub fn local_check(cards: &Cards) -> Result<LocalCheck, LocalFailure> {
    let mut result = LocalCheck { nodes: 0, in_envelope: 0, exterior: 0 };
    for id in cards.combination_nodes() {
        let node = cards.node(id);
        let fail = |reason: LocalFailureReason| LocalFailure {
            card: node.card,
            line: node.line,
            column: node.column,
            reason,
        };
        let mut owned = node.required;
        owned.insert(node.pivot);
        if !node.envelope.contains(node.pivot) {
            return Err(fail(LocalFailureReason::PivotOutsideEnvelope));
        }
        for (i, child) in cards.children(id).iter().enumerate() {
            if !child.placed_required.is_subset(&owned) {
                return Err(fail(LocalFailureReason::ChildRequiresMore(i)));
            }
            if !child.placed_envelope.is_subset(&node.envelope) {
                return Err(fail(LocalFailureReason::ChildEnvelopeOutside(i)));
            }
            if node.height < 1 + cards.node(child.node).height {
                return Err(fail(LocalFailureReason::ChildTooTall(i)));
            }
        }
        for (class, child) in reply_classes(cards, id).enumerate() {
            if child.is_none() {
                return Err(fail(LocalFailureReason::NoChildAvoids(class)));
            }
        }
        result.nodes += 1;
        result.in_envelope += node.envelope.difference(&owned).len();
        result.exterior += 1;
    }
    Ok(result)
}
