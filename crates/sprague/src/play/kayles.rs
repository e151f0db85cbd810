//! Node and Arc Kayles in play: a position is the set of vertices left,
//! searched by connected components.

use super::engines::ImpartialEngine;
use super::graph_text::{edge_word, edges_text, parse_set, set_text, strip_verb, vertex_list};
use crate::query::{Error, Options, Result};
use crate::{
    graph_games::{ArcKayles, EdgeList, NodeKayles},
    impartial::ImpartialRules,
    nimber::Nimber,
    notation::{Notation, ParseError},
};

/// Node or Arc Kayles with its notation: a position is the set of vertices left.
pub(crate) struct KaylesPlay {
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
    /// Node Kayles (`arc` false) or Arc Kayles on the graph `g`, and its start.
    ///
    /// # Errors
    /// A graph of more than 64 vertices.
    pub(crate) fn new(g: &EdgeList, arc: bool) -> Result<(Self, u64)> {
        let name = if arc { "arc-kayles" } else { "node-kayles" };
        let too_big = || {
            Error::input(format!(
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
        Ok((game, start))
    }

    /// A perfect player of this game (searched by components), with its board
    /// and short moves.
    pub(crate) fn engine<'a>(&'a self, options: &Options<'a>) -> ImpartialEngine<'a, KaylesPlay> {
        let (name, help) = if self.arc.is_some() {
            ("arc-kayles", "as the edge to take, `take 1-2` or `1-2`")
        } else {
            (
                "node-kayles",
                "as the vertex to take, `take 3` or `3` (`#3` is move 3 of `moves`)",
            )
        };
        ImpartialEngine::new(name.to_string(), self, false, options)
            .with_board(|p| self.draw(*p))
            .with_short_moves(help, |from, line| self.short(*from, line))
    }

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
