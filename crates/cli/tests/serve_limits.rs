//! What one client can hold of a real `arbiter serve` process: half-sent requests (slowloris)
//! under a service's usual file-descriptor limit, thousands of WebSockets and the memory they
//! leave behind, the caps that answer a client over its share, and the memory of many analyses
//! queued at once.

mod common;

use common::{serve_with, Instance};
use futures_util::StreamExt;
use serde_json::Value;
use std::net::{IpAddr, SocketAddr};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

/// A TCP connection to `server` from the loopback address `from` (127.0.0.0/8 is all this machine).
async fn connect_from(from: &str, server: SocketAddr) -> std::io::Result<TcpStream> {
    let socket = TcpSocket::new_v4()?;
    socket.bind(SocketAddr::new(from.parse().unwrap(), 0))?;
    socket.connect(server).await
}

fn server_addr(instance: &Instance) -> SocketAddr {
    SocketAddr::from(([127, 0, 0, 1], instance.port))
}

/// The server process's resident memory, in bytes.
fn rss(instance: &Instance) -> u64 {
    status_bytes(instance, "VmRSS:")
}

/// The most resident memory the server process has had, in bytes.
fn peak_rss(instance: &Instance) -> u64 {
    status_bytes(instance, "VmHWM:")
}

/// Bytes in MB, for messages.
fn mb(bytes: u64) -> f64 {
    bytes as f64 / 1048576.0
}

fn status_bytes(instance: &Instance, field: &str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{}/status", instance.child.id())).unwrap();
    let line = status.lines().find(|l| l.starts_with(field)).unwrap();
    let kb: u64 = line.split_whitespace().nth(1).unwrap().parse().unwrap();
    kb * 1024
}

