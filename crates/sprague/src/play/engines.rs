//! Perfect players for each family of rulesets: impartial (Grundy values or
//! misère outcomes), partizan (canonical values) and loopy state spaces
//! (win/lose/draw with remoteness).

use super::board;
use super::closed_form_play::ClosedFormPlay;
use super::engine::{Engine, Kind, Verdict};
use super::graph_text::parse_in;
use crate::definition::Definition;
use crate::query::{Error, Options, Result};
use crate::{
    impartial::{GrundySolver, ImpartialRules, MisereSolver},
    loopy::{SpaceNotation, StateSpace, StateTable},
    nimber::Nimber,
    notation::Notation,
    outcome::Outcome,
    partizan::{PartizanRules, PartizanSolver, Player, moves_of},
};
use std::collections::HashMap;

/// The key of a sum: its non-empty components, formatted and sorted.
fn sum_key(mut parts: Vec<String>, whole: String) -> String {
    if parts.is_empty() {
        return whole;
    }
    parts.sort();
    parts.join(" + ")
}

/// Lines listing moves: `  TO   DESCRIPTION   NOTE`.
fn move_lines(rows: &[(String, String, String)]) -> Vec<String> {
    let w1 = crate::columns::column_width(rows.iter().map(|r| r.0.as_str()));
    let w2 = crate::columns::column_width(rows.iter().map(|r| r.1.as_str()));
    rows.iter()
        .map(|(a, b, c)| {
            if c.is_empty() {
                format!("    {}   {b}", crate::columns::pad_right(a, w1))
            } else {
                format!(
                    "    {}   {}   {c}",
                    crate::columns::pad_right(a, w1),
                    crate::columns::pad_right(b, w2)
                )
            }
        })
        .collect()
}

/// Draws a position, or `None` to print its notation.
type BoardFn<'r, P> = Box<dyn Fn(&P) -> Option<String> + 'r>;
/// Reads a move in a short form (see [`Engine::short_move`]).
type ShortFn<'r, P> = Box<dyn Fn(&P, &str) -> Option<Result<P, String>> + 'r>;
/// Explains a position in a few lines before the hint's arithmetic.
type WhyFn<'r, P> = Box<dyn Fn(&P) -> Vec<String> + 'r>;
/// Names a component in hints ("heads coin 5").
type LabelFn<'r, P> = Box<dyn Fn(&P) -> String + 'r>;

/// A perfect player of an impartial ruleset.
pub struct ImpartialEngine<'r, R: ImpartialRules> {
    name: String,
    rules: &'r R,
    misere: bool,
    grundy: GrundySolver<'r, R>,
    misere_solver: MisereSolver<'r, R>,
    /// What a component is called in hints ("heap"), and whether the board is
    /// drawn as heaps of tokens.
    heaps: bool,
    /// Whether a component (by its notation) has any move, for [`Engine::key`].
    live: HashMap<String, bool>,
    /// A drawing of positions other than heaps.
    board_fn: Option<BoardFn<'r, R::Position>>,
    /// Short move forms.
    short_fn: Option<ShortFn<'r, R::Position>>,
    /// Words on the short move forms.
    help: Option<String>,
    /// Lines explaining a position, first in the hint.
    why_fn: Option<WhyFn<'r, R::Position>>,
    /// What a component is called in hints, when not "heap" or "component".
    word: Option<&'static str>,
    /// The name of each component in hints, instead of its number.
    label_fn: Option<LabelFn<'r, R::Position>>,
    /// Play by a closed form where the options are too many to list.
    closed: Option<&'r dyn ClosedFormPlay<R::Position>>,
}

