//! Ski-Jumps (Winning Ways, ch. 2): Left's skiers go east, Right's west;
//! a jumper may jump down over an opponent, who becomes a slipper.

use crate::blocks::bitgrid::{low_bits, mirror_lr, nonempty_rows_of};
use crate::blocks::{Board, Cell};
use crate::definition::Definition;
use crate::notation::{Notation, ParseError};
use crate::partizan::{Dyadic, PartizanRules};
use crate::registry::{Entry, Family, Partizan};

/// A Ski-Jumps slope: the skiers on a [`Board`] (Left's and Right's cells)
/// and which of them are jumpers (the others are slippers).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Slope {
    skiers: Board,
    jumpers: u128,
}

/// Ski-Jumps on slopes of at most 128 squares, written as rows joined by
/// `|`: `L`/`l` a jumper/slipper of Left's, `R`/`r` of Right's, `.` empty.
///
/// Left moves a skier east, Right west, one or more empty squares, or off
/// the slope if the way is clear; a jumper may instead jump over an
/// opponent's skier on the square directly below to the empty square
/// below that, and the skier jumped becomes a slipper. The key is the least
/// of a slope and its mirror image with colours swapped (value negated).
/// Rows meet only through jumps, so a slope splits between rows that no
/// jumper can ever cross.
/// When no jumper has an opponent in the row below and no row has a Left
/// skier west of a Right skier, nobody will ever jump or block, and the value
/// is the integer Σ(squares to the east edge of Left's skiers) −
/// Σ(squares to the west edge of Right's).
///
/// ```
/// use sprague::{Notation, PartizanSolver, games::SkiJumps};
/// let mut solver = PartizanSolver::new(&SkiJumps);
/// let g = solver.value(&SkiJumps.parse_position("L..|...").unwrap()).unwrap();
/// assert_eq!(solver.store_mut().display(g), "3");
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct SkiJumps;

/// `n` rows of width `w` of the mask `m`, from bit `at` on.
fn rows_of(m: u128, at: usize, n: usize, w: usize) -> u128 {
    let keep = if n * w >= 128 {
        u128::MAX
    } else {
        (1u128 << (n * w)) - 1
    };
    m.checked_shr(at as u32).unwrap_or(0) & keep
}

fn moves(p: &Slope, me: Cell, dc: i32, out: &mut Vec<Slope>) {
    let b = &p.skiers;
    let (empty, them) = (b.mask(Cell::Empty), b.mask(me.swapped()));
    let mut rest = b.mask(me);
    while rest != 0 {
        let bit = rest & rest.wrapping_neg();
        rest &= rest - 1;
        let jumper = if p.jumpers & bit != 0 { u128::MAX } else { 0 };
        let (lifted, jumpers) = (b.with(bit, Cell::Empty), p.jumpers & !bit);
        let mut at = b.shift(bit, 0, dc);
        while at & empty != 0 {
            out.push(Slope {
                skiers: lifted.with(at, me),
                jumpers: jumpers | (at & jumper),
            });
            at = b.shift(at, 0, dc);
        }
        if at == 0 {
            out.push(Slope {
                skiers: lifted,
                jumpers,
            }); // off the slope
        }
        let (over, land) = (b.shift(bit, 1, 0), b.shift(bit, 2, 0));
        if jumper != 0 && over & them != 0 && land & empty != 0 {
            out.push(Slope {
                skiers: lifted.with(land, me),
                jumpers: (jumpers & !over) | land,
            });
        }
    }
}

impl PartizanRules for SkiJumps {
    type Position = Slope;

    fn left_moves(&self, p: &Slope, out: &mut Vec<Slope>) {
        moves(p, Cell::Left, 1, out);
    }

    fn right_moves(&self, p: &Slope, out: &mut Vec<Slope>) {
        moves(p, Cell::Right, -1, out);
    }

    fn decompose(&self, p: &Slope, out: &mut Vec<Slope>) -> bool {
        // Rows meet only through jumps: close over the rows a jumper may
        // ever reach and the rows it may jump over. Bit r of each mask
        // stands for row r.
        let (b, w, h) = (&p.skiers, p.skiers.width(), p.skiers.height());
        if h < 2 {
            return false;
        }
        let (left, right) = (b.mask(Cell::Left), b.mask(Cell::Right));
        let [ol, or, jl, jr] = nonempty_rows_of([left, right, left & p.jumpers, right & p.jumpers], w, h);
        let (mut occ, mut jmp) = ([ol, or], [jl, jr]);
        // Bit r: row r is one game with row r + 1 (never the last row).
        let mut joined = 0u128;
        let starts = low_bits(h - 2); // rows with two rows below them
        loop {
            let mut grown = false;
            for me in 0..2 {
                let over = jmp[me] & (occ[1 - me] >> 1) & starts;
                let new = over & !(joined & (joined >> 1) & (jmp[me] >> 2));
                if new != 0 {
                    joined |= over | (over << 1);
                    jmp[me] |= over << 2;
                    occ[me] |= over << 2;
                    grown = true;
                }
            }
            if !grown {
                break;
            }
        }
        let inner = low_bits(h - 1);
        if joined & inner == inner {
            return false;
        }
        let mut a = 0;
        for r in 0..h {
            if joined >> r & 1 == 0 {
                let n = r + 1 - a;
                let m = |x: u128| rows_of(x, a * w, n, w);
                if m(b.mask(Cell::Empty)) != low_bits(n * w) {
                    let skiers = Board::from_masks(w, n, m(b.mask(Cell::Left)), m(b.mask(Cell::Right)), 0);
                    out.extend(skiers.map(|skiers| Slope {
                        skiers,
                        jumpers: m(p.jumpers),
                    }));
                }
                a = r + 1;
            }
        }
        true
    }

