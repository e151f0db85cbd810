//! The king-and-rook-against-king endgame as a catalog entry, solved by
//! retrograde analysis ([`crate::loopy::Krk`]).

use crate::loopy::Krk;
use crate::registry::{Entry, Family};

/// The catalog entries.
pub(crate) const ENTRIES: &[Entry] = &[Entry {
    name: "krk",
    params: "",
    family: Family::Loopy,
    summary: "chess endgame king and rook against king: White mates or Black draws (stalemate, capture); solved by retrograde analysis",
    notation: "`Ke1 Ra1 ke8 w`: White king, rook, Black king, then `w` or `b` to move",
    example: "value krk Kc6 Rh1 ka8 w",
    example2: "value krk Ka1 Rb2 kh8 b",
    rules: "The chess endgame king and rook against king. White (king and rook) tries to checkmate; Black's king draws by stalemate or by capturing the rook. Moves follow the rules of chess for these three pieces.",
    known: "White wins every position except those where Black, to move, is stalemated or can take an unprotected rook; the longest forced mate takes 16 moves with White to move, which `sprague solve --demo krk` computes by retrograde analysis.",
    build: |name, params| super::space_without_params(name, params, Krk),
}];
