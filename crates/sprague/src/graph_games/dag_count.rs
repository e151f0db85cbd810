//! Counting the edge subsets of a DAG in which the first player wins a game
//! with two tokens (AtCoder AGC016 F, "Games on DAG").
//!
//! Tokens stand on vertices 0 and 1 (1 and 2 in the contest's numbering); a
//! move slides one token along an edge; who cannot move loses. For a subset of
//! the edges the first player wins iff the Grundy values of vertices 0 and 1
//! differ.

use crate::monitor::{Interrupted, Monitor};
use core::fmt;

/// The modulus of the count, 10^9 + 7.
pub const DAG_COUNT_MODULUS: u64 = 1_000_000_007;

/// Largest vertex count [`count_dag_wins`] accepts: 3^18 · 18 steps take about
/// 15 s; each vertex more triples the time.
pub const DAG_COUNT_MAX_VERTICES: usize = 18;

/// Why a graph cannot be counted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DagCountError {
    /// Fewer than 2 vertices (the tokens need vertices 0 and 1) or more than the limit.
    VertexCount {
        /// The vertex count given.
        n: usize,
    },
    /// An edge names a vertex `>= n`.
    VertexOutOfRange {
        /// 0-based edge index.
        edge: usize,
        /// The id.
        vertex: u32,
    },
    /// Too many edges for the brute force (2^m subsets).
    TooManyEdges {
        /// The edge count.
        m: usize,
    },
    /// The edges contain a cycle through `vertex` (loops included).
    Cycle {
        /// A vertex on a cycle.
        vertex: u32,
    },
    /// The monitor of [`count_dag_wins_with`] asked the count to stop.
    Interrupted(Interrupted),
}

impl fmt::Display for DagCountError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DagCountError::VertexCount { n } => write!(
                f,
                "the graph has {n} vertices; the count needs 2 to {DAG_COUNT_MAX_VERTICES}"
            ),
            DagCountError::VertexOutOfRange { edge, vertex } => {
                write!(f, "edge {} names vertex {vertex}, which does not exist", edge + 1)
            }
            DagCountError::TooManyEdges { m } => {
                write!(f, "{m} edges are too many for the brute force (at most 24)")
            }
            DagCountError::Cycle { vertex } => {
                write!(f, "the graph is not acyclic: vertex {vertex} lies on a cycle")
            }
            DagCountError::Interrupted(i) => write!(f, "interrupted after {} of the 3^n steps", i.done),
        }
    }
}

impl std::error::Error for DagCountError {}

fn pow2_mod(k: u64) -> u64 {
    let (mut base, mut e, mut acc) = (2u64, k, 1u64);
    while e > 0 {
        if e & 1 == 1 {
            acc = acc * base % DAG_COUNT_MODULUS;
        }
        base = base * base % DAG_COUNT_MODULUS;
        e >>= 1;
    }
    acc
}

fn check(n: usize, edges: &[(u32, u32)]) -> Result<(), DagCountError> {
    if !(2..=DAG_COUNT_MAX_VERTICES).contains(&n) {
        return Err(DagCountError::VertexCount { n });
    }
    let mut indeg = vec![0usize; n];
    for (edge, &(u, v)) in edges.iter().enumerate() {
        for x in [u, v] {
            if x as usize >= n {
                return Err(DagCountError::VertexOutOfRange { edge, vertex: x });
            }
        }
        indeg[v as usize] += 1;
    }
    // Kahn's algorithm; a vertex never freed lies on or after a cycle.
    let mut stack: Vec<usize> = (0..n).filter(|&v| indeg[v] == 0).collect();
    let mut done = 0;
    while let Some(v) = stack.pop() {
        done += 1;
        for &(a, b) in edges {
            if a as usize == v {
                indeg[b as usize] -= 1;
                if indeg[b as usize] == 0 {
                    stack.push(b as usize);
                }
            }
        }
    }
    if done < n {
        // Report a vertex on a cycle: walk predecessors among the unfreed.
        let mut v = (0..n).find(|&v| indeg[v] > 0).unwrap_or(0);
        let mut visited = vec![false; n];
        while !visited[v] {
            visited[v] = true;
            if let Some(&(a, _)) = edges
                .iter()
                .find(|&&(a, b)| b as usize == v && indeg[a as usize] > 0)
            {
                v = a as usize;
            } else {
                break;
            }
        }
        return Err(DagCountError::Cycle { vertex: v as u32 });
    }
    Ok(())
}

/// The number of edge subsets (each listed edge in or out; parallel edges are
/// distinct) in which the first player wins with tokens on vertices 0 and 1,
/// modulo 10^9 + 7.
///
/// Subset dynamic programming over the Grundy levels: `ways[S]` counts the
/// edge sets inside `S` in which vertices 0 and 1 (where in `S`) get equal
/// values. For each nonempty `T ⊆ S` taken as the value-0 layer (holding both
/// or neither of 0 and 1), every vertex of `S \ T` needs at least one edge into
/// `T`, edges from `T` into `S \ T` are free, none run inside `T`, and the rest
/// is `ways[S \ T]` one level up. The answer is `2^m − ways[V]`.
/// O(3^n · n) time, O(2^n · n) memory.
///
/// # Errors
/// [`DagCountError`] for fewer than 2 or more than [`DAG_COUNT_MAX_VERTICES`]
/// vertices, an edge to a missing vertex, or a cycle.
///
/// ```
/// use sprague::graph_games::count_dag_wins;
/// // One edge 0→1: without it both values are 0 (loss); with it they differ (win).
/// assert_eq!(count_dag_wins(2, &[(0, 1)]).unwrap(), 1);
/// ```
pub fn count_dag_wins(n: usize, edges: &[(u32, u32)]) -> Result<u64, DagCountError> {
    count(n, edges, None)
}

