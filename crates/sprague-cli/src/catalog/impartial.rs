//! Catalog entries for the basic heap games.

use super::heaps::HeapRules;
use super::{Entry, Family, no_params, whole_param};
use crate::error::CliError;

pub(super) fn entries() -> Vec<Entry> {
    vec![
        Entry {
            name: "nim",
            params: "",
            family: Family::Heap,
            summary: "remove any positive number of tokens from one heap; last move wins",
            notation: "heap sizes separated by spaces, e.g. `3 4 5`",
            example: "value nim 3 4 5",
            build: |name, params| {
                no_params(name, params)?;
                Ok(Box::new(HeapRules::new(name.to_string(), sprague::Nim)))
            },
        },
        Entry {
            name: "bash",
            params: "M",
            family: Family::Heap,
            summary: "remove 1 to M tokens from one heap (Bash game); value n mod (M+1)",
            notation: "heap sizes separated by spaces, e.g. `10 7`",
            example: "value bash:3 10 7",
            build: |name, params| {
                let m = whole_param(name, params, "M")?;
                let rules = sprague::Bash::new(m).ok_or_else(|| {
                    CliError::input(format!("ruleset `{name}:{m}`: M must be between 1 and 2^64 - 2"))
                })?;
                Ok(Box::new(HeapRules::new(format!("{name}:{m}"), rules)))
            },
        },
    ]
}
