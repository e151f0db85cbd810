//! Fission: a stone splits into two, Left's vertically and Right's
//! horizontally.

use crate::blocks::{Board, BoardNotation, Cell, CellSet, Cells, Neighbourhood, Symmetry};
use crate::definition::Definition;
use crate::partizan::PartizanRules;
use crate::registry::{Entry, Family, Partizan};

/// Fission's cells: `.` empty, `x` a stone, `#` off the board.
const CELLS: Cells = Cells::new('.', Some('x'), None, Some('#'));

/// Fission on boards of at most 128 cells ([`Board`], stones in Left's
/// state). Left takes a stone whose north and south neighbours are empty
/// and puts a stone on each of them instead; Right does the same east and
/// west.
///
/// Components are the connected regions of cells in play (empty or stone)
/// that hold a stone; the key is the least image under the four mirrors
/// (same value) and the four transposes (Left's and Right's directions
/// exchanged: value negated), as in Domineering.
///
/// ```
/// use sprague::{Notation, PartizanSolver, games::Fission};
/// let mut solver = PartizanSolver::new(&Fission);
/// // Only Left can split a stone in a column: one move for her.
/// let g = solver.value(&Fission.parse_position(".|x|.").unwrap()).unwrap();
/// assert_eq!(solver.store_mut().display(g), "1");
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Fission;

fn splits(b: &Board, dr: i32, dc: i32, out: &mut Vec<Board>) {
    let empty = b.mask(Cell::Empty);
    let mut stones = b.mask(Cell::Left) & b.shift(empty, dr, dc) & b.shift(empty, -dr, -dc);
    while stones != 0 {
        let bit = stones & stones.wrapping_neg();
        stones &= stones - 1;
        out.push(
            b.with(bit, Cell::Empty)
                .with(b.shift(bit, dr, dc) | b.shift(bit, -dr, -dc), Cell::Left),
        );
    }
}

impl PartizanRules for Fission {
    type Position = Board;

    fn left_moves(&self, b: &Board, out: &mut Vec<Board>) {
        splits(b, 1, 0, out);
    }

    fn right_moves(&self, b: &Board, out: &mut Vec<Board>) {
        splits(b, 0, 1, out);
    }

    fn decompose(&self, b: &Board, out: &mut Vec<Board>) -> bool {
        let start = out.len();
        if !b.regions(CellSet::IN_PLAY, Neighbourhood::Orthogonal, 1, out) {
            return false;
        }
        let mut k = start;
        while k < out.len() {
            if out[k].count(Cell::Left) == 0 || out[k].count(Cell::Empty) < 2 {
                out.swap_remove(k);
            } else {
                k += 1;
            }
        }
        true
    }

    /// The whole board in one word when it is small enough ([`Board::memo_word`]).
    #[inline]
    fn memo_word(&self, b: &Board) -> Option<u64> {
        b.memo_word()
    }

    fn canonical_key(&self, b: &Board) -> (Board, bool) {
        Symmetry::MIRRORS.transpose_negates().canonical(b)
    }
}

impl BoardNotation for Fission {
    const CELLS: Cells = CELLS;

    fn move_words(&self, from: &Board, to: &Board) -> String {
        let split = from.mask(Cell::Left) & to.mask(Cell::Empty);
        if split.count_ones() == 1 {
            return from.cell_name(split.trailing_zeros() as usize);
        }
        from.describe_change(to, &CELLS)
    }
}

impl Definition<Board> for Fission {
    fn draw(&self, b: &Board) -> Option<String> {
        Some(b.draw(&CELLS))
    }

    fn move_help(&self) -> Option<String> {
        Some("as the stone that splits, e.g. `b2`".to_string())
    }
}

pub(crate) const ENTRIES: &[Entry] = &[Entry {
    name: "fission",
    params: "",
    family: Family::Partizan,
    summary: "a stone splits in two: Left's onto the empty cells north and south of it, Right's east and west",
    notation: "rows joined by `|`, `x` a stone, `.` empty, `#` not on the board, e.g. `....|..x.|....`",
    example: "value fission ....|..x.|....|....",
    example2: "value fission .....|.x.x.|..... --json",
    rules: "Fission: stones on a board. Left takes away a stone whose north and south neighbours are both empty and puts a stone on each of them; Right does the same with the east and west neighbours. Whoever cannot move loses. Left splits vertically, as in CGSuite and cgt (and as Left places vertical dominoes in Domineering).",
    known: "A stone alone in a column of three cells is 1 (Left's one move) and in a row of three −1; a board and its transpose are negatives of each other, so a square board symmetric under the transpose is 0. sprague splits a board into its regions of cells in play that hold a stone and can still hold a split, keyed by the least image under the mirrors (same value) and transposes (negated).",
    build: Partizan::<Fission>::build,
}];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::Notation;
    use crate::partizan::PartizanSolver;
    use proptest::prelude::*;

    use crate::games::by_definition::plain;

    fn value(s: &str) -> String {
        let mut solver = PartizanSolver::new(&Fission);
        let g = solver.value(&Fission.parse_position(s).unwrap()).unwrap();
        solver.store_mut().display(g)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(96))]
        #[test]
        fn solver_matches_the_definition(w in 1usize..6, h in 1usize..5, stones: u32, blocked: u32) {
            let all = (1u128 << (w * h)) - 1;
            let (stones, blocked) = (u128::from(stones & stones >> 7) & all, u128::from(blocked & blocked >> 5) & all);
            let b = Board::from_masks(w, h, stones & !blocked, 0, blocked).unwrap();
            let mut solver = PartizanSolver::new(&Fission);
            let g = solver.value(&b).unwrap();
            prop_assert_eq!(g, plain(&Fission, solver.store_mut(), &mut Default::default(), &b));
            // Mirrors keep the value, the transpose negates it.
            let m = solver.value(&b.mirror_left_right()).unwrap();
            prop_assert_eq!(m, g);
            let t = solver.value(&b.transposed()).unwrap();
            let neg = solver.store_mut().neg(g);
            prop_assert_eq!(t, neg);
        }
    }

    #[test]
    fn values_and_notation() {
        assert_eq!(value(".|x|."), "1");
        assert_eq!(value(".x."), "-1");
        assert_eq!(value("...|.x.|..."), "0");
        assert_eq!(value("x.."), "0");
        assert_eq!(Fission.parse_position("..|.o").unwrap_err().column, 5);
        let b = Fission.parse_position("...|.x.|...").unwrap();
        let mut l = Vec::new();
        Fission.left_moves(&b, &mut l);
        assert_eq!(Fission.format_position(&l[0]), ".x.|...|.x.");
        assert_eq!(Fission.describe_move(&b, &l[0]), "b2");
    }
}
