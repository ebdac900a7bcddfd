//! A game as tensors and action indices, for machine learning (the Python layer's observations
//! and OpenSpiel's fixed action spaces).

use crate::{BuiltinNet, Error, Game, Player, StepActions};

/// A game for learning: each game documents its planes and actions; a game without an encoding
/// keeps the defaults (no planes, no actions).
pub trait Encoding: Game {
    /// The shape of [`Encoding::observe`]'s tensor for a variant: planes × rows × columns. `[0, 0, 0]`
    /// for a game without one.
    fn observation_shape(_variant: &Self::Variant) -> [usize; 3] {
        [0, 0, 0]
    }

    /// Writes the position as planes × rows × columns of 0/1 values, for machine learning (each
    /// game documents its planes). `out` has the length of [`Encoding::observation_shape`]; the
    /// ones are those of [`Encoding::observation_inputs`].
    fn observe(&self, out: &mut [f32]) {
        out.fill(0.0);
        self.observation_inputs(&mut |input| out[input] = 1.0);
    }

    /// Calls `mark` with each value of [`Encoding::observe`]'s tensor that is 1, in any order: a
    /// net's accumulator reads the active inputs without a tensor to scan.
    fn observation_inputs(&self, _mark: &mut dyn FnMut(usize)) {}

    /// The shape of [`Encoding::observe_as`]'s tensor for a variant: planes × rows × columns.
    /// `[0, 0, 0]` for a game without a view per player.
    fn perspective_shape(_variant: &Self::Variant) -> [usize; 3] {
        [0, 0, 0]
    }

    /// Writes the position as `viewer` sees it, for a net with an accumulator per player (NNUE's
    /// perspectives): `viewer`'s pieces in the first planes and the opponent's after them, the
    /// board turned for the second player so that each side sees itself where the first player
    /// stands, and no plane for the side to move (the net orders the two views by it). A move
    /// changes few of either view's inputs. `out` has the length of
    /// [`Encoding::perspective_shape`]; each game documents its planes in
    /// [`Encoding::view_inputs`], which this writes as ones.
    fn observe_as(&self, viewer: Player, out: &mut [f32]) {
        out.fill(0.0);
        self.view_inputs(viewer, &mut |input| out[input] = 1.0);
    }

    /// Calls `mark` with each input of `viewer`'s view that is 1 (see [`Encoding::observe_as`]),
    /// in any order: a net's accumulator reads the few active inputs without a tensor to scan.
    fn view_inputs(&self, _viewer: Player, _mark: &mut dyn FnMut(usize)) {}

    /// The learned evaluation built in for a variant, over [`Encoding::observe`]'s planes: a
    /// variant has one where a net trained on it beat the game's own evaluation.
    fn builtin_net(_variant: &Self::Variant) -> Option<BuiltinNet> {
        None
    }

    /// The size of the game's fixed action space for a variant: every move (or, for games built
    /// step by step, every step and the end of a turn) has an index below it. 0 for none.
    fn action_space(_variant: &Self::Variant) -> usize {
        0
    }

    /// The action index of a legal move (whole-move games).
    fn action_of_move(&self, _mv: Self::Move) -> Option<usize> {
        None
    }

    /// The action index of a step (games built step by step); the end of a turn is the last
    /// action of the space.
    fn action_of_step(_step: &str) -> Option<usize> {
        None
    }

    /// The step of an action index (games built step by step), `None` for the end of a turn or an
    /// index that names no step.
    fn step_of_action(_action: usize) -> Option<String> {
        None
    }

    /// Games built step by step: the legal actions after `steps` of the turn in progress, as
    /// [`crate::Presentation::partial_turn`] lists them (without its words and pictures, since
    /// learning loops ask at every step); `None` for whole-move games.
    fn step_actions(&self, _steps: &[String]) -> Option<Result<StepActions, Error>> {
        None
    }
}
