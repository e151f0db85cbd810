//! Three-piece chess endgames as state spaces with un-moves: king and queen,
//! king and rook, king and pawn against the lone king. The pawn promotes to
//! a queen or a rook, into the KQK and KRK positions of the same space.

use super::retrograde::{CountdownCell, PredecessorLists, RelaxFn, Retrograde, countdown};
use super::space::{SolveError, StateSpace, StateTable};
use super::wld::{SolvedValue, Wld, depth_in_moves};

/// Which three-piece endgame: White's king and one more man against the
/// black king.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Material {
    /// King and queen against king.
    Kqk,
    /// King and rook against king.
    Krk,
    /// King and pawn against king; promotions (to a queen or a rook) lead
    /// into the KQK and KRK positions.
    Kpk,
}

/// White's second man.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Man {
    Pawn,
    Rook,
    Queen,
}

impl Man {
    const fn letter(self) -> char {
        match self {
            Man::Pawn => 'P',
            Man::Rook => 'R',
            Man::Queen => 'Q',
        }
    }
}

/// States of one block: white king, black king, the man, side to move.
const BLOCK: u64 = 64 * 64 * 64 * 2;
const ORTHO: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const QUEEN: [(i8, i8); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

/// A three-piece chess endgame ([`Material`]) as a [`StateSpace`]: White's
/// king and queen, rook or pawn against Black's king, either side to move.
///
/// State index `block · 2^19 + ((wk·64 + bk)·64 + man)·2 + side` (squares
/// 0 = a1 … 63 = h8, side 0 = White to move); KQK and KRK have one block,
/// KPK three (the pawn, then the queen and the rook it promotes to), and one
/// last state, [`Endgame::bare_kings`], is the draw after Black takes the
/// man. Checkmate is a loss for the side to move, stalemate a drawn
/// terminal; the pawn pushes one square or two from its first rank and
/// promotes on the last (to a queen or a rook: a bishop or a knight only
/// draws). So a KPK solve runs through the promotions: the remoteness of a
/// KPK win counts the plies to mate (depth to mate), not to promotion.
/// Un-moves are generated, so the solver stores no edges. One solve of the
/// whole space is O(L·N + E) for L remoteness levels (see
/// [`StateSpaceSolver`](super::StateSpaceSolver)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Endgame {
    /// The material.
    pub material: Material,
}

impl Endgame {
    /// The endgame of `material`.
    #[must_use]
    pub const fn new(material: Material) -> Endgame {
        Endgame { material }
    }

    fn blocks(self) -> u64 {
        match self.material {
            Material::Kpk => 3,
            _ => 1,
        }
    }

    fn man(self, block: u64) -> Man {
        match (self.material, block) {
            (Material::Kqk, _) | (Material::Kpk, 1) => Man::Queen,
            (Material::Krk, _) | (Material::Kpk, 2) => Man::Rook,
            _ => Man::Pawn,
        }
    }

    /// The drawn state after Black captures White's man.
    #[must_use]
    pub fn bare_kings(self) -> u64 {
        self.blocks() * BLOCK
    }

    /// The index of the position with the white king on `wk`, the black king
    /// on `bk`, White's man on `man` (in `block`: 0 the endgame's own man; in
    /// KPK 1 a queen, 2 a rook) and Black to move or not.
    #[must_use]
    pub const fn index(block: u64, wk: u8, bk: u8, man: u8, black_to_move: bool) -> u64 {
        block * BLOCK + ((wk as u64 * 64 + bk as u64) * 64 + man as u64) * 2 + black_to_move as u64
    }

    /// `(block, wk, bk, man, black_to_move)` of a state below [`Endgame::bare_kings`].
    #[must_use]
    pub const fn decode(s: u64) -> (u64, u8, u8, u8, bool) {
        let block = s / BLOCK;
        let x = (s % BLOCK) >> 1;
        (
            block,
            (x >> 12) as u8,
            ((x >> 6) & 63) as u8,
            (x & 63) as u8,
            s & 1 == 1,
        )
    }

    /// Whether `s` is a position of the endgame itself (block 0: not a
    /// promoted one, not bare kings).
    #[must_use]
    pub fn is_main(self, s: u64) -> bool {
        s < BLOCK && self.is_state(s)
    }
}

