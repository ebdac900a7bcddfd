// The best streak of each puzzle set, kept in this browser (localStorage): a streak is played for fun and
// changes no rating, so the server keeps nothing of it.

const key = (set) => `arbiter.puzzle-streak.${set}`;

/** The best streak reached in `set` on this browser (0 when none, or when storage is refused). */
export function bestStreak(set) {
  try {
    return Number(localStorage.getItem(key(set))) || 0;
  } catch (_) {
    return 0;
  }
}

/** Keeps `streak` as the best of `set` when it beats it; returns the best. */
export function keepStreak(set, streak) {
  const best = Math.max(bestStreak(set), streak);
  try {
    localStorage.setItem(key(set), String(best));
  } catch (_) {
    /* storage refused: the best lasts as long as the page */
  }
  return best;
}
