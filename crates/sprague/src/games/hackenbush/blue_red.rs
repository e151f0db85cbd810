//! The value of a Blue-Red Hackenbush picture by a search over numbers.
//!
//! A picture with only blue and red edges is a number (Winning Ways, 2nd ed.,
//! vol. 1, ch. 1: every Blue-Red Hackenbush position is a number), so its
//! value is the simplest number strictly between the greatest value of
//! Left's options and the least of Right's, and no canonical form needs to
//! be built. A position is a bit set of the edges of one picture still
//! standing (at most 128 edges on at most 128 vertices), split into the
//! pieces that meet only at the ground (their values add); each piece is
//! memoised by its bit set. See [`BlueRedSearch`].

use super::{Hackenbush, HackenbushColour, HackenbushEdge, HackenbushGraph, normalise, normalise_tracked};
use crate::monitor::{Monitor, SearchError};
use crate::partizan::{Dyadic, NumberSearch, PartizanRules};
use crate::search_limits::SearchLimits;
use rustc_hash::FxHashMap;

/// The most edges (and vertices) a picture may have for [`BlueRedSearch`].
pub const MAX_EDGES: usize = 128;

/// One picture's edges as bits: the positions of the search are subsets.
struct Picture {
    /// Per edge, the bits of its two ends (one bit for a loop).
    ends: Vec<u128>,
    /// Per vertex, the bits of the edges at it.
    at: Vec<u128>,
    /// The blue edges (the others are red).
    blue: u128,
    /// The loops at the ground (each a piece of its own).
    ground_loops: u128,
    /// Per edge, the earlier edges with the same ends and colour (chopping
    /// either leaves the same picture).
    twins: Vec<u128>,
}

impl Picture {
    /// The bits of `p`, or `None` when it has a green edge or is too large.
    fn new(p: &HackenbushGraph) -> Option<Picture> {
        let edges = p.edges();
        let vertices = edges.iter().map(|e| e.v as usize + 1).max().unwrap_or(1);
        if edges.len() > MAX_EDGES || vertices > MAX_EDGES {
            return None;
        }
        let mut pic = Picture {
            ends: Vec::with_capacity(edges.len()),
            at: vec![0; vertices],
            blue: 0,
            ground_loops: 0,
            twins: Vec::with_capacity(edges.len()),
        };
        for (k, e) in edges.iter().enumerate() {
            let bit = 1u128 << k;
            match e.colour {
                HackenbushColour::Blue => pic.blue |= bit,
                HackenbushColour::Red => {}
                HackenbushColour::Green => return None,
            }
            pic.ends.push((1u128 << e.u) | (1u128 << e.v));
            pic.at[e.u as usize] |= bit;
            pic.at[e.v as usize] |= bit;
            if e.v == 0 {
                pic.ground_loops |= bit;
            }
            let twins = edges[..k]
                .iter()
                .enumerate()
                .filter(|(_, f)| *f == e)
                .fold(0u128, |m, (j, _)| m | (1u128 << j));
            pic.twins.push(twins);
        }
        Some(pic)
    }

    /// Every edge of the picture.
    fn all(&self) -> u128 {
        if self.ends.len() == 128 {
            u128::MAX
        } else {
            (1u128 << self.ends.len()) - 1
        }
    }

    /// Appends to `out` the pieces of the edges `alive` that are still
    /// connected to the ground, each the edges of one piece meeting the
    /// others only at the ground; edges with no path to the ground are left
    /// out (they fall). O(edges + vertices) bit operations.
    fn split(&self, alive: u128, out: &mut Vec<u128>) {
        let mut loops = alive & self.ground_loops;
        while loops != 0 {
            out.push(loops & loops.wrapping_neg());
            loops &= loops - 1;
        }
        let mut rest = self.at[0] & alive & !self.ground_loops;
        while rest != 0 {
            let first = rest.trailing_zeros() as usize;
            // Flood from the first edge's upper end, never through the ground.
            let mut reached = self.ends[first] & !1;
            let mut done = 0u128;
            let mut piece = 0u128;
            while reached & !done != 0 {
                let mut fresh = reached & !done;
                done |= fresh;
                let mut edges = 0u128;
                while fresh != 0 {
                    edges |= self.at[fresh.trailing_zeros() as usize];
                    fresh &= fresh - 1;
                }
                edges &= alive & !piece;
                piece |= edges;
                while edges != 0 {
                    reached |= self.ends[edges.trailing_zeros() as usize];
                    edges &= edges - 1;
                }
                reached &= !1;
            }
            out.push(piece);
            rest &= !piece;
        }
    }
}

