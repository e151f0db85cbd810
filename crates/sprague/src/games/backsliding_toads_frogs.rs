//! Backsliding Toads and Frogs (Winning Ways, vol. 2): Toads and Frogs in
//! which a creature may also step back one square, so play may cycle.

use crate::definition::Definition;
use crate::games::{StripNotation, ToadsAndFrogs, ToadsFrogsStrip};
use crate::partizan::PartizanRules;
use crate::registry::{Entry, Family, LoopyPartizan};

/// Backsliding Toads and Frogs: Left's toads and Right's frogs move as in
/// [`ToadsAndFrogs`] (one square forward onto an empty square, or a jump over
/// one creature of the other kind onto the empty square beyond), and may
/// also step one square *backwards* onto an empty square (never jump
/// backwards). Positions repeat, so values are loopy: see
/// [`LoopyPartizan`].
///
/// ```
/// use sprague::{Notation, PartizanRules, games::BackslidingToadsAndFrogs as B};
/// let strip = B.parse_position(".T.F").unwrap();
/// let mut left = Vec::new();
/// B.left_moves(&strip, &mut left);
/// let shown: Vec<String> = left.iter().map(|p| B.format_position(p)).collect();
/// assert_eq!(shown, ["..TF", "T..F"]);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct BackslidingToadsAndFrogs;

impl PartizanRules for BackslidingToadsAndFrogs {
    type Position = ToadsFrogsStrip;

    fn left_moves(&self, p: &ToadsFrogsStrip, out: &mut Vec<ToadsFrogsStrip>) {
        ToadsAndFrogs.left_moves(p, out);
        p.steps(true, false, out);
    }

    fn right_moves(&self, p: &ToadsFrogsStrip, out: &mut Vec<ToadsFrogsStrip>) {
        ToadsAndFrogs.right_moves(p, out);
        p.steps(false, false, out);
    }
}

impl StripNotation for BackslidingToadsAndFrogs {}

impl Definition<ToadsFrogsStrip> for BackslidingToadsAndFrogs {}

