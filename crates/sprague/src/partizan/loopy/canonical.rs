//! Simplest forms of stoppers: fuse equal positions, remove dominated
//! options, bypass reversible ones.

use super::arena::Poll;
use super::compare::{check_budget, stopper_order, stopper_order_polled};
use super::graph::LoopyGame;
use crate::budget::BudgetExceeded;
use crate::monitor::{Interrupted, Monitor, Ticker};
use core::convert::Infallible;
use core::fmt;

/// Why a loopy game operation gave no answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoopyError {
    /// The operation needs a stopper and the game is not one.
    NotStopper,
    /// The state budget was reached.
    Budget(BudgetExceeded),
    /// The monitor asked the computation to stop (Ctrl-C, or its memory
    /// budget passed).
    Interrupted(Interrupted),
}

impl fmt::Display for LoopyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoopyError::NotStopper => {
                f.write_str("the game is not a stopper (it has an infinite alternating run of play)")
            }
            LoopyError::Budget(b) => b.fmt(f),
            LoopyError::Interrupted(i) => i.fmt(f),
        }
    }
}

impl std::error::Error for LoopyError {}

impl From<BudgetExceeded> for LoopyError {
    fn from(b: BudgetExceeded) -> Self {
        LoopyError::Budget(b)
    }
}

impl From<Interrupted> for LoopyError {
    fn from(i: Interrupted) -> Self {
        LoopyError::Interrupted(i)
    }
}

impl From<Infallible> for LoopyError {
    fn from(never: Infallible) -> Self {
        match never {}
    }
}

impl LoopyGame {
    /// The simplest form of a stopper (Siegel, *Combinatorial Game Theory*,
    /// VI.3; Winning Ways, ch. 11): positions of equal value are fused into
    /// one, dominated options are removed and reversible options bypassed,
    /// until none is left. The values of all positions are computed once
    /// (one retrograde analysis of `G − G`, `2n²` states) and do not change
    /// under these steps. Two equal stoppers have isomorphic simplest forms
    /// (see [`LoopyGame::is_isomorphic`]).
    ///
    /// # Errors
    /// [`LoopyError::NotStopper`] for a game that is not a stopper;
    /// [`LoopyError::Budget`] if `2n²` passes `max_states`.
    ///
    /// ```
    /// use sprague::partizan::loopy::LoopyGame;
    /// // {0 | {0 | over}} simplifies to over itself.
    /// let g = LoopyGame::new(
    ///     vec![vec![3], vec![3], vec![3], vec![]],
    ///     vec![vec![1], vec![2], vec![2], vec![]],
    ///     0,
    /// ).unwrap();
    /// assert_eq!(g.canonical(1_000_000).unwrap(), LoopyGame::over());
    /// ```
    pub fn canonical(&self, max_states: usize) -> Result<LoopyGame, LoopyError> {
        self.canonical_polled(max_states, &mut ())
    }

    /// [`LoopyGame::canonical`], counting the states of its comparison on
    /// `monitor` and stopping when the monitor asks (Ctrl-C, its memory
    /// budget): the comparison of a game of n positions goes through `2n²`
    /// states, tens of seconds for ten thousand positions.
    ///
    /// # Errors
    /// As [`LoopyGame::canonical`], and [`LoopyError::Interrupted`] when
    /// the monitor stopped it.
    pub fn canonical_watched(&self, max_states: usize, monitor: &Monitor) -> Result<LoopyGame, LoopyError> {
        let mut ticker = Ticker::new(Some(monitor));
        let simplest = self.canonical_polled(max_states, &mut ticker);
        ticker.flush()?;
        simplest
    }

    fn canonical_polled<Q: Poll>(&self, max_states: usize, poll: &mut Q) -> Result<LoopyGame, LoopyError>
    where
        LoopyError: From<Q::Stop>,
    {
        if !self.is_stopper() {
            return Err(LoopyError::NotStopper);
        }
        let g = self.packed();
        let n = g.position_count();
        check_budget(n, n, max_states)?;
        let ge = stopper_order_polled(&g, poll)?;
        let geq = |x: u32, y: u32| ge[x as usize * n + y as usize];
        // Of two equal options the lower-numbered one stays; fusion of
        // equal positions waits until the end (fusing earlier could close a
        // cycle through a position equal to one of its own followers).
        let beats = |y: u32, x: u32| geq(y, x) && (!geq(x, y) || y < x);
        let mut left = g.left.clone();
        let mut right = g.right.clone();
        // Each bypass replaces a move by the end of a longer alternating run
        // of the original stopper, so the passes end; the cap is a safeguard.
        let max_passes = 4 * n * n + 16;
        for _ in 0..max_passes {
            let mut changed = false;
            for v in 0..n as u32 {
                // Left options reversible through a Right option ≤ v.
                let (new_left, bypassed) =
                    bypass_reversible(&left[v as usize], &right, &left, |z| geq(v, z), false);
                let kept = undominated(&new_left, beats);
                changed |= bypassed || kept.len() != new_left.len();
                left[v as usize] = kept;
                // Right options reversible through a Left option ≥ v.
                let (new_right, bypassed) =
                    bypass_reversible(&right[v as usize], &left, &right, |z| geq(z, v), false);
                let kept = undominated(&new_right, |y, x| geq(x, y) && (!geq(y, x) || y < x));
                changed |= bypassed || kept.len() != new_right.len();
                right[v as usize] = kept;
            }
            if !changed {
                break;
            }
        }
        // Fusion: every position becomes the first position equal to it.
        let rep: Vec<u32> = (0..n as u32)
            .map(|x| (0..=x).find(|&y| geq(x, y) && geq(y, x)).unwrap_or(x))
            .collect();
        let fuse = |opts: &[u32]| -> Vec<u32> {
            let mut o: Vec<u32> = opts.iter().map(|&w| rep[w as usize]).collect();
            o.sort_unstable();
            o.dedup();
            o
        };
        let left = left.iter().map(|o| fuse(o)).collect();
        let right = right.iter().map(|o| fuse(o)).collect();
        Ok(LoopyGame::from_parts(left, right, rep[g.start as usize]))
    }

