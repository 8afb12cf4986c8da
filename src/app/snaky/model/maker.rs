//! Snaky as Maker, the screen's model: the player builds, a computer Breaker answers, and the
//! proof coaches — after every exchange it says how soon a win is proven and by which move.

use std::sync::Arc;

use bevy::prelude::Resource;

use crate::snaky::as_maker::{
    Advice, Aim, Attacker, Coach, CoachedMove, HintReason, Level, MakerGame, Opponent, coached_review,
    hint_line_against, measure, near_suggestion,
};
use crate::snaky::{Cell, Maker, Move, Player};

/// The goal on screen: our best certificate's height.
pub const PAR: u32 = Maker::Ours19.bound();

/// What the player can do on the Maker screen.
#[derive(bevy::prelude::Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum MakerInput {
    /// Claim a cell (the board's click, or Enter on the cursor).
    Claim(Cell),
    /// Show or hide the proven next move (an assist).
    ToggleHint,
    /// Take back the last exchange (an assist).
    Undo,
    NewGame,
    /// Play against this Breaker (a new game).
    Level(Level),
    /// Show or close the proof's line from here: the hints played against a copy of the
    /// Breaker, to the win, on the board move by move (an assist).
    ProofLine,
    /// Step the open proof's line by this many moves (the player's hand: its playing stops).
    ProofLineStep(i32),
    /// The proof's line plays its next move by itself, while it plays.
    ProofLineTick,
    Back,
}

/// What changed that the screen tells the rest of the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MakerOutcome {
    Placed {
        cell: Cell,
        player: Player,
    },
    Refused(Cell),
    /// The proven finish moved away by this many moves with the player's last move.
    Cost(u32),
    Won {
        moves: u32,
    },
    /// Leave for the menu.
    Back,
}

/// One game as Maker.
#[derive(Resource, Debug, Clone)]
pub struct MakerSession {
    game: MakerGame,
    level: Level,
    /// Each new game takes the next seed, so the Breaker's ties differ from game to game.
    seed: u64,
    opponent: Opponent,
    coach: Arc<Coach>,
    advice: Option<Advice>,
    /// Off the proof (after the first stone), what the stones say to aim for.
    aim: Option<Aim>,
    /// What the advice's hint does, and off the proof a move near the player's stones: worked out
    /// once per position while the hint is shown (the panel and the board both show them).
    hint_reason: Option<HintReason>,
    near: Option<(Cell, HintReason)>,
    /// What the player's last move cost (0: it kept the proof's pace).
    last_cost: u32,
    /// When the last move cost: the proof's move it missed, what that move would have done, and
    /// what the move played did (both on the board before it).
    last_missed: Option<(HintReason, HintReason)>,
    /// How much closer the proven win came with the last move and the computer's reply (a
    /// shorter proof than the one before promised).
    last_gain: u32,
    pub hint_shown: bool,
    /// A level chosen during a game: asked once, the same choice again starts the new game.
    pending_level: Option<Level>,
    /// The hint was shown or a move taken back: the game cannot be a best.
    assisted: bool,
    review: Vec<CoachedMove>,
    /// The cells that would have finished a Snaky right after the player's last move, before
    /// the Breaker's reply: one is a threat, two or more a double threat.
    last_threats: Vec<Cell>,
    /// The proof's line from the position, while it is shown.
    proof_line: Option<ProofLine>,
    /// How many Maker moves every hint from the empty board takes against this game's Breaker:
    /// a target the player can reach (newcomer #30 found 19 far from what the line did).
    hint_par: Option<u32>,
}

/// The proof's line from a position: what following every hint would do against this Breaker
/// (a copy of the game's, so its replies are the ones the game would get), shown move by move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProofLine {
    /// The line's moves, the player's (Maker's) first, to the move that completes a Snaky.
    pub moves: Vec<Move>,
    /// How many of them the board shows.
    pub shown: usize,
    /// It plays a move at a time by itself, until the player steps it by hand.
    pub playing: bool,
}

