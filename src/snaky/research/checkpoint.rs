//! The search's checkpoint: every proved card, one line each, appended as it is proved.
//!
//! A line is `index x,y child child … = hH aA tT`: the card's pivot, its children, and the
//! (h, |A|, |T|) it had when written. A child is a base card `bJ/s/dx/dy`, a node of the base
//! certificate `pN/s/dx/dy` (node index of the evaluated certificate, placement s then
//! translation), or an earlier card of the same file `nI`. Reading a file back recomputes every
//! card by the combination rule from its children ([`Search::restore`]), so a card read back is
//! valid whatever the file says; the stated numbers only catch a file that does not belong to
//! this certificate. A last line cut off by a crash (no newline) is dropped: nothing else is lost.
//!
//! The first line names the base certificate's SHA-256, so a file written over other cards is
//! refused rather than misread.

use std::io::Write;

use super::search::{CardNumbers, CardRef, NewCard, Search};
use crate::snaky::card::NodeId;
use crate::snaky::cell::FrameCell;
use crate::snaky::placement::{Placement, Symmetry};
use crate::snaky::policy::Claim;

/// Why a checkpoint could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum CheckpointError {
    #[error("{path}: {source}")]
    Io { path: String, source: std::io::Error },
    #[error("{path}: not a checkpoint of this certificate (first line \"{found}\", expected \"{expected}\")")]
    Header { path: String, found: String, expected: String },
    #[error("{path} line {line}: {message}")]
    Line { path: String, line: usize, message: String },
}

/// The first line of a checkpoint over the certificate with this SHA-256.
pub fn header(base_sha256: &str) -> String {
    format!("# pokopoko snaky checkpoint v1 base={base_sha256}")
}

/// One card as a checkpoint line (with its newline).
pub fn line(index: usize, card: &NewCard) -> String {
    let mut text = format!("{index} {},{}", card.pivot.x(), card.pivot.y());
    for child in &card.children {
        text.push(' ');
        text.push_str(&child_text(*child));
    }
    text.push_str(&format!(" = h{} a{} t{}\n", card.height, card.required.len(), card.envelope.len()));
    text
}

fn child_text(child: CardRef) -> String {
    let placed = |p: Placement| format!("{}/{}/{}", p.symmetry.digit(), p.dx, p.dy);
    match child {
        CardRef::Base { card, placement } => format!("b{card}/{}", placed(placement)),
        CardRef::Paper(claim) => format!("p{}/{}", claim.node.0, placed(claim.placement)),
        CardRef::New(i) => format!("n{i}"),
    }
}

/// `hH aA tT`: the numbers a line states for its card.
fn card_numbers(text: &str) -> Option<CardNumbers> {
    let [h, a, t] = text.split_whitespace().collect::<Vec<_>>()[..] else { return None };
    Some(CardNumbers {
        height: h.strip_prefix('h')?.parse().ok()?,
        required: a.strip_prefix('a')?.parse().ok()?,
        envelope: t.strip_prefix('t')?.parse().ok()?,
    })
}

/// The largest translation a child may state (the board's cells are far closer).
const MAX_SHIFT: i32 = 1000;

fn parse_child(word: &str) -> Result<CardRef, String> {
    let bad = || format!("child \"{}\" is not bJ/s/dx/dy, pN/s/dx/dy or nI", crate::escape::shown(word));
    let (kind, rest) = word.split_at_checked(1).ok_or_else(bad)?;
    if kind == "n" {
        return rest.parse().map(CardRef::New).map_err(|_| bad());
    }
    let parts: Vec<&str> = rest.split('/').collect();
    let [number, s, dx, dy] = parts[..] else { return Err(bad()) };
    let number: u32 = number.parse().map_err(|_| bad())?;
    let symmetry = s.parse().ok().and_then(Symmetry::from_digit).ok_or_else(bad)?;
    // A range check, never arithmetic, on the numbers read (`abs` of i32::MIN overflows).
    let translation = |text: &str| text.parse::<i32>().ok().filter(|t| (-MAX_SHIFT..=MAX_SHIFT).contains(t));
    let dx = translation(dx).ok_or_else(bad)?;
    let dy = translation(dy).ok_or_else(bad)?;
    let placement = Placement::new(symmetry, dx, dy);
    match kind {
        "b" => Ok(CardRef::Base { card: number, placement }),
        "p" => Ok(CardRef::Paper(Claim { node: NodeId(number), placement })),
        _ => Err(bad()),
    }
}

/// The longest checkpoint line read, without its newline (the hunt writes lines of a few
/// hundred bytes; the committed cards' longest is 218).
pub const MAX_LINE_BYTES: usize = 16 * 1024;