pub(super) fn near(a: u8, b: u8) -> bool {
    let (af, ar, bf, br) = (a % 8, a / 8, b % 8, b / 8);
    af.abs_diff(bf) <= 1 && ar.abs_diff(br) <= 1
}

pub(super) fn king_steps(s: u8) -> impl Iterator<Item = u8> {
    let (f, r) = (i16::from(s % 8), i16::from(s / 8));
    (-1i16..=1)
        .flat_map(move |df| (-1i16..=1).map(move |dr| (f + df, r + dr)))
        .filter(move |&(x, y)| (x, y) != (f, r) && (0..8).contains(&x) && (0..8).contains(&y))
        .map(|(x, y)| (y * 8 + x) as u8)
}

/// Square `q` under symmetry `k` of the board (bit 0: mirror the files, bit
/// 1: mirror the ranks, bit 2: swap files and ranks). O(1).
pub(super) const fn transform(q: u8, k: u8) -> u8 {
    let (mut f, mut r) = (q % 8, q / 8);
    if k & 1 != 0 {
        f = 7 - f;
    }
    if k & 2 != 0 {
        r = 7 - r;
    }
    if k & 4 != 0 {
        (f, r) = (r, f);
    }
    r * 8 + f
}

pub(super) fn square(q: u8) -> String {
    format!("{}{}", char::from(b'a' + q % 8), q / 8 + 1)
}

/// Whether `man` on `from` attacks `q`, with `block` the only piece that may
/// stand in the way. O(1).
fn attacks(man: Man, from: u8, q: u8, block: u8) -> bool {
    if from == q {
        return false;
    }
    let (ff, fr, qf, qr) = (
        i16::from(from % 8),
        i16::from(from / 8),
        i16::from(q % 8),
        i16::from(q / 8),
    );
    let (df, dr) = (qf - ff, qr - fr);
    match man {
        Man::Pawn => dr == 1 && df.abs() == 1,
        Man::Rook | Man::Queen => {
            let line = df == 0 || dr == 0;
            let diagonal = df.abs() == dr.abs();
            if !(line || (man == Man::Queen && diagonal)) {
                return false;
            }
            // Blocked when `block` stands on the ray strictly between.
            let (sf, sr) = (df.signum(), dr.signum());
            let dist = df.abs().max(dr.abs());
            let (bf, br) = (i16::from(block % 8) - ff, i16::from(block / 8) - fr);
            let k = bf.abs().max(br.abs());
            !(0 < k && k < dist && bf == sf * k && br == sr * k)
        }
    }
}

/// Squares a rook or queen on `from` slides to, stopping before `a` or `b`.
fn slides(man: Man, from: u8, a: u8, b: u8, mut out: impl FnMut(u8)) {
    let dirs: &[(i8, i8)] = if man == Man::Queen { &QUEEN } else { &ORTHO };
    for &(df, dr) in dirs {
        let (mut f, mut r) = (i16::from(from % 8), i16::from(from / 8));
        loop {
            f += i16::from(df);
            r += i16::from(dr);
            if !(0..8).contains(&f) || !(0..8).contains(&r) {
                break;
            }
            let q = (r * 8 + f) as u8;
            if q == a || q == b {
                break;
            }
            out(q);
        }
    }
}

impl Endgame {
    fn valid(self, block: u64, wk: u8, bk: u8, x: u8, black: bool) -> bool {
        let man = self.man(block);
        wk != bk
            && wk != x
            && bk != x
            && !near(wk, bk)
            && (man != Man::Pawn || (8..56).contains(&x))
            && (black || !attacks(man, x, bk, wk))
    }

    /// Whether `s` has a move: the king steps first, which usually answer.
    fn has_move(self, s: u64) -> bool {
        let (block, wk, bk, x, black) = Endgame::decode(s);
        if black {
            let man = self.man(block);
            return king_steps(bk).any(|q| !near(q, wk) && (q == x || !attacks(man, x, q, wk)));
        }
        if king_steps(wk).any(|q| q != x && !near(q, bk)) {
            return true;
        }
        let mut any = false;
        self.each_move(s, |_| any = true);
        any
    }

