//! The arguments of `sprague solve`, shared by the files that carry out its
//! parts (table files, distributed solves, demo solves).

/// What `sprague solve` was asked for (its command-line arguments).
#[derive(clap::Args)]
pub struct SolveArgs {
    /// Graph file, JSON tree, or board picture; `-` reads stdin.
    pub file: Option<String>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Terminal vertices (without an explicit outcome) win for the player to move.
    #[arg(long, conflicts_with_all = ["prefs", "grundy", "minimax", "tree", "and_or"])]
    pub misere: bool,
    /// Generalised Sprague-Grundy values (finite or infinity with follower values).
    #[arg(long, conflicts_with_all = ["prefs", "minimax", "tree", "and_or"])]
    pub grundy: bool,
    /// With --grundy: the outcome of the sum of tokens on these vertices, e.g. `0,3,3`.
    #[arg(long, value_name = "V,V,...", requires = "grundy")]
    pub sum: Option<String>,
    /// Rankings of win/draw/loss, best first, for the first and second player, e.g. `dwl,wld`.
    #[arg(long, value_name = "FIRST,SECOND", conflicts_with_all = ["minimax", "tree", "and_or"])]
    pub prefs: Option<String>,
    /// Negamax values from the terminal scores (acyclic graphs).
    #[arg(long, conflicts_with_all = ["tree", "and_or"])]
    pub minimax: bool,
    /// FILE is a game tree as nested JSON lists: minimax by alpha-beta.
    #[arg(long, conflicts_with = "and_or")]
    pub tree: bool,
    /// FILE is a game tree as nested JSON lists of 0/1: randomised AND-OR evaluation.
    #[arg(long)]
    pub and_or: bool,
    /// Seed of --and-or.
    #[arg(long, default_value_t = 1, requires = "and_or")]
    pub seed: u64,
    /// A built-in state space: tic-tac-toe, krk, kqk, krk-table, kpk, river-pawn (FILE = board picture, river-pawn only).
    #[arg(long, value_name = "NAME", conflicts_with_all = ["grundy", "prefs", "minimax", "tree", "and_or", "misere"])]
    pub demo: Option<String>,
    /// Threads for --demo solves (results are identical for any number), 1 to 256.
    #[arg(long, default_value_t = 1, value_parser = parse_threads)]
    pub threads: usize,
    /// A rules file (rhai script): FILE is then the starting position, solved
    /// as win/lose/draw with remoteness over every position reachable from it.
    #[arg(long, value_name = "RULES")]
    pub rules: Option<String>,
    /// Most operations one call of the rules script may run (at least 1;
    /// growing an array counts its length).
    #[arg(long, value_name = "N", default_value_t = sprague_script::DEFAULT_MAX_OPS, value_parser = clap::value_parser!(u64).range(1..))]
    pub max_ops: u64,
    /// State budget for --demo solves (tree nodes for exhaustive --prefs searches).
    #[arg(long, value_name = "N", default_value_t = sprague::DEFAULT_MAX_STATES)]
    pub max_states: usize,
    /// Write the solved table (W/L/D and remoteness of every state, or of
    /// every vertex of a graph FILE) to this file, for `sprague probe` and
    /// `sprague verify` (a graph's table reads the graph again with --graph).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["grundy", "prefs", "minimax", "tree", "and_or"])]
    pub out: Option<String>,
    /// With --out: keep the solve's progress in this checkpoint file (every
    /// finished block for connect-four, a snapshot at the end of a
    /// remoteness level for the other spaces).
    #[arg(long, value_name = "FILE", requires = "out")]
    pub checkpoint: Option<String>,
    /// Least seconds between two snapshots of a level-by-level solve's
    /// checkpoint (0: at the end of every level).
    #[arg(long, value_name = "SECS", default_value_t = 60)]
    pub checkpoint_every: u64,
    /// Continue the solve kept in the --checkpoint file.
    #[arg(long, requires = "checkpoint")]
    pub resume: bool,
    /// With --out: solve Connect Four tier by tier (tier = stones on the
    /// board), two tiers in memory at 1 byte per state, streamed to the
    /// table; chosen by itself when the board's column encoding exceeds
    /// --max-states.
    #[arg(long, requires = "out")]
    pub tiered: bool,
    /// States per block of the table file and the checkpoint.
    #[arg(long, value_name = "N", default_value_t = 1 << 20, requires = "out")]
    pub block_states: u32,
    /// Distributed solving (--workers, --processes, --process, --hosts).
    #[command(flatten)]
    pub dist: super::dist::DistArgs,
}

/// `--threads N`: a whole number the core accepts as a thread count.
fn parse_threads(text: &str) -> Result<usize, String> {
    let n: usize = text.trim().parse().map_err(|_| {
        format!(
            "`{text}` is not a thread count between 1 and {}",
            sprague::loopy::MAX_THREADS
        )
    })?;
    sprague::loopy::check_threads(n).map_err(|e| e.to_string())
}
