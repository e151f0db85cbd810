//! Progress reports and stop requests for long searches.
//!
//! A [`Monitor`] is shared between a running solver and whoever watches it (a
//! progress bar on another thread, a Ctrl-C handler). The solver adds the work
//! it has done in batches of [`Ticker::BATCH`] units through a [`Ticker`], so
//! its hot loop only bumps a local counter; at each batch it also looks at the
//! stop flag and, when it is raised, returns [`Interrupted`]. Solvers take a
//! monitor through a `with_monitor` setter; without one they only count
//! locally, which costs nothing measurable.
//!
//! ```
//! use sprague::{GrundySolver, Monitor, SearchError, games::Chomp};
//! let monitor = Monitor::new();
//! let mut solver = GrundySolver::new(&Chomp).with_monitor(&monitor);
//! let small = vec![3, 3, 2];
//! solver.grundy(&small).unwrap();
//! assert_eq!(monitor.done(), solver.states() as u64); // read from any thread
//!
//! monitor.stop(); // e.g. from a Ctrl-C handler
//! // A 12 × 12 Chomp search needs far more than one batch of states: it stops.
//! let big = vec![12; 12];
//! assert!(matches!(solver.grundy(&big), Err(SearchError::Interrupted(_))));
//! ```

use crate::budget::{BudgetExceeded, MemoryExceeded, default_max_memory, resident_memory};
use core::convert::Infallible;
use core::fmt;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// Shared progress of one computation: work done, the total when known, the
/// name of the current phase, and a stop flag.
///
/// All methods take `&self` and may be called from any thread; the counters are
/// relaxed atomics (a watcher sees a recent value, not necessarily the latest).
/// [`Monitor::new`] is `const`, so a program may keep one in a `static`.
///
/// A monitor may also carry a *poll*: a function called at every check of
/// the stop flag (once per batch of work), which raises the flag by returning
/// `true`. An embedding that cannot stop a computation from another thread (an
/// interpreter whose signal handlers run only when asked, as Python's) polls
/// for its interrupts there.
///
/// ```
/// use sprague::{GrundySolver, Monitor, SearchError, games::Chomp};
/// use std::sync::atomic::{AtomicU32, Ordering};
/// static POLLS: AtomicU32 = AtomicU32::new(0);
/// // Stop at the third check, as a Ctrl-C noticed by the poll would.
/// let monitor = Monitor::new().with_poll(|| POLLS.fetch_add(1, Ordering::Relaxed) >= 2);
/// let mut solver = GrundySolver::new(&Chomp).with_monitor(&monitor);
/// assert!(matches!(solver.grundy(&vec![12; 12]), Err(SearchError::Interrupted(_))));
/// assert!(monitor.stop_requested());
/// ```
pub struct Monitor {
    done: AtomicU64,
    /// The total, or [`UNKNOWN`] when not known.
    total: AtomicU64,
    stop: AtomicBool,
    phase: Mutex<&'static str>,
    /// The memory budget in bytes, or 0 for [`default_max_memory`].
    max_memory: AtomicU64,
    /// The resident bytes seen when the budget was passed, or 0.
    memory_hit: AtomicU64,
    /// Checks since the resident memory was last read.
    checks: AtomicU64,
    /// The work budget (units of [`done`](Monitor::done)), or 0 for none.
    max_work: AtomicU64,
    /// Whether the work budget stopped the computation.
    work_hit: AtomicBool,
    poll: Option<Box<Poll>>,
}

/// The poll of a [`Monitor`]: `true` asks the computation to stop.
type Poll = dyn Fn() -> bool + Send + Sync;

impl fmt::Debug for Monitor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Monitor")
            .field("done", &self.done())
            .field("total", &self.total())
            .field("stop", &self.stop_requested())
            .field("phase", &self.phase())
            .field("poll", &self.poll.is_some())
            .finish()
    }
}

/// The stored total meaning "not known".
const UNKNOWN: u64 = u64::MAX;

