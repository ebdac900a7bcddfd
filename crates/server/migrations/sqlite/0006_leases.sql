-- Which server runs a game's computer moves and its clock's flag: one at a time, for a while. The
-- holder renews its lease while it lives; when it dies, the lease runs out and another server takes
-- the game over.
CREATE TABLE leases (
    game_id     TEXT PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    holder      TEXT NOT NULL,          -- the server instance's id
    expires_at  INTEGER NOT NULL          -- unix milliseconds
);
CREATE INDEX leases_expiry ON leases(expires_at);
