//! [`DagWinsReport`]: the answer of the AGC016F edge-subset count
//! ([`count_dag_wins`](super::count_dag_wins)) as report data and text.

use super::DAG_COUNT_MODULUS;
use crate::registry::Data;

/// How many of the 2^m edge subsets of a DAG let the first player win
/// with tokens on its first two vertices, modulo [`DAG_COUNT_MODULUS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DagWinsReport {
    /// Vertices of the DAG.
    pub n: usize,
    /// Edges of the DAG.
    pub m: usize,
    /// The two vertices the tokens start on, as the input numbers them
    /// (`[0, 1]`, or `[1, 2]` for ids from 1).
    pub tokens: [u32; 2],
    /// The count modulo [`DAG_COUNT_MODULUS`].
    pub winning_subsets: u64,
}

impl DagWinsReport {
    /// The fields: `n`, `m`, `tokens`, `modulus`, `winning_subsets`. O(1).
    #[must_use]
    pub fn data(&self) -> Data {
        Data::map()
            .with("n", self.n)
            .with("m", self.m)
            .with("tokens", self.tokens.to_vec())
            .with("modulus", DAG_COUNT_MODULUS)
            .with("winning_subsets", self.winning_subsets)
    }

    /// The count alone, on one line.
    #[must_use]
    pub fn text(&self) -> String {
        format!("{}\n", self.winning_subsets)
    }
}
