//! Cram: impartial Domineering — either player places a domino, vertical or
//! horizontal, on two empty cells; whoever cannot place one loses.

use crate::blocks::{Board, BoardNotation, Cell, CellSet, Cells, Neighbourhood, Shape, Symmetry};
use crate::definition::Definition;
use crate::heap::TakeBreak;
use crate::impartial::ImpartialRules;
use crate::nimber::Nimber;
use crate::registry::{Entry, Family, Impartial, optional_param};
use std::sync::OnceLock;

/// Cram's cells: `.` empty, `#` covered or not on the board.
const CELLS: Cells = Cells::EMPTY_AND_BLOCKED;

/// Cram on boards of at most 128 cells ([`Board`]), optionally the family of
/// boards `height` rows tall for tables over their width.
///
/// Components are the connected empty regions (a lone cell is dead); the
/// transposition key is the least of the eight images of a region. Two
/// closed forms answer whole components at once:
///
/// - an empty rectangle with both sides even is a second-player win (value
///   0): the second player answers each domino with its image under the
///   half turn, which is always free (Gardner, *Mathematical Games*,
///   Scientific American, February 1974; Winning Ways, 2nd ed., vol. 3,
///   ch. 22);
/// - a strip one cell wide is Dawson's Kayles, octal 0.07 (placing a domino
///   removes two adjacent cells and may split the strip), whose values have
///   period 34 (Winning Ways, 2nd ed., vol. 1, ch. 4).
///
/// ```
/// use sprague::{GrundySolver, Nimber, Notation, games::Cram};
/// let cram = Cram::default();
/// let mut solver = GrundySolver::new(&cram);
/// // One side even, one odd: the first player wins (the central domino,
/// // then the mirror strategy).
/// let g = solver.grundy(&cram.parse_position("3x2").unwrap()).unwrap();
/// assert_ne!(g, Nimber(0));
/// // Even × even boards are second-player wins.
/// assert_eq!(solver.grundy(&cram.parse_position("4x2").unwrap()).unwrap(), Nimber(0));
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Cram {
    /// Rows of the boards of the family `start(n)` (`n` columns), if any.
    height: Option<u8>,
}

impl Cram {
    /// Cram whose family for tables is the boards `height` rows tall.
    #[must_use]
    pub const fn with_height(height: u8) -> Cram {
        Cram { height: Some(height) }
    }
}

/// Values of Dawson's Kayles, the strips of Cram, up to 128 cells.
fn strip_values() -> &'static [u32] {
    static VALUES: OnceLock<Vec<u32>> = OnceLock::new();
    VALUES.get_or_init(|| TakeBreak::dawsons_kayles().values_plain(129))
}

impl ImpartialRules for Cram {
    type Position = Board;

    fn moves(&self, b: &Board, out: &mut Vec<Board>) {
        b.place(&Shape::DOMINO_VERTICAL, Cell::Blocked, out);
        b.place(&Shape::DOMINO_HORIZONTAL, Cell::Blocked, out);
    }

    fn decompose(&self, b: &Board, out: &mut Vec<Board>) -> bool {
        b.parts(CellSet::EMPTY, Neighbourhood::Orthogonal, 2, Symmetry::ALL, out)
    }

    fn normalize(&self, b: &Board) -> Option<Board> {
        Some(Symmetry::ALL.canonical(b).0)
    }

    fn closed_form(&self, b: &Board) -> Option<Nimber> {
        let empty = b.count(Cell::Empty) as usize;
        if empty != b.size() {
            return None;
        }
        let (w, h) = (b.width(), b.height());
        if w % 2 == 0 && h % 2 == 0 {
            return Some(Nimber(0));
        }
        if w == 1 || h == 1 {
            return strip_values().get(w.max(h)).map(|&g| Nimber(u64::from(g)));
        }
        None
    }
}

impl BoardNotation for Cram {
    const CELLS: Cells = CELLS;
}

impl Definition<Board> for Cram {
    fn start(&self, n: u64) -> Option<Board> {
        let h = self.height?;
        Board::new(usize::try_from(n).ok()?, usize::from(h))
    }

    fn draw(&self, b: &Board) -> Option<String> {
        Some(b.draw(&CELLS))
    }
}

