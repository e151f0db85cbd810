//! One solve per run, so that `/usr/bin/time -v` sees its CPU time and peak
//! memory alone: `bench-dist core N` (the in-memory solver, one thread) or
//! `bench-dist timely N W` (sprague-dist, one process of W workers, the
//! table gathered), or `bench-dist process N W I HOST,HOST` (process I of a
//! loopback cluster of W workers a process, the table gathered on process
//! 0), on an implicit space of 2^N states and 8 moves each.

use sprague::loopy::{StateSpace, StateSpaceSolver};
use sprague_dist::{Cluster, DistSolver};
use std::sync::Arc;
use std::time::Instant;

/// State `s` moves to `(A·s + C_k) mod n` for k < 8, except every 16th
/// state, which has no move (a loss). `A` is odd and `n` a power of two, so
/// the map is invertible and the un-moves are computed, not stored.
struct Shuffle {
    n: u64,
}

const A: u64 = 0x9E37_79B9_7F4A_7C15;
const C: [u64; 8] = [
    1,
    977,
    4_099,
    65_537,
    1_000_003,
    7_777_777,
    123_456_791,
    987_654_323,
];

fn inverse(a: u64) -> u64 {
    // Newton's iteration for the inverse of an odd number modulo 2^64.
    let mut x = a;
    for _ in 0..6 {
        x = x.wrapping_mul(2u64.wrapping_sub(a.wrapping_mul(x)));
    }
    x
}

impl StateSpace for Shuffle {
    fn state_count(&self) -> u64 {
        self.n
    }
    fn moves(&self, s: u64, out: &mut Vec<u64>) {
        if !s.is_multiple_of(16) {
            out.extend(
                C.iter()
                    .map(|c| A.wrapping_mul(s).wrapping_add(*c) & (self.n - 1)),
            );
        }
    }
    fn has_unmoves(&self) -> bool {
        true
    }
    fn unmoves(&self, t: u64, out: &mut Vec<u64>) {
        let inv = inverse(A);
        out.extend(
            C.iter()
                .map(|c| inv.wrapping_mul(t.wrapping_sub(*c)) & (self.n - 1))
                .filter(|s| !s.is_multiple_of(16)),
        );
    }
}

/// CPU seconds (user + system) of every thread of this process, by thread
/// id, with its name, as last seen in `/proc/self/task` (Linux; empty
/// elsewhere).
fn thread_times(seen: &mut std::collections::BTreeMap<u64, (String, f64)>) {
    let Ok(tasks) = std::fs::read_dir("/proc/self/task") else {
        return;
    };
    // Clock ticks per second of /proc's times: 100 on Linux.
    const HZ: f64 = 100.0;
    for t in tasks.flatten() {
        let Ok(tid) = t.file_name().to_string_lossy().parse::<u64>() else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(t.path().join("stat")) else {
            continue;
        };
        let name = std::fs::read_to_string(t.path().join("comm"))
            .unwrap_or_default()
            .trim()
            .to_string();
        // Fields after the `(comm)`: state is field 3, utime 14, stime 15.
        let Some(rest) = stat.rsplit_once(')').map(|(_, r)| r) else {
            continue;
        };
        let f: Vec<&str> = rest.split_whitespace().collect();
        let (Some(u), Some(s)) = (
            f.get(11).and_then(|x| x.parse::<f64>().ok()),
            f.get(12).and_then(|x| x.parse::<f64>().ok()),
        ) else {
            continue;
        };
        seen.insert(tid, (name, (u + s) / HZ));
    }
}

/// Runs `f` while a sampler reads every thread's CPU time every 10 ms: the
/// per-thread CPU seconds of the threads that used at least 0.05 s. The
/// busiest worker thread bounds the wall time of a solve on free cores, so
/// (one worker's CPU) / (busiest of W workers' CPU) is the speed-up that a
/// machine shared with other work hides.
fn with_thread_times<T>(f: impl FnOnce() -> T) -> (T, Vec<(String, f64)>) {
    use std::sync::atomic::{AtomicBool, Ordering};
    let done = std::sync::Arc::new(AtomicBool::new(false));
    let d = std::sync::Arc::clone(&done);
    let sampler = std::thread::Builder::new()
        .name("sampler".into())
        .spawn(move || {
            let mut seen = std::collections::BTreeMap::new();
            while !d.load(Ordering::Relaxed) {
                thread_times(&mut seen);
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
            thread_times(&mut seen);
            seen
        })
        .expect("a sampler thread");
    let r = f();
    done.store(true, Ordering::Relaxed);
    let seen = sampler.join().unwrap_or_default();
    let busy = seen
        .into_values()
        .filter(|(n, t)| *t >= 0.05 && n != "sampler")
        .collect();
    (r, busy)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mode = args.get(1).map_or("core", String::as_str);
    let log2: u32 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(24);
    let workers: usize = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(1);
    let space = Shuffle { n: 1 << log2 };
    let edges = (space.n - space.n / 16) * 8;
    let t0 = Instant::now();
    let ((w, l, d), threads) = with_thread_times(|| match mode {
        "core" => {
            let t = StateSpaceSolver::new(&space)
                .max_states(usize::MAX)
                .solve()
                .expect("solves");
            counts((0..t.len()).map(|s| t.get(s)))
        }
        "process" => {
            // One of two processes of one worker each on loopback (run.sh
            // starts both): the exchange goes over TCP.
            let process: usize = args.get(4).and_then(|a| a.parse().ok()).unwrap_or(0);
            let hosts: Vec<String> = args
                .get(5)
                .map_or_else(Vec::new, |h| h.split(',').map(String::from).collect());
            let t = DistSolver::new(Cluster::processes(workers, hosts.len(), process, hosts))
                .solve(Arc::new(space), "shuffle")
                .expect("solves");
            t.map_or((0, 0, 0), |t| counts((0..t.len()).map(|s| t.get(s))))
        }
        _ => {
            let t = DistSolver::new(Cluster::threads(workers))
                .solve(Arc::new(space), "shuffle")
                .expect("solves")
                .expect("one process");
            counts((0..t.len()).map(|s| t.get(s)))
        }
    });
    let busiest = threads
        .iter()
        .filter(|(n, _)| n != "bench-dist")
        .map(|(_, t)| *t)
        .fold(0.0, f64::max);
    let shown: Vec<String> = threads.iter().map(|(n, t)| format!("{n}={t:.2}s")).collect();
    println!(
        "thread CPU: {} (busiest other than main: {busiest:.2}s)",
        shown.join(" ")
    );
    println!(
        "{mode} workers={workers} states=2^{log2} edges={edges} wall={:.2}s W={w} L={l} D={d}",
        t0.elapsed().as_secs_f64()
    );
}

fn counts(values: impl Iterator<Item = Option<sprague::loopy::SolvedValue>>) -> (u64, u64, u64) {
    let (mut w, mut l, mut d) = (0, 0, 0);
    for v in values.flatten() {
        match v.wld {
            sprague::Wld::Win => w += 1,
            sprague::Wld::Lose => l += 1,
            sprague::Wld::Draw => d += 1,
        }
    }
    (w, l, d)
}
