//! One test suite for both stores: every test runs against SQLite (a file in a temporary folder)
//! and against PostgreSQL (a fresh database on the throwaway cluster of `arbiter-testkit`).

use arbiter_core::{ClockState, Player, TimeControl};
use arbiter_server::player::{PlayerId, PlayerRef};
use arbiter_server::store::{
    copy_store, AccountData, Challenge, Change, Colour, DbLocation, Ending, GameRating, GameState, NewMove, Ownership,
    PgStore, PuzzleAttempt, RatedGame, RatingChange, Revoke, SqliteStore, Store, StoreError, StoredAccount, StoredGame,
    StoredPlayer, StoredRating, StoredToken, StoredTournament,
};
use arbiter_server::Seat;
use std::sync::Barrier;
use std::time::Duration;

/// A store and what keeps it alive (the SQLite file's folder).
struct Fixture {
    store: Box<dyn Store>,
    _dir: Option<tempfile::TempDir>,
}

fn sqlite() -> Fixture {
    let dir = tempfile::tempdir().unwrap();
    let store = SqliteStore::open(&dir.path().join("arbiter.db")).unwrap();
    Fixture {
        store: Box::new(store),
        _dir: Some(dir),
    }
}

fn postgres() -> Fixture {
    let url = arbiter_testkit::cluster().database();
    Fixture {
        store: Box::new(PgStore::connect(&url).unwrap()),
        _dir: None,
    }
}

