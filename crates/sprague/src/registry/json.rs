//! The one JSON form of report data ([`Data::to_json`]), written the same
//! by every surface: `sprague … --json`, the Python package's `.json()` and
//! the browser playground.
//!
//! # Integers
//! Whole numbers of magnitude at most [`MAX_JSON_INTEGER`] = 2^53 − 1 are
//! JSON numbers; larger ones are JSON strings of their decimal digits
//! (`"18446744073709551615"`). This is the rule of I-JSON (RFC 7493, §2.2):
//! every JSON reader represents such numbers exactly — JavaScript's
//! `JSON.parse` reads every number as a double, which rounds the integers
//! beyond 2^53 without a word — and a larger integer is never silently
//! rounded: a reader that wants it as a number converts the string
//! (`BigInt(s)` in JavaScript, `int(s)` in Python).
//!
//! # Everything else
//! Maps are objects with their fields in order, lists arrays, text strings
//! (`"`, `\`, and control characters escaped; `\n`, `\t`, … by name, the
//! rest as `\u00XX`; everything else as UTF-8), truth values `true` and
//! `false`, [`Data::Null`] and non-finite floats `null`. No spaces.

use super::{Data, Table};
use core::fmt::Write as _;

/// The largest magnitude of an integer written as a JSON number: 2^53 − 1
/// (`Number.MAX_SAFE_INTEGER` in JavaScript). Larger ones are strings.
pub const MAX_JSON_INTEGER: i128 = (1 << 53) - 1;

impl Data {
    /// This data as one line of JSON, the one form every surface writes:
    /// integers of magnitude beyond [`MAX_JSON_INTEGER`] (2^53 − 1) as
    /// strings of their digits (I-JSON, RFC 7493 §2.2: JavaScript reads
    /// every number as a double), maps as objects with their fields in
    /// order, no spaces, non-finite floats as `null`. O(size).
    ///
    /// ```
    /// use sprague::Data;
    ///
    /// let d = Data::map()
    ///     .with("grundy", 3u64)
    ///     .with("count", u64::MAX)
    ///     .with("moves", vec!["a \"b\"", "c"]);
    /// assert_eq!(
    ///     d.to_json(),
    ///     r#"{"grundy":3,"count":"18446744073709551615","moves":["a \"b\"","c"]}"#
    /// );
    /// ```
    #[must_use]
    pub fn to_json(&self) -> String {
        let mut out = String::new();
        self.write_json(&mut out);
        out
    }

    /// Appends [`to_json`](Data::to_json) to `out`. O(size).
    pub fn write_json(&self, out: &mut String) {
        match self {
            Data::Null => out.push_str("null"),
            Data::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Data::Int(n) if n.unsigned_abs() <= MAX_JSON_INTEGER.unsigned_abs() => {
                let _ = write!(out, "{n}");
            }
            Data::Int(n) => {
                let _ = write!(out, "\"{n}\"");
            }
            Data::Float(x) if x.is_finite() => {
                let _ = write!(out, "{x:?}");
            }
            Data::Float(_) => out.push_str("null"),
            Data::Text(s) => write_string(s, out),
            Data::List(items) => {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    item.write_json(out);
                }
                out.push(']');
            }
            Data::Map(fields) => {
                out.push('{');
                for (i, (k, v)) in fields.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    write_string(k, out);
                    out.push(':');
                    v.write_json(out);
                }
                out.push('}');
            }
        }
    }
}

impl Table {
    /// The table as data: `values`, and `period` (`preperiod`, `period`,
    /// `saltus`, `proven`, `proof`, and `text`, the period in words) or
    /// null. O(values); [`write_json`](Table::write_json) writes the same
    /// JSON without building it.
    #[must_use]
    pub fn data(&self) -> Data {
        Data::map()
            .with("values", self.values.as_slice())
            .with("period", self.period_data())
    }

    fn period_data(&self) -> Data {
        self.period.as_ref().map_or(Data::Null, |p| {
            Data::map()
                .with("preperiod", p.preperiod)
                .with("period", p.period)
                .with("saltus", p.saltus)
                .with("proven", p.proven)
                .with("proof", p.proof)
                .with("text", p.describe())
        })
    }

    /// Writes `{"values": […], "period": …}` as [`data`](Table::data) would
    /// be written ([`Data::to_json`]), with `"interrupted": true` after them
    /// when `interrupted`; the values go out in pieces of about 64 KiB, so a
    /// table of 10^7 values is never held as one string. O(values).
    ///
    /// # Errors
    /// A failed write.
    pub fn write_json(&self, interrupted: bool, out: &mut dyn std::io::Write) -> std::io::Result<()> {
        let mut buf = String::with_capacity(1 << 16);
        buf.push_str("{\"values\":[");
        for (i, &v) in self.values.iter().enumerate() {
            if i > 0 {
                buf.push(',');
            }
            Data::from(v).write_json(&mut buf);
            if buf.len() >= 1 << 16 {
                out.write_all(buf.as_bytes())?;
                buf.clear();
            }
        }
        buf.push_str("],\"period\":");
        self.period_data().write_json(&mut buf);
        if interrupted {
            buf.push_str(",\"interrupted\":true");
        }
        buf.push('}');
        out.write_all(buf.as_bytes())
    }
}

/// `s` as a JSON string. O(length).
fn write_string(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if u32::from(c) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_beyond_2_53_are_strings() {
        let at = |n: i128| Data::Int(n).to_json();
        assert_eq!(at(MAX_JSON_INTEGER), "9007199254740991");
        assert_eq!(at(-MAX_JSON_INTEGER), "-9007199254740991");
        assert_eq!(at(MAX_JSON_INTEGER + 1), "\"9007199254740992\"");
        assert_eq!(at(-MAX_JSON_INTEGER - 1), "\"-9007199254740992\"");
        assert_eq!(at(i128::MIN), format!("\"{}\"", i128::MIN));
        assert_eq!(at(0), "0");
    }

    #[test]
    fn a_table_is_written_as_its_data() {
        let t = Table::with_period_found((0..200).map(|n| n % 3).collect());
        let mut out = Vec::new();
        t.write_json(false, &mut out).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), t.data().to_json());
        let big = Table {
            values: vec![u64::MAX; 20_000],
            period: None,
        };
        let mut out = Vec::new();
        big.write_json(true, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(
            text,
            big.data()
                .to_json()
                .replacen("null}", "null,\"interrupted\":true}", 1)
        );
        assert!(text.starts_with("{\"values\":[\"18446744073709551615\","));
    }

    #[test]
    fn text_is_escaped_as_json_requires() {
        let t = Data::from("a\"b\\c\nd\te\u{1}f\u{7f}↑");
        assert_eq!(t.to_json(), "\"a\\\"b\\\\c\\nd\\te\\u0001f\u{7f}↑\"");
        assert_eq!(Data::Float(0.5).to_json(), "0.5");
        assert_eq!(Data::Float(f64::NAN).to_json(), "null");
        assert_eq!(Data::List(vec![]).to_json(), "[]");
        assert_eq!(Data::map().to_json(), "{}");
        assert_eq!(
            Data::map().with("a", Data::Null).with("b", true).to_json(),
            r#"{"a":null,"b":true}"#
        );
    }
}
