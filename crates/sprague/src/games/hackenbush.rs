//! Blue-Red-Green Hackenbush (Winning Ways, ch. 1–2, 7): players chop edges of
//! a picture standing on the ground; edges cut off from the ground vanish.

// Its own file beside this one (a game is one file to the build script).
#[path = "hackenbush/blue_red.rs"]
mod blue_red;

use crate::registry::Partizan;
use crate::{
    notation::{Notation, ParseError},
    partizan::{Dyadic, NumberSearch, PartizanRules},
    union_find::UnionFind,
};

/// The colour of a Hackenbush edge.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum HackenbushColour {
    /// Only Left may chop it.
    Blue,
    /// Only Right may chop it.
    Red,
    /// Either player may chop it.
    Green,
}

impl HackenbushColour {
    /// The one-letter name: `B`, `R` or `G`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            HackenbushColour::Blue => 'B',
            HackenbushColour::Red => 'R',
            HackenbushColour::Green => 'G',
        }
    }

    const fn swapped(self) -> HackenbushColour {
        match self {
            HackenbushColour::Blue => HackenbushColour::Red,
            HackenbushColour::Red => HackenbushColour::Blue,
            HackenbushColour::Green => HackenbushColour::Green,
        }
    }

    fn from_letter(c: char) -> Option<HackenbushColour> {
        match c.to_ascii_uppercase() {
            'B' => Some(HackenbushColour::Blue),
            'R' => Some(HackenbushColour::Red),
            'G' => Some(HackenbushColour::Green),
            _ => None,
        }
    }
}

/// An edge between two vertices (vertex 0 is the ground); `u <= v`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct HackenbushEdge {
    /// One end (the smaller label).
    pub u: u32,
    /// The other end.
    pub v: u32,
    /// Who may chop it.
    pub colour: HackenbushColour,
}

/// A Hackenbush picture: edges between vertices numbered from 0, the ground.
///
/// Every edge is connected to the ground (edges cut off vanish), vertices are
/// numbered in depth-first order from the ground, and edges are sorted, so
/// equal pictures drawn the same way compare equal.
#[derive(Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, Default)]
pub struct HackenbushGraph {
    edges: Vec<HackenbushEdge>,
}

impl HackenbushGraph {
    /// The picture with these edges, as `(u, v, colour)`: edges not connected to
    /// the ground vertex 0 are dropped and vertices renumbered.
    #[must_use]
    pub fn from_edges(edges: &[(u32, u32, HackenbushColour)]) -> Self {
        let list: Vec<HackenbushEdge> = edges
            .iter()
            .map(|&(u, v, colour)| HackenbushEdge {
                u: u.min(v),
                v: u.max(v),
                colour,
            })
            .collect();
        normalise(&list, usize::MAX)
    }

    /// Stalks standing on the ground, each listed from the ground up.
    #[must_use]
    pub fn stalks(stalks: &[Vec<HackenbushColour>]) -> Self {
        let mut edges = Vec::new();
        let mut next = 1u32;
        for stalk in stalks {
            let mut below = 0u32;
            for &colour in stalk {
                edges.push((below, next, colour));
                below = next;
                next += 1;
            }
        }
        Self::from_edges(&edges)
    }

    /// The edges, sorted.
    #[must_use]
    pub fn edges(&self) -> &[HackenbushEdge] {
        &self.edges
    }

    /// The picture with Blue and Red exchanged (the negative).
    #[must_use]
    pub fn conjugate(&self) -> Self {
        let mut edges: Vec<HackenbushEdge> = self
            .edges
            .iter()
            .map(|e| HackenbushEdge {
                colour: e.colour.swapped(),
                ..*e
            })
            .collect();
        edges.sort_unstable();
        HackenbushGraph { edges }
    }

