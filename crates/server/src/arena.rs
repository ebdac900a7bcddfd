//! The rules of an arena tournament, apart from storage and HTTP: how games score (2 a win, 1 a
//! draw, 0 a loss; doubled while a player is on a streak after two wins in a row, as lichess's
//! arenas do) and who plays whom as soon as players are free. Pure functions, so that the standings
//! a server shows can be recomputed from the stored games by anyone.

use crate::player::PlayerId;
use arbiter_core::Player;
use std::collections::HashMap;

/// Points for a win and a draw (a loss scores nothing); doubled on a streak.
pub const WIN_POINTS: i64 = 2;
/// See [`WIN_POINTS`].
pub const DRAW_POINTS: i64 = 1;

/// Wins in a row that put a player on a streak: their next games count double until one is not won.
pub const STREAK_WINS: u32 = 2;

/// How long two free players wait for someone else before they play each other twice in a row
/// (when nobody else could come free, they play at once).
pub const REPEAT_WAIT_S: i64 = 10;

/// How a game of the tournament ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ArenaOutcome {
    /// That side won.
    Win(Player),
    /// A draw.
    Draw,
}

impl ArenaOutcome {
    /// The outcome as the store's `outcome` column keeps it (`first`, `second`, `draw`).
    pub fn parse(text: &str) -> Option<ArenaOutcome> {
        match text {
            "first" => Some(ArenaOutcome::Win(Player::First)),
            "second" => Some(ArenaOutcome::Win(Player::Second)),
            "draw" => Some(ArenaOutcome::Draw),
            _ => None,
        }
    }
}

/// A game of the tournament as the arena counts it, in pairing order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArenaGame {
    /// Who played each side, by [`Player::index`].
    pub players: [PlayerId; 2],
    /// `None` while it goes on.
    pub outcome: Option<ArenaOutcome>,
}

/// A player's line in the standings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standing {
    /// The player.
    pub player: PlayerId,
    /// The points so far.
    pub score: i64,
    /// Finished games, won, drawn and lost.
    pub games: u32,
    /// See `games`.
    pub wins: u32,
    /// See `games`.
    pub draws: u32,
    /// See `games`.
    pub losses: u32,
    /// On a streak: the next game counts double.
    pub fire: bool,
    /// Each finished game's points, oldest first.
    pub points: Vec<i64>,
    /// The game they are playing, by its index in the games given.
    pub playing: Option<usize>,
}

impl Standing {
    /// A player with no game yet.
    fn new(player: PlayerId) -> Standing {
        Standing {
            player,
            score: 0,
            games: 0,
            wins: 0,
            draws: 0,
            losses: 0,
            fire: false,
            points: Vec::new(),
            playing: None,
        }
    }
}

/// The standings of everyone who joined (`entrants`, in the order they joined) after `games` (in
/// pairing order; a player's games are one after another, so this is each player's order too):
/// best score first, then most wins, then who joined first.
pub fn standings(entrants: &[PlayerId], games: &[ArenaGame]) -> Vec<Standing> {
    let mut lines: Vec<Standing> = entrants.iter().cloned().map(Standing::new).collect();
    let mut index: HashMap<PlayerId, usize> = entrants.iter().enumerate().map(|(i, p)| (p.clone(), i)).collect();
    let mut run: Vec<u32> = vec![0; lines.len()];
    for (g, game) in games.iter().enumerate() {
        for side in [Player::First, Player::Second] {
            let player = &game.players[side.index()];
            let i = *index.entry(player.clone()).or_insert_with(|| {
                // A player whose entry is missing (it cannot be joined without one) still counts.
                lines.push(Standing::new(player.clone()));
                run.push(0);
                lines.len() - 1
            });
            let line = &mut lines[i];
            let Some(outcome) = game.outcome else {
                line.playing = Some(g);
                continue;
            };
            let factor = if run[i] >= STREAK_WINS { 2 } else { 1 };
            let points = match outcome {
                ArenaOutcome::Win(winner) if winner == side => {
                    line.wins += 1;
                    run[i] += 1;
                    WIN_POINTS * factor
                }
                ArenaOutcome::Win(_) => {
                    line.losses += 1;
                    run[i] = 0;
                    0
                }
                ArenaOutcome::Draw => {
                    line.draws += 1;
                    run[i] = 0;
                    DRAW_POINTS * factor
                }
            };
            line.games += 1;
            line.score += points;
            line.points.push(points);
            line.fire = run[i] >= STREAK_WINS;
        }
    }
    // A stable sort keeps the order of joining among equals.
    lines.sort_by(|a, b| b.score.cmp(&a.score).then(b.wins.cmp(&a.wins)));
    lines
}

