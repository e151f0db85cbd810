//! `sprague solve --demo kqk|krk-table|kpk`: a three-piece chess endgame
//! solved whole, with its figures for each side to move.

use super::solve_args::SolveArgs;
use crate::error::CliResult;
use serde_json::{Value, json};
use sprague::loopy::{Endgame, EndgameSide, Material, endgame_summary};
use std::fmt::Write as _;

/// The endgame demos: name, material, title.
pub const DEMOS: [(&str, Material, &str); 3] = [
    ("kqk", Material::Kqk, "KQK (king and queen against king)"),
    ("krk-table", Material::Krk, "KRK (king and rook against king)"),
    (
        "kpk",
        Material::Kpk,
        "KPK (king and pawn against king; promotions to a queen or a rook)",
    ),
];

/// Solves the endgame demo `name` (one of [`DEMOS`]), `None` for another name.
pub fn run(name: &str, a: &SolveArgs) -> Option<CliResult<(Value, String)>> {
    let &(_, material, title) = DEMOS.iter().find(|d| d.0 == name)?;
    Some(report(Endgame::new(material), name, title, a))
}

fn report(space: Endgame, name: &str, title: &str, a: &SolveArgs) -> CliResult<(Value, String)> {
    let t0 = std::time::Instant::now();
    // KPK is solved tier by tier: the promoted endgames, then one pawn rank
    // at a time from the 7th down (the same values as one solve of the
    // whole space); a distributed solve takes the space whole.
    let table = if space.material == Material::Kpk && !a.dist.active() {
        if sprague::loopy::StateSpace::state_count(&space) > a.max_states as u64 {
            return Err(sprague::BudgetExceeded {
                max_states: a.max_states,
            }
            .into());
        }
        sprague::loopy::solve_kpk_by_pawn_rank(a.threads)
            .map_err(|e| crate::error::CliError::input(e.to_string()))?
    } else {
        super::space_solve::space_solve(&space, a, 0)?
    };
    let secs = t0.elapsed().as_secs_f64();
    let sides = endgame_summary(&space, &table);
    let mut text = format!("{title}: solved in {secs:.2} s\n");
    let mut js = Vec::new();
    for (side, who) in sides.iter().zip(["White", "Black"]) {
        side_text(side, who, &mut text);
        js.push(side_json(side, who));
    }
    let json = json!({"demo": name, "seconds": secs, "by_side_to_move": js});
    Ok((json, text))
}

fn side_text(s: &EndgameSide, who: &str, text: &mut String) {
    let wins: u64 = s.wins_by_depth.iter().sum();
    let _ = writeln!(
        text,
        "{who} to move: {} positions; White wins {wins}, draws {} (stalemates {}), checkmates {}",
        s.positions, s.draws, s.stalemates, s.checkmates
    );
    let _ = writeln!(
        text,
        "  longest mate: mate in {} (remoteness {}), {} positions ({} up to symmetry){}",
        sprague_cli::words::count(s.longest_moves, "move", "moves"),
        sprague_cli::words::count(s.longest_plies, "ply", "plies"),
        s.longest_count,
        s.longest_count_up_to_symmetry,
        s.longest_example
            .as_ref()
            .map(|e| format!(", e.g. {e}"))
            .unwrap_or_default()
    );
    let hist: Vec<String> = s
        .wins_by_depth
        .iter()
        .enumerate()
        .filter(|&(_, &c)| c > 0)
        .map(|(d, c)| format!("{d}:{c}"))
        .collect();
    let _ = writeln!(text, "  mate in N moves (N:positions): {}", hist.join(" "));
}

fn side_json(s: &EndgameSide, who: &str) -> Value {
    json!({
        "to_move": who,
        "positions": s.positions,
        "white_wins": s.wins_by_depth.iter().sum::<u64>(),
        "draws": s.draws,
        "stalemates": s.stalemates,
        "checkmates": s.checkmates,
        "mate_in_moves_counts": s.wins_by_depth,
        "longest_mate_moves": s.longest_moves,
        "longest_mate_plies": s.longest_plies,
        "longest_mate_positions": s.longest_count,
        "longest_mate_positions_up_to_symmetry": s.longest_count_up_to_symmetry,
        "longest_example": s.longest_example,
    })
}
