//! The distributed solver against the one-thread state-space solver on
//! random graphs (cycles, self-loops, parallel edges, drawn terminals), with
//! and without un-moves, normal and misère play, 1 to 4 workers.

use proptest::prelude::*;
use sprague::loopy::{SolvedValue, StateSpace, StateSpaceSolver, StateTable};
use sprague::{DiGraph, Wld};
use sprague_dist::{Cluster, DistError, DistOptions, DistSolver, GraphSpace};
use std::sync::Arc;

/// A graph with un-moves from its reversal (the path the built-in spaces take).
#[derive(Clone)]
struct WithUnmoves {
    g: GraphSpace,
    rev: DiGraph,
}

impl StateSpace for WithUnmoves {
    fn state_count(&self) -> u64 {
        self.g.state_count()
    }
    fn is_state(&self, s: u64) -> bool {
        s % 7 != 5
    }
    fn terminal(&self, s: u64) -> Option<Wld> {
        self.g.terminal(s)
    }
    fn moves(&self, s: u64, out: &mut Vec<u64>) {
        self.g.moves(s, out);
    }
    fn has_unmoves(&self) -> bool {
        true
    }
    fn unmoves(&self, s: u64, out: &mut Vec<u64>) {
        // Parents that are over (a terminal outcome) do not move.
        out.extend(
            self.rev
                .successors(s as u32)
                .iter()
                .map(|&t| u64::from(t))
                .filter(|&t| self.g.terminal(t).is_none()),
        );
    }
}

/// Every index's value (the packed cells of undecided states may differ:
/// they hold counters).
fn values(t: StateTable) -> Vec<Option<SolvedValue>> {
    (0..t.len()).map(|s| t.get(s)).collect()
}

fn arb_space() -> impl Strategy<Value = GraphSpace> {
    arb_space_of(14, 32)
}

/// Graphs of fewer than `max_n` vertices and `max_edges` edges.
fn arb_space_of(max_n: usize, max_edges: usize) -> impl Strategy<Value = GraphSpace> {
    (1usize..max_n).prop_flat_map(move |n| {
        (
            prop::collection::vec((0..n as u32, 0..n as u32), 0..max_edges),
            prop::collection::vec(prop::option::of(0u8..3), n),
        )
            .prop_map(move |(edges, out)| {
                let (s, t): (Vec<u32>, Vec<u32>) = edges.into_iter().unzip();
                GraphSpace {
                    graph: DiGraph::from_edges(n, &s, &t).unwrap(),
                    outcomes: out
                        .into_iter()
                        .map(|o| o.map(|k| [Wld::Win, Wld::Lose, Wld::Draw][k as usize]))
                        .collect(),
                }
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]
    #[test]
    fn distributed_equals_one_thread(
        space in arb_space(),
        workers in 1usize..=4,
        misere: bool,
        // Small lists make the workers find most levels by scanning.
        min_listed in prop_oneof![Just(1024usize), 0usize..4],
        // Small batches make the workers wait for each other (flow control).
        batch in prop_oneof![Just(4096usize), 1usize..3],
    ) {
        let options = DistOptions { misere, min_listed, batch_size: batch, ..DistOptions::default() };
        let solver = || DistSolver::with_options(Cluster::threads(workers), options);
        let (got, want) = both_ways(&space, solver(), misere);
        prop_assert_eq!(got, want);
        let rev = space.graph.reversed();
        let both = WithUnmoves { g: space, rev };
        let (got, want) = both_ways(&both, solver(), misere);
        prop_assert_eq!(got, want);
    }

    /// Levels of hundreds of messages in batches of one or two: each worker
    /// sends many steps a level and waits for the slowest (flow control).
    #[test]
    fn flow_control_keeps_the_values(
        space in arb_space_of(400, 4000),
        workers in 2usize..=4,
        batch in 1usize..3,
    ) {
        let rev = space.graph.reversed();
        let both = WithUnmoves { g: space, rev };
        let (got, want) = both_ways(&both, DistSolver::with_options(Cluster::threads(workers), DistOptions { batch_size: batch, ..DistOptions::default() }), false);
        prop_assert_eq!(got, want);
    }
}

/// The values of `space` by `solver` and by the one-thread solver.
fn both_ways<S>(
    space: &S,
    solver: DistSolver,
    misere: bool,
) -> (Vec<Option<SolvedValue>>, Vec<Option<SolvedValue>>)
where
    S: StateSpace + Clone + Send + Sync + 'static,
{
    let want = values(StateSpaceSolver::new(space).misere(misere).solve().unwrap());
    let got = values(solver.solve(Arc::new(space.clone()), "graph").unwrap().unwrap());
    (got, want)
}

#[test]
fn krk_matches_on_three_workers() {
    let want = values(StateSpaceSolver::new(&sprague::loopy::Krk).solve().unwrap());
    let got = values(
        DistSolver::new(Cluster::threads(3))
            .solve(Arc::new(sprague::loopy::Krk), "krk")
            .unwrap()
            .unwrap(),
    );
    assert!(got == want, "KRK tables differ");
}

#[test]
fn long_paths_overflow_like_the_core() {
    // A path of 20,000 moves: remoteness past the packed limit of 16,381.
    let n = 20_000u32;
    let from: Vec<u32> = (0..n - 1).collect();
    let to: Vec<u32> = (1..n).collect();
    let space = GraphSpace {
        graph: DiGraph::from_edges(n as usize, &from, &to).unwrap(),
        outcomes: vec![None; n as usize],
    };
    let core = StateSpaceSolver::new(&space).solve().err().map(|e| e.to_string());
    assert!(core.is_some(), "the one-thread solver stops at the limit too");
    let got = DistSolver::new(Cluster::threads(2)).solve(Arc::new(space), "path");
    let Err(DistError::Limit(l)) = got else {
        panic!("expected the remoteness limit, got {got:?}");
    };
    assert_eq!(Some(l.to_string()), core);
}

#[test]
fn bad_configurations_are_refused() {
    let space = Arc::new(sprague::loopy::TicTacToe);
    let e = DistSolver::new(Cluster::processes(
        1,
        2,
        2,
        vec!["127.0.0.1:1".into(), "127.0.0.1:2".into()],
    ))
    .solve(Arc::clone(&space), "t")
    .unwrap_err();
    assert!(e.to_string().contains("--process 2 is out of range"), "{e}");
    let e = DistSolver::new(Cluster::processes(1, 3, 0, vec!["127.0.0.1:1".into()]))
        .solve(Arc::clone(&space), "t")
        .unwrap_err();
    assert!(e.to_string().contains("1 address but --processes is 3"), "{e}");
    let e = DistSolver::new(Cluster::threads(0))
        .solve(space, "t")
        .unwrap_err();
    assert!(e.to_string().contains("--workers 0"), "{e}");
}
