//! Perfect players for the games on graphs: Green Hackenbush (the linear
//! colon/fusion value picks the cuts), vertex geography on graphs and grids
//! (the maximum-matching criterion), tree leaf removal (its linear rule), the
//! increasing-distance tree game, Node and Arc Kayles (search by components)
//! and the Wall Making Game (rectangle values).
//!
//! Each `play_*` function checks that the position is small enough for every
//! move to be listed and judged each turn, and refuses it otherwise with a
//! one-line error naming the limit.

use super::ImpartialEngine;
use super::{Engine, Io, Kind, Settings, Verdict, board, run_session};
use sprague::{
    ArcKayles, Board, EdgeList, GreenHackenbush, ImpartialRules, IncreasingDistanceRules, LeafRemovalRules,
    MisereSolver, Nimber, NodeKayles, Notation, Outcome, ParseError, RootedTree, WallMakingValues,
};
use std::collections::HashMap;

/// Most edges of a Green Hackenbush picture in play: a turn makes one linear
/// pass per candidate cut, O(m²).
pub const HACKENBUSH_PLAY_LIMIT: usize = 2_000;
/// Misère Green Hackenbush is searched, for pictures of at most this many edges.
pub const HACKENBUSH_MISERE_PLAY_LIMIT: usize = 20;
/// Most vertices (cells of a board) of a geography game in play: a turn runs
/// one maximum matching.
pub const GEOGRAPHY_PLAY_LIMIT: usize = 2_000;
/// Most leaves of a leaf-removal tree in play (a move is any nonempty set of
/// leaves, so a turn lists up to 2^leaves moves).
pub const LEAF_REMOVAL_PLAY_LEAVES: usize = 14;
/// Most vertices of an increasing-distance tree in play (searched: up to n²
/// positions).
pub const INCREASING_DISTANCE_PLAY_LIMIT: usize = 128;
/// Winning moves listed by a hint before the list is cut short.
const HINT_LIST_LIMIT: usize = 20;

fn verdict_of(wins: bool) -> Verdict {
    if wins {
        Verdict::Win(None)
    } else {
        Verdict::Lose(None)
    }
}

fn normal_only(name: &str, settings: &Settings) -> sprague::Result<()> {
    if settings.misere {
        return Err(sprague::Error::input(format!(
            "`{name}` is played in normal play only; drop --misere"
        )));
    }
    Ok(())
}

fn parse_error(text: &str, e: &ParseError) -> String {
    format!("position `{text}`: {e}")
}

/// Lines listing moves: `  TO   NOTE`, at most [`HINT_LIST_LIMIT`] of them.
fn listed(rows: &[(String, String)]) -> Vec<String> {
    let width = rows
        .iter()
        .take(HINT_LIST_LIMIT)
        .map(|r| r.0.chars().count())
        .max()
        .unwrap_or(0);
    let mut out: Vec<String> = rows
        .iter()
        .take(HINT_LIST_LIMIT)
        .map(|(a, b)| {
            if b.is_empty() {
                format!("    {a}")
            } else {
                format!("    {a:<width$}   {b}")
            }
        })
        .collect();
    if rows.len() > HINT_LIST_LIMIT {
        out.push(format!("    (and {} more)", rows.len() - HINT_LIST_LIMIT));
    }
    out
}

/// Vertex ids joined by spaces, at most `cap` of them.
fn vertex_list(vs: impl IntoIterator<Item = u32>, cap: usize) -> String {
    let all: Vec<u32> = vs.into_iter().collect();
    if all.is_empty() {
        return "none".to_string();
    }
    let mut parts: Vec<String> = all.iter().take(cap).map(u32::to_string).collect();
    if all.len() > cap {
        parts.push(format!("… ({} more)", all.len() - cap));
    }
    parts.join(" ")
}

/// Reads `U-V` (an edge) from a word.
fn edge_word(word: &str) -> Option<(u32, u32)> {
    let (a, b) = word.split_once('-')?;
    Some((a.trim().parse().ok()?, b.trim().parse().ok()?))
}

/// The words of a short move after an optional leading verb.
fn strip_verb<'a>(line: &'a str, verbs: &[&str]) -> &'a str {
    let t = line.trim();
    for v in verbs {
        if let Some(rest) = t.strip_prefix(v)
            && (rest.is_empty() || rest.starts_with(' '))
        {
            return rest.trim();
        }
    }
    t
}

// ------------------------------------------------------------ Green Hackenbush

/// A Green Hackenbush picture in play: edges `(u, v)` with `u <= v`, sorted,
/// all connected to the ground (vertex 0), and the edge cut to reach it.
#[derive(Clone, Debug)]
pub struct Picture {
    edges: Vec<(u32, u32)>,
    cut: Option<(u32, u32)>,
}

/// Normalises `edges` (`u <= v`), sorts them and drops those that do not reach
/// the ground. O(m log m).
fn grounded(edges: &[(u32, u32)]) -> Vec<(u32, u32)> {
    let mut e: Vec<(u32, u32)> = edges.iter().map(|&(u, v)| (u.min(v), u.max(v))).collect();
    e.sort_unstable();
    keep_grounded(e)
}

/// Keeps the edges of a normalised list that reach vertex 0 (breadth-first
/// search over an adjacency array). O(n + m).
fn keep_grounded(e: Vec<(u32, u32)>) -> Vec<(u32, u32)> {
    let n = e.iter().map(|&(_, v)| v as usize + 1).max().unwrap_or(1);
    let mut offsets = vec![0usize; n + 1];
    for &(u, v) in &e {
        offsets[u as usize + 1] += 1;
        offsets[v as usize + 1] += 1;
    }
    for i in 0..n {
        offsets[i + 1] += offsets[i];
    }
    let mut fill = offsets.clone();
    let mut adj = vec![0u32; offsets[n]];
    for &(u, v) in &e {
        adj[fill[u as usize]] = v;
        fill[u as usize] += 1;
        adj[fill[v as usize]] = u;
        fill[v as usize] += 1;
    }
    let mut seen = vec![false; n];
    seen[0] = true;
    let mut queue = vec![0u32];
    while let Some(x) = queue.pop() {
        for &y in &adj[offsets[x as usize]..offsets[x as usize + 1]] {
            if !seen[y as usize] {
                seen[y as usize] = true;
                queue.push(y);
            }
        }
    }
    e.into_iter().filter(|&(u, _)| seen[u as usize]).collect()
}

/// The value of a normalised edge list: the colon and fusion principles.
fn picture_value(edges: &[(u32, u32)]) -> Nimber {
    let n = edges.iter().map(|&(_, v)| v as usize + 1).max().unwrap_or(1);
    sprague::green_hackenbush_value(n, edges)
}

/// The pieces of a picture (parts that meet only at the ground; a loop at the
/// ground is a piece of its own), and the piece of every edge.
fn pieces(edges: &[(u32, u32)]) -> (Vec<Vec<(u32, u32)>>, Vec<usize>) {
    let n = edges.iter().map(|&(_, v)| v as usize + 1).max().unwrap_or(1);
    let mut parent: Vec<usize> = (0..n).collect();
    fn find(p: &mut [usize], mut x: usize) -> usize {
        while p[x] != x {
            p[x] = p[p[x]];
            x = p[x];
        }
        x
    }
    for &(u, v) in edges {
        if u != 0 {
            let (a, b) = (find(&mut parent, u as usize), find(&mut parent, v as usize));
            parent[a] = b;
        }
    }
    let mut index: HashMap<usize, usize> = HashMap::new();
    let mut out: Vec<Vec<(u32, u32)>> = Vec::new();
    let mut of = Vec::with_capacity(edges.len());
    for &(u, v) in edges {
        let i = if v == 0 {
            out.push(Vec::new());
            out.len() - 1
        } else {
            let root = find(&mut parent, v as usize);
            *index.entry(root).or_insert_with(|| {
                out.push(Vec::new());
                out.len() - 1
            })
        };
        out[i].push((u, v));
        of.push(i);
    }
    (out, of)
}

fn edges_text(edges: &[(u32, u32)], cap: usize) -> String {
    let mut parts: Vec<String> = edges.iter().take(cap).map(|(u, v)| format!("{u}-{v}")).collect();
    if edges.len() > cap {
        parts.push(format!("… ({} more)", edges.len() - cap));
    }
    parts.join(" ")
}

/// A perfect Green Hackenbush player: the value of a picture comes from the
/// linear colon/fusion computation, so a turn costs O(m²) for m edges.
pub struct HackenbushEngine {
    misere: Option<MisereSolver<'static, GreenHackenbush>>,
}

static GREEN_HACKENBUSH: GreenHackenbush = GreenHackenbush;

impl HackenbushEngine {
    fn cut(&self, p: &Picture, edge: (u32, u32)) -> Option<Picture> {
        let e = (edge.0.min(edge.1), edge.0.max(edge.1));
        let i = p.edges.iter().position(|&x| x == e)?;
        let mut rest = p.edges.clone();
        rest.remove(i);
        Some(Picture {
            edges: keep_grounded(rest),
            cut: Some(e),
        })
    }

