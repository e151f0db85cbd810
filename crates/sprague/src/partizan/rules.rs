//! The ruleset trait every partizan solver is written against.

use core::hash::Hash;

/// A partizan ruleset: Left and Right may have different moves.
///
/// Only [`left_moves`](PartizanRules::left_moves) and
/// [`right_moves`](PartizanRules::right_moves) are required. The optional hooks
/// let a ruleset split positions into independent components (whose values add)
/// and map each component to a representative of its symmetry class, so that
/// one transposition-table entry serves every mirror image.
///
/// Positions must be short: finitely many positions are reachable and no
/// position is reachable from itself.
pub trait PartizanRules {
    /// A position of the game.
    type Position: Clone + Eq + Hash;

    /// Appends every position Left can move to from `position` to `out`.
    fn left_moves(&self, position: &Self::Position, out: &mut Vec<Self::Position>);

    /// Appends every position Right can move to from `position` to `out`.
    fn right_moves(&self, position: &Self::Position, out: &mut Vec<Self::Position>);

    /// Splits `position` into independent components, appended to `out`, and
    /// returns `true`; or returns `false` if it is a single component. The value
    /// of the position is the sum of the values of the components. A component
    /// must itself return `false`. An empty split means the empty game (value 0);
    /// components known to be 0 may be left out.
    fn decompose(&self, position: &Self::Position, out: &mut Vec<Self::Position>) -> bool {
        let _ = (position, out);
        false
    }

    /// A representative of the symmetry class of a component, used as its
    /// transposition-table key, and whether the representative is the
    /// *conjugate* of the component (Left and Right exchanged, value negated).
    ///
    /// Every position mapped to the same key must have the same value (or the
    /// negated value when the flag is set). The default is the position itself.
    fn canonical_key(&self, component: &Self::Position) -> (Self::Position, bool) {
        (component.clone(), false)
    }

    /// A word naming the value of the component representative `key`, if
    /// the ruleset has one: two representatives with the same word must have
    /// the same value. The solver then memoises `key` by the word, in slots
    /// of a word and a value (one cache line a look-up), rather than by the
    /// whole position. [`u64::MAX`] is not a word (it reads as `None`). The
    /// default, `None`, memoises every position by itself; a wrapper that
    /// changes the rules (a variant) must not pass it on.
    fn memo_word(&self, key: &Self::Position) -> Option<u64> {
        let _ = key;
        None
    }

    /// A simpler position whose value differs from that of `component` by
    /// an integer: `Some((simpler, n))` means `component = simpler + n`
    /// (Toads and Frogs: toads that have passed every frog, and frogs every
    /// toad, are removed and counted as the moves they have left). The
    /// solvers value `simpler` in place of the component and add `n`.
    /// `simpler` must itself answer `None` and split no further
    /// ([`decompose`](PartizanRules::decompose) returns `false`). `None`
    /// (the default) keeps the component. A rule of normal play: a wrapper
    /// that changes the rules (a variant) must not pass it on.
    fn integer_shift(&self, component: &Self::Position) -> Option<(Self::Position, i64)> {
        let _ = component;
        None
    }

    /// The value of `component` by a rule, when the ruleset knows it is a
    /// number (a Blue-Red Hackenbush stalk): searches use it instead of
    /// walking the component's options. `None` means "search". It must agree
    /// with the search wherever it answers.
    fn number_value(&self, component: &Self::Position) -> Option<super::dyadic::Dyadic> {
        let _ = component;
        None
    }

    /// A search of the ruleset's own for components it knows to be numbers
    /// (a Blue-Red Hackenbush picture), which a solver keeps for its whole
    /// life and asks before walking a component's options itself (after
    /// [`number_value`](PartizanRules::number_value)). `None` (the default)
    /// means the ruleset has none; a wrapper that changes the rules (a
    /// variant) must not pass it on.
    fn number_search(&self) -> Option<Box<dyn NumberSearch<Self::Position> + '_>> {
        None
    }
}

/// A ruleset's dedicated search for the values of components that are
/// numbers ([`PartizanRules::number_search`]), with a memo of its own that
/// lasts as long as the solver holding it.
pub trait NumberSearch<P> {
    /// The value of `component` (a representative from
    /// [`canonical_key`](PartizanRules::canonical_key)), or `None` to leave
    /// it to the general search. It must agree with the general search
    /// wherever it answers.
    ///
    /// # Errors
    /// [`SearchError::Budget`](crate::monitor::SearchError::Budget) once its
    /// stored states ([`states`](NumberSearch::states)) and the `elsewhere`
    /// states the solver holds would together reach `max_states`; [`SearchError::Interrupted`](crate::monitor::SearchError::Interrupted)
    /// when `monitor` asks it to stop (checked as often as the solvers do).
    fn value(
        &mut self,
        component: &P,
        max_states: usize,
        elsewhere: usize,
        monitor: Option<&crate::monitor::Monitor>,
    ) -> Result<Option<super::dyadic::Dyadic>, crate::monitor::SearchError>;

    /// Number of states it holds, counted in the solver's budget.
    fn states(&self) -> usize;
}

/// Which player moves.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Player {
    /// Left: Blue, Vertical, the player who wants positive values.
    Left,
    /// Right: Red, Horizontal, the player who wants negative values.
    Right,
}

impl Player {
    /// The other player.
    #[must_use]
    pub const fn opponent(self) -> Player {
        match self {
            Player::Left => Player::Right,
            Player::Right => Player::Left,
        }
    }
}

/// Every option of `position` for `player` (a convenience over the two move methods).
pub fn moves_of<R: PartizanRules + ?Sized>(
    rules: &R,
    position: &R::Position,
    player: Player,
) -> Vec<R::Position> {
    let mut out = Vec::new();
    match player {
        Player::Left => rules.left_moves(position, &mut out),
        Player::Right => rules.right_moves(position, &mut out),
    }
    out
}

/// Whether `player`, moving first in `position`, wins, by plain minimax over
/// the whole game tree: no memo, no decomposition, no values. Exponential; a
/// definition-level oracle for tests and tiny positions.
pub fn wins_moving_first<R: PartizanRules + ?Sized>(
    rules: &R,
    position: &R::Position,
    player: Player,
) -> bool {
    moves_of(rules, position, player)
        .iter()
        .any(|option| !wins_moving_first(rules, option, player.opponent()))
}

/// The outcome class of `position` by plain minimax ([`wins_moving_first`] for both players).
pub fn outcome_by_minimax<R: PartizanRules + ?Sized>(
    rules: &R,
    position: &R::Position,
) -> crate::outcome::Outcome {
    crate::outcome::Outcome::from_first_moves(
        wins_moving_first(rules, position, Player::Left),
        wins_moving_first(rules, position, Player::Right),
    )
}
