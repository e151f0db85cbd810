//! Derived operations on canonical forms: stops, birthday, incentives,
//! cooling, heating, atomic weight and reduced canonical form.

use super::dyadic::Dyadic;
use super::fxhash::FxMap;
use super::nus::Nus;
use super::store::{GameId, GameStore};
use super::thermograph::Thermograph;

/// Memo tables of the derived operations, keyed by id.
#[derive(Debug, Default)]
pub(crate) struct OpMemo {
    pub(super) thermo: FxMap<GameId, Thermograph>,
    birthday: FxMap<GameId, u64>,
    reduced: FxMap<GameId, GameId>,
    atomic: FxMap<GameId, Option<GameId>>,
}

impl GameStore {
    /// The left and right stops: where play ends when Left (resp. Right)
    /// starts and both play to reach a number. O(1): stored with every form.
    ///
    /// ```
    /// use sprague::{Dyadic, GameStore};
    /// let mut s = GameStore::new();
    /// let g = s.parse("{3||2*|1*}").unwrap();
    /// assert_eq!(s.stops(g), (Dyadic::integer(3), Dyadic::integer(2)));
    /// ```
    pub fn stops(&self, g: GameId) -> (Dyadic, Dyadic) {
        let (l, r) = self.stops_ref(g);
        (l.clone(), r.clone())
    }

    /// The left stop.
    pub fn left_stop(&self, g: GameId) -> Dyadic {
        self.stops(g).0
    }

    /// The right stop.
    pub fn right_stop(&self, g: GameId) -> Dyadic {
        self.stops(g).1
    }

    /// Whether `g` is infinitesimal: both stops are 0.
    pub fn is_infinitesimal(&self, g: GameId) -> bool {
        let (l, r) = self.stops(g);
        l.is_zero() && r.is_zero()
    }

    /// The birthday: 0 for 0, else one more than the largest birthday of an
    /// option of the canonical form; `None` when it exceeds `u64` (huge
    /// integers). Memoised; closed forms for inline values: `n` has birthday
    /// `|n|`, `m/2^k` (k ≥ 1) `|integer part| + k + 1`, `x + *m` adds `m`, and
    /// `x + n·↑ + *m` follows the chain of its right options.
    pub fn birthday(&mut self, g: GameId) -> Option<u64> {
        if let Some(&b) = self.memo.birthday.get(&g) {
            return Some(b);
        }
        let b = if let Some(v) = self.as_nus(g) {
            nus_birthday(v)?
        } else {
            let (l, r) = self.options(g);
            let mut b = 0u64;
            for o in l.into_iter().chain(r) {
                b = b.max(self.birthday(o)?.checked_add(1)?);
            }
            b
        };
        if !self.interrupted() {
            self.memo.birthday.insert(g, b);
        }
        Some(b)
    }

    /// Left's incentives `G^L - G` and Right's `G - G^R` (both: the larger the
    /// better for the mover).
    pub fn incentives(&mut self, g: GameId) -> (Vec<GameId>, Vec<GameId>) {
        let (l, r) = self.options(g);
        let li = l.into_iter().map(|gl| self.sub(gl, g)).collect();
        let ri = r.into_iter().map(|gr| self.sub(g, gr)).collect();
        (li, ri)
    }

    /// `g` cooled by `t` (meant for `t >= 0`; a negative `t` applies the same
    /// formula, which then heats): numbers stay; when `t` exceeds the temperature
    /// the result is the mean; otherwise `{G^L_t - t | G^R_t + t}` (Winning Ways ch. 6).
    pub fn cool(&mut self, g: GameId, t: &Dyadic) -> GameId {
        if self.is_number(g) || t.is_zero() {
            return g;
        }
        let temp = self.temperature(g);
        if *t > temp {
            let m = self.mean(g);
            return self.dyadic(m);
        }
        let tg = self.dyadic(t.clone());
        let (l, r) = self.options(g);
        let mut nl = Vec::with_capacity(l.len());
        for gl in l {
            let c = self.cool(gl, t);
            nl.push(self.sub(c, tg));
        }
        let mut nr = Vec::with_capacity(r.len());
        for gr in r {
            let c = self.cool(gr, t);
            nr.push(self.add(c, tg));
        }
        self.game(&nl, &nr)
    }

    /// `g` heated by `t` (any game): numbers stay; otherwise
    /// `{∫G^L + t | ∫G^R - t}` (Winning Ways ch. 6; heating is not always the
    /// inverse of cooling).
    pub fn heat(&mut self, g: GameId, t: GameId) -> GameId {
        if self.is_number(g) {
            return g;
        }
        let (l, r) = self.options(g);
        let mut nl = Vec::with_capacity(l.len());
        for gl in l {
            let h = self.heat(gl, t);
            nl.push(self.add(h, t));
        }
        let mut nr = Vec::with_capacity(r.len());
        for gr in r {
            let h = self.heat(gr, t);
            nr.push(self.sub(h, t));
        }
        self.game(&nl, &nr)
    }

