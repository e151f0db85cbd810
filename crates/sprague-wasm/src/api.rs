//! The page's questions answered as JSON text: plain Rust over the registry,
//! so the host runs its tests. [`crate::bindings`] hands these to JavaScript.
//!
//! Every answer is `Ok(json)` or `Err(message)`, the message one line saying
//! what is wrong and where, as the command line says it.

use serde_json::{Value, json};
use sprague::play::{Kind, PlayEngine, PosId, Verdict};
use sprague::registry::{Data, Ruleset};
use sprague::{Monitor, Options, Player};
use sprague_script::{Limits, ScriptRuleset};
use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::{LazyLock, OnceLock};

/// A JSON answer or a one-line error.
pub type Answer = Result<String, String>;

/// Called with (work done, total when known, phase name) while a computation
/// runs; the browser throttles it and posts progress to the page.
pub type ProgressHook = fn(u64, Option<u64>, &str);

static HOOK: OnceLock<ProgressHook> = OnceLock::new();

/// The one monitor of this instance: searches count their work on it, and
/// at every batch its poll reports progress through the hook. The page stops
/// a computation by ending the worker that runs it (a WebAssembly instance
/// has one thread, so nothing else could raise the stop flag meanwhile).
static MONITOR: LazyLock<Monitor> = LazyLock::new(|| {
    Monitor::new().with_poll(|| {
        if let Some(hook) = HOOK.get() {
            let m = &*MONITOR;
            hook(m.done(), m.total(), m.phase());
        }
        false
    })
});

/// Installs the progress hook (once; later calls are ignored).
pub fn set_progress_hook(hook: ProgressHook) {
    let _ = HOOK.set(hook);
}

/// Options for one query: normal or misère play, and a state budget
/// (0: the default), with the monitor reset.
fn options(misere: bool, max_states: u32) -> Options<'static> {
    let monitor: &'static Monitor = &MONITOR;
    // A stop or budget of an earlier query does not carry over.
    monitor.reset();
    monitor.set_max_work(u64::MAX);
    let mut o = Options::new(monitor).misere(misere);
    if max_states > 0 {
        o = o.max_states(max_states as usize);
    }
    o
}

thread_local! {
    /// Rulesets built so far, by spec or script source. Each is built once
    /// and kept for the life of the instance (a game session borrows its
    /// ruleset), so memory grows with the number of different rulesets
    /// opened, not with the queries.
    static RULES: RefCell<HashMap<(bool, String), &'static dyn Ruleset>> = RefCell::new(HashMap::new());
}

/// The ruleset named by `spec` (`name:params`), or the rules script `script`
/// when it is not empty. Built once per spec or source.
///
/// # Errors
/// An unknown name, bad parameters, a script that does not compile.
pub fn rules(spec: &str, script: &str) -> Result<&'static dyn Ruleset, String> {
    let key = if script.is_empty() {
        (false, spec.trim().to_string())
    } else {
        (true, script.to_string())
    };
    if let Some(r) = RULES.with(|m| m.borrow().get(&key).copied()) {
        return Ok(r);
    }
    let built: Box<dyn Ruleset> = if key.0 {
        Box::new(
            ScriptRuleset::from_source("script.rhai", script, Limits::default())
                .map_err(|e| e.to_string())?,
        )
    } else {
        sprague::build(&key.1).map_err(|e| e.to_string())?
    };
    let leaked: &'static dyn Ruleset = Box::leak(built);
    RULES.with(|m| m.borrow_mut().insert(key, leaked));
    Ok(leaked)
}

/// Every built-in ruleset with its documentation, as `sprague games --json`
/// lists each: `[{name, params, family, summary, rules, notation, known,
/// example, examples}]` ([`sprague::Entry::data`]).
#[must_use]
pub fn catalog() -> String {
    Data::List(sprague::catalog().iter().map(sprague::Entry::data).collect()).to_json()
}

/// Outcome, value and winning moves of `position`: `{data, text}` with the
/// report's fields (`outcome`, `grundy` or `value`, `winning_moves`, …).
///
/// # Errors
/// See [`rules`]; a position that does not parse; budgets reached.
pub fn value(spec: &str, script: &str, position: &str, misere: bool, max_states: u32) -> Answer {
    let r = rules(spec, script)?;
    let report = r
        .value(position, &options(misere, max_states))
        .map_err(|e| e.to_string())?;
    let text = report.text();
    Ok(Data::map().with("data", report.data).with("text", text).to_json())
}