/// A free player waiting for a game, as pairing sees them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Waiting {
    /// The player.
    pub player: PlayerId,
    /// Their place in the standings (0: the leader): players of similar rank meet.
    pub rank: usize,
    /// Whom they played last.
    pub last_opponent: Option<PlayerId>,
    /// The side they played last.
    pub last_side: Option<Player>,
    /// Games with the first side minus games with the second: sides are evened out.
    pub balance: i64,
    /// How long they have been free, in seconds.
    pub waited_s: i64,
}

/// A player's history for pairing: their last opponent and side, and their sides' balance.
pub fn history(player: &PlayerId, games: &[ArenaGame]) -> (Option<PlayerId>, Option<Player>, i64) {
    let mut last = (None, None);
    let mut balance = 0;
    for game in games {
        for side in [Player::First, Player::Second] {
            if &game.players[side.index()] == player {
                last = (Some(game.players[side.opponent().index()].clone()), Some(side));
                balance += if side == Player::First { 1 } else { -1 };
            }
        }
    }
    (last.0, last.1, balance)
}

/// Pairs free players, best ranked first, each with the nearest in rank who was not their last
/// opponent; two who just played each other meet again only when nobody else could come free
/// (`others_playing` is false) or both waited [`REPEAT_WAIT_S`]. Each pair is `[first side, second
/// side]`: the side goes to whoever had it less, then to whoever did not have it last time.
pub fn pairings(waiting: &[Waiting], others_playing: bool) -> Vec<[PlayerId; 2]> {
    let mut order: Vec<&Waiting> = waiting.iter().collect();
    order.sort_by_key(|w| w.rank);
    let mut taken = vec![false; order.len()];
    let mut pairs = Vec::new();
    for i in 0..order.len() {
        if taken[i] {
            continue;
        }
        let a = order[i];
        let met =
            |b: &Waiting| a.last_opponent.as_ref() == Some(&b.player) || b.last_opponent.as_ref() == Some(&a.player);
        let fresh = (i + 1..order.len()).find(|&j| !taken[j] && !met(order[j]));
        let partner = fresh.or_else(|| {
            (i + 1..order.len()).find(|&j| {
                !taken[j] && (!others_playing || (a.waited_s >= REPEAT_WAIT_S && order[j].waited_s >= REPEAT_WAIT_S))
            })
        });
        let Some(j) = partner else { continue };
        taken[i] = true;
        taken[j] = true;
        pairs.push(sides(a, order[j]));
    }
    pairs
}

