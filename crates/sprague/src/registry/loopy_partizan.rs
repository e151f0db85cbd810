//! Partizan rulesets whose positions may repeat (Backsliding Toads and
//! Frogs, Fox and Geese): the adapter that explores the positions reachable
//! from a start into a loopy game graph ([`Explored`]), reports it as `calc`
//! reports a loopy game (outcome with draws, stopper, simplest form, sides),
//! and plays it with win, lose or draw judgement.

use super::loopy_game::{LoopyLimits, graph_report};
use super::report::{Data, Report};
use super::ruleset::Ruleset;
use crate::definition::Definition;
use crate::loopy::{SolveError, StateSpace, StateSpaceSolver, StateTable};
use crate::notation::Notation;
use crate::partizan::GameStore;
use crate::partizan::{PartizanRules, Player, loopy::Explored};
use crate::play::{Engine, Kind, PlayEngine, Verdict, board, erase};
use crate::query::{Error, Options, Result, read_position};

/// A partizan ruleset whose play may cycle, with a notation, as a registry
/// [`Ruleset`]: `value` explores every position reachable from the given one
/// (at most `max_states`), builds the [`LoopyGame`](crate::partizan::loopy::LoopyGame)
/// and reports it with the fields of [`super::loopy_game_report`] after
/// `ruleset` and `position`; `play` solves the graph's states (position,
/// player to move) by retrograde analysis and plays perfectly: it wins as fast
/// as it can, loses as slowly as it can and keeps draws. Misère play is not
/// supported.
#[derive(Clone, Debug)]
pub struct LoopyPartizan<R> {
    /// Name shown in reports.
    pub name: String,
    /// The engine ruleset.
    pub rules: R,
}

impl<R> LoopyPartizan<R>
where
    R: PartizanRules + Notation<<R as PartizanRules>::Position>,
{
    /// Rejects misère play, parses `position` and explores the positions
    /// reachable from it.
    fn explore(&self, position: &str, options: &Options<'_>) -> Result<Explored<R::Position>> {
        if options.misere {
            return Err(Error::input(format!(
                "`{}` is a loopy partizan ruleset: misère play is not supported",
                self.name
            )));
        }
        let p = read_position(&self.rules, position)?;
        Ok(Explored::new(&self.rules, &p, options.max_states)?)
    }
}

impl<R: Default> LoopyPartizan<R>
where
    LoopyPartizan<R>: Ruleset + 'static,
{
    /// The [`Builder`](super::Builder) of a catalog entry without
    /// parameters whose rules are `R::default()` (a unit struct's game).
    ///
    /// # Errors
    /// Parameters given.
    pub fn build(name: &str, params: Option<&str>) -> Result<Box<dyn Ruleset>> {
        super::without_params(name, params, |name| LoopyPartizan {
            name,
            rules: R::default(),
        })
    }
}

impl<R> Ruleset for LoopyPartizan<R>
where
    R: PartizanRules + Notation<<R as PartizanRules>::Position> + Definition<<R as PartizanRules>::Position>,
{
    fn value(&self, position: &str, options: &Options<'_>) -> Result<Report> {
        let explored = self.explore(position, options)?;
        let shown = self.rules.format_position(&explored.positions()[0]);
        let head = Data::map()
            .with("ruleset", self.name.as_str())
            .with("position", shown.as_str());
        let mut store = GameStore::new();
        graph_report(
            &mut store,
            &explored.game(),
            head,
            format!("{} {shown}\n", self.name),
            "reachable from the position",
            LoopyLimits {
                max_states: options.max_states,
                max_memory: options.max_memory(),
                monitor: Some(options.monitor),
            },
        )
    }

    fn play<'a>(&'a self, position: &str, options: &Options<'a>) -> Result<Box<dyn PlayEngine + 'a>> {
        let explored = self.explore(position, options)?;
        let turns = Turns::of(&explored);
        let table = StateSpaceSolver::new(&turns)
            .max_states(options.max_states.saturating_mul(2))
            .with_monitor(options.monitor)
            .solve()
            .map_err(|e| match e {
                SolveError::Budget(b) => b.into(),
                SolveError::Interrupted(i) => i.into(),
                other => Error::input(other.to_string()),
            })?;
        let engine = LoopyPartizanEngine {
            name: self.name.clone(),
            rules: &self.rules,
            explored,
            table,
        };
        Ok(erase(engine, 0))
    }
}

/// The states (position, player to move) of an explored game: state
/// `2v` is position `v` with Left to move, `2v + 1` with Right to move.
struct Turns {
    left: Vec<Vec<u32>>,
    right: Vec<Vec<u32>>,
}

impl Turns {
    fn of<P: Clone + Eq + core::hash::Hash>(g: &Explored<P>) -> Turns {
        let n = g.positions().len();
        Turns {
            left: (0..n).map(|v| g.options(v, true).to_vec()).collect(),
            right: (0..n).map(|v| g.options(v, false).to_vec()).collect(),
        }
    }
}

/// The state of position `v` with `mover` to move.
fn state(v: u32, mover: Player) -> u64 {
    2 * u64::from(v) + u64::from(mover == Player::Right)
}

impl StateSpace for Turns {
    fn state_count(&self) -> u64 {
        2 * self.left.len() as u64
    }

    fn moves(&self, s: u64, out: &mut Vec<u64>) {
        let v = (s / 2) as usize;
        let (opts, next) = if s.is_multiple_of(2) {
            (&self.left[v], Player::Right)
        } else {
            (&self.right[v], Player::Left)
        };
        out.extend(opts.iter().map(|&w| state(w, next)));
    }
}

