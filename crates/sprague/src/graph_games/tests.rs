//! Structural algorithms against move-by-move search on random small inputs,
//! and against published values.

use super::*;
use crate::{
    impartial::{GrundySolver, ImpartialRules},
    nimber::Nimber,
};
use proptest::prelude::*;

/// Plain search with no decomposition and no closed forms: the definition.
struct Plain<'a, R>(&'a R);

impl<R: ImpartialRules> ImpartialRules for Plain<'_, R> {
    type Position = R::Position;
    fn moves(&self, p: &R::Position, out: &mut Vec<R::Position>) {
        self.0.moves(p, out);
    }
}

fn grundy<R: ImpartialRules>(rules: &R, p: &R::Position) -> Nimber {
    GrundySolver::new(rules).grundy(p).unwrap()
}

/// Dawson's Kayles (octal 0.07) for n = 0..=50: OEIS A002187; the same list
/// (from n = 1) is the published Arc Kayles value of paths.
const DAWSON_KAYLES: [u64; 51] = [
    0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2, 7, 4,
    0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5,
];

fn path(n: u32) -> Vec<(u32, u32)> {
    (1..n).map(|i| (i - 1, i)).collect()
}

fn random_tree(parents: &[u32]) -> (usize, Vec<(u32, u32)>) {
    // parents[i] picks the parent of vertex i + 1 among 0..=i.
    let edges = parents
        .iter()
        .enumerate()
        .map(|(i, &p)| (p % (i as u32 + 1), i as u32 + 1))
        .collect();
    (parents.len() + 1, edges)
}

// ---------------------------------------------------------------- Hackenbush

#[test]
fn hackenbush_winning_ways_examples() {
    // Winning Ways, vol. 1, ch. 7 ("Green Hackenbush, the Game of Nim, and
    // Nimbers"): a bamboo stalk (snake) of n edges is the nim-heap *n.
    for n in 0..12u32 {
        assert_eq!(
            green_hackenbush_value(n as usize + 1, &path(n + 1)),
            Nimber(u64::from(n))
        );
    }
    // Colon principle (same chapter): a tree is worth the stalk of its
    // branches' nim-sum. A root edge carrying branches of 1 and 2 edges:
    // 1 + (*1 ⊕ *2) = *4.
    let tree = [(0, 1), (1, 2), (1, 3), (3, 4)];
    assert_eq!(green_hackenbush_value(5, &tree), Nimber(4));
    // Three stalks of 1, 2, 3 on the ground: Nim 1 ⊕ 2 ⊕ 3 = 0.
    let nim = [(0, 1), (0, 2), (2, 3), (0, 4), (4, 5), (5, 6)];
    assert_eq!(green_hackenbush_value(7, &nim), Nimber(0));
    // Fusion principle (Winning Ways, ch. 7, "bridges" standing on the ground
    // at both ends): a circuit fuses into one vertex, an odd circuit being *1,
    // an even one 0. A bridge of 3 edges from the ground to the ground is an
    // odd circuit through the ground: *1; of 4 edges: 0.
    assert_eq!(green_hackenbush_value(3, &[(0, 1), (1, 2), (2, 0)]), Nimber(1));
    assert_eq!(
        green_hackenbush_value(4, &[(0, 1), (1, 2), (2, 3), (3, 0)]),
        Nimber(0)
    );
    // A loop is worth a twig: a stalk of 2 with a loop on top is a stalk of 3.
    assert_eq!(green_hackenbush_value(3, &[(0, 1), (1, 2), (2, 2)]), Nimber(3));
    // A triangle lifted on a stalk of one edge: the triangle fuses to a vertex
    // with three loops (*1), so the picture is 1 + 1 = *2.
    assert_eq!(
        green_hackenbush_value(4, &[(0, 1), (1, 2), (2, 3), (3, 1)]),
        Nimber(2)
    );
    // Parts not touching the ground fall away.
    assert_eq!(green_hackenbush_value(4, &[(0, 1), (2, 3)]), Nimber(1));
    // A house: two walls standing on the ground (0-1, 0-2), a ceiling 1-2 and
    // a roof 1-3, 3-2. All five edges lie on circuits through the ground, so
    // they fuse into five loops at the ground: *1. A chimney stalk of two
    // edges on the roof top adds *2 (colon principle): *1 ⊕ *2 = *3.
    let house = [(0, 1), (0, 2), (1, 2), (1, 3), (2, 3)];
    let with_chimney = [(0, 1), (0, 2), (1, 2), (1, 3), (2, 3), (3, 4), (4, 5)];
    assert_eq!(green_hackenbush_value(4, &house), Nimber(1));
    assert_eq!(green_hackenbush_value(6, &with_chimney), Nimber(3));
    let mut solver = GrundySolver::new(&GreenHackenbush);
    for pic in [&house[..], &with_chimney[..]] {
        let brute = solver.grundy(&GreenHackenbush::position(pic)).unwrap();
        assert_eq!(green_hackenbush_value(6, pic), brute);
    }
}

