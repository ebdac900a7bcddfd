-- The lobby: open challenges anyone can accept.
CREATE TABLE challenges (
    id          TEXT PRIMARY KEY,
    creator     TEXT NOT NULL REFERENCES players(id),
    game        TEXT NOT NULL,
    options     TEXT NOT NULL,
    clock       TEXT,                   -- time control text, NULL for none
    colour      TEXT NOT NULL,          -- 'first', 'second' or 'random': the challenger's side
    public      INTEGER NOT NULL,
    created_at  INTEGER NOT NULL
);
CREATE INDEX challenges_creator ON challenges(creator);
