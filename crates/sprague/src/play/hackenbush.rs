//! The perfect Green Hackenbush player: the linear colon/fusion value picks
//! the cuts, and hints show each piece as the stalk it plays like.

use super::engine::{Engine, Verdict};
use super::graph_text::{edge_word, edges_text, listed, parse_error, strip_verb, verdict_of};
use crate::graph_games::{grounded, keep_grounded, picture_value, pieces};
use crate::query::{Error, Options, Result};
use crate::{
    graph_games::{EdgeList, GreenHackenbush},
    impartial::MisereSolver,
    nimber::Nimber,
    outcome::Outcome,
    partizan::Player,
};

/// Most edges of a Green Hackenbush picture in play: a turn makes one linear
/// pass per candidate cut, O(m²).
pub(crate) const HACKENBUSH_PLAY_LIMIT: usize = 2_000;
/// Misère Green Hackenbush is searched, for pictures of at most this many edges.
pub(crate) const HACKENBUSH_MISERE_PLAY_LIMIT: usize = 20;

/// A Green Hackenbush picture in play: edges `(u, v)` with `u <= v`, sorted,
/// all connected to the ground (vertex 0), and the edge cut to reach it.
#[derive(Clone, Debug)]
pub(crate) struct Picture {
    pub(crate) edges: Vec<(u32, u32)>,
    pub(crate) cut: Option<(u32, u32)>,
}

/// A perfect Green Hackenbush player: the value of a picture comes from the
/// linear colon/fusion computation, so a turn costs O(m²) for m edges.
pub(crate) struct HackenbushEngine<'m> {
    pub(crate) misere: Option<MisereSolver<'m, GreenHackenbush>>,
}

static GREEN_HACKENBUSH: GreenHackenbush = GreenHackenbush;

impl<'m> HackenbushEngine<'m> {
    /// A player of the picture `edges` (normal play: the linear value;
    /// misère play: search, for small pictures), and its start.
    ///
    /// # Errors
    /// A picture too large to play.
    pub(crate) fn new(edges: &[(u32, u32)], options: &Options<'m>) -> Result<(Self, Picture)> {
        let edges = grounded(edges);
        if edges.len() > HACKENBUSH_PLAY_LIMIT {
            return Err(Error::input(format!(
                "green-hackenbush plays pictures of at most {HACKENBUSH_PLAY_LIMIT} edges (every turn judges every cut); this one has {}",
                edges.len()
            )));
        }
        let misere = if options.misere {
            if edges.len() > HACKENBUSH_MISERE_PLAY_LIMIT {
                return Err(Error::input(format!(
                    "misère green-hackenbush is searched, for pictures of at most {HACKENBUSH_MISERE_PLAY_LIMIT} edges; this one has {}",
                    edges.len()
                )));
            }
            Some(
                MisereSolver::with_max_states(&GREEN_HACKENBUSH, options.max_states)
                    .with_monitor(options.monitor),
            )
        } else {
            None
        };
        Ok((HackenbushEngine { misere }, Picture { edges, cut: None }))
    }

    fn cut(&self, p: &Picture, edge: (u32, u32)) -> Option<Picture> {
        let e = (edge.0.min(edge.1), edge.0.max(edge.1));
        let i = p.edges.iter().position(|&x| x == e)?;
        let mut rest = p.edges.clone();
        rest.remove(i);
        Some(Picture {
            edges: keep_grounded(rest),
            cut: Some(e),
        })
    }

    fn misere_wins(&mut self, p: &Picture) -> Result<Option<bool>> {
        match &mut self.misere {
            Some(s) => Ok(Some(s.outcome(&p.edges)? == Outcome::N)),
            None => Ok(None),
        }
    }
}

