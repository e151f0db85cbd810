//! Games written in Python, solved by the engine's own solvers: the engine's
//! rules traits implemented over a wrapper of Python objects (any hashable
//! position). An exception in user code stops the search and is raised with a
//! note naming the call and position; Ctrl-C is polled between calls.

use crate::board::{Board, Written};
use crate::errors::{Watch, budget_error, type_error, with_note};
use crate::game::{Game, with_store_taken};
use crate::graph_board::GraphBoard;
use crate::hot::{Clock, call_one, call_two, list_item, tuple_ints};
use crate::report::Value;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyList, PyTuple};
use rustc_hash::{FxHashMap, FxHashSet};
use sprague::blocks::{CellSet, Symmetry};
use sprague::heap::{HeapGame, find_period, plain_values};
use sprague::loopy::{Wld, solve_graph_with};
use sprague::{
    Data, DiGraph, GrundySolver, ImpartialRules, MisereSolver, Outcome, PartizanRules, PartizanSolver,
};
use std::borrow::Cow;
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::hash::{Hash, Hasher};

/// A Python position as an engine position. An int, or a tuple of ints
/// small enough to pack into [`Packed`], is keyed by its ints: hashed and
/// compared without calling Python, and kept in the solvers' tables without
/// its object (rebuilt, equal, when a method needs it). Any other object is
/// keyed by its hash, taken once; equality is identity, then the blocks' own
/// equality for boards and graphs, then Python's `==`.
pub struct Key {
    /// The object: `None` only for a key of [`Kind::Ints`] that a table
    /// keeps ([`ImpartialRules::kept`]), or a clone of one.
    obj: Option<Py<PyAny>>,
    /// For [`Kind::Ints`], the ints ([`Packed`]); for the other kinds, the
    /// hash in the first word.
    words: [u64; 2],
    /// For [`Kind::Ints`], [`Packed::shape`]; 0 for the others.
    shape: u8,
    kind: Kind,
}

// Four words: the solvers' tables hold one key for every position they meet.
const _: () = assert!(size_of::<Key>() == 32);

/// What kind of object a [`Key`] holds.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// An exact int, or an exact tuple of exact ints, packed.
    Ints,
    /// A `sprague.Board`, hashed and compared natively.
    Board,
    /// A `sprague.GraphBoard`, hashed and compared natively.
    Graph,
    /// Any other object: Python's hash and `==`.
    Other,
}

/// An int (`shape` [`Packed::INT`], the value in `words[0]`), or a tuple of
/// up to 4 ints that fit in 32 bits each (`shape` its length), or of 5 to 8
/// that fit in 16 bits (`shape` its length): the ints side by side in
/// `words`. Which form a value takes depends on the value alone, so equal
/// positions pack alike.
#[derive(Clone, Copy)]
struct Packed {
    words: [u64; 2],
    shape: u8,
}

impl Packed {
    /// The shape of a bare int.
    const INT: u8 = u8::MAX;

    /// The packing of `obj` when it is an exact int (in `i64`), or an exact
    /// tuple of exact ints that fits.
    #[inline(always)]
    fn of(obj: &Bound<'_, PyAny>) -> Option<Packed> {
        if obj.is_exact_instance_of::<PyInt>() {
            let v: i64 = obj.extract().ok()?;
            return Some(Packed {
                words: [v as u64, 0],
                shape: Self::INT,
            });
        }
        let t = obj.cast_exact::<PyTuple>().ok()?;
        let mut ints = [0; 8];
        let len = tuple_ints(t, &mut ints)?;
        Self::pack(&ints[..len])
    }

    /// Up to 4 ints that fit in 32 bits each, or 5 to 8 that fit in 16,
    /// side by side; `None` when one does not fit.
    fn pack(ints: &[i64]) -> Option<Packed> {
        let mut words = [0u64; 2];
        if ints.len() > 8 {
            return None;
        }
        if ints.len() <= 4 {
            for (i, &x) in ints.iter().enumerate() {
                if i64::from(x as i32) != x {
                    return None;
                }
                words[i / 2] |= u64::from(x as u32) << (32 * (i % 2));
            }
        } else {
            for (i, &x) in ints.iter().enumerate() {
                if i64::from(x as i16) != x {
                    return None;
                }
                words[i / 4] |= u64::from(x as u16) << (16 * (i % 4));
            }
        }
        Some(Packed {
            words,
            shape: ints.len() as u8,
        })
    }

    /// The ints, `None` for a bare int.
    fn ints(self) -> Option<impl ExactSizeIterator<Item = i64>> {
        if self.shape == Self::INT {
            return None;
        }
        let width = if self.shape <= 4 { 32 } else { 16 };
        Some((0..usize::from(self.shape)).map(move |i| {
            let bit = i * width;
            let raw = self.words[bit / 64] >> (bit % 64);
            // Sign-extended from `width` bits.
            ((raw << (64 - width)) as i64) >> (64 - width)
        }))
    }

    /// A hash of the packed ints.
    fn hash(self) -> u64 {
        let mut h = self.words[0] ^ self.words[1].rotate_left(29) ^ u64::from(self.shape) << 56;
        h = (h ^ h >> 32).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        h ^ h >> 29
    }

    /// What Python's `repr` gives for the int or tuple packed.
    fn repr(self) -> String {
        let mut text = String::with_capacity(8 + 8 * usize::from(self.shape.min(8)));
        let Some(ints) = self.ints() else {
            push_int(&mut text, self.words[0] as i64);
            return text;
        };
        let n = ints.len();
        text.push('(');
        for (i, x) in ints.enumerate() {
            if i > 0 {
                text.push_str(", ");
            }
            push_int(&mut text, x);
        }
        text.push_str(if n == 1 { ",)" } else { ")" });
        text
    }

