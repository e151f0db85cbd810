//! Toppling Dominoes: lines of blue, red and green dominoes; a player
//! topples one domino east or west, and it takes down every domino beyond it.

use crate::blocks::{Board, Cell, Cells, Symmetry};
use crate::definition::Definition;
use crate::notation::{Notation, ParseError};
use crate::partizan::PartizanRules;
use crate::registry::{Entry, Family, Partizan};

/// The dominoes: `x` blue (Left's), `o` red (Right's), `g` green (either's),
/// `.` a gap.
const CELLS: Cells = Cells::new('.', Some('x'), Some('o'), Some('g'));

/// Toppling Dominoes on rows of at most 128 dominoes in all ([`Board`]; a
/// green domino is the board's blocked state). Left topples a blue or green
/// domino, Right a red or green one, east or west: it falls with every
/// domino beyond it in its line.
///
/// A line is a maximal run of dominoes in a row: a gap `.` or a new row
/// ends it, so each line is a component. The transposition key is the least
/// of a line, its mirror image (same value) and their colour swaps (value
/// negated). A line of one colour is a number (`n` blue dominoes are `n`).
///
/// ```
/// use sprague::{Notation, PartizanSolver, games::TopplingDominoes};
/// let mut solver = PartizanSolver::new(&TopplingDominoes);
/// let g = solver.value(&TopplingDominoes.parse_position("xooxx").unwrap()).unwrap();
/// assert_eq!(solver.store_mut().display(g), "{1|*}");
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct TopplingDominoes;

/// The lines of `b`: (first cell, length) of each maximal run of dominoes in a row.
fn lines(b: &Board) -> impl Iterator<Item = (usize, usize)> + '_ {
    let (w, occupied) = (b.width(), b.all() & !b.mask(Cell::Empty));
    let mut rest = occupied;
    core::iter::from_fn(move || {
        if rest == 0 {
            return None;
        }
        let a = rest.trailing_zeros() as usize;
        let len = ((occupied >> a).trailing_ones() as usize).min((a / w + 1) * w - a);
        rest &= !(run_mask(a, len));
        Some((a, len))
    })
}

const fn run_mask(a: usize, len: usize) -> u128 {
    (if len >= 128 { u128::MAX } else { (1u128 << len) - 1 }) << a
}

fn topples(b: &Board, own: u128, out: &mut Vec<Board>) {
    for (a, len) in lines(b) {
        let run = run_mask(a, len);
        let mut mine = own & run;
        while mine != 0 {
            let bit = mine & mine.wrapping_neg();
            mine &= mine - 1;
            out.push(b.with(run & (bit | (bit - 1)), Cell::Empty)); // west
            out.push(b.with(run & !(bit - 1), Cell::Empty)); // east
        }
    }
}

impl PartizanRules for TopplingDominoes {
    type Position = Board;

    fn left_moves(&self, b: &Board, out: &mut Vec<Board>) {
        topples(b, b.mask(Cell::Left) | b.mask(Cell::Blocked), out);
    }

    fn right_moves(&self, b: &Board, out: &mut Vec<Board>) {
        topples(b, b.mask(Cell::Right) | b.mask(Cell::Blocked), out);
    }

    fn decompose(&self, b: &Board, out: &mut Vec<Board>) -> bool {
        let parts: Vec<(usize, usize)> = lines(b).collect();
        if b.height() == 1 && parts == [(0, b.width())] {
            return false;
        }
        for (a, len) in parts {
            let m = |c| (b.mask(c) >> a) & run_mask(0, len);
            out.extend(Board::from_masks(
                len,
                1,
                m(Cell::Left),
                m(Cell::Right),
                m(Cell::Blocked),
            ));
        }
        true
    }

    /// The whole board in one word when it is small enough ([`Board::memo_word`]).
    #[inline]
    fn memo_word(&self, b: &Board) -> Option<u64> {
        b.memo_word()
    }

    fn canonical_key(&self, b: &Board) -> (Board, bool) {
        Symmetry::LEFT_RIGHT.swap_negates().canonical(b)
    }

