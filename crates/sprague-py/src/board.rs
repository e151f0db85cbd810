//! The board block in Python: a rectangular grid of small cell states packed
//! into machine words (the engine's [`sprague::blocks::Board`]), whose move
//! lists and regions are one native call each, and which hashes and compares
//! natively. A game class written on it pays Python once per position, not
//! once per cell.

use crate::errors::notation_error;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use sprague::blocks::{Board as Bits, Cell, CellSet, Cells, Dir, Neighbourhood, Shape};

/// A board of at most 128 cells in the `..#|x.o` row notation (rows joined
/// by `|`, or `WxH` for an empty board), with the game's cell characters in
/// the order empty, Left, Right, blocked (`-` for one not used): `".xo#"`.
/// Immutable and hashable; its move methods return new boards.
#[pyclass(frozen, eq, hash, module = "sprague", name = "Board")]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    bits: Bits,
    cells: Cells,
}

pub(crate) fn bad(e: String) -> PyErr {
    PyValueError::new_err(e)
}

/// The cell written `c` among `cells`, or an error naming `what` asked for
/// it and the cells of this `kind` of position (`"board"`, `"graph"`).
pub(crate) fn cell_of(cells: &Cells, c: char, what: &str, kind: &str) -> PyResult<Cell> {
    cells.cell(c).ok_or_else(|| {
        bad(format!(
            "{what}: `{c}` is not a cell of this {kind} (its cells are `{}`)",
            cells.alphabet()
        ))
    })
}

/// The set of the cells written in `text` (blanks ignored), as [`cell_of`].
pub(crate) fn cell_set_of(cells: &Cells, text: &str, what: &str, kind: &str) -> PyResult<CellSet> {
    let mut set = CellSet::NONE;
    for c in text.chars().filter(|c| !c.is_whitespace()) {
        set = set.union(cell_of(cells, c, what, kind)?.set());
    }
    Ok(set)
}

impl Board {
    /// A hash of the board's bits and cell characters, computed without
    /// Python (the solvers' tables key boards by it).
    pub fn native_hash(&self) -> isize {
        use std::hash::BuildHasher;
        rustc_hash::FxBuildHasher.hash_one(self) as isize
    }

    fn cell(&self, c: char, what: &str) -> PyResult<Cell> {
        cell_of(&self.cells, c, what, "board")
    }

    fn cell_set(&self, text: &str, what: &str) -> PyResult<CellSet> {
        cell_set_of(&self.cells, text, what, "board")
    }

    fn boards(&self, out: Vec<Bits>) -> Vec<Board> {
        out.into_iter()
            .map(|bits| Board {
                bits,
                cells: self.cells,
            })
            .collect()
    }
}

fn neighbourhood(text: &str) -> PyResult<Neighbourhood> {
    match text.trim().to_ascii_lowercase().as_str() {
        "orthogonal" | "rook" => Ok(Neighbourhood::Orthogonal),
        "diagonal" | "bishop" => Ok(Neighbourhood::Diagonal),
        "king" | "all" | "queen" => Ok(Neighbourhood::King),
        other => Err(bad(format!(
            "unknown neighbourhood `{other}`: use orthogonal, diagonal or king"
        ))),
    }
}

#[pymethods]
impl Board {
    #[new]
    #[pyo3(signature = (text, cells = ".xo#"))]
    fn new(py: Python<'_>, text: &str, cells: &str) -> PyResult<Board> {
        let cells = Cells::parse(cells).map_err(|e| bad(e.message))?;
        let bits =
            Bits::parse(text, &cells).map_err(|e| notation_error(py, &e.to_string(), text, e.column))?;
        Ok(Board { bits, cells })
    }

    /// Columns.
    #[getter]
    fn width(&self) -> usize {
        self.bits.width()
    }

    /// Rows.
    #[getter]
    fn height(&self) -> usize {
        self.bits.height()
    }

    /// Every board after a piece of `shape` (`"##"` a horizontal domino,
    /// `"#|#"` a vertical one, any polyomino of up to 8 cells) is placed on
    /// empty cells, which become `to`. O(placements).
    fn place(&self, shape: &str, to: char) -> PyResult<Vec<Board>> {
        let shape = Shape::parse(shape).map_err(|e| bad(e.message))?;
        let mut out = Vec::new();
        self.bits.place(&shape, self.cell(to, "place")?, &mut out);
        Ok(self.boards(out))
    }

    /// Every board after a `piece` jumps in one of the directions `towards`
    /// (`"orthogonal"`, `"n e"`, …) over an adjacent cell in `over` into the
    /// empty cell beyond; `capture` empties the cell jumped, `chain` lists
    /// every stop of a line of jumps in one direction (Konane).
    #[pyo3(signature = (piece, towards, over, capture = true, chain = true))]
    fn jumps(
        &self,
        piece: char,
        towards: &str,
        over: &str,
        capture: bool,
        chain: bool,
    ) -> PyResult<Vec<Board>> {
        let piece = self.cell(piece, "jumps")?;
        let dirs = Dir::parse_list(towards).map_err(|e| bad(e.message))?;
        let over = self.cell_set(over, "jumps")?;
        let mut out = Vec::new();
        self.bits.jumps(piece, &dirs, over, capture, chain, &mut out);
        Ok(self.boards(out))
    }

    /// The connected regions of the cells in `connect` under `around`
    /// (orthogonal, diagonal or king), each cropped to its box with the
    /// other cells blocked, regions of fewer than `min_cells` cells left out:
    /// a game's `components`. `None` when the board is one region that fills
    /// its box.
    #[pyo3(signature = (connect, around = "orthogonal", min_cells = 1))]
    fn regions(&self, connect: &str, around: &str, min_cells: usize) -> PyResult<Option<Vec<Board>>> {
        let connect = self.cell_set(connect, "regions")?;
        let mut out = Vec::new();
        let split = self
            .bits
            .regions(connect, neighbourhood(around)?, min_cells, &mut out);
        Ok(split.then(|| self.boards(out)))
    }

    /// How many cells are `cell`.
    fn count(&self, cell: char) -> PyResult<u32> {
        Ok(self.bits.count(self.cell(cell, "count")?))
    }

    fn __str__(&self) -> String {
        self.bits.show(&self.cells)
    }

    fn __repr__(&self) -> String {
        let cells: String = Cell::ALL
            .into_iter()
            .map(|c| {
                if self.cells.uses(c) {
                    self.cells.char(c)
                } else {
                    '-'
                }
            })
            .collect();
        format!("Board({:?}, cells={cells:?})", self.bits.show(&self.cells))
    }
}
