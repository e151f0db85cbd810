//! Catalog entries for the board, coin and memory games (Wythoff, Poker Nim,
//! staircase Nim, Silver Dollar, Moore's Nim, memory games, Chomp, turning
//! games), with the adapters that answer huge positions by closed forms.
//!
//! Each game with its own report lives in a file of its own under `boards/`;
//! the game logic (closed forms, limits, move searches) is in its module
//! under `games/`, and the players of Poker Nim and the multiples
//! game under [`crate::play`].

mod chomp;
mod coin_game;
mod memory;
mod moore;
mod multiples;
mod pick_nim;
mod poker_nim;
mod wythoff;

use super::{
    Data, Entry, Error, Family, Options, Report, Result, Ruleset, no_params, read_position, whole_param,
    without_params,
};
use crate::play::{ImpartialEngine, PlayEngine, erase};
use crate::{
    impartial::{GrundySolver, ImpartialRules, MisereSolver},
    notation::Notation,
    outcome::Outcome,
};

/// Any ruleset whose closed forms (`closed_form`, `moves_to_value`) answer
/// huge positions: like [`super::Impartial`], but refusing misère positions out of
/// the search's reach ([`BoardRules::misere_check`]).
struct CellGrid<R> {
    /// Name shown in reports, with parameters.
    name: String,
    /// The engine ruleset.
    rules: R,
}

/// What the [`CellGrid`] adapter needs beyond the engine trait.
trait BoardRules: ImpartialRules + Notation<<Self as ImpartialRules>::Position> {
    /// `Err(reason)` if `p` is too large to play (the player lists every
    /// move). Every position plays by default.
    fn play_check(&self, p: &Self::Position) -> core::result::Result<(), String> {
        let _ = p;
        Ok(())
    }

    /// `Err(reason)` if misère search of `p` is out of reach. Misère play has
    /// no closed forms here and searches whole positions by enumerating
    /// options, so rulesets whose option lists explode on big input refuse it
    /// there instead of exhausting memory.
    fn misere_check(&self, p: &Self::Position) -> core::result::Result<(), String> {
        let _ = p;
        Ok(())
    }
}

impl BoardRules for crate::games::StaircaseNim {
    fn misere_check(&self, p: &Vec<u64>) -> core::result::Result<(), String> {
        crate::games::StaircaseNim::misere_check(self, p)
    }
}
impl BoardRules for crate::games::SilverDollar {}
impl BoardRules for crate::games::Wythoff {}
impl BoardRules for crate::games::MooreNim {}
impl BoardRules for crate::games::MemoryGame {}
impl BoardRules for crate::games::OneOrLargest {
    fn misere_check(&self, p: &Vec<u64>) -> core::result::Result<(), String> {
        crate::games::OneOrLargest::misere_check(self, p)
    }
}
impl BoardRules for crate::games::TurningCorners {}
impl BoardRules for crate::games::PickNim {}
impl BoardRules for crate::games::CoinGame {
    fn play_check(&self, p: &Vec<crate::games::CoinPart>) -> core::result::Result<(), String> {
        let coins: u64 = p
            .iter()
            .map(|&c| match c {
                crate::games::CoinPart::Circle(n) | crate::games::CoinPart::Row(n) => n,
            })
            .fold(0, u64::saturating_add);
        if coins > 512 {
            return Err(format!("too large to play (at most 512 coins, found {coins})"));
        }
        Ok(())
    }
    fn misere_check(&self, p: &Vec<crate::games::CoinPart>) -> core::result::Result<(), String> {
        crate::games::CoinGame::misere_check(self, p)
    }
}
impl BoardRules for crate::games::SuffixFlip {
    fn misere_check(&self, p: &Vec<bool>) -> core::result::Result<(), String> {
        crate::games::SuffixFlip::misere_check(self, p)
    }
}
impl BoardRules for crate::games::GuessingGame {
    fn play_check(&self, &(lo, hi, _): &(u64, u64, u64)) -> core::result::Result<(), String> {
        if hi - lo >= 4096 {
            return Err(format!(
                "too large to play (at most 4096 numbers, found {lo}..{hi})"
            ));
        }
        Ok(())
    }
    fn misere_check(&self, p: &(u64, u64, u64)) -> core::result::Result<(), String> {
        crate::games::GuessingGame::misere_check(self, p)
    }
}
impl BoardRules for crate::games::TurningGame {
    fn misere_check(&self, p: &Vec<bool>) -> core::result::Result<(), String> {
        crate::games::TurningGame::misere_check(self, p)
    }
}

