//! The values of compiled script functions: rhai's integers, truth values,
//! characters, strings, arrays and maps with rhai's value semantics (a copy
//! on assignment, made lazily: arrays and maps are shared until written),
//! and any other rhai value (boards, graphs, sums, ranges, …) kept as it is.
//!
//! Arrays and maps carry their data sizes as rhai measures them (elements of
//! nested arrays, entries of nested maps, bytes of nested strings), kept up
//! to date on every change, so that the sandbox's size limits are checked in
//! O(1) where rhai measures the whole value.

use crate::pos::{Pos, SumValue};
use rhai::{Dynamic, ImmutableString};
use smallvec::SmallVec;
use sprague::blocks::{Board, GraphBoard};
use std::sync::Arc;

/// A value of a compiled script function.
#[derive(Clone, Debug, Default)]
pub(crate) enum Value {
    /// `()`.
    #[default]
    Unit,
    /// `true` or `false`.
    Bool(bool),
    /// An integer (rhai's `INT`, 64 bits).
    Int(i64),
    /// A character.
    Char(char),
    /// A string.
    Str(ImmutableString),
    /// An array.
    Array(Arc<Array>),
    /// An object map.
    Map(Arc<Map>),
    /// Any other rhai value, passed through untouched.
    Other(Box<Dynamic>),
}

/// Data sizes as rhai measures them (`calc_data_sizes`): elements of arrays,
/// entries of maps and bytes of strings, nested ones included.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Sizes {
    pub(crate) arrays: usize,
    pub(crate) maps: usize,
    pub(crate) strings: usize,
}

impl Sizes {
    /// What an array element `v` adds to its array's sizes.
    fn in_array(v: &Value) -> Sizes {
        let s = v.sizes();
        Sizes {
            arrays: s.arrays + 1,
            ..s
        }
    }

    /// What a map entry `v` adds to its map's sizes.
    fn in_map(v: &Value) -> Sizes {
        let s = v.sizes();
        Sizes {
            maps: s.maps + 1,
            ..s
        }
    }

    fn add(&mut self, o: Sizes) {
        self.arrays += o.arrays;
        self.maps += o.maps;
        self.strings += o.strings;
    }

    fn sub(&mut self, o: Sizes) {
        self.arrays -= o.arrays;
        self.maps -= o.maps;
        self.strings -= o.strings;
    }
}

/// The size limits of the sandbox.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SizeLimits {
    pub(crate) array: usize,
    pub(crate) map: usize,
    pub(crate) string: usize,
}

impl SizeLimits {
    /// Whether `s` is within the limits (rhai's `throw_on_size`).
    pub(crate) const fn allow(&self, s: Sizes) -> bool {
        s.arrays <= self.array && s.maps <= self.map && s.strings <= self.string
    }
}

/// An array with its data sizes.
#[derive(Clone, Debug, Default)]
pub(crate) struct Array {
    items: Vec<Value>,
    sizes: Sizes,
}

impl Array {
    /// The array of `items`. O(n).
    pub(crate) fn from_vec(items: Vec<Value>) -> Array {
        let mut sizes = Sizes::default();
        for v in &items {
            sizes.add(Sizes::in_array(v));
        }
        Array { items, sizes }
    }

    pub(crate) fn items(&self) -> &[Value] {
        &self.items
    }

    pub(crate) fn len(&self) -> usize {
        self.items.len()
    }

    pub(crate) fn push(&mut self, v: Value) {
        self.sizes.add(Sizes::in_array(&v));
        self.items.push(v);
    }

    pub(crate) fn pop(&mut self) -> Option<Value> {
        let v = self.items.pop()?;
        self.sizes.sub(Sizes::in_array(&v));
        Some(v)
    }

    pub(crate) fn insert(&mut self, i: usize, v: Value) {
        self.sizes.add(Sizes::in_array(&v));
        self.items.insert(i, v);
    }

