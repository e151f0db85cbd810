//! `sprague nimber add|mul|inv|sqrt|pow`, and `mul --batch` in the Library
//! Checker "Nim Product (F_{2^64})" format.

use crate::error::{CliError, CliResult};
use sprague::Nimber;
use std::io::Write;

/// Whether `text` is a surreal number beyond the dyadics (`omega+1`).
fn claims_surreal(text: &str) -> bool {
    sprague::surreal::claim(text) == sprague::surreal::Claim::Surreal
}

/// Parses a decimal u64 command-line operand.
pub fn operand(text: &str, which: &str) -> CliResult<Nimber> {
    sprague::notation::parse_u64_token(text.trim(), 1, "a nimber")
        .map(Nimber)
        .map_err(|e| CliError::input(format!("{which} `{text}`: {}", e.message)))
}

/// `add`, `mul`, `inv`, `sqrt`, `pow` on one or two operands.
pub fn unary_or_binary(op: &str, a: &str, b: Option<&str>, json: bool) -> CliResult<()> {
    if let Some(b) = b
        && matches!(op, "add" | "mul")
        && (claims_surreal(a) || claims_surreal(b))
    {
        return ordinal_op(op, a, b, json);
    }
    let x = operand(a, "A")?;
    let result = match (op, b) {
        ("add", Some(b)) => x + operand(b, "B")?,
        ("mul", Some(b)) => x * operand(b, "B")?,
        ("pow", Some(b)) => x.pow(operand(b, "K")?.get()),
        ("inv", None) => x
            .inverse()
            .ok_or_else(|| CliError::input("0 has no inverse: the nim field's zero is not invertible"))?,
        ("sqrt", None) => x.sqrt(),
        _ => {
            return Err(CliError::input(format!(
                "`nimber {op}` takes {}",
                if matches!(op, "inv" | "sqrt") {
                    "one operand"
                } else {
                    "two operands"
                }
            )));
        }
    };
    let mut out = std::io::stdout().lock();
    if json {
        // The one JSON form (nimbers beyond 2^53 - 1 as strings).
        let mut o = sprague::Data::map().with("op", op).with("a", x.get());
        if let Some(b) = b {
            o.insert(if op == "pow" { "k" } else { "b" }, operand(b, "B")?.get());
        }
        o.insert("result", result.get());
        writeln!(out, "{}", o.to_json())?;
    } else {
        writeln!(out, "{result}")?;
    }
    Ok(())
}

/// Reads `T` then `T` lines `A B` from stdin and prints `A ⊗ B` per line.
/// With `json`, one object `{"products": [...]}`.
pub fn batch_mul(json: bool) -> CliResult<()> {
    // Within the memory budget: `/dev/zero` is refused, not read to exhaustion.
    let input = sprague_cli::input::read::read_all("-", "the input", None)?;
    let out = batch_mul_bytes(&input)?;
    let mut stdout = std::io::stdout().lock();
    if json {
        let products: Vec<u64> = out
            .split(|&b| b == b'\n')
            .filter(|l| !l.is_empty())
            .filter_map(|l| std::str::from_utf8(l).ok()?.parse().ok())
            .collect();
        writeln!(
            stdout,
            "{}",
            sprague::Data::map().with("products", products).to_json()
        )?;
    } else {
        stdout.write_all(&out)?;
    }
    stdout.flush()?;
    Ok(())
}

/// The batch product on a whole input, returning the output bytes. Errors
/// name the 1-based line.
///
/// Inputs in the exact judge layout (`T`, then `T` lines of two numbers
/// separated by one space) take a fast path that parses, multiplies and prints
/// in one pass; anything else (blank lines, other spacing, an error) is read
/// again by the general path below, which gives the same products and names
/// the line of an error.
pub fn batch_mul_bytes(input: &[u8]) -> CliResult<Vec<u8>> {
    if let Some(out) = batch_mul_strict(input) {
        return Ok(out);
    }
    batch_mul_general(input)
}

