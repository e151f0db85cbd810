//! Eatcake: Left eats a whole column of a cake, Right a whole row, and the
//! cake falls apart into the pieces on either side.

use super::Cake;
use crate::definition::Definition;
use crate::notation::{Notation, ParseError};
use crate::partizan::PartizanRules;
use crate::registry::{Entry, Family, Partizan};

/// Eatcake on cakes `W×H` (width × height, [`Cake`]). Left eats one column
/// of a cake (a vertical strip `1 × H`): the pieces west and east of it,
/// `a × H` and `(W − 1 − a) × H`, are cakes of their own, and a piece of
/// width 0 is gone. Right eats one row the same way. Whoever cannot eat
/// loses. A position is a list of cakes, kept sorted.
///
/// Each cake is a component; a cake and its transpose are negatives of
/// each other (Left's columns are Right's rows), so the key puts the
/// shorter side first.
///
/// ```
/// use sprague::{Notation, PartizanSolver, games::Eatcake};
/// let mut solver = PartizanSolver::new(&Eatcake);
/// // A column of two: Left eats it whole (0), Right eats a row (1×1 = *).
/// let g = solver.value(&Eatcake.parse_position("1x2").unwrap()).unwrap();
/// assert_eq!(solver.store_mut().display(g), "^");
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Eatcake;

/// Every position after eating one column (`columns`) or row of one cake.
fn eats(cakes: &[Cake], columns: bool, out: &mut Vec<Vec<Cake>>) {
    for (k, c) in cakes.iter().enumerate() {
        if k > 0 && cakes[k - 1] == *c {
            continue; // the same move on an equal cake
        }
        let side = if columns { c.width } else { c.height };
        for a in 0..=(side - 1) / 2 {
            let mut next = cakes.to_vec();
            next.remove(k);
            for part in [a, side - 1 - a].into_iter().filter(|&p| p > 0) {
                next.push(if columns {
                    Cake { width: part, ..*c }
                } else {
                    Cake { height: part, ..*c }
                });
            }
            next.sort_unstable();
            out.push(next);
        }
    }
}

impl PartizanRules for Eatcake {
    type Position = Vec<Cake>;

    fn left_moves(&self, p: &Vec<Cake>, out: &mut Vec<Vec<Cake>>) {
        eats(p, true, out);
    }

    fn right_moves(&self, p: &Vec<Cake>, out: &mut Vec<Vec<Cake>>) {
        eats(p, false, out);
    }

    fn decompose(&self, p: &Vec<Cake>, out: &mut Vec<Vec<Cake>>) -> bool {
        if p.len() <= 1 {
            return false;
        }
        out.extend(p.iter().map(|&c| vec![c]));
        true
    }

    fn canonical_key(&self, p: &Vec<Cake>) -> (Vec<Cake>, bool) {
        Cake::transposed_key(p)
    }
}

/// The longest side of a cake: a cake's moves are listed whole (half its
/// side for each player), so a side is kept to a list of half a million.
/// Within that, the budgets bound the work. Eatcake's values grow fast with
/// the cake (release build: 28 × 28 in 7 s and 240 MB, 30 × 30 in 16 s and
/// 460 MB, 32 × 32 in 43 s and 1.7 GB; thin cakes such as 200 × 5 grow
/// faster still), and the solver reads the monitor while it adds and builds
/// those forms, so Ctrl-C and the memory budget stop it at once.
const MAX_SIDE: u32 = 1_000_000;

impl Notation<Vec<Cake>> for Eatcake {
    fn parse_position(&self, text: &str) -> Result<Vec<Cake>, ParseError> {
        let mut cakes = Vec::new();
        let mut column = 1;
        for word in text.split([' ', ',']) {
            let bad = || {
                ParseError::new(
                    format!("expected a cake `WxH` with whole numbers from 1 to {MAX_SIDE}"),
                    column,
                    word,
                )
            };
            if !word.is_empty() && word != "0" {
                let (w, h) = word.split_once(['x', 'X', '×']).ok_or_else(bad)?;
                let side = |s: &str| {
                    s.parse::<u32>()
                        .ok()
                        .filter(|n| (1..=MAX_SIDE).contains(n))
                        .ok_or_else(bad)
                };
                cakes.push(Cake {
                    width: side(w)?,
                    height: side(h)?,
                });
            }
            column += word.chars().count() + 1;
        }
        if text.trim().is_empty() {
            return Err(ParseError::new("expected cakes such as `3x4 2x1`", 1, text));
        }
        cakes.sort_unstable();
        Ok(cakes)
    }

