-- Clocks: a game's clock (JSON: time control, time left per side, since when the side to move thinks),
-- whether the side to move ran out of time, and each move's time left for its mover.
ALTER TABLE games ADD COLUMN clock TEXT;
ALTER TABLE games ADD COLUMN timed_out INTEGER NOT NULL DEFAULT 0;
ALTER TABLE moves ADD COLUMN left_ms INTEGER;

CREATE INDEX games_running_clocks ON games(id) WHERE clock IS NOT NULL AND result IS NULL;
