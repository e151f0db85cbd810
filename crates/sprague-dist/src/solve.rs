//! The retrograde solver on timely-dataflow: states partitioned by index
//! over all workers, one dataflow round per remoteness level.

use crate::cluster::{Cluster, connect};
use crate::error::DistError;
use sprague::loopy::{SpaceLimit, StateCell, StateSpace, StateTable, countdown};
use sprague::{Monitor, Wld};
use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::rc::Rc;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use timely::communication::allocator::GenericBuilder;
use timely::communication::allocator::zero_copy::bytes_slab::BytesRefill;
use timely::communication::allocator::zero_copy::initialize::initialize_networking_from_sockets;
use timely::communication::{Allocate, allocator::Process};
use timely::dataflow::ProbeHandle;
use timely::dataflow::operators::{Broadcast, Exchange, Input, Inspect, Probe};
use timely::worker::Worker;

// The cells are those of `StateTable::raw`: `StateCell`'s bits.
const MAX_REMOTENESS: u32 = StateCell::MAX_REMOTENESS;
/// Cells per block of a worker's cells, and per message when the table is
/// gathered on worker 0: 256 KiB, above the allocator's threshold for
/// mapping memory of its own, so that a block sent is returned to the
/// system at once.
const CHUNK: usize = 1 << 17;

// Flags of the per-round count messages: every worker sees the same sum and
// so stops at the same round.
const FLAG_OVERFLOW: u64 = 1;
const FLAG_MOVES: u64 = 2;
const FLAG_STOP: u64 = 4;

/// Retrograde solver for a [`StateSpace`] on timely-dataflow, over the
/// worker threads and processes of a [`Cluster`], with results identical to
/// [`sprague::StateSpaceSolver`] (the same packed table).
///
/// State `s` belongs to worker `s mod W` (W workers in all), which keeps its
/// 2-byte cell (the packing of [`StateTable::raw`]). Round 0 counts every
/// state's moves; a space without un-moves also sends each edge `(child,
/// parent)` to the child's owner there, which keeps them as predecessor lists.
/// Round `r + 1` takes the states decided at remoteness `r` (a list per
/// level) and sends one "child resolved" message (parent, child lost?) per
/// predecessor to the parent's owner, which decides the parent at `r + 1`
/// (a lost child makes a win; the last won child a loss). A worker resolves
/// the parents it owns itself at once, and batches the messages for each
/// other worker (4,096 to a timely record). A round is sent in steps of 8
/// batches, and a worker waits before its step `k` until every worker has
/// applied all messages of steps up to `k - 4` (flow control: a fast sender
/// cannot pile batches up at a slow receiver). Every round ends
/// when timely's progress tracking says that all its messages are applied;
/// the solve ends at the first level that decides nothing anywhere.
///
/// Time O(N + E) work in all plus one round per level (latency L × round
/// trip), and a scan of the owned cells for each level too large to list;
/// memory per worker: 2 bytes per owned state, the decided lists (at most
/// 1/4 byte per state, see [`DistOptions::min_listed`]), at most 40 batches
/// in flight (1.3 MB), and (without un-moves) 16 bytes per edge into owned states. A
/// one-process cluster writes the table in place (no second copy).
pub struct DistSolver {
    cluster: Cluster,
    options: DistOptions,
}

