//! The net: the active inputs of a position → a hidden layer with a clipped ReLU → one output,
//! which through a sigmoid is the expected score of the side to move. Kept in a safetensors file
//! (the maintained format of the field, read by `safetensors` without a framework) whose metadata
//! names the game, its options and the shape, so that a net is never used for another game.

use arbiter_core::Error;
use candle_core::{DType, Device, Module, Tensor};
use candle_nn::{linear, Linear, VarBuilder, VarMap};
use safetensors::tensor::{Dtype, SafeTensors, TensorView};
use std::collections::HashMap;
use std::path::Path;

/// The version of the net file's layout (its tensors and metadata).
pub const NET_FORMAT: &str = "1";

/// What a net is for and its shape, as its file's metadata keeps it.
#[derive(Debug, Clone, PartialEq)]
pub struct NetInfo {
    /// The game's registered name.
    pub game: String,
    /// Its options (a net is for one variant: one board size, one rule set).
    pub options: String,
    /// The inputs: the observation's planes × rows × columns.
    pub inputs: usize,
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
        let vars = VarMap::new();
        let builder = VarBuilder::from_varmap(&vars, DType::F32, &Device::Cpu);
        let hidden = linear(info.inputs, info.hidden, builder.pp("hidden")).map_err(candle_error)?;
        let output = linear(info.hidden, 1, builder.pp("output")).map_err(candle_error)?;
        Ok(Net {
            info,
            vars,
            hidden,
            output,
        })
    }

    /// The logits (before the sigmoid) of a batch of dense inputs (`batch × inputs`): what the
    /// search's quantised net computes.
    pub fn logits(&self, inputs: &Tensor) -> Result<Tensor, Error> {
        let hidden = self
            .hidden
            .forward(inputs)
            .and_then(|h| h.clamp(0f32, 1f32))
            .map_err(candle_error)?;
        self.output.forward(&hidden).map_err(candle_error)
    }

    /// The expected scores (0..=1) of a batch of dense inputs (`batch × inputs`).
    pub fn forward(&self, inputs: &Tensor) -> Result<Tensor, Error> {
        candle_nn::ops::sigmoid(&self.logits(inputs)?).map_err(candle_error)
    }

    /// Writes the net: tensors `hidden.weight` (hidden × inputs), `hidden.bias`, `output.weight`
    /// (1 × hidden), `output.bias`, all f32, and the [`NetInfo`] as metadata.
    pub fn save(&self, path: &Path) -> Result<(), Error> {
        let data = self
            .vars
            .data()
            .lock()
            .map_err(|_| Error::Invalid("the weights are poisoned".into()))?;
        let mut tensors: Vec<(String, Vec<usize>, Vec<u8>)> = Vec::new();
        for name in ["hidden.weight", "hidden.bias", "output.weight", "output.bias"] {
            let var = data
                .get(name)
                .ok_or_else(|| Error::Invalid(format!("the net has no {name}")))?;
            let shape = var.dims().to_vec();
            let values = var
                .flatten_all()
                .and_then(|t| t.to_vec1::<f32>())
                .map_err(candle_error)?;
            tensors.push((
                name.to_string(),
                shape,
                values.iter().flat_map(|v| v.to_le_bytes()).collect(),
            ));
        }
        let views = tensors
            .iter()
            .map(|(name, shape, bytes)| Ok((name.clone(), TensorView::new(Dtype::F32, shape.clone(), bytes)?)))
            .collect::<Result<Vec<_>, safetensors::SafeTensorError>>()
            .map_err(|e| Error::Invalid(format!("cannot write the net: {e}")))?;
        let info = &self.info;
        let metadata = HashMap::from([
            ("format".to_string(), NET_FORMAT.to_string()),
            ("game".to_string(), info.game.clone()),
            ("options".to_string(), info.options.clone()),
            ("inputs".to_string(), info.inputs.to_string()),
            ("hidden".to_string(), info.hidden.to_string()),
            ("scale".to_string(), info.scale.to_string()),
        ]);
        safetensors::serialize_to_file(views, Some(metadata), path)
            .map_err(|e| Error::Invalid(format!("cannot write {}: {e}", path.display())))
    }

    /// Reads a net written by [`Net::save`], checking its metadata and shapes.
    pub fn load(path: &Path) -> Result<Net, Error> {
        let bytes = std::fs::read(path).map_err(|e| Error::Invalid(format!("{}: {e}", path.display())))?;
        let bad = |why: String| Error::Invalid(format!("{} is not an Arbiter net: {why}", path.display()));
        let (_, metadata) = SafeTensors::read_metadata(&bytes).map_err(|e| bad(e.to_string()))?;
        let meta = metadata.metadata().clone().unwrap_or_default();
        let field = |key: &str| {
            meta.get(key)
                .cloned()
                .ok_or_else(|| bad(format!("no '{key}' in its metadata")))
        };
        if field("format")? != NET_FORMAT {
            return Err(bad(format!(
                "format {} (this build reads {NET_FORMAT})",
                field("format")?
            )));
        }
        let number = |key: &str| {
            field(key)?
                .parse::<usize>()
                .map_err(|_| bad(format!("'{key}' is not a number")))
        };
        let info = NetInfo {
            game: field("game")?,
            options: field("options")?,
            inputs: number("inputs")?,
            hidden: number("hidden")?,
            scale: field("scale")?
                .parse()
                .map_err(|_| bad("'scale' is not a number".into()))?,
        };
        let net = Net::new(info)?;
        let tensors = SafeTensors::deserialize(&bytes).map_err(|e| bad(e.to_string()))?;
        {
            let data = net
                .vars
                .data()
                .lock()
                .map_err(|_| Error::Invalid("the weights are poisoned".into()))?;
            for (name, var) in data.iter() {
                let view = tensors.tensor(name).map_err(|e| bad(e.to_string()))?;
                if view.dtype() != Dtype::F32 || view.shape() != var.dims() {
                    return Err(bad(format!("{name} has the wrong type or shape")));
                }
                let values: Vec<f32> = view
                    .data()
                    .chunks_exact(4)
                    .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
                    .collect();
                let tensor = Tensor::from_vec(values, var.dims(), &Device::Cpu).map_err(candle_error)?;
                var.set(&tensor).map_err(candle_error)?;
            }
        }
        Ok(net)
    }
}