    /// The stalks of the picture, from the ground up, if every component is a
    /// stalk numbered consecutively (as [`stalks`](HackenbushGraph::stalks) makes them).
    fn as_stalks(&self) -> Option<Vec<Vec<HackenbushColour>>> {
        // Numbered depth-first, vertex k's edge down is the k-th by upper end,
        // and hangs from the ground or from vertex k - 1.
        let mut by_top = self.edges.clone();
        by_top.sort_unstable_by_key(|e| (e.v, e.u));
        let mut out: Vec<Vec<HackenbushColour>> = Vec::new();
        for (k, e) in by_top.iter().enumerate() {
            let top = k as u32 + 1;
            if e.v != top {
                return None;
            }
            if e.u == 0 {
                out.push(vec![e.colour]);
            } else if e.u == top - 1 {
                out.last_mut()?.push(e.colour);
            } else {
                return None;
            }
        }
        Some(out)
    }
}

/// Drops edges cut off from the ground and the edge at `skip`, renumbers the
/// vertices depth-first from the ground, sorts the edges.
fn normalise(edges: &[HackenbushEdge], skip: usize) -> HackenbushGraph {
    renumbered(edges, skip, None)
}

/// [`normalise`], with the index in `edges` of each edge of the result.
fn normalise_tracked(edges: &[HackenbushEdge], skip: usize) -> (HackenbushGraph, Vec<usize>) {
    let mut index = Vec::new();
    let g = renumbered(edges, skip, Some(&mut index));
    (g, index)
}

/// [`normalise`], writing to `index` (if given) where each edge of the
/// result comes from.
fn renumbered(edges: &[HackenbushEdge], skip: usize, index: Option<&mut Vec<usize>>) -> HackenbushGraph {
    let max_v = edges.iter().map(|e| e.v as usize).max().unwrap_or(0);
    let mut adj: Vec<Vec<usize>> = vec![Vec::new(); max_v + 1];
    for (k, e) in edges.iter().enumerate() {
        if k != skip {
            adj[e.u as usize].push(k);
            if e.v != e.u {
                adj[e.v as usize].push(k);
            }
        }
    }
    // Depth-first numbering, so that each stalk gets consecutive numbers.
    let mut label = vec![u32::MAX; max_v + 1];
    let mut stack = vec![0usize];
    let mut next = 0u32;
    while let Some(x) = stack.pop() {
        if label[x] != u32::MAX {
            continue;
        }
        label[x] = next;
        next += 1;
        for &k in adj[x].iter().rev() {
            let e = edges[k];
            let y = if e.u as usize == x {
                e.v as usize
            } else {
                e.u as usize
            };
            if label[y] == u32::MAX {
                stack.push(y);
            }
        }
    }
    let kept: Vec<usize> = (0..edges.len())
        .filter(|&k| k != skip && label[edges[k].u as usize] != u32::MAX)
        .collect();
    let relabel = |k: usize| {
        let e = edges[k];
        let (a, b) = (label[e.u as usize], label[e.v as usize]);
        HackenbushEdge {
            u: a.min(b),
            v: a.max(b),
            colour: e.colour,
        }
    };
    let Some(index) = index else {
        let mut out: Vec<HackenbushEdge> = kept.into_iter().map(relabel).collect();
        out.sort_unstable();
        return HackenbushGraph { edges: out };
    };
    // Equal edges are interchangeable: ordering them by origin is as good.
    let mut out: Vec<(HackenbushEdge, usize)> = kept.into_iter().map(|k| (relabel(k), k)).collect();
    out.sort_unstable();
    index.clear();
    index.extend(out.iter().map(|&(_, k)| k));
    HackenbushGraph {
        edges: out.into_iter().map(|(e, _)| e).collect(),
    }
}

