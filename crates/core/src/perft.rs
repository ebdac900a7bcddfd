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
        let nodes = if depth == 1 {
            game.count_moves(&mut list) as u64
        } else {
            game.legal_moves(&mut list);
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

/// perft split by first move: `(notation, count)` in move-list order, the first moves shared out
/// among `threads` threads (each takes the next one not yet counted). `progress(done, total)` is
/// called on the calling thread after each first move, for progress bars.
pub fn divide<G: Game>(
    game: &G,
    depth: usize,
    threads: usize,
    mut progress: impl FnMut(usize, usize),
) -> Vec<(String, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut root = Vec::new();
    game.legal_moves(&mut root);
    let total = root.len();
    let counts: Vec<std::sync::atomic::AtomicU64> = root.iter().map(|_| Default::default()).collect();
    let next = std::sync::atomic::AtomicUsize::new(0);
    let (done_tx, done_rx) = std::sync::mpsc::channel::<()>();
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, total.max(1)) {
            let done_tx = done_tx.clone();
            let (root, counts, next) = (&root, &counts, &next);
            scope.spawn(move || {
                let mut walker = Walker::<G>::new();
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some(&mv) = root.get(i) else { return };
                    let mut child = game.clone();
                    child.play(mv);
                    let n = walker.count(&child, depth - 1, 1);
                    counts[i].store(n, std::sync::atomic::Ordering::Relaxed);
                    let _ = done_tx.send(());
                }
            });
        }
        drop(done_tx);
        for done in 1..=total {
            if done_rx.recv().is_err() {
                break;
            }
            progress(done, total);
        }
    });
    root.iter()
        .zip(counts)
        .map(|(&mv, n)| (game.format_move(mv), n.into_inner()))
        .collect()
}
