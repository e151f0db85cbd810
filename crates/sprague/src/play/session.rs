//! A game between a user and the perfect player of a ruleset: the positions
//! played, whose turn it is, the user's moves read and judged, the engine's
//! replies, hints, undo and the end of the game. Every surface (the terminal,
//! the browser playground) drives this one [`Session`] and only words and
//! draws what it returns.

use super::{Kind, PlayEngine, PosId, Verdict};
use crate::partizan::Player;
use crate::{Error, Options, Result, Ruleset};

/// Who sits where when a [`Session`] starts.
///
/// In partizan games the user plays `user_side` and `user_first` says whether
/// that side starts; in the other games the sides have no names of their
/// own, the first mover is called Left and `user_side` is not used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seats {
    /// The user makes the first move (otherwise the engine does).
    pub user_first: bool,
    /// The side the user plays in partizan games.
    pub user_side: Player,
}

impl Seats {
    /// The user moves first (`user_first`) and plays `user_side` in partizan games.
    #[must_use]
    pub const fn new(user_first: bool, user_side: Player) -> Self {
        Seats {
            user_first,
            user_side,
        }
    }

    /// The side the user plays and the side that moves first, in a game of
    /// `kind`.
    #[must_use]
    pub const fn sides(self, kind: Kind) -> (Player, Player) {
        match kind {
            Kind::Partizan => {
                let first = if self.user_first {
                    self.user_side
                } else {
                    self.user_side.opponent()
                };
                (self.user_side, first)
            }
            Kind::Impartial | Kind::Loopy => (
                if self.user_first {
                    Player::Left
                } else {
                    Player::Right
                },
                Player::Left,
            ),
        }
    }
}

impl Default for Seats {
    /// The user moves first, as Left.
    fn default() -> Self {
        Seats::new(true, Player::Left)
    }
}

/// Who made the move that led to a position of the history.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum By {
    /// Nobody: the starting position.
    Start,
    /// The user.
    User,
    /// The perfect player.
    Engine,
}

/// One position of the history: where the game was, who was to move there and
/// who moved to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ply {
    /// The position (a handle of the session's engine).
    pub pos: PosId,
    /// The player to move at `pos`.
    pub mover: Player,
    /// Who moved to `pos`.
    pub by: By,
}

/// Whose turn it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    /// The user is to move.
    User,
    /// The perfect player is to move.
    Engine,
    /// The player to move has no move: the game is over (see [`GameOver`]).
    Over,
}

/// The end of a game: the player to move has no move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameOver {
    /// The player who cannot move.
    pub mover: Player,
    /// The result for `mover`.
    pub verdict: Verdict,
    /// Who won; `None` for a draw (or a score of 0).
    pub winner: Option<Player>,
    /// The winner's margin in a game played for a score.
    pub margin: Option<u64>,
}

/// How a move threw away part of what the mover had (see [`Judgement`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Blunder {
    /// From a win to a position the opponent wins or draws.
    ThrewAwayWin,
    /// From a draw to a position the opponent wins.
    DrawIntoLoss,
    /// A game played for a score: the mover's score went down.
    CostPoints,
}

impl Blunder {
    /// How the move from a position worth `before` to the mover to one worth
    /// `after` to the opponent threw something away; `None` when it kept
    /// what the mover had (a lost position has nothing to throw away).
    #[must_use]
    pub fn of(before: Verdict, after: Verdict) -> Option<Blunder> {
        match (before, after) {
            (Verdict::Win(_), Verdict::Win(_) | Verdict::Draw) => Some(Blunder::ThrewAwayWin),
            (Verdict::Draw, Verdict::Win(_)) => Some(Blunder::DrawIntoLoss),
            (Verdict::Score(_), Verdict::Score(_)) if after.rank_for_mover() < before.flip_rank() => {
                Some(Blunder::CostPoints)
            }
            _ => None,
        }
    }
}

/// Whether a move to a position worth `after` to the opponent keeps what a
/// position worth `before` promised the mover: any win keeps a win, a draw or
/// a win keeps a draw, a score at least as good keeps a score. Never true
/// when `before` is a loss.
#[must_use]
pub fn keeps(before: Verdict, after: Verdict) -> bool {
    !matches!(before, Verdict::Lose(_)) && after.rank_for_mover() >= before.flip_rank()
}

/// A move judged before it is played: the mover's result before it and the
/// opponent's after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Judgement {
    /// The result of the position for the mover.
    pub before: Verdict,
    /// The result after the move, for the opponent (now to move).
    pub after: Verdict,
    /// What the move threw away, if anything.
    pub blunder: Option<Blunder>,
}

