//! Boards as text: the row notation `..#|x.o` (rows joined by `|`, one
//! character a cell), `WxH` for an empty board, cell names (`b3`: column
//! letter, row number from the top) and moves described by the cells they
//! change (`b1-b2`, `c3-c5`, `a1-a3/c3`).

use super::board::{Board, MAX_BOARD_CELLS};
use super::cell::{Cell, Cells};
use crate::parse_error::ParseError;

/// The notation of a game whose positions are [`Board`]s written in one
/// cell alphabet: the row notation of [`Board::parse`] and [`Board::show`]
/// in the game's cells, and moves described by the cells they change
/// unless the game names them better. A game implementing it has its
/// [`Notation`](crate::notation::Notation) on boards written once, here.
pub(crate) trait BoardNotation {
    /// The game's cell characters.
    const CELLS: Cells;

    /// A move in words; by default the cells it changes
    /// ([`Board::describe_change`]).
    fn move_words(&self, from: &Board, to: &Board) -> String {
        from.describe_change(to, &Self::CELLS)
    }
}

impl<G: BoardNotation> crate::notation::Notation<Board> for G {
    fn parse_position(&self, text: &str) -> Result<Board, ParseError> {
        Board::parse(text, &G::CELLS)
    }

    fn format_position(&self, b: &Board) -> String {
        b.show(&G::CELLS)
    }

    fn describe_move(&self, from: &Board, to: &Board) -> String {
        self.move_words(from, to)
    }
}

impl Board {
    /// Reads a board written as rows joined by `|` (or `/`), one character a
    /// cell from `cells`; or `WxH` (e.g. `5x4`) for the empty board of that
    /// width and height. Spaces around rows are ignored. Rows shorter than
    /// the longest are padded with blocked cells when the game has them
    /// (an L-shaped board is `...|.`); otherwise rows must have one length.
    ///
    /// # Errors
    /// An unknown character, ragged rows (for games without blocked cells),
    /// no cell, or more than 128 cells, each with its 1-based column.
    pub fn parse(text: &str, cells: &Cells) -> Result<Board, ParseError> {
        if let Some(b) = parse_size(text)? {
            return Ok(b);
        }
        let mut rows: Vec<(usize, Vec<Cell>)> = Vec::new();
        let mut row = Vec::new();
        let mut row_start = 1;
        let chars: Vec<char> = text.chars().collect();
        for (i, &c) in chars.iter().enumerate() {
            let column = i + 1;
            if c == '|' || c == '/' {
                rows.push((row_start, core::mem::take(&mut row)));
                row_start = column + 1;
            } else if c == ' ' || c == '\t' {
                continue;
            } else if let Some(cell) = cells.cell(c) {
                row.push(cell);
            } else {
                let expected: Vec<String> = cells.alphabet().chars().map(|a| format!("`{a}`")).collect();
                return Err(ParseError::new(
                    format!(
                        "unknown cell; expected one of {}, `|` between rows, or a size such as `5x4`",
                        expected.join(", ")
                    ),
                    column,
                    c.to_string(),
                ));
            }
        }
        rows.push((row_start, row));
        let width = rows.iter().map(|(_, r)| r.len()).max().unwrap_or(0);
        let height = rows.len();
        if width == 0 {
            return Err(ParseError::new("a board needs at least one cell", 1, text.trim()));
        }
        if width * height > MAX_BOARD_CELLS {
            return Err(ParseError::new(
                format!("boards have at most {MAX_BOARD_CELLS} cells, this one {width}×{height}"),
                1,
                shorten(text),
            ));
        }
        if !cells.uses(Cell::Blocked)
            && let Some((start, r)) = rows.iter().find(|(_, r)| r.len() != width)
        {
            let k = rows.iter().position(|(s, _)| s == start).unwrap_or(0);
            return Err(ParseError::new(
                format!(
                    "ragged rows: row {} has {} cells, the longest {width}",
                    k + 1,
                    r.len()
                ),
                *start,
                "",
            ));
        }
        let mut board = Board::new(width, height).ok_or_else(|| ParseError::new("no cells", 1, ""))?;
        let mut masks = [0u128; 4];
        for (r, (_, row)) in rows.iter().enumerate() {
            for c in 0..width {
                let cell = row.get(c).copied().unwrap_or(Cell::Blocked);
                masks[cell as usize] |= 1u128 << (r * width + c);
            }
        }
        for cell in [Cell::Left, Cell::Right, Cell::Blocked] {
            board = board.with(masks[cell as usize], cell);
        }
        Ok(board)
    }

