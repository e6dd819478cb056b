-- Issue 18: the subject matrix and its statistics at 70,000 subjects (docs/performance.md "Subject matrix at scale").
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- Number searches ("contains", case-insensitive): trigram indexes, used by ilike '%…%' from three characters on.
CREATE INDEX "subjects_screening_number_trgm_idx" ON "subjects" USING gin ("screening_number" gin_trgm_ops) WHERE "deleted_at" is null;--> statement-breakpoint
CREATE INDEX "subjects_randomization_number_trgm_idx" ON "subjects" USING gin ("randomization_number" gin_trgm_ops) WHERE "deleted_at" is null;--> statement-breakpoint
CREATE INDEX "subjects_identification_number_trgm_idx" ON "subjects" USING gin ("identification_number" gin_trgm_ops) WHERE "deleted_at" is null;--> statement-breakpoint
-- The matrix's default order (enrolment) of a whole research and of one centre, covering what the filters test, so a
-- page's ids (deep pages included) come from an index-only scan.
DROP INDEX IF EXISTS "subjects_research_created_idx";--> statement-breakpoint
CREATE INDEX "subjects_research_created_idx" ON "subjects" USING btree ("research_id","created_at","id") INCLUDE ("research_organisation_id","status","is_test") WHERE "deleted_at" is null;--> statement-breakpoint
CREATE INDEX "subjects_research_centre_created_idx" ON "subjects" USING btree ("research_id","research_organisation_id","created_at","id") INCLUDE ("status","is_test") WHERE "deleted_at" is null;--> statement-breakpoint
-- The number sorts, covering the same columns.
CREATE INDEX "subjects_screening_number_sort_idx" ON "subjects" USING btree ("research_id","screening_number","created_at","id") INCLUDE ("research_organisation_id","status","is_test") WHERE "deleted_at" is null;--> statement-breakpoint
CREATE INDEX "subjects_identification_number_sort_idx" ON "subjects" USING btree ("research_id","identification_number","created_at","id") INCLUDE ("research_organisation_id","status","is_test") WHERE "deleted_at" is null;--> statement-breakpoint
DROP INDEX IF EXISTS "subjects_randomization_number_asc_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "subjects_randomization_number_desc_idx";--> statement-breakpoint
CREATE INDEX "subjects_randomization_number_asc_idx" ON "subjects" USING btree ("research_id","randomization_number","created_at","id") INCLUDE ("research_organisation_id","status","is_test") WHERE "deleted_at" is null;--> statement-breakpoint
CREATE INDEX "subjects_randomization_number_desc_idx" ON "subjects" USING btree ("research_id","randomization_number" DESC NULLS LAST,"created_at","id") INCLUDE ("research_organisation_id","status","is_test") WHERE "deleted_at" is null;--> statement-breakpoint
-- Counts kept current by the writes (docs/subjects.md "Counts"): each statement that changes subjects, subject
-- visits or a visit's schedule adds signed rows here in its own transaction; readers sum them; a periodic
-- compaction (compact_subject_tallies) folds them into one row per key.
CREATE TABLE "subject_tallies" (
	"research_id" uuid NOT NULL,
	"research_organisation_id" uuid NOT NULL,
	"is_test" boolean NOT NULL,
	"status" text NOT NULL,
	"n" integer NOT NULL
);--> statement-breakpoint
CREATE INDEX "subject_tallies_research_idx" ON "subject_tallies" USING btree ("research_id","research_organisation_id");--> statement-breakpoint
CREATE TABLE "subject_visit_tallies" (
	"research_id" uuid NOT NULL,
	"research_organisation_id" uuid NOT NULL,
	"is_test" boolean NOT NULL,
	"form_completed_status" text NOT NULL,
	"overdue" boolean NOT NULL,
	"n" integer NOT NULL
);--> statement-breakpoint
CREATE INDEX "subject_visit_tallies_research_idx" ON "subject_visit_tallies" USING btree ("research_id","research_organisation_id");--> statement-breakpoint
-- Overdue: held after its window closes (packages/domain visitWindow and heldVisitTiming, in SQL).
CREATE FUNCTION subject_visit_overdue(visit_date date, visit_type text, day_number integer, day_plus integer, screen_date date, randomization_date date)
RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT visit_date > (CASE WHEN visit_type <> 'Screening' AND randomization_date IS NOT NULL THEN randomization_date ELSE screen_date END) + day_number + day_plus
$$;--> statement-breakpoint
CREATE FUNCTION subject_tallies_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO subject_tallies (research_id, research_organisation_id, is_test, status, n)
  SELECT research_id, research_organisation_id, is_test, status, count(*) FROM new_rows WHERE deleted_at IS NULL
  GROUP BY 1, 2, 3, 4;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION subject_tallies_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO subject_tallies (research_id, research_organisation_id, is_test, status, n)
  SELECT research_id, research_organisation_id, is_test, status, -count(*) FROM old_rows WHERE deleted_at IS NULL
  GROUP BY 1, 2, 3, 4;
  INSERT INTO subject_visit_tallies (research_id, research_organisation_id, is_test, form_completed_status, overdue, n)
  SELECT o.research_id, o.research_organisation_id, o.is_test, sv.form_completed_status,
         subject_visit_overdue(sv.date, v.visit_type, v.day_number, v.day_plus, o.screen_date, o.randomization_date), -count(*)
  FROM old_rows o JOIN subject_visits sv ON sv.subject_id = o.id AND sv.deleted_at IS NULL JOIN visits v ON v.id = sv.visit_id
  WHERE o.deleted_at IS NULL GROUP BY 1, 2, 3, 4, 5;
  RETURN NULL;