/// Why a search of one picture stopped.
enum Stop {
    /// The budget or the monitor.
    Search(SearchError),
    /// Some Left option was not below every Right option: not a number
    /// (never for a Blue-Red picture; the general search then takes over).
    NotNumber,
}

impl<E: Into<SearchError>> From<E> for Stop {
    fn from(e: E) -> Self {
        Stop::Search(e.into())
    }
}

/// The search of one picture: its bits, the memo of its pieces, and the
/// scratch stack of the pieces of the options being valued.
struct Walk<'a, 'm> {
    pic: &'a Picture,
    memo: &'a mut FxHashMap<u128, Dyadic>,
    pieces: &'a mut Vec<u128>,
    /// States held outside the memo, in the same budget.
    held: usize,
    limits: &'a mut SearchLimits<'m>,
}

impl Walk<'_, '_> {
    /// The value of the edges `alive` (those cut off fall): the sum of its
    /// pieces' values. `depth` counts the positions above on the path.
    fn sum(&mut self, alive: u128, depth: usize) -> Result<Dyadic, Stop> {
        let start = self.pieces.len();
        self.pic.split(alive, self.pieces);
        let end = self.pieces.len();
        let mut total = Dyadic::ZERO;
        for i in start..end {
            let v = self.piece(self.pieces[i], depth)?;
            total = total.add(&v);
        }
        self.pieces.truncate(start);
        Ok(total)
    }

    /// The value of one piece (meeting the ground, connected above it).
    fn piece(&mut self, p: u128, depth: usize) -> Result<Dyadic, Stop> {
        if let Some(v) = self.known(p) {
            return Ok(v);
        }
        self.limits.descended()?;
        let (mut left, mut right): (Option<Dyadic>, Option<Dyadic>) = (None, None);
        let mut rest = p;
        while rest != 0 {
            let k = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if p & self.pic.twins[k] != 0 {
                continue; // an equal edge was chopped already: the same option
            }
            let v = self.sum(p & !(1u128 << k), depth + 1)?;
            if self.pic.blue >> k & 1 == 1 {
                if left.as_ref().is_none_or(|l| v > *l) {
                    left = Some(v);
                }
            } else if right.as_ref().is_none_or(|r| v < *r) {
                right = Some(v);
            }
        }
        let v = Dyadic::simplest_between(left.as_ref(), right.as_ref()).ok_or(Stop::NotNumber)?;
        self.limits.reached(self.held + self.memo.len() + depth)?;
        self.memo.insert(p, v.clone());
        self.limits.ticker.tick()?;
        Ok(v)
    }

    /// The value of piece `p` without a search: by its colour if it has one
    /// colour, else from the memo.
    fn known(&self, p: u128) -> Option<Dyadic> {
        known_value(self.pic, self.memo, p)
    }
}

/// Blue-Red Hackenbush pictures valued as numbers: the [`NumberSearch`] of
/// [`Hackenbush`], which a [`PartizanSolver`](crate::PartizanSolver) asks
/// before building canonical forms.
///
/// A component asked for is looked up among the pictures already valued
/// (the components asked for before and the components of their options,
/// written as the solver writes them, so that a solver listing winning
/// moves finds them), else it becomes the root of a new search: its edges
/// are numbered, a position is the bit set of the edges still standing, and
/// pieces meeting only at the ground are memoised separately. A piece of one
/// colour is worth its number of edges with its colour's sign (Left can
/// always chop a blue edge whose loss drops no other: one off a spanning
/// tree, or a leaf of it; so each chop costs exactly one edge); any other
/// piece is the simplest number strictly between its best Left option and
/// its best Right option ([`Dyadic::simplest_between`]).
///
/// The recursion is as deep as the picture has edges (at most
/// [`MAX_EDGES`]). It stops with the state budget once its memo, the
/// pictures it knows and the solver's own states reach it, and looks at the
/// monitor as the solvers do. A new root empties the memo of the previous
/// one (its pictures stay known).
///
/// Complexity: O(Σ over memoised pieces p of edges(p) · (edges + vertices))
/// bit operations and hash look-ups.
#[derive(Default)]
pub(crate) struct BlueRedSearch {
    /// Components (as the solver's representatives) with their values.
    known: FxHashMap<HackenbushGraph, Dyadic>,
    /// Pieces of the current root (bit sets) with their values.
    memo: FxHashMap<u128, Dyadic>,
    /// Bit sets of the pieces of options (scratch, a stack of lists).
    pieces: Vec<u128>,
}

