//! What the tests of several crates need: a throwaway PostgreSQL cluster, started once per test
//! process by `scripts/pg-throwaway.sh` and stopped when the process ends, with a fresh database
//! per test.
//!
//! When `ARBITER_TEST_PG` names a server already (a `postgres://` URL of a user who may create
//! databases; the test command sets it to the cluster it started), that one is used instead.

#![warn(missing_docs)]

use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;

/// A PostgreSQL server for tests.
#[derive(Debug)]
pub struct Cluster {
    /// The URL of its `postgres` database, as a user who may create databases.
    pub url: String,
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn start() -> Result<Cluster, String> {
    if let Ok(url) = std::env::var("ARBITER_TEST_PG") {
        if !url.trim().is_empty() {
            return Ok(Cluster {
                url: url.trim().to_string(),
            });
        }
    }
    let script = root().join("scripts/pg-throwaway.sh");
    let dir = std::env::temp_dir().join(format!("arbiter-pg-{}", std::process::id()));
    let out = Command::new("bash")
        .arg(&script)
        .arg("start")
        .arg(&dir)
        .stderr(Stdio::inherit())
        .output()
        .map_err(|e| format!("cannot run {}: {e}", script.display()))?;
    if !out.status.success() {
        return Err(format!("{} start failed ({})", script.display(), out.status));
    }
    let url = String::from_utf8_lossy(&out.stdout).trim().to_string();
    // Stops the cluster once this test process is gone, however it ends (a test binary's statics
    // are never dropped).
    let reaper = format!(
        "while kill -0 {pid} 2>/dev/null; do sleep 0.5; done; bash '{script}' stop '{dir}'",
        pid = std::process::id(),
        script = script.display(),
        dir = dir.display()
    );
    Command::new("sh")
        .arg("-c")
        .arg(reaper)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot start the cluster's reaper: {e}"))?;
    Ok(Cluster { url })
}

/// The test process's PostgreSQL server, started on first use. Panics with the reason when there
/// is none (PostgreSQL not installed): the test command installs it.
pub fn cluster() -> &'static Cluster {
    static CLUSTER: OnceLock<Result<Cluster, String>> = OnceLock::new();
    match CLUSTER.get_or_init(start) {
        Ok(cluster) => cluster,
        Err(e) => panic!("no PostgreSQL for the tests: {e}"),
    }
}

impl Cluster {
    /// A new, empty database on the cluster; its URL.
    pub fn database(&self) -> String {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let name = format!(
            "t{}_{}_{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed),
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.subsec_nanos())
                .unwrap_or(0)
        );
        self.psql(&format!("CREATE DATABASE {name}"));
        let (base, _) = self.url.rsplit_once('/').expect("a URL with a database");
        format!("{base}/{name}")
    }

    /// Runs one SQL command on the cluster's `postgres` database with `psql`; its output.
    pub fn psql(&self, sql: &str) -> String {
        psql(&self.url, sql)
    }
}

/// Runs one SQL command with `psql` against the database at `url`; its output (unaligned, no
/// headers). Panics with psql's message when it fails.
pub fn psql(url: &str, sql: &str) -> String {
    let out = Command::new("psql")
        .args(["-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", url, "-c", sql])
        .output()
        .unwrap_or_else(|e| panic!("cannot run psql: {e}"));
    assert!(
        out.status.success(),
        "psql failed on `{sql}`: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).trim().to_string()
}
