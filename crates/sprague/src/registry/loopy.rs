//! State spaces solved by retrograde analysis (tic-tac-toe, the
//! king-and-rook-against-king endgame): the adapter that reports win, lose or
//! draw with remoteness and the best moves, and their catalog entries.

use super::{Data, Entry, Error, Family, Options, Report, Result, Ruleset, without_params};
use crate::loopy::{Endgame, Krk, Material, SolveError, StateSpaceSolver, StateTable, TicTacToe};
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
        StateSpaceSolver::new(&self.space)
            .max_states(options.max_states)
            .with_monitor(options.monitor)
            .solve()
            .map_err(|e| match e {
                SolveError::Budget(b) => b.into(),
                SolveError::Interrupted(i) => i.into(),
                other => Error::input(other.to_string()),
            })
    }
}

impl<S: SpaceNotation> Ruleset for SpaceRules<S> {
    fn value(&self, position: &str, options: &Options<'_>) -> Result<Report> {
        let s = self.state(position, options)?;
        let table = self.solve(options)?;
        let solved = table
            .get(s)
            .ok_or_else(|| Error::internal(format!("state {s} missing from the solved table")))?;
        let shown = self.space.format_state(s);
        let mover = self.space.mover(s);
        let rows: Vec<(String, String)> = best_state_moves(&self.space, &table, s)?
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
            name: "kqk",
            params: "",
            family: Family::Loopy,
            summary: "chess endgame king and queen against king: White mates or Black draws (stalemate, capture); solved by retrograde analysis",
            notation: "`Ke1 Qd1 ke8 w`: White king, queen, Black king, then `w` or `b` to move",
            example: "value kqk Ka1 Qb2 kf5 w",
            example2: "value kqk Kc6 Qb6 ka8 b",
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
        super::contest::speike_and_tom::entry(),
        super::contest::lamp::entry(),
    ]
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
}
