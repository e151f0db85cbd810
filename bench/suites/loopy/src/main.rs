//! Win/lose/draw with remoteness on a random graph: the packed retrograde solver
//! against the plain queue-based baseline, and the KRK table.
//!
//! `cargo run --release -p bench-loopy [-- N M]` (defaults 10^7 vertices, 4·10^7 edges).

use sprague::{DiGraph, StateSpaceSolver, Wld, loopy::{Krk, krk_depth_counts, krk_longest_mate, solve_graph, solve_graph_baseline}};
use std::time::Instant;

/// (user CPU seconds, system CPU seconds, peak RSS in GiB) of this process so far.
fn rusage3() -> (f64, f64, f64) {
    let mut u: libc::rusage = unsafe { core::mem::zeroed() };
    unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut u) };
    let user = u.ru_utime.tv_sec as f64 + u.ru_utime.tv_usec as f64 / 1e6;
    let sys = u.ru_stime.tv_sec as f64 + u.ru_stime.tv_usec as f64 / 1e6;
    (user, sys, u.ru_maxrss as f64 / 1024.0 / 1024.0)
}

fn rusage() -> (f64, f64) {
    let (u, _, r) = rusage3();
    (u, r)
}

fn random_graph(n: usize, m: usize, seed: u64) -> DiGraph {
    let mut x = seed;
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let mut s = Vec::with_capacity(m);
    let mut t = Vec::with_capacity(m);
    for _ in 0..m {
        let r = next();
        s.push(((r & 0xffff_ffff) % n as u64) as u32);
        t.push(((r >> 32) % n as u64) as u32);
    }
    DiGraph::from_edges(n, &s, &t).expect("valid random graph")
}

fn main() {
    // KRK first, before the big allocations of the graph runs.
    let (u0, s0, _) = rusage3();
    let t0 = Instant::now();
    let table = StateSpaceSolver::new(&Krk).solve().expect("KRK solves");
    let secs = t0.elapsed().as_secs_f64();
    let (u1, s1, _) = rusage3();
    println!(
        "KRK (one thread): {secs:.3} s wall, {:.3} s CPU, longest mate {} moves, positions per depth {:?}",
        u1 - u0 + s1 - s0,
        krk_longest_mate(&table),
        &krk_depth_counts(&table)[1..]
    );
    let t0 = Instant::now();
    let two = StateSpaceSolver::new(&Krk).threads(2).solve().expect("KRK solves");
    println!("KRK (two threads): {:.3} s, identical: {}", t0.elapsed().as_secs_f64(), two.raw() == table.raw());

    let args: Vec<usize> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let n = args.first().copied().unwrap_or(10_000_000);
    let m = args.get(1).copied().unwrap_or(40_000_000);
    let which = std::env::args().find(|a| a == "--baseline-only" || a == "--fast-only");
    println!("random graph: {n} vertices, {m} edges (xorshift, fixed seed)");
    let g = random_graph(n, m, 0x9e37_79b9_7f4a_7c15);
    let (_, rss0) = rusage();
    println!("graph built; peak RSS so far {rss0:.2} GiB");

    let mut fast_secs = 0.0;
    let mut fast_cpu = 1.0;
    let mut fast = None;
    if which.as_deref() != Some("--baseline-only") {
        // Three runs: the machine is shared, so the spread is part of the figure.
        let mut table = None;
        for run in 1..=3 {
            let (u0, s0, _) = rusage3();
            let t0 = Instant::now();
            let t = solve_graph(&g, |_| Wld::Lose).expect("fits");
            let secs = t0.elapsed().as_secs_f64();
            let (u1, s1, rss) = rusage3();
            let (w, l, d) = t.counts();
            let cpu = u1 - u0 + s1 - s0;
            println!(
                "packed retrograde (run {run}): {secs:.3} s wall, {:.3} s user + {:.3} s system CPU, {:.1} M edges/s per user CPU second, {:.1} M per user+system, peak RSS {rss:.2} GiB; W {w} L {l} D {d}",
                u1 - u0,
                s1 - s0,
                m as f64 / (u1 - u0) / 1e6,
                m as f64 / cpu / 1e6
            );
            if cpu < fast_cpu || run == 1 {
                fast_cpu = cpu;
                fast_secs = secs;
            }
            table = Some(t);
        }
        let table = table.expect("three runs");
        fast = Some(table);
    }
    if which.as_deref() != Some("--fast-only") {
        let (u0, s0, _) = rusage3();
        let t0 = Instant::now();
        let base = solve_graph_baseline(&g, |_| Wld::Lose);
        let secs = t0.elapsed().as_secs_f64();
        let (u1, s1, rss) = rusage3();
        let cpu = u1 - u0 + s1 - s0;
        println!(
            "queue baseline:    {secs:.3} s wall, {:.3} s user + {:.3} s system CPU, {:.1} M edges/s per CPU second, peak RSS {rss:.2} GiB (cumulative)",
            u1 - u0,
            s1 - s0,
            m as f64 / cpu / 1e6
        );
        if let Some(t) = &fast {
            assert!(t.iter().zip(&base).all(|(a, b)| a == *b), "solvers disagree");
            println!(
                "results identical; baseline/packed (best packed run): {:.2}x wall, {:.2}x CPU",
                secs / fast_secs,
                cpu / fast_cpu
            );
        }
    }

}
