//! Maker's forcing moves and a bounded search over them (threat-space search).
//!
//! A *threat move* is a Maker move after which some Snaky copy has five Maker cells, no Breaker
//! cell and one free cell: Breaker must take that cell or lose. Two such cells at once (a double
//! threat) win. The search plays only threat moves, so every Breaker reply is forced and the tree
//! stays narrow; it answers "can Maker win by threats alone from here?" within a budget.

use std::collections::{HashMap, HashSet};

use crate::snaky::cell::Cell;
use crate::snaky::game::Player;
use crate::snaky::shape::{self, Copy as SnakyCopy};
use crate::snaky::threats;

use super::game::MakerGame;

/// A copy through Maker's stones that Breaker has not touched yet, with Maker's count in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LiveCopy {
    pub cells: SnakyCopy,
    pub maker: u32,
}

/// Every live copy (no Breaker cell, at least one Maker cell), each once.
pub fn live_copies(game: &MakerGame) -> Vec<LiveCopy> {
    let mut seen = HashSet::new();
    let mut live = Vec::new();
    for &m in game.maker_cells() {
        for copy in shape::copies_through(m) {
            if copy.iter().any(|&c| game.owner(c) == Some(Player::Breaker) || wraps(m, c)) {
                continue;
            }
            let mut key = copy;
            key.sort_unstable();
            if seen.insert(key) {
                let maker = copy.iter().filter(|&&c| game.owner(c) == Some(Player::Maker)).count() as u32;
                live.push(LiveCopy { cells: key, maker });
            }
        }
    }
    live
}

/// `cell` is on the far side of the board from `stone`: a copy through both wrapped round the
/// coordinates' ends (±2³¹), which no game can complete.
fn wraps(stone: Cell, cell: Cell) -> bool {
    let apart = |a: i32, b: i32| (i64::from(a) - i64::from(b)).abs() > 4;
    apart(stone.x, cell.x) || apart(stone.y, cell.y)
}

/// Each free cell of a live copy with its Erdős–Selfridge weight: the sum over the live copies
/// through it of 2^(Maker's cells in the copy). Sorted by weight, heaviest first, ties by (x, y).
pub fn weights(game: &MakerGame) -> Vec<(Cell, u64)> {
    scored(game, |maker| 1u64 << maker)
}

/// Each free cell of a live copy with the fixed Maker's build score: the sum over the live copies
/// through it of 4^(Maker's cells in the copy), so growing a fuller copy counts for more. Sorted
/// best first, ties by (x, y).
pub fn build_scores(game: &MakerGame) -> Vec<(Cell, u64)> {
    scored(game, |maker| 1u64 << (2 * maker))
}

/// Each free cell of a live copy with the sum, over the live copies through it, of `value`(Maker's
/// cells in the copy); best first, ties by (x, y).
fn scored(game: &MakerGame, value: impl Fn(u32) -> u64) -> Vec<(Cell, u64)> {
    let mut score: HashMap<Cell, u64> = HashMap::new();
    for copy in live_copies(game) {
        for &c in copy.cells.iter().filter(|&&c| game.is_free(c)) {
            *score.entry(c).or_default() += value(copy.maker);
        }
    }
    let mut cells: Vec<(Cell, u64)> = score.into_iter().collect();
    cells.sort_unstable_by_key(|&(c, s)| (std::cmp::Reverse(s), c));
    cells
}

/// The free cells that would make a threat: the two free cells of every live copy holding four
/// Maker cells. Sorted by (x, y), each once.
pub fn threat_moves(game: &MakerGame) -> Vec<Cell> {
    // The copies through each Maker stone, without first gathering them once each: a copy met
    // through several stones only adds its cells again, and the cells are deduplicated below.
    let mut cells = Vec::new();
    for &m in game.maker_cells() {
        for copy in shape::copies_through(m) {
            let (mut maker, mut free, mut free_count) = (0, [m; 2], 0);
            let live = copy.iter().all(|&c| {
                if wraps(m, c) {
                    return false;
                }
                match game.owner(c) {
                    Some(Player::Maker) => maker += 1,
                    Some(Player::Breaker) => return false,
                    None => {
                        if free_count < 2 {
                            free[free_count] = c;
                        }
                        free_count += 1;
                    }
                }
                true
            });
            if live && maker == 4 && free_count == 2 {
                cells.extend(free);
            }
        }
    }
    cells.sort_unstable();
    cells.dedup();
    cells
}

