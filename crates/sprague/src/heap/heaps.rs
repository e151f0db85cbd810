//! Sums of heaps of one [`HeapGame`]: the multi-heap position as an
//! [`ImpartialRules`].

use super::game::HeapGame;
use super::table::GrundyTable;
use crate::notation::{ParseError, describe_heap_move, format_heaps, parse_heaps};
use crate::{
    impartial::{ImpartialRules, TameComponent, TameSum},
    nimber::Nimber,
    notation::Notation,
    outcome::Outcome,
};

/// Heaps at most this large have their options enumerated when looking for
/// moves to a given value; larger heaps use [`HeapGame::huge_heap_moves`].
pub const ENUMERATION_LIMIT: u64 = 1 << 22;

/// A position of several heaps of a [`HeapGame`] (notation `3 4 5`), as an
/// [`ImpartialRules`]: a move replaces one heap by the heaps it leaves (a heap
/// that leaves nothing is shown as `0`). Each heap is an independent component;
/// single heaps are valued by the game's closed form or by the attached
/// [`GrundyTable`] (which, with a proven period, covers every heap size).
///
/// ```
/// use sprague::{GrundySolver, Heaps, Nimber, heap::{GrundyTable, TakeBreak}};
/// let kayles = TakeBreak::parse("0.77").unwrap();
/// let table = GrundyTable::until_proven(&kayles, 1 << 16);
/// let rules = Heaps::with_table(kayles, table);
/// let mut solver = GrundySolver::new(&rules);
/// // Kayles values (Winning Ways): G(1) = 1, G(2) = 2, G(3) = 3, so 1 + 2 + 3 = 0.
/// assert_eq!(solver.grundy(&vec![1, 2, 3]).unwrap(), Nimber(0));
/// // A heap of 2^63 − 1 is answered through the proven period.
/// assert!(solver.grundy(&vec![i64::MAX as u64]).is_ok());
/// ```
#[derive(Clone, Debug)]
pub struct Heaps<G> {
    game: G,
    table: GrundyTable,
}

impl<G: HeapGame> Heaps<G> {
    /// Heaps of `game`, valued by its closed form or by search.
    #[must_use]
    pub fn new(game: G) -> Self {
        Heaps {
            game,
            table: GrundyTable::empty(),
        }
    }

    /// Heaps of `game` with a table of its values.
    #[must_use]
    pub fn with_table(game: G, table: GrundyTable) -> Self {
        Heaps { game, table }
    }

    /// The heap game.
    #[must_use]
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The attached table.
    #[must_use]
    pub fn table(&self) -> &GrundyTable {
        &self.table
    }

    /// `G(n)` of one heap without search: closed form or table. `None` if neither
    /// covers `n`.
    #[must_use]
    pub fn heap_grundy(&self, n: u64) -> Option<Nimber> {
        self.game.heap_value(n).or_else(|| self.table.value(n))
    }

    /// Every option of a heap of `n` with value `target`, as the heaps it leaves
    /// (`[0]` for nothing), if the heap can be valued without search.
    ///
    /// Heaps up to [`ENUMERATION_LIMIT`], and heaps the attached table holds
    /// (a table of `n` values cost more than listing the options of heap
    /// `n`), enumerate every option; larger ones ask the game
    /// ([`HeapGame::huge_heap_moves`]). O(options(n) · parts).
    #[must_use]
    pub fn heap_moves_to_value(&self, n: u64, target: Nimber) -> Option<Vec<Vec<u64>>> {
        if n > ENUMERATION_LIMIT && n >= self.table.values().len() as u64 {
            return self.game.huge_heap_moves(n, target, &|h| self.heap_grundy(h));
        }
        let mut found = Vec::new();
        let mut complete = true;
        self.game.heap_options(n, &mut |parts| {
            let mut x = Nimber::ZERO;
            for &p in parts {
                match self.heap_grundy(p) {
                    Some(v) => x += v,
                    None => {
                        complete = false;
                        return;
                    }
                }
            }
            if x == target {
                found.push(if parts.is_empty() { vec![0] } else { parts.to_vec() });
            }
        });
        complete.then_some(found)
    }

