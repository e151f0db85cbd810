//! Fox and Card (Codeforces 388C): the final sums of Ciel and Jiro.

use super::normal_play_only;
use crate::games::{
    FoxPlayer, format_fox_piles, fox_and_card_best_moves, fox_and_card_scores, parse_fox_piles,
};
use crate::registry::{Data, Entry, Error, Family, Options, Report, Result, Ruleset, without_params};

/// Fox and Card with Ciel to move.
struct FoxAndCard;

impl Ruleset for FoxAndCard {
    fn value(&self, position: &str, options: &Options<'_>) -> Result<Report> {
        normal_play_only("fox-and-card", options)?;
        let piles = parse_fox_piles(position).map_err(|e| Error::position(position, e))?;
        let (ciel, jiro) = fox_and_card_scores(&piles, FoxPlayer::Ciel);
        let shown = format_fox_piles(&piles);
        let rows: Vec<(String, String)> = fox_and_card_best_moves(&piles, FoxPlayer::Ciel)
            .into_iter()
            .map(|i| {
                let mut after = piles.clone();
                let card = after[i].remove(0);
                (
                    format_fox_piles(&after),
                    format!("Ciel takes the top card {card} of pile {}", i + 1),
                )
            })
            .collect();
        let data = Data::map()
            .with("ruleset", "fox-and-card")
            .with("position", shown.as_str())
            .with("to_move", "Ciel")
            .with("ciel", ciel)
            .with("jiro", jiro)
            .with("best_moves", Data::moves(&rows));
        let mut text = format!(
            "fox-and-card {shown}\nwith optimal play Ciel takes {ciel} and Jiro {jiro} (Ciel moves first)\n"
        );
        if rows.is_empty() {
            text.push_str("best moves: none (no cards)\n");
        } else {
            text.push_str(&format!("Ciel's best first moves ({}):\n", rows.len()));
            for (to, d) in &rows {
                text.push_str("  ");
                text.push_str(d);
                text.push_str(", leaving ");
                text.push_str(to);
                text.push('\n');
            }
        }
        Ok(Report::new(data, text))
    }
}

pub(in crate::registry) fn entry() -> Entry {
    Entry {
        name: "fox-and-card",
        params: "",
        family: Family::Partizan,
        summary: "Codeforces 388C: Ciel takes top cards, Jiro bottom cards, of any pile; the final sums of both under optimal play",
        notation: "piles separated by `|`, each pile's cards from top to bottom separated by spaces, e.g. `100 | 1 10`",
        example: "value fox-and-card 100 | 1 10",
        example2: "value fox-and-card 1 3 2 | 5 4 6 | 8 7 --json",
        rules: "Piles of cards with numbers on them. Ciel and Jiro move in turn, Ciel first: Ciel takes the top card of any non-empty pile, Jiro the bottom card of any non-empty pile. The game ends when every pile is empty; each player wants the sum of the cards they took to be as large as possible. The problem asks for both sums under optimal play.",
        known: "Codeforces Round 228, problem 388C (Fox and Card); its samples are answered 101 10, 30 15, 18 18 and 7000 7000. Each player can keep their own half of every pile (Ciel the upper half, Jiro the lower); the middle cards of odd piles go, largest first, alternately to Ciel and Jiro. Tests check this against play over every state on random small positions.",
        build: |name, params| without_params(name, params, |_| FoxAndCard),
    }
}
