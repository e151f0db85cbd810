//! Sidling: stoppers that close in on the onside of a loopy game (Conway,
//! *On Numbers and Games*, ch. 11; Winning Ways, ch. 11, "sidling in
//! toward a stopper"; Siegel, *Combinatorial Game Theory*, ch. VI).
//!
//! Everything here works on the onside; the offside of `G` is the negative
//! of the onside of `−G` (negation swaps Left and Right, so it swaps the
//! player infinite play favours). Every stopper found here is only a
//! candidate: [`LoopyGame::side`] checks it exactly before returning it.

use super::arena::{Arena, Difference, RIGHT, StateGraph};
use super::canonical::LoopyError;
use super::canonical::{bypass_reversible, undominated};
use super::compare::check_budget;
use super::graph::LoopyGame;
use super::stopper::components;
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
    let wins = Difference::new(g, g).left_buchi(true);
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
/// they are a fixed point: the start's approximation is offered to `accept`
/// as a candidate for the onside.
///
/// The approximations may also come closer and closer to a side without
/// reaching it: from `on`, `{0 | x}` goes 1, 1/2, 1/4, … toward over, and
/// `{* | x}` goes `{*|0}`, `{*|{*|0}}`, … toward `{* | pass}`. So after
/// each round two more candidates are offered, with loops closed back to
/// each of the last few rounds: the start's new approximation with its
/// copies of the start's earlier one sent back to its own start
/// ([`close_loop`]), and all positions' new approximations side by side
/// with copies of any position's earlier one sent to that position's new
/// one ([`close_loops`]). That is the limit when each round wraps the
/// approximations of the round before in the same options.
///
/// The start's approximation itself is offered after the first round and
/// every round that changes it: the rounds that follow can only lower it, and when it already
/// equals the side the rest of the graph need not settle (Backsliding Toads
/// and Frogs `TTT..FFF`, 560 positions, whose onside {on||0|-1/2} the start
/// reaches in a few rounds while other positions' approximations go on
/// going down).
///
/// Returns the first candidate `accept` confirms. `Ok(None)` if none is
/// confirmed once the round settles, when the states of all rounds (their
/// simplifications and comparisons) pass the meter's budget, or after
/// `max_rounds` rounds.
///
/// # Errors
/// [`LoopyError::Budget`] if one simplification or comparison alone passes
/// the budget; what `accept` returns.
pub(super) fn sidle_onside(
    g: &LoopyGame,
    meter: &mut Meter,
    max_rounds: usize,
    mut accept: impl FnMut(LoopyGame) -> Result<Option<LoopyGame>, LoopyError>,
) -> Result<Option<LoopyGame>, LoopyError> {
    let n = g.position_count();
    let start = g.start as usize;
    let mut approx: Vec<LoopyGame> = vec![LoopyGame::on(); n];
    // The approximations of the last rounds, newest last.
    let mut earlier: Vec<Vec<LoopyGame>> = Vec::new();
    // The start's approximation last offered to `accept`.
    let mut offered: Option<LoopyGame> = None;
    for _ in 0..max_rounds {
        let Some(next) = sidling_round(g, &approx, meter)? else {
            return Ok(None);
        };
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
        let offer = offered.as_ref() != Some(&next[start]);
        approx = next;
        if settled {
            return accept(approx.swap_remove(start));
        }
        // The start's approximation may already be the side while other
        // positions' approximations still go down (toward sides no finite
        // round reaches, or that the start never needs): each new one is
        // offered as it is.
        if offer {
            offered = Some(approx[start].clone());
            if let Some(s) = accept(approx[start].clone())? {
                return Ok(Some(s));
            }
        }
        for old in earlier.iter().rev() {
            let one = close_loop(&approx[start], &old[start], meter)?;
            let all = close_loops(&approx, old, start, meter)?;
            for c in [one, all].into_iter().flatten() {
                if let Some(s) = accept(c)? {
                    return Ok(Some(s));
                }
            }
        }
        if earlier.len() == MAX_LOOP_LENGTH {
            earlier.remove(0);
        }
        earlier.push(approx.clone());
    }
    Ok(None)
}