/// What a distributed solve may do besides where it runs: its budget, its
/// rule for a state without moves, and the knobs that tests and benchmarks
/// turn. [`DistOptions::default()`] is what [`DistSolver::new`] uses; set
/// single fields with struct update syntax:
///
/// ```
/// use sprague_dist::DistOptions;
/// let misere = DistOptions { misere: true, ..DistOptions::default() };
/// assert!(misere.gather);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct DistOptions {
    /// Refuses spaces with more than this many indices (default: no limit).
    pub max_states: usize,
    /// A state that is not over and has no moves is a win for the player to
    /// move (default: a loss).
    pub misere: bool,
    /// Polled for a stop (once per round and per 4096 states), and counts
    /// the decided states (default: none).
    pub monitor: Option<&'static Monitor>,
    /// Whether process 0 collects the whole table (default); without it the
    /// solve returns `None` everywhere (for benchmarks of the solve alone).
    pub gather: bool,
    /// For fault tests: this process's workers stop answering (sleep for
    /// ever) when this round starts, as a hung or dying peer would; the test
    /// then kills the process and checks that the others stop.
    pub pause_at_round: Option<u32>,
    /// Most states a worker lists per remoteness level is one in 64 of its
    /// states, but at least this many (default 1024); past it the level is
    /// found again by a scan of the worker's cells (O(its states)), so the
    /// two lists alive at a time cost at most 1/4 byte per state. Lower
    /// values save memory on small spaces and exercise the scan in tests.
    pub min_listed: usize,
    /// "Child resolved" messages per batch sent to another worker (default
    /// 4096; 0 is read as 1). A worker sends 8 batches a step and runs at
    /// most 4 steps ahead of the slowest worker, so this bounds the messages
    /// in flight; small values exercise the flow control in tests.
    pub batch_size: usize,
    /// A fingerprint of the input being solved (the contents of a graph
    /// file, say: see [`GraphSpace::fingerprint`](crate::GraphSpace::fingerprint)),
    /// mixed into the handshake between processes, so that processes given
    /// inputs of the same size but different contents refuse to solve
    /// together instead of mixing their shares into a wrong table
    /// (default 0).
    pub input_fingerprint: u64,
}

impl Default for DistOptions {
    fn default() -> Self {
        DistOptions {
            max_states: usize::MAX,
            misere: false,
            monitor: None,
            gather: true,
            pause_at_round: None,
            min_listed: MIN_LISTED,
            batch_size: BATCH,
            input_fingerprint: 0,
        }
    }
}

impl DistSolver {
    /// A solver over `cluster` with the default options: no state budget,
    /// normal play, the table gathered on process 0.
    #[must_use]
    pub fn new(cluster: Cluster) -> Self {
        Self::with_options(cluster, DistOptions::default())
    }

    /// A solver over `cluster` with `options`.
    #[must_use]
    pub fn with_options(cluster: Cluster, options: DistOptions) -> Self {
        DistSolver { cluster, options }
    }

    /// Solves `space`; `name` names the game for the handshake between
    /// processes (all must solve the same space). Returns the whole table on
    /// process 0 (when gathering) and `None` on the others.
    ///
    /// # Errors
    /// [`DistError`]: configuration, connection, a lost peer, the budget, a
    /// stop, or a space the packed cells cannot hold.
    pub fn solve<S>(&self, space: Arc<S>, name: &str) -> Result<Option<StateTable>, DistError>
    where
        S: StateSpace + Send + Sync + 'static,
    {
        self.solve_shared(space, name)
    }

