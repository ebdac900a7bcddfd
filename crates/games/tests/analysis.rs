//! The analysis of games (`arbiter_ai::analysis`) over every game: the same record gives the same
//! marks twice; every position and move is accounted for; the best move loses nothing; a move that
//! hands the opponent a win at once is a blunder; cancelling stops it.

use arbiter_ai::analysis::{analyze, win_chance, GameAnalysis, Mark, Thresholds};
use arbiter_ai::{AgentSpec, Score};
use arbiter_core::DynSession;
use std::sync::atomic::AtomicBool;

fn run(game: &str, session: &dyn DynSession, spec: &str) -> GameAnalysis {
    let spec: AgentSpec = spec.parse().unwrap();
    analyze(
        &arbiter_games::engines(),
        session,
        &spec,
        Thresholds::default(),
        &AtomicBool::new(false),
        &mut |_| {},
    )
    .unwrap_or_else(|e| panic!("{game}: {e}"))
}

/// A game of `plies` random moves (fewer if it ends), seeded.
fn random_game(game: &str, options: &str, plies: usize, seed: u64) -> Box<dyn DynSession> {
    let registry = arbiter_games::registry();
    let mut session = registry.get(game).unwrap().new_session(options, None).unwrap();
    for i in 0..plies {
        let Some(mv) = session.random_move(seed + i as u64) else {
            break;
        };
        session.play(&mv).unwrap();
    }
    session
}

#[test]
fn scores_read_as_win_chances_and_losses_as_marks() {
    assert_eq!(win_chance(Score::Eval(0), 200.0), 0.5);
    assert!((win_chance(Score::Eval(200), 200.0) - 1.0 / (1.0 + (-1.0f64).exp())).abs() < 1e-12);
    assert!((win_chance(Score::Eval(-200), 200.0) + win_chance(Score::Eval(200), 200.0) - 1.0).abs() < 1e-12);
    assert_eq!(win_chance(Score::WinIn(3), 200.0), 1.0);
    assert_eq!(win_chance(Score::LossIn(2), 200.0), 0.0);
    assert_eq!(win_chance(Score::Draw, 200.0), 0.5);
    assert_eq!(win_chance(Score::WinRate(0.7), 200.0), 0.7);
    let t = Thresholds::default();
    assert_eq!(t.mark(0.049), None);
    assert_eq!(t.mark(0.05), Some(Mark::Inaccuracy));
    assert_eq!(t.mark(0.1), Some(Mark::Mistake));
    assert_eq!(t.mark(0.149), Some(Mark::Mistake));
    assert_eq!(t.mark(0.15), Some(Mark::Blunder));
    assert_eq!(t.mark(1.0), Some(Mark::Blunder));
}

#[test]
fn every_game_is_analysed_the_same_twice_with_every_position_and_move_accounted_for() {
    let registry = arbiter_games::registry();
    for name in registry.names() {
        let game = registry.get(name).unwrap();
        for options in arbiter_games::variants_to_test(game) {
            let session = random_game(name, &options, 12, 7);
            let spec = "alphabeta:nodes=3000";
            let first = run(name, session.as_ref(), spec);
            let again = run(name, session.as_ref(), spec);
            assert_eq!(first, again, "{name}:{options}: two analyses of one game differ");
            let moves = session.moves();
            assert_eq!(first.positions.len(), moves.len() + 1, "{name}:{options}");
            assert_eq!(first.moves.len(), moves.len(), "{name}:{options}");
            for (i, m) in first.moves.iter().enumerate() {
                assert_eq!(m.ply, i + 1);
                assert_eq!(m.played, moves[i], "{name}:{options}: move {}", i + 1);
                assert!(m.loss >= 0.0 && m.loss <= 1.0);
                assert_eq!(m.mark, first.thresholds.mark(m.loss));
                if m.best.as_deref() == Some(m.played.as_str()) {
                    assert_eq!(m.loss, 0.0, "{name}:{options}: the best move lost nothing");
                } else {
                    assert!((m.loss - (m.before - m.after).max(0.0)).abs() < 1e-12);
                }
                let before = &first.positions[i];
                let chance = if Some(&m.mover) == before.to_move.as_ref() && m.mover == first.players[0].player {
                    before.first_chance
                } else {
                    1.0 - before.first_chance
                };
                assert!((chance - m.before).abs() < 1e-12, "{name}:{options}: move {}", m.ply);
            }
            for p in &first.positions {
                assert!((0.0..=1.0).contains(&p.first_chance));
                assert_eq!(p.best.is_some(), p.to_move.is_some());
                if let Some(best) = &p.best {
                    assert_eq!(
                        p.pv.first(),
                        Some(best),
                        "{name}:{options}: the pv starts with the best move"
                    );
                }
            }
            let counted: usize = first.players.iter().map(|p| p.moves).sum();
            assert_eq!(counted, moves.len());
        }
    }
}

