//! The swap rule (`swap=on`, `arbiter_core::swap`) on every game, through the registry and the
//! engines as every interface reaches it: the move counts it adds, what a swap does to the sides,
//! their names, records and undo, and the computer's choice to swap or not.

use arbiter_ai::{AgentSpec, Score};
use arbiter_core::{DynGameType, DynSession, EndReason, Player};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

fn each_game(mut test: impl FnMut(&str, &dyn DynGameType)) {
    let registry = arbiter_games::registry();
    for name in registry.names() {
        test(name, registry.get(name).unwrap());
    }
}

#[test]
fn the_swap_is_one_more_move_at_the_second_ply_only() {
    each_game(|name, game| {
        let depths = if name == "krux" { 2 } else { 3 };
        let plain: Vec<u64> = (0..=depths).map(|d| game.perft("", None, d).unwrap()).collect();
        for d in 1..=depths {
            let expected = if d == 1 { plain[1] } else { plain[d] + plain[d - 1] };
            assert_eq!(
                game.perft("swap=on", None, d).unwrap(),
                expected,
                "{name}: perft {d} with the swap rule is perft {d} plus, for the swap at ply 2, perft {}",
                d - 1
            );
        }
    });
}

/// The position string without the swap's field.
fn board(session: &dyn DynSession) -> String {
    let text = session.position();
    for field in [" swap:next", " swap:now", " swapped"] {
        if let Some(board) = text.strip_suffix(field) {
            return board.to_string();
        }
    }
    text
}

#[test]
fn a_swap_exchanges_the_sides_keeps_the_board_and_is_recorded_and_undone() {
    each_game(|name, game| {
        let plain = game.new_session("", None).unwrap();
        let [white, black] = [Player::First, Player::Second].map(|p| plain.player_name(p));
        let mut s = game.new_session("swap=on", None).unwrap();
        assert_eq!(s.options(), "swap=on", "{name}");
        assert!(s.position().ends_with(" swap:next"), "{name}: {}", s.position());
        assert_eq!(board(s.as_ref()), plain.position(), "{name}");
        assert!(
            !s.legal_moves().contains(&"swap".to_string()),
            "{name}: no swap before a move"
        );
        let refused = s.play("swap").unwrap_err().to_string();
        assert!(refused.contains("only open to the second player"), "{name}: {refused}");

        let first = s.legal_moves()[0].clone();
        s.play(&first).unwrap();
        assert!(s.position().ends_with(" swap:now"), "{name}");
        assert_eq!(s.legal_moves().last().map(String::as_str), Some("swap"), "{name}");
        assert_eq!(s.to_move(), Player::Second, "{name}");
        let mut answered = plain.clone_box();
        answered.play(&first).unwrap();
        let mut expected = answered.legal_moves();
        expected.push("swap".into());
        assert_eq!(s.legal_moves(), expected, "{name}: the game's answers, and the swap");

        assert_eq!(s.play("SWAP ").unwrap(), "swap", "{name}: the notation is canonical");
        assert!(s.position().ends_with(" swapped"), "{name}");
        assert_eq!(board(s.as_ref()), answered.position(), "{name}: the board stays");
        assert_eq!(s.to_move(), Player::First, "{name}: the first player moves again");
        assert_eq!(s.player_name(Player::First), black, "{name}: and now plays {black}");
        assert_eq!(s.player_name(Player::Second), white, "{name}");
        assert_eq!(s.parse_player(white), Some(Player::Second), "{name}");
        assert_eq!(
            s.legal_moves(),
            answered.legal_moves(),
            "{name}: {black}'s moves, for the first player"
        );
        assert!(s.play("swap").is_err(), "{name}: one swap only");

        for _ in 0..2 {
            let mv = s.legal_moves()[0].clone();
            s.play(&mv).unwrap();
        }
        s.resign(Player::First).unwrap();
        let ending = s.ending().unwrap();
        assert_eq!(ending.outcome.winner(), Some(Player::Second), "{name}");
        let record = s.record();
        assert_eq!(record.moves[..2], [first.clone(), "swap".to_string()], "{name}");
        let result = record.result.clone().unwrap();
        assert_eq!(
            result.winner.as_deref(),
            Some(white),
            "{name}: the second player won with {white}"
        );
        assert_eq!(result.reason, EndReason::Resignation);
        assert_eq!(
            result.text.as_deref(),
            Some(format!("{} resigned. {} wins.", capital(black), capital(white)).as_str()),
            "{name}"
        );
        let replayed = game.load_record(&record).unwrap();
        assert_eq!(replayed.position(), s.position(), "{name}: the record replays");
        assert_eq!(replayed.ending(), s.ending(), "{name}");

        s.undo().unwrap(); // the resignation
        s.undo().unwrap();
        s.undo().unwrap();
        s.undo().unwrap(); // the swap
        assert!(
            s.position().ends_with(" swap:now"),
            "{name}: undone, the swap is open again"
        );
        assert_eq!(s.player_name(Player::First), white, "{name}");
        assert_eq!(s.to_move(), Player::Second, "{name}");
        let answer = s.legal_moves()[0].clone();
        s.play(&answer).unwrap();
        assert_eq!(s.position(), {
            let mut a = answered.clone_box();
            a.play(&answer).unwrap();
            a.position()
        });
        assert!(s.play("swap").is_err(), "{name}: an answer closes the swap");
        assert_eq!(s.player_name(Player::First), white, "{name}");
    });
}