    /// Calls `out` with every move of `s` (with multiplicity).
    fn each_move(self, s: u64, mut out: impl FnMut(u64)) {
        let (block, wk, bk, x, black) = Endgame::decode(s);
        let man = self.man(block);
        if black {
            for q in king_steps(bk) {
                if near(q, wk) {
                    continue;
                }
                if q == x {
                    out(self.bare_kings());
                } else if !attacks(man, x, q, wk) {
                    out(Endgame::index(block, wk, q, x, false));
                }
            }
            return;
        }
        for q in king_steps(wk) {
            if q != x && !near(q, bk) {
                out(Endgame::index(block, q, bk, x, true));
            }
        }
        if man != Man::Pawn {
            slides(man, x, wk, bk, |q| out(Endgame::index(block, wk, bk, q, true)));
            return;
        }
        let one = x + 8;
        if one == wk || one == bk {
            return;
        }
        if one >= 56 {
            out(Endgame::index(1, wk, bk, one, true));
            out(Endgame::index(2, wk, bk, one, true));
            return;
        }
        out(Endgame::index(block, wk, bk, one, true));
        let two = x + 16;
        if x < 16 && two != wk && two != bk {
            out(Endgame::index(block, wk, bk, two, true));
        }
    }
}

impl StateSpace for Endgame {
    fn state_count(&self) -> u64 {
        self.bare_kings() + 1
    }

    fn is_state(&self, s: u64) -> bool {
        if s == self.bare_kings() {
            return true;
        }
        let (block, wk, bk, x, black) = Endgame::decode(s);
        self.valid(block, wk, bk, x, black)
    }

    fn terminal(&self, s: u64) -> Option<Wld> {
        if s == self.bare_kings() {
            return Some(Wld::Draw);
        }
        if self.has_move(s) {
            return None;
        }
        let (block, wk, bk, x, black) = Endgame::decode(s);
        if black && attacks(self.man(block), x, bk, wk) {
            Some(Wld::Lose)
        } else {
            Some(Wld::Draw)
        }
    }

    fn moves(&self, s: u64, out: &mut Vec<u64>) {
        self.each_move(s, |t| out.push(t));
    }

    fn has_unmoves(&self) -> bool {
        true
    }

    fn unmoves(&self, s: u64, out: &mut Vec<u64>) {
        if s >= self.bare_kings() || !self.is_state(s) {
            return;
        }
        let (block, wk, bk, x, black) = Endgame::decode(s);
        let man = self.man(block);
        if !black {
            // Black's king came from a neighbouring square.
            for q in king_steps(bk) {
                if self.valid(block, wk, q, x, true) {
                    out.push(Endgame::index(block, wk, q, x, true));
                }
            }
            return;
        }
        for q in king_steps(wk) {
            if self.valid(block, q, bk, x, false) {
                out.push(Endgame::index(block, q, bk, x, false));
            }
        }
        match man {
            Man::Rook | Man::Queen => {
                slides(man, x, wk, bk, |q| {
                    if self.valid(block, wk, bk, q, false) {
                        out.push(Endgame::index(block, wk, bk, q, false));
                    }
                });
                // A queen or rook on the last rank of KPK may have just promoted.
                let from = x.wrapping_sub(8);
                if block > 0 && x >= 56 && from != wk && from != bk && self.valid(0, wk, bk, from, false) {
                    out.push(Endgame::index(0, wk, bk, from, false));
                }
            }
            Man::Pawn => {
                let from = x - 8;
                if from != wk && from != bk && self.valid(0, wk, bk, from, false) {
                    out.push(Endgame::index(0, wk, bk, from, false));
                }
                if (24..32).contains(&x) {
                    let from = x - 16;
                    let mid = x - 8;
                    if mid != wk
                        && mid != bk
                        && from != wk
                        && from != bk
                        && self.valid(0, wk, bk, from, false)
                    {
                        out.push(Endgame::index(0, wk, bk, from, false));
                    }
                }
            }
        }
    }
}

