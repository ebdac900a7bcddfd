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
    for mv in session.legal_moves() {
        println!("{mv}");
    }
    Ok(())
}
