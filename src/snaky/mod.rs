//! Snaky: the certificate engine (plain Rust, no Bevy).
//!
//! Maker (the COM) follows the certificate of "Snaky in 21 Maker moves" literally (SPEC §2):
//! [`Certificate`] parses the paper's table, [`Cards`] evaluates every card and combination node
//! exactly, [`Claim`] is Maker's policy, [`Game`] plays it against a Breaker, and [`verify`] runs
//! every check of SPEC §2.3. For the lesson, [`review`](mod@review) reviews Breaker's moves and explains the
//! costly ones with [`threats`](mod@threats) (the cells that finish a Snaky).
//!
//! ```
//! use pokopoko::snaky::{self, Cell, Game};
//! let cards = snaky::shipped_cards().expect("the shipped certificate");
//! let mut game = Game::started(cards);
//! assert_eq!(game.maker_cells(), &[Cell::new(8, 8)]);
//! assert_eq!(game.reply(Cell::new(7, 8)), Ok(Cell::new(8, 7)));
//! assert!(game.claim().guarantee <= 21);
//! ```

pub mod as_maker;
pub mod breaker;
pub mod card;
pub mod cell;
pub mod cell_set;
pub mod certificate;
pub mod check;
pub mod errors;
pub mod game;
pub mod local_check;
pub mod notation;
pub mod placement;
pub mod policy;
pub mod practice;
pub mod record;
pub mod research;
pub mod review;
pub mod shape;
pub mod squeeze;
pub mod threats;
pub mod verify;
pub mod words;

use std::sync::{Arc, OnceLock};

pub use breaker::{Breaker, BreakerKind, ComputerBreaker, play_out};
pub use card::{Cards, Child, Node, NodeId};
pub use cell::{Cell, FrameCell};
pub use cell_set::{Bounds, CellSet};
pub use certificate::Certificate;
pub use errors::{
    CertificateError, EvalError, MoveError, ParseError, ParseErrorKind, RecordError, RecordErrorKind,
};
pub use game::{ClaimInfo, Game, Move, Player};
pub use placement::{Placement, Symmetry};
pub use policy::Claim;
pub use record::{parse_moves, replay};
pub use review::{Explained, Line, Review, ReviewedMove, Why, explain, explain_game, review, review_game};
pub use threats::{FinishingCopy, ThreatKind, Threats};

/// The shipped Makers: the paper's certificate and our two.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum Maker {
    /// "Snaky in 21 Maker moves": the paper's certificate, read literally.
    #[default]
    Paper,
    /// Ours: the paper's cards and the ones `pokopoko snaky search` found; wins within 20.
    Ours,
    /// Ours in 19: ours-20's cards and the ones the hunt (`snaky search --target 19`) proved.
    Ours19,
}

impl Maker {
    /// From the paper's bound down.
    pub const ALL: [Self; 3] = [Self::Paper, Self::Ours, Self::Ours19];

    /// The number of Maker moves its certificate guarantees.
    pub const fn bound(self) -> u32 {
        match self {
            Self::Paper => 21,
            Self::Ours => 20,
            Self::Ours19 => 19,
        }
    }

    /// The next shipped Maker, round: 21, 20, 19, 21, …
    pub const fn next(self) -> Self {
        match self {
            Self::Paper => Self::Ours,
            Self::Ours => Self::Ours19,
            Self::Ours19 => Self::Paper,
        }
    }

    /// The Maker whose bound is `moves` (21, 20 or 19).
    pub fn from_bound(moves: u32) -> Option<Self> {
        Self::ALL.into_iter().find(|m| m.bound() == moves)
    }

    /// Its certificate's text, as shipped in `assets/`.
    pub fn text(self) -> &'static str {
        match self {
            Self::Paper => certificate::SHIPPED_TEXT,
            Self::Ours => certificate::OURS_TEXT,
            Self::Ours19 => certificate::OURS19_TEXT,
        }
    }

    /// Its certificate's pinned SHA-256.
    pub fn sha256(self) -> &'static str {
        match self {
            Self::Paper => certificate::SHIPPED_SHA256,
            Self::Ours => certificate::OURS_SHA256,
            Self::Ours19 => certificate::OURS19_SHA256,
        }
    }

    /// Its certificate, digest-checked, parsed and evaluated once per process.
    pub fn cards(self) -> Result<Arc<Cards>, CertificateError> {
        static CARDS: [OnceLock<Result<Arc<Cards>, CertificateError>>; Maker::ALL.len()] =
            [const { OnceLock::new() }; Maker::ALL.len()];
        CARDS[self as usize]
            .get_or_init(|| {
                let certificate = Certificate::parse_checked(self.text(), self.sha256())?;
                Ok(Arc::new(Cards::evaluate(&certificate)?))
            })
            .clone()
    }
}

/// The shipped paper certificate, digest-checked, parsed and evaluated once per process.
pub fn shipped_cards() -> Result<Arc<Cards>, CertificateError> {
    Maker::Paper.cards()
}
