//! Your own partizan game: Domineering written from scratch on a bit-mask grid,
//! valued by the partizan solver and checked against the built-in `Domineering`.
//!
//! Run with `cargo run -p sprague --example own_partizan`.

use sprague::{DEFAULT_MAX_STATES, Notation, PartizanRules, PartizanSolver, games::Domineering};

/// A board of at most 64 cells: bit `row * width + col` is set when the cell is empty.
#[derive(Clone, PartialEq, Eq, Hash)]
struct Grid {
    width: u32,
    height: u32,
    empty: u64,
}

impl Grid {
    /// A board from rows of `.` (empty) and `#` (blocked).
    fn new(rows: &[&str]) -> Grid {
        let width = rows[0].len() as u32;
        let cells = rows.concat();
        let empty = cells
            .bytes()
            .enumerate()
            .filter(|&(_, c)| c == b'.')
            .fold(0, |m, (i, _)| m | 1 << i);
        Grid {
            width,
            height: rows.len() as u32,
            empty,
        }
    }

    /// The board after covering cells `a` and `b`, if both are empty.
    fn cover(&self, a: u32, b: u32, out: &mut Vec<Grid>) {
        let domino = (1 << a) | (1 << b);
        if self.empty & domino == domino {
            out.push(Grid {
                empty: self.empty & !domino,
                ..*self
            });
        }
    }
}

/// Left (Vertical) covers a cell and the one below it; Right (Horizontal) a cell
/// and the one to its right.
struct MyDomineering;

impl PartizanRules for MyDomineering {
    type Position = Grid;

    fn left_moves(&self, g: &Grid, out: &mut Vec<Grid>) {
        for i in 0..g.width * (g.height - 1) {
            g.cover(i, i + g.width, out);
        }
    }

    fn right_moves(&self, g: &Grid, out: &mut Vec<Grid>) {
        for i in (0..g.width * g.height).filter(|i| i % g.width != g.width - 1) {
            g.cover(i, i + 1, out);
        }
    }
}

/// Runs the example (also called by `tests/engine/examples.rs`); a failed assertion is a wrong answer.
pub fn main() {
    // Canonical forms live in one store: solve the built-in boards first, then
    // hand the store to the solver of our rules so the two can be compared by id.
    let boards: [&[&str]; 5] = [
        &["..", ".."],
        &["...", "..."],
        &["...", "...", "..."],
        &["..", ".#"],
        &["#..", "...", ".##"],
    ];
    let mut builtin = PartizanSolver::new(&Domineering);
    let mut expected = Vec::new();
    for rows in boards {
        let board = Domineering
            .parse_position(&rows.join("|"))
            .expect("a valid board");
        expected.push(builtin.value(&board).expect("a small search"));
    }

    let mut ours = PartizanSolver::with_store(&MyDomineering, builtin.into_store(), DEFAULT_MAX_STATES);
    for (rows, want) in boards.iter().zip(expected) {
        let grid = Grid::new(rows);
        let g = ours.value(&grid).expect("a small search");
        let outcome = ours.outcome(&grid).expect("a small search");
        println!(
            "{:<12} {:<14} {outcome:?}",
            rows.join("|"),
            ours.store_mut().display(g)
        );
        assert_eq!(g, want, "board {rows:?}");
    }

    // Known values (Winning Ways, ch. 2): the 2×2 square is ±1, a vertical
    // domino is 1 (a move for Left), a horizontal one −1.
    let value = |rows: &[&str], solver: &mut PartizanSolver<MyDomineering>| {
        let g = solver.value(&Grid::new(rows)).expect("a small search");
        solver.store_mut().display(g)
    };
    assert_eq!(value(&["..", ".."], &mut ours), "+-1");
    assert_eq!(value(&[".", "."], &mut ours), "1");
    assert_eq!(value(&[".."], &mut ours), "-1");
}
