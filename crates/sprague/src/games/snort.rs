//! Snort: Left and Right colour vertices of a graph (or cells of a grid),
//! never next to a vertex of the other player's colour. The position type
//! [`Tinted`] is shared with Col.

use crate::blocks::{Board, Cell, CellSet, Cells, GraphBoard, Neighbourhood, Symmetry};
use crate::definition::Definition;
use crate::notation::{Notation, ParseError};
use crate::partizan::PartizanRules;
use crate::registry::{Entry, Family, Partizan};

/// Vertex states as "who may still colour here": `.` either player, `x`
/// only Left, `o` only Right, `#` nobody (coloured, or no vertex).
const TINTS: Cells = Cells::new('.', Some('x'), Some('o'), Some('#'));

/// A position of a colouring game (Snort, Col) on a grid or a graph. A
/// coloured vertex is removed and only its effect is kept: each uncoloured
/// vertex records who may still colour it (tinted Left, tinted Right,
/// either, or removed when neither may).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Tinted {
    /// Cells of a grid, neighbours orthogonal (`..x|o.#`).
    Grid(Board),
    /// Vertices of a graph (`0-1 1-2 : x..`).
    Graph(GraphBoard),
}

impl Tinted {
    /// Every position after `player` colours a vertex they may colour, its
    /// neighbours' states changing by `map` (indexed by their state).
    pub(crate) fn colourings(&self, player: Cell, map: [Cell; 4], out: &mut Vec<Tinted>) {
        let allowed = CellSet::of(&[Cell::Empty, player]);
        match self {
            Tinted::Grid(b) => {
                let mut v = Vec::new();
                b.mark(allowed, Neighbourhood::Orthogonal, map, &mut v);
                out.extend(v.into_iter().map(Tinted::Grid));
            }
            Tinted::Graph(g) => {
                let mut v = Vec::new();
                g.mark(allowed, map, &mut v);
                out.extend(v.into_iter().map(Tinted::Graph));
            }
        }
    }

    /// The connected parts of the uncoloured vertices, each a game of its own.
    pub(crate) fn parts(&self, out: &mut Vec<Tinted>) -> bool {
        match self {
            Tinted::Grid(b) => {
                let mut v = Vec::new();
                let split = b.regions(CellSet::IN_PLAY, Neighbourhood::Orthogonal, 1, &mut v);
                out.extend(v.into_iter().map(Tinted::Grid));
                split
            }
            Tinted::Graph(g) => {
                let mut v = Vec::new();
                let split = g.components(CellSet::IN_PLAY, &mut v);
                out.extend(v.into_iter().map(Tinted::Graph));
                split
            }
        }
    }

    /// The least image under the grid's symmetries and the colour swap
    /// (which negates the value); on a graph, the least of the position and
    /// its colour swap.
    pub(crate) fn key(&self) -> (Tinted, bool) {
        match self {
            Tinted::Grid(b) => {
                let (k, negated) = Symmetry::ALL.swap_negates().canonical(b);
                (Tinted::Grid(k), negated)
            }
            Tinted::Graph(g) => {
                let s = g.swapped();
                if s < *g {
                    (Tinted::Graph(s), true)
                } else {
                    (self.clone(), false)
                }
            }
        }
    }

    /// Reads a graph (`0-1 1-2 : x.o`) or a grid (`..x|o.#`, `3x2`).
    pub(crate) fn parse(text: &str) -> Result<Tinted, ParseError> {
        if text.contains('-') || text.contains("n=") {
            GraphBoard::parse(text, &TINTS).map(Tinted::Graph)
        } else {
            Board::parse(text, &TINTS).map(Tinted::Grid)
        }
    }

    pub(crate) fn show(&self) -> String {
        match self {
            Tinted::Grid(b) => b.show(&TINTS),
            Tinted::Graph(g) => g.show(&TINTS),
        }
    }

    /// The vertex played from `self` to `to`: `b2` on a grid, `vertex 3` on a graph.
    pub(crate) fn describe(&self, to: &Tinted) -> String {
        match (self, to) {
            (Tinted::Grid(a), Tinted::Grid(b)) => {
                let gone = b.mask(Cell::Blocked) & !a.mask(Cell::Blocked);
                let changed = Cell::ALL.iter().fold(0, |m, &c| m | (a.mask(c) ^ b.mask(c)));
                // The played cell: every other change is next to it (an
                // uncoloured cell first when two qualify).
                let fits = |bit: u128| changed & !bit & !a.neighbours(bit, Neighbourhood::Orthogonal) == 0;
                let cells = (0..a.size())
                    .map(|i| 1u128 << i)
                    .filter(|&bit| gone & bit != 0 && fits(bit));
                let best = cells.min_by_key(|&bit| a.cell(bit.trailing_zeros() as usize) != Cell::Empty);
                best.map_or_else(
                    || a.describe_change(b, &TINTS),
                    |bit| a.cell_name(bit.trailing_zeros() as usize),
                )
            }
            (Tinted::Graph(a), Tinted::Graph(b)) => a.describe_change(b, &TINTS),
            _ => format!("to {}", to.show()),
        }
    }

