//! The rules for players that each game carries (`docs/rules/<game>.md` and `<game>.json`): the
//! diagrams the text shows, each from a position string, with the worked example it illustrates,
//! and a guided first game. The CLI draws the diagrams for the docs; the web app shows them live.

use serde::{Deserialize, Serialize};

/// One diagram of the rules: a position, and maybe the example move played from it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RulesDiagram {
    /// Its id: the image `img/<game>-<id>.svg` of the Markdown text.
    pub id: String,
    /// What it shows.
    pub caption: String,
    /// The position string.
    pub position: String,
    /// The game's options (`size=6`), usually empty.
    #[serde(default)]
    pub options: String,
    /// The example move, in notation, if the diagram illustrates one.
    pub example: Option<String>,
    /// The position string after the example move.
    pub after: Option<String>,
}

/// Who plays a step of the tutorial.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TutorialSide {
    /// The learner enters the move.
    You,
    /// The move is played for the learner's opponent.
    Opponent,
}

/// One move of the guided first game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TutorialStep {
    /// What to do and why.
    pub say: String,
    /// The move, in notation.
    #[serde(rename = "move")]
    pub mv: String,
    /// Who plays it.
    pub by: TutorialSide,
}

/// A guided first game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tutorial {
    /// Where it starts; the start position when `None`.
    pub position: Option<String>,
    /// The game's options.
    #[serde(default)]
    pub options: String,
    /// The moves, in order.
    pub steps: Vec<TutorialStep>,
}

/// A game's rules manifest: its diagrams and its tutorial.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RulesManifest {
    /// Every diagram of the text.
    pub diagrams: Vec<RulesDiagram>,
    /// The guided first game.
    pub tutorial: Tutorial,
}

impl RulesManifest {
    /// Parses a manifest; the error says what is wrong.
    pub fn parse(json: &str) -> Result<RulesManifest, crate::Error> {
        serde_json::from_str(json).map_err(|e| crate::Error::Invalid(format!("rules manifest: {e}")))
    }
}
