//! Where the workers of a solve run: threads of this process, and the other
//! processes with their addresses (a hosts file, one `HOST:PORT` a line).

use crate::DistError;
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream, ToSocketAddrs};
use std::time::{Duration, Instant};

/// The most worker threads a process starts.
pub const MAX_WORKERS: usize = 256;
/// The most processes a solve spans.
pub const MAX_PROCESSES: usize = 1024;
/// The longest wait for the other processes to connect: a week.
pub const MAX_CONNECT_TIMEOUT: Duration = Duration::from_secs(7 * 24 * 3600);
/// The largest hosts file read: 1 MiB (one line per process).
pub const MAX_HOSTS_BYTES: u64 = 1 << 20;

/// The shape of a distributed solve: `workers` threads in each of
/// `processes` processes; this one is number `process` (from 0) and the
/// processes listen on `hosts` (one address per process, in order).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cluster {
    /// Worker threads per process.
    pub workers: usize,
    /// Number of processes.
    pub processes: usize,
    /// This process's index, `0..processes`.
    pub process: usize,
    /// `HOST:PORT` of every process (empty with one process).
    pub hosts: Vec<String>,
    /// How long to wait for the other processes to connect.
    pub connect_timeout: Duration,
}

impl Cluster {
    /// `workers` threads in this one process.
    #[must_use]
    pub fn threads(workers: usize) -> Cluster {
        Cluster {
            workers,
            processes: 1,
            process: 0,
            hosts: Vec::new(),
            connect_timeout: Duration::from_secs(60),
        }
    }

    /// Process `process` of `processes`, each with `workers` threads, at the
    /// addresses `hosts`.
    #[must_use]
    pub fn processes(workers: usize, processes: usize, process: usize, hosts: Vec<String>) -> Cluster {
        Cluster {
            workers,
            processes,
            process,
            hosts,
            connect_timeout: Duration::from_secs(60),
        }
    }

    /// The same cluster waiting at most `timeout` for its peers to connect.
    #[must_use]
    pub fn connect_timeout(mut self, timeout: Duration) -> Cluster {
        self.connect_timeout = timeout;
        self
    }

    /// Number of workers in all processes together.
    #[must_use]
    pub fn peers(&self) -> usize {
        self.workers * self.processes
    }

    /// Checks the counts, the index and the hosts list. O(processes).
    ///
    /// # Errors
    /// [`DistError::Config`] saying which value is wrong and what is accepted.
    pub fn check(&self) -> Result<(), DistError> {
        if !(1..=MAX_WORKERS).contains(&self.workers) {
            return Err(DistError::Config(format!(
                "--workers {}: the worker count must be between 1 and {MAX_WORKERS}",
                self.workers
            )));
        }
        if !(1..=MAX_PROCESSES).contains(&self.processes) {
            return Err(DistError::Config(format!(
                "--processes {}: the process count must be between 1 and {MAX_PROCESSES}",
                self.processes
            )));
        }
        if self.process >= self.processes {
            return Err(DistError::Config(format!(
                "--process {} is out of range: with --processes {} the index runs from 0 to {}",
                self.process,
                self.processes,
                self.processes - 1
            )));
        }
        if self.connect_timeout > MAX_CONNECT_TIMEOUT {
            return Err(DistError::Config(format!(
                "--connect-timeout {}: the wait for the other processes must be at most {} seconds (a week)",
                self.connect_timeout.as_secs(),
                MAX_CONNECT_TIMEOUT.as_secs()
            )));
        }
        if self.processes > 1 && self.hosts.len() != self.processes {
            return Err(DistError::Config(format!(
                "the hosts list has {} address{} but --processes is {}: give one HOST:PORT per process",
                self.hosts.len(),
                if self.hosts.len() == 1 { "" } else { "es" },
                self.processes
            )));
        }
        Ok(())
    }
}

