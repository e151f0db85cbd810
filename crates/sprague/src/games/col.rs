//! Col: Left and Right colour vertices of a graph (or cells of a grid),
//! never next to a vertex of their own colour.

use crate::blocks::{Cell, TINTED_NOTATION, tinted_game};
use crate::registry::{Entry, Family, Partizan};

/// Col (Winning Ways, ch. 2): Left colours an uncoloured vertex blue,
/// Right red; no vertex may be next to a vertex of the same colour. In the
/// tinted states of [`Tinted`](crate::blocks::Tinted): Left colours a vertex `.` or `x`; its `.`
/// neighbours become `o` (only Right may colour them now) and its `x`
/// neighbours are out of play. Whoever cannot colour loses.
///
/// Components and keys as in [`Snort`](super::Snort): connected parts of
/// the uncoloured vertices, least images under the grid's symmetries and
/// the colour swap (which negates the value).
///
/// ```
/// use sprague::{Notation, PartizanRules, games::Col};
/// let p = Col.parse_position("0-1 1-2").unwrap();
/// let mut left = Vec::new();
/// Col.left_moves(&p, &mut left);
/// assert_eq!(Col.format_position(&left[1]), "0-1 1-2 : o#o");
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Col;

// Col: a coloured vertex's neighbours may be coloured only by the other player.
tinted_game!(
    Col,
    left: [Cell::Right, Cell::Blocked, Cell::Right, Cell::Blocked],
    right: [Cell::Left, Cell::Left, Cell::Blocked, Cell::Blocked]
);

pub(crate) const ENTRIES: &[Entry] = &[Entry {
    name: "col",
    params: "",
    family: Family::Partizan,
    summary: "Left colours a vertex blue, Right red, never next to the same colour (graphs and grids)",
    notation: TINTED_NOTATION,
    example: "value col 3x3",
    example2: "value col 0-1 1-2 2-3 3-0 --json",
    rules: "Col: Left (Blue) and Right (Red) take turns colouring an uncoloured vertex of a graph (on a grid, the cells with their orthogonal neighbours) in their own colour; a vertex may not be coloured next to a vertex of the same colour. Whoever cannot colour loses. Left is Blue as in Winning Ways and CGSuite.",
    known: "Named after its inventor Colin Vout; Winning Ways, 2nd ed., vol. 1, ch. 2: every Col position is a number or a number plus * (a cold game: moving never helps the mover much). A single uncoloured vertex is *, a vertex only Left may colour is 1, an edge of two uncoloured vertices is 0. sprague splits a position into the connected parts of its uncoloured vertices and keys grid parts by the least of their images under the symmetries and the colour swap.",
    build: Partizan::<Col>::build,
}];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::blocks::Tinted;
    use crate::games::by_definition::{both, is};
    use crate::games::snort::tests::{graph, grid, swap_negates_and_images_keep};
    use crate::partizan::PartizanSolver;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        #[test]
        fn values_match_the_definition_and_are_numbers_or_number_star(
            w in 1usize..5, h in 1usize..4, seed in any::<u64>(), n in 1usize..9,
        ) {
            for p in [Tinted::Grid(grid(w, h, seed, [5, 1, 1, 1])), graph(n, seed, 3)] {
                let (fast, slow) = both(&Col, &p);
                prop_assert_eq!(&fast, &slow, "{}", p.show());
                // Winning Ways, ch. 2: Col values are numbers or number + *.
                let mut solver = PartizanSolver::new(&Col);
                let g = solver.value(&p).unwrap();
                let store = solver.store_mut();
                let number = store.as_number(g).is_some();
                let star = store.as_nus(g).is_some_and(|v| v.ups == 0 && v.nimber <= 1);
                prop_assert!(number || star, "{} = {}", p.show(), fast);
            }
        }

        #[test]
        fn colour_swap_negates_and_symmetries_keep(w in 1usize..5, h in 1usize..4, seed in any::<u64>()) {
            let b = grid(w, h, seed, [5, 1, 1, 1]);
            swap_negates_and_images_keep(&Col, b, Tinted::Grid)?;
        }
    }

    #[test]
    fn published_values() {
        // Winning Ways, ch. 2: a lone vertex is *, a tinted one ±1, an edge 0.
        for (p, v) in [(".", "*"), ("x", "1"), ("o", "-1"), ("..", "0"), ("0-1", "0")] {
            assert!(is(&Col, p, v), "{p}");
        }
        // By hand: `o.` is {-1|0} = -1/2, so the path `...` is {-1/2|1/2} = 0;
        // in `x.x` Left's end move leaves `ox` = 0 and Right's middle move
        // `x#x` = 2, so it is {0|2} = 1.
        for (p, v) in [("o.", "-1/2"), ("...", "0"), ("x.x", "1")] {
            assert!(is(&Col, p, v), "{p}");
        }
    }
}
