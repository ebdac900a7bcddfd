//! `arbiter tune GAME --records DIR`: Texel tuning of the game's evaluation weights against the
//! results of recorded games (`arbiter match --records DIR`).

use crate::output::emit;
use crate::spec::registry;
use arbiter_ai::texel::{self, Sample};
use arbiter_core::{DynGameType, GameRecord};
use std::path::{Path, PathBuf};

/// `arbiter tune <game> --records DIR [--skip-plies N] [--json]`
#[derive(clap::Args)]
pub struct Args {
    /// The game whose evaluation is tuned: one whose evaluation is a sum of weighted terms (the
    /// error for any other names those that are).
    game: String,
    /// The folder of game records (JSON) to learn from, as `arbiter match --records` writes them.
    #[arg(long)]
    records: PathBuf,
    /// Leave out the first plies of each game (random openings say little about the result).
    #[arg(long, default_value_t = 4)]
    skip_plies: usize,
    /// Print the result as JSON.
    #[arg(long)]
    json: bool,
}

/// The positions of the records, split into training and held-out games (every fifth).
struct Data {
    train: Vec<Sample>,
    validation: Vec<Sample>,
    games: usize,
    unfinished: usize,
}

/// Tunes the weights and prints them next to today's, with the errors before and after.
pub fn run(args: Args) -> Result<(), String> {
    let (game, _) = registry().parse_spec(&args.game).map_err(|e| e.to_string())?;
    let weights = game.eval_weights();
    if weights.is_empty() {
        let tunable: Vec<&str> = registry()
            .names()
            .into_iter()
            .filter(|name| registry().get(name).is_ok_and(|g| !g.eval_weights().is_empty()))
            .collect();
        return Err(format!(
            "{}'s evaluation is not a sum of weighted terms, so it cannot be tuned (tunable: {})",
            game.name(),
            tunable.join(", ")
        ));
    }
    let data = read(game, &args.records, args.skip_plies)?;
    if data.train.is_empty() {
        return Err(format!(
            "the records in {} have no finished game with positions after ply {}",
            args.records.display(),
            args.skip_plies
        ));
    }
    let start: Vec<f64> = weights.iter().map(|(_, w)| *w).collect();
    let tuning = texel::tune(&data.train, &data.validation, &start);
    if args.json {
        let terms: Vec<_> = weights
            .iter()
            .zip(&tuning.weights)
            .map(|((name, now), tuned)| serde_json::json!({"term": name, "weight": now, "tuned": tuned}))
            .collect();
        let value = serde_json::json!({
            "game": game.name(),
            "games": data.games,
            "unfinished": data.unfinished,
            "positions": {"train": data.train.len(), "validation": data.validation.len()},
            "k": tuning.k,
            "terms": terms,
            "error": {
                "train": {"before": tuning.train.0, "after": tuning.train.1},
                "validation": {"before": tuning.validation.0, "after": tuning.validation.1},
            },
        });
        return emit(&value.to_string());
    }
    let mut out = format!(
        "{}: {} games ({} unfinished left out), {} positions to train on, {} held out\n",
        game.name(),
        data.games,
        data.unfinished,
        data.train.len(),
        data.validation.len()
    );
    out += &format!("scale k = {:.6} (win probability 1/(1+e^(-k·eval)))\n", tuning.k);
    out += &format!("{:<18} {:>10} {:>10}\n", "term", "weight", "tuned");
    for ((name, now), tuned) in weights.iter().zip(&tuning.weights) {
        out += &format!("{name:<18} {now:>10.2} {tuned:>10.2}\n");
    }
    out += &format!(
        "mean squared error: training {:.5} -> {:.5}, held out {:.5} -> {:.5}",
        tuning.train.0, tuning.train.1, tuning.validation.0, tuning.validation.1
    );
    emit(&out)
}

/// Replays every record in `folder` and takes each position's terms with its mover's result.
fn read(game: &dyn DynGameType, folder: &Path, skip_plies: usize) -> Result<Data, String> {
    let entries = std::fs::read_dir(folder).map_err(|e| format!("cannot read {}: {e}", folder.display()))?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    if files.is_empty() {
        return Err(format!(
            "no game records (*.json) in {}: write some with `arbiter match {} --a … --b … --records {}`",
            folder.display(),
            game.name(),
            folder.display()
        ));
    }
    let mut data = Data {
        train: Vec::new(),
        validation: Vec::new(),
        games: 0,
        unfinished: 0,
    };
    for file in &files {
        let name = file.display();
        let text = std::fs::read_to_string(file).map_err(|e| format!("cannot read {name}: {e}"))?;
        let record: GameRecord =
            serde_json::from_str(&text).map_err(|e| format!("{name} is not a game record: {e}"))?;
        if record.game != game.name() {
            return Err(format!("{name} is a record of {}, not {}", record.game, game.name()));
        }
        let Some(result) = &record.result else {
            data.unfinished += 1;
            continue;
        };
        let mut session = game
            .new_session(&record.options, Some(&record.start))
            .map_err(|e| format!("{name}: {e}"))?;
        let winner = match &result.winner {
            Some(w) => Some(
                session
                    .parse_player(w)
                    .ok_or_else(|| format!("{name}: the winner '{}' is no player", arbiter_core::quote(w)))?,
            ),
            None => None,
        };
        let held_out = data.games % 5 == 4;
        for (ply, mv) in record.moves.iter().enumerate() {
            if ply >= skip_plies && session.ending().is_none() {
                let mut terms = Vec::new();
                session.eval_terms(&mut terms);
                let result = match winner {
                    None => 0.5,
                    Some(w) if w == session.to_move() => 1.0,
                    Some(_) => 0.0,
                };
                let sample = Sample { terms, result };
                if held_out {
                    data.validation.push(sample);
                } else {
                    data.train.push(sample);
                }
            }
            session
                .play(mv)
                .map_err(|e| format!("{name}: move {} '{}': {e}", ply + 1, arbiter_core::quote(mv)))?;
        }
        data.games += 1;
    }
    Ok(data)
}
