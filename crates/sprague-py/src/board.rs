//! The board block in Python: a rectangular grid of small cell states packed
//! into machine words (the engine's [`sprague::blocks::Board`]), whose move
//! lists and regions are one native call each, and which hashes and compares
//! natively. A game class written on it pays Python once per position, not
//! once per cell.

use crate::errors::notation_error;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use sprague::ParseError;
use sprague::blocks::{Board as Bits, Cell, CellSet, Cells, Dir, Neighbourhood, Shape};
use std::hash::Hash;

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

/// What the Python block classes ([`Board`], [`GraphBoard`](crate::graph_board::GraphBoard))
/// share: an engine block's bits written in a game's cell characters, read
/// from and shown in its notation, hashed natively, and cells named by
/// their characters.
pub(crate) trait Written: Sized {
    /// The engine's block.
    type Bits: Hash;
    /// The class's name in Python.
    const CLASS: &'static str;
    /// What a position is called in messages (`"board"`, `"graph"`).
    const KIND: &'static str;

    /// The block and the cell characters.
    fn parts(&self) -> (&Self::Bits, &Cells);
    /// A position of `bits` in `cells`.
    fn from_parts(bits: Self::Bits, cells: Cells) -> Self;
    /// The block's notation read in `cells`.
    fn parse_bits(text: &str, cells: &Cells) -> Result<Self::Bits, ParseError>;
    /// The block in the notation of `cells`.
    fn show_bits(bits: &Self::Bits, cells: &Cells) -> String;

    /// A position read from `text` with the cell characters `cells`
    /// (`".xo#"`, `-` for one not used).
    fn read(py: Python<'_>, text: &str, cells: &str) -> PyResult<Self> {
        let cells = Cells::parse(cells).map_err(|e| bad(e.message))?;
        let bits =
            Self::parse_bits(text, &cells).map_err(|e| notation_error(py, &e.to_string(), text, e.column))?;
        Ok(Self::from_parts(bits, cells))
    }

    /// A hash of the bits and the cell characters, computed without Python
    /// (the solvers' tables key positions by it).
    fn native_hash(&self) -> isize {
        use std::hash::BuildHasher;
        rustc_hash::FxBuildHasher.hash_one(self.parts()) as isize
    }

    /// The cell written `c`, or an error naming `what` asked for it and the
    /// cells of this position.
    fn cell(&self, c: char, what: &str) -> PyResult<Cell> {
        let cells = self.parts().1;
        cells.cell(c).ok_or_else(|| {
            bad(format!(
                "{what}: `{c}` is not a cell of this {} (its cells are `{}`)",
                Self::KIND,
                cells.alphabet()
            ))
        })
    }

    /// The set of the cells written in `text` (blanks ignored), as [`cell`](Self::cell).
    fn cell_set(&self, text: &str, what: &str) -> PyResult<CellSet> {
        let mut set = CellSet::NONE;
        for c in text.chars().filter(|c| !c.is_whitespace()) {
            set = set.union(self.cell(c, what)?.set());
        }
        Ok(set)
    }

    /// Positions of the blocks `out`, in this position's cells.
    fn with_cells(&self, out: Vec<Self::Bits>) -> Vec<Self> {
        let cells = *self.parts().1;
        out.into_iter()
            .map(|bits| Self::from_parts(bits, cells))
            .collect()
    }

    /// Python's `str`: the position in its notation.
    fn text(&self) -> String {
        let (bits, cells) = self.parts();
        Self::show_bits(bits, cells)
    }

    /// Python's `repr`: the class, the notation and the cell characters.
    fn repr(&self) -> String {
        let cells = self.parts().1;
        let alphabet: String = Cell::ALL
            .into_iter()
            .map(|c| if cells.uses(c) { cells.char(c) } else { '-' })
            .collect();
        format!("{}({:?}, cells={alphabet:?})", Self::CLASS, self.text())
    }
}

impl Written for Board {
    type Bits = Bits;
    const CLASS: &'static str = "Board";
    const KIND: &'static str = "board";

    fn parts(&self) -> (&Bits, &Cells) {
        (&self.bits, &self.cells)
    }

    fn from_parts(bits: Bits, cells: Cells) -> Self {
        Board { bits, cells }
    }

    fn parse_bits(text: &str, cells: &Cells) -> Result<Bits, ParseError> {
        Bits::parse(text, cells)
    }

    fn show_bits(bits: &Bits, cells: &Cells) -> String {
        bits.show(cells)
    }
}

pub(crate) fn neighbourhood(text: &str) -> PyResult<Neighbourhood> {
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
        Board::read(py, text, cells)
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
        Ok(self.with_cells(out))
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
        Ok(self.with_cells(out))
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
        Ok(split.then(|| self.with_cells(out)))
    }

    /// How many cells are `cell`.
    fn count(&self, cell: char) -> PyResult<u32> {
        Ok(self.bits.count(self.cell(cell, "count")?))
    }

    fn __str__(&self) -> String {
        self.text()
    }

    fn __repr__(&self) -> String {
        self.repr()
    }
}
