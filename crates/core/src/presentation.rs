//! How a game shows itself to people: its blurb and rules, the board picture, moves as cells and
//! clicks and words, endings told as stories, and turns entered step by step.

use crate::drawing::Drawing;
use crate::stepwise::{Click, PartialTurn};
use crate::story::Story;
use crate::{Error, Game, MoveInfo};

/// A shipped set of puzzles of one variant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PuzzleSet {
    /// The set's name, unique among all games' sets (`villawar-6`): the web app's address for it.
    pub name: &'static str,
    /// The variant's options (`size=6`; empty for the default).
    pub options: &'static str,
    /// The puzzles, one JSON object per line, as `arbiter puzzles` writes them.
    pub lines: &'static str,
}

/// A named set of options the game offers players ("Recommended rules"), with its case in a line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RuleSet {
    /// Its name for players.
    pub name: &'static str,
    /// The options it stands for (`setup=spread,swap=on`; empty for the rules as written).
    pub options: &'static str,
    /// Why, in a sentence for players.
    pub about: &'static str,
    /// Offered first, chosen unless the player chooses otherwise: only a set whose balance was
    /// measured to meet the game's own bar.
    pub recommended: bool,
}

/// A game for people: what the web app, the CLI and the docs draw and say.
pub trait Presentation: Game {
    /// A text diagram of the position for terminals.
    fn diagram(&self) -> String;

    /// The cells a move touches, for interfaces that highlight and animate.
    fn move_info(&self, mv: Self::Move) -> MoveInfo {
        MoveInfo {
            notation: self.format_move(mv),
            ..MoveInfo::default()
        }
    }

    /// The move in words for players, for a game whose notation is hard to read (a move list
    /// shows it beside the notation): "Piece 5 (White) takes the pink ring, steps to b2, then
    /// switches places with piece 1 on a1." `None`, the default, where the notation says it
    /// plainly enough.
    fn describe_move(&self, _mv: Self::Move) -> Option<String> {
        None
    }

    /// The themes of a puzzle whose solution is `line` from this position (the solver's moves and
    /// the forced replies, the solver's first), in the game's own words (`pull-into-hole`,
    /// `flagship-falls`): what a player filters puzzles by. Lowercase words joined by `-`; empty
    /// by default. The search-side themes (a win in so many moves, an advantage) are added by the
    /// puzzle generator, which knows no game.
    fn puzzle_themes(&self, _line: &[Self::Move]) -> Vec<&'static str> {
        Vec::new()
    }

    /// The puzzle sets the game ships (made by `arbiter puzzles`, kept in the crate's `puzzles/`):
    /// what the web app's puzzle pages serve. None by default.
    const PUZZLES: &'static [PuzzleSet] = &[];

    /// Named sets of options players choose between (none by default); every set's options are
    /// checked by the conformance suite.
    const RULE_SETS: &'static [RuleSet] = &[];

    /// One line for players choosing a game.
    const BLURB: &'static str;

    /// The rules for players (Markdown) and their diagrams and tutorial (JSON, see
    /// `docs/rules/`), if the game has them.
    const RULES: Option<(&'static str, &'static str)> = None;

    /// The board picture of this position, turned round when `flipped` (the second player at
    /// the bottom). The web app, the CLI and the docs all draw from it.
    fn drawing(&self, flipped: bool) -> Drawing;

    /// The ending shown by the board, told in words, with the decisive cells: "Black's flagship
    /// fell into the void". `last` is the position before the final move and that move, when
    /// known. `None` when the game has nothing to say beyond who won.
    fn ending_story(&self, _last: Option<(&Self, Self::Move)>) -> Option<Story> {
        None
    }

    /// Turns are entered step by step ([`Presentation::partial_turn`]) rather than picked from a list.
    const STEPWISE: bool = false;

    /// The partial turn after `steps` from this position, for games that build turns step by
    /// step; `None` for the others, an error naming the first illegal step otherwise.
    fn partial_turn(&self, _steps: &[String]) -> Option<Result<PartialTurn, Error>> {
        None
    }

    /// How a person enters a legal move by clicking: where the piece starts, where it ends, and
    /// the cell that tells it apart from other moves with the same two (its `choice`).
    fn move_clicks(&self, mv: Self::Move) -> Vec<Click> {
        let info = self.move_info(mv);
        let mut clicks = Vec::new();
        let mut push = |cell: &Option<String>, what: &str| {
            if let Some(cell) = cell {
                clicks.push(Click {
                    cell: Some(cell.clone()),
                    label: format!("{what} {cell}"),
                    token: None,
                });
            }
        };
        push(&info.from, "Select the piece on");
        push(&info.to, "Move it to");
        let mut legal = Vec::new();
        self.legal_moves(&mut legal);
        let alike = legal
            .into_iter()
            .filter(|&other| {
                let o = self.move_info(other);
                o.from == info.from && o.to == info.to
            })
            .count();
        if alike > 1 {
            push(&info.choice, "Choose");
        }
        clicks
    }

    /// A small number (below 2^26) that determines this move's notation in this position: moves
    /// with equal keys, in any positions of one variant, are written alike. Bindings cache one
    /// string per key. `None` where the notation needs more of the position (Krux).
    fn notation_key(&self, _mv: Self::Move) -> Option<usize> {
        None
    }
}

/// The themes of `line` (moves in notation, solver first) from the position `text`: what a game's
/// tests of [`Presentation::puzzle_themes`] ask, with the first move that does not parse named.
pub fn themes_of_line<G: Presentation>(
    variant: &G::Variant,
    text: &str,
    line: &[&str],
) -> Result<Vec<&'static str>, Error> {
    let start = G::from_position(variant, text)?;
    let mut position = start.clone();
    let mut moves = Vec::with_capacity(line.len());
    for notation in line {
        let mv = position
            .parse_move(notation)
            .map_err(|e| Error::Invalid(format!("{notation}: {e}")))?;
        moves.push(mv);
        position.play(mv);
    }
    Ok(start.puzzle_themes(&moves))
}