/// The fast path of [`batch_mul_bytes`]: `None` unless the input is exactly
/// `T` and `T` lines `A B` (decimal, one space, `\n` or `\r\n` line ends, the
/// last line end optional, trailing whitespace allowed), `1 <= T <= 10^7`.
fn batch_mul_strict(input: &[u8]) -> Option<Vec<u8>> {
    let mut pos = 0;
    let t = strict_u64(input, &mut pos)?;
    if !(1..=10_000_000).contains(&t) || check_count(t).is_err() {
        return None;
    }
    strict_line_end(input, &mut pos)?;
    let (mut a, mut b) = (Vec::with_capacity(t as usize), Vec::with_capacity(t as usize));
    for _ in 0..t {
        a.push(strict_u64(input, &mut pos)?);
        if input.get(pos) != Some(&b' ') {
            return None;
        }
        pos += 1;
        b.push(strict_u64(input, &mut pos)?);
        if pos < input.len() {
            strict_line_end(input, &mut pos)?;
        }
    }
    if !input[pos..].iter().all(u8::is_ascii_whitespace) {
        return None;
    }
    // All products at once: eight at a time where the processor allows.
    let mut products = Vec::new();
    sprague::nimber::nim_mul_batch(&a, &b, &mut products);
    let mut out = Vec::with_capacity(t as usize * 21);
    for p in products {
        push_u64(&mut out, p);
        out.push(b'\n');
    }
    Some(out)
}

/// A decimal number of 1 to 20 digits at `pos` that fits a u64; `pos` moves
/// past it.
#[inline]
fn strict_u64(input: &[u8], pos: &mut usize) -> Option<u64> {
    let start = *pos;
    let mut v = 0u64;
    let mut i = start;
    // Up to 19 digits cannot overflow a u64.
    while i < input.len() && i - start < 19 {
        let d = input[i].wrapping_sub(b'0');
        if d > 9 {
            break;
        }
        v = v * 10 + u64::from(d);
        i += 1;
    }
    if i == start {
        return None;
    }
    if let Some(&c) = input.get(i)
        && c.is_ascii_digit()
    {
        v = v.checked_mul(10)?.checked_add(u64::from(c - b'0'))?;
        i += 1;
        if input.get(i).is_some_and(u8::is_ascii_digit) {
            return None;
        }
    }
    *pos = i;
    Some(v)
}

/// Bytes a batch holds per product: both operands and the product (8 bytes
/// each) and its line of output (at most 21 bytes).
const BYTES_PER_PRODUCT: u64 = 8 + 8 + 8 + 21;

/// Checks that a batch of `t` products fits the memory budget, before
/// anything of that size is allocated.
fn check_count(t: u64) -> Result<(), sprague::MemoryExceeded> {
    sprague::budget::check_memory(
        t,
        BYTES_PER_PRODUCT,
        "the batch's products",
        sprague_cli::monitor().max_memory(),
    )
}

/// `\n` or `\r\n` at `pos`; `pos` moves past it.
#[inline]
fn strict_line_end(input: &[u8], pos: &mut usize) -> Option<()> {
    match input.get(*pos..)? {
        [b'\n', ..] => *pos += 1,
        [b'\r', b'\n', ..] => *pos += 2,
        _ => return None,
    }
    Some(())
}

/// Appends the decimal digits of `v`, two at a time from a table.
#[inline]
fn push_u64(out: &mut Vec<u8>, mut v: u64) {
    const PAIRS: &[u8; 200] = b"0001020304050607080910111213141516171819\
        2021222324252627282930313233343536373839\
        4041424344454647484950515253545556575859\
        6061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899";
    let mut buf = [0u8; 20];
    let mut i = buf.len();
    while v >= 100 {
        let k = (v % 100) as usize * 2;
        v /= 100;
        i -= 2;
        buf[i..i + 2].copy_from_slice(&PAIRS[k..k + 2]);
    }
    if v >= 10 {
        let k = v as usize * 2;
        i -= 2;
        buf[i..i + 2].copy_from_slice(&PAIRS[k..k + 2]);
    } else {
        i -= 1;
        buf[i] = b'0' + v as u8;
    }
    out.extend_from_slice(&buf[i..]);
}

