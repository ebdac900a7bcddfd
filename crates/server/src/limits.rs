//! Per-client rate limits (the `governor` crate's keyed GCRA limiters, keyed by client address):
//! what is cheap to ask for but costly to serve — new players, new games, games against the
//! computer, hints, game reports, password checks — and the WebSocket's `state` requests; and
//! password checks per account, from any address. Over the limit: 429 with `Retry-After`.

use crate::error::ApiError;
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultDirectRateLimiter, DefaultKeyedRateLimiter, Quota, RateLimiter};
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::atomic::{AtomicU64, Ordering};

/// The largest request body accepted (a long game record fits easily).
pub const BODY_LIMIT: usize = 256 * 1024;

/// Password checks against one account that may come at once, before its hourly rate applies.
const ACCOUNT_BURST: NonZeroU32 = NonZeroU32::MIN.saturating_add(4);

/// How much each client may ask for; `None` is no limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// New players (tokens) per minute.
    pub players_per_minute: Option<u32>,
    /// New games per minute (creations, rematches, accepted challenges).
    pub games_per_minute: Option<u32>,
    /// Games given to the computer per minute (new games with a computer side, or a side handed to it).
    pub computer_games_per_minute: Option<u32>,
    /// Hints per minute.
    pub hints_per_minute: Option<u32>,
    /// `state` requests per second on one WebSocket.
    pub ws_requests_per_second: Option<u32>,
    /// Game reports started per hour (each is minutes of self-play; reports already made, or
    /// being made, are free to ask for).
    pub reports_per_hour: Option<u32>,
    /// Password checks per minute (sign-ins, new accounts, password changes, deletions).
    pub logins_per_minute: Option<u32>,
    /// Password checks per hour against one account, from any address (five may come at once).
    pub logins_per_account_per_hour: Option<u32>,
}

impl Default for Limits {
    /// Generous for people, tight for scripts.
    fn default() -> Self {
        Limits {
            players_per_minute: Some(20),
            games_per_minute: Some(60),
            computer_games_per_minute: Some(30),
            hints_per_minute: Some(60),
            ws_requests_per_second: Some(5),
            reports_per_hour: Some(10),
            logins_per_minute: Some(10),
            logins_per_account_per_hour: Some(20),
        }
    }
}

impl Limits {
    /// No limits (for load tests and trusted local use).
    pub fn none() -> Self {
        Limits {
            players_per_minute: None,
            games_per_minute: None,
            computer_games_per_minute: None,
            hints_per_minute: None,
            ws_requests_per_second: None,
            reports_per_hour: None,
            logins_per_minute: None,
            logins_per_account_per_hour: None,
        }
    }
}

/// What a limit counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limited {
    /// A new player.
    Player,
    /// A new game.
    Game,
    /// A game given to the computer.
    ComputerGame,
    /// A hint.
    Hint,
    /// A game report started.
    Report,
    /// A password checked.
    Login,
}

/// The limiters of a running server.
pub struct RateLimits {
    limits: Limits,
    players: Option<DefaultKeyedRateLimiter<IpAddr>>,
    games: Option<DefaultKeyedRateLimiter<IpAddr>>,
    computer_games: Option<DefaultKeyedRateLimiter<IpAddr>>,
    hints: Option<DefaultKeyedRateLimiter<IpAddr>>,
    reports: Option<DefaultKeyedRateLimiter<IpAddr>>,
    logins: Option<DefaultKeyedRateLimiter<IpAddr>>,
    account_logins: Option<DefaultKeyedRateLimiter<String>>,
    checks: AtomicU64,
}

fn per_minute(n: Option<u32>) -> Option<DefaultKeyedRateLimiter<IpAddr>> {
    let n = NonZeroU32::new(n?)?;
    Some(RateLimiter::keyed(Quota::per_minute(n)))
}

impl RateLimits {
    /// Limiters for these limits.
    pub fn new(limits: Limits) -> Self {
        RateLimits {
            limits,
            players: per_minute(limits.players_per_minute),
            games: per_minute(limits.games_per_minute),
            computer_games: per_minute(limits.computer_games_per_minute),
            hints: per_minute(limits.hints_per_minute),
            reports: limits
                .reports_per_hour
                .and_then(NonZeroU32::new)
                .map(|n| RateLimiter::keyed(Quota::per_hour(n))),
            logins: per_minute(limits.logins_per_minute),
            account_logins: limits
                .logins_per_account_per_hour
                .and_then(NonZeroU32::new)
                .map(|n| RateLimiter::keyed(Quota::per_hour(n).allow_burst(ACCOUNT_BURST.min(n)))),
            checks: AtomicU64::new(0),
        }
    }

    /// Counts one request of `what` from `client`; 429 when over its limit.
    pub fn check(&self, what: Limited, client: IpAddr) -> Result<(), ApiError> {
        let (limiter, words) = match what {
            Limited::Player => (&self.players, "new players"),
            Limited::Game => (&self.games, "new games"),
            Limited::ComputerGame => (&self.computer_games, "games against the computer"),
            Limited::Hint => (&self.hints, "hints"),
            Limited::Report => (&self.reports, "new game reports"),
            Limited::Login => (&self.logins, "password attempts"),
        };
        let Some(limiter) = limiter else { return Ok(()) };
        // Forget idle clients now and then, so the tables stay small.
        if self.checks.fetch_add(1, Ordering::Relaxed) % 4096 == 4095 {
            for l in [
                &self.players,
                &self.games,
                &self.computer_games,
                &self.hints,
                &self.reports,
                &self.logins,
            ]
            .into_iter()
            .flatten()
            {
                l.retain_recent();
            }
            if let Some(l) = &self.account_logins {
                l.retain_recent();
            }
        }
        limiter.check_key(&client).map_err(|not_until| {
            let wait = not_until.wait_time_from(DefaultClock::default().now());
            ApiError::too_many(
                format!("too many {words} from your address: try again in a moment"),
                wait,
            )
        })
    }

    /// Counts one password check against the account `key` (a username's key, or a player's id),
    /// from any address: a guesser with many addresses is slowed as much as one with one.
    pub fn check_account(&self, key: &str) -> Result<(), ApiError> {
        let Some(limiter) = &self.account_logins else {
            return Ok(());
        };
        limiter.check_key(&key.to_string()).map_err(|not_until| {
            let wait = not_until.wait_time_from(DefaultClock::default().now());
            ApiError::too_many("too many password attempts for this account: try again later", wait)
        })
    }

    /// A limiter for one WebSocket's `state` requests (`None`: unlimited).
    pub fn websocket(&self) -> Option<DefaultDirectRateLimiter> {
        let n = NonZeroU32::new(self.limits.ws_requests_per_second?)?;
        Some(RateLimiter::direct(Quota::per_second(n)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_client_over_its_limit_is_refused_and_others_are_not() {
        let limits = RateLimits::new(Limits {
            hints_per_minute: Some(3),
            ..Limits::none()
        });
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let b: IpAddr = "10.0.0.2".parse().unwrap();
        for _ in 0..3 {
            limits.check(Limited::Hint, a).unwrap();
        }
        let refused = limits.check(Limited::Hint, a).unwrap_err();
        assert_eq!(refused.status.as_u16(), 429);
        assert!(refused.retry_after.is_some());
        limits.check(Limited::Hint, b).unwrap();
        for _ in 0..100 {
            limits.check(Limited::Game, a).unwrap();
        }
    }
}
