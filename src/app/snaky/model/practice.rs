//! Practice, the screen's model: the boards of a game where a move cost Maker moves, turned or
//! mirrored ([`crate::snaky::practice`]), one at a time; the player tries replies (on after one
//! holds: newcomer #23 wanted to try several) until asking for every answer or the next board.

use bevy::prelude::Resource;

use std::sync::Arc;

use crate::snaky::practice::{LeftOut, Puzzle, TryLine, Verdict};
use crate::snaky::{Cards, Cell, Game};

/// The boards one press of "More boards" adds, and a game without boards of its own starts with.
pub const MORE_BOARDS: usize = 3;

/// What the player can do on the practice screen.
#[derive(bevy::prelude::Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum PracticeInput {
    /// Try a reply (the board's click, or Enter on the cursor).
    Try(Cell),
    /// Show the replies that hold.
    ShowAnswer,
    /// The next board (after the last: the first again).
    Next,
    /// More boards, from games a computer Breaker played against the same Maker.
    More,
    /// Draw (or hide) Maker's plan after the game's move, which a solved board's reason speaks of.
    TogglePlan,
    /// Back to the game the boards came from.
    Back,
}

/// What a try did, for the screen to tell the rest of the game (sound).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PracticeOutcome {
    /// A stone is there, or the board is already solved.
    Refused,
    Holds,
    Costs {
        lost: u32,
    },
    Back,
}

/// The boards of one game and where the player is among them.
#[derive(Resource, Debug, Clone)]
pub struct PracticeSession {
    puzzles: Vec<Puzzle>,
    at: usize,
    /// The replies tried on this board, in order, with what each does.
    tries: Vec<(Cell, Verdict)>,
    /// Why the last try cost, when it did: the double threat it let Maker make, with the moves
    /// that lead there ([`Puzzle::line_after`]).
    why_costly: Option<TryLine>,
    /// Every reply that holds is shown (asked for).
    answered: bool,
    /// Boards whose first try held.
    first_try: usize,
    /// Boards solved (a reply found that holds), at most one count per board; one whose answers
    /// were shown is not (newcomer #74 read "1 of 2 boards done" after asking for them).
    done: usize,
    /// The score of the round last finished (solved, first try), said until the new round's first
    /// board is solved or its answers shown (newcomer #23 saw the counter reset with no word).
    last_round: Option<(usize, usize)>,
    /// The game's costly moves that are not boards, and why ([`crate::snaky::practice::left_out`]).
    left_out: Vec<(usize, LeftOut)>,
    /// The game's Maker, whose other games give more boards, and the seed of the next of them.
    cards: Arc<Cards>,
    next_seed: u64,
    /// The boards of the player's own game (the first ones).
    yours: usize,
    /// Once a board is solved, Maker's plan after the game's move is drawn (pale stones): off
    /// until asked for, as the answers and the tries' squares are enough to read at first
    /// (newcomers #115 and #116 read the plan's stones over the green answers as a muddle).
    plan_shown: bool,
}

impl PracticeSession {
    /// The boards of `game`'s costly moves with a reply to find ([`crate::snaky::practice::puzzles`]);
    /// a game without one starts with [`MORE_BOARDS`] from other games against its Maker. `None`
    /// only when there is no board at all.
    pub fn of(game: &Game) -> Option<Self> {
        let mut puzzles = crate::snaky::practice::puzzles(game);
        let yours = puzzles.len();
        let cards = Arc::clone(game.cards());
        let mut next_seed = crate::snaky::practice::other_seed(game);
        if puzzles.is_empty() {
            (puzzles, next_seed) =
                crate::snaky::practice::from_other_games(&cards, next_seed, MORE_BOARDS, None);
        }
        (!puzzles.is_empty()).then(|| Self {
            puzzles,
            at: 0,
            tries: Vec::new(),
            why_costly: None,
            answered: false,
            first_try: 0,
            done: 0,
            last_round: None,
            left_out: crate::snaky::practice::left_out(game),
            cards,
            next_seed,
            yours,
            plan_shown: false,
        })
    }

    /// How many of the boards come from the player's game (the first ones).
    pub fn yours(&self) -> usize {
        self.yours
    }

