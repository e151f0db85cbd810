//! A store watched by a monitor that asks to stop gives up on the operation
//! under way with `Interrupted`, and everything it keeps stays correct: once
//! the monitor is reset, sums, comparisons and derived values equal those of
//! a store that was never stopped.

use sprague::{GameId, GameStore, Interrupted, Monitor, partizan::WatchedStore};

const GAMES: [&str; 4] = ["{5|{4|{3|{2|{1|0}}}}}", "{3||2|1}", "{2|{1|*}}", "{^|{0|v*}}"];

/// Long work: sums of many copies of hot games, and their comparisons.
fn work(s: &mut WatchedStore<'_, '_>, g: &[GameId]) -> Result<Vec<String>, Interrupted> {
    let mut out = Vec::new();
    let mut acc = GameId::ZERO;
    for (i, &x) in g.iter().cycle().take(10).enumerate() {
        acc = s.add(acc, x)?;
        let y = s.store().neg(g[i % g.len()]);
        let c = s.compare(acc, y)?;
        out.push(format!("{} {c:?}", s.store().display(acc)));
    }
    out.push(format!("{:?}", s.store().temperature(acc)));
    Ok(out)
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
    static NEVER: Monitor = Monitor::new();
    let mut fresh = GameStore::new();
    let g = parse(&mut fresh);
    let expected = work(&mut fresh.with_monitor(&NEVER), &g).expect("never stopped");
    // Stop at many different points: `warm` small operations first shift
    // where the 4096-operation report (and so the stop) falls.
    for warm in [0u64, 1, 7, 100, 1000, 2500, 4000] {
        static MONITOR: Monitor = Monitor::new();
        MONITOR.reset();
        let mut store = GameStore::new();
        let g = parse(&mut store);
        let mut s = store.with_monitor(&MONITOR);
        for k in 0..warm {
            let x = s.store().integer(k as i64);
            let y = s.store().nimber(k % 5);
            s.le(x, g[(k % 4) as usize]).expect("not stopped yet");
            s.add(y, g[0]).expect("not stopped yet");
        }
        MONITOR.stop();
        let stopped = work(&mut s, &g);
        assert!(stopped.is_err(), "warm {warm}: the store did not stop");
        assert!(MONITOR.done() > 0);
        MONITOR.reset();
        assert_eq!(work(&mut s, &g), Ok(expected.clone()), "warm {warm}");
    }
}

#[test]
fn an_unwatched_or_calm_store_never_halts() {
    static CALM: Monitor = Monitor::new();
    static UNUSED: Monitor = Monitor::new();
    let mut s = GameStore::new();
    let g = parse(&mut s);
    let mut fresh = GameStore::new();
    let h = parse(&mut fresh);
    let watched = work(&mut s.with_monitor(&CALM), &g);
    assert!(watched.is_ok());
    assert_eq!(watched, work(&mut fresh.with_monitor(&UNUSED), &h));
    // The watched store reported its work.
    assert!(CALM.done() > 0);
}
