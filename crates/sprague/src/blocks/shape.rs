//! Pieces placed on a board (polyominoes) and the directions pieces move in.

use crate::parse_error::ParseError;
use core::fmt;

/// A direction on a board: rows down (`dr`) and columns right (`dc`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Dir {
    /// Rows down (negative: up).
    pub dr: i8,
    /// Columns right (negative: left).
    pub dc: i8,
}

impl Dir {
    /// One row up.
    pub const NORTH: Dir = Dir { dr: -1, dc: 0 };
    /// One row down.
    pub const SOUTH: Dir = Dir { dr: 1, dc: 0 };
    /// One column right.
    pub const EAST: Dir = Dir { dr: 0, dc: 1 };
    /// One column left.
    pub const WEST: Dir = Dir { dr: 0, dc: -1 };
    /// Up and right.
    pub const NORTH_EAST: Dir = Dir { dr: -1, dc: 1 };
    /// Up and left.
    pub const NORTH_WEST: Dir = Dir { dr: -1, dc: -1 };
    /// Down and right.
    pub const SOUTH_EAST: Dir = Dir { dr: 1, dc: 1 };
    /// Down and left.
    pub const SOUTH_WEST: Dir = Dir { dr: 1, dc: -1 };

    /// The four orthogonal directions (a rook's lines).
    pub const ORTHOGONAL: [Dir; 4] = [Dir::NORTH, Dir::SOUTH, Dir::EAST, Dir::WEST];
    /// The four diagonal directions (a bishop's lines).
    pub const DIAGONAL: [Dir; 4] = [Dir::NORTH_EAST, Dir::NORTH_WEST, Dir::SOUTH_EAST, Dir::SOUTH_WEST];
    /// All eight directions (a king's steps, a queen's lines).
    pub const KING: [Dir; 8] = [
        Dir::NORTH,
        Dir::SOUTH,
        Dir::EAST,
        Dir::WEST,
        Dir::NORTH_EAST,
        Dir::NORTH_WEST,
        Dir::SOUTH_EAST,
        Dir::SOUTH_WEST,
    ];

    /// A direction `dr` rows down and `dc` columns right.
    #[must_use]
    pub const fn new(dr: i8, dc: i8) -> Dir {
        Dir { dr, dc }
    }

    /// The directions named by `text`: `orthogonal` (or `rook`), `diagonal`
    /// (or `bishop`), `all` (or `king`, `queen`), or compass points
    /// separated by commas or spaces (`n`, `s`, `e`, `w`, `ne`, `nw`, `se`,
    /// `sw`; also `up`, `down`, `left`, `right`).
    ///
    /// # Errors
    /// An unknown name: a [`ParseError`] at it, its message naming it.
    pub fn parse_list(text: &str) -> Result<Vec<Dir>, ParseError> {
        let given = text;
        let lead = given.chars().take_while(|c| c.is_whitespace()).count();
        let text = text.trim().to_ascii_lowercase();
        match text.as_str() {
            "orthogonal" | "rook" => return Ok(Dir::ORTHOGONAL.to_vec()),
            "diagonal" | "bishop" => return Ok(Dir::DIAGONAL.to_vec()),
            "all" | "king" | "queen" => return Ok(Dir::KING.to_vec()),
            _ => {}
        }
        let mut out = Vec::new();
        for word in text.split([',', ' ']).filter(|w| !w.is_empty()) {
            let d = match word {
                "n" | "north" | "up" => Dir::NORTH,
                "s" | "south" | "down" => Dir::SOUTH,
                "e" | "east" | "right" => Dir::EAST,
                "w" | "west" | "left" => Dir::WEST,
                "ne" => Dir::NORTH_EAST,
                "nw" => Dir::NORTH_WEST,
                "se" => Dir::SOUTH_EAST,
                "sw" => Dir::SOUTH_WEST,
                _ => {
                    return Err(ParseError::at(
                        format!(
                            "unknown direction `{word}`: use orthogonal, diagonal, all, or compass points n, s, e, w, ne, nw, se, sw"
                        ),
                        &text,
                        word,
                    )
                    .shifted(lead));
                }
            };
            if !out.contains(&d) {
                out.push(d);
            }
        }
        if out.is_empty() {
            return Err(ParseError::new(
                "no direction given: use orthogonal, diagonal, all, or compass points",
                1,
                given,
            ));
        }
        Ok(out)
    }
}

/// Most cells of a [`Shape`].
pub const MAX_SHAPE_CELLS: usize = 8;

/// A piece that covers cells when placed: a polyomino of at most eight
/// cells, as offsets (rows down, columns right) from its anchor, the first
/// of its cells in reading order.
///
/// ```
/// use sprague::blocks::Shape;
/// let l = Shape::parse("#.|##").unwrap();
/// assert_eq!(l.offsets(), &[(0, 0), (1, 0), (1, 1)]);
/// assert_eq!(l.to_string(), "#.|##");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    cells: [(u8, i8); MAX_SHAPE_CELLS],
    len: u8,
}

