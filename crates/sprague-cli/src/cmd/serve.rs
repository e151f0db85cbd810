//! `sprague serve [--port N]`: the browser playground, served from files
//! built into this binary (the page in `web/` and the engine compiled to
//! WebAssembly in `web/dist/`, rebuilt by `web/build.sh`), so installing the
//! command is all it takes. A plain HTTP/1.1 server on the loopback
//! interface, one connection at a time: the page is a few static files.

use crate::error::{CliError, CliResult};
use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::time::Duration;

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
    // A connection that fails is the browser's business; keep serving.
    for stream in listener.incoming().flatten() {
        let _ = answer(stream);
    }
    Ok(())
}

/// Reads one request from `stream` and answers it; the connection is closed
/// after the answer.
fn answer(mut stream: TcpStream) -> std::io::Result<()> {
    stream.set_read_timeout(Some(Duration::from_secs(5)))?;
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut request = String::new();
    reader.read_line(&mut request)?;
    // The headers are read and ignored.
    let mut line = String::new();
    while reader.read_line(&mut line)? > 2 {
        line.clear();
    }
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
