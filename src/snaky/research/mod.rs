//! Research on shorter Makers, apart from the rules the game plays by: the proof search that
//! writes new certificates, the hunt for 19 class by class with its checkpoint, and the strength
//! measures of the search. The game's path (`certificate`, `card`, `policy`, `game`, `verify`,
//! `review`) imports nothing from here; what is found here reaches the game only as a certificate
//! text in `assets/`, checked like the paper's.

pub mod checkpoint;
pub mod classes;
pub mod failures;
pub mod hunt;
pub mod search;
pub mod strength;
