//! Partizan rulesets (Hackenbush, Domineering, Toads and Frogs, Clobber,
//! Cutcake, Take-(A,B)): the adapter that values their positions as canonical
//! forms, the standard partizan report, and their catalog entries.

use super::{Data, Entry, Error, Family, Options, Report, Result, Ruleset, read_position, without_params};
use crate::definition::{Definition, Purpose};
use crate::play::{PartizanEngine, PlayEngine, erase};
use crate::{
    games::{Clobber, Cutcake, Domineering, Hackenbush, TakeAB, ToadsAndFrogs},
    notation::{Notation, ParseError, parse_u64_token},
    outcome::Outcome,
    partizan::{PartizanRules, PartizanSolver},
};

/// The longest position (as written) whose winning moves a report lists.
const MOVES_LISTED_UP_TO: usize = 4000;

/// Any partizan ruleset of the engine with a notation, as a registry
/// [`Ruleset`]: `value` gives the canonical form (by [`PartizanSolver`]), the
/// outcome and each player's winning moves; `play` is a [`PartizanEngine`].
/// Misère play is not supported.
#[derive(Clone, Debug)]
pub struct Partizan<R> {
    /// Name shown in reports, with parameters.
    pub name: String,
    /// The engine ruleset.
    pub rules: R,
}

impl<R> Partizan<R>
where
    R: PartizanRules + Notation<<R as PartizanRules>::Position> + Definition<<R as PartizanRules>::Position>,
{
    /// Rejects misère play, then parses `position`.
    fn position(&self, position: &str, options: &Options<'_>) -> Result<R::Position> {
        if options.misere {
            return Err(Error::input(format!(
                "`{}` is partizan: misère play is not supported for partizan rulesets",
                self.name
            )));
        }
        read_position(&self.rules, position)
    }
}

impl<R> Ruleset for Partizan<R>
where
    R: PartizanRules + Notation<<R as PartizanRules>::Position> + Definition<<R as PartizanRules>::Position>,
{
    fn value(&self, position: &str, options: &Options<'_>) -> Result<Report> {
        let p = self.position(position, options)?;
        let canonical = self.rules.format_position(&p);
        let mut solver =
            PartizanSolver::with_max_states(&self.rules, options.max_states).with_monitor(options.monitor);
        let g = solver.value(&p)?;
        let outcome = solver.store_mut().outcome(g);
        let value = solver.store_mut().display(g);
        // Listing winning moves writes every option out in full: for long
        // positions that grows with the square of their length, so they get
        // their value and outcome only.
        let listed = canonical.len() <= MOVES_LISTED_UP_TO;
        let (left, right) = if listed {
            (solver.left_winning_moves(&p)?, solver.right_winning_moves(&p)?)
        } else {
            (Vec::new(), Vec::new())
        };
        let describe = |moves: &[R::Position]| -> Vec<(String, String)> {
            moves
                .iter()
                .map(|to| (self.rules.format_position(to), self.rules.describe_move(&p, to)))
                .collect()
        };
        let (left, right) = (describe(&left), describe(&right));
        let mut report = partizan_report(
            &self.name,
            &canonical,
            &value,
            outcome,
            &left,
            &right,
            solver.states(),
        );
        if !listed {
            report.drop_moves("left_winning_moves");
            report.drop_moves("right_winning_moves");
            report.data.insert("winning_moves_listed", false);
            report.push_line(&format!(
                "note: winning moves are listed for positions written in at most {MOVES_LISTED_UP_TO} characters"
            ));
        }
        Ok(report)
    }

    fn play<'a>(&'a self, position: &str, options: &Options<'a>) -> Result<Box<dyn PlayEngine + 'a>> {
        let p = self.position(position, options)?;
        self.rules
            .check(&p, Purpose::Play)
            .map_err(|e| Error::input(format!("position `{position}`: {e}")))?;
        let engine = PartizanEngine::new(self.name.clone(), &self.rules, options).defined();
        Ok(erase(engine, p))
    }
}

// The partizan games' knowledge beyond their rules and notation: none yet
// (drawings come from their notation, by name, in `play::board`).
impl Definition<crate::games::HackenbushGraph> for Hackenbush {}
impl Definition<crate::games::DomineeringBoard> for Domineering {}
impl Definition<crate::games::ToadsFrogsStrip> for ToadsAndFrogs {}
impl Definition<crate::games::ClobberBoard> for Clobber {}
impl Definition<Vec<crate::games::Cake>> for Cutcake {}
impl Definition<Vec<u64>> for TakeAB {}

