//! Connect Four numbered tier by tier (the tier is the number of stones)
//! with a rank encoding without gaps, for [`super::solve_tiered`].

use super::connect_four::{ConnectFour, has_four};
use super::space::StateSpace;
use super::space_notation::SpaceNotation;
use super::tiered::{TierNode, TieredSpace};
use super::wld::Wld;

/// Connect Four (the rules of [`ConnectFour`]) numbered tier by tier: tier
/// `t` holds the boards of `t` stones, `⌈t/2⌉` of X and `⌊t/2⌋` of O.
///
/// **Rank encoding.** A board of tier `t` is its column heights (a vector of
/// `width` numbers in `0..=height` summing to `t`) and its colour pattern
/// (the `t` stones read column by column from the bottom, which are O). Its
/// rank in the tier is `rank(heights) · C(t, ⌊t/2⌋) + colex(pattern)`, where
/// `rank(heights)` numbers the height vectors of sum `t` in increasing order
/// of their base-`(height + 1)` code and `colex` is the colexicographic rank
/// of the set of O stones among the `t` (the combinatorial number system).
/// Every rank is an arrangement with the right count of each colour, so the
/// tiers have no gaps: 4,593,382,831 indices for 7×4 against 31^7 ≈ 2.75e10
/// of the column encoding of [`ConnectFour`]. Ranks that play cannot reach
/// (both players with a line, or a line for the player to move) are not
/// states.
///
/// As a [`StateSpace`], the index of rank `r` of tier `t` is `r` plus the
/// sizes of the tiers below `t`; moves raise the index, so
/// [`super::solve_ordered`] also applies (on small boards).
#[derive(Clone, Debug)]
pub struct ConnectFourTiers {
    board: ConnectFour,
    /// Per tier, the base-`(height + 1)` codes of its height vectors, in
    /// increasing order.
    heights: Vec<Vec<u32>>,
    /// The rank of each height-vector code within its tier.
    height_rank: Vec<u32>,
    /// `(height + 1)^j` per column `j`.
    place: Vec<u32>,
    /// Binomial coefficients `C(n, k)` at `n * 65 + k`, `n, k ≤ 64`.
    binom: Vec<u64>,
    /// The number of ranks of each tier.
    sizes: Vec<u64>,
    /// The first index of each tier, and the index count last.
    offsets: Vec<u64>,
}

impl ConnectFourTiers {
    /// The tiers of `board`. O(`(height + 1)^width`) time and memory (78,125
    /// height vectors for 7×4); `None` if that exceeds 2^24, the board has
    /// more than 62 cells, or the index count exceeds 2^64.
    #[must_use]
    pub fn new(board: ConnectFour) -> Option<Self> {
        let (w, h) = (board.width(), board.height());
        let cells = w * h;
        let vectors = u64::from(h + 1).checked_pow(w).filter(|&v| v <= 1 << 24)?;
        if cells > 62 {
            return None;
        }
        let mut binom = vec![0u64; 65 * 65];
        for n in 0..65 {
            binom[n * 65] = 1;
            for k in 1..=n {
                binom[n * 65 + k] = binom[(n - 1) * 65 + k - 1].saturating_add(binom[(n - 1) * 65 + k]);
            }
        }
        let place: Vec<u32> = (0..w).map(|j| (h + 1).pow(j)).collect();
        let mut heights = vec![Vec::new(); cells as usize + 1];
        let mut height_rank = vec![0u32; vectors as usize];
        for code in 0..vectors as u32 {
            let t: u32 = (0..w).map(|j| code / place[j as usize] % (h + 1)).sum();
            let tier = &mut heights[t as usize];
            height_rank[code as usize] = tier.len() as u32;
            tier.push(code);
        }
        let mut c = ConnectFourTiers {
            board,
            heights,
            height_rank,
            place,
            binom,
            sizes: Vec::new(),
            offsets: Vec::new(),
        };
        let mut at = 0u64;
        for t in 0..=cells {
            let size = (c.heights[t as usize].len() as u64).checked_mul(c.c(t, t / 2))?;
            c.sizes.push(size);
            c.offsets.push(at);
            at = at.checked_add(size)?;
        }
        c.offsets.push(at);
        Some(c)
    }

    /// The board.
    #[must_use]
    pub const fn board(&self) -> &ConnectFour {
        &self.board
    }

    fn c(&self, n: u32, k: u32) -> u64 {
        if k > n {
            0
        } else {
            self.binom[n as usize * 65 + k as usize]
        }
    }

    /// The colexicographic rank of the set bits of `pattern`. O(bits set).
    fn colex(&self, mut pattern: u64) -> u64 {
        let (mut rank, mut i) = (0, 1);
        while pattern != 0 {
            rank += self.c(pattern.trailing_zeros(), i);
            i += 1;
            pattern &= pattern - 1;
        }
        rank
    }

