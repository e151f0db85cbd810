//! Choosing Carrot (Codeforces 794E): carrots in a row with juiciness values;
//! Oleg and Igor alternately eat a carrot from either end, Oleg first, until
//! one carrot is left, which goes to their friend. Oleg wants it as juicy as
//! possible, Igor as dry as possible. Before the game Oleg makes k extra moves
//! alone; the problem asks for the final carrot for every k from 0 to n − 1.
//!
//! [`carrot_answers`] answers every k in O(n): with m carrots left for the
//! game, the result is fixed by the middle of the row (for even m the larger
//! of the two middle carrots; for odd m ≥ 3 the larger of the middle carrot's
//! minima with each neighbour), and Oleg's k extra moves pick the best row of
//! length m = n − k. [`carrot_brute_force`] solves every row by the generic
//! minimax solver on the graph of all intervals.

use crate::graph::DiGraph;
use crate::loopy::minimax_dag;
use crate::notation::ParseError;
use crate::partizan::Player;
use crate::play::{Engine, Kind, PlayEngine, Verdict, erase};
use crate::registry::{
    Data, Entry, Error, Family, Options, Report, Result, Ruleset, normal_play_only, without_params,
};

/// The juiciness of the final carrot for every k = 0, 1, …, n − 1 (Oleg's
/// extra moves before the game), for the row `a`. O(n) time.
///
/// ```
/// use sprague::games::carrot_answers;
/// // Codeforces 794E, sample 1.
/// assert_eq!(carrot_answers(&[1, 2, 3, 5]), vec![3, 3, 5, 5]);
/// ```
#[must_use]
pub fn carrot_answers(a: &[u64]) -> Vec<u64> {
    let n = a.len();
    let mut answers = vec![0; n];
    if n == 0 {
        return answers;
    }
    // The game on a row of m ≥ 2 carrots is decided by its middle: for even m
    // by the pair at offsets m/2 − 1, m/2 (value `pair`), for odd m by the
    // middle carrot and its neighbours (value `triple`). Rows of length m have
    // their centres in a range that widens by one at each end when m drops
    // by 2, so each parity keeps a running maximum from the longest rows down.
    let pair = |i: usize| a[i].max(a[i + 1]);
    let triple = |i: usize| a[i - 1].min(a[i]).max(a[i].min(a[i + 1]));
    for parity in 0..2 {
        let mut best: Option<u64> = None;
        // Centre ranges, inclusive: [lo, hi].
        let mut m = if n % 2 == parity { n } else { n - 1 };
        let (mut lo, mut hi): (usize, usize);
        if m < 2 {
            continue;
        }
        if parity == 0 {
            lo = m / 2 - 1;
            hi = n - 1 - m / 2;
        } else {
            lo = m / 2;
            hi = n - 1 - m / 2;
        }
        let mut covered: Option<(usize, usize)> = None;
        loop {
            let value = |i: usize| if parity == 0 { pair(i) } else { triple(i) };
            for i in lo..=hi {
                if covered.is_none_or(|(cl, ch)| i < cl || i > ch) {
                    best = Some(best.map_or(value(i), |b| b.max(value(i))));
                }
            }
            covered = Some((lo, hi));
            answers[n - m] = best.unwrap_or(0);
            if m < 4 {
                break;
            }
            m -= 2;
            lo -= 1;
            hi += 1;
        }
    }
    answers[n - 1] = a.iter().copied().max().unwrap_or(0);
    answers
}

/// The answer for every k by the definition: for each length m = n − k, every
/// row of length m that Oleg's k moves can leave (any contiguous row) is
/// solved by [`minimax_dag`] on the graph of its sub-rows, and Oleg takes the
/// best. O(n⁴) time; for tests on short rows.
#[must_use]
pub fn carrot_brute_force(a: &[u64]) -> Vec<u64> {
    let n = a.len();
    let index = |l: usize, r: usize| (l * n + r) as u32;
    let mut answers = Vec::with_capacity(n);
    for k in 0..n {
        let m = n - k;
        // Vertices: intervals [l, r]; from a row of more than one carrot the
        // mover eats the left or the right end.
        let (mut from, mut to) = (Vec::new(), Vec::new());
        for l in 0..n {
            for r in l + 1..n {
                from.extend([index(l, r), index(l, r)]);
                to.extend([index(l + 1, r), index(l, r - 1)]);
            }
        }
        let Ok(graph) = DiGraph::from_edges(n * n, &from, &to) else {
            return Vec::new();
        };
        // At a single carrot the game is over; its score for the player to
        // move there: Oleg moves at rows of length m, m − 2, …
        let score = |v: u32| {
            let l = v as usize / n;
            let value = a[l] as i64;
            if (m - 1).is_multiple_of(2) { value } else { -value }
        };
        let Ok(values) = minimax_dag(&graph, score) else {
            return Vec::new();
        };
        let best = (0..=n - m).map(|l| values[index(l, l + m - 1) as usize]).max();
        answers.push(best.unwrap_or(0) as u64);
    }
    answers
}

