//! Sidling: stoppers that close in on the onside of a loopy game (Conway,
//! *On Numbers and Games*, ch. 11; Winning Ways, ch. 11, "sidling in
//! toward a stopper"; Siegel, *Combinatorial Game Theory*, ch. VI).
//!
//! Everything here works on the onside; the offside of `G` is the negative
//! of the onside of `−G` (negation swaps Left and Right, so it swaps the
//! player infinite play favours). Every stopper found here is only a
//! candidate: [`LoopyGame::side`] checks it exactly before returning it.

use super::arena::{Arena, RIGHT};
use super::canonical::{bypass_reversible, undominated};
use super::compare::check_budget;
use super::stopper::components;
use super::{LoopyError, LoopyGame};
use crate::budget::BudgetExceeded;

/// The states examined so far by one sidling, charged against its budget.
pub(super) struct Meter {
    used: usize,
    max: usize,
}

impl Meter {
    pub(super) fn new(max: usize) -> Meter {
        Meter { used: 0, max }
    }

    /// The budget for one step.
    pub(super) fn max(&self) -> usize {
        self.max
    }

    /// Charges a step over the pairs of positions of two graphs of `a` and
    /// `b` positions (`2ab` states). `Ok(false)` once the running total
    /// passes the budget: the search should stop.
    ///
    /// # Errors
    /// [`BudgetExceeded`] if the one step alone passes the budget.
    pub(super) fn charge(&mut self, a: usize, b: usize) -> Result<bool, BudgetExceeded> {
        check_budget(a, b, self.max)?;
        self.used = self.used.saturating_add(2 * a * b);
        Ok(self.used <= self.max)
    }

    /// Charges `states` states; `false` once the running total passes the budget.
    fn charge_states(&mut self, states: usize) -> bool {
        self.used = self.used.saturating_add(states);
        self.used <= self.max
    }
}

/// The onside candidate of the first, fast try: `g` without Right's moves
/// that lie on an infinite alternating run (a cycle of the state graph),
/// since infinite play is Left's win on the onside.
pub(super) fn drop_right_cycle_moves(g: &LoopyGame) -> LoopyGame {
    let comp = components(&Arena::single(g));
    let mut right = g.right.clone();
    for (v, opts) in right.iter_mut().enumerate() {
        let s = 2 * v + RIGHT;
        opts.retain(|&w| comp[2 * w as usize] != comp[s]);
    }
    LoopyGame {
        left: g.left.clone(),
        right,
        start: g.start,
    }
    .packed()
}

/// `ge[x · n + y]`: position `x` of `g` is at least position `y` on the
/// onside (Left, moving second in `x − y`, wins every finite play and every
/// infinite play with infinitely many moves in `x`; see
/// [`LoopyGame::ge_side`]), for all pairs at once.
fn onside_order(g: &LoopyGame) -> Vec<bool> {
    let n = g.position_count();
    let wins = Arena::difference(g, g).left_buchi(true);
    (0..n * n).map(|p| wins[2 * p + RIGHT]).collect()
}

/// `g` simplified on the onside, within its own graph: Right's options
/// reversible through a Left option at least as good for Left as the
/// position itself are replaced by that option's Right options (a move back
/// to the bypassed option is dropped: repeating it is infinite play, which
/// Left wins on the onside), and dominated options of both players are
/// removed, with the comparisons of the onside order of `g`'s positions.
/// The result is a candidate; it is a stopper more often than `g`.
pub(super) fn simplified_onside(g: &LoopyGame, max_states: usize) -> Result<LoopyGame, BudgetExceeded> {
    let n = g.position_count();
    check_budget(n, n, max_states)?;
    let ge = onside_order(g);
    let geq = |x: u32, y: u32| ge[x as usize * n + y as usize];
    // Of two equal options the lower-numbered one stays.
    let beats = |y: u32, x: u32| geq(y, x) && (!geq(x, y) || y < x);
    let beats_for_right = |y: u32, x: u32| geq(x, y) && (!geq(y, x) || y < x);
    let mut left = g.left.clone();
    let mut right = g.right.clone();
    // Bypasses may chase each other around a cycle; the cap ends them, and
    // whatever graph is reached is still only a candidate.
    let max_passes = 4 * n + 16;
    for _ in 0..max_passes {
        let mut changed = false;
        for v in 0..n {
            let (new_right, bypassed) =
                bypass_reversible(&right[v], &left, &right, |z| geq(z, v as u32), true);
            let kept = undominated(&new_right, beats_for_right);
            changed |= bypassed || kept != right[v];
            right[v] = kept;
            let kept = undominated(&left[v], beats);
            changed |= kept.len() != left[v].len();
            left[v] = kept;
        }
        if !changed {
            break;
        }
    }
    Ok(LoopyGame {
        left,
        right,
        start: g.start,
    }
    .packed())
}

