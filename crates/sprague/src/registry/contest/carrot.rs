//! Choosing Carrot (Codeforces 794E): the final carrot for every k.

use super::normal_play_only;
use crate::games::carrot_answers;
use crate::notation::ParseError;
use crate::registry::{Data, Entry, Error, Family, Options, Report, Result, Ruleset, without_params};

/// Choosing Carrot on a row of juiciness values.
struct ChoosingCarrot;

/// The juiciness values, separated by spaces or commas.
fn parse_row(text: &str) -> core::result::Result<Vec<u64>, ParseError> {
    let mut row = Vec::new();
    let mut col = 1;
    for w in text.split([' ', ',']) {
        if !w.is_empty() {
            row.push(crate::notation::parse_u64_token(w, col, "a juiciness")?);
        }
        col += w.chars().count() + 1;
    }
    if row.is_empty() {
        return Err(ParseError::new(
            "expected the juiciness of each carrot, e.g. `1 2 3 5`",
            1,
            text,
        ));
    }
    Ok(row)
}

impl Ruleset for ChoosingCarrot {
    fn value(&self, position: &str, options: &Options<'_>) -> Result<Report> {
        normal_play_only("choosing-carrot", options)?;
        let row = parse_row(position).map_err(|e| Error::position(position, e))?;
        let answers = carrot_answers(&row);
        let shown = row.iter().map(u64::to_string).collect::<Vec<_>>().join(" ");
        let listed = answers.iter().map(u64::to_string).collect::<Vec<_>>().join(" ");
        let data = Data::map()
            .with("ruleset", "choosing-carrot")
            .with("position", shown.as_str())
            .with("n", row.len())
            .with("answers", answers.clone());
        let text = format!(
            "choosing-carrot {shown}\nthe final carrot for k = 0, 1, …, {} (Oleg's extra moves before the game):\n{listed}\n",
            row.len() - 1
        );
        Ok(Report::new(data, text))
    }
}

pub(in crate::registry) fn entry() -> Entry {
    Entry {
        name: "choosing-carrot",
        params: "",
        family: Family::Partizan,
        summary: "Codeforces 794E: Oleg and Igor eat carrots from either end of a row until one is left; its juiciness for every k extra moves of Oleg",
        notation: "the juiciness of the carrots in a row, separated by spaces, e.g. `1 2 3 5`",
        example: "value choosing-carrot 1 2 3 5",
        example2: "value choosing-carrot 1000000000 1000000000 1000000000 1000000000 1 --json",
        rules: "Carrots lie in a row, each with a juiciness. Oleg and Igor take turns, Oleg first, each eating one carrot from either end of the row, until one carrot is left; it goes to their friend. Oleg wants it as juicy as possible, Igor as little as possible. Before the game starts Oleg makes k extra moves alone; the problem asks for the remaining carrot's juiciness for every k from 0 to n − 1.",
        known: "Codeforces Round 414, problem 794E (Choosing Carrot); sample 1 (1 2 3 5) has the answers 3 3 5 5, sample 2 (four carrots of 10^9 and one of 1) answers 10^9 for every k. With m carrots left the result depends only on the middle: the larger of the two middle carrots when m is even, the larger of min(middle, left neighbour) and min(middle, right neighbour) when m ≥ 3 is odd; Oleg's extra moves choose the best row of length n − k, so every k is answered in O(n). Tests check this against minimax over all sub-rows on random rows.",
        build: |name, params| without_params(name, params, |_| ChoosingCarrot),
    }
}