impl super::stats::SpaceFacts for Endgame {
    fn side_names(&self) -> &'static [&'static str] {
        &["White", "Black"]
    }

    /// White is to move after Black took the man.
    fn side(&self, s: u64) -> usize {
        usize::from(s != self.bare_kings() && s & 1 == 1)
    }

    fn terminal_kind(&self, s: u64) -> &'static str {
        match self.terminal(s) {
            _ if s == self.bare_kings() => match self.material {
                Material::Kqk => "drawn (queen taken, bare kings)",
                Material::Krk => "drawn (rook taken, bare kings)",
                Material::Kpk => "drawn (man taken, bare kings)",
            },
            Some(Wld::Lose) => "checkmate",
            Some(Wld::Draw) => "stalemate",
            _ => "not over",
        }
    }

    /// The least index among the images of the three pieces under the
    /// board's symmetries: all 8 without a pawn, the mirror of the files
    /// with one. O(8).
    fn symmetry_class(&self, s: u64) -> u64 {
        if s >= self.bare_kings() {
            return s;
        }
        let (block, wk, bk, x, black) = Endgame::decode(s);
        let ks: &[u8] = if self.man(block) == Man::Pawn {
            &[0, 1]
        } else {
            &[0, 1, 2, 3, 4, 5, 6, 7]
        };
        ks.iter()
            .map(|&k| Endgame::index(block, transform(wk, k), transform(bk, k), transform(x, k), black))
            .min()
            .unwrap_or(s)
    }
}

/// Solves KPK tier by tier: first the promoted endgames (KQK and KRK, each
/// solved alone by [`StateSpaceSolver`](super::StateSpaceSolver) and copied
/// into blocks 1 and 2), then the pawn positions one pawn rank at a time
/// from the 7th down to the 2nd. A pawn move only goes up (one rank, two
/// from the 2nd, or onto the last rank as a promotion) and a capture of the
/// pawn ends in bare kings, so every move that leaves a rank's tier reaches
/// a position already solved; inside a tier the kings' moves make cycles,
/// which a pass per remoteness level settles with the known values
/// as exits. The values are those of one solve of the whole space (the
/// tests compare every position). Memory: the table (2 bytes per index)
/// and one tier's moves.
///
/// # Errors
/// The errors of [`StateSpaceSolver::solve`](super::StateSpaceSolver::solve)
/// for the promoted endgames, and [`super::SpaceLimit::RemotenessOverflow`].
pub fn solve_kpk_by_pawn_rank(threads: usize) -> Result<StateTable, SolveError> {
    let kpk = Endgame::new(Material::Kpk);
    let table = StateTable::not_states(kpk.state_count());
    table
        .set(kpk.bare_kings(), Some(super::wld::SolvedValue::DRAW))
        .map_err(SolveError::Failed)?;
    for (block, m) in [(1, Material::Kqk), (2, Material::Krk)] {
        let sub = super::space::StateSpaceSolver::new(&Endgame::new(m))
            .threads(threads)
            .max_states(usize::MAX)
            .solve()?;
        for s in 0..BLOCK {
            table
                .set(block * BLOCK + s, sub.get(s))
                .map_err(SolveError::Failed)?;
        }
    }
    for rank in (1..7u8).rev() {
        let tier: Vec<u64> = (0..BLOCK)
            .filter(|&s| Endgame::decode(s).3 / 8 == rank && kpk.is_state(s))
            .collect();
        solve_with_exits(&kpk, &tier, &table)?;
    }
    Ok(table)
}

