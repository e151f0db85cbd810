//! Catalog entries for the built-in state spaces (tic-tac-toe and the
//! king-and-rook-against-king endgame): win/lose/draw with remoteness, and play.

use super::{Entry, Family, no_params};
use crate::error::{CliError, CliResult};
use crate::play::{SpaceEngine, SpaceNotation};
use crate::ruleset::{QueryOptions, Report, Ruleset};
use serde_json::json;
use sprague::{Krk, SolveError, Solved, StateSpaceSolver, StateTable, TicTacToe, Wld};

/// A state space with a notation, as a [`Ruleset`].
struct SpaceRules<S> {
    name: &'static str,
    space: S,
}

impl<S: SpaceNotation> SpaceRules<S> {
    fn solve(&self, max_states: usize) -> CliResult<StateTable> {
        StateSpaceSolver::new(&self.space)
            .max_states(max_states)
            .with_monitor(crate::progress::monitor())
            .solve()
            .map_err(|e| match e {
                SolveError::Budget(b) => b.into(),
                SolveError::Interrupted(i) => i.into(),
                other => CliError::input(other.to_string()),
            })
    }

    fn parse(&self, position: &str) -> CliResult<u64> {
        self.space
            .parse_state(position)
            .map_err(|e| CliError::input(format!("{e} (ruleset `{}`)", self.name)))
    }
}

fn solved_words(s: Solved) -> String {
    match (s.wld, s.remoteness) {
        (Wld::Win, Some(r)) => format!("wins in {r} moves"),
        (Wld::Lose, Some(r)) => format!("loses in {r} moves"),
        (Wld::Draw, _) => "draws".to_string(),
        (w, None) => format!("{w}"),
    }
}

impl<S: SpaceNotation> Ruleset for SpaceRules<S> {
    fn value(&self, position: &str, options: &QueryOptions) -> CliResult<Report> {
        if options.misere {
            return Err(CliError::input(format!(
                "`{}` has its own end rules: --misere is not supported",
                self.name
            )));
        }
        let s = self.parse(position)?;
        let table = self.solve(options.max_states)?;
        let solved = table
            .get(s)
            .ok_or_else(|| CliError::internal(format!("state {s} missing from the solved table")))?;
        let shown = self.space.format_state(s);
        let mover = self.space.mover(s);
        let mut best = Vec::new();
        if self.space.terminal(s).is_none() {
            let mut opts = Vec::new();
            self.space.moves(s, &mut opts);
            let rank = |t: u64| {
                table.get(t).map_or(i64::MIN, |v| match v.wld {
                    Wld::Lose => 2_000_000 - i64::from(v.remoteness.unwrap_or(0)),
                    Wld::Draw => 0,
                    Wld::Win => -2_000_000 + i64::from(v.remoteness.unwrap_or(0)),
                })
            };
            let top = opts.iter().map(|&t| rank(t)).max();
            best = opts.into_iter().filter(|&t| Some(rank(t)) == top).collect();
        }
        let rows: Vec<(String, String)> = best
            .iter()
            .map(|&t| (self.space.format_state(t), self.space.describe_state_move(s, t)))
            .collect();
        let json = json!({
            "ruleset": self.name,
            "position": shown,
            "to_move": mover,
            "outcome": solved.wld.as_str(),
            "remoteness": solved.remoteness,
            "best_moves": rows.iter().map(|(to, d)| json!({"to": to, "description": d})).collect::<Vec<_>>(),
        });
        let mut text = format!(
            "{} {shown}\n{mover} to move {} with perfect play (outcome {}{})\n",
            self.name,
            solved_words(solved),
            solved.wld,
            solved
                .remoteness
                .map_or(String::new(), |r| format!(", remoteness {r}"))
        );
        if rows.is_empty() {
            text.push_str("best moves: none (the game is over)\n");
        } else {
            text.push_str(&format!("best moves ({}):\n", rows.len()));
            let width = rows.iter().map(|(to, _)| to.chars().count()).max().unwrap_or(0);
            for (to, d) in &rows {
                text.push_str(&format!("  {to:<width$}   {d}\n"));
            }
        }
        Ok(Report { json, text })
    }

    fn play(
        &self,
        position: &str,
        settings: &crate::play::Settings,
        io: &mut crate::play::Io<'_>,
    ) -> CliResult<()> {
        if settings.misere {
            return Err(CliError::input(format!(
                "`{}` has its own end rules: --misere is not supported",
                self.name
            )));
        }
        let s = self.parse(position)?;
        // The whole space is solved before the first move: with a bar, and
        // Ctrl-C ends the game with one line (nothing can be judged yet).
        let table = {
            let _polling = crate::progress::Polling::start();
            let bar = crate::progress::Progress::monitored(&format!("solving {}", self.name), "states");
            let table = self.solve(settings.max_states);
            bar.finish();
            table?
        };
        let engine = SpaceEngine::new(self.name.to_string(), &self.space, table);
        crate::play::run_session(&mut *crate::play::erase(engine, s), settings, io)
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
                no_params(name, params)?;
                Ok(Box::new(SpaceRules {
                    name: "tic-tac-toe",
                    space: TicTacToe,
                }))
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
                no_params(name, params)?;
                Ok(Box::new(SpaceRules {
                    name: "krk",
                    space: Krk,
                }))
            },
        },
    ]
}
