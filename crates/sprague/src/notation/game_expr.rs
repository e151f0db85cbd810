//! Expressions for short partizan games, as CGSuite users write them.
//!
//! Grammar (spaces allowed between tokens):
//!
//! ```text
//! expr     := term (('+' | '-' | '+-') term)*        a +- b  means  a + ±b
//! term     := '-' term | '+-' pm | '+' term | compound
//! pm       := '{' list '}' | '(' list ')' | term      ±{a,b} = {a,b | -a,-b}; ±G = {G | -G}
//! compound := primary suffix*                        juxtaposition adds: 2*, 1/2^, ^^*3, 2Tiny(2)
//! primary  := number | ups | downs | star | braces | '(' expr ')' | Tiny(expr) | Miny(expr)
//! number   := digits ('/' digits)?                   the denominator a power of 2
//! ups      := '^'+ | '^' digits | '↑'                ^^ = 2·↑, ^4 = 4·↑
//! downs    := 'v'+ | 'v' digits | '↓'
//! star     := '*' digits?                            * = *1
//! braces   := '{' side bars side '}'                 the longest bar run splits the sides;
//! side     := (expr (',' expr)*)?  |  a side holding bars is one option: {3||2*|1*}
//! ```
//!
//! A `-` written directly before a digit at the start of a term is the sign of
//! the number (so `-1/2v*` is `-1/2 + v + *`).

use crate::monitor::Interrupted;
use crate::parse_error::ParseError;
use crate::partizan::{Dyadic, GameId, GameStore, NIMBER_COMBINE_LIMIT, Op, UP_COMBINE_LIMIT, WatchedStore};

/// Parses a game expression into `store`, returning the canonical form.
///
/// # Errors
/// A [`ParseError`] with the 1-based column: unbalanced braces or parentheses,
/// unknown symbols, numbers that are not dyadic (`1/3`), empty options.
///
/// ```
/// use sprague::{GameStore, notation::parse_game};
/// let mut s = GameStore::new();
/// let g = parse_game(&mut s, "^ + ^").unwrap();
/// let h = parse_game(&mut s, "{0|^*}").unwrap();
/// assert_eq!(g, h);
/// let e = parse_game(&mut s, "{1|1/3}").unwrap_err();
/// assert_eq!(e.column, 4);
/// ```
pub fn parse_game(store: &mut GameStore, text: &str) -> Result<GameId, ParseError> {
    parse_in(&mut store.op(), text)
}

/// [`parse_game`] inside an operation on the store (which a monitor may stop).
pub(crate) fn parse_in(op: &mut Op<'_, '_>, text: &str) -> Result<GameId, ParseError> {
    let chars: Vec<char> = text.chars().collect();
    check_balance(&chars)?;
    let mut p = Parser {
        s: op,
        c: &chars,
        pos: 0,
        end: chars.len(),
    };
    p.skip_ws();
    if p.pos == p.end {
        return Err(ParseError::new("expected a game expression", 1, ""));
    }
    let g = p.expr()?;
    p.skip_ws();
    if p.pos < p.end {
        return Err(p.err_here("unexpected symbol"));
    }
    Ok(g)
}

impl GameStore {
    /// Parses a game expression (see [`parse_game`]): linear in the text,
    /// plus the sums and constructions it writes.
    ///
    /// # Errors
    /// A [`ParseError`] with the column of the problem.
    pub fn parse(&mut self, text: &str) -> Result<GameId, ParseError> {
        parse_game(self, text)
    }
}

impl WatchedStore<'_, '_> {
    /// Parses a game expression ([`GameStore::parse`]); the outer result
    /// says whether the monitor stopped the arithmetic, the inner one
    /// whether the text parsed.
    ///
    /// # Errors
    /// [`Interrupted`] if the monitor asked to stop.
    pub fn parse(&mut self, text: &str) -> Result<Result<GameId, ParseError>, Interrupted> {
        self.run(|op| parse_in(op, text))
    }
}

