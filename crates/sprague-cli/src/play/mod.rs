//! `sprague play`: a game against a perfect opponent in the terminal.
//!
//! The game itself (positions, turns, the user's moves read and judged, the
//! engine's replies, hints, undo, the result) is the core's
//! [`sprague::play::Session`]; this module is its terminal: it reads the
//! commands, words what the session returns and draws the board. Input is
//! read line by line, so a script of moves on stdin plays a whole game (end
//! of input quits).
//!
//! While the engine thinks (its reply, a hint, the judgement of the user's
//! move) a progress bar shows the states searched (on a terminal, after half a
//! second) and Ctrl-C stops the search and returns to the `your move>` prompt;
//! at the prompt Ctrl-C ends the session.

use crate::error::{CliResult, INTERRUPTED};
use crate::progress::{Polling, Progress};
use sprague::Player;
use sprague::play::{Blunder, Kind, MoveError, PlayEngine, PosId, Seats, Session, Turn, Verdict};
use sprague_cli::input::read;
use std::io::{BufRead, Write};

/// Lines of moves read by games played in this process, so that a REPL
/// script that runs `play` counts the lines the game consumed.
static LINES_READ: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// Whether a finished game waits at a `game over> ` prompt for `undo` (the
/// command line) or ends at once (a game played inside the REPL, whose next
/// line belongs to the session).
pub static REVIEW_AFTER_GAME: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(true);

/// How many lines of moves games have read so far (see [`LINES_READ`]).
pub fn lines_read() -> usize {
    LINES_READ.load(std::sync::atomic::Ordering::Relaxed)
}

/// How the user asked to play.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// The user makes the first move (otherwise the engine does).
    pub user_first: bool,
    /// The side the user plays in partizan games.
    pub user_side: Player,
    /// Misère play (impartial rulesets only).
    pub misere: bool,
    /// State budget of the searches.
    pub max_states: usize,
}

impl Settings {
    /// Who sits where.
    #[must_use]
    pub const fn seats(&self) -> Seats {
        Seats::new(self.user_first, self.user_side)
    }

    /// The engine options of these settings, reporting to the command line's monitor.
    #[must_use]
    pub fn options(&self) -> sprague::Options<'static> {
        sprague::Options::new(crate::progress::monitor())
            .misere(self.misere)
            .max_states(self.max_states)
    }
}

/// The line-oriented terminal of a session: where moves come from and where the
/// game is printed.
pub struct Io<'a> {
    /// The user's lines.
    pub input: &'a mut dyn BufRead,
    /// The transcript.
    pub output: &'a mut dyn Write,
    /// Echo each line read after its prompt (when the input is not a terminal),
    /// so that a transcript reads like a game.
    pub echo: bool,
    /// At a terminal: a line editor that shows the prompt and reads a line
    /// (`None` at the end of input), in place of `input`.
    pub editor: Option<&'a mut LineEditor<'a>>,
    /// Lines read so far (an unreadable line is named by its number).
    pub lines: usize,
}

/// A line editor: shows the prompt, returns the line typed (`None` at the end
/// of input).
pub type LineEditor<'a> = dyn FnMut(&str) -> CliResult<Option<String>> + 'a;

impl Io<'_> {
    /// Shows `prompt` and reads one line (trimmed); `None` at the end of input.
    ///
    /// # Errors
    /// Reading or writing fails; Ctrl-C in the line editor.
    fn read_typed(&mut self, prompt: &str) -> CliResult<Option<String>> {
        if let Some(editor) = self.editor.as_mut() {
            let line = editor(prompt)?;
            if line.is_some() {
                self.lines += 1;
                LINES_READ.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            }
            return Ok(line.map(|l| l.trim().to_string()));
        }
        write!(self.output, "{prompt}")?;
        self.output.flush()?;
        let mut bytes = Vec::new();
        // One line of at most `read::line_limit()` bytes: an endless stream
        // without line ends (`/dev/zero`) ends the session with one error.
        let read = read::read_line_within(self.input, &mut bytes, read::line_limit()).map_err(|e| {
            if e.kind() == std::io::ErrorKind::InvalidData {
                crate::error::CliError::input(format!(
                    "stdin: line {} of the moves is {e}: stopped reading there",
                    self.lines + 1
                ))
            } else {
                crate::error::CliError::input(format!("cannot read the moves from stdin: {e}"))
            }
        })?;
        if !read {
            writeln!(self.output)?;
            return Ok(None);
        }
        self.lines += 1;
        LINES_READ.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        // A line that is not UTF-8 is answered like any unreadable move.
        let line = String::from_utf8_lossy(&bytes).trim().to_string();
        if self.echo {
            writeln!(self.output, "{line}")?;
        }
        Ok(Some(line))
    }
}

