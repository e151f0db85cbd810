//! One line of the session: a command, an assignment, a query, a comparison
//! or a game expression.

use super::ReplError;
use super::expr::{self, Env, GAME_FUNCTIONS, QUERY_FUNCTIONS};
use sprague::surreal::{Claim, Surreal, claim};
use sprague::{GameId, Outcome};
use std::cmp::Ordering;

/// The command-line verbs a session may run, with the verb's own arguments.
pub const VERBS: &[&str] = &["value", "table", "play", "games", "calc", "nimber"];

/// Session words that are neither names nor functions.
const COMMANDS: &[&str] = &["help", "vars", "quit", "exit"];

/// The name that holds the last value printed.
pub const LAST: &str = "_";

/// What a line asks the session loop to do.
#[derive(Debug, PartialEq, Eq)]
pub enum Reply {
    /// Print this text (without a final newline).
    Text(String),
    /// Print nothing.
    Nothing,
    /// Run a command-line verb with these arguments (the verb first).
    Verb(Vec<String>),
    /// End the session.
    Quit,
    /// Ctrl-C stopped the line's computation; the message says how far it
    /// got. Nothing of the line was kept.
    Interrupted(String),
}

/// A session: the games and names typed so far.
pub struct Session {
    env: Env,
    /// The rules file of `load "FILE"`, used by `value` and `table` lines
    /// that name no built-in ruleset.
    rules: Option<String>,
}

impl Default for Session {
    fn default() -> Self {
        Self::new()
    }
}

impl Session {
    /// A fresh session.
    pub fn new() -> Session {
        Session {
            env: Env::new(),
            rules: None,
        }
    }

    /// Evaluates one line. When Ctrl-C stops its game arithmetic (see
    /// `GameStore::with_monitor`), nothing of the line is kept and the reply
    /// is [`Reply::Interrupted`].
    ///
    /// # Errors
    /// A [`ReplError`] with the 1-based column of the problem where there is one.
    pub fn line(&mut self, line: &str) -> Result<Reply, ReplError> {
        match self.evaluate(line) {
            Err(e) if e.interrupted => Ok(Reply::Interrupted(format!(
                "interrupted after {} sums and comparisons",
                crate::monitor().done()
            ))),
            reply => reply,
        }
    }

