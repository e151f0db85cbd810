//! The engine's integration tests, one module per subject, built as one test
//! binary: each uses only the public API of `sprague`, as a user's program
//! would.
//!
//! One binary rather than one per file: a first `cargo test --workspace`
//! compiled and linked each of them against the library, and ran them one
//! after another; here they are linked once and share the test threads.
//! `cargo test -p sprague --test engine examples::` runs one module.

mod game_pool;
mod loopy_graphs;

mod atomic_weight;
mod endless_chain;
mod examples;
mod fuzz_regressions;
mod grundy_game;
mod heap_games;
mod impartial;
mod loopy_partizan;
mod loopy_sides;
mod misere_mates;
mod notes_games;
mod partizan_ops;
mod partizan_rulesets;
mod partizan_values;
mod printed_positions;
mod store_interrupt;