/// The addresses of a hosts file's text: one `HOST:PORT` a line, blank
/// lines and `#` comments ignored. `path` names the file in errors. O(length).
///
/// ```
/// let hosts = sprague_dist::parse_hosts("# two processes\n127.0.0.1:4100\nlocalhost:4101\n", "h.txt").unwrap();
/// assert_eq!(hosts, ["127.0.0.1:4100", "localhost:4101"]);
/// assert!(sprague_dist::parse_hosts("127.0.0.1\n", "h.txt").is_err());
/// ```
///
/// # Errors
/// [`DistError::Hosts`] naming the line and column of a malformed address, or
/// a file without addresses.
pub fn parse_hosts(text: &str, path: &str) -> Result<Vec<String>, DistError> {
    let mut hosts = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let body = line.split('#').next().unwrap_or("");
        let trimmed = body.trim();
        if trimmed.is_empty() {
            continue;
        }
        let column = body.len() - body.trim_start().len() + 1;
        let bad = |why: &str| DistError::Hosts {
            path: path.to_string(),
            message: format!("line {}, column {column}: `{trimmed}` {why}", i + 1),
        };
        let Some((host, port)) = trimmed.rsplit_once(':') else {
            return Err(bad("is not HOST:PORT (no `:PORT`)"));
        };
        if host.is_empty() || host.contains(char::is_whitespace) {
            return Err(bad("is not HOST:PORT (bad host)"));
        }
        if port.parse::<u16>().is_err() {
            return Err(bad(
                "is not HOST:PORT (the port must be a number from 0 to 65535)",
            ));
        }
        hosts.push(trimmed.to_string());
    }
    if hosts.is_empty() {
        return Err(DistError::Hosts {
            path: path.to_string(),
            message: "no addresses: write one HOST:PORT per line, one line per process".to_string(),
        });
    }
    Ok(hosts)
}

/// Reads and parses a hosts file ([`parse_hosts`]) of at most
/// [`MAX_HOSTS_BYTES`] (a device or pipe without end, such as `/dev/zero`,
/// is refused there).
///
/// # Errors
/// [`DistError::Hosts`] when the file cannot be read, is a directory or too
/// large, or does not parse.
pub fn read_hosts(path: &str) -> Result<Vec<String>, DistError> {
    let hosts_error = |message: String| DistError::Hosts {
        path: path.to_string(),
        message,
    };
    if std::fs::metadata(path).is_ok_and(|m| m.is_dir()) {
        return Err(hosts_error("cannot be read: it is a directory".to_string()));
    }
    let file = std::fs::File::open(path).map_err(|e| hosts_error(format!("cannot be read: {e}")))?;
    let mut bytes = Vec::new();
    file.take(MAX_HOSTS_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| hosts_error(format!("cannot be read: {e}")))?;
    if bytes.len() as u64 > MAX_HOSTS_BYTES {
        return Err(hosts_error(format!(
            "is larger than {MAX_HOSTS_BYTES} bytes, more than a hosts file holds (one HOST:PORT per process)"
        )));
    }
    let text = String::from_utf8(bytes).map_err(|e| DistError::Hosts {
        path: path.to_string(),
        message: format!("is not UTF-8 text (byte {})", e.utf8_error().valid_up_to()),
    })?;
    parse_hosts(&text, path)
}

const MAGIC: u64 = 0x7370_7261_6775_6531; // "spragu" "e1"