/// Solves the states `tier` (sorted) of `space`, whose moves lead inside
/// the tier or to states whose values `table` already holds (a state
/// holding no position counts as a draw), and stores their values in
/// `table`. Backward induction on [`Retrograde`], one level at a time: the
/// states decided at level `L - 1` inside the tier, and the known states
/// won or lost in `L - 1`, tell their parents by the rule of [`countdown`]
/// (a lost child: won in `L`; the last child won: lost in `L`); the levels
/// stop when none is left to tell; the undecided are draws. O(states +
/// moves of the tier + levels), plus sorting the moves to known states.
///
/// # Errors
/// [`super::SpaceLimit::RemotenessOverflow`] past the table's limit.
fn solve_with_exits<S: StateSpace + ?Sized>(
    space: &S,
    tier: &[u64],
    table: &StateTable,
) -> Result<(), SolveError> {
    let mut cells: Vec<TierCell> = Vec::with_capacity(tier.len());
    // The parents inside the tier of each state of the tier (local index).
    let mut preds: Vec<Vec<usize>> = vec![Vec::new(); tier.len()];
    // Moves to known states won or lost: (remoteness, parent, child lost).
    let mut exits: Vec<(u32, usize, bool)> = Vec::new();
    let mut work = Retrograde::new();
    let mut buf = Vec::new();
    for (i, &s) in tier.iter().enumerate() {
        let t = space.terminal(s);
        buf.clear();
        if t.is_none() {
            space.moves(s, &mut buf);
        }
        cells.push(match t {
            Some(Wld::Win) => TierCell::Done(SolvedValue::win(0)),
            Some(Wld::Lose) => TierCell::Done(SolvedValue::lose(0)),
            Some(Wld::Draw) => TierCell::Done(SolvedValue::DRAW),
            None => TierCell::Open(buf.len() as u32),
        });
        if t.is_some_and(|w| w != Wld::Draw) {
            work.push(i);
        }
        for &c in &buf {
            match tier.binary_search(&c) {
                Ok(j) => preds[j].push(i),
                Err(_) => {
                    let v = table.get(c).unwrap_or(SolvedValue::DRAW);
                    if let Some(r) = v.remoteness {
                        exits.push((r, i, v.wld == Wld::Lose));
                    }
                }
            }
        }
    }
    exits.sort_unstable_by_key(|e| e.0);
    let mut exits = exits.into_iter().peekable();
    let tell = |cells: &mut [TierCell], parent: usize, lost: bool, level: u32| {
        let new = countdown(cells[parent], lost, level)?;
        cells[parent] = new;
        new.is_decided().then_some(parent)
    };
    // The level being decided.
    let mut level = 1u32;
    loop {
        let Ok(_) = work.level(
            &PredecessorLists(&preds),
            &mut RelaxFn(|child: usize, parent: usize| {
                let lost = matches!(cells[child], TierCell::Done(v) if v.wld == Wld::Lose);
                tell(&mut cells, parent, lost, level)
            }),
        );
        while let Some((_, p, lost)) = exits.next_if(|e| e.0 < level) {
            if let Some(p) = tell(&mut cells, p, lost, level) {
                work.push(p);
            }
        }
        if work.is_done() && exits.peek().is_none() {
            break;
        }
        level += 1;
    }
    for (&s, c) in tier.iter().zip(cells) {
        let v = match c {
            TierCell::Done(v) => v,
            TierCell::Open(_) => SolvedValue::DRAW,
        };
        table.set(s, Some(v)).map_err(SolveError::Failed)?;
    }
    Ok(())
}

/// A state of a tier in [`solve_with_exits`]: its children not yet known
/// won, or its value.
#[derive(Clone, Copy)]
enum TierCell {
    Open(u32),
    Done(SolvedValue),
}

impl CountdownCell for TierCell {
    fn is_decided(self) -> bool {
        matches!(self, TierCell::Done(_))
    }
    fn is_last(self) -> bool {
        matches!(self, TierCell::Open(c) if c <= 1)
    }
    fn count_down(self) -> Self {
        match self {
            TierCell::Open(c) => TierCell::Open(c - 1),
            done => done,
        }
    }
    fn won(r: u32) -> Self {
        TierCell::Done(SolvedValue::win(r))
    }
    fn lost(r: u32) -> Self {
        TierCell::Done(SolvedValue::lose(r))
    }
}

/// The figures of one side to move in a solved endgame (the positions of
/// the endgame itself: for KPK not the promoted ones).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EndgameSide {
    /// Legal positions with this side to move.
    pub positions: u64,
    /// `wins_by_depth[d]`: positions where White mates in `d` moves (won
    /// for White to move, lost for Black to move); index 0 counts the
    /// checkmates (Black to move).
    pub wins_by_depth: Vec<u64>,
    /// Drawn positions (stalemates included).
    pub draws: u64,
    /// Positions where the side to move is stalemated.
    pub stalemates: u64,
    /// Positions where Black is checkmated.
    pub checkmates: u64,
    /// The longest forced mate, in plies (remoteness).
    pub longest_plies: u32,
    /// The same in White's moves (`⌈plies / 2⌉`, the "mate in N").
    pub longest_moves: u32,
    /// Positions of the longest mate.
    pub longest_count: u64,
    /// The same, counting each class under the board's symmetries once
    /// (all 8 without a pawn; the file mirror with one).
    pub longest_count_up_to_symmetry: u64,
    /// The first position of the longest mate in index order, in notation.
    pub longest_example: Option<String>,
}

