//! Krux's built-in learned evaluation (in `nets/`, made by `scripts/nnue_study.py` and measured in
//! `docs/nnue.md`). Krux's results cannot be told from its unproven positions (a net trained on
//! them learned nothing), so this one learned the search's scores, proven ones included: where a
//! fall is near, as a fast search sees it. It was trained on the rules as written, so only they
//! get it; a variant keeps the hand evaluation of [`crate::eval`].

use crate::variant::KruxVariant;
use arbiter_core::{builtin_net, BuiltinNet};

/// The net of a variant: the rules as written only.
pub(crate) fn builtin(variant: &KruxVariant) -> Option<BuiltinNet> {
    (*variant == KruxVariant::default()).then_some(builtin_net!("krux-59c36d683194.safetensors"))
}
