//! The increasing-distance tree game in play: a position is the token (none
//! before the first move places it) and the length of the last move; the
//! diameter-midpoint rule explains fresh starts, later positions are searched.

use super::engines::ImpartialEngine;
use super::graph_text::{played_normal_only, strip_verb, vertex_list};
use crate::query::{Error, Options, Result};
use crate::{
    graph_games::{IncreasingDistanceRules, RootedTree},
    impartial::ImpartialRules,
    notation::{Notation, ParseError},
};

/// Most vertices of an increasing-distance tree in play (searched: up to n²
/// positions).
pub(crate) const INCREASING_DISTANCE_PLAY_LIMIT: usize = 128;

/// The increasing-distance game with its notation: a position is the token
/// (none before the first move places it) and the length of the last move.
pub(crate) struct DistancePlay {
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
    /// The game on `tree`, for play.
    ///
    /// # Errors
    /// Misère play, a tree too large to play.
    pub(crate) fn new(tree: &RootedTree, options: &Options<'_>) -> Result<Self> {
        played_normal_only("increasing-distance", options)?;
        let n = tree.len();
        let rules = IncreasingDistanceRules::new(tree)
            .filter(|_| n <= INCREASING_DISTANCE_PLAY_LIMIT)
            .ok_or_else(|| {
                Error::input(format!(
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
        Ok(DistancePlay {
            rules,
            dist,
            winning_starts: crate::graph_games::increasing_distance_winning_starts(tree),
        })
    }

    /// A perfect player of this game (searched, in normal play), with its
    /// board, hints and short moves.
    pub(crate) fn engine<'a>(&'a self, options: &Options<'a>) -> ImpartialEngine<'a, DistancePlay> {
        ImpartialEngine::new(
            "increasing-distance".to_string(),
            self,
            false,
            &options.misere(false),
        )
        .with_board(|p| self.draw(p))
        .with_why(|p| self.why(p))
        .with_short_moves("as the vertex to move to, e.g. `3`", |from, line| {
            let word = strip_verb(line, &["to", "move", "place"]);
            let w: usize = word.parse().ok()?;
            let mut opts = Vec::new();
            self.moves(from, &mut opts);
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
        })
    }

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
