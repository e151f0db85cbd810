//! The object-safe face of a perfect player: positions are handles into the
//! player's own list, so a session (terminal, Python, browser) drives any
//! ruleset through one `dyn` type.

use super::engine::{Engine, Kind, Verdict};
use crate::partizan::Player;
use crate::query::Result;

/// A position of a [`PlayEngine`]: an index into the positions it has handed
/// out. Handles stay valid for the engine's lifetime.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PosId(pub usize);

/// A perfect player behind a `dyn` interface; see [`Engine`] for the meaning
/// of each method. Made by [`erase`].
pub trait PlayEngine {
    /// The ruleset's name (with parameters).
    fn ruleset(&self) -> &str;
    /// The family of the game.
    fn kind(&self) -> Kind;
    /// The starting position.
    fn start(&self) -> PosId;
    /// The position in the ruleset's notation.
    fn format(&self, p: PosId) -> String;
    /// Parses a position typed by the user; the error is one line.
    ///
    /// # Errors
    /// Text that is not a position of this ruleset.
    fn parse(&mut self, text: &str) -> core::result::Result<PosId, String>;
    /// A key equal for positions the user would call the same.
    fn key(&mut self, p: PosId) -> String;
    /// Every option of `mover` at `p`; empty when the game is over.
    ///
    /// # Errors
    /// Budgets reached and stops.
    fn options(&mut self, p: PosId, mover: Player) -> Result<Vec<PosId>>;
    /// A short description of the move from `from` to `to`.
    fn describe(&self, from: PosId, to: PosId) -> String;
    /// Whether the options of `p` are listed (see [`Engine::lists_options`]).
    fn lists_options(&mut self, p: PosId) -> bool;
    /// Whether `mover` has a move at `p`.
    ///
    /// # Errors
    /// Budgets reached and stops.
    fn has_move(&mut self, p: PosId, mover: Player) -> Result<bool>;
    /// Whether one move of `mover` leads from `from` to `to`.
    ///
    /// # Errors
    /// Budgets reached and stops.
    fn is_move(&mut self, from: PosId, to: PosId, mover: Player) -> Result<bool>;
    /// The moves that keep the result of `p` for `mover`, when known without
    /// listing the options (see [`Engine::keeping_moves`]).
    ///
    /// # Errors
    /// Budgets reached and stops.
    fn keeping_moves(&mut self, p: PosId, mover: Player) -> Result<Option<Vec<PosId>>>;
    /// Some move of `mover` at `p`, `None` when there is none.
    ///
    /// # Errors
    /// Budgets reached and stops.
    fn any_move(&mut self, p: PosId, mover: Player) -> Result<Option<PosId>>;
    /// The result of `p` for `mover`, who is to move.
    ///
    /// # Errors
    /// Budgets reached and stops.
    fn verdict(&mut self, p: PosId, mover: Player) -> Result<Verdict>;
    /// The winning moves of `mover` at `p` and why, as lines of text.
    ///
    /// # Errors
    /// Budgets reached and stops.
    fn hint(&mut self, p: PosId, mover: Player) -> Result<Vec<String>>;
    /// The board of `p` as lines of text, or `None` to show the notation.
    fn board(&self, p: PosId) -> Option<String>;
    /// A move typed in the ruleset's short form, as the position after it;
    /// `None` when `line` is not in that form.
    fn short_move(&mut self, from: PosId, line: &str) -> Option<core::result::Result<PosId, String>>;
    /// A few words on the short move forms.
    fn move_help(&self) -> Option<String>;
    /// The player's own choice among `options` of `now`, with a sentence on why.
    ///
    /// # Errors
    /// Budgets reached and stops.
    fn reply(
        &mut self,
        before: Option<PosId>,
        now: PosId,
        options: &[PosId],
    ) -> Result<Option<(usize, String)>>;
    /// What the player to move is called at `p`, when the position says so.
    fn mover_name(&self, p: PosId) -> Option<String>;
}

/// An [`Engine`] with the positions it has handed out.
struct Erased<E: Engine> {
    engine: E,
    positions: Vec<E::Pos>,
}

impl<E: Engine> Erased<E> {
    fn pos(&self, p: PosId) -> &E::Pos {
        // Handles are only made by `keep`, so `p.0` is in range.
        &self.positions[p.0]
    }

    fn keep(&mut self, p: E::Pos) -> PosId {
        keep(&mut self.positions, p)
    }
}

