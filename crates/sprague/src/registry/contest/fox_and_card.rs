//! Fox and Card (Codeforces 388C): the final sums of Ciel and Jiro.

use super::normal_play_only;
use crate::games::{
    FoxPlayer, format_fox_piles, fox_and_card_best_moves, fox_and_card_scores, parse_fox_piles,
};
use crate::partizan::Player;
use crate::play::{Engine, Kind, PlayEngine, Verdict, erase};
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

    /// Ciel is Left (top cards), Jiro Right (bottom cards); the game is
    /// played for the difference of the sums.
    fn play<'a>(&'a self, position: &str, options: &Options<'a>) -> Result<Box<dyn PlayEngine + 'a>> {
        normal_play_only("fox-and-card", options)?;
        let start = FoxPlay
            .parse(position)
            .map_err(|e| Error::input(format!("position `{position}`: {e}")))?;
        Ok(erase(FoxPlay, start))
    }
}

/// A position of Fox and Card in play: the piles left and what each player
/// has taken so far.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Table {
    piles: Vec<Vec<u32>>,
    ciel: u64,
    jiro: u64,
}

/// The fox player of a side: Left is Ciel (top cards), Right is Jiro.
const fn fox(p: Player) -> FoxPlayer {
    match p {
        Player::Left => FoxPlayer::Ciel,
        Player::Right => FoxPlayer::Jiro,
    }
}

/// A perfect player of Fox and Card, played for the difference of the two
/// sums: a position's score for the player to move is their final sum
/// minus the other's, by [`fox_and_card_scores`] on the cards left.
struct FoxPlay;

impl Engine for FoxPlay {
    type Pos = Table;

    fn ruleset(&self) -> &str {
        "fox-and-card"
    }

    fn kind(&self) -> Kind {
        Kind::Partizan
    }

    fn format(&self, t: &Table) -> String {
        let piles = if t.piles.iter().all(Vec::is_empty) {
            "-".to_string()
        } else {
            format_fox_piles(&t.piles)
        };
        if t.ciel == 0 && t.jiro == 0 {
            piles
        } else {
            format!("{piles} ; Ciel {} Jiro {}", t.ciel, t.jiro)
        }
    }

    fn parse(&self, text: &str) -> core::result::Result<Table, String> {
        let (piles, taken) = text.split_once(';').unwrap_or((text, ""));
        let piles = parse_fox_piles(piles).map_err(|e| e.to_string())?;
        let words: Vec<&str> = taken.split_whitespace().collect();
        let (mut ciel, mut jiro) = (0, 0);
        for pair in words.chunks(2) {
            let value = |w: Option<&&str>| -> core::result::Result<u64, String> {
                w.and_then(|w| w.parse().ok())
                    .ok_or_else(|| "after `;` give the sums taken, `Ciel 100 Jiro 10`".to_string())
            };
            match pair[0].to_ascii_lowercase().as_str() {
                "ciel" => ciel = value(pair.get(1))?,
                "jiro" => jiro = value(pair.get(1))?,
                _ => return Err("after `;` give the sums taken, `Ciel 100 Jiro 10`".to_string()),
            }
        }
        Ok(Table { piles, ciel, jiro })
    }

    fn options(&mut self, t: &Table, mover: Player) -> Result<Vec<Table>> {
        let mut out = Vec::new();
        for (i, pile) in t.piles.iter().enumerate() {
            if pile.is_empty() {
                continue;
            }
            let mut next = t.clone();
            let card = match mover {
                Player::Left => next.piles[i].remove(0),
                Player::Right => next.piles[i].pop().unwrap_or(0),
            };
            match mover {
                Player::Left => next.ciel += u64::from(card),
                Player::Right => next.jiro += u64::from(card),
            }
            out.push(next);
        }
        Ok(out)
    }

    fn describe(&self, from: &Table, to: &Table) -> String {
        let i = (0..from.piles.len())
            .find(|&i| from.piles[i].len() != to.piles.get(i).map_or(0, Vec::len))
            .unwrap_or(0);
        let (who, end, card) = if to.ciel != from.ciel {
            ("Ciel", "top", to.ciel - from.ciel)
        } else {
            ("Jiro", "bottom", to.jiro - from.jiro)
        };
        format!("{who} takes the {end} card {card} of pile {}", i + 1)
    }

    fn verdict(&mut self, t: &Table, mover: Player) -> Result<Verdict> {
        let (ciel, jiro) = fox_and_card_scores(&t.piles, fox(mover));
        let (ciel, jiro) = (ciel + t.ciel, jiro + t.jiro);
        let diff = i128::from(ciel) - i128::from(jiro);
        let mine = if mover == Player::Left { diff } else { -diff };
        Ok(Verdict::Score(i64::try_from(mine).unwrap_or(if mine > 0 {
            i64::MAX
        } else {
            i64::MIN
        })))
    }

    fn hint(&mut self, t: &Table, mover: Player) -> Result<Vec<String>> {
        let (ciel, jiro) = fox_and_card_scores(&t.piles, fox(mover));
        let mut lines = vec![
            "each player can keep their own half of every pile (Ciel the upper half, Jiro the lower); the middle cards of odd piles go, largest first, alternately to the player to move and the other.".to_string(),
            format!(
                "with perfect play from here Ciel ends with {} and Jiro with {}.",
                ciel + t.ciel,
                jiro + t.jiro
            ),
        ];
        let best: Vec<String> = fox_and_card_best_moves(&t.piles, fox(mover))
            .into_iter()
            .map(|i| format!("pile {}", i + 1))
            .collect();
        if !best.is_empty() {
            lines.push(format!("best moves: take from {}", best.join(" or ")));
        }
        Ok(lines)
    }

    fn mover_name(&self, _t: &Table) -> Option<String> {
        None
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