    /// The atomic weight of an infinitesimal `g` (`None` when `g` or one of the
    /// subgames the calculus needs is not infinitesimal). `n·↑ + *m` has
    /// weight `n`; otherwise `G° = {G^L° - 2 | G^R° + 2}` unless that is an
    /// integer, in which case (the eccentric case) the weight is the largest
    /// integer `n` with `n ⧏ G^R° + 2` for all `G^R` when `g` exceeds the far
    /// star, the least `n` with `n ⧐ G^L° - 2` when `g` is below it, and 0
    /// when `g` is confused with it (Winning Ways ch. 8; Lessons in Play ch. 9;
    /// Siegel's constructive atomic weight theorem).
    pub fn atomic_weight(&mut self, g: GameId) -> Option<GameId> {
        if let Some(v) = self.as_nus(g) {
            let ups = v.number.is_zero().then_some(v.ups)?;
            return Some(self.integer(ups));
        }
        if let Some(&a) = self.memo.atomic.get(&g) {
            return a;
        }
        let a = self.atomic_weight_walk(g);
        if !self.interrupted() {
            self.memo.atomic.insert(g, a);
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
        if self.lt(fs, g) {
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
        } else if self.lt(g, fs) {
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

    /// The reduced canonical form: the simplest game infinitesimally close to
    /// `g` (`g - rcf(g)` is infinitesimal). Options are reduced, then
    /// options dominated or reversible modulo infinitesimals are removed or
    /// bypassed, with `G ≥ H (mod Inf)` iff the right stop of `G - H` is ≥ 0
    /// (Grossman and Siegel, "Reductions of partizan games").
    pub fn reduced(&mut self, g: GameId) -> GameId {
        if let Some(&r) = self.memo.reduced.get(&g) {
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
        if !self.interrupted() {
            self.memo.reduced.insert(g, res);
        }
        res
    }

    fn ge_inf(&mut self, a: GameId, b: GameId) -> bool {
        let d = self.sub(a, b);
        self.right_stop(d).signum() >= 0
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
            let mut nl = Vec::new();
            for &gl in &l {
                let glr = self.right_options(gl);
                match glr.into_iter().find(|&x| self.ge_inf(cur, x)) {
                    Some(x) => {
                        changed = true;
                        for y in self.left_options(x) {
                            nl.push(self.reduced(y));
                        }
                    }
                    None => nl.push(gl),
                }
            }
            let mut nr = Vec::new();
            for &gr in &r {
                let grl = self.left_options(gr);
                match grl.into_iter().find(|&x| self.ge_inf(x, cur)) {
                    Some(x) => {
                        changed = true;
                        for y in self.right_options(x) {
                            nr.push(self.reduced(y));
                        }
                    }
                    None => nr.push(gr),
                }
            }
            let next = self.game(&nl, &nr);
            if !changed && next == cur {
                return cur;
            }
            cur = next;
        }
        cur
    }

    /// Options not dominated modulo infinitesimals (one of each Inf-equal class kept).
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

/// The birthday of the number `m/2^k`: `|n|` for an integer `n`, else
/// `|integer part toward 0| + k + 1` (`1/2` → 2, `3/4` → 3, `-5/4` → 4).
fn number_birthday(x: &Dyadic) -> Option<u64> {
    let k = u64::from(x.exponent());
    let int_part = if x.signum() >= 0 { x.floor() } else { x.ceil() };
    let n = int_part.to_i64()?.unsigned_abs();
    if k == 0 {
        Some(n)
    } else {
        n.checked_add(k)?.checked_add(1)
    }
}

/// The birthday of `x + n·↑ + *m` from its canonical options (see the store):
/// `b(x + *m) = b(x) + m`; for `n ≥ 1`, `x + ↑ + *m` has birthday
/// `b(x) + 1 + max([m = 1], m ⊕ 1)` and each further ↑ adds one (with the
/// nimber toggled by 1 at each step down the chain of right options).
fn nus_birthday(v: &Nus) -> Option<u64> {
    let bx = number_birthday(&v.number)?;
    let n = v.ups.unsigned_abs();
    if n == 0 {
        return bx.checked_add(v.nimber);
    }
    let m1 = v.nimber ^ ((n - 1) & 1);
    let one = bx.checked_add(1)?.checked_add(u64::from(m1 == 1).max(m1 ^ 1))?;
    one.checked_add(n - 1)
}
