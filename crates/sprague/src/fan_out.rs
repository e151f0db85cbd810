//! One fan-out of work over scoped threads, for the solvers that share a
//! work counter between their workers.

/// Runs `work` on `threads` threads at once (this one and `threads - 1`
/// scoped ones; one thread runs it here alone) and folds the results in
/// thread order with `merge`; the first error in that order is returned.
/// Each run of `work` takes its share from state it shares with the others
/// (an atomic counter of blocks, say). A panic in a worker is passed on.
/// O(threads) besides the work.
pub(crate) fn fan_out<T: Send, E: Send>(
    threads: usize,
    work: impl Fn() -> Result<T, E> + Sync,
    merge: impl Fn(T, T) -> T,
) -> Result<T, E> {
    if threads <= 1 {
        return work();
    }
    std::thread::scope(|scope| {
        let handles: Vec<_> = (1..threads).map(|_| scope.spawn(&work)).collect();
        let mut result = work();
        for h in handles {
            // A worker panics only on a bug in what it runs: pass it on.
            let r = h.join().unwrap_or_else(|p| std::panic::resume_unwind(p));
            result = match (result, r) {
                (Err(e), _) | (Ok(_), Err(e)) => Err(e),
                (Ok(a), Ok(b)) => Ok(merge(a, b)),
            };
        }
        result
    })
}

#[cfg(test)]
mod tests {
    use super::fan_out;
    use std::sync::atomic::{AtomicU64, Ordering};

    #[test]
    fn every_share_is_taken_once_and_summed() {
        for threads in 1..5 {
            let next = AtomicU64::new(0);
            let sum = fan_out(
                threads,
                || -> Result<u64, ()> {
                    let mut s = 0;
                    loop {
                        let k = next.fetch_add(1, Ordering::Relaxed);
                        if k >= 1000 {
                            return Ok(s);
                        }
                        s += k;
                    }
                },
                |a, b| a + b,
            );
            assert_eq!(sum, Ok(999 * 1000 / 2));
        }
    }

    #[test]
    fn an_error_wins() {
        let next = AtomicU64::new(0);
        let r = fan_out(
            3,
            || {
                if next.fetch_add(1, Ordering::Relaxed) == 1 {
                    Err("stop")
                } else {
                    Ok(1)
                }
            },
            |a, b| a + b,
        );
        assert_eq!(r, Err("stop"));
    }
}
