//! The position of a scripted game as the engine keys it: an own hashable
//! copy of a rhai value (integers, truth values, strings, arrays, maps with
//! sorted keys).

use core::cmp::Ordering;
use core::fmt;
use rhai::{Array, Dynamic, ImmutableString, Map};
use sprague::blocks::{Board, Cells, GraphBoard};
use std::cell::RefCell;
use std::sync::Arc;

/// A position of a scripted game: a rhai value converted once into a type
/// with `Eq` and `Hash`, so that it keys the engine's memo tables. Clones are
/// cheap (strings, arrays and maps are shared).
///
/// Floats, functions and other rhai values are not positions (a float's
/// equality is not an equivalence, and a closure has no value to compare).
///
/// A map whose values are all integers, with at most [`RECORD_FIELDS`]
/// entries, is always a [`Pos::Record`] (its values inline, hashed and
/// compared without following a pointer); every other map is a
/// [`Pos::Map`]. Build maps with [`Pos::map`], which chooses. The order of
/// positions is the same either way: records order among maps as the maps
/// they are.
#[derive(Clone, PartialEq, Eq, Hash)]
pub enum Pos {
    /// An integer.
    Int(i64),
    /// A truth value.
    Bool(bool),
    /// A character.
    Char(char),
    /// A string.
    Str(ImmutableString),
    /// An array of positions.
    List(Arc<[Pos]>),
    /// A map from names to positions, keys in sorted order (one that is
    /// not a [`Pos::Record`]).
    Map(Arc<[(ImmutableString, Pos)]>),
    /// A map of at most [`RECORD_FIELDS`] entries whose values are all
    /// integers (`#{w: 5, h: 4, bits: 1048575}`).
    Record(Record),
    /// A board of the board block (`board("..|..")` in a script): the
    /// cells themselves, hashed without allocation.
    Board(Board),
    /// A position on a graph of the graph block (`graph("0-1 1-2")`).
    Graph(GraphBoard),
    /// A sum of independent components (`sum([a, b])` or `move_to(a, b)` in
    /// a script): the engine plays its parts as components without asking
    /// `fn components`. Parts in sorted order (a sum does not depend on the
    /// order of its parts), never a sum themselves, at least two or none.
    Sum(Arc<[Pos]>),
}

/// A sum of positions as a rhai value: type `sum`, made by `sum(array)`,
/// taken apart by `parts(s)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SumValue(pub(crate) Pos);

/// Most entries of a [`Record`].
pub const RECORD_FIELDS: usize = 4;

/// A map whose values are all integers: its keys (sorted, shared by every
/// record of the same keys that one thread makes in a row) and its values
/// inline. Equality and hashing look at the values first; the keys are
/// compared by identity before their text.
#[derive(Clone)]
pub struct Record {
    keys: Arc<[ImmutableString]>,
    /// The values in key order, unused places 0.
    values: [i64; RECORD_FIELDS],
}

thread_local! {
    /// The keys of the last record made on this thread: records made in a
    /// loop share them (one allocation, and equal keys found by identity).
    static LAST_KEYS: RefCell<Option<Arc<[ImmutableString]>>> = const { RefCell::new(None) };
}

impl Record {
    /// The record of `entries` (keys sorted, none twice, at most
    /// [`RECORD_FIELDS`]); `None` when there are too many.
    fn new<'a>(entries: impl ExactSizeIterator<Item = (&'a str, i64)> + Clone) -> Option<Record> {
        if entries.len() > RECORD_FIELDS {
            return None;
        }
        let keys = LAST_KEYS.with(|last| {
            let mut last = last.borrow_mut();
            if let Some(k) = last.as_ref()
                && k.len() == entries.len()
                && k.iter().zip(entries.clone()).all(|(a, (b, _))| a.as_str() == b)
            {
                return k.clone();
            }
            let k: Arc<[ImmutableString]> = entries.clone().map(|(k, _)| ImmutableString::from(k)).collect();
            *last = Some(k.clone());
            k
        });
        Some(Record::with_keys(keys, entries.map(|(_, v)| v)))
    }

    /// The record of `keys` and `values`.
    fn with_keys(keys: Arc<[ImmutableString]>, values: impl Iterator<Item = i64>) -> Record {
        let mut inline = [0; RECORD_FIELDS];
        for (slot, v) in inline.iter_mut().zip(values) {
            *slot = v;
        }
        Record { keys, values: inline }
    }

    /// The entries, keys in sorted order.
    pub fn entries(&self) -> impl ExactSizeIterator<Item = (&ImmutableString, i64)> + Clone {
        self.keys.iter().zip(self.values.iter().copied())
    }

    /// The keys, sorted.
    pub(crate) fn keys(&self) -> &Arc<[ImmutableString]> {
        &self.keys
    }

    /// The values, in key order.
    pub(crate) fn values(&self) -> &[i64] {
        &self.values[..self.keys.len()]
    }

    /// Number of entries.
    #[must_use]
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// Whether the record has no entries (`#{}`).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }
}

