//! Game reports made on demand (`arbiter-report`): balance, length, branching, skill… of a game and
//! its options, measured by self-play on the server's own small budget.
//!
//! A report is minutes of self-play, so it is made once and kept: `<reports dir>/<game>[-<options
//! tag>]/` holds `index.html` (the standalone page), `report.json` and the games played (`games/`,
//! so that a report stopped by a restart resumes where it was). Asking for a report that is not
//! there queues it; one blocking thread makes the queued reports one after another, so that
//! however many are asked for, at most one is being made at any time and the async runtime never
//! waits for one.

use crate::error::ApiError;
use crate::limits::{Limited, RateLimits};
use crate::service::{Service, ServiceError};
use arbiter_ai::Engines;
use arbiter_core::{DynGameType, Registry};
use arbiter_report::{ReportConfig, Stage};
use axum::http::StatusCode;
use serde::Serialize;
use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;
use tokio::task::JoinHandle;

/// Reports waiting for their turn at most; beyond, a request is refused (503) rather than
/// queued, so that a burst of requests cannot line up hours of self-play.
pub const MAX_QUEUED: usize = 4;

/// The longest options string accepted (a folder is named after it).
const MAX_OPTIONS: usize = 200;

/// Where a report is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ReportState {
    /// Made: its page is at the status's `url`.
    Ready,
    /// Being made now.
    Running,
    /// Waiting for the reports before it.
    Queued,
    /// Could not be made (the message says why); not tried again until the server restarts, so
    /// that a report that cannot be made does not take the machine over and over.
    Failed,
}

/// What `GET /api/reports/{game}` answers: enough for a page to show progress and then the report.
#[derive(Debug, Clone, Serialize)]
pub struct ReportStatus {
    /// The registry name.
    pub game: &'static str,
    /// The options, normalised (`villawar` and `villawar:size=8` are one report).
    pub options: String,
    /// Where the report is.
    pub state: ReportState,
    /// Self-play games played (or read back from the cache) so far.
    pub games_done: usize,
    /// Self-play games the report needs.
    pub games_total: usize,
    /// What is happening, in words.
    pub message: String,
    /// The report's page, once it is ready.
    pub url: Option<String>,
}

/// One report: a game and its options, normalised the way the game prints them (the options a
/// new session reports), so that spellings of one variant share a report.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ReportKey {
    /// The registry name.
    pub game: &'static str,
    /// The normalised options.
    pub options: String,
}

impl ReportKey {
    /// The report of `game` with `options` as asked for: a bad request if the game refuses the options.
    pub fn new(game: &dyn DynGameType, options: &str) -> Result<ReportKey, ServiceError> {
        if options.len() > MAX_OPTIONS {
            return Err(ServiceError::bad_request(
                "too_long",
                format!("options are at most {MAX_OPTIONS} characters"),
            ));
        }
        let session = game.new_session(options, None)?;
        Ok(ReportKey {
            game: game.name(),
            options: session.options(),
        })
    }

    /// The report's folder name: `villawar` or `villawar-size-6`.
    pub fn folder(&self) -> String {
        match options_tag(&self.options) {
            tag if tag.is_empty() => self.game.to_string(),
            tag => format!("{}-{tag}", self.game),
        }
    }

    /// The address of one of the report's files (`index.html`, `report.json`).
    pub fn url(&self, file: &str) -> String {
        let mut url = format!("/reports/{}/{file}", self.game);
        if !self.options.is_empty() {
            url.push_str("?options=");
            url.push_str(&percent_encode(&self.options));
        }
        url
    }
}

/// A file-name-safe tag for an options string: `size=6,plies=90` is `size-6_plies-90`. Options
/// with characters beyond letters, digits, `.`, `=` and `,` get a hash of the whole string too,
/// since mapping those characters could make two options strings share a tag.
pub fn options_tag(options: &str) -> String {
    let tag: String = options
        .chars()
        .map(|c| match c {
            '=' => '-',
            ',' => '_',
            c if c.is_ascii_alphanumeric() || c == '.' => c,
            _ => '-',
        })
        .collect();
    let lossless = options
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '=' | ','));
    if lossless {
        tag
    } else {
        let hash = options.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        });
        format!("{tag}_{:08x}", hash as u32)
    }
}

/// Percent-encodes a query value (everything but unreserved characters).
fn percent_encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// A report queued, being made, or failed (a report made is a folder, no longer a job).
struct Job {
    key: ReportKey,
    state: ReportState,
    done: usize,
    total: usize,
    message: String,
}

#[derive(Default)]
struct Queue {
    /// By folder name.
    jobs: HashMap<String, Job>,
    /// Folder names, next first.
    waiting: VecDeque<String>,
    /// Whether the worker thread is running (it ends when nothing waits).
    working: bool,
}