    fn misere_wins(&mut self, p: &Picture) -> sprague::Result<Option<bool>> {
        match &mut self.misere {
            Some(s) => Ok(Some(s.outcome(&p.edges)? == Outcome::N)),
            None => Ok(None),
        }
    }
}

impl Engine for HackenbushEngine {
    type Pos = Picture;

    fn ruleset(&self) -> &str {
        "green-hackenbush"
    }

    fn kind(&self) -> Kind {
        Kind::Impartial
    }

    fn format(&self, p: &Picture) -> String {
        if p.edges.is_empty() {
            "n=1".to_string()
        } else {
            edges_text(&p.edges, usize::MAX)
        }
    }

    fn parse(&self, text: &str) -> Result<Picture, String> {
        let g = EdgeList::parse(text).map_err(|e| parse_error(text, &e))?;
        Ok(Picture {
            edges: grounded(&g.edges),
            cut: None,
        })
    }

    fn options(&mut self, p: &Picture, _mover: sprague::Player) -> sprague::Result<Vec<Picture>> {
        let mut out = Vec::with_capacity(p.edges.len());
        for i in 0..p.edges.len() {
            if i > 0 && p.edges[i] == p.edges[i - 1] {
                continue;
            }
            let mut rest = p.edges.clone();
            rest.remove(i);
            out.push(Picture {
                edges: keep_grounded(rest),
                cut: Some(p.edges[i]),
            });
        }
        Ok(out)
    }

    fn describe(&self, from: &Picture, to: &Picture) -> String {
        let fell = (from.edges.len() - to.edges.len()).saturating_sub(1);
        let cut = to
            .cut
            .map_or_else(|| "cut".to_string(), |(u, v)| format!("cut {u}-{v}"));
        match fell {
            0 => cut,
            1 => format!("{cut} (1 more edge falls)"),
            k => format!("{cut} ({k} more edges fall)"),
        }
    }

    fn verdict(&mut self, p: &Picture, _mover: sprague::Player) -> sprague::Result<Verdict> {
        if let Some(w) = self.misere_wins(p)? {
            return Ok(verdict_of(w));
        }
        Ok(verdict_of(!picture_value(&p.edges).is_zero()))
    }

    fn hint(&mut self, p: &Picture, mover: sprague::Player) -> sprague::Result<Vec<String>> {
        let options = self.options(p, mover)?;
        if self.misere.is_some() {
            let wins = self.misere_wins(p)?.unwrap_or(false);
            let mut lines = vec![format!(
                "misère play (whoever cuts the last edge loses), searched move by move: the player to move {}.",
                if wins {
                    "wins"
                } else {
                    "loses against perfect play"
                }
            )];
            let mut rows = Vec::new();
            for o in &options {
                if self.misere_wins(o)? == Some(false) {
                    rows.push((self.describe(p, o), String::new()));
                }
            }
            if !rows.is_empty() {
                lines.push(format!("winning cuts ({}):", rows.len()));
                lines.extend(listed(&rows));
            }
            return Ok(lines);
        }
        let (parts, of) = pieces(&p.edges);
        let values: Vec<Nimber> = parts.iter().map(|e| picture_value(e)).collect();
        let total: Nimber = values.iter().copied().sum();
        let mut lines = vec![format!(
            "the picture stands on the ground in {} piece{}; by the fusion principle (a cycle shrinks to a point, its edges becoming loops) and the colon principle (branches meeting at a vertex count as one stalk of their nim-sum), each plays like a stalk:",
            parts.len(),
            if parts.len() == 1 { "" } else { "s" }
        )];
        for (i, (e, v)) in parts.iter().zip(&values).enumerate() {
            let len = v.get();
            let stalk = match len {
                0 => "a stalk of 0 edges (value 0: its loops and branches cancel out)".to_string(),
                1 => "a stalk of 1 edge (value 1)".to_string(),
                _ => format!("a stalk of {len} edges (value {len})"),
            };
            lines.push(format!("    piece {}: {} → {stalk}", i + 1, edges_text(e, 12)));
        }
        if parts.len() > 1 {
            let sum: Vec<String> = values.iter().map(|v| v.get().to_string()).collect();
            lines.push(format!(
                "nim-sum of the stalks: {} = {}",
                sum.join(" ⊕ "),
                total.get()
            ));
        }
        if total.is_zero() {
            lines.push("the value is 0, so the player to move loses against perfect play: every cut makes it non-zero and the answer restores 0.".to_string());
            return Ok(lines);
        }
        lines.push(format!(
            "the value is {}, not 0: cut so that it becomes 0, shortening the stalk of one piece of value v to v ⊕ {}:",
            total.get(),
            total.get()
        ));
        let mut rows = Vec::new();
        for o in &options {
            if !picture_value(&o.edges).is_zero() {
                continue;
            }
            let note = o
                .cut
                .and_then(|c| p.edges.iter().position(|&x| x == c))
                .map_or_else(String::new, |k| {
                    let v = values[of[k]];
                    format!(
                        "piece {}: stalk {} → {} ⊕ {} = {}",
                        of[k] + 1,
                        v.get(),
                        v.get(),
                        total.get(),
                        (v + total).get()
                    )
                });
            rows.push((self.describe(p, o), note));
        }
        lines.push(format!("winning cuts ({}):", rows.len()));
        lines.extend(listed(&rows));
        Ok(lines)
    }

    fn board(&self, p: &Picture) -> Option<String> {
        if p.edges.is_empty() {
            return Some("(no edges left)\n".to_string());
        }
        let (parts, _) = pieces(&p.edges);
        let mut out = String::new();
        for (i, e) in parts.iter().enumerate() {
            out.push_str(&format!("piece {}: {}\n", i + 1, edges_text(e, 40)));
        }
        out.push_str(&format!("{} ground: vertex 0\n", "▔".repeat(12)));
        Some(out)
    }

    fn short_move(&mut self, from: &Picture, line: &str) -> Option<Result<Picture, String>> {
        let rest = strip_verb(line, &["cut"]);
        if rest.contains(' ') {
            return None;
        }
        let e = edge_word(rest)?;
        Some(self.cut(from, e).ok_or_else(|| {
            format!(
                "there is no edge {}-{} in the picture (edges: {})",
                e.0,
                e.1,
                edges_text(&from.edges, 12)
            )
        }))
    }

    fn move_help(&self) -> Option<String> {
        Some("as the edge to cut, `cut 1-2` or `1-2`".to_string())
    }
}

/// Plays Green Hackenbush on the picture `g` (normal play: the linear value;
/// misère play: search, for small pictures).
///
/// # Errors
/// A picture too large to play, and output failures.
pub fn play_hackenbush(g: &EdgeList, settings: &Settings, io: &mut Io<'_>) -> crate::error::CliResult<()> {
    let edges = grounded(&g.edges);
    if edges.len() > HACKENBUSH_PLAY_LIMIT {
        return Err(crate::error::CliError::input(format!(
            "green-hackenbush plays pictures of at most {HACKENBUSH_PLAY_LIMIT} edges (every turn judges every cut); this one has {}",
            edges.len()
        )));
    }
    let misere = if settings.misere {
        if edges.len() > HACKENBUSH_MISERE_PLAY_LIMIT {
            return Err(crate::error::CliError::input(format!(
                "misère green-hackenbush is searched, for pictures of at most {HACKENBUSH_MISERE_PLAY_LIMIT} edges; this one has {}",
                edges.len()
            )));
        }
        Some(
            MisereSolver::with_max_states(&GREEN_HACKENBUSH, settings.max_states)
                .with_monitor(crate::progress::monitor()),
        )
    } else {
        None
    };
    let engine = HackenbushEngine { misere };
    run_session(
        &mut *super::erase(engine, Picture { edges, cut: None }),
        settings,
        io,
    )
}

// ------------------------------------------------------------ Geography

/// A geography position: the token (none before the first move places it),
/// the visited vertices as a bit set, and the path taken.
#[derive(Clone, Debug)]
pub struct GeoPos {
    token: Option<u32>,
    visited: Vec<u64>,
    path: Vec<u32>,
}

impl GeoPos {
    fn has(&self, v: u32) -> bool {
        self.visited[v as usize / 64] >> (v % 64) & 1 == 1
    }
}

/// A perfect geography player on a graph or a board. The player to move wins
/// from the token's vertex t exactly when every maximum matching of the graph
/// of unvisited vertices plus t covers t; every option of a position leaves
/// the same graph, so one matching computation (cached by visited set)
/// judges them all.
pub struct GeographyEngine {
    name: &'static str,
    n: usize,
    adj: Vec<Vec<u32>>,
    edges: Vec<(u32, u32)>,
    grid: Option<Board>,
    cache: HashMap<Vec<u64>, Vec<bool>>,
}

impl GeographyEngine {
    fn new(name: &'static str, n: usize, edges: Vec<(u32, u32)>, grid: Option<Board>) -> Self {
        let mut adj = vec![Vec::new(); n];
        for &(u, v) in &edges {
            if u != v {
                adj[u as usize].push(v);
                adj[v as usize].push(u);
            }
        }
        for a in &mut adj {
            a.sort_unstable();
            a.dedup();
        }
        GeographyEngine {
            name,
            n,
            adj,
            edges,
            grid,
            cache: HashMap::new(),
        }
    }