    /// The `k`-subset of `0..n` of colexicographic rank `rank`. O(n).
    fn uncolex(&self, mut rank: u64, n: u32, k: u32) -> u64 {
        let (mut pattern, mut c) = (0u64, n);
        for i in (1..=k).rev() {
            c -= 1;
            while self.c(c, i) > rank {
                c -= 1;
            }
            pattern |= 1 << c;
            rank -= self.c(c, i);
        }
        pattern
    }

    /// The tier and rank of index `s` (`s` below the index count). O(log tiers).
    #[must_use]
    pub fn tier_of(&self, s: u64) -> (usize, u64) {
        let t = self.offsets.partition_point(|&o| o <= s) - 1;
        (t, s - self.offsets[t])
    }

    /// The index of rank `rank` of tier `tier`. O(1).
    #[must_use]
    pub fn index(&self, tier: usize, rank: u64) -> u64 {
        self.offsets[tier] + rank
    }

    /// Heights (per column) and colour pattern of rank `rank` in tier `t`.
    fn unrank(&self, t: usize, rank: u64) -> (u32, u64) {
        let t32 = t as u32;
        let m = self.c(t32, t32 / 2);
        let code = self.heights[t][(rank / m) as usize];
        (code, self.uncolex(rank % m, t32, t32 / 2))
    }

    fn height(&self, code: u32, j: u32) -> u32 {
        code / self.place[j as usize] % (self.board.height() + 1)
    }

    /// The column encoding of [`ConnectFour`] of rank `rank` in tier `tier`.
    /// O(width + stones).
    #[must_use]
    pub fn column_index(&self, tier: usize, rank: u64) -> u64 {
        let (code, pattern) = self.unrank(tier, rank);
        let mut pos = 0;
        let cols: Vec<u64> = (0..self.board.width())
            .map(|j| {
                let hj = self.height(code, j);
                let seg = (pattern >> pos) & ((1u64 << hj) - 1);
                pos += hj;
                seg | 1 << hj
            })
            .collect();
        self.board.index_of(&cols)
    }

    /// The tier and rank of state `s` of the column encoding of
    /// [`ConnectFour`], `None` when its colour counts are not those of play
    /// (X as many stones as O, or one more). O(width).
    #[must_use]
    pub fn rank_of_column_index(&self, s: u64) -> Option<(usize, u64)> {
        let (mut code, mut pattern, mut pos) = (0u32, 0u64, 0u32);
        for (j, col) in self.board.columns(s).into_iter().enumerate() {
            let hj = 63 - col.leading_zeros();
            code += hj * self.place[j];
            pattern |= (col ^ 1 << hj) << pos;
            pos += hj;
        }
        let t = pos;
        if pattern.count_ones() != t / 2 {
            return None;
        }
        let m = self.c(t, t / 2);
        Some((
            t as usize,
            u64::from(self.height_rank[code as usize]) * m + self.colex(pattern),
        ))
    }
}

impl TieredSpace for ConnectFourTiers {
    fn tier_count(&self) -> usize {
        self.heights.len()
    }

    fn tier_size(&self, tier: usize) -> u64 {
        self.sizes[tier]
    }

    /// Unranks, builds both bitboards, tests the lines, and ranks each child
    /// (the dropped stone inserted into the colour pattern). O(width ×
    /// stones).
    fn expand(&self, tier: usize, rank: u64, children: &mut Vec<u64>) -> TierNode {
        let (w, h) = (self.board.width(), self.board.height());
        let (code, pattern) = self.unrank(tier, rank);
        let (mut xb, mut ob, mut pos) = (0u64, 0u64, 0u32);
        let (mut tops, mut hs) = ([0u32; 64], [0u32; 64]);
        let mut rest = code;
        for j in 0..w {
            let hj = rest % (h + 1);
            rest /= h + 1;
            hs[j as usize] = hj;
            let mask = (1u64 << hj) - 1;
            let seg = (pattern >> pos) & mask;
            ob |= seg << (j * (h + 1));
            xb |= (!seg & mask) << (j * (h + 1));
            pos += hj;
            tops[j as usize] = pos;
        }
        let even = tier.is_multiple_of(2);
        let (xl, ol) = (has_four(xb, h), has_four(ob, h));
        // X moves when the counts are equal (even tiers): only the player
        // who just moved may have a line.
        if xl && even || ol && !even {
            return TierNode::NotState;
        }
        if xl || ol {
            return TierNode::Terminal(Wld::Lose);
        }
        if tier as u32 == w * h {
            return TierNode::Terminal(Wld::Draw);
        }
        let next = tier as u32 + 1;
        let m = self.c(next, next / 2);
        let bit = u64::from(!even);
        for j in 0..w {
            if hs[j as usize] < h {
                let p = tops[j as usize];
                let low = pattern & ((1u64 << p) - 1);
                let child = low | bit << p | (pattern >> p) << (p + 1);
                let hr = u64::from(self.height_rank[(code + self.place[j as usize]) as usize]);
                children.push(hr * m + self.colex(child));
            }
        }
        TierNode::Moves
    }
}

