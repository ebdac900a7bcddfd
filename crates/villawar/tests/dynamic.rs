//! Villawar through the core's dynamic layer, as the CLI and server will use it.

use arbiter_core::{Error, Player, Registry};
use arbiter_villawar::Villawar;

#[test]
fn the_registry_speaks_villawar_by_name_and_options() {
    let registry = Registry::new().with::<Villawar>();
    let game = registry.get("villawar").unwrap();
    assert_eq!(game.option_keys()[0], "size");
    assert_eq!(
        game.start_position("").unwrap(),
        "vvvvvvvv/vvvvvvvv/8/8/8/8/VVVVVVVV/VVVVVVVV w 0"
    );
    assert_eq!(
        game.start_position("size=6").unwrap(),
        "vvvvvv/vvvvvv/6/6/VVVVVV/VVVVVV w 0"
    );
    for bad in ["size=7", "size=big", "colour=red"] {
        assert!(matches!(game.check_options(bad), Err(Error::Options(_))), "{bad}");
    }
    assert_eq!(game.perft("size=10", None, 2).unwrap(), 15_128);

    let mut session = game.new_session("size=10,plies=300", None).unwrap();
    assert_eq!(session.options(), "size=10,plies=300");
    assert_eq!(session.player_name(Player::First), "white");
    assert_eq!(session.player_name(Player::Second), "black");
    assert_eq!(session.parse_player("Black"), Some(Player::Second));
    assert_eq!(session.legal_moves().len(), 126);
    assert_eq!(session.play("a1-a8").unwrap(), "a1-a8");
    assert_eq!(session.to_move(), Player::Second);
    assert!(session.play("a1-a3").is_err());
    let record = session.record();
    let replayed = game.load_record(&record).unwrap();
    assert_eq!(replayed.position(), session.position());

    let (registry_game, options) = registry.parse_spec("villawar:size=6").unwrap();
    assert_eq!(registry_game.name(), "villawar");
    assert_eq!(options, "size=6");

    // The size comes from the position; an explicit size that contradicts it is an error.
    let eight = "vvvvvvvv/vvvvvvvv/8/8/8/8/VVVVVVVV/VVVVVVVV w 0";
    assert_eq!(game.new_session("", Some(eight)).unwrap().options(), "");
    assert_eq!(game.new_session("size=8", Some(eight)).unwrap().options(), "");
    let err = game
        .new_session("size=10", Some(eight))
        .err()
        .expect("a size mismatch")
        .to_string();
    assert!(err.contains("does not fit the options 'size=10'"), "{err}");
    let six = "vvvvvv/vvvvvv/6/6/VVVVVV/VVVVVV w 0";
    assert_eq!(game.new_session("", Some(six)).unwrap().options(), "size=6");
}

#[test]
fn a_finished_position_has_an_ending_and_no_moves() {
    let registry = Registry::new().with::<Villawar>();
    let game = registry.get("villawar").unwrap();
    let session = game.new_session("", Some("8/8/8/V5v1/3v4/7V/8/8 w 2")).unwrap();
    let ending = session.ending().unwrap();
    assert_eq!(ending.outcome.winner(), Some(Player::Second));
    assert!(session.legal_moves().is_empty());
}
