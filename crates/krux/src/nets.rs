//! Krux's built-in learned evaluation (in `nets/`, made by `scripts/nnue_study.py` and measured in
//! `docs/nnue.md`). Krux's results cannot be told from its unproven positions (a net trained on
//! them learned nothing), so this one learned the search's scores, proven ones included: where a
//! fall is near, as a fast search sees it. It was trained on the rules as written, but falls are
//! near in the same way under every setup and ruling: it beat the hand evaluation of
//! [`crate::eval`] in each variant too (docs/learning.md), so every variant gets it.

use crate::variant::KruxVariant;
use arbiter_core::{builtin_net, BuiltinNet};

/// The net of a variant: the same for all.
pub(crate) fn builtin(_variant: &KruxVariant) -> Option<BuiltinNet> {
    Some(builtin_net!("krux-59c36d683194.safetensors"))
}