/// The most bytes of one part read: about five million cards, far beyond any run (the committed
/// cards are 1.8 MB). What follows is not read, as after a bad line.
pub const MAX_PART_BYTES: u64 = 256 * 1024 * 1024;

/// What [`restore`] read: the cards added, the bytes of the file they and the header take, and
/// the line that stopped the reading, if one did (the cards before it are kept).
#[derive(Debug)]
pub struct Restored {
    pub added: usize,
    pub valid_bytes: u64,
    pub damaged: Option<CheckpointError>,
}

/// Opens a checkpoint part for reading: a regular file only, opened without blocking (a FIFO or
/// a device is refused, never waited on), read at most [`MAX_PART_BYTES`].
pub fn open_part(path: &std::path::Path) -> Result<impl std::io::BufRead + use<>, CheckpointError> {
    let io = |source| CheckpointError::Io { path: crate::escape::shown_path(path), source };
    let file = crate::bounded_read::open_regular(path).map_err(|e| match e {
        e if e.is_not_found() && path.symlink_metadata().is_ok() => {
            io(std::io::Error::other("a symbolic link to nothing, so it is not read (nor created)"))
        }
        crate::bounded_read::ReadError::Io(source) => io(source),
        e => io(std::io::Error::other(e.to_string())),
    })?;
    Ok(std::io::BufReader::new(std::io::Read::take(file, MAX_PART_BYTES + 1)))
}

/// The first card line of a checkpoint (after its comments), if it has one within the first
/// [`MAX_LINE_BYTES`] of each line.
pub fn first_card(mut input: impl std::io::BufRead) -> Option<String> {
    use std::io::Read;
    let mut raw = Vec::new();
    loop {
        raw.clear();
        let read = std::io::BufRead::read_until(
            &mut input.by_ref().take(MAX_LINE_BYTES as u64 + 2),
            b'\n',
            &mut raw,
        )
        .ok()?;
        let line = std::str::from_utf8(&raw).ok()?.trim_end_matches(['\r', '\n']);
        if read == 0 || raw.last() != Some(&b'\n') {
            return None;
        }
        if !line.starts_with('#') {
            return Some(line.to_owned());
        }
    }
}

/// Reads checkpoint lines into the search's library (which must be empty or hold exactly the
/// cards of earlier lines of the same file), one line at a time, none longer than
/// [`MAX_LINE_BYTES`] and no more than [`MAX_PART_BYTES`] in all. A wrong header or an unreadable
/// file is an error; a bad line (or the limit) stops the reading, and the cards before it are
/// kept ([`Restored::damaged`] says where).
pub fn restore(
    search: &mut Search<'_>,
    mut input: impl std::io::BufRead,
    base_sha256: &str,
    path: &str,
) -> Result<Restored, CheckpointError> {
    use std::io::Read;
    let first = search.library().len();
    let io = |source| CheckpointError::Io { path: path.to_owned(), source };
    let mut raw = Vec::new();
    let mut read_line = |raw: &mut Vec<u8>| {
        raw.clear();
        let limit = MAX_LINE_BYTES as u64 + 2; // the line, `\r\n`
        std::io::BufRead::read_until(&mut input.by_ref().take(limit), b'\n', raw).map_err(io)
    };
    let expected = header(base_sha256);
    let mut valid_bytes = read_line(&mut raw)? as u64;
    if raw.is_empty() {
        return Ok(Restored { added: 0, valid_bytes: 0, damaged: None });
    }
    let found = String::from_utf8_lossy(&raw);
    if found.trim_end() != expected {
        return Err(CheckpointError::Header {
            path: path.to_owned(),
            found: crate::escape::shown(found.trim_end()),
            expected,
        });
    }
    let mut added = 0;
    let mut read = valid_bytes;
    for number in 2.. {
        let length = read_line(&mut raw)? as u64;
        read += length;
        if length == 0 {
            break;
        }
        let err = |message: String| CheckpointError::Line { path: path.to_owned(), line: number, message };
        if read > MAX_PART_BYTES {
            let message = format!("the part is longer than the limit of {MAX_PART_BYTES} bytes");
            return Ok(Restored { added, valid_bytes, damaged: Some(err(message)) });
        }
        let ended = raw.last() == Some(&b'\n');
        let content = raw.strip_suffix(b"\n").unwrap_or(&raw);
        if content.strip_suffix(b"\r").unwrap_or(content).len() > MAX_LINE_BYTES {
            let message = format!("a line longer than the limit of {MAX_LINE_BYTES} bytes");
            return Ok(Restored { added, valid_bytes, damaged: Some(err(message)) });
        }
        if !ended {
            break; // cut off mid-write
        }
        match card_line(search, &raw, first + added) {
            Ok(card) => added += usize::from(card),
            Err(message) => return Ok(Restored { added, valid_bytes, damaged: Some(err(message)) }),
        }
        valid_bytes = read;
    }
    Ok(Restored { added, valid_bytes, damaged: None })
}

