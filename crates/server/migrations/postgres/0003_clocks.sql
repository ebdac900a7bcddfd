-- Clocks: a game's clock (JSON: time control, time left per side, since when the side to move thinks),
-- whether the side to move ran out of time, and each move's time left for its mover.
ALTER TABLE games ADD COLUMN clock TEXT;
ALTER TABLE games ADD COLUMN timed_out BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE moves ADD COLUMN left_ms BIGINT;

CREATE INDEX games_running_clocks ON games(id) WHERE clock IS NOT NULL AND result IS NULL;
