//! One-pass solving of state spaces whose moves always lead to larger
//! indices, and the value a position's children imply (the retrograde
//! rules, also the parent/child self-test of stored tables).

use super::space::{SolveError, StateSpace, StateTable};
use super::wld::{SolvedValue, Wld};
use crate::budget::BudgetExceeded;
use crate::monitor::Monitor;

/// The value of state `s` implied by the values of its children (`child(t)`,
/// `None` for an index that is not a position, counted as a draw), in normal
/// play: `None` if `s` is not a position; a terminal's own value (remoteness
/// 0); no moves: lost in 0; a losing child: won, remoteness 1 + the least
/// remoteness of a losing child; every child won: lost, remoteness 1 + the
/// largest; otherwise drawn.
///
/// Every value of a solved table satisfies this rule (the retrograde solver
/// decides a win at the level after its fastest losing child and a loss after
/// its slowest child; a draw has no losing child and a child not won), which
/// makes it both the one-pass solver's step and a self-test of stored tables.
/// O(moves of `s`); `buf` is scratch space.
pub fn implied_value<S: StateSpace + ?Sized>(
    space: &S,
    s: u64,
    buf: &mut Vec<u64>,
    mut child: impl FnMut(u64) -> Option<SolvedValue>,
) -> Option<SolvedValue> {
    if !space.is_state(s) {
        return None;
    }
    match space.terminal(s) {
        Some(Wld::Lose) => return Some(SolvedValue::lose(0)),
        Some(Wld::Win) => return Some(SolvedValue::win(0)),
        Some(Wld::Draw) => return Some(SolvedValue::DRAW),
        None => {}
    }
    buf.clear();
    space.moves(s, buf);
    if buf.is_empty() {
        return Some(SolvedValue::lose(0));
    }
    let (mut fastest_loss, mut slowest_win, mut all_won) = (None::<u32>, 0u32, true);
    for &t in buf.iter() {
        let v = child(t).unwrap_or(SolvedValue::DRAW);
        match (v.wld, v.remoteness) {
            (Wld::Lose, Some(r)) => fastest_loss = Some(fastest_loss.map_or(r, |f| f.min(r))),
            (Wld::Win, Some(r)) => slowest_win = slowest_win.max(r),
            _ => all_won = false,
        }
    }
    Some(match fastest_loss {
        Some(r) => SolvedValue::win(r + 1),
        None if all_won => SolvedValue::lose(slowest_win + 1),
        None => SolvedValue::DRAW,
    })
}

/// Solves a space whose moves all lead to larger indices
/// ([`StateSpace::moves_increase_index`]) in one pass from the last index
/// down: each state's children are decided before it, so its value is
/// [`implied_value`] of theirs. The same values as
/// [`super::StateSpaceSolver`] (normal play) in O(N + E) time instead of
/// O(L·(N + E)), one thread, 2 bytes per index. The monitor (optional) counts
/// indices and is polled every 4096 of them.
///
/// # Errors
/// [`SolveError::Budget`] past `max_states` indices,
/// [`SolveError::Interrupted`] on a stop request, and
/// [`super::SpaceLimit::RemotenessOverflow`] past the table's remoteness limit.
pub fn solve_ordered<S: StateSpace + ?Sized>(
    space: &S,
    max_states: usize,
    monitor: Option<&Monitor>,
) -> Result<StateTable, SolveError> {
    let n = space.state_count();
    if n > max_states as u64 {
        return Err(BudgetExceeded { max_states }.into());
    }
    if let Some(m) = monitor {
        m.start_phase("deciding positions", Some(n), 0);
    }
    let table = StateTable::not_states(n);
    let mut buf = Vec::new();
    for s in (0..n).rev() {
        if s % 4096 == 0
            && let Some(m) = monitor
        {
            m.check()?;
            m.add(4096.min(n - s));
        }
        let v = implied_value(space, s, &mut buf, |t| table.get(t));
        table.set(s, v).map_err(SolveError::Failed)?;
    }
    Ok(table)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::DiGraph;
    use crate::loopy::space::tests::GraphSpace;
    use crate::loopy::{StateSpaceSolver, solve_graph};
    use proptest::prelude::*;

    /// A random DAG whose edges go from smaller to larger vertices.
    fn arb_dag() -> impl Strategy<Value = DiGraph> {
        (1usize..14).prop_flat_map(|n| {
            proptest::collection::vec((0..n, 0..n), 0..40).prop_map(move |pairs| {
                let (mut from, mut to) = (Vec::new(), Vec::new());
                for (a, b) in pairs {
                    if a < b {
                        from.push(a as u32);
                        to.push(b as u32);
                    }
                }
                DiGraph::from_edges(n, &from, &to).unwrap()
            })
        })
    }

    struct Increasing(GraphSpace);

    impl StateSpace for Increasing {
        fn state_count(&self) -> u64 {
            self.0.state_count()
        }
        fn moves(&self, s: u64, out: &mut Vec<u64>) {
            self.0.moves(s, out);
        }
        fn moves_increase_index(&self) -> bool {
            true
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        /// The one-pass solver matches the graph solver and the level solver
        /// on random DAGs.
        #[test]
        fn ordered_matches_retrograde(g in arb_dag()) {
            let want: Vec<SolvedValue> = solve_graph(&g, |_| Wld::Lose).unwrap().iter().collect();
            let space = Increasing(GraphSpace { rev: g.reversed(), g, unmoves: false });
            let t = solve_ordered(&space, usize::MAX, None).unwrap();
            let levels = StateSpaceSolver::new(&space).solve().unwrap();
            for s in 0..t.len() {
                prop_assert_eq!(t.get(s), Some(want[s as usize]));
                prop_assert_eq!(levels.get(s), Some(want[s as usize]));
                // Every solved value is the one its children imply.
                let mut buf = Vec::new();
                prop_assert_eq!(implied_value(&space, s, &mut buf, |c| levels.get(c)), Some(want[s as usize]));
            }
        }

        /// On loopy graphs too, every value of the retrograde solution is the
        /// one its children imply (the self-test of `verify`).
        #[test]
        fn loopy_solutions_are_fixed_points(g in crate::loopy::wld::tests::arb_graph(12, 30)) {
            let space = GraphSpace { rev: g.reversed(), g, unmoves: true };
            let t = StateSpaceSolver::new(&space).solve().unwrap();
            let mut buf = Vec::new();
            for s in 0..t.len() {
                prop_assert_eq!(implied_value(&space, s, &mut buf, |c| t.get(c)), t.get(s));
            }
        }
    }

    #[test]
    fn budget_and_stop() {
        let g = DiGraph::from_edges(3, &[0, 1], &[1, 2]).unwrap();
        let space = Increasing(GraphSpace {
            rev: g.reversed(),
            g,
            unmoves: false,
        });
        assert!(matches!(
            solve_ordered(&space, 2, None),
            Err(SolveError::Budget(_))
        ));
        let m = Monitor::new();
        m.stop();
        assert!(matches!(
            solve_ordered(&space, 10, Some(&m)),
            Err(SolveError::Interrupted(_))
        ));
    }
}