impl Default for Monitor {
    fn default() -> Self {
        Self::new()
    }
}

impl Monitor {
    /// A monitor with nothing done, no total, no phase name and no stop request.
    #[must_use]
    pub const fn new() -> Self {
        Monitor {
            done: AtomicU64::new(0),
            total: AtomicU64::new(UNKNOWN),
            stop: AtomicBool::new(false),
            phase: Mutex::new(""),
            max_memory: AtomicU64::new(0),
            memory_hit: AtomicU64::new(0),
            checks: AtomicU64::new(0),
            max_work: AtomicU64::new(0),
            work_hit: AtomicBool::new(false),
            poll: None,
        }
    }

    /// This monitor with `poll` called at every check of the stop flag (once
    /// per batch of work, see [`Ticker::BATCH`]); when it returns `true` the
    /// stop flag is raised and the computation stops as by [`Monitor::stop`].
    /// Keep it cheap: it runs on the solving thread.
    #[must_use]
    pub fn with_poll(mut self, poll: impl Fn() -> bool + Send + Sync + 'static) -> Self {
        self.poll = Some(Box::new(poll));
        self
    }

    /// Units of work done so far (states solved, for the searching solvers).
    #[must_use]
    pub fn done(&self) -> u64 {
        self.done.load(Ordering::Relaxed)
    }

    /// The number of units the current phase will take, when known.
    #[must_use]
    pub fn total(&self) -> Option<u64> {
        let t = self.total.load(Ordering::Relaxed);
        (t != UNKNOWN).then_some(t)
    }

