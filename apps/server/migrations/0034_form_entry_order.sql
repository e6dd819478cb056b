-- The live entries of each form (live subject forms in live visits of live subjects) with the keys of the summary
-- tables' and journals' order, kept by the writes: a page at any depth is an index-only scan of
-- form_entry_order_page_idx (the entries' ids, then 50 rows by key), where an OFFSET over the form's entries joined
-- to their subjects and visits read and sorted every entry before the page (docs/reports.md "At scale").
CREATE TABLE "form_entry_order" (
	"subject_form_id" uuid PRIMARY KEY NOT NULL REFERENCES "subject_forms"("id") ON DELETE CASCADE,
	"form_id" uuid NOT NULL,
	"research_organisation_id" uuid NOT NULL,
	"is_test" boolean NOT NULL,
	"screening_number" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"visit_repeat_index" integer NOT NULL,
	"visit_date" date NOT NULL,
	"repeated_index" integer NOT NULL
);--> statement-breakpoint
CREATE INDEX "form_entry_order_page_idx" ON "form_entry_order" USING btree ("form_id","screening_number","subject_id","visit_repeat_index","visit_date","repeated_index","subject_form_id") INCLUDE ("research_organisation_id","is_test");--> statement-breakpoint
-- Entries' rows made again from the tables they copy (none for an entry that is not live). The writers of one
-- subject's entries take turns: each first locks the subjects' rows (held to commit, as an update of the subject
-- holds it), so that its later statements read what the one before committed. Without the turn, a subject renamed
-- while its visit is deleted in another transaction would leave a row made from the rename's older snapshot.
CREATE FUNCTION form_entry_order_put(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  SELECT 1 FROM subjects WHERE id IN (SELECT subject_id FROM subject_forms WHERE id = ANY(ids)) ORDER BY id FOR NO KEY UPDATE;
  DELETE FROM form_entry_order WHERE subject_form_id = ANY(ids);
  INSERT INTO form_entry_order
  SELECT sf.id, sf.form_id, s.research_organisation_id, s.is_test, s.screening_number, s.id, sv.repeat_index, sv.date, sf.repeated_index
  FROM subject_forms sf JOIN subjects s ON s.id = sf.subject_id AND s.deleted_at IS NULL
  JOIN subject_visits sv ON sv.id = sf.subject_visit_id AND sv.deleted_at IS NULL
  WHERE sf.id = ANY(ids) AND sf.deleted_at IS NULL;
$$;--> statement-breakpoint
-- New subject forms, a statement at a time (the bulk paths insert thousands at once).
CREATE FUNCTION form_entry_order_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM form_entry_order_put(ARRAY(SELECT id FROM new_rows WHERE deleted_at IS NULL));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER form_entry_order_insert AFTER INSERT ON subject_forms REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION form_entry_order_on_insert();--> statement-breakpoint
-- Updates, a row at a time and only when a key or the liveness changed: the WHEN is checked without calling the
-- function, so a save's version bump on its subject form or a status change on its subject costs nothing here.
CREATE FUNCTION form_entry_order_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM form_entry_order_put(CASE TG_TABLE_NAME
    WHEN 'subject_forms' THEN ARRAY[NEW.id]
    WHEN 'subjects' THEN ARRAY(SELECT id FROM subject_forms WHERE subject_id = NEW.id)
    ELSE ARRAY(SELECT id FROM subject_forms WHERE subject_visit_id = NEW.id) END);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER form_entry_order_form_update AFTER UPDATE ON subject_forms FOR EACH ROW
  WHEN ((OLD.form_id, OLD.subject_id, OLD.subject_visit_id, OLD.repeated_index, OLD.deleted_at IS NULL)
        IS DISTINCT FROM (NEW.form_id, NEW.subject_id, NEW.subject_visit_id, NEW.repeated_index, NEW.deleted_at IS NULL))
  EXECUTE FUNCTION form_entry_order_on_update();--> statement-breakpoint
CREATE TRIGGER form_entry_order_subject_update AFTER UPDATE ON subjects FOR EACH ROW
  WHEN ((OLD.screening_number, OLD.research_organisation_id, OLD.is_test, OLD.deleted_at IS NULL)
        IS DISTINCT FROM (NEW.screening_number, NEW.research_organisation_id, NEW.is_test, NEW.deleted_at IS NULL))
  EXECUTE FUNCTION form_entry_order_on_update();--> statement-breakpoint
CREATE TRIGGER form_entry_order_visit_update AFTER UPDATE ON subject_visits FOR EACH ROW
  WHEN ((OLD.subject_id, OLD.repeat_index, OLD.date, OLD.deleted_at IS NULL)
        IS DISTINCT FROM (NEW.subject_id, NEW.repeat_index, NEW.date, NEW.deleted_at IS NULL))
  EXECUTE FUNCTION form_entry_order_on_update();--> statement-breakpoint
-- The entries already there.
SELECT form_entry_order_put(ARRAY(SELECT id FROM subject_forms WHERE deleted_at IS NULL));
