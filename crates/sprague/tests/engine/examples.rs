//! The library examples run as tests: each one checks its results with
//! assertions, so a wrong answer fails here as well as under `cargo run --example`.

#[path = "../../examples/own_impartial.rs"]
mod own_impartial;
#[path = "../../examples/own_loopy.rs"]
mod own_loopy;
#[path = "../../examples/own_partizan.rs"]
mod own_partizan;

#[test]
fn own_impartial_game() {
    own_impartial::main();
}

#[test]
fn own_partizan_game() {
    own_partizan::main();
}

#[test]
fn own_loopy_game() {
    own_loopy::main();
}
