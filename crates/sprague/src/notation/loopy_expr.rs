//! Loopy games as `calc` writes them: braces whose options may be `pass`
//! (the position itself), labels (`a{0|{a|*}}`, CGSuite's notation for a
//! longer cycle), the named games, and equations between named positions.
//!
//! Grammar (spaces allowed between tokens):
//!
//! ```text
//! program  := (name '=' expr ';')* expr | (name '=' expr ';')* name '=' expr
//! expr     := term (('+' | '-') term)*
//! term     := ('-' | '+')* atom
//! atom     := '(' expr ')' | label? '{' side bars side '}' | 'pass' | named | name | short
//! named    := on | off | over | under | dud | upon | tis | tisn
//! side     := (expr (',' expr)*)?        a side holding bars is one option: {0||0|pass}
//! short    := a short game of the calc notation: 1/2, *3, ^*, v, 2Tiny(1), …
//! ```
//!
//! `pass` is a move to the innermost enclosing braces. A label names the
//! braces it prefixes, inside them. Equations name positions for the whole
//! program; a name may be used before its equation, and inside braces it may
//! refer back to itself (`a = {0 | a}` is over), but a name defined through
//! itself outside braces (`a = a + 1`) is an error.

use super::game_expr::{MAX_NESTING, check_balance};
use crate::budget::BudgetExceeded;
use crate::monitor::Monitor;
use crate::parse_error::ParseError;
use crate::partizan::loopy::LoopyGame;
use crate::partizan::{GameId, GameStore, Op};
use core::fmt;
use rustc_hash::FxHashMap;

/// Why a loopy game text gave no game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoopyParseError {
    /// The text does not parse (with the column).
    Parse(ParseError),
    /// The game's graph has more positions than the budget.
    Budget(BudgetExceeded),
}

impl fmt::Display for LoopyParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoopyParseError::Parse(e) => e.fmt(f),
            LoopyParseError::Budget(b) => write!(
                f,
                "the game's graph has more than {} positions (raise the budget)",
                b.max_states
            ),
        }
    }
}

impl std::error::Error for LoopyParseError {}

impl From<ParseError> for LoopyParseError {
    fn from(e: ParseError) -> Self {
        LoopyParseError::Parse(e)
    }
}

/// Whether `text` needs the loopy notation: it uses a word that the short
/// game notation does not know (`pass`, `on`, a label or a name), or an
/// equation (`=`, `;`).
#[must_use]
pub fn is_loopy_expression(text: &str) -> bool {
    if text.contains('=') || text.contains(';') {
        return true;
    }
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        if chars[i].is_alphabetic() {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            if !is_short_word(&word) {
                return true;
            }
        } else {
            i += 1;
        }
    }
    false
}

/// `v`, `vv`, `v3` (downs), `Tiny`, `Miny`: words of the short notation.
fn is_short_word(word: &str) -> bool {
    let lower = word.to_ascii_lowercase();
    lower == "tiny"
        || lower == "miny"
        || (word.starts_with('v')
            && (word.chars().all(|c| c == 'v') || word[1..].chars().all(|c| c.is_ascii_digit())))
}

/// An expression before expansion.
#[derive(Clone, Debug)]
enum Ex {
    Short(GameId),
    Node(u32),
    Name(String, usize),
    Neg(Box<Ex>),
    Sum(Vec<Ex>),
}

/// A braces position: its option expressions.
#[derive(Default)]
struct Node {
    left: Vec<Ex>,
    right: Vec<Ex>,
}

/// A formal sum: braces positions (each possibly negated) plus a short game.
type Atoms = Vec<(u32, bool)>;

struct Parser<'a> {
    store: &'a mut GameStore,
    c: &'a [char],
    pos: usize,
    end: usize,
    nodes: Vec<Node>,
    /// Open braces, innermost last: the target of `pass`.
    open: Vec<u32>,
    /// Labels in scope, innermost last.
    labels: Vec<(String, u32)>,
    named: FxHashMap<&'static str, u32>,
    /// Counts the work of the short games' arithmetic (`2*244Tiny(1)` is a
    /// sum of 488 games), which stops at the position budget.
    work: &'a Monitor,
}

