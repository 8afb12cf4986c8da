//! The outcome of a certificate check as data: which check, what was found, what was expected,
//! and whether it passes. `snaky verify` prints it in English ([`render`]); the game's screens
//! translate the same data.

use std::fmt;

use super::cell::Cell;
use super::errors::{EvalError, ParseError};
use super::local_check::{LocalCheck, LocalFailure};
use super::squeeze::TableRow;

/// Which check a [`Check`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CheckId {
    Digest,
    Grammar,
    Evaluation,
    Cards,
    CombinationNodes,
    References,
    PapersLines,
    Heights,
    Card6,
    Card7,
    Card727,
    Card727Table,
    RootCard,
    LocalCheck,
    ReachableStates,
    WorstCase,
    PerfectBreaker,
    WorkedLine,
}

impl CheckId {
    /// The check's name in `snaky verify`'s report.
    pub fn title(self) -> &'static str {
        match self {
            Self::Digest => "certificate digest and size",
            Self::Grammar => "grammar",
            Self::Evaluation => "evaluation",
            Self::Cards => "cards",
            Self::CombinationNodes => "combination nodes",
            Self::References => "references",
            Self::PapersLines => "the paper's lines",
            Self::Heights => "heights",
            Self::Card6 => "card 6",
            Self::Card7 => "card 7",
            Self::Card727 => "card 727",
            Self::Card727Table => "card-727 table",
            Self::RootCard => "root card",
            Self::LocalCheck => "local check",
            Self::ReachableStates => "reachable states",
            Self::WorstCase => "worst case",
            Self::PerfectBreaker => "perfect Breaker",
            Self::WorkedLine => "worked line",
        }
    }
}

/// The root card's (or card 727's) facts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RootFacts {
    pub card: u32,
    pub pivot: Cell,
    pub required: usize,
    pub envelope: usize,
    pub height: u32,
    pub children: usize,
}

/// What a check found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Found {
    Digest {
        sha256: String,
        lines: usize,
        bytes: usize,
    },
    /// The grammar holds: this many lines, cards 6 to lines + 5.
    Parsed {
        lines: usize,
    },
    Unparsable(ParseError),
    Unevaluable(EvalError),
    Cards {
        cards: usize,
        lines: usize,
    },
    CombinationNodes {
        nodes: usize,
        lines: usize,
        inline: usize,
    },
    References(usize),
    /// The first `kept` lines are the paper's, byte for byte, of the paper's `of`.
    PapersLines {
        kept: usize,
        of: usize,
    },
    LargestHeight(u32),
    /// A card the paper describes is not defined.
    Missing,
    /// Card 6: its A and T in its own frame, and its height.
    Card6 {
        required: Vec<Cell>,
        envelope: Vec<Cell>,
        height: u32,
    },
    /// Card 7: its A, |T| and height.
    Card7 {
        required: Vec<Cell>,
        envelope: usize,
        height: u32,
    },
    /// Card 727, and whether its envelope lies in the paper's board {0..16}².
    Card727 {
        root: RootFacts,
        on_paper_board: bool,
    },
    /// The children of the root grouped by card, and whether each requires exactly the pivot.
    Card727Table {
        rows: Vec<TableRow>,
        each_requires_pivot: bool,
    },
    Root(RootFacts),
    LocalCheck(LocalCheck),
    LocalFailure(LocalFailure),
    ReachableStates(usize),
    /// The reachable states were not all counted: more than `limit`.
    TooManyStates {
        limit: usize,
    },
    WorstCase(u32),
    /// Seeded games against the perfect Breaker: how many, and their shortest and longest.
    PerfectGames {
        games: u64,
        shortest: usize,
        longest: usize,
    },
    /// Not played: the root requires cells Maker does not own on the empty board.
    NotPlayed,
    /// The moves of the worked line, Maker first; `None` when a move was illegal.
    WorkedLine(Option<Vec<Cell>>),
}

