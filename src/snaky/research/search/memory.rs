//! The memory cap: the caches are emptied when the process's resident memory passes it.

use std::collections::{HashMap, HashSet};

use super::Search;

/// The process's resident memory in bytes (Linux: `/proc/self/statm`; elsewhere unknown).
fn resident_bytes() -> Option<u64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * 4096)
}

impl Search<'_> {
    /// Empty the caches whenever resident memory exceeds `bytes`.
    pub fn set_memory_cap(&mut self, bytes: u64) {
        self.memory_cap = Some(bytes);
    }

    /// Whether the process's resident memory is above the cap (if one is set).
    pub(super) fn over_memory_cap(&self) -> bool {
        self.memory_cap.is_some_and(|cap| resident_bytes().is_some_and(|r| r > cap))
    }

    /// Empties the caches, which only save work (nothing proved is lost).
    pub(super) fn empty_caches(&mut self) {
        self.placed = HashMap::new();
        self.failed = HashSet::new();
        if self.trace.is_some() {
            self.trace = Some(HashMap::new());
        }
    }
}
