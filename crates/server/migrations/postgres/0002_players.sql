-- Seats that belong to someone: anonymous players with a secret token (kept only as its SHA-256),
-- who holds each side of a game, invites, takeback requests, rematches, public games.
CREATE TABLE players (
    id          TEXT PRIMARY KEY,
    token_hash  TEXT NOT NULL UNIQUE,   -- hex SHA-256 of the secret token; the token itself is never stored
    name        TEXT,                   -- display name, optional
    created_at  BIGINT NOT NULL
);

ALTER TABLE games ADD COLUMN creator TEXT REFERENCES players(id);   -- NULL: a game from before players existed
ALTER TABLE games ADD COLUMN holders TEXT NOT NULL DEFAULT '[null,null]';  -- JSON: player id holding each side
ALTER TABLE games ADD COLUMN public BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE games ADD COLUMN invite_hash TEXT;                      -- SHA-256 of the open side's single-use claim
ALTER TABLE games ADD COLUMN takeback TEXT;                         -- 'first' or 'second': a pending takeback request
ALTER TABLE games ADD COLUMN rematch TEXT;                          -- the id of the rematch game

CREATE INDEX games_creator ON games(creator);
CREATE INDEX games_public ON games(public, updated_at DESC);