impl ProofLine {
    /// The game with the shown moves played.
    pub fn position(&self, game: &MakerGame) -> MakerGame {
        let mut position = game.clone();
        for m in &self.moves[..self.shown] {
            // The line was played from this very game: every move is legal.
            let _ = position.play(m.cell);
        }
        position
    }

    pub fn at_end(&self) -> bool {
        self.shown == self.moves.len()
    }
}

impl MakerSession {
    pub fn new(coach: Arc<Coach>, level: Level) -> Self {
        Self::seeded(coach, level, 0)
    }

    /// A new game whose computer Breaker takes seed `seed + 1` (each new game the next).
    pub fn seeded(coach: Arc<Coach>, level: Level, seed: u64) -> Self {
        let mut session = Self {
            game: MakerGame::new(),
            level,
            seed,
            opponent: Opponent::new(level, 0),
            coach,
            advice: None,
            aim: None,
            hint_reason: None,
            near: None,
            proof_line: None,
            hint_par: None,
            last_cost: 0,
            last_missed: None,
            last_gain: 0,
            hint_shown: false,
            pending_level: None,
            assisted: false,
            review: Vec::new(),
            last_threats: Vec::new(),
        };
        session.restart(level);
        session
    }

    fn restart(&mut self, level: Level) {
        self.seed += 1;
        self.level = level;
        self.opponent = Opponent::new(level, self.seed);
        self.game = MakerGame::new();
        self.hint_shown = false;
        self.pending_level = None;
        self.assisted = false;
        self.last_cost = 0;
        self.last_missed = None;
        self.last_gain = 0;
        self.last_threats.clear();
        self.review.clear();
        self.proof_line = None;
        let line = hint_line_against(&self.coach, &self.game, self.opponent.clone());
        let won = line.last().is_some_and(|m| m.player == Player::Maker);
        self.hint_par = won.then(|| line.iter().filter(|m| m.player == Player::Maker).count() as u32);
        self.refresh_advice();
    }

    /// How many Maker moves every hint from the start takes against this game's Breaker.
    pub fn hint_par(&self) -> Option<u32> {
        self.hint_par
    }

    pub fn game(&self) -> &MakerGame {
        &self.game
    }

    pub fn level(&self) -> Level {
        self.level
    }

    /// The proof for the position, when it is the player's turn.
    pub fn advice(&self) -> Option<Advice> {
        self.advice
    }

    /// Off the proof, what to aim for next ([`Aim`]); `None` on the proof.
    pub fn aim(&self) -> Option<Aim> {
        self.aim
    }

    /// What the advice's hint does on the board, while the hint is shown.
    pub fn hint_reason(&self) -> Option<&HintReason> {
        self.hint_reason.as_ref()
    }

    /// Off the proof (a fresh start is all it offers), a move near the player's stones, not
    /// proven, with what it does ([`near_suggestion`]).
    pub fn near_move(&self) -> Option<&(Cell, HintReason)> {
        self.near.as_ref()
    }

    fn refresh_advice(&mut self) {
        self.advice = self.coach.advise(&self.game);
        self.aim = self
            .advice
            .filter(|a| !a.footing.on_stones() && !self.game.maker_cells().is_empty())
            .map(|_| Aim::of(&self.game));
        (self.hint_reason, self.near) = (None, None);
        self.explain_hint();
    }

    /// What the hint does and the move near the stones, worked out once per position and only
    /// while the hint is shown (nothing else reads them).
    fn explain_hint(&mut self) {
        let Some(advice) = self.advice.filter(|_| self.hint_shown && self.hint_reason.is_none()) else {
            return;
        };
        self.hint_reason = Some(HintReason::of(&self.game, advice.hint));
        self.near = (!advice.footing.on_stones()).then(|| near_suggestion(&self.game)).flatten();
    }

