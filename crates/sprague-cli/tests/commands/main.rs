//! The command-line program's tests, one module per subject, built as one
//! test binary: each runs the `sprague` binary as a user would (arguments,
//! stdin, a terminal through tmux, signals) and checks what it prints.
//!
//! One binary rather than one per file: a first `cargo test --workspace`
//! compiled and linked thirty of them, and ran them one after another; here
//! they are linked once and their tests share the test threads.
//! `cargo test -p sprague-cli --test commands snapshots::` runs one module.

mod common;

mod boards;
mod calc;
mod catalog;
mod cli;
mod contest_games;
mod count;
mod distributed;
mod docs;
mod graphs;
mod grundy_game_cli;
mod hardened;
mod heaps_cli;
mod hostile_engine;
mod hostile_input;
mod interrupt;
mod loopy;
mod misere_quotient;
mod partizan;
mod play;
mod play_every;
mod play_graphs;
mod play_terminal;
mod polling;
mod repl;
mod rules;
mod same_json;
mod serve;
mod snapshots;
mod tables;
mod written_files;
