//! Elephants and Rhinos: Toads and Frogs without jumps; Left's elephants
//! step rightward, Right's rhinos leftward, one square onto an empty one.

use super::toads_frogs::mask;
use super::{StripNotation, ToadsAndFrogs, ToadsFrogsStrip};
use crate::definition::Definition;
use crate::notation::Notation;
use crate::partizan::{Dyadic, PartizanRules};
use crate::registry::{Entry, Family, Partizan};

/// Elephants and Rhinos on the strips of [`ToadsAndFrogs`] (the same
/// notation: `T` an elephant, Left's, `F` a rhino, Right's, `.` empty). Left
/// moves an elephant one square right onto an empty square, Right a rhino
/// one square left; nobody jumps. Whoever cannot move loses.
///
/// Components: `TF` never moves again (each blocks the other), nor does an
/// elephant against the right end or a stuck piece, nor a rhino against the
/// left end or a stuck piece; stuck pieces are walls that split the strip.
/// When every rhino is left of every elephant the value is the number of
/// elephant steps left minus the rhino steps. The key is the lesser of a
/// strip and its conjugate (reversed, elephants and rhinos exchanged: value
/// negated).
///
/// ```
/// use sprague::{Notation, PartizanSolver, games::ElephantsAndRhinos};
/// let mut solver = PartizanSolver::new(&ElephantsAndRhinos);
/// let g = solver.value(&ElephantsAndRhinos.parse_position("T.F").unwrap()).unwrap();
/// assert_eq!(solver.store_mut().display(g), "*");
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct ElephantsAndRhinos;

/// The squares whose pieces can never move again.
fn stuck(p: &ToadsFrogsStrip) -> u64 {
    let (t, f, n) = (p.toads(), p.frogs(), p.len());
    let mut s = (t & (f >> 1)) | (f & (t << 1));
    loop {
        let wall = s | !mask(n);
        let next = s | (t & ((wall >> 1) | (1 << (n - 1)))) | (f & ((wall << 1) | 1));
        if next == s {
            return s;
        }
        s = next;
    }
}

impl PartizanRules for ElephantsAndRhinos {
    type Position = ToadsFrogsStrip;

    fn left_moves(&self, p: &ToadsFrogsStrip, out: &mut Vec<ToadsFrogsStrip>) {
        p.steps(true, true, out);
    }

    fn right_moves(&self, p: &ToadsFrogsStrip, out: &mut Vec<ToadsFrogsStrip>) {
        p.steps(false, true, out);
    }

    fn decompose(&self, p: &ToadsFrogsStrip, out: &mut Vec<ToadsFrogsStrip>) -> bool {
        let walls = if p.is_empty() { 0 } else { stuck(p) };
        if walls == 0 {
            return false;
        }
        p.split_at(walls, out);
        true
    }

    /// With every rhino left of every elephant no piece meets another, as
    /// in Toads and Frogs, whose integer values these are.
    fn number_value(&self, p: &ToadsFrogsStrip) -> Option<Dyadic> {
        ToadsAndFrogs.number_value(p)
    }

    fn canonical_key(&self, p: &ToadsFrogsStrip) -> (ToadsFrogsStrip, bool) {
        ToadsAndFrogs.canonical_key(p)
    }
}

