//! The building blocks in scripts: boards, graphs and take-and-break heaps
//! as native values whose moves are one native call, so that a script pays
//! the interpreter once per position instead of once per cell.
//!
//! A method that makes options (`b.place("#|#", '#')`, `g.mark(...)`,
//! `take_and_break(n, "0.77")`) adds them to the options of the call being
//! answered, as `move_to(q)` does: `fn left(b) { b.place("#|#", '#') }` is
//! Left's whole move list. `b.regions(...)` and `g.components(...)` do the
//! same for `fn components`, where they are written as calls,
//! `components(g, ".xo")`: rhai would bind the `g` of a method call to
//! `this` and call the hook itself, so the script is refused at load.

use crate::pos::Pos;
use rhai::{Dynamic, Engine, EvalAltResult, INT, ImmutableString};
use sprague::blocks::{Board, Cell, CellSet, Cells, Dir, GraphBoard, Neighbourhood, Shape};
use sprague::heap::{HeapGame, TakeBreak};
use std::sync::{Arc, Mutex, PoisonError, RwLock};

/// A script error as rhai wants it.
type Failure = Box<EvalAltResult>;

/// What the registered functions share: the options of the current call, the
/// game's cell characters (set from `fn cells()` once the script is
/// compiled) and the most options one call may make.
#[derive(Clone)]
pub(crate) struct Shared {
    pub(crate) sink: Arc<Mutex<Vec<Pos>>>,
    pub(crate) cells: Arc<RwLock<Cells>>,
    pub(crate) max_options: usize,
    /// Shapes and direction lists read so far, by their text: a script
    /// names the same few on every call.
    pub(crate) parsed: Arc<Mutex<Parsed>>,
}

/// Shapes and direction lists by the text that named them.
#[derive(Default)]
pub(crate) struct Parsed {
    shapes: Vec<(String, Shape)>,
    dirs: Vec<(String, Vec<Dir>)>,
}

/// Most texts [`Parsed`] keeps of each kind (a script that builds shapes on
/// the fly does not grow it).
const PARSED_KEPT: usize = 64;

impl Shared {
    fn shape(&self, text: &str) -> Result<Shape, Failure> {
        let mut parsed = self.parsed.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some((_, s)) = parsed.shapes.iter().find(|(t, _)| t == text) {
            return Ok(*s);
        }
        let s = Shape::parse(text).map_err(|e| Failure::from(e.message))?;
        if parsed.shapes.len() < PARSED_KEPT {
            parsed.shapes.push((text.to_string(), s));
        }
        Ok(s)
    }

    fn dirs(&self, text: &str) -> Result<Vec<Dir>, Failure> {
        let mut parsed = self.parsed.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some((_, d)) = parsed.dirs.iter().find(|(t, _)| t == text) {
            return Ok(d.clone());
        }
        let d = Dir::parse_list(text).map_err(|e| Failure::from(e.message))?;
        if parsed.dirs.len() < PARSED_KEPT {
            parsed.dirs.push((text.to_string(), d.clone()));
        }
        Ok(d)
    }

    fn cells(&self) -> Cells {
        *self.cells.read().unwrap_or_else(PoisonError::into_inner)
    }

    /// Adds options, refusing more than the limit in one call.
    fn push(&self, options: impl IntoIterator<Item = Pos>, what: &str) -> Result<(), Failure> {
        let mut sink = self.sink.lock().unwrap_or_else(PoisonError::into_inner);
        sink.extend(options);
        if sink.len() > self.max_options {
            let n = sink.len();
            sink.clear();
            return Err(format!(
                "{what}: {n} options in one call, more than the limit of {}",
                self.max_options
            )
            .into());
        }
        Ok(())
    }

