//! Amazons: move one of your amazons like a chess queen, then shoot an
//! arrow from where it lands, also like a queen; arrows burn their cell.

use crate::blocks::{Board, BoardNotation, Cell, CellSet, Cells, Dir, Neighbourhood, Symmetry};
use crate::definition::Definition;
use crate::partizan::PartizanRules;
use crate::registry::{Entry, Family, Partizan};

/// Amazons' cells: `.` empty, `x` Left's amazon, `o` Right's amazon, `#`
/// burnt by an arrow (or off the board).
const CELLS: Cells = Cells::new('.', Some('x'), Some('o'), Some('#'));

/// Amazons on boards of at most 128 cells ([`Board`]). A move slides one
/// of your amazons one or more cells in one of the eight queen directions
/// through empty cells, then shoots an arrow from its new cell, again as a
/// queen, through empty cells (the cell just left is empty) onto a cell
/// that is burnt for good. Left plays `x`, Right `o`; whoever cannot move
/// loses.
///
/// Components are the parts of the cells not burnt that touch along a side
/// or a corner (queens and arrows only cross such cells), each cropped;
/// parts without an amazon are 0 and dropped. The key of a part is its
/// least image under the eight symmetries and the colour swap (which
/// negates the value).
///
/// ```
/// use sprague::{Notation, PartizanRules, games::Amazons};
/// let p = Amazons.parse_position("x..").unwrap();
/// let mut left = Vec::new();
/// Amazons.left_moves(&p, &mut left);
/// let mut shown: Vec<String> = left.iter().map(|q| Amazons.format_position(q)).collect();
/// shown.sort();
/// assert_eq!(shown, ["#.x", "#x.", ".#x", ".x#"]);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Amazons;

impl PartizanRules for Amazons {
    type Position = Board;

    fn left_moves(&self, b: &Board, out: &mut Vec<Board>) {
        b.slides_and_shoots(Cell::Left, &Dir::KING, Cell::Blocked, out);
    }

    fn right_moves(&self, b: &Board, out: &mut Vec<Board>) {
        b.slides_and_shoots(Cell::Right, &Dir::KING, Cell::Blocked, out);
    }

