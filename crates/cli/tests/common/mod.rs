//! What the CLI's test binaries share: running commands and real `arbiter serve` processes.
// Each test binary uses its own part of this module.
#![allow(dead_code)]

use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A free port on loopback.
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// An `arbiter serve` process, killed when dropped.
pub struct Instance {
    pub child: Child,
    pub base: String,
    pub port: u16,
}

impl Drop for Instance {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts `arbiter serve` on `port` (0: a free one) without rate limits and with room for the
/// hundreds of connections a load test opens from its one address, its database given by
/// `ARBITER_DB` as an operator would (a SQLite file or a postgres:// URL), and waits until it answers.
pub async fn serve(db: &str, port: u16) -> Instance {
    let roomy = [
        "--rate-limits",
        "off",
        "--connections-per-address",
        "5000",
        "--websockets-per-address",
        "5000",
    ];
    serve_with(db, port, &roomy, None).await
}

/// `arbiter serve` with these extra arguments, under a file-descriptor limit when one is given
/// (through the shell's `ulimit -n`, as a service manager would set it).
pub async fn serve_with(db: &str, port: u16, args: &[&str], fd_limit: Option<u32>) -> Instance {
    let port = if port == 0 { free_port() } else { port };
    let addr = format!("127.0.0.1:{port}");
    let mut command = match fd_limit {
        Some(n) => {
            let mut c = Command::new("sh");
            c.arg("-c")
                .arg(format!("ulimit -n {n} && exec \"$0\" \"$@\""))
                .arg(env!("CARGO_BIN_EXE_arbiter"));
            c
        }
        None => Command::new(env!("CARGO_BIN_EXE_arbiter")),
    };
    let child = command
        .args(["serve", "--addr", &addr])
        .args(args)
        .env("ARBITER_DB", db)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("arbiter serve starts");
    let instance = Instance {
        child,
        base: format!("http://127.0.0.1:{port}"),
        port,
    };
    let client = reqwest::Client::new();
    for _ in 0..400 {
        if client
            .get(format!("{}/api/catalog", instance.base))
            .send()
            .await
            .is_ok()
        {
            return instance;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the server did not come up");
}

/// A client that sends `token` as its player.
pub fn client(token: &str) -> reqwest::Client {
    let mut headers = reqwest::header::HeaderMap::new();
    headers.insert("authorization", format!("Bearer {token}").parse().unwrap());
    reqwest::Client::builder()
        .default_headers(headers)
        .timeout(Duration::from_secs(30))
        .build()
        .unwrap()
}

/// POSTs `body` to `url` and answers the JSON that comes back.
pub async fn post_json(http: &reqwest::Client, url: String, body: serde_json::Value) -> serde_json::Value {
    http.post(url).json(&body).send().await.unwrap().json().await.unwrap()
}

/// A client acting as a new player of the server at `base`.
pub async fn new_player(base: &str) -> reqwest::Client {
    let me = post_json(
        &reqwest::Client::new(),
        format!("{base}/api/players"),
        serde_json::json!({}),
    )
    .await;
    client(me["token"].as_str().unwrap())
}

/// A short finished game's record, written into `dir` by `arbiter match` (Villawar 6×6, level 1
/// against itself, after 4 random plies): its path.
pub fn short_record(dir: &std::path::Path) -> std::path::PathBuf {
    assert_cmd::Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args([
            "match",
            "villawar:size=6",
            "--a",
            "level=1",
            "--b",
            "level=1",
            "-n",
            "1",
        ])
        .args(["--opening-plies", "4", "--seed", "7", "--records"])
        .arg(dir)
        .assert()
        .success();
    dir.join("game-0001.json")
}

/// The JSON that a command printed, after checking that it succeeded.
pub fn json_stdout(command: &mut assert_cmd::Command) -> serde_json::Value {
    let out = command.assert().success().get_output().stdout.clone();
    serde_json::from_slice(&out).unwrap()
}
