//! `cozy-perft DEPTH [FEN]`: chess perft with cozy-chess, bulk counting at the last ply, from the
//! start position unless a FEN is given. Prints one JSON line:
//! `{"nodes": N, "seconds": S, "nodes_per_second": R}`. Bad arguments: a message, exit code 2.

use cozy_chess::Board;
use std::process::ExitCode;
use std::time::Instant;

const USAGE: &str = "usage: cozy-perft DEPTH [FEN]  (DEPTH 0..=20; start position unless FEN is given)";

/// Move sequences of `depth` plies from `board`; at the last ply the legal moves are counted, not
/// played (`generate_moves` hands them over per piece as sets, and a set knows its size).
fn perft(board: &Board, depth: u8) -> u64 {
    match depth {
        0 => 1,
        1 => {
            let mut nodes = 0;
            board.generate_moves(|piece_moves| {
                nodes += piece_moves.len() as u64;
                false
            });
            nodes
        }
        _ => {
            let mut nodes = 0;
            board.generate_moves(|piece_moves| {
                for mv in piece_moves {
                    let mut child = board.clone();
                    child.play_unchecked(mv);
                    nodes += perft(&child, depth - 1);
                }
                false
            });
            nodes
        }
    }
}

fn parse_args(args: &[String]) -> Result<(u8, Board), String> {
    let (depth, fen) = match args {
        [depth] => (depth, None),
        [depth, fen] => (depth, Some(fen)),
        _ => return Err("expected DEPTH and at most one FEN".to_string()),
    };
    let depth: u8 = depth
        .parse()
        .ok()
        .filter(|d| *d <= 20)
        .ok_or_else(|| format!("invalid depth {depth:?}"))?;
    let board = match fen {
        None => Board::default(),
        Some(fen) => Board::from_fen(fen, false)
            .or_else(|_| Board::from_fen(fen, true))
            .map_err(|e| format!("invalid FEN {fen:?}: {e:?}"))?,
    };
    Ok((depth, board))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "-h" || a == "--help") {
        println!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    let (depth, board) = match parse_args(&args) {
        Ok(parsed) => parsed,
        Err(message) => {
            eprintln!("cozy-perft: {message}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let started = Instant::now();
    let nodes = perft(&board, depth);
    let seconds = started.elapsed().as_secs_f64();
    let rate = nodes as f64 / seconds.max(1e-9);
    println!("{{\"nodes\": {nodes}, \"seconds\": {seconds}, \"nodes_per_second\": {rate}}}");
    ExitCode::SUCCESS
}
