//! The Wall Making Game: values of boards by their regions, winning picks,
//! and its player.

use crate::impartial::{GrundySolver, ImpartialRules};
use crate::outcome::Outcome;
use crate::play::{PlayEngine, WallEngine, erase};
use crate::registry::{
    Entry, Error, Family, Options, Report, Result, Ruleset, impartial_report, normal_only, parse_board,
    short, without_params,
};

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
            .map_err(|e| Error::input(format!("board `{}`: {e}", short(position))))?;
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

/// The catalog entries.
pub(crate) const ENTRIES: &[Entry] = &[Entry {
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
}];
