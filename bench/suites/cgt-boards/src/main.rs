//! Snort, Col, Konane and Amazons against cgt 0.11.
//!
//! Usage: `bench-cgt-boards [--cases N] [--seed S] [--no-diff] [CASE...]`.
//!
//! 1. Differential check: the canonical forms of N random small positions
//!    per game (default 1000) from sprague and from cgt are the same game
//!    (cgt's forms are rebuilt in a sprague store and compared by id). Exits
//!    1 on the first disagreement, printing the position.
//! 2. Speed: one case per game, each engine in a child process of its own so
//!    that user CPU time and peak memory (getrusage) are that engine's alone.
//!
//! Conventions are the same in both: Left is `x` (Konane, Amazons) or tints
//! a vertex for itself (`x`: only Left may colour it, cgt's `TintLeft`).

use cgt::graph::{Graph, VertexIndex, adjacency_matrix::undirected::UndirectedGraph};
use cgt::short::partizan::canonical_form::CanonicalForm;
use cgt::short::partizan::games::{amazons, col, konane, snort};
use cgt::short::partizan::partizan_game::PartizanGame;
use cgt::short::partizan::transposition_table::ParallelTranspositionTable;
use rand::{Rng, SeedableRng, rngs::StdRng};
use sprague::games::{Amazons, Col, Konane, Snort};
use sprague::{GameId, GameStore, Notation, PartizanRules, PartizanSolver};
use std::collections::HashMap;
use std::process::Command;
use std::str::FromStr;
use std::time::Instant;

/// A graph position: vertex states (`.`, `x`, `o`) and edges.
#[derive(Clone)]
struct GraphPos {
    states: Vec<char>,
    edges: Vec<(usize, usize)>,
}

impl GraphPos {
    /// sprague's notation: `n=K 0-1 … : states`.
    fn text(&self) -> String {
        let edges: Vec<String> = self.edges.iter().map(|(u, v)| format!("{u}-{v}")).collect();
        let states: String = self.states.iter().collect();
        format!("n={} {} : {states}", self.states.len(), edges.join(" "))
    }

    fn cgt_edges(&self) -> Vec<(VertexIndex, VertexIndex)> {
        self.edges
            .iter()
            .map(|&(u, v)| (VertexIndex { index: u }, VertexIndex { index: v }))
            .collect()
    }

    fn snort(&self) -> snort::Snort<snort::VertexKind, UndirectedGraph<snort::VertexKind>> {
        use snort::{VertexColor as C, VertexKind as K};
        let vs: Vec<K> = self
            .states
            .iter()
            .map(|c| K::Single(match c {
                'x' => C::TintLeft,
                'o' => C::TintRight,
                _ => C::Empty,
            }))
            .collect();
        snort::Snort::new(UndirectedGraph::from_edges(&self.cgt_edges(), &vs))
    }

    fn col(&self) -> col::Col<col::VertexColor, UndirectedGraph<col::VertexColor>> {
        use col::VertexColor as C;
        let vs: Vec<C> = self
            .states
            .iter()
            .map(|c| match c {
                'x' => C::TintLeft,
                'o' => C::TintRight,
                _ => C::Empty,
            })
            .collect();
        col::Col::new(UndirectedGraph::from_edges(&self.cgt_edges(), &vs))
    }

    /// The `w × h` grid graph, every vertex uncoloured.
    fn grid(w: usize, h: usize) -> GraphPos {
        let mut edges = Vec::new();
        for r in 0..h {
            for c in 0..w {
                let v = r * w + c;
                if c + 1 < w {
                    edges.push((v, v + 1));
                }
                if r + 1 < h {
                    edges.push((v, v + w));
                }
            }
        }
        GraphPos { states: vec!['.'; w * h], edges }
    }

    fn random(rng: &mut StdRng, n: usize) -> GraphPos {
        let mut edges = Vec::new();
        for u in 0..n {
            for v in u + 1..n {
                if rng.gen_bool(0.35) {
                    edges.push((u, v));
                }
            }
        }
        let states = (0..n).map(|_| ['.', '.', '.', 'x', 'o'][rng.gen_range(0..5)]).collect();
        GraphPos { states, edges }
    }
}

/// cgt's canonical form rebuilt in a sprague store.
fn from_cgt(store: &mut GameStore, memo: &mut HashMap<String, GameId>, g: &CanonicalForm) -> GameId {
    let key = g.to_string();
    if let Some(&id) = memo.get(&key) {
        return id;
    }
    let left: Vec<_> = g.left_moves().map(|o| from_cgt(store, memo, &o)).collect();
    let right: Vec<_> = g.right_moves().map(|o| from_cgt(store, memo, &o)).collect();
    let id = store.game(&left, &right);
    memo.insert(key, id);
    id
}

