//! Childish Hackenbush: Hackenbush in which a blue or red edge may be
//! chopped only when nothing else falls with it.

use super::{Hackenbush, HackenbushColour, HackenbushGraph};
use crate::definition::Definition;
use crate::notation::{Notation, ParseError};
use crate::partizan::PartizanRules;
use crate::registry::{Entry, Family, Partizan};

/// Childish Hackenbush on the pictures of [`Hackenbush`] (the same
/// notation): Left chops a blue edge and Right a red one only when every
/// other edge stays connected to the ground; either chops a green edge as
/// in Hackenbush (what it cuts off falls). Whoever cannot chop loses.
///
/// Components are the pieces that meet only at the ground (a chop in one
/// piece never makes an edge of another fall), as in Hackenbush; the key is
/// the lesser of a picture and its conjugate (Blue and Red exchanged, value
/// negated).
///
/// ```
/// use sprague::{Notation, PartizanRules, games::ChildishHackenbush};
/// // A stalk blue then red: Left may not chop the blue edge, which holds the red one.
/// let p = ChildishHackenbush.parse_position("BR").unwrap();
/// let mut left = Vec::new();
/// ChildishHackenbush.left_moves(&p, &mut left);
/// assert!(left.is_empty());
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct ChildishHackenbush;

/// Every picture after chopping an edge of colour `own` with nothing else
/// falling, or any green edge.
fn chops(p: &HackenbushGraph, own: HackenbushColour, out: &mut Vec<HackenbushGraph>) {
    let edges = p.edges();
    for (k, e) in edges.iter().enumerate() {
        if (e.colour != own && e.colour != HackenbushColour::Green) || (k > 0 && edges[k - 1] == *e) {
            continue;
        }
        let rest: Vec<(u32, u32, HackenbushColour)> = edges
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != k)
            .map(|(_, f)| (f.u, f.v, f.colour))
            .collect();
        let option = HackenbushGraph::from_edges(&rest);
        if e.colour == HackenbushColour::Green || option.edges().len() == rest.len() {
            out.push(option);
        }
    }
}

impl PartizanRules for ChildishHackenbush {
    type Position = HackenbushGraph;

    fn left_moves(&self, p: &HackenbushGraph, out: &mut Vec<HackenbushGraph>) {
        chops(p, HackenbushColour::Blue, out);
    }

    fn right_moves(&self, p: &HackenbushGraph, out: &mut Vec<HackenbushGraph>) {
        chops(p, HackenbushColour::Red, out);
    }

    fn decompose(&self, p: &HackenbushGraph, out: &mut Vec<HackenbushGraph>) -> bool {
        Hackenbush.decompose(p, out)
    }

    fn canonical_key(&self, p: &HackenbushGraph) -> (HackenbushGraph, bool) {
        Hackenbush.canonical_key(p)
    }
}

impl Notation<HackenbushGraph> for ChildishHackenbush {
    fn parse_position(&self, text: &str) -> Result<HackenbushGraph, ParseError> {
        Hackenbush.parse_position(text)
    }

    fn format_position(&self, p: &HackenbushGraph) -> String {
        Hackenbush.format_position(p)
    }

    fn describe_move(&self, from: &HackenbushGraph, to: &HackenbushGraph) -> String {
        Hackenbush.describe_move(from, to)
    }
}

impl Definition<HackenbushGraph> for ChildishHackenbush {
    /// Stalks standing on the ground, as Hackenbush's are drawn; any other
    /// picture as its pieces that meet only at the ground, one a line, each
    /// as its edges `U-V:C` over the ground line.
    fn draw(&self, p: &HackenbushGraph) -> Option<String> {
        let text = self.format_position(p);
        if let Some(stalks) = crate::play::board::stalks(&text) {
            return Some(stalks);
        }
        let mut pieces = Vec::new();
        if !Hackenbush.decompose(p, &mut pieces) {
            pieces = vec![p.clone()];
        }
        Some(crate::play::board::pieces_on_ground(
            pieces.iter().map(|piece| self.format_position(piece)),
        ))
    }
}

