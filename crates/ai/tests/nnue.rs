//! The learned evaluation in the search: the accumulator followed move by move equals the one
//! summed from scratch, a net plays through the agent specs, and nets that do not fit are
//! refused with a message.

use arbiter_ai::nnue::{Accumulator, NetEvaluator, NetFile, Network};
use arbiter_ai::{AgentSpec, Engines};
use arbiter_attraction::Attraction;
use arbiter_core::{FullGame, Registry};
use arbiter_krux::Krux;
use arbiter_villawar::Villawar;
use arbiter_void::Void;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// A net file with random weights of this shape, as `arbiter-train` writes one.
fn net_bytes(game: &str, options: &str, inputs: usize, hidden: usize, weight: f32, format: &str) -> Vec<u8> {
    let mut rng = SmallRng::seed_from_u64(inputs as u64);
    let mut values = |n: usize| -> Vec<f32> { (0..n).map(|_| rng.random_range(-weight..weight)).collect() };
    let file = NetFile {
        game: game.to_string(),
        options: options.to_string(),
        inputs,
        hidden,
        scale: 400.0,
        hidden_weight: values(hidden * inputs),
        hidden_bias: values(hidden),
        output_weight: values(hidden),
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

fn network<G: FullGame>() -> Arc<Network> {
    let inputs = G::observation_shape(&G::Variant::default()).iter().product();
    Arc::new(Network::from_bytes(&net_bytes(G::NAME, "", inputs, 48, 0.5, "1"), "test net").unwrap())
}

/// Follows random games move by move (and jumps between games) with one evaluator, comparing
/// its accumulator with one summed from scratch at every position.
fn incremental_equals_refresh<G: FullGame>() {
    let net = network::<G>();
    let mut evaluator = NetEvaluator::new(net.clone());
    let mut fresh = Accumulator::new(&net);
    let mut observation = vec![0.0; net.inputs];
    let mut moves = Vec::new();
    let mut rng = SmallRng::seed_from_u64(7);
    let mut updates = 0;
    let mut check = |evaluator: &mut NetEvaluator, game: &G, ply: usize| {
        let logit = evaluator.logit_at(game, ply);
        game.observe(&mut observation);
        let active: Vec<u32> = (0..net.inputs as u32)
            .filter(|&i| observation[i as usize] != 0.0)
            .collect();
        fresh.refresh(&net, &active);
        assert_eq!(evaluator.accumulator(), Some(&fresh), "{}", game.position());
        assert_eq!(logit, fresh.logit(&net));
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
}

#[test]
fn the_accumulator_followed_move_by_move_equals_the_one_summed_from_scratch() {
    incremental_equals_refresh::<Void>();
    incremental_equals_refresh::<Krux>();
    incremental_equals_refresh::<Attraction>();
    incremental_equals_refresh::<Villawar>();
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
    assert!(error.contains("320 inputs; this villawar game has 180"), "{error}");
}

#[test]
fn nets_that_cannot_be_read_are_refused_with_a_message() {
    let cases: [(&str, Vec<u8>, &str); 4] = [
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