impl PartialEq for Record {
    fn eq(&self, other: &Self) -> bool {
        self.values == other.values
            && (Arc::ptr_eq(&self.keys, &other.keys)
                || (self.keys.len() == other.keys.len()
                    && self
                        .keys
                        .iter()
                        .zip(other.keys.iter())
                        .all(|(a, b)| a.as_str() == b.as_str())))
    }
}

impl Eq for Record {}

impl core::hash::Hash for Record {
    /// The values and the number of keys (equal records have both equal;
    /// the names rarely tell records of one game apart).
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        state.write_usize(self.keys.len());
        for v in &self.values[..self.keys.len()] {
            state.write_i64(*v);
        }
    }
}

impl fmt::Debug for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map()
            .entries(self.entries().map(|(k, v)| (k.as_str(), v)))
            .finish()
    }
}

/// A rhai value that cannot be a position, and the path to it inside the
/// value (`[2].a` for field `a` of the third element).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotAPosition {
    /// The rhai type name of the offending value.
    pub type_name: String,
    /// Where it sits in the value: empty for the value itself.
    pub path: String,
}

impl fmt::Display for NotAPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = if self.path.is_empty() {
            String::new()
        } else {
            format!(" at {}", self.path)
        };
        write!(
            f,
            "a value of type {}{what} cannot be part of a position (use integers, strings, arrays or maps)",
            self.type_name
        )
    }
}

/// Arrays and maps nested deeper than this are refused (the conversion is
/// recursive; rhai's own expression depth limit keeps scripts far below it).
const MAX_DEPTH: usize = 256;

impl Pos {
    /// Converts a rhai value. O(size of the value).
    ///
    /// # Errors
    /// A value that holds anything but integers, truth values, characters,
    /// strings, arrays and maps, or nests deeper than 256 levels.
    ///
    /// ```
    /// use sprague_script::Pos;
    /// let v: rhai::Dynamic = vec![rhai::Dynamic::from(3_i64), rhai::Dynamic::from("a")].into();
    /// assert_eq!(Pos::from_dynamic(&v).unwrap().to_string(), r#"[3, "a"]"#);
    /// ```
    pub fn from_dynamic(value: &Dynamic) -> Result<Pos, NotAPosition> {
        Self::convert(value, 0, &mut String::new())
    }