    /// A new Python object equal to the one packed.
    fn object(self, py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
        match self.ints() {
            None => Ok((self.words[0] as i64)
                .into_pyobject(py)
                .map_or_else(|e| match e {}, Bound::into_any)),
            Some(ints) => Ok(PyTuple::new(py, ints)?.into_any()),
        }
    }
}

/// Appends `x` in decimal, as `to_string` gives it, without a string of its
/// own (a move's row shows thousands of ints).
fn push_int(text: &mut String, x: i64) {
    use core::fmt::Write;
    // Writing to a `String` cannot fail.
    let _ = write!(text, "{x}");
}

impl Key {
    fn new(obj: &Bound<'_, PyAny>) -> PyResult<Key> {
        Key::owning(obj.clone())
    }

    /// The key of `obj`, which it holds. Inlined into the loops that read
    /// a method's answer: returned through memory, a key is written a word
    /// at a time and read back two words at a time, which stalls the read.
    #[inline(always)]
    fn owning(obj: Bound<'_, PyAny>) -> PyResult<Key> {
        if let Some(ints) = Packed::of(&obj) {
            return Ok(Key {
                obj: Some(obj.unbind()),
                words: ints.words,
                shape: ints.shape,
                kind: Kind::Ints,
            });
        }
        // A board (the board block) is hashed natively; a board equals only
        // boards, so its hash need not agree with other objects'.
        // Tuples and ints, the commonest positions, skip the type checks.
        let plain = obj.is_exact_instance_of::<PyTuple>() || obj.is_exact_instance_of::<PyInt>();
        let (hash, kind) = if plain {
            (obj.hash()?, Kind::Other)
        } else if let Ok(b) = obj.cast::<Board>() {
            (b.get().native_hash(), Kind::Board)
        } else if let Ok(g) = obj.cast::<GraphBoard>() {
            (g.get().native_hash(), Kind::Graph)
        } else {
            (obj.hash()?, Kind::Other)
        };
        Ok(Key::hashed(obj.unbind(), hash, kind))
    }

    /// The key of an object of `kind` (not [`Kind::Ints`]) with its hash.
    fn hashed(obj: Py<PyAny>, hash: isize, kind: Kind) -> Key {
        Key {
            obj: Some(obj),
            words: [hash as u64, 0],
            shape: 0,
            kind,
        }
    }

    /// The ints, for a key of [`Kind::Ints`].
    fn packed(&self) -> Packed {
        Packed {
            words: self.words,
            shape: self.shape,
        }
    }

    /// A copy, for a caller that holds the interpreter.
    fn clone_in(&self, py: Python<'_>) -> Key {
        Key {
            obj: self.obj.as_ref().map(|o| o.clone_ref(py)),
            words: self.words,
            shape: self.shape,
            kind: self.kind,
        }
    }

    /// The position as a Python object: the one held (borrowed, no
    /// reference counted), or a new one equal to it for a key kept without
    /// its object.
    fn object<'a, 'py>(&'a self, py: Python<'py>) -> PyResult<Cow<'a, Bound<'py, PyAny>>> {
        match &self.obj {
            Some(o) => Ok(Cow::Borrowed(o.bind(py))),
            None => Ok(Cow::Owned(self.packed().object(py)?)),
        }
    }

    /// The board's bits and cells, when the key holds a board.
    fn board(&self, py: Python<'_>) -> Option<(sprague::blocks::Board, sprague::blocks::Cells)> {
        if self.kind != Kind::Board {
            return None;
        }
        let b = self.obj.as_ref()?.bind(py).cast::<Board>().ok()?;
        let (bits, cells) = b.get().parts();
        Some((*bits, *cells))
    }
}

/// A clone holds the same object: the solvers call methods with clones
/// (each frame they search is one). Only [`ImpartialRules::kept`] drops it.
impl Clone for Key {
    fn clone(&self) -> Self {
        if self.obj.is_none() {
            return Key {
                obj: None,
                words: self.words,
                shape: self.shape,
                kind: self.kind,
            };
        }
        Python::attach(|py| self.clone_in(py))
    }
}

impl PartialEq for Key {
    fn eq(&self, other: &Self) -> bool {
        if self.words != other.words || self.shape != other.shape || self.kind != other.kind {
            return false;
        }
        if self.kind == Kind::Ints {
            return true;
        }
        let (Some(a), Some(b)) = (&self.obj, &other.obj) else {
            return false;
        };
        a.is(b)
            || Python::attach(|py| {
                let (a, b) = (a.bind(py), b.bind(py));
                match self.kind {
                    Kind::Board => match (a.cast::<Board>(), b.cast::<Board>()) {
                        (Ok(x), Ok(y)) => x.get() == y.get(),
                        _ => false,
                    },
                    Kind::Graph => match (a.cast::<GraphBoard>(), b.cast::<GraphBoard>()) {
                        (Ok(x), Ok(y)) => x.get() == y.get(),
                        _ => false,
                    },
                    Kind::Ints | Kind::Other => a.eq(b).unwrap_or(false),
                }
            })
    }
}

impl Eq for Key {}

impl Hash for Key {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(if self.kind == Kind::Ints {
            self.packed().hash()
        } else {
            self.words[0]
        });
    }
}

/// How often (in calls of user code) Python's signal handlers are polled.
const SIGNAL_EVERY: u32 = 64;

/// The methods of a game that the solvers call, as counted in
/// [`User::callbacks`].
const CALLBACKS: [&str; 4] = ["moves", "left_moves", "right_moves", "components"];

/// The index of `moves` in [`CALLBACKS`].
const MOVES: usize = 0;
/// The index of `left_moves` in [`CALLBACKS`].
const LEFT_MOVES: usize = 1;
/// The index of `right_moves` in [`CALLBACKS`].
const RIGHT_MOVES: usize = 2;
/// The index of `components` in [`CALLBACKS`].
const COMPONENTS: usize = 3;

