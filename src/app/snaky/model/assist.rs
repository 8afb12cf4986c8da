//! What can help the player in a Snaky game. A game the player was helped in says so at its end
//! and is never a best (the save keeps it apart).

/// What helped the player in a game: such a game's result says so and is never a best.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Assist {
    /// A move made with the hint shown.
    Hint,
    /// A move made with the heat map shown.
    Heat,
    /// A move made with the card's overlays shown (envelope, required set, pivot), or the card
    /// browser opened during the game.
    Cards,
    Undo,
    /// The game resumed from an earlier position (review or the lesson).
    Resume,
    /// A computer Breaker played some of the moves.
    Computer,
    /// The game came from a loaded record.
    Record,
}
