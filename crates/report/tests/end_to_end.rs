//! The report end to end on a tiny budget, for every game: self-play into a cache, metrics, the
//! page and the JSON; a second run reads every game back and gives the same report; a game
//! removed from the cache is played again identically; and the page opens in headless Chromium
//! (Debian's, as the server's browser tests use; `scripts/test.sh` installs it) without a console
//! message and with every chart drawn.

use arbiter_report::{ReportConfig, Stage};
use std::path::Path;
use std::process::Command;

const CHROMIUM: &str = "/usr/bin/chromium";

fn tiny() -> ReportConfig {
    ReportConfig {
        games: 2,
        levels: vec![1],
        max_plies: 100,
        concurrency: 2,
        sequence_positions: 2,
        sequence_budget: 5_000,
        ..ReportConfig::default()
    }
}

fn report(game: &str, dir: &Path) -> (arbiter_report::Report, usize) {
    let registry = arbiter_games::registry();
    let engines = arbiter_games::engines();
    let mut cached = 0;
    let report = arbiter_report::run(
        &engines,
        registry.get(game).unwrap(),
        "",
        &tiny(),
        dir,
        None,
        &mut |stage| {
            if let Stage::Playing(p) = stage {
                cached = p.cached;
            }
        },
    )
    .unwrap_or_else(|e| panic!("{game}: {e}"));
    (report, cached)
}

/// The game files cached under `dir/games/`.
fn cached_games(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    for folder in std::fs::read_dir(dir.join("games")).unwrap() {
        for file in std::fs::read_dir(folder.unwrap().path()).unwrap() {
            let path = file.unwrap().path();
            if path.file_name().unwrap().to_string_lossy().starts_with("game-") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// Opens the page in headless Chromium: the console messages it logged and the DOM it built.
fn open_in_chromium(page: &Path, profile: &Path) -> (Vec<String>, String) {
    assert!(
        Path::new(CHROMIUM).exists(),
        "chromium is missing: run scripts/test.sh (apt-get install chromium chromium-driver)"
    );
    let output = Command::new(CHROMIUM)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-dev-shm-usage",
            "--enable-logging=stderr",
            "--v=0",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg("--dump-dom")
        .arg(format!("file://{}", page.display()))
        .output()
        .expect("chromium runs");
    assert!(
        output.status.success(),
        "chromium failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let console = String::from_utf8_lossy(&output.stderr)
        .lines()
        .filter(|l| l.contains(":CONSOLE"))
        .map(str::to_string)
        .collect();
    (console, String::from_utf8_lossy(&output.stdout).into_owned())
}

/// Equal JSON, numbers to 12 significant digits (serde_json's float parsing is not exact).
fn same(a: &serde_json::Value, b: &serde_json::Value) -> bool {
    use serde_json::Value;
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => {
            let (x, y) = (x.as_f64().unwrap(), y.as_f64().unwrap());
            (x - y).abs() <= 1e-12 * x.abs().max(y.abs()).max(1.0)
        }
        (Value::Array(x), Value::Array(y)) => x.len() == y.len() && x.iter().zip(y).all(|(x, y)| same(x, y)),
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w)))
        }
        _ => a == b,
    }
}

fn end_to_end(game: &str) {
    let dir = tempfile::tempdir().unwrap();
    let (first, cached) = report(game, dir.path());
    assert_eq!(cached, 0);
    assert_eq!(first.game, game);
    // Random and level 1 against themselves, then random against level 1.
    assert_eq!(first.matchups.len(), 3, "{game}");
    for m in &first.matchups {
        assert_eq!(m.games, 2, "{game} {}", m.key);
        assert_eq!(m.first.games(), 2);
        assert_eq!(m.plies.n, 2);
        assert!(m.plies.max <= 100.0, "{game}: the ply limit holds");
        assert!(m.branching.mean > 0.0, "{game}: every position has moves");
        assert!(m.deterministic, "{game}: level 1 is budgeted by iterations");
    }
    assert!(
        first.headlines.iter().any(|h| h.starts_with("Balance at level 1:")),
        "{:?}",
        first.headlines
    );
    let files = cached_games(dir.path());
    assert_eq!(files.len(), 6, "{game}: every game is cached");

    // A second run reads everything back; one game removed is played again, identically.
    let (second, cached) = report(game, dir.path());
    assert_eq!(cached, 6);
    assert_eq!(second, first, "{game}: the cache gives the same report");
    let removed = std::fs::read_to_string(&files[1]).unwrap();
    std::fs::remove_file(&files[1]).unwrap();
    let (third, cached) = report(game, dir.path());
    assert_eq!(cached, 5);
    assert_eq!(third, first, "{game}: a game played again is the same game");
    let replayed: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&files[1]).unwrap()).unwrap();
    let original: serde_json::Value = serde_json::from_str(&removed).unwrap();
    assert_eq!(
        replayed["record"], original["record"],
        "{game}: deterministic given the seed"
    );

    // The files: JSON that reads back, a standalone page.
    let (json, html) = arbiter_report::write(&first, dir.path()).unwrap();
    let back: arbiter_report::Report = serde_json::from_str(&std::fs::read_to_string(json).unwrap()).unwrap();
    assert!(
        same(
            &serde_json::to_value(&back).unwrap(),
            &serde_json::to_value(&first).unwrap()
        ),
        "{game}: report.json reads back"
    );
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(!page.contains("<script"), "no scripts");
    assert!(!page.contains(" src=") && !page.contains("<link"), "no external files");
    assert!(!page.contains("href=\"http"), "no links out");
    assert!(!page.contains("class=\"error\""), "every chart was drawn");
    for section in [
        "balance",
        "draws",
        "duration",
        "branching",
        "skill",
        "drama",
        "facts",
        "method",
    ] {
        assert!(page.contains(&format!("id=\"{section}\"")), "{game}: section {section}");
    }
    assert!(page.contains("Browne"));
    let charts = page.matches("<svg ").count();
    assert!(charts >= 8, "{game}: {charts} charts");
    // Each chart is also a file of its own, the same SVG as in the page.
    let mut plots: Vec<_> = std::fs::read_dir(dir.path().join("plots"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    plots.sort();
    assert_eq!(plots.len(), charts, "{game}: one file per chart");
    for name in ["balance", "duration", "branching", "drama"] {
        assert!(
            plots.iter().any(|p| p.ends_with(format!("{name}.svg"))),
            "{game}: plots/{name}.svg"
        );
    }
    for path in &plots {
        let svg = std::fs::read_to_string(path).unwrap();
        assert!(
            svg.starts_with("<svg ") && svg.trim_end().ends_with("</svg>"),
            "{}",
            path.display()
        );
        assert!(page.contains(&svg), "{}: the page shows the same chart", path.display());
    }

    let profile = tempfile::tempdir().unwrap();
    let (console, dom) = open_in_chromium(&html, profile.path());
    assert!(console.is_empty(), "{game}: console messages: {console:#?}");
    assert_eq!(
        dom.matches("<svg ").count(),
        charts,
        "{game}: every chart is in the page Chromium built"
    );
    assert!(dom.contains("First player's score in self-play"));
}

#[test]
fn void_report() {
    end_to_end("void");
}

#[test]
fn krux_report() {
    end_to_end("krux");
}

#[test]
fn attraction_report() {
    end_to_end("attraction");
}

#[test]
fn villawar_report() {
    end_to_end("villawar");
}
