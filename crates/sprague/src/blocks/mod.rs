//! Building blocks for game definitions: boards of a few machine words, with
//! the placements, steps, jumps, slides, regions and symmetries of grid games
//! as word operations; coloured graphs for placement games on graphs; the
//! tinted positions of colouring games ([`Tinted`]: Snort, Col) with their
//! rules written once; and the options of heaps under take-and-break rules.
//!
//! Positions built from blocks are plain bits, hashed without allocation, so
//! a game written on them — in Rust, in a rules script or in Python — keys
//! the engine's memo tables as the built-in games do.
//!
//! Inside the crate, `bitgrid` (one bit per cell of a board of up to 128
//! cells, row-major at the board's width) and `byteboard` (boards of at most
//! 8 × 8 packed one row per byte) are the word operations under [`Board`]
//! and the grid games.
//!
//! ```
//! use sprague::blocks::{Board, Cell, CellSet, Cells, Neighbourhood, Shape, Symmetry};
//!
//! // Cram on a board 3 wide and 2 tall: either player places a domino
//! // either way.
//! let cram = Cells::EMPTY_AND_BLOCKED;
//! let b = Board::parse("3x2", &cram).unwrap();
//! let mut options = Vec::new();
//! b.place(&Shape::DOMINO_VERTICAL, Cell::Blocked, &mut options);
//! b.place(&Shape::DOMINO_HORIZONTAL, Cell::Blocked, &mut options);
//! assert_eq!(options.len(), 7);
//! // After a vertical domino in the left column, the two other columns are
//! // one region, cropped to its 2×2 box.
//! let mut parts = Vec::new();
//! assert!(options[0].regions(CellSet::EMPTY, Neighbourhood::Orthogonal, 2, &mut parts));
//! assert_eq!(parts.len(), 1);
//! assert_eq!(parts[0].show(&cram), "..|..");
//! // Its key under the board's symmetries.
//! let (key, _) = Symmetry::ALL.canonical(&parts[0]);
//! assert_eq!(key.show(&cram), "..|..");
//! ```

pub(crate) mod bitgrid;
mod board;
mod board_notation;
pub(crate) mod byteboard;
mod cell;
mod graph_board;
mod shape;
mod symmetry;
mod tinted;
pub(crate) mod word;

pub use board::{Board, MAX_BOARD_CELLS, Neighbourhood};
pub(crate) use board_notation::BoardNotation;
pub use cell::{Cell, CellSet, Cells};
pub use graph_board::{Adjacency, GraphBoard, MAX_GRAPH_VERTICES};
pub use shape::{Dir, MAX_SHAPE_CELLS, Shape};
pub use symmetry::Symmetry;
pub use tinted::Tinted;
pub(crate) use tinted::{TINTED_NOTATION, tinted_game};
