//! A learned evaluation that ships inside the program: the net file a game crate embeds for one
//! of its variants. Core only carries the bytes; `arbiter_ai::nnue` reads them.

/// A net embedded in a game crate (`crates/<game>/nets/`). Its file name ends with the first
/// hex digits of the SHA-256 of its bytes, so that a changed net is a new name (checked by the
/// games' tests).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BuiltinNet {
    /// The file name, like `villawar-8-3f2a9c1b7d40.safetensors`.
    pub name: &'static str,
    /// The file's bytes.
    pub bytes: &'static [u8],
}

/// The [`BuiltinNet`] of a file in the calling crate's `nets/` folder:
/// `builtin_net!("villawar-8-3f2a9c1b7d40.safetensors")`.
#[macro_export]
macro_rules! builtin_net {
    ($file:literal) => {
        $crate::BuiltinNet {
            name: $file,
            bytes: include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/nets/", $file)),
        }
    };
}
