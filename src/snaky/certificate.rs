//! The certificate of SPEC §2.3: its text, digest, grammar and syntax tree.
//!
//! A line is `card pivot child child …`; a child is a reference `j` / `j:sXY` or an inline
//! combination `(pivot child child …)` in the enclosing line's frame, which may nest.

use std::path::Path;

use sha2::{Digest, Sha256};

use super::cell::FrameCell;
use super::errors::{CertificateError, ParseError, ParseErrorKind};
use super::placement::{Placement, Symmetry};

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
/// Limits no real certificate meets (the paper: 722 lines, 417 bytes a line, nesting 8, 4,987
/// children), so that a hostile file is refused with its position instead of exhausting the
/// stack, memory or time. Each evaluated node and child holds two 488-byte cell sets: 20,000
/// lines and 50,000 children keep a certificate's cards under about 120 MB.
pub const MAX_LINES: usize = 20_000;
/// Bytes a line, not counting its line ending (`\n` or `\r\n`).
pub const MAX_LINE_BYTES: usize = 65_536;
pub const MAX_NESTING: usize = 64;
/// Children (references and inline combinations) in the whole certificate.
pub const MAX_CHILDREN: usize = 50_000;
/// The largest certificate file read from disk.
pub const MAX_FILE_BYTES: u64 = 16 * 1024 * 1024;
/// Cards 0..5 are the base cards; the certificate's first line is card 6.
pub const BASE_CARDS: u32 = 6;
/// The coordinate alphabet `0-9A-Za-z` (values 0–61; the paper's `0123456789ABCDEFG` keep
/// their values): a character's index is the coordinate.
pub const ALPHABET: &str = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

fn coordinate_value(ch: char) -> Option<usize> {
    match ch {
        '0'..='9' => Some(ch as usize - '0' as usize),
        'A'..='Z' => Some(ch as usize - 'A' as usize + 10),
        'a'..='z' => Some(ch as usize - 'a' as usize + 36),
        _ => None,
    }
}

/// A parsed certificate: one [`CardLine`] per line, cards 6, 7, … in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Certificate {
    pub lines: Vec<CardLine>,
}

/// One line: card number and its top-level combination node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardLine {
    pub card: u32,
    pub line: usize,
    pub root: NodeSyntax,
}

/// A combination node as written: pivot and children, in the line's frame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NodeSyntax {
    pub pivot: FrameCell,
    pub children: Vec<ChildSyntax>,
    /// 1-based position of the pivot.
    pub line: usize,
    pub column: usize,
}

/// A child as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChildSyntax {
    /// `j` or `j:sXY`: card j under placement s, translated by (X, Y).
    Reference { card: u32, placement: Placement, line: usize, column: usize },
    /// `(pivot child …)`: a combination in the enclosing frame.
    Inline(NodeSyntax),
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
        let mut tokens = Vec::with_capacity(64);
        let mut children = 0;
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
            let expected = BASE_CARDS + index as u32;
            tokenize(raw, &mut tokens);
            let mut parser =
                LineParser { line: index + 1, tokens: &tokens, pos: 0, all_lines: &raw_lines, children };
            let card = parser.card_number(expected)?;
            let root = parser.node(card, 0)?;
            children = parser.children;
            lines.push(CardLine { card, line: index + 1, root });
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
}

impl NodeSyntax {
    fn inline_nodes(&self) -> usize {
        self.children
            .iter()
            .map(|c| match c {
                ChildSyntax::Inline(node) => 1 + node.inline_nodes(),
                ChildSyntax::Reference { .. } => 0,
            })
            .sum()
    }

