//! Variants of a partizan ruleset ([`Variant`]): the *impartial* variant
//! (either player may make Left's or Right's moves), the *dicotic* variant
//! (a player may move only while the opponent also could) and the *twisted*
//! variant (every move also exchanges the players' roles in what remains).
//!
//! Each is a wrapper over the base rules that implements the same traits,
//! so every solver, report and play session of the engine takes it as it
//! takes the base game. The definitions follow CGSuite 2.2's variant
//! rulesets (`ImpartialVariant`, `DicoticVariant`, `TwistedVariant`):
//!
//! - impartial: the options of `G` are `G^L ∪ G^R` for both players, each
//!   taken in the variant again; the variant of a sum is the sum of the
//!   variants, so the base's components are kept (as long as the base
//!   leaves out only components without moves);
//! - dicotic: `G^L` is empty when `G^R` is, and the other way round;
//!   otherwise the options are the base's, each taken in the variant again.
//!   Every value of a dicotic variant is all-small (infinitesimal);
//! - twisted: `T(G) = { −T(G^L) | −T(G^R) }`.
//!
//! ```
//! use sprague::{PartizanSolver, games::Domineering, partizan::{TwistedVariant, Twist}};
//! use sprague::Notation;
//!
//! // A 2×1 column of Domineering is 1: Left places one domino. Twisted, the
//! // move leaves −T(0) = 0 behind, so the value is still {0 | } = 1.
//! let rules = TwistedVariant(Domineering);
//! let column = rules.parse_position(".|.").unwrap();
//! let mut solver = PartizanSolver::new(&rules);
//! let g = solver.value(&column).unwrap();
//! assert_eq!(solver.store_mut().display(g), "1");
//! assert_eq!(column.1, Twist::Plain);
//! ```

use core::fmt;

use super::PartizanRules;
use crate::definition::{Definition, Purpose};
use crate::impartial::ImpartialRules;
use crate::notation::{Notation, ParseError};

/// Which variant of a partizan ruleset, written before its name
/// (`impartial:domineering`, `dicotic:clobber`, `twisted:toads-and-frogs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Both players may make either player's moves: an impartial game.
    Impartial,
    /// A player may move only while the opponent has a move too.
    Dicotic,
    /// Every move also exchanges the players' roles in what remains.
    Twisted,
}

impl Variant {
    /// Every variant, in the order they are documented.
    pub const ALL: [Variant; 3] = [Variant::Impartial, Variant::Dicotic, Variant::Twisted];

    /// The prefix that names it, without the colon (`impartial`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Impartial => "impartial",
            Variant::Dicotic => "dicotic",
            Variant::Twisted => "twisted",
        }
    }

    /// The variant named `name` (any case), if any.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Variant> {
        Variant::ALL
            .into_iter()
            .find(|v| v.name().eq_ignore_ascii_case(name))
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The impartial variant of a partizan ruleset `R`: from every position both
/// players may make any of Left's or Right's moves. Its values are nimbers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ImpartialVariant<R>(pub R);

impl<R: PartizanRules> ImpartialRules for ImpartialVariant<R> {
    type Position = R::Position;

    fn moves(&self, position: &R::Position, out: &mut Vec<R::Position>) {
        let start = out.len();
        self.0.left_moves(position, out);
        let lefts = out.len();
        self.0.right_moves(position, out);
        // A move open to both players (a green edge) is one option. Most
        // games have no such move, and the check compares in place.
        let mut i = lefts;
        while i < out.len() {
            if out[start..lefts].contains(&out[i]) {
                out.swap_remove(i);
            } else {
                i += 1;
            }
        }
    }

    /// The base's components, which are the variant's components too: a
    /// move of either player is a move in one component. A component the
    /// base leaves out has no moves for either player (see the module
    /// documentation), so it is worth 0 here as well.
    fn decompose(&self, position: &R::Position, out: &mut Vec<R::Position>) -> bool {
        self.0.decompose(position, out)
    }
}

/// The dicotic variant of a partizan ruleset `R`: a player may move only if
/// the opponent could move too; otherwise the game is over for both.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct DicoticVariant<R>(pub R);

