//! The lamp and switches game: a lamp wired to switches through a circuit of
//! series (AND) and parallel (OR) connections, written as a Boolean formula.
//! Light and Dark take turns; Light switches an undecided switch on for good,
//! Dark switches one off for good. Light wins if the lamp ends up lit, Dark if
//! it ends up dark; the game ends as soon as the remaining switches can no
//! longer change the lamp.
//!
//! A formula may use a switch several times. Positions are numbered as a
//! [`StateSpace`] (three states per switch and the mover) and solved by the
//! retrograde solver, which gives the winner and the number of moves until
//! the lamp's fate is sealed.

use super::space::StateSpace;
use super::space_notation::SpaceNotation;
use super::wld::Wld;
use crate::parse_error::ParseError;

/// Most distinct switches in a formula (the state space has 2·3^k states).
pub const LAMP_MAX_SWITCHES: usize = 14;

/// A circuit: switches in series (AND) and in parallel (OR).
#[derive(Clone, Debug, PartialEq, Eq)]
enum Circuit {
    /// A wire that always conducts (`1`) or never does (`0`).
    Constant(bool),
    /// The switch with this index.
    Switch(usize),
    /// Conducts when every part does.
    Series(Vec<Circuit>),
    /// Conducts when some part does.
    Parallel(Vec<Circuit>),
}

impl Circuit {
    /// The lamp under a partial setting: `Some(lit)` when decided whatever the
    /// undecided switches do, `None` otherwise. `setting(i)` is `None` for an
    /// undecided switch.
    fn eval(&self, setting: &impl Fn(usize) -> Option<bool>) -> Option<bool> {
        match self {
            Circuit::Constant(b) => Some(*b),
            Circuit::Switch(i) => setting(*i),
            Circuit::Series(parts) => {
                let mut all = Some(true);
                for p in parts {
                    match p.eval(setting) {
                        Some(false) => return Some(false),
                        None => all = None,
                        Some(true) => {}
                    }
                }
                all
            }
            Circuit::Parallel(parts) => {
                let mut any = Some(false);
                for p in parts {
                    match p.eval(setting) {
                        Some(true) => return Some(true),
                        None => any = None,
                        Some(false) => {}
                    }
                }
                any
            }
        }
    }
}

/// A lamp circuit and its switches: the state space of the game.
///
/// ```
/// use sprague::{StateSpaceSolver, Wld, loopy::LampGame};
/// // (a+b)(c+d)(e+f): Light answers each of Dark's moves in the same pair.
/// let (game, start) = LampGame::parse("(a+b)(c+d)(e+f); dark").unwrap();
/// let table = StateSpaceSolver::new(&game).solve().unwrap();
/// assert_eq!(table.get(start).unwrap().wld, Wld::Lose);
/// ```
#[derive(Clone, Debug)]
pub struct LampGame {
    circuit: Circuit,
    /// The switch names, by index.
    names: Vec<char>,
    /// The formula as given (before `;`), trimmed.
    formula: String,
}

/// Player 0 (Light) or 1 (Dark) in the state numbering.
const LIGHT: u64 = 0;
const DARK: u64 = 1;

/// A formula parser: `+` or `|` for parallel, `&`, `*` or juxtaposition for
/// series, parentheses, switch letters, `0` and `1`.
struct Parser<'a> {
    chars: Vec<char>,
    at: usize,
    names: &'a mut Vec<char>,
}

impl Parser<'_> {
    fn skip_spaces(&mut self) {
        while self.chars.get(self.at).is_some_and(|c| c.is_whitespace()) {
            self.at += 1;
        }
    }

    /// `what` is wrong at the current character (the token: that character,
    /// none at the end of the formula).
    fn error(&self, what: impl Into<String>) -> ParseError {
        let token = self.chars.get(self.at).map(char::to_string).unwrap_or_default();
        ParseError::new(what, self.at + 1, token)
    }

    fn parallel(&mut self) -> Result<Circuit, ParseError> {
        let mut parts = vec![self.series()?];
        loop {
            self.skip_spaces();
            match self.chars.get(self.at) {
                Some('+' | '|') => {
                    self.at += 1;
                    parts.push(self.series()?);
                }
                _ => break,
            }
        }
        Ok(if parts.len() == 1 {
            parts.remove(0)
        } else {
            Circuit::Parallel(parts)
        })
    }

    fn series(&mut self) -> Result<Circuit, ParseError> {
        let mut parts = vec![self.atom()?];
        loop {
            self.skip_spaces();
            match self.chars.get(self.at) {
                Some('&' | '*') => {
                    self.at += 1;
                    parts.push(self.atom()?);
                }
                Some(c) if c.is_ascii_alphabetic() || matches!(c, '(' | '0' | '1') => {
                    parts.push(self.atom()?)
                }
                _ => break,
            }
        }
        Ok(if parts.len() == 1 {
            parts.remove(0)
        } else {
            Circuit::Series(parts)
        })
    }

    fn atom(&mut self) -> Result<Circuit, ParseError> {
        self.skip_spaces();
        let Some(&c) = self.chars.get(self.at) else {
            return Err(self.error("the formula ends where a switch, `0`, `1` or `(` is expected"));
        };
        self.at += 1;
        match c {
            '0' | '1' => Ok(Circuit::Constant(c == '1')),
            '(' => {
                let inner = self.parallel()?;
                self.skip_spaces();
                if self.chars.get(self.at) != Some(&')') {
                    return Err(self.error("expected `)`"));
                }
                self.at += 1;
                Ok(inner)
            }
            c if c.is_ascii_lowercase() => {
                let i = match self.names.iter().position(|&n| n == c) {
                    Some(i) => i,
                    None => {
                        self.names.push(c);
                        self.names.len() - 1
                    }
                };
                Ok(Circuit::Switch(i))
            }
            _ => {
                self.at -= 1;
                Err(self.error(
                    "not part of a formula (switches are letters a to z; `+` parallel, `&` or nothing series, `0`, `1`, parentheses)",
                ))
            }
        }
    }
}

