//! `domineering-outcome`: who wins a Domineering board too large for
//! canonical forms, by the outcome search ([`DomineeringSearch`]).

use super::{Data, Entry, Error, Family, Options, Report, Result, Ruleset, read_position, without_params};
use crate::play::{Engine, Kind, PlayEngine, Verdict, erase};
use crate::{
    games::{Domineering, DomineeringBoard, DomineeringSearch, MAX_SEARCH_SIDE},
    notation::{Notation, ParseError, parse_u64_token},
    partizan::{Player, moves_of},
};

/// Domineering answered by outcome only.
struct DomineeringOutcome;

/// The board: `WxH` for the empty `W × H` rectangle, else the `domineering`
/// notation (`.` empty, `#` blocked, rows joined by `|`).
fn parse_board(text: &str) -> Result<DomineeringBoard> {
    let t = text.trim();
    let Some((w, h)) = t.split_once(['x', 'X', '×']) else {
        return read_position(&Domineering, t);
    };
    let err = |e: ParseError| Error::position(text, e);
    let width = parse_u64_token(w.trim(), 1, "the width").map_err(err)?;
    let col = w.chars().count() + 2;
    let height = parse_u64_token(h.trim(), col, "the height").map_err(err)?;
    let side = |n: u64| {
        usize::try_from(n)
            .ok()
            .filter(|&n| (1..=MAX_SEARCH_SIDE).contains(&n))
    };
    match (side(width), side(height)) {
        (Some(w), Some(h)) => DomineeringBoard::rectangle(w, h)
            .ok_or_else(|| Error::input(format!("board `{t}`: more than 128 cells"))),
        _ => Err(Error::input(format!(
            "board `{t}`: each side must be from 1 to {MAX_SEARCH_SIDE}"
        ))),
    }
}

impl Ruleset for DomineeringOutcome {
    fn value(&self, position: &str, options: &Options<'_>) -> Result<Report> {
        if options.misere {
            return Err(Error::input(
                "`domineering-outcome` is partizan: misère play is not supported",
            ));
        }
        let board = parse_board(position)?;
        if !DomineeringSearch::fits(&board) {
            return Err(Error::input(format!(
                "board of {}×{} cells: the outcome search takes boards of at most {MAX_SEARCH_SIDE} cells a side",
                board.width(),
                board.height()
            )));
        }
        // The table: 16 bytes a position, within the state and memory
        // budgets; the state budget also bounds the positions searched.
        let by_memory = usize::try_from(options.max_memory() / 32).unwrap_or(usize::MAX);
        let mut search = DomineeringSearch::new(options.max_states.min(by_memory))
            .with_monitor(options.monitor)
            .with_max_nodes(u64::try_from(options.max_states).unwrap_or(u64::MAX));
        options.monitor.start_phase("searching (Left first)", None, 0);
        let left = search.winning_move(&board, true)?;
        options
            .monitor
            .start_phase("searching (Right first)", None, search.nodes());
        let right = search.winning_move(&board, false)?;
        let outcome = crate::outcome::Outcome::from_first_moves(left.is_some(), right.is_some());
        let shown = Domineering.format_position(&board);
        let first = |m: &Option<DomineeringBoard>| -> (Data, String) {
            match m {
                Some(to) => {
                    let d = Domineering.describe_move(&board, to);
                    (
                        Data::map()
                            .with("to", Domineering.format_position(to))
                            .with("description", d.as_str()),
                        format!("wins, e.g. by the {d}"),
                    )
                }
                None => (Data::Null, "loses".to_string()),
            }
        };
        let ((left_data, left_text), (right_data, right_text)) = (first(&left), first(&right));
        let data = Data::map()
            .with("ruleset", "domineering-outcome")
            .with("position", shown.as_str())
            .with("width", board.width())
            .with("height", board.height())
            .with("outcome", outcome)
            .with("left_first_wins", left.is_some())
            .with("right_first_wins", right.is_some())
            .with("left_winning_move", left_data)
            .with("right_winning_move", right_data)
            .with("states", search.nodes());
        let text = format!(
            "domineering-outcome {shown}\noutcome: {outcome} ({})\nLeft (vertical) moving first {left_text}\nRight (horizontal) moving first {right_text}\npositions searched: {}\n",
            outcome.words(),
            search.nodes()
        );
        Ok(Report::new(data, text))
    }

