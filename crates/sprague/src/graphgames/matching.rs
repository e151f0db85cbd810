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

/// A maximum matching of any graph by Edmonds' blossom algorithm (one
/// breadth-first search per free vertex, blossoms contracted through a base
/// array). Returns each vertex's mate. O(n³).
#[must_use]
pub fn edmonds_matching(g: &UndirectedGraph) -> Vec<Option<u32>> {
    let n = g.vertex_count();
    let mut b = Blossom::new(n);
    // A greedy start halves the number of searches in practice.
    for v in 0..n as u32 {
        if b.mate[v as usize] == NONE
            && let Some(&w) = g.neighbors(v).iter().find(|&&w| b.mate[w as usize] == NONE)
        {
            b.mate[v as usize] = w;
            b.mate[w as usize] = v;
        }
    }
    for root in 0..n as u32 {
        if b.mate[root as usize] == NONE
            && let Some(end) = b.search(g, &[root])
        {
            b.augment(end);
        }
    }
    b.mate.into_iter().map(|m| (m != NONE).then_some(m)).collect()
}

/// Vertices covered by **every** maximum matching of any graph. After one
/// maximum matching, Edmonds' search is grown from all free vertices at once;
/// it finds no augmenting path, and the vertices it labels even (outer,
/// blossoms included) are exactly those some maximum matching misses (the set
/// D of the Gallai–Edmonds decomposition). O(n³).
#[must_use]
pub fn always_covered_general(g: &UndirectedGraph) -> Vec<bool> {
    let mate = edmonds_matching(g);
    let n = g.vertex_count();
    let mut b = Blossom::new(n);
    for (v, m) in mate.iter().enumerate() {
        b.mate[v] = m.unwrap_or(NONE);
    }
    let roots: Vec<u32> = (0..n as u32).filter(|&v| b.mate[v as usize] == NONE).collect();
    // The matching is maximum, so no augmenting path exists between the trees.
    let _ = b.search(g, &roots);
    b.used.iter().map(|&u| !u).collect()
}

/// Working arrays of Edmonds' algorithm.
struct Blossom {
    mate: Vec<u32>,
    parent: Vec<u32>,
    base: Vec<u32>,
    used: Vec<bool>,
    in_blossom: Vec<bool>,
    mark: Vec<bool>,
    queue: VecDeque<u32>,
}

impl Blossom {
    fn new(n: usize) -> Blossom {
        Blossom {
            mate: vec![NONE; n],
            parent: vec![NONE; n],
            base: (0..n as u32).collect(),
            used: vec![false; n],
            in_blossom: vec![false; n],
            mark: vec![false; n],
            queue: VecDeque::new(),
        }
    }

    /// Is `v` an even (outer) vertex of the current forest?
    fn is_even(&self, v: u32) -> bool {
        let m = self.mate[v as usize];
        (m == NONE && self.used[v as usize]) || (m != NONE && self.parent[m as usize] != NONE)
    }

    /// Lowest common ancestor of `a` and `b` in the alternating forest, by bases.
    fn lca(&mut self, a: u32, b: u32) -> Option<u32> {
        self.mark.fill(false);
        let mut a = a;
        loop {
            a = self.base[a as usize];
            self.mark[a as usize] = true;
            let m = self.mate[a as usize];
            if m == NONE {
                break;
            }
            a = self.parent[m as usize];
            if a == NONE {
                break;
            }
        }
        let mut b = b;
        loop {
            b = self.base[b as usize];
            if self.mark[b as usize] {
                return Some(b);
            }
            let m = self.mate[b as usize];
            if m == NONE {
                return None;
            }
            b = self.parent[m as usize];
            if b == NONE {
                return None;
            }
        }
    }

    fn mark_path(&mut self, mut v: u32, base: u32, mut child: u32) {
        while self.base[v as usize] != base {
            let m = self.mate[v as usize];
            self.in_blossom[self.base[v as usize] as usize] = true;
            self.in_blossom[self.base[m as usize] as usize] = true;
            self.parent[v as usize] = child;
            child = m;
            v = self.parent[m as usize];
        }
    }

    /// Grows alternating trees from `roots` (free vertices). Returns a free
    /// vertex ending an augmenting path, or `None`; `used` then marks the even vertices.
    fn search(&mut self, g: &UndirectedGraph, roots: &[u32]) -> Option<u32> {
        let n = self.mate.len();
        self.used.fill(false);
        self.parent.fill(NONE);
        for (i, b) in self.base.iter_mut().enumerate() {
            *b = i as u32;
        }
        self.queue.clear();
        for &r in roots {
            self.used[r as usize] = true;
            self.queue.push_back(r);
        }
        while let Some(v) = self.queue.pop_front() {
            for &to in g.neighbors(v) {
                if self.base[v as usize] == self.base[to as usize] || self.mate[v as usize] == to {
                    continue;
                }
                if self.is_even(to) {
                    let Some(cur) = self.lca(v, to) else {
                        // Two different trees: an augmenting path (only possible
                        // with several roots and a non-maximum matching).
                        continue;
                    };
                    self.in_blossom.fill(false);
                    self.mark_path(v, cur, to);
                    self.mark_path(to, cur, v);
                    for i in 0..n {
                        if self.in_blossom[self.base[i] as usize] {
                            self.base[i] = cur;
                            if !self.used[i] {
                                self.used[i] = true;
                                self.queue.push_back(i as u32);
                            }
                        }
                    }
                } else if self.parent[to as usize] == NONE {
                    self.parent[to as usize] = v;
                    let m = self.mate[to as usize];
                    if m == NONE {
                        return Some(to);
                    }
                    self.used[m as usize] = true;
                    self.queue.push_back(m);
                }
            }
        }
        None
    }

    /// Flips the augmenting path ending at the free vertex `v`.
    fn augment(&mut self, mut v: u32) {
        while v != NONE {
            let pv = self.parent[v as usize];
            let ppv = self.mate[pv as usize];
            self.mate[v as usize] = pv;
            self.mate[pv as usize] = v;
            v = ppv;
        }
    }
}

/// Size of a maximum matching, from a mate array.
#[must_use]
pub fn matching_size(mate: &[Option<u32>]) -> usize {
    mate.iter().filter(|m| m.is_some()).count() / 2
}
