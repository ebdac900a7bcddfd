//! Finding a puzzle's candidates in an analysed game and verifying its line.

use super::{puzzle_id, Goal, Puzzle, PuzzleSettings, Rejection};
use crate::analysis::{win_chance, GameAnalysis};
use crate::{AgentSpec, Engines, Score};
use arbiter_core::{DynGameType, DynSession, Error};
use std::sync::atomic::{AtomicBool, Ordering};

/// A candidate position in an analysed game: the opponent's move at `ply` (1 for the first move)
/// raised the solver's chance by more than `jump`.
#[derive(Debug, Clone, PartialEq)]
pub struct Candidate {
    /// The number of the opponent's move; the puzzle's position is the analysis's `positions[ply]`.
    pub ply: usize,
    /// The solver's chance before that move.
    pub chance_before: f64,
    /// The solver's chance after it.
    pub chance_after: f64,
}

/// The candidates of an analysed game, first first: every move that left the game going and lost
/// the mover more than `jump` of win chance, or let the opponent prove a win it could not before.
pub fn candidates(game: &GameAnalysis, jump: f64) -> Vec<Candidate> {
    game.moves
        .iter()
        .filter(|m| {
            let (before, after) = (&game.positions[m.ply - 1], &game.positions[m.ply]);
            let proven = matches!(after.score, Score::WinIn(_)) && !matches!(before.score, Score::LossIn(_));
            after.to_move.is_some() && (m.before - m.after > jump || proven)
        })
        .map(|m| Candidate {
            ply: m.ply,
            chance_before: 1.0 - m.before,
            chance_after: 1.0 - m.after,
        })
        .collect()
}

/// One move of the solver's, ranked.
#[derive(Debug, Clone, PartialEq)]
pub struct RankedMove {
    /// The move, in notation.
    pub mv: String,
    /// The solver's win chance after it.
    pub chance: f64,
    /// Does it win the game at once?
    pub wins_at_once: bool,
    /// Did the search prove that it wins (at once or later)?
    pub proven: bool,
    /// The opponent's best reply, by the search that judged it (none when the game is over).
    pub reply: Option<String>,
}

/// Every legal move of the side to move in `session`, judged: each by `screen`, then the best
/// `finalists` and every move `screen` proved a win again by `verify`, those first and best first
/// (a move that wins at once scores 1).
pub fn rank_moves(
    engines: &Engines,
    session: &dyn DynSession,
    screen: &AgentSpec,
    verify: &AgentSpec,
    finalists: usize,
    stop: &AtomicBool,
) -> Result<Vec<RankedMove>, Error> {
    let mover = session.to_move();
    let scale = session.win_chance_scale();
    let judge = |mv: &str, spec: &AgentSpec| -> Result<RankedMove, Error> {
        let mut child = session.clone_box();
        child.play(mv)?;
        if let Some(ending) = child.ending() {
            let won = ending.outcome.winner() == Some(mover);
            let chance = match ending.outcome.winner() {
                Some(w) if w == mover => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            };
            return Ok(RankedMove {
                mv: mv.to_string(),
                chance,
                wins_at_once: won,
                proven: won,
                reply: None,
            });
        }
        let mut agent = engines.agent(session.game(), spec)?;
        let searched = agent.choose(child.as_ref(), stop, &mut |_| {})?;
        let theirs = win_chance(searched.info.score, scale);
        let same_side = child.to_move() == mover;
        let proven = match searched.info.score {
            Score::WinIn(_) => same_side,
            Score::LossIn(_) => !same_side,
            _ => false,
        };
        Ok(RankedMove {
            mv: mv.to_string(),
            chance: if same_side { theirs } else { 1.0 - theirs },
            wins_at_once: false,
            proven,
            reply: Some(searched.best),
        })
    };
    let mut screened = Vec::new();
    for mv in session.legal_moves() {
        if stop.load(Ordering::Relaxed) {
            return Err(Error::Invalid("the puzzle search was stopped".into()));
        }
        screened.push(judge(&mv, screen)?);
    }
    sort_best_first(&mut screened);
    // The finalists: the best few, and every move the cheap search already proved a win.
    let (mut top, mut rest): (Vec<_>, Vec<_>) = screened
        .into_iter()
        .enumerate()
        .partition(|(i, m)| *i < finalists || m.proven);
    let mut ranked = Vec::with_capacity(top.len() + rest.len());
    for (_, m) in top.drain(..) {
        ranked.push(if m.reply.is_some() { judge(&m.mv, verify)? } else { m });
    }
    sort_best_first(&mut ranked);
    ranked.extend(rest.drain(..).map(|(_, m)| m));
    Ok(ranked)
}

fn sort_best_first(moves: &mut [RankedMove]) {
    moves.sort_by(|a, b| {
        b.wins_at_once
            .cmp(&a.wins_at_once)
            .then(b.proven.cmp(&a.proven))
            .then(b.chance.total_cmp(&a.chance))
            .then(a.mv.cmp(&b.mv))
    });
}

