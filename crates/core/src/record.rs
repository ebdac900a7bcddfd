//! Game records: a game as saved or sent (start, moves, ending, clock), replayable from its start.

use crate::EndReason;
use serde::{Deserialize, Serialize};

/// A game as saved to a file or sent over the network: replayable from its start.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRecord {
    /// The registry name of the game.
    pub game: String,
    /// The options in option syntax (`size=10,repetition=off`), empty for the defaults.
    #[serde(default)]
    pub options: String,
    /// The start position string.
    pub start: String,
    /// The moves in notation, in order.
    pub moves: Vec<String>,
    /// The result, if the game is over.
    #[serde(default)]
    pub result: Option<RecordResult>,
    /// The clock, for a game played with one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<RecordClock>,
}

/// A game's clock in its record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordClock {
    /// The time control (`fischer:300+5`, `days:3`).
    pub control: crate::TimeControl,
    /// The mover's time left after each move, in milliseconds (`null` for a move made before the
    /// clock started).
    pub left_ms: Vec<Option<u64>>,
}

/// A finished game's result in a record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordResult {
    /// The winner's name as the game calls it (`black`), absent for a draw.
    pub winner: Option<String>,
    /// Why the game ended.
    pub reason: EndReason,
    /// What happened, in words (written for people; not checked when a record is loaded).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}

impl GameRecord {
    /// The record as text for people: `[Tag "value"]` lines (the game, its options, the start when
    /// it is not the usual one, the result, then the caller's `tags`: players, date…), a blank line,
    /// and the moves in notation numbered by turn pair (`1. m3-n4 c2-d3 2. …`), ending with the
    /// result in words. Values are written on one line with `"` and `\` escaped.
    pub fn to_text(&self, usual_start: Option<&str>, tags: &[(&str, &str)]) -> String {
        let quote = |v: &str| v.replace('\\', "\\\\").replace('"', "\\\"").replace(['\n', '\r'], " ");
        let mut lines = vec![format!("[Game \"{}\"]", quote(&self.game))];
        if !self.options.is_empty() {
            lines.push(format!("[Options \"{}\"]", quote(&self.options)));
        }
        if usual_start != Some(self.start.as_str()) {
            lines.push(format!("[Start \"{}\"]", quote(&self.start)));
        }
        for (tag, value) in tags {
            lines.push(format!("[{tag} \"{}\"]", quote(value)));
        }
        let result = match &self.result {
            Some(r) => match &r.winner {
                Some(w) => format!("{w} wins"),
                None => "draw".to_string(),
            },
            None => "unfinished".to_string(),
        };
        lines.push(format!("[Result \"{}\"]", quote(&result)));
        if let Some(clock) = &self.clock {
            lines.push(format!("[Clock \"{}\"]", clock.control));
        }
        let mut moves = String::new();
        for (i, mv) in self.moves.iter().enumerate() {
            if i % 2 == 0 {
                if i > 0 {
                    moves.push(' ');
                }
                moves.push_str(&format!("{}. ", i / 2 + 1));
            } else {
                moves.push(' ');
            }
            moves.push_str(mv);
        }
        let ending = self.result.as_ref().and_then(|r| r.text.clone()).unwrap_or(result);
        format!(
            "{}\n\n{}{}{}\n",
            lines.join("\n"),
            moves,
            if moves.is_empty() { "" } else { " " },
            ending
        )
    }
}

#[cfg(test)]
mod text_tests {
    use super::*;

    #[test]
    fn a_record_reads_as_tags_and_numbered_moves() {
        let record = GameRecord {
            game: "void".into(),
            options: "swap=on".into(),
            start: "start".into(),
            moves: vec!["m3-n4".into(), "c2-d3".into(), "n4-o5".into()],
            result: Some(RecordResult {
                winner: Some("black".into()),
                reason: EndReason::Resignation,
                text: Some("White resigned. Black wins.".into()),
            }),
            clock: None,
        };
        let text = record.to_text(Some("start"), &[("Black", "Ann \"the\" first"), ("Date", "2026-12-06")]);
        assert_eq!(
            text,
            "[Game \"void\"]\n[Options \"swap=on\"]\n[Black \"Ann \\\"the\\\" first\"]\n[Date \"2026-12-06\"]\n\
             [Result \"black wins\"]\n\n1. m3-n4 c2-d3 2. n4-o5 White resigned. Black wins.\n"
        );
        let unfinished = GameRecord {
            moves: vec![],
            result: None,
            ..record
        };
        assert!(unfinished
            .to_text(None, &[])
            .contains("[Start \"start\"]\n[Result \"unfinished\"]\n\nunfinished\n"));
    }
}
