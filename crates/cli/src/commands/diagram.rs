//! `arbiter diagram`: a position drawn by the game crate itself, as SVG (styled like the web app),
//! JSON or text; the rules pages' diagrams are made with it.

use crate::spec::GameSpec;
use arbiter_core::drawing::Mark;
use arbiter_core::rules_docs::RulesManifest;
use arbiter_core::{Drawing, DynGameType};
use std::path::{Path, PathBuf};

/// The web app's board stylesheet, embedded in every SVG so that a diagram looks as in the app.
const BOARD_CSS: &str = include_str!("../../../../web/board.css");

/// `arbiter diagram <game> [--position P] [--move M] [--flip] [--format svg|json|text] [--out FILE]`
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    spec: GameSpec,
    /// Mark this move (legal in the position) on the picture: where it starts and ends, what it
    /// attacks and what falls.
    #[arg(long = "move", short = 'm')]
    mv: Option<String>,
    /// Turn the board round (the second player at the bottom).
    #[arg(long)]
    flip: bool,
    /// svg (a standalone picture, as the web app draws it), json (the drawing as data) or text.
    #[arg(long, default_value = "svg", value_parser = ["svg", "json", "text"])]
    format: String,
    /// Write to this file instead of standard output.
    #[arg(long, short)]
    out: Option<PathBuf>,
    /// Instead: write every diagram of the game's rules (docs/rules/<game>.md) into this folder,
    /// as <game>-<id>.svg.
    #[arg(long, value_name = "DIR", conflicts_with_all = ["mv", "out", "position"])]
    rules_images: Option<PathBuf>,
}

/// A standalone SVG of a position, with `mv` marked if given.
pub fn picture(
    game: &dyn DynGameType,
    options: &str,
    position: Option<&str>,
    mv: Option<&str>,
    flip: bool,
) -> Result<String, String> {
    let session = game.new_session(options, position).map_err(|e| e.to_string())?;
    let info = match mv {
        Some(text) => Some(session.move_details(text).map_err(|e| e.to_string())?.info),
        None => None,
    };
    let marks = info.as_ref().map_or_else(Vec::<Mark>::new, Drawing::move_marks);
    let arrow = info.as_ref().and_then(|i| Some((i.from.as_deref()?, i.to.as_deref()?)));
    Ok(session.drawing(flip).to_svg(BOARD_CSS, &marks, arrow))
}

/// Writes every rules diagram of `game` into `dir`; returns the files written.
pub fn write_rules_images(game: &dyn DynGameType, dir: &Path) -> Result<Vec<PathBuf>, String> {
    let (_, manifest) = game
        .rules()
        .ok_or_else(|| format!("{} has no rules diagrams", game.name()))?;
    let manifest = RulesManifest::parse(manifest).map_err(|e| e.to_string())?;
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let mut written = Vec::new();
    for d in &manifest.diagrams {
        let svg = picture(game, &d.options, Some(&d.position), d.example.as_deref(), false)
            .map_err(|e| format!("diagram '{}': {e}", d.id))?;
        let path = dir.join(format!("{}-{}.svg", game.name(), d.id));
        std::fs::write(&path, svg).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        written.push(path);
    }
    Ok(written)
}

/// Draws the position (or the rules' diagrams).
pub fn run(args: Args) -> Result<(), String> {
    let (game, options) = args.spec.resolve()?;
    if let Some(dir) = &args.rules_images {
        for path in write_rules_images(game, dir)? {
            println!("{}", path.display());
        }
        return Ok(());
    }
    let text = match args.format.as_str() {
        "svg" => picture(
            game,
            options,
            args.spec.position.as_deref(),
            args.mv.as_deref(),
            args.flip,
        )?,
        "json" => {
            let session = args.spec.session()?;
            if let Some(mv) = &args.mv {
                session.move_details(mv).map_err(|e| e.to_string())?;
            }
            serde_json::to_string_pretty(&session.drawing(args.flip)).map_err(|e| e.to_string())? + "\n"
        }
        _ => {
            let session = args.spec.session()?;
            format!("{}position: {}\n", session.diagram(), session.position())
        }
    };
    match &args.out {
        Some(path) => std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display())),
        None => crate::output::emit(&text),
    }
}
