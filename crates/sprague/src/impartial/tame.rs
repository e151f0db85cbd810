//! Misère play of sums of tame games, from the components' normal-play
//! Grundy values (Conway's genus theory).
//!
//! Conway (On Numbers and Games, ch. 12) and Winning Ways (ch. 13,
//! "Survival in the Lost World") describe an impartial game in misère play by
//! its *genus*: the normal Grundy value with the misère values of the game
//! plus 0, 1, 2, … copies of `*2`. A game is *tame* when every position's genus
//! is one of those of misère Nim: `0^120` and `1^031` (like the heaps `*0` and
//! `*1`), `0^0` and `1^1` (like `*2 + *2` and `*2 + *3`), or `a^a` for `a ≥ 2`
//! (like the heap `*a`). Sums of tame games are tame and add like misère Nim
//! positions (Bouton's rule): with `g` the nim-sum of the components' normal
//! values, a sum whose every component is *tiny* (genus `0^120` or `1^031`) is
//! a misère P-position iff `g = 1`, and any other tame sum iff `g = 0`.

use crate::{nimber::Nimber, outcome::Outcome};

/// A tame component as the misère rule sees it: its normal Grundy value and
/// whether it is *tiny* (genus `0^120` or `1^031`: it plays like a Nim heap
/// of 0 or 1 in misère play).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TameComponent {
    /// The normal-play Grundy value.
    pub grundy: Nimber,
    /// Whether the genus is `0^120` or `1^031`.
    pub tiny: bool,
}

/// The misère summary of a sum of tame components: the nim-sum of their
/// normal values and the number of components that are not tiny. Adding,
/// removing and replacing components is O(1), so a winning move is found by
/// trying each candidate once.
///
/// ```
/// use sprague::{Nimber, Outcome, impartial::{TameComponent, TameSum}};
/// let heap = |n: u64| TameComponent { grundy: Nimber(n), tiny: n <= 1 };
/// // Misère Nim 1 1 1 is lost for the player to move; 2 2 and 1 2 3 too
/// // (nim-sum 0 with a heap of 2 or more); 1 1 and 1 2 4 are won.
/// assert_eq!(TameSum::of([heap(1), heap(1), heap(1)]).outcome(), Outcome::P);
/// assert_eq!(TameSum::of([heap(2), heap(2)]).outcome(), Outcome::P);
/// assert_eq!(TameSum::of([heap(1), heap(2), heap(3)]).outcome(), Outcome::P);
/// assert_eq!(TameSum::of([heap(1), heap(1)]).outcome(), Outcome::N);
/// assert_eq!(TameSum::of([heap(1), heap(2), heap(4)]).outcome(), Outcome::N);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TameSum {
    /// The nim-sum of the components' normal values.
    pub grundy: Nimber,
    /// How many components are not tiny.
    pub fertile: u64,
}

impl TameSum {
    /// The summary of `components`. O(components).
    #[must_use]
    pub fn of(components: impl IntoIterator<Item = TameComponent>) -> Self {
        components.into_iter().fold(TameSum::default(), |s, c| s.with(c))
    }

    /// The sum with `c` added. O(1).
    #[must_use]
    pub fn with(self, c: TameComponent) -> Self {
        TameSum {
            grundy: self.grundy + c.grundy,
            fertile: self.fertile + u64::from(!c.tiny),
        }
    }

    /// The sum with `c` (one of its components) taken out. O(1).
    #[must_use]
    pub fn without(self, c: TameComponent) -> Self {
        TameSum {
            grundy: self.grundy + c.grundy,
            fertile: self.fertile.saturating_sub(u64::from(!c.tiny)),
        }
    }

    /// The misère outcome by the tame rule: with only tiny components the
    /// player to move loses iff the nim-sum is 1, otherwise iff it is 0. O(1).
    #[must_use]
    pub fn outcome(self) -> Outcome {
        let lost = if self.fertile == 0 {
            self.grundy == Nimber(1)
        } else {
            self.grundy.is_zero()
        };
        if lost { Outcome::P } else { Outcome::N }
    }

