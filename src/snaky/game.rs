//! A game of Snaky: Maker (the certificate's policy) against a Breaker, on the infinite board.

use std::collections::HashMap;
use std::sync::Arc;

use serde::Serialize;

use super::card::Cards;
use super::cell::Cell;
use super::cell_set::Bounds;
use super::errors::MoveError;
use super::placement::Symmetry;
use super::policy::{Claim, FirstFree};
use super::shape::{self, Copy as SnakyCopy};
use super::threats;

/// The two players. Maker (the COM) moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Player {
    Maker,
    Breaker,
}

/// One move of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Move {
    pub player: Player,
    pub cell: Cell,
}

/// What the info panel and the overlays show about the active claim.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ClaimInfo {
    /// Card number (for an inline node, the card whose line contains it).
    pub card: u32,
    /// The active node is written inline inside that card's line.
    pub inline: bool,
    /// F(pivot): Maker's move for this claim (just played, or next to play).
    pub pivot: Cell,
    pub height: u32,
    /// F(T): Breaker must own nothing here.
    pub envelope: Vec<Cell>,
    /// F(A): Maker owns all of these.
    pub required: Vec<Cell>,
    pub envelope_size: usize,
    pub required_size: usize,
    /// "Maker wins within k moves" (counting from the first move); never increases.
    pub guarantee: u32,
}

/// What one reply of Breaker's leads to ([`Game::reply_outcomes`]).
struct ReplyOutcome {
    /// The reply's cell, or `None` for any reply outside the active envelope.
    reply: Option<Cell>,
    /// The claim Maker moves to (`None` if no child survives the reply).
    next: Option<Claim>,
    /// Maker's next stone after the reply completes a Snaky.
    wins_next: bool,
}

/// A game in progress. Cloning is cheap (a few short vectors), so undo can be a replay or a copy.
#[derive(Clone, Debug)]
pub struct Game {
    cards: Arc<Cards>,
    moves: Vec<Move>,
    maker: Vec<Cell>,
    breaker: Vec<Cell>,
    claim: Claim,
    won: Option<SnakyCopy>,
    /// Who holds each stone: every move asks whether cells are free, and this answers at once
    /// however long the game (a list would make a game of n moves take n² or n³ steps).
    stones: HashMap<Cell, Player>,
    /// Where rule 2's replacement order resumes.
    first_free: FirstFree,
    /// How Maker's whole plan is turned about its opening in this game (the identity: as in
    /// the paper).
    turn: Symmetry,
}

impl Game {
    /// The empty board, Maker to move, at card 727 under the identity.
    pub fn new(cards: Arc<Cards>) -> Self {
        Self::new_turned(cards, Symmetry::IDENTITY)
    }

    /// The empty board, Maker to move, with Maker's plan turned by `turn` about its opening
    /// (8,8): the same game as [`Game::new`]'s, turned, and the same guarantee at every move.
    pub fn new_turned(cards: Arc<Cards>, turn: Symmetry) -> Self {
        let claim = Claim::start_turned(&cards, turn);
        Self {
            cards,
            moves: Vec::with_capacity(48),
            maker: Vec::with_capacity(24),
            breaker: Vec::with_capacity(24),
            claim,
            won: None,
            stones: HashMap::new(),
            first_free: FirstFree::turned(turn),
            turn,
        }
    }

    /// A new game after Maker's first move ((8,8)): Breaker to move.
    pub fn started(cards: Arc<Cards>) -> Self {
        Self::started_turned(cards, Symmetry::IDENTITY)
    }

    /// [`Game::started`] with Maker's plan turned by `turn` about (8,8).
    pub fn started_turned(cards: Arc<Cards>, turn: Symmetry) -> Self {
        let mut game = Self::new_turned(cards, turn);
        // A fresh game is Maker's turn and not over, so this cannot fail.
        let _ = game.maker_move();
        game
    }

    /// How Maker's plan is turned about its opening in this game.
    pub fn turn(&self) -> Symmetry {
        self.turn
    }

    pub fn cards(&self) -> &Arc<Cards> {
        &self.cards
    }

    /// Whose turn it is, or `None` once Maker has won.
    pub fn to_move(&self) -> Option<Player> {
        if self.won.is_some() {
            None
        } else if self.moves.len().is_multiple_of(2) {
            Some(Player::Maker)
        } else {
            Some(Player::Breaker)
        }
    }