impl StripNotation for ElephantsAndRhinos {
    const PIECES: [&'static str; 2] = ["elephant", "rhino"];
}

impl Definition<ToadsFrogsStrip> for ElephantsAndRhinos {
    /// The strip with its squares numbered, as Toads and Frogs is drawn.
    fn draw(&self, p: &ToadsFrogsStrip) -> Option<String> {
        crate::play::board::strip(&self.format_position(p))
    }
}

pub(crate) const ENTRIES: &[Entry] = &[Entry {
    name: "elephants-rhinos",
    params: "",
    family: Family::Partizan,
    summary: "Toads and Frogs without jumps: Left's elephants `T` step one square rightward, Right's rhinos `F` one square leftward",
    notation: "a strip of at most 64 squares, `T` (or `t`) an elephant, `F` (or `f`) a rhino, `.` empty, e.g. `TTTT..FFF` (Toads and Frogs' notation; CGSuite writes `tttt..fff`)",
    example: "value elephants-rhinos TTT.T..F.FF",
    example2: "value elephants-rhinos TT..FF --json",
    rules: "Elephants and Rhinos: a strip of squares holding elephants `T`, rhinos `F` and empty squares `.`. Left moves an elephant one square right onto an empty square; Right moves a rhino one square left onto an empty square. There are no jumps, so an elephant facing a rhino (`TF`) is stuck for good. Whoever cannot move loses. Left moves the elephants rightward, as the toads in Toads and Frogs and in CGSuite's ElephantsAndRhinos (Toads and Frogs with no jumps).",
    known: "CGSuite defines it as GenToadsAndFrogs with no jumps, and its tests give `TTTT..FFF` = 1. Worked out from the rules: `T.F` is * and `T.FT.` is 1*. With no jumps, `TF` pairs and pieces pressed against a wall never move again, so sprague splits the strip there; when every rhino is left of every elephant the value is an integer (the elephants' steps left minus the rhinos'). Keys are the lesser of a strip and its conjugate.",
    build: Partizan::<ElephantsAndRhinos>::build,
}];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::by_definition::{both, is};
    use crate::games::toads_frogs::tests::conjugate;
    use crate::partizan::PartizanSolver;

    fn strip(seed: u64) -> String {
        let mut rng = crate::test_rng::XorShift::new(seed | 1);
        let n = 1 + rng.next_u64() % 11;
        (0..n)
            .map(|_| ['.', '.', 'T', 'F'][(rng.next_u64() % 4) as usize])
            .collect()
    }

    #[test]
    fn values_match_the_definition_and_the_conjugate_negates() {
        let e = &ElephantsAndRhinos;
        for seed in 0..300 {
            let s = strip(seed);
            let p = e.parse_position(&s).unwrap();
            let (fast, slow) = both(e, &p);
            assert_eq!(fast, slow, "{s}");
            let mut solver = PartizanSolver::new(e);
            let g = solver.value(&p).unwrap();
            let c = conjugate(&s);
            let neg = solver.store_mut().neg(g);
            assert_eq!(solver.value(&e.parse_position(&c).unwrap()).unwrap(), neg, "{s}");
            // The moves are Toads and Frogs' moves of one square.
            let (mut ours, mut theirs) = (Vec::new(), Vec::new());
            e.left_moves(&p, &mut ours);
            e.right_moves(&p, &mut ours);
            ToadsAndFrogs.left_moves(&p, &mut theirs);
            ToadsAndFrogs.right_moves(&p, &mut theirs);
            let step = |q: &ToadsFrogsStrip| {
                let changed = (p.toads() ^ q.toads()) | (p.frogs() ^ q.frogs());
                changed == (changed & changed.wrapping_neg()) * 3
            };
            theirs.retain(step);
            assert_eq!(ours, theirs, "{s}");
        }
    }

    #[test]
    fn published_values() {
        // CGSuite's tests (GameStripTest.scala): ElephantsAndRhinos("tttt..fff") = 1.
        assert!(is(&ElephantsAndRhinos, "tttt..fff", "1"));
        // By hand from the rules.
        for (p, v) in [
            ("T.F", "*"),
            ("TF", "0"),
            ("T..", "2"),
            ("F.T.", "1"),
            ("T.FT.", "1*"),
        ] {
            assert!(is(&ElephantsAndRhinos, p, v), "{p}");
        }
    }

    #[test]
    fn stuck_pieces_split_the_strip() {
        let p = ElephantsAndRhinos.parse_position("FF.T.TF.T.F.TT").unwrap();
        let mut parts = Vec::new();
        assert!(ElephantsAndRhinos.decompose(&p, &mut parts));
        let shown: Vec<String> = parts
            .iter()
            .map(|q| ElephantsAndRhinos.format_position(q))
            .collect();
        assert_eq!(shown, [".T.", ".T.F."]);
        let mut left = Vec::new();
        ElephantsAndRhinos.left_moves(&p, &mut left);
        assert_eq!(
            ElephantsAndRhinos.describe_move(&p, &left[0]),
            "elephant moves from square 4 to 5"
        );
    }

    #[test]
    fn strips_are_drawn_with_numbered_squares() {
        let p = ElephantsAndRhinos.parse_position("TT.F").unwrap();
        assert_eq!(ElephantsAndRhinos.draw(&p).unwrap(), "T  T  .  F\n1  2  3  4\n");
    }
}
