//! State spaces: rulesets solved by retrograde analysis over an index space,
//! without building the game graph by hand.

use super::retrograde::countdown;
use super::state_cell::{SpaceLimit, StateCell};
use super::wld::{SolvedValue, Wld};
use crate::budget::BudgetExceeded;
use crate::monitor::{Monitor, Stopped};
use std::sync::atomic::{AtomicU16, AtomicU64, Ordering};

/// A game whose positions are numbered `0..state_count()`: the state-space face of
/// a ruleset for the retrograde solver ([`StateSpaceSolver`]).
///
/// The solver asks for the moves of every state once (and again once per
/// remoteness level when [`StateSpace::has_unmoves`] is false); with un-moves it
/// walks backwards from the decided states instead, which is much faster.
pub trait StateSpace: Sync {
    /// Size of the index space. Indices that are not positions are allowed
    /// ([`StateSpace::is_state`] says which).
    fn state_count(&self) -> u64;

    /// Whether index `s` is a position (default: all are).
    fn is_state(&self, s: u64) -> bool {
        let _ = s;
        true
    }

    /// The outcome for the player to move if the game is already over at `s`
    /// (moves are then not asked for). `None`: play on; a state that is not over
    /// and has no moves is a loss for the player to move (or a win under misère
    /// play, see [`StateSpaceSolver::misere`]).
    fn terminal(&self, s: u64) -> Option<Wld> {
        let _ = s;
        None
    }

    /// Appends the states reachable from `s` in one move (with multiplicity).
    fn moves(&self, s: u64, out: &mut Vec<u64>);

    /// Whether [`StateSpace::unmoves`] is implemented.
    fn has_unmoves(&self) -> bool {
        false
    }

    /// Appends every state `t` that is not over and has `s` among its moves, once
    /// per such move. Only called when [`StateSpace::has_unmoves`] is true.
    fn unmoves(&self, s: u64, out: &mut Vec<u64>) {
        let _ = (s, out);
    }

    /// Whether every move leads to a larger index (the space is then acyclic
    /// and [`crate::loopy::solve_ordered`] solves it in one descending pass).
    /// Default: false.
    fn moves_increase_index(&self) -> bool {
        false
    }
}

/// Why a state-space solve stopped: a [`SpaceLimit`], the state budget, or a
/// stop request.
pub type SolveError = Stopped<SpaceLimit>;

const MAX_REMOTENESS: u32 = StateCell::MAX_REMOTENESS;
const MAX_COUNTER: usize = StateCell::MAX_COUNT;
const BLOCK: u64 = 4096;

/// Work on the block `lo..hi` with a scratch buffer; returns the units of work
/// to report (states scanned in the first pass, states decided afterwards).
type BlockFn<'f> = dyn Fn(u64, u64, &mut Vec<u64>) -> Result<u64, SolveError> + Sync + 'f;

/// The solved state space: Win/Lose/Draw and remoteness of every index, two
/// bytes per state.
#[derive(Debug)]
pub struct StateTable {
    cells: Vec<AtomicU16>,
}

impl StateTable {
    /// Number of indices.
    #[must_use]
    pub fn len(&self) -> u64 {
        self.cells.len() as u64
    }

    /// Whether the space is empty.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The value of state `s`, `None` if `s` is not a position.
    #[must_use]
    pub fn get(&self, s: u64) -> Option<SolvedValue> {
        StateCell::from_bits(self.cells[s as usize].load(Ordering::Relaxed)).value()
    }

    /// A table of `n` indices, none of them a position yet (for solvers that
    /// fill it with [`StateTable::set`]).
    pub(crate) fn not_states(n: u64) -> Self {
        StateTable {
            cells: (0..n)
                .map(|_| AtomicU16::new(StateCell::NOT_STATE.bits()))
                .collect(),
        }
    }

    /// Stores the value of `s` (`None`: not a position).
    pub(crate) fn set(&self, s: u64, v: Option<SolvedValue>) -> Result<(), SpaceLimit> {
        self.cells[s as usize].store(StateCell::of_value(v)?.bits(), Ordering::Relaxed);
        Ok(())
    }

    /// The raw packed cells, for comparing runs.
    #[must_use]
    pub fn raw(&self) -> Vec<u16> {
        self.cells.iter().map(|c| c.load(Ordering::Relaxed)).collect()
    }