pub(crate) const ENTRIES: &[Entry] = &[Entry {
    name: "cram",
    params: "[H]",
    family: Family::Impartial,
    summary: "either player places a domino, vertical or horizontal, on two empty cells (impartial Domineering)",
    notation: "rows joined by `|`, `.` empty and `#` blocked (`...|...`), or `WxH` for an empty board (`4x3`); `cram:H` tabulates boards H rows tall by width",
    example: "value cram 4x3",
    example2: "table cram:2 --count 16",
    rules: "Cram: on a board of empty `.` and blocked `#` cells, the players take turns placing a domino on two orthogonally adjacent empty cells, in either direction. Whoever cannot place a domino loses. Both players have the same moves, so every position has a Grundy value.",
    known: "A board with both sides even is a second-player win: answer each domino with its image under the half turn (M. Gardner, Mathematical Games, Scientific American, February 1974; Winning Ways, 2nd ed., vol. 3, ch. 22); a board with one side even and one odd is a first-player win, by taking the two central cells and then playing the same mirror strategy. A strip one cell wide is Dawson's Kayles, octal 0.07, with period 34 (Winning Ways, 2nd ed., vol. 1, ch. 4). sprague splits a board into its empty regions and keys each by the least of its eight images.",
    // `cram:H`: the family of boards H rows tall, for tables (at most 128 cells).
    build: |name, params| {
        let height = optional_param(name, params, "the height H", 1..=64)?;
        let rules = height.map_or(Cram::default(), |h| Cram::with_height(h as u8));
        let name = height.map_or(name.to_string(), |h| format!("{name}:{h}"));
        Ok(Box::new(Impartial { name, rules }))
    },
}];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::GrundySolver;
    use crate::nimber::mex;
    use crate::notation::Notation;
    use crate::test_rng::XorShift;
    use std::collections::HashMap;

    /// The Grundy value by the definition: the mex of the options, no
    /// components, symmetry or closed form.
    fn plain(b: &Board, memo: &mut HashMap<Board, u64>) -> u64 {
        if let Some(&g) = memo.get(b) {
            return g;
        }
        let mut options = Vec::new();
        Cram::default().moves(b, &mut options);
        let values: Vec<Nimber> = options.iter().map(|o| Nimber(plain(o, memo))).collect();
        let g = mex(values).get();
        memo.insert(*b, g);
        g
    }

    #[test]
    fn values_match_the_definition_on_random_boards() {
        let mut rng = XorShift::new(0xc7a3);
        let mut memo = HashMap::new();
        let cram = Cram::default();
        for _ in 0..300 {
            let w = 1 + (rng.next_u64() % 5) as usize;
            let h = 1 + (rng.next_u64() % 4) as usize;
            let blocked =
                (u128::from(rng.next_u64()) & u128::from(rng.next_u64())) & ((1u128 << (w * h)) - 1);
            let b = Board::from_masks(w, h, 0, 0, blocked).unwrap();
            let mut solver = GrundySolver::new(&cram);
            assert_eq!(
                solver.grundy(&b).unwrap().get(),
                plain(&b, &mut memo),
                "{}",
                cram.format_position(&b)
            );
        }
    }

    #[test]
    fn closed_forms_hold() {
        let cram = Cram::default();
        let mut memo = HashMap::new();
        for (w, h) in [(2, 2), (2, 4), (4, 2), (4, 4), (1, 9), (9, 1), (1, 30)] {
            let b = Board::new(w, h).unwrap();
            assert_eq!(
                cram.closed_form(&b).map(Nimber::get),
                Some(plain(&b, &mut memo)),
                "{w}x{h}"
            );
        }
        // 1 × n strips are Dawson's Kayles: 0.07 values (OEIS A002187).
        let dawson = [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3];
        for (n, &g) in dawson.iter().enumerate().skip(1) {
            assert_eq!(
                cram.closed_form(&Board::new(n, 1).unwrap()),
                Some(Nimber(g)),
                "strip of {n}"
            );
        }
        // Even × odd boards are first-player wins (Gardner).
        for (w, h) in [(2, 3), (3, 2), (4, 3), (2, 5)] {
            let b = Board::new(w, h).unwrap();
            assert_ne!(plain(&b, &mut memo), 0, "{w}x{h}");
        }
    }

    #[test]
    fn registry_entry_answers() {
        let monitor = crate::Monitor::default();
        let cram = crate::build("cram").unwrap();
        let r = cram.value("2x2", &crate::Options::new(&monitor)).unwrap();
        assert_eq!(r.outcome(), Some("P"));
        let r = cram.value("..|..|..", &crate::Options::new(&monitor)).unwrap();
        assert_eq!(r.outcome(), Some("N"));
        assert!(crate::build("cram:0").is_err());
        // Boards hold at most 128 cells: two rows of 64 at most.
        assert!(crate::build("cram:64").is_ok());
        let too_tall = crate::build("cram:65").err().map(|e| e.to_string());
        assert!(
            too_tall.as_deref().is_some_and(|e| e.contains("1 to 64")),
            "{too_tall:?}"
        );
        assert!(crate::build("cram:x").is_err());
    }
}
