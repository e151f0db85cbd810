//! `sprague play`: a game against a perfect opponent in the terminal.
//!
//! The session loop ([`run_session`]) is written once against the small
//! [`Engine`] trait; each family of rulesets (impartial, partizan, loopy state
//! spaces) supplies an engine in [`engines`]. Input is read line by line, so a
//! script of moves on stdin plays a whole game (end of input quits).
//!
//! While the engine thinks (its reply, a hint, the judgement of the user's
//! move) a progress bar shows the states searched (on a terminal, after half a
//! second) and Ctrl-C stops the search and returns to the `your move>` prompt;
//! at the prompt Ctrl-C ends the session.

use crate::error::{CliResult, INTERRUPTED};
use crate::progress::{Polling, Progress};
use sprague::Player;
use sprague::play::{Kind, PlayEngine, PosId, Verdict};
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
                LINES_READ.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            }
            return Ok(line.map(|l| l.trim().to_string()));
        }
        write!(self.output, "{prompt}")?;
        self.output.flush()?;
        let mut line = String::new();
        if self.input.read_line(&mut line)? == 0 {
            writeln!(self.output)?;
            return Ok(None);
        }
        LINES_READ.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let line = line.trim().to_string();
        if self.echo {
            writeln!(self.output, "{line}")?;
        }
        Ok(Some(line))
    }
}

/// One entry of the history: a position and who is to move in it.
#[derive(Clone)]
struct Ply {
    pos: PosId,
    mover: Player,
}

/// What a session does after one step.
enum Flow {
    /// Go on from the position now at the end of the history.
    Next,
    /// The session is over.
    End,
}

/// A game in progress: the engine, the terminal, the user's side and the
/// positions played so far.
struct Session<'s, 'a> {
    engine: &'s mut dyn PlayEngine,
    settings: &'s Settings,
    io: &'s mut Io<'a>,
    kind: Kind,
    /// The side the user plays (`swap` changes it).
    user: Player,
    /// The positions played, the current one last (never empty).
    history: Vec<Ply>,
    /// The history length when the board was last drawn: redraw only after a change.
    drawn_at: usize,
}

/// Plays a game from `start` against the user until it ends or input ends.
///
/// # Errors
/// Search budgets reached and output failures; bad moves are answered and
/// re-prompted, never returned.
pub fn run_session(engine: &mut dyn PlayEngine, settings: &Settings, io: &mut Io<'_>) -> CliResult<()> {
    let mut session = Session::new(engine, settings, io);
    let intro = session.intro();
    say(session.io, &intro)?;
    while let Some(ply) = session.history.last().cloned() {
        if let Flow::End = session.step(&ply)? {
            break;
        }
    }
    Ok(())
}

/// The side the user plays and the side that moves first: partizan games
/// follow the settings' side; the others call the first mover Left.
fn sides(kind: Kind, settings: &Settings) -> (Player, Player) {
    match kind {
        Kind::Partizan => {
            let first = if settings.user_first {
                settings.user_side
            } else {
                settings.user_side.opponent()
            };
            (settings.user_side, first)
        }
        _ => (
            if settings.user_first {
                Player::Left
            } else {
                Player::Right
            },
            Player::Left,
        ),
    }
}

impl<'s, 'a> Session<'s, 'a> {
    /// A session at the engine's start position.
    fn new(engine: &'s mut dyn PlayEngine, settings: &'s Settings, io: &'s mut Io<'a>) -> Self {
        let kind = engine.kind();
        let (user, first_mover) = sides(kind, settings);
        let history = vec![Ply {
            pos: engine.start(),
            mover: first_mover,
        }];
        Session {
            engine,
            settings,
            io,
            kind,
            user,
            history,
            drawn_at: 0,
        }
    }

