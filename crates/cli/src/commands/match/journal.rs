//! A match's journal, `match.jsonl` in its records folder: the settings on the first line, then
//! each game as it finishes (the whole [`FinishedGame`], record included), written and flushed
//! at once. A match killed after hours of games (a machine restarted, a Ctrl-C) continues from
//! it with `--resume`, playing only the games it lacks; every game's opening and seed come from
//! its index, so the resumed match is the one that was started.

use arbiter_ai::game_loop::FinishedGame;
use serde::{Deserialize, Serialize};
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

/// What makes two runs the same match: everything but the number of games, the SPRT and the
/// concurrency, which may change when it is resumed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    pub game: String,
    /// The options, the ply limit included.
    pub options: String,
    pub position: Option<String>,
    pub a: String,
    pub b: String,
    pub opening_plies: u32,
    pub safe_openings: bool,
    pub clock: Option<String>,
    pub seed: u64,
}

/// The open journal, and the records folder it lives in.
pub struct Journal {
    dir: PathBuf,
    file: File,
}

const NAME: &str = "match.jsonl";

impl Journal {
    /// Opens the journal of `dir` for `settings`: a new one, or with `resume` the one there,
    /// whose games are returned. A folder that already holds a match is only continued, never
    /// overwritten.
    pub fn open(dir: &Path, settings: &Settings, resume: bool) -> Result<(Journal, Vec<FinishedGame>), String> {
        std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        let path = dir.join(NAME);
        let exists = path.exists();
        let played = match (exists, resume) {
            (true, false) => {
                return Err(format!(
                    "{} already holds a match ({NAME}): pass --resume to continue it, or choose another folder",
                    dir.display()
                ))
            }
            (false, true) => return Err(format!("{} holds no match to resume (no {NAME})", dir.display())),
            (true, true) => read(&path, settings)?,
            (false, false) => Vec::new(),
        };
        let mut file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        if !exists {
            let line = serde_json::to_string(settings).expect("settings serialize");
            writeln!(file, "{line}").map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        }
        let journal = Journal {
            dir: dir.to_path_buf(),
            file,
        };
        Ok((journal, played))
    }

    /// Saves a finished game: its record as `game-NNNN.json` and its line in the journal.
    pub fn add(&mut self, game: &FinishedGame) -> Result<(), String> {
        let path = self.dir.join(format!("game-{:04}.json", game.index + 1));
        let json = serde_json::to_string_pretty(&game.record).expect("records serialize");
        std::fs::write(&path, json + "\n").map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        let line = serde_json::to_string(game).expect("games serialize");
        writeln!(self.file, "{line}")
            .and_then(|()| self.file.flush())
            .map_err(|e| format!("cannot write {}: {e}", self.dir.join(NAME).display()))
    }
}

/// The games of the journal at `path`, which must be of the match `settings` describes. A last
/// line cut short (the program was killed while writing it) is left out, and the journal
/// rewritten without it, so that the next line does not run on from it; the game is played again.
fn read(path: &Path, settings: &Settings) -> Result<Vec<FinishedGame>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let lines: Vec<&str> = text.lines().collect();
    let Some((first, games)) = lines.split_first() else {
        return Err(format!("{} is empty", path.display()));
    };
    let saved: Settings =
        serde_json::from_str(first).map_err(|e| format!("{} line 1 is not a match's settings: {e}", path.display()))?;
    if let Some(difference) = difference(&saved, settings) {
        return Err(format!("{} is another match: {difference}", path.display()));
    }
    let mut played = Vec::new();
    let mut kept = 1 + games.len();
    for (i, line) in games.iter().enumerate() {
        match serde_json::from_str::<FinishedGame>(line) {
            Ok(game) => played.push(game),
            Err(_) if i + 1 == games.len() && !text.ends_with('\n') => {
                eprintln!(
                    "{}: the last line is incomplete; that game is played again",
                    path.display()
                );
                kept -= 1;
            }
            Err(e) => return Err(format!("{} line {}: {e}", path.display(), i + 2)),
        }
    }
    if !text.ends_with('\n') {
        // Rewritten whole, then renamed over the old one: a kill now loses nothing.
        let tmp = path.with_extension("jsonl.tmp");
        let body: String = lines[..kept].iter().map(|l| format!("{l}\n")).collect();
        std::fs::write(&tmp, body)
            .and_then(|()| std::fs::rename(&tmp, path))
            .map_err(|e| format!("cannot rewrite {}: {e}", path.display()))?;
    }
    Ok(played)
}

/// The first setting in which `saved` differs from `now`, in words.
fn difference(saved: &Settings, now: &Settings) -> Option<String> {
    let field = |name: &str, was: String, is: String| (was != is).then(|| format!("{name}: {was} before, {is} now"));
    let shown = |o: &Option<String>| o.clone().unwrap_or_else(|| "none".into());
    field("the game", saved.game.clone(), now.game.clone())
        .or_else(|| field("the options", saved.options.clone(), now.options.clone()))
        .or_else(|| field("the position", shown(&saved.position), shown(&now.position)))
        .or_else(|| field("agent A", saved.a.clone(), now.a.clone()))
        .or_else(|| field("agent B", saved.b.clone(), now.b.clone()))
        .or_else(|| {
            field(
                "--opening-plies",
                saved.opening_plies.to_string(),
                now.opening_plies.to_string(),
            )
        })
        .or_else(|| {
            field(
                "--safe-openings",
                saved.safe_openings.to_string(),
                now.safe_openings.to_string(),
            )
        })
        .or_else(|| field("the clock", shown(&saved.clock), shown(&now.clock)))
        .or_else(|| field("the seed", saved.seed.to_string(), now.seed.to_string()))
}