    fn empty_set(&self) -> Vec<u64> {
        vec![0; self.n.div_ceil(64)]
    }

    fn start(&self, token: Option<u32>) -> GeoPos {
        let mut p = GeoPos {
            token: None,
            visited: self.empty_set(),
            path: Vec::new(),
        };
        if let Some(t) = token {
            p = self.place(&p, t);
        }
        p
    }

    fn place(&self, p: &GeoPos, v: u32) -> GeoPos {
        let mut q = p.clone();
        q.visited[v as usize / 64] |= 1 << (v % 64);
        q.token = Some(v);
        q.path.push(v);
        q
    }

    /// Vertices the token may be placed on before the first move.
    fn placeable(&self, v: u32) -> bool {
        self.grid.as_ref().is_none_or(|b| b.open[v as usize])
    }

    /// The edges among vertices outside `removed`.
    fn rest_edges(&self, removed: &[u64]) -> Vec<(u32, u32)> {
        let out = |v: u32| removed[v as usize / 64] >> (v % 64) & 1 == 1;
        self.edges
            .iter()
            .copied()
            .filter(|&(u, v)| u != v && !out(u) && !out(v))
            .collect()
    }

    /// For every vertex s outside `removed`: does the player to move win with
    /// the token on s and everything in `removed` visited?
    fn winners(&mut self, removed: &[u64]) -> &Vec<bool> {
        if !self.cache.contains_key(removed) {
            if self.cache.len() > 256 {
                self.cache.clear();
            }
            let w = sprague::geography_winning_starts(self.n, &self.rest_edges(removed));
            self.cache.insert(removed.to_vec(), w);
        }
        &self.cache[removed]
    }

    /// A maximum matching of the graph outside `removed`, and its method.
    fn matching(&self, removed: &[u64]) -> (Vec<Option<u32>>, &'static str) {
        let g = sprague::UndirectedGraph::new(self.n, &self.rest_edges(removed));
        match g.two_coloring() {
            Some(side) => (
                sprague::hopcroft_karp(&g, &side),
                "Hopcroft–Karp, the graph is bipartite",
            ),
            None => (sprague::edmonds_matching(&g), "Edmonds' blossom algorithm"),
        }
    }

    fn visited_without_token(&self, p: &GeoPos) -> Vec<u64> {
        let mut key = p.visited.clone();
        if let Some(t) = p.token {
            key[t as usize / 64] &= !(1 << (t % 64));
        }
        key
    }

    fn name_of(&self, v: u32) -> String {
        match &self.grid {
            Some(b) => cell_name(b, v as usize),
            None => v.to_string(),
        }
    }

    fn wins(&mut self, p: &GeoPos) -> bool {
        match p.token {
            None => {
                let empty = self.empty_set();
                let n = self.n as u32;
                let placeable: Vec<bool> = (0..n).map(|v| self.placeable(v)).collect();
                let w = self.winners(&empty);
                (0..n).any(|v| placeable[v as usize] && !w[v as usize])
            }
            Some(t) => {
                let key = self.visited_without_token(p);
                self.winners(&key)[t as usize]
            }
        }
    }

    fn read_vertex(&self, word: &str) -> Option<u32> {
        match &self.grid {
            // Cells off the board read as vertex n, which the caller refuses.
            Some(b) => read_cell(b, word)
                .map(|i| i as u32)
                .or_else(|| looks_like_cell(word).then_some(self.n as u32)),
            None => word.strip_prefix('@').unwrap_or(word).parse().ok(),
        }
    }
}

/// A cell's name as drawn: column letter and row number (`b2`), or `r,c` on
/// boards wider than 26 columns.
fn cell_name(b: &Board, i: usize) -> String {
    let (r, c) = (i / b.width, i % b.width);
    if b.width <= 26 {
        format!("{}{}", char::from(b'a' + c as u8), r + 1)
    } else {
        format!("{},{}", r + 1, c + 1)
    }
}

/// Reads a cell written `b2` (column letter, row number) or `2,2` (row,
/// column, from 1).
fn read_cell(b: &Board, word: &str) -> Option<usize> {
    let w = word.trim();
    let (r, c) = if let Some((r, c)) = w.split_once(',') {
        (r.trim().parse::<usize>().ok()?, c.trim().parse::<usize>().ok()?)
    } else {
        let mut chars = w.chars();
        let letter = chars.next()?.to_ascii_lowercase();
        if !letter.is_ascii_lowercase() {
            return None;
        }
        let r = chars.as_str().parse::<usize>().ok()?;
        (r, (letter as u8 - b'a') as usize + 1)
    };
    (r >= 1 && c >= 1 && r <= b.height && c <= b.width).then(|| (r - 1) * b.width + c - 1)
}

/// Whether `word` is written like a cell (`b2`, `2,3`), for errors about cells off the board.
fn looks_like_cell(word: &str) -> bool {
    let mut chars = word.chars();
    let first = chars.next().is_some_and(|c| c.is_ascii_alphabetic());
    let rest = chars.as_str();
    (first && !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit()))
        || word
            .split_once(',')
            .is_some_and(|(a, b)| a.trim().parse::<usize>().is_ok() && b.trim().parse::<usize>().is_ok())
}

impl Engine for GeographyEngine {
    type Pos = GeoPos;

    fn ruleset(&self) -> &str {
        self.name
    }

    fn kind(&self) -> Kind {
        Kind::Impartial
    }

    fn format(&self, p: &GeoPos) -> String {
        match &self.grid {
            Some(b) => {
                let rows: Vec<String> = (0..b.height)
                    .map(|r| {
                        (0..b.width)
                            .map(|c| {
                                let i = (r * b.width + c) as u32;
                                if p.token == Some(i) {
                                    '@'
                                } else if p.has(i) {
                                    'x'
                                } else if b.open[i as usize] {
                                    '.'
                                } else {
                                    '#'
                                }
                            })
                            .collect()
                    })
                    .collect();
                rows.join("/")
            }
            None if p.path.is_empty() => "(no token yet)".to_string(),
            None => format!("path {}", vertex_list(p.path.iter().copied(), usize::MAX)),
        }
    }

    fn parse(&self, text: &str) -> Result<GeoPos, String> {
        match &self.grid {
            Some(b) => {
                let rows: Vec<&str> = text.split(['/', '|']).map(str::trim).collect();
                if rows.len() != b.height || rows.iter().any(|r| r.chars().count() != b.width) {
                    return Err(format!(
                        "position `{text}`: expected {} rows of {} cells (`.` open, `#` blocked, `x` visited, `@` the token)",
                        b.height, b.width
                    ));
                }
                let mut p = self.start(None);
                let mut token = None;
                for (r, row) in rows.iter().enumerate() {
                    for (c, ch) in row.chars().enumerate() {
                        let i = r * b.width + c;
                        let fits = match ch {
                            '#' => !b.open[i],
                            '.' => b.open[i],
                            'x' | '@' => b.open[i],
                            _ => false,
                        };
                        if !fits {
                            return Err(format!(
                                "position `{text}`: row {}, column {}: `{ch}` does not fit the board (`{}` there)",
                                r + 1,
                                c + 1,
                                if b.open[i] { '.' } else { '#' }
                            ));
                        }
                        if ch == 'x' || ch == '@' {
                            p.visited[i / 64] |= 1 << (i % 64);
                        }
                        if ch == '@' {
                            token = Some(i as u32);
                        }
                    }
                }
                p.token = token;
                p.path = token.into_iter().collect();
                Ok(p)
            }
            None => {
                let rest = text.trim().strip_prefix("path").ok_or_else(|| {
                    format!("position `{text}`: expected `path V1 V2 …` (the vertices visited, the token last) or a vertex to move to")
                })?;
                let mut p = self.start(None);
                for w in rest.split_whitespace() {
                    let v: u32 = w
                        .parse()
                        .ok()
                        .filter(|&v: &u32| (v as usize) < self.n)
                        .ok_or_else(|| {
                            format!("position `{text}`: `{w}` is not a vertex (0 to {})", self.n - 1)
                        })?;
                    p = self.place(&p, v);
                }
                Ok(p)
            }
        }
    }

    fn key(&mut self, p: &GeoPos) -> String {
        let words: Vec<String> = p.visited.iter().map(u64::to_string).collect();
        format!("{:?} {}", p.token, words.join(","))
    }

    fn options(&mut self, p: &GeoPos, _mover: sprague::Player) -> sprague::Result<Vec<GeoPos>> {
        Ok(match p.token {
            None => (0..self.n as u32)
                .filter(|&v| self.placeable(v))
                .map(|v| self.place(p, v))
                .collect(),
            Some(t) => self.adj[t as usize]
                .iter()
                .filter(|&&w| !p.has(w))
                .map(|&w| self.place(p, w))
                .collect(),
        })
    }