impl Judgement {
    /// The judgement of a move from `before` (the mover's) to `after` (the opponent's).
    #[must_use]
    pub fn new(before: Verdict, after: Verdict) -> Self {
        Judgement {
            before,
            after,
            blunder: Blunder::of(before, after),
        }
    }
}

/// An option of the player to move with its result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JudgedOption {
    /// The position after the move.
    pub to: PosId,
    /// The result of `to` for the opponent, who moves there.
    pub verdict: Verdict,
    /// Whether the move keeps the mover's win, draw or score (see [`keeps`]).
    pub keeps: bool,
}

/// The perfect player's move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// Its index among the options of the position.
    pub index: usize,
    /// The position after it.
    pub to: PosId,
    /// Why the engine chose it, when it chose by a rule of its own (for
    /// example reversing a reversible move); `None` when it took the option
    /// best by verdict.
    pub why: Option<String>,
}

/// Why text typed as a move names no move from the current position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// `#k` with no move `k` (the options are numbered from 1).
    NoSuchNumber {
        /// The number as typed, after the `#`.
        number: String,
        /// How many moves there are.
        count: usize,
    },
    /// The ruleset's short move form (`cut 1-2`, a cell) read the text and
    /// found it wrong: its message.
    ShortForm(String),
    /// A position of the ruleset that no move reaches from here.
    Unreachable(PosId),
    /// Neither a position, a move number nor a move's name: the position
    /// parser's message.
    NotAMove(String),
}

/// A game between the user and the perfect player of a ruleset, with its
/// history and undo.
///
/// The session asks its [`PlayEngine`] for options, verdicts, hints and
/// replies and keeps the positions played; it never prints. Each question
/// costs what the engine's search costs (usually a memo lookup after the
/// first); the options of the current position are asked once and kept.
///
/// # Example
///
/// ```
/// use sprague::play::{By, Seats, Session, Turn};
/// use sprague::{Monitor, Options, Player, build};
///
/// let nim = build("nim").unwrap();
/// let monitor = Monitor::new();
/// // The user moves first from heaps 3 4 5 (nim-sum 2: a first-player win).
/// let mut game = Session::new(&*nim, "3 4 5", &Options::new(&monitor), Seats::default()).unwrap();
/// assert_eq!(game.turn().unwrap(), Turn::User);
/// // The one winning move takes the heap of 3 down to 1.
/// let winning: Vec<String> = game.winning_moves().unwrap().into_iter().map(|p| game.format(p)).collect();
/// assert_eq!(winning, ["1 4 5"]);
/// // A losing move is flagged as a blunder.
/// let to = game.find_move("3 4 4").unwrap().unwrap();
/// assert!(game.judge(to).unwrap().blunder.is_some());
/// game.play(to).unwrap();
/// // The perfect player answers and the user is to move again.
/// let reply = game.reply().unwrap();
/// assert_eq!(game.history().last().map(|p| p.by), Some(By::Engine));
/// assert_eq!(game.format(reply.to), "0 4 4");
/// // Undo goes back to the user's last turn.
/// game.undo();
/// assert_eq!(game.format(game.position()), "3 4 5");
/// assert_eq!(game.mover(), Player::Left);
/// ```
pub struct Session<'a> {
    engine: Box<dyn PlayEngine + 'a>,
    kind: Kind,
    misere: bool,
    /// The side the user plays ([`swap`](Session::swap) changes it).
    user: Player,
    /// The positions played, the current one last (never empty).
    history: Vec<Ply>,
    /// The options of the current position, once asked.
    options: Option<Vec<PosId>>,
}

impl core::fmt::Debug for Session<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Session")
            .field("ruleset", &self.engine.ruleset())
            .field("user", &self.user)
            .field("history", &self.history)
            .finish_non_exhaustive()
    }
}

impl<'a> Session<'a> {
    /// A game of `rules` from `position` (empty: the ruleset's start, where it
    /// has one), in misère play when `options` say so.
    ///
    /// # Errors
    /// What [`Ruleset::play`] refuses: a position that does not parse or is
    /// too large to play, an option the ruleset does not support, budgets
    /// reached while preparing.
    pub fn new(rules: &'a dyn Ruleset, position: &str, options: &Options<'a>, seats: Seats) -> Result<Self> {
        let engine = rules.play(position, options)?;
        Ok(Session::with_engine(engine, seats, options.misere))
    }