    fn references(&self) -> usize {
        self.children
            .iter()
            .map(|c| match c {
                ChildSyntax::Inline(node) => node.references(),
                ChildSyntax::Reference { .. } => 1,
            })
            .sum()
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

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TokenKind {
    Open,
    Close,
    Word,
}

#[derive(Clone, Copy, Debug)]
struct Token<'a> {
    kind: TokenKind,
    text: &'a str,
    /// 1-based column of the first character.
    column: usize,
}

/// Splits a line at whitespace into `tokens`; parentheses are tokens of their own.
fn tokenize<'a>(line: &'a str, tokens: &mut Vec<Token<'a>>) {
    tokens.clear();
    let mut word_start: Option<(usize, usize)> = None;
    let mut column = 0;
    // Bytes, not chars: every delimiter is ASCII, and columns count only a character's first byte.
    for (byte, &b) in line.as_bytes().iter().enumerate() {
        if b & 0xC0 != 0x80 {
            column += 1;
        }
        let kind = match b {
            b'(' => Some(TokenKind::Open),
            b')' => Some(TokenKind::Close),
            _ => None,
        };
        if kind.is_some() || b.is_ascii_whitespace() {
            if let Some((start, start_column)) = word_start.take() {
                tokens.push(Token { kind: TokenKind::Word, text: &line[start..byte], column: start_column });
            }
            if let Some(kind) = kind {
                tokens.push(Token { kind, text: &line[byte..byte + 1], column });
            }
        } else if word_start.is_none() {
            word_start = Some((byte, column));
        }
    }
    if let Some((start, start_column)) = word_start {
        tokens.push(Token { kind: TokenKind::Word, text: &line[start..], column: start_column });
    }
}

struct LineParser<'t, 'a> {
    line: usize,
    tokens: &'t [Token<'a>],
    pos: usize,
    /// Every line, to tell a forward reference from a missing one (only when reporting).
    all_lines: &'t [&'a str],
    /// Children read so far in the whole certificate.
    children: usize,
}

impl LineParser<'_, '_> {
    fn error(&self, column: usize, token: &str, kind: ParseErrorKind) -> ParseError {
        ParseError { line: self.line, column, token: token.to_owned(), kind }
    }

    /// Column just past the last token: where a missing token would have been.
    fn end_column(&self) -> usize {
        self.tokens.last().map_or(1, |t| t.column + t.text.chars().count())
    }

    /// Lines are cards 6, 7, 8, … in order, so a number below the expected one is a duplicate.
    fn card_number(&mut self, expected: u32) -> Result<u32, ParseError> {
        let Some(&token) = self.tokens.first() else {
            return Err(self.error(1, "", ParseErrorKind::EmptyLine));
        };
        self.pos = 1;
        if token.kind != TokenKind::Word {
            let ch = token.text.chars().next().unwrap_or(' ');
            return Err(self.error(token.column, token.text, ParseErrorKind::NotACardNumber(ch)));
        }
        if let Some((offset, ch)) = token.text.chars().enumerate().find(|(_, c)| !c.is_ascii_digit()) {
            return Err(self.error(token.column + offset, token.text, ParseErrorKind::NotACardNumber(ch)));
        }
        if token.text.len() > 1 && token.text.starts_with('0') {
            return Err(self.error(token.column, token.text, ParseErrorKind::LeadingZero));
        }
        let wrong = || self.error(token.column, token.text, ParseErrorKind::WrongCardNumber { expected });
        let card: u32 = token.text.parse().map_err(|_| wrong())?;
        if card < expected {
            return Err(self.error(token.column, token.text, ParseErrorKind::DuplicateCardNumber));
        }
        if card != expected {
            return Err(wrong());
        }
        Ok(card)
    }

    /// `pivot child child …`, up to the end of the line (depth 0) or a `)` (left unconsumed).
    fn node(&mut self, card: u32, depth: usize) -> Result<NodeSyntax, ParseError> {
        let pivot_token = match self.tokens.get(self.pos) {
            Some(&t) if t.kind == TokenKind::Word => t,
            Some(t) => return Err(self.error(t.column, t.text, ParseErrorKind::MissingPivot)),
            None => return Err(self.error(self.end_column(), "", ParseErrorKind::MissingPivot)),
        };
        self.pos += 1;
        let mut chars = pivot_token.text.chars();
        let pivot = self.coordinate(pivot_token, 0, &mut chars)?;
        self.expect_end(pivot_token, 2, &mut chars)?;
        let mut children = Vec::new();
        while let Some(&token) = self.tokens.get(self.pos) {
            if token.kind != TokenKind::Close {
                self.children += 1;
                if self.children > MAX_CHILDREN {
                    let kind = ParseErrorKind::TooManyChildren { limit: MAX_CHILDREN };
                    return Err(self.error(token.column, token.text, kind));
                }
            }
            match token.kind {
                TokenKind::Close if depth == 0 => {
                    return Err(self.error(token.column, token.text, ParseErrorKind::UnbalancedParenthesis));
                }
                TokenKind::Close => break,
                TokenKind::Open if depth >= MAX_NESTING => {
                    return Err(self.error(
                        token.column,
                        token.text,
                        ParseErrorKind::TooDeep { limit: MAX_NESTING },
                    ));
                }
                TokenKind::Open => {
                    self.pos += 1;
                    let inner = self.node(card, depth + 1)?;
                    match self.tokens.get(self.pos) {
                        Some(t) if t.kind == TokenKind::Close => self.pos += 1,
                        _ => {
                            return Err(self.error(
                                token.column,
                                token.text,
                                ParseErrorKind::UnbalancedParenthesis,
                            ));
                        }
                    }
                    children.push(ChildSyntax::Inline(inner));
                }
                TokenKind::Word => {
                    self.pos += 1;
                    children.push(self.reference(token, card)?);
                }
            }
        }
        if children.is_empty() {
            return Err(self.error(pivot_token.column, pivot_token.text, ParseErrorKind::EmptyChildList));
        }
        Ok(NodeSyntax { pivot, children, line: self.line, column: pivot_token.column })
    }