    fn describe(&self, from: &GeoPos, to: &GeoPos) -> String {
        let Some(w) = to.token else {
            return "no move".to_string();
        };
        match from.token {
            None => format!("place the token on {}", self.name_of(w)),
            Some(t) => format!("move the token {} → {}", self.name_of(t), self.name_of(w)),
        }
    }

    fn verdict(&mut self, p: &GeoPos, _mover: sprague::Player) -> sprague::Result<Verdict> {
        Ok(verdict_of(self.wins(p)))
    }

    fn hint(&mut self, p: &GeoPos, mover: sprague::Player) -> sprague::Result<Vec<String>> {
        let options = self.options(p, mover)?;
        let mut lines = Vec::new();
        let removed = self.visited_without_token(p);
        let (mate, method) = self.matching(&removed);
        let size = sprague::matching_size(&mate);
        match p.token {
            None => {
                lines.push("no token yet: the first move places it, and then the other player moves first from there.".to_string());
                lines.push(format!(
                    "from a start s the player to move wins exactly when every maximum matching covers s (Fraenkel, Scheinerman and Ullman, 1993); here a maximum matching has {size} edges ({method})."
                ));
                lines.push("so place the token where some maximum matching misses it: the opponent, moving first from there, loses.".to_string());
            }
            Some(t) => {
                let wins = self.wins(p);
                lines.push(format!(
                    "the token is on {}; in play are the unvisited vertices and {} itself, where a maximum matching has {size} edges ({method}).",
                    self.name_of(t),
                    self.name_of(t)
                ));
                lines.push(format!(
                    "the player to move wins exactly when every maximum matching of that graph covers {} (Fraenkel, Scheinerman and Ullman, 1993).",
                    self.name_of(t)
                ));
                if wins {
                    let along = mate[t as usize].map_or_else(String::new, |w| {
                        format!(
                            ": move along a matching edge, {} → {},",
                            self.name_of(t),
                            self.name_of(w)
                        )
                    });
                    lines.push(format!(
                        "every maximum matching covers {}, so the player to move wins{along} and keep answering along a maximum matching of what is left.",
                        self.name_of(t)
                    ));
                } else {
                    lines.push(format!(
                        "some maximum matching misses {}, so the player to move loses against perfect play: every move reaches a vertex that the opponent answers along that matching.",
                        self.name_of(t)
                    ));
                    return Ok(lines);
                }
            }
        }
        let mut rows = Vec::new();
        for o in &options {
            if !self.wins(o) {
                let w = o.token.map_or_else(String::new, |w| self.name_of(w));
                rows.push((
                    self.describe(p, o),
                    format!("some maximum matching of the rest misses {w}"),
                ));
            }
        }
        lines.push(format!("winning moves ({}):", rows.len()));
        lines.extend(listed(&rows));
        Ok(lines)
    }

    fn board(&self, p: &GeoPos) -> Option<String> {
        if self.grid.is_some() {
            let mut b = board::grid(&self.format(p).replace('/', "|"))?;
            b.push_str("(@ the token, x visited, # blocked)\n");
            return Some(b);
        }
        let mut out = String::new();
        match p.token {
            None => out.push_str("no token yet: the first move places it on any vertex\n"),
            Some(t) => {
                out.push_str(&format!(
                    "token on {t}   path: {}\n",
                    p.path.iter().map(u32::to_string).collect::<Vec<_>>().join(" → ")
                ));
                let next = self.adj[t as usize].iter().copied().filter(|&w| !p.has(w));
                out.push_str(&format!(
                    "unvisited neighbours of {t}: {}\n",
                    vertex_list(next, 30)
                ));
            }
        }
        let open = (0..self.n as u32).filter(|&v| !p.has(v));
        out.push_str(&format!("unvisited vertices: {}\n", vertex_list(open, 30)));
        Some(out)
    }

    fn short_move(&mut self, from: &GeoPos, line: &str) -> Option<Result<GeoPos, String>> {
        let word = strip_verb(line, &["to", "move", "place"]);
        if word.contains(' ') {
            return None;
        }
        let v = self.read_vertex(word)?;
        if (v as usize) >= self.n {
            return Some(Err(match &self.grid {
                Some(b) => format!("there is no cell {word} on this {}×{} board", b.height, b.width),
                None => format!("there is no vertex {v} (0 to {})", self.n - 1),
            }));
        }
        let ok = match from.token {
            None => self.placeable(v),
            Some(t) => !from.has(v) && self.adj[t as usize].contains(&v),
        };
        Some(if ok {
            Ok(self.place(from, v))
        } else {
            let what = match from.token {
                None => "is blocked".to_string(),
                Some(t) if from.has(v) => {
                    format!("was visited already (the token is on {})", self.name_of(t))
                }
                Some(t) => format!("is not next to the token on {}", self.name_of(t)),
            };
            Err(format!("{} {what}", self.name_of(v)))
        })
    }

    fn move_help(&self) -> Option<String> {
        Some(if self.grid.is_some() {
            "as the cell to move to, `b2` (column letter, row number) or `2,2` (row,column)".to_string()
        } else {
            "as the vertex to move to, e.g. `3`".to_string()
        })
    }

    fn reply(
        &mut self,
        _before: Option<&GeoPos>,
        now: &GeoPos,
        options: &[GeoPos],
    ) -> sprague::Result<Option<(usize, String)>> {
        let Some(t) = now.token else {
            return Ok(None);
        };
        if !self.wins(now) {
            return Ok(None);
        }
        let (mate, _) = self.matching(&self.visited_without_token(now));
        Ok(mate[t as usize].and_then(|w| {
            let i = options.iter().position(|o| o.token == Some(w))?;
            Some((
                i,
                format!(
                    "along the maximum matching edge {}–{}",
                    self.name_of(t),
                    self.name_of(w)
                ),
            ))
        }))
    }
}

/// Plays undirected vertex geography on the graph `g` from its start `@V`
/// (without one, the first move places the token).
///
/// # Errors
/// Misère play, a graph too large to play, and output failures.
pub fn play_geography(g: &EdgeList, settings: &Settings, io: &mut Io<'_>) -> crate::error::CliResult<()> {
    normal_only("geography", settings)?;
    if g.n > GEOGRAPHY_PLAY_LIMIT {
        return Err(crate::error::CliError::input(format!(
            "geography plays graphs of at most {GEOGRAPHY_PLAY_LIMIT} vertices (a turn runs a maximum matching); this one has {}",
            g.n
        )));
    }
    let engine = GeographyEngine::new("geography", g.n, g.edges.clone(), None);
    let start = engine.start(g.start);
    run_session(&mut *super::erase(engine, start), settings, io)
}

/// Plays geography on a board; the first move places the token on an open cell.
///
/// # Errors
/// Misère play, a board too large to play, and output failures.
pub fn play_grid_geography(b: &Board, settings: &Settings, io: &mut Io<'_>) -> crate::error::CliResult<()> {
    normal_only("geography-grid", settings)?;
    let cells = b.height * b.width;
    if cells > GEOGRAPHY_PLAY_LIMIT {
        return Err(crate::error::CliError::input(format!(
            "geography-grid plays boards of at most {GEOGRAPHY_PLAY_LIMIT} cells; this one has {cells}"
        )));
    }
    let engine = GeographyEngine::new("geography-grid", cells, b.grid_edges(), Some(b.clone()));
    let start = engine.start(None);
    run_session(&mut *super::erase(engine, start), settings, io)
}

// ------------------------------------------------------------ Leaf removal

fn set_text(mask: u64) -> String {
    let vs: Vec<String> = (0..64u32)
        .filter(|&v| mask >> v & 1 == 1)
        .map(|v| v.to_string())
        .collect();
    format!("{{{}}}", vs.join(","))
}

/// Reads `{0,1,3}` (a set of vertices below `n`) as a bit mask.
fn parse_set(text: &str, n: usize) -> Result<u64, String> {
    let inner = text
        .trim()
        .strip_prefix('{')
        .and_then(|t| t.strip_suffix('}'))
        .ok_or_else(|| format!("position `{text}`: expected the vertices left, `{{0,1,3}}`"))?;
    let mut mask = 0u64;
    for w in inner.split([',', ' ']).filter(|w| !w.is_empty()) {
        let v: usize = w.parse().ok().filter(|&v| v < n).ok_or_else(|| {
            format!(
                "position `{text}`: `{w}` is not a vertex (0 to {})",
                n.saturating_sub(1)
            )
        })?;
        mask |= 1 << v;
    }
    Ok(mask)
}

/// Reads vertex numbers (`2 4`, `2,4`) below `n` as a bit mask; `None` if a
/// word is not a number.
fn vertex_words(text: &str, n: usize) -> Option<Result<u64, String>> {
    let mut mask = 0u64;
    let mut any = false;
    for w in text.split([',', ' ']).filter(|w| !w.is_empty()) {
        let v: usize = w.parse().ok()?;
        if v >= n {
            return Some(Err(format!(
                "there is no vertex {v} (0 to {})",
                n.saturating_sub(1)
            )));
        }
        mask |= 1 << v;
        any = true;
    }
    any.then_some(Ok(mask))
}

