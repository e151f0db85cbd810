//! Your own loopy game as a state space: a token on a directed graph with
//! cycles; a move slides it along an edge, and a player who cannot move loses.
//! The retrograde solver gives every state Win, Lose or Draw with remoteness.
//!
//! Run with `cargo run -p sprague --example own_loopy`.

use sprague::{StateSpace, StateSpaceSolver, loopy::SolvedValue};

/// The states are the vertices `0..edges.len()`; `edges[v]` are the moves from `v`.
struct Token {
    edges: Vec<Vec<u64>>,
}

impl StateSpace for Token {
    fn state_count(&self) -> u64 {
        self.edges.len() as u64
    }

    fn moves(&self, s: u64, out: &mut Vec<u64>) {
        out.extend_from_slice(&self.edges[s as usize]);
    }
}

/// A check by the definition, independent of the solver: in round `k`, a
/// state wins in `k` if it can move to a loss in `k − 1`, and loses in `k` if
/// every move goes to a win already known; what is never decided is a draw.
/// O(rounds · edges).
fn brute_force(edges: &[Vec<u64>]) -> Vec<SolvedValue> {
    let mut known: Vec<Option<SolvedValue>> = vec![None; edges.len()];
    for k in 0.. {
        let before = known.clone();
        for (v, moves) in edges.iter().enumerate().filter(|(v, _)| before[*v].is_none()) {
            let to = |w: &u64| before[*w as usize];
            if k > 0 && moves.iter().any(|w| to(w) == Some(SolvedValue::lose(k - 1))) {
                known[v] = Some(SolvedValue::win(k));
            } else if moves
                .iter()
                .all(|w| to(w).is_some_and(|s| s.wld == sprague::Wld::Win))
            {
                known[v] = Some(SolvedValue::lose(k));
            }
        }
        if known == before && k > 0 {
            break;
        }
    }
    known
        .into_iter()
        .map(|s| s.unwrap_or(SolvedValue::DRAW))
        .collect()
}

fn solve(edges: &[Vec<u64>]) -> Vec<SolvedValue> {
    let game = Token {
        edges: edges.to_vec(),
    };
    let table = StateSpaceSolver::new(&game).solve().expect("a small space");
    (0..table.len())
        .map(|s| table.get(s).expect("every index is a state"))
        .collect()
}

/// Runs the example (also called by `tests/engine/examples.rs`); a failed assertion is a wrong answer.
pub fn main() {
    // 0 is a dead end; 4 ⇄ 5 is a cycle that nobody wants to leave; 7 may loop on itself.
    let edges = vec![
        vec![],
        vec![0],
        vec![1],
        vec![2, 4],
        vec![5],
        vec![4, 1],
        vec![4, 2],
        vec![7, 0],
        vec![7, 3],
    ];
    let solved = solve(&edges);
    for (v, s) in solved.iter().enumerate() {
        println!("state {v}: {s}");
    }
    let (w, l, d) = (SolvedValue::win, SolvedValue::lose, SolvedValue::DRAW);
    assert_eq!(solved, [l(0), w(1), l(2), w(3), d, d, w(3), w(1), l(4)]);
    assert_eq!(solved, brute_force(&edges));

    // A larger graph with pseudo-random edges: the solver agrees with the definition.
    let mut seed = 7u64;
    let mut next = move |n: u64| {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (seed >> 33) % n
    };
    let edges: Vec<Vec<u64>> = (0..300)
        .map(|_| (0..next(4)).map(|_| next(300)).collect())
        .collect();
    let solved = solve(&edges);
    assert_eq!(solved, brute_force(&edges));
    let draws = solved.iter().filter(|s| **s == SolvedValue::DRAW).count();
    println!("random graph: 300 states, {draws} draws, all equal to the brute force");
}
