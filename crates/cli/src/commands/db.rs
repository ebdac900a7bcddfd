//! `arbiter db migrate --from arbiter.db --to postgres://…`: moves a server's data to another
//! database (from the embedded SQLite file to a PostgreSQL that several servers share).

use arbiter_server::store::{copy_store, Copied};
use arbiter_server::DbLocation;
use indicatif::{ProgressBar, ProgressStyle};

/// `arbiter db <action>`
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    action: Action,
}

#[derive(clap::Subcommand)]
enum Action {
    /// Copy every player, game (with its moves and times) and open challenge from one database
    /// into another, empty one; both get the schema's migrations first. The source is only read.
    Migrate {
        /// The database to copy: a SQLite file or a postgres:// URL.
        #[arg(long, value_parser = DbLocation::parse)]
        from: DbLocation,
        /// The empty database to copy into: a postgres:// URL or a SQLite file.
        #[arg(long, value_parser = DbLocation::parse)]
        to: DbLocation,
    },
}

/// Runs the action.
pub fn run(args: Args) -> Result<(), String> {
    match args.action {
        Action::Migrate { from, to } => migrate(&from, &to),
    }
}

fn migrate(from: &DbLocation, to: &DbLocation) -> Result<(), String> {
    if from == to {
        return Err("--from and --to are the same database".into());
    }
    if let DbLocation::Sqlite(path) = from {
        if !path.is_file() {
            return Err(format!("no database file at {}", path.display()));
        }
    }
    let source = from.open().map_err(|e| format!("cannot open {from}: {e}"))?;
    let target = to.open().map_err(|e| format!("cannot open {to}: {e}"))?;
    let total = source.game_ids().map_err(|e| e.to_string())?.len();
    let bar = ProgressBar::new(total as u64).with_style(
        ProgressStyle::with_template("{spinner} copying games [{bar:30}] {pos}/{len} {msg} ({elapsed})")
            .map_err(|e| e.to_string())?,
    );
    let copied = copy_store(source.as_ref(), target.as_ref(), &mut |c: &Copied| {
        bar.set_position(c.games as u64);
        bar.set_message(format!("{} moves", c.moves));
    })
    .map_err(|e| format!("the copy stopped: {e}"))?;
    bar.finish_and_clear();
    println!(
        "Copied {} players ({} with accounts, {} ratings), {} games ({} moves, {} analyses), {} puzzle attempts, {} open \
         challenges and {} tournaments from {from} to {to}.",
        copied.players,
        copied.accounts,
        copied.ratings,
        copied.games,
        copied.moves,
        copied.analyses,
        copied.puzzle_attempts,
        copied.challenges,
        copied.tournaments
    );
    Ok(())
}
