//! `sprague games [RULESET]`: the catalog, grouped by family, or one ruleset's
//! rules, notation, what is known about it and two examples to copy.

use crate::error::CliResult;
use sprague::{Entry, Family};
use std::io::Write;

/// Width of wrapped paragraphs in the text output.
const WIDTH: usize = 78;

/// Lists the catalog grouped by family, or describes the ruleset `name`.
pub fn run(name: Option<&str>, json: bool) -> CliResult<()> {
    let all = sprague::catalog();
    let mut out = std::io::stdout().lock();
    if let Some(name) = name {
        let e = sprague::lookup(&all, name)?;
        if json {
            writeln!(out, "{}", e.data().to_json())?;
        } else {
            out.write_all(describe(e).as_bytes())?;
        }
        return Ok(());
    }
    if json {
        let list = sprague::Data::List(all.iter().map(Entry::data).collect());
        writeln!(out, "{}", sprague::Data::map().with("games", list).to_json())?;
        return Ok(());
    }
    out.write_all(list(&all).as_bytes())?;
    writeln!(
        out,
        "`sprague games NAME` shows a ruleset's rules, what is known about it, and examples."
    )?;
    writeln!(
        out,
        "Each partizan ruleset valued by canonical forms also has the variants impartial:NAME, dicotic:NAME and twisted:NAME (docs/partizan-games.md)."
    )?;
    Ok(())
}

/// The name with its parameter syntax, e.g. `bash:M`.
fn full_name(e: &Entry) -> String {
    if e.params.is_empty() {
        e.name.to_string()
    } else {
        format!("{}:{}", e.name, e.params)
    }
}

/// The grouped list.
pub fn list(all: &[Entry]) -> String {
    let mut text = String::new();
    for family in Family::ALL {
        let members: Vec<_> = all.iter().filter(|e| e.family == family).collect();
        if members.is_empty() {
            continue;
        }
        text.push_str(&format!("{}:\n", family.title()));
        for e in members {
            text.push_str(&format!("  {:<16} {}\n", full_name(e), e.summary));
            text.push_str(&format!("  {:<16} position: {}\n", "", e.notation));
            text.push_str(&format!("  {:<16} example:  {}\n", "", for_shell(e.example)));
        }
        text.push('\n');
    }
    text
}

/// The page of one ruleset.
pub fn describe(e: &Entry) -> String {
    let mut text = format!("{} ({})\n\n", full_name(e), e.family.title());
    text.push_str("rules:\n");
    text.push_str(&wrap(e.rules, "  "));
    text.push_str("\nposition:\n");
    text.push_str(&wrap(e.notation, "  "));
    text.push_str("\nknown:\n");
    text.push_str(&wrap(e.known, "  "));
    text.push_str("\nexamples:\n");
    text.push_str(&format!(
        "  {}\n  {}\n",
        for_shell(e.example),
        for_shell(e.example2)
    ));
    text
}

/// The command line `sprague WORDS…` to copy into a shell: words holding
/// characters a shell would read (`|`, `#`, `*`, …) are single-quoted.
fn for_shell(words: &str) -> String {
    let mut line = String::from("sprague");
    for w in words.split_whitespace() {
        line.push(' ');
        if w.chars()
            .all(|c| c.is_ascii_alphanumeric() || "._/:,=@%+-".contains(c))
        {
            line.push_str(w);
        } else {
            line.push('\'');
            line.push_str(&w.replace('\'', r"'\''"));
            line.push('\'');
        }
    }
    line
}

/// Wraps `s` at [`WIDTH`] columns, each line led by `indent`.
fn wrap(s: &str, indent: &str) -> String {
    let mut text = String::new();
    let mut line = String::from(indent);
    for word in s.split_whitespace() {
        if line.len() > indent.len() && line.chars().count() + 1 + word.chars().count() > WIDTH {
            text.push_str(line.trim_end());
            text.push('\n');
            line = String::from(indent);
        }
        if line.len() > indent.len() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if line.len() > indent.len() {
        text.push_str(&line);
        text.push('\n');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_for_the_shell() {
        assert_eq!(for_shell("value nim 3 4"), "sprague value nim 3 4");
        assert_eq!(
            for_shell("value domineering ..|.. --json"),
            "sprague value domineering '..|..' --json"
        );
        assert_eq!(for_shell("calc {1|*}"), "sprague calc '{1|*}'");
    }

    #[test]
    fn wraps_at_the_width() {
        let s = "word ".repeat(40);
        let w = wrap(&s, "  ");
        assert!(
            w.lines()
                .all(|l| l.chars().count() <= WIDTH && l.starts_with("  word"))
        );
        assert_eq!(w.split_whitespace().count(), 40);
    }

    #[test]
    fn every_entry_is_complete() {
        let all = sprague::catalog();
        assert!(all.len() >= 29, "the catalog has {} entries", all.len());
        for e in &all {
            for (field, v) in [
                ("summary", e.summary),
                ("notation", e.notation),
                ("rules", e.rules),
                ("known", e.known),
                ("example", e.example),
                ("example2", e.example2),
            ] {
                assert!(!v.trim().is_empty(), "{}: empty {field}", e.name);
            }
            assert!(e.rules.len() >= 60, "{}: the rules are a paragraph", e.name);
            assert_ne!(e.example, e.example2, "{}: two different examples", e.name);
            for ex in [e.example, e.example2] {
                let verb = ex.split_whitespace().next().unwrap_or("");
                assert!(
                    ["value", "table", "calc", "solve", "play", "count"].contains(&verb),
                    "{}: example `{ex}` starts with a verb",
                    e.name
                );
                assert!(ex.contains(e.name), "{}: example `{ex}` uses the ruleset", e.name);
            }
            let page = describe(e);
            for part in ["rules:", "position:", "known:", "examples:"] {
                assert!(page.contains(part), "{}: page lacks {part}", e.name);
            }
            let examples = e.data().get("examples").cloned();
            assert!(matches!(examples, Some(sprague::Data::List(l)) if l.len() == 2));
        }
    }

    #[test]
    fn list_groups_by_family() {
        let all = sprague::catalog();
        let text = list(&all);
        let kayles = text.find("  kayles").unwrap();
        let heading = text.find("take-and-break games:").unwrap();
        let partizan = text.find("partizan games:").unwrap();
        assert!(heading < kayles && kayles < partizan);
        assert!(text.contains("  bash:M "));
    }

    #[test]
    fn unknown_name_suggests() {
        let all = sprague::catalog();
        let e = crate::error::CliError::from(sprague::lookup(&all, "kayels").err().unwrap());
        assert_eq!(e.code, 2);
        assert!(e.message.contains("did you mean `kayles`"), "{}", e.message);
        assert!(!e.message.contains('\n'));
        assert_eq!(sprague::lookup(&all, "Bash:3").unwrap().name, "bash");
    }
}