    /// Whether two stoppers in simplest form ([`LoopyGame::canonical`]) are
    /// the same graph up to renumbering: start positions of equal value and
    /// options matched one to one by value, position by position.
    ///
    /// # Errors
    /// [`LoopyError::NotStopper`] if either is not a stopper;
    /// [`LoopyError::Budget`] as for [`LoopyGame::ge`].
    pub fn is_isomorphic(&self, other: &LoopyGame, max_states: usize) -> Result<bool, LoopyError> {
        if !self.is_stopper() || !other.is_stopper() {
            return Err(LoopyError::NotStopper);
        }
        let (na, nb) = (self.position_count(), other.position_count());
        if na != nb {
            return Ok(false);
        }
        check_budget(na + nb, na + nb, max_states)?;
        // The disjoint union: other's positions follow self's.
        let shift = |o: &Vec<u32>| o.iter().map(|&w| w + na as u32).collect::<Vec<u32>>();
        let mut left = self.left.clone();
        let mut right = self.right.clone();
        left.extend(other.left.iter().map(shift));
        right.extend(other.right.iter().map(shift));
        let union = LoopyGame {
            left,
            right,
            start: 0,
        };
        let n = na + nb;
        let ge = stopper_order(&union);
        let eq = |x: u32, y: u32| ge[x as usize * n + y as usize] && ge[y as usize * n + x as usize];
        let mut image = vec![u32::MAX; na];
        let mut stack = vec![(self.start, other.start + na as u32)];
        while let Some((x, y)) = stack.pop() {
            if !eq(x, y) {
                return Ok(false);
            }
            if image[x as usize] != u32::MAX {
                if image[x as usize] != y {
                    return Ok(false);
                }
                continue;
            }
            image[x as usize] = y;
            for (ox, oy) in [
                (&union.left[x as usize], &union.left[y as usize]),
                (&union.right[x as usize], &union.right[y as usize]),
            ] {
                if ox.len() != oy.len() {
                    return Ok(false);
                }
                for &a in ox {
                    let matches: Vec<u32> = oy.iter().copied().filter(|&b| eq(a, b)).collect();
                    if matches.len() != 1 {
                        return Ok(false);
                    }
                    stack.push((a, matches[0]));
                }
            }
        }
        Ok(true)
    }
}

/// The options `opts` of one position with each reversible option bypassed:
/// an option `x` with a reply `z` in `through[x]` for which `reverses(z)`
/// holds (the first such reply) is replaced by the options `replace[z]`
/// (less `x` itself when `drop_self`); sorted, without repeats. The flag says
/// whether any option was bypassed. O(Σ |through[x]| + |replace[z]|) tests,
/// plus the sort.
pub(super) fn bypass_reversible(
    opts: &[u32],
    through: &[Vec<u32>],
    replace: &[Vec<u32>],
    reverses: impl Fn(u32) -> bool,
    drop_self: bool,
) -> (Vec<u32>, bool) {
    let mut out = Vec::new();
    let mut bypassed = false;
    for &x in opts {
        match through[x as usize].iter().find(|&&z| reverses(z)) {
            Some(&z) => {
                out.extend(
                    replace[z as usize]
                        .iter()
                        .copied()
                        .filter(|&y| !drop_self || y != x),
                );
                bypassed = true;
            }
            None => out.push(x),
        }
    }
    out.sort_unstable();
    out.dedup();
    (out, bypassed)
}

/// The options of `opts` that no other option beats (`beats(y, x)`: `y`
/// makes `x` redundant), in their order. O(|opts|²) tests.
pub(super) fn undominated(opts: &[u32], beats: impl Fn(u32, u32) -> bool) -> Vec<u32> {
    opts.iter()
        .copied()
        .filter(|&x| !opts.iter().any(|&y| y != x && beats(y, x)))
        .collect()
}
