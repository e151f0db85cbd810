//! Catalog entries for the games on graphs: Green Hackenbush, geography (on
//! graphs and grids), tree leaf removal, the increasing-distance tree game,
//! Node and Arc Kayles, and the Wall Making Game — their values, reports and
//! players.

use super::Kept;
use super::graph_position::{parse_board, parse_graph_position, parse_tree, short, shown_graph};
use super::{Data, Entry, Error, Family, Options, Report, Result, Ruleset, impartial_report, without_params};
use crate::play::{
    DistancePlay, GeographyEngine, HackenbushEngine, KaylesPlay, LeafEngine, PlayEngine, WallEngine, erase,
};
use crate::{
    graph_games::{ArcKayles, EdgeList, GreenHackenbush, LeafRemovalRules, NodeKayles},
    impartial::{GrundySolver, ImpartialRules, MisereSolver},
    nimber::Nimber,
    outcome::Outcome,
};

/// Pictures with more edges than this get their value but no list of winning
/// cuts (each candidate cut costs one more linear pass).
const HACKENBUSH_MOVE_LIMIT: usize = 5_000;

/// Misère Green Hackenbush is searched for pictures of at most this many edges.
const HACKENBUSH_MISERE_LIMIT: usize = 20;

/// Trees up to this size also get their Grundy value by search in leaf removal
/// (a move is any nonempty set of leaves, so the search costs up to 3^n).
const LEAF_REMOVAL_SEARCH_LIMIT: usize = 14;

