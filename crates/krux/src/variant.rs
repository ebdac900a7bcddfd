//! Krux's rule variants, the game options `setup=`, `hole=`, `freeze=` and `distance=`
//! (`krux:setup=spread,freeze=off`). Each default is the rule of `rules/krux.md`, so no options
//! is the standard game; the others exist so that self-play reports can measure what each rule
//! does to the game (how often the first player wins, how long games last).
//!
//! The variant travels with the position (`Krux` carries it, `Game::variant` gives it back);
//! position strings do not show it. The turn rules read it once per turn, in
//! `TurnState::start`, so generation, notation, the turn builder and the random walk all follow
//! it through `TurnState::play_token`.

use crate::setup::Setup;
use arbiter_core::{Error, OptionMap, Variant};

/// Does the hole block the sight of a repel or attract (`hole=`)?
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Hole {
    /// The rules: the first piece in a line may be seen over the hole (`hole=transparent`).
    #[default]
    Transparent,
    /// The first piece in a line must be reached without passing over the hole (`hole=blocks`).
    /// A repelled or attracted piece still passes over it, as in the rules.
    Blocks,
}

/// How far a repel or attract moves its target, at most (`distance=`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Distance {
    /// One square (`distance=1`): a piece falls in only from next to the hole.
    One,
    /// The rules: two squares, or fewer if stopped (`distance=2`).
    #[default]
    Two,
}

impl Distance {
    /// The number of squares.
    pub const fn squares(self) -> usize {
        match self {
            Distance::One => 1,
            Distance::Two => 2,
        }
    }
}

/// The rules variant of Krux. `Default` is the standard game of the rules file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct KruxVariant {
    /// Where the pieces start (`setup=`, [`Setup::CORNER`] by default).
    pub setup: Setup,
    /// Whether the hole blocks sight (`hole=`, transparent by default).
    pub hole: Hole,
    /// Whether the freeze applies (`freeze=on|off`, on by default): off, the active piece may
    /// take its steps whatever stands next to it.
    pub freeze: bool,
    /// How far a repel or attract moves its target (`distance=2|1`, 2 by default).
    pub distance: Distance,
}

impl Default for KruxVariant {
    fn default() -> Self {
        KruxVariant {
            setup: Setup::CORNER,
            hole: Hole::Transparent,
            freeze: true,
            distance: Distance::Two,
        }
    }
}

impl Variant for KruxVariant {
    /// In the order `to_options` writes them.
    const KEYS: &'static [&'static str] = &["setup", "hole", "freeze", "distance"];
    /// Each key's default first (a front end's first choice is then the standard game); a
    /// setup may also be six squares, which no list can offer.
    const CHOICES: &'static [(&'static str, &'static [&'static str])] = &[
        ("setup", &["corner", "spread", "reversed", "centre", "facing"]),
        ("hole", &["transparent", "blocks"]),
        ("freeze", &["on", "off"]),
        ("distance", &["2", "1"]),
    ];

    fn take_from(map: &mut OptionMap) -> Result<Self, Error> {
        let mut v = KruxVariant::default();
        if let Some(text) = map.take("setup") {
            v.setup = Setup::parse(&text).map_err(|e| Error::Options(format!("option 'setup' {e}")))?;
        }
        if let Some(text) = map.take("hole") {
            v.hole = match text.as_str() {
                "transparent" => Hole::Transparent,
                "blocks" => Hole::Blocks,
                _ => {
                    return Err(Error::Options(format!(
                        "option 'hole' must be transparent or blocks (whether the hole blocks the sight \
                         of a repel or attract), not '{text}'"
                    )))
                }
            };
        }
        if let Some(freeze) = map.take_flag("freeze")? {
            v.freeze = freeze;
        }
        if let Some(text) = map.take("distance") {
            v.distance = match text.as_str() {
                "2" => Distance::Two,
                "1" => Distance::One,
                _ => {
                    return Err(Error::Options(format!(
                        "option 'distance' must be 2 or 1 (the squares a repel or attract moves its \
                         target), not '{text}'"
                    )))
                }
            };
        }
        Ok(v)
    }

    /// Only what differs from the standard game, in the order of [`KruxVariant::KEYS`]; a setup
    /// by its preset name when it has one, else as six squares.
    fn to_options(&self) -> String {
        let standard = KruxVariant::default();
        let mut parts = Vec::new();
        if self.setup != standard.setup {
            parts.push(format!("setup={}", self.setup));
        }
        if self.hole == Hole::Blocks {
            parts.push("hole=blocks".to_string());
        }
        if !self.freeze {
            parts.push("freeze=off".to_string());
        }
        if self.distance == Distance::One {
            parts.push("distance=1".to_string());
        }
        parts.join(",")
    }
}