    fn format_position(&self, p: &Vec<Cake>) -> String {
        if p.is_empty() {
            return "0".to_string(); // every cake eaten
        }
        let parts: Vec<String> = p.iter().map(|c| format!("{}x{}", c.width, c.height)).collect();
        parts.join(" ")
    }

    /// `column 2 of 4x3` (Left's), `row 1 of 4x3` (Right's); a 1×1 cake is
    /// eaten whole.
    fn describe_move(&self, from: &Vec<Cake>, to: &Vec<Cake>) -> String {
        let mut added = to.clone();
        let mut eaten = None;
        for c in from {
            match added.iter().position(|x| x == c) {
                Some(i) => {
                    added.remove(i);
                }
                None => eaten = Some(*c),
            }
        }
        let Some(c) = eaten else {
            return format!("to {}", self.format_position(to));
        };
        let column = added.iter().all(|p| p.height == c.height)
            && added.iter().map(|p| p.width).sum::<u32>() + 1 == c.width;
        let k = if added.len() == 2 {
            added
                .iter()
                .map(|p| if column { p.width } else { p.height })
                .min()
                .unwrap_or(0)
        } else {
            0
        };
        match (c.width, c.height, column) {
            (1, 1, _) => "1x1 whole".to_string(),
            (w, h, true) => format!("column {} of {w}x{h}", k + 1),
            (w, h, false) => format!("row {} of {w}x{h}", k + 1),
        }
    }
}

impl Definition<Vec<Cake>> for Eatcake {
    fn draw(&self, p: &Vec<Cake>) -> Option<String> {
        Cake::draw_all(p, "every cake is eaten")
    }

    fn move_help(&self) -> Option<String> {
        Some("as the strip eaten: `column 2 of 4x3` (Left), `row 1 of 4x3` (Right), `1x1 whole`".to_string())
    }
}