END $$;--> statement-breakpoint
-- An update moves a subject (and its visits, when their scope or timing changed) from the old row's key to the new one's.
CREATE FUNCTION subject_tallies_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO subject_tallies (research_id, research_organisation_id, is_test, status, n)
  SELECT research_id, research_organisation_id, is_test, status, sum(n) FROM (
    SELECT o.research_id, o.research_organisation_id, o.is_test, o.status, -1 AS n
    FROM old_rows o JOIN new_rows w ON w.id = o.id
    WHERE o.deleted_at IS NULL AND (w.deleted_at IS NOT NULL OR (o.research_id, o.research_organisation_id, o.is_test, o.status) IS DISTINCT FROM (w.research_id, w.research_organisation_id, w.is_test, w.status))
    UNION ALL
    SELECT w.research_id, w.research_organisation_id, w.is_test, w.status, 1
    FROM old_rows o JOIN new_rows w ON w.id = o.id
    WHERE w.deleted_at IS NULL AND (o.deleted_at IS NOT NULL OR (o.research_id, o.research_organisation_id, o.is_test, o.status) IS DISTINCT FROM (w.research_id, w.research_organisation_id, w.is_test, w.status))
  ) d GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0;
  INSERT INTO subject_visit_tallies (research_id, research_organisation_id, is_test, form_completed_status, overdue, n)
  SELECT research_id, research_organisation_id, is_test, form_completed_status, overdue, sum(n) FROM (
    SELECT s.research_id, s.research_organisation_id, s.is_test, sv.form_completed_status,
           subject_visit_overdue(sv.date, v.visit_type, v.day_number, v.day_plus, s.screen_date, s.randomization_date) AS overdue, s.sign AS n
    FROM (
      SELECT o.*, -1 AS sign FROM old_rows o JOIN new_rows w ON w.id = o.id WHERE o.deleted_at IS NULL
      UNION ALL
      SELECT w.*, 1 FROM old_rows o JOIN new_rows w ON w.id = o.id WHERE w.deleted_at IS NULL
    ) s
    JOIN subject_visits sv ON sv.subject_id = s.id AND sv.deleted_at IS NULL JOIN visits v ON v.id = sv.visit_id
    WHERE s.id IN (
      SELECT o.id FROM old_rows o JOIN new_rows w ON w.id = o.id
      WHERE (o.research_id, o.research_organisation_id, o.is_test, o.screen_date, o.randomization_date, o.deleted_at IS NULL)
            IS DISTINCT FROM (w.research_id, w.research_organisation_id, w.is_test, w.screen_date, w.randomization_date, w.deleted_at IS NULL)
    )
  ) d GROUP BY 1, 2, 3, 4, 5 HAVING sum(n) <> 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER subject_tallies_insert AFTER INSERT ON subjects REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION subject_tallies_on_insert();--> statement-breakpoint
CREATE TRIGGER subject_tallies_update AFTER UPDATE ON subjects REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION subject_tallies_on_update();--> statement-breakpoint
CREATE TRIGGER subject_tallies_delete AFTER DELETE ON subjects REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION subject_tallies_on_delete();--> statement-breakpoint
-- Subject visits: each live visit of a live subject counts under its subject's key, its status and its timing.
CREATE FUNCTION subject_visit_tallies_on_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO subject_visit_tallies (research_id, research_organisation_id, is_test, form_completed_status, overdue, n)
    SELECT s.research_id, s.research_organisation_id, s.is_test, r.form_completed_status,
           subject_visit_overdue(r.date, v.visit_type, v.day_number, v.day_plus, s.screen_date, s.randomization_date), count(*)
    FROM new_rows r JOIN subjects s ON s.id = r.subject_id AND s.deleted_at IS NULL JOIN visits v ON v.id = r.visit_id
    WHERE r.deleted_at IS NULL GROUP BY 1, 2, 3, 4, 5;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO subject_visit_tallies (research_id, research_organisation_id, is_test, form_completed_status, overdue, n)
    SELECT s.research_id, s.research_organisation_id, s.is_test, r.form_completed_status,
           subject_visit_overdue(r.date, v.visit_type, v.day_number, v.day_plus, s.screen_date, s.randomization_date), -count(*)
    FROM old_rows r JOIN subjects s ON s.id = r.subject_id AND s.deleted_at IS NULL JOIN visits v ON v.id = r.visit_id
    WHERE r.deleted_at IS NULL GROUP BY 1, 2, 3, 4, 5;
  ELSE
    INSERT INTO subject_visit_tallies (research_id, research_organisation_id, is_test, form_completed_status, overdue, n)
    SELECT research_id, research_organisation_id, is_test, form_completed_status, overdue, sum(n) FROM (
      SELECT s.research_id, s.research_organisation_id, s.is_test, r.form_completed_status,
             subject_visit_overdue(r.date, v.visit_type, v.day_number, v.day_plus, s.screen_date, s.randomization_date) AS overdue, r.sign AS n
      FROM (SELECT o.*, -1 AS sign FROM old_rows o WHERE o.deleted_at IS NULL
            UNION ALL SELECT w.*, 1 FROM new_rows w WHERE w.deleted_at IS NULL) r
      JOIN subjects s ON s.id = r.subject_id AND s.deleted_at IS NULL JOIN visits v ON v.id = r.visit_id
    ) d GROUP BY 1, 2, 3, 4, 5 HAVING sum(n) <> 0;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER subject_visit_tallies_insert AFTER INSERT ON subject_visits REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION subject_visit_tallies_on_change();--> statement-breakpoint
