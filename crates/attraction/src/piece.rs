//! The stones' owners: Violet, the first player, and Red. Stones have no kinds.

use arbiter_core::Player;

/// The name of a side (see [`arbiter_core::Game::player_name`]).
pub(crate) fn player_name(player: Player) -> &'static str {
    match player {
        Player::First => "violet",
        Player::Second => "red",
    }
}
