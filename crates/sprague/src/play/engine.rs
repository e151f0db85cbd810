//! The perfect player of a ruleset, as a game session sees it: positions,
//! options, verdicts with remoteness, hints that explain, and move forms.

use super::board;
use crate::partizan::Player;
use crate::query::Result;

/// Which family a game belongs to: it decides how sides and hints are worded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Both players have the same moves.
    Impartial,
    /// Left and Right have different moves.
    Partizan,
    /// A game that may be drawn by infinite play (or by a drawn end position).
    Loopy,
}

/// The result of a position for the player to move, with the number of moves
/// left under perfect play (winner hurrying, loser delaying) when it is known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The player to move wins.
    Win(Option<u32>),
    /// The player to move loses.
    Lose(Option<u32>),
    /// Neither player can force a win.
    Draw,
    /// A game played for a score: the score the player to move gets with
    /// perfect play from here (each player maximising their own; the
    /// opponent's score is its negative).
    Score(i64),
}

impl Verdict {
    /// Whether the player to move wins.
    #[must_use]
    pub const fn is_win(self) -> bool {
        matches!(self, Verdict::Win(_))
    }

    /// At the end of a game: `Some(true)` when the player to move has won
    /// (a win, or a positive score), `Some(false)` when they have lost,
    /// `None` for a draw (or a score of 0).
    #[must_use]
    pub const fn mover_wins(self) -> Option<bool> {
        match self {
            Verdict::Win(_) => Some(true),
            Verdict::Lose(_) => Some(false),
            Verdict::Draw => None,
            Verdict::Score(s) if s > 0 => Some(true),
            Verdict::Score(s) if s < 0 => Some(false),
            Verdict::Score(_) => None,
        }
    }

    /// The margin of a game played for a score (the score's absolute
    /// value), `None` for win, lose or draw.
    #[must_use]
    pub const fn margin(self) -> Option<u64> {
        match self {
            Verdict::Score(s) => Some(s.unsigned_abs()),
            _ => None,
        }
    }

    /// How good this verdict *of an option* is for the player who moves to it
    /// (the verdict is the opponent's): larger is better. Wins sooner beat wins
    /// later, draws beat losses, and losses later beat losses sooner.
    #[must_use]
    pub fn rank_for_mover(self) -> i64 {
        match self {
            Verdict::Score(s) => s.saturating_neg(),
            Verdict::Lose(r) => 2_000_000 - i64::from(r.unwrap_or(0)),
            Verdict::Draw => 0,
            Verdict::Win(r) => -2_000_000 + i64::from(r.unwrap_or(0)),
        }
    }

    /// The least option rank (see [`rank_for_mover`](Verdict::rank_for_mover))
    /// that keeps this verdict for the mover: any win keeps a win, a draw
    /// keeps a draw.
    #[must_use]
    pub const fn flip_rank(self) -> i64 {
        match self {
            Verdict::Score(s) => s,
            Verdict::Win(_) => 1_000_000,
            Verdict::Draw => 0,
            Verdict::Lose(_) => i64::MIN,
        }
    }

    /// A few words for people, depth in the winner's moves and remoteness in
    /// plies (see [`depth_in_moves`](crate::loopy::depth_in_moves)): "a win in
    /// 2 moves (remoteness 3 plies)", "a loss to a win in 1 move (remoteness 2
    /// plies)", "a draw", "a loss".
    #[must_use]
    pub fn words(self) -> String {
        use crate::loopy::distance_words;
        match self {
            Verdict::Win(Some(r)) => format!("a win in {}", distance_words(r)),
            Verdict::Win(None) => "a win".to_string(),
            Verdict::Lose(Some(0)) => "a loss (the game is over; remoteness 0 plies)".to_string(),
            Verdict::Lose(Some(r)) => format!("a loss to a win in {}", distance_words(r)),
            Verdict::Lose(None) => "a loss".to_string(),
            Verdict::Draw => "a draw".to_string(),
            Verdict::Score(s) => format!("a score of {s} for the player to move"),
        }
    }
}

impl From<crate::loopy::SolvedValue> for Verdict {
    fn from(s: crate::loopy::SolvedValue) -> Self {
        match s.wld {
            crate::loopy::Wld::Win => Verdict::Win(s.remoteness),
            crate::loopy::Wld::Lose => Verdict::Lose(s.remoteness),
            crate::loopy::Wld::Draw => Verdict::Draw,
        }
    }
}

/// A ruleset with a perfect player, as the session loop sees it.
pub trait Engine {
    /// A position.
    type Pos: Clone;

    /// The ruleset's name (with parameters), also used to pick a board drawing.
    fn ruleset(&self) -> &str;

    /// The family of the game: impartial unless the engine says otherwise.
    fn kind(&self) -> Kind {
        Kind::Impartial
    }

    /// The position in the ruleset's notation.
    fn format(&self, p: &Self::Pos) -> String;

    /// Parses a position typed by the user; the error is one line.
    fn parse(&self, text: &str) -> Result<Self::Pos, String>;