    fn evaluate(&mut self, line: &str) -> Result<Reply, ReplError> {
        let chars: Vec<char> = line.chars().collect();
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            return Ok(Reply::Nothing);
        }
        let first = trimmed.split_whitespace().next().unwrap_or("");
        match first {
            "quit" | "exit" if trimmed == first => return Ok(Reply::Quit),
            "help" => return Ok(Reply::Text(help(trimmed[4..].trim()))),
            "vars" if trimmed == first => return Ok(Reply::Text(self.vars())),
            "quit" | "exit" | "vars" if !trimmed[first.len()..].trim_start().starts_with(":=") => {
                let extra = line.find(first).unwrap_or(0) + first.len();
                let col = expr::first_non_space(&chars, line[..extra].chars().count(), chars.len());
                return Err(ReplError::at(col, format!("`{first}` takes no arguments")));
            }
            _ => {}
        }
        if first == "load" {
            return self.load(trimmed[4..].trim());
        }
        if VERBS.contains(&first) {
            let mut words = split_words(trimmed).map_err(|m| ReplError::plain(m.to_string()))?;
            if first == "calc" {
                self.resolve_calc_names(&mut words)?;
            }
            if let Some(path) = &self.rules {
                words = with_loaded_rules(words, path);
            }
            return Ok(Reply::Verb(table_count_sugar(words)));
        }
        if let Some(at) = find(&chars, &[':', '=']) {
            return self.assign(&chars, at);
        }
        if let Some(reply) = self.query(&chars)? {
            return Ok(Reply::Text(reply));
        }
        if let Some((at, op)) = comparison(&chars) {
            let games = self.operand(&chars, 0, at, at).and_then(|a| {
                let b = self.operand(&chars, at + op.len(), chars.len(), at)?;
                Ok((a, b))
            });
            let c = match games {
                Ok((a, b)) => self.env.watched().compare(a, b)?,
                Err(e) => compare_numbers(&chars, at, op.len(), e)?,
            };
            let holds = match op {
                "<=" => matches!(c, Some(Ordering::Less | Ordering::Equal)),
                ">=" => matches!(c, Some(Ordering::Greater | Ordering::Equal)),
                "==" | "=" => c == Some(Ordering::Equal),
                "!=" => c != Some(Ordering::Equal),
                "<" => c == Some(Ordering::Less),
                ">" => c == Some(Ordering::Greater),
                "||" => c.is_none(),
                "<|" => !matches!(c, Some(Ordering::Greater | Ordering::Equal)),
                _ => !matches!(c, Some(Ordering::Less | Ordering::Equal)),
            };
            return Ok(Reply::Text(holds.to_string()));
        }
        let g = match self.env.game(&chars, 0, chars.len()) {
            Ok(g) => g,
            Err(e) => return number(&chars, 0, chars.len(), e).map(|x| Reply::Text(x.to_string())),
        };
        self.env.vars.insert(LAST.to_string(), g);
        Ok(Reply::Text(self.env.store.display(g)))
    }

    /// Replaces the expression and `--heat` arguments of `calc` that hold
    /// names by the canonical forms the names give (text without names is
    /// passed on untouched, so the report is the command line's).
    fn resolve_calc_names(&mut self, words: &mut [String]) -> Result<(), ReplError> {
        let mut i = 1;
        let mut expression_seen = false;
        while i < words.len() {
            let w = words[i].clone();
            let game_arg = if w == "--heat" {
                i += 1;
                true
            } else if w == "--thermograph" || w == "--cool" {
                i += 2;
                continue;
            } else if w.starts_with("--") {
                i += 1;
                continue;
            } else {
                !std::mem::replace(&mut expression_seen, true)
            };
            if game_arg && i < words.len() && has_name(&words[i]) {
                let chars: Vec<char> = words[i].chars().collect();
                match self.env.game(&chars, 0, chars.len()) {
                    Ok(g) => words[i] = self.env.store.display(g),
                    // A surreal number (`omega+1`) goes to calc as written:
                    // calc reports it, or the surreal parser's error.
                    Err(_) if !w.starts_with("--") && claim(&words[i]) == Claim::Surreal => {}
                    // Loopy notation (`pass`, `on`, labels) that reads as a
                    // loopy game goes to calc as written; a name that is
                    // neither a variable nor loopy notation is an error here.
                    Err(_)
                        if !w.starts_with("--")
                            && sprague::notation::is_loopy_expression(&words[i])
                            && sprague::notation::parse_loopy(
                                &mut sprague::GameStore::new(),
                                &words[i],
                                10_000,
                            )
                            .is_ok() => {}
                    Err(e) => {
                        let column = e.column.map_or(String::new(), |c| format!(" column {c}:"));
                        return Err(ReplError::plain(format!(
                            "calc argument `{}`:{column} {}",
                            words[i], e.message
                        )));
                    }
                }
            }
            i += 1;
        }
        Ok(())
    }

    /// One side of a comparison; an empty side is an error at the operator.
    fn operand(&mut self, chars: &[char], from: usize, to: usize, op_at: usize) -> Result<GameId, ReplError> {
        if chars[from..to].iter().all(|c| c.is_whitespace()) {
            return Err(ReplError::at(
                op_at + 1,
                "a comparison needs a game on each side".to_string(),
            ));
        }
        self.env.game(chars, from, to)
    }

    /// `name := expression`.
    fn assign(&mut self, chars: &[char], at: usize) -> Result<Reply, ReplError> {
        let name: String = chars[..at].iter().collect::<String>().trim().to_string();
        let name_col = expr::first_non_space(chars, 0, at);
        check_name(&name, name_col)?;
        if chars[at + 2..].iter().all(|c| c.is_whitespace()) {
            return Err(ReplError::at(
                at + 3,
                "expected a game expression after `:=`".to_string(),
            ));
        }
        let g = match self.env.game(chars, at + 2, chars.len()) {
            Ok(g) => g,
            Err(e) => {
                // A number beyond the dyadics is not a game: say so.
                let x = number(chars, at + 2, chars.len(), e)?;
                return Err(ReplError::at(
                    expr::first_non_space(chars, at + 2, chars.len()),
                    format!(
                        "a name holds a game, and `{x}` is a number beyond the short games: type it without a name"
                    ),
                ));
            }
        };
        self.env.vars.insert(name.clone(), g);
        let shown = self.env.store.display(g);
        Ok(Reply::Text(format!("{name} = {shown}")))
    }

    /// A report function written alone on the line, e.g. `stops(a)`.
    fn query(&mut self, chars: &[char]) -> Result<Option<String>, ReplError> {
        let start = expr::first_non_space(chars, 0, chars.len()) - 1;
        let mut end = start;
        while end < chars.len() && expr::is_name_char(chars[end]) {
            end += 1;
        }
        let name: String = chars[start..end].iter().collect();
        if !QUERY_FUNCTIONS.iter().any(|(n, _)| *n == name) {
            return Ok(None);
        }
        let (args, after) = Env::call_args(chars, &name, start, end, chars.len())?;
        if let Some(extra) = (after..chars.len()).find(|&i| !chars[i].is_whitespace()) {
            return Err(ReplError::at(
                extra + 1,
                format!("`{name}(…)` gives a report, not a game: write it on a line of its own"),
            ));
        }
        let n = if name == "compare" { 2 } else { 1 };
        Env::arity(&name, start, &args, n)?;
        let g = self.env.game(chars, args[0].0, args[0].1)?;
        let s = &mut self.env.store;
        let text = match name.as_str() {
            "stops" => {
                let (l, r) = s.stops(g);
                format!("left {l}, right {r}")
            }
            "outcome" => {
                let o: Outcome = self.env.watched().outcome(g)?;
                format!("{o} ({})", o.calc_words())
            }
            "thermograph" => {
                let th = s.thermograph(g);
                format!(
                    "left wall:  {}\nright wall: {}\nmast:       {} from t={}",
                    th.left.describe(),
                    th.right.describe(),
                    th.mean,
                    th.temperature
                )
            }
            "birthday" => match s.birthday(g) {
                Some(b) => b.to_string(),
                None => "more than 2^64".to_string(),
            },
            "options" => {
                s.check_expandable(g)
                    .map_err(|e| ReplError::at(args[0].0 + 1, e.to_string()))?;
                let (l, r) = s.options(g);
                let l: Vec<String> = l.into_iter().map(|x| s.display(x)).collect();
                let r: Vec<String> = r.into_iter().map(|x| s.display(x)).collect();
                format!("Left [{}], Right [{}]", l.join(", "), r.join(", "))
            }
            _ => {
                let h = self.env.game(chars, args[1].0, args[1].1)?;
                match self.env.watched().compare(g, h)? {
                    Some(Ordering::Less) => "<".to_string(),
                    Some(Ordering::Equal) => "=".to_string(),
                    Some(Ordering::Greater) => ">".to_string(),
                    None => "|| (confused)".to_string(),
                }
            }
        };
        Ok(Some(text))
    }

    /// The words a line may start or use: names, functions, verbs and
    /// commands, sorted (for completion).
    pub fn words(&self) -> Vec<String> {
        let mut words: Vec<String> = self
            .env
            .vars
            .keys()
            .filter(|n| n.as_str() != LAST)
            .cloned()
            .chain(
                GAME_FUNCTIONS
                    .iter()
                    .chain(QUERY_FUNCTIONS)
                    .map(|(n, _)| (*n).to_string()),
            )
            .chain(VERBS.iter().chain(COMMANDS).map(|n| (*n).to_string()))
            .collect();
        words.sort();
        words.dedup();
        words
    }

    /// Every variable with its value, one a line.
    fn vars(&mut self) -> String {
        let names: Vec<(String, GameId)> = self.env.vars.iter().map(|(n, &g)| (n.clone(), g)).collect();
        if names.is_empty() {
            return "no variables yet (assign one with `a := {1|*}`)".to_string();
        }
        names
            .into_iter()
            .map(|(n, g)| format!("{n} = {}", self.env.store.display(g)))
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// `chars[from..to]` read by the surreal parser, its errors in line columns.
fn parse_number(chars: &[char], from: usize, to: usize) -> Result<Surreal, ReplError> {
    let text: String = chars[from..to].iter().collect();
    Surreal::parse(&text).map_err(|e| {
        let message = if e.token.is_empty() {
            e.message
        } else {
            format!("{} (found `{}`)", e.message, e.token)
        };
        ReplError::at(from + e.column, message)
    })
}

/// `chars[from..to]`, which failed as a game with `game_error`, as a number
/// beyond the dyadics (`omega+1`, `1/omega`, `1/3 + 1/6`) when the core claims
/// it as one. The error is the surreal parser's for text that names ω, else
/// `game_error`.
fn number(chars: &[char], from: usize, to: usize, game_error: ReplError) -> Result<Surreal, ReplError> {
    let text: String = chars[from..to].iter().collect();
    match claim(&text) {
        _ if game_error.interrupted => Err(game_error),
        Claim::Game => Err(game_error),
        Claim::Rational => parse_number(chars, from, to).map_err(|_| game_error),
        Claim::Surreal => parse_number(chars, from, to),
    }
}

/// The comparison of the two sides of the operator at `at` (`len` characters)
/// as numbers beyond the dyadics, after they failed as games with
/// `game_error`: `1/omega < 1/1000`, `1/3 + 1/6 == 1/2`. Only when a side is
/// claimed as such a number (see [`number`]).
fn compare_numbers(
    chars: &[char],
    at: usize,
    len: usize,
    game_error: ReplError,
) -> Result<Option<Ordering>, ReplError> {
    let sides = [(0, at), (at + len, chars.len())];
    let texts = sides.map(|(a, b)| chars[a..b].iter().collect::<String>());
    let any_number = texts.iter().any(|t| claim(t) != Claim::Game);
    if game_error.interrupted || !any_number || texts.iter().any(|t| t.trim().is_empty()) {
        return Err(game_error);
    }
    let a = parse_number(chars, sides[0].0, sides[0].1)?;
    let b = parse_number(chars, sides[1].0, sides[1].1)?;
    let c = a.compare(&b).map_err(|e| ReplError::at(at + 1, e.to_string()))?;
    Ok(Some(c))
}

/// Whether `text` holds a word that is not calc notation (a name).
fn has_name(text: &str) -> bool {
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        if chars[i].is_ascii_digit() {
            while i < chars.len() && chars[i].is_ascii_digit() {
                i += 1;
            }
        } else if expr::is_name_start(chars[i]) {
            let start = i;
            while i < chars.len() && expr::is_name_char(chars[i]) {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            if !expr::is_notation_word(&word) {
                return true;
            }
        } else {
            i += 1;
        }
    }
    false
}

/// Refuses names that are not identifiers or that mean something already.
fn check_name(name: &str, column: usize) -> Result<(), ReplError> {
    let mut chars = name.chars();
    let ok = chars.next().is_some_and(expr::is_name_start) && chars.all(expr::is_name_char);
    if !ok {
        let shown = if name.is_empty() {
            "nothing".to_string()
        } else {
            format!("`{name}`")
        };
        return Err(ReplError::at(
            column,
            format!(
                "a name is a letter or `_` followed by letters, digits and `_`; found {shown} before `:=`"
            ),
        ));
    }
    let taken = if expr::is_notation_word(name) {
        Some("game notation")
    } else if GAME_FUNCTIONS
        .iter()
        .chain(QUERY_FUNCTIONS)
        .any(|(n, _)| *n == name)
    {
        Some("a function")
    } else if VERBS.contains(&name) || COMMANDS.contains(&name) {
        Some("a command")
    } else if name == LAST {
        Some("the last value printed")
    } else {
        None
    };
    match taken {
        Some(what) => Err(ReplError::at(
            column,
            format!("`{name}` is {what}, not a free name"),
        )),
        None => Ok(()),
    }
}

/// The index of the first occurrence of `pat` in `chars`.
fn find(chars: &[char], pat: &[char]) -> Option<usize> {
    chars.windows(pat.len()).position(|w| w == pat)
}

/// The first comparison operator outside brackets: its index and spelling.
fn comparison(chars: &[char]) -> Option<(usize, &'static str)> {
    let mut depth = 0i64;
    for i in 0..chars.len() {
        match chars[i] {
            '(' | '{' => depth += 1,
            ')' | '}' => depth -= 1,
            _ if depth == 0 => {
                let next = chars.get(i + 1).copied();
                let two = ["<=", ">=", "==", "!=", "||", "<|", "|>"]
                    .into_iter()
                    .find(|op| op.starts_with(chars[i]) && op.chars().nth(1) == next);
                if let Some(op) = two {
                    return Some((i, op));
                }
                match chars[i] {
                    '<' => return Some((i, "<")),
                    '>' => return Some((i, ">")),
                    '=' => return Some((i, "=")),
                    _ => {}
                }
            }
            _ => {}
        }
    }
    None
}

/// Splits a verb line into words; single or double quotes group words.
fn split_words(line: &str) -> Result<Vec<String>, &'static str> {
    let mut words = Vec::new();
    let mut cur = String::new();
    let mut in_word = false;
    let mut quote: Option<char> = None;
    for c in line.chars() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => cur.push(c),
            None if c == '\'' || c == '"' => {
                quote = Some(c);
                in_word = true;
            }
            None if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut cur));
                    in_word = false;
                }
            }
            None => {
                cur.push(c);
                in_word = true;
            }
        }
    }
    if quote.is_some() {
        return Err("unbalanced quote");
    }
    if in_word {
        words.push(cur);
    }
    Ok(words)
}

