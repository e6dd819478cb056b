-- Issue 16: each subject form field carries its current value (the newest item_data row by seq), so that a
-- summary table page reads its 5,000 values in one indexed scan of subject_form_fields instead of 5,000
-- look-ups of the newest item_data row (docs/performance.md, docs/reports.md). item_data stays the history
-- (append-only); these columns are derived from it by the triggers below and never written by the application.
ALTER TABLE "subject_form_fields" ADD COLUMN "current_seq" bigint;--> statement-breakpoint
ALTER TABLE "subject_form_fields" ADD COLUMN "current_data" text;--> statement-breakpoint
-- Room on each page for the row's new version when its value is saved: the update stays on the page (HOT, none of
-- the five indexes written) and an entry's rows stay together for the summary's scan. Pages written from now on.
ALTER TABLE "subject_form_fields" SET (fillfactor = 70);--> statement-breakpoint
UPDATE "subject_form_fields" f SET "current_seq" = d.seq, "current_data" = d.data
FROM (SELECT DISTINCT ON (subject_form_field_id) subject_form_field_id, seq, data FROM item_data ORDER BY subject_form_field_id, seq DESC) d
WHERE f.id = d.subject_form_field_id;--> statement-breakpoint
-- Inserts (the only change item_data allows): statement-level, so a bulk insert is one update. A row only moves
-- forward (current_seq < the new seq): two transactions saving the same field concurrently wait on the field's
-- row, and the one with the higher seq wins whichever commits first, as "order by seq desc limit 1" would.
CREATE FUNCTION subject_form_fields_current_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE subject_form_fields f SET current_seq = n.seq, current_data = n.data
  FROM (SELECT DISTINCT ON (subject_form_field_id) subject_form_field_id, seq, data FROM new_rows ORDER BY subject_form_field_id, seq DESC) n
  WHERE f.id = n.subject_form_field_id AND (f.current_seq IS NULL OR f.current_seq < n.seq);
  RETURN NULL;
END $$;--> statement-breakpoint
-- Updates and deletes are refused by item_data_no_update_delete; should a repair ever run with that trigger
-- disabled, the touched fields' current values are read again from what item_data then holds.
CREATE FUNCTION subject_form_fields_refresh_current(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE subject_form_fields f SET current_seq = d.seq, current_data = d.data
  FROM (SELECT k.id, c.seq, c.data FROM unnest(ids) AS k(id)
        LEFT JOIN LATERAL (SELECT i.seq, i.data FROM item_data i WHERE i.subject_form_field_id = k.id ORDER BY i.seq DESC LIMIT 1) c ON true) d
  WHERE f.id = d.id AND (f.current_seq IS DISTINCT FROM d.seq OR f.current_data IS DISTINCT FROM d.data)
$$;--> statement-breakpoint
CREATE FUNCTION subject_form_fields_current_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM subject_form_fields_refresh_current(array(SELECT subject_form_field_id FROM old_rows UNION SELECT subject_form_field_id FROM new_rows));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION subject_form_fields_current_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM subject_form_fields_refresh_current(array(SELECT DISTINCT subject_form_field_id FROM old_rows));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION subject_form_fields_current_on_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE subject_form_fields SET current_seq = NULL, current_data = NULL WHERE current_seq IS NOT NULL;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER item_data_current_on_insert AFTER INSERT ON item_data REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION subject_form_fields_current_on_insert();--> statement-breakpoint
CREATE TRIGGER item_data_current_on_update AFTER UPDATE ON item_data REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION subject_form_fields_current_on_update();--> statement-breakpoint
CREATE TRIGGER item_data_current_on_delete AFTER DELETE ON item_data REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION subject_form_fields_current_on_delete();--> statement-breakpoint
CREATE TRIGGER item_data_current_on_truncate AFTER TRUNCATE ON item_data
  FOR EACH STATEMENT EXECUTE FUNCTION subject_form_fields_current_on_truncate();
