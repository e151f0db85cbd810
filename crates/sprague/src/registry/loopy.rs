//! The adapter of state spaces solved by retrograde analysis ([`SpaceRules`]):
//! reports win, lose or draw with remoteness and the best moves, and plays.
//! Also the spaces that solve into table files ([`state_space`]). The games
//! (tic-tac-toe, chess endgames, Connect Four, …) are under `games/`.

use super::report::{Data, Report};
use super::ruleset::Ruleset;
use crate::loopy::{
    ConnectFour, ConnectFourTiers, Krk, SolveError, SpaceNotation, StateSpaceSolver, StateTable, TicTacToe,
    solve_ordered,
};
use crate::play::{PlayEngine, SpaceEngine, best_state_moves, erase};
use crate::query::{Error, Options, Result};

/// A state space with a notation, as a registry [`Ruleset`]: `value` solves
/// the whole space with [`StateSpaceSolver`] and reports the position's
/// result, remoteness and best moves; `play` solves it and plays with a
/// [`SpaceEngine`]. The space has its own end rules: misère play is not
/// supported.
#[derive(Clone, Debug)]
pub struct SpaceRules<S> {
    /// Name shown in reports.
    pub name: String,
    /// The state space.
    pub space: S,
}

impl<S: SpaceNotation> SpaceRules<S> {
    /// Rejects misère play, then parses `position` into its state.
    fn state(&self, position: &str, options: &Options<'_>) -> Result<u64> {
        if options.misere {
            return Err(Error::input(format!(
                "`{}` has its own end rules: --misere is not supported",
                self.name
            )));
        }
        self.space
            .parse_state(position)
            .map_err(|e| Error::input(format!("{e} (ruleset `{}`)", self.name)))
    }

    /// The solved table of the whole space. Time and memory linear in the
    /// number of states and moves (see [`StateSpaceSolver::solve`]).
    fn solve(&self, options: &Options<'_>) -> Result<StateTable> {
        let solved = if self.space.moves_increase_index() {
            solve_ordered(&self.space, options.max_states, Some(options.monitor))
        } else {
            StateSpaceSolver::new(&self.space)
                .max_states(options.max_states)
                .with_monitor(options.monitor)
                .solve()
        };
        solved.map_err(|e| match e {
            SolveError::Budget(b) => b.into(),
            SolveError::Interrupted(i) => i.into(),
            other => Error::input(other.to_string()),
        })
    }
}

impl<S: SpaceNotation> SpaceRules<S> {
    /// The report of [`Ruleset::value`] for `position`, read from `table`, a
    /// table of the whole space solved elsewhere (by another solver, e.g. a
    /// distributed one, with the same results as [`StateSpaceSolver`]).
    /// O(moves of the position).
    ///
    /// # Errors
    /// Misère play, a position that does not parse, or a table that lacks
    /// the position's state.
    pub fn report(&self, position: &str, options: &Options<'_>, table: &StateTable) -> Result<Report> {
        let s = self.state(position, options)?;
        self.report_state(s, table)
    }

    fn report_state(&self, s: u64, table: &StateTable) -> Result<Report> {
        let solved = table
            .get(s)
            .ok_or_else(|| Error::internal(format!("state {s} missing from the solved table")))?;
        let shown = self.space.format_state(s);
        let mover = self.space.mover(s);
        let rows: Vec<(String, String)> = best_state_moves(&self.space, table, s)?
            .into_iter()
            .map(|t| (self.space.format_state(t), self.space.describe_state_move(s, t)))
            .collect();
        let data = Data::map()
            .with("ruleset", self.name.as_str())
            .with("position", shown.as_str())
            .with("to_move", mover.as_str())
            .with("outcome", solved.wld.as_str())
            .with("remoteness", solved.remoteness)
            .with("depth_moves", solved.depth_moves())
            .with("best_moves", Data::moves(&rows));
        let text = format!(
            "{} {shown}\n{mover} to move {} with perfect play (outcome {})\n",
            self.name,
            solved.words(),
            solved.wld,
        );
        let mut report = Report::new(data, text);
        report.push_moves("best_moves", "best moves", " (the game is over)");
        Ok(report)
    }
}

impl<S: SpaceNotation> Ruleset for SpaceRules<S> {
    fn value(&self, position: &str, options: &Options<'_>) -> Result<Report> {
        let s = self.state(position, options)?;
        let table = self.solve(options)?;
        self.report_state(s, &table)
    }

    /// Solves the whole space before the first move (a stop through the
    /// monitor ends here, before anything can be judged).
    fn play<'a>(&'a self, position: &str, options: &Options<'a>) -> Result<Box<dyn PlayEngine + 'a>> {
        let s = self.state(position, options)?;
        let table = self.solve(options)?;
        Ok(erase(SpaceEngine::new(self.name.clone(), &self.space, table), s))
    }
}

