//! `sprague play` driven by scripts of moves on stdin.

use std::process::Output;

use crate::common;

/// Runs `sprague play ARGS` with `script` on stdin.
fn play(args: &[&str], script: &str) -> Output {
    let all: Vec<&str> = std::iter::once("play").chain(args.iter().copied()).collect();
    common::run(&all, script)
}

/// The transcript of a game that ran to its end (or to the end of input).
fn transcript(args: &[&str], script: &str) -> String {
    let out = play(args, script);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8")
}

/// Exit code 2 and one line on stderr containing every `needle`.
fn bad(args: &[&str], needles: &[&str]) {
    let out = play(args, "");
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    for n in needles {
        assert!(err.contains(n), "{args:?}: `{err}` lacks `{n}`");
    }
}

#[test]
fn nim_from_a_zero_position_is_lost_to_the_engine() {
    // 1 ⊕ 2 ⊕ 3 = 0: whatever the user does, the engine restores nim-sum 0
    // and makes the last move.
    let t = transcript(&["nim", "1", "2", "3"], "1 2 2\n1 0 2\n0 0 1\n");
    assert!(t.contains("heap 1: ●    (1)"), "{t}");
    assert!(
        t.contains("sprague: heap 3: 2 → 1  →  1 2 1") || t.contains("→  0 2 2"),
        "{t}"
    );
    assert!(t.contains("Game over: sprague wins (you cannot move)."), "{t}");
    // Every engine reply leaves nim-sum 0.
    for line in t.lines().filter(|l| l.starts_with("sprague: ")) {
        let after = line.rsplit("→  ").next().unwrap();
        let sum = after
            .split(' ')
            .map(|h| h.parse::<u64>().unwrap())
            .fold(0, |a, h| a ^ h);
        assert_eq!(sum, 0, "{line}");
    }
}

#[test]
fn hint_shows_the_nim_sum_arithmetic() {
    let t = transcript(&["nim", "3", "4", "5"], "hint\nquit\n");
    assert!(t.contains("3 ⊕ 4 ⊕ 5 = 2"), "{t}");
    assert!(t.contains("heap 1: 3 → 3 ⊕ 2 = 1"), "{t}");
    assert!(t.contains("1 4 5"), "{t}");
    assert!(t.contains("Bye."), "{t}");
}

#[test]
fn hint_for_a_heap_game_names_values_and_sizes() {
    // subtraction {1,2}: G(n) = n mod 3, so G(4) ⊕ G(5) = 1 ⊕ 2 = 3.
    let t = transcript(&["subtraction:1,2", "4", "5"], "hint\n");
    assert!(t.contains("1 ⊕ 2 = 3"), "{t}");
    assert!(t.contains("heap 2 (5, value 2): 2 → 2 ⊕ 3 = 1"), "{t}");
    // A move may also raise a value: 4 → 2 takes heap 1 from value 1 to 2.
    assert!(t.contains("heap 1 (4, value 1): 1 → 1 ⊕ 3 = 2"), "{t}");
}

#[test]
fn a_thrown_away_win_is_reported_and_undo_restores_it() {
    let t = transcript(&["nim", "3", "4", "5"], "2 4 5\nundo\n1 4 5\n");
    assert!(
        t.contains("that threw away the win: `1 4 5` was the winning move"),
        "{t}"
    );
    assert!(t.contains("undone: back to 3 4 5"), "{t}");
    // After the undo the winning move is accepted without complaint.
    let after = t.split("undone").nth(1).unwrap();
    assert!(after.contains("you: heap 1: 3 → 1  →  1 4 5"), "{t}");
    assert!(!after.contains("threw away"), "{t}");
}

#[test]
fn moves_are_numbered_and_bad_moves_reprompt() {
    let t = transcript(&["nim", "2", "2"], "moves\n7 7\nfoo\n#9\n#1\n");
    assert!(t.contains("   1. 0 2"), "{t}");
    assert!(t.contains("`7 7` cannot be reached from 2 2 in one move"), "{t}");
    assert!(t.contains("not a move:"), "{t}");
    assert!(t.contains("no move 9"), "{t}");
    assert!(t.contains("you: heap 1: 2 → 0  →  0 2"), "{t}");
    // 2 2 is a loss for the first player: the engine mirrors and wins.
    assert!(t.contains("sprague: heap 2: 2 → 0  →  0 0"), "{t}");
    assert!(t.contains("Game over: sprague wins"), "{t}");
}

