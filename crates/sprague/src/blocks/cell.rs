//! The four states of a board cell, sets of them, and the characters a game
//! writes them with.

use crate::parse_error::ParseError;
use core::fmt;

/// The state of one cell of a [`Board`](super::Board).
///
/// Four states cover the placement, movement and capture games of the
/// literature: an empty cell, a piece of Left (Blue, Black, `x`, a toad), a
/// piece of Right (Red, White, `o`, a frog) and a cell that is out of play
/// (covered by a domino, burnt by an arrow, or not part of the board).
/// Exchanging [`Cell::Left`] and [`Cell::Right`] everywhere is the colour
/// swap, which negates the value of most partizan games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Cell {
    /// An empty cell.
    Empty = 0,
    /// A piece of Left.
    Left = 1,
    /// A piece of Right.
    Right = 2,
    /// A cell out of play: covered, burnt or not on the board.
    Blocked = 3,
}

impl Cell {
    /// All four states, in the order of their codes.
    pub const ALL: [Cell; 4] = [Cell::Empty, Cell::Left, Cell::Right, Cell::Blocked];

    /// The state with code `code & 3`.
    #[must_use]
    pub const fn from_code(code: u8) -> Cell {
        match code & 3 {
            0 => Cell::Empty,
            1 => Cell::Left,
            2 => Cell::Right,
            _ => Cell::Blocked,
        }
    }

    /// The state's code, 0 to 3.
    #[must_use]
    pub const fn code(self) -> u8 {
        self as u8
    }

    /// The state after exchanging Left and Right.
    #[must_use]
    pub const fn swapped(self) -> Cell {
        match self {
            Cell::Left => Cell::Right,
            Cell::Right => Cell::Left,
            other => other,
        }
    }

    /// The set holding this state alone.
    #[must_use]
    pub const fn set(self) -> CellSet {
        CellSet(1 << self as u8)
    }
}

/// A set of cell states, e.g. "Left's or Right's pieces" for the cells that
/// make up a Clobber region.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct CellSet(u8);

impl CellSet {
    /// No state.
    pub const NONE: CellSet = CellSet(0);
    /// Every state.
    pub const ALL: CellSet = CellSet(0b1111);
    /// The empty cells.
    pub const EMPTY: CellSet = CellSet(1);
    /// Either player's pieces.
    pub const PIECES: CellSet = CellSet(0b0110);
    /// Every cell in play: empty cells and pieces.
    pub const IN_PLAY: CellSet = CellSet(0b0111);

    /// The set of the given states.
    #[must_use]
    pub const fn of(cells: &[Cell]) -> CellSet {
        let mut bits = 0u8;
        let mut i = 0;
        while i < cells.len() {
            bits |= 1 << cells[i] as u8;
            i += 1;
        }
        CellSet(bits)
    }

    /// Whether `cell` is in the set.
    #[must_use]
    pub const fn contains(self, cell: Cell) -> bool {
        self.0 & (1 << cell as u8) != 0
    }

    /// The union of two sets.
    #[must_use]
    pub const fn union(self, other: CellSet) -> CellSet {
        CellSet(self.0 | other.0)
    }

    /// The set after exchanging Left and Right.
    #[must_use]
    pub const fn swapped(self) -> CellSet {
        let left = self.0 & 0b0010;
        let right = self.0 & 0b0100;
        CellSet((self.0 & 0b1001) | (left << 1) | (right >> 1))
    }

    /// The bits of the set: bit `c` for the state with code `c`.
    #[must_use]
    pub const fn bits(self) -> u8 {
        self.0
    }
}

/// The characters a game writes its cells with: one per state, `None` for
/// a state the game never uses (e.g. Domineering has no pieces: `.` and `#`).
///
/// ```
/// use sprague::blocks::{Cell, Cells};
/// const KONANE: Cells = Cells::new('.', Some('x'), Some('o'), Some('#'));
/// assert_eq!(KONANE.cell('o'), Some(Cell::Right));
/// assert_eq!(KONANE.char(Cell::Left), 'x');
/// assert_eq!(KONANE.cell('z'), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cells {
    chars: [Option<char>; 4],
}

impl Cells {
    /// Empty and blocked cells only (`.` and `#`): the placement games on
    /// empty boards (Domineering, Cram).
    pub const EMPTY_AND_BLOCKED: Cells = Cells::new('.', None, None, Some('#'));

