//! The metrics of a report, computed from game traces: balance, draws and endings, duration,
//! branching, the level ladder, lead changes and drama, and the facts each game's own pictures
//! and words give (pieces lost, falls, changes of kind, steps, endings).
//!
//! Lead changes and drama follow Cameron Browne's definitions in *Automatic Generation and
//! Evaluation of Recombination Games* (PhD thesis, Queensland University of Technology, 2008):
//! who leads is read from an evaluation of each position, a lead change is a change of the side
//! ahead, and drama is how far behind the eventual winner was while it trailed.

use crate::selfplay::{Matchup, MatchupKind};
use crate::stats::{Bins, Proportion, Summary};
use crate::trace::{GameTrace, SequenceSample};
use arbiter_core::{EndReason, Player};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The side ahead in a position evaluated `e` from the first player's view: `Some(First)` above
/// zero, `Some(Second)` below, `None` at exactly zero.
pub fn leader(e: f64) -> Option<Player> {
    if e > 0.0 {
        Some(Player::First)
    } else if e < 0.0 {
        Some(Player::Second)
    } else {
        None
    }
}

/// Lead changes of one game: how often the side ahead differs from the side ahead at the last
/// position that had one (positions evaluated exactly level are skipped).
pub fn lead_changes(evals: &[f64]) -> u32 {
    let mut last = None;
    let mut changes = 0;
    for &e in evals {
        if let Some(now) = leader(e) {
            if last.is_some_and(|l| l != now) {
                changes += 1;
            }
            last = Some(now);
        }
    }
    changes
}

/// Lead changes per opportunity: `lead_changes / (positions − 1)`, 0 for games of fewer than two
/// positions (Browne normalises the count by the game's length).
pub fn lead_change_rate(evals: &[f64]) -> f64 {
    if evals.len() < 2 {
        0.0
    } else {
        f64::from(lead_changes(evals)) / (evals.len() - 1) as f64
    }
}

/// The drama of one decided game.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Drama {
    /// The mean deficit of the eventual winner over the positions where it trailed (0 if it never
    /// did): with `v = tanh(e / scale)` the normalised evaluation, the deficit is `|v|` where the
    /// winner's sign disagrees with it.
    pub drama: f64,
    /// The share of positions in which the eventual winner trailed.
    pub trailing: f64,
}

/// Drama of a game won by `winner` (`None` for a draw, which has none), with evaluations
/// normalised by `scale` (`tanh(e / scale)`, so that deficits lie in 0..1).
pub fn drama(evals: &[f64], winner: Option<Player>, scale: f64) -> Option<Drama> {
    let winner = winner?;
    if evals.is_empty() {
        return Some(Drama {
            drama: 0.0,
            trailing: 0.0,
        });
    }
    let sign = if winner == Player::First { 1.0 } else { -1.0 };
    let scale = if scale > 0.0 { scale } else { 1.0 };
    let deficits: Vec<f64> = evals
        .iter()
        .map(|&e| -sign * (e / scale).tanh())
        .filter(|&d| d > 0.0)
        .collect();
    Some(Drama {
        drama: if deficits.is_empty() {
            0.0
        } else {
            deficits.iter().sum::<f64>() / deficits.len() as f64
        },
        trailing: deficits.len() as f64 / evals.len() as f64,
    })
}

/// The evaluation scale of a report: the median of the non-zero absolute evaluations of all its
/// games (1 if there are none), so that `tanh(e / scale) ≈ 0.76` at a typical advantage.
pub fn evaluation_scale(traces: &[&GameTrace]) -> f64 {
    let mut values: Vec<f64> = traces
        .iter()
        .flat_map(|t| t.evals.iter().map(|e| e.abs()).filter(|&e| e > 0.0))
        .collect();
    if values.is_empty() {
        return 1.0;
    }
    values.sort_by(f64::total_cmp);
    crate::stats::quantile(&values, 0.5)
}

/// Wins, draws and losses from one side's view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Outcomes {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

impl Outcomes {
    /// Games counted.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The score (a draw counts half) with its Wilson interval.
    pub fn score(&self) -> Proportion {
        Proportion::wilson(f64::from(self.wins) + 0.5 * f64::from(self.draws), self.games())
    }

