//! Lists the legal moves of a position: `cargo run --example moves -p arbiter-attraction -- "<position>"`.

use arbiter_attraction::Attraction;
use arbiter_core::{Game, Heuristics, NoVariant, Presentation};

fn main() {
    let position = std::env::args().nth(1).unwrap_or_default();
    let game = if position.is_empty() {
        Attraction::new(&NoVariant)
    } else {
        match Attraction::from_position(&NoVariant, &position) {
            Ok(g) => g,
            Err(e) => {
                eprintln!("{e}");
                std::process::exit(1);
            }
        }
    };
    print!("{}", game.diagram());
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let text: Vec<String> = moves.iter().map(|&m| game.format_move(m)).collect();
    println!("{} moves: {}", text.len(), text.join(" "));
    println!("evaluation for the side to move: {}", game.evaluate());
}
