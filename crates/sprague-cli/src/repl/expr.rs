//! Game expressions with names: the calc notation, plus variables and the
//! game-valued functions (`cool`, `heat`, `mean`, …), evaluated over one
//! [`GameStore`].
//!
//! Names are resolved before the text reaches the core parser: each variable
//! or function call is evaluated and replaced by its canonical form in
//! parentheses (canonical forms print in a notation that parses back to the
//! same game). Every character of the rewritten text remembers the column of
//! the input it came from, so the core parser's errors point into the line the
//! user typed.

use super::ReplError;
use sprague::{GameId, GameStore, partizan::WatchedStore};
use std::collections::BTreeMap;

/// Functions whose value is a game, usable anywhere in an expression.
pub const GAME_FUNCTIONS: &[(&str, &str)] = &[
    ("cool", "cool(g, t)         g cooled by the number t > -1"),
    ("heat", "heat(g, t)         g heated by the game t"),
    ("mean", "mean(g)            the mean value (a number)"),
    ("temperature", "temperature(g)     the temperature (a number)"),
    ("leftstop", "leftstop(g)        Left's stop (a number)"),
    ("rightstop", "rightstop(g)       Right's stop (a number)"),
    ("reduced", "reduced(g)         the reduced canonical form"),
    (
        "atomic",
        "atomic(g)          the atomic weight of an infinitesimal",
    ),
];

/// Functions that answer with a report rather than a game: one per line.
pub const QUERY_FUNCTIONS: &[(&str, &str)] = &[
    ("stops", "stops(g)           Left's and Right's stops"),
    ("outcome", "outcome(g)         who wins (L, R, N or P)"),
    ("thermograph", "thermograph(g)     the walls of the thermograph"),
    (
        "birthday",
        "birthday(g)        the birthday of the canonical form",
    ),
    (
        "options",
        "options(g)         Left's and Right's canonical options",
    ),
    ("compare", "compare(g, h)      <, =, > or || (confused)"),
];

/// A word of the calc notation itself (`v`, `vv`, `v3`, `Tiny`, `Miny`),
/// which is never a name.
pub fn is_notation_word(w: &str) -> bool {
    let lower = w.to_ascii_lowercase();
    if lower == "tiny" || lower == "miny" {
        return true;
    }
    let rest = w.trim_start_matches('v');
    w.starts_with('v')
        && (rest.is_empty() || (w.len() - rest.len() == 1 && rest.chars().all(|c| c.is_ascii_digit())))
}

/// Whether `c` may start a name.
pub fn is_name_start(c: char) -> bool {
    c.is_alphabetic() || c == '_'
}

