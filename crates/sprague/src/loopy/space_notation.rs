//! How a state space writes its positions and moves: the notation that the
//! players of `play`, the registry and the table files read and print states
//! in. It lives beside [`StateSpace`], which every state space implements.

use super::space::StateSpace;

/// How a state space writes its positions and moves.
pub trait SpaceNotation: StateSpace {
    /// The position of state `s`.
    fn format_state(&self, s: u64) -> String;
    /// Parses a position into its state.
    fn parse_state(&self, text: &str) -> Result<u64, String>;
    /// The move from `from` to `to`, in words.
    fn describe_state_move(&self, from: u64, to: u64) -> String;
    /// The name of the player to move at `s`.
    fn mover(&self, s: u64) -> String;
}
