//! Who wins Domineering on a W × H board (default 8 × 8), by the outcome
//! search, with the positions searched, how they were settled (bounds,
//! table, canonical forms, or searched move by move) and the time taken.
//!
//! `cargo run --release -p sprague --example domineering_outcome -- 8 8 [SMALL_CELLS] [LOG2_TABLE] [MAX_POSITIONS]`
//!
//! With `MAX_POSITIONS`, a search that has not settled after that many
//! positions stops and says how far it got.

use sprague::games::{DEFAULT_SMALL_CELLS, DomineeringBoard, DomineeringSearch};
use std::time::Instant;

fn main() {
    let args: Vec<usize> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let (w, h) = (
        args.first().copied().unwrap_or(8),
        args.get(1).copied().unwrap_or(8),
    );
    let small = args.get(2).map_or(DEFAULT_SMALL_CELLS, |&s| s as u32);
    let log2 = args.get(3).copied().unwrap_or(25);
    let max_positions = args.get(4).map_or(u64::MAX, |&n| n as u64);
    let Some(board) = DomineeringBoard::rectangle(w, h).filter(DomineeringSearch::fits) else {
        eprintln!("board {w}x{h}: each side must be from 1 to 11");
        std::process::exit(2);
    };
    let mut search = DomineeringSearch::new(1 << log2)
        .with_small_cells(small)
        .with_max_nodes(max_positions);
    for left in [true, false] {
        let stats_before = search.stats();
        let start = Instant::now();
        let before = search.nodes();
        match search.winning_move(&board, left) {
            Ok(m) => println!(
                "{w}x{h} {} first: {} ({} positions, {:.2} s wall)",
                if left {
                    "Left (vertical)"
                } else {
                    "Right (horizontal)"
                },
                if m.is_some() { "wins" } else { "loses" },
                search.nodes() - before,
                start.elapsed().as_secs_f64()
            ),
            Err(e) => {
                let s = search.stats();
                eprintln!(
                    "{e}: not settled after {} positions, {:.2} s wall (bounds {}, table {}, canonical forms {}, expanded {})",
                    search.nodes() - before,
                    start.elapsed().as_secs_f64(),
                    s.by_bounds - stats_before.by_bounds,
                    s.by_table - stats_before.by_table,
                    s.by_canonical_forms - stats_before.by_canonical_forms,
                    s.expanded - stats_before.expanded
                );
                std::process::exit(1);
            }
        }
        let s = search.stats();
        println!(
            "  settled by the bounds {}, by the table {}, by canonical forms {}; expanded {}",
            s.by_bounds - stats_before.by_bounds,
            s.by_table - stats_before.by_table,
            s.by_canonical_forms - stats_before.by_canonical_forms,
            s.expanded - stats_before.expanded
        );
    }
}