    /// Counts one game: `won` is whether this side won it, `None` for a draw.
    fn add(&mut self, won: Option<bool>) {
        match won {
            None => self.draws += 1,
            Some(true) => self.wins += 1,
            Some(false) => self.losses += 1,
        }
    }
}

/// How many games ended for one reason.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ReasonCount {
    /// `board`, `repetition`, `ply_limit`, `resignation` or `time`.
    pub reason: String,
    /// Games won that ended so.
    pub decisive: u32,
    /// Games drawn that ended so.
    pub drawn: u32,
    /// Their share of all games.
    pub share: Proportion,
}

/// Legal moves at one ply over the games that reached it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct PlyBranching {
    /// The ply (0 = the start position).
    pub ply: u32,
    /// Games that reached it.
    pub n: usize,
    /// Mean legal moves.
    pub mean: f64,
    /// Their standard deviation.
    pub sd: f64,
    /// 10th percentile.
    pub p10: f64,
    /// 90th percentile.
    pub p90: f64,
}

/// A count per game, summarised.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Fact {
    /// Which facts it belongs to (`Pieces lost`, `Falls`, …).
    pub group: String,
    /// What is counted (`White flagship`).
    pub name: String,
    /// Its count per game over the matchup's games.
    pub per_game: Summary,
}

/// How often something happened among a matchup's games.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Share {
    /// What (`repel`, an ending's pattern).
    pub name: String,
    /// Games in which it happened, out of the games counted, with the Wilson interval.
    pub share: Proportion,
    /// The numbers of an ending in words, slot by slot, over the games that ended so.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub numbers: Vec<Summary>,
}

/// Every metric of one matchup.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MatchupMetrics {
    /// The matchup.
    pub matchup: Matchup,
    /// Its key (`level1-vs-level3`).
    pub key: String,
    /// For people (`level 3`, `level 1 vs level 3`).
    pub label: String,
    /// For axes (`L3`, `L1-L3`).
    pub short: String,
    /// Side a's agent as played.
    pub a_spec: String,
    /// Side b's agent as played.
    pub b_spec: String,
    /// Whether its games are reproducible from the seed.
    pub deterministic: bool,
    /// Games analysed.
    pub games: u32,
    /// Results from the first player's view.
    pub first: Outcomes,
    /// The first player's score.
    pub first_score: Proportion,
    /// Results from side b's view (the stronger in a ladder matchup).
    pub b: Outcomes,
    /// Side b's score.
    pub b_score: Proportion,
    /// Side b's Elo advantage over a (from the score), and from the interval's ends.
    pub b_elo: [f64; 3],
    /// Drawn games.
    pub draws: Proportion,
    /// Games by ending reason.
    pub reasons: Vec<ReasonCount>,
    /// Plies per game.
    pub plies: Summary,
    /// Plies per game in bins (a bin width that gives at most about 25 bins).
    pub plies_histogram: Bins,
    /// Each game's mean number of legal moves, summarised over games.
    pub branching: Summary,
    /// Legal moves by ply.
    pub branching_by_ply: Vec<PlyBranching>,
    /// Lead changes per game.
    pub lead_changes: Summary,
    /// Lead changes per opportunity, per game.
    pub lead_change_rate: Summary,
    /// Drama per decided game.
    pub drama: Summary,
    /// Share of positions in which the eventual winner trailed, per decided game.
    pub trailing: Summary,
    /// Counts per game read from the game's pictures and moves.
    pub facts: Vec<Fact>,
    /// Step-by-step games: the kind of step that won, over decided games won on the board.
    pub winning_steps: Vec<Share>,
    /// How the games ended, in words (numbers as `#`).
    pub stories: Vec<Share>,
    /// Step-by-step games: sampled positions' turns against token sequences.
    pub sequences: Vec<SequenceSample>,
}

/// The name of an ending reason as in JSON.
pub fn reason_name(reason: EndReason) -> String {
    serde_json::to_value(reason)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_else(|| format!("{reason:?}"))
}

