//! Canonical printing of games in the notation CGSuite users write.

use super::game_id::GameId;
use super::nus::format_nus;
use super::store::GameStore;

/// The longest separator printed; a lone option that would need more keeps its braces.
const MAX_BARS: usize = 3;

/// The number written before `Tiny(…)`/`Miny(…)`: nothing for 0.
fn number_prefix(x: &super::dyadic::Dyadic) -> String {
    if x.is_zero() { String::new() } else { x.to_string() }
}

enum Shape {
    /// Printed without outer braces: numbers, nus, `+-x`, `Tiny(x)`.
    Flat(String),
    /// `{…}`: the text inside the braces and the longest bar run separating its sides.
    Braced(String, usize),
}

impl GameStore {
    /// The canonical form of `g` as text that parses back to `g`: numbers,
    /// `^`/`v`/`*` forms, `+-x` for `{x | -x}`, `+-{a,b}` for `{a,b | -a,-b}`,
    /// `xTiny(y)`/`xMiny(y)` for translated tinies and minies,
    /// `Tiny(x)`/`Miny(x)`, and otherwise `{L|R}` where a lone braced option
    /// loses its braces and the outer separator gets one more bar
    /// (`{3||2*|1*}`).
    ///
    /// ```
    /// use sprague::GameStore;
    /// let mut s = GameStore::new();
    /// let g = s.parse("{3|{2*|1*}}").unwrap();
    /// assert_eq!(s.display(g), "{3||2*|1*}");
    /// let h = s.parse("{1|-1}").unwrap();
    /// assert_eq!(s.display(h), "+-1");
    /// ```
    pub fn display(&mut self, g: GameId) -> String {
        match self.shape(g) {
            Shape::Flat(s) => s,
            Shape::Braced(s, _) => format!("{{{s}}}"),
        }
    }

    /// Text for `g` as an operand: parenthesised unless it is one token.
    fn display_atom(&mut self, g: GameId) -> String {
        let s = self.display(g);
        let simple = s.starts_with('{')
            || s.chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '/' | '^' | '*'));
        if simple { s } else { format!("({s})") }
    }

    fn shape(&mut self, g: GameId) -> Shape {
        if let Some(v) = self.as_nus(g) {
            return Shape::Flat(format_nus(v));
        }
        let (l, r) = self.options(g);
        if let ([a], [b]) = (l.as_slice(), r.as_slice()) {
            let (a, b) = (*a, *b);
            // ±y = {y | -y}.
            if self.neg(a) == b {
                let ys = self.display_atom(a);
                return Shape::Flat(format!("+-{ys}"));
            }
            // x + Tiny(y) = {x || x | x - y} and x + Miny(y) = {x + y | x || x}.
            if let Some(x) = self.as_number(a).cloned()
                && self.as_nus(b).is_none()
            {
                let (bl, br) = self.options(b);
                if bl == [a] && br.len() == 1 {
                    let y = self.sub(a, br[0]);
                    return Shape::Flat(format!("{}Tiny({})", number_prefix(&x), self.display(y)));
                }
            }
            if let Some(x) = self.as_number(b).cloned()
                && self.as_nus(a).is_none()
            {
                let (al, ar) = self.options(a);
                if ar == [b] && al.len() == 1 {
                    let y = self.sub(al[0], b);
                    return Shape::Flat(format!("{}Miny({})", number_prefix(&x), self.display(y)));
                }
            }
        }
        // ±{a,b} = {a,b | -a,-b}.
        if l.len() >= 2 && l.len() == r.len() {
            let mut negs: Vec<GameId> = l.iter().map(|&x| self.neg(x)).collect();
            negs.sort_unstable();
            if negs == r {
                let parts: Vec<String> = l.iter().map(|&x| self.display(x)).collect();
                return Shape::Flat(format!("+-{{{}}}", parts.join(",")));
            }
        }
        let (ls, lb) = self.side(&l);
        let (rs, rb) = self.side(&r);
        let bars = 1 + lb.max(rb);
        let mut s = ls;
        (0..bars).for_each(|_| s.push('|'));
        s.push_str(&rs);
        Shape::Braced(s, bars)
    }

    fn side(&mut self, opts: &[GameId]) -> (String, usize) {
        if let [o] = opts {
            return match self.shape(*o) {
                Shape::Flat(s) => (s, 0),
                // Slashes stay readable up to `|||`; deeper nesting keeps its braces.
                Shape::Braced(s, b) if b < MAX_BARS => (s, b),
                Shape::Braced(s, _) => (format!("{{{s}}}"), 0),
            };
        }
        let parts: Vec<String> = opts.iter().map(|&o| self.display(o)).collect();
        (parts.join(","), 0)
    }
}
