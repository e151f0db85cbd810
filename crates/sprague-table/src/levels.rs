//! The level-by-level retrograde solve of a space whose moves do not raise
//! the index, with snapshots: the same values as
//! [`StateSpaceSolver`](sprague::StateSpaceSolver), and a checkpoint that a
//! solve killed at any moment resumes from.
//!
//! One `u16` cell per index: below `DONE`, the number of moves of an
//! undecided position still to be decided (all wins for the opponent so
//! far); with `DONE` set, a final value as its table [`code`] (not a
//! position, a terminal draw, lost or won with remoteness `r`). Level `r`
//! takes the positions decided at remoteness `r` and updates their
//! predecessors: a lost child makes a win at `r + 1`, the last won child a
//! loss at `r + 1`. At the end of a level the cells alone say everything
//! about the solve (the next level's positions are the decided ones of
//! remoteness `r + 1`), which is what a snapshot keeps.

use crate::checkpoint::{Snapshot, Snapshots};
use crate::{TableError, code};
use sprague::loopy::{
    CountdownCell, Induction, PredecessorCsr, Predecessors, Retrograde, StateSpace, Unmoves, Wld, countdown,
};
use sprague::monitor::Monitor;
use std::time::{Duration, Instant};

/// Set in a cell whose value is final (the low bits are its code).
const DONE: u16 = 1 << 15;
/// The largest remoteness a cell holds: `3 + 2r` must stay below `DONE`.
pub(crate) const MAX_LEVEL: u32 = (DONE as u32 - 4) / 2;

/// How a level solve runs.
pub(crate) struct LevelSolve<'a> {
    /// The space.
    pub space: &'a dyn StateSpace,
    /// The space's name, for errors.
    pub name: &'a str,
    /// Where snapshots go.
    pub snapshots: Option<&'a Snapshots>,
    /// The snapshot to continue from.
    pub resume: Option<Snapshot>,
    /// Least time between two snapshots (one is always written after the
    /// first pass).
    pub every: Duration,
    /// Progress and stop requests.
    pub monitor: Option<&'a Monitor>,
}

/// What the solve produced: the codes, and the level it resumed at.
pub(crate) struct LevelSolved {
    pub codes: Vec<u16>,
    pub resumed_level: Option<u32>,
}

fn decided(wld: Wld, level: u32) -> u16 {
    DONE | match wld {
        Wld::Lose => 2 + 2 * level as u16,
        Wld::Win => 3 + 2 * level as u16,
        Wld::Draw => code::DRAW,
    }
}

/// The remoteness of a cell decided won or lost, `None` otherwise.
fn level_of(c: u16) -> Option<u32> {
    let code = c & !DONE;
    (c & DONE != 0 && code >= 2).then(|| u32::from((code - 2) / 2))
}

/// The countdown cell of the level solve (see the module's notes).
#[derive(Clone, Copy)]
struct Cell(u16);

impl CountdownCell for Cell {
    fn is_decided(self) -> bool {
        self.0 & DONE != 0
    }
    fn is_last(self) -> bool {
        self.0 <= 1
    }
    fn count_down(self) -> Self {
        Cell(self.0 - 1)
    }
    fn won(r: u32) -> Self {
        Cell(decided(Wld::Win, r))
    }
    fn lost(r: u32) -> Self {
        Cell(decided(Wld::Lose, r))
    }
}

/// One level's updates: the rule of [`countdown`] on the cells, and a stop
/// request polled about every 4096 positions taken.
struct Decide<'s, 'a> {
    solve: &'s LevelSolve<'a>,
    cells: Vec<u16>,
    /// The remoteness of the level being decided.
    next: u32,
    /// Positions taken in the levels before this one.
    done: u64,
    /// Positions of this level taken so far.
    k: u64,
}

impl<P: Predecessors<Node = u64, Edge = u64>> Induction<P> for Decide<'_, '_> {
    /// Whether the child is lost.
    type Child = bool;
    type Stop = TableError;

    fn child(&mut self, t: u64) -> bool {
        self.cells[t as usize] & 1 == 0
    }

    fn relax(&mut self, lost: bool, u: u64) -> Option<u64> {
        let cell = self.cells.get_mut(u as usize)?;
        let new = countdown(Cell(*cell), lost, self.next)?;
        *cell = new.0;
        new.is_decided().then_some(u)
    }

    fn batch(&mut self, _: &P, frontier: &[u64]) -> Result<(), TableError> {
        // The first position of the batch at 4095 modulo 4096, if any.
        let at = self.k + (4095 - self.k % 4096);
        if at < self.k + frontier.len() as u64 {
            self.solve.check(self.done + at)?;
        }
        self.k += frontier.len() as u64;
        Ok(())
    }
}

/// Predecessor lists of a space without un-moves: `sources[offsets[t]..offsets[t + 1]]`
/// are the states with a move to `t` (once per move).
struct Preds {
    offsets: Vec<u64>,
    sources: Vec<u64>,
}

