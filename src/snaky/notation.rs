//! The certificate notation of SPEC §2.3: the 62 coordinate symbols, a line's syntax tree, and
//! reading and writing one line.
//!
//! A line is `card pivot child child …`; a child is a reference `j` / `j:sXY` or an inline
//! combination `(pivot child child …)` in the enclosing line's frame, which may nest. The writer
//! spells a line as the paper does — one space between tokens, none inside the parentheses, a
//! reference under the identity as a bare `j` — so a line in that spelling reads back and is
//! written out byte for byte.

use std::fmt::Write as _;

use super::cell::FrameCell;
use super::errors::{ParseError, ParseErrorKind, WriteError};
use super::placement::{Placement, Symmetry};

/// The coordinate symbols `0-9A-Za-z`: a symbol's index is its value (0–61; the paper's
/// `0123456789ABCDEFG` keep their values).
pub const ALPHABET: &str = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/// Parentheses nested deeper than this are refused (the paper nests 8 deep), so that a hostile
/// line cannot exhaust the stack.
pub const MAX_NESTING: usize = 64;

/// Each ASCII character's value in [`ALPHABET`] (`u8::MAX`: not a symbol).
const VALUES: [u8; 128] = {
    let mut values = [u8::MAX; 128];
    let symbols = ALPHABET.as_bytes();
    let mut i = 0;
    while i < symbols.len() {
        values[symbols[i] as usize] = i as u8;
        i += 1;
    }
    values
};

/// The value of a coordinate symbol (`'G'` is 16, `'z'` is 61).
pub fn symbol_value(symbol: char) -> Option<u8> {
    let value = *VALUES.get(symbol as usize)?;
    (value != u8::MAX).then_some(value)
}

/// The symbol of a coordinate value, if it lies in 0..61.
pub fn symbol(value: i32) -> Option<char> {
    let index = usize::try_from(value).ok()?;
    ALPHABET.as_bytes().get(index).map(|&b| b as char)
}

/// One line: card number and its top-level combination node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardLine {
    pub card: u32,
    /// 1-based line number (0 for a line built rather than read).
    pub line: usize,
    pub root: NodeSyntax,
}

/// A combination node as written: pivot and children, in the line's frame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NodeSyntax {
    pub pivot: FrameCell,
    pub children: Vec<ChildSyntax>,
    /// 1-based position of the pivot (0 for a node built rather than read).
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

impl NodeSyntax {
    /// Number of combination nodes written inline below this one, in parentheses.
    pub fn inline_nodes(&self) -> usize {
        self.children
            .iter()
            .map(|c| match c {
                ChildSyntax::Inline(node) => 1 + node.inline_nodes(),
                ChildSyntax::Reference { .. } => 0,
            })
            .sum()
    }

    /// Number of references `j` / `j:sXY` below this node.
    pub fn references(&self) -> usize {
        self.children
            .iter()
            .map(|c| match c {
                ChildSyntax::Inline(node) => node.references(),
                ChildSyntax::Reference { .. } => 1,
            })
            .sum()
    }

    /// This node or the inline node below it whose pivot was read at `column`.
    pub fn node_at(&self, column: usize) -> Option<&NodeSyntax> {
        if self.column == column {
            return Some(self);
        }
        self.children.iter().find_map(|c| match c {
            ChildSyntax::Inline(node) => node.node_at(column),
            ChildSyntax::Reference { .. } => None,
        })
    }
}

/// The text of a line, without its line ending: `card pivot child child …`.
pub fn write_line(line: &CardLine) -> Result<String, WriteError> {
    let mut out = line.card.to_string();
    out.push(' ');
    write_node(&line.root, &mut out)?;
    Ok(out)
}