/// Outcome, Grundy value and winning moves `(to, description)` of a position.
type Solved = (Outcome, Option<u64>, Vec<(String, String)>);

/// Solves `p` by search: Grundy values in normal play, outcomes in misère play.
fn solve<R: BoardRules>(rules: &R, p: &R::Position, options: &Options<'_>) -> Result<Solved> {
    let describe = |to: &R::Position| (rules.format_position(to), rules.describe_move(p, to));
    if options.misere {
        let mut solver =
            MisereSolver::with_max_states(rules, options.max_states).with_monitor(options.monitor);
        let outcome = solver.outcome(p)?;
        let moves = solver.winning_moves(p)?;
        return Ok((outcome, None, moves.iter().map(describe).collect()));
    }
    let mut solver = GrundySolver::with_max_states(rules, options.max_states).with_monitor(options.monitor);
    let g = solver.grundy(p)?;
    let moves = solver.winning_moves(p)?;
    Ok((
        Outcome::from_grundy(g),
        Some(g.get()),
        moves.iter().map(describe).collect(),
    ))
}

impl<R: BoardRules> Ruleset for CellGrid<R> {
    fn value(&self, position: &str, options: &Options<'_>) -> Result<Report> {
        let p = read_position(&self.rules, position)?;
        if options.misere {
            self.rules
                .misere_check(&p)
                .map_err(|e| Error::input(format!("{}: {e}", self.name)))?;
        }
        let (outcome, grundy, moves) = solve(&self.rules, &p, options)?;
        Ok(super::impartial_report(
            &self.name,
            &self.rules.format_position(&p),
            options.misere,
            outcome,
            grundy,
            &moves,
        ))
    }

    fn play<'a>(&'a self, position: &str, options: &Options<'a>) -> Result<Box<dyn PlayEngine + 'a>> {
        play_board(&self.name, &self.rules, position, options, |p| {
            self.rules.play_check(p)
        })
    }
}

/// Adds a field to the data and a line to the text of a report.
fn annotate(report: &mut Report, key: &str, value: impl Into<Data>, line: Option<String>) {
    report.data.insert(key, value);
    if let Some(l) = line {
        report.push_line(&l);
    }
}

/// Inserts a line of text right after the `outcome:` line of a report.
fn note_after_outcome(report: &mut Report, line: &str) {
    report.insert_line_after("outcome:", line);
}

/// A perfect player of an impartial board ruleset: checks the position with
/// `fits` (the searches behind each move must stay small) and, in misère
/// play, with [`BoardRules::misere_check`].
fn play_board<'a, R: BoardRules>(
    name: &str,
    rules: &'a R,
    position: &str,
    options: &Options<'a>,
    fits: impl Fn(&R::Position) -> core::result::Result<(), String>,
) -> Result<Box<dyn PlayEngine + 'a>> {
    let p = read_position(rules, position)?;
    fits(&p).map_err(|e| Error::input(format!("position `{position}`: {e}")))?;
    if options.misere {
        rules
            .misere_check(&p)
            .map_err(|e| Error::input(format!("{name}: {e}")))?;
    }
    let engine = ImpartialEngine::new(name.to_string(), rules, false, options);
    Ok(erase(engine, p))
}

fn memory_entry(
    name: &str,
    rule: crate::games::MemoryRule,
    first: crate::games::FirstMove,
    shown: String,
) -> Result<Box<dyn Ruleset>> {
    let rules = crate::games::MemoryGame::new(rule, first).ok_or_else(|| {
        Error::input(format!(
            "ruleset `{name}`: the first move must be allowed to take at least 1"
        ))
    })?;
    Ok(Box::new(memory::MemoryBoard { name: shown, rules }))
}