    pub(crate) fn draw(&self) -> Option<String> {
        match self {
            Tinted::Grid(b) => Some(b.draw(&TINTS)),
            Tinted::Graph(_) => None,
        }
    }
}

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

/// The rules, notation and knowledge of a colouring game on [`Tinted`]
/// positions, written once for Snort and Col, which differ only in how a
/// colouring changes the neighbours' states: `left` and `right` map a
/// neighbour's state (empty, Left, Right, blocked) to its new state after
/// Left or Right colours a vertex.
macro_rules! tinted_game {
    ($game:ident, left: $left:expr, right: $right:expr) => {
        impl PartizanRules for $game {
            type Position = Tinted;

            fn left_moves(&self, p: &Tinted, out: &mut Vec<Tinted>) {
                p.colourings(Cell::Left, $left, out);
            }

            fn right_moves(&self, p: &Tinted, out: &mut Vec<Tinted>) {
                p.colourings(Cell::Right, $right, out);
            }

            fn decompose(&self, p: &Tinted, out: &mut Vec<Tinted>) -> bool {
                p.parts(out)
            }

            fn canonical_key(&self, p: &Tinted) -> (Tinted, bool) {
                p.key()
            }
        }

        impl Notation<Tinted> for $game {
            fn parse_position(&self, text: &str) -> Result<Tinted, ParseError> {
                Tinted::parse(text)
            }

            fn format_position(&self, p: &Tinted) -> String {
                p.show()
            }

            fn describe_move(&self, from: &Tinted, to: &Tinted) -> String {
                from.describe(to)
            }
        }

        impl Definition<Tinted> for $game {
            /// A strip of `n` cells, for tables.
            fn start(&self, n: u64) -> Option<Tinted> {
                Board::new(usize::try_from(n).ok()?, 1).map(Tinted::Grid)
            }

            fn draw(&self, p: &Tinted) -> Option<String> {
                p.draw()
            }
        }
    };
}
pub(super) use tinted_game;

// Snort: a coloured vertex's neighbours may be coloured only by the same player.
tinted_game!(
    Snort,
    left: [Cell::Left, Cell::Left, Cell::Blocked, Cell::Blocked],
    right: [Cell::Right, Cell::Blocked, Cell::Right, Cell::Blocked]
);

/// The notation of Snort and Col positions, for the catalog.
pub(crate) const NOTATION: &str = "a grid as rows joined by `|` (`...|...`, or `3x2` for an empty one) or a graph as edges `0-1 1-2` (`n=K` adds isolated vertices), optionally followed by ` : ` and one state a vertex (`0-1 1-2 : x..`); a state is `.` uncoloured (either player may colour it), `x` only Left may colour it, `o` only Right may, `#` coloured or not in play — a coloured vertex is written by removing it and tinting its neighbours";

pub(crate) const ENTRIES: &[Entry] = &[Entry {
    name: "snort",
    params: "",
    family: Family::Partizan,
    summary: "Left colours a vertex blue, Right red, never next to the other colour (graphs and grids)",
    notation: NOTATION,
    example: "value snort 3x2",
    example2: "value snort 0-1 1-2 2-3 0-4 --json",
    rules: "Snort: Left (Blue) and Right (Red) take turns colouring an uncoloured vertex of a graph (on a grid, the cells with their orthogonal neighbours) in their own colour; a vertex may not be coloured next to a vertex of the other colour. Whoever cannot colour loses. Left is Blue as in Winning Ways and CGSuite.",
    known: "Named after its inventor Simon Norton; Winning Ways, 2nd ed., vol. 1, ch. 2 (Snort is the hot cousin of Col: colouring next to your own colour reserves vertices). A single uncoloured vertex is *, a vertex only Left may colour is 1, and an edge of two uncoloured vertices is ±1. Deciding the winner is PSPACE-complete (Schaefer, 1978). sprague splits a position into the connected parts of its uncoloured vertices and keys grid parts by the least of their images under the symmetries and the colour swap.",
    build: Partizan::<Snort>::build,
}];

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::games::by_definition::{both, is};
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