impl BlueRedSearch {
    /// Values the root `key` (a picture without green edges, `pic` its
    /// bits) and records it and the components of its options in `known`.
    fn search_root(
        &mut self,
        key: &HackenbushGraph,
        pic: &Picture,
        limits: &mut SearchLimits<'_>,
        elsewhere: usize,
    ) -> Result<Option<Dyadic>, SearchError> {
        self.memo.clear();
        self.pieces.clear();
        let mut walk = Walk {
            pic,
            memo: &mut self.memo,
            pieces: &mut self.pieces,
            held: elsewhere + self.known.len(),
            limits,
        };
        let value = match walk.sum(pic.all(), 0) {
            Ok(v) => v,
            Err(Stop::NotNumber) => return Ok(None),
            Err(Stop::Search(e)) => return Err(e),
        };
        self.remember_options(key, pic);
        self.known.insert(key.clone(), value.clone());
        Ok(Some(value))
    }

    /// Records in `known` the components of every option of the root `key`
    /// (bits `pic`) as the solver writes them: each option as
    /// [`Hackenbush`]'s moves write it, split as its `decompose` splits it,
    /// each component under its representative (`canonical_key`). Their
    /// values are in the memo (or known by colour) after the root's search.
    /// O(edges² log edges).
    fn remember_options(&mut self, key: &HackenbushGraph, pic: &Picture) {
        let all = pic.all();
        let mut found: Vec<(HackenbushGraph, Dyadic)> = Vec::new();
        let mut pieces = Vec::new();
        for k in 0..pic.ends.len() {
            if all & pic.twins[k] != 0 {
                continue; // the same option as its earlier twin
            }
            let (option, index) = normalise_tracked(&key.edges, k);
            pieces.clear();
            pic.split(all & !(1u128 << k), &mut pieces);
            let value = |p: u128| known_value(pic, &self.memo, p);
            if pieces.len() <= 1 {
                // One component (or none): the option itself.
                let sum = pieces
                    .iter()
                    .try_fold(Dyadic::ZERO, |t, &p| Some(t.add(&value(p)?)));
                if let Some(v) = sum {
                    found.push((option, v));
                }
                continue;
            }
            for &p in &pieces {
                let Some(v) = value(p) else { continue };
                let group: Vec<HackenbushEdge> = option
                    .edges
                    .iter()
                    .zip(&index)
                    .filter(|&(_, &i)| p >> i & 1 == 1)
                    .map(|(e, _)| *e)
                    .collect();
                let component = if p & pic.ground_loops != 0 {
                    HackenbushGraph { edges: group }
                } else {
                    normalise(&group, usize::MAX)
                };
                found.push((component, v));
            }
        }
        for (g, v) in found {
            let (representative, conjugate) = Hackenbush.canonical_key(&g);
            self.known
                .insert(representative, if conjugate { v.neg() } else { v });
        }
    }
}

/// The value of piece `p` of `pic` without a search: by its colour if it
/// has one colour, else from `memo`.
fn known_value(pic: &Picture, memo: &FxHashMap<u128, Dyadic>, p: u128) -> Option<Dyadic> {
    let edges = i64::from(p.count_ones());
    if p & !pic.blue == 0 {
        Some(Dyadic::integer(edges))
    } else if p & pic.blue == 0 {
        Some(Dyadic::integer(-edges))
    } else {
        memo.get(&p).cloned()
    }
}

impl NumberSearch<HackenbushGraph> for BlueRedSearch {
    fn value(
        &mut self,
        component: &HackenbushGraph,
        max_states: usize,
        elsewhere: usize,
        monitor: Option<&Monitor>,
    ) -> Result<Option<Dyadic>, SearchError> {
        if component
            .edges()
            .iter()
            .any(|e| e.colour == HackenbushColour::Green)
        {
            return Ok(None);
        }
        if let Some(v) = self.known.get(component) {
            return Ok(Some(v.clone()));
        }
        let Some(pic) = Picture::new(component) else {
            return Ok(None);
        };
        let mut limits = SearchLimits::new(max_states);
        if let Some(m) = monitor {
            limits.set_monitor(m);
        }
        let result = self.search_root(component, &pic, &mut limits, elsewhere);
        limits.finish(result)
    }