    fn canonical_key(&self, p: &Slope) -> (Slope, bool) {
        let (w, h) = (p.skiers.width(), p.skiers.height());
        let image = Slope {
            skiers: p.skiers.mirror_left_right().swapped(),
            jumpers: mirror_lr(p.jumpers, w, h),
        };
        if image < *p { (image, true) } else { (*p, false) }
    }

    fn number_value(&self, p: &Slope) -> Option<Dyadic> {
        let (b, w, h) = (&p.skiers, p.skiers.width(), p.skiers.height());
        let (left, right) = (b.mask(Cell::Left), b.mask(Cell::Right));
        // A jumper with an opponent in the row below may jump.
        let [ol, or, jl, jr] = nonempty_rows_of([left, right, left & p.jumpers, right & p.jumpers], w, h);
        if (jl & (or >> 1)) | (jr & (ol >> 1)) != 0 {
            return None;
        }
        let mut total = 0i64;
        for r in 0..h {
            let (mut l, mut rt) = (rows_of(left, r * w, 1, w), rows_of(right, r * w, 1, w));
            if l != 0 && rt != 0 && l.trailing_zeros() < 127 - rt.leading_zeros() {
                return None; // a Left skier west of a Right one: someone blocks
            }
            while l != 0 {
                total += (w - l.trailing_zeros() as usize) as i64;
                l &= l - 1;
            }
            while rt != 0 {
                total -= i64::from(rt.trailing_zeros()) + 1;
                rt &= rt - 1;
            }
        }
        Some(Dyadic::integer(total))
    }
}

const CHARS: [(char, Cell, bool); 4] = [
    ('L', Cell::Left, true),
    ('l', Cell::Left, false),
    ('R', Cell::Right, true),
    ('r', Cell::Right, false),
];

impl Notation<Slope> for SkiJumps {
    fn parse_position(&self, text: &str) -> Result<Slope, ParseError> {
        let (mut rows, mut masks) = (vec![(1, 0usize)], [0u128; 3]);
        for (i, c) in text.chars().enumerate() {
            let k = rows.iter().map(|r| r.1).sum::<usize>() % 128;
            let last = rows.len() - 1;
            match (c, CHARS.iter().find(|x| x.0 == c)) {
                ('|' | '/', _) => rows.push((i + 2, 0)),
                ('.', _) => rows[last].1 += 1,
                (_, Some(&(_, cell, jumper))) => {
                    masks[cell as usize - 1] |= 1 << k;
                    masks[2] |= u128::from(jumper) << k;
                    rows[last].1 += 1;
                }
                _ => {
                    return Err(ParseError::new(
                        "expected a skier `L`, `l`, `R`, `r`, `.` or `|`",
                        i + 1,
                        c,
                    ));
                }
            }
        }
        let (w, h) = (rows[0].1, rows.len());
        if let Some(&(start, n)) = rows.iter().find(|r| r.1 != w) {
            return Err(ParseError::new(
                format!("ragged rows: this row has {n} squares, the first {w}"),
                start,
                "",
            ));
        }
        if w == 0 || w * h > 128 {
            return Err(ParseError::new("a slope has 1 to 128 squares", 1, ""));
        }
        let skiers = Board::from_masks(w, h, masks[0], masks[1], 0)
            .ok_or_else(|| ParseError::new("no squares", 1, ""))?;
        Ok(Slope {
            skiers,
            jumpers: masks[2],
        })
    }

    fn format_position(&self, p: &Slope) -> String {
        let b = &p.skiers;
        let rows: Vec<String> = (0..b.height())
            .map(|r| {
                (0..b.width())
                    .map(|c| {
                        let i = r * b.width() + c;
                        CHARS
                            .iter()
                            .find(|x| x.1 == b.cell(i) && x.2 == (p.jumpers >> i & 1 == 1))
                            .map_or('.', |x| x.0)
                    })
                    .collect()
            })
            .collect();
        rows.join("|")
    }

    fn describe_move(&self, from: &Slope, to: &Slope) -> String {
        let moved = from.skiers.describe_change(
            &to.skiers,
            &crate::blocks::Cells::new('.', Some('L'), Some('R'), None),
        );
        moved
            .strip_prefix("clears ")
            .map_or(moved.clone(), |cell| format!("{cell}-off"))
    }
}

