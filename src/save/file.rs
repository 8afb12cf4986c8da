//! The save on disk: opened with a bound on what is read, set aside or repaired when it must be,
//! and written atomically (a temporary file created exclusively next to the save's real file,
//! synced, then renamed over it).

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use thiserror::Error;

use super::format::{Save, Unusable};
use super::repair::{Repairable, SaveProblem, parse_repairing};
use crate::bounded_read::{self, Accept};

/// The file name inside the data directory.
pub const SAVE_FILE_NAME: &str = "save.ron";

/// The largest save read: above the largest save the game can write (every one of the
/// ladder's 100,000 stages cleared with every count at its largest, and the most strategy pages
/// remembered, each of the largest pick set: 21.5 MB, written one record a line; a test
/// builds it), so the game always reads back what it wrote. A larger file is set aside unread, as
/// an unusable one is.
pub const MAX_SAVE_BYTES: u64 = 32 * 1024 * 1024;

/// How the save is written: pretty down to one line per stage record or pick set (the records
/// themselves on that line), so that a long ladder costs tens of bytes a stage.
fn layout() -> ron::ser::PrettyConfig {
    ron::ser::PrettyConfig::default().depth_limit(3)
}

/// The most symbolic links followed from the save's name to the file that is replaced on a write.
const MAX_LINKS: usize = 40;

/// What went wrong while loading, to tell the player once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Notice {
    /// The old file could not be used; it now lives at `moved_to` and a fresh save began.
    SetAside { moved_to: PathBuf, reason: String },
    /// The file held entries the game never writes (a stage outside the ladder, a stage listed
    /// twice, a count beyond what a save may hold): they were left out or brought in range, the
    /// rest was kept, and the file as it was is copied to `kept_at`. `problems` lists the first
    /// few of `total`.
    Repaired { kept_at: PathBuf, problems: Vec<String>, total: usize },
    /// The old file could not be used and could not be moved or copied aside, so it stays where
    /// it is and the game runs without saving.
    NotSaving { reason: String },
    /// The file was only looked at (screenshots), never moved nor written: it could not be read,
    /// so this session starts fresh.
    LookedAtUnreadable { reason: String },
    /// The file was only looked at (screenshots), never moved nor written: it needed repair, and
    /// was repaired in memory only. `problems` lists the first few of `total`.
    LookedAtRepaired { problems: Vec<String>, total: usize },
}

#[derive(Debug, Error)]
pub enum SaveError {
    #[error("cannot write {path}: {source}")]
    Io { path: PathBuf, source: io::Error },
    #[error("cannot encode the save: {0}")]
    Encode(String),
    #[error("saving is off this session, so the save at {0} stays untouched")]
    Disabled(PathBuf),
}

/// The save file on disk, and whether this session may write it.
#[derive(Debug, Clone)]
pub struct SaveFile {
    path: PathBuf,
    writable: bool,
}

/// The result of opening the save: always a usable [`Save`], plus anything to tell the player.
#[derive(Debug)]
pub struct Opened {
    pub file: SaveFile,
    pub save: Save,
    pub notice: Option<Notice>,
}

impl SaveFile {
    /// The save in the user's data directory (e.g. `~/.local/share/pokopoko/save.ron`).
    pub fn default_path() -> Option<PathBuf> {
        directories::ProjectDirs::from("", "", "pokopoko").map(|dirs| dirs.data_dir().join(SAVE_FILE_NAME))
    }

