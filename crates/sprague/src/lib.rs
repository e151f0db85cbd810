//! # sprague — a combinatorial game theory engine
//!
//! Values, outcomes and winning moves of combinatorial games: impartial games
//! and the Sprague–Grundy theorem, nimbers and the nim field, explicit game
//! graphs, loopy games (win, lose or draw, with remoteness) and short partizan
//! games (canonical forms, thermographs).
//!
//! Every solver takes a *ruleset*: a type that says what a position is and
//! which moves it has. The built-in rulesets are types of their own ([`Nim`](crate::games::Nim),
//! [`Subtraction`](crate::heap::Subtraction), [`TakeBreak`](crate::heap::TakeBreak), [`Domineering`](crate::games::Domineering), [`TicTacToe`](crate::loopy::TicTacToe), …), and
//! your own game is one trait impl away from the same solvers. The vocabulary
//! is flat: [`Nimber`], [`Outcome`], [`ImpartialRules`], [`GrundySolver`],
//! [`PartizanRules`], [`PartizanSolver`], [`StateSpace`], [`StateSpaceSolver`].
//!
//! ## Nim and nimbers
//!
//! ```
//! use sprague::{GrundySolver, Nimber, Outcome, games::Nim};
//!
//! // Nim with heaps 3, 4, 5: nim-sum 3 ⊕ 4 ⊕ 5 = 2, a first-player win.
//! let mut solver = GrundySolver::new(&Nim);
//! let g = solver.grundy(&vec![3, 4, 5]).unwrap();
//! assert_eq!(g, Nimber(2));
//! assert_eq!(Outcome::from_grundy(g), Outcome::N);
//! // The one winning move takes the heap of 3 down to 1.
//! assert_eq!(solver.winning_moves(&vec![3, 4, 5]).unwrap(), vec![vec![1, 4, 5]]);
//!
//! // Nim multiplication: the nimbers below 2^64 form a field.
//! assert_eq!(Nimber(2) * Nimber(2), Nimber(3));
//! ```
//!
//! ## Every built-in ruleset by name: the registry
//!
//! [`build`] turns a name with parameters (`kayles`, `octal:0.07`,
//! `subtraction:1,3,4`, `domineering`, …, the names of `sprague games`) into a
//! [`Ruleset`]: an object-safe interface that reads positions as text and
//! answers with a [`Report`] (fields in [`Report::data`], a text for people in
//! [`Report::text`]). [`Options`] choose misère play, the state budget and the
//! [`Monitor`] that counts the work and carries a stop flag. This is the door
//! the command line goes through; [`catalog`] lists every entry with its rules
//! and notation.
//!
//! ```
//! use sprague::{Monitor, Options};
//!
//! let monitor = Monitor::default();
//! let kayles = sprague::build("kayles").unwrap();
//! // Kayles values: G(10) = 2, G(6) = 3, so 10 + 6 has value 2 ⊕ 3 = 1.
//! let report = kayles.value("10 6", &Options::new(&monitor)).unwrap();
//! assert_eq!(report.outcome(), Some("N"));
//! assert_eq!(report.grundy(), Some(1));
//! print!("{}", report.text());
//! // The same in misère play, with a smaller state budget:
//! let misere = Options::new(&monitor).misere(true).max_states(100_000);
//! println!("{}", kayles.value("10 6", &misere).unwrap().outcome().unwrap());
//! ```
//!
//! ## Your own impartial game
//!
//! Implement [`ImpartialRules`]: a position type and its moves. Optional hooks
//! split a position into independent components (summed by nim-sum), give
//! closed forms, and find moves to a target value. For games played on heaps,
//! [`HeapGame`] (the options of one heap, and a [`PeriodRule`](crate::heap::PeriodRule) if the
//! periodicity theorem applies) gives Grundy tables whose period is *proven*
//! ([`GrundyTable::until_proven`](crate::heap::GrundyTable::until_proven)), and [`Heaps`] turns it into an
//! [`ImpartialRules`] for sums of heaps.
//!
//! ```
//! use sprague::{GrundySolver, ImpartialRules, Nimber};
//!
//! /// One heap; a move takes 1, 3 or 4 tokens.
//! struct Take134;
//!
//! impl ImpartialRules for Take134 {
//!     type Position = u64;
//!     fn moves(&self, &n: &u64, out: &mut Vec<u64>) {
//!         out.extend([1, 3, 4].iter().filter(|&&t| t <= n).map(|t| n - t));
//!     }
//! }
//!
//! let mut solver = GrundySolver::new(&Take134);
//! assert_eq!(solver.grundy(&7).unwrap(), Nimber(0)); // the player to move loses
//! assert_eq!(solver.winning_moves(&10).unwrap(), vec![9, 7]);
//! ```
//!
//! The example `examples/own_impartial.rs` (`cargo run -p sprague --example
//! own_impartial`) plays sums of heaps, finds their winning moves, proves the
//! period 7 of this game, and checks it all against the built-in [`Subtraction`](crate::heap::Subtraction).
//!
//! ## Your own partizan game
//!
//! Implement [`PartizanRules`]: Left's moves and Right's moves (Left is the
//! player who wants positive values). [`PartizanSolver`] computes canonical
//! forms, interned as [`GameId`]s in a [`GameStore`], where they add, compare
//! and print.
//!
//! ```
//! use sprague::{Outcome, PartizanRules, PartizanSolver};
//!
//! /// Left has `l` moves in hand and Right `r`: the value is the integer l − r.
//! struct Race;
//!
//! impl PartizanRules for Race {
//!     type Position = (u8, u8);
//!     fn left_moves(&self, &(l, r): &(u8, u8), out: &mut Vec<(u8, u8)>) {
//!         if l > 0 { out.push((l - 1, r)); }
//!     }
//!     fn right_moves(&self, &(l, r): &(u8, u8), out: &mut Vec<(u8, u8)>) {
//!         if r > 0 { out.push((l, r - 1)); }
//!     }
//! }
//!
//! let mut solver = PartizanSolver::new(&Race);
//! let g = solver.value(&(3, 1)).unwrap();
//! assert_eq!(solver.store_mut().display(g), "2");
//! assert_eq!(solver.outcome(&(3, 1)).unwrap(), Outcome::L);
//! ```
//!
//! The example `examples/own_partizan.rs` writes Domineering from scratch on a
//! bit-mask grid and checks its canonical forms against the built-in
//! [`Domineering`](crate::games::Domineering) (one store shared by both solvers, so the ids compare).
//!
//! ## Loopy games: state spaces
//!
//! A game whose positions may repeat is solved by retrograde analysis. Number
//! its positions `0..n` and implement [`StateSpace`] (moves, and optionally
//! un-moves and positions already decided); [`StateSpaceSolver`] gives every
//! position [`Wld`] (win, lose or draw for the player to move) with its
//! remoteness, in 2 bytes per state.
//!
//! ```
//! use sprague::{StateSpace, StateSpaceSolver, loopy::SolvedValue};
//!
//! /// A token on a graph: 0 → 1, 1 → 0 or 2, 2 is a dead end, 3 ⇄ 4 a cycle.
//! struct Token;
//!
//! impl StateSpace for Token {
//!     fn state_count(&self) -> u64 { 5 }
//!     fn moves(&self, s: u64, out: &mut Vec<u64>) {
//!         out.extend_from_slice(&[&[1][..], &[0, 2], &[], &[4], &[3]][s as usize]);
//!     }
//! }
//!
//! let table = StateSpaceSolver::new(&Token).solve().unwrap();
//! assert_eq!(table.get(2), Some(SolvedValue::lose(0))); // no move: lost
//! assert_eq!(table.get(1), Some(SolvedValue::win(1))); // move to 2
//! assert_eq!(table.get(0), Some(SolvedValue::lose(2)));
//! assert_eq!(table.get(3), Some(SolvedValue::DRAW));
//! ```
//!
//! The example `examples/own_loopy.rs` solves a graph with cycles and checks
//! the solver against a brute-force retrograde analysis. Explicit graphs
//! ([`DiGraph`]) are solved by [`solve_graph`](crate::loopy::solve_graph), loopy impartial values by
//! [`loopy_grundy`](crate::loopy::loopy_grundy).
//!
//! ## Loopy partizan games
//!
//! [`partizan::loopy::LoopyGame`] is a graph of Left and Right options that
//! may cycle: on, off, over, dud, tis and their sums; outcomes with draws,
//! stoppers, their comparison and simplest forms, onsides and offsides.
//!
//! ```
//! use sprague::{GameStore, notation::parse_loopy, partizan::loopy::LoopyGame};
//!
//! let mut store = GameStore::new();
//! // Siegel, CGT Figure VI.3.2 (as CGSuite writes it): a stopper with a 4-cycle.
//! let g = parse_loopy(&mut store, "a{0||||0|||a|*||*}", 10_000).unwrap();
//! assert!(g.is_stopper());
//! let on_off = LoopyGame::on().add(&LoopyGame::off(), 10_000).unwrap();
//! assert!(on_off.equals(&LoopyGame::dud(), 10_000).unwrap()); // on + off = dud
//! ```
#![deny(missing_docs)]
#![deny(rustdoc::broken_intra_doc_links)]
#![cfg_attr(not(test), warn(clippy::unwrap_used, clippy::expect_used))]