/// Per-game counts of a map-valued trace field, one fact per key seen in any game.
fn facts_of<K: Ord + Clone>(
    traces: &[&GameTrace],
    group: &str,
    field: impl Fn(&GameTrace) -> &BTreeMap<K, u32>,
    name: impl Fn(&K) -> String,
) -> Vec<Fact> {
    let mut keys: Vec<K> = traces.iter().flat_map(|t| field(t).keys().cloned()).collect();
    keys.sort();
    keys.dedup();
    keys.iter()
        .map(|key| Fact {
            group: group.to_string(),
            name: name(key),
            per_game: Summary::of(
                &traces
                    .iter()
                    .map(|t| f64::from(field(t).get(key).copied().unwrap_or(0)))
                    .collect::<Vec<_>>(),
            ),
        })
        .collect()
}

/// Every metric of a matchup from its games' traces. `names` are the sides' names (first,
/// second), `scale` the report's evaluation scale ([`evaluation_scale`]).
pub fn matchup_metrics(
    matchup: Matchup,
    specs: (&str, &str),
    deterministic: bool,
    traces: &[&GameTrace],
    names: [&str; 2],
    scale: f64,
) -> MatchupMetrics {
    let n = traces.len() as u32;
    let (first, b) = outcomes(traces);
    let b_score = b.score();
    let elo = |s: f64| arbiter_ai::elo::elo_of_score(s);
    let plies: Vec<u32> = traces.iter().map(|t| t.plies).collect();
    let dramas: Vec<Drama> = traces
        .iter()
        .filter(|t| t.winner.is_some())
        .filter_map(|t| drama(&t.evals, t.winner, scale))
        .collect();
    let per_game = |f: &dyn Fn(&GameTrace) -> f64| Summary::of(&traces.iter().map(|t| f(t)).collect::<Vec<_>>());
    MatchupMetrics {
        matchup,
        key: matchup.key(),
        label: matchup.label(),
        short: matchup.short(),
        a_spec: specs.0.to_string(),
        b_spec: specs.1.to_string(),
        deterministic,
        games: n,
        first,
        first_score: first.score(),
        b,
        b_score,
        b_elo: [elo(b_score.p), elo(b_score.low), elo(b_score.high)],
        draws: Proportion::wilson(f64::from(first.draws), n),
        reasons: reason_counts(traces),
        plies: Summary::of_counts(&plies),
        plies_histogram: plies_histogram(&plies),
        branching: branching_per_game(traces),
        branching_by_ply: branching_by_ply(traces),
        lead_changes: per_game(&|t| f64::from(lead_changes(&t.evals))),
        lead_change_rate: per_game(&|t| lead_change_rate(&t.evals)),
        drama: Summary::of(&dramas.iter().map(|d| d.drama).collect::<Vec<_>>()),
        trailing: Summary::of(&dramas.iter().map(|d| d.trailing).collect::<Vec<_>>()),
        facts: facts(traces, names),
        winning_steps: winning_steps(traces),
        stories: stories(traces),
        sequences: traces.iter().flat_map(|t| t.sequences.iter().cloned()).collect(),
    }
}

/// The games' results from the first player's view and from side b's (who played first in the
/// games where a did not).
fn outcomes(traces: &[&GameTrace]) -> (Outcomes, Outcomes) {
    let mut first = Outcomes::default();
    let mut b = Outcomes::default();
    for t in traces {
        let b_player = if t.a_first { Player::Second } else { Player::First };
        first.add(t.winner.map(|w| w == Player::First));
        b.add(t.winner.map(|w| w == b_player));
    }
    (first, b)
}

/// Games won and drawn by ending reason, in the reasons' alphabetical order (`unfinished` for a
/// game without one).
fn reason_counts(traces: &[&GameTrace]) -> Vec<ReasonCount> {
    let mut reasons: BTreeMap<String, (u32, u32)> = BTreeMap::new();
    for t in traces {
        let reason = t.reason.map(reason_name).unwrap_or_else(|| "unfinished".into());
        let slot = reasons.entry(reason).or_insert((0, 0));
        if t.winner.is_some() {
            slot.0 += 1;
        } else {
            slot.1 += 1;
        }
    }
    let n = traces.len() as u32;
    reasons
        .into_iter()
        .map(|(reason, (decisive, drawn))| ReasonCount {
            reason,
            decisive,
            drawn,
            share: Proportion::wilson(f64::from(decisive + drawn), n),
        })
        .collect()
}

