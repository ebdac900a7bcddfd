//! The machine-learning view of every game, through the registry the bindings use: observations
//! have their shape and hold 0/1 values; every legal move has its own action, inside the space,
//! which names it back; step-by-step games play whole turns through step actions.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::collections::HashSet;

const SPECS: [&str; 7] = [
    "void",
    "krux",
    "krux:swap=on",
    "attraction",
    "villawar:size=6",
    "villawar",
    "villawar:size=10",
];

#[test]
fn observations_have_their_shape_and_moves_their_own_actions() {
    let registry = arbiter_games::registry();
    for spec in SPECS {
        let (game, options) = registry.parse_spec(spec).unwrap();
        let mut rng = SmallRng::seed_from_u64(7);
        let mut observation = Vec::new();
        let mut written: std::collections::HashMap<usize, String> = std::collections::HashMap::new();
        for _game in 0..4 {
            let mut s = game.new_session(options, None).unwrap();
            let space = s.num_actions();
            assert!(space > 1, "{spec}");
            for _ply in 0..60 {
                let [p, r, c] = s.observation_shape();
                s.observe(&mut observation);
                assert_eq!(observation.len(), p * r * c, "{spec}");
                assert!(observation.iter().all(|&v| v == 0.0 || v == 1.0), "{spec}");
                assert!(observation.contains(&1.0), "{spec}: pieces are seen");
                if s.ending().is_some() {
                    break;
                }
                if s.is_stepwise() {
                    // A random turn, step by step, through actions only.
                    let mut steps: Vec<String> = Vec::new();
                    loop {
                        let turn = s.step_actions(&steps).unwrap();
                        // The same as the partial turn players see says, as actions.
                        let shown = s.partial_turn(&steps).unwrap().unwrap();
                        let mut expected: Vec<usize> =
                            shown.next.iter().map(|n| s.action_of(&n.token).unwrap()).collect();
                        if shown.can_finish && !shown.won {
                            expected.push(space - 1);
                        }
                        expected.sort_unstable();
                        assert_eq!(turn.actions, expected, "{spec}: after {steps:?}");
                        assert_eq!(turn.won, shown.won, "{spec}: after {steps:?}");
                        let actions = turn.actions;
                        assert!(!actions.is_empty(), "{spec}: a turn can always go on or end");
                        assert!(actions.iter().all(|&a| a < space));
                        let action = actions[rng.random_range(0..actions.len())];
                        match s.move_of_action(action).unwrap() {
                            None => {
                                assert_eq!(action, space - 1, "{spec}: the end of a turn is the last action");
                                break;
                            }
                            Some(step) => {
                                assert_eq!(s.action_of(&step).unwrap(), action, "{spec}: {step}");
                                steps.push(step);
                                if s.step_actions(&steps).unwrap().won {
                                    break;
                                }
                            }
                        }
                        assert!(steps.len() <= 16, "{spec}: turns are short");
                    }
                    let turn = if steps.is_empty() {
                        "-".to_string()
                    } else {
                        steps.join(",")
                    };
                    let mut quiet = s.clone_box();
                    quiet.play_without_notation(&turn).unwrap();
                    s.play(&turn).unwrap_or_else(|e| panic!("{spec}: {turn}: {e}"));
                    assert_eq!(quiet.position(), s.position(), "{spec}: {turn}");
                } else {
                    let moves = s.legal_moves();
                    let actions = s.legal_actions();
                    assert_eq!(actions.len(), moves.len(), "{spec}: one action per move");
                    assert_eq!(
                        actions.iter().copied().collect::<HashSet<_>>().len(),
                        moves.len(),
                        "{spec}"
                    );
                    for mv in &moves {
                        let action = s.action_of(mv).unwrap();
                        assert!(action < space, "{spec}: {mv}");
                        assert_eq!(
                            s.move_of_action(action).unwrap().as_deref(),
                            Some(mv.as_str()),
                            "{spec}"
                        );
                    }
                    // Notation keys: equal keys are written alike in every position of a variant.
                    let mut keys = Vec::new();
                    assert!(s.list_move_keys(&mut keys), "{spec} has notation keys");
                    assert_eq!(keys.len(), moves.len());
                    for (i, &key) in keys.iter().enumerate() {
                        let text = s.listed_notation(i).unwrap();
                        let known = written.entry(key).or_insert_with(|| text.clone());
                        assert_eq!(*known, text, "{spec}: key {key}");
                    }
                    // A listed move is played as the same move played by its notation.
                    let i = rng.random_range(0..moves.len());
                    let mut by_text = s.clone_box();
                    by_text.play(&s.listed_notation(i).unwrap()).unwrap();
                    s.play_listed(i).unwrap();
                    assert_eq!(s.position(), by_text.position(), "{spec}");
                    assert!(s.play_listed(i).is_err(), "{spec}: the list is forgotten once played");
                }
            }
        }
        // Actions outside the space, or naming no legal move, are refused with a reason.
        let s = game.new_session(options, None).unwrap();
        assert!(s.move_of_action(s.num_actions()).is_err(), "{spec}");
        if !s.is_stepwise() {
            let unused = (0..s.num_actions()).find(|a| !s.legal_actions().contains(a)).unwrap();
            assert!(s.move_of_action(unused).is_err(), "{spec}");
        }
    }
}

