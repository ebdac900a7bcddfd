-- Arena tournaments: players join and leave; each is paired as soon as free. A game's outcome is
-- kept in words the server reads back (standings, win/draw/loss), beside the result for people.
ALTER TABLE games ADD COLUMN outcome TEXT;            -- 'first', 'second' or 'draw' once over
ALTER TABLE games ADD COLUMN tournament_id TEXT;      -- the arena it was paired in
ALTER TABLE games ADD COLUMN tournament_seq BIGINT;  -- its pairing's number there

CREATE TABLE tournaments (
    id           TEXT PRIMARY KEY,
    name         TEXT NOT NULL,
    game         TEXT NOT NULL,
    options      TEXT NOT NULL,
    clock        TEXT NOT NULL,      -- the time control
    minutes      BIGINT NOT NULL,
    rated        BOOLEAN NOT NULL,
    created_by   TEXT NOT NULL REFERENCES players(id),
    created_at   BIGINT NOT NULL,
    starts_at    BIGINT NOT NULL,   -- unix seconds
    ends_at      BIGINT NOT NULL,
    finished_at  BIGINT,            -- once its last game ended after ends_at
    lease_holder TEXT,               -- the server pairing its players
    lease_until  BIGINT             -- unix milliseconds
);

CREATE TABLE tournament_players (
    tournament_id TEXT NOT NULL REFERENCES tournaments(id),
    player_id     TEXT NOT NULL REFERENCES players(id),
    joined_at     BIGINT NOT NULL,
    active        BOOLEAN NOT NULL,  -- joined and not left: paired when free
    PRIMARY KEY (tournament_id, player_id)
);

CREATE INDEX games_tournament ON games(tournament_id, tournament_seq);
CREATE INDEX tournaments_open ON tournaments(finished_at, starts_at);
