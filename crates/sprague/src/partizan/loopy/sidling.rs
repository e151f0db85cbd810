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
use rustc_hash::FxHashMap;

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

/// The graphs `parts` side by side in one graph, the positions of each
/// numbered after those of the parts before it, from `first` on (the
/// positions before `first` are left without options): the Left and
/// Right options of every position, and where each part's start went.
fn side_by_side(parts: &[&LoopyGame], first: usize) -> (Vec<Vec<u32>>, Vec<Vec<u32>>, Vec<u32>) {
    let (mut left, mut right) = (vec![Vec::new(); first], vec![Vec::new(); first]);
    let mut starts = Vec::with_capacity(parts.len());
    for p in parts {
        let o = left.len() as u32;
        starts.push(o + p.start);
        let shift = |opts: &Vec<u32>| opts.iter().map(|&w| w + o).collect::<Vec<u32>>();
        left.extend(p.left.iter().map(shift));
        right.extend(p.right.iter().map(shift));
    }
    (left, right, starts)
}

/// The stopper `{ L | R }` whose Left options are the starts of
/// `parts[i]` for `i` in `left` and whose Right options those for `i` in
/// `right`: one copy of each part after a new start position.
fn braces(parts: &[&LoopyGame], left: &[usize], right: &[usize]) -> LoopyGame {
    let (mut l, mut r, starts) = side_by_side(parts, 1);
    l[0] = left.iter().map(|&i| starts[i]).collect();
    r[0] = right.iter().map(|&i| starts[i]).collect();
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
    // `class[v]`: the isomorphism class of `approx[v]` (equal numbers for
    // isomorphic approximations, that is equal ones: all are in simplest
    // form); `dirty[v]`: the last round changed it.
    let mut class = vec![0u32; n];
    let mut dirty = vec![true; n];
    // The approximations of the last rounds, newest last.
    let mut earlier: Vec<Earlier> = Vec::new();
    // The start's approximation last offered to `accept`.
    let mut offered: Option<LoopyGame> = None;
    for round in 0..max_rounds {
        let rebuild: Vec<bool> = (0..n)
            .map(|v| round == 0 || g.left[v].iter().chain(&g.right[v]).any(|&w| dirty[w as usize]))
            .collect();
        let Some(next) = sidling_round(g, &approx, &class, &rebuild, meter)? else {
            return Ok(None);
        };
        let Some(classes) = RoundClasses::new(&approx, &next, &rebuild, &earlier, meter) else {
            return Ok(None);
        };
        // The approximations never go up, so a round settles when each new
        // one is isomorphic to the old (both in simplest form).
        let settled = !classes.changed.contains(&true);
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
        for c in closed_loops(&approx, start, &classes).into_iter().flatten() {
            if let Some(s) = accept(c)? {
                return Ok(Some(s));
            }
        }
        if earlier.len() == MAX_LOOP_LENGTH {
            earlier.remove(0);
        }
        earlier.push(Earlier::new(&approx, &classes.roots));
        (class, dirty) = (classes.roots, classes.changed);
    }
    Ok(None)
}

/// The approximations of an earlier round, one of each isomorphism class.
struct Earlier {
    /// One approximation of each class.
    kept: Vec<LoopyGame>,
    /// For each position, the index in `kept` of its approximation's class.
    of: Vec<usize>,
}

impl Earlier {
    /// One approximation of each class of `class` (equal numbers for
    /// isomorphic approximations).
    fn new(approx: &[LoopyGame], class: &[u32]) -> Earlier {
        let mut first: FxHashMap<u32, usize> = FxHashMap::default();
        let mut kept = Vec::new();
        let of = approx
            .iter()
            .zip(class)
            .map(|(a, &c)| {
                *first.entry(c).or_insert_with(|| {
                    kept.push(a.clone());
                    kept.len() - 1
                })
            })
            .collect();
        Earlier { kept, of }
    }
}

/// The isomorphism classes a round needs, from one refinement
/// ([`bisimilar_classes`]) over the new approximations, the old ones of
/// the positions rebuilt, and the kept approximations of the earlier rounds.
struct RoundClasses {
    /// The class of every position of the new approximations, numbered one
    /// approximation after another.
    positions: Vec<u32>,
    /// The class of each new approximation.
    roots: Vec<u32>,
    /// Whether each approximation changed in this round (only rebuilt ones can).
    changed: Vec<bool>,
    /// For each earlier round, the class of each position's approximation.
    earlier: Vec<Vec<u32>>,
}

