//! The net's two inner loops, compiled once per instruction set and chosen when the program
//! runs (the `multiversion` crate): AVX2 or SSE4.1 on x86-64, NEON on ARM, and the plain loop
//! anywhere else. The loops are written so that the compiler vectorises them (no `unsafe`, one
//! source for every target); the results are integers, the same on every path.

use multiversion::multiversion;

/// Adds the columns of `added` to `sums` and subtracts those of `removed`; the column of input
/// `i` is `columns[i × sums.len() ..][.. sums.len()]`.
#[multiversion(targets("x86_64+avx2", "x86_64+sse4.1", "aarch64+neon"))]
pub(crate) fn add_and_remove(sums: &mut [i32], columns: &[i16], added: &[u32], removed: &[u32]) {
    let hidden = sums.len();
    for &i in added {
        let column = &columns[i as usize * hidden..][..hidden];
        for (s, &w) in sums.iter_mut().zip(column) {
            *s += i32::from(w);
        }
    }
    for &i in removed {
        let column = &columns[i as usize * hidden..][..hidden];
        for (s, &w) in sums.iter_mut().zip(column) {
            *s -= i32::from(w);
        }
    }
}

/// Products summed in `i32` before they are added up in `i64`: each is below 2^25 (a clipped
/// sum ≤ 2^10 times a weight < 2^15), so 32 of them stay below 2^30.
const CHUNK: usize = 32;

/// The output layer: Σ clamp(sum, 0, ceiling) × weight.
#[multiversion(targets("x86_64+avx2", "x86_64+sse4.1", "aarch64+neon"))]
pub(crate) fn clipped_dot(sums: &[i32], weights: &[i32], ceiling: i32) -> i64 {
    sums.chunks(CHUNK)
        .zip(weights.chunks(CHUNK))
        .map(|(s, w)| {
            let part: i32 = s.iter().zip(w).map(|(&s, &w)| s.clamp(0, ceiling) * w).sum();
            i64::from(part)
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    #[test]
    fn the_loops_equal_their_plain_sums_at_the_extremes() {
        let mut rng = SmallRng::seed_from_u64(3);
        for hidden in [1, 31, 64, 129, 512] {
            let columns: Vec<i16> = (0..hidden * 40).map(|_| rng.random()).collect();
            let weights: Vec<i32> = (0..hidden).map(|_| i32::from(rng.random::<i16>())).collect();
            let mut sums: Vec<i32> = (0..hidden).map(|_| rng.random_range(-5000..5000)).collect();
            let mut expected = sums.clone();
            let (added, removed) = ([3u32, 17, 39], [0u32, 17]);
            for (j, e) in expected.iter_mut().enumerate() {
                *e += added
                    .iter()
                    .map(|&i| i32::from(columns[i as usize * hidden + j]))
                    .sum::<i32>();
                *e -= removed
                    .iter()
                    .map(|&i| i32::from(columns[i as usize * hidden + j]))
                    .sum::<i32>();
            }
            add_and_remove(&mut sums, &columns, &added, &removed);
            assert_eq!(sums, expected);
            // Every sum at the ceiling and every weight at the extreme: the largest products.
            let full = vec![1024; hidden];
            let extreme = vec![i32::from(i16::MIN); hidden];
            assert_eq!(
                clipped_dot(&full, &extreme, 1024),
                hidden as i64 * 1024 * i64::from(i16::MIN)
            );
            let plain: i64 = sums
                .iter()
                .zip(&weights)
                .map(|(&s, &w)| i64::from(s.clamp(0, 1024) * w))
                .sum();
            assert_eq!(clipped_dot(&sums, &weights, 1024), plain);
        }
    }
}
