//! Moore's Nim_k: remove tokens from up to k heaps at once.

use crate::notation::{ParseError, describe_heap_move, format_heaps, parse_heaps};
use crate::outcome::Outcome;
use crate::play::PlayEngine;
use crate::registry::{
    BoardRules, Entry, Error, Family, Options, Report, Result, Ruleset, annotate, impartial_report,
    note_after_outcome, play_board, read_position, solve_board as solve, whole_param,
};
use crate::{impartial::ImpartialRules, nimber::Nimber, notation::Notation};

/// Moore's Nim_k (Moore 1910). A move removes a positive number of tokens from
/// each of between 1 and `k` heaps (amounts chosen freely). With `k = 1` it is
/// Nim.
///
/// A position is P iff, for every bit position, the number of heaps with that
/// bit set is divisible by `k + 1` ([`moore_is_p`], O(heaps · 64)). Grundy values of
/// N-positions have no known closed form and come from search.
///
/// ```
/// use sprague::{games::{MooreNim, moore_is_p}};
/// assert!(moore_is_p(&[1, 1, 1], 2));
/// assert!(!moore_is_p(&[1, 1, 1], 3));
/// let m = MooreNim::new(2).unwrap();
/// assert_eq!(m.k(), 2);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct MooreNim {
    k: usize,
}

impl MooreNim {
    /// Moore's Nim with parameter `1 ≤ k < 2^32`; `None` otherwise.
    #[must_use]
    pub const fn new(k: usize) -> Option<MooreNim> {
        // Compared as u64: on 32-bit targets (wasm32) every usize is below 2^32.
        if k == 0 || k as u64 >= 1 << 32 {
            None
        } else {
            Some(MooreNim { k })
        }
    }

    /// The largest number of heaps one move may touch.
    #[must_use]
    pub const fn k(self) -> usize {
        self.k
    }

    /// The number of options of `heaps`, saturating at `u64::MAX`: the sum over
    /// sets S of 1..=k non-empty heaps of the product of their sizes.
    #[must_use]
    pub fn option_count(self, heaps: &[u64]) -> u64 {
        // e[j] = sum of products over j-element subsets (elementary symmetric sums).
        let k = self.k.min(heaps.len());
        let mut e = vec![0u64; k + 1];
        e[0] = 1;
        for &h in heaps {
            for j in (1..=k).rev() {
                e[j] = e[j].saturating_add(e[j - 1].saturating_mul(h));
            }
        }
        e[1..].iter().fold(0u64, |a, &b| a.saturating_add(b))
    }
}

/// Largest number of options enumerated to list every winning move of
/// Moore's Nim by the digit-sum rule ([`MooreNim::winning_moves_by_rule`]).
pub const MOORE_OPTION_LIMIT: u64 = 200_000;

/// Largest number of reachable positions (the product of heap size + 1) for
/// which Moore's Nim is searched (Grundy values, misère play, `play`).
pub const MOORE_STATE_LIMIT: u64 = 20_000;

impl MooreNim {
    /// The number of positions reachable from `heaps` (itself included): the
    /// product of heap size + 1, saturating at `u64::MAX`. O(heaps).
    #[must_use]
    pub fn state_count(heaps: &[u64]) -> u64 {
        heaps
            .iter()
            .fold(1u64, |a, &h| a.saturating_mul(h.saturating_add(1)))
    }

    /// Whether `heaps` is small enough to search ([`MOORE_STATE_LIMIT`]).
    #[must_use]
    pub fn searchable(heaps: &[u64]) -> bool {
        Self::state_count(heaps) <= MOORE_STATE_LIMIT
    }

    /// Winning moves of `heaps` in normal play by the digit-sum rule, without
    /// search, and whether the list is complete: every option that is a
    /// P-position (options enumerated in [`ImpartialRules::moves`] order) when
    /// there are at most [`MOORE_OPTION_LIMIT`] options, else the one move of
    /// [`moore_winning_move`]. O(options · heaps · 64), or O(heaps · 64).
    #[must_use]
    pub fn winning_moves_by_rule(self, heaps: &[u64]) -> (Vec<Vec<u64>>, bool) {
        if self.option_count(heaps) <= MOORE_OPTION_LIMIT {
            let mut options = Vec::new();
            self.moves(&heaps.to_vec(), &mut options);
            options.retain(|o| moore_is_p(o, self.k));
            (options, true)
        } else {
            (moore_winning_move(heaps, self.k).into_iter().collect(), false)
        }
    }
}