    /// [`DistSolver::solve`] behind one virtual call a listed state: the
    /// dataflow (timely's operators, channels and workers) is compiled once,
    /// here, instead of once for each game type in every crate that solves
    /// one. A call of `moves` costs nothing next to the messages it sends.
    fn solve_shared(
        &self,
        space: Arc<dyn StateSpace + Send + Sync>,
        name: &str,
    ) -> Result<Option<StateTable>, DistError> {
        self.cluster.check()?;
        let n = space.state_count();
        let options = self.options;
        if n > options.max_states as u64 {
            return Err(DistError::Budget {
                max_states: options.max_states,
                states: n,
            });
        }
        let refill = BytesRefill {
            logic: Arc::new(|size| Box::new(vec![0_u8; size]) as Box<dyn std::ops::DerefMut<Target = [u8]>>),
            limit: None,
        };
        let mut comms = None;
        let builders: Vec<GenericBuilder> = if self.cluster.processes == 1 {
            use timely::communication::allocator::PeerBuilder;
            Process::new_vector(self.cluster.workers, refill)
                .into_iter()
                .map(GenericBuilder::Process)
                .collect()
        } else {
            let fingerprint = fingerprint(name, n, options.misere, options.input_fingerprint);
            let sockets = connect(&self.cluster, fingerprint)?;
            let (builders, guard) = initialize_networking_from_sockets::<_, Process>(
                sockets,
                self.cluster.process,
                self.cluster.workers,
                refill,
                Arc::new(|_| None),
            )
            .map_err(|e| DistError::Connect(format!("starting the network threads: {e}")))?;
            comms = Some(guard);
            builders.into_iter().map(GenericBuilder::ZeroCopy).collect()
        };
        let errors: Arc<Mutex<Vec<DistError>>> = Arc::new(Mutex::new(Vec::new()));
        let errs = Arc::clone(&errors);
        // One process: the workers write the table in place, each block of
        // cells freed once copied, so the table and the cells never hold a
        // state twice. (Zeroed pages cost nothing until written.)
        let shared = (self.cluster.processes == 1 && options.gather)
            .then(|| Arc::new(Mutex::new(vec![0u16; n as usize])));
        let job = Job {
            options: DistOptions {
                batch_size: options.batch_size.max(1),
                ..options
            },
            shared: shared.clone(),
        };
        let guards = timely::execute::execute_from(
            builders,
            Box::new(()),
            timely::WorkerConfig::default(),
            move |worker| {
                let me = worker.index();
                let result = catch_unwind(AssertUnwindSafe(|| job.run(worker, &*space)));
                match result {
                    Ok(Ok(table)) => table,
                    Ok(Err(e)) => {
                        push(&errs, e);
                        None
                    }
                    Err(panic) => {
                        let text = panic_text(&panic);
                        push(
                            &errs,
                            if text.contains("timely communication error")
                                || text.contains("MergeQueue poisoned")
                            {
                                DistError::PeerLost(text)
                            } else {
                                DistError::Worker(format!("worker {me} failed: {text}"))
                            },
                        );
                        None
                    }
                }
            },
        )
        .map_err(DistError::Worker)?;
        let mut table = None;
        for r in guards.join() {
            match r {
                Ok(Some(t)) => table = Some(t),
                Ok(None) => {}
                Err(e) => push(&errors, DistError::Worker(e)),
            }
        }
        let first = errors.lock().ok().and_then(|mut e| {
            // A lost peer explains the other failures it causes.
            e.retain(|x| *x != DistError::Worker(String::new()));
            e.sort_by_key(|x| !matches!(x, DistError::PeerLost(_)));
            e.drain(..).next()
        });
        if let Some(e) = first {
            // The network threads may wait on a dead peer: leave them to the
            // end of the process instead of joining them.
            std::mem::forget(comms);
            return Err(e);
        }
        drop(comms);
        if let Some(shared) = shared {
            let cells = match Arc::try_unwrap(shared) {
                Ok(m) => m
                    .into_inner()
                    .map_err(|_| DistError::Worker("a worker failed while writing the table".to_string()))?,
                Err(_) => {
                    return Err(DistError::Worker(
                        "the table is still shared after the solve".to_string(),
                    ));
                }
            };
            return Ok(Some(StateTable::from_raw(cells)));
        }
        Ok(table.map(StateTable::from_raw))
    }
}

fn push(errors: &Mutex<Vec<DistError>>, e: DistError) {
    if let Ok(mut v) = errors.lock() {
        v.push(e);
    }
}

fn panic_text(p: &Box<dyn std::any::Any + Send>) -> String {
    if let Some(s) = p.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = p.downcast_ref::<String>() {
        s.clone()
    } else {
        "a worker panicked".to_string()
    }
}

