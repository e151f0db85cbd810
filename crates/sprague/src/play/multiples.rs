//! A perfect player for the multiples-flipping coin game: the value table of
//! its coins, one heads coin a component.

use super::ImpartialEngine;
use crate::registry::Options;
use crate::{
    games::MultiplesFlip,
    impartial::ImpartialRules,
    nimber::Nimber,
    notation::{Notation, ParseError},
};

/// Most coins of a multiples game in play (every move is listed each turn).
pub const MULTIPLES_PLAY_LIMIT: u64 = 1_000;
/// Most coins of a multiples game in misère play (searched).
pub const MULTIPLES_MISERE_PLAY_LIMIT: u64 = crate::games::MULTIPLES_MISERE_LIMIT;

/// The multiples game with moves described as the coins they turn, a board
/// of `H` and `.` and short move forms, for play.
#[derive(Clone, Debug)]
pub struct MultiplesPlay(pub MultiplesFlip);

impl ImpartialRules for MultiplesPlay {
    type Position = Vec<u64>;

    fn moves(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        self.0.moves(p, out);
    }

    fn decompose(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) -> bool {
        self.0.decompose(p, out)
    }

    fn compose(&self, parts: &[Vec<u64>]) -> Option<Vec<u64>> {
        self.0.compose(parts)
    }

    fn closed_form(&self, p: &Vec<u64>) -> Option<Nimber> {
        self.0.closed_form(p)
    }
}

impl Notation<Vec<u64>> for MultiplesPlay {
    fn parse_position(&self, text: &str) -> Result<Vec<u64>, ParseError> {
        self.0.parse_position(text)
    }

    fn format_position(&self, p: &Vec<u64>) -> String {
        self.0.format_position(p)
    }

    fn describe_move(&self, from: &Vec<u64>, to: &Vec<u64>) -> String {
        // The coins turned: the symmetric difference; x is the smallest, kx the largest.
        let turned: Vec<u64> = from
            .iter()
            .filter(|c| to.binary_search(c).is_err())
            .chain(to.iter().filter(|c| from.binary_search(c).is_err()))
            .copied()
            .collect();
        let (Some(&x), Some(&top)) = (turned.iter().min(), turned.iter().max()) else {
            return "no change".to_string();
        };
        match top / x {
            1 => format!("turn coin {x}"),
            2 => format!("turn coins {x}, {top} (x = {x}, k = 2)"),
            k => format!("turn coins {x}, {}, …, {top} (x = {x}, k = {k})", 2 * x),
        }
    }
}

impl MultiplesPlay {
    /// Reads `X` (turn coin X alone) or `X K` (coins X, 2X, …, KX).
    fn read(&self, from: &[u64], line: &str) -> Option<Result<Vec<u64>, String>> {
        let t = line.trim();
        let t = t.strip_prefix("turn").map_or(t, str::trim);
        let words: Vec<&str> = t.split([' ', ',']).filter(|w| !w.is_empty()).collect();
        let (x, k) = match words[..] {
            [x] => (x.parse::<u64>().ok()?, 1),
            [x, k] => (
                x.parse::<u64>().ok()?,
                k.strip_prefix("k=").unwrap_or(k).parse::<u64>().ok()?,
            ),
            _ => return None,
        };
        let n = self.0.len();
        if from.binary_search(&x).is_err() {
            return Some(Err(format!(
                "coin {x} shows tails: a move starts at a heads coin"
            )));
        }
        if k == 0 || k.checked_mul(x).is_none_or(|kx| kx > n) {
            return Some(Err(format!("k must be 1 to {} for coin {x} (kx ≤ {n})", n / x)));
        }
        let mut set: std::collections::BTreeSet<u64> = from.iter().copied().collect();
        for j in 1..=k {
            if !set.remove(&(j * x)) {
                set.insert(j * x);
            }
        }
        Some(Ok(set.into_iter().collect()))
    }

    /// The coins as a strip, `H` heads and `.` tails, for up to 60 coins.
    fn draw(&self, p: &[u64]) -> Option<String> {
        let n = self.0.len();
        if n > 60 {
            return None;
        }
        let w = n.to_string().len() + 1;
        let cells: String = (1..=n)
            .map(|c| crate::columns::pad_right(if p.binary_search(&c).is_ok() { "H" } else { "." }, w))
            .collect();
        let nums: String = (1..=n)
            .map(|c| crate::columns::pad_right(&c.to_string(), w))
            .collect();
        Some(format!(
            "{}\n{}\n(H heads, . tails)\n",
            cells.trim_end(),
            nums.trim_end()
        ))
    }
}

/// A perfect player of `game`: one heads coin a component, with its board,
/// short move forms and the coin-turning explanation in hints.
#[must_use]
pub fn multiples_engine<'r>(
    game: &'r MultiplesPlay,
    options: &Options<'r>,
) -> ImpartialEngine<'r, MultiplesPlay> {
    ImpartialEngine::new("multiples".to_string(), game, false, options)
        .with_component_word("coin")
        .with_component_label(|c| match c.first() {
            Some(x) => format!("heads coin {x}"),
            None => "no coin".to_string(),
        })
        .with_why(|_| {
            vec!["a coin-turning game: each heads coin x is a game of its own, worth g(⌊N/x⌋), and the position is worth the nim-sum of its heads coins (Winning Ways, ch. 14).".to_string()]
        })
        .with_board(|p| game.draw(p))
        .with_short_moves("as the heads coin x to start from and k, `6` (coin 6 alone) or `3 2` (coins 3, 6)", |from, line| {
            game.read(from, line)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_moves_and_descriptions() {
        let game = MultiplesPlay(MultiplesFlip::new(10));
        let from = vec![3, 6];
        assert_eq!(game.read(&from, "3 2"), Some(Ok(vec![])));
        assert_eq!(game.read(&from, "6"), Some(Ok(vec![3])));
        assert!(matches!(game.read(&from, "4"), Some(Err(_))));
        assert!(matches!(game.read(&from, "3 4"), Some(Err(_))));
        assert_eq!(game.read(&from, "x"), None);
        assert_eq!(
            game.describe_move(&from, &vec![]),
            "turn coins 3, 6 (x = 3, k = 2)"
        );
        assert_eq!(game.describe_move(&from, &vec![3]), "turn coin 6");
        assert!(game.draw(&from).is_some_and(|b| b.starts_with(".  .  H")));
    }
}
