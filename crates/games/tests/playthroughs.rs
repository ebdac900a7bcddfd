//! Golden playthroughs, in the manner of OpenSpiel's: for every registered game and variant,
//! three seeded games of uniformly random legal moves, written out ply by ply and checked in
//! under `crates/games/data/playthroughs/`. This test plays them again through the registry and
//! compares them with the files line by line, so that any change in what the engines do — a
//! position string, a diagram, a legal move more or less, a move's notation, an ending or the
//! words that tell it — shows up as a diff to read and accept or reject.
//!
//! Regenerate after an intended change with
//! `ARBITER_UPDATE_PLAYTHROUGHS=1 cargo test -p arbiter-games --test playthroughs`
//! (or `scripts/playthroughs.sh`) and review the diff.

use arbiter_core::{DynGameType, EndReason, Outcome};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// Seeded games per game and variant.
const GAMES: usize = 3;
/// Plies per game at most, to keep the files small: the sessions are made with the history
/// option `plies=200`, so a game still going then ends as a draw by the ply limit (random
/// Attraction games never end on their own).
const PLY_CAP: usize = 200;
/// The environment variable that rewrites the files instead of comparing them.
const UPDATE: &str = "ARBITER_UPDATE_PLAYTHROUGHS";
const REGENERATE: &str =
    "ARBITER_UPDATE_PLAYTHROUGHS=1 cargo test -p arbiter-games --test playthroughs (or scripts/playthroughs.sh)";

/// SplitMix64: a tiny generator written out here, so that the transcripts depend neither on
/// the version of `rand` nor on the platform.
struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (`n > 0`), by multiply-and-shift.
    fn below(&mut self, n: usize) -> usize {
        ((self.next() as u128 * n as u128) >> 64) as usize
    }
}

/// FNV-1a, 64 bits: seeds from file names and digests of move lists.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01B3)
    })
}

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("data/playthroughs")
}

/// Every transcript, by file name.
fn transcripts() -> BTreeMap<String, String> {
    let registry = arbiter_games::registry();
    let mut all = BTreeMap::new();
    for name in registry.names() {
        let game = registry.get(name).unwrap();
        for options in arbiter_games::variants_to_test(game) {
            // The file-name tag of a variant: `size=6` → `size6`, the default → none.
            let tag = options.replace('=', "");
            for n in 1..=GAMES {
                let stem = match tag.as_str() {
                    "" => format!("{name}-{n}"),
                    tag => format!("{name}-{tag}-{n}"),
                };
                let text = playthrough(game, &options, &stem, n);
                all.insert(format!("{stem}.txt"), text);
            }
        }
    }
    all
}

/// One seeded random game, written out.
fn playthrough(game: &dyn DynGameType, options: &str, stem: &str, n: usize) -> String {
    let seed = fnv1a(stem.as_bytes());
    let mut rng = SplitMix64(seed);
    let session_options = match options {
        "" => format!("plies={PLY_CAP}"),
        options => format!("{options},plies={PLY_CAP}"),
    };
    let mut session = game
        .new_session(&session_options, None)
        .unwrap_or_else(|e| panic!("{stem}: {e}"));
    let mut out = String::new();
    let w = &mut out;
    let name = game.name();
    write!(
        w,
        "\
# Arbiter playthrough: {name}, options '{options}', game {n} of {GAMES}
# Seed {seed:#018x} (SplitMix64): each ply picks uniformly among the legal moves
# sorted by notation. At most {PLY_CAP} plies: the session has the option plies={PLY_CAP}
# (a game still going then is drawn by the ply limit); repetition rules as by default.
# Per ply: side to move, position, diagram ('| '), the number of legal moves with an
# FNV-1a digest of their sorted notation, the move played; at the end, the ending.
# Regenerate: {REGENERATE}
"
    )
    .unwrap();
    loop {
        let ply = session.ply();
        writeln!(w).unwrap();
        let over = session.ending().is_some();
        match over {
            true => writeln!(w, "ply {ply}: game over").unwrap(),
            false => writeln!(w, "ply {ply}: {} to move", session.player_name(session.to_move())).unwrap(),
        }
        writeln!(w, "position: {}", session.position()).unwrap();
        for line in session.diagram().lines() {
            match line {
                "" => writeln!(w, "|").unwrap(),
                line => writeln!(w, "| {line}").unwrap(),
            }
        }
        let mut moves = session.legal_moves();
        moves.sort();
        let digest = fnv1a(moves.join("\n").as_bytes());
        writeln!(w, "legal: {} moves, digest {digest:016x}", moves.len()).unwrap();
        assert_eq!(
            moves.is_empty(),
            over,
            "{stem}, ply {ply}: moves exactly while not over"
        );
        if over {
            break;
        }
        assert!(ply < PLY_CAP, "{stem}: the ply limit did not end the game");
        let chosen = &moves[rng.below(moves.len())];
        let played = session
            .play(chosen)
            .unwrap_or_else(|e| panic!("{stem}, ply {ply}: the listed move '{chosen}' does not play: {e}"));
        assert_eq!(&played, chosen, "{stem}, ply {ply}: listed notation is canonical");
        writeln!(w, "move: {played}").unwrap();
    }
    let ending = session.ending().expect("over");
    let outcome = match ending.outcome {
        Outcome::Win(p) => format!("{} wins", session.player_name(p)),
        Outcome::Draw => "draw".to_string(),
    };
    let reason = match ending.reason {
        EndReason::Board => "board",
        EndReason::Repetition => "repetition",
        EndReason::PlyLimit => "ply limit",
        EndReason::Resignation => "resignation",
        EndReason::Time => "time",
    };
    writeln!(w, "ending: {outcome} ({reason})").unwrap();
    match session.story() {
        Some(story) => {
            writeln!(w, "story: {}", story.text).unwrap();
            let cells: String = story.cells.iter().map(|c| format!(" {c}")).collect();
            writeln!(w, "story cells:{cells}").unwrap();
        }
        None => writeln!(w, "story: none").unwrap(),
    }
    out
}