fn multigraph() -> impl Strategy<Value = (usize, Vec<(u32, u32)>)> {
    (1usize..=6).prop_flat_map(|n| {
        let e = (0..n as u32, 0..n as u32);
        (Just(n), proptest::collection::vec(e, 0..=8))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(5000))]

    #[test]
    fn hackenbush_fusion_and_colon_equal_search((n, edges) in multigraph()) {
        let fast = green_hackenbush_value(n, &edges);
        let brute = grundy(&GreenHackenbush, &GreenHackenbush::position(&edges));
        prop_assert_eq!(fast, brute, "edges {:?}", edges);
    }
}

fn larger_multigraph() -> impl Strategy<Value = (usize, Vec<(u32, u32)>)> {
    (2usize..=10).prop_flat_map(|n| {
        let e = (0..n as u32, 0..n as u32);
        (Just(n), proptest::collection::vec(e, 9..=13))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn hackenbush_larger_pictures_equal_search((n, edges) in larger_multigraph()) {
        let fast = green_hackenbush_value(n, &edges);
        let brute = grundy(&GreenHackenbush, &GreenHackenbush::position(&edges));
        prop_assert_eq!(fast, brute, "edges {:?}", edges);
    }

    #[test]
    fn bipartite_matchings_on_larger_graphs(left in 1usize..=60, right in 1usize..=60, raw in proptest::collection::vec((0u32..60, 0u32..60), 0..=200)) {
        // Random bipartite graphs: Hopcroft–Karp and Edmonds find the same size,
        // and both ways of finding the always-covered vertices agree.
        let n = left + right;
        let edges: Vec<(u32, u32)> = raw
            .iter()
            .map(|&(a, b)| (a % left as u32, left as u32 + b % right as u32))
            .collect();
        let g = UndirectedGraph::new(n, &edges);
        let side: Vec<bool> = (0..n).map(|v| v >= left).collect();
        let hk = hopcroft_karp(&g, &side);
        for (v, mv) in hk.iter().enumerate() {
            if let Some(w) = mv {
                prop_assert_eq!(hk[*w as usize], Some(v as u32));
                prop_assert!(g.neighbors(v as u32).contains(w));
            }
        }
        prop_assert_eq!(matching_size(&hk), matching_size(&edmonds_matching(&g)));
        prop_assert_eq!(always_covered_bipartite(&g, &side), always_covered_general(&g));
    }
}

/// Fusion and colon done the slow, separate way: an edge is a bridge iff
/// deleting it disconnects its ends (a search per edge); non-bridge edges and
/// loops become loops of their 2-edge-connected block; blocks and bridges form
/// a tree valued from the ground by the colon principle. O(m²).
fn hackenbush_slow(n: usize, edges: &[(u32, u32)]) -> Nimber {
    let connected_without = |skip: usize, a: u32, b: u32| {
        let mut seen = vec![false; n];
        let mut stack = vec![a];
        seen[a as usize] = true;
        while let Some(x) = stack.pop() {
            for (i, &(u, v)) in edges.iter().enumerate() {
                if i == skip {
                    continue;
                }
                for (p, q) in [(u, v), (v, u)] {
                    if p == x && !seen[q as usize] {
                        seen[q as usize] = true;
                        stack.push(q);
                    }
                }
            }
        }
        seen[b as usize]
    };
    let bridge: Vec<bool> = edges
        .iter()
        .enumerate()
        .map(|(i, &(u, v))| u != v && !connected_without(i, u, v))
        .collect();
    // Blocks: union-find over non-bridge edges.
    let mut block = crate::union_find::UnionFind::new(n);
    for (i, &(u, v)) in edges.iter().enumerate() {
        if !bridge[i] {
            block.union(u as usize, v as usize);
        }
    }
    let mut loops = vec![0u64; n];
    let mut tree: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (i, &(u, v)) in edges.iter().enumerate() {
        let (a, b) = (block.find(u as usize), block.find(v as usize));
        if bridge[i] {
            tree[a].push(b);
            tree[b].push(a);
        } else {
            loops[a] ^= 1;
        }
    }
    fn value(tree: &[Vec<usize>], loops: &[u64], at: usize, from: usize) -> u64 {
        let mut g = loops[at];
        for &c in &tree[at] {
            if c != from {
                g ^= value(tree, loops, c, at) + 1;
            }
        }
        g
    }
    let ground = block.find(0);
    Nimber(value(&tree, &loops, ground, usize::MAX))
}

fn medium_multigraph() -> impl Strategy<Value = (usize, Vec<(u32, u32)>)> {
    (2usize..=200).prop_flat_map(|n| {
        let e = (0..n as u32, 0..n as u32);
        (Just(n), proptest::collection::vec(e, 0..=260))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn hackenbush_equals_slow_fusion_on_medium_graphs((n, edges) in medium_multigraph()) {
        let fast = green_hackenbush_value(n, &edges);
        prop_assert_eq!(fast, hackenbush_slow(n, &edges));
        // Parity principle: a picture's value has the parity of its number of
        // (grounded) edges.
        let grounded = GreenHackenbush::position(&edges).len() as u64;
        prop_assert_eq!(fast.get() & 1, grounded & 1);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn hackenbush_components_equal_plain_search((_n, edges) in multigraph()) {
        let p = GreenHackenbush::position(&edges);
        prop_assert_eq!(grundy(&GreenHackenbush, &p), grundy(&Plain(&GreenHackenbush), &p));
    }
}

// ---------------------------------------------------------------- Geography

fn simple_graph(max_n: usize, max_m: usize) -> impl Strategy<Value = (usize, Vec<(u32, u32)>)> {
    (1usize..=max_n).prop_flat_map(move |n| {
        let e = (0..n as u32, 0..n as u32);
        (Just(n), proptest::collection::vec(e, 0..=max_m))
    })
}

fn geography_brute(n: usize, edges: &[(u32, u32)]) -> Vec<bool> {
    let rules = GeographyRules::new(n, edges).unwrap();
    let mut solver = GrundySolver::new(&rules);
    (0..n as u32)
        .map(|s| !solver.grundy(&rules.start(s)).unwrap().is_zero())
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn geography_matching_rule_equals_search((n, edges) in simple_graph(9, 14)) {
        prop_assert_eq!(geography_winning_starts(n, &edges), geography_brute(n, &edges), "edges {:?}", edges);
    }

    #[test]
    fn general_and_bipartite_matchings_agree((n, edges) in simple_graph(12, 20)) {
        let g = UndirectedGraph::new(n, &edges);
        let general = always_covered_general(&g);
        let m = edmonds_matching(&g);
        // Check the matching is valid, and that a vertex is always covered
        // exactly when deleting it lowers the maximum matching size.
        for (v, mv) in m.iter().enumerate() {
            if let Some(w) = mv {
                prop_assert_eq!(m[*w as usize], Some(v as u32));
                prop_assert!(g.neighbors(v as u32).contains(w));
            }
        }
        let nu = matching_size(&m);
        for v in 0..n as u32 {
            let rest: Vec<(u32, u32)> = edges.iter().copied().filter(|&(a, b)| a != v && b != v).collect();
            let nu_minus = matching_size(&edmonds_matching(&UndirectedGraph::new(n, &rest)));
            prop_assert_eq!(general[v as usize], nu_minus < nu, "vertex {} edges {:?}", v, edges);
        }
        if let Some(side) = g.two_coloring() {
            prop_assert_eq!(matching_size(&hopcroft_karp(&g, &side)), nu);
            prop_assert_eq!(always_covered_bipartite(&g, &side), general);
        }
    }

    #[test]
    fn grid_geography_equals_search(h in 1usize..=4, w in 1usize..=4, cells in proptest::collection::vec(any::<bool>(), 16)) {
        let open: Vec<bool> = (0..h * w).map(|i| cells[i] || i % 3 == 0).collect();
        let board = CellGrid { height: h, width: w, open };
        let fast = grid_geography_winning_cells(&board);
        let brute = geography_brute(h * w, &board.grid_edges());
        for v in 0..h * w {
            prop_assert_eq!(fast[v], brute[v] && board.open[v], "board {}", board.format());
        }
    }
}

/// Maximum matching size by dynamic programming over vertex subsets: the
/// lowest vertex is left out or matched to a neighbour. O(2^n · n).
fn matching_size_dp(n: usize, edges: &[(u32, u32)]) -> Vec<u8> {
    let mut adj = vec![0u32; n];
    for &(u, v) in edges {
        if u != v {
            adj[u as usize] |= 1 << v;
            adj[v as usize] |= 1 << u;
        }
    }
    let mut best = vec![0u8; 1 << n];
    for mask in 1usize..1 << n {
        let v = mask.trailing_zeros() as usize;
        let rest = mask & !(1 << v);
        let mut b = best[rest];
        let mut nb = adj[v] as usize & rest;
        while nb != 0 {
            let w = nb.trailing_zeros() as usize;
            nb &= nb - 1;
            b = b.max(1 + best[rest & !(1 << w)]);
        }
        best[mask] = b;
    }
    best
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn edmonds_equals_subset_dp(n in 1usize..=14, raw in proptest::collection::vec((0u32..14, 0u32..14), 0..=40)) {
        let edges: Vec<(u32, u32)> = raw.iter().map(|&(a, b)| (a % n as u32, b % n as u32)).collect();
        let g = UndirectedGraph::new(n, &edges);
        let best = matching_size_dp(n, &edges);
        let full = (1usize << n) - 1;
        prop_assert_eq!(matching_size(&edmonds_matching(&g)), usize::from(best[full]), "edges {:?}", edges);
        let covered = always_covered_general(&g);
        for v in 0..n {
            prop_assert_eq!(covered[v], best[full & !(1 << v)] < best[full], "vertex {} edges {:?}", v, edges);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn grid_cells_equal_general_blossom_on_larger_boards(h in 1usize..=14, w in 1usize..=14, cells in proptest::collection::vec(0u8..10, 196)) {
        // Hopcroft–Karp with the chessboard colouring against the general
        // algorithm, which never looks at the colouring.
        let open: Vec<bool> = (0..h * w).map(|i| cells[i] >= 2).collect();
        let board = CellGrid { height: h, width: w, open };
        let g = UndirectedGraph::new(h * w, &board.grid_edges());
        let general = always_covered_general(&g);
        let grid = grid_geography_winning_cells(&board);
        for v in 0..h * w {
            prop_assert_eq!(grid[v], general[v] && board.open[v], "board {}", board.format());
        }
    }
}

#[test]
fn geography_known_cases() {
    // An odd cycle: by symmetry each vertex is missed by some maximum matching,
    // so every start loses; an even cycle has perfect matchings: every start wins.
    let c5: Vec<(u32, u32)> = (0..5).map(|i| (i, (i + 1) % 5)).collect();
    assert_eq!(geography_winning_starts(5, &c5), vec![false; 5]);
    let c6: Vec<(u32, u32)> = (0..6).map(|i| (i, (i + 1) % 6)).collect();
    assert_eq!(geography_winning_starts(6, &c6), vec![true; 6]);
    // A 2×2 open grid has a perfect matching: every cell wins.
    let b = CellGrid::parse("../..").unwrap();
    assert_eq!(grid_geography_winning_cells(&b), vec![true; 4]);
    // Ragged rows are refused with the row named.
    assert_eq!(
        CellGrid::parse("...\n..").unwrap_err(),
        BoardError::RaggedRow {
            row: 2,
            len: 2,
            expected: 3
        }
    );
}

// ---------------------------------------------------------------- Trees

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    #[test]
    fn leaf_removal_rule_equals_search(parents in proptest::collection::vec(0u32..64, 0..=12)) {
        let (n, edges) = random_tree(&parents);
        let tree = RootedTree::from_edges(n, &edges).unwrap();
        let rules = LeafRemovalRules::new(&tree).unwrap();
        let brute = !grundy(&rules, &rules.start()).is_zero();
        prop_assert_eq!(leaf_removal_first_player_wins(&tree), brute, "edges {:?}", edges);
    }

    #[test]
    fn increasing_distance_rule_equals_search(parents in proptest::collection::vec(0u32..64, 0..=12)) {
        let (n, edges) = random_tree(&parents);
        let tree = RootedTree::from_edges(n, &edges).unwrap();
        let rules = IncreasingDistanceRules::new(&tree).unwrap();
        let mut solver = GrundySolver::new(&rules);
        let brute: Vec<bool> = (0..n as u8).map(|s| !solver.grundy(&(s, 0)).unwrap().is_zero()).collect();
        prop_assert_eq!(increasing_distance_winning_starts(&tree), brute, "edges {:?}", edges);
    }
}

#[test]
fn leaf_removal_paths_and_errors() {
    // A bare path of n vertices is n forced moves: the first player wins iff n is odd.
    for n in 1..30u32 {
        let t = RootedTree::from_edges(n as usize, &path(n)).unwrap();
        assert_eq!(leaf_removal_first_player_wins(&t), n % 2 == 1, "path of {n}");
    }
    assert_eq!(
        RootedTree::from_edges(3, &[(0, 1), (1, 2), (2, 0)]).unwrap_err(),
        TreeError::Cycle { edge: 2, u: 2, v: 0 }
    );
    assert_eq!(
        RootedTree::from_edges(4, &[(0, 1), (2, 3)]).unwrap_err(),
        TreeError::Disconnected { vertex: 2 }
    );
    // A million-vertex path works without recursion.
    let n = 1_000_000u32;
    let t = RootedTree::from_edges(n as usize, &path(n)).unwrap();
    assert!(!leaf_removal_first_player_wins(&t));
}

// ---------------------------------------------------------------- Kayles

#[test]
fn kayles_on_paths_match_dawson() {
    // OEIS A002187: Arc Kayles on a path of n vertices is Dawson's Kayles of n;
    // Node Kayles on a path of n is Dawson's Chess, i.e. Dawson's Kayles of n + 1.
    for n in 1..=40u32 {
        let e = path(n);
        let arc = ArcKayles::new(n as usize, &e).unwrap();
        assert_eq!(
            grundy(&arc, &arc.start()),
            Nimber(DAWSON_KAYLES[n as usize]),
            "arc {n}"
        );
        let node = NodeKayles::new(n as usize, &e).unwrap();
        assert_eq!(
            grundy(&node, &node.start()),
            Nimber(DAWSON_KAYLES[n as usize + 1]),
            "node {n}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    #[test]
    fn kayles_components_equal_plain_search((n, edges) in simple_graph(9, 12)) {
        let node = NodeKayles::new(n, &edges).unwrap();
        prop_assert_eq!(grundy(&node, &node.start()), grundy(&Plain(&node), &node.start()));
        let arc = ArcKayles::new(n, &edges).unwrap();
        prop_assert_eq!(grundy(&arc, &arc.start()), grundy(&Plain(&arc), &arc.start()));
    }
}

// ---------------------------------------------------------------- Wall Making

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    #[test]
    fn wall_making_dp_equals_search(h in 1usize..=4, w in 1usize..=4, cells in proptest::collection::vec(any::<bool>(), 16)) {
        let open: Vec<bool> = (0..h * w).map(|i| cells[i]).collect();
        let board = CellGrid { height: h, width: w, open };
        let dp = wall_making_values(&board).unwrap();
        let rules = WallMakingRules::new(&board).unwrap();
        prop_assert_eq!(dp.whole(), grundy(&rules, &0), "board {}", board.format());
        // Every move's value agrees too.
        let mut options = Vec::new();
        let mut solver = GrundySolver::new(&rules);
        for r in 0..h {
            for c in 0..w {
                if board.open[r * w + c] {
                    options.clear();
                    let single = WallMakingRules::new(&CellGrid {
                        height: h,
                        width: w,
                        open: (0..h * w).map(|i| i == r * w + c).collect(),
                    }).unwrap();
                    single.moves(&0, &mut options);
                    prop_assert_eq!(dp.after_move(r, c), solver.grundy(&options[0]).unwrap());
                }
            }
        }
    }
}

#[test]
fn wall_making_full_board_twenty() {
    let board = CellGrid::parse(&vec![".".repeat(20); 20].join("/")).unwrap();
    let v = wall_making_values(&board).unwrap();
    // Symmetry: on an all-open board, the value of an a×b rectangle is that of b×a.
    for a in 1..=20 {
        for b in 1..=20 {
            assert_eq!(v.rect(0, a, 0, b), v.rect(0, b, 0, a));
        }
    }
    // 1×n and n×1 strips: any pick ends the game.
    assert_eq!(v.rect(0, 1, 0, 7), 1);
}

// ---------------------------------------------------------------- AGC016F

fn dag() -> impl Strategy<Value = (usize, Vec<(u32, u32)>)> {
    (2usize..=6).prop_flat_map(|n| {
        let e = (0..n as u32, 0..n as u32).prop_filter_map("forward", |(a, b)| (a < b).then_some((a, b)));
        (Just(n), proptest::collection::vec(e, 0..=12))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    #[test]
    fn dag_count_equals_brute_force((n, edges) in dag()) {
        prop_assert_eq!(count_dag_wins(n, &edges).unwrap(), count_dag_wins_brute_force(n, &edges).unwrap());
    }
}

#[test]
fn dag_count_samples_and_errors() {
    // Complete DAGs on 2..=5 vertices against brute force, and cycles refused.
    for n in 2..=5u32 {
        let edges: Vec<(u32, u32)> = (0..n).flat_map(|a| (a + 1..n).map(move |b| (a, b))).collect();
        assert_eq!(
            count_dag_wins(n as usize, &edges).unwrap(),
            count_dag_wins_brute_force(n as usize, &edges).unwrap()
        );
    }
    assert!(matches!(
        count_dag_wins(3, &[(0, 1), (1, 2), (2, 0)]),
        Err(DagCountError::Cycle { .. })
    ));
    assert!(matches!(
        count_dag_wins(1, &[]),
        Err(DagCountError::VertexCount { n: 1 })
    ));
}

// ---------------------------------------------------------------- Notation

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn edge_list_parser_never_panics_and_round_trips(text in "[0-9@n=, -]{0,24}") {
        if let Ok(g) = EdgeList::parse(&text) {
            prop_assert_eq!(EdgeList::parse(&g.format()).unwrap(), g);
        }
    }

    #[test]
    fn board_parser_never_panics(text in "[.#/x\n ]{0,30}") {
        if let Ok(b) = CellGrid::parse(&text) {
            prop_assert_eq!(b.open.len(), b.height * b.width);
            prop_assert_eq!(CellGrid::parse(&b.format()).unwrap(), b);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Boards with the three cell states (empty, marked, wall): splitting the
    /// cells not walled into regions gives the value of the plain search over
    /// whole boards, and the notation reads the walls back.
    #[test]
    fn wall_making_with_walls_equals_plain_search(h in 1usize..=4, w in 1usize..=4, cells in proptest::collection::vec(0u8..3, 16)) {
        let text: Vec<String> = (0..h)
            .map(|r| (0..w).map(|c| ['.', '#', 'W'][cells[r * w + c] as usize]).collect())
            .collect();
        let text = text.join("/");
        let (board, walls) = parse_wall_board(&text).unwrap();
        let walls = walls.unwrap_or(0);
        prop_assert_eq!(format_wall_board(&board, walls), text.clone());
        let rules = WallMakingRules::new(&board).unwrap();
        prop_assert_eq!(grundy(&rules, &walls), grundy(&Plain(&rules), &walls), "board {}", text);
        // Without walls the rectangle table agrees.
        if walls == 0 {
            prop_assert_eq!(wall_making_values(&board).unwrap().whole(), grundy(&rules, &0));
        }
    }
}
