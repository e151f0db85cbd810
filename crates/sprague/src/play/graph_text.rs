//! Text shared by the players of games on graphs: verdicts from a rule, hint
//! lists, vertex and edge lists, vertex sets `{0,1,3}`, board cells (`b2`),
//! and the words of short moves.

use super::engine::Verdict;
use crate::graph_games::CellGrid;

pub(crate) const HINT_LIST_LIMIT: usize = 20;

pub(crate) fn verdict_of(wins: bool) -> Verdict {
    if wins {
        Verdict::Win(None)
    } else {
        Verdict::Lose(None)
    }
}

pub(crate) fn parse_error(text: &str, e: &crate::parse_error::ParseError) -> String {
    format!("position `{text}`: {e}")
}

/// A position typed by the user, read in `rules`' notation; the error is one line.
pub(crate) fn parse_in<P>(rules: &impl crate::notation::Notation<P>, text: &str) -> Result<P, String> {
    rules.parse_position(text).map_err(|e| parse_error(text, &e))
}

/// A board position as text: the rows of `grid`, each cell drawn by
/// `cell(index)` (row by row), joined by `/`. O(cells).
pub(crate) fn grid_text(grid: &CellGrid, cell: impl Fn(usize) -> char) -> String {
    let rows: Vec<String> = (0..grid.height)
        .map(|r| (0..grid.width).map(|c| cell(r * grid.width + c)).collect())
        .collect();
    rows.join("/")
}

/// Lines listing moves: `  TO   NOTE`, at most [`HINT_LIST_LIMIT`] of them.
pub(crate) fn listed(rows: &[(String, String)]) -> Vec<String> {
    let width = crate::columns::column_width(rows.iter().take(HINT_LIST_LIMIT).map(|r| r.0.as_str()));
    let mut out: Vec<String> = rows
        .iter()
        .take(HINT_LIST_LIMIT)
        .map(|(a, b)| {
            if b.is_empty() {
                format!("    {a}")
            } else {
                format!("    {}   {b}", crate::columns::pad_right(a, width))
            }
        })
        .collect();
    if rows.len() > HINT_LIST_LIMIT {
        out.push(format!("    (and {} more)", rows.len() - HINT_LIST_LIMIT));
    }
    out
}

/// Vertex ids joined by spaces, at most `cap` of them.
pub(crate) fn vertex_list(vs: impl IntoIterator<Item = u32>, cap: usize) -> String {
    let all: Vec<u32> = vs.into_iter().collect();
    if all.is_empty() {
        return "none".to_string();
    }
    let mut parts: Vec<String> = all.iter().take(cap).map(u32::to_string).collect();
    if all.len() > cap {
        parts.push(format!("… ({} more)", all.len() - cap));
    }
    parts.join(" ")
}

/// Reads `U-V` (an edge) from a word.
pub(crate) fn edge_word(word: &str) -> Option<(u32, u32)> {
    let (a, b) = word.split_once('-')?;
    Some((a.trim().parse().ok()?, b.trim().parse().ok()?))
}

/// The words of a short move after an optional leading verb.
pub(crate) fn strip_verb<'a>(line: &'a str, verbs: &[&str]) -> &'a str {
    let t = line.trim();
    for v in verbs {
        if let Some(rest) = t.strip_prefix(v)
            && (rest.is_empty() || rest.starts_with(' '))
        {
            return rest.trim();
        }
    }
    t
}

pub(crate) fn edges_text(edges: &[(u32, u32)], cap: usize) -> String {
    let mut parts: Vec<String> = edges.iter().take(cap).map(|(u, v)| format!("{u}-{v}")).collect();
    if edges.len() > cap {
        parts.push(format!("… ({} more)", edges.len() - cap));
    }
    parts.join(" ")
}

/// A perfect Green Hackenbush player: the value of a picture comes from the
/// boards wider than 26 columns.
pub(crate) fn cell_name(b: &CellGrid, i: usize) -> String {
    let (r, c) = (i / b.width, i % b.width);
    if b.width <= 26 {
        format!("{}{}", char::from(b'a' + c as u8), r + 1)
    } else {
        format!("{},{}", r + 1, c + 1)
    }
}

/// Reads a cell written `b2` (column letter, row number) or `2,2` (row,
/// column, from 1).
pub(crate) fn read_cell(b: &CellGrid, word: &str) -> Option<usize> {
    let w = word.trim();
    let (r, c) = if let Some((r, c)) = w.split_once(',') {
        (r.trim().parse::<usize>().ok()?, c.trim().parse::<usize>().ok()?)
    } else {
        let mut chars = w.chars();
        let letter = chars.next()?.to_ascii_lowercase();
        if !letter.is_ascii_lowercase() {
            return None;
        }
        let r = chars.as_str().parse::<usize>().ok()?;
        (r, (letter as u8 - b'a') as usize + 1)
    };
    (r >= 1 && c >= 1 && r <= b.height && c <= b.width).then(|| (r - 1) * b.width + c - 1)
}

/// Whether `word` is written like a cell (`b2`, `2,3`), for errors about cells off the board.
pub(crate) fn looks_like_cell(word: &str) -> bool {
    let mut chars = word.chars();
    let first = chars.next().is_some_and(|c| c.is_ascii_alphabetic());
    let rest = chars.as_str();
    (first && !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit()))
        || word
            .split_once(',')
            .is_some_and(|(a, b)| a.trim().parse::<usize>().is_ok() && b.trim().parse::<usize>().is_ok())
}

pub(crate) fn set_text(mask: u64) -> String {
    let vs: Vec<String> = (0..64u32)
        .filter(|&v| mask >> v & 1 == 1)
        .map(|v| v.to_string())
        .collect();
    format!("{{{}}}", vs.join(","))
}

/// Reads `{0,1,3}` (a set of vertices below `n`) as a bit mask.
pub(crate) fn parse_set(text: &str, n: usize) -> Result<u64, String> {
    let inner = text
        .trim()
        .strip_prefix('{')
        .and_then(|t| t.strip_suffix('}'))
        .ok_or_else(|| format!("position `{text}`: expected the vertices left, `{{0,1,3}}`"))?;
    let mut mask = 0u64;
    for w in inner.split([',', ' ']).filter(|w| !w.is_empty()) {
        let v: usize = w.parse().ok().filter(|&v| v < n).ok_or_else(|| {
            format!(
                "position `{text}`: `{w}` is not a vertex (0 to {})",
                n.saturating_sub(1)
            )
        })?;
        mask |= 1 << v;
    }
    Ok(mask)
}

/// Reads vertex numbers (`2 4`, `2,4`) below `n` as a bit mask; `None` if a
/// word is not a number.
pub(crate) fn vertex_words(text: &str, n: usize) -> Option<Result<u64, String>> {
    let mut mask = 0u64;
    let mut any = false;
    for w in text.split([',', ' ']).filter(|w| !w.is_empty()) {
        let v: usize = w.parse().ok()?;
        if v >= n {
            return Some(Err(format!(
                "there is no vertex {v} (0 to {})",
                n.saturating_sub(1)
            )));
        }
        mask |= 1 << v;
        any = true;
    }
    any.then_some(Ok(mask))
}

/// Refuses misère play for the players that know only the normal-play rule.
pub(crate) fn played_normal_only(
    name: &str,
    options: &crate::query::Options<'_>,
) -> crate::query::Result<()> {
    if options.misere {
        return Err(crate::query::Error::input(format!(
            "`{name}` is played in normal play only; drop --misere"
        )));
    }
    Ok(())
}
