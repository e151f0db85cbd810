//! Instruction counts of sprague's kernels next to peers from crates.io and our
//! own definition-level baselines, in one run:
//!
//! - nim product: `sprague::Nimber` against the `nimber` crate and the plain
//!   recursion `sprague::nimber::nim_mul_plain` (issue 2's targets: ≥ 5× and ≥ 50×);
//! - Grundy values of a DAG: ids in topological order and scrambled;
//! - octal tables (Kayles 0.77 and Dawson's 0.07): sprague's engine against
//!   `ogs` (naive and RC2 solvers) and our plain O(n²) loop;
//! - the subtraction game {1,3,4} against `cgt`;
//! - Domineering canonical forms against `cgt`;
//! - win/lose/draw retrograde analysis of a random graph with cycles: the
//!   packed solver against the plain queue-based baseline;
//! - loopy Grundy values of that graph, negamax values of the scrambled DAG,
//!   and alpha-beta and randomised AND-OR evaluation of a uniform tree.
//!
//! Inputs are built in setup functions, outside the counted region.

use bench_instructions::{dag, nim_pairs};
use gungraun::{library_benchmark, library_benchmark_group, main};
use std::hint::black_box;
use std::str::FromStr;

const PAIRS: usize = 2_000;

fn pairs() -> Vec<(u64, u64)> {
    // Build the product tables outside the counted region.
    let _ = sprague::Nimber(3) * sprague::Nimber(5);
    let _ = sprague::nimber::nim_mul_portable(3, 5);
    nim_pairs(PAIRS)
}

#[library_benchmark]
#[bench::pairs(setup = pairs)]
fn nim_mul_sprague(p: Vec<(u64, u64)>) -> u64 {
    p.iter().fold(0, |acc, &(a, b)| acc ^ (sprague::Nimber(a) * sprague::Nimber(b)).0)
}

// The path every processor takes (logarithm tables), whatever this one has.
#[library_benchmark]
#[bench::pairs(setup = pairs)]
fn nim_mul_portable(p: Vec<(u64, u64)>) -> u64 {
    p.iter().fold(0, |acc, &(a, b)| acc ^ sprague::nimber::nim_mul_portable(black_box(a), black_box(b)))
}

#[library_benchmark]
#[bench::pairs(setup = pairs)]
fn nim_mul_plain(p: Vec<(u64, u64)>) -> u64 {
    p.iter().fold(0, |acc, &(a, b)| acc ^ sprague::nimber::nim_mul_plain(black_box(a), black_box(b)))
}

fn few_pairs() -> Vec<(u64, u64)> {
    // The peer is slow; a tenth of the pairs keeps the run short (compare per product).
    nim_pairs(PAIRS / 10)
}

#[library_benchmark]
#[bench::pairs_tenth(setup = few_pairs)]
fn nim_mul_nimber_crate(p: Vec<(u64, u64)>) -> usize {
    p.iter()
        .map(|&(a, b)| {
            let x = &nimber::FiniteNimber::from(a) * &nimber::FiniteNimber::from(b);
            black_box(x);
        })
        .count()
}

library_benchmark_group!(
    name = nim_product;
    benchmarks = nim_mul_sprague, nim_mul_portable, nim_mul_plain, nim_mul_nimber_crate
);

fn dag_of(scramble: bool) -> sprague::DiGraph {
    dag(100_000, 1_000_000, scramble)
}

#[library_benchmark]
#[bench::topological(args = (false), setup = dag_of)]
#[bench::scrambled(args = (true), setup = dag_of)]
fn grundy_dag(g: sprague::DiGraph) -> usize {
    match sprague::impartial::grundy_dag(&g) {
        Ok(v) => v.len(),
        Err(_) => 0,
    }
}

library_benchmark_group!(
    name = dag_values;
    benchmarks = grundy_dag
);

const TABLE: usize = 20_000;

fn octal(code: &str) -> sprague::heap::TakeBreak {
    match sprague::heap::TakeBreak::parse(code) {
        Ok(g) => g,
        Err(e) => panic!("{code}: {e}"),
    }
}

#[library_benchmark]
#[bench::kayles("0.77")]
#[bench::dawson("0.07")]
fn octal_sprague(code: &str) -> usize {
    let g = octal(code);
    g.values_fast(TABLE, &mut |_| true).len()
}

#[library_benchmark]
#[bench::kayles("0.77")]
#[bench::dawson("0.07")]
fn octal_plain(code: &str) -> usize {
    octal(code).values_plain(TABLE).len()
}

#[library_benchmark]
#[bench::kayles("0.77")]
#[bench::dawson("0.07")]
fn octal_ogs_naive(code: &str) -> usize {
    use ogs::Solver;
    let game: ogs::Game = code.parse().unwrap_or_else(|_| panic!("ogs parses {code}"));
    let mut s = ogs::NaiveSolver::<()>::with_capacity(game, TABLE);
    for _ in s.by_ref().take(TABLE) {}
    s.nimbers().len()
}

