//! Board drawings for `sprague play`, made from a position's notation: heaps as
//! rows of tokens, grids with coordinates, Hackenbush stalks, chess boards.
//! A ruleset without a drawing is shown in its notation.

/// Tokens drawn per heap before the row is cut short with `…`.
const MAX_TOKENS: u64 = 40;

/// The drawing of `text`, a position of ruleset `name` (with parameters), or
/// `None` when the ruleset has no drawing (or the text is in another form).
#[must_use]
pub fn draw(name: &str, text: &str) -> Option<String> {
    // A variant (`twisted:domineering`) is drawn as the game it varies; a
    // twisted position `-(G)` as `G`, with the roles exchanged.
    if let Some((prefix, rest)) = name.split_once(':')
        && crate::partizan::Variant::from_name(prefix).is_some()
    {
        return match text.strip_prefix("-(").and_then(|t| t.strip_suffix(')')) {
            Some(inner) => draw(rest, inner).map(|board| {
                format!("{board}(roles exchanged: Left makes Right's moves, Right makes Left's)\n")
            }),
            None => draw(rest, text),
        };
    }
    let base = name.split(':').next().unwrap_or(name);
    match base {
        "takeab" | "wythoff" | "moore" | "one-or-largest" => heaps(text),
        "domineering" | "clobber" | "tic-tac-toe" => grid(text),
        "hackenbush" => stalks(text),
        "toads-and-frogs" => strip(text),
        "krk" => chess(text),
        "chomp" => chomp(text),
        _ => None,
    }
}

/// Heap sizes separated by spaces as rows of tokens: `heap 1: ●●●  (3)`.
#[must_use]
pub fn heaps(text: &str) -> Option<String> {
    let sizes: Vec<u64> = text
        .split([' ', ','])
        .filter(|w| !w.is_empty())
        .map(str::parse)
        .collect::<Result<_, _>>()
        .ok()?;
    if sizes.is_empty() {
        return Some("(no heaps)\n".to_string());
    }
    let width = sizes
        .iter()
        .map(|&h| h.min(MAX_TOKENS) as usize + usize::from(h > MAX_TOKENS))
        .max()
        .unwrap_or(0);
    let label = sizes.len().to_string().len();
    let mut out = String::new();
    for (i, &h) in sizes.iter().enumerate() {
        let mut row: String = "●".repeat(h.min(MAX_TOKENS) as usize);
        if h > MAX_TOKENS {
            row.push('…');
        }
        let pad = width - row.chars().count();
        out.push_str(&format!(
            "heap {}: {row}{}  ({h})\n",
            crate::columns::pad_left(&(i + 1).to_string(), label),
            " ".repeat(pad)
        ));
    }
    Some(out)
}

/// Rows joined by `|` as a grid with column letters and row numbers.
#[must_use]
pub fn grid(text: &str) -> Option<String> {
    let rows: Vec<Vec<char>> = text.split('|').map(|r| r.trim().chars().collect()).collect();
    let width = rows.iter().map(Vec::len).max()?;
    if width == 0 || width > 26 {
        return None;
    }
    let num = rows.len().to_string().len();
    let mut out = format!("{}  ", " ".repeat(num));
    let letters: Vec<String> = (0..width)
        .map(|c| char::from(b'a' + c as u8).to_string())
        .collect();
    out.push_str(&letters.join(" "));
    out.push('\n');
    for (i, r) in rows.iter().enumerate() {
        let cells: Vec<String> = r.iter().map(char::to_string).collect();
        out.push_str(&format!(
            "{}  {}\n",
            crate::columns::pad_left(&(i + 1).to_string(), num),
            cells.join(" ")
        ));
    }
    Some(out)
}

/// Hackenbush stalks (`BBR GR`) standing on the ground, top edge first.
pub(crate) fn stalks(text: &str) -> Option<String> {
    let words: Vec<Vec<char>> = text.split_whitespace().map(|w| w.chars().collect()).collect();
    if text.trim() == "0" {
        return Some("(no edges left)\n".to_string());
    }
    if words.is_empty() || words.iter().flatten().any(|c| !matches!(c, 'B' | 'R' | 'G')) {
        return None;
    }
    let height = words.iter().map(Vec::len).max()?;
    let mut out = String::new();
    for level in (0..height).rev() {
        let row: Vec<String> = words
            .iter()
            .map(|w| w.get(level).map_or(" ".to_string(), char::to_string))
            .collect();
        out.push_str(format!(" {}", row.join("   ")).trim_end());
        out.push('\n');
    }
    out.push_str(&"▔".repeat(words.len() * 4 + 1));
    out.push('\n');
    let labels: Vec<String> = (1..=words.len()).map(|i| format!("{i:<3}")).collect();
    out.push_str(&format!(" {}\n", labels.join(" ").trim_end()));
    Some(out)
}