/// The figures of a solved endgame, White to move first, then Black (see
/// [`EndgameSide`]). One pass over the table, O(N) (the symmetry classes of
/// the longest mates in O(8) each).
#[must_use]
pub fn endgame_summary(space: &Endgame, table: &StateTable) -> [EndgameSide; 2] {
    use super::stats::SpaceFacts;
    let mut sides = [EndgameSide::default(), EndgameSide::default()];
    let mut longest_sets: [Vec<u64>; 2] = [Vec::new(), Vec::new()];
    for s in 0..BLOCK.min(table.len()) {
        let Some(v) = table.get(s) else { continue };
        let side = &mut sides[(s & 1) as usize];
        side.positions += 1;
        match (v.wld, v.remoteness) {
            (Wld::Draw, _) | (_, None) => {
                side.draws += 1;
                if space.terminal(s) == Some(Wld::Draw) {
                    side.stalemates += 1;
                }
            }
            (_, Some(r)) => {
                if r == 0 {
                    side.checkmates += 1;
                }
                let d = depth_in_moves(r) as usize;
                if side.wins_by_depth.len() <= d {
                    side.wins_by_depth.resize(d + 1, 0);
                }
                side.wins_by_depth[d] += 1;
                let set = &mut longest_sets[(s & 1) as usize];
                if r > side.longest_plies {
                    side.longest_plies = r;
                    set.clear();
                }
                if r == side.longest_plies {
                    set.push(s);
                }
            }
        }
    }
    for (side, set) in sides.iter_mut().zip(&longest_sets) {
        side.longest_moves = depth_in_moves(side.longest_plies);
        side.longest_count = set.len() as u64;
        let mut classes: Vec<u64> = set.iter().map(|&s| space.symmetry_class(s)).collect();
        classes.sort_unstable();
        classes.dedup();
        side.longest_count_up_to_symmetry = classes.len() as u64;
        side.longest_example = set
            .first()
            .map(|&s| super::space_notation::SpaceNotation::format_state(space, s));
    }
    sides
}

impl super::space_notation::SpaceNotation for Endgame {
    fn format_state(&self, s: u64) -> String {
        if s == self.bare_kings() {
            return match self.material {
                Material::Kqk => "bare kings (the queen was taken)",
                Material::Krk => "bare kings (the rook was taken)",
                Material::Kpk => "bare kings (White's man was taken)",
            }
            .to_string();
        }
        let (block, wk, bk, x, black) = Endgame::decode(s);
        format!(
            "K{} {}{} k{} {}",
            square(wk),
            self.man(block).letter(),
            square(x),
            square(bk),
            if black { 'b' } else { 'w' }
        )
    }