    pub(crate) fn remove(&mut self, i: usize) -> Value {
        let v = self.items.remove(i);
        self.sizes.sub(Sizes::in_array(&v));
        v
    }

    pub(crate) fn truncate(&mut self, n: usize) {
        for v in self.items.drain(n.min(self.items.len())..) {
            self.sizes.sub(Sizes::in_array(&v));
        }
    }

    pub(crate) fn clear(&mut self) {
        self.items.clear();
        self.sizes = Sizes::default();
    }

    pub(crate) fn extend_from(&mut self, other: &Array) {
        self.items.extend(other.items.iter().cloned());
        self.sizes.add(other.sizes);
    }

    /// Runs `f` on element `i` (in bounds), keeping the sizes up to date.
    pub(crate) fn with_item<T>(&mut self, i: usize, f: impl FnOnce(&mut Value) -> T) -> T {
        let item = &mut self.items[i];
        let before = Sizes::in_array(item);
        let out = f(item);
        let after = Sizes::in_array(item);
        self.sizes.sub(before);
        self.sizes.add(after);
        out
    }

    /// Sorts by `cmp` (stable).
    pub(crate) fn sort_by(&mut self, cmp: impl FnMut(&Value, &Value) -> core::cmp::Ordering) {
        self.items.sort_by(cmp);
    }

    pub(crate) fn reverse(&mut self) {
        self.items.reverse();
    }
}

/// An object map: keys sorted (rhai's order), shared by every map made by
/// one map literal or from records with the same keys (so that a copy
/// clones one pointer and an entry is found by the identity of its name),
/// the values beside them (inline up to four), and its data sizes.
#[derive(Clone, Debug, Default)]
pub(crate) struct Map {
    keys: Arc<[ImmutableString]>,
    values: Values,
    sizes: Sizes,
}

/// The values of a map, in key order.
pub(crate) type Values = SmallVec<[Value; 4]>;

impl Map {
    /// The map of `entries`, which are sorted by key and have no key twice.
    pub(crate) fn from_sorted(entries: Vec<(ImmutableString, Value)>) -> Map {
        debug_assert!(entries.windows(2).all(|w| w[0].0.as_str() < w[1].0.as_str()));
        let (keys, values): (Vec<ImmutableString>, Values) = entries.into_iter().unzip();
        Map::from_parts(keys.into(), values)
    }

    /// The map of `keys` (sorted, none twice) and their `values`.
    pub(crate) fn from_parts(keys: Arc<[ImmutableString]>, values: Values) -> Map {
        debug_assert_eq!(keys.len(), values.len());
        debug_assert!(keys.windows(2).all(|w| w[0].as_str() < w[1].as_str()));
        let mut sizes = Sizes::default();
        for v in &values {
            sizes.add(Sizes::in_map(v));
        }
        Map { keys, values, sizes }
    }

    /// The keys, sorted.
    pub(crate) fn keys(&self) -> &Arc<[ImmutableString]> {
        &self.keys
    }

    /// The values, in key order.
    pub(crate) fn values(&self) -> &[Value] {
        &self.values
    }

    /// The entries, in key order.
    pub(crate) fn entries(&self) -> impl ExactSizeIterator<Item = (&ImmutableString, &Value)> + Clone {
        self.keys.iter().zip(self.values.iter())
    }

    pub(crate) fn len(&self) -> usize {
        self.keys.len()
    }

    fn find(&self, key: &str) -> Result<usize, usize> {
        if self.keys.len() <= 8 {
            for (i, k) in self.keys.iter().enumerate() {
                match k.as_str().cmp(key) {
                    core::cmp::Ordering::Less => {}
                    core::cmp::Ordering::Equal => return Ok(i),
                    core::cmp::Ordering::Greater => return Err(i),
                }
            }
            return Err(self.keys.len());
        }
        self.keys.binary_search_by(|k| k.as_str().cmp(key))
    }

