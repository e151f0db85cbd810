//! Misère Grundy values of single heaps.

use super::game::HeapGame;
use crate::budget::BudgetExceeded;
use crate::monitor::{Monitor, SearchError, Ticker};
use std::collections::HashMap;

/// Misère Grundy values `g⁻(0), …, g⁻(count − 1)` of single heaps.
///
/// The misère Grundy value of a position is 1 if it has no move, and otherwise
/// the mex of the misère Grundy values of its options; a position is a misère
/// P-position (the player to move loses when the last mover loses) exactly
/// when its value is 0. Options of a heap are sums of heaps, whose misère
/// values do not follow from the parts' values, so each sum is searched
/// (memoised as a sorted list of heaps, heaps without moves dropped since they
/// change nothing).
///
/// # Errors
/// [`BudgetExceeded`] once `max_states` sums are stored.
///
/// ```
/// use sprague::{heap::{misere_grundy_values, Subtraction}};
/// // Misère Nim heaps: 1, 0, 2, 3, … (heap of 1: the only move loses).
/// let nimlike = Subtraction::new(&[1, 2, 3, 4, 5, 6, 7]).unwrap();
/// assert_eq!(misere_grundy_values(&nimlike, 4, 10_000).unwrap(), vec![1, 0, 2, 3]);
/// ```
pub fn misere_grundy_values<G: HeapGame + ?Sized>(
    game: &G,
    count: usize,
    max_states: usize,
) -> Result<Vec<u64>, BudgetExceeded> {
    // A monitor no one stops: every value is computed.
    let monitor = Monitor::new();
    misere_grundy_values_with(game, count, max_states, &monitor, &mut |_| true)
}

/// [`misere_grundy_values`] that can stop early: it reports the sums solved
/// to `monitor`, calls `progress` with the number of values done after each
/// one, and returns the values done so far when `progress` returns false or
/// the monitor asks for a stop (so fewer than `count` values means it was
/// stopped).
///
/// # Errors
/// [`BudgetExceeded`] once `max_states` sums are stored.
///
/// ```
/// use sprague::{Monitor, heap::{Subtraction, misere_grundy_values_with}};
/// let nimlike = Subtraction::new(&[1, 2, 3, 4, 5, 6, 7]).unwrap();
/// let monitor = Monitor::new();
/// let values = misere_grundy_values_with(&nimlike, 10, 10_000, &monitor, &mut |done| done < 4).unwrap();
/// assert_eq!(values, vec![1, 0, 2, 3]);
/// ```
pub fn misere_grundy_values_with<G: HeapGame + ?Sized>(
    game: &G,
    count: usize,
    max_states: usize,
    monitor: &Monitor,
    progress: &mut dyn FnMut(usize) -> bool,
) -> Result<Vec<u64>, BudgetExceeded> {
    let mut search = Search::new(game, max_states, monitor);
    let mut values = Vec::with_capacity(count);
    for n in 0..count as u64 {
        let start = if search.is_dead(n) { vec![] } else { vec![n] };
        let v = search.value(start);
        // The count is exact between values; a stop shows at the next batch.
        let _ = search.ticker.flush();
        match v {
            Ok(v) => values.push(v),
            Err(SearchError::Interrupted(_)) => break,
            Err(SearchError::Budget(b)) => return Err(b),
        }
        if !progress(values.len()) {
            break;
        }
    }
    Ok(values)
}

struct Search<'g, G: ?Sized> {
    game: &'g G,
    /// Values by sorted list of heaps, each list written as variable-length
    /// bytes (a few bytes per heap, not a vector of 8-byte words).
    memo: HashMap<Box<[u8]>, u64>,
    dead: HashMap<u64, bool>,
    max_states: usize,
    ticker: Ticker<'g>,
}

impl<'g, G: HeapGame + ?Sized> Search<'g, G> {
    fn new(game: &'g G, max_states: usize, monitor: &'g Monitor) -> Self {
        Search {
            game,
            memo: HashMap::new(),
            dead: HashMap::new(),
            max_states,
            ticker: Ticker::new(Some(monitor)),
        }
    }

    fn is_dead(&mut self, h: u64) -> bool {
        if let Some(&d) = self.dead.get(&h) {
            return d;
        }
        let mut any = false;
        self.game.heap_options(h, &mut |_| any = true);
        self.dead.insert(h, !any);
        !any
    }

    /// Misère value of a sorted list of live heaps. Depth-first; the depth is
    /// bounded by the number of moves in a play.
    fn value(&mut self, heaps: Vec<u64>) -> Result<u64, SearchError> {
        let key = encode(&heaps);
        if let Some(&v) = self.memo.get(&key) {
            return Ok(v);
        }
        if heaps.is_empty() {
            return Ok(1);
        }
        let mut options: Vec<Vec<u64>> = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            if i > 0 && heaps[i - 1] == h {
                continue;
            }
            let mut lists: Vec<Vec<u64>> = Vec::new();
            self.game.heap_options(h, &mut |parts| lists.push(parts.to_vec()));
            for parts in lists {
                let mut next: Vec<u64> = heaps[..i].to_vec();
                next.extend_from_slice(&heaps[i + 1..]);
                for p in parts {
                    if !self.is_dead(p) {
                        next.push(p);
                    }
                }
                next.sort_unstable();
                options.push(next);
            }
        }
        let mut values = Vec::with_capacity(options.len());
        for o in options {
            values.push(self.value(o)?);
        }
        let v = if values.is_empty() {
            1
        } else {
            crate::nimber::mex_in_place(&mut values).get()
        };
        if self.memo.len() >= self.max_states {
            return Err(BudgetExceeded {
                max_states: self.max_states,
            }
            .into());
        }
        self.memo.insert(key, v);
        self.ticker.tick()?;
        Ok(v)
    }
}

/// A sorted list of heaps as variable-length bytes (7 bits a byte). O(heaps).
fn encode(heaps: &[u64]) -> Box<[u8]> {
    let mut out = Vec::with_capacity(heaps.len() + 1);
    for &h in heaps {
        let mut v = h;
        while v >= 0x80 {
            out.push((v as u8) | 0x80);
            v >>= 7;
        }
        out.push(v as u8);
    }
    out.into_boxed_slice()
}
