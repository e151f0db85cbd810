//! Surreal numbers and ordinals (`sprague calc omega+1`, `sprague nimber mul
//! omega omega`): parse, print, parse again to the same value; the field
//! and nim operations on the parsed values never panic.
//!
//! Inputs are limited to 60 bytes: longer expressions are bounded by the
//! engine's term and depth limits (tested separately), not by the parser.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sprague::surreal::{Ordinal, Surreal};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if text.len() > 60 {
        return;
    }
    // Two operands, split at the first `;`, for the binary operations.
    let (a, b) = text.split_once(';').unwrap_or((text, "omega+1"));
    if let Ok(x) = Surreal::parse(a) {
        let shown = x.to_string();
        let again = Surreal::parse(&shown)
            .unwrap_or_else(|e| panic!("the printed form `{shown}` of `{a}` does not parse: {e}"));
        if let Ok(same) = x.equals(&again) {
            assert!(same, "`{a}` prints as `{shown}`, which reads back as another number");
        }
        if let Ok(y) = Surreal::parse(b) {
            let _ = x.checked_add(&y).map(|z| z.to_string());
            let _ = x.checked_mul(&y).map(|z| z.to_string());
            let _ = x.checked_div(&y).map(|z| z.to_string());
            let _ = x.compare(&y);
        }
        let _ = x.to_ordinal();
        let _ = x.to_dyadic();
    }
    if let Ok(x) = Ordinal::parse(a) {
        let shown = x.to_string();
        let again = Ordinal::parse(&shown)
            .unwrap_or_else(|e| panic!("the printed form `{shown}` of `{a}` does not parse: {e}"));
        assert_eq!(x, again, "`{a}` prints as `{shown}`, which reads back as another ordinal");
        if let Ok(y) = Ordinal::parse(b) {
            let _ = x.nim_add(&y);
            let _ = x.nim_mul(&y);
            let _ = x.natural_mul(&y);
            let _ = x.cantor_mul(&y);
            let _ = x.pow(&y);
        }
    }
});