/// The Blue-Red-Green Hackenbush ruleset: Left chops a blue or green edge,
/// Right a red or green one; every edge no longer connected to the ground
/// disappears.
///
/// Components are the pieces that meet only at the ground. The
/// transposition key is the lesser of the picture and its conjugate (Blue and
/// Red exchanged, value negated). The value of a Blue-Red stalk follows the
/// sign-expansion rule; green stalks are nimbers.
///
/// ```
/// use sprague::{Notation, PartizanRules, games::Hackenbush};
/// let stalk = Hackenbush.parse_position("BR").unwrap();
/// let mut left = Vec::new();
/// Hackenbush.left_moves(&stalk, &mut left);
/// assert_eq!(Hackenbush.format_position(&left[0]), "0"); // chopping the blue edge drops both
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Hackenbush;

impl Hackenbush {
    fn chops(p: &HackenbushGraph, allowed: HackenbushColour, out: &mut Vec<HackenbushGraph>) {
        for (k, e) in p.edges.iter().enumerate() {
            if (e.colour == allowed || e.colour == HackenbushColour::Green)
                && (k == 0 || p.edges[k - 1] != *e)
            {
                out.push(normalise(&p.edges, k));
            }
        }
    }
}

impl PartizanRules for Hackenbush {
    type Position = HackenbushGraph;

    fn left_moves(&self, p: &HackenbushGraph, out: &mut Vec<HackenbushGraph>) {
        Self::chops(p, HackenbushColour::Blue, out);
    }

    fn right_moves(&self, p: &HackenbushGraph, out: &mut Vec<HackenbushGraph>) {
        Self::chops(p, HackenbushColour::Red, out);
    }

    fn decompose(&self, p: &HackenbushGraph, out: &mut Vec<HackenbushGraph>) -> bool {
        let n = p.edges.iter().map(|e| e.v as usize).max().unwrap_or(0) + 1;
        let mut sets = UnionFind::new(n);
        for e in &p.edges {
            if e.u != 0 {
                sets.union(e.u as usize, e.v as usize);
            }
        }
        // Group edges by the root of their non-ground end; ground loops stand alone.
        let mut groups: Vec<(usize, Vec<HackenbushEdge>)> = Vec::new();
        let mut loops = Vec::new();
        for e in &p.edges {
            if e.v == 0 {
                loops.push(*e);
                continue;
            }
            let r = sets.find(e.v as usize);
            match groups.iter_mut().find(|(root, _)| *root == r) {
                Some((_, g)) => g.push(*e),
                None => groups.push((r, vec![*e])),
            }
        }
        if groups.len() + loops.len() <= 1 {
            return false;
        }
        out.extend(groups.into_iter().map(|(_, g)| normalise(&g, usize::MAX)));
        out.extend(loops.into_iter().map(|e| HackenbushGraph { edges: vec![e] }));
        true
    }

    fn canonical_key(&self, p: &HackenbushGraph) -> (HackenbushGraph, bool) {
        let c = p.conjugate();
        if c < *p { (c, true) } else { (p.clone(), false) }
    }

    /// A single Blue-Red stalk by Berlekamp's sign-expansion rule (Winning
    /// Ways, 2nd ed., vol. 1, ch. 2): the first run of `k` edges of one
    /// colour counts `±k`, and each later edge `±1/2^j`, `j` counting from 1
    /// after the run (Blue +, Red −). O(n) for n edges.
    fn number_value(&self, p: &HackenbushGraph) -> Option<Dyadic> {
        let [stalk] = &p.as_stalks()?[..] else { return None };
        stalk_value(stalk)
    }

    /// Pictures without green edges (at most 128 edges and 128 vertices)
    /// are numbers, valued by a search over bit sets of edges instead of
    /// canonical forms (see `BlueRedSearch` in this module's source).
    fn number_search(&self) -> Option<Box<dyn NumberSearch<HackenbushGraph> + '_>> {
        Some(Box::new(blue_red::BlueRedSearch::default()))
    }
}

