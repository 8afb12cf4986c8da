//! The free-play setup as the player edits it: the setup, the focused row and a number being
//! typed. Plain logic over [`FreeSetup`]; the setup screen draws it and sends it [`FormInput`]s.

use bevy::prelude::{Message, Resource};

use crate::pokopoko::free::{MAX_BUTTONS, MAX_FREE_PICK};
use crate::pokopoko::{FreeSetup, RuleKind, TurnOrder};

/// A row of the setup screen, top to bottom.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Row {
    Buttons,
    Kind,
    Min,
    Max,
    Counts,
    Order,
    Practice,
}

/// What the setup screen's buttons and keys ask for.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum FormInput {
    /// Focus a row (a click on it).
    Focus(Row),
    /// The focused row one up or down.
    Up,
    Down,
    /// Change the focused row's value by one step left or right (`big`: by ten buttons).
    Left {
        big: bool,
    },
    Right {
        big: bool,
    },
    /// Toggle the focused choice (the count under the cursor on the counts row).
    Toggle,
    /// A digit typed into the focused number.
    Digit(u32),
    AddButtons(i32),
    AddMin(i32),
    AddMax(i32),
    Kind(RuleKind),
    ToggleCount(u32),
    Order(TurnOrder),
    Practice(bool),
}

/// The setup being edited.
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub struct Form {
    pub setup: FreeSetup,
    pub row: Row,
    /// The count the counts row's cursor is on (1–20).
    pub count_cursor: u32,
    /// Digits typed into the focused number so far.
    typed: String,
}

impl Form {
    pub fn new(setup: FreeSetup) -> Self {
        let count_cursor = setup.counts.first().copied().unwrap_or(1);
        Self { setup, row: Row::Buttons, count_cursor, typed: String::new() }
    }

    /// The rows shown for the rule being edited, top to bottom.
    pub fn rows(&self) -> &'static [Row] {
        match self.setup.kind {
            RuleKind::Range => &[Row::Buttons, Row::Kind, Row::Min, Row::Max, Row::Order, Row::Practice],
            RuleKind::Set => &[Row::Buttons, Row::Kind, Row::Counts, Row::Order, Row::Practice],
        }
    }

    pub fn apply(&mut self, input: FormInput) {
        if !matches!(input, FormInput::Digit(_)) {
            self.typed.clear();
        }
        let setup = &mut self.setup;
        match input {
            FormInput::Focus(row) => self.row = row,
            FormInput::Up | FormInput::Down => {
                let rows = self.rows();
                let at = rows.iter().position(|&r| r == self.row).unwrap_or(0);
                let next =
                    if input == FormInput::Up { at.saturating_sub(1) } else { (at + 1).min(rows.len() - 1) };
                self.row = rows[next];
            }
            FormInput::Left { big } => self.step(-1, big),
            FormInput::Right { big } => self.step(1, big),
            FormInput::Toggle => match self.row {
                Row::Kind => setup.kind = other_kind(setup.kind),
                Row::Counts => setup.toggle_count(self.count_cursor),
                Row::Order => setup.order = setup.order.other(),
                Row::Practice => setup.practice = !setup.practice,
                Row::Buttons | Row::Min | Row::Max => {}
            },
            FormInput::Digit(digit) => self.type_digit(digit),
            FormInput::AddButtons(delta) => setup.step_buttons(delta),
            FormInput::AddMin(delta) => setup.step_min(delta),
            FormInput::AddMax(delta) => setup.step_max(delta),
            FormInput::Kind(kind) => setup.kind = kind,
            FormInput::ToggleCount(count) => {
                setup.toggle_count(count);
                self.count_cursor = count.clamp(1, MAX_FREE_PICK);
            }
            FormInput::Order(order) => setup.order = order,
            FormInput::Practice(on) => setup.practice = on,
        }
        // Switching the rule may hide the focused row.
        if !self.rows().contains(&self.row) {
            self.row = Row::Kind;
        }
    }

    fn step(&mut self, sign: i32, big: bool) {
        let setup = &mut self.setup;
        match self.row {
            Row::Buttons => setup.step_buttons(sign * if big { 10 } else { 1 }),
            Row::Kind => setup.kind = other_kind(setup.kind),
            Row::Min => setup.step_min(sign),
            Row::Max => setup.step_max(sign),
            Row::Counts => {
                self.count_cursor = (i64::from(self.count_cursor) + i64::from(sign))
                    .clamp(1, i64::from(MAX_FREE_PICK)) as u32;
            }
            Row::Order => setup.order = setup.order.other(),
            Row::Practice => setup.practice = !setup.practice,
        }
    }

    /// Typing into a number: digits append while the number stays in range, else start afresh.
    fn type_digit(&mut self, digit: u32) {
        let limit = match self.row {
            Row::Buttons => MAX_BUTTONS,
            Row::Min | Row::Max => MAX_FREE_PICK,
            Row::Counts => {
                // On the counts row a digit toggles that count (0 is 10).
                let count = if digit == 0 { 10 } else { digit };
                self.setup.toggle_count(count);
                self.count_cursor = count;
                return;
            }
            Row::Kind | Row::Order | Row::Practice => return,
        };
        let Some(digit) = char::from_digit(digit, 10) else { return };
        self.typed.push(digit);
        let in_range = |typed: &str| typed.parse::<u32>().ok().filter(|n| (1..=limit).contains(n));
        let value = match in_range(&self.typed) {
            Some(value) => value,
            None => {
                self.typed = digit.to_string();
                match in_range(&self.typed) {
                    Some(value) => value,
                    None => {
                        self.typed.clear();
                        return;
                    }
                }
            }
        };
        let setup = &mut self.setup;
        match self.row {
            Row::Buttons => setup.buttons = value,
            Row::Min => {
                setup.min = value;
                setup.max = setup.max.max(value);
            }
            Row::Max => {
                setup.max = value;
                setup.min = setup.min.min(value);
            }
            _ => {}
        }
    }
}