/// A perfect leaf-removal player: positions are the vertices left (always a
/// subtree holding the root), judged by the linear rule of
/// [`sprague::leaf_removal_first_player_wins`] on that subtree.
pub struct LeafEngine {
    rules: LeafRemovalRules,
    tree: RootedTree,
}

impl LeafEngine {
    /// The subtree on the vertices of `alive`, relabelled in breadth-first order.
    fn wins(&self, alive: u64) -> sprague::Result<bool> {
        if alive & 1 == 0 {
            return Ok(false);
        }
        let mut label = vec![u32::MAX; self.tree.len()];
        let mut edges = Vec::new();
        let mut k = 0u32;
        for &v in &self.tree.order {
            if alive >> v & 1 == 0 {
                continue;
            }
            label[v as usize] = k;
            if v != 0 {
                edges.push((label[self.tree.parent[v as usize] as usize], k));
            }
            k += 1;
        }
        let sub = RootedTree::from_edges(k as usize, &edges)
            .map_err(|e| sprague::Error::internal(format!("leaf removal left a non-tree: {e}")))?;
        Ok(sprague::leaf_removal_first_player_wins(&sub))
    }

    /// The vertices that may be removed now: alive, with no child alive.
    fn leaves(&self, alive: u64) -> u64 {
        (0..self.tree.len() as u32)
            .filter(|&v| alive >> v & 1 == 1 && self.tree.children(v).iter().all(|&c| alive >> c & 1 == 0))
            .fold(0, |m, v| m | 1 << v)
    }

    fn draw(&self, alive: u64, v: u32, prefix: &str, last: bool, root: bool, out: &mut String) {
        if root {
            out.push_str(&format!("{v}\n"));
        } else {
            out.push_str(&format!("{prefix}{}{v}\n", if last { "└─ " } else { "├─ " }));
        }
        let kids: Vec<u32> = self
            .tree
            .children(v)
            .iter()
            .copied()
            .filter(|&c| alive >> c & 1 == 1)
            .collect();
        let deeper = if root {
            String::new()
        } else {
            format!("{prefix}{}", if last { "   " } else { "│  " })
        };
        for (i, &c) in kids.iter().enumerate() {
            self.draw(alive, c, &deeper, i + 1 == kids.len(), false, out);
        }
    }
}

impl Engine for LeafEngine {
    type Pos = u64;

    fn ruleset(&self) -> &str {
        "leaf-removal"
    }

    fn kind(&self) -> Kind {
        Kind::Impartial
    }

    fn format(&self, p: &u64) -> String {
        set_text(*p)
    }

    fn parse(&self, text: &str) -> Result<u64, String> {
        parse_set(text, self.tree.len())
    }

    fn options(&mut self, p: &u64, _mover: sprague::Player) -> sprague::Result<Vec<u64>> {
        let mut out = Vec::new();
        self.rules.moves(p, &mut out);
        Ok(out)
    }

    fn describe(&self, from: &u64, to: &u64) -> String {
        let gone = from & !to;
        let word = if gone.count_ones() == 1 { "leaf" } else { "leaves" };
        format!(
            "remove {word} {}",
            vertex_list((0..64u32).filter(|&v| gone >> v & 1 == 1), 64)
        )
    }

    fn verdict(&mut self, p: &u64, _mover: sprague::Player) -> sprague::Result<Verdict> {
        Ok(verdict_of(self.wins(*p)?))
    }

    fn hint(&mut self, p: &u64, mover: sprague::Player) -> sprague::Result<Vec<String>> {
        let wins = self.wins(*p)?;
        let mut lines = vec![
            "the rule, one pass up the tree (a vertex wins when the player to move wins its subtree): a leaf wins; a vertex with two or more children wins iff some child wins; a vertex with one child c wins iff some child of c wins. So a bare path wins iff it has an odd number of vertices.".to_string(),
            format!(
                "here the tree left ({} vertices) {} for the player to move.",
                p.count_ones(),
                if wins { "wins" } else { "loses against perfect play" }
            ),
        ];
        if !wins {
            return Ok(lines);
        }
        let mut rows = Vec::new();
        for o in self.options(p, mover)? {
            if !self.wins(o)? {
                rows.push((self.describe(p, &o), format!("leaves {}", set_text(o))));
            }
        }
        lines.push(format!(
            "winning moves ({}), each leaving a tree the opponent loses:",
            rows.len()
        ));
        lines.extend(listed(&rows));
        Ok(lines)
    }

    fn board(&self, p: &u64) -> Option<String> {
        if p & 1 == 0 {
            return Some("(the tree is gone)\n".to_string());
        }
        let mut out = String::new();
        self.draw(*p, 0, "", true, true, &mut out);
        out.push_str(&format!(
            "leaves: {}\n",
            vertex_list((0..64u32).filter(|&v| self.leaves(*p) >> v & 1 == 1), 64)
        ));
        Some(out)
    }

    fn short_move(&mut self, from: &u64, line: &str) -> Option<Result<u64, String>> {
        let words = strip_verb(line, &["remove", "take"]);
        let set = match vertex_words(words, self.tree.len())? {
            Ok(s) => s,
            Err(e) => return Some(Err(e)),
        };
        let leaves = self.leaves(*from);
        let bad = set & !leaves;
        Some(if bad == 0 {
            Ok(from & !set)
        } else {
            Err(format!(
                "{} not a leaf now (leaves: {})",
                vertex_list((0..64u32).filter(|&v| bad >> v & 1 == 1), 64),
                vertex_list((0..64u32).filter(|&v| leaves >> v & 1 == 1), 64)
            ))
        })
    }

    fn move_help(&self) -> Option<String> {
        Some("as the leaves to remove, e.g. `2 4`".to_string())
    }
}

/// Plays tree leaf removal from the whole tree.
///
/// # Errors
/// Misère play, a tree too large to play, and output failures.
pub fn play_leaf_removal(
    tree: RootedTree,
    settings: &Settings,
    io: &mut Io<'_>,
) -> crate::error::CliResult<()> {
    normal_only("leaf-removal", settings)?;
    let rules = LeafRemovalRules::new(&tree).ok_or_else(|| {
        crate::error::CliError::input(format!(
            "leaf-removal plays trees of at most 64 vertices; this one has {}",
            tree.len()
        ))
    })?;
    let leaves = (0..tree.len() as u32)
        .filter(|&v| v != 0 && tree.children(v).is_empty())
        .count();
    if leaves > LEAF_REMOVAL_PLAY_LEAVES {
        return Err(crate::error::CliError::input(format!(
            "leaf-removal plays trees of at most {LEAF_REMOVAL_PLAY_LEAVES} leaves (a move is any set of leaves, so every turn lists 2^leaves moves); this one has {leaves}"
        )));
    }
    let start = rules.start();
    let engine = LeafEngine { rules, tree };
    run_session(&mut *super::erase(engine, start), settings, io)
}

// ------------------------------------------------------------ Increasing distance

/// The increasing-distance game with its notation: a position is the token
/// (none before the first move places it) and the length of the last move.
pub struct DistancePlay {
    rules: IncreasingDistanceRules,
    dist: Vec<Vec<u8>>,
    winning_starts: Vec<bool>,
}

impl ImpartialRules for DistancePlay {
    type Position = Option<(u8, u8)>;

    fn moves(&self, p: &Option<(u8, u8)>, out: &mut Vec<Option<(u8, u8)>>) {
        match p {
            None => out.extend((0..self.dist.len()).map(|v| Some((v as u8, 0)))),
            Some(q) => {
                let mut inner = Vec::new();
                self.rules.moves(q, &mut inner);
                out.extend(inner.into_iter().map(Some));
            }
        }
    }
}

impl Notation<Option<(u8, u8)>> for DistancePlay {
    fn parse_position(&self, text: &str) -> Result<Option<(u8, u8)>, ParseError> {
        let mut words = text.split_whitespace();
        let first = words.next().unwrap_or("");
        let at = first
            .strip_prefix('@')
            .and_then(|v| v.parse::<usize>().ok())
            .filter(|&v| v < self.dist.len())
            .ok_or_else(|| {
                ParseError::new(
                    "expected `@V` (the token's vertex) and then `>D` (the last move's length)",
                    1,
                    first,
                )
            })?;
        let last = match words.next() {
            None => 0,
            Some(w) => w
                .strip_prefix('>')
                .and_then(|d| d.parse::<u8>().ok())
                .ok_or_else(|| {
                    ParseError::new("expected `>D`, the last move's length", first.len() + 2, w)
                })?,
        };
        Ok(Some((at as u8, last)))
    }

    fn format_position(&self, p: &Option<(u8, u8)>) -> String {
        match p {
            None => "(no token yet)".to_string(),
            Some((a, 0)) => format!("@{a}"),
            Some((a, l)) => format!("@{a} >{l}"),
        }
    }

    fn describe_move(&self, from: &Option<(u8, u8)>, to: &Option<(u8, u8)>) -> String {
        match (from, to) {
            (None, Some((w, _))) => format!("place the token on {w}"),
            (Some((a, _)), Some((w, d))) => {
                format!(
                    "move the token {a} → {w} ({d} edge{})",
                    if *d == 1 { "" } else { "s" }
                )
            }
            _ => "no move".to_string(),
        }
    }
}