/// Parses a loopy game (see the module grammar) into its graph, building at
/// most `max_positions` positions; the arithmetic of its short games (sums,
/// multiples) does at most `max_positions` units of the store's work.
///
/// # Errors
/// [`LoopyParseError::Parse`] with the column for text that does not parse,
/// an unknown name, `pass` outside braces, a name defined through itself
/// outside braces; [`LoopyParseError::Budget`] for a graph or short-game
/// arithmetic past the budget.
///
/// ```
/// use sprague::{GameStore, notation::parse_loopy, partizan::loopy::LoopyGame};
/// let mut s = GameStore::new();
/// let over = parse_loopy(&mut s, "{0 | pass}", 1000).unwrap();
/// assert_eq!(over, LoopyGame::over());
/// let same = parse_loopy(&mut s, "a = {0 | a}; a", 1000).unwrap();
/// assert_eq!(same, over);
/// let e = parse_loopy(&mut s, "{0 | b}", 1000).unwrap_err();
/// assert!(e.to_string().starts_with("column 6: unknown name ("));
/// assert!(e.to_string().ends_with("(found `b`)"));
/// ```
pub fn parse_loopy(
    store: &mut GameStore,
    text: &str,
    max_positions: usize,
) -> Result<LoopyGame, LoopyParseError> {
    let work = Monitor::new();
    work.set_max_work(u64::try_from(max_positions).unwrap_or(u64::MAX));
    parse_counted(store, text, max_positions, &work).map_err(|e| {
        if work.work_exceeded().is_some() {
            over_budget(max_positions)
        } else {
            e
        }
    })
}

/// The error of a graph, or of short-game arithmetic, past the budget of
/// `max_positions`.
const fn over_budget(max_positions: usize) -> LoopyParseError {
    LoopyParseError::Budget(BudgetExceeded {
        max_states: max_positions,
    })
}

/// [`parse_loopy`], the short games' work counted by `work`.
fn parse_counted(
    store: &mut GameStore,
    text: &str,
    max_positions: usize,
    work: &Monitor,
) -> Result<LoopyGame, LoopyParseError> {
    let chars: Vec<char> = text.chars().collect();
    check_balance(&chars)?;
    let mut p = Parser {
        store,
        c: &chars,
        pos: 0,
        end: chars.len(),
        nodes: Vec::new(),
        open: Vec::new(),
        labels: Vec::new(),
        named: FxHashMap::default(),
        work,
    };
    // Statements split at top-level `;`.
    let mut cuts = Vec::new();
    let mut depth = 0usize;
    for (i, &ch) in chars.iter().enumerate() {
        match ch {
            '{' | '(' => depth += 1,
            '}' | ')' => depth = depth.saturating_sub(1),
            ';' if depth == 0 => cuts.push(i),
            _ => {}
        }
    }
    let mut bindings: FxHashMap<String, Ex> = FxHashMap::default();
    let mut result: Option<Ex> = None;
    let mut from = 0;
    for (k, cut) in cuts
        .iter()
        .copied()
        .chain(core::iter::once(chars.len()))
        .enumerate()
    {
        let last = k == cuts.len();
        p.pos = from;
        p.end = cut;
        p.skip_ws();
        if p.pos == p.end {
            return Err(ParseError::new(
                if last {
                    "expected a game after `;`"
                } else {
                    "empty statement"
                },
                cut + 1,
                "",
            )
            .into());
        }
        // `name =` starts an equation.
        let save = p.pos;
        let word = p.word();
        p.skip_ws();
        if !word.is_empty() && p.peek() == Some('=') {
            if LoopyGame::named(&word).is_some() || word == "pass" || is_short_word(&word) {
                return Err(ParseError::new("this name is taken by the notation", save + 1, word).into());
            }
            if bindings.contains_key(&word) {
                return Err(ParseError::new("a second equation for this name", save + 1, word).into());
            }
            p.pos += 1;
            let e = p.whole_expr()?;
            bindings.insert(word.clone(), e);
            if last {
                result = Some(Ex::Name(word, save + 1));
            }
        } else {
            p.pos = save;
            let e = p.whole_expr()?;
            if !last {
                return Err(ParseError::new("expected `name = game` before `;`", save + 1, "").into());
            }
            result = Some(e);
        }
        from = cut + 1;
    }
    let Some(top) = result else {
        return Err(ParseError::new("expected a game expression", 1, "").into());
    };
    let Parser { store, nodes, .. } = p;
    Expander {
        op: Op::new(store, Some(work)),
        nodes: &nodes,
        bindings: &bindings,
        visiting: Vec::new(),
    }
    .build(&top, max_positions)
}

