-- Optimistic concurrency: every change to a game bumps its version, and a change is made only if
-- the version is still the one its writer read (so two servers can never both change one state).
ALTER TABLE games ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
