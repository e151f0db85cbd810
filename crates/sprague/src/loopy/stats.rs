//! Statistics of a solved state space: positions by value and by side to
//! move, the remoteness histogram, terminal positions by kind, the same counts
//! up to the board's symmetries, and the number of games.

use super::space::{StateSpace, StateTable, reachable};
use super::wld::Wld;
use crate::budget::BudgetExceeded;
use std::collections::{BTreeMap, HashSet};

/// What [`space_stats`] needs to know about a state space beyond its moves:
/// who is to move, what kind of end a terminal state is, and a representative
/// of a state's class under the board's symmetries.
pub trait SpaceFacts: StateSpace {
    /// The names of the sides, in the order of [`side`](SpaceFacts::side).
    fn side_names(&self) -> &'static [&'static str];

    /// The side to move at `s` (an index into [`side_names`](SpaceFacts::side_names)).
    fn side(&self, s: u64) -> usize;

    /// The kind of end at a terminal state `s` ("checkmate", "stalemate", …).
    fn terminal_kind(&self, s: u64) -> &'static str;

    /// The representative of `s` under the symmetries of the board (the same
    /// for every state that a rotation or reflection maps to `s`).
    fn symmetry_class(&self, s: u64) -> u64;
}

/// Wins, losses and draws for the player to move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ClassCounts {
    /// Positions won by the player to move.
    pub wins: u64,
    /// Positions lost by the player to move.
    pub losses: u64,
    /// Drawn positions.
    pub draws: u64,
}

impl ClassCounts {
    /// Every position counted.
    #[must_use]
    pub const fn total(&self) -> u64 {
        self.wins + self.losses + self.draws
    }

    fn add(&mut self, wld: Wld) {
        match wld {
            Wld::Win => self.wins += 1,
            Wld::Lose => self.losses += 1,
            Wld::Draw => self.draws += 1,
        }
    }
}

/// The statistics of the positions with one side to move.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SideStats {
    /// The side to move.
    pub side: &'static str,
    /// Positions by value for the side to move.
    pub positions: ClassCounts,
    /// The same, counting each class of positions under the board's symmetries once.
    pub up_to_symmetry: ClassCounts,
    /// `wins_by_remoteness[r]`: won positions of remoteness `r` plies.
    pub wins_by_remoteness: Vec<u64>,
    /// `losses_by_remoteness[r]`: lost positions of remoteness `r` plies
    /// (`r = 0`: the game is over and lost).
    pub losses_by_remoteness: Vec<u64>,
    /// Terminal positions by kind: (count, count up to symmetry).
    pub terminal: BTreeMap<&'static str, (u64, u64)>,
}

/// Statistics of a solved state space (see [`space_stats`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SpaceStats {
    /// Every position counted (reachable from the start, or every state).
    pub positions: u64,
    /// The classes of positions under the board's symmetries.
    pub up_to_symmetry: u64,
    /// One entry per side to move, in the order of [`SpaceFacts::side_names`].
    pub sides: Vec<SideStats>,
    /// The number of different games (move sequences from the start to a
    /// terminal state), by the side to move and kind of the final position;
    /// `None` when no start was given or play can loop.
    pub games: Option<BTreeMap<(&'static str, &'static str), u128>>,
}

impl SpaceStats {
    /// Every game counted in [`games`](Self::games), if counted.
    #[must_use]
    pub fn game_count(&self) -> Option<u128> {
        self.games.as_ref().map(|g| g.values().sum())
    }
}

/// The statistics of `table` (a solved `space`) over the states reachable from
/// `start` (with the number of games), or over every state when `start` is
/// `None`.
///
/// Complexity: O(states + moves) time, one bit per state plus a hash set of
/// the symmetry classes seen; counting games adds a topological order of the
/// reachable states (O(reachable states + moves), a `u128` per state).
///
/// # Errors
/// [`BudgetExceeded`] if the space has more than `max_states` indices.
pub fn space_stats<S: SpaceFacts + ?Sized>(
    space: &S,
    table: &StateTable,
    start: Option<u64>,
    max_states: usize,
) -> Result<SpaceStats, BudgetExceeded> {
    let n = space.state_count();
    if n > max_states as u64 {
        return Err(BudgetExceeded { max_states });
    }
    let seen = match start {
        Some(s) => Some(reachable(space, s, max_states)?.0),
        None => None,
    };
    let counted = |s: u64| match &seen {
        Some(bits) => bits[(s / 64) as usize] >> (s % 64) & 1 == 1,
        None => space.is_state(s),
    };
    let names = space.side_names();
    let mut stats = SpaceStats {
        sides: names
            .iter()
            .map(|&side| SideStats {
                side,
                ..SideStats::default()
            })
            .collect(),
        ..SpaceStats::default()
    };
    let mut classes: HashSet<u64> = HashSet::new();
    for s in (0..n).filter(|&s| counted(s)) {
        let Some(v) = table.get(s) else { continue };
        let side = &mut stats.sides[space.side(s)];
        stats.positions += 1;
        side.positions.add(v.wld);
        let fresh = classes.insert(space.symmetry_class(s));
        if fresh {
            stats.up_to_symmetry += 1;
            side.up_to_symmetry.add(v.wld);
        }
        if let Some(r) = v.remoteness {
            let hist = if v.wld == Wld::Win {
                &mut side.wins_by_remoteness
            } else {
                &mut side.losses_by_remoteness
            };
            let r = r as usize;
            if hist.len() <= r {
                hist.resize(r + 1, 0);
            }
            hist[r] += 1;
        }
        if space.terminal(s).is_some() {
            let e = side.terminal.entry(space.terminal_kind(s)).or_insert((0, 0));
            e.0 += 1;
            e.1 += u64::from(fresh);
        }
    }
    if let (Some(start), Some(bits)) = (start, &seen) {
        stats.games = count_games(space, start, bits);
    }
    Ok(stats)
}

