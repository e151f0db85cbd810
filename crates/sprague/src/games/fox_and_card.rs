//! Fox and Card (Codeforces 388C): piles of numbered cards; Ciel takes the top
//! card of any pile, Jiro the bottom card of any pile, Ciel first, until every
//! pile is empty. Each wants the largest sum of the cards they took.
//!
//! The total is fixed, so each maximising their own sum is a zero-sum game.
//! [`fox_and_card_scores`] answers it by the exchange argument: each player
//! can secure their own half of every pile (Ciel the upper half, Jiro the
//! lower), and the middle cards of odd piles go, largest first, alternately to
//! the player to move and the other. [`fox_and_card_brute_force`] plays the
//! game out over every state, for the tests.

use crate::notation::ParseError;
use crate::partizan::Player;
use crate::play::{Engine, Kind, PlayEngine, Verdict, erase};
use crate::registry::{
    Data, Entry, Error, Family, Options, Report, Result, Ruleset, normal_play_only, without_params,
};
use std::collections::HashMap;

/// Who moves in Fox and Card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FoxPlayer {
    /// Ciel, who takes from the top of a pile.
    Ciel,
    /// Jiro, who takes from the bottom of a pile.
    Jiro,
}

impl FoxPlayer {
    /// The other player.
    #[must_use]
    pub const fn other(self) -> FoxPlayer {
        match self {
            FoxPlayer::Ciel => FoxPlayer::Jiro,
            FoxPlayer::Jiro => FoxPlayer::Ciel,
        }
    }

    /// The name, `Ciel` or `Jiro`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            FoxPlayer::Ciel => "Ciel",
            FoxPlayer::Jiro => "Jiro",
        }
    }
}

