//! The perfect Wall Making player: every rectangle's value is tabulated
//! once, and a position is the nim-sum of its rectangles.

use super::board;
use super::engine::{Engine, Verdict};
use super::graph_text::{
    cell_name, grid_text, listed, looks_like_cell, played_normal_only, read_cell, strip_verb, verdict_of,
};
use crate::query::{Error, Options, Result};
use crate::{
    graph_games::{CellGrid, WallMakingValues},
    partizan::Player,
};

/// A Wall Making position: the rectangles still open (rows `r1..r2`, columns
/// `c1..c2`, half-open), sorted, and the cell picked to reach it.
#[derive(Clone, Debug)]
pub(crate) struct Walls {
    pub(crate) rects: Vec<[usize; 4]>,
    pub(crate) pick: Option<usize>,
}

/// A perfect Wall Making player: every rectangle's value is tabulated once,
/// and a position is the nim-sum of its rectangles.
pub(crate) struct WallEngine {
    pub(crate) board: CellGrid,
    pub(crate) values: WallMakingValues,
}

impl WallEngine {
    /// A player of the Wall Making Game on `board`, and its start.
    ///
    /// # Errors
    /// Misère play, a board over the table's size limit.
    pub(crate) fn new(board: CellGrid, options: &Options<'_>) -> Result<(Self, Walls)> {
        played_normal_only("wall-making", options)?;
        let values = crate::graph_games::wall_making_values(&board)
            .map_err(|e| Error::input(format!("board: {e}")))?;
        let start = Walls {
            rects: vec![[0, board.height, 0, board.width]],
            pick: None,
        };
        Ok((WallEngine { board, values }, start))
    }

    fn value(&self, p: &Walls) -> u32 {
        p.rects
            .iter()
            .fold(0, |a, r| a ^ self.values.rect(r[0], r[1], r[2], r[3]))
    }

    fn pick(&self, p: &Walls, cell: usize) -> Option<Walls> {
        let (r, c) = (cell / self.board.width, cell % self.board.width);
        if !self.board.open[cell] {
            return None;
        }
        let k = p
            .rects
            .iter()
            .position(|x| (x[0]..x[1]).contains(&r) && (x[2]..x[3]).contains(&c))?;
        let [r1, r2, c1, c2] = p.rects[k];
        let mut rects = p.rects.clone();
        rects.remove(k);
        for q in [
            [r1, r, c1, c],
            [r1, r, c + 1, c2],
            [r + 1, r2, c1, c],
            [r + 1, r2, c + 1, c2],
        ] {
            if q[0] < q[1] && q[2] < q[3] {
                rects.push(q);
            }
        }
        rects.sort_unstable();
        Some(Walls {
            rects,
            pick: Some(cell),
        })
    }

    pub(crate) fn inside(&self, p: &Walls, cell: usize) -> bool {
        let (r, c) = (cell / self.board.width, cell % self.board.width);
        p.rects
            .iter()
            .any(|x| (x[0]..x[1]).contains(&r) && (x[2]..x[3]).contains(&c))
    }

    fn rect_name(&self, x: &[usize; 4]) -> String {
        let col = |c: usize| {
            if self.board.width <= 26 {
                char::from(b'a' + c as u8).to_string()
            } else {
                (c + 1).to_string()
            }
        };
        let rows = if x[1] == x[0] + 1 {
            format!("row {}", x[0] + 1)
        } else {
            format!("rows {}–{}", x[0] + 1, x[1])
        };
        let cols = if x[3] == x[2] + 1 {
            format!("column {}", col(x[2]))
        } else {
            format!("columns {}–{}", col(x[2]), col(x[3] - 1))
        };
        format!("{rows}, {cols}")
    }
}

impl Engine for WallEngine {
    type Pos = Walls;

    fn ruleset(&self) -> &str {
        "wall-making"
    }

    fn format(&self, p: &Walls) -> String {
        grid_text(&self.board, |i| {
            if !self.inside(p, i) {
                '+'
            } else if self.board.open[i] {
                '.'
            } else {
                '#'
            }
        })
    }