    /// The characters of the empty cell and of Left's pieces, Right's pieces
    /// and blocked cells (or `None` where the game has no such cell).
    #[must_use]
    pub const fn new(empty: char, left: Option<char>, right: Option<char>, blocked: Option<char>) -> Cells {
        Cells {
            chars: [Some(empty), left, right, blocked],
        }
    }

    /// The state written `c`, if the game uses it.
    #[must_use]
    pub fn cell(&self, c: char) -> Option<Cell> {
        Cell::ALL.into_iter().find(|&s| self.chars[s as usize] == Some(c))
    }

    /// The character of `cell` (`?` for a state the game does not use).
    #[must_use]
    pub const fn char(&self, cell: Cell) -> char {
        match self.chars[cell as usize] {
            Some(c) => c,
            None => '?',
        }
    }

    /// Whether the game uses `cell`.
    #[must_use]
    pub const fn uses(&self, cell: Cell) -> bool {
        self.chars[cell as usize].is_some()
    }

    /// The characters in use, in the order of the states (`.xo#`).
    #[must_use]
    pub fn alphabet(&self) -> String {
        self.chars.iter().flatten().collect()
    }

    /// Characters for a game given as a string of one to four characters
    /// in the order empty, Left, Right, blocked, with `-` for a state not
    /// used: `".xo#"` for Konane, `".--#"` for Domineering.
    ///
    /// # Errors
    /// A string that is not one to four distinct characters: a
    /// [`ParseError`] at the offending character (at the whole text for a
    /// wrong length), its message naming the text.
    pub fn parse(text: &str) -> Result<Cells, ParseError> {
        let chars: Vec<char> = text.chars().collect();
        if chars.is_empty() || chars.len() > 4 {
            return Err(ParseError::new(
                format!(
                    "cell characters `{text}`: give one to four characters in the order empty, Left, Right, blocked (`-` for one not used), e.g. \".xo#\" or \".--#\""
                ),
                1,
                text,
            ));
        }
        let mut out = [None; 4];
        for (i, &c) in chars.iter().enumerate() {
            let at = |message: String| ParseError::new(message, i + 1, c.to_string());
            if c == '-' && i > 0 {
                continue;
            }
            if c == '|' || c.is_whitespace() {
                return Err(at(format!("cell characters `{text}`: `{c}` cannot be a cell")));
            }
            if out.contains(&Some(c)) {
                return Err(at(format!("cell characters `{text}`: `{c}` appears twice")));
            }
            out[i] = Some(c);
        }
        match out[0] {
            Some(_) => Ok(Cells { chars: out }),
            None => Err(ParseError::new(
                format!("cell characters `{text}`: the first is the empty cell"),
                1,
                "-",
            )),
        }
    }
}

impl fmt::Display for Cells {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for c in self.chars {
            write!(f, "{}", c.unwrap_or('-'))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn swaps_exchange_left_and_right_only() {
        for c in Cell::ALL {
            assert_eq!(c.swapped().swapped(), c);
            assert_eq!(Cell::from_code(c.code()), c);
        }
        assert_eq!(Cell::Left.swapped(), Cell::Right);
        assert_eq!(Cell::Blocked.swapped(), Cell::Blocked);
        for bits in 0..16u8 {
            let s = CellSet(bits);
            for c in Cell::ALL {
                assert_eq!(s.swapped().contains(c.swapped()), s.contains(c));
            }
        }
    }

    #[test]
    fn cells_parse_and_print() {
        let k = Cells::parse(".xo#").unwrap();
        assert_eq!(k, Cells::new('.', Some('x'), Some('o'), Some('#')));
        assert_eq!(k.to_string(), ".xo#");
        let d = Cells::parse(".--#").unwrap();
        assert_eq!(d, Cells::EMPTY_AND_BLOCKED);
        assert_eq!(d.alphabet(), ".#");
        assert!(Cells::parse("").is_err());
        assert!(Cells::parse(".xx").is_err());
        assert!(Cells::parse(".x|").is_err());
        assert!(Cells::parse(".xo#!").is_err());
    }

    #[test]
    fn parse_errors_point_at_the_offending_character() {
        let e = Cells::parse(".xx").unwrap_err();
        assert_eq!((e.column, e.token.as_str()), (3, "x"));
        assert_eq!(e.message, "cell characters `.xx`: `x` appears twice");
    }
}
