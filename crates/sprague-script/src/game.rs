//! The scripted game as the engine's rule traits: [`ImpartialRules`],
//! [`PartizanRules`] and [`Notation`] over [`Pos`], with the script's move
//! lists cached, and the check that a game meant to end has no cycle.

use crate::pos::Pos;
use crate::script::{Script, ScriptFailure, shorten};
use rustc_hash::FxHashMap as HashMap;
use sprague::monitor::Monitor;
use sprague::notation::{Notation, ParseError};
use sprague::{ImpartialRules, PartizanRules};
use std::collections::hash_map::Entry;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

/// Which move function of the script.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Mover {
    /// `fn moves(p)` (impartial games).
    Both,
    /// `fn left(p)`.
    Left,
    /// `fn right(p)`.
    Right,
}

impl Mover {
    const fn hook(self) -> &'static str {
        match self {
            Mover::Both => "moves",
            Mover::Left => "left",
            Mover::Right => "right",
        }
    }
}

type MoveCache = HashMap<(Mover, Pos), Arc<[Pos]>>;

/// The answers of `fn components`: `None` for a single component.
type ComponentCache = HashMap<Pos, Option<Arc<[Pos]>>>;

/// A rules script as an engine ruleset. Every rule call goes to the script;
/// move lists are cached (a position's options are asked for again by
/// winning-move searches and play), so each position's moves run once.
///
/// A failing call is recorded in the script (see [`Script`]) and answers
/// "no moves"; the registry adapter reports the failure instead of the result.
#[derive(Clone, Debug)]
pub struct ScriptGame {
    pub(crate) script: Arc<Script>,
    cache: Arc<Mutex<MoveCache>>,
    /// The components of the positions asked about (a table asks about the
    /// same option from several heaps).
    parts: Arc<Mutex<ComponentCache>>,
    /// Set once a cache would have grown past the memory budget: from then
    /// on neither cache grows, and the resident memory is not read again.
    full: Arc<AtomicBool>,
}

impl ScriptGame {
    /// The rules of `script`.
    #[must_use]
    pub fn new(script: Arc<Script>) -> Self {
        ScriptGame {
            script,
            cache: Arc::new(Mutex::new(HashMap::default())),
            parts: Arc::new(Mutex::new(HashMap::default())),
            full: Arc::new(AtomicBool::new(false)),
        }
    }

    /// Whether a cache of `len` entries in `capacity` slots of `entry_bytes`
    /// may take one more entry within the script's memory budget (see
    /// [`sprague::budget::table_may_grow`]). The caches only save calls, so
    /// near the budget they stop growing and answers stay the same.
    fn may_grow(&self, len: usize, capacity: usize, entry_bytes: usize) -> bool {
        if len < capacity {
            return true;
        }
        if self.full.load(Ordering::Relaxed) {
            return false;
        }
        let grow = sprague::budget::table_may_grow(len, capacity, entry_bytes, self.script.max_memory());
        if !grow {
            self.full.store(true, Ordering::Relaxed);
        }
        grow
    }

    /// The options of `p` for `mover`, from the cache or the script.
    pub(crate) fn options(&self, mover: Mover, p: &Pos) -> Arc<[Pos]> {
        let key = (mover, p.clone());
        if let Some(found) = self.lock().get(&key) {
            return found.clone();
        }
        let list = self.options_made(mover, p);
        let mut cache = self.lock();
        // The cache only saves calls: near the memory budget it stops
        // growing, so it never holds a search's memory past the budget.
        if !self.may_grow(
            cache.len(),
            cache.capacity(),
            size_of::<((Mover, Pos), Arc<[Pos]>)>(),
        ) {
            return list;
        }
        match cache.entry(key) {
            Entry::Occupied(o) => o.get().clone(),
            Entry::Vacant(v) => v.insert(list).clone(),
        }
    }

