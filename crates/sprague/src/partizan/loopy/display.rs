//! Writing loopy games in `calc`'s notation: braces with `pass` for a move
//! back to the position itself and labels (`a{0|a}`) for longer cycles, the
//! named games by name, short subpositions as the short-game printer writes
//! them.

use super::graph::LoopyGame;
use super::stopper::short_values;
use crate::partizan::store::GameStore;

/// Past this many characters the nested form gives way to equations.
const MAX_NESTED_LEN: usize = 4000;

struct Printer<'a> {
    g: &'a LoopyGame,
    /// The short game's text of every position from which no cycle is reachable.
    texts: Vec<Option<String>>,
    labels: Vec<Option<String>>,
    next_label: usize,
    stack: Vec<u32>,
    on_stack: Vec<bool>,
    len: usize,
}

impl LoopyGame {
    /// The game in `calc`'s loopy notation (see
    /// [`parse_loopy`](crate::notation::parse_loopy)), which reads it back as
    /// the same game: e.g. `over`, `{0|{pass|*}}`, `a{0|{a|*}}` written
    /// with nested braces, `on`, `1/2`. A large graph is written as
    /// equations, `p0 = {…}; p1 = {…}; p0`.
    ///
    /// ```
    /// use sprague::{GameStore, partizan::loopy::LoopyGame};
    /// let mut store = GameStore::new();
    /// assert_eq!(LoopyGame::over().display(&mut store), "over");
    /// assert_eq!(LoopyGame::tis().display(&mut store), "a{{|a}|}");
    /// ```
    pub fn display(&self, store: &mut GameStore) -> String {
        let short = short_values(self, store, true);
        let texts = short.iter().map(|s| s.map(|id| store.display(id))).collect();
        let n = self.position_count();
        let mut p = Printer {
            g: self,
            texts,
            labels: vec![None; n],
            next_label: 0,
            stack: Vec::new(),
            on_stack: vec![false; n],
            len: 0,
        };
        // First pass: which positions are reached again from deeper down.
        let mut sink = None;
        p.write(self.start, &mut sink);
        if p.len > MAX_NESTED_LEN {
            return p.equations();
        }
        let mut out = Some(String::new());
        p.len = 0;
        p.write(self.start, &mut out);
        out.unwrap_or_default()
    }
}

impl Printer<'_> {
    fn push(&mut self, out: &mut Option<String>, s: &str) {
        self.len += s.len();
        if let Some(o) = out {
            o.push_str(s);
        }
    }

    /// The name of position `v` if it has one of the named shapes.
    fn name(&self, v: u32) -> Option<&'static str> {
        let (l, r) = (&self.g.left[v as usize], &self.g.right[v as usize]);
        let text = |w: u32| self.texts[w as usize].as_deref();
        Some(match (l.as_slice(), r.as_slice()) {
            ([a], []) if *a == v => "on",
            ([], [b]) if *b == v => "off",
            ([a], [b]) if *a == v && *b == v => "dud",
            ([a], [b]) if *b == v && text(*a) == Some("0") => "over",
            ([a], [b]) if *a == v && text(*b) == Some("0") => "under",
            ([a], [b]) if *a == v && text(*b) == Some("*") => "upon",
            _ => return None,
        })
    }

    fn write(&mut self, v: u32, out: &mut Option<String>) {
        if self.len > MAX_NESTED_LEN && out.is_none() {
            return;
        }
        if let Some(t) = self.texts[v as usize].clone() {
            return self.push(out, &t);
        }
        if self.on_stack[v as usize] {
            if self.stack.last() == Some(&v) {
                return self.push(out, "pass");
            }
            if self.labels[v as usize].is_none() {
                self.labels[v as usize] = Some(label_name(self.next_label));
                self.next_label += 1;
            }
            let l = self.labels[v as usize].clone().unwrap_or_default();
            return self.push(out, &l);
        }
        if let Some(name) = self.name(v) {
            return self.push(out, name);
        }
        if let Some(l) = self.labels[v as usize].clone() {
            self.push(out, &l);
        }
        self.stack.push(v);
        self.on_stack[v as usize] = true;
        self.push(out, "{");
        let left = self.g.left[v as usize].clone();
        for (i, &w) in left.iter().enumerate() {
            if i > 0 {
                self.push(out, ",");
            }
            self.write(w, out);
        }
        self.push(out, "|");
        let right = self.g.right[v as usize].clone();
        for (i, &w) in right.iter().enumerate() {
            if i > 0 {
                self.push(out, ",");
            }
            self.write(w, out);
        }
        self.push(out, "}");
        self.stack.pop();
        self.on_stack[v as usize] = false;
    }

    /// `p0 = {…}; p1 = {…}; …; p0`: one equation per position that is not short.
    fn equations(&self) -> String {
        let n = self.g.position_count();
        let name = |w: u32| -> String {
            match &self.texts[w as usize] {
                Some(t) => format!("({t})"),
                None => format!("p{w}"),
            }
        };
        let mut s = String::new();
        for v in 0..n as u32 {
            if self.texts[v as usize].is_some() {
                continue;
            }
            let l: Vec<String> = self.g.left[v as usize].iter().map(|&w| name(w)).collect();
            let r: Vec<String> = self.g.right[v as usize].iter().map(|&w| name(w)).collect();
            s.push_str(&format!("p{v} = {{{}|{}}}; ", l.join(","), r.join(",")));
        }
        s.push_str(&name(self.g.start));
        s
    }
}

/// `a`, `b`, …, `z` (without `v`, which is down), then `a1`, `b1`, ….
fn label_name(i: usize) -> String {
    const LETTERS: &[u8] = b"abcdefghijklmnopqrstuwxyz";
    let letter = LETTERS[i % LETTERS.len()] as char;
    match i / LETTERS.len() {
        0 => letter.to_string(),
        k => format!("{letter}{k}"),
    }
}