/// Whether `heaps` is a P-position of Moore's Nim_k: every binary digit sum is
/// divisible by `k + 1`. O(heaps · 64).
#[must_use]
pub fn moore_is_p(heaps: &[u64], k: usize) -> bool {
    (0..64).all(|b| heaps.iter().filter(|&&h| h >> b & 1 == 1).count() % (k + 1) == 0)
}

/// Whether `heaps` is a misère P-position of Nim_k (the player who makes the
/// last move loses): as in normal play ([`moore_is_p`]) unless every heap has
/// at most one token, when the player to move loses exactly when the number of
/// one-token heaps is 1 more than a multiple of `k + 1` (the misère form of
/// Moore's rule, as Bouton's for Nim; checked against exhaustive misère search).
/// O(heaps · 64).
///
/// ```
/// use sprague::games::moore_misere_is_p;
/// assert!(moore_misere_is_p(&[1, 1, 1, 1], 2)); // four ones: 4 = 3 + 1
/// assert!(!moore_misere_is_p(&[1, 1, 1], 2));
/// assert!(moore_misere_is_p(&[3, 3, 3], 2)); // as in normal play
/// ```
#[must_use]
pub fn moore_misere_is_p(heaps: &[u64], k: usize) -> bool {
    if heaps.iter().all(|&h| h <= 1) {
        heaps.iter().filter(|&&h| h == 1).count() % (k + 1) == 1
    } else {
        moore_is_p(heaps, k)
    }
}

/// One misère winning move of Nim_k from `heaps`, if the player to move wins
/// and has a move. Moore's normal-play move wins when it leaves a heap of 2
/// or more; otherwise at most `k` heaps have 2 or more tokens, and the move
/// reduces each of them to 0 or 1 and clears up to `k` minus that many
/// one-token heaps so that the number of ones left is 1 more than a multiple
/// of `k + 1` (such a choice always exists: the counts reachable form a run of
/// `k + 1` numbers, or reach down to 0 from at least 1). O(heaps · 64 + k²).
#[must_use]
pub fn moore_misere_winning_move(heaps: &[u64], k: usize) -> Option<Vec<u64>> {
    if moore_misere_is_p(heaps, k) {
        return None;
    }
    if let Some(m) = moore_winning_move(heaps, k)
        && m.iter().any(|&h| h >= 2)
    {
        return Some(m);
    }
    let big: Vec<usize> = (0..heaps.len()).filter(|&i| heaps[i] >= 2).collect();
    let ones: Vec<usize> = (0..heaps.len()).filter(|&i| heaps[i] == 1).collect();
    if big.len() > k {
        return None;
    }
    let m = k + 1;
    for x in (0..=big.len()).rev() {
        for cleared in 0..=(k - big.len()).min(ones.len()) {
            let left = ones.len() - cleared + x;
            if left % m == 1 && (x + cleared > 0 || !big.is_empty()) {
                let mut out = heaps.to_vec();
                for (j, &i) in big.iter().enumerate() {
                    out[i] = u64::from(j < x);
                }
                for &i in ones.iter().take(cleared) {
                    out[i] = 0;
                }
                if out != heaps {
                    return Some(out);
                }
            }
        }
    }
    None
}

