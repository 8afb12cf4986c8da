//! One match as the player sees it: which buttons are up, selected or pressed, and the COM's
//! presses still being shown one by one. Plain logic over [`Match`]; the play screen draws it.

use std::collections::VecDeque;

use bevy::prelude::Resource;

use crate::pokopoko::game::Turn;
use crate::pokopoko::{Cell, Match, MatchError, Side, Stage, TurnOrder};

/// How one button looks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ButtonState {
    Up,
    Selected,
    Pressed(Side),
}

/// Why a press or a selection was refused, shown on the panel for a moment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RefusalReason {
    /// The COM's turn (or the match is over).
    NotYourTurn,
    /// Fewer than the smallest count are left: all of them are selected and must be pressed.
    Forced,
    /// That button is pressed already.
    AlreadyPressed,
    /// One more button than the largest count allowed.
    TooMany,
    /// Pressing this many is not allowed.
    NotAllowed(u32),
}

/// A direction for the keyboard cursor.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    Up,
    Down,
    Left,
    Right,
}

/// The match on the table.
#[derive(Resource, Debug, Clone)]
pub struct Table {
    stage: Stage,
    game: Match,
    /// Per button (index into the layout's cells): who pressed it, as shown.
    pressed: Vec<Option<Side>>,
    /// The buttons each turn pressed, in the order of `game.history()`.
    turns: Vec<Vec<usize>>,
    /// The human's current selection, in the order chosen.
    selected: Vec<usize>,
    /// COM presses already made in the match but not shown yet.
    com_queue: VecDeque<usize>,
    /// The button the keyboard cursor is on.
    pub cursor: usize,
}

impl Table {
    pub fn new(stage: Stage, order: TurnOrder) -> Self {
        let game = Match::new(&stage, order);
        let buttons = stage.layout.len();
        Self {
            stage,
            game,
            pressed: vec![None; buttons],
            turns: Vec::new(),
            selected: Vec::new(),
            com_queue: VecDeque::new(),
            cursor: 0,
        }
        .with_forced_selection()
    }

    pub fn stage(&self) -> &Stage {
        &self.stage
    }

    pub fn game(&self) -> &Match {
        &self.game
    }

    /// The buttons each finished turn pressed.
    pub fn turns(&self) -> &[Vec<usize>] {
        &self.turns
    }

    /// The same match with only its first `turns` turns played, all shown ("retry from that move").
    pub fn rewound(&self, turns: usize) -> Self {
        let turns = turns.min(self.turns.len());
        let mut table = Self {
            game: self.game.rewound(turns),
            pressed: vec![None; self.pressed.len()],
            turns: self.turns[..turns].to_vec(),
            selected: Vec::new(),
            com_queue: VecDeque::new(),
            ..self.clone()
        };
        for (turn, buttons) in table.game.history().iter().zip(&table.turns) {
            for &button in buttons {
                table.pressed[button] = Some(turn.side);
            }
        }
        table.with_forced_selection()
    }

    pub fn state(&self, button: usize) -> ButtonState {
        match self.pressed.get(button).copied().flatten() {
            Some(side) => ButtonState::Pressed(side),
            None if self.selected.contains(&button) => ButtonState::Selected,
            None => ButtonState::Up,
        }
    }

    /// Buttons not pressed yet, as shown (the COM's presses count once shown).
    pub fn shown_remaining(&self) -> u32 {
        self.pressed.iter().filter(|p| p.is_none()).count() as u32
    }

    pub fn selected(&self) -> &[usize] {
        &self.selected
    }

    /// The human may select and press now.
    pub fn human_to_move(&self) -> bool {
        self.game.to_move() == Some(Side::Human) && self.com_queue.is_empty()
    }

    /// Fewer than `min` left on the human's turn: all of them must be pressed (and the match lost).
    pub fn is_forced(&self) -> bool {
        self.human_to_move() && self.game.picks().is_forced(self.game.remaining())
    }

    /// Whether the COM's presses are still being shown.
    pub fn is_showing_com(&self) -> bool {
        !self.com_queue.is_empty()
    }

    /// The match is decided and everything is shown.
    pub fn is_over(&self) -> bool {
        self.game.winner().is_some() && self.com_queue.is_empty()
    }

    /// Selects or unselects a button on the human's turn; returns whether anything changed.
    ///
    /// Never selects more than the largest legal count; a forced selection cannot be changed.
    pub fn toggle(&mut self, button: usize) -> bool {
        if !self.human_to_move() || self.is_forced() || self.pressed.get(button) != Some(&None) {
            return false;
        }
        if let Some(at) = self.selected.iter().position(|&b| b == button) {
            self.selected.remove(at);
            return true;
        }
        let most = self.game.legal_counts().last().copied().unwrap_or(0) as usize;
        if self.selected.len() >= most {
            return false;
        }
        self.selected.push(button);
        true
    }

    pub fn clear_selection(&mut self) -> bool {
        if self.is_forced() || self.selected.is_empty() {
            return false;
        }
        self.selected.clear();
        true
    }

    pub fn can_confirm(&self) -> bool {
        self.human_to_move() && self.game.picks().is_legal(self.game.remaining(), self.selected.len() as u32)
    }

    /// Presses the selected buttons.
    pub fn confirm(&mut self) -> Result<Turn, MatchError> {
        if !self.human_to_move() {
            return Err(MatchError::NotYourTurn(Side::Human));
        }
        let turn = self.game.press(Side::Human, self.selected.len() as u32)?;
        let pressed = std::mem::take(&mut self.selected);
        for &button in &pressed {
            self.pressed[button] = Some(Side::Human);
        }
        self.turns.push(pressed);
        Ok(turn)
    }