    /// A game played by `engine` from its start; `misere` says whether the
    /// engine plays misère (it is only reported, see [`misere`](Session::misere)).
    #[must_use]
    pub fn with_engine(engine: Box<dyn PlayEngine + 'a>, seats: Seats, misere: bool) -> Self {
        let kind = engine.kind();
        let (user, first) = seats.sides(kind);
        let history = vec![Ply {
            pos: engine.start(),
            mover: first,
            by: By::Start,
        }];
        Session {
            engine,
            kind,
            misere,
            user,
            history,
            options: None,
        }
    }

    /// The perfect player, to format, describe and draw positions.
    #[must_use]
    pub fn engine(&self) -> &dyn PlayEngine {
        &*self.engine
    }

    /// The family of the game.
    #[must_use]
    pub const fn kind(&self) -> Kind {
        self.kind
    }

    /// Whether the game is played misère.
    #[must_use]
    pub const fn misere(&self) -> bool {
        self.misere
    }

    /// The side the user plays.
    #[must_use]
    pub const fn user(&self) -> Player {
        self.user
    }

    /// The positions played, the start first and the current one last.
    #[must_use]
    pub fn history(&self) -> &[Ply] {
        &self.history
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> PosId {
        self.now().pos
    }

    /// The player to move at the current position.
    #[must_use]
    pub fn mover(&self) -> Player {
        self.now().mover
    }

    /// `p` in the ruleset's notation.
    #[must_use]
    pub fn format(&self, p: PosId) -> String {
        self.engine.format(p)
    }

    /// The move from the current position to `to` in words.
    #[must_use]
    pub fn describe(&self, to: PosId) -> String {
        self.engine.describe(self.position(), to)
    }

    /// The move from the current position to `to` as the user would type it:
    /// its name in rulesets with a short move form (`cut 1-2`), else the
    /// position after it.
    #[must_use]
    pub fn move_text(&self, to: PosId) -> String {
        if self.engine.move_help().is_some() {
            self.describe(to)
        } else {
            self.format(to)
        }
    }

    fn now(&self) -> Ply {
        // The history always holds the start.
        self.history[self.history.len() - 1]
    }

    /// The options of the player to move at the current position, in the
    /// engine's order (the order the user numbers them in); empty when the
    /// game is over. Asked of the engine once per position.
    ///
    /// # Errors
    /// Budgets reached and stops.
    pub fn options(&mut self) -> Result<Vec<PosId>> {
        if let Some(o) = &self.options {
            return Ok(o.clone());
        }
        let Ply { pos, mover, .. } = self.now();
        let o = self.engine.options(pos, mover)?;
        self.options = Some(o.clone());
        Ok(o)
    }

    /// Whose turn it is.
    ///
    /// # Errors
    /// Budgets reached and stops while listing the options.
    pub fn turn(&mut self) -> Result<Turn> {
        Ok(if self.options()?.is_empty() {
            Turn::Over
        } else if self.mover() == self.user {
            Turn::User
        } else {
            Turn::Engine
        })
    }

    /// The result of the current position for the player to move.
    ///
    /// # Errors
    /// Budgets reached and stops.
    pub fn verdict(&mut self) -> Result<Verdict> {
        let Ply { pos, mover, .. } = self.now();
        self.engine.verdict(pos, mover)
    }

    /// The end of the game when the player to move has no move, `None` while
    /// the game goes on.
    ///
    /// # Errors
    /// Budgets reached and stops.
    pub fn game_over(&mut self) -> Result<Option<GameOver>> {
        if !self.options()?.is_empty() {
            return Ok(None);
        }
        let mover = self.mover();
        let verdict = self.verdict()?;
        let winner = verdict
            .mover_wins()
            .map(|wins| if wins { mover } else { mover.opponent() });
        Ok(Some(GameOver {
            mover,
            verdict,
            winner,
            margin: verdict.margin(),
        }))
    }

    /// The option named by `text`: `#k` for the `k`-th option (from 1); the
    /// ruleset's short move form; a position in its notation (compared as
    /// written, then by key, so heaps in another order match); a plain number
    /// `k` that is no position; or, when the text is no position, the move's
    /// description, whole or by its last word (`b2` for "X at b2"), or the
    /// cell it names typed as the board numbers it (`2,3`, `r2c3`, `row 2
    /// column 3` for "… row 2, column 3"). O(options) formats and keys.
    ///
    /// The outer error is the engine's (budgets reached listing the options);
    /// the inner one says why `text` names no move.
    ///
    /// # Errors
    /// Budgets reached and stops.
    pub fn find_move(&mut self, text: &str) -> Result<core::result::Result<PosId, MoveError>> {
        let options = self.options()?;
        let from = self.position();
        Ok(pick_option(&mut *self.engine, from, &options, text).map(|i| options[i]))
    }

    /// The mover's result now and the opponent's after the move to `to`, and
    /// whether the move threw something away. Two verdicts.
    ///
    /// # Errors
    /// Budgets reached and stops.
    pub fn judge(&mut self, to: PosId) -> Result<Judgement> {
        let Ply { pos, mover, .. } = self.now();
        let before = self.engine.verdict(pos, mover)?;
        let after = self.engine.verdict(to, mover.opponent())?;
        Ok(Judgement::new(before, after))
    }

    /// Every option of the player to move with its result and whether it keeps
    /// what the position promises. O(options) verdicts.
    ///
    /// # Errors
    /// Budgets reached and stops.
    pub fn judged_options(&mut self) -> Result<Vec<JudgedOption>> {
        let before = self.verdict()?;
        let opponent = self.mover().opponent();
        let mut judged = Vec::new();
        for to in self.options()? {
            let verdict = self.engine.verdict(to, opponent)?;
            judged.push(JudgedOption {
                to,
                verdict,
                keeps: keeps(before, verdict),
            });
        }
        Ok(judged)
    }

    /// The options that keep what the current position promises the player
    /// to move (`before`, its verdict): the winning moves of a won position,
    /// the drawing ones of a drawn one, the best ones of a scored one; none in
    /// a lost position. O(options) verdicts.
    ///
    /// # Errors
    /// Budgets reached and stops.
    pub fn keeping_moves(&mut self, before: Verdict) -> Result<Vec<PosId>> {
        let opponent = self.mover().opponent();
        let mut good = Vec::new();
        for to in self.options()? {
            if keeps(before, self.engine.verdict(to, opponent)?) {
                good.push(to);
            }
        }
        Ok(good)
    }

    /// The winning (or drawing, or best-scoring) moves of the player to move;
    /// see [`keeping_moves`](Session::keeping_moves).
    ///
    /// # Errors
    /// Budgets reached and stops.
    pub fn winning_moves(&mut self) -> Result<Vec<PosId>> {
        let before = self.verdict()?;
        self.keeping_moves(before)
    }

    /// The engine's explanation of the winning moves at the current position,
    /// as lines of text.
    ///
    /// # Errors
    /// Budgets reached and stops.
    pub fn hint(&mut self) -> Result<Vec<String>> {
        let Ply { pos, mover, .. } = self.now();
        self.engine.hint(pos, mover)
    }

    /// The perfect player's choice for the player to move (whoever that is):
    /// the engine's own reply where it has one, else the option best for the
    /// mover by verdict (a win soonest, a loss latest, the best score; the
    /// first of equals). Nothing is played; `None` when the game is over.
    /// O(options) verdicts.
    ///
    /// # Errors
    /// Budgets reached and stops.
    pub fn choose_reply(&mut self) -> Result<Option<Reply>> {
        let options = self.options()?;
        if options.is_empty() {
            return Ok(None);
        }
        let Ply { pos, mover, .. } = self.now();
        let before = self.history.len().checked_sub(2).map(|i| self.history[i].pos);
        if let Some((index, why)) = self.engine.reply(before, pos, &options)?
            && index < options.len()
        {
            return Ok(Some(Reply {
                index,
                to: options[index],
                why: Some(why).filter(|w| !w.is_empty()),
            }));
        }
        let mut best: Option<(i64, usize)> = None;
        for (i, &o) in options.iter().enumerate() {
            let rank = self.engine.verdict(o, mover.opponent())?.rank_for_mover();
            if best.is_none_or(|(r, _)| rank > r) {
                best = Some((rank, i));
            }
        }
        let index = best.map_or(0, |(_, i)| i);
        Ok(Some(Reply {
            index,
            to: options[index],
            why: None,
        }))
    }

    /// The perfect player moves ([`choose_reply`](Session::choose_reply),
    /// then [`play`](Session::play)).
    ///
    /// # Errors
    /// The user is to move or the game is over; budgets reached and stops
    /// (nothing is played then).
    pub fn reply(&mut self) -> Result<Reply> {
        if self.mover() == self.user {
            return Err(Error::input("it is your turn"));
        }
        let Some(reply) = self.choose_reply()? else {
            return Err(Error::input("the game is over"));
        };
        self.play(reply.to)?;
        Ok(reply)
    }

    /// The user moves to `to` (an option of the current position): judged
    /// ([`judge`](Session::judge)), then played.
    ///
    /// # Errors
    /// The engine is to move, `to` is no option; budgets reached and stops
    /// (nothing is played then).
    pub fn user_move(&mut self, to: PosId) -> Result<Judgement> {
        if self.mover() != self.user {
            return Err(Error::input("it is sprague's turn, not yours"));
        }
        let judgement = self.judge(to)?;
        self.play(to)?;
        Ok(judgement)
    }

    /// Plays the move to `to`, an option of the current position, for the
    /// player to move (recorded as the user's when the user is to move).
    ///
    /// # Errors
    /// `to` is not an option of the current position; budgets reached
    /// listing the options.
    pub fn play(&mut self, to: PosId) -> Result<()> {
        if !self.options()?.contains(&to) {
            return Err(Error::input(format!(
                "`{}` is not a move from {}",
                self.format(to),
                self.format(self.position())
            )));
        }
        let Ply { mover, .. } = self.now();
        self.history.push(Ply {
            pos: to,
            mover: mover.opponent(),
            by: if mover == self.user { By::User } else { By::Engine },
        });
        self.options = None;
        Ok(())
    }

    /// The index in the history of the last position before the current one
    /// where the user was to move: where [`undo`](Session::undo) goes.
    #[must_use]
    pub fn last_user_turn(&self) -> Option<usize> {
        self.history[..self.history.len() - 1]
            .iter()
            .rposition(|p| p.mover == self.user)
    }

    /// Takes back the moves since the user's previous turn (the engine's reply
    /// and the user's move before it) and returns the position now current;
    /// `None`, with nothing changed, when the user has not moved yet.
    pub fn undo(&mut self) -> Option<PosId> {
        let back = self.last_user_turn()?;
        self.history.truncate(back + 1);
        self.options = None;
        Some(self.position())
    }

    /// The user takes the other side, so the player to move now is the
    /// engine if it was the user. Returns the user's new side.
    pub fn swap(&mut self) -> Player {
        self.user = self.user.opponent();
        self.user
    }
}

/// The index of the option of `from` named by `line` (see [`Session::find_move`]).
fn pick_option(
    engine: &mut dyn PlayEngine,
    from: PosId,
    options: &[PosId],
    line: &str,
) -> core::result::Result<usize, MoveError> {
    let number = line.strip_prefix('#').unwrap_or(line).trim();
    let as_number = number
        .parse::<usize>()
        .ok()
        .filter(|&k| k >= 1 && k <= options.len());
    if line.starts_with('#') {
        return as_number.map(|k| k - 1).ok_or_else(|| MoveError::NoSuchNumber {
            number: number.to_string(),
            count: options.len(),
        });
    }
    let typed = match engine.short_move(from, line) {
        Some(Ok(p)) => Ok(p),
        Some(Err(e)) => return Err(MoveError::ShortForm(e)),
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
            match as_number {
                Some(k) => Ok(k - 1),
                None => Err(MoveError::Unreachable(p)),
            }
        }
        Err(e) => {
            if let Some(k) = as_number {
                return Ok(k - 1);
            }
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
                _ => Err(MoveError::NotAMove(e)),
            }
        }
    }
}

/// "row R, column C" for a cell typed as `R,C`, `(R,C)`, `rRcC` or `row R
/// column C` (lower case), the words a board game's moves are described with.
fn cell_words(typed: &str) -> Option<String> {
    let digits_pair = |a: &str, b: &str| {
        !a.is_empty() && !b.is_empty() && a.bytes().chain(b.bytes()).all(|c| c.is_ascii_digit())
    };
    let t = typed.trim();
    let shape_ok = t
        .strip_prefix('r')
        .and_then(|x| x.split_once('c'))
        .is_some_and(|(a, b)| digits_pair(a, b))
        || t.starts_with("row")
        || t.trim_start_matches('(')
            .trim_end_matches(')')
            .split_once(',')
            .is_some_and(|(a, b)| digits_pair(a.trim(), b.trim()));
    let cleaned: String = typed
        .replace("row", " ")
        .replace("column", " ")
        .chars()
        .map(|c| if c.is_ascii_digit() { c } else { ' ' })
        .collect();
    let numbers: Vec<&str> = cleaned.split_whitespace().collect();
    match numbers[..] {
        [r, c] if shape_ok => Some(format!("row {r}, column {c}")),
        _ => None,
    }
}
