//! Tab completion at the terminal: the session's names, functions, verbs and
//! commands.

use rustyline::completion::Completer;
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::validate::Validator;
use rustyline::{Context, Helper};

/// The line editor's helper: completes the word before the cursor.
pub struct Completion {
    /// Every word worth offering, sorted.
    pub words: Vec<String>,
}

impl Completion {
    /// The words that complete `prefix` (none for an empty prefix).
    pub fn candidates(&self, prefix: &str) -> Vec<String> {
        if prefix.is_empty() {
            return Vec::new();
        }
        self.words
            .iter()
            .filter(|w| w.starts_with(prefix))
            .cloned()
            .collect()
    }
}

impl Completer for Completion {
    type Candidate = String;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        _ctx: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<String>)> {
        let before = line.get(..pos).unwrap_or(line);
        let start = before
            .char_indices()
            .rev()
            .take_while(|&(_, c)| sprague_cli::repl::expr::is_name_char(c))
            .last()
            .map_or(before.len(), |(i, _)| i);
        Ok((start, self.candidates(&before[start..])))
    }
}

impl Hinter for Completion {
    type Hint = String;
}

impl Highlighter for Completion {}

impl Validator for Completion {}

impl Helper for Completion {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn completes_by_prefix() {
        let c = Completion {
            words: ["temperature", "table", "thermograph", "tt"]
                .map(String::from)
                .to_vec(),
        };
        assert_eq!(c.candidates("te"), vec!["temperature".to_string()]);
        assert_eq!(c.candidates("t").len(), 4);
        assert!(c.candidates("").is_empty());
    }
}