#[test]
fn the_user_can_win_and_swap_lets_the_engine_start() {
    let t = transcript(&["nim", "3"], "0\n");
    assert!(t.contains("Game over: you win"), "{t}");
    let t = transcript(&["nim", "3"], "swap\n");
    assert!(t.contains("sprague: heap 1: 3 → 0  →  0"), "{t}");
    assert!(t.contains("Game over: sprague wins"), "{t}");
    let t = transcript(&["nim", "3", "--first", "engine"], "");
    assert!(t.contains("Game over: sprague wins"), "{t}");
}

#[test]
fn misere_nim_ends_with_the_last_mover_losing() {
    // Misère Nim 1 1: the player to move takes one token and the opponent
    // must take the last one, and loses.
    let t = transcript(&["nim", "1", "1", "--misere"], "0 1\n");
    assert!(t.contains("sprague: heap 2: 1 → 0  →  0 0"), "{t}");
    assert!(t.contains("Game over: you win"), "{t}");
}

#[test]
fn domineering_as_left_and_as_right() {
    // 2×2 Domineering is ±1 (Winning Ways): whoever moves first wins.
    let t = transcript(&["domineering", "..|.."], "hint\n1\n");
    assert!(t.contains("You play Left"), "{t}");
    assert!(t.contains("value +-1"), "{t}");
    assert!(t.contains("value after: 1"), "{t}");
    assert!(t.contains("   a b\n  1  . .\n  2  . .\n"), "{t}");
    assert!(t.contains("Game over: you win"), "{t}");
    // As Right with Left (the engine) starting, the engine wins.
    let t = transcript(
        &["domineering", "..|..", "--side", "right", "--first", "engine"],
        "",
    );
    assert!(t.contains("sprague (Left): vertical domino"), "{t}");
    assert!(t.contains("Game over: sprague (Left) wins"), "{t}");
    // As Right moving first, the user wins with any move.
    let t = transcript(&["domineering", "..|..", "--side", "right"], "1\n");
    assert!(t.contains("your move (Right)>"), "{t}");
    assert!(t.contains("Game over: you win"), "{t}");
}

#[test]
fn grid_moves_are_typed_by_their_cells() {
    // Cells are named as drawn: column letter, row number.
    let t = transcript(&["domineering", "...|...|..."], "a1-a3\nb1-b2\n");
    assert!(
        t.contains("not a move") && t.contains("you (Left): vertical domino b1-b2  →  .#.|.#.|..."),
        "{t}"
    );
    let t = transcript(&["domineering", "...|...", "--side", "right"], "b2-c2\n");
    assert!(
        t.contains("you (Right): horizontal domino b2-c2  →  ...|.##"),
        "{t}"
    );
    // Clobber: the stone's cell and the cell it clobbers.
    let t = transcript(&["clobber", "xo"], "a1-b1\n");
    assert!(t.contains("you (Left): x on a1 clobbers b1 (a1-b1)"), "{t}");
    assert!(t.contains("Game over: you win"), "{t}");
}

#[test]
fn hackenbush_stalks_are_drawn() {
    let t = transcript(&["hackenbush", "BR", "B"], "quit\n");
    assert!(t.contains(" R\n"), "{t}");
    assert!(t.contains(" B   B"), "{t}");
    assert!(t.contains('▔'), "{t}");
}

#[test]
fn tic_tac_toe_is_a_draw_with_perfect_play() {
    // The user follows the hint every move (the first best move listed), the
    // engine plays perfectly: the game is drawn.
    let mut t = String::new();
    let mut moves = Vec::new();
    for _ in 0..5 {
        let hint = transcript(&["tic-tac-toe", "start"], &format!("{}hint\n", moves.concat()));
        let best = hint
            .rsplit("best moves")
            .next()
            .and_then(|h| h.lines().nth(1))
            .map(|l| l.split_whitespace().next().unwrap().to_string());
        let Some(best) = best else { break };
        moves.push(format!("{best}\n"));
        t = transcript(&["tic-tac-toe", "start"], &moves.concat());
        if t.contains("Game over") {
            break;
        }
    }
    assert!(t.contains("Game over: a draw."), "{t}");
    assert!(!t.contains("threw away"), "{t}");
}

#[test]
fn tic_tac_toe_cells_can_be_named_and_hints_give_remoteness() {
    // Cells are named as in the drawing (`b2` is the centre).
    let t = transcript(&["tic-tac-toe", "start"], "b2\nhint\n");
    assert!(t.contains("you (X): X at b2"), "{t}");
    assert!(t.contains("sprague (O): O at"), "{t}");
    assert!(t.contains("X to move: a draw with perfect play"), "{t}");
    // From a position where X wins in 1 (remoteness), the hint says so.
    let t = transcript(&["tic-tac-toe", "XX.|OO.|..."], "hint\nc1\n");
    assert!(t.contains("X: a win in 1 move (remoteness 1 ply)"), "{t}");
    assert!(t.contains("Game over: you win"), "{t}");
}

