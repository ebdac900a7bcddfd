//! voidgame's prompts: what the player is told to do next.

/// A prompt voidgame (or Arbiter, for the last two) shows in `prompt`.
///
/// The texts are voidgame 1.1's, `<br>` line breaks included, since programs compare them with
/// voidgame's constants.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Prompt {
    /// `SELECT_PROMPT`: pick a piece.
    Select,
    /// `INVALID_SELECT_PROMPT`: the clicked piece cannot move (or is not the mover's).
    InvalidSelect,
    /// `MOVE_PROMPT`: move the picked piece or pick another.
    Move,
    /// `INVALID_MOVE_PROMPT`: the clicked cell is not a move.
    InvalidMove,
    /// `ATTACK_PROMPT`: attack, move back or end the turn.
    Attack,
    /// `INVALID_ATTACK_PROMPT`: the clicked cell is not an attack.
    InvalidAttack,
    /// `BLACK_WINS_PROMPT`.
    BlackWins,
    /// `WHITE_WINS_PROMPT`.
    WhiteWins,
    /// `DRAW_PROMPT` (not in voidgame): the game is drawn.
    Draw,
    /// `PASS_PROMPT` (not in voidgame): the opponent could not move and passed.
    Pass,
}

impl Prompt {
    /// Every prompt, in declaration order (the order of [`Prompt::index`]).
    pub const ALL: [Prompt; 10] = [
        Prompt::Select,
        Prompt::InvalidSelect,
        Prompt::Move,
        Prompt::InvalidMove,
        Prompt::Attack,
        Prompt::InvalidAttack,
        Prompt::BlackWins,
        Prompt::WhiteWins,
        Prompt::Draw,
        Prompt::Pass,
    ];

    /// The text, exactly voidgame 1.1's for its prompts.
    pub const fn text(self) -> &'static str {
        match self {
            Prompt::Select => "select a piece",
            Prompt::InvalidSelect => "you cannot move that piece<br>select another",
            Prompt::Move => "choose a move<br>or<br>select a different piece",
            Prompt::InvalidMove => "you cannot move there<br>choose a move<br>or<br>select a different piece",
            Prompt::Attack => "choose an attack<br>or<br>move back<br>or<br>deselect your piece to pass",
            Prompt::InvalidAttack => {
                "you cannot attack that piece<br>choose an attack<br>or<br>move back<br>or<br>deselect your piece to pass"
            }
            Prompt::BlackWins => "black wins!",
            Prompt::WhiteWins => "white wins!",
            Prompt::Draw => "draw!",
            Prompt::Pass => "your opponent cannot move and passes<br>select a piece",
        }
    }

    /// The name of the module constant holding the text (`"SELECT_PROMPT"`), so that bindings
    /// export every prompt under voidgame's name without a list of their own.
    pub const fn constant(self) -> &'static str {
        match self {
            Prompt::Select => "SELECT_PROMPT",
            Prompt::InvalidSelect => "INVALID_SELECT_PROMPT",
            Prompt::Move => "MOVE_PROMPT",
            Prompt::InvalidMove => "INVALID_MOVE_PROMPT",
            Prompt::Attack => "ATTACK_PROMPT",
            Prompt::InvalidAttack => "INVALID_ATTACK_PROMPT",
            Prompt::BlackWins => "BLACK_WINS_PROMPT",
            Prompt::WhiteWins => "WHITE_WINS_PROMPT",
            Prompt::Draw => "DRAW_PROMPT",
            Prompt::Pass => "PASS_PROMPT",
        }
    }

    /// The position in [`Prompt::ALL`]: for per-prompt tables.
    pub const fn index(self) -> usize {
        self as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_order_and_distinct_texts() {
        for (i, prompt) in Prompt::ALL.into_iter().enumerate() {
            assert_eq!(prompt.index(), i);
            for other in &Prompt::ALL[i + 1..] {
                assert_ne!(prompt.text(), other.text());
            }
        }
    }
}