impl<R: PartizanRules> DicoticVariant<R> {
    /// Appends `mine`'s moves from `position` to `out` when `theirs` has a
    /// move too (found in `out` itself, then taken away again).
    fn moves_if_both(
        &self,
        position: &R::Position,
        out: &mut Vec<R::Position>,
        mine: fn(&R, &R::Position, &mut Vec<R::Position>),
        theirs: fn(&R, &R::Position, &mut Vec<R::Position>),
    ) {
        let start = out.len();
        theirs(&self.0, position, out);
        let opponent_moves = out.len() > start;
        out.truncate(start);
        if opponent_moves {
            mine(&self.0, position, out);
        }
    }
}

impl<R: PartizanRules> PartizanRules for DicoticVariant<R> {
    type Position = R::Position;

    fn left_moves(&self, position: &R::Position, out: &mut Vec<R::Position>) {
        self.moves_if_both(position, out, R::left_moves, R::right_moves);
    }

    fn right_moves(&self, position: &R::Position, out: &mut Vec<R::Position>) {
        self.moves_if_both(position, out, R::right_moves, R::left_moves);
    }
}

/// Whether a position of a [`TwistedVariant`] stands for `T(G)` or `−T(G)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Twist {
    /// `T(G)`: the position as given.
    Plain,
    /// `−T(G)`: after an odd number of moves, Left plays Right's moves of
    /// the base game and Right plays Left's. Written `-(G)`.
    Negated,
}

impl Twist {
    /// The other one.
    #[must_use]
    pub const fn flipped(self) -> Twist {
        match self {
            Twist::Plain => Twist::Negated,
            Twist::Negated => Twist::Plain,
        }
    }
}

/// The twisted variant of a partizan ruleset `R`: `T(G) = {−T(G^L) | −T(G^R)}`,
/// so every move also exchanges the roles of the players in what remains.
/// A position is a base position with its [`Twist`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TwistedVariant<R>(pub R);

impl<R: PartizanRules> TwistedVariant<R> {
    /// The base moves of the player who moves as `left` (Left or Right of the
    /// twisted game) from `position`, each with the twist flipped.
    fn moves_as(&self, left: bool, position: &(R::Position, Twist), out: &mut Vec<(R::Position, Twist)>) {
        let (base, twist) = position;
        // −T(G) has Left options T(G^R) and Right options T(G^L).
        let base_left = left == (*twist == Twist::Plain);
        let mut buffer = Vec::new();
        if base_left {
            self.0.left_moves(base, &mut buffer);
        } else {
            self.0.right_moves(base, &mut buffer);
        }
        out.extend(buffer.into_iter().map(|q| (q, twist.flipped())));
    }
}

impl<R: PartizanRules> PartizanRules for TwistedVariant<R> {
    type Position = (R::Position, Twist);

    fn left_moves(&self, position: &Self::Position, out: &mut Vec<Self::Position>) {
        self.moves_as(true, position, out);
    }

    fn right_moves(&self, position: &Self::Position, out: &mut Vec<Self::Position>) {
        self.moves_as(false, position, out);
    }
}

/// The written form of a negated twisted position: `-(G)`.
const NEGATED_OPEN: &str = "-(";

impl<R, P> Notation<(P, Twist)> for TwistedVariant<R>
where
    R: Notation<P>,
{
    /// The base notation, or `-(G)` for `−T(G)`.
    fn parse_position(&self, text: &str) -> Result<(P, Twist), ParseError> {
        let trimmed = text.trim_start();
        let lead = text.len() - trimmed.len();
        match trimmed.strip_prefix(NEGATED_OPEN) {
            Some(rest) => {
                let inner = rest
                    .trim_end()
                    .strip_suffix(')')
                    .ok_or_else(|| ParseError::new("`-(` is not closed by `)`", lead + 1, NEGATED_OPEN))?;
                let p = self
                    .0
                    .parse_position(inner)
                    .map_err(|e| e.shifted(lead + NEGATED_OPEN.len()))?;
                Ok((p, Twist::Negated))
            }
            None => Ok((self.0.parse_position(text)?, Twist::Plain)),
        }
    }

    fn format_position(&self, position: &(P, Twist)) -> String {
        let base = self.0.format_position(&position.0);
        match position.1 {
            Twist::Plain => base,
            Twist::Negated => format!("{NEGATED_OPEN}{base})"),
        }
    }

    fn describe_move(&self, from: &(P, Twist), to: &(P, Twist)) -> String {
        self.0.describe_move(&from.0, &to.0)
    }
}