#[test]
fn a_finished_game_ends_on_its_result_and_a_move_that_lets_the_opponent_win_at_once_is_a_blunder() {
    let registry = arbiter_games::registry();
    let mut blunders = 0;
    for name in registry.names() {
        let game = registry.get(name).unwrap();
        // Random games until one ends with a move that the winner's opponent need not have made:
        // the last move before the win gave a win in one to the opponent while another move did not.
        'seeds: for seed in 0..12u64 {
            let mut session = game.new_session("", None).unwrap();
            let mut blunder_ply = None;
            for i in 0..300u64 {
                if session.ending().is_some() {
                    break;
                }
                let moves = session.legal_moves();
                // Prefer, for the side to move, a move that gives the opponent a win at once,
                // when another move does not: that is the blunder we look for.
                let gives_win = |mv: &String| {
                    let mut after = session.clone_box();
                    after.play(mv).unwrap();
                    after.ending().is_none()
                        && after.legal_moves().iter().any(|reply| {
                            let mut next = after.clone_box();
                            next.play(reply).unwrap();
                            next.ending().and_then(|e| e.outcome.winner()) == Some(after.to_move())
                                && after.to_move() != session.to_move()
                        })
                };
                if session.ply() >= 6 && moves.len() <= 40 {
                    let (bad, good): (Vec<&String>, Vec<&String>) = moves.iter().partition(|m| gives_win(m));
                    if !bad.is_empty() && !good.is_empty() {
                        session.play(bad[0]).unwrap();
                        blunder_ply = Some(session.ply());
                        break;
                    }
                }
                let mv = session.random_move(seed * 1000 + i).unwrap();
                session.play(&mv).unwrap();
            }
            let Some(ply) = blunder_ply else { continue 'seeds };
            // Only the blunder and the position before it are analysed: a game from that position.
            let mut before = session.clone_box();
            before.undo().unwrap();
            let blunder = session.moves()[ply - 1].clone();
            let mut short = game.new_session(&session.options(), Some(&before.position())).unwrap();
            short.play(&blunder).unwrap();
            let analysis = run(name, short.as_ref(), "alphabeta:nodes=20000");
            let judged = &analysis.moves[0];
            if judged.before < 0.5 {
                continue; // the mover was losing anyway: not a clean case
            }
            assert_eq!(
                judged.mark,
                Some(Mark::Blunder),
                "{name}: move {ply} ({}) gave the opponent a win at once: {judged:?}",
                judged.played
            );
            assert!(judged.after < 0.05, "{name}: {judged:?}");
            blunders += 1;
            break;
        }
    }
    assert!(blunders >= 2, "found a clean blunder in only {blunders} games");
}

#[test]
fn a_finished_game_ends_on_its_result_and_cancelling_stops_an_analysis() {
    let registry = arbiter_games::registry();
    let game = registry.get("void").unwrap();
    let mut session = game.new_session("", None).unwrap();
    for i in 0..600 {
        let Some(mv) = session.random_move(i) else { break };
        session.play(&mv).unwrap();
    }
    let ending = session.ending().expect("a random game of Void ends within 600 plies");
    let analysis = run("void", session.as_ref(), "alphabeta:nodes=500");
    let last = analysis.positions.last().unwrap();
    assert_eq!(last.to_move, None);
    let expected = match ending.outcome.winner() {
        Some(arbiter_core::Player::First) => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    };
    assert_eq!(last.first_chance, expected);

    let stop = AtomicBool::new(true);
    let spec: AgentSpec = "alphabeta:nodes=500".parse().unwrap();
    let cancelled = analyze(
        &arbiter_games::engines(),
        session.as_ref(),
        &spec,
        Thresholds::default(),
        &stop,
        &mut |_| {},
    );
    assert!(cancelled.unwrap_err().to_string().contains("cancelled"));
}
