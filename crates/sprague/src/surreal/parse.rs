//! The text notations of ordinals and surreal numbers: one lexer, and
//! recursive descent whose depth is bounded by [`MAX_DEPTH`] (not by the
//! length of the input), so hostile input cannot exhaust the stack.

use super::arithmetic::ArithmeticError;
use super::ordinal::{MAX_DEPTH, Ordinal};
use super::rational::Rational;
use super::surreal::Surreal;
use crate::parse_error::ParseError;

/// A token of the notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Tok {
    /// A decimal integer.
    Num(u128),
    /// `omega`, `w` or `ω`.
    Omega,
    /// One of `+ - * / ^ ( )`.
    Sym(char),
    /// The end of the text.
    End,
}

/// A token with its 1-based column and its text.
#[derive(Clone, Debug)]
pub(crate) struct Token {
    pub(crate) tok: Tok,
    pub(crate) column: usize,
    pub(crate) text: String,
}

/// Splits `text` into tokens (the last one is [`Tok::End`]). O(n).
pub(crate) fn lex(text: &str) -> Result<Vec<Token>, ParseError> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let column = i + 1;
        if c.is_whitespace() {
            i += 1;
        } else if c.is_ascii_digit() {
            let start = i;
            while i < chars.len() && chars[i].is_ascii_digit() {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            let n: u128 = word
                .parse()
                .map_err(|_| ParseError::new("number too large", column, word.clone()))?;
            out.push(Token {
                tok: Tok::Num(n),
                column,
                text: word,
            });
        } else if c.is_alphabetic() {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            if !matches!(word.as_str(), "omega" | "w" | "ω") {
                return Err(ParseError::new(
                    "unknown name (expected `omega`, `w` or `ω`)",
                    column,
                    word,
                ));
            }
            out.push(Token {
                tok: Tok::Omega,
                column,
                text: word,
            });
        } else if "+-*/^()".contains(c) {
            i += 1;
            out.push(Token {
                tok: Tok::Sym(c),
                column,
                text: c.to_string(),
            });
        } else {
            return Err(ParseError::new("unexpected character", column, c.to_string()));
        }
    }
    out.push(Token {
        tok: Tok::End,
        column: chars.len() + 1,
        text: String::new(),
    });
    Ok(out)
}

/// A cursor over tokens with the current nesting depth.
pub(crate) struct Parser {
    toks: Vec<Token>,
    pos: usize,
    depth: usize,
}

impl Parser {
    pub(crate) fn new(text: &str) -> Result<Parser, ParseError> {
        Ok(Parser {
            toks: lex(text)?,
            pos: 0,
            depth: 0,
        })
    }

    pub(crate) fn peek(&self) -> &Token {
        // `lex` always ends with `End`, and `bump` never passes it.
        &self.toks[self.pos.min(self.toks.len() - 1)]
    }

    pub(crate) fn bump(&mut self) -> Token {
        let t = self.peek().clone();
        if t.tok != Tok::End {
            self.pos += 1;
        }
        t
    }

    pub(crate) fn at(&self, c: char) -> bool {
        self.peek().tok == Tok::Sym(c)
    }

    pub(crate) fn error(&self, message: &str) -> ParseError {
        let t = self.peek();
        ParseError::new(message, t.column, t.text.clone())
    }

