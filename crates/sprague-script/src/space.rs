//! A scripted game as a state space for retrograde analysis (win, lose or
//! draw with remoteness): positions reachable from the queried one are
//! numbered as they are found, with their moves and terminal outcomes, and
//! the engine's [`StateSpaceSolver`](sprague::StateSpaceSolver) solves them.

use crate::game::{Mover, ScriptGame};
use crate::pos::Pos;
use crate::script::{ScriptFailure, shorten};
use sprague::monitor::Monitor;
use sprague::notation::Notation;
use sprague::play::SpaceNotation;
use sprague::{Error, StateSpace, Wld};
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
    /// `"draw"` for the player to move, or `()` to play on.
    fn terminal_of(&self, p: &Pos) -> Result<Option<Wld>, ScriptFailure> {
        let script = &self.game.script;
        if !script.hooks.terminal {
            return Ok(None);
        }
        let v = script.call("terminal", (p.to_dynamic(),), Some(p))?;
        if v.is_unit() {
            return Ok(None);
        }
        let text = v.clone().into_string().unwrap_or_default();
        match text.as_str() {
            "win" => Ok(Some(Wld::Win)),
            "lose" => Ok(Some(Wld::Lose)),
            "draw" => Ok(Some(Wld::Draw)),
            _ => Err(ScriptFailure(format!(
                "{}: fn terminal({}) returned {v:?}; expected \"win\", \"lose\", \"draw\" or () to play on",
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
            let s = e.positions.len() as u64;
            e.index.insert(p.clone(), s);
            e.positions.push(p);
            e.moves.push(Vec::new());
            e.terminal.push(None);
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
                e.terminal[next] = terminal;
                if terminal.is_none() {
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
            e.index.retain(|_, s| *s < first as u64);
        }
        result
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

    fn describe_state_move(&self, from: u64, to: u64) -> String {
        let _ = from;
        format!("to {}", self.format_state(to))
    }

    fn mover(&self, s: u64) -> String {
        let _ = s;
        "The player".to_string()
    }
}