impl Engine for HackenbushEngine<'_> {
    type Pos = Picture;

    fn ruleset(&self) -> &str {
        "green-hackenbush"
    }

    fn format(&self, p: &Picture) -> String {
        if p.edges.is_empty() {
            "n=1".to_string()
        } else {
            edges_text(&p.edges, usize::MAX)
        }
    }

    fn parse(&self, text: &str) -> Result<Picture, String> {
        let g = EdgeList::parse(text).map_err(|e| parse_error(text, &e))?;
        Ok(Picture {
            edges: grounded(&g.edges),
            cut: None,
        })
    }

    fn options(&mut self, p: &Picture, _mover: Player) -> Result<Vec<Picture>> {
        let mut out = Vec::with_capacity(p.edges.len());
        for i in 0..p.edges.len() {
            if i > 0 && p.edges[i] == p.edges[i - 1] {
                continue;
            }
            let mut rest = p.edges.clone();
            rest.remove(i);
            out.push(Picture {
                edges: keep_grounded(rest),
                cut: Some(p.edges[i]),
            });
        }
        Ok(out)
    }

    fn describe(&self, from: &Picture, to: &Picture) -> String {
        let fell = (from.edges.len() - to.edges.len()).saturating_sub(1);
        let cut = to
            .cut
            .map_or_else(|| "cut".to_string(), |(u, v)| format!("cut {u}-{v}"));
        match fell {
            0 => cut,
            1 => format!("{cut} (1 more edge falls)"),
            k => format!("{cut} ({k} more edges fall)"),
        }
    }

    fn verdict(&mut self, p: &Picture, _mover: Player) -> Result<Verdict> {
        if let Some(w) = self.misere_wins(p)? {
            return Ok(verdict_of(w));
        }
        Ok(verdict_of(!picture_value(&p.edges).is_zero()))
    }

    fn hint(&mut self, p: &Picture, mover: Player) -> Result<Vec<String>> {
        let options = self.options(p, mover)?;
        if self.misere.is_some() {
            let wins = self.misere_wins(p)?.unwrap_or(false);
            let mut lines = vec![format!(
                "misère play (whoever cuts the last edge loses), searched move by move: the player to move {}.",
                if wins {
                    "wins"
                } else {
                    "loses against perfect play"
                }
            )];
            let mut rows = Vec::new();
            for o in &options {
                if self.misere_wins(o)? == Some(false) {
                    rows.push((self.describe(p, o), String::new()));
                }
            }
            if !rows.is_empty() {
                lines.push(format!("winning cuts ({}):", rows.len()));
                lines.extend(listed(&rows));
            }
            return Ok(lines);
        }
        let (parts, of) = pieces(&p.edges);
        let values: Vec<Nimber> = parts.iter().map(|e| picture_value(e)).collect();
        let total: Nimber = values.iter().copied().sum();
        let mut lines = vec![format!(
            "the picture stands on the ground in {} piece{}; by the fusion principle (a cycle shrinks to a point, its edges becoming loops) and the colon principle (branches meeting at a vertex count as one stalk of their nim-sum), each plays like a stalk:",
            parts.len(),
            if parts.len() == 1 { "" } else { "s" }
        )];
        for (i, (e, v)) in parts.iter().zip(&values).enumerate() {
            let len = v.get();
            let stalk = match len {
                0 => "a stalk of 0 edges (value 0: its loops and branches cancel out)".to_string(),
                1 => "a stalk of 1 edge (value 1)".to_string(),
                _ => format!("a stalk of {len} edges (value {len})"),
            };
            lines.push(format!("    piece {}: {} → {stalk}", i + 1, edges_text(e, 12)));
        }
        if parts.len() > 1 {
            let sum: Vec<String> = values.iter().map(|v| v.get().to_string()).collect();
            lines.push(format!(
                "nim-sum of the stalks: {} = {}",
                sum.join(" ⊕ "),
                total.get()
            ));
        }
        if total.is_zero() {
            lines.push("the value is 0, so the player to move loses against perfect play: every cut makes it non-zero and the answer restores 0.".to_string());
            return Ok(lines);
        }
        lines.push(format!(
            "the value is {}, not 0: cut so that it becomes 0, shortening the stalk of one piece of value v to v ⊕ {}:",
            total.get(),
            total.get()
        ));
        let mut rows = Vec::new();
        for o in &options {
            if !picture_value(&o.edges).is_zero() {
                continue;
            }
            let note = o
                .cut
                .and_then(|c| p.edges.iter().position(|&x| x == c))
                .map_or_else(String::new, |k| {
                    let v = values[of[k]];
                    format!(
                        "piece {}: stalk {} → {} ⊕ {} = {}",
                        of[k] + 1,
                        v.get(),
                        v.get(),
                        total.get(),
                        (v + total).get()
                    )
                });
            rows.push((self.describe(p, o), note));
        }
        lines.push(format!("winning cuts ({}):", rows.len()));
        lines.extend(listed(&rows));
        Ok(lines)
    }

    fn board(&self, p: &Picture) -> Option<String> {
        if p.edges.is_empty() {
            return Some("(no edges left)\n".to_string());
        }
        let (parts, _) = pieces(&p.edges);
        Some(super::board::pieces_on_ground(
            parts.iter().map(|e| edges_text(e, 40)),
        ))
    }

    fn short_move(&mut self, from: &Picture, line: &str) -> Option<Result<Picture, String>> {
        let rest = strip_verb(line, &["cut"]);
        if rest.contains(' ') {
            return None;
        }
        let e = edge_word(rest)?;
        Some(self.cut(from, e).ok_or_else(|| {
            format!(
                "there is no edge {}-{} in the picture (edges: {})",
                e.0,
                e.1,
                edges_text(&from.edges, 12)
            )
        }))
    }

    fn move_help(&self) -> Option<String> {
        Some("as the edge to cut, `cut 1-2` or `1-2`".to_string())
    }
}
