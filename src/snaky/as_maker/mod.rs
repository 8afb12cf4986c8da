//! Snaky with the player as Maker: a game where both sides choose their cells ([`MakerGame`]),
//! computer Breakers to play against ([`Opponent`], by [`Level`]), the proof as coach
//! ([`Coach`]: which card of our certificates applies and how soon it wins) and the review of a
//! finished game ([`review`](mod@review)). Plain Rust, no Bevy.

pub mod attacker;
pub mod breakers;
pub mod coach;
pub mod game;
pub mod review;
pub mod threat_search;

pub use attacker::Attacker;
pub use breakers::{Level, Opponent};
pub use coach::{Advice, Aim, Coach, Footing, HintReason, built_shape, measure, near_suggestion};
pub use game::MakerGame;
pub use review::{CoachedMove, coached_review, hint_line_against};
