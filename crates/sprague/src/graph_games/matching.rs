//! Maximum matchings (Edmonds' blossom algorithm for general graphs,
//! Hopcroft–Karp for bipartite ones) and the vertices that every maximum
//! matching covers.

use std::collections::VecDeque;

const NONE: u32 = u32::MAX;

/// An undirected simple graph in adjacency-list (CSR) form for the matching
/// algorithms. Loops are dropped; parallel edges are kept but harmless.
#[derive(Clone, Debug)]
pub struct UndirectedGraph {
    offsets: Vec<u32>,
    targets: Vec<u32>,
}

impl UndirectedGraph {
    /// Builds the graph on `n` vertices; edges naming a vertex `>= n`, and loops, are skipped.
    /// O(n + m).
    #[must_use]
    pub fn new(n: usize, edges: &[(u32, u32)]) -> UndirectedGraph {
        let ok = |&&(u, v): &&(u32, u32)| u != v && (u as usize) < n && (v as usize) < n;
        let mut offsets = vec![0u32; n + 1];
        for &(u, v) in edges.iter().filter(ok) {
            offsets[u as usize + 1] += 1;
            offsets[v as usize + 1] += 1;
        }
        for i in 0..n {
            offsets[i + 1] += offsets[i];
        }
        let mut fill: Vec<u32> = offsets[..n].to_vec();
        let mut targets = vec![0u32; offsets[n] as usize];
        for &(u, v) in edges.iter().filter(ok) {
            targets[fill[u as usize] as usize] = v;
            fill[u as usize] += 1;
            targets[fill[v as usize] as usize] = u;
            fill[v as usize] += 1;
        }
        UndirectedGraph { offsets, targets }
    }

    /// Number of vertices.
    #[must_use]
    pub fn vertex_count(&self) -> usize {
        self.offsets.len() - 1
    }

    /// The neighbours of `v` (with multiplicity).
    #[must_use]
    #[inline]
    pub fn neighbors(&self, v: u32) -> &[u32] {
        &self.targets[self.offsets[v as usize] as usize..self.offsets[v as usize + 1] as usize]
    }

    /// A proper 2-colouring (`false`/`true` per vertex), or `None` if the graph
    /// has an odd cycle. O(n + m).
    #[must_use]
    pub fn two_coloring(&self) -> Option<Vec<bool>> {
        let n = self.vertex_count();
        let mut color = vec![u8::MAX; n];
        let mut queue = VecDeque::new();
        for s in 0..n {
            if color[s] != u8::MAX {
                continue;
            }
            color[s] = 0;
            queue.push_back(s as u32);
            while let Some(v) = queue.pop_front() {
                for &w in self.neighbors(v) {
                    if color[w as usize] == u8::MAX {
                        color[w as usize] = 1 - color[v as usize];
                        queue.push_back(w);
                    } else if color[w as usize] == color[v as usize] {
                        return None;
                    }
                }
            }
        }
        Some(color.into_iter().map(|c| c == 1).collect())
    }
}

