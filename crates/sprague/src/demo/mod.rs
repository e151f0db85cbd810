//! Demos: built-in state spaces solved whole — tic-tac-toe, the KRK, KQK and
//! KPK chess endgames, river-pawn boards — each answered by one typed
//! report ([`DemoReport`]) that every surface prints as text or as its one
//! JSON form ([`Data::to_json`](crate::Data::to_json)).
//!
//! [`DEMOS`] lists them (name, title, what they read); [`solve_demo`]
//! solves one through a [`SpaceSolver`] — [`LocalSolver`] in this process,
//! or the caller's own (the command line spreads a solve over processes) —
//! and reports it. Budgets and the monitor come in [`DemoOptions`], as for
//! [`calc`](crate::calc::calc).
//!
//! ```
//! use sprague::Monitor;
//! use sprague::demo::{DemoOptions, DemoReport, LocalSolver, solve_demo};
//!
//! static MONITOR: Monitor = Monitor::new();
//! let opts = DemoOptions::new(&MONITOR);
//! let r = solve_demo("tic-tac-toe", &opts, &LocalSolver::from(&opts)).unwrap();
//! let DemoReport::TicTacToe(t) = &r else { panic!() };
//! // 5,478 positions are reachable from the empty board, 765 up to
//! // rotation and reflection (the sum of OEIS A008907 over 0 to 9 plays).
//! assert_eq!((t.reachable, t.statistics.up_to_symmetry), (5478, 765));
//! assert!(r.to_json().starts_with(r#"{"demo":"tic-tac-toe","reachable":5478,"#));
//! ```

mod demo_catalog;
mod demo_report;
mod endgame_report;
mod space_solver;
mod space_stats_report;

pub use demo_catalog::{DEMOS, DemoEntry, DemoInput, demo_entry, unknown_demo};
pub use demo_report::{DemoReport, KrkReport, RiverPawnReport, TicTacToeReport};
pub use endgame_report::EndgameReport;
pub use space_solver::{LocalSolver, SpaceSolver, solve_error};

use demo_catalog::DemoKind;
use demo_report::river_pawn_result;

use crate::loopy::{
    Endgame, Krk, Material, RiverPawn, SolvedValue, StateSpace, TicTacToe, endgame_summary, krk_depth_counts,
    krk_longest_mate_example, reachable_counts, solve_kpk_by_pawn_rank, space_stats,
};
use crate::registry::Error;
use crate::{BudgetExceeded, Monitor};

/// What [`solve_demo`] is given beyond the demo's name.
#[derive(Clone, Copy, Debug)]
pub struct DemoOptions<'a> {
    /// The board picture of a demo that reads one ([`DemoInput::BoardPicture`]).
    pub board: Option<&'a str>,
    /// Where the board picture came from (a file name), to begin the
    /// messages about it.
    pub board_name: &'a str,
    /// Threads of a solve in this process, 1 to
    /// [`MAX_THREADS`](crate::loopy::MAX_THREADS) (the values are the same
    /// for any number).
    pub threads: usize,
    /// Most states solved, and counted for the statistics.
    pub max_states: usize,
    /// The monitor the solve polls (stop flag, memory budget).
    pub monitor: &'static Monitor,
    /// Seconds since a fixed instant, to time the solves of the demos that
    /// report their time (`None`: no time reported). The core has no clock
    /// of its own: it runs in the browser too.
    pub clock: Option<fn() -> f64>,
}

impl<'a> DemoOptions<'a> {
    /// No board, one thread, [`crate::DEFAULT_MAX_STATES`], no clock,
    /// watched by `monitor`.
    #[must_use]
    pub const fn new(monitor: &'static Monitor) -> DemoOptions<'a> {
        DemoOptions {
            board: None,
            board_name: "board",
            threads: 1,
            max_states: crate::DEFAULT_MAX_STATES,
            monitor,
            clock: None,
        }
    }
}

impl From<&DemoOptions<'_>> for LocalSolver {
    fn from(o: &DemoOptions<'_>) -> Self {
        LocalSolver {
            threads: o.threads,
            max_states: o.max_states,
            monitor: o.monitor,
        }
    }
}

