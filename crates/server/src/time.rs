//! Where the server's clocks read the time: the system clock, or in tests a clock of their own, so
//! that flag falls can be tested without waiting.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

/// Milliseconds since the Unix epoch.
pub trait TimeSource: Send + Sync {
    /// Now, in milliseconds since the Unix epoch.
    fn now_ms(&self) -> u64;
}

/// The system's clock.
pub struct SystemTimeSource;

impl TimeSource for SystemTimeSource {
    fn now_ms(&self) -> u64 {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_millis() as u64)
    }
}

/// A clock that moves only when told to (tests).
pub struct ManualTime(AtomicU64);

impl ManualTime {
    /// A clock showing `start_ms`.
    pub fn new(start_ms: u64) -> Self {
        ManualTime(AtomicU64::new(start_ms))
    }

    /// Moves the clock on.
    pub fn advance(&self, ms: u64) {
        self.0.fetch_add(ms, Ordering::SeqCst);
    }
}

impl TimeSource for ManualTime {
    fn now_ms(&self) -> u64 {
        self.0.load(Ordering::SeqCst)
    }
}
