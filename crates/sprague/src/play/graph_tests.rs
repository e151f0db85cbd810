//! The players of games on graphs agree with plain search on random games.

use super::engine::Engine;
use super::geography::GeographyEngine;
use super::hackenbush::{HackenbushEngine, Picture};
use super::leaf_removal::{LeafPlayer, RootedLeaves};
use super::wall_making::{WallEngine, Walls};
use crate::graph_games::grounded;
use crate::{
    graph_games::{CellGrid, GeographyRules, GreenHackenbush, LeafRemovalRules, RootedTree, WallMakingRules},
    impartial::{GrundySolver, ImpartialRules},
    partizan::Player,
};

fn next(seed: &mut u64) -> u64 {
    *seed = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    *seed >> 33
}

fn random_graph(seed: &mut u64, n: u64, m: u64) -> Vec<(u32, u32)> {
    (0..m)
        .map(|_| (next(seed) % n, next(seed) % n))
        .map(|(u, v)| (u as u32, v as u32))
        .collect()
}

/// Walks random games with `engine`, calling `check` at every position.
fn walk<E: Engine>(seed: &mut u64, engine: &mut E, start: E::Pos, mut check: impl FnMut(&mut E, &E::Pos)) {
    let mut p = start;
    loop {
        check(engine, &p);
        let options = engine.options(&p, Player::Left).unwrap();
        if options.is_empty() {
            return;
        }
        p = options[next(seed) as usize % options.len()].clone();
    }
}

#[test]
fn hackenbush_engine_agrees_with_search() {
    let mut seed = 3;
    let mut solver = GrundySolver::new(&GreenHackenbush);
    for _ in 0..60 {
        let n = 2 + next(&mut seed) % 6;
        let m = 1 + next(&mut seed) % 8;
        let edges = random_graph(&mut seed, n, m);
        let mut engine = HackenbushEngine { misere: None };
        let start = Picture {
            edges: grounded(&edges),
            cut: None,
        };
        assert_eq!(start.edges, GreenHackenbush::position(&edges));
        walk(&mut seed, &mut engine, start, |e, p| {
            let want = !solver.grundy(&p.edges).unwrap().is_zero();
            assert_eq!(
                e.verdict(p, Player::Left).unwrap().is_win(),
                want,
                "{:?}",
                p.edges
            );
            let mut mine: Vec<Vec<(u32, u32)>> = e
                .options(p, Player::Left)
                .unwrap()
                .into_iter()
                .map(|o| o.edges)
                .collect();
            let mut theirs = Vec::new();
            GreenHackenbush.moves(&p.edges, &mut theirs);
            mine.sort();
            theirs.sort();
            assert_eq!(mine, theirs, "{:?}", p.edges);
        });
    }
}

#[test]
fn geography_engine_agrees_with_search() {
    let mut seed = 5;
    for round in 0..80 {
        let n = 1 + next(&mut seed) % 9;
        let m = next(&mut seed) % 14;
        let edges = random_graph(&mut seed, n, m);
        let rules = GeographyRules::new(n as usize, &edges).unwrap();
        let mut solver = GrundySolver::new(&rules);
        let mut engine = GeographyEngine::new("geography", n as usize, edges.clone(), None);
        let start = if round % 3 == 0 {
            engine.start(None)
        } else {
            engine.start(Some((next(&mut seed) % n) as u32))
        };
        walk(&mut seed, &mut engine, start, |e, p| {
            let want = match p.token {
                Some(t) => !solver.grundy(&(t as u8, p.visited[0])).unwrap().is_zero(),
                None => (0..n as u32).any(|v| solver.grundy(&rules.start(v)).unwrap().is_zero()),
            };
            assert_eq!(
                e.verdict(p, Player::Left).unwrap().is_win(),
                want,
                "{edges:?} {p:?}"
            );
            // Moves typed as vertices are the options.
            for o in e.options(p, Player::Left).unwrap() {
                let w = o.token.unwrap().to_string();
                let typed = e.short_move(p, &w).unwrap().unwrap();
                assert_eq!(e.key(&typed), e.key(&o));
            }
        });
    }
}

