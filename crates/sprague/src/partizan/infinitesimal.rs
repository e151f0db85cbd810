//! The third layer of the partizan store, beside `temperature`:
//! infinitesimals, reduced canonical forms and atomic weights, built on the
//! arithmetic in `ops`.

use super::dyadic::Dyadic;
use super::nus::Nus;
use super::store::{GameId, GameStore, Op};

impl GameStore {
    /// Whether `g` is infinitesimal: both stops are 0. O(1).
    #[must_use]
    pub fn is_infinitesimal(&self, g: GameId) -> bool {
        let (l, r) = self.stops_ref(g);
        l.is_zero() && r.is_zero()
    }

    /// The reduced canonical form: the simplest game infinitesimally close to
    /// `g` (`g - rcf(g)` is infinitesimal). Options are reduced, then
    /// options dominated or reversible modulo infinitesimals are removed or
    /// bypassed, with `G ≥ H (mod Inf)` iff the right stop of `G - H` is ≥ 0
    /// (Grossman and Siegel, "Reductions of partizan games"). Memoised; each
    /// pass costs O((|L| + |R|)^2) differences, over all subgames.
    pub fn reduced(&mut self, g: GameId) -> GameId {
        self.op().reduced(g)
    }

    /// The atomic weight of an infinitesimal `g` (`None` when `g` or one of the
    /// subgames the calculus needs is not infinitesimal). `n·↑ + *m` has
    /// weight `n`; otherwise `G° = {G^L° - 2 | G^R° + 2}` unless that is an
    /// integer, in which case (the eccentric case) the weight is the largest
    /// integer `n` with `n ⧏ G^R° + 2` for all `G^R` when `g` exceeds the far
    /// star, the least `n` with `n ⧐ G^L° - 2` when `g` is below it, and 0
    /// when `g` is confused with it (Winning Ways ch. 8; Lessons in Play ch. 9;
    /// Siegel's constructive atomic weight theorem). Memoised; one
    /// construction per subgame, plus the integer search of the eccentric case.
    pub fn atomic_weight(&mut self, g: GameId) -> Option<GameId> {
        self.op().atomic_weight(g)
    }

    /// A nimber `*2^k` larger than every nimber in `g`'s subgames (the "far star").
    fn far_star(&mut self, g: GameId) -> u64 {
        let mut seen = std::collections::HashSet::new();
        let mut stack = vec![g];
        let mut max = 1u64;
        while let Some(x) = stack.pop() {
            if !seen.insert(x) {
                continue;
            }
            if let Some(v) = self.as_nus(x) {
                max = max.max(v.nimber);
                continue;
            }
            let (l, r) = self.options(x);
            stack.extend(l);
            stack.extend(r);
        }
        (max + 1).next_power_of_two().max(2) << 1
    }
}

/// The operations above that a monitor may stop (see `store::Op`); the
/// [`GameStore`] methods and [`WatchedStore`](super::WatchedStore) run them.
impl Op<'_, '_> {
    pub(crate) fn atomic_weight(&mut self, g: GameId) -> Option<GameId> {
        if let Some(v) = self.as_nus(g) {
            let ups = v.number.is_zero().then_some(v.ups)?;
            return Some(self.integer(ups));
        }
        if let Some(&a) = self.derived.atomic.get(&g) {
            return a;
        }
        let a = self.atomic_weight_walk(g);
        if !self.halted() {
            self.derived.atomic.insert(g, a);
        }
        a
    }

    fn atomic_weight_walk(&mut self, g: GameId) -> Option<GameId> {
        if !self.is_infinitesimal(g) {
            return None;
        }
        let (l, r) = self.options(g);
        let two = self.integer(2);
        let mut al = Vec::new();
        for gl in &l {
            let w = self.atomic_weight(*gl)?;
            al.push(self.sub(w, two));
        }
        let mut ar = Vec::new();
        for gr in &r {
            let w = self.atomic_weight(*gr)?;
            ar.push(self.add(w, two));
        }
        let g0 = self.game(&al, &ar);
        let is_integer = self.as_number(g0).is_some_and(Dyadic::is_integer);
        if !is_integer {
            return Some(g0);
        }
        let far = self.far_star(g);
        let fs = self.nimber(far);
        if fs != g && self.le(fs, g) {
            // Largest n with n ⧏ every G^R° + 2 (n not >= any of them).
            let mut n = self.as_number(g0).and_then(Dyadic::to_i64).unwrap_or(0);
            loop {
                let ng = self.integer(n + 1);
                if ar.iter().any(|&x| self.le(x, ng)) {
                    break;
                }
                n += 1;
            }
            while {
                let ng = self.integer(n);
                ar.iter().any(|&x| self.le(x, ng))
            } {
                n -= 1;
            }
            Some(self.integer(n))
        } else if g != fs && self.le(g, fs) {
            let mut n = self.as_number(g0).and_then(Dyadic::to_i64).unwrap_or(0);
            loop {
                let ng = self.integer(n - 1);
                if al.iter().any(|&x| self.le(ng, x)) {
                    break;
                }
                n -= 1;
            }
            while {
                let ng = self.integer(n);
                al.iter().any(|&x| self.le(ng, x))
            } {
                n += 1;
            }
            Some(self.integer(n))
        } else {
            // Confused with (or equal to) the far star.
            Some(GameId::ZERO)
        }
    }

