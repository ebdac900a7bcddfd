//! The accept loop: what one client may hold of the server before any request reaches the router.
//!
//! `axum::serve` reads request headers for as long as a client cares to send them and accepts
//! every connection it is offered, so a thousand half-sent requests from one address held the
//! server's file descriptors. Here each connection is served by hyper's HTTP/1.1 connection with
//! hyper's own header-read time-out (it also ends idle keep-alive connections, since the next
//! request's head is awaited under the same timer), every address may hold only so many
//! connections (a trusted proxy is exempt: it speaks for many clients, and limits them itself),
//! and the whole server stays below its file-descriptor limit. A connection over a cap is answered
//! with a JSON error and closed at once.
//!
//! hyper also answers some malformed requests itself, before the router can see them (a URI over
//! 64 KiB: 414; too many or too long headers: 431; a bad `Content-Length`: 400), with an empty
//! body and no hook to change it. [`ConnectionIo`] turns exactly those answers into the API's
//! JSON errors on their way out, so that every error the server emits is JSON.

use crate::error::error_body;
use axum::extract::ConnectInfo;
use axum::Router;
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::server::conn::auto;
use hyper_util::server::graceful::GracefulShutdown;
use std::collections::HashMap;
use std::future::Future;
use std::io;
use std::net::IpAddr;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{ready, Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tower::ServiceExt;

/// What one client, and all of them together, may hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ConnectionLimits {
    /// Open connections (WebSockets included) from one address.
    pub per_address: usize,
    /// Open connections in all; lowered at start to what the file-descriptor limit allows.
    pub total: usize,
    /// Open WebSockets (game and lobby) from one address, counted where the client's address is
    /// known (behind a trusted proxy too).
    pub websockets_per_address: usize,
    /// How long a client may take to send a request's headers, and how long a kept-alive
    /// connection may sit idle before its next request.
    pub header_timeout: Duration,
}

impl Default for ConnectionLimits {
    /// A browser opens about six connections to a site, and a household behind one address has a
    /// few browsers; 64 leaves room for them and for their game and lobby WebSockets.
    fn default() -> Self {
        ConnectionLimits {
            per_address: 64,
            total: 16_384,
            websockets_per_address: 32,
            header_timeout: Duration::from_secs(10),
        }
    }
}

/// File descriptors kept back from connections: the database, reports, the listener itself.
const RESERVED_FDS: u64 = 64;

impl ConnectionLimits {
    /// These limits with `total` lowered below the process's file-descriptor limit (after raising
    /// the soft limit to the hard one, as most servers do at start).
    pub fn fitted_to_fd_limit(self) -> Self {
        let _ = rlimit::increase_nofile_limit(u64::MAX);
        let total = match rlimit::Resource::NOFILE.get() {
            Ok((soft, _)) if soft != rlimit::INFINITY => {
                let room = soft.saturating_sub(RESERVED_FDS).max(16);
                self.total.min(usize::try_from(room).unwrap_or(usize::MAX))
            }
            _ => self.total,
        };
        ConnectionLimits { total, ..self }
    }
}

/// Counts what each address holds now.
#[derive(Debug, Default)]
pub struct Tally {
    held: Mutex<Tallies>,
}

#[derive(Debug, Default)]
struct Tallies {
    by_address: HashMap<IpAddr, usize>,
    total: usize,
    /// Slots given back since the start.
    released: u64,
}

/// Why a slot was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// The address holds its share already.
    Address,
    /// The server holds all it can.
    Total,
}

/// One held connection (or WebSocket); given back when dropped.
#[derive(Debug)]
pub struct Slot {
    tally: Arc<Tally>,
    address: Option<IpAddr>,
}

