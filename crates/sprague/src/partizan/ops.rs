//! The second layer of the partizan store: negation, sums, comparisons,
//! outcome, birthday and incentives, built on the construction of canonical
//! forms in `store`.

use super::game_id::GameId;
use super::nus::Nus;
use super::store::{GameStore, Op, pair};
use crate::outcome::Outcome;
use core::cmp::Ordering;

impl GameStore {
    /// The negative `-G = {-G^R | -G^L}`. O(1) for inline values; otherwise
    /// linear in the number of new forms, cached per id.
    pub fn neg(&mut self, g: GameId) -> GameId {
        if let Some(n) = self.cached_neg(g) {
            return n;
        }
        if let Some(v) = self.as_nus(g) {
            let v = v.neg();
            let n = self.nus(v);
            self.cache_neg(g, n);
            return n;
        }
        let o = self.opts(g);
        let mut nl = Vec::with_capacity(o.nr as usize);
        for i in 0..o.nr {
            let x = self.right_at(o, i);
            nl.push(self.neg(x));
        }
        let mut nr = Vec::with_capacity(o.nl as usize);
        for i in 0..o.nl {
            let x = self.left_at(o, i);
            nr.push(self.neg(x));
        }
        nl.sort_unstable();
        nr.sort_unstable();
        // The negative of a canonical form is canonical.
        let n = self.intern(&nl, &nr);
        self.cache_neg(g, n);
        n
    }

    /// The sum `G + H`. O(1) for two inline values; otherwise the canonical
    /// form of `{G^L + H, G + H^L | G^R + H, G + H^R}` (a number term's own
    /// options are skipped, by number avoidance), memoised on the id pair:
    /// one construction per pair of subgames reached.
    pub fn add(&mut self, g: GameId, h: GameId) -> GameId {
        self.op().add(g, h)
    }

    /// The difference `G - H`: a negation and a sum.
    pub fn sub(&mut self, g: GameId, h: GameId) -> GameId {
        self.op().sub(g, h)
    }

    /// The sum of many games, added left to right (`n - 1` sums).
    pub fn sum(&mut self, games: &[GameId]) -> GameId {
        self.op().sum(games)
    }

    /// `{0 || 0 | -x}`, written `Tiny(x)` (tiny-x; Winning Ways ch. 5): one
    /// negation and two constructions.
    pub fn tiny(&mut self, x: GameId) -> GameId {
        self.op().tiny(x)
    }

    /// `{x | 0 || 0}`, written `Miny(x)`: the negative of `Tiny(x)`.
    pub fn miny(&mut self, x: GameId) -> GameId {
        self.op().miny(x)
    }

    /// `±G = {G | -G}`: one negation and one construction.
    pub fn plus_minus(&mut self, g: GameId) -> GameId {
        self.op().plus_minus(g)
    }

    /// The order between `a` and `b`; `None` when they are confused
    /// (`a || b`). At most two comparisons ([`GameStore::le`]).
    pub fn compare(&mut self, a: GameId, b: GameId) -> Option<Ordering> {
        self.op().compare(a, b)
    }

    /// The outcome class: `L` if `G > 0`, `R` if `G < 0`, `P` if `G = 0`,
    /// `N` if `G || 0`. At most two comparisons with 0.
    pub fn outcome(&mut self, g: GameId) -> Outcome {
        self.op().outcome(g)
    }

    /// Left's incentives `G^L - G` and Right's `G - G^R` (both: the larger the
    /// better for the mover). One difference per option.
    pub fn incentives(&mut self, g: GameId) -> (Vec<GameId>, Vec<GameId>) {
        self.op().incentives(g)
    }

    /// The birthday: 0 for 0, else one more than the largest birthday of an
    /// option of the canonical form; `None` when it exceeds `u64` (huge
    /// integers). Memoised; closed forms for inline values: `n` has birthday
    /// `|n|`, `m/2^k` (k ≥ 1) `|integer part| + k + 1`, `x + *m` adds `m`, and
    /// `x + n·↑ + *m` follows the chain of its right options. Otherwise one
    /// visit per subgame of the canonical form.
    pub fn birthday(&mut self, g: GameId) -> Option<u64> {
        if let Some(&b) = self.derived.birthday.get(&g) {
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
        self.derived.birthday.insert(g, b);
        Some(b)
    }
}

/// The operations above that a monitor may stop (see `store::Op`); the
/// [`GameStore`] methods and [`WatchedStore`](super::WatchedStore) run them.
impl Op<'_, '_> {
    pub(crate) fn add(&mut self, g: GameId, h: GameId) -> GameId {
        if g == GameId::ZERO {
            return h;
        }
        if h == GameId::ZERO {
            return g;
        }
        if let (Some(x), Some(y)) = (self.as_nus(g), self.as_nus(h)) {
            let v = x.add(y);
            return self.nus(v);
        }
        let (a, b) = if g <= h { (g, h) } else { (h, g) };
        if self.halted() {
            return GameId::ZERO;
        }
        self.tick();
        let key = pair(a, b);
        if let Some(r) = self.add_memo.get(key) {
            return r;
        }
        let mut l = self.lists.pop().unwrap_or_default();
        let mut r = self.lists.pop().unwrap_or_default();
        let (a_num, b_num) = (self.is_number(a), self.is_number(b));
        // A number is an inline value, so with one number here the other
        // term is a general form (two inline values were added above).
        let s = if a_num == b_num {
            if !a_num {
                self.push_options(a, &mut l, &mut r, |s, x| s.add(x, b));
            }
            if !b_num {
                self.push_options(b, &mut l, &mut r, |s, x| s.add(a, x));
            }
            self.game(&l, &r)
        } else {
            let (x, g) = if a_num { (a, b) } else { (b, a) };
            self.translated(g, x, &mut l, &mut r)
        };
        if !self.halted() {
            self.add_memo.insert(key, s);
        }
        l.clear();
        r.clear();
        self.lists.push(l);
        self.lists.push(r);
        s
    }