    /// The options of `p` for `mover` that a solver asks for as it expands
    /// `p`. A solver keeps what it learns of a position and asks once, so a
    /// position's list is taken from the cache (where `play` lists every
    /// position first) but not put there: keeping every list cost a tenth of
    /// the time of a plain Domineering script and most of its memory. A
    /// sum's list still is, as its parts' lists are reused by the sums
    /// around it.
    fn expand(&self, mover: Mover, p: &Pos) -> Arc<[Pos]> {
        if let Pos::Sum(_) = p {
            return self.options(mover, p);
        }
        if let Some(found) = self.lock().get(&(mover, p.clone())) {
            return found.clone();
        }
        self.options_made(mover, p)
    }

    /// The options of `p` for `mover` as the script makes them (a sum's:
    /// each part's moves, the parts' lists through the cache); none once
    /// the script has failed.
    fn options_made(&self, mover: Mover, p: &Pos) -> Arc<[Pos]> {
        if self.script.failed() {
            return Arc::from([]);
        }
        let mut out = Vec::new();
        if let Pos::Sum(parts) = p {
            // A move in a sum is a move in one part.
            for (i, part) in parts.iter().enumerate() {
                if i > 0 && parts[i - 1] == *part {
                    continue; // the same options as the part before
                }
                for q in self.options(mover, part).iter() {
                    let mut next: Vec<Pos> = Vec::with_capacity(parts.len());
                    next.extend(parts[..i].iter().cloned());
                    next.push(q.clone());
                    next.extend(parts[i + 1..].iter().cloned());
                    out.push(Pos::sum(next));
                }
            }
        } else if let Err(e) = self.script.positions(mover.hook(), p, &mut out) {
            self.script.fail(e);
            return Arc::from([]);
        }
        out.into()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, MoveCache> {
        self.cache.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Forgets the cached move lists and components.
    pub(crate) fn clear_cache(&self) {
        self.lock().clear();
        self.parts.lock().unwrap_or_else(PoisonError::into_inner).clear();
        self.full.store(false, Ordering::Relaxed);
    }

    /// The components of `p` by `fn components`, or `None` when the script
    /// has none or `p` is a single component (the script answered `[p]`).
    pub(crate) fn components(&self, p: &Pos) -> Option<Vec<Pos>> {
        self.components_shared(p).map(|parts| parts.to_vec())
    }

    /// [`ScriptGame::components`], shared from the cache: each position's
    /// components are asked of the script once.
    pub(crate) fn components_shared(&self, p: &Pos) -> Option<Arc<[Pos]>> {
        if let Pos::Sum(parts) = p {
            // Each part may be a sum by `fn components` in turn.
            if !self.script.has_components() {
                return Some(parts.clone());
            }
            let mut out = Vec::with_capacity(parts.len());
            for part in parts.iter() {
                match self.components_shared(part) {
                    Some(inner) => out.extend(inner.iter().cloned()),
                    None => out.push(part.clone()),
                }
            }
            return Some(out.into());
        }
        if let Some(regions) = self.script.regions {
            return regions.split(p).map(Arc::from);
        }
        if !self.script.hooks.components || self.script.failed() {
            return None;
        }
        let cache = || self.parts.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(found) = cache().get(p) {
            return found.clone();
        }
        let mut out = Vec::new();
        if let Err(e) = self.script.positions("components", p, &mut out) {
            self.script.fail(e);
            return None;
        }
        let found = if out.len() == 1 && out.first() == Some(p) {
            None
        } else {
            // A component given as a sum is its parts.
            Some(match Pos::sum(out) {
                Pos::Sum(parts) => parts,
                single => Arc::from([single]),
            })
        };
        let mut parts = cache();
        if self.may_grow(
            parts.len(),
            parts.capacity(),
            size_of::<(Pos, Option<Arc<[Pos]>>)>(),
        ) {
            parts.insert(p.clone(), found.clone());
        }
        found
    }

    /// Checks that no position reachable from `start` (through the moves of
    /// `movers`, component by component) is reachable from itself: the
    /// solvers of short games assume play ends. Visits each reachable
    /// component once (its moves are cached for the solver that follows).
    ///
    /// # Errors
    /// A cycle (naming a position on it and how to solve a loopy game), more
    /// than `max_states` components, or a stop through `monitor`.
    pub(crate) fn check_acyclic(
        &self,
        start: &Pos,
        movers: &[Mover],
        max_states: usize,
        monitor: &Monitor,
    ) -> Result<(), sprague::Error> {
        // 1 = on the current path, 2 = done.
        let mut state: HashMap<Pos, u8> = HashMap::default();
        let roots = self.components(start).unwrap_or_else(|| vec![start.clone()]);
        for root in roots {
            if state.contains_key(&root) {
                continue;
            }
            let mut stack: Vec<(Pos, Vec<Pos>)> = vec![(root.clone(), self.children(&root, movers))];
            state.insert(root, 1);
            while let Some((_, pending)) = stack.last_mut() {
                if self.script.failed() {
                    return Ok(()); // reported by the caller
                }
                let Some(next) = pending.pop() else {
                    if let Some((done, _)) = stack.pop() {
                        state.insert(done, 2);
                    }
                    continue;
                };
                match state.get(&next) {
                    Some(2) => {}
                    Some(_) => {
                        return Err(sprague::Error::input(format!(
                            "{}: position {} can be reached from itself, so play need not end; add `fn loopy() {{ true }}` to solve the game as win, lose or draw",
                            self.script.file,
                            shorten(&next)
                        )));
                    }
                    None => {
                        if state.len() >= max_states {
                            return Err(sprague::BudgetExceeded { max_states }.into());
                        }
                        if state.len().is_multiple_of(1024) {
                            monitor.check()?;
                        }
                        let children = self.children(&next, movers);
                        state.insert(next.clone(), 1);
                        stack.push((next, children));
                    }
                }
            }
        }
        Ok(())
    }

    /// The components of every option of `p` for `movers`.
    fn children(&self, p: &Pos, movers: &[Mover]) -> Vec<Pos> {
        let mut out = Vec::new();
        for &m in movers {
            for q in self.options(m, p).iter() {
                match self.components(q) {
                    Some(parts) => out.extend(parts.into_iter().map(|c| self.key(c))),
                    None => out.push(self.key(q.clone())),
                }
            }
        }
        out
    }

    /// The board a search meets in place of `p`: its least image under the
    /// script's `fn symmetry()` (images of one board reach the same
    /// positions up to symmetry, so one of them is explored).
    fn key(&self, p: Pos) -> Pos {
        match (&p, self.script.symmetry) {
            (Pos::Board(b), Some(sym)) => {
                let every = sprague::blocks::Symmetry::new(sym.keeping() | sym.negating(), 0);
                Pos::Board(every.canonical(b).0)
            }
            _ => p,
        }
    }
}

impl ImpartialRules for ScriptGame {
    type Position = Pos;

    /// The least image of a board under the script's `fn symmetry()` (an
    /// impartial game's negative is itself, so every image counts).
    fn normalize(&self, position: &Pos) -> Option<Pos> {
        match (position, self.script.symmetry) {
            (Pos::Board(b), Some(sym)) => Some(Pos::Board(sym.canonical(b).0)),
            _ => None,
        }
    }

    fn moves(&self, position: &Pos, out: &mut Vec<Pos>) {
        out.extend(self.expand(Mover::Both, position).iter().cloned());
    }

    /// The script's components; with `fn symmetry()`, board parts (or a
    /// whole board) replaced by their key, the least image.
    fn decompose(&self, position: &Pos, out: &mut Vec<Pos>) -> bool {
        let start = out.len();
        let split = self.split(position, out);
        let Some(sym) = self.script.symmetry else {
            return split;
        };
        // Every image of an impartial game has its value: G = -G.
        let every = sprague::blocks::Symmetry::new(sym.keeping() | sym.negating(), 0);
        if split {
            for part in &mut out[start..] {
                if let Pos::Board(b) = part {
                    *b = every.canonical(b).0;
                }
            }
            return true;
        }
        if let Pos::Board(b) = position {
            let key = every.canonical(b).0;
            if key != *b {
                out.push(Pos::Board(key));
                return true;
            }
        }
        false
    }
}

impl PartizanRules for ScriptGame {
    type Position = Pos;

    /// The least image of a board under the script's `fn symmetry()`, and
    /// whether it is worth the negated value.
    fn canonical_key(&self, position: &Pos) -> (Pos, bool) {
        match (position, self.script.symmetry) {
            (Pos::Board(b), Some(sym)) => {
                let (key, negated) = sym.canonical(b);
                (Pos::Board(key), negated)
            }
            _ => (position.clone(), false),
        }
    }

    fn left_moves(&self, position: &Pos, out: &mut Vec<Pos>) {
        out.extend(self.expand(Mover::Left, position).iter().cloned());
    }

    fn right_moves(&self, position: &Pos, out: &mut Vec<Pos>) {
        out.extend(self.expand(Mover::Right, position).iter().cloned());
    }

    fn decompose(&self, position: &Pos, out: &mut Vec<Pos>) -> bool {
        self.split(position, out)
    }

    /// A board of at most 29 cells in one word ([`Board::memo_word`](sprague::blocks::Board::memo_word)):
    /// the word is the whole position, so the solver keeps a word and an
    /// id for it instead of the board.
    fn memo_word(&self, position: &Pos) -> Option<u64> {
        match position {
            Pos::Board(b) => b.memo_word(),
            _ => None,
        }
    }
}

impl Notation<Pos> for ScriptGame {
    /// Boards and graphs of the blocks name the cells that changed; other
    /// positions say what the move changed: the entries of a map (`bits 15
    /// to 12`), or the parts of a sum taken away and put in their place
    /// (`7 to 1 + 4`).
    fn describe_move(&self, from: &Pos, to: &Pos) -> String {
        self.describe_change(from, to)
            .or_else(|| changed_entries(from, to))
            .unwrap_or_else(|| self.changed_parts(from, to))
    }

    /// `fn parse(text)` when the script has it, else the text read as a rhai
    /// literal (`[3, 4]`, `"abc"`, `#{x: 1}`).
    fn parse_position(&self, text: &str) -> Result<Pos, ParseError> {
        self.script.parse_text(text)
    }

    /// `fn show(p)` when the script has it, else the rhai literal.
    ///
    /// A sum is written as its parts joined by ` + `, parts without moves
    /// (worth nothing) left out, and `0` when nothing is left.
    fn format_position(&self, position: &Pos) -> String {
        if let Pos::Sum(parts) = position {
            let shown: Vec<String> = parts
                .iter()
                .filter(|q| !self.is_void(q))
                .map(|q| self.format_position(q))
                .collect();
            return if shown.is_empty() {
                "0".to_string()
            } else {
                shown.join(" + ")
            };
        }
        if !self.script.hooks.show || self.script.failed() {
            let cells = self.script.cells();
            return match position {
                // A board or graph the script reads with `fn parse` is
                // written in its own notation, `..#|x.o`.
                Pos::Board(b) if self.script.hooks.parse => b.show(&cells),
                Pos::Graph(g) if self.script.hooks.parse => g.show(&cells),
                _ => position.show(&cells),
            };
        }
        match self.script.call("show", (position.to_dynamic(),), Some(position)) {
            Ok(s) if s.is_string() => s.to_string(),
            Ok(other) => {
                self.script.fail(ScriptFailure(format!(
                    "{}: fn show({}) returned {}, not a string",
                    self.script.file,
                    shorten(position),
                    other.type_name()
                )));
                position.to_string()
            }
            Err(e) => {
                self.script.fail(e);
                position.to_string()
            }
        }
    }
}

impl ScriptGame {
    /// The script's components of `position` added to `out` (`false`: one
    /// component).
    fn split(&self, position: &Pos, out: &mut Vec<Pos>) -> bool {
        match self.components(position) {
            Some(parts) => {
                out.extend(parts);
                true
            }
            None => false,
        }
    }

    /// The move from `from` to `to` named by what changed when both are
    /// boards or graphs (`b1-b2`, `vertex 3`), else the position reached.
    fn describe_change(&self, from: &Pos, to: &Pos) -> Option<String> {
        let cells = self.script.cells();
        match (from, to) {
            (Pos::Board(a), Pos::Board(b)) => Some(a.describe_change(b, &cells)),
            (Pos::Graph(a), Pos::Graph(b)) => Some(a.describe_change(b, &cells)),
            _ => None,
        }
    }
}

impl ScriptGame {
    /// Whether `q` has no move for either player (a part of a sum that is
    /// worth nothing).
    fn is_void(&self, q: &Pos) -> bool {
        self.movers().iter().all(|&m| self.options(m, q).is_empty())
    }

    /// Who moves in the script's game: Left and Right (`fn left`, `fn
    /// right`), or either player alike (`fn moves`).
    pub(crate) fn movers(&self) -> &'static [Mover] {
        if self.script.hooks.partizan {
            &[Mover::Left, Mover::Right]
        } else {
            &[Mover::Both]
        }
    }

    /// `from` and `to` as sums (a position that is not a sum: one part), the
    /// parts of `from` that the move took away `to` those it put in.
    fn changed_parts(&self, from: &Pos, to: &Pos) -> String {
        let (a, b) = (
            from.parts().unwrap_or(core::slice::from_ref(from)),
            to.parts().unwrap_or(core::slice::from_ref(to)),
        );
        // Both sorted (a sum's parts are): the two multisets' differences.
        let (mut gone, mut new) = (Vec::new(), Vec::new());
        let (mut i, mut j) = (0, 0);
        while i < a.len() && j < b.len() {
            match a[i].cmp(&b[j]) {
                core::cmp::Ordering::Equal => (i, j) = (i + 1, j + 1),
                core::cmp::Ordering::Less => {
                    gone.push(&a[i]);
                    i += 1;
                }
                core::cmp::Ordering::Greater => {
                    new.push(&b[j]);
                    j += 1;
                }
            }
        }
        gone.extend(&a[i..]);
        new.extend(&b[j..]);
        // Parts without a move (worth nothing) are left out, as when a sum
        // is written.
        gone.retain(|q| !self.is_void(q));
        new.retain(|q| !self.is_void(q));
        let show = |ps: &[&Pos]| {
            ps.iter()
                .map(|p| self.format_position(p))
                .collect::<Vec<_>>()
                .join(" + ")
        };
        match (gone.is_empty(), new.is_empty()) {
            (true, true) => "no change".to_string(),
            (_, true) => format!("{} to nothing", show(&gone)),
            (true, _) => format!("to {}", show(&new)),
            _ => format!("{} to {}", show(&gone), show(&new)),
        }
    }
}

/// The entries that a move changed in a map position of fixed keys
/// (`bits 1048575 to 1048542`); `None` for other positions.
fn changed_entries(from: &Pos, to: &Pos) -> Option<String> {
    let a: Vec<(&str, Pos)> = from.map_entries().collect();
    let b: Vec<(&str, Pos)> = to.map_entries().collect();
    if a.is_empty() || a.len() != b.len() || a.iter().zip(&b).any(|(x, y)| x.0 != y.0) {
        return None;
    }
    let changed: Vec<String> = a
        .iter()
        .zip(&b)
        .filter(|(x, y)| x.1 != y.1)
        .map(|(x, y)| format!("{} {} to {}", x.0, x.1, y.1))
        .collect();
    Some(if changed.is_empty() {
        "no change".to_string()
    } else {
        changed.join(", ")
    })
}

impl sprague::Definition<Pos> for ScriptGame {
    /// Boards drawn with coordinates in the game's cells.
    fn draw(&self, p: &Pos) -> Option<String> {
        match p {
            Pos::Board(b) => Some(b.draw(&self.script.cells())),
            _ => None,
        }
    }
}