    fn parse(&self, text: &str) -> Result<Walls, String> {
        let b = &self.board;
        let rows: Vec<Vec<char>> = text
            .split(['/', '|'])
            .map(|r| r.trim().chars().collect())
            .collect();
        if rows.len() != b.height || rows.iter().any(|r| r.len() != b.width) {
            return Err(format!(
                "position `{text}`: expected {} rows of {} cells (`.` open, `#` marked, `+` wall)",
                b.height, b.width
            ));
        }
        let wall: Vec<bool> = rows.iter().flatten().map(|&c| c == '+').collect();
        for (i, &ch) in rows.iter().flatten().enumerate() {
            let fits = ch == '+' || (matches!(ch, '.' | '#') && (ch == '.') == b.open[i]);
            if !fits {
                return Err(format!(
                    "position `{text}`: row {}, column {}: `{ch}` does not fit the board",
                    i / b.width + 1,
                    i % b.width + 1
                ));
            }
        }
        // Each region of cells without walls must be a rectangle.
        let mut seen = vec![false; wall.len()];
        let mut rects = Vec::new();
        for start in 0..wall.len() {
            if wall[start] || seen[start] {
                continue;
            }
            let (r1, c1) = (start / b.width, start % b.width);
            let mut c2 = c1;
            while c2 < b.width && !wall[r1 * b.width + c2] {
                c2 += 1;
            }
            let mut r2 = r1;
            while r2 < b.height && (c1..c2).all(|c| !wall[r2 * b.width + c]) {
                r2 += 1;
            }
            for r in r1..r2 {
                for c in c1..c2 {
                    seen[r * b.width + c] = true;
                }
            }
            rects.push([r1, r2, c1, c2]);
        }
        rects.sort_unstable();
        Ok(Walls { rects, pick: None })
    }

    fn options(&mut self, p: &Walls, _mover: Player) -> Result<Vec<Walls>> {
        Ok((0..self.board.open.len())
            .filter_map(|i| self.pick(p, i))
            .collect())
    }

    fn describe(&self, _from: &Walls, to: &Walls) -> String {
        to.pick.map_or_else(
            || "a pick".to_string(),
            |i| format!("pick {}", cell_name(&self.board, i)),
        )
    }

    fn verdict(&mut self, p: &Walls, _mover: Player) -> Result<Verdict> {
        Ok(verdict_of(self.value(p) != 0))
    }

    fn hint(&mut self, p: &Walls, mover: Player) -> Result<Vec<String>> {
        let values: Vec<u32> = p
            .rects
            .iter()
            .map(|x| self.values.rect(x[0], x[1], x[2], x[3]))
            .collect();
        let total = self.value(p);
        let mut lines = vec![format!(
            "the walls cut the board into {} rectangle{} played independently; each is worth its tabulated Grundy value:",
            p.rects.len(),
            if p.rects.len() == 1 { "" } else { "s" }
        )];
        for (i, (x, v)) in p.rects.iter().zip(&values).enumerate() {
            lines.push(format!(
                "    rectangle {} ({}): value {v}",
                i + 1,
                self.rect_name(x)
            ));
        }
        let sum: Vec<String> = values.iter().map(u32::to_string).collect();
        lines.push(format!(
            "nim-sum: {} = {total}",
            if sum.is_empty() {
                "0".to_string()
            } else {
                sum.join(" ⊕ ")
            }
        ));
        if total == 0 {
            lines.push("the nim-sum is 0, so the player to move loses against perfect play.".to_string());
            return Ok(lines);
        }
        lines.push(format!(
            "it is not 0: pick a cell of a rectangle of value v that splits it into pieces worth v ⊕ {total} together:"
        ));
        let mut rows = Vec::new();
        for o in self.options(p, mover)? {
            if self.value(&o) == 0 {
                let k = o.pick.and_then(|i| {
                    let (r, c) = (i / self.board.width, i % self.board.width);
                    p.rects
                        .iter()
                        .position(|x| (x[0]..x[1]).contains(&r) && (x[2]..x[3]).contains(&c))
                });
                let note = k.map_or_else(String::new, |k| {
                    format!("rectangle {}: {} → {}", k + 1, values[k], values[k] ^ total)
                });
                rows.push((self.describe(p, &o), note));
            }
        }
        lines.push(format!("winning picks ({}):", rows.len()));
        lines.extend(listed(&rows));
        Ok(lines)
    }

    fn board(&self, p: &Walls) -> Option<String> {
        let mut b = board::grid(&self.format(p).replace('/', "|"))?;
        b.push_str("(+ wall, # marked: never picked)\n");
        Some(b)
    }

    fn short_move(&mut self, from: &Walls, line: &str) -> Option<Result<Walls, String>> {
        let word = strip_verb(line, &["pick"]);
        let Some(cell) = read_cell(&self.board, word) else {
            return looks_like_cell(word).then(|| {
                Err(format!(
                    "there is no cell {word} on this {}×{} board",
                    self.board.height, self.board.width
                ))
            });
        };
        Some(self.pick(from, cell).ok_or_else(|| {
            format!(
                "{} cannot be picked: it is {}",
                cell_name(&self.board, cell),
                if self.board.open[cell] {
                    "walled already"
                } else {
                    "marked `#`"
                }
            )
        }))
    }

    fn move_help(&self) -> Option<String> {
        Some("as the cell to pick, `b2` (column letter, row number) or `2,2` (row,column)".to_string())
    }
}