    fn convert(value: &Dynamic, depth: usize, path: &mut String) -> Result<Pos, NotAPosition> {
        let refuse = |path: &str, type_name: &str| NotAPosition {
            type_name: type_name.to_string(),
            path: path.to_string(),
        };
        if depth > MAX_DEPTH {
            return Err(refuse(path, "array or map nested too deeply"));
        }
        if let Ok(n) = value.as_int() {
            return Ok(Pos::Int(n));
        }
        if let Some(sum) = value.read_lock::<SumValue>() {
            return Ok(sum.0.clone());
        }
        if let Some(b) = value.read_lock::<Board>() {
            return Ok(Pos::Board(*b));
        }
        if let Some(g) = value.read_lock::<GraphBoard>() {
            return Ok(Pos::Graph(g.clone()));
        }
        if let Ok(b) = value.as_bool() {
            return Ok(Pos::Bool(b));
        }
        if let Ok(c) = value.as_char() {
            return Ok(Pos::Char(c));
        }
        if let Ok(s) = value.as_immutable_string_ref() {
            return Ok(Pos::Str(s.clone()));
        }
        if let Some(items) = value.read_lock::<Array>() {
            let mut out = Vec::with_capacity(items.len());
            for (i, item) in items.iter().enumerate() {
                let len = path.len();
                path.push_str(&format!("[{i}]"));
                out.push(Self::convert(item, depth + 1, path)?);
                path.truncate(len);
            }
            return Ok(Pos::List(out.into()));
        }
        if let Some(map) = value.read_lock::<Map>() {
            // rhai maps are ordered by key already.
            if map.len() <= RECORD_FIELDS
                && map.values().all(|v| v.as_int().is_ok())
                && let Some(r) = Record::new(map.iter().map(|(k, v)| (k.as_str(), v.as_int().unwrap_or(0))))
            {
                return Ok(Pos::Record(r));
            }
            let mut out = Vec::with_capacity(map.len());
            for (k, v) in map.iter() {
                let len = path.len();
                path.push('.');
                path.push_str(k);
                out.push((
                    ImmutableString::from(k.as_str()),
                    Self::convert(v, depth + 1, path)?,
                ));
                path.truncate(len);
            }
            return Ok(Pos::Map(out.into()));
        }
        Err(refuse(path, value.type_name()))
    }

    /// The position as a rhai value, for passing to the script. O(size).
    pub fn to_dynamic(&self) -> Dynamic {
        match self {
            Pos::Int(n) => Dynamic::from_int(*n),
            Pos::Bool(b) => Dynamic::from_bool(*b),
            Pos::Char(c) => Dynamic::from_char(*c),
            Pos::Str(s) => Dynamic::from(s.clone()),
            Pos::List(items) => {
                let array: Array = items.iter().map(Pos::to_dynamic).collect();
                Dynamic::from_array(array)
            }
            Pos::Map(fields) => {
                let map: Map = fields
                    .iter()
                    .map(|(k, v)| (k.as_str().into(), v.to_dynamic()))
                    .collect();
                Dynamic::from_map(map)
            }
            Pos::Record(r) => Dynamic::from_map(
                r.entries()
                    .map(|(k, v)| (k.as_str().into(), Dynamic::from_int(v)))
                    .collect(),
            ),
            Pos::Board(b) => Dynamic::from(*b),
            Pos::Graph(g) => Dynamic::from(g.clone()),
            Pos::Sum(_) => Dynamic::from(SumValue(self.clone())),
        }
    }

    /// The position as a rhai literal, boards and graphs written with the
    /// game's cell characters `cells` (`board("x.o")`), which the script's
    /// `board` reads back.
    #[must_use]
    pub fn show(&self, cells: &Cells) -> String {
        let mut out = String::new();
        let _ = self.write(&mut out, cells);
        out
    }

