//! The third layer of the partizan store: thermographs per game (memoised),
//! temperature, mean, cooling and heating, built on the arithmetic in `ops`.

use super::dyadic::Dyadic;
use super::game_id::GameId;
use super::store::{GameStore, Op};
use super::thermograph::Thermograph;
use rustc_hash::FxHashMap;

impl GameStore {
    /// The thermograph of `g`, memoised per id.
    ///
    /// For an integer `n` both walls are the constant `n`; `n + k·↑ + *m` has
    /// a closed form (its walls meet at `n` at temperature 0). Otherwise (a
    /// number `m/2^k` included: its walls meet at temperature `−1/2^k` and
    /// part below it, the stops of the number cooled there) the left
    /// scaffold is `max over G^L of (right wall of G^L)(t) - t`, the right one
    /// `min over G^R of (left wall of G^R)(t) + t`; the temperature is where
    /// they meet and above it both walls are the mast (Winning Ways ch. 6).
    /// Cost: linear in the number of breakpoints per option, over all subgames.
    ///
    /// ```
    /// use sprague::{Dyadic, GameStore};
    /// let mut s = GameStore::new();
    /// let g = s.parse("{3||2*|1*}").unwrap();
    /// let th = s.thermograph(g);
    /// assert_eq!(th.mean, Dyadic::new(9, 2));
    /// assert_eq!(th.temperature, Dyadic::new(3, 2));
    /// ```
    pub fn thermograph(&mut self, g: GameId) -> Thermograph {
        if let Some(t) = self.derived.thermo.get(&g) {
            return t.clone();
        }
        // Closed forms where the number part is an integer; a number m/2^k
        // (and m/2^k + n·↑ + *m) goes through its options like any game,
        // since below its temperature −1/2^k it cools as {G^L_t − t | G^R_t + t}
        // (as CGSuite draws it too).
        let integral = |x: &Dyadic| x.is_integer();
        let th = if let Some(x) = self.as_number(g).filter(|x| integral(x)) {
            Thermograph::of_number(x.clone())
        } else if let Some(v) = self.as_nus(g).filter(|v| !v.is_number() && integral(&v.number)) {
            Thermograph::of_nus(v)
        } else {
            let (l, r) = self.options(g);
            let left: Vec<Thermograph> = l.into_iter().map(|x| self.thermograph(x)).collect();
            let right: Vec<Thermograph> = r.into_iter().map(|x| self.thermograph(x)).collect();
            Thermograph::from_options(left, right)
        };
        self.derived.thermo.insert(g, th.clone());
        th
    }

    /// The temperature of `g` (negative for numbers: `-1/2^k` for `m/2^k`).
    /// O(1) for inline values, else that of [`GameStore::thermograph`].
    pub fn temperature(&mut self, g: GameId) -> Dyadic {
        if let Some(v) = self.as_nus(g)
            && !v.is_number()
        {
            return Dyadic::ZERO;
        }
        self.thermograph(g).temperature
    }

    /// The mean value of `g` (additive: mean(G + H) = mean(G) + mean(H)).
    /// O(1) for inline values, else that of [`GameStore::thermograph`].
    pub fn mean(&mut self, g: GameId) -> Dyadic {
        if let Some(v) = self.as_nus(g) {
            return v.number.clone();
        }
        self.thermograph(g).mean
    }

    /// `g` cooled by `t`, for `t > −1` (see [`cooling_defined`]), as
    /// Winning Ways (ch. 6) and CGSuite define it: an integer stays; when `t`
    /// exceeds the temperature of `g` the result is its mean; otherwise it is
    /// `{G^L_t − t | G^R_t + t}` over the canonical options. A number that is
    /// not an integer is no exception: `m/2^k` has temperature `−1/2^k`, so
    /// it stays for `t > −1/2^k` and is cooled through its options below
    /// (`1/4` cooled by `−1/4` is `{0 + 1/4 | 1/2 − 1/4} = 1/4*`). Freezing
    /// happens exactly above the temperature, where the cooled form is
    /// infinitesimally close to the mean. One thermograph, then one sum and
    /// construction per subgame.
    ///
    /// ```
    /// use sprague::{Dyadic, GameStore};
    /// let mut s = GameStore::new();
    /// let quarter = s.parse("1/4").unwrap();
    /// let t: Dyadic = "-1/4".parse().unwrap();
    /// let cooled = s.cool(quarter, &t);
    /// assert_eq!(s.display(cooled), "1/4*");
    /// ```
    pub fn cool(&mut self, g: GameId, t: &Dyadic) -> GameId {
        self.op().cool(g, t)
    }

    /// `g` heated by `t` (any game): numbers stay; otherwise
    /// `{∫G^L + t | ∫G^R - t}` (Winning Ways ch. 6; heating is not always the
    /// inverse of cooling). One sum and construction per subgame.
    pub fn heat(&mut self, g: GameId, t: GameId) -> GameId {
        self.op().heat(g, t)
    }
}

/// The operations above that a monitor may stop (see `store::Op`); the
/// [`GameStore`] methods and [`WatchedStore`](super::WatchedStore) run them.
impl Op<'_, '_> {
    /// Cools `g` by `t`. Each subposition is cooled once (memoised), so
    /// the cost is O(subpositions × options), not the size of the game tree.
    pub(crate) fn cool(&mut self, g: GameId, t: &Dyadic) -> GameId {
        self.cool_memo(g, t, &mut FxHashMap::default())
    }

    fn cool_memo(&mut self, g: GameId, t: &Dyadic, memo: &mut FxHashMap<GameId, GameId>) -> GameId {
        if self.as_number(g).is_some_and(Dyadic::is_integer) || t.is_zero() {
            return g;
        }
        if let Some(&c) = memo.get(&g) {
            return c;
        }
        self.tick();
        let temp = self.temperature(g);
        let cooled = if *t > temp {
            let m = self.mean(g);
            self.dyadic(m)
        } else {
            let tg = self.dyadic(t.clone());
            // {G^L_t - t | G^R_t + t}: the options shifted by -t.
            let minus_t = self.neg(tg);
            self.shifted_options(g, minus_t, |s, x| s.cool_memo(x, t, memo))
        };
        memo.insert(g, cooled);
        cooled
    }

    /// Heats `g` by `t`. Each subposition is heated once (memoised), so
    /// the cost is O(subpositions × options), not the size of the game tree
    /// (`*52` has 2^52 paths to `0`).
    pub(crate) fn heat(&mut self, g: GameId, t: GameId) -> GameId {
        self.heat_memo(g, t, &mut FxHashMap::default())
    }

    fn heat_memo(&mut self, g: GameId, t: GameId, memo: &mut FxHashMap<GameId, GameId>) -> GameId {
        if self.is_number(g) {
            return g;
        }
        if let Some(&h) = memo.get(&g) {
            return h;
        }
        self.tick();
        let heated = self.shifted_options(g, t, |s, x| s.heat_memo(x, t, memo));
        memo.insert(g, heated);
        heated
    }
}

/// Whether sprague cools by `t`: `t > −1`, the temperatures CGSuite accepts
/// for cooling (negative ones heat a little: `*` cooled by −1/2 is `±1/2`,
/// `1/4` cooled by −1/4 is `1/4*`). O(1).
///
/// ```
/// use sprague::{Dyadic, partizan::cooling_defined};
/// assert!(cooling_defined(&"-1/2".parse::<Dyadic>().unwrap()));
/// assert!(!cooling_defined(&"-1".parse::<Dyadic>().unwrap()));
/// ```
#[must_use]
pub fn cooling_defined(t: &Dyadic) -> bool {
    *t > Dyadic::from(-1i64)
}
