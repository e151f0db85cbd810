//! Ski-Jumps (Winning Ways, ch. 2): Left's skiers go east, Right's west;
//! a jumper may jump down over an opponent, who becomes a slipper.

use crate::blocks::bitgrid::low_bits;
use crate::blocks::word::Word;
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
    /// The jumpers' cells, high word first (so that the derived order is
    /// the numeric one of the mask), as two words rather than one `u128`:
    /// the slope is then 56 bytes, not 64 (no 16-byte alignment).
    jumper_words: [u64; 2],
}

impl Slope {
    /// The slope of `skiers` whose jumpers are the cells of `jumpers`.
    #[inline]
    const fn new(skiers: Board, jumpers: u128) -> Slope {
        Slope {
            skiers,
            jumper_words: [(jumpers >> 64) as u64, jumpers as u64],
        }
    }

    /// The jumpers' cells.
    #[inline]
    const fn jumpers(&self) -> u128 {
        ((self.jumper_words[0] as u128) << 64) | self.jumper_words[1] as u128
    }
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

/// Every move of `me`'s skiers (east when `EAST`, else west), appended to
/// `out`. Steps and jumps are shifts of one word, with the edge column's
/// mask made once.
fn moves<const EAST: bool>(p: &Slope, me: Cell, out: &mut Vec<Slope>) {
    let b = &p.skiers;
    let rw = b.row_words::<u128>();
    let (empty, them) = (b.mask(Cell::Empty), b.mask(me.swapped()));
    // The cells a skier may step from: all but the edge it heads for.
    let (edge, all) = if EAST {
        (rw.flags(), b.all())
    } else {
        (rw.first(), b.all())
    };
    let stays = all & !edge;
    let step = |x: u128| if EAST { (x & stays) << 1 } else { (x & stays) >> 1 };
    let mut rest = b.mask(me);
    while rest != 0 {
        let bit = rest & rest.wrapping_neg();
        rest &= rest - 1;
        let jumper = if p.jumpers() & bit != 0 { u128::MAX } else { 0 };
        let (lifted, jumpers) = (b.with(bit, Cell::Empty), p.jumpers() & !bit);
        let mut at = step(bit);
        while at & empty != 0 {
            out.push(Slope::new(lifted.with(at, me), jumpers | (at & jumper)));
            at = step(at);
        }
        if at == 0 {
            out.push(Slope::new(lifted, jumpers)); // off the slope
        }
        if jumper != 0 {
            let (over, land) = (rw.rows_down(bit, 1), rw.rows_down(bit, 2));
            if over & them != 0 && land & empty != 0 {
                out.push(Slope::new(lifted.with(land, me), (jumpers & !over) | land));
            }
        }
    }
}

impl PartizanRules for SkiJumps {
    type Position = Slope;

    fn left_moves(&self, p: &Slope, out: &mut Vec<Slope>) {
        moves::<true>(p, Cell::Left, out);
    }

    fn right_moves(&self, p: &Slope, out: &mut Vec<Slope>) {
        moves::<false>(p, Cell::Right, out);
    }

    fn decompose(&self, p: &Slope, out: &mut Vec<Slope>) -> bool {
        let b = &p.skiers;
        let ends = if b.size() <= 64 {
            part_ends::<u64>(p)
        } else {
            part_ends::<u128>(p)
        };
        let Some(mut ends) = ends else {
            return false;
        };
        let (left, right) = (b.mask(Cell::Left), b.mask(Cell::Right));
        let mut from = 0;
        while ends != 0 {
            let to = ends.trailing_zeros() as usize + 1;
            ends &= ends - 1;
            let rows = low_bits(to) & !low_bits(from);
            if (left | right) & rows != 0 {
                out.push(Slope::new(b.row_band(from, to), (p.jumpers() & rows) >> from));
            }
            from = to;
        }
        true
    }

    #[inline]
    fn canonical_key(&self, p: &Slope) -> (Slope, bool) {
        // The image (the mirror with colours swapped) is made only when it
        // is the lesser: the comparison stops at the first row that differs.
        if !image_is_less(p) {
            return (*p, false);
        }
        let (mirrored, jumpers) = p.skiers.mirror_left_right_with(p.jumpers());
        let image = Slope::new(mirrored.swapped(), jumpers);
        (image, true)
    }