pub(crate) const ENTRIES: &[Entry] = &[Entry {
    name: "eatcake",
    params: "",
    family: Family::Partizan,
    summary: "Left eats a whole column of a cake, Right a whole row; the cake falls apart into the pieces on either side",
    notation: "cakes `WxH` (width × height, sides 1 to 1000000) separated by spaces, e.g. `3x4 2x1`; `0` or nothing is no cake",
    example: "value eatcake 3x4",
    example2: "value eatcake 2x3 1x1 --json",
    rules: "Eatcake: cakes of W×H unit squares (width × height). Left eats one whole column (a vertical strip) of one cake, Right one whole row; what is left of that cake on either side of the strip are two cakes (one, or none, at an edge). Whoever cannot eat loses. Left eats vertical strips, as Left cuts vertically in Cutcake (Winning Ways) and eats along the second coordinate in CGSuite's Eatcake (whose (m, n) is this notation's `nxm`).",
    known: "A variant of Cutcake from Winning Ways (vol. 1), also known as Bynum's game (CGSuite's documentation); in CGSuite it is GenCutcake with the octal game 0.7 (take one, leave at most two heaps) on each side. A 1×1 cake is *, a column of two `1x2` is ^ (up); a cake and its transpose are negatives, so a square is its own negative (0, or a value of order 2 such as *). CGSuite's tests give the cakes of height 8 and widths 1 to 8 (`1x8` … `8x8`) as ^, {^|||^*|v||0}, {^^|*}, {^^|*||0,{0|vv*}}, {^3|^*||*}, {^3|^*||*|||0,{0,{^|0,v*}|||0|vv*||0}}, {0||^^*|0|||*} and *. Each cake is a component; sprague keys a cake by its orientation with the shorter side first. Values grow fast with the cake: 30x30 takes about 16 s and 460 MB, 32x32 about 45 s and 1.7 GB; Ctrl-C and the memory budget stop a computation at once.",
    build: Partizan::<Eatcake>::build,
}];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::by_definition::{both, is};
    use crate::partizan::PartizanSolver;

    fn cakes(code: u64) -> Vec<Cake> {
        let mut rng = crate::test_rng::XorShift::new(code | 1);
        // Few small cakes: the plain search keys whole lists of pieces.
        let n = 1 + rng.next_u64() % 2;
        let mut side = || 1 + (rng.next_u64() % 4) as u32;
        let mut p: Vec<Cake> = (0..n)
            .map(|_| Cake {
                width: side(),
                height: side(),
            })
            .collect();
        p.sort_unstable();
        p
    }

    #[test]
    fn values_match_the_definition_and_the_transpose_negates() {
        for seed in 0..250 {
            let p = cakes(seed);
            let (fast, slow) = both(&Eatcake, &p);
            assert_eq!(fast, slow, "{}", Eatcake.format_position(&p));
            let mut solver = PartizanSolver::new(&Eatcake);
            let g = solver.value(&p).unwrap();
            let mut t: Vec<Cake> = p
                .iter()
                .map(|c| Cake {
                    width: c.height,
                    height: c.width,
                })
                .collect();
            t.sort_unstable();
            let neg = solver.store_mut().neg(g);
            assert_eq!(solver.value(&t).unwrap(), neg, "{}", Eatcake.format_position(&p));
        }
    }

    #[test]
    fn published_values() {
        // CGSuite's tests (GameHeapTest.scala): Eatcake (8, n), 8 rows and n
        // columns, for n from 1 to 8.
        let height_8 = [
            "^",
            "{^|||^*|v||0}",
            "{^^|*}",
            "{^^|*||0,{0|vv*}}",
            "{^3|^*||*}",
            "{^3|^*||*|||0,{0,{^|0,v*}|||0|vv*||0}}",
            "{0||^^*|0|||*}",
            "*",
        ];
        for (w, v) in height_8.iter().enumerate() {
            assert!(is(&Eatcake, &format!("{}x8", w + 1), v), "{}x8", w + 1);
        }
        assert!(is(&Eatcake, "1x1", "*"));
        assert!(is(&Eatcake, "2x1", "v"));
    }

    #[test]
    fn moves_and_notation() {
        let p = Eatcake.parse_position("3x2 1x1").unwrap();
        let mut left = Vec::new();
        Eatcake.left_moves(&p, &mut left);
        let shown: Vec<String> = left.iter().map(|q| Eatcake.format_position(q)).collect();
        assert_eq!(shown, ["3x2", "1x1 2x2", "1x1 1x2 1x2"]);
        let said: Vec<String> = left.iter().map(|q| Eatcake.describe_move(&p, q)).collect();
        assert_eq!(said, ["1x1 whole", "column 1 of 3x2", "column 2 of 3x2"]);
        let mut right = Vec::new();
        Eatcake.right_moves(&p, &mut right);
        assert_eq!(Eatcake.describe_move(&p, &right[1]), "row 1 of 3x2");
        assert_eq!(Eatcake.parse_position("3x4 2y1").unwrap_err().column, 5);
        assert_eq!(Eatcake.parse_position("3x0").unwrap_err().column, 1);
        assert_eq!(
            Eatcake.parse_position("1000000x1 1000001x1").unwrap_err().column,
            11
        );
        assert_eq!(
            Eatcake.parse_position("30x30").unwrap(),
            [Cake {
                width: 30,
                height: 30
            }]
        );
        assert_eq!(
            Eatcake.format_position(&Eatcake.parse_position("0").unwrap()),
            "0"
        );
        assert!(Eatcake.parse_position(" ").is_err());
    }

    #[test]
    fn cakes_are_drawn() {
        let p = Eatcake.parse_position("1x1 3x2").unwrap();
        let drawn = Eatcake.draw(&p).unwrap();
        assert!(drawn.starts_with("1x1"), "{drawn}");
        assert!(drawn.contains(" 2 ") && drawn.contains("■ ■ ■"), "{drawn}");
        assert_eq!(Eatcake.draw(&Vec::new()).unwrap(), "(every cake is eaten)\n");
    }
}
