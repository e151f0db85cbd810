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
/// `winning_moves`, …, documented per family in the README), and the same
/// answer as text for people, built only when asked for
/// ([`text`](Report::text), [`text_with`](Report::text_with)).
///
/// The text is a list of lines and of move lists; a move list is read from a
/// field of `data` when the text is asked for, so a `--json` answer never
/// formats the moves twice, and a long list can be shown capped.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// The fields of the answer.
    pub data: Data,
    parts: Vec<Part>,
}

/// One piece of a report's text.
#[derive(Clone, Debug, PartialEq)]
enum Part {
    /// Lines written out, each ending with a newline.
    Lines(String),
    /// The moves of the list field `key` of the data (maps with `to` and
    /// `description`), under the heading `title (count):`, or the line
    /// `title: none…` (`none` says why) when there are none.
    Moves {
        key: &'static str,
        title: String,
        none: &'static str,
    },
}

/// How many moves of a list the text shows by default
/// ([`Report::text_with`]); the rest are counted.
pub const MOVES_SHOWN: usize = 20;

impl Report {
    /// A report whose text is already written (`text`: lines ending with a
    /// newline).
    #[must_use]
    pub fn new(data: Data, text: impl Into<String>) -> Report {
        let mut r = Report {
            data,
            parts: Vec::new(),
        };
        r.push_text(&text.into());
        r
    }

    /// Appends written lines (`text` ends with a newline) to the text.
    pub fn push_text(&mut self, text: &str) {
        if text.is_empty() {
            return;
        }
        match self.parts.last_mut() {
            Some(Part::Lines(s)) => s.push_str(text),
            _ => self.parts.push(Part::Lines(text.to_string())),
        }
    }

    /// Appends one line (without its newline) to the text.
    pub fn push_line(&mut self, line: &str) {
        self.push_text(&format!("{line}\n"));
    }

    /// Appends the move list of the data field `key` to the text: a heading
    /// `title (count):` and one line per move, aligned, or `title: none`
    /// followed by `none` (e.g. ` (the game is over)`) when the list is
    /// empty. The lines are formatted only when the text is asked for.
    pub fn push_moves(&mut self, key: &'static str, title: &str, none: &'static str) {
        self.parts.push(Part::Moves {
            key,
            title: title.to_string(),
            none,
        });
    }

    /// Removes the move list of the data field `key` from the text; the
    /// field stays in `data`.
    pub fn drop_moves(&mut self, key: &str) {
        self.parts
            .retain(|part| !matches!(part, Part::Moves { key: k, .. } if *k == key));
    }

    /// Inserts `line` (without its newline) after the first written line
    /// that starts with `prefix`, or at the end when there is none.
    pub fn insert_line_after(&mut self, prefix: &str, line: &str) {
        for part in &mut self.parts {
            if let Part::Lines(s) = part {
                let mut at = 0;
                for l in s.split_inclusive('\n') {
                    at += l.len();
                    if l.starts_with(prefix) {
                        s.insert_str(at, &format!("{line}\n"));
                        return;
                    }
                }
            }
        }
        self.push_line(line);
    }

    /// The whole text, every move listed. O(size of the text).
    #[must_use]
    pub fn text(&self) -> String {
        self.text_with(None)
    }

    /// The text with at most `max_moves` moves of each list (`None`: all),
    /// followed by a line counting the others. O(size of the text shown).
    #[must_use]
    pub fn text_with(&self, max_moves: Option<usize>) -> String {
        let mut out = String::new();
        for part in &self.parts {
            match part {
                Part::Lines(s) => out.push_str(s),
                Part::Moves { key, title, none } => {
                    let rows = match self.data.get(key) {
                        Some(Data::List(rows)) => rows.as_slice(),
                        _ => &[],
                    };
                    write_moves(&mut out, title, none, rows, max_moves);
                }
            }
        }
        out
    }

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

/// Writes a move list (maps with `to` and `description`) under `title`:
/// the first `max_moves` (all with `None`), aligned on the widest `to` up to
/// [`crate::columns::MAX_COLUMN`] characters, then how many more there are.
/// O(moves shown).
fn write_moves(out: &mut String, title: &str, none: &str, rows: &[Data], max_moves: Option<usize>) {
    if rows.is_empty() {
        out.push_str(&format!("{title}: none{none}\n"));
        return;
    }
    out.push_str(&format!("{title} ({}):\n", rows.len()));
    let shown = &rows[..max_moves.map_or(rows.len(), |m| m.min(rows.len()))];
    let field = |row: &Data, key: &str| row.get(key).and_then(Data::as_text).unwrap_or("").to_string();
    let tos: Vec<String> = shown.iter().map(|r| field(r, "to")).collect();
    let width = crate::columns::column_width(tos.iter().map(String::as_str));
    for row in shown {
        let (to, d) = (field(row, "to"), field(row, "description"));
        out.push_str("  ");
        out.push_str(&crate::columns::pad_right(&to, width));
        out.push_str("   ");
        out.push_str(&d);
        out.push('\n');
    }
    let hidden = rows.len() - shown.len();
    if hidden > 0 {
        out.push_str(&format!("  … and {hidden} more (--all lists every move)\n"));
    }
}

impl fmt::Display for Report {
    /// The whole text, every move listed.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text())
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

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(n: usize, width: usize) -> Data {
        let rows: Vec<(String, String)> = (0..n)
            .map(|i| (format!("{i:0width$}"), format!("move {i}")))
            .collect();
        Data::moves(&rows)
    }

    #[test]
    fn move_lists_are_capped_counted_and_complete_on_request() {
        let mut r = Report::new(Data::map().with("winning_moves", moves(25, 3)), "head\n");
        r.push_moves("winning_moves", "winning moves", "");
        let capped = r.text_with(Some(MOVES_SHOWN));
        assert!(
            capped.starts_with("head\nwinning moves (25):\n  000   move 0\n"),
            "{capped}"
        );
        assert_eq!(capped.lines().count(), 2 + MOVES_SHOWN + 1);
        assert!(
            capped.ends_with("  … and 5 more (--all lists every move)\n"),
            "{capped}"
        );
        let all = r.text();
        assert_eq!(all.lines().count(), 2 + 25);
        assert_eq!(all, r.to_string());
    }

    #[test]
    fn empty_lists_and_inserted_lines() {
        let mut r = Report::new(Data::map().with("best_moves", moves(0, 1)), "a\noutcome: x\nb\n");
        r.push_moves("best_moves", "best moves", " (the game is over)");
        r.insert_line_after("outcome:", "note");
        r.push_line("end");
        assert_eq!(
            r.text(),
            "a\noutcome: x\nnote\nb\nbest moves: none (the game is over)\nend\n"
        );
    }

    #[test]
    fn a_huge_move_is_not_padded_and_does_not_widen_the_others() {
        // 70,000 characters: past the formatter's width limit of 65,535.
        let rows = vec![
            ("x".repeat(70_000), "big".to_string()),
            ("y".to_string(), "small".to_string()),
        ];
        let mut r = Report::new(Data::map().with("m", Data::moves(&rows)), "");
        r.push_moves("m", "moves", "");
        let text = r.text();
        assert!(text.ends_with("\n  y   small\n"), "{}", &text[text.len() - 30..]);
    }
}
