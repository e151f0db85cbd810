//! Random short partizan games for the property tests of the partizan
//! modules (`partizan_ops.rs`, `atomic_weight.rs`).

use sprague::{GameId, GameStore};

/// Adds `count` games to `pool`, each with one or two Left and one or two
/// Right options drawn from the pool so far (the games made before
/// included), by the bytes of `picks` in turn; returns the games made.
pub fn grow_pool(s: &mut GameStore, pool: &mut Vec<GameId>, picks: &[u8], count: usize) -> Vec<GameId> {
    let mut it = picks.iter().copied().cycle();
    let mut made = Vec::new();
    for _ in 0..count {
        let nl = 1 + usize::from(it.next().unwrap_or(0) % 2);
        let nr = 1 + usize::from(it.next().unwrap_or(0) % 2);
        let l: Vec<GameId> = (0..nl)
            .map(|_| pool[usize::from(it.next().unwrap_or(0)) % pool.len()])
            .collect();
        let r: Vec<GameId> = (0..nr)
            .map(|_| pool[usize::from(it.next().unwrap_or(0)) % pool.len()])
            .collect();
        let g = s.game(&l, &r);
        pool.push(g);
        made.push(g);
    }
    made
}