impl Shape {
    /// One cell.
    pub const MONOMINO: Shape = Shape::from_offsets(&[(0, 0)]);
    /// Two cells, one above the other (Left's piece in Domineering).
    pub const DOMINO_VERTICAL: Shape = Shape::from_offsets(&[(0, 0), (1, 0)]);
    /// Two cells side by side (Right's piece in Domineering).
    pub const DOMINO_HORIZONTAL: Shape = Shape::from_offsets(&[(0, 0), (0, 1)]);

    /// The shape with these offsets from its anchor, which must be given
    /// first in reading order with `(0, 0)` the first (as [`Shape::parse`]
    /// makes them); at most [`MAX_SHAPE_CELLS`] are kept.
    #[must_use]
    pub const fn from_offsets(offsets: &[(u8, i8)]) -> Shape {
        let mut cells = [(0u8, 0i8); MAX_SHAPE_CELLS];
        let mut i = 0;
        while i < offsets.len() && i < MAX_SHAPE_CELLS {
            cells[i] = offsets[i];
            i += 1;
        }
        Shape { cells, len: i as u8 }
    }

    /// The offsets of the cells from the anchor, in reading order.
    #[must_use]
    pub fn offsets(&self) -> &[(u8, i8)] {
        &self.cells[..usize::from(self.len)]
    }

    /// Reads a shape drawn as rows joined by `|`, `#` for a cell of the
    /// piece and `.` for a gap: `##` is a horizontal domino, `#|#` a
    /// vertical one, `#.|##` an L tromino.
    ///
    /// # Errors
    /// Other characters, no cell, more than [`MAX_SHAPE_CELLS`] cells, or
    /// a drawing wider or taller than 16: a [`ParseError`] at the offending
    /// character (at the whole text for a count), its message naming the
    /// text.
    pub fn parse(text: &str) -> Result<Shape, ParseError> {
        let mut cells = Vec::new();
        let mut anchor: Option<(usize, usize)> = None;
        for (r, row) in text.trim().split('|').enumerate() {
            let row = row.trim();
            let start = ParseError::at("", text, row).column;
            for (c, ch) in row.chars().enumerate() {
                let at = |message: String| ParseError::new(message, start + c, ch.to_string());
                match ch {
                    '#' => {
                        if r >= 16 || c >= 16 {
                            return Err(at(format!("shape `{text}`: at most 16 rows and 16 columns")));
                        }
                        let (ar, ac) = *anchor.get_or_insert((r, c));
                        cells.push(((r - ar) as u8, c as i8 - ac as i8));
                    }
                    '.' => {}
                    other => {
                        return Err(at(format!(
                            "shape `{text}`: `{other}` is not `#` (a cell of the piece) or `.` (a gap)"
                        )));
                    }
                }
            }
        }
        if cells.is_empty() {
            return Err(ParseError::new(format!("shape `{text}`: no cell (`#`)"), 1, text));
        }
        if cells.len() > MAX_SHAPE_CELLS {
            return Err(ParseError::new(
                format!("shape `{text}`: at most {MAX_SHAPE_CELLS} cells"),
                1,
                text,
            ));
        }
        Ok(Shape::from_offsets(&cells))
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let offsets = self.offsets();
        let min_c = offsets.iter().map(|&(_, c)| c).min().unwrap_or(0);
        let max_c = offsets.iter().map(|&(_, c)| c).max().unwrap_or(0);
        let rows = offsets.iter().map(|&(r, _)| r).max().unwrap_or(0);
        let mut out = Vec::new();
        for r in 0..=rows {
            let row: String = (min_c..=max_c)
                .map(|c| if offsets.contains(&(r, c)) { '#' } else { '.' })
                .collect();
            out.push(row);
        }
        f.write_str(&out.join("|"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_parse_and_print() {
        assert_eq!(Shape::parse("##").unwrap(), Shape::DOMINO_HORIZONTAL);
        assert_eq!(Shape::parse("#|#").unwrap(), Shape::DOMINO_VERTICAL);
        let s = Shape::parse(".#|##").unwrap();
        assert_eq!(s.offsets(), &[(0, 0), (1, -1), (1, 0)]);
        assert_eq!(s.to_string(), ".#|##");
        assert!(Shape::parse("").is_err());
        assert!(Shape::parse("#x").is_err());
        assert!(Shape::parse("#########").is_err());
    }

    #[test]
    fn directions_parse() {
        assert_eq!(Dir::parse_list("rook").unwrap(), Dir::ORTHOGONAL.to_vec());
        assert_eq!(Dir::parse_list("e").unwrap(), vec![Dir::EAST]);
        assert_eq!(Dir::parse_list("n, s").unwrap(), vec![Dir::NORTH, Dir::SOUTH]);
        assert!(Dir::parse_list("up-ish").is_err());
        assert!(Dir::parse_list("").is_err());
    }

    #[test]
    fn parse_errors_point_at_the_offending_text() {
        let e = Shape::parse(" #.|#x").unwrap_err();
        assert_eq!((e.column, e.token.as_str()), (6, "x"));
        assert_eq!(
            e.message,
            "shape ` #.|#x`: `x` is not `#` (a cell of the piece) or `.` (a gap)"
        );
        let e = Dir::parse_list("  n, upward").unwrap_err();
        assert_eq!((e.column, e.token.as_str()), (6, "upward"));
        assert!(e.message.starts_with("unknown direction `upward`"));
    }
}