    /// A save file that is never written (when there is no data directory, and for tests).
    pub fn in_memory() -> Self {
        Self { path: PathBuf::new(), writable: false }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    pub fn is_writable(&self) -> bool {
        self.writable
    }

    /// Opens the save at `path`: missing means fresh; unusable (a FIFO or a device, larger than
    /// [`MAX_SAVE_BYTES`], not a save) means set aside and fresh; repairable means repaired.
    pub fn open(path: impl Into<PathBuf>) -> Opened {
        let path = path.into();
        let problem = match read(&path) {
            Ok(None) => {
                return Opened { file: Self { path, writable: true }, save: Save::default(), notice: None };
            }
            Ok(Some(Repairable { save, problems, .. })) if problems.is_empty() => {
                return Opened { file: Self { path, writable: true }, save, notice: None };
            }
            Ok(Some(repairable)) => return Self::repaired(path, repairable),
            Err(problem) => problem,
        };
        let reason = problem.to_string();
        let (writable, notice) = match set_aside(&path) {
            Ok(moved_to) => (true, Notice::SetAside { moved_to, reason }),
            Err(err) => {
                (false, Notice::NotSaving { reason: format!("{reason}; moving it aside failed: {err}") })
            }
        };
        Opened { file: Self { path, writable }, save: Save::default(), notice: Some(notice) }
    }

    /// A save read with problems repaired: the file as it was is copied aside, then the repaired
    /// save is written over it. If the copy cannot be made, the file stays untouched and the
    /// session does not save.
    fn repaired(path: PathBuf, Repairable { save, problems, total }: Repairable) -> Opened {
        let problems = listed(&problems);
        let kept = free_sibling(&path, "before-repair").and_then(|kept_at| {
            // A new file (O_EXCL), and no more than a save may hold, whatever happened since.
            let mut copy = fs::OpenOptions::new().write(true).create_new(true).open(&kept_at)?;
            io::copy(&mut io::Read::take(fs::File::open(&path)?, MAX_SAVE_BYTES), &mut copy)?;
            Ok(kept_at)
        });
        let kept_at = match kept {
            Ok(kept_at) => kept_at,
            Err(err) => {
                let reason = format!("{}; copying it aside failed: {err}", problems.join("; "));
                return Opened {
                    file: Self { path, writable: false },
                    save,
                    notice: Some(Notice::NotSaving { reason }),
                };
            }
        };
        let file = Self { path, writable: true };
        // The copy is made; should this write fail, the next launch repairs the same file again.
        let _ = file.store(&save);
        Opened { file, save, notice: Some(Notice::Repaired { kept_at, problems, total }) }
    }

    /// Reads the save at `path` and never touches the file, not even to set a bad one aside or
    /// repair it (screenshots); the session does not save.
    pub fn peek(path: impl AsRef<Path>) -> Opened {
        let (save, notice) = match read(path.as_ref()) {
            Ok(None) => (Save::default(), None),
            Ok(Some(Repairable { save, problems, total })) => {
                let notice =
                    (total > 0).then(|| Notice::LookedAtRepaired { problems: listed(&problems), total });
                (save, notice)
            }
            Err(problem) => {
                (Save::default(), Some(Notice::LookedAtUnreadable { reason: problem.to_string() }))
            }
        };
        Opened { file: Self::in_memory(), save, notice }
    }

    /// Writes `save` atomically: the old file stays whole until the new one is complete. A save
    /// that is a symbolic link stays one: the file it points to is what is replaced.
    pub fn store(&self, save: &Save) -> Result<(), SaveError> {
        if !self.writable {
            return Err(SaveError::Disabled(self.path.clone()));
        }
        let mut text =
            ron::ser::to_string_pretty(save, layout()).map_err(|err| SaveError::Encode(err.to_string()))?;
        text.push('\n');
        let io_error = |source| SaveError::Io { path: self.path.clone(), source };
        let target = link_target(&self.path).map_err(io_error)?;
        // Only a regular file is ever replaced: never a device or a FIFO a link points to.
        if fs::metadata(&target).is_ok_and(|meta| !meta.is_file()) {
            let kind = io::Error::other(format!("{} is not a regular file", target.display()));
            return Err(io_error(kind));
        }
        let dir = match target.parent().filter(|dir| !dir.as_os_str().is_empty()) {
            // The data directory is made for the save's own name; a link's folder is the
            // link's business: a dangling link never makes the game create folders elsewhere.
            Some(dir) if target == self.path => {
                fs::create_dir_all(dir).map_err(io_error)?;
                dir.to_path_buf()
            }
            Some(dir) if !dir.is_dir() => {
                let kind = io::Error::other(format!(
                    "the save is a link to {}, whose folder does not exist",
                    crate::escape::shown_path(&target)
                ));
                return Err(io_error(kind));
            }
            Some(dir) => dir.to_path_buf(),
            None => PathBuf::from("."),
        };
        // Created with O_EXCL under a random name: nothing already there is written through.
        let mut temporary =
            tempfile::Builder::new().prefix(".save.").suffix(".tmp").tempfile_in(&dir).map_err(io_error)?;
        temporary.write_all(text.as_bytes()).map_err(io_error)?;
        temporary.as_file().sync_all().map_err(io_error)?;
        // On an error the temporary file is removed when dropped.
        temporary.persist(&target).map_err(|err| io_error(err.error))?;
        Ok(())
    }
}

/// The problems as the player is told them.
fn listed(problems: &[SaveProblem]) -> Vec<String> {
    problems.iter().map(ToString::to_string).collect()
}

/// The save at `path`, or `None` when there is none yet.
fn read(path: &Path) -> Result<Option<Repairable>, Unusable> {
    match bounded_read::read(path, MAX_SAVE_BYTES, Accept::RegularFile) {
        Err(err) if err.is_not_found() => Ok(None),
        Err(err) => Err(Unusable::Read(err)),
        Ok(bytes) => parse_repairing(&bytes).map(Some),
    }
}

/// The file a write to `path` replaces: `path` itself, or the end of its chain of symbolic links
/// (a save kept in a synced folder and linked from the data directory stays linked).
fn link_target(path: &Path) -> io::Result<PathBuf> {
    let mut current = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        match fs::symlink_metadata(&current) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let next = fs::read_link(&current)?;
                current = match current.parent() {
                    Some(dir) if next.is_relative() => dir.join(next),
                    _ => next,
                };
            }
            _ => return Ok(current),
        }
    }
    Err(io::Error::other(format!("more than {MAX_LINKS} symbolic links from {}", path.display())))
}