impl DistancePlay {
    fn why(&self, p: &Option<(u8, u8)>) -> Vec<String> {
        let losing: Vec<u32> = (0..self.dist.len() as u32)
            .filter(|&v| !self.winning_starts[v as usize])
            .collect();
        let rule = format!(
            "from a fresh start (any first move allowed) the player to move loses only at the centre of a diameter of even length, answering through the centre to the far side; here that is {}.",
            if losing.is_empty() {
                "no vertex (the diameter is odd)".to_string()
            } else {
                format!("vertex {}", vertex_list(losing, 4))
            }
        );
        match p {
            None => vec![
                "no token yet: the first move places it, then the other player moves first from there."
                    .to_string(),
                rule,
            ],
            Some((_, 0)) => vec![rule],
            Some((a, l)) => vec![format!(
                "the token is on {a} and the next move must be longer than {l} edges; positions after the first move are searched."
            )],
        }
    }

    fn draw(&self, p: &Option<(u8, u8)>) -> Option<String> {
        let Some((a, l)) = p else {
            return Some(format!(
                "no token yet: the first move places it on any of the {} vertices\n",
                self.dist.len()
            ));
        };
        let reach: Vec<String> = self.dist[*a as usize]
            .iter()
            .enumerate()
            .filter(|&(_, &d)| d > *l)
            .map(|(w, d)| format!("{w} ({d})"))
            .collect();
        Some(format!(
            "token on {a}; the next move must be longer than {l} edge{}\nreachable (distance): {}\n",
            if *l == 1 { "" } else { "s" },
            if reach.is_empty() {
                "none".to_string()
            } else {
                reach.join(" ")
            }
        ))
    }
}

/// Plays the increasing-distance game on a tree from the start `@V` (without
/// one, the first move places the token).
///
/// # Errors
/// Misère play, a tree too large to play, search budgets, output failures.
pub fn play_increasing_distance(
    tree: &RootedTree,
    start: Option<u32>,
    settings: &Settings,
    io: &mut Io<'_>,
) -> crate::error::CliResult<()> {
    normal_only("increasing-distance", settings)?;
    let n = tree.len();
    let rules = IncreasingDistanceRules::new(tree)
        .filter(|_| n <= INCREASING_DISTANCE_PLAY_LIMIT)
        .ok_or_else(|| {
            crate::error::CliError::input(format!(
                "increasing-distance plays trees of at most {INCREASING_DISTANCE_PLAY_LIMIT} vertices (positions are searched); this one has {n}"
            ))
        })?;
    let mut adj = vec![Vec::new(); n];
    for v in 1..n as u32 {
        let p = tree.parent[v as usize];
        adj[v as usize].push(p);
        adj[p as usize].push(v);
    }
    let dist = (0..n)
        .map(|s| {
            let mut d = vec![u8::MAX; n];
            d[s] = 0;
            let mut queue = std::collections::VecDeque::from([s]);
            while let Some(x) = queue.pop_front() {
                for &y in &adj[x] {
                    if d[y as usize] == u8::MAX {
                        d[y as usize] = d[x] + 1;
                        queue.push_back(y as usize);
                    }
                }
            }
            d
        })
        .collect();
    let game = DistancePlay {
        rules,
        dist,
        winning_starts: sprague::increasing_distance_winning_starts(tree),
    };
    let engine = ImpartialEngine::new(
        "increasing-distance".to_string(),
        &game,
        false,
        &settings.options().misere(false),
    )
    .with_board(|p| game.draw(p))
    .with_why(|p| game.why(p))
    .with_short_moves("as the vertex to move to, e.g. `3`", |from, line| {
        let word = strip_verb(line, &["to", "move", "place"]);
        let w: usize = word.parse().ok()?;
        let mut opts = Vec::new();
        game.moves(from, &mut opts);
        Some(
            opts.into_iter()
                .find(|o| o.is_some_and(|(v, _)| v as usize == w))
                .ok_or_else(|| match from {
                    Some((a, l)) => format!(
                        "the token cannot move from {a} to {w}: the move must be longer than {l} edges"
                    ),
                    None => format!("there is no vertex {w}"),
                }),
        )
    });
    let engine = engine;
    let start = start.map(|s| (s as u8, 0));
    run_session(&mut *super::erase(engine, start), settings, io)
}

// ------------------------------------------------------------ Node and Arc Kayles

/// Node or Arc Kayles with its notation: a position is the set of vertices left.
pub struct KaylesPlay {
    node: Option<NodeKayles>,
    arc: Option<ArcKayles>,
    n: usize,
    adj: Vec<u64>,
}

impl ImpartialRules for KaylesPlay {
    type Position = u64;

    fn moves(&self, p: &u64, out: &mut Vec<u64>) {
        match (&self.node, &self.arc) {
            (Some(r), _) => r.moves(p, out),
            (_, Some(r)) => r.moves(p, out),
            _ => {}
        }
    }

    fn decompose(&self, p: &u64, out: &mut Vec<u64>) -> bool {
        match (&self.node, &self.arc) {
            (Some(r), _) => r.decompose(p, out),
            (_, Some(r)) => r.decompose(p, out),
            _ => false,
        }
    }

    fn compose(&self, parts: &[u64]) -> Option<u64> {
        match (&self.node, &self.arc) {
            (Some(r), _) => r.compose(parts),
            (_, Some(r)) => r.compose(parts),
            _ => None,
        }
    }

    fn closed_form(&self, c: &u64) -> Option<Nimber> {
        match (&self.node, &self.arc) {
            (Some(r), _) => r.closed_form(c),
            (_, Some(r)) => r.closed_form(c),
            _ => None,
        }
    }
}

impl Notation<u64> for KaylesPlay {
    fn parse_position(&self, text: &str) -> Result<u64, ParseError> {
        parse_set(text, self.n).map_err(|e| ParseError::new(e, 1, text))
    }

    fn format_position(&self, p: &u64) -> String {
        set_text(*p)
    }

    fn describe_move(&self, from: &u64, to: &u64) -> String {
        let gone = from & !to;
        if self.arc.is_some() {
            let ends: Vec<u32> = (0..64).filter(|&v| gone >> v & 1 == 1).collect();
            return format!("take edge {}", vertex_list(ends, 2).replace(' ', "-"));
        }
        let picked = (0..self.n as u32)
            .find(|&v| gone >> v & 1 == 1 && (self.adj[v as usize] | 1 << v) & from == gone);
        match picked {
            Some(v) if gone.count_ones() == 1 => format!("take vertex {v}"),
            Some(v) => format!(
                "take vertex {v} (with {})",
                vertex_list((0..64u32).filter(|&w| w != v && gone >> w & 1 == 1), 64)
            ),
            None => format!("take {}", set_text(gone)),
        }
    }
}

impl KaylesPlay {
    fn edges_left(&self, alive: u64) -> Vec<(u32, u32)> {
        let mut out = Vec::new();
        for u in 0..self.n as u32 {
            if alive >> u & 1 == 0 {
                continue;
            }
            let mut higher = self.adj[u as usize] & alive & !((2u64 << u).wrapping_sub(1));
            while higher != 0 {
                let v = higher.trailing_zeros();
                higher &= higher - 1;
                out.push((u, v));
            }
        }
        out
    }

    fn draw(&self, alive: u64) -> Option<String> {
        let edges = self.edges_left(alive);
        Some(format!(
            "vertices left: {}\nedges left:    {}\n",
            vertex_list((0..64u32).filter(|&v| alive >> v & 1 == 1), 64),
            if edges.is_empty() {
                "none".to_string()
            } else {
                edges_text(&edges, 64)
            }
        ))
    }

    fn short(&self, from: u64, line: &str) -> Option<Result<u64, String>> {
        let word = strip_verb(line, &["take", "pick"]);
        if word.contains(' ') {
            return None;
        }
        if self.arc.is_some() {
            let (u, v) = edge_word(word)?;
            let alive = |x: u32| (x as usize) < self.n && from >> x & 1 == 1;
            let joined = (u as usize) < self.n && self.adj[u as usize] >> v & 1 == 1;
            return Some(if alive(u) && alive(v) && joined && u != v {
                Ok(from & !(1u64 << u | 1u64 << v))
            } else {
                Err(format!(
                    "edge {u}-{v} is not in the graph left (edges: {})",
                    edges_text(&self.edges_left(from), 12)
                ))
            });
        }
        let v: u32 = word.parse().ok()?;
        Some(if (v as usize) < self.n && from >> v & 1 == 1 {
            Ok(from & !(self.adj[v as usize] | 1 << v))
        } else {
            Err(format!(
                "vertex {v} is not left (vertices: {})",
                vertex_list((0..64u32).filter(|&w| from >> w & 1 == 1), 64)
            ))
        })
    }
}

