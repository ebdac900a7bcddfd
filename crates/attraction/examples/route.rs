//! Prints one chain of orbits for a move: `cargo run --example route -p arbiter-attraction -- "<position>" <move>`.

use arbiter_attraction::Attraction;
use arbiter_core::{Game, NoVariant, Presentation};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [position, mv] = args.as_slice() else {
        eprintln!("usage: route \"<position>\" <move>");
        std::process::exit(2);
    };
    let game = match Attraction::from_position(&NoVariant, position) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    };
    print!("{}", game.diagram());
    match game.parse_move(mv) {
        Ok(m) => println!("{:?}", game.move_info(m)),
        Err(e) => println!("{e}"),
    }
}
