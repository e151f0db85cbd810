//! The statistics of a solved space ([`SpaceStats`]) as report data and as
//! text: positions by value and up to symmetry, per side to move, with the
//! remoteness histograms and terminal positions by kind; games when counted.

use core::fmt::Write as _;

use crate::loopy::{ClassCounts, SpaceStats};
use crate::registry::Data;

impl SpaceStats {
    /// The statistics as data: `positions`, `up_to_symmetry`,
    /// `by_side_to_move` (per side: `to_move`, `positions` and
    /// `up_to_symmetry` as `W`/`L`/`D`/`total`, the remoteness histograms
    /// `wins_by_remoteness_plies` and `losses_by_remoteness_plies` (index =
    /// plies), `terminal` positions by kind), and `games` (`total` and
    /// `by_end`, counts as strings of digits: they can pass 2^64) or null.
    /// O(size).
    #[must_use]
    pub fn data(&self) -> Data {
        let counts = |c: &ClassCounts| {
            Data::map()
                .with("W", c.wins)
                .with("L", c.losses)
                .with("D", c.draws)
                .with("total", c.total())
        };
        let sides: Vec<Data> = self
            .sides
            .iter()
            .map(|s| {
                let terminal = Data::Map(
                    s.terminal
                        .iter()
                        .map(|(k, (n, sym))| {
                            (
                                (*k).to_string(),
                                Data::map().with("positions", *n).with("up_to_symmetry", *sym),
                            )
                        })
                        .collect(),
                );
                Data::map()
                    .with("to_move", s.side)
                    .with("positions", counts(&s.positions))
                    .with("up_to_symmetry", counts(&s.up_to_symmetry))
                    .with("wins_by_remoteness_plies", s.wins_by_remoteness.as_slice())
                    .with("losses_by_remoteness_plies", s.losses_by_remoteness.as_slice())
                    .with("terminal", terminal)
            })
            .collect();
        let games = self.games.as_ref().map(|g| {
            let ends: Vec<Data> = g
                .iter()
                .map(|((side, kind), n)| {
                    Data::map()
                        .with("to_move", *side)
                        .with("end", *kind)
                        .with("games", n.to_string())
                })
                .collect();
            Data::map()
                .with("total", self.game_count().unwrap_or(0).to_string())
                .with("by_end", ends)
        });
        Data::map()
            .with("positions", self.positions)
            .with("up_to_symmetry", self.up_to_symmetry)
            .with("by_side_to_move", sides)
            .with("games", games)
    }

    /// Appends the statistics to `text` as lines: the positions, one line
    /// per side to move with its terminal positions and remoteness
    /// histograms (`plies:positions`), and the games when counted. O(size).
    pub fn write_text(&self, text: &mut String) {
        let _ = writeln!(
            text,
            "positions: {} ({} up to symmetry)",
            self.positions, self.up_to_symmetry
        );
        for s in &self.sides {
            let (p, q) = (&s.positions, &s.up_to_symmetry);
            let _ = writeln!(
                text,
                "{} to move: {} positions (W {}, L {}, D {}); up to symmetry {} (W {}, L {}, D {})",
                s.side,
                p.total(),
                p.wins,
                p.losses,
                p.draws,
                q.total(),
                q.wins,
                q.losses,
                q.draws
            );
            for (kind, (n, sym)) in &s.terminal {
                let _ = writeln!(text, "  terminal, {kind}: {n} ({sym} up to symmetry)");
            }
            let _ = writeln!(
                text,
                "  wins by remoteness (plies:positions): {}",
                histogram(&s.wins_by_remoteness)
            );
            let _ = writeln!(
                text,
                "  losses by remoteness (plies:positions): {}",
                histogram(&s.losses_by_remoteness)
            );
        }
        if let Some(g) = &self.games {
            let _ = writeln!(
                text,
                "games (move sequences to an end): {}",
                self.game_count().unwrap_or(0)
            );
            for ((side, kind), n) in g {
                let _ = writeln!(text, "  ending with {side} to move, {kind}: {n}");
            }
        }
    }
}

/// `index:count` for every nonzero count, separated by spaces.
pub(super) fn histogram(h: &[u64]) -> String {
    h.iter()
        .enumerate()
        .filter(|&(_, &c)| c > 0)
        .map(|(r, c)| format!("{r}:{c}"))
        .collect::<Vec<_>>()
        .join(" ")
}
