//! The perfect player of undirected vertex geography, on graphs and on
//! boards: the maximum-matching criterion judges every position.

use super::board;
use super::engine::{Engine, Verdict};
use super::graph_text::{
    cell_name, grid_text, listed, looks_like_cell, played_normal_only, read_cell, strip_verb, verdict_of,
    vertex_list,
};
use crate::query::{Error, Options, Result};
use crate::{
    graph_games::{CellGrid, EdgeList},
    partizan::Player,
};
use std::collections::HashMap;

/// Most vertices (cells of a board) of a geography game in play: a turn runs
/// one maximum matching.
pub(crate) const GEOGRAPHY_PLAY_LIMIT: usize = 2_000;

/// A geography position: the token (none before the first move places it),
/// the visited vertices as a bit set, and the path taken.
#[derive(Clone, Debug)]
pub(crate) struct GeoPos {
    pub(crate) token: Option<u32>,
    pub(crate) visited: Vec<u64>,
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
pub(crate) struct GeographyEngine {
    name: &'static str,
    n: usize,
    adj: Vec<Vec<u32>>,
    edges: Vec<(u32, u32)>,
    grid: Option<CellGrid>,
    cache: HashMap<Vec<u64>, Vec<bool>>,
}

impl GeographyEngine {
    /// A player of geography on the graph `g` from its start `@V` (without
    /// one, the first move places the token), and its start.
    ///
    /// # Errors
    /// Misère play, a graph too large to play.
    pub(crate) fn on_graph(g: &EdgeList, options: &Options<'_>) -> Result<(Self, GeoPos)> {
        played_normal_only("geography", options)?;
        if g.n > GEOGRAPHY_PLAY_LIMIT {
            return Err(Error::input(format!(
                "geography plays graphs of at most {GEOGRAPHY_PLAY_LIMIT} vertices (a turn runs a maximum matching); this one has {}",
                g.n
            )));
        }
        let engine = GeographyEngine::new("geography", g.n, g.edges.clone(), None);
        let start = engine.start(g.start);
        Ok((engine, start))
    }

    /// A player of geography on the board `b` (the first move places the
    /// token on an open cell), and its start.
    ///
    /// # Errors
    /// Misère play, a board too large to play.
    pub(crate) fn on_board(b: &CellGrid, options: &Options<'_>) -> Result<(Self, GeoPos)> {
        played_normal_only("geography-grid", options)?;
        let cells = b.height * b.width;
        if cells > GEOGRAPHY_PLAY_LIMIT {
            return Err(Error::input(format!(
                "geography-grid plays boards of at most {GEOGRAPHY_PLAY_LIMIT} cells; this one has {cells}"
            )));
        }
        let engine = GeographyEngine::new("geography-grid", cells, b.grid_edges(), Some(b.clone()));
        let start = engine.start(None);
        Ok((engine, start))
    }

    pub(crate) fn new(name: &'static str, n: usize, edges: Vec<(u32, u32)>, grid: Option<CellGrid>) -> Self {
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

    pub(crate) fn start(&self, token: Option<u32>) -> GeoPos {
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
            let w = crate::graph_games::geography_winning_starts(self.n, &self.rest_edges(removed));
            self.cache.insert(removed.to_vec(), w);
        }
        &self.cache[removed]
    }

    /// A maximum matching of the graph outside `removed`, and its method.
    fn matching(&self, removed: &[u64]) -> (Vec<Option<u32>>, &'static str) {
        let g = crate::graph_games::UndirectedGraph::new(self.n, &self.rest_edges(removed));
        match g.two_coloring() {
            Some(side) => (
                crate::graph_games::hopcroft_karp(&g, &side),
                "Hopcroft–Karp, the graph is bipartite",
            ),
            None => (
                crate::graph_games::edmonds_matching(&g),
                "Edmonds' blossom algorithm",
            ),
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
impl Engine for GeographyEngine {
    type Pos = GeoPos;

    fn ruleset(&self) -> &str {
        self.name
    }

    fn format(&self, p: &GeoPos) -> String {
        match &self.grid {
            Some(b) => grid_text(b, |i| {
                let v = i as u32;
                if p.token == Some(v) {
                    '@'
                } else if p.has(v) {
                    'x'
                } else if b.open[i] {
                    '.'
                } else {
                    '#'
                }
            }),
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

    fn options(&mut self, p: &GeoPos, _mover: Player) -> Result<Vec<GeoPos>> {
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

    fn verdict(&mut self, p: &GeoPos, _mover: Player) -> Result<Verdict> {
        Ok(verdict_of(self.wins(p)))
    }

    fn hint(&mut self, p: &GeoPos, mover: Player) -> Result<Vec<String>> {
        let options = self.options(p, mover)?;
        let mut lines = Vec::new();
        let removed = self.visited_without_token(p);
        let (mate, method) = self.matching(&removed);
        let size = crate::graph_games::matching_size(&mate);
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
    ) -> Result<Option<(usize, String)>> {
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
