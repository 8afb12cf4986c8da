//! Reading a file a player hands us with a limit on the bytes read, not on the size the file
//! claims: `/dev/zero`, a pipe or a growing file is refused at the limit, and nothing beyond the
//! limit is ever held in memory.

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

use thiserror::Error;

/// What a reader accepts besides a regular file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Accept {
    /// Only a regular file (a save, a ladder file): a FIFO, a device or a directory is refused
    /// without blocking on it.
    RegularFile,
    /// Any readable file, a pipe or `/dev/stdin` included (a certificate named on the command
    /// line), read up to the limit.
    AnyStream,
}

/// Why a file was not read.
#[derive(Debug, Error)]
pub enum ReadError {
    #[error("{0}")]
    Io(#[from] io::Error),
    #[error("it is not a regular file (a FIFO, a device or a directory), so it is not read")]
    NotAFile,
    #[error("it is larger than the limit of {limit} bytes")]
    TooLarge { limit: u64 },
}

impl ReadError {
    /// Whether the file is simply not there.
    pub fn is_not_found(&self) -> bool {
        matches!(self, Self::Io(err) if err.kind() == io::ErrorKind::NotFound)
    }
}

/// The bytes of the file at `path`, at most `limit` of them; one byte more is an error.
pub fn read(path: &Path, limit: u64, accept: Accept) -> Result<Vec<u8>, ReadError> {
    read_limited(open_checked(path, accept)?, limit)
}

/// The regular file at `path`, opened for reading without blocking: a FIFO, a device or a
/// directory is refused. For a file read piece by piece (a checkpoint part, line by line), with
/// its own limit.
pub fn open_regular(path: &Path) -> Result<File, ReadError> {
    open_checked(path, Accept::RegularFile)
}

fn open_checked(path: &Path, accept: Accept) -> Result<File, ReadError> {
    let file = open(path, accept)?;
    let kind = file.metadata()?.file_type();
    if accept == Accept::RegularFile && !kind.is_file() {
        return Err(ReadError::NotAFile);
    }
    if kind.is_dir() {
        return Err(ReadError::NotAFile);
    }
    Ok(file)
}

/// At most `limit` bytes of `reader`; one byte more is [`ReadError::TooLarge`].
pub fn read_limited(reader: impl Read, limit: u64) -> Result<Vec<u8>, ReadError> {
    let mut bytes = Vec::new();
    reader.take(limit.saturating_add(1)).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(ReadError::TooLarge { limit });
    }
    Ok(bytes)
}

#[cfg(unix)]
fn open(path: &Path, accept: Accept) -> io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    if accept == Accept::RegularFile {
        // A FIFO would block the open until a writer came; a regular file ignores the flag.
        options.custom_flags(libc::O_NONBLOCK);
    }
    options.open(path)
}

#[cfg(not(unix))]
fn open(path: &Path, _accept: Accept) -> io::Result<File> {
    File::open(path)
}