/// Whether `c` may continue a name.
pub fn is_name_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The index of the bracket closing the one at `open` (`(` or `{`), counting
/// both kinds; `None` when it is never closed.
pub fn matching(chars: &[char], open: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (i, &c) in chars.iter().enumerate().skip(open) {
        match c {
            '(' | '{' => depth += 1,
            ')' | '}' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

/// Splits `chars[from..to]` at commas outside brackets: `(start, end)` pairs.
pub fn split_args(chars: &[char], from: usize, to: usize) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut depth = 0i64;
    let mut start = from;
    for (i, &c) in chars.iter().enumerate().take(to).skip(from) {
        match c {
            '(' | '{' => depth += 1,
            ')' | '}' => depth -= 1,
            ',' if depth == 0 => {
                out.push((start, i));
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push((start, to));
    out
}

/// The store and the variables of one session.
pub struct Env {
    /// Every game of the session.
    pub store: GameStore,
    /// Variables by name.
    pub vars: BTreeMap<String, GameId>,
    /// Function calls being evaluated, one inside the other.
    depth: usize,
}

/// The deepest nesting of function calls accepted (evaluation recurses).
pub const MAX_CALL_DEPTH: usize = 200;

impl Default for Env {
    fn default() -> Self {
        Self::new()
    }
}

impl Env {
    /// An empty session.
    pub fn new() -> Env {
        Env {
            store: GameStore::new(),
            vars: BTreeMap::new(),
            depth: 0,
        }
    }

    /// The store watched by the process's monitor: Ctrl-C stops its long
    /// sums and comparisons (see `Session::line`).
    pub fn watched(&mut self) -> WatchedStore<'_, 'static> {
        self.store.with_monitor(crate::monitor())
    }

    /// Evaluates the game expression `chars[from..to]` of a line (columns in
    /// errors are 1-based positions in that line).
    pub fn game(&mut self, chars: &[char], from: usize, to: usize) -> Result<GameId, ReplError> {
        let mut text = String::new();
        let mut cols: Vec<usize> = Vec::new();
        // The spans of `text` (in characters) that stand for a name or a
        // call typed in the line, with what was typed: a parse error inside
        // one names the name, not the canonical form put in its place.
        let mut typed: Vec<(usize, usize, String)> = Vec::new();
        let mut i = from;
        while i < to {
            let c = chars[i];
            if c.is_ascii_digit() {
                // A number (so that `2Tiny(2)` splits as `2` and `Tiny`).
                while i < to && chars[i].is_ascii_digit() {
                    text.push(chars[i]);
                    cols.push(i + 1);
                    i += 1;
                }
                continue;
            }
            if !is_name_start(c) {
                text.push(c);
                cols.push(i + 1);
                i += 1;
                continue;
            }
            let start = i;
            while i < to && is_name_char(chars[i]) {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            if is_notation_word(&word) {
                for (k, ch) in word.chars().enumerate() {
                    text.push(ch);
                    cols.push(start + k + 1);
                }
                continue;
            }
            let g = if GAME_FUNCTIONS.iter().any(|(n, _)| *n == word) {
                let (g, end) = self.nested(start, |p| p.call(&word, chars, start, i, to))?;
                i = end;
                g
            } else if QUERY_FUNCTIONS.iter().any(|(n, _)| *n == word) {
                return Err(ReplError::at(
                    start + 1,
                    format!("`{word}(…)` gives a report, not a game: write it on a line of its own"),
                ));
            } else if let Some(&g) = self.vars.get(&word) {
                g
            } else {
                return Err(ReplError::at(
                    start + 1,
                    format!("unknown name `{word}` (`vars` lists the names, `help` the notation)"),
                ));
            };
            let shown = self.store.display(g);
            let span_start = cols.len();
            text.push('(');
            text.push_str(&shown);
            text.push(')');
            cols.extend(std::iter::repeat_n(start + 1, shown.chars().count() + 2));
            typed.push((span_start, cols.len(), chars[start..i].iter().collect()));
        }
        self.watched().parse(&text)?.map_err(|e| {
            let at = e.column.saturating_sub(1);
            let column = cols.get(at).copied().unwrap_or(to + 1);
            let token = typed
                .iter()
                .find(|(a, b, _)| (*a..*b).contains(&at))
                .map_or(e.token, |(_, _, w)| w.clone());
            let message = if token.is_empty() {
                e.message
            } else {
                format!("{} (found `{token}`)", e.message)
            };
            ReplError::at(column, message)
        })
    }

    /// The arguments of the call whose name ends at `after_name`: their spans
    /// and the index just past the closing parenthesis.
    pub fn call_args(
        chars: &[char],
        name: &str,
        name_start: usize,
        after_name: usize,
        to: usize,
    ) -> Result<(Vec<(usize, usize)>, usize), ReplError> {
        let mut open = after_name;
        while open < to && chars[open].is_whitespace() {
            open += 1;
        }
        if open >= to || chars[open] != '(' {
            return Err(ReplError::at(
                name_start + 1,
                format!("expected `(` after `{name}`, as in `{name}(a)`"),
            ));
        }
        let close = matching(&chars[..to], open)
            .ok_or_else(|| ReplError::at(open + 1, "unbalanced `(`: missing `)`".to_string()))?;
        Ok((split_args(chars, open + 1, close), close + 1))
    }

    /// Checks the number of arguments of `name`.
    pub fn arity(name: &str, name_start: usize, args: &[(usize, usize)], n: usize) -> Result<(), ReplError> {
        if args.len() == n {
            Ok(())
        } else {
            let want = if n == 1 { "one argument" } else { "two arguments" };
            Err(ReplError::at(
                name_start + 1,
                format!("`{name}` takes {want}, found {}", args.len()),
            ))
        }
    }

    /// Runs `eval` one function call deeper (the call starting at `start`),
    /// refusing calls nested more than [`MAX_CALL_DEPTH`] deep.
    fn nested<T>(
        &mut self,
        start: usize,
        eval: impl FnOnce(&mut Self) -> Result<T, ReplError>,
    ) -> Result<T, ReplError> {
        if self.depth >= MAX_CALL_DEPTH {
            return Err(ReplError::at(
                start + 1,
                format!("function calls nested more than {MAX_CALL_DEPTH} deep"),
            ));
        }
        self.depth += 1;
        let result = eval(self);
        self.depth -= 1;
        result
    }

    /// Evaluates a game-valued function call; returns the game and the index
    /// past the call.
    fn call(
        &mut self,
        name: &str,
        chars: &[char],
        start: usize,
        after_name: usize,
        to: usize,
    ) -> Result<(GameId, usize), ReplError> {
        let (args, end) = Self::call_args(chars, name, start, after_name, to)?;
        let two = matches!(name, "cool" | "heat");
        Self::arity(name, start, &args, if two { 2 } else { 1 })?;
        let g = self.game(chars, args[0].0, args[0].1)?;
        if matches!(name, "cool" | "heat") {
            self.store
                .check_expandable(g)
                .map_err(|e| ReplError::at(first_non_space(chars, args[0].0, args[0].1), e.to_string()))?;
        }
        let s = &mut self.store;
        let value = match name {
            "cool" => {
                let (a, b) = args[1];
                let t = self.game(chars, a, b)?;
                let column = first_non_space(chars, a, b);
                let s = &mut self.store;
                let Some(td) = s.as_number(t).cloned() else {
                    let shown = s.display(t);
                    return Err(ReplError::at(
                        column,
                        format!("the temperature must be a number, not `{shown}`"),
                    ));
                };
                if !sprague::partizan::cooling_defined(&td) {
                    return Err(ReplError::at(
                        column,
                        "the temperature must be above -1".to_string(),
                    ));
                }
                self.watched().cool(g, &td)?
            }
            "heat" => {
                let t = self.game(chars, args[1].0, args[1].1)?;
                self.store.check_expandable(t).map_err(|e| {
                    ReplError::at(first_non_space(chars, args[1].0, args[1].1), e.to_string())
                })?;
                self.watched().heat(g, t)?
            }
            "mean" => {
                let m = s.mean(g);
                s.dyadic(m)
            }
            "temperature" => {
                let t = s.temperature(g);
                s.dyadic(t)
            }
            "leftstop" => {
                let (x, _) = s.stops(g);
                s.dyadic(x)
            }
            "rightstop" => {
                let (_, x) = s.stops(g);
                s.dyadic(x)
            }
            "reduced" => self.watched().reduced(g)?,
            _ => match self.watched().atomic_weight(g)? {
                Some(a) => a,
                None => {
                    let shown = self.store.display(g);
                    return Err(ReplError::at(
                        start + 1,
                        format!(
                            "`{shown}` has no atomic weight (it is not atomic: not infinitesimal, or too far from every multiple of ↑ by its weight)"
                        ),
                    ));
                }
            },
        };
        Ok((value, end))
    }
}

/// The 1-based column of the first non-blank character of `chars[from..to]`.
pub fn first_non_space(chars: &[char], from: usize, to: usize) -> usize {
    (from..to).find(|&i| !chars[i].is_whitespace()).unwrap_or(from) + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(env: &mut Env, line: &str) -> Result<String, ReplError> {
        let chars: Vec<char> = line.chars().collect();
        let g = env.game(&chars, 0, chars.len())?;
        Ok(env.store.display(g))
    }

    #[test]
    fn notation_words_are_not_names() {
        for w in ["v", "vv", "vvv", "v3", "Tiny", "miny"] {
            assert!(is_notation_word(w), "{w}");
        }
        for w in ["a", "vx", "v3v", "val", "tin"] {
            assert!(!is_notation_word(w), "{w}");
        }
    }

    #[test]
    fn variables_are_substituted_everywhere() {
        let mut env = Env::new();
        let a = env.store.parse("{1|*}").unwrap();
        env.vars.insert("a".into(), a);
        // a + a compared with the calc notation written out.
        let direct = env.store.parse("{1|*} + {1|*}").unwrap();
        let shown = env.store.display(direct);
        assert_eq!(eval(&mut env, "a + a").unwrap(), shown);
        let braced = env.store.parse("{{1|*}|0} - *").unwrap();
        let shown = env.store.display(braced);
        assert_eq!(eval(&mut env, "{a|0} - *").unwrap(), shown);
        assert_eq!(eval(&mut env, "a - a").unwrap(), "0");
        assert_eq!(eval(&mut env, "-a + a*").unwrap(), "*");
        assert_eq!(
            eval(&mut env, "2Tiny(2) + vv").unwrap(),
            eval(&mut env, "2Tiny(2)+vv").unwrap()
        );
    }

    #[test]
    fn functions_give_games() {
        let mut env = Env::new();
        assert_eq!(eval(&mut env, "mean({3||2*|1*})").unwrap(), "9/4");
        assert_eq!(eval(&mut env, "temperature({3||2*|1*})").unwrap(), "3/4");
        assert_eq!(eval(&mut env, "cool({3|1}, 1)").unwrap(), "2*");
        // As `calc --cool` and CGSuite: 1/4 cooled by -1/4 is 1/4*.
        assert_eq!(eval(&mut env, "cool(1/4, -1/4)").unwrap(), "1/4*");
        assert_eq!(eval(&mut env, "cool(1/4, -1/8)").unwrap(), "1/4");
        assert_eq!(eval(&mut env, "heat(*, 1)").unwrap(), "+-1");
        assert_eq!(eval(&mut env, "atomic(^^)").unwrap(), "2");
        assert_eq!(eval(&mut env, "mean({4|2}) + 1").unwrap(), "4");
    }

    #[test]
    fn errors_carry_line_columns() {
        let mut env = Env::new();
        let e = eval(&mut env, "^ + foo").unwrap_err();
        assert_eq!(e.column, Some(5));
        let e = eval(&mut env, "^ + {1|1/3}").unwrap_err();
        assert_eq!(e.column, Some(8));
        let e = eval(&mut env, "cool(^, *)").unwrap_err();
        assert_eq!(e.column, Some(9));
        let deep = format!("{}1{}", "mean(".repeat(300), ")".repeat(300));
        let e = eval(&mut env, &deep).unwrap_err();
        assert_eq!(e.column, Some(5 * MAX_CALL_DEPTH + 1));
        let ok = format!("{}1{}", "mean(".repeat(150), ")".repeat(150));
        assert_eq!(eval(&mut env, &ok).unwrap(), "1");
        let e = eval(&mut env, "1 + stops(^)").unwrap_err();
        assert_eq!(e.column, Some(5));
        let a = env.store.parse("{1|*}").unwrap();
        env.vars.insert("a".into(), a);
        // The error is past the substituted name: still in line columns.
        let e = eval(&mut env, "a + 1/3").unwrap_err();
        assert_eq!(e.column, Some(5));
        // An error at a name names the name typed, not its value's `(`.
        for (line, col) in [("a a", 3), ("2a", 2), ("1 + a a", 7)] {
            let e = eval(&mut env, line).unwrap_err();
            assert_eq!(e.column, Some(col), "{line}: {e:?}");
            assert!(e.message.contains("(found `a`)"), "{line}: {e:?}");
            assert!(!e.message.contains("`(`"), "{line}: {e:?}");
        }
    }
}