/// FNV-1a of the game's name, size, play convention and input digest.
fn fingerprint(name: &str, n: u64, misere: bool, input: u64) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in name
        .bytes()
        .chain(n.to_le_bytes())
        .chain([u8::from(misere)])
        .chain(input.to_le_bytes())
    {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// What every worker needs to know about the solve.
#[derive(Clone)]
struct Job {
    /// The solve's options, with a batch size of at least 1.
    options: DistOptions,
    /// The table every worker of a one-process cluster writes its cells
    /// into at the end (instead of sending them to worker 0).
    shared: Option<Arc<Mutex<Vec<u16>>>>,
}

/// The cells of a worker's states, by local index `s / W`, in blocks of
/// [`CHUNK`]: the gather moves them out block by block, so the table being
/// gathered and the cells not yet sent never hold a state twice.
struct Cells {
    blocks: Vec<Vec<u16>>,
}

impl Cells {
    fn new(len: usize) -> Self {
        let blocks = (0..len.div_ceil(CHUNK))
            .map(|b| vec![0; CHUNK.min(len - b * CHUNK)])
            .collect();
        Cells { blocks }
    }

    #[inline]
    fn get(&self, local: usize) -> u16 {
        self.blocks[local / CHUNK][local % CHUNK]
    }

    #[inline]
    fn set(&mut self, local: usize, cell: u16) {
        self.blocks[local / CHUNK][local % CHUNK] = cell;
    }
}

/// Owned states decided at one remoteness, not yet sent on: listed while
/// few, else counted and found again by a scan of the cells (which hold
/// each decided state's remoteness), so that the lists never cost more than
/// [`LIST_SHARE`] of the cells.
enum Level {
    Listed(Vec<u64>),
    Scan(u64),
}

impl Level {
    fn len(&self) -> u64 {
        match self {
            Level::Listed(v) => v.len() as u64,
            Level::Scan(n) => *n,
        }
    }
}

/// A level's list is dropped for a scan past one state in this many owned
/// (but never below [`DistOptions::min_listed`]).
const LIST_SHARE: usize = 64;
/// The default of [`DistOptions::min_listed`].
const MIN_LISTED: usize = 1024;

/// A worker's part of the solve.
struct Part {
    /// Cells of the owned states.
    cells: Cells,
    /// Most states listed per level (see [`Level`]).
    list_limit: usize,
    /// Owned states decided at each remoteness not yet sent on.
    levels: BTreeMap<u32, Level>,
    /// Predecessor edges `(local child, parent)` (spaces without un-moves).
    pairs: Vec<(u64, u64)>,
    /// A remoteness past the packed limit was reached.
    overflow: bool,
}

/// "Child resolved" messages per batch sent to another worker (default of
/// [`DistOptions::batch_size`]).
const BATCH: usize = 4096;
/// Batches a worker sends in one step of a level (see [`at`]).
const STEP_BATCHES: u32 = 8;
/// Steps a worker may run ahead of the last one every worker has applied:
/// what one worker has in flight is at most `(AHEAD + 1) × STEP_BATCHES`
/// batches (1.3 MB).
const AHEAD: u32 = 4;

/// The dataflow time of step `step` of round `round`. A round is one
/// remoteness level; its steps give the flow control: a worker that has
/// sent step `k` waits until every worker has applied all messages of steps
/// up to `k - AHEAD` before it sends more, so that a fast sender cannot
/// pile batches up at a slow receiver.
const fn at(round: u32, step: u32) -> u64 {
    (round as u64) << 32 | step as u64
}

/// The round of a dataflow time.
const fn round_of(t: u64) -> u32 {
    (t >> 32) as u32
}
/// Messages to this worker's own states resolved in one run.
const LOCAL_RUN: usize = 1024;

impl Part {
    /// Applies one "child resolved" message of round `t` (from a child
    /// decided at remoteness `t - 1`) to the owned parent `local`: a lost
    /// child decides it won at `t`, the last won child lost at `t`. The
    /// order of the messages within a round does not matter. O(1).
    #[inline]
    fn resolve(&mut self, t: u32, local: usize, child_lost: bool) {
        let cu = StateCell::from_bits(self.cells.get(local));
        if cu.is_decided() {
            return;
        }
        if t > MAX_REMOTENESS {
            self.overflow = true;
            return;
        }
        let Some(new) = countdown(cu, child_lost, t) else {
            return;
        };
        self.cells.set(local, new.bits());
        if new.is_decided() {
            self.list(t, local);
        }
    }

    /// Lists `local` as decided at remoteness `t` (or leaves it to the scan).
    #[inline(never)]
    fn list(&mut self, t: u32, local: usize) {
        let limit = self.list_limit;
        let level = self.levels.entry(t).or_insert_with(|| Level::Listed(Vec::new()));
        match level {
            Level::Listed(v) if v.len() < limit => v.push(local as u64),
            Level::Listed(v) => *level = Level::Scan(v.len() as u64 + 1),
            Level::Scan(n) => *n += 1,
        }
    }
}

impl Job {
    #[allow(clippy::too_many_lines)]
    fn run<A: Allocate, S: StateSpace + ?Sized>(
        &self,
        worker: &mut Worker<A>,
        space: &S,
    ) -> Result<Option<Vec<u16>>, DistError> {
        let peers = worker.peers() as u64;
        let me = worker.index() as u64;
        let n = space.state_count();
        let owned = if n > me { (n - me).div_ceil(peers) } else { 0 };
        let part = Rc::new(RefCell::new(Part {
            cells: Cells::new(owned as usize),
            list_limit: (owned as usize / LIST_SHARE).max(self.options.min_listed),
            levels: BTreeMap::new(),
            pairs: Vec::new(),
            overflow: false,
        }));
        let counts: Rc<RefCell<HashMap<u64, (u64, u64)>>> = Rc::new(RefCell::new(HashMap::new()));
        let gathered: Rc<RefCell<Vec<u16>>> = Rc::new(RefCell::new(Vec::new()));
        let probe = ProbeHandle::new();
        // The messages alone, and the gathered cells alone: their steps (see
        // `at`) advance while the other inputs stay at the round's start.
        let msg_probe = ProbeHandle::new();
        let gather_probe = ProbeHandle::new();
        let (mut edges, mut msgs, mut tally, mut gather) = worker.dataflow::<u64, _, _>(|scope| {
            let (edges, edge_stream) = scope.new_input::<(u64, u64)>();
            let p = Rc::clone(&part);
            edge_stream
                .exchange(move |&(c, _)| c % peers)
                .inspect(move |&(c, parent)| p.borrow_mut().pairs.push((c / peers, parent)))
                .probe_with(&probe);
            let (msgs, msg_stream) = scope.new_input::<(u64, Vec<u64>)>();
            let p = Rc::clone(&part);
            msg_stream
                .exchange(move |&(dest, _)| dest)
                .inspect_time(move |&t, (_, batch): &(u64, Vec<u64>)| {
                    let mut part = p.borrow_mut();
                    for &m in batch {
                        part.resolve(round_of(t), ((m >> 1) / peers) as usize, m & 1 == 1);
                    }
                })
                .probe_with(&probe)
                .probe_with(&msg_probe);
            let (tally, tally_stream) = scope.new_input::<(u64, u64)>();
            let c = Rc::clone(&counts);
            tally_stream
                .broadcast()
                .inspect_time(move |&t, &(k, f)| {
                    let mut c = c.borrow_mut();
                    let e = c.entry(t).or_insert((0, 0));
                    e.0 += k;
                    e.1 |= f;
                })
                .probe_with(&probe);
            let (gather, gather_stream) = scope.new_input::<(u64, u64, Vec<u16>)>();
            let g = Rc::clone(&gathered);
            gather_stream
                .exchange(|_| 0)
                .inspect(move |(w, lo, cells): &(u64, u64, Vec<u16>)| {
                    let mut g = g.borrow_mut();
                    for (k, &c) in cells.iter().enumerate() {
                        let s = (lo + k as u64) * peers + w;
                        g[s as usize] = c;
                    }
                })
                .probe_with(&probe)
                .probe_with(&gather_probe);
            (edges, msgs, tally, gather)
        });
        if me == 0 && self.options.gather && self.shared.is_none() {
            *gathered.borrow_mut() = vec![0; n as usize];
        }
        let unmoves = space.has_unmoves();
        let no_moves = StateCell::terminal(if self.options.misere { Wld::Win } else { Wld::Lose });
        // Round 0: every owned state's cell; edges to their children's owners.
        let mut flags = 0;
        let mut too_many = None;
        {
            let mut buf = Vec::new();
            let mut blocks = std::mem::take(&mut part.borrow_mut().cells.blocks);
            for local in 0..owned as usize {
                let s = local as u64 * peers + me;
                if local % 4096 == 0
                    && let Some(m) = self.options.monitor
                    && m.check().is_err()
                {
                    flags |= FLAG_STOP;
                    break;
                }
                let cell = if !space.is_state(s) {
                    StateCell::NOT_STATE
                } else {
                    match space.terminal(s) {
                        Some(w) => StateCell::terminal(w),
                        None => {
                            buf.clear();
                            space.moves(s, &mut buf);
                            if buf.len() > StateCell::MAX_COUNT {
                                flags |= FLAG_MOVES;
                                too_many = Some(SpaceLimit::TooManyMoves {
                                    state: s,
                                    moves: buf.len(),
                                });
                                StateCell::undecided(0)
                            } else if buf.is_empty() {
                                no_moves
                            } else {
                                if !unmoves {
                                    for &t in &buf {
                                        edges.send((t, s));
                                    }
                                    if local % 4096 == 4095 {
                                        worker.step();
                                    }
                                }
                                StateCell::undecided(buf.len() as u16)
                            }
                        }
                    }
                };
                blocks[local / CHUNK][local % CHUNK] = cell.bits();
                // Level 0, listed while few (see `Level`); the cells are out
                // of `part` meanwhile, the lists are not.
                if cell.is_decided_at(0) {
                    part.borrow_mut().list(0, local);
                }
            }
            part.borrow_mut().cells.blocks = blocks;
        }
        tally.send((0, flags));
        let mut round = 0u32;
        let advance =
            |round: u32,
             worker: &mut Worker<A>,
             edges: &mut timely::dataflow::InputHandle<u64, (u64, u64)>,
             msgs: &mut timely::dataflow::InputHandle<u64, (u64, Vec<u64>)>,
             tally: &mut timely::dataflow::InputHandle<u64, (u64, u64)>,
             gather: &mut timely::dataflow::InputHandle<u64, (u64, u64, Vec<u16>)>| {
                let next = at(round + 1, 0);
                edges.advance_to(next);
                msgs.advance_to(next);
                tally.advance_to(next);
                gather.advance_to(next);
                while probe.less_than(&next) {
                    worker.step_or_park(Some(Duration::from_millis(50)));
                }
                counts.borrow_mut().remove(&at(round, 0)).unwrap_or((0, 0))
            };
        let (_, f) = advance(round, worker, &mut edges, &mut msgs, &mut tally, &mut gather);
        check_flags(f, too_many)?;
        // Predecessor lists of the owned states (without un-moves).
        let (offsets, sources) = if unmoves {
            (Vec::new(), Vec::new())
        } else {
            let mut pairs = std::mem::take(&mut part.borrow_mut().pairs);
            pairs.sort_unstable();
            let mut offsets = vec![0u64; owned as usize + 1];
            for &(c, _) in &pairs {
                offsets[c as usize + 1] += 1;
            }
            for i in 0..owned as usize {
                offsets[i + 1] += offsets[i];
            }
            (offsets, pairs.into_iter().map(|(_, p)| p).collect::<Vec<u64>>())
        };
        // Rounds 1, 2, …: the states decided at remoteness `round - 1` tell
        // their parents.
        let mut buf = Vec::new();
        let mut outgoing: Vec<Vec<u64>> = (0..peers).map(|_| Vec::new()).collect();
        let mut local_msgs: Vec<u64> = Vec::with_capacity(LOCAL_RUN + 64);
        loop {
            let level = round;
            round += 1;
            if self.options.pause_at_round == Some(round) {
                loop {
                    std::thread::sleep(Duration::from_secs(3600));
                }
            }
            let frontier = part
                .borrow_mut()
                .levels
                .remove(&level)
                .unwrap_or(Level::Listed(Vec::new()));
            let count = frontier.len();
            let mut flags = 0;
            if let Some(m) = self.options.monitor {
                if m.check().is_err() {
                    flags |= FLAG_STOP;
                }
                m.add(count);
            }
            // As the one-thread solver: states decided at the last level the
            // cells hold may decide others beyond it.
            if part.borrow().overflow || (level == MAX_REMOTENESS && count > 0) {
                flags |= FLAG_OVERFLOW;
            }
            tally.send((count, flags));
            if flags == 0 {
                // The level's states: its list, or a scan of the cells for
                // those decided at this remoteness (cells not decided, not
                // states or fixed draws never match: their low bits exceed
                // MAX_REMOTENESS). Parents owned here are resolved at once;
                // the others' are batched per owner, a batch one timely
                // record, flushed at once so that batches never pile up.
                let (list, scan) = match frontier {
                    Level::Listed(v) => (v, false),
                    Level::Scan(_) => (Vec::new(), true),
                };
                let end = if scan { owned } else { list.len() as u64 };
                let mut part_ref = part.borrow_mut();
                let mut batches = 0usize;
                let mut step = 0u32;
                for i in 0..end {
                    let local = if scan {
                        if !StateCell::from_bits(part_ref.cells.get(i as usize)).is_decided_at(level) {
                            continue;
                        }
                        i
                    } else {
                        list[i as usize]
                    };
                    let lost = StateCell::from_bits(part_ref.cells.get(local as usize))
                        .decided_at()
                        .is_some_and(|(lost, _)| lost);
                    let bit = u64::from(lost);
                    let parents: &[u64] = if unmoves {
                        buf.clear();
                        space.unmoves(local * peers + me, &mut buf);
                        &buf
                    } else {
                        let l = local as usize;
                        &sources[offsets[l] as usize..offsets[l + 1] as usize]
                    };
                    for &u in parents {
                        let owner = u % peers;
                        if owner == me {
                            local_msgs.push(u << 1 | bit);
                        } else {
                            let b = &mut outgoing[owner as usize];
                            b.push(u << 1 | bit);
                            if b.len() >= self.options.batch_size {
                                msgs.send((
                                    owner,
                                    std::mem::replace(b, Vec::with_capacity(self.options.batch_size)),
                                ));
                                msgs.flush();
                                batches += 1;
                            }
                        }
                    }
                    // Own parents are resolved in runs: a tight loop of
                    // independent cell reads overlaps their cache misses.
                    if local_msgs.len() >= LOCAL_RUN {
                        for &m in &local_msgs {
                            part_ref.resolve(round, ((m >> 1) / peers) as usize, m & 1 == 1);
                        }
                        local_msgs.clear();
                    }
                    // Let the batches flow (and arrive) while a large level
                    // is sent, and wait for the slowest worker (see `at`).
                    if batches >= STEP_BATCHES as usize {
                        batches = 0;
                        drop(part_ref);
                        step += 1;
                        msgs.advance_to(at(round, step));
                        worker.step();
                        while step >= AHEAD && msg_probe.less_equal(&at(round, step - AHEAD)) {
                            worker.step_or_park(Some(Duration::from_millis(1)));
                        }
                        part_ref = part.borrow_mut();
                    }
                }
                for &m in &local_msgs {
                    part_ref.resolve(round, ((m >> 1) / peers) as usize, m & 1 == 1);
                }
                local_msgs.clear();
                drop(part_ref);
                for (owner, b) in outgoing.iter_mut().enumerate() {
                    if !b.is_empty() {
                        msgs.send((owner as u64, std::mem::take(b)));
                    }
                }
            }
            let (total, f) = advance(round, worker, &mut edges, &mut msgs, &mut tally, &mut gather);
            check_flags(f, too_many)?;
            if total == 0 {
                break;
            }
        }
        if !self.options.gather {
            return Ok(None);
        }
        if let Some(shared) = &self.shared {
            let blocks = std::mem::take(&mut part.borrow_mut().cells.blocks);
            for (k, block) in blocks.into_iter().enumerate() {
                let mut t = shared.lock().map_err(|_| {
                    DistError::Worker("another worker failed while writing the table".to_string())
                })?;
                for (i, &c) in block.iter().enumerate() {
                    t[((k * CHUNK + i) as u64 * peers + me) as usize] = c;
                }
            }
            return Ok(None);
        }
        // The last round: every worker's cells to worker 0, each block moved
        // out as it is sent, at most `AHEAD` blocks a worker in flight.
        round += 1;
        {
            let blocks = std::mem::take(&mut part.borrow_mut().cells.blocks);
            for (k, block) in (1u32..).zip(blocks) {
                gather.send((me, u64::from(k - 1) * CHUNK as u64, block));
                gather.advance_to(at(round, k));
                worker.step();
                while k >= AHEAD && gather_probe.less_equal(&at(round, k - AHEAD)) {
                    worker.step_or_park(Some(Duration::from_millis(1)));
                }
            }
        }
        let _ = advance(round, worker, &mut edges, &mut msgs, &mut tally, &mut gather);
        Ok((me == 0).then(|| std::mem::take(&mut *gathered.borrow_mut())))
    }
}

/// The error every worker stops with at the same round when a flag is set;
/// only the worker that found a state with too many moves names it (the
/// others stop with an empty message, which is not reported).
fn check_flags(f: u64, too_many: Option<SpaceLimit>) -> Result<(), DistError> {
    if f & FLAG_STOP != 0 {
        Err(DistError::Interrupted)
    } else if f & FLAG_MOVES != 0 {
        Err(too_many.map_or(DistError::Worker(String::new()), DistError::Limit))
    } else if f & FLAG_OVERFLOW != 0 {
        Err(DistError::Limit(SpaceLimit::RemotenessOverflow))
    } else {
        Ok(())
    }
}