    /// Plays Maker's policy move (rules 1, 2 and 4 of SPEC §2.4) and returns its cell.
    pub fn maker_move(&mut self) -> Result<Cell, MoveError> {
        match self.to_move() {
            None => return Err(MoveError::GameOver),
            Some(Player::Breaker) => return Err(MoveError::BreakerToMove),
            Some(Player::Maker) => {}
        }
        let stones = &self.stones;
        let cell =
            self.claim.maker_cell_from(&self.cards, |c| !stones.contains_key(&c), &mut self.first_free);
        self.moves.push(Move { player: Player::Maker, cell });
        self.maker.push(cell);
        self.stones.insert(cell, Player::Maker);
        let stones = &self.stones;
        self.won = shape::completed_copy_where(cell, |c| stones.get(&c) == Some(&Player::Maker));
        Ok(cell)
    }

    /// Plays Breaker's move on any free cell (negative and far-away coordinates included), and
    /// moves the active claim to the selected child (rule 3).
    pub fn breaker_move(&mut self, cell: Cell) -> Result<(), MoveError> {
        match self.to_move() {
            None => return Err(MoveError::GameOver),
            Some(Player::Maker) => return Err(MoveError::MakerToMove),
            Some(Player::Breaker) => {}
        }
        if !self.is_free(cell) {
            return Err(MoveError::Occupied(cell));
        }
        self.moves.push(Move { player: Player::Breaker, cell });
        self.breaker.push(cell);
        self.stones.insert(cell, Player::Breaker);
        // Only a reply on a cell Maker owns could leave no child, and that cell is not free.
        if let Some(next) = self.claim.after_reply(&self.cards, cell) {
            self.claim = next;
        }
        Ok(())
    }

    /// Breaker's move followed by Maker's automatic reply; returns Maker's cell.
    pub fn reply(&mut self, cell: Cell) -> Result<Cell, MoveError> {
        self.breaker_move(cell)?;
        self.maker_move()
    }

    pub fn is_free(&self, cell: Cell) -> bool {
        !self.stones.contains_key(&cell)
    }

    /// Who owns a cell, if anyone.
    pub fn owner(&self, cell: Cell) -> Option<Player> {
        self.stones.get(&cell).copied()
    }

    /// All moves in order (Maker's are the even indices).
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Maker's cells in the order played.
    pub fn maker_cells(&self) -> &[Cell] {
        &self.maker
    }

    /// Breaker's cells in the order played.
    pub fn breaker_cells(&self) -> &[Cell] {
        &self.breaker
    }

    /// The winner: Maker once it owns a whole copy of Snaky.
    pub fn winner(&self) -> Option<Player> {
        self.won.map(|_| Player::Maker)
    }

    pub fn won(&self) -> bool {
        self.won.is_some()
    }

    /// The six cells of the copy Maker completed, if it has won.
    pub fn winning_copy(&self) -> Option<[Cell; 6]> {
        self.won
    }

    /// The active claim: while Breaker is to move, the node whose pivot Maker just took; while
    /// Maker is to move, the node whose pivot it will take.
    pub fn active_claim(&self) -> Claim {
        self.claim
    }

    /// "Maker wins within k moves": moves so far + the claim's height (− 1 once its pivot is
    /// played), counting Maker's next stone where the position fixes it: with Maker to move, k is
    /// the next move when that stone completes a Snaky; with Breaker to move and a finish open,
    /// k is the most a reply keeps ([`Self::reply_guarantees`]), each reply counted the same way.
    /// Every move keeps or lowers it (a Maker move lowers the height by at least one; a reply
    /// keeps at most the most a reply keeps), so k never increases.
    pub fn guarantee(&self) -> u32 {
        let made = self.maker.len() as u32;
        let height = self.claim.height(&self.cards);
        match self.to_move() {
            None => made,
            Some(Player::Maker) => {
                let finishing = self.finishing_cells();
                if finishing.contains(&self.next_stone(self.claim, None)) { made + 1 } else { made + height }
            }
            Some(Player::Breaker) => {
                let by_height = made + height - 1;
                if self.finishing_cells().is_empty() {
                    return by_height;
                }
                let most = self.reply_guarantees().into_iter().map(|(_, keeps)| keeps).max();
                most.map_or(by_height, |most| most.min(by_height))
            }
        }
    }

