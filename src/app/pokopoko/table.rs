//! One match as the player sees it: which buttons are up, selected or pressed, and the COM's
//! presses still being shown one by one. Plain logic over [`Match`]; the play screen draws it.

use std::collections::VecDeque;
use std::sync::Arc;

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
    /// More than are left: only this many buttons are still up.
    OnlyLeft(u32),
    /// Enter with nothing selected.
    NothingSelected,
    /// Esc in a match under way: a second Esc leaves it (the match is not kept).
    LeaveAgain,
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
    /// Every button, farthest from the board's centre first: where the COM nibbles from.
    coast: Arc<[usize]>,
    /// `coast[..coast_pressed]` are all pressed (buttons are never unpressed in one match).
    coast_pressed: usize,
}

impl Table {
    pub fn new(stage: Stage, order: TurnOrder) -> Self {
        let game = Match::new(&stage, order);
        let buttons = stage.layout.len();
        Self {
            game,
            pressed: vec![None; buttons],
            turns: Vec::new(),
            selected: Vec::new(),
            com_queue: VecDeque::new(),
            cursor: 0,
            coast: coast_order(stage.layout.cells()).into(),
            coast_pressed: 0,
            stage,
        }
        .with_forced_selection()
    }

    /// The same match with the COM's seed (a losing COM varies its press with it).
    pub fn with_seed(mut self, seed: u64) -> Self {
        self.game = self.game.clone().with_seed(seed);
        self
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
            coast_pressed: 0,
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

    /// Selects `count` buttons from the coast instead of the selection so far (the count
    /// buttons of a large board, the digit keys); refused like a selection of that many.
    pub fn choose(&mut self, count: u32) -> bool {
        let most = self.game.legal_counts().last().copied().unwrap_or(0);
        if !self.human_to_move() || self.is_forced() || count > most {
            return false;
        }
        self.selected.clear();
        self.selected = self.coast_buttons(count as usize);
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
        let buttons = self.coast_buttons(turn.count as usize);
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
            self.cursor_to_free_button();
        }
        Some(button)
    }