/// What a session does after one step.
enum Flow {
    /// Go on from the position now at the end of the history.
    Next,
    /// The session is over.
    End,
}

/// A game in progress at the terminal: the core's session (positions,
/// turns, judgements, replies), the terminal, and when the board was drawn.
struct Terminal<'s, 'g, 'a> {
    game: &'s mut Session<'g>,
    io: &'s mut Io<'a>,
    /// The history length when the board was last drawn: redraw only after a change.
    drawn_at: usize,
}

/// Plays `game` against the user until it ends or input ends.
///
/// # Errors
/// Search budgets reached and output failures; bad moves are answered and
/// re-prompted, never returned.
pub fn run_session(game: &mut Session<'_>, io: &mut Io<'_>) -> CliResult<()> {
    let mut t = Terminal {
        game,
        io,
        drawn_at: 0,
    };
    let intro = t.intro();
    say(t.io, &intro)?;
    while let Flow::Next = t.step()? {}
    Ok(())
}

impl Terminal<'_, '_, '_> {
    /// The first line of the transcript: the game, the user's side and the commands.
    fn intro(&mut self) -> String {
        let how = if self.game.lists_options() {
            "Type a move as the position after it or as its number in `moves`"
        } else {
            "Type a move as the position after it (the moves here are too many to list)"
        };
        let engine = self.game.engine();
        let name = engine.ruleset();
        let side_note = match self.game.kind() {
            Kind::Partizan => format!(" You play {}.", side_name(self.game.user())),
            _ => String::new(),
        };
        let short = engine
            .move_help()
            .map_or_else(String::new, |h| format!(" Here a move may also be written {h}."));
        format!(
            "sprague play {name}{}.{side_note} {how}; also `hint`, `undo`, `swap`, `quit`.{short}",
            if self.game.misere() {
                " (misère play: whoever moves last loses)"
            } else {
                ""
            }
        )
    }

    /// One turn: the end of the game, the engine's move, or one line of the user's.
    fn step(&mut self) -> CliResult<Flow> {
        match self.game.turn()? {
            Turn::Over => {
                self.game_over()?;
                self.after_game()
            }
            Turn::Engine => self.engine_turn(),
            Turn::User => self.user_turn(),
        }
    }

    /// Shows the final board and who won, where the mover has no move.
    fn game_over(&mut self) -> CliResult<()> {
        show_board(self.game.engine(), self.game.position(), self.io)?;
        let Some(over) = self.game.game_over()? else {
            return Ok(());
        };
        let (kind, user) = (self.game.kind(), self.game.user());
        let text = match (over.winner, over.margin) {
            (None, None) => "Game over: a draw.".to_string(),
            (None, Some(_)) => "Game over: a tie, neither player ahead.".to_string(),
            (Some(winner), Some(margin)) => {
                if winner == user {
                    format!("Game over: you win by {margin}. Well played!")
                } else {
                    format!("Game over: {} wins by {margin}.", who(kind, winner, user))
                }
            }
            (Some(winner), None) => self.result(over.mover, winner),
        };
        say(self.io, &text)
    }

    /// After the end of the game: `undo` takes back the user's last move (to
    /// review the loss or try again), `quit` or the end of input ends the
    /// session. A game in which the user never moved just ends.
    fn after_game(&mut self) -> CliResult<Flow> {
        if self.game.last_user_turn().is_none()
            || !REVIEW_AFTER_GAME.load(std::sync::atomic::Ordering::Relaxed)
        {
            return Ok(Flow::End);
        }
        say(self.io, "(`undo` takes back your last move; `quit` ends)")?;
        loop {
            let Some(line) = self.io.read_typed("game over> ")? else {
                return Ok(Flow::End);
            };
            match line.as_str() {
                "undo" | "u" => {
                    self.undo()?;
                    return Ok(Flow::Next);
                }
                "quit" | "q" | "exit" => {
                    writeln!(self.io.output, "Bye.")?;
                    return Ok(Flow::End);
                }
                "" => {}
                _ => say(
                    self.io,
                    "the game is over: `undo` takes back your last move, `quit` ends",
                )?,
            }
        }
    }

    /// "Game over: … wins (… cannot move)." when `mover` cannot move and `winner` won.
    fn result(&self, mover: Player, winner: Player) -> String {
        let (kind, user) = (self.game.kind(), self.game.user());
        let why = match (kind, self.game.misere()) {
            (Kind::Loopy, _) => String::new(),
            (_, true) => format!(
                " ({} cannot move, so {} made the last move and lost)",
                mover_words(kind, mover, user),
                mover_words(kind, mover.opponent(), user)
            ),
            (_, false) => format!(" ({} cannot move)", mover_words(kind, mover, user)),
        };
        if winner == user {
            format!("Game over: you win{why}. Well played!")
        } else {
            format!("Game over: {} wins{why}.", who(kind, winner, user))
        }
    }

    /// The engine moves, or, when interrupted, the game goes back to the
    /// user's last turn.
    fn engine_turn(&mut self) -> CliResult<Flow> {
        let game = &mut *self.game;
        let Some(reply) = think(|| Ok(game.choose_reply()?))? else {
            return self.back_after_interrupt();
        };
        // `turn` said the engine has a move.
        let Some(reply) = reply else {
            return Ok(Flow::Next);
        };
        self.announce("sprague", reply.to)?;
        if let Some(why) = &reply.why {
            say(self.io, &format!("({why})"))?;
        }
        self.game.play(reply.to)?;
        Ok(Flow::Next)
    }

    /// After an interrupted engine move: back to the last position where the
    /// user was to move; with none, the game cannot go on.
    fn back_after_interrupt(&mut self) -> CliResult<Flow> {
        let Some(back) = self.game.undo() else {
            return Err(crate::error::CliError {
                code: INTERRUPTED,
                message: format!(
                    "interrupted before sprague could judge {}: game ended",
                    self.game.format(self.game.position())
                ),
            });
        };
        self.drawn_at = 0;
        let text = format!(
            "(interrupted: sprague stopped thinking; back to {})",
            self.game.format(back)
        );
        say(self.io, &text)?;
        Ok(Flow::Next)
    }

    /// Writes "`player` (side): move  →  position" for the move from the
    /// current position to `to`.
    fn announce(&mut self, player: &str, to: PosId) -> CliResult<()> {
        let (engine, from) = (self.game.engine(), self.game.position());
        writeln!(
            self.io.output,
            "{player}{}: {}  →  {}",
            side_suffix(self.game.kind(), self.game.mover(), engine, from),
            engine.describe(from, to),
            engine.format(to)
        )?;
        Ok(())
    }

    /// The user's turn: the board (when it changed), the prompt, and the line
    /// typed, a command or a move.
    fn user_turn(&mut self) -> CliResult<Flow> {
        let plies = self.game.history().len();
        if self.drawn_at != plies {
            show_board(self.game.engine(), self.game.position(), self.io)?;
            self.drawn_at = plies;
        }
        let Some(line) = self.prompt()? else {
            return Ok(Flow::End);
        };
        match self.command(&line)? {
            Some(flow) => Ok(flow),
            None => self.user_move(&line),
        }
    }

    /// Prompts for and reads one line (trimmed); `None` at the end of input.
    fn prompt(&mut self) -> CliResult<Option<String>> {
        let prompt = format!(
            "your move{}> ",
            side_suffix(
                self.game.kind(),
                self.game.mover(),
                self.game.engine(),
                self.game.position()
            )
        );
        let line = self.io.read_typed(&prompt)?;
        if line.is_none() {
            writeln!(self.io.output, "(end of input: game abandoned)")?;
        }
        Ok(line)
    }

    /// Runs `line` when it is a command (`None` when it is not, so a move).
    fn command(&mut self, line: &str) -> CliResult<Option<Flow>> {
        match line {
            "" => {}
            "quit" | "q" | "exit" => {
                writeln!(self.io.output, "Bye.")?;
                return Ok(Some(Flow::End));
            }
            "help" | "?" => {
                let name = self.game.engine().ruleset();
                let text = format!(
                    "type a move as the position after it (in {name}'s notation) or as its number in `moves`; `hint` shows the winning moves and why; `undo` takes back your last move; `swap` lets sprague move now (you take the other side); `quit` ends"
                );
                say(self.io, &text)?;
            }
            "moves" | "m" if !self.game.lists_options() => {
                let text = format!(
                    "the moves from {} are too many to list: type the position after your move (`hint` shows the winning ones)",
                    self.game.format(self.game.position())
                );
                say(self.io, &text)?;
            }
            "moves" | "m" => {
                for (i, o) in self.game.options()?.into_iter().enumerate() {
                    writeln!(
                        self.io.output,
                        "  {:>2}. {:<16} {}",
                        i + 1,
                        self.game.format(o),
                        self.game.describe(o)
                    )?;
                }
            }
            "hint" | "h" => {
                let game = &mut *self.game;
                match think(|| Ok(game.hint()?))? {
                    Some(lines) => {
                        for l in lines {
                            say(self.io, &l)?;
                        }
                    }
                    None => say(self.io, "(interrupted: no hint)")?,
                }
            }
            "undo" | "u" => self.undo()?,
            "swap" | "s" => {
                let user = self.game.swap();
                let note = match self.game.kind() {
                    Kind::Partizan => format!("; you now play {}", side_name(user)),
                    _ => String::new(),
                };
                writeln!(self.io.output, "swapped: sprague moves now{note}.")?;
            }
            _ => return Ok(None),
        }
        Ok(Some(Flow::Next))
    }

    /// `undo`: back to the previous position where the user was to move.
    fn undo(&mut self) -> CliResult<()> {
        match self.game.undo() {
            None => writeln!(self.io.output, "nothing to undo")?,
            Some(back) => {
                self.drawn_at = 0;
                writeln!(self.io.output, "undone: back to {}", self.game.format(back))?;
            }
        }
        Ok(())
    }

    /// The user's move typed as `line`: judged, played, and a thrown-away win
    /// pointed out with the better moves.
    fn user_move(&mut self, line: &str) -> CliResult<Flow> {
        let to = match self.game.find_move(line)? {
            Ok(to) => to,
            Err(e) => {
                let msg = self.move_error(&e);
                say(self.io, &msg)?;
                return Ok(Flow::Next);
            }
        };
        let game = &mut *self.game;
        let Some(judged) = think(|| Ok(game.judge(to)?))? else {
            say(
                self.io,
                "(interrupted: sprague stopped thinking; the move was not made)",
            )?;
            return Ok(Flow::Next);
        };
        self.announce("you", to)?;
        // The better moves, unless Ctrl-C stops the search for them.
        if let Some(blunder) = judged.blunder
            && let Some(good) = self.better_moves(judged.before)?
        {
            let what = match blunder {
                Blunder::ThrewAwayWin => "that threw away the win",
                Blunder::DrawIntoLoss => "that turned a draw into a loss",
                Blunder::CostPoints => "that cost you points",
            };
            say(self.io, &blunder_note(what, judged.before, &good))?;
        }
        self.game.play(to)?;
        Ok(Flow::Next)
    }

    /// Why `line` is no move, in words.
    fn move_error(&self, e: &MoveError) -> String {
        match e {
            MoveError::NoSuchNumber { number, count } => {
                format!("no move {number}: `moves` lists {count} (numbered from 1)")
            }
            MoveError::ShortForm(e) => format!("not a move: {e}"),
            MoveError::Unreachable(p) => format!(
                "`{}` cannot be reached from {} in one move (`moves` lists the moves)",
                self.game.format(*p),
                self.game.format(self.game.position())
            ),
            MoveError::NotAMove(e) => format!("not a move: {e} (`help` lists the commands)"),
            MoveError::Unnumbered { number } => format!(
                "no move {number}: the moves from {} are too many to number; type the position after your move",
                self.game.format(self.game.position())
            ),
        }
    }

    /// The options at least as good for the mover as `before` promised, each
    /// as the user would type it; `None` when interrupted.
    fn better_moves(&mut self, before: Verdict) -> CliResult<Option<Vec<String>>> {
        let game = &mut *self.game;
        think(|| {
            let good = game.keeping_moves(before)?;
            Ok(good.into_iter().map(|o| game.move_text(o)).collect())
        })
    }
}