/// A maximum matching of a bipartite graph by Hopcroft–Karp: `side[v]` tells
/// the part of each vertex (a proper 2-colouring). Returns each vertex's mate
/// (`None` when unmatched). O(m √n).
#[must_use]
pub fn hopcroft_karp(g: &UndirectedGraph, side: &[bool]) -> Vec<Option<u32>> {
    let n = g.vertex_count();
    let mut mate = vec![NONE; n];
    let left: Vec<u32> = (0..n as u32).filter(|&v| !side[v as usize]).collect();
    let mut dist = vec![u32::MAX; n];
    let mut queue = VecDeque::new();
    let mut iter = vec![0u32; n];
    let mut path: Vec<u32> = Vec::new();
    loop {
        // Layer the left vertices by alternating distance from the free ones.
        queue.clear();
        for &u in &left {
            if mate[u as usize] == NONE {
                dist[u as usize] = 0;
                queue.push_back(u);
            } else {
                dist[u as usize] = u32::MAX;
            }
        }
        let mut found = false;
        while let Some(u) = queue.pop_front() {
            for &w in g.neighbors(u) {
                let m = mate[w as usize];
                if m == NONE {
                    found = true;
                } else if dist[m as usize] == u32::MAX {
                    dist[m as usize] = dist[u as usize] + 1;
                    queue.push_back(m);
                }
            }
        }
        if !found {
            break;
        }
        // Vertex-disjoint shortest augmenting paths by iterative depth-first search.
        for &u in &left {
            iter[u as usize] = g.offsets[u as usize];
        }
        for &root in &left {
            if mate[root as usize] != NONE {
                continue;
            }
            path.clear();
            path.push(root);
            while let Some(&u) = path.last() {
                let ui = u as usize;
                let end = g.offsets[ui + 1];
                let mut advanced = false;
                while iter[ui] < end {
                    let w = g.targets[iter[ui] as usize];
                    iter[ui] += 1;
                    let m = mate[w as usize];
                    if m == NONE {
                        // Augment along the path: path[i] takes the right vertex it used.
                        let mut w = w;
                        while let Some(x) = path.pop() {
                            let prev = mate[x as usize];
                            mate[x as usize] = w;
                            mate[w as usize] = x;
                            w = prev;
                        }
                        advanced = true;
                        break;
                    }
                    if dist[m as usize] == dist[ui] + 1 {
                        path.push(m);
                        advanced = true;
                        break;
                    }
                }
                if !advanced {
                    dist[ui] = u32::MAX; // dead end for this phase
                    path.pop();
                }
            }
        }
    }
    mate.into_iter().map(|m| (m != NONE).then_some(m)).collect()
}

/// Vertices covered by **every** maximum matching of a bipartite graph
/// (`side` a proper 2-colouring). One Hopcroft–Karp matching, then a search
/// of the residual graph: a vertex is missed by some maximum matching exactly
/// when an even-length alternating path from a free vertex reaches it.
/// O(m √n).
#[must_use]
pub fn always_covered_bipartite(g: &UndirectedGraph, side: &[bool]) -> Vec<bool> {
    let mate = hopcroft_karp(g, side);
    let n = g.vertex_count();
    let mut missable = vec![false; n];
    let mut queue = VecDeque::new();
    for v in 0..n {
        if mate[v].is_none() {
            missable[v] = true;
            queue.push_back(v as u32);
        }
    }
    // From a missable vertex x, any neighbour w is matched (else augmenting);
    // its mate can give its edge to x, so mate(w) is missable too.
    while let Some(x) = queue.pop_front() {
        for &w in g.neighbors(x) {
            if let Some(m) = mate[w as usize]
                && !missable[m as usize]
            {
                missable[m as usize] = true;
                queue.push_back(m);
            }
        }
    }
    missable.into_iter().map(|m| !m).collect()
}

/// A maximum matching of any graph by Edmonds' blossom algorithm, grown in
/// phases: each phase grows alternating trees from every free vertex at once
/// (blossoms contracted through a union-find of bases), and whenever two trees
/// meet it augments along the path through both and freezes the two trees for
/// the rest of the phase. A phase that finds nothing proves the matching
/// maximum. Returns each vertex's mate.
///
/// O(m α(n)) per phase and at most n/2 phases (O(n m α(n)) in the worst
/// case); on sparse random graphs a few dozen phases suffice.
#[must_use]
pub fn edmonds_matching(g: &UndirectedGraph) -> Vec<Option<u32>> {
    let b = Blossom::maximum(g);
    b.mate.iter().map(|&m| (m != NONE).then_some(m)).collect()
}

/// Vertices covered by **every** maximum matching of any graph. The last
/// phase of [`edmonds_matching`] grows trees from all free vertices and finds
/// no augmenting path; the vertices it labels even (outer, blossoms included)
/// are exactly those some maximum matching misses (the set D of the
/// Gallai–Edmonds decomposition). Same cost as [`edmonds_matching`].
#[must_use]
pub fn always_covered_general(g: &UndirectedGraph) -> Vec<bool> {
    let b = Blossom::maximum(g);
    b.even.iter().map(|&u| !u).collect()
}