    /// Writes [`Pos::show`] to `f`.
    fn write(&self, f: &mut dyn fmt::Write, cells: &Cells) -> fmt::Result {
        let list = |f: &mut dyn fmt::Write, items: &[Pos], open: &str, close: &str| -> fmt::Result {
            f.write_str(open)?;
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                item.write(f, cells)?;
            }
            f.write_str(close)
        };
        match self {
            Pos::Int(n) => write!(f, "{n}"),
            Pos::Bool(b) => write!(f, "{b}"),
            Pos::Char(c) => write!(f, "{c:?}"),
            Pos::Str(s) => write!(f, "{:?}", s.as_str()),
            Pos::Board(b) => write!(f, "board({:?})", b.show(cells)),
            Pos::Graph(g) => write!(f, "graph({:?})", g.show(cells)),
            Pos::List(items) => list(f, items, "[", "]"),
            Pos::Sum(parts) => list(f, parts, "sum([", "])"),
            Pos::Map(fields) => {
                f.write_str("#{")?;
                for (i, (k, v)) in fields.iter().enumerate() {
                    write_key(f, i, k)?;
                    v.write(f, cells)?;
                }
                f.write_str("}")
            }
            Pos::Record(r) => {
                f.write_str("#{")?;
                for (i, (k, v)) in r.entries().enumerate() {
                    write_key(f, i, k)?;
                    write!(f, "{v}")?;
                }
                f.write_str("}")
            }
        }
    }

    /// The map of `entries` (sorted by key, no key twice): a
    /// [`Pos::Record`] when it has at most [`RECORD_FIELDS`] entries, all
    /// integers, else a [`Pos::Map`].
    #[must_use]
    pub fn map(entries: Vec<(ImmutableString, Pos)>) -> Pos {
        if entries.len() <= RECORD_FIELDS
            && entries.iter().all(|(_, v)| matches!(v, Pos::Int(_)))
            && let Some(r) = Record::new(entries.iter().map(|(k, v)| (k.as_str(), v.as_int().unwrap_or(0))))
        {
            return Pos::Record(r);
        }
        Pos::Map(entries.into())
    }
    /// The record of a map whose keys are `keys` (sorted, none twice) and
    /// whose values are `values`, kept with these very keys; `None` unless
    /// every value is an integer and there are at most [`RECORD_FIELDS`].
    pub(crate) fn record_of(
        keys: &Arc<[ImmutableString]>,
        values: impl ExactSizeIterator<Item = Option<i64>> + Clone,
    ) -> Option<Pos> {
        if values.len() > RECORD_FIELDS || values.clone().any(|v| v.is_none()) {
            return None;
        }
        Some(Pos::Record(Record::with_keys(
            keys.clone(),
            values.map(|v| v.unwrap_or(0)),
        )))
    }

    /// The place of a variant in the order of positions (records with maps).
    const fn rank(&self) -> u8 {
        match self {
            Pos::Int(_) => 0,
            Pos::Bool(_) => 1,
            Pos::Char(_) => 2,
            Pos::Str(_) => 3,
            Pos::List(_) => 4,
            Pos::Map(_) | Pos::Record(_) => 5,
            Pos::Board(_) => 6,
            Pos::Graph(_) => 7,
            Pos::Sum(_) => 8,
        }
    }

    /// The sum of `parts`: nested sums flattened, parts sorted; the part
    /// itself when there is exactly one. O(k log k) for k parts.
    #[must_use]
    pub fn sum(parts: Vec<Pos>) -> Pos {
        let mut flat = if parts.iter().any(|p| matches!(p, Pos::Sum(_))) {
            let mut flat = Vec::with_capacity(parts.len() + 2);
            for p in parts {
                match p {
                    Pos::Sum(inner) => flat.extend(inner.iter().cloned()),
                    other => flat.push(other),
                }
            }
            flat
        } else {
            parts
        };
        if flat.len() == 1 {
            return flat.pop().unwrap_or(Pos::Int(0));
        }
        flat.sort_unstable();
        Pos::Sum(flat.into())
    }

    /// [`Pos::sum`] of a fixed number (at least two) of parts, with one
    /// allocation when no part is a sum (the common case of `move_to(a, b)`).
    pub(crate) fn sum_of<const N: usize>(mut parts: [Pos; N]) -> Pos {
        if N < 2 || parts.iter().any(|p| matches!(p, Pos::Sum(_))) {
            return Pos::sum(parts.into());
        }
        parts.sort_unstable();
        Pos::Sum(Arc::from(parts))
    }

    /// The parts of a sum, or `None` for any other position.
    #[must_use]
    pub fn parts(&self) -> Option<&[Pos]> {
        match self {
            Pos::Sum(parts) => Some(parts),
            _ => None,
        }
    }

    /// The integer, when this position is one.
    #[must_use]
    pub const fn as_int(&self) -> Option<i64> {
        match self {
            Pos::Int(n) => Some(*n),
            _ => None,
        }
    }
}

/// Writes `, ` before entry `i` of a map literal (but the first), then its
/// key and `: `.
fn write_key(f: &mut dyn fmt::Write, i: usize, k: &str) -> fmt::Result {
    if i > 0 {
        f.write_str(", ")?;
    }
    if is_identifier(k) {
        write!(f, "{k}: ")
    } else {
        write!(f, "{k:?}: ")
    }
}