impl<'r, R> ImpartialEngine<'r, R>
where
    R: ImpartialRules + Notation<<R as ImpartialRules>::Position>,
{
    /// A player of `rules`; `heaps` says that positions are heap sizes (drawn as
    /// rows of tokens, components called heaps).
    pub fn new(name: String, rules: &'r R, heaps: bool, options: &Options<'r>) -> Self {
        let (misere, max_states, monitor) = (options.misere, options.max_states, options.monitor);
        ImpartialEngine {
            name,
            rules,
            misere,
            grundy: GrundySolver::with_max_states(rules, max_states).with_monitor(monitor),
            misere_solver: MisereSolver::with_max_states(rules, max_states).with_monitor(monitor),
            heaps,
            live: HashMap::new(),
            board_fn: None,
            short_fn: None,
            help: None,
            why_fn: None,
            word: None,
            label_fn: None,
            closed: None,
        }
    }

    /// Plays the positions `closed` covers ([`ClosedFormPlay::by_closed_form`])
    /// by that closed form, without listing their options or searching
    /// their values.
    #[must_use]
    pub fn with_closed_form(mut self, closed: &'r dyn ClosedFormPlay<R::Position>) -> Self {
        self.closed = Some(closed);
        self
    }

    /// The closed form, when it plays `p`.
    fn closed_for(&self, p: &R::Position) -> Option<&'r dyn ClosedFormPlay<R::Position>> {
        self.closed.filter(|c| c.by_closed_form(p))
    }

    /// The hint of a position played by the closed form `closed`.
    fn closed_hint(&self, closed: &dyn ClosedFormPlay<R::Position>, p: &R::Position) -> Vec<String> {
        let mut lines = self.why(p);
        lines.extend(closed.explain_closed(p, self.misere));
        let winning = closed.winning_moves_of(p, self.misere);
        closed_hint_lines(lines, self.misere, &self.move_rows(p, &winning))
    }

    /// The lines explaining `p` that start its hint, if the ruleset has any.
    fn why(&self, p: &R::Position) -> Vec<String> {
        match &self.why_fn {
            Some(f) => f(p),
            None => Vec::new(),
        }
    }

    /// The rows listing `moves` from `p` (`TO`, description, no note).
    fn move_rows(&self, p: &R::Position, moves: &[R::Position]) -> Vec<(String, String, String)> {
        let mut rows = Vec::with_capacity(moves.len());
        for to in moves {
            rows.push((self.format(to), self.describe(p, to), String::new()));
        }
        rows
    }

    /// Whether component `c` of value `v` has an option of value `target`:
    /// a smaller value always (mex), a larger one only if some option has it.
    fn reaches(&mut self, c: &R::Position, v: Nimber, target: Nimber) -> Result<bool> {
        if target.get() < v.get() {
            return Ok(true);
        }
        let mut options = Vec::new();
        self.rules.moves(c, &mut options);
        for o in &options {
            if self.grundy.grundy(o)? == target {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// The engine with the knowledge of the ruleset's [`Definition`]: its
    /// drawing, its short move forms and its explanations in hints.
    #[must_use]
    pub fn defined(mut self) -> Self
    where
        R: Definition<<R as ImpartialRules>::Position>,
    {
        let rules = self.rules;
        self.board_fn = Some(Box::new(move |p| rules.draw(p)));
        self.short_fn = Some(Box::new(move |from, line| rules.read_move(from, line)));
        self.help = rules.move_help();
        self.why_fn = Some(Box::new(move |p| rules.explain(p)));
        self
    }

    /// Draws positions with `draw` (returning `None` prints the notation).
    #[must_use]
    pub fn with_board(mut self, draw: impl Fn(&R::Position) -> Option<String> + 'r) -> Self {
        self.board_fn = Some(Box::new(draw));
        self
    }

    /// Reads moves typed in a short form with `read` (see
    /// [`Engine::short_move`]); `help` names the forms for the greeting.
    #[must_use]
    pub fn with_short_moves(
        mut self,
        help: &str,
        read: impl Fn(&R::Position, &str) -> Option<Result<R::Position, String>> + 'r,
    ) -> Self {
        self.help = Some(help.to_string());
        self.short_fn = Some(Box::new(read));
        self
    }

    /// Starts every hint with the lines `why` gives for the position.
    #[must_use]
    pub fn with_why(mut self, why: impl Fn(&R::Position) -> Vec<String> + 'r) -> Self {
        self.why_fn = Some(Box::new(why));
        self
    }

    /// Calls components `word` in hints ("coin", "piece").
    #[must_use]
    pub fn with_component_word(mut self, word: &'static str) -> Self {
        self.word = Some(word);
        self
    }

    /// Names each component in hints with `label` ("heads coin 5") instead
    /// of its number and notation.
    #[must_use]
    pub fn with_component_label(mut self, label: impl Fn(&R::Position) -> String + 'r) -> Self {
        self.label_fn = Some(Box::new(label));
        self
    }

    fn components(&self, p: &R::Position) -> Vec<R::Position> {
        let mut parts = Vec::new();
        if self.rules.decompose(p, &mut parts) {
            parts
        } else {
            vec![p.clone()]
        }
    }

    fn winning_moves(&mut self, p: &R::Position) -> Result<Vec<R::Position>> {
        Ok(if self.misere {
            self.misere_solver.winning_moves(p)?
        } else {
            self.grundy.winning_moves(p)?
        })
    }
}

/// The [`Engine`] methods of a player with `name` and `rules` fields, the
/// rules being the [`Notation`] of its positions: the ruleset's name, and
/// positions written and read in that notation.
macro_rules! named_notation {
    () => {
        fn ruleset(&self) -> &str {
            &self.name
        }

        fn format(&self, p: &Self::Pos) -> String {
            self.rules.format_position(p)
        }

        fn parse(&self, text: &str) -> Result<Self::Pos, String> {
            parse_in(self.rules, text)
        }
    };
}

impl<R> Engine for ImpartialEngine<'_, R>
where
    R: ImpartialRules + Notation<<R as ImpartialRules>::Position>,
{
    type Pos = R::Position;

    named_notation!();

    fn key(&mut self, p: &R::Position) -> String {
        let mut scratch = Vec::new();
        let mut parts = Vec::new();
        let closed = self.closed;
        for c in self.components(p) {
            let shown = self.rules.format_position(&c);
            let live = *self.live.entry(shown.clone()).or_insert_with(|| match closed {
                // Too many options to list: the closed form says whether there is one.
                Some(closed) if closed.by_closed_form(&c) => closed.smallest_move(&c).is_some(),
                _ => {
                    scratch.clear();
                    self.rules.moves(&c, &mut scratch);
                    !scratch.is_empty()
                }
            });
            if live {
                parts.push(shown);
            }
        }
        sum_key(parts, self.format(p))
    }

    fn options(&mut self, p: &R::Position, _mover: Player) -> Result<Vec<R::Position>> {
        if self.closed_for(p).is_some() {
            return Err(Error::input(format!(
                "the moves from {} are too many to list",
                self.format(p)
            )));
        }
        let mut out = Vec::new();
        self.rules.moves(p, &mut out);
        Ok(out)
    }

    fn describe(&self, from: &R::Position, to: &R::Position) -> String {
        self.rules.describe_move(from, to)
    }

    fn lists_options(&mut self, p: &R::Position) -> bool {
        self.closed_for(p).is_none()
    }

    fn has_move(&mut self, p: &R::Position, mover: Player) -> Result<bool> {
        match self.closed_for(p) {
            Some(closed) => Ok(closed.smallest_move(p).is_some()),
            None => Ok(!self.options(p, mover)?.is_empty()),
        }
    }

    fn is_move(&mut self, from: &R::Position, to: &R::Position, mover: Player) -> Result<bool> {
        if let Some(closed) = self.closed_for(from) {
            return Ok(closed.is_move(from, to));
        }
        super::engine::is_listed_move(self, from, to, mover)
    }

    fn keeping_moves(&mut self, p: &R::Position, _mover: Player) -> Result<Option<Vec<R::Position>>> {
        Ok(self
            .closed_for(p)
            .map(|closed| closed.winning_moves_of(p, self.misere)))
    }

    fn any_move(&mut self, p: &R::Position, mover: Player) -> Result<Option<R::Position>> {
        match self.closed_for(p) {
            Some(closed) => Ok(closed.smallest_move(p)),
            None => Ok(self.options(p, mover)?.into_iter().next()),
        }
    }

    fn short_move(&mut self, from: &R::Position, line: &str) -> Option<Result<R::Position, String>> {
        self.short_fn.as_ref().and_then(|f| f(from, line))
    }

    fn move_help(&self) -> Option<String> {
        self.help.clone()
    }

    fn board(&self, p: &R::Position) -> Option<String> {
        if let Some(drawn) = self.board_fn.as_ref().and_then(|f| f(p)) {
            return Some(drawn);
        }
        let text = self.format(p);
        if self.heaps {
            board::heaps(&text)
        } else {
            board::draw(&self.name, &text)
        }
    }

    fn verdict(&mut self, p: &R::Position, _mover: Player) -> Result<Verdict> {
        let wins = if let Some(closed) = self.closed_for(p) {
            closed.outcome_of(p, self.misere) == Outcome::N
        } else if self.misere {
            self.misere_solver.outcome(p)? == Outcome::N
        } else {
            !self.grundy.grundy(p)?.is_zero()
        };
        Ok(if wins {
            Verdict::Win(None)
        } else {
            Verdict::Lose(None)
        })
    }

    fn hint(&mut self, p: &R::Position, mover: Player) -> Result<Vec<String>> {
        if let Some(closed) = self.closed_for(p) {
            return Ok(self.closed_hint(closed, p));
        }
        // The ruleset's part: positions written out and values searched; the
        // words are written once for every ruleset, by `*_hint_lines`.
        let winning = self.winning_moves(p)?;
        let rows = self.move_rows(p, &winning);
        let lines = self.why(p);
        if self.misere {
            let wins = self.verdict(p, mover)?.is_win();
            return Ok(misere_hint_lines(lines, wins, &rows));
        }
        let components = self.components(p);
        let mut parts = Vec::with_capacity(components.len());
        let mut total = Nimber::ZERO;
        for c in &components {
            let value = self.grundy.grundy(c)?;
            total += value;
            parts.push(HintPart {
                shown: self.format(c),
                value,
                label: None,
                reachable: false,
            });
        }
        if parts.len() > 1 && !total.is_zero() {
            for (i, c) in components.iter().enumerate() {
                let value = parts[i].value;
                if self.reaches(c, value, value + total)? {
                    parts[i].reachable = true;
                    if let Some(name) = &self.label_fn {
                        parts[i].label = Some(name(c));
                    }
                }
            }
        }
        let word = match (self.word, self.heaps) {
            (Some(w), _) => w,
            (None, true) => "heap",
            (None, false) => "component",
        };
        Ok(normal_hint_lines(lines, word, self.heaps, &parts, total, &rows))
    }
}

/// The closing lines of the hint of a position played by a closed form:
/// its outcome and its winning moves (`rows`), after the explanation `lines`.
fn closed_hint_lines(mut lines: Vec<String>, misere: bool, rows: &[(String, String, String)]) -> Vec<String> {
    let play = if misere {
        "misère play (whoever moves last loses): "
    } else {
        ""
    };
    if rows.is_empty() {
        lines.push(format!(
            "{play}a P-position: the player to move loses against perfect play; every move leaves a position the opponent wins."
        ));
    } else {
        lines.push(format!(
            "{play}an N-position: the player to move wins; winning moves ({}), each leaving a P-position:",
            rows.len()
        ));
        lines.extend(move_lines(rows));
    }
    lines
}

/// The misère hint after the explanation `lines`: whether the player to
/// move `wins`, and the winning moves (`rows`).
fn misere_hint_lines(mut lines: Vec<String>, wins: bool, rows: &[(String, String, String)]) -> Vec<String> {
    lines.push(format!(
        "misère play (whoever moves last loses): the player to move {} against perfect play.",
        if wins { "wins" } else { "loses" }
    ));
    if rows.is_empty() {
        lines.push(
            "no winning move: every move leaves a position the opponent wins; play on and hope for a slip."
                .to_string(),
        );
    } else {
        lines.push(format!(
            "winning moves ({}), each leaving a position the opponent loses:",
            rows.len()
        ));
        lines.extend(move_lines(rows));
    }
    lines
}

/// A component of an impartial position, as its hint tells of it.
struct HintPart {
    /// The component in the ruleset's notation.
    shown: String,
    /// Its Grundy value.
    value: Nimber,
    /// Its name from the ruleset ("heads coin 5"), if it names components.
    label: Option<String>,
    /// Whether it has an option of value `value ⊕ total` (a winning move
    /// in it), when the total is not 0.
    reachable: bool,
}

/// The normal-play hint after the explanation `lines`: the nim-sum of the
/// components (`parts`, called `word`s; `heaps` when they are heaps of
/// tokens), which of them a winning move changes, and the winning moves
/// (`rows`). O(parts + rows).
fn normal_hint_lines(
    mut lines: Vec<String>,
    word: &str,
    heaps: bool,
    parts: &[HintPart],
    total: Nimber,
    rows: &[(String, String, String)],
) -> Vec<String> {
    if parts.len() > 1 {
        let mut sum = Vec::with_capacity(parts.len());
        let mut all_sizes = true;
        for part in parts {
            let value = part.value.get().to_string();
            all_sizes &= part.shown == value;
            sum.push(value);
        }
        let whose = if all_sizes && heaps {
            "the heaps (in Nim a heap's value is its size)".to_string()
        } else {
            format!("the {word}s' Grundy values")
        };
        lines.push(format!(
            "nim-sum of {whose}: {} = {}",
            sum.join(" ⊕ "),
            total.get()
        ));
        if total.is_zero() {
            lines.push(
                "the nim-sum is 0, so the player to move loses against perfect play: every move makes it non-zero and the answer restores 0."
                    .to_string(),
            );
        } else {
            lines.push(format!(
                "it is not 0, so the player to move wins by making it 0: change one {word} of value v into one of value v ⊕ {}:",
                total.get()
            ));
            for (i, part) in parts.iter().enumerate() {
                if !part.reachable {
                    continue;
                }
                let (v, shown) = (part.value, &part.shown);
                let label = if let Some(name) = &part.label {
                    format!("{name} (value {})", v.get())
                } else if *shown == v.get().to_string() {
                    format!("{word} {}", i + 1)
                } else {
                    format!("{word} {} ({shown}, value {})", i + 1, v.get())
                };
                lines.push(format!(
                    "    {label}: {} → {} ⊕ {} = {}",
                    v.get(),
                    v.get(),
                    total.get(),
                    (v + total).get()
                ));
            }
        }
    } else {
        let g = total.get();
        if g == 0 {
            lines.push("Grundy value 0: the player to move loses against perfect play (every option has a non-zero value).".to_string());
        } else {
            lines.push(format!(
                "Grundy value {g}, not 0: the player to move wins by moving to a position of value 0."
            ));
        }
    }
    if !rows.is_empty() {
        lines.push(format!("winning moves ({}):", rows.len()));
        lines.extend(move_lines(rows));
    }
    lines
}

/// A perfect player of a partizan ruleset.
pub struct PartizanEngine<'r, R: PartizanRules> {
    name: String,
    rules: &'r R,
    solver: PartizanSolver<'r, R>,
    /// A drawing of positions, from the ruleset's definition.
    board_fn: Option<BoardFn<'r, R::Position>>,
    /// Short move forms, from the ruleset's definition.
    short_fn: Option<ShortFn<'r, R::Position>>,
    /// Words on the short move forms.
    help: Option<String>,
}

impl<'r, R> PartizanEngine<'r, R>
where
    R: PartizanRules + Notation<<R as PartizanRules>::Position>,
{
    /// A player of `rules`.
    pub fn new(name: String, rules: &'r R, options: &Options<'r>) -> Self {
        let (max_states, monitor) = (options.max_states, options.monitor);
        PartizanEngine {
            name,
            rules,
            solver: PartizanSolver::with_max_states(rules, max_states).with_monitor(monitor),
            board_fn: None,
            short_fn: None,
            help: None,
        }
    }

    /// The engine with the knowledge of the ruleset's [`Definition`]: its
    /// drawing and its short move forms.
    #[must_use]
    pub fn defined(mut self) -> Self
    where
        R: Definition<<R as PartizanRules>::Position>,
    {
        let rules = self.rules;
        self.board_fn = Some(Box::new(move |p| rules.draw(p)));
        self.short_fn = Some(Box::new(move |from, line| rules.read_move(from, line)));
        self.help = rules.move_help();
        self
    }

    fn value_text(&mut self, p: &R::Position) -> Result<String> {
        let g = self.solver.value(p)?;
        Ok(self.solver.store_mut().display(g))
    }
}

impl<R> Engine for PartizanEngine<'_, R>
where
    R: PartizanRules + Notation<<R as PartizanRules>::Position>,
{
    type Pos = R::Position;

    named_notation!();

    fn kind(&self) -> Kind {
        Kind::Partizan
    }

    fn move_help(&self) -> Option<String> {
        partizan_move_help(&self.name, self.help.as_deref())
    }

    fn key(&mut self, p: &R::Position) -> String {
        let mut parts = Vec::new();
        if !self.rules.decompose(p, &mut parts) {
            return self.format(p);
        }
        let mut names = Vec::new();
        for c in &parts {
            if !moves_of(self.rules, c, Player::Left).is_empty()
                || !moves_of(self.rules, c, Player::Right).is_empty()
            {
                names.push(self.rules.format_position(c));
            }
        }
        sum_key(names, self.format(p))
    }

    fn options(&mut self, p: &R::Position, mover: Player) -> Result<Vec<R::Position>> {
        Ok(moves_of(self.rules, p, mover))
    }

    fn describe(&self, from: &R::Position, to: &R::Position) -> String {
        self.rules.describe_move(from, to)
    }

    fn board(&self, p: &R::Position) -> Option<String> {
        if let Some(drawn) = self.board_fn.as_ref().and_then(|f| f(p)) {
            return Some(drawn);
        }
        board::draw(&self.name, &self.format(p))
    }

    fn short_move(&mut self, from: &R::Position, line: &str) -> Option<Result<R::Position, String>> {
        self.short_fn.as_ref().and_then(|f| f(from, line))
    }

    fn verdict(&mut self, p: &R::Position, mover: Player) -> Result<Verdict> {
        let o = self.solver.outcome(p)?;
        let wins = matches!(
            (mover, o),
            (Player::Left, Outcome::L | Outcome::N) | (Player::Right, Outcome::R | Outcome::N)
        );
        Ok(if wins {
            Verdict::Win(None)
        } else {
            Verdict::Lose(None)
        })
    }

    fn hint(&mut self, p: &R::Position, mover: Player) -> Result<Vec<String>> {
        // The ruleset's part: values searched and positions written out; the
        // words are written once for every ruleset, by `partizan_hint_lines`.
        let value = self.value_text(p)?;
        let o = self.solver.outcome(p)?;
        let wins = self.verdict(p, mover)?.is_win();
        let winning = match mover {
            Player::Left => self.solver.left_winning_moves(p)?,
            Player::Right => self.solver.right_winning_moves(p)?,
        };
        let mut rows = Vec::with_capacity(winning.len());
        for to in &winning {
            let v = self.value_text(to)?;
            rows.push((self.format(to), self.describe(p, to), format!("value after: {v}")));
        }
        Ok(partizan_hint_lines(&value, o, mover, wins, &rows))
    }
}

/// The words on the short move forms of the partizan ruleset `name`: its
/// definition's (`help`), else those of the grid games read by their cells.
fn partizan_move_help(name: &str, help: Option<&str>) -> Option<String> {
    if let Some(help) = help {
        return Some(help.to_string());
    }
    match name {
        "domineering" => Some("by its cells, `b1-b2` (column letter, row number)".to_string()),
        "clobber" => Some("by the stone's cell and the cell it clobbers, `a1-b1`".to_string()),
        _ => None,
    }
}

/// The hint of a partizan position of value `value` and outcome `o` for
/// `mover` (who `wins` or not), with the winning moves (`rows`).
fn partizan_hint_lines(
    value: &str,
    o: Outcome,
    mover: Player,
    wins: bool,
    rows: &[(String, String, String)],
) -> Vec<String> {
    let (me, other, want) = match mover {
        Player::Left => ("Left", "Right", "≥ 0"),
        Player::Right => ("Right", "Left", "≤ 0"),
    };
    let mut lines = vec![format!(
        "value {value} (outcome {o}): {me}, to move, {}.",
        if wins {
            "wins"
        } else {
            "loses against perfect play"
        }
    )];
    lines.push(format!(
        "a {me} move wins when the value after it is {want} ({other}, moving next, then loses):"
    ));
    if rows.is_empty() {
        lines.push(format!(
            "no {me} move does: every one leaves a value {other} wins from."
        ));
        return lines;
    }
    lines.push(format!("winning moves ({}):", rows.len()));
    lines.extend(move_lines(rows));
    lines
}

/// The solved value of state `s` in `table`.
fn solved_at(table: &StateTable, s: u64) -> Result<crate::loopy::SolvedValue> {
    table
        .get(s)
        .ok_or_else(|| Error::internal(format!("state {s} is not in the solved table")))
}

/// The best moves at state `s` of a solved space, in move order: the options
/// ranked highest by [`Verdict::rank_for_mover`] (wins soonest, else draws,
/// else losses latest). Empty at a terminal state. O(moves of `s`).
///
/// # Errors
/// An option missing from `table` (an internal failure).
pub(crate) fn best_state_moves<S: StateSpace + ?Sized>(
    space: &S,
    table: &StateTable,
    s: u64,
) -> Result<Vec<u64>> {
    if space.terminal(s).is_some() {
        return Ok(Vec::new());
    }
    let mut options = Vec::new();
    space.moves(s, &mut options);
    let mut ranked = Vec::with_capacity(options.len());
    for to in options {
        ranked.push((Verdict::from(solved_at(table, to)?).rank_for_mover(), to));
    }
    let top = ranked.iter().map(|r| r.0).max();
    Ok(ranked
        .into_iter()
        .filter(|r| Some(r.0) == top)
        .map(|r| r.1)
        .collect())
}

/// The solution a [`SpaceEngine`] plays by.
enum Solution {
    /// Win, lose or draw with remoteness for every state.
    Table(StateTable),
    /// The minimax score of every state for the player to move there.
    Scores(Vec<i64>),
}

/// A perfect player of a solved state space: wins as fast as possible, loses
/// as slowly as possible, and keeps draws; in a game played for a score,
/// takes the moves that give it the best score.
pub struct SpaceEngine<'s, S> {
    name: String,
    space: &'s S,
    solution: Solution,
}

