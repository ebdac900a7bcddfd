//! Villawar's built-in learned evaluations, one per board size (in `nets/`, made by
//! `scripts/nnue_study.py` and measured in `docs/nnue.md`: each beat the hand evaluation of
//! [`crate::eval`] at equal time).

use crate::size::{Size, VillawarVariant};
use arbiter_core::{builtin_net, BuiltinNet};

/// The net of a variant.
pub(crate) fn builtin(variant: &VillawarVariant) -> Option<BuiltinNet> {
    match variant.size {
        Size::Six => Some(builtin_net!("villawar-6-1d7865bd746e.safetensors")),
        Size::Eight => Some(builtin_net!("villawar-8-ec19a8de679a.safetensors")),
        Size::Ten => Some(builtin_net!("villawar-10-06cd863c00f0.safetensors")),
    }
}