/// Solves the demo `name` ([`DEMOS`]) with `solver` and reports it.
/// Cost: the solve of the demo's space (tic-tac-toe 3^9 states, KRK about
/// 2^18, KPK about 2^19 with its promotions; linear in states and moves),
/// then one pass over the table for the report (counting tic-tac-toe's
/// games adds a topological order of its reachable states).
///
/// # Errors
/// An unknown name ([`unknown_demo`]); a missing or bad board picture; the
/// state budget passed; the monitor stopped; the solver's own failures.
pub fn solve_demo<V: SpaceSolver>(
    name: &str,
    opts: &DemoOptions<'_>,
    solver: &V,
) -> Result<DemoReport, V::Error> {
    let entry = demo_entry(name).ok_or_else(|| unknown_demo(name))?;
    let budget = |e: BudgetExceeded| V::Error::from(Error::from(e));
    let now = || opts.clock.map(|c| c());
    let since = |t0: Option<f64>| Some(now()? - t0?);
    match entry.kind {
        DemoKind::TicTacToe => {
            let t = solver.solve(&TicTacToe, b"")?;
            let start = t.get(0).unwrap_or(SolvedValue::DRAW);
            let (reachable, counts) = reachable_counts(&TicTacToe, &t, 0, opts.max_states).map_err(budget)?;
            let statistics = space_stats(&TicTacToe, &t, Some(0), opts.max_states).map_err(budget)?;
            Ok(DemoReport::TicTacToe(TicTacToeReport {
                reachable,
                counts,
                start,
                statistics,
            }))
        }
        DemoKind::Krk => {
            let t0 = now();
            let t = solver.solve(&Krk, b"")?;
            let seconds = since(t0);
            let mate_in_moves_counts = krk_depth_counts(&t);
            let statistics = space_stats(&Krk, &t, None, opts.max_states).map_err(budget)?;
            let longest_mate_plies = statistics
                .sides
                .first()
                .map_or(0, |w| w.wins_by_remoteness.len().saturating_sub(1));
            Ok(DemoReport::Krk(KrkReport {
                title: entry.title,
                longest_mate_moves: mate_in_moves_counts.len().saturating_sub(1),
                longest_mate_plies,
                longest_example: krk_longest_mate_example(&t),
                mate_in_moves_counts,
                statistics,
                seconds,
            }))
        }
        DemoKind::Endgame(material) => {
            let space = Endgame::new(material);
            let t0 = now();
            // KPK is solved tier by tier: the promoted endgames, then one
            // pawn rank at a time from the 7th down (the same values as one
            // solve of the whole space); a solve elsewhere takes the space
            // whole.
            let table = if material == Material::Kpk && solver.in_process() {
                if space.state_count() > opts.max_states as u64 {
                    return Err(budget(BudgetExceeded {
                        max_states: opts.max_states,
                    }));
                }
                solve_kpk_by_pawn_rank(opts.threads).map_err(|e| Error::input(e.to_string()))?
            } else {
                solver.solve(&space, b"")?
            };
            let seconds = since(t0);
            Ok(DemoReport::Endgame(EndgameReport {
                demo: entry.name,
                title: entry.title,
                seconds,
                sides: endgame_summary(&space, &table),
            }))
        }
        DemoKind::RiverPawn => {
            let Some(board) = opts.board else {
                return Err(Error::input(format!(
                    "the {name} demo needs a board picture (rows of `.`, `#`, `O` red, `X` black)"
                ))
                .into());
            };
            let b = RiverPawn::parse(board).map_err(|e| Error::input(format!("{}: {e}", opts.board_name)))?;
            let t = solver.solve(&b, board.as_bytes())?;
            Ok(DemoReport::RiverPawn(river_pawn_result(
                t.get(b.start()).unwrap_or(SolvedValue::DRAW),
            )))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::loopy::Wld;

    static MONITOR: Monitor = Monitor::new();

    fn solve(name: &str, board: Option<&str>) -> Result<DemoReport, Error> {
        let opts = DemoOptions {
            board,
            ..DemoOptions::new(&MONITOR)
        };
        solve_demo(name, &opts, &LocalSolver::from(&opts))
    }

    /// Tic-tac-toe's published figures: 5,478 positions reachable from the
    /// empty board, 765 up to rotation and reflection (the sum of OEIS
    /// A008907, 1 + 3 + 12 + 38 + 108 + 174 + 204 + 153 + 57 + 15), and
    /// 255,168 games — 131,184 won by X, 77,904 by O, 46,080 drawn
    /// (Schaefer's count, quoted in Wikipedia's "Tic-tac-toe"); a draw with
    /// perfect play.
    #[test]
    fn tic_tac_toe_has_the_published_counts() {
        let r = solve("tic-tac-toe", None).unwrap();
        let DemoReport::TicTacToe(t) = &r else {
            panic!("{r:?}")
        };
        assert_eq!(t.reachable, 5478);
        assert_eq!(t.counts.iter().sum::<u64>(), 5478);
        assert_eq!(t.start.wld, Wld::Draw);
        let st = &t.statistics;
        assert_eq!((st.positions, st.up_to_symmetry), (5478, 765));
        assert_eq!(st.game_count(), Some(255_168));
        let games = st.games.as_ref().unwrap();
        assert_eq!(games[&("O", "lost (three in a row)")], 131_184);
        assert_eq!(games[&("X", "lost (three in a row)")], 77_904);
        assert_eq!(games[&("O", "drawn (full board)")], 46_080);
        let json = r.to_json();
        assert!(json.starts_with(r#"{"demo":"tic-tac-toe","reachable":5478,"counts":{"W":2836,"#));
        assert!(json.contains(r#""start":["D",null]"#));
        assert!(json.ends_with(r#""games":{"total":"255168","by_end":[{"to_move":"O","end":"drawn (full board)","games":"46080"},{"to_move":"O","end":"lost (three in a row)","games":"131184"},{"to_move":"X","end":"lost (three in a row)","games":"77904"}]}}}"#));
        let text = r.text();
        assert!(text.starts_with("tic-tac-toe: 5478 positions reachable from the empty board"));
        assert!(text.contains("positions: 5478 (765 up to symmetry)\n"));
        assert!(text.contains("games (move sequences to an end): 255168\n"));
    }

    /// King and rook against king: the longest forced mate is 16 moves
    /// (31 plies), the published retrograde result (Ströhlein 1970; see
    /// Wikipedia, "Rook and king versus king" / endgame tablebases). King
    /// and queen against king: 10 moves.
    #[test]
    fn krk_and_kqk_have_the_published_longest_mates() {
        let r = solve("krk", None).unwrap();
        let DemoReport::Krk(k) = &r else { panic!("{r:?}") };
        assert_eq!((k.longest_mate_moves, k.longest_mate_plies), (16, 31));
        assert_eq!(k.mate_in_moves_counts.len(), 17);
        assert!(k.mate_in_moves_counts[16] > 0);
        assert_eq!(k.seconds, None);
        assert!(
            r.to_json()
                .starts_with(r#"{"demo":"krk","longest_mate_moves":16,"longest_mate_plies":31,"#)
        );
        assert!(r.to_json().ends_with(r#","seconds":null}"#));
        assert!(r.text().starts_with(
            "KRK (king and rook against king): longest mate: mate in 16 moves (remoteness 31 plies, White to move)\n"
        ));
        let r = solve("kqk", None).unwrap();
        let DemoReport::Endgame(e) = &r else {
            panic!("{r:?}")
        };
        assert_eq!((e.sides[0].longest_moves, e.sides[0].longest_plies), (10, 19));
        assert!(
            r.to_json()
                .starts_with(r#"{"demo":"kqk","seconds":null,"by_side_to_move":[{"to_move":"White","#)
        );
    }

    #[test]
    fn river_pawn_reads_its_board() {
        let r = solve("river-pawn", Some("...\n.O.\nXO.\n")).unwrap();
        assert_eq!(r.to_json(), r#"{"demo":"river-pawn","result":"Red","steps":1}"#);
        assert_eq!(r.text(), "Red 1\n");
        let e = solve("river-pawn", None).unwrap_err().to_string();
        assert!(e.contains("needs a board picture"), "{e}");
        let e = solve("river-pawn", Some("x\n")).unwrap_err().to_string();
        assert!(e.starts_with("board: line 1: "), "{e}");
    }

    #[test]
    fn an_unknown_name_lists_the_catalog() {
        let e = solve("chess", None).unwrap_err().to_string();
        assert_eq!(
            e,
            "unknown demo `chess`: expected tic-tac-toe, krk, kqk, krk-table, kpk or river-pawn"
        );
        assert!(DEMOS.iter().all(|d| demo_entry(d.name) == Some(d)));
    }

    /// A solver that fails: its error comes back as it is.
    struct Refusing;

    impl SpaceSolver for Refusing {
        type Error = Error;
        fn solve<S: StateSpace + Clone + Send + Sync + 'static>(
            &self,
            _: &S,
            _: &[u8],
        ) -> Result<crate::loopy::StateTable, Error> {
            Err(Error::Internal("no transport".into()))
        }
        fn in_process(&self) -> bool {
            false
        }
    }

    #[test]
    fn the_solvers_errors_and_the_budget_come_back() {
        let opts = DemoOptions::new(&MONITOR);
        for name in ["tic-tac-toe", "krk", "kpk", "kqk"] {
            assert_eq!(
                solve_demo(name, &opts, &Refusing),
                Err(Error::Internal("no transport".into()))
            );
        }
        let small = DemoOptions {
            max_states: 1000,
            ..opts
        };
        let e = solve_demo("kpk", &small, &LocalSolver::from(&small)).unwrap_err();
        assert!(matches!(e, Error::Search(crate::SearchError::Budget(_))), "{e:?}");
    }
}