impl<'s, S: SpaceNotation> SpaceEngine<'s, S> {
    /// A player of `space`, whose solved table is `table`.
    pub fn new(name: String, space: &'s S, table: StateTable) -> Self {
        SpaceEngine {
            name,
            space,
            solution: Solution::Table(table),
        }
    }

    /// A player of `space` played for a score: `scores[s]` is the minimax
    /// score of state `s` for the player to move there (each player
    /// maximising their own, the opponent's being its negative).
    pub fn scored(name: String, space: &'s S, scores: Vec<i64>) -> Self {
        SpaceEngine {
            name,
            space,
            solution: Solution::Scores(scores),
        }
    }

    /// The best moves from `s`: the best ranked options (see
    /// [`best_state_moves`]), or those whose score is the state's.
    fn best_moves(&self, s: u64) -> Result<Vec<u64>> {
        match &self.solution {
            Solution::Table(table) => best_state_moves(self.space, table, s),
            Solution::Scores(scores) => {
                let score = |t: u64| {
                    usize::try_from(t)
                        .ok()
                        .and_then(|t| scores.get(t))
                        .copied()
                        .ok_or_else(|| Error::internal(format!("state {t} has no score")))
                };
                let mut options = Vec::new();
                self.space.moves(s, &mut options);
                let here = score(s)?;
                let mut best = Vec::new();
                for to in options {
                    if score(to)?.checked_neg() == Some(here) {
                        best.push(to);
                    }
                }
                Ok(best)
            }
        }
    }
}