impl StateSpace for ConnectFourTiers {
    fn state_count(&self) -> u64 {
        self.offsets[self.offsets.len() - 1]
    }

    fn is_state(&self, s: u64) -> bool {
        let (t, r) = self.tier_of(s);
        self.expand(t, r, &mut Vec::new()) != TierNode::NotState
    }

    fn terminal(&self, s: u64) -> Option<Wld> {
        let (t, r) = self.tier_of(s);
        match self.expand(t, r, &mut Vec::new()) {
            TierNode::Terminal(w) => Some(w),
            _ => None,
        }
    }

    fn moves(&self, s: u64, out: &mut Vec<u64>) {
        let (t, r) = self.tier_of(s);
        let at = out.len();
        if self.expand(t, r, out) == TierNode::Moves {
            for k in &mut out[at..] {
                *k += self.offsets[t + 1];
            }
        } else {
            out.truncate(at);
        }
    }

    fn moves_increase_index(&self) -> bool {
        true
    }
}

impl SpaceNotation for ConnectFourTiers {
    /// As [`ConnectFour`]: the rows, top first, joined by `|`.
    fn format_state(&self, s: u64) -> String {
        let (t, r) = self.tier_of(s);
        self.board.format_state(self.column_index(t, r))
    }

    /// As [`ConnectFour`]: `start`, moves as column numbers, or the rows.
    fn parse_state(&self, text: &str) -> Result<u64, String> {
        let c = self.board.parse_state(text)?;
        let (t, r) = self
            .rank_of_column_index(c)
            .ok_or_else(|| format!("position `{text}`: not a position of play"))?;
        Ok(self.index(t, r))
    }

    fn describe_state_move(&self, from: u64, to: u64) -> String {
        let (a, b) = (self.tier_of(from), self.tier_of(to));
        self.board
            .describe_state_move(self.column_index(a.0, a.1), self.column_index(b.0, b.1))
    }

