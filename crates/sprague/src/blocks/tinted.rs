//! The position of a colouring game (Snort, Col and their kin) on a grid or
//! a graph, and the rules written once for any such game.

use super::{Board, Cell, CellSet, Cells, GraphBoard, Neighbourhood, Symmetry};
use crate::notation::ParseError;

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

/// The rules, notation and knowledge of a colouring game on [`Tinted`]
/// positions, written once for Snort and Col, which differ only in how a
/// colouring changes the neighbours' states: `left` and `right` map a
/// neighbour's state (empty, Left, Right, blocked) to its new state after
/// Left or Right colours a vertex.
macro_rules! tinted_game {
    ($game:ident, left: $left:expr, right: $right:expr) => {
        impl $crate::partizan::PartizanRules for $game {
            type Position = $crate::blocks::Tinted;

            fn left_moves(&self, p: &$crate::blocks::Tinted, out: &mut Vec<$crate::blocks::Tinted>) {
                p.colourings($crate::blocks::Cell::Left, $left, out);
            }

            fn right_moves(&self, p: &$crate::blocks::Tinted, out: &mut Vec<$crate::blocks::Tinted>) {
                p.colourings($crate::blocks::Cell::Right, $right, out);
            }

            fn decompose(&self, p: &$crate::blocks::Tinted, out: &mut Vec<$crate::blocks::Tinted>) -> bool {
                p.parts(out)
            }

            fn canonical_key(&self, p: &$crate::blocks::Tinted) -> ($crate::blocks::Tinted, bool) {
                p.key()
            }

            /// A grid's board in one word when it is small enough
            /// ([`Board::memo_word`](crate::blocks::Board::memo_word)); graphs have none.
            #[inline]
            fn memo_word(&self, p: &$crate::blocks::Tinted) -> Option<u64> {
                match p {
                    $crate::blocks::Tinted::Grid(b) => b.memo_word(),
                    $crate::blocks::Tinted::Graph(_) => None,
                }
            }
        }

        impl $crate::notation::Notation<$crate::blocks::Tinted> for $game {
            fn parse_position(
                &self,
                text: &str,
            ) -> Result<$crate::blocks::Tinted, $crate::notation::ParseError> {
                $crate::blocks::Tinted::parse(text)
            }

            fn format_position(&self, p: &$crate::blocks::Tinted) -> String {
                p.show()
            }

            fn describe_move(&self, from: &$crate::blocks::Tinted, to: &$crate::blocks::Tinted) -> String {
                from.describe(to)
            }
        }

        impl $crate::definition::Definition<$crate::blocks::Tinted> for $game {
            /// A strip of `n` cells, for tables.
            fn start(&self, n: u64) -> Option<$crate::blocks::Tinted> {
                $crate::blocks::Board::new(usize::try_from(n).ok()?, 1).map($crate::blocks::Tinted::Grid)
            }

            fn draw(&self, p: &$crate::blocks::Tinted) -> Option<String> {
                p.draw()
            }
        }
    };
}
pub(crate) use tinted_game;

/// The notation of Snort and Col positions, for the catalog.
pub(crate) const TINTED_NOTATION: &str = "a grid as rows joined by `|` (`...|...`, or `3x2` for an empty one) or a graph as edges `0-1 1-2` (`n=K` adds isolated vertices), optionally followed by ` : ` and one state a vertex (`0-1 1-2 : x..`); a state is `.` uncoloured (either player may colour it), `x` only Left may colour it, `o` only Right may, `#` coloured or not in play — a coloured vertex is written by removing it and tinting its neighbours";