/// Most positions whose `components` answer a [`User`] keeps.
const SPLITS_KEPT: usize = 1 << 20;

/// The components of a position, each the one object [`User`] keeps for
/// it; `None` for a position that is one component (itself: the object kept
/// for it is the map's key), which then costs no list.
type Split = Option<Box<[Key]>>;

/// The callables of a user game and the watch of the current call.
pub struct User<'py, 'w> {
    py: Python<'py>,
    watch: &'w Watch,
    moves: Option<Bound<'py, PyAny>>,
    left: Option<Bound<'py, PyAny>>,
    right: Option<Bound<'py, PyAny>>,
    components: Option<Bound<'py, PyAny>>,
    /// For each of [`CALLBACKS`] given as a method bound to the game (the
    /// common case), its function and the game, called as `f(game, p)`:
    /// one call instead of the bound method's passing on to its function.
    unbound: [Option<(Bound<'py, PyAny>, Bound<'py, PyAny>)>; 4],
    calls: Cell<u32>,
    /// Calls of `moves`, `left_moves`, `right_moves` and `components`.
    counts: [Cell<u64>; 4],
    /// Time spent inside them (wall clock, from call to return), in ticks
    /// of `clock`.
    spent: Cell<u64>,
    /// Started when the call that made this game began.
    clock: Clock,
    /// `components` answers by position, for the partizan solver: it splits
    /// every option it meets, and the same option is met from many
    /// positions; a position is split once, as a plain memoised solution over
    /// all positions would. (The impartial solver remembers the values of
    /// the positions that split instead.) At most [`SPLITS_KEPT`] kept.
    splits: RefCell<FxHashMap<Key, Split>>,
    /// One object per component that `components` (or a native split of a
    /// graph) returned: the solvers' memo tables are keyed by these, so a
    /// look-up finds its entry by identity instead of calling Python's `==`
    /// (the objects `components` returns are new each call).
    interned: RefCell<FxHashSet<Key>>,
    /// The game's `symmetry` (board symmetries that keep or negate the
    /// value, in [`Symmetry::parse`]'s words): a board is met as its least
    /// image, so the images of one board are searched once.
    symmetry: Option<Symmetry>,
    /// The game's `regions`: how boards and graphs of the blocks split into
    /// independent parts, applied natively instead of a `components` call.
    regions: Option<Regions>,
    /// One Python object per board made by the solvers (least images, native
    /// parts), found by its bits without making an object first.
    boards: RefCell<FxHashMap<(sprague::blocks::Board, sprague::blocks::Cells), Key>>,
}

/// A game's `regions` attribute: `(connect, neighbourhood, min_cells)` (the
/// last two optional), or `connect` alone: the connected regions of the
/// cells written in `connect` (under `neighbourhood` on boards), regions of
/// fewer than `min_cells` cells left out, as `Board.regions` and
/// `GraphBoard.components` give them.
struct Regions {
    connect: String,
    around: sprague::blocks::Neighbourhood,
    min_cells: usize,
}

impl Regions {
    /// Reads the attribute.
    fn read(value: &Bound<'_, PyAny>) -> PyResult<Regions> {
        let usage = "a game's `regions` is (cells, neighbourhood, smallest region), e.g. (\".\", \"orthogonal\", 2), or the cells alone";
        if let Ok(connect) = value.extract::<String>() {
            return Ok(Regions {
                connect,
                around: sprague::blocks::Neighbourhood::Orthogonal,
                min_cells: 1,
            });
        }
        let items: Vec<Bound<'_, PyAny>> = value.extract().map_err(|_| type_error(usage, value))?;
        let connect: String = match items.first() {
            Some(c) => c.extract().map_err(|_| type_error(usage, c))?,
            None => return Err(PyValueError::new_err(usage)),
        };
        let around = match items.get(1) {
            Some(a) => {
                crate::board::neighbourhood(&a.extract::<String>().map_err(|_| type_error(usage, a))?)?
            }
            None => sprague::blocks::Neighbourhood::Orthogonal,
        };
        let min_cells = match items.get(2) {
            Some(m) => m.extract().map_err(|_| type_error(usage, m))?,
            None => 1,
        };
        if items.len() > 3 {
            return Err(PyValueError::new_err(usage));
        }
        Ok(Regions {
            connect,
            around,
            min_cells,
        })
    }
}

/// `repr(obj)` for messages, or a placeholder.
fn show(obj: &Bound<'_, PyAny>) -> String {
    obj.repr()
        .map_or_else(|_| "<unprintable>".to_string(), |r| r.to_string())
}