    /// Enters one level of nesting at `token`, failing past [`MAX_DEPTH`].
    pub(crate) fn enter(&mut self, token: &Token) -> Result<(), ParseError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(ParseError::new(
                format!("nested more than {MAX_DEPTH} deep"),
                token.column,
                token.text.clone(),
            ));
        }
        Ok(())
    }

    pub(crate) fn leave(&mut self) {
        self.depth -= 1;
    }

    pub(crate) fn expect_end(&self) -> Result<(), ParseError> {
        match self.peek().tok {
            Tok::End => Ok(()),
            Tok::Sym(')') => Err(self.error("unbalanced `)`")),
            _ => Err(self.error("expected an operator or the end")),
        }
    }

    /// ordinal sum := product (`+` product)*
    pub(crate) fn ordinal_sum(&mut self) -> Result<Ordinal, ParseError> {
        let mut x = self.ordinal_product()?;
        while self.at('+') {
            let op = self.bump();
            let y = self.ordinal_product()?;
            x.cantor_add_assign(&y).map_err(|e| arith(e, &op))?;
        }
        if self.at('-') || self.at('/') {
            return Err(self.error("ordinals have no subtraction or division"));
        }
        Ok(x)
    }

    /// ordinal product := power (`*` power)*
    fn ordinal_product(&mut self) -> Result<Ordinal, ParseError> {
        let mut x = self.ordinal_power()?;
        while self.at('*') {
            let op = self.bump();
            let y = self.ordinal_power()?;
            x = x.cantor_mul(&y).map_err(|e| arith(e, &op))?;
        }
        Ok(x)
    }

    /// ordinal power := atom (`^` power)?, right associative.
    pub(crate) fn ordinal_power(&mut self) -> Result<Ordinal, ParseError> {
        let base = self.ordinal_atom()?;
        if !self.at('^') {
            return Ok(base);
        }
        let op = self.bump();
        self.enter(&op)?;
        let exp = self.ordinal_power()?;
        self.leave();
        base.pow(&exp).map_err(|e| arith(e, &op))
    }

    fn ordinal_atom(&mut self) -> Result<Ordinal, ParseError> {
        let t = self.bump();
        match t.tok {
            Tok::Num(n) => u64::try_from(n).map(Ordinal::from_u64).map_err(|_| {
                ParseError::new("ordinal coefficient too large (above 2^64 - 1)", t.column, t.text)
            }),
            Tok::Omega => Ok(Ordinal::omega()),
            Tok::Sym('(') => {
                self.enter(&t)?;
                let x = self.ordinal_sum()?;
                if !self.at(')') {
                    return Err(self.error("expected `)`"));
                }
                self.bump();
                self.leave();
                Ok(x)
            }
            Tok::Sym('-') => Err(ParseError::new("ordinals are not negative", t.column, t.text)),
            _ => Err(ParseError::new(
                "expected a number, `omega` or `(`",
                t.column,
                t.text,
            )),
        }
    }
}

/// An arithmetic error found while evaluating at the operator `op`.
pub(crate) fn arith(e: ArithmeticError, op: &Token) -> ParseError {
    ParseError::new(e.to_string(), op.column, op.text.clone())
}

/// Parses an ordinal (see [`Ordinal::parse`]).
pub(crate) fn parse_ordinal(text: &str) -> Result<Ordinal, ParseError> {
    let mut p = Parser::new(text)?;
    if p.peek().tok == Tok::End {
        return Err(p.error("expected an ordinal"));
    }
    let x = p.ordinal_sum()?;
    p.expect_end()?;
    Ok(x)
}

impl Parser {
    /// surreal sum := product ((`+` | `-`) product)*
    pub(crate) fn surreal_sum(&mut self) -> Result<Surreal, ParseError> {
        let mut x = self.surreal_product()?;
        while self.at('+') || self.at('-') {
            let op = self.bump();
            let y = self.surreal_product()?;
            x = if op.tok == Tok::Sym('+') {
                x.checked_add(&y)
            } else {
                x.checked_sub(&y)
            }
            .map_err(|e| arith(e, &op))?;
        }
        Ok(x)
    }

    /// surreal product := unary ((`*` | `/`) unary)*
    fn surreal_product(&mut self) -> Result<Surreal, ParseError> {
        let mut x = self.surreal_unary()?;
        while self.at('*') || self.at('/') {
            let op = self.bump();
            let y = self.surreal_unary()?;
            x = if op.tok == Tok::Sym('*') {
                x.checked_mul(&y)
            } else {
                x.checked_div(&y)
            }
            .map_err(|e| arith(e, &op))?;
        }
        Ok(x)
    }

    /// unary := `-` unary | power
    fn surreal_unary(&mut self) -> Result<Surreal, ParseError> {
        if !self.at('-') {
            return self.surreal_power();
        }
        let op = self.bump();
        self.enter(&op)?;
        let x = self.surreal_unary()?;
        self.leave();
        Ok(x.neg())
    }

