//! Tiered retrograde solving: acyclic spaces cut into tiers whose moves all
//! go from tier `t` to tier `t + 1`, solved from the last tier down with two
//! tiers in memory at one byte per state.

use super::space::SolveError;
use super::state_cell::SpaceLimit;
use super::wld::{SolvedValue, Wld};
use crate::budget::BudgetExceeded;
use crate::monitor::Monitor;
use std::sync::Mutex;

/// What a state of a [`TieredSpace`] is, as [`TieredSpace::expand`] finds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TierNode {
    /// The rank holds no position (an arrangement that play cannot reach).
    NotState,
    /// A position that is over, with its value for the player to move
    /// (remoteness 0).
    Terminal(Wld),
    /// A position whose moves were pushed (ranks in the next tier); none
    /// pushed: the player to move has no move and loses.
    Moves,
}

/// A finite acyclic state space whose states are numbered tier by tier: a
/// state is a tier `t` (in `0..tier_count()`) and a rank (in
/// `0..tier_size(t)`), and every move goes from tier `t` to tier `t + 1`
/// (Connect Four: the tier is the number of stones). Such a space is solved
/// by [`solve_tiered`] with only two tiers in memory.
pub trait TieredSpace: Sync {
    /// Number of tiers.
    fn tier_count(&self) -> usize;
    /// Number of ranks of tier `tier`.
    fn tier_size(&self, tier: usize) -> u64;
    /// The state of rank `rank` in tier `tier`: not a position, a terminal
    /// position, or a position whose moves it pushes to `children` (ranks in
    /// tier `tier + 1`; the caller clears `children` first).
    fn expand(&self, tier: usize, rank: u64, children: &mut Vec<u64>) -> TierNode;
}

/// The largest remoteness one byte of [`tier_code`] holds.
pub const TIER_MAX_REMOTENESS: u32 = 126;

/// The one-byte code of a value in a solved tier: 0 not a position, 1 a
/// draw, `2 + 2r` lost with remoteness `r`, `3 + 2r` won with remoteness
/// `r`; `None` past [`TIER_MAX_REMOTENESS`]. (The same numbers as the two-byte
/// codes of sprague's table files, which go further.) O(1).
///
/// ```
/// use sprague::loopy::{SolvedValue, tier_code, tier_value};
/// let v = Some(SolvedValue::win(5));
/// assert_eq!(tier_code(v), Some(13));
/// assert_eq!(tier_value(13), v);
/// assert_eq!(tier_code(Some(SolvedValue::lose(500))), None);
/// ```
#[must_use]
pub fn tier_code(v: Option<SolvedValue>) -> Option<u8> {
    let Some(v) = v else { return Some(0) };
    let r = match v.remoteness {
        Some(r) if r <= TIER_MAX_REMOTENESS => r as u8,
        Some(_) => return None,
        None => 0,
    };
    Some(match v.wld {
        Wld::Draw => 1,
        Wld::Lose => 2 + 2 * r,
        Wld::Win => 3 + 2 * r,
    })
}

/// The value of a one-byte code of [`tier_code`] (`None`: not a position).
/// O(1).
#[must_use]
pub fn tier_value(c: u8) -> Option<SolvedValue> {
    match c {
        0 => None,
        1 => Some(SolvedValue::DRAW),
        c if c % 2 == 0 => Some(SolvedValue::lose(u32::from((c - 2) / 2))),
        c => Some(SolvedValue::win(u32::from((c - 3) / 2))),
    }
}

/// How [`solve_tiered`] runs.
#[derive(Clone, Copy, Debug)]
pub struct TieredOptions<'a> {
    /// Worker threads (each tier is cut into chunks they take in turn).
    pub threads: usize,
    /// The most states of two adjacent tiers together (the bytes in memory).
    pub max_states: usize,
    /// Progress (states decided) and stop requests, polled per chunk.
    pub monitor: Option<&'a Monitor>,
}

