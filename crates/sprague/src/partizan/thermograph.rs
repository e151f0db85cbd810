//! Thermographs: the walls of a game as it is cooled, its mean and
//! temperature. This file knows walls only (no store): how the walls of a
//! number, of `x + n·↑ + *m` and of a game with given option thermographs
//! look. The store computes them per game in `temperature`.

use super::dyadic::Dyadic;
use super::nus::Nus;
use super::trajectory::Trajectory;

/// The thermograph of a game: its left and right walls as functions of the
/// temperature `t >= -1` (values on the horizontal axis, Left's side drawn on
/// the left as in Winning Ways), which meet at the temperature and continue
/// up as the vertical mast at the mean.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thermograph {
    /// The left wall `L(G_t)`.
    pub left: Trajectory,
    /// The right wall `R(G_t)`.
    pub right: Trajectory,
    /// Where the walls meet: the temperature (for a number `m/2^k`, `-1/2^k`; integers `-1`).
    pub temperature: Dyadic,
    /// The value of the mast: the mean.
    pub mean: Dyadic,
}

impl Thermograph {
    /// The thermograph of the number `x`: both walls are the constant `x`. O(1).
    pub(super) fn of_number(x: Dyadic) -> Thermograph {
        let e = x.exponent();
        let temperature = if e == 0 {
            Dyadic::integer(-1)
        } else {
            Dyadic::new(-1, e)
        };
        Thermograph {
            left: Trajectory::constant(x.clone()),
            right: Trajectory::constant(x.clone()),
            temperature,
            mean: x,
        }
    }

    /// The closed form for `x + n·↑ + *m` that is not a number: temperature
    /// 0, mast at `x`. Below 0 the walls are `x - t` (left) and `x + t`
    /// (right), except that Right's wall is `x` when `n ≥ 1` and Left's is `x`
    /// when `n ≤ -1` — unless the option on that side is the number `x`
    /// itself (`x + *m`, `x ± ↑*`). O(1).
    pub(super) fn of_nus(v: &Nus) -> Thermograph {
        let x = v.number.clone();
        let special = v.ups.unsigned_abs() == 1 && v.nimber == 1;
        let zero = Dyadic::ZERO;
        let flat = Trajectory::constant(x.clone());
        let sl = if v.ups < 0 && !special {
            flat.clone()
        } else {
            flat.tilt(-1)
        };
        let sr = if v.ups > 0 && !special {
            flat
        } else {
            Trajectory::constant(x.clone()).tilt(1)
        };
        Thermograph {
            left: sl.mast_from(&zero),
            right: sr.mast_from(&zero),
            temperature: zero,
            mean: x,
        }
    }

    /// The thermograph of a game that is not a number, from those of its
    /// Left and Right options: the left scaffold is the maximum over Left
    /// options of (right wall)(t) - t, the right one the minimum over Right
    /// options of (left wall)(t) + t; the temperature is where they meet and
    /// above it both walls are the mast (Winning Ways ch. 6). Linear in the
    /// number of breakpoints of the options' walls.
    pub(super) fn from_options(
        left: impl IntoIterator<Item = Thermograph>,
        right: impl IntoIterator<Item = Thermograph>,
    ) -> Thermograph {
        let mut sl: Option<Trajectory> = None;
        for th in left {
            let w = th.right.tilt(-1);
            sl = Some(match sl {
                None => w,
                Some(s) => s.envelope(&w, true),
            });
        }
        let mut sr: Option<Trajectory> = None;
        for th in right {
            let w = th.left.tilt(1);
            sr = Some(match sr {
                None => w,
                Some(s) => s.envelope(&w, false),
            });
        }
        // A non-number canonical form has options on both sides.
        let sl = sl.unwrap_or_else(|| Trajectory::constant(Dyadic::ZERO));
        let sr = sr.unwrap_or_else(|| Trajectory::constant(Dyadic::ZERO));
        let t = crossing(&sl, &sr);
        let mean = sl.value_at(&t);
        Thermograph {
            left: sl.mast_from(&t),
            right: sr.mast_from(&t),
            temperature: t,
            mean,
        }
    }
}

/// The least `t >= -1` with `sl(t) <= sr(t)`; `sl - sr` is non-increasing.
fn crossing(sl: &Trajectory, sr: &Trajectory) -> Dyadic {
    let start = Dyadic::integer(-1);
    if sl.value_at(&start) <= sr.value_at(&start) {
        return start;
    }
    // Candidate points: every breakpoint of either, then solve on the piece.
    let mut ts: Vec<Dyadic> = sl
        .pieces()
        .iter()
        .chain(sr.pieces())
        .map(|p| p.t.clone())
        .collect();
    ts.sort();
    ts.dedup();
    let mut prev = start;
    for t in ts.into_iter().skip(1) {
        if sl.value_at(&t) <= sr.value_at(&t) {
            return solve_on_piece(sl, sr, &prev);
        }
        prev = t;
    }
    solve_on_piece(sl, sr, &prev)
}

/// Where `sl` and `sr`, linear after `t0`, meet.
fn solve_on_piece(sl: &Trajectory, sr: &Trajectory, t0: &Dyadic) -> Dyadic {
    let gap = sl.value_at(t0).sub(&sr.value_at(t0));
    let slope_of = |tr: &Trajectory| {
        let mut s = 0;
        for p in tr.pieces() {
            if p.t <= *t0 {
                s = p.slope;
            }
        }
        s
    };
    let closing = slope_of(sr) - slope_of(sl);
    if closing <= 0 {
        return t0.clone();
    }
    debug_assert!(closing & (closing - 1) == 0);
    t0.add(&gap.halve(closing.trailing_zeros()))
}