/// One move from `heaps` to a P-position of Nim_k, if `heaps` is an
/// N-position, by Moore's construction: from the top bit down, heaps that
/// already shrank have free lower bits; others shrink by clearing a set bit.
/// O(heaps · 64).
#[must_use]
pub fn moore_winning_move(heaps: &[u64], k: usize) -> Option<Vec<u64>> {
    if moore_is_p(heaps, k) {
        return None;
    }
    let m = k + 1;
    let mut out = heaps.to_vec();
    let mut touched = vec![false; heaps.len()];
    let mut used = 0usize;
    for b in (0..64).rev() {
        let bit = 1u64 << b;
        let ones: Vec<usize> = (0..heaps.len())
            .filter(|&i| !touched[i] && heaps[i] & bit != 0)
            .collect();
        let r = ones.len() % m;
        // Touched heaps: clear this bit first, then set it in as many as needed.
        for (i, t) in touched.iter().enumerate() {
            if *t {
                out[i] &= !bit;
            }
        }
        if r == 0 {
            continue;
        }
        if used + r <= k {
            // Clear the bit in r untouched heaps (they shrink and become free).
            for &i in ones.iter().take(r) {
                out[i] &= !bit;
                touched[i] = true;
            }
            used += r;
        } else {
            // Set the bit in m − r touched heaps (used ≥ m − r since used + r > k).
            let mut need = m - r;
            for (i, t) in touched.iter().enumerate() {
                if need == 0 {
                    break;
                }
                if *t {
                    out[i] |= bit;
                    need -= 1;
                }
            }
        }
    }
    Some(out)
}

impl ImpartialRules for MooreNim {
    type Position = Vec<u64>;

    fn moves(&self, position: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        fn rec(
            k: usize,
            start: usize,
            cur: &mut Vec<u64>,
            orig: &[u64],
            changed: usize,
            out: &mut Vec<Vec<u64>>,
        ) {
            if changed > 0 {
                out.push(cur.clone());
            }
            if changed == k {
                return;
            }
            for i in start..orig.len() {
                for v in 0..orig[i] {
                    cur[i] = v;
                    rec(k, i + 1, cur, orig, changed + 1, out);
                }
                cur[i] = orig[i];
            }
        }
        let mut cur = position.clone();
        rec(self.k, 0, &mut cur, position, 0, out);
    }

    fn closed_form(&self, component: &Vec<u64>) -> Option<Nimber> {
        // Only P-positions have a closed-form value.
        moore_is_p(component, self.k).then_some(Nimber::ZERO)
    }
}

impl Notation<Vec<u64>> for MooreNim {
    fn parse_position(&self, text: &str) -> Result<Vec<u64>, ParseError> {
        parse_heaps(text)
    }
    fn format_position(&self, position: &Vec<u64>) -> String {
        format_heaps(position)
    }
    fn describe_move(&self, from: &Vec<u64>, to: &Vec<u64>) -> String {
        let changed: Vec<String> = (0..from.len())
            .filter(|&i| from[i] != to[i])
            .map(|i| format!("heap {}: {} → {}", i + 1, from[i], to[i]))
            .collect();
        if changed.is_empty() {
            describe_heap_move(from, to)
        } else {
            changed.join(", ")
        }
    }
}

/// Moore's Nim_k: the digit-sum rule for any heaps; Grundy values and the
/// full list of winning moves when the position is small enough to enumerate.
struct MooreBoard {
    /// Name shown in reports, with `k`.
    name: String,
    /// The engine ruleset.
    rules: MooreNim,
}

impl MooreBoard {
    /// The report of a position too large to search, answered by a rule:
    /// its outcome, the winning moves found (`complete` when they are all
    /// of them) and a note on where the outcome comes from.
    fn by_rule(
        &self,
        p: &<MooreNim as ImpartialRules>::Position,
        misere: bool,
        outcome: Outcome,
        (targets, complete): (Vec<Vec<u64>>, bool),
        note: &str,
    ) -> Report {
        let rules = &self.rules;
        let moves: Vec<(String, String)> = targets
            .iter()
            .map(|q| (rules.format_position(q), rules.describe_move(p, q)))
            .collect();
        let mut r = impartial_report(
            &self.name,
            &rules.format_position(p),
            misere,
            outcome,
            None,
            &moves,
        );
        note_after_outcome(&mut r, note);
        annotate(
            &mut r,
            "winning_moves_complete",
            complete,
            (!complete).then(|| "(one winning move shown: too many options to list them all)".to_string()),
        );
        r
    }
}

