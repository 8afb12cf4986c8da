//! Issue 37 items 9 and 17: memory a hostile file makes us hold, counted by an allocator that
//! keeps the peak of live bytes (in a test binary of its own, so that no other test's memory
//! counts).

use std::alloc::{GlobalAlloc, Layout, System};
use std::io::Read;
use std::sync::atomic::{AtomicUsize, Ordering};

use pokopoko::snaky::research::checkpoint::{self, CheckpointError};
use pokopoko::snaky::research::hunt::{self, COMMITTED_19};
use pokopoko::snaky::{Maker, verify};

struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is passed on to the system allocator unchanged; only counters are added.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let live = LIVE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
        PEAK.fetch_max(live, Ordering::Relaxed);
        // SAFETY: the caller's layout, as GlobalAlloc requires.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        // SAFETY: `ptr` came from `alloc` with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The most bytes live at once while `work` runs, above what was live before it.
fn peak_during<T>(work: impl FnOnce() -> T) -> (T, usize) {
    let before = LIVE.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    let result = work();
    (result, PEAK.load(Ordering::Relaxed) - before)
}

/// A checkpoint part made on the fly: the header, `comments` comment lines of 1 KiB, then one
/// line one byte past the line limit; never held whole.
fn long_part(comments: usize) -> impl Read {
    let head = format!("{}\n", COMMITTED_19.lines().next().unwrap());
    let comment = format!("#{}\n", "x".repeat(1022));
    let over = format!("#{}\n", "x".repeat(checkpoint::MAX_LINE_BYTES));
    std::io::Cursor::new(head)
        .chain(Lines { line: comment, left: comments })
        .chain(std::io::Cursor::new(over))
}

struct Lines {
    line: String,
    left: usize,
}

impl Read for Lines {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.left == 0 {
            return Ok(0);
        }
        let n = self.line.len().min(buf.len());
        buf[..n].copy_from_slice(&self.line.as_bytes()[..n]);
        if n == self.line.len() {
            self.left -= 1;
        } else {
            self.line = self.line[n..].to_owned();
        }
        Ok(n)
    }
}

/// The two measurements run one after the other: the allocator's peak is the whole process's.
#[test]
fn hostile_files_stay_within_the_stated_memory() {
    // Item 17: 16 MiB of newlines took 311 MB (README: the worst files stay under 80 MB).
    let newlines = "\n".repeat(16 * 1024 * 1024);
    let (report, peak) = peak_during(|| verify::verify_any(&newlines));
    assert!(!report.passed());
    assert!(peak < 80_000_000 - newlines.len(), "{peak} bytes besides the file (README: under 80 MB)");
    drop(newlines);
    // Item 9: a part was read whole (200 MB took 457 MB). 64 MiB of lines, then one past the
    // limit: the reading stops there, holding about one line at a time.
    let ours = Maker::Ours.cards().unwrap();
    let comments = 64 * 1024;
    let (loaded, peak) = peak_during(|| {
        hunt::load_cards(&ours, std::io::BufReader::new(long_part(comments)), Maker::Ours.sha256(), "part")
    });
    let loaded = loaded.expect("the header is right");
    assert!(loaded.cards.is_empty());
    match loaded.damaged {
        Some(CheckpointError::Line { line, .. }) => assert_eq!(line, comments + 2),
        other => panic!("{other:?}"),
    }
    assert!(peak < 16 * 1024 * 1024, "{peak} bytes for a 64 MiB part");
}
