//! The analysis of games for people: a job per game, queued for the engine's workers (shared with
//! the hint button), its progress told over the game's WebSocket, its result stored so that a
//! reload or another watcher sees it, and with many servers on one database, run by one of them.
//!
//! Who may analyse: anyone, once the game is over; a game against the computer (or between two
//! computers) at any time; a game between two people in play, nobody (its players would get the
//! engine's help). One job per player at a time, and at most [`AnalysisLimits::jobs`] at once.

use super::{Caller, Service, ServiceError};
use crate::live::LiveGame;
use crate::player::PlayerId;
use serde::Serialize;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How long a server's claim on running an analysis lasts without renewal (it renews it before
/// every position): another server takes the job over when the runner died.
pub const ANALYSIS_LEASE: Duration = Duration::from_secs(30);

/// The engine's work for people: how many searches at once, and the analysis queue's bounds.
#[derive(Debug, Clone, Copy)]
pub struct AnalysisLimits {
    /// Searches for people (analyses, hints) at once: one per core by default.
    pub workers: usize,
    /// Jobs running or waiting at once, over all players.
    pub jobs: usize,
    /// Nodes searched per position (the default analysis of `arbiter analyze-game`).
    pub nodes: u64,
}

impl Default for AnalysisLimits {
    fn default() -> Self {
        AnalysisLimits {
            workers: arbiter_core::playout::cores(),
            jobs: 64,
            nodes: arbiter_ai::analysis::DEFAULT_NODES,
        }
    }
}

/// A job of this server.
pub(super) struct Job {
    player: PlayerId,
    stop: Arc<AtomicBool>,
    progress: (usize, usize),
}

/// The jobs this server runs, by game id.
#[derive(Default)]
pub(super) struct Jobs(Mutex<HashMap<String, Job>>);

impl Jobs {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, Job>> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// What the game page is told of a game's analysis.
#[derive(Debug, Clone, Serialize)]
pub struct AnalysisView {
    /// `none` (never analysed), `running` or `done`.
    pub status: &'static str,
    /// While running here: positions searched and to search.
    pub progress: Option<(usize, usize)>,
    /// The moves the stored result covers.
    pub plies: usize,
    /// The moves the game has now (a game against the computer may have gone on since).
    pub game_plies: usize,
    /// The stored result (as `arbiter analyze-game --json` prints it), if any.
    pub analysis: Option<Box<serde_json::value::RawValue>>,
}

/// May anyone look at the engine's verdict on this game now? Not in a game between two people
/// still in play.
fn analysable(live: &LiveGame) -> Result<(), ServiceError> {
    let over = live.session.ending().is_some();
    let against_computer = live.seats.iter().any(|s| s.level().is_some());
    if over || against_computer {
        Ok(())
    } else {
        Err(ServiceError::conflict(
            "analysis_unavailable",
            "a game between two people can be analysed once it is over",
        ))
    }
}

impl Service {
    /// The stored analysis of game `id` and the state of its job.
    pub fn analysis(self: &Arc<Self>, id: &str) -> Result<AnalysisView, ServiceError> {
        let entry = self.entry(id)?;
        let game_plies = {
            let live = entry.lock();
            analysable(&live)?;
            live.session.ply()
        };
        let stored = self.store.analysis(id, super::leases::wall_ms())?;
        let progress = self.analyses.lock().get(id).map(|job| job.progress);
        let running = progress.is_some() || stored.as_ref().is_some_and(|s| s.running.is_some());
        let (plies, body) = stored.map_or((0, None), |s| (s.plies, s.body));
        let analysis = match body {
            Some(text) => Some(
                serde_json::value::RawValue::from_string(text)
                    .map_err(|e| ServiceError::internal(format!("a stored analysis is damaged: {e}")))?,
            ),
            None => None,
        };
        Ok(AnalysisView {
            status: if running {
                "running"
            } else if analysis.is_some() {
                "done"
            } else {
                "none"
            },
            progress,
            plies,
            game_plies,
            analysis,
        })
    }

