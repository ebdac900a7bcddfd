//! The learned evaluations built into the games: each is named by the hash of its bytes, small,
//! reads as a net of its game with the game's inputs, and changes the search that names
//! `net=builtin`; a variant without one searches with `net=builtin` exactly as without.

use arbiter_ai::AgentSpec;
use sha2::{Digest, Sha256};
use std::sync::atomic::AtomicBool;

/// Nodes and score of an alpha-beta search of `session` with `spec`.
fn search(game: &str, session: &dyn arbiter_core::DynSession, spec: &str) -> (u64, String) {
    let spec: AgentSpec = spec.parse().unwrap();
    let mut agent = arbiter_games::engines().agent(game, &spec).unwrap();
    let result = agent.choose(session, &AtomicBool::new(false), &mut |_| {}).unwrap();
    (result.info.nodes, format!("{:?}", result.info.score))
}

#[test]
fn builtin_nets_are_named_by_their_hash_read_and_change_the_search() {
    let registry = arbiter_games::registry();
    let mut with_net = 0;
    for name in registry.names() {
        let game = registry.get(name).unwrap();
        for options in arbiter_games::variants_to_test(game) {
            let mut session = game.new_session(&options, None).unwrap();
            for mv in session.legal_moves().into_iter().take(1) {
                session.play(&mv).unwrap();
            }
            let own = search(name, &*session, "alphabeta:depth=3");
            let learned = search(name, &*session, "alphabeta:depth=3,net=builtin");
            let Some(net) = session.builtin_net() else {
                assert_eq!(
                    learned, own,
                    "{name}:{options} has no net: net=builtin is its own evaluation"
                );
                continue;
            };
            with_net += 1;
            let hash: String = Sha256::digest(net.bytes)[..6]
                .iter()
                .map(|b| format!("{b:02x}"))
                .collect();
            assert!(
                net.name.starts_with(name) && net.name.ends_with(&format!("-{hash}.safetensors")),
                "{}: the name carries the game and the first bytes of the SHA-256, {hash}",
                net.name
            );
            assert!(net.bytes.len() <= 2 << 20, "{}: at most 2 MB", net.name);
            let network = arbiter_ai::nnue::Network::from_bytes(net.bytes, net.name).unwrap();
            assert_eq!(network.game, name, "{}", net.name);
            let shape = match network.views {
                1 => session.observation_shape(),
                _ => session.perspective_shape(),
            };
            assert_eq!(
                network.inputs,
                shape.iter().product::<usize>(),
                "{}: the game's observation (or each player's view) is its input",
                net.name
            );
            assert_ne!(learned, own, "{name}:{options}: the net is the search's evaluation");
        }
    }
    assert!(with_net > 0, "at least one variant has a built-in net");
}
