//! Training on real self-play data: the validation loss falls, the net file reads back as the
//! same net, and data or nets that do not fit are refused with a message.

use arbiter_learn::{generate, DataHeader, DatagenSettings};
use arbiter_train::{train, Dataset, Net, Settings, Targets};
use candle_core::{Device, Tensor};
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

const TARGETS: Targets = Targets {
    lambda: 0.5,
    scale: 400.0,
    proven: false,
};

/// A few thousand positions of Villawar 6×6 self-play at a small node budget.
fn data(dir: &Path, options: &str, games: u32) -> PathBuf {
    let registry = arbiter_games::registry();
    let game = registry.get("villawar").unwrap();
    let path = dir.join(format!("villawar-{options}.bin"));
    let settings = DatagenSettings {
        header: DataHeader::for_run(game, options, "alphabeta:nodes=400", 6, 200, 5).unwrap(),
        games,
        threads: 2,
    };
    generate(
        &arbiter_games::engines(),
        game,
        &settings,
        &path,
        &AtomicBool::new(false),
        &mut |_| {},
    )
    .unwrap();
    path
}

fn settings(epochs: usize) -> Settings {
    Settings {
        hidden: 32,
        epochs,
        batch: 256,
        learning_rate: 3e-3,
        seed: 1,
    }
}

#[test]
fn the_validation_loss_falls_and_the_net_reads_back() {
    let dir = tempfile::tempdir().unwrap();
    let path = data(dir.path(), "size=6", 120);
    let registry = arbiter_games::registry();
    let game = registry.get("villawar").unwrap();
    let data = Dataset::read(game, &[&path], TARGETS, 1, 0.2, usize::MAX).unwrap();
    assert!(
        data.training.len() > 1000 && data.validation.len() > 100,
        "{} / {}",
        data.training.len(),
        data.validation.len()
    );
    assert_eq!((data.inputs, data.shape), (5 * 6 * 6, [5, 6, 6]));
    let mut epochs = Vec::new();
    let (net, curve) = train(&data, &settings(4), 400.0, &mut |c| epochs.push(c.training.len())).unwrap();
    assert_eq!(epochs, vec![1, 2, 3, 4]);
    let before = curve.validation[0].1;
    let after = curve.validation.last().unwrap().1;
    assert!(after < before * 0.8, "validation loss {before} → {after}: {curve:?}");
    assert!(curve.training.last().unwrap().1 < curve.training[0].1);

    let file = dir.path().join("net.safetensors");
    net.save(&file).unwrap();
    let loaded = Net::load(&file).unwrap();
    assert_eq!(loaded.info, net.info);
    assert_eq!(
        (loaded.info.game.as_str(), loaded.info.options.as_str()),
        ("villawar", "size=6,plies=200")
    );
    let x = Tensor::from_vec(
        (0..3 * data.inputs)
            .map(|i| ((i * 7) % 5 == 0) as u8 as f32)
            .collect::<Vec<f32>>(),
        (3, data.inputs),
        &Device::Cpu,
    )
    .unwrap();
    let a: Vec<Vec<f32>> = net.forward(&x).unwrap().to_vec2().unwrap();
    let b: Vec<Vec<f32>> = loaded.forward(&x).unwrap().to_vec2().unwrap();
    assert_eq!(a, b, "the saved net computes what the trained one does");

    // The net loads in the search and plays.
    let spec: arbiter_ai::AgentSpec = format!("alphabeta:depth=2,net={}", file.display()).parse().unwrap();
    let session = game.new_session("size=6", None).unwrap();
    let mut agent = arbiter_games::engines().agent("villawar", &spec).unwrap();
    let played = agent.choose(&*session, &AtomicBool::new(false), &mut |_| {}).unwrap();
    assert!(session.legal_moves().contains(&played.best), "{}", played.best);

    // The same seed and data give the same net, to the bit.
    let (again, again_curve) = train(&data, &settings(4), 400.0, &mut |_| {}).unwrap();
    assert_eq!(again_curve, curve);
    assert_eq!(again.to_file().unwrap(), net.to_file().unwrap());
    let other = Settings { seed: 2, ..settings(4) };
    let (_, other_curve) = train(&data, &other, 400.0, &mut |_| {}).unwrap();
    assert_ne!(other_curve, curve, "another seed, another net");

    let svg = curve.svg("Training").unwrap();
    assert!(svg.contains("validation") && svg.contains("mean squared error"));
}

