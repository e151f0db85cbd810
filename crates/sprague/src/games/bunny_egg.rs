//! NOI 2011 兔兔与蛋蛋游戏 (Bunny and Egg): every winning first move.

use crate::graph_games::{BunnyEggBoard, BunnyEggCell, BunnyEggRules, bunny_egg_winning_moves};
use crate::play::{ImpartialEngine, PlayEngine, erase};
use crate::registry::{
    Data, Entry, Error, Family, Options, Report, Result, Ruleset, normal_play_only, without_params,
};

/// The Bunny and Egg board game.
struct BunnyEgg;

/// Boards up to this many cells can be played (replies come from search).
const BUNNY_EGG_PLAY_CELLS: usize = 30;

impl Ruleset for BunnyEgg {
    fn value(&self, position: &str, options: &Options<'_>) -> Result<Report> {
        normal_play_only("bunny-and-egg", options)?;
        let board = BunnyEggBoard::parse(position).map_err(|e| Error::position(position, e))?;
        let (wins, winning) = bunny_egg_winning_moves(&board);
        let player = if board.bunny_to_move { "Bunny" } else { "Egg" };
        let shown = board.format();
        let rows: Vec<(String, String)> = winning
            .iter()
            .map(|&from| (board.slide(from).format(), board.describe_slide(from)))
            .collect();
        let outcome = if wins { "W" } else { "L" };
        debug_assert!(board.cells[board.empty] == BunnyEggCell::Empty);
        let data = Data::map()
            .with("ruleset", "bunny-and-egg")
            .with("position", shown.as_str())
            .with("to_move", player)
            .with("outcome", outcome)
            .with("movable", board.movable().len())
            .with("winning_moves", Data::moves(&rows));
        let text = format!(
            "bunny-and-egg {shown}\n{player} to move {} with perfect play (outcome {outcome})\n",
            if wins { "wins" } else { "loses" }
        );
        let mut report = Report::new(data, text);
        report.push_moves("winning_moves", "winning moves", "");
        Ok(report)
    }

    /// Plays the board move by move; each reply is found by search, so
    /// boards are limited in size.
    fn play<'a>(&'a self, position: &str, options: &Options<'a>) -> Result<Box<dyn PlayEngine + 'a>> {
        normal_play_only("bunny-and-egg", options)?;
        let board = BunnyEggBoard::parse(position).map_err(|e| Error::position(position, e))?;
        if board.cells.len() > BUNNY_EGG_PLAY_CELLS {
            return Err(Error::input(format!(
                "bunny-and-egg: play is limited to boards of at most {BUNNY_EGG_PLAY_CELLS} cells (this one has {}); `value` answers any board",
                board.cells.len()
            )));
        }
        let engine = ImpartialEngine::new("bunny-and-egg".to_string(), &BunnyEggRules, false, options);
        Ok(erase(engine, board))
    }
}

/// The catalog entry.
pub(crate) const ENTRIES: &[Entry] = &[Entry {
    name: "bunny-and-egg",
    params: "",
    family: Family::Graph,
    summary: "NOI 2011 兔兔与蛋蛋游戏: Bunny slides white pieces, Egg black ones, into the one empty cell; every winning first move",
    notation: "rows of `O` (white), `X` (black) and one `.` (empty) joined by `|`, then optionally `b` (Bunny to move, the default) or `e` (Egg), e.g. `XOXO|O.OX|XOXO`",
    example: "value bunny-and-egg XOXO|O.OX|XOXO",
    example2: "value bunny-and-egg OXO|X.O|OXO e --json",
    rules: "A rectangular board holds white and black pieces and one empty cell. Bunny (兔兔) and Egg (蛋蛋) move in turn, Bunny first: Bunny slides a white piece from a cell next to the empty cell (up, down, left or right) into it, Egg does the same with a black piece. The player who cannot move loses. The answer lists every winning first move of the player to move.",
    known: "NOI 2011, problem 兔兔与蛋蛋游戏 (the original asks which of Bunny's moves in a recorded game were mistakes: a move is one exactly when it turns a winning position into a losing one, which this ruleset's winning moves decide). The empty cell never returns to a cell it left, so the game is undirected vertex geography on the graph of the cells it can enter, and the player to move wins exactly when the empty cell's vertex is in every maximum matching (Fraenkel, Scheinerman and Ullman, 1993); a first move wins when its cell is not in every maximum matching of the graph without the old empty cell. Tests check this against play on random boards of up to 4×4 cells.",
    build: |name, params| without_params(name, params, |_| BunnyEgg),
}];
