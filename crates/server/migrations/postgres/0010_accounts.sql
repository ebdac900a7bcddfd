-- Accounts, optional: an anonymous player who chooses a username and password can sign in on
-- another device and be the same player. A player's tokens: the one they were created with
-- (players.token_hash) and one more per sign-in (player_tokens); signing out deletes a token.
CREATE TABLE accounts (
    player_id     TEXT PRIMARY KEY REFERENCES players(id),
    username      TEXT NOT NULL,          -- as typed, shown
    username_key  TEXT NOT NULL UNIQUE,   -- lower case, confusable skeleton: what is unique and looked up
    password_hash TEXT NOT NULL,          -- Argon2id, PHC string with its parameters and salt
    created_at    BIGINT NOT NULL
);

CREATE TABLE player_tokens (
    token_hash  TEXT PRIMARY KEY,         -- hex SHA-256 of a sign-in's token
    player_id   TEXT NOT NULL REFERENCES players(id),
    created_at  BIGINT NOT NULL
);

CREATE INDEX player_tokens_player ON player_tokens(player_id);