/// The deepest nesting of braces and parentheses accepted (the parser recurses).
pub const MAX_NESTING: usize = 200;

pub(crate) fn check_balance(c: &[char]) -> Result<(), ParseError> {
    let mut stack: Vec<(char, usize)> = Vec::new();
    for (i, &ch) in c.iter().enumerate() {
        match ch {
            '{' | '(' => {
                stack.push((ch, i));
                if stack.len() > MAX_NESTING {
                    return Err(ParseError::new(
                        format!("nested more than {MAX_NESTING} levels deep"),
                        i + 1,
                        ch.to_string(),
                    ));
                }
            }
            '}' | ')' => {
                let open = if ch == '}' { '{' } else { '(' };
                match stack.pop() {
                    Some((o, _)) if o == open => {}
                    Some((o, j)) => {
                        return Err(ParseError::new(
                            format!("unbalanced `{o}`: closed by `{ch}`"),
                            j + 1,
                            o.to_string(),
                        ));
                    }
                    None => {
                        return Err(ParseError::new(
                            format!("unbalanced `{ch}`: nothing to close"),
                            i + 1,
                            ch.to_string(),
                        ));
                    }
                }
            }
            _ => {}
        }
    }
    if let Some((o, j)) = stack.pop() {
        let close = if o == '{' { '}' } else { ')' };
        return Err(ParseError::new(
            format!("unbalanced `{o}`: missing `{close}`"),
            j + 1,
            o.to_string(),
        ));
    }
    Ok(())
}

struct Parser<'a, 'o, 'm> {
    s: &'a mut Op<'o, 'm>,
    c: &'a [char],
    pos: usize,
    end: usize,
}

