//! A scripted game as a state space for retrograde analysis (win, lose or
//! draw with remoteness): positions reachable from the queried one are
//! numbered as they are found, with their moves and terminal outcomes, and
//! the engine's [`StateSpaceSolver`](sprague::StateSpaceSolver) solves them.

use crate::game::{Mover, ScriptGame};
use crate::pos::Pos;
use crate::script::{ScriptFailure, shorten};
use sprague::loopy::minimax_dag_with;
use sprague::monitor::Monitor;
use sprague::monitor::Stopped;
use sprague::notation::Notation;
use sprague::play::SpaceNotation;
use sprague::{DiGraph, Error, StateSpace, Wld};
use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard, PoisonError};

/// The positions found so far, closed under moves: every state's options
/// are states.
#[derive(Debug, Default)]
struct Explored {
    positions: Vec<Pos>,
    index: HashMap<Pos, u64>,
    moves: Vec<Vec<u64>>,
    terminal: Vec<Option<Wld>>,
    /// The score of each state for the player to move, when `fn terminal`
    /// gave a number (the game ends there).
    scores: Vec<Option<i64>>,
}

/// What `fn terminal(p)` says of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Terminal {
    /// `()`: play on.
    No,
    /// `"win"`, `"lose"` or `"draw"` for the player to move.
    Wld(Wld),
    /// A number: the game ends with this score for the player to move.
    Score(i64),
}

/// The scripted game as a [`StateSpace`] over the positions explored so far
/// (see [`ScriptSpace::explore`]).
#[derive(Debug)]
pub struct ScriptSpace {
    game: ScriptGame,
    explored: Mutex<Explored>,
}

