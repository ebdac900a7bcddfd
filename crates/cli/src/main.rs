//! `arbiter`: play and analyse Void, Krux, Attraction and Villawar from the terminal.

mod commands;
mod output;
mod spec;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Rules engine, AI and playing program for Void, Krux, Attraction and Villawar.
#[derive(Parser)]
#[command(name = "arbiter", version, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Play in the browser: serve the web app and its API (games stored in SQLite or PostgreSQL).
    Serve(commands::serve::Args),
    /// Look after the server's database: copy a SQLite file into PostgreSQL.
    Db(commands::db::Args),
    /// List the legal moves of a position, one per line.
    Moves(commands::moves::Args),
    /// Count move sequences of a given length (perft), with node rate.
    Perft(commands::perft::Args),
    /// Prove whether the side to move can force a win within N plies (exact, no heuristics).
    Solve(commands::solve::Args),
    /// Print a text diagram of a position.
    Show(commands::show::Args),
    /// Draw a position as the web app does: a standalone SVG (or its data as JSON), for docs.
    Diagram(commands::diagram::Args),
    /// Play in the terminal: humans, a random mover or the computer at any level.
    Play(commands::play::Args),
    /// Measure speed: random playouts, perft, MCTS iterations and alpha-beta nodes, single thread.
    Bench(commands::bench::Args),
    /// Play a match between two agents: W/D/L, Elo with a 95% interval, optional SPRT.
    Match(commands::r#match::Args),
    /// Analyse a position: best move, score and principal variation as the search deepens.
    Analyze(commands::analyze::Args),
    /// Analyse a recorded game: every position searched, every move marked by the win chance it lost.
    AnalyzeGame(commands::analyze_game::Args),
    /// Speak the engine protocol (UGI-like) on standard input and output, for GUIs and matches.
    Engine(commands::engine::Args),
    /// Write a game report: self-play at several levels, then metrics, SVG charts, HTML and JSON.
    Report(commands::report::Args),
    /// Tune the evaluation's weights to the results of recorded games (Texel's method).
    Tune(commands::tune::Args),
    /// Write training data for a learned evaluation: self-play positions with scores and results.
    Datagen(commands::datagen::Args),
    /// Make puzzles from self-play or recorded games: positions with one winning answer, verified.
    Puzzles(commands::puzzles::Args),
    /// How hard a puzzle set is: the computer levels solve it and Glicko-2 rates the puzzles.
    PuzzleDifficulty(commands::puzzle_difficulty::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Serve(args) => commands::serve::run(args),
        Command::Db(args) => commands::db::run(args),
        Command::Moves(args) => commands::moves::run(args),
        Command::Perft(args) => commands::perft::run(args),
        Command::Solve(args) => commands::solve::run(args),
        Command::Show(args) => commands::show::run(args),
        Command::Diagram(args) => commands::diagram::run(args),
        Command::Play(args) => commands::play::run(args),
        Command::Bench(args) => commands::bench::run(args),
        Command::Match(args) => commands::r#match::run(args),
        Command::Analyze(args) => commands::analyze::run(args),
        Command::AnalyzeGame(args) => commands::analyze_game::run(args),
        Command::Engine(args) => commands::engine::run(args),
        Command::Report(args) => commands::report::run(args),
        Command::Tune(args) => commands::tune::run(args),
        Command::Datagen(args) => commands::datagen::run(args),
        Command::Puzzles(args) => commands::puzzles::run(args),
        Command::PuzzleDifficulty(args) => commands::puzzle_difficulty::run(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}