impl LampGame {
    /// Parses `FORMULA[; SETTINGS]`: the circuit (switches `a`–`z`, `+` or
    /// `|` for parallel, `&`, `*` or juxtaposition for series, parentheses,
    /// `0` and `1`), then optionally switches already set (`a=1`, `b=0`) and
    /// who moves (`light`, the default, or `dark`). Returns the game and the
    /// state of the position.
    ///
    /// # Errors
    /// A [`ParseError`] naming what is wrong and the column.
    pub fn parse(text: &str) -> Result<(LampGame, u64), ParseError> {
        let formula = text.split(';').next().unwrap_or("");
        let mut names = Vec::new();
        let mut parser = Parser {
            chars: formula.chars().collect(),
            at: 0,
            names: &mut names,
        };
        let circuit = parser.parallel()?;
        parser.skip_spaces();
        if parser.at < parser.chars.len() {
            let what = match parser.chars[parser.at] {
                ')' => "a `)` without `(`",
                _ => {
                    "not part of a formula (switches are letters a to z; `+` parallel, `&` or nothing series, `0`, `1`, parentheses; settings after `;`)"
                }
            };
            return Err(parser.error(what));
        }
        if names.len() > LAMP_MAX_SWITCHES {
            return Err(ParseError::at(
                format!(
                    "{} switches; the game is solved over 2·3^k states and takes at most {LAMP_MAX_SWITCHES}",
                    names.len()
                ),
                text,
                formula.trim(),
            ));
        }
        let game = LampGame {
            circuit,
            names,
            formula: formula.trim().to_string(),
        };
        let state = game.read_state(text)?;
        Ok((game, state))
    }

    /// The state of the position `text`: the settings and the mover after
    /// `;` (the formula before it is not read).
    fn read_state(&self, text: &str) -> Result<u64, ParseError> {
        let (mut board, mut mover) = (0u64, LIGHT);
        let Some(semi) = text.find(';') else {
            return Ok(0);
        };
        let mut col = text[..semi].chars().count() + 2;
        let mut seen = Vec::new();
        for w in text[semi + 1..].split(' ') {
            let lower = w.to_ascii_lowercase();
            let bad = |what: &str| ParseError::new(what, col, w);
            match lower.as_str() {
                "" => {}
                "light" | "l" => mover = LIGHT,
                "dark" | "d" => mover = DARK,
                _ => {
                    let Some((name, value)) = lower.split_once('=') else {
                        return Err(bad(
                            "expected a setting `a=1` or `a=0`, or who moves (`light` or `dark`)",
                        ));
                    };
                    let mut cs = name.chars();
                    let (Some(c), None) = (cs.next(), cs.next()) else {
                        return Err(bad("a switch is one letter"));
                    };
                    let Some(i) = self.names.iter().position(|&n| n == c) else {
                        return Err(bad("this switch is not in the formula"));
                    };
                    let digit = match value {
                        "1" | "on" => 1,
                        "0" | "off" => 2,
                        _ => return Err(bad("a switch is set to 1 (on) or 0 (off)")),
                    };
                    if seen.contains(&i) {
                        return Err(bad("this switch is set twice"));
                    }
                    seen.push(i);
                    board += digit * 3u64.pow(i as u32);
                }
            }
            col += w.chars().count() + 1;
        }
        Ok(board * 2 + mover)
    }

    /// The setting of switch `i` in state `s`.
    fn setting(s: u64, i: usize) -> Option<bool> {
        match (s / 2 / 3u64.pow(i as u32)) % 3 {
            1 => Some(true),
            2 => Some(false),
            _ => None,
        }
    }

    /// Whether the lamp is decided in state `s`.
    fn lamp(&self, s: u64) -> Option<bool> {
        self.circuit.eval(&|i| Self::setting(s, i))
    }
}

impl StateSpace for LampGame {
    fn state_count(&self) -> u64 {
        2 * 3u64.pow(self.names.len() as u32)
    }

    fn terminal(&self, s: u64) -> Option<Wld> {
        let lit = self.lamp(s)?;
        let mover_wants_light = s % 2 == LIGHT;
        Some(if lit == mover_wants_light {
            Wld::Win
        } else {
            Wld::Lose
        })
    }