impl<R, P> Definition<(P, Twist)> for TwistedVariant<R>
where
    R: Definition<P>,
{
    fn draw(&self, p: &(P, Twist)) -> Option<String> {
        let board = self.0.draw(&p.0)?;
        Some(match p.1 {
            Twist::Plain => board,
            Twist::Negated => {
                format!("{board}\n(roles exchanged: Left makes Right's moves, Right makes Left's)")
            }
        })
    }

    fn read_move(&self, from: &(P, Twist), text: &str) -> Option<Result<(P, Twist), String>> {
        let to = self.0.read_move(&from.0, text)?;
        Some(to.map(|q| (q, from.1.flipped())))
    }

    fn move_help(&self) -> Option<String> {
        self.0.move_help()
    }

    fn check(&self, p: &(P, Twist), purpose: Purpose) -> Result<(), String> {
        self.0.check(&p.0, purpose)
    }
}

/// The base notation, drawing, short moves, limits and family, unchanged,
/// for a variant whose positions are the base game's.
macro_rules! same_positions_as_base {
    ($variant:ident) => {
        impl<R, P> Notation<P> for $variant<R>
        where
            R: Notation<P>,
        {
            fn parse_position(&self, text: &str) -> Result<P, ParseError> {
                self.0.parse_position(text)
            }

            fn format_position(&self, position: &P) -> String {
                self.0.format_position(position)
            }

            fn describe_move(&self, from: &P, to: &P) -> String {
                self.0.describe_move(from, to)
            }
        }

        impl<R, P> Definition<P> for $variant<R>
        where
            R: Definition<P>,
        {
            fn start(&self, n: u64) -> Option<P> {
                self.0.start(n)
            }

            fn draw(&self, p: &P) -> Option<String> {
                self.0.draw(p)
            }

            fn read_move(&self, from: &P, text: &str) -> Option<Result<P, String>> {
                self.0.read_move(from, text)
            }

            fn move_help(&self) -> Option<String> {
                self.0.move_help()
            }

            fn check(&self, p: &P, purpose: Purpose) -> Result<(), String> {
                self.0.check(p, purpose)
            }
        }
    };
}