    /// The normal values a component of value `g` should move to for the sum
    /// to become a misère P-position: the normal target `g + grundy`, and 0
    /// and 1 (the moves that leave only tiny components). Candidates only:
    /// the caller checks each option with [`outcome`](Self::outcome). O(1).
    #[must_use]
    pub fn targets(self, g: Nimber) -> [Nimber; 3] {
        [g + self.grundy, Nimber(0), Nimber(1)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::{ImpartialRules, MisereSolver};
    use proptest::prelude::*;

    /// A finite impartial game given as a tree of options (each option an
    /// index into the list of games, smaller than the game's own index).
    #[derive(Clone, Debug)]
    struct Forest {
        options: Vec<Vec<usize>>,
    }

    /// Sums of games of the forest, as sorted lists of game indices.
    impl ImpartialRules for Forest {
        type Position = Vec<usize>;
        fn moves(&self, p: &Vec<usize>, out: &mut Vec<Vec<usize>>) {
            for (i, &g) in p.iter().enumerate() {
                for &o in &self.options[g] {
                    let mut q = p.clone();
                    q[i] = o;
                    q.retain(|&x| x != 0);
                    q.sort_unstable();
                    out.push(q);
                }
            }
        }
    }

    impl Forest {
        fn grundy(&self, g: usize, memo: &mut Vec<Option<u64>>) -> u64 {
            if let Some(v) = memo[g] {
                return v;
            }
            let mut seen: Vec<u64> = self.options[g].iter().map(|&o| self.grundy(o, memo)).collect();
            let v = crate::nimber::mex_in_place(&mut seen).get();
            memo[g] = Some(v);
            v
        }

        /// The misère Grundy value of a sum (the definition: terminal 1, else mex).
        fn misere_value(&self, p: &[usize], memo: &mut std::collections::HashMap<Vec<usize>, u64>) -> u64 {
            if let Some(&v) = memo.get(p) {
                return v;
            }
            let mut opts = Vec::new();
            self.moves(&p.to_vec(), &mut opts);
            let v = if opts.is_empty() {
                1
            } else {
                let mut seen: Vec<u64> = opts.iter().map(|q| self.misere_value(q, memo)).collect();
                crate::nimber::mex_in_place(&mut seen).get()
            };
            memo.insert(p.to_vec(), v);
            v
        }
    }

    /// A random forest: game 0 is empty, game 1 is `*1`, every later game has
    /// a random set of earlier games as options.
    fn arb_forest() -> impl Strategy<Value = Forest> {
        prop::collection::vec(prop::collection::vec(any::<prop::sample::Index>(), 1..4), 1..9).prop_map(
            |raw| {
                let mut options = vec![vec![], vec![0]];
                for (k, opts) in raw.into_iter().enumerate() {
                    let n = k + 2;
                    let mut o: Vec<usize> = opts.iter().map(|i| i.index(n)).collect();
                    o.sort_unstable();
                    o.dedup();
                    options.push(o);
                }
                Forest { options }
            },
        )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        /// Wherever every position of every component has a tame genus (found
        /// by the definition: misère values of the game plus 0, 1 and 2 copies
        /// of `*2`, the game `*2` added to the forest), the tame rule gives the
        /// misère outcome of random sums, as an exhaustive search does.
        #[test]
        fn tame_rule_matches_search(forest in arb_forest(), picks in prop::collection::vec(any::<prop::sample::Index>(), 1..4)) {
            let mut f = forest;
            let star2 = f.options.len();
            f.options.push(vec![0, 1]);
            let mut memo = vec![None; f.options.len()];
            let mut mis = std::collections::HashMap::new();
            let genus_tiny = |f: &Forest, g: usize, memo: &mut Vec<Option<u64>>, mis: &mut std::collections::HashMap<Vec<usize>, u64>| -> Option<bool> {
                let a = f.grundy(g, memo);
                let mut vals = [0u64; 3];
                for (k, v) in vals.iter_mut().enumerate() {
                    let mut p: Vec<usize> = std::iter::once(g).chain(std::iter::repeat_n(star2, k)).filter(|&x| x != 0).collect();
                    p.sort_unstable();
                    *v = f.misere_value(&p, mis);
                }
                match (a, vals) {
                    (0, [1, 2, 0]) | (1, [0, 3, 1]) => Some(true),
                    (a, [x, y, z]) if x == a && z == a && y == a ^ 2 => Some(false),
                    _ => None,
                }
            };
            // Components whose every position is tame.
            let games: Vec<usize> = (0..star2).collect();
            let mut tame = vec![false; star2];
            for &g in &games {
                let all_below = f.options[g].iter().all(|&o| tame[o]);
                tame[g] = all_below && genus_tiny(&f, g, &mut memo, &mut mis).is_some();
            }
            let pool: Vec<usize> = games.into_iter().filter(|&g| tame[g] && g != 0).collect();
            prop_assume!(!pool.is_empty());
            let mut sum: Vec<usize> = picks.iter().map(|i| pool[i.index(pool.len())]).collect();
            sum.sort_unstable();
            let comps: Vec<TameComponent> = sum.iter().map(|&g| TameComponent {
                grundy: Nimber(f.grundy(g, &mut memo)),
                tiny: genus_tiny(&f, g, &mut memo, &mut mis).unwrap_or(false),
            }).collect();
            let want = MisereSolver::new(&f).search_only().outcome(&sum).unwrap();
            prop_assert_eq!(TameSum::of(comps).outcome(), want, "{:?} in {:?}", sum, f.options);
        }
    }
}