    /// The value of the sum `heaps` and its winning moves, found without
    /// search: every heap is valued by [`heap_grundy`](Heaps::heap_grundy), and
    /// heap `i` of value `g_i` must move to `g_i ⊕ total`
    /// ([`heap_moves_to_value`](Heaps::heap_moves_to_value)). Moves are listed
    /// heap by heap, in order.
    ///
    /// O(Σ options of the heaps enumerated), plus the game's
    /// [`huge_heap_moves`](HeapGame::huge_heap_moves) for heaps above
    /// [`ENUMERATION_LIMIT`].
    ///
    /// # Errors
    /// The first heap that neither the closed form nor the table values.
    ///
    /// ```
    /// use sprague::{Heaps, Nimber, games::Nim, heap::HeapMove};
    /// let sum = Heaps::new(Nim).solve_sum(&[3, 4, 5]).unwrap();
    /// assert_eq!(sum.grundy, Nimber(2));
    /// assert_eq!(sum.winning_moves, vec![HeapMove { heap: 0, parts: vec![1] }]);
    /// assert_eq!(sum.winning_moves[0].apply(&[3, 4, 5]), vec![1, 4, 5]);
    /// assert!(sum.complete);
    /// ```
    pub fn solve_sum(&self, heaps: &[u64]) -> Result<HeapSum, u64> {
        let values = heaps
            .iter()
            .map(|&h| self.heap_grundy(h).ok_or(h))
            .collect::<Result<Vec<_>, _>>()?;
        let total: Nimber = values.iter().copied().sum();
        let mut winning_moves = Vec::new();
        let mut complete = true;
        if !total.is_zero() {
            for (i, (&h, &g)) in heaps.iter().zip(&values).enumerate() {
                match self.heap_moves_to_value(h, g + total) {
                    Some(found) => {
                        if h > ENUMERATION_LIMIT
                            && h >= self.table.values().len() as u64
                            && !self.game.huge_heap_moves_complete()
                        {
                            complete = false;
                        }
                        winning_moves.extend(found.into_iter().map(|parts| HeapMove { heap: i, parts }));
                    }
                    None => complete = false,
                }
            }
        }
        Ok(HeapSum {
            grundy: total,
            winning_moves,
            complete,
        })
    }
}

impl<G: HeapGame> Heaps<G> {
    /// The misère outcome of `heaps` and its winning moves by the tame rule
    /// ([`TameSum`]), when the game says every heap is tame
    /// ([`HeapGame::misere_tame`]) and every heap is valued without search;
    /// `None` otherwise. No search, so heaps of any size are answered: heap
    /// `i` must leave heaps whose values, with the rest, make a misère
    /// P-position, which only the normal values `rest` and `rest ⊕ 1` can
    /// (found by [`heap_moves_to_value`](Heaps::heap_moves_to_value)); each
    /// candidate is checked by the rule. Equal heaps are tried once (their
    /// moves lead to the same sum). O(distinct heaps · options found), plus
    /// the game's [`huge_heap_moves`](HeapGame::huge_heap_moves) for heaps
    /// above [`ENUMERATION_LIMIT`].
    ///
    /// ```
    /// use sprague::{Heaps, Outcome, games::Nim};
    /// let (outcome, moves) = Heaps::new(Nim).solve_tame_misere(&[1 << 40, 1]).unwrap();
    /// assert_eq!(outcome, Outcome::N);
    /// assert_eq!(moves, vec![vec![0, 1]]); // leave one heap of 1: the opponent must take it
    /// ```
    #[must_use]
    pub fn solve_tame_misere(&self, heaps: &[u64]) -> Option<(Outcome, Vec<Vec<u64>>)> {
        let component = |h: u64| -> Option<TameComponent> {
            Some(TameComponent {
                grundy: self.heap_grundy(h)?,
                tiny: self.game.misere_tame(h)?,
            })
        };
        let comps = heaps.iter().map(|&h| component(h)).collect::<Option<Vec<_>>>()?;
        let sum = TameSum::of(comps.iter().copied());
        let outcome = sum.outcome();
        let mut moves = Vec::new();
        if outcome == Outcome::N {
            let mut tried = std::collections::HashSet::new();
            for (i, (&h, &c)) in heaps.iter().zip(&comps).enumerate() {
                if !tried.insert(h) {
                    continue;
                }
                let rest = sum.without(c);
                for target in [rest.grundy, rest.grundy + Nimber(1)] {
                    for parts in self.heap_moves_to_value(h, target).unwrap_or_default() {
                        let left: Vec<u64> = parts.iter().copied().filter(|&p| p > 0).collect();
                        let Some(after) = left
                            .iter()
                            .try_fold(rest, |s, &p| component(p).map(|c| s.with(c)))
                        else {
                            continue;
                        };
                        if after.outcome() == Outcome::P {
                            let mut to = heaps[..i].to_vec();
                            to.extend_from_slice(&parts);
                            to.extend_from_slice(&heaps[i + 1..]);
                            moves.push(to);
                        }
                    }
                }
            }
        }
        Some((outcome, moves))
    }
}

