//! Void's built-in learned evaluation (in `nets/`, made by `scripts/nnue_study.py` and measured in
//! `docs/nnue.md`: a net of the same recipe beat the hand evaluation of [`crate::eval`] at equal
//! depth (65%) and at equal time (79.5%, SPRT); with this one, level 6's search beat the previous
//! level 6 by 66.7% in 30 games).

use arbiter_core::{builtin_net, BuiltinNet};

/// The net (the game has no variants).
pub(crate) fn builtin() -> BuiltinNet {
    builtin_net!("void-bb734bde5c97.safetensors")
}
