//! perft: the number of distinct move sequences of a given length, the standard check of a move generator.

use crate::Game;

/// Buffers for one perft walk, one move list per ply from the root, grown as the walk deepens.
struct Walker<G: Game> {
    lists: Vec<Vec<G::Move>>,
}

impl<G: Game> Walker<G> {
    fn new() -> Self {
        Walker { lists: Vec::new() }
    }

    fn count(&mut self, game: &G, depth: usize, ply: usize) -> u64 {
        if depth == 0 {
            return 1;
        }
        while self.lists.len() <= ply {
            self.lists.push(Vec::with_capacity(256));
        }
        let mut list = std::mem::take(&mut self.lists[ply]);
        game.legal_moves(&mut list);
        let nodes = if depth == 1 {
            list.len() as u64
        } else {
            let mut sum = 0;
            for &mv in &list {
                let mut child = game.clone();
                child.play(mv);
                sum += self.count(&child, depth - 1, ply + 1);
            }
            sum
        };
        self.lists[ply] = list;
        nodes
    }
}

/// perft(depth): distinct move sequences of exactly `depth` plies (1 for depth 0).
pub fn perft<G: Game>(game: &G, depth: usize) -> u64 {
    Walker::<G>::new().count(game, depth, 0)
}

/// perft split by first move: `(notation, count)` in move-list order. `progress(done, total)`
/// is called after each root move, for progress bars.
pub fn divide<G: Game>(game: &G, depth: usize, mut progress: impl FnMut(usize, usize)) -> Vec<(String, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut root = Vec::new();
    game.legal_moves(&mut root);
    let mut walker = Walker::<G>::new();
    let mut out = Vec::with_capacity(root.len());
    for (i, &mv) in root.iter().enumerate() {
        let mut child = game.clone();
        child.play(mv);
        out.push((game.format_move(mv), walker.count(&child, depth - 1, 1)));
        progress(i + 1, root.len());
    }
    out
}
