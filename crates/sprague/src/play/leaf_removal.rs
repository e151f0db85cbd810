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
pub(crate) type LeafEngine = LeafPlayer<RootedLeaves>;

/// A perfect player of unrooted leaf removal: positions are the vertices
/// left; a move removes any nonempty set of the current leaves (vertices
/// with at most one living neighbour). Judged by a memoised search over the
/// sets of vertices left, within the query's state budget.
pub(crate) type UnrootedLeafEngine<'m> = LeafPlayer<UnrootedLeaves<'m>>;

/// What the leaf-removal players differ in: the tree, how a set of vertices
/// left is judged, written and drawn. Positions are sets of vertices as bits.
pub(crate) trait LeafTree {
    /// The ruleset's name.
    const NAME: &'static str;
    /// The number of vertices.
    fn vertices(&self) -> usize;
    /// The positions after one move from `alive`.
    fn moves(&self, alive: u64, out: &mut Vec<u64>);
    /// The vertices that may be removed now.
    fn leaves(&self, alive: u64) -> u64;
    /// Whether the player to move wins with the vertices of `alive` left.
    fn wins(&mut self, alive: u64) -> Result<bool>;
    /// `alive` in the position notation.
    fn format(&self, alive: u64) -> String;
    /// A position in the notation.
    fn parse(&self, text: &str) -> Result<u64, String>;
    /// The first lines of a hint: how `alive` was judged, and whether it `wins`.
    fn judged(&self, alive: u64, wins: bool) -> Vec<String>;
    /// Whether no tree is left to play on.
    fn gone(&self, alive: u64) -> bool;
    /// The drawing of `alive` (not [`gone`](Self::gone)) above its list of leaves.
    fn draw(&self, alive: u64) -> String;
}

/// The perfect player of leaf removal on the tree `T`.
pub(crate) struct LeafPlayer<T>(pub(crate) T);

/// The perfect player of rooted leaf removal: the tree and its rules.
pub(crate) struct RootedLeaves {
    pub(crate) rules: LeafRemovalRules,
    pub(crate) tree: RootedTree,
}

impl LeafPlayer<RootedLeaves> {
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
        Ok((LeafPlayer(RootedLeaves { rules, tree }), start))
    }
}

impl RootedLeaves {
    /// Whether the player to move wins with the vertices of `alive` left: the
    /// linear rule on the subtree they make, relabelled in breadth-first order.
    fn subtree_wins(&self, alive: u64) -> Result<bool> {
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

    /// The subtree of `v` drawn into `out` below `prefix`.
    fn draw_from(&self, alive: u64, v: u32, prefix: &str, last: bool, root: bool, out: &mut String) {
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
            self.draw_from(alive, c, &deeper, i + 1 == kids.len(), false, out);
        }
    }
}

/// The unrooted leaf-removal tree, with the memo of the positions judged.
pub(crate) struct UnrootedLeaves<'m> {
    rules: crate::graph_games::UnrootedLeafRemovalRules,
    n: usize,
    edges: Vec<(u32, u32)>,
    /// Whether the player to move wins, by the vertices left.
    memo: std::collections::HashMap<u64, bool>,
    max_states: usize,
    monitor: &'m crate::monitor::Monitor,
}

impl<'m> LeafPlayer<UnrootedLeaves<'m>> {
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
        let engine = LeafPlayer(UnrootedLeaves {
            rules,
            n,
            edges,
            memo: std::collections::HashMap::new(),
            max_states: options.max_states,
            monitor: options.monitor,
        });
        Ok((engine, start))
    }
}