impl Default for TieredOptions<'_> {
    fn default() -> Self {
        TieredOptions {
            threads: 1,
            max_states: crate::budget::DEFAULT_MAX_STATES,
            monitor: None,
        }
    }
}

/// Why [`solve_tiered`] stopped: the solve's own reasons, or the error of
/// the sink that received a solved tier.
#[derive(Debug)]
pub enum TieredError<E> {
    /// Remoteness past a byte, the budget, or a stop request.
    Solve(SolveError),
    /// The sink's error, passed on.
    Sink(E),
    /// The resumed tier does not exist or has another size.
    BadResume {
        /// The tier given.
        tier: usize,
        /// Its size in the space (0: no such tier).
        expected: u64,
        /// The number of values given.
        got: u64,
    },
}

/// States per chunk handed to a worker thread.
const CHUNK: usize = 1 << 16;

/// The most states two adjacent tiers of `space` hold together (the memory
/// [`solve_tiered`] needs, in bytes). O(tiers).
pub fn tiered_peak_states<S: TieredSpace + ?Sized>(space: &S) -> u64 {
    let n = space.tier_count();
    (0..n)
        .map(|t| space.tier_size(t) + if t + 1 < n { space.tier_size(t + 1) } else { 0 })
        .max()
        .unwrap_or(0)
}

/// Solves a [`TieredSpace`] from its last tier down. Each tier's values
/// follow from the next tier's by the retrograde rule of
/// [`super::implied_value`] (a terminal's own value; a losing child: won in
/// one more than the fastest such child; every child won: lost in one more
/// than the slowest;
/// otherwise drawn), so a tier is final once computed: it is handed to
/// `sink` (tier number and one [`tier_code`] byte per rank) and only it is
/// kept to solve the tier below. Memory: the bytes of two adjacent tiers
/// ([`tiered_peak_states`]); time O(states + moves).
///
/// `resume`: `Some((t, values))` with the solved tier `t` (as `sink`
/// received it) goes on with tier `t - 1`, for a solve stopped after a tier.
///
/// # Errors
/// [`TieredError::Solve`] with [`SolveError::Budget`] when two tiers exceed
/// `max_states`, [`SolveError::Interrupted`] on a stop request,
/// or [`SpaceLimit::RemotenessOverflow`] past [`TIER_MAX_REMOTENESS`];
/// [`TieredError::Sink`] with the sink's error; [`TieredError::BadResume`]
/// for a resumed tier of the wrong size.
pub fn solve_tiered<S: TieredSpace + ?Sized, E>(
    space: &S,
    opts: &TieredOptions<'_>,
    resume: Option<(usize, Vec<u8>)>,
    mut sink: impl FnMut(usize, &[u8]) -> Result<(), E>,
) -> Result<(), TieredError<E>> {
    let peak = tiered_peak_states(space);
    if peak > opts.max_states as u64 {
        return Err(TieredError::Solve(
            BudgetExceeded {
                max_states: opts.max_states,
            }
            .into(),
        ));
    }
    let tiers = space.tier_count();
    let (top, mut next) = match resume {
        Some((t, v)) => {
            let expected = if t < tiers { space.tier_size(t) } else { 0 };
            if t >= tiers || v.len() as u64 != expected {
                return Err(TieredError::BadResume {
                    tier: t,
                    expected,
                    got: v.len() as u64,
                });
            }
            (t, v)
        }
        None => (tiers, Vec::new()),
    };
    if let Some(m) = opts.monitor {
        let total: u64 = (0..tiers).map(|t| space.tier_size(t)).sum();
        let done: u64 = (top..tiers).map(|t| space.tier_size(t)).sum();
        m.start_phase("deciding positions", Some(total), done);
    }
    for t in (0..top).rev() {
        let mut cur = vec![0u8; space.tier_size(t) as usize];
        solve_tier(space, opts, t, &next, &mut cur).map_err(TieredError::Solve)?;
        sink(t, &cur).map_err(TieredError::Sink)?;
        next = cur;
    }
    Ok(())
}

