//! `arbiter-train`: trains a net on `arbiter datagen`'s data and writes it with its training curve.

use arbiter_learn::DataReader;
use arbiter_train::{train, Dataset, Settings, Targets};
use clap::Parser;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

/// Train a learned evaluation on self-play data (from `arbiter datagen`), on CPU.
#[derive(Parser)]
#[command(name = "arbiter-train", version)]
struct Args {
    /// Data files of one game and options (as `arbiter datagen --out` wrote them).
    #[arg(long, required = true, num_args = 1..)]
    data: Vec<PathBuf>,
    /// Where to write the net (safetensors, with the game, options and shape in its metadata).
    #[arg(long)]
    out: PathBuf,
    /// Inputs: `views` (each player's view, with an accumulator per player, as NNUE has) or
    /// `planes` (the game's observation planes, one accumulator).
    #[arg(long, value_enum, default_value_t = Inputs::Planes)]
    inputs: Inputs,
    /// Width of the hidden layer.
    #[arg(long, default_value_t = 128)]
    hidden: usize,
    /// Passes over the training examples.
    #[arg(long, default_value_t = 10)]
    epochs: usize,
    /// Examples per optimiser step.
    #[arg(long, default_value_t = 1024)]
    batch: usize,
    /// AdamW's learning rate.
    #[arg(long, default_value_t = 1e-3)]
    lr: f64,
    /// Share of the game's result in the target (the rest is the search's score through a sigmoid).
    #[arg(long, default_value_t = 0.5)]
    lambda: f32,
    /// The score that the target's sigmoid divides by.
    #[arg(long, default_value_t = 400.0)]
    scale: f32,
    /// Train on the positions whose score was proven too (left out by default).
    #[arg(long)]
    proven: bool,
    /// Share of the games held out for the validation loss.
    #[arg(long, default_value_t = 0.1)]
    validation: f64,
    /// Use at most this many positions.
    #[arg(long, default_value_t = usize::MAX)]
    limit: usize,
    /// Seed of the initial weights and of the shuffles (the same seed and data give the same net).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Also draw the training curve here (SVG).
    #[arg(long)]
    curve: Option<PathBuf>,
    /// Print the summary as JSON.
    #[arg(long)]
    json: bool,
}

/// What a net reads.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Inputs {
    /// The game's observation planes (`Encoding::observe`), a plane for the side to move among them.
    Planes,
    /// Each player's view (`Encoding::observe_as`), the side to move's first.
    Views,
}

fn run(args: Args) -> Result<(), String> {
    if !(0.0..=1.0).contains(&args.lambda) {
        return Err(format!("--lambda must be 0 to 1, not {}", args.lambda));
    }
    if args.scale.is_nan() || args.scale <= 0.0 {
        return Err(format!("--scale must be above 0, not {}", args.scale));
    }
    if args.hidden == 0 || args.hidden > 4096 {
        return Err(format!("--hidden must be 1 to 4096, not {}", args.hidden));
    }
    if args.lr <= 0.0 || !args.lr.is_finite() {
        return Err(format!("--lr must be above 0, not {}", args.lr));
    }
    let first = DataReader::open(&args.data[0]).map_err(|e| e.to_string())?;
    let registry = arbiter_games::registry();
    let game = registry.get(&first.header().game).map_err(|e| e.to_string())?;
    let started = Instant::now();
    let files: Vec<&std::path::Path> = args.data.iter().map(PathBuf::as_path).collect();
    let targets = Targets {
        lambda: args.lambda,
        scale: args.scale,
        proven: args.proven,
    };
    let views = if args.inputs == Inputs::Views { 2 } else { 1 };
    let data = Dataset::read(game, &files, targets, views, args.validation, args.limit).map_err(|e| e.to_string())?;
    if !args.json {
        eprintln!(
            "{} ({}): {} training and {} validation positions of {} × {} inputs ({} proven ones {}), read in {:.1} s",
            data.header.game,
            data.header.options,
            data.training.len(),
            data.validation.len(),
            data.views,
            data.inputs,
            data.proven,
            if args.proven { "among them" } else { "left out" },
            started.elapsed().as_secs_f64()
        );
    }
    let settings = Settings {
        hidden: args.hidden,
        epochs: args.epochs,
        batch: args.batch,
        learning_rate: args.lr,
        seed: args.seed,
    };
    let trained = Instant::now();
    let json = args.json;
    let (net, curve) = train(&data, &settings, args.scale, &mut |curve| {
        if !json {
            let (epoch, training) = curve.training[curve.training.len() - 1];
            let validation = curve
                .validation
                .last()
                .map_or(String::new(), |v| format!(", validation {:.5}", v.1));
            eprintln!(
                "epoch {epoch}: training {training:.5}{validation} ({:.1} s)",
                trained.elapsed().as_secs_f64()
            );
        }
    })
    .map_err(|e| e.to_string())?;
    net.save(&args.out).map_err(|e| e.to_string())?;
    if let Some(path) = &args.curve {
        let title = format!("Training a net for {} ({})", data.header.game, data.header.options);
        let svg = curve.svg(&title).map_err(|e| e.to_string())?;
        std::fs::write(path, svg).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    let seconds = trained.elapsed().as_secs_f64();
    if json {
        let summary = serde_json::json!({
            "game": data.header.game,
            "options": data.header.options,
            "training_positions": data.training.len(),
            "validation_positions": data.validation.len(),
            "proven": data.proven,
            "proven_left_out": if args.proven { 0 } else { data.proven },
            "inputs": data.inputs,
            "views": data.views,
            "hidden": args.hidden,
            "curve": curve,
            "seconds": seconds,
            "out": args.out,
        });
        println!("{}", serde_json::to_string_pretty(&summary).map_err(|e| e.to_string())?);
    } else {
        println!(
            "wrote {} ({} epochs in {seconds:.1} s)",
            args.out.display(),
            args.epochs
        );
    }
    Ok(())
}

fn main() -> ExitCode {
    match run(Args::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}