// The position list's helpers are generic over the position type only, not
// the engine: many engines share a position type (`Vec<u64>`, `u64`), and
// each is compiled once per type.

/// Adds `p` to `positions`, returning its handle.
fn keep<P>(positions: &mut Vec<P>, p: P) -> PosId {
    positions.push(p);
    PosId(positions.len() - 1)
}

/// Adds each of `list` to `positions`, in order, returning their handles.
fn keep_all<P>(positions: &mut Vec<P>, list: Vec<P>) -> Vec<PosId> {
    let first = positions.len();
    positions.extend(list);
    (first..positions.len()).map(PosId).collect()
}

/// Clones of the positions of `handles`.
fn cloned<P: Clone>(positions: &[P], handles: &[PosId]) -> Vec<P> {
    let mut listed = Vec::with_capacity(handles.len());
    for h in handles {
        listed.push(positions[h.0].clone());
    }
    listed
}

/// `engine` behind the object-safe [`PlayEngine`] interface, starting at `start`.
pub fn erase<'a, E: Engine + 'a>(engine: E, start: E::Pos) -> Box<dyn PlayEngine + 'a> {
    Box::new(Erased {
        engine,
        positions: vec![start],
    })
}

impl<E: Engine> PlayEngine for Erased<E> {
    fn ruleset(&self) -> &str {
        self.engine.ruleset()
    }

    fn kind(&self) -> Kind {
        self.engine.kind()
    }

    fn start(&self) -> PosId {
        PosId(0)
    }

    fn format(&self, p: PosId) -> String {
        self.engine.format(self.pos(p))
    }

    fn parse(&mut self, text: &str) -> core::result::Result<PosId, String> {
        let p = self.engine.parse(text)?;
        Ok(self.keep(p))
    }

    fn key(&mut self, p: PosId) -> String {
        self.engine.key(&self.positions[p.0])
    }

    fn options(&mut self, p: PosId, mover: Player) -> Result<Vec<PosId>> {
        let options = self.engine.options(&self.positions[p.0], mover)?;
        Ok(keep_all(&mut self.positions, options))
    }

    fn describe(&self, from: PosId, to: PosId) -> String {
        self.engine.describe(self.pos(from), self.pos(to))
    }

    fn lists_options(&mut self, p: PosId) -> bool {
        self.engine.lists_options(&self.positions[p.0])
    }

    fn has_move(&mut self, p: PosId, mover: Player) -> Result<bool> {
        self.engine.has_move(&self.positions[p.0], mover)
    }

    fn is_move(&mut self, from: PosId, to: PosId, mover: Player) -> Result<bool> {
        let from = self.positions[from.0].clone();
        self.engine.is_move(&from, &self.positions[to.0], mover)
    }

    fn keeping_moves(&mut self, p: PosId, mover: Player) -> Result<Option<Vec<PosId>>> {
        let moves = self.engine.keeping_moves(&self.positions[p.0], mover)?;
        Ok(moves.map(|m| keep_all(&mut self.positions, m)))
    }

    fn any_move(&mut self, p: PosId, mover: Player) -> Result<Option<PosId>> {
        let moved = self.engine.any_move(&self.positions[p.0], mover)?;
        Ok(moved.map(|o| self.keep(o)))
    }

    fn verdict(&mut self, p: PosId, mover: Player) -> Result<Verdict> {
        self.engine.verdict(&self.positions[p.0], mover)
    }

    fn hint(&mut self, p: PosId, mover: Player) -> Result<Vec<String>> {
        self.engine.hint(&self.positions[p.0], mover)
    }

    fn board(&self, p: PosId) -> Option<String> {
        self.engine.board(self.pos(p))
    }

    fn short_move(&mut self, from: PosId, line: &str) -> Option<core::result::Result<PosId, String>> {
        let moved = self.engine.short_move(&self.positions[from.0], line)?;
        Some(moved.map(|to| self.keep(to)))
    }

    fn move_help(&self) -> Option<String> {
        self.engine.move_help()
    }

    fn reply(
        &mut self,
        before: Option<PosId>,
        now: PosId,
        options: &[PosId],
    ) -> Result<Option<(usize, String)>> {
        let before = before.map(|b| self.positions[b.0].clone());
        let now = self.positions[now.0].clone();
        let listed = cloned(&self.positions, options);
        self.engine.reply(before.as_ref(), &now, &listed)
    }

    fn mover_name(&self, p: PosId) -> Option<String> {
        self.engine.mover_name(self.pos(p))
    }
}