    /// Starts analysing game `id` up to its current position for the caller (or says it runs
    /// already). The job runs on a blocking thread, a worker at a time per position.
    pub fn start_analysis(self: &Arc<Self>, caller: &Caller, id: &str) -> Result<AnalysisView, ServiceError> {
        let me = caller.require()?.id.clone();
        let entry = self.entry(id)?;
        let session = {
            let live = entry.lock();
            analysable(&live)?;
            live.session.clone_box()
        };
        {
            let mut jobs = self.analyses.lock();
            if jobs.contains_key(id) {
                drop(jobs);
                return self.analysis(id);
            }
            if jobs.values().any(|job| job.player == me) {
                return Err(ServiceError::too_many(
                    "you are analysing another game: wait for it or cancel it first",
                    Duration::from_secs(5),
                ));
            }
            if jobs.len() >= self.analysis_limits.jobs {
                return Err(ServiceError::too_many(
                    "the engine is busy with other analyses: try again in a minute",
                    Duration::from_secs(30),
                ));
            }
            let now = super::leases::wall_ms();
            if !self
                .store
                .claim_analysis(id, &self.instance, now, now + ANALYSIS_LEASE.as_millis() as u64)?
            {
                drop(jobs);
                return self.analysis(id); // another server runs it
            }
            let stop = Arc::new(AtomicBool::new(false));
            jobs.insert(
                id.to_string(),
                Job {
                    player: me,
                    stop: stop.clone(),
                    progress: (0, session.ply() + 1),
                },
            );
            let service = self.clone();
            let id = id.to_string();
            let levels = self.registry.get(session.game())?.strength_levels();
            let mut spec = arbiter_ai::analysis::default_spec(levels);
            spec.limits = arbiter_ai::Limits::nodes(self.analysis_limits.nodes);
            std::thread::spawn(move || service.run_analysis(&id, entry, session, spec, stop));
        }
        self.analysis(id)
    }

    /// Stops every analysis this server runs (it is stopping): their claims are given back, so
    /// another server can run them when asked.
    pub(super) fn stop_analyses(&self) {
        for job in self.analyses.lock().values() {
            job.stop.store(true, Ordering::Relaxed);
        }
    }

    /// Cancels the caller's analysis of game `id`.
    pub fn cancel_analysis(self: &Arc<Self>, caller: &Caller, id: &str) -> Result<AnalysisView, ServiceError> {
        let me = &caller.require()?.id;
        match self.analyses.lock().get(id) {
            Some(job) if &job.player == me => job.stop.store(true, Ordering::Relaxed),
            Some(_) => return Err(ServiceError::forbidden("another player asked for this analysis")),
            None => {
                return Err(ServiceError::conflict(
                    "no_analysis",
                    "no analysis of this game is running here",
                ))
            }
        }
        self.analysis(id)
    }

    /// The job: a worker per position (asked for again before each, so that others' requests
    /// interleave), progress published, the claim renewed, the result stored.
    fn run_analysis(
        self: Arc<Self>,
        id: &str,
        entry: Arc<crate::live::GameEntry>,
        session: Box<dyn arbiter_core::DynSession>,
        spec: arbiter_ai::AgentSpec,
        stop: Arc<AtomicBool>,
    ) {
        let workers = self.workers.clone();
        let mut permit = None;
        let mut lost_claim = false;
        let result = self.computer.analyze(session.as_ref(), &spec, &stop, &mut |p| {
            permit = None;
            if let Some(job) = self.analyses.lock().get_mut(id) {
                job.progress = (p.done, p.total);
            }
            entry.publish(
                serde_json::json!({"type": "analysis", "status": "running", "done": p.done, "total": p.total})
                    .to_string(),
            );
            if p.done < p.total {
                let now = super::leases::wall_ms();
                let until = now + ANALYSIS_LEASE.as_millis() as u64;
                if !matches!(self.store.claim_analysis(id, &self.instance, now, until), Ok(true)) {
                    lost_claim = true; // another server took it over: let it finish
                    stop.store(true, Ordering::Relaxed);
                    return;
                }
                permit = Some(workers.acquire());
            }
        });
        drop(permit);
        let now = super::leases::wall_ms();
        let message = match result {
            Ok(analysis) => match serde_json::to_string(&analysis) {
                Ok(json) => match self
                    .store
                    .finish_analysis(id, &self.instance, Some((session.ply(), &json)), now)
                {
                    Ok(()) => serde_json::json!({"type": "analysis", "status": "done"}),
                    Err(e) => serde_json::json!({"type": "analysis", "status": "failed", "message": e.to_string()}),
                },
                Err(e) => serde_json::json!({"type": "analysis", "status": "failed", "message": e.to_string()}),
            },
            Err(e) => {
                if !lost_claim {
                    let _ = self.store.finish_analysis(id, &self.instance, None, now);
                }
                let status = if stop.load(Ordering::Relaxed) {
                    "cancelled"
                } else {
                    "failed"
                };
                serde_json::json!({"type": "analysis", "status": status, "message": e.to_string()})
            }
        };
        self.analyses.lock().remove(id);
        entry.publish(message.to_string());
    }
}