/// Renames an unusable save to a free `save.unreadable-<time>[-k].ron` next to it. A save that is
/// a link to a regular file keeps its link: the file it points to is renamed, in its own
/// directory, and the next write creates a fresh one there. A link to anything else (a device, a
/// FIFO, nothing) is itself renamed: nothing but a regular file is ever moved or replaced.
fn set_aside(path: &Path) -> io::Result<PathBuf> {
    let linked = link_target(path)
        .ok()
        .filter(|target| target != path && fs::metadata(target).is_ok_and(|meta| meta.is_file()));
    let moved = linked.as_deref().unwrap_or(path);
    let free = free_sibling(moved, "unreadable")?;
    fs::rename(moved, &free)?;
    Ok(free)
}

/// A name next to `path` that nothing uses: `save.<tag>-<time>[-k].ron`.
fn free_sibling(path: &Path, tag: &str) -> io::Result<PathBuf> {
    let stamp = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    (0..1000)
        .map(|k| match k {
            0 => sibling(path, &format!("{tag}-{stamp}")),
            k => sibling(path, &format!("{tag}-{stamp}-{k}")),
        })
        .find(|candidate| fs::symlink_metadata(candidate).is_err())
        .ok_or_else(|| io::Error::new(io::ErrorKind::AlreadyExists, "no free name next to the save"))
}

/// `dir/save.ron` → `dir/save.<tag>.ron`.
fn sibling(path: &Path, tag: &str) -> PathBuf {
    let stem = path.file_stem().map_or_else(|| "save".into(), |s| s.to_string_lossy().into_owned());
    let name = match path.extension() {
        Some(ext) => format!("{stem}.{tag}.{}", ext.to_string_lossy()),
        None => format!("{stem}.{tag}"),
    };
    path.with_file_name(name)
}