impl RoundClasses {
    /// `None` once the meter's running total passes its budget.
    fn new(
        old: &[LoopyGame],
        new: &[LoopyGame],
        rebuilt: &[bool],
        earlier: &[Earlier],
        meter: &mut Meter,
    ) -> Option<RoundClasses> {
        let n = old.len();
        let picked: Vec<usize> = (0..n).filter(|&v| rebuilt[v]).collect();
        let mut parts: Vec<&LoopyGame> = new.iter().chain(picked.iter().map(|&v| &old[v])).collect();
        for e in earlier {
            parts.extend(&e.kept);
        }
        let (class, part_roots) = bisimilar_classes(&parts, meter)?;
        let in_new: usize = new.iter().map(LoopyGame::position_count).sum();
        let roots = part_roots[..n].to_vec();
        let mut changed = vec![false; n];
        for (i, &v) in picked.iter().enumerate() {
            changed[v] = part_roots[n + i] != roots[v];
        }
        let mut from = n + picked.len();
        let earlier = earlier
            .iter()
            .map(|e| {
                let kept = &part_roots[from..from + e.kept.len()];
                from += e.kept.len();
                e.of.iter().map(|&i| kept[i]).collect()
            })
            .collect();
        Some(RoundClasses {
            positions: class[..in_new].to_vec(),
            roots,
            changed,
            earlier,
        })
    }
}

/// One round of sidling: every position's new approximation `{ approx of
/// its Left options | approx of its Right options }` in simplest form.
/// `class[v]` numbers the isomorphism classes of the approximations: the
/// positions whose options have the same classes get one new
/// approximation, built and simplified once. Only the positions marked
/// in `rebuild` are rebuilt; the others keep their approximation (the
/// caller leaves out those none of whose options' approximations changed
/// in the last round: they would be rebuilt from the same ones).
/// `Ok(None)` once the meter's running total passes its budget.
///
/// # Errors
/// [`LoopyError::Budget`] if one simplification alone passes the budget.
fn sidling_round(
    g: &LoopyGame,
    approx: &[LoopyGame],
    class: &[u32],
    rebuild: &[bool],
    meter: &mut Meter,
) -> Result<Option<Vec<LoopyGame>>, LoopyError> {
    let n = g.position_count();
    let mut next: Vec<LoopyGame> = Vec::with_capacity(n);
    // The first position with each key: its options' classes, Left then Right.
    let mut built: FxHashMap<Vec<u32>, usize> = FxHashMap::default();
    for v in 0..n {
        if !rebuild[v] {
            next.push(approx[v].clone());
            continue;
        }
        // One option of each class, as (class, position).
        let pick = |opts: &Vec<u32>| {
            let mut o: Vec<(u32, u32)> = opts.iter().map(|&w| (class[w as usize], w)).collect();
            o.sort_unstable();
            o.dedup_by_key(|p| p.0);
            o
        };
        let (left, right) = (pick(&g.left[v]), pick(&g.right[v]));
        let key: Vec<u32> = left
            .iter()
            .map(|p| p.0)
            .chain([u32::MAX])
            .chain(right.iter().map(|p| p.0))
            .collect();
        if let Some(&u) = built.get(&key) {
            let same = next[u].clone();
            next.push(same);
            continue;
        }
        let mut opts: Vec<u32> = left.iter().chain(&right).map(|p| p.1).collect();
        opts.sort_unstable();
        opts.dedup();
        let parts: Vec<&LoopyGame> = opts.iter().map(|&w| &approx[w as usize]).collect();
        let index = |o: &Vec<(u32, u32)>| -> Vec<usize> {
            o.iter().filter_map(|p| opts.binary_search(&p.1).ok()).collect()
        };
        let b = braces(&parts, &index(&left), &index(&right));
        // The options' approximations share positions: one of each class
        // is enough, and the simplification below costs the square of
        // what is left.
        let Some(b) = fused(&b, meter) else {
            return Ok(None);
        };
        let m = b.position_count();
        if !meter.charge(m, m)? {
            return Ok(None);
        }
        built.insert(key, v);
        next.push(b.canonical(meter.max())?);
    }
    Ok(Some(next))
}

/// How many earlier rounds [`sidle_onside`] tries to close loops back to:
/// rounds that wrap the approximations of one, two or three rounds before.
const MAX_LOOP_LENGTH: usize = 3;

