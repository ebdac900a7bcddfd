//! Epochs of AdamW (candle's) over the training examples in shuffled batches, the mean squared
//! error of the net's expected score against the targets, and the validation loss after each.

use crate::dataset::Split;
use crate::net::{Net, NetInfo};
use crate::Dataset;
use arbiter_core::Error;
use candle_core::{Device, Tensor};
use candle_nn::{AdamW, Optimizer, ParamsAdamW};
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;

/// How to train.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Settings {
    /// The hidden layer's width.
    pub hidden: usize,
    /// Passes over the training examples.
    pub epochs: usize,
    /// Examples per optimiser step.
    pub batch: usize,
    /// AdamW's learning rate.
    pub learning_rate: f64,
    /// The seed of the initial weights and of the shuffles: the same seed and data give the same net.
    pub seed: u64,
}

/// The losses: before training (epoch 0) and after each epoch.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize)]
pub struct Curve {
    /// (epoch, mean training loss over the epoch's batches).
    pub training: Vec<(usize, f64)>,
    /// (epoch, validation loss), from epoch 0: the untrained net.
    pub validation: Vec<(usize, f64)>,
}

impl Curve {
    /// The curve as an SVG chart (the report crate's plotting).
    pub fn svg(&self, title: &str) -> Result<String, Error> {
        let points = |v: &[(usize, f64)]| v.iter().map(|&(e, l)| (e as f64, l)).collect::<Vec<_>>();
        let mut series = vec![("training".to_string(), points(&self.training))];
        if !self.validation.is_empty() {
            series.push(("validation".to_string(), points(&self.validation)));
        }
        arbiter_report::plots::lines(title, &series, "epoch", "mean squared error").map_err(Error::Invalid)
    }
}

fn candle_error(e: candle_core::Error) -> Error {
    Error::Invalid(format!("training failed: {e}"))
}

/// The dense inputs (`len × inputs`, 0/1: `inputs` counts every view's) and targets of the
/// examples `rows` of `split`.
fn batch(split: &Split, rows: &[usize], inputs: usize) -> Result<(Tensor, Tensor), Error> {
    let mut dense = vec![0f32; rows.len() * inputs];
    let mut targets = Vec::with_capacity(rows.len());
    for (r, &row) in rows.iter().enumerate() {
        for &i in split.inputs(row) {
            dense[r * inputs + i as usize] = 1.0;
        }
        targets.push(split.targets[row]);
    }
    let x = Tensor::from_vec(dense, (rows.len(), inputs), &Device::Cpu).map_err(candle_error)?;
    let y = Tensor::from_vec(targets, (rows.len(), 1), &Device::Cpu).map_err(candle_error)?;
    Ok((x, y))
}

fn mse(net: &Net, x: &Tensor, y: &Tensor) -> Result<Tensor, Error> {
    let predicted = net.forward(x)?;
    predicted
        .sub(y)
        .and_then(|d| d.sqr())
        .and_then(|d| d.mean_all())
        .map_err(candle_error)
}

/// The mean loss of `net` over all of `split` (0 for an empty split).
pub fn loss(net: &Net, split: &Split, batch_size: usize) -> Result<f64, Error> {
    let rows: Vec<usize> = (0..split.len()).collect();
    let mut total = 0.0;
    for chunk in rows.chunks(batch_size.max(1)) {
        let (x, y) = batch(split, chunk, net.info.views * net.info.inputs)?;
        let l = mse(net, &x, &y)?.to_scalar::<f32>().map_err(candle_error)?;
        total += f64::from(l) * chunk.len() as f64;
    }
    Ok(if split.is_empty() {
        0.0
    } else {
        total / split.len() as f64
    })
}

/// Trains a new net on `data`; `progress` sees the curve after each epoch.
pub fn train(
    data: &Dataset,
    settings: &Settings,
    scale: f32,
    progress: &mut dyn FnMut(&Curve),
) -> Result<(Net, Curve), Error> {
    if data.training.is_empty() {
        return Err(Error::Invalid("no training examples".into()));
    }
    if settings.batch == 0 || settings.epochs == 0 {
        return Err(Error::Invalid("epochs and the batch size must be at least 1".into()));
    }
    let net = Net::seeded(
        NetInfo {
            game: data.header.game.clone(),
            options: data.header.options.clone(),
            inputs: data.inputs,
            views: data.views,
            hidden: settings.hidden,
            scale,
        },
        settings.seed,
    )?;
    let parameters = ParamsAdamW {
        lr: settings.learning_rate,
        ..ParamsAdamW::default()
    };
    let mut optimiser = AdamW::new(net.vars.all_vars(), parameters).map_err(candle_error)?;
    let mut curve = Curve::default();
    if !data.validation.is_empty() {
        curve
            .validation
            .push((0, loss(&net, &data.validation, settings.batch)?));
    }
    let mut rng = SmallRng::seed_from_u64(settings.seed);
    let mut order: Vec<usize> = (0..data.training.len()).collect();
    for epoch in 1..=settings.epochs {
        order.shuffle(&mut rng);
        let mut total = 0.0;
        for rows in order.chunks(settings.batch) {
            let (x, y) = batch(&data.training, rows, data.views * data.inputs)?;
            let l = mse(&net, &x, &y)?;
            optimiser.backward_step(&l).map_err(candle_error)?;
            total += f64::from(l.to_scalar::<f32>().map_err(candle_error)?) * rows.len() as f64;
        }
        curve.training.push((epoch, total / data.training.len() as f64));
        if !data.validation.is_empty() {
            curve
                .validation
                .push((epoch, loss(&net, &data.validation, settings.batch)?));
        }
        progress(&curve);
    }
    Ok((net, curve))
}