/// Each test, once per backend.
macro_rules! on_both_backends {
    ($($test:ident),* $(,)?) => {
        mod sqlite {
            $(#[test] fn $test() { super::$test(super::sqlite().store.as_ref()) })*
        }
        mod postgres {
            $(#[test] fn $test() { super::$test(super::postgres().store.as_ref()) })*
        }
    };
}

on_both_backends!(
    games_round_trip,
    a_change_needs_the_version_it_was_made_from,
    racing_writers_store_one_move_per_turn,
    rewrites_and_settings,
    lists_show_what_the_caller_may_see,
    players,
    challenges,
    leases_have_one_holder,
    analyses_have_one_runner_and_keep_their_last_result,
    a_puzzle_attempt_is_rated_once_and_never_from_a_stale_rating,
    accounts_and_their_tokens,
    a_rated_game_is_rated_once_and_never_from_a_stale_rating,
    tournaments_their_entrants_and_games,
);

fn player(id: &str, name: Option<&str>) -> StoredPlayer {
    StoredPlayer {
        player: PlayerRef {
            id: PlayerId(id.into()),
            name: name.map(str::to_string),
        },
        token_hash: format!("hash-of-{id}"),
        created_at: 1_700_000_000,
    }
}

fn game(id: &str, moves: &[&str]) -> StoredGame {
    let mut clock = ClockState::new("fischer:300+5".parse::<TimeControl>().unwrap());
    clock.start(1_700_000_000_000);
    StoredGame {
        id: id.into(),
        game: "void".into(),
        options: "".into(),
        start: "start".into(),
        seats: [Seat::Human, Seat::Computer { level: 3 }],
        resigned: None,
        result: None,
        moves: moves.iter().map(|m| m.to_string()).collect(),
        left_ms: moves
            .iter()
            .enumerate()
            .map(|(i, _)| (i % 2 == 0).then_some(299_000))
            .collect(),
        played_at: moves
            .iter()
            .enumerate()
            .map(|(i, _)| 1_700_000_000 + i as i64)
            .collect(),
        owners: Ownership {
            creator: Some(PlayerId("pa".into())),
            holders: [Some(PlayerId("pa".into())), None],
            public: true,
            invite_hash: Some("invite".into()),
        },
        takeback: Some(Player::Second),
        rematch: None,
        clock: Some(clock),
        timed_out: false,
        hints: true,
        rated: false,
        rating_changes: None,
        outcome: None,
        tournament: None,
        created_at: 1_700_000_000,
        updated_at: 1_700_000_100,
        version: 0,
    }
}

fn tournament(id: &str, starts_at: i64) -> StoredTournament {
    StoredTournament {
        id: id.into(),
        name: "Void arena".into(),
        game: "void".into(),
        options: "".into(),
        clock: "fischer:300+0".into(),
        minutes: 30,
        rated: true,
        created_by: PlayerRef {
            id: PlayerId("pa".into()),
            name: Some("Ada".into()),
        },
        created_at: starts_at - 60,
        starts_at,
        ends_at: starts_at + 1800,
        finished_at: None,
    }
}

/// A tournament: stored and listed (open ones first), joined and left, its games in pairing
/// order with their outcomes, one pairing server at a time, finished once.
fn tournaments_their_entrants_and_games(store: &dyn Store) {
    with_players(store);
    let (now, later) = (1_700_000_000, 1_700_009_000);
    store.add_tournament(&tournament("t1", now)).unwrap();
    store.add_tournament(&tournament("t2", later)).unwrap();
    assert_eq!(store.tournament("t1").unwrap(), Some(tournament("t1", now)));
    assert_eq!(store.tournament("t9").unwrap(), None);
    assert_eq!(store.live_tournaments(now).unwrap(), ["t1"]);
    assert_eq!(store.open_tournaments_of(&PlayerId("pa".into())).unwrap(), 2);

    let (pa, pb) = (PlayerId("pa".into()), PlayerId("pb".into()));
    store.set_entrant("t1", &pb, true, now + 5).unwrap();
    store.set_entrant("t1", &pa, true, now + 1).unwrap();
    store.set_entrant("t1", &pb, false, now + 9).unwrap();
    let entrants = store.entrants("t1").unwrap();
    let seen: Vec<(&str, i64, bool)> = entrants
        .iter()
        .map(|e| (e.player.id.0.as_str(), e.joined_at, e.active))
        .collect();
    assert_eq!(
        seen,
        [("pa", now + 1, true), ("pb", now + 5, false)],
        "joined once, left later"
    );
    assert_eq!(entrants[0].player.name.as_deref(), Some("Ada"));

    for (id, seq, outcome) in [("g2", 2, None), ("g1", 1, Some("first"))] {
        let mut g = game(id, &[]);
        g.seats = [Seat::Human, Seat::Human];
        g.owners.holders = [Some(pa.clone()), Some(pb.clone())];
        g.outcome = outcome.map(str::to_string);
        g.tournament = Some(("t1".into(), seq));
        store.create(&g).unwrap();
        assert_eq!(store.load(id).unwrap().unwrap().tournament, Some(("t1".into(), seq)));
    }
    let games = store.tournament_games("t1").unwrap();
    let read: Vec<(&str, i64, Option<&str>)> = games
        .iter()
        .map(|g| (g.id.as_str(), g.seq, g.outcome.as_deref()))
        .collect();
    assert_eq!(read, [("g1", 1, Some("first")), ("g2", 2, None)]);
    assert_eq!(games[0].players[0].name.as_deref(), Some("Ada"));
    assert_eq!(games[0].players[1].id, pb);
    // The outcome is written with the move or rewrite that ends a game.
    let state = GameState {
        result: Some("Black wins."),
        outcome: Some("second"),
        clock: None,
    };
    store.rewrite_tail("g2", 0, 0, Ending::default(), state).unwrap();
    assert_eq!(
        store.tournament_games("t1").unwrap()[1].outcome.as_deref(),
        Some("second")
    );
    // A game finished before outcomes were stored is found, and given its outcome.
    let mut older = game("g0", &[]);
    older.result = Some("White wins.".into());
    store.create(&older).unwrap();
    assert_eq!(store.games_without_outcome(10).unwrap(), ["g0"]);
    store.set_outcome("g0", "second").unwrap();
    assert!(store.games_without_outcome(10).unwrap().is_empty());
    assert_eq!(store.load("g0").unwrap().unwrap().outcome.as_deref(), Some("second"));
    // How the finished games ended for a player, for their wins, draws and losses.
    let mut ended: Vec<(String, [bool; 2])> = store
        .results_of(&pb, false)
        .unwrap()
        .into_iter()
        .map(|r| (r.outcome, r.holds))
        .collect();
    ended.sort();
    assert_eq!(
        ended,
        [
            ("first".to_string(), [false, true]),
            ("second".to_string(), [false, true])
        ]
    );

    assert!(store.claim_tournament("t1", "A", 1_000, 2_000).unwrap());
    assert!(!store.claim_tournament("t1", "B", 1_500, 2_500).unwrap(), "A holds it");
    assert!(store.claim_tournament("t1", "A", 1_900, 3_000).unwrap(), "renewed");
    assert!(
        store.claim_tournament("t1", "B", 3_001, 4_000).unwrap(),
        "A stopped renewing"
    );

    assert!(store.finish_tournament("t1", now + 1900).unwrap());
    assert!(!store.finish_tournament("t1", now + 2000).unwrap(), "once");
    assert!(store.live_tournaments(later).unwrap() == ["t2"]);
    let listed: Vec<String> = store.tournaments(10).unwrap().into_iter().map(|t| t.id).collect();
    assert_eq!(listed, ["t2", "t1"], "open ones first");
    assert_eq!(store.tournaments(1).unwrap().len(), 1);
    assert_eq!(store.open_tournaments_of(&pa).unwrap(), 1);
    assert_eq!(store.tournament_data().unwrap().len(), 2);
}

fn with_players(store: &dyn Store) {
    store.create_player(&player("pa", Some("Ada"))).unwrap();
    store.create_player(&player("pb", None)).unwrap();
}

fn games_round_trip(store: &dyn Store) {
    with_players(store);
    let stored = game("g1", &["a1-b2", "c3-d4", "e5"]);
    store.create(&stored).unwrap();
    assert_eq!(store.load("g1").unwrap().as_ref(), Some(&stored));
    assert_eq!(store.load("nothing").unwrap(), None);
    assert_eq!(store.version("g1").unwrap(), Some(0));
    assert_eq!(store.version("nothing").unwrap(), None);
    // A second game of the same id is refused, and the first is kept.
    assert_eq!(store.create(&game("g1", &[])), Err(StoreError::Stale));
    assert_eq!(store.load("g1").unwrap().unwrap().moves.len(), 3);
    assert_eq!(store.running_clocks().unwrap(), ["g1"]);
    assert_eq!(store.game_ids().unwrap(), ["g1"]);
}

fn a_change_needs_the_version_it_was_made_from(store: &dyn Store) {
    with_players(store);
    store.create(&game("g1", &[])).unwrap();
    let mv = |ply, notation| NewMove {
        ply,
        notation,
        left_ms: Some(1000),
    };
    let state = GameState {
        result: None,
        outcome: None,
        clock: None,
    };
    store.add_move("g1", 0, mv(0, "a"), state).unwrap();
    // From version 0 again: another writer came first.
    assert_eq!(store.add_move("g1", 0, mv(1, "b"), state), Err(StoreError::Stale));
    // The right version but a ply that is taken: refused too, and nothing changed.
    assert_eq!(store.add_move("g1", 1, mv(0, "b"), state), Err(StoreError::Stale));
    assert_eq!(store.version("g1").unwrap(), Some(1));
    store.add_move("g1", 1, mv(1, "b"), state).unwrap();
    let loaded = store.load("g1").unwrap().unwrap();
    assert_eq!(loaded.moves, ["a", "b"]);
    assert_eq!(loaded.left_ms, [Some(1000), Some(1000)]);
    assert_eq!((loaded.version, loaded.clock, loaded.takeback), (2, None, None));
    // Every kind of change checks the version.
    assert_eq!(store.set_clock("g1", 0, None), Err(StoreError::Stale));
    assert_eq!(store.set_takeback("g1", 1, None), Err(StoreError::Stale));
    assert_eq!(store.set_rematch("g1", 3, "g2"), Err(StoreError::Stale));
    let ending = Ending::default();
    assert_eq!(store.rewrite_tail("g1", 0, 0, ending, state), Err(StoreError::Stale));
    let seats = [Seat::Human; 2];
    assert_eq!(
        store.set_seats("g1", 5, &seats, &Ownership::default()),
        Err(StoreError::Stale)
    );
    assert_eq!(store.load("g1").unwrap().unwrap().moves, ["a", "b"]);
    // A game that is not there is missing, not stale.
    assert!(matches!(
        store.set_clock("nothing", 0, None),
        Err(StoreError::Missing(_))
    ));
}

/// Eight writers at once, each trying to store the move of every ply from the version it read:
/// exactly one move per ply is stored, and every other attempt is told it was late.
fn racing_writers_store_one_move_per_turn(store: &dyn Store) {
    with_players(store);
    store.create(&game("race", &[])).unwrap();
    const PLIES: usize = 12;
    const WRITERS: usize = 8;
    let barrier = Barrier::new(WRITERS);
    let wins: Vec<usize> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..WRITERS)
            .map(|writer| {
                let barrier = &barrier;
                scope.spawn(move || {
                    barrier.wait();
                    let mut won = 0;
                    for ply in 0..PLIES {
                        let notation = format!("w{writer}p{ply}");
                        let mv = NewMove {
                            ply,
                            notation: &notation,
                            left_ms: None,
                        };
                        let state = GameState {
                            result: None,
                            outcome: None,
                            clock: None,
                        };
                        // Wait until the previous ply is stored, as a player would, then race.
                        let version = loop {
                            let version = store.version("race").unwrap().unwrap();
                            if version as usize >= ply {
                                break version;
                            }
                            std::thread::yield_now();
                        };
                        match store.add_move("race", version, mv, state) {
                            Ok(()) => won += 1,
                            Err(StoreError::Stale) => {}
                            Err(e) => panic!("writer {writer}, ply {ply}: {e}"),
                        }
                    }
                    won
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    assert_eq!(wins.iter().sum::<usize>(), PLIES, "wins by writer: {wins:?}");
    let loaded = store.load("race").unwrap().unwrap();
    assert_eq!(loaded.moves.len(), PLIES);
    assert_eq!(loaded.version, PLIES as i64);
    for (ply, mv) in loaded.moves.iter().enumerate() {
        assert!(mv.ends_with(&format!("p{ply}")), "ply {ply} holds {mv}");
    }
}

fn rewrites_and_settings(store: &dyn Store) {
    with_players(store);
    store.create(&game("g1", &["a", "b", "c"])).unwrap();
    let state = GameState {
        result: Some("Black resigned. White wins."),
        outcome: None,
        clock: None,
    };
    let ending = Ending {
        resigned: Some("black"),
        timed_out: false,
    };
    store.rewrite_tail("g1", 0, 2, ending, state).unwrap();
    let seats = [Seat::Computer { level: 6 }, Seat::Human];
    let owners = Ownership {
        creator: Some(PlayerId("pa".into())),
        holders: [Some(PlayerId("pb".into())), Some(PlayerId("pa".into()))],
        public: true,
        invite_hash: None,
    };
    store.set_seats("g1", 1, &seats, &owners).unwrap();
    store.set_takeback("g1", 2, Some(Player::First)).unwrap();
    store.set_rematch("g1", 3, "g2").unwrap();
    let clock = ClockState::new("days:3".parse::<TimeControl>().unwrap());
    store.set_clock("g1", 4, Some(&clock)).unwrap();
    let g = store.load("g1").unwrap().unwrap();
    assert_eq!(g.moves, ["a", "b"]);
    assert_eq!(g.resigned.as_deref(), Some("black"));
    assert_eq!(g.result.as_deref(), Some("Black resigned. White wins."));
    assert_eq!((g.seats, g.owners), (seats, owners));
    assert_eq!(g.takeback, Some(Player::First));
    assert_eq!(g.rematch.as_deref(), Some("g2"));
    assert_eq!((g.clock, g.version), (Some(clock), 5));
    assert!(
        store.running_clocks().unwrap().is_empty(),
        "over, and the clock stopped"
    );
}

fn lists_show_what_the_caller_may_see(store: &dyn Store) {
    with_players(store);
    let mut private = game("private", &["a"]);
    private.owners.public = false;
    private.updated_at += 10;
    store.create(&private).unwrap();
    let mut public_b = game("public-b", &[]);
    public_b.owners.holders = [Some(PlayerId("pb".into())), Some(PlayerId("pa".into()))];
    public_b.result = Some("Draw.".into());
    store.create(&public_b).unwrap();
    let ids = |list: Vec<arbiter_server::store::GameSummary>| list.into_iter().map(|g| g.id).collect::<Vec<_>>();
    let pa = PlayerId("pa".into());
    let pb = PlayerId("pb".into());
    assert_eq!(ids(store.list(Some(&pa), false, 10).unwrap()), ["private", "public-b"]);
    assert_eq!(ids(store.list(Some(&pb), false, 10).unwrap()), ["public-b"]);
    assert_eq!(ids(store.list(Some(&pb), true, 10).unwrap()), ["public-b"]);
    assert_eq!(ids(store.list(None, false, 10).unwrap()), ["public-b"]);
    assert!(store.list(None, true, 10).unwrap().is_empty());
    assert_eq!(ids(store.list(Some(&pa), false, 1).unwrap()), ["private"]);
    let line = &store.list(Some(&pb), false, 10).unwrap()[0];
    assert_eq!(line.players, [None, Some("Ada".to_string())]);
    assert!(line.yours && line.over && line.public);
    assert_eq!((line.ply, line.result.as_deref()), (0, Some("Draw.")));
    let mine = &store.list(Some(&pa), true, 10).unwrap()[0];
    assert_eq!((mine.ply, mine.yours, mine.over), (1, true, false));
}

fn players(store: &dyn Store) {
    with_players(store);
    let pa = PlayerId("pa".into());
    assert_eq!(store.player(&pa).unwrap().unwrap().name.as_deref(), Some("Ada"));
    assert_eq!(store.player_by_token_hash("hash-of-pb").unwrap().unwrap().id.0, "pb");
    assert_eq!(store.player_by_token_hash("nope").unwrap(), None);
    store.rename_player(&pa, "Grace").unwrap();
    assert_eq!(store.player(&pa).unwrap().unwrap().name.as_deref(), Some("Grace"));
    let all = store.players().unwrap();
    assert_eq!(all.len(), 2);
    assert_eq!(all[0].token_hash, "hash-of-pa");
    assert!(store.create_player(&player("pa", None)).is_err(), "one id, one player");
}

fn account(player: &str, key: &str) -> StoredAccount {
    StoredAccount {
        player: PlayerId(player.into()),
        username: key.to_uppercase(),
        username_key: key.into(),
        password_hash: format!("$argon2id$of-{player}"),
        created_at: 1_700_000_000,
    }
}

fn token(hash: &str, player: &str) -> StoredToken {
    StoredToken {
        token_hash: hash.into(),
        player: PlayerId(player.into()),
        created_at: 1_700_000_001,
    }
}

fn accounts_and_their_tokens(store: &dyn Store) {
    with_players(store);
    let (pa, pb) = (PlayerId("pa".into()), PlayerId("pb".into()));
    store.create_account(&account("pa", "ada")).unwrap();
    assert_eq!(
        store.create_account(&account("pb", "ada")),
        Err(StoreError::Stale),
        "one key, one account"
    );
    assert_eq!(
        store.create_account(&account("pa", "grace")),
        Err(StoreError::Stale),
        "one account a player"
    );
    assert_eq!(store.account_by_key("ada").unwrap(), Some(account("pa", "ada")));
    assert_eq!(store.account_of(&pa).unwrap(), Some(account("pa", "ada")));
    assert_eq!(store.account_of(&pb).unwrap(), None);
    store.set_password(&pa, "$argon2id$new").unwrap();
    assert_eq!(store.account_of(&pa).unwrap().unwrap().password_hash, "$argon2id$new");
    assert!(matches!(store.set_password(&pb, "x"), Err(StoreError::Missing(_))));

    // Signed in on two devices: three tokens find the player.
    store.add_token(&token("t1", "pa")).unwrap();
    store.add_token(&token("t2", "pa")).unwrap();
    store.add_token(&token("t3", "pb")).unwrap();
    let whose = |hash: &str| store.player_by_token_hash(hash).unwrap().map(|p| p.id.0);
    for hash in ["hash-of-pa", "t1", "t2"] {
        assert_eq!(whose(hash).as_deref(), Some("pa"), "{hash}");
    }
    // One device signs out; then all but one (a password change); the others' tokens stay.
    store.revoke_tokens(&pa, Revoke::Only("t1"), "r1").unwrap();
    assert_eq!((whose("t1"), whose("t2").as_deref()), (None, Some("pa")));
    store.revoke_tokens(&pa, Revoke::AllBut("t2"), "r2").unwrap();
    assert_eq!((whose("hash-of-pa"), whose("t2").as_deref()), (None, Some("pa")));
    assert_eq!(
        whose("r2").as_deref(),
        Some("pa"),
        "the first token is replaced, not removed"
    );
    store.add_token(&token("t4", "pa")).unwrap();
    store.revoke_tokens(&pa, Revoke::All, "r3").unwrap();
    assert_eq!((whose("t2"), whose("t4"), whose("r2")), (None, None, None));
    assert_eq!(whose("t3").as_deref(), Some("pb"));
    assert_eq!(whose("hash-of-pb").as_deref(), Some("pb"));

    // Everything at once, for a copy.
    let data = store.account_data().unwrap();
    assert_eq!(
        data,
        AccountData {
            accounts: vec![StoredAccount {
                password_hash: "$argon2id$new".into(),
                ..account("pa", "ada")
            }],
            tokens: vec![token("t3", "pb")],
        }
    );

    // Deleted: no account, no token, the name kept for deleted players; the key is free again.
    store.add_token(&token("t5", "pa")).unwrap();
    store.delete_account(&pa, "r4", "deleted player").unwrap();
    assert_eq!(store.account_of(&pa).unwrap(), None);
    assert_eq!((whose("t5"), whose("r3")), (None, None));
    assert_eq!(
        store.player(&pa).unwrap().unwrap().name.as_deref(),
        Some("deleted player")
    );
    store.create_account(&account("pb", "ada")).unwrap();
}

fn game_rating(rating: f64, games: i64, wins: i64) -> GameRating {
    GameRating {
        rating,
        deviation: 300.0,
        volatility: 0.06,
        games,
        wins,
        draws: 0,
        losses: games - wins,
    }
}

fn rated_game(game: &str, before: [GameRating; 2], after: [GameRating; 2]) -> RatedGame {
    RatedGame {
        game_id: game.into(),
        pool: "villawar:size=6".into(),
        players: [PlayerId("pa".into()), PlayerId("pb".into())],
        changes: [0, 1].map(|i| RatingChange {
            before: before[i],
            after: after[i],
        }),
        at: 1_700_000_500,
    }
}

fn a_rated_game_is_rated_once_and_never_from_a_stale_rating(store: &dyn Store) {
    with_players(store);
    let mut g = game("g1", &[]);
    g.rated = true;
    store.create(&g).unwrap();
    store.create(&game("g2", &[])).unwrap(); // not rated
    let mut g3 = game("g3", &[]);
    g3.rated = true;
    store.create(&g3).unwrap();
    let new = game_rating(1500.0, 0, 0);
    let first = rated_game("g1", [new, new], [game_rating(1662.0, 1, 1), game_rating(1338.0, 1, 0)]);
    assert!(store.record_rated_game(&first).unwrap());
    assert!(!store.record_rated_game(&first).unwrap(), "once");
    assert!(
        !store
            .record_rated_game(&rated_game("g2", [new, new], [new, new]))
            .unwrap(),
        "not a rated game"
    );
    let pa = PlayerId("pa".into());
    assert_eq!(
        store.game_rating(&pa, "villawar:size=6").unwrap(),
        Some(game_rating(1662.0, 1, 1))
    );
    assert_eq!(store.game_rating(&pa, "void").unwrap(), None);
    let loaded = store.load("g1").unwrap().unwrap();
    assert_eq!(
        serde_json::from_str::<[RatingChange; 2]>(loaded.rating_changes.as_deref().unwrap()).unwrap(),
        first.changes
    );
    // Made from ratings that changed meanwhile: nothing is stored, the game stays unrated.
    let stale = rated_game("g3", [new, new], [game_rating(1600.0, 1, 1), game_rating(1400.0, 1, 0)]);
    assert_eq!(store.record_rated_game(&stale), Err(StoreError::Stale));
    assert_eq!(store.load("g3").unwrap().unwrap().rating_changes, None);
    assert_eq!(
        store.game_rating(&pa, "villawar:size=6").unwrap(),
        Some(game_rating(1662.0, 1, 1))
    );
    let second = rated_game(
        "g3",
        [game_rating(1662.0, 1, 1), game_rating(1338.0, 1, 0)],
        [game_rating(1700.0, 2, 2), game_rating(1300.0, 2, 0)],
    );
    assert!(store.record_rated_game(&second).unwrap());
    assert_eq!(
        store.game_ratings_of(&pa).unwrap(),
        vec![("villawar:size=6".to_string(), game_rating(1700.0, 2, 2))]
    );
    // Leaderboards: settled deviations only, best first.
    assert_eq!(store.leaderboard("villawar:size=6", 110.0, 10).unwrap(), vec![]);
    let board = store.leaderboard("villawar:size=6", 350.0, 10).unwrap();
    let ids: Vec<&str> = board.iter().map(|(p, _)| p.id.0.as_str()).collect();
    assert_eq!(ids, ["pa", "pb"]);
    assert_eq!(store.leaderboard("villawar:size=6", 350.0, 1).unwrap().len(), 1);
    assert_eq!(store.rating_data().unwrap().ratings.len(), 2);
    // A profile's games: those the player holds a side of; others see public or rated ones only.
    let played = store.games_of(&pa, true, 10).unwrap();
    let mut ids: Vec<&str> = played.iter().map(|g| g.summary.id.as_str()).collect();
    ids.sort();
    assert_eq!(ids, ["g1", "g2", "g3"]);
    let g1 = played.iter().find(|g| g.summary.id == "g1").unwrap();
    assert_eq!(
        (g1.holds, g1.rated, g1.rating_changes.is_some()),
        ([true, false], true, true)
    );
    let g2 = played.iter().find(|g| g.summary.id == "g2").unwrap();
    assert_eq!((g2.rated, &g2.rating_changes), (false, &None));
    let mut private = game("g4", &[]);
    private.owners.public = false;
    store.create(&private).unwrap();
    assert_eq!(store.games_of(&pa, true, 10).unwrap().len(), 4);
    assert_eq!(store.games_of(&pa, false, 10).unwrap().len(), 3, "not the private game");
    assert_eq!(store.games_of(&pa, true, 2).unwrap().len(), 2);
    assert!(store.games_of(&PlayerId("pb".into()), true, 10).unwrap().is_empty());
}

fn challenge(id: &str, at: i64) -> Challenge {
    Challenge {
        id: id.into(),
        by: PlayerRef {
            id: PlayerId("pa".into()),
            name: Some("Ada".into()),
        },
        game: "krux".into(),
        options: "".into(),
        clock: Some("fischer:60+1".parse().unwrap()),
        colour: Colour::Second,
        public: true,
        hints: true,
        rated: true,
        created_at: at,
        yours: false,
        rating: None,
        provisional: false,
    }
}

fn challenges(store: &dyn Store) {
    with_players(store);
    store.add_challenge(&challenge("c1", 100)).unwrap();
    store.add_challenge(&challenge("c2", 200)).unwrap();
    let list = store.challenges(10).unwrap();
    assert_eq!(list, [challenge("c2", 200), challenge("c1", 100)]);
    assert_eq!(store.challenges(1).unwrap().len(), 1);
    assert_eq!(store.challenge("c1").unwrap(), Some(challenge("c1", 100)));
    assert_eq!(store.challenges_of(&PlayerId("pa".into())).unwrap(), 2);
    assert!(store.take_challenge("c1").unwrap());
    assert!(!store.take_challenge("c1").unwrap(), "taken once only");
    assert_eq!(store.challenge("c1").unwrap(), None);
}

fn leases_have_one_holder(store: &dyn Store) {
    with_players(store);
    store.create(&game("g1", &[])).unwrap();
    store.create(&game("g2", &[])).unwrap();
    assert!(store.claim_lease("g1", "A", 1000, 6000).unwrap());
    assert!(!store.claim_lease("g1", "B", 2000, 7000).unwrap(), "A holds it");
    assert!(store.claim_lease("g1", "A", 2000, 7000).unwrap(), "A renews");
    assert!(store.claim_lease("g2", "A", 2000, 7000).unwrap());
    assert_eq!(store.renew_leases("A", 9000).unwrap().len(), 2);
    assert!(store.expired_leases(8000).unwrap().is_empty());
    // A stops renewing: after its lease runs out, B takes the game over.
    assert_eq!(store.expired_leases(9500).unwrap(), ["g1", "g2"]);
    assert!(store.claim_lease("g1", "B", 9500, 14_500).unwrap());
    assert_eq!(store.renew_leases("A", 15_000).unwrap(), ["g2"]);
    store.release_lease("g2", "B").unwrap(); // not B's: nothing happens
    assert!(!store.claim_lease("g2", "B", 10_000, 15_000).unwrap());
    store.release_lease("g2", "A").unwrap();
    assert!(store.claim_lease("g2", "B", 10_000, 15_000).unwrap());
}

fn analyses_have_one_runner_and_keep_their_last_result(store: &dyn Store) {
    with_players(store);
    store.create(&game("g1", &["a", "b"])).unwrap();
    assert_eq!(store.analysis("g1", 0).unwrap(), None);
    assert!(store.claim_analysis("g1", "A", 1000, 6000).unwrap());
    assert!(!store.claim_analysis("g1", "B", 2000, 7000).unwrap(), "A runs it");
    let running = store.analysis("g1", 2000).unwrap().unwrap();
    assert_eq!(
        (running.plies, running.body, running.running.as_deref()),
        (0, None, Some("A"))
    );
    assert!(store.claim_analysis("g1", "A", 2000, 7000).unwrap(), "A renews");
    store.finish_analysis("g1", "B", Some((2, "{}")), 3000).unwrap(); // not B's: nothing happens
    assert_eq!(store.analysis("g1", 3000).unwrap().unwrap().body, None);
    store
        .finish_analysis("g1", "A", Some((2, "{\"moves\":[]}")), 3000)
        .unwrap();
    let done = store.analysis("g1", 3000).unwrap().unwrap();
    assert_eq!(
        (done.plies, done.body.as_deref(), done.running),
        (2, Some("{\"moves\":[]}"), None)
    );
    // A second run that is cancelled leaves the first result; one whose server died is taken over.
    assert!(store.claim_analysis("g1", "B", 4000, 9000).unwrap());
    assert!(!store.claim_analysis("g1", "A", 5000, 10_000).unwrap());
    assert_eq!(
        store.analysis("g1", 9500).unwrap().unwrap().running,
        None,
        "B's claim ran out"
    );
    assert!(store.claim_analysis("g1", "A", 9500, 14_500).unwrap());
    store.finish_analysis("g1", "A", None, 10_000).unwrap();
    let kept = store.analysis("g1", 10_000).unwrap().unwrap();
    assert_eq!(
        (kept.plies, kept.body.as_deref(), kept.running),
        (2, Some("{\"moves\":[]}"), None)
    );
    assert!(
        store.claim_analysis("x-no-game", "A", 0, 1).is_err(),
        "only a stored game has an analysis"
    );
}

/// Everything in a SQLite file reaches PostgreSQL as it was (`arbiter db migrate`).
#[test]
fn a_sqlite_database_copies_into_postgres() {
    let from = sqlite();
    let store = from.store.as_ref();
    with_players(store);
    for i in 0..5 {
        let moves: Vec<String> = (0..i * 3).map(|p| format!("m{p}")).collect();
        let refs: Vec<&str> = moves.iter().map(String::as_str).collect();
        let mut g = game(&format!("g{i}"), &refs);
        g.created_at += i as i64;
        g.version = i as i64;
        store.create(&g).unwrap();
    }
    store.add_challenge(&challenge("c1", 100)).unwrap();
    store.add_tournament(&tournament("t1", 1_700_000_000)).unwrap();
    store
        .set_entrant("t1", &PlayerId("pb".into()), true, 1_700_000_010)
        .unwrap();
    let puzzle = attempt("pa", "z1", true, rating(1662.0, 1, 1), rating(1338.0, 1, 0));
    assert!(store.record_puzzle_attempt(&puzzle).unwrap());
    store.create_account(&account("pa", "ada")).unwrap();
    store.add_token(&token("t1", "pa")).unwrap();
    let mut rated = game("g9", &[]);
    rated.rated = true;
    store.create(&rated).unwrap();
    let new = game_rating(1500.0, 0, 0);
    assert!(store
        .record_rated_game(&rated_game(
            "g9",
            [new, new],
            [game_rating(1662.0, 1, 1), game_rating(1338.0, 1, 0)]
        ))
        .unwrap());
    assert!(store.claim_analysis("g3", "A", 0, 10).unwrap());
    store
        .finish_analysis("g3", "A", Some((9, "{\"moves\":[]}")), 5)
        .unwrap();
    let to = postgres();
    let mut seen = 0;
    let copied = copy_store(store, to.store.as_ref(), &mut |c| seen = c.games).unwrap();
    assert_eq!(
        (
            copied.players,
            copied.games,
            copied.moves,
            copied.challenges,
            copied.analyses,
            copied.puzzle_attempts,
            copied.accounts,
            copied.ratings,
            copied.tournaments
        ),
        (2, 6, 30, 1, 1, 1, 1, 2, 1)
    );
    assert_eq!(to.store.rating_data().unwrap(), store.rating_data().unwrap());
    assert_eq!(to.store.tournament_data().unwrap(), store.tournament_data().unwrap());
    assert_eq!(to.store.account_data().unwrap(), store.account_data().unwrap());
    assert_eq!(to.store.puzzle_data().unwrap(), store.puzzle_data().unwrap());
    let analysis = to.store.analysis("g3", 0).unwrap().unwrap();
    assert_eq!((analysis.plies, analysis.body.as_deref()), (9, Some("{\"moves\":[]}")));
    assert_eq!(seen, 6);
    for id in store.game_ids().unwrap() {
        assert_eq!(to.store.load(&id).unwrap(), store.load(&id).unwrap(), "game {id}");
    }
    assert_eq!(to.store.players().unwrap(), store.players().unwrap());
    assert_eq!(to.store.challenges(10).unwrap(), store.challenges(10).unwrap());
    // Copying again would mix two databases: refused, and nothing changes.
    let again = copy_store(store, to.store.as_ref(), &mut |_| {}).unwrap_err();
    assert!(again.to_string().contains("empty"), "{again}");
    assert_eq!(to.store.game_ids().unwrap().len(), 6);
}

fn rating(rating: f64, attempts: i64, solved: i64) -> StoredRating {
    StoredRating {
        rating,
        deviation: 300.0,
        volatility: 0.06,
        attempts,
        solved,
    }
}

fn attempt(player: &str, puzzle: &str, solved: bool, mine: StoredRating, theirs: StoredRating) -> PuzzleAttempt {
    PuzzleAttempt {
        player: PlayerId(player.into()),
        set: "void".into(),
        puzzle: puzzle.into(),
        solved,
        at: 1_700_000_000,
        player_rating: mine,
        puzzle_rating: theirs,
    }
}

fn a_puzzle_attempt_is_rated_once_and_never_from_a_stale_rating(store: &dyn Store) {
    with_players(store);
    let pa = PlayerId("pa".into());
    assert_eq!(store.player_puzzle_rating(&pa, "void").unwrap(), None);
    assert!(store.puzzle_ratings("void").unwrap().is_empty());
    // The first attempt writes both ratings.
    let first = attempt("pa", "z1", true, rating(1662.0, 1, 1), rating(1338.0, 1, 0));
    assert!(store.record_puzzle_attempt(&first).unwrap());
    assert_eq!(
        store.player_puzzle_rating(&pa, "void").unwrap(),
        Some(rating(1662.0, 1, 1))
    );
    assert_eq!(
        store.puzzle_ratings("void").unwrap(),
        vec![("z1".to_string(), rating(1338.0, 1, 0))]
    );
    assert_eq!(store.puzzle_rating("z1").unwrap(), Some(rating(1338.0, 1, 0)));
    assert_eq!(store.puzzle_rating("z2").unwrap(), None);
    assert_eq!(store.attempted_puzzles(&pa, "void").unwrap(), vec!["z1".to_string()]);
    // A second attempt at the same puzzle changes nothing.
    let again = attempt("pa", "z1", false, rating(1600.0, 2, 1), rating(1400.0, 2, 0));
    assert!(!store.record_puzzle_attempt(&again).unwrap());
    assert_eq!(
        store.player_puzzle_rating(&pa, "void").unwrap(),
        Some(rating(1662.0, 1, 1))
    );
    // Another player's attempt computed from the puzzle's rating before the first: stale, and
    // nothing of it is written (not even the attempt).
    let stale = attempt("pb", "z1", true, rating(1662.0, 1, 1), rating(1338.0, 1, 0));
    assert!(matches!(store.record_puzzle_attempt(&stale), Err(StoreError::Stale)));
    let pb = PlayerId("pb".into());
    assert!(store.attempted_puzzles(&pb, "void").unwrap().is_empty());
    assert_eq!(store.player_puzzle_rating(&pb, "void").unwrap(), None);
    // Read again and it goes through.
    let fresh = attempt("pb", "z1", true, rating(1600.0, 1, 1), rating(1300.0, 2, 0));
    assert!(store.record_puzzle_attempt(&fresh).unwrap());
    let data = store.puzzle_data().unwrap();
    assert_eq!((data.puzzles.len(), data.players.len(), data.attempts.len()), (1, 2, 2));
}

/// A change committed through one connection pool reaches every store on the database.
#[test]
fn postgres_tells_other_servers_what_changed() {
    let url = arbiter_testkit::cluster().database();
    let a = PgStore::connect(&url).unwrap();
    let b = PgStore::connect(&url).unwrap();
    let mut heard = b.changes().expect("PostgreSQL tells changes");
    // The listener connects in the background: give it a moment before the first change.
    std::thread::sleep(Duration::from_millis(300));
    with_players(&a);
    a.create(&game("g1", &[])).unwrap();
    let state = GameState {
        result: None,
        outcome: None,
        clock: None,
    };
    let mv = NewMove {
        ply: 0,
        notation: "x",
        left_ms: None,
    };
    a.add_move("g1", 0, mv, state).unwrap();
    a.add_challenge(&challenge("c1", 1)).unwrap();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let next = |heard: &mut tokio::sync::broadcast::Receiver<Change>| {
        runtime
            .block_on(async { tokio::time::timeout(Duration::from_secs(5), heard.recv()).await })
            .expect("a change within 5 s")
            .unwrap()
    };
    assert_eq!(
        next(&mut heard),
        Change::Game {
            id: "g1".into(),
            version: 1
        }
    );
    assert_eq!(next(&mut heard), Change::Lobby);
    // A failed change tells nothing.
    assert_eq!(a.add_move("g1", 0, mv, state), Err(StoreError::Stale));
    assert!(a.take_challenge("c1").unwrap());
    assert_eq!(next(&mut heard), Change::Lobby);
    assert!(SqliteStore::open(&tempfile::tempdir().unwrap().path().join("x.db"))
        .unwrap()
        .changes()
        .is_none());
}

#[test]
fn database_locations_are_read_and_shown_without_passwords() {
    assert_eq!(
        DbLocation::parse("data/arbiter.db").unwrap(),
        DbLocation::Sqlite("data/arbiter.db".into())
    );
    let pg = DbLocation::parse("postgres://arbiter:secret@db:5432/arbiter").unwrap();
    assert_eq!(pg.to_string(), "postgres://arbiter:***@db:5432/arbiter");
    assert!(DbLocation::parse("mysql://x/y")
        .unwrap_err()
        .contains("unknown database scheme"));
    assert!(DbLocation::parse("  ").unwrap_err().contains("empty"));
    assert!(DbLocation::parse("postgres://h:notaport/db")
        .unwrap_err()
        .contains("bad PostgreSQL URL"));
    let unreachable = DbLocation::parse("postgres://arbiter@127.0.0.1:1/arbiter").unwrap();
    let error = unreachable.open().err().expect("nothing listens on port 1");
    assert!(error.to_string().contains("PostgreSQL"), "{error}");
}

#[test]
fn the_same_migrations_apply_once_to_a_shared_database() {
    let url = arbiter_testkit::cluster().database();
    // Three servers starting together on a new database: each step runs once.
    let stores: Vec<_> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..3).map(|_| scope.spawn(|| PgStore::connect(&url))).collect();
        handles.into_iter().map(|h| h.join().unwrap().unwrap()).collect()
    });
    let applied = arbiter_testkit::psql(
        &url,
        "SELECT string_agg(name, ',' ORDER BY version) FROM schema_migrations",
    );
    let names: Vec<&str> = arbiter_server::store::POSTGRES_MIGRATIONS
        .iter()
        .map(|(n, _)| *n)
        .collect();
    assert_eq!(applied, names.join(","));
    drop(stores);
}