/// With Maker to move: the first move of a win by threats alone — a finishing cell if there is
/// one, else a threat move after which Maker wins by threats, each Breaker reply forced — within
/// `depth` Maker moves, trying at most `budget` positions (the budget is spent as it goes).
pub fn forced_win(game: &MakerGame, depth: u32, budget: &mut u32) -> Option<Cell> {
    if game.to_move() != Some(Player::Maker) {
        return None;
    }
    if let Some(&finish) = game.threats().cells.first() {
        return Some(finish);
    }
    let mut game = game.clone();
    by_threats(&mut game, depth, budget)
}

/// [`forced_win`] once no finishing cell is on the board. Every threat move is first looked at
/// for a double threat (a win at once) before any single threat is followed, so the budget is
/// never spent deep down one line while a double threat waits at the top (newcomer #59 won by
/// a double threat in one move against the Searcher, whose search had gone down other threats).
fn by_threats(game: &mut MakerGame, depth: u32, budget: &mut u32) -> Option<Cell> {
    if depth == 0 {
        return None;
    }
    let mut singles = Vec::new();
    for c in threat_moves(game) {
        if *budget == 0 {
            return None;
        }
        *budget -= 1;
        if game.maker_move(c).is_err() {
            continue;
        }
        // Before `c` nothing finished, so every finishing cell now lies in a copy through `c`.
        let finishing = threats::threats_through(c, game.maker_cells(), game.breaker_cells()).cells;
        game.undo();
        match finishing.as_slice() {
            [] => {}
            [forced] => singles.push((c, *forced)),
            _ => return Some(c),
        }
    }
    for (c, forced) in singles {
        if *budget == 0 {
            return None;
        }
        *budget -= 1;
        if game.maker_move(c).is_err() {
            continue;
        }
        let won = game.breaker_move(forced).is_ok() && {
            let won = by_threats(game, depth - 1, budget).is_some();
            game.undo();
            won
        };
        game.undo();
        if won {
            return Some(c);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::snaky::as_maker::{Attacker, Level, Opponent};

    fn game(maker: &[(i32, i32)], breaker: &[(i32, i32)]) -> MakerGame {
        let m: Vec<Cell> = maker.iter().map(|&c| c.into()).collect();
        let b: Vec<Cell> = breaker.iter().map(|&c| c.into()).collect();
        MakerGame::from_moves(&m, &b).expect("legal")
    }

    #[test]
    fn no_copy_is_live_across_the_ends_of_the_board() {
        // A stone in the corner: the copies through it that would wrap round are not copies.
        let g = game(&[(i32::MAX, i32::MAX)], &[]);
        let copies = live_copies(&g);
        assert!(!copies.is_empty());
        for copy in copies {
            assert!(copy.cells.iter().all(|c| c.x > i32::MAX - 5 && c.y > i32::MAX - 5), "{copy:?}");
        }
    }

    #[test]
    fn a_finishing_cell_is_a_win_at_once() {
        // S minus (4,1), Breaker far away.
        let g = game(
            &[(0, 0), (1, 0), (2, 0), (3, 0), (3, 1)],
            &[(20, 20), (21, 20), (22, 20), (23, 20), (24, 20)],
        );
        let mut budget = 10;
        assert_eq!(forced_win(&g, 1, &mut budget), Some(Cell::new(4, 1)));
    }

    #[test]
    fn four_in_a_copy_with_both_ends_open_is_a_double_threat_one_move_away() {
        // (1,0) (2,0) (3,0) (3,1): copies S and S shifted… Maker has four cells of S = (0..3,0),
        // (3,1), (4,1) minus (0,0) and (4,1): playing either makes a threat, and the search
        // finds a win only if some move makes two at once. Check the answer by brute force: try
        // every free cell near the stones and count the finishing cells after it.
        let g = game(&[(1, 0), (2, 0), (3, 0), (3, 1)], &[(20, 20), (21, 20), (22, 20), (23, 20)]);
        let mut budget = 10_000;
        let found = forced_win(&g, 1, &mut budget);
        let mut double = Vec::new();
        for x in -5..10 {
            for y in -5..6 {
                let c = Cell::new(x, y);
                let mut copy = g.clone();
                if copy.maker_move(c).is_ok() && copy.threats().cells.len() >= 2 {
                    double.push(c);
                }
            }
        }
        match found {
            Some(c) => assert!(double.contains(&c), "{c} is not a double threat"),
            None => assert!(double.is_empty(), "missed {double:?}"),
        }
    }

    #[test]
    fn the_threat_moves_are_exactly_the_cells_that_make_a_finishing_cell() {
        let g = game(&[(0, 0), (1, 0), (2, 0), (5, 5), (3, 1)], &[(4, 1), (9, 9), (9, 8), (9, 7), (9, 6)]);
        assert!(g.threats().is_empty());
        let found = threat_moves(&g);
        let mut brute = Vec::new();
        for x in -6..12 {
            for y in -6..12 {
                let c = Cell::new(x, y);
                let mut copy = g.clone();
                if copy.maker_move(c).is_ok() && !copy.threats().is_empty() {
                    brute.push(c);
                }
            }
        }
        brute.sort_unstable();
        assert_eq!(found, brute);
    }

    /// A double threat on the board is found before any single threat is followed: with one
    /// position per threat move, on every position of seeded games where some move makes two
    /// finishing cells (by brute force over the cells near the stones), the search answers one.
    #[test]
    fn a_double_threat_at_hand_is_found_for_one_position_per_threat_move() {
        let mut seen = 0;
        each_position_of_seeded_games(0..6, Level::Potential, |g| {
            let doubles: Vec<Cell> = near_cells(g)
                .into_iter()
                .filter(|&c| {
                    let mut after = g.clone();
                    after.maker_move(c).is_ok() && after.threats().cells.len() >= 2
                })
                .collect();
            if g.threats().is_empty() && !doubles.is_empty() {
                seen += 1;
                let mut budget = threat_moves(g).len() as u32;
                let found = forced_win(g, SEARCH_DEPTH_FOR_TEST, &mut budget);
                assert!(found.is_some_and(|c| doubles.contains(&c)), "{found:?} of {doubles:?}");
            }
        });
        assert!(seen > 0, "some position has a double threat at hand");
    }

    const SEARCH_DEPTH_FOR_TEST: u32 = 8;

    /// Hands `check` every position with Maker to move of the games the heuristic Maker plays
    /// against `level` for each seed (up to 30 Maker moves a game).
    fn each_position_of_seeded_games(
        seeds: std::ops::Range<u64>,
        level: Level,
        mut check: impl FnMut(&MakerGame),
    ) {
        for seed in seeds {
            let mut g = MakerGame::new();
            let (mut maker, mut breaker) = (Attacker::new(seed), Opponent::new(level, seed));
            while !g.won() && g.maker_cells().len() < 30 {
                check(&g);
                g.maker_move(maker.choose(&g).expect("Maker's turn")).expect("legal");
                if !g.won() {
                    g.breaker_move(breaker.choose(&g).expect("Breaker's turn")).expect("legal");
                }
            }
        }
    }

    /// The free cells within five of a Maker stone (a Snaky spans six: every cell a threat can be on).
    fn near_cells(g: &MakerGame) -> Vec<Cell> {
        let mut cells: Vec<Cell> = g
            .maker_cells()
            .iter()
            .flat_map(|m| (-5..=5).flat_map(move |dx| (-5..=5).map(move |dy| Cell::new(m.x + dx, m.y + dy))))
            .filter(|&c| g.is_free(c))
            .collect();
        cells.sort_unstable();
        cells.dedup();
        cells
    }

    /// The fast count agrees with the definition: the free cells of the live copies (each once)
    /// holding four Maker cells, on every position of seeded games.
    #[test]
    fn threat_moves_are_the_free_cells_of_live_copies_holding_four() {
        let mut seen = 0;
        each_position_of_seeded_games(0..4, Level::Blocker, |g| {
            let mut expected: Vec<Cell> = live_copies(g)
                .into_iter()
                .filter(|copy| copy.maker == 4)
                .flat_map(|copy| copy.cells)
                .filter(|&c| g.is_free(c))
                .collect();
            expected.sort_unstable();
            expected.dedup();
            seen += expected.len();
            assert_eq!(threat_moves(g), expected);
        });
        assert!(seen > 0, "some position has threat moves");
    }
}
