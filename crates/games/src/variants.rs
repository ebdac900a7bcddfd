//! Which variants of a game the tests exercise: every rule a variant changes, without all their
//! combinations.

use arbiter_core::swap::SWAP;
use arbiter_core::DynGameType;

/// Every variant of a game worth testing, as an option string: `""` for a game without options;
/// each value of the key of a game with one (Villawar's sizes, the default among them); for a game
/// with several keys, the default (`""`) and each value of each key that changes the game, the
/// other keys at their defaults (a value that changes nothing prints no options in a session).
/// Then the default variant with the swap rule (`swap=on`), which every game has.
pub fn variants_to_test(game: &dyn DynGameType) -> Vec<String> {
    let own: Vec<_> = game.option_choices().iter().filter(|(key, _)| *key != SWAP).collect();
    let mut variants: Vec<String> = match own.as_slice() {
        [] => vec![String::new()],
        [(key, values)] => values.iter().map(|value| format!("{key}={value}")).collect(),
        choices => std::iter::once(String::new())
            .chain(choices.iter().flat_map(|(key, values)| {
                values
                    .iter()
                    .map(move |value| format!("{key}={value}"))
                    .filter(|options| {
                        game.new_session(options, None)
                            .is_ok_and(|session| !session.options().is_empty())
                    })
            }))
            .collect(),
    };
    variants.push(format!("{SWAP}=on"));
    variants
}