/// A net of two views (each player's, as NNUE has): the examples hold both views, the side to
/// move's first; the validation loss falls; the file reads back and the search plays with it.
#[test]
fn a_net_of_each_players_view_learns_and_plays() {
    let dir = tempfile::tempdir().unwrap();
    let path = data(dir.path(), "size=6", 120);
    let registry = arbiter_games::registry();
    let game = registry.get("villawar").unwrap();
    let data = Dataset::read(game, &[&path], TARGETS, 2, 0.2, usize::MAX).unwrap();
    assert_eq!((data.inputs, data.views, data.shape), (4 * 6 * 6, 2, [4, 6, 6]));
    // Both views see every piece: as many active inputs in each half of an example.
    for i in 0..data.training.len().min(200) {
        let inputs = data.training.inputs(i);
        let mover = inputs.iter().filter(|&&k| (k as usize) < data.inputs).count();
        assert_eq!(2 * mover, inputs.len(), "example {i}");
    }
    let (net, curve) = train(&data, &settings(4), 400.0, &mut |_| {}).unwrap();
    let (before, after) = (curve.validation[0].1, curve.validation.last().unwrap().1);
    assert!(after < before * 0.8, "validation loss {before} → {after}: {curve:?}");
    assert_eq!(net.info.views, 2);

    let file = dir.path().join("views.safetensors");
    net.save(&file).unwrap();
    let loaded = Net::load(&file).unwrap();
    assert_eq!(loaded.info, net.info);
    assert_eq!(loaded.to_file().unwrap(), net.to_file().unwrap());
    let spec: arbiter_ai::AgentSpec = format!("alphabeta:depth=2,net={}", file.display()).parse().unwrap();
    let session = game.new_session("size=6", None).unwrap();
    let mut agent = arbiter_games::engines().agent("villawar", &spec).unwrap();
    let played = agent.choose(&*session, &AtomicBool::new(false), &mut |_| {}).unwrap();
    assert!(session.legal_moves().contains(&played.best), "{}", played.best);
}

#[test]
fn targets_blend_the_score_and_the_result() {
    assert_eq!(TARGETS.of(0, 0), 0.5);
    assert!((TARGETS.of(0, 1) - 0.75).abs() < 1e-6);
    assert!((TARGETS.of(400, 1) - (0.5 * 0.731_058_6 + 0.5)).abs() < 1e-5);
    assert!(TARGETS.of(-2000, -1) < 0.01);
    let result_only = Targets {
        lambda: 1.0,
        scale: 400.0,
        proven: false,
    };
    assert_eq!(result_only.of(1234, -1), 0.0);
}

/// Proven positions are left out unless asked for; kept, each is one more example whose score
/// part is the proven result.
#[test]
fn proven_positions_are_kept_only_when_asked() {
    let dir = tempfile::tempdir().unwrap();
    let path = data(dir.path(), "size=6", 30);
    let registry = arbiter_games::registry();
    let game = registry.get("villawar").unwrap();
    let score_only = Targets { lambda: 0.0, ..TARGETS };
    let without = Dataset::read(game, &[&path], score_only, 1, 0.2, usize::MAX).unwrap();
    let with = Dataset::read(
        game,
        &[&path],
        Targets {
            proven: true,
            ..score_only
        },
        1,
        0.2,
        usize::MAX,
    )
    .unwrap();
    assert!(without.proven > 0, "self-play at a node budget proves some endings");
    assert_eq!(with.proven, without.proven);
    assert_eq!(
        with.training.len() + with.validation.len(),
        without.training.len() + without.validation.len() + without.proven
    );
    // The added examples' targets are the proven results: 0, ½ or 1 to within the sigmoid's tail.
    let near = |t: f32, v: f32| (t - v).abs() < 1e-6;
    let decided =
        |split: &arbiter_train::Split| split.targets.iter().filter(|&&t| near(t, 0.0) || near(t, 1.0)).count();
    let added = decided(&with.training) + decided(&with.validation);
    let before = decided(&without.training) + decided(&without.validation);
    assert!(
        added >= before + without.proven * 9 / 10,
        "{added} {before} {}",
        without.proven
    );
}

#[test]
fn data_and_nets_that_do_not_fit_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let six = data(dir.path(), "size=6", 2);
    let eight = data(dir.path(), "size=8", 2);
    let registry = arbiter_games::registry();
    let villawar = registry.get("villawar").unwrap();
    let void = registry.get("void").unwrap();
    let error = |r: Result<Dataset, arbiter_core::Error>| r.expect_err("refused").to_string();
    assert!(
        error(Dataset::read(villawar, &[&six, &eight], TARGETS, 1, 0.1, usize::MAX))
            .contains("one net is for one variant")
    );
    assert!(error(Dataset::read(void, &[&six], TARGETS, 1, 0.1, usize::MAX)).contains("holds villawar data, not void"));
    assert!(error(Dataset::read(villawar, &[], TARGETS, 1, 0.1, usize::MAX)).contains("no data files"));
    assert!(error(Dataset::read(villawar, &[&six], TARGETS, 1, 1.5, usize::MAX)).contains("validation share"));
    assert!(error(Dataset::read(villawar, &[&six], TARGETS, 3, 0.1, usize::MAX)).contains("1 or 2 views, not 3"));

    let garbage = dir.path().join("garbage.safetensors");
    std::fs::write(&garbage, b"not a net at all").unwrap();
    assert!(Net::load(&garbage)
        .err()
        .unwrap()
        .to_string()
        .contains("is not an Arbiter net"));
    assert!(Net::load(&dir.path().join("missing")).is_err());
}
