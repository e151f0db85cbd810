//! Stoppers: loopy games with no infinite alternating run of play from any
//! position.

use super::arena::Arena;
use super::graph::LoopyGame;
use crate::partizan::game_id::GameId;
use crate::partizan::store::GameStore;

impl LoopyGame {
    /// Whether the game is a stopper: no infinite sequence of alternating
    /// moves (Left, Right, Left, … or Right, Left, …) from any position
    /// (Siegel, *Combinatorial Game Theory*, VI.2; Winning Ways, ch. 11).
    /// Equivalently the state graph (position, player to move) has no cycle;
    /// checked by peeling states without successors (Kahn's algorithm),
    /// O(positions + moves).
    ///
    /// ```
    /// use sprague::partizan::loopy::LoopyGame;
    /// assert!(LoopyGame::on().is_stopper());
    /// assert!(LoopyGame::over().is_stopper());
    /// assert!(!LoopyGame::dud().is_stopper());
    /// // tis → tisn → tis alternates Left, Right: not a stopper.
    /// assert!(!LoopyGame::tis().is_stopper());
    /// ```
    #[must_use]
    pub fn is_stopper(&self) -> bool {
        let arena = Arena::single(self);
        acyclic(&arena)
    }
}

/// Whether the arena's state graph has no cycle.
pub(super) fn acyclic(arena: &Arena) -> bool {
    let n = arena.succ.len();
    let mut out: Vec<usize> = arena.succ.iter().map(Vec::len).collect();
    let mut stack: Vec<usize> = (0..n).filter(|&s| out[s] == 0).collect();
    let mut removed = 0;
    while let Some(t) = stack.pop() {
        removed += 1;
        for &(s, _) in &arena.pred[t] {
            let s = s as usize;
            out[s] -= 1;
            if out[s] == 0 {
                stack.push(s);
            }
        }
    }
    removed == n
}

/// The canonical short game of every position from which no cycle is
/// reachable (`None` for the others). With `build`, every such position
/// gets its value, through [`GameStore::game`] where needed; without, only
/// those known without comparisons ([`GameStore::known_game`]: numbers,
/// nimbers, `x + n·↑ + *m` and forms the store holds already) whose
/// options all got theirs. O(positions + moves) besides the store's work.
pub(super) fn short_values(g: &LoopyGame, store: &mut GameStore, build: bool) -> Vec<Option<GameId>> {
    let n = g.position_count();
    // The move graph (both players' moves) and its cyclic components.
    let succ: Vec<Vec<(u32, bool)>> = (0..n)
        .map(|v| g.left[v].iter().chain(&g.right[v]).map(|&w| (w, true)).collect())
        .collect();
    let arena = Arena::from_succ(succ);
    let comp = components(&arena);
    let mut size = vec![0u32; n];
    for &c in &comp {
        size[c as usize] += 1;
    }
    let mut loopy: Vec<bool> = (0..n)
        .map(|v| size[comp[v] as usize] > 1 || arena.succ[v].iter().any(|&(w, _)| w as usize == v))
        .collect();
    let mut stack: Vec<usize> = (0..n).filter(|&v| loopy[v]).collect();
    while let Some(w) = stack.pop() {
        for &(v, _) in &arena.pred[w] {
            if !loopy[v as usize] {
                loopy[v as usize] = true;
                stack.push(v as usize);
            }
        }
    }
    let mut value: Vec<Option<GameId>> = vec![None; n];
    let mut done = vec![false; n];
    for root in 0..n {
        if loopy[root] || done[root] {
            continue;
        }
        let mut st = vec![(root, false)];
        while let Some((v, expanded)) = st.pop() {
            if done[v] {
                continue;
            }
            if expanded {
                done[v] = true;
                let l: Option<Vec<GameId>> = g.left[v].iter().map(|&w| value[w as usize]).collect();
                let r: Option<Vec<GameId>> = g.right[v].iter().map(|&w| value[w as usize]).collect();
                let (Some(l), Some(r)) = (l, r) else { continue };
                // A value written inline (`*232`, `-5*232`, `^*200`) comes
                // with its canonical options: known without comparisons.
                value[v] = match store.known_game(&l, &r) {
                    Some(id) => Some(id),
                    None if build => Some(store.game(&l, &r)),
                    None => None,
                };
            } else {
                st.push((v, true));
                for &w in g.left[v].iter().chain(&g.right[v]) {
                    if !done[w as usize] {
                        st.push((w as usize, false));
                    }
                }
            }
        }
    }
    value
}

/// The strongly connected component of every state of `arena`, by
/// Tarjan's algorithm without recursion: an edge lies on a cycle iff its two
/// ends share a component.
pub(super) fn components(arena: &Arena) -> Vec<u32> {
    let n = arena.succ.len();
    let mut index = vec![u32::MAX; n];
    let mut low = vec![0u32; n];
    let mut on_stack = vec![false; n];
    let mut stack: Vec<usize> = Vec::new();
    let mut comp = vec![0u32; n];
    let mut comps = 0u32;
    let mut next = 0u32;
    for root in 0..n {
        if index[root] != u32::MAX {
            continue;
        }
        // (state, next edge to look at)
        let mut call: Vec<(usize, usize)> = vec![(root, 0)];
        index[root] = next;
        low[root] = next;
        next += 1;
        stack.push(root);
        on_stack[root] = true;
        while let Some(&(v, e)) = call.last() {
            if e < arena.succ[v].len() {
                let w = arena.succ[v][e].0 as usize;
                if let Some(top) = call.last_mut() {
                    top.1 += 1;
                }
                if index[w] == u32::MAX {
                    index[w] = next;
                    low[w] = next;
                    next += 1;
                    stack.push(w);
                    on_stack[w] = true;
                    call.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
            } else {
                call.pop();
                if let Some(&(u, _)) = call.last() {
                    low[u] = low[u].min(low[v]);
                }
                if low[v] == index[v] {
                    loop {
                        let w = stack.pop().unwrap_or(v);
                        on_stack[w] = false;
                        comp[w] = comps;
                        if w == v {
                            break;
                        }
                    }
                    comps += 1;
                }
            }
        }
    }
    comp
}