/// Plies per game in bins, a bin width that gives at most about 25 bins up to the longest game.
fn plies_histogram(plies: &[u32]) -> Bins {
    let longest = plies.iter().copied().max().unwrap_or(0);
    Bins::count(plies, Bins::nice_width(longest, 25), longest)
}

/// Each game's mean number of legal moves over its positions, summarised over the games that
/// have positions.
fn branching_per_game(traces: &[&GameTrace]) -> Summary {
    Summary::of(
        &traces
            .iter()
            .filter(|t| !t.branching.is_empty())
            .map(|t| t.branching.iter().map(|&m| f64::from(m)).sum::<f64>() / t.branching.len() as f64)
            .collect::<Vec<_>>(),
    )
}

/// Legal moves at each ply over the games that reached it, up to the longest game.
fn branching_by_ply(traces: &[&GameTrace]) -> Vec<PlyBranching> {
    let longest = traces.iter().map(|t| t.branching.len()).max().unwrap_or(0);
    (0..longest)
        .map(|ply| {
            let values: Vec<f64> = traces
                .iter()
                .filter_map(|t| t.branching.get(ply).map(|&m| f64::from(m)))
                .collect();
            let s = Summary::of(&values);
            PlyBranching {
                ply: ply as u32,
                n: s.n,
                mean: s.mean,
                sd: s.sd,
                p10: s.p10,
                p90: s.p90,
            }
        })
        .collect()
}

/// Every fact counted per game: the pieces seen in the board pictures, the pieces moves act on,
/// and the steps and choices of step-by-step turns, in that order. `names` name the sides.
fn facts(traces: &[&GameTrace], names: [&str; 2]) -> Vec<Fact> {
    let mut facts = piece_facts(traces, names);
    facts.extend(target_facts(traces));
    facts.extend(step_facts(traces, names));
    facts
}

/// The side a trace's side number stands for (anything past the second counts as the second).
fn side_name(names: [&str; 2], side: u8) -> &str {
    names[usize::from(side.min(1))]
}

/// Pieces lost, fallen and changed in kind, per kind of piece of each side.
fn piece_facts(traces: &[&GameTrace], names: [&str; 2]) -> Vec<Fact> {
    let side = |s: &u8| side_name(names, *s);
    let mut facts = facts_of(
        traces,
        "Pieces lost per game",
        |t| &t.lost,
        |(s, k)| format!("{} {k}", side(s)),
    );
    facts.extend(facts_of(
        traces,
        "Pieces that fell per game",
        |t| &t.falls,
        |(s, k)| format!("{} {k}", side(s)),
    ));
    facts.extend(facts_of(
        traces,
        "Pieces that changed kind per game",
        |t| &t.changed,
        |(s, from, to)| format!("{} {from} → {to}", side(s)),
    ));
    facts
}

/// The pieces moves attacked, captured, pushed or converted, and the moves that did so; none
/// for games whose moves never name such cells.
fn target_facts(traces: &[&GameTrace]) -> Vec<Fact> {
    if !traces.iter().any(|t| t.targets > 0) {
        return Vec::new();
    }
    let per_game =
        |f: &dyn Fn(&GameTrace) -> u32| Summary::of(&traces.iter().map(|t| f64::from(f(t))).collect::<Vec<_>>());
    vec![
        Fact {
            group: "Moves acting on other pieces per game".into(),
            name: "pieces attacked, captured, pushed or converted".into(),
            per_game: per_game(&|t| t.targets),
        },
        Fact {
            group: "Moves acting on other pieces per game".into(),
            name: "moves that do so".into(),
            per_game: per_game(&|t| t.target_moves),
        },
    ]
}

