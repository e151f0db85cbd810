//! Hosts files (`solve --hosts FILE`) and the line reader every
//! line-oriented input goes through: the bytes read as the command reads
//! them (within a limit, one line at a time), then parsed as a hosts file.
//! Checks: no panic; the lines read are the input's, split at `\n` with a
//! `\r` before it removed, each within the limit, or one error for the
//! first line past it; hosts errors are one line naming the file; every
//! address parsed is `HOST:PORT` from a line of the input.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sprague_cli::input::read::{LineReader, read_line_within};

fuzz_target!(|data: &[u8]| {
    let limit = 1 + usize::from(data.first().copied().unwrap_or(0));
    // The raw reader: a line is the bytes up to `\n`.
    let mut rest = data;
    let mut line = Vec::new();
    let mut expected = data.split(|&b| b == b'\n').collect::<Vec<_>>();
    if data.ends_with(b"\n") || data.is_empty() {
        expected.pop();
    }
    let mut k = 0;
    loop {
        match read_line_within(&mut rest, &mut line, limit) {
            Ok(true) => {
                assert_eq!(line.as_slice(), expected[k]);
                assert!(line.len() <= limit);
                k += 1;
            }
            Ok(false) => {
                assert_eq!(k, expected.len());
                break;
            }
            Err(e) => {
                assert!(expected[k].len() > limit, "{e}: line {k} has {} bytes", expected[k].len());
                break;
            }
        }
    }
    // The numbered reader agrees (one `\r` before the line end removed),
    // and its errors are one line.
    let mut lines = LineReader::new(data, "fuzz");
    let mut k = 0;
    loop {
        match lines.next_line() {
            Ok(Some(l)) => {
                let raw = expected[k];
                assert_eq!(l, raw.strip_suffix(b"\r").unwrap_or(raw));
                k += 1;
            }
            Ok(None) => break,
            Err(e) => {
                assert!(!e.message.contains('\n'));
                break;
            }
        }
    }
    let Ok(text) = std::str::from_utf8(data) else { return };
    match sprague_dist::parse_hosts(text, "hosts.txt") {
        Ok(hosts) => {
            assert!(!hosts.is_empty());
            for h in hosts {
                let (host, port) = h.rsplit_once(':').expect("HOST:PORT");
                assert!(!host.is_empty() && port.parse::<u16>().is_ok(), "{h}");
                assert!(text.contains(h.as_str()));
            }
        }
        Err(e) => {
            let m = e.to_string();
            assert!(m.contains("hosts.txt") && !m.contains('\n'), "{m:?}");
        }
    }
});