/// The value of a Blue-Red stalk given from the ground up (`None` if an edge
/// is green): see [`Hackenbush`]'s `number_value`. O(n).
pub fn stalk_value(stalk: &[HackenbushColour]) -> Option<Dyadic> {
    use HackenbushColour::{Blue, Green};
    if stalk.contains(&Green) {
        return None;
    }
    let Some(&first) = stalk.first() else {
        return Some(Dyadic::ZERO);
    };
    let run = stalk.iter().take_while(|&&c| c == first).count();
    let sign = |c: HackenbushColour| if c == Blue { 1i8 } else { -1 };
    let tail = &stalk[run..];
    // numerator over 2^t: the run contributes ±run·2^t, edge j of the tail
    // (from 1) ±2^(t - j).
    let t = u32::try_from(tail.len()).ok()?;
    let mut pos = num_bigint::BigUint::default();
    let mut neg = num_bigint::BigUint::default();
    for (j, &c) in tail.iter().enumerate() {
        let bit = u64::from(t) - 1 - j as u64;
        if sign(c) > 0 {
            pos.set_bit(bit, true);
        } else {
            neg.set_bit(bit, true);
        }
    }
    let whole = num_bigint::BigUint::from(run) << t;
    if sign(first) > 0 {
        pos += whole;
    } else {
        neg += whole;
    }
    let num = num_bigint::BigInt::from(pos) - num_bigint::BigInt::from(neg);
    Some(Dyadic::from_big(num, t))
}

impl Notation<HackenbushGraph> for Hackenbush {
    fn parse_position(&self, text: &str) -> Result<HackenbushGraph, ParseError> {
        let words = words(text);
        if words.is_empty() {
            return Err(ParseError::new(
                "expected stalks such as `BBRG` or edges such as `0-1:B 1-2:R`",
                1,
                "",
            ));
        }
        if words.iter().any(|(_, w)| w.contains(['-', ':'])) {
            if let Some(&(c, stalk)) = words.iter().find(|(_, w)| !w.contains(['-', ':'])) {
                return Err(ParseError::new(
                    "write either stalks (`BR G`) or an edge list (`0-1:B 1-2:R`), not both",
                    c,
                    stalk,
                ));
            }
            parse_edges(&words)
        } else {
            let mut stalks = Vec::new();
            for (column, w) in words {
                if w == "0" {
                    continue; // the empty picture
                }
                let mut stalk = Vec::new();
                for (i, c) in w.chars().enumerate() {
                    stalk.push(HackenbushColour::from_letter(c).ok_or_else(|| {
                        ParseError::new(
                            "unknown edge colour; expected `B` (blue), `R` (red) or `G` (green)",
                            column + i,
                            c.to_string(),
                        )
                    })?);
                }
                stalks.push(stalk);
            }
            Ok(HackenbushGraph::stalks(&stalks))
        }
    }

    fn format_position(&self, p: &HackenbushGraph) -> String {
        if p.edges.is_empty() {
            return "0".to_string();
        }
        if let Some(stalks) = p.as_stalks() {
            let words: Vec<String> = stalks
                .iter()
                .map(|s| s.iter().map(|c| c.letter()).collect())
                .collect();
            return words.join(" ");
        }
        let words: Vec<String> = p
            .edges
            .iter()
            .map(|e| format!("{}-{}:{}", e.u, e.v, e.colour.letter()))
            .collect();
        words.join(" ")
    }

    fn describe_move(&self, from: &HackenbushGraph, to: &HackenbushGraph) -> String {
        let gone = from.edges.len().saturating_sub(to.edges.len());
        let count =
            |g: &HackenbushGraph, c: HackenbushColour| g.edges.iter().filter(|e| e.colour == c).count();
        let lost: Vec<String> = [
            HackenbushColour::Blue,
            HackenbushColour::Red,
            HackenbushColour::Green,
        ]
        .into_iter()
        .filter_map(|c| {
            let k = count(from, c).saturating_sub(count(to, c));
            (k > 0).then(|| format!("{k}{}", c.letter()))
        })
        .collect();
        let verb = if gone == 1 { "edge falls" } else { "edges fall" };
        format!("chop: {gone} {verb} ({})", lost.join(" "))
    }
}