    /// A table from packed cells as [`StateTable::raw`] returns them (for
    /// solvers outside this crate that use the same packing, such as a
    /// distributed one, and for tables read back from storage). O(n).
    ///
    /// The packing, 2 bytes per index, is that of [`StateCell`]: `0xBFFF`
    /// not a position; `0xBFFE` a drawn terminal; bit 15 set: decided, bit
    /// 14 set for a win, the low 14 bits the remoteness; bit 15 clear: an
    /// undecided position, which is a draw.
    ///
    /// ```
    /// use sprague::{StateSpaceSolver, loopy::{StateTable, TicTacToe}};
    /// let t = StateSpaceSolver::new(&TicTacToe).solve().unwrap();
    /// assert_eq!(StateTable::from_raw(t.raw()).raw(), t.raw());
    /// ```
    #[must_use]
    pub fn from_raw(cells: Vec<u16>) -> StateTable {
        StateTable {
            cells: cells.into_iter().map(AtomicU16::new).collect(),
        }
    }
}

/// The most threads a solver starts: more only add stacks and contention.
pub const MAX_THREADS: usize = 256;

/// `threads` if it is a thread count a solver accepts (`1..=`[`MAX_THREADS`]).
///
/// ```
/// use sprague::loopy::check_threads;
/// assert_eq!(check_threads(4), Ok(4));
/// assert!(check_threads(0).is_err());
/// assert!(check_threads(100_000).is_err());
/// ```
///
/// # Errors
/// [`Error::Input`](crate::query::Error::Input) saying what is accepted.
pub fn check_threads(threads: usize) -> Result<usize, crate::query::Error> {
    if (1..=MAX_THREADS).contains(&threads) {
        Ok(threads)
    } else {
        Err(crate::query::Error::input(format!(
            "{threads} threads: the thread count must be between 1 and {MAX_THREADS}"
        )))
    }
}

/// Retrograde solver for a [`StateSpace`]: 2 bytes per state, a state budget, a
/// [`Monitor`] for progress and Ctrl-C, and any number of threads with results
/// identical to one thread (each level only reads values decided at earlier
/// levels).
///
/// With a monitor, the solve runs in two phases: `counting moves` (the units
/// are indices scanned, out of `state_count()`), then `deciding positions` (the units
/// are positions decided, out of the number of positions; drawn positions are
/// never decided, so a space with draws ends short of its total).
///
/// With un-moves: one pass counting moves, then per remoteness level `r` a scan
/// for the states decided at `r` whose predecessors are updated (O(L·N + E) for L
/// levels). Without: per level a sweep over the undecided states reading their
/// successors (O(L·(N + E))).
///
/// ```
/// use sprague::{StateSpaceSolver, loopy::{SolvedValue, TicTacToe}};
/// let table = StateSpaceSolver::new(&TicTacToe).solve().unwrap();
/// assert_eq!(table.get(0), Some(SolvedValue::DRAW)); // the empty board
/// ```
pub struct StateSpaceSolver<'a, S: ?Sized> {
    space: &'a S,
    threads: usize,
    max_states: usize,
    misere: bool,
    monitor: Option<&'a Monitor>,
}

impl<'a, S: StateSpace + ?Sized> StateSpaceSolver<'a, S> {
    /// A one-thread solver with the default budget.
    #[must_use]
    pub fn new(space: &'a S) -> Self {
        StateSpaceSolver {
            space,
            threads: 1,
            max_states: crate::budget::DEFAULT_MAX_STATES * 10,
            misere: false,
            monitor: None,
        }
    }

    /// Uses `threads` threads, clamped to `1..=`[`MAX_THREADS`] (see
    /// [`check_threads`] to refuse other counts instead). On WebAssembly,
    /// which has no threads to spawn here, the solver always uses one.
    #[must_use]
    pub fn threads(mut self, threads: usize) -> Self {
        self.threads = if cfg!(target_family = "wasm") {
            1
        } else {
            threads.clamp(1, MAX_THREADS)
        };
        self
    }

    /// Refuses spaces with more than `max_states` indices.
    #[must_use]
    pub fn max_states(mut self, max_states: usize) -> Self {
        self.max_states = max_states;
        self
    }

    /// A state that is not over and has no moves is a win for the player to move.
    #[must_use]
    pub fn misere(mut self, misere: bool) -> Self {
        self.misere = misere;
        self
    }

