-- Hints in games between two people: only where the creator allowed them (a choice made when the
-- game or the challenge is created, shown to the opponent before they join). Games against the
-- computer, or with no other person, always allow them.
ALTER TABLE games ADD COLUMN hints INTEGER NOT NULL DEFAULT 0;
ALTER TABLE challenges ADD COLUMN hints INTEGER NOT NULL DEFAULT 0;
