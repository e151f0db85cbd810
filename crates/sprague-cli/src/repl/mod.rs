//! The REPL's evaluation of one line (`sprague repl`): game expressions
//! with names, assignments, queries and comparisons over one
//! [`GameStore`](sprague::GameStore), and the verbs a line may run. The
//! session loop, the line editor and the verbs themselves live in the
//! command; this part is a library so that the fuzz targets in `fuzz/` run
//! the very code the command runs.

pub mod expr;
pub mod session;

use sprague::Interrupted;

/// A line that could not be evaluated: the message and, for text that does not
/// parse, the 1-based column in the line; or Ctrl-C stopped its arithmetic.
#[derive(Debug)]
pub struct ReplError {
    /// What is wrong.
    pub message: String,
    /// Where, when the problem is in the line's text.
    pub column: Option<usize>,
    /// Whether Ctrl-C stopped the line's game arithmetic (then nothing else is wrong).
    pub interrupted: bool,
}

impl ReplError {
    /// An error at `column` (1-based) of the line.
    pub fn at(column: usize, message: String) -> ReplError {
        ReplError {
            message,
            column: Some(column),
            interrupted: false,
        }
    }

    /// An error about the line as a whole.
    pub fn plain(message: String) -> ReplError {
        ReplError {
            message,
            column: None,
            interrupted: false,
        }
    }

    /// The error as printed: the message, then the line with a caret under
    /// the column. `line_no` is given when reading a script. Control
    /// characters of the line and the message are written as escapes
    /// (`\u{1b}`), the caret still under the character it names.
    pub fn render(&self, line: &str, line_no: Option<usize>) -> String {
        use crate::error::one_line;
        let place = match (line_no, self.column) {
            (Some(l), Some(c)) => format!("line {l}, column {c}: "),
            (Some(l), None) => format!("line {l}: "),
            (None, Some(c)) => format!("column {c}: "),
            (None, None) => String::new(),
        };
        let mut out = format!("error: {place}{}", one_line(&self.message));
        if let Some(c) = self.column {
            let mut shown = String::new();
            let mut caret = 0;
            for (i, ch) in line.trim_end().chars().enumerate() {
                let piece = if ch == '\t' {
                    " ".to_string()
                } else {
                    one_line(&ch.to_string())
                };
                if i + 1 < c {
                    caret += piece.chars().count();
                }
                shown.push_str(&piece);
            }
            if c > line.trim_end().chars().count() + 1 {
                // A column in the trailing blanks, which are not shown: the
                // caret just past the text shown.
                caret = shown.chars().count();
            }
            out.push_str(&format!("\n  {shown}\n  {}^", " ".repeat(caret)));
        }
        out
    }
}

impl From<Interrupted> for ReplError {
    fn from(stop: Interrupted) -> ReplError {
        ReplError {
            message: stop.to_string(),
            column: None,
            interrupted: true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::ReplError;

    fn at(column: usize) -> ReplError {
        ReplError {
            message: "expected a game".to_string(),
            column: Some(column),
            interrupted: false,
        }
    }

    #[test]
    fn the_caret_stays_under_the_line_shown() {
        // Column 3 of `1 +`: under the plus.
        assert_eq!(
            at(3).render("1 +", Some(1)),
            "error: line 1, column 3: expected a game\n  1 +\n    ^"
        );
        // Just past the end of the line.
        assert_eq!(
            at(4).render("1 +", None),
            "error: column 4: expected a game\n  1 +\n     ^"
        );
        // A column in trailing blanks (not shown, a carriage return among
        // them): the caret just past the text shown.
        assert_eq!(
            at(4).render("+\r ", None),
            "error: column 4: expected a game\n  +\n   ^"
        );
    }
}