    fn play<'a>(&'a self, position: &str, options: &Options<'a>) -> Result<Box<dyn PlayEngine + 'a>> {
        if options.misere {
            return Err(Error::input(
                "`domineering-outcome` is partizan: misère play is not supported",
            ));
        }
        let board = parse_board(position)?;
        if !DomineeringSearch::fits(&board) {
            return Err(Error::input(format!(
                "board of {}×{} cells: the outcome search takes boards of at most {MAX_SEARCH_SIDE} cells a side",
                board.width(),
                board.height()
            )));
        }
        let by_memory = usize::try_from(options.max_memory() / 32).unwrap_or(usize::MAX);
        let search = DomineeringSearch::new(options.max_states.min(by_memory))
            .with_monitor(options.monitor)
            .with_max_nodes(u64::try_from(options.max_states).unwrap_or(u64::MAX));
        Ok(erase(OutcomePlayer { search }, board))
    }
}

/// A perfect player of large Domineering boards: every verdict and every
/// reply of the engine is one outcome search (its transposition table kept
/// between turns), so boards that canonical forms cannot reach are played.
struct OutcomePlayer<'m> {
    search: DomineeringSearch<'m>,
}

impl OutcomePlayer<'_> {
    /// The winning move of `mover` at `p` (the board after it), if any.
    fn winning(&mut self, p: &DomineeringBoard, mover: Player) -> Result<Option<DomineeringBoard>> {
        Ok(self.search.winning_move(p, mover == Player::Left)?)
    }
}

impl Engine for OutcomePlayer<'_> {
    type Pos = DomineeringBoard;

    fn ruleset(&self) -> &str {
        "domineering-outcome"
    }

    fn kind(&self) -> Kind {
        Kind::Partizan
    }

    fn format(&self, p: &DomineeringBoard) -> String {
        Domineering.format_position(p)
    }

    fn parse(&self, text: &str) -> core::result::Result<DomineeringBoard, String> {
        parse_board(text).map_err(|e| e.to_string())
    }

    fn options(&mut self, p: &DomineeringBoard, mover: Player) -> Result<Vec<DomineeringBoard>> {
        Ok(moves_of(&Domineering, p, mover))
    }

    fn describe(&self, from: &DomineeringBoard, to: &DomineeringBoard) -> String {
        Domineering.describe_move(from, to)
    }

    fn verdict(&mut self, p: &DomineeringBoard, mover: Player) -> Result<Verdict> {
        Ok(if self.winning(p, mover)?.is_some() {
            Verdict::Win(None)
        } else {
            Verdict::Lose(None)
        })
    }

    fn hint(&mut self, p: &DomineeringBoard, mover: Player) -> Result<Vec<String>> {
        let who = match mover {
            Player::Left => "Left (vertical)",
            Player::Right => "Right (horizontal)",
        };
        Ok(match self.winning(p, mover)? {
            Some(to) => vec![
                format!("{who} to move wins here (an outcome search: who wins, not by how much)."),
                format!(
                    "a winning move: the {} (to {})",
                    self.describe(p, &to),
                    self.format(&to)
                ),
            ],
            None => vec![format!(
                "{who} to move loses against perfect play (an outcome search found no winning move)."
            )],
        })
    }

    fn board(&self, p: &DomineeringBoard) -> Option<String> {
        crate::play::board::draw("domineering", &self.format(p))
    }

    fn move_help(&self) -> Option<String> {
        Some("by its cells, `b1-b2` (column letter, row number)".to_string())
    }

    /// The winning move found by the search; when there is none, the first
    /// option (every move loses against perfect play).
    fn reply(
        &mut self,
        _before: Option<&DomineeringBoard>,
        now: &DomineeringBoard,
        options: &[DomineeringBoard],
    ) -> Result<Option<(usize, String)>> {
        // The options are the mover's: Left's exactly when they are Left's moves.
        let mover = if moves_of(&Domineering, now, Player::Left) == options {
            Player::Left
        } else {
            Player::Right
        };
        Ok(Some(match self.winning(now, mover)? {
            Some(to) => {
                let i = options.iter().position(|o| *o == to).unwrap_or(0);
                (i, "a winning move found by the outcome search".to_string())
            }
            None => (0, "every move loses against perfect play".to_string()),
        }))
    }
}

