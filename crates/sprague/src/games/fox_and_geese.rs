//! Fox and Geese (Winning Ways, ch. 20): Left's geese step diagonally down
//! a checkerboard, Right's fox steps diagonally either way; play may cycle.

use crate::definition::Definition;
use crate::notation::{Notation, ParseError};
use crate::partizan::PartizanRules;
use crate::registry::{Entry, Family, LoopyPartizan};

/// Most squares of a board (rows × columns).
const MAX_CELLS: usize = 64;

/// The fox square of a position where the fox has got past the geese.
const FREE: u8 = u8::MAX;

/// A Fox and Geese position: the geese and the fox on the dark squares of a
/// board `width` columns wide, rows numbered from 1 at the bottom and
/// columns from 1 at the left; the playable squares are those whose row
/// and column add up to an even number (CGSuite's convention).
///
/// Square `(row, col)` is bit `(row − 1) · width + col − 1`. A fox on or
/// above the highest goose's row can never be caught and runs up the board
/// for ever (the board is unbounded upwards): every such position is the
/// single position *free*, written `free`, whose value is `off`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct FoxGeeseBoard {
    width: u8,
    height: u8,
    fox: u8,
    geese: u64,
}

impl FoxGeeseBoard {
    /// Whether the fox has got past the geese.
    #[must_use]
    pub const fn is_free(&self) -> bool {
        self.fox == FREE
    }

    /// The geese's squares (bit `(row − 1) · width + col − 1`).
    #[must_use]
    pub const fn geese(&self) -> u64 {
        self.geese
    }

    /// The square of the fox as `(row, col)`, `None` when it is free.
    #[must_use]
    pub const fn fox(&self) -> Option<(usize, usize)> {
        if self.is_free() {
            None
        } else {
            let w = self.width as usize;
            Some((self.fox as usize / w + 1, self.fox as usize % w + 1))
        }
    }

    /// The position with the fox on square `fox`, free if it stands on or
    /// above the highest goose's row.
    fn settled(self, fox: u8) -> FoxGeeseBoard {
        let w = u32::from(self.width);
        let top_goose_row = (64 - self.geese.leading_zeros()).div_ceil(w);
        if self.geese == 0 || u32::from(fox) / w + 1 >= top_goose_row {
            FoxGeeseBoard {
                width: 1,
                height: 1,
                fox: FREE,
                geese: 0,
            }
        } else {
            FoxGeeseBoard { fox, ..self }
        }
    }

    /// The squares diagonally next to `square`: down-left, down-right,
    /// up-left, up-right (rows up to the board's height, or any row for `up`).
    fn diagonals(&self, square: u8, up: bool) -> impl Iterator<Item = u8> {
        let (w, h) = (i32::from(self.width), i32::from(self.height));
        let (r, c) = (i32::from(square) / w, i32::from(square) % w);
        let rows: &[i32] = if up { &[-1, 1] } else { &[-1] };
        rows.iter()
            .flat_map(|&dr| [(dr, -1), (dr, 1)])
            .map(move |(dr, dc)| (r + dr, c + dc))
            .filter(move |&(r, c)| r >= 0 && r < h && c >= 0 && c < w)
            .map(move |(r, c)| (r * w + c) as u8)
            .collect::<Vec<_>>()
            .into_iter()
    }

    fn name(&self, square: u8) -> String {
        let w = self.width;
        format!("{}{}", (b'a' + square % w) as char, square / w + 1)
    }
}

/// Fox and Geese as in Winning Ways (ch. 20) and CGSuite: Left moves one
/// goose one square diagonally *down* onto an empty square; Right moves the
/// fox one square diagonally in any direction onto an empty square. Nothing
/// is captured: the geese try to hem the fox in (Right then cannot move and
/// loses), the fox tries to get past them (the geese then run out of moves
/// while the fox never does). Play may cycle, so values are loopy (see
/// [`LoopyPartizan`]).
///
/// ```
/// use sprague::{Notation, PartizanRules, games::FoxAndGeese};
/// let p = FoxAndGeese.parse_position("#x#x|o#.#").unwrap();
/// let mut left = Vec::new();
/// FoxAndGeese.left_moves(&p, &mut left);
/// let shown: Vec<String> = left.iter().map(|q| FoxAndGeese.format_position(q)).collect();
/// // The goose on b2 steps down to c1 (a1 holds the fox), the goose on d2 to c1.
/// assert_eq!(shown, ["#.#x|o#x#", "#x#.|o#x#"]);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct FoxAndGeese;

