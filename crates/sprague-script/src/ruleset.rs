//! A rules script as a registry [`Ruleset`]: the engine's own adapters
//! ([`Impartial`], [`Partizan`], [`SpaceRules`]) over the scripted game, with
//! the script's errors reported instead of the answers they spoil.

use crate::game::ScriptGame;
use crate::script::{Limits, Script};
use crate::space::ScriptSpace;
use crate::table;
use sprague::play::PlayEngine;
use sprague::registry::{Impartial, OnProgress, Options, Partizan, SpaceRules, Table};
use sprague::{Error, Report, Result, Ruleset};
use std::sync::Arc;

/// A game written as a rules script, answering every registry query:
/// impartial games through [`Impartial`] (Grundy values, misère play,
/// winning moves, sums by components), partizan games through [`Partizan`]
/// (canonical forms), loopy games through [`SpaceRules`] (win, lose or draw
/// with remoteness), and tables of `start(n)` families through the heap
/// machinery (see [`table`](Ruleset::table)).
///
/// ```
/// use sprague::{Monitor, Options, Ruleset};
/// let rules = sprague_script::ScriptRuleset::from_source(
///     "nim.rhai",
///     "fn moves(n) { let out = []; for k in 0..n { out.push(k); } out }",
///     sprague_script::Limits::default(),
/// ).unwrap();
/// let monitor = Monitor::default();
/// let report = rules.value("5", &Options::new(&monitor)).unwrap();
/// assert_eq!(report.grundy(), Some(5));
/// ```
#[derive(Debug)]
pub struct ScriptRuleset {
    script: Arc<Script>,
    impartial: Impartial<ScriptGame>,
    partizan: Partizan<ScriptGame>,
    loopy: SpaceRules<ScriptSpace>,
}

/// The largest rules file [`ScriptRuleset::load`] reads: 16 MiB.
pub const MAX_SOURCE_BYTES: u64 = 16 << 20;

impl ScriptRuleset {
    /// Compiles the script `source`, named `file` in messages and reports.
    ///
    /// # Errors
    /// A syntax error (`file:line:column`), a hook with the wrong number of
    /// parameters, no move function, or an error at the top level.
    pub fn from_source(file: &str, source: &str, limits: Limits) -> Result<Self> {
        Self::from_source_with(file, source, limits, true)
    }

    /// [`ScriptRuleset::from_source`], with the hooks compiled (`compiled`)
    /// or every call made by rhai's evaluator (to check one against the
    /// other).
    pub(crate) fn from_source_with(file: &str, source: &str, limits: Limits, compiled: bool) -> Result<Self> {
        let script = Script::compile_with(file, source, limits, compiled).map_err(Error::Input)?;
        let game = ScriptGame::new(script.clone());
        Ok(ScriptRuleset {
            impartial: Impartial {
                name: file.to_string(),
                rules: game.clone(),
            },
            partizan: Partizan {
                name: file.to_string(),
                rules: game.clone(),
            },
            loopy: SpaceRules {
                name: file.to_string(),
                space: ScriptSpace::new(game),
            },
            script,
        })
    }

    /// Reads and compiles the rules file at `path`, which may hold at most
    /// [`MAX_SOURCE_BYTES`] (a device or pipe that never ends, such as
    /// `/dev/zero`, is refused there).
    ///
    /// # Errors
    /// A file that cannot be read, a directory, a file past the size limit
    /// or not UTF-8, and everything [`ScriptRuleset::from_source`] refuses.
    pub fn load(path: &str, limits: Limits) -> Result<Self> {
        use std::io::Read;
        let cannot =
            |e: &dyn core::fmt::Display| Error::input(format!("cannot read rules file `{path}`: {e}"));
        if std::fs::metadata(path).is_ok_and(|m| m.is_dir()) {
            return Err(cannot(&"it is a directory"));
        }
        let file = std::fs::File::open(path).map_err(|e| cannot(&e))?;
        let mut bytes = Vec::new();
        file.take(MAX_SOURCE_BYTES + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| cannot(&e))?;
        if bytes.len() as u64 > MAX_SOURCE_BYTES {
            return Err(Error::input(format!(
                "rules file `{path}` is larger than {MAX_SOURCE_BYTES} bytes, the most a rules script may hold"
            )));
        }
        let source = String::from_utf8(bytes).map_err(|e| {
            Error::input(format!(
                "rules file `{path}` is not UTF-8 text (byte {})",
                e.utf8_error().valid_up_to() + 1
            ))
        })?;
        Self::from_source(path, &source, limits)
    }