/// The stopper `{ L | R }` whose Left options are the starts of
/// `parts[i]` for `i` in `left` and whose Right options those for `i` in
/// `right`: one copy of each part after a new start position.
fn braces(parts: &[&LoopyGame], left: &[usize], right: &[usize]) -> LoopyGame {
    let mut offset = Vec::with_capacity(parts.len());
    let (mut l, mut r) = (vec![Vec::new()], vec![Vec::new()]);
    for p in parts {
        let o = l.len() as u32;
        offset.push(o);
        let shift = |opts: &Vec<u32>| opts.iter().map(|&w| w + o).collect::<Vec<u32>>();
        l.extend(p.left.iter().map(shift));
        r.extend(p.right.iter().map(shift));
    }
    l[0] = left.iter().map(|&i| offset[i] + parts[i].start).collect();
    r[0] = right.iter().map(|&i| offset[i] + parts[i].start).collect();
    LoopyGame {
        left: l,
        right: r,
        start: 0,
    }
    .packed()
}

/// The sidling of Winning Ways (ch. 11) toward the onside: every position's
/// approximation starts at `on`, and each round replaces it by `{ approximations
/// of its Left options | approximations of its Right options }` in simplest
/// form. The approximations only go down (on is the largest game and the
/// step is order-preserving), and once a round changes no position's value
/// they are a fixed point: the start's approximation is returned, as a
/// candidate for the onside. `Ok(None)` if that has not happened when the
/// states of all rounds (their simplifications and comparisons) pass the
/// meter's budget or after `max_rounds` rounds: the approximations may come
/// closer and closer to a side without reaching it (from `on`, `{0 | x}`
/// goes 1, 1/2, 1/4, … toward over).
///
/// # Errors
/// [`LoopyError::Budget`] if one simplification or comparison alone passes
/// the budget.
pub(super) fn sidle_onside(
    g: &LoopyGame,
    meter: &mut Meter,
    max_rounds: usize,
) -> Result<Option<LoopyGame>, LoopyError> {
    let n = g.position_count();
    let mut approx: Vec<LoopyGame> = vec![LoopyGame::on(); n];
    for _ in 0..max_rounds {
        let mut next = Vec::with_capacity(n);
        for v in 0..n {
            let mut opts: Vec<u32> = g.left[v].iter().chain(&g.right[v]).copied().collect();
            opts.sort_unstable();
            opts.dedup();
            let parts: Vec<&LoopyGame> = opts.iter().map(|&w| &approx[w as usize]).collect();
            let index = |o: &Vec<u32>| -> Vec<usize> {
                o.iter().filter_map(|w| opts.binary_search(w).ok()).collect()
            };
            let b = braces(&parts, &index(&g.left[v]), &index(&g.right[v]));
            let m = b.position_count();
            if !meter.charge(m, m)? {
                return Ok(None);
            }
            next.push(b.canonical(meter.max())?);
        }
        let mut settled = true;
        for (new, old) in next.iter().zip(&approx) {
            if !meter.charge(new.position_count(), old.position_count())? {
                return Ok(None);
            }
            // The approximations never go up, so `new ≥ old` means equal.
            if !new.ge(old, meter.max())? {
                settled = false;
                break;
            }
        }
        approx = next;
        if settled {
            return Ok(Some(approx.swap_remove(g.start as usize)));
        }
    }
    Ok(None)
}

/// The most candidates [`drop_some_right_cycle_moves`] builds.
const MAX_SUBSETS: usize = 1 << 16;

