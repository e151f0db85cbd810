//! Mex Mat (AtCoder ARC107 E): how many entries are 0, 1 and 2.

use super::normal_play_only;
use crate::games::{MexMat, MexMatRules, MexMatToken};
use crate::impartial::ImpartialRules;
use crate::partizan::Player;
use crate::play::{Engine, PlayEngine, Verdict, erase};
use crate::registry::{Data, Entry, Error, Family, Options, Report, Result, Ruleset, without_params};

/// The Mex Mat matrix given by its first row and column.
struct MexMatRuleset;

impl Ruleset for MexMatRuleset {
    fn value(&self, position: &str, options: &Options<'_>) -> Result<Report> {
        normal_play_only("mex-mat", options)?;
        let m = MexMat::parse(position).map_err(|e| Error::position(position, e))?;
        let n = m.side();
        let [zeros, ones, twos] = m.counts();
        let corner = m.entry(n - 1, n - 1).unwrap_or(0);
        let shown = m.format();
        let data = Data::map()
            .with("ruleset", "mex-mat")
            .with("position", shown.as_str())
            .with("n", n)
            .with("zeros", zeros)
            .with("ones", ones)
            .with("twos", twos)
            .with("corner", corner);
        let text = format!(
            "mex-mat {shown} (N = {n})\nentries equal to 0, 1, 2: {zeros} {ones} {twos}\nbottom-right entry (the Grundy value of a token there): {corner}\n"
        );
        Ok(Report::new(data, text))
    }

    /// The token game behind the matrix, from the bottom-right cell.
    fn play<'a>(&'a self, position: &str, options: &Options<'a>) -> Result<Box<dyn PlayEngine + 'a>> {
        normal_play_only("mex-mat", options)?;
        let mat = MexMat::parse(position).map_err(|e| Error::position(position, e))?;
        let n = mat.side() as u32;
        let rules = mat.rules();
        let start = MexMatToken::Cell(n - 1, n - 1);
        Ok(erase(MexMatPlay { mat, rules }, start))
    }
}

/// The token game behind the matrix, played: a token on an inner cell
/// moves one step up or left, a token on a border cell (or a heap) is a
/// Nim heap of its label. The token starts on the bottom-right cell, and its
/// Grundy value is the matrix entry there (a heap's is its size).
struct MexMatPlay {
    mat: MexMat,
    rules: MexMatRules,
}

impl MexMatPlay {
    fn value(&self, p: &MexMatToken) -> u8 {
        match *p {
            MexMatToken::Heap(v) => v,
            MexMatToken::Cell(i, j) => self.mat.entry(i as usize, j as usize).unwrap_or(0),
        }
    }
}

impl Engine for MexMatPlay {
    type Pos = MexMatToken;

    fn ruleset(&self) -> &str {
        "mex-mat"
    }

    fn format(&self, p: &MexMatToken) -> String {
        match *p {
            MexMatToken::Heap(v) => format!("heap {v}"),
            MexMatToken::Cell(i, j) => format!("cell {},{}", i + 1, j + 1),
        }
    }

    /// `cell R,C` (1-based, as drawn), `R,C`, or `heap V`.
    fn parse(&self, text: &str) -> core::result::Result<MexMatToken, String> {
        let t = text.trim().to_ascii_lowercase();
        if let Some(v) = t.strip_prefix("heap") {
            let v: u8 = v
                .trim()
                .parse()
                .map_err(|_| format!("`{text}`: a heap is `heap 0` to `heap 2`"))?;
            return (v <= 2)
                .then_some(MexMatToken::Heap(v))
                .ok_or_else(|| format!("`{text}`: a heap is `heap 0` to `heap 2`"));
        }
        let cell = t.strip_prefix("cell").unwrap_or(&t);
        let n = self.mat.side();
        let parsed = cell
            .split_once(',')
            .and_then(|(r, c)| Some((r.trim().parse::<usize>().ok()?, c.trim().parse::<usize>().ok()?)));
        match parsed {
            Some((r, c)) if (1..=n).contains(&r) && (1..=n).contains(&c) => {
                Ok(MexMatToken::Cell((r - 1) as u32, (c - 1) as u32))
            }
            _ => Err(format!(
                "`{text}`: write the token's cell as `cell R,C` with R and C from 1 to {n}, or `heap V`"
            )),
        }
    }