impl PartizanRules for FoxAndGeese {
    type Position = FoxGeeseBoard;

    fn left_moves(&self, p: &FoxGeeseBoard, out: &mut Vec<FoxGeeseBoard>) {
        if p.is_free() {
            return;
        }
        let taken = p.geese | (1u64 << p.fox);
        let mut rest = p.geese;
        while rest != 0 {
            let g = rest.trailing_zeros() as u8;
            rest &= rest - 1;
            for to in p.diagonals(g, false) {
                if taken & (1u64 << to) == 0 {
                    let geese = (p.geese & !(1u64 << g)) | (1u64 << to);
                    out.push(FoxGeeseBoard { geese, ..*p }.settled(p.fox));
                }
            }
        }
    }

    fn right_moves(&self, p: &FoxGeeseBoard, out: &mut Vec<FoxGeeseBoard>) {
        if p.is_free() {
            // The free fox always has a move up the board: a pass.
            out.push(*p);
            return;
        }
        for to in p.diagonals(p.fox, true) {
            if p.geese & (1u64 << to) == 0 {
                out.push(p.settled(to));
            }
        }
    }
}

impl Notation<FoxGeeseBoard> for FoxAndGeese {
    fn parse_position(&self, text: &str) -> Result<FoxGeeseBoard, ParseError> {
        let trimmed = text.trim();
        if trimmed == "free" {
            return Ok(FoxGeeseBoard {
                width: 1,
                height: 1,
                fox: FREE,
                geese: 0,
            });
        }
        let rows: Vec<&str> = trimmed.split('|').collect();
        let width = rows[0].chars().count();
        let height = rows.len();
        if width == 0 {
            return Err(ParseError::new(
                "expected rows of squares such as `#x#x|.#.#|#.#.|o#.#`",
                1,
                "",
            ));
        }
        if width * height > MAX_CELLS {
            return Err(ParseError::new(
                format!("a board has at most {MAX_CELLS} squares, found {width}×{height}"),
                1,
                trimmed,
            ));
        }
        let (mut geese, mut fox) = (0u64, None);
        let mut column = 1;
        for (i, row) in rows.iter().enumerate() {
            let r = height - i; // rows count from 1 at the bottom
            if row.chars().count() != width {
                return Err(ParseError::new(
                    format!(
                        "row {r} (from the bottom) has {} squares, the first {width}",
                        row.chars().count()
                    ),
                    column,
                    *row,
                ));
            }
            for (j, ch) in row.chars().enumerate() {
                let c = j + 1;
                let at = column + j;
                let playable = (r + c).is_multiple_of(2);
                let bit = ((r - 1) * width + j) as u8;
                match ch {
                    '.' | '#' => {}
                    'x' | 'X' | 'o' | 'O' if !playable => {
                        return Err(ParseError::new(
                            format!(
                                "square {}{r} is not playable: pieces stand on squares whose row (from 1 at the bottom) and column (from 1 at the left) add up to an even number",
                                (b'a' + j as u8) as char
                            ),
                            at,
                            ch.to_string(),
                        ));
                    }
                    'x' | 'X' => geese |= 1u64 << bit,
                    'o' | 'O' if fox.is_none() => fox = Some(bit),
                    'o' | 'O' => {
                        return Err(ParseError::new(
                            "a second fox: there is one fox",
                            at,
                            ch.to_string(),
                        ));
                    }
                    _ => {
                        return Err(ParseError::new(
                            "unknown square; expected `x` (goose), `o` (fox), `.` or `#` (empty)",
                            at,
                            ch.to_string(),
                        ));
                    }
                }
            }
            column += width + 1;
        }
        let fox = fox.ok_or_else(|| ParseError::new("no fox `o` on the board", 1, trimmed))?;
        let board = FoxGeeseBoard {
            width: width as u8,
            height: height as u8,
            fox: 0,
            geese,
        };
        Ok(board.settled(fox))
    }