/// Choosing Carrot on a row of juiciness values.
struct ChoosingCarrot;

/// The juiciness values, separated by spaces or commas.
fn parse_row(text: &str) -> core::result::Result<Vec<u64>, ParseError> {
    let mut row = Vec::new();
    let mut col = 1;
    for w in text.split([' ', ',']) {
        if !w.is_empty() {
            row.push(crate::notation::parse_u64_token(w, col, "a juiciness")?);
        }
        col += w.chars().count() + 1;
    }
    if row.is_empty() {
        return Err(ParseError::new(
            "expected the juiciness of each carrot, e.g. `1 2 3 5`",
            1,
            text,
        ));
    }
    Ok(row)
}

impl Ruleset for ChoosingCarrot {
    fn value(&self, position: &str, options: &Options<'_>) -> Result<Report> {
        normal_play_only("choosing-carrot", options)?;
        let row = parse_row(position).map_err(|e| Error::position(position, e))?;
        let answers = carrot_answers(&row);
        let shown = row.iter().map(u64::to_string).collect::<Vec<_>>().join(" ");
        let listed = answers.iter().map(u64::to_string).collect::<Vec<_>>().join(" ");
        let data = Data::map()
            .with("ruleset", "choosing-carrot")
            .with("position", shown.as_str())
            .with("n", row.len())
            .with("answers", answers.clone());
        let text = format!(
            "choosing-carrot {shown}\nthe final carrot for k = 0, 1, …, {} (Oleg's extra moves before the game):\n{listed}\n",
            row.len() - 1
        );
        Ok(Report::new(data, text))
    }

    /// Oleg (Left) and Igor (Right) from the whole row, Oleg first, with no
    /// extra moves; the score is the last carrot (negated for Igor).
    fn play<'a>(&'a self, position: &str, options: &Options<'a>) -> Result<Box<dyn PlayEngine + 'a>> {
        normal_play_only("choosing-carrot", options)?;
        let row = parse_row(position).map_err(|e| Error::position(position, e))?;
        let n = row.len();
        Ok(erase(CarrotPlay { row }, (0, n)))
    }
}

/// The final carrot of the row `a` with `oleg` (or Igor) to move, both
/// playing perfectly: decided by the middle of the row. With Oleg to move it
/// is, for an even length, the larger of the two middle carrots and, for an
/// odd length of at least 3, the larger of the middle carrot's minima with
/// each neighbour (see [`carrot_answers`]); with Igor to move the same with
/// larger and smaller exchanged (Igor is Oleg on the negated row). O(1).
fn final_carrot(a: &[u64], oleg: bool) -> u64 {
    let m = a.len();
    /// The better and the worse of two carrots for the player to move.
    type Pick = fn(u64, u64) -> u64;
    let (best, worst): (Pick, Pick) = if oleg {
        (u64::max, u64::min)
    } else {
        (u64::min, u64::max)
    };
    match m {
        0 => 0,
        1 => a[0],
        _ if m.is_multiple_of(2) => best(a[m / 2 - 1], a[m / 2]),
        _ => {
            let i = m / 2;
            best(worst(a[i - 1], a[i]), worst(a[i], a[i + 1]))
        }
    }
}

/// A perfect player of Choosing Carrot: Oleg is Left, Igor Right, both take
/// a carrot from either end; the game ends with one carrot left, scored
/// as its juiciness for Oleg and its negative for Igor.
struct CarrotPlay {
    row: Vec<u64>,
}

impl CarrotPlay {
    fn part<'r>(&'r self, &(i, j): &(usize, usize)) -> &'r [u64] {
        self.row.get(i..j).unwrap_or(&[])
    }
}

impl Engine for CarrotPlay {
    type Pos = (usize, usize);

    fn ruleset(&self) -> &str {
        "choosing-carrot"
    }

    fn kind(&self) -> Kind {
        Kind::Partizan
    }