impl Parser<'_, '_, '_> {
    fn peek(&self) -> Option<char> {
        (self.pos < self.end).then(|| self.c[self.pos])
    }

    fn peek_at(&self, k: usize) -> Option<char> {
        (self.pos + k < self.end).then(|| self.c[self.pos + k])
    }

    fn skip_ws(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.pos += 1;
        }
    }

    fn err_here(&self, msg: &str) -> ParseError {
        let token: String = match self.peek() {
            Some(ch) if ch.is_alphanumeric() => self.c[self.pos..self.end]
                .iter()
                .take_while(|c| c.is_alphanumeric())
                .collect(),
            Some(ch) => ch.to_string(),
            None => String::new(),
        };
        let msg = if self.peek().is_none() {
            format!("{msg}: unexpected end of input")
        } else {
            msg.to_string()
        };
        ParseError::new(msg, self.pos + 1, token)
    }

    /// `+-` at the cursor (also `±`): returns its length.
    fn plus_minus_len(&self) -> usize {
        match (self.peek(), self.peek_at(1)) {
            (Some('±'), _) => 1,
            (Some('+'), Some('-')) => 2,
            _ => 0,
        }
    }

    /// Rejects a large `*n` or `n·↑` about to meet a general game (see [`NIMBER_COMBINE_LIMIT`]).
    fn guard(&self, g: GameId, column: usize) -> Result<(), ParseError> {
        if let Some(v) = self.s.as_nus(g)
            && (v.nimber > NIMBER_COMBINE_LIMIT || v.ups.unsigned_abs() > UP_COMBINE_LIMIT)
        {
            return Err(ParseError::new(
                format!(
                    "{} is too large to combine with a game that is not a number + up + nimber \
                     (limits: *{NIMBER_COMBINE_LIMIT}, ^{UP_COMBINE_LIMIT})",
                    crate::partizan::format_nus(v)
                ),
                column,
                "",
            ));
        }
        Ok(())
    }

    /// Guards both operands of a sum unless both are inline values (whose
    /// up multiples must then not overflow).
    fn guard_pair(&self, a: GameId, b: GameId, column: usize) -> Result<(), ParseError> {
        if let (Some(x), Some(y)) = (self.s.as_nus(a), self.s.as_nus(b)) {
            let fits = x.checked_add(y).is_some() && x.checked_add(&y.neg()).is_some();
            return if fits {
                Ok(())
            } else {
                Err(ParseError::new(
                    "up multiple out of range (more than 2^63 - 1 ups)",
                    column,
                    "",
                ))
            };
        }
        self.guard(a, column)?;
        self.guard(b, column)
    }

    fn expr(&mut self) -> Result<GameId, ParseError> {
        let mut acc = self.term()?;
        loop {
            self.skip_ws();
            let op_col = self.pos + 1;
            let pm = self.plus_minus_len();
            if pm > 0 {
                self.pos += pm;
                let t = self.plus_minus_operand()?;
                self.guard_pair(acc, t, op_col)?;
                acc = self.s.add(acc, t);
                continue;
            }
            match self.peek() {
                Some('+') => {
                    self.pos += 1;
                    let t = self.term()?;
                    self.guard_pair(acc, t, op_col)?;
                    acc = self.s.add(acc, t);
                }
                Some('-') => {
                    self.pos += 1;
                    let t = self.term()?;
                    self.guard_pair(acc, t, op_col)?;
                    acc = self.s.sub(acc, t);
                }
                _ => return Ok(acc),
            }
        }
    }

    /// A term: prefix signs read in a loop (never recursing on their
    /// number), then the operand. `-` twice cancels, and a `-` before a `±`
    /// changes nothing (`±G = {G | -G}` is its own negative), so only the
    /// signs after the last `±` negate the operand and only the `±`s nest, at
    /// most [`MAX_NESTING`] deep. Linear in the text.
    fn term(&mut self) -> Result<GameId, ParseError> {
        let mut negate = false;
        // Columns of the `±` signs, outermost first.
        let mut plus_minus: Vec<usize> = Vec::new();
        let operand = loop {
            self.skip_ws();
            let pm = self.plus_minus_len();
            if pm > 0 {
                if plus_minus.len() >= MAX_NESTING {
                    return Err(ParseError::new(
                        format!("`+-` nested more than {MAX_NESTING} levels deep"),
                        self.pos + 1,
                        "+-",
                    ));
                }
                self.pos += pm;
                if let Some(g) = self.plus_minus_list()? {
                    break g;
                }
                plus_minus.push(self.pos + 1);
                negate = false;
                continue;
            }
            match self.peek() {
                Some('-') if self.peek_at(1).is_some_and(|c| c.is_ascii_digit()) => break self.compound()?,
                Some('-') => {
                    self.pos += 1;
                    negate = !negate;
                }
                Some('+') => self.pos += 1,
                _ => break self.compound()?,
            }
        };
        let mut g = if negate { self.s.neg(operand) } else { operand };
        for &col in plus_minus.iter().rev() {
            self.guard(g, col)?;
            g = self.s.plus_minus(g);
        }
        Ok(g)
    }

    /// After `+-`: `±G = {G | -G}` for a term, or `±(a,b)` / `±{a,b}` (no bar)
    /// for `{a,b | -a,-b}`.
    fn plus_minus_operand(&mut self) -> Result<GameId, ParseError> {
        if let Some(g) = self.plus_minus_list()? {
            return Ok(g);
        }
        self.skip_ws();
        let col = self.pos + 1;
        let t = self.term()?;
        self.guard(t, col)?;
        Ok(self.s.plus_minus(t))
    }

    /// After `+-`, the list forms `±(a,b)` / `±{a,b}` (no bar) for
    /// `{a,b | -a,-b}`; `None` (nothing read) for any other operand.
    fn plus_minus_list(&mut self) -> Result<Option<GameId>, ParseError> {
        self.skip_ws();
        if let Some(open_ch @ ('{' | '(')) = self.peek() {
            let open = self.pos;
            let close = self.matching(open);
            let (mut bar, mut comma, mut depth) = (false, false, 0usize);
            for &ch in &self.c[open + 1..close] {
                match ch {
                    '{' | '(' => depth += 1,
                    '}' | ')' => depth = depth.saturating_sub(1),
                    '|' if depth == 0 => bar = true,
                    ',' if depth == 0 => comma = true,
                    _ => {}
                }
            }
            if (open_ch == '{' && !bar) || (open_ch == '(' && comma) {
                let list = self.side(open + 1, close)?;
                for &g in &list {
                    self.guard(g, open + 1)?;
                }
                self.pos = close + 1;
                let negs: Vec<GameId> = list.iter().map(|&g| self.s.neg(g)).collect();
                return Ok(Some(self.s.game(&list, &negs)));
            }
        }
        Ok(None)
    }

    fn compound(&mut self) -> Result<GameId, ParseError> {
        self.skip_ws();
        let mut acc = self.primary()?;
        loop {
            let col = self.pos + 1;
            let Some(g) = self.suffix()? else { break };
            self.guard_pair(acc, g, col)?;
            acc = self.s.add(acc, g);
        }
        Ok(acc)
    }

    /// An up, down or star written directly after a primary.
    fn suffix(&mut self) -> Result<Option<GameId>, ParseError> {
        match self.peek() {
            Some('^' | 'v' | '*' | '↑' | '↓' | '⇑' | '⇓') => self.primary().map(Some),
            // `2Tiny(2)` = 2 + Tiny(2), as CGSuite prints translated tinies.
            Some(c) if c.is_alphabetic() => {
                let word: String = self.c[self.pos..self.end]
                    .iter()
                    .take_while(|c| c.is_alphanumeric())
                    .collect();
                if matches!(word.to_ascii_lowercase().as_str(), "tiny" | "miny") {
                    self.primary().map(Some)
                } else {
                    Ok(None)
                }
            }
            _ => Ok(None),
        }
    }

    fn digits(&mut self) -> Option<(usize, usize)> {
        let start = self.pos;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
        (self.pos > start).then_some((start, self.pos))
    }

    fn small_count(&mut self, what: &str) -> Result<Option<u64>, ParseError> {
        let start = self.pos;
        match self.digits() {
            None => Ok(None),
            Some((a, b)) => {
                let t: String = self.c[a..b].iter().collect();
                t.parse::<u64>()
                    .map(Some)
                    .map_err(|_| ParseError::new(format!("{what} too large"), start + 1, t))
            }
        }
    }

    fn primary(&mut self) -> Result<GameId, ParseError> {
        let start = self.pos;
        let Some(ch) = self.peek() else {
            return Err(self.err_here("expected a game"));
        };
        match ch {
            '0'..='9' | '-' => self.number(),
            '*' => {
                self.pos += 1;
                let n = self.small_count("nimber")?.unwrap_or(1);
                Ok(self.s.nimber(n))
            }
            '^' | 'v' | '↑' | '↓' | '⇑' | '⇓' => {
                let (sign, unit): (i64, i64) = match ch {
                    '^' | '↑' => (1, 1),
                    'v' | '↓' => (-1, 1),
                    '⇑' => (1, 2),
                    _ => (-1, 2),
                };
                self.pos += 1;
                let mut n = i128::from(unit);
                if ch == '^' || ch == 'v' {
                    if let Some(k) = self.small_count("up multiple")? {
                        n = i128::from(k);
                    } else {
                        while self.peek() == Some(ch) {
                            self.pos += 1;
                            n += 1;
                        }
                    }
                }
                if self.peek().is_some_and(char::is_alphanumeric)
                    && ch == 'v'
                    && !self.peek().is_some_and(|c| c.is_ascii_digit())
                {
                    self.pos = start;
                    return Err(self.unknown_word());
                }
                let n = i64::try_from(i128::from(sign) * n)
                    .map_err(|_| ParseError::new("up multiple too large", start + 1, ch.to_string()))?;
                Ok(self.s.up_multiple(n))
            }
            '{' => self.braces(),
            '(' => {
                self.pos += 1;
                let close = self.matching(start);
                let inner = self.sub_parse(start + 1, close, false)?;
                self.pos = close + 1;
                Ok(inner)
            }
            c if c.is_alphabetic() => {
                let word: String = self.c[self.pos..self.end]
                    .iter()
                    .take_while(|c| c.is_alphanumeric())
                    .collect();
                let lower = word.to_ascii_lowercase();
                if lower == "tiny" || lower == "miny" {
                    self.pos += word.chars().count();
                    self.skip_ws();
                    if self.peek() != Some('(') {
                        return Err(self.err_here(&format!("expected `(` after {word}")));
                    }
                    let open = self.pos;
                    let close = self.matching(open);
                    let x = self.sub_parse(open + 1, close, false)?;
                    self.guard(x, open + 2)?;
                    self.pos = close + 1;
                    return Ok(if lower == "tiny" {
                        self.s.tiny(x)
                    } else {
                        self.s.miny(x)
                    });
                }
                Err(self.unknown_word())
            }
            _ => Err(self.err_here("unknown symbol")),
        }
    }

    fn unknown_word(&self) -> ParseError {
        let word: String = self.c[self.pos..self.end]
            .iter()
            .take_while(|c| c.is_alphanumeric())
            .collect();
        ParseError::new(
            "unknown symbol (expected a number, *, ^, v, {…}, Tiny(…) or Miny(…))",
            self.pos + 1,
            word,
        )
    }

    fn number(&mut self) -> Result<GameId, ParseError> {
        let start = self.pos;
        if self.peek() == Some('-') {
            self.pos += 1;
        }
        if self.digits().is_none() {
            return Err(self.err_here("expected a number"));
        }
        if self.peek() == Some('/') {
            self.pos += 1;
            if self.digits().is_none() {
                return Err(self.err_here("expected a denominator after `/`"));
            }
        }
        let text: String = self.c[start..self.pos].iter().collect();
        let x = Dyadic::parse_str(&text).map_err(|e| ParseError::new(e.message, start + 1, text.clone()))?;
        Ok(self.s.dyadic(x))
    }

    /// Index of the bracket closing the one at `open` (balance was checked).
    fn matching(&self, open: usize) -> usize {
        super::tokens::matching_bracket(&self.c[..self.end], open)
    }

    /// Parses `c[from..to]` as one expression, or as `{…}` contents when `braced`.
    fn sub_parse(&mut self, from: usize, to: usize, braced: bool) -> Result<GameId, ParseError> {
        let mut p = Parser {
            s: &mut *self.s,
            c: self.c,
            pos: from,
            end: to,
        };
        if braced {
            return p.game_body();
        }
        p.skip_ws();
        if p.pos == p.end {
            return Err(ParseError::new("expected a game expression", from + 1, ""));
        }
        let g = p.expr()?;
        p.skip_ws();
        if p.pos < p.end {
            return Err(p.err_here("unexpected symbol"));
        }
        Ok(g)
    }

    fn braces(&mut self) -> Result<GameId, ParseError> {
        let open = self.pos;
        let close = self.matching(open);
        let g = self.sub_parse(open + 1, close, true)?;
        self.pos = close + 1;
        Ok(g)
    }

    /// The inside of braces, `c[pos..end]`: split at the unique longest bar run.
    fn game_body(&mut self) -> Result<GameId, ParseError> {
        let (from, to) = (self.pos, self.end);
        let (bar, longest) = separator(self.c, from, to)?;
        let left = self.side(from, bar)?;
        let right = self.side(bar + longest, to)?;
        Ok(self.s.game(&left, &right))
    }

    fn side(&mut self, from: usize, to: usize) -> Result<Vec<GameId>, ParseError> {
        let (has_bar, commas) = side_separators(self.c, from, to);
        if has_bar {
            let g = self.sub_parse(from, to, true)?;
            self.guard(g, from + 1)?;
            return Ok(vec![g]);
        }
        comma_options(self.c, from, to, commas, |start, cut| {
            let g = self.sub_parse(start, cut, false)?;
            self.guard(g, start + 1)?;
            Ok(g)
        })
    }
}