pub(super) fn entry() -> Entry {
    Entry {
        name: "domineering-outcome",
        params: "",
        family: Family::Partizan,
        summary: "who wins Domineering with Left (vertical) first and with Right (horizontal) first, by search, for boards up to 11×11 (8×8 included)",
        notation: "`WxH` for the empty board W wide and H tall (e.g. `8x8`), or the `domineering` notation (`.` empty, `#` blocked, rows joined by `|`)",
        example: "value domineering-outcome 5x5",
        example2: "value domineering-outcome ...#|....|....|#... --json",
        rules: "Domineering: on a board of empty `.` and blocked `#` cells, Left places vertical dominoes and Right horizontal ones on two empty cells. Whoever cannot place a domino loses. This ruleset answers only who wins (the outcome), by a search that scales far beyond canonical forms; `--max-states N` sizes its transposition table (16 bytes a position) and bounds the positions searched: the default of 20 million settles boards up to 7×7, 8×6 and 6×8 in seconds; 8×8 searches about 35 million positions (`--max-states 50000000`: about a minute and 512 MiB); larger ones need more.",
        known: "Square boards: 2×2, 3×3 and 4×4 are first-player wins and 5×5 a second-player win (their canonical values, computed by `domineering`), 8×8 a first-player win (Breuker, Uiterwijk and van den Herik, Theoretical Computer Science 230, 2000), 9×9 and 10×10 as well (Bullock, MSc thesis, University of Alberta, 2002, with the Obsequi solver), and 11×11 (Uiterwijk, Computers and Games 2016). The search: the moves a player is sure to make (safe moves, protective areas, vulnerable moves) against the opponent's most moves, every move's result looked up one move ahead, move ordering, a transposition table with the mirror symmetries, and canonical forms for positions of few empty cells.",
        build: |name, params| without_params(name, params, |_| DomineeringOutcome),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::monitor::Monitor;

    #[test]
    fn outcomes_and_bad_boards() {
        let monitor = Monitor::default();
        let opts = Options::new(&monitor);
        let r = DomineeringOutcome.value("2x2", &opts).unwrap();
        assert_eq!(r.outcome(), Some("N"));
        assert!(
            r.text()
                .contains("Left (vertical) moving first wins, e.g. by the vertical domino")
        );
        let r = DomineeringOutcome.value(".|.", &opts).unwrap();
        assert_eq!(r.outcome(), Some("L"));
        assert!(r.text().contains("Right (horizontal) moving first loses"));
        assert_eq!(
            DomineeringOutcome.value("5x5", &opts).unwrap().outcome(),
            Some("P")
        );
        for bad in ["12x12", "0x3", "3xa", "..|.", "x3"] {
            assert!(
                matches!(
                    DomineeringOutcome.value(bad, &opts),
                    Err(Error::Input(_) | Error::Position { .. })
                ),
                "{bad}"
            );
        }
        assert!(DomineeringOutcome.value("2x2", &opts.misere(true)).is_err());
    }

    /// The state budget bounds the positions searched, so a big board stops
    /// cleanly (the fuzz target found 8×6 running on at a budget of 2000).
    #[test]
    fn the_state_budget_bounds_the_positions_searched() {
        let monitor = Monitor::default();
        let opts = Options::new(&monitor).max_states(2_000);
        match DomineeringOutcome.value("8x6", &opts) {
            Err(Error::Search(crate::SearchError::Budget(b))) => assert_eq!(b.max_states, 2_000),
            other => panic!("expected the budget to stop the search, got {other:?}"),
        }
        // Within the budget the answer comes.
        let r = DomineeringOutcome
            .value("6x5", &opts.max_states(1_000_000))
            .unwrap();
        assert_eq!(r.outcome(), Some("R"));
    }
}
