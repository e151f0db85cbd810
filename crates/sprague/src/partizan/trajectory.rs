//! Piecewise-linear walls of thermographs.

use super::dyadic::Dyadic;

/// One linear piece: from temperature `t` on, the value is `x + slope·(t' - t)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrajectoryPiece {
    /// Where the piece starts (temperature).
    pub t: Dyadic,
    /// The value at `t`.
    pub x: Dyadic,
    /// The slope `dx/dt` (−1, 0 or 1 in thermographs).
    pub slope: i64,
}

/// A continuous piecewise-linear function `x(t)` for `t >= -1`, with dyadic
/// breakpoints: a list of pieces in increasing `t`, the first starting at
/// `-1`, the last extending to infinity.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trajectory {
    pieces: Vec<TrajectoryPiece>,
}

/// `d / k` for `k` a positive power of two.
fn div_pow2(d: &Dyadic, k: i64) -> Dyadic {
    debug_assert!(
        k > 0 && (k & (k - 1)) == 0,
        "slope difference {k} is not a power of 2"
    );
    d.halve(k.trailing_zeros())
}

impl Trajectory {
    /// The constant `x` for all `t >= -1`.
    #[must_use]
    pub fn constant(x: Dyadic) -> Trajectory {
        Trajectory {
            pieces: vec![TrajectoryPiece {
                t: Dyadic::integer(-1),
                x,
                slope: 0,
            }],
        }
    }

    /// The pieces, in increasing temperature.
    #[must_use]
    pub fn pieces(&self) -> &[TrajectoryPiece] {
        &self.pieces
    }

    /// The value at temperature `t` (`t >= -1`). O(pieces).
    #[must_use]
    pub fn value_at(&self, t: &Dyadic) -> Dyadic {
        let i = self.piece_index(t);
        let p = &self.pieces[i];
        p.x.add(&t.sub(&p.t).mul_int(p.slope))
    }

    fn piece_index(&self, t: &Dyadic) -> usize {
        let mut i = 0;
        while i + 1 < self.pieces.len() && self.pieces[i + 1].t <= *t {
            i += 1;
        }
        i
    }

    /// `x at t=-1, then breakpoints (t, x)…`: the trajectory in words, as
    /// `calc` prints a thermograph's walls. O(pieces).
    #[must_use]
    pub fn describe(&self) -> String {
        let mut s = format!("{} at t=-1", self.value_at(&Dyadic::integer(-1)));
        for (t, x) in self.breakpoints() {
            s.push_str(&format!(", {x} at t={t}"));
        }
        s
    }

    /// The breakpoints `(t, x)` where the slope changes, after `t = -1`.
    #[must_use]
    pub fn breakpoints(&self) -> Vec<(Dyadic, Dyadic)> {
        self.pieces
            .iter()
            .skip(1)
            .map(|p| (p.t.clone(), p.x.clone()))
            .collect()
    }

    /// The slope after the last breakpoint.
    #[must_use]
    pub fn final_slope(&self) -> i64 {
        self.pieces.last().map_or(0, |p| p.slope)
    }

    /// `x(t) + k·t`.
    #[must_use]
    pub(crate) fn tilt(&self, k: i64) -> Trajectory {
        Trajectory {
            pieces: self
                .pieces
                .iter()
                .map(|p| TrajectoryPiece {
                    t: p.t.clone(),
                    x: p.x.add(&p.t.mul_int(k)),
                    slope: p.slope + k,
                })
                .collect(),
        }
    }

    /// The pointwise maximum (`max = true`) or minimum of two trajectories.
    /// Where they cross, their slopes differ by 1 or 2 (thermograph walls have
    /// slopes −1, 0, 1 and scaffolds are tilted by ±1), so crossings are dyadic.
    #[must_use]
    pub(crate) fn envelope(&self, other: &Trajectory, max: bool) -> Trajectory {
        let mut ts: Vec<Dyadic> = self
            .pieces
            .iter()
            .chain(&other.pieces)
            .map(|p| p.t.clone())
            .collect();
        ts.sort();
        ts.dedup();
        let better = |a: &Dyadic, b: &Dyadic| if max { a > b } else { a < b };
        let mut out: Vec<TrajectoryPiece> = Vec::new();
        for (k, t) in ts.iter().enumerate() {
            let (fa, fb) = (self.value_at(t), other.value_at(t));
            let (sa, sb) = (
                self.pieces[self.piece_index(t)].slope,
                other.pieces[other.piece_index(t)].slope,
            );
            // Which one leads just after t.
            let a_leads = if fa == fb {
                !better(&Dyadic::integer(sb), &Dyadic::integer(sa))
            } else {
                better(&fa, &fb)
            };
            let (x, s, xo, so) = if a_leads {
                (fa, sa, fb, sb)
            } else {
                (fb, sb, fa, sa)
            };
            push_piece(&mut out, t.clone(), x.clone(), s);
            // A crossing before the next breakpoint?
            let lead_gap = x.sub(&xo); // >= 0 for max, <= 0 for min
            let closing = if max { so - s } else { s - so };
            if closing > 0 && !lead_gap.is_zero() {
                let dt = div_pow2(&if max { lead_gap } else { lead_gap.neg() }, closing);
                let tc = t.add(&dt);
                let before_next = ts.get(k + 1).is_none_or(|n| tc < *n);
                if before_next {
                    let xc = xo.add(&dt.mul_int(so));
                    push_piece(&mut out, tc, xc, so);
                }
            }
        }
        Trajectory { pieces: out }
    }

    /// The same function up to `t0`, then constant at its value there.
    #[must_use]
    pub(crate) fn mast_from(&self, t0: &Dyadic) -> Trajectory {
        let x0 = self.value_at(t0);
        let mut out: Vec<TrajectoryPiece> = self.pieces.iter().filter(|p| p.t < *t0).cloned().collect();
        push_piece(&mut out, t0.clone(), x0, 0);
        Trajectory { pieces: out }
    }
}

/// Appends a piece, merging it with the last one when it continues it.
fn push_piece(out: &mut Vec<TrajectoryPiece>, t: Dyadic, x: Dyadic, slope: i64) {
    if let Some(last) = out.last() {
        if last.slope == slope {
            return;
        }
        if last.t == t {
            out.pop();
            return push_piece(out, t, x, slope);
        }
    }
    out.push(TrajectoryPiece { t, x, slope });
}