/// The connected sockets of process `me` to every other process (`None` at
/// its own index), after a handshake that checks that both run the same
/// solve (`fingerprint`) with the same shape. Process `i` connects to the
/// processes before it and accepts the ones after it; both wait at most the
/// connect timeout.
pub(crate) fn connect(cluster: &Cluster, fingerprint: u64) -> Result<Vec<Option<TcpStream>>, DistError> {
    let me = cluster.process;
    // `Cluster::check` keeps the timeout within a week, so this cannot overflow.
    let deadline = Instant::now()
        .checked_add(cluster.connect_timeout)
        .ok_or_else(|| DistError::Config("--connect-timeout is too long".to_string()))?;
    let secs = cluster.connect_timeout.as_secs_f64();
    let resolve = |i: usize| -> Result<SocketAddr, DistError> {
        let host = &cluster.hosts[i];
        host.to_socket_addrs()
            .ok()
            .and_then(|mut a| a.next())
            .ok_or_else(|| DistError::Connect(format!("process {i}'s address `{host}` does not resolve")))
    };
    let hello = [
        MAGIC,
        me as u64,
        cluster.processes as u64,
        cluster.workers as u64,
        fingerprint,
    ];
    let listener = TcpListener::bind(resolve(me)?).map_err(|e| {
        DistError::Connect(format!(
            "process {me} cannot listen on `{}`: {e}",
            cluster.hosts[me]
        ))
    })?;
    listener
        .set_nonblocking(true)
        .map_err(|e| DistError::Connect(format!("process {me}: {e}")))?;
    let mut sockets: Vec<Option<TcpStream>> = (0..cluster.processes).map(|_| None).collect();
    for (i, slot) in sockets.iter_mut().enumerate().take(me) {
        let addr = resolve(i)?;
        let stream = loop {
            match TcpStream::connect_timeout(&addr, Duration::from_millis(500)) {
                Ok(s) => break s,
                Err(e) if Instant::now() >= deadline => {
                    return Err(DistError::Connect(format!(
                        "process {me} could not connect to process {i} at `{}` within {secs} s: {e}",
                        cluster.hosts[i]
                    )));
                }
                Err(_) => std::thread::sleep(Duration::from_millis(100)),
            }
        };
        let (stream, _) = handshake(stream, &hello, i, cluster, deadline)?;
        let _ = stream.set_nodelay(true);
        *slot = Some(stream);
    }
    let mut waiting = cluster.processes - me - 1;
    while waiting > 0 {
        match listener.accept() {
            Ok((stream, _)) => {
                stream
                    .set_nonblocking(false)
                    .map_err(|e| DistError::Connect(format!("process {me}: {e}")))?;
                let (stream, peer) = handshake(stream, &hello, usize::MAX, cluster, deadline)?;
                let index = usize::try_from(peer).ok();
                let Some(index) = index.filter(|&j| j > me && j < cluster.processes && sockets[j].is_none())
                else {
                    return Err(DistError::Connect(format!(
                        "process {me}: an unexpected process connected (check that every process has its own --process index)"
                    )));
                };
                let _ = stream.set_nodelay(true);
                sockets[index] = Some(stream);
                waiting -= 1;
            }
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                if Instant::now() >= deadline {
                    let missing: Vec<String> = (me + 1..cluster.processes)
                        .filter(|&j| sockets[j].is_none())
                        .map(|j| j.to_string())
                        .collect();
                    return Err(DistError::Connect(format!(
                        "process {me}: process{} {} did not connect within {secs} s",
                        if missing.len() == 1 { "" } else { "es" },
                        missing.join(", ")
                    )));
                }
                std::thread::sleep(Duration::from_millis(20));
            }
            Err(e) => {
                return Err(DistError::Connect(format!(
                    "process {me}: accepting a connection: {e}"
                )));
            }
        }
    }
    Ok(sockets)
}

/// Sends our hello, reads the peer's and compares: same magic, shape and
/// fingerprint; `expect` is the peer's index when we dialled it.
fn handshake(
    mut stream: TcpStream,
    hello: &[u64; 5],
    expect: usize,
    cluster: &Cluster,
    deadline: Instant,
) -> Result<(TcpStream, u64), DistError> {
    let me = cluster.process;
    let io =
        |e: std::io::Error| DistError::Connect(format!("process {me}: handshake with a peer failed: {e}"));
    let left = deadline
        .saturating_duration_since(Instant::now())
        .max(Duration::from_millis(100));
    stream.set_read_timeout(Some(left)).map_err(io)?;
    let mut out = Vec::with_capacity(40);
    for w in hello {
        out.extend_from_slice(&w.to_le_bytes());
    }
    stream.write_all(&out).map_err(io)?;
    let mut buf = [0u8; 40];
    stream.read_exact(&mut buf).map_err(io)?;
    stream.set_read_timeout(None).map_err(io)?;
    let word = |k: usize| {
        let mut b = [0u8; 8];
        b.copy_from_slice(&buf[8 * k..8 * k + 8]);
        u64::from_le_bytes(b)
    };
    let peer = word(1);
    if word(0) != MAGIC {
        return Err(DistError::Connect(format!(
            "process {me}: the peer is not a sprague solve (wrong greeting)"
        )));
    }
    if expect != usize::MAX && peer != expect as u64 {
        return Err(DistError::Connect(format!(
            "process {me}: the address of process {expect} is answered by process {peer}: check the hosts file and the --process indices"
        )));
    }
    if word(1) == me as u64 {
        return Err(DistError::Connect(format!(
            "process {me}: another process also runs as --process {me}"
        )));
    }
    if word(2) != cluster.processes as u64 || word(3) != cluster.workers as u64 {
        return Err(DistError::Connect(format!(
            "process {me}: process {peer} runs with --processes {} --workers {}, this one with --processes {} --workers {}",
            word(2),
            word(3),
            cluster.processes,
            cluster.workers
        )));
    }
    if word(4) != hello[4] {
        return Err(DistError::Connect(format!(
            "process {me}: process {peer} solves a different space (the same game, size and play convention are needed)"
        )));
    }
    Ok((stream, peer))
}
