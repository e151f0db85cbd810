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

use super::Data;
use core::fmt::Write as _;

/// The largest magnitude of an integer written as a JSON number: 2^53 − 1
/// (`Number.MAX_SAFE_INTEGER` in JavaScript). Larger ones are strings.
pub const MAX_JSON_INTEGER: i128 = (1 << 53) - 1;

impl Data {
    /// This data as one line of JSON (see the [module](self) for the rules,
    /// integers beyond 2^53 − 1 as strings). O(size).
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
