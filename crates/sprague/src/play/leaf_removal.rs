//! The perfect player of tree leaf removal: positions are the vertices left,
//! judged by the linear rule on that subtree.

use super::engine::{Engine, Verdict};
use super::graph_text::{
    listed, parse_set, played_normal_only, set_text, strip_verb, verdict_of, vertex_list, vertex_words,
};
use crate::query::{Error, Options, Result};
use crate::{
    graph_games::{LeafRemovalRules, RootedTree},
    impartial::ImpartialRules,
    partizan::Player,
};

/// Most leaves of a leaf-removal tree in play (a move is any nonempty set of
/// leaves, so a turn lists up to 2^leaves moves).
pub(crate) const LEAF_REMOVAL_PLAY_LEAVES: usize = 14;

/// A perfect leaf-removal player: positions are the vertices left (always a
/// subtree holding the root), judged by the linear rule of
/// [`crate::graph_games::leaf_removal_first_player_wins`] on that subtree.
pub(crate) struct LeafEngine {
    pub(crate) rules: LeafRemovalRules,
    pub(crate) tree: RootedTree,
}

impl LeafEngine {
    /// A player of leaf removal from the whole `tree`, and its start.
    ///
    /// # Errors
    /// Misère play, a tree too large to play.
    pub(crate) fn new(tree: RootedTree, options: &Options<'_>) -> Result<(Self, u64)> {
        played_normal_only("leaf-removal", options)?;
        let rules = LeafRemovalRules::new(&tree).ok_or_else(|| {
            Error::input(format!(
                "leaf-removal plays trees of at most 64 vertices; this one has {}",
                tree.len()
            ))
        })?;
        let leaves = (0..tree.len() as u32)
            .filter(|&v| v != 0 && tree.children(v).is_empty())
            .count();
        if leaves > LEAF_REMOVAL_PLAY_LEAVES {
            return Err(Error::input(format!(
                "leaf-removal plays trees of at most {LEAF_REMOVAL_PLAY_LEAVES} leaves (a move is any set of leaves, so every turn lists 2^leaves moves); this one has {leaves}"
            )));
        }
        let start = rules.start();
        Ok((LeafEngine { rules, tree }, start))
    }

