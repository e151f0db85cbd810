//! `sprague play RULESET POSITION...`: a game against a perfect opponent.

use crate::error::{CliError, CliResult};
use crate::play::{Io, Settings};
use crate::progress::{Polling, Progress};
use crate::ruleset::{self, Reading};
use std::io::IsTerminal;

/// Runs `play`: builds the ruleset, then plays from `position` reading moves
/// from stdin (a terminal or a script, one line per move) until the game ends
/// or input ends.
pub fn run(ruleset: &ruleset::Source, position: &[String], settings: &Settings) -> CliResult<()> {
    // Ctrl-C ends the session, except while the engine thinks (see `play`).
    crate::progress::interrupt();
    let (rules, text) = ruleset::open(ruleset, position, Reading::Play)?;
    let options = settings.options();
    // Preparing may solve a whole state space: with a bar, and Ctrl-C ends
    // before the first move.
    let mut game = {
        let _polling = Polling::start();
        let bar = Progress::monitored("preparing the game", "states");
        let game = sprague::play::Session::new(&*rules, &text, &options, settings.seats());
        bar.finish();
        game.map_err(|e| {
            let mut e = CliError::from(e);
            if let Some(rest) = e.message.strip_prefix("this ruleset") {
                e.message = format!("`{}`{rest}", ruleset.label());
            }
            e
        })?
    };
    let stdin = std::io::stdin();
    let echo = !stdin.is_terminal();
    // At a terminal the moves are typed in a line editor (arrows, history of
    // the moves typed in this game); a script is read line by line.
    let mut editor = if echo || !std::io::stdout().is_terminal() {
        None
    } else {
        rustyline::DefaultEditor::new().ok()
    };
    let use_editor = editor.is_some();
    let mut read_line = |prompt: &str| -> CliResult<Option<String>> {
        use rustyline::error::ReadlineError;
        let Some(editor) = editor.as_mut() else {
            return Ok(None);
        };
        match editor.readline(prompt) {
            Ok(line) => {
                if !line.trim().is_empty() {
                    let _ = editor.add_history_entry(line.as_str());
                }
                Ok(Some(line))
            }
            Err(ReadlineError::Eof) => Ok(None),
            Err(ReadlineError::Interrupted) => Err(CliError {
                code: crate::error::INTERRUPTED,
                message: "interrupted: game ended".to_string(),
            }),
            Err(e) => Err(CliError::internal(format!("cannot read a line: {e}"))),
        }
    };
    let mut input = stdin.lock();
    // What the user typed is echoed and named in messages: escaped, as is
    // everything else the session prints (a script's `show` included).
    let mut output = crate::error::Escaping::new(std::io::stdout().lock());
    let mut io = Io {
        input: &mut input,
        output: &mut output,
        echo,
        editor: if use_editor { Some(&mut read_line) } else { None },
        lines: 0,
    };
    crate::play::run_session(&mut game, &mut io)
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