pub(super) fn entries() -> Vec<Entry> {
    vec![
        Entry {
            name: "green-hackenbush",
            params: "",
            family: Family::Graph,
            summary: "cut any edge; parts cut off from the ground (vertex 0) fall; fusion + colon principles, linear time",
            notation: "edges `0-1 1-2 2-0` (loops, parallel edges allowed; `n=K` optional), or JSON {\"n\":3,\"edges\":[[0,1]]}",
            example: "value green-hackenbush 0-1 1-2 2-0 2-3",
            example2: "value green-hackenbush 0-1 1-2 1-3 --json",
            rules: "A picture of edges, some attached to the ground (vertex 0). A move cuts any edge; every edge no longer connected to the ground falls away. The player who cuts the last edge wins.",
            known: "A stalk of n edges is a nim-heap of size n; branches meeting at a vertex may be replaced by one stalk of their nim-sum length (colon principle), and every cycle may be fused to a point, its edges becoming loops (fusion principle). Green Hackenbush and nimbers are introduced in Winning Ways, 2nd ed., vol. 1, ch. 2. sprague applies both principles in linear time.",
            build: |name, params| without_params(name, params, |_| GreenHackenbushRuleset),
        },
        Entry {
            name: "geography",
            params: "",
            family: Family::Graph,
            summary: "undirected vertex geography: move the token to an unvisited neighbour; solved by maximum matchings",
            notation: "edges `0-1 1-2` and an optional start `@0`; every winning start is listed",
            example: "value geography 0-1 1-2 2-3 3-0 3-4 @0",
            example2: "value geography 0-1 1-2 2-3 @1",
            rules: "Undirected vertex geography: a token stands on a start vertex (`@V`) of an undirected graph. A move carries it along an edge to a vertex not visited before. The player who cannot move loses.",
            known: "The player to move wins exactly when every maximum matching of the graph covers the start vertex (the matching criterion for undirected vertex geography; A. S. Fraenkel, E. R. Scheinerman and D. Ullman, “Undirected edge geography”, Theoretical Computer Science 112, 1993; checked against search on random graphs in sprague's tests), so sprague decides it in polynomial time with Edmonds' blossom algorithm.",
            build: |name, params| without_params(name, params, |_| GeographyRuleset),
        },
        Entry {
            name: "geography-grid",
            params: "",
            family: Family::Graph,
            summary: "geography on a board: move to an adjacent open unvisited cell; lists every winning start cell",
            notation: "rows of `.` (open) and `#` (blocked) separated by `/`, e.g. `..#/...`",
            example: "value geography-grid ..#./..../#...",
            example2: "value geography-grid .../.#./...",
            rules: "Geography on a board of open `.` and blocked `#` cells: a token moves to an orthogonally adjacent open cell not visited before, and whoever cannot move loses. sprague lists every start cell from which the first player wins.",
            known: "A board is a bipartite graph, so the matching criterion of vertex geography applies: a start cell wins iff every maximum matching covers it (checked against search on random boards in sprague's tests), found here with Hopcroft–Karp.",
            build: |name, params| without_params(name, params, |_| GridGeographyRuleset),
        },
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
        Entry {
            name: "increasing-distance",
            params: "",
            family: Family::Graph,
            summary: "token on a tree moves each time strictly farther than the previous move; diameter-midpoint rule",
            notation: "tree edges `0-1 1-2` and an optional start `@1`; every winning start is listed",
            example: "value increasing-distance 0-1 1-2 2-3 2-4 @2",
            example2: "value increasing-distance 0-1 1-2 2-3 @0",
            rules: "A token stands on a vertex (`@V`) of a tree. A move carries it to another vertex strictly farther (counting edges) from where it stands than the length of the previous move; the first move may have any length. Whoever cannot move loses.",
            known: "The diameter-midpoint rule: the second player wins only from the centre of a diameter of even length, answering each move through the centre to the far side; from every other start the first player wins (derivation in the documentation of `sprague::graph_games::increasing_distance_winning_starts`, checked against search on random trees).",
            build: |name, params| without_params(name, params, |_| IncreasingDistanceRuleset::default()),
        },
        Entry {
            name: "node-kayles",
            params: "",
            family: Family::Graph,
            summary: "pick a vertex, delete it and its neighbours (graphs of at most 64 vertices, split into components)",
            notation: "edges `0-1 1-2` (`n=K` adds isolated vertices)",
            example: "value node-kayles 0-1 1-2 2-3 3-4 4-0",
            example2: "value node-kayles 0-1 1-2 2-3 3-4 4-5 5-6",
            rules: "Pick a vertex of a graph: it and all its neighbours are removed. Whoever cannot move loses.",
            known: "On a path of n vertices Node Kayles is Dawson's chess (octal 0.137), values OEIS A002187; on general graphs deciding the winner is PSPACE-complete (Schaefer, 1978). sprague splits positions into connected components and searches each.",
            build: |name, params| without_params(name, params, |_| KaylesRuleset::new(false)),
        },
        Entry {
            name: "arc-kayles",
            params: "",
            family: Family::Graph,
            summary: "pick an edge, delete both its ends (graphs of at most 64 vertices, split into components)",
            notation: "edges `0-1 1-2` (`n=K` adds isolated vertices)",
            example: "value arc-kayles 0-1 1-2 2-3 3-4 4-5",
            example2: "value arc-kayles 0-1 0-2 0-3 1-2",
            rules: "Pick an edge of a graph: both its ends are removed, with every edge touching them. Whoever cannot move loses.",
            known: "On a path of n vertices Arc Kayles is Dawson's Kayles (octal 0.07), whose values are OEIS A002187 shifted by one (Winning Ways, 2nd ed., vol. 1, ch. 4). sprague splits positions into connected components and searches each.",
            build: |name, params| without_params(name, params, |_| KaylesRuleset::new(true)),
        },
        Entry {
            name: "wall-making",
            params: "",
            family: Family::Graph,
            summary: "pick an open cell; walls grow from it in four directions to the nearest wall or edge (H, W <= 20; boards with walls <= 64 cells)",
            notation: "rows of `.` (empty: may be picked), `#` (marked: never picked; walls grow across) and `W` (a wall already built: never picked; walls stop at it) separated by `/`",
            example: "value wall-making ..#/.../...",
            example2: "value wall-making ..W./..../.#..",
            rules: "An H×W board of cells in three states: `.` empty, `#` marked (never picked, but crossed by walls) and `W` wall. A move picks an empty cell not yet walled; it becomes a wall, and walls grow from it in the four directions to the nearest wall (built earlier or given) or the edge of the board. Whoever cannot move loses.",
            known: "Without given walls every wall crosses a whole rectangle, so each move splits a rectangle into at most four smaller ones that are played independently: the value is the nim-sum of the rectangles' values, tabulated by size (Sprague–Grundy theory, Winning Ways, 2nd ed., vol. 1, ch. 3). With given walls the regions of cells not walled (4-connected) are independent — a wall grows only through cells not walled — and each region is searched move by move (boards of at most 64 cells); the tests check both against a plain search over whole boards.",
            build: |name, params| without_params(name, params, |_| WallMakingRuleset),
        },
    ]
}

