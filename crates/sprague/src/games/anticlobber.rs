//! AntiClobber: Clobber played backwards in time; a stone steps onto an
//! orthogonally adjacent empty cell and leaves a stone of the other colour
//! behind.

use crate::blocks::{Board, BoardNotation, Cell, CellSet, Cells, Neighbourhood, Symmetry};
use crate::definition::Definition;
use crate::partizan::PartizanRules;
use crate::registry::{Entry, Family, Partizan};

/// AntiClobber's cells: `.` empty, `x` Left's (black) stone, `o` Right's
/// (white) stone, `#` off the board.
const CELLS: Cells = Cells::new('.', Some('x'), Some('o'), Some('#'));

/// The four orthogonal steps, as (rows, columns).
const STEPS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

/// AntiClobber on boards of at most 128 cells ([`Board`]). A move takes one
/// of your stones onto an orthogonally adjacent empty cell, and the cell it
/// leaves gets a stone of the opponent's: a Clobber move undone. Left plays
/// `x` (black), Right `o` (white); whoever cannot move loses. Every move
/// fills an empty cell, so a game lasts at most as many moves as there are
/// empty cells.
///
/// Components: a stone with no empty neighbour never moves again, and two
/// stones side by side do not affect each other, so the parts are the cells
/// joined through an empty cell (an empty cell with its neighbours in
/// play), each cropped; parts without a stone are 0 and dropped. The key of
/// a part is its least image under the eight symmetries and the colour swap
/// (which negates the value).
///
/// ```
/// use sprague::{Notation, PartizanRules, games::AntiClobber};
/// let p = AntiClobber.parse_position("x.o").unwrap();
/// let mut left = Vec::new();
/// AntiClobber.left_moves(&p, &mut left);
/// assert_eq!(AntiClobber.format_position(&left[0]), "oxo");
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct AntiClobber;

fn steps(b: &Board, me: Cell, out: &mut Vec<Board>) {
    let empty = b.mask(Cell::Empty);
    for (dr, dc) in STEPS {
        let mut from = b.mask(me) & b.shift(empty, -dr, -dc);
        while from != 0 {
            let bit = from & from.wrapping_neg();
            from &= from - 1;
            out.push(b.with(bit, me.swapped()).with(b.shift(bit, dr, dc), me));
        }
    }
}

impl PartizanRules for AntiClobber {
    type Position = Board;

    fn left_moves(&self, b: &Board, out: &mut Vec<Board>) {
        steps(b, Cell::Left, out);
    }

    fn right_moves(&self, b: &Board, out: &mut Vec<Board>) {
        steps(b, Cell::Right, out);
    }