    /// Obeys `monitor`: a script call stops when it asks for a stop (Ctrl-C)
    /// or the memory budget is passed (see [`Script::watch`]).
    pub fn watch(&self, monitor: &'static sprague::Monitor) {
        self.script.watch(monitor);
    }

    /// Whether the script is a partizan game (`fn left` and `fn right`).
    #[must_use]
    pub fn is_partizan(&self) -> bool {
        self.script.hooks.partizan
    }

    /// Whether the script is solved as a loopy game (`fn terminal` or
    /// `fn loopy()` returning true).
    #[must_use]
    pub fn is_loopy(&self) -> bool {
        self.script.is_loopy()
    }

    /// Win, lose or draw with remoteness of `position`, by retrograde
    /// analysis of every position reachable from it ([`SpaceRules`]); for
    /// impartial scripts, loopy or not. Time and memory linear in the
    /// positions and moves reachable.
    ///
    /// # Errors
    /// Partizan scripts, a position that does not parse, failing script
    /// calls, budgets and stops.
    ///
    /// A game whose `fn terminal` gives scores (integers) is solved by
    /// minimax instead: the score of the player to move with perfect play,
    /// each player maximising their own score, and the moves that get it.
    pub fn solve(&self, position: &str, options: &Options<'_>) -> Result<Report> {
        let options = &self.bounded(options);
        let s = self.explore(position, options)?;
        if self.loopy.space.scored() {
            let r = self.scored(s, options);
            return self.checked(r);
        }
        let r = self.loopy.value(position, options);
        self.checked(r)
    }

    /// The minimax report of state `s` of a game played for a score.
    fn scored(&self, s: u64, options: &Options<'_>) -> Result<Report> {
        let space = &self.loopy.space;
        let values = space.minimax(options.monitor)?;
        let value = |t: u64| usize::try_from(t).ok().and_then(|t| values.get(t)).copied();
        let v =
            value(s).ok_or_else(|| Error::internal(format!("state {s} missing from the minimax values")))?;
        let shown = sprague::play::SpaceNotation::format_state(space, s);
        let rows: Vec<(String, String)> = space
            .state_moves(s)
            .into_iter()
            .filter(|&t| value(t).map(|x| -x) == Some(v))
            .map(|t| {
                let to = sprague::play::SpaceNotation::format_state(space, t);
                let how = format!("to {to}");
                (to, how)
            })
            .collect();
        let data = sprague::Data::map()
            .with("ruleset", self.script.file.as_str())
            .with("position", shown.as_str())
            .with("score", v)
            .with("best_moves", sprague::Data::moves(&rows));
        let text = format!(
            "{} {shown}\nThe player to move scores {v} with perfect play (each player maximises their own score)\n",
            self.script.file
        );
        let mut report = Report::new(data, text);
        report.push_moves("best_moves", "best moves", " (the game is over)");
        Ok(report)
    }

    /// Explores every position reachable from `position` (as
    /// [`ScriptRuleset::solve`] does) and returns the space, numbered
    /// breadth first from it: the same script and position give the same
    /// numbering, in this process or another. For solving the space
    /// elsewhere, e.g. distributed; [`ScriptRuleset::solved_report`] then
    /// reads the answer from that table.
    ///
    /// # Errors
    /// Misère play, partizan scripts, a position that does not parse,
    /// failing script calls, budgets and stops.
    pub fn explored(&self, position: &str, options: &Options<'_>) -> Result<&ScriptSpace> {
        if options.misere {
            return Err(Error::input(format!(
                "`{}` has its own end rules: --misere is not supported",
                self.script.file
            )));
        }
        let options = &self.bounded(options);
        self.explore(position, options)?;
        self.checked(Ok(&self.loopy.space))
    }

    /// The report of [`ScriptRuleset::solve`] for `position`, read from
    /// `table`: a solved table of the space [`ScriptRuleset::explored`]
    /// returned for the same position.
    ///
    /// # Errors
    /// Misère play, a position that does not parse, failing script calls.
    pub fn solved_report(
        &self,
        position: &str,
        options: &Options<'_>,
        table: &sprague::loopy::StateTable,
    ) -> Result<Report> {
        let r = self.loopy.report(position, options, table);
        self.checked(r)
    }

    /// Parses `position` and explores the positions reachable from it;
    /// returns its state.
    fn explore(&self, position: &str, options: &Options<'_>) -> Result<u64> {
        if self.is_partizan() {
            return Err(Error::input(format!(
                "{}: win/lose/draw solving needs an impartial game (fn moves)",
                self.script.file
            )));
        }
        self.fresh();
        let p = self.parse(position)?;
        self.loopy.space.explore(&p, options.max_states, options.monitor)
    }