/// The positions of the graphs `parts`, numbered one after another, in
/// classes of bisimilar positions: two positions are in one class when
/// each Left option of either is in the class of some Left option of the
/// other, and the same for Right, all the way down (refined from one class
/// until no class splits). Bisimilar positions are equal games; between
/// stoppers in simplest form (where no two positions of one graph are
/// equal) they are exactly the isomorphic ones, since the relation is then
/// a one-to-one map of the positions that keeps every move. O(r · (P + E))
/// for `P` positions, `E` moves and `r ≤ P` refinement rounds, charged to
/// the meter; `None` once the meter's running total passes its budget.
/// Also the class of each part's start.
fn bisimilar_classes(parts: &[&LoopyGame], meter: &mut Meter) -> Option<(Vec<u32>, Vec<u32>)> {
    let (left, right, starts) = side_by_side(parts, 0);
    let size = left.len();
    let moves: usize = left.iter().chain(&right).map(Vec::len).sum();
    let mut class = vec![0u32; size];
    let mut count = 1;
    // A position's key: its class, then the sets of its Left and of its
    // Right options' classes, each ended by `u32::MAX`.
    let (mut key, mut set) = (Vec::new(), Vec::new());
    loop {
        if !meter.charge_states(size + moves) {
            return None;
        }
        let mut ids: FxHashMap<Vec<u32>, u32> = FxHashMap::default();
        let mut next = Vec::with_capacity(size);
        for v in 0..size {
            key.clear();
            key.push(class[v]);
            for opts in [&left[v], &right[v]] {
                set.clear();
                set.extend(opts.iter().map(|&w| class[w as usize]));
                set.sort_unstable();
                set.dedup();
                key.extend_from_slice(&set);
                key.push(u32::MAX);
            }
            let fresh = ids.len() as u32;
            next.push(*ids.entry(key.clone()).or_insert(fresh));
        }
        class = next;
        if ids.len() == count {
            let roots = starts.iter().map(|&x| class[x as usize]).collect();
            return Some((class, roots));
        }
        count = ids.len();
    }
}

/// `g` with its bisimilar positions ([`bisimilar_classes`]) made one: an
/// equal game (bisimilar positions have the same play), often much smaller.
/// `None` once the meter's running total passes its budget.
fn fused(g: &LoopyGame, meter: &mut Meter) -> Option<LoopyGame> {
    let (class, _) = bisimilar_classes(&[g], meter)?;
    let mut first: FxHashMap<u32, u32> = FxHashMap::default();
    let target: Vec<u32> = (0..class.len() as u32)
        .map(|x| *first.entry(class[x as usize]).or_insert(x))
        .collect();
    Some(redirected(g, &target, target[g.start as usize]))
}

