//! Games on graphs, side by side with petgraph (crates.io).
//!
//! Every case runs in its own child process so that its user CPU time and
//! peak memory (getrusage) are its own. Times are the best of five solves;
//! input generation is outside the timed part but inside CPU and memory.
//!
//! Cases:
//! - Green Hackenbush on a random connected multigraph with 10^6 edges
//!   (sprague's fusion + colon value) against petgraph's bridge finding alone
//!   on the same graph (the first step any fusion-based method needs).
//! - The same on a snake of 10^6 edges (a depth-first search 10^6 deep).
//! - Geography on a 300×300 grid with 20% random obstacles, every winning
//!   start cell (sprague: Hopcroft–Karp + residual search) against petgraph's
//!   `maximum_matching` (one maximum matching only, no per-cell answers).
//! - Geography on a sparse random graph with odd cycles (5·10^4 vertices,
//!   10^5 edges), every winning start vertex (sprague: phased Edmonds +
//!   Gallai–Edmonds set) against petgraph's `maximum_matching`.

use std::process::Command;
use std::time::Instant;

/// splitmix64: a small deterministic generator, so every run sees the same inputs.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

const EDGES: usize = 1_000_000;
const VERTICES: usize = 250_000;

/// A connected multigraph: a random spanning tree, then random extra edges
/// (about 1% loops, and parallel edges as they fall).
fn random_multigraph() -> (usize, Vec<(u32, u32)>) {
    let mut rng = Rng(0x5eed);
    let mut edges = Vec::with_capacity(EDGES);
    for v in 1..VERTICES as u64 {
        edges.push((rng.below(v) as u32, v as u32));
    }
    while edges.len() < EDGES {
        let u = rng.below(VERTICES as u64) as u32;
        let v = if rng.below(100) == 0 {
            u
        } else {
            rng.below(VERTICES as u64) as u32
        };
        edges.push((u, v));
    }
    (VERTICES, edges)
}

fn snake() -> (usize, Vec<(u32, u32)>) {
    let edges = (0..EDGES as u32).map(|i| (i, i + 1)).collect();
    (EDGES + 1, edges)
}

fn grid() -> sprague::graph_games::CellGrid {
    let (h, w) = (300, 300);
    let mut rng = Rng(0x9e0);
    let open = (0..h * w).map(|_| rng.below(100) >= 20).collect();
    sprague::graph_games::CellGrid { height: h, width: w, open }
}

/// A sparse random graph with odd cycles: 5·10^4 vertices, 10^5 edges.
fn sparse_general() -> (usize, Vec<(u32, u32)>) {
    let n = 50_000u64;
    let mut rng = Rng(0x6e0);
    let edges = (0..2 * n)
        .map(|_| (rng.below(n) as u32, rng.below(n) as u32))
        .filter(|(u, v)| u != v)
        .collect();
    (n as usize, edges)
}

fn petgraph_graph(n: usize, edges: &[(u32, u32)]) -> petgraph::graph::UnGraph<(), ()> {
    let mut g = petgraph::graph::UnGraph::<(), ()>::with_capacity(n, edges.len());
    for _ in 0..n {
        g.add_node(());
    }
    for &(u, v) in edges {
        g.add_edge(u.into(), v.into(), ());
    }
    g
}

fn best_of<T>(runs: usize, mut f: impl FnMut() -> T) -> (f64, T) {
    let mut best = f64::INFINITY;
    let mut last = None;
    for _ in 0..runs {
        let t = Instant::now();
        let r = f();
        best = best.min(t.elapsed().as_secs_f64());
        last = Some(r);
    }
    (best, last.expect("at least one run"))
}

