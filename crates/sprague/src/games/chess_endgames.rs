//! The chess endgames king and queen, and king and pawn, against king as
//! catalog entries, solved by retrograde analysis
//! ([`crate::loopy::Endgame`]).

use crate::loopy::{Endgame, Material};
use crate::registry::{Entry, Family};

/// The catalog entries.
pub(crate) const ENTRIES: &[Entry] = &[
    Entry {
        name: "kqk",
        params: "",
        family: Family::Loopy,
        summary: "chess endgame king and queen against king: White mates or Black draws (stalemate, capture); solved by retrograde analysis",
        notation: "`Ke1 Qd1 ke8 w`: White king, queen, Black king, then `w` or `b` to move",
        example: "value kqk Ka1 Qb2 kf5 w",
        example2: "value kqk Kc6 Qb5 ka8 b",
        rules: "The chess endgame king and queen against king. White (king and queen) tries to checkmate; Black's king draws by stalemate or by capturing the queen. Moves follow the rules of chess for these three pieces.",
        known: "The longest forced mate takes 10 moves (19 plies) with White to move, from one position up to symmetry (Ka1 Qb2 kf5), and 10 moves (20 plies) with Black to move, from 8 (Nalimov tables, Karrer's statistics); `sprague solve --demo kqk` prints every figure.",
        build: |name, params| super::space_without_params(name, params, Endgame::new(Material::Kqk)),
    },
    Entry {
        name: "kpk",
        params: "",
        family: Family::Loopy,
        summary: "chess endgame king and pawn against king: the pawn promotes (queen or rook) and White mates, or Black draws; solved through the promotions",
        notation: "`Ke1 Pe2 ke8 w`: White king, pawn, Black king, then `w` or `b` to move (`Q`/`R` for a promoted piece)",
        example: "value kpk Ka2 Pg2 kb5 w",
        example2: "value kpk Ke6 Pe5 ke8 b",
        rules: "The chess endgame king and pawn against king. The pawn moves one square forward, two from its first rank, and promotes on the last rank to a queen or a rook (a bishop or knight could not mate). White tries to checkmate; Black draws by stalemate or by capturing the pawn or the promoted piece. The distance counts every ply to mate, through the promotion.",
        known: "The longest forced mate takes 28 moves with White to move (3 positions up to the mirror of the files, e.g. Ka2 Pg2 kb5) and 28 with Black to move (2 positions) (Nalimov tables, Karrer's statistics); `sprague solve --demo kpk` prints every figure.",
        build: |name, params| super::space_without_params(name, params, Endgame::new(Material::Kpk)),
    },
];