/// One round of sidling: every position's new approximation `{ approx of
/// its Left options | approx of its Right options }` in simplest form.
/// `Ok(None)` once the meter's running total passes its budget.
///
/// # Errors
/// [`LoopyError::Budget`] if one simplification alone passes the budget.
fn sidling_round(
    g: &LoopyGame,
    approx: &[LoopyGame],
    meter: &mut Meter,
) -> Result<Option<Vec<LoopyGame>>, LoopyError> {
    let n = g.position_count();
    let mut next = Vec::with_capacity(n);
    for v in 0..n {
        let mut opts: Vec<u32> = g.left[v].iter().chain(&g.right[v]).copied().collect();
        opts.sort_unstable();
        opts.dedup();
        let parts: Vec<&LoopyGame> = opts.iter().map(|&w| &approx[w as usize]).collect();
        let index =
            |o: &Vec<u32>| -> Vec<usize> { o.iter().filter_map(|w| opts.binary_search(w).ok()).collect() };
        let b = braces(&parts, &index(&g.left[v]), &index(&g.right[v]));
        let m = b.position_count();
        if !meter.charge(m, m)? {
            return Ok(None);
        }
        next.push(b.canonical(meter.max())?);
    }
    Ok(Some(next))
}

/// How many earlier rounds [`sidle_onside`] tries to close loops back to:
/// rounds that wrap the approximations of one, two or three rounds before.
const MAX_LOOP_LENGTH: usize = 3;

/// `current` (a stopper in simplest form) with every move to a position
/// that is `earlier` (isomorphic to it: both are in simplest form, so equal
/// means isomorphic) sent back to `current`'s start instead; `None` when no
/// position of `current` other than its start is `earlier`. O(positions)
/// isomorphism tests, each charged to the meter.
///
/// # Errors
/// [`LoopyError::Budget`] if one test alone passes the budget.
fn close_loop(
    current: &LoopyGame,
    earlier: &LoopyGame,
    meter: &mut Meter,
) -> Result<Option<LoopyGame>, LoopyError> {
    let n = current.position_count();
    let mut target: Vec<u32> = (0..n as u32).collect();
    let mut closed = false;
    for (p, t) in target.iter_mut().enumerate() {
        if p == current.start as usize {
            continue;
        }
        if !meter.charge(n, earlier.position_count())? {
            return Ok(None);
        }
        if current.at(p).is_isomorphic(earlier, meter.max())? {
            *t = current.start;
            closed = true;
        }
    }
    if !closed {
        return Ok(None);
    }
    Ok(Some(redirected(current, &target, current.start)))
}

/// The approximations `current` of all positions (stoppers in simplest
/// form) in one graph, one copy each, where every move to a position that
/// is `earlier[w]` (isomorphic to it: both are in simplest form) goes to the
/// start of `current[w]`'s copy instead (unless it is that start),
/// started at `current[start]`'s copy; `None` when no move changes.
/// O(P² + P·n) for `P` positions in all and `n` approximations, plus the
/// isomorphism tests (only between graphs of equal size), each charged to
/// the meter.
///
/// # Errors
/// [`LoopyError::Budget`] if one test alone passes the budget.
fn close_loops(
    current: &[LoopyGame],
    earlier: &[LoopyGame],
    start: usize,
    meter: &mut Meter,
) -> Result<Option<LoopyGame>, LoopyError> {
    let (mut left, mut right, mut roots) = (Vec::new(), Vec::new(), Vec::with_capacity(current.len()));
    for c in current {
        let o = left.len() as u32;
        roots.push(o + c.start);
        let shift = |opts: &Vec<u32>| opts.iter().map(|&w| w + o).collect::<Vec<u32>>();
        left.extend(c.left.iter().map(shift));
        right.extend(c.right.iter().map(shift));
    }
    let Some(&root) = roots.get(start) else {
        return Ok(None);
    };
    let union = LoopyGame {
        left,
        right,
        start: root,
    };
    let size = union.position_count();
    if !meter.charge(size, size)? {
        return Ok(None);
    }
    let mut target: Vec<u32> = (0..size as u32).collect();
    let mut closed = false;
    for (x, t) in target.iter_mut().enumerate() {
        let here = union.at(x);
        for (w, e) in earlier.iter().enumerate() {
            if e.position_count() != here.position_count() || roots.get(w) == Some(&(x as u32)) {
                continue;
            }
            if !meter.charge(here.position_count(), e.position_count())? {
                return Ok(None);
            }
            if let Some(&r) = roots.get(w)
                && here.is_isomorphic(e, meter.max())?
            {
                *t = r;
                closed = true;
                break;
            }
        }
    }
    if !closed {
        return Ok(None);
    }
    Ok(Some(redirected(&union, &target, root)))
}

