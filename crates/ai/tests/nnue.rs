//! The learned evaluation in the search: the accumulators followed move by move equal the ones
//! summed from scratch (nets of the observation and nets of each player's view), a net plays
//! through the agent specs, and nets that do not fit are refused with a message.

use arbiter_ai::nnue::{Accumulator, NetEvaluator, NetFile, Network};
use arbiter_ai::{AgentSpec, Engines};
use arbiter_attraction::Attraction;
use arbiter_core::{FullGame, Player, Registry};
use arbiter_krux::Krux;
use arbiter_villawar::Villawar;
use arbiter_void::Void;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// A net file with random weights of this shape, as `arbiter-train` writes one.
fn net_bytes(game: &str, options: &str, inputs: usize, hidden: usize, weight: f32, format: &str) -> Vec<u8> {
    net_bytes_of_views(game, options, inputs, 1, hidden, weight, format)
}

/// The same for a net of `views` views.
fn net_bytes_of_views(
    game: &str,
    options: &str,
    inputs: usize,
    views: usize,
    hidden: usize,
    weight: f32,
    format: &str,
) -> Vec<u8> {
    let mut rng = SmallRng::seed_from_u64(inputs as u64);
    let mut values = |n: usize| -> Vec<f32> { (0..n).map(|_| rng.random_range(-weight..weight)).collect() };
    let file = NetFile {
        game: game.to_string(),
        options: options.to_string(),
        inputs,
        views,
        hidden,
        scale: 400.0,
        hidden_weight: values(hidden * inputs),
        hidden_bias: values(hidden),
        output_weight: values(views * hidden),
        output_bias: values(1)[0],
    };
    let bytes = file.to_bytes().unwrap();
    assert_eq!(NetFile::from_bytes(&bytes, "net").unwrap(), file, "the file reads back");
    // Another format version: the metadata's value replaced in place.
    let at = bytes.windows(12).position(|w| w == b"\"format\":\"1\"").unwrap();
    let mut bytes = bytes;
    bytes[at + 10] = format.as_bytes()[0];
    bytes
}

/// A net of random weights for `G`: of its observation (1 view) or of each player's view (2).
fn network<G: FullGame>(views: usize) -> Arc<Network> {
    let variant = G::Variant::default();
    let shape = match views {
        1 => G::observation_shape(&variant),
        _ => G::perspective_shape(&variant),
    };
    let bytes = net_bytes_of_views(G::NAME, "", shape.iter().product(), views, 48, 0.5, "1");
    Arc::new(Network::from_bytes(&bytes, "test net").unwrap())
}

/// Follows random games move by move (and jumps between games) with one evaluator, comparing
/// its accumulators with ones summed from scratch at every position.
fn incremental_equals_refresh<G: FullGame>(views: usize) -> f64 {
    let net = network::<G>(views);
    let mut evaluator = NetEvaluator::new(net.clone());
    let mut fresh = vec![Accumulator::new(&net); views];
    let mut observation = vec![0.0; net.inputs];
    let mut moves = Vec::new();
    let mut rng = SmallRng::seed_from_u64(7);
    let mut updates = 0;
    let mut check = |evaluator: &mut NetEvaluator, game: &G, ply: usize| {
        let logit = evaluator.logit_at(game, ply);
        for (view, fresh) in fresh.iter_mut().enumerate() {
            match views {
                1 => game.observe(&mut observation),
                _ => game.observe_as(Player::BOTH[view], &mut observation),
            }
            let active: Vec<u32> = (0..net.inputs as u32)
                .filter(|&i| observation[i as usize] != 0.0)
                .collect();
            fresh.refresh(&net, &active);
        }
        assert_eq!(
            evaluator.accumulators(),
            fresh.iter().collect::<Vec<_>>(),
            "{}",
            game.position()
        );
        // The side to move's view first.
        let mover = game.to_move().index().min(views - 1);
        let ordered: Vec<&Accumulator> = match views {
            1 => vec![&fresh[0]],
            _ => vec![&fresh[mover], &fresh[1 - mover]],
        };
        assert_eq!(logit, net.logit(&ordered));
    };
    for _ in 0..20 {
        let mut game = G::new(&G::Variant::default());
        for _ in 0..60 {
            if game.outcome().is_some() {
                break;
            }
            check(&mut evaluator, &game, 0);
            updates += 1;
            // Two children in a row one ply down, as a search evaluates siblings: a few inputs
            // from their parent and from each other.
            for _ in 0..2 {
                let mut child = game.clone();
                if let Some(mv) = child.random_move(&mut rng, &mut moves) {
                    child.play(mv);
                    check(&mut evaluator, &child, 1);
                }
            }
            let Some(mv) = game.random_move(&mut rng, &mut moves) else {
                break;
            };
            game.play(mv);
        }
    }
    let (refreshed, updated) = evaluator.counts();
    assert!(
        updated > refreshed / 4,
        "{}: {updated} updates, {refreshed} refreshes",
        G::NAME
    );
    assert!(updates > 100, "{}: only {updates} positions", G::NAME);
    updated as f64 / (updated + refreshed) as f64
}

