//! The depth-first proof: a position is proved by a card it holds, or by a Maker move all of
//! whose Breaker replies are proved with one move less; what fails is remembered (and traced).

use std::collections::HashSet;
use std::time::{Duration, Instant};

use super::{CardRef, Examined, Failure, Position, RefutationStep, Search, SearchError};
use crate::snaky::cell::FrameCell;
use crate::snaky::cell_set::CellSet;
use crate::snaky::placement::Symmetry;
use crate::snaky::policy::Claim;

/// The fewest Maker moves left at which the hunt looks for library cards under a symmetry.
const MOVED_MIN_BUDGET: u32 = 6;

impl Search<'_> {
    /// Runs the search from the empty board; on success the returned card is the new root.
    pub fn run(&mut self) -> Result<usize, SearchError> {
        let start = Position {
            maker: CellSet::EMPTY,
            breaker: CellSet::EMPTY,
            budget: u32::from(self.config.target),
            fresh: None,
        };
        let root = Claim::start(self.cards);
        let found = self.prove_root(start, &[root]);
        (self.report)(&self.stats, self.started.elapsed(), self.library.len());
        match found {
            Some(CardRef::New(index)) if self.library[index].required.is_empty() => Ok(index),
            _ if self.out_of_budget => {
                Err(SearchError::OutOfBudget { target: self.config.target, positions: self.stats.positions })
            }
            _ => Err(SearchError::Refuted { target: self.config.target, positions: self.stats.positions }),
        }
    }

    /// Proves one Maker-to-move position within `budget` Maker moves, from the given hand.
    pub fn prove_position(
        &mut self,
        maker: CellSet,
        breaker: CellSet,
        budget: u32,
        hand: &[Claim],
    ) -> Option<CardRef> {
        let found = self.prove_root(Position { maker, breaker, budget, fresh: None }, hand);
        (self.report)(&self.stats, self.started.elapsed(), self.library.len());
        found
    }

    /// The line that refutes a position the search gave up: at each step Maker's moves tried
    /// and the reply that defeated each; the line follows the first move and its reply, until a
    /// position that was pruned (or not traced). Empty unless tracing was on.
    pub fn refutation(&self, maker: CellSet, breaker: CellSet, budget: u32) -> Vec<RefutationStep> {
        let Some(trace) = &self.trace else { return Vec::new() };
        let mut steps = Vec::new();
        let mut position = Position { maker, breaker, budget, fresh: None };
        loop {
            let failure = trace.get(&digest(&position)).cloned();
            let next = match &failure {
                Some(Failure::Moves(moves)) => moves.first().copied(),
                _ => None,
            };
            steps.push(RefutationStep { budget: position.budget, failure });
            let Some((pivot, reply)) = next else { break };
            position.maker.insert(pivot);
            if let Some(reply) = reply {
                position.breaker.insert(reply);
            }
            position.budget -= 1;
            if position.budget == 0 {
                break;
            }
        }
        steps
    }

    fn tick(&mut self) {
        self.stats.positions += 1;
        if self.stats.positions.is_multiple_of(1 << 16) && self.over_memory_cap() {
            self.empty_caches();
        }
        if self.stats.positions >= self.config.max_positions {
            self.out_of_budget = true;
        }
        if self.stats.positions.is_multiple_of(256) && self.last_report.elapsed() >= Duration::from_secs(1) {
            self.last_report = Instant::now();
            (self.report)(&self.stats, self.started.elapsed(), self.library.len());
        }
    }

    /// Proves the search's first position, depth-first or by proof numbers.
    fn prove_root(&mut self, position: Position, hand: &[Claim]) -> Option<CardRef> {
        if self.config.proof_numbers {
            self.prove_by_numbers(position, hand)
        } else {
            self.prove(position, hand)
        }
    }

    /// Proves a Maker-to-move position with the given hand of valid paper claims.
    fn prove(&mut self, position: Position, hand: &[Claim]) -> Option<CardRef> {
        let depth = self.stats.depth;
        let (hand, pivots) = match self.examine(position, hand, depth) {
            Examined::Proved(card) => return Some(card),
            Examined::Dead => return None,
            Examined::Moves { hand, pivots } => (hand, pivots),
        };
        let hand = &hand[..];
        self.stats.depth += 1;
        self.stats.max_depth = self.stats.max_depth.max(self.stats.depth);
        let mut result = None;
        let mut defeats = Vec::new();
        for pivot in pivots {
            match self.prove_move(position, hand, pivot) {
                Ok(card) => {
                    result = Some(card);
                    break;
                }
                Err(reply) => defeats.push((pivot, reply)),
            }
            if self.out_of_budget {
                break;
            }
        }
        self.stats.depth -= 1;
        if result.is_none() {
            self.give_up(&position, Failure::Moves(defeats));
        }
        result
    }

    /// Maker plays `pivot`; proves every Breaker reply and combines the children into a new card.
    /// On failure, the reply that defeated the move (`None`: a reply outside every envelope).
    fn prove_move(
        &mut self,
        position: Position,
        hand: &[Claim],
        pivot: FrameCell,
    ) -> Result<CardRef, Option<FrameCell>> {
        let mut maker = position.maker;
        maker.insert(pivot);
        let after =
            |breaker: CellSet| Position { maker, breaker, budget: position.budget - 1, fresh: Some(pivot) };
        let outside = self.hand_after(hand, pivot, None);
        let first = self.prove(after(position.breaker), &outside).ok_or(None)?;
        let (_, envelope, _) = self.sets(first);
        let mut children = vec![first];
        let mut common = envelope;
        loop {
            let open = common.difference(&maker).difference(&position.breaker);
            let Some(reply) = open.iter().next() else { break };
            let replied = self.hand_after(hand, pivot, Some(reply));
            let mut breaker = position.breaker;
            breaker.insert(reply);
            let child = self.prove(after(breaker), &replied).ok_or(Some(reply))?;
            let (_, envelope, _) = self.sets(child);
            common = common.intersection(&envelope);
            children.push(child);
        }
        Ok(self.combine(pivot, children))
    }

    /// Records a position given up after its moves were tried (not when out of budget).
    pub(super) fn give_up(&mut self, position: &Position, failure: Failure) {
        self.stats.failed += 1;
        if self.out_of_budget {
            return;
        }
        if let Some(trace) = self.trace.as_mut() {
            trace.insert(digest(position), failure);
        }
        let key = if self.config.canonical { canonical_digest(position) } else { digest(position) };
        if self.failed.insert(key)
            && let Some(sink) = self.failure_sink.as_mut()
        {
            sink(key);
        }
    }

    /// One visit of a Maker-to-move position: a card that proves it already, or that it is
    /// given up without a move (out of moves or budget, hopeless, or given up before), or the
    /// hand it holds and Maker's moves to try, best first. `depth` is Maker's moves since the
    /// search's start (the wide-then-narrow levels look at it).
    pub(super) fn examine(&mut self, position: Position, hand: &[Claim], depth: u32) -> Examined {
        self.tick();
        if let Some(win) = self.win_in_one(&position) {
            self.stats.known += 1;
            return Examined::Proved(win);
        }
        let heights: Vec<u32> = hand.iter().map(|c| self.cards.node(c.node).height).collect();
        if let Some(i) =
            (0..hand.len()).filter(|&i| heights[i] <= position.budget).min_by_key(|&i| heights[i])
        {
            self.stats.known += 1;
            return Examined::Proved(CardRef::Paper(hand[i]));
        }
        if let Some(card) = self.library_card(&position) {
            self.stats.known += 1;
            return Examined::Proved(card);
        }
        // Moved copies are looked for where they save the most: positions with many moves left
        // (deeper down, searching is cheaper than the lookup).
        if self.config.canonical
            && position.budget >= MOVED_MIN_BUDGET
            && let Some(card) = self.moved_library_card(&position)
        {
            self.stats.known += 1;
            return Examined::Proved(card);
        }
        // Any other card of the paper the position satisfies joins the hand.
        let reach = position.budget.saturating_add(u32::from(self.config.slack));
        let mut hand = hand.to_vec();
        let mut held: HashSet<Claim> = hand.iter().copied().collect();
        let found = match position.fresh {
            Some(fresh) if self.config.incremental => self.fresh_hand(&position, fresh, reach),
            _ => self.full_hand(&position, reach),
        };
        for claim in found {
            if held.insert(claim) {
                hand.push(claim);
            }
        }
        let heights: Vec<u32> = hand.iter().map(|c| self.cards.node(c.node).height).collect();
        if let Some(i) =
            (0..hand.len()).filter(|&i| heights[i] <= position.budget).min_by_key(|&i| heights[i])
        {
            self.stats.known += 1;
            return Examined::Proved(CardRef::Paper(hand[i]));
        }
        let lowest = if self.paper {
            heights.iter().copied().min().unwrap_or(u32::MAX)
        } else {
            // Without the paper's heights: the fewest Maker moves that complete some live copy,
            // an exact bound that the slack must not stretch.
            self.moves_needed(&position).saturating_add(u32::from(self.config.slack))
        };
        let key = digest(&position);
        // The hunt also gives up on a position whose image under a symmetry and a translation
        // was given up (the same game, seen turned; a pruning, never a card).
        let failed_key = if self.config.canonical { canonical_digest(&position) } else { key };
        let known_failure = self.failed.contains(&failed_key);
        if self.out_of_budget
            || position.budget <= 1
            || lowest > position.budget.saturating_add(u32::from(self.config.slack))
            || known_failure
        {
            self.stats.failed += 1;
            if let Some(trace) = self.trace.as_mut()
                && !self.out_of_budget
            {
                let lowest = (lowest != u32::MAX).then_some(lowest);
                let budget = position.budget;
                let pruned = budget <= 1 || lowest.is_none_or(|h| h > budget + u32::from(self.config.slack));
                trace.entry(key).or_insert(if pruned {
                    Failure::Pruned { budget, lowest }
                } else {
                    Failure::Seen
                });
            }
            return Examined::Dead;
        }
        let pivots = self.candidate_moves(&position, &hand, &heights, depth);
        Examined::Moves { hand, pivots }
    }
}

