//! Cutcake (Winning Ways, ch. 2): Left cuts cakes along vertical lines, Right
//! along horizontal lines.

use crate::registry::Partizan;
use crate::{
    notation::{Notation, ParseError},
    partizan::PartizanRules,
};

/// A cake: `width` columns by `height` rows of unit squares.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Cake {
    /// Number of columns (Left's cuts split the width).
    pub width: u32,
    /// Number of rows (Right's cuts split the height).
    pub height: u32,
}

impl Cake {
    /// The key of a position of cakes in games where Left cuts or eats
    /// along the width and Right along the height (Cutcake, Eatcake): a
    /// single cake wider than tall is keyed by its transpose, whose value
    /// is the negative (the `true`); other positions are their own key.
    pub(crate) fn transposed_key(p: &[Cake]) -> (Vec<Cake>, bool) {
        match *p {
            [c] if c.width > c.height => (
                vec![Cake {
                    width: c.height,
                    height: c.width,
                }],
                true,
            ),
            _ => (p.to_vec(), false),
        }
    }

    /// The cakes drawn side by side for play in a terminal, each as its
    /// grid of squares under its size, with column numbers above and row
    /// numbers beside (the numbers moves name), in bands of at most
    /// [`DRAWN_WIDTH`] characters; `None` when a side is longer than
    /// [`MAX_DRAWN_SIDE`] (the notation is shown instead). `empty` is the
    /// line drawn for no cake.
    pub(crate) fn draw_all(cakes: &[Cake], empty: &str) -> Option<String> {
        if cakes.is_empty() {
            return Some(format!("({empty})\n"));
        }
        if cakes.iter().any(|c| c.width.max(c.height) > MAX_DRAWN_SIDE) {
            return None;
        }
        // Each cake's block of lines: its size, the column numbers, the rows.
        let blocks: Vec<Vec<String>> = cakes
            .iter()
            .map(|c| {
                let mut lines = vec![format!("{}x{}", c.width, c.height)];
                let numbers: Vec<String> = (1..=c.width).map(|i| format!("{:<2}", i % 100)).collect();
                lines.push(format!("   {}", numbers.concat().trim_end()));
                for r in 1..=c.height {
                    lines.push(format!("{r:>2} {}", vec!["■"; c.width as usize].join(" ")));
                }
                lines
            })
            .collect();
        let width = |b: &Vec<String>| b.iter().map(|l| l.chars().count()).max().unwrap_or(0);
        let mut out = String::new();
        let mut band: Vec<&Vec<String>> = Vec::new();
        let mut used = 0;
        let flush = |band: &mut Vec<&Vec<String>>, out: &mut String| {
            let height = band.iter().map(|b| b.len()).max().unwrap_or(0);
            for k in 0..height {
                let mut line = String::new();
                for b in band.iter() {
                    let cell = b.get(k).map_or("", String::as_str);
                    line.push_str(&format!("{cell:<w$}   ", w = width(b)));
                }
                out.push_str(line.trim_end());
                out.push('\n');
            }
            band.clear();
        };
        for b in &blocks {
            if !band.is_empty() && used + width(b) > DRAWN_WIDTH {
                flush(&mut band, &mut out);
                out.push('\n');
                used = 0;
            }
            used += width(b) + 3;
            band.push(b);
        }
        flush(&mut band, &mut out);
        Some(out)
    }
}

/// The longest side of a cake that [`Cake::draw_all`] draws.
const MAX_DRAWN_SIDE: u32 = 30;

/// The widest band of cakes side by side in a drawing, in characters.
const DRAWN_WIDTH: usize = 72;

