//! State spaces solved by retrograde analysis (tic-tac-toe, the
//! king-and-rook-against-king endgame): the adapter that reports win, lose or
//! draw with remoteness and the best moves, and their catalog entries.

use super::{Data, Entry, Error, Family, Options, Report, Result, Ruleset, without_params};
use crate::loopy::{
    ConnectFour, ConnectFourTiers, Endgame, Krk, Material, SolveError, StateSpaceSolver, StateTable,
    TicTacToe, solve_ordered,
};
use crate::play::{PlayEngine, SpaceEngine, SpaceNotation, best_state_moves, erase};

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

pub(super) fn entries() -> Vec<Entry> {
    vec![
        Entry {
            name: "tic-tac-toe",
            params: "",
            family: Family::Loopy,
            summary: "noughts and crosses on 3×3: X moves first, three in a row wins, a full board is a draw",
            notation: "three rows joined by `|` with `X`, `O` and `.`, e.g. `X..|.O.|...`, or `start`",
            example: "value tic-tac-toe X..|.O.|...",
            example2: "value tic-tac-toe start --json",
            rules: "Noughts and crosses: X and O take turns to mark an empty square of a 3×3 board, X first. Three marks of one player in a row, column or diagonal win; a full board without a line is a draw.",
            known: "Perfect play from the empty board is a draw. 5,478 positions are reachable from the empty board; sprague solves every one by retrograde analysis, giving win, loss or draw with the number of moves to the end (`sprague solve --demo tic-tac-toe` prints the counts).",
            build: |name, params| {
                without_params(name, params, |_| SpaceRules {
                    name: "tic-tac-toe".to_string(),
                    space: TicTacToe,
                })
            },
        },
        Entry {
            name: "krk",
            params: "",
            family: Family::Loopy,
            summary: "chess endgame king and rook against king: White mates or Black draws (stalemate, capture); solved by retrograde analysis",
            notation: "`Ke1 Ra1 ke8 w`: White king, rook, Black king, then `w` or `b` to move",
            example: "value krk Kc6 Rh1 ka8 w",
            example2: "value krk Ka1 Rb2 kh8 b",
            rules: "The chess endgame king and rook against king. White (king and rook) tries to checkmate; Black's king draws by stalemate or by capturing the rook. Moves follow the rules of chess for these three pieces.",
            known: "White wins every position except those where Black, to move, is stalemated or can take an unprotected rook; the longest forced mate takes 16 moves with White to move, which `sprague solve --demo krk` computes by retrograde analysis.",
            build: |name, params| {
                without_params(name, params, |_| SpaceRules {
                    name: "krk".to_string(),
                    space: Krk,
                })
            },
        },
        Entry {
            name: "connect-four",
            params: "WxH",
            family: Family::Loopy,
            summary: "Connect Four on a W-column, H-row board (small boards: the whole space is solved), e.g. connect-four:4x4",
            notation: "moves from the empty board as column numbers (`4453`), or the rows top first joined by `|` with `X`, `O` and `.`, or `start`",
            example: "value connect-four:4x4 start",
            example2: "value connect-four:4x4 2332",
            rules: "X and O take turns to drop a stone into a column that is not full; it falls to the lowest empty cell. Four stones of one player in a row, column or diagonal win; a full board without one is a draw.",
            known: "John Tromp's Connect Four Playground (tromp.github.io/c4/c4.html) lists the result of perfect play by board size: 4×4, 5×4, 7×4, 4×5, 5×5, 6×5 and 7×5 are draws, 6×4 is a win for the second player, 7×6 a win for the first. `sprague solve --demo connect-four:5x4 --out FILE` writes the solved table.",
            build: |_, params| {
                let space = connect_four(params)?;
                Ok(Box::new(SpaceRules {
                    name: format!("connect-four:{}x{}", space.width(), space.height()),
                    space,
                }))
            },
        },
        Entry {
            name: "kqk",
            params: "",
            family: Family::Loopy,
            summary: "chess endgame king and queen against king: White mates or Black draws (stalemate, capture); solved by retrograde analysis",
            notation: "`Ke1 Qd1 ke8 w`: White king, queen, Black king, then `w` or `b` to move",
            example: "value kqk Ka1 Qb2 kf5 w",
            example2: "value kqk Kc6 Qb5 ka8 b",
            rules: "The chess endgame king and queen against king. White (king and queen) tries to checkmate; Black's king draws by stalemate or by capturing the queen. Moves follow the rules of chess for these three pieces.",
            known: "The longest forced mate takes 10 moves (19 plies) with White to move, from one position up to symmetry (Ka1 Qb2 kf5), and 10 moves (20 plies) with Black to move, from 8 (Nalimov tables, Karrer's statistics); `sprague solve --demo kqk` prints every figure.",
            build: |name, params| {
                without_params(name, params, |_| SpaceRules {
                    name: "kqk".to_string(),
                    space: Endgame::new(Material::Kqk),
                })
            },
        },
        Entry {
            name: "kpk",
            params: "",
            family: Family::Loopy,
            summary: "chess endgame king and pawn against king: the pawn promotes (queen or rook) and White mates, or Black draws; solved through the promotions",
            notation: "`Ke1 Pe2 ke8 w`: White king, pawn, Black king, then `w` or `b` to move (`Q`/`R` for a promoted piece)",
            example: "value kpk Ka2 Pg2 kb5 w",
            example2: "value kpk Ke6 Pe5 ke8 b",
            rules: "The chess endgame king and pawn against king. The pawn moves one square forward, two from its first rank, and promotes on the last rank to a queen or a rook (a bishop or knight could not mate). White tries to checkmate; Black draws by stalemate or by capturing the pawn or the promoted piece. The distance counts every ply to mate, through the promotion.",
            known: "The longest forced mate takes 28 moves with White to move (3 positions up to the mirror of the files, e.g. Ka2 Pg2 kb5) and 28 with Black to move (2 positions) (Nalimov tables, Karrer's statistics); `sprague solve --demo kpk` prints every figure.",
            build: |name, params| {
                without_params(name, params, |_| SpaceRules {
                    name: "kpk".to_string(),
                    space: Endgame::new(Material::Kpk),
                })
            },
        },
    ]
}

/// The Connect Four board of parameters `WxH` (e.g. `5x4`).
fn connect_four(params: Option<&str>) -> Result<ConnectFour> {
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
        let c = crate::build("connect-four:4x4").unwrap();
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
            assert!(crate::build(bad).is_err(), "{bad}");
        }
        assert!(state_space("connect-four:5X4").is_ok_and(|(n, _)| n == "connect-four:5x4"));
        assert!(state_space("nim").is_err());
    }
}