/// Working arrays of the phased blossom algorithm. A phase touches only the
/// vertices of its own forest (listed in `touched`) and resets only those.
struct Blossom {
    mate: Vec<u32>,
    /// Odd vertices: the even vertex that labelled them. Even vertices inside a
    /// blossom: the other way round the blossom (set when it is contracted).
    parent: Vec<u32>,
    even: Vec<bool>,
    /// The root of each labelled vertex's tree (`NONE` if unlabelled).
    tree: Vec<u32>,
    /// Indexed by root: the tree has augmented this phase and is frozen.
    frozen: Vec<bool>,
    /// Union-find over vertices; `label` of a set's representative is the
    /// base of the blossom the set forms. Not [`crate::union_find::UnionFind`]: a phase
    /// resets only the vertices it touched (see `reset`), which keeps phases
    /// proportional to their forests rather than to n.
    dsu: Vec<u32>,
    label: Vec<u32>,
    touched: Vec<u32>,
    in_forest: Vec<bool>,
    mark: Vec<u32>,
    stamp: u32,
    queue: VecDeque<u32>,
    pending: Vec<u32>,
}

impl Blossom {
    /// Runs phases until one augments nothing; the arrays then hold that last
    /// phase's labels.
    fn maximum(g: &UndirectedGraph) -> Blossom {
        let n = g.vertex_count();
        let mut b = Blossom {
            mate: vec![NONE; n],
            parent: vec![NONE; n],
            even: vec![false; n],
            tree: vec![NONE; n],
            frozen: vec![false; n],
            dsu: (0..n as u32).collect(),
            label: (0..n as u32).collect(),
            touched: Vec::new(),
            in_forest: vec![false; n],
            mark: vec![0; n],
            stamp: 0,
            queue: VecDeque::new(),
            pending: Vec::new(),
        };
        // A greedy start leaves few free vertices.
        for v in 0..n as u32 {
            if b.mate[v as usize] == NONE
                && let Some(&w) = g
                    .neighbors(v)
                    .iter()
                    .find(|&&w| w != v && b.mate[w as usize] == NONE)
            {
                b.mate[v as usize] = w;
                b.mate[w as usize] = v;
            }
        }
        while b.phase(g) > 0 {}
        b
    }

    fn touch(&mut self, v: u32) {
        if !self.in_forest[v as usize] {
            self.in_forest[v as usize] = true;
            self.touched.push(v);
        }
    }

    fn find(&mut self, v: u32) -> u32 {
        let mut r = v;
        while self.dsu[r as usize] != r {
            r = self.dsu[r as usize];
        }
        let mut x = v;
        while self.dsu[x as usize] != r {
            let next = self.dsu[x as usize];
            self.dsu[x as usize] = r;
            x = next;
        }
        r
    }

    fn base(&mut self, v: u32) -> u32 {
        let r = self.find(v);
        self.label[r as usize]
    }

    /// Merges the blossom set of `v` into that of base `b`.
    fn merge(&mut self, v: u32, b: u32) {
        let (rv, rb) = (self.find(v), self.find(b));
        if rv != rb {
            self.dsu[rv as usize] = rb;
            self.label[rb as usize] = b;
        }
    }

    fn reset(&mut self) {
        for k in 0..self.touched.len() {
            let v = self.touched[k] as usize;
            self.parent[v] = NONE;
            self.even[v] = false;
            self.tree[v] = NONE;
            self.frozen[v] = false;
            self.dsu[v] = v as u32;
            self.label[v] = v as u32;
            self.in_forest[v] = false;
        }
        self.touched.clear();
    }