    pub fn last_cost(&self) -> u32 {
        self.last_cost
    }

    /// When the last move cost: what the proof's move it missed and the move played each did
    /// on the board (the cell is not kept: the panel never names it).
    pub fn last_missed(&self) -> Option<&(HintReason, HintReason)> {
        self.last_missed.as_ref()
    }

    pub fn last_gain(&self) -> u32 {
        self.last_gain
    }

    /// The finishing cells the player's last move made, before the Breaker's reply.
    pub fn last_threats(&self) -> &[Cell] {
        &self.last_threats
    }

    pub fn assisted(&self) -> bool {
        self.assisted
    }

    /// After a win: each move against the coach.
    pub fn review(&self) -> &[CoachedMove] {
        &self.review
    }

    /// The player's moves so far.
    pub fn moves(&self) -> u32 {
        self.game.maker_cells().len() as u32
    }

    /// The hinted cell, when the hint is shown.
    pub fn shown_hint(&self) -> Option<Cell> {
        self.advice.filter(|_| self.hint_shown).map(|advice| advice.hint)
    }

    /// A level the player asked for during a game, waiting for the same choice again (the level
    /// played: a new game asked for).
    pub fn pending_level(&self) -> Option<Level> {
        self.pending_level
    }

    /// The proof's line, while it is shown.
    pub fn proof_line(&self) -> Option<&ProofLine> {
        self.proof_line.as_ref()
    }

    /// Applies one input and returns what happened, in order.
    pub fn apply(&mut self, input: MakerInput) -> Vec<MakerOutcome> {
        let pending = self.pending_level.take();
        // The line is a look ahead: any move or new game puts it away.
        if !matches!(
            input,
            MakerInput::ProofLine
                | MakerInput::ProofLineStep(_)
                | MakerInput::ProofLineTick
                | MakerInput::ToggleHint
        ) {
            self.proof_line = None;
        }
        match input {
            MakerInput::ProofLine => {
                self.pending_level = pending;
                if self.proof_line.take().is_none() && !self.game.won() && self.advice.is_some() {
                    let moves = hint_line_against(&self.coach, &self.game, self.opponent.clone());
                    self.proof_line = Some(ProofLine { moves, shown: 0, playing: true });
                    // It shows every hint to the win.
                    self.assisted = true;
                }
                Vec::new()
            }
            MakerInput::ProofLineStep(delta) => {
                self.pending_level = pending;
                if let Some(line) = self.proof_line.as_mut() {
                    line.shown = line.shown.saturating_add_signed(delta as isize).min(line.moves.len());
                    line.playing = false;
                }
                Vec::new()
            }
            MakerInput::ProofLineTick => {
                self.pending_level = pending;
                if let Some(line) = self.proof_line.as_mut().filter(|line| line.playing) {
                    line.shown = (line.shown + 1).min(line.moves.len());
                    line.playing = !line.at_end();
                }
                Vec::new()
            }
            MakerInput::Claim(cell) => self.claim(cell),
            MakerInput::ToggleHint => {
                // Looking at the hint is no answer to "leave this game?": the question stands.
                self.pending_level = pending;
                self.hint_shown = !self.hint_shown;
                if self.hint_shown && !self.game.won() {
                    self.assisted = true;
                }
                self.explain_hint();
                Vec::new()
            }
            MakerInput::Undo => {
                // Back to the player's last turn: Breaker's reply and the player's move, or only
                // the winning move.
                let taken = if self.game.won() { 1 } else { 2 };
                if self.game.moves().len() >= taken {
                    for _ in 0..taken {
                        self.game.undo();
                    }
                    self.assisted = true;
                    self.review.clear();
                    self.last_cost = 0;
                    self.last_missed = None;
                    self.last_threats.clear();
                    self.refresh_advice();
                }
                Vec::new()
            }
            MakerInput::NewGame => {
                // As for a level: a game under way is left only when asked twice (pending, the
                // same level).
                let under_way = !self.game.moves().is_empty() && !self.game.won();
                if under_way && pending != Some(self.level) {
                    self.pending_level = Some(self.level);
                } else {
                    self.restart(self.level);
                }
                Vec::new()
            }
            MakerInput::Level(level) => {
                // A game under way is not thrown away by one key: the same choice again confirms.
                let under_way = !self.game.moves().is_empty() && !self.game.won();
                if under_way && level != self.level && pending != Some(level) {
                    self.pending_level = Some(level);
                } else if level != self.level || !under_way {
                    self.restart(level);
                }
                Vec::new()
            }
            MakerInput::Back => vec![MakerOutcome::Back],
        }
    }

