//! Typed errors of the Snaky engine. Each carries its context; the CLI or a screen prints it once.

use thiserror::Error;

use super::cell::Cell;

pub use crate::escape::{SHOWN_CHARS, shown, shown_all};

/// A syntax error in the certificate, at a 1-based line and column, with the offending token.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("certificate line {line}, column {column}, token `{}`: {kind}", shown(token))]
pub struct ParseError {
    pub line: usize,
    pub column: usize,
    pub token: String,
    pub kind: ParseErrorKind,
}

/// What is wrong at a [`ParseError`]'s position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseErrorKind {
    #[error("empty line (every line is `card pivot child child …`)")]
    EmptyLine,
    #[error("unknown symbol {0:?} (coordinates use 0-9A-Za-z, references `j` or `j:sXY`)")]
    UnknownSymbol(char),
    #[error("symbol {0:?} where the line's card number was expected (a line starts with its card number)")]
    NotACardNumber(char),
    #[error("a number written with a leading zero (write card numbers as 6, not 006)")]
    LeadingZero,
    #[error("more than {limit} children in the whole certificate (the paper has 4,987)")]
    TooManyChildren { limit: usize },
    #[error("token ends early (a coordinate has 2 characters, a placement `s` + 2 coordinate characters)")]
    TruncatedToken,
    #[error("trailing text after a complete token")]
    TrailingTokens,
    #[error("bad placement digit {0:?} (s must be 0..7)")]
    BadPlacementDigit(char),
    #[error("forward reference to card {card} (a child must be a card below {current})")]
    ForwardReference { card: u32, current: u32 },
    #[error("reference to card {card}, which the certificate does not define")]
    MissingReference { card: u32 },
    #[error("unbalanced parenthesis")]
    UnbalancedParenthesis,
    #[error("wrong card number (expected {expected})")]
    WrongCardNumber { expected: u32 },
    #[error("duplicate card number")]
    DuplicateCardNumber,
    #[error("missing pivot coordinate")]
    MissingPivot,
    #[error("empty child list (a combination needs at least one child)")]
    EmptyChildList,
    #[error("parentheses nested deeper than {limit} (the paper nests 8 deep)")]
    TooDeep { limit: usize },
    #[error("more than {limit} lines (the paper has 722)")]
    TooManyLines { limit: usize },
    #[error("line longer than {limit} bytes (the paper's longest has 417)")]
    LineTooLong { limit: usize },
    #[error("card number too large")]
    NumberTooLarge,
}

/// Why cards cannot be written as certificate lines.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum WriteError {
    #[error("coordinate {0} does not fit the 62-symbol alphabet (0..61)")]
    CoordinateOutOfRange(i32),
    #[error("paper line {line} has no inline node at column {column}")]
    MissingInline { line: usize, column: usize },
    #[error("the base certificate does not parse: {0}")]
    BaseCertificate(ParseError),
}

/// A structurally well-formed certificate whose arithmetic does not fit the engine.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum EvalError {
    #[error("the certificate defines no card beyond the 6 base cards")]
    NoCards,
    #[error(
        "certificate line {line}, column {column}: card {card} places a cell outside the frame {{0..61}}²"
    )]
    OutsideFrame { card: u32, line: usize, column: usize },
    #[error("certificate line {line}, column {column}: card {card} is taller than the engine counts")]
    TooTall { card: u32, line: usize, column: usize },
}

/// Anything that stops a certificate from being loaded.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CertificateError {
    #[error("certificate digest mismatch: expected SHA-256 {expected}, found {found}")]
    DigestMismatch { expected: String, found: String },
    #[error("cannot read certificate {path}: {message}")]
    Io { path: String, message: String },
    #[error(transparent)]
    Parse(#[from] ParseError),
    #[error(transparent)]
    Evaluate(#[from] EvalError),
}

/// An illegal move in a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum MoveError {
    #[error("cell {0} is already taken")]
    Occupied(Cell),
    #[error("the game is over: Maker has won")]
    GameOver,
    #[error("it is Maker's turn")]
    MakerToMove,
    #[error("it is Breaker's turn")]
    BreakerToMove,
}

/// A bad entry in a game record "x,y x,y …", at its 1-based position in the list.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("move {position} (`{}`): {kind}", shown(token))]
pub struct RecordError {
    pub position: usize,
    pub token: String,
    pub kind: RecordErrorKind,
}

/// What is wrong with one entry of a game record.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RecordErrorKind {
    #[error("malformed move (expected `x,y` with integers x and y)")]
    Malformed,
    #[error("coordinate out of range (x and y go from -2147483648 to 2147483647)")]
    OutOfRange,
    #[error(transparent)]
    Illegal(#[from] MoveError),
}