impl<'py, 'w> User<'py, 'w> {
    /// The user game `game`: an object with `moves` (impartial or loopy), or
    /// `left_moves` and `right_moves` (partizan), and optionally `components`.
    pub fn new(py: Python<'py>, game: &Bound<'py, PyAny>, watch: &'w Watch) -> PyResult<Self> {
        let get = |name: &str| -> PyResult<Option<Bound<'py, PyAny>>> {
            match game.getattr(name) {
                Ok(f) if f.is_none() => Ok(None),
                Ok(f) if f.is_callable() => Ok(Some(f)),
                Ok(f) => Err(type_error(&format!("a game's `{name}` must be callable"), &f)),
                Err(_) => Ok(None),
            }
        };
        let symmetry = match game.getattr("symmetry") {
            Ok(s) if s.is_none() => None,
            Ok(s) => {
                let text: String = s
                    .extract()
                    .map_err(|_| type_error("a game's `symmetry` is a string such as \"all\"", &s))?;
                let sym = Symmetry::parse(&text).map_err(|e| {
                    crate::errors::notation_error(
                        py,
                        &format!("a game's `symmetry`: {} (column {})", e.message, e.column),
                        &text,
                        e.column,
                    )
                })?;
                Some(sym)
            }
            Err(_) => None,
        };
        let regions = match game.getattr("regions") {
            Ok(r) if r.is_none() => None,
            Ok(r) => Some(Regions::read(&r)?),
            Err(_) => None,
        };
        let components = get("components")?;
        if regions.is_some() && components.is_some() {
            return Err(PyValueError::new_err(
                "a game gives `regions` (boards and graphs split natively) or `components`, not both",
            ));
        }
        let (moves, left, right) = (get("moves")?, get("left_moves")?, get("right_moves")?);
        let method_type = py.import("types")?.getattr("MethodType")?;
        let unbind = |f: &Option<Bound<'py, PyAny>>| -> Option<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
            let f = f.as_ref()?;
            if !f.get_type().is(&method_type) {
                return None;
            }
            Some((f.getattr("__func__").ok()?, f.getattr("__self__").ok()?))
        };
        let unbound = [unbind(&moves), unbind(&left), unbind(&right), unbind(&components)];
        Ok(User {
            symmetry,
            regions,
            py,
            watch,
            moves,
            left,
            right,
            components,
            unbound,
            calls: Cell::new(0),
            counts: Default::default(),
            spent: Cell::new(0),
            clock: Clock::new(),
            splits: RefCell::new(FxHashMap::default()),
            interned: RefCell::new(FxHashSet::default()),
            boards: RefCell::new(FxHashMap::default()),
        })
    }

    /// Whether the game gives `left_moves` and `right_moves`.
    pub fn is_partizan(&self) -> bool {
        self.left.is_some() && self.right.is_some()
    }

    /// Whether the game gives `moves`.
    pub fn is_impartial(&self) -> bool {
        self.moves.is_some()
    }

    /// Calls `f(position)`; an exception is noted and stops the search
    /// (`None`). Polls Python's signals every [`SIGNAL_EVERY`] calls.
    fn call(&self, f: &Bound<'py, PyAny>, which: usize, p: &Key) -> Option<Bound<'py, PyAny>> {
        if self.watch.failed() {
            return None;
        }
        let n = self.calls.get().wrapping_add(1);
        self.calls.set(n);
        if n.is_multiple_of(SIGNAL_EVERY)
            && let Err(e) = self.py.check_signals()
        {
            self.watch.fail(e);
            return None;
        }
        let pos = match p.object(self.py) {
            Ok(pos) => pos,
            Err(e) => {
                self.watch.fail(e);
                return None;
            }
        };
        self.counts[which].set(self.counts[which].get() + 1);
        let start = self.clock.now();
        let answer = match &self.unbound[which] {
            Some((function, game)) => call_two(function, game, &pos),
            None => call_one(f, &pos),
        };
        self.spent
            .set(self.spent.get() + self.clock.now().saturating_sub(start));
        match answer {
            Ok(r) => Some(r),
            Err(e) => {
                self.fail_at(e, CALLBACKS[which], &pos);
                None
            }
        }
    }

    /// The calls of the game's methods so far, the time spent inside them
    /// and the time since the call began (wall clock), for a report's
    /// `callbacks` field; in a batch, since the batch began. The solver's own
    /// share is `total_seconds - seconds`.
    pub fn callbacks(&self) -> Data {
        let mut calls = Data::map();
        for (name, n) in CALLBACKS.iter().zip(&self.counts) {
            if n.get() > 0 {
                calls = calls.with(name, n.get());
            }
        }
        Data::map()
            .with("calls", calls)
            .with("seconds", self.clock.seconds(self.spent.get()))
            .with("total_seconds", self.clock.elapsed())
    }

    /// [`fail_at`](Self::fail_at) the position of `p`.
    fn fail_at_key(&self, e: PyErr, name: &str, p: &Key) {
        match p.object(self.py) {
            Ok(pos) => self.fail_at(e, name, &pos),
            Err(_) => self.watch.fail(e),
        }
    }

    fn fail_at(&self, e: PyErr, name: &str, pos: &Bound<'py, PyAny>) {
        let note = format!("raised by {name}({}) in a sprague search", show(pos));
        self.watch.fail(with_note(self.py, e, &note));
    }

    /// The positions `f(p)` returns, pushed to `out` as keys.
    fn options(&self, f: Option<&Bound<'py, PyAny>>, which: usize, p: &Key, out: &mut Vec<Key>) {
        let Some(f) = f else { return };
        let Some(r) = self.call(f, which, p) else { return };
        if let Err(e) = self.collect(&r, out) {
            self.fail_at_key(e, CALLBACKS[which], p);
        }
    }

    fn collect(&self, r: &Bound<'py, PyAny>, out: &mut Vec<Key>) -> PyResult<()> {
        if let Ok(list) = r.cast::<PyList>() {
            let len = list.len();
            out.reserve(len);
            // `list_item` stops early at a list that a position's `__hash__`
            // has shortened.
            for item in (0..len).map_while(|i| list_item(list, i)) {
                out.push(Key::owning(item)?);
            }
            return Ok(());
        }
        let items = r
            .try_iter()
            .map_err(|_| type_error("a moves function returns an iterable of positions", r))?;
        for item in items {
            out.push(Key::owning(item?)?);
        }
        Ok(())
    }
}

impl User<'_, '_> {
    /// The least image of `p` under the elements `sym` when `p` is a board
    /// (the board block), with whether that image is worth the negated
    /// value; `None` when `p` is its own least image or not a board.
    fn least_image(&self, p: &Key, sym: Symmetry) -> Option<(Key, bool)> {
        let (bits, cells) = p.board(self.py)?;
        let (image, negated) = sym.canonical(&bits);
        if image == bits {
            return None;
        }
        Some((self.board_key(image, cells)?, negated))
    }