/// The first line where `actual` differs from `expected`, described.
fn first_difference(expected: &str, actual: &str) -> Option<String> {
    let (mut e, mut a) = (expected.lines(), actual.lines());
    let mut at = "the header";
    for number in 1.. {
        match (e.next(), a.next()) {
            (None, None) => return None,
            (x, y) if x == y => {
                if let Some(ply) = x.and_then(|x| x.split(':').next()).filter(|p| p.starts_with("ply ")) {
                    at = ply;
                }
            }
            (x, y) => {
                return Some(format!(
                    "line {number} (in {at}):\n    file:  {}\n    now:   {}",
                    x.unwrap_or("(end of file)"),
                    y.unwrap_or("(end of transcript)")
                ))
            }
        }
    }
    unreachable!()
}

#[test]
fn playthroughs_match_the_checked_in_files() {
    let dir = data_dir();
    let wanted = transcripts();
    let mut on_disk: BTreeMap<String, String> = BTreeMap::new();
    if let Ok(entries) = std::fs::read_dir(&dir) {
        for entry in entries {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|x| x == "txt") {
                let name = path.file_name().unwrap().to_string_lossy().into_owned();
                let text = std::fs::read_to_string(&path).unwrap().replace("\r\n", "\n");
                on_disk.insert(name, text);
            }
        }
    }

    if std::env::var_os(UPDATE).is_some_and(|v| !v.is_empty() && v != "0") {
        std::fs::create_dir_all(&dir).unwrap();
        for name in on_disk.keys().filter(|n| !wanted.contains_key(*n)) {
            std::fs::remove_file(dir.join(name)).unwrap();
            println!("removed {name}");
        }
        for (name, text) in &wanted {
            if on_disk.get(name) != Some(text) {
                std::fs::write(dir.join(name), text).unwrap();
                println!("wrote {name}");
            }
        }
        return;
    }

    let mut failures = Vec::new();
    for (name, text) in &wanted {
        match on_disk.get(name) {
            None => failures.push(format!("{name}: missing")),
            Some(file) => {
                if let Some(diff) = first_difference(file, text) {
                    failures.push(format!("{name}: differs at {diff}"));
                }
            }
        }
    }
    for name in on_disk.keys().filter(|n| !wanted.contains_key(*n)) {
        failures.push(format!("{name}: no game or variant of the registry makes it any more"));
    }
    assert!(
        failures.is_empty(),
        "playthroughs in {} differ from what the engines play now:\n{}\n\nIf the change is intended, regenerate with\n    {REGENERATE}\nand review the diff.",
        dir.display(),
        failures.join("\n")
    );
}

#[test]
fn the_generator_is_the_one_the_files_were_made_with() {
    // SplitMix64's published first outputs for seed 0, and FNV-1a's for "a": if either changes,
    // every transcript would, for no reason in the engines.
    let mut rng = SplitMix64(0);
    assert_eq!(rng.next(), 0xe220_a839_7b1d_cdaf);
    assert_eq!(rng.next(), 0x6e78_9e6a_a1b9_65f4);
    assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
}