/// The candidates with loops closed back to each earlier round (newest
/// first), two a round:
///
/// 1. the start's approximation `current[start]` with every move to a
///    position isomorphic to the earlier round's approximation of the start
///    sent back to its own start (`None` when no position other than its
///    start is);
/// 2. the approximations `current` of all positions in one graph, one copy
///    each, where every move to a position isomorphic to the earlier
///    round's approximation of some `w` goes to the start of `current[w]`'s
///    copy instead (the first such `w`, unless that is the position
///    itself), started at `current[start]`'s copy (`None` when no move
///    changes).
///
/// Isomorphic means equal here: all approximations are stoppers in simplest
/// form, and `classes` numbers them (the positions of `current` and the
/// earlier rounds' approximations). O(P) a round for `P` positions in all.
fn closed_loops(current: &[LoopyGame], start: usize, classes: &RoundClasses) -> Vec<Option<LoopyGame>> {
    if classes.earlier.is_empty() {
        return Vec::new();
    }
    let (left, right, roots) = side_by_side(&current.iter().collect::<Vec<_>>(), 0);
    let class = &classes.positions;
    let root = roots[start];
    let union = LoopyGame {
        left,
        right,
        start: root,
    };
    let own = &current[start];
    let own_offset = (root - own.start) as usize;
    let mut candidates = Vec::with_capacity(2 * classes.earlier.len());
    for earlier in classes.earlier.iter().rev() {
        // 1. The start's approximation closed on itself.
        let goal = earlier[start];
        let mut target: Vec<u32> = (0..own.position_count() as u32).collect();
        let mut closed = false;
        for (p, t) in target.iter_mut().enumerate() {
            if p != own.start as usize && class[own_offset + p] == goal {
                *t = own.start;
                closed = true;
            }
        }
        candidates.push(closed.then(|| redirected(own, &target, own.start)));
        // 2. All approximations, each closed onto the others.
        let mut earlier_of: FxHashMap<u32, Vec<usize>> = FxHashMap::default();
        for (w, &c) in earlier.iter().enumerate() {
            earlier_of.entry(c).or_default().push(w);
        }
        let mut target: Vec<u32> = (0..union.position_count() as u32).collect();
        let mut closed = false;
        for (x, t) in target.iter_mut().enumerate() {
            let Some(ws) = earlier_of.get(&class[x]) else {
                continue;
            };
            if let Some(&r) = ws.iter().map(|&w| &roots[w]).find(|&&r| r != x as u32) {
                *t = r;
                closed = true;
            }
        }
        candidates.push(closed.then(|| redirected(&union, &target, root)));
    }
    candidates
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
        // The games of `tests/engine/loopy_sides.rs` whose onside keeps some of
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

    /// A random stopper: a random graph, without Right's moves on
    /// alternating cycles if it has any, and without all of Right's moves if
    /// that is not enough (Left alone cannot play forever alternately).
    fn random_stopper(picks: &[u8]) -> LoopyGame {
        let g = random_graph(picks);
        if g.is_stopper() {
            return g;
        }
        let g = drop_right_cycle_moves(&g);
        if g.is_stopper() {
            return g;
        }
        LoopyGame {
            right: vec![Vec::new(); g.position_count()],
            ..g
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]

        /// Between stoppers in simplest form, the refinement's classes are
        /// the isomorphism classes of [`LoopyGame::is_isomorphic`]: a
        /// renumbered copy is in its original's class, another game is in
        /// it exactly when it is isomorphic, and no two positions of one
        /// simplest form share a class.
        #[test]
        fn bisimilar_classes_of_simplest_forms_are_isomorphism_classes(
            a in proptest::collection::vec(any::<u8>(), 40),
            b in proptest::collection::vec(any::<u8>(), 40),
            turn in any::<usize>(),
        ) {
            let (g, h) = (random_stopper(&a), random_stopper(&b));
            let (g, h) = (g.canonical(BUDGET).unwrap(), h.canonical(BUDGET).unwrap());
            // `g` with its positions renumbered by a rotation.
            let n = g.position_count();
            let to = |v: u32| ((v as usize + turn) % n) as u32;
            let (mut left, mut right) = (vec![Vec::new(); n], vec![Vec::new(); n]);
            for v in 0..n {
                left[to(v as u32) as usize] = g.left[v].iter().map(|&w| to(w)).collect();
                right[to(v as u32) as usize] = g.right[v].iter().map(|&w| to(w)).collect();
            }
            let copy = LoopyGame { left, right, start: to(g.start) };
            let (_, roots) = bisimilar_classes(&[&g, &h, &copy], &mut Meter::new(BUDGET)).unwrap();
            prop_assert_eq!(roots[0], roots[2]);
            prop_assert_eq!(roots[0] == roots[1], g.is_isomorphic(&h, BUDGET).unwrap());
            let (class, _) = bisimilar_classes(&[&g], &mut Meter::new(BUDGET)).unwrap();
            let mut distinct = class.clone();
            distinct.sort_unstable();
            distinct.dedup();
            prop_assert_eq!(distinct.len(), n);
        }

        /// Fusing bisimilar positions keeps the value and never adds a position.
        #[test]
        fn fusing_keeps_the_value(picks in proptest::collection::vec(any::<u8>(), 40)) {
            let g = random_graph(&picks);
            // Two copies of `g` under a new start: at least half of it fuses.
            let two = braces(&[&g, &g], &[0], &[1]);
            let f = fused(&two, &mut Meter::new(BUDGET)).unwrap();
            prop_assert!(f.position_count() <= g.packed().position_count() + 1);
            prop_assert!(f.ge(&two, BUDGET).unwrap() && two.ge(&f, BUDGET).unwrap());
            let f = fused(&g, &mut Meter::new(BUDGET)).unwrap();
            prop_assert!(f.position_count() <= g.packed().position_count());
            prop_assert!(f.ge(&g, BUDGET).unwrap() && g.ge(&f, BUDGET).unwrap());
        }

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
                let refs: Vec<&LoopyGame> = approx.iter().collect();
                let (_, class) = bisimilar_classes(&refs, &mut Meter::new(BUDGET)).unwrap();
                approx = sidling_round(&g, &approx, &class, &vec![true; approx.len()], &mut Meter::new(BUDGET)).unwrap().unwrap();
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
