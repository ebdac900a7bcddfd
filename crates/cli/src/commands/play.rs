use crate::spec::GameSpec;
use arbiter_core::{DynSession, EndReason, Ending, Outcome};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::io::{BufRead, Write};
use std::path::PathBuf;

/// `arbiter play <game> [--white human|random] [--black …] [--save FILE]`
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    spec: GameSpec,
    /// Who plays White (Void, Krux, Villawar): human or random.
    #[arg(long, value_parser = ["human", "random"])]
    white: Option<String>,
    /// Who plays Black (Void, Krux, Villawar): human or random.
    #[arg(long, value_parser = ["human", "random"])]
    black: Option<String>,
    /// Who plays Violet (Attraction): human or random.
    #[arg(long, value_parser = ["human", "random"])]
    violet: Option<String>,
    /// Who plays Red (Attraction): human or random.
    #[arg(long, value_parser = ["human", "random"])]
    red: Option<String>,
    /// Write the game record (JSON) to this file after every move.
    #[arg(long)]
    save: Option<PathBuf>,
    /// Seed of the random mover.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

#[derive(Clone, Copy, PartialEq)]
enum Controller {
    Human,
    Random,
}

const HELP: &str = "Enter a move in notation, or: moves, undo, resign, show, save FILE, help, quit";

/// Describes an ending in words: "Black wins (the opponent resigned)".
pub fn describe_ending(session: &dyn DynSession, ending: Ending) -> String {
    let result = match ending.outcome {
        Outcome::Win(p) => format!("{} wins", capitalised(session.player_name(p))),
        Outcome::Draw => "Draw".to_string(),
    };
    let reason = match ending.reason {
        EndReason::Board => "by the rules of the position",
        EndReason::Repetition => "by threefold repetition",
        EndReason::PlyLimit => "by the ply limit",
        EndReason::Resignation => "by resignation",
    };
    format!("{result} {reason}.")
}

fn capitalised(name: &str) -> String {
    let mut c = name.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}

/// Runs the game loop on standard input; ends at the end of the game, `quit` or end of input.
pub fn run(args: Args) -> Result<(), String> {
    let mut session = args.spec.session()?;
    let mut controllers = [Controller::Human; 2];
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
            controllers[player.index()] = if choice == "random" {
                Controller::Random
            } else {
                Controller::Human
            };
        }
    }
    let mut rng = SmallRng::seed_from_u64(args.seed);
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    println!("{HELP}");
    print!("{}", session.diagram());
    loop {
        if let Some(ending) = session.ending() {
            println!("{}", describe_ending(session.as_ref(), ending));
            save(session.as_ref(), args.save.as_ref())?;
            return Ok(());
        }
        let side = session.to_move();
        let name = session.player_name(side);
        if controllers[side.index()] == Controller::Random {
            let mv = session
                .random_move(rng.random())
                .ok_or("no move for the random player")?;
            let played = session.play(&mv).map_err(|e| e.to_string())?;
            println!("{name} (random) plays {played}");
            print!("{}", session.diagram());
            save(session.as_ref(), args.save.as_ref())?;
            continue;
        }
        print!("{name}> ");
        std::io::stdout().flush().map_err(|e| e.to_string())?;
        let Some(line) = lines.next() else {
            println!();
            return Ok(());
        };
        let line = line.map_err(|e| e.to_string())?;
        let input = line.trim();
        match input.split_whitespace().next().unwrap_or("") {
            "" => continue,
            "quit" | "exit" => return Ok(()),
            "help" => println!("{HELP}"),
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
                    save(session.as_ref(), args.save.as_ref())?;
                }
                Err(e) => println!("{e}"),
            },
        }
    }
}

/// Takes back moves until a human is to move again (at least one move).
fn undo_to_human(session: &mut dyn DynSession, controllers: &[Controller; 2]) -> Result<(), String> {
    session.undo().map_err(|e| e.to_string())?;
    while controllers[session.to_move().index()] == Controller::Random && session.ply() > 0 {
        session.undo().map_err(|e| e.to_string())?;
    }
    Ok(())
}

fn save(session: &dyn DynSession, path: Option<&PathBuf>) -> Result<(), String> {
    let Some(path) = path else { return Ok(()) };
    let json = serde_json::to_string_pretty(&session.record()).map_err(|e| e.to_string())?;
    std::fs::write(path, json + "\n").map_err(|e| format!("cannot write {}: {e}", path.display()))
}
