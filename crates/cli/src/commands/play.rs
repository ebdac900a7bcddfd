//! `arbiter play`: a game in the terminal, each side a human at the keyboard or an agent.

use crate::spec::{agent_spec, engines, GameSpec};
use arbiter_ai::DynAgent;
use arbiter_core::DynSession;
use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

/// `arbiter play <game> [--white human|random|level=N|SPEC] [--black …] [--think] [--save FILE]`
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    spec: GameSpec,
    /// Who plays White (Void, Krux, Villawar): human, random, level=1..6 or an agent spec (mcts:time=1s).
    #[arg(long)]
    white: Option<String>,
    /// Who plays Black (Void, Krux, Villawar): human, random, level=N or an agent spec.
    #[arg(long)]
    black: Option<String>,
    /// Who plays Violet (Attraction): human, random, level=N or an agent spec.
    #[arg(long)]
    violet: Option<String>,
    /// Who plays Red (Attraction): human, random, level=N or an agent spec.
    #[arg(long)]
    red: Option<String>,
    /// Show what the computer is thinking (depth, score, principal variation) while it thinks.
    #[arg(long)]
    think: bool,
    /// Write the game record (JSON) to this file after every move.
    #[arg(long)]
    save: Option<PathBuf>,
    /// Seed of the computer players (random movers and MCTS).
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// A side's player: a human at the keyboard, or an agent with the spec it was given.
enum Controller {
    Human,
    Computer(Box<dyn DynAgent>, String),
}

impl Controller {
    fn is_computer(&self) -> bool {
        matches!(self, Controller::Computer(..))
    }
}

const HELP: &str = "Enter a move in notation, or: moves, undo, resign, show, think on|off, save FILE, help, quit";

/// The ending in words, from the game crate: "White's flagship fell into the void. Black wins."
pub fn describe_ending(session: &dyn DynSession) -> String {
    session.story().map(|story| story.text).unwrap_or_default()
}

/// Runs the game loop on standard input; ends at the end of the game, `quit` or end of input.
pub fn run(args: Args) -> Result<(), String> {
    let mut session = args.spec.session()?;
    let mut controllers = [Controller::Human, Controller::Human];
    let mut think = args.think;
    for (name, choice) in [
        ("white", &args.white),
        ("black", &args.black),
        ("violet", &args.violet),
        ("red", &args.red),
    ] {
        if let Some(choice) = choice {
            let player = session
                .parse_player(name)
                .ok_or_else(|| format!("{} has no side called {name}", session.game()))?;
            controllers[player.index()] = if choice == "human" {
                Controller::Human
            } else {
                let spec = agent_spec(choice)?.with_default_seed(args.seed + player.index() as u64);
                let agent = engines().agent(session.game(), &spec).map_err(|e| e.to_string())?;
                Controller::Computer(agent, choice.clone())
            };
        }
    }
    // A path that cannot be written is refused before the first move, so no game is lost to it.
    save(session.as_ref(), args.save.as_ref())?;
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().split(b'\n');
    println!("{HELP}");
    print!("{}", session.diagram());
    loop {
        if session.ending().is_some() {
            println!("{}", describe_ending(session.as_ref()));
            save_or_warn(session.as_ref(), args.save.as_ref());
            return Ok(());
        }
        let side = session.to_move();
        let name = session.player_name(side);
        if let Controller::Computer(agent, label) = &mut controllers[side.index()] {
            let result = agent
                .choose(session.as_ref(), &AtomicBool::new(false), &mut |info| {
                    if think {
                        println!("  {info}");
                    }
                })
                .map_err(|e| e.to_string())?;
            let played = session.play(&result.best).map_err(|e| e.to_string())?;
            if think || !label.starts_with("random") {
                println!("{name} ({label}) plays {played}  [score {}]", result.info.score);
            } else {
                println!("{name} ({label}) plays {played}");
            }
            print!("{}", session.diagram());
            save_or_warn(session.as_ref(), args.save.as_ref());
            continue;
        }
        print!("{name}> ");
        std::io::stdout().flush().map_err(|e| e.to_string())?;
        let Some(line) = lines.next() else {
            println!();
            return Ok(());
        };
        let line = line.map_err(|e| e.to_string())?;
        // A line that is not UTF-8 is one bad entry, not the end of the game.
        let Ok(line) = String::from_utf8(line) else {
            println!("error: that line is not valid UTF-8 text; {HELP}");
            continue;
        };
        let input = line.trim();
        match input.split_whitespace().next().unwrap_or("") {
            "" => continue,
            "quit" | "exit" => return Ok(()),
            "help" => println!("{HELP}"),
            "think" => {
                think = input.split_whitespace().nth(1) != Some("off");
                println!("thinking is {}", if think { "shown" } else { "hidden" });
            }
            "show" => print!("{}\nposition: {}\n", session.diagram(), session.position()),
            "moves" => println!("{}", session.legal_moves().join(" ")),
            "undo" => match undo_to_human(session.as_mut(), &controllers) {
                Ok(()) => print!("{}", session.diagram()),
                Err(e) => println!("cannot undo: {e}"),
            },
            "resign" => {
                session.resign(side).map_err(|e| e.to_string())?;
            }
            "save" => match input.split_whitespace().nth(1) {
                Some(file) => match save(session.as_ref(), Some(&PathBuf::from(file))) {
                    Ok(()) => println!("saved to {file}"),
                    Err(e) => println!("{e}"),
                },
                None => println!("usage: save FILE"),
            },
            _ => match session.play(input) {
                Ok(played) => {
                    println!("{name} plays {played}");
                    print!("{}", session.diagram());
                    save_or_warn(session.as_ref(), args.save.as_ref());
                }
                Err(e) => println!("{e}"),
            },
        }
    }
}

/// Takes back moves until a human is to move again (at least one move).
fn undo_to_human(session: &mut dyn DynSession, controllers: &[Controller; 2]) -> Result<(), String> {
    session.undo().map_err(|e| e.to_string())?;
    while controllers[session.to_move().index()].is_computer() && session.ply() > 0 {
        session.undo().map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// Saves after a move; a failure (a full disk, say) is reported and the game goes on.
fn save_or_warn(session: &dyn DynSession, path: Option<&PathBuf>) {
    if let Err(e) = save(session, path) {
        eprintln!("warning: {e}; the game goes on (use 'save FILE' to save elsewhere)");
    }
}

fn save(session: &dyn DynSession, path: Option<&PathBuf>) -> Result<(), String> {
    let Some(path) = path else { return Ok(()) };
    let json = serde_json::to_string_pretty(&session.record()).map_err(|e| e.to_string())?;
    std::fs::write(path, json + "\n").map_err(|e| format!("cannot write {}: {e}", path.display()))
}