/// A Hackenbush picture that is not stalks: its pieces that meet only at
/// the ground (each already written out), one a line, over the ground line.
pub(crate) fn pieces_on_ground(pieces: impl IntoIterator<Item = String>) -> String {
    let mut out = String::new();
    for (i, piece) in pieces.into_iter().enumerate() {
        out.push_str(&format!("piece {}: {piece}\n", i + 1));
    }
    out.push_str(&format!("{} ground: vertex 0\n", "▔".repeat(12)));
    out
}

/// A strip of cells (Toads and Frogs) with cell numbers beneath.
pub(crate) fn strip(text: &str) -> Option<String> {
    let cells: Vec<char> = text.trim().chars().collect();
    if cells.is_empty() || cells.contains(&' ') {
        return None;
    }
    let row: Vec<String> = cells.iter().map(|c| format!("{c:<2}")).collect();
    let nums: Vec<String> = (1..=cells.len()).map(|i| format!("{:<2}", i % 100)).collect();
    Some(format!(
        "{}\n{}\n",
        row.join(" ").trim_end(),
        nums.join(" ").trim_end()
    ))
}

/// A Chomp diagram (row lengths) as squares, the poisoned one top left.
fn chomp(text: &str) -> Option<String> {
    let rows: Vec<usize> = text
        .split_whitespace()
        .map(str::parse)
        .collect::<Result<_, _>>()
        .ok()?;
    let width = rows.first().copied().unwrap_or(0);
    if width > 40 {
        return None;
    }
    let num = rows.len().to_string().len();
    let cols: Vec<String> = (1..=width).map(|c| format!("{:<2}", c % 100)).collect();
    let mut out = format!("{}  {}\n", " ".repeat(num), cols.join("").trim_end());
    for (r, &len) in rows.iter().enumerate() {
        let cells: Vec<&str> = (0..len)
            .map(|c| if r == 0 && c == 0 { "☠" } else { "■" })
            .collect();
        out.push_str(&format!(
            "{}  {}\n",
            crate::columns::pad_left(&(r + 1).to_string(), num),
            cells.join(" ")
        ));
    }
    if rows.is_empty() {
        out.push_str("(only the poisoned square is left)\n");
    }
    Some(out)
}

/// A chess position `Ke1 Ra1 ke8 w` (White upper case, Black lower case) on
/// an 8×8 board, rank 8 at the top.
fn chess(text: &str) -> Option<String> {
    let mut board = [['.'; 8]; 8];
    let mut side = None;
    for w in text.split_whitespace() {
        let cs: Vec<char> = w.chars().collect();
        match cs[..] {
            [p, f, r]
                if "KRQBNPkrqbnp".contains(p) && ('a'..='h').contains(&f) && ('1'..='8').contains(&r) =>
            {
                board[(r as u8 - b'1') as usize][(f as u8 - b'a') as usize] = p;
            }
            ['w'] => side = Some("White to move"),
            ['b'] => side = Some("Black to move"),
            _ => return None,
        }
    }
    let mut out = String::new();
    for rank in (0..8).rev() {
        let row: Vec<String> = board[rank].iter().map(char::to_string).collect();
        out.push_str(&format!("{}  {}\n", rank + 1, row.join(" ")));
    }
    out.push_str("   a b c d e f g h\n");
    if let Some(s) = side {
        out.push_str(s);
        out.push('\n');
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heaps_are_rows_of_tokens() {
        assert_eq!(
            heaps("3 4 5").unwrap(),
            "heap 1: ●●●    (3)\nheap 2: ●●●●   (4)\nheap 3: ●●●●●  (5)\n"
        );
        assert!(heaps("3 x").is_none());
        assert!(heaps("100").unwrap().contains('…'));
    }

    #[test]
    fn grids_have_coordinates() {
        assert_eq!(grid("..|#.").unwrap(), "   a b\n1  . .\n2  # .\n");
    }

    #[test]
    fn variants_are_drawn_as_their_base_game() {
        let board = "   a b\n1  . .\n2  # .\n";
        assert_eq!(draw("dicotic:domineering", "..|#.").unwrap(), board);
        assert_eq!(draw("twisted:domineering", "..|#.").unwrap(), board);
        let negated = draw("twisted:domineering", "-(..|#.)").unwrap();
        assert!(
            negated.starts_with(board) && negated.contains("roles exchanged"),
            "{negated}"
        );
        assert_eq!(draw("twisted:nim", "3 4"), None);
    }

    #[test]
    fn stalks_stand_on_the_ground() {
        let s = stalks("BR G").unwrap();
        assert_eq!(s.lines().next().unwrap(), " R");
        assert_eq!(s.lines().nth(1).unwrap(), " B   G");
        assert!(stalks("0-1:B").is_none());
    }

    #[test]
    fn chess_board() {
        let b = chess("Ke1 Ra1 ke8 w").unwrap();
        assert!(b.starts_with("8  . . . . k . . .\n"));
        assert!(b.contains("1  R . . . K . . .\n"));
        assert!(b.ends_with("White to move\n"));
    }
}
