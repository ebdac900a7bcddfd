//! Game traces of short real games with known answers: what the board pictures, the move
//! descriptions and the step-by-step input say is counted as the report defines it.

use arbiter_core::{EndReason, GameRecord, Player, RecordResult};
use arbiter_report::selfplay::PlayedGame;
use arbiter_report::trace::{trace_game, GameTrace};

fn trace(game: &str, moves: &[&str], result: Option<RecordResult>) -> GameTrace {
    let registry = arbiter_games::registry();
    let game = registry.get(game).unwrap();
    let mut record = game.new_session("", None).unwrap().record();
    record.moves = moves.iter().map(|m| m.to_string()).collect();
    record.result = result;
    let played = PlayedGame {
        index: 0,
        a_first: true,
        opening_plies: 0,
        forfeit: None,
        millis: 0,
        record: GameRecord { ..record },
    };
    trace_game(game, &played, &[0], 1_000).unwrap()
}

#[test]
fn villawar_villagers_jumped_become_warriors() {
    // e1-a5 jumps White's villager on d2, which becomes a warrior; a8-d5 does the same for Black.
    let t = trace("villawar", &["e1-a5", "a8-d5"], None);
    let key = |side: u8| (side, "villager".to_string(), "warrior".to_string());
    assert_eq!(t.changed.get(&key(0)), Some(&1), "{:?}", t.changed);
    assert_eq!(t.changed.get(&key(1)), Some(&1), "{:?}", t.changed);
    assert!(t.lost.is_empty(), "{:?}", t.lost);
    assert_eq!((t.targets, t.target_moves), (2, 2));
    let registry = arbiter_games::registry();
    let mut session = registry.get("villawar").unwrap().new_session("", None).unwrap();
    session.play("e1-a5").unwrap();
    assert_eq!(
        t.branching,
        vec![68, session.legal_moves().len() as u32],
        "68 jumps at the start"
    );
    assert_eq!(t.evals.len(), 2);
    assert_eq!(t.plies, 2);
}

#[test]
fn void_falls_are_counted_by_the_kind_that_fell() {
    // Black's bomber on l5, attacked by White's sweeper, falls two orbits (to l3) but stays on
    // the board: a fall, not a loss.
    let t = trace("void", &["m5-l5", "f4-l4xl5"], None);
    assert_eq!(t.falls, [((0, "bomber".to_string()), 1)].into_iter().collect());
    assert!(t.lost.is_empty(), "{:?}", t.lost);
    assert_eq!(t.targets, 1);
    assert_eq!(t.branching[0], 40);
}

#[test]
fn krux_steps_and_ring_choices() {
    // White: pink ring, then two switches; Black: blue ring, one step.
    let t = trace("krux", &["@p,Xb1,Xc1", "@b,g6"], None);
    assert_eq!(t.steps.get("ring"), Some(&2), "{:?}", t.steps);
    assert_eq!(t.steps.get("switch"), Some(&2), "{:?}", t.steps);
    assert_eq!(t.steps.get("step"), Some(&1), "{:?}", t.steps);
    assert_eq!(t.choices.len(), 2, "{:?}", t.choices);
    let pink = t
        .choices
        .keys()
        .find(|k| k.starts_with("Pink"))
        .expect("the pink ring was chosen");
    assert_eq!(t.choices[pink], 1);
    assert!(t
        .choice_order
        .keys()
        .any(|(side, k, label)| *side == 0 && *k == 1 && label.starts_with("Pink")));
    assert!(t
        .choice_order
        .keys()
        .any(|(side, k, label)| *side == 1 && *k == 1 && label.starts_with("Blue")));
    assert_eq!(t.winning_step, None);
    // The start position was sampled: 647 distinct turns, more token sequences (a lower bound
    // here, with a budget of 1,000 partial turns).
    assert_eq!(t.sequences.len(), 1);
    assert_eq!(t.sequences[0].turns, 647);
    assert!(t.sequences[0].capped && t.sequences[0].sequences > 0);
}

#[test]
fn a_resignation_is_told_as_one() {
    let result = RecordResult {
        winner: Some("white".into()),
        reason: EndReason::Resignation,
        text: None,
    };
    let t = trace("villawar", &["e1-a5"], Some(result));
    assert_eq!(t.winner, Some(Player::First));
    assert_eq!(t.reason, Some(EndReason::Resignation));
    assert_eq!(t.story_pattern.as_deref(), Some("Black resigned. White wins."));
}
