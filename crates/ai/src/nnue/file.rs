//! The net file, read and written in this one place: safetensors (the field's maintained format)
//! holding `hidden.weight` (hidden × inputs), `hidden.bias`, `output.weight` (1 × views ×
//! hidden) and `output.bias`, all f32, with the metadata `format`, `game`, `options`, `inputs`,
//! `hidden`, `scale` and `views` (absent in nets from before views: 1).
//!
//! A net of one view reads the game's observation planes; a net of two reads each player's view
//! ([`arbiter_core::Encoding::observe_as`]) through the same hidden layer, and its output layer
//! sees the side to move's hidden layer first and the opponent's after it (NNUE's perspectives). `arbiter-train` writes it from its framework's weights; the search reads it here and
//! quantises it ([`crate::nnue::Network`]).

use arbiter_core::Error;
use safetensors::tensor::{Dtype, SafeTensors, TensorView};
use std::collections::HashMap;
use std::path::Path;

/// The version of the file's layout.
pub const NET_FORMAT: &str = "1";

/// A net as its file holds it: what it is for, its shape and its float weights.
#[derive(Debug, Clone, PartialEq)]
pub struct NetFile {
    /// The game's registered name.
    pub game: String,
    /// Its options (a net is for one variant: one board size, one rule set).
    pub options: String,
    /// The inputs: the game's observation planes × rows × columns, or one player's view's.
    pub inputs: usize,
    /// 1: the observation; 2: both players' views, the side to move's first.
    pub views: usize,
    /// The hidden layer's width.
    pub hidden: usize,
    /// The evaluation is `scale × logit`.
    pub scale: f32,
    /// Hidden weights, row `j` (hidden unit) after row: `hidden × inputs` values.
    pub hidden_weight: Vec<f32>,
    /// Hidden biases.
    pub hidden_bias: Vec<f32>,
    /// Output weights, one per hidden unit of each view (the side to move's first).
    pub output_weight: Vec<f32>,
    /// Output bias.
    pub output_bias: f32,
}

/// Reads tensor `name` as f32 values of `shape`.
fn tensor(
    tensors: &SafeTensors<'_>,
    name: &str,
    shape: &[usize],
    bad: &dyn Fn(String) -> Error,
) -> Result<Vec<f32>, Error> {
    let view = tensors.tensor(name).map_err(|e| bad(e.to_string()))?;
    if view.dtype() != Dtype::F32 || view.shape() != shape {
        return Err(bad(format!("{name} is not f32 of shape {shape:?}")));
    }
    Ok(view
        .data()
        .chunks_exact(4)
        .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        .collect())
}

fn bytes_of(values: &[f32]) -> Vec<u8> {
    values.iter().flat_map(|v| v.to_le_bytes()).collect()
}

impl NetFile {
    /// The net in `bytes`, its metadata and shapes checked; `name` is used in errors.
    pub fn from_bytes(bytes: &[u8], name: &str) -> Result<NetFile, Error> {
        let bad = |why: String| Error::Invalid(format!("{name} is not an Arbiter net: {why}"));
        let (_, metadata) = SafeTensors::read_metadata(bytes).map_err(|e| bad(e.to_string()))?;
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
                .ok()
                .filter(|&n| (1..=1 << 16).contains(&n))
                .ok_or_else(|| bad(format!("'{key}' is not a size")))
        };
        let (inputs, hidden) = (number("inputs")?, number("hidden")?);
        let views = match meta.get("views").map(String::as_str) {
            None | Some("1") => 1,
            Some("2") => 2,
            Some(other) => return Err(bad(format!("'views' is {other}, not 1 or 2"))),
        };
        let scale: f32 = field("scale")?
            .parse()
            .ok()
            .filter(|s: &f32| s.is_finite() && *s > 0.0)
            .ok_or_else(|| bad("'scale' is not a positive number".into()))?;
        let tensors = SafeTensors::deserialize(bytes).map_err(|e| bad(e.to_string()))?;
        Ok(NetFile {
            game: field("game")?,
            options: field("options")?,
            inputs,
            views,
            hidden,
            scale,
            hidden_weight: tensor(&tensors, "hidden.weight", &[hidden, inputs], &bad)?,
            hidden_bias: tensor(&tensors, "hidden.bias", &[hidden], &bad)?,
            output_weight: tensor(&tensors, "output.weight", &[1, views * hidden], &bad)?,
            output_bias: tensor(&tensors, "output.bias", &[1], &bad)?[0],
        })
    }

    /// Reads the net file at `path`.
    pub fn read(path: &Path) -> Result<NetFile, Error> {
        let bytes = std::fs::read(path).map_err(|e| Error::Invalid(format!("{}: {e}", path.display())))?;
        NetFile::from_bytes(&bytes, &path.display().to_string())
    }

    /// The file's bytes.
    pub fn to_bytes(&self) -> Result<Vec<u8>, Error> {
        let (h, i, v) = (self.hidden, self.inputs, self.views);
        if !(1..=2).contains(&v)
            || self.hidden_weight.len() != h * i
            || self.hidden_bias.len() != h
            || self.output_weight.len() != v * h
        {
            return Err(Error::Invalid("the net's weights do not have its shape".into()));
        }
        let data = [
            ("hidden.weight", vec![h, i], bytes_of(&self.hidden_weight)),
            ("hidden.bias", vec![h], bytes_of(&self.hidden_bias)),
            ("output.weight", vec![1, v * h], bytes_of(&self.output_weight)),
            ("output.bias", vec![1], bytes_of(&[self.output_bias])),
        ];
        let views = data
            .iter()
            .map(|(name, shape, bytes)| Ok((*name, TensorView::new(Dtype::F32, shape.clone(), bytes)?)))
            .collect::<Result<Vec<_>, safetensors::SafeTensorError>>()
            .map_err(|e| Error::Invalid(format!("cannot write the net: {e}")))?;
        let mut metadata = HashMap::from([
            ("format".to_string(), NET_FORMAT.to_string()),
            ("game".to_string(), self.game.clone()),
            ("options".to_string(), self.options.clone()),
            ("inputs".to_string(), i.to_string()),
            ("hidden".to_string(), h.to_string()),
            ("scale".to_string(), self.scale.to_string()),
        ]);
        // Nets of one view keep the metadata they had, so that their files (and hashes) do not change.
        if v > 1 {
            metadata.insert("views".to_string(), v.to_string());
        }
        safetensors::serialize(views, Some(metadata)).map_err(|e| Error::Invalid(format!("cannot write the net: {e}")))
    }

    /// Writes the net file at `path`.
    pub fn write(&self, path: &Path) -> Result<(), Error> {
        std::fs::write(path, self.to_bytes()?)
            .map_err(|e| Error::Invalid(format!("cannot write {}: {e}", path.display())))
    }
}