/// `g` with every move to `x` sent to `target[x]`, started at `start`.
fn redirected(g: &LoopyGame, target: &[u32], start: u32) -> LoopyGame {
    let redirect = |opts: &Vec<Vec<u32>>| -> Vec<Vec<u32>> {
        opts.iter()
            .map(|o| o.iter().map(|&w| target[w as usize]).collect())
            .collect()
    };
    LoopyGame {
        left: redirect(&g.left),
        right: redirect(&g.right),
        start,
    }
    .packed()
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
    use crate::notation::parse_loopy;
    use crate::partizan::GameStore;
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

    /// Accepts a candidate only if it is a stopper equal to `g` on the
    /// onside, by the definition (`≥` both ways).
    fn exact(g: &LoopyGame) -> impl FnMut(LoopyGame) -> Result<Option<LoopyGame>, LoopyError> + '_ {
        |c| {
            let ok = c.is_stopper()
                && c.ge_side(g, Side::Onside, BUDGET).unwrap()
                && g.ge_side(&c, Side::Onside, BUDGET).unwrap();
            Ok(ok.then_some(c))
        }
    }

    #[test]
    fn sidling_settles_on_the_published_sides() {
        // Winning Ways ch. 11: dud = on & off, tis = 1 & 0, tisn = 0 & -1.
        for (text, onside) in [("dud", "on"), ("tis", "1"), ("tisn", "0"), ("on + off", "on")] {
            let g = parse(text);
            let s = sidle_onside(&g, &mut Meter::new(BUDGET), 100, exact(&g)).unwrap();
            let s = s.unwrap_or_else(|| panic!("{text}: not settled"));
            assert!(s.equals(&parse(onside), BUDGET).unwrap(), "{text}");
        }
    }

    #[test]
    fn closing_the_loop_finds_the_limits_sidling_never_reaches() {
        // From on, over's approximations 1, 1/2, 1/4, … never settle; closed
        // back on itself, 1/4 = {0 | 1/2} becomes {0 | pass} = over.
        let over = LoopyGame::over();
        let s = sidle_onside(&over, &mut Meter::new(BUDGET), 50, exact(&over)).unwrap();
        assert!(s.is_some_and(|s| s.equals(&over, BUDGET).unwrap()));
        // A non-stopper whose approximations {*|0}, {*|{*|0}}, … go down
        // toward its onside {* | pass} without reaching it.
        let g = parse("a{{0,0|{a|}}|pass,0}");
        let s = sidle_onside(&g, &mut Meter::new(BUDGET), 50, exact(&g)).unwrap();
        assert!(s.is_some_and(|s| s.equals(&parse("{*|pass}"), BUDGET).unwrap()));
        // Whatever is offered is only a candidate: one that is not exact
        // is passed over.
        let none = |_: LoopyGame| Ok(None);
        assert_eq!(sidle_onside(&g, &mut Meter::new(BUDGET), 50, none).unwrap(), None);
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
        /// equal one; and an exact candidate of sidling agrees too.
        #[test]
        fn new_sides_agree_with_the_fast_candidate(picks in proptest::collection::vec(any::<u8>(), 40)) {
            let g = random_graph(&picks);
            let new = g.side(Side::Onside, BUDGET).unwrap();
            if let Some(old) = fast_onside(&g) {
                let new = new.clone();
                prop_assert!(new.is_some_and(|s| s.is_isomorphic(&old, BUDGET).unwrap()));
            }
            if !g.is_stopper()
                && let Some(s) = sidle_onside(&g, &mut Meter::new(BUDGET), 40, exact(&g)).unwrap()
            {
                prop_assert!(new.is_some_and(|t| t.equals(&s, BUDGET).unwrap()));
            }
        }

        /// Sidling by the definition: every round's approximation of the
        /// start is at least the game on the onside (`ge_side`, Left
        /// surviving the difference), and at least the onside `side`
        /// returns (the onside is the least of them); one that is also at
        /// most the game on the onside is the onside, and `side` finds it.
        #[test]
        fn each_sidling_approximation_bounds_the_onside(picks in proptest::collection::vec(any::<u8>(), 40)) {
            let g = random_graph(&picks);
            let side = g.side(Side::Onside, BUDGET).unwrap();
            if let Some(s) = &side {
                prop_assert!(s.is_stopper());
                prop_assert!(s.ge_side(&g, Side::Onside, BUDGET).unwrap());
                prop_assert!(g.ge_side(s, Side::Onside, BUDGET).unwrap());
            }
            let mut approx = vec![LoopyGame::on(); g.position_count()];
            for _ in 0..8 {
                approx = sidling_round(&g, &approx, &mut Meter::new(BUDGET)).unwrap().unwrap();
                let a = &approx[g.start as usize];
                prop_assert!(a.is_stopper());
                prop_assert!(a.ge_side(&g, Side::Onside, BUDGET).unwrap());
                if let Some(s) = &side {
                    prop_assert!(a.ge(s, BUDGET).unwrap());
                }
                if g.ge_side(a, Side::Onside, BUDGET).unwrap() {
                    let s = side.clone();
                    prop_assert!(s.is_some_and(|s| s.equals(a, BUDGET).unwrap()));
                }
            }
        }
    }
}