    /// Reports progress to `monitor` (checked once per block of 4096
    /// indices) and stops with [`SolveError::Interrupted`] soon after it asks
    /// for a stop.
    #[must_use]
    pub fn with_monitor(mut self, monitor: &'a Monitor) -> Self {
        self.monitor = Some(monitor);
        self
    }

    /// Solves every state.
    ///
    /// # Errors
    /// [`SolveError`]: budget, interruption, or a packed field overflowing.
    pub fn solve(&self) -> Result<StateTable, SolveError> {
        let n = self.space.state_count();
        if n > self.max_states as u64 {
            return Err(BudgetExceeded {
                max_states: self.max_states,
            }
            .into());
        }
        let cells: Vec<AtomicU16> = (0..n).map(|_| AtomicU16::new(0)).collect();
        let unmoves = self.space.has_unmoves();
        let no_moves = StateCell::terminal(if self.misere { Wld::Win } else { Wld::Lose });
        if let Some(m) = self.monitor {
            m.start_phase("counting moves", Some(n), 0);
        }
        // Positions, and positions decided by the first pass (for the monitor).
        let positions = AtomicU64::new(0);
        let decided = AtomicU64::new(0);
        self.parallel(n, &|lo, hi, buf| {
            for s in lo..hi {
                let c = if !self.space.is_state(s) {
                    StateCell::NOT_STATE
                } else {
                    match self.space.terminal(s) {
                        Some(w) => StateCell::terminal(w),
                        None => {
                            buf.clear();
                            self.space.moves(s, buf);
                            if buf.is_empty() {
                                no_moves
                            } else if !unmoves {
                                StateCell::undecided(0)
                            } else if buf.len() > MAX_COUNTER {
                                return Err(SolveError::Failed(SpaceLimit::TooManyMoves {
                                    state: s,
                                    moves: buf.len(),
                                }));
                            } else {
                                StateCell::undecided(buf.len() as u16)
                            }
                        }
                    }
                };
                cells[s as usize].store(c.bits(), Ordering::Relaxed);
            }
            if self.monitor.is_some() {
                // For the next phase's total: a second look at the block's
                // cells (still in cache), only when someone watches.
                let (mut here, mut over) = (0, 0);
                for cell in &cells[lo as usize..hi as usize] {
                    let c = StateCell::from_bits(cell.load(Ordering::Relaxed));
                    if c != StateCell::NOT_STATE {
                        here += 1;
                        over += u64::from(c.is_decided());
                    }
                }
                positions.fetch_add(here, Ordering::Relaxed);
                decided.fetch_add(over, Ordering::Relaxed);
            }
            Ok(hi - lo)
        })?;
        if let Some(m) = self.monitor {
            // With un-moves the level scans count every decided position,
            // those of the first pass included.
            let first = if unmoves {
                0
            } else {
                decided.load(Ordering::Relaxed)
            };
            m.start_phase(
                "deciding positions",
                Some(positions.load(Ordering::Relaxed)),
                first,
            );
        }
        let mut level: u32 = 0;
        loop {
            if level >= MAX_REMOTENESS {
                // States decided at this level (won or lost) may decide
                // others at the next one, which the cells cannot hold.
                let more = self.parallel(n, &|lo, hi, _| {
                    Ok(u64::from((lo..hi).any(|s| {
                        StateCell::from_bits(cells[s as usize].load(Ordering::Relaxed)).is_decided_at(level)
                    })))
                })? > 0;
                if more {
                    return Err(SpaceLimit::RemotenessOverflow.into());
                }
                break;
            }
            let next = level + 1;
            // With un-moves: the number of positions found decided at `level`
            // (none ends the solve; counting them here rather than as they are
            // decided keeps the count off the per-move path). Without: the
            // number decided at `next`.
            let changed = if unmoves {
                self.parallel(n, &|lo, hi, buf| {
                    let mut count = 0;
                    for s in lo..hi {
                        let c = StateCell::from_bits(cells[s as usize].load(Ordering::Relaxed));
                        if !c.is_decided_at(level) {
                            continue;
                        }
                        count += 1;
                        let lost = c.decided_at().is_some_and(|(lost, _)| lost);
                        buf.clear();
                        self.space.unmoves(s, buf);
                        for &u in buf.iter() {
                            let cell = &cells[u as usize];
                            let _ = cell.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |cu| {
                                countdown(StateCell::from_bits(cu), lost, next).map(StateCell::bits)
                            });
                        }
                    }
                    Ok(count)
                })?
            } else {
                self.parallel(n, &|lo, hi, buf| {
                    let mut count = 0;
                    for s in lo..hi {
                        let cell = &cells[s as usize];
                        if StateCell::from_bits(cell.load(Ordering::Relaxed)).is_decided() {
                            continue;
                        }
                        buf.clear();
                        self.space.moves(s, buf);
                        let mut all_won = true;
                        let mut wins = false;
                        for &t in buf.iter() {
                            match StateCell::from_bits(cells[t as usize].load(Ordering::Relaxed)).decided_at()
                            {
                                Some((true, r)) if r <= level => {
                                    wins = true;
                                    break;
                                }
                                Some((false, r)) if r <= level => {}
                                _ => all_won = false,
                            }
                        }
                        if wins {
                            cell.store(StateCell::won(next).bits(), Ordering::Relaxed);
                            count += 1;
                        } else if all_won {
                            cell.store(StateCell::lost(next).bits(), Ordering::Relaxed);
                            count += 1;
                        }
                    }
                    Ok(count)
                })?
            };
            if changed == 0 {
                break;
            }
            level = next;
        }
        Ok(StateTable { cells })
    }

    /// Runs `f` over blocks of `0..n` on the solver's threads, reporting each
    /// block's units to the monitor; returns the sum of the units.
    fn parallel(&self, n: u64, f: &BlockFn<'_>) -> Result<u64, SolveError> {
        let next = AtomicU64::new(0);
        let work = || -> Result<u64, SolveError> {
            let mut buf = Vec::new();
            let mut sum = 0;
            loop {
                if let Some(m) = self.monitor {
                    m.check()?;
                }
                let lo = next.fetch_add(BLOCK, Ordering::Relaxed);
                if lo >= n {
                    return Ok(sum);
                }
                let units = f(lo, (lo + BLOCK).min(n), &mut buf)?;
                if let Some(m) = self.monitor {
                    m.add(units);
                }
                sum += units;
            }
        };
        crate::fan_out::fan_out(self.threads, work, |a, b| a + b)
    }
}

