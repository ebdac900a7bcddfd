-- The analysis of a game (every position searched, every move marked), stored so that a reload or
-- another watcher sees it. The row is also the job's lease: the server that runs the analysis holds
-- it (holder, expires_at) and renews it while it works, so that with many servers on one database
-- exactly one runs it; a result replaces the last one when it is done.
CREATE TABLE analyses (
    game_id     TEXT PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    plies       BIGINT NOT NULL DEFAULT 0,    -- the moves the stored result covers
    body        TEXT,                       -- the result (JSON), none before the first is done
    holder      TEXT,                       -- the server running a job on it, if any
    expires_at  BIGINT NOT NULL DEFAULT 0,    -- unix milliseconds: when the holder's claim runs out
    updated_at  BIGINT NOT NULL DEFAULT 0     -- unix milliseconds of the last result
);
