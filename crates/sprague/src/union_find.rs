//! Disjoint sets (union-find) over `0..n`: the one component labelling that
//! every graph game of the crate uses (pieces of a Hackenbush picture, tree
//! checks, components of random test graphs).

/// Disjoint sets over the elements `0..n`, with path compression (halving)
/// and union by size: any sequence of `k` operations costs
/// O(k · α(n)), α the inverse Ackermann function (at most 4 for any `n` that
/// fits in memory). Memory: two words per element.
///
/// ```
/// use sprague::union_find::UnionFind;
/// let mut sets = UnionFind::new(4);
/// assert!(sets.union(0, 1));
/// assert!(!sets.union(1, 0)); // already together
/// assert_eq!(sets.find(0), sets.find(1));
/// assert_ne!(sets.find(0), sets.find(2));
/// ```
#[derive(Clone, Debug)]
pub struct UnionFind {
    /// `parent[x]`, equal to `x` at a representative.
    parent: Vec<usize>,
    /// Size of the set, valid at representatives.
    size: Vec<usize>,
}

impl UnionFind {
    /// `n` singletons `{0}, {1}, …, {n-1}`. O(n).
    #[must_use]
    pub fn new(n: usize) -> Self {
        UnionFind {
            parent: (0..n).collect(),
            size: vec![1; n],
        }
    }

    /// The number of elements.
    #[must_use]
    pub fn len(&self) -> usize {
        self.parent.len()
    }

    /// Whether there are no elements.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.parent.is_empty()
    }

    /// The representative of the set holding `x`, halving the path on the
    /// way. Amortised O(α(n)).
    ///
    /// # Panics
    /// If `x >= len()`.
    pub fn find(&mut self, mut x: usize) -> usize {
        while self.parent[x] != x {
            self.parent[x] = self.parent[self.parent[x]];
            x = self.parent[x];
        }
        x
    }

    /// Joins the sets of `a` and `b` (the smaller under the larger); `false`
    /// when they were one set already. Amortised O(α(n)).
    ///
    /// # Panics
    /// If `a` or `b` is `>= len()`.
    pub fn union(&mut self, a: usize, b: usize) -> bool {
        let (mut a, mut b) = (self.find(a), self.find(b));
        if a == b {
            return false;
        }
        if self.size[a] < self.size[b] {
            core::mem::swap(&mut a, &mut b);
        }
        self.parent[b] = a;
        self.size[a] += self.size[b];
        true
    }

    /// Whether `a` and `b` are in one set. Amortised O(α(n)).
    ///
    /// # Panics
    /// If `a` or `b` is `>= len()`.
    pub fn same(&mut self, a: usize, b: usize) -> bool {
        self.find(a) == self.find(b)
    }

    /// The number of elements in the set of `x`. Amortised O(α(n)).
    ///
    /// # Panics
    /// If `x >= len()`.
    pub fn set_size(&mut self, x: usize) -> usize {
        let r = self.find(x);
        self.size[r]
    }
}

#[cfg(test)]
mod tests {
    use super::UnionFind;
    use proptest::prelude::*;

    /// Component labels by repeated relaxation: each vertex takes the least
    /// label among its neighbours until nothing changes. O(n · m).
    fn naive_labels(n: usize, edges: &[(usize, usize)]) -> Vec<usize> {
        let mut label: Vec<usize> = (0..n).collect();
        let mut changed = true;
        while changed {
            changed = false;
            for &(u, v) in edges {
                let m = label[u].min(label[v]);
                if label[u] != m || label[v] != m {
                    label[u] = m;
                    label[v] = m;
                    changed = true;
                }
            }
        }
        label
    }

    proptest! {
        #[test]
        fn components_match_naive_labelling(
            n in 1usize..24,
            raw in proptest::collection::vec((0usize..24, 0usize..24), 0..40),
        ) {
            let edges: Vec<(usize, usize)> = raw.into_iter().map(|(u, v)| (u % n, v % n)).collect();
            let labels = naive_labels(n, &edges);
            let mut sets = UnionFind::new(n);
            let mut merges = 0;
            for &(u, v) in &edges {
                if sets.union(u, v) {
                    merges += 1;
                }
            }
            for a in 0..n {
                for b in 0..n {
                    prop_assert_eq!(sets.same(a, b), labels[a] == labels[b]);
                }
                let size = labels.iter().filter(|&&l| l == labels[a]).count();
                prop_assert_eq!(sets.set_size(a), size);
            }
            // Every successful union removes one set.
            let count = (0..n).filter(|&x| labels[x] == x).count();
            prop_assert_eq!(n - merges, count);
        }
    }
}