/// Verifies the candidate whose position `session` holds (the solver to move): the solution line,
/// what it reaches and the solver's chance at the start — or why there is none.
pub fn verify(
    engines: &Engines,
    session: &dyn DynSession,
    settings: &PuzzleSettings,
    stop: &AtomicBool,
) -> Result<Result<Verified, Rejection>, Error> {
    let mut line: Vec<String> = Vec::new();
    let mut position = session.clone_box();
    let mut chance = 0.0;
    let mut goal = Goal::Advantage;
    let mut made = 0;
    loop {
        let ranked = rank_moves(
            engines,
            position.as_ref(),
            &settings.screen,
            &settings.verify,
            settings.finalists,
            stop,
        )?;
        let Some(best) = ranked.first() else { break };
        let second = ranked.get(1);
        let (only, winning) = if position.scores_predict_results() {
            let second = second.map_or(0.0, |m| m.chance);
            (
                best.wins_at_once || best.chance - second >= settings.only_margin,
                best.chance >= settings.winning,
            )
        } else {
            // Scores mean nothing here: the only move is the only proven win.
            (best.wins_at_once || !second.is_some_and(|m| m.proven), best.proven)
        };
        if made == 0 {
            chance = best.chance;
            if !winning {
                return Ok(Err(Rejection::NotWinning));
            }
            if !only {
                return Ok(Err(Rejection::NoOnlyMove));
            }
        } else if !only || !winning {
            // The line ends with the solver's last unique move: the reply before this step goes.
            line.pop();
            break;
        }
        position.play(&best.mv)?;
        line.push(best.mv.clone());
        made += 1;
        if best.wins_at_once {
            goal = Goal::Win;
            break;
        }
        let Some(reply) = best.reply.clone() else { break };
        if made == settings.max_moves {
            break;
        }
        position.play(&reply)?;
        line.push(reply);
        if position.ending().is_some() {
            line.pop();
            break;
        }
    }
    if goal == Goal::Advantage && !session.scores_predict_results() {
        // Only a win counts where scores predict nothing, and none is reached within the moves.
        return Ok(Err(Rejection::NotWinning));
    }
    Ok(Ok(Verified {
        solution: line,
        goal,
        chance,
    }))
}

/// A verified line.
#[derive(Debug, Clone, PartialEq)]
pub struct Verified {
    /// The solver's moves and the replies, ending with the solver's move.
    pub solution: Vec<String>,
    /// What it reaches.
    pub goal: Goal,
    /// The solver's chance at the start, by the verifying search.
    pub chance: f64,
}

/// The themes the search gives a puzzle: how it is won and how long it is.
pub fn search_themes(solution: &[String], goal: Goal) -> Vec<String> {
    let moves = solution.len().div_ceil(2);
    let mut themes = vec![match goal {
        Goal::Win => format!("win-in-{moves}"),
        Goal::Advantage => "advantage".to_string(),
    }];
    themes.push(match moves {
        1 => "one-move".into(),
        2 => "short".into(),
        _ => "long".into(),
    });
    themes
}

/// The puzzles of one analysed game: each candidate verified. `seen` holds the positions already
/// made puzzles (a duplicate is rejected); `source` names the game in the puzzles; `options` are the
/// puzzles' (the game's without a ply limit added for self-play).
#[allow(clippy::too_many_arguments)]
pub fn puzzles_of_game(
    engines: &Engines,
    game_type: &dyn DynGameType,
    options: &str,
    game: &GameAnalysis,
    settings: &PuzzleSettings,
    source: &str,
    seen: &mut std::collections::HashSet<String>,
    stop: &AtomicBool,
) -> Result<Vec<Result<Puzzle, Rejection>>, Error> {
    let mut out = Vec::new();
    for c in candidates(game, settings.jump) {
        let before = &game.positions[c.ply - 1];
        let at = &game.positions[c.ply];
        if !seen.insert(at.position.clone()) {
            out.push(Err(Rejection::Duplicate));
            continue;
        }
        let position = game_type.new_session(options, Some(&at.position))?;
        if position.legal_moves().len() < 2 {
            out.push(Err(Rejection::Forced));
            continue;
        }
        match verify(engines, position.as_ref(), settings, stop)? {
            Err(r) => out.push(Err(r)),
            // As lichess-puzzler: an advantage is a puzzle only where the mistake gave it.
            Ok(v) if v.goal == Goal::Advantage && c.chance_before >= settings.winning => {
                out.push(Err(Rejection::AlreadyWinning))
            }
            Ok(Verified { solution, goal, chance }) => {
                let mut themes: Vec<String> = position
                    .puzzle_themes(&solution)?
                    .into_iter()
                    .map(str::to_string)
                    .collect();
                themes.extend(search_themes(&solution, goal));
                let solver = position.to_move();
                out.push(Ok(Puzzle {
                    id: puzzle_id(&game.game, options, &at.position, &solution),
                    game: game.game.clone(),
                    options: options.to_string(),
                    before: before.position.clone(),
                    mistake: game.moves[c.ply - 1].played.clone(),
                    position: at.position.clone(),
                    solver: position.player_name(solver).to_string(),
                    solution,
                    goal,
                    chance_before: c.chance_before,
                    chance,
                    themes,
                    source: source.to_string(),
                    ply: c.ply,
                }));
            }
        }
    }
    Ok(out)
}
