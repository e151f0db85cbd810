//! Snort: Left and Right colour vertices of a graph (or cells of a grid),
//! never next to a vertex of the other player's colour, on the colouring
//! games' block [`Tinted`](crate::blocks::Tinted).

use crate::blocks::{Cell, TINTED_NOTATION, tinted_game};
use crate::registry::{Entry, Family, Partizan};

/// Snort (Winning Ways, ch. 2): Left colours an uncoloured vertex blue,
/// Right red; no vertex may be next to a vertex of the other colour. In
/// the tinted states this is: Left colours a vertex `.` or `x`; its `.`
/// neighbours become `x` (only Left may colour them) and its `o`
/// neighbours are out of play. Whoever cannot colour loses.
///
/// Components are the connected parts of the uncoloured vertices; the key
/// of a grid part is its least image under the eight symmetries and the
/// colour swap (which negates the value).
///
/// ```
/// use sprague::{Notation, PartizanRules, games::Snort};
/// let p = Snort.parse_position("0-1 1-2").unwrap();
/// let mut left = Vec::new();
/// Snort.left_moves(&p, &mut left);
/// assert_eq!(Snort.format_position(&left[1]), "0-1 1-2 : x#x");
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Snort;

// Snort: a coloured vertex's neighbours may be coloured only by the same player.
tinted_game!(
    Snort,
    left: [Cell::Left, Cell::Left, Cell::Blocked, Cell::Blocked],
    right: [Cell::Right, Cell::Blocked, Cell::Right, Cell::Blocked]
);