/// A random board of `w × h` cells: `.` empty, `x`, `o` and `#` with the given weights.
fn random_board(rng: &mut StdRng, w: usize, h: usize, weights: [u32; 4]) -> String {
    let total: u32 = weights.iter().sum();
    let rows: Vec<String> = (0..h)
        .map(|_| {
            (0..w)
                .map(|_| {
                    let mut x = rng.gen_range(0..total);
                    for (k, &wt) in weights.iter().enumerate() {
                        if x < wt {
                            return ['.', 'x', 'o', '#'][k];
                        }
                        x -= wt;
                    }
                    '.'
                })
                .collect()
        })
        .collect();
    rows.join("|")
}

/// Compares `cases` random positions of one game; exits 1 on a disagreement.
fn differential<R>(
    name: &str,
    rules: &R,
    cases: usize,
    rng: &mut StdRng,
    mut make: impl FnMut(&mut StdRng) -> String,
    theirs: impl Fn(&str) -> CanonicalForm,
) where
    R: PartizanRules + Notation<R::Position>,
{
    let mut solver = PartizanSolver::new(rules);
    let mut memo = HashMap::new();
    let start = Instant::now();
    for _ in 0..cases {
        let text = make(rng);
        let ours = solver.value(&rules.parse_position(&text).expect("position")).expect("budget");
        let cf = theirs(&text);
        let id = from_cgt(solver.store_mut(), &mut memo, &cf);
        if ours != id {
            let a = solver.store_mut().display(ours);
            println!("DIFFER {name} {text}: sprague {a}, cgt {cf}");
            std::process::exit(1);
        }
    }
    println!(
        "{name}: {cases} random positions agree with cgt 0.11 ({:.1} s)",
        start.elapsed().as_secs_f64()
    );
}

/// The speed cases: (name, game, position in sprague's notation).
fn cases() -> Vec<(&'static str, &'static str, String)> {
    vec![
        ("snort", "snort", GraphPos::grid(4, 4).text()),
        ("col", "col", GraphPos::grid(5, 4).text()),
        ("konane", "konane", "xoxo.|oxoxo|xoxox|oxoxo|xoxox".to_string()),
        ("amazons", "amazons", "x......|o......".to_string()),
    ]
}

/// User CPU seconds and peak resident memory (MiB) of this process so far.
#[allow(unsafe_code)]
fn usage() -> (f64, f64) {
    // SAFETY: a rusage is plain integers (all-zero is valid), and getrusage
    // only writes into the struct passed to it.
    let mut ru: libc::rusage = unsafe { std::mem::zeroed() };
    if unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut ru) } != 0 {
        return (f64::NAN, f64::NAN);
    }
    let user = ru.ru_utime.tv_sec as f64 + ru.ru_utime.tv_usec as f64 / 1e6;
    (user, ru.ru_maxrss as f64 / 1024.0)
}

/// The value of `text` in game `game` by sprague, displayed.
fn ours<R: PartizanRules + Notation<R::Position>>(rules: &R, text: &str) -> String {
    let mut s = PartizanSolver::new(rules);
    let g = s.value(&rules.parse_position(text).expect("position")).expect("budget");
    s.store_mut().display(g)
}

/// cgt's canonical form of `text` in game `game`.
fn theirs(game: &str, text: &str) -> CanonicalForm {
    match game {
        "snort" => parse_graph(text).snort().canonical_form(&ParallelTranspositionTable::new()),
        "col" => parse_graph(text).col().canonical_form(&ParallelTranspositionTable::new()),
        "konane" => konane::Konane::<cgt::grid::vec_grid::VecGrid<_>>::from_str(text)
            .expect("cgt konane")
            .canonical_form(&ParallelTranspositionTable::new()),
        _ => amazons::Amazons::<cgt::grid::vec_grid::VecGrid<_>>::from_str(text)
            .expect("cgt amazons")
            .canonical_form(&ParallelTranspositionTable::new()),
    }
}

/// Reads back the `n=K 0-1 … : states` text of [`GraphPos::text`].
fn parse_graph(text: &str) -> GraphPos {
    let (head, states) = text.split_once(" : ").expect("states");
    let edges = head
        .split_whitespace()
        .filter_map(|t| t.split_once('-'))
        .map(|(u, v)| (u.parse().expect("vertex"), v.parse().expect("vertex")))
        .collect();
    GraphPos { states: states.chars().collect(), edges }
}