/// Refuses misère play for the structural solvers.
fn normal_only(name: &str, options: &Options<'_>) -> Result<()> {
    if options.misere {
        return Err(Error::input(format!(
            "`{name}` is solved for normal play only; drop --misere"
        )));
    }
    Ok(())
}

fn outcome_text(o: Outcome) -> &'static str {
    if o == Outcome::N {
        "the player to move wins"
    } else {
        "the player to move loses"
    }
}

fn list_vertices(vs: &[u32]) -> String {
    if vs.is_empty() {
        return "none".to_string();
    }
    let parts: Vec<String> = vs.iter().map(u32::to_string).collect();
    parts.join(" ")
}

// ------------------------------------------------------------ Green Hackenbush

struct GreenHackenbushRuleset;

impl Ruleset for GreenHackenbushRuleset {
    fn value(&self, position: &str, options: &Options<'_>) -> Result<Report> {
        let g = parse_graph_position(position, options.max_memory())?;
        if options.misere {
            return hackenbush_misere(&g, options);
        }
        let value = crate::graph_games::green_hackenbush_value(g.n, &g.edges);
        let mut moves = Vec::new();
        let listed = g.edges.len() <= HACKENBUSH_MOVE_LIMIT;
        if listed && !value.is_zero() {
            let mut seen = Vec::new();
            for i in 0..g.edges.len() {
                let (u, v) = g.edges[i];
                let key = (u.min(v), u.max(v));
                if seen.contains(&key) {
                    continue;
                }
                seen.push(key);
                let mut rest = g.edges.clone();
                rest.remove(i);
                if crate::graph_games::green_hackenbush_value(g.n, &rest).is_zero() {
                    // The picture after the cut, written out only for small pictures.
                    let to = if rest.len() < 200 {
                        EdgeList {
                            n: g.n,
                            edges: rest,
                            start: None,
                        }
                        .format()
                    } else {
                        format!("cut {u}-{v}")
                    };
                    moves.push((to, format!("cut edge {u}-{v}")));
                }
            }
        }
        let shown = shown_graph(&g);
        let mut report = impartial_report(
            "green-hackenbush",
            &shown,
            false,
            Outcome::from_grundy(value),
            Some(value.get()),
            &moves,
        );
        if !listed {
            report.data.insert("winning_moves", Data::Null);
            report.push_text(&format!(
                "(winning cuts are listed for pictures of at most {HACKENBUSH_MOVE_LIMIT} edges)\n"
            ));
        }
        Ok(report)
    }

    fn play<'a>(&'a self, position: &str, options: &Options<'a>) -> Result<Box<dyn PlayEngine + 'a>> {
        let g = parse_graph_position(position, options.max_memory())?;
        let (engine, start) = HackenbushEngine::new(&g.edges, options)?;
        Ok(erase(engine, start))
    }
}

