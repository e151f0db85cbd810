//! Inputs shared by the instruction-count benchmarks in `benches/kernels.rs`.
//!
//! Run with `bench/run instructions` (needs valgrind and `cargo install
//! gungraun-runner --version 0.20.0`). Counts are deterministic, so they are
//! comparable between runs on a busy shared machine where timings are not.

/// A xorshift generator with a fixed seed: the same inputs on every run.
pub struct XorShift(pub u64);

impl XorShift {
    /// The next 64-bit value.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// `count` pairs of random 64-bit nimbers.
#[must_use]
pub fn nim_pairs(count: usize) -> Vec<(u64, u64)> {
    let mut r = XorShift(0x9e37_79b9_7f4a_7c15);
    (0..count).map(|_| (r.next_u64(), r.next_u64())).collect()
}

/// A random DAG on `n` vertices with `m` edges, mostly short (like game graphs),
/// every edge from a larger to a smaller index before the ids are relabelled by
/// a random permutation when `scramble` is set.
#[must_use]
pub fn dag(n: usize, m: usize, scramble: bool) -> sprague::DiGraph {
    let mut r = XorShift(0x2545_f491_4f6c_dd1d);
    let mut perm: Vec<u32> = (0..n as u32).collect();
    if scramble {
        for i in (1..n).rev() {
            let j = (r.next_u64() % (i as u64 + 1)) as usize;
            perm.swap(i, j);
        }
    }
    let (mut src, mut dst) = (Vec::with_capacity(m), Vec::with_capacity(m));
    for _ in 0..m {
        let u = 1 + (r.next_u64() % (n as u64 - 1)) as u32;
        let back = if r.next_u64() % 4 == 0 {
            r.next_u64() % u64::from(u)
        } else {
            r.next_u64() % u64::from(u.min(64))
        };
        let v = u - 1 - back as u32;
        src.push(perm[u as usize]);
        dst.push(perm[v as usize]);
    }
    match sprague::DiGraph::from_edges(n, &src, &dst) {
        Ok(g) => g,
        Err(e) => panic!("the generated graph is valid: {e}"),
    }
}

/// A random directed graph (cycles allowed) on `n` vertices with `m` edges.
#[must_use]
pub fn random_graph(n: usize, m: usize) -> sprague::DiGraph {
    let mut r = XorShift(0x9e37_79b9_7f4a_7c15);
    let (mut s, mut t) = (Vec::with_capacity(m), Vec::with_capacity(m));
    for _ in 0..m {
        let x = r.next_u64();
        s.push(((x & 0xffff_ffff) % n as u64) as u32);
        t.push(((x >> 32) % n as u64) as u32);
    }
    match sprague::DiGraph::from_edges(n, &s, &t) {
        Ok(g) => g,
        Err(e) => panic!("the generated graph is valid: {e}"),
    }
}

/// A uniform game tree: `branching` children per node down to `depth`, leaf
/// scores random in `-100..=100`, or 0 and 1 (false and true) for an AND-OR
/// tree when `and_or` is set.
#[must_use]
pub fn tree(depth: u32, branching: usize, and_or: bool) -> sprague::loopy::MinimaxTree {
    fn build(r: &mut XorShift, depth: u32, branching: usize, and_or: bool) -> sprague::loopy::MinimaxTree {
        if depth == 0 {
            let x = r.next_u64();
            let score = if and_or {
                (x % 2) as i64
            } else {
                (x % 201) as i64 - 100
            };
            return sprague::loopy::MinimaxTree::Leaf(score);
        }
        sprague::loopy::MinimaxTree::Node(
            (0..branching)
                .map(|_| build(r, depth - 1, branching, and_or))
                .collect(),
        )
    }
    build(&mut XorShift(0x5851_f42d_4c95_7f2d), depth, branching, and_or)
}