/// `pivot child child …`, an inline child in parentheses.
fn write_node(node: &NodeSyntax, out: &mut String) -> Result<(), WriteError> {
    write_coordinate(node.pivot.x(), node.pivot.y(), out)?;
    for child in &node.children {
        out.push(' ');
        match child {
            ChildSyntax::Reference { card, placement, .. } => {
                // Writing to a String cannot fail.
                let _ = write!(out, "{card}");
                if *placement != Placement::IDENTITY {
                    let _ = write!(out, ":{}", placement.symmetry.digit());
                    write_coordinate(placement.dx, placement.dy, out)?;
                }
            }
            ChildSyntax::Inline(inner) => {
                out.push('(');
                write_node(inner, out)?;
                out.push(')');
            }
        }
    }
    Ok(())
}

fn write_coordinate(x: i32, y: i32, out: &mut String) -> Result<(), WriteError> {
    for value in [x, y] {
        out.push(symbol(value).ok_or(WriteError::CoordinateOutOfRange(value))?);
    }
    Ok(())
}

/// Reads the lines of one certificate in order, counting their children against a limit for the
/// whole certificate.
pub struct LineReader<'a> {
    /// Every line, to tell a forward reference from a missing one (only when reporting).
    lines: &'a [&'a str],
    /// Children read so far, and the most the certificate may have.
    children: usize,
    max_children: usize,
    tokens: Vec<Token<'a>>,
}

impl<'a> LineReader<'a> {
    pub fn new(lines: &'a [&'a str], max_children: usize) -> Self {
        Self { lines, children: 0, max_children, tokens: Vec::with_capacity(64) }
    }

    /// Reads `text` (without its line ending), the certificate's line `line` (1-based), which
    /// must be card `card`; the first error in reading order is returned.
    pub fn read(&mut self, text: &'a str, line: usize, card: u32) -> Result<CardLine, ParseError> {
        tokenize(text, &mut self.tokens);
        let mut parser = LineParser {
            line,
            tokens: &self.tokens,
            pos: 0,
            all_lines: self.lines,
            children: self.children,
            max_children: self.max_children,
        };
        let card = parser.card_number(card)?;
        let root = parser.node(card, 0)?;
        self.children = parser.children;
        Ok(CardLine { card, line, root })
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
    all_lines: &'t [&'a str],
    /// Children read so far in the whole certificate.
    children: usize,
    max_children: usize,
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
                if self.children > self.max_children {
                    let kind = ParseErrorKind::TooManyChildren { limit: self.max_children };
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
            *value = symbol_value(ch)
                .ok_or_else(|| self.error(column, token.text, ParseErrorKind::UnknownSymbol(ch)))?;
        }
        FrameCell::new(i32::from(xy[0]), i32::from(xy[1]))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_symbols_value_is_its_place_in_the_alphabet() {
        assert_eq!(ALPHABET.len(), 62);
        for (value, ch) in ALPHABET.chars().enumerate() {
            assert_eq!(symbol_value(ch), Some(value as u8));
            assert_eq!(symbol(value as i32), Some(ch));
        }
        assert_eq!(symbol_value('G'), Some(16));
        for ch in ['-', ' ', '(', ':', 'é', '\u{7f}'] {
            assert_eq!(symbol_value(ch), None, "{ch:?}");
        }
        assert_eq!((symbol(-1), symbol(62)), (None, None));
    }

    #[test]
    fn a_line_in_another_spelling_is_written_in_the_papers() {
        let lines = ["7 14 \t4:000  (41 5:411 6 ) "];
        let line = LineReader::new(&lines, 10).read(lines[0], 1, 7).expect("reads");
        assert_eq!(write_line(&line), Ok("7 14 4 (41 5:411 6)".to_owned()));
    }

    #[test]
    fn a_translation_beyond_the_alphabet_is_not_written() {
        let lines = ["7 14 4:111"];
        let mut line = LineReader::new(&lines, 10).read(lines[0], 1, 7).expect("reads");
        if let ChildSyntax::Reference { placement, .. } = &mut line.root.children[0] {
            placement.dx = 62;
        }
        assert_eq!(write_line(&line), Err(WriteError::CoordinateOutOfRange(62)));
    }
}
