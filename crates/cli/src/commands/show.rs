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
    print!("{}", session.diagram());
    println!("position: {}", session.position());
    if let Some(ending) = session.ending() {
        println!("{}", super::play::describe_ending(session.as_ref(), ending));
    }
    Ok(())
}