    fn format(&self, p: &(usize, usize)) -> String {
        self.part(p)
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn parse(&self, text: &str) -> core::result::Result<(usize, usize), String> {
        let want = parse_row(text).map_err(|e| e.to_string())?;
        (0..self.row.len())
            .find(|&i| self.row.get(i..i + want.len()) == Some(&want[..]))
            .map(|i| (i, i + want.len()))
            .ok_or_else(|| "not a stretch of the row left by eating from its ends".to_string())
    }

    fn options(&mut self, &(i, j): &(usize, usize), _mover: Player) -> Result<Vec<(usize, usize)>> {
        if j - i <= 1 {
            return Ok(Vec::new());
        }
        Ok(vec![(i + 1, j), (i, j - 1)])
    }

    fn describe(&self, from: &(usize, usize), to: &(usize, usize)) -> String {
        if to.0 > from.0 {
            format!("eat the left carrot ({})", self.row[from.0])
        } else {
            format!("eat the right carrot ({})", self.row[from.1 - 1])
        }
    }

    fn verdict(&mut self, p: &(usize, usize), mover: Player) -> Result<Verdict> {
        let oleg = mover == Player::Left;
        let last = i64::try_from(final_carrot(self.part(p), oleg)).unwrap_or(i64::MAX);
        Ok(Verdict::Score(if oleg { last } else { -last }))
    }

    fn hint(&mut self, p: &(usize, usize), mover: Player) -> Result<Vec<String>> {
        let oleg = mover == Player::Left;
        let row = self.part(p);
        let mut lines = vec![
            "the last carrot is decided by the middle of the row: with Oleg to move, for an even length the larger of the two middle carrots, for an odd length the larger of the middle carrot's minima with each neighbour (with Igor to move, larger and smaller exchange).".to_string(),
            format!("here the carrot left at the end will be {}.", final_carrot(row, oleg)),
        ];
        let now = final_carrot(row, oleg);
        let good: Vec<String> = self
            .options(p, mover)?
            .iter()
            .filter(|o| final_carrot(self.part(o), !oleg) == now)
            .map(|o| self.describe(p, o))
            .collect();
        if !good.is_empty() {
            lines.push(format!("best moves: {}", good.join(" or ")));
        }
        Ok(lines)
    }
}

/// The catalog entry.
pub(crate) const ENTRIES: &[Entry] = &[Entry {
    name: "choosing-carrot",
    params: "",
    family: Family::Partizan,
    summary: "Codeforces 794E: Oleg and Igor eat carrots from either end of a row until one is left; its juiciness for every k extra moves of Oleg",
    notation: "the juiciness of the carrots in a row, separated by spaces, e.g. `1 2 3 5`",
    example: "value choosing-carrot 1 2 3 5",
    example2: "value choosing-carrot 1000000000 1000000000 1000000000 1000000000 1 --json",
    rules: "Carrots lie in a row, each with a juiciness. Oleg and Igor take turns, Oleg first, each eating one carrot from either end of the row, until one carrot is left; it goes to their friend. Oleg wants it as juicy as possible, Igor as little as possible. Before the game starts Oleg makes k extra moves alone; the problem asks for the remaining carrot's juiciness for every k from 0 to n − 1.",
    known: "Codeforces Round 414, problem 794E (Choosing Carrot); sample 1 (1 2 3 5) has the answers 3 3 5 5, sample 2 (four carrots of 10^9 and one of 1) answers 10^9 for every k. With m carrots left the result depends only on the middle: the larger of the two middle carrots when m is even, the larger of min(middle, left neighbour) and min(middle, right neighbour) when m ≥ 3 is odd; Oleg's extra moves choose the best row of length n − k, so every k is answered in O(n). Tests check this against minimax over all sub-rows on random rows.",
    build: |name, params| without_params(name, params, |_| ChoosingCarrot),
}];

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn codeforces_794e_samples() {
        // Codeforces 794E (Choosing Carrot), samples 1 and 2.
        assert_eq!(carrot_answers(&[1, 2, 3, 5]), vec![3, 3, 5, 5]);
        assert_eq!(carrot_brute_force(&[1, 2, 3, 5]), vec![3, 3, 5, 5]);
        let b = [1_000_000_000, 1_000_000_000, 1_000_000_000, 1_000_000_000, 1];
        assert_eq!(carrot_answers(&b), vec![1_000_000_000; 5]);
        assert_eq!(carrot_brute_force(&b), vec![1_000_000_000; 5]);
        assert_eq!(carrot_answers(&[7]), vec![7]);
        assert!(carrot_answers(&[]).is_empty());
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        #[test]
        fn closed_form_matches_minimax(a in proptest::collection::vec(0u64..10, 1..10)) {
            prop_assert_eq!(carrot_answers(&a), carrot_brute_force(&a));
        }
    }
}

#[cfg(test)]
mod play_tests {
    use super::*;

    /// The last carrot by playing out every line.
    fn minimax(a: &[u64], oleg: bool) -> u64 {
        if a.len() == 1 {
            return a[0];
        }
        let (x, y) = (minimax(&a[1..], !oleg), minimax(&a[..a.len() - 1], !oleg));
        if oleg { x.max(y) } else { x.min(y) }
    }

    #[test]
    fn the_middle_decides_for_either_player_to_move() {
        let mut seed = 0x9e37_79b9_u64;
        for _ in 0..3000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let n = 1 + (seed % 9) as usize;
            let row: Vec<u64> = (0..n).map(|k| (seed >> (4 * k)) % 7).collect();
            for oleg in [true, false] {
                assert_eq!(
                    final_carrot(&row, oleg),
                    minimax(&row, oleg),
                    "{row:?} oleg {oleg}"
                );
            }
        }
    }
}
