//! Rules of your own combinatorial game, written as a [rhai] script and
//! solved by the sprague engine — the same solvers, adapters and tables as
//! the built-in rulesets, not a second engine.
//!
//! A script defines one game with a few functions (see `docs/rules.md`):
//!
//! - impartial: `fn moves(p)` returns the array of positions reachable from
//!   `p`; optional `fn components(p)` (a position that is a sum),
//!   `fn parse(text)` and `fn show(p)` (its notation) and `fn start(n)` (a
//!   family for tables);
//! - partizan: `fn left(p)` and `fn right(p)`;
//! - loopy: `fn loopy() { true }` when moves may cycle, and optionally
//!   `fn terminal(p)` returning `"win"`, `"lose"` or `"draw"` for the player
//!   to move (or `()` to play on).
//!
//! Positions may be integers, truth values, characters, strings, arrays and
//! maps; they are converted into [`Pos`], which keys the engine's memo
//! tables. The script runs sandboxed: each call has an operation limit
//! ([`Limits::max_ops`]), strings, arrays and maps have size limits, and the
//! script has no access to files or the network.
//!
//! ```
//! use sprague::{Monitor, Options, Ruleset};
//! use sprague_script::{Limits, ScriptRuleset};
//! // Kayles on one row of pins: knock down one pin or two adjacent ones.
//! let source = r#"
//!     fn moves(p) {
//!         let out = [];
//!         for i in 0..p.len() {
//!             let n = p[i];
//!             for take in 1..=2 {
//!                 for a in 0..=(n - take) {
//!                     let b = n - take - a;
//!                     if a <= b {
//!                         let q = p.extract(0, i) + p.extract(i + 1);
//!                         if a > 0 { q.push(a); }
//!                         if b > 0 { q.push(b); }
//!                         out.push(q);
//!                     }
//!                 }
//!             }
//!         }
//!         out
//!     }
//!     fn components(p) { p.map(|n| [n]) }
//! "#;
//! let kayles = ScriptRuleset::from_source("kayles.rhai", source, Limits::default()).unwrap();
//! let monitor = Monitor::default();
//! // Kayles G(10) = 2 and G(7) = 2 (OEIS A002186): a loss for the player to move.
//! let report = kayles.value("[10, 7]", &Options::new(&monitor)).unwrap();
//! assert_eq!(report.outcome(), Some("P"));
//! ```
//!
//! [rhai]: https://rhai.rs

mod blocks;
mod game;
mod pos;
mod ruleset;
mod script;
mod space;
pub mod table;

pub use game::ScriptGame;
pub use pos::{NotAPosition, Pos};
pub use ruleset::ScriptRuleset;
pub use script::{DEFAULT_CELLS, DEFAULT_MAX_OPS, DEFAULT_MAX_POSITIONS, Limits, Script};
pub use space::ScriptSpace;
