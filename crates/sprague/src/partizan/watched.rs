//! The top layer of the partizan store: the operations a [`Monitor`] may
//! stop, each answering `Result<_, Interrupted>`.

use super::dyadic::Dyadic;
use super::game_id::GameId;
use super::store::{GameStore, Op};
use crate::{
    monitor::{Interrupted, Monitor},
    outcome::Outcome,
};
use core::cmp::Ordering;

/// A [`GameStore`] watched by a [`Monitor`] (see [`GameStore::with_monitor`]):
/// the operations that can take long (sums, comparisons, constructions and
/// everything built on them) report their work to the monitor and give up
/// with [`Interrupted`] soon after it asks them to stop.
///
/// Every sum, comparison and construction of a general form counts one unit;
/// the units are added to the monitor's count in batches of
/// [`Ticker::BATCH`](crate::monitor::Ticker::BATCH), when its stop flag is read. A
/// stopped operation stores nothing it computed after the stop, so
/// everything in the store stays correct and it can go on being used (reset
/// the monitor first, or the next operation stops too). The costs are those
/// of the [`GameStore`] methods of the same names.
///
/// ```
/// use sprague::{GameStore, Monitor};
/// let monitor = Monitor::new();
/// let mut s = GameStore::new();
/// let g = s.parse("{5|{4|{3|{2|{1|0}}}}}").unwrap();
/// monitor.stop();
/// assert!(s.with_monitor(&monitor).sum(&[g; 12]).is_err());
/// monitor.reset();
/// let three = s.with_monitor(&monitor).sum(&[g; 3]).unwrap();
/// let mut fresh = GameStore::new();
/// let h = fresh.parse("{5|{4|{3|{2|{1|0}}}}}").unwrap();
/// let expected = fresh.sum(&[h; 3]);
/// assert_eq!(s.display(three), fresh.display(expected));
/// ```
pub struct WatchedStore<'s, 'm> {
    store: &'s mut GameStore,
    monitor: &'m Monitor,
}

impl GameStore {
    /// This store watched by `monitor`: the returned view's operations
    /// report to it and stop with [`Interrupted`] when it asks. O(1).
    pub fn with_monitor<'m>(&mut self, monitor: &'m Monitor) -> WatchedStore<'_, 'm> {
        WatchedStore { store: self, monitor }
    }
}

impl<'m> WatchedStore<'_, 'm> {
    /// Runs `f` as one operation watched by the monitor.
    pub(crate) fn run<T>(&mut self, f: impl FnOnce(&mut Op<'_, 'm>) -> T) -> Result<T, Interrupted> {
        let mut op = Op::new(self.store, Some(self.monitor));
        let value = f(&mut op);
        op.finish().map(|()| value)
    }

    /// The store, for the operations that never take long (building inline
    /// values, options, stops, thermographs, display).
    pub fn store(&mut self) -> &mut GameStore {
        self.store
    }

    /// The canonical form of `{left | right}` ([`GameStore::game`]).
    ///
    /// # Errors
    /// [`Interrupted`] if the monitor asked to stop.
    pub fn game(&mut self, left: &[GameId], right: &[GameId]) -> Result<GameId, Interrupted> {
        self.run(|op| op.game(left, right))
    }

    /// `a <= b` ([`GameStore::le`]).
    ///
    /// # Errors
    /// [`Interrupted`] if the monitor asked to stop.
    pub fn le(&mut self, a: GameId, b: GameId) -> Result<bool, Interrupted> {
        self.run(|op| op.le(a, b))
    }

    /// The order between `a` and `b` ([`GameStore::compare`]).
    ///
    /// # Errors
    /// [`Interrupted`] if the monitor asked to stop.
    pub fn compare(&mut self, a: GameId, b: GameId) -> Result<Option<Ordering>, Interrupted> {
        self.run(|op| op.compare(a, b))
    }

    /// The outcome class ([`GameStore::outcome`]).
    ///
    /// # Errors
    /// [`Interrupted`] if the monitor asked to stop.
    pub fn outcome(&mut self, g: GameId) -> Result<Outcome, Interrupted> {
        self.run(|op| op.outcome(g))
    }

    /// The sum `G + H` ([`GameStore::add`]).
    ///
    /// # Errors
    /// [`Interrupted`] if the monitor asked to stop.
    pub fn add(&mut self, g: GameId, h: GameId) -> Result<GameId, Interrupted> {
        self.run(|op| op.add(g, h))
    }

    /// The difference `G - H` ([`GameStore::sub`]).
    ///
    /// # Errors
    /// [`Interrupted`] if the monitor asked to stop.
    pub fn sub(&mut self, g: GameId, h: GameId) -> Result<GameId, Interrupted> {
        self.run(|op| op.sub(g, h))
    }

    /// The sum of many games ([`GameStore::sum`]).
    ///
    /// # Errors
    /// [`Interrupted`] if the monitor asked to stop.
    pub fn sum(&mut self, games: &[GameId]) -> Result<GameId, Interrupted> {
        self.run(|op| op.sum(games))
    }

    /// Left's and Right's incentives ([`GameStore::incentives`]).
    ///
    /// # Errors
    /// [`Interrupted`] if the monitor asked to stop.
    pub fn incentives(&mut self, g: GameId) -> Result<(Vec<GameId>, Vec<GameId>), Interrupted> {
        self.run(|op| op.incentives(g))
    }

    /// `g` cooled by `t` ([`GameStore::cool`]).
    ///
    /// # Errors
    /// [`Interrupted`] if the monitor asked to stop.
    pub fn cool(&mut self, g: GameId, t: &Dyadic) -> Result<GameId, Interrupted> {
        self.run(|op| op.cool(g, t))
    }

    /// `g` heated by `t` ([`GameStore::heat`]).
    ///
    /// # Errors
    /// [`Interrupted`] if the monitor asked to stop.
    pub fn heat(&mut self, g: GameId, t: GameId) -> Result<GameId, Interrupted> {
        self.run(|op| op.heat(g, t))
    }

    /// The reduced canonical form ([`GameStore::reduced`]).
    ///
    /// # Errors
    /// [`Interrupted`] if the monitor asked to stop.
    pub fn reduced(&mut self, g: GameId) -> Result<GameId, Interrupted> {
        self.run(|op| op.reduced(g))
    }

    /// The atomic weight ([`GameStore::atomic_weight`]).
    ///
    /// # Errors
    /// [`Interrupted`] if the monitor asked to stop.
    pub fn atomic_weight(&mut self, g: GameId) -> Result<Option<GameId>, Interrupted> {
        self.run(|op| op.atomic_weight(g))
    }
}