/// The Connect Four board of parameters `WxH` (e.g. `5x4`).
pub(crate) fn connect_four(params: Option<&str>) -> Result<ConnectFour> {
    let Some(p) = params else {
        return Err(Error::input(
            "connect-four needs the board size: connect-four:WxH, e.g. connect-four:5x4 (W columns, H rows)",
        ));
    };
    let bad = || {
        Error::input(format!(
            "connect-four:{p}: expected the board size WxH, e.g. 5x4 (W columns, H rows)"
        ))
    };
    let (w, h) = p.trim().split_once(['x', 'X']).ok_or_else(bad)?;
    let (w, h): (u32, u32) = (
        w.trim().parse().map_err(|_| bad())?,
        h.trim().parse().map_err(|_| bad())?,
    );
    ConnectFour::new(w, h).map_err(|e| Error::input(format!("connect-four:{p}: {e}")))
}

/// Connect Four of parameters `WxH` numbered tier by tier (the rank
/// encoding of [`ConnectFourTiers`]), the space of tiered solves.
///
/// # Errors
/// [`Error::Input`] for bad parameters or a board whose height vectors are
/// too many to list.
pub fn connect_four_tiers(params: Option<&str>) -> Result<ConnectFourTiers> {
    let c = connect_four(params)?;
    ConnectFourTiers::new(c).ok_or_else(|| {
        Error::input(format!(
            "connect-four:{}x{}: too large for the tiered solver ((height + 1)^width must be at most 2^24)",
            c.width(),
            c.height()
        ))
    })
}

/// The state spaces that can be solved into a table file, by name:
/// `tic-tac-toe`, `krk`, `connect-four:WxH` and `connect-four-tiers:WxH`
/// (the same boards numbered tier by tier, written by tiered solves); the name is returned in its
/// canonical spelling (the one stored in table files).
///
/// # Errors
/// [`Error::Input`] for another name or bad parameters.
pub fn state_space(spec: &str) -> Result<(String, Box<dyn SpaceNotation>)> {
    let (name, params) = match spec.trim().split_once(':') {
        Some((n, p)) => (n, Some(p)),
        None => (spec.trim(), None),
    };
    match name.to_ascii_lowercase().as_str() {
        "tic-tac-toe" if params.is_none() => Ok(("tic-tac-toe".to_string(), Box::new(TicTacToe))),
        "krk" if params.is_none() => Ok(("krk".to_string(), Box::new(Krk))),
        "connect-four" => {
            let c = connect_four(params)?;
            Ok((format!("connect-four:{}x{}", c.width(), c.height()), Box::new(c)))
        }
        "connect-four-tiers" => {
            let t = connect_four_tiers(params)?;
            let c = *t.board();
            Ok((
                format!("connect-four-tiers:{}x{}", c.width(), c.height()),
                Box::new(t),
            ))
        }
        _ => Err(Error::input(format!(
            "`{spec}` is not a state space that solves into a table: expected tic-tac-toe, krk, connect-four:WxH or connect-four-tiers:WxH"
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::monitor::Monitor;

    #[test]
    fn tic_tac_toe_win_in_one() {
        let monitor = Monitor::default();
        let r = SpaceRules {
            name: "tic-tac-toe".to_string(),
            space: TicTacToe,
        };
        let report = r.value("XX.|OO.|...", &Options::new(&monitor)).unwrap();
        assert_eq!(report.outcome(), Some("W"));
        assert_eq!(report.data.get("remoteness").and_then(Data::as_int), Some(1));
        assert!(
            report.text().contains("wins in 1 move (remoteness 1 ply)"),
            "{}",
            report.text()
        );
        let misere = r.value("start", &Options::new(&monitor).misere(true));
        assert!(matches!(misere, Err(Error::Input(_))));
    }

    #[test]
    fn connect_four_entry() {
        let monitor = Monitor::default();
        let c = crate::catalog::build("connect-four:4x4").unwrap();
        // John Tromp's Connect Four Playground: 4×4 is a draw.
        let report = c.value("start", &Options::new(&monitor)).unwrap();
        assert_eq!(report.outcome(), Some("D"));
        // X has three in column 1 and plays the fourth.
        let report = c.value("121212", &Options::new(&monitor)).unwrap();
        assert_eq!(report.outcome(), Some("W"));
        assert_eq!(report.data.get("remoteness").and_then(Data::as_int), Some(1));
        for bad in [
            "connect-four",
            "connect-four:4",
            "connect-four:0x4",
            "connect-four:9x9",
        ] {
            assert!(crate::catalog::build(bad).is_err(), "{bad}");
        }
        assert!(state_space("connect-four:5X4").is_ok_and(|(n, _)| n == "connect-four:5x4"));
        assert!(state_space("nim").is_err());
    }
}
