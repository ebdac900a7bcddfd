//! The `arbiter-train` binary: a real run writes the net and its curve; bad input is a one-line
//! error, never a panic.

use arbiter_learn::{generate, DataHeader, DatagenSettings};
use std::process::Command;
use std::sync::atomic::AtomicBool;

fn train() -> Command {
    Command::new(env!("CARGO_BIN_EXE_arbiter-train"))
}

#[test]
fn a_run_writes_the_net_the_curve_and_a_summary() {
    let dir = tempfile::tempdir().unwrap();
    let registry = arbiter_games::registry();
    let game = registry.get("attraction").unwrap();
    let data = dir.path().join("attraction.bin");
    let settings = DatagenSettings {
        header: DataHeader::for_run(game, "", "alphabeta:depth=1", 6, 60, 2).unwrap(),
        games: 12,
        threads: 2,
    };
    generate(
        &arbiter_games::engines(),
        game,
        &settings,
        &data,
        &AtomicBool::new(false),
        &mut |_| {},
    )
    .unwrap();
    let (net, curve) = (dir.path().join("net.safetensors"), dir.path().join("curve.svg"));
    let out = train()
        .args(["--data", data.to_str().unwrap(), "--out", net.to_str().unwrap()])
        .args([
            "--curve",
            curve.to_str().unwrap(),
            "--epochs",
            "2",
            "--hidden",
            "16",
            "--validation",
            "0.25",
            "--json",
        ])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let summary: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(summary["game"], "attraction");
    assert_eq!(summary["inputs"], 3 * 8 * 8);
    assert_eq!(summary["curve"]["training"].as_array().unwrap().len(), 2);
    assert!(summary["training_positions"].as_u64().unwrap() > 0);
    assert_eq!(arbiter_train::Net::load(&net).unwrap().info.hidden, 16);
    assert!(std::fs::read_to_string(&curve).unwrap().starts_with("<svg"));

    // Each player's view, as NNUE has: two views of 2 planes each.
    let views = dir.path().join("views.safetensors");
    let out = train()
        .args(["--data", data.to_str().unwrap(), "--out", views.to_str().unwrap()])
        .args(["--inputs", "views", "--epochs", "1", "--hidden", "16", "--json"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let summary: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (summary["inputs"].as_u64(), summary["views"].as_u64()),
        (Some(2 * 8 * 8), Some(2))
    );
    assert_eq!(arbiter_train::Net::load(&views).unwrap().info.views, 2);
}

#[test]
fn bad_input_is_a_one_line_error() {
    for args in [
        vec!["--data", "missing.bin", "--out", "never.safetensors"],
        vec!["--data", "Cargo.toml", "--out", "never.safetensors"],
        vec!["--data", "x.bin", "--out", "never.safetensors", "--lambda", "2"],
        vec!["--data", "x.bin", "--out", "never.safetensors", "--scale", "0"],
        vec!["--data", "x.bin", "--out", "never.safetensors", "--hidden", "0"],
        vec!["--data", "x.bin", "--out", "never.safetensors", "--lr=-1"],
    ] {
        let out = train().args(&args).output().unwrap();
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert!(
            err.starts_with("error: ") && err.trim_end().lines().count() == 1,
            "{args:?}: {err}"
        );
    }
    assert!(!std::path::Path::new("never.safetensors").exists());
}