/// Misère Green Hackenbush by search over positions (no structural rule is
/// known), for small pictures.
fn hackenbush_misere(g: &EdgeList, options: &Options<'_>) -> Result<Report> {
    let start = GreenHackenbush::position(&g.edges);
    if start.len() > HACKENBUSH_MISERE_LIMIT {
        return Err(Error::input(format!(
            "misère green-hackenbush is solved by search, for pictures of at most {HACKENBUSH_MISERE_LIMIT} edges; this one has {}",
            start.len()
        )));
    }
    let mut solver =
        MisereSolver::with_max_states(&GreenHackenbush, options.max_states).with_monitor(options.monitor);
    let outcome = solver.outcome(&start)?;
    let moves: Vec<(String, String)> = solver
        .winning_moves(&start)?
        .into_iter()
        .map(|after| {
            let cut = start
                .iter()
                .find(|e| {
                    let before = start.iter().filter(|x| x == e).count();
                    after.iter().filter(|x| x == e).count() < before
                })
                .map_or_else(String::new, |(u, v)| format!("cut edge {u}-{v}"));
            let to = EdgeList {
                n: g.n,
                edges: after,
                start: None,
            };
            (to.format(), cut)
        })
        .collect();
    Ok(impartial_report(
        "green-hackenbush",
        &g.format(),
        true,
        outcome,
        None,
        &moves,
    ))
}

// ------------------------------------------------------------ Geography

struct GeographyRuleset;

impl Ruleset for GeographyRuleset {
    fn value(&self, position: &str, options: &Options<'_>) -> Result<Report> {
        normal_only("geography", options)?;
        let g = parse_graph_position(position, options.max_memory())?;
        let graph = crate::graph_games::UndirectedGraph::new(g.n, &g.edges);
        let bipartite = graph.two_coloring();
        let (win, mate) = match &bipartite {
            Some(side) => (
                crate::graph_games::always_covered_bipartite(&graph, side),
                crate::graph_games::hopcroft_karp(&graph, side),
            ),
            None => (
                crate::graph_games::always_covered_general(&graph),
                crate::graph_games::edmonds_matching(&graph),
            ),
        };
        let winners: Vec<u32> = (0..g.n as u32).filter(|&v| win[v as usize]).collect();
        let method = if bipartite.is_some() {
            "Hopcroft–Karp (bipartite)"
        } else {
            "Edmonds' blossom"
        };
        let mut data = Data::map()
            .with("ruleset", "geography")
            .with("position", shown_graph(&g))
            .with("play", "normal")
            .with(
                "method",
                if bipartite.is_some() {
                    "hopcroft-karp"
                } else {
                    "edmonds"
                },
            )
            .with("matching_size", crate::graph_games::matching_size(&mate))
            .with("winning_starts", winners.clone());
        let mut text = format!("geography {}\n", shown_graph(&g));
        text.push_str(&format!(
            "maximum matching: {} edges ({method})\n",
            crate::graph_games::matching_size(&mate)
        ));
        text.push_str(&format!("winning start vertices: {}\n", list_vertices(&winners)));
        if let Some(s) = g.start {
            let wins = win[s as usize];
            let outcome = if wins { Outcome::N } else { Outcome::P };
            data.insert("start", s);
            data.insert("outcome", outcome.as_str());
            let reply = if wins { mate[s as usize] } else { None };
            data.insert("winning_move", reply);
            text.push_str(&format!("from {s}: {outcome} ({})\n", outcome_text(outcome)));
            if let Some(w) = reply {
                text.push_str(&format!(
                    "winning move: {s} → {w} (along a maximum matching; keep answering along it)\n"
                ));
            }
        }
        Ok(Report::new(data, text))
    }

    fn play<'a>(&'a self, position: &str, options: &Options<'a>) -> Result<Box<dyn PlayEngine + 'a>> {
        let g = parse_graph_position(position, options.max_memory())?;
        let (engine, start) = GeographyEngine::on_graph(&g, options)?;
        Ok(erase(engine, start))
    }
}

