//! Strength levels 1–6. Each game names its own agents and budgets
//! ([`arbiter_core::Game::STRENGTH_LEVELS`], chosen by measurement in its game crate); this module
//! turns such a table into agent specs.

use crate::AgentSpec;

/// The number of levels.
pub const LEVELS: u8 = 6;

/// A game's level table, level 1 first.
pub type Table = [&'static str; LEVELS as usize];

/// The concrete spec of level `n` (1..=6, clamped) in `table`.
///
/// # Panics
/// If the table's entry is not a valid agent spec; every registered game's table is checked by
/// a test in `arbiter-games`.
pub fn spec(table: &Table, n: u8) -> AgentSpec {
    let index = n.clamp(1, LEVELS) as usize - 1;
    let text = table[index];
    text.parse()
        .unwrap_or_else(|e| panic!("level {n} of a game's table ('{text}'): {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::AgentKind;
    use arbiter_core::DEFAULT_STRENGTH_LEVELS;

    #[test]
    fn the_default_table_parses_to_concrete_agents() {
        for n in 1..=LEVELS {
            let s = spec(&DEFAULT_STRENGTH_LEVELS, n);
            assert!(!matches!(s.kind, AgentKind::Level(_)), "{n}");
            assert!(!s.limits.is_unlimited(), "{n}");
        }
        assert_eq!(spec(&DEFAULT_STRENGTH_LEVELS, 9), spec(&DEFAULT_STRENGTH_LEVELS, 6));
    }
}
