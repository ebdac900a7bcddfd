-- Rated games between two people, and Glicko-2 ratings per player and pool (the game with the
-- options that make it a different game: "villawar:size=10", "krux:setup=spread,swap=on").
ALTER TABLE games ADD COLUMN rated BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE games ADD COLUMN rating_changes TEXT;   -- JSON, once rated: each side's rating before and after
ALTER TABLE challenges ADD COLUMN rated BOOLEAN NOT NULL DEFAULT FALSE;

CREATE TABLE player_ratings (
    player_id   TEXT NOT NULL REFERENCES players(id),
    pool        TEXT NOT NULL,
    rating      DOUBLE PRECISION NOT NULL,
    deviation   DOUBLE PRECISION NOT NULL,
    volatility  DOUBLE PRECISION NOT NULL,
    games       BIGINT NOT NULL,
    wins        BIGINT NOT NULL,
    draws       BIGINT NOT NULL,
    losses      BIGINT NOT NULL,
    updated_at  BIGINT NOT NULL,
    PRIMARY KEY (player_id, pool)
);

CREATE INDEX player_ratings_pool ON player_ratings(pool, rating DESC);