#[library_benchmark]
#[bench::kayles("0.77")]
#[bench::dawson("0.07")]
fn octal_ogs_rc2(code: &str) -> usize {
    use ogs::Solver;
    let game: ogs::Game = code.parse().unwrap_or_else(|_| panic!("ogs parses {code}"));
    let mut s = ogs::RC2Solver::<true, ()>::with_capacity(game, TABLE);
    for _ in s.by_ref().take(TABLE) {}
    s.nimbers().len()
}

#[library_benchmark]
fn subtraction_134_sprague() -> usize {
    match sprague::heap::Subtraction::new(&[1, 3, 4]).map(|s| s.values_direct(100_000)) {
        Some(Some(v)) => v.len(),
        _ => 0,
    }
}

#[library_benchmark]
fn subtraction_134_cgt() -> usize {
    let game = cgt::short::impartial::games::subtraction::Sub::new(vec![1, 3, 4]);
    game.grundy_sequence().take(100_000).count()
}

library_benchmark_group!(
    name = heap_tables;
    benchmarks = octal_sprague, octal_plain, octal_ogs_naive, octal_ogs_rc2,
        subtraction_134_sprague, subtraction_134_cgt
);

const BOARDS: [&str; 2] = ["....|....|....|....", ".....|.....|.....|....."];

#[library_benchmark]
#[bench::dom4x4(BOARDS[0])]
#[bench::dom5x4(BOARDS[1])]
fn domineering_sprague(board: &str) -> usize {
    use sprague::Notation;
    let Ok(p) = sprague::games::Domineering.parse_position(board) else {
        return 0;
    };
    let mut s = sprague::PartizanSolver::new(&sprague::games::Domineering);
    match s.value(&p) {
        Ok(_) => s.states(),
        Err(_) => 0,
    }
}

#[library_benchmark]
#[bench::dom4x4(BOARDS[0])]
#[bench::dom5x4(BOARDS[1])]
fn domineering_cgt(board: &str) -> usize {
    use cgt::short::partizan::partizan_game::PartizanGame;
    use cgt::short::partizan::transposition_table::ParallelTranspositionTable;
    let Ok(p) = cgt::short::partizan::games::domineering::Domineering::<
        cgt::grid::small_bit_grid::SmallBitGrid<_>,
    >::from_str(board) else {
        return 0;
    };
    let tt = ParallelTranspositionTable::new();
    black_box(p.canonical_form(&tt));
    tt.len()
}

library_benchmark_group!(
    name = partizan;
    benchmarks = domineering_sprague, domineering_cgt
);

fn loopy_graph() -> sprague::DiGraph {
    bench_instructions::random_graph(100_000, 400_000)
}

#[library_benchmark]
#[bench::random_1e5(setup = loopy_graph)]
fn retrograde_packed(g: sprague::DiGraph) -> usize {
    match sprague::loopy::solve_graph(&g, |_| sprague::Wld::Lose) {
        Ok(t) => t.counts().2,
        Err(_) => 0,
    }
}

#[library_benchmark]
#[bench::random_1e5(setup = loopy_graph)]
fn retrograde_baseline(g: sprague::DiGraph) -> usize {
    sprague::loopy::solve_graph_baseline(&g, |_| sprague::Wld::Lose).len()
}

library_benchmark_group!(
    name = retrograde;
    benchmarks = retrograde_packed, retrograde_baseline
);

#[library_benchmark]
#[bench::random_1e5(setup = loopy_graph)]
fn loopy_grundy(g: sprague::DiGraph) -> usize {
    sprague::loopy::loopy_grundy(&g).len()
}

#[library_benchmark]
#[bench::scrambled(args = (true), setup = dag_of)]
fn minimax_dag(g: sprague::DiGraph) -> usize {
    match sprague::loopy::minimax_dag(&g, |v| i64::from(v % 7) - 3) {
        Ok(v) => v.len(),
        Err(_) => 0,
    }
}

fn game_tree(and_or: bool) -> sprague::loopy::MinimaxTree {
    bench_instructions::tree(9, 4, and_or)
}

#[library_benchmark]
#[bench::uniform_4_9(args = (false), setup = game_tree)]
fn alpha_beta(t: sprague::loopy::MinimaxTree) -> u64 {
    sprague::loopy::alpha_beta(&t).1
}

#[library_benchmark]
#[bench::uniform_4_9(args = (true), setup = game_tree)]
fn and_or_random(t: sprague::loopy::MinimaxTree) -> u64 {
    sprague::loopy::and_or_random(&t, 1).1
}

library_benchmark_group!(
    name = score_and_loopy;
    benchmarks = loopy_grundy, minimax_dag, alpha_beta, and_or_random
);

main!(library_benchmark_groups = nim_product, dag_values, heap_tables, partizan, retrograde, score_and_loopy);
