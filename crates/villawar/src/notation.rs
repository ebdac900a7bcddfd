//! Move notation: `c1-c5` (a villager's jump), `c3xc7` (a warrior's capture), `pass`.
//!
//! Parsing checks legality and, for an illegal jump, says which rule it breaks.

use crate::geometry::Direction;
use crate::moves::Move;
use crate::piece::{player_name, Kind, Piece};
use crate::square::Square;
use crate::{encoding, Size, Villawar};
use arbiter_core::{Error, Game, MoveInfo};

/// The canonical notation of a move in `game` (the separator shows the jumper's type).
pub fn format_move(game: &Villawar, mv: Move) -> String {
    match (mv.from(), mv.to()) {
        (Some(from), Some(to)) => {
            let size = game.size();
            let sep = match game.piece_at(from) {
                Some(Piece {
                    kind: Kind::Warrior, ..
                }) => 'x',
                _ => '-',
            };
            format!("{}{sep}{}", from.name(size), to.name(size))
        }
        _ => "pass".to_string(),
    }
}

/// The squares strictly between two squares on one line, from `from` towards `to`.
pub fn squares_between(size: Size, from: Square, to: Square, dir: Direction) -> Vec<Square> {
    let (df, dr) = dir.delta();
    let mut out = Vec::new();
    let (mut f, mut r) = (from.file(size) as isize, from.rank(size) as isize);
    loop {
        f += df;
        r += dr;
        if f < 0 || r < 0 {
            break;
        }
        let Some(sq) = Square::from_coords(f as usize, r as usize, size) else {
            break;
        };
        if sq == to {
            break;
        }
        out.push(sq);
    }
    out
}

fn reason_of(error: Error) -> String {
    match error {
        Error::Move { reason, .. } => reason,
        other => other.to_string(),
    }
}

fn a_piece(piece: Piece) -> String {
    format!("a {}", piece.describe())
}

/// Parses a move and checks that it is legal in `game`.
pub fn parse_move(game: &Villawar, input: &str) -> Result<Move, Error> {
    let err = |reason: String| Error::bad_move(input, reason);
    let text = input.trim();
    if game.outcome().is_some() {
        return Err(err("the game is over: both players have passed in a row".into()));
    }
    let mut legal = Vec::new();
    game.legal_moves(&mut legal);
    let side = game.to_move();
    let side_name = player_name(side);

    if text.eq_ignore_ascii_case("pass") {
        if legal.contains(&Move::PASS) {
            return Ok(Move::PASS);
        }
        return Err(err(format!(
            "{side_name} may not pass: passing is allowed only when no jump exists, and {side_name} has {} (for example {})",
            if legal.len() == 1 { "one jump".to_string() } else { format!("{} jumps", legal.len()) },
            format_move(game, legal[0])
        )));
    }
    let Some(sep_at) = text.find(['-', 'x', 'X']) else {
        return Err(err(
            "expected a jump like c1-c5 (a villager) or c3xc7 (a warrior's capture), or pass".into(),
        ));
    };
    let capture = &text[sep_at..sep_at + 1] != "-";
    let size = game.size();
    let from = Square::parse(&text[..sep_at], size).map_err(|e| err(reason_of(e)))?;
    let to = Square::parse(&text[sep_at + 1..], size).map_err(|e| err(reason_of(e)))?;
    let (from_name, to_name) = (from.name(size), to.name(size));

    let Some(piece) = game.piece_at(from) else {
        return Err(err(format!("there is no piece on {from_name}")));
    };
    if piece.player != side {
        return Err(err(format!(
            "{from_name} holds {}, but {side_name} is to move",
            a_piece(piece)
        )));
    }
    let Some(dir) = Direction::between((from.file(size), from.rank(size)), (to.file(size), to.rank(size))) else {
        return Err(err(if from == to {
            format!("a jump must leave {from_name}")
        } else {
            format!("{from_name} and {to_name} are not on one rank, file or diagonal")
        }));
    };
    match (piece.kind, capture) {
        (Kind::Villager, true) => {
            return Err(err(format!(
                "the piece on {from_name} is a villager, which never captures: write {from_name}-{to_name}"
            )))
        }
        (Kind::Warrior, false) => {
            return Err(err(format!(
                "the piece on {from_name} is a warrior, which moves only by capturing: write {from_name}x{to_name}"
            )))
        }
        _ => {}
    }
    let mv = Move::jump(from.index(), to.index(), dir.index());
    if legal.contains(&mv) {
        return Ok(mv);
    }
    Err(err(why_illegal(game, piece, from, to, dir)))
}

