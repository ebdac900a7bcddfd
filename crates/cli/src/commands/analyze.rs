//! `arbiter analyze`: one position searched, its reports printed as the search deepens.

use crate::spec::{agent_spec, engines, GameSpec};
use arbiter_ai::levels;
use arbiter_ai::AgentKind;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// `arbiter analyze <game> [--position P] [--time T] [--agent SPEC] [--json]`
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    spec: GameSpec,
    /// Thinking time (like 500ms, 5s, 1m); overrides the agent's own limits.
    #[arg(long, short)]
    time: Option<String>,
    /// The agent: by default the game's level-6 agent (alpha-beta or MCTS), thinking for --time.
    #[arg(long)]
    agent: Option<String>,
    /// Print each report as a JSON line, and the result as JSON.
    #[arg(long)]
    json: bool,
}

/// Prints the search's reports as it deepens, then the best move.
pub fn run(args: Args) -> Result<(), String> {
    let session = args.spec.session()?;
    let table = args.spec.resolve()?.0.strength_levels();
    if session.ending().is_some() {
        return Err(format!(
            "the game is over: {}",
            super::play::describe_ending(session.as_ref())
        ));
    }
    let mut spec = match &args.agent {
        Some(text) => agent_spec(text)?.resolve(table),
        None => levels::spec(table, levels::LEVELS),
    };
    if matches!(spec.kind, AgentKind::Random) {
        return Err("analyze needs a searching agent (mcts, uct, alphabeta or a level)".into());
    }
    let time = match &args.time {
        Some(t) => Some(arbiter_ai::parse_duration(t).map_err(|e| format!("--time: {e}"))?),
        None if args.agent.is_none() => Some(std::time::Duration::from_secs(5)),
        None => None,
    };
    if let Some(t) = time {
        spec.limits = arbiter_ai::Limits::time(t);
    }
    if !args.json {
        println!(
            "{}: {} to move, analysing with {spec}",
            session.game(),
            session.player_name(session.to_move())
        );
    }
    let json = args.json;
    let result = engines()
        .choose(session.as_ref(), &spec, Arc::new(AtomicBool::new(false)), &mut |info| {
            if json {
                println!("{}", serde_json::to_string(info).expect("infos serialize"));
            } else {
                println!("{info}");
            }
        })
        .map_err(|e| e.to_string())?;
    if json {
        println!("{}", serde_json::to_string(&result).map_err(|e| e.to_string())?);
    } else {
        println!(
            "best move {}  score {}  pv {}",
            result.best,
            result.info.score,
            result.info.pv.join(" ")
        );
    }
    Ok(())
}