pub(crate) const ENTRIES: &[Entry] = &[Entry {
    name: "snort",
    params: "",
    family: Family::Partizan,
    summary: "Left colours a vertex blue, Right red, never next to the other colour (graphs and grids)",
    notation: TINTED_NOTATION,
    example: "value snort 3x2",
    example2: "value snort 0-1 1-2 2-3 0-4 --json",
    rules: "Snort: Left (Blue) and Right (Red) take turns colouring an uncoloured vertex of a graph (on a grid, the cells with their orthogonal neighbours) in their own colour; a vertex may not be coloured next to a vertex of the other colour. Whoever cannot colour loses. Left is Blue as in Winning Ways and CGSuite.",
    known: "Named after its inventor Simon Norton; Winning Ways, 2nd ed., vol. 1, ch. 2 (Snort is the hot cousin of Col: colouring next to your own colour reserves vertices). A single uncoloured vertex is *, a vertex only Left may colour is 1, and an edge of two uncoloured vertices is ±1. Deciding the winner is PSPACE-complete (Schaefer, 1978). sprague splits a position into the connected parts of its uncoloured vertices and keys grid parts by the least of their images under the symmetries and the colour swap.",
    build: Partizan::<Snort>::build,
}];

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::blocks::{Board, Tinted};
    use crate::games::by_definition::{both, is};
    use crate::notation::Notation;
    use crate::partizan::PartizanRules;
    use crate::partizan::PartizanSolver;
    use proptest::prelude::*;

    /// Swapping the colours of `b` negates its value and each of its eight
    /// images keeps it (`position` makes a board a position of `rules`).
    pub(crate) fn swap_negates_and_images_keep<R: PartizanRules>(
        rules: &R,
        b: Board,
        position: impl Fn(Board) -> R::Position,
    ) -> Result<(), TestCaseError> {
        let mut solver = PartizanSolver::new(rules);
        let v = solver.value(&position(b)).unwrap();
        let s = solver.value(&position(b.swapped())).unwrap();
        prop_assert_eq!(solver.store_mut().neg(v), s);
        for image in b.images() {
            prop_assert_eq!(solver.value(&position(image)).unwrap(), v);
        }
        Ok(())
    }

    /// A random grid of `w × h` cells in the four states (`weights` of `.xo#`).
    pub(crate) fn grid(w: usize, h: usize, seed: u64, weights: [u64; 4]) -> Board {
        let mut rng = crate::test_rng::XorShift::new(seed | 1);
        let total: u64 = weights.iter().sum();
        let mut b = Board::new(w, h).unwrap();
        for i in 0..w * h {
            let mut x = rng.next_u64() % total;
            let mut cell = Cell::Empty;
            for (k, &wt) in weights.iter().enumerate() {
                if x < wt {
                    cell = Cell::from_code(k as u8);
                    break;
                }
                x -= wt;
            }
            b = b.with(1 << i, cell);
        }
        b
    }

    /// A random graph of `n` vertices, each edge with probability 1/`sparse`, states random.
    pub(crate) fn graph(n: usize, seed: u64, sparse: u64) -> Tinted {
        let mut rng = crate::test_rng::XorShift::new(seed | 1);
        let mut edges = Vec::new();
        for u in 0..n {
            for v in u + 1..n {
                if rng.next_u64().is_multiple_of(sparse) {
                    edges.push(format!("{u}-{v}"));
                }
            }
        }
        let states: String = (0..n)
            .map(|_| ['.', '.', 'x', 'o', '#'][(rng.next_u64() % 5) as usize])
            .collect();
        Tinted::parse(&format!("n={n} {} : {states}", edges.join(" "))).unwrap()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        #[test]
        fn values_match_the_definition(w in 1usize..5, h in 1usize..4, seed in any::<u64>(), n in 1usize..8) {
            let b = Tinted::Grid(grid(w, h, seed, [5, 1, 1, 1]));
            let (fast, slow) = both(&Snort, &b);
            prop_assert_eq!(fast, slow, "{}", b.show());
            let g = graph(n, seed, 3);
            let (fast, slow) = both(&Snort, &g);
            prop_assert_eq!(fast, slow, "{}", g.show());
        }

        #[test]
        fn colour_swap_negates_and_symmetries_keep(w in 1usize..5, h in 1usize..4, seed in any::<u64>()) {
            let b = grid(w, h, seed, [5, 1, 1, 1]);
            swap_negates_and_images_keep(&Snort, b, Tinted::Grid)?;
        }
    }

    #[test]
    fn published_values() {
        // Winning Ways, ch. 2: a lone vertex is *, a tinted one ±1, an edge ±1.
        for (p, v) in [
            (".", "*"),
            ("x", "1"),
            ("o", "-1"),
            ("..", "{1|-1}"),
            ("0-1", "{1|-1}"),
            ("x.", "{1|0}"),
        ] {
            assert!(is(&Snort, p, v), "{p}");
        }
        // The caterpillar C(3, 2, 3): a path 1-0-2 with 3, 2 and 3 leaves
        // (the value cgt 0.11 tests against, computed by CGSuite).
        let leaves = [(1, 3..6), (0, 6..8), (2, 8..11)];
        let mut edges = vec!["0-1".to_string(), "0-2".to_string()];
        for (hub, range) in leaves {
            edges.extend(range.map(|v| format!("{hub}-{v}")));
        }
        assert!(is(&Snort, &edges.join(" "), "{5, {{8|6*}|0} | -5, {0|{-6*|-8}}}"));
    }

    #[test]
    fn notation_and_moves() {
        let p = Snort.parse_position("..|..").unwrap();
        let mut left = Vec::new();
        Snort.left_moves(&p, &mut left);
        assert_eq!(Snort.format_position(&left[0]), "#x|x.");
        assert_eq!(Snort.describe_move(&p, &left[0]), "a1");
        let g = Snort.parse_position("0-1 1-2").unwrap();
        let mut right = Vec::new();
        Snort.right_moves(&g, &mut right);
        assert_eq!(Snort.describe_move(&g, &right[1]), "vertex 1");
        assert_eq!(Snort.parse_position("..|.z").unwrap_err().column, 5);
        assert_eq!(Snort.parse_position("0-1 : .z").unwrap_err().column, 8);
    }
}