/// The Cutcake ruleset, with the convention of Winning Ways: Left (Vertical)
/// cuts one cake along a vertical (north–south) grid line, splitting its
/// width; Right (Horizontal) cuts along a horizontal line, splitting its
/// height. A position is a list of cakes written `WxH` (width × height),
/// separated by spaces or commas: `3x4 2x1` (1×1 cakes, which nobody can
/// cut, are dropped). A `1 × n` strip is `-(n-1)`
/// (only Right can cut it) and an `n × 1` strip is `n-1`.
///
/// Each cake is a component; a cake and its transpose are conjugates, so the
/// transposition key puts the shorter side first.
///
/// ```
/// use sprague::{Notation, PartizanRules, games::Cutcake};
/// let cakes = Cutcake.parse_position("3x1").unwrap();
/// let mut left = Vec::new();
/// Cutcake.left_moves(&cakes, &mut left);
/// // The 1×1 piece can never be cut again and is dropped.
/// assert_eq!(Cutcake.format_position(&left[0]), "2x1");
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Cutcake;

fn sorted(mut cakes: Vec<Cake>) -> Vec<Cake> {
    cakes.retain(|c| c.width > 1 || c.height > 1);
    cakes.sort_unstable();
    cakes
}

impl Cutcake {
    fn cuts(cakes: &[Cake], out: &mut Vec<Vec<Cake>>, vertical: bool) {
        for (k, c) in cakes.iter().enumerate() {
            if k > 0 && cakes[k - 1] == *c {
                continue; // the same cut of an equal cake
            }
            let side = if vertical { c.width } else { c.height };
            for a in 1..=side / 2 {
                let mut next = cakes.to_vec();
                next.remove(k);
                if vertical {
                    next.push(Cake {
                        width: a,
                        height: c.height,
                    });
                    next.push(Cake {
                        width: side - a,
                        height: c.height,
                    });
                } else {
                    next.push(Cake {
                        width: c.width,
                        height: a,
                    });
                    next.push(Cake {
                        width: c.width,
                        height: side - a,
                    });
                }
                out.push(sorted(next));
            }
        }
    }
}

impl PartizanRules for Cutcake {
    type Position = Vec<Cake>;

    fn left_moves(&self, p: &Vec<Cake>, out: &mut Vec<Vec<Cake>>) {
        Self::cuts(p, out, true);
    }

    fn right_moves(&self, p: &Vec<Cake>, out: &mut Vec<Vec<Cake>>) {
        Self::cuts(p, out, false);
    }

    fn decompose(&self, p: &Vec<Cake>, out: &mut Vec<Vec<Cake>>) -> bool {
        if p.len() == 1 && (p[0].width > 1 || p[0].height > 1) {
            return false;
        }
        out.extend(p.iter().filter(|c| c.width > 1 || c.height > 1).map(|&c| vec![c]));
        true
    }

    fn canonical_key(&self, p: &Vec<Cake>) -> (Vec<Cake>, bool) {
        Cake::transposed_key(p)
    }
}

impl Notation<Vec<Cake>> for Cutcake {
    fn parse_position(&self, text: &str) -> Result<Vec<Cake>, ParseError> {
        let mut cakes = Vec::new();
        let mut column = 1;
        for word in text.split([' ', ',']) {
            if !word.is_empty() {
                let bad = || {
                    ParseError::new(
                        "expected a cake `WxH` with whole numbers from 1 to 65535",
                        column,
                        word,
                    )
                };
                let (w, h) = word.split_once(['x', 'X', '×']).ok_or_else(bad)?;
                let w: u32 = w.parse().map_err(|_| bad())?;
                let h: u32 = h.parse().map_err(|_| bad())?;
                if !(1..=65535).contains(&w) || !(1..=65535).contains(&h) {
                    return Err(bad());
                }
                cakes.push(Cake { width: w, height: h });
            }
            column += word.chars().count() + 1;
        }
        if cakes.is_empty() {
            return Err(ParseError::new("expected at least one cake such as `3x4`", 1, ""));
        }
        Ok(sorted(cakes))
    }

    fn format_position(&self, p: &Vec<Cake>) -> String {
        if p.is_empty() {
            return "1x1".to_string();
        }
        let parts: Vec<String> = p.iter().map(|c| format!("{}x{}", c.width, c.height)).collect();
        parts.join(" ")
    }
}

