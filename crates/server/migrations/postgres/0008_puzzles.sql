-- Puzzle ratings (Glicko-2): each player's per puzzle set, each puzzle's, and every player's first
-- attempt at each puzzle (only the first is rated). A rating row's `attempts` is also its version:
-- a write that read an older count changes nothing and is tried again.
CREATE TABLE puzzle_ratings (
    puzzle_id   TEXT PRIMARY KEY,
    set_name    TEXT NOT NULL,
    rating      DOUBLE PRECISION NOT NULL,
    deviation   DOUBLE PRECISION NOT NULL,
    volatility  DOUBLE PRECISION NOT NULL,
    attempts    BIGINT NOT NULL,
    solved      BIGINT NOT NULL
);
CREATE INDEX puzzle_ratings_set ON puzzle_ratings(set_name);

CREATE TABLE player_puzzle_ratings (
    player_id   TEXT NOT NULL REFERENCES players(id) ON DELETE CASCADE,
    set_name    TEXT NOT NULL,
    rating      DOUBLE PRECISION NOT NULL,
    deviation   DOUBLE PRECISION NOT NULL,
    volatility  DOUBLE PRECISION NOT NULL,
    attempts    BIGINT NOT NULL,
    solved      BIGINT NOT NULL,
    PRIMARY KEY (player_id, set_name)
);

CREATE TABLE puzzle_attempts (
    player_id   TEXT NOT NULL REFERENCES players(id) ON DELETE CASCADE,
    puzzle_id   TEXT NOT NULL,
    set_name    TEXT NOT NULL,
    solved      BIGINT NOT NULL,          -- 1 solved, 0 failed
    created_at  BIGINT NOT NULL,          -- unix seconds
    PRIMARY KEY (player_id, puzzle_id)
);
CREATE INDEX puzzle_attempts_set ON puzzle_attempts(player_id, set_name);