    /// The name of the current phase (empty until a solver names one).
    #[must_use]
    pub fn phase(&self) -> &'static str {
        self.phase.lock().map_or("", |p| *p)
    }

    /// Starts a phase: sets its name and total and the work done to `done`.
    pub fn start_phase(&self, name: &'static str, total: Option<u64>, done: u64) {
        if let Ok(mut p) = self.phase.lock() {
            *p = name;
        }
        self.total.store(total.unwrap_or(UNKNOWN), Ordering::Relaxed);
        self.done.store(done, Ordering::Relaxed);
    }

    /// Adds `units` to the work done.
    pub fn add(&self, units: u64) {
        self.done.fetch_add(units, Ordering::Relaxed);
    }

    /// Asks the computation to stop; solvers return [`Interrupted`] at their
    /// next batch. Safe to call from a signal handler's thread.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Whether a stop was asked for.
    #[must_use]
    pub fn stop_requested(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// The memory budget of the computations this monitor watches, in bytes
    /// ([`default_max_memory`] unless [`set_max_memory`](Monitor::set_max_memory) set one).
    #[must_use]
    pub fn max_memory(&self) -> u64 {
        match self.max_memory.load(Ordering::Relaxed) {
            0 => default_max_memory(),
            m => m,
        }
    }

    /// Sets the memory budget (bytes, at least 1): the up-front checks of the
    /// registry use it, and [`check`](Monitor::check) stops the computation
    /// once the process's resident memory passes it.
    pub fn set_max_memory(&self, bytes: u64) {
        self.max_memory.store(bytes.max(1), Ordering::Relaxed);
    }

    /// Why the computation stopped if it stopped for memory: the
    /// [`Interrupted`] a search returned then is really this.
    #[must_use]
    pub fn memory_exceeded(&self) -> Option<MemoryExceeded> {
        match self.memory_hit.load(Ordering::Relaxed) {
            0 => None,
            needed => Some(MemoryExceeded {
                what: "the computation",
                needed,
                max_memory: self.max_memory(),
            }),
        }
    }

    /// Sets a work budget: [`check`](Monitor::check) stops the computation
    /// once [`done`](Monitor::done) passes `units` (for computations without
    /// a state budget of their own, such as sums in a
    /// [`GameStore`](crate::GameStore) watched by this monitor).
    pub fn set_max_work(&self, units: u64) {
        self.max_work.store(units.max(1), Ordering::Relaxed);
    }

    /// The work budget that stopped the computation, if one did: the
    /// [`Interrupted`] a computation returned then is really this.
    #[must_use]
    pub fn work_exceeded(&self) -> Option<BudgetExceeded> {
        self.work_hit.load(Ordering::Relaxed).then(|| BudgetExceeded {
            max_states: usize::try_from(self.max_work.load(Ordering::Relaxed)).unwrap_or(usize::MAX),
        })
    }

    /// Stops the computation for memory: `bytes` are held, past the budget.
    /// For a program that counts its own allocations (a counting global
    /// allocator) and so sees the budget passed between two
    /// [`check`](Monitor::check)s; [`memory_exceeded`](Monitor::memory_exceeded)
    /// then reports `bytes`. Two atomic stores: it neither allocates nor
    /// reads the budget, so an allocator may call it. O(1).
    pub fn stop_for_memory(&self, bytes: u64) {
        self.memory_hit.store(bytes.max(1), Ordering::Relaxed);
        self.stop();
    }

    /// Every 16th call reads the process's resident memory (where the system
    /// tells it) and asks for a stop once it passes the budget.
    fn poll_memory(&self) {
        if !self.checks.fetch_add(1, Ordering::Relaxed).is_multiple_of(16) {
            return;
        }
        if let Some(rss) = resident_memory()
            && rss > self.max_memory()
        {
            self.memory_hit.store(rss, Ordering::Relaxed);
            self.stop();
        }
    }

    /// [`Interrupted`] if a stop was asked for, or the process's resident
    /// memory passed the budget (then [`memory_exceeded`](Monitor::memory_exceeded)
    /// says so; the memory is read on every 16th call).
    ///
    /// # Errors
    /// [`Interrupted`] with the work done so far.
    pub fn check(&self) -> Result<(), Interrupted> {
        if let Some(poll) = &self.poll
            && poll()
        {
            self.stop();
        }
        self.poll_memory();
        let max_work = self.max_work.load(Ordering::Relaxed);
        if max_work != 0 && self.done() > max_work {
            self.work_hit.store(true, Ordering::Relaxed);
            self.stop();
        }
        if self.stop_requested() {
            Err(Interrupted { done: self.done() })
        } else {
            Ok(())
        }
    }

    /// Clears everything for the next computation: work, total, phase and the
    /// stop flag.
    pub fn reset(&self) {
        self.start_phase("", None, 0);
        self.stop.store(false, Ordering::Relaxed);
        self.memory_hit.store(0, Ordering::Relaxed);
        self.work_hit.store(false, Ordering::Relaxed);
    }
}

/// A solver's handle on an optional [`Monitor`]: counts work locally and
/// passes it on every [`Ticker::BATCH`] units, checking the stop flag then.
///
/// Embed one in a solver, call [`tick`](Ticker::tick) once per unit of work
/// (a state solved) and [`flush`](Ticker::flush) when a top-level call
/// returns, so the monitor's count is exact between calls.
#[derive(Debug, Clone, Copy, Default)]
pub struct Ticker<'m> {
    monitor: Option<&'m Monitor>,
    pending: u64,
}

impl<'m> Ticker<'m> {
    /// Units of work between two reports to the monitor.
    pub const BATCH: u32 = 4096;

    /// A ticker reporting to `monitor` (or to nothing).
    #[must_use]
    pub const fn new(monitor: Option<&'m Monitor>) -> Self {
        Ticker { monitor, pending: 0 }
    }

