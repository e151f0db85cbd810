//! Rectangle cutting: normal play by the closed form for any sides, misère
//! play searched; the rules are [`crate::heap::RectangleCutting`].

use crate::heap::{
    Rectangle, RectangleCutting, format_rectangle_counts, parse_rectangle_counts, parse_rectangles,
};
use crate::notation::Notation;
use crate::play::PlayEngine;
use crate::registry::{
    Entry, Error, Family, Impartial, Options, PLAY_MAX_HEAP, Report, Result, Ruleset, SPLIT_MAX,
    impartial_report, without_params,
};

impl crate::definition::Definition<Vec<Rectangle>> for RectangleCutting {}

/// Rectangle cutting: normal play by the closed form for any sides (with
/// `AxB^K` for many equal rectangles), misère play searched.
struct Rectangles(Impartial<RectangleCutting>);

/// The most entries (`AxB` or `AxB^K`) of a position for which a winning cut
/// is shown with the whole position after it (beyond, by the cut alone).
const RECTANGLE_POSITIONS_UP_TO: usize = 1000;

impl Rectangles {
    /// The rectangles of `position`, each side at most `max_side`; `what`
    /// says why, after the rectangle.
    fn parse(position: &str, max_side: u64, what: &str) -> Result<Vec<Rectangle>> {
        let rects = parse_rectangles(position).map_err(|e| Error::position(position, e))?;
        match rects.iter().find(|&&(a, b)| a.max(b) > max_side) {
            Some(&(a, b)) => Err(Error::input(format!(
                "position `{position}`: rectangle {a}x{b} {what}"
            ))),
            None => Ok(rects),
        }
    }

    /// Normal play: the closed form of [`RectangleCutting::solve_sum`], for
    /// any sides and any numbers of copies; each winning cut is named with
    /// its number of pieces, and the position after it is written with
    /// `AxB^K`, never piece by piece.
    fn normal(&self, position: &str, options: &Options<'_>) -> Result<Report> {
        let counted = parse_rectangle_counts(position).map_err(|e| Error::position(position, e))?;
        let sum = self.0.rules.solve_sum(&counted).ok_or_else(|| {
            Error::input(format!("position `{position}`: a side length must be at least 1"))
        })?;
        let full = counted.len() <= RECTANGLE_POSITIONS_UP_TO;
        options.check_memory(
            sum.winning_cuts.len() as u64,
            if full { 64 * counted.len() as u64 } else { 64 },
            "the listing of winning moves",
        )?;
        let mut moves = Vec::with_capacity(sum.winning_cuts.len());
        for (k, cut) in sum.winning_cuts.iter().enumerate() {
            if k % 1024 == 1023 {
                options.monitor.check()?;
            }
            let to = if full {
                format_rectangle_counts(&cut.apply(&counted))
            } else {
                String::new()
            };
            moves.push((to, cut.describe()));
        }
        let mut report = impartial_report(
            &self.0.name,
            &format_rectangle_counts(&counted),
            false,
            crate::outcome::Outcome::from_grundy(sum.grundy),
            Some(sum.grundy.get()),
            &moves,
        );
        if !full && !moves.is_empty() {
            report.push_line(&format!(
                "note: with more than {RECTANGLE_POSITIONS_UP_TO} entries, each move is named by its cut, not by the whole position after it"
            ));
        }
        Ok(report)
    }
}

impl Ruleset for Rectangles {
    fn value(&self, position: &str, options: &Options<'_>) -> Result<Report> {
        if !options.misere {
            return self.normal(position, options);
        }
        // Misère play is searched over multisets of rectangles: a cut into d
        // strips is one kind counted d times, not d entries of a list, but
        // every cut of every side is tried.
        Self::parse(
            position,
            SPLIT_MAX,
            &format!(
                "has a side above {SPLIT_MAX}: misère play is searched cut by cut, so sides are limited to {SPLIT_MAX} there"
            ),
        )?;
        let rules = &self.0.rules;
        let p = rules
            .parse_position(position)
            .map_err(|e| Error::position(position, e))?;
        let (outcome, winning) = crate::registry::misere_by_pieces(rules, &p, options)?;
        let moves: Vec<(String, String)> = winning
            .iter()
            .map(|to| (rules.format_position(to), rules.describe_move(&p, to)))
            .collect();
        Ok(impartial_report(
            &self.0.name,
            &rules.format_position(&p),
            true,
            outcome,
            None,
            &moves,
        ))
    }

    fn play<'a>(&'a self, position: &str, options: &Options<'a>) -> Result<Box<dyn PlayEngine + 'a>> {
        Self::parse(
            position,
            PLAY_MAX_HEAP,
            &format!("is too large to play (sides at most {PLAY_MAX_HEAP})"),
        )?;
        self.0.play(position, options)
    }
}

/// The catalog entries.
pub(crate) const ENTRIES: &[Entry] = &[Entry {
    name: "rectangles",
    params: "",
    family: Family::TakeAndBreak,
    summary: "cut an a×b rectangle along one side into d ≥ 2 equal pieces (d divides that side)",
    notation: "rectangles AxB separated by spaces, e.g. `3x4 2x5`; AxB^K for K equal ones (misère play: sides up to 10^6)",
    example: "value rectangles 3x4 2x5",
    example2: "value rectangles 1000000000x999999937",
    rules: "Rectangles of whole sides a×b. A move cuts one rectangle into d ≥ 2 equal pieces along one side — d must divide that side, so a×b becomes d rectangles (a/d)×b or d rectangles a×(b/d). A 1×1 square is dead. The player who makes the last move wins.",
    known: "Equal pieces cancel in pairs, so a cut into an even number of pieces is worth 0 and into an odd number d is worth one piece. With a = 2^s·m and b = 2^t·n (m, n odd) and Ω counting prime factors with multiplicity, G(a×b) = Ω(m) ⊕ Ω(n) when both sides are odd and (Ω(m) ⊕ Ω(n)) + 1 when one is even: by induction the odd cuts play Nim on the heaps Ω(m) and Ω(n), and an even side adds the option 0 (mex rule, Winning Ways, 2nd ed., vol. 1, ch. 3; proof in the documentation of sprague's RectangleCutting). Sides are factored by Pollard's rho, so any sides below 2^64 answer at once.",
    build: |name, params| {
        without_params(name, params, |name| {
            Rectangles(Impartial {
                name,
                rules: RectangleCutting,
            })
        })
    },
}];