    /// The one object kept for the board `bits` in `cells` (made now if
    /// there is none yet), so that memo look-ups match by identity and a
    /// board met again costs no new object. At most [`SPLITS_KEPT`] kept.
    fn board_key(&self, bits: sprague::blocks::Board, cells: sprague::blocks::Cells) -> Option<Key> {
        if let Some(one) = self.boards.borrow().get(&(bits, cells)) {
            return Some(one.clone_in(self.py));
        }
        let made = Bound::new(self.py, Board::from_parts(bits, cells)).ok()?;
        let key = Key::new(made.as_any()).ok()?;
        let mut boards = self.boards.borrow_mut();
        if boards.len() < SPLITS_KEPT {
            boards.insert((bits, cells), key.clone_in(self.py));
        }
        Some(key)
    }

    /// The parts of a board or graph of the blocks by the game's `regions`,
    /// as new positions pushed to `out`: `Some(true)` when it splits,
    /// `Some(false)` when it is one part, `None` for a position of another
    /// kind or a failure (noted).
    fn native_parts(&self, r: &Regions, p: &Key, out: &mut Vec<Key>) -> Option<bool> {
        let obj = p.obj.as_ref()?.bind(self.py);
        if let Ok(b) = obj.cast::<Board>() {
            let b = b.get();
            let connect = self.regions_cells(b, r, obj)?;
            let (bits, cells) = b.parts();
            let mut parts = Vec::new();
            if !bits.regions(connect, r.around, r.min_cells, &mut parts) {
                return Some(false);
            }
            for q in parts {
                out.push(self.board_key(q, *cells)?);
            }
            return Some(true);
        }
        let g = obj.cast::<GraphBoard>().ok()?;
        let g = g.get();
        let connect = self.regions_cells(g, r, obj)?;
        let (bits, cells) = g.parts();
        let mut parts = Vec::new();
        if !bits.components(connect, &mut parts) {
            return Some(false);
        }
        for q in parts {
            let made = Bound::new(self.py, GraphBoard::from_parts(q, *cells)).ok()?;
            let mut key = Key::new(made.as_any()).ok()?;
            self.keep(&mut key);
            out.push(key);
        }
        Some(true)
    }

    /// `part` replaced by the one object kept for it in the set of kept
    /// components (its hash is already taken). Memo look-ups then match by
    /// identity. Boards the solvers make are kept by
    /// [`board_key`](Self::board_key) instead.
    fn keep(&self, part: &mut Key) {
        // Packed ints compare without Python: nothing to gain.
        if part.kind == Kind::Ints {
            return;
        }
        let mut interned = self.interned.borrow_mut();
        if let Some(one) = interned.get(part) {
            *part = one.clone_in(self.py);
        } else if interned.len() < SPLITS_KEPT {
            interned.insert(part.clone_in(self.py));
        }
    }

    /// The cells of `r` in the characters of the block `w`; a character it
    /// does not have is noted as the search's failure (`None`).
    fn regions_cells<W: Written>(&self, w: &W, r: &Regions, obj: &Bound<'_, PyAny>) -> Option<CellSet> {
        w.cell_set(&r.connect, "regions")
            .map_err(|e| self.fail_at(e, "regions", obj))
            .ok()
    }

    /// The game's symmetry with every element counted as keeping the value:
    /// an impartial game is its own negative.
    fn every_image(&self) -> Option<Symmetry> {
        self.symmetry
            .map(|s| Symmetry::new(s.keeping() | s.negating(), 0))
    }
}

impl ImpartialRules for User<'_, '_> {
    type Position = Key;

    fn moves(&self, p: &Key, out: &mut Vec<Key>) {
        self.options(self.moves.as_ref(), MOVES, p, out);
    }

    /// With a `symmetry`: the parts (or the whole board) as their least
    /// images.
    fn decompose(&self, p: &Key, out: &mut Vec<Key>) -> bool {
        let start = out.len();
        let split = split(self, p, out, false);
        let Some(every) = self.every_image() else {
            return split;
        };
        if split {
            for part in &mut out[start..] {
                if let Some((image, _)) = self.least_image(part, every) {
                    *part = image;
                }
            }
            return true;
        }
        match self.least_image(p, every) {
            Some((image, _)) => {
                out.push(image);
                true
            }
            None => false,
        }
    }

    fn normalize(&self, p: &Key) -> Option<Key> {
        self.least_image(p, self.every_image()?).map(|(image, _)| image)
    }

    /// A split costs a call of the game's `components`: a position met
    /// again is valued by one look-up.
    fn memoise_splits(&self) -> bool {
        self.components.is_some() || self.regions.is_some()
    }

    /// Packed ints are kept without their object: the tables then hold no
    /// Python object for them, and the object goes while it is fresh.
    fn kept(&self, mut p: Key) -> Key {
        if p.kind == Kind::Ints {
            p.obj = None;
        }
        p
    }
}

impl PartizanRules for User<'_, '_> {
    type Position = Key;

    fn left_moves(&self, p: &Key, out: &mut Vec<Key>) {
        self.options(self.left.as_ref(), LEFT_MOVES, p, out);
    }

    fn right_moves(&self, p: &Key, out: &mut Vec<Key>) {
        self.options(self.right.as_ref(), RIGHT_MOVES, p, out);
    }

    fn decompose(&self, p: &Key, out: &mut Vec<Key>) -> bool {
        split(self, p, out, true)
    }

    /// With a `symmetry`: a board's least image, and whether it is worth
    /// the negated value.
    fn canonical_key(&self, p: &Key) -> (Key, bool) {
        self.symmetry
            .and_then(|sym| self.least_image(p, sym))
            .unwrap_or_else(|| (p.clone_in(self.py), false))
    }
}