    /// The monitor, if any.
    #[must_use]
    pub const fn monitor(&self) -> Option<&'m Monitor> {
        self.monitor
    }

    /// Counts one unit of work.
    ///
    /// # Errors
    /// [`Interrupted`] when this call completes a batch and a stop was asked for.
    #[inline]
    pub fn tick(&mut self) -> Result<(), Interrupted> {
        self.pending += 1;
        if self.pending >= u64::from(Self::BATCH) {
            self.flush()
        } else {
            Ok(())
        }
    }

    /// Counts `units` units of work at once, for loops that do their work in
    /// blocks (a block of vertices, the edges of a block).
    ///
    /// # Errors
    /// [`Interrupted`] when the count reaches a batch and a stop was asked for.
    #[inline]
    pub fn tick_n(&mut self, units: u64) -> Result<(), Interrupted> {
        self.pending += units;
        if self.pending >= u64::from(Self::BATCH) {
            self.flush()
        } else {
            Ok(())
        }
    }

    /// Passes the pending count to the monitor and checks its stop flag.
    ///
    /// # Errors
    /// [`Interrupted`] if a stop was asked for.
    #[cold]
    pub fn flush(&mut self) -> Result<(), Interrupted> {
        let pending = core::mem::take(&mut self.pending);
        match self.monitor {
            Some(m) => {
                m.add(pending);
                m.check()
            }
            None => Ok(()),
        }
    }
}

/// A computation stopped because its [`Monitor`] asked it to (Ctrl-C).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Interrupted {
    /// The work done before it stopped, as counted by the monitor (states
    /// solved, for the searching solvers).
    pub done: u64,
}

impl fmt::Display for Interrupted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "interrupted after {} states", self.done)
    }
}

impl std::error::Error for Interrupted {}

/// A solver's own reason to fail, as carried by [`Stopped::Failed`], and the
/// unit in which that solver's monitor counts work.
pub trait Failure: fmt::Display {
    /// What [`Interrupted::done`] counts for this solver (`"states"`,
    /// `"vertices"`, `"edges"`), as the interrupted message names it.
    const WORK: &'static str;
}

/// The searches over positions fail only by budget or interruption, and
/// count states.
impl Failure for Infallible {
    const WORK: &'static str = "states";
}

/// Why a computation returned no answer: a failure of its own (`E`, e.g. a
/// cycle in a graph that must be acyclic), its state budget, or a stop request
/// through its [`Monitor`]. Each solver names only its own failure; the plain
/// searches have none ([`SearchError`]).
///
/// ```
/// use sprague::{BudgetExceeded, Interrupted, SearchError};
/// let e: SearchError = Interrupted { done: 7 }.into();
/// assert_eq!(e.to_string(), "interrupted after 7 states");
/// let e: SearchError = BudgetExceeded { max_states: 10 }.into();
/// assert!(matches!(e, SearchError::Budget(b) if b.max_states == 10));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Stopped<E> {
    /// The solver's own failure.
    Failed(E),
    /// The computation needs more states than its budget allows.
    Budget(BudgetExceeded),
    /// The computation was interrupted through its [`Monitor`]; `done` counts
    /// the work done, in the unit [`Failure::WORK`] names.
    Interrupted(Interrupted),
}

/// Why a search over positions returned no answer: it reached its state
/// budget, or it was asked to stop.
pub type SearchError = Stopped<Infallible>;

impl<E: Failure> fmt::Display for Stopped<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Stopped::Failed(e) => e.fmt(f),
            Stopped::Budget(b) => b.fmt(f),
            Stopped::Interrupted(i) => write!(f, "interrupted after {} {}", i.done, E::WORK),
        }
    }
}

impl<E: Failure + fmt::Debug> std::error::Error for Stopped<E> {}

impl<E> From<BudgetExceeded> for Stopped<E> {
    fn from(b: BudgetExceeded) -> Self {
        Stopped::Budget(b)
    }
}

impl<E> From<Interrupted> for Stopped<E> {
    fn from(i: Interrupted) -> Self {
        Stopped::Interrupted(i)
    }
}

