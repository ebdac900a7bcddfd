//! Game clocks, for every game alike: a time control (Fischer: base time plus an increment per
//! move; correspondence: days per move) and the state of a clock as the moves come, with the time
//! given in milliseconds by the caller (so that a server can be tested with a clock of its own).

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

const SECOND: u64 = 1000;
const DAY: u64 = 24 * 3600 * SECOND;

/// How much time each side has.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimeControl {
    /// `fischer:BASE+INCREMENT` (seconds): a base time, and an increment added after each own move.
    Fischer {
        /// The time each side starts with, in milliseconds.
        base_ms: u64,
        /// Added to a side's time after each of its moves, in milliseconds.
        increment_ms: u64,
    },
    /// `days:N`: at most N days for each move.
    Correspondence {
        /// Days per move.
        days: u32,
    },
}

impl TimeControl {
    /// The time a side has at the start (and, by correspondence, for every move).
    pub fn initial_ms(self) -> u64 {
        match self {
            TimeControl::Fischer { base_ms, .. } => base_ms,
            TimeControl::Correspondence { days } => u64::from(days) * DAY,
        }
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeControl::Fischer { base_ms, increment_ms } => {
                write!(f, "fischer:{}+{}", base_ms / SECOND, increment_ms / SECOND)
            }
            TimeControl::Correspondence { days } => write!(f, "days:{days}"),
        }
    }
}

impl FromStr for TimeControl {
    type Err = String;

    /// `fischer:300+5` (5 minutes, 5 seconds a move; base 10 s to 24 h, increment up to 10 minutes)
    /// or `days:3` (1 to 30 days a move).
    fn from_str(text: &str) -> Result<Self, String> {
        let quoted = crate::shorten(text, 40);
        let number = |part: &str, what: &str| -> Result<u64, String> {
            part.trim()
                .parse::<u64>()
                .map_err(|_| format!("the {what} of time control '{quoted}' is not a whole number of seconds"))
        };
        match text.trim().split_once(':') {
            Some(("fischer", rest)) => {
                let (base, increment) = rest.split_once('+').unwrap_or((rest, "0"));
                let (base, increment) = (number(base, "base")?, number(increment, "increment")?);
                if !(10..=24 * 3600).contains(&base) {
                    return Err(format!("a base time is 10 to 86400 seconds, not {base}"));
                }
                if increment > 600 {
                    return Err(format!("an increment is 0 to 600 seconds, not {increment}"));
                }
                Ok(TimeControl::Fischer {
                    base_ms: base * SECOND,
                    increment_ms: increment * SECOND,
                })
            }
            Some(("days", days)) => match days.trim().parse::<u32>() {
                Ok(days @ 1..=30) => Ok(TimeControl::Correspondence { days }),
                _ => Err(format!("days per move are 1 to 30, not '{}'", crate::shorten(days, 20))),
            },
            _ => Err(format!(
                "'{quoted}' is not a time control: fischer:BASE+INCREMENT in seconds (fischer:300+5) or days:N"
            )),
        }
    }
}

impl Serialize for TimeControl {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for TimeControl {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// A game's clock: each side's time left and, while it runs, since when the side to move has been
/// thinking. The side to move is the caller's to say (the clock does not know the game).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockState {
    /// The time control.
    pub control: TimeControl,
    /// Time left for each side at the start of its current or next turn, by `Player::index`.
    pub remaining_ms: [u64; 2],
    /// When the side to move started thinking (milliseconds since the epoch); `None` while stopped.
    pub running_since_ms: Option<u64>,
}

impl ClockState {
    /// A stopped clock with the full time on both sides.
    pub fn new(control: TimeControl) -> Self {
        ClockState {
            control,
            remaining_ms: [control.initial_ms(); 2],
            running_since_ms: None,
        }
    }

    /// Starts the clock for the side to move (no change when it runs already).
    pub fn start(&mut self, now_ms: u64) {
        self.running_since_ms.get_or_insert(now_ms);
    }

    /// Stops the clock, charging the side to move with the time it used.
    pub fn stop(&mut self, to_move: crate::Player, now_ms: u64) {
        self.remaining_ms[to_move.index()] = self.left_ms(to_move, to_move, now_ms);
        self.running_since_ms = None;
    }

