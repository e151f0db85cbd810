//! The multiples-flipping coin game: the value table for N, then O(1) per coin.

use super::annotate;
use crate::play::{
    MULTIPLES_MISERE_PLAY_LIMIT, MULTIPLES_PLAY_LIMIT, MultiplesPlay, PlayEngine, erase, multiples_engine,
};
use crate::registry::{Data, Error, Options, Report, Result, Ruleset, impartial_report};
use crate::{
    games::{MULTIPLES_MAX_COINS, MULTIPLES_MISERE_LIMIT, MultiplesFlip, parse_multiples},
    impartial::MisereSolver,
    nimber::Nimber,
    notation::Notation,
    outcome::Outcome,
};
use std::cell::OnceCell;

/// Largest number of winning moves listed for the multiples game (the text
/// shows the first few unless `--all`; `runs` describes every move).
const MULTIPLES_LIST_LIMIT: u64 = 100_000;

/// The multiples-flipping game. A player borrows its game for its whole
/// life, and the game (the value table) depends on the N of the position, so
/// the ruleset keeps the games it has played, one per N up to the play limit.
#[derive(Default)]
pub(super) struct MultiplesBoard {
    played: OnceCell<Box<[OnceCell<MultiplesPlay>]>>,
}

impl MultiplesBoard {
    /// The game on `n ≤ MULTIPLES_PLAY_LIMIT` coins, built on first use.
    fn game(&self, n: u64) -> Option<&MultiplesPlay> {
        let played = self
            .played
            .get_or_init(|| (0..=MULTIPLES_PLAY_LIMIT).map(|_| OnceCell::new()).collect());
        let cell = played.get(usize::try_from(n).ok()?)?;
        Some(cell.get_or_init(|| MultiplesPlay(MultiplesFlip::new(n))))
    }
}

impl Ruleset for MultiplesBoard {
    fn value(&self, position: &str, options: &Options<'_>) -> Result<Report> {
        let (n, heads) = parse_multiples(position).map_err(|e| Error::position(position, e))?;
        if n > MULTIPLES_MAX_COINS {
            return Err(Error::input(format!(
                "position `{position}`: N must be at most 10^12 (the value table takes O(N^3/4) time)"
            )));
        }
        let game = MultiplesFlip::new(n);
        let canonical = game.format_position(&heads);
        if options.misere && n > MULTIPLES_MISERE_LIMIT {
            return Err(Error::input(format!(
                "multiples: misère play is searched, so N must be at most {MULTIPLES_MISERE_LIMIT}"
            )));
        }
        if options.misere {
            let mut solver =
                MisereSolver::with_max_states(&game, options.max_states).with_monitor(options.monitor);
            let o = solver.outcome(&heads)?;
            let moves: Vec<(String, String)> = solver
                .winning_moves(&heads)?
                .iter()
                .map(|q| {
                    let turned: Vec<String> = heads
                        .iter()
                        .filter(|x| !q.contains(x))
                        .chain(q.iter().filter(|x| !heads.contains(x)))
                        .map(u64::to_string)
                        .collect();
                    (
                        game.format_position(q),
                        format!("turn coins {}", turned.join(", ")),
                    )
                })
                .collect();
            return Ok(impartial_report("multiples", &canonical, true, o, None, &moves));
        }
        let g = game.value(&heads);
        let runs = game.winning_moves(&heads);
        let total: u64 = runs.iter().map(crate::games::KRange::len).sum();
        let moves: Vec<(String, String)> = runs
            .iter()
            .flat_map(|r| r.multipliers().map(move |k| (r.coin, k)))
            .take(MULTIPLES_LIST_LIMIT as usize)
            .map(|(x, k)| {
                let what = if k == 1 {
                    format!("turn coin {x} alone")
                } else {
                    format!("turn coins {x}, {}, …, {}", 2 * x, k * x)
                };
                (format!("x={x} k={k}"), what)
            })
            .collect();
        let mut report = impartial_report(
            "multiples",
            &canonical,
            false,
            Outcome::from_grundy(Nimber(g)),
            Some(g),
            &moves,
        );
        let values: Vec<u64> = heads.iter().map(|&x| game.coin_value(x)).collect();
        annotate(&mut report, "coin_values", values, None);
        annotate(
            &mut report,
            "winning_moves_total",
            total,
            (total > moves.len() as u64).then(|| {
                format!(
                    "({total} winning moves in all; the first {} are listed)",
                    moves.len()
                )
            }),
        );
        let runs: Vec<Data> = runs
            .iter()
            .map(|r| {
                Data::map()
                    .with("coin", r.coin)
                    .with("k_from", r.from)
                    .with("k_to", r.to)
                    .with("k_step", r.step)
            })
            .collect();
        annotate(&mut report, "winning_runs", Data::List(runs), None);
        Ok(report)
    }

    fn play<'a>(&'a self, position: &str, options: &Options<'a>) -> Result<Box<dyn PlayEngine + 'a>> {
        let (n, heads) = parse_multiples(position).map_err(|e| Error::position(position, e))?;
        let limit = if options.misere {
            MULTIPLES_MISERE_PLAY_LIMIT
        } else {
            MULTIPLES_PLAY_LIMIT
        };
        let game = self.game(n).filter(|_| n <= limit).ok_or_else(|| {
            Error::input(format!(
                "position `{position}`: multiples plays games of at most {limit} coins{} (every move is listed each turn); this one has {n}",
                if options.misere { " in misère play" } else { "" }
            ))
        })?;
        Ok(erase(multiples_engine(game, options), heads))
    }
}
