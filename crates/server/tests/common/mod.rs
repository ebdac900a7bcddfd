//! Shared by the integration tests: a real server on a random port over a real SQLite file.

#![allow(dead_code)]

use arbiter_server::{start, Games, RunningServer, ServeConfig};
use serde_json::{json, Value};
use std::path::PathBuf;
use std::time::Duration;

/// A server with its own database file in a temporary directory.
pub struct TestServer {
    pub server: Option<RunningServer>,
    pub dir: tempfile::TempDir,
    pub client: reqwest::Client,
    pub base: String,
}

impl TestServer {
    pub async fn new() -> TestServer {
        let dir = tempfile::tempdir().expect("temp dir");
        let mut t = TestServer {
            server: None,
            dir,
            client: reqwest::Client::new(),
            base: String::new(),
        };
        t.restart().await;
        t
    }

    pub fn db(&self) -> PathBuf {
        self.dir.path().join("arbiter.db")
    }

    /// Stops the server (if running) and starts a new one on the same database.
    pub async fn restart(&mut self) {
        if let Some(server) = self.server.take() {
            server.stop().await.expect("server stops");
        }
        let config = ServeConfig {
            addr: "127.0.0.1:0".parse().unwrap(),
            db: self.db(),
        };
        let games = Games {
            registry: arbiter_games::registry(),
            engines: arbiter_games::engines(),
        };
        let server = start(config, games).await.expect("server starts");
        self.base = server.url();
        self.server = Some(server);
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    pub async fn get(&self, path: &str) -> (u16, Value) {
        let r = self.client.get(self.url(path)).send().await.expect("request");
        let status = r.status().as_u16();
        (status, r.json().await.unwrap_or(Value::Null))
    }

    pub async fn post(&self, path: &str, body: Value) -> (u16, Value) {
        let r = self
            .client
            .post(self.url(path))
            .json(&body)
            .send()
            .await
            .expect("request");
        let status = r.status().as_u16();
        (status, r.json().await.unwrap_or(Value::Null))
    }

    pub async fn post_raw(&self, path: &str, body: Vec<u8>, content_type: &str) -> (u16, Value) {
        let r = self
            .client
            .post(self.url(path))
            .header("content-type", content_type)
            .body(body)
            .send()
            .await
            .expect("request");
        let status = r.status().as_u16();
        (status, r.json().await.unwrap_or(Value::Null))
    }

    /// Creates a game; panics unless it succeeds.
    pub async fn create(&self, body: Value) -> Value {
        let (status, view) = self.post("/api/games", body).await;
        assert_eq!(status, 200, "create failed: {view}");
        view
    }

    pub async fn view(&self, id: &str) -> Value {
        let (status, view) = self.get(&format!("/api/games/{id}")).await;
        assert_eq!(status, 200, "view failed: {view}");
        view
    }

    /// Plays a move for the side to move; panics unless it is accepted.
    pub async fn play(&self, id: &str, side: &str, mv: &str) -> Value {
        let (status, view) = self
            .post(&format!("/api/games/{id}/moves"), json!({"move": mv, "side": side}))
            .await;
        assert_eq!(status, 200, "move {mv} failed: {view}");
        view
    }

    /// Polls until the game reaches `ply` plies (the computer replies in the background).
    pub async fn wait_for_ply(&self, id: &str, ply: u64) -> Value {
        for _ in 0..600 {
            let view = self.view(id).await;
            if view["ply"].as_u64() == Some(ply) && view["thinking"] == json!(false) {
                return view;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("game {id} never reached ply {ply}");
    }
}

/// The side name to move in a view.
pub fn side_to_move(view: &Value) -> String {
    let index = if view["to_move"] == "first" { 0 } else { 1 };
    view["sides"][index]["name"].as_str().unwrap().to_string()
}

/// The first legal move of a view.
pub fn first_legal(view: &Value) -> String {
    view["legal"][0]["notation"].as_str().expect("a legal move").to_string()
}

/// The error code of an error answer.
pub fn code(body: &Value) -> &str {
    body["error"]["code"].as_str().unwrap_or("<no error code>")
}
