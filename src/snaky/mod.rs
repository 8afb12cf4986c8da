//! Snaky: the certificate engine (plain Rust, no Bevy).
//!
//! Maker (the COM) follows the certificate of "Snaky in 21 Maker moves" literally (SPEC §2):
//! [`Certificate`] parses the paper's table, [`Cards`] evaluates every card and combination node
//! exactly, [`Claim`] is Maker's policy, [`Game`] plays it against a Breaker, and [`verify`] runs
//! every check of SPEC §2.3.
//!
//! ```
//! use pokopoko::snaky::{self, Cell, Game};
//! let cards = snaky::shipped_cards().expect("the shipped certificate");
//! let mut game = Game::started(cards);
//! assert_eq!(game.maker_cells(), &[Cell::new(8, 8)]);
//! assert_eq!(game.reply(Cell::new(7, 8)), Ok(Cell::new(8, 7)));
//! assert!(game.claim().guarantee <= 21);
//! ```

pub mod breaker;
pub mod card;
pub mod cell;
pub mod cell_set;
pub mod certificate;
pub mod errors;
pub mod game;
pub mod placement;
pub mod policy;
pub mod record;
pub mod shape;
pub mod verify;

use std::sync::{Arc, OnceLock};

pub use breaker::{Breaker, BreakerKind, ComputerBreaker, play_out};
pub use card::{Cards, Child, Node, NodeId};
pub use cell::{Cell, FrameCell};
pub use cell_set::CellSet;
pub use certificate::Certificate;
pub use errors::{
    CertificateError, EvalError, MoveError, ParseError, ParseErrorKind, RecordError, RecordErrorKind,
};
pub use game::{ClaimInfo, Game, Move, Player};
pub use placement::{Placement, Symmetry};
pub use policy::Claim;
pub use record::{parse_moves, replay};

/// The shipped certificate, digest-checked, parsed and evaluated once per process.
pub fn shipped_cards() -> Result<Arc<Cards>, CertificateError> {
    static CARDS: OnceLock<Result<Arc<Cards>, CertificateError>> = OnceLock::new();
    CARDS
        .get_or_init(|| {
            let certificate = Certificate::shipped()?;
            Ok(Arc::new(Cards::evaluate(&certificate)?))
        })
        .clone()
}
