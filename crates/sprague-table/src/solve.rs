//! Solving a named state space into the codes of a table, with checkpoints:
//! finished blocks for spaces solved in index order, level snapshots for
//! the others.

use crate::checkpoint::{Checkpoint, Snapshots};
use crate::levels::LevelSolve;
use crate::{TableError, code};
use sprague::loopy::{SolvedValue, StateSpaceSolver, Wld, implied_value};
use sprague::monitor::{Monitor, Stopped};
use sprague::play::SpaceNotation;

/// How [`solve`] runs.
#[derive(Clone, Copy, Debug)]
pub struct SolveOptions<'a> {
    /// Indices per block of the table (and of checkpoints).
    pub block_states: u32,
    /// A checkpoint file: every finished block is appended to it.
    pub checkpoint: Option<&'a str>,
    /// Continue from the existing checkpoint instead of starting one.
    pub resume: bool,
    /// Threads of the level-by-level solver (spaces not solved in index
    /// order, without a checkpoint; the checkpointed level solve runs on one).
    pub threads: usize,
    /// Least time between two snapshots of a checkpointed level-by-level
    /// solve (each costs a pass over the cells and a write of the file).
    pub checkpoint_every: std::time::Duration,
    /// Largest index space accepted.
    pub max_states: usize,
    /// Progress and stop requests.
    pub monitor: Option<&'a Monitor>,
}

impl Default for SolveOptions<'_> {
    fn default() -> Self {
        SolveOptions {
            block_states: 1 << 20,
            checkpoint: None,
            resume: false,
            threads: 1,
            checkpoint_every: std::time::Duration::from_secs(60),
            max_states: sprague::DEFAULT_MAX_STATES,
            monitor: None,
        }
    }
}

/// A solved space: one code per index ([`crate::code`]).
#[derive(Debug)]
pub struct Solved {
    /// The ruleset, canonical spelling.
    pub ruleset: String,
    /// The codes.
    pub codes: Vec<u16>,
    /// Blocks taken from a checkpoint instead of solved in this run.
    pub resumed_blocks: u64,
    /// Blocks in all.
    pub blocks: u64,
    /// A level-by-level solve resumed from a snapshot: the remoteness level
    /// it went on from.
    pub resumed_level: Option<u32>,
}

/// Solves the state space `ruleset` (see [`sprague::registry::state_space`]).
///
/// A space whose moves raise the index (Connect Four) is solved in one pass
/// from the last block down ([`implied_value`] of each index, 2 bytes per
/// index, O(N + E)); with a checkpoint every finished block is appended to
/// it, and `resume` reads the finished blocks back and goes on from the
/// first unfinished one: since each value depends only on larger indices, a
/// resumed solve gives the same codes as an uninterrupted one. Other spaces
/// are solved level by level by [`StateSpaceSolver`] in memory; with a
/// checkpoint, by a one-thread level solve with the same values that
/// replaces the checkpoint's snapshot of its cells at the end of a level
/// (after the first pass, then at most every `checkpoint_every`), and
/// `resume` goes on from the snapshot's level: the cells at the end of a
/// level determine the rest of the solve, so the codes are again those of
/// an uninterrupted solve.
///
/// # Errors
/// [`TableError::Input`] for an unknown ruleset, an index space past
/// `max_states`, a checkpoint of another solve, or a remoteness past the
/// codes' limit; [`TableError::Interrupted`] on a stop request; the
/// checkpoint's I/O and format errors (a damaged snapshot names its block).
pub fn solve(ruleset: &str, opts: &SolveOptions<'_>) -> Result<Solved, TableError> {
    let (name, space) = sprague::registry::state_space(ruleset)?;
    let n = space.state_count();
    if n > opts.max_states as u64 {
        return Err(TableError::Input(format!(
            "{name} has {n} indices, more than the budget of {} states: raise it with --max-states {n} (the solve takes 2 bytes per index, {} MiB)",
            opts.max_states,
            (2 * n) >> 20
        )));
    }
    let block_states = opts.block_states.max(1);
    let blocks = n.div_ceil(u64::from(block_states));
    if opts.resume && opts.checkpoint.is_none() {
        return Err(TableError::Input("--resume needs --checkpoint FILE".to_string()));
    }
    if !space.moves_increase_index() {
        if let Some(path) = opts.checkpoint {
            let (snapshots, resume) = if opts.resume {
                Snapshots::resume(path, &name, n, block_states)?
            } else {
                (Snapshots::create(path, &name, n, block_states)?, None)
            };
            let solved = LevelSolve {
                space: space.as_ref(),
                name: &name,
                snapshots: Some(&snapshots),
                resume,
                every: opts.checkpoint_every,
                monitor: opts.monitor,
            }
            .run()?;
            return Ok(Solved {
                ruleset: name,
                codes: solved.codes,
                resumed_blocks: 0,
                blocks,
                resumed_level: solved.resumed_level,
            });
        }
        let mut solver = StateSpaceSolver::new(&*space)
            .threads(opts.threads)
            .max_states(opts.max_states);
        if let Some(m) = opts.monitor {
            solver = solver.with_monitor(m);
        }
        let table = solver.solve().map_err(|e| match e {
            Stopped::Interrupted(i) => TableError::Interrupted {
                done: i.done,
                checkpoint: None,
            },
            other => TableError::Input(format!("{name}: {other}")),
        })?;
        let codes = (0..n)
            .map(|s| code::encode(table.get(s)).ok_or_else(|| remote(&name)))
            .collect::<Result<Vec<u16>, TableError>>()?;
        return Ok(Solved {
            ruleset: name,
            codes,
            resumed_blocks: 0,
            blocks,
            resumed_level: None,
        });
    }
    let mut codes = vec![code::NOT_A_POSITION; n as usize];
    let (mut checkpoint, resumed) = match (opts.checkpoint, opts.resume) {
        (Some(path), true) => {
            let (c, done) = Checkpoint::resume(path, &name, block_states, &mut codes)?;
            (Some(c), done)
        }
        (Some(path), false) => (Some(Checkpoint::create(path, &name, n, block_states)?), 0),
        (None, _) => (None, 0),
    };
    if let Some(m) = opts.monitor {
        let first = (blocks - resumed) * u64::from(block_states);
        m.start_phase("deciding positions", Some(n), n - first.min(n));
    }
    let mut buf = Vec::new();
    for b in (0..blocks - resumed).rev() {
        if let Some(m) = opts.monitor
            && m.check().is_err()
        {
            return Err(TableError::Interrupted {
                done: (blocks - 1 - b) * u64::from(block_states),
                checkpoint: opts.checkpoint.map(str::to_string),
            });
        }
        let lo = b * u64::from(block_states);
        let hi = (lo + u64::from(block_states)).min(n);
        for s in (lo..hi).rev() {
            let v = implied_value(&*space, s, &mut buf, |t| code::decode(codes[t as usize]));
            codes[s as usize] = code::encode(v).ok_or_else(|| remote(&name))?;
        }
        if let Some(c) = checkpoint.as_mut() {
            c.append(b, &codes[lo as usize..hi as usize])?;
        }
        if let Some(m) = opts.monitor {
            m.add(hi - lo);
        }
    }
    Ok(Solved {
        ruleset: name,
        codes,
        resumed_blocks: resumed,
        blocks,
        resumed_level: None,
    })
}