    fn mover(&self, s: u64) -> String {
        let (t, _) = self.tier_of(s);
        if t % 2 == 0 { "X" } else { "O" }.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::loopy::{SolvedValue, TieredOptions, solve_ordered, solve_tiered, tier_value};
    use proptest::prelude::*;

    fn tiers(w: u32, h: u32) -> ConnectFourTiers {
        ConnectFourTiers::new(ConnectFour::new(w, h).unwrap()).unwrap()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(120))]
        /// Rank and unrank are inverse bijections: a random rank of a random
        /// tier maps to a board with the tier's colour counts whose rank is
        /// it, and a random column-encoded board with those counts maps to a
        /// rank that maps back to it.
        #[test]
        fn rank_and_unrank_are_inverse(w in 1u32..8, h in 1u32..7, t_pick in 0u32..64, r_pick: u64, s_pick: u64) {
            prop_assume!(w * (h + 1) <= 64);
            let c = tiers(w, h);
            let t = (t_pick % (w * h + 1)) as usize;
            let r = r_pick % c.tier_size(t);
            let s = c.column_index(t, r);
            prop_assert_eq!(c.board().stones(s), t as u32);
            prop_assert_eq!(c.rank_of_column_index(s), Some((t, r)));
            let s2 = s_pick % c.board().state_count();
            match c.rank_of_column_index(s2) {
                Some((t2, r2)) => {
                    prop_assert!(r2 < c.tier_size(t2));
                    prop_assert_eq!(c.column_index(t2, r2), s2);
                }
                None => {
                    let stones = c.board().stones(s2);
                    let o: u32 = c.board().columns(s2).iter().map(|&col| (col ^ 1 << (63 - col.leading_zeros())).count_ones()).sum();
                    prop_assert!(o != stones / 2);
                }
            }
        }
    }

    /// Exhaustively on small boards: every rank of every tier is a distinct
    /// column-encoded board with the right counts, and there are as many
    /// ranks as such boards.
    #[test]
    fn ranks_cover_every_board_with_play_counts_once() {
        for (w, h) in [(3, 3), (4, 3), (2, 5), (4, 4)] {
            let c = tiers(w, h);
            let mut seen = vec![false; c.board().state_count() as usize];
            for t in 0..c.tier_count() {
                for r in 0..c.tier_size(t) {
                    let s = c.column_index(t, r) as usize;
                    assert!(!seen[s], "{w}x{h} tier {t} rank {r}");
                    seen[s] = true;
                }
            }
            let want = (0..c.board().state_count())
                .filter(|&s| c.rank_of_column_index(s).is_some())
                .count();
            assert_eq!(seen.iter().filter(|&&b| b).count(), want);
            assert_eq!(c.state_count() as usize, want);
        }
    }

    /// The tiered solve agrees with the one-pass solver of the column
    /// encoding on every position (value and remoteness) and on every
    /// index that is not a position; so does the one-pass solver run on the
    /// ranked indices.
    #[test]
    #[allow(clippy::needless_range_loop)] // tiers index several arrays at once
    fn tiered_matches_column_encoding_solver() {
        for (w, h) in [(4, 4), (5, 4), (4, 5)] {
            let c = tiers(w, h);
            let plain = solve_ordered(c.board(), usize::MAX, None).unwrap();
            let ranked = solve_ordered(&c, usize::MAX, None).unwrap();
            let mut got = vec![Vec::new(); c.tier_count()];
            let opts = TieredOptions {
                threads: 2,
                ..TieredOptions::default()
            };
            solve_tiered(&c, &opts, None, |t, v| {
                got[t] = v.to_vec();
                Ok::<(), ()>(())
            })
            .unwrap();
            for t in 0..c.tier_count() {
                for r in 0..c.tier_size(t) {
                    let v = tier_value(got[t][r as usize]);
                    assert_eq!(v, plain.get(c.column_index(t, r)), "{w}x{h} tier {t} rank {r}");
                    assert_eq!(v, ranked.get(c.index(t, r)));
                }
            }
            // Boards of the column encoding without a rank are not positions.
            for s in 0..plain.len() {
                if c.rank_of_column_index(s).is_none() {
                    assert_eq!(plain.get(s), None);
                }
            }
            // John Tromp, "John's Connect Four Playground"
            // (tromp.github.io/c4/c4.html): 4×4, 5×4 and 4×5 are draws.
            assert_eq!(tier_value(got[0][0]), Some(SolvedValue::DRAW));
        }
    }

    #[test]
    fn standard_board_matches_the_published_counts() {
        // OEIS A090224 (E. W. Weisstein, J. Tromp; from V. Allis's thesis):
        // possible positions of n discs on the 7×6 board, the tier sizes.
        let c = tiers(7, 6);
        let a090224 = [
            1u64, 7, 56, 252, 1260, 4620, 18480, 59815, 206780, 605934, 1869840, 5038572,
        ];
        for (t, &want) in a090224.iter().enumerate() {
            assert_eq!(c.tier_size(t), want, "tier {t}");
        }
        // OEIS A212693 (J. Tromp): legal 7×6 positions after n plies, by
        // play from the empty board (which stops at four in a row).
        let a212693 = [1u64, 7, 49, 238, 1120, 4263, 16422, 54859, 184275];
        let mut level = vec![0u64];
        let mut kids = Vec::new();
        for (t, &want) in a212693.iter().enumerate() {
            assert_eq!(level.len() as u64, want, "ply {t}");
            let mut next = Vec::new();
            for &r in &level {
                kids.clear();
                if c.expand(t, r, &mut kids) == TierNode::Moves {
                    next.extend_from_slice(&kids);
                }
            }
            next.sort_unstable();
            next.dedup();
            level = next;
        }
    }

    #[test]
    fn reachable_counts_agree_with_the_column_encoding() {
        // 161,029 positions are reachable on 4×4 (the figure checked in
        // `connect_four`), found here tier by tier.
        for (w, h) in [(4, 4), (5, 3)] {
            let c = tiers(w, h);
            let bits = crate::loopy::tiered_reachable(
                &c,
                0,
                &TieredOptions {
                    threads: 2,
                    ..TieredOptions::default()
                },
            )
            .unwrap();
            let count: u64 = bits.iter().flatten().map(|w| u64::from(w.count_ones())).sum();
            let (_, want) = crate::loopy::reachable(c.board(), 0, usize::MAX).unwrap();
            assert_eq!(count, want, "{w}x{h}");
            if (w, h) == (4, 4) {
                assert_eq!(count, 161_029);
            }
        }
    }

    #[test]
    fn notation_goes_through_the_board() {
        use crate::loopy::SpaceNotation;
        let c = tiers(4, 4);
        let s = c.parse_state("2332").unwrap();
        assert_eq!(c.tier_of(s).0, 4);
        assert_eq!(
            c.format_state(s),
            c.board().format_state(c.board().parse_state("2332").unwrap())
        );
        assert_eq!(c.mover(s), "X");
        let mut kids = Vec::new();
        c.moves(s, &mut kids);
        assert_eq!(kids.len(), 4);
        assert!(c.describe_state_move(s, kids[0]).contains("X in column 1"));
        assert_eq!(c.parse_state("start"), Ok(0));
        assert!(c.parse_state("12345").is_err());
    }
}