/// Which rule a jump of `piece` from `from` to `to` breaks.
fn why_illegal(game: &Villawar, piece: Piece, from: Square, to: Square, dir: Direction) -> String {
    let size = game.size();
    let name = |sq: Square| sq.name(size).to_string();
    // The phalanxes crossed: runs of equal pieces on adjacent squares.
    let mut runs: Vec<(Piece, Vec<Square>)> = Vec::new();
    let mut previous_occupied = false;
    for sq in squares_between(size, from, to, dir) {
        match game.piece_at(sq) {
            None => previous_occupied = false,
            Some(p) if p.player != piece.player => {
                return format!(
                    "the jump would cross {} on {}; only your own pieces can be jumped",
                    a_piece(p),
                    name(sq)
                );
            }
            Some(p) => {
                match runs.last_mut() {
                    Some((q, squares)) if previous_occupied && *q == p => squares.push(sq),
                    _ => runs.push((p, vec![sq])),
                }
                previous_occupied = true;
            }
        }
    }
    let describe_run = |(p, squares): &(Piece, Vec<Square>)| {
        let names: Vec<String> = squares.iter().map(|&s| name(s)).collect();
        format!("{} ({}s)", names.join(" "), p.kind.word())
    };
    match runs.len() {
        0 => {
            return format!(
                "there is no phalanx between {} and {} to jump over",
                name(from),
                name(to)
            )
        }
        1 => {}
        _ => {
            let list: Vec<String> = runs.iter().map(describe_run).collect();
            return format!(
                "the jump would cross {} phalanxes, {}; a jump crosses exactly one",
                runs.len(),
                list.join(" and ")
            );
        }
    }
    let landing = game.piece_at(to);
    match (piece.kind, landing) {
        (Kind::Villager, Some(p)) => format!(
            "a villager lands only on an empty square, and {} holds {}",
            name(to),
            a_piece(p)
        ),
        (Kind::Warrior, _) if runs[0].0.kind == Kind::Villager => format!(
            "a warrior jumps only over its own warriors, not over the villagers {}",
            describe_run(&runs[0])
        ),
        (Kind::Warrior, None) => format!(
            "a warrior must land on an enemy piece and capture it, and {} is empty",
            name(to)
        ),
        (Kind::Warrior, Some(p)) if p.player == piece.player => format!(
            "a warrior captures only enemy pieces, and {} holds your own {}",
            name(to),
            p.kind.word()
        ),
        _ => "not a legal move here".to_string(),
    }
}

/// The cells a move touches: the path crossed, the villagers converted (`targets`), the warriors
/// removed (`falls`), or the piece captured (both `targets` and `falls`).
pub fn move_info(game: &Villawar, mv: Move) -> MoveInfo {
    let notation = format_move(game, mv);
    let (Some(from), Some(to), Some(dir)) = (mv.from(), mv.to(), mv.direction()) else {
        return MoveInfo {
            notation,
            ..MoveInfo::default()
        };
    };
    let size = game.size();
    let name = |sq: Square| sq.name(size).to_string();
    let between = squares_between(size, from, to, dir);
    let crossed: Vec<String> = between
        .iter()
        .filter(|&&sq| game.piece_at(sq).is_some())
        .map(|&sq| name(sq))
        .collect();
    let jumper = game.piece_at(from).map(|p| p.kind);
    let crossed_kind = between.iter().find_map(|&sq| game.piece_at(sq)).map(|p| p.kind);
    let (targets, falls) = match (jumper, crossed_kind) {
        (Some(Kind::Warrior), _) => (vec![name(to)], vec![name(to)]),
        (_, Some(Kind::Villager)) => (crossed, Vec::new()),
        _ => (Vec::new(), crossed),
    };
    MoveInfo {
        notation,
        from: Some(name(from)),
        to: Some(name(to)),
        path: between.into_iter().map(name).collect(),
        targets,
        falls,
        choice: None,
    }
}

/// A jump is written with its two squares and `x` after a warrior or `-` after a villager:
/// the action and whether a warrior jumps (the board size is the variant's, fixed).
pub fn notation_key(game: &Villawar, mv: Move) -> Option<usize> {
    let warrior = mv
        .from()
        .and_then(|from| game.piece_at(from))
        .is_some_and(|p| p.kind == Kind::Warrior);
    encoding::action_of_move(game, mv).map(|action| action * 2 + usize::from(warrior))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(size: Size, from: &str, to: &str, dir: Direction) -> Vec<String> {
        let sq = |name: &str| Square::parse(name, size).unwrap();
        squares_between(size, sq(from), sq(to), dir)
            .into_iter()
            .map(|s| s.name(size).to_string())
            .collect()
    }

    /// The squares a jump passes over, along every kind of line, the board's edges included (rank
    /// 1 and file a are coordinate 0).
    #[test]
    fn squares_between_walk_the_line_to_its_end() {
        let s = Size::Eight;
        assert_eq!(names(s, "a1", "e1", Direction::East), ["b1", "c1", "d1"]);
        assert_eq!(
            names(s, "h1", "a1", Direction::West),
            ["g1", "f1", "e1", "d1", "c1", "b1"]
        );
        assert_eq!(names(s, "a8", "a2", Direction::South), ["a7", "a6", "a5", "a4", "a3"]);
        assert_eq!(names(s, "a1", "a3", Direction::North), ["a2"]);
        assert_eq!(
            names(s, "h8", "a1", Direction::SouthWest),
            ["g7", "f6", "e5", "d4", "c3", "b2"]
        );
        assert_eq!(
            names(s, "b1", "h7", Direction::NorthEast),
            ["c2", "d3", "e4", "f5", "g6"]
        );
        assert_eq!(names(s, "h2", "g1", Direction::SouthWest), Vec::<String>::new());
        assert_eq!(names(Size::Ten, "j1", "a10", Direction::NorthWest).len(), 8);
        assert_eq!(names(Size::Six, "f6", "a1", Direction::SouthWest).len(), 4);
        // A square that is not on the line: the walk stops at the board's edge.
        assert_eq!(names(s, "c3", "h8", Direction::South), ["c2", "c1"]);
        assert_eq!(names(s, "c3", "a8", Direction::SouthEast), ["d2", "e1"]);
    }
}