fn remote(name: &str) -> TableError {
    TableError::Input(format!(
        "{name}: a remoteness exceeds the table's limit of {} plies",
        code::MAX_REMOTENESS
    ))
}

/// Positions of a solved space by value, all and reachable from the start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    /// The value of the start.
    pub start: Option<SolvedValue>,
    /// Every position (index that is a state): wins, losses, draws for the
    /// player to move.
    pub positions: [u64; 3],
    /// The positions reachable from the start by play: wins, losses, draws.
    pub reachable: [u64; 3],
    /// The largest remoteness of a reachable won position (the longest
    /// forced win), `None` when none is won.
    pub longest_win: Option<u32>,
}

fn slot(v: SolvedValue) -> usize {
    match v.wld {
        Wld::Win => 0,
        Wld::Lose => 1,
        Wld::Draw => 2,
    }
}

/// Counts the positions of `codes` by value, and those reachable from
/// `start` (a depth-first search with one bit per index: O(N + E) time,
/// N/8 bytes besides the stack).
#[must_use]
pub fn summarize(space: &dyn SpaceNotation, codes: &[u16], start: u64) -> Summary {
    let mut positions = [0u64; 3];
    for &c in codes {
        if let Some(v) = code::decode(c) {
            positions[slot(v)] += 1;
        }
    }
    let n = codes.len();
    let mut seen = vec![0u64; n.div_ceil(64)];
    let mut reachable = [0u64; 3];
    let mut longest_win = None::<u32>;
    let mut stack = vec![start];
    let mut buf = Vec::new();
    if (start as usize) < n {
        seen[start as usize / 64] |= 1 << (start % 64);
    } else {
        stack.clear();
    }
    while let Some(s) = stack.pop() {
        if let Some(v) = code::decode(codes[s as usize]) {
            reachable[slot(v)] += 1;
            if v.wld == Wld::Win {
                longest_win = longest_win.max(v.remoteness);
            }
        }
        if space.terminal(s).is_some() {
            continue;
        }
        buf.clear();
        space.moves(s, &mut buf);
        for &t in &buf {
            let (w, bit) = (t as usize / 64, 1u64 << (t % 64));
            if (t as usize) < n && seen[w] & bit == 0 {
                seen[w] |= bit;
                stack.push(t);
            }
        }
    }
    Summary {
        start: codes.get(start as usize).and_then(|&c| code::decode(c)),
        positions,
        reachable,
        longest_win,
    }
}