    /// Plays `moves` Maker moves of the fixed heuristic Maker (seeded by the game), each answered
    /// as the player's would be (for `--open snaky-maker:N` and tests).
    pub fn autoplay(&mut self, moves: usize) {
        let mut maker = Attacker::new(self.seed);
        for _ in 0..moves {
            match maker.choose(&self.game) {
                Some(cell) => {
                    self.claim(cell);
                }
                None => break,
            }
        }
    }

    fn claim(&mut self, cell: Cell) -> Vec<MakerOutcome> {
        let board_before = self.game.clone();
        // A taken cell, or a game already won.
        if self.game.maker_move(cell).is_err() {
            return vec![MakerOutcome::Refused(cell)];
        }
        // The proof this move is measured against: the one that stood before it.
        let (before, before_reason) = (self.advice, self.hint_reason.take());
        let mut outcomes = vec![MakerOutcome::Placed { cell, player: Player::Maker }];
        self.last_threats = if self.game.won() { Vec::new() } else { self.game.threats().cells };
        if self.game.won() {
            (self.advice, self.aim, self.hint_reason, self.near) = (None, None, None, None);
            self.review = coached_review(&self.coach, &self.game, self.level, self.seed);
            outcomes.push(MakerOutcome::Won { moves: self.moves() });
            return outcomes;
        }
        if let Some(reply) = self.opponent.choose(&self.game)
            && self.game.breaker_move(reply).is_ok()
        {
            outcomes.push(MakerOutcome::Placed { cell: reply, player: Player::Breaker });
        }
        self.refresh_advice();
        // Measured against the proof that stood before the move (off it, nothing is charged).
        (self.last_cost, self.last_gain) = match (before, self.advice) {
            (Some(before), Some(after)) => measure(&before, &after),
            _ => (0, 0),
        };
        self.last_missed = before.filter(|b| self.last_cost > 0 && b.hint != cell).map(|b| {
            let hinted = before_reason.unwrap_or_else(|| HintReason::of(&board_before, b.hint));
            (hinted, HintReason::of(&board_before, cell))
        });
        if self.last_cost > 0 {
            outcomes.push(MakerOutcome::Cost(self.last_cost));
        }
        outcomes
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::snaky::as_maker::Footing;
    use std::sync::OnceLock;

    fn coach() -> Arc<Coach> {
        static COACH: OnceLock<Arc<Coach>> = OnceLock::new();
        COACH.get_or_init(|| Arc::new(Coach::shipped().expect("shipped"))).clone()
    }

    /// The target the panel gives ("every hint: 8 moves this game") is what playing every hint
    /// in this very game does, against its Breaker, for each level and several games; within the
    /// proof's promise (19).
    #[test]
    fn every_hint_wins_in_the_number_the_panel_gives() {
        for level in Level::ALL {
            let mut session = MakerSession::new(coach(), level);
            for _ in 0..3 {
                let target = session.hint_par().expect("the hints win");
                assert!(target <= PAR, "{level:?}: {target}");
                while !session.game().won() {
                    let hint = session.advice().expect("the player's turn").hint;
                    session.apply(MakerInput::Claim(hint));
                }
                assert_eq!(session.moves(), target, "{level:?}");
                session.apply(MakerInput::NewGame);
            }
        }
    }

    /// The cells that finish a Snaky for Maker on `game`'s board without its last move (the
    /// Breaker's reply), by trying every free cell near Maker's stones.
    fn finishing_before_the_reply(game: &MakerGame) -> Vec<Cell> {
        let moves = game.moves();
        let (reply, earlier) = moves.split_last().expect("a reply");
        assert_eq!(reply.player, Player::Breaker);
        let taken = |c: Cell| earlier.iter().any(|m| m.cell == c);
        let maker: Vec<Cell> = earlier.iter().filter(|m| m.player == Player::Maker).map(|m| m.cell).collect();
        let mut cells = Vec::new();
        for m in &maker {
            for dx in -5..=5 {
                for dy in -5..=5 {
                    let c = Cell::new(m.x + dx, m.y + dy);
                    if taken(c) || cells.contains(&c) {
                        continue;
                    }
                    let mut owned = maker.clone();
                    owned.push(c);
                    let copy = crate::snaky::shape::completed_copy(c, &owned);
                    if copy.is_some_and(|copy| {
                        !copy
                            .iter()
                            .any(|&x| earlier.iter().any(|m| m.cell == x && m.player == Player::Breaker))
                    }) {
                        cells.push(c);
                    }
                }
            }
        }
        cells.sort();
        cells
    }

    /// The threats a move made are kept for the panel: exactly the cells that finished a Snaky
    /// before the Breaker's reply, on every turn of heuristic games, double threats among them.
    #[test]
    fn the_threats_of_the_last_move_are_the_cells_that_finished_before_the_reply() {
        let mut doubles = 0;
        for level in Level::ALL {
            let mut session = MakerSession::new(coach(), level);
            for _ in 0..40 {
                session.autoplay(1);
                if session.game().won() {
                    break;
                }
                let mut said = session.last_threats().to_vec();
                said.sort();
                assert_eq!(said, finishing_before_the_reply(session.game()), "{level:?}");
                doubles += usize::from(said.len() >= 2);
            }
        }
        assert!(doubles > 0, "the heuristic Maker makes double threats");
    }

    /// Newcomer #9: R threw a game away at once while a level change asked first. Now both ask.
    #[test]
    fn a_new_game_during_a_game_is_asked_for_twice() {
        let mut session = MakerSession::new(coach(), Level::Blocker);
        session.apply(MakerInput::NewGame);
        assert_eq!(session.pending_level(), None, "nothing under way: no question");
        session.apply(MakerInput::Claim(Cell::new(8, 8)));
        session.apply(MakerInput::NewGame);
        assert_eq!(session.moves(), 1, "only asked");
        assert_eq!(session.pending_level(), Some(Level::Blocker));
        session.apply(MakerInput::ToggleHint);
        assert_eq!(session.pending_level(), Some(Level::Blocker), "the hint leaves the question open");
        session.apply(MakerInput::NewGame);
        assert_eq!((session.moves(), session.pending_level()), (0, None), "asked twice: a new game");
    }

    #[test]
    fn following_the_hint_wins_within_par_and_marks_the_game_assisted() {
        let mut session = MakerSession::new(coach(), Level::Searcher);
        assert_eq!(session.advice().map(|a| (a.hint, a.within)), Some((Cell::new(8, 8), PAR)));
        assert!(!session.assisted());
        session.apply(MakerInput::ToggleHint);
        assert!(session.assisted());
        let mut won = None;
        while won.is_none() {
            let hint = session.shown_hint().expect("the hint is shown while the game goes on");
            for outcome in session.apply(MakerInput::Claim(hint)) {
                assert!(!matches!(outcome, MakerOutcome::Cost(_) | MakerOutcome::Refused(_)), "{outcome:?}");
                if let MakerOutcome::Won { moves } = outcome {
                    won = Some(moves);
                }
            }
        }
        assert!(won.is_some_and(|moves| moves <= PAR), "{won:?}");
        assert!(session.review().iter().all(|m| m.cost == 0));
    }

    #[test]
    fn a_far_move_costs_and_a_taken_cell_is_refused() {
        let mut session = MakerSession::new(coach(), Level::Blocker);
        let opening = session.apply(MakerInput::Claim(Cell::new(8, 8)));
        assert_eq!(opening.len(), 2, "{opening:?}");
        let MakerOutcome::Placed { cell: reply, player: Player::Breaker } = opening[1] else {
            panic!("{opening:?}")
        };
        assert_eq!(session.apply(MakerInput::Claim(reply)), vec![MakerOutcome::Refused(reply)]);
        let proof = session.advice().expect("the player's turn");
        let before = proof.within;
        let before_board = session.game().clone();
        let outcomes = session.apply(MakerInput::Claim(Cell::new(400, 400)));
        let after = session.advice().expect("the player's turn").within;
        assert_eq!(after + 1 - before.min(after + 1), session.last_cost());
        assert!(session.last_cost() > 0 && outcomes.contains(&MakerOutcome::Cost(session.last_cost())));
        // The cost says what the proof's move did (never which it was); a stone alone far away
        // joins none of the player's.
        let (missed, yours) = session.last_missed().expect("the move cost");
        assert_eq!((missed, yours), (&HintReason::of(&before_board, proof.hint), &HintReason::Opens));
        assert!(!session.assisted());
        session.apply(MakerInput::Undo);
        assert_eq!(session.last_missed(), None);
        assert!(session.assisted());
        assert_eq!(session.moves(), 1);
    }

    #[test]
    fn a_level_chosen_mid_game_asks_first_and_off_the_proof_nothing_is_charged() {
        let mut session = MakerSession::new(coach(), Level::Blocker);
        session.apply(MakerInput::Claim(Cell::new(8, 8)));
        session.apply(MakerInput::Level(Level::Searcher));
        assert_eq!(
            (session.level(), session.pending_level(), session.moves()),
            (Level::Blocker, Some(Level::Searcher), 1)
        );
        session.apply(MakerInput::ToggleHint);
        assert_eq!(session.pending_level(), Some(Level::Searcher), "the hint keeps the question");
        session.apply(MakerInput::Level(Level::Searcher));
        assert_eq!((session.level(), session.pending_level(), session.moves()), (Level::Searcher, None, 0));
        // Far-apart lone stones: once no card builds on them, further wandering costs nothing.
        let mut charged_afresh = 0;
        for i in 1..8 {
            let afresh = session.advice().is_some_and(|a| a.footing == Footing::Afresh);
            session.apply(MakerInput::Claim(Cell::new(1_000 * i, -1_000 * i)));
            if afresh {
                charged_afresh += session.last_cost();
            }
        }
        assert_eq!(charged_afresh, 0);
    }

    /// Following the hint against the weakest Breaker, the promised finish (moves made + the
    /// proof's "within") never moves away, and each time it comes closer the session says by how
    /// much; it does come closer in some game (Blocker answers badly).
    #[test]
    fn a_shorter_proof_after_the_reply_is_said_as_a_gain() {
        let mut gained = 0;
        for seed in 0..4 {
            let mut session = MakerSession::new(coach(), Level::Blocker);
            for _ in 0..seed {
                session.restart(Level::Blocker);
            }
            session.apply(MakerInput::ToggleHint);
            while !session.game().won() {
                let before = session.advice().expect("the player's turn");
                let promised = session.moves() + before.within;
                session.apply(MakerInput::Claim(before.hint));
                let Some(after) = session.advice() else { break };
                let now = session.moves() + after.within;
                assert!(now <= promised, "the hint never costs");
                assert_eq!(session.last_gain(), promised - now);
                assert_eq!(session.last_cost(), 0);
                gained += session.last_gain();
            }
        }
        assert!(gained > 0, "Blocker gives ground somewhere");
    }
}
