//! Data files as training examples: each searched position's active inputs (the 1s of the game's
//! observation planes, or of the two players' views one after the other, the side to move's
//! first; kept sparse) and its target, a blend of the search's score and the game's result, both
//! for the side to move.

use arbiter_core::{DynGameType, Error};
use arbiter_learn::{DataHeader, DataReader};
use std::path::Path;

/// How a sample's score and result become the value the net learns, in 0..=1.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Targets {
    /// The share of the result in the target (0: the score alone, 1: the result alone).
    pub lambda: f32,
    /// The score that means a 73% expectation: the target's score part is `sigmoid(score / scale)`.
    pub scale: f32,
    /// Train on proven positions too (their score, ±32,000 or a proven draw's 0, saturates the
    /// sigmoid to the proven result). Left out by default: finding those is the search's job;
    /// kept where the unproven positions alone teach nothing, as in Krux, whose games are
    /// decided by falls the search sees outright.
    pub proven: bool,
}

impl Targets {
    /// The target of a score and a result (1 won, 0 drawn, −1 lost), for the side to move.
    pub fn of(self, score: i16, result: i8) -> f32 {
        let expected = 1.0 / (1.0 + (-f32::from(score) / self.scale).exp());
        let outcome = (f32::from(result) + 1.0) / 2.0;
        (1.0 - self.lambda) * expected + self.lambda * outcome
    }
}

/// Examples: the active inputs of each (offsets into one flat list) and its target.
#[derive(Debug, Clone, Default)]
pub struct Split {
    /// Active input indices of every example, one after another (the opponent's view's after
    /// the side to move's, moved up by the inputs of a view).
    pub active: Vec<u32>,
    /// Where each example's inputs start in `active` (one more entry than examples).
    pub starts: Vec<usize>,
    /// The targets.
    pub targets: Vec<f32>,
}

impl Split {
    fn new() -> Split {
        Split {
            starts: vec![0],
            ..Split::default()
        }
    }

    /// The number of examples.
    pub fn len(&self) -> usize {
        self.targets.len()
    }

    /// No examples?
    pub fn is_empty(&self) -> bool {
        self.targets.is_empty()
    }

    /// Example `i`'s active inputs.
    pub fn inputs(&self, i: usize) -> &[u32] {
        &self.active[self.starts[i]..self.starts[i + 1]]
    }

    fn push(&mut self, observation: &[f32], target: f32) {
        self.active.extend(
            observation
                .iter()
                .enumerate()
                .filter(|(_, &v)| v != 0.0)
                .map(|(i, _)| i as u32),
        );
        self.starts.push(self.active.len());
        self.targets.push(target);
    }
}

/// A data set read from datagen's files.
#[derive(Debug, Clone)]
pub struct Dataset {
    /// The files' header (game and options; every file must have the same game and options).
    pub header: DataHeader,
    /// The number of inputs of a view: the observation's (or a player's view's) planes × rows ×
    /// columns.
    pub inputs: usize,
    /// 1: the observation; 2: each player's view ([`arbiter_core::Encoding::observe_as`]).
    pub views: usize,
    /// The shape of a view.
    pub shape: [usize; 3],
    /// The examples trained on.
    pub training: Split,
    /// The examples held out: those of every game whose number falls in the validation share.
    pub validation: Split,
    /// Samples whose score was proven: left out (a win or loss seen to the end is the search's
    /// business, not the evaluation's) unless [`Targets::proven`] keeps them.
    pub proven: usize,
}

/// Is game `index` held out? About `share` of all games, chosen by a hash of the number, so that
/// no position of a validation game is trained on.
fn held_out(index: u32, share: f64) -> bool {
    let h = u64::from(index).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40;
    (h as f64) < share * (1u64 << 24) as f64
}

impl Dataset {
    /// Reads `files` (all of one game and options) for `game` as the inputs of a net of `views`
    /// views, holding out `validation` of the games, up to `limit` examples in all.
    pub fn read(
        game: &dyn DynGameType,
        files: &[&Path],
        targets: Targets,
        views: usize,
        validation: f64,
        limit: usize,
    ) -> Result<Dataset, Error> {
        if !(1..=2).contains(&views) {
            return Err(Error::Invalid(format!("a net has 1 or 2 views, not {views}")));
        }
        if files.is_empty() {
            return Err(Error::Invalid("no data files given".into()));
        }
        if !(0.0..1.0).contains(&validation) {
            return Err(Error::Invalid(format!(
                "the validation share must be in 0..1, not {validation}"
            )));
        }
        let mut header: Option<DataHeader> = None;
        let (mut training, mut held) = (Split::new(), Split::new());
        let mut proven = 0;
        let (mut observation, mut other) = (Vec::new(), Vec::new());
        let mut shape = [0; 3];
        let mut examples = 0;
        'files: for path in files {
            let mut reader = DataReader::open(path)?;
            let this = reader.header().clone();
            if this.game != game.name() {
                return Err(Error::Invalid(format!(
                    "{} holds {} data, not {}",
                    path.display(),
                    this.game,
                    game.name()
                )));
            }
            match &header {
                Some(first) if first.options != this.options => {
                    return Err(Error::Invalid(format!(
                        "{} was made with the options '{}', the first file with '{}': one net is for one variant",
                        path.display(),
                        this.options,
                        first.options
                    )))
                }
                Some(_) => {}
                None => header = Some(this.clone()),
            }
            for block in reader.by_ref() {
                let block = block?;
                let split = if held_out(block.index, validation) {
                    &mut held
                } else {
                    &mut training
                };
                for sample in &block.samples {
                    if sample.proven {
                        proven += 1;
                        if !targets.proven {
                            continue;
                        }
                    }
                    let session = game.new_session(&this.options, Some(&sample.position))?;
                    if views == 1 {
                        shape = session.observation_shape();
                        session.observe(&mut observation);
                    } else {
                        shape = session.perspective_shape();
                        let mover = session.to_move();
                        session.observe_as(mover, &mut observation);
                        session.observe_as(mover.opponent(), &mut other);
                        observation.extend_from_slice(&other);
                    }
                    split.push(&observation, targets.of(sample.score, sample.result));
                    examples += 1;
                    if examples >= limit {
                        break 'files;
                    }
                }
            }
        }
        let header = header.ok_or_else(|| Error::Invalid("no data files given".into()))?;
        let inputs = shape.iter().product();
        if inputs == 0 && !training.is_empty() {
            return Err(Error::Invalid(format!(
                "{} has no {} to learn from",
                game.name(),
                if views == 1 { "observation" } else { "view per player" }
            )));
        }
        Ok(Dataset {
            header,
            inputs,
            views,
            shape,
            training,
            validation: held,
            proven,
        })
    }
}
