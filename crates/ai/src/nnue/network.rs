//! The net as the search uses it: read from its file ([`NetFile`]) and quantised to integers.

use super::accumulator::Accumulator;
use super::file::NetFile;
use arbiter_core::Error;

/// The scale of the hidden layer: its weights and biases are multiplied by it and rounded, and
/// its clipped ReLU runs from 0 to `QA` instead of 0 to 1. The inputs are 0 or 1, so the
/// accumulator is a sum of whole numbers, exact in `i32`.
pub const QA: i32 = 1024;
/// The scale of the output weights.
pub const QB: i32 = 256;

/// A quantised net: inputs → hidden (clipped ReLU) → one output, the logit of the side to
/// move's expected score. A net of two views applies its hidden layer to each player's view and
/// its output layer to both hidden layers, the side to move's first.
#[derive(Debug, Clone, PartialEq)]
pub struct Network {
    /// The game it was trained for.
    pub game: String,
    /// The game's options it was trained with.
    pub options: String,
    /// Inputs: the game's observation planes × rows × columns, or one player's view's.
    pub inputs: usize,
    /// 1: the observation ([`arbiter_core::Encoding::observe`]); 2: each player's view
    /// ([`arbiter_core::Encoding::observe_as`]).
    pub views: usize,
    /// The hidden layer's width.
    pub hidden: usize,
    /// The evaluation is `scale × logit`.
    pub scale: f32,
    /// Hidden weights × QA, one column of `hidden` per input (input `i` at `i × hidden`), so
    /// that an input's contribution is one contiguous run.
    pub(crate) columns: Vec<i16>,
    /// Hidden biases × QA.
    pub(crate) bias: Vec<i32>,
    /// Output weights × QB, `hidden` per view (the side to move's first).
    pub(crate) output: Vec<i32>,
    /// Output bias × QA × QB.
    pub(crate) output_bias: i64,
    /// The float weights as read, for the error bound of [`Network::error_bound`].
    float_output: Vec<f32>,
}

/// `value × scale`, rounded, if it fits `i16`.
fn quantise(value: f32, scale: i32, name: &str) -> Result<i16, Error> {
    let q = (value * scale as f32).round();
    if !q.is_finite() || q < f32::from(i16::MIN) || q > f32::from(i16::MAX) {
        return Err(Error::Invalid(format!(
            "the net's {name} weight {value} is too large to quantise (at most {} in size)",
            f32::from(i16::MAX) / scale as f32
        )));
    }
    Ok(q as i16)
}

impl Network {
    /// The net in `bytes` (a file of `arbiter-train`), quantised; `name` is used in errors.
    pub fn from_bytes(bytes: &[u8], name: &str) -> Result<Network, Error> {
        Network::quantise(&NetFile::from_bytes(bytes, name)?)
    }

    /// The net of a file, quantised.
    pub fn quantise(file: &NetFile) -> Result<Network, Error> {
        let (inputs, hidden) = (file.inputs, file.hidden);
        let mut columns = vec![0i16; inputs * hidden];
        for j in 0..hidden {
            for i in 0..inputs {
                columns[i * hidden + j] = quantise(file.hidden_weight[j * inputs + i], QA, "hidden")?;
            }
        }
        let bias = file
            .hidden_bias
            .iter()
            .map(|&b| (b * QA as f32).round() as i32)
            .collect();
        let output = file
            .output_weight
            .iter()
            .map(|&w| quantise(w, QB, "output").map(i32::from))
            .collect::<Result<_, _>>()?;
        Ok(Network {
            game: file.game.clone(),
            options: file.options.clone(),
            inputs,
            views: file.views,
            hidden,
            scale: file.scale,
            columns,
            bias,
            output,
            output_bias: (f64::from(file.output_bias) * f64::from(QA) * f64::from(QB)).round() as i64,
            float_output: file.output_weight.clone(),
        })
    }

    /// Reads and quantises the net file at `path`.
    pub fn load(path: &std::path::Path) -> Result<Network, Error> {
        Network::quantise(&NetFile::read(path)?)
    }

    /// The logit of the side to move's expected score from the accumulators of its views: the
    /// observation's for a net of one view; the side to move's view's, then the opponent's, for
    /// a net of two. The clipped ReLU, then the output layer.
    pub fn logit(&self, views: &[&Accumulator]) -> f32 {
        assert_eq!(views.len(), self.views, "one accumulator per view of the net");
        let out = views
            .iter()
            .zip(self.output.chunks(self.hidden))
            .map(|(view, weights)| super::simd::clipped_dot(view.sums(), weights, QA))
            .sum::<i64>()
            + self.output_bias;
        out as f32 / (QA * QB) as f32
    }

    /// How far the quantised logit can be from the float net's for a position with `active`
    /// inputs (in all views): each hidden sum is off by at most ½ / QA per rounded weight (the
    /// active ones and the bias), which the output weight carries on; each output weight is off
    /// by at most ½ / QB times an activation of at most 1; and the output bias by ½ / (QA × QB).
    pub fn error_bound(&self, active: usize) -> f32 {
        let hidden_error = (active as f32 + 1.0) * 0.5 / QA as f32;
        let carried: f32 = self.float_output.iter().map(|w| w.abs() * hidden_error).sum();
        let output_error = (self.views * self.hidden) as f32 * 0.5 / QB as f32;
        carried + output_error + 0.5 / (QA * QB) as f32
    }
}