    fn parse_state(&self, text: &str) -> Result<u64, String> {
        let (mut wk, mut bk, mut man, mut black) = (None, None, None::<(char, u8)>, false);
        let letters: &[char] = match self.material {
            Material::Kqk => &['Q'],
            Material::Krk => &['R'],
            Material::Kpk => &['P', 'Q', 'R'],
        };
        let mut col = 1;
        for w in text.split(' ') {
            let cs: Vec<char> = w.chars().collect();
            let sq = |f: char, r: char| -> Option<u8> {
                (('a'..='h').contains(&f) && ('1'..='8').contains(&r))
                    .then(|| (r as u8 - b'1') * 8 + (f as u8 - b'a'))
            };
            let bad = || {
                format!(
                    "position `{text}`: column {col}: expected `Ke1`, `{}a1`, `ke8` (White king, White's {}, Black king) or `w`/`b` (side to move), found `{w}`",
                    letters[0],
                    match letters[0] {
                        'Q' => "queen",
                        'R' => "rook",
                        _ => "pawn",
                    }
                )
            };
            match cs[..] {
                [] => {}
                ['w'] => black = false,
                ['b'] => black = true,
                [p, f, r] => {
                    let q = sq(f, r).ok_or_else(bad)?;
                    match p {
                        'K' if wk.is_none() => wk = Some(q),
                        'k' if bk.is_none() => bk = Some(q),
                        p if letters.contains(&p) && man.is_none() => man = Some((p, q)),
                        'K' | 'k' => {
                            return Err(format!("position `{text}`: column {col}: `{p}` is given twice"));
                        }
                        p if letters.contains(&p) => {
                            return Err(format!(
                                "position `{text}`: column {col}: White has one man besides the king"
                            ));
                        }
                        _ => return Err(bad()),
                    }
                }
                _ => return Err(bad()),
            }
            col += w.chars().count() + 1;
        }
        let (Some(wk), Some(bk), Some((p, x))) = (wk, bk, man) else {
            return Err(format!(
                "position `{text}`: needs the White king, White's {} and the Black king, e.g. `Ke1 {}e2 ke8 w`",
                letters[0], letters[0]
            ));
        };
        let block = match (self.material, p) {
            (Material::Kpk, 'Q') => 1,
            (Material::Kpk, 'R') => 2,
            _ => 0,
        };
        if !self.valid(block, wk, bk, x, black) {
            return Err(format!(
                "position `{text}`: not a legal position (pieces on distinct squares, kings not adjacent, a pawn between the 2nd and 7th ranks, and the side not to move not in check)"
            ));
        }
        Ok(Endgame::index(block, wk, bk, x, black))
    }

    fn describe_state_move(&self, from: u64, to: u64) -> String {
        let (block, wk, bk, x, _) = Endgame::decode(from);
        if to == self.bare_kings() {
            let man = match self.man(block) {
                Man::Pawn => "pawn",
                Man::Rook => "rook",
                Man::Queen => "queen",
            };
            return format!("king takes the {man} on {}", square(x));
        }
        let (block2, wk2, bk2, x2, _) = Endgame::decode(to);
        if wk != wk2 {
            format!("K{}-{}", square(wk), square(wk2))
        } else if block2 != block {
            format!("{}-{}={}", square(x), square(x2), self.man(block2).letter())
        } else if x != x2 {
            let letter = self.man(block).letter();
            let shown = if letter == 'P' {
                String::new()
            } else {
                letter.to_string()
            };
            format!("{shown}{}-{}", square(x), square(x2))
        } else {
            format!("k{}-{}", square(bk), square(bk2))
        }
    }

    fn mover(&self, s: u64) -> String {
        if s == self.bare_kings() || s & 1 == 0 {
            "White"
        } else {
            "Black"
        }
        .to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::DiGraph;
    use crate::loopy::space::tests::check_unmoves;
    use crate::loopy::wld::tests::{arb_graph, naive};
    use crate::loopy::{Krk, StateSpaceSolver};
    use proptest::prelude::*;

    /// A graph as a state space: a vertex with no moves is over, with the
    /// result `end` gives it.
    struct Ends<'g> {
        g: &'g DiGraph,
        end: fn(u32) -> Wld,
    }

