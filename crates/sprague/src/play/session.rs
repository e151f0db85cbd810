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
    /// Its index among the options of the position (0 where the options are
    /// not listed, see [`Session::lists_options`]).
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
    /// `#k` at a position whose moves are too many to list, so they are not
    /// numbered (see [`Session::lists_options`]).
    Unnumbered {
        /// The number as typed, after the `#`.
        number: String,
    },
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

    /// Whether the options of the current position are listed: `false` when
    /// they are too many (one Wythoff pair of 10^12 heaps), and the engine
    /// plays, checks typed moves and judges by its closed form instead.
    /// [`options`](Session::options) and [`judged_options`](Session::judged_options)
    /// then refuse or shorten; everything else works the same.
    pub fn lists_options(&mut self) -> bool {
        self.options.is_some() || self.engine.lists_options(self.position())
    }

    /// The options of the player to move at the current position, in the
    /// engine's order (the order the user numbers them in); empty when the
    /// game is over. Asked of the engine once per position.
    ///
    /// # Errors
    /// Budgets reached and stops; a position whose options are too many to
    /// list (see [`lists_options`](Session::lists_options)).
    pub fn options(&mut self) -> Result<Vec<PosId>> {
        if let Some(o) = &self.options {
            return Ok(o.clone());
        }
        if !self.lists_options() {
            return Err(Error::input(format!(
                "the moves from {} are too many to list: name a move by the position after it",
                self.format(self.position())
            )));
        }
        let Ply { pos, mover, .. } = self.now();
        let o = self.engine.options(pos, mover)?;
        self.options = Some(o.clone());
        Ok(o)
    }

    /// Whether the player to move has a move (listing the options only where
    /// they are listed).
    fn has_move(&mut self) -> Result<bool> {
        if self.lists_options() {
            return Ok(!self.options()?.is_empty());
        }
        let Ply { pos, mover, .. } = self.now();
        self.engine.has_move(pos, mover)
    }

    /// Whose turn it is.
    ///
    /// # Errors
    /// Budgets reached and stops while listing the options.
    pub fn turn(&mut self) -> Result<Turn> {
        Ok(if !self.has_move()? {
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
        if self.has_move()? {
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
    /// Where the options are not listed ([`lists_options`](Session::lists_options)),
    /// only the short move form and the position after the move name a move,
    /// checked by the engine without listing.
    ///
    /// The outer error is the engine's (budgets reached listing the options);
    /// the inner one says why `text` names no move.
    ///
    /// # Errors
    /// Budgets reached and stops.
    pub fn find_move(&mut self, text: &str) -> Result<core::result::Result<PosId, MoveError>> {
        let from = self.position();
        if !self.lists_options() {
            return self.find_unlisted(text);
        }
        let options = self.options()?;
        Ok(pick_option(&mut *self.engine, from, &options, text).map(|i| options[i]))
    }

    /// [`find_move`](Session::find_move) at a position whose options are not listed.
    fn find_unlisted(&mut self, text: &str) -> Result<core::result::Result<PosId, MoveError>> {
        let Ply { pos, mover, .. } = self.now();
        if let Some(number) = text.strip_prefix('#') {
            return Ok(Err(MoveError::Unnumbered {
                number: number.trim().to_string(),
            }));
        }
        let to = match self.engine.short_move(pos, text) {
            Some(Ok(p)) => p,
            Some(Err(e)) => return Ok(Err(MoveError::ShortForm(e))),
            None => match self.engine.parse(text) {
                Ok(p) => p,
                Err(e) => return Ok(Err(MoveError::NotAMove(e))),
            },
        };
        Ok(if self.engine.is_move(pos, to, mover)? {
            Ok(to)
        } else {
            Err(MoveError::Unreachable(to))
        })
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
    /// what the position promises. O(options) verdicts. Where the options are
    /// not listed ([`lists_options`](Session::lists_options)), only the moves
    /// that keep it.
    ///
    /// # Errors
    /// Budgets reached and stops.
    pub fn judged_options(&mut self) -> Result<Vec<JudgedOption>> {
        let before = self.verdict()?;
        let opponent = self.mover().opponent();
        let mut judged = Vec::new();
        let options = if self.lists_options() {
            self.options()?
        } else {
            self.keeping_moves(before)?
        };
        for to in options {
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
        let Ply { pos, mover, .. } = self.now();
        if !self.lists_options()
            && let Some(known) = self.engine.keeping_moves(pos, mover)?
        {
            return Ok(known);
        }
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
        if !self.lists_options() {
            return self.choose_unlisted();
        }
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

    /// [`choose_reply`](Session::choose_reply) at a position whose options are
    /// not listed: the first move that keeps the mover's result, else any
    /// move. `index` is 0 (the moves are not numbered).
    fn choose_unlisted(&mut self) -> Result<Option<Reply>> {
        let Ply { pos, mover, .. } = self.now();
        let to = match self.engine.keeping_moves(pos, mover)? {
            Some(known) => known.into_iter().next(),
            None => {
                let before = self.verdict()?;
                self.keeping_moves(before)?.into_iter().next()
            }
        };
        let to = match to {
            Some(to) => Some(to),
            None => self.engine.any_move(pos, mover)?,
        };
        Ok(to.map(|to| Reply {
            index: 0,
            to,
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
        let legal = if self.lists_options() {
            self.options()?.contains(&to)
        } else {
            let Ply { pos, mover, .. } = self.now();
            self.engine.is_move(pos, to, mover)?
        };
        if !legal {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Monitor, build};

    /// A session of `spec` from `position`, the user seated by `seats`.
    fn game<'a>(
        rules: &'a dyn Ruleset,
        monitor: &'a Monitor,
        position: &str,
        seats: Seats,
        misere: bool,
    ) -> Session<'a> {
        let options = Options::new(monitor).misere(misere);
        Session::new(rules, position, &options, seats).unwrap()
    }

    /// 1, 0 or -1: `mover` wins, draws or loses at `position` (in the
    /// ruleset's notation), by plain negamax over every line of play, the
    /// engine asked only for the options and for the result of a position
    /// without moves (the rules' end: normal or misère play, a line of three).
    /// Finite acyclic games only.
    fn brute(rules: &dyn Ruleset, position: &str, mover: Player, misere: bool) -> i8 {
        fn negamax(e: &mut dyn PlayEngine, p: PosId, mover: Player) -> i8 {
            let options = e.options(p, mover).unwrap();
            if options.is_empty() {
                return match e.verdict(p, mover).unwrap().mover_wins() {
                    Some(true) => 1,
                    Some(false) => -1,
                    None => 0,
                };
            }
            options
                .into_iter()
                .map(|o| -negamax(e, o, mover.opponent()))
                .max()
                .unwrap_or(-1)
        }
        let monitor = Monitor::new();
        let options = Options::new(&monitor).misere(misere);
        let mut engine = rules.play(position, &options).unwrap();
        let start = engine.start();
        negamax(&mut *engine, start, mover)
    }

    /// 1, 0 or -1 for a verdict: a win, a draw or a loss for the player to move.
    fn sign(v: Verdict) -> i8 {
        match v.mover_wins() {
            Some(true) => 1,
            Some(false) => -1,
            None => 0,
        }
    }

    /// Acyclic positions of an impartial heap game, a partizan board and a
    /// state space with drawn ends, in normal and misère play.
    const ACYCLIC: &[(&str, &str, bool)] = &[
        ("nim", "1 2 3", false),
        ("nim", "3 4 5", false),
        ("nim", "1 1 2", true),
        ("nim", "2 2 1", true),
        ("domineering", "..|..|..", false),
        ("domineering", "...|...|..#", false),
        ("domineering", "...|.#.|...", false),
        ("tic-tac-toe", "X..|.O.|...", false),
        ("tic-tac-toe", "XO.|.X.|..O", false),
        ("tic-tac-toe", "XO.|...|...", false),
    ];

    #[test]
    fn winning_moves_and_blunders_agree_with_brute_force() {
        let monitor = Monitor::new();
        let (mut kept, mut blunders) = (0, 0);
        for &(spec, position, misere) in ACYCLIC {
            let rules = build(spec).unwrap();
            for side in [Player::Left, Player::Right] {
                let mut g = game(&*rules, &monitor, position, Seats::new(true, side), misere);
                let mover = g.mover();
                let before = brute(&*rules, position, mover, misere);
                let verdict = g.verdict().unwrap();
                assert_eq!(sign(verdict), before, "{spec} {position} {mover:?}");
                let winning = g.winning_moves().unwrap();
                let judged = g.judged_options().unwrap();
                assert_eq!(judged.len(), g.options().unwrap().len());
                for o in judged {
                    let text = g.format(o.to);
                    // The opponent's result after the move, by brute force.
                    let after = brute(&*rules, &text, mover.opponent(), misere);
                    assert_eq!(sign(o.verdict), after, "{spec} {position} → {text}");
                    let keeps_by_brute = before >= 0 && -after >= before;
                    assert_eq!(
                        winning.contains(&o.to),
                        keeps_by_brute,
                        "{spec} {position} → {text}"
                    );
                    assert_eq!(o.keeps, keeps_by_brute, "{spec} {position} → {text}");
                    let want = match (before, after) {
                        (1, 0 | 1) => Some(Blunder::ThrewAwayWin),
                        (0, 1) => Some(Blunder::DrawIntoLoss),
                        _ => None,
                    };
                    let j = g.judge(o.to).unwrap();
                    assert_eq!(j.blunder, want, "{spec} {position} → {text}");
                    assert_eq!((j.before, j.after), (verdict, o.verdict));
                    kept += usize::from(keeps_by_brute);
                    blunders += usize::from(want.is_some());
                }
                if before < 0 {
                    assert!(winning.is_empty(), "{spec} {position}");
                }
            }
        }
        assert!(kept > 10 && blunders > 10, "{kept} kept, {blunders} blunders");
    }

    #[test]
    fn winning_moves_on_loopy_games_follow_the_solved_values() {
        // Games whose play may cycle: each winning move leaves the opponent
        // lost by the solver's table, and the moves that keep a draw leave a
        // draw; a move that throws the win away is flagged.
        let monitor = Monitor::new();
        let mut flagged = 0;
        for (spec, position) in [
            ("krk", "Kc6 Rh1 ka8 w"),
            ("krk", "Ka1 Rh6 kd7 w"),
            ("backsliding-toads-frogs", "T.F.F"),
            ("backsliding-toads-frogs", "TT..FF"),
            ("backsliding-toads-frogs", "TTT..FFF"),
        ] {
            let rules = build(spec).unwrap();
            let mut g = game(&*rules, &monitor, position, Seats::default(), false);
            let before = g.verdict().unwrap();
            let winning = g.winning_moves().unwrap();
            let opponent = g.mover().opponent();
            for to in g.options().unwrap() {
                let after = g.engine.verdict(to, opponent).unwrap();
                let keeps = match before {
                    Verdict::Win(_) => matches!(after, Verdict::Lose(_)),
                    Verdict::Draw => !after.is_win(),
                    _ => false,
                };
                assert_eq!(
                    winning.contains(&to),
                    keeps,
                    "{spec} {position} → {}",
                    g.format(to)
                );
                let j = g.judge(to).unwrap();
                let thrown = match before {
                    Verdict::Win(_) => !keeps,
                    Verdict::Draw => after.is_win(),
                    _ => false,
                };
                assert_eq!(
                    j.blunder.is_some(),
                    thrown,
                    "{spec} {position} → {}",
                    g.format(to)
                );
                flagged += usize::from(j.blunder.is_some());
            }
            assert_eq!(
                winning.is_empty(),
                !matches!(before, Verdict::Win(_) | Verdict::Draw)
            );
        }
        assert!(flagged > 0);
    }

    #[test]
    fn the_engine_wins_every_won_start_against_random_moves() {
        let monitor = Monitor::new();
        let mut rng = crate::test_rng::XorShift::new(5);
        for (spec, position) in [
            ("nim", "1 2 4"),
            ("nim", "3 5 6"),
            ("domineering", "...|...|..#"),
            ("domineering", "..|..|.."),
            ("tic-tac-toe", "XX.|OO.|..."),
            ("tic-tac-toe", "XO.|...|..."),
            ("krk", "Kd4 Rh1 kd6 w"),
            ("backsliding-toads-frogs", "T.F.F"),
        ] {
            let rules = build(spec).unwrap();
            let mut won = 0;
            // Each KRK session solves the whole space first: one game a seating.
            let games = if spec == "krk" { 1 } else { 3 };
            for seats in [
                Seats::new(true, Player::Left),
                Seats::new(false, Player::Left),
                Seats::new(true, Player::Right),
                Seats::new(false, Player::Right),
            ] {
                for _ in 0..games {
                    let mut g = game(&*rules, &monitor, position, seats, false);
                    let start = g.verdict().unwrap();
                    let engine_to_move = g.turn().unwrap() == Turn::Engine;
                    let engine_wins = if engine_to_move {
                        start.is_win()
                    } else {
                        matches!(start, Verdict::Lose(_))
                    };
                    if !engine_wins {
                        continue;
                    }
                    // The loser cannot delay the end past the start's remoteness.
                    let limit = match start {
                        Verdict::Win(Some(r)) | Verdict::Lose(Some(r)) => r as usize,
                        _ => 1_000,
                    };
                    let engine_side = if engine_to_move {
                        g.mover()
                    } else {
                        g.mover().opponent()
                    };
                    let over = loop {
                        match g.turn().unwrap() {
                            Turn::Over => break g.game_over().unwrap().unwrap(),
                            Turn::Engine => {
                                let r = g.reply().unwrap();
                                assert_eq!(g.position(), r.to);
                            }
                            Turn::User => {
                                let options = g.options().unwrap();
                                let pick = options[(rng.next_u64() % options.len() as u64) as usize];
                                g.user_move(pick).unwrap();
                            }
                        }
                        assert!(g.history().len() <= limit + 1, "{spec} {position}: too long");
                    };
                    assert_eq!(over.winner, Some(engine_side), "{spec} {position} {seats:?}");
                    assert_eq!(g.choose_reply().unwrap(), None);
                    won += 1;
                }
            }
            assert!(won > 0, "{spec} {position}: no seating where the engine wins");
        }
    }

    #[test]
    fn undo_goes_back_to_the_users_last_turn() {
        let monitor = Monitor::new();
        for (spec, position) in [
            ("nim", "3 4 5"),
            ("domineering", "...|...|..#"),
            ("tic-tac-toe", "X..|.O.|..."),
            ("krk", "Kd4 Rh1 kd6 w"),
            ("backsliding-toads-frogs", "TT..FF"),
        ] {
            let rules = build(spec).unwrap();
            let mut g = game(&*rules, &monitor, position, Seats::default(), false);
            let start = g.position();
            let shown = g.format(start);
            let mover = g.mover();
            let options: Vec<String> = g.options().unwrap().iter().map(|&o| g.format(o)).collect();
            assert_eq!(g.undo(), None, "{spec}: nothing to undo yet");
            assert_eq!(g.history().len(), 1);
            // The user's last option, then the engine's answer.
            let to = *g.options().unwrap().last().unwrap();
            g.user_move(to).unwrap();
            assert_eq!(g.history()[1].by, By::User);
            if g.turn().unwrap() == Turn::Engine {
                g.reply().unwrap();
                assert_eq!(g.history()[2].by, By::Engine);
            }
            assert_eq!(g.last_user_turn(), Some(0));
            assert_eq!(g.undo(), Some(start), "{spec}");
            assert_eq!((g.format(g.position()), g.mover()), (shown, mover));
            assert_eq!(g.history().len(), 1);
            assert_eq!(g.turn().unwrap(), Turn::User);
            let again: Vec<String> = g.options().unwrap().iter().map(|&o| g.format(o)).collect();
            assert_eq!(again, options, "{spec}: the options after undo");
            assert_eq!(g.undo(), None);
        }
    }

    #[test]
    fn game_over_says_who_won_when_the_mover_has_no_move() {
        let monitor = Monitor::new();
        // (ruleset, position, misère, the mover wins?)
        for (spec, position, misere, mover_wins) in [
            ("nim", "0 0", false, Some(false)),
            ("nim", "0 0", true, Some(true)),
            ("domineering", ".", false, Some(false)),
            ("domineering", "#.|.#", false, Some(false)),
            ("tic-tac-toe", "XOX|XOO|OXX", false, None),
            ("tic-tac-toe", "XXX|OO.|...", false, Some(false)),
            ("krk", "Kb6 Rh8 kb8 b", false, Some(false)),
        ] {
            let rules = build(spec).unwrap();
            let mut g = game(&*rules, &monitor, position, Seats::default(), misere);
            assert_eq!(g.turn().unwrap(), Turn::Over, "{spec} {position}");
            let over = g.game_over().unwrap().unwrap();
            let mover = g.mover();
            assert_eq!(over.mover, mover);
            let winner = mover_wins.map(|w| if w { mover } else { mover.opponent() });
            assert_eq!(over.winner, winner, "{spec} {position} misère {misere}");
            assert_eq!(over.margin, None);
            assert_eq!(g.choose_reply().unwrap(), None);
            assert!(g.winning_moves().unwrap().is_empty());
        }
        // While moves remain, the game is not over.
        let nim = build("nim").unwrap();
        let mut g = game(&*nim, &monitor, "0 1", Seats::default(), false);
        assert_eq!(g.game_over().unwrap(), None);
        let to = g.find_move("0 0").unwrap().unwrap();
        g.user_move(to).unwrap();
        let over = g.game_over().unwrap().unwrap();
        // The user took the last token: the engine cannot move and loses.
        assert_eq!(over.winner, Some(g.user()));
        assert_eq!(g.reply().unwrap_err(), Error::input("the game is over"));
    }

    #[test]
    fn typed_moves_are_read_as_the_terminal_reads_them() {
        let monitor = Monitor::new();
        let nim = build("nim").unwrap();
        let mut g = game(&*nim, &monitor, "3 4 5", Seats::default(), false);
        let options = g.options().unwrap();
        let found = |g: &mut Session<'_>, text: &str| g.find_move(text).unwrap();
        assert_eq!(found(&mut g, "#1"), Ok(options[0]));
        assert_eq!(
            found(&mut g, "#99"),
            Err(MoveError::NoSuchNumber {
                number: "99".into(),
                count: options.len()
            })
        );
        // The same heaps in another order name the same move.
        let direct = found(&mut g, "1 4 5").unwrap();
        assert_eq!(g.format(direct), "1 4 5");
        assert_eq!(found(&mut g, "5 1 4"), Ok(direct));
        // A position no move reaches; a plain number that is no option's
        // position is the number of a move.
        assert!(matches!(found(&mut g, "9 9 9"), Err(MoveError::Unreachable(p)) if g.format(p) == "9 9 9"));
        assert_eq!(found(&mut g, "2"), Ok(options[1]));
        assert!(matches!(found(&mut g, "x y"), Err(MoveError::NotAMove(_))));
        // A move named by the last word of its description.
        let ttt = build("tic-tac-toe").unwrap();
        let mut g = game(&*ttt, &monitor, "X..|.O.|...", Seats::default(), false);
        let b1 = found(&mut g, "b1").unwrap();
        assert_eq!(g.format(b1), "XX.|.O.|...");
        assert_eq!(cell_words("2,3").as_deref(), Some("row 2, column 3"));
        assert_eq!(cell_words("(2, 3)").as_deref(), Some("row 2, column 3"));
        assert_eq!(cell_words("r2c3").as_deref(), Some("row 2, column 3"));
        assert_eq!(cell_words("row 2 column 3").as_deref(), Some("row 2, column 3"));
        assert_eq!(cell_words("2 3"), None);
        assert_eq!(cell_words("b1"), None);
    }

    #[test]
    fn turns_follow_the_seats_and_swap() {
        let monitor = Monitor::new();
        let nim = build("nim").unwrap();
        // Impartial: the first mover is called Left whoever it is.
        let mut g = game(&*nim, &monitor, "1 2", Seats::new(false, Player::Right), false);
        assert_eq!((g.mover(), g.user()), (Player::Left, Player::Right));
        assert_eq!(g.turn().unwrap(), Turn::Engine);
        let to = g.options().unwrap()[0];
        assert_eq!(
            g.user_move(to).unwrap_err(),
            Error::input("it is sprague's turn, not yours")
        );
        g.reply().unwrap();
        assert_eq!(g.turn().unwrap(), Turn::User);
        assert_eq!(g.reply().unwrap_err(), Error::input("it is your turn"));
        assert_eq!(g.swap(), Player::Left);
        assert_eq!(g.turn().unwrap(), Turn::Engine);
        // Partizan: the user plays the side chosen, moving first or second.
        let dom = build("domineering").unwrap();
        let g = game(&*dom, &monitor, "..|..", Seats::new(false, Player::Right), false);
        assert_eq!((g.user(), g.mover()), (Player::Right, Player::Left));
        let g = game(&*dom, &monitor, "..|..", Seats::new(true, Player::Right), false);
        assert_eq!((g.user(), g.mover()), (Player::Right, Player::Right));
        // A position that is no option of the current one is refused.
        let mut g = game(&*nim, &monitor, "1 2", Seats::default(), false);
        let elsewhere = g.find_move("7").unwrap();
        assert!(elsewhere.is_err());
        let other = g.options().unwrap()[0];
        g.play(other).unwrap();
        assert!(g.play(other).is_err(), "an option of the previous position");
        assert_eq!(g.history().len(), 2);
    }

    #[test]
    fn blunders_of_scores_and_keeping_moves() {
        // A score of 3 kept or lost: the opponent's -3 keeps it, -1 costs points.
        assert_eq!(Blunder::of(Verdict::Score(3), Verdict::Score(-3)), None);
        assert_eq!(
            Blunder::of(Verdict::Score(3), Verdict::Score(-1)),
            Some(Blunder::CostPoints)
        );
        assert!(keeps(Verdict::Score(3), Verdict::Score(-4)));
        assert!(!keeps(Verdict::Lose(Some(2)), Verdict::Win(Some(1))));
        assert!(keeps(Verdict::Draw, Verdict::Draw));
        assert!(keeps(Verdict::Draw, Verdict::Lose(None)));
        assert!(!keeps(Verdict::Win(None), Verdict::Draw));
        assert_eq!(Blunder::of(Verdict::Lose(None), Verdict::Win(None)), None);
    }

    #[test]
    fn huge_positions_play_by_the_closed_form_without_listing() {
        use crate::games::{FirstMove, MemoryGame, MemoryRule, wythoff_is_p};
        let monitor = Monitor::new();
        // Wythoff: the user takes one token from the larger heap each turn; the
        // engine's every reply leaves a P-position by the closed form.
        let rules = build("wythoff").unwrap();
        let mut g = game(
            &*rules,
            &monitor,
            "1000000000000 1618033988749",
            Seats::default(),
            false,
        );
        assert!(!g.lists_options());
        assert!(g.options().is_err());
        assert_eq!(
            g.find_move("#1").unwrap(),
            Err(MoveError::Unnumbered { number: "1".into() })
        );
        assert!(matches!(
            g.find_move("5 5").unwrap(),
            Err(MoveError::Unreachable(_))
        ));
        assert!(matches!(g.find_move("x").unwrap(), Err(MoveError::NotAMove(_))));
        assert!(g.verdict().unwrap().is_win());
        let hint = g.hint().unwrap().join("\n");
        assert!(hint.contains("winning moves"), "{hint}");
        let winning = g.winning_moves().unwrap();
        assert!(!winning.is_empty());
        let heaps = |g: &Session<'_>, p: PosId| -> Vec<u64> {
            g.format(p).split(' ').map(|h| h.parse().unwrap()).collect()
        };
        for &w in &winning {
            let h = heaps(&g, w);
            assert!(wythoff_is_p(h[0], h[1]));
            assert_eq!(g.judge(w).unwrap().blunder, None);
        }
        for _ in 0..3 {
            let to = g.find_move(&{
                let h = heaps(&g, g.position());
                format!("{} {}", h[0], h[1] - 1)
            });
            let to = to.unwrap().unwrap();
            g.user_move(to).unwrap();
            let reply = g.reply().unwrap();
            let h = heaps(&g, reply.to);
            assert!(wythoff_is_p(h[0], h[1]), "{h:?}");
            assert_eq!(g.turn().unwrap(), Turn::User);
            assert!(g.winning_moves().unwrap().is_empty());
        }
        assert!(g.hint().unwrap().join(" ").contains("a P-position"));
        // Undo returns to a position whose options are still not listed.
        g.undo().unwrap();
        assert!(!g.lists_options());
        // Fibonacci Nim from 10^18 (no Fibonacci number, OEIS A000045): the
        // engine moving first wins, leaving a P-position each time.
        let rules = build("fibonacci-nim").unwrap();
        let fib = MemoryGame::new(MemoryRule::Double, FirstMove::AllButOne).unwrap();
        let mut g = game(
            &*rules,
            &monitor,
            "1000000000000000000",
            Seats::new(false, Player::Left),
            false,
        );
        assert_eq!(g.turn().unwrap(), Turn::Engine);
        for _ in 0..3 {
            let reply = g.reply().unwrap();
            let (n, m) = g
                .format(reply.to)
                .split_once('/')
                .map(|(n, m)| (n.parse().unwrap(), m.parse().unwrap()))
                .unwrap();
            assert!(fib.is_p(n, m), "{n}/{m}");
            let any = g.engine.any_move(reply.to, g.mover()).unwrap().unwrap();
            let j = g.user_move(any).unwrap();
            assert_eq!(j.blunder, None, "a lost position has nothing to throw away");
        }
    }
}
