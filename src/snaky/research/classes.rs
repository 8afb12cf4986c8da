//! Breaker's first reply, up to symmetry: the reply classes of the opening and the scoreboard.
//!
//! Maker opens at (8,8). A Maker wins within n exactly when, for every first Breaker reply b, the
//! position M = {(8,8)}, B = {b}, Maker to move, is won within n − 1 more Maker moves (SPEC §2.3).
//! The position is symmetric under the 8 symmetries about (8,8), so b is taken up to them: one
//! class per offset (dx, dy) with 0 ≤ dy ≤ dx ≤ 8 (44 classes on the 17×17 board), plus one class
//! for a reply far away (outside every envelope).
//!
//! A card (A, T, h) with A ⊆ {(8,8)} proves a class within h if T misses some member of it (the
//! symmetric image of the card then misses every other member); every card proves the far class.

use crate::snaky::card::Cards;
use crate::snaky::cell::FrameCell;
use crate::snaky::cell_set::CellSet;
use crate::snaky::placement::Symmetry;
use crate::snaky::policy::{Claim, OPENING};

/// Farthest offset of a near class: the 17×17 board around (8,8).
pub const REACH: i32 = 8;

/// One class of Breaker's first reply.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ReplyClass {
    /// b = (8 + dx, 8 + dy) with 0 ≤ dy ≤ dx ≤ 8, (dx, dy) ≠ (0, 0), and its symmetric images.
    Near { dx: i32, dy: i32 },
    /// A reply outside every envelope considered.
    Far,
}

impl ReplyClass {
    /// Every class: the near ones by distance (max, then dx, dy), then the far one.
    pub fn all() -> Vec<Self> {
        let mut near: Vec<Self> = (0..=REACH)
            .flat_map(|dx| (0..=dx).map(move |dy| (dx, dy)))
            .filter(|&d| d != (0, 0))
            .map(|(dx, dy)| Self::Near { dx, dy })
            .collect();
        near.sort_by_key(|c| match *c {
            Self::Near { dx, dy } => (dx.max(dy), dx, dy),
            Self::Far => (i32::MAX, 0, 0),
        });
        near.push(Self::Far);
        near
    }

    /// The class of a board reply (`None`: the opening cell itself).
    pub fn of(x: i32, y: i32) -> Option<Self> {
        let (dx, dy) = ((x - OPENING.x).abs(), (y - OPENING.y).abs());
        let (dx, dy) = (dx.max(dy), dx.min(dy));
        match (dx, dy) {
            (0, 0) => None,
            _ if dx > REACH => Some(Self::Far),
            _ => Some(Self::Near { dx, dy }),
        }
    }

    /// The distinct cells of the class, the representative (8 + dx, 8 + dy) first; empty for far.
    pub fn members(self) -> Vec<FrameCell> {
        let Self::Near { dx, dy } = self else { return Vec::new() };
        let mut cells: Vec<FrameCell> = Vec::with_capacity(8);
        for symmetry in Symmetry::ALL {
            let (x, y) = symmetry.apply(dx, dy);
            if let Some(cell) = FrameCell::new(OPENING.x + x, OPENING.y + y)
                && !cells.contains(&cell)
            {
                cells.push(cell);
            }
        }
        cells
    }

    /// "(dx,dy)" or "far".
    pub fn label(self) -> String {
        match self {
            Self::Near { dx, dy } => format!("({dx},{dy})"),
            Self::Far => "far".to_owned(),
        }
    }

    /// Whether a card with envelope T and required set A proves this class (A ⊆ {(8,8)} and T
    /// misses a member).
    pub fn proved_by(self, required: &CellSet, envelope: &CellSet) -> bool {
        let Some(opening) = FrameCell::new(OPENING.x, OPENING.y) else { return false };
        if !required.is_subset(&CellSet::single(opening)) {
            return false;
        }
        match self {
            Self::Far => true,
            Self::Near { .. } => self.members().iter().any(|&b| !envelope.contains(b)),
        }
    }
}

/// The best height a certificate's root proves for each class: Maker opens at the root's pivot,
/// and the class is won within the lowest child (placed) that proves it. `None`: no child does.
pub fn certificate_heights(cards: &Cards) -> Vec<(ReplyClass, Option<u32>)> {
    let root = Claim::start(cards);
    let children: Vec<(CellSet, CellSet, u32)> = cards
        .children(root.node)
        .iter()
        .filter_map(|child| {
            let node = cards.node(child.node);
            let placement = root.placement.compose(child.placement);
            let required = node.required.placed(node.bounds, placement)?;
            let envelope = node.envelope.placed(node.bounds, placement)?;
            Some((required, envelope, node.height))
        })
        .collect();
    ReplyClass::all()
        .into_iter()
        .map(|class| {
            let best = children.iter().filter(|(a, t, _)| class.proved_by(a, t)).map(|&(_, _, h)| h).min();
            (class, best)
        })
        .collect()
}