    /// The COM moves if it is its turn and nothing is being shown: its presses join the queue.
    pub fn start_com_turn(&mut self) -> Option<Turn> {
        if self.game.to_move() != Some(Side::Com) || !self.com_queue.is_empty() {
            return None;
        }
        let turn = self.game.play_com().ok()?;
        let buttons = self.com_buttons(turn.count as usize);
        self.com_queue.extend(buttons.iter().copied());
        self.turns.push(buttons);
        Some(turn)
    }

    /// Shows the next of the COM's presses; returns the button.
    pub fn show_next_com_press(&mut self) -> Option<usize> {
        let button = self.com_queue.pop_front()?;
        self.pressed[button] = Some(Side::Com);
        if self.com_queue.is_empty() {
            self.select_if_forced();
        }
        Some(button)
    }

    /// Moves the keyboard cursor to the nearest button in `direction`.
    pub fn move_cursor(&mut self, direction: Direction) {
        let cells = self.stage.layout.cells();
        let Some(&from) = cells.get(self.cursor) else { return };
        let offset = |cell: &Cell| -> Option<(i64, i64)> {
            let (dr, dc) =
                (i64::from(cell.row) - i64::from(from.row), i64::from(cell.col) - i64::from(from.col));
            // (distance along the direction, distance across it)
            let (along, across) = match direction {
                Direction::Up => (-dr, dc),
                Direction::Down => (dr, dc),
                Direction::Left => (-dc, dr),
                Direction::Right => (dc, dr),
            };
            (along > 0).then_some((along, across.abs()))
        };
        let best = cells
            .iter()
            .enumerate()
            .filter_map(|(index, cell)| {
                offset(cell).map(|(along, across)| (along + 2 * across, across, index))
            })
            .min();
        if let Some((_, _, index)) = best {
            self.cursor = index;
        }
    }

    /// On a forced turn the only legal move is every remaining button: select them all.
    fn select_if_forced(&mut self) {
        if self.is_forced() {
            self.selected = (0..self.pressed.len()).filter(|&b| self.pressed[b].is_none()).collect();
        }
    }

    fn with_forced_selection(mut self) -> Self {
        self.select_if_forced();
        self
    }

    /// The buttons the COM presses: it nibbles from the coast, a small cluster at a time. Which
    /// buttons never matters to the game, only how many.
    fn com_buttons(&self, count: usize) -> Vec<usize> {
        let cells = self.stage.layout.cells();
        let up: Vec<usize> = (0..cells.len()).filter(|&b| self.pressed[b].is_none()).collect();
        let is_up = |row: i64, col: i64| {
            up.iter().any(|&b| i64::from(cells[b].row) == row && i64::from(cells[b].col) == col)
        };
        let neighbours = |b: usize| {
            let (row, col) = (i64::from(cells[b].row), i64::from(cells[b].col));
            [(row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)]
                .into_iter()
                .filter(|&(r, c)| is_up(r, c))
                .count()
        };
        let Some(&anchor) = up.iter().min_by_key(|&&b| (neighbours(b), std::cmp::Reverse(b))) else {
            return Vec::new();
        };
        let distance = |b: usize| {
            let dr = i64::from(cells[b].row) - i64::from(cells[anchor].row);
            let dc = i64::from(cells[b].col) - i64::from(cells[anchor].col);
            dr * dr + dc * dc
        };
        let mut nearest = up.clone();
        nearest.sort_by_key(|&b| (distance(b), b));
        nearest.truncate(count);
        nearest
    }

    /// How many of the human's turns were played up to and including history index `turn`.
    pub fn human_move_number(&self, turn: usize) -> usize {
        self.game.history().iter().take(turn + 1).filter(|t| t.side == Side::Human).count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pokopoko::Ladder;

    fn stage(n: u32) -> Stage {
        Ladder::builtin().stage(n).unwrap()
    }

    #[test]
    fn selection_is_capped_at_the_largest_pick_and_can_change() {
        let mut table = Table::new(stage(1), TurnOrder::First);
        assert!(table.toggle(0) && table.toggle(1));
        assert!(!table.toggle(2), "1-2 allows at most 2");
        assert!(table.toggle(1) && table.toggle(2));
        assert_eq!(table.selected(), &[0, 2]);
        assert!(table.can_confirm());
    }

    #[test]
    fn com_presses_are_shown_one_by_one() {
        // Stage 8: 32 buttons, picks 2–4; as second the COM opens.
        let mut table = Table::new(stage(8), TurnOrder::Second);
        let turn = table.start_com_turn().unwrap();
        assert_eq!(table.shown_remaining(), 32);
        assert!(!table.human_to_move());
        for shown in 1..=turn.count {
            assert!(table.show_next_com_press().is_some());
            assert_eq!(table.shown_remaining(), 32 - shown);
        }
        assert!(table.human_to_move());
    }

    #[test]
    fn rewinding_restores_the_pressed_buttons() {
        let mut table = Table::new(stage(1), TurnOrder::First);
        table.toggle(0);
        table.confirm().unwrap();
        table.start_com_turn().unwrap();
        while table.show_next_com_press().is_some() {}
        let back = table.rewound(1);
        assert_eq!(back.shown_remaining(), 5);
        assert_eq!(back.state(0), ButtonState::Pressed(Side::Human));
    }
}
