//! `sprague serve`: the playground's files over HTTP from the binary itself.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};

/// One GET of `path`: the status line, the Content-Type and the body.
fn get(addr: &str, path: &str) -> (String, String, Vec<u8>) {
    let mut s = TcpStream::connect(addr).unwrap();
    write!(s, "GET {path} HTTP/1.1\r\nHost: {addr}\r\n\r\n").unwrap();
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).unwrap();
    let split = raw.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
    let head = String::from_utf8(raw[..split].to_vec()).unwrap();
    let status = head.lines().next().unwrap().to_string();
    let media = head
        .lines()
        .find_map(|l| l.strip_prefix("Content-Type: "))
        .unwrap_or("")
        .to_string();
    (status, media, raw[split + 4..].to_vec())
}

#[test]
fn serves_the_page_and_the_engine() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sprague"))
        .args(["serve", "--port", "0"])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .to_string();
    let (status, media, body) = get(&addr, "/");
    assert_eq!(
        (status.as_str(), media.as_str()),
        ("HTTP/1.1 200 OK", "text/html; charset=utf-8")
    );
    assert!(String::from_utf8_lossy(&body).contains("<title>sprague playground</title>"));
    // The browser compiles the engine as it downloads only with this media type.
    let (status, media, body) = get(&addr, "/dist/sprague_wasm_bg.wasm");
    assert_eq!(
        (status.as_str(), media.as_str()),
        ("HTTP/1.1 200 OK", "application/wasm")
    );
    assert!(body.starts_with(b"\0asm"));
    let (status, _, _) = get(&addr, "/nothing-here");
    assert_eq!(status, "HTTP/1.1 404 Not Found");
    child.kill().unwrap();
    child.wait().unwrap();
}

/// Starts `sprague serve` on a free port: the child and its address.
fn start() -> (std::process::Child, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sprague"))
        .args(["serve", "--port", "0"])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .to_string();
    (child, addr)
}

/// Each idle connection stalled every user for 5 s (connections were
/// served one at a time): with five idle connections open, a request is
/// answered at once, and the idle ones are closed after the request time.
#[test]
fn idle_connections_do_not_stall_others() {
    let (mut child, addr) = start();
    let idle: Vec<TcpStream> = (0..5).map(|_| TcpStream::connect(&addr).unwrap()).collect();
    // A slow client too: a byte now and then never makes a request.
    let mut slow = TcpStream::connect(&addr).unwrap();
    slow.write_all(b"G").unwrap();
    let started = std::time::Instant::now();
    let (status, _, _) = get(&addr, "/");
    assert_eq!(status, "HTTP/1.1 200 OK");
    assert!(
        started.elapsed() < std::time::Duration::from_secs(2),
        "{:?}",
        started.elapsed()
    );
    // The idle and slow connections are closed by the server (read gives
    // the end of the stream) within the request time and a margin.
    for mut s in idle.into_iter().chain([slow]) {
        s.set_read_timeout(Some(std::time::Duration::from_secs(20)))
            .unwrap();
        let mut buf = Vec::new();
        assert!(s.read_to_end(&mut buf).is_ok(), "closed by the server");
        assert!(buf.is_empty());
    }
    child.kill().unwrap();
    child.wait().unwrap();
}

#[test]
fn a_port_in_use_is_refused_in_one_line() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let out = Command::new(env!("CARGO_BIN_EXE_sprague"))
        .args(["serve", "--port", &port])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with("sprague: error: --port ") && err.lines().count() == 1,
        "{err}"
    );
}