#[test]
fn the_accumulator_followed_move_by_move_equals_the_one_summed_from_scratch() {
    // Views change fewer inputs per move than the observation, whose planes say whose turn
    // it is: nearly every evaluation is an update where the observation had a plane for the
    // side to move (Void, Attraction, Villawar), about as many as before in Krux (which had
    // none, and whose few active inputs are as quickly summed from scratch).
    for (name, planes, views) in [
        (
            "void",
            incremental_equals_refresh::<Void>(1),
            incremental_equals_refresh::<Void>(2),
        ),
        (
            "krux",
            incremental_equals_refresh::<Krux>(1),
            incremental_equals_refresh::<Krux>(2),
        ),
        (
            "attraction",
            incremental_equals_refresh::<Attraction>(1),
            incremental_equals_refresh::<Attraction>(2),
        ),
        (
            "villawar",
            incremental_equals_refresh::<Villawar>(1),
            incremental_equals_refresh::<Villawar>(2),
        ),
    ] {
        let expected = if name == "krux" { 0.9 * planes } else { 0.9 };
        assert!(
            views >= expected,
            "{name}: updates {views:.2} with views, {planes:.2} without"
        );
    }
}

#[test]
fn a_net_plays_through_an_agent_spec_and_is_checked_against_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let engines = Engines::new().with::<Void>().with::<Villawar>();
    let registry = Registry::new().with::<Void>().with::<Villawar>();
    let inputs = 5 * 8 * 8;
    let path = dir.path().join("villawar.safetensors");
    std::fs::write(&path, net_bytes("villawar", "", inputs, 32, 0.3, "1")).unwrap();
    let spec: AgentSpec = format!("alphabeta:depth=3,net={}", path.display()).parse().unwrap();
    assert_eq!(spec.to_string(), format!("alphabeta:depth=3,net={}", path.display()));
    let session = registry.get("villawar").unwrap().new_session("", None).unwrap();
    let choose = || {
        let mut agent = engines.agent("villawar", &spec).unwrap();
        agent
            .choose(session.as_ref(), &AtomicBool::new(false), &mut |_| {})
            .unwrap()
    };
    let first = choose();
    assert!(session.legal_moves().contains(&first.best));
    assert_eq!(first.best, choose().best, "one thread at a fixed depth is reproducible");
    let hand: AgentSpec = "alphabeta:depth=3".parse().unwrap();
    let by_hand = engines
        .agent("villawar", &hand)
        .unwrap()
        .choose(session.as_ref(), &AtomicBool::new(false), &mut |_| {})
        .unwrap();
    assert_ne!(
        (first.info.nodes, first.info.score),
        (by_hand.info.nodes, by_hand.info.score),
        "the net, not the game's evaluation, scored the search"
    );

    // Another game, another board size: refused, not misread.
    let error = engines.agent("void", &spec).err().unwrap().to_string();
    assert!(error.contains("is for villawar, not void"), "{error}");
    let six = registry.get("villawar").unwrap().new_session("size=6", None).unwrap();
    let error = engines
        .agent("villawar", &spec)
        .unwrap()
        .choose(six.as_ref(), &AtomicBool::new(false), &mut |_| {})
        .err()
        .unwrap()
        .to_string();
    assert!(
        error.contains("320 inputs per view; this villawar game has 180"),
        "{error}"
    );
}

#[test]
fn nets_that_cannot_be_read_are_refused_with_a_message() {
    let cases: [(&str, Vec<u8>, &str); 5] = [
        ("garbage", b"nonsense".to_vec(), "is not an Arbiter net"),
        ("format", net_bytes("void", "", 810, 8, 0.1, "9"), "format 9"),
        (
            "huge weight",
            net_bytes("void", "", 810, 8, 100.0, "1"),
            "too large to quantise",
        ),
        (
            "shape",
            {
                let mut bytes = net_bytes("void", "", 810, 8, 0.1, "1");
                // Claim another width in the metadata than the tensors have.
                let at = bytes.windows(12).position(|w| w == b"\"hidden\":\"8\"").unwrap();
                bytes[at + 10] = b'9';
                bytes
            },
            "is not f32 of shape",
        ),
        (
            "views",
            {
                let mut bytes = net_bytes_of_views("void", "", 720, 2, 8, 0.1, "1");
                let at = bytes.windows(11).position(|w| w == b"\"views\":\"2\"").unwrap();
                bytes[at + 9] = b'7';
                bytes
            },
            "'views' is 7, not 1 or 2",
        ),
    ];
    for (name, bytes, expected) in cases {
        let error = Network::from_bytes(&bytes, "the net").err().unwrap().to_string();
        assert!(error.contains(expected), "{name}: {error}");
    }
    let error = "alphabeta:net=/no/such/net"
        .parse::<AgentSpec>()
        .err()
        .unwrap()
        .to_string();
    assert!(
        error.starts_with("bad agent spec") && error.contains("/no/such/net"),
        "{error}"
    );
}
