//! `arbiter`: play and analyse Void, Krux, Attraction and Villawar from the terminal.

mod commands;
mod spec;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Rules engine, AI and playing program for Void, Krux, Attraction and Villawar.
#[derive(Parser)]
#[command(name = "arbiter", version, about, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List the legal moves of a position, one per line.
    Moves(commands::moves::Args),
    /// Count move sequences of a given length (perft), with node rate.
    Perft(commands::perft::Args),
    /// Print a text diagram of a position.
    Show(commands::show::Args),
    /// Play in the terminal: human against human or against a random mover.
    Play(commands::play::Args),
    /// Measure speed: random playouts and perft, single thread.
    Bench(commands::bench::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Moves(args) => commands::moves::run(args),
        Command::Perft(args) => commands::perft::run(args),
        Command::Show(args) => commands::show::run(args),
        Command::Play(args) => commands::play::run(args),
        Command::Bench(args) => commands::bench::run(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}
