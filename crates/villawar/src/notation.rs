//! Move notation: `c1-c5` (a villager's jump), `c3xc7` (a warrior's capture), `pass`.
//!
//! Parsing reads the squares and the separator; whether the move is legal, and if not which rule
//! it breaks, is the rule's answer (`rule.rs`), so that the message and the verdict never part.

use crate::geometry::Direction;
use crate::moves::{JumpName, Move};
use crate::piece::Kind;
use crate::rule::{self, Illegal};
use crate::square::Square;
use crate::{encoding, Size, Villawar};
use arbiter_core::{Error, MoveInfo};

/// The canonical notation of a move in `game` (the separator shows the jumper's type).
pub fn format_move(game: &Villawar, mv: Move) -> String {
    JumpName::of(game, mv).map_or_else(|| "pass".to_string(), |name| name.to_string())
}

/// The squares strictly between two squares on one line, from `from` towards `to`.
pub fn squares_between(size: Size, from: Square, to: Square, dir: Direction) -> Vec<Square> {
    from.ray(size, dir).take_while(|&sq| sq != to).collect()
}

fn reason_of(error: Error) -> String {
    match error {
        Error::Move { reason, .. } => reason,
        other => other.to_string(),
    }
}

/// Parses a move and checks that it is legal in `game`.
pub fn parse_move(game: &Villawar, input: &str) -> Result<Move, Error> {
    let err = |reason: String| Error::bad_move(input, reason);
    let illegal = |why: Illegal| err(why.to_string());
    let text = input.trim();
    rule::in_play(game).map_err(illegal)?;
    if text.eq_ignore_ascii_case("pass") {
        return rule::pass(game).map_err(illegal);
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
    let (piece, dir) = rule::mover(game, from, to).map_err(illegal)?;
    let (from_name, to_name) = (from.name(size), to.name(size));
    let written = |kind| JumpName {
        from: from_name,
        to: to_name,
        kind,
    };
    match (piece.kind, capture) {
        (Kind::Villager, true) => {
            return Err(err(format!(
                "the piece on {from_name} is a villager, which never captures: write {}",
                written(Kind::Villager)
            )))
        }
        (Kind::Warrior, false) => {
            return Err(err(format!(
                "the piece on {from_name} is a warrior, which moves only by capturing: write {}",
                written(Kind::Warrior)
            )))
        }
        _ => {}
    }
    rule::jump(game, piece, from, to, dir).map_err(illegal)
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