    pub(crate) fn reduced(&mut self, g: GameId) -> GameId {
        if let Some(&r) = self.derived.reduced.get(&g) {
            return r;
        }
        let (ls, rs) = self.stops(g);
        let res = if ls == rs {
            let x = ls.clone();
            let xg = self.dyadic(x.clone());
            let d = self.sub(g, xg);
            if self.is_infinitesimal(d) { Some(xg) } else { None }
        } else {
            None
        };
        let res = match res {
            Some(x) => x,
            None => self.reduce_walk(g),
        };
        if !self.halted() {
            self.derived.reduced.insert(g, res);
        }
        res
    }

    fn ge_inf(&mut self, a: GameId, b: GameId) -> bool {
        let d = self.sub(a, b);
        self.stops_ref(d).1.signum() >= 0
    }

    fn reduce_walk(&mut self, g: GameId) -> GameId {
        let (l, r) = self.options(g);
        let mut l: Vec<GameId> = l.into_iter().map(|x| self.reduced(x)).collect();
        let mut r: Vec<GameId> = r.into_iter().map(|x| self.reduced(x)).collect();
        let mut cur = self.game(&l, &r);
        for _ in 0..64 {
            if self.as_nus(cur).is_some_and(Nus::is_number) {
                return cur;
            }
            let (cl, cr) = self.options(cur);
            l = self.inf_undominated(&cl, true);
            r = self.inf_undominated(&cr, false);
            let mut changed = l.len() != cl.len() || r.len() != cr.len();
            let nl = self.inf_bypass(cur, &l, true, &mut changed);
            let nr = self.inf_bypass(cur, &r, false, &mut changed);
            let next = self.game(&nl, &nr);
            if !changed && next == cur {
                return cur;
            }
            cur = next;
        }
        cur
    }

    /// Left's (`left`) or Right's options `v` of `cur` with each option
    /// reversible modulo infinitesimals replaced by the reduced options of
    /// the same player behind its reversing reply; sets `changed` when one
    /// is. O(|v| · replies) comparisons.
    fn inf_bypass(&mut self, cur: GameId, v: &[GameId], left: bool, changed: &mut bool) -> Vec<GameId> {
        let mut out = Vec::new();
        for &g in v {
            let replies = if left {
                self.right_options(g)
            } else {
                self.left_options(g)
            };
            let reversing = replies.into_iter().find(|&x| {
                if left {
                    self.ge_inf(cur, x)
                } else {
                    self.ge_inf(x, cur)
                }
            });
            match reversing {
                Some(x) => {
                    *changed = true;
                    let behind = if left {
                        self.left_options(x)
                    } else {
                        self.right_options(x)
                    };
                    for y in behind {
                        out.push(self.reduced(y));
                    }
                }
                None => out.push(g),
            }
        }
        out
    }

    fn inf_undominated(&mut self, v: &[GameId], left: bool) -> Vec<GameId> {
        let mut keep: Vec<GameId> = Vec::new();
        for &x in v {
            let mut dominated = false;
            let mut i = 0;
            while i < keep.len() {
                let k = keep[i];
                let (x_le_k, k_le_x) = if left {
                    (self.ge_inf(k, x), self.ge_inf(x, k))
                } else {
                    (self.ge_inf(x, k), self.ge_inf(k, x))
                };
                if x_le_k {
                    dominated = true;
                    break;
                }
                if k_le_x {
                    keep.remove(i);
                } else {
                    i += 1;
                }
            }
            if !dominated {
                keep.push(x);
            }
        }
        keep
    }
}