impl ScriptSpace {
    /// An empty space of `game`.
    #[must_use]
    pub fn new(game: ScriptGame) -> Self {
        ScriptSpace {
            game,
            explored: Mutex::new(Explored::default()),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Explored> {
        self.explored.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The terminal outcome of `p` by `fn terminal(p)`: `"win"`, `"lose"` or
    /// `"draw"` for the player to move, a score (an integer) for the player
    /// to move, or `()` to play on.
    fn terminal_of(&self, p: &Pos) -> Result<Terminal, ScriptFailure> {
        let script = &self.game.script;
        if !script.hooks.terminal {
            return Ok(Terminal::No);
        }
        let v = script.call_hook("terminal", p)?;
        if v.is_unit() {
            return Ok(Terminal::No);
        }
        if let Ok(score) = v.as_int() {
            // Scores lie within ±i64::MAX, so that the minimax solver may
            // negate them: -2^63 is refused, never changed into another score.
            if score == i64::MIN {
                return Err(ScriptFailure(format!(
                    "{}: fn terminal({}) returned {score}, out of range: a score lies between -{} and {}",
                    script.file,
                    shorten(p),
                    i64::MAX,
                    i64::MAX
                )));
            }
            return Ok(Terminal::Score(score));
        }
        let text = v.clone().into_string().unwrap_or_default();
        match text.as_str() {
            "win" => Ok(Terminal::Wld(Wld::Win)),
            "lose" => Ok(Terminal::Wld(Wld::Lose)),
            "draw" => Ok(Terminal::Wld(Wld::Draw)),
            _ => Err(ScriptFailure(format!(
                "{}: fn terminal({}) returned {v:?}; expected \"win\", \"lose\", \"draw\", a score (an integer) or () to play on",
                script.file,
                shorten(p)
            ))),
        }
    }

    /// Adds every position reachable from `start` (breadth first) and
    /// returns the state of `start`. Terminal positions are not expanded.
    ///
    /// # Errors
    /// A failing script call, more than `max_states` positions, a stop
    /// through `monitor`.
    pub fn explore(&self, start: &Pos, max_states: usize, monitor: &Monitor) -> Result<u64, Error> {
        let mut e = self.lock();
        if let Some(&s) = e.index.get(start) {
            return Ok(s);
        }
        let first = e.positions.len();
        let add = |e: &mut Explored, p: Pos| -> Result<u64, Error> {
            if let Some(&s) = e.index.get(&p) {
                return Ok(s);
            }
            if e.positions.len() >= max_states {
                return Err(sprague::BudgetExceeded { max_states }.into());
            }
            // A state's index entry, position, move list and outcomes.
            let entry = size_of::<(Pos, u64)>() + size_of::<Pos>() + size_of::<Vec<u64>>() + 16;
            sprague::budget::table_growth(
                e.index.len(),
                e.index.capacity(),
                entry,
                monitor.max_memory(),
                "the state space of the script's game",
            )?;
            let s = e.positions.len() as u64;
            e.index.insert(p.clone(), s);
            e.positions.push(p);
            e.moves.push(Vec::new());
            e.terminal.push(None);
            e.scores.push(None);
            Ok(s)
        };
        let root = add(&mut e, start.clone())?;
        let mut next = first;
        let result = (|| {
            while next < e.positions.len() {
                if next.is_multiple_of(256) {
                    monitor.check()?;
                }
                let p = e.positions[next].clone();
                let terminal = self.terminal_of(&p).map_err(|f| Error::input(f.0))?;
                match terminal {
                    Terminal::No => {}
                    Terminal::Wld(w) => e.terminal[next] = Some(w),
                    Terminal::Score(x) => e.scores[next] = Some(x),
                }
                if terminal == Terminal::No {
                    let options = self.game.options(Mover::Both, &p);
                    if let Some(f) = self.game.script.take_failure() {
                        return Err(Error::input(f));
                    }
                    let mut targets = Vec::with_capacity(options.len());
                    for q in options.iter() {
                        targets.push(add(&mut e, q.clone())?);
                    }
                    e.moves[next] = targets;
                }
                monitor.add(1);
                next += 1;
            }
            Ok(root)
        })();
        if result.is_err() {
            // Keep the space closed under moves: forget this exploration.
            e.positions.truncate(first);
            e.moves.truncate(first);
            e.terminal.truncate(first);
            e.scores.truncate(first);
            e.index.retain(|_, s| *s < first as u64);
        }
        result
    }

    /// Whether some explored position ended with a score (`fn terminal`
    /// returned a number): the game is then played for a score.
    pub fn scored(&self) -> bool {
        self.lock().scores.iter().any(Option::is_some)
    }

    /// Minimax values of every explored state: the score of the player to
    /// move with perfect play, each player maximising their own score
    /// (negamax), by [`minimax_dag_with`] over the explored positions. O(n + m).
    ///
    /// # Errors
    /// A position with no moves and no score, one with a win/lose/draw
    /// outcome among scores, a position on a cycle (minimax values need play
    /// to end), a stop through `monitor`.
    pub fn minimax(&self, monitor: &Monitor) -> Result<Vec<i64>, Error> {
        let (graph, scores) = {
            let e = self.lock();
            let file = &self.game.script.file;
            let mut sources = Vec::new();
            let mut targets = Vec::new();
            for (s, moves) in e.moves.iter().enumerate() {
                let p = || self.game.format_position(&e.positions[s]);
                if e.terminal[s].is_some() {
                    return Err(Error::input(format!(
                        "{file}: fn terminal({}) gave a win/lose/draw outcome, but other positions end with a score: give every end a score",
                        p()
                    )));
                }
                if moves.is_empty() && e.scores[s].is_none() {
                    return Err(Error::input(format!(
                        "{file}: position {} has no moves and no score: make fn terminal return its score",
                        p()
                    )));
                }
                let from = u32::try_from(s).map_err(|_| Error::input("too many positions"))?;
                for &t in moves {
                    sources.push(from);
                    targets.push(u32::try_from(t).map_err(|_| Error::input("too many positions"))?);
                }
            }
            let graph = DiGraph::from_edges(e.positions.len(), &sources, &targets)
                .map_err(|g| Error::internal(format!("the explored positions as a graph: {g}")))?;
            (graph, e.scores.clone())
        };
        minimax_dag_with(
            &graph,
            |v| scores.get(v as usize).copied().flatten().unwrap_or(0),
            monitor,
        )
        .map_err(|stop| match stop {
            Stopped::Failed(c) => Error::input(format!(
                "{}: position {} can be reached from itself; a game played for a score must end (scores are solved by minimax, which needs play to end)",
                self.game.script.file,
                self.position(u64::from(c.vertex))
                    .map_or_else(|| format!("state {}", c.vertex), |p| self.game.format_position(&p))
            )),
            Stopped::Budget(b) => b.into(),
            Stopped::Interrupted(i) => i.into(),
        })
    }

    /// The moves of state `s`.
    pub(crate) fn state_moves(&self, s: u64) -> Vec<u64> {
        let mut out = Vec::new();
        StateSpace::moves(self, s, &mut out);
        out
    }

    /// The position of state `s`.
    fn position(&self, s: u64) -> Option<Pos> {
        self.lock().positions.get(usize::try_from(s).ok()?).cloned()
    }
}

impl StateSpace for ScriptSpace {
    fn state_count(&self) -> u64 {
        self.lock().positions.len() as u64
    }

    fn terminal(&self, s: u64) -> Option<Wld> {
        let e = self.lock();
        e.terminal.get(usize::try_from(s).ok()?).copied().flatten()
    }

    fn moves(&self, s: u64, out: &mut Vec<u64>) {
        let e = self.lock();
        if let Some(m) = usize::try_from(s).ok().and_then(|i| e.moves.get(i)) {
            out.extend_from_slice(m);
        }
    }
}

impl SpaceNotation for ScriptSpace {
    fn format_state(&self, s: u64) -> String {
        self.position(s)
            .map_or_else(|| format!("state {s}"), |p| self.game.format_position(&p))
    }

    fn parse_state(&self, text: &str) -> Result<u64, String> {
        let p = self
            .game
            .parse_position(text)
            .map_err(|e| format!("position `{text}`: {e}"))?;
        self.lock()
            .index
            .get(&p)
            .copied()
            .ok_or_else(|| format!("position `{text}` is not reachable from the start"))
    }

    /// As a scripted game describes its moves (the entries or parts that
    /// changed).
    fn describe_state_move(&self, from: u64, to: u64) -> String {
        match (self.position(from), self.position(to)) {
            (Some(a), Some(b)) => self.game.describe_move(&a, &b),
            _ => format!("to {}", self.format_state(to)),
        }
    }

    fn mover(&self, s: u64) -> String {
        let _ = s;
        "The player".to_string()
    }
}