use crate::notation::tokens_with_columns as words;

fn parse_edges(words: &[(usize, &str)]) -> Result<HackenbushGraph, ParseError> {
    let mut edges = Vec::new();
    for &(column, w) in words {
        let bad = || {
            ParseError::new(
                "expected an edge `U-V:C` (vertices from 0, the ground; colour B, R or G)",
                column,
                w,
            )
        };
        let (ends, colour) = w.split_once(':').ok_or_else(bad)?;
        let (u, v) = ends.split_once('-').ok_or_else(bad)?;
        let mut colours = colour.chars();
        let colour = match (colours.next(), colours.next()) {
            (Some(c), None) => HackenbushColour::from_letter(c).ok_or_else(|| {
                ParseError::new(
                    "unknown edge colour; expected `B` (blue), `R` (red) or `G` (green)",
                    column + ends.chars().count() + 1,
                    c.to_string(),
                )
            })?,
            _ => return Err(bad()),
        };
        let vertex = |s: &str, offset: usize| {
            s.parse::<u32>()
                .ok()
                .filter(|&x| x < 1_000_000)
                .ok_or_else(|| ParseError::new("expected a vertex number below 1000000", column + offset, s))
        };
        let a = vertex(u, 0)?;
        let b = vertex(v, u.chars().count() + 1)?;
        edges.push((a, b, colour));
    }
    // Vertex numbers are only names (0 is the ground): numbers may skip
    // values, and edges with no path to the ground fall at once, as the rules
    // say of every edge cut off from the ground — so they are dropped, and a
    // picture with no edge on the ground is the empty picture, of value 0.
    Ok(HackenbushGraph::from_edges(&edges))
}

// The game's knowledge beyond its rules and notation: none yet (its drawing
// comes from its notation, by name, in `play::board`).
impl crate::definition::Definition<HackenbushGraph> for Hackenbush {}