    fn options(&mut self, p: &MexMatToken, _mover: Player) -> Result<Vec<MexMatToken>> {
        let mut out = Vec::new();
        self.rules.moves(p, &mut out);
        Ok(out)
    }

    fn describe(&self, from: &MexMatToken, to: &MexMatToken) -> String {
        match (*from, *to) {
            (MexMatToken::Cell(i, _), MexMatToken::Cell(k, _)) if k < i => "token one step up".to_string(),
            (MexMatToken::Cell(..), MexMatToken::Cell(..)) => "token one step left".to_string(),
            (MexMatToken::Cell(i, j), MexMatToken::Heap(v)) if i > 0 && j > 0 => {
                format!("token onto the border, where it is a heap of {v}")
            }
            (_, MexMatToken::Heap(v)) => format!("heap down to {v}"),
            (_, MexMatToken::Cell(..)) => "token moved".to_string(),
        }
    }

    fn verdict(&mut self, p: &MexMatToken, _mover: Player) -> Result<Verdict> {
        Ok(if self.value(p) == 0 {
            Verdict::Lose(None)
        } else {
            Verdict::Win(None)
        })
    }

    fn hint(&mut self, p: &MexMatToken, mover: Player) -> Result<Vec<String>> {
        let v = self.value(p);
        let mut lines = vec![format!(
            "the token's Grundy value is the matrix entry under it: {v} (an inner entry is the mex of the entry above and the entry to the left; a border cell is a Nim heap of its label)."
        )];
        if v == 0 {
            lines.push("it is 0, so the player to move loses against perfect play.".to_string());
        } else {
            let good: Vec<String> = self
                .options(p, mover)?
                .iter()
                .filter(|o| self.value(o) == 0)
                .map(|o| self.format(o))
                .collect();
            lines.push(format!("winning moves (to a 0): {}", good.join(", ")));
        }
        Ok(lines)
    }

    fn board(&self, p: &MexMatToken) -> Option<String> {
        let n = self.mat.side();
        if n > 26 {
            return None;
        }
        let mut out = String::new();
        for i in 0..n {
            let row: Vec<String> = (0..n)
                .map(|j| {
                    let e = self.mat.entry(i, j).unwrap_or(0);
                    if *p == MexMatToken::Cell(i as u32, j as u32) {
                        format!("[{e}]")
                    } else {
                        format!(" {e} ")
                    }
                })
                .collect();
            out.push_str(&row.join(""));
            out.push('\n');
        }
        if let MexMatToken::Heap(v) = p {
            out.push_str(&format!("the token is a Nim heap of {v}\n"));
        }
        Some(out)
    }

    fn move_help(&self) -> Option<String> {
        Some("as the token's new place, `cell 3,4` (row, column from 1) or `heap 1`".to_string())
    }
}

pub(in crate::registry) fn entry() -> Entry {
    Entry {
        name: "mex-mat",
        params: "",
        family: Family::Impartial,
        summary: "AtCoder ARC107 E: an N×N matrix whose inner entries are the mex of the entry above and the entry to the left; count the 0s, 1s and 2s",
        notation: "`ROW/COL`: the N digits (0–2) of the first row, `/`, then the N − 1 digits of the first column below the corner (the problem's input order), e.g. `1202/000`",
        example: "value mex-mat 1202/000",
        example2: "value mex-mat 0120120120/210210210 --json",
        rules: "An N×N matrix: the first row and the first column are given, with entries 0, 1 or 2. Every other entry is the mex (smallest non-negative integer not among them) of the entry just above it and the entry just to its left. The problem asks how many entries of the whole matrix are 0, 1 and 2. As a game: a token on an inner cell moves one step up or left, a token on a border cell is a Nim heap of its label, and each entry is the Grundy value of the token on that cell; `play` plays that game with the token starting on the bottom-right cell.",
        known: "AtCoder Regular Contest 107, problem E (Mex Mat); sample 1 (N = 4, first row 1 2 0 2, first column 1 0 0 0) has 7, 4 and 5 entries equal to 0, 1 and 2. Away from the first few rows and columns the matrix is constant along diagonals, so sprague computes six rows and six columns and counts the rest by diagonal lengths in O(N); tests check every entry against the Grundy values of the token game on random matrices.",
        build: |name, params| without_params(name, params, |_| MexMatRuleset),
    }
}
