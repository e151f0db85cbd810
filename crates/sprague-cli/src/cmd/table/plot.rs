//! A hand-written SVG drawing of a Grundy sequence: the value `G(n)` against
//! `n`, axes with ticks and labels, a title naming the ruleset, and the period
//! found (from its preperiod on) shaded, with a legend that says it in words.

use sprague::Table as TableData;
use std::fmt::Write;

const W: f64 = 800.0;
const H: f64 = 440.0;
const LEFT: f64 = 64.0;
const RIGHT: f64 = 24.0;
const TOP: f64 = 64.0;
const BOTTOM: f64 = 56.0;
/// Up to this many values each gets a stem and a dot; beyond, one vertical
/// stroke per pixel column spans the values that fall in it.
const DOTS_UP_TO: usize = 200;

/// Shade of the periodic part, and of its first period.
const PERIOD_FILL: &str = "#dbeafe";
const FIRST_PERIOD_FILL: &str = "#93c5fd";
const INK: &str = "#1e3a8a";

/// The SVG document plotting `data` for `ruleset`. O(n) in the number of
/// values, and at most a few thousand elements whatever the count.
pub fn plot_svg(ruleset: &str, data: &TableData, misere: bool) -> String {
    let values = &data.values;
    let count = values.len().max(1);
    let (pw, ph) = (W - LEFT - RIGHT, H - TOP - BOTTOM);
    let slot = pw / count as f64;
    let px = |n: f64| LEFT + (n + 0.5) * slot;
    let vmax = values.iter().copied().max().unwrap_or(0).max(1);
    let ystep = nice_step(vmax, 8);
    let ytop = vmax.div_ceil(ystep) * ystep;
    let py = |v: u64| TOP + ph - v as f64 / ytop as f64 * ph;

    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}" font-family="sans-serif" font-size="12">"#
    );
    let kind = if misere {
        "Misère Grundy values"
    } else {
        "Grundy values"
    };
    let title = format!(
        "{kind} of {}: G(0) to G({})",
        escape(ruleset),
        values.len().saturating_sub(1)
    );
    let _ = writeln!(s, "<title>{title}</title>");
    let _ = writeln!(s, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(
        s,
        r#"<text id="title" x="{}" y="24" text-anchor="middle" font-size="16" font-weight="bold">{title}</text>"#,
        W / 2.0
    );

    // The period: the periodic part lightly shaded, its first period darker.
    let legend = match data.period {
        Some(p) => {
            let e = p.preperiod.min(values.len() as u64) as f64;
            let first_end = (p.preperiod + p.period).min(values.len() as u64) as f64;
            let (x0, x1, x2) = (px(e) - slot / 2.0, px(first_end) - slot / 2.0, LEFT + pw);
            let _ = writeln!(s, r#"<g id="period">"#);
            let _ = writeln!(
                s,
                r#"<rect x="{x0:.2}" y="{TOP}" width="{:.2}" height="{ph}" fill="{PERIOD_FILL}"/>"#,
                (x2 - x0).max(0.0)
            );
            let _ = writeln!(
                s,
                r#"<rect x="{x0:.2}" y="{TOP}" width="{:.2}" height="{ph}" fill="{FIRST_PERIOD_FILL}" fill-opacity="0.6"/>"#,
                (x1 - x0).max(0.0)
            );
            // Period boundaries, when they are far enough apart to see.
            if p.period as f64 * slot >= 6.0 {
                let mut b = p.preperiod + p.period;
                while b < values.len() as u64 {
                    let x = px(b as f64) - slot / 2.0;
                    let _ = writeln!(
                        s,
                        r##"<line x1="{x:.2}" y1="{TOP}" x2="{x:.2}" y2="{:.2}" stroke="#60a5fa" stroke-dasharray="3,3"/>"##,
                        TOP + ph
                    );
                    b += p.period;
                }
            }
            let _ = writeln!(s, "</g>");
            let mut words = if p.saltus == 0 {
                format!("period {} from n = {}", p.period, p.preperiod)
            } else {
                format!(
                    "period {}, saltus {} from n = {}",
                    p.period, p.saltus, p.preperiod
                )
            };
            words.push_str(if p.proven {
                " (proven)"
            } else {
                " (seen in these values, not proven)"
            });
            Some(words)
        }
        None => None,
    };

    // Axes, ticks and labels.
    let _ = writeln!(s, r#"<g id="axes" stroke="black" fill="black">"#);
    let _ = writeln!(
        s,
        r#"<line x1="{LEFT}" y1="{:.2}" x2="{:.2}" y2="{:.2}"/>"#,
        TOP + ph,
        LEFT + pw,
        TOP + ph
    );
    let _ = writeln!(
        s,
        r#"<line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{:.2}"/>"#,
        TOP + ph
    );
    let mut v = 0;
    while v <= ytop {
        let y = py(v);
        let _ = writeln!(
            s,
            r##"<line x1="{:.2}" y1="{y:.2}" x2="{LEFT}" y2="{y:.2}"/><line x1="{LEFT}" y1="{y:.2}" x2="{:.2}" y2="{y:.2}" stroke="#e5e7eb"/><text x="{:.2}" y="{:.2}" text-anchor="end" stroke="none">{v}</text>"##,
            LEFT - 5.0,
            LEFT + pw,
            LEFT - 8.0,
            y + 4.0
        );
        v += ystep;
    }
    let last = values.len().saturating_sub(1) as u64;
    let xstep = nice_step(last.max(1), 10);
    let mut n = 0;
    while n <= last {
        let x = px(n as f64);
        let _ = writeln!(
            s,
            r#"<line x1="{x:.2}" y1="{:.2}" x2="{x:.2}" y2="{:.2}"/><text x="{x:.2}" y="{:.2}" text-anchor="middle" stroke="none">{n}</text>"#,
            TOP + ph,
            TOP + ph + 5.0,
            TOP + ph + 18.0
        );
        n += xstep;
    }
    let _ = writeln!(
        s,
        r#"<text x="{:.2}" y="{:.2}" text-anchor="middle" stroke="none" font-size="13">n (heap size)</text>"#,
        LEFT + pw / 2.0,
        H - 14.0
    );
    let _ = writeln!(
        s,
        r#"<text x="18" y="{:.2}" text-anchor="middle" stroke="none" font-size="13" transform="rotate(-90 18 {:.2})">G(n)</text>"#,
        TOP + ph / 2.0,
        TOP + ph / 2.0
    );
    let _ = writeln!(s, "</g>");

    // The values.
    let _ = writeln!(s, r#"<g id="values" stroke="{INK}" fill="{INK}">"#);
    if values.len() <= DOTS_UP_TO {
        let r = (slot / 3.0).clamp(1.5, 4.0);
        for (n, &g) in values.iter().enumerate() {
            let x = px(n as f64);
            let _ = writeln!(
                s,
                r#"<line x1="{x:.2}" y1="{:.2}" x2="{x:.2}" y2="{:.2}" stroke-width="1.5"/><circle cx="{x:.2}" cy="{:.2}" r="{r:.2}"><title>G({n}) = {g}</title></circle>"#,
                py(0),
                py(g),
                py(g)
            );
        }
    } else {
        // One column per value, or per pixel when there are more values than
        // pixels: a light stem up to the largest value in the column, and a
        // dark stroke over the range of its values (a mark when they agree).
        let columns = (pw as usize).min(values.len());
        let width = (pw / columns as f64 * 0.7).max(1.0);
        let (mut stems, mut marks) = (String::new(), String::new());
        for c in 0..columns {
            let lo = c * values.len() / columns;
            let hi = ((c + 1) * values.len() / columns).max(lo + 1);
            let (mn, mx) = values[lo..hi]
                .iter()
                .fold((u64::MAX, 0), |(a, b), &g| (a.min(g), b.max(g)));
            let x = LEFT + (c as f64 + 0.5) * pw / columns as f64;
            let _ = write!(stems, "M{x:.1} {:.1}V{:.1}", py(0), py(mx));
            let _ = write!(marks, "M{x:.1} {:.1}V{:.1}", py(mn) + 1.5, py(mx) - 1.5);
        }
        let _ = writeln!(
            s,
            r#"<path d="{stems}" fill="none" stroke-width="{width:.2}" stroke-opacity="0.3"/>"#
        );
        let _ = writeln!(
            s,
            r#"<path d="{marks}" fill="none" stroke-width="{:.2}"/>"#,
            width.max(1.5)
        );
    }
    let _ = writeln!(s, "</g>");

    // The legend, above the plot on the right.
    let _ = writeln!(s, r#"<g id="legend">"#);
    let lx = LEFT + pw;
    match legend {
        Some(words) => {
            let text_w = words.chars().count() as f64 * 6.6;
            let x = lx - text_w - 22.0;
            let _ = writeln!(
                s,
                r##"<rect x="{x:.2}" y="38" width="14" height="14" fill="{FIRST_PERIOD_FILL}" stroke="#60a5fa"/><text x="{:.2}" y="50">{words}</text>"##,
                x + 20.0
            );
        }
        None => {
            let _ = writeln!(
                s,
                r#"<text x="{lx:.2}" y="50" text-anchor="end">no period found in these values</text>"#
            );
        }
    }
    let _ = writeln!(s, "</g>");
    s.push_str("</svg>\n");
    s
}

/// A tick step of 1, 2 or 5 times a power of ten giving at most about
/// `target` ticks up to `max`.
fn nice_step(max: u64, target: u64) -> u64 {
    let mut step = 1u64;
    loop {
        for m in [1, 2, 5] {
            let s = step.saturating_mul(m);
            if max / s <= target {
                return s;
            }
        }
        step = step.saturating_mul(10);
    }
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;
    use sprague::Period;

    /// A table of `values` with the period `(preperiod, period, saltus)`.
    fn periodic(values: Vec<u64>, (preperiod, period, saltus): (u64, u64, u64), proven: bool) -> TableData {
        TableData {
            values,
            period: Some(Period {
                preperiod,
                period,
                saltus,
                proven,
                proof: None,
            }),
        }
    }

    fn parse(svg: &str) -> roxmltree::Document<'_> {
        roxmltree::Document::parse(svg).expect("the plot is well-formed XML")
    }

    /// The text inside the element `id`, trimmed.
    fn text_of(doc: &roxmltree::Document<'_>, id: &str) -> String {
        let node = by_id(doc, id).unwrap();
        let text: String = node
            .descendants()
            .filter(|n| n.is_text())
            .filter_map(|n| n.text())
            .collect();
        text.trim().to_string()
    }

    fn by_id<'a>(doc: &'a roxmltree::Document<'a>, id: &str) -> Option<roxmltree::Node<'a, 'a>> {
        doc.descendants().find(|n| n.attribute("id") == Some(id))
    }

    #[test]
    fn nice_steps() {
        assert_eq!(nice_step(5, 8), 1);
        assert_eq!(nice_step(9, 8), 2);
        assert_eq!(nice_step(39, 10), 5);
        assert_eq!(nice_step(99, 10), 10);
        assert_eq!(nice_step(1000, 10), 100);
        assert!(nice_step(u64::MAX, 10) > 0);
    }

    #[test]
    fn dots_axes_title_and_period_legend() {
        // Subtraction {1, 2}: 0 1 2 0 1 2 …, period 3 from n = 0.
        let values: Vec<u64> = (0..30).map(|n| n % 3).collect();
        let data = periodic(values, (0, 3, 0), true);
        let svg = plot_svg("subtraction:1,2", &data, false);
        let doc = parse(&svg);
        let root = doc.root_element();
        assert_eq!(root.tag_name().name(), "svg");
        assert_eq!(root.attribute("width"), Some("800"));
        let title = by_id(&doc, "title").unwrap().text().unwrap();
        assert_eq!(title, "Grundy values of subtraction:1,2: G(0) to G(29)");
        let values = by_id(&doc, "values").unwrap();
        let dots: Vec<_> = values.children().filter(|n| n.has_tag_name("circle")).collect();
        assert_eq!(dots.len(), 30);
        // G(4) = 1 is drawn half way up (the axis tops at 2).
        let y = |n: &roxmltree::Node| n.attribute("cy").unwrap().parse::<f64>().unwrap();
        let (base, third) = (y(&dots[0]), y(&dots[4]));
        assert!((base - third - (H - TOP - BOTTOM) / 2.0).abs() < 0.01);
        let legend = text_of(&doc, "legend");
        assert_eq!(legend, "period 3 from n = 0 (proven)");
        let period = by_id(&doc, "period").unwrap();
        assert_eq!(period.children().filter(|n| n.has_tag_name("rect")).count(), 2);
        // The y axis is labelled at 0, 1, 2 and the x axis every 5 (up to 25).
        let axes: Vec<String> = by_id(&doc, "axes")
            .unwrap()
            .children()
            .filter(|n| n.has_tag_name("text"))
            .filter_map(|n| n.text().map(str::to_string))
            .collect();
        for label in ["0", "1", "2", "5", "25", "n (heap size)", "G(n)"] {
            assert!(axes.iter().any(|t| t == label), "missing axis label {label}");
        }
    }

    #[test]
    fn many_values_are_columns_and_no_period_is_said() {
        let values: Vec<u64> = (0..5000u64).map(|n| (n * n) % 17).collect();
        let data = TableData { values, period: None };
        let svg = plot_svg("a<b", &data, true);
        let doc = parse(&svg);
        assert!(
            svg.len() < 200_000,
            "the picture stays small: {} bytes",
            svg.len()
        );
        assert!(by_id(&doc, "period").is_none());
        let title = by_id(&doc, "title").unwrap().text().unwrap();
        assert!(title.starts_with("Misère Grundy values of a<b"));
        let paths = by_id(&doc, "values")
            .unwrap()
            .children()
            .filter(|n| n.has_tag_name("path"))
            .count();
        assert_eq!(paths, 2);
        let legend = text_of(&doc, "legend");
        assert_eq!(legend, "no period found in these values");
    }

    #[test]
    fn arithmetic_period_and_empty_table() {
        let data = periodic(vec![0, 1, 2, 3], (1, 1, 1), false);
        let doc_text = plot_svg("nim", &data, false);
        let doc = parse(&doc_text);
        let legend = text_of(&doc, "legend");
        assert_eq!(
            legend,
            "period 1, saltus 1 from n = 1 (seen in these values, not proven)"
        );
        let empty = TableData {
            values: vec![],
            period: None,
        };
        parse(&plot_svg("nim", &empty, false));
    }
}