/// "`what`: `a` or `b` were the winning moves (`undo` to try again)", listing
/// at most three of `good`.
fn blunder_note(what: &str, before: Verdict, good: &[String]) -> String {
    let (verb, noun) = if good.len() == 1 {
        ("was", "move")
    } else {
        ("were", "moves")
    };
    let best = match before {
        Verdict::Draw => "drawing",
        Verdict::Score(_) => "best",
        _ => "winning",
    };
    let listed: Vec<String> = good.iter().take(3).map(|g| format!("`{g}`")).collect();
    let more = if good.len() > 3 {
        format!(" (and {} more)", good.len() - 3)
    } else {
        String::new()
    };
    format!(
        "{what}: {}{more} {verb} the {best} {noun} (`undo` to try again)",
        listed.join(" or ")
    )
}

/// Runs engine work while the user waits: a bar shows the states searched
/// (on a terminal, after half a second) and Ctrl-C stops the search. `None`
/// when it was stopped; the engines' memos keep only finished values, so the
/// same question can be asked again.
///
/// # Errors
/// The work's errors other than the interruption.
fn think<T>(work: impl FnOnce() -> CliResult<T>) -> CliResult<Option<T>> {
    let _polling = Polling::start();
    let bar = Progress::monitored("sprague is thinking", "states");
    let r = work();
    bar.finish();
    match r {
        Ok(v) => Ok(Some(v)),
        Err(e) if e.code == INTERRUPTED => Ok(None),
        Err(e) => Err(e),
    }
}