    /// The free cells where a Maker stone completes a Snaky now.
    fn finishing_cells(&self) -> Vec<Cell> {
        threats::threats(&self.maker, &self.breaker).cells
    }

    /// The cell Maker's policy takes next holding `claim`, with `taken` (a reply not yet played)
    /// occupied too: the claim's pivot, or rule 2's first free cell.
    fn next_stone(&self, claim: Claim, taken: Option<Cell>) -> Cell {
        let mut first_free = self.first_free;
        let is_free = |c: Cell| Some(c) != taken && !self.stones.contains_key(&c);
        claim.maker_cell_from(&self.cards, is_free, &mut first_free)
    }

    /// The position after the first `moves` moves of this game (at most all of them), rebuilt
    /// by replaying them: Maker's moves follow from Breaker's.
    pub fn prefix(&self, moves: usize) -> Self {
        let mut shown = Self::new_turned(Arc::clone(&self.cards), self.turn);
        for &m in self.moves.iter().take(moves) {
            shown.replay_move(m);
        }
        shown
    }

    /// Plays again a move this game's policy made or accepted, in the order it was played.
    fn replay_move(&mut self, m: Move) {
        // The moves were legal when played, in this order.
        let _ = match m.player {
            Player::Maker => self.maker_move().map(|_| ()),
            Player::Breaker => self.breaker_move(m.cell),
        };
    }

    /// The game continued from its first `moves` moves: if Breaker moved last there, Maker
    /// answers at once (a reviewed position the player resumes from).
    pub fn resumed_at(&self, moves: usize) -> Self {
        let mut resumed = self.prefix(moves);
        if resumed.to_move() == Some(Player::Maker) {
            // Maker's policy always has a move while the game is on.
            let _ = resumed.maker_move();
        }
        resumed
    }

    /// Takes back Breaker's last move and Maker's answer (false if Breaker has not moved).
    pub fn undo(&mut self) -> bool {
        let Some(last) = self.moves.iter().rposition(|m| m.player == Player::Breaker) else { return false };
        *self = self.resumed_at(last);
        true
    }

    /// A free cell far outside the frame, on a line no other stone is near: where "play far
    /// away" claims.
    pub fn far_away_cell(&self) -> Cell {
        (0..self.moves.len() as i32 + 1)
            .map(|k| Cell::new(1000 + 3 * k, -1000))
            .find(|&c| self.is_free(c))
            .unwrap_or(Cell::new(-1000, 1000))
    }

    /// The guarantee after each move so far (entry i: after move i + 1): the tempo graph.
    /// It never increases.
    pub fn tempo(&self) -> Vec<u32> {
        let mut replay = Self::new_turned(Arc::clone(&self.cards), self.turn);
        let mut points = Vec::with_capacity(self.moves.len());
        for &m in &self.moves {
            replay.replay_move(m);
            points.push(replay.guarantee());
        }
        points
    }

    /// For Breaker to move: the height of the card Maker will hold after each reply — every free
    /// cell of the active envelope, then (`None`) any reply outside it (which keeps child 0) —
    /// or 1 where Maker's next stone after that reply completes a Snaky.
    pub fn heat(&self) -> Vec<(Option<Cell>, u32)> {
        let cards = &self.cards;
        self.reply_outcomes()
            .into_iter()
            .map(|o| (o.reply, if o.wins_next { 1 } else { o.next.map_or(0, |next| next.height(cards)) }))
            .collect()
    }

    /// For Breaker to move: how many Maker moves a reply outside the active envelope gives away
    /// against the best reply (the heat map's highest height less its height outside). At the
    /// opening, the first-reply tip's "Maker wins k moves sooner".
    pub fn far_reply_cost(&self) -> Option<u32> {
        let heat = self.heat();
        let best = heat.iter().map(|&(_, height)| height).max()?;
        let far = heat.iter().find(|(reply, _)| reply.is_none())?.1;
        Some(best.saturating_sub(far))
    }