/// The report service of a running server.
pub struct Reports {
    service: Arc<Service>,
    engines: Arc<Engines>,
    dir: PathBuf,
    budget: ReportConfig,
    queue: Mutex<Queue>,
    stop: AtomicBool,
    worker: Mutex<Option<JoinHandle<()>>>,
}

/// Checks a report budget before the server starts (a bad one would fail every report).
pub fn check_budget(budget: &ReportConfig) -> Result<(), String> {
    if budget.games == 0 {
        return Err("a report needs at least one game per matchup".into());
    }
    if let Some(bad) = budget.levels.iter().find(|&&l| l == 0 || l > arbiter_core::LEVELS) {
        return Err(format!("report levels are 1 to {}, not {bad}", arbiter_core::LEVELS));
    }
    if budget.concurrency == 0 || budget.max_plies == 0 {
        return Err("a report plays at least one game at a time, of at least one ply".into());
    }
    Ok(())
}

impl Reports {
    /// Reports kept in `dir`, each made with `budget` by `engines` for the games of `service`.
    pub fn new(service: Arc<Service>, engines: Arc<Engines>, dir: PathBuf, budget: ReportConfig) -> Arc<Reports> {
        Arc::new(Reports {
            service,
            engines,
            dir,
            budget,
            queue: Mutex::new(Queue::default()),
            stop: AtomicBool::new(false),
            worker: Mutex::new(None),
        })
    }

    /// The games the reports are of.
    pub fn registry(&self) -> &Registry {
        self.service.registry()
    }

    /// The folder of every report.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The self-play games of one report.
    pub fn games_total(&self) -> usize {
        arbiter_report::selfplay::plan(&self.budget.levels).len() * self.budget.games as usize
    }

    fn queue(&self) -> MutexGuard<'_, Queue> {
        self.queue.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// A file of a report (`index.html`, `report.json`).
    pub fn file(&self, key: &ReportKey, name: &str) -> PathBuf {
        self.dir.join(key.folder()).join(name)
    }

    /// A report made already: its own number of self-play games (it may have been made on another
    /// budget, before the server was restarted with a new one), read from its `report.json`.
    fn ready(&self, key: &ReportKey) -> ReportStatus {
        let total = std::fs::read(self.file(key, "report.json"))
            .ok()
            .and_then(|bytes| serde_json::from_slice::<serde_json::Value>(&bytes).ok())
            .and_then(|report| {
                let games = report["config"]["games"].as_u64()?;
                let levels: Vec<u8> = serde_json::from_value(report["config"]["levels"].clone()).ok()?;
                Some(arbiter_report::selfplay::plan(&levels).len() * games as usize)
            })
            .unwrap_or_else(|| self.games_total());
        ReportStatus {
            game: key.game,
            options: key.options.clone(),
            state: ReportState::Ready,
            games_done: total,
            games_total: total,
            message: "The report is ready.".into(),
            url: Some(key.url("index.html")),
        }
    }

    fn job_status(queue: &Queue, folder: &str, job: &Job) -> ReportStatus {
        let message = match job.state {
            ReportState::Queued => {
                let ahead = queue.waiting.iter().position(|f| f == folder).unwrap_or(0) + 1;
                format!(
                    "Waiting: {ahead} report{} to make before this one.",
                    if ahead == 1 { "" } else { "s" }
                )
            }
            _ => job.message.clone(),
        };
        ReportStatus {
            game: job.key.game,
            options: job.key.options.clone(),
            state: job.state,
            games_done: job.done,
            games_total: job.total,
            message,
            url: None,
        }
    }

    /// Whether the report is being made or waits to be (its files are then not to be read).
    pub fn in_progress(&self, key: &ReportKey) -> bool {
        self.queue()
            .jobs
            .get(&key.folder())
            .is_some_and(|job| job.state != ReportState::Failed)
    }

