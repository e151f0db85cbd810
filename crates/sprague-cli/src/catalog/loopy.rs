//! Catalog entries for the built-in state spaces (tic-tac-toe and the
//! king-and-rook-against-king endgame): win/lose/draw with remoteness, and play.

use super::{Entry, Family, no_params};
use crate::error::{CliError, CliResult};
use crate::play::engines::{SpaceEngine, SpaceNotation};
use crate::ruleset::{QueryOptions, Report, Ruleset};
use serde_json::json;
use sprague::{Krk, SolveError, Solved, StateSpace, StateSpaceSolver, StateTable, TicTacToe, Wld};

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
        let mut engine = SpaceEngine::new(self.name.to_string(), &self.space, table);
        crate::play::run_session(&mut engine, s, settings, io)
    }
}

/// Tic-tac-toe cells: column letter and row number, `b2` for the centre.
fn cell_name(i: usize) -> String {
    format!("{}{}", char::from(b'a' + (i % 3) as u8), i / 3 + 1)
}

impl SpaceNotation for TicTacToe {
    fn format_state(&self, s: u64) -> String {
        let rows: Vec<String> = TicTacToe::picture(s).lines().map(str::to_string).collect();
        rows.join("|")
    }

    fn parse_state(&self, text: &str) -> Result<u64, String> {
        let t = text.trim();
        if t.eq_ignore_ascii_case("start") || t.eq_ignore_ascii_case("empty") {
            return Ok(0);
        }
        let mut cells = [0u8; 9];
        let mut n = 0;
        for (col, c) in t.chars().enumerate() {
            let v = match c {
                '.' | '_' | '-' => 0,
                'X' | 'x' => 1,
                'O' | 'o' | '0' => 2,
                '|' | '/' | ' ' => continue,
                other => {
                    return Err(format!(
                        "position `{text}`: column {}: unexpected `{other}` (cells are `X`, `O` or `.`)",
                        col + 1
                    ));
                }
            };
            if n == 9 {
                return Err(format!(
                    "position `{text}`: column {}: more than 9 cells",
                    col + 1
                ));
            }
            cells[n] = v;
            n += 1;
        }
        if n != 9 {
            return Err(format!(
                "position `{text}`: {n} cells, expected 9 (three rows such as `X.O|.X.|...`, or `start`)"
            ));
        }
        let s = TicTacToe::index(&cells);
        if !TicTacToe.is_state(s) {
            return Err(format!(
                "position `{text}`: not a reachable board (X moves first, so X has as many marks as O or one more, and play stops at the first line)"
            ));
        }
        Ok(s)
    }

    fn describe_state_move(&self, from: u64, to: u64) -> String {
        let (a, b) = (TicTacToe::cells(from), TicTacToe::cells(to));
        match (0..9).find(|&i| a[i] != b[i]) {
            Some(i) => format!("{} at {}", if b[i] == 1 { 'X' } else { 'O' }, cell_name(i)),
            None => "pass".to_string(),
        }
    }

    fn mover(&self, s: u64) -> String {
        let c = TicTacToe::cells(s);
        let x = c.iter().filter(|&&v| v == 1).count();
        let o = c.iter().filter(|&&v| v == 2).count();
        if x == o { "X" } else { "O" }.to_string()
    }
}

fn square(q: u8) -> String {
    format!("{}{}", char::from(b'a' + q % 8), q / 8 + 1)
}

impl SpaceNotation for Krk {
    fn format_state(&self, s: u64) -> String {
        if s == Krk::BARE_KINGS {
            return "bare kings (the rook was taken)".to_string();
        }
        let (wk, bk, r, black) = Krk::decode(s);
        format!(
            "K{} R{} k{} {}",
            square(wk),
            square(r),
            square(bk),
            if black { 'b' } else { 'w' }
        )
    }

    fn parse_state(&self, text: &str) -> Result<u64, String> {
        let (mut wk, mut bk, mut rook, mut black) = (None, None, None, false);
        let mut col = 1;
        for w in text.split(' ') {
            let cs: Vec<char> = w.chars().collect();
            let sq = |f: char, r: char| -> Option<u8> {
                (('a'..='h').contains(&f) && ('1'..='8').contains(&r))
                    .then(|| (r as u8 - b'1') * 8 + (f as u8 - b'a'))
            };
            let bad = || {
                format!(
                    "position `{text}`: column {col}: expected `Ke1`, `Ra1`, `ke8` (White king, rook, Black king) or `w`/`b` (side to move), found `{w}`"
                )
            };
            match cs[..] {
                [] => {}
                ['w'] => black = false,
                ['b'] => black = true,
                [p, f, r] => {
                    let q = sq(f, r).ok_or_else(bad)?;
                    let slot = match p {
                        'K' => &mut wk,
                        'R' => &mut rook,
                        'k' => &mut bk,
                        _ => return Err(bad()),
                    };
                    if slot.is_some() {
                        return Err(format!("position `{text}`: column {col}: `{p}` is given twice"));
                    }
                    *slot = Some(q);
                }
                _ => return Err(bad()),
            }
            col += w.chars().count() + 1;
        }
        let (Some(wk), Some(bk), Some(r)) = (wk, bk, rook) else {
            return Err(format!(
                "position `{text}`: needs the White king, the rook and the Black king, e.g. `Ke1 Ra1 ke8 w`"
            ));
        };
        let s = Krk::index(wk, bk, r, black);
        if !Krk.is_state(s) {
            return Err(format!(
                "position `{text}`: not a legal position (pieces on distinct squares, kings not adjacent, and the side not to move not in check)"
            ));
        }
        Ok(s)
    }

    fn describe_state_move(&self, from: u64, to: u64) -> String {
        let (wk, bk, r, _) = Krk::decode(from);
        if to == Krk::BARE_KINGS {
            return format!("king takes the rook on {}", square(r));
        }
        let (wk2, bk2, r2, _) = Krk::decode(to);
        if wk != wk2 {
            format!("K{}-{}", square(wk), square(wk2))
        } else if r != r2 {
            format!("R{}-{}", square(r), square(r2))
        } else {
            format!("k{}-{}", square(bk), square(bk2))
        }
    }

    fn mover(&self, s: u64) -> String {
        if s == Krk::BARE_KINGS || s & 1 == 1 {
            "Black"
        } else {
            "White"
        }
        .to_string()
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