    impl StateSpace for Ends<'_> {
        fn state_count(&self) -> u64 {
            self.g.vertex_count() as u64
        }
        fn terminal(&self, s: u64) -> Option<Wld> {
            (self.g.out_degree(s as u32) == 0).then(|| (self.end)(s as u32))
        }
        fn moves(&self, s: u64, out: &mut Vec<u64>) {
            out.extend(self.g.successors(s as u32).iter().map(|&t| u64::from(t)));
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1000))]
        /// A tier (the vertices from `k` on) whose moves leave it only for
        /// vertices already solved, against the fixed point of the
        /// definition on the whole graph.
        #[test]
        fn a_tier_with_exits_matches_the_fixed_point(g in arb_graph(12, 30), k in 0u32..12, kind in 0u8..3) {
            let n = g.vertex_count() as u32;
            let k = k.min(n);
            // The solved vertices (below `k`) move only among themselves.
            let (mut from, mut to) = (Vec::new(), Vec::new());
            for u in 0..n {
                for &w in g.successors(u) {
                    if u >= k || w < k {
                        from.push(u);
                        to.push(w);
                    }
                }
            }
            let g = DiGraph::from_edges(n as usize, &from, &to).unwrap();
            let end: fn(u32) -> Wld = match kind {
                0 => |_| Wld::Lose,
                1 => |v| if v % 2 == 0 { Wld::Lose } else { Wld::Win },
                _ => |v| [Wld::Lose, Wld::Win, Wld::Draw][(v % 3) as usize],
            };
            let want = naive(&g, &end);
            let table = StateTable::not_states(u64::from(n));
            for v in 0..k {
                table.set(u64::from(v), Some(want[v as usize])).unwrap();
            }
            let tier: Vec<u64> = (u64::from(k)..u64::from(n)).collect();
            solve_with_exits(&Ends { g: &g, end }, &tier, &table).unwrap();
            for v in 0..n {
                prop_assert_eq!(table.get(u64::from(v)), Some(want[v as usize]), "vertex {}", v);
            }
        }
    }

    #[test]
    fn unmoves_invert_moves() {
        for m in [Material::Kqk, Material::Kpk] {
            let e = Endgame::new(m);
            check_unmoves(&e, |t| t == e.bare_kings());
        }
    }

    #[test]
    fn krk_is_the_endgame_of_the_rook() {
        // One implementation: `Krk` names the KRK endgame's positions by the
        // same indices.
        let e = Endgame::new(Material::Krk);
        assert_eq!(Krk.state_count(), e.state_count());
        assert_eq!(Krk::BARE_KINGS, e.bare_kings());
        for s in (0..Krk::BARE_KINGS).step_by(7) {
            let (wk, bk, r, black) = Krk::decode(s);
            assert_eq!(Endgame::decode(s), (0, wk, bk, r, black));
        }
    }

    #[test]
    fn kpk_by_pawn_rank_equals_the_whole_space_solve() {
        let e = Endgame::new(Material::Kpk);
        let whole = StateSpaceSolver::new(&e).threads(2).solve().unwrap();
        let tiered = solve_kpk_by_pawn_rank(2).unwrap();
        for s in 0..e.state_count() {
            assert_eq!(tiered.get(s), whole.get(s), "state {s}");
        }
        assert_eq!(endgame_summary(&e, &tiered), endgame_summary(&e, &whole));
    }

    #[test]
    fn published_longest_mates() {
        // Longest mates with their numbers of positions up to symmetry, as
        // published from the Nalimov tables (Peter Karrer's statistics, quoted
        // by G. Haworth and others on the CCRL/Kryukov endgame forum, thread
        // "Longest Mate in kqk"): KQK White to move mates in 10 (1 position,
        // Ka1 Qb2 kf5), Black to move is mated in 10 (8); KPK White to move
        // mates in 28 (3 positions), Black to move in 28 (2).
        let e = Endgame::new(Material::Kqk);
        let t = StateSpaceSolver::new(&e).threads(2).solve().unwrap();
        let [w, b] = endgame_summary(&e, &t);
        assert_eq!(
            (w.longest_moves, w.longest_plies, w.longest_count_up_to_symmetry),
            (10, 19, 1)
        );
        assert_eq!(
            (b.longest_moves, b.longest_plies, b.longest_count_up_to_symmetry),
            (10, 20, 8)
        );
        let ka1_qb2_kf5 = Endgame::index(0, 0, 37, 9, false);
        assert_eq!(t.get(ka1_qb2_kf5), Some(SolvedValue::win(19)));
        let e = Endgame::new(Material::Kpk);
        let t = StateSpaceSolver::new(&e).threads(2).solve().unwrap();
        let [w, b] = endgame_summary(&e, &t);
        assert_eq!((w.longest_moves, w.longest_count_up_to_symmetry), (28, 3));
        assert_eq!((b.longest_moves, b.longest_count_up_to_symmetry), (28, 2));
        // Ka2 Pg2 kb5, White to move: one of the three.
        assert_eq!(
            t.get(Endgame::index(0, 8, 33, 14, false))
                .and_then(|v| v.depth_moves()),
            Some(28)
        );
    }
}