struct GridGeographyRuleset;

impl Ruleset for GridGeographyRuleset {
    fn value(&self, position: &str, options: &Options<'_>) -> Result<Report> {
        normal_only("geography-grid", options)?;
        let board = parse_board(position)?;
        let win = crate::graph_games::grid_geography_winning_cells(&board);
        let w = board.width;
        let cells: Vec<Data> = (0..win.len())
            .filter(|&i| win[i])
            .map(|i| Data::List(vec![Data::from(i / w), Data::from(i % w)]))
            .collect();
        let data = Data::map()
            .with("ruleset", "geography-grid")
            .with(
                "position",
                if board.height * w <= 400 {
                    board.format()
                } else {
                    format!("{}x{} board", board.height, w)
                },
            )
            .with("play", "normal")
            .with("height", board.height)
            .with("width", w)
            .with("winning_count", cells.len())
            .with("winning_cells", Data::List(cells.clone()));
        // W marks a cell from which the player to move the token wins; the
        // first move places the token, so placing it on W gives the win away.
        let open = board.open.iter().filter(|&&o| o).count();
        let placing = match open - cells.len() {
            0 => "every open cell is W: whoever places the token loses".to_string(),
            1 => "place the token on the one open cell that is not W (`.`) to win".to_string(),
            k => format!("place the token on one of the {k} open cells that are not W (`.`) to win"),
        };
        let mut text = format!(
            "geography-grid {}×{}: W marks the open cells ({} of {open}) from which the player to move the token wins;\n{placing}\n",
            board.height,
            w,
            cells.len(),
        );
        for r in 0..board.height {
            let row: String = (0..w)
                .map(|c| {
                    let i = r * w + c;
                    if !board.open[i] {
                        '#'
                    } else if win[i] {
                        'W'
                    } else {
                        '.'
                    }
                })
                .collect();
            text.push_str(&row);
            text.push('\n');
        }
        Ok(Report::new(data, text))
    }

    fn play<'a>(&'a self, position: &str, options: &Options<'a>) -> Result<Box<dyn PlayEngine + 'a>> {
        let board = parse_board(position)?;
        let (engine, start) = GeographyEngine::on_board(&board, options)?;
        Ok(erase(engine, start))
    }
}

// ------------------------------------------------------------ Trees

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

#[derive(Default)]
struct IncreasingDistanceRuleset {
    games: Kept<DistancePlay>,
}

impl Ruleset for IncreasingDistanceRuleset {
    fn value(&self, position: &str, options: &Options<'_>) -> Result<Report> {
        normal_only("increasing-distance", options)?;
        let (g, tree) = parse_tree(position, options.max_memory())?;
        let win = crate::graph_games::increasing_distance_winning_starts(&tree);
        let winners: Vec<u32> = (0..tree.len() as u32).filter(|&v| win[v as usize]).collect();
        let losers: Vec<u32> = (0..tree.len() as u32).filter(|&v| !win[v as usize]).collect();
        let mut data = Data::map()
            .with("ruleset", "increasing-distance")
            .with("position", shown_graph(&g))
            .with("play", "normal")
            .with("winning_starts", winners)
            .with("losing_starts", losers.clone());
        let mut text = format!("increasing-distance {}\n", shown_graph(&g));
        text.push_str(&format!("losing start vertices: {}\n", list_vertices(&losers)));
        if let Some(s) = g.start {
            let outcome = if win[s as usize] { Outcome::N } else { Outcome::P };
            data.insert("start", s);
            data.insert("outcome", outcome.as_str());
            text.push_str(&format!("from {s}: {outcome} ({})\n", outcome_text(outcome)));
        }
        Ok(Report::new(data, text))
    }

