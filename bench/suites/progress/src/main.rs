//! The cost of progress reports: each long-running solver without a monitor
//! (the default path) and with one that a watcher thread reads every 100 ms,
//! as the command line's progress bar does. Runs alternate, best of five.
//!
//! `cargo run --release -p bench-progress [FILTER]` (or `bench/run progress
//! [FILTER]`): with FILTER, only the cases whose name contains it.

use sprague::{DiGraph, GrundySolver, MisereSolver, Monitor, Notation, PartizanSolver, StateSpaceSolver, Wld, games::{Chomp, Domineering}, loopy::{Krk, Ranking, solve_graph, solve_graph_with, solve_preferences_exhaustive, solve_preferences_exhaustive_with}, heap::{TakeBreak, misere_grundy_values, misere_grundy_values_with}, graph_games::{count_dag_wins, count_dag_wins_with}, impartial::{grundy_dag, grundy_dag_with}};
use sprague::{loopy::{LoopyValue, MinimaxTree, alpha_beta, alpha_beta_with, and_or_random, and_or_random_with, loopy_grundy, loopy_grundy_with, minimax_dag, minimax_dag_with}};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

fn user_cpu() -> f64 {
    let mut u: libc::rusage = unsafe { std::mem::zeroed() };
    unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut u) };
    u.ru_utime.tv_sec as f64 + u.ru_utime.tv_usec as f64 * 1e-6
}

fn peak_rss_mib() -> f64 {
    let mut u: libc::rusage = unsafe { std::mem::zeroed() };
    unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut u) };
    u.ru_maxrss as f64 / 1024.0
}

/// Best wall time and the user CPU of that run, in seconds.
#[derive(Clone, Copy)]
struct Best {
    wall: f64,
    cpu: f64,
}

fn time(best: &mut Best, f: &mut dyn FnMut() -> u64) -> u64 {
    let (c0, t0) = (user_cpu(), Instant::now());
    let r = std::hint::black_box(f());
    let (wall, cpu) = (t0.elapsed().as_secs_f64(), user_cpu() - c0);
    if wall < best.wall {
        *best = Best { wall, cpu };
    }
    r
}

/// Runs `plain` and `monitored` alternately, five times each; checks they
/// agree. With a command-line argument, only the cases whose name contains it.
fn case(name: &str, plain: &mut dyn FnMut() -> u64, monitored: &mut dyn FnMut(&Monitor) -> u64) {
    if std::env::args().nth(1).is_some_and(|f| !name.contains(&f)) {
        return;
    }
    let monitor = Monitor::new();
    let stop = AtomicBool::new(false);
    let (mut a, mut b) = (
        Best {
            wall: f64::MAX,
            cpu: 0.0,
        },
        Best {
            wall: f64::MAX,
            cpu: 0.0,
        },
    );
    std::thread::scope(|s| {
        // The watcher: what a progress bar does on its tick.
        s.spawn(|| {
            let mut seen = 0;
            while !stop.load(Ordering::Relaxed) {
                seen = seen.max(monitor.done());
                std::thread::sleep(Duration::from_millis(100));
            }
            std::hint::black_box(seen);
        });
        for _ in 0..5 {
            let x = time(&mut a, plain);
            monitor.reset();
            let y = time(&mut b, &mut || monitored(&monitor));
            assert_eq!(x, y, "{name}: the monitored run disagrees");
        }
        stop.store(true, Ordering::Relaxed);
    });
    println!(
        "{name:<42} plain {:>9.2} ms (user {:>7.1} ms)   monitored {:>9.2} ms (user {:>7.1} ms)   ratio {:.3}",
        a.wall * 1e3,
        a.cpu * 1e3,
        b.wall * 1e3,
        b.cpu * 1e3,
        b.wall / a.wall
    );
}

