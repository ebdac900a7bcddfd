//! Shared by the integration tests: a real server on a random port over a real SQLite file.

#![allow(dead_code)]

use arbiter_server::{
    start_with_time, Games, Limits, ReportSettings, RunningServer, ServeConfig, SystemTimeSource, TimeSource,
};
use serde_json::{json, Value};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// A server with its own database file in a temporary directory, and a player (`client` carries
/// their token; `anon` carries none).
pub struct TestServer {
    pub server: Option<RunningServer>,
    pub dir: tempfile::TempDir,
    pub client: reqwest::Client,
    pub anon: reqwest::Client,
    pub token: String,
    pub base: String,
    pub cache_games: usize,
    pub limits: Limits,
    pub time: Arc<dyn TimeSource>,
    /// Game reports: kept in `dir/reports` (beside the database), made on this budget.
    pub reports: ReportSettings,
    /// Reverse proxies believed (set it, then `restart`).
    pub trusted_proxies: Vec<std::net::IpAddr>,
    /// The engine's workers and analysis queue (set it, then `restart`); a small node budget by
    /// default, so that analyses are quick.
    pub analysis: arbiter_server::service::AnalysisLimits,
}

/// A client that sends this player token on every request.
pub fn client_with_token(token: &str) -> reqwest::Client {
    let mut headers = reqwest::header::HeaderMap::new();
    headers.insert(
        reqwest::header::AUTHORIZATION,
        format!("Bearer {token}").parse().expect("header"),
    );
    reqwest::Client::builder()
        .default_headers(headers)
        .build()
        .expect("client")
}

impl TestServer {
    /// Without rate limits (tests make many games quickly), the default cache.
    pub async fn new() -> TestServer {
        Self::with(arbiter_server::service::DEFAULT_CACHE_GAMES, Limits::none()).await
    }

    /// A server keeping at most `cache_games` games in memory, with these limits.
    pub async fn with(cache_games: usize, limits: Limits) -> TestServer {
        Self::with_time(cache_games, limits, Arc::new(SystemTimeSource)).await
    }

    /// A server whose game reports are made on `budget`, with these limits.
    pub async fn with_report_budget(budget: arbiter_report::ReportConfig, limits: Limits) -> TestServer {
        Self::build(
            arbiter_server::service::DEFAULT_CACHE_GAMES,
            limits,
            Arc::new(SystemTimeSource),
            ReportSettings { dir: None, budget },
        )
        .await
    }

    /// A server whose clocks read `time`.
    pub async fn with_time(cache_games: usize, limits: Limits, time: Arc<dyn TimeSource>) -> TestServer {
        Self::build(cache_games, limits, time, ReportSettings::default()).await
    }

    async fn build(
        cache_games: usize,
        limits: Limits,
        time: Arc<dyn TimeSource>,
        reports: ReportSettings,
    ) -> TestServer {
        let dir = tempfile::tempdir().expect("temp dir");
        let mut t = TestServer {
            server: None,
            dir,
            client: reqwest::Client::new(),
            anon: reqwest::Client::new(),
            token: String::new(),
            base: String::new(),
            cache_games,
            limits,
            time,
            reports,
            trusted_proxies: Vec::new(),
            analysis: arbiter_server::service::AnalysisLimits {
                workers: 2,
                jobs: 64,
                nodes: 3000,
            },
        };
        t.restart().await;
        t.token = t.new_player().await;
        t.client = client_with_token(&t.token);
        t
    }

    /// A new player's token.
    pub async fn new_player(&self) -> String {
        let r = self
            .anon
            .post(self.url("/api/players"))
            .json(&json!({}))
            .send()
            .await
            .expect("request");
        assert_eq!(r.status().as_u16(), 200, "new player");
        let body: Value = r.json().await.expect("json");
        body["token"].as_str().expect("token").to_string()
    }

    /// A request as a player (`None`: without a token): status and JSON body.
    pub async fn send_as(&self, token: Option<&str>, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
        let client = match token {
            Some(token) => client_with_token(token),
            None => self.anon.clone(),
        };
        let method = reqwest::Method::from_bytes(method.as_bytes()).expect("method");
        let mut request = client.request(method, self.url(path));
        if let Some(body) = body {
            request = request.json(&body);
        }
        let r = request.send().await.expect("request");
        let status = r.status().as_u16();
        (status, r.json().await.unwrap_or(Value::Null))
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
            db: arbiter_server::DbLocation::Sqlite(self.db()),
            cache_games: self.cache_games,
            limits: self.limits,
            reports: self.reports.clone(),
            trusted_proxies: self.trusted_proxies.clone(),
            connections: arbiter_server::ConnectionLimits::default(),
            analysis: self.analysis,
        };
        let games = Games {
            registry: arbiter_games::registry(),
            engines: arbiter_games::engines(),
        };
        let server = start_with_time(config, games, self.time.clone())
            .await
            .expect("server starts");
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

    /// A new player who takes the open side of game `id` with its invite: their token, and the
    /// game's view in the answer.
    pub async fn claim_as_new_player(&self, id: &str, invite: &Value) -> (String, Value) {
        let friend = self.new_player().await;
        let (status, claimed) = self
            .send_as(
                Some(&friend),
                "POST",
                &format!("/api/games/{id}/claim"),
                Some(json!({ "invite": invite })),
            )
            .await;
        assert_eq!(status, 200, "claim failed: {claimed}");
        (friend, claimed)
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

/// The next text message of a WebSocket as JSON (within 20 s).
pub async fn next_json(
    ws: &mut (impl futures_util::StreamExt<
        Item = Result<tokio_tungstenite::tungstenite::Message, tokio_tungstenite::tungstenite::Error>,
    > + Unpin),
) -> Value {
    loop {
        let msg = tokio::time::timeout(Duration::from_secs(20), ws.next())
            .await
            .expect("a message in time")
            .expect("open")
            .expect("message");
        if let tokio_tungstenite::tungstenite::Message::Text(text) = msg {
            return serde_json::from_str(&text).unwrap();
        }
    }
}

/// A server on the PostgreSQL database at `url` (others may share it), its analyses searching
/// `nodes` per position, without rate limits.
pub async fn postgres_server(url: &str, nodes: u64) -> RunningServer {
    let config = ServeConfig {
        addr: "127.0.0.1:0".parse().unwrap(),
        db: arbiter_server::DbLocation::parse(url).expect("a PostgreSQL URL"),
        cache_games: arbiter_server::service::DEFAULT_CACHE_GAMES,
        limits: Limits::none(),
        reports: Default::default(),
        trusted_proxies: Vec::new(),
        connections: arbiter_server::ConnectionLimits::default(),
        analysis: arbiter_server::service::AnalysisLimits {
            nodes,
            ..Default::default()
        },
    };
    let games = Games {
        registry: arbiter_games::registry(),
        engines: arbiter_games::engines(),
    };
    arbiter_server::start(config, games).await.expect("server starts")
}