    /// The first line of the transcript: the game, the user's side and the commands.
    fn intro(&self) -> String {
        let name = self.engine.ruleset();
        let side_note = match self.kind {
            Kind::Partizan => format!(" You play {}.", side_name(self.user)),
            _ => String::new(),
        };
        let short = self
            .engine
            .move_help()
            .map_or_else(String::new, |h| format!(" Here a move may also be written {h}."));
        format!(
            "sprague play {name}{}.{side_note} Type a move as the position after it or as its number in `moves`; also `hint`, `undo`, `swap`, `quit`.{short}",
            if self.settings.misere {
                " (misère play: whoever moves last loses)"
            } else {
                ""
            }
        )
    }

    /// One turn at `ply`: the end of the game, the engine's move, or one line of the user's.
    fn step(&mut self, ply: &Ply) -> CliResult<Flow> {
        let options = self.engine.options(ply.pos, ply.mover)?;
        if options.is_empty() {
            self.game_over(ply)?;
            self.after_game()
        } else if ply.mover != self.user {
            self.engine_turn(ply, &options)
        } else {
            self.user_turn(ply, &options)
        }
    }

    /// Shows the final board and who won, at `ply` where the mover has no move.
    fn game_over(&mut self, ply: &Ply) -> CliResult<()> {
        show_board(&*self.engine, ply.pos, self.io)?;
        let verdict = self.engine.verdict(ply.pos, ply.mover)?;
        let text = match (verdict.mover_wins(), verdict.margin()) {
            (None, None) => "Game over: a draw.".to_string(),
            (None, Some(_)) => "Game over: a tie, neither player ahead.".to_string(),
            (Some(wins), Some(margin)) => {
                let winner = if wins { ply.mover } else { ply.mover.opponent() };
                if winner == self.user {
                    format!("Game over: you win by {margin}. Well played!")
                } else {
                    format!(
                        "Game over: {} wins by {margin}.",
                        who(self.kind, winner, self.user)
                    )
                }
            }
            (Some(wins), None) => self.result(ply.mover, wins),
        };
        say(self.io, &text)
    }