impl Session {
    /// `load "FILE"`: compiles the rules file and uses it for later `value`,
    /// `table` and `play` lines that name no built-in ruleset.
    fn load(&mut self, arg: &str) -> Result<Reply, ReplError> {
        let words = split_words(arg).map_err(|m| ReplError::plain(m.to_string()))?;
        let [path] = words.as_slice() else {
            return Err(ReplError::plain(
                "`load` takes one rules file, e.g. load \"examples/rules/kayles.rhai\"".to_string(),
            ));
        };
        let rules = crate::input::script::load(path, sprague_script::Limits::default())
            .map_err(|e| ReplError::plain(e.message))?;
        let kind = if rules.is_partizan() {
            "partizan"
        } else if rules.is_loopy() {
            "loopy"
        } else {
            "impartial"
        };
        self.rules = Some(path.clone());
        Ok(Reply::Text(format!(
            "loaded {path} ({kind}): `value POSITION`, `table N` and `play POSITION` now use it"
        )))
    }
}

/// With a loaded rules file, `value`, `table` and `play` lines whose first
/// word is not a built-in ruleset use the file (`--rules FILE`).
fn with_loaded_rules(mut words: Vec<String>, path: &str) -> Vec<String> {
    let verb_uses_rules = words
        .first()
        .is_some_and(|w| w == "value" || w == "table" || w == "play");
    let named = words
        .iter()
        .skip(1)
        .find(|w| !w.starts_with('-'))
        .is_some_and(|w| sprague::lookup(&sprague::catalog(), w).is_ok());
    let has_rules = words.iter().any(|w| w == "--rules" || w.starts_with("--rules="));
    if verb_uses_rules && !named && !has_rules {
        words.insert(1, path.to_string());
        words.insert(1, "--rules".to_string());
        if words.first().is_some_and(|w| w == "table") {
            let has_count = words.iter().any(|w| w == "--count" || w.starts_with("--count="));
            if let Some(i) = (3..words.len()).find(|&i| words[i].parse::<usize>().is_ok())
                && !has_count
            {
                words.insert(i, "--count".to_string());
            }
        }
    }
    words
}