impl<S: SpaceNotation> Engine for SpaceEngine<'_, S> {
    type Pos = u64;

    fn ruleset(&self) -> &str {
        &self.name
    }

    fn kind(&self) -> Kind {
        Kind::Loopy
    }

    fn format(&self, p: &u64) -> String {
        self.space.format_state(*p)
    }

    fn parse(&self, text: &str) -> Result<u64, String> {
        self.space.parse_state(text)
    }

    fn options(&mut self, p: &u64, _mover: Player) -> Result<Vec<u64>> {
        if self.space.terminal(*p).is_some() {
            return Ok(Vec::new());
        }
        let mut out = Vec::new();
        self.space.moves(*p, &mut out);
        Ok(out)
    }

    fn describe(&self, from: &u64, to: &u64) -> String {
        self.space.describe_state_move(*from, *to)
    }

    fn board(&self, p: &u64) -> Option<String> {
        board::draw(&self.name, &self.format(p))
    }

    fn verdict(&mut self, p: &u64, _mover: Player) -> Result<Verdict> {
        match &self.solution {
            Solution::Table(table) => solved_at(table, *p).map(Verdict::from),
            Solution::Scores(scores) => usize::try_from(*p)
                .ok()
                .and_then(|s| scores.get(s))
                .map(|&v| Verdict::Score(v))
                .ok_or_else(|| Error::internal(format!("state {p} has no score"))),
        }
    }

    fn hint(&mut self, p: &u64, mover: Player) -> Result<Vec<String>> {
        let now = self.verdict(p, mover)?;
        let me = self.space.mover(*p);
        let how = if matches!(now, Verdict::Score(_)) {
            "each player maximising their own score"
        } else {
            "the winner hurries, the loser delays; remoteness counts plies, moves count the winner's turns"
        };
        let mut lines = vec![format!(
            "{me} to move: {} with perfect play ({how}).",
            now.words()
        )];
        let mut shown = Vec::new();
        for to in self.best_moves(*p)? {
            let mine = match self.verdict(&to, mover.opponent())? {
                Verdict::Win(r) => Verdict::Lose(r.map(|r| r + 1)),
                Verdict::Lose(r) => Verdict::Win(r.map(|r| r + 1)),
                Verdict::Draw => Verdict::Draw,
                Verdict::Score(v) => Verdict::Score(v.saturating_neg()),
            };
            shown.push((
                self.format(&to),
                self.describe(p, &to),
                format!("{me}: {}", mine.words()),
            ));
        }
        if !shown.is_empty() {
            lines.push(format!("best moves ({}):", shown.len()));
            lines.extend(move_lines(&shown));
        }
        Ok(lines)
    }

    fn mover_name(&self, p: &u64) -> Option<String> {
        Some(self.space.mover(*p))
    }
}