/// A sum of heaps solved without search by [`Heaps::solve_sum`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeapSum {
    /// The Grundy value of the sum: the nim-sum of the heaps' values.
    pub grundy: Nimber,
    /// Winning moves (empty when `grundy` is 0).
    pub winning_moves: Vec<HeapMove>,
    /// Whether `winning_moves` lists every winning move: `false` when a heap
    /// too large to enumerate had its moves listed only in part (or not at
    /// all; see [`HeapGame::huge_heap_moves_complete`]).
    pub complete: bool,
}

/// A move in a sum of heaps: heap number `heap` (0-based) is replaced by
/// the heaps `parts` (none when it is emptied or taken away).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeapMove {
    /// The index of the heap moved in.
    pub heap: usize,
    /// The heaps it leaves.
    pub parts: Vec<u64>,
}

impl HeapMove {
    /// The whole position after this move from `heaps`. O(heaps).
    #[must_use]
    pub fn apply(&self, heaps: &[u64]) -> Vec<u64> {
        let mut to = Vec::with_capacity(heaps.len() + self.parts.len());
        to.extend_from_slice(&heaps[..self.heap.min(heaps.len())]);
        to.extend_from_slice(&self.parts);
        to.extend_from_slice(heaps.get(self.heap + 1..).unwrap_or(&[]));
        to
    }
}

impl<G: HeapGame> ImpartialRules for Heaps<G> {
    type Position = Vec<u64>;

    fn moves(&self, position: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        for (i, &h) in position.iter().enumerate() {
            self.game.heap_options(h, &mut |parts| {
                let mut p = Vec::with_capacity(position.len() + parts.len());
                p.extend_from_slice(&position[..i]);
                if parts.is_empty() {
                    p.push(0);
                } else {
                    p.extend_from_slice(parts);
                }
                p.extend_from_slice(&position[i + 1..]);
                out.push(p);
            });
        }
    }

    fn decompose(&self, position: &Vec<u64>, out: &mut Vec<Vec<u64>>) -> bool {
        crate::impartial::split_pieces(position, out)
    }

    fn compose(&self, parts: &[Vec<u64>]) -> Option<Vec<u64>> {
        Some(parts.concat())
    }

    /// The heaps sorted, without heaps that have no move (0, and 1 or 2
    /// when the game allows no move there). O(n log n).
    fn normalize(&self, position: &Vec<u64>) -> Option<Vec<u64>> {
        let mut dead = [false; 3];
        for (h, d) in dead.iter_mut().enumerate() {
            let mut any = false;
            self.game.heap_options(h as u64, &mut |_| any = true);
            *d = !any;
        }
        let mut p: Vec<u64> = position
            .iter()
            .copied()
            .filter(|&h| {
                !usize::try_from(h)
                    .ok()
                    .and_then(|i| dead.get(i).copied())
                    .unwrap_or(false)
            })
            .collect();
        p.sort_unstable();
        Some(p)
    }