impl LevelSolve<'_> {
    fn check(&self, done: u64) -> Result<(), TableError> {
        match self.monitor {
            Some(m) if m.check().is_err() => Err(TableError::Interrupted {
                done,
                checkpoint: self.snapshots.map(|s| s.path().to_string()),
            }),
            _ => Ok(()),
        }
    }

    /// The first pass: terminal values, no-move losses, move counts. O(N + E).
    fn first_pass(&self, n: u64) -> Result<Vec<u16>, TableError> {
        let mut cells = vec![0u16; n as usize];
        let mut buf = Vec::new();
        for s in 0..n {
            if s % 4096 == 0 {
                self.check(0)?;
                if let (Some(m), true) = (self.monitor, s > 0) {
                    m.add(4096);
                }
            }
            let space = self.space;
            cells[s as usize] = if !space.is_state(s) {
                DONE | code::NOT_A_POSITION
            } else if let Some(w) = space.terminal(s) {
                decided(w, 0)
            } else {
                buf.clear();
                space.moves(s, &mut buf);
                if buf.is_empty() {
                    decided(Wld::Lose, 0)
                } else if buf.len() >= usize::from(DONE) {
                    return Err(TableError::Input(format!(
                        "{}: state {s} has {} moves, more than the {} a level solve counts",
                        self.name,
                        buf.len(),
                        DONE - 1
                    )));
                } else {
                    buf.len() as u16
                }
            };
        }
        if let (Some(m), true) = (self.monitor, n > 0) {
            m.add(n - (n - 1) / 4096 * 4096);
        }
        Ok(cells)
    }

    /// The predecessor lists, from every position's moves. O(N + E) time, 8
    /// bytes per state and per move.
    fn preds(&self, n: u64) -> Result<Preds, TableError> {
        let mut offsets = vec![0u64; n as usize + 1];
        let mut buf = Vec::new();
        let each = |f: &mut dyn FnMut(u64, u64), buf: &mut Vec<u64>| -> Result<(), TableError> {
            for s in 0..n {
                if s % 4096 == 0 {
                    self.check(0)?;
                }
                if !self.space.is_state(s) || self.space.terminal(s).is_some() {
                    continue;
                }
                buf.clear();
                self.space.moves(s, buf);
                for &t in buf.iter() {
                    f(s, t);
                }
            }
            Ok(())
        };
        let mut bad = None;
        each(
            &mut |s: u64, t: u64| {
                if t < n {
                    offsets[t as usize + 1] += 1;
                } else {
                    bad = Some((s, t));
                }
            },
            &mut buf,
        )?;
        if let Some((s, t)) = bad {
            return Err(TableError::Input(format!(
                "{}: state {s} moves to {t}, past the space's {n} indices",
                self.name
            )));
        }
        for i in 0..n as usize {
            offsets[i + 1] += offsets[i];
        }
        let mut next = offsets.clone();
        let mut sources = vec![0u64; offsets[n as usize] as usize];
        each(
            &mut |s: u64, t: u64| {
                let at = &mut next[t as usize];
                sources[*at as usize] = s;
                *at += 1;
            },
            &mut buf,
        )?;
        Ok(Preds { offsets, sources })
    }

    /// Solves the space. O(N + E) time besides the snapshots (O(N) each);
    /// 2 bytes per index, the current and next levels' positions, and
    /// without un-moves the predecessor lists.
    pub(crate) fn run(mut self) -> Result<LevelSolved, TableError> {
        let n = self.space.state_count();
        let resumed_level = self.resume.as_ref().map(|(l, _)| *l);
        if let Some(m) = self.monitor {
            m.start_phase("counting moves", Some(n), 0);
        }
        let (mut level, cells) = match self.resume.take() {
            Some(snapshot) => snapshot,
            None => {
                let cells = self.first_pass(n)?;
                if let Some(s) = self.snapshots {
                    s.write(0, &cells)?;
                }
                (0, cells)
            }
        };
        let preds = if self.space.has_unmoves() {
            None
        } else {
            Some(self.preds(n)?)
        };
        let positions = cells
            .iter()
            .filter(|&&c| c != (DONE | code::NOT_A_POSITION))
            .count() as u64;
        let frontier: Vec<u64> = (0..n)
            .filter(|&s| level_of(cells[s as usize]) == Some(level))
            .collect();
        let done = cells
            .iter()
            .filter(|&&c| level_of(c).is_some_and(|l| l < level))
            .count() as u64;
        if let Some(m) = self.monitor {
            m.start_phase("deciding positions", Some(positions), done);
        }
        let mut last = Instant::now();
        let mut work = Retrograde::from(frontier);
        let mut rule = Decide {
            solve: &self,
            cells,
            next: level + 1,
            done,
            k: 0,
        };
        while !work.is_done() {
            if level >= MAX_LEVEL {
                return Err(TableError::Input(format!(
                    "{}: a remoteness exceeds the level solve's limit of {MAX_LEVEL} plies",
                    self.name
                )));
            }
            self.check(rule.done)?;
            rule.next = level + 1;
            let taken = match &preds {
                Some(p) => work.level(
                    &PredecessorCsr {
                        offsets: &p.offsets,
                        sources: &p.sources,
                    },
                    &mut rule,
                )?,
                None => work.level(
                    &Unmoves::new(|t, out: &mut Vec<u64>| self.space.unmoves(t, out)),
                    &mut rule,
                )?,
            } as u64;
            rule.done += taken;
            rule.k = 0;
            if let Some(m) = self.monitor {
                m.add(taken);
            }
            level += 1;
            if let Some(s) = self.snapshots
                && last.elapsed() >= self.every
            {
                s.write(level, &rule.cells)?;
                last = Instant::now();
            }
        }
        let mut cells = rule.cells;
        // Undecided positions are draws.
        for c in &mut cells {
            if *c & DONE == 0 {
                *c = code::DRAW;
            } else {
                *c &= !DONE;
            }
        }
        Ok(LevelSolved {
            codes: cells,
            resumed_level,
        })
    }
}