    /// `options` with the state budget cut to the script's position limit.
    fn bounded<'m>(&self, options: &Options<'m>) -> Options<'m> {
        let mut o = *options;
        o.max_states = o.max_states.min(self.script.max_positions);
        o
    }

    /// Forgets an earlier request's failure.
    fn fresh(&self) {
        let _ = self.script.take_failure();
    }

    fn parse(&self, position: &str) -> Result<crate::Pos> {
        let p = self
            .script
            .parse_text(position)
            .map_err(|e| Error::position(position, e));
        self.checked(p)
    }

    /// `result`, unless a script call failed meanwhile: then that failure
    /// (a call the monitor stopped is an interruption, not the script's fault).
    fn checked<T>(&self, result: Result<T>) -> Result<T> {
        let stopped = self.script.take_stopped();
        match self.script.take_failure() {
            Some(_) if stopped => Err(sprague::Interrupted {
                done: self.script.monitor_done(),
            }
            .into()),
            Some(f) => Err(Error::input(f)),
            None => result,
        }
    }

    /// Parses `position` and checks that play from it ends.
    /// `result` of a solve that assumed play ends; when it stopped at its
    /// budget, the search may have gone round a cycle: a cycle found from
    /// `position` is reported in its place (with the way to solve the game
    /// as loopy), else the budget error stands. Solving first and checking
    /// only then keeps a game that ends from being explored twice.
    fn or_cycle<T>(
        &self,
        result: Result<T>,
        position: &str,
        options: &Options<'_>,
        game: &ScriptGame,
    ) -> Result<T> {
        let result = self.checked(result);
        if let Err(Error::Search(sprague::SearchError::Budget(_))) = &result {
            game.clear_cache();
            self.short_game(position, options, game)?;
        }
        result
    }

    fn short_game(&self, position: &str, options: &Options<'_>, game: &ScriptGame) -> Result<()> {
        self.fresh();
        let p = self.parse(position)?;
        let r = game.check_acyclic(&p, game.movers(), options.max_states, options.monitor);
        self.checked(r)
    }
}

impl Ruleset for ScriptRuleset {
    fn value(&self, position: &str, options: &Options<'_>) -> Result<Report> {
        let options = &self.bounded(options);
        if self.is_loopy() {
            return self.solve(position, options);
        }
        if self.is_partizan() {
            self.fresh();
            let r = self.partizan.value(position, options);
            return self.or_cycle(r, position, options, &self.partizan.rules);
        }
        self.fresh();
        let r = self.impartial.value(position, options);
        self.or_cycle(r, position, options, &self.impartial.rules)
    }

    /// Values of `start(0 .. count)`: see the [`table`](crate::table) module
    /// of this crate.
    fn table(&self, count: usize, options: &Options<'_>, progress: &mut OnProgress<'_>) -> Result<Table> {
        if self.is_partizan() || self.is_loopy() {
            return Err(Error::input(format!(
                "{}: `table` lists Grundy values, so it needs an impartial game that ends (fn moves, no fn terminal or loopy)",
                self.script.file
            )));
        }
        self.fresh();
        let r = table::table(&self.impartial.rules, count, &self.bounded(options), progress);
        self.checked(r)
    }

    fn play<'a>(&'a self, position: &str, options: &Options<'a>) -> Result<Box<dyn PlayEngine + 'a>> {
        let options = &self.bounded(options);
        if self.is_loopy() {
            self.explore(position, options)?;
            if self.loopy.space.scored() {
                // Played for a score: the engine takes the moves of the
                // minimax value.
                let s = self.explore(position, options)?;
                let scores = self.loopy.space.minimax(options.monitor);
                let scores = self.checked(scores)?;
                let engine =
                    sprague::play::SpaceEngine::scored(self.script.file.clone(), &self.loopy.space, scores);
                return Ok(sprague::play::erase(engine, s));
            }
            let r = self.loopy.play(position, options);
            return self.checked(r);
        }
        if self.is_partizan() {
            // Every reachable position's moves are listed (and cached) now,
            // so a script error shows before the first move.
            self.short_game(position, options, &self.partizan.rules)?;
            let r = self.partizan.play(position, options);
            return self.checked(r);
        }
        self.short_game(position, options, &self.impartial.rules)?;
        let r = self.impartial.play(position, options);
        self.checked(r)
    }
}

/// Drops the cached move lists of the game (used by benchmarks to measure
/// cold runs).
impl ScriptRuleset {
    /// Forgets every cached move list.
    pub fn clear_cache(&self) {
        self.impartial.rules.clear_cache();
    }
}