// The game's knowledge beyond its rules and notation: its drawing.
impl crate::definition::Definition<Vec<Cake>> for Cutcake {
    fn draw(&self, p: &Vec<Cake>) -> Option<String> {
        Cake::draw_all(p, "only 1×1 pieces are left, and nobody can cut them")
    }
}

/// The catalog entry.
pub(crate) const ENTRIES: &[crate::registry::Entry] = &[crate::registry::Entry {
    name: "cutcake",
    params: "",
    family: crate::registry::Family::Partizan,
    summary: "Left cuts a cake along a vertical line (splitting its width), Right along a horizontal line (Winning Ways)",
    notation: "cakes `WxH` (width x height) separated by spaces, e.g. `3x4 2x1`",
    example: "value cutcake 8x3",
    example2: "value cutcake 2x2 3x1",
    rules: "Cutcake: cakes of a×b unit squares (width × height). Left cuts one cake along a vertical grid line, splitting its width; Right cuts along a horizontal line, splitting its height. 1×1 pieces cannot be cut. Whoever cannot cut loses.",
    known: "Every value is an integer (Cutcake, Winning Ways, 2nd ed., vol. 1, ch. 2): an n×1 strip is n − 1, a 1×n strip −(n − 1), and a cake is worth its transpose's negative.",
    build: Partizan::<Cutcake>::build,
}];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{outcome::Outcome, partizan::outcome_by_minimax};

    #[test]
    fn moves_and_notation() {
        let p = Cutcake.parse_position("4x2").unwrap();
        let mut l = Vec::new();
        Cutcake.left_moves(&p, &mut l);
        let l: Vec<String> = l.iter().map(|q| Cutcake.format_position(q)).collect();
        assert_eq!(l, vec!["1x2 3x2", "2x2 2x2"]);
        let mut r = Vec::new();
        Cutcake.right_moves(&p, &mut r);
        assert_eq!(Cutcake.format_position(&r[0]), "4x1 4x1");
        assert_eq!(Cutcake.parse_position("3x4 2y1").unwrap_err().column, 5);
        assert_eq!(Cutcake.parse_position("3x0").unwrap_err().column, 1);
    }

    #[test]
    fn strips_and_squares() {
        // A 3×1 strip: only Left can cut (value 2); a square is a second-player win.
        let o = |s: &str| outcome_by_minimax(&Cutcake, &Cutcake.parse_position(s).unwrap());
        assert_eq!(o("3x1"), Outcome::L);
        assert_eq!(o("1x3"), Outcome::R);
        assert_eq!(o("2x2"), Outcome::P);
        assert_eq!(o("3x3"), Outcome::P);
    }

    #[test]
    fn cakes_are_drawn_side_by_side_with_their_numbers() {
        use crate::definition::Definition;
        let p = Cutcake.parse_position("2x3 3x1").unwrap();
        let drawn = Cutcake.draw(&p).unwrap();
        let lines: Vec<&str> = drawn.lines().collect();
        // Kept sorted: the 2×3 cake first, then the 3×1.
        assert_eq!(lines[0].split_whitespace().collect::<Vec<_>>(), ["2x3", "3x1"]);
        assert_eq!(
            lines[1].split_whitespace().collect::<Vec<_>>(),
            ["1", "2", "1", "2", "3"]
        );
        assert_eq!(lines[2], " 1 ■ ■    1 ■ ■ ■");
        assert_eq!(lines[4], " 3 ■ ■");
        assert_eq!(lines.len(), 5);
        // Only 1×1 pieces: a sentence; an overlong side: the notation.
        assert!(Cutcake.draw(&Vec::new()).unwrap().contains("nobody can cut"));
        assert_eq!(Cutcake.draw(&Cutcake.parse_position("31x2").unwrap()), None);
        // Many cakes wrap into bands no wider than the limit.
        let many = Cutcake.parse_position(&["8x2"; 6].join(" ")).unwrap();
        let drawn = Cutcake.draw(&many).unwrap();
        assert!(drawn.lines().all(|l| l.chars().count() <= DRAWN_WIDTH));
        assert_eq!(drawn.matches("8x2").count(), 6);
    }
}
