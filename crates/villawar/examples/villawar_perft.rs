//! perft from the start or a position, optionally split by first move:
//! `cargo run --release -p arbiter-villawar --example villawar_perft -- DEPTH [SIZE|POSITION] [--divide]`.

use arbiter_core::perft::{divide, perft};
use arbiter_core::{Game, Presentation};
use arbiter_villawar::{Size, Villawar, VillawarVariant};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let depth: usize = args.first().and_then(|d| d.parse().ok()).unwrap_or(3);
    let split = args.iter().any(|a| a == "--divide");
    let spec = args.get(1).filter(|a| *a != "--divide");
    let game = match spec.map(String::as_str) {
        None => Villawar::new(&VillawarVariant::default()),
        Some(text) => match text.parse::<usize>().ok().and_then(Size::from_n) {
            Some(size) => Villawar::new(&VillawarVariant::new(size)),
            None => match Villawar::from_position(&VillawarVariant::default(), text) {
                Ok(game) => game,
                Err(e) => {
                    eprintln!("{e}");
                    std::process::exit(2);
                }
            },
        },
    };
    println!("{}", game.diagram());
    let began = Instant::now();
    let nodes = if split {
        let parts = divide(&game, depth, 1, |_, _| {});
        for (mv, n) in &parts {
            println!("{mv}: {n}");
        }
        parts.iter().map(|(_, n)| n).sum()
    } else {
        perft(&game, depth)
    };
    let secs = began.elapsed().as_secs_f64();
    println!(
        "perft({depth}) = {nodes} in {secs:.3} s ({:.1} M nodes/s)",
        nodes as f64 / secs.max(1e-9) / 1e6
    );
}
