-- The entries of a form (its live subject forms in live subject visits of live subjects) counted by the writes, as
-- subject_tallies counts subjects (migration 0020): the summary tables' and journals' totals read a few rows instead
-- of joining the form's entries to their visits and subjects (docs/reports.md "At scale").
CREATE TABLE "form_entry_tallies" (
	"form_id" uuid NOT NULL,
	"research_id" uuid NOT NULL,
	"research_organisation_id" uuid NOT NULL,
	"is_test" boolean NOT NULL,
	"n" integer NOT NULL
);--> statement-breakpoint
CREATE INDEX "form_entry_tallies_form_idx" ON "form_entry_tallies" USING btree ("form_id","research_organisation_id");--> statement-breakpoint
-- Subject forms: each live one in a live visit of a live subject counts under its form and its subject's key.
CREATE FUNCTION form_entry_tallies_on_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO form_entry_tallies (form_id, research_id, research_organisation_id, is_test, n)
    SELECT r.form_id, s.research_id, s.research_organisation_id, s.is_test, count(*)
    FROM new_rows r JOIN subjects s ON s.id = r.subject_id AND s.deleted_at IS NULL
    JOIN subject_visits sv ON sv.id = r.subject_visit_id AND sv.deleted_at IS NULL
    WHERE r.deleted_at IS NULL GROUP BY 1, 2, 3, 4;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO form_entry_tallies (form_id, research_id, research_organisation_id, is_test, n)
    SELECT r.form_id, s.research_id, s.research_organisation_id, s.is_test, -count(*)
    FROM old_rows r JOIN subjects s ON s.id = r.subject_id AND s.deleted_at IS NULL
    JOIN subject_visits sv ON sv.id = r.subject_visit_id AND sv.deleted_at IS NULL
    WHERE r.deleted_at IS NULL GROUP BY 1, 2, 3, 4;
  ELSE
    INSERT INTO form_entry_tallies (form_id, research_id, research_organisation_id, is_test, n)
    SELECT form_id, research_id, research_organisation_id, is_test, sum(n) FROM (
      SELECT r.form_id, s.research_id, s.research_organisation_id, s.is_test, r.sign AS n
      -- Only rows whose form, subject, visit or liveness changed (a save's version bump moves nothing).
      FROM (SELECT o.*, -1 AS sign FROM old_rows o JOIN new_rows w ON w.id = o.id
            WHERE o.deleted_at IS NULL AND (o.form_id, o.subject_id, o.subject_visit_id, o.deleted_at IS NULL)
                  IS DISTINCT FROM (w.form_id, w.subject_id, w.subject_visit_id, w.deleted_at IS NULL)
            UNION ALL
            SELECT w.*, 1 FROM old_rows o JOIN new_rows w ON w.id = o.id
            WHERE w.deleted_at IS NULL AND (o.form_id, o.subject_id, o.subject_visit_id, o.deleted_at IS NULL)
                  IS DISTINCT FROM (w.form_id, w.subject_id, w.subject_visit_id, w.deleted_at IS NULL)) r
      JOIN subjects s ON s.id = r.subject_id AND s.deleted_at IS NULL
      JOIN subject_visits sv ON sv.id = r.subject_visit_id AND sv.deleted_at IS NULL
    ) d GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER form_entry_tallies_insert AFTER INSERT ON subject_forms REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION form_entry_tallies_on_change();--> statement-breakpoint
CREATE TRIGGER form_entry_tallies_update AFTER UPDATE ON subject_forms REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION form_entry_tallies_on_change();--> statement-breakpoint
CREATE TRIGGER form_entry_tallies_delete AFTER DELETE ON subject_forms REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION form_entry_tallies_on_change();--> statement-breakpoint
-- A subject deleted, restored, moved to another centre or marked a test subject takes its live entries with it.
CREATE FUNCTION form_entry_tallies_on_subject_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO form_entry_tallies (form_id, research_id, research_organisation_id, is_test, n)
  SELECT form_id, research_id, research_organisation_id, is_test, sum(n) FROM (
    SELECT sf.form_id, s.research_id, s.research_organisation_id, s.is_test, s.sign AS n
    FROM (
      SELECT o.id, o.research_id, o.research_organisation_id, o.is_test, -1 AS sign
      FROM old_rows o JOIN new_rows w ON w.id = o.id WHERE o.deleted_at IS NULL
      UNION ALL
      SELECT w.id, w.research_id, w.research_organisation_id, w.is_test, 1
      FROM old_rows o JOIN new_rows w ON w.id = o.id WHERE w.deleted_at IS NULL
    ) s
    JOIN subject_forms sf ON sf.subject_id = s.id AND sf.deleted_at IS NULL
    JOIN subject_visits sv ON sv.id = sf.subject_visit_id AND sv.deleted_at IS NULL
    WHERE s.id IN (
      SELECT o.id FROM old_rows o JOIN new_rows w ON w.id = o.id
      WHERE (o.research_id, o.research_organisation_id, o.is_test, o.deleted_at IS NULL)
            IS DISTINCT FROM (w.research_id, w.research_organisation_id, w.is_test, w.deleted_at IS NULL)
    )
  ) d GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER form_entry_tallies_subject_update AFTER UPDATE ON subjects REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION form_entry_tallies_on_subject_change();--> statement-breakpoint
-- A subject visit deleted, restored or moved to another subject does the same with its live entries. (A subject or
-- visit cannot be removed while subject forms refer to it: the foreign keys refuse it, so removals need no trigger.)
CREATE FUNCTION form_entry_tallies_on_visit_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO form_entry_tallies (form_id, research_id, research_organisation_id, is_test, n)
  SELECT form_id, research_id, research_organisation_id, is_test, sum(n) FROM (
    SELECT sf.form_id, s.research_id, s.research_organisation_id, s.is_test, v.sign AS n
    FROM (
      SELECT o.id, o.subject_id, -1 AS sign FROM old_rows o JOIN new_rows w ON w.id = o.id WHERE o.deleted_at IS NULL
      UNION ALL
      SELECT w.id, w.subject_id, 1 FROM old_rows o JOIN new_rows w ON w.id = o.id WHERE w.deleted_at IS NULL
    ) v
    JOIN subject_forms sf ON sf.subject_visit_id = v.id AND sf.deleted_at IS NULL
    JOIN subjects s ON s.id = v.subject_id AND s.deleted_at IS NULL
    WHERE v.id IN (
      SELECT o.id FROM old_rows o JOIN new_rows w ON w.id = o.id
      WHERE (o.subject_id, o.deleted_at IS NULL) IS DISTINCT FROM (w.subject_id, w.deleted_at IS NULL)
    )
  ) d GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER form_entry_tallies_visit_update AFTER UPDATE ON subject_visits REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION form_entry_tallies_on_visit_change();--> statement-breakpoint
-- The periodic compaction folds these too.
CREATE OR REPLACE FUNCTION compact_subject_tallies() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtext('compact_subject_tallies')) THEN RETURN; END IF;
  WITH d AS (DELETE FROM subject_tallies RETURNING *)
  INSERT INTO subject_tallies (research_id, research_organisation_id, is_test, status, n)
  SELECT research_id, research_organisation_id, is_test, status, sum(n) FROM d GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0;
  WITH d AS (DELETE FROM subject_visit_tallies RETURNING *)
  INSERT INTO subject_visit_tallies (research_id, research_organisation_id, is_test, form_completed_status, overdue, n)
  SELECT research_id, research_organisation_id, is_test, form_completed_status, overdue, sum(n) FROM d GROUP BY 1, 2, 3, 4, 5 HAVING sum(n) <> 0;
  WITH d AS (DELETE FROM form_entry_tallies RETURNING *)
  INSERT INTO form_entry_tallies (form_id, research_id, research_organisation_id, is_test, n)
  SELECT form_id, research_id, research_organisation_id, is_test, sum(n) FROM d GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0;
END $$;--> statement-breakpoint
-- The entries already there.
INSERT INTO form_entry_tallies (form_id, research_id, research_organisation_id, is_test, n)
SELECT sf.form_id, s.research_id, s.research_organisation_id, s.is_test, count(*)
FROM subject_forms sf JOIN subjects s ON s.id = sf.subject_id AND s.deleted_at IS NULL
JOIN subject_visits sv ON sv.id = sf.subject_visit_id AND sv.deleted_at IS NULL
WHERE sf.deleted_at IS NULL GROUP BY 1, 2, 3, 4;