    fn states(&self) -> usize {
        self.known.len() + self.memo.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::monitor::Monitor;
    use crate::notation::Notation;
    use crate::partizan::PartizanSolver;
    use proptest::prelude::*;

    /// Hackenbush by canonical forms only: no stalk rule, no number search.
    use super::super::stalk_tests::Searched as General;

    fn searched(p: &HackenbushGraph) -> Option<Dyadic> {
        BlueRedSearch::default().value(p, usize::MAX, 0, None).unwrap()
    }

    fn pic(s: &str) -> HackenbushGraph {
        Hackenbush.parse_position(s).unwrap()
    }

    #[test]
    fn published_values() {
        // Winning Ways, 2nd ed., vol. 1, ch. 1–2: a blue edge is 1, a red
        // one −1, the stalk BR 1/2, BRR 1/4, BBR 3/2; ch. 1: a picture of
        // blue edges only is worth its number of edges.
        for (s, num, exp) in [
            ("B", 1, 0),
            ("R", -1, 0),
            ("BR", 1, 1),
            ("BRR", 1, 2),
            ("BBR", 3, 1),
            ("0-1:B 1-2:B 2-0:B 1-1:B", 4, 0),
            ("0", 0, 0),
        ] {
            assert_eq!(searched(&pic(s)), Some(Dyadic::new(num, exp)), "{s}");
        }
        // Green edges are left to the general search.
        assert_eq!(searched(&pic("BG")), None);
    }

    /// A picture of many blue-red triangles in a chain: far too many
    /// positions for a small budget.
    fn hostile() -> HackenbushGraph {
        let mut edges = Vec::new();
        for k in 0..40u32 {
            let colour = if k % 3 == 0 {
                HackenbushColour::Blue
            } else {
                HackenbushColour::Red
            };
            edges.push((k, k + 1, colour));
            edges.push((0, k + 1, colour.swapped()));
        }
        HackenbushGraph::from_edges(&edges)
    }

    #[test]
    fn a_huge_picture_stops_at_the_budget() {
        let p = hostile();
        let mut solver = PartizanSolver::with_max_states(&Hackenbush, 10_000);
        let e = solver.value(&p).unwrap_err();
        assert!(
            matches!(e, SearchError::Budget(b) if b.max_states == 10_000),
            "{e}"
        );
        assert_eq!(e.to_string(), "search stopped at its budget of 10000 states");
        assert!(solver.states() <= 10_000);
    }

    #[test]
    fn a_huge_picture_stops_when_the_monitor_asks() {
        let monitor = Monitor::new();
        monitor.stop();
        let mut solver = PartizanSolver::new(&Hackenbush).with_monitor(&monitor);
        assert!(matches!(
            solver.value(&hostile()),
            Err(SearchError::Interrupted(_))
        ));
    }

    /// Random pictures of blue and red edges among a few vertices: cycles,
    /// parallel edges and loops included.
    fn pictures() -> impl Strategy<Value = HackenbushGraph> {
        proptest::collection::vec((0u32..5, 0u32..5, any::<bool>()), 1..10).prop_map(|edges| {
            let edges: Vec<(u32, u32, HackenbushColour)> = edges
                .into_iter()
                .map(|(u, v, blue)| {
                    let colour = if blue {
                        HackenbushColour::Blue
                    } else {
                        HackenbushColour::Red
                    };
                    (u, v, colour)
                })
                .collect();
            HackenbushGraph::from_edges(&edges)
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// The number search agrees with canonical forms on the picture and
        /// on every picture it records, and the solver using it lists the
        /// same winning moves.
        #[test]
        fn number_search_matches_canonical_forms(p in pictures()) {
            let mut general = PartizanSolver::new(&General);
            let g = general.value(&p).unwrap();
            let mut search = BlueRedSearch::default();
            let x = search.value(&p, usize::MAX, 0, None).unwrap();
            prop_assert_eq!(x.as_ref(), general.store_mut().as_number(g));
            for (q, v) in &search.known {
                let h = general.value(q).unwrap();
                prop_assert_eq!(Some(v), general.store_mut().as_number(h), "{}", Hackenbush.format_position(q));
            }
            let mut fast = PartizanSolver::new(&Hackenbush);
            let f = fast.value(&p).unwrap();
            prop_assert_eq!(fast.store_mut().display(f), general.store_mut().display(g));
            prop_assert_eq!(fast.left_winning_moves(&p).unwrap(), general.left_winning_moves(&p).unwrap());
            prop_assert_eq!(fast.right_winning_moves(&p).unwrap(), general.right_winning_moves(&p).unwrap());
        }
    }
}
