//! What a query answers: structured data (the fields a `--json` object, a
//! Python dict or a JavaScript object shows) and the same answer as text for
//! people.

use crate::{heap::Period, outcome::Outcome};
use core::fmt;

/// A self-describing value: the fields of a [`Report`]. Adapters turn it into
/// JSON, Python or JavaScript objects without knowing the ruleset.
#[derive(Clone, Debug, PartialEq)]
pub enum Data {
    /// No value (JSON `null`).
    Null,
    /// A truth value.
    Bool(bool),
    /// A whole number (every count, heap, Grundy value and remoteness fits).
    Int(i128),
    /// A floating-point number.
    Float(f64),
    /// Text.
    Text(String),
    /// An ordered list.
    List(Vec<Data>),
    /// Named fields, in the order they are shown.
    Map(Vec<(String, Data)>),
}

impl Data {
    /// An empty map, to fill with [`Data::with`] or [`Data::insert`].
    #[must_use]
    pub const fn map() -> Data {
        Data::Map(Vec::new())
    }

    /// This map with `key` set to `value` (replacing an earlier value of the
    /// same key in place, as a JSON object would). No effect on non-maps.
    #[must_use]
    pub fn with(mut self, key: &str, value: impl Into<Data>) -> Data {
        self.insert(key, value);
        self
    }

    /// Sets `key` to `value` in a map (replacing in place, or appending). No
    /// effect on non-maps.
    pub fn insert(&mut self, key: &str, value: impl Into<Data>) {
        if let Data::Map(fields) = self {
            let value = value.into();
            match fields.iter_mut().find(|(k, _)| k == key) {
                Some(slot) => slot.1 = value,
                None => fields.push((key.to_string(), value)),
            }
        }
    }

    /// The field `key` of a map.
    #[must_use]
    pub fn get(&self, key: &str) -> Option<&Data> {
        match self {
            Data::Map(fields) => fields.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// The text, when this is text.
    #[must_use]
    pub fn as_text(&self) -> Option<&str> {
        match self {
            Data::Text(s) => Some(s),
            _ => None,
        }
    }

    /// The whole number, when this is one.
    #[must_use]
    pub const fn as_int(&self) -> Option<i128> {
        match self {
            Data::Int(n) => Some(*n),
            _ => None,
        }
    }

    /// A list of moves as `[{"to": …, "description": …}, …]`.
    #[must_use]
    pub fn moves(rows: &[(String, String)]) -> Data {
        Data::List(
            rows.iter()
                .map(|(to, d)| {
                    Data::map()
                        .with("to", to.as_str())
                        .with("description", d.as_str())
                })
                .collect(),
        )
    }
}

impl From<bool> for Data {
    fn from(b: bool) -> Self {
        Data::Bool(b)
    }
}

macro_rules! int_data {
    ($($t:ty),*) => {$(
        impl From<$t> for Data {
            fn from(n: $t) -> Self {
                Data::Int(i128::from(n))
            }
        }
    )*};
}
int_data!(u8, u16, u32, u64, i8, i16, i32, i64);

/// `From` impls that wrap a value in one variant of [`Data`]: `type => |value| data;`.
macro_rules! data_from {
    ($($t:ty => |$x:ident| $e:expr;)*) => {$(
        impl From<$t> for Data {
            fn from($x: $t) -> Self {
                $e
            }
        }
    )*};
}
data_from! {
    // usize is at most 64 bits on every supported target.
    usize => |n| Data::Int(n as i128);
    f64 => |x| Data::Float(x);
    &str => |s| Data::Text(s.to_string());
    String => |s| Data::Text(s);
    &String => |s| Data::Text(s.clone());
    Outcome => |o| Data::Text(o.as_str().to_string());
}

impl<T: Into<Data>> From<Option<T>> for Data {
    fn from(v: Option<T>) -> Self {
        v.map_or(Data::Null, Into::into)
    }
}

impl<T: Into<Data>> From<Vec<T>> for Data {
    fn from(v: Vec<T>) -> Self {
        Data::List(v.into_iter().map(Into::into).collect())
    }
}

impl<T: Clone + Into<Data>> From<&[T]> for Data {
    fn from(v: &[T]) -> Self {
        Data::List(v.iter().cloned().map(Into::into).collect())
    }
}

/// The answer to a query on one position: [`data`](Report::data), a map with
/// stable field names (`ruleset`, `position`, `outcome`, `grundy` or `value`,
/// `winning_moves`, …, documented per family in the README), and
/// [`text`](Report::text), the same answer for people.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// The fields of the answer.
    pub data: Data,
    /// The answer for people (lines, ending with a newline).
    pub text: String,
}

impl Report {
    /// The `outcome` field: `"N"`, `"P"`, `"L"`, `"R"`, or `"win"`, `"lose"`,
    /// `"draw"` for loopy games.
    #[must_use]
    pub fn outcome(&self) -> Option<&str> {
        self.data.get("outcome").and_then(Data::as_text)
    }

    /// The `grundy` field of impartial rulesets in normal play.
    #[must_use]
    pub fn grundy(&self) -> Option<u64> {
        self.data
            .get("grundy")
            .and_then(Data::as_int)
            .and_then(|g| u64::try_from(g).ok())
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// Values of single heaps `G(0), G(1), …` and the period found in them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    /// `G(0), G(1), …` (possibly fewer than asked when stopped early).
    pub values: Vec<u64>,
    /// The period of the values, proven or not.
    pub period: Option<Period>,
}

impl Table {
    /// `values` with the period found in them, no rule assumed (the cost of
    /// [`crate::heap::find_period`]).
    #[must_use]
    pub fn with_period_found(values: Vec<u64>) -> Self {
        let period = crate::heap::find_period(&values, None);
        Table { values, period }
    }
}