    fn format_position(&self, p: &FoxGeeseBoard) -> String {
        if p.is_free() {
            return "free".to_string();
        }
        let (w, h) = (usize::from(p.width), usize::from(p.height));
        let rows: Vec<String> = (1..=h)
            .rev()
            .map(|r| {
                (1..=w)
                    .map(|c| {
                        let bit = (r - 1) * w + c - 1;
                        if !(r + c).is_multiple_of(2) {
                            '#'
                        } else if p.geese >> bit & 1 == 1 {
                            'x'
                        } else if usize::from(p.fox) == bit {
                            'o'
                        } else {
                            '.'
                        }
                    })
                    .collect()
            })
            .collect();
        rows.join("|")
    }

    fn describe_move(&self, from: &FoxGeeseBoard, to: &FoxGeeseBoard) -> String {
        if from.is_free() {
            return "the free fox runs on up the board".to_string();
        }
        if to.is_free() {
            return format!("the fox (at {}) gets past the geese", from.name(from.fox));
        }
        if from.fox != to.fox {
            return format!("fox {}-{}", from.name(from.fox), from.name(to.fox));
        }
        let (a, b) = (from.geese & !to.geese, to.geese & !from.geese);
        format!(
            "goose {}-{}",
            from.name(a.trailing_zeros() as u8),
            from.name(b.trailing_zeros() as u8)
        )
    }
}

impl Definition<FoxGeeseBoard> for FoxAndGeese {}

