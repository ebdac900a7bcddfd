//! The engine's workers: at most so many searches for people (analyses, hints) at once, served in
//! the order they asked, so that a long job that asks again after each position lets everyone
//! waiting go first and no request waits for another player's whole job.

use std::collections::VecDeque;
use std::sync::{Condvar, Mutex, MutexGuard};

/// A first-come, first-served counting semaphore for blocking threads.
pub struct Workers {
    state: Mutex<Queue>,
    freed: Condvar,
    size: usize,
}

struct Queue {
    free: usize,
    waiting: VecDeque<u64>,
    next_ticket: u64,
}

/// A worker held; given back when dropped.
pub struct Permit<'a> {
    workers: &'a Workers,
}

impl Workers {
    /// A pool of `size` workers (at least one).
    pub fn new(size: usize) -> Workers {
        let size = size.max(1);
        Workers {
            state: Mutex::new(Queue {
                free: size,
                waiting: VecDeque::new(),
                next_ticket: 0,
            }),
            freed: Condvar::new(),
            size,
        }
    }

    /// How many workers there are.
    pub fn size(&self) -> usize {
        self.size
    }

    /// How many requests wait for a worker now.
    pub fn waiting(&self) -> usize {
        self.lock().waiting.len()
    }

    fn lock(&self) -> MutexGuard<'_, Queue> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Waits for a worker, after everyone who asked before. Blocks: call it on a blocking thread.
    pub fn acquire(&self) -> Permit<'_> {
        let mut queue = self.lock();
        let ticket = queue.next_ticket;
        queue.next_ticket += 1;
        queue.waiting.push_back(ticket);
        while !(queue.free > 0 && queue.waiting.front() == Some(&ticket)) {
            queue = self.freed.wait(queue).unwrap_or_else(|e| e.into_inner());
        }
        queue.waiting.pop_front();
        queue.free -= 1;
        // The next in line may find a worker free too.
        self.freed.notify_all();
        Permit { workers: self }
    }
}

impl Drop for Permit<'_> {
    fn drop(&mut self) {
        self.workers.lock().free += 1;
        self.workers.freed.notify_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;
    use std::time::Duration;

    #[test]
    fn served_in_order_one_at_a_time() {
        let workers = Arc::new(Workers::new(1));
        let busy = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let order = Arc::new(Mutex::new(Vec::new()));
        let first = workers.acquire();
        let mut threads = Vec::new();
        for i in 0..6 {
            let (pool, busy, most, order) = (workers.clone(), busy.clone(), most.clone(), order.clone());
            threads.push(std::thread::spawn(move || {
                let _permit = pool.acquire();
                order.lock().unwrap().push(i);
                let now = busy.fetch_add(1, Ordering::SeqCst) + 1;
                most.fetch_max(now, Ordering::SeqCst);
                std::thread::sleep(Duration::from_millis(5));
                busy.fetch_sub(1, Ordering::SeqCst);
            }));
            // Each asks after the one before it.
            while workers.waiting() < i + 1 {
                std::thread::yield_now();
            }
        }
        drop(first);
        for t in threads {
            t.join().unwrap();
        }
        assert_eq!(most.load(Ordering::SeqCst), 1);
        assert_eq!(*order.lock().unwrap(), (0..6).collect::<Vec<_>>());
        assert_eq!(workers.waiting(), 0);
    }

    #[test]
    fn never_more_than_size_at_once() {
        let workers = Arc::new(Workers::new(3));
        let busy = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let threads: Vec<_> = (0..12)
            .map(|_| {
                let (workers, busy, most) = (workers.clone(), busy.clone(), most.clone());
                std::thread::spawn(move || {
                    let _permit = workers.acquire();
                    let now = busy.fetch_add(1, Ordering::SeqCst) + 1;
                    most.fetch_max(now, Ordering::SeqCst);
                    std::thread::sleep(Duration::from_millis(5));
                    busy.fetch_sub(1, Ordering::SeqCst);
                })
            })
            .collect();
        for t in threads {
            t.join().unwrap();
        }
        assert!((1..=3).contains(&most.load(Ordering::SeqCst)));
    }
}