/// `components(p)`: `None` (or `[p]` itself) for a single component, else the
/// parts, given as the objects the user game keeps for them. With `cache`,
/// each position is split by the user's function once, and a single
/// component is given as itself (`true`, with `p` pushed); without, for a
/// solver that remembers the values of the positions that split
/// ([`ImpartialRules::memoise_splits`]), a single component answers `false`.
fn split(u: &User<'_, '_>, p: &Key, out: &mut Vec<Key>, cache: bool) -> bool {
    if u.components.is_none() && u.regions.is_none() {
        return false;
    }
    // A board is split as its least image under the symmetries that keep
    // the value: the parts of an image are the images of the parts, with
    // the same values, and the images of one board are split once.
    if let Some(sym) = u.symmetry
        && u.components.is_some()
        && let Some((image, _)) = u.least_image(p, Symmetry::new(sym.keeping(), 0))
    {
        if !split(u, &image, out, cache) {
            out.push(image);
        }
        return true;
    }
    if cache && let Some((kept, parts)) = u.splits.borrow().get_key_value(p) {
        match parts {
            Some(parts) => out.extend(parts.iter().map(|k| k.clone_in(u.py))),
            None => out.push(kept.clone_in(u.py)),
        }
        return true;
    }
    let start = out.len();
    if let Some(regions) = &u.regions {
        if u.native_parts(regions, p, out) != Some(true) {
            out.truncate(start);
            return false;
        }
    } else if let Some(f) = u.components.as_ref() {
        let Some(r) = u.call(f, COMPONENTS, p) else {
            return false;
        };
        if r.is_none() {
            out.push(p.clone_in(u.py));
        } else if let Err(e) = u.collect(&r, out) {
            u.fail_at_key(e, "components", p);
            out.truncate(start);
            return false;
        }
        for part in &mut out[start..] {
            u.keep(part);
        }
    }
    // One component equal to `p`: the position is a single component.
    let single = matches!(&out[start..], [one] if *one == *p);
    if !cache {
        if single {
            out.truncate(start);
        }
        return !single;
    }
    let mut splits = u.splits.borrow_mut();
    if splits.len() < SPLITS_KEPT {
        if single {
            // Kept as the key itself.
            splits.insert(out[start].clone_in(u.py), None);
        } else {
            let parts = out[start..].iter().map(|k| k.clone_in(u.py)).collect();
            splits.insert(p.clone_in(u.py), Some(parts));
        }
    }
    true
}

/// The move rows and Python positions of a list of options.
fn move_rows(py: Python<'_>, moves: &[Key]) -> PyResult<(Data, Vec<Py<PyAny>>)> {
    let objects = moves.iter().map(|k| k.object(py)).collect::<PyResult<Vec<_>>>()?;
    let rows = moves
        .iter()
        .zip(&objects)
        .map(|(k, o)| {
            let shown = if k.kind == Kind::Ints {
                k.packed().repr()
            } else {
                show(o)
            };
            Data::map().with("to", shown)
        })
        .collect();
    Ok((
        Data::List(rows),
        objects.into_iter().map(|o| o.into_owned().unbind()).collect(),
    ))
}

