//! The certificate of SPEC §2.3: the shipped texts and their digests, the limits a file must keep,
//! and reading a whole file into its lines (each line's notation is [`notation`](super::notation)).

use std::path::Path;

use sha2::{Digest, Sha256};

use super::errors::{CertificateError, ParseError, ParseErrorKind};
use super::notation::{CardLine, LineReader, NodeSyntax};

/// The shipped certificate (the paper's table, cards 6..727).
pub const SHIPPED_TEXT: &str = include_str!("../../assets/snaky-certificate-21.txt");
/// SHA-256 of the shipped certificate, as printed in SPEC §2.3.
pub const SHIPPED_SHA256: &str = "3fa12d36a6d4dbb185e3f2808c8dfde13d85ee309afbca030d6ad17ae9fe3d04";
/// Our certificate (Maker in 20): the paper's lines, then the cards `pokopoko snaky search` found.
pub const OURS_TEXT: &str = include_str!("../../assets/snaky-certificate-20.txt");
/// SHA-256 of our certificate, pinned like the paper's.
pub const OURS_SHA256: &str = "d66f5095b12367b1a9a3de3be7ddb293a9d4133cc74bc97c3e4599d9cd415794";
/// Our certificate in 19: ours-20's lines, then the cards the hunt (`pokopoko snaky search
/// --target 19`) proved, the root last.
pub const OURS19_TEXT: &str = include_str!("../../assets/snaky-certificate-19.txt");
/// SHA-256 of our certificate in 19, pinned like the others.
pub const OURS19_SHA256: &str = "dcef591a6bd14b7e61896e299d7dca642ce7e2125aa7eeccf67f75428bc42477";
/// Limits no real certificate meets (the paper: 722 lines, 417 bytes a line, 4,987 children; the
/// nesting limit is the notation's), so that a hostile file is refused with its position instead
/// of exhausting the stack, memory or time. Each evaluated node and child holds two 488-byte cell
/// sets: 20,000 lines and 50,000 children keep a certificate's cards under about 120 MB.
pub const MAX_LINES: usize = 20_000;
/// Bytes a line, not counting its line ending (`\n` or `\r\n`).
pub const MAX_LINE_BYTES: usize = 65_536;
/// Children (references and inline combinations) in the whole certificate.
pub const MAX_CHILDREN: usize = 50_000;
/// The largest certificate file read from disk.
pub const MAX_FILE_BYTES: u64 = 16 * 1024 * 1024;
/// Cards 0..5 are the base cards; the certificate's first line is card 6.
pub const BASE_CARDS: u32 = 6;

/// A parsed certificate: one [`CardLine`] per line, cards 6, 7, … in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Certificate {
    pub lines: Vec<CardLine>,
}

impl Certificate {
    /// The shipped certificate, after checking its SHA-256.
    pub fn shipped() -> Result<Self, CertificateError> {
        Self::parse_checked(SHIPPED_TEXT, SHIPPED_SHA256)
    }

    /// Our certificate (Maker in 20), after checking its SHA-256.
    pub fn ours() -> Result<Self, CertificateError> {
        Self::parse_checked(OURS_TEXT, OURS_SHA256)
    }

    /// Checks `text` against an expected SHA-256 (lowercase hex), then parses it.
    pub fn parse_checked(text: &str, expected_sha256: &str) -> Result<Self, CertificateError> {
        check_digest(text.as_bytes(), expected_sha256)?;
        Ok(Self::parse(text)?)
    }

    /// Reads and parses a certificate file (no digest check: for experiments and tests).
    pub fn load(path: &Path) -> Result<Self, CertificateError> {
        Ok(Self::parse(&read_text(path)?)?)
    }

    /// Parses certificate text; the first error found in reading order is returned.
    pub fn parse(text: &str) -> Result<Self, ParseError> {
        let body = text.strip_suffix('\n').unwrap_or(text);
        // One line past the limit is enough to refuse the file: a file of 16 MiB of newlines
        // must not become 16 million slices.
        let raw_lines: Vec<&str> =
            if text.is_empty() { Vec::new() } else { body.split('\n').take(MAX_LINES + 1).collect() };
        let mut lines = Vec::with_capacity(raw_lines.len().min(MAX_LINES));
        let mut reader = LineReader::new(&raw_lines, MAX_CHILDREN);
        for (index, raw) in raw_lines.iter().enumerate() {
            let error = |kind| ParseError { line: index + 1, column: 1, token: String::new(), kind };
            if index >= MAX_LINES {
                return Err(error(ParseErrorKind::TooManyLines { limit: MAX_LINES }));
            }
            let raw = raw.strip_suffix('\r').unwrap_or(raw);
            if raw.len() > MAX_LINE_BYTES {
                // The character that crosses the limit, counted in characters (never a slice
                // inside one).
                let column = raw.char_indices().take_while(|&(byte, _)| byte < MAX_LINE_BYTES).count();
                return Err(ParseError {
                    column: column.max(1),
                    ..error(ParseErrorKind::LineTooLong { limit: MAX_LINE_BYTES })
                });
            }
            lines.push(reader.read(raw, index + 1, BASE_CARDS + index as u32)?);
        }
        Ok(Self { lines })
    }

    /// Number of combination nodes written inline, in parentheses.
    pub fn inline_nodes(&self) -> usize {
        self.lines.iter().map(|l| l.root.inline_nodes()).sum()
    }

    /// Number of references `j` / `j:sXY`.
    pub fn references(&self) -> usize {
        self.lines.iter().map(|l| l.root.references()).sum()
    }

    /// The combination node whose pivot was read at `line` and `column` (1-based).
    pub fn node_at(&self, line: usize, column: usize) -> Option<&NodeSyntax> {
        self.lines.get(line.checked_sub(1)?)?.root.node_at(column)
    }
}

/// Reads a certificate file, a pipe or `/dev/stdin` included, refusing it at the first byte past
/// [`MAX_FILE_BYTES`] (what is read counts, not the size the file claims).
pub fn read_text(path: &Path) -> Result<String, CertificateError> {
    let io = |message: String| CertificateError::Io { path: crate::escape::shown_path(path), message };
    let bytes = crate::bounded_read::read(path, MAX_FILE_BYTES, crate::bounded_read::Accept::AnyStream)
        .map_err(|e| match e {
            crate::bounded_read::ReadError::TooLarge { limit } => {
                io(format!("more than the limit of {limit} bytes (the paper has 38,367)"))
            }
            e => io(e.to_string()),
        })?;
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        io(format!("not UTF-8 text (byte {} is not part of a character)", at + 1))
    })
}

/// Lowercase hex SHA-256 of `bytes`.
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

/// A clear error (not a panic) when `bytes` do not have the expected SHA-256.
pub fn check_digest(bytes: &[u8], expected_sha256: &str) -> Result<(), CertificateError> {
    let found = sha256_hex(bytes);
    if found.eq_ignore_ascii_case(expected_sha256) {
        Ok(())
    } else {
        Err(CertificateError::DigestMismatch { expected: expected_sha256.to_owned(), found })
    }
}