/// Step-by-step games: steps by kind, choices made by button, and those choices by side and order.
fn step_facts(traces: &[&GameTrace], names: [&str; 2]) -> Vec<Fact> {
    let mut facts = facts_of(traces, "Steps per game, by kind", |t| &t.steps, |k| k.clone());
    facts.extend(facts_of(
        traces,
        "Choices made by button per game",
        |t| &t.choices,
        |k| k.clone(),
    ));
    facts.extend(facts_of(
        traces,
        "Choices made by button, by side and order",
        |t| &t.choice_order,
        |(s, k, label)| format!("{} choice {k}: {label}", side_name(names, *s)),
    ));
    facts
}

/// The kind of step that won, over the games won on the board by a known step; most frequent first.
fn winning_steps(traces: &[&GameTrace]) -> Vec<Share> {
    let board_wins: Vec<&&GameTrace> = traces
        .iter()
        .filter(|t| t.winner.is_some() && t.reason == Some(EndReason::Board) && t.winning_step.is_some())
        .collect();
    let mut winning: BTreeMap<String, u32> = BTreeMap::new();
    for t in &board_wins {
        *winning.entry(t.winning_step.clone().unwrap_or_default()).or_insert(0) += 1;
    }
    let mut steps: Vec<Share> = winning
        .into_iter()
        .map(|(name, k)| Share {
            name,
            share: Proportion::wilson(f64::from(k), board_wins.len() as u32),
            numbers: Vec::new(),
        })
        .collect();
    steps.sort_by(|x, y| y.share.successes.total_cmp(&x.share.successes));
    steps
}

/// How the games ended in words: each pattern's share of all games and the means of its numbers
/// slot by slot (over the slots every such game has); most frequent first.
fn stories(traces: &[&GameTrace]) -> Vec<Share> {
    let mut by_pattern: BTreeMap<String, Vec<&Vec<f64>>> = BTreeMap::new();
    for t in traces {
        if let Some(p) = &t.story_pattern {
            by_pattern.entry(p.clone()).or_default().push(&t.story_numbers);
        }
    }
    let n = traces.len() as u32;
    let mut stories: Vec<Share> = by_pattern
        .into_iter()
        .map(|(name, numbers)| {
            let slots = numbers.iter().map(|v| v.len()).min().unwrap_or(0);
            Share {
                name,
                share: Proportion::wilson(numbers.len() as f64, n),
                numbers: (0..slots)
                    .map(|i| Summary::of(&numbers.iter().map(|v| v[i]).collect::<Vec<_>>()))
                    .collect(),
            }
        })
        .collect();
    stories.sort_by(|x, y| y.share.successes.total_cmp(&x.share.successes));
    stories
}