    /// For Breaker to move: the guarantee once Breaker has replied (Maker to move, the claim moved
    /// to the child the reply selects) — each free cell of the active envelope, then (`None`) any
    /// reply outside it. The heat map's heights, counted as the panel counts the guarantee: the
    /// next move where Maker's next stone then completes a Snaky.
    pub fn reply_guarantees(&self) -> Vec<(Option<Cell>, u32)> {
        let made = self.maker.len() as u32;
        self.reply_outcomes()
            .into_iter()
            .map(|o| {
                // As in `breaker_move`: a reply that leaves no child keeps the claim.
                let height = o.next.unwrap_or(self.claim).height(&self.cards);
                (o.reply, made + if o.wins_next { 1 } else { height })
            })
            .collect()
    }

    /// For Breaker to move: the guarantee once Breaker has replied at `cell` — the envelope's
    /// reply there, or any reply outside it ([`Self::reply_guarantees`]); `None` when it is not
    /// Breaker's turn.
    pub fn reply_guarantee(&self, cell: Cell) -> Option<u32> {
        guarantee_at(&self.reply_guarantees(), cell)
    }

    /// For Breaker to move: each free cell of the active envelope, then (`None`) any reply outside
    /// it, with the claim Maker moves to after that reply (`None` if no child survives it) and
    /// whether Maker's next stone then completes a Snaky.
    fn reply_outcomes(&self) -> Vec<ReplyOutcome> {
        if self.to_move() != Some(Player::Breaker) {
            return Vec::new();
        }
        let cards = &self.cards;
        let finishing = self.finishing_cells();
        let outcome = |reply: Option<Cell>, next: Option<Claim>| {
            // A reply never fills a finished copy's other cells (they are Maker's), so Maker's
            // next stone wins exactly when it lands on a finishing cell the reply left free.
            let wins_next = !finishing.is_empty() && {
                let stone = self.next_stone(next.unwrap_or(self.claim), reply);
                Some(stone) != reply && finishing.contains(&stone)
            };
            ReplyOutcome { reply, next, wins_next }
        };
        let mut outcomes: Vec<ReplyOutcome> = self
            .claim
            .envelope(cards)
            .into_iter()
            .filter(|&c| self.is_free(c))
            .map(|c| outcome(Some(c), self.claim.after_reply(cards, c)))
            .collect();
        outcomes.push(outcome(None, self.claim.after_outside_reply(cards)));
        outcomes
    }

    /// For Breaker to move: the replies that delay Maker most (the perfect Breaker's choices,
    /// by the exact delay of the child each selects, 1 where Maker's next stone then completes a
    /// Snaky); `None` stands for a reply outside the envelope.
    pub fn hint(&self) -> Vec<Option<Cell>> {
        let cards = &self.cards;
        let outcomes: Vec<(Option<Cell>, u32)> = self
            .reply_outcomes()
            .into_iter()
            .map(|o| (o.reply, if o.wins_next { 1 } else { o.next.map_or(0, |next| cards.delay(next.node)) }))
            .collect();
        let best = outcomes.iter().map(|&(_, delay)| delay).max().unwrap_or(0);
        outcomes.into_iter().filter(|&(_, delay)| delay == best).map(|(reply, _)| reply).collect()
    }

    /// The box around the root card's envelope on the board, where Maker plays all game
    /// ({0..16}² for both shipped Makers): the screen's dashed frame.
    pub fn frame(&self) -> Bounds {
        let start = Claim::start_turned(&self.cards, self.turn);
        self.cards.node(start.node).bounds.placed(start.placement)
    }

    /// Everything the screen shows about the active claim.
    pub fn claim(&self) -> ClaimInfo {
        let cards = &self.cards;
        let node = cards.node(self.claim.node);
        ClaimInfo {
            card: node.card,
            inline: node.inline,
            pivot: self.claim.pivot(cards),
            height: node.height,
            envelope: self.claim.envelope(cards),
            required: self.claim.required(cards),
            envelope_size: node.envelope.len(),
            required_size: node.required.len(),
            guarantee: self.guarantee(),
        }
    }
}

/// Of [`Game::reply_guarantees`], the guarantee after a reply at `cell`: the envelope's reply
/// there, or any reply outside it; `None` when the list is empty (not Breaker's turn).
pub fn guarantee_at(guarantees: &[(Option<Cell>, u32)], cell: Cell) -> Option<u32> {
    let inside = guarantees.iter().find(|(reply, _)| *reply == Some(cell));
    let outside = guarantees.iter().find(|(reply, _)| reply.is_none());
    inside.or(outside).map(|&(_, keeps)| keeps)
}