pub(crate) const ENTRIES: &[Entry] = &[Entry {
    name: "backsliding-toads-frogs",
    params: "",
    family: Family::Loopy,
    summary: "Toads and Frogs where a toad or frog may also step back one square: play may cycle (loopy values)",
    notation: "a strip of `T` (toad, Left), `F` (frog, Right) and `.` (empty), e.g. `TT..FF`, as for toads-and-frogs",
    example: "value backsliding-toads-frogs T..F",
    example2: "value backsliding-toads-frogs T.F.F --json",
    rules: "Backsliding Toads and Frogs: a strip of squares holding toads `T`, frogs `F` and empty squares `.`. Left (Toads) moves a toad one square right into an empty square, jumps it rightward over one frog into the empty square beyond, or steps it one square back (left) into an empty square; Right (Frogs) moves frogs the same way in the other direction. There are no backward jumps. Whoever cannot move loses; a game that goes on for ever is a draw. Left plays the toads, as in Winning Ways and CGSuite.",
    known: "Discussed in Winning Ways (2nd ed., vol. 2) among the loopy games; CGSuite defines it as its generalized Toads and Frogs with slides of −1 allowed. Its values are loopy: `TTT..FFF` (560 positions) is a draw whoever starts and not a stopper, with onside {on||0|-1/2} and offside {1/2|0||off} (the value CGSuite 2.2 computes; sprague finds both sides by sidling in about a second, and its tests confirm them by comparison). A strip on which no creature can ever step back is plain Toads and Frogs. sprague explores every position reachable from the one given (at most `--max-states` positions) and reports the outcome with either player first (draws included), whether it is a stopper, its simplest form or its sides; the sides' comparisons take about 2n² states for n positions, so strips of up to about eight squares answer quickly.",
    build: LoopyPartizan::<BackslidingToadsAndFrogs>::build,
}];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::toads_frogs::tests::conjugate;
    use crate::notation::Notation;
    use crate::partizan::loopy::{Explored, LoopyGame};
    use crate::partizan::{GameStore, PartizanSolver};
    use proptest::prelude::*;

    const BUDGET: usize = 2_000_000;

    fn strip(s: &str) -> ToadsFrogsStrip {
        BackslidingToadsAndFrogs.parse_position(s).unwrap()
    }

    fn game(s: &str) -> LoopyGame {
        Explored::new(&BackslidingToadsAndFrogs, &strip(s), BUDGET)
            .unwrap()
            .game()
    }

    /// Every move by the rules, square by square: forward slide, jump over
    /// one of the other kind, backward slide.
    fn naive(s: &str, left: bool) -> Vec<String> {
        crate::games::toads_frogs::tests::naive_moves(s, left, true)
    }

    fn cells() -> impl Strategy<Value = String> {
        prop::collection::vec(prop::sample::select(vec!['T', 'F', '.']), 1..=6)
            .prop_map(|c| c.into_iter().collect())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn moves_match_the_rules(s in cells()) {
            for left in [true, false] {
                let got = crate::games::by_definition::shown_moves(&BackslidingToadsAndFrogs, &strip(&s), left);
                prop_assert_eq!(got, naive(&s, left), "{}", s);
            }
        }

        /// A strip whose play cannot cycle is a short game: its loopy value
        /// is the canonical form of plain Toads and Frogs (no backward move
        /// is ever available there, since a step back and a step forward
        /// would make a cycle).
        #[test]
        fn loopfree_strips_are_plain_toads_and_frogs(s in cells()) {
            let explored = Explored::new(&BackslidingToadsAndFrogs, &strip(&s), BUDGET).unwrap();
            let g = explored.game();
            let plain_moves = explored.positions().iter().all(|p| {
                let (mut a, mut b) = (Vec::new(), Vec::new());
                BackslidingToadsAndFrogs.left_moves(p, &mut a);
                BackslidingToadsAndFrogs.right_moves(p, &mut a);
                ToadsAndFrogs.left_moves(p, &mut b);
                ToadsAndFrogs.right_moves(p, &mut b);
                a.len() == b.len()
            });
            prop_assert_eq!(g.is_loopfree(), plain_moves, "{}", s);
            if plain_moves {
                let mut solver = PartizanSolver::new(&ToadsAndFrogs);
                let v = solver.value(&strip(&s)).unwrap();
                let short = LoopyGame::from_short(solver.store_mut(), v).unwrap();
                prop_assert!(g.equals(&short, BUDGET).unwrap(), "{}", s);
                prop_assert_eq!(g.canonical(BUDGET).unwrap(), short.canonical(BUDGET).unwrap(), "{}", s);
            }
        }

        /// Reversing the strip and swapping toads and frogs negates the game.
        #[test]
        fn colour_swap_negates(s in cells().prop_filter("short strips", |s| s.len() <= 5)) {
            let (g, c) = (game(&s), game(&conjugate(&s)));
            let o = g.outcome();
            let co = c.outcome();
            let flip = |w: crate::partizan::loopy::Winner| match w {
                crate::partizan::loopy::Winner::Left => crate::partizan::loopy::Winner::Right,
                crate::partizan::loopy::Winner::Right => crate::partizan::loopy::Winner::Left,
                d => d,
            };
            prop_assert_eq!((flip(o.left_first), flip(o.right_first)), (co.right_first, co.left_first), "{}", s);
            prop_assert_eq!(g.is_stopper(), c.is_stopper(), "{}", s);
            let (on, off) = (g.onside(BUDGET).unwrap(), g.offside(BUDGET).unwrap());
            let (con, coff) = (c.onside(BUDGET).unwrap(), c.offside(BUDGET).unwrap());
            prop_assert_eq!(on.map(|x| x.neg().canonical(BUDGET).unwrap()), coff.map(|x| x.canonical(BUDGET).unwrap()), "{}", s);
            prop_assert_eq!(off.map(|x| x.neg().canonical(BUDGET).unwrap()), con.map(|x| x.canonical(BUDGET).unwrap()), "{}", s);
        }
    }

    /// `TTT..FFF` has onside {on||0|-1/2} and offside {1/2|0||off}: the
    /// value CGSuite 2.2 computes for it (its test suite,
    /// `GameStripTest.scala`, "BackslidingToadsAndFrogs"). Checked here by
    /// comparing the game with those stoppers side by side (`≥` both ways
    /// on each side), apart from the side search that finds them.
    #[test]
    fn published_start_position() {
        use crate::partizan::loopy::Side;
        let mut store = GameStore::new();
        let g = game("TTT..FFF");
        assert_eq!(g.position_count(), 560);
        assert!(!g.is_stopper());
        assert_eq!(g.outcome().code(), "D");
        for (text, side) in [("{on||0|-1/2}", Side::Onside), ("{1/2|0||off}", Side::Offside)] {
            let s = crate::notation::parse_loopy(&mut store, text, BUDGET).unwrap();
            assert!(s.is_stopper());
            assert!(g.ge_side(&s, side, BUDGET).unwrap(), "{text}");
            assert!(s.ge_side(&g, side, BUDGET).unwrap(), "{text}");
        }
        // And not, for example, the sides the other way round.
        let on = crate::notation::parse_loopy(&mut store, "{on||0|-1/2}", BUDGET).unwrap();
        assert!(!g.ge_side(&on, Side::Offside, BUDGET).unwrap());
    }

    /// The value `sprague value` prints for `TTT..FFF` under the default
    /// budgets: the published {on||0|-1/2} & {1/2|0||off}, CGSuite 2.2's
    /// value (its test suite, `GameStripTest.scala`,
    /// "BackslidingToadsAndFrogs"). Sidling finds both sides: the start's
    /// approximation becomes exact after some thirty rounds while other
    /// positions' approximations go on going down.
    #[test]
    fn published_start_position_value() {
        let monitor = crate::Monitor::default();
        let r = crate::build("backsliding-toads-frogs").unwrap();
        let report = r.value("TTT..FFF", &crate::Options::new(&monitor)).unwrap();
        let text = |k: &str| report.data.get(k).and_then(|v| v.as_text()).map(str::to_string);
        assert_eq!(text("onside").as_deref(), Some("{on|{0|-1/2}}"));
        assert_eq!(text("offside").as_deref(), Some("{{1/2|0}|off}"));
    }

    /// Small strips worked by hand: in `T.` the toad steps right and back
    /// for ever while Right never has a move, so `T.` is on = {pass | };
    /// `.F` is off; `TF` has no move at all.
    #[test]
    fn small_strips() {
        assert!(game("T.").equals(&LoopyGame::on(), BUDGET).unwrap());
        assert!(game(".F").equals(&LoopyGame::off(), BUDGET).unwrap());
        assert!(game("T.").canonical(BUDGET).unwrap() == LoopyGame::on());
        // No empty square: nobody moves.
        assert_eq!(game("TF"), LoopyGame::zero());
        // The report of the registry's adapter.
        let monitor = crate::Monitor::default();
        let r = crate::build("backsliding-toads-frogs").unwrap();
        let report = r.value("T.", &crate::Options::new(&monitor)).unwrap();
        assert_eq!(report.data.get("value").and_then(|v| v.as_text()), Some("on"));
        assert!(
            report
                .text()
                .starts_with("backsliding-toads-frogs T.\nvalue:         on\n")
        );
        // `T..F` is not a stopper, but both its sides are *.
        let report = r.value("T..F", &crate::Options::new(&monitor)).unwrap();
        assert!(matches!(
            report.data.get("stopper"),
            Some(crate::registry::Data::Bool(false))
        ));
        assert_eq!(report.data.get("value").and_then(|v| v.as_text()), Some("*"));
        assert_eq!(report.data.get("outcome").and_then(|v| v.as_text()), Some("N"));
        let small = r.value("TTT..FFF", &crate::Options::new(&monitor).max_states(100));
        assert!(small.is_err());
    }
}