fn other_kind(kind: RuleKind) -> RuleKind {
    match kind {
        RuleKind::Range => RuleKind::Set,
        RuleKind::Set => RuleKind::Range,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form() -> Form {
        Form::new(FreeSetup {
            buttons: 30,
            kind: RuleKind::Set,
            counts: vec![1, 3, 4],
            ..FreeSetup::default()
        })
    }

    #[test]
    fn typed_digits_make_a_number_within_the_limits() {
        let mut form = form();
        for digit in [1, 5, 0] {
            form.apply(FormInput::Digit(digit));
        }
        assert_eq!(form.setup.buttons, 150);
        // 1500 is too many: the last digit starts a new number.
        form.apply(FormInput::Digit(7));
        assert_eq!(form.setup.buttons, 7);
        // Moving away ends the number; the next digit starts afresh.
        form.apply(FormInput::Right { big: true });
        assert_eq!(form.setup.buttons, 17);
        form.apply(FormInput::Digit(9));
        assert_eq!(form.setup.buttons, 9);
        form.apply(FormInput::Digit(0));
        assert_eq!(form.setup.buttons, 90);
    }

    #[test]
    fn the_counts_row_toggles_counts_by_cursor_and_by_digit() {
        let mut form = form();
        form.apply(FormInput::Down);
        form.apply(FormInput::Down);
        assert_eq!(form.row, Row::Counts);
        form.apply(FormInput::Right { big: false });
        assert_eq!(form.count_cursor, 2);
        form.apply(FormInput::Toggle);
        form.apply(FormInput::Digit(1));
        assert_eq!(form.setup.counts, [2, 3, 4]);
    }

    #[test]
    fn switching_to_a_range_keeps_the_set_and_moves_the_focus_off_hidden_rows() {
        let mut form = form();
        form.apply(FormInput::Focus(Row::Counts));
        form.apply(FormInput::Kind(RuleKind::Range));
        assert_eq!(form.row, Row::Kind);
        assert_eq!(form.rows(), [Row::Buttons, Row::Kind, Row::Min, Row::Max, Row::Order, Row::Practice]);
        form.apply(FormInput::Kind(RuleKind::Set));
        assert_eq!(form.setup.counts, [1, 3, 4]);
    }

    #[test]
    fn the_focus_stops_at_the_first_and_last_rows() {
        let mut form = form();
        form.apply(FormInput::Up);
        assert_eq!(form.row, Row::Buttons);
        for _ in 0..10 {
            form.apply(FormInput::Down);
        }
        assert_eq!(form.row, Row::Practice);
        form.apply(FormInput::Toggle);
        assert!(form.setup.practice != FreeSetup::default().practice);
    }
}