impl Tally {
    /// A new, empty tally.
    pub fn new() -> Arc<Tally> {
        Arc::new(Tally::default())
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Tallies> {
        self.held.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Takes a slot for `address` (`None`: counted only in the total) if neither cap is reached.
    pub fn take(self: &Arc<Self>, address: Option<IpAddr>, per_address: usize, total: usize) -> Result<Slot, Refusal> {
        let mut held = self.lock();
        if held.total >= total {
            return Err(Refusal::Total);
        }
        if let Some(ip) = address {
            let n = held.by_address.entry(ip).or_insert(0);
            if *n >= per_address {
                return Err(Refusal::Address);
            }
            *n += 1;
        }
        held.total += 1;
        Ok(Slot {
            tally: self.clone(),
            address,
        })
    }

    /// Slots held now by `address`.
    pub fn held_by(&self, address: IpAddr) -> usize {
        self.lock().by_address.get(&address).copied().unwrap_or(0)
    }

    /// Slots held now in all.
    pub fn held(&self) -> usize {
        self.lock().total
    }

    /// Slots given back since the start.
    pub fn released(&self) -> u64 {
        self.lock().released
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut held = self.tally.lock();
        held.total = held.total.saturating_sub(1);
        held.released += 1;
        if let Some(ip) = self.address {
            if let Some(n) = held.by_address.get_mut(&ip) {
                *n -= 1;
                if *n == 0 {
                    held.by_address.remove(&ip);
                }
            }
        }
    }
}

/// The WebSockets each client address holds (game and lobby alike): a socket is kept for hours,
/// so it is counted by the client's own address, which behind a trusted proxy is the forwarded one.
#[derive(Debug, Clone)]
pub struct WebSocketSlots {
    tally: Arc<Tally>,
    per_address: usize,
}

impl WebSocketSlots {
    /// At most `per_address` open sockets per client address.
    pub fn new(per_address: usize) -> Self {
        WebSocketSlots {
            tally: Tally::new(),
            per_address,
        }
    }

    /// A slot for one more socket of `client`, kept until the socket ends.
    pub fn take(&self, client: IpAddr) -> Result<Slot, Refusal> {
        self.tally.take(Some(client), self.per_address, usize::MAX)
    }
}

/// Serves `app` on `listener` until `shutdown` resolves, then lets open requests finish (at most
/// `grace`). Connections from `trusted` proxies are not capped per address.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    limits: ConnectionLimits,
    trusted: Vec<IpAddr>,
    shutdown: impl Future<Output = ()> + Send,
    grace: Duration,
) -> io::Result<()> {
    let tally = Tally::new();
    let graceful = GracefulShutdown::new();
    let mut builder = auto::Builder::new(TokioExecutor::new()).http1_only();
    builder
        .http1()
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout)
        .keep_alive(true);
    let builder = Arc::new(builder);
    let trimmer = tokio::spawn(give_back_memory(tally.clone()));
    tokio::pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(pair) => pair,
                Err(e) if is_connection_error(&e) => continue,
                Err(_) => {
                    // Out of file descriptors (or another resource): wait for some to come back.
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let _ = stream.set_nodelay(true);
        let address = (!trusted.contains(&peer.ip())).then_some(peer.ip());
        let slot = match tally.take(address, limits.per_address, limits.total) {
            Ok(slot) => slot,
            Err(refusal) => {
                tokio::spawn(refuse(stream, refusal));
                continue;
            }
        };
        let service = hyper_util::service::TowerToHyperService::new(app.clone().map_request(
            move |mut request: axum::extract::Request<hyper::body::Incoming>| {
                request.extensions_mut().insert(ConnectInfo(peer));
                request
            },
        ));
        let io = TokioIo::new(ConnectionIo::new(stream, slot));
        let builder = builder.clone();
        let watcher = graceful.watcher();
        tokio::spawn(async move {
            let connection = builder.serve_connection_with_upgrades(io, service);
            let _ = watcher.watch(connection.into_owned()).await;
        });
    }
    drop(listener);
    trimmer.abort();
    let _ = tokio::time::timeout(grace, graceful.shutdown()).await;
    Ok(())
}

/// How many connections must have closed since the last look before memory is given back.
const TRIM_AFTER_CLOSED: u64 = 256;

/// Every few seconds: when many connections have closed since the last look, asks the allocator to
/// return its free memory to the system, and once more a little later, when the blocking threads
/// that served them have ended (Tokio lets an idle one go after 10 s) and left their caches behind.
/// glibc's malloc keeps what thousands of closed connections and WebSockets freed (their buffers
/// lie between live allocations, so the heap's top never shrinks): 2,000 closed sockets left 26 MB
/// resident for good; after a trim, 5 MB.
async fn give_back_memory(tally: Arc<Tally>) {
    let mut tick = tokio::time::interval(Duration::from_secs(5));
    let mut trimmed_at = 0;
    let mut again_at = None;
    loop {
        tick.tick().await;
        let released = tally.released();
        let now = tokio::time::Instant::now();
        let closed_many = released - trimmed_at >= TRIM_AFTER_CLOSED;
        if closed_many || again_at.is_some_and(|at| now >= at) {
            again_at = closed_many.then(|| now + Duration::from_secs(15));
            trimmed_at = released;
            let _ = tokio::task::spawn_blocking(crate::allocator::trim).await;
        }
    }
}

/// Errors of one connection that say nothing about the listener.
fn is_connection_error(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::ConnectionRefused | io::ErrorKind::ConnectionAborted | io::ErrorKind::ConnectionReset
    )
}

/// Answers a connection over a cap with a JSON error, then closes it (within a second).
async fn refuse(mut stream: TcpStream, refusal: Refusal) {
    let (status, code, message) = match refusal {
        Refusal::Address => (
            "429 Too Many Requests",
            "too_many_connections",
            "too many open connections from your address: close some and try again",
        ),
        Refusal::Total => (
            "503 Service Unavailable",
            "server_busy",
            "the server holds all the connections it can: try again in a moment",
        ),
    };
    let response = raw_response(status, &error_body(code, message), &["retry-after: 1"]);
    let _ = tokio::time::timeout(Duration::from_secs(1), async {
        let _ = stream.write_all(response.as_bytes()).await;
        let _ = stream.shutdown().await;
    })
    .await;
}