    /// The game's costly moves that are not boards here, each (0-based index, why).
    pub fn left_out(&self) -> &[(usize, LeftOut)] {
        &self.left_out
    }

    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzles[self.at]
    }

    /// This board's number (from 1) and how many there are.
    pub fn position(&self) -> (usize, usize) {
        (self.at + 1, self.puzzles.len())
    }

    pub fn tries(&self) -> &[(Cell, Verdict)] {
        &self.tries
    }

    /// The double threat the last try let Maker make, when it cost, and the moves that lead there.
    pub fn why_costly(&self) -> Option<&TryLine> {
        self.why_costly.as_ref()
    }

    /// The reply found that holds, if one was.
    pub fn found(&self) -> Option<Cell> {
        self.tries.iter().find(|(_, v)| matches!(v, Verdict::Holds { .. })).map(|&(c, _)| c)
    }

    /// Maker's plan after the game's move is drawn once the board is solved (asked for).
    pub fn plan_shown(&self) -> bool {
        self.plan_shown
    }

    /// Every reply that holds is on the board (asked for).
    pub fn answered(&self) -> bool {
        self.answered
    }

    /// The board is done: a reply found that holds, or the answers shown.
    pub fn solved(&self) -> bool {
        self.answered || self.found().is_some()
    }

    /// The last round's score (solved, first try), until the new round's first board is finished.
    pub fn last_round(&self) -> Option<(usize, usize)> {
        self.last_round
    }

    /// Boards solved so far (answers shown do not count), and of them the ones whose first try
    /// held.
    pub fn score(&self) -> (usize, usize) {
        (self.done, self.first_try)
    }

    /// Board `number` (from 1; past the last, the last) with its answers shown, as
    /// `--open snaky-practice:N` opens it for a screenshot.
    pub fn show_board(&mut self, number: usize) {
        self.at = number.clamp(1, self.puzzles.len()) - 1;
        self.tries.clear();
        self.why_costly = None;
        self.answered = false;
        self.apply(PracticeInput::ShowAnswer);
    }

    pub fn apply(&mut self, input: PracticeInput) -> Option<PracticeOutcome> {
        match input {
            PracticeInput::Try(cell) => Some(self.try_reply(cell)),
            PracticeInput::ShowAnswer => {
                // The answers alone: the last try's line would crowd them (newcomer #112).
                self.answered = true;
                self.why_costly = None;
                self.last_round = None;
                None
            }
            PracticeInput::Next => {
                self.at = (self.at + 1) % self.puzzles.len();
                self.tries.clear();
                self.why_costly = None;
                self.answered = false;
                if self.at == 0 {
                    // A new round counts afresh, the last one's score said meanwhile, and shows
                    // every board turned another way.
                    self.last_round = Some((self.done, self.first_try));
                    (self.done, self.first_try) = (0, 0);
                    self.puzzles.iter_mut().for_each(Puzzle::turn_again);
                }
                None
            }
            PracticeInput::More => {
                self.more();
                None
            }
            PracticeInput::TogglePlan => {
                // Only a solved board has a reason to draw the plan of (its button is grey before).
                if self.solved() {
                    self.plan_shown = !self.plan_shown;
                }
                None
            }
            PracticeInput::Back => Some(PracticeOutcome::Back),
        }
    }

    /// Adds [`MORE_BOARDS`] boards from other games, the kind of find of the board on screen
    /// first, and shows the first of them.
    fn more(&mut self) {
        let like = self.puzzle().principle();
        let (boards, next) =
            crate::snaky::practice::from_other_games(&self.cards, self.next_seed, MORE_BOARDS, like);
        self.next_seed = next;
        if boards.is_empty() {
            return;
        }
        self.at = self.puzzles.len();
        self.puzzles.extend(boards);
        self.tries.clear();
        self.why_costly = None;
        self.answered = false;
    }

    fn try_reply(&mut self, cell: Cell) -> PracticeOutcome {
        let verdict = self.puzzle().verdict(cell);
        let tried = self.tries.iter().any(|&(c, _)| c == cell);
        if self.answered || tried || verdict == Verdict::Taken {
            return PracticeOutcome::Refused;
        }
        self.tries.push((cell, verdict));
        self.why_costly = match verdict {
            Verdict::Costs { .. } => self.puzzle().line_after(cell),
            _ => None,
        };
        match verdict {
            Verdict::Holds { .. } => {
                // The first reply found that holds finishes the board; more may be tried.
                if self.found() == Some(cell) {
                    self.done += 1;
                    self.last_round = None;
                    if self.tries.len() == 1 {
                        self.first_try += 1;
                    }
                }
                PracticeOutcome::Holds
            }
            Verdict::Costs { lost, .. } => PracticeOutcome::Costs { lost },
            Verdict::Taken => PracticeOutcome::Refused,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::snaky::{BreakerKind, ComputerBreaker, Maker, play_out};

    /// A seeded game of the random Breaker against the paper's Maker: it makes costly moves.
    fn session() -> PracticeSession {
        let cards = Maker::Paper.cards().expect("cards");
        for seed in 0.. {
            let mut game = Game::started(std::sync::Arc::clone(&cards));
            play_out(&mut game, &mut ComputerBreaker::new(BreakerKind::RandomNear, seed));
            if let Some(session) = PracticeSession::of(&game).filter(|s| s.position().1 >= 2) {
                return session;
            }
        }
        unreachable!("a random Breaker makes costly moves")
    }

    #[test]
    fn a_wrong_try_stays_and_a_right_one_ends_the_board() {
        let mut practice = session();
        let first_turn = practice.puzzle().symmetry();
        let played = practice.puzzle().played();
        let answer = practice.puzzle().answers()[0];
        assert!(matches!(practice.apply(PracticeInput::Try(played)), Some(PracticeOutcome::Costs { .. })));
        assert_eq!(
            practice.apply(PracticeInput::Try(played)),
            Some(PracticeOutcome::Refused),
            "tried already"
        );
        assert!(!practice.answered());
        assert_eq!(practice.apply(PracticeInput::Try(answer)), Some(PracticeOutcome::Holds));
        assert_eq!(practice.found(), Some(answer));
        assert!(practice.solved() && !practice.answered(), "solved; the other answers not shown");
        assert_eq!(practice.score(), (1, 0), "found, not at the first try");
        assert_eq!(practice.apply(PracticeInput::Try(answer)), Some(PracticeOutcome::Refused), "tried");
        // More replies may be tried once one holds; the score stays.
        let other = practice.puzzle().answers().get(1).copied();
        if let Some(other) = other {
            assert_eq!(practice.apply(PracticeInput::Try(other)), Some(PracticeOutcome::Holds));
            assert_eq!(practice.found(), Some(answer));
        }
        practice.apply(PracticeInput::ShowAnswer);
        assert_eq!(practice.score(), (1, 0), "a board found is not counted again");
        practice.apply(PracticeInput::Next);
        assert_eq!(practice.position().0, 2);
        assert!(practice.tries().is_empty());
        let answer = practice.puzzle().answers()[0];
        assert_eq!(practice.apply(PracticeInput::Try(answer)), Some(PracticeOutcome::Holds));
        assert_eq!(practice.score(), (2, 1));
        // Past the last board: the first again, the finished round's score said until a board is done.
        for _ in 1..practice.position().1 {
            practice.apply(PracticeInput::Next);
        }
        assert_eq!(practice.position().0, 1);
        assert_eq!(practice.score(), (0, 0));
        assert_ne!(practice.puzzle().symmetry(), first_turn, "a new round turns the board anew");
        let round = practice.last_round().expect("the round's score");
        assert!(round.0 >= 2 && round.1 >= 1, "{round:?}");
        practice.apply(PracticeInput::ShowAnswer);
        assert_eq!(practice.last_round(), None);
    }

    #[test]
    fn asking_for_the_answer_ends_the_board_without_a_find() {
        let mut practice = session();
        practice.apply(PracticeInput::ShowAnswer);
        practice.apply(PracticeInput::ShowAnswer);
        assert!(practice.answered());
        assert_eq!(practice.found(), None);
        assert_eq!(practice.score(), (0, 0), "shown, not solved");
        let stone = practice.puzzle().stones()[0].0;
        assert_eq!(practice.apply(PracticeInput::Try(stone)), Some(PracticeOutcome::Refused));
    }

    #[test]
    fn a_game_without_a_costly_move_practises_boards_of_other_games() {
        use crate::snaky::practice::Origin;
        let mut game = Game::started(Maker::Paper.cards().expect("cards"));
        play_out(&mut game, &mut ComputerBreaker::new(BreakerKind::Perfect, 0));
        assert!(crate::snaky::practice::puzzles(&game).is_empty());
        let mut practice = PracticeSession::of(&game).expect("boards of other games");
        assert_eq!((practice.yours(), practice.position()), (0, (1, MORE_BOARDS)));
        assert!(matches!(practice.puzzle().origin(), Origin::Computer { .. }));
        // More boards come after them, the first of them shown, none a board already there.
        practice.apply(PracticeInput::Try(practice.puzzle().played()));
        practice.apply(PracticeInput::More);
        assert_eq!(practice.position(), (MORE_BOARDS + 1, 2 * MORE_BOARDS));
        assert!(practice.tries().is_empty() && !practice.answered());
        let seeds: std::collections::BTreeSet<_> = practice.puzzles.iter().map(Puzzle::origin).collect();
        assert_eq!(seeds.len(), 2 * MORE_BOARDS);
    }

    #[test]
    fn more_boards_follow_the_player_s_own() {
        let mut practice = session();
        let yours = practice.position().1;
        assert_eq!(practice.yours(), yours);
        practice.apply(PracticeInput::More);
        assert_eq!(practice.position(), (yours + 1, yours + MORE_BOARDS));
        let origins: Vec<_> = practice
            .puzzles
            .iter()
            .map(|p| matches!(p.origin(), crate::snaky::practice::Origin::Yours))
            .collect();
        assert_eq!(origins.iter().filter(|&&y| y).count(), yours);
        assert!(origins[..yours].iter().all(|&y| y));
    }
}
