//! Which overlays of the active claim are shown — envelope T, required set A, pivot, the reply
//! heat map and the hint — and whether the glass box that holds them is open. The board draws
//! them (`overlay.rs`).

use bevy::prelude::Resource;

/// One overlay.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Layer {
    /// The active envelope T: Breaker must own nothing here for the claim to hold.
    Envelope,
    /// The required set A: cells Maker owns.
    Required,
    /// The active claim's pivot: Maker's move for this claim.
    Pivot,
    /// For each free envelope cell, the guarantee if Breaker replies there.
    Heat,
    /// The replies that delay Maker most (the perfect Breaker's choices).
    Hint,
}

impl Layer {
    /// The names of `--overlay`.
    pub fn parse(name: &str) -> Option<Self> {
        match name.trim() {
            "envelope" => Some(Self::Envelope),
            "required" => Some(Self::Required),
            "pivot" => Some(Self::Pivot),
            "heat" => Some(Self::Heat),
            "hint" => Some(Self::Hint),
            _ => None,
        }
    }
}

/// Which overlays are shown. They are the glass box: drawn only while the Analysis page is open
/// (`analysis`, off at first: a calm board), and each off until switched on there: opening the
/// page shows the plan's numbers, not its marks (newcomer #128 opened it once and saw the plan's
/// cells on the board beside the words saying its moves would no longer count).
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Overlays {
    pub analysis: bool,
    pub envelope: bool,
    pub required: bool,
    pub pivot: bool,
    pub heat: bool,
    pub hint: bool,
    /// Outside the glass box, on by default and no help (a fact of the board, as the finishing
    /// cells' rings are): every Snaky of Maker's two cells short is drawn as a line while a game is
    /// played or reviewed (newcomer #106 found the lesson's outlines the most useful thing it showed,
    /// and asked for them in play).
    pub shapes: bool,
    /// With them, the Snakies three cells short as fainter lines (off at first; `S` steps from
    /// two short, to two and three short, to none): newcomers #133 and #134 looked for the Snaky
    /// the lesson said "already held 3 of Maker's stones" on a board that drew only those two short.
    pub three_short: bool,
}

impl Default for Overlays {
    fn default() -> Self {
        Self {
            analysis: false,
            envelope: false,
            required: false,
            pivot: false,
            heat: false,
            hint: false,
            shapes: true,
            three_short: false,
        }
    }
}

impl Overlays {
    pub fn toggle(&mut self, layer: Layer) {
        let on = self.get_mut(layer);
        *on = !*on;
    }

    /// `S`: the Snakies two cells short, then those three short too, then none, then again.
    pub fn step_shapes(&mut self) {
        (self.shapes, self.three_short) = match (self.shapes, self.three_short) {
            (true, false) => (true, true),
            (true, true) => (false, false),
            (false, _) => (true, false),
        };
    }

    pub fn show(&mut self, layer: Layer) {
        *self.get_mut(layer) = true;
    }

    /// Whether `layer` is drawn now: switched on, with the glass box open.
    pub fn drawn(&self, layer: Layer) -> bool {
        self.analysis && self.get(layer)
    }

    pub fn get(&self, layer: Layer) -> bool {
        match layer {
            Layer::Envelope => self.envelope,
            Layer::Required => self.required,
            Layer::Pivot => self.pivot,
            Layer::Heat => self.heat,
            Layer::Hint => self.hint,
        }
    }

    /// Nothing drawn: the calm board.
    pub fn none() -> Self {
        Self {
            analysis: false,
            envelope: false,
            required: false,
            pivot: false,
            heat: false,
            hint: false,
            shapes: false,
            three_short: false,
        }
    }

    /// Only these layers on (`--overlay heat --overlay pivot`).
    pub fn only(layers: &[Layer]) -> Self {
        let mut overlays = Self {
            analysis: true,
            envelope: false,
            required: false,
            pivot: false,
            heat: false,
            hint: false,
            shapes: true,
            three_short: false,
        };
        for &layer in layers {
            *overlays.get_mut(layer) = true;
        }
        overlays
    }

    fn get_mut(&mut self, layer: Layer) -> &mut bool {
        match layer {
            Layer::Envelope => &mut self.envelope,
            Layer::Required => &mut self.required,
            Layer::Pivot => &mut self.pivot,
            Layer::Heat => &mut self.heat,
            Layer::Hint => &mut self.hint,
        }
    }
}