/// A solver's own failure converts into its [`Stopped::Failed`] (so `?`
/// works on it), for every [`Failure`] alike.
impl<E: Failure> From<E> for Stopped<E> {
    fn from(e: E) -> Self {
        Stopped::Failed(e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{
        impartial::{GrundySolver, ImpartialRules, MisereSolver},
        nimber::Nimber,
        outcome::Outcome,
        partizan::{PartizanRules, PartizanSolver},
    };

    /// A heap from which one or two tokens are taken: `G(n) = n mod 3`, and
    /// `n + 1` states below a heap of `n`.
    struct Chain;

    impl ImpartialRules for Chain {
        type Position = u32;
        fn moves(&self, p: &u32, out: &mut Vec<u32>) {
            out.extend((1..=2).filter(|&k| k <= *p).map(|k| p - k));
        }
    }

    /// Both players take one token: the values alternate 0, *, 0, *, …
    struct PartizanChain;

    impl PartizanRules for PartizanChain {
        type Position = u32;
        fn left_moves(&self, p: &u32, out: &mut Vec<u32>) {
            out.extend(p.checked_sub(1));
        }
        fn right_moves(&self, p: &u32, out: &mut Vec<u32>) {
            out.extend(p.checked_sub(1));
        }
    }

    const N: u32 = 10_000;
    const BATCH: u64 = Ticker::BATCH as u64;

    #[test]
    fn grundy_solver_counts_and_stops() {
        let m = Monitor::new();
        let mut solver = GrundySolver::new(&Chain).with_monitor(&m);
        assert_eq!(solver.grundy(&N).unwrap(), Nimber(u64::from(N % 3)));
        assert_eq!(
            m.done(),
            solver.states() as u64,
            "the count is exact after a call"
        );
        assert_eq!(m.done(), u64::from(N) + 1);

        let m = Monitor::new();
        m.stop();
        let mut solver = GrundySolver::new(&Chain).with_monitor(&m);
        // Seen as the search descends (every 256 positions entered), before
        // the first batch of positions solved is counted.
        assert_eq!(
            solver.grundy(&N),
            Err(SearchError::Interrupted(Interrupted { done: 0 }))
        );
        // The memo holds only finished values: the search resumes correctly.
        m.reset();
        assert_eq!(solver.grundy(&N).unwrap(), Nimber(u64::from(N % 3)));
        // Without a monitor nothing stops it.
        assert_eq!(
            GrundySolver::new(&Chain).grundy(&N).unwrap(),
            Nimber(u64::from(N % 3))
        );
    }

    #[test]
    fn misere_solver_counts_and_stops() {
        // Misère: the heaps of 1 mod 3 are the P-positions.
        let m = Monitor::new();
        let mut solver = MisereSolver::new(&Chain).with_monitor(&m);
        assert_eq!(solver.outcome(&(3 * 3000 + 1)).unwrap(), Outcome::P);
        assert!(m.done() > 9000, "{}", m.done());
        m.reset();
        m.stop();
        let mut solver = MisereSolver::new(&Chain).with_monitor(&m);
        // Seen within 256 expansions of the search, before the first batch
        // of positions solved is counted.
        assert!(
            matches!(solver.outcome(&N), Err(SearchError::Interrupted(Interrupted { done })) if done <= BATCH),
            "not stopped at once"
        );
        m.reset();
        assert_eq!(solver.outcome(&N).unwrap(), Outcome::P);
        assert_eq!(solver.outcome(&(N + 1)).unwrap(), Outcome::N);
    }

    #[test]
    fn partizan_solver_counts_and_stops() {
        let m = Monitor::new();
        let mut solver = PartizanSolver::new(&PartizanChain).with_monitor(&m);
        let g = solver.value(&N).unwrap();
        assert_eq!(solver.store_mut().display(g), "0");
        assert_eq!(m.done(), u64::from(N) + 1);
        m.reset();
        m.stop();
        let mut solver = PartizanSolver::new(&PartizanChain).with_monitor(&m);
        // Seen as the search descends, before any position is solved.
        assert_eq!(
            solver.value(&(N + 1)),
            Err(SearchError::Interrupted(Interrupted { done: 0 }))
        );
        m.reset();
        let g = solver.value(&(N + 1)).unwrap();
        assert_eq!(solver.store_mut().display(g), "*");
    }

    #[test]
    fn ticker_reports_in_batches_and_stops() {
        let m = Monitor::new();
        let mut t = Ticker::new(Some(&m));
        for _ in 0..Ticker::BATCH - 1 {
            t.tick().unwrap();
        }
        assert_eq!(m.done(), 0, "nothing is reported before a batch is full");
        t.tick().unwrap();
        assert_eq!(m.done(), u64::from(Ticker::BATCH));
        t.tick().unwrap();
        t.flush().unwrap();
        assert_eq!(m.done(), u64::from(Ticker::BATCH) + 1);
        m.stop();
        assert_eq!(
            t.flush(),
            Err(Interrupted {
                done: u64::from(Ticker::BATCH) + 1
            })
        );
        m.reset();
        assert_eq!(
            (m.done(), m.total(), m.phase(), m.stop_requested()),
            (0, None, "", false)
        );
    }

    #[test]
    fn dag_count_counts_its_steps_and_stops() {
        use crate::graph_games::{DagCountError, count_dag_wins, count_dag_wins_with};
        // The complete DAG on 12 vertices: 3^12 steps, several batches.
        let n = 12u32;
        let edges: Vec<(u32, u32)> = (0..n).flat_map(|a| (a + 1..n).map(move |b| (a, b))).collect();
        let m = Monitor::new();
        let want = count_dag_wins(n as usize, &edges).unwrap();
        assert_eq!(count_dag_wins_with(n as usize, &edges, &m).unwrap(), want);
        assert_eq!(
            (m.phase(), m.total(), m.done()),
            ("counting", Some(3u64.pow(n)), 3u64.pow(n))
        );
        m.stop();
        match count_dag_wins_with(n as usize, &edges, &m) {
            Err(DagCountError::Interrupted(i)) => assert!(i.done >= 1 << 16 && i.done < 3u64.pow(n)),
            other => panic!("not interrupted: {other:?}"),
        }
    }

    #[test]
    fn exhaustive_preferences_count_nodes_and_stop() {
        use crate::{
            graph::DiGraph,
            loopy::{Ranking, solve_preferences_exhaustive, solve_preferences_exhaustive_with},
        };
        // Every vertex of an 8-cycle moves to the next two: many paths.
        let n = 8u32;
        let from: Vec<u32> = (0..n).flat_map(|v| [v, v]).collect();
        let to: Vec<u32> = (0..n).flat_map(|v| [(v + 1) % n, (v + 2) % n]).collect();
        let g = DiGraph::from_edges(n as usize, &from, &to).unwrap();
        let (a, b): (Ranking, Ranking) = ("wld".parse().unwrap(), "dlw".parse().unwrap());
        let want = solve_preferences_exhaustive(&g, a, b, 1 << 30).unwrap();
        let m = Monitor::new();
        assert_eq!(
            solve_preferences_exhaustive_with(&g, a, b, 1 << 30, &m).unwrap(),
            want
        );
        let nodes = m.done();
        assert!(nodes > 2 * BATCH, "{nodes}");
        // The budget counts the same nodes: one fewer is too few.
        let short = usize::try_from(nodes).unwrap() - 1;
        assert!(solve_preferences_exhaustive(&g, a, b, short).is_err());
        assert!(solve_preferences_exhaustive(&g, a, b, short + 1).is_ok());
        m.reset();
        m.stop();
        assert_eq!(
            solve_preferences_exhaustive_with(&g, a, b, 1 << 30, &m),
            Err(SearchError::Interrupted(Interrupted { done: BATCH }))
        );
    }

    /// The chain `i → i - 1` on `n` vertices, with vertex ids `id(i)`.
    fn chain(n: u32, id: impl Fn(u32) -> u32) -> crate::graph::DiGraph {
        let from: Vec<u32> = (1..n).map(&id).collect();
        let to: Vec<u32> = (1..n).map(|i| id(i - 1)).collect();
        crate::graph::DiGraph::from_edges(n as usize, &from, &to).unwrap()
    }

    #[test]
    fn grundy_dag_counts_vertices_and_stops() {
        use crate::impartial::{GrundyDagError, grundy_dag, grundy_dag_with};
        // Ids falling along the chain (one sweep), rising (the reverse sweep),
        // and scrambled (Kahn's topological order): the values alternate 0, 1.
        let orders: [&dyn Fn(u32) -> u32; 3] = [&|i| i, &|i| N - 1 - i, &|i| (i * 7919) % N];
        for id in orders {
            let g = chain(N, id);
            let want = grundy_dag(&g).unwrap();
            assert!((0..N).all(|i| want[id(i) as usize] == i % 2));
            let m = Monitor::new();
            assert_eq!(grundy_dag_with(&g, &m).unwrap(), want);
            assert_eq!(
                (m.phase(), m.total(), m.done()),
                ("valuing vertices", Some(u64::from(N)), u64::from(N))
            );
            m.stop();
            assert_eq!(
                grundy_dag_with(&g, &m),
                Err(GrundyDagError::Interrupted(Interrupted { done: BATCH }))
            );
        }
        // A cycle is still reported as one.
        let g = crate::graph::DiGraph::from_edges(2, &[0, 1], &[1, 0]).unwrap();
        assert!(matches!(
            grundy_dag_with(&g, &Monitor::new()),
            Err(GrundyDagError::Failed(_))
        ));
    }

    #[test]
    fn solve_graph_counts_edges_and_stops() {
        use crate::loopy::{SolveGraphError, Wld, solve_graph, solve_graph_with};
        // The chain i → i + 1 (vertex N - 1 terminal), plus a 2-cycle of
        // drawn vertices N and N + 1 that vertex 5000 can also move to.
        let mut from: Vec<u32> = (0..N - 1).collect();
        let mut to: Vec<u32> = (1..N).collect();
        from.extend([N, N + 1, 5000]);
        to.extend([N + 1, N, N]);
        let g = crate::graph::DiGraph::from_edges(N as usize + 2, &from, &to).unwrap();
        let edges = from.len() as u64;
        let want = solve_graph(&g, |_| Wld::Lose).unwrap();
        let m = Monitor::new();
        assert_eq!(solve_graph_with(&g, |_| Wld::Lose, &m).unwrap(), want);
        // Every edge but the three into the drawn vertices is followed back.
        assert_eq!(
            (m.phase(), m.total(), m.done()),
            ("deciding vertices", Some(edges), edges - 3)
        );
        m.stop();
        // The first block of vertices holds one batch of edges exactly.
        assert_eq!(
            solve_graph_with(&g, |_| Wld::Lose, &m),
            Err(SolveGraphError::Interrupted(Interrupted { done: BATCH }))
        );
        assert_eq!(m.phase(), "sorting edges by target");
        // Stopped in the later phases too.
        for (phase, at) in [("listing predecessors", 0), ("deciding vertices", 0)] {
            let m = Monitor::new();
            let watcher = &m;
            std::thread::scope(|s| {
                s.spawn(|| {
                    while watcher.phase() != phase {
                        std::hint::spin_loop();
                    }
                    watcher.stop();
                });
                // The phase may end before the stop lands: solve until stopped.
                while solve_graph_with(&g, |_| Wld::Lose, watcher).is_ok() {
                    watcher.start_phase("", None, at);
                }
            });
            assert!(m.done() <= edges);
        }
    }

    #[test]
    fn phases_carry_name_and_total() {
        let m = Monitor::new();
        m.start_phase("solving", Some(10), 3);
        m.add(2);
        assert_eq!((m.phase(), m.total(), m.done()), ("solving", Some(10), 5));
        // Without a monitor a ticker never stops.
        let mut t = Ticker::new(None);
        for _ in 0..3 * Ticker::BATCH {
            t.tick().unwrap();
        }
    }
}