/// The number of states reachable from `start` and, among them, how many are
/// won, lost and drawn for the player to move (`[wins, losses, draws]`, a
/// state missing from `table` counted as drawn). O(reachable states + moves).
///
/// # Errors
/// [`BudgetExceeded`] if the space has more than `max_states` indices.
pub fn reachable_counts<S: StateSpace + ?Sized>(
    space: &S,
    table: &StateTable,
    start: u64,
    max_states: usize,
) -> Result<(u64, [u64; 3]), BudgetExceeded> {
    let (seen, count) = reachable(space, start, max_states)?;
    let mut counts = [0u64; 3];
    for s in 0..table.len() {
        if seen[(s / 64) as usize] >> (s % 64) & 1 == 1 {
            match table.get(s).map(|v| v.wld) {
                Some(Wld::Win) => counts[0] += 1,
                Some(Wld::Lose) => counts[1] += 1,
                _ => counts[2] += 1,
            }
        }
    }
    Ok((count, counts))
}

/// The states reachable from `start` (games over at a state are not expanded),
/// as a bitset of `state_count()` bits, and their number. Breadth-first; 1 bit
/// per state plus the queue.
///
/// # Errors
/// [`BudgetExceeded`] if the space has more than `max_states` indices.
pub fn reachable<S: StateSpace + ?Sized>(
    space: &S,
    start: u64,
    max_states: usize,
) -> Result<(Vec<u64>, u64), BudgetExceeded> {
    let n = space.state_count();
    if n > max_states as u64 {
        return Err(BudgetExceeded { max_states });
    }
    let mut seen = vec![0u64; n.div_ceil(64) as usize];
    let mut queue = vec![start];
    seen[(start / 64) as usize] |= 1 << (start % 64);
    let mut count = 1;
    let mut buf = Vec::new();
    while let Some(s) = queue.pop() {
        if space.terminal(s).is_some() {
            continue;
        }
        buf.clear();
        space.moves(s, &mut buf);
        for &t in &buf {
            let (w, b) = ((t / 64) as usize, 1u64 << (t % 64));
            if seen[w] & b == 0 {
                seen[w] |= b;
                count += 1;
                queue.push(t);
            }
        }
    }
    Ok((seen, count))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::{graph::DiGraph, loopy::solve_graph, monitor::Interrupted};
    use proptest::prelude::*;

    /// A graph as a state space, with un-moves from the reversed graph.
    pub(crate) struct GraphSpace {
        pub g: DiGraph,
        pub rev: DiGraph,
        pub unmoves: bool,
    }

    impl StateSpace for GraphSpace {
        fn state_count(&self) -> u64 {
            self.g.vertex_count() as u64
        }
        fn moves(&self, s: u64, out: &mut Vec<u64>) {
            out.extend(self.g.successors(s as u32).iter().map(|&t| u64::from(t)));
        }
        fn has_unmoves(&self) -> bool {
            self.unmoves
        }
        fn unmoves(&self, s: u64, out: &mut Vec<u64>) {
            out.extend(self.rev.successors(s as u32).iter().map(|&t| u64::from(t)));
        }
    }

    /// Checks that `unmoves` is exactly the inverse of `moves` on every state.
    pub(crate) fn check_unmoves<S: StateSpace>(space: &S, skip: impl Fn(u64) -> bool) {
        let n = space.state_count();
        let mut fwd: Vec<(u64, u64)> = Vec::new();
        let mut back: Vec<(u64, u64)> = Vec::new();
        let mut buf = Vec::new();
        for s in 0..n {
            if !space.is_state(s) {
                continue;
            }
            if space.terminal(s).is_none() {
                buf.clear();
                space.moves(s, &mut buf);
                fwd.extend(buf.iter().filter(|&&t| !skip(t)).map(|&t| (t, s)));
            }
            if !skip(s) {
                buf.clear();
                space.unmoves(s, &mut buf);
                back.extend(buf.iter().map(|&t| (s, t)));
            }
        }
        fwd.sort_unstable();
        back.sort_unstable();
        assert_eq!(fwd.len(), back.len());
        assert!(fwd == back, "moves and unmoves disagree");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]
        #[test]
        fn space_solver_matches_graph_solver(g in crate::loopy::wld::tests::arb_graph(12, 30), threads in 1usize..4, misere: bool) {
            let rev = g.reversed();
            let want: Vec<SolvedValue> = solve_graph(&g, |_| if misere { Wld::Win } else { Wld::Lose }).unwrap().iter().collect();
            for unmoves in [false, true] {
                let space = GraphSpace { g: g.clone(), rev: rev.clone(), unmoves };
                let t = StateSpaceSolver::new(&space).threads(threads).misere(misere).solve().unwrap();
                let got: Vec<SolvedValue> = (0..t.len()).map(|s| t.get(s).unwrap()).collect();
                prop_assert_eq!(&got, &want);
            }
        }
    }

    #[test]
    fn monitor_sees_both_phases() {
        // A path 0 → 1 → … → 9999 and a 2-cycle 10000 ⇄ 10001 (two draws).
        let n = 10_002u32;
        let mut from: Vec<u32> = (0..9_999).collect();
        let mut to: Vec<u32> = (1..10_000).collect();
        from.extend([10_000, 10_001]);
        to.extend([10_001, 10_000]);
        let g = DiGraph::from_edges(n as usize, &from, &to).unwrap();
        for unmoves in [false, true] {
            let space = GraphSpace {
                rev: g.reversed(),
                g: g.clone(),
                unmoves,
            };
            let monitor = Monitor::new();
            let t = StateSpaceSolver::new(&space)
                .threads(2)
                .with_monitor(&monitor)
                .solve()
                .unwrap();
            assert_eq!(t.get(0), Some(SolvedValue::win(9_999)));
            assert_eq!(monitor.phase(), "deciding positions");
            assert_eq!(monitor.total(), Some(u64::from(n)));
            assert_eq!(
                monitor.done(),
                u64::from(n) - 2,
                "every state but the draws is decided"
            );
        }
    }

    #[test]
    fn budget_and_stop_flag() {
        let g = DiGraph::from_edges(3, &[0, 1], &[1, 2]).unwrap();
        let space = GraphSpace {
            rev: g.reversed(),
            g,
            unmoves: true,
        };
        assert!(matches!(
            StateSpaceSolver::new(&space).max_states(2).solve(),
            Err(SolveError::Budget(_))
        ));
        let monitor = Monitor::new();
        monitor.stop();
        assert_eq!(
            StateSpaceSolver::new(&space).with_monitor(&monitor).solve().err(),
            Some(SolveError::Interrupted(Interrupted { done: 0 }))
        );
    }
}
