//! The memory cap: the caches are emptied when the process's resident memory passes it.

use std::collections::{HashMap, HashSet};

use super::Search;

/// The process's resident memory in bytes (Linux: `/proc/self/statm` counts pages of the system's
/// page size; elsewhere unknown).
fn resident_bytes() -> Option<u64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    resident_pages_bytes(&statm, page_size::get())
}

/// Resident bytes from the text of `/proc/self/statm` (its second field is the resident pages).
fn resident_pages_bytes(statm: &str, page_bytes: usize) -> Option<u64> {
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    pages.checked_mul(u64::try_from(page_bytes).ok()?)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resident_memory_is_the_second_field_of_statm_in_pages_of_the_systems_size() {
        // proc(5): size resident shared text lib data dt, in pages.
        assert_eq!(resident_pages_bytes("1000 250 30 4 0 90 0\n", 4096), Some(250 * 4096));
        assert_eq!(resident_pages_bytes("1000 250 30 4 0 90 0\n", 16384), Some(250 * 16384));
        assert_eq!(resident_pages_bytes("1000", 4096), None);
        assert_eq!(resident_pages_bytes("1000 x", 4096), None);
    }

    #[test]
    fn the_page_size_is_the_systems() {
        let page = page_size::get();
        assert!(page.is_power_of_two() && page >= 4096, "{page}");
        #[cfg(target_os = "linux")]
        {
            // `/proc/self/status` states the same resident memory in kB (VmRSS); other test threads
            // may allocate between the two reads, so they agree within a factor of 2, which a
            // wrong page size (4 KiB against 16 or 64 KiB) would break.
            let status = std::fs::read_to_string("/proc/self/status").expect("status");
            let kb: u64 = status
                .lines()
                .find_map(|l| l.strip_prefix("VmRSS:"))
                .and_then(|v| v.trim().strip_suffix("kB"))
                .and_then(|v| v.trim().parse().ok())
                .expect("VmRSS");
            let bytes = resident_bytes().expect("statm");
            assert!(bytes >= page as u64);
            assert!(bytes / 2 <= kb * 1024 && kb * 1024 <= bytes * 2, "statm {bytes} B, status {kb} kB");
        }
    }
}
