//! A Fenwick (binary indexed) tree of weights: change one weight and draw by cumulative weight,
//! both in O(log n). The endless islands draw their next cell with it.

/// Weights at positions `0..capacity`, all 0 at first.
#[derive(Debug, Clone)]
pub(crate) struct Fenwick {
    /// `tree[i]` (1-based) sums the weights of positions `i - lowbit(i) .. i`.
    tree: Vec<u64>,
    weights: Vec<u64>,
    total: u64,
}

impl Fenwick {
    pub(crate) fn new(capacity: usize) -> Self {
        Self { tree: vec![0; capacity + 1], weights: vec![0; capacity], total: 0 }
    }

    pub(crate) fn total(&self) -> u64 {
        self.total
    }

    pub(crate) fn get(&self, position: usize) -> u64 {
        self.weights[position]
    }

    /// Sets the weight at `position` (less than the capacity).
    pub(crate) fn set(&mut self, position: usize, weight: u64) {
        let old = self.weights[position];
        self.weights[position] = weight;
        self.total = self.total - old + weight;
        let mut i = position + 1;
        while i < self.tree.len() {
            self.tree[i] = self.tree[i] - old + weight;
            i += i & i.wrapping_neg();
        }
    }

    /// The first position whose cumulative weight (itself included) exceeds `pick`; `pick` must be
    /// below [`Fenwick::total`]. The same position a scan from the start would find.
    pub(crate) fn find(&self, mut pick: u64) -> usize {
        let mut position = 0;
        let mut step = (self.tree.len() - 1).checked_next_power_of_two().unwrap_or(0);
        while step > 0 {
            let next = position + step;
            if next < self.tree.len() && self.tree[next] <= pick {
                pick -= self.tree[next];
                position = next;
            }
            step /= 2;
        }
        position
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_what_a_linear_scan_finds() {
        let weights = [3u64, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5];
        let mut tree = Fenwick::new(16);
        for (i, &w) in weights.iter().enumerate() {
            tree.set(i, w);
        }
        assert_eq!(tree.total(), weights.iter().sum::<u64>());
        let mut first = 0;
        for pick in 0..tree.total() {
            while weights[..=first].iter().sum::<u64>() <= pick {
                first += 1;
            }
            assert_eq!(tree.find(pick), first, "pick {pick}");
        }
        tree.set(5, 0);
        // Cumulative 3, 4, 8, 9, 14, 14, 16, 22, …: 17 falls in position 7; position 5 can never be drawn.
        assert_eq!(tree.find(17), 7);
        assert_eq!(tree.find(14), 6);
        assert_eq!(tree.get(4), 5);
    }
}