/// Values of positions of an impartial user game (Grundy values, or misère
/// outcomes), all through one solver: what the search of one position
/// memoises serves the next, and `max_states` bounds the batch's memo.
pub fn impartial_values(
    py: Python<'_>,
    user: &User<'_, '_>,
    positions: &[Bound<'_, PyAny>],
    misere: bool,
    max_states: usize,
) -> PyResult<Vec<Value>> {
    let watch = user.watch;
    let mut out = Vec::with_capacity(positions.len());
    if misere {
        let mut solver = MisereSolver::with_max_states(user, max_states).with_monitor(&watch.monitor);
        for position in positions {
            let p = Key::new(position)?;
            let outcome = solver.outcome(&p).map_err(|e| watch.search_error(py, e))?;
            let winning = solver.winning_moves(&p).map_err(|e| watch.search_error(py, e))?;
            watch.check()?;
            out.push(impartial_report(
                py, user, position, misere, outcome, None, &winning, None,
            )?);
        }
    } else {
        let mut solver = GrundySolver::with_max_states(user, max_states).with_monitor(&watch.monitor);
        for position in positions {
            let p = Key::new(position)?;
            let g = solver.grundy(&p).map_err(|e| watch.search_error(py, e))?;
            let winning = solver.winning_moves(&p).map_err(|e| watch.search_error(py, e))?;
            watch.check()?;
            let outcome = Outcome::from_grundy(g);
            out.push(impartial_report(
                py,
                user,
                position,
                misere,
                outcome,
                Some(g.get()),
                &winning,
                Some(solver.states()),
            )?);
        }
    }
    Ok(out)
}

/// The value of an impartial user game's position, as `value` gives it.
#[allow(clippy::too_many_arguments)] // the fields of one report
fn impartial_report(
    py: Python<'_>,
    user: &User<'_, '_>,
    position: &Bound<'_, PyAny>,
    misere: bool,
    outcome: Outcome,
    grundy: Option<u64>,
    winning: &[Key],
    states: Option<usize>,
) -> PyResult<Value> {
    let (rows, objects) = move_rows(py, winning)?;
    let shown = show(position);
    let mut text = format!("{shown}: outcome {}", outcome.as_str());
    if let Some(g) = grundy {
        text.push_str(&format!(", Grundy value {g}"));
    }
    text.push('\n');
    let data = Data::map()
        .with("position", shown)
        .with("play", if misere { "misère" } else { "normal" })
        .with("outcome", outcome)
        .with("grundy", grundy)
        .with("winning_moves", rows)
        .with("states", states)
        .with("callbacks", user.callbacks());
    Ok(Value::with_objects(
        data,
        text,
        vec![("winning_moves".into(), objects)],
    ))
}

/// A partizan position solved: its canonical form, Left's and Right's
/// winning moves, and the states the solver holds.
pub type Solved = (Game, Vec<Key>, Vec<Key>, usize);

/// Canonical forms of positions of a partizan user game, in the shared
/// store, all through one solver (what one position's search memoises serves
/// the next; `max_states` bounds the batch's memo).
pub fn partizan_games(
    py: Python<'_>,
    user: &User<'_, '_>,
    positions: &[Bound<'_, PyAny>],
    max_states: usize,
) -> PyResult<Vec<Solved>> {
    let watch = user.watch;
    let keys = positions.iter().map(Key::new).collect::<PyResult<Vec<_>>>()?;
    let solved = with_store_taken(|store| {
        let mut solver = PartizanSolver::with_store(user, store, max_states).with_monitor(&watch.monitor);
        let mut answers = Vec::with_capacity(keys.len());
        let mut failure = None;
        for p in &keys {
            let answer = solver.value(p).and_then(|g| {
                let l = solver.left_winning_moves(p)?;
                let r = solver.right_winning_moves(p)?;
                Ok((Game { id: g }, l, r, solver.states()))
            });
            match answer {
                Ok(a) => answers.push(a),
                Err(e) => {
                    failure = Some(e);
                    break;
                }
            }
            if watch.failed() {
                break;
            }
        }
        (solver.into_store(), (answers, failure))
    })?;
    let (answers, failure) = solved;
    if let Some(e) = failure {
        return Err(watch.search_error(py, e));
    }
    watch.check()?;
    Ok(answers)
}

/// Values of positions of a partizan user game, through one solver.
pub fn partizan_values(
    py: Python<'_>,
    user: &User<'_, '_>,
    positions: &[Bound<'_, PyAny>],
    max_states: usize,
) -> PyResult<Vec<Value>> {
    let solved = partizan_games(py, user, positions, max_states)?;
    let mut out = Vec::with_capacity(solved.len());
    for (position, (g, l, r, states)) in positions.iter().zip(solved) {
        let mut store = crate::game::store()?;
        let value = store.display(g.id);
        let outcome = store.outcome(g.id);
        drop(store);
        let (lrows, lobj) = move_rows(py, &l)?;
        let (rrows, robj) = move_rows(py, &r)?;
        let shown = show(position);
        let text = format!("{shown}: value {value}, outcome {}\n", outcome.as_str());
        let data = Data::map()
            .with("position", shown)
            .with("value", value)
            .with("outcome", outcome)
            .with("left_winning_moves", lrows)
            .with("right_winning_moves", rrows)
            .with("states", states)
            .with("callbacks", user.callbacks());
        out.push(Value::with_objects(
            data,
            text,
            vec![
                ("left_winning_moves".into(), lobj),
                ("right_winning_moves".into(), robj),
            ],
        ));
    }
    Ok(out)
}

/// Win, lose or draw with remoteness for a loopy user game: every position
/// reachable from `position` is numbered (breadth first, at most `max_states`),
/// and the engine's retrograde solver decides the graph.
pub fn loopy_value(
    py: Python<'_>,
    user: &User<'_, '_>,
    position: &Bound<'_, PyAny>,
    max_states: usize,
) -> PyResult<Value> {
    let watch = user.watch;
    let root = Key::new(position)?;
    let mut ids: HashMap<Key, u32> = HashMap::new();
    let mut order: Vec<Key> = vec![root.clone()];
    ids.insert(root, 0);
    let (mut from, mut to) = (Vec::new(), Vec::new());
    let mut options = Vec::new();
    let mut next = 0;
    while let Some(p) = order.get(next).cloned() {
        options.clear();
        user.moves(&p, &mut options);
        watch.check()?;
        for o in options.drain(..) {
            let id = match ids.get(&o) {
                Some(&id) => id,
                None => {
                    if order.len() >= max_states {
                        return Err(budget_error(py, max_states));
                    }
                    let id = u32::try_from(order.len()).map_err(|_| budget_error(py, max_states))?;
                    ids.insert(o.clone(), id);
                    order.push(o);
                    id
                }
            };
            from.push(next as u32);
            to.push(id);
        }
        next += 1;
    }
    let graph =
        DiGraph::from_edges(order.len(), &from, &to).map_err(|e| PyValueError::new_err(e.to_string()))?;
    let table =
        solve_graph_with(&graph, |_| Wld::Lose, &watch.monitor).map_err(|e| watch.search_error(py, e))?;
    watch.check()?;
    let root_value = table.get(0);
    // The best moves: to a lost option with the least remoteness from a win,
    // to a draw from a draw, to the most remote option from a loss.
    let succ: Vec<u32> = from
        .iter()
        .zip(&to)
        .filter(|&(&f, _)| f == 0)
        .map(|(_, &t)| t)
        .collect();
    let best: Vec<u32> = match root_value.wld {
        Wld::Win => succ
            .iter()
            .copied()
            .filter(|&t| table.get(t as usize).wld == Wld::Lose)
            .filter(|&t| table.get(t as usize).remoteness.map(|r| r + 1) == root_value.remoteness)
            .collect(),
        Wld::Draw => succ
            .iter()
            .copied()
            .filter(|&t| table.get(t as usize).wld == Wld::Draw)
            .collect(),
        Wld::Lose => succ
            .iter()
            .copied()
            .filter(|&t| table.get(t as usize).remoteness.map(|r| r + 1) == root_value.remoteness)
            .collect(),
    };
    let best: Vec<Key> = best.iter().map(|&t| order[t as usize].clone()).collect();
    let (rows, objects) = move_rows(py, &best)?;
    let shown = show(position);
    let remoteness = root_value.remoteness;
    let text = match remoteness {
        Some(r) => format!("{shown}: {} in {r}\n", root_value.wld.as_str()),
        None => format!("{shown}: D\n"),
    };
    let data = Data::map()
        .with("position", shown)
        .with("outcome", root_value.wld.as_str())
        .with("remoteness", remoteness.map(u64::from))
        .with("best_moves", rows)
        .with("states", order.len())
        .with("callbacks", user.callbacks());
    Ok(Value::with_objects(
        data,
        text,
        vec![("best_moves".into(), objects)],
    ))
}

/// A one-heap user game: `moves(n)` for a heap of `n` gives options that are
/// ints (one heap; 0 is nothing) or tuples/lists of ints (several heaps), or
/// anything `components` splits into ints.
struct UserHeap<'u, 'py, 'w> {
    user: &'u User<'py, 'w>,
}

impl UserHeap<'_, '_, '_> {
    fn heaps(&self, option: &Bound<'_, PyAny>, n: u64, parts: &mut Vec<u64>) -> PyResult<()> {
        parts.clear();
        let mut push = |x: &Bound<'_, PyAny>| -> PyResult<()> {
            let m: u64 = x
                .extract()
                .map_err(|_| type_error("a heap in a table is an int ≥ 0", x))?;
            if m >= n {
                return Err(PyValueError::new_err(format!(
                    "option {} of heap {n} leaves a heap of {m}, not smaller than {n}",
                    show(option)
                )));
            }
            if m > 0 {
                parts.push(m);
            }
            Ok(())
        };
        if option.is_instance_of::<PyInt>() {
            return push(option);
        }
        if let Ok(t) = option.cast::<PyTuple>() {
            return t.iter().try_for_each(|x| push(&x));
        }
        if let Ok(l) = option.cast::<PyList>() {
            return l.iter().try_for_each(|x| push(&x));
        }
        let Some(f) = self.user.components.as_ref() else {
            return Err(type_error(
                "a table's options are heaps: an int, a tuple of ints, or what `components` splits",
                option,
            ));
        };
        let split = f.call1((option,))?;
        for x in split.try_iter()? {
            push(&x?)?;
        }
        Ok(())
    }
}