/// Plays Node Kayles (`arc` false) or Arc Kayles on the graph `g`.
///
/// # Errors
/// A graph of more than 64 vertices, search budgets, output failures.
pub fn play_kayles(
    g: &EdgeList,
    arc: bool,
    settings: &Settings,
    io: &mut Io<'_>,
) -> crate::error::CliResult<()> {
    let name = if arc { "arc-kayles" } else { "node-kayles" };
    let too_big = || {
        crate::error::CliError::input(format!(
            "`{name}` plays graphs of at most 64 vertices; this one has {}",
            g.n
        ))
    };
    let (node, arcr) = if arc {
        (None, Some(ArcKayles::new(g.n, &g.edges).ok_or_else(too_big)?))
    } else {
        (Some(NodeKayles::new(g.n, &g.edges).ok_or_else(too_big)?), None)
    };
    let mut adj = vec![0u64; g.n];
    for &(u, v) in &g.edges {
        if u != v {
            adj[u as usize] |= 1 << v;
            adj[v as usize] |= 1 << u;
        }
    }
    let start = match (&node, &arcr) {
        (Some(r), _) => r.start(),
        (_, Some(r)) => r.start(),
        _ => 0,
    };
    let game = KaylesPlay {
        node,
        arc: arcr,
        n: g.n,
        adj,
    };
    let help = if arc {
        "as the edge to take, `take 1-2` or `1-2`"
    } else {
        "as the vertex to take, `take 3` or `3` (`#3` is move 3 of `moves`)"
    };
    let engine = ImpartialEngine::new(name.to_string(), &game, false, &settings.options())
        .with_board(|p| game.draw(*p))
        .with_short_moves(help, |from, line| game.short(*from, line));
    run_session(&mut *super::erase(engine, start), settings, io)
}

// ------------------------------------------------------------ Wall Making

/// A Wall Making position: the rectangles still open (rows `r1..r2`, columns
/// `c1..c2`, half-open), sorted, and the cell picked to reach it.
#[derive(Clone, Debug)]
pub struct Walls {
    rects: Vec<[usize; 4]>,
    pick: Option<usize>,
}

/// A perfect Wall Making player: every rectangle's value is tabulated once,
/// and a position is the nim-sum of its rectangles.
pub struct WallEngine {
    board: Board,
    values: WallMakingValues,
}

impl WallEngine {
    fn value(&self, p: &Walls) -> u32 {
        p.rects
            .iter()
            .fold(0, |a, r| a ^ self.values.rect(r[0], r[1], r[2], r[3]))
    }

    fn pick(&self, p: &Walls, cell: usize) -> Option<Walls> {
        let (r, c) = (cell / self.board.width, cell % self.board.width);
        if !self.board.open[cell] {
            return None;
        }
        let k = p
            .rects
            .iter()
            .position(|x| (x[0]..x[1]).contains(&r) && (x[2]..x[3]).contains(&c))?;
        let [r1, r2, c1, c2] = p.rects[k];
        let mut rects = p.rects.clone();
        rects.remove(k);
        for q in [
            [r1, r, c1, c],
            [r1, r, c + 1, c2],
            [r + 1, r2, c1, c],
            [r + 1, r2, c + 1, c2],
        ] {
            if q[0] < q[1] && q[2] < q[3] {
                rects.push(q);
            }
        }
        rects.sort_unstable();
        Some(Walls {
            rects,
            pick: Some(cell),
        })
    }

    fn inside(&self, p: &Walls, cell: usize) -> bool {
        let (r, c) = (cell / self.board.width, cell % self.board.width);
        p.rects
            .iter()
            .any(|x| (x[0]..x[1]).contains(&r) && (x[2]..x[3]).contains(&c))
    }

    fn rect_name(&self, x: &[usize; 4]) -> String {
        let col = |c: usize| {
            if self.board.width <= 26 {
                char::from(b'a' + c as u8).to_string()
            } else {
                (c + 1).to_string()
            }
        };
        let rows = if x[1] == x[0] + 1 {
            format!("row {}", x[0] + 1)
        } else {
            format!("rows {}–{}", x[0] + 1, x[1])
        };
        let cols = if x[3] == x[2] + 1 {
            format!("column {}", col(x[2]))
        } else {
            format!("columns {}–{}", col(x[2]), col(x[3] - 1))
        };
        format!("{rows}, {cols}")
    }
}

impl Engine for WallEngine {
    type Pos = Walls;

    fn ruleset(&self) -> &str {
        "wall-making"
    }

    fn kind(&self) -> Kind {
        Kind::Impartial
    }

    fn format(&self, p: &Walls) -> String {
        let b = &self.board;
        let rows: Vec<String> = (0..b.height)
            .map(|r| {
                (0..b.width)
                    .map(|c| {
                        let i = r * b.width + c;
                        if !self.inside(p, i) {
                            '+'
                        } else if b.open[i] {
                            '.'
                        } else {
                            '#'
                        }
                    })
                    .collect()
            })
            .collect();
        rows.join("/")
    }

    fn parse(&self, text: &str) -> Result<Walls, String> {
        let b = &self.board;
        let rows: Vec<Vec<char>> = text
            .split(['/', '|'])
            .map(|r| r.trim().chars().collect())
            .collect();
        if rows.len() != b.height || rows.iter().any(|r| r.len() != b.width) {
            return Err(format!(
                "position `{text}`: expected {} rows of {} cells (`.` open, `#` marked, `+` wall)",
                b.height, b.width
            ));
        }
        let wall: Vec<bool> = rows.iter().flatten().map(|&c| c == '+').collect();
        for (i, &ch) in rows.iter().flatten().enumerate() {
            let fits = ch == '+' || (matches!(ch, '.' | '#') && (ch == '.') == b.open[i]);
            if !fits {
                return Err(format!(
                    "position `{text}`: row {}, column {}: `{ch}` does not fit the board",
                    i / b.width + 1,
                    i % b.width + 1
                ));
            }
        }
        // Each region of cells without walls must be a rectangle.
        let mut seen = vec![false; wall.len()];
        let mut rects = Vec::new();
        for start in 0..wall.len() {
            if wall[start] || seen[start] {
                continue;
            }
            let (r1, c1) = (start / b.width, start % b.width);
            let mut c2 = c1;
            while c2 < b.width && !wall[r1 * b.width + c2] {
                c2 += 1;
            }
            let mut r2 = r1;
            while r2 < b.height && (c1..c2).all(|c| !wall[r2 * b.width + c]) {
                r2 += 1;
            }
            for r in r1..r2 {
                for c in c1..c2 {
                    seen[r * b.width + c] = true;
                }
            }
            rects.push([r1, r2, c1, c2]);
        }
        rects.sort_unstable();
        Ok(Walls { rects, pick: None })
    }

    fn options(&mut self, p: &Walls, _mover: sprague::Player) -> sprague::Result<Vec<Walls>> {
        Ok((0..self.board.open.len())
            .filter_map(|i| self.pick(p, i))
            .collect())
    }

    fn describe(&self, _from: &Walls, to: &Walls) -> String {
        to.pick.map_or_else(
            || "a pick".to_string(),
            |i| format!("pick {}", cell_name(&self.board, i)),
        )
    }

    fn verdict(&mut self, p: &Walls, _mover: sprague::Player) -> sprague::Result<Verdict> {
        Ok(verdict_of(self.value(p) != 0))
    }

    fn hint(&mut self, p: &Walls, mover: sprague::Player) -> sprague::Result<Vec<String>> {
        let values: Vec<u32> = p
            .rects
            .iter()
            .map(|x| self.values.rect(x[0], x[1], x[2], x[3]))
            .collect();
        let total = self.value(p);
        let mut lines = vec![format!(
            "the walls cut the board into {} rectangle{} played independently; each is worth its tabulated Grundy value:",
            p.rects.len(),
            if p.rects.len() == 1 { "" } else { "s" }
        )];
        for (i, (x, v)) in p.rects.iter().zip(&values).enumerate() {
            lines.push(format!(
                "    rectangle {} ({}): value {v}",
                i + 1,
                self.rect_name(x)
            ));
        }
        let sum: Vec<String> = values.iter().map(u32::to_string).collect();
        lines.push(format!(
            "nim-sum: {} = {total}",
            if sum.is_empty() {
                "0".to_string()
            } else {
                sum.join(" ⊕ ")
            }
        ));
        if total == 0 {
            lines.push("the nim-sum is 0, so the player to move loses against perfect play.".to_string());
            return Ok(lines);
        }
        lines.push(format!(
            "it is not 0: pick a cell of a rectangle of value v that splits it into pieces worth v ⊕ {total} together:"
        ));
        let mut rows = Vec::new();
        for o in self.options(p, mover)? {
            if self.value(&o) == 0 {
                let k = o.pick.and_then(|i| {
                    let (r, c) = (i / self.board.width, i % self.board.width);
                    p.rects
                        .iter()
                        .position(|x| (x[0]..x[1]).contains(&r) && (x[2]..x[3]).contains(&c))
                });
                let note = k.map_or_else(String::new, |k| {
                    format!("rectangle {}: {} → {}", k + 1, values[k], values[k] ^ total)
                });
                rows.push((self.describe(p, &o), note));
            }
        }
        lines.push(format!("winning picks ({}):", rows.len()));
        lines.extend(listed(&rows));
        Ok(lines)
    }