/// A perfect player of an explored loopy partizan game.
struct LoopyPartizanEngine<'r, R: PartizanRules> {
    name: String,
    rules: &'r R,
    explored: Explored<R::Position>,
    table: StateTable,
}

impl<R> LoopyPartizanEngine<'_, R>
where
    R: PartizanRules + Notation<<R as PartizanRules>::Position>,
{
    fn solved(&self, v: u32, mover: Player) -> Result<Verdict> {
        self.table
            .get(state(v, mover))
            .map(Verdict::from)
            .ok_or_else(|| Error::internal(format!("position {v} is not in the solved table")))
    }

    fn position(&self, v: u32) -> &R::Position {
        &self.explored.positions()[v as usize]
    }
}

impl<R> Engine for LoopyPartizanEngine<'_, R>
where
    R: PartizanRules + Notation<<R as PartizanRules>::Position> + Definition<<R as PartizanRules>::Position>,
{
    type Pos = u32;

    fn ruleset(&self) -> &str {
        &self.name
    }

    fn kind(&self) -> Kind {
        Kind::Partizan
    }

    fn format(&self, p: &u32) -> String {
        self.rules.format_position(self.position(*p))
    }

    fn parse(&self, text: &str) -> Result<u32, String> {
        let p = self.rules.parse_position(text).map_err(|e| e.to_string())?;
        self.explored
            .index_of(&p)
            .map(|v| v as u32)
            .ok_or_else(|| format!("`{text}` cannot be reached from the start of this game"))
    }

    fn options(&mut self, p: &u32, mover: Player) -> Result<Vec<u32>> {
        Ok(self.explored.options(*p as usize, mover == Player::Left).to_vec())
    }

    fn describe(&self, from: &u32, to: &u32) -> String {
        self.rules.describe_move(self.position(*from), self.position(*to))
    }

    fn board(&self, p: &u32) -> Option<String> {
        self.rules
            .draw(self.position(*p))
            .or_else(|| board::draw(&self.name, &self.format(p)))
    }

    fn short_move(&mut self, from: &u32, line: &str) -> Option<Result<u32, String>> {
        let to = self.rules.read_move(self.position(*from), line)?;
        Some(to.and_then(|to| {
            self.explored
                .index_of(&to)
                .map(|v| v as u32)
                .ok_or_else(|| format!("`{line}` is not a move here"))
        }))
    }

    fn verdict(&mut self, p: &u32, mover: Player) -> Result<Verdict> {
        self.solved(*p, mover)
    }

    fn hint(&mut self, p: &u32, mover: Player) -> Result<Vec<String>> {
        let me = if mover == Player::Left { "Left" } else { "Right" };
        let now = self.solved(*p, mover)?;
        let mut lines = vec![format!(
            "{me} to move: {} with perfect play (infinite play is a draw; the winner hurries, the loser delays).",
            now.words()
        )];
        let mut ranked = Vec::new();
        for &to in self.explored.options(*p as usize, mover == Player::Left) {
            ranked.push((self.solved(to, mover.opponent())?.rank_for_mover(), to));
        }
        let Some(top) = ranked.iter().map(|r| r.0).max() else {
            return Ok(lines);
        };
        let best: Vec<u32> = ranked.into_iter().filter(|r| r.0 == top).map(|r| r.1).collect();
        lines.push(format!("best moves ({}):", best.len()));
        for to in best {
            let after = self.solved(to, mover.opponent())?;
            lines.push(format!(
                "  {}  ({}; then {} to move: {})",
                self.format(&to),
                self.describe(p, &to),
                if mover == Player::Left { "Right" } else { "Left" },
                after.words()
            ));
        }
        Ok(lines)
    }
}

#[cfg(test)]
mod tests {
    use crate::monitor::Monitor;
    use crate::query::Options;
    use crate::registry::Error;

    /// Four geese on row 3 of 8 columns and the fox on a1: 1,499 positions,
    /// so its simplest form compares 2 · 1,499² ≈ 4.5 million pairs.
    const ROW_3: &str = "x#x#x#x#|.#.#.#.#|o#.#.#.#";

    /// A stopper's simplest form is one analysis whose size is known before
    /// it starts: the memory budget bounds it, not the state budget (which
    /// still bounds the exploration of the positions).
    #[test]
    fn a_stoppers_value_is_bounded_by_memory_not_by_the_state_budget() {
        let rules = crate::catalog::build("fox-and-geese").unwrap();
        let monitor = Monitor::default();
        let mut options = Options::new(&monitor);
        options.max_states = 100_000;
        let r = rules.value(ROW_3, &options).unwrap();
        // CGSuite 2.2's test suite (GameGridTest.scala): {6 | 2 + over}.
        assert_eq!(
            r.data.get("value").and_then(|v| v.as_text()),
            Some("{6|{2|pass}}")
        );
        // Exploring the positions still stops at the state budget.
        options.max_states = 1_000;
        assert!(matches!(rules.value(ROW_3, &options), Err(Error::Search(_))));
        // And the pairs are refused up front past the memory budget
        // (4.5 million pairs at 24 bytes: about 103 MiB).
        monitor.set_max_memory(64 << 20);
        options.max_states = 100_000;
        let e = rules.value(ROW_3, &options).unwrap_err();
        assert!(matches!(e, Error::Memory(_)), "{e}");
        assert!(
            e.to_string()
                .starts_with("comparing the loopy game's positions needs"),
            "{e}"
        );
    }
}
