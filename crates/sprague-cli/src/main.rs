//! The `sprague` command: solve, tabulate and explore combinatorial games.
#![cfg_attr(not(test), warn(clippy::unwrap_used, clippy::expect_used))]

mod cmd;
mod heap;
mod picture;
mod play;
mod progress;
mod ruleset;

use clap::{CommandFactory, Parser, Subcommand};
use error::{CliError, CliResult};
use ruleset::QueryOptions;
use sprague_cli::{error, input};

/// Every allocation is counted against the memory budget (see [`heap`]).
#[global_allocator]
static HEAP: heap::CountingHeap = heap::CountingHeap;

/// Combinatorial game theory engine: outcomes, Grundy values, winning moves.
#[derive(Parser)]
#[command(name = "sprague", version, about, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// Memory budget of the computation, e.g. `4G`, `512M` (default: half the RAM).
    #[arg(long, global = true, value_name = "SIZE", value_parser = cmd::memory::parse_size)]
    max_memory: Option<u64>,
}

#[derive(Subcommand)]
enum Command {
    /// Outcome, value and every winning move of a position.
    ///
    /// With --batch, reads one position per line from stdin and prints one
    /// answer per line (`POSITION<TAB>OUTCOME<TAB>GRUNDY-OR-VALUE`, or one
    /// JSON object per line with --json), each search with the same budgets.
    /// A bad line prints `line N: error: …` (JSON: `{"line": N, "error": …}`)
    /// in its place and the batch goes on; the exit code is then 2.
    Value {
        /// Ruleset name with parameters, e.g. `nim`, `bash:3` (see `sprague games`).
        #[arg(value_parser = ruleset::RulesetName, hide_possible_values = true, required_unless_present = "rules")]
        ruleset: Option<String>,
        /// The position in the ruleset's notation: one quoted argument or several words.
        #[arg(required_unless_present_any = ["batch", "rules"], num_args = 1..)]
        position: Vec<String>,
        /// Read many positions from stdin, one per line; print one answer per line.
        #[arg(long, conflicts_with_all = ["position", "all"])]
        batch: bool,
        /// List every winning move (the text shows the first 20 and counts the rest).
        #[arg(long)]
        all: bool,
        /// A rules file (rhai script) defining the game instead of a built-in ruleset (see docs/rules.md).
        #[arg(long, value_name = "FILE")]
        rules: Option<String>,
        /// Most operations one call of the rules script may run (at least 1;
        /// growing an array counts its length).
        #[arg(long, value_name = "N", default_value_t = sprague_script::DEFAULT_MAX_OPS, value_parser = clap::value_parser!(u64).range(1..))]
        max_ops: u64,
        /// Misère play: the player who makes the last move loses.
        #[arg(long)]
        misere: bool,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
        /// Stop searches after this many stored states.
        #[arg(long, value_name = "N", default_value_t = sprague::DEFAULT_MAX_STATES)]
        max_states: usize,
    },
    /// Play a game against sprague, which plays perfectly.
    ///
    /// Type a move as the position after it (in the ruleset's notation) or as
    /// its number in `moves`; `hint`, `undo`, `swap`, `quit`. Reads stdin line
    /// by line, so a script of moves plays a game (end of input quits).
    Play {
        /// Ruleset name with parameters, e.g. `nim`, `domineering`, `tic-tac-toe`.
        #[arg(value_parser = ruleset::RulesetName, hide_possible_values = true, required_unless_present = "rules")]
        ruleset: Option<String>,
        /// The starting position in the ruleset's notation.
        #[arg(num_args = 0..)]
        position: Vec<String>,
        /// A rules file (rhai script) defining the game instead of a built-in ruleset (see docs/rules.md).
        #[arg(long, value_name = "FILE")]
        rules: Option<String>,
        /// Most operations one call of the rules script may run (at least 1;
        /// growing an array counts its length).
        #[arg(long, value_name = "N", default_value_t = sprague_script::DEFAULT_MAX_OPS, value_parser = clap::value_parser!(u64).range(1..))]
        max_ops: u64,
        /// Who moves first.
        #[arg(long, value_enum, default_value_t = cmd::play::First::You)]
        first: cmd::play::First,
        /// Your side in partizan games (Left moves first when you do).
        #[arg(long, value_enum, default_value_t = cmd::play::Side::Left)]
        side: cmd::play::Side,
        /// Misère play (impartial rulesets): whoever moves last loses.
        #[arg(long)]
        misere: bool,
        /// Stop searches after this many stored states.
        #[arg(long, value_name = "N", default_value_t = sprague::DEFAULT_MAX_STATES)]
        max_states: usize,
    },
    /// List every ruleset by family, or show one ruleset's rules, what is known
    /// about it, and examples.
    Games {
        /// A ruleset to describe, e.g. `kayles` (parameters after `:` are ignored).
        #[arg(value_parser = ruleset::RulesetName, hide_possible_values = true)]
        ruleset: Option<String>,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Values of games written as in CGSuite: canonical form, outcome, stops,
    /// mean and temperature of a partizan game (`{3||2*|1*}`, `^^ + *3`,
    /// `+-1 + Tiny(2)`).
    ///
    /// Also: impartial games in misère play, as misère forms (`*[2] + *[2]`,
    /// `*[2,1]`; or `--misere` with nimbers, `*2 + *2`); loopy games (`pass`,
    /// `on`, `over`, labels `a{0|a}`, equations `a = {0|b}; b = {a|*}; a`);
    /// rationals, ordinals and surreal numbers (`1/3`, `omega+1`,
    /// `(omega^omega)/(omega+1)`).
    Calc {
        /// The expression (quote it: braces and bars are shell characters).
        #[arg(allow_hyphen_values = true)]
        expr: String,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
        /// Draw the thermograph into this file: SVG, or PNG when FILE ends in `.png`.
        #[arg(long, value_name = "FILE.svg|FILE.png")]
        thermograph: Option<String>,
        /// Also print the game cooled by this temperature: a dyadic number above -1, as in CGSuite
        /// (negative ones heat a little: `1/4` cooled by -1/4 is `1/4*`).
        #[arg(long, value_name = "T", allow_hyphen_values = true)]
        cool: Option<String>,
        /// Also print the game heated by this game (an expression).
        #[arg(long, value_name = "T", allow_hyphen_values = true)]
        heat: Option<String>,
        /// Stop after this many sums, comparisons and constructions of general games.
        #[arg(long, value_name = "N", default_value_t = sprague::DEFAULT_MAX_STATES)]
        max_states: usize,
        /// Misère play of an impartial game: a sum of nimbers (`*2 + *2`) is
        /// read as misère forms (`*[2] + *[2]`).
        #[arg(long)]
        misere: bool,
    },
    /// Interactive session: game expressions with names (`a := {1|*}`, `a + ^`),
    /// `temperature(a)`, comparisons, and the `value`/`table` verbs.
    ///
    /// Reads a script from stdin when it is not a terminal (results only;
    /// exit code 2 if a line failed). `help` inside lists everything.
    Repl {
        /// Reading a script, print the session as a terminal shows it: the
        /// banner, each line after the `sprague> ` prompt, errors without line
        /// numbers (and they do not fail the session). Makes transcripts.
        #[arg(long)]
        echo: bool,
    },
    /// Arithmetic in the field of 64-bit nimbers (decimal in and out).
    Nimber {
        #[command(subcommand)]
        op: NimberOp,
        /// Print one JSON object instead of the bare number (`{"products": [...]}` with --batch).
        #[arg(long, global = true)]
        json: bool,
    },
    /// Grundy values of single heaps G(0..N-1) of a one-heap ruleset, with its
    /// period: `sprague table kayles 100` (or `--count 100`).
    Table {
        /// Ruleset name with parameters, e.g. `octal:0.07`, `subtraction:1,3,4`.
        #[arg(value_parser = ruleset::RulesetName, hide_possible_values = true, required_unless_present = "rules")]
        ruleset: Option<String>,
        /// How many values: G(0) to G(N-1) (the same as `--count N`).
        #[arg(value_name = "N", conflicts_with = "count")]
        n: Option<String>,
        /// A rules file (rhai script) defining the game instead of a built-in ruleset (see docs/rules.md).
        #[arg(long, value_name = "FILE")]
        rules: Option<String>,
        /// Most operations one call of the rules script may run (at least 1;
        /// growing an array counts its length).
        #[arg(long, value_name = "N", default_value_t = sprague_script::DEFAULT_MAX_OPS, value_parser = clap::value_parser!(u64).range(1..))]
        max_ops: u64,
        /// How many values: G(0) to G(N-1).
        #[arg(long, value_name = "N")]
        count: Option<usize>,
        /// Misère Grundy values (terminal positions have value 1).
        #[arg(long)]
        misere: bool,
        /// Print `{"values": [...], "period": {...} | null}` instead of text.
        #[arg(long)]
        json: bool,
        /// Stop searches (misère tables) after this many stored states.
        #[arg(long, value_name = "N", default_value_t = sprague::DEFAULT_MAX_STATES)]
        max_states: usize,
        /// Draw the values (and the period found) into this file: SVG, or PNG when FILE ends in `.png`.
        #[arg(long, value_name = "FILE.svg|FILE.png")]
        plot: Option<String>,
    },
    /// How many single heaps n in [L, R] (any u64 bounds) are P-positions, and
    /// how many have each Grundy value, from a closed form or a proven period.
    Count {
        /// Ruleset name with parameters, e.g. `kayles`, `bash:3`, `memory2c:2`.
        #[arg(value_parser = ruleset::RulesetName, hide_possible_values = true)]
        ruleset: String,
        /// The heaps counted: `L,R` (both included).
        #[arg(long, value_name = "L,R", allow_hyphen_values = true)]
        range: String,
        /// Misère play (rulesets whose misère play has a rule, e.g. memory games).
        #[arg(long)]
        misere: bool,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
        /// Without a closed form or a proven period (Grundy's game), heaps are
        /// tabulated up to R: at most this many values.
        #[arg(long, value_name = "N", default_value_t = sprague::DEFAULT_MAX_STATES)]
        max_states: usize,
    },
    /// Grundy's game G(0..N-1) streamed to a table file (1 byte a value; see
    /// docs), resumed from the file when it already holds values.
    GrundyGame {
        /// The table file (created when missing).
        file: String,
        /// How many values: G(0) to G(N-1).
        #[arg(long, value_name = "N")]
        count: usize,
    },
    /// The misère quotient (Plambeck and Siegel) of the sums of heaps 1..N of
    /// a heap ruleset: generators and relations, order, P-portion and the
    /// element of each heap, verified for every sum (see docs/misere-quotients.md).
    MisereQuotient {
        /// Heap ruleset with parameters, e.g. `octal:0.75`, `hex:0.f`, `subtraction:1,2`.
        #[arg(value_parser = ruleset::RulesetName, hide_possible_values = true)]
        ruleset: String,
        /// The largest heap size N.
        #[arg(long, value_name = "N")]
        heaps: u64,
        /// Also the misère outcome of this sum of heaps (e.g. "3 4 5"), read from the quotient.
        #[arg(long, value_name = "HEAPS")]
        sum: Option<String>,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
        /// Stop the verification after this many states.
        #[arg(long, value_name = "N", default_value_t = sprague::DEFAULT_MAX_STATES)]
        max_states: usize,
        /// Stop once the quotient (or a candidate for it) passes this many elements; its
        /// multiplication table takes 4·N² bytes.
        #[arg(long, value_name = "N", default_value_t = sprague::heap::DEFAULT_MAX_ORDER)]
        max_order: usize,
    },
    /// Grundy value of every vertex of a directed acyclic graph file.
    ///
    /// Text: first line `n m`, then m lines `u v` (0-based; `#` starts a comment).
    /// JSON: {"n": 3, "edges": [[0, 1], [1, 2]]}. FILE `-` reads stdin.
    GrundyGraph {
        /// The graph file, or `-` for stdin. An edge list such as `0-1 1-2`
        /// (the graph rulesets' notation) is read too.
        file: String,
        /// Ids run from 1 to N (contest input files).
        #[arg(long)]
        one_based: bool,
        /// Print `{"grundy": [...]}` instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Print a shell completion script (bash, zsh, fish, elvish or powershell).
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
    /// Print a manual page (roff): `sprague man > sprague.1`, or one verb's
    /// page with its options, `sprague man value > sprague-value.1`; `--dir
    /// DIR` writes every page.
    Man {
        /// The verb whose page to print, e.g. `value` (the page sprague-value(1)).
        verb: Option<String>,
        /// Write every page (sprague.1, sprague-value.1, …) into this directory.
        #[arg(long, value_name = "DIR", conflicts_with = "verb")]
        dir: Option<String>,
    },
    /// Win/lose/draw and remoteness of every vertex of a game graph (cycles allowed).
    ///
    /// FILE uses the `grundy-graph` formats, plus lines `outcome V W|L|D` and
    /// `score V S` for terminal vertices. Other modes: --grundy (loopy values),
    /// --prefs (rankings), --minimax (scores), --tree/--and-or (JSON game trees),
    /// --demo tic-tac-toe|krk|river-pawn.
    Solve(cmd::solve::SolveArgs),
    /// The value of a position read from a table file written by
    /// `sprague solve --demo NAME --out FILE`, without solving.
    Probe(cmd::table_file::ProbeArgs),
    /// Check a table file: every block's checksum, and for a sample of
    /// positions that each stored value is the one its children's imply.
    Verify(cmd::table_file::VerifyArgs),
    /// Count the edge subsets of a DAG in which the first player wins with
    /// tokens on vertices 0 and 1 (1 and 2 with --one-based), modulo 10^9+7.
    ///
    /// The file is a graph file as for `grundy-graph` (text `n m` then `u v`
    /// lines, or JSON), at most 18 vertices; each listed edge may be kept or
    /// dropped. FILE `-` reads stdin.
    CountDagWins {
        /// The graph file, or `-` for stdin.
        file: String,
        /// Ids run from 1 to N (AtCoder AGC016 F input format).
        #[arg(long)]
        one_based: bool,
        /// Print one JSON object instead of the bare count.
        #[arg(long)]
        json: bool,
    },
    /// The K-th P-position (a_K, b_K) of Wythoff's game: a_K = ⌊Kφ⌋, b_K = a_K + K,
    /// exact for any K below 2^64.
    WythoffPair {
        /// The index K (a whole number).
        k: String,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Serve the browser playground (calc, values, play, tables, rules
    /// scripts) from files built into this binary; open the printed address.
    Serve {
        /// The port on 127.0.0.1 (0: any free port).
        #[arg(long, default_value_t = 8080)]
        port: u16,
    },
}

#[derive(Subcommand)]
enum NimberOp {
    /// Nim-sum A ⊕ B.
    Add {
        /// First operand.
        a: String,
        /// Second operand.
        b: String,
    },
    /// Nim product A ⊗ B; with --batch, Library Checker format on stdin.
    Mul {
        /// First operand.
        #[arg(required_unless_present = "batch")]
        a: Option<String>,
        /// Second operand.
        #[arg(required_unless_present = "batch")]
        b: Option<String>,
        /// Read `T` then `T` lines `A B` from stdin, print one product per line.
        #[arg(long, conflicts_with_all = ["a", "b"])]
        batch: bool,
    },
    /// Multiplicative inverse of A.
    Inv {
        /// The operand (not 0).
        a: String,
    },
    /// Square root of A (unique in characteristic 2).
    Sqrt {
        /// The operand.
        a: String,
    },
    /// A raised to the integer power K under the nim product.
    Pow {
        /// The base.
        a: String,
        /// The exponent (a whole number).
        k: String,
    },
}

fn run(cli: Cli) -> CliResult<()> {
    if let Some(bytes) = cli.max_memory {
        progress::monitor().set_max_memory(bytes);
    }
    // The server only sends the page's files: its budget is the browser's.
    if !matches!(cli.command, Command::Serve { .. }) {
        heap::arm(progress::monitor().max_memory());
    }
    // Ctrl-C always ends with one line and exit code 130: at once, or by a
    // clean stop where the computation polls the monitor.
    progress::interrupt();
    match cli.command {
        Command::Value {
            ruleset,
            position,
            batch,
            all,
            rules,
            max_ops,
            misere,
            json,
            max_states,
        } => {
            let options = QueryOptions { misere, max_states };
            let source = ruleset::Source::of(ruleset, rules, max_ops, max_states);
            if batch {
                cmd::value::batch(&source, &options, json)
            } else {
                cmd::value::run(&source, &position, &options, json, all)
            }
        }
        Command::Play {
            ruleset,
            position,
            rules,
            max_ops,
            first,
            side,
            misere,
            max_states,
        } => cmd::play::run(
            &ruleset::Source::of(ruleset, rules, max_ops, max_states),
            &position,
            &play::Settings {
                user_first: first == cmd::play::First::You,
                user_side: side.player(),
                misere,
                max_states,
            },
        ),
        Command::Games { ruleset, json } => cmd::games::run(ruleset.as_deref(), json),
        Command::Table {
            ruleset,
            n,
            rules,
            max_ops,
            count,
            misere,
            json,
            max_states,
            plot,
        } => {
            let (ruleset, count) = cmd::table::count_of(ruleset, n, rules.is_some(), count)?;
            cmd::table::run(
                &ruleset::Source::of(ruleset, rules, max_ops, max_states),
                count,
                &QueryOptions { misere, max_states },
                json,
                plot.as_deref(),
            )
        }
        Command::Count {
            ruleset,
            range,
            misere,
            json,
            max_states,
        } => cmd::count::run(&ruleset, &range, &QueryOptions { misere, max_states }, json),
        Command::Calc {
            expr,
            json,
            thermograph,
            cool,
            heat,
            max_states,
            misere,
        } => cmd::calc::run(
            &expr,
            &cmd::calc::CalcOptions {
                json,
                thermograph: thermograph.as_deref(),
                cool: cool.as_deref(),
                heat: heat.as_deref(),
                max_states: Some(max_states),
                misere,
            },
        ),
        Command::Nimber { op, json } => match op {
            NimberOp::Add { a, b } => cmd::nimber::unary_or_binary("add", &a, Some(&b), json),
            NimberOp::Mul { batch: true, .. } => cmd::nimber::batch_mul(json),
            NimberOp::Mul { a, b, .. } => match (a, b) {
                (Some(a), Some(b)) => cmd::nimber::unary_or_binary("mul", &a, Some(&b), json),
                _ => Err(CliError::input("`nimber mul` takes two operands A B, or --batch")),
            },
            NimberOp::Inv { a } => cmd::nimber::unary_or_binary("inv", &a, None, json),
            NimberOp::Sqrt { a } => cmd::nimber::unary_or_binary("sqrt", &a, None, json),
            NimberOp::Pow { a, k } => cmd::nimber::unary_or_binary("pow", &a, Some(&k), json),
        },
        Command::Repl { echo } => cmd::repl::run(echo),
        Command::GrundyGame { file, count } => cmd::grundy_game::run(&file, count),
        Command::MisereQuotient {
            ruleset,
            heaps,
            sum,
            json,
            max_states,
            max_order,
        } => cmd::misere_quotient::run(&ruleset, heaps, sum.as_deref(), max_states, max_order, json),
        Command::GrundyGraph {
            file,
            one_based,
            json,
        } => cmd::grundy_graph::run(&file, one_based, json),
        Command::Completions { shell } => cmd::shell::completions(shell, &mut Cli::command()),
        Command::Man { verb, dir } => cmd::shell::man(Cli::command(), verb.as_deref(), dir.as_deref()),
        Command::Solve(args) => cmd::solve::run(&args),
        Command::Probe(args) => cmd::table_file::probe(&args),
        Command::Verify(args) => cmd::table_file::verify(&args),
        Command::CountDagWins {
            file,
            one_based,
            json,
        } => cmd::count_dag_wins::run(&file, one_based, json),
        Command::WythoffPair { k, json } => cmd::wythoff_pair::run(&k, json),
        Command::Serve { port } => cmd::serve::run(port),
    }
}

/// Whether clap's "error" `e` is really a request for help or the version
/// (printed as asked, not reported as a failure).
pub(crate) fn is_help_request(e: &clap::Error) -> bool {
    use clap::error::ErrorKind;
    matches!(
        e.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    )
}

fn main() {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            if is_help_request(&e) {
                e.exit();
            }
            fail(
                2,
                &format!("error: {} (see `sprague --help`)", error::clap_one_line(&e)),
            );
        }
    };
    if let Err(e) = run(cli) {
        if e.code == error::QUIET {
            // The reader went away (e.g. `| head`): nothing more to say.
            std::process::exit(0);
        }
        if e.code == error::INTERRUPTED {
            // Ctrl-C is not an error: say how far the computation got.
            fail(e.code, &e.to_string());
        }
        fail(e.code, &format!("error: {e}"));
    }
}

/// Prints `sprague: MESSAGE` as one line on stderr (control characters
/// escaped) and exits with `code`. A closed stderr is not a reason to panic.
fn fail(code: i32, message: &str) -> ! {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "sprague: {}", error::one_line(message));
    std::process::exit(code);
}