    /// The subtree on the vertices of `alive`, relabelled in breadth-first order.
    fn wins(&self, alive: u64) -> Result<bool> {
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
            .map_err(|e| Error::internal(format!("leaf removal left a non-tree: {e}")))?;
        Ok(crate::graph_games::leaf_removal_first_player_wins(&sub))
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

    fn format(&self, p: &u64) -> String {
        set_text(*p)
    }

    fn parse(&self, text: &str) -> Result<u64, String> {
        parse_set(text, self.tree.len())
    }

    fn options(&mut self, p: &u64, _mover: Player) -> Result<Vec<u64>> {
        let mut out = Vec::new();
        self.rules.moves(p, &mut out);
        Ok(out)
    }

    fn describe(&self, from: &u64, to: &u64) -> String {
        removed_leaves(*from, *to)
    }

    fn verdict(&mut self, p: &u64, _mover: Player) -> Result<Verdict> {
        Ok(verdict_of(self.wins(*p)?))
    }

    fn hint(&mut self, p: &u64, mover: Player) -> Result<Vec<String>> {
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

/// A perfect player of unrooted leaf removal: positions are the vertices
/// left; a move removes any nonempty set of the current leaves (vertices
/// with at most one living neighbour). Judged by a memoised search over the
/// sets of vertices left, within the query's state budget.
pub(crate) struct UnrootedLeafEngine<'m> {
    rules: crate::graph_games::UnrootedLeafRemovalRules,
    n: usize,
    edges: Vec<(u32, u32)>,
    /// Whether the player to move wins, by the vertices left.
    memo: std::collections::HashMap<u64, bool>,
    max_states: usize,
    monitor: &'m crate::monitor::Monitor,
}

impl<'m> UnrootedLeafEngine<'m> {
    /// A player of unrooted leaf removal on the tree on `0..n` with `edges`,
    /// and its start (every vertex).
    ///
    /// # Errors
    /// Misère play, a tree too large to play (more than 64 vertices or
    /// [`LEAF_REMOVAL_PLAY_LEAVES`] leaves).
    pub(crate) fn new(n: usize, edges: Vec<(u32, u32)>, options: &Options<'m>) -> Result<(Self, u64)> {
        played_normal_only("leaf-removal-unrooted", options)?;
        let rules = crate::graph_games::UnrootedLeafRemovalRules::new(n, &edges)
            .filter(|r| r.leaves(r.start()).count_ones() as usize <= LEAF_REMOVAL_PLAY_LEAVES)
            .ok_or_else(|| {
                Error::input(format!(
                    "leaf-removal-unrooted plays trees of at most 64 vertices and {LEAF_REMOVAL_PLAY_LEAVES} leaves (a move is any set of leaves, so every turn lists 2^leaves moves)"
                ))
            })?;
        let start = rules.start();
        let engine = UnrootedLeafEngine {
            rules,
            n,
            edges,
            memo: std::collections::HashMap::new(),
            max_states: options.max_states,
            monitor: options.monitor,
        };
        Ok((engine, start))
    }

    /// Whether the player to move wins with the vertices of `alive` left: some
    /// move leaves a position the opponent loses. Iterative, memoised.
    fn wins(&mut self, alive: u64) -> Result<bool> {
        let mut stack = vec![alive];
        while let Some(&p) = stack.last() {
            if self.memo.contains_key(&p) {
                stack.pop();
                continue;
            }
            let mut options = Vec::new();
            self.rules.moves(&p, &mut options);
            let mut pending = None;
            let mut win = false;
            for o in options {
                match self.memo.get(&o) {
                    Some(false) => {
                        win = true;
                        break;
                    }
                    Some(true) => {}
                    None => pending = Some(o),
                }
            }
            if !win && let Some(o) = pending {
                stack.push(o);
                continue;
            }
            if self.memo.len() >= self.max_states {
                return Err(crate::budget::BudgetExceeded {
                    max_states: self.max_states,
                }
                .into());
            }
            self.monitor.check()?;
            self.memo.insert(p, win);
            stack.pop();
        }
        Ok(self.memo.get(&alive).copied().unwrap_or(false))
    }
}

impl Engine for UnrootedLeafEngine<'_> {
    type Pos = u64;

    fn ruleset(&self) -> &str {
        "leaf-removal-unrooted"
    }

    fn format(&self, p: &u64) -> String {
        if *p == 0 {
            "empty".to_string()
        } else {
            set_text(*p)
        }
    }

    fn parse(&self, text: &str) -> Result<u64, String> {
        if text.trim().eq_ignore_ascii_case("empty") {
            return Ok(0);
        }
        parse_set(text, self.n)
    }

    fn options(&mut self, p: &u64, _mover: Player) -> Result<Vec<u64>> {
        let mut out = Vec::new();
        self.rules.moves(p, &mut out);
        Ok(out)
    }

    fn describe(&self, from: &u64, to: &u64) -> String {
        removed_leaves(*from, *to)
    }

    fn verdict(&mut self, p: &u64, _mover: Player) -> Result<Verdict> {
        Ok(verdict_of(self.wins(*p)?))
    }

    fn hint(&mut self, p: &u64, mover: Player) -> Result<Vec<String>> {
        let wins = self.wins(*p)?;
        let mut lines = vec![format!(
            "the tree left ({} vertices) {} for the player to move (a search over the sets of vertices left).",
            p.count_ones(),
            if wins {
                "wins"
            } else {
                "loses against perfect play"
            }
        )];
        if !wins {
            return Ok(lines);
        }
        let mut rows = Vec::new();
        for o in self.options(p, mover)? {
            if !self.wins(o)? {
                rows.push((self.describe(p, &o), format!("leaves {}", self.format(&o))));
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
        if *p == 0 {
            return Some("(the tree is gone)\n".to_string());
        }
        let kept: Vec<String> = self
            .edges
            .iter()
            .filter(|&&(a, b)| p >> a & 1 == 1 && p >> b & 1 == 1)
            .map(|(a, b)| format!("{a}-{b}"))
            .collect();
        let alone: Vec<String> = (0..self.n as u32)
            .filter(|&v| {
                p >> v & 1 == 1
                    && self
                        .edges
                        .iter()
                        .all(|&(a, b)| (a != v || p >> b & 1 == 0) && (b != v || p >> a & 1 == 0))
            })
            .map(|v| v.to_string())
            .collect();
        let mut out = format!(
            "edges: {}\n",
            if kept.is_empty() {
                "none".to_string()
            } else {
                kept.join(" ")
            }
        );
        if !alone.is_empty() {
            out.push_str(&format!("lone vertices: {}\n", alone.join(" ")));
        }
        out.push_str(&format!(
            "leaves: {}\n",
            vertex_list((0..64u32).filter(|&v| self.rules.leaves(*p) >> v & 1 == 1), 64)
        ));
        Some(out)
    }

    fn short_move(&mut self, from: &u64, line: &str) -> Option<Result<u64, String>> {
        let words = strip_verb(line, &["remove", "take"]);
        let set = match vertex_words(words, self.n)? {
            Ok(s) => s,
            Err(e) => return Some(Err(e)),
        };
        let leaves = self.rules.leaves(*from);
        let bad = set & !leaves;
        Some(if bad == 0 && set != 0 {
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

/// "remove leaf 3" or "remove leaves 1, 4": the vertices in `from` but not
/// in `to` (sets of vertices as bits).
fn removed_leaves(from: u64, to: u64) -> String {
    let gone = from & !to;
    let word = if gone.count_ones() == 1 { "leaf" } else { "leaves" };
    format!(
        "remove {word} {}",
        vertex_list((0..64u32).filter(|&v| gone >> v & 1 == 1), 64)
    )
}