    fn number_value(&self, b: &Board) -> Option<crate::partizan::Dyadic> {
        let (l, r, g) = (b.count(Cell::Left), b.count(Cell::Right), b.count(Cell::Blocked));
        (g == 0 && (l == 0 || r == 0) && lines(b).count() == 1)
            .then(|| crate::partizan::Dyadic::integer(i64::from(l) - i64::from(r)))
    }
}

impl Notation<Board> for TopplingDominoes {
    fn parse_position(&self, text: &str) -> Result<Board, ParseError> {
        // Rows may differ in length: a short row ends in gaps.
        let mut rows: Vec<Vec<Cell>> = vec![Vec::new()];
        for (i, c) in text.chars().enumerate() {
            match (c, CELLS.cell(c)) {
                ('|' | '/', _) => rows.push(Vec::new()),
                (' ', _) => {}
                (_, Some(cell)) => rows.last_mut().map_or((), |r| r.push(cell)),
                _ => {
                    return Err(ParseError::new(
                        "expected a domino `x`, `o` or `g`, a gap `.` or `|`",
                        i + 1,
                        c,
                    ));
                }
            }
        }
        let w = rows.iter().map(Vec::len).max().unwrap_or(0);
        let mut masks = [0u128; 4];
        for (i, cell) in rows
            .iter()
            .enumerate()
            .flat_map(|(r, row)| row.iter().enumerate().map(move |(c, &x)| (r * w + c, x)))
        {
            masks[cell as usize] |= 1u128 << (i % 128);
        }
        if w == 0 || w * rows.len() > 128 {
            return Err(ParseError::new("expected 1 to 128 places for dominoes", 1, text));
        }
        Board::from_masks(w, rows.len(), masks[1], masks[2], masks[3])
            .ok_or_else(|| ParseError::new("expected 1 to 128 places for dominoes", 1, text))
    }

    fn format_position(&self, b: &Board) -> String {
        b.show(&CELLS)
    }

    fn describe_move(&self, from: &Board, to: &Board) -> String {
        let gone = (from.all() & !from.mask(Cell::Empty)) & to.mask(Cell::Empty);
        let Some((a, _)) = lines(from).find(|&(a, len)| gone & run_mask(a, len) != 0) else {
            return format!("to {}", self.format_position(to));
        };
        if gone.trailing_zeros() as usize == a {
            format!("{}<", from.cell_name(127 - gone.leading_zeros() as usize))
        } else {
            format!("{}>", from.cell_name(gone.trailing_zeros() as usize))
        }
    }
}

impl Definition<Board> for TopplingDominoes {
    fn draw(&self, b: &Board) -> Option<String> {
        Some(b.draw(&CELLS))
    }

    fn move_help(&self) -> Option<String> {
        Some("as a domino and where it falls: `c1<` topples c1 west (it falls with every domino west of it in its line), `c1>` east".to_string())
    }
}

