-- A site's lists in screening-number order (the dosing grid of one centre) walk that centre's live subjects,
-- not the whole research's, so a site's page costs its own depth (docs/iwrs.md "At scale").
CREATE INDEX IF NOT EXISTS "subjects_centre_screening_number_idx" ON "subjects" USING btree ("research_id","research_organisation_id","screening_number") WHERE "subjects"."deleted_at" is null;
