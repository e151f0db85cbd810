//! `sprague solve --workers N [--processes P --process I --hosts FILE]`: the
//! distributed solver of `sprague-dist` for state spaces and graph files.
//! Process 0 prints the results; the others print nothing and exit 0.

use crate::error::{CliError, CliResult, QUIET};
use sprague::loopy::{StateSpace, StateTable};
use sprague_dist::{Cluster, DistError, DistOptions, DistSolver};
use std::sync::Arc;
use std::time::Duration;

/// The flags of a distributed solve.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct DistArgs {
    /// Solve on timely-dataflow with N worker threads per process (results
    /// are identical to the one-thread solve), 1 to 256.
    #[arg(long, value_name = "N")]
    pub workers: Option<usize>,
    /// Number of processes of a distributed solve (each runs the same
    /// command with its own --process index).
    #[arg(long, value_name = "P", requires = "hosts")]
    pub processes: Option<usize>,
    /// This process's index among --processes, from 0 (process 0 prints the results).
    #[arg(long, value_name = "I", requires = "processes")]
    pub process: Option<usize>,
    /// Addresses of the processes: one HOST:PORT per line, in process order.
    #[arg(long, value_name = "FILE", requires = "processes")]
    pub hosts: Option<String>,
    /// Seconds to wait for the other processes to connect.
    #[arg(long, value_name = "SECS", default_value_t = 60, requires = "processes")]
    pub connect_timeout: u64,
}

impl DistArgs {
    /// Whether a distributed solve was asked for.
    pub fn active(&self) -> bool {
        self.workers.is_some() || self.processes.is_some()
    }

    fn cluster(&self) -> CliResult<Cluster> {
        let workers = self.workers.unwrap_or(1);
        let processes = self.processes.unwrap_or(1);
        let process = self.process.unwrap_or(0);
        let hosts = match &self.hosts {
            Some(path) if processes > 1 || process > 0 => {
                // Read within a small limit: `/dev/zero` is refused, not read
                // to exhaustion.
                let text = sprague_cli::input::read::read_text(
                    path,
                    "the hosts file",
                    Some(sprague_cli::input::read::MAX_HOSTS),
                )?;
                sprague_dist::parse_hosts(&text, path).map_err(dist_error)?
            }
            _ => Vec::new(),
        };
        let cluster = Cluster::processes(workers, processes, process, hosts)
            .connect_timeout(Duration::from_secs(self.connect_timeout));
        cluster.check().map_err(|e| match (e, &self.hosts) {
            // A hosts list of the wrong length: name its file.
            (DistError::Config(m), Some(path)) if m.starts_with("the hosts list") => {
                dist_error(DistError::Config(format!("{m} (hosts file `{path}`)")))
            }
            (e, _) => dist_error(e),
        })?;
        Ok(cluster)
    }
}

/// A distributed-solve error as a one-line CLI error (exit 2; 130 for a stop).
fn dist_error(e: DistError) -> CliError {
    match e {
        DistError::Interrupted => CliError {
            code: crate::error::INTERRUPTED,
            message: "interrupted".to_string(),
        },
        DistError::Budget { max_states, .. } => sprague::BudgetExceeded { max_states }.into(),
        other => CliError::input(other.to_string()),
    }
}

