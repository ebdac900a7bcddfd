//! The core conformance suite ([`arbiter_core::conformance`]), run for every registered game and
//! every variant.
//!
//! The games and variants come from the registry: every registered name, and for each its
//! option choices ([`arbiter_core::DynGameType::option_choices`]): with one key, each of its
//! values (Villawar's sizes 6, 8 and 10); with several, the default and each other value of
//! each key alone (Krux's setups and rules; all their combinations would be too many). The
//! suite itself is generic over the typed game, so each
//! registered name is matched to its type through [`arbiter_games::for_each_game`] (the one list
//! of the games, which also makes the registry), and each match is checked against the type the
//! registry's sessions really have.
//!
//! The settings are one for all — 60 games per variant, a ply cap of at least 300, at least 2,000
//! positions (Krux's rule variants: 20 games and 1,000) — and at least as strong as what each game crate used when it ran the suite
//! itself, which it no longer does (each keeps its checks of hand-picked positions).

use arbiter_core::dynamic::GameType;
use arbiter_core::{conformance, swap, DynGameType, FullGame, Session, WithSwap};
use arbiter_games::EachGame;
use std::thread;

/// How hard one variant is exercised: seeded random games, each under a ply cap, and the least
/// number of positions they must reach (so that games ending at once cannot pass unseen).
#[derive(Debug, Clone, Copy)]
struct Settings {
    seed: u64,
    games: usize,
    ply_cap: u32,
    min_positions: usize,
}

/// Random games per variant: as many as any game crate played (Void, Attraction and Villawar
/// on 6×6 played 60; Krux played 20, Villawar on 8×8 40 and on 10×10 25).
const GAMES: usize = 60;
/// The least ply cap: the largest any game crate used short of Villawar's 500 (Void's 300;
/// Attraction used 200 and Krux 60).
const PLY_CAP: u32 = 300;
/// The least number of positions checked per variant (the crates asked for 100 to 10,000).
const MIN_POSITIONS: usize = 2_000;

/// The settings for a game and variant (option string), with the seed its game crate used;
/// the minimum is the larger of the crate's and [`MIN_POSITIONS`].
fn settings(game: &str, options: &str) -> Settings {
    let uniform = |seed, min_positions: usize| Settings {
        seed,
        games: GAMES,
        ply_cap: PLY_CAP,
        min_positions: min_positions.max(MIN_POSITIONS),
    };
    match (game, options) {
        // Formerly this file, for Void only: 60 games, cap 300, more than 5,000 positions.
        ("void", "") => uniform(1, 5_001),
        // Formerly crates/krux/tests/conformance.rs: 20 games, cap 60, 100 positions.
        ("krux", "") => uniform(7, 100),
        // Each rule variant changes one rule of the same generator: a third of the games, which
        // still reach more than 1,000 positions (a Krux game lasts about 110 random plies).
        (
            "krux",
            "setup=spread" | "setup=reversed" | "setup=centre" | "setup=facing" | "hole=blocks" | "freeze=off"
            | "distance=1",
        ) => Settings {
            seed: 7,
            games: GAMES / 3,
            ply_cap: PLY_CAP,
            min_positions: 1_000,
        },
        // Formerly crates/attraction/tests/conformance.rs: 60 games, cap 200, 10,000 positions.
        ("attraction", "") => uniform(2024, 10_000),
        // Formerly crates/villawar/tests/conformance.rs: 60, 40 and 25 games, cap 500, 1,000
        // positions per size.
        ("villawar", "size=6") => villawar(6),
        ("villawar", "size=8") => villawar(8),
        ("villawar", "size=10") => villawar(10),
        // The swap rule changes only the first two plies (and who plays which side after them):
        // a third of the games, on the default variant.
        (_, "swap=on") => Settings {
            seed: 36,
            games: GAMES / 3,
            ply_cap: PLY_CAP,
            min_positions: 1_000,
        },
        _ => panic!("no conformance settings for {game} with options '{options}': add them here"),
    }
}

fn villawar(n: u64) -> Settings {
    Settings {
        seed: 2024 + n,
        games: GAMES,
        ply_cap: 500,
        min_positions: MIN_POSITIONS,
    }
}

/// Runs the suite on the typed game `G`, or `G` with the swap rule where the options ask for it.
fn run<G: FullGame>(game: &dyn DynGameType, options: &str, s: Settings) -> usize {
    if swap::swap_requested(options).expect("the options are valid") {
        run_typed::<WithSwap<G>>(game, options, s)
    } else {
        run_typed::<G>(game, options, s)
    }
}

/// Runs the suite on the typed game `G`, after checking that the registry's game is `G`.
fn run_typed<G: FullGame>(game: &dyn DynGameType, options: &str, s: Settings) -> usize {
    let session = game.new_session(options, None).expect("the options are valid");
    assert!(
        session.as_any().is::<Session<G>>(),
        "the registry's '{}' is not {}",
        game.name(),
        std::any::type_name::<G>()
    );
    let (variant, _) = GameType::<G>::parse_options(options).expect("the options parse");
    conformance::run::<G>(&variant, s.seed, s.games, s.ply_cap)
}