    /// The board in the row notation of `cells`; a board with no cells as
    /// its size, `0x2`. O(cells).
    #[must_use]
    pub fn show(&self, cells: &Cells) -> String {
        if self.size() == 0 {
            return format!("{}x{}", self.width(), self.height());
        }
        let mut out = String::with_capacity(self.size() + self.height());
        for r in 0..self.height() {
            if r > 0 {
                out.push('|');
            }
            for c in 0..self.width() {
                out.push(cells.char(self.at(r, c)));
            }
        }
        out
    }

    /// The name of cell `i`: its column letter (`a`, `b`, …, then `aa` past
    /// `z`) and row number from the top, as boards are drawn (`b3`).
    #[must_use]
    pub fn cell_name(&self, i: usize) -> String {
        let (r, c) = (i / self.width(), i % self.width());
        format!("{}{}", column_letters(c), r + 1)
    }

    /// The move from `self` to `to` named by the cells it changes: a piece
    /// that moves is `from-to` (its captures, and whatever it leaves on the
    /// cell it left, are implied), cells filled or
    /// blocked around it follow after `/` (Amazons' arrow: `a1-a3/c3`); a
    /// placement names its cells joined by `-` (`b1-b2`). Boards of another
    /// shape are described as the position they become.
    #[must_use]
    pub fn describe_change(&self, to: &Board, cells: &Cells) -> String {
        if (self.width(), self.height()) != (to.width(), to.height()) {
            return format!("to {}", to.show(cells));
        }
        let names = |m: u128| -> Vec<String> {
            let mut out = Vec::new();
            let mut rest = m;
            while rest != 0 {
                out.push(self.cell_name(rest.trailing_zeros() as usize));
                rest &= rest - 1;
            }
            out
        };
        let mut parts = Vec::new();
        let mut extra = 0u128;
        for piece in [Cell::Left, Cell::Right] {
            // The cell a piece left: empty now, or holding what it left
            // behind (AntiClobber's stone of the other colour).
            let left_from = self.mask(piece) & !to.mask(piece);
            let arrived = to.mask(piece) & !self.mask(piece);
            if left_from.count_ones() == 1 && arrived.count_ones() == 1 {
                parts.push(format!("{}-{}", names(left_from)[0], names(arrived)[0]));
                extra |= left_from | arrived;
            }
        }
        let mut changed = 0u128;
        for cell in Cell::ALL {
            changed |= self.mask(cell) ^ to.mask(cell);
        }
        if parts.is_empty() {
            let placed = changed & self.mask(Cell::Empty);
            let rest = changed & !placed;
            let mut text = names(placed).join("-");
            if rest != 0 {
                if !text.is_empty() {
                    text.push(' ');
                }
                text.push_str(&format!("clears {}", names(rest).join(" ")));
            }
            return text;
        }
        // Captured pieces are implied by the move; cells that were empty and
        // are filled now (an arrow) follow.
        let filled = changed & !extra & self.mask(Cell::Empty);
        let mut text = parts.join(" ");
        for name in names(filled) {
            text.push('/');
            text.push_str(&name);
        }
        text
    }

    /// The board drawn with column letters and row numbers, one character a
    /// cell from `cells`, for play in a terminal.
    #[must_use]
    pub fn draw(&self, cells: &Cells) -> String {
        let num = self.height().to_string().len();
        let mut out = format!("{}  ", " ".repeat(num));
        let letters: Vec<String> = (0..self.width()).map(column_letters).collect();
        out.push_str(&letters.join(" "));
        out.push('\n');
        for r in 0..self.height() {
            let row: Vec<String> = (0..self.width())
                .map(|c| cells.char(self.at(r, c)).to_string())
                .collect();
            out.push_str(&format!("{:>num$}  {}\n", r + 1, row.join(" ")));
        }
        out
    }
}

/// `a`..`z`, then `aa`, `ab`, … for column `c` (0-based).
fn column_letters(c: usize) -> String {
    let mut c = c;
    let mut out = Vec::new();
    loop {
        out.push(char::from(b'a' + (c % 26) as u8));
        if c < 26 {
            break;
        }
        c = c / 26 - 1;
    }
    out.iter().rev().collect()
}

