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

use super::card::NodeId;
use super::cell::FrameCell;
use super::placement::{Placement, Symmetry};
use super::policy::Claim;
use super::search::{CardRef, NewCard, Search};

/// Why a checkpoint could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum CheckpointError {
    #[error("{path}: {source}")]
    Io { path: String, source: std::io::Error },
    #[error("{path}: not a checkpoint of this certificate (first line {found:?}, expected {expected:?})")]
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

fn parse_child(word: &str) -> Result<CardRef, String> {
    let bad = || format!("child {word:?} is not bJ/s/dx/dy, pN/s/dx/dy or nI");
    let (kind, rest) = word.split_at_checked(1).ok_or_else(bad)?;
    if kind == "n" {
        return rest.parse().map(CardRef::New).map_err(|_| bad());
    }
    let parts: Vec<&str> = rest.split('/').collect();
    let [number, s, dx, dy] = parts[..] else { return Err(bad()) };
    let number: u32 = number.parse().map_err(|_| bad())?;
    let symmetry = s.parse().ok().and_then(Symmetry::from_digit).ok_or_else(bad)?;
    let dx: i32 = dx.parse().map_err(|_| bad())?;
    let dy: i32 = dy.parse().map_err(|_| bad())?;
    if dx.abs() > 1000 || dy.abs() > 1000 {
        return Err(bad());
    }
    let placement = Placement::new(symmetry, dx, dy);
    match kind {
        "b" => Ok(CardRef::Base { card: number, placement }),
        "p" => Ok(CardRef::Paper(Claim { node: NodeId(number), placement })),
        _ => Err(bad()),
    }
}

/// Reads checkpoint text into the search's library (which must be empty or hold exactly the
/// cards of earlier lines of the same file); returns how many cards it added.
pub fn restore(
    search: &mut Search<'_>,
    text: &str,
    base_sha256: &str,
    path: &str,
) -> Result<usize, CheckpointError> {
    let first = search.library().len();
    let mut lines = text.split_inclusive('\n');
    let expected = header(base_sha256);
    match lines.next() {
        None => return Ok(0),
        Some(h) if h.trim_end() == expected => {}
        Some(h) => {
            return Err(CheckpointError::Header {
                path: path.to_owned(),
                found: h.trim_end().to_owned(),
                expected,
            });
        }
    }
    let mut added = 0;
    for (n, raw) in lines.enumerate() {
        if !raw.ends_with('\n') {
            break; // cut off mid-write
        }
        let err = |message: String| CheckpointError::Line { path: path.to_owned(), line: n + 2, message };
        let raw = raw.trim_end();
        if raw.is_empty() || raw.starts_with('#') {
            continue;
        }
        let (body, stated) = raw.split_once(" = ").ok_or_else(|| err("no \" = hH aA tT\"".to_owned()))?;
        let mut words = body.split_whitespace();
        let index: usize =
            words.next().and_then(|w| w.parse().ok()).ok_or_else(|| err("no card index".to_owned()))?;
        if index != first + added {
            return Err(err(format!("card {index} where card {} was expected", first + added)));
        }
        let pivot = words
            .next()
            .and_then(|w| w.split_once(','))
            .and_then(|(x, y)| FrameCell::new(x.parse().ok()?, y.parse().ok()?))
            .ok_or_else(|| err("no pivot x,y".to_owned()))?;
        let children: Vec<CardRef> = words.map(parse_child).collect::<Result<_, _>>().map_err(err)?;
        let restored = search.restore(pivot, children).map_err(|e| err(e.to_string()))?;
        let card = &search.library()[restored];
        let computed = format!("h{} a{} t{}", card.height, card.required.len(), card.envelope.len());
        if computed != stated.trim() {
            return Err(err(format!("the children give {computed}, the file says {}", stated.trim())));
        }
        added += 1;
    }
    Ok(added)
}

/// An append-only checkpoint file: each card is written and flushed as it is proved.
pub struct Writer {
    file: std::fs::File,
    path: String,
}

impl Writer {
    /// Opens `path` for appending, writing the header if the file is new or empty.
    pub fn open(path: &std::path::Path, base_sha256: &str) -> Result<Self, CheckpointError> {
        let name = path.display().to_string();
        let io = |source| CheckpointError::Io { path: name.clone(), source };
        let mut file = std::fs::OpenOptions::new().create(true).append(true).open(path).map_err(io)?;
        let len = file.metadata().map_err(io)?.len();
        if len == 0 {
            file.write_all(format!("{}\n", header(base_sha256)).as_bytes()).map_err(io)?;
        } else {
            // A line cut off by a crash is dropped on reading; start the next one on a new line.
            let text = std::fs::read(path).map_err(io)?;
            if text.last() != Some(&b'\n') {
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
