//! Which expressions are numbers beyond the dyadics, and what is said about
//! one: the decision and the report that `calc` on the command line, the
//! REPL, the Python package and the browser playground share.
//!
//! ```
//! use sprague::Outcome;
//! use sprague::surreal::{Claim, SurrealReport, claim};
//!
//! assert_eq!(claim("omega+1"), Claim::Surreal);
//! assert_eq!(claim("1/3 + 1/6"), Claim::Rational);
//! assert_eq!(claim("{1|*} + ^"), Claim::Game);
//!
//! let r = SurrealReport::parse("omega+1").unwrap();
//! assert_eq!(r.value, "omega+1");
//! assert_eq!(r.outcome, Outcome::L);
//! assert_eq!(r.ordinal.unwrap().to_string(), "omega+1");
//! assert!(r.dyadic.is_none());
//! ```

use super::ordinal::Ordinal;
use super::surreal::Surreal;
use crate::{outcome::Outcome, parse_error::ParseError, partizan::Dyadic};

/// How an expression is read, before any parser runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Claim {
    /// It names ω (`omega`, `w` or `ω` as a whole word) and has none of the
    /// braces, bars and definitions of game expressions: a surreal number,
    /// whose errors are the surreal parser's.
    Surreal,
    /// Arithmetic on integers with a division (`1/3 + 1/6`): a rational
    /// number when the game parser rejects it (`1/2` stays a short game).
    Rational,
    /// Neither: a game expression.
    Game,
}

/// Whether `word` names ω.
fn is_omega(word: &str) -> bool {
    matches!(word, "omega" | "w" | "ω")
}

/// Whether `expr` names ω as a whole word and has no game punctuation.
fn names_omega(expr: &str) -> bool {
    if expr.contains(['{', '}', '|', '=', ';', '[', ']']) {
        return false;
    }
    let mut word = String::new();
    for c in expr.chars().chain([' ']) {
        if c.is_alphanumeric() || c == '_' {
            word.push(c);
        } else {
            if is_omega(&word) {
                return true;
            }
            word.clear();
        }
    }
    false
}

/// Whether `expr` is integer arithmetic with a division.
fn is_rational_arithmetic(expr: &str) -> bool {
    expr.contains('/')
        && expr
            .chars()
            .all(|c| c.is_ascii_digit() || c.is_whitespace() || "+-*/^()".contains(c))
}

/// How `expr` is read: a surreal number, a rational if it is not a game, or
/// a game. O(length of `expr`).
#[must_use]
pub fn claim(expr: &str) -> Claim {
    if names_omega(expr) {
        Claim::Surreal
    } else if is_rational_arithmetic(expr) {
        Claim::Rational
    } else {
        Claim::Game
    }
}

/// What is said about a number beyond the dyadics: its value, its sign as an
/// outcome, and whether it is an ordinal or a short game.
#[derive(Clone, Debug)]
pub struct SurrealReport {
    /// The number.
    pub number: Surreal,
    /// The number as printed (`(omega^omega)/(omega+1)`).
    pub value: String,
    /// −1, 0 or 1.
    pub sign: i32,
    /// The outcome the sign gives: `L` for a positive number (Left wins
    /// whoever starts), `R` for a negative one, `P` for 0.
    pub outcome: Outcome,
    /// The ordinal it is, if it is one (printed in Cantor normal form).
    pub ordinal: Option<Ordinal>,
    /// The dyadic rational it is, if it is one: then it is also a short game
    /// with this canonical form.
    pub dyadic: Option<Dyadic>,
}

impl SurrealReport {
    /// The report on `number`. O(size of the number).
    #[must_use]
    pub fn of(number: Surreal) -> SurrealReport {
        let sign = number.signum();
        let outcome = match sign {
            1 => Outcome::L,
            -1 => Outcome::R,
            _ => Outcome::P,
        };
        SurrealReport {
            value: number.to_string(),
            sign,
            outcome,
            ordinal: number.to_ordinal(),
            dyadic: number.to_dyadic(),
            number,
        }
    }

    /// The report on the number written as `expr` (see [`Surreal::parse`]).
    ///
    /// # Errors
    /// The surreal parser's [`ParseError`], with its column in `expr`.
    pub fn parse(expr: &str) -> Result<SurrealReport, ParseError> {
        Surreal::parse(expr).map(SurrealReport::of)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn claims_follow_the_words_and_the_punctuation() {
        for e in [
            "omega",
            "w+1",
            "ω^2",
            "1/omega",
            "(omega^omega)/(omega+1)",
            "omega + x",
        ] {
            assert_eq!(claim(e), Claim::Surreal, "{e}");
        }
        for e in ["1/3", "1/3 + 1/6", "(1/3)^2", "1/2"] {
            assert_eq!(claim(e), Claim::Rational, "{e}");
        }
        // Braces, bars and definitions are games; `w` inside a longer word
        // or `v` words are not ω.
        for e in ["{omega|}", "a := omega", "wx + 1", "3", "^ + *", "vv"] {
            assert_eq!(claim(e), Claim::Game, "{e}");
        }
    }

    #[test]
    fn reports_of_published_values() {
        // (ω+1)(ω−1) = ω² − 1 (Conway, On Numbers and Games, ch. 3 and 6):
        // not an ordinal (a negative coefficient), not a short game, positive.
        let r = SurrealReport::parse("(omega+1)*(omega-1)").unwrap();
        assert_eq!(r.value, "omega^2-1");
        assert_eq!((r.sign, r.outcome), (1, Outcome::L));
        assert!(r.ordinal.is_none() && r.dyadic.is_none());
        // 1/ω: positive, yet below every positive rational (ONAG ch. 3).
        let r = SurrealReport::parse("1/omega").unwrap();
        assert_eq!(r.outcome, Outcome::L);
        let tiny = Surreal::parse("1/1000000007").unwrap();
        assert!(r.number.compare(&tiny).unwrap().is_lt());
        // 1/3 + 1/6 = 1/2: a dyadic, so a short game.
        let r = SurrealReport::parse("1/3 + 1/6").unwrap();
        assert_eq!(r.dyadic.map(|d| d.to_string()).as_deref(), Some("1/2"));
        let r = SurrealReport::parse("omega-omega").unwrap();
        assert_eq!((r.sign, r.outcome), (0, Outcome::P));
        assert_eq!(r.ordinal.map(|o| o.to_string()).as_deref(), Some("0"));
        let r = SurrealReport::parse("-omega").unwrap();
        assert_eq!(r.outcome, Outcome::R);
        let e = SurrealReport::parse("omega + x").unwrap_err();
        assert_eq!(e.column, 9);
    }
}