/// The general path of [`batch_mul_bytes`]: any whitespace, blank lines, and
/// errors that name their line.
fn batch_mul_general(input: &[u8]) -> CliResult<Vec<u8>> {
    let mut lines = input
        .split(|&b| b == b'\n')
        .enumerate()
        .map(|(i, l)| (i + 1, l.strip_suffix(b"\r").unwrap_or(l)));
    let (t_line, t_text) = loop {
        match lines.next() {
            Some((i, l)) if !l.iter().all(u8::is_ascii_whitespace) => break (i, l),
            Some(_) => {}
            None => {
                return Err(CliError::input(
                    "empty input: expected a first line T (the number of products)",
                ));
            }
        }
    };
    let t = match fields::<1>(t_text) {
        Some([t]) if (1..=10_000_000).contains(&t) => t,
        _ => {
            return Err(CliError::input(format!(
                "line {t_line}: expected T, a whole number from 1 to 10^7, found `{}`",
                String::from_utf8_lossy(t_text).trim()
            )));
        }
    };
    check_count(t).map_err(|e| {
        CliError::input(format!(
            "line {t_line}: T = {t}: {e}; raise it with --max-memory SIZE"
        ))
    })?;
    let mut out = Vec::with_capacity(t as usize * 21);
    let mut done = 0u64;
    let mut buf = [0u8; 20];
    for (i, l) in lines {
        if l.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        if done == t {
            return Err(CliError::input(format!("line {i}: more lines than T = {t}")));
        }
        let Some([a, b]) = fields::<2>(l) else {
            return Err(CliError::input(format!(
                "line {i}: expected two whole numbers `A B` below 2^64, found `{}`",
                String::from_utf8_lossy(l).trim()
            )));
        };
        let p = (Nimber(a) * Nimber(b)).get();
        out.extend_from_slice(format_u64(p, &mut buf));
        out.push(b'\n');
        done += 1;
    }
    if done < t {
        return Err(CliError::input(format!(
            "T = {t}, but the input has only {done} lines of products"
        )));
    }
    Ok(out)
}

/// Exactly `N` whitespace-separated u64 fields, or `None`.
fn fields<const N: usize>(line: &[u8]) -> Option<[u64; N]> {
    let mut out = [0u64; N];
    let mut it = line.split(u8::is_ascii_whitespace).filter(|f| !f.is_empty());
    for slot in &mut out {
        let f = it.next()?;
        if f.len() > 20 {
            return None;
        }
        let mut v = 0u64;
        for &c in f {
            if !c.is_ascii_digit() {
                return None;
            }
            v = v.checked_mul(10)?.checked_add(u64::from(c - b'0'))?;
        }
        *slot = v;
    }
    if it.next().is_some() { None } else { Some(out) }
}

fn format_u64(mut v: u64, buf: &mut [u8; 20]) -> &[u8] {
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    &buf[i..]
}