/// Onside candidates that keep all of `g` but some of Right's moves on
/// infinite alternating runs: the fast candidate drops them all, but a
/// stopper-sided game's onside may need some of them (a Right move that
/// starts a cycle Left would rather leave). Every subset of them is tried,
/// fewest dropped first, and the first candidate that `accept` confirms is
/// returned. The subsets go by size from both ends: all moves kept but
/// one, all dropped but one (the fast candidate drops them all), then two,
/// and so on. `Ok(None)` when none is confirmed, after [`MAX_SUBSETS`]
/// candidates, or when the states of the tries (the stopper test, then
/// `accept`'s comparisons) pass the meter's budget.
///
/// # Errors
/// What `accept` returns.
pub(super) fn drop_some_right_cycle_moves(
    g: &LoopyGame,
    meter: &mut Meter,
    mut accept: impl FnMut(LoopyGame) -> Result<Option<LoopyGame>, LoopyError>,
) -> Result<Option<LoopyGame>, LoopyError> {
    let n = g.position_count();
    let comp = components(&Arena::single(g));
    let mut edges: Vec<(usize, u32)> = Vec::new();
    for (v, opts) in g.right.iter().enumerate() {
        for &w in opts {
            if comp[2 * w as usize] == comp[2 * v + RIGHT] {
                edges.push((v, w));
            }
        }
    }
    // Subsets as bit masks (of the first 63 moves; the limits end the search far sooner).
    let k = edges.len().min(63);
    let full: u64 = (1u64 << k) - 1;
    let mut tried = 0usize;
    for size in 1..=k.div_ceil(2) {
        // The subsets of `size` moves in increasing order (Gosper's hack),
        // each dropped, then each the only ones kept.
        let mut mask: u64 = (1u64 << size) - 1;
        while mask <= full {
            for dropped in [mask, full ^ mask] {
                tried += 1;
                if tried > MAX_SUBSETS || !meter.charge_states(4 * n + 2 * edges.len()) {
                    return Ok(None);
                }
                let mut right = g.right.clone();
                for (i, &(v, w)) in edges.iter().enumerate().take(k) {
                    if dropped >> i & 1 == 1 {
                        right[v].retain(|&x| x != w);
                    }
                }
                let candidate = LoopyGame {
                    left: g.left.clone(),
                    right,
                    start: g.start,
                }
                .packed();
                if candidate.is_stopper() {
                    let m = candidate.position_count();
                    if !meter.charge_states(8 * m * n) {
                        return Ok(None);
                    }
                    if let Some(s) = accept(candidate)? {
                        return Ok(Some(s));
                    }
                }
            }
            let low = mask & mask.wrapping_neg();
            let Some(ripple) = mask.checked_add(low) else {
                break;
            };
            mask = (((ripple ^ mask) >> 2) / low) | ripple;
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::GameStore;
    use crate::notation::parse_loopy;
    use crate::partizan::loopy::Side;
    use proptest::prelude::*;

    const BUDGET: usize = 1_000_000;

    fn parse(text: &str) -> LoopyGame {
        parse_loopy(&mut GameStore::new(), text, BUDGET).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    /// The first, fast candidate (all of Right's cycle moves dropped), kept
    /// only if it equals `g` on the onside: what `side` returned before the
    /// other steps.
    fn fast_onside(g: &LoopyGame) -> Option<LoopyGame> {
        let c = drop_right_cycle_moves(g);
        let exact = c.is_stopper()
            && c.ge_side(g, Side::Onside, BUDGET).unwrap()
            && g.ge_side(&c, Side::Onside, BUDGET).unwrap();
        exact.then(|| c.canonical(BUDGET).unwrap())
    }

    #[test]
    fn the_fast_candidate_fails_where_some_cycle_moves_stay() {
        // The games of `tests/loopy_sides.rs` whose onside keeps some of
        // Right's cycle moves.
        for text in [
            "a{pass|{{|a,0}|pass}}",
            "a{pass|b{pass|a,{|b}}}",
            "a{pass|{pass|a,off}}",
            "a{{a|pass,{|a}}|pass}",
            "a{pass,{|a}|{pass|a,{|a}}}",
        ] {
            let g = parse(text);
            assert_eq!(fast_onside(&g), None, "{text}");
            let s = g.side(Side::Onside, BUDGET).unwrap();
            assert!(s.is_some(), "{text}");
        }
    }

    #[test]
    fn sidling_settles_on_the_published_sides() {
        // Winning Ways ch. 11: dud = on & off, tis = 1 & 0, tisn = 0 & -1.
        for (text, onside) in [("dud", "on"), ("tis", "1"), ("tisn", "0"), ("on + off", "on")] {
            let g = parse(text);
            let s = sidle_onside(&g, &mut Meter::new(BUDGET), 100).unwrap();
            let s = s.unwrap_or_else(|| panic!("{text}: not settled"));
            assert!(s.equals(&parse(onside), BUDGET).unwrap(), "{text}");
        }
        // From on, over's approximations 1, 1/2, 1/4, … never settle.
        let over = LoopyGame::over();
        assert_eq!(sidle_onside(&over, &mut Meter::new(BUDGET), 50).unwrap(), None);
    }

    /// A random loopy graph of 1..=5 positions.
    fn random_graph(picks: &[u8]) -> LoopyGame {
        let mut it = picks.iter().copied().cycle();
        let mut next = || usize::from(it.next().unwrap_or(0));
        let n = 1 + next() % 5;
        let (mut left, mut right) = (Vec::new(), Vec::new());
        for _ in 0..n {
            let (nl, nr) = (next() % 3, next() % 3);
            left.push((0..nl).map(|_| next() % n).collect());
            right.push((0..nr).map(|_| next() % n).collect());
        }
        LoopyGame::new(left, right, 0).unwrap()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]

        /// Whenever the fast candidate alone gave an onside, `side` gives an
        /// equal one; and a settled sidling, when exact, agrees too.
        #[test]
        fn new_sides_agree_with_the_fast_candidate(picks in proptest::collection::vec(any::<u8>(), 40)) {
            let g = random_graph(&picks);
            let new = g.side(Side::Onside, BUDGET).unwrap();
            if let Some(old) = fast_onside(&g) {
                let new = new.clone();
                prop_assert!(new.is_some_and(|s| s.is_isomorphic(&old, BUDGET).unwrap()));
            }
            if !g.is_stopper()
                && let Some(s) = sidle_onside(&g, &mut Meter::new(BUDGET), 40).unwrap()
                && s.ge_side(&g, Side::Onside, BUDGET).unwrap()
                && g.ge_side(&s, Side::Onside, BUDGET).unwrap()
            {
                prop_assert!(new.is_some_and(|t| t.equals(&s, BUDGET).unwrap()));
            }
        }
    }
}
