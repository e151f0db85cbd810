//! Konane: Hawaiian checkers; a stone jumps orthogonally over an adjacent
//! enemy stone into the empty cell beyond, capturing it, and may go on
//! jumping in the same direction.

use crate::blocks::{Board, BoardNotation, Cell, CellSet, Cells, Dir, Neighbourhood, Symmetry};
use crate::definition::Definition;
use crate::partizan::PartizanRules;
use crate::registry::{Entry, Family, Partizan, without_params};

/// Konane's cells: `.` empty, `x` Left's (black) stone, `o` Right's
/// (white) stone, `#` not on the board.
const CELLS: Cells = Cells::new('.', Some('x'), Some('o'), Some('#'));

/// Konane on boards of at most 128 cells ([`Board`]). A move takes one of
/// your stones over an orthogonally adjacent stone of the opponent's into
/// the empty cell beyond, removing the stone jumped; the same stone may
/// jump again in the same direction, and every stop is a move. Left plays
/// `x` (black), Right `o` (white); whoever cannot move loses.
///
/// Components are the orthogonally connected parts of the cells on the
/// board (stones never cross a cell off the board), each cropped; parts
/// with stones of one colour only are 0 and dropped. The key of a part is
/// its least image under the eight symmetries and the colour swap (which
/// negates the value).
///
/// ```
/// use sprague::{Notation, PartizanRules, games::Konane};
/// let p = Konane.parse_position("xo.o.").unwrap();
/// let mut left = Vec::new();
/// Konane.left_moves(&p, &mut left);
/// let mut shown: Vec<String> = left.iter().map(|q| Konane.format_position(q)).collect();
/// shown.sort();
/// assert_eq!(shown, ["....x", "..xo."]);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Konane;

impl PartizanRules for Konane {
    type Position = Board;

    fn left_moves(&self, b: &Board, out: &mut Vec<Board>) {
        b.jumps(Cell::Left, &Dir::ORTHOGONAL, Cell::Right.set(), true, true, out);
    }

    fn right_moves(&self, b: &Board, out: &mut Vec<Board>) {
        b.jumps(Cell::Right, &Dir::ORTHOGONAL, Cell::Left.set(), true, true, out);
    }

    fn decompose(&self, b: &Board, out: &mut Vec<Board>) -> bool {
        // A part with stones of one colour only has no jump.
        b.live_regions(CellSet::IN_PLAY, Neighbourhood::Orthogonal, 2, out, |p| {
            p.mask(Cell::Left) == 0 || p.mask(Cell::Right) == 0
        })
    }

    /// The whole board in one word when it is small enough ([`Board::memo_word`]).
    #[inline]
    fn memo_word(&self, b: &Board) -> Option<u64> {
        b.memo_word()
    }

    fn canonical_key(&self, b: &Board) -> (Board, bool) {
        Symmetry::ALL.swap_negates().canonical(b)
    }
}

impl BoardNotation for Konane {
    const CELLS: Cells = CELLS;
}

impl Definition<Board> for Konane {
    fn draw(&self, b: &Board) -> Option<String> {
        Some(b.draw(&CELLS))
    }
}

pub(crate) const ENTRIES: &[Entry] = &[Entry {
    name: "konane",
    params: "",
    family: Family::Partizan,
    summary: "jump one of your stones over an adjacent enemy stone, capturing it, and on in a line; Left plays `x`, Right `o`",
    notation: "rows joined by `|`, `x` Left's (black) stone, `o` Right's (white), `.` empty, `#` off the board (`xox.|o.ox`)",
    example: "value konane xoxo|ox..|xo.o",
    example2: "value konane .ox.|o..x|.... --json",
    rules: "Konane (Hawaiian checkers): a board of Left's stones `x` (black), Right's stones `o` (white) and empty cells `.`. A move takes one of your stones orthogonally over an adjacent stone of the other colour into the empty cell just beyond, capturing the stone jumped; the same stone may continue jumping in the same direction, stopping where it likes. Whoever cannot move loses. Left is black (`x`) as in CGSuite.",
    known: "Analysed with combinatorial game theory by M. D. Ernst, Playing Konane Mathematically (UMAP Journal 16, 1995), and in Lessons in Play (Albert, Nowakowski, Wolfe, 2007): small positions take many values. Worked out from the rules: `xo.` is 1 (Left's one jump), `.ox.` is * and `.ox.|o..x|....` is ±1. sprague splits a board into the connected parts of its cells, drops parts with stones of one colour (no jump is possible) and keys each part by the least of its images under the symmetries and the colour swap.",
    build: |name, params| without_params(name, params, |name| Partizan { name, rules: Konane }),
}];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::by_definition::{both, is};
    use crate::games::snort::tests::{grid, swap_negates_and_images_keep};
    use crate::notation::Notation;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        #[test]
        fn values_match_the_definition(w in 1usize..6, h in 1usize..4, seed in any::<u64>()) {
            let b = grid(w, h, seed, [3, 3, 3, 1]);
            let (fast, slow) = both(&Konane, &b);
            prop_assert_eq!(fast, slow, "{}", Konane.format_position(&b));
        }

        #[test]
        fn colour_swap_negates_and_symmetries_keep(w in 1usize..5, h in 1usize..4, seed in any::<u64>()) {
            let b = grid(w, h, seed, [3, 3, 3, 1]);
            swap_negates_and_images_keep(&Konane, b, |b| b)?;
        }
    }

    #[test]
    fn small_values_worked_out_by_hand() {
        // Small positions worked out by hand from the rules (the same values
        // as cgt 0.11's tests): a lone jump is 1, facing stones with room
        // on both sides *, and the 3×4
        // position below ±1. A double jump is one move: `xo.o.` is {0|} = 1.
        for (p, v) in [
            ("xo.", "1"),
            ("..ox", "1"),
            (".ox.", "*"),
            (".ox.|o..x|....", "{1|-1}"),
            ("xo.o.", "1"),
        ] {
            assert!(is(&Konane, p, v), "{p}");
        }
    }

    #[test]
    fn moves_and_notation() {
        let p = Konane.parse_position("xo.o.").unwrap();
        let mut left = Vec::new();
        Konane.left_moves(&p, &mut left);
        assert_eq!(Konane.describe_move(&p, &left[1]), "a1-e1");
        assert_eq!(Konane.parse_position("xo|x?").unwrap_err().column, 5);
    }
}