#[test]
fn tic_tac_toe_a_lost_draw_is_reported_and_the_engine_wins() {
    // The engine (X) opens in a corner (a1); O on the adjacent edge b1 loses.
    let t = transcript(&["tic-tac-toe", "start", "--first", "engine"], "b1\n#1\n#1\n#1\n");
    assert!(t.contains("sprague (X): X at a1"), "{t}");
    assert!(t.contains("that turned a draw into a loss"), "{t}");
    assert!(t.contains("Game over: sprague wins."), "{t}");
}

#[test]
fn krk_engine_mates() {
    // Kb6 Rh1 against kb8, White (the engine) to move: Rh8 is the only mate in one.
    let t = transcript(&["krk", "Kb6 Rh1 kb8 w", "--first", "engine"], "");
    assert!(t.contains("sprague (White): Rh1-h8"), "{t}");
    assert!(t.contains("Game over: sprague wins"), "{t}");
}

#[test]
fn bad_rulesets_and_positions_are_one_line_exit_2() {
    bad(&["nmi", "3"], &["unknown ruleset `nmi`", "did you mean `nim`"]);
    bad(&["nim", "3 x"], &["position `3 x`"]);
    bad(&["domineering", "..|.x"], &["position"]);
    bad(&["tic-tac-toe", "XXX|XXX|..."], &["not a reachable board"]);
    bad(&["krk", "Ke1 ke2 Ra1 w"], &["not a legal position"]);
    bad(&["domineering", "..|..", "--misere"], &["misère"]);
    bad(&["nim", "100000"], &["too large to play"]);
    bad(&["poker-nim", "30000 40000 / 1 1"], &["at most 100000"]);
    bad(
        &["wythoff", "3 5; 4 500"],
        &["heaps are limited to 150", "a single pair of any size"],
    );
}

#[test]
fn chomp_square_boards_are_won_by_the_engine_moving_first() {
    // Square diagrams are first-player wins: bite at (2,2) and mirror.
    let t = transcript(&["chomp", "3", "3", "3", "--first", "engine"], &"#1\n".repeat(10));
    assert!(t.contains("sprague: bite at row 2, column 2  →  3 1 1"), "{t}");
    assert!(t.contains("  1  ☠ ■ ■"), "{t}");
    assert!(t.contains("Game over: sprague wins"), "{t}");
}

#[test]
fn wythoff_p_positions_are_lost_to_the_engine() {
    // (3,5) is a P-position of Wythoff's game: (⌊2φ⌋, ⌊2φ⌋ + 2).
    let t = transcript(&["wythoff", "3", "5"], &format!("hint\n{}", "#1\n".repeat(10)));
    assert!(t.contains("heap 2: ●●●●●  (5)"), "{t}");
    assert!(t.contains("Grundy value 0"), "{t}");
    assert!(t.contains("Game over: sprague wins"), "{t}");
}

#[test]
fn a_twisted_game_is_drawn_as_its_base_game_with_the_roles_exchanged() {
    // Twisted Domineering on a 3×2 board is 1: Left's vertical domino
    // leaves −T(G), where Right (moving next) places Left's vertical
    // dominoes and Left Right's horizontal ones.
    let t = transcript(&["twisted:domineering", "...|..."], "hint\nb1-b2\n");
    assert!(t.contains("value 1 (outcome L)"), "{t}");
    assert!(t.contains("-(.#.|.#.)"), "{t}");
    assert!(t.contains("sprague (Right): vertical domino"), "{t}");
    // After `swap` the engine moves first, and the user, now Right, faces
    // −T(G): the base board, and a line saying whose moves are whose.
    let t = transcript(&["twisted:domineering", "....|...."], "swap\n");
    assert!(t.contains("sprague (Left): vertical domino"), "{t}");
    assert!(t.contains("roles exchanged: Left makes Right's moves"), "{t}");
}

/// `⌊√v⌋` by binary search: the test's own arithmetic, independent of the
/// library's Beatty code.
fn isqrt(v: u128) -> u128 {
    let (mut lo, mut hi) = (0u128, 1u128 << 64);
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if mid.checked_mul(mid).is_some_and(|sq| sq <= v) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo
}

