//! Writing into a directory someone else may have filled with links, FIFOs or devices (the
//! hunt's checkpoint directory): a file is replaced by renaming a temporary file created
//! exclusively beside it, appended to only if it is a regular file reached without following a
//! link, and a directory is claimed by an advisory lock, so that two runs never write into it
//! at once.

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::Path;

/// Replaces `path` with `bytes`: a temporary file created with `O_EXCL` under a random name in
/// the same directory, synced, then renamed over `path`. A link at `path` is replaced, never
/// written through.
pub fn replace(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = match path.parent().filter(|dir| !dir.as_os_str().is_empty()) {
        Some(dir) => dir,
        None => Path::new("."),
    };
    let mut temporary = tempfile::Builder::new().prefix(".pokopoko.").suffix(".tmp").tempfile_in(dir)?;
    temporary.write_all(bytes)?;
    temporary.as_file().sync_all()?;
    // On an error the temporary file is removed when dropped.
    temporary.persist(path).map_err(|err| err.error)?;
    Ok(())
}

/// Opens `path` for appending, creating it if there is nothing there. A link (dangling or not),
/// a FIFO, a device or a directory at `path` is refused: only a regular file is written.
pub fn open_append(path: &Path) -> io::Result<File> {
    let mut options = OpenOptions::new();
    options.append(true).create(true);
    no_follow(&mut options);
    regular(options.open(path).map_err(link_refused)?)
}

/// The error of an open with `O_NOFOLLOW` on a link, said plainly.
fn link_refused(err: io::Error) -> io::Error {
    #[cfg(unix)]
    if err.raw_os_error() == Some(libc::ELOOP) {
        return io::Error::other("a symbolic link, which is never written through");
    }
    err
}

/// Creates `path` with `bytes`; anything already there, a dangling link included, is an error.
pub fn create_new(path: &Path, bytes: &[u8]) -> io::Result<()> {
    // O_CREAT | O_EXCL never follows a link.
    let mut file = OpenOptions::new().write(true).create_new(true).open(path)?;
    file.write_all(bytes)?;
    file.sync_all()
}

/// The lock on a directory: held until dropped (or the process ends).
#[derive(Debug)]
pub struct DirLock {
    _file: File,
}

/// Why a directory could not be locked.
#[derive(Debug, thiserror::Error)]
pub enum LockError {
    #[error("another run holds the lock {0} (one run at a time per directory)")]
    Held(String),
    #[error("{path}: {source}")]
    Io { path: String, source: io::Error },
}

/// The name of the lock file inside a locked directory.
pub const LOCK_FILE: &str = "lock";

/// Takes the advisory lock on `dir` (an exclusive lock on `dir/lock`, created if need be),
/// without waiting: a directory another run holds is refused at once.
pub fn lock_dir(dir: &Path) -> Result<DirLock, LockError> {
    let path = dir.join(LOCK_FILE);
    let shown = crate::escape::shown_path(&path);
    let io = |source| LockError::Io { path: shown.clone(), source };
    let mut options = OpenOptions::new();
    options.read(true).write(true).create(true).truncate(false);
    no_follow(&mut options);
    let file = options.open(&path).map_err(link_refused).and_then(regular).map_err(io)?;
    match file.try_lock() {
        Ok(()) => Ok(DirLock { _file: file }),
        Err(std::fs::TryLockError::WouldBlock) => Err(LockError::Held(shown.clone())),
        Err(std::fs::TryLockError::Error(source)) => Err(io(source)),
    }
}

/// `file` if it is a regular file; a FIFO, a device or a directory is an error.
fn regular(file: File) -> io::Result<File> {
    if file.metadata()?.is_file() {
        Ok(file)
    } else {
        Err(io::Error::other("not a regular file (a FIFO, a device or a directory), so it is not written"))
    }
}

#[cfg(unix)]
fn no_follow(options: &mut OpenOptions) {
    use std::os::unix::fs::OpenOptionsExt;
    // A FIFO must not block the open either.
    options.custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK);
}

#[cfg(not(unix))]
fn no_follow(_options: &mut OpenOptions) {}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn links_are_never_written_through() {
        let dir = tempfile::tempdir().unwrap();
        let victim = dir.path().join("victim");
        std::fs::write(&victim, "kept").unwrap();
        let link = dir.path().join("link");
        std::os::unix::fs::symlink(&victim, &link).unwrap();
        assert!(open_append(&link).is_err());
        assert!(create_new(&link, b"x").is_err());
        replace(&link, b"new").unwrap();
        assert_eq!(std::fs::read_to_string(&victim).unwrap(), "kept");
        assert_eq!(std::fs::read_to_string(&link).unwrap(), "new");
        assert!(!std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
        let dangling = dir.path().join("dangling");
        let target = dir.path().join("created");
        std::os::unix::fs::symlink(&target, &dangling).unwrap();
        assert!(open_append(&dangling).is_err());
        assert!(!target.exists());
    }

    #[test]
    fn a_second_lock_on_a_directory_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let first = lock_dir(dir.path()).unwrap();
        assert!(matches!(lock_dir(dir.path()), Err(LockError::Held(_))));
        drop(first);
        assert!(lock_dir(dir.path()).is_ok());
    }
}
