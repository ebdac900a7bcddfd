//! How long to think for one move on a running clock: one rule for every clock the program plays
//! on — the web app's computer and the engine command's `go wtime … winc …` — so that the two
//! cannot drift apart.

use arbiter_core::{ClockState, Player, TimeControl};
use std::time::Duration;

/// A 25th of the time left is the share of a move when nothing says how many moves remain.
const MOVES_AHEAD: u64 = 25;
/// The shortest time a search is given, so that it always starts.
const FLOOR: Duration = Duration::from_millis(10);

/// The thinking time for a move with `left` on the clock, `increment` added after every move and,
/// when the clock's period ends after a known number of moves, `moves_to_go` of them.
///
/// A 25th of the time left (or its share of the moves to go, when fewer remain) plus three
/// quarters of the increment; never more than four fifths of the time left, so that an increment
/// larger than what is left cannot make the move lose on time; and at least 10 ms.
pub fn move_time(left: Duration, increment: Duration, moves_to_go: Option<u64>) -> Duration {
    let moves = moves_to_go.map_or(MOVES_AHEAD, |n| (n + 1).min(MOVES_AHEAD)) as u32;
    let wanted = left / moves + increment * 3 / 4;
    wanted.min(left * 4 / 5).max(FLOOR)
}

/// The thinking time of `side` on a running Fischer clock at `now_ms` ([`move_time`] of its time
/// left and the increment); `None` on a stopped clock or by correspondence, whose days are far
/// longer than any search thinks (the agent's own budget then holds).
pub fn clock_move_time(clock: &ClockState, side: Player, now_ms: u64) -> Option<Duration> {
    clock.running_since_ms?;
    match clock.control {
        TimeControl::Fischer { increment_ms, .. } => Some(move_time(
            Duration::from_millis(clock.left_ms(side, side, now_ms)),
            Duration::from_millis(increment_ms),
            None,
        )),
        TimeControl::Correspondence { .. } => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn a_running_fischer_clock_gives_the_time_left_its_share() {
        let mut clock = ClockState::new(TimeControl::Fischer {
            base_ms: 60_000,
            increment_ms: 1_000,
        });
        assert_eq!(clock_move_time(&clock, Player::First, 0), None, "a stopped clock");
        clock.start(0);
        // 10 s into the move, 50 s are left.
        assert_eq!(clock_move_time(&clock, Player::First, 10_000), Some(ms(2_000 + 750)));
        let days = ClockState::new(TimeControl::Correspondence { days: 1 });
        assert_eq!(clock_move_time(&days, Player::First, 0), None);
    }

    #[test]
    fn a_share_of_the_time_left_plus_most_of_the_increment() {
        assert_eq!(move_time(ms(60_000), ms(1_000), None), ms(2_400 + 750));
        assert_eq!(move_time(ms(300_000), ms(0), None), ms(12_000));
    }

    #[test]
    fn never_more_than_four_fifths_of_the_time_left() {
        // An increment larger than the time left would otherwise overstep the clock.
        assert_eq!(move_time(ms(1_000), ms(5_000), None), ms(800));
    }

    #[test]
    fn at_least_ten_milliseconds() {
        assert_eq!(move_time(ms(0), ms(0), None), ms(10));
        assert_eq!(move_time(ms(5), ms(0), None), ms(10));
    }

    #[test]
    fn the_moves_to_go_share_the_time_left() {
        assert_eq!(move_time(ms(10_000), ms(0), Some(4)), ms(2_000));
        // Many moves to go: never less than the usual 25th.
        assert_eq!(move_time(ms(10_000), ms(0), Some(100)), ms(400));
    }
}