/// Reads what the server sends until it closes the connection (or `limit` passes).
async fn read_to_close(stream: &mut TcpStream, limit: Duration) -> Option<String> {
    let mut out = Vec::new();
    match tokio::time::timeout(limit, stream.read_to_end(&mut out)).await {
        Ok(_) => Some(String::from_utf8_lossy(&out).into_owned()),
        Err(_) => None,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn half_sent_requests_from_one_address_do_not_shut_out_another() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("slow.db");
    // A common service default: 1,024 file descriptors for the whole server.
    let site = serve_with(db.to_str().unwrap(), 0, &[], Some(1024)).await;
    let addr = server_addr(&site);
    // 1,100 connections from 127.0.0.1, each with half a request line, held open.
    let mut held = Vec::new();
    for _ in 0..1100 {
        let mut stream = connect_from("127.0.0.1", addr).await.expect("connect");
        let _ = stream.write_all(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ").await;
        held.push(stream);
    }
    // A client from another address gets every page, quickly, meanwhile.
    let other = reqwest::Client::builder()
        .local_address("127.0.0.2".parse::<IpAddr>().unwrap())
        .timeout(Duration::from_secs(10))
        .build()
        .unwrap();
    let pages = [
        "/",
        "/rules/void",
        "/learn/krux",
        "/report/attraction",
        "/static/app.js",
        "/static/app.css",
        "/api/catalog",
        "/api/rules/villawar",
    ];
    for round in 0..3 {
        for page in pages {
            let start = Instant::now();
            let response = other.get(format!("{}{page}", site.base)).send().await;
            let took = start.elapsed();
            let response = response.unwrap_or_else(|e| panic!("{page} (round {round}) failed: {e}"));
            assert_eq!(response.status(), 200, "{page}");
            response.bytes().await.unwrap();
            assert!(
                took < Duration::from_secs(1),
                "{page} took {took:?} while 1,100 half-open connections were held"
            );
        }
    }
    // The address over its share was answered at once, in JSON, and closed.
    let mut refused = 0;
    for stream in held.iter_mut().rev().take(50) {
        if let Some(text) = read_to_close(stream, Duration::from_secs(2)).await {
            if text.starts_with("HTTP/1.1 429") {
                let body: Value = serde_json::from_str(text.split_once("\r\n\r\n").unwrap().1).unwrap();
                assert_eq!(body["error"]["code"], "too_many_connections", "{text}");
                refused += 1;
            }
        }
    }
    assert_eq!(
        refused, 50,
        "the last 50 of 1,100 connections from one address were refused"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_whose_headers_never_end_is_cut_off() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("timeout.db");
    let site = serve_with(db.to_str().unwrap(), 0, &["--header-timeout", "1"], None).await;
    let addr = server_addr(&site);
    let mut slow = connect_from("127.0.0.1", addr).await.unwrap();
    slow.write_all(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n").await.unwrap();
    let start = Instant::now();
    let closed = read_to_close(&mut slow, Duration::from_secs(20)).await;
    assert!(
        closed.is_some(),
        "the server still holds a request whose headers never ended"
    );
    assert!(
        start.elapsed() >= Duration::from_millis(900),
        "closed before its time-out"
    );
    // An idle kept-alive connection is let go the same way.
    let mut idle = connect_from("127.0.0.1", addr).await.unwrap();
    idle.write_all(b"GET /api/catalog HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        .await
        .unwrap();
    let text = read_to_close(&mut idle, Duration::from_secs(20))
        .await
        .expect("closed when idle");
    assert!(text.starts_with("HTTP/1.1 200"), "{}", &text[..text.len().min(200)]);
}

/// Opens `n` WebSockets on game `id`, each reading its first state; returns them open.
async fn open_sockets(
    port: u16,
    id: &str,
    n: usize,
) -> Vec<tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>> {
    let url = format!("ws://127.0.0.1:{port}/api/games/{id}/ws");
    let mut sockets = Vec::new();
    for chunk in 0..n.div_ceil(100) {
        let opening = (0..100.min(n - chunk * 100)).map(|_| {
            let url = url.clone();
            async move {
                let (mut ws, _) = tokio_tungstenite::connect_async(&url).await.expect("ws");
                let first = ws.next().await.expect("a first message").expect("ws");
                assert!(first.is_text(), "{first:?}");
                ws
            }
        });
        sockets.extend(futures_util::future::join_all(opening).await);
    }
    sockets
}

async fn new_game(base: &str) -> String {
    let http = common::new_player(base).await;
    let view = common::post_json(&http, format!("{base}/api/games"), serde_json::json!({"game": "void"})).await;
    view["id"].as_str().unwrap().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn thousands_of_websockets_give_their_memory_back() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("ws.db");
    let roomy = ["--connections-per-address", "5000", "--websockets-per-address", "5000"];
    let site = serve_with(db.to_str().unwrap(), 0, &roomy, None).await;
    let id = new_game(&site.base).await;
    // Warm: the game loaded, a few sockets opened and closed.
    drop(open_sockets(site.port, &id, 10).await);
    tokio::time::sleep(Duration::from_millis(500)).await;
    let before = rss(&site);
    let mut peak = 0;
    for round in 0..2 {
        let sockets = open_sockets(site.port, &id, 2000).await;
        assert_eq!(sockets.len(), 2000, "round {round}");
        peak = peak.max(rss(&site));
        for mut ws in sockets {
            let _ = ws.close(None).await;
        }
        tokio::time::sleep(Duration::from_secs(2)).await;
    }
    // The server gives memory back once the connections are gone (it looks every few seconds), and
    // the blocking threads that served the sockets' first states end after 10 s idle (Tokio's
    // keep-alive), their stacks with them.
    tokio::time::sleep(Duration::from_secs(25)).await;
    let after = rss(&site);
    eprintln!(
        "RSS before {:.1} MB, at 2,000 sockets {:.1} MB, after 2 x 2,000 closed {:.1} MB",
        mb(before),
        mb(peak),
        mb(after)
    );
    assert!(
        after <= before + 25 * 1024 * 1024,
        "RSS {:.1} MB after the sockets closed, {:.1} MB before",
        mb(after),
        mb(before)
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn websockets_over_an_addresss_share_are_closed_with_a_reason() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("cap.db");
    let site = serve_with(db.to_str().unwrap(), 0, &["--websockets-per-address", "4"], None).await;
    let id = new_game(&site.base).await;
    let open = open_sockets(site.port, &id, 4).await;
    let url = format!("ws://127.0.0.1:{}/api/games/{id}/ws", site.port);
    let (mut fifth, _) = tokio_tungstenite::connect_async(&url).await.expect("upgraded");
    let message = tokio::time::timeout(Duration::from_secs(10), fifth.next())
        .await
        .expect("answered")
        .expect("a message")
        .expect("ws");
    match message {
        tokio_tungstenite::tungstenite::Message::Close(Some(frame)) => {
            assert_eq!(u16::from(frame.code), 1013, "{frame:?}");
            assert!(frame.reason.contains("too many"), "{frame:?}");
        }
        other => panic!("expected a close frame with a reason, got {other:?}"),
    }
    // The lobby's socket counts too; and a closed one frees its place.
    drop(open);
    tokio::time::sleep(Duration::from_millis(300)).await;
    let again = open_sockets(site.port, &id, 4).await;
    assert_eq!(again.len(), 4);
}

/// Fifty players ask for the analysis of a game at the same moment: every job is done, and the
/// server's memory stays bounded by the searches running at once (one per core), not by the jobs
/// queued. Each position's search has a 16 MB table; before the allocator was told to map such
/// blocks on their own, the job threads' arenas kept them: 375 MB at the peak here, now 27 MB.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn fifty_analyses_at_once_keep_memory_bounded() {
    let dir = tempfile::tempdir().unwrap();
    let record: Value =
        serde_json::from_str(&std::fs::read_to_string(common::short_record(dir.path())).unwrap()).unwrap();
    let plies = record["moves"].as_array().unwrap().len();
    let db = dir.path().join("analyses.db");
    let roomy = ["--rate-limits", "off", "--analysis-nodes", "200"];
    let site = serve_with(db.to_str().unwrap(), 0, &roomy, None).await;
    let humans = serde_json::json!([{"kind": "human"}, {"kind": "human"}]);
    let mut jobs = Vec::new();
    for _ in 0..50 {
        let http = common::new_player(&site.base).await;
        let body = serde_json::json!({"record": record, "players": humans});
        let view = common::post_json(&http, format!("{}/api/games", site.base), body).await;
        jobs.push((http, view["id"].as_str().unwrap().to_string()));
    }
    let before = rss(&site);
    let base = site.base.clone();
    let asked = jobs.into_iter().map(|(http, id)| {
        let base = base.clone();
        tokio::spawn(async move {
            let url = format!("{base}/api/games/{id}/analysis");
            let started = http.post(&url).json(&serde_json::json!({})).send().await.unwrap();
            assert_eq!(started.status(), 200);
            let deadline = Instant::now() + Duration::from_secs(300);
            loop {
                let view: Value = http.get(&url).send().await.unwrap().json().await.unwrap();
                if view["status"] != "running" {
                    return view;
                }
                assert!(Instant::now() < deadline, "the analysis of {id} never ended");
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        })
    });
    for view in futures_util::future::join_all(asked).await {
        let view = view.unwrap();
        assert_eq!(view["status"], "done", "{view}");
        assert_eq!(view["plies"], plies, "{view}");
    }
    let peak = peak_rss(&site);
    eprintln!(
        "RSS before {:.1} MB, peak {:.1} MB over 50 analyses",
        mb(before),
        mb(peak)
    );
    assert!(
        peak <= before + 100 * 1024 * 1024,
        "50 analyses took the server from {:.1} MB to {:.1} MB",
        mb(before),
        mb(peak)
    );
}
