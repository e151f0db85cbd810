//! The third layer of the partizan store: thermographs per game (memoised),
//! temperature, mean, cooling and heating, built on the arithmetic in `ops`.

use super::dyadic::Dyadic;
use super::store::{GameId, GameStore, Op};
use super::thermograph::Thermograph;

impl GameStore {
    /// The thermograph of `g`, memoised per id.
    ///
    /// For a number `x` both walls are the constant `x`; `x + n·↑ + *m` has a
    /// closed form (its walls meet at `x` at temperature 0). Otherwise the left
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
        let th = if let Some(x) = self.as_number(g) {
            Thermograph::of_number(x.clone())
        } else if let Some(v) = self.as_nus(g) {
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

    /// `g` cooled by `t`, for `t > −1` (see [`cooling_defined`]): numbers
    /// stay; when `t` exceeds the temperature the result is the mean;
    /// otherwise `{G^L_t - t | G^R_t + t}` (Winning Ways ch. 6). For `−1 < t <
    /// 0` (as CGSuite allows) the same formula applies: a game that is not a
    /// number has temperature at least 0, and `{G^L_t' - t' | G^R_t' + t'}`
    /// with `t' < 0` has a left stop above its right stop, so it is never
    /// infinitesimally close to a number and nothing freezes early. One
    /// thermograph, then one sum and construction per subgame.
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
    pub(crate) fn cool(&mut self, g: GameId, t: &Dyadic) -> GameId {
        if self.is_number(g) || t.is_zero() {
            return g;
        }
        let temp = self.temperature(g);
        if *t > temp {
            let m = self.mean(g);
            return self.dyadic(m);
        }
        let tg = self.dyadic(t.clone());
        // {G^L_t - t | G^R_t + t}: the options shifted by -t.
        let minus_t = self.neg(tg);
        self.shifted_options(g, minus_t, |s, x| s.cool(x, t))
    }

    pub(crate) fn heat(&mut self, g: GameId, t: GameId) -> GameId {
        if self.is_number(g) {
            return g;
        }
        self.shifted_options(g, t, |s, x| s.heat(x, t))
    }
}

/// Whether sprague cools by `t`: `t > −1`, the temperatures CGSuite accepts
/// for cooling (negative ones heat a little: `*` cooled by −1/2 is `±1/2`).
/// O(1).
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