    /// The state a script names by a character (`'x'` or `"x"`) of the
    /// game's cells, or by a word: `empty`, `left`, `right`, `blocked`.
    fn cell(&self, value: &Dynamic, what: &str) -> Result<Cell, Failure> {
        let cells = self.cells();
        if let Ok(c) = value.as_char()
            && let Some(cell) = cells.cell(c)
        {
            return Ok(cell);
        }
        let text = if let Ok(c) = value.as_char() {
            c.to_string()
        } else if let Ok(s) = value.as_immutable_string_ref() {
            s.to_string()
        } else {
            return Err(format!(
                "{what}: a cell is a character such as '#', not {}",
                value.type_name()
            )
            .into());
        };
        let mut chars = text.chars();
        if let (Some(c), None) = (chars.next(), chars.next())
            && let Some(cell) = cells.cell(c)
        {
            return Ok(cell);
        }
        match text.to_ascii_lowercase().as_str() {
            "empty" => Ok(Cell::Empty),
            "left" => Ok(Cell::Left),
            "right" => Ok(Cell::Right),
            "blocked" => Ok(Cell::Blocked),
            _ => Err(format!(
                "{what}: `{text}` is not a cell of this game (its cells are `{}`; fn cells() sets them)",
                cells.alphabet()
            )
            .into()),
        }
    }

    /// A set of states named by their characters (`"xo"`), or `all`.
    fn cell_set(&self, text: &str, what: &str) -> Result<CellSet, Failure> {
        if text.eq_ignore_ascii_case("all") {
            return Ok(CellSet::ALL);
        }
        let cells = self.cells();
        let mut set = CellSet::NONE;
        for c in text.chars().filter(|c| !c.is_whitespace()) {
            let cell = cells.cell(c).ok_or_else(|| -> Failure {
                format!(
                    "{what}: `{c}` is not a cell of this game (its cells are `{}`)",
                    cells.alphabet()
                )
                .into()
            })?;
            set = set.union(cell.set());
        }
        Ok(set)
    }

    /// The map of states of `mark`: four characters, the new state of a
    /// neighbour that is empty, Left's, Right's, blocked (in that order).
    fn cell_map(&self, text: &str, what: &str) -> Result<[Cell; 4], Failure> {
        let chars: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
        if chars.len() != 4 {
            return Err(format!(
                "{what}: the neighbour map has four cells, the new state of an empty, a Left, a Right and a blocked neighbour (found `{text}`)"
            )
            .into());
        }
        let mut out = [Cell::Empty; 4];
        for (slot, c) in out.iter_mut().zip(chars) {
            *slot = self.cell(&Dynamic::from_char(c), what)?;
        }
        Ok(out)
    }
}

/// How a game splits its boards and graphs into independent parts, declared
/// once by `fn regions()` and applied natively to every position: the
/// connected regions of the cells in `connect` (under `nbhd` on boards),
/// regions of fewer than `min_cells` cells dropped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Regions {
    pub(crate) connect: CellSet,
    pub(crate) nbhd: Neighbourhood,
    pub(crate) min_cells: usize,
}

impl Regions {
    /// Reads the answer of `fn regions()`: `[connect, neighbourhood,
    /// min_cells]` (the last two optional: orthogonal, 1), or the string
    /// `connect` alone.
    pub(crate) fn read(value: &Dynamic, cells: &Cells) -> Result<Regions, String> {
        let items: Vec<Dynamic> = if let Some(a) = value.read_lock::<rhai::Array>() {
            a.clone()
        } else {
            vec![value.clone()]
        };
        let text = |i: usize| -> Option<String> { items.get(i).and_then(|v| v.clone().into_string().ok()) };
        let usage =
            "fn regions() returns [cells, neighbourhood, smallest region], e.g. [\".\", \"orthogonal\", 2]";
        let connect_text = text(0).ok_or_else(|| usage.to_string())?;
        let shared = Shared {
            sink: Arc::new(Mutex::new(Vec::new())),
            cells: Arc::new(RwLock::new(*cells)),
            max_options: 0,
            parsed: Arc::default(),
        };
        let connect = shared
            .cell_set(&connect_text, "fn regions()")
            .map_err(|e| e.to_string())?;
        let nbhd = match text(1) {
            Some(t) => nbhd(&t).map_err(|e| e.to_string())?,
            None if items.len() > 1 => return Err(usage.to_string()),
            None => Neighbourhood::Orthogonal,
        };
        let min_cells = match items.get(2) {
            Some(v) => v
                .as_int()
                .ok()
                .and_then(|n| usize::try_from(n).ok())
                .ok_or_else(|| usage.to_string())?,
            None => 1,
        };
        Ok(Regions {
            connect,
            nbhd,
            min_cells,
        })
    }