/// [`count_dag_wins`] reporting to `monitor`: its phase `counting` has a total
/// of 3^n steps (pairs `T ⊆ S` of vertex sets), and a stop request ends the
/// count with [`DagCountError::Interrupted`] within about 2^16 steps.
///
/// # Errors
/// As [`count_dag_wins`], and [`DagCountError::Interrupted`].
///
/// ```
/// use sprague::{Monitor, graph_games::count_dag_wins_with};
/// let monitor = Monitor::new();
/// assert_eq!(count_dag_wins_with(2, &[(0, 1)], &monitor).unwrap(), 1);
/// assert_eq!(monitor.done(), 9); // 3^2 pairs of sets
/// ```
pub fn count_dag_wins_with(n: usize, edges: &[(u32, u32)], monitor: &Monitor) -> Result<u64, DagCountError> {
    count(n, edges, Some(monitor))
}

fn count(n: usize, edges: &[(u32, u32)], monitor: Option<&Monitor>) -> Result<u64, DagCountError> {
    check(n, edges)?;
    if let Some(m) = monitor {
        m.start_phase("counting", Some(3u64.pow(n as u32)), 0);
    }
    // Steps (pairs T ⊆ S) not yet passed to the monitor.
    let mut pending = 0u64;
    let full = (1usize << n) - 1;
    // out_count[v][T]: number of listed edges from v into the set T.
    let mut out_count = vec![vec![0u32; 1 << n]; n];
    for (v, counts) in out_count.iter_mut().enumerate() {
        let mut mult = vec![0u32; n];
        for &(a, b) in edges {
            if a as usize == v {
                mult[b as usize] += 1;
            }
        }
        for t in 1..=full {
            let low = t.trailing_zeros() as usize;
            counts[t] = counts[t & (t - 1)] + mult[low];
        }
    }
    let max_edges = edges.len() as u64;
    let pow2: Vec<u64> = (0..=max_edges).map(pow2_mod).collect();
    let mut ways = vec![0u64; 1 << n];
    ways[0] = 1;
    let pair = 0b11usize;
    if let Some(m) = monitor {
        m.add(1); // S = ∅
    }
    for s in 1..=full {
        pending += 1 << s.count_ones();
        if pending >= 1 << 16
            && let Some(m) = monitor
        {
            m.add(core::mem::take(&mut pending));
            m.check().map_err(DagCountError::Interrupted)?;
        }
        let need = s & pair; // tokens' vertices present in S
        let mut total = 0u64;
        let mut t = s;
        while t != 0 {
            if t & pair == need || t & pair == 0 {
                let u = s & !t;
                let mut w = ways[u];
                let mut rest = s;
                while rest != 0 && w != 0 {
                    let v = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    let f = if t >> v & 1 == 1 {
                        pow2[out_count[v][u] as usize]
                    } else {
                        (pow2[out_count[v][t] as usize] + DAG_COUNT_MODULUS - 1) % DAG_COUNT_MODULUS
                    };
                    w = w * f % DAG_COUNT_MODULUS;
                }
                total = (total + w) % DAG_COUNT_MODULUS;
            }
            t = (t - 1) & s;
        }
        ways[s] = total;
    }
    if let Some(m) = monitor {
        m.add(pending);
    }
    Ok((pow2[edges.len()] + DAG_COUNT_MODULUS - ways[full]) % DAG_COUNT_MODULUS)
}

/// The same count by brute force: every subset of the edges, Grundy values by
/// a topological sweep. O(2^m · (n + m)); for tests and tiny graphs (m ≤ 24).
///
/// # Errors
/// As [`count_dag_wins`], and [`DagCountError::TooManyEdges`] beyond 24 edges.
pub fn count_dag_wins_brute_force(n: usize, edges: &[(u32, u32)]) -> Result<u64, DagCountError> {
    check(n, edges)?;
    if edges.len() > 24 {
        return Err(DagCountError::TooManyEdges { m: edges.len() });
    }
    // Vertices in reverse topological order (sinks first).
    let mut order = Vec::with_capacity(n);
    let mut placed = vec![false; n];
    while order.len() < n {
        for v in 0..n {
            if !placed[v] && edges.iter().all(|&(a, b)| a as usize != v || placed[b as usize]) {
                placed[v] = true;
                order.push(v);
            }
        }
    }
    let mut wins = 0u64;
    let mut grundy = vec![0u64; n];
    for subset in 0u64..1 << edges.len() {
        for &v in &order {
            let mut seen = 0u64;
            for (i, &(a, b)) in edges.iter().enumerate() {
                if subset >> i & 1 == 1 && a as usize == v {
                    seen |= 1 << grundy[b as usize].min(63);
                }
            }
            grundy[v] = u64::from((!seen).trailing_zeros());
        }
        if grundy[0] != grundy[1] {
            wins += 1;
        }
    }
    Ok(wins % DAG_COUNT_MODULUS)
}