/// A whole HTTP/1.1 response with a JSON body that closes its connection.
fn raw_response(status: &str, body: &str, extra: &[&str]) -> String {
    let mut head = format!(
        "HTTP/1.1 {status}\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n",
        body.len()
    );
    for line in extra {
        head.push_str(line);
        head.push_str("\r\n");
    }
    head + "\r\n" + body
}

/// The answers hyper writes by itself for requests it cannot parse, as the API's JSON errors.
fn json_parse_error(written: &[u8]) -> Option<Vec<u8>> {
    let head = written.strip_prefix(b"HTTP/1.1 ")?;
    let (status, code, message) = match head.get(..3)? {
        b"400" => (
            "400 Bad Request",
            "bad_request",
            "the request could not be read as HTTP (a malformed request line or header, or a bad Content-Length)",
        ),
        b"414" => ("414 URI Too Long", "uri_too_long", "the request's address is too long"),
        b"431" => (
            "431 Request Header Fields Too Large",
            "headers_too_large",
            "the request has too many headers, or headers that are too long",
        ),
        _ => return None,
    };
    // Only hyper's own answers: a head alone, with no body and no content type (every answer of
    // the router carries a JSON or HTML body).
    let text = std::str::from_utf8(written).ok()?;
    let (head_text, rest) = text.split_once("\r\n\r\n")?;
    let lower = head_text.to_ascii_lowercase();
    if !rest.is_empty() || lower.contains("\r\ncontent-type:") || !lower.contains("\r\ncontent-length: 0") {
        return None;
    }
    Some(raw_response(status, &error_body(code, message), &[]).into_bytes())
}

/// A client's TCP stream with its [`Slot`] (held as long as the stream lives, through a WebSocket
/// upgrade too), and the rewriting of hyper's empty error answers into JSON.
pub struct ConnectionIo {
    stream: TcpStream,
    _slot: Slot,
    /// A rewritten answer not yet written out, and how much of it is.
    pending: Vec<u8>,
    sent: usize,
}

impl ConnectionIo {
    fn new(stream: TcpStream, slot: Slot) -> Self {
        ConnectionIo {
            stream,
            _slot: slot,
            pending: Vec::new(),
            sent: 0,
        }
    }

    /// Writes out what is pending.
    fn drain(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        while self.sent < self.pending.len() {
            let n = ready!(Pin::new(&mut self.stream).poll_write(cx, &self.pending[self.sent..]))?;
            if n == 0 {
                return Poll::Ready(Err(io::ErrorKind::WriteZero.into()));
            }
            self.sent += n;
        }
        self.pending = Vec::new();
        self.sent = 0;
        Poll::Ready(Ok(()))
    }
}

impl AsyncRead for ConnectionIo {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for ConnectionIo {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        ready!(self.drain(cx))?;
        if let Some(json) = json_parse_error(buf) {
            self.pending = json;
            // Written out now or by the flush that follows; the caller's bytes count as taken.
            if let Poll::Ready(Err(e)) = self.drain(cx) {
                return Poll::Ready(Err(e));
            }
            return Poll::Ready(Ok(buf.len()));
        }
        Pin::new(&mut self.stream).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        ready!(self.drain(cx))?;
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        ready!(self.drain(cx))?;
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }

    /// One buffer per write, so that a head hyper writes arrives whole.
    fn is_write_vectored(&self) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_are_capped_per_address_and_in_all_and_given_back() {
        let tally = Tally::new();
        let a: IpAddr = "192.0.2.1".parse().unwrap();
        let b: IpAddr = "192.0.2.2".parse().unwrap();
        let first = tally.take(Some(a), 2, 3).unwrap();
        let _second = tally.take(Some(a), 2, 3).unwrap();
        assert_eq!(tally.take(Some(a), 2, 3).unwrap_err(), Refusal::Address);
        let _third = tally.take(Some(b), 2, 3).unwrap();
        assert_eq!(tally.take(Some(b), 2, 3).unwrap_err(), Refusal::Total);
        assert_eq!(tally.take(None, 2, 3).unwrap_err(), Refusal::Total);
        drop(first);
        assert_eq!(tally.held_by(a), 1);
        let _again = tally.take(Some(a), 2, 3).unwrap();
        assert_eq!(tally.held(), 3);
    }

    #[test]
    fn only_hypers_bodiless_error_answers_become_json() {
        let hyper = b"HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-length: 0\r\ndate: Sat, 05 Dec 2026 12:00:00 GMT\r\n\r\n";
        let json = String::from_utf8(json_parse_error(hyper).unwrap()).unwrap();
        assert!(json.starts_with("HTTP/1.1 431 "), "{json}");
        assert!(json.contains("content-type: application/json"), "{json}");
        let body = json.split_once("\r\n\r\n").unwrap().1;
        let value: serde_json::Value = serde_json::from_str(body).unwrap();
        assert_eq!(value["error"]["code"], "headers_too_large");
        assert!(json.contains(&format!("content-length: {}\r\n", body.len())));
        // The router's own answers are left alone.
        let ours = b"HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n{}";
        assert!(json_parse_error(ours).is_none());
        assert!(json_parse_error(b"HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n").is_none());
        assert!(json_parse_error(b"\x81\x05hello").is_none());
    }
}
