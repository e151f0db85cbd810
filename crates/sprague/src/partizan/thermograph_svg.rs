//! A hand-written SVG drawing of a thermograph: a title, both axes with ticks
//! and labels, the two walls, the mast and labelled breakpoints. Values grow to
//! the left (Left's side), as in Winning Ways.
//!
//! The parts carry ids for readers and tests: `title`, `axes`, `walls` (with
//! `left-wall` and `right-wall`), `mast` and `breakpoints`. Numbers are printed
//! with two decimals, so the same game always gives the same file.

use super::dyadic::Dyadic;
use super::thermograph::Thermograph;
use super::trajectory::Trajectory;
use std::fmt::Write;

const W: f64 = 640.0;
const H: f64 = 480.0;
const MARGIN: f64 = 60.0;

/// The SVG document for `th`, titled with the game's value (escaped for XML).
/// O(number of breakpoints).
///
/// ```
/// use sprague::{GameStore, notation::parse_game, partizan::thermograph_svg};
/// let mut store = GameStore::new();
/// let g = parse_game(&mut store, "{3|-1}").unwrap();
/// let svg = thermograph_svg(&store.thermograph(g), "{3|-1}");
/// assert!(svg.starts_with("<svg") && svg.contains("id=\"mast\""));
/// ```
pub fn thermograph_svg(th: &Thermograph, title: &str) -> String {
    let temp = th.temperature.to_f64();
    let t_top = temp.max(0.0) + 1.0;
    let t_bottom = -1.0;
    let mut xs: Vec<f64> = vec![th.mean.to_f64(), 0.0];
    for w in [&th.left, &th.right] {
        xs.push(w.value_at(&Dyadic::integer(-1)).to_f64());
        xs.extend(w.breakpoints().iter().map(|(_, x)| x.to_f64()));
    }
    let (mut lo, mut hi) = xs
        .iter()
        .fold((f64::MAX, f64::MIN), |(a, b), &x| (a.min(x), b.max(x)));
    if hi - lo < 1.0 {
        lo -= 0.5;
        hi += 0.5;
    }
    let pad = (hi - lo) * 0.1;
    let (lo, hi) = (lo - pad, hi + pad);
    // Value x maps to the horizontal pixel (larger values to the left).
    let px = |x: f64| MARGIN + (hi - x) / (hi - lo) * (W - 2.0 * MARGIN);
    let py = |t: f64| H - MARGIN - (t - t_bottom) / (t_top - t_bottom) * (H - 2.0 * MARGIN);

    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}" font-family="sans-serif" font-size="12">"#
    );
    let title = format!("Thermograph of {}", escape(title));
    let _ = writeln!(s, "<title>{title}</title>");
    let _ = writeln!(s, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(
        s,
        r#"<text id="title" x="{}" y="24" text-anchor="middle" font-size="16" font-weight="bold">{title}</text>"#,
        W / 2.0
    );
    // Axes: the value axis at t = 0 with value ticks, the temperature axis at
    // x = 0 with ticks at whole temperatures.
    let (x0, y0) = (px(0.0), py(0.0));
    let _ = writeln!(s, r#"<g id="axes" stroke="gray" fill="gray">"#);
    let _ = writeln!(
        s,
        r#"<line x1="{MARGIN}" y1="{y0:.2}" x2="{:.2}" y2="{y0:.2}"/>"#,
        W - MARGIN
    );
    let _ = writeln!(
        s,
        r#"<line x1="{x0:.2}" y1="{:.2}" x2="{x0:.2}" y2="{:.2}"/>"#,
        py(t_bottom),
        py(t_top)
    );
    let (step, ticks) = value_ticks(lo, hi);
    for k in ticks {
        let x = px(k as f64 * step);
        let _ = writeln!(
            s,
            r#"<line x1="{x:.2}" y1="{y0:.2}" x2="{x:.2}" y2="{:.2}"/><text x="{x:.2}" y="{:.2}" text-anchor="middle" stroke="none">{}</text>"#,
            y0 + 4.0,
            y0 + 16.0,
            tick_label(k, step)
        );
    }
    // Temperatures: a tick on the axis, a light line across, and the number
    // in the left margin; at every whole temperature up to 12, beyond at
    // most about ten steps (1, 2 or 5 times a power of ten), so that a game
    // as hot as 2^30 draws ten ticks, not one per degree.
    let (t_step, t_ticks) = temperature_ticks(t_bottom, t_top);
    for k in t_ticks {
        let t = tick_label(k, t_step);
        let y = py(k as f64 * t_step);
        if k != 0 {
            let _ = write!(
                s,
                r##"<line x1="{MARGIN}" y1="{y:.2}" x2="{:.2}" y2="{y:.2}" stroke="#e5e7eb"/>"##,
                W - MARGIN
            );
        }
        let _ = writeln!(
            s,
            r#"<line x1="{:.2}" y1="{y:.2}" x2="{x0:.2}" y2="{y:.2}"/><text x="{:.2}" y="{:.2}" text-anchor="end" stroke="none">{t}</text>"#,
            x0 - 4.0,
            MARGIN - 6.0,
            y + 4.0
        );
    }
    let _ = writeln!(
        s,
        r#"<text x="18" y="{:.2}" text-anchor="middle" stroke="none" font-size="13" transform="rotate(-90 18 {:.2})">temperature t</text>"#,
        H / 2.0,
        H / 2.0
    );
    let _ = writeln!(
        s,
        r#"<text x="{:.2}" y="{:.2}" text-anchor="middle" stroke="none" font-size="13">value (Left's side ←, Right's side →)</text>"#,
        W / 2.0,
        H - 18.0
    );
    let _ = writeln!(s, "</g>");
    // Walls.
    let _ = writeln!(s, r#"<g id="walls" fill="none" stroke-width="2">"#);
    for (w, id, colour) in [(&th.left, "left-wall", "blue"), (&th.right, "right-wall", "red")] {
        let pts = wall_points(w, t_top);
        let list: Vec<String> = pts
            .iter()
            .map(|(t, x)| format!("{:.2},{:.2}", px(*x), py(*t)))
            .collect();
        let _ = writeln!(
            s,
            r#"<polyline id="{id}" points="{}" stroke="{colour}"/>"#,
            list.join(" ")
        );
    }
    let _ = writeln!(s, "</g>");
    // Mast.
    let m = th.mean.to_f64();
    let _ = writeln!(s, r#"<g id="mast">"#);
    let _ = writeln!(
        s,
        r#"<line x1="{:.2}" y1="{:.2}" x2="{:.2}" y2="{:.2}" stroke="black" stroke-width="3"/>"#,
        px(m),
        py(temp.max(t_bottom)),
        px(m),
        py(t_top)
    );
    let _ = writeln!(
        s,
        r#"<text x="{:.2}" y="{:.2}" text-anchor="middle">mean {}, temperature {}</text>"#,
        px(m),
        py(t_top) - 8.0,
        th.mean,
        th.temperature
    );
    let _ = writeln!(s, "</g>");
    // Breakpoints, labelled (value, t).
    let mut labelled: Vec<(Dyadic, Dyadic)> = Vec::new();
    for w in [&th.left, &th.right] {
        for (t, x) in w.breakpoints() {
            if !labelled.contains(&(t.clone(), x.clone())) {
                labelled.push((t, x));
            }
        }
    }
    let _ = writeln!(s, r#"<g id="breakpoints">"#);
    for (t, x) in labelled {
        let (cx, cy) = (px(x.to_f64()), py(t.to_f64()));
        let _ = writeln!(
            s,
            r#"<circle cx="{cx:.2}" cy="{cy:.2}" r="3" fill="black"/><text x="{:.2}" y="{:.2}">({x}, {t})</text>"#,
            cx + 5.0,
            cy - 5.0
        );
    }
    let _ = writeln!(s, "</g>");
    s.push_str("</svg>\n");
    s
}

/// Ticks on the value axis from `lo` to `hi`: a step of 1/4, 1/2, or 1, 2 or 5
/// times a power of ten, giving at most ten ticks, and the multiples `k` of the
/// step inside the range (tick `k` sits at value `k × step`).
fn value_ticks(lo: f64, hi: f64) -> (f64, Vec<i64>) {
    let span = hi - lo;
    // Steps in increasing order: 1/4, 1/2, then 1, 2, 5, 10, 20, 50, …
    let (mut step, mut scale, mut mult) = (0.25, 1.0, 0usize);
    while span / step > 10.0 && step < 1e300 {
        step = if step < 1.0 {
            step * 2.0
        } else {
            mult = (mult + 1) % 3;
            if mult == 0 {
                scale *= 10.0;
            }
            [1.0, 2.0, 5.0][mult] * scale
        };
    }
    let first = (lo / step).ceil();
    let last = (hi / step).floor();
    // A range beyond the floats (values past 10^308) gets no ticks.
    if !(first.is_finite() && last.is_finite()) || last - first > 100.0 {
        return (step, Vec::new());
    }
    (step, (first as i64..=last as i64).collect())
}

/// Ticks on the temperature axis from `lo` (-1) to `hi`: every whole
/// temperature while there are at most 13 of them, else the ticks of
/// [`value_ticks`] (a whole step, at most about ten ticks).
fn temperature_ticks(lo: f64, hi: f64) -> (f64, Vec<i64>) {
    if hi - lo <= 12.0 {
        return (1.0, (lo.ceil() as i64..=hi.floor() as i64).collect());
    }
    value_ticks(lo, hi)
}

/// The label of tick `k × step`: an integer, or a fraction in halves or quarters.
fn tick_label(k: i64, step: f64) -> String {
    if step >= 1.0 {
        return format!("{}", k * step as i64);
    }
    let quarters = (k as f64 * step * 4.0).round() as i64;
    let (mut num, mut den) = (quarters, 4);
    while den > 1 && num % 2 == 0 {
        num /= 2;
        den /= 2;
    }
    if den == 1 {
        num.to_string()
    } else {
        format!("{num}/{den}")
    }
}

/// The wall's corner points from `t = -1` up to `t_top`.
fn wall_points(w: &Trajectory, t_top: f64) -> Vec<(f64, f64)> {
    let mut pts: Vec<(f64, f64)> = w.pieces().iter().map(|p| (p.t.to_f64(), p.x.to_f64())).collect();
    if let Some(last) = w.pieces().last() {
        let dt = t_top - last.t.to_f64();
        pts.push((t_top, last.x.to_f64() + dt * last.slope as f64));
    }
    pts
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn value_ticks_cover_the_range_with_few_labels() {
        assert_eq!(value_ticks(-0.3, 1.3), (0.25, vec![-1, 0, 1, 2, 3, 4, 5]));
        assert_eq!(value_ticks(-0.6, 3.4).0, 0.5);
        assert_eq!(value_ticks(0.0, 9.0), (1.0, (0..=9).collect()));
        assert_eq!(value_ticks(-30.0, 30.0).0, 10.0);
        assert_eq!(value_ticks(0.0, 1e6).0, 100_000.0);
        // Temperatures: every degree up to 12, then about ten ticks.
        assert_eq!(temperature_ticks(-1.0, 4.5), (1.0, (-1..=4).collect()));
        let (step, ticks) = temperature_ticks(-1.0, 1_073_741_825.0);
        assert!(ticks.len() <= 11 && step >= 1e8, "{step} {ticks:?}");
        assert!(value_ticks(-f64::MAX, f64::MAX).1.len() <= 101);
        for (lo, hi) in [(-0.3, 1.3), (1.7, 4.9), (-120.0, 3.0), (0.0, 0.5)] {
            let (step, ticks) = value_ticks(lo, hi);
            assert!(ticks.len() <= 11, "{lo}..{hi}: {ticks:?}");
            assert!(ticks.iter().all(|&k| (lo..=hi).contains(&(k as f64 * step))));
        }
    }

    #[test]
    fn tick_labels_are_integers_or_small_fractions() {
        assert_eq!(tick_label(3, 0.25), "3/4");
        assert_eq!(tick_label(-2, 0.25), "-1/2");
        assert_eq!(tick_label(8, 0.25), "2");
        assert_eq!(tick_label(-3, 0.5), "-3/2");
        assert_eq!(tick_label(7, 10.0), "70");
    }
}