/// The catalog entry.
pub(crate) const ENTRIES: &[crate::registry::Entry] = &[crate::registry::Entry {
    name: "hackenbush",
    params: "",
    family: crate::registry::Family::Partizan,
    summary: "Blue-Red-Green Hackenbush: Left chops blue or green edges, Right red or green; edges cut off from the ground vanish",
    notation: "stalks from the ground up separated by spaces (`BBRG GR`), or edges `U-V:C` with vertex 0 the ground (`0-1:B 1-2:R 2-0:G`); other vertex numbers are only names (they may skip values), and edges with no path to the ground fall at once, as the rules say",
    example: "value hackenbush BBRB",
    example2: "value hackenbush BRG --json",
    rules: "Blue-Red-Green Hackenbush: a picture of coloured edges on the ground. Left (Blue) cuts a blue or green edge, Right (Red) a red or green edge; edges no longer connected to the ground vanish. Whoever cannot move loses.",
    known: "A blue stalk of n edges is worth n and a red one −n; a blue-red stalk is a dyadic number by Berlekamp's rule (read from the ground, the edges up to the first change of colour count whole, and each later edge half the one before with its colour's sign: BBRB is 7/4); green edges are nimbers (Winning Ways, 2nd ed., vol. 1: Blue-Red Hackenbush ch. 1, Hackenbush Hotchpotch ch. 2, Berlekamp's rule ch. 3).",
    build: Partizan::<Hackenbush>::build,
}];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{outcome::Outcome, partizan::outcome_by_minimax};

    fn pic(s: &str) -> HackenbushGraph {
        Hackenbush.parse_position(s).unwrap()
    }

    #[test]
    fn notation_round_trips() {
        for s in ["BBRG", "BR G", "0-1:B 0-2:R 1-2:G", "0-1:B 1-1:R"] {
            let p = pic(s);
            assert_eq!(pic(&Hackenbush.format_position(&p)), p, "{s}");
        }
        assert_eq!(Hackenbush.format_position(&pic("0-1:B 1-2:R")), "BR");
        // Edges cut off from the ground vanish.
        assert_eq!(Hackenbush.format_position(&pic("0-1:B 2-3:R 3-2:G")), "B");
        // Vertex numbers are names: skipping numbers changes nothing, and a
        // picture with no edge on the ground is empty.
        assert_eq!(pic("0-5:B 5-9:R"), pic("0-1:B 1-2:R"));
        assert_eq!(pic("3-4:B 4-7:G"), HackenbushGraph::default());
    }

    #[test]
    fn random_pictures_round_trip() {
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        let mut next = |n: u64| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % n
        };
        for _ in 0..300 {
            let mut vertices = 1;
            let mut edges = Vec::new();
            for _ in 0..1 + next(7) {
                let u = next(vertices) as u32;
                let v = if next(3) == 0 {
                    next(vertices) as u32
                } else {
                    vertices as u32
                };
                if u64::from(v) == vertices {
                    vertices += 1;
                }
                edges.push((
                    u,
                    v,
                    [
                        HackenbushColour::Blue,
                        HackenbushColour::Red,
                        HackenbushColour::Green,
                    ][next(3) as usize],
                ));
            }
            let p = HackenbushGraph::from_edges(&edges);
            let text = Hackenbush.format_position(&p);
            assert_eq!(pic(&text), p, "{text}");
            let mut options = Vec::new();
            Hackenbush.left_moves(&p, &mut options);
            Hackenbush.right_moves(&p, &mut options);
            for o in options {
                assert_eq!(pic(&Hackenbush.format_position(&o)), o);
            }
        }
    }

    #[test]
    fn errors_have_columns() {
        assert_eq!(Hackenbush.parse_position("BBX").unwrap_err().column, 3);
        let e = Hackenbush.parse_position("0-1:B 1-x:R").unwrap_err();
        assert_eq!((e.column, e.token.as_str()), (9, "x"));
        assert_eq!(Hackenbush.parse_position("0-1:B 1-2:Q").unwrap_err().column, 11);
        assert_eq!(Hackenbush.parse_position("0-1").unwrap_err().column, 1);
    }

    #[test]
    fn chopping_drops_what_hangs_above() {
        let mut l = Vec::new();
        Hackenbush.left_moves(&pic("BRB"), &mut l);
        let got: Vec<String> = l.iter().map(|p| Hackenbush.format_position(p)).collect();
        assert_eq!(got, vec!["0", "BR"]);
        let mut r = Vec::new();
        Hackenbush.right_moves(&pic("BRB"), &mut r);
        assert_eq!(Hackenbush.format_position(&r[0]), "B");
        // A cycle: chopping one edge of a triangle on the ground keeps the rest.
        let mut l = Vec::new();
        Hackenbush.left_moves(&pic("0-1:B 1-2:B 2-0:B"), &mut l);
        assert_eq!(l.len(), 3);
        assert!(l.iter().all(|p| p.edges().len() == 2));
    }

    #[test]
    fn decomposition_and_conjugates() {
        let p = pic("0-1:B 1-2:R 0-3:G 0-0:R");
        let mut parts = Vec::new();
        assert!(Hackenbush.decompose(&pic("BR G"), &mut parts));
        assert_eq!(parts.len(), 2);
        assert!(!Hackenbush.decompose(&parts[0], &mut Vec::new()));
        assert_eq!(p.edges().len(), 4);
        // The outcome of a picture flips when its colours are exchanged.
        for s in ["BR", "BBR", "RRB G", "0-1:B 1-2:R 2-0:G"] {
            let a = outcome_by_minimax(&Hackenbush, &pic(s));
            let b = outcome_by_minimax(&Hackenbush, &pic(s).conjugate());
            let flipped = match a {
                Outcome::L => Outcome::R,
                Outcome::R => Outcome::L,
                x => x,
            };
            assert_eq!(b, flipped, "{s}");
        }
    }
}

