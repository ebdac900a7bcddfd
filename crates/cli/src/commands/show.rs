//! `arbiter show`: a position's diagram, position string and result, from its string.

use crate::spec::GameSpec;

/// `arbiter show <game> [--position P]`
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    spec: GameSpec,
}

/// Prints the diagram, the position string and the result if the game is over.
pub fn run(args: Args) -> Result<(), String> {
    let session = args.spec.session()?;
    let mut text = format!("{}position: {}\n", session.diagram(), session.position());
    if session.ending().is_some() {
        text += &format!("{}\n", super::play::describe_ending(session.as_ref()));
    }
    crate::output::emit(&text)
}