/// Solves `space` over the cluster the flags describe: the table on
/// process 0; on the others an error that ends the process quietly (exit
/// 0) once their share is done. `name` and `input` (a digest of the input
/// read: a graph file's edges, a board) go into the handshake, so that
/// processes given different inputs refuse to solve together.
pub fn solve<S>(
    space: S,
    name: &str,
    input: u64,
    args: &DistArgs,
    misere: bool,
    max_states: usize,
) -> CliResult<StateTable>
where
    S: StateSpace + Send + Sync + 'static,
{
    let cluster = args.cluster()?;
    // The network threads of timely end a lost connection with a panic; the
    // solver turns it into an error, which is reported as one line.
    // Other threads' panics (bugs) still reach the usual hook: the quiet
    // hook never hides them.
    let hook: std::sync::Arc<dyn Fn(&std::panic::PanicHookInfo<'_>) + Send + Sync> =
        std::sync::Arc::from(std::panic::take_hook());
    let usual = std::sync::Arc::clone(&hook);
    std::panic::set_hook(Box::new(move |info| {
        if !note_lost_peer(info) {
            usual(info);
        }
    }));
    let options = DistOptions {
        misere,
        max_states,
        input_fingerprint: input,
        monitor: Some(crate::progress::monitor()),
        // Fault tests make a process hang mid-solve, then kill it.
        pause_at_round: std::env::var("SPRAGUE_DIST_PAUSE_AT_ROUND")
            .ok()
            .and_then(|v| v.parse().ok()),
        ..DistOptions::default()
    };
    let result = DistSolver::with_options(cluster, options).solve(Arc::new(space), name);
    match result {
        Ok(Some(table)) => {
            std::panic::set_hook(Box::new(move |info| hook(info)));
            Ok(table)
        }
        // The hook stays quiet: network threads may still be ending.
        Ok(None) => Err(CliError {
            code: QUIET,
            message: "the results are printed by process 0".to_string(),
        }),
        Err(DistError::Connect(m)) => {
            // Most failures to connect come from the addresses: name their file.
            let m = match &args.hosts {
                Some(path) => format!("{m} (addresses from the hosts file `{path}`)"),
                None => m,
            };
            Err(dist_error(DistError::Connect(m)))
        }
        Err(DistError::PeerLost(m)) => {
            // Name the process whose connection broke, when its network
            // thread said so.
            let peer = LOST_PEER.lock().ok().and_then(|p| p.clone());
            Err(dist_error(DistError::PeerLost(match peer {
                Some((process, why)) => format!("process {process} of the hosts list: {why}"),
                None => m,
            })))
        }
        Err(e) => Err(dist_error(e)),
    }
}

/// FNV-1a of `bytes`: the digest of an input read whole (a board picture).
pub fn digest(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325_u64, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The first process whose connection broke (its index in the hosts list)
/// and why, from the panic of its network thread.
static LOST_PEER: std::sync::Mutex<Option<(usize, String)>> = std::sync::Mutex::new(None);

/// The quiet panic hook of a distributed solve: timely's network threads
/// (named `timely:recv-P` and `timely:send-P` for the connection to process
/// P) end a broken connection with a panic, whose peer and cause are kept for
/// the one-line error.
///
/// Returns whether the panic was one of timely's threads' (network or
/// worker threads, whose failures the solver reports as one line), and so
/// kept quiet.
fn note_lost_peer(info: &std::panic::PanicHookInfo<'_>) -> bool {
    let thread = std::thread::current();
    if !thread.name().is_some_and(|n| n.starts_with("timely:")) {
        return false;
    }
    let Some(peer) = thread
        .name()
        .and_then(|n| {
            n.strip_prefix("timely:recv-")
                .or_else(|| n.strip_prefix("timely:send-"))
        })
        .and_then(|p| p.parse::<usize>().ok())
    else {
        return true;
    };
    let payload = info.payload();
    let text = payload
        .downcast_ref::<&str>()
        .map(|s| (*s).to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_default();
    let why = text
        .strip_prefix("timely communication error: ")
        .unwrap_or(&text)
        .to_string();
    if let Ok(mut slot) = LOST_PEER.lock() {
        slot.get_or_insert((peer, why));
    }
    true
}

/// `solve FILE --workers N`: the graph file's win/lose/draw table, solved
/// distributed (remoteness up to the packed limit of the state-space cells).
pub fn graph(
    g: &crate::input::state_graph::StateGraph,
    dist: &DistArgs,
    misere: bool,
) -> CliResult<sprague::loopy::WldTable> {
    let space = sprague_dist::GraphSpace {
        graph: g.graph.clone(),
        outcomes: g.outcomes.clone(),
    };
    let n = space.state_count();
    // Two processes given graph files of the same size but other edges or
    // outcomes must not solve together: the graph's digest is compared.
    let input = space.fingerprint();
    let table = solve(space, "graph file", input, dist, misere, usize::MAX)?;
    Ok(sprague::loopy::WldTable::from_values((0..n).map(|s| {
        table.get(s).unwrap_or(sprague::loopy::SolvedValue::DRAW)
    })))
}