    /// The parts of `p` when it is a board or a graph that splits; `None`
    /// when it is one part (or neither).
    pub(crate) fn split(&self, p: &Pos) -> Option<Vec<Pos>> {
        match p {
            Pos::Board(b) => {
                let mut out = Vec::new();
                b.regions(self.connect, self.nbhd, self.min_cells, &mut out)
                    .then(|| out.into_iter().map(Pos::Board).collect())
            }
            Pos::Graph(g) => {
                let mut out = Vec::new();
                g.components(self.connect, &mut out)
                    .then(|| out.into_iter().map(Pos::Graph).collect())
            }
            _ => None,
        }
    }
}

fn nbhd(text: &str) -> Result<Neighbourhood, Failure> {
    match text.trim().to_ascii_lowercase().as_str() {
        "orthogonal" | "rook" => Ok(Neighbourhood::Orthogonal),
        "diagonal" | "bishop" => Ok(Neighbourhood::Diagonal),
        "king" | "all" | "queen" => Ok(Neighbourhood::King),
        other => Err(format!("unknown neighbourhood `{other}`: use orthogonal, diagonal or king").into()),
    }
}

fn index(i: INT, len: usize, what: &str) -> Result<usize, Failure> {
    usize::try_from(i)
        .ok()
        .filter(|&i| i < len)
        .ok_or_else(|| format!("{what}: {i} is outside 0..{len}").into())
}