/// Values of single heaps `G(0 .. count)` and their period:
/// `{values, period: {preperiod, period, saltus, proven, proof, text} | null}`,
/// as `sprague table --json` writes it ([`sprague::Table::data`]).
///
/// # Errors
/// See [`rules`]; rulesets without one-heap tables; budgets reached.
pub fn table(spec: &str, script: &str, count: u32, misere: bool) -> Answer {
    let r = rules(spec, script)?;
    let hook = HOOK.get().copied();
    let mut progress = |k: usize| {
        if let Some(h) = hook {
            h(k as u64, Some(u64::from(count)), "values");
        }
        true
    };
    let t = r
        .table(count as usize, &options(misere, 0), &mut progress)
        .map_err(|e| e.to_string())?;
    Ok(t.data().to_json())
}

/// The core's report on a game expression ([`sprague::calc::calc`]: a sum
/// of misère forms `*[…]`, a surreal number beyond the dyadics, a loopy game,
/// a short partizan game or a rational), as
/// `{"kind", "report", "text", "thermograph"}`: `kind` is `misere`,
/// `surreal`, `loopy` or `game`; `report` is the JSON that
/// `sprague calc EXPR --json` prints, byte for byte ([`calc_json`]); `text`
/// the command line's text; `thermograph` the SVG drawing of a short game's
/// thermograph, else null. `max_work` (0: none) bounds the work.
///
/// # Errors
/// An expression that does not parse (with its column); the work budget
/// reached.
pub fn calc(expr: &str, max_work: u32) -> Answer {
    let report = calc_report(expr, max_work)?;
    let svg = match &report {
        sprague::calc::CalcReport::Game(g) => Data::from(g.thermograph_svg()),
        _ => Data::Null,
    };
    Ok(Data::map()
        .with("kind", report.kind())
        .with("report", report.data())
        .with("text", report.text())
        .with("thermograph", svg)
        .to_json())
}

/// The `report` of [`calc`] alone: the JSON of `sprague calc EXPR --json`.
///
/// # Errors
/// As [`calc`].
pub fn calc_json(expr: &str, max_work: u32) -> Answer {
    Ok(calc_report(expr, max_work)?.to_json())
}

/// [`calc`]'s report, watched by the instance's monitor.
fn calc_report(expr: &str, max_work: u32) -> Result<sprague::calc::CalcReport, String> {
    let mut opts = sprague::calc::CalcOptions::new(options(false, 0).monitor);
    opts.max_states = (max_work > 0).then_some(max_work as usize);
    sprague::calc::calc(expr, &opts).map_err(|e| e.to_string())
}

use sprague::play::{By, GameOver, MoveError, Seats, Session, Turn};

/// A game between the page's user and the perfect player of a ruleset, with
/// undo: the core's [`Session`], answered as the JSON the page draws. Sides
/// follow the command line's `play`: in partizan games the user plays
/// `user_side` and `user_first` says who starts; otherwise the first mover
/// is called Left.
pub struct Game {
    session: Session<'static>,
    /// A sentence on the last move (a blunder, or why the engine chose it).
    note: String,
}

impl core::fmt::Debug for Game {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Game")
            .field("ruleset", &self.session.engine().ruleset())
            .field("plies", &self.session.history().len())
            .finish_non_exhaustive()
    }
}

fn side(p: Player) -> &'static str {
    match p {
        Player::Left => "Left",
        Player::Right => "Right",
    }
}

fn kind_name(k: Kind) -> &'static str {
    match k {
        Kind::Impartial => "impartial",
        Kind::Partizan => "partizan",
        Kind::Loopy => "loopy",
    }
}

fn err(e: impl ToString) -> String {
    e.to_string()
}

/// The move that led to position `to`, from `from` (none at the start), in words.
fn move_words(engine: &dyn PlayEngine, from: Option<PosId>, to: PosId) -> String {
    from.map_or_else(String::new, |f| engine.describe(f, to))
}

impl Game {
    /// A game of the ruleset (see [`rules`]) from `position` (empty: the
    /// ruleset's start, where it has one).
    ///
    /// # Errors
    /// See [`rules`]; a position that does not parse or is too large to play.
    pub fn new(
        spec: &str,
        script: &str,
        position: &str,
        user_first: bool,
        user_left: bool,
        misere: bool,
    ) -> Result<Game, String> {
        let r = rules(spec, script)?;
        let seats = Seats::new(user_first, if user_left { Player::Left } else { Player::Right });
        let session = Session::new(r, position, &options(misere, 0), seats).map_err(err)?;
        Ok(Game {
            session,
            note: String::new(),
        })
    }