/// `nimber add|mul` on ordinals (when an operand names omega): the
/// transfinite nim-sum, and the nim product below omega^(omega^3).
fn ordinal_op(op: &str, a: &str, b: &str, json: bool) -> CliResult<()> {
    use sprague::surreal::Ordinal;
    let parse = |text: &str, which: &str| {
        Ordinal::parse(text).map_err(|e| CliError::input(format!("{which} `{text}`: {e}")))
    };
    let (x, y) = (parse(a, "A")?, parse(b, "B")?);
    let result = if op == "add" {
        x.nim_add(&y)
    } else {
        x.nim_mul(&y)
            .map_err(|e| CliError::input(format!("`nimber mul {a} {b}`: {e}")))?
    };
    let mut out = std::io::stdout().lock();
    if json {
        let o = sprague::Data::map()
            .with("op", op)
            .with("a", x.to_string())
            .with("b", y.to_string())
            .with("result", result.to_string());
        writeln!(out, "{}", o.to_json())?;
    } else {
        writeln!(out, "{result}")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn library_checker_sample() {
        let input = b"11\n5 0\n5 1\n5 2\n5 3\n5 4\n5 5\n5 6\n5 7\n5 8\n3141 5926\n18446744073709551615 18446744073709551615\n";
        let out = batch_mul_bytes(input).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "0\n5\n10\n15\n2\n7\n8\n13\n3\n14994\n11290409524105353207\n"
        );
    }

    proptest::proptest! {
        /// The fast path accepts the judge layout and agrees with the general
        /// path; other spacings fall back to the general path, with the same
        /// products.
        #[test]
        fn strict_path_agrees_with_general(
            pairs in proptest::collection::vec((proptest::num::u64::ANY, 0u64..1000), 1..20),
            crlf: bool,
            final_newline: bool,
            sep in "[ \t]{1,3}",
        ) {
            let end = if crlf { "\r\n" } else { "\n" };
            let mut text = format!("{}{end}", pairs.len());
            for (k, (a, b)) in pairs.iter().enumerate() {
                text += &format!("{a} {b}");
                if k + 1 < pairs.len() || final_newline {
                    text += end;
                }
            }
            let general = batch_mul_general(text.as_bytes()).unwrap();
            proptest::prop_assert_eq!(batch_mul_strict(text.as_bytes()), Some(general.clone()));
            let want: String = pairs.iter().map(|&(a, b)| format!("{}\n", Nimber(a) * Nimber(b))).collect();
            proptest::prop_assert_eq!(String::from_utf8(general).unwrap(), want);
            let spaced = text.replace(' ', &sep);
            proptest::prop_assert_eq!(
                batch_mul_bytes(spaced.as_bytes()).unwrap(),
                batch_mul_general(spaced.as_bytes()).unwrap()
            );
        }
    }

    #[test]
    fn strict_path_refuses_what_it_does_not_know() {
        for text in [
            &b"2\n1 2\n"[..],
            b"1\n1  2\n",
            b"1\n\n1 2\n",
            b"1\n18446744073709551616 1\n",
            b"1\n000000000000000000001 1\n",
            b"0\n",
            b"1\n1 2\n3 4\n",
            b"1\n1 x\n",
        ] {
            assert_eq!(batch_mul_strict(text), None, "{}", String::from_utf8_lossy(text));
        }
        // Trailing blank space after the last line is accepted.
        assert_eq!(
            batch_mul_strict(b"1\n18446744073709551615 2\n  \n"),
            Some(format!("{}\n", Nimber(u64::MAX) * Nimber(2)).into_bytes())
        );
    }

    #[test]
    fn bad_lines_are_named() {
        let e = batch_mul_bytes(b"2\n1 2\n3 x\n").unwrap_err();
        assert!(e.message.starts_with("line 3:"), "{}", e.message);
        let e = batch_mul_bytes(b"1\n18446744073709551616 1\n").unwrap_err();
        assert!(e.message.starts_with("line 2:"), "{}", e.message);
        let e = batch_mul_bytes(b"3\n1 2\n").unwrap_err();
        assert!(e.message.contains("only 1"), "{}", e.message);
        let e = batch_mul_bytes(b"").unwrap_err();
        assert!(e.message.contains("empty"), "{}", e.message);
        let e = batch_mul_bytes(b"1\n1 2\n3 4\n").unwrap_err();
        assert!(e.message.starts_with("line 3:"), "{}", e.message);
    }
}