/// Fills `cur` (tier `t`) from `next` (tier `t + 1`) on the option's threads.
fn solve_tier<S: TieredSpace + ?Sized>(
    space: &S,
    opts: &TieredOptions<'_>,
    t: usize,
    next: &[u8],
    cur: &mut [u8],
) -> Result<(), SolveError> {
    let chunks = Mutex::new(cur.chunks_mut(CHUNK).enumerate());
    let work = || -> Result<(), SolveError> {
        let mut kids = Vec::new();
        loop {
            if let Some(m) = opts.monitor {
                m.check()?;
            }
            // A poisoned lock means another worker panicked: stop quietly,
            // its panic is passed on by the join.
            let Some((i, chunk)) = chunks.lock().ok().and_then(|mut c| c.next()) else {
                return Ok(());
            };
            let lo = (i * CHUNK) as u64;
            for (j, cell) in chunk.iter_mut().enumerate() {
                kids.clear();
                let v = match space.expand(t, lo + j as u64, &mut kids) {
                    TierNode::NotState => None,
                    TierNode::Terminal(w) => Some(match w {
                        Wld::Win => SolvedValue::win(0),
                        Wld::Lose => SolvedValue::lose(0),
                        Wld::Draw => SolvedValue::DRAW,
                    }),
                    TierNode::Moves => Some(from_children(&kids, next)),
                };
                *cell = tier_code(v).ok_or(SolveError::Failed(SpaceLimit::RemotenessOverflow))?;
            }
            if let Some(m) = opts.monitor {
                m.add(chunk.len() as u64);
            }
        }
    };
    crate::fan_out::fan_out(opts.threads, work, |(), ()| ())
}

/// The states reachable by play from rank `start` of tier 0, one bit per
/// rank (bit `r % 64` of word `r / 64` of tier `t`'s vector), found tier by
/// tier forwards (a terminal or non-position has no moves). O(reachable
/// states + their moves) time on the option's threads, one bit per state of
/// memory.
///
/// # Errors
/// [`SolveError::Interrupted`] on a stop request.
pub fn tiered_reachable<S: TieredSpace + ?Sized>(
    space: &S,
    start: u64,
    opts: &TieredOptions<'_>,
) -> Result<Vec<Vec<u64>>, SolveError> {
    use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
    let tiers = space.tier_count();
    let mut out: Vec<Vec<u64>> = Vec::with_capacity(tiers);
    let mut cur: Vec<u64> = vec![0; space.tier_size(0).div_ceil(64) as usize];
    if let Some(w) = cur.get_mut((start / 64) as usize) {
        *w |= 1 << (start % 64);
    }
    for t in 0..tiers {
        let size = if t + 1 < tiers { space.tier_size(t + 1) } else { 0 };
        let next: Vec<AtomicU64> = (0..size.div_ceil(64)).map(|_| AtomicU64::new(0)).collect();
        let words_per_chunk = CHUNK / 64;
        let chunk_at = AtomicUsize::new(0);
        let work = || -> Result<(), SolveError> {
            let mut kids = Vec::new();
            loop {
                if let Some(m) = opts.monitor {
                    m.check()?;
                }
                let c = chunk_at.fetch_add(1, Ordering::Relaxed);
                let lo = c * words_per_chunk;
                if lo >= cur.len() {
                    return Ok(());
                }
                for (wi, &word) in cur[lo..(lo + words_per_chunk).min(cur.len())].iter().enumerate() {
                    let mut bits = word;
                    while bits != 0 {
                        let r = ((lo + wi) * 64) as u64 + u64::from(bits.trailing_zeros());
                        bits &= bits - 1;
                        kids.clear();
                        if space.expand(t, r, &mut kids) == TierNode::Moves {
                            for &k in &kids {
                                if let Some(w) = next.get((k / 64) as usize) {
                                    w.fetch_or(1 << (k % 64), Ordering::Relaxed);
                                }
                            }
                        }
                    }
                }
            }
        };
        crate::fan_out::fan_out(opts.threads, work, |(), ()| ())?;
        out.push(std::mem::replace(
            &mut cur,
            next.into_iter().map(AtomicU64::into_inner).collect(),
        ));
    }
    Ok(out)
}

