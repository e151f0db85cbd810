//! The `--max-memory SIZE` flag: a byte count with an optional binary suffix.

/// Parses `SIZE`: a whole number of bytes, or one followed by `K`, `M`, `G`
/// or `T` (powers of 1024; a trailing `B`/`iB` is allowed, case ignored).
pub fn parse_size(text: &str) -> Result<u64, String> {
    let t = text.trim();
    let lower = t.to_ascii_lowercase();
    let body = lower
        .strip_suffix("ib")
        .or_else(|| lower.strip_suffix('b'))
        .unwrap_or(&lower);
    let (digits, shift) = match body.chars().last() {
        Some('k') => (&body[..body.len() - 1], 10),
        Some('m') => (&body[..body.len() - 1], 20),
        Some('g') => (&body[..body.len() - 1], 30),
        Some('t') => (&body[..body.len() - 1], 40),
        _ => (body, 0),
    };
    let n: u64 = digits
        .trim()
        .parse()
        .map_err(|_| format!("`{t}` is not a size (write e.g. 4G, 512M or 1000000)"))?;
    let bytes = n
        .checked_mul(1u64 << shift)
        .ok_or_else(|| format!("`{t}` is too large (at most 2^64 - 1 bytes)"))?;
    if bytes == 0 {
        return Err("the memory budget must be at least 1 byte".to_string());
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::parse_size;

    #[test]
    fn sizes_parse_with_suffixes() {
        assert_eq!(parse_size("1000"), Ok(1000));
        assert_eq!(parse_size("4G"), Ok(4 << 30));
        assert_eq!(parse_size("512MiB"), Ok(512 << 20));
        assert_eq!(parse_size("2kb"), Ok(2048));
        assert!(parse_size("0").is_err());
        assert!(parse_size("lots").is_err());
        assert!(parse_size("99999999999T").is_err());
    }
}