/// Registers the board, graph and heap blocks on `engine`.
#[allow(clippy::too_many_lines)] // one registration after the other
pub(crate) fn register(engine: &mut Engine, shared: &Shared) {
    engine.register_type_with_name::<Board>("board");
    engine.register_type_with_name::<GraphBoard>("graph");

    // Constructors.
    let s = shared.clone();
    engine.register_fn("board", move |text: &str| -> Result<Board, Failure> {
        Board::parse(text, &s.cells()).map_err(|e| format!("board({text:?}): {e}").into())
    });
    engine.register_fn("board", |w: INT, h: INT| -> Result<Board, Failure> {
        usize::try_from(w)
            .ok()
            .zip(usize::try_from(h).ok())
            .and_then(|(w, h)| Board::new(w, h))
            .ok_or_else(|| format!("board({w}, {h}): a board has at most 128 cells").into())
    });
    let s = shared.clone();
    engine.register_fn("graph", move |text: &str| -> Result<GraphBoard, Failure> {
        GraphBoard::parse(text, &s.cells()).map_err(|e| format!("graph({text:?}): {e}").into())
    });

    // Reading a board.
    engine.register_get("width", |b: &mut Board| b.width() as INT);
    engine.register_get("height", |b: &mut Board| b.height() as INT);
    let s = shared.clone();
    engine.register_fn(
        "cell",
        move |b: &mut Board, r: INT, c: INT| -> Result<char, Failure> {
            let (r, c) = (
                index(r, b.height(), "cell: row")?,
                index(c, b.width(), "cell: column")?,
            );
            Ok(s.cells().char(b.at(r, c)))
        },
    );
    let s = shared.clone();
    engine.register_fn(
        "with",
        move |b: &mut Board, r: INT, c: INT, to: Dynamic| -> Result<Board, Failure> {
            let (r, c) = (
                index(r, b.height(), "with: row")?,
                index(c, b.width(), "with: column")?,
            );
            let to = s.cell(&to, "with")?;
            Ok(b.with(1u128 << (r * b.width() + c), to))
        },
    );
    let s = shared.clone();
    engine.register_fn(
        "count",
        move |b: &mut Board, cell: Dynamic| -> Result<INT, Failure> {
            Ok(INT::from(b.count(s.cell(&cell, "count")?)))
        },
    );
    let s = shared.clone();
    engine.register_fn("to_string", move |b: &mut Board| b.show(&s.cells()));

    // Board moves: each adds its options to the call's.
    let s = shared.clone();
    engine.register_fn(
        "place",
        move |b: &mut Board, piece: &str, to: Dynamic| -> Result<(), Failure> {
            let (piece, to) = (s.shape(piece)?, s.cell(&to, "place")?);
            let mut out = Vec::new();
            b.place(&piece, to, &mut out);
            s.push(out.into_iter().map(Pos::Board), "place")
        },
    );
    let s = shared.clone();
    engine.register_fn(
        "steps",
        move |b: &mut Board, piece: Dynamic, towards: &str, onto: &str| -> Result<(), Failure> {
            let piece = s.cell(&piece, "steps")?;
            let (towards, onto) = (s.dirs(towards)?, s.cell_set(onto, "steps")?);
            let mut out = Vec::new();
            b.steps(piece, &towards, onto, &mut out);
            s.push(out.into_iter().map(Pos::Board), "steps")
        },
    );
    let s = shared.clone();
    engine.register_fn(
        "jumps",
        move |b: &mut Board,
              piece: Dynamic,
              towards: &str,
              over: &str,
              capture: bool,
              chain: bool|
              -> Result<(), Failure> {
            let piece = s.cell(&piece, "jumps")?;
            let (towards, over) = (s.dirs(towards)?, s.cell_set(over, "jumps")?);
            let mut out = Vec::new();
            b.jumps(piece, &towards, over, capture, chain, &mut out);
            s.push(out.into_iter().map(Pos::Board), "jumps")
        },
    );
    let s = shared.clone();
    engine.register_fn(
        "slides",
        move |b: &mut Board, piece: Dynamic, towards: &str| -> Result<(), Failure> {
            let piece = s.cell(&piece, "slides")?;
            let towards = s.dirs(towards)?;
            let mut out = Vec::new();
            b.slides(piece, &towards, &mut out);
            s.push(out.into_iter().map(Pos::Board), "slides")
        },
    );
    let s = shared.clone();
    engine.register_fn(
        "slides_and_shoots",
        move |b: &mut Board, piece: Dynamic, towards: &str, arrow: Dynamic| -> Result<(), Failure> {
            let piece = s.cell(&piece, "slides_and_shoots")?;
            let arrow = s.cell(&arrow, "slides_and_shoots")?;
            let towards = s.dirs(towards)?;
            let mut out = Vec::new();
            b.slides_and_shoots(piece, &towards, arrow, &mut out);
            s.push(out.into_iter().map(Pos::Board), "slides_and_shoots")
        },
    );
    let s = shared.clone();
    engine.register_fn(
        "mark",
        move |b: &mut Board, allowed: &str, around: &str, map: &str| -> Result<(), Failure> {
            let allowed = s.cell_set(allowed, "mark")?;
            let (around, map) = (nbhd(around)?, s.cell_map(map, "mark")?);
            let mut out = Vec::new();
            b.mark(allowed, around, map, &mut out);
            s.push(out.into_iter().map(Pos::Board), "mark")
        },
    );
    let s = shared.clone();
    engine.register_fn(
        "regions",
        move |b: &mut Board, connect: &str, around: &str, min_cells: INT| -> Result<(), Failure> {
            let connect = s.cell_set(connect, "regions")?;
            let around = nbhd(around)?;
            let min_cells = usize::try_from(min_cells).unwrap_or(0);
            let mut out = Vec::new();
            if !b.regions(connect, around, min_cells, &mut out) {
                out.push(*b);
            }
            s.push(out.into_iter().map(Pos::Board), "regions")
        },
    );

    // Graph positions.
    engine.register_get("vertices", |g: &mut GraphBoard| g.graph().len() as INT);
    let s = shared.clone();
    engine.register_fn(
        "vertex",
        move |g: &mut GraphBoard, v: INT| -> Result<char, Failure> {
            Ok(s.cells().char(g.vertex(index(v, g.graph().len(), "vertex")?)))
        },
    );
    let s = shared.clone();
    engine.register_fn("to_string", move |g: &mut GraphBoard| g.show(&s.cells()));
    let s = shared.clone();
    engine.register_fn(
        "mark",
        move |g: &mut GraphBoard, allowed: &str, map: &str| -> Result<(), Failure> {
            let (allowed, map) = (s.cell_set(allowed, "mark")?, s.cell_map(map, "mark")?);
            let mut out = Vec::new();
            g.mark(allowed, map, &mut out);
            s.push(out.into_iter().map(Pos::Graph), "mark")
        },
    );
    let s = shared.clone();
    engine.register_fn(
        "remove_edges",
        move |g: &mut GraphBoard, allowed: &str| -> Result<(), Failure> {
            let allowed = s.cell_set(allowed, "remove_edges")?;
            let mut out = Vec::new();
            g.remove_edges(allowed, &mut out);
            s.push(out.into_iter().map(Pos::Graph), "remove_edges")
        },
    );
    let s = shared.clone();
    engine.register_fn(
        "token_moves",
        move |g: &mut GraphBoard, token: Dynamic, onto: &str, leave: Dynamic| -> Result<(), Failure> {
            let token = s.cell(&token, "token_moves")?;
            let leave = s.cell(&leave, "token_moves")?;
            let onto = s.cell_set(onto, "token_moves")?;
            let mut out = Vec::new();
            g.token_moves(token, onto, leave, &mut out);
            s.push(out.into_iter().map(Pos::Graph), "token_moves")
        },
    );
    let s = shared.clone();
    engine.register_fn(
        "components",
        move |g: &mut GraphBoard, connect: &str| -> Result<(), Failure> {
            let connect = s.cell_set(connect, "components")?;
            let mut out = Vec::new();
            if !g.components(connect, &mut out) {
                out.push(g.clone());
            }
            s.push(out.into_iter().map(Pos::Graph), "components")
        },
    );

    // Heaps: every option of a heap under a take-and-break code.
    let s = shared.clone();
    engine.register_fn(
        "take_and_break",
        move |n: INT, code: ImmutableString| -> Result<(), Failure> {
            let Ok(n) = u64::try_from(n) else {
                return Ok(());
            };
            let rules = if code.starts_with("0x") || code.contains(|c: char| c.is_ascii_alphabetic()) {
                TakeBreak::parse_hex(code.trim_start_matches("0x"))
            } else {
                TakeBreak::parse(&code)
            }
            .map_err(|e| -> Failure { format!("take_and_break: code `{code}`: {e}").into() })?;
            let mut out = Vec::new();
            let mut refused = false;
            rules.heap_options(n, &mut |parts| {
                if out.len() > s.max_options {
                    refused = true;
                    return;
                }
                let heaps: Vec<Pos> = parts
                    .iter()
                    .filter_map(|&h| INT::try_from(h).ok())
                    .map(Pos::Int)
                    .collect();
                out.push(Pos::sum(heaps));
            });
            if refused {
                return Err(format!(
                    "take_and_break({n}, {code:?}): more than the limit of {} options in one call",
                    s.max_options
                )
                .into());
            }
            s.push(out, "take_and_break")
        },
    );
}
