//! The search's quantised net computes what the framework's float net computes, within the
//! error its rounding allows, on 10,000 positions of random games of every game, for nets of the
//! observation and nets of each player's view; and a net saved here is read by the search.

use arbiter_ai::nnue::{Accumulator, Network};
use arbiter_train::{Net, NetInfo};
use candle_core::{Device, Tensor};

#[test]
fn quantised_logits_match_the_float_net_on_10000_positions() {
    quantised_logits_match_the_float_net(1);
}

#[test]
fn quantised_logits_of_two_views_match_the_float_net_on_10000_positions() {
    quantised_logits_match_the_float_net(2);
}

fn quantised_logits_match_the_float_net(views: usize) {
    let registry = arbiter_games::registry();
    let dir = tempfile::tempdir().unwrap();
    let names = registry.names();
    let per_game = 10_000 / names.len();
    let mut checked = 0;
    for (g, name) in names.iter().enumerate() {
        let game = registry.get(name).unwrap();
        let start = game.new_session("", None).unwrap();
        let shape = match views {
            1 => start.observation_shape(),
            _ => start.perspective_shape(),
        };
        let inputs: usize = shape.iter().product();
        // Fresh weights (candle's initialisation) and one trained step's worth of spread: any
        // net must quantise within its bound.
        let net = Net::new(NetInfo {
            game: name.to_string(),
            options: String::new(),
            inputs,
            views,
            hidden: 64,
            scale: 400.0,
        })
        .unwrap();
        let path = dir.path().join(format!("{name}.safetensors"));
        net.save(&path).unwrap();
        let quantised = Network::load(&path).unwrap();
        assert_eq!(
            (
                quantised.inputs,
                quantised.views,
                quantised.hidden,
                quantised.game.as_str()
            ),
            (inputs, views, 64, *name)
        );

        // Positions of random games from the start, a fresh game whenever one ends.
        let mut positions = Vec::new();
        let mut session = start.clone_box();
        let mut seed = 1000 * g as u64;
        while positions.len() < per_game {
            if session.ending().is_some() {
                session = start.clone_box();
            }
            // The side to move's view first, then the opponent's (or the observation).
            let mut observation = Vec::new();
            if views == 1 {
                session.observe(&mut observation);
            } else {
                let mut other = Vec::new();
                session.observe_as(session.to_move(), &mut observation);
                session.observe_as(session.to_move().opponent(), &mut other);
                observation.extend(other);
            }
            positions.push(observation);
            seed += 1;
            let mv = session.random_move(seed).unwrap();
            session.play(&mv).unwrap();
        }
        let dense: Vec<f32> = positions.iter().flatten().copied().collect();
        let x = Tensor::from_vec(dense, (positions.len(), views * inputs), &Device::Cpu).unwrap();
        let float: Vec<Vec<f32>> = net.logits(&x).unwrap().to_vec2().unwrap();
        let mut accumulators = vec![Accumulator::new(&quantised); views];
        let mut total_error = 0.0;
        for (observation, expected) in positions.iter().zip(&float) {
            let mut active_inputs = 0;
            for (view, accumulator) in accumulators.iter_mut().enumerate() {
                let part = &observation[view * inputs..][..inputs];
                let active: Vec<u32> = (0..inputs as u32).filter(|&i| part[i as usize] != 0.0).collect();
                accumulator.refresh(&quantised, &active);
                active_inputs += active.len();
            }
            let got = quantised.logit(&accumulators.iter().collect::<Vec<_>>());
            let bound = quantised.error_bound(active_inputs);
            assert!(
                (got - expected[0]).abs() <= bound,
                "{name}: quantised {got}, float {}, bound {bound}",
                expected[0]
            );
            total_error += (got - expected[0]).abs();
            checked += 1;
        }
        // The bound is the worst case of every rounding adding up; on average the roundings
        // cancel: the net is off by under 0.01 of a logit (4 evaluation units at scale 400).
        let mean = total_error / positions.len() as f32;
        assert!(mean < 0.01, "{name}: mean error {mean} of the logit");
    }
    assert!(checked >= 10_000 - names.len());
}