/// A typed conformance run of one variant: how many positions it checked.
type TypedRun = fn(&dyn DynGameType, &str, Settings) -> usize;

/// The typed suite for a registered name, found in the one list of the games.
fn typed(name: &str) -> TypedRun {
    struct Find<'a> {
        name: &'a str,
        run: Option<TypedRun>,
    }
    impl EachGame for Find<'_> {
        fn game<G: FullGame>(&mut self) {
            if G::NAME == self.name {
                self.run = Some(run::<G>);
            }
        }
    }
    let mut find = Find { name, run: None };
    arbiter_games::for_each_game(&mut find);
    find.run
        .unwrap_or_else(|| panic!("'{name}' is registered but not in arbiter_games::for_each_game"))
}

#[test]
fn variants_come_from_the_registry() {
    let registry = arbiter_games::registry();
    let all: Vec<(&str, String)> = registry
        .names()
        .into_iter()
        .flat_map(|name| {
            arbiter_games::variants_to_test(registry.get(name).unwrap())
                .into_iter()
                .map(move |v| (name, v))
        })
        .collect();
    let expected = [
        ("void", ""),
        ("void", "swap=on"),
        ("krux", ""),
        ("krux", "setup=spread"),
        ("krux", "setup=reversed"),
        ("krux", "setup=centre"),
        ("krux", "setup=facing"),
        ("krux", "hole=blocks"),
        ("krux", "freeze=off"),
        ("krux", "distance=1"),
        ("krux", "swap=on"),
        ("attraction", ""),
        ("attraction", "swap=on"),
        ("villawar", "size=6"),
        ("villawar", "size=8"),
        ("villawar", "size=10"),
        ("villawar", "swap=on"),
    ];
    assert_eq!(
        all,
        expected.map(|(g, v)| (g, v.to_string())).to_vec(),
        "the variants the conformance suite and the playthroughs cover"
    );
}

#[test]
fn every_game_and_variant_conforms() {
    let registry = arbiter_games::registry();
    let mut jobs = Vec::new();
    for name in registry.names() {
        let game = registry.get(name).unwrap();
        let run = typed(name);
        for options in arbiter_games::variants_to_test(game) {
            jobs.push((game, run, options.clone(), settings(name, &options)));
        }
    }
    // The variants are independent: each runs on a thread of its own.
    let results: Vec<(String, Result<usize, String>)> = thread::scope(|scope| {
        let handles: Vec<_> = jobs
            .iter()
            .map(|(game, run, options, s)| {
                let label = format!("{}{}{options}", game.name(), if options.is_empty() { "" } else { ":" });
                (label, scope.spawn(move || run(*game, options, *s)))
            })
            .collect();
        handles
            .into_iter()
            .map(|(label, handle)| {
                let result = handle.join().map_err(|panic| {
                    panic
                        .downcast_ref::<String>()
                        .cloned()
                        .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                        .unwrap_or_else(|| "panicked".into())
                });
                (label, result)
            })
            .collect()
    });
    let mut failures = Vec::new();
    for ((label, result), (_, _, _, s)) in results.iter().zip(&jobs) {
        match result {
            Ok(checked) if *checked >= s.min_positions => {
                println!("{label}: {checked} positions checked ({s:?})")
            }
            Ok(checked) => failures.push(format!(
                "{label}: only {checked} positions checked, at least {} wanted",
                s.min_positions
            )),
            Err(message) => failures.push(format!("{label}: {message}")),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Every game's named rule sets ([`arbiter_core::Presentation::RULE_SETS`]) are options it accepts
/// and starts a game with; names are unique and at most one set is recommended.
#[test]
fn rule_sets_are_options_the_game_accepts() {
    let registry = arbiter_games::registry();
    for name in registry.names() {
        let game = registry.get(name).unwrap();
        let sets = game.rule_sets();
        for set in sets {
            game.check_options(set.options)
                .unwrap_or_else(|e| panic!("{name}: rule set {:?}: {e}", set.name));
            game.new_session(set.options, None)
                .unwrap_or_else(|e| panic!("{name}: rule set {:?}: {e}", set.name));
            assert!(!set.about.is_empty(), "{name}: {:?} says why", set.name);
            assert_eq!(
                sets.iter().filter(|s| s.name == set.name).count(),
                1,
                "{name}: one {:?}",
                set.name
            );
        }
        assert!(
            sets.iter().filter(|s| s.recommended).count() <= 1,
            "{name}: one recommended set at most"
        );
        if !sets.is_empty() {
            assert!(
                sets.iter().any(|s| s.options.is_empty()),
                "{name}: the rules as written are one of the sets"
            );
        }
    }
}