    /// Where the report is; a report neither made nor asked for before is queued, counted against
    /// `client`'s rate limit (429), unless too many wait already (503).
    pub fn status(
        self: &Arc<Self>,
        key: &ReportKey,
        limits: &RateLimits,
        client: IpAddr,
    ) -> Result<ReportStatus, ApiError> {
        let folder = key.folder();
        let mut queue = self.queue();
        if let Some(job) = queue.jobs.get(&folder) {
            if job.state != ReportState::Failed {
                return Ok(Self::job_status(&queue, &folder, job));
            }
        }
        // One stat, under the lock so that no job starts in between: a report made is a file.
        if self.file(key, "index.html").is_file() {
            return Ok(self.ready(key));
        }
        if let Some(job) = queue.jobs.get(&folder) {
            return Ok(Self::job_status(&queue, &folder, job));
        }
        if self.stop.load(Ordering::Relaxed) {
            return Err(unavailable("the server is stopping: no new report is started"));
        }
        if queue.waiting.len() >= MAX_QUEUED {
            return Err(unavailable(format!(
                "{MAX_QUEUED} game reports are waiting to be made already: try again in a few minutes"
            )));
        }
        limits.check(Limited::Report, client)?;
        queue.jobs.insert(
            folder.clone(),
            Job {
                key: key.clone(),
                state: ReportState::Queued,
                done: 0,
                total: self.games_total(),
                message: String::new(),
            },
        );
        queue.waiting.push_back(folder.clone());
        if !queue.working {
            queue.working = true;
            let this = self.clone();
            let handle = tokio::task::spawn_blocking(move || this.work());
            *self.worker.lock().unwrap_or_else(|p| p.into_inner()) = Some(handle);
        }
        let job = &queue.jobs[&folder];
        Ok(Self::job_status(&queue, &folder, job))
    }

    /// The worker: makes the waiting reports one by one until none waits (or the server stops).
    fn work(self: Arc<Self>) {
        loop {
            let (folder, key) = {
                let mut queue = self.queue();
                let Some(folder) = queue.waiting.pop_front() else {
                    queue.working = false;
                    return;
                };
                let job = queue.jobs.get_mut(&folder).expect("a waiting report has a job");
                if self.stop.load(Ordering::Relaxed) {
                    job.state = ReportState::Failed;
                    job.message = "The server stopped before the report was made.".into();
                    continue;
                }
                job.state = ReportState::Running;
                job.message = "Playing the first games…".into();
                (folder, job.key.clone())
            };
            // A panic in the report is one failed report, not a worker gone for good.
            let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.make(&folder, &key)))
                .unwrap_or_else(|_| Err("the report failed unexpectedly".into()));
            let mut queue = self.queue();
            match result {
                Ok(()) => {
                    queue.jobs.remove(&folder);
                }
                Err(e) => {
                    if let Some(job) = queue.jobs.get_mut(&folder) {
                        job.state = ReportState::Failed;
                        job.message = format!("The report could not be made: {e}.");
                    }
                }
            }
        }
    }

    /// Plays (resuming from the folder's cache), measures and writes one report.
    fn make(&self, folder: &str, key: &ReportKey) -> Result<(), String> {
        let game = self.registry().get(key.game).map_err(|e| e.to_string())?;
        let dir = self.dir.join(folder);
        let report = arbiter_report::run(
            &self.engines,
            game,
            &key.options,
            &self.budget,
            &dir,
            Some(&self.stop),
            &mut |stage| {
                let mut queue = self.queue();
                let Some(job) = queue.jobs.get_mut(folder) else { return };
                match stage {
                    Stage::Playing(p) => {
                        job.done = p.done;
                        job.total = p.total;
                        job.message = format!("Self-play: {} of {} games played.", p.done, p.total);
                    }
                    Stage::Analysing(done, total) => {
                        job.done = job.total;
                        job.message = format!("Measuring: {done} of {total} games replayed.");
                    }
                }
            },
        )
        .map_err(|e| e.to_string())?;
        arbiter_report::write(&report, &dir).map_err(|e| e.to_string())?;
        Ok(())
    }

    /// Stops the report being made (its games played so far stay cached) and every one waiting.
    pub fn shut_down(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Waits for the worker to end (after [`Reports::shut_down`], within a game's move).
    pub async fn finished(&self) {
        let handle = self.worker.lock().unwrap_or_else(|p| p.into_inner()).take();
        if let Some(handle) = handle {
            let _ = handle.await;
        }
    }
}

/// 503: no report can be started now; try again later.
fn unavailable(message: impl Into<String>) -> ApiError {
    ApiError {
        retry_after: Some(Duration::from_secs(60)),
        ..ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "reports_busy", message)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_name_folders_and_never_merge_two_options() {
        assert_eq!(options_tag(""), "");
        assert_eq!(options_tag("size=6"), "size-6");
        assert_eq!(options_tag("size=6,plies=90"), "size-6_plies-90");
        let odd = options_tag("a=b/c");
        assert!(odd.starts_with("a-b-c_") && odd.len() == "a-b-c_".len() + 8, "{odd}");
        assert_ne!(options_tag("a=b/c"), options_tag("a=b:c"));
        assert!(!options_tag("x=../..").contains('/'));
        let key = ReportKey {
            game: "villawar",
            options: "size=6".into(),
        };
        assert_eq!(key.folder(), "villawar-size-6");
        assert_eq!(key.url("index.html"), "/reports/villawar/index.html?options=size%3D6");
    }
}
