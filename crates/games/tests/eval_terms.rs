//! Every game whose evaluation lists weighted terms (for `arbiter tune`) evaluates exactly the
//! sum of its terms times its weights, in every position of random games: what the tuner fits is
//! what the search uses.

use arbiter_core::DynGameType;

/// The evaluation the weights predict, rounded toward zero and clamped as the games do.
fn predicted(weights: &[(&str, f64)], terms: &[f64]) -> i64 {
    let sum: f64 = weights.iter().zip(terms).map(|((_, w), t)| w * t).sum();
    (sum.trunc() as i64).clamp(-1000, 1000)
}

fn check(game: &dyn DynGameType, options: &str) -> usize {
    let weights = game.eval_weights();
    let mut positions = 0;
    for seed in 0..30u64 {
        let mut session = game.new_session(options, None).unwrap();
        while session.ending().is_none() && session.ply() < 200 {
            let mut terms = Vec::new();
            session.eval_terms(&mut terms);
            assert_eq!(terms.len(), weights.len(), "{} {options}", game.name());
            if !weights.is_empty() {
                let evaluation = i64::from(session.evaluate());
                let expected = predicted(weights, &terms);
                // Attraction and Villawar keep ±1000 for finished games and clamp the rest to ±999.
                assert!(
                    (evaluation - expected).abs() <= 1,
                    "{} {options} at {}: evaluate {evaluation}, weights × terms {expected} ({terms:?})",
                    game.name(),
                    session.position()
                );
                positions += 1;
            }
            let mv = session.random_move(seed * 1000 + session.ply() as u64).unwrap();
            session.play(&mv).unwrap();
        }
    }
    positions
}

#[test]
fn tunable_evaluations_are_their_terms_times_their_weights() {
    let registry = arbiter_games::registry();
    let mut tunable = Vec::new();
    for name in registry.names() {
        let game = registry.get(name).unwrap();
        let options: &[&str] = if name == "villawar" {
            &["size=6", "", "size=10"]
        } else {
            &[""]
        };
        for o in options {
            let positions = check(game, o);
            if positions > 0 {
                tunable.push(format!("{name} {o}").trim().to_string());
            }
        }
    }
    assert_eq!(
        tunable,
        ["void", "attraction", "villawar size=6", "villawar", "villawar size=10"]
    );
}