/// The options of one side `c[from..to]` (no bar in it) split at `commas`,
/// each read by `read(start, end)`; none when the side is blank. O(to −
/// from) plus the reads.
///
/// # Errors
/// An empty option between commas, or what `read` refuses.
pub(super) fn comma_options<T>(
    c: &[char],
    from: usize,
    to: usize,
    commas: Vec<usize>,
    mut read: impl FnMut(usize, usize) -> Result<T, ParseError>,
) -> Result<Vec<T>, ParseError> {
    let blank = |a: usize, b: usize| c[a..b].iter().all(|ch| ch.is_whitespace());
    if blank(from, to) {
        return Ok(Vec::new());
    }
    let mut out = Vec::new();
    let mut start = from;
    for cut in commas.into_iter().chain(core::iter::once(to)) {
        if blank(start, cut) {
            return Err(ParseError::new("empty option", cut + 1, ","));
        }
        out.push(read(start, cut)?);
        start = cut + 1;
    }
    Ok(out)
}

/// The separator of Left's and Right's options in the inside of braces
/// `c[from..to]`: the start and the length of its unique longest run of bars
/// ([`bar_runs`]). O(to − from).
///
/// # Errors
/// No bar, or two longest runs.
pub(super) fn separator(c: &[char], from: usize, to: usize) -> Result<(usize, usize), ParseError> {
    let runs = bar_runs(c, from, to);
    let Some(longest) = runs.iter().map(|&(_, n)| n).max() else {
        return Err(ParseError::new(
            "expected `|` between Left's and Right's options",
            from,
            "{",
        ));
    };
    let mut at = runs.iter().filter(|&&(_, n)| n == longest);
    let bar = at.next().map_or(from, |&(s, _)| s);
    if let Some(&(other, _)) = at.next() {
        return Err(ParseError::new(
            "ambiguous bars: two separators of the same length; add braces or bars",
            other + 1,
            "|".repeat(longest),
        ));
    }
    Ok((bar, longest))
}