    /// The game as the page draws it: `{ruleset, kind, position, board,
    /// mover, mover_name, user_side, turn ("you", "sprague" or "over"),
    /// result, verdict, note, options: [{to, description}], options_listed,
    /// history: [{position, by, description}], move_help}`; `options` is
    /// empty and `options_listed` false at a position with too many moves to
    /// list (the move is then typed, see [`play_text`](Game::play_text)).
    ///
    /// # Errors
    /// Budgets reached while listing the options or judging the position.
    pub fn state(&mut self) -> Answer {
        let g = &mut self.session;
        // Positions with too many moves to list (one Wythoff pair of 10^12
        // heaps) show none: the move is typed (`play_text`).
        let listed = g.lists_options();
        let options = if listed {
            g.options().map_err(err)?
        } else {
            Vec::new()
        };
        let verdict = g.verdict().map_err(err)?;
        let turn = match g.turn().map_err(err)? {
            Turn::Over => "over",
            Turn::User => "you",
            Turn::Engine => "sprague",
        };
        let result = match g.game_over().map_err(err)? {
            Some(over) => result_words(over, g.user()),
            None => String::new(),
        };
        let engine = g.engine();
        let pos = g.position();
        let opts: Vec<Value> = options
            .iter()
            .map(|&o| json!({"to": engine.format(o), "description": engine.describe(pos, o)}))
            .collect();
        let mut from = None;
        let mut history = Vec::new();
        for p in g.history() {
            history.push(json!({
                "position": engine.format(p.pos),
                "by": match p.by { By::Start => "start", By::User => "you", By::Engine => "sprague" },
                "description": move_words(engine, from, p.pos),
            }));
            from = Some(p.pos);
        }
        Ok(json!({
            "ruleset": engine.ruleset(),
            "kind": kind_name(g.kind()),
            "position": engine.format(pos),
            "board": engine.board(pos),
            "mover": side(g.mover()),
            "mover_name": engine.mover_name(pos),
            "user_side": side(g.user()),
            "turn": turn,
            "result": result,
            "verdict": verdict.words(),
            "note": self.note,
            "options": opts,
            "options_listed": listed,
            "history": history,
            "move_help": engine.move_help(),
        })
        .to_string())
    }

    /// Winning moves of the player to move and why: `{lines, verdict,
    /// options: [{to, description, verdict, keeps}]}`, where an option's
    /// verdict is the opponent's after it and `keeps` says whether it keeps
    /// the mover's win or draw (never true in a lost position).
    ///
    /// # Errors
    /// Budgets reached.
    pub fn hint(&mut self) -> Answer {
        let g = &mut self.session;
        let lines = g.hint().map_err(err)?;
        let before = g.verdict().map_err(err)?;
        let rows: Vec<Value> = g
            .judged_options()
            .map_err(err)?
            .into_iter()
            .map(|o| {
                json!({
                    "to": g.format(o.to),
                    "description": g.describe(o.to),
                    "verdict": o.verdict.words(),
                    "keeps": o.keeps,
                })
            })
            .collect();
        Ok(json!({"lines": lines, "verdict": before.words(), "options": rows}).to_string())
    }

    /// The user makes the move to option `index` of [`state`](Game::state).
    ///
    /// # Errors
    /// Not the user's turn, an index out of range, budgets reached.
    pub fn play(&mut self, index: usize) -> Answer {
        if self.session.mover() != self.session.user() {
            return Err("it is sprague's turn, not yours".to_string());
        }
        let options = self.session.options().map_err(err)?;
        let Some(&to) = options.get(index) else {
            return Err(format!("move {index}: there are {} moves", options.len()));
        };
        self.play_to(to)
    }

    /// The user's move to `to`, an option of the current position, judged
    /// and played.
    fn play_to(&mut self, to: PosId) -> Answer {
        let judged = self.session.user_move(to).map_err(err)?;
        self.note = if judged.blunder.is_some() {
            format!(
                "That move turned {} into {} for you (undo to try again; Hint shows the moves that keep it).",
                judged.before.words(),
                flip_words(judged.after)
            )
        } else {
            String::new()
        };
        self.state()
    }