    fn board(&self, p: &Walls) -> Option<String> {
        let mut b = board::grid(&self.format(p).replace('/', "|"))?;
        b.push_str("(+ wall, # marked: never picked)\n");
        Some(b)
    }

    fn short_move(&mut self, from: &Walls, line: &str) -> Option<Result<Walls, String>> {
        let word = strip_verb(line, &["pick"]);
        let Some(cell) = read_cell(&self.board, word) else {
            return looks_like_cell(word).then(|| {
                Err(format!(
                    "there is no cell {word} on this {}×{} board",
                    self.board.height, self.board.width
                ))
            });
        };
        Some(self.pick(from, cell).ok_or_else(|| {
            format!(
                "{} cannot be picked: it is {}",
                cell_name(&self.board, cell),
                if self.board.open[cell] {
                    "walled already"
                } else {
                    "marked `#`"
                }
            )
        }))
    }

    fn move_help(&self) -> Option<String> {
        Some("as the cell to pick, `b2` (column letter, row number) or `2,2` (row,column)".to_string())
    }
}

/// Plays the Wall Making Game on `board`.
///
/// # Errors
/// Misère play, a board over the table's size limit, output failures.
pub fn play_wall_making(board: Board, settings: &Settings, io: &mut Io<'_>) -> crate::error::CliResult<()> {
    normal_only("wall-making", settings)?;
    let values = sprague::wall_making_values(&board)
        .map_err(|e| crate::error::CliError::input(format!("board: {e}")))?;
    let start = Walls {
        rects: vec![[0, board.height, 0, board.width]],
        pick: None,
    };
    let engine = WallEngine { board, values };
    run_session(&mut *super::erase(engine, start), settings, io)
}

#[cfg(test)]
mod tests {
    use super::*;
    use sprague::{GeographyRules, GrundySolver, Player, WallMakingRules};

    fn next(seed: &mut u64) -> u64 {
        *seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        *seed >> 33
    }

    fn random_graph(seed: &mut u64, n: u64, m: u64) -> Vec<(u32, u32)> {
        (0..m)
            .map(|_| (next(seed) % n, next(seed) % n))
            .map(|(u, v)| (u as u32, v as u32))
            .collect()
    }

    /// Walks random games with `engine`, calling `check` at every position.
    fn walk<E: Engine>(
        seed: &mut u64,
        engine: &mut E,
        start: E::Pos,
        mut check: impl FnMut(&mut E, &E::Pos),
    ) {
        let mut p = start;
        loop {
            check(engine, &p);
            let options = engine.options(&p, Player::Left).unwrap();
            if options.is_empty() {
                return;
            }
            p = options[next(seed) as usize % options.len()].clone();
        }
    }

    #[test]
    fn hackenbush_engine_agrees_with_search() {
        let mut seed = 3;
        let mut solver = GrundySolver::new(&GreenHackenbush);
        for _ in 0..60 {
            let n = 2 + next(&mut seed) % 6;
            let m = 1 + next(&mut seed) % 8;
            let edges = random_graph(&mut seed, n, m);
            let mut engine = HackenbushEngine { misere: None };
            let start = Picture {
                edges: grounded(&edges),
                cut: None,
            };
            assert_eq!(start.edges, GreenHackenbush::position(&edges));
            walk(&mut seed, &mut engine, start, |e, p| {
                let want = !solver.grundy(&p.edges).unwrap().is_zero();
                assert_eq!(
                    e.verdict(p, Player::Left).unwrap().is_win(),
                    want,
                    "{:?}",
                    p.edges
                );
                let mut mine: Vec<Vec<(u32, u32)>> = e
                    .options(p, Player::Left)
                    .unwrap()
                    .into_iter()
                    .map(|o| o.edges)
                    .collect();
                let mut theirs = Vec::new();
                GreenHackenbush.moves(&p.edges, &mut theirs);
                mine.sort();
                theirs.sort();
                assert_eq!(mine, theirs, "{:?}", p.edges);
            });
        }
    }

    #[test]
    fn geography_engine_agrees_with_search() {
        let mut seed = 5;
        for round in 0..80 {
            let n = 1 + next(&mut seed) % 9;
            let m = next(&mut seed) % 14;
            let edges = random_graph(&mut seed, n, m);
            let rules = GeographyRules::new(n as usize, &edges).unwrap();
            let mut solver = GrundySolver::new(&rules);
            let mut engine = GeographyEngine::new("geography", n as usize, edges.clone(), None);
            let start = if round % 3 == 0 {
                engine.start(None)
            } else {
                engine.start(Some((next(&mut seed) % n) as u32))
            };
            walk(&mut seed, &mut engine, start, |e, p| {
                let want = match p.token {
                    Some(t) => !solver.grundy(&(t as u8, p.visited[0])).unwrap().is_zero(),
                    None => (0..n as u32).any(|v| solver.grundy(&rules.start(v)).unwrap().is_zero()),
                };
                assert_eq!(
                    e.verdict(p, Player::Left).unwrap().is_win(),
                    want,
                    "{edges:?} {p:?}"
                );
                // Moves typed as vertices are the options.
                for o in e.options(p, Player::Left).unwrap() {
                    let w = o.token.unwrap().to_string();
                    let typed = e.short_move(p, &w).unwrap().unwrap();
                    assert_eq!(e.key(&typed), e.key(&o));
                }
            });
        }
    }

    #[test]
    fn grid_geography_engine_agrees_with_search() {
        let mut seed = 13;
        for _ in 0..30 {
            let (h, w) = (1 + next(&mut seed) as usize % 3, 1 + next(&mut seed) as usize % 4);
            let open: Vec<bool> = (0..h * w).map(|_| !next(&mut seed).is_multiple_of(4)).collect();
            let board = Board {
                height: h,
                width: w,
                open,
            };
            let edges = board.grid_edges();
            let rules = GeographyRules::new(h * w, &edges).unwrap();
            let mut solver = GrundySolver::new(&rules);
            let mut engine = GeographyEngine::new("geography-grid", h * w, edges, Some(board.clone()));
            let start = engine.start(None);
            walk(&mut seed, &mut engine, start, |e, p| {
                let want = match p.token {
                    Some(t) => !solver.grundy(&(t as u8, p.visited[0])).unwrap().is_zero(),
                    None => (0..(h * w) as u32)
                        .any(|v| board.open[v as usize] && solver.grundy(&rules.start(v)).unwrap().is_zero()),
                };
                assert_eq!(e.verdict(p, Player::Left).unwrap().is_win(), want, "{p:?}");
                // The notation reads back.
                let text = e.format(p);
                let back = e.parse(&text).unwrap();
                assert_eq!(e.key(&back), e.key(p), "{text}");
            });
        }
    }

    #[test]
    fn leaf_engine_agrees_with_search() {
        let mut seed = 7;
        for _ in 0..60 {
            let n = 1 + next(&mut seed) as usize % 10;
            let edges: Vec<(u32, u32)> = (1..n)
                .map(|v| ((next(&mut seed) as usize % v) as u32, v as u32))
                .collect();
            let tree = RootedTree::from_edges(n, &edges).unwrap();
            let rules = LeafRemovalRules::new(&tree).unwrap();
            let mut solver = GrundySolver::new(&rules);
            let start = rules.start();
            let mut engine = LeafEngine {
                rules: rules.clone(),
                tree,
            };
            walk(&mut seed, &mut engine, start, |e, p| {
                let want = !solver.grundy(p).unwrap().is_zero();
                assert_eq!(
                    e.verdict(p, Player::Left).unwrap().is_win(),
                    want,
                    "{edges:?} {p:b}"
                );
            });
        }
    }

    #[test]
    fn wall_engine_agrees_with_search() {
        let mut seed = 11;
        for _ in 0..40 {
            let (h, w) = (1 + next(&mut seed) as usize % 4, 1 + next(&mut seed) as usize % 4);
            let open: Vec<bool> = (0..h * w).map(|_| !next(&mut seed).is_multiple_of(5)).collect();
            let board = Board {
                height: h,
                width: w,
                open,
            };
            let rules = WallMakingRules::new(&board).unwrap();
            let mut solver = GrundySolver::new(&rules);
            let values = sprague::wall_making_values(&board).unwrap();
            let mut engine = WallEngine {
                board: board.clone(),
                values,
            };
            let start = Walls {
                rects: vec![[0, h, 0, w]],
                pick: None,
            };
            walk(&mut seed, &mut engine, start, |e, p| {
                let walls = (0..h * w)
                    .filter(|&i| !e.inside(p, i))
                    .fold(0u64, |m, i| m | 1 << i);
                let want = !solver.grundy(&walls).unwrap().is_zero();
                assert_eq!(
                    e.verdict(p, Player::Left).unwrap().is_win(),
                    want,
                    "{}",
                    e.format(p)
                );
                let mut theirs = Vec::new();
                rules.moves(&walls, &mut theirs);
                assert_eq!(e.options(p, Player::Left).unwrap().len(), theirs.len());
                let text = e.format(p);
                assert_eq!(e.format(&e.parse(&text).unwrap()), text);
            });
        }
    }
}