/// Is this matchup self-play (balance) rather than a ladder step?
pub fn is_self_play(m: &MatchupMetrics) -> bool {
    m.matchup.kind == MatchupKind::SelfPlay
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::selfplay::Contender;

    fn trace(winner: Option<Player>, a_first: bool, plies: u32, evals: &[f64]) -> GameTrace {
        GameTrace {
            plies,
            winner,
            a_first,
            reason: Some(if winner.is_some() {
                EndReason::Board
            } else {
                EndReason::PlyLimit
            }),
            evals: evals.to_vec(),
            branching: (0..plies).map(|p| 10 + p).collect(),
            ..GameTrace::default()
        }
    }

    #[test]
    fn lead_changes_skip_level_positions() {
        let evals = [1.0, 2.0, -1.0, -3.0, 0.0, 2.0];
        assert_eq!(lead_changes(&evals), 2);
        assert!((lead_change_rate(&evals) - 0.4).abs() < 1e-12);
        assert_eq!(lead_changes(&[0.0, 0.0, 5.0]), 0);
        assert_eq!(lead_changes(&[]), 0);
        assert_eq!(lead_change_rate(&[3.0]), 0.0);
        assert_eq!(lead_changes(&[1.0, -1.0, 1.0, -1.0]), 3);
    }

    #[test]
    fn drama_measures_the_winners_deficits() {
        let evals = [1.0, 2.0, -1.0, -3.0, 0.0, 2.0];
        let d = drama(&evals, Some(Player::First), 1.0).unwrap();
        let expected = (1f64.tanh() + 3f64.tanh()) / 2.0;
        assert!((d.drama - expected).abs() < 1e-12, "{d:?}");
        assert!((d.trailing - 2.0 / 6.0).abs() < 1e-12);
        // The second player won: it trailed where the first led.
        let d = drama(&evals, Some(Player::Second), 2.0).unwrap();
        let expected = (0.5f64.tanh() + 1f64.tanh() + 1f64.tanh()) / 3.0;
        assert!((d.drama - expected).abs() < 1e-12, "{d:?}");
        assert!((d.trailing - 0.5).abs() < 1e-12);
        // A winner always ahead: no drama. A draw has none to measure.
        assert_eq!(drama(&[1.0, 2.0], Some(Player::First), 1.0).unwrap().drama, 0.0);
        assert_eq!(drama(&evals, None, 1.0), None);
    }

    #[test]
    fn the_scale_is_the_median_absolute_evaluation() {
        let a = trace(None, true, 3, &[0.0, -4.0, 2.0]);
        let b = trace(None, true, 2, &[1.0, 8.0]);
        assert_eq!(evaluation_scale(&[&a, &b]), 3.0);
        assert_eq!(evaluation_scale(&[]), 1.0);
    }

    /// Ten games with known answers: the first player wins 6, the second 2, two are drawn at the
    /// ply limit; b (the stronger side) played second in the odd games.
    #[test]
    fn matchup_metrics_on_a_known_set() {
        let mut traces = Vec::new();
        for i in 0..10u32 {
            let a_first = i % 2 == 0;
            let winner = match i {
                0..=5 => Some(Player::First),
                6 | 7 => Some(Player::Second),
                _ => None,
            };
            traces.push(trace(winner, a_first, 10 + i, &[1.0, -1.0, 1.0]));
        }
        let refs: Vec<&GameTrace> = traces.iter().collect();
        let matchup = Matchup {
            kind: MatchupKind::Ladder,
            a: Contender::Level(1),
            b: Contender::Level(3),
        };
        let m = matchup_metrics(matchup, ("x", "y"), true, &refs, ["white", "black"], 1.0);
        assert_eq!(m.games, 10);
        assert_eq!(
            m.first,
            Outcomes {
                wins: 6,
                draws: 2,
                losses: 2
            }
        );
        assert!((m.first_score.p - 0.7).abs() < 1e-12);
        assert_eq!(m.first_score, Proportion::wilson(7.0, 10));
        // b played first in games 1, 3, 5 (won), second in 6 (won) and 7 (lost: first won).
        // Games: 0 a first, first wins → a; 1 b first, wins → b; 2 → a; 3 → b; 4 → a; 5 → b;
        // 6 a first, second wins → b; 7 b first, second wins → a; 8, 9 drawn.
        assert_eq!(
            m.b,
            Outcomes {
                wins: 4,
                draws: 2,
                losses: 4
            }
        );
        assert!(m.b_elo[0].abs() < 1e-9);
        assert_eq!(m.draws, Proportion::wilson(2.0, 10));
        assert_eq!(m.reasons.len(), 2);
        assert_eq!((m.reasons[0].reason.as_str(), m.reasons[0].decisive), ("board", 8));
        assert_eq!((m.reasons[1].reason.as_str(), m.reasons[1].drawn), ("ply_limit", 2));
        assert_eq!(m.plies.mean, 14.5);
        assert_eq!(m.plies.median, 14.5);
        assert_eq!(m.plies_histogram.width, 1);
        assert_eq!(m.plies_histogram.counts, [vec![0; 10], vec![1; 10]].concat());
        assert_eq!(m.branching_by_ply[0].n, 10);
        assert_eq!(m.branching_by_ply[0].mean, 10.0);
        assert_eq!(m.branching_by_ply[19 - 1].n, 1);
        assert_eq!(m.lead_changes.mean, 2.0);
        assert_eq!(m.drama.n, 8);
        // Winners first: trailing at the middle position (1 of 3); second: at two of 3.
        assert!((m.trailing.mean - (6.0 / 3.0 + 2.0 * 2.0 / 3.0) / 8.0).abs() < 1e-12);
        assert!((m.drama.mean - 1f64.tanh()).abs() < 1e-12);
    }
}
