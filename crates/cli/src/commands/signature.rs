//! `arbiter bench --signature`: a fixed set of positions per game searched to a fixed depth; the
//! node total changes only when the search (or move generation) changes, as Stockfish's `bench`.
//! Quote it in commit messages that touch search.

use crate::spec::{engines, registry};
use arbiter_ai::AgentSpec;
use serde::Serialize;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Instant;

/// Every game's share of the signature, in the registry's order: `game[:options]`, the
/// alpha-beta depth (each game chooses its own: `Heuristics::SIGNATURE`) and whether the search
/// uses the variant's built-in net. A variant with a net is searched twice, with its own
/// evaluation and (two plies shallower: its tree is larger) with the net, so that the signature
/// changes with the net too.
fn suite() -> Vec<(String, u32, bool)> {
    let registry = registry();
    let mut suite = Vec::new();
    for game in registry.names().into_iter().filter_map(|name| registry.get(name).ok()) {
        for &(options, depth) in game.signature() {
            let spec = if options.is_empty() {
                game.name().to_string()
            } else {
                format!("{}:{options}", game.name())
            };
            let has_net = game.new_session(options, None).is_ok_and(|s| s.builtin_net().is_some());
            if has_net {
                suite.push((spec.clone(), depth.saturating_sub(2).max(1), true));
            }
            suite.insert(suite.len() - usize::from(has_net), (spec, depth, false));
        }
    }
    suite
}
/// Random plies from the start to each position (the start position itself first).
const PLIES: [usize; 4] = [0, 5, 12, 24];

/// One game's share of the signature.
#[derive(Serialize)]
pub struct GameSignature {
    game: String,
    depth: u32,
    positions: usize,
    nodes: u64,
}

/// The whole signature.
#[derive(Serialize)]
pub struct Signature {
    games: Vec<GameSignature>,
    nodes: u64,
    nodes_per_second: f64,
}

/// A small fixed generator (SplitMix64), so that the positions never depend on a crate's RNG.
fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Searches the suite (only `only`'s game when given) and totals the nodes.
pub fn run(only: Option<&str>) -> Result<Signature, String> {
    let started = Instant::now();
    let mut games = Vec::new();
    let suite = suite();
    for (spec, depth, net) in &suite {
        if only.is_some_and(|o| o != spec) {
            continue;
        }
        let (game, options) = registry().parse_spec(spec).map_err(|e| e.to_string())?;
        let net_option = if *net { ",net=builtin" } else { "" };
        let agent: AgentSpec = format!("alphabeta:depth={depth},seed=1{net_option}")
            .parse()
            .map_err(|e: arbiter_core::Error| e.to_string())?;
        let (mut nodes, mut positions) = (0, 0);
        for (i, plies) in PLIES.into_iter().enumerate() {
            let mut session = game.new_session(options, None).map_err(|e| e.to_string())?;
            let mut rng = 0x5EED_0000 + i as u64;
            for _ in 0..plies {
                let moves = session.legal_moves();
                if moves.is_empty() || session.ending().is_some() {
                    break;
                }
                let pick = (next(&mut rng) % moves.len() as u64) as usize;
                session.play(&moves[pick]).map_err(|e| e.to_string())?;
            }
            if session.ending().is_some() {
                continue;
            }
            let result = engines()
                .choose(session.as_ref(), &agent, Arc::new(AtomicBool::new(false)), &mut |_| {})
                .map_err(|e| e.to_string())?;
            nodes += result.info.nodes;
            positions += 1;
        }
        games.push(GameSignature {
            game: if *net {
                format!("{spec} + net")
            } else {
                spec.to_string()
            },
            depth: *depth,
            positions,
            nodes,
        });
    }
    if games.is_empty() {
        let mut names: Vec<&str> = suite.iter().map(|(s, _, _)| s.as_str()).collect();
        names.dedup();
        return Err(format!(
            "the signature covers {}, not '{}'",
            names.join(", "),
            arbiter_core::quote(only.unwrap_or(""))
        ));
    }
    let nodes = games.iter().map(|g| g.nodes).sum();
    Ok(Signature {
        games,
        nodes,
        nodes_per_second: nodes as f64 / started.elapsed().as_secs_f64().max(1e-9),
    })
}

/// Prints the signature as Stockfish does: a line per game, then the total.
pub fn print(signature: &Signature) {
    for g in &signature.games {
        println!(
            "{:<24} depth {} on {} positions: {} nodes",
            g.game, g.depth, g.positions, g.nodes
        );
    }
    println!("Nodes searched  : {}", signature.nodes);
    println!("Nodes/second    : {:.0}", signature.nodes_per_second);
}
