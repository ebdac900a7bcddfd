//! The independent reference for Void: a differential test against voidgame 1.1, the original
//! Python implementation.
//!
//! Plays seeded random games with our engine and, at every position, asks voidgame (through
//! `tools/voidgame_oracle.py`, which only clicks voidgame's own API) for its complete set of
//! legal turns. The sets must agree except for the two deviations documented in the rules,
//! which are classified one by one; every turn played is also played by voidgame and the
//! resulting positions must be identical. Any other difference fails the test.
//!
//! voidgame 1.1 lives in the project-local `.venv`, which `scripts/test.sh` creates when missing.

use arbiter_core::{Game, NoVariant};
use arbiter_void::{Kind, Move, Square, Void};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::collections::BTreeSet;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

const GAMES: u64 = 300;
const PLY_CAP: u32 = 200;

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .expect("workspace root")
}

/// The Python interpreter of the project venv, where `scripts/test.sh` installs voidgame 1.1.
fn voidgame_python() -> PathBuf {
    let python = workspace_root().join(".venv/bin/python");
    let has_voidgame = Command::new(&python)
        .args(["-c", "import voidgame"])
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    assert!(
        has_voidgame,
        "voidgame 1.1 is not installed in {}: run scripts/test.sh (it installs it) or \
         python3 -m venv .venv && .venv/bin/pip install voidgame==1.1",
        python.display()
    );
    python
}

struct Oracle {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Oracle {
    fn start() -> Oracle {
        let mut child = Command::new(voidgame_python())
            .arg(workspace_root().join("tools/voidgame_oracle.py"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("start the voidgame oracle");
        let input = child.stdin.take().expect("stdin");
        let output = BufReader::new(child.stdout.take().expect("stdout"));
        Oracle { child, input, output }
    }

    fn ask(&mut self, line: &str) -> String {
        writeln!(self.input, "{line}").expect("write to oracle");
        self.input.flush().expect("flush");
        let mut answer = String::new();
        self.output.read_line(&mut answer).expect("read from oracle");
        let answer = answer.trim_end().to_string();
        assert!(answer.starts_with("ok"), "oracle refused '{line}': {answer}");
        answer.trim_start_matches("ok").trim().to_string()
    }

    fn moves(&mut self, position: &str) -> BTreeSet<String> {
        self.ask(&format!("moves {position}"))
            .split_whitespace()
            .map(String::from)
            .collect()
    }

    /// The position voidgame reaches, board and side only (voidgame has no pass count).
    fn play(&mut self, position: &str, turn: &str) -> String {
        let answer = self.ask(&format!("play {position} {turn}"));
        answer.split_whitespace().take(2).collect::<Vec<_>>().join(" ")
    }
}

impl Drop for Oracle {
    fn drop(&mut self) {
        let _ = self.child.kill();
    }
}

/// Deviation 1: voidgame lets a fighter attack past its own piece at distance 1.
fn is_fighter_past_own_piece(game: &Void, mv: &Move) -> bool {
    let Move::Turn {
        from,
        to,
        target: Some(target),
    } = *mv
    else {
        return false;
    };
    let Some(piece) = game.piece(from) else { return false };
    let d_sector = if (to.sector() - from.sector()).rem_euclid(18) < 9 {
        1
    } else {
        -1
    };
    piece.kind == Kind::Fighter
        && to.offset(0, 2 * d_sector) == Some(target)
        && to
            .offset(0, d_sector)
            .and_then(|c| game.piece(c))
            .is_some_and(|p| p.owner == piece.owner)
}

/// Deviation 2: voidgame's "willFall" marker, left where another flagship target would land,
/// blocks a later ray. The missing attack must have such a landing cell strictly between the
/// flagship and its target.
fn is_flagship_ray_blocked_by_marker(game: &Void, mv: &Move, ours: &[Move]) -> bool {
    let Move::Turn {
        from,
        to,
        target: Some(target),
    } = *mv
    else {
        return false;
    };
    if game.piece(from).map(|p| p.kind) != Some(Kind::Flagship) {
        return false;
    }
    let between = ray_cells_between(to, target);
    ours.iter().any(|other| match *other {
        Move::Turn {
            from: f,
            to: t,
            target: Some(u),
        } if f == from && t == to && u != target => u.offset(-3, 0).is_some_and(|landing| between.contains(&landing)),
        _ => false,
    })
}

fn ray_cells_between(start: Square, target: Square) -> Vec<Square> {
    for (d_orbit, d_sector) in [(0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (1, -1), (-1, 1), (-1, -1)] {
        let ray: Vec<Square> = (1..=3).map_while(|k| start.offset(d_orbit * k, d_sector * k)).collect();
        if let Some(i) = ray.iter().position(|&c| c == target) {
            return ray[..i].to_vec();
        }
    }
    Vec::new()
}

#[test]
fn agrees_with_voidgame_on_300_random_games() {
    let mut oracle = Oracle::start();
    let (mut positions, mut fighter_deviations, mut flagship_deviations) = (0, 0, 0);
    for seed in 0..GAMES {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut game = Void::new(&NoVariant);
        let mut list = Vec::new();
        for _ in 0..PLY_CAP {
            game.legal_moves(&mut list);
            if list.is_empty() {
                break;
            }
            let position = game.position();
            positions += 1;
            let ours: BTreeSet<String> = list
                .iter()
                .filter(|m| **m != Move::Pass)
                .map(|m| m.to_string())
                .collect();
            let theirs = oracle.moves(&position);
            for extra in theirs.difference(&ours) {
                let mv = Move::Turn {
                    from: Square::parse(&extra[..2]).unwrap(),
                    to: Square::parse(&extra[3..5]).unwrap(),
                    target: extra.get(6..8).map(|t| Square::parse(t).unwrap()),
                };
                assert!(
                    is_fighter_past_own_piece(&game, &mv),
                    "voidgame offers {extra} that we do not, in {position} (seed {seed})"
                );
                fighter_deviations += 1;
            }
            for missing in ours.difference(&theirs) {
                let mv = game.parse_move(missing).unwrap();
                assert!(
                    is_flagship_ray_blocked_by_marker(&game, &mv, &list),
                    "voidgame lacks our {missing} in {position} (seed {seed})"
                );
                flagship_deviations += 1;
            }
            let mv = list[rng.random_range(0..list.len())];
            let notation = mv.to_string();
            let mut next = game.clone();
            next.play(mv);
            if theirs.contains(&notation) {
                let expected: String = next.position().split_whitespace().take(2).collect::<Vec<_>>().join(" ");
                assert_eq!(
                    oracle.play(&position, &notation),
                    expected,
                    "after {notation} in {position} (seed {seed})"
                );
            }
            game = next;
        }
    }
    println!(
        "{GAMES} games, {positions} positions compared; deviations: {fighter_deviations} fighter attacks past an own piece, {flagship_deviations} flagship rays blocked by voidgame's marker"
    );
    assert!(positions > 10_000, "too few positions compared: {positions}");
}
