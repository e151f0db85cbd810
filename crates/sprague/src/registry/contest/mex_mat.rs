//! Mex Mat (AtCoder ARC107 E): how many entries are 0, 1 and 2.

use super::normal_play_only;
use crate::games::MexMat;
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
        rules: "An N×N matrix: the first row and the first column are given, with entries 0, 1 or 2. Every other entry is the mex (smallest non-negative integer not among them) of the entry just above it and the entry just to its left. The problem asks how many entries of the whole matrix are 0, 1 and 2. As a game: a token on an inner cell moves one step up or left, a token on a border cell is a Nim heap of its label, and each entry is the Grundy value of the token on that cell.",
        known: "AtCoder Regular Contest 107, problem E (Mex Mat); sample 1 (N = 4, first row 1 2 0 2, first column 1 0 0 0) has 7, 4 and 5 entries equal to 0, 1 and 2. Away from the first few rows and columns the matrix is constant along diagonals, so sprague computes six rows and six columns and counts the rest by diagonal lengths in O(N); tests check every entry against the Grundy values of the token game on random matrices.",
        build: |name, params| without_params(name, params, |_| MexMatRuleset),
    }
}