/// What a check expected, where it prints it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expectation {
    /// The digest, lines and bytes of a shipped certificate.
    Digest {
        sha256: &'static str,
        lines: usize,
        bytes: usize,
    },
    /// Not a shipped certificate: its own numbers are reported.
    NotShipped,
    Count(usize),
    /// Combination nodes: lines + inline.
    Nodes {
        nodes: usize,
        lines: usize,
        inline: usize,
    },
    AtMost(u32),
    /// The root: |A| = 0 and these |T| and h.
    Root {
        envelope: usize,
        height: u32,
    },
    InEnvelope(usize),
    /// Reply classes: in-envelope + exterior.
    ReplyClasses {
        in_envelope: usize,
        exterior: usize,
    },
    /// Exactly the root's height, this.
    RootHeight(u32),
    Exactly(u32),
    WorkedLine(Vec<Cell>),
}

/// One numbered check and its outcome.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Check {
    pub number: usize,
    pub id: CheckId,
    pub found: Found,
    pub expected: Option<Expectation>,
    pub pass: bool,
}

impl Check {
    pub fn title(&self) -> &'static str {
        self.id.title()
    }

    /// What was found and what was expected, as `snaky verify` prints them.
    pub fn detail(&self) -> String {
        let found = self.found.to_string();
        match &self.expected {
            Some(Expectation::Digest { .. } | Expectation::NotShipped) => {
                format!("{found} ({})", self.expected.as_ref().map(ToString::to_string).unwrap_or_default())
            }
            Some(expected) => format!("{found}; expected {expected}"),
            None => found,
        }
    }
}

/// The outcome of all checks.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    pub checks: Vec<Check>,
}

impl Report {
    pub fn passed(&self) -> bool {
        !self.checks.is_empty() && self.checks.iter().all(|c| c.pass)
    }

    pub(super) fn add(&mut self, id: CheckId, pass: bool, found: Found, expected: Option<Expectation>) {
        self.checks.push(Check { number: self.checks.len() + 1, id, found, expected, pass });
    }
}

impl fmt::Display for Found {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Digest { sha256, lines, bytes } => {
                write!(f, "SHA-256 {sha256}, {} lines, {} bytes", thousands(*lines), thousands(*bytes))
            }
            Self::Parsed { lines } => write!(f, "{lines} lines parse, cards 6..{}", lines + 5),
            Self::Unparsable(error) => error.fmt(f),
            Self::Unevaluable(error) => error.fmt(f),
            Self::Cards { cards, lines } => write!(f, "{} cards (6 base + {lines} lines)", thousands(*cards)),
            Self::CombinationNodes { nodes, lines, inline } => write!(
                f,
                "{} combination nodes ({} lines + {} inline)",
                thousands(*nodes),
                thousands(*lines),
                thousands(*inline)
            ),
            Self::References(n) => write!(f, "{} references", thousands(*n)),
            Self::PapersLines { kept, of } => {
                write!(f, "the first {kept} lines are the paper's, byte for byte (of {of})")
            }
            Self::LargestHeight(h) => write!(f, "largest height {h}"),
            Self::Missing => f.write_str("missing"),
            Self::Card6 { required, envelope, height } => {
                write!(f, "A = {}, T = {}, h = {height}", cell_set(required), cell_set(envelope))
            }
            Self::Card7 { required, envelope, height } => {
                write!(f, "A = {}, |T| = {envelope}, h = {height}", cell_set(required))
            }
            Self::Card727 { root, on_paper_board } => write!(
                f,
                "card {}: pivot {}, |A| = {}, |T| = {}, h = {}, T ⊆ {{0..16}}²: {}, {} children",
                root.card,
                root.pivot,
                root.required,
                root.envelope,
                root.height,
                yes_no(*on_paper_board),
                root.children
            ),
            Self::Card727Table { rows, each_requires_pivot } => {
                let rows: Vec<String> = rows
                    .iter()
                    .map(|r| {
                        let a: Vec<String> = r.required.iter().map(|(x, y)| format!("({x},{y})")).collect();
                        format!(
                            "{} {{{}}} {} {} ×{} → {}",
                            r.card,
                            a.join(","),
                            r.envelope_size,
                            r.height,
                            r.placements,
                            r.left_in_intersection
                        )
                    })
                    .collect();
                write!(
                    f,
                    "{}; every placed child requires exactly {{(8,8)}}: {}",
                    rows.join("; "),
                    yes_no(*each_requires_pivot)
                )
            }
            Self::Root(root) => write!(
                f,
                "card {}: pivot {}, |A| = {} (a strategy from the empty board needs 0), |T| = {}, h = {}, {} children",
                root.card, root.pivot, root.required, root.envelope, root.height, root.children
            ),
            Self::LocalCheck(local) => write!(
                f,
                "holds at {} nodes: {} in-envelope + {} exterior = {} reply classes",
                thousands(local.nodes),
                thousands(local.in_envelope),
                thousands(local.exterior),
                thousands(local.in_envelope + local.exterior)
            ),
            Self::LocalFailure(failure) => write!(
                f,
                "fails at card {} (line {}, column {}): {}",
                failure.card, failure.line, failure.column, failure.reason
            ),
            Self::ReachableStates(n) => {
                write!(f, "{} (node, placement) states from the empty board", thousands(*n))
            }
            Self::TooManyStates { limit } => write!(
                f,
                "more than {} (node, placement) states from the empty board: the search stops at that limit",
                thousands(*limit)
            ),
            Self::WorstCase(moves) => {
                write!(f, "exhaustive search over every Breaker reply class: {moves} Maker moves")
            }
            Self::PerfectGames { games, shortest, longest } => write!(
                f,
                "{games} games keeping the tallest surviving child alive last {shortest}..{longest} Maker moves"
            ),
            Self::NotPlayed => {
                f.write_str("not played: the root card requires cells Maker does not own on the empty board")
            }
            Self::WorkedLine(Some(line)) => f.write_str(&worked_line(line)),
            Self::WorkedLine(None) => f.write_str("illegal"),
        }
    }
}