impl Ruleset for MooreBoard {
    fn value(&self, position: &str, options: &Options<'_>) -> Result<Report> {
        let rules = &self.rules;
        let p = read_position(rules, position)?;
        let searchable = MooreNim::searchable(&p);
        if options.misere && !searchable {
            // Moore's misère rule: as in normal play unless every heap is 0 or 1.
            let k = rules.k();
            let outcome = if moore_misere_is_p(&p, k) {
                Outcome::P
            } else {
                Outcome::N
            };
            let (targets, complete) = if rules.option_count(&p) <= MOORE_OPTION_LIMIT {
                let mut options = Vec::new();
                rules.moves(&p, &mut options);
                options.retain(|o| moore_misere_is_p(o, k));
                (options, true)
            } else {
                (moore_misere_winning_move(&p, k).into_iter().collect(), false)
            };
            return Ok(self.by_rule(
                &p,
                true,
                outcome,
                (targets, complete),
                "grundy:  not computed (position too large to search; P/N from Moore's misère rule)",
            ));
        }
        if searchable {
            let (o, g, m) = solve(rules, &p, options)?;
            let mut r = impartial_report(&self.name, &rules.format_position(&p), options.misere, o, g, &m);
            annotate(&mut r, "winning_moves_complete", true, None);
            return Ok(r);
        }
        let outcome = if moore_is_p(&p, rules.k()) {
            Outcome::P
        } else {
            Outcome::N
        };
        Ok(self.by_rule(
            &p,
            false,
            outcome,
            rules.winning_moves_by_rule(&p),
            "grundy:  not computed (position too large to search; P/N from the digit-sum rule)",
        ))
    }

    fn play<'a>(&'a self, position: &str, options: &Options<'a>) -> Result<Box<dyn PlayEngine + 'a>> {
        play_board(&self.name, &self.rules, position, options, |p| {
            if MooreNim::searchable(p) {
                Ok(())
            } else {
                Err(format!(
                    "play searches every position, so the heaps' (size + 1) product must be at most {MOORE_STATE_LIMIT}"
                ))
            }
        })
    }
}

impl BoardRules for MooreNim {}

