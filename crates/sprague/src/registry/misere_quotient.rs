//! The report of a misère quotient ([`crate::heap::MisereQuotient`]): its
//! presentation, order, P-portion and the element of every heap, and the
//! misère outcome of one sum read from it.

use super::report::{Data, Report};
use crate::heap::{HeapGame, MisereQuotient, QuotientError, QuotientLimits};
use crate::monitor::SearchError;
use crate::query::{Error, Options, Result};

/// Largest heap bound accepted by `misere-quotient`.
pub const MAX_QUOTIENT_HEAPS: u64 = 10_000;

impl From<QuotientError> for Error {
    fn from(e: QuotientError) -> Self {
        match e {
            QuotientError::Budget(b) => Error::Search(SearchError::Budget(b)),
            QuotientError::Interrupted(i) => Error::Search(SearchError::Interrupted(i)),
            QuotientError::Unverified { .. } => Error::internal(e.to_string()),
            other => Error::input(other.to_string()),
        }
    }
}

/// The quotient of `game`'s heaps `1 ..= max_heap` as a report named `name`;
/// with `sum` (heaps in the usual notation), also that sum's misère outcome
/// from the quotient.
///
/// # Errors
/// A bound of 0 or above [`MAX_QUOTIENT_HEAPS`], a sum that does not parse
/// or has a heap above the bound, and [`QuotientError`]s.
pub fn misere_quotient_report<G: HeapGame + ?Sized>(
    name: &str,
    game: &G,
    max_heap: u64,
    sum: Option<&str>,
    options: &Options<'_>,
) -> Result<Report> {
    if max_heap == 0 || max_heap > MAX_QUOTIENT_HEAPS {
        return Err(Error::input(format!(
            "--heaps {max_heap}: the bound on heap sizes must be between 1 and {MAX_QUOTIENT_HEAPS}"
        )));
    }
    let sum = match sum {
        None => None,
        Some(text) => {
            let heaps = crate::notation::parse_heaps(text).map_err(|e| Error::position(text, e))?;
            if let Some(&h) = heaps.iter().find(|&&h| h > max_heap) {
                return Err(Error::input(format!(
                    "position `{text}`: heap {h} is above the quotient's bound --heaps {max_heap}"
                )));
            }
            Some((text, heaps))
        }
    };
    if options.max_order == 0 {
        return Err(Error::input(
            "--max-order 0: a misère quotient has at least one element (the empty sum)",
        ));
    }
    // The multiplication table of a quotient of the largest order allowed.
    let order = options.max_order as u64;
    options.check_memory(
        order.saturating_mul(order),
        4,
        "the multiplication table of a quotient of --max-order elements",
    )?;
    let limits = QuotientLimits {
        max_order: options.max_order,
        max_states: options.max_states,
        monitor: Some(options.monitor),
    };
    let q = MisereQuotient::compute(game, max_heap, &limits)?;
    Ok(report(name, &q, sum.as_ref().map(|(t, h)| (*t, h.as_slice()))))
}

fn report(name: &str, q: &MisereQuotient, sum: Option<(&str, &[u64])>) -> Report {
    let word = |e: usize| q.element_word(e);
    let p: Vec<String> = q.p_portion().into_iter().map(word).collect();
    let generators: Vec<Data> = q
        .generators()
        .iter()
        .enumerate()
        .map(|(i, &h)| {
            Data::map()
                .with("name", MisereQuotient::generator_name(i))
                .with("heap", h)
        })
        .collect();
    let relations: Vec<String> = q.relations().iter().map(ToString::to_string).collect();
    let heaps: Vec<String> = (0..=q.max_heap())
        .map(|h| q.heap_element(h).map_or_else(String::new, word))
        .collect();
    let elements: Vec<String> = (0..q.order()).map(word).collect();
    let mut data = Data::map()
        .with("ruleset", name)
        .with("heaps", q.max_heap())
        .with("order", q.order())
        .with("p_portion", p.clone())
        .with("generators", Data::List(generators))
        .with("relations", relations.clone())
        .with("heap_elements", heaps.clone())
        .with("elements", elements)
        .with("verified_states", q.verified_states())
        .with("refinements", q.refinements());
    let mut text = format!("{name}: misère quotient of the heaps 1..{}\n", q.max_heap());
    text.push_str(&format!(
        "order {}, P-portion {{{}}} ({} elements)\n",
        q.order(),
        p.join(", "),
        p.len()
    ));
    let gens: Vec<String> = q
        .generators()
        .iter()
        .enumerate()
        .map(|(i, h)| format!("{} = heap {h}", MisereQuotient::generator_name(i)))
        .collect();
    text.push_str(&format!(
        "generators: {}\n",
        if gens.is_empty() {
            "none".to_string()
        } else {
            gens.join(", ")
        }
    ));
    text.push_str(&format!(
        "relations: {}\n",
        if relations.is_empty() {
            "none".to_string()
        } else {
            relations.join(", ")
        }
    ));
    text.push_str("heap elements (n: element):\n");
    let width = heaps.iter().map(String::len).max().unwrap_or(1);
    let lead = q.max_heap().to_string().len();
    for (r, chunk) in heaps.chunks(10).enumerate() {
        let cells: Vec<String> = chunk.iter().map(|w| format!("{w:>width$}")).collect();
        text.push_str(&format!("{:>lead$} | {}\n", r * 10, cells.join(" ")));
    }
    text.push_str(&format!(
        "verified for every sum of these heaps ({} states checked",
        q.verified_states()
    ));
    if q.refinements() > 0 {
        text.push_str(&format!(
            ", after {} corrections of the candidate",
            q.refinements()
        ));
    }
    text.push_str(")\n");
    if let Some((t, h)) = sum {
        let element = q.element_of(h).unwrap_or(0);
        let outcome = if q.is_p(element) { "P" } else { "N" };
        data.insert(
            "sum",
            Data::map()
                .with("position", t.trim())
                .with("element", word(element))
                .with("outcome", outcome),
        );
        text.push_str(&format!(
            "sum {}: element {}, misère outcome {outcome}\n",
            t.trim(),
            word(element)
        ));
    }
    Report::new(data, text)
}