    fn decompose(&self, b: &Board, out: &mut Vec<Board>) -> bool {
        b.live_regions(CellSet::IN_PLAY, Neighbourhood::King, 2, out, |p| {
            p.mask_of(CellSet::PIECES) == 0
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

impl BoardNotation for Amazons {
    const CELLS: Cells = CELLS;

    /// `a1-c3/c1`: the amazon's move, then the arrow (which may land
    /// where the amazon stood).
    fn move_words(&self, from: &Board, to: &Board) -> String {
        let name = |m: u128| from.cell_name(m.trailing_zeros() as usize);
        let arrow = to.mask(Cell::Blocked) & !from.mask(Cell::Blocked);
        for piece in [Cell::Left, Cell::Right] {
            let (a, b) = (
                from.mask(piece) & !to.mask(piece),
                to.mask(piece) & !from.mask(piece),
            );
            if a.count_ones() == 1 && b.count_ones() == 1 && arrow.count_ones() == 1 {
                return format!("{}-{}/{}", name(a), name(b), name(arrow));
            }
        }
        from.describe_change(to, &CELLS)
    }
}

impl Definition<Board> for Amazons {
    fn draw(&self, b: &Board) -> Option<String> {
        Some(b.draw(&CELLS))
    }
}

pub(crate) const ENTRIES: &[Entry] = &[Entry {
    name: "amazons",
    params: "",
    family: Family::Partizan,
    summary: "move an amazon like a queen, then shoot an arrow from it like a queen, burning a cell; Left plays `x`, Right `o`",
    notation: "rows joined by `|`, `x` Left's amazon, `o` Right's, `.` empty, `#` burnt or off the board (`x......|o......`); a move is written `a1-c3/c1` (amazon from a1 to c3, arrow to c1)",
    example: "value amazons x...|...o|#...",
    example2: "value amazons x..#|....|.#.o --json",
    rules: "Amazons (W. Zamkauskas, 1988): a board of Left's amazons `x`, Right's amazons `o`, empty cells `.` and burnt cells `#`. A move slides one of your amazons any number of cells in one of the eight queen directions over empty cells, then shoots an arrow from where it stopped, again in a queen direction over empty cells (the cell it left is empty); the arrow's cell is burnt for good. Whoever cannot move loses. Left is `x` as in CGSuite.",
    known: "Endgames split into independent regions, which made Amazons a showcase of combinatorial game theory: E. Berlekamp, Sums of N × 2 Amazons (2000); M. Müller and T. Tegos, Experiments in Computer Amazons (More Games of No Chance, 2002); R. Snatzke, Exhaustive Search in Amazons (ibid.). A lone amazon on a strip of n empty cells is worth n (±n for Right). CGSuite times the canonical form of `x......|o......` (2×7) in its benchmark set. sprague splits a board into regions of cells not burnt (cells touching along a side or a corner), drops regions without amazons and keys each by the least of its images under the symmetries and the colour swap.",
    build: Partizan::<Amazons>::build,
}];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::by_definition::{agrees_with_definition, is};
    use crate::games::snort::tests::{grid, swap_negates_and_images_keep};
    use crate::notation::Notation;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(150))]
        #[test]
        fn values_match_the_definition(w in 1usize..5, h in 1usize..4, seed in any::<u64>()) {
            agrees_with_definition(&Amazons, &grid(w, h, seed, [6, 1, 1, 3]))?;
        }

        #[test]
        fn colour_swap_negates_and_symmetries_keep(w in 1usize..5, h in 1usize..4, seed in any::<u64>()) {
            let b = grid(w, h, seed, [6, 1, 1, 3]);
            swap_negates_and_images_keep(&Amazons, b, |b| b)?;
        }
    }

    #[test]
    fn published_values() {
        // A lone amazon on a strip of n empty cells moves n times.
        for (p, v) in [
            ("x", "0"),
            ("x.", "1"),
            ("x...", "3"),
            ("..o..", "-4"),
            ("x|o", "0"),
        ] {
            assert!(is(&Amazons, p, v), "{p}");
        }
        // The 3×4 position cgt 0.11 tests against, its value confirmed
        // there with CGSuite.
        assert!(is(
            &Amazons,
            "x..#|....|.#.o",
            "{{6|{3|1, {3|0, {1/2|0}}}}, {6|{4*|-3, {3, {3|0, {1/2|0}}|-4}}}|-3, {0, {0|-2}, {1|-3}|-5}, {0, {0, *|0, {0, {1/2, {1|0}|v}|v}}|-5}, {{2, {2|0}|0, {0, {2|0, {2|0}}|0}}, {2, {3|0}|0, {0, {0, ^*|0}|-1}}, {{2|0}, {2|{1|1/4}, {2|0}}|v*, {1/2|{{0|-1}, {*|-1}|-1}}, {{0, ^*|0}|-1}}, {{3|0}, {3|1, {2|0}}, {3, {3|1}|1, {1|0, *}}|-1/16, {0|-1}, {*|-1}}|-5, {v, v*, {0, {0, ^*|0}|-1}|-5}, {{1/2|{-1/4, {0|-1}, {*|-1}|-1}}, {{1|1/4}|{-1/4|-1}}, {{1|{1|0}, {1|*}}|-1/2}|-5}}}"
        ));
    }

    #[test]
    fn moves_and_notation() {
        let p = Amazons.parse_position("x..").unwrap();
        let mut left = Vec::new();
        Amazons.left_moves(&p, &mut left);
        let mut said: Vec<String> = left.iter().map(|q| Amazons.describe_move(&p, q)).collect();
        said.sort();
        assert_eq!(said, ["a1-b1/a1", "a1-b1/c1", "a1-c1/a1", "a1-c1/b1"]);
        assert_eq!(Amazons.parse_position("x.|.?").unwrap_err().column, 5);
    }
}