    /// The value of `key`, found first by the identity of the key's text
    /// (the compiler shares one copy of each name among the maps it builds
    /// and the properties it reads), else by comparing texts.
    #[inline]
    pub(crate) fn get_shared(&self, key: &ImmutableString) -> Option<&Value> {
        for (k, v) in self.keys.iter().zip(self.values.iter()) {
            if k.ptr_eq(key) {
                return Some(v);
            }
        }
        self.get(key)
    }

    pub(crate) fn get(&self, key: &str) -> Option<&Value> {
        self.find(key).ok().map(|i| &self.values[i])
    }

    /// Runs `f` on the value of `key`, added as `()` when missing (rhai's
    /// `get_indexed_mut` for an assignment), keeping the sizes up to date.
    pub(crate) fn with_entry<T>(&mut self, key: &ImmutableString, f: impl FnOnce(&mut Value) -> T) -> T {
        let i = match self.find(key) {
            Ok(i) => i,
            Err(i) => {
                self.sizes.add(Sizes::in_map(&Value::Unit));
                let mut keys = self.keys.to_vec();
                keys.insert(i, key.clone());
                self.keys = keys.into();
                self.values.insert(i, Value::Unit);
                i
            }
        };
        let item = &mut self.values[i];
        let before = Sizes::in_map(item);
        let out = f(item);
        let after = Sizes::in_map(item);
        self.sizes.sub(before);
        self.sizes.add(after);
        out
    }
}

impl Value {
    /// Whether the value owns nothing on the heap (`()`, a truth value, an
    /// integer, a character).
    #[inline(always)]
    pub(crate) const fn is_scalar(&self) -> bool {
        matches!(
            self,
            Value::Unit | Value::Bool(_) | Value::Int(_) | Value::Char(_)
        )
    }

    /// Drops the value, without a call into its drop glue when it owns
    /// nothing (the common case in inner loops).
    #[inline(always)]
    pub(crate) fn discard(self) {
        if self.is_scalar() {
            core::mem::forget(self);
        } else {
            drop(self);
        }
    }

    /// Stores `v` in `place`, dropping the old value as [`Value::discard`].
    #[inline(always)]
    pub(crate) fn set(place: &mut Value, v: Value) {
        core::mem::replace(place, v).discard();
    }

    /// The data sizes of the value (zero but for strings, arrays and maps).
    pub(crate) fn sizes(&self) -> Sizes {
        match self {
            Value::Str(s) => Sizes {
                strings: s.len(),
                ..Sizes::default()
            },
            Value::Array(a) => a.sizes,
            Value::Map(m) => m.sizes,
            _ => Sizes::default(),
        }
    }

    /// An array value.
    pub(crate) fn array(items: Vec<Value>) -> Value {
        Value::Array(Arc::new(Array::from_vec(items)))
    }

    /// The value of position `p`. O(size of p).
    pub(crate) fn from_pos(p: &Pos) -> Value {
        match p {
            Pos::Int(n) => Value::Int(*n),
            Pos::Bool(b) => Value::Bool(*b),
            Pos::Char(c) => Value::Char(*c),
            Pos::Str(s) => Value::Str(s.clone()),
            Pos::List(items) => Value::array(items.iter().map(Value::from_pos).collect()),
            Pos::Map(fields) => Value::Map(Arc::new(Map::from_sorted(
                fields
                    .iter()
                    .map(|(k, v)| (k.clone(), Value::from_pos(v)))
                    .collect(),
            ))),
            Pos::Record(r) => Value::Map(Arc::new(Map::from_parts(
                r.keys().clone(),
                r.values().iter().map(|&v| Value::Int(v)).collect(),
            ))),
            Pos::Board(b) => Value::Other(Box::new(Dynamic::from(*b))),
            Pos::Graph(g) => Value::Other(Box::new(Dynamic::from(g.clone()))),
            Pos::Sum(_) => Value::Other(Box::new(Dynamic::from(SumValue(p.clone())))),
        }
    }

