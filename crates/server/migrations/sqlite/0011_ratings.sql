-- Rated games between two people, and Glicko-2 ratings per player and pool (the game with the
-- options that make it a different game: "villawar:size=10", "krux:setup=spread,swap=on").
ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN rating_changes TEXT;   -- JSON, once rated: each side's rating before and after
ALTER TABLE challenges ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;

CREATE TABLE player_ratings (
    player_id   TEXT NOT NULL REFERENCES players(id),
    pool        TEXT NOT NULL,
    rating      REAL NOT NULL,
    deviation   REAL NOT NULL,
    volatility  REAL NOT NULL,
    games       INTEGER NOT NULL,
    wins        INTEGER NOT NULL,
    draws       INTEGER NOT NULL,
    losses      INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL,
    PRIMARY KEY (player_id, pool)
);

CREATE INDEX player_ratings_pool ON player_ratings(pool, rating DESC);