/// The runs of bars `|` of `c[from..to]` outside braces and parentheses, as
/// (start, length): the separators between a game's Left and Right options.
/// O(to − from).
pub(super) fn bar_runs(c: &[char], from: usize, to: usize) -> Vec<(usize, usize)> {
    let mut runs = Vec::new();
    let mut depth = 0usize;
    let mut i = from;
    while i < to {
        match c[i] {
            '{' | '(' => depth += 1,
            '}' | ')' => depth = depth.saturating_sub(1),
            '|' if depth == 0 => {
                let s = i;
                while i < to && c[i] == '|' {
                    i += 1;
                }
                runs.push((s, i - s));
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    runs
}

/// Scans one side of a game, `c[from..to]`, outside braces and parentheses:
/// whether it holds a bar (it is a game of its own) and where its commas
/// are (the separators of its options). O(to − from).
pub(super) fn side_separators(c: &[char], from: usize, to: usize) -> (bool, Vec<usize>) {
    let mut depth = 0usize;
    let mut has_bar = false;
    let mut commas = Vec::new();
    for (i, &ch) in c.iter().enumerate().take(to).skip(from) {
        match ch {
            '{' | '(' => depth += 1,
            '}' | ')' => depth = depth.saturating_sub(1),
            '|' if depth == 0 => has_bar = true,
            ',' if depth == 0 => commas.push(i),
            _ => {}
        }
    }
    (has_bar, commas)
}
