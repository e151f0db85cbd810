//! `sprague games`: every ruleset with its notation and an example.

use crate::catalog::{self, Family};
use crate::error::CliResult;
use serde_json::json;
use std::io::Write;

/// Lists the catalog, grouped by family.
pub fn run(json: bool) -> CliResult<()> {
    let all = catalog::entries();
    let mut out = std::io::stdout().lock();
    if json {
        let list: Vec<_> = all
            .iter()
            .map(|e| {
                json!({
                    "name": e.name,
                    "params": e.params,
                    "family": e.family.title(),
                    "summary": e.summary,
                    "notation": e.notation,
                    "example": format!("sprague {}", e.example),
                })
            })
            .collect();
        writeln!(out, "{}", json!({ "games": list }))?;
        return Ok(());
    }
    for family in Family::ALL {
        let members: Vec<_> = all.iter().filter(|e| e.family == family).collect();
        if members.is_empty() {
            continue;
        }
        writeln!(out, "{}:", family.title())?;
        for e in members {
            let name = if e.params.is_empty() {
                e.name.to_string()
            } else {
                format!("{}:{}", e.name, e.params)
            };
            writeln!(out, "  {name:<16} {}", e.summary)?;
            writeln!(out, "  {:<16} position: {}", "", e.notation)?;
            writeln!(out, "  {:<16} example:  sprague {}", "", e.example)?;
        }
        writeln!(out)?;
    }
    Ok(())
}
