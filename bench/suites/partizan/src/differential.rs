//! Differential test: canonical forms of random small Domineering and Toads
//! and Frogs positions from sprague and from cgt 0.11 must be the same game.
//! cgt's forms are rebuilt in a sprague store and compared by id.
//!
//! Usage: `partizan-differential [CASES] [SEED]` (defaults 300 and 1).
//! Exits 1 on the first disagreement, printing the position.

use cgt::short::partizan::canonical_form::CanonicalForm;
use cgt::short::partizan::partizan_game::PartizanGame;
use cgt::short::partizan::transposition_table::ParallelTranspositionTable;
use rand::{Rng, SeedableRng};
use sprague::{GameId, GameStore, Notation, PartizanSolver, games::{Domineering, ToadsAndFrogs}};
use std::collections::HashMap;
use std::str::FromStr;

fn from_cgt(store: &mut GameStore, memo: &mut HashMap<String, GameId>, g: &CanonicalForm) -> GameId {
    let key = g.to_string();
    if let Some(&id) = memo.get(&key) {
        return id;
    }
    let left: Vec<_> = g.left_moves().map(|o| from_cgt(store, memo, &o)).collect();
    let right: Vec<_> = g.right_moves().map(|o| from_cgt(store, memo, &o)).collect();
    let id = store.game(&left, &right);
    memo.insert(key, id);
    id
}

fn main() {
    let mut args = std::env::args().skip(1);
    let cases: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(300);
    let seed: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut memo = HashMap::new();

    let mut dom = PartizanSolver::new(&Domineering);
    let dom_tt = ParallelTranspositionTable::new();
    for _ in 0..cases {
        let (w, h) = (rng.gen_range(1..=5), rng.gen_range(1..=5));
        let rows: Vec<String> = (0..h)
            .map(|_| (0..w).map(|_| if rng.gen_bool(0.2) { '#' } else { '.' }).collect())
            .collect();
        let text = rows.join("|");
        let ours = dom.value(&Domineering.parse_position(&text).expect("board")).expect("budget");
        let theirs_cf = cgt::short::partizan::games::domineering::Domineering::<
            cgt::grid::small_bit_grid::SmallBitGrid<_>,
        >::from_str(&text)
        .expect("cgt board")
        .canonical_form(&dom_tt);
        let theirs = from_cgt(dom.store_mut(), &mut memo, &theirs_cf);
        if ours != theirs {
            let a = dom.store_mut().display(ours);
            println!("DIFFER domineering {text}: sprague {a}, cgt {theirs_cf}");
            std::process::exit(1);
        }
    }
    println!("domineering: {cases} random boards up to 5x5 agree with cgt 0.11");

    let mut memo = HashMap::new();
    let mut tf = PartizanSolver::new(&ToadsAndFrogs);
    let tf_tt = ParallelTranspositionTable::new();
    for _ in 0..cases {
        let n = rng.gen_range(1..=12);
        let text: String = (0..n).map(|_| ['T', 'F', '.', '.'][rng.gen_range(0..4)]).collect();
        let ours = tf.value(&ToadsAndFrogs.parse_position(&text).expect("strip")).expect("budget");
        let theirs_cf = cgt::short::partizan::games::toads_and_frogs::ToadsAndFrogs::from_str(&text)
            .expect("cgt strip")
            .canonical_form(&tf_tt);
        let theirs = from_cgt(tf.store_mut(), &mut memo, &theirs_cf);
        if ours != theirs {
            let a = tf.store_mut().display(ours);
            println!("DIFFER toads-and-frogs {text}: sprague {a}, cgt {theirs_cf}");
            std::process::exit(1);
        }
    }
    println!("toads-and-frogs: {cases} random strips up to 12 squares agree with cgt 0.11");
}