    /// Lowest common ancestor (as a base) of `a` and `b` in one tree.
    fn lca(&mut self, a: u32, b: u32) -> u32 {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.mark.fill(0);
            self.stamp = 1;
        }
        let stamp = self.stamp;
        let mut a = a;
        loop {
            a = self.base(a);
            self.mark[a as usize] = stamp;
            let m = self.mate[a as usize];
            if m == NONE {
                break;
            }
            a = self.parent[m as usize];
        }
        let mut b = b;
        loop {
            b = self.base(b);
            if self.mark[b as usize] == stamp {
                return b;
            }
            // b is below the common ancestor, so it is not the root: matched.
            b = self.parent[self.mate[b as usize] as usize];
        }
    }

    /// Walks from even `v` up to the blossom base `b`, re-pointing parents so
    /// the blossom can be traversed either way, and collects the vertices to
    /// merge into the blossom (bases change only after both walks).
    fn mark_path(&mut self, mut v: u32, b: u32, mut child: u32) {
        while self.base(v) != b {
            let m = self.mate[v as usize];
            self.pending.push(v);
            self.pending.push(m);
            self.parent[v as usize] = child;
            child = m;
            v = self.parent[m as usize];
        }
    }

    /// Contracts the blossom closed by the edge `v`–`to` (both even, one tree).
    fn contract(&mut self, v: u32, to: u32) {
        let cur = self.lca(v, to);
        self.pending.clear();
        self.mark_path(v, cur, to);
        self.mark_path(to, cur, v);
        for k in 0..self.pending.len() {
            let x = self.pending[k];
            self.merge(x, cur);
            if !self.even[x as usize] {
                self.even[x as usize] = true;
                self.queue.push_back(x);
            }
        }
    }

    /// Matches `x` to `partner` and flips the alternating path from `x` to its root.
    fn flip(&mut self, x: u32, partner: u32) {
        let mut v = self.mate[x as usize];
        self.mate[x as usize] = partner;
        while v != NONE {
            let pv = self.parent[v as usize];
            let ppv = self.mate[pv as usize];
            self.mate[v as usize] = pv;
            self.mate[pv as usize] = v;
            v = ppv;
        }
    }

    /// One phase; returns the number of augmentations.
    fn phase(&mut self, g: &UndirectedGraph) -> usize {
        self.reset();
        self.queue.clear();
        let n = self.mate.len() as u32;
        for r in 0..n {
            if self.mate[r as usize] == NONE {
                self.even[r as usize] = true;
                self.tree[r as usize] = r;
                self.touch(r);
                self.queue.push_back(r);
            }
        }
        let mut augmented = 0;
        while let Some(v) = self.queue.pop_front() {
            let tv = self.tree[v as usize];
            for &to in g.neighbors(v) {
                if self.frozen[tv as usize] {
                    break;
                }
                let tt = self.tree[to as usize];
                if tt != NONE && self.frozen[tt as usize] {
                    continue;
                }
                if self.mate[v as usize] == to || self.base(v) == self.base(to) {
                    continue;
                }
                if self.even[to as usize] {
                    if tt != tv {
                        // Two trees meet: augment through both, freeze both.
                        self.flip(v, to);
                        self.flip(to, v);
                        self.frozen[tv as usize] = true;
                        self.frozen[tt as usize] = true;
                        augmented += 1;
                    } else {
                        self.contract(v, to);
                    }
                } else if tt == NONE {
                    let m = self.mate[to as usize];
                    self.parent[to as usize] = v;
                    self.tree[to as usize] = tv;
                    self.touch(to);
                    if m == NONE {
                        // Unreachable while every free vertex is a root; kept for safety.
                        self.flip(v, to);
                        self.mate[to as usize] = v;
                        self.frozen[tv as usize] = true;
                        augmented += 1;
                        continue;
                    }
                    self.even[m as usize] = true;
                    self.tree[m as usize] = tv;
                    self.touch(m);
                    self.queue.push_back(m);
                }
            }
        }
        augmented
    }
}

/// Size of a maximum matching, from a mate array.
#[must_use]
pub fn matching_size(mate: &[Option<u32>]) -> usize {
    mate.iter().filter(|m| m.is_some()).count() / 2
}