/// Whether the Wythoff pair `(x, y)` loses for the mover: with `d` the heaps'
/// difference, the smaller heap is `⌊dφ⌋ = (d + ⌊d√5⌋) / 2` (Wythoff 1907).
fn wythoff_p(x: u64, y: u64) -> bool {
    let (lo, hi) = (u128::from(x.min(y)), u128::from(x.max(y)));
    let d = hi - lo;
    lo == (d + isqrt(5 * d * d)) / 2
}

/// The heaps after the move on the first line of `t` starting with `who`.
fn after_move(t: &str, who: &str) -> String {
    let line = t
        .lines()
        .find(|l| l.starts_with(who))
        .unwrap_or_else(|| panic!("no `{who}` line in {t}"));
    line.rsplit("→  ").next().unwrap().trim().to_string()
}

#[test]
fn wythoff_pairs_of_any_size_are_played_by_the_closed_form() {
    // The user takes one token from the second heap; the engine must answer
    // with a legal move to a P-position (checked here by exact integers).
    let (x, y) = (1_000_000_000_000u64, 1_618_033_988_748u64);
    let t = transcript(
        &["wythoff", "1000000000000", "1618033988749"],
        &format!("{x} {y}\nhint\nmoves\n#2\nquit\n"),
    );
    assert!(t.contains("position after it (the moves here are"), "{t}");
    assert!(
        t.contains(&format!("you: take 1 from the second heap  →  {x} {y}")),
        "{t}"
    );
    let reply = after_move(&t, "sprague: ");
    let h: Vec<u64> = reply.split(' ').map(|v| v.parse().unwrap()).collect();
    let (a, b) = (h[0], h[1]);
    let legal = (a < x && b == y) || (a == x && b < y) || (a < x && b < y && x - a == y - b);
    assert!(legal, "{x} {y} → {a} {b}");
    assert!(!wythoff_p(x, y) && wythoff_p(a, b), "{a} {b}");
    // The hint at the P-position says so; moves are not listed but typed.
    assert!(t.contains("a P-position: the player to move loses"), "{t}");
    assert!(t.contains("are too many to list"), "{t}");
    assert!(t.contains("no move 2: the moves from"), "{t}");
    // A move no rule allows is refused without listing anything.
    let t = transcript(&["wythoff", "1000000000000", "1618033988749"], "3 3\nquit\n");
    assert!(t.contains("`3 3` cannot be reached"), "{t}");
    // The hint at the start names the winning moves, each a P-position.
    let t = transcript(&["wyt-queens", "1000000000000,1618033988749"], "hint\nquit\n");
    assert!(t.contains("winning moves ("), "{t}");
}

/// The smallest term of the greedy Fibonacci (Zeckendorf) representation of
/// `n ≥ 1`, computed here from the Fibonacci numbers 1, 2, 3, 5, … (OEIS A000045).
fn smallest_zeckendorf_term(mut n: u64) -> u64 {
    let mut fib = vec![1u64, 2];
    while let Some(next) = fib[fib.len() - 1].checked_add(fib[fib.len() - 2]) {
        fib.push(next);
    }
    let mut last = n;
    for &f in fib.iter().rev() {
        if f <= n {
            n -= f;
            last = f;
        }
    }
    last
}

#[test]
fn fibonacci_nim_heaps_of_any_size_are_played_by_the_closed_form() {
    // (n, m) loses for the mover iff m is below the smallest Zeckendorf term
    // of n (Whinihan 1963). The user takes t, leaving (n - t, 2t): choose
    // the first t that leaves the engine a won position.
    let n = 1_000_000_000_000_000_000u64;
    let t = (1..10u64)
        .find(|&t| 2 * t >= smallest_zeckendorf_term(n - t))
        .expect("a move that leaves a won position");
    let (n1, m1) = (n - t, 2 * t);
    let out = transcript(
        &["fibonacci-nim", "1000000000000000000"],
        &format!("{n1}/{m1}\nhint\nquit\n"),
    );
    assert!(out.contains(&format!("you: take {t}, leaving {n1}")), "{out}");
    let reply = after_move(&out, "sprague: ");
    let (n2, m2) = reply.split_once('/').unwrap();
    let (n2, m2): (u64, u64) = (n2.parse().unwrap(), m2.parse().unwrap());
    let took = n1 - n2;
    assert!(took >= 1 && took <= m1 && m2 == 2 * took, "{n1}/{m1} → {reply}");
    assert!(m2 < smallest_zeckendorf_term(n2), "{reply} is no P-position");
    assert!(out.contains("(Zeckendorf representation)"), "{out}");
    assert!(out.contains("a P-position: the player to move loses"), "{out}");
}