    fn decompose(&self, b: &Board, out: &mut Vec<Board>) -> bool {
        let stones = b.mask_of(CellSet::PIECES);
        let mut parts = b.groups_through(b.mask(Cell::Empty), Neighbourhood::Orthogonal);
        parts.retain(|&part| part & stones != 0);
        b.split_into(&parts, out)
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

impl BoardNotation for AntiClobber {
    const CELLS: Cells = CELLS;
}

impl Definition<Board> for AntiClobber {
    fn draw(&self, b: &Board) -> Option<String> {
        Some(b.draw(&CELLS))
    }

    fn move_help(&self) -> Option<String> {
        Some("as the stone and the empty cell it steps onto, e.g. `a1-b1`".to_string())
    }
}

pub(crate) const ENTRIES: &[Entry] = &[Entry {
    name: "anticlobber",
    params: "",
    family: Family::Partizan,
    summary: "step one of your stones onto an adjacent empty cell, leaving an enemy stone behind (Clobber backwards); Left plays `x`, Right `o`",
    notation: "rows joined by `|`, `x` Left's (black) stone, `o` Right's (white), `.` empty, `#` not on the board (`xo.|o.x`)",
    example: "value anticlobber xoxo|oo..",
    example2: "value anticlobber x.o|.o.|o.x --json",
    rules: "AntiClobber: a board of Left's stones `x` (black), Right's stones `o` (white) and empty cells `.`. A move takes one of your stones orthogonally onto an adjacent empty cell, and a stone of the other colour appears on the cell it left: a Clobber move played backwards in time (Clobber's options from G to H are AntiClobber's from H to G). Whoever cannot move loses. Left is black (`x`), as in CGSuite's AntiClobber and in Clobber.",
    known: "A variant of Clobber defined in CGSuite (game.grid.AntiClobber); CGSuite's tests give `xoxo|oo..` = {*|-1}. Worked out from the rules: `x.` is 1, `xo.` is −1, `x.o` is *. Every move fills an empty cell, so a game ends within as many moves as there are empty cells. sprague splits a board into the parts joined through empty cells (stones with no empty neighbour never move again) and keys each by the least of its images under the symmetries and the colour swap.",
    build: Partizan::<AntiClobber>::build,
}];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Clobber;
    use crate::games::by_definition::{agrees_with_definition, is};
    use crate::games::snort::tests::{grid, swap_negates_and_images_keep};
    use crate::notation::Notation;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        #[test]
        fn values_match_the_definition(w in 1usize..6, h in 1usize..4, seed in any::<u64>()) {
            agrees_with_definition(&AntiClobber, &grid(w, h, seed, [3, 3, 3, 1]))?;
        }

        #[test]
        fn colour_swap_negates_and_symmetries_keep(w in 1usize..5, h in 1usize..4, seed in any::<u64>()) {
            let b = grid(w, h, seed, [3, 3, 3, 1]);
            swap_negates_and_images_keep(&AntiClobber, b, |b| b)?;
        }

        /// Clobber's options from G to H are AntiClobber's from H to G.
        #[test]
        fn moves_are_clobber_moves_undone(w in 1usize..5, h in 1usize..4, seed in any::<u64>()) {
            let g = AntiClobber.format_position(&grid(w, h, seed, [2, 3, 3, 0]));
            let from = Clobber.parse_position(&g).unwrap();
            let (mut clobber, mut anti) = (Vec::new(), Vec::new());
            Clobber.left_moves(&from, &mut clobber);
            Clobber.right_moves(&from, &mut clobber);
            for h in clobber {
                let h = AntiClobber.parse_position(&Clobber.format_position(&h)).unwrap();
                anti.clear();
                AntiClobber.left_moves(&h, &mut anti);
                AntiClobber.right_moves(&h, &mut anti);
                prop_assert!(anti.iter().any(|o| AntiClobber.format_position(o) == g), "{g}");
            }
        }
    }

    #[test]
    fn published_and_small_values() {
        // CGSuite's tests (GameGridTest.scala): AntiClobber("xoxo|oo..") = {*|-1}.
        assert!(is(&AntiClobber, "xoxo|oo..", "{*|-1}"));
        // Worked out by hand from the rules.
        for (p, v) in [
            ("x.", "1"),
            ("xo.", "-1"),
            ("x.o", "*"),
            ("xx|oo", "0"),
            ("x.#.x", "2"),
            ("x.#.o", "0"),
        ] {
            assert!(is(&AntiClobber, p, v), "{p}");
        }
    }

    #[test]
    fn parts_and_notation() {
        let b = AntiClobber.parse_position("x.ox.o|oooooo|o.xx.x").unwrap();
        let mut parts = Vec::new();
        assert!(AntiClobber.decompose(&b, &mut parts));
        let shown: Vec<String> = parts.iter().map(|p| AntiClobber.format_position(p)).collect();
        assert_eq!(shown, ["x.o|#o#|o.x", "x.o|#o#|x.x"]);
        let mut left = Vec::new();
        AntiClobber.left_moves(&b, &mut left);
        assert_eq!(AntiClobber.describe_move(&b, &left[0]), "a1-b1");
        assert_eq!(AntiClobber.parse_position("xo|x?").unwrap_err().column, 5);
    }
}
