//! Leaf removal on trees, rooted and unrooted: values, winning removals and
//! players.

use crate::graph_games::LeafRemovalRules;
use crate::impartial::GrundySolver;
use crate::outcome::Outcome;
use crate::play::{LeafEngine, PlayEngine, erase};
use crate::registry::{
    Data, Entry, Error, Family, Options, Report, Result, Ruleset, impartial_report, list_vertices,
    normal_only, parse_tree, short, shown_graph, without_params,
};

/// Trees up to this size also get their Grundy value by search in leaf removal
/// (a move is any nonempty set of leaves, so the search costs up to 3^n).
const LEAF_REMOVAL_SEARCH_LIMIT: usize = 14;

struct LeafRemovalRuleset;

impl Ruleset for LeafRemovalRuleset {
    fn value(&self, position: &str, options: &Options<'_>) -> Result<Report> {
        normal_only("leaf-removal", options)?;
        let (g, tree) = parse_tree(position, options.max_memory())?;
        let wins = crate::graph_games::leaf_removal_first_player_wins(&tree);
        let outcome = if wins { Outcome::N } else { Outcome::P };
        let mut grundy = None;
        let mut moves = Vec::new();
        if tree.len() <= LEAF_REMOVAL_SEARCH_LIMIT
            && let Some(rules) = LeafRemovalRules::new(&tree)
        {
            let mut solver =
                GrundySolver::with_max_states(&rules, options.max_states).with_monitor(options.monitor);
            let start = rules.start();
            let value = solver.grundy(&start)?;
            grundy = Some(value.get());
            for after in solver.winning_moves(&start)? {
                let removed: Vec<u32> = (0..tree.len() as u32)
                    .filter(|&v| start >> v & 1 == 1 && after >> v & 1 == 0)
                    .collect();
                let kept: Vec<u32> = (0..tree.len() as u32).filter(|&v| after >> v & 1 == 1).collect();
                moves.push((
                    format!("{{{}}}", list_vertices(&kept).replace(' ', ",")),
                    format!("remove leaves {}", list_vertices(&removed)),
                ));
            }
        }
        let shown = shown_graph(&g);
        let mut report = impartial_report("leaf-removal", &shown, false, outcome, grundy, &moves);
        report.data.insert("first_player_wins", wins);
        if grundy.is_none() {
            report.data.insert("winning_moves", Data::Null);
            report.push_text(&format!(
                "(Grundy value and winning moves by search for trees of at most {LEAF_REMOVAL_SEARCH_LIMIT} vertices)\n"
            ));
        }
        Ok(report)
    }

    fn play<'a>(&'a self, position: &str, options: &Options<'a>) -> Result<Box<dyn PlayEngine + 'a>> {
        let (_, tree) = parse_tree(position, options.max_memory())?;
        let (engine, start) = LeafEngine::new(tree, options)?;
        Ok(erase(engine, start))
    }
}

struct UnrootedLeafRemovalRuleset;

impl Ruleset for UnrootedLeafRemovalRuleset {
    fn value(&self, position: &str, options: &Options<'_>) -> Result<Report> {
        const NAME: &str = "leaf-removal-unrooted";
        normal_only(NAME, options)?;
        if position.trim().eq_ignore_ascii_case("empty") {
            let mut r = impartial_report(NAME, "empty", false, Outcome::P, Some(0), &[]);
            r.data.insert("first_player_wins", false);
            return Ok(r);
        }
        let (g, _) = parse_tree(position, options.max_memory())?;
        let rules = crate::graph_games::UnrootedLeafRemovalRules::new(g.n, &g.edges).ok_or_else(|| {
            Error::input(format!(
                "position `{}`: unrooted leaf removal is searched, so trees are limited to 64 vertices and {} leaves",
                short(position),
                crate::graph_games::UNROOTED_MAX_LEAVES
            ))
        })?;
        let mut solver =
            GrundySolver::with_max_states(&rules, options.max_states).with_monitor(options.monitor);
        let start = rules.start();
        let value = solver.grundy(&start)?;
        let mut moves = Vec::new();
        for after in solver.winning_moves(&start)? {
            let removed: Vec<u32> = (0..g.n as u32)
                .filter(|&v| start >> v & 1 == 1 && after >> v & 1 == 0)
                .collect();
            let kept: Vec<u32> = (0..g.n as u32).filter(|&v| after >> v & 1 == 1).collect();
            let to = if kept.is_empty() {
                "empty".to_string()
            } else {
                format!("{{{}}}", list_vertices(&kept).replace(' ', ","))
            };
            moves.push((to, format!("remove leaves {}", list_vertices(&removed))));
        }
        let outcome = Outcome::from_grundy(value);
        let mut report = impartial_report(NAME, &shown_graph(&g), false, outcome, Some(value.get()), &moves);
        report.data.insert("first_player_wins", outcome == Outcome::N);
        Ok(report)
    }

    fn play<'a>(&'a self, position: &str, options: &Options<'a>) -> Result<Box<dyn PlayEngine + 'a>> {
        let (g, _) = parse_tree(position, options.max_memory())?;
        let (engine, start) = crate::play::UnrootedLeafEngine::new(g.n, g.edges, options)?;
        Ok(erase(engine, start))
    }
}

/// The catalog entries.
pub(crate) const ENTRIES: &[Entry] = &[
    Entry {
        name: "leaf-removal",
        params: "",
        family: Family::Graph,
        summary: "tree rooted at 0: remove at least one leaf per move; whoever removes the root wins (n up to 10^6)",
        notation: "tree edges `0-1 0-2 2-3` (must be a tree on 0..n-1); `-` reads the edges from stdin",
        example: "value leaf-removal 0-1 1-2 0-3 3-4",
        example2: "value leaf-removal 0-1 1-2 2-3 0-4",
        rules: "A tree rooted at vertex 0. A move removes one or more leaves (vertices whose children are all gone; the root counts only once it stands alone). Whoever removes the root makes the last move and wins.",
        known: "A subtree is a selective compound of its children's games followed by the forced removal of its root, which gives a linear-time rule: a bare path is won by the player to move iff it has an odd number of vertices, and a vertex with two or more children loses iff every child loses (derivation in the documentation of `sprague::graph_games::leaf_removal_first_player_wins`, checked against search on random trees).",
        build: |name, params| without_params(name, params, |_| LeafRemovalRuleset),
    },
    Entry {
        name: "leaf-removal-unrooted",
        params: "",
        family: Family::Graph,
        summary: "unrooted tree: remove at least one leaf (vertex of degree ≤ 1) per move; whoever cannot move loses",
        notation: "tree edges `0-1 1-2 1-3` (a tree on 0..n-1, n ≤ 64, at most 16 leaves), or `empty` for the empty tree",
        example: "value leaf-removal-unrooted 0-1 1-2 1-3 3-4",
        example2: "value leaf-removal-unrooted 0-1 1-2",
        rules: "A tree with no root. A leaf is any vertex of degree at most 1 — a lone vertex, or either end of a lone edge, is a leaf. A move removes one or more leaves at once. The empty tree is a position: the player who faces it cannot move and loses. (`leaf-removal` is the rooted reading, where the root is removed last.)",
        known: "A bare path of n vertices loses one or both ends per move, so it is the subtraction game {1, 2}: value n mod 3, lost for the mover iff n is a multiple of 3 (Bash game, Winning Ways, 2nd ed., vol. 1, ch. 4). Other trees are searched (checked against a definition-level search on random trees in sprague's tests).",
        build: |name, params| without_params(name, params, |_| UnrootedLeafRemovalRuleset),
    },
];