#[cfg(test)]
mod stalk_tests {
    use super::*;
    use crate::partizan::PartizanSolver;
    use proptest::prelude::*;

    /// Hackenbush without the stalk rule and without the Blue-Red number
    /// search: every value by canonical forms (the reference of both).
    pub(super) struct Searched;

    impl PartizanRules for Searched {
        type Position = HackenbushGraph;
        fn left_moves(&self, p: &HackenbushGraph, out: &mut Vec<HackenbushGraph>) {
            Hackenbush.left_moves(p, out);
        }
        fn right_moves(&self, p: &HackenbushGraph, out: &mut Vec<HackenbushGraph>) {
            Hackenbush.right_moves(p, out);
        }
        fn decompose(&self, p: &HackenbushGraph, out: &mut Vec<HackenbushGraph>) -> bool {
            Hackenbush.decompose(p, out)
        }
        fn canonical_key(&self, p: &HackenbushGraph) -> (HackenbushGraph, bool) {
            Hackenbush.canonical_key(p)
        }
    }

    fn colours(s: &str) -> Vec<HackenbushColour> {
        s.chars().filter_map(HackenbushColour::from_letter).collect()
    }

    #[test]
    fn published_stalk_values() {
        // Winning Ways, 2nd ed., vol. 1, ch. 2: BR = 1/2, BRR = 1/4, BRB = 3/4,
        // BBR = 3/2, RBB = -1/4; a green edge has no number value.
        for (s, num, exp) in [
            ("BR", 1, 1),
            ("BRR", 1, 2),
            ("BRB", 3, 2),
            ("BBR", 3, 1),
            ("RBB", -1, 2),
            ("", 0, 0),
        ] {
            assert_eq!(stalk_value(&colours(s)), Some(Dyadic::new(num, exp)), "{s}");
        }
        assert_eq!(stalk_value(&colours("BG")), None);
    }

    #[test]
    fn a_long_stalk_is_valued_at_once() {
        // 20,000 alternating edges: 1 - 1/2 + 1/4 - … = 2/3 to within 2^-19999.
        let stalk: Vec<HackenbushColour> = (0..20_000)
            .map(|i| {
                if i % 2 == 0 {
                    HackenbushColour::Blue
                } else {
                    HackenbushColour::Red
                }
            })
            .collect();
        let p = HackenbushGraph::stalks(&[stalk]);
        let mut solver = PartizanSolver::with_max_states(&Hackenbush, 10);
        let g = solver.value(&p).unwrap();
        let x = solver.store_mut().as_number(g).cloned().unwrap();
        let (lo, hi) = (Dyadic::new(682, 10), Dyadic::new(683, 10));
        assert!(lo < x && x < hi, "{x}");
    }

    proptest! {
        #[test]
        fn stalk_rule_matches_search(stalks in proptest::collection::vec(
            proptest::collection::vec(prop_oneof![Just(HackenbushColour::Blue), Just(HackenbushColour::Red), Just(HackenbushColour::Green)], 0..7), 1..3)) {
            let p = HackenbushGraph::stalks(&stalks);
            let mut fast = PartizanSolver::new(&Hackenbush);
            let mut slow = PartizanSolver::new(&Searched);
            let a = fast.value(&p).unwrap();
            let b = slow.value(&p).unwrap();
            // The same canonical form (options may be listed in another order).
            let shown = fast.store_mut().display(a);
            prop_assert_eq!(slow.store_mut().parse(&shown).unwrap(), b, "{}", shown);
            for s in &stalks {
                if let Some(x) = stalk_value(s) {
                    let one = HackenbushGraph::stalks(std::slice::from_ref(s));
                    let g = slow.value(&one).unwrap();
                    prop_assert_eq!(slow.store_mut().as_number(g), Some(&x));
                }
            }
        }
    }
}