    /// A key equal for positions the user would call the same (for example the
    /// same heaps in another order, or with empty heaps left out).
    fn key(&mut self, p: &Self::Pos) -> String {
        self.format(p)
    }

    /// Every option of `mover` (loopy games: of the player to move; impartial:
    /// of either). Empty when the game is over.
    fn options(&mut self, p: &Self::Pos, mover: Player) -> Result<Vec<Self::Pos>>;

    /// A short description of the move from `from` to `to`.
    fn describe(&self, from: &Self::Pos, to: &Self::Pos) -> String;

    /// Whether the options of `p` are listed. `false` for positions with too
    /// many options to list (one Wythoff pair of 10^12 heaps): the session
    /// then never asks for [`options`](Engine::options) there, only for
    /// [`has_move`](Engine::has_move), [`is_move`](Engine::is_move),
    /// [`keeping_moves`](Engine::keeping_moves) and
    /// [`any_move`](Engine::any_move). Every position is listed by default.
    fn lists_options(&mut self, p: &Self::Pos) -> bool {
        let _ = p;
        true
    }

    /// Whether `mover` has a move at `p`. By default: whether the options are
    /// not empty.
    ///
    /// # Errors
    /// Budgets reached.
    fn has_move(&mut self, p: &Self::Pos, mover: Player) -> Result<bool> {
        Ok(!self.options(p, mover)?.is_empty())
    }

    /// Whether one move of `mover` leads from `from` to `to`. By default: an
    /// option of `from` is written as `to` or has its [`key`](Engine::key).
    ///
    /// # Errors
    /// Budgets reached.
    fn is_move(&mut self, from: &Self::Pos, to: &Self::Pos, mover: Player) -> Result<bool> {
        is_listed_move(self, from, to, mover)
    }

    /// The moves of `mover` at `p` that keep the result of `p` for them (the
    /// winning moves of a won position, none in a lost one), when the engine
    /// knows them without listing the options; `None` (the default) lets the
    /// session judge every option.
    ///
    /// # Errors
    /// Budgets reached.
    fn keeping_moves(&mut self, p: &Self::Pos, mover: Player) -> Result<Option<Vec<Self::Pos>>> {
        let _ = (p, mover);
        Ok(None)
    }

    /// Some move of `mover` at `p` (`None` when there is none): the reply of
    /// a position with unlisted options when no move keeps anything. By
    /// default the first option.
    ///
    /// # Errors
    /// Budgets reached.
    fn any_move(&mut self, p: &Self::Pos, mover: Player) -> Result<Option<Self::Pos>> {
        Ok(self.options(p, mover)?.into_iter().next())
    }

    /// The result of `p` for `mover`, who is to move.
    fn verdict(&mut self, p: &Self::Pos, mover: Player) -> Result<Verdict>;

    /// The winning moves of `mover` at `p` and why, as lines of text.
    fn hint(&mut self, p: &Self::Pos, mover: Player) -> Result<Vec<String>>;

    /// The board of `p` as lines of text, or `None` to print the notation.
    fn board(&self, p: &Self::Pos) -> Option<String> {
        board::draw(self.ruleset(), &self.format(p))
    }

    /// A move typed in the ruleset's short form (`cut 1-2`, a vertex number,
    /// a cell), as the position after it; `None` when `line` is not in that
    /// form (it is then read as a position). The error is one line.
    fn short_move(&mut self, from: &Self::Pos, line: &str) -> Option<Result<Self::Pos, String>> {
        let _ = (from, line);
        None
    }

    /// A few words on the short move forms, added to the greeting.
    fn move_help(&self) -> Option<String> {
        None
    }

    /// The engine's own choice among `options` of `now`, with a sentence on
    /// why (printed unless empty), when it prefers one (for example answering
    /// a reversible move by reversing it); `before` is the position the
    /// opponent moved from. `None` lets the session take the best-ranked
    /// option.
    ///
    /// # Errors
    /// Search budgets reached.
    fn reply(
        &mut self,
        before: Option<&Self::Pos>,
        now: &Self::Pos,
        options: &[Self::Pos],
    ) -> Result<Option<(usize, String)>> {
        let _ = (before, now, options);
        Ok(None)
    }

    /// What the player to move is called at `p`, when the position says so
    /// (`X`/`O` in tic-tac-toe, White/Black in chess endgames).
    fn mover_name(&self, p: &Self::Pos) -> Option<String> {
        let _ = p;
        None
    }
}

/// Whether one of `mover`'s listed options of `from` is written as `to` or
/// has its [`key`](Engine::key): the default [`Engine::is_move`], also
/// the fallback of engines that answer some positions without listing.
///
/// # Errors
/// Budgets reached.
pub(crate) fn is_listed_move<E: Engine + ?Sized>(
    e: &mut E,
    from: &E::Pos,
    to: &E::Pos,
    mover: Player,
) -> Result<bool> {
    let (shown, key) = (e.format(to), e.key(to));
    for o in e.options(from, mover)? {
        if e.format(&o) == shown || e.key(&o) == key {
            return Ok(true);
        }
    }
    Ok(false)
}