pub(crate) const ENTRIES: &[Entry] = &[Entry {
    name: "fox-and-geese",
    params: "",
    family: Family::Loopy,
    summary: "Left's geese step diagonally down a checkerboard, Right's fox diagonally either way; the geese try to trap the fox (loopy values)",
    notation: "rows from the top joined by `|`, all of one width: `x` a goose, `o` the fox, `.` an empty playable square and `#` a square no piece may stand on (either `.` or `#` is read there); playable squares have row (counted from 1 at the bottom) plus column (from 1 at the left) even, e.g. `#x#x#x#x|.#.#.#.#|#.#.#.#.|o#.#.#.#` (CGSuite's four geese on row 4 and the fox on a1); at most 64 squares; `free` is a fox that has got past the geese",
    example: "value fox-and-geese x#x#x#x#|#.#.#.#.|o#.#.#.#",
    example2: "value fox-and-geese x#x#x#|#.#.#.|.#o#.# --json",
    rules: "Fox and Geese: on the playable squares of a checkerboard, Left (the geese, `x`) moves one goose one square diagonally down onto an empty square; Right (the fox, `o`) moves the fox one square diagonally in any direction onto an empty square. Nothing is captured. Whoever cannot move loses: the geese win by hemming the fox in; once the fox stands on or above the highest goose's row it can run up the unbounded board for ever, and that position is `off` (the geese's moves run out). Left plays the geese, as in Winning Ways and CGSuite.",
    known: "Winning Ways, 2nd ed., vol. 3, ch. 20 analyses it on the 8×8 board with four geese. CGSuite 2.2 (FoxAndGeese; its test suite `GameGridTest.scala`) gives for four geese on row 4 of an 8-column board with the fox in the corner a1 the value {4*|7/2}, and for geese on row 3 values such as 2over, 3*, 4over and {4|3||2}; sprague's tests check these. sprague explores every position reachable from the one given and reports the outcome (draws included), stopper or not and the simplest form; the simplification compares positions pairwise (2n² states for n positions, bounded by the memory budget): four geese on row 3 of 8 columns (1,499 positions) answer in under a second, four geese on row 4 with the fox on a1 (10,680 positions) in about 20 s and 1.7 GB.",
    build: LoopyPartizan::<FoxAndGeese>::build,
}];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::partizan::GameStore;
    use crate::partizan::loopy::{Explored, LoopyGame};
    use proptest::prelude::*;

    const BUDGET: usize = 200_000_000;

    fn board(s: &str) -> FoxGeeseBoard {
        FoxAndGeese.parse_position(s).unwrap()
    }

    fn game(s: &str) -> LoopyGame {
        Explored::new(&FoxAndGeese, &board(s), 10_000_000).unwrap().game()
    }

    /// The board with the geese on the squares `(row, col)` of `geese` and
    /// the fox on `fox`, `height` rows of 8 columns (CGSuite's coordinates).
    fn cg(height: usize, geese: &[(usize, usize)], fox: (usize, usize)) -> String {
        let rows: Vec<String> = (1..=height)
            .rev()
            .map(|r| {
                (1..=8)
                    .map(|c| {
                        if geese.contains(&(r, c)) {
                            'x'
                        } else if fox == (r, c) {
                            'o'
                        } else if (r + c).is_multiple_of(2) {
                            '.'
                        } else {
                            '#'
                        }
                    })
                    .collect()
            })
            .collect();
        rows.join("|")
    }

    fn value_is(s: &str, text: &str) {
        let mut store = GameStore::new();
        let want = crate::notation::parse_loopy(&mut store, text, BUDGET).unwrap();
        let g = game(s);
        assert!(g.is_stopper(), "{s}");
        assert!(g.equals(&want, BUDGET).unwrap(), "{s}: expected {text}");
    }

    /// Values CGSuite 2.2 computes, from its test suite
    /// (`GameGridTest.scala`, "define FoxAndGeese properly"): the values
    /// table of geese at (3,1), (3,3), (3,5), (3,7) with the fox on each
    /// square of rows 1 and 2.
    #[test]
    fn published_values_geese_on_row_3() {
        let geese = [(3, 1), (3, 3), (3, 5), (3, 7)];
        let table = [
            ((2, 2), "2 + over"),
            ((2, 4), "2"),
            ((2, 6), "3*"),
            ((2, 8), "4 + over"),
            ((1, 1), "{6|2 + over}"),
            ((1, 3), "{2 + over|2}"),
            ((1, 5), "{4|3||2}"),
            ((1, 7), "{4 + over|3*}"),
        ];
        for (fox, value) in table {
            value_is(&cg(3, &geese, fox), value);
        }
    }

    /// Four geese on row 4 of an 8-column board and the fox on (1,1):
    /// {4*|7/2} (CGSuite 2.2's test suite, as above).
    #[test]
    fn published_value_geese_on_row_4() {
        value_is(&cg(4, &[(4, 2), (4, 4), (4, 6), (4, 8)], (1, 1)), "{4*|7/2}");
    }

    #[test]
    fn notation() {
        let s = "#x#x|.#.#|#.#.|o#.#";
        assert_eq!(FoxAndGeese.format_position(&board(s)), s);
        assert_eq!(FoxAndGeese.parse_position("#x#x|o#?#").unwrap_err().column, 8);
        assert_eq!(FoxAndGeese.parse_position("x#x#|o#.#").unwrap_err().column, 1);
        assert_eq!(FoxAndGeese.parse_position("#x#x|o#o#").unwrap_err().column, 8);
        assert!(FoxAndGeese.parse_position("#x#x|.#.#").is_err());
        assert!(FoxAndGeese.parse_position("#x#x|.#.").is_err());
        // A fox level with the highest goose is free: off.
        assert_eq!(FoxAndGeese.format_position(&board("#x#o|.#.#")), "free");
        assert_eq!(game("free"), LoopyGame::off());
        assert_eq!(game("x#x#|#.#.|o#.#").outcome().code().len(), 1);
    }

    /// The moves by the rules, square by square on the text of the board.
    fn naive(s: &str, left: bool) -> Vec<String> {
        let rows: Vec<Vec<char>> = s.split('|').map(|r| r.chars().collect()).collect();
        let (h, w) = (rows.len() as i32, rows[0].len() as i32);
        let at = |r: i32, c: i32| rows[r as usize][c as usize];
        let mut out = Vec::new();
        for r in 0..h {
            for c in 0..w {
                let (piece, dirs): (char, &[(i32, i32)]) = if left {
                    ('x', &[(1, -1), (1, 1)])
                } else {
                    ('o', &[(1, -1), (1, 1), (-1, -1), (-1, 1)])
                };
                if at(r, c) != piece {
                    continue;
                }
                for &(dr, dc) in dirs {
                    let (r2, c2) = (r + dr, c + dc);
                    // Text row 0 is the top; a fox moving above it is free.
                    if !left && r2 < 0 && (0..w).contains(&c2) {
                        out.push("free".to_string());
                        continue;
                    }
                    if !(0..h).contains(&r2) || !(0..w).contains(&c2) || at(r2, c2) != '.' {
                        continue;
                    }
                    let mut b = rows.clone();
                    b[r as usize][c as usize] = '.';
                    b[r2 as usize][c2 as usize] = piece;
                    let text: Vec<String> = b.iter().map(|row| row.iter().collect()).collect();
                    out.push(FoxAndGeese.format_position(&board(&text.join("|"))));
                }
            }
        }
        out.sort();
        out
    }

    fn random_board() -> impl Strategy<Value = String> {
        (
            2usize..=4,
            2usize..=5,
            prop::collection::vec(0u8..6, 20),
            0usize..20,
        )
            .prop_map(|(h, w, cells, fox)| {
                let mut squares: Vec<(usize, usize)> = Vec::new();
                for r in 1..=h {
                    for c in 1..=w {
                        if (r + c).is_multiple_of(2) {
                            squares.push((r, c));
                        }
                    }
                }
                let fox_at = squares[fox % squares.len()];
                let rows: Vec<String> = (1..=h)
                    .rev()
                    .map(|r| {
                        (1..=w)
                            .map(|c| {
                                let k = squares.iter().position(|&q| q == (r, c));
                                match k {
                                    None => '#',
                                    Some(_) if (r, c) == fox_at => 'o',
                                    Some(k) if cells[k % cells.len()] == 0 => 'x',
                                    Some(_) => '.',
                                }
                            })
                            .collect()
                    })
                    .collect();
                rows.join("|")
            })
    }

    fn mirrored(s: &str) -> String {
        // Columns reversed: playable squares stay playable when the width is odd,
        // so only odd widths are mirrored.
        s.split('|')
            .map(|r| r.chars().rev().collect::<String>())
            .collect::<Vec<_>>()
            .join("|")
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        #[test]
        fn moves_match_the_rules(s in random_board()) {
            let p = board(&s);
            prop_assume!(!p.is_free());
            for left in [true, false] {
                let mut out = Vec::new();
                if left {
                    FoxAndGeese.left_moves(&p, &mut out);
                } else {
                    FoxAndGeese.right_moves(&p, &mut out);
                }
                let mut got: Vec<String> = out.iter().map(|q| FoxAndGeese.format_position(q)).collect();
                got.sort();
                let mut want = naive(&s, left);
                // A fox that moves level with the highest goose is free, as is
                // a board whose last goose moves below the fox.
                let fixed: Vec<String> = want.drain(..).map(|t| if t == "free" { t } else { FoxAndGeese.format_position(&board(&t)) }).collect();
                prop_assert_eq!(got, fixed, "{}", s);
            }
        }

        /// Positions that cannot cycle are short games: the loopy value is
        /// the canonical form by the definition (recursion over options).
        #[test]
        fn loopfree_positions_are_short(s in random_board()) {
            let g = game(&s);
            if g.is_loopfree() {
                let mut store = GameStore::new();
                let v = crate::partizan::value_by_definition(&FoxAndGeese, &mut store, &board(&s));
                let short = LoopyGame::from_short(&mut store, v).unwrap();
                prop_assert!(g.equals(&short, BUDGET).unwrap(), "{}", s);
            }
        }

        /// Mirroring a board of odd width keeps the value.
        #[test]
        fn mirror_keeps_the_value(s in random_board()) {
            prop_assume!(s.split('|').next().is_some_and(|r| !r.len().is_multiple_of(2)));
            let (g, m) = (game(&s), game(&mirrored(&s)));
            prop_assert_eq!(g.outcome(), m.outcome(), "{}", s);
            if g.is_stopper() {
                prop_assert!(g.equals(&m, BUDGET).unwrap(), "{}", s);
            }
        }
    }
}