    fn number_value(&self, p: &Slope) -> Option<Dyadic> {
        let total = if p.skiers.size() <= 64 {
            integer_value::<u64>(p)
        } else {
            integer_value::<u128>(p)
        };
        total.map(Dyadic::integer)
    }
}

/// The rows that end a part of `p` when it splits (each row's flag, see
/// `RowWords`), or `None` when it is one game. Rows meet only through
/// jumps: the closure of the rows a jumper may ever reach and the rows it
/// may jump over, every row at once in words `W`.
fn part_ends<W: Word>(p: &Slope) -> Option<u128> {
    let (b, h) = (&p.skiers, p.skiers.height());
    if h < 2 {
        return None;
    }
    let rw = b.row_words::<W>();
    let (left, right) = (W::of(b.mask(Cell::Left)), W::of(b.mask(Cell::Right)));
    let jumpers = W::of(p.jumpers());
    let mut occ = [rw.row_flags(left), rw.row_flags(right)];
    let mut jmp = [rw.row_flags(left & jumpers), rw.row_flags(right & jumpers)];
    // Row r's flag: row r is one game with row r + 1 (never the last row).
    let mut joined = W::ZERO;
    let starts = rw.flags_of_rows(0, h - 2); // rows with two rows below them
    let inner = rw.flags_of_rows(0, h - 1);
    loop {
        let mut grown = false;
        for me in 0..2 {
            let over = jmp[me] & rw.rows_up(occ[1 - me], 1) & starts;
            let known = joined & rw.rows_up(joined, 1) & rw.rows_up(jmp[me], 2);
            if over & !known != W::ZERO {
                joined |= over | rw.rows_down(over, 1);
                jmp[me] |= rw.rows_down(over, 2);
                occ[me] |= rw.rows_down(over, 2);
                grown = true;
            }
        }
        if joined & inner == inner {
            return None; // every row joined: no need to close further
        }
        if !grown {
            return Some((rw.flags() & !joined).wide());
        }
    }
}

/// The integer value of `p` when no jump can ever happen and nobody blocks
/// (see [`SkiJumps`]), every row at once in words `W`; `None` otherwise.
fn integer_value<W: Word>(p: &Slope) -> Option<i64> {
    let b = &p.skiers;
    let rw = b.row_words::<W>();
    let (left, right) = (W::of(b.mask(Cell::Left)), W::of(b.mask(Cell::Right)));
    let jumpers = W::of(p.jumpers());
    // A jumper with an opponent in the row below may jump.
    let (ol, or) = (rw.row_flags(left), rw.row_flags(right));
    let (jl, jr) = (rw.row_flags(left & jumpers), rw.row_flags(right & jumpers));
    if (jl & rw.rows_up(or, 1)) | (jr & rw.rows_up(ol, 1)) != W::ZERO {
        return None;
    }
    // A Right skier east of a row's first Left skier: someone blocks.
    if right & rw.east_of_first(left) != W::ZERO {
        return None;
    }
    // Left's skiers are w − column squares from the east edge, Right's
    // column + 1 from the west edge.
    let (nl, nr) = (i64::from(left.ones()), i64::from(right.ones()));
    let (sl, sr) = (i64::from(rw.column_sum(left)), i64::from(rw.column_sum(right)));
    Some(b.width() as i64 * nl - sl - sr - nr)
}

/// Whether the image of `p` (mirrored left to right, colours swapped) is
/// less than `p` in the order of [`Slope`]: Left's plane first (the image's
/// is Right's mirrored), then, when those agree, the jumpers (Right's plane
/// then agrees too, the mirror being its own inverse). The rows are
/// compared from the last (the highest bits) and the first that differs
/// decides, so most calls reverse one row or two.
#[inline]
fn image_is_less(p: &Slope) -> bool {
    let b = &p.skiers;
    let (w, h) = (b.width(), b.height());
    let (left, right) = (b.mask(Cell::Left), b.mask(Cell::Right));
    if b.size() <= 64 {
        // The same on 64-bit words.
        let row_mask = u64::MAX >> (64 - w);
        let reverse = |row: u64| row.reverse_bits() >> (64 - w);
        for (mine, theirs) in [
            (left as u64, right as u64),
            (p.jumpers() as u64, p.jumpers() as u64),
        ] {
            for r in (0..h).rev() {
                let (x, y) = (mine >> (r * w) & row_mask, reverse(theirs >> (r * w) & row_mask));
                if x != y {
                    return y < x;
                }
            }
        }
        return false;
    }
    let row_mask = low_bits(w);
    let reverse = |row: u128| row.reverse_bits() >> (128 - w);
    for (mine, theirs) in [(left, right), (p.jumpers(), p.jumpers())] {
        for r in (0..h).rev() {
            let (x, y) = (mine >> (r * w) & row_mask, reverse(theirs >> (r * w) & row_mask));
            if x != y {
                return y < x;
            }
        }
    }
    false
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
        Ok(Slope::new(skiers, masks[2]))
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
                            .find(|x| x.1 == b.cell(i) && x.2 == (p.jumpers() >> i & 1 == 1))
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

    /// The rows of `p` one game with the next, by a plain walk over rows
    /// and cells: row r joins r + 1 when a jumper in row r (or one that
    /// may land there) has an opponent in row r + 1 and row r + 2 exists.
    fn plain_part_ends(p: &Slope) -> Option<u128> {
        let (b, w, h) = (&p.skiers, p.skiers.width(), p.skiers.height());
        if h < 2 {
            return None;
        }
        let row_has = |m: u128, r: usize| (0..w).any(|c| m >> (r * w + c) & 1 == 1);
        let (left, right) = (b.mask(Cell::Left), b.mask(Cell::Right));
        let mut occ = [
            (0..h).map(|r| row_has(left, r)).collect::<Vec<_>>(),
            (0..h).map(|r| row_has(right, r)).collect(),
        ];
        let mut jmp = [
            (0..h).map(|r| row_has(left & p.jumpers(), r)).collect::<Vec<_>>(),
            (0..h).map(|r| row_has(right & p.jumpers(), r)).collect(),
        ];
        let mut joined = vec![false; h];
        let mut grown = true;
        while grown {
            grown = false;
            for me in 0..2 {
                for r in 0..h - 2 {
                    if jmp[me][r] && occ[1 - me][r + 1] && !(joined[r] && joined[r + 1] && jmp[me][r + 2]) {
                        (joined[r], joined[r + 1], jmp[me][r + 2], occ[me][r + 2]) = (true, true, true, true);
                        grown = true;
                    }
                }
            }
        }
        if joined[..h - 1].iter().all(|&j| j) {
            return None;
        }
        Some(
            (0..h)
                .filter(|&r| !joined[r])
                .fold(0, |m, r| m | 1u128 << (r * w + w - 1)),
        )
    }

    /// The value of `p` as an integer by a plain walk over its skiers, when
    /// no jumper has an opponent in the row below and no row has a Left
    /// skier west of a Right one.
    fn plain_integer_value(p: &Slope) -> Option<i64> {
        let (b, w, h) = (&p.skiers, p.skiers.width(), p.skiers.height());
        let at = |r: usize, c: usize| (b.at(r, c), p.jumpers() >> (r * w + c) & 1 == 1);
        let mut total = 0i64;
        for r in 0..h {
            for c in 0..w {
                let (cell, jumper) = at(r, c);
                let foe = match cell {
                    Cell::Left => Cell::Right,
                    Cell::Right => Cell::Left,
                    _ => continue,
                };
                if jumper && r + 1 < h && (0..w).any(|x| b.at(r + 1, x) == foe) {
                    return None;
                }
                if cell == Cell::Left && (c + 1..w).any(|x| b.at(r, x) == Cell::Right) {
                    return None;
                }
                total += if cell == Cell::Left {
                    (w - c) as i64
                } else {
                    -(c as i64 + 1)
                };
            }
        }
        Some(total)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]
        /// The word-level row closure, integer rule and key agree with
        /// plain walks over the cells, on slopes up to 128 squares (the
        /// 64-bit words where they fit, and the 128-bit ones always).
        #[test]
        fn word_paths_match_plain_walks(w in 1usize..=16, h in 1usize..=12, cells in proptest::collection::vec(0usize..12, 128)) {
            let h = h.min(128 / w);
            let text: Vec<String> = (0..h).map(|r| (0..w).map(|c| ['L', 'l', 'R', 'r', '.', '.', '.', '.', '.', '.', '.', '.'][cells[r * w + c]]).collect()).collect();
            let p = SkiJumps.parse_position(&text.join("|")).unwrap();
            let ends = plain_part_ends(&p);
            prop_assert_eq!(part_ends::<u128>(&p), ends);
            let value = plain_integer_value(&p);
            prop_assert_eq!(integer_value::<u128>(&p), value);
            if w * h <= 64 {
                prop_assert_eq!(part_ends::<u64>(&p), ends);
                prop_assert_eq!(integer_value::<u64>(&p), value);
            }
            prop_assert_eq!(SkiJumps.number_value(&p), value.map(Dyadic::integer));
            // The key: the least of the slope and its image, made whole.
            let image = Slope::new(p.skiers.mirror_left_right().swapped(), crate::blocks::bitgrid::mirror_lr(p.jumpers(), w, h));
            let expected = if image < p { (image, true) } else { (p, false) };
            prop_assert_eq!(SkiJumps.canonical_key(&p), expected);
            // The parts: the rows between the ends, those with a skier.
            let mut parts = Vec::new();
            prop_assert_eq!(SkiJumps.decompose(&p, &mut parts), ends.is_some());
            if let Some(ends) = ends {
                let rows: Vec<usize> = (0..h).filter(|r| ends >> (r * w + w - 1) & 1 == 1).collect();
                let mut from = 0;
                let mut expected = Vec::new();
                for to in rows {
                    let part = text[from..=to].join("|");
                    if part.chars().any(|c| c != '.' && c != '|') {
                        expected.push(part);
                    }
                    from = to + 1;
                }
                let shown: Vec<String> = parts.iter().map(|x| SkiJumps.format_position(x)).collect();
                prop_assert_eq!(shown, expected);
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