/// The standard report of a partizan position: fields `ruleset`, `position`,
/// `value` (the canonical form), `outcome`, `left_winning_moves` and
/// `right_winning_moves` (`to`, `description`) and `states` (positions
/// searched). `left` and `right` hold `(to, description)`.
#[must_use]
pub fn partizan_report(
    ruleset: &str,
    position: &str,
    value: &str,
    outcome: Outcome,
    left: &[(String, String)],
    right: &[(String, String)],
    states: usize,
) -> Report {
    let data = Data::map()
        .with("ruleset", ruleset)
        .with("position", position)
        .with("value", value)
        .with("outcome", outcome)
        .with("left_winning_moves", Data::moves(left))
        .with("right_winning_moves", Data::moves(right))
        .with("states", states);
    let text = format!(
        "{ruleset} {position}\nvalue:   {value}\noutcome: {outcome} ({})\n",
        outcome.words()
    );
    let mut report = Report::new(data, text);
    report.push_moves("left_winning_moves", "Left's winning moves", "");
    report.push_moves("right_winning_moves", "Right's winning moves", "");
    report
}

/// Parses the `A,B` of `takeab:A,B`.
fn take_ab_params(name: &str, params: Option<&str>) -> Result<TakeAB> {
    let text = params.ok_or_else(|| {
        Error::input(format!(
            "ruleset `{name}` needs parameters: `{name}:A,B` (Left takes A, Right takes B)"
        ))
    })?;
    let err = |e: ParseError| Error::input(format!("ruleset `{name}:{text}`: {e}"));
    let (a, b) = text.split_once(',').ok_or_else(|| {
        err(ParseError::new(
            "expected two amounts `A,B`",
            name.len() + 2,
            text,
        ))
    })?;
    let col_a = name.len() + 2;
    let col_b = col_a + a.chars().count() + 1;
    let a = parse_u64_token(a.trim(), col_a, "the amount A").map_err(err)?;
    let b = parse_u64_token(b.trim(), col_b, "the amount B").map_err(err)?;
    TakeAB::new(a, b).ok_or_else(|| {
        Error::input(format!(
            "ruleset `{name}:{text}`: A and B must be at least 1 (and A + B below 2^64)"
        ))
    })
}