pub(crate) const ENTRIES: &[Entry] = &[Entry {
    name: "childish-hackenbush",
    params: "",
    family: Family::Partizan,
    summary: "Hackenbush in which Left chops a blue edge and Right a red one only when nothing else falls (green edges as in Hackenbush)",
    notation: "as Hackenbush's: stalks from the ground up separated by spaces (`BBR RB`), or edges `U-V:C` with vertex 0 the ground (`0-1:B 1-2:R 2-0:R`)",
    example: "value childish-hackenbush 0-1:R 1-2:R 2-3:B 3-0:B",
    example2: "value childish-hackenbush BBR RB --json",
    rules: "Childish Hackenbush: a picture of coloured edges on the ground, as in Hackenbush. Left (Blue) chops a blue edge and Right (Red) a red edge, but only an edge whose removal leaves every other edge connected to the ground (nothing may fall). A green edge may be chopped by either player as in Blue-Red-Green Hackenbush, and what it cuts off falls. Whoever cannot chop loses. Left is Blue, as in CGSuite (`l` there), whose ChildishHackenbush makes blue and red edges childish and leaves green ones ordinary.",
    known: "A Hackenbush variant of Winning Ways (vol. 1), defined in CGSuite as GenHackenbush with childish blue and red edges. Its values are often hot: CGSuite's tests give a cycle of six blue and four red edges through the ground {4|-2}, the tree `0-1:B 1-2:B 1-3:R 3-4:B` 2, and a red stalk of five edges whose five upper ends each hold a blue edge to one shared vertex 15/16. On a stalk only the top edge can be chopped, so `BR` is 0 (only Right may move, to 1). sprague splits a picture into its pieces that meet only at the ground and keys each by the lesser of it and its conjugate.",
    build: Partizan::<ChildishHackenbush>::build,
}];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::by_definition::{both, is};
    use crate::partizan::PartizanSolver;
    use proptest::prelude::*;

    fn picture(edges: &[(u32, u32, u8)]) -> HackenbushGraph {
        let colours = [
            HackenbushColour::Blue,
            HackenbushColour::Red,
            HackenbushColour::Green,
        ];
        let e: Vec<_> = edges
            .iter()
            .map(|&(u, v, c)| (u, v, colours[usize::from(c % 3)]))
            .collect();
        HackenbushGraph::from_edges(&e)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        #[test]
        fn values_match_the_definition_and_the_conjugate_negates(
            edges in proptest::collection::vec((0u32..5, 0u32..5, 0u8..4), 1..8),
        ) {
            // Colour code 3 is blue again: mostly blue and red pictures.
            let p = picture(&edges);
            let (fast, slow) = both(&ChildishHackenbush, &p);
            prop_assert_eq!(fast, slow, "{}", ChildishHackenbush.format_position(&p));
            let mut solver = PartizanSolver::new(&ChildishHackenbush);
            let g = solver.value(&p).unwrap();
            let c = solver.value(&p.conjugate()).unwrap();
            prop_assert_eq!(solver.store_mut().neg(g), c);
            // A blue or red chop takes exactly one edge.
            let mut options = Vec::new();
            ChildishHackenbush.left_moves(&p, &mut options);
            ChildishHackenbush.right_moves(&p, &mut options);
            let greens = p.edges().iter().filter(|e| e.colour == HackenbushColour::Green).count();
            for o in &options {
                let one_less = o.edges().len() + 1 == p.edges().len();
                prop_assert!(one_less || greens > 0, "{}", ChildishHackenbush.format_position(o));
            }
        }
    }

    #[test]
    fn published_values() {
        // CGSuite's tests (GameGraphTest.scala), in this notation: "l(l;rl)" = 2,
        // ":{ground}llllllrrrr:{ground}" (a cycle through the ground) = {4|-2},
        // "r(l:T;r(l:T;r(l:T;r(l:T;rl:T))))" = 15/16.
        assert!(is(&ChildishHackenbush, "0-1:B 1-2:B 1-3:R 3-4:B", "2"));
        let cycle = "0-1:B 1-2:B 2-3:B 3-4:B 4-5:B 5-6:B 6-7:R 7-8:R 8-9:R 9-0:R";
        assert!(is(&ChildishHackenbush, cycle, "{4|-2}"));
        let comb = "0-1:R 1-2:R 2-3:R 3-4:R 4-5:R 1-6:B 2-6:B 3-6:B 4-6:B 5-6:B";
        assert!(is(&ChildishHackenbush, comb, "15/16"));
        // By hand: only the top of a stalk can be chopped.
        for (p, v) in [
            ("B", "1"),
            ("BR", "0"),
            ("BB RR", "0"),
            ("RBB", "1"),
            ("G", "*"),
            ("BG", "1*"),
        ] {
            assert!(is(&ChildishHackenbush, p, v), "{p}");
        }
    }

    #[test]
    fn pictures_are_drawn() {
        // Stalks stand on the ground, as in Hackenbush.
        let stalks = ChildishHackenbush.parse_position("BR B").unwrap();
        let drawn = ChildishHackenbush.draw(&stalks).unwrap();
        assert_eq!(drawn.lines().next(), Some(" R"), "{drawn}");
        assert_eq!(drawn.lines().nth(1), Some(" B   B"), "{drawn}");
        // Any other picture: its pieces, one a line, over the ground.
        let p = ChildishHackenbush
            .parse_position("0-1:R 1-2:R 2-3:B 3-0:B 0-4:B 4-5:B 5-6:R 6-4:R")
            .unwrap();
        let drawn = ChildishHackenbush.draw(&p).unwrap();
        let lines: Vec<&str> = drawn.lines().collect();
        assert_eq!(lines.len(), 3, "{drawn}");
        assert!(
            lines[0].starts_with("piece 1: ") && lines[1].starts_with("piece 2: "),
            "{drawn}"
        );
        assert!(lines[2].ends_with("ground: vertex 0"));
        let edges: usize = lines[..2].iter().map(|l| l.split_whitespace().count() - 2).sum();
        assert_eq!(edges, 8, "{drawn}");
    }
}