    /// The user's move typed as text, read as the command line reads it
    /// (see [`Session::find_move`]): the ruleset's short form (a cell, a
    /// vertex), the position after the move, its number in the list (from
    /// 1), or its name.
    ///
    /// # Errors
    /// Text that is no move from here; not the user's turn; budgets reached.
    pub fn play_text(&mut self, text: &str) -> Answer {
        match self.session.find_move(text).map_err(err)? {
            Ok(to) => self.play_to(to),
            Err(MoveError::ShortForm(e) | MoveError::NotAMove(e)) => Err(e),
            Err(
                MoveError::Unreachable(_) | MoveError::NoSuchNumber { .. } | MoveError::Unnumbered { .. },
            ) => Err(format!(
                "`{text}` is not a move from {}",
                self.session.format(self.session.position())
            )),
        }
    }

    /// The perfect player moves: its own choice where the engine has one,
    /// else the option best for it (a win soonest, a loss latest).
    ///
    /// # Errors
    /// Not the engine's turn, the game over, budgets reached.
    pub fn reply(&mut self) -> Answer {
        let reply = self.session.reply().map_err(err)?;
        self.note = reply.why.unwrap_or_default();
        self.state()
    }

    /// Takes back moves to the user's previous turn (the engine's reply and
    /// the user's move before it).
    ///
    /// # Errors
    /// Nothing to take back.
    pub fn undo(&mut self) -> Answer {
        if self.session.undo().is_none() {
            return Err("nothing to undo".to_string());
        }
        self.note = String::new();
        self.state()
    }
}

/// Who won, in words, at the end of the game.
fn result_words(over: GameOver, user: Player) -> String {
    let Some(winner) = over.winner else {
        return "The game is drawn.".to_string();
    };
    let by = over.margin.map_or(String::new(), |m| format!(" by {m}"));
    if winner == user {
        format!("You win{by}.")
    } else {
        format!("sprague wins{by}.")
    }
}

