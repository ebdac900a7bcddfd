//! Every game of Arbiter in one [`Registry`]: the only place that names them all.

#![warn(missing_docs)]

use arbiter_ai::Engines;
use arbiter_core::Registry;

/// The registry of all games, by name: `void`, `krux`, `attraction`, `villawar`.
pub fn registry() -> Registry {
    Registry::new()
        .with::<arbiter_void::Void>()
        .with::<arbiter_krux::Krux>()
        .with::<arbiter_attraction::Attraction>()
        .with::<arbiter_villawar::Villawar>()
}

/// The computer opponents of all games (the same games as [`registry`]), for `arbiter_ai` specs.
pub fn engines() -> Engines {
    Engines::new()
        .with::<arbiter_void::Void>()
        .with::<arbiter_krux::Krux>()
        .with::<arbiter_attraction::Attraction>()
        .with::<arbiter_villawar::Villawar>()
}

#[cfg(test)]
mod tests {
    #[test]
    fn names() {
        assert_eq!(
            super::registry().names(),
            vec!["void", "krux", "attraction", "villawar"]
        );
        assert_eq!(super::engines().names(), super::registry().names());
    }
}
