//! Declares every game of `src/games/` to the crate, so that a built-in game
//! is one file (or one folder with a `mod.rs`) and nothing else: this script
//! writes `games.rs` in `OUT_DIR`, included by `src/games/mod.rs`, with
//!
//! - a module for each file or folder of `src/games/`;
//! - `pub use` of the items each declares `pub` at its top level, so that
//!   the games' vocabulary is flat (`sprague::games::Domineering`);
//! - `FILE_ENTRIES`, the catalog entries (`pub(crate) const ENTRIES`) of the
//!   files that define them, in file order.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn main() {
    let root = std::env::var("CARGO_MANIFEST_DIR").map_or_else(|_| PathBuf::from("."), PathBuf::from);
    let dir = root.join("src").join("games");
    println!("cargo::rerun-if-changed=src/games");
    let mut modules: Vec<(String, PathBuf)> = Vec::new();
    let entries = match std::fs::read_dir(&dir) {
        Ok(e) => e,
        Err(e) => panic!("cannot read {}: {e}", dir.display()),
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().to_string();
        if path.is_dir() {
            let main = path.join("mod.rs");
            if main.exists() {
                println!("cargo::rerun-if-changed={}", main.display());
                modules.push((name, main));
            }
        } else if let Some(stem) = name.strip_suffix(".rs")
            && stem != "mod"
        {
            println!("cargo::rerun-if-changed={}", path.display());
            modules.push((stem.to_string(), path));
        }
    }
    modules.sort();
    let mut out = String::new();
    let mut with_entries = Vec::new();
    for (name, path) in &modules {
        let text = std::fs::read_to_string(path).unwrap_or_default();
        let _ = writeln!(
            out,
            "#[path = {:?}]\npub(crate) mod {name};",
            path.display().to_string()
        );
        let items = public_items(&text);
        if !items.is_empty() {
            let _ = writeln!(out, "pub use {name}::{{{}}};", items.join(", "));
        }
        if text.contains("\npub(crate) const ENTRIES:") {
            with_entries.push(name.clone());
        }
    }
    let _ = writeln!(
        out,
        "/// The catalog entries of every game file that defines them, in file order.\npub(crate) const FILE_ENTRIES: &[&[crate::registry::Entry]] = &[{}];",
        with_entries
            .iter()
            .map(|n| format!("{n}::ENTRIES"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let target = Path::new(&std::env::var("OUT_DIR").unwrap_or_else(|_| ".".to_string())).join("games.rs");
    if let Err(e) = std::fs::write(&target, out) {
        panic!("cannot write {}: {e}", target.display());
    }
}

/// The names of the items a file declares `pub` at its top level (not
/// `pub(crate)`, not under `#[cfg(test)]`), and the names it re-exports with
/// a one-line `pub use path::{A, B};` or `pub use path::A;`.
fn public_items(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut test_only = false;
    for line in text.lines() {
        if line.starts_with("#[cfg(test)]") {
            test_only = true;
            continue;
        }
        if line.starts_with("#[") || line.starts_with("///") || line.trim().is_empty() {
            continue;
        }
        let skip = std::mem::take(&mut test_only);
        if skip {
            continue;
        }
        let Some(rest) = line.strip_prefix("pub ") else {
            continue;
        };
        if let Some(path) = rest.strip_prefix("use ") {
            let path = path.trim_end_matches(';').trim();
            if let Some((_, list)) = path.split_once("::{") {
                for name in list.trim_end_matches('}').split(',') {
                    let name = name.trim();
                    if !name.is_empty() {
                        out.push(last_segment(name));
                    }
                }
            } else {
                out.push(last_segment(path));
            }
            continue;
        }
        for keyword in [
            "struct ",
            "enum ",
            "const fn ",
            "fn ",
            "const ",
            "type ",
            "trait ",
            "static ",
        ] {
            if let Some(after) = rest.strip_prefix(keyword) {
                let name: String = after
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                if !name.is_empty() {
                    out.push(name);
                }
                break;
            }
        }
    }
    out
}

/// `b` of `a::b`, and `c` of `a::b as c`.
fn last_segment(path: &str) -> String {
    let path = path.rsplit(" as ").next().unwrap_or(path);
    path.rsplit("::").next().unwrap_or(path).trim().to_string()
}
