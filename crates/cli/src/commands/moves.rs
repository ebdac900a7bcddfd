//! `arbiter moves`: every legal move of a position, in the game's canonical notation.

use crate::spec::GameSpec;

/// `arbiter moves <game> [--position P]`
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    spec: GameSpec,
}

/// Prints every legal move in canonical notation, one per line.
pub fn run(args: Args) -> Result<(), String> {
    let session = args.spec.session()?;
    let text: String = session.legal_moves().iter().map(|mv| format!("{mv}\n")).collect();
    crate::output::emit(&text)
}