/// One row of the scoreboard.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoreRow {
    pub class: ReplyClass,
    /// Cells in the class (0 for far).
    pub members: usize,
    pub paper: Option<u32>,
    pub ours: Option<u32>,
    /// The best of ours and every card proved since.
    pub now: Option<u32>,
}

/// The scoreboard: for each class, the paper's, ours (20) and the best height now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scoreboard {
    pub rows: Vec<ScoreRow>,
}

impl Scoreboard {
    /// From the two certificates and the (A, T, h) of every card proved since.
    pub fn new(
        paper: &Cards,
        ours: &Cards,
        proved: impl IntoIterator<Item = (CellSet, CellSet, u32)>,
    ) -> Self {
        let paper = certificate_heights(paper);
        let ours = certificate_heights(ours);
        let rows: Vec<ScoreRow> = paper
            .iter()
            .zip(&ours)
            .map(|(&(class, paper), &(_, ours))| ScoreRow {
                class,
                members: class.members().len(),
                paper,
                ours,
                now: ours,
            })
            .collect();
        let mut board = Self { rows };
        for (required, envelope, height) in proved {
            board.improve(&required, &envelope, height);
        }
        board
    }

    /// Takes a newly proved card into account; returns whether some class improved.
    pub fn improve(&mut self, required: &CellSet, envelope: &CellSet, height: u32) -> bool {
        let mut improved = false;
        for row in &mut self.rows {
            if row.now.is_none_or(|h| height < h) && row.class.proved_by(required, envelope) {
                row.now = Some(height);
                improved = true;
            }
        }
        improved
    }

    /// The best height now of a class.
    pub fn now(&self, class: ReplyClass) -> Option<u32> {
        self.rows.iter().find(|r| r.class == class).and_then(|r| r.now)
    }

    /// The Maker bound the table proves: 1 + the worst class (`None` if a class is unproved).
    pub fn bound(&self, column: impl Fn(&ScoreRow) -> Option<u32>) -> Option<u32> {
        self.rows.iter().map(column).try_fold(0, |worst, h| h.map(|h| worst.max(h))).map(|w| w + 1)
    }

    /// The classes whose best height now is above `height`.
    pub fn open(&self, height: u32) -> Vec<ReplyClass> {
        self.rows.iter().filter(|r| r.now.is_none_or(|h| h > height)).map(|r| r.class).collect()
    }

    /// The table as text (Markdown), with the bound each column proves on its last line.
    pub fn render(&self, target: u32) -> String {
        let cell = |h: Option<u32>| h.map_or_else(|| "–".to_owned(), |h| h.to_string());
        let mut text = format!(
            "Maker opens at (8,8); Breaker replies at (8+dx, 8+dy) up to symmetry; best height proven for M = {{(8,8)}}, B = {{b}}, Maker to move ({} needs every class ≤ {}):\n\n",
            target,
            target.saturating_sub(1)
        );
        text.push_str("| reply (dx,dy) | cells | paper | ours-20 | now |\n|---|---|---|---|---|\n");
        // Rows like the far class's (the same three heights) are summed up in one line.
        let far = self.rows.iter().find(|r| r.class == ReplyClass::Far).map(|r| (r.paper, r.ours, r.now));
        let alike =
            |row: &ScoreRow| row.class != ReplyClass::Far && Some((row.paper, row.ours, row.now)) == far;
        let (alike_classes, alike_cells) =
            self.rows.iter().filter(|r| alike(r)).fold((0, 0), |(n, c), r| (n + 1, c + r.members));
        for row in self.rows.iter().filter(|r| !alike(r)) {
            let mark = if row.now.is_none_or(|h| h >= target) { " ✗" } else { "" };
            text.push_str(&format!(
                "| {} | {} | {} | {} | {}{} |\n",
                row.class.label(),
                row.members,
                cell(row.paper),
                cell(row.ours),
                cell(row.now),
                mark
            ));
        }
        if alike_classes > 0 {
            text.push_str(&format!(
                "\n(The other {alike_classes} classes, {alike_cells} cells, have the far class's heights.)\n"
            ));
        }
        let open = self.open(target.saturating_sub(1));
        text.push_str(&format!(
            "\nMaker within: paper {}, ours-20 {}, now {}; classes above {}: {}\n",
            cell(self.bound(|r| r.paper)),
            cell(self.bound(|r| r.ours)),
            cell(self.bound(|r| r.now)),
            target.saturating_sub(1),
            if open.is_empty() {
                "none".to_owned()
            } else {
                open.iter().map(|c| c.label()).collect::<Vec<_>>().join(" ")
            }
        ));
        text
    }
}
