//! The graph block in Python: vertex states on a fixed graph of at most 128
//! vertices (the engine's [`sprague::blocks::GraphBoard`]), whose colouring
//! moves and components are one native call each, hashed and compared
//! natively.

use crate::board::{Written, bad};
use pyo3::prelude::*;
use sprague::ParseError;
use sprague::blocks::{Cell, Cells, GraphBoard as Bits};

/// A graph with a state per vertex in the graph notation (`"0-1 1-2 2-3"`,
/// `n=5` for isolated vertices, ` : .x.o` for the states), with the game's
/// cell characters in the order empty, Left, Right, blocked: `".xo#"`.
/// Immutable and hashable; its move methods return new graphs.
#[pyclass(frozen, eq, hash, module = "sprague", name = "GraphBoard")]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct GraphBoard {
    bits: Bits,
    cells: Cells,
}

impl Written for GraphBoard {
    type Bits = Bits;
    const CLASS: &'static str = "GraphBoard";
    const KIND: &'static str = "graph";

    fn parts(&self) -> (&Bits, &Cells) {
        (&self.bits, &self.cells)
    }

    fn from_parts(bits: Bits, cells: Cells) -> Self {
        GraphBoard { bits, cells }
    }

    fn parse_bits(text: &str, cells: &Cells) -> Result<Bits, ParseError> {
        Bits::parse(text, cells)
    }

    fn show_bits(bits: &Bits, cells: &Cells) -> String {
        bits.show(cells)
    }
}

#[pymethods]
impl GraphBoard {
    #[new]
    #[pyo3(signature = (text, cells = ".xo#"))]
    fn new(py: Python<'_>, text: &str, cells: &str) -> PyResult<GraphBoard> {
        GraphBoard::read(py, text, cells)
    }

    /// Every graph after one vertex whose state is in `allowed` is coloured
    /// (it leaves the game) and each neighbour's state changes by `map`: four
    /// characters, the new state of an empty, a Left, a Right and a blocked
    /// neighbour. Snort for Left: `mark(".x", "xx##")`. O(options × degree).
    fn mark(&self, allowed: &str, map: &str) -> PyResult<Vec<GraphBoard>> {
        let allowed = self.cell_set(allowed, "mark")?;
        let chars: Vec<char> = map.chars().filter(|c| !c.is_whitespace()).collect();
        if chars.len() != 4 {
            return Err(bad(format!(
                "mark: the neighbour map has four cells, the new state of an empty, a Left, a Right and a blocked neighbour (found `{map}`)"
            )));
        }
        let mut to = [Cell::Empty; 4];
        for (slot, &c) in to.iter_mut().zip(&chars) {
            *slot = self.cell(c, "mark")?;
        }
        let mut out = Vec::new();
        self.bits.mark(allowed, to, &mut out);
        Ok(self.with_cells(out))
    }

    /// The connected components of the vertices in `connect`, each on its
    /// own graph: a game's `components`. `None` when the graph is one.
    fn components(&self, connect: &str) -> PyResult<Option<Vec<GraphBoard>>> {
        let connect = self.cell_set(connect, "components")?;
        let mut out = Vec::new();
        let split = self.bits.components(connect, &mut out);
        Ok(split.then(|| self.with_cells(out)))
    }

    fn __str__(&self) -> String {
        self.text()
    }

    fn __repr__(&self) -> String {
        self.repr()
    }
}