/// Paths from `start` to each terminal state of the reachable part (`seen`),
/// by (side, kind) of the end; `None` if the reachable part has a cycle.
/// Kahn's order: O(reachable states + moves).
fn count_games<S: SpaceFacts + ?Sized>(
    space: &S,
    start: u64,
    seen: &[u64],
) -> Option<BTreeMap<(&'static str, &'static str), u128>> {
    let is_seen = |s: u64| seen[(s / 64) as usize] >> (s % 64) & 1 == 1;
    let n = space.state_count();
    let mut indegree: std::collections::HashMap<u64, u32> = std::collections::HashMap::new();
    let mut buf = Vec::new();
    let mut reached = 0usize;
    for s in (0..n).filter(|&s| is_seen(s)) {
        reached += 1;
        indegree.entry(s).or_insert(0);
        if space.terminal(s).is_some() {
            continue;
        }
        buf.clear();
        space.moves(s, &mut buf);
        for &t in &buf {
            *indegree.entry(t).or_insert(0) += 1;
        }
    }
    let mut paths: std::collections::HashMap<u64, u128> = std::collections::HashMap::new();
    paths.insert(start, 1);
    let mut ready: Vec<u64> = indegree
        .iter()
        .filter(|&(_, &d)| d == 0)
        .map(|(&s, _)| s)
        .collect();
    let mut done = 0usize;
    let mut games = BTreeMap::new();
    while let Some(s) = ready.pop() {
        done += 1;
        let here = paths.get(&s).copied().unwrap_or(0);
        buf.clear();
        if space.terminal(s).is_none() {
            space.moves(s, &mut buf);
        }
        if buf.is_empty() {
            let key = (space.side_names()[space.side(s)], space.terminal_kind(s));
            *games.entry(key).or_insert(0) += here;
        }
        for &t in &buf {
            *paths.entry(t).or_insert(0) += here;
            let d = indegree.get_mut(&t)?;
            *d -= 1;
            if *d == 0 {
                ready.push(t);
            }
        }
    }
    (done == reached).then_some(games)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::loopy::{Krk, StateSpaceSolver, TicTacToe};

    /// Published tic-tac-toe figures (Henry Bottomley's counts, as quoted in
    /// Wikipedia's "Tic-tac-toe" article): 5,478 legal positions reachable from
    /// the empty board, 765 up to rotation and reflection; 958 terminal
    /// positions (626 won by X, 316 by O, 16 drawn), 138 up to symmetry (91,
    /// 44, 3); 255,168 games (131,184 won by X, 77,904 by O, 46,080 drawn).
    #[test]
    fn tic_tac_toe_matches_the_published_counts() {
        let table = StateSpaceSolver::new(&TicTacToe).solve().unwrap();
        let st = space_stats(&TicTacToe, &table, Some(0), 1 << 20).unwrap();
        assert_eq!(st.positions, 5478);
        assert_eq!(st.up_to_symmetry, 765);
        let (x, o) = (&st.sides[0], &st.sides[1]);
        assert_eq!((x.side, o.side), ("X", "O"));
        // X to move after O made a line: O won; O to move after X made a line.
        let line = "lost (three in a row)";
        let full = "drawn (full board)";
        assert_eq!(o.terminal[line], (626, 91));
        assert_eq!(x.terminal[line], (316, 44));
        assert_eq!(o.terminal[full], (16, 3));
        assert!(!x.terminal.contains_key(full));
        assert_eq!(st.game_count(), Some(255_168));
        let games = st.games.unwrap();
        assert_eq!(games[&("O", line)], 131_184);
        assert_eq!(games[&("X", line)], 77_904);
        assert_eq!(games[&("O", full)], 46_080);
        // The remoteness histogram covers every decided position.
        for side in &st.sides {
            let decided: u64 = side
                .wins_by_remoteness
                .iter()
                .chain(&side.losses_by_remoteness)
                .sum();
            assert_eq!(decided, side.positions.wins + side.positions.losses);
        }
    }

    /// The symmetry classes agree with a plain orbit count: every state's class
    /// is the least index among its images.
    #[test]
    fn symmetry_classes_are_orbits() {
        for s in (0..TicTacToe.state_count()).step_by(7) {
            let c = TicTacToe.symmetry_class(s);
            assert!(c <= s);
            assert_eq!(TicTacToe.symmetry_class(c), c);
        }
        for s in (0..Krk.state_count()).step_by(997) {
            let c = Krk.symmetry_class(s);
            assert_eq!(Krk.symmetry_class(c), c);
            assert_eq!(Krk.side(c), Krk.side(s));
            if Krk.is_state(s) {
                assert_eq!(Krk.terminal(c), Krk.terminal(s));
            }
        }
    }
}