pub(crate) const ENTRIES: &[Entry] = &[Entry {
    name: "toppling-dominoes",
    params: "",
    family: Family::Partizan,
    summary: "topple one of your dominoes (blue for Left, red for Right, green for either) east or west: it falls with every domino beyond it",
    notation: "rows of dominoes joined by `|`, `x` blue (Left), `o` red (Right), `g` green (either), `.` a gap that ends a line, e.g. `xoxx|gox`",
    example: "value toppling-dominoes xooxx",
    example2: "value toppling-dominoes xo.g --json",
    rules: "Toppling Dominoes: lines of dominoes, each blue `x`, red `o` or green `g`. Left (Blue) topples a blue or green domino, Right (Red) a red or green one, east or west; it knocks down every domino beyond it in its line, and they all leave the game. A gap `.` or a new row ends a line, so lines are separate games. Whoever cannot move loses. Left is Blue, as in CGSuite (`l` there) and cgt (`x`).",
    known: "Introduced by Albert, Nowakowski and Wolfe (Lessons in Play, 2007). n blue dominoes are worth n; a line of n green dominoes is the nim heap *n (toppling leaves any shorter line). Every dyadic rational is the value of exactly one blue-red line, and that line is a palindrome (A. Fink, R. J. Nowakowski, A. N. Siegel, D. Wolfe, Toppling Conjectures, Games of No Chance 4, 2015). sprague splits a position into its lines and keys each by the least of its mirror image and colour swaps.",
    build: Partizan::<TopplingDominoes>::build,
}];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::partizan::PartizanSolver;
    use proptest::prelude::*;

    use crate::games::by_definition::plain;

    fn value(s: &str) -> String {
        let mut solver = PartizanSolver::new(&TopplingDominoes);
        let g = solver
            .value(&TopplingDominoes.parse_position(s).unwrap())
            .unwrap();
        solver.store_mut().display(g)
    }

    fn row(code: &[u8]) -> String {
        code.iter()
            .map(|&c| ['.', 'x', 'o', 'g'][usize::from(c % 4)])
            .collect()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(96))]
        #[test]
        fn solver_matches_the_definition(rows in proptest::collection::vec(proptest::collection::vec(0u8..4, 1..6), 1..3)) {
            let text: Vec<String> = rows.iter().map(|r| row(r)).collect();
            let b = TopplingDominoes.parse_position(&text.join("|")).unwrap();
            let mut solver = PartizanSolver::new(&TopplingDominoes);
            let g = solver.value(&b).unwrap();
            prop_assert_eq!(g, plain(&TopplingDominoes, solver.store_mut(), &mut Default::default(), &b));
            // The mirror image keeps the value; the colour swap negates it.
            let m = solver.value(&b.mirror_left_right()).unwrap();
            prop_assert_eq!(m, g);
            let s = solver.value(&b.swapped()).unwrap();
            let neg = solver.store_mut().neg(g);
            prop_assert_eq!(s, neg);
        }
    }

    #[test]
    fn published_values() {
        // Lessons in Play: blue lines are integers, green lines nim heaps.
        assert_eq!(value("xxxx"), "4");
        assert_eq!(value("ooo"), "-3");
        assert_eq!(value("ggggg"), "*5");
        assert_eq!(value("xo"), "*");
        assert_eq!(value("xooxx"), "{1|*}");
        // Toppling Conjectures (Fink, Nowakowski, Siegel, Wolfe 2015): every
        // blue-red line whose value is a number is a palindrome, and no two
        // lines share a number value.
        let mut solver = PartizanSolver::new(&TopplingDominoes);
        let mut seen = std::collections::HashMap::new();
        for n in 1..=12usize {
            for code in 0u32..1 << n {
                let s: String = (0..n)
                    .map(|i| if code >> i & 1 == 1 { 'x' } else { 'o' })
                    .collect();
                let g = solver
                    .value(&TopplingDominoes.parse_position(&s).unwrap())
                    .unwrap();
                if solver.store_mut().as_number(g).is_some() {
                    assert_eq!(s.chars().rev().collect::<String>(), s, "{s}");
                    assert!(seen.insert(g, s.clone()).is_none(), "{s} and {:?}", seen.get(&g));
                }
            }
        }
        assert!(seen.len() > 20);
    }

    #[test]
    fn notation_and_moves() {
        let t = &TopplingDominoes;
        assert_eq!(t.format_position(&t.parse_position("xog|x").unwrap()), "xog|x..");
        assert_eq!(t.parse_position("xoz").unwrap_err().column, 3);
        let b = t.parse_position("xoox").unwrap();
        let mut l = Vec::new();
        t.left_moves(&b, &mut l);
        let d: Vec<String> = l.iter().map(|o| t.describe_move(&b, o)).collect();
        // A whole line falling is named by its east end toppling west.
        assert_eq!(d, ["a1<", "d1<", "d1<", "d1>"]);
        let r = crate::build("toppling-dominoes").unwrap();
        let monitor = crate::Monitor::default();
        assert_eq!(
            r.value("xo.ox", &crate::Options::new(&monitor))
                .unwrap()
                .outcome(),
            Some("P")
        );
    }
}