/// The verdict of the opponent after a move, in the mover's words.
fn flip_words(v: Verdict) -> String {
    match v {
        Verdict::Win(_) => "a loss".to_string(),
        Verdict::Lose(_) => "a win".to_string(),
        Verdict::Draw => "a draw".to_string(),
        Verdict::Score(s) => format!("a score of {}", s.saturating_neg()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(answer: Answer) -> Value {
        serde_json::from_str(&answer.unwrap()).unwrap()
    }

    #[test]
    fn value_goes_through_the_registry() {
        // Domineering 2×2 is {1 | -1}: either side's domino leaves the
        // other side no move and itself one more, so the first player wins.
        let v = parse(value("domineering", "", "..|..", false, 0));
        assert_eq!(v["data"]["outcome"], "N");
        assert!(v["text"].as_str().unwrap().contains("outcome"));
        let e = value("domineering", "", "..|.x", false, 0).unwrap_err();
        assert!(e.contains("..|.x"), "{e}");
        assert!(
            value("no-such-game", "", "1", false, 0)
                .unwrap_err()
                .contains("no-such-game")
        );
    }

    #[test]
    fn kayles_table_is_periodic_from_71() {
        // Kayles (octal 0.77): period 12 from n = 71 (Winning Ways, ch. 4).
        let t = parse(table("kayles", "", 200, false));
        assert_eq!(t["period"]["period"], 12);
        assert_eq!(t["period"]["preperiod"], 71);
        assert_eq!(t["values"].as_array().unwrap().len(), 200);
    }

    #[test]
    fn calc_draws_the_thermograph() {
        let c = parse(calc("{3|-1}", 0));
        // {3|-1} is hot: mean 1, temperature 2.
        assert_eq!(c["kind"], "game");
        let r = &c["report"];
        assert_eq!(
            (r["mean"].as_str(), r["temperature"].as_str()),
            (Some("1"), Some("2"))
        );
        assert!(c["thermograph"].as_str().unwrap().starts_with("<svg"));
        assert!(c["text"].as_str().unwrap().contains("temperature:   2\n"));
        let e = calc("{3|", 0).unwrap_err();
        assert!(e.contains("{3|"), "{e}");
    }

    #[test]
    fn calc_answers_misere_and_loopy_games_from_the_core_reports() {
        // {{*2}, 0} is restive with genus 1^20; on + off = dud (Winning Ways
        // chs. 13 and 11).
        let c = parse(calc("*[2#,0]", 0));
        assert_eq!(
            (c["kind"].as_str(), c["report"]["genus"].as_str()),
            (Some("misere"), Some("1^20"))
        );
        assert_eq!(c["report"]["restive"], true);
        assert!(c["text"].as_str().unwrap().contains("mate:"));
        assert_eq!(c["thermograph"], Value::Null);
        let c = parse(calc("on + off", 0));
        let r = &c["report"];
        assert_eq!(
            (c["kind"].as_str(), r["value"].as_str()),
            (Some("loopy"), Some("dud"))
        );
        assert_eq!(
            (r["onside"].as_str(), r["offside"].as_str()),
            (Some("on"), Some("off"))
        );
        let e = calc("*[2#,", 0).unwrap_err();
        assert!(e.contains("column 6"), "{e}");
        let e = calc("a{0|", 0).unwrap_err();
        assert!(e.contains("column"), "{e}");
    }

    #[test]
    fn calc_answers_numbers_beyond_the_dyadics() {
        // (ω+1)(ω−1) = ω² − 1 (Conway, On Numbers and Games, ch. 3): positive,
        // neither an ordinal nor a short game.
        let c = parse(calc("(omega+1)*(omega-1)", 0));
        assert_eq!(c["kind"], "surreal");
        let r = &c["report"];
        assert_eq!(r["value"], "omega^2-1");
        assert_eq!((r["outcome"].as_str(), r["sign"].as_i64()), (Some("L"), Some(1)));
        assert_eq!(r["ordinal"], Value::Null);
        assert_eq!(r["short_game"], Value::Null);
        let c = parse(calc("omega+1", 0));
        assert_eq!(c["report"]["ordinal"], "omega+1");
        let c = parse(calc("(omega^omega)/(omega+1)", 0));
        assert_eq!(c["report"]["value"], "(omega^omega)/(omega+1)");
        // 1/3 + 1/6 = 1/2: a rational that is dyadic, so a short game too.
        let c = parse(calc("1/3 + 1/6", 0));
        assert_eq!(
            (c["report"]["value"].as_str(), c["report"]["short_game"].as_str()),
            (Some("1/2"), Some("1/2"))
        );
        // A dyadic stays a game with its thermograph.
        let c = parse(calc("3/4", 0));
        assert_eq!(c["kind"], "game");
        assert!(c["thermograph"].as_str().unwrap().starts_with("<svg"));
        let e = calc("omega + y", 0).unwrap_err();
        assert!(e.contains("column 9"), "{e}");
        let e = calc("1/(omega-omega)", 0).unwrap_err();
        assert!(e.contains("division by zero"), "{e}");
    }

    #[test]
    fn the_catalog_lists_both_examples() {
        let c = parse(Ok(catalog()));
        let kayles = c
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["name"] == "kayles")
            .unwrap();
        assert_eq!(kayles["examples"].as_array().map(Vec::len), Some(2));
        assert!(kayles["example"].as_str().unwrap().starts_with("sprague "));
    }

    #[test]
    fn the_engine_wins_nim_from_a_winning_start() {
        // 1 2 4: nim-sum 7, a first-player win; sprague moves first.
        let mut g = Game::new("nim", "", "1 2 4", false, true, false).unwrap();
        let mut s = parse(g.state());
        while s["turn"] != "over" {
            s = if s["turn"] == "sprague" {
                parse(g.reply())
            } else {
                // The user always takes the last option.
                let n = s["options"].as_array().unwrap().len();
                parse(g.play(n - 1))
            };
        }
        assert_eq!(s["result"], "sprague wins.");
        // Undo goes back to a position where the user is to move.
        let u = parse(g.undo());
        assert_eq!(u["turn"], "you");
    }

    #[test]
    fn hints_mark_the_moves_that_keep_the_win() {
        let mut g = Game::new("nim", "", "3 4 5", true, true, false).unwrap();
        let h = parse(g.hint());
        let keeps: Vec<&str> = h["options"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|o| o["keeps"] == true)
            .map(|o| o["to"].as_str().unwrap())
            .collect();
        // 3 ⊕ 4 ⊕ 5 = 2: the one winning move takes 3 to 1.
        assert_eq!(keeps, ["1 4 5"]);
        let s = parse(g.play_text("1 4 5"));
        assert_eq!(s["turn"], "sprague");
        assert!(g.play_text("0 0 0").is_err());
    }

    #[test]
    fn scripts_tabulate() {
        // Subtraction {1, 2} written as a script: G(n) = n mod 3.
        let src = "fn moves(n) { let out = []; if n >= 1 { out.push(n - 1); } if n >= 2 { out.push(n - 2); } out }\nfn start(n) { n }";
        let t = parse(table("", src, 12, false));
        let want: Vec<u64> = (0..12).map(|n| n % 3).collect();
        assert_eq!(t["values"], json!(want));
    }
}