/// Runs one case in this (child) process and prints `secs result`.
fn run_case(name: &str) -> (f64, String) {
    match name {
        "input-only" => {
            let (n, e) = random_multigraph();
            (0.0, format!("{} vertices, {} edges", n, e.len()))
        }
        "hackenbush-sprague" => {
            let (n, e) = random_multigraph();
            let (t, v) = best_of(5, || sprague::graph_games::green_hackenbush_value(n, &e));
            (t, format!("value {}", v.get()))
        }
        "hackenbush-petgraph-bridges" => {
            let (n, e) = random_multigraph();
            let g = petgraph_graph(n, &e);
            let (t, c) = best_of(5, || petgraph::algo::bridges::bridges(&g).count());
            (t, format!("{c} bridges"))
        }
        "snake-sprague" => {
            let (n, e) = snake();
            let (t, v) = best_of(5, || sprague::graph_games::green_hackenbush_value(n, &e));
            (t, format!("value {}", v.get()))
        }
        "snake-petgraph-bridges" => {
            let (n, e) = snake();
            let g = petgraph_graph(n, &e);
            let (t, c) = best_of(5, || petgraph::algo::bridges::bridges(&g).count());
            (t, format!("{c} bridges"))
        }
        "grid-sprague" => {
            let b = grid();
            let (t, win) = best_of(5, || sprague::graph_games::grid_geography_winning_cells(&b));
            (t, format!("{} winning cells", win.iter().filter(|&&w| w).count()))
        }
        "grid-petgraph-matching" => {
            let b = grid();
            let e = b.grid_edges();
            let g = petgraph_graph(b.height * b.width, &e);
            let (t, m) = best_of(5, || petgraph::algo::maximum_matching(&g).len());
            (t, format!("matching of {m} edges"))
        }
        "general-sprague" => {
            let (n, e) = sparse_general();
            let (t, win) = best_of(5, || sprague::graph_games::geography_winning_starts(n, &e));
            let g = sprague::graph_games::UndirectedGraph::new(n, &e);
            let m = sprague::graph_games::matching_size(&sprague::graph_games::edmonds_matching(&g));
            (t, format!("{} winning starts, matching of {m} edges", win.iter().filter(|&&w| w).count()))
        }
        "general-petgraph-matching" => {
            let (n, e) = sparse_general();
            let g = petgraph_graph(n, &e);
            // One run: petgraph takes tens of seconds here.
            let (t, m) = best_of(1, || petgraph::algo::maximum_matching(&g).len());
            (t, format!("matching of {m} edges (one run)"))
        }
        other => {
            eprintln!("unknown case {other}");
            std::process::exit(2);
        }
    }
}

fn rusage() -> (f64, i64) {
    // SAFETY: getrusage only writes the struct we pass.
    let mut u: libc::rusage = unsafe { std::mem::zeroed() };
    unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut u) };
    let user = u.ru_utime.tv_sec as f64 + u.ru_utime.tv_usec as f64 / 1e6;
    (user, u.ru_maxrss)
}

const CASES: [&str; 9] = [
    "input-only",
    "hackenbush-sprague",
    "hackenbush-petgraph-bridges",
    "snake-sprague",
    "snake-petgraph-bridges",
    "grid-sprague",
    "grid-petgraph-matching",
    "general-sprague",
    "general-petgraph-matching",
];

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() == 3 && args[1] == "case" {
        // Deep recursion in a peer must not fail for want of stack.
        let name = args[2].clone();
        let child = std::thread::Builder::new()
            .stack_size(2 << 30)
            .spawn(move || run_case(&name))
            .expect("spawn");
        let (secs, result) = child.join().expect("case panicked");
        let (user, maxrss) = rusage();
        println!("{secs:.4}\t{user:.2}\t{maxrss}\t{result}");
        return;
    }
    let exe = std::env::current_exe().expect("own path");
    println!(
        "{:<30} {:>10} {:>10} {:>12}  result",
        "case", "best (s)", "user (s)", "peak (MiB)"
    );
    let mut times = std::collections::HashMap::new();
    for case in CASES {
        let out = Command::new(&exe).args(["case", case]).output().expect("run case");
        let line = String::from_utf8_lossy(&out.stdout).trim().to_string();
        let f: Vec<&str> = line.splitn(4, '\t').collect();
        if !out.status.success() || f.len() < 4 {
            println!("{case:<30} failed: {}", String::from_utf8_lossy(&out.stderr).trim());
            continue;
        }
        let secs: f64 = f[0].parse().unwrap_or(f64::NAN);
        let kib: f64 = f[2].parse().unwrap_or(f64::NAN);
        println!(
            "{case:<30} {:>10.4} {:>10} {:>12.1}  {}",
            secs,
            f[1],
            kib / 1024.0,
            f[3]
        );
        times.insert(case, secs);
    }
    println!();
    for (ours, peer) in [
        ("hackenbush-sprague", "hackenbush-petgraph-bridges"),
        ("snake-sprague", "snake-petgraph-bridges"),
        ("grid-sprague", "grid-petgraph-matching"),
        ("general-sprague", "general-petgraph-matching"),
    ] {
        if let (Some(a), Some(b)) = (times.get(ours), times.get(peer)) {
            println!("{ours} / {peer}: {:.4} of the peer's time ({:.1}x faster)", a / b, b / a);
        }
    }
}
