//! Calm colours with enough contrast: warm paper, dark ink, a teal accent, mint bubbles.

use bevy::prelude::*;

pub const BACKGROUND: Color = Color::srgb(0.953, 0.937, 0.898);
pub const PANEL: Color = Color::srgb(0.992, 0.984, 0.965);
pub const PANEL_EDGE: Color = Color::srgb(0.86, 0.83, 0.77);
pub const INK: Color = Color::srgb(0.19, 0.21, 0.27);
pub const INK_SOFT: Color = Color::srgb(0.40, 0.42, 0.48);
pub const ON_PRIMARY: Color = Color::srgb(1.0, 1.0, 1.0);

pub const PRIMARY: Color = Color::srgb(0.18, 0.49, 0.52);
pub const PRIMARY_HOVER: Color = Color::srgb(0.22, 0.56, 0.59);
pub const PRIMARY_EDGE: Color = Color::srgb(0.10, 0.33, 0.36);
pub const SECONDARY: Color = Color::srgb(0.91, 0.88, 0.81);
pub const SECONDARY_HOVER: Color = Color::srgb(0.95, 0.92, 0.86);
pub const SECONDARY_EDGE: Color = Color::srgb(0.70, 0.66, 0.58);
pub const DISABLED: Color = Color::srgb(0.88, 0.87, 0.84);
pub const DISABLED_INK: Color = Color::srgb(0.58, 0.58, 0.60);

/// The board's round buttons.
pub const BUBBLE: Color = Color::srgb(0.52, 0.78, 0.72);
pub const BUBBLE_HOVER: Color = Color::srgb(0.60, 0.84, 0.78);
pub const BUBBLE_EDGE: Color = Color::srgb(0.30, 0.56, 0.51);
pub const BUBBLE_SELECTED: Color = Color::srgb(0.98, 0.77, 0.33);
pub const BUBBLE_SELECTED_EDGE: Color = Color::srgb(0.78, 0.55, 0.14);
pub const PRESSED_BY_YOU: Color = Color::srgb(0.70, 0.79, 0.76);
pub const PRESSED_BY_COM: Color = Color::srgb(0.78, 0.74, 0.84);
pub const PRESSED_HOLE: Color = Color::srgb(0.83, 0.80, 0.74);
pub const CURSOR: Color = Color::srgb(0.19, 0.21, 0.27);
pub const SHADOW: Color = Color::srgba(0.30, 0.24, 0.12, 0.22);

pub const YOU: Color = Color::srgb(0.18, 0.49, 0.52);
pub const COM: Color = Color::srgb(0.48, 0.40, 0.62);
/// A proven win that comes after the goal: still a win, no longer the goal's.
pub const PAST_GOAL: Color = Color::srgb(0.62, 0.40, 0.04);
pub const GOOD: Color = Color::srgb(0.22, 0.55, 0.33);
pub const BAD: Color = Color::srgb(0.78, 0.33, 0.28);
pub const BAD_SOFT: Color = Color::srgb(0.98, 0.90, 0.87);
pub const GOOD_SOFT: Color = Color::srgb(0.88, 0.95, 0.88);
/// The board's tints that legends name by colour: yellow and purple as read over the cream board
/// (newcomer #77 read the old ones as peach and grey-lavender).
pub const TINT_YELLOW: Color = Color::srgba(1.0, 0.85, 0.10, 0.75);
pub const TINT_PURPLE: Color = Color::srgba(0.58, 0.38, 0.86, 0.55);
pub const CLEARED: Color = Color::srgb(0.84, 0.93, 0.87);
pub const CURRENT: Color = Color::srgb(0.99, 0.90, 0.66);
pub const LOCKED: Color = Color::srgb(0.90, 0.89, 0.86);

/// The Snaky board: the frame's interior, the grid, the stones, the last move's ring.
pub const FRAME_INSIDE: Color = Color::srgb(1.0, 0.995, 0.975);
pub const GRID_LINE: Color = Color::srgb(0.83, 0.80, 0.74);
pub const MAKER_STONE: Color = COM;
pub const MAKER_EDGE: Color = Color::srgb(0.33, 0.26, 0.45);
pub const BREAKER_STONE: Color = Color::srgb(0.93, 0.55, 0.25);
pub const BREAKER_EDGE: Color = Color::srgb(0.70, 0.37, 0.12);
pub const LAST_MOVE: Color = INK;
/// The Snaky overlays: envelope T, required set A, pivot, the completed Snaky.
pub const ENVELOPE: Color = Color::srgba(0.20, 0.62, 0.68, 0.22);
pub const REQUIRED: Color = Color::srgb(0.85, 0.60, 0.05);
pub const PIVOT: Color = Color::srgb(0.80, 0.20, 0.25);
/// Maker's completed Snaky: the player's loss, in the bad-news colour (green means good for you).
pub const WINNING: Color = Color::srgba(0.85, 0.38, 0.32, 0.70);

/// The Snaky reply heat map: a reply after which Maker's card is low (cold) to tall (hot).
/// The heat map, worst reply for the player to best: one meaning of colour across the heat map,
/// the hint and the lesson — green is good for you, red is bad.
pub const HEAT_WORST: Color = Color::srgba(0.90, 0.45, 0.40, 0.55);
pub const HEAT_BEST: Color = Color::srgba(0.35, 0.72, 0.45, 0.65);
/// The hint's and the lesson's ring around the replies that keep the most: good for you. A
/// yellower green than the cursor's teal, so the two never read as one.
pub const HINT: Color = Color::srgb(0.20, 0.66, 0.12);
/// The tempo graph's reviewed move.
pub const TEMPO_MARK: Color = Color::srgb(0.93, 0.55, 0.25);