    /// power := atom (`^` exponent)?: an ordinal exponent on `omega`, an
    /// integer exponent (optionally negative) on anything else.
    fn surreal_power(&mut self) -> Result<Surreal, ParseError> {
        let base = self.surreal_atom()?;
        if !self.at('^') {
            return Ok(base);
        }
        let op = self.bump();
        self.enter(&op)?;
        let is_omega = base.denominator().len() == 1
            && matches!(base.numerator(), [(e, r)] if e.to_u64() == Some(1) && *r == Rational::ONE);
        let result = if is_omega {
            let exp = self.ordinal_power()?;
            Surreal::monomial(exp, Rational::ONE)
        } else {
            let negative = self.at('-');
            if negative {
                self.bump();
            }
            let at = self.peek().clone();
            let exp = self.ordinal_power()?;
            let k = exp.to_u64().and_then(|k| i64::try_from(k).ok()).ok_or_else(|| {
                ParseError::new(
                    "only `omega` takes an infinite exponent; other bases take integer exponents",
                    at.column,
                    at.text.clone(),
                )
            })?;
            base.checked_pow(if negative { -k } else { k })
                .map_err(|e| arith(e, &op))?
        };
        self.leave();
        Ok(result)
    }

    fn surreal_atom(&mut self) -> Result<Surreal, ParseError> {
        let t = self.bump();
        match t.tok {
            Tok::Num(n) => i128::try_from(n)
                .map_err(|_| ArithmeticError::Overflow)
                .and_then(Rational::integer)
                .map(Surreal::from_rational)
                .map_err(|_| ParseError::new("number too large (above 2^127 - 1)", t.column, t.text)),
            Tok::Omega => Ok(Surreal::omega()),
            Tok::Sym('(') => {
                self.enter(&t)?;
                let x = self.surreal_sum()?;
                if !self.at(')') {
                    return Err(self.error("expected `)`"));
                }
                self.bump();
                self.leave();
                Ok(x)
            }
            _ => Err(ParseError::new(
                "expected a number, `omega` or `(`",
                t.column,
                t.text,
            )),
        }
    }
}

/// Parses a surreal number (see [`Surreal::parse`]).
pub(crate) fn parse_surreal(text: &str) -> Result<Surreal, ParseError> {
    let mut p = Parser::new(text)?;
    if p.peek().tok == Tok::End {
        return Err(p.error("expected a number"));
    }
    let x = p.surreal_sum()?;
    p.expect_end()?;
    Ok(x)
}

impl Ordinal {
    /// Parses the ordinal notation: decimal integers, `omega` (also `w` or
    /// `ω`), `+` (Cantor sum), `*` (Cantor product), `^` (power, right
    /// associative) and parentheses, nested at most [`MAX_DEPTH`] deep.
    ///
    /// # Errors
    /// A [`ParseError`] with the column of the problem, also for arithmetic
    /// that overflows.
    pub fn parse(text: &str) -> Result<Ordinal, ParseError> {
        parse_ordinal(text)
    }
}

impl core::str::FromStr for Ordinal {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Ordinal, ParseError> {
        Ordinal::parse(s)
    }
}

impl Surreal {
    /// Parses the `calc` notation of surreal numbers: decimal integers,
    /// `omega` (also `w`, `ω`), `+ - * /`, unary `-`, parentheses and `^`.
    /// `omega^α` takes an ordinal exponent written in the ordinal notation
    /// (so `omega^(2*omega)` is `ω^ω`, as `2·ω = ω` for ordinals); any other
    /// base takes an integer exponent (`(omega+1)^2`, `2^-1`). Nesting is
    /// bounded by [`MAX_DEPTH`](super::MAX_DEPTH).
    ///
    /// # Errors
    /// A [`ParseError`] with the column of the problem (for arithmetic
    /// errors, of the operator).
    pub fn parse(text: &str) -> Result<Surreal, ParseError> {
        parse_surreal(text)
    }
}

impl core::str::FromStr for Surreal {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Surreal, ParseError> {
        Surreal::parse(s)
    }
}