impl Parser<'_> {
    fn peek(&self) -> Option<char> {
        (self.pos < self.end).then(|| self.c[self.pos])
    }

    fn skip_ws(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.pos += 1;
        }
    }

    /// A word (letter, then letters, digits, `_`) at the cursor, consumed; empty if none.
    fn word(&mut self) -> String {
        if !self.peek().is_some_and(char::is_alphabetic) {
            return String::new();
        }
        let start = self.pos;
        while self.peek().is_some_and(|c| c.is_alphanumeric() || c == '_') {
            self.pos += 1;
        }
        self.c[start..self.pos].iter().collect()
    }

    fn err_here(&self, msg: &str) -> ParseError {
        match self.peek() {
            None => ParseError::new(format!("{msg}: unexpected end of input"), self.pos + 1, ""),
            Some(ch) => ParseError::new(msg, self.pos + 1, ch.to_string()),
        }
    }

    /// An expression filling `pos..end`. Text without loopy words is a
    /// short game, read whole by the short-game parser (so `+-1`, `{3||2|1}`
    /// and `2Tiny(1)` keep their meaning).
    fn whole_expr(&mut self) -> Result<Ex, ParseError> {
        self.skip_ws();
        if self.pos == self.end {
            return Err(self.err_here("expected a game expression"));
        }
        let text: String = self.c[self.pos..self.end].iter().collect();
        if !is_loopy_expression(&text) {
            let start = self.pos;
            self.pos = self.end;
            return self.short_text(&text, start, start);
        }
        let e = self.expr()?;
        self.skip_ws();
        if self.pos < self.end {
            return Err(self.err_here("unexpected symbol"));
        }
        Ok(e)
    }

    fn sub_expr(&mut self, from: usize, to: usize) -> Result<Ex, ParseError> {
        let (pos, end) = (self.pos, self.end);
        self.pos = from;
        self.end = to;
        let r = self.whole_expr();
        self.pos = pos;
        self.end = end;
        r
    }

    fn expr(&mut self) -> Result<Ex, ParseError> {
        let mut terms = vec![self.term()?];
        loop {
            self.skip_ws();
            match self.peek() {
                Some('+') => {
                    self.pos += 1;
                    terms.push(self.term()?);
                }
                Some('-') => {
                    self.pos += 1;
                    terms.push(Ex::Neg(Box::new(self.term()?)));
                }
                _ => break,
            }
        }
        Ok(if terms.len() == 1 {
            terms.pop().unwrap_or(Ex::Sum(Vec::new()))
        } else {
            Ex::Sum(terms)
        })
    }

    fn term(&mut self) -> Result<Ex, ParseError> {
        let mut negate = false;
        loop {
            self.skip_ws();
            match self.peek() {
                Some('-') => {
                    self.pos += 1;
                    negate = !negate;
                }
                Some('+') => self.pos += 1,
                _ => break,
            }
        }
        let a = self.atom()?;
        Ok(if negate { Ex::Neg(Box::new(a)) } else { a })
    }

    /// Index of the bracket closing the one at `open` (balance was checked).
    fn matching(&self, open: usize) -> usize {
        super::tokens::matching_bracket(self.c, open)
    }

    fn atom(&mut self) -> Result<Ex, ParseError> {
        let start = self.pos;
        let Some(ch) = self.peek() else {
            return Err(self.err_here("expected a game"));
        };
        match ch {
            '(' => {
                let close = self.matching(start);
                let e = self.sub_expr(start + 1, close)?;
                self.pos = close + 1;
                Ok(e)
            }
            '{' => self.braces(None),
            c if c.is_alphabetic() => {
                let word = self.word();
                if is_short_word(&word) {
                    self.pos = start;
                    return self.short();
                }
                if self.peek() == Some('{') {
                    return self.braces(Some(word));
                }
                if word == "pass" {
                    return match self.open.last() {
                        Some(&k) => Ok(Ex::Node(k)),
                        None => Err(ParseError::new("`pass` outside braces", start + 1, word)),
                    };
                }
                if let Some(&(_, k)) = self.labels.iter().rev().find(|(l, _)| *l == word) {
                    return Ok(Ex::Node(k));
                }
                if let Some(k) = self.named_node(&word) {
                    return Ok(Ex::Node(k));
                }
                Ok(Ex::Name(word, start + 1))
            }
            '0'..='9' | '*' | '^' | '↑' | '↓' | '⇑' | '⇓' | '±' => self.short(),
            _ => Err(self.err_here("unknown symbol")),
        }
    }

    /// A short game at the cursor: a run of the short notation's symbols
    /// (with `Tiny(…)`/`Miny(…)`), read by the short-game parser.
    fn short(&mut self) -> Result<Ex, ParseError> {
        let start = self.pos;
        loop {
            match self.peek() {
                Some('0'..='9' | '/' | '*' | '^' | '↑' | '↓' | '⇑' | '⇓' | '±') => self.pos += 1,
                Some(c) if c.is_alphabetic() => {
                    let save = self.pos;
                    let w = self.word();
                    if !is_short_word(&w) {
                        self.pos = save;
                        break;
                    }
                    if !w.starts_with('v') {
                        self.skip_ws();
                        if self.peek() != Some('(') {
                            return Err(self.err_here(&format!("expected `(` after {w}")));
                        }
                        self.pos = self.matching(self.pos) + 1;
                    }
                }
                _ => break,
            }
        }
        let text: String = self.c[start..self.pos].iter().collect();
        self.short_text(&text, start, start)
    }

    /// `text` read by the short-game parser; its columns shift by `shift`,
    /// and a value too large to expand is reported at `at`.
    fn short_text(&mut self, text: &str, shift: usize, at: usize) -> Result<Ex, ParseError> {
        let mut op = Op::new(self.store, Some(self.work));
        let parsed = super::game_expr::parse_in(&mut op, text);
        if op.finish().is_err() {
            // `parse_loopy` reports the budget.
            return Err(ParseError::new("past the work budget", at + 1, text));
        }
        let g = parsed.map_err(|e| e.shifted(shift))?;
        if let Err(e) = self.store.check_expandable(g) {
            return Err(ParseError::new(e.to_string(), at + 1, text));
        }
        Ok(Ex::Short(g))
    }

    /// The braces at the cursor (after its label, if any).
    fn braces(&mut self, label: Option<String>) -> Result<Ex, ParseError> {
        let open = self.pos;
        let close = self.matching(open);
        let k = self.body(open + 1, close, label)?;
        self.pos = close + 1;
        Ok(Ex::Node(k))
    }

    /// The inside of braces, `from..to`, as a new position: split at the
    /// unique longest bar run; a side holding bars is one nested position.
    fn body(&mut self, from: usize, to: usize, label: Option<String>) -> Result<u32, ParseError> {
        if self.open.len() >= MAX_NESTING {
            return Err(ParseError::new(
                format!("nested more than {MAX_NESTING} levels deep"),
                from,
                "{",
            ));
        }
        let k = self.nodes.len() as u32;
        self.nodes.push(Node::default());
        let labelled = label.is_some();
        if let Some(l) = label {
            self.labels.push((l, k));
        }
        self.open.push(k);
        let r = self.sides(from, to, k);
        self.open.pop();
        if labelled {
            self.labels.pop();
        }
        r.map(|()| k)
    }

    fn sides(&mut self, from: usize, to: usize, k: u32) -> Result<(), ParseError> {
        let (bar, longest) = super::game_expr::separator(self.c, from, to)?;
        let left = self.side(from, bar)?;
        let right = self.side(bar + longest, to)?;
        self.nodes[k as usize] = Node { left, right };
        Ok(())
    }

    fn side(&mut self, from: usize, to: usize) -> Result<Vec<Ex>, ParseError> {
        let (has_bar, commas) = super::game_expr::side_separators(self.c, from, to);
        if has_bar {
            let text: String = self.c[from..to].iter().collect();
            if !is_loopy_expression(&text) {
                // Columns of `{text}` are one past those of `text`.
                return Ok(vec![self.short_text(&format!("{{{text}}}"), from - 1, from)?]);
            }
            return Ok(vec![Ex::Node(self.body(from, to, None)?)]);
        }
        super::game_expr::comma_options(self.c, from, to, commas, |start, cut| self.sub_expr(start, cut))
    }

    /// The position of a named game (built once per text).
    fn named_node(&mut self, word: &str) -> Option<u32> {
        let g = LoopyGame::named(word)?;
        let name = LoopyGame::NAMES.iter().copied().find(|&n| n == word)?;
        if let Some(&k) = self.named.get(name) {
            return Some(k);
        }
        // Positions of g become nodes; its loop-free leaves are short games.
        let base = self.nodes.len() as u32;
        let n = g.position_count();
        for v in 0..n {
            let f = |opts: Vec<usize>| -> Vec<Ex> {
                opts.into_iter().map(|w| Ex::Node(base + w as u32)).collect()
            };
            self.nodes.push(Node {
                left: f(g.left_options(v)),
                right: f(g.right_options(v)),
            });
        }
        self.named.insert(name, base);
        Some(base)
    }
}