/// Parses piles of cards, top card first: piles separated by `|` (or `/`),
/// cards by spaces or commas, e.g. `100 | 1 10`. An empty pile is allowed;
/// `-` alone is no cards at all.
///
/// # Errors
/// A card that is not a whole number below 2^32, with its column.
pub fn parse_fox_piles(text: &str) -> Result<Vec<Vec<u32>>, ParseError> {
    if text.trim() == "-" {
        return Ok(Vec::new());
    }
    let mut piles = vec![Vec::new()];
    let mut start = None;
    let chars: Vec<char> = text.chars().collect();
    let flush = |piles: &mut Vec<Vec<u32>>, from: usize, to: usize| -> Result<(), ParseError> {
        let token: String = chars[from..to].iter().collect();
        let v: u32 = token
            .parse()
            .map_err(|_| ParseError::new("a card is a whole number below 2^32", from + 1, token.clone()))?;
        if let Some(p) = piles.last_mut() {
            p.push(v);
        }
        Ok(())
    };
    for (i, &c) in chars.iter().enumerate() {
        let separator = matches!(c, ' ' | ',' | '\t' | '|' | '/');
        if separator {
            if let Some(s) = start.take() {
                flush(&mut piles, s, i)?;
            }
            if c == '|' || c == '/' {
                piles.push(Vec::new());
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(s) = start {
        flush(&mut piles, s, chars.len())?;
    }
    Ok(piles)
}

/// Writes piles back in the notation of [`parse_fox_piles`], leaving out
/// empty piles (`-` when every pile is empty).
#[must_use]
pub fn format_fox_piles(piles: &[Vec<u32>]) -> String {
    if piles.iter().all(Vec::is_empty) {
        return "-".to_string();
    }
    piles
        .iter()
        .filter(|p| !p.is_empty())
        .map(|p| p.iter().map(u32::to_string).collect::<Vec<_>>().join(" "))
        .collect::<Vec<_>>()
        .join(" | ")
}

/// The final sums `(Ciel, Jiro)` under optimal play with `first` to move.
/// O(c + p log p) for c cards and p piles.
///
/// ```
/// use sprague::games::{FoxPlayer, fox_and_card_scores};
/// // Codeforces 388C, sample 1: piles (100) and (1, 10), top first.
/// assert_eq!(fox_and_card_scores(&[vec![100], vec![1, 10]], FoxPlayer::Ciel), (101, 10));
/// ```
#[must_use]
pub fn fox_and_card_scores(piles: &[Vec<u32>], first: FoxPlayer) -> (u64, u64) {
    let (mut ciel, mut jiro) = (0u64, 0u64);
    let mut middles = Vec::new();
    for p in piles {
        let half = p.len() / 2;
        ciel += p[..half].iter().map(|&v| u64::from(v)).sum::<u64>();
        jiro += p[p.len() - half..].iter().map(|&v| u64::from(v)).sum::<u64>();
        if p.len() % 2 == 1 {
            middles.push(p[half]);
        }
    }
    middles.sort_unstable_by(|a, b| b.cmp(a));
    let mut turn = first;
    for m in middles {
        match turn {
            FoxPlayer::Ciel => ciel += u64::from(m),
            FoxPlayer::Jiro => jiro += u64::from(m),
        }
        turn = turn.other();
    }
    (ciel, jiro)
}

/// The best moves of `mover`: the piles (0-based) whose card (top for Ciel,
/// bottom for Jiro) starts an optimal line, by [`fox_and_card_scores`] after
/// each move. O(p · (c + p log p)).
#[must_use]
pub fn fox_and_card_best_moves(piles: &[Vec<u32>], mover: FoxPlayer) -> Vec<usize> {
    let (c, j) = fox_and_card_scores(piles, mover);
    let best = match mover {
        FoxPlayer::Ciel => c,
        FoxPlayer::Jiro => j,
    };
    let mut after = piles.to_vec();
    (0..piles.len())
        .filter(|&i| {
            if piles[i].is_empty() {
                return false;
            }
            let card = match mover {
                FoxPlayer::Ciel => after[i].remove(0),
                FoxPlayer::Jiro => after[i].pop().unwrap_or(0),
            };
            let (c2, j2) = fox_and_card_scores(&after, mover.other());
            let got = u64::from(card)
                + match mover {
                    FoxPlayer::Ciel => c2,
                    FoxPlayer::Jiro => j2,
                };
            after[i] = piles[i].clone();
            got == best
        })
        .collect()
}

/// The final sums `(Ciel, Jiro)` by playing out every line (the definition),
/// memoised on the cards left in each pile. Exponential in the number of
/// piles; for tests on small positions.
#[must_use]
pub fn fox_and_card_brute_force(piles: &[Vec<u32>], first: FoxPlayer) -> (u64, u64) {
    /// The remaining range of each pile and the mover, to their best margin.
    type Memo = HashMap<(Vec<(usize, usize)>, FoxPlayer), i64>;
    // The best (own sum − other's sum) for the mover over the remaining cards.
    fn best(piles: &[Vec<u32>], left: &mut Vec<(usize, usize)>, mover: FoxPlayer, memo: &mut Memo) -> i64 {
        if let Some(&v) = memo.get(&(left.clone(), mover)) {
            return v;
        }
        let mut value: Option<i64> = None;
        for i in 0..piles.len() {
            let (lo, hi) = left[i];
            if lo == hi {
                continue;
            }
            let card = match mover {
                FoxPlayer::Ciel => {
                    left[i].0 += 1;
                    piles[i][lo]
                }
                FoxPlayer::Jiro => {
                    left[i].1 -= 1;
                    piles[i][hi - 1]
                }
            };
            let v = i64::from(card) - best(piles, left, mover.other(), memo);
            left[i] = (lo, hi);
            value = Some(value.map_or(v, |b| b.max(v)));
        }
        let v = value.unwrap_or(0);
        memo.insert((left.clone(), mover), v);
        v
    }
    let total: i64 = piles.iter().flatten().map(|&v| i64::from(v)).sum();
    let mut left: Vec<(usize, usize)> = piles.iter().map(|p| (0, p.len())).collect();
    let d = best(piles, &mut left, first, &mut HashMap::new());
    let (a, b) = ((total + d) / 2, (total - d) / 2);
    let (c, j) = match first {
        FoxPlayer::Ciel => (a, b),
        FoxPlayer::Jiro => (b, a),
    };
    (c as u64, j as u64)
}

/// Fox and Card with Ciel to move.
struct FoxAndCard;

impl Ruleset for FoxAndCard {
    fn value(&self, position: &str, options: &Options<'_>) -> Result<Report> {
        normal_play_only("fox-and-card", options)?;
        let piles = parse_fox_piles(position).map_err(|e| Error::position(position, e))?;
        let (ciel, jiro) = fox_and_card_scores(&piles, FoxPlayer::Ciel);
        let shown = format_fox_piles(&piles);
        let rows: Vec<(String, String)> = fox_and_card_best_moves(&piles, FoxPlayer::Ciel)
            .into_iter()
            .map(|i| {
                let mut after = piles.clone();
                let card = after[i].remove(0);
                (
                    format_fox_piles(&after),
                    format!("Ciel takes the top card {card} of pile {}", i + 1),
                )
            })
            .collect();
        let data = Data::map()
            .with("ruleset", "fox-and-card")
            .with("position", shown.as_str())
            .with("to_move", "Ciel")
            .with("ciel", ciel)
            .with("jiro", jiro)
            .with("best_moves", Data::moves(&rows));
        let mut text = format!(
            "fox-and-card {shown}\nwith optimal play Ciel takes {ciel} and Jiro {jiro} (Ciel moves first)\n"
        );
        if rows.is_empty() {
            text.push_str("best moves: none (no cards)\n");
        } else {
            text.push_str(&format!("Ciel's best first moves ({}):\n", rows.len()));
            for (to, d) in &rows {
                text.push_str("  ");
                text.push_str(d);
                text.push_str(", leaving ");
                text.push_str(to);
                text.push('\n');
            }
        }
        Ok(Report::new(data, text))
    }

    /// Ciel is Left (top cards), Jiro Right (bottom cards); the game is
    /// played for the difference of the sums.
    fn play<'a>(&'a self, position: &str, options: &Options<'a>) -> Result<Box<dyn PlayEngine + 'a>> {
        normal_play_only("fox-and-card", options)?;
        let start = FoxPlay
            .parse(position)
            .map_err(|e| Error::input(format!("position `{position}`: {e}")))?;
        Ok(erase(FoxPlay, start))
    }
}

/// A position of Fox and Card in play: the piles left and what each player
/// has taken so far.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Table {
    piles: Vec<Vec<u32>>,
    ciel: u64,
    jiro: u64,
}

/// The fox player of a side: Left is Ciel (top cards), Right is Jiro.
const fn fox(p: Player) -> FoxPlayer {
    match p {
        Player::Left => FoxPlayer::Ciel,
        Player::Right => FoxPlayer::Jiro,
    }
}

/// A perfect player of Fox and Card, played for the difference of the two
/// sums: a position's score for the player to move is their final sum
/// minus the other's, by [`fox_and_card_scores`] on the cards left.
struct FoxPlay;

impl Engine for FoxPlay {
    type Pos = Table;

    fn ruleset(&self) -> &str {
        "fox-and-card"
    }

    fn kind(&self) -> Kind {
        Kind::Partizan
    }

    fn format(&self, t: &Table) -> String {
        let piles = if t.piles.iter().all(Vec::is_empty) {
            "-".to_string()
        } else {
            format_fox_piles(&t.piles)
        };
        if t.ciel == 0 && t.jiro == 0 {
            piles
        } else {
            format!("{piles} ; Ciel {} Jiro {}", t.ciel, t.jiro)
        }
    }

    fn parse(&self, text: &str) -> core::result::Result<Table, String> {
        let (piles, taken) = text.split_once(';').unwrap_or((text, ""));
        let piles = parse_fox_piles(piles).map_err(|e| e.to_string())?;
        let words: Vec<&str> = taken.split_whitespace().collect();
        let (mut ciel, mut jiro) = (0, 0);
        for pair in words.chunks(2) {
            let value = |w: Option<&&str>| -> core::result::Result<u64, String> {
                w.and_then(|w| w.parse().ok())
                    .ok_or_else(|| "after `;` give the sums taken, `Ciel 100 Jiro 10`".to_string())
            };
            match pair[0].to_ascii_lowercase().as_str() {
                "ciel" => ciel = value(pair.get(1))?,
                "jiro" => jiro = value(pair.get(1))?,
                _ => return Err("after `;` give the sums taken, `Ciel 100 Jiro 10`".to_string()),
            }
        }
        Ok(Table { piles, ciel, jiro })
    }

    fn options(&mut self, t: &Table, mover: Player) -> Result<Vec<Table>> {
        let mut out = Vec::new();
        for (i, pile) in t.piles.iter().enumerate() {
            if pile.is_empty() {
                continue;
            }
            let mut next = t.clone();
            let card = match mover {
                Player::Left => next.piles[i].remove(0),
                Player::Right => next.piles[i].pop().unwrap_or(0),
            };
            match mover {
                Player::Left => next.ciel += u64::from(card),
                Player::Right => next.jiro += u64::from(card),
            }
            out.push(next);
        }
        Ok(out)
    }

    fn describe(&self, from: &Table, to: &Table) -> String {
        let i = (0..from.piles.len())
            .find(|&i| from.piles[i].len() != to.piles.get(i).map_or(0, Vec::len))
            .unwrap_or(0);
        let (who, end, card) = if to.ciel != from.ciel {
            ("Ciel", "top", to.ciel - from.ciel)
        } else {
            ("Jiro", "bottom", to.jiro - from.jiro)
        };
        format!("{who} takes the {end} card {card} of pile {}", i + 1)
    }

    fn verdict(&mut self, t: &Table, mover: Player) -> Result<Verdict> {
        let (ciel, jiro) = fox_and_card_scores(&t.piles, fox(mover));
        let (ciel, jiro) = (ciel + t.ciel, jiro + t.jiro);
        let diff = i128::from(ciel) - i128::from(jiro);
        let mine = if mover == Player::Left { diff } else { -diff };
        Ok(Verdict::Score(i64::try_from(mine).unwrap_or(if mine > 0 {
            i64::MAX
        } else {
            i64::MIN
        })))
    }

    fn hint(&mut self, t: &Table, mover: Player) -> Result<Vec<String>> {
        let (ciel, jiro) = fox_and_card_scores(&t.piles, fox(mover));
        let mut lines = vec![
            "each player can keep their own half of every pile (Ciel the upper half, Jiro the lower); the middle cards of odd piles go, largest first, alternately to the player to move and the other.".to_string(),
            format!(
                "with perfect play from here Ciel ends with {} and Jiro with {}.",
                ciel + t.ciel,
                jiro + t.jiro
            ),
        ];
        let best: Vec<String> = fox_and_card_best_moves(&t.piles, fox(mover))
            .into_iter()
            .map(|i| format!("pile {}", i + 1))
            .collect();
        if !best.is_empty() {
            lines.push(format!("best moves: take from {}", best.join(" or ")));
        }
        Ok(lines)
    }

    fn mover_name(&self, _t: &Table) -> Option<String> {
        None
    }
}

/// The catalog entry.
pub(crate) const ENTRIES: &[Entry] = &[Entry {
    name: "fox-and-card",
    params: "",
    family: Family::Partizan,
    summary: "Codeforces 388C: Ciel takes top cards, Jiro bottom cards, of any pile; the final sums of both under optimal play",
    notation: "piles separated by `|`, each pile's cards from top to bottom separated by spaces, e.g. `100 | 1 10`",
    example: "value fox-and-card 100 | 1 10",
    example2: "value fox-and-card 1 3 2 | 5 4 6 | 8 7 --json",
    rules: "Piles of cards with numbers on them. Ciel and Jiro move in turn, Ciel first: Ciel takes the top card of any non-empty pile, Jiro the bottom card of any non-empty pile. The game ends when every pile is empty; each player wants the sum of the cards they took to be as large as possible. The problem asks for both sums under optimal play.",
    known: "Codeforces Round 228, problem 388C (Fox and Card); its samples are answered 101 10, 30 15, 18 18 and 7000 7000. Each player can keep their own half of every pile (Ciel the upper half, Jiro the lower); the middle cards of odd piles go, largest first, alternately to Ciel and Jiro. Tests check this against play over every state on random small positions.",
    build: |name, params| without_params(name, params, |_| FoxAndCard),
}];

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn codeforces_388c_samples() {
        // Codeforces 388C (Fox and Card), the four samples: piles top first,
        // answers "Ciel's sum, Jiro's sum".
        let cases: [(&str, (u64, u64)); 4] = [
            ("100 | 1 10", (101, 10)),
            ("2 8 6 5 9 4 7 1 3", (30, 15)),
            ("1 3 2 | 5 4 6 | 8 7", (18, 18)),
            (
                "1000 1000 1000 | 1000 1000 1000 1000 1000 1000 | 1000 1000 1000 1000 1000",
                (7000, 7000),
            ),
        ];
        for (text, want) in cases {
            let piles = parse_fox_piles(text).unwrap();
            assert_eq!(fox_and_card_scores(&piles, FoxPlayer::Ciel), want, "{text}");
            if piles.iter().map(Vec::len).sum::<usize>() <= 10 {
                assert_eq!(fox_and_card_brute_force(&piles, FoxPlayer::Ciel), want, "{text}");
            }
        }
    }

    #[test]
    fn notation() {
        let piles = parse_fox_piles("1, 2 |3/ ").unwrap();
        assert_eq!(piles, vec![vec![1, 2], vec![3], vec![]]);
        assert_eq!(format_fox_piles(&piles), "1 2 | 3");
        assert_eq!(format_fox_piles(&[vec![]]), "-");
        assert!(parse_fox_piles(" - ").unwrap().is_empty());
        assert_eq!(parse_fox_piles("1 x").unwrap_err().column, 3);
        assert!(parse_fox_piles("1 -2").is_err());
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        #[test]
        fn closed_form_matches_play(
            piles in proptest::collection::vec(proptest::collection::vec(0u32..20, 0..5), 1..4),
            jiro_first in any::<bool>(),
        ) {
            let first = if jiro_first { FoxPlayer::Jiro } else { FoxPlayer::Ciel };
            prop_assert_eq!(fox_and_card_scores(&piles, first), fox_and_card_brute_force(&piles, first));
            // The best moves are those whose brute-force outcome keeps the optimum.
            let own = |(c, j): (u64, u64), p: FoxPlayer| if p == FoxPlayer::Ciel { c } else { j };
            let optimum = own(fox_and_card_brute_force(&piles, first), first);
            let by_play: Vec<usize> = (0..piles.len())
                .filter(|&i| {
                    let mut after = piles.clone();
                    let card = match first {
                        FoxPlayer::Ciel if !after[i].is_empty() => after[i].remove(0),
                        FoxPlayer::Jiro if !after[i].is_empty() => after[i].pop().unwrap(),
                        _ => return false,
                    };
                    u64::from(card) + own(fox_and_card_brute_force(&after, first.other()), first) == optimum
                })
                .collect();
            prop_assert_eq!(fox_and_card_best_moves(&piles, first), by_play);
        }
    }
}
