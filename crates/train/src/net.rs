//! The net: the active inputs of a position → a hidden layer with a clipped ReLU → one output,
//! which through a sigmoid is the expected score of the side to move. A net of two views applies
//! the one hidden layer to each player's view and the output layer to both hidden layers, the
//! side to move's first (NNUE's perspectives). Saved and read through
//! the search's own net file (`arbiter_ai::nnue::NetFile`: safetensors whose metadata names the
//! game, its options and the shape), so that the two never disagree on the format.

pub use arbiter_ai::nnue::{NetFile, NET_FORMAT};
use arbiter_core::Error;
use candle_core::{DType, Device, Module, Tensor, Var};
use candle_nn::{linear, Linear, VarBuilder, VarMap};
use std::path::Path;

/// What a net is for and its shape, as its file's metadata keeps it.
#[derive(Debug, Clone, PartialEq)]
pub struct NetInfo {
    /// The game's registered name.
    pub game: String,
    /// Its options (a net is for one variant: one board size, one rule set).
    pub options: String,
    /// The inputs: the observation's planes × rows × columns, or one player's view's.
    pub inputs: usize,
    /// 1: the observation; 2: each player's view, the side to move's first.
    pub views: usize,
    /// The hidden layer's width.
    pub hidden: usize,
    /// The score scale of the targets: `scale × logit(output)` is the net's evaluation.
    pub scale: f32,
}

/// The net being trained: two linear layers whose weights live in `vars`.
pub struct Net {
    /// What it is for.
    pub info: NetInfo,
    /// The weights (the optimiser's variables).
    pub vars: VarMap,
    hidden: Linear,
    output: Linear,
}

fn candle_error(e: candle_core::Error) -> Error {
    Error::Invalid(format!("training failed: {e}"))
}

impl Net {
    /// A net with fresh weights (candle's default initialisation for linear layers).
    pub fn new(info: NetInfo) -> Result<Net, Error> {
        if info.inputs == 0 || info.hidden == 0 {
            return Err(Error::Invalid("a net needs inputs and a hidden layer".into()));
        }
        if !(1..=2).contains(&info.views) {
            return Err(Error::Invalid(format!("a net has 1 or 2 views, not {}", info.views)));
        }
        let vars = VarMap::new();
        let builder = VarBuilder::from_varmap(&vars, DType::F32, &Device::Cpu);
        let hidden = linear(info.inputs, info.hidden, builder.pp("hidden")).map_err(candle_error)?;
        let output = linear(info.views * info.hidden, 1, builder.pp("output")).map_err(candle_error)?;
        Ok(Net {
            info,
            vars,
            hidden,
            output,
        })
    }

    /// A net with weights drawn from `seed`: uniform within ±1/√fan-in, the initialisation of
    /// candle's (and PyTorch's) linear layers, but reproducible (candle's own draw on the CPU is
    /// not seeded).
    pub fn seeded(info: NetInfo, seed: u64) -> Result<Net, Error> {
        use rand::{Rng, SeedableRng};
        let net = Net::new(info)?;
        let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
        let (inputs, hidden, views) = (net.info.inputs, net.info.hidden, net.info.views);
        for (name, count, fan_in) in [
            ("hidden.weight", hidden * inputs, inputs),
            ("hidden.bias", hidden, inputs),
            ("output.weight", views * hidden, views * hidden),
            ("output.bias", 1, views * hidden),
        ] {
            let bound = 1.0 / (fan_in as f32).sqrt();
            let values = (0..count).map(|_| rng.random_range(-bound..bound)).collect();
            net.set(name, values)?;
        }
        Ok(net)
    }

    /// Variable `name` (a handle on the weights the optimiser changes).
    fn var(&self, name: &str) -> Result<Var, Error> {
        let data = self
            .vars
            .data()
            .lock()
            .map_err(|_| Error::Invalid("the weights are poisoned".into()))?;
        data.get(name)
            .cloned()
            .ok_or_else(|| Error::Invalid(format!("the net has no {name}")))
    }

    /// Sets variable `name` to `values` (in its shape).
    fn set(&self, name: &str, values: Vec<f32>) -> Result<(), Error> {
        let var = self.var(name)?;
        let tensor = Tensor::from_vec(values, var.dims(), &Device::Cpu).map_err(candle_error)?;
        var.set(&tensor).map_err(candle_error)
    }

    /// The logits (before the sigmoid) of a batch of dense inputs (`batch × views × inputs`:
    /// each row the side to move's view, then the opponent's): what the search's quantised net
    /// computes.
    pub fn logits(&self, inputs: &Tensor) -> Result<Tensor, Error> {
        let width = self.info.inputs;
        let hidden = (0..self.info.views)
            .map(|view| {
                inputs
                    .narrow(1, view * width, width)
                    .and_then(|x| self.hidden.forward(&x))
                    .and_then(|h| h.clamp(0f32, 1f32))
            })
            .collect::<Result<Vec<_>, _>>()
            .and_then(|views| Tensor::cat(&views, 1))
            .map_err(candle_error)?;
        self.output.forward(&hidden).map_err(candle_error)
    }

    /// The expected scores (0..=1) of a batch of dense inputs (`batch × views × inputs`).
    pub fn forward(&self, inputs: &Tensor) -> Result<Tensor, Error> {
        candle_nn::ops::sigmoid(&self.logits(inputs)?).map_err(candle_error)
    }

    /// The weights of variable `name`, flattened.
    fn values(&self, name: &str) -> Result<Vec<f32>, Error> {
        let var = self.var(name)?;
        var.flatten_all().and_then(|t| t.to_vec1::<f32>()).map_err(candle_error)
    }

    /// The net as its file holds it (`arbiter_ai::nnue::NetFile`, the one reader and writer).
    pub fn to_file(&self) -> Result<NetFile, Error> {
        let info = &self.info;
        Ok(NetFile {
            game: info.game.clone(),
            options: info.options.clone(),
            inputs: info.inputs,
            views: info.views,
            hidden: info.hidden,
            scale: info.scale,
            hidden_weight: self.values("hidden.weight")?,
            hidden_bias: self.values("hidden.bias")?,
            output_weight: self.values("output.weight")?,
            output_bias: self.values("output.bias")?[0],
        })
    }

    /// Writes the net file.
    pub fn save(&self, path: &Path) -> Result<(), Error> {
        self.to_file()?.write(path)
    }

    /// Reads a net file written by [`Net::save`] (its metadata and shapes checked).
    pub fn load(path: &Path) -> Result<Net, Error> {
        let file = NetFile::read(path)?;
        let net = Net::new(NetInfo {
            game: file.game,
            options: file.options,
            inputs: file.inputs,
            views: file.views,
            hidden: file.hidden,
            scale: file.scale,
        })?;
        net.set("hidden.weight", file.hidden_weight)?;
        net.set("hidden.bias", file.hidden_bias)?;
        net.set("output.weight", file.output_weight)?;
        net.set("output.bias", vec![file.output_bias])?;
        Ok(net)
    }
}
