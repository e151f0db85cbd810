//! `sprague play RULESET POSITION...`: a game against a perfect opponent.

use crate::catalog;
use crate::error::{CliError, CliResult};
use crate::play::{Io, Settings};
use std::io::IsTerminal;

/// Runs `play`: builds the ruleset, then plays from `position` reading moves
/// from stdin (a terminal or a script, one line per move) until the game ends
/// or input ends.
pub fn run(ruleset: &str, position: &[String], settings: &Settings) -> CliResult<()> {
    // Ctrl-C ends the session, except while the engine thinks (see `play`).
    crate::progress::interrupt();
    let rules = catalog::build(ruleset)?;
    let text = position.join(" ");
    if text.trim().is_empty() {
        return Err(CliError::input(format!(
            "no position given for `{ruleset}` (`sprague games` shows its notation)"
        )));
    }
    let stdin = std::io::stdin();
    let echo = !stdin.is_terminal();
    let mut input = stdin.lock();
    let mut output = std::io::stdout().lock();
    let mut io = Io {
        input: &mut input,
        output: &mut output,
        echo,
    };
    rules.play(&text, settings, &mut io).map_err(|mut e| {
        if let Some(rest) = e.message.strip_prefix("this ruleset") {
            e.message = format!("`{ruleset}`{rest}");
        }
        e
    })
}

/// `--first`: who makes the first move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum First {
    /// You move first.
    You,
    /// Sprague moves first.
    Engine,
}

/// `--side`: the user's side in partizan games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Side {
    /// Left (Blue, Vertical, the `x` stones, the toads).
    Left,
    /// Right (Red, Horizontal, the `o` stones, the frogs).
    Right,
}

impl Side {
    /// The engine's player.
    #[must_use]
    pub const fn player(self) -> sprague::Player {
        match self {
            Side::Left => sprague::Player::Left,
            Side::Right => sprague::Player::Right,
        }
    }
}