impl fmt::Display for Expectation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Digest { sha256, lines, bytes } => {
                write!(f, "expected {sha256}, {} lines, {} bytes", thousands(*lines), thousands(*bytes))
            }
            Self::NotShipped => f.write_str("not a shipped certificate: its own numbers follow"),
            Self::Count(n) => f.write_str(&thousands(*n)),
            Self::Nodes { nodes, lines, inline } => {
                write!(f, "{} ({} + {})", thousands(*nodes), thousands(*lines), thousands(*inline))
            }
            Self::AtMost(n) => write!(f, "≤ {n}"),
            Self::Root { envelope, height } => write!(f, "|A| = 0, |T| = {envelope}, h = {height}"),
            Self::InEnvelope(n) => write!(f, "in-envelope {}", thousands(*n)),
            Self::ReplyClasses { in_envelope, exterior } => write!(
                f,
                "{} + {} = {}",
                thousands(*in_envelope),
                thousands(*exterior),
                thousands(in_envelope + exterior)
            ),
            Self::RootHeight(h) => write!(f, "exactly the root's height {h}"),
            Self::Exactly(n) => write!(f, "exactly {n}"),
            Self::WorkedLine(line) => f.write_str(&worked_line(line)),
        }
    }
}

fn yes_no(yes: bool) -> &'static str {
    if yes { "yes" } else { "no" }
}

/// `{(0,0),(0,1)}`.
pub fn cell_set(cells: &[Cell]) -> String {
    let list: Vec<String> = cells.iter().map(|c| format!("({},{})", c.x, c.y)).collect();
    format!("{{{}}}", list.join(","))
}

/// `M (8,8), B (7,8), …`: Maker first, then alternating.
fn worked_line(line: &[Cell]) -> String {
    let moves: Vec<String> = line
        .iter()
        .enumerate()
        .map(|(i, c)| format!("{} ({},{})", if i % 2 == 0 { "M" } else { "B" }, c.x, c.y))
        .collect();
    moves.join(", ")
}

/// 37042 → "37,042".
pub fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// Prints a report, one line per check.
pub fn render(report: &Report) -> String {
    let mut out = String::new();
    for check in &report.checks {
        let verdict = if check.pass { "PASS" } else { "FAIL" };
        out.push_str(&format!(
            "check {:>2} {verdict}  {}: {}\n",
            check.number,
            check.title(),
            check.detail()
        ));
    }
    let failed = report.checks.iter().filter(|c| !c.pass).count();
    if failed == 0 {
        out.push_str(&format!("all {} checks PASS\n", report.checks.len()));
    } else {
        out.push_str(&format!("{failed} of {} checks FAIL\n", report.checks.len()));
    }
    out
}
