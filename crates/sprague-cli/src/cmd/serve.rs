//! `sprague serve [--port N]`: the browser playground, served from files
//! built into this binary (the page in `web/` and the engine compiled to
//! WebAssembly in `web/dist/`, rebuilt by `web/build.sh`), so installing the
//! command is all it takes. A plain HTTP/1.1 server on the loopback
//! interface: the page is a few static files. Each connection has its own
//! thread (at most [`MAX_CONNECTIONS`] at once), and a request must arrive
//! whole within [`REQUEST_TIME`] and [`MAX_REQUEST`] bytes: an idle or slow
//! connection is closed, never holding up the others.

use crate::error::{CliError, CliResult};
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// Connections served at once; more wait in the listener's queue.
pub const MAX_CONNECTIONS: usize = 64;

/// The time a request has to arrive whole (the request line and headers).
pub const REQUEST_TIME: Duration = Duration::from_secs(5);

/// The largest request read (the request line and headers).
pub const MAX_REQUEST: usize = 16 << 10;

/// The time an answer has to be taken by the client.
const WRITE_TIME: Duration = Duration::from_secs(30);

/// One file of the page: its path in the URL, media type and bytes.
struct Asset {
    path: &'static str,
    media_type: &'static str,
    bytes: &'static [u8],
}

macro_rules! asset {
    ($path:literal, $media:literal) => {
        Asset {
            path: concat!("/", $path),
            media_type: $media,
            bytes: include_bytes!(concat!("../../../../web/", $path)),
        }
    };
}

/// Every file the page loads.
const ASSETS: &[Asset] = &[
    asset!("index.html", "text/html; charset=utf-8"),
    asset!("style.css", "text/css; charset=utf-8"),
    asset!("app.js", "text/javascript; charset=utf-8"),
    asset!("boards.js", "text/javascript; charset=utf-8"),
    asset!("worker.js", "text/javascript; charset=utf-8"),
    asset!("dist/sprague_wasm.js", "text/javascript; charset=utf-8"),
    asset!("dist/sprague_wasm_bg.wasm", "application/wasm"),
];

/// The file served at `path` (`/` is the page), ignoring a query or fragment.
fn asset(path: &str) -> Option<&'static Asset> {
    let path = path.split(['?', '#']).next().unwrap_or(path);
    let path = if path == "/" { "/index.html" } else { path };
    ASSETS.iter().find(|a| a.path == path)
}

/// Runs the server on 127.0.0.1:`port` (0: any free port) until the process
/// is ended, printing the address to open.
pub fn run(port: u16) -> CliResult<()> {
    let listener = TcpListener::bind(("127.0.0.1", port))
        .map_err(|e| CliError::input(format!("--port {port}: cannot listen on 127.0.0.1:{port}: {e}")))?;
    let addr = listener.local_addr()?;
    writeln!(
        std::io::stdout(),
        "sprague playground at http://{addr}/ (Ctrl-C stops the server)"
    )?;
    std::io::stdout().flush()?;
    let busy = Arc::new(AtomicUsize::new(0));
    // A connection that fails is the browser's business; keep serving.
    for stream in listener.incoming().flatten() {
        // At most MAX_CONNECTIONS threads: wait for one to end (each ends
        // within REQUEST_TIME + WRITE_TIME).
        while busy.load(Ordering::SeqCst) >= MAX_CONNECTIONS {
            std::thread::sleep(Duration::from_millis(10));
        }
        busy.fetch_add(1, Ordering::SeqCst);
        let done = Arc::clone(&busy);
        let spawned = std::thread::Builder::new()
            .name("sprague:serve".to_string())
            .spawn(move || {
                let _ = answer(stream);
                done.fetch_sub(1, Ordering::SeqCst);
            });
        if spawned.is_err() {
            busy.fetch_sub(1, Ordering::SeqCst);
        }
    }
    Ok(())
}

/// Reads the request line and headers of `stream`: at most [`MAX_REQUEST`]
/// bytes within [`REQUEST_TIME`] in all (a client that sends a byte now and
/// then is cut off too). `None` for a request that does not arrive whole.
fn read_request(stream: &mut TcpStream) -> std::io::Result<Option<String>> {
    let deadline = Instant::now() + REQUEST_TIME;
    let mut request = Vec::with_capacity(1024);
    let mut chunk = [0u8; 2048];
    while !request.windows(4).any(|w| w == b"\r\n\r\n") && !request.windows(2).any(|w| w == b"\n\n") {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() || request.len() >= MAX_REQUEST {
            return Ok(None);
        }
        stream.set_read_timeout(Some(left))?;
        match stream.read(&mut chunk) {
            Ok(0) => break,
            Ok(k) => request.extend_from_slice(&chunk[..k]),
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) =>
            {
                return Ok(None);
            }
            Err(e) => return Err(e),
        }
    }
    Ok(Some(String::from_utf8_lossy(&request).into_owned()))
}

/// Reads one request from `stream` and answers it; the connection is closed
/// after the answer (or at once, for a request that does not arrive whole
/// in time).
fn answer(mut stream: TcpStream) -> std::io::Result<()> {
    stream.set_write_timeout(Some(WRITE_TIME))?;
    let Some(request) = read_request(&mut stream)? else {
        return Ok(());
    };
    let request = request.lines().next().unwrap_or("");
    let mut words = request.split_whitespace();
    let (method, path) = (words.next().unwrap_or(""), words.next().unwrap_or(""));
    let (status, media_type, body): (&str, &str, &[u8]) = match (method, asset(path)) {
        ("GET" | "HEAD", Some(a)) => ("200 OK", a.media_type, a.bytes),
        ("GET" | "HEAD", None) => ("404 Not Found", "text/plain; charset=utf-8", b"not found\n"),
        _ => (
            "405 Method Not Allowed",
            "text/plain; charset=utf-8",
            b"only GET and HEAD\n",
        ),
    };
    write!(
        stream,
        "HTTP/1.1 {status}\r\nContent-Type: {media_type}\r\nContent-Length: {}\r\nCache-Control: no-cache\r\nConnection: close\r\n\r\n",
        body.len()
    )?;
    if method != "HEAD" {
        stream.write_all(body)?;
    }
    stream.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_file_the_page_names_is_served() {
        let page = std::str::from_utf8(asset("/").unwrap().bytes).unwrap();
        for name in ["style.css", "app.js"] {
            assert!(page.contains(name), "{name}");
            assert!(asset(&format!("/{name}")).is_some(), "{name}");
        }
        let worker = std::str::from_utf8(asset("/worker.js").unwrap().bytes).unwrap();
        assert!(worker.contains("./dist/sprague_wasm.js"));
        // The engine: a WebAssembly module (magic number `\0asm`).
        assert!(
            asset("/dist/sprague_wasm_bg.wasm")
                .unwrap()
                .bytes
                .starts_with(b"\0asm")
        );
        assert!(asset("/app.js?x=1").is_some());
        assert!(asset("/../Cargo.toml").is_none());
    }
}