    /// `G + x` for a general form `G` (interned: canonical and not an
    /// inline value, so not a number) and a number `x`: the form
    /// `{G^L + x | G^R + x}` of its translated options, interned as it is,
    /// with no comparison (`l`, `r` are scratch). O(options of `G`) sums.
    ///
    /// That form is `G + x` (number translation, since `G` is not a
    /// number), and it is canonical. No option is dominated: translation
    /// keeps the order. No Left option `A = G^L + x` is reversible, by
    /// induction on `G`: if `G^L` is not a number, the right options of
    /// `A`'s canonical form are the `G^LR + x`, and `G^LR + x <= G + x`
    /// would make `G^L` reversible in `G`. If `G^L` is a number `y`, a
    /// right option of `A` is a number `w + x` with `w > y`; every other
    /// Left option `H` of `G` has right stop `R(H) <= y` (else `H > y`
    /// would dominate `y`), so the left stop of `G`, which is not a
    /// number, is `y`, and `R(G) <= L(G) = y < w`: `w <= G` fails, since
    /// a number at most `G` is at most `R(G)`. Right options are the
    /// mirror image. `G + x` is not an inline value either (`G` would be
    /// one: `(G + x) - x`), so it is a general form with these options.
    fn translated(&mut self, g: GameId, x: GameId, l: &mut Vec<GameId>, r: &mut Vec<GameId>) -> GameId {
        debug_assert!(self.as_nus(g).is_none() && self.is_number(x));
        self.push_options(g, l, r, |s, o| s.add(o, x));
        if self.halted() {
            return GameId::ZERO;
        }
        l.sort_unstable();
        r.sort_unstable();
        self.intern(l, r)
    }

    pub(crate) fn sub(&mut self, g: GameId, h: GameId) -> GameId {
        let nh = self.neg(h);
        self.add(g, nh)
    }

    pub(crate) fn sum(&mut self, games: &[GameId]) -> GameId {
        games.iter().fold(GameId::ZERO, |acc, &g| self.add(acc, g))
    }

    pub(crate) fn tiny(&mut self, x: GameId) -> GameId {
        let nx = self.neg(x);
        let inner = self.game(&[GameId::ZERO], &[nx]);
        self.game(&[GameId::ZERO], &[inner])
    }

    pub(crate) fn miny(&mut self, x: GameId) -> GameId {
        let t = self.tiny(x);
        self.neg(t)
    }

    pub(crate) fn plus_minus(&mut self, g: GameId) -> GameId {
        let ng = self.neg(g);
        self.game(&[g], &[ng])
    }

    pub(crate) fn compare(&mut self, a: GameId, b: GameId) -> Option<Ordering> {
        if a == b {
            return Some(Ordering::Equal);
        }
        match (self.le(a, b), self.le(b, a)) {
            (true, _) => Some(Ordering::Less),
            (false, true) => Some(Ordering::Greater),
            (false, false) => None,
        }
    }

    pub(crate) fn outcome(&mut self, g: GameId) -> Outcome {
        match self.compare(g, GameId::ZERO) {
            Some(Ordering::Greater) => Outcome::L,
            Some(Ordering::Less) => Outcome::R,
            Some(Ordering::Equal) => Outcome::P,
            None => Outcome::N,
        }
    }

    pub(crate) fn incentives(&mut self, g: GameId) -> (Vec<GameId>, Vec<GameId>) {
        let (l, r) = self.options(g);
        let li = l.into_iter().map(|gl| self.sub(gl, g)).collect();
        let ri = r.into_iter().map(|gr| self.sub(g, gr)).collect();
        (li, ri)
    }
}

/// The birthday of `x + n·↑ + *m` from its canonical options (see the store):
/// `b(x + *m) = b(x) + m`; for `n ≥ 1`, `x + ↑ + *m` has birthday
/// `b(x) + 1 + max([m = 1], m ⊕ 1)` and each further ↑ adds one (with the
/// nimber toggled by 1 at each step down the chain of right options).
fn nus_birthday(v: &Nus) -> Option<u64> {
    let bx = v.number.birthday()?;
    let n = v.ups.unsigned_abs();
    if n == 0 {
        return bx.checked_add(v.nimber);
    }
    let m1 = v.nimber ^ ((n - 1) & 1);
    let one = bx.checked_add(1)?.checked_add(u64::from(m1 == 1).max(m1 ^ 1))?;
    one.checked_add(n - 1)
}