/// Columns of the session's text: longer lines are wrapped at spaces, so that
/// an 80-column terminal never breaks a word (one column is left free, since
/// some terminals wrap as soon as the last column is written).
const WIDTH: usize = 79;

/// Writes `line`, wrapped at spaces to [`WIDTH`] columns; continuation lines
/// keep the line's indentation plus two spaces.
fn say(io: &mut Io<'_>, line: &str) -> CliResult<()> {
    for l in wrap(line, WIDTH) {
        writeln!(io.output, "{l}")?;
    }
    Ok(())
}

/// `line` cut at spaces into pieces of at most `width` characters (a single
/// word longer than that stays whole).
fn wrap(line: &str, width: usize) -> Vec<String> {
    let indent: String = line.chars().take_while(|c| *c == ' ').collect();
    let more = format!("{indent}  ");
    let mut lines = Vec::new();
    let mut rest = line.to_string();
    while rest.chars().count() > width {
        let lead = if lines.is_empty() {
            indent.len()
        } else {
            more.len()
        };
        // The last space within the width that is not part of the indentation.
        let cut = rest
            .char_indices()
            .take(width + 1)
            .filter(|&(i, c)| c == ' ' && i > lead)
            .map(|(i, _)| i)
            .last();
        let Some(cut) = cut else { break };
        lines.push(rest[..cut].trim_end().to_string());
        rest = format!("{more}{}", rest[cut..].trim_start());
    }
    lines.push(rest);
    lines
}