    fn play<'a>(&'a self, position: &str, options: &Options<'a>) -> Result<Box<dyn PlayEngine + 'a>> {
        let (g, tree) = parse_tree(position, options.max_memory())?;
        let game = self.games.keep(DistancePlay::new(&tree, options)?);
        let start = g.start.map(|s| (s as u8, 0));
        Ok(erase(game.engine(options), start))
    }
}

// ------------------------------------------------------------ Kayles

struct KaylesRuleset {
    arc: bool,
    games: Kept<KaylesPlay>,
}

impl KaylesRuleset {
    fn new(arc: bool) -> Self {
        KaylesRuleset {
            arc,
            games: Kept::default(),
        }
    }
}

fn set_text(mask: u64) -> String {
    let vs: Vec<String> = (0..64)
        .filter(|&v| mask >> v & 1 == 1)
        .map(|v: u32| v.to_string())
        .collect();
    format!("{{{}}}", vs.join(","))
}

fn kayles_report<R: ImpartialRules<Position = u64>>(
    name: &str,
    rules: &R,
    start: u64,
    shown: &str,
    options: &Options<'_>,
    describe: impl Fn(u64) -> String,
) -> Result<Report> {
    let (outcome, grundy, winning) = if options.misere {
        let mut solver =
            MisereSolver::with_max_states(rules, options.max_states).with_monitor(options.monitor);
        (solver.outcome(&start)?, None, solver.winning_moves(&start)?)
    } else {
        let mut solver =
            GrundySolver::with_max_states(rules, options.max_states).with_monitor(options.monitor);
        let value: Nimber = solver.grundy(&start)?;
        (
            Outcome::from_grundy(value),
            Some(value.get()),
            solver.winning_moves(&start)?,
        )
    };
    let moves: Vec<(String, String)> = winning
        .into_iter()
        .map(|after| (set_text(after), describe(start & !after)))
        .collect();
    Ok(impartial_report(
        name,
        shown,
        options.misere,
        outcome,
        grundy,
        &moves,
    ))
}

impl Ruleset for KaylesRuleset {
    fn value(&self, position: &str, options: &Options<'_>) -> Result<Report> {
        let name = if self.arc { "arc-kayles" } else { "node-kayles" };
        let g = parse_graph_position(position, options.max_memory())?;
        if g.n > 64 {
            return Err(Error::input(format!(
                "`{name}` searches graphs of at most 64 vertices; this one has {}",
                g.n
            )));
        }
        let shown = g.format();
        if self.arc {
            let rules = ArcKayles::new(g.n, &g.edges)
                .ok_or_else(|| Error::input("graph too large for arc-kayles"))?;
            kayles_report(name, &rules, rules.start(), &shown, options, |gone| {
                let ends: Vec<u32> = (0..64).filter(|&v| gone >> v & 1 == 1).collect();
                format!("take edge {}", list_vertices(&ends).replace(' ', "-"))
            })
        } else {
            let rules = NodeKayles::new(g.n, &g.edges)
                .ok_or_else(|| Error::input("graph too large for node-kayles"))?;
            let adj: Vec<u64> = (0..g.n)
                .map(|v| {
                    g.edges.iter().fold(0u64, |m, &(a, b)| {
                        if a as usize == v {
                            m | 1 << b
                        } else if b as usize == v {
                            m | 1 << a
                        } else {
                            m
                        }
                    })
                })
                .collect();
            let all = rules.start();
            kayles_report(name, &rules, all, &shown, options, |gone| {
                // The picked vertex is the one whose closed neighbourhood is what went.
                let picked = (0..g.n as u32)
                    .find(|&v| gone >> v & 1 == 1 && (adj[v as usize] | 1 << v) & all == gone)
                    .map_or_else(|| set_text(gone), |v| v.to_string());
                format!("take vertex {picked}")
            })
        }
    }