    /// The time `side` has left now.
    pub fn left_ms(&self, side: crate::Player, to_move: crate::Player, now_ms: u64) -> u64 {
        let remaining = self.remaining_ms[side.index()];
        match self.running_since_ms {
            Some(since) if side == to_move => remaining.saturating_sub(now_ms.saturating_sub(since)),
            _ => remaining,
        }
    }

    /// When the side to move runs out of time, if the clock runs.
    pub fn deadline_ms(&self, to_move: crate::Player) -> Option<u64> {
        self.running_since_ms
            .map(|since| since.saturating_add(self.remaining_ms[to_move.index()]))
    }

    /// Has the side to move run out of time?
    pub fn flagged(&self, to_move: crate::Player, now_ms: u64) -> bool {
        self.deadline_ms(to_move).is_some_and(|deadline| now_ms >= deadline)
    }

    /// `mover` has moved at `now_ms`: its time is charged (plus the increment, or the next move's
    /// days; a stopped clock charges and adds nothing) and the opponent's turn starts. Returns the
    /// mover's time left.
    pub fn on_move(&mut self, mover: crate::Player, now_ms: u64) -> u64 {
        let left = self.left_ms(mover, mover, now_ms);
        let after = match self.control {
            // A move made before the clock started costs nothing and earns nothing.
            TimeControl::Fischer { .. } if self.running_since_ms.is_none() => left,
            TimeControl::Fischer { increment_ms, .. } => left + increment_ms,
            TimeControl::Correspondence { days } => u64::from(days) * DAY,
        };
        self.remaining_ms[mover.index()] = after;
        if self.running_since_ms.is_some() {
            self.running_since_ms = Some(now_ms);
        }
        after
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Player::{First, Second};

    #[test]
    fn time_controls_parse_print_and_refuse_garbage() {
        let fischer: TimeControl = "fischer:300+5".parse().unwrap();
        assert_eq!(
            fischer,
            TimeControl::Fischer {
                base_ms: 300_000,
                increment_ms: 5_000
            }
        );
        assert_eq!(fischer.to_string(), "fischer:300+5");
        assert_eq!("fischer:60".parse::<TimeControl>().unwrap().to_string(), "fischer:60+0");
        assert_eq!("days:3".parse::<TimeControl>().unwrap().initial_ms(), 3 * DAY);
        for bad in [
            "",
            "blitz",
            "fischer:5+0",
            "fischer:300+601",
            "fischer:x+1",
            "days:0",
            "days:31",
            "days:-1",
        ] {
            assert!(bad.parse::<TimeControl>().is_err(), "{bad}");
        }
        let long = format!("fischer:{}", "9".repeat(1000));
        assert!(long.parse::<TimeControl>().unwrap_err().len() < 200);
    }

    #[test]
    fn a_fischer_clock_charges_the_mover_and_adds_the_increment() {
        let mut clock = ClockState::new("fischer:60+2".parse().unwrap());
        assert_eq!(clock.deadline_ms(First), None, "stopped until started");
        assert_eq!(clock.on_move(First, 500), 60_000, "no increment before the clock runs");
        clock.start(1_000);
        assert_eq!(clock.left_ms(First, First, 11_000), 50_000);
        assert_eq!(clock.left_ms(Second, First, 11_000), 60_000);
        assert_eq!(clock.on_move(First, 11_000), 52_000);
        assert_eq!(clock.deadline_ms(Second), Some(71_000));
        assert!(!clock.flagged(Second, 70_999));
        assert!(clock.flagged(Second, 71_000));
        clock.stop(Second, 21_000);
        assert_eq!(clock.remaining_ms, [52_000, 50_000]);
        assert_eq!(clock.deadline_ms(Second), None);
    }

    #[test]
    fn a_correspondence_clock_gives_each_move_its_days() {
        let mut clock = ClockState::new("days:2".parse().unwrap());
        clock.start(0);
        assert_eq!(clock.on_move(First, DAY), 2 * DAY);
        assert_eq!(clock.deadline_ms(Second), Some(3 * DAY));
        assert!(clock.flagged(Second, 3 * DAY));
    }
}