    fn moves(&self, s: u64, out: &mut Vec<u64>) {
        let mover = s % 2;
        let digit = if mover == LIGHT { 1 } else { 2 };
        for i in 0..self.names.len() {
            if Self::setting(s, i).is_none() {
                let board = s / 2 + digit * 3u64.pow(i as u32);
                out.push(board * 2 + (1 - mover));
            }
        }
    }
}

impl SpaceNotation for LampGame {
    fn format_state(&self, s: u64) -> String {
        let mut parts: Vec<String> = (0..self.names.len())
            .filter_map(|i| Self::setting(s, i).map(|on| format!("{}={}", self.names[i], u8::from(on))))
            .collect();
        parts.push(if s % 2 == LIGHT { "light" } else { "dark" }.to_string());
        format!("{}; {}", self.formula, parts.join(" "))
    }

    fn parse_state(&self, text: &str) -> Result<u64, String> {
        self.read_state(text)
            .map_err(|e| format!("position `{text}`: {e}"))
    }

    fn describe_state_move(&self, from: u64, to: u64) -> String {
        match (0..self.names.len()).find(|&i| Self::setting(from, i) != Self::setting(to, i)) {
            Some(i) if Self::setting(to, i) == Some(true) => format!("Light switches {} on", self.names[i]),
            Some(i) => format!("Dark switches {} off", self.names[i]),
            None => "pass".to_string(),
        }
    }

    fn mover(&self, s: u64) -> String {
        if s % 2 == LIGHT { "Light" } else { "Dark" }.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::loopy::{SolvedValue, StateSpaceSolver};
    use proptest::prelude::*;

    /// Win or loss for the mover and the remoteness by plain recursion (the
    /// winner ends as soon as possible, the loser as late as possible).
    fn brute(game: &LampGame, s: u64) -> SolvedValue {
        if let Some(w) = game.terminal(s) {
            return SolvedValue {
                wld: w,
                remoteness: Some(0),
            };
        }
        let mut next = Vec::new();
        game.moves(s, &mut next);
        let values: Vec<SolvedValue> = next.iter().map(|&t| brute(game, t)).collect();
        let wins = values
            .iter()
            .filter(|v| v.wld == Wld::Lose)
            .filter_map(|v| v.remoteness)
            .min();
        match wins {
            Some(r) => SolvedValue {
                wld: Wld::Win,
                remoteness: Some(r + 1),
            },
            None => SolvedValue {
                wld: Wld::Lose,
                remoteness: values.iter().filter_map(|v| v.remoteness).max().map(|r| r + 1),
            },
        }
    }

    #[test]
    fn pairs_are_won_by_light_whoever_starts() {
        // sigfpe, "A Game of Logic" (blog.sigfpe.com, November 2005):
        // (A+B)(C+D)(E+F) is a win for True (Light) whoever plays next.
        for mover in ["light", "dark"] {
            let (game, s) = LampGame::parse(&format!("(a+b)(c+d)(e+f); {mover}")).unwrap();
            let t = StateSpaceSolver::new(&game).solve().unwrap();
            let lit = (t.get(s).unwrap().wld == Wld::Win) == (mover == "light");
            assert!(lit, "{mover}");
        }
        // One switch in series with a switch already off: dark at once.
        let (game, s) = LampGame::parse("ab; b=0 light").unwrap();
        assert_eq!(game.terminal(s), Some(Wld::Lose));
        assert_eq!(game.format_state(s), "ab; b=0 light");
    }

    #[test]
    fn bad_formulas() {
        for bad in [
            "",
            "a+",
            "(a",
            "a)",
            "a # b",
            "ab; c=1",
            "ab; a=2",
            "ab; a=1 a=0",
            "ab; who",
        ] {
            assert!(LampGame::parse(bad).is_err(), "{bad}");
        }
        let e = LampGame::parse("a ? b").unwrap_err();
        assert_eq!((e.column, e.token.as_str()), (3, "?"), "{e}");
        let e = LampGame::parse("ab; a=1 a=0").unwrap_err();
        assert_eq!((e.column, e.token.as_str()), (9, "a=0"), "{e}");
        assert!(LampGame::parse("abcdefghijklmno").is_err());
    }

    fn formula() -> impl Strategy<Value = String> {
        let leaf = prop_oneof![
            8 => (0u8..5).prop_map(|c| char::from(b'a' + c).to_string()),
            1 => Just("1".to_string()),
            1 => Just("0".to_string()),
        ];
        leaf.prop_recursive(3, 12, 3, |inner| {
            (proptest::collection::vec(inner, 2..4), any::<bool>())
                .prop_map(|(parts, or)| format!("({})", parts.join(if or { "+" } else { "&" })))
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(150))]
        #[test]
        fn retrograde_matches_recursion(f in formula(), dark in any::<bool>()) {
            let text = format!("{f}; {}", if dark { "dark" } else { "light" });
            let (game, start) = LampGame::parse(&text).unwrap();
            let t = StateSpaceSolver::new(&game).solve().unwrap();
            prop_assert_eq!(t.get(start), Some(brute(&game, start)));
        }
    }
}
