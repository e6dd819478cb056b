ALTER TABLE "forms" ADD COLUMN "rules_stamp" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- forms.rules_stamp rises with every change to a form's rules, its form fields or their field definitions
-- (TG_ARGV[0]: 'form' when the changed rows carry form_id, 'field' for field definitions, reached through
-- form_fields). Statement-level, so an import of thousands of rows raises each form once.
CREATE OR REPLACE FUNCTION forms_raise_rules_stamp() RETURNS trigger AS $$
BEGIN
  IF TG_ARGV[0] = 'field' THEN
    UPDATE forms SET rules_stamp = rules_stamp + 1
    WHERE id IN (SELECT ff.form_id FROM form_fields ff WHERE ff.field_id IN (SELECT id FROM changed_rows));
  ELSE
    UPDATE forms SET rules_stamp = rules_stamp + 1 WHERE id IN (SELECT form_id FROM changed_rows);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION forms_raise_rules_stamp_on_update() RETURNS trigger AS $$
BEGIN
  IF TG_ARGV[0] = 'field' THEN
    UPDATE forms SET rules_stamp = rules_stamp + 1
    WHERE id IN (SELECT ff.form_id FROM form_fields ff WHERE ff.field_id IN (SELECT id FROM new_rows));
  ELSE
    UPDATE forms SET rules_stamp = rules_stamp + 1
    WHERE id IN (SELECT form_id FROM new_rows UNION SELECT form_id FROM old_rows);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER rules_stamp_insert AFTER INSERT ON rules REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION forms_raise_rules_stamp('form');
--> statement-breakpoint
CREATE TRIGGER rules_stamp_update AFTER UPDATE ON rules REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION forms_raise_rules_stamp_on_update('form');
--> statement-breakpoint
CREATE TRIGGER rules_stamp_delete AFTER DELETE ON rules REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION forms_raise_rules_stamp('form');
--> statement-breakpoint
CREATE TRIGGER form_fields_stamp_insert AFTER INSERT ON form_fields REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION forms_raise_rules_stamp('form');
--> statement-breakpoint
CREATE TRIGGER form_fields_stamp_update AFTER UPDATE ON form_fields REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION forms_raise_rules_stamp_on_update('form');
--> statement-breakpoint
CREATE TRIGGER form_fields_stamp_delete AFTER DELETE ON form_fields REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION forms_raise_rules_stamp('form');
--> statement-breakpoint
CREATE TRIGGER fields_stamp_update AFTER UPDATE ON fields REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION forms_raise_rules_stamp_on_update('field');
