//! The `sprague` command: solve, tabulate and explore combinatorial games.
#![cfg_attr(not(test), warn(clippy::unwrap_used, clippy::expect_used))]

mod catalog;
mod cmd;
mod error;
mod input;
mod ruleset;

use clap::{Parser, Subcommand};
use error::{CliError, CliResult};
use ruleset::QueryOptions;

/// Combinatorial game theory engine: outcomes, Grundy values, winning moves.
#[derive(Parser)]
#[command(name = "sprague", version, about, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Outcome, value and every winning move of a position.
    Value {
        /// Ruleset name with parameters, e.g. `nim`, `bash:3` (see `sprague games`).
        ruleset: String,
        /// The position in the ruleset's notation: one quoted argument or several words.
        #[arg(required = true, num_args = 1..)]
        position: Vec<String>,
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
    /// List every ruleset with its position notation and an example.
    Games {
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Arithmetic in the field of 64-bit nimbers (decimal in and out).
    Nimber {
        #[command(subcommand)]
        op: NimberOp,
    },
    /// Grundy value of every vertex of a directed acyclic graph file.
    ///
    /// Text: first line `n m`, then m lines `u v` (0-based; `#` starts a comment).
    /// JSON: {"n": 3, "edges": [[0, 1], [1, 2]]}. FILE `-` reads stdin.
    GrundyGraph {
        /// The graph file, or `-` for stdin.
        file: String,
        /// Print `{"grundy": [...]}` instead of text.
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
    match cli.command {
        Command::Value {
            ruleset,
            position,
            misere,
            json,
            max_states,
        } => cmd::value::run(&ruleset, &position, &QueryOptions { misere, max_states }, json),
        Command::Games { json } => cmd::games::run(json),
        Command::Nimber { op } => match op {
            NimberOp::Add { a, b } => cmd::nimber::unary_or_binary("add", &a, Some(&b)),
            NimberOp::Mul { batch: true, .. } => cmd::nimber::batch_mul(),
            NimberOp::Mul { a, b, .. } => match (a, b) {
                (Some(a), Some(b)) => cmd::nimber::unary_or_binary("mul", &a, Some(&b)),
                _ => Err(CliError::input("`nimber mul` takes two operands A B, or --batch")),
            },
            NimberOp::Inv { a } => cmd::nimber::unary_or_binary("inv", &a, None),
            NimberOp::Sqrt { a } => cmd::nimber::unary_or_binary("sqrt", &a, None),
            NimberOp::Pow { a, k } => cmd::nimber::unary_or_binary("pow", &a, Some(&k)),
        },
        Command::GrundyGraph { file, json } => cmd::grundy_graph::run(&file, json),
        Command::WythoffPair { k, json } => cmd::wythoff_pair::run(&k, json),
    }
}

fn main() {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind;
            if matches!(
                e.kind(),
                ErrorKind::DisplayHelp
                    | ErrorKind::DisplayVersion
                    | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
            ) {
                e.exit();
            }
            // One line: clap's first line, without its own "error: " prefix.
            let rendered = e.render().to_string();
            let first = rendered.lines().next().unwrap_or("invalid arguments");
            let first = first.strip_prefix("error: ").unwrap_or(first);
            eprintln!("sprague: error: {first} (see `sprague --help`)");
            std::process::exit(2);
        }
    };
    if let Err(e) = run(cli) {
        eprintln!("sprague: error: {e}");
        std::process::exit(e.code);
    }
}