fn turning_entry(
    name: &'static str,
    kind: crate::games::TurningKind,
    summary: &'static str,
    example: &'static str,
    [example2, rules, known]: [&'static str; 3],
) -> Entry {
    fn build_kind(
        name: &str,
        params: Option<&str>,
        kind: crate::games::TurningKind,
    ) -> Result<Box<dyn Ruleset>> {
        no_params(name, params)?;
        Ok(Box::new(CellGrid {
            name: name.to_string(),
            rules: crate::games::TurningGame::new(kind),
        }))
    }
    let build: super::Builder = match kind {
        crate::games::TurningKind::TurningTurtles => {
            |n, p| build_kind(n, p, crate::games::TurningKind::TurningTurtles)
        }
        crate::games::TurningKind::MockTurtles => {
            |n, p| build_kind(n, p, crate::games::TurningKind::MockTurtles)
        }
        crate::games::TurningKind::Ruler => |n, p| build_kind(n, p, crate::games::TurningKind::Ruler),
        crate::games::TurningKind::FlipAny => |n, p| build_kind(n, p, crate::games::TurningKind::FlipAny),
    };
    Entry {
        name,
        params: "",
        family: Family::Impartial,
        summary,
        notation: if kind == crate::games::TurningKind::FlipAny {
            "a 01 string, leftmost coin first, e.g. `0110` (also `THHT`)"
        } else {
            "a row of coins, leftmost first: `H`/`1` heads, `T`/`0` tails, e.g. `THHTTH`"
        },
        example,
        example2,
        rules,
        known,
        build,
    }
}

/// The board, coin and memory games, in display order.
pub(super) fn entries() -> Vec<Entry> {
    vec![
        Entry {
            name: "wythoff",
            params: "",
            family: Family::Heap,
            summary: "two heaps: take from one heap, or the same amount from both (Wythoff's game)",
            notation: "two heaps `x y`; a sum of games `3 5; 4 7`; P/N for any u64 heaps",
            example: "value wythoff 1000000000000 1618033988749",
            example2: "value wythoff 3 5",
            rules: "Wythoff's game: two heaps of tokens. A move takes any positive number of tokens from one heap, or the same positive number from both heaps. The player who takes the last token wins.",
            known: "The losing positions are the pairs (⌊kφ⌋, ⌊kφ²⌋) for k = 0, 1, 2, … with φ the golden ratio (W. A. Wythoff, A modification of the game of Nim, Nieuw Archief voor Wiskunde, 1907; the lower Wythoff sequence is OEIS A000201), so outcomes are decided for any 64-bit heaps; sprague finds Grundy values by search.",
            build: |name, params| {
                without_params(name, params, |name| wythoff::WythoffBoard {
                    name,
                    rules: crate::games::Wythoff::heaps(),
                })
            },
        },
        Entry {
            name: "wyt-queens",
            params: "",
            family: Family::Impartial,
            summary: "queens move left, down or diagonally down-left toward the corner (Wythoff on a board)",
            notation: "queens as `x,y` (0-based, corner 0,0) separated by spaces, e.g. `3,5 2,2`",
            example: "value wyt-queens 3,5 2,2",
            example2: "value wyt-queens 1,2",
            rules: "Queens on a board with a corner at 0,0. A move carries one queen any distance left, down, or diagonally down-left toward the corner; several queens may share a square. The player who cannot move (every queen in the corner) loses.",
            known: "One queen at x,y is Wythoff's game with heaps x and y: it loses for the mover exactly at (⌊kφ⌋, ⌊kφ²⌋) and its mirror image (W. A. Wythoff, 1907; Wyt Queens, Winning Ways, 2nd ed., vol. 1, ch. 3); several queens add as a sum of games.",
            build: |name, params| {
                without_params(name, params, |name| wythoff::WythoffBoard {
                    name,
                    rules: crate::games::Wythoff::queens(),
                })
            },
        },
        Entry {
            name: "poker-nim",
            params: "",
            family: Family::Heap,
            summary: "Nim where removed chips go to your reserve and may be added back to a heap",
            notation: "heaps, `/` (or `|`), the mover's and the other player's reserves, e.g. `3 4 5 / 2 1`",
            example: "value poker-nim 3 4 5 / 2 1",
            example2: "value poker-nim 1 2 3 / 4 0",
            rules: "Poker Nim: heaps of chips, and each player has a reserve of chips. A move either removes chips from one heap into the mover's reserve, or adds chips from the mover's reserve to one heap. The player who cannot move loses.",
            known: "With finite reserves it is decided exactly as Nim (Bouton's theorem): the player who wins Nim answers every addition by removing the chips added, which shrinks the chips on the table plus the loser's reserve, so the game ends (Poker-Nim and reversible moves, Winning Ways, 2nd ed., vol. 1, ch. 3).",
            build: |name, params| without_params(name, params, |_| poker_nim::PokerBoard),
        },
        Entry {
            name: "staircase",
            params: "",
            family: Family::Heap,
            summary: "move coins from one step down to the next step (step 1 to the ground)",
            notation: "coins on steps 1, 2, 3, … e.g. `3 9 5 1`",
            example: "value staircase 3 9 5 1",
            example2: "value staircase 0 4 0 4",
            rules: "Staircase Nim: coins lie on steps 1, 2, 3, …. A move carries any positive number of coins from one step down to the next step (from step 1 onto the ground, out of play). The player who makes the last move wins.",
            known: "The coins on odd-numbered steps form a Nim position and the even steps do not matter: the position loses for the mover exactly when the nim-sum of the odd steps is 0, since a move onto an odd step can be undone at once.",
            build: |name, params| {
                without_params(name, params, |name| CellGrid {
                    name,
                    rules: crate::games::StaircaseNim,
                })
            },
        },
        Entry {
            name: "silver-dollar",
            params: "",
            family: Family::Impartial,
            summary: "slide a coin left on a strip without jumping; with `$`, the leftmost coin may drop into the bag; whoever bags the dollar `D` wins",
            notation: "`o` coin, `.` empty square, leading `$` money bag, `D` the silver dollar, e.g. `..o.o..o`, `$.o..oD.o`",
            example: "value silver-dollar ..o.o...o",
            example2: "value silver-dollar $.o..oD.o",
            rules: "Coins on a strip of squares. A move slides one coin any number of squares to the left onto empty squares, never jumping another coin. With a money bag `$` at the left end, the leftmost coin may instead drop into the bag, and one coin may be the silver dollar `D`: whoever bags the dollar wins.",
            known: "The game is Staircase Nim on the gaps read from the right: the value is the nim-sum of the gaps in front of the 1st, 3rd, 5th, … coin from the right; with the bag, the leftmost gap counts the bag as one more square.",
            build: |name, params| {
                without_params(name, params, |name| CellGrid {
                    name,
                    rules: crate::games::SilverDollar,
                })
            },
        },
        Entry {
            name: "moore",
            params: "K",
            family: Family::Heap,
            summary: "remove tokens from up to K heaps at once (Moore's Nim_K)",
            notation: "heap sizes separated by spaces, e.g. `1 2 3 4`",
            example: "value moore:2 1 2 3 4",
            example2: "value moore:2 1 2 4",
            rules: "Moore's Nim_K: heaps of tokens; a move takes tokens from at least one and at most K heaps (any positive number from each chosen heap). The player who takes the last token wins.",
            known: "Write the heap sizes in binary: the position loses for the mover exactly when, in every bit position, the number of heaps with a 1 there is a multiple of K + 1 (E. H. Moore, A generalization of the game called Nim, Annals of Mathematics, 2nd series, vol. 11, 1910). In misère play the same rule holds unless every heap has at most one token; then the mover loses exactly when the number of one-token heaps is 1 more than a multiple of K + 1 (the misère form of Moore's rule, as Bouton's for Nim; checked against exhaustive misère search), so `--misere` answers heaps of any size.",
            build: |name, params| {
                let k = whole_param(name, params, "K")?;
                let rules = usize::try_from(k)
                    .ok()
                    .and_then(crate::games::MooreNim::new)
                    .ok_or_else(|| {
                        Error::input(format!("ruleset `{name}:{k}`: K must be between 1 and 2^32 - 1"))
                    })?;
                Ok(Box::new(moore::MooreBoard {
                    name: format!("{name}:{k}"),
                    rules,
                }))
            },
        },
        Entry {
            name: "chomp",
            params: "",
            family: Family::Impartial,
            summary: "bite a square and everything below-right of it; whoever must eat the poison (row 1, column 1) loses",
            notation: "row lengths of a Young diagram, longest first, e.g. `5 3 3`",
            example: "value chomp 5 3 3",
            example2: "value chomp 2 1",
            rules: "Chomp: a bar of chocolate squares in rows of non-increasing length (a Young diagram); the top-left square is poisoned. A move bites a square and every square below and to the right of it. Whoever must eat the poisoned square loses.",
            known: "By strategy stealing the first player wins every rectangle larger than 1×1, though no winning move is known in general; a square board is won by biting at (2,2) and mirroring, and two rows of lengths a and a − 1 lose for the mover. Chomp is David Gale's chocolate-bar form of a divisor game of F. Schuh; the name is Martin Gardner's.",
            build: |name, params| without_params(name, params, |_| chomp::ChompBoard),
        },
        turning_entry(
            "turning-turtles",
            crate::games::TurningKind::TurningTurtles,
            "turn a heads coin to tails and optionally one coin to its left",
            "value turning-turtles THHTTH",
            [
                "value turning-turtles HHH",
                "A row of coins showing heads `H` or tails `T`. A move turns a heads coin to tails and may also turn over one coin anywhere to its left. The player who cannot move loses.",
                "Turning Turtles is Nim in disguise: a heads coin at position n (counting from 1 at the left) is a nim-heap of size n, and a position is the nim-sum of its heads coins (coin-turning games, Winning Ways, 1st ed. 1982, ch. 14).",
            ],
        ),
        turning_entry(
            "mock-turtles",
            crate::games::TurningKind::MockTurtles,
            "turn a heads coin to tails and up to two coins to its left (values: odious numbers)",
            "value mock-turtles THHTTH",
            [
                "value mock-turtles HHHH",
                "A row of coins showing heads `H` or tails `T`. A move turns a heads coin to tails and may also turn over one or two coins anywhere to its left. The player who cannot move loses.",
                "A heads coin at position n (from 0 at the left) is worth the n-th odious number 1, 2, 4, 7, 8, 11, 13, 14, … (numbers with an odd count of binary ones, OEIS A000069), and a position is the nim-sum of its coins (coin-turning games, Winning Ways, 1st ed. 1982, ch. 14).",
            ],
        ),
        turning_entry(
            "ruler",
            crate::games::TurningKind::Ruler,
            "turn a run of consecutive coins whose rightmost coin goes heads to tails",
            "value ruler THHTTH",
            [
                "value ruler TTTTTTTH",
                "A row of coins showing heads `H` or tails `T`. A move turns over a run of consecutive coins whose rightmost coin goes from heads to tails. The player who cannot move loses.",
                "A heads coin at position n (from 1 at the left) is worth the largest power of 2 dividing n (OEIS A006519), and a position is the nim-sum of its coins (coin-turning games, Winning Ways, 1st ed. 1982, ch. 14).",
            ],
        ),
        turning_entry(
            "flip-left",
            crate::games::TurningKind::FlipAny,
            "turn a 1 to 0 and any bits to its left (value: the string as a binary number); formerly `flip01`, which still works",
            "value flip-left 0110",
            [
                "value flip-left 1011",
                "A string of 0s and 1s. A move turns one 1 into 0 and may turn over any of the coins to its left. The player who cannot move (all 0s) loses.",
                "A 1 at position i (from 0 at the left) is worth 2^i, so the value is the string read as a binary number with the leftmost digit as the lowest bit (coin-turning theorem, Winning Ways, 1st ed. 1982, ch. 14; checked against search in sprague's tests).",
            ],
        ),
        Entry {
            name: "turning-corners",
            params: "",
            family: Family::Impartial,
            summary: "turn the four corners of a rectangle whose lower-right corner goes heads to tails (values: nim products)",
            notation: "rows of coins separated by `/`, e.g. `TTTT/THTT/TTTH`",
            example: "value turning-corners TTTT/THTT/TTTH",
            example2: "value turning-corners TTT/TTT/TTH",
            rules: "A rectangle of coins showing heads `H` or tails `T`. A move chooses a heads coin and a rectangle with that coin as its lower-right corner (at least two rows and two columns), and turns over the rectangle's four corner coins. The player who cannot move loses.",
            known: "Turning Corners is the coin-turning product of two Turning Turtles rows numbered from 0: a single heads coin at row r, column c (from 0) is worth the nim product r ⊗ c, and a position is the nim-sum of its heads coins (coin-turning games, Winning Ways, 1st ed. 1982, ch. 14).",
            build: |name, params| {
                without_params(name, params, |name| CellGrid {
                    name,
                    rules: crate::games::TurningCorners,
                })
            },
        },
        Entry {
            name: "multiples",
            params: "",
            family: Family::Impartial,
            summary: "coins 1..N: pick a heads coin x and k ≥ 1, turn coins x, 2x, …, kx",
            notation: "`N: x1 x2 …` (number of coins, then the heads coins), N up to 10^12",
            example: "value multiples 1000000000: 1 2 3 5 8 13 21 34 55 89",
            example2: "value multiples 10: 6",
            rules: "Coins numbered 1 to N, some showing heads. A move chooses a heads coin x and some k ≥ 1 with kx ≤ N, and turns over the coins x, 2x, …, kx (coin x goes to tails). The player who cannot move loses.",
            known: "A coin-turning game, so a position is the nim-sum of its single heads coins (coin-turning theorem, Winning Ways, ch. 14). A heads coin at x is worth g(⌊N/x⌋) with g(m) = mex over k ≤ m of g(⌊m/2⌋) ⊕ … ⊕ g(⌊m/k⌋), which sprague computes in O(N^(3/4)) time for N up to 10^12.",
            build: |name, params| without_params(name, params, |_| multiples::MultiplesBoard::default()),
        },
        Entry {
            name: "one-or-largest",
            params: "",
            family: Family::Heap,
            summary: "take one stone from every heap, or a whole largest heap; whoever takes the last stone loses",
            notation: "heap sizes separated by spaces, e.g. `3 1 4 1 5`",
            example: "value one-or-largest 3 1 4 1 5",
            example2: "value one-or-largest 1 1",
            rules: "Heaps of stones. A move either takes one stone from every non-empty heap, or takes a whole largest heap. The player who takes the last stone loses.",
            known: "Draw the heaps, largest first, as the rows of a Young diagram: play walks a token right or down from the corner. Walk diagonally while possible; from the last diagonal cell (k, k), with x cells to its right and y rows below it longer than k, the mover wins iff x or y is odd (derivation in the documentation of `sprague::games::one_or_largest_is_p`, checked against search on all small inputs).",
            build: |name, params| {
                without_params(name, params, |name| CellGrid {
                    name,
                    rules: crate::games::OneOrLargest,
                })
            },
        },
        Entry {
            name: "fibonacci-nim",
            params: "",
            family: Family::Heap,
            summary: "one heap; first move takes any amount but not all, then at most twice the previous move",
            notation: "a heap `N`, or `N/M` (N left, the next move takes at most M); any u64",
            example: "value fibonacci-nim 1000000000000",
            example2: "value fibonacci-nim 20",
            rules: "Fibonacci Nim: one heap of tokens. The first move takes any number of tokens but not all; after that, each move takes at least one token and at most twice what the previous move took. The player who takes the last token wins.",
            known: "The first player loses exactly when the heap is a Fibonacci number; otherwise the winning move takes the smallest term of the heap's Zeckendorf representation (M. J. Whinihan, Fibonacci Nim, 1963, crediting R. E. Gaskell; OEIS A000045 for the Fibonacci numbers). E.g. 20 = 13 + 5 + 2: take 2.",
            build: |name, params| {
                no_params(name, params)?;
                memory_entry(
                    name,
                    crate::games::MemoryRule::Double,
                    crate::games::FirstMove::AllButOne,
                    name.to_string(),
                )
            },
        },
        Entry {
            name: "memory2c",
            params: "K",
            family: Family::Heap,
            summary: "one heap; first move takes at most K (plain `memory2c`: exactly 1), then at most twice the previous move",
            notation: "a heap `N`, or `N/M` (N left, the next move takes at most M); any u64",
            example: "value memory2c:3 100",
            example2: "value memory2c 21",
            rules: "One heap of tokens. The first move takes at least one and at most K tokens (plain `memory2c`: exactly one); after that each move takes at least one token and at most twice what the previous move took. The player who takes the last token wins.",
            known: "Schwenk's theorem (1970): build H_1 = 1, H_(j+1) = H_j + H_l with H_l the smallest term whose double is at least H_j (here the Fibonacci numbers); write n greedily as a sum of terms; (n, m) loses for the mover iff m is below the smallest term used. O(log n) for any 64-bit heap.",
            build: |name, params| {
                let k = match params {
                    None => 1,
                    Some(_) => whole_param(name, params, "K")?,
                };
                memory_entry(
                    name,
                    crate::games::MemoryRule::Double,
                    crate::games::FirstMove::AtMost(k),
                    format!("{name}:{k}"),
                )
            },
        },
        Entry {
            name: "memory",
            params: "K",
            family: Family::Heap,
            summary: "one heap; first move takes at most K, then at most K more than the previous move",
            notation: "a heap `N`, or `N/M` (N left, the next move takes at most M); any u64",
            example: "value memory:2 1000",
            example2: "value memory:1 100/3",
            rules: "One heap of tokens. The first move takes at least one and at most K tokens; after that each move takes at least one token and at most K more than the previous move took. The player who takes the last token wins.",
            known: "Schwenk's theorem (1970) with the rule c ↦ c + K: build H_1 = 1, H_(j+1) = H_j + H_l with H_l the smallest term such that H_l + K ≥ H_j; write n greedily as a sum of terms; (n, m) loses for the mover iff m is below the smallest term used.",
            build: |name, params| {
                let k = whole_param(name, params, "K")?;
                memory_entry(
                    name,
                    crate::games::MemoryRule::Add(k),
                    crate::games::FirstMove::AtMost(k),
                    format!("{name}:{k}"),
                )
            },
        },
        Entry {
            name: "flip-suffix",
            params: "",
            family: Family::Impartial,
            summary: "01-string game: choose a 1 and flip every bit from it to the end of the string",
            notation: "a 01 string, leftmost bit first, e.g. `10110`",
            example: "value flip-suffix 10110",
            example2: "value flip-suffix 0110 --misere",
            rules: "A string of 0s and 1s. A move chooses a 1, at any position i, and flips every bit from position i to the end of the string (so that 1 becomes 0). The player who cannot move — the string is all 0s — loses. (This is the lecture notes' 01-string game; `flip-left`, formerly `flip01`, is a different game.)",
            known: "The value is the last bit: every move flips the last bit, and from a string ending in 1 flipping just the last bit is a move, so strings ending in 0 lose for the player to move and every move from a string ending in 1 wins (derivation in the documentation of `sprague::games::SuffixFlip`, checked against search on every string of up to 12 bits).",
            build: |name, params| {
                without_params(name, params, |name| CellGrid {
                    name,
                    rules: crate::games::SuffixFlip,
                })
            },
        },
        Entry {
            name: "smallest-nim",
            params: "",
            family: Family::Heap,
            summary: "Smallest Nim: take any number of tokens, but only from a smallest heap",
            notation: "heap sizes separated by spaces, e.g. `1 1 4 7`; any u64",
            example: "value smallest-nim 1 1 4 7",
            example2: "value smallest-nim 1 1000000000000 3",
            rules: "Heaps of tokens. A move takes any positive number of tokens from a smallest non-empty heap (so the heaps are used up in increasing order of size). The player who takes the last token wins. This is the common contest reading of the name: Codeforces 1382B \"Sequential Nim\" with the heaps sorted.",
            known: "With k heaps of size 1: when every heap has size 1 the player to move wins iff their number is odd; otherwise the player who first meets a heap above 1 controls the game, so the player to move wins iff k is even (Codeforces Round 658, problem 1382B, Sequential Nim; checked against search on every position of up to 5 heaps of size up to 7).",
            build: |name, params| {
                without_params(name, params, |name| pick_nim::PickBoard {
                    name,
                    rules: crate::games::PickNim(crate::games::PickHeap::Smallest),
                })
            },
        },
        Entry {
            name: "largest-nim",
            params: "",
            family: Family::Heap,
            summary: "Largest Nim (Greedy Nim): take any number of tokens, but only from a largest heap",
            notation: "heap sizes separated by spaces, e.g. `3 5 5`; any u64",
            example: "value largest-nim 3 5 5",
            example2: "value largest-nim 2 9 1000000000000",
            rules: "Heaps of tokens. A move takes any positive number of tokens from a largest heap. The player who takes the last token wins. Also known as Greedy Nim.",
            known: "The player to move loses iff the number of largest heaps is even (Greedy Nim: M. H. Albert and R. J. Nowakowski; M. H. Albert, R. J. Nowakowski and D. Wolfe, Lessons in Play, A K Peters 2007). Winning move: with an odd number above one of largest heaps, cut one of them to any smaller size; with a single largest heap, cut it to the second size if that size occurs an odd number of times, else below the second size (checked against search on every position of up to 5 heaps of size up to 7).",
            build: |name, params| {
                without_params(name, params, |name| pick_nim::PickBoard {
                    name,
                    rules: crate::games::PickNim(crate::games::PickHeap::Largest),
                })
            },
        },
        Entry {
            name: "guessing",
            params: "",
            family: Family::Impartial,
            summary: "guess the host's secret number in a shrinking range; whoever names it loses (HDU 5591)",
            notation: "`N X` (numbers 1..N, secret X) or `L..R X`; any u64",
            example: "value guessing 10 5",
            example2: "value guessing 9 5",
            rules: "The host keeps a secret number X from the range 1..N. Players alternately name a number still in the range; the host says whether X is larger or smaller, and the range shrinks to the side of X (the named number drops out). Whoever names X loses, so a player left with only X to name loses. HDU 5591 (ZYB's Game) asks, for N, how many X make the second player win.",
            known: "With a = X − L numbers below the secret and b = R − X above, naming a number below X leaves any smaller a and naming one above leaves any smaller b: the game is two-heap Nim with value a ⊕ b (Bouton's theorem). So the second player wins exactly when X is the middle of the range: for 1..N, one secret (X = (N + 1)/2) when N is odd and none when N is even — the answer to HDU 5591 (checked against search on every range up to 24).",
            build: |name, params| {
                without_params(name, params, |name| CellGrid {
                    name,
                    rules: crate::games::GuessingGame,
                })
            },
        },
        Entry {
            name: "coin-game",
            params: "K",
            family: Family::Impartial,
            summary: "Coin Game (HDU 3951): take 1 to K consecutive coins from a circle (then from rows)",
            notation: "`N` a circle of N coins (any u64), `rN` a row; parts separated by spaces, e.g. `10` or `7 r3`",
            example: "value coin-game:2 10",
            example2: "count coin-game:1 --range 1,1000000000",
            rules: "Coins lie in a circle. A move takes between 1 and K coins that are next to each other (the first and last coins of the circle are neighbours, but coins on either side of a gap are not). After the first move the coins form a row, and later moves may split rows in two. The player who takes the last coin wins. HDU 3951 asks who wins a circle of N coins.",
            known: "The first player wins a circle of N ≥ 1 coins iff K ≥ N (take them all) or K = 1 and N is odd; otherwise the first move leaves one row and the second player takes its middle one or two coins and mirrors every later move (HDU 3951; checked against search for every K ≤ 6 and N ≤ 26). Rows alone are the octal game 0.77…7 with K sevens (Kayles for K = 2, Winning Ways, 2nd ed., vol. 1, ch. 4), valued through its proven period.",
            build: |name, params| {
                let k = whole_param(name, params, "K")?;
                let rules = crate::games::CoinGame::new(k).ok_or_else(|| {
                    Error::input(format!(
                        "ruleset `{name}:{k}`: K must be between 1 and {}",
                        crate::games::COIN_GAME_MAX_K
                    ))
                })?;
                Ok(Box::new(coin_game::CoinBoard(CellGrid {
                    name: format!("{name}:{k}"),
                    rules,
                })))
            },
        },
    ]
}
