//! The search hint: a capture is tactical, so the quiescence search follows it; a villager's jump
//! is not, however far forward, so that the quiescence search stays small on large boards.

use arbiter_core::{Game, Heuristics, TACTICAL_HINT};
use arbiter_villawar::{Kind, Size, Villawar, VillawarVariant};
use rand::rngs::SmallRng;
use rand::SeedableRng;

#[test]
fn captures_alone_are_tactical() {
    for size in [Size::Six, Size::Eight, Size::Ten] {
        let mut rng = SmallRng::seed_from_u64(7);
        let (mut captures, mut forward) = (0, 0);
        for _ in 0..20 {
            let mut game = Villawar::new(&VillawarVariant { size });
            let mut moves = Vec::new();
            while game.outcome().is_none() {
                game.legal_moves(&mut moves);
                for &mv in &moves {
                    let hint = game.move_order_hint(mv);
                    let Some(from) = mv.from() else {
                        assert_eq!(hint, 0, "a pass is quiet");
                        continue;
                    };
                    let mover = game.piece_at(from).expect("a move starts on a piece");
                    let to = mv.to().expect("a jump lands");
                    let captured = game.piece_at(to).filter(|p| p.player != mover.player);
                    let text = format!("{} in {}", game.format_move(mv), game.position());
                    assert_eq!(hint >= TACTICAL_HINT, captured.is_some(), "{text}");
                    if captured.is_some() {
                        captures += 1;
                        // A villager is worth more than a warrior, so taking one comes first.
                        let villager = captured.is_some_and(|p| p.kind == Kind::Villager);
                        assert_eq!(hint > TACTICAL_HINT, villager, "{text}");
                    } else {
                        forward += usize::from(hint > 0);
                    }
                }
                let mv = game.random_move(&mut rng, &mut moves).expect("a game in progress");
                game.play(mv);
            }
        }
        assert!(
            captures > 0 && forward > 0,
            "{size:?}: {captures} captures, {forward} jumps forward"
        );
    }
}