/// The entries of a map or record, in key order, compared as the map's
/// entry slices are: key, then value, then length.
fn cmp_entries<'a>(
    a: impl Iterator<Item = (&'a str, Pos)>,
    b: impl Iterator<Item = (&'a str, Pos)>,
) -> Ordering {
    a.cmp(b)
}

/// The order of positions: by kind (integers, truth values, characters,
/// strings, arrays, maps, boards, graphs, sums), then by content; a record
/// orders as the map it is.
impl Ord for Pos {
    fn cmp(&self, other: &Self) -> Ordering {
        match (self, other) {
            (Pos::Int(a), Pos::Int(b)) => a.cmp(b),
            (Pos::Bool(a), Pos::Bool(b)) => a.cmp(b),
            (Pos::Char(a), Pos::Char(b)) => a.cmp(b),
            (Pos::Str(a), Pos::Str(b)) => a.cmp(b),
            (Pos::List(a), Pos::List(b)) | (Pos::Sum(a), Pos::Sum(b)) => a.cmp(b),
            (Pos::Map(a), Pos::Map(b)) => a.cmp(b),
            (Pos::Record(a), Pos::Record(b)) if Arc::ptr_eq(&a.keys, &b.keys) => {
                a.values[..a.len()].cmp(&b.values[..b.len()])
            }
            (Pos::Map(_) | Pos::Record(_), Pos::Map(_) | Pos::Record(_)) => {
                cmp_entries(self.map_entries(), other.map_entries())
            }
            (Pos::Board(a), Pos::Board(b)) => a.cmp(b),
            (Pos::Graph(a), Pos::Graph(b)) => a.cmp(b),
            _ => self.rank().cmp(&other.rank()),
        }
    }
}

impl PartialOrd for Pos {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Pos {
    /// The entries of a map or record (none for other positions).
    pub(crate) fn map_entries(&self) -> Box<dyn Iterator<Item = (&str, Pos)> + '_> {
        match self {
            Pos::Map(fields) => Box::new(fields.iter().map(|(k, v)| (k.as_str(), v.clone()))),
            Pos::Record(r) => Box::new(r.entries().map(|(k, v)| (k.as_str(), Pos::Int(v)))),
            _ => Box::new(core::iter::empty()),
        }
    }
}

/// Writes the position as a rhai literal (`3`, `"abc"`, `[1, 2]`,
/// `#{a: 1, b: [2]}`, `board("x.o")` with the cells `.xo#`), which the
/// default notation reads back.
impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, &crate::script::DEFAULT_CELLS)
    }
}

impl fmt::Debug for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Whether `k` may stand unquoted as a rhai map key.
fn is_identifier(k: &str) -> bool {
    let mut chars = k.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
        && !KEYWORDS.contains(&k)
}