    fn closed_form(&self, component: &Vec<u64>) -> Option<Nimber> {
        match component[..] {
            [h] => self.heap_grundy(h),
            _ => None,
        }
    }

    fn moves_to_value(&self, component: &Vec<u64>, target: Nimber) -> Option<Vec<Vec<u64>>> {
        match component[..] {
            [h] => self.heap_moves_to_value(h, target),
            _ => None,
        }
    }

    fn misere_outcome(&self, position: &Vec<u64>) -> Option<Outcome> {
        self.game.misere_outcome(position)
    }
}

/// Heaps as pieces for the misère search over multisets
/// ([`PieceMisereSolver`](crate::impartial::PieceMisereSolver)): each heap a
/// piece, each part of a move one piece.
impl<G: HeapGame> crate::impartial::PieceRules for Heaps<G> {
    type Piece = u64;

    fn piece_options(&self, heap: &u64, f: &mut dyn FnMut(&[(u64, u64)])) {
        let mut counted: Vec<(u64, u64)> = Vec::new();
        self.game.heap_options(*heap, &mut |parts| {
            counted.clear();
            counted.extend(parts.iter().map(|&p| (p, 1)));
            f(&counted);
        });
    }

    fn has_move(&self, heap: &u64) -> bool {
        self.game.has_move(*heap)
    }
}

impl<G: HeapGame> Notation<Vec<u64>> for Heaps<G> {
    fn parse_position(&self, text: &str) -> Result<Vec<u64>, ParseError> {
        parse_heaps(text)
    }
    fn format_position(&self, position: &Vec<u64>) -> String {
        format_heaps(position)
    }
    fn describe_move(&self, from: &Vec<u64>, to: &Vec<u64>) -> String {
        describe_heap_move(from, to)
    }
}

/// Makes a `Copy` [`HeapGame`] type a ruleset in its own right, by delegating
/// [`ImpartialRules`] and [`Notation`] to [`Heaps`] (so `GrundySolver::new(&Nim)`
/// works and the sum logic lives in one place).
macro_rules! heap_rules {
    ($game:ty) => {
        impl $crate::impartial::ImpartialRules for $game {
            type Position = Vec<u64>;
            fn moves(&self, position: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
                $crate::heap::Heaps::new(*self).moves(position, out);
            }
            fn decompose(&self, position: &Vec<u64>, out: &mut Vec<Vec<u64>>) -> bool {
                $crate::heap::Heaps::new(*self).decompose(position, out)
            }
            fn compose(&self, parts: &[Vec<u64>]) -> Option<Vec<u64>> {
                $crate::heap::Heaps::new(*self).compose(parts)
            }
            fn closed_form(&self, component: &Vec<u64>) -> Option<$crate::nimber::Nimber> {
                $crate::heap::Heaps::new(*self).closed_form(component)
            }
            fn moves_to_value(
                &self,
                component: &Vec<u64>,
                target: $crate::nimber::Nimber,
            ) -> Option<Vec<Vec<u64>>> {
                $crate::heap::Heaps::new(*self).moves_to_value(component, target)
            }
            fn misere_outcome(&self, position: &Vec<u64>) -> Option<$crate::outcome::Outcome> {
                $crate::heap::HeapGame::misere_outcome(self, position)
            }
            fn normalize(&self, position: &Vec<u64>) -> Option<Vec<u64>> {
                $crate::heap::Heaps::new(*self).normalize(position)
            }
        }

        impl $crate::notation::Notation<Vec<u64>> for $game {
            fn parse_position(&self, text: &str) -> Result<Vec<u64>, $crate::parse_error::ParseError> {
                $crate::notation::parse_heaps(text)
            }
            fn format_position(&self, position: &Vec<u64>) -> String {
                $crate::notation::format_heaps(position)
            }
            fn describe_move(&self, from: &Vec<u64>, to: &Vec<u64>) -> String {
                $crate::notation::describe_heap_move(from, to)
            }
        }
    };
}
pub(crate) use heap_rules;
