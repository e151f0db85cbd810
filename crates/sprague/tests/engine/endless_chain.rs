//! A game whose every option is a new position (`n` moves to `n + 1`) is
//! searched deeper and deeper and never solves a position. A stop request
//! (Ctrl-C, the memory budget read by the monitor) must still end the
//! search soon: the solvers look at their monitor as they descend, not only
//! as they solve. Without that, the search below runs to its state budget
//! and reports the budget instead of the stop.

use sprague::{
    GrundySolver, ImpartialRules, MisereSolver, Monitor, PartizanRules, PartizanSolver, SearchError,
};

/// `n` has one option, `n + 1`, for either player.
struct Endless;

impl ImpartialRules for Endless {
    type Position = u64;
    fn moves(&self, n: &u64, out: &mut Vec<u64>) {
        out.push(n + 1);
    }
}

impl PartizanRules for Endless {
    type Position = u64;
    fn left_moves(&self, n: &u64, out: &mut Vec<u64>) {
        out.push(n + 1);
    }
    fn right_moves(&self, n: &u64, out: &mut Vec<u64>) {
        out.push(n + 2);
    }
}

/// A state budget far beyond the descents between two looks at the monitor.
const BUDGET: usize = 1 << 20;

fn stopped() -> Monitor {
    let m = Monitor::new();
    m.stop();
    m
}

#[test]
fn grundy_search_down_an_endless_chain_sees_a_stop() {
    let m = stopped();
    let mut s = GrundySolver::with_max_states(&Endless, BUDGET).with_monitor(&m);
    let r = s.grundy(&0);
    assert!(matches!(r, Err(SearchError::Interrupted(_))), "{r:?}");
    // Without a monitor the same search ends at its state budget.
    let mut s = GrundySolver::with_max_states(&Endless, 1000);
    assert!(matches!(s.grundy(&0), Err(SearchError::Budget(_))));
}

#[test]
fn misere_search_down_an_endless_chain_sees_a_stop() {
    let m = stopped();
    let mut s = MisereSolver::with_max_states(&Endless, BUDGET).with_monitor(&m);
    let r = s.outcome(&0);
    assert!(matches!(r, Err(SearchError::Interrupted(_))), "{r:?}");
}

#[test]
fn partizan_search_down_an_endless_chain_sees_a_stop() {
    let m = stopped();
    let mut s = PartizanSolver::with_max_states(&Endless, BUDGET).with_monitor(&m);
    let r = s.value(&0);
    assert!(matches!(r, Err(SearchError::Interrupted(_))), "{r:?}");
}