impl UnrootedLeaves<'_> {
    /// Whether the player to move wins with the vertices of `alive` left: some
    /// move leaves a position the opponent loses. Iterative, memoised.
    fn search(&mut self, alive: u64) -> Result<bool> {
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

impl LeafTree for RootedLeaves {
    const NAME: &'static str = "leaf-removal";

    fn vertices(&self) -> usize {
        self.tree.len()
    }

    fn moves(&self, alive: u64, out: &mut Vec<u64>) {
        self.rules.moves(&alive, out);
    }

    /// Alive, with no child alive.
    fn leaves(&self, alive: u64) -> u64 {
        (0..self.tree.len() as u32)
            .filter(|&v| alive >> v & 1 == 1 && self.tree.children(v).iter().all(|&c| alive >> c & 1 == 0))
            .fold(0, |m, v| m | 1 << v)
    }

    fn wins(&mut self, alive: u64) -> Result<bool> {
        self.subtree_wins(alive)
    }

    fn format(&self, alive: u64) -> String {
        set_text(alive)
    }

    fn parse(&self, text: &str) -> Result<u64, String> {
        parse_set(text, self.tree.len())
    }

    fn judged(&self, alive: u64, wins: bool) -> Vec<String> {
        vec![
            "the rule, one pass up the tree (a vertex wins when the player to move wins its subtree): a leaf wins; a vertex with two or more children wins iff some child wins; a vertex with one child c wins iff some child of c wins. So a bare path wins iff it has an odd number of vertices.".to_string(),
            format!(
                "here the tree left ({} vertices) {} for the player to move.",
                alive.count_ones(),
                if wins { "wins" } else { "loses against perfect play" }
            ),
        ]
    }

    /// The root is gone.
    fn gone(&self, alive: u64) -> bool {
        alive & 1 == 0
    }

    fn draw(&self, alive: u64) -> String {
        let mut out = String::new();
        self.draw_from(alive, 0, "", true, true, &mut out);
        out
    }
}

impl LeafTree for UnrootedLeaves<'_> {
    const NAME: &'static str = "leaf-removal-unrooted";

    fn vertices(&self) -> usize {
        self.n
    }

    fn moves(&self, alive: u64, out: &mut Vec<u64>) {
        self.rules.moves(&alive, out);
    }

    fn leaves(&self, alive: u64) -> u64 {
        self.rules.leaves(alive)
    }

    fn wins(&mut self, alive: u64) -> Result<bool> {
        self.search(alive)
    }

    fn format(&self, alive: u64) -> String {
        if alive == 0 {
            "empty".to_string()
        } else {
            set_text(alive)
        }
    }

    fn parse(&self, text: &str) -> Result<u64, String> {
        if text.trim().eq_ignore_ascii_case("empty") {
            return Ok(0);
        }
        parse_set(text, self.n)
    }

    fn judged(&self, alive: u64, wins: bool) -> Vec<String> {
        vec![format!(
            "the tree left ({} vertices) {} for the player to move (a search over the sets of vertices left).",
            alive.count_ones(),
            if wins {
                "wins"
            } else {
                "loses against perfect play"
            }
        )]
    }

    fn gone(&self, alive: u64) -> bool {
        alive == 0
    }

    fn draw(&self, alive: u64) -> String {
        let kept: Vec<String> = self
            .edges
            .iter()
            .filter(|&&(a, b)| alive >> a & 1 == 1 && alive >> b & 1 == 1)
            .map(|(a, b)| format!("{a}-{b}"))
            .collect();
        let alone: Vec<String> = (0..self.n as u32)
            .filter(|&v| {
                alive >> v & 1 == 1
                    && self
                        .edges
                        .iter()
                        .all(|&(a, b)| (a != v || alive >> b & 1 == 0) && (b != v || alive >> a & 1 == 0))
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
        out
    }
}

impl<T: LeafTree> Engine for LeafPlayer<T> {
    type Pos = u64;

    fn ruleset(&self) -> &str {
        T::NAME
    }

    fn format(&self, p: &u64) -> String {
        self.0.format(*p)
    }

    fn parse(&self, text: &str) -> Result<u64, String> {
        self.0.parse(text)
    }

    fn options(&mut self, p: &u64, _mover: Player) -> Result<Vec<u64>> {
        let mut out = Vec::new();
        self.0.moves(*p, &mut out);
        Ok(out)
    }

    fn describe(&self, from: &u64, to: &u64) -> String {
        removed_leaves(*from, *to)
    }

    fn verdict(&mut self, p: &u64, _mover: Player) -> Result<Verdict> {
        Ok(verdict_of(self.0.wins(*p)?))
    }

    fn hint(&mut self, p: &u64, mover: Player) -> Result<Vec<String>> {
        let wins = self.0.wins(*p)?;
        let mut lines = self.0.judged(*p, wins);
        if !wins {
            return Ok(lines);
        }
        let mut rows = Vec::new();
        for o in self.options(p, mover)? {
            if !self.0.wins(o)? {
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
        if self.0.gone(*p) {
            return Some("(the tree is gone)\n".to_string());
        }
        let mut out = self.0.draw(*p);
        out.push_str(&format!("leaves: {}\n", bit_list(self.0.leaves(*p))));
        Some(out)
    }

    fn short_move(&mut self, from: &u64, line: &str) -> Option<Result<u64, String>> {
        let words = strip_verb(line, &["remove", "take"]);
        let set = match vertex_words(words, self.0.vertices())? {
            Ok(s) => s,
            Err(e) => return Some(Err(e)),
        };
        let leaves = self.0.leaves(*from);
        let bad = set & !leaves;
        // `vertex_words` names at least one vertex: the set is never empty.
        Some(if bad == 0 && set != 0 {
            Ok(from & !set)
        } else {
            Err(format!(
                "{} not a leaf now (leaves: {})",
                bit_list(bad),
                bit_list(leaves)
            ))
        })
    }

    fn move_help(&self) -> Option<String> {
        Some("as the leaves to remove, e.g. `2 4`".to_string())
    }
}

/// The vertices of the set `bits`, listed (all 64 at most).
fn bit_list(bits: u64) -> String {
    vertex_list((0..64u32).filter(|&v| bits >> v & 1 == 1), 64)
}

/// "remove leaf 3" or "remove leaves 1, 4": the vertices in `from` but not
/// in `to` (sets of vertices as bits).
fn removed_leaves(from: u64, to: u64) -> String {
    let gone = from & !to;
    let word = if gone.count_ones() == 1 { "leaf" } else { "leaves" };
    format!("remove {word} {}", bit_list(gone))
}
