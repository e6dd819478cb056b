-- The dosing grid's count leaves out the dosings of deleted subjects: an anti-join against this small
-- partial index instead of a join with every subject of the research (docs/iwrs.md "At scale").
CREATE INDEX IF NOT EXISTS "subjects_deleted_idx" ON "subjects" USING btree ("id") WHERE "subjects"."deleted_at" is not null;