/// A deterministic 64-bit digest of a position (the standard library's SipHash, fixed keys).
fn digest(position: &Position) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    position.maker.hash(&mut hasher);
    position.breaker.hash(&mut hasher);
    position.budget.hash(&mut hasher);
    hasher.finish()
}

/// A digest of (M, B, budget) that is the same for every image of the position under the 8
/// symmetries and any translation: the smallest digest over the 8 images, each translated so that
/// its lowest x and y are 0.
fn canonical_digest(position: &Position) -> u64 {
    use std::hash::{Hash, Hasher};
    let maker: Vec<FrameCell> = position.maker.iter().collect();
    let breaker: Vec<FrameCell> = position.breaker.iter().collect();
    let mut best = u64::MAX;
    for symmetry in Symmetry::ALL {
        let turn = |cells: &[FrameCell]| -> Vec<(i32, i32)> {
            cells.iter().map(|c| symmetry.apply(c.x(), c.y())).collect()
        };
        let (mut m, mut b) = (turn(&maker), turn(&breaker));
        let min_x = m.iter().chain(&b).map(|c| c.0).min().unwrap_or(0);
        let min_y = m.iter().chain(&b).map(|c| c.1).min().unwrap_or(0);
        for c in m.iter_mut().chain(b.iter_mut()) {
            *c = (c.0 - min_x, c.1 - min_y);
        }
        m.sort_unstable();
        b.sort_unstable();
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        m.hash(&mut hasher);
        b.hash(&mut hasher);
        position.budget.hash(&mut hasher);
        best = best.min(hasher.finish());
    }
    best
}
