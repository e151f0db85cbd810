//! Round-trips through the registry: for every catalog example of `value`,
//! the printed (canonical) position reads back and has the same value as the
//! position written in the example (the property the `position` fuzz target
//! checks on arbitrary input).

use sprague::{Monitor, Options};

/// The words of a command line, with single-quoted words kept whole.
fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let (mut quoted, mut any) = (false, false);
    for c in line.chars() {
        match c {
            '\'' => {
                quoted = !quoted;
                any = true;
            }
            ' ' if !quoted => {
                if any {
                    out.push(std::mem::take(&mut word));
                }
                any = false;
            }
            c => {
                word.push(c);
                any = true;
            }
        }
    }
    if any {
        out.push(word);
    }
    out
}

#[test]
fn printed_positions_of_the_catalog_examples_have_the_same_value() {
    let monitor = Monitor::default();
    let mut checked = 0;
    for entry in sprague::catalog() {
        for example in [entry.example, entry.example2] {
            // Examples are command lines after `sprague`.
            let w = words(example);
            if w.len() < 3 || w[0] != "value" {
                continue;
            }
            let spec = &w[1];
            let misere = w.iter().any(|x| x == "--misere");
            if w.iter().any(|x| x.starts_with("--") && x != "--misere") {
                continue;
            }
            let position = w[2..]
                .iter()
                .filter(|x| *x != "--misere")
                .cloned()
                .collect::<Vec<_>>()
                .join(" ");
            let rules = sprague::build(spec).unwrap_or_else(|e| panic!("{example}: {e}"));
            let options = Options::new(&monitor).misere(misere);
            let first = rules
                .value(&position, &options)
                .unwrap_or_else(|e| panic!("{example}: {e}"));
            let printed = first
                .data
                .get("position")
                .and_then(|p| p.as_text())
                .unwrap_or_else(|| panic!("{example}: no position field"))
                .to_string();
            let again = rules.value(&printed, &options).unwrap_or_else(|e| {
                panic!("{example}: printed as `{printed}`, which does not read back: {e}")
            });
            for field in ["outcome", "grundy", "value"] {
                assert_eq!(
                    first.data.get(field),
                    again.data.get(field),
                    "{example}: `{position}` and its printed form `{printed}` differ in `{field}`"
                );
            }
            checked += 1;
        }
    }
    assert!(checked >= 40, "only {checked} examples checked");
}
