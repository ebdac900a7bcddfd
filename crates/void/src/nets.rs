//! Void's built-in learned evaluation (in `nets/`, made by `scripts/nnue_study.py` and measured in
//! `docs/nnue.md`: at equal depth and at equal time it beat the hand evaluation of [`crate::eval`],
//! and level 6's search with it beat the previous level 6).

use arbiter_core::{builtin_net, BuiltinNet};

/// The net (the game has no variants).
pub(crate) fn builtin() -> BuiltinNet {
    builtin_net!("void-bb734bde5c97.safetensors")
}