#[test]
fn grid_geography_engine_agrees_with_search() {
    let mut seed = 13;
    for _ in 0..30 {
        let (h, w) = (1 + next(&mut seed) as usize % 3, 1 + next(&mut seed) as usize % 4);
        let open: Vec<bool> = (0..h * w).map(|_| !next(&mut seed).is_multiple_of(4)).collect();
        let board = CellGrid {
            height: h,
            width: w,
            open,
        };
        let edges = board.grid_edges();
        let rules = GeographyRules::new(h * w, &edges).unwrap();
        let mut solver = GrundySolver::new(&rules);
        let mut engine = GeographyEngine::new("geography-grid", h * w, edges, Some(board.clone()));
        let start = engine.start(None);
        walk(&mut seed, &mut engine, start, |e, p| {
            let want = match p.token {
                Some(t) => !solver.grundy(&(t as u8, p.visited[0])).unwrap().is_zero(),
                None => (0..(h * w) as u32)
                    .any(|v| board.open[v as usize] && solver.grundy(&rules.start(v)).unwrap().is_zero()),
            };
            assert_eq!(e.verdict(p, Player::Left).unwrap().is_win(), want, "{p:?}");
            // The notation reads back.
            let text = e.format(p);
            let back = e.parse(&text).unwrap();
            assert_eq!(e.key(&back), e.key(p), "{text}");
        });
    }
}

#[test]
fn leaf_engine_agrees_with_search() {
    let mut seed = 7;
    for _ in 0..60 {
        let n = 1 + next(&mut seed) as usize % 10;
        let edges: Vec<(u32, u32)> = (1..n)
            .map(|v| ((next(&mut seed) as usize % v) as u32, v as u32))
            .collect();
        let tree = RootedTree::from_edges(n, &edges).unwrap();
        let rules = LeafRemovalRules::new(&tree).unwrap();
        let mut solver = GrundySolver::new(&rules);
        let start = rules.start();
        let mut engine = LeafPlayer(RootedLeaves {
            rules: rules.clone(),
            tree,
        });
        walk(&mut seed, &mut engine, start, |e, p| {
            let want = !solver.grundy(p).unwrap().is_zero();
            assert_eq!(
                e.verdict(p, Player::Left).unwrap().is_win(),
                want,
                "{edges:?} {p:b}"
            );
        });
    }
}

#[test]
fn wall_engine_agrees_with_search() {
    let mut seed = 11;
    for _ in 0..40 {
        let (h, w) = (1 + next(&mut seed) as usize % 4, 1 + next(&mut seed) as usize % 4);
        let open: Vec<bool> = (0..h * w).map(|_| !next(&mut seed).is_multiple_of(5)).collect();
        let board = CellGrid {
            height: h,
            width: w,
            open,
        };
        let rules = WallMakingRules::new(&board).unwrap();
        let mut solver = GrundySolver::new(&rules);
        let values = crate::graph_games::wall_making_values(&board).unwrap();
        let mut engine = WallEngine {
            board: board.clone(),
            values,
        };
        let start = Walls {
            rects: vec![[0, h, 0, w]],
            pick: None,
        };
        walk(&mut seed, &mut engine, start, |e, p| {
            let walls = (0..h * w)
                .filter(|&i| !e.inside(p, i))
                .fold(0u64, |m, i| m | 1 << i);
            let want = !solver.grundy(&walls).unwrap().is_zero();
            assert_eq!(
                e.verdict(p, Player::Left).unwrap().is_win(),
                want,
                "{}",
                e.format(p)
            );
            let mut theirs = Vec::new();
            rules.moves(&walls, &mut theirs);
            assert_eq!(e.options(p, Player::Left).unwrap().len(), theirs.len());
            let text = e.format(p);
            assert_eq!(e.format(&e.parse(&text).unwrap()), text);
        });
    }
}