/// Words the script language keeps for itself (its keywords and reserved
/// words, generously): a map key spelled like one is written quoted, so the
/// printed position reads back.
const KEYWORDS: &[&str] = &[
    "as",
    "async",
    "await",
    "break",
    "call",
    "case",
    "catch",
    "const",
    "continue",
    "curry",
    "debug",
    "default",
    "do",
    "else",
    "eval",
    "exit",
    "export",
    "false",
    "fn",
    "for",
    "global",
    "go",
    "goto",
    "if",
    "import",
    "in",
    "is",
    "is_def_fn",
    "is_def_var",
    "is_shared",
    "let",
    "loop",
    "match",
    "module",
    "new",
    "nil",
    "null",
    "package",
    "print",
    "private",
    "protected",
    "public",
    "return",
    "shared",
    "spawn",
    "static",
    "super",
    "switch",
    "sync",
    "this",
    "thread",
    "throw",
    "true",
    "try",
    "type_of",
    "until",
    "use",
    "var",
    "void",
    "while",
    "with",
    "yield",
    "Fn",
];

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn pos_strategy() -> impl Strategy<Value = Pos> {
        let leaf = prop_oneof![
            any::<i64>().prop_map(Pos::Int),
            (-2i64..3).prop_map(Pos::Int),
            any::<bool>().prop_map(Pos::Bool),
            "[a-z ]{0,4}".prop_map(|s| Pos::Str(s.into())),
        ];
        leaf.prop_recursive(3, 16, 4, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..4).prop_map(|v| Pos::List(v.into())),
                prop::collection::btree_map("[a-c]{1,2}", inner, 0..6).prop_map(|m| Pos::map(
                    m.into_iter()
                        .map(|(k, v)| (ImmutableString::from(k), v))
                        .collect::<Vec<_>>()
                )),
            ]
        })
    }

    /// Positions as they were before records: maps all alike, the order
    /// derived (the reference for the order of [`Pos`]).
    #[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
    enum Plain {
        Int(i64),
        Bool(bool),
        Char(char),
        Str(String),
        List(Vec<Plain>),
        Map(Vec<(String, Plain)>),
        Board(Board),
        Graph(GraphBoard),
        Sum(Vec<Plain>),
    }

    fn plain(p: &Pos) -> Plain {
        match p {
            Pos::Int(n) => Plain::Int(*n),
            Pos::Bool(b) => Plain::Bool(*b),
            Pos::Char(c) => Plain::Char(*c),
            Pos::Str(s) => Plain::Str(s.to_string()),
            Pos::List(items) => Plain::List(items.iter().map(plain).collect()),
            Pos::Sum(items) => Plain::Sum(items.iter().map(plain).collect()),
            Pos::Map(fields) => Plain::Map(fields.iter().map(|(k, v)| (k.to_string(), plain(v))).collect()),
            Pos::Record(r) => Plain::Map(r.entries().map(|(k, v)| (k.to_string(), Plain::Int(v))).collect()),
            Pos::Board(b) => Plain::Board(*b),
            Pos::Graph(g) => Plain::Graph(g.clone()),
        }
    }

    proptest! {
        /// Records order, compare and hash as the maps they are: the order
        /// is the derived order of plain maps, equal positions hash alike,
        /// and a map of at most four integers is always a record.
        #[test]
        fn records_are_maps(p in pos_strategy(), q in pos_strategy()) {
            use core::hash::BuildHasher;
            let (a, b) = (plain(&p), plain(&q));
            prop_assert_eq!(p.cmp(&q), a.cmp(&b));
            prop_assert_eq!(p == q, a == b);
            if p == q {
                let h = rustc_hash::FxBuildHasher;
                prop_assert_eq!(h.hash_one(&p), h.hash_one(&q));
            }
            // Equal positions made on another thread (other key lists).
            let again = std::thread::spawn({
                let p = p.clone();
                move || Pos::from_dynamic(&p.to_dynamic()).unwrap()
            }).join().unwrap();
            prop_assert_eq!(again.cmp(&p), core::cmp::Ordering::Equal);
            prop_assert!(again == p);
            if let Pos::Map(fields) = &p {
                prop_assert!(fields.len() > RECORD_FIELDS || fields.iter().any(|(_, v)| v.as_int().is_none()));
            }
        }

        /// Converting to rhai and back is the identity, and the text form
        /// evaluates back to the same position.
        #[test]
        fn round_trips(p in pos_strategy()) {
            prop_assert_eq!(Pos::from_dynamic(&p.to_dynamic()).unwrap(), p.clone());
            let engine = rhai::Engine::new();
            let back: Dynamic = engine.eval_expression(&p.to_string()).unwrap();
            prop_assert_eq!(Pos::from_dynamic(&back).unwrap(), p);
        }
    }

    #[test]
    fn floats_are_refused_with_their_path() {
        let engine = rhai::Engine::new();
        let v: Dynamic = engine.eval_expression("[1, #{a: 2.5}]").unwrap();
        let e = Pos::from_dynamic(&v).unwrap_err();
        assert_eq!(e.path, "[1].a");
        assert!(e.to_string().contains("f64"), "{e}");
    }

    #[test]
    fn map_keys_are_sorted() {
        let engine = rhai::Engine::new();
        let a: Dynamic = engine.eval_expression("#{b: 1, a: 2}").unwrap();
        let b: Dynamic = engine.eval_expression("#{a: 2, b: 1}").unwrap();
        assert_eq!(Pos::from_dynamic(&a).unwrap(), Pos::from_dynamic(&b).unwrap());
        assert_eq!(Pos::from_dynamic(&a).unwrap().to_string(), "#{a: 2, b: 1}");
    }
}