fn show_board(engine: &dyn PlayEngine, p: PosId, io: &mut Io<'_>) -> CliResult<()> {
    let text = engine.format(p);
    match engine.board(p) {
        Some(b) => {
            writeln!(io.output)?;
            for l in b.lines() {
                writeln!(io.output, "  {l}")?;
            }
        }
        None => writeln!(io.output, "\n  position: {text}")?,
    }
    Ok(())
}

/// "Left"/"Right".
fn side_name(p: Player) -> &'static str {
    match p {
        Player::Left => "Left",
        Player::Right => "Right",
    }
}

/// " (Left)" in partizan games, " (X)" where the position names the mover.
fn side_suffix(kind: Kind, mover: Player, engine: &dyn PlayEngine, p: PosId) -> String {
    match (kind, engine.mover_name(p)) {
        (Kind::Partizan, _) => format!(" ({})", side_name(mover)),
        (_, Some(n)) => format!(" ({n})"),
        _ => String::new(),
    }
}

fn who(kind: Kind, winner: Player, user: Player) -> String {
    match kind {
        Kind::Partizan => format!("sprague ({})", side_name(winner)),
        _ if winner == user => "you".to_string(),
        _ => "sprague".to_string(),
    }
}

fn mover_words(kind: Kind, mover: Player, user: Player) -> String {
    let base = if mover == user { "you" } else { "sprague" };
    match kind {
        Kind::Partizan => format!("{base} ({})", side_name(mover)),
        _ => base.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sprague::play::{Engine, ImpartialEngine, erase};
    use sprague::{
        Heaps, Notation,
        games::{Domineering, Nim},
        partizan::wins_moving_first,
    };

    fn settings(user_first: bool, misere: bool) -> Settings {
        Settings {
            user_first,
            user_side: Player::Left,
            misere,
            max_states: 1 << 20,
        }
    }

    /// Plays `script` and returns the transcript.
    fn session<'a, E: Engine + 'a>(engine: E, start: E::Pos, settings: &Settings, script: &str) -> String {
        let mut input = script.as_bytes();
        let mut output = Vec::new();
        let mut io = Io {
            input: &mut input,
            output: &mut output,
            echo: true,
            editor: None,
            lines: 0,
        };
        let mut game = Session::with_engine(erase(engine, start), settings.seats(), settings.misere);
        run_session(&mut game, &mut io).unwrap();
        String::from_utf8(output).unwrap()
    }

    /// A random user: lines `#k` with k in 1..=4 (out-of-range numbers are
    /// answered and skipped, so every legal move gets played sometimes).
    fn random_script(seed: &mut u64, lines: usize) -> String {
        let mut s = String::new();
        for _ in 0..lines {
            *seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            s.push_str(&format!("#{}\n", (*seed >> 33) % 4 + 1));
        }
        s
    }

    /// Whether the player to move wins Nim on `heaps`, by the definition
    /// (a move to a lost position exists); misère: an empty position is won.
    fn nim_wins(heaps: &[u64], misere: bool) -> bool {
        if heaps.iter().all(|&h| h == 0) {
            return misere;
        }
        (0..heaps.len()).any(|i| {
            (0..heaps[i]).any(|k| {
                let mut next = heaps.to_vec();
                next[i] = k;
                !nim_wins(&next, misere)
            })
        })
    }

    /// The positions after the engine's moves in a transcript.
    fn engine_moves(t: &str) -> Vec<String> {
        t.lines()
            .filter(|l| l.starts_with("sprague"))
            .filter_map(|l| l.rsplit("→  ").next().map(str::to_string))
            .filter(|p| !p.starts_with("sprague play"))
            .collect()
    }

    #[test]
    fn long_lines_wrap_at_spaces() {
        assert_eq!(wrap("short line", 79), ["short line"]);
        let long = "word ".repeat(30);
        let lines = wrap(long.trim_end(), 20);
        assert!(lines.iter().all(|l| l.chars().count() <= 20), "{lines:?}");
        assert_eq!(lines[0], "word word word word");
        assert_eq!(lines[1], "  word word word");
        assert_eq!(lines.join(" ").split_whitespace().count(), 30);
        let table = wrap("    1 2 2   take it ⊕ all   value after: 1", 24);
        assert_eq!(
            table,
            ["    1 2 2   take it ⊕", "      all   value after:", "      1"]
        );
        assert_eq!(wrap(&"x".repeat(30), 10), ["x".repeat(30)]);
    }

    #[test]
    fn nim_engine_is_perfect_against_random_users() {
        let rules = Heaps::new(Nim);
        let mut seed = 7;
        for misere in [false, true] {
            for a in 0..4u64 {
                for b in 0..4u64 {
                    for c in 0..3u64 {
                        let start = vec![a, b, c];
                        let user_wins_start = nim_wins(&start, misere);
                        let engine = ImpartialEngine::new(
                            "nim".into(),
                            &rules,
                            true,
                            &settings(true, misere).options(),
                        );
                        let script = random_script(&mut seed, 60);
                        let t = session(engine, start.clone(), &settings(true, misere), &script);
                        assert!(t.contains("Game over"), "{start:?}\n{t}");
                        if !user_wins_start {
                            assert!(t.contains("Game over: sprague wins"), "{start:?}\n{t}");
                        }
                        // From a lost start, every engine move leaves the user lost again.
                        if !user_wins_start {
                            for after in engine_moves(&t) {
                                let heaps = rules.parse_position(&after).unwrap();
                                assert!(!nim_wins(&heaps, misere), "{after} after an engine move\n{t}");
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn domineering_engine_wins_every_lost_start() {
        let rules = Domineering;
        let mut seed = 11;
        for text in [
            "..|..",
            "...|...",
            "..|..|..",
            "...|.#.|...",
            "....|....",
            "...|...|..#",
            "..#|...|...",
        ] {
            let start = rules.parse_position(text).unwrap();
            for (side, first) in [
                (Player::Left, true),
                (Player::Right, true),
                (Player::Left, false),
                (Player::Right, false),
            ] {
                let mover = if first { side } else { side.opponent() };
                let user_can_win = if first {
                    wins_moving_first(&rules, &start, mover)
                } else {
                    !wins_moving_first(&rules, &start, mover)
                };
                let s = Settings {
                    user_first: first,
                    user_side: side,
                    misere: false,
                    max_states: 1 << 20,
                };
                let engine = sprague::play::PartizanEngine::new(
                    "domineering".into(),
                    &rules,
                    &settings(true, false).options(),
                );
                let script = random_script(&mut seed, 60);
                let t = session(engine, start, &s, &script);
                assert!(t.contains("Game over"), "{text}\n{t}");
                if !user_can_win {
                    assert!(
                        t.contains("Game over: sprague"),
                        "{text} {side:?} first={first}\n{t}"
                    );
                }
            }
        }
    }
}
