//! A store watched by a monitor that asks to stop gives up on the operation
//! under way, and everything it keeps stays correct: after `resume`, sums,
//! comparisons and derived values equal those of a store that was never
//! stopped.

use sprague::{GameId, GameStore, Monitor};

const GAMES: [&str; 4] = ["{5|{4|{3|{2|{1|0}}}}}", "{3||2|1}", "{2|{1|*}}", "{^|{0|v*}}"];

/// Long work: sums of many copies of hot games, and their comparisons.
fn work(s: &mut GameStore, g: &[GameId]) -> Vec<String> {
    let mut out = Vec::new();
    let mut acc = GameId::ZERO;
    for (i, &x) in g.iter().cycle().take(10).enumerate() {
        acc = s.add(acc, x);
        let y = s.neg(g[i % g.len()]);
        let c = s.compare(acc, y);
        out.push(format!("{} {c:?}", s.display(acc)));
    }
    out.push(format!("{:?}", s.temperature(acc)));
    out
}

fn parse(s: &mut GameStore) -> Vec<GameId> {
    GAMES
        .iter()
        .map(|t| match s.parse(t) {
            Ok(g) => g,
            Err(e) => panic!("{t}: {e}"),
        })
        .collect()
}

#[test]
fn a_stopped_store_keeps_only_correct_results() {
    let mut fresh = GameStore::new();
    let g = parse(&mut fresh);
    let expected = work(&mut fresh, &g);
    // Stop at many different points: `warm` small operations first shift
    // where the 4096-operation report (and so the stop) falls.
    for warm in [0u64, 1, 7, 100, 1000, 2500, 4000] {
        static MONITOR: Monitor = Monitor::new();
        MONITOR.reset();
        let mut s = GameStore::new();
        s.watch(&MONITOR);
        let g = parse(&mut s);
        for k in 0..warm {
            let x = s.integer(k as i64);
            let y = s.nimber(k % 5);
            let _ = s.le(x, g[(k % 4) as usize]);
            let _ = s.add(y, g[0]);
        }
        MONITOR.stop();
        let _ = work(&mut s, &g);
        assert!(s.interrupted(), "warm {warm}: the store did not stop");
        assert!(MONITOR.done() > 0);
        MONITOR.reset();
        s.resume();
        assert!(!s.interrupted());
        assert_eq!(work(&mut s, &g), expected, "warm {warm}");
        assert!(!s.interrupted());
    }
}

#[test]
fn an_unwatched_or_calm_store_never_halts() {
    static CALM: Monitor = Monitor::new();
    let mut s = GameStore::new();
    s.watch(&CALM);
    let g = parse(&mut s);
    let mut fresh = GameStore::new();
    let h = parse(&mut fresh);
    assert_eq!(work(&mut s, &g), work(&mut fresh, &h));
    assert!(!s.interrupted());
    // The watched store reported its work.
    assert!(CALM.done() > 0);
}