/// Who of two plays first.
fn sides(a: &Waiting, b: &Waiting) -> [PlayerId; 2] {
    let a_first = match a.balance.cmp(&b.balance) {
        std::cmp::Ordering::Less => true,
        std::cmp::Ordering::Greater => false,
        std::cmp::Ordering::Equal => !(a.last_side == Some(Player::First) && b.last_side != Some(Player::First)),
    };
    if a_first {
        [a.player.clone(), b.player.clone()]
    } else {
        [b.player.clone(), a.player.clone()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(name: &str) -> PlayerId {
        PlayerId(name.to_string())
    }

    fn game(first: &str, second: &str, outcome: Option<ArenaOutcome>) -> ArenaGame {
        ArenaGame {
            players: [p(first), p(second)],
            outcome,
        }
    }

    const FIRST: Option<ArenaOutcome> = Some(ArenaOutcome::Win(Player::First));
    const SECOND: Option<ArenaOutcome> = Some(ArenaOutcome::Win(Player::Second));
    const DRAW: Option<ArenaOutcome> = Some(ArenaOutcome::Draw);

    #[test]
    fn two_wins_in_a_row_double_what_follows_until_a_game_is_not_won() {
        let games = [
            game("a", "b", FIRST),  // a 2
            game("c", "a", SECOND), // a 2: on fire
            game("a", "b", FIRST),  // a 4
            game("b", "a", DRAW),   // a 2 (a draw doubled), the streak ends
            game("a", "c", FIRST),  // a 2
            game("c", "a", None),   // playing
        ];
        let lines = standings(&[p("a"), p("b"), p("c")], &games);
        let a = &lines[0];
        assert_eq!(a.player, p("a"));
        assert_eq!(a.points, vec![2, 2, 4, 2, 2]);
        assert_eq!((a.score, a.games, a.wins, a.draws, a.losses), (12, 5, 4, 1, 0));
        assert!(!a.fire, "one win after the draw");
        assert_eq!(a.playing, Some(5));
        let b = lines.iter().find(|l| l.player == p("b")).unwrap();
        assert_eq!((b.score, b.points.clone()), (1, vec![0, 0, 1]));
        // A loss on a streak ends it and scores nothing.
        let lines = standings(
            &[p("x"), p("y")],
            &[game("x", "y", FIRST), game("x", "y", FIRST), game("y", "x", FIRST)],
        );
        let x = lines.iter().find(|l| l.player == p("x")).unwrap();
        assert_eq!((x.points.clone(), x.fire), (vec![2, 2, 0], false));
    }

    #[test]
    fn standings_rank_score_then_wins_then_who_joined_first() {
        let games = [game("b", "c", DRAW), game("d", "a", FIRST)];
        let lines = standings(&[p("a"), p("b"), p("c"), p("d")], &games);
        let order: Vec<&str> = lines.iter().map(|l| l.player.0.as_str()).collect();
        assert_eq!(order, ["d", "b", "c", "a"]);
    }

    fn waiting(name: &str, rank: usize, last: Option<&str>, waited_s: i64) -> Waiting {
        Waiting {
            player: p(name),
            rank,
            last_opponent: last.map(p),
            last_side: None,
            balance: 0,
            waited_s,
        }
    }

    #[test]
    fn neighbours_in_rank_meet_but_not_twice_in_a_row_when_avoidable() {
        let free = [
            waiting("a", 0, Some("b"), 0),
            waiting("b", 1, Some("a"), 0),
            waiting("c", 2, None, 0),
            waiting("d", 3, None, 0),
        ];
        assert_eq!(pairings(&free, true), vec![[p("a"), p("c")], [p("b"), p("d")]]);
        // Only the two who just met are free: they wait for the others while someone plays...
        let two = [waiting("a", 0, Some("b"), 3), waiting("b", 1, Some("a"), 3)];
        assert!(pairings(&two, true).is_empty());
        // ...not for ever,
        let long = [waiting("a", 0, Some("b"), 10), waiting("b", 1, Some("a"), 12)];
        assert_eq!(pairings(&long, true).len(), 1);
        // and not at all when nobody else could come free.
        assert_eq!(pairings(&two, false).len(), 1);
        // An odd one out waits.
        assert_eq!(pairings(&free[..3], true).len(), 1);
    }

    #[test]
    fn sides_even_out() {
        let mut a = waiting("a", 0, None, 0);
        let mut b = waiting("b", 1, None, 0);
        a.balance = 1;
        assert_eq!(pairings(&[a.clone(), b.clone()], true), vec![[p("b"), p("a")]]);
        a.balance = 0;
        a.last_side = Some(Player::First);
        b.last_side = Some(Player::Second);
        assert_eq!(pairings(&[a, b], true), vec![[p("b"), p("a")]]);
        let games = [game("a", "b", FIRST), game("c", "a", DRAW), game("a", "c", None)];
        assert_eq!(history(&p("a"), &games), (Some(p("c")), Some(Player::First), 1));
        assert_eq!(history(&p("z"), &games), (None, None, 0));
    }
}