pub mod blocks;
pub mod budget;
pub mod calc;
mod catalog;
pub mod columns;
mod definition;
pub mod demo;
mod fan_out;
pub mod games;
pub mod graph;
pub mod graph_games;
pub mod heap;
pub mod impartial;
pub mod loopy;
pub mod monitor;
pub mod nimber;
pub mod notation;
mod out_of_reach;
mod outcome;
mod parse_error;
pub mod partizan;
pub mod play;
mod position_memo;
mod prefetch;
pub mod query;
pub mod registry;
mod search_limits;
mod slot_index;
pub mod surreal;
#[cfg(test)]
mod test_rng;
pub mod union_find;

pub use budget::{BudgetExceeded, DEFAULT_MAX_STATES, MemoryExceeded};
pub use catalog::{build, catalog, lookup};
pub use definition::{Definition, Purpose, Terminal};
pub use graph::DiGraph;
pub use heap::{HeapGame, Heaps, Period};
pub use impartial::{GrundySolver, ImpartialRules, MisereSolver};
pub use loopy::{StateSpace, StateSpaceSolver, Wld};
pub use monitor::{Interrupted, Monitor, SearchError};
pub use nimber::{MexSet, Nimber, mex};
pub use notation::Notation;
pub use out_of_reach::OutOfReach;
pub use outcome::Outcome;
pub use parse_error::ParseError;
pub use partizan::{Dyadic, GameId, GameStore, PartizanRules, PartizanSolver, Player};
pub use query::{Error, Options, Result, Verb};
pub use registry::{Data, Entry, Family, Report, Ruleset, Table};

/// The Rust snippets of the repository's README, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeDoctests;