impl Definition<Slope> for SkiJumps {
    fn draw(&self, p: &Slope) -> Option<String> {
        let mut out = format!(
            "   {}\n",
            (0..p.skiers.width())
                .map(|c| char::from(b'a' + (c % 26) as u8).to_string())
                .collect::<Vec<_>>()
                .join(" ")
        );
        for (r, row) in self.format_position(p).split('|').enumerate() {
            out.push_str(&format!(
                "{:>2} {}\n",
                r + 1,
                row.chars().map(String::from).collect::<Vec<_>>().join(" ")
            ));
        }
        Some(out)
    }

    fn move_help(&self) -> Option<String> {
        Some("as `a1-c1` (a slide or a jump, from and to) or `a1-off` (off the slope)".to_string())
    }
}

pub(crate) const ENTRIES: &[Entry] = &[Entry {
    name: "ski-jumps",
    params: "",
    family: Family::Partizan,
    summary: "Left's skiers slide east, Right's west; a jumper may jump down over an opponent, who becomes a slipper (Winning Ways)",
    notation: "rows joined by `|`: `L`/`l` Left's jumper/slipper, `R`/`r` Right's, `.` empty, e.g. `L...|..R.`",
    example: "value ski-jumps L...|..R.|....",
    example2: "value ski-jumps L.|.R --json",
    rules: "Ski-Jumps: skiers on a slope of rows. Left moves one of his skiers (`L`, `l`) east, Right one of hers (`R`, `r`) west, over one or more empty squares, or off the slope if nothing is in the way. A jumper (`L`, `R`) may instead jump over an opponent's skier on the square directly below to the empty square below it; the skier jumped over becomes a slipper (`l`, `r`) and can never jump. Whoever cannot move loses. Left goes east, as in Winning Ways and cgt.",
    known: "Winning Ways, 2nd ed., vol. 1, ch. 2. While no jump can ever happen and no skier blocks an opponent, every move is worth one square, and a slope is the integer Σ(Left's squares to the east edge) − Σ(Right's squares to the west edge) (counting the move off); jumps bring fractions and switches. sprague keys a slope by the least of it and its mirror image with colours swapped.",
    build: Partizan::<SkiJumps>::build,
}];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::partizan::{GameId, PartizanSolver};
    use proptest::prelude::*;

    use crate::games::by_definition::plain;

    fn value(s: &str) -> String {
        let mut solver = PartizanSolver::new(&SkiJumps);
        let g = solver.value(&SkiJumps.parse_position(s).unwrap()).unwrap();
        solver.store_mut().display(g)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(96))]
        #[test]
        fn solver_matches_the_definition(w in 1usize..5, h in 1usize..4, cells in proptest::collection::vec(0usize..9, 12)) {
            let text: Vec<String> = (0..h).map(|r| (0..w).map(|c| ['L', 'l', 'R', 'r', '.', '.', '.', '.', '.'][cells[r * 4 + c]]).collect()).collect();
            let p = SkiJumps.parse_position(&text.join("|")).unwrap();
            prop_assert_eq!(SkiJumps.format_position(&p), text.join("|"));
            let mut solver = PartizanSolver::new(&SkiJumps);
            let g = solver.value(&p).unwrap();
            prop_assert_eq!(g, plain(&SkiJumps, solver.store_mut(), &mut Default::default(), &p));
            let (key, negated) = SkiJumps.canonical_key(&p);
            let k = solver.value(&key).unwrap();
            let expected = if negated { solver.store_mut().neg(g) } else { g };
            prop_assert_eq!(k, expected);
            let mut parts = Vec::new();
            if SkiJumps.decompose(&p, &mut parts) {
                let mut sum = GameId::ZERO;
                for part in &parts {
                    prop_assert!(!SkiJumps.decompose(part, &mut Vec::new()));
                    let v = plain(&SkiJumps, solver.store_mut(), &mut Default::default(), part);
                    sum = solver.store_mut().add(sum, v);
                }
                prop_assert_eq!(sum, g);
            }
            if let Some(x) = SkiJumps.number_value(&p) {
                let d = solver.store_mut().dyadic(x);
                prop_assert_eq!(d, plain(&SkiJumps, solver.store_mut(), &mut Default::default(), &p));
            }
        }
    }

    #[test]
    fn values_and_notation() {
        // Winning Ways ch. 2: a skier with n squares ahead is worth n moves.
        assert_eq!(value("L..."), "4");
        assert_eq!(value("..r"), "-3");
        assert_eq!(value("R.L"), "0");
        assert_eq!(SkiJumps.parse_position("L.|x.").unwrap_err().column, 4);
        assert_eq!(SkiJumps.parse_position("L.|...").unwrap_err().column, 4);
        let p = SkiJumps.parse_position("L.|R.|..").unwrap();
        let mut l = Vec::new();
        SkiJumps.left_moves(&p, &mut l);
        let d: Vec<String> = l.iter().map(|o| SkiJumps.describe_move(&p, o)).collect();
        assert_eq!(d, ["a1-b1", "a1-off", "a1-a3"]);
        assert_eq!(SkiJumps.format_position(&l[2]), "..|r.|L.");
    }
}
