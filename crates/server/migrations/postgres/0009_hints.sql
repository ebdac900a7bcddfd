-- Hints in games between two people: only where the creator allowed them (a choice made when the
-- game or the challenge is created, shown to the opponent before they join). Games against the
-- computer, or with no other person, always allow them.
ALTER TABLE games ADD COLUMN hints BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE challenges ADD COLUMN hints BOOLEAN NOT NULL DEFAULT FALSE;