    /// After the end of the game: `undo` takes back the user's last move (to
    /// review the loss or try again), `quit` or the end of input ends the
    /// session. A game in which the user never moved just ends.
    fn after_game(&mut self) -> CliResult<Flow> {
        if self.last_user_turn().is_none() || !REVIEW_AFTER_GAME.load(std::sync::atomic::Ordering::Relaxed) {
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

    /// "Game over: … wins (… cannot move)." when `mover` cannot move.
    fn result(&self, mover: Player, mover_wins: bool) -> String {
        let (kind, user) = (self.kind, self.user);
        let winner = if mover_wins { mover } else { mover.opponent() };
        let why = match (kind, self.settings.misere) {
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

    /// The engine moves at `ply`, or, when interrupted, the game goes back to
    /// the user's last turn.
    fn engine_turn(&mut self, ply: &Ply, options: &[PosId]) -> CliResult<Flow> {
        let Some((i, why)) = self.engine_choice(ply, options)? else {
            return self.back_after_interrupt(ply);
        };
        let to = options[i];
        self.announce("sprague", ply, to)?;
        if let Some(why) = why.filter(|w| !w.is_empty()) {
            say(self.io, &format!("({why})"))?;
        }
        self.advance(ply, to);
        Ok(Flow::Next)
    }

    /// The engine's choice among `options` and why (`None` when interrupted):
    /// its own reply, or else the option best for the mover.
    fn engine_choice(&mut self, ply: &Ply, options: &[PosId]) -> CliResult<Option<(usize, Option<String>)>> {
        let before = self.history.len().checked_sub(2).map(|i| self.history[i].pos);
        let engine = &mut *self.engine;
        think(|| {
            Ok(match engine.reply(before, ply.pos, options)? {
                Some((i, why)) if i < options.len() => (i, Some(why)),
                _ => (best_option(engine, options, ply.mover)?, None),
            })
        })
    }

    /// After an interrupted engine move: back to the last position where the
    /// user was to move; with none, the game cannot go on.
    fn back_after_interrupt(&mut self, ply: &Ply) -> CliResult<Flow> {
        let Some(back) = self.last_user_turn() else {
            return Err(crate::error::CliError {
                code: INTERRUPTED,
                message: format!(
                    "interrupted before sprague could judge {}: game ended",
                    self.engine.format(ply.pos)
                ),
            });
        };
        self.rewind(back);
        let text = format!(
            "(interrupted: sprague stopped thinking; back to {})",
            self.engine.format(self.history[back].pos)
        );
        say(self.io, &text)?;
        Ok(Flow::Next)
    }

    /// The index of the last position before the current one where the user was to move.
    fn last_user_turn(&self) -> Option<usize> {
        (0..self.history.len() - 1)
            .rev()
            .find(|&k| self.history[k].mover == self.user)
    }

    /// Cuts the history back to its position `back` (and redraws the board).
    fn rewind(&mut self, back: usize) {
        self.history.truncate(back + 1);
        self.drawn_at = 0;
    }

    /// Plays the move from `ply` to `to`.
    fn advance(&mut self, ply: &Ply, to: PosId) {
        self.history.push(Ply {
            pos: to,
            mover: ply.mover.opponent(),
        });
    }

    /// Writes "`player` (side): move  →  position" for the move from `ply` to `to`.
    fn announce(&mut self, player: &str, ply: &Ply, to: PosId) -> CliResult<()> {
        writeln!(
            self.io.output,
            "{player}{}: {}  →  {}",
            side_suffix(self.kind, ply.mover, &*self.engine, ply.pos),
            self.engine.describe(ply.pos, to),
            self.engine.format(to)
        )?;
        Ok(())
    }

    /// The user's turn at `ply`: the board (when it changed), the prompt, and
    /// the line typed, a command or a move.
    fn user_turn(&mut self, ply: &Ply, options: &[PosId]) -> CliResult<Flow> {
        if self.drawn_at != self.history.len() {
            show_board(&*self.engine, ply.pos, self.io)?;
            self.drawn_at = self.history.len();
        }
        let Some(line) = self.prompt(ply)? else {
            return Ok(Flow::End);
        };
        match self.command(ply, options, &line)? {
            Some(flow) => Ok(flow),
            None => self.user_move(ply, options, &line),
        }
    }

    /// Prompts for and reads one line (trimmed); `None` at the end of input.
    fn prompt(&mut self, ply: &Ply) -> CliResult<Option<String>> {
        let prompt = format!(
            "your move{}> ",
            side_suffix(self.kind, ply.mover, &*self.engine, ply.pos)
        );
        let line = self.io.read_typed(&prompt)?;
        if line.is_none() {
            writeln!(self.io.output, "(end of input: game abandoned)")?;
        }
        Ok(line)
    }

    /// Runs `line` when it is a command (`None` when it is not, so a move).
    fn command(&mut self, ply: &Ply, options: &[PosId], line: &str) -> CliResult<Option<Flow>> {
        match line {
            "" => {}
            "quit" | "q" | "exit" => {
                writeln!(self.io.output, "Bye.")?;
                return Ok(Some(Flow::End));
            }
            "help" | "?" => {
                let name = self.engine.ruleset();
                let text = format!(
                    "type a move as the position after it (in {name}'s notation) or as its number in `moves`; `hint` shows the winning moves and why; `undo` takes back your last move; `swap` lets sprague move now (you take the other side); `quit` ends"
                );
                say(self.io, &text)?;
            }
            "moves" | "m" => {
                for (i, o) in options.iter().enumerate() {
                    writeln!(
                        self.io.output,
                        "  {:>2}. {:<16} {}",
                        i + 1,
                        self.engine.format(*o),
                        self.engine.describe(ply.pos, *o)
                    )?;
                }
            }
            "hint" | "h" => {
                let engine = &mut *self.engine;
                match think(|| Ok(engine.hint(ply.pos, ply.mover)?))? {
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
                self.user = self.user.opponent();
                let note = match self.kind {
                    Kind::Partizan => format!("; you now play {}", side_name(self.user)),
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
        match self.last_user_turn() {
            None => writeln!(self.io.output, "nothing to undo")?,
            Some(back) => {
                self.rewind(back);
                writeln!(
                    self.io.output,
                    "undone: back to {}",
                    self.engine.format(self.history[back].pos)
                )?;
            }
        }
        Ok(())
    }

    /// The user's move typed as `line`: judged, played, and a thrown-away win
    /// pointed out with the better moves.
    fn user_move(&mut self, ply: &Ply, options: &[PosId], line: &str) -> CliResult<Flow> {
        let to = match pick_option(self.engine, ply.pos, options, line) {
            Ok(i) => options[i],
            Err(msg) => {
                say(self.io, &msg)?;
                return Ok(Flow::Next);
            }
        };
        let engine = &mut *self.engine;
        let judged = think(|| {
            let before = engine.verdict(ply.pos, ply.mover)?;
            let after = engine.verdict(to, ply.mover.opponent())?;
            Ok((before, after))
        })?;
        let Some((before, after)) = judged else {
            say(
                self.io,
                "(interrupted: sprague stopped thinking; the move was not made)",
            )?;
            return Ok(Flow::Next);
        };
        self.announce("you", ply, to)?;
        let thrown = match (before, after) {
            (Verdict::Win(_), Verdict::Win(_) | Verdict::Draw) => Some("that threw away the win"),
            (Verdict::Draw, Verdict::Win(_)) => Some("that turned a draw into a loss"),
            (Verdict::Score(_), Verdict::Score(_)) if after.rank_for_mover() < before.flip_rank() => {
                Some("that cost you points")
            }
            _ => None,
        };
        // The better moves, unless Ctrl-C stops the search for them.
        if let Some(what) = thrown
            && let Some(good) = self.better_moves(ply, options, before)?
        {
            say(self.io, &blunder_note(what, before, &good))?;
        }
        self.advance(ply, to);
        Ok(Flow::Next)
    }

    /// The options at least as good for the mover as `before` promised, each
    /// as the user would type it; `None` when interrupted.
    fn better_moves(
        &mut self,
        ply: &Ply,
        options: &[PosId],
        before: Verdict,
    ) -> CliResult<Option<Vec<String>>> {
        let engine = &mut *self.engine;
        think(|| {
            let mut good = Vec::new();
            for o in options {
                let v = engine.verdict(*o, ply.mover.opponent())?;
                if v.rank_for_mover() >= before.flip_rank() {
                    // Rulesets with a short move form name the move (`cut 1-2`),
                    // the others show the position after it.
                    good.push(if engine.move_help().is_some() {
                        engine.describe(ply.pos, *o)
                    } else {
                        engine.format(*o)
                    });
                }
            }
            Ok(good)
        })
    }
}

/// The option of `options` best for `mover` (the first of the best ranks; 0
/// when there is none). O(options) verdicts.
///
/// # Errors
/// Budgets reached and stops of the verdicts.
fn best_option(engine: &mut dyn PlayEngine, options: &[PosId], mover: Player) -> CliResult<usize> {
    let mut best: Option<(i64, usize)> = None;
    for (i, o) in options.iter().enumerate() {
        let rank = engine.verdict(*o, mover.opponent())?.rank_for_mover();
        if best.is_none_or(|(r, _)| rank > r) {
            best = Some((rank, i));
        }
    }
    Ok(best.map_or(0, |(_, i)| i))
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

/// The option the user typed: a position in the notation (compared by key), or
/// the number of a listed move.
fn pick_option(
    engine: &mut dyn PlayEngine,
    from: PosId,
    options: &[PosId],
    line: &str,
) -> Result<usize, String> {
    let number = line.strip_prefix('#').unwrap_or(line).trim();
    let as_number = number
        .parse::<usize>()
        .ok()
        .filter(|&k| k >= 1 && k <= options.len());
    if line.starts_with('#') {
        return as_number.map(|k| k - 1).ok_or_else(|| {
            format!(
                "no move {number}: `moves` lists {} (numbered from 1)",
                options.len()
            )
        });
    }
    let typed = match engine.short_move(from, line) {
        Some(Ok(p)) => Ok(p),
        Some(Err(e)) => return Err(format!("not a move: {e}")),
        None => engine.parse(line),
    };
    match typed {
        Ok(p) => {
            let shown = engine.format(p);
            if let Some(i) = options.iter().position(|o| engine.format(*o) == shown) {
                return Ok(i);
            }
            let key = engine.key(p);
            for (i, o) in options.iter().enumerate() {
                if engine.key(*o) == key {
                    return Ok(i);
                }
            }
            if let Some(k) = as_number {
                return Ok(k - 1);
            }
            Err(format!(
                "`{}` cannot be reached from {} in one move (`moves` lists the moves)",
                engine.format(p),
                engine.format(from)
            ))
        }
        Err(e) => {
            if let Some(k) = as_number {
                return Ok(k - 1);
            }
            // A move named as in its description, whole or by its last word
            // (`b2` for "X at b2", `Rh1-h8`, `b1-b2` for "vertical domino b1-b2"
            // or "x on b1 clobbers b2 (b1-b2)").
            // A cell typed by the numbers its board shows (`2,3`, `(2,3)`,
            // `r2c3`, `row 2 column 3`) names the move described "… row 2,
            // column 3" (Chomp's bites).
            let wanted = line.to_lowercase();
            let cell = cell_words(&wanted);
            let named: Vec<usize> = (0..options.len())
                .filter(|&i| {
                    let d = engine.describe(from, options[i]).to_lowercase();
                    let last = d
                        .rsplit(' ')
                        .next()
                        .map(|w| w.trim_matches(|c| c == '(' || c == ')'));
                    d == wanted
                        || last == Some(wanted.as_str())
                        || cell.as_ref().is_some_and(|c| d.contains(c.as_str()))
                })
                .collect();
            match named[..] {
                [i] => Ok(i),
                _ => Err(format!("not a move: {e} (`help` lists the commands)")),
            }
        }
    }
}

/// "row R, column C" for a cell typed as `R,C`, `(R,C)`, `rRcC` or `row R
/// column C` (lower case), the words a board game's moves are described with.
fn cell_words(typed: &str) -> Option<String> {
    let cleaned: String = typed
        .replace("row", " ")
        .replace("column", " ")
        .chars()
        .map(|c| if c.is_ascii_digit() { c } else { ' ' })
        .collect();
    let shape_ok = {
        let t = typed.trim();
        let r_c = t.strip_prefix('r').and_then(|x| x.split_once('c'));
        r_c.is_some_and(|(a, b)| {
            !a.is_empty() && !b.is_empty() && (a.to_owned() + b).bytes().all(|c| c.is_ascii_digit())
        }) || t.starts_with("row")
            || t.trim_start_matches('(')
                .trim_end_matches(')')
                .split_once(',')
                .is_some_and(|(a, b)| {
                    let (a, b) = (a.trim(), b.trim());
                    !a.is_empty() && !b.is_empty() && (a.to_owned() + b).bytes().all(|c| c.is_ascii_digit())
                })
    };
    let numbers: Vec<&str> = cleaned.split_whitespace().collect();
    match numbers[..] {
        [r, c] if shape_ok => Some(format!("row {r}, column {c}")),
        _ => None,
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
        };
        run_session(&mut *erase(engine, start), settings, &mut io).unwrap();
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