fn capital(word: &str) -> String {
    arbiter_core::story::capitalised(word)
}

#[test]
fn the_swap_rule_is_an_option_of_every_game_with_clear_errors() {
    each_game(|name, game| {
        assert!(game.option_keys().contains(&"swap"), "{name}");
        assert!(
            game.option_choices()
                .iter()
                .any(|(key, values)| *key == "swap" && values == &["off", "on"]),
            "{name}"
        );
        assert_eq!(game.new_session("swap=off", None).unwrap().options(), "", "{name}");
        let error = game.new_session("swap=maybe", None).err().unwrap().to_string();
        assert!(error.contains("'swap' must be on or off"), "{name}: {error}");
        let start = game.start_position("swap=on").unwrap();
        assert!(start.ends_with(" swap:next"), "{name}: {start}");
        // A position without the field: the chance has passed (or there was none).
        let plain_start = game.start_position("").unwrap();
        let set_up = game.new_session("swap=on", Some(&plain_start)).unwrap();
        assert_eq!(set_up.position(), plain_start, "{name}");
        assert!(!set_up.legal_moves().contains(&"swap".to_string()), "{name}");
    });
}

/// The score of a plain search, for the side to move.
fn eval_of(engines: &arbiter_ai::Engines, session: &dyn DynSession, spec: &AgentSpec) -> Option<i32> {
    match engines
        .choose(session, spec, Arc::new(AtomicBool::new(false)), &mut |_| {})
        .unwrap()
        .info
        .score
    {
        Score::Eval(v) => Some(v),
        Score::WinIn(_) => Some(10_000),
        Score::LossIn(_) => Some(-10_000),
        _ => None,
    }
}

/// Offered the swap in a position its search calls clearly lost for its side, the computer
/// swaps; in one it calls clearly won, it answers. Positions from seeded random games, with the
/// swap set open (`swap:now`) whatever the ply.
#[test]
fn the_computer_swaps_a_lost_side_and_keeps_a_won_one() {
    let engines = arbiter_games::engines();
    let shallow: AgentSpec = "alphabeta:depth=1".parse().unwrap();
    let deeper: AgentSpec = "alphabeta:depth=2".parse().unwrap();
    let mut decided = [0usize; 2];
    each_game(|name, game| {
        let mut cases = [0usize; 2];
        for seed in 0..400u64 {
            if cases[0] > 0 && cases[1] > 0 {
                break;
            }
            let mut plain = game.new_session("", None).unwrap();
            for ply in 0..(4 + seed % 30) {
                match plain.random_move(seed * 1000 + ply) {
                    Some(mv) => plain.play(&mv).unwrap(),
                    None => break,
                };
            }
            if plain.ending().is_some() {
                continue;
            }
            let (Some(v1), Some(v2)) = (
                eval_of(&engines, plain.as_ref(), &shallow),
                eval_of(&engines, plain.as_ref(), &deeper),
            ) else {
                continue;
            };
            let clear = if v1 <= -300 && v2 <= -300 {
                true
            } else if v1 >= 300 && v2 >= 300 {
                false
            } else {
                continue;
            };
            let offered = game
                .new_session("swap=on", Some(&format!("{} swap:now", plain.position())))
                .unwrap();
            let choice = engines
                .choose(offered.as_ref(), &deeper, Arc::new(AtomicBool::new(false)), &mut |_| {})
                .unwrap();
            assert_eq!(
                choice.best == "swap",
                clear,
                "{name}: {} (plain scores {v1}, {v2}): chose {}",
                offered.position(),
                choice.best
            );
            cases[usize::from(clear)] += 1;
        }
        println!("{name}: {} kept, {} swapped", cases[0], cases[1]);
        decided[0] += cases[0];
        decided[1] += cases[1];
    });
    assert!(
        decided[0] > 0 && decided[1] > 0,
        "clear positions of both kinds were found: {decided:?}"
    );
}

/// In the one game loop (matches, reports, batches), the swap follows the random opening: no
/// random ply is a swap, and the game starts after the opening with the swap offered, so that
/// the first move a player chooses is the one that may be swapped.
#[test]
fn in_matches_the_swap_follows_the_random_opening() {
    use arbiter_ai::game_loop::{play_game, GameSetup, Seeding};
    let registry = arbiter_games::registry();
    let engines = arbiter_games::engines();
    let agent: AgentSpec = "alphabeta:depth=1".parse().unwrap();
    for name in ["void", "villawar"] {
        let game = registry.get(name).unwrap();
        let setup = GameSetup {
            run: "test",
            game,
            options: "swap=on,plies=12",
            position: None,
            a: &agent,
            b: &agent,
            opening_plies: 2,
            safe_openings: true,
            seed: 5,
            seeding: Seeding::Match,
            clock: None,
        };
        for index in 0..4 {
            let finished = play_game(&engines, &setup, index, &AtomicBool::new(false)).unwrap();
            let record = &finished.record;
            assert!(record.start.ends_with(" swap:next"), "{name}: {}", record.start);
            assert_eq!(finished.opening_plies, 2);
            assert_eq!(finished.plies, record.moves.len() + 2, "{name}: the opening counted");
            let replayed = game.load_record(record).unwrap();
            assert_eq!(replayed.ending(), game.load_record(record).unwrap().ending());
            assert!(
                record.moves.iter().skip(2).all(|m| m != "swap"),
                "{name}: a swap only right after the first chosen move: {:?}",
                record.moves
            );
        }
    }
}
