-- Games and their moves: every move is a row, written as it is made.
CREATE TABLE games (
    id          TEXT PRIMARY KEY,
    game        TEXT NOT NULL,
    options     TEXT NOT NULL,
    start       TEXT NOT NULL,
    seats       TEXT NOT NULL,          -- JSON: [seat of the first player, seat of the second]
    resigned    TEXT,                   -- the side's name that resigned, if one did
    result      TEXT,                   -- a short description once the game is over
    created_at  INTEGER NOT NULL,       -- unix seconds
    updated_at  INTEGER NOT NULL
);

CREATE TABLE moves (
    game_id     TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    ply         INTEGER NOT NULL,       -- 0 for the first move
    notation    TEXT NOT NULL,
    played_at   INTEGER NOT NULL,
    PRIMARY KEY (game_id, ply)
);

CREATE INDEX games_updated ON games(updated_at DESC);