    /// After the COM's turn the keyboard cursor may sit on a button it pressed: it moves to the
    /// nearest button still up.
    fn cursor_to_free_button(&mut self) {
        if self.pressed.get(self.cursor) == Some(&None) {
            return;
        }
        let cells = self.stage.layout.cells();
        let Some(&from) = cells.get(self.cursor) else { return };
        let nearest = (0..cells.len())
            .filter(|&b| self.pressed[b].is_none())
            .min_by_key(|&b| (distance2(cells[b], from), b));
        if let Some(button) = nearest {
            self.cursor = button;
        }
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

    /// `count` buttons still up, a small cluster on the coast: the COM's presses (and a sample
    /// match's). Which buttons never matters to the game, only how many.
    ///
    /// The cluster grows around the up button farthest from the board's centre, taking the
    /// nearest up buttons within a few cells (then any, nearest first): amortised O(count) per
    /// turn on a fresh coast, so a match on hundreds of thousands of buttons stays fast.
    pub fn coast_buttons(&mut self, count: usize) -> Vec<usize> {
        while self.coast.get(self.coast_pressed).is_some_and(|&b| self.pressed[b].is_some()) {
            self.coast_pressed += 1;
        }
        let Some(&anchor) = self.coast.get(self.coast_pressed) else { return Vec::new() };
        let cells = self.stage.layout.cells();
        let from = cells[anchor];
        let is_up = |row: i64, col: i64| -> Option<usize> {
            let at = Cell { row: u32::try_from(row).ok()?, col: u32::try_from(col).ok()? };
            let button = cells.binary_search(&at).ok()?;
            self.pressed[button].is_none().then_some(button)
        };
        let mut near = Vec::new();
        for radius in 0..=CLUSTER_RADIUS {
            let (row, col) = (i64::from(from.row), i64::from(from.col));
            for dr in -radius..=radius {
                for dc in -radius..=radius {
                    if dr.abs().max(dc.abs()) == radius
                        && let Some(button) = is_up(row + dr, col + dc)
                    {
                        near.push(button);
                    }
                }
            }
            if near.len() >= count {
                break;
            }
        }
        if near.len() < count {
            near = (0..cells.len()).filter(|&b| self.pressed[b].is_none()).collect();
        }
        near.sort_by_key(|&b| (distance2(cells[b], from), b));
        near.truncate(count);
        near
    }

    /// How many of the human's turns were played up to and including history index `turn`.
    pub fn human_move_number(&self, turn: usize) -> usize {
        self.game.history().iter().take(turn + 1).filter(|t| t.side == Side::Human).count()
    }
}

/// How far around its anchor the COM's cluster looks before it takes the nearest up buttons
/// anywhere.
const CLUSTER_RADIUS: i64 = 4;

/// The buttons in the order the COM takes them from the coast: farthest from the board's centre
/// first (ties by number).
fn coast_order(cells: &[Cell]) -> Vec<usize> {
    let (rows, cols) = cells.iter().fold((0, 0), |(r, c), cell| (r.max(cell.row), c.max(cell.col)));
    // Twice the offset from the centre, so a half-cell centre stays an integer.
    let from_centre = |cell: Cell| {
        let dr = 2 * i64::from(cell.row) - i64::from(rows);
        let dc = 2 * i64::from(cell.col) - i64::from(cols);
        dr * dr + dc * dc
    };
    let mut order: Vec<usize> = (0..cells.len()).collect();
    order.sort_by_key(|&b| (std::cmp::Reverse(from_centre(cells[b])), b));
    order
}

/// The squared distance between two cells.
fn distance2(a: Cell, b: Cell) -> i64 {
    let dr = i64::from(a.row) - i64::from(b.row);
    let dc = i64::from(a.col) - i64::from(b.col);
    dr * dr + dc * dc
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
    fn after_the_com_presses_the_button_under_the_cursor_the_cursor_moves_to_the_nearest_free_one() {
        // Stage 8 as second: the COM opens, taking its cluster from the coast.
        let table = Table::new(stage(8), TurnOrder::Second);
        let mut probe = table.clone();
        probe.start_com_turn().unwrap();
        let taken: Vec<usize> = probe.com_queue.iter().copied().collect();
        let mut table = table;
        table.cursor = taken[0];
        table.start_com_turn().unwrap();
        while table.show_next_com_press().is_some() {}
        assert!(table.human_to_move());
        assert_eq!(table.state(table.cursor), ButtonState::Up);
        // Nearest by a brute force over every button still up.
        let cells = table.stage().layout.cells();
        let from = cells[taken[0]];
        let nearest = (0..cells.len())
            .filter(|&b| table.state(b) == ButtonState::Up)
            .map(|b| distance2(cells[b], from))
            .min()
            .unwrap();
        assert_eq!(distance2(cells[table.cursor], from), nearest);
    }

    #[test]
    fn the_coast_gives_distinct_free_buttons_until_none_are_left() {
        for number in [5, 14, 60] {
            let mut table = Table::new(stage(number), TurnOrder::First);
            let total = table.stage().buttons() as usize;
            let mut taken = std::collections::BTreeSet::new();
            for count in [1, 3, 2, 5, 4].into_iter().cycle() {
                let buttons = table.coast_buttons(count);
                assert_eq!(buttons.len(), count.min(total - taken.len()), "stage {number}");
                for &b in &buttons {
                    assert!(taken.insert(b), "stage {number}: button {b} taken twice");
                    table.pressed[b] = Some(Side::Com);
                }
                if taken.len() == total {
                    break;
                }
            }
            assert!(table.coast_buttons(1).is_empty());
        }
    }

    #[test]
    fn choosing_a_count_selects_that_many_free_buttons() {
        // Stage 8: picks 2–4.
        let mut table = Table::new(stage(8), TurnOrder::First);
        assert!(table.choose(3));
        assert_eq!(table.selected().len(), 3);
        assert!(table.selected().iter().all(|&b| table.pressed[b].is_none()));
        assert!(table.choose(2), "a new count replaces the selection");
        assert_eq!(table.selected().len(), 2);
        assert!(!table.choose(5), "more than 4 is refused");
        assert_eq!(table.selected().len(), 2);
        assert_eq!(table.confirm().map(|turn| turn.count), Ok(2));
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
