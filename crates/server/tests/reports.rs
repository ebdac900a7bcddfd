//! Game reports made on demand, against a real server on a tiny budget: a report goes from queued or
//! running to ready and its page is served; asked again (also after a restart) it comes from the
//! cache without a game played; one report is made at a time however many are asked for; bad
//! games, options and files are JSON errors; too many reports from one client (429) or waiting
//! (503) are refused; a report being made stops with the server.

mod common;

use arbiter_report::ReportConfig;
use arbiter_server::Limits;
use common::{code, TestServer};
use serde_json::Value;
use std::collections::HashSet;
use std::path::Path;
use std::time::{Duration, Instant, SystemTime};

/// Three games in all: random and level 1 against themselves, then against each other.
fn tiny() -> ReportConfig {
    ReportConfig {
        games: 1,
        levels: vec![1],
        max_plies: 60,
        concurrency: 1,
        sequence_positions: 1,
        sequence_budget: 2_000,
        ..ReportConfig::default()
    }
}

/// Polls a report's status until it is ready; every status seen, in order (repeats dropped).
async fn until_ready(t: &TestServer, path: &str) -> (Value, Vec<String>) {
    let mut states: Vec<String> = Vec::new();
    let deadline = Instant::now() + Duration::from_secs(300);
    loop {
        let (status, body) = t.get(path).await;
        assert_eq!(status, 200, "{path}: {body}");
        let state = body["state"].as_str().unwrap().to_string();
        if states.last() != Some(&state) {
            states.push(state.clone());
        }
        match state.as_str() {
            "ready" => return (body, states),
            "failed" => panic!("{path}: the report failed: {body}"),
            _ => {}
        }
        assert!(Instant::now() < deadline, "{path}: never ready ({states:?})");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Every cached game file under a report's folder.
fn game_files(folder: &Path) -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    let Ok(matchups) = std::fs::read_dir(folder.join("games")) else {
        return files;
    };
    for matchup in matchups {
        for file in std::fs::read_dir(matchup.unwrap().path()).unwrap() {
            let path = file.unwrap().path();
            if path.file_name().unwrap().to_string_lossy().starts_with("game-") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

fn modified(path: &Path) -> SystemTime {
    std::fs::metadata(path).unwrap().modified().unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_report_is_made_then_served_from_the_cache() {
    let mut t = TestServer::with_report_budget(tiny(), Limits::none()).await;
    let (status, first) = t.get("/api/reports/void").await;
    assert_eq!(status, 200, "{first}");
    assert!(
        first["state"] == "queued" || first["state"] == "running",
        "a new report is being made: {first}"
    );
    assert_eq!(first["games_total"], 3);
    assert!(first["url"].is_null());
    assert_eq!(first["game"], "void");

    let (ready, states) = until_ready(&t, "/api/reports/void").await;
    assert_eq!(states.last().unwrap(), "ready");
    assert!(states.len() >= 2, "it was made, not found: {states:?}");
    assert_eq!(ready["games_done"], 3);
    assert_eq!(ready["games_total"], 3);
    let url = ready["url"].as_str().unwrap().to_string();
    assert_eq!(url, "/reports/void/index.html");

    let r = t.client.get(t.url(&url)).send().await.unwrap();
    assert_eq!(r.status(), 200);
    assert!(r.headers()["content-type"].to_str().unwrap().starts_with("text/html"));
    assert!(r.headers().contains_key("content-security-policy"));
    let page = r.text().await.unwrap();
    assert!(page.contains("<title>Void — game report</title>"), "the report's title");
    assert!(page.matches("<svg ").count() >= 8, "the report's charts");
    let (status, json) = t.get("/reports/void/report.json").await;
    assert_eq!(status, 200);
    assert_eq!(json["game"], "void");
    assert_eq!(json["config"]["games"], 1);

    // The cache: beside the database, named after the game; asked again, nothing is played or written.
    let folder = t.dir.path().join("reports").join("void");
    let index = folder.join("index.html");
    let games = game_files(&folder);
    assert_eq!(games.len(), 3, "{games:?}");
    let written = modified(&index);
    let (status, again) = t.get("/api/reports/void").await;
    assert_eq!(status, 200);
    assert_eq!(again["state"], "ready", "{again}");
    assert_eq!(again["url"], ready["url"]);
    // Restarted on a bigger budget: the report kept is served, and tells its own sample size.
    t.reports.budget.games += 5;
    t.restart().await;
    let (status, after_restart) = t.get("/api/reports/void").await;
    assert_eq!(status, 200);
    assert_eq!(after_restart["state"], "ready", "{after_restart}");
    assert_eq!(
        after_restart["games_total"], 3,
        "the kept report's games, not the new budget's"
    );
    let r = t.client.get(t.url(&url)).send().await.unwrap();
    assert_eq!(r.status(), 200);
    assert_eq!(r.text().await.unwrap(), page);
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(modified(&index), written, "the cached report is not made again");
    assert_eq!(game_files(&folder), games);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_games_options_and_files_are_json_errors() {
    let t = TestServer::with_report_budget(tiny(), Limits::none()).await;
    for (path, status, expected) in [
        ("/api/reports/chess", 404, "not_found"),
        ("/api/reports/villawar?options=size%3D7", 400, "bad_options"),
        ("/api/reports/void?options=colour%3Dred", 400, "bad_options"),
        ("/api/reports/void?variant=1", 400, "bad_query"),
        ("/reports/chess/index.html", 404, "not_found"),
        ("/reports/void/index.html", 404, "report_not_ready"),
        ("/reports/void/secrets.txt", 404, "not_found"),
        ("/reports/void/..%2F..%2Farbiter.db", 404, "not_found"),
        ("/reports/villawar/report.json?options=size%3D0", 400, "bad_options"),
    ] {
        let r = t.client.get(t.url(path)).send().await.unwrap();
        assert_eq!(r.status().as_u16(), status, "{path}");
        assert!(
            r.headers()["content-type"]
                .to_str()
                .unwrap()
                .starts_with("application/json"),
            "{path}"
        );
        let body: Value = r.json().await.unwrap();
        assert_eq!(code(&body), expected, "{path}: {body}");
    }
    let long = format!("/api/reports/void?options={}", "x".repeat(300));
    let (status, body) = t.get(&long).await;
    assert_eq!((status, code(&body)), (400, "too_long"), "{body}");
    // None of those started a report.
    assert!(!t.dir.path().join("reports").exists());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_report_is_made_at_a_time_and_each_once() {
    let t = TestServer::with_report_budget(tiny(), Limits::none()).await;
    // Many requests at once for one report: one job.
    let requests = (0..8).map(|_| t.get("/api/reports/krux"));
    let answers = futures_util::future::join_all(requests).await;
    for (status, body) in &answers {
        assert_eq!(*status, 200, "{body}");
        assert!(body["state"] == "queued" || body["state"] == "running", "{body}");
    }
    // Three reports asked for together (one a variant, spelled two ways): made one after another.
    let paths = [
        "/api/reports/krux",
        "/api/reports/void",
        "/api/reports/villawar?options=size%3D6",
        "/api/reports/villawar?options=size%3D6%2C",
    ];
    let mut ready = HashSet::new();
    let mut seen_queued = false;
    let deadline = Instant::now() + Duration::from_secs(600);
    while ready.len() < paths.len() {
        let mut running = HashSet::new();
        for path in paths {
            let (status, body) = t.get(path).await;
            assert_eq!(status, 200, "{path}: {body}");
            match body["state"].as_str().unwrap() {
                "running" => {
                    running.insert(format!("{}:{}", body["game"], body["options"]));
                }
                "queued" => {
                    seen_queued = true;
                    assert!(body["message"].as_str().unwrap().starts_with("Waiting"), "{body}");
                }
                "ready" => {
                    ready.insert(path);
                }
                _ => panic!("{path}: {body}"),
            }
        }
        assert!(running.len() <= 1, "at most one report is made at a time: {running:?}");
        assert!(Instant::now() < deadline, "the reports were never all made");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(seen_queued, "a report asked for while another is made waits");
    let reports = t.dir.path().join("reports");
    let mut folders: Vec<String> = std::fs::read_dir(&reports)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    folders.sort();
    assert_eq!(folders, ["krux", "villawar-size-6", "void"]);
    for folder in &folders {
        assert_eq!(
            game_files(&reports.join(folder)).len(),
            3,
            "{folder}: each game played once"
        );
    }
    let (_, variant) = t.get("/api/reports/villawar?options=size%3D6").await;
    assert_eq!(variant["options"], "size=6");
    assert_eq!(variant["url"], "/reports/villawar/index.html?options=size%3D6");
    let r = t
        .client
        .get(t.url(variant["url"].as_str().unwrap()))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    assert!(r.text().await.unwrap().contains("size=6"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn too_many_reports_are_refused_and_a_running_one_stops_with_the_server() {
    // A long budget: the first report is still being made when the others are asked for.
    let long = ReportConfig {
        games: 500,
        max_plies: 400,
        ..tiny()
    };
    let limits = Limits {
        reports_per_hour: Some(2),
        ..Limits::none()
    };
    let mut t = TestServer::with_report_budget(long, limits).await;
    let (status, _) = t.get("/api/reports/void").await;
    assert_eq!(status, 200);
    let (status, _) = t.get("/api/reports/krux").await;
    assert_eq!(status, 200);
    // Asking again for a report being made is free.
    for _ in 0..5 {
        let (status, body) = t.get("/api/reports/void").await;
        assert_eq!(status, 200, "{body}");
    }
    let r = t.client.get(t.url("/api/reports/attraction")).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 429);
    assert!(r.headers().contains_key("retry-after"));
    let body: Value = r.json().await.unwrap();
    assert_eq!(code(&body), "rate_limited", "{body}");

    // Without a per-client limit, the queue is what refuses: 503 once it is full.
    t.limits = Limits::none();
    t.restart().await;
    let mut refused = None;
    for path in [
        "/api/reports/void",
        "/api/reports/krux",
        "/api/reports/attraction",
        "/api/reports/villawar?options=size%3D6",
        "/api/reports/villawar?options=size%3D8",
        "/api/reports/villawar?options=size%3D10",
    ] {
        let r = t.client.get(t.url(path)).send().await.unwrap();
        if r.status() == 503 {
            assert!(r.headers().contains_key("retry-after"));
            refused = Some(r.json::<Value>().await.unwrap());
            break;
        }
        assert_eq!(r.status(), 200, "{path}");
    }
    let refused = refused.expect("a full queue refuses");
    assert_eq!(code(&refused), "reports_busy", "{refused}");

    // Stopping the server stops the report being made, promptly; its games so far stay cached.
    let started = Instant::now();
    t.server.take().unwrap().stop().await.unwrap();
    assert!(
        started.elapsed() < Duration::from_secs(30),
        "the report stopped with the server ({:?})",
        started.elapsed()
    );
    assert!(!t.dir.path().join("reports/void/index.html").exists());
}