/// The catalog entries.
pub(crate) const ENTRIES: &[Entry] = &[Entry {
    name: "moore",
    params: "K",
    family: Family::Heap,
    summary: "remove tokens from up to K heaps at once (Moore's Nim_K)",
    notation: "heap sizes separated by spaces, e.g. `1 2 3 4`",
    example: "value moore:2 1 2 3 4",
    example2: "value moore:2 1 2 4",
    rules: "Moore's Nim_K: heaps of tokens; a move takes tokens from at least one and at most K heaps (any positive number from each chosen heap). The player who takes the last token wins.",
    known: "Write the heap sizes in binary: the position loses for the mover exactly when, in every bit position, the number of heaps with a 1 there is a multiple of K + 1 (E. H. Moore, A generalization of the game called Nim, Annals of Mathematics, 2nd series, vol. 11, 1910). In misère play the same rule holds unless every heap has at most one token; then the mover loses exactly when the number of one-token heaps is 1 more than a multiple of K + 1 (the misère form of Moore's rule, as Bouton's for Nim; checked against exhaustive misère search), so `--misere` answers heaps of any size.",
    build: |name, params| {
        let k = whole_param(name, params, "K")?;
        let rules = usize::try_from(k)
            .ok()
            .and_then(MooreNim::new)
            .ok_or_else(|| Error::input(format!("ruleset `{name}:{k}`: K must be between 1 and 2^32 - 1")))?;
        Ok(Box::new(MooreBoard {
            name: format!("{name}:{k}"),
            rules,
        }))
    },
}];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::GrundySolver;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(150))]

        #[test]
        fn p_rule_matches_search(heaps in proptest::collection::vec(0u64..6, 1..5), k in 1usize..4) {
            let rules = MooreNim::new(k).unwrap();
            // Search without the closed form: a plain solver on a wrapper.
            let plain = Plain(rules);
            let g = GrundySolver::new(&plain).grundy(&heaps).unwrap();
            prop_assert_eq!(g.is_zero(), moore_is_p(&heaps, k));
        }

        #[test]
        fn constructive_move_is_legal_and_wins(heaps in proptest::collection::vec(0u64..u64::MAX, 1..7), k in 1usize..5) {
            match moore_winning_move(&heaps, k) {
                None => prop_assert!(moore_is_p(&heaps, k)),
                Some(to) => {
                    prop_assert!(moore_is_p(&to, k));
                    let changed = (0..heaps.len()).filter(|&i| to[i] != heaps[i]).count();
                    prop_assert!(changed >= 1 && changed <= k);
                    prop_assert!((0..heaps.len()).all(|i| to[i] <= heaps[i]));
                }
            }
        }

        #[test]
        fn option_count_matches_enumeration(heaps in proptest::collection::vec(0u64..5, 1..5), k in 1usize..4) {
            let rules = MooreNim::new(k).unwrap();
            let mut opts = Vec::new();
            rules.moves(&heaps, &mut opts);
            prop_assert_eq!(rules.option_count(&heaps), opts.len() as u64);
        }
    }

    /// The ruleset with its closed form switched off.
    struct Plain(MooreNim);
    impl ImpartialRules for Plain {
        type Position = Vec<u64>;
        fn moves(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
            self.0.moves(p, out);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// Moore's misère rule and its constructive move against exhaustive
        /// misère search (the closed form switched off).
        #[test]
        fn misere_rule_matches_search(heaps in proptest::collection::vec(0u64..5, 1..5), k in 1usize..4) {
            let plain = Plain(MooreNim::new(k).unwrap());
            let mut solver = crate::impartial::MisereSolver::new(&plain).search_only();
            let want = solver.outcome(&heaps).unwrap() == crate::outcome::Outcome::P;
            prop_assert_eq!(moore_misere_is_p(&heaps, k), want, "{:?} k={}", heaps, k);
            let mut opts = Vec::new();
            plain.moves(&heaps, &mut opts);
            match moore_misere_winning_move(&heaps, k) {
                Some(to) => {
                    prop_assert!(opts.contains(&to), "{:?} → {:?} is not a move", heaps, to);
                    prop_assert_eq!(solver.outcome(&to).unwrap(), crate::outcome::Outcome::P);
                }
                None => prop_assert!(want || opts.is_empty()),
            }
        }

        /// Huge heaps: the constructive misère move is legal and wins by the rule.
        #[test]
        fn misere_move_on_huge_heaps(heaps in proptest::collection::vec(prop_oneof![0u64..3, any::<u64>()], 1..6), k in 1usize..4) {
            match moore_misere_winning_move(&heaps, k) {
                None => prop_assert!(moore_misere_is_p(&heaps, k) || heaps.iter().all(|&h| h == 0)),
                Some(to) => {
                    prop_assert!(moore_misere_is_p(&to, k));
                    let changed = (0..heaps.len()).filter(|&i| to[i] != heaps[i]).count();
                    prop_assert!(changed >= 1 && changed <= k);
                    prop_assert!((0..heaps.len()).all(|i| to[i] <= heaps[i]));
                }
            }
        }
    }

    #[test]
    fn winning_moves_by_rule_match_search() {
        let rules = MooreNim::new(2).unwrap();
        let mut solver = crate::impartial::GrundySolver::new(&rules);
        for p in [vec![1, 2, 3], vec![1, 2, 4], vec![3, 5, 6, 7], vec![0, 0]] {
            let (moves, complete) = rules.winning_moves_by_rule(&p);
            assert!(complete);
            assert_eq!(moves, solver.winning_moves(&p).unwrap(), "{p:?}");
        }
        let big = vec![u64::MAX - 1, 1 << 40, 12345];
        let (moves, complete) = rules.winning_moves_by_rule(&big);
        assert!(!complete && moves.len() == 1 && moore_is_p(&moves[0], 2));
        assert_eq!(MooreNim::state_count(&[2, 3]), 12);
        assert!(MooreNim::searchable(&[2, 3]) && !MooreNim::searchable(&[u64::MAX]));
    }
}
