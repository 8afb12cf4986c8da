//! The positions one hunt task gave up, kept across restarts, so that a task longer than a run
//! (a level-4 class takes days) goes on where it stopped instead of starting again.
//!
//! A task's search is depth-first in a fixed order and skips every position it gave up before
//! (the search's `failed` set, a digest of M, B and the budget). That set is all a restart loses
//! besides the proved cards, which the checkpoint keeps: written out here, one digest per line
//! in hexadecimal as each position is given up, and read back when the same task starts again,
//! the search walks its finished subtrees at once and resumes in the one it was in. A task that
//! was refuted is refuted again at once (its first position is in the file).
//!
//! The digests are only a pruning, as in the search: a wrong or foreign digest can make the
//! search skip a position, never accept a card. The file's first line names the task (target,
//! level, class, reply and the base certificate's SHA-256); a file of another task is started
//! afresh. A last line cut off by a crash is dropped, and reading stops at the first line that
//! is not a digest.

use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use super::checkpoint::CheckpointError;

/// The most a failure file is read (about 15 million digests); a larger one is started afresh.
pub const READ_LIMIT: u64 = 256 << 20;

/// The failure file of the task (level, class) in the hunt's directory.
pub fn path(dir: &Path, level: usize, class_label: &str) -> PathBuf {
    let class: String = class_label.chars().filter(|c| c.is_ascii_alphanumeric() || *c == ',').collect();
    dir.join(format!("failed-level{level}-{class}.txt"))
}

/// The first line of a task's failure file.
pub fn header(base_sha256: &str, target: u8, task: &str) -> String {
    format!("# pokopoko snaky failures v1 target={target} base={base_sha256} task={task}")
}

/// Appends the digests of positions given up to a task's file.
pub struct FailureLog {
    file: BufWriter<std::fs::File>,
    path: String,
}

/// What opening a task's file found.
pub struct Opened {
    pub log: FailureLog,
    /// The digests read back (empty for a new file or another task's).
    pub digests: Vec<u64>,
    /// Why the file was started afresh, if it was there but not read (another task's, too
    /// large, or unreadable).
    pub restarted: Option<String>,
}

impl FailureLog {
    /// Opens the file at `path` for the task named by `header`: reads back its digests if it is
    /// this task's, else starts it afresh with the header. A link, a FIFO or a device at `path`
    /// is refused (the hunt's directory may hold anything).
    pub fn open(path: &Path, header: &str) -> Result<Opened, CheckpointError> {
        let name = crate::escape::shown_path(path);
        let io = |source| CheckpointError::Io { path: name.clone(), source };
        let mut restarted = None;
        let mut digests = Vec::new();
        let mut rewrite = true;
        match crate::bounded_read::read(path, READ_LIMIT, crate::bounded_read::Accept::RegularFile) {
            Ok(bytes) => {
                let text = String::from_utf8_lossy(&bytes);
                if text.lines().next() == Some(header) {
                    digests = read_digests(&text);
                    // Whole and undamaged: appended to as it is; else rewritten with what was read.
                    rewrite = bytes.len() != header.len() + 1 + 17 * digests.len();
                } else {
                    restarted = Some("another task's file".to_owned());
                }
            }
            Err(e) if e.is_not_found() => {}
            Err(e) => restarted = Some(e.to_string()),
        }
        if rewrite {
            let mut text = format!("{header}\n");
            for digest in &digests {
                text.push_str(&format!("{digest:016x}\n"));
            }
            crate::safe_write::replace(path, text.as_bytes()).map_err(io)?;
        }
        let file = crate::safe_write::open_append(path).map_err(io)?;
        Ok(Opened { log: Self { file: BufWriter::new(file), path: name }, digests, restarted })
    }

    /// Appends one digest (buffered: a crash loses at most the last few thousand).
    pub fn push(&mut self, digest: u64) -> Result<(), CheckpointError> {
        writeln!(self.file, "{digest:016x}")
            .map_err(|source| CheckpointError::Io { path: self.path.clone(), source })
    }

    /// Writes out what is buffered.
    pub fn flush(&mut self) -> Result<(), CheckpointError> {
        self.file.flush().map_err(|source| CheckpointError::Io { path: self.path.clone(), source })
    }
}

/// The digests after the header: whole lines of 16 hexadecimal digits, up to the first line that
/// is not one; a last line without its newline (cut off by a crash) is dropped.
fn read_digests(text: &str) -> Vec<u64> {
    let complete = &text[..text.rfind('\n').map_or(0, |at| at + 1)];
    complete
        .lines()
        .skip(1)
        .map_while(|line| (line.len() == 16).then_some(line).and_then(|l| u64::from_str_radix(l, 16).ok()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opened(dir: &Path, header: &str) -> Opened {
        FailureLog::open(&dir.join("failed.txt"), header).expect("a file in a fresh directory")
    }

    #[test]
    fn digests_written_are_read_back_by_the_same_task_only() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let task = header("abc", 18, "level 4 class (1,0) reply (9,8)");
        let mut first = opened(dir.path(), &task);
        assert!(first.digests.is_empty() && first.restarted.is_none());
        for digest in [0, 1, u64::MAX, 0x0123_4567_89ab_cdef] {
            first.log.push(digest).expect("written");
        }
        drop(first);
        let again = opened(dir.path(), &task);
        assert_eq!(again.digests, [0, 1, u64::MAX, 0x0123_4567_89ab_cdef]);
        drop(again);
        let other = opened(dir.path(), &header("abc", 18, "level 5 class (1,0) reply (9,8)"));
        assert!(other.digests.is_empty());
        assert_eq!(other.restarted.as_deref(), Some("another task's file"));
        drop(other);
        let text = std::fs::read_to_string(dir.path().join("failed.txt")).expect("the file");
        assert_eq!(text, format!("{}\n", header("abc", 18, "level 5 class (1,0) reply (9,8)")));
    }

    #[test]
    fn a_line_cut_off_or_damaged_ends_the_reading_and_writing_goes_on_after_it() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let task = header("abc", 18, "t");
        let file = dir.path().join("failed.txt");
        std::fs::write(&file, format!("{task}\n00000000000000ff\n000000000000")).expect("written");
        let mut cut = opened(dir.path(), &task);
        assert_eq!(cut.digests, [0xff]);
        cut.log.push(7).expect("written");
        drop(cut);
        assert_eq!(opened(dir.path(), &task).digests, [0xff, 7], "the cut line is gone, not the next");
        std::fs::write(&file, format!("{task}\n0000000000000001\nnot a digest!!!!\n0000000000000002\n"))
            .expect("written");
        assert_eq!(opened(dir.path(), &task).digests, [1]);
        let text = std::fs::read_to_string(&file).expect("the file");
        assert_eq!(text, format!("{task}\n0000000000000001\n"), "rewritten without the damage");
    }

    #[test]
    fn a_directory_where_the_file_should_be_is_an_error_not_a_panic() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        std::fs::create_dir(dir.path().join("failed.txt")).expect("a directory");
        assert!(FailureLog::open(&dir.path().join("failed.txt"), "h").is_err());
    }

    #[test]
    fn the_file_name_keeps_only_the_class_label_s_letters() {
        assert_eq!(path(Path::new("d"), 4, "(1,0)"), Path::new("d/failed-level4-1,0.txt"));
        assert_eq!(path(Path::new("d"), 0, "far"), Path::new("d/failed-level0-far.txt"));
    }
}
