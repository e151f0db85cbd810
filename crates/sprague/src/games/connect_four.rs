//! Connect Four on small boards as a catalog entry, solved by retrograde
//! analysis ([`crate::loopy::ConnectFour`]; the board parameters are read by
//! the registry, which also solves the boards into table files).

use crate::registry::{Entry, Family, SpaceRules, connect_four};

/// The catalog entries.
pub(crate) const ENTRIES: &[Entry] = &[Entry {
    name: "connect-four",
    params: "WxH",
    family: Family::Loopy,
    summary: "Connect Four on a W-column, H-row board (small boards: the whole space is solved), e.g. connect-four:4x4",
    notation: "moves from the empty board as column numbers (`4453`), or the rows top first joined by `|` with `X`, `O` and `.`, or `start`",
    example: "value connect-four:4x4 start",
    example2: "value connect-four:4x4 2332",
    rules: "X and O take turns to drop a stone into a column that is not full; it falls to the lowest empty cell. Four stones of one player in a row, column or diagonal win; a full board without one is a draw.",
    known: "John Tromp's Connect Four Playground (tromp.github.io/c4/c4.html) lists the result of perfect play by board size: 4×4, 5×4, 7×4, 4×5, 5×5, 6×5 and 7×5 are draws, 6×4 is a win for the second player, 7×6 a win for the first. `sprague solve --demo connect-four:5x4 --out FILE` writes the solved table.",
    build: |_, params| {
        let space = connect_four(params)?;
        Ok(Box::new(SpaceRules {
            name: format!("connect-four:{}x{}", space.width(), space.height()),
            space,
        }))
    },
}];