/// `WxH` (or `W×H`) as the empty board of that size; `None` if `text` is not
/// of that form.
fn parse_size(text: &str) -> Result<Option<Board>, ParseError> {
    let t = text.trim();
    let Some((w, h)) = t.split_once(['x', 'X', '×']) else {
        return Ok(None);
    };
    let digits = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_digit());
    if !digits(w) || !digits(h) {
        return Ok(None);
    }
    let start = text.len() - text.trim_start().len() + 1;
    let (Ok(width), Ok(height)) = (w.parse::<usize>(), h.parse::<usize>()) else {
        return Err(ParseError::new("board size too large", start, t));
    };
    Board::new(width, height).map(Some).ok_or_else(|| {
        ParseError::new(
            format!(
                "a board has at most {MAX_BOARD_CELLS} cells, `{t}` has {}",
                width.saturating_mul(height)
            ),
            start,
            t,
        )
    })
}

/// Text cut to a readable length for an error message.
fn shorten(text: &str) -> String {
    let t = text.trim();
    if t.chars().count() <= 24 {
        t.to_string()
    } else {
        let head: String = t.chars().take(21).collect();
        format!("{head}...")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const KONANE: Cells = Cells::new('.', Some('x'), Some('o'), Some('#'));
    const CLOBBER: Cells = Cells::new('.', Some('x'), Some('o'), None);

    #[test]
    fn rows_parse_and_print_back() {
        for text in ["x.o|..#", ".", "xo", "x|o|.", "..#|x.o|ooo"] {
            let b = Board::parse(text, &KONANE).unwrap();
            assert_eq!(b.show(&KONANE), text);
        }
        let b = Board::parse(" x.o / .x. ", &KONANE).unwrap();
        assert_eq!(b.show(&KONANE), "x.o|.x.");
        assert_eq!(Board::parse("3x2", &KONANE).unwrap().show(&KONANE), "...|...");
        assert_eq!(Board::parse("...|.", &KONANE).unwrap().show(&KONANE), "...|.##");
    }

    #[test]
    fn bad_boards_name_the_column() {
        let e = Board::parse("x.z", &KONANE).unwrap_err();
        assert_eq!((e.column, e.token.as_str()), (3, "z"));
        let e = Board::parse("xo|x", &CLOBBER).unwrap_err();
        assert_eq!(e.column, 4);
        assert!(e.message.contains("ragged"));
        assert!(Board::parse("", &KONANE).is_err());
        assert!(Board::parse("|", &KONANE).is_err());
        assert!(Board::parse("12x12", &KONANE).is_err());
        assert_eq!(Board::parse("0x3", &KONANE).unwrap().show(&KONANE), "0x3");
        assert!(Board::parse("99999999999999999999x2", &KONANE).is_err());
        let long = ".".repeat(129);
        assert!(Board::parse(&long, &KONANE).is_err());
    }

    #[test]
    fn moves_are_named_by_their_cells() {
        let d = Cells::EMPTY_AND_BLOCKED;
        let from = Board::parse("..|..", &d).unwrap();
        let to = Board::parse("#.|#.", &d).unwrap();
        assert_eq!(from.describe_change(&to, &d), "a1-a2");
        let from = Board::parse("x.o.", &KONANE).unwrap();
        let to = Board::parse("..ox", &KONANE).unwrap();
        assert_eq!(from.describe_change(&to, &KONANE), "a1-d1");
        let from = Board::parse("xo.", &KONANE).unwrap();
        let to = Board::parse("..x", &KONANE).unwrap();
        assert_eq!(from.describe_change(&to, &KONANE), "a1-c1");
        let from = Board::parse("x...", &KONANE).unwrap();
        let to = Board::parse("..x#", &KONANE).unwrap();
        assert_eq!(from.describe_change(&to, &KONANE), "a1-c1/d1");
        assert_eq!(column_letters(0), "a");
        assert_eq!(column_letters(25), "z");
        assert_eq!(column_letters(26), "aa");
    }

    #[test]
    fn drawings_have_coordinates() {
        let b = Board::parse("x.|.o", &KONANE).unwrap();
        assert_eq!(b.draw(&KONANE), "   a b\n1  x .\n2  . o\n");
    }
}