CREATE TRIGGER subject_visit_tallies_update AFTER UPDATE ON subject_visits REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION subject_visit_tallies_on_change();--> statement-breakpoint
CREATE TRIGGER subject_visit_tallies_delete AFTER DELETE ON subject_visits REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION subject_visit_tallies_on_change();--> statement-breakpoint
-- A visit's schedule (type, day, window) decides which of its subject visits are overdue.
CREATE FUNCTION visit_schedule_tallies_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO subject_visit_tallies (research_id, research_organisation_id, is_test, form_completed_status, overdue, n)
  SELECT research_id, research_organisation_id, is_test, form_completed_status, overdue, sum(n) FROM (
    SELECT s.research_id, s.research_organisation_id, s.is_test, sv.form_completed_status,
           subject_visit_overdue(sv.date, v.visit_type, v.day_number, v.day_plus, s.screen_date, s.randomization_date) AS overdue, v.sign AS n
    FROM (
      SELECT o.id, o.visit_type, o.day_number, o.day_plus, -1 AS sign FROM old_rows o JOIN new_rows w ON w.id = o.id
      WHERE (o.visit_type, o.day_number, o.day_plus) IS DISTINCT FROM (w.visit_type, w.day_number, w.day_plus)
      UNION ALL
      SELECT w.id, w.visit_type, w.day_number, w.day_plus, 1 FROM old_rows o JOIN new_rows w ON w.id = o.id
      WHERE (o.visit_type, o.day_number, o.day_plus) IS DISTINCT FROM (w.visit_type, w.day_number, w.day_plus)
    ) v
    JOIN subject_visits sv ON sv.visit_id = v.id AND sv.deleted_at IS NULL JOIN subjects s ON s.id = sv.subject_id AND s.deleted_at IS NULL
  ) d GROUP BY 1, 2, 3, 4, 5 HAVING sum(n) <> 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER visit_schedule_tallies_update AFTER UPDATE ON visits REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION visit_schedule_tallies_on_update();--> statement-breakpoint
-- Folds the signed rows into one per key; one compaction at a time (the others return at once).
CREATE FUNCTION compact_subject_tallies() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtext('compact_subject_tallies')) THEN RETURN; END IF;
  WITH d AS (DELETE FROM subject_tallies RETURNING *)
  INSERT INTO subject_tallies (research_id, research_organisation_id, is_test, status, n)
  SELECT research_id, research_organisation_id, is_test, status, sum(n) FROM d GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0;
  WITH d AS (DELETE FROM subject_visit_tallies RETURNING *)
  INSERT INTO subject_visit_tallies (research_id, research_organisation_id, is_test, form_completed_status, overdue, n)
  SELECT research_id, research_organisation_id, is_test, form_completed_status, overdue, sum(n) FROM d GROUP BY 1, 2, 3, 4, 5 HAVING sum(n) <> 0;
END $$;--> statement-breakpoint
-- The counts of the subjects and visits already there.
INSERT INTO subject_tallies (research_id, research_organisation_id, is_test, status, n)
SELECT research_id, research_organisation_id, is_test, status, count(*) FROM subjects WHERE deleted_at IS NULL GROUP BY 1, 2, 3, 4;--> statement-breakpoint
INSERT INTO subject_visit_tallies (research_id, research_organisation_id, is_test, form_completed_status, overdue, n)
SELECT s.research_id, s.research_organisation_id, s.is_test, sv.form_completed_status,
       subject_visit_overdue(sv.date, v.visit_type, v.day_number, v.day_plus, s.screen_date, s.randomization_date), count(*)
FROM subject_visits sv JOIN subjects s ON s.id = sv.subject_id AND s.deleted_at IS NULL JOIN visits v ON v.id = sv.visit_id
WHERE sv.deleted_at IS NULL GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
-- Rate limits shared by every server process (platform/http/rate-limit-store.ts): hits per route and address in a window.
CREATE TABLE "rate_limit_hits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE INDEX "rate_limit_hits_reset_idx" ON "rate_limit_hits" USING btree ("reset_at");