impl HeapGame for UserHeap<'_, '_, '_> {
    fn heap_options(&self, n: u64, f: &mut dyn FnMut(&[u64])) {
        let user = self.user;
        let Some(moves) = user.moves.as_ref() else { return };
        let heap = Key::hashed(
            n.into_pyobject(user.py)
                .map_or_else(|e| match e {}, |o| o.into_any().unbind()),
            0,
            Kind::Other,
        );
        let Some(r) = user.call(moves, MOVES, &heap) else {
            return;
        };
        let mut parts = Vec::new();
        let result = if let Ok(list) = r.cast::<PyList>() {
            list.iter().try_for_each(|item| {
                self.heaps(&item, n, &mut parts)?;
                f(&parts);
                Ok(())
            })
        } else if r.hasattr("tobytes").unwrap_or(false) && r.hasattr("ndim").unwrap_or(false) {
            array_options(&r, n, f)
        } else {
            r.try_iter().and_then(|items| {
                for item in items {
                    let item = item?;
                    self.heaps(&item, n, &mut parts)?;
                    f(&parts);
                }
                Ok(())
            })
        };
        if let Err(e) = result {
            user.fail_at_key(e, "moves", &heap);
        }
    }
}

/// Options of a heap of `n` given as a NumPy int array: one row per option,
/// one column per heap left (0 for none), or a 1-D array of single heaps.
fn array_options(a: &Bound<'_, PyAny>, n: u64, f: &mut dyn FnMut(&[u64])) -> PyResult<()> {
    let kind: String = a.getattr("dtype")?.getattr("kind")?.extract()?;
    if kind != "i" && kind != "u" {
        return Err(PyValueError::new_err(format!(
            "moves({n}) returned an array of kind {kind:?}; a table's options are ints"
        )));
    }
    let ndim: usize = a.getattr("ndim")?.extract()?;
    let shape: Vec<usize> = a.getattr("shape")?.extract()?;
    let width = match (ndim, shape.as_slice()) {
        (1, _) => 1,
        (2, [_, w]) => *w,
        _ => {
            return Err(PyValueError::new_err(format!(
                "moves({n}) returned an array of shape {shape:?}; options are rows of heaps (2-D) or heaps (1-D)"
            )));
        }
    };
    let bytes = a.call_method1("astype", ("<i8",))?.call_method0("tobytes")?;
    let bytes = bytes.cast::<pyo3::types::PyBytes>()?.as_bytes();
    let mut parts = Vec::with_capacity(width);
    for row in bytes.chunks_exact(8 * width.max(1)) {
        parts.clear();
        for cell in row.chunks_exact(8) {
            let mut word = [0u8; 8];
            word.copy_from_slice(cell);
            let m = i64::from_le_bytes(word);
            match u64::try_from(m) {
                Ok(0) => {}
                Ok(m) if m < n => parts.push(m),
                _ => {
                    return Err(PyValueError::new_err(format!(
                        "an option of heap {n} leaves a heap of {m}, not from 0 to {}",
                        n.saturating_sub(1)
                    )));
                }
            }
        }
        f(&parts);
    }
    Ok(())
}

/// `G(0 .. count)` of a one-heap user game and the period found in them.
/// The table holds `count` values: more than `max_states` is a budget error.
pub fn heap_table(
    py: Python<'_>,
    user: &User<'_, '_>,
    count: usize,
    max_states: usize,
) -> PyResult<crate::report::Table> {
    if count > max_states {
        return Err(budget_error(py, max_states));
    }
    let values = plain_values(&UserHeap { user }, count, &mut |_| !user.watch.failed());
    user.watch.check()?;
    let period = find_period(&values, None);
    Ok(crate::report::Table::from(sprague::Table { values, period }))
}