fn main() {
    println!("bench-progress: each solver without and with a Monitor (best of 5, alternating)");
    let chomp = vec![10u32; 10];
    case(
        "GrundySolver, Chomp 10x10",
        &mut || GrundySolver::new(&Chomp).grundy(&chomp).expect("fits").0,
        &mut |m| {
            GrundySolver::new(&Chomp)
                .with_monitor(m)
                .grundy(&chomp)
                .expect("fits")
                .0
        },
    );
    case(
        "MisereSolver, Chomp 10x10",
        &mut || MisereSolver::new(&Chomp).outcome(&chomp).expect("fits") as u64,
        &mut |m| {
            MisereSolver::new(&Chomp)
                .with_monitor(m)
                .outcome(&chomp)
                .expect("fits") as u64
        },
    );
    let board = Domineering
        .parse_position(".....|.....|.....|.....|.....")
        .expect("a board");
    case(
        "PartizanSolver, Domineering 5x5",
        &mut || {
            PartizanSolver::new(&Domineering)
                .value(&board)
                .expect("fits")
                .index() as u64
        },
        &mut |m| {
            PartizanSolver::new(&Domineering)
                .with_monitor(m)
                .value(&board)
                .expect("fits")
                .index() as u64
        },
    );
    case(
        "StateSpaceSolver, KRK",
        &mut || {
            StateSpaceSolver::new(&Krk)
                .solve()
                .expect("solves")
                .raw()
                .iter()
                .map(|&c| u64::from(c))
                .sum()
        },
        &mut |m| {
            StateSpaceSolver::new(&Krk)
                .with_monitor(m)
                .solve()
                .expect("solves")
                .raw()
                .iter()
                .map(|&c| u64::from(c))
                .sum()
        },
    );
    let kayles = TakeBreak::parse("0.77").expect("a code");
    case(
        "misère Kayles table, 42 heaps",
        &mut || {
            misere_grundy_values(&kayles, 42, 100_000_000)
                .expect("fits")
                .iter()
                .sum()
        },
        &mut |m| {
            misere_grundy_values_with(&kayles, 42, 100_000_000, m, &mut |_| true)
                .expect("fits")
                .iter()
                .sum()
        },
    );
    let n = 17u32;
    let from: Vec<u32> = (0..n).flat_map(|v| [v, v]).collect();
    let to: Vec<u32> = (0..n).flat_map(|v| [(v + 1) % n, (v + 2) % n]).collect();
    let g = DiGraph::from_edges(n as usize, &from, &to).expect("a graph");
    let (a, b): (Ranking, Ranking) = (
        "wld".parse().expect("a ranking"),
        "dlw".parse().expect("a ranking"),
    );
    let code = |r: Vec<[sprague::Wld; 2]>| r.iter().map(|[x, y]| *x as u64 * 3 + *y as u64).sum();
    case(
        "exhaustive preferences, 17-cycle + chords",
        &mut || code(solve_preferences_exhaustive(&g, a, b, 1 << 40).expect("fits")),
        &mut |m| code(solve_preferences_exhaustive_with(&g, a, b, 1 << 40, m).expect("fits")),
    );
    let k = 14u32;
    let edges: Vec<(u32, u32)> = (0..k).flat_map(|a| (a + 1..k).map(move |b| (a, b))).collect();
    case(
        "count_dag_wins, complete DAG on 14",
        &mut || count_dag_wins(k as usize, &edges).expect("a DAG"),
        &mut |m| count_dag_wins_with(k as usize, &edges, m).expect("a DAG"),
    );
    // The linear graph solvers: 2 million vertices, 8 million edges.
    let (n, m) = (1u32 << 21, 8_000_000usize);
    let mut x: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let (mut from, mut to) = (Vec::with_capacity(m), Vec::with_capacity(m));
    for _ in 0..m {
        let a = 1 + (next() % u64::from(n - 1)) as u32;
        from.push(a);
        to.push((next() % u64::from(a)) as u32);
    }
    let sum = |v: Vec<u32>| v.iter().map(|&g| u64::from(g)).sum::<u64>();
    let down = DiGraph::from_edges(n as usize, &from, &to).expect("a graph");
    case(
        "grundy_dag, 2M vertices 8M edges, sweep",
        &mut || sum(grundy_dag(&down).expect("a DAG")),
        &mut |mon| sum(grundy_dag_with(&down, mon).expect("a DAG")),
    );
    // Ids scrambled (an odd multiplier modulo 2^21): the depth-first search.
    let id = |v: &u32| v.wrapping_mul(0x9e37_79b9) & (n - 1);
    let scrambled = DiGraph::from_edges(
        n as usize,
        &from.iter().map(id).collect::<Vec<_>>(),
        &to.iter().map(id).collect::<Vec<_>>(),
    )
    .expect("a graph");
    case(
        "grundy_dag, 2M vertices 8M edges, scrambled",
        &mut || sum(grundy_dag(&scrambled).expect("a DAG")),
        &mut |mon| sum(grundy_dag_with(&scrambled, mon).expect("a DAG")),
    );
    // With cycles: every third edge reversed.
    let (cf, ct): (Vec<u32>, Vec<u32>) =
        (0..m).map(|i| if i % 3 == 0 { (to[i], from[i]) } else { (from[i], to[i]) }).unzip();
    let loopy = DiGraph::from_edges(n as usize, &cf, &ct).expect("a graph");
    let counts = |t: sprague::loopy::WldTable| {
        let (w, l, d) = t.counts();
        (w * 3 + l * 5 + d * 7) as u64
    };
    case(
        "solve_graph, 2M vertices 8M edges, cycles",
        &mut || counts(solve_graph(&loopy, |_| Wld::Lose).expect("fits")),
        &mut |mon| counts(solve_graph_with(&loopy, |_| Wld::Lose, mon).expect("fits")),
    );
    case(
        "loopy_grundy, 2M vertices 8M edges, cycles",
        &mut || loopy_sum(&loopy_grundy(&loopy)),
        &mut |mon| loopy_sum(&loopy_grundy_with(&loopy, mon).expect("not stopped")),
    );
    let score = |v: u32| i64::from(v % 7) - 3;
    let isum = |v: Vec<i64>| v.iter().map(|&x| x as u64).fold(0u64, u64::wrapping_add);
    case(
        "minimax_dag, 2M vertices 8M edges, scrambled",
        &mut || isum(minimax_dag(&scrambled, score).expect("a DAG")),
        &mut |mon| isum(minimax_dag_with(&scrambled, score, mon).expect("a DAG")),
    );
    // 2000 children of 2000 leaves, child i's leaves above child i - 1's:
    // alpha-beta prunes nothing. And 4 million false leaves under one OR
    // node: the AND-OR search reads them all. These measure the counting.
    let wide = MinimaxTree::Node(
        (0..2000i64)
            .map(|i| MinimaxTree::Node((0..2000).map(|j| MinimaxTree::Leaf(i * 2000 + j)).collect()))
            .collect(),
    );
    let flat = MinimaxTree::Node(vec![MinimaxTree::Leaf(0); 4_000_000]);
    if std::env::args().nth(1).is_none_or(|f| "leaves".contains(&f)) {
        // The monitored searches first count the nodes for the bar's total.
        for (name, t) in [("2000 x 2000", &wide), ("4M leaves", &flat)] {
            let mut best = f64::MAX;
            for _ in 0..5 {
                let t0 = Instant::now();
                std::hint::black_box(t.nodes());
                best = best.min(t0.elapsed().as_secs_f64());
            }
            println!("{:<42} MinimaxTree::nodes {:>9.2} ms", format!("  (the total of {name})"), best * 1e3);
        }
    }
    case(
        "alpha_beta, 2000 x 2000 leaves, no pruning",
        &mut || {
            let (v, k) = alpha_beta(&wide);
            v as u64 ^ k
        },
        &mut |mon| {
            let (v, k) = alpha_beta_with(&wide, mon).expect("not stopped");
            v as u64 ^ k
        },
    );
    case(
        "and_or_random, 4M false leaves, all read",
        &mut || {
            let (v, k) = and_or_random(&flat, 1);
            u64::from(v) ^ k
        },
        &mut |mon| {
            let (v, k) = and_or_random_with(&flat, 1, mon).expect("not stopped");
            u64::from(v) ^ k
        },
    );
    // A uniform tree of 4^11 leaves (5.6 million nodes), random scores: the
    // searches visit a small part of it, so the monitored ones are dominated
    // by the pass that counts the nodes for the total.
    let tree = uniform_tree(11, 4, &mut next);
    case(
        "alpha_beta, 4^11 leaves",
        &mut || {
            let (v, k) = alpha_beta(&tree);
            v as u64 ^ k
        },
        &mut |mon| {
            let (v, k) = alpha_beta_with(&tree, mon).expect("not stopped");
            v as u64 ^ k
        },
    );
    case(
        "and_or_random, 4^11 leaves",
        &mut || {
            let (v, k) = and_or_random(&tree, 1);
            u64::from(v) ^ k
        },
        &mut |mon| {
            let (v, k) = and_or_random_with(&tree, 1, mon).expect("not stopped");
            u64::from(v) ^ k
        },
    );
    println!("peak memory of this process: {:.0} MiB", peak_rss_mib());
}

/// A checksum of loopy values.
fn loopy_sum(v: &[LoopyValue]) -> u64 {
    v.iter()
        .map(|x| match x {
            LoopyValue::Finite(g) => u64::from(*g),
            LoopyValue::Infinite(k) => 1000 + k.len() as u64,
        })
        .sum()
}

/// A tree with `branching` children per node down to `depth`, leaf scores in
/// -50..=50.
fn uniform_tree(depth: u32, branching: usize, next: &mut dyn FnMut() -> u64) -> MinimaxTree {
    if depth == 0 {
        return MinimaxTree::Leaf((next() % 101) as i64 - 50);
    }
    MinimaxTree::Node((0..branching).map(|_| uniform_tree(depth - 1, branching, next)).collect())
}
