//! Errors of table files, each naming the file (and the block when one is
//! at fault) in one line.

use core::fmt;

/// What went wrong with a table or checkpoint file, or a solve writing one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableError {
    /// The file is not a table this crate reads, or it is damaged: wrong
    /// magic or version, truncated, a checksum mismatch, an inconsistent
    /// value.
    Damaged {
        /// The file.
        path: String,
        /// The block at fault, if one is.
        block: Option<u64>,
        /// What is wrong.
        what: String,
    },
    /// Reading or writing the file failed.
    Io {
        /// The file.
        path: String,
        /// The system's message.
        message: String,
    },
    /// A request that cannot be answered: an unknown ruleset, a position that
    /// does not parse or is not in the table, a budget.
    Input(String),
    /// The solve was asked to stop after `done` indices.
    Interrupted {
        /// Indices solved (in this run and resumed ones).
        done: u64,
        /// The checkpoint that keeps them, if any.
        checkpoint: Option<String>,
    },
}

impl TableError {
    pub(crate) fn damaged(path: &str, block: Option<u64>, what: impl Into<String>) -> Self {
        TableError::Damaged {
            path: path.to_string(),
            block,
            what: what.into(),
        }
    }

    pub(crate) fn io(path: &str, e: &std::io::Error) -> Self {
        TableError::Io {
            path: path.to_string(),
            message: e.to_string(),
        }
    }
}

/// The message one line: control characters (a damaged file's ruleset name
/// may hold newlines) are written as escapes.
impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write as _;
        for c in Raw(self).to_string().chars() {
            if c.is_control() {
                write!(f, "{}", c.escape_default())?;
            } else {
                f.write_char(c)?;
            }
        }
        Ok(())
    }
}

/// The message as written, before escaping.
struct Raw<'e>(&'e TableError);

impl fmt::Display for Raw<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            TableError::Damaged {
                path,
                block: Some(b),
                what,
            } => write!(f, "{path}: block {b}: {what}"),
            TableError::Damaged {
                path,
                block: None,
                what,
            } => write!(f, "{path}: {what}"),
            TableError::Io { path, message } => write!(f, "{path}: {message}"),
            TableError::Input(m) => f.write_str(m),
            TableError::Interrupted {
                done,
                checkpoint: Some(c),
            } => write!(
                f,
                "interrupted after {done} states; the checkpoint {c} keeps the work done: run the same command with --resume to continue"
            ),
            TableError::Interrupted {
                done,
                checkpoint: None,
            } => write!(
                f,
                "interrupted after {done} states (nothing kept: pass --checkpoint FILE to keep the work done)"
            ),
        }
    }
}

impl std::error::Error for TableError {}

impl From<sprague::Error> for TableError {
    fn from(e: sprague::Error) -> Self {
        TableError::Input(e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A ruleset name read from a damaged header may hold a newline (found
    /// by the `table_file` fuzz target): the message stays one line.
    #[test]
    fn messages_escape_control_characters() {
        let e = TableError::damaged(
            "t.tbl",
            None,
            "the table's ruleset `\nic-tac-toe\t` is unknown here",
        );
        let text = e.to_string();
        assert!(!text.chars().any(char::is_control), "{text:?}");
        assert_eq!(
            text,
            "t.tbl: the table's ruleset `\\nic-tac-toe\\t` is unknown here"
        );
    }
}