/// The value the children's codes imply (a rank outside `next` or holding no
/// position counts as a draw, as in [`super::implied_value`]).
fn from_children(kids: &[u64], next: &[u8]) -> SolvedValue {
    if kids.is_empty() {
        return SolvedValue::lose(0);
    }
    let (mut fastest_loss, mut slowest_win, mut all_won) = (u8::MAX, 0u8, true);
    for &k in kids {
        let c = next.get(k as usize).copied().unwrap_or(1);
        if c >= 2 {
            if c % 2 == 0 {
                fastest_loss = fastest_loss.min(c);
            } else {
                slowest_win = slowest_win.max(c);
            }
        } else {
            all_won = false;
        }
    }
    if fastest_loss != u8::MAX {
        SolvedValue::win(u32::from((fastest_loss - 2) / 2) + 1)
    } else if all_won {
        SolvedValue::lose(u32::from((slowest_win - 3) / 2) + 1)
    } else {
        SolvedValue::DRAW
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::DiGraph;
    use crate::loopy::solve_graph;
    use proptest::prelude::*;

    /// A random layered DAG: `sizes[t]` vertices per tier, edges from tier
    /// `t` to `t + 1`, some vertices not states, some terminal (drawn, or
    /// lost: a vertex without moves in the graph).
    #[derive(Debug)]
    struct Layered {
        sizes: Vec<u64>,
        edges: Vec<Vec<Vec<u64>>>,
        kind: Vec<Vec<u8>>,
    }

    impl TieredSpace for Layered {
        fn tier_count(&self) -> usize {
            self.sizes.len()
        }
        fn tier_size(&self, t: usize) -> u64 {
            self.sizes[t]
        }
        fn expand(&self, t: usize, r: u64, out: &mut Vec<u64>) -> TierNode {
            match self.kind[t][r as usize] {
                0 => TierNode::NotState,
                1 => TierNode::Terminal(Wld::Draw),
                2 => TierNode::Terminal(Wld::Lose),
                _ => {
                    out.extend_from_slice(&self.edges[t][r as usize]);
                    TierNode::Moves
                }
            }
        }
    }

    fn arb_layered() -> impl Strategy<Value = Layered> {
        proptest::collection::vec(1u64..5, 1..6).prop_flat_map(|sizes| {
            let n = sizes.len();
            let per: Vec<_> = (0..n)
                .map(|t| {
                    let next = if t + 1 < n { sizes[t + 1] } else { 0 };
                    proptest::collection::vec(
                        (
                            prop_oneof![Just(0u8), Just(1), Just(2), Just(3), Just(3), Just(3)],
                            proptest::collection::vec(0..next.max(1), 0..4),
                        ),
                        sizes[t] as usize,
                    )
                    .prop_map(move |v| {
                        v.into_iter()
                            .map(|(k, e)| if next == 0 { (k, vec![]) } else { (k, e) })
                            .collect::<Vec<_>>()
                    })
                })
                .collect();
            (Just(sizes), per).prop_map(|(sizes, per)| Layered {
                sizes,
                kind: per.iter().map(|v| v.iter().map(|x| x.0).collect()).collect(),
                edges: per
                    .into_iter()
                    .map(|v| v.into_iter().map(|x| x.1).collect())
                    .collect(),
            })
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        /// Tier by tier gives the graph solver's values on random layered
        /// DAGs (terminals as vertices with a fixed value; not-states as
        /// draws that their parents see as draws).
        #[test]
        #[allow(clippy::needless_range_loop)] // tiers index several arrays at once
        fn tiered_matches_graph_solver(sp in arb_layered(), threads in 1usize..3) {
            let offs: Vec<u64> = sp.sizes.iter().scan(0, |a, &s| { let o = *a; *a += s; Some(o) }).collect();
            let n: u64 = sp.sizes.iter().sum();
            let (mut from, mut to) = (Vec::new(), Vec::new());
            for t in 0..sp.sizes.len() {
                for r in 0..sp.sizes[t] {
                    if sp.kind[t][r as usize] == 3 {
                        for &k in &sp.edges[t][r as usize] {
                            from.push((offs[t] + r) as u32);
                            to.push((offs[t + 1] + k) as u32);
                        }
                    }
                }
            }
            // A not-state child counts as a draw: give it a self-loop.
            for t in 0..sp.sizes.len() {
                for r in 0..sp.sizes[t] {
                    if matches!(sp.kind[t][r as usize], 0 | 1) {
                        from.push((offs[t] + r) as u32);
                        to.push((offs[t] + r) as u32);
                    }
                }
            }
            let g = DiGraph::from_edges(n as usize, &from, &to).unwrap();
            let want: Vec<SolvedValue> = solve_graph(&g, |_| Wld::Lose).unwrap().iter().collect();
            let mut got = vec![Vec::new(); sp.sizes.len()];
            let opts = TieredOptions { threads, ..TieredOptions::default() };
            solve_tiered(&sp, &opts, None, |t, v| { got[t] = v.to_vec(); Ok::<(), ()>(()) }).unwrap();
            for t in 0..sp.sizes.len() {
                for r in 0..sp.sizes[t] {
                    let v = tier_value(got[t][r as usize]);
                    let w = want[(offs[t] + r) as usize];
                    match sp.kind[t][r as usize] {
                        0 => prop_assert_eq!(v, None),
                        1 => prop_assert_eq!(v, Some(SolvedValue::DRAW)),
                        2 => prop_assert_eq!(v, Some(SolvedValue::lose(0))),
                        _ => prop_assert_eq!(v, Some(w)),
                    }
                }
            }
            // Resuming after any tier gives the same values below it.
            for top in 0..sp.sizes.len() {
                let mut again = got.clone();
                for a in again.iter_mut().take(top) { a.clear(); }
                solve_tiered(&sp, &opts, Some((top, got[top].clone())), |t, v| { again[t] = v.to_vec(); Ok::<(), ()>(()) }).unwrap();
                prop_assert_eq!(&again, &got);
            }
        }

        #[test]
        fn codes_round_trip(r in 0u32..=TIER_MAX_REMOTENESS, k in 0u8..4) {
            let v = match k {
                0 => None,
                1 => Some(SolvedValue::DRAW),
                2 => Some(SolvedValue::win(r)),
                _ => Some(SolvedValue::lose(r)),
            };
            prop_assert_eq!(tier_value(tier_code(v).unwrap()), v);
        }
    }

    #[test]
    fn budget_stop_and_sink_errors() {
        let sp = Layered {
            sizes: vec![1, 2],
            edges: vec![vec![vec![0, 1]], vec![vec![], vec![]]],
            kind: vec![vec![3], vec![3, 1]],
        };
        let small = TieredOptions {
            max_states: 2,
            ..TieredOptions::default()
        };
        assert!(matches!(
            solve_tiered(&sp, &small, None, |_, _| Ok::<(), ()>(())),
            Err(TieredError::Solve(SolveError::Budget(_)))
        ));
        let m = Monitor::new();
        m.stop();
        let stopped = TieredOptions {
            monitor: Some(&m),
            ..TieredOptions::default()
        };
        assert!(matches!(
            solve_tiered(&sp, &stopped, None, |_, _| Ok::<(), ()>(())),
            Err(TieredError::Solve(SolveError::Interrupted(_)))
        ));
        assert!(matches!(
            solve_tiered(&sp, &TieredOptions::default(), None, |_, _| Err("disk full")),
            Err(TieredError::Sink("disk full"))
        ));
        // Tier 1: a lost position and a drawn terminal; the root wins in 1.
        let mut root = 0;
        solve_tiered(&sp, &TieredOptions::default(), None, |t, v| {
            if t == 0 {
                root = v[0];
            }
            Ok::<(), ()>(())
        })
        .unwrap();
        assert_eq!(tier_value(root), Some(SolvedValue::win(1)));
    }
}
