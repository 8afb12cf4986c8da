//! The search's configuration, and the settings `snaky search --target N` starts from.

/// What the search looks for and how far it may go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchConfig {
    /// The height the new root card must reach (Maker wins within this many moves).
    pub target: u8,
    /// Give up on a position whose best hand card is taller than its budget by more than this.
    pub slack: u8,
    /// Hand cards (with distinct pivots) tried as Maker's move at one position.
    pub breadth: usize,
    /// Stop after this many positions (a budget, not a proof of anything).
    pub max_positions: u64,
    /// With this many Maker moves left or fewer, moves that make a threat are tried too.
    pub threats: u8,
    /// If not 0, Maker also tries cells within this distance of its stones (up to `breadth`).
    pub near: u8,
    /// Find the cards a position satisfies incrementally: after Maker's move p, only the
    /// placements whose A contains p are looked for (the others were found one move earlier and
    /// came down in the hand). Off for `--out` runs, which keep the first search's order.
    pub incremental: bool,
    /// Give up on a position whose image under a symmetry and a translation was given up (a
    /// pruning keyed on canonical positions). Off for `--out` runs.
    pub canonical: bool,
    /// If not 0: below this many Maker moves from the start, Maker tries `deep_breadth` and
    /// `deep_near` instead of `breadth` and `near` (wide near the root, narrower deep down).
    pub deep_after: u8,
    pub deep_breadth: usize,
    pub deep_near: u8,
    /// Proof-number search (`search/pn.rs`) instead of depth-first: the same positions and
    /// moves, the most proving position expanded first.
    pub proof_numbers: bool,
}

impl SearchConfig {
    /// The settings `snaky search --target N` starts from.
    pub fn for_target(target: u8) -> Self {
        let slack = 21u8.saturating_sub(target).max(1);
        Self {
            target,
            slack,
            breadth: 4,
            max_positions: 2_000_000_000,
            threats: 0,
            near: 0,
            incremental: false,
            canonical: false,
            deep_after: 0,
            deep_breadth: 4,
            deep_near: 0,
            proof_numbers: false,
        }
    }
}