#[test]
fn planes_put_pieces_where_they_stand() {
    let registry = arbiter_games::registry();
    // Void: Black's flagship on e1 (orbit 1, sector e) is plane 0, row 0, column 4.
    let (void, _) = registry.parse_spec("void").unwrap();
    let s = void.new_session("", Some("F17/5X12/18/18/4f13 b 0")).unwrap();
    let mut out = Vec::new();
    s.observe(&mut out);
    assert_eq!(out[4], 1.0);
    assert_eq!(
        out.iter().take(4 * 90).filter(|&&v| v == 1.0).count(),
        1,
        "one black piece"
    );
    assert_eq!(out[8 * 90], 1.0, "Black to move");
    // Krux: piece 1 on a1 (index 0) in plane 0; the hole d4 (index 24) in plane 11.
    let (krux, _) = registry.parse_spec("krux").unwrap();
    let s = krux.new_session("", None).unwrap();
    s.observe(&mut out);
    assert_eq!(out[0], 1.0);
    assert_eq!(out[11 * 49 + 24], 1.0);
    assert_eq!(s.action_of("@p").unwrap(), 2);
    assert_eq!(s.action_of("a2").unwrap(), 3 + 7);
    assert_eq!(s.move_of_action(346).unwrap(), None, "the end of a turn");

    // Villawar 8×8: White's warrior on b1 (index 1) in plane 1, Black's villager on a8 (index 56)
    // in plane 2, White to move (plane 4 all ones).
    let (villawar, _) = registry.parse_spec("villawar").unwrap();
    let s = villawar.new_session("", Some("v7/8/8/8/8/8/8/1W6 w 0")).unwrap();
    s.observe(&mut out);
    let ones: Vec<usize> = (0..4 * 64).filter(|&i| out[i] == 1.0).collect();
    assert_eq!(ones, vec![64 + 1, 2 * 64 + 56]);
    assert!(out[4 * 64..].iter().all(|&v| v == 1.0), "White to move");
    // White sees its warrior in its own planes (1) and the villager in the opponent's (2);
    // Black sees the board turned: its villager on cell 63 − 56 = 7 of plane 0, the warrior
    // on 63 − 1 = 62 of plane 3.
    use arbiter_core::Player;
    s.observe_as(Player::First, &mut out);
    let ones: Vec<usize> = (0..out.len()).filter(|&i| out[i] == 1.0).collect();
    assert_eq!(ones, vec![64 + 1, 2 * 64 + 56]);
    s.observe_as(Player::Second, &mut out);
    let ones: Vec<usize> = (0..out.len()).filter(|&i| out[i] == 1.0).collect();
    assert_eq!(ones, vec![7, 3 * 64 + 62]);
}

/// Each player's view (for nets with an accumulator per player): its shape, 0/1 values, every
/// piece seen by both players, and fewer inputs changed by a move than in the observation, which
/// has planes for whose turn it is. The starts are symmetric, so both players see the same pieces there.
#[test]
fn each_player_sees_the_position_from_its_side() {
    use arbiter_core::Player;
    let registry = arbiter_games::registry();
    // Planes that show pieces and rings (the same for both players at the start): all but Krux's
    // piece to move, which is the first player's.
    for (spec, symmetric_planes) in [
        ("void", 8),
        ("krux", 9),
        ("krux:swap=on", 9),
        ("attraction", 2),
        ("villawar:size=6", 4),
        ("villawar", 4),
        ("villawar:size=10", 4),
    ] {
        let (game, options) = registry.parse_spec(spec).unwrap();
        let mut rng = SmallRng::seed_from_u64(11);
        let s = game.new_session(options, None).unwrap();
        let [p, r, c] = s.perspective_shape();
        assert!(p > 0 && r * c > 0, "{spec} has views");
        let (mut first, mut second) = (Vec::new(), Vec::new());
        s.observe_as(Player::First, &mut first);
        s.observe_as(Player::Second, &mut second);
        let cells = symmetric_planes * r * c;
        assert_eq!(
            first[..cells],
            second[..cells],
            "{spec}: the start looks the same from both sides"
        );
        let (mut changed, mut plies, mut observed) = (0, 0, 0);
        let mut observation = Vec::new();
        for _game in 0..8 {
            let mut s = game.new_session(options, None).unwrap();
            let mut before: Option<(Vec<f32>, Vec<f32>, Vec<f32>)> = None;
            for _ply in 0..40 {
                s.observe(&mut observation);
                s.observe_as(Player::First, &mut first);
                s.observe_as(Player::Second, &mut second);
                for view in [&first, &second] {
                    assert_eq!(view.len(), p * r * c, "{spec}");
                    assert!(view.iter().all(|&v| v == 0.0 || v == 1.0), "{spec}");
                }
                let seen = |v: &[f32]| v.iter().filter(|&&x| x == 1.0).count();
                assert_eq!(seen(&first), seen(&second), "{spec}: both see every piece");
                if let Some((a, b, o)) = &before {
                    let differ = |x: &[f32], y: &[f32]| x.iter().zip(y).filter(|(u, v)| u != v).count();
                    changed += differ(a, &first) + differ(b, &second);
                    observed += 2 * differ(o, &observation);
                    plies += 2;
                }
                if s.ending().is_some() || s.legal_moves().is_empty() {
                    break;
                }
                before = Some((first.clone(), second.clone(), observation.clone()));
                let moves = s.legal_moves();
                s.play(&moves[rng.random_range(0..moves.len())]).unwrap();
            }
        }
        let (mean, planes) = (changed as f64 / plies as f64, observed as f64 / plies as f64);
        assert!(
            mean <= planes,
            "{spec}: a move changes {mean:.1} inputs of a view, {planes:.1} of the observation, on average"
        );
    }
}