/// Reads one line (with its newline) into the library; whether it held a card (not a comment or
/// a blank line), or what is wrong with it.
fn card_line(search: &mut Search<'_>, raw: &[u8], expected: usize) -> Result<bool, String> {
    let raw = std::str::from_utf8(raw)
        .map_err(|e| format!("not UTF-8 text (byte {} is not part of a character)", e.valid_up_to() + 1))?;
    let raw = raw.trim_end();
    if raw.is_empty() || raw.starts_with('#') {
        return Ok(false);
    }
    let (body, stated) = raw.split_once(" = ").ok_or("no \" = hH aA tT\"")?;
    let stated = card_numbers(stated)
        .ok_or_else(|| format!("\"{}\" is not hH aA tT", crate::escape::shown(stated.trim())))?;
    let mut words = body.split_whitespace();
    let index: usize = words.next().and_then(|w| w.parse().ok()).ok_or("no card index")?;
    if index != expected {
        return Err(format!("card {index} where card {expected} was expected"));
    }
    let pivot = words
        .next()
        .and_then(|w| w.split_once(','))
        .and_then(|(x, y)| FrameCell::new(x.parse().ok()?, y.parse().ok()?))
        .ok_or("no pivot x,y")?;
    let children: Vec<CardRef> = words.map(parse_child).collect::<Result<_, _>>()?;
    search.restore(pivot, children, stated).map_err(|e| e.to_string())?;
    Ok(true)
}

/// An append-only checkpoint file: each card is written and flushed as it is proved.
pub struct Writer {
    file: std::fs::File,
    path: String,
}

impl Writer {
    /// Opens `path` for appending, writing the header if the file is new or empty. A link, a
    /// FIFO or a device at `path` is refused: only a regular file is written.
    pub fn open(path: &std::path::Path, base_sha256: &str) -> Result<Self, CheckpointError> {
        use std::io::{Read, Seek};
        let name = crate::escape::shown_path(path);
        let io = |source| CheckpointError::Io { path: name.clone(), source };
        let mut file = crate::safe_write::open_append(path).map_err(io)?;
        let len = file.metadata().map_err(io)?.len();
        if len == 0 {
            file.write_all(format!("{}\n", header(base_sha256)).as_bytes()).map_err(io)?;
        } else {
            // A line cut off by a crash is dropped on reading; start the next one on a new line.
            let mut last = [0u8];
            let mut reader = crate::bounded_read::open_regular(path)
                .map_err(|e| io(std::io::Error::other(e.to_string())))?;
            reader.seek(std::io::SeekFrom::Start(len - 1)).map_err(io)?;
            reader.read_exact(&mut last).map_err(io)?;
            if last != *b"\n" {
                file.write_all(b"\n").map_err(io)?;
            }
        }
        Ok(Self { file, path: name })
    }

    pub fn append(&mut self, index: usize, card: &NewCard) -> Result<(), CheckpointError> {
        let io = |source| CheckpointError::Io { path: self.path.clone(), source };
        self.file.write_all(line(index, card).as_bytes()).map_err(io)?;
        self.file.flush().map_err(io)
    }
}

/// The cards of `library` that `roots` use (children before parents), renumbered from `first`,
/// as checkpoint lines (no header): what is worth keeping of a long run. Returns the text and
/// the number of cards.
pub fn export(library: &[NewCard], roots: &[usize], first: usize) -> (String, usize) {
    let mut order: Vec<usize> = Vec::new();
    let mut seen = vec![false; library.len()];
    for &root in roots {
        let mut stack: Vec<(usize, bool)> = vec![(root, false)];
        while let Some((index, expanded)) = stack.pop() {
            if expanded {
                order.push(index);
                continue;
            }
            if index >= library.len() || seen[index] {
                continue;
            }
            seen[index] = true;
            stack.push((index, true));
            for child in library[index].children.iter().rev() {
                if let CardRef::New(i) = *child {
                    stack.push((i, false));
                }
            }
        }
    }
    let mut renumber = vec![usize::MAX; library.len()];
    let mut text = String::new();
    for (new, &old) in order.iter().enumerate() {
        renumber[old] = first + new;
        let mut card = library[old].clone();
        for child in &mut card.children {
            if let CardRef::New(i) = child {
                *i = renumber[*i];
            }
        }
        text.push_str(&line(first + new, &card));
    }
    (text, order.len())
}