/// Builds the graph; its short games' arithmetic is one operation counted by
/// the parse's work monitor.
struct Expander<'a> {
    op: Op<'a, 'a>,
    nodes: &'a [Node],
    bindings: &'a FxHashMap<String, Ex>,
    visiting: Vec<String>,
}

impl Expander<'_> {
    /// Adds `e` (negated if `neg`) to the formal sum `(atoms, short)`.
    fn flatten(
        &mut self,
        e: &Ex,
        neg: bool,
        atoms: &mut Atoms,
        short: &mut GameId,
    ) -> Result<(), ParseError> {
        match e {
            Ex::Short(g) => {
                let g = if neg { self.op.neg(*g) } else { *g };
                *short = self.op.add(*short, g);
            }
            // A position without options is 0: left out of the sum.
            Ex::Node(k) => {
                let node = &self.nodes[*k as usize];
                if !(node.left.is_empty() && node.right.is_empty()) {
                    atoms.push((*k, neg));
                }
            }
            Ex::Neg(x) => self.flatten(x, !neg, atoms, short)?,
            Ex::Sum(xs) => {
                for x in xs {
                    self.flatten(x, neg, atoms, short)?;
                }
            }
            Ex::Name(name, col) => {
                let Some(def) = self.bindings.get(name) else {
                    return Err(ParseError::new(
                        "unknown name (a game is a number, *, ^, v, {…}, Tiny(…), Miny(…), a loopy game such as `on`, or a name given by an equation `a = {…}; a`)",
                        *col,
                        name.clone(),
                    ));
                };
                if self.visiting.contains(name) {
                    return Err(ParseError::new(
                        "a name defined through itself outside braces",
                        *col,
                        name.clone(),
                    ));
                }
                if self.visiting.len() >= MAX_NESTING {
                    return Err(ParseError::new("names nested too deep", *col, name.clone()));
                }
                self.visiting.push(name.clone());
                self.flatten(def, neg, atoms, short)?;
                self.visiting.pop();
            }
        }
        Ok(())
    }

    fn build(mut self, top: &Ex, max_positions: usize) -> Result<LoopyGame, LoopyParseError> {
        let zero = self.op.integer(0);
        // Every option of every braces position, flattened once.
        let mut opts: Vec<[Vec<(Atoms, GameId)>; 2]> = Vec::with_capacity(self.nodes.len());
        for node in self.nodes {
            let mut sides = [Vec::new(), Vec::new()];
            for (side, list) in [&node.left, &node.right].into_iter().enumerate() {
                for e in list {
                    let (mut a, mut s) = (Vec::new(), zero);
                    self.flatten(e, false, &mut a, &mut s)?;
                    sides[side].push((a, s));
                }
            }
            opts.push(sides);
        }
        let (mut atoms, mut short) = (Vec::new(), zero);
        self.flatten(top, false, &mut atoms, &mut short)?;
        atoms.sort_unstable();
        let mut index: FxHashMap<(Atoms, GameId), u32> = FxHashMap::default();
        let mut states: Vec<(Atoms, GameId)> = vec![(atoms.clone(), short)];
        index.insert((atoms, short), 0);
        let (mut left, mut right) = (Vec::new(), Vec::new());
        let mut i = 0;
        while i < states.len() {
            if self.op.halted() {
                // Past the work budget: `parse_loopy` reports it.
                return Err(over_budget(max_positions));
            }
            let (atoms, short) = states[i].clone();
            i += 1;
            let mut next: [Vec<(Atoms, GameId)>; 2] = [Vec::new(), Vec::new()];
            for (j, &(k, neg)) in atoms.iter().enumerate() {
                for (side, out) in next.iter_mut().enumerate() {
                    // Left's move in −X is Right's move in X.
                    let from = if neg { 1 - side } else { side };
                    for (oa, os) in &opts[k as usize][from] {
                        let mut a: Atoms = atoms.clone();
                        a.remove(j);
                        a.extend(oa.iter().map(|&(m, n)| (m, n != neg)));
                        a.sort_unstable();
                        let os = if neg { self.op.neg(*os) } else { *os };
                        let s = self.op.add(short, os);
                        out.push((a, s));
                    }
                }
            }
            if let Err(e) = self.op.check_expandable(short) {
                return Err(ParseError::new(e.to_string(), 1, "").into());
            }
            // Moves in the short part alone, each to an option one day
            // younger, pass through birthday + 1 positions, all distinct: a
            // short part born on day `max_positions` or later (a huge integer)
            // is over the budget before it is walked.
            if self.op.birthday(short).is_none_or(|b| b >= max_positions as u64) {
                return Err(over_budget(max_positions));
            }
            let (lo, ro) = self.op.options(short);
            for (side, list) in [lo, ro].into_iter().enumerate() {
                for s in list {
                    next[side].push((atoms.clone(), s));
                }
            }
            let mut ids = [Vec::new(), Vec::new()];
            for side in 0..2 {
                for st in core::mem::take(&mut next[side]) {
                    let id = match index.get(&st) {
                        Some(&id) => id,
                        None => {
                            if states.len() >= max_positions {
                                return Err(over_budget(max_positions));
                            }
                            let id = states.len() as u32;
                            index.insert(st.clone(), id);
                            states.push(st);
                            id
                        }
                    };
                    ids[side].push(id as usize);
                }
            }
            let [l, r] = ids;
            left.push(l);
            right.push(r);
        }
        if self.op.finish().is_err() {
            return Err(over_budget(max_positions));
        }
        LoopyGame::new(left, right, 0).map_err(|e| ParseError::new(e.message, 1, "").into())
    }
}
