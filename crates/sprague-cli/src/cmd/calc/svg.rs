//! A hand-written SVG drawing of a thermograph: axes, walls, mast and
//! labelled breakpoints. Values grow to the left (Left's side), as in Winning Ways.

use sprague::{Dyadic, Thermograph, Trajectory};
use std::fmt::Write;

const W: f64 = 640.0;
const H: f64 = 480.0;
const MARGIN: f64 = 60.0;

/// The SVG document for `th`, titled with the game's value.
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
    let _ = writeln!(s, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(
        s,
        r#"<text x="{}" y="24" text-anchor="middle" font-size="16">Thermograph of {}</text>"#,
        W / 2.0,
        escape(title)
    );
    // Axes: the value axis at t = 0, the temperature axis at x = 0.
    let (x0, y0) = (px(0.0), py(0.0));
    let _ = writeln!(
        s,
        r#"<line x1="{MARGIN}" y1="{y0:.2}" x2="{:.2}" y2="{y0:.2}" stroke="gray"/>"#,
        W - MARGIN
    );
    let _ = writeln!(
        s,
        r#"<line x1="{x0:.2}" y1="{:.2}" x2="{x0:.2}" y2="{:.2}" stroke="gray"/>"#,
        py(t_bottom),
        py(t_top)
    );
    let _ = writeln!(
        s,
        r#"<text x="{:.2}" y="{:.2}" fill="gray">t</text>"#,
        x0 + 4.0,
        py(t_top) + 12.0
    );
    let _ = writeln!(
        s,
        r#"<text x="{MARGIN}" y="{:.2}" fill="gray">value (Left ←)</text>"#,
        y0 + 16.0
    );
    for t in [-1i64, 0, 1] {
        let tf = t as f64;
        if tf <= t_top {
            let _ = writeln!(
                s,
                r#"<text x="{:.2}" y="{:.2}" fill="gray" text-anchor="end">t={t}</text>"#,
                MARGIN - 6.0,
                py(tf) + 4.0
            );
        }
    }
    // Walls.
    for (w, colour) in [(&th.left, "blue"), (&th.right, "red")] {
        let pts = wall_points(w, t_top);
        let list: Vec<String> = pts
            .iter()
            .map(|(t, x)| format!("{:.2},{:.2}", px(*x), py(*t)))
            .collect();
        let _ = writeln!(
            s,
            r#"<polyline points="{}" fill="none" stroke="{colour}" stroke-width="2"/>"#,
            list.join(" ")
        );
    }
    // Mast.
    let m = th.mean.to_f64();
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
    // Breakpoints, labelled (value, t).
    let mut labelled: Vec<(Dyadic, Dyadic)> = Vec::new();
    for w in [&th.left, &th.right] {
        for (t, x) in w.breakpoints() {
            if !labelled.contains(&(t.clone(), x.clone())) {
                labelled.push((t, x));
            }
        }
    }
    for (t, x) in labelled {
        let (cx, cy) = (px(x.to_f64()), py(t.to_f64()));
        let _ = writeln!(s, r#"<circle cx="{cx:.2}" cy="{cy:.2}" r="3" fill="black"/>"#);
        let _ = writeln!(
            s,
            r#"<text x="{:.2}" y="{:.2}">({x}, {t})</text>"#,
            cx + 5.0,
            cy - 5.0
        );
    }
    s.push_str("</svg>\n");
    s
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