pub(super) fn entries() -> Vec<Entry> {
    vec![
        Entry {
            name: "hackenbush",
            params: "",
            family: Family::Partizan,
            summary: "Blue-Red-Green Hackenbush: Left chops blue or green edges, Right red or green; edges cut off from the ground vanish",
            notation: "stalks from the ground up separated by spaces (`BBRG GR`), or edges `U-V:C` with vertex 0 the ground (`0-1:B 1-2:R 2-0:G`); other vertex numbers are only names (they may skip values), and edges with no path to the ground fall at once, as the rules say",
            example: "value hackenbush BBRB",
            example2: "value hackenbush BRG --json",
            rules: "Blue-Red-Green Hackenbush: a picture of coloured edges on the ground. Left (Blue) cuts a blue or green edge, Right (Red) a red or green edge; edges no longer connected to the ground vanish. Whoever cannot move loses.",
            known: "A blue stalk of n edges is worth n and a red one −n; a blue-red stalk is a dyadic number by Berlekamp's rule (read from the ground, the edges up to the first change of colour count whole, and each later edge half the one before with its colour's sign: BBRB is 7/4); green edges are nimbers (Winning Ways, 2nd ed., vol. 1: Blue-Red Hackenbush ch. 1, Hackenbush Hotchpotch ch. 2, Berlekamp's rule ch. 3).",
            build: |name, params| {
                without_params(name, params, |name| Partizan {
                    name,
                    rules: Hackenbush,
                })
            },
        },
        Entry {
            name: "domineering",
            params: "",
            family: Family::Partizan,
            summary: "Left places vertical dominoes, Right horizontal ones (Winning Ways); whoever cannot move loses",
            notation: "rows joined by `|`, `.` empty and `#` blocked, e.g. `...|...`",
            example: "value domineering ....|....|....|....",
            example2: "value domineering ..|..",
            rules: "Domineering: on a board of empty `.` and blocked `#` cells, Left places vertical dominoes and Right horizontal ones on two empty cells. Whoever cannot place a domino loses.",
            known: "The 2×2 board is ±1 (whoever moves first wins), a 2×1 column is 1 and a 1×2 row −1; sprague computes the canonical value of any small board.",
            build: |name, params| {
                without_params(name, params, |name| Partizan {
                    name,
                    rules: Domineering,
                })
            },
        },
        super::domineering_outcome::entry(),
        Entry {
            name: "toads-and-frogs",
            params: "",
            family: Family::Partizan,
            summary: "Left's toads step or jump one frog rightward, Right's frogs step or jump one toad leftward",
            notation: "a strip of `T` (toad), `F` (frog) and `.` (empty), e.g. `TT..FF`",
            example: "value toads-and-frogs TTT..FFF",
            example2: "value toads-and-frogs T.F",
            rules: "Toads and Frogs: a strip of squares holding toads `T`, frogs `F` and empty squares `.`. Left moves a toad one square right into an empty square, or jumps it over one frog into an empty square; Right moves frogs leftward the same way. Whoever cannot move loses.",
            known: "Introduced in Winning Ways, 2nd ed., vol. 1, ch. 1; T.F is * (whoever moves first wins), and sprague computes the canonical value of any short row.",
            build: |name, params| {
                without_params(name, params, |name| Partizan {
                    name,
                    rules: ToadsAndFrogs,
                })
            },
        },
        Entry {
            name: "clobber",
            params: "",
            family: Family::Partizan,
            summary: "move one of your stones onto an orthogonally adjacent enemy stone, removing it; Left plays `x`, Right `o`",
            notation: "rows joined by `|`, `x` Left's stone, `o` Right's, `.` empty, e.g. `xox|oxo`",
            example: "value clobber xox|oxo",
            example2: "value clobber xo",
            rules: "Clobber: a board of Left's stones `x`, Right's stones `o` and empty cells `.`. A move takes one of your stones onto an orthogonally adjacent stone of the other colour, removing that stone. Whoever cannot move loses.",
            known: "Invented in 2001 by M. H. Albert, J. P. Grossman and R. J. Nowakowski. Most small positions are infinitesimals: `xo` is * and `xxo` is ↑ (up).",
            build: |name, params| without_params(name, params, |name| Partizan { name, rules: Clobber }),
        },
        Entry {
            name: "cutcake",
            params: "",
            family: Family::Partizan,
            summary: "Left cuts a cake along a vertical line (splitting its width), Right along a horizontal line (Winning Ways)",
            notation: "cakes `WxH` (width x height) separated by spaces, e.g. `3x4 2x1`",
            example: "value cutcake 8x3",
            example2: "value cutcake 2x2 3x1",
            rules: "Cutcake: cakes of a×b unit squares (width × height). Left cuts one cake along a vertical grid line, splitting its width; Right cuts along a horizontal line, splitting its height. 1×1 pieces cannot be cut. Whoever cannot cut loses.",
            known: "Every value is an integer (Cutcake, Winning Ways, 2nd ed., vol. 1, ch. 2): an n×1 strip is n − 1, a 1×n strip −(n − 1), and a cake is worth its transpose's negative.",
            build: |name, params| without_params(name, params, |name| Partizan { name, rules: Cutcake }),
        },
        Entry {
            name: "takeab",
            params: "A,B",
            family: Family::Partizan,
            summary: "Left removes exactly A tokens from one heap, Right exactly B",
            notation: "heap sizes separated by spaces, e.g. `7 9`",
            example: "value takeab:2,3 7 9",
            example2: "value takeab:2,3 5 --json",
            rules: "Take-(A,B): heaps of tokens; Left must take exactly A tokens from one heap and Right exactly B. Whoever cannot move loses.",
            known: "A heap's value depends only on its size modulo A + B; with r = n mod (A + B), Left moving first wins a single heap iff r ≥ A and Right moving first iff r ≥ B (proof in the documentation of `sprague::games::TakeAB`).",
            build: |name, params| {
                let rules = take_ab_params(name, params)?;
                Ok(Box::new(Partizan {
                    name: format!("{name}:{},{}", rules.a(), rules.b()),
                    rules,
                }))
            },
        },
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::monitor::Monitor;

    #[test]
    fn domineering_column_is_one_for_left() {
        let monitor = Monitor::default();
        let r = Partizan {
            name: "domineering".to_string(),
            rules: Domineering,
        };
        let report = r.value(".|.", &Options::new(&monitor)).unwrap();
        assert_eq!(report.outcome(), Some("L"));
        assert_eq!(report.data.get("value").and_then(Data::as_text), Some("1"));
        assert!(report.text().contains("outcome: L (Left wins whoever starts)"));
        let misere = r.value(".|.", &Options::new(&monitor).misere(true));
        assert!(matches!(misere, Err(Error::Input(_))));
    }

    #[test]
    fn take_ab_parameters() {
        assert_eq!(
            take_ab_params("takeab", Some("2,3")).map(|r| (r.a(), r.b())),
            Ok((2, 3))
        );
        assert!(take_ab_params("takeab", None).is_err());
        assert!(take_ab_params("takeab", Some("2")).is_err());
        assert!(take_ab_params("takeab", Some("0,3")).is_err());
    }
}