same_positions_as_base!(DicoticVariant);
same_positions_as_base!(ImpartialVariant);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{Clobber, Cram, Domineering, ToadsAndFrogs};
    use crate::impartial::GrundySolver;
    use crate::partizan::{GameId, GameStore, PartizanSolver, Player, moves_of};
    use crate::test_rng::XorShift;
    use proptest::prelude::*;

    /// A random `w`×`h` board over `cells`, rows joined by `|`.
    fn board(seed: u64, w: usize, h: usize, cells: &[char]) -> String {
        let mut rng = XorShift::new(seed | 1);
        (0..h)
            .map(|_| {
                (0..w)
                    .map(|_| cells[(rng.next_u64() % cells.len() as u64) as usize])
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("|")
    }

    /// `T(p)` straight from `T(G) = {−T(G^L) | −T(G^R)}` over the base game.
    fn twisted_by_definition<R: PartizanRules>(rules: &R, store: &mut GameStore, p: &R::Position) -> GameId {
        let mut side = |player| -> Vec<GameId> {
            moves_of(rules, p, player)
                .iter()
                .map(|q| {
                    let t = twisted_by_definition(rules, store, q);
                    store.neg(t)
                })
                .collect()
        };
        let (l, r) = (side(Player::Left), side(Player::Right));
        store.game(&l, &r)
    }

    /// The dicotic variant straight from its definition over the base game.
    fn dicotic_by_definition<R: PartizanRules>(rules: &R, store: &mut GameStore, p: &R::Position) -> GameId {
        let (left, right) = (
            moves_of(rules, p, Player::Left),
            moves_of(rules, p, Player::Right),
        );
        if left.is_empty() || right.is_empty() {
            return GameId::ZERO;
        }
        let l: Vec<GameId> = left
            .iter()
            .map(|q| dicotic_by_definition(rules, store, q))
            .collect();
        let r: Vec<GameId> = right
            .iter()
            .map(|q| dicotic_by_definition(rules, store, q))
            .collect();
        store.game(&l, &r)
    }

    /// The Grundy value of the impartial variant: the mex over the options
    /// of both players, recursively, with no components and no memo.
    fn impartial_by_definition<R: PartizanRules>(rules: &R, p: &R::Position) -> u64 {
        let mut seen: Vec<u64> = moves_of(rules, p, Player::Left)
            .iter()
            .chain(moves_of(rules, p, Player::Right).iter())
            .map(|q| impartial_by_definition(rules, q))
            .collect();
        seen.sort_unstable();
        seen.dedup();
        seen.iter()
            .enumerate()
            .find(|&(i, &v)| i as u64 != v)
            .map_or(seen.len() as u64, |(i, _)| i as u64)
    }

    /// Every variant of `rules` at the position `text` agrees with its
    /// definition over the base game.
    fn check_all<R>(rules: R, text: &str)
    where
        R: PartizanRules + Notation<<R as PartizanRules>::Position> + Clone,
    {
        let p = rules.parse_position(text).unwrap();
        let twisted = TwistedVariant(rules.clone());
        let mut solver = PartizanSolver::new(&twisted);
        let plain = solver.value(&(p.clone(), Twist::Plain)).unwrap();
        let negated = solver.value(&(p.clone(), Twist::Negated)).unwrap();
        let store = solver.store_mut();
        let expected = twisted_by_definition(&rules, store, &p);
        assert_eq!(plain, expected, "twisted {text}");
        assert_eq!(negated, store.neg(expected), "twisted -({text})");

        let dicotic = DicoticVariant(rules.clone());
        let mut solver = PartizanSolver::new(&dicotic);
        let value = solver.value(&p).unwrap();
        assert_eq!(
            value,
            dicotic_by_definition(&rules, solver.store_mut(), &p),
            "dicotic {text}"
        );

        let impartial = ImpartialVariant(rules.clone());
        let g = GrundySolver::new(&impartial).grundy(&p).unwrap();
        assert_eq!(g.get(), impartial_by_definition(&rules, &p), "impartial {text}");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(96))]

        #[test]
        fn domineering_variants_follow_their_definitions(seed in any::<u64>(), w in 1..=3usize, h in 1..=3usize) {
            check_all(Domineering, &board(seed, w, h, &['.', '.', '.', '#']));
        }

        #[test]
        fn clobber_variants_follow_their_definitions(seed in any::<u64>(), w in 1..=3usize, h in 1..=2usize) {
            check_all(Clobber, &board(seed, w, h, &['x', 'o', 'x', 'o', '.']));
        }

        #[test]
        fn toads_and_frogs_variants_follow_their_definitions(seed in any::<u64>(), n in 1..=7usize) {
            check_all(ToadsAndFrogs, &board(seed, n, 1, &['T', 'F', '.', '.']));
        }

        /// Cram is the impartial variant of Domineering (Winning Ways,
        /// 2nd ed., vol. 3, ch. 22: either player places a domino either
        /// way): the two agree on every board, components and symmetries
        /// included.
        #[test]
        fn impartial_domineering_is_cram(seed in any::<u64>(), w in 1..=4usize, h in 1..=4usize) {
            let text = board(seed, w, h, &['.', '.', '.', '#']);
            let variant = ImpartialVariant(Domineering);
            let p = variant.parse_position(&text).unwrap();
            let cram = Cram::default();
            let q = cram.parse_position(&text).unwrap();
            prop_assert_eq!(
                GrundySolver::new(&variant).grundy(&p).unwrap(),
                GrundySolver::new(&cram).grundy(&q).unwrap(),
                "{}", text
            );
        }

        /// Clobber is dicotic already (a stone can capture exactly when an
        /// opposing stone stands next to it, which can capture back), so its
        /// dicotic variant has the same values.
        #[test]
        fn dicotic_clobber_is_clobber(seed in any::<u64>(), w in 1..=3usize, h in 1..=2usize) {
            let text = board(seed, w, h, &['x', 'o', 'x', 'o', '.']);
            let p = Clobber.parse_position(&text).unwrap();
            let mut dicotic = PartizanSolver::new(&DicoticVariant(Clobber));
            let d = dicotic.value(&p).unwrap();
            let v = crate::partizan::value_by_definition(&Clobber, dicotic.store_mut(), &p);
            prop_assert_eq!(d, v, "{}", text);
        }

        /// Exchanging the colours negates a twisted game as it negates the
        /// base game: T(−G) = −T(G).
        #[test]
        fn twisted_colour_swap_negates(seed in any::<u64>(), w in 1..=3usize, h in 1..=3usize) {
            let text = board(seed, w, h, &['x', 'o', 'x', 'o', '.']);
            let swapped: String = text
                .chars()
                .map(|c| match c { 'x' => 'o', 'o' => 'x', c => c })
                .collect();
            let rules = TwistedVariant(Clobber);
            let mut solver = PartizanSolver::new(&rules);
            let g = solver.value(&rules.parse_position(&text).unwrap()).unwrap();
            let h = solver.value(&rules.parse_position(&swapped).unwrap()).unwrap();
            prop_assert_eq!(h, solver.store_mut().neg(g), "{}", text);
        }
    }

    #[test]
    fn a_move_open_to_both_players_is_one_option_of_the_impartial_variant() {
        use crate::games::Hackenbush;
        // A green stalk of two edges: both players may chop either edge, so
        // the base game lists each result twice, once per player.
        let rules = ImpartialVariant(Hackenbush);
        let p = rules.parse_position("GG").unwrap();
        let mut options = Vec::new();
        rules.moves(&p, &mut options);
        assert_eq!(options.len(), 2, "{options:?}");
        assert_ne!(options[0], options[1]);
        assert_eq!(GrundySolver::new(&rules).grundy(&p).unwrap().get(), 2);
    }

    #[test]
    fn twisted_positions_read_and_write_back() {
        let rules = TwistedVariant(Domineering);
        for text in ["..|..", "-(..|..)", " -(.#|..) "] {
            let p = rules.parse_position(text).unwrap();
            let again = rules.parse_position(&rules.format_position(&p)).unwrap();
            assert_eq!(p, again, "{text}");
        }
        assert_eq!(rules.parse_position("-(..)").unwrap().1, Twist::Negated);
        let open = rules.parse_position("-(..").unwrap_err();
        assert_eq!(open.column, 1, "{open}");
        let inner = rules.parse_position("-(.q)").unwrap_err();
        assert_eq!(inner.column, 4, "{inner}");
    }

    #[test]
    fn variants_are_named_before_a_partizan_ruleset() {
        use crate::{Monitor, Options};
        let monitor = Monitor::default();
        let options = Options::new(&monitor);
        let twisted = crate::build("Twisted:Domineering").unwrap();
        let report = twisted.value(".|.", &options).unwrap();
        assert_eq!(report.data.get("value").and_then(crate::Data::as_text), Some("1"));
        let cram = crate::build("impartial:domineering").unwrap();
        assert_eq!(cram.value("2x2", &options).unwrap().grundy(), Some(0));
        assert!(
            crate::build("dicotic:clobber")
                .unwrap()
                .variant(Variant::Twisted)
                .is_none()
        );
        for (spec, says) in [
            ("twisted:nim", "`nim` is not one"),
            ("dicotic:twisted:clobber", "variants do not nest"),
            ("impartial:", "needs a partizan ruleset after it"),
            ("twisted:domineeering", "did you mean `domineering`"),
        ] {
            let e = crate::build(spec).err().unwrap().to_string();
            assert!(e.contains(says), "{spec}: {e}");
        }
    }
}