    /// The position this value stands for, as `Pos::from_dynamic` reads the
    /// same rhai value; `None` when it is not a position (the caller then
    /// lets rhai run the call, for rhai's error).
    pub(crate) fn to_pos(&self, depth: usize) -> Option<Pos> {
        if depth > 256 {
            return None;
        }
        Some(match self {
            Value::Int(n) => Pos::Int(*n),
            Value::Bool(b) => Pos::Bool(*b),
            Value::Char(c) => Pos::Char(*c),
            Value::Str(s) => Pos::Str(s.clone()),
            Value::Array(a) => {
                let mut out = Vec::with_capacity(a.len());
                for v in a.items() {
                    out.push(v.to_pos(depth + 1)?);
                }
                Pos::List(out.into())
            }
            Value::Map(m) => {
                if let Some(r) = Pos::record_of(
                    m.keys(),
                    m.values().iter().map(|v| match v {
                        Value::Int(n) => Some(*n),
                        _ => None,
                    }),
                ) {
                    return Some(r);
                }
                let mut out = Vec::with_capacity(m.len());
                for (k, v) in m.entries() {
                    out.push((k.clone(), v.to_pos(depth + 1)?));
                }
                Pos::Map(out.into())
            }
            Value::Other(d) => {
                if let Some(sum) = d.read_lock::<SumValue>() {
                    sum.0.clone()
                } else if let Some(b) = d.read_lock::<Board>() {
                    Pos::Board(*b)
                } else if let Some(g) = d.read_lock::<GraphBoard>() {
                    Pos::Graph(g.clone())
                } else {
                    return None;
                }
            }
            Value::Unit => return None,
        })
    }

    /// The rhai value. O(size).
    pub(crate) fn to_dynamic(&self) -> Dynamic {
        match self {
            Value::Unit => Dynamic::UNIT,
            Value::Bool(b) => Dynamic::from_bool(*b),
            Value::Int(n) => Dynamic::from_int(*n),
            Value::Char(c) => Dynamic::from_char(*c),
            Value::Str(s) => Dynamic::from(s.clone()),
            Value::Array(a) => Dynamic::from_array(a.items().iter().map(Value::to_dynamic).collect()),
            Value::Map(m) => Dynamic::from_map(
                m.entries()
                    .map(|(k, v)| (k.as_str().into(), v.to_dynamic()))
                    .collect(),
            ),
            Value::Other(d) => (**d).clone(),
        }
    }

    /// The value of a rhai value: strings, arrays and maps converted, other
    /// values kept; `None` for what the compiled functions do not take
    /// (shared values, BLOBs, function pointers, nesting beyond 256 levels).
    pub(crate) fn from_dynamic(d: &Dynamic, depth: usize) -> Option<Value> {
        if depth > 256 || d.is_shared() {
            return None;
        }
        if let Ok(n) = d.as_int() {
            return Some(Value::Int(n));
        }
        if let Ok(b) = d.as_bool() {
            return Some(Value::Bool(b));
        }
        if let Ok(c) = d.as_char() {
            return Some(Value::Char(c));
        }
        if d.is_unit() {
            return Some(Value::Unit);
        }
        if let Ok(s) = d.as_immutable_string_ref() {
            return Some(Value::Str(s.clone()));
        }
        if let Some(items) = d.read_lock::<rhai::Array>() {
            let mut out = Vec::with_capacity(items.len());
            for item in items.iter() {
                out.push(Value::from_dynamic(item, depth + 1)?);
            }
            return Some(Value::array(out));
        }
        if let Some(map) = d.read_lock::<rhai::Map>() {
            let mut out = Vec::with_capacity(map.len());
            for (k, v) in map.iter() {
                out.push((
                    ImmutableString::from(k.as_str()),
                    Value::from_dynamic(v, depth + 1)?,
                ));
            }
            return Some(Value::Map(Arc::new(Map::from_sorted(out))));
        }
        if d.is_blob() || d.is_fnptr() {
            return None;
        }
        Some(Value::Other(Box::new(d.clone())))
    }
}