    /// One coordinate character pair starting at character `offset` of `token`.
    fn coordinate(
        &self,
        token: Token<'_>,
        offset: usize,
        chars: &mut std::str::Chars<'_>,
    ) -> Result<FrameCell, ParseError> {
        let mut xy = [0; 2];
        for (i, value) in xy.iter_mut().enumerate() {
            let column = token.column + offset + i;
            let ch =
                chars.next().ok_or_else(|| self.error(column, token.text, ParseErrorKind::TruncatedToken))?;
            *value = coordinate_value(ch)
                .ok_or_else(|| self.error(column, token.text, ParseErrorKind::UnknownSymbol(ch)))?;
        }
        FrameCell::new(xy[0] as i32, xy[1] as i32)
            .ok_or_else(|| self.error(token.column + offset, token.text, ParseErrorKind::UnknownSymbol('?')))
    }

    fn expect_end(
        &self,
        token: Token<'_>,
        offset: usize,
        chars: &mut std::str::Chars<'_>,
    ) -> Result<(), ParseError> {
        match chars.next() {
            None => Ok(()),
            Some(_) => Err(self.error(token.column + offset, token.text, ParseErrorKind::TrailingTokens)),
        }
    }

    /// `j` or `j:sXY`.
    fn reference(&self, token: Token<'_>, card: u32) -> Result<ChildSyntax, ParseError> {
        let digits = token.text.chars().take_while(char::is_ascii_digit).count();
        let mut chars = token.text.chars().skip(digits);
        if digits == 0 {
            let ch = token.text.chars().next().unwrap_or(' ');
            return Err(self.error(token.column, token.text, ParseErrorKind::UnknownSymbol(ch)));
        }
        let placement = match chars.next() {
            None => Placement::IDENTITY,
            Some(':') => {
                let column = token.column + digits + 1;
                let s = chars
                    .next()
                    .ok_or_else(|| self.error(column, token.text, ParseErrorKind::TruncatedToken))?;
                let symmetry = s
                    .to_digit(10)
                    .and_then(|d| Symmetry::from_digit(d as u8))
                    .ok_or_else(|| self.error(column, token.text, ParseErrorKind::BadPlacementDigit(s)))?;
                let mut rest = token.text[digits + 2..].chars();
                let translation = self.coordinate(token, digits + 2, &mut rest)?;
                self.expect_end(token, digits + 4, &mut rest)?;
                Placement::new(symmetry, translation.x(), translation.y())
            }
            Some(ch) => {
                return Err(self.error(token.column + digits, token.text, ParseErrorKind::UnknownSymbol(ch)));
            }
        };
        if digits > 1 && token.text.starts_with('0') {
            return Err(self.error(token.column, token.text, ParseErrorKind::LeadingZero));
        }
        let Ok(referenced) = token.text[..digits].parse::<u32>() else {
            return Err(self.error(token.column, token.text, ParseErrorKind::NumberTooLarge));
        };
        // Cards below this one are defined: the numbering is checked line by line.
        if referenced >= card {
            let defined =
                self.all_lines.iter().any(|l| l.split_whitespace().next() == Some(&token.text[..digits]));
            let kind = if defined {
                ParseErrorKind::ForwardReference { card: referenced, current: card }
            } else {
                ParseErrorKind::MissingReference { card: referenced }
            };
            return Err(self.error(token.column, token.text, kind));
        }
        Ok(ChildSyntax::Reference { card: referenced, placement, line: self.line, column: token.column })
    }
}