fn child(engine: &str, game: &str, text: &str) {
    let start = Instant::now();
    let value = if engine == "sprague" {
        match game {
            "snort" => ours(&Snort, text),
            "col" => ours(&Col, text),
            "konane" => ours(&Konane, text),
            _ => ours(&Amazons, text),
        }
    } else {
        let cf = theirs(game, text);
        let mut store = GameStore::new();
        let id = from_cgt(&mut store, &mut HashMap::new(), &cf);
        store.display(id)
    };
    let (user, rss) = usage();
    println!("{}\t{user}\t{rss}\t{value}", start.elapsed().as_secs_f64());
}

/// Whether two printed canonical forms are the same game: both are read into
/// one store, whose canonical forms are shared, so equal games get one id
/// whatever order their options were printed in.
fn same_game(a: &str, b: &str) -> bool {
    let mut store = GameStore::new();
    matches!((store.parse(a), store.parse(b)), (Ok(x), Ok(y)) if x == y)
}

/// (wall, user, peak MiB, value) of one engine on one case, in a child process.
fn run(engine: &str, game: &str, text: &str) -> Option<(f64, f64, f64, String)> {
    let exe = std::env::current_exe().ok()?;
    let out = Command::new(exe).args(["--child", engine, game, text]).output().ok()?;
    if !out.status.success() {
        eprintln!("{engine} {game}: {}", String::from_utf8_lossy(&out.stderr));
        return None;
    }
    let t = String::from_utf8_lossy(&out.stdout);
    let f: Vec<&str> = t.trim_end().splitn(4, '\t').collect();
    Some((f.first()?.parse().ok()?, f.get(1)?.parse().ok()?, f.get(2)?.parse().ok()?, f.get(3)?.to_string()))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--child") {
        child(&args[1], &args[2], &args[3]);
        return;
    }
    let flag = |name: &str| args.iter().position(|a| a == name).and_then(|i| args.get(i + 1));
    let n: usize = flag("--cases").and_then(|a| a.parse().ok()).unwrap_or(1000);
    let seed: u64 = flag("--seed").and_then(|a| a.parse().ok()).unwrap_or(1);
    let chosen: Vec<&String> = args
        .iter()
        .enumerate()
        .filter(|(i, a)| !a.starts_with("--") && (*i == 0 || !args[i - 1].starts_with("--")))
        .map(|(_, a)| a)
        .collect();
    if !args.iter().any(|a| a == "--no-diff") {
        let mut rng = StdRng::seed_from_u64(seed);
        let graph = |rng: &mut StdRng| {
            let n = rng.gen_range(1..=9);
            GraphPos::random(rng, n).text()
        };
        differential("snort", &Snort, n, &mut rng, graph, |t| theirs("snort", t));
        differential("col", &Col, n, &mut rng, graph, |t| theirs("col", t));
        let konane = |rng: &mut StdRng| {
            let (w, h) = (rng.gen_range(1..=5), rng.gen_range(1..=4));
            random_board(rng, w, h, [3, 3, 3, 1])
        };
        differential("konane", &Konane, n, &mut rng, konane, |t| theirs("konane", t));
        let amazons = |rng: &mut StdRng| {
            let (w, h) = (rng.gen_range(1..=4), rng.gen_range(1..=3));
            random_board(rng, w, h, [8, 1, 1, 3])
        };
        differential("amazons", &Amazons, n, &mut rng, amazons, |t| theirs("amazons", t));
    }
    println!("{:<8} {:<8} {:>9} {:>9} {:>9}  value", "case", "engine", "wall s", "user s", "peak MiB");
    for (name, game, text) in cases() {
        if !chosen.is_empty() && !chosen.iter().any(|c| *c == name) {
            continue;
        }
        let a = run("sprague", game, &text);
        let b = run("cgt", game, &text);
        for (engine, r) in [("sprague", &a), ("cgt-0.11", &b)] {
            match r {
                Some((wall, user, rss, value)) => {
                    println!("{name:<8} {engine:<8} {wall:>9.3} {user:>9.3} {rss:>9.1}  {value}");
                }
                None => println!("{name:<8} {engine:<8} {:>9}", "failed"),
            }
        }
        if let (Some(a), Some(b)) = (&a, &b) {
            println!(
                "{name:<8} ratio cgt/sprague: user {:.1}x, wall {:.1}x; values {}",
                b.1 / a.1.max(1e-6),
                b.0 / a.0.max(1e-6),
                if same_game(&a.3, &b.3) { "agree" } else { "DIFFER" }
            );
        }
    }
}
