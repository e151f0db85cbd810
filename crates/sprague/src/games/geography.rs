//! Undirected vertex geography, on graphs and on grids: every winning start
//! by maximum matchings, and the players.

use crate::outcome::Outcome;
use crate::play::{GeographyEngine, PlayEngine, erase};
use crate::registry::{
    Data, Entry, Family, Options, Report, Result, Ruleset, list_vertices, normal_only, outcome_text,
    parse_board, parse_graph_position, shown_graph, without_params,
};

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

/// The catalog entries.
pub(crate) const ENTRIES: &[Entry] = &[
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
];