    fn play<'a>(&'a self, position: &str, options: &Options<'a>) -> Result<Box<dyn PlayEngine + 'a>> {
        let g = parse_graph_position(position, options.max_memory())?;
        let (game, start) = KaylesPlay::new(&g, self.arc)?;
        let game = self.games.keep(game);
        Ok(erase(game.engine(options), start))
    }
}

// ------------------------------------------------------------ Wall Making

/// Wall Making on a board that starts with walls: regions searched move by move.
fn wall_making_walled(
    board: &crate::graph_games::CellGrid,
    walls: u64,
    options: &Options<'_>,
) -> Result<Report> {
    use crate::graph_games::{WALL_MAKING_MAX_WALLED_CELLS, WallMakingRules, format_wall_board};
    let cells = board.height * board.width;
    let rules = WallMakingRules::new(board).filter(|_| cells <= WALL_MAKING_MAX_WALLED_CELLS).ok_or_else(|| {
        Error::input(format!(
            "wall-making: a board with walls (`W`) is searched move by move, so it may have at most {WALL_MAKING_MAX_WALLED_CELLS} cells; this one has {cells} ({}×{})",
            board.height, board.width
        ))
    })?;
    let mut solver = GrundySolver::with_max_states(&rules, options.max_states).with_monitor(options.monitor);
    let value = solver.grundy(&walls)?;
    // Each pickable cell, with the option it leads to (two picks may lead
    // to the same position: both are listed).
    let mut moves = Vec::new();
    let mut after = Vec::new();
    for i in (0..cells).filter(|&i| board.open[i] && walls >> i & 1 == 0) {
        let single = crate::graph_games::CellGrid {
            height: board.height,
            width: board.width,
            open: (0..cells).map(|j| j == i).collect(),
        };
        after.clear();
        if let Some(r) = WallMakingRules::new(&single) {
            r.moves(&walls, &mut after);
        }
        if let Some(&to) = after.first()
            && solver.grundy(&to)?.is_zero()
        {
            let (r, c) = (i / board.width, i % board.width);
            moves.push((
                format!("{},{}", r + 1, c + 1),
                format!("pick row {}, column {}", r + 1, c + 1),
            ));
        }
    }
    Ok(impartial_report(
        "wall-making",
        &format_wall_board(board, walls),
        false,
        Outcome::from_grundy(value),
        Some(value.get()),
        &moves,
    ))
}

struct WallMakingRuleset;

impl Ruleset for WallMakingRuleset {
    fn value(&self, position: &str, options: &Options<'_>) -> Result<Report> {
        normal_only("wall-making", options)?;
        let (board, walls) = crate::graph_games::parse_wall_board(position)
            .map_err(|e| Error::input(format!("board `{}`: {e}", super::graph_position::short(position))))?;
        if let Some(walls) = walls {
            return wall_making_walled(&board, walls, options);
        }
        let values = crate::graph_games::wall_making_values(&board)
            .map_err(|e| Error::input(format!("board: {e}")))?;
        let value = values.whole();
        let mut moves = Vec::new();
        for r in 0..board.height {
            for c in 0..board.width {
                if board.open[r * board.width + c] && values.after_move(r, c).is_zero() {
                    moves.push((
                        format!("{},{}", r + 1, c + 1),
                        format!("pick row {}, column {}", r + 1, c + 1),
                    ));
                }
            }
        }
        Ok(impartial_report(
            "wall-making",
            &board.format(),
            false,
            Outcome::from_grundy(value),
            Some(value.get()),
            &moves,
        ))
    }

    fn play<'a>(&'a self, position: &str, options: &Options<'a>) -> Result<Box<dyn PlayEngine + 'a>> {
        if position.contains('W') {
            return Err(Error::input(
                "wall-making: play takes boards of `.` and `#` cells only (at most those two cell states); boards with given walls (`W`) are valued by `sprague value wall-making`",
            ));
        }
        let board = parse_board(position)?;
        let (engine, start) = WallEngine::new(board, options)?;
        Ok(erase(engine, start))
    }
}