/// `table RULESET N` is `table RULESET --count N`.
fn table_count_sugar(mut words: Vec<String>) -> Vec<String> {
    let has_count = words.iter().any(|w| w == "--count" || w.starts_with("--count="));
    if words.first().is_some_and(|w| w == "table") && !has_count {
        let positional: Vec<usize> = (1..words.len()).filter(|&i| !words[i].starts_with('-')).collect();
        if let Some(&i) = positional.get(1)
            && words[i].parse::<usize>().is_ok()
        {
            words.insert(i, "--count".to_string());
        }
    }
    words
}

/// The help text; `topic` may name a function.
fn help(topic: &str) -> String {
    let all = GAME_FUNCTIONS.iter().chain(QUERY_FUNCTIONS);
    if !topic.is_empty() {
        if let Some((_, h)) = all.clone().find(|(n, _)| *n == topic) {
            return (*h).to_string();
        }
        if VERBS.contains(&topic) {
            return format!(
                "`{topic} ARGS…` runs `sprague {topic} ARGS…`; `{topic} --help` shows its options"
            );
        }
    }
    let row = |a: &str, b: &str| format!("{a:<18} {b}\n");
    let mut text = if topic.is_empty() {
        String::new()
    } else {
        format!("`{topic}` is not a function or a verb. ")
    };
    text.push_str(
        "Games in the calc notation: 3/8, *2, ^, vv, {1|*}, {3||2*|1*}, +-1, Tiny(2);\n\
         sums a + b, a - b, -a. Names stand for the games given them.\n\n",
    );
    text.push_str(&row(
        "a := {1|*}",
        "name a game (a letter or _, then letters, digits, _)",
    ));
    text.push_str(&row(
        "a + ^",
        "an expression prints its canonical form; `_` is the last one",
    ));
    text.push_str(&row(
        "a <= b",
        "true or false; also >= == != < > <| |> and || (confused)",
    ));
    text.push_str(&row(
        "omega+1, 1/3+1/6",
        "numbers beyond the dyadics (ordinals, rationals, surreals):",
    ));
    text.push_str(&row("", "their value, or compared as above; not kept in names"));
    for (_, h) in all {
        text.push_str(h);
        text.push('\n');
    }
    text.push_str(&row(
        "value nim 3 4 5",
        "the verbs value, table, play, games, calc and nimber, as on the",
    ));
    text.push_str(&row("", "command line; `table RULESET N` means `--count N`"));
    text.push_str(&row(
        "load \"FILE.rhai\"",
        "rules of your own game: then `value POSITION`, `table N`",
    ));
    text.push_str(&row("", "and `play POSITION` (moves on the lines that follow)"));
    text.push_str(&row("vars", "the names and their values"));
    text.push_str(&row("help [FUNCTION]", "this text, or one function's"));
    text.push_str(&row("quit, exit, Ctrl-D", "end the session"));
    text.pop();
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(s: &mut Session, line: &str) -> String {
        match s.line(line) {
            Ok(Reply::Text(t)) => t,
            other => panic!("{line}: {other:?}"),
        }
    }

    /// Runs each line of `cases` in `s`, in order, expecting its text reply.
    fn expect_all(s: &mut Session, cases: &[(&str, &str)]) {
        for &(line, want) in cases {
            assert_eq!(text(s, line), want, "{line}");
        }
    }

    #[test]
    fn comparisons_follow_the_store() {
        let mut s = Session::new();
        expect_all(
            &mut s,
            &[
                ("^ + ^ == ^^", "true"),
                ("^* || 0", "true"),
                ("^ || 0", "false"),
                ("0 <= ^", "true"),
                ("^ < 0", "false"),
                ("* <| 0", "true"),
                ("{1|0} |> 1/2", "true"),
                ("compare(^*, 0)", "|| (confused)"),
                ("compare(^, 0)", ">"),
            ],
        );
    }

    #[test]
    fn names_and_queries() {
        let mut s = Session::new();
        expect_all(
            &mut s,
            &[
                ("a := {3 | {2* | 1*}}", "a = {3||2*|1*}"),
                ("stops(a)", "left 3, right 2"),
                ("outcome(a)", "L (Left wins)"),
                ("temperature(a)", "3/4"),
                ("birthday(a)", "5"),
                ("a - a", "0"),
                ("_ + 1", "1"),
            ],
        );
        assert!(text(&mut s, "thermograph(a)").starts_with("left wall:  4 at t=-1, 9/4 at t=3/4"));
        assert_eq!(text(&mut s, "vars"), "_ = 1\na = {3||2*|1*}");
    }

    #[test]
    fn bad_names_are_refused_at_their_column() {
        let mut s = Session::new();
        for (line, col) in [
            ("v := 1", 1),
            ("  mean := 1", 3),
            ("2a := 1", 1),
            (" := 1", 1),
            ("a := ", 5),
        ] {
            let e = s.line(line).unwrap_err();
            assert_eq!(e.column, Some(col), "{line}: {e:?}");
        }
        let e = s.line("stops(^) + 1").unwrap_err();
        assert_eq!(e.column, Some(10));
        let e = s.line("^ <= ").unwrap_err();
        assert_eq!(e.column, Some(3));
    }

    #[test]
    fn numbers_beyond_the_dyadics() {
        let mut s = Session::new();
        expect_all(
            &mut s,
            &[
                ("omega+1", "omega+1"),
                ("1/omega", "1/omega"),
                ("(omega^omega)/(omega+1)", "(omega^omega)/(omega+1)"),
                // (ω+1)(ω−1) = ω² − 1 (Conway, On Numbers and Games, ch. 3).
                ("(omega+1)*(omega-1)", "omega^2-1"),
                ("1/3+1/6", "1/2"),
                // 1/ω lies below every positive rational (ONAG ch. 3).
                ("1/omega < 1/1000000007", "true"),
                ("0 < 1/omega", "true"),
                ("1/3 + 1/6 == 1/2", "true"),
                ("omega > 1000000", "true"),
                // Short games keep their own path.
                ("1/2 + 1/4", "3/4"),
                ("^ < 1/2", "true"),
            ],
        );
        // A name shadows ω; a number is not kept in a name.
        expect_all(&mut s, &[("w := 3", "w = 3"), ("w + 1", "4")]);
        let e = s.line("x := omega + 1").unwrap_err();
        assert_eq!(e.column, Some(6), "{e:?}");
        assert!(e.message.contains("`omega+1` is a number beyond"), "{e:?}");
        // Errors are the surreal parser's, in line columns.
        let e = s.line("  omega + y").unwrap_err();
        assert_eq!(e.column, Some(11), "{e:?}");
        let e = s.line("1/omega < omega + y").unwrap_err();
        assert_eq!(e.column, Some(19), "{e:?}");
        // Ordinary game errors stay as they were.
        let e = s.line("{1|1/3}").unwrap_err();
        assert_eq!(e.column, Some(4), "{e:?}");
        assert_eq!(
            s.line("calc omega+1 --json").unwrap(),
            Reply::Verb(vec!["calc".into(), "omega+1".into(), "--json".into()])
        );
    }

    #[test]
    fn verbs_keep_their_words() {
        let mut s = Session::new();
        let verb = |words: &[&str]| Reply::Verb(words.iter().map(|w| (*w).to_string()).collect());
        assert_eq!(
            s.line("table octal:0.07 40").unwrap(),
            verb(&["table", "octal:0.07", "--count", "40"])
        );
        assert_eq!(
            s.line("value nim '3 4 5' --json").unwrap(),
            verb(&["value", "nim", "3 4 5", "--json"])
        );
        assert!(s.line("value nim '3").is_err());
        // Names in calc's expression and --heat become their values;
        // written-out notation passes untouched.
        s.line("g := {3|1}").unwrap();
        assert_eq!(
            s.line("calc g --cool 1 --heat g --json").unwrap(),
            Reply::Verb(
                ["calc", "{3|1}", "--cool", "1", "--heat", "{3|1}", "--json"]
                    .map(String::from)
                    .to_vec()
            )
        );
        assert_eq!(
            s.line("calc '2Tiny(2) + v'").unwrap(),
            Reply::Verb(vec!["calc".into(), "2Tiny(2) + v".into()])
        );
        let e = s.line("calc 'g + h'").unwrap_err();
        assert!(e.message.contains("column 5: unknown name `h`"), "{e:?}");
        assert_eq!(s.line("quit").unwrap(), Reply::Quit);
        assert_eq!(s.line("  vars x").unwrap_err().column, Some(8));
        match s.line("help nonsense").unwrap() {
            Reply::Text(t) => assert!(
                t.starts_with("`nonsense` is not a function or a verb. Games"),
                "{t}"
            ),
            other => panic!("{other:?}"),
        }
    }
}
