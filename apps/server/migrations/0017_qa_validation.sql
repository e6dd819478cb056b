CREATE TABLE "qa_forms" (
	"id" uuid PRIMARY KEY NOT NULL,
	"research_id" uuid NOT NULL,
	"research_version_id" uuid NOT NULL,
	"qa_visit_id" uuid NOT NULL,
	"form_id" uuid NOT NULL,
	"validated" boolean DEFAULT false NOT NULL,
	"validated_at" timestamp with time zone,
	"validated_by" uuid,
	"withdrawn_at" timestamp with time zone,
	"withdrawn_cause" text,
	"withdrawal_audited" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qa_item_notes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"research_id" uuid NOT NULL,
	"research_version_id" uuid NOT NULL,
	"qa_visit_id" uuid NOT NULL,
	"qa_form_id" uuid,
	"form_field_id" uuid,
	"rule_id" uuid,
	"status" text DEFAULT 'New' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "qa_notes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"qa_item_note_id" uuid NOT NULL,
	"data" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qa_visits" (
	"id" uuid PRIMARY KEY NOT NULL,
	"research_id" uuid NOT NULL,
	"research_version_id" uuid NOT NULL,
	"visit_id" uuid NOT NULL,
	"validated" boolean DEFAULT false NOT NULL,
	"validated_at" timestamp with time zone,
	"validated_by" uuid,
	"withdrawn_at" timestamp with time zone,
	"withdrawn_cause" text,
	"withdrawal_audited" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subjects" ADD COLUMN "is_test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "qa_forms" ADD CONSTRAINT "qa_forms_research_id_researches_id_fk" FOREIGN KEY ("research_id") REFERENCES "public"."researches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_forms" ADD CONSTRAINT "qa_forms_research_version_id_research_versions_id_fk" FOREIGN KEY ("research_version_id") REFERENCES "public"."research_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_forms" ADD CONSTRAINT "qa_forms_qa_visit_id_qa_visits_id_fk" FOREIGN KEY ("qa_visit_id") REFERENCES "public"."qa_visits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_forms" ADD CONSTRAINT "qa_forms_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_forms" ADD CONSTRAINT "qa_forms_validated_by_users_id_fk" FOREIGN KEY ("validated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_item_notes" ADD CONSTRAINT "qa_item_notes_research_id_researches_id_fk" FOREIGN KEY ("research_id") REFERENCES "public"."researches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_item_notes" ADD CONSTRAINT "qa_item_notes_research_version_id_research_versions_id_fk" FOREIGN KEY ("research_version_id") REFERENCES "public"."research_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_item_notes" ADD CONSTRAINT "qa_item_notes_qa_visit_id_qa_visits_id_fk" FOREIGN KEY ("qa_visit_id") REFERENCES "public"."qa_visits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_item_notes" ADD CONSTRAINT "qa_item_notes_qa_form_id_qa_forms_id_fk" FOREIGN KEY ("qa_form_id") REFERENCES "public"."qa_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_item_notes" ADD CONSTRAINT "qa_item_notes_form_field_id_form_fields_id_fk" FOREIGN KEY ("form_field_id") REFERENCES "public"."form_fields"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_item_notes" ADD CONSTRAINT "qa_item_notes_rule_id_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."rules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_item_notes" ADD CONSTRAINT "qa_item_notes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_notes" ADD CONSTRAINT "qa_notes_qa_item_note_id_qa_item_notes_id_fk" FOREIGN KEY ("qa_item_note_id") REFERENCES "public"."qa_item_notes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_notes" ADD CONSTRAINT "qa_notes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_visits" ADD CONSTRAINT "qa_visits_research_id_researches_id_fk" FOREIGN KEY ("research_id") REFERENCES "public"."researches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_visits" ADD CONSTRAINT "qa_visits_research_version_id_research_versions_id_fk" FOREIGN KEY ("research_version_id") REFERENCES "public"."research_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_visits" ADD CONSTRAINT "qa_visits_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_visits" ADD CONSTRAINT "qa_visits_validated_by_users_id_fk" FOREIGN KEY ("validated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "qa_forms_version_form_uq" ON "qa_forms" USING btree ("research_version_id","form_id");--> statement-breakpoint
CREATE INDEX "qa_forms_qa_visit_idx" ON "qa_forms" USING btree ("qa_visit_id");--> statement-breakpoint
CREATE INDEX "qa_forms_form_idx" ON "qa_forms" USING btree ("form_id");--> statement-breakpoint
CREATE INDEX "qa_forms_unaudited_idx" ON "qa_forms" USING btree ("research_version_id") WHERE not "qa_forms"."withdrawal_audited";--> statement-breakpoint
CREATE INDEX "qa_item_notes_version_created_idx" ON "qa_item_notes" USING btree ("research_version_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "qa_item_notes"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "qa_item_notes_qa_visit_idx" ON "qa_item_notes" USING btree ("qa_visit_id","status") WHERE "qa_item_notes"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "qa_item_notes_qa_form_idx" ON "qa_item_notes" USING btree ("qa_form_id","status") WHERE "qa_item_notes"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "qa_notes_item_note_idx" ON "qa_notes" USING btree ("qa_item_note_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "qa_visits_version_visit_uq" ON "qa_visits" USING btree ("research_version_id","visit_id");--> statement-breakpoint
CREATE INDEX "qa_visits_visit_idx" ON "qa_visits" USING btree ("visit_id");--> statement-breakpoint
CREATE INDEX "qa_visits_unaudited_idx" ON "qa_visits" USING btree ("research_version_id") WHERE not "qa_visits"."withdrawal_audited";--> statement-breakpoint
-- Subjects entered at test sites before this migration are test subjects too.
UPDATE "subjects" SET "is_test" = true WHERE "research_organisation_id" IN (
  SELECT "id" FROM "research_organisations" WHERE "organisation_type" = 'TestSite'
);
--> statement-breakpoint
-- A QA validation belongs to the design as it was (docs/qa-validation.md "What withdraws a validation"): a
-- change to a validated form, its sections, fields, field definitions or rules, or to a validated visit,
-- withdraws it in the transaction of the change. `withdrawal_audited` false marks it for the audit trail,
-- which the server writes (qa-withdrawals.ts), the trail's seals being made there.
CREATE OR REPLACE FUNCTION qa_withdraw_forms(form_ids uuid[], cause text) RETURNS void AS $$
  UPDATE qa_forms SET validated = false, validated_at = null, validated_by = null, withdrawn_at = now(),
    withdrawn_cause = cause, withdrawal_audited = false, updated_at = now()
  WHERE validated AND form_id = ANY(form_ids);
$$ LANGUAGE sql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION qa_withdraw_visits(visit_ids uuid[], cause text) RETURNS void AS $$
  UPDATE qa_visits SET validated = false, validated_at = null, validated_by = null, withdrawn_at = now(),
    withdrawn_cause = cause, withdrawal_audited = false, updated_at = now()
  WHERE validated AND visit_id = ANY(visit_ids);
$$ LANGUAGE sql;
--> statement-breakpoint
-- Rows added or removed (TG_ARGV[0]: 'form' when the rows carry form_id).
CREATE OR REPLACE FUNCTION qa_withdraw_on_rows() RETURNS trigger AS $$
DECLARE ids uuid[];
BEGIN
  SELECT array_agg(DISTINCT form_id) INTO ids FROM changed_rows;
  IF ids IS NOT NULL THEN PERFORM qa_withdraw_forms(ids, TG_TABLE_NAME); END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Rows changed (TG_ARGV[0]: 'form' rows carry form_id, 'field' field definitions reach forms through
-- form_fields, 'self' the forms themselves, 'visit' the visits), comparing all columns but the bookkeeping
-- ones named in TG_ARGV[1], so a rule's test or validation or a form's completion withdraws nothing.
CREATE OR REPLACE FUNCTION qa_withdraw_on_update() RETURNS trigger AS $$
DECLARE
  ids uuid[];
  ignored text[] := TG_ARGV[1]::text[];
BEGIN
  IF TG_ARGV[0] = 'field' THEN
    SELECT array_agg(DISTINCT ff.form_id) INTO ids
    FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN form_fields ff ON ff.field_id = n.id
    WHERE (to_jsonb(n) - ignored) IS DISTINCT FROM (to_jsonb(o) - ignored);
  ELSIF TG_ARGV[0] = 'self' OR TG_ARGV[0] = 'visit' THEN
    SELECT array_agg(n.id) INTO ids
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (to_jsonb(n) - ignored) IS DISTINCT FROM (to_jsonb(o) - ignored);
  ELSE
    SELECT array_agg(DISTINCT f.form_id) INTO ids
    FROM new_rows n JOIN old_rows o ON o.id = n.id CROSS JOIN LATERAL (VALUES (n.form_id), (o.form_id)) AS f(form_id)
    WHERE (to_jsonb(n) - ignored) IS DISTINCT FROM (to_jsonb(o) - ignored);
  END IF;
  IF ids IS NOT NULL THEN
    IF TG_ARGV[0] = 'visit' THEN PERFORM qa_withdraw_visits(ids, TG_TABLE_NAME);
    ELSE PERFORM qa_withdraw_forms(ids, TG_TABLE_NAME);
    END IF;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER qa_withdraw_sections_insert AFTER INSERT ON form_sections REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION qa_withdraw_on_rows();
--> statement-breakpoint
CREATE TRIGGER qa_withdraw_sections_update AFTER UPDATE ON form_sections REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION qa_withdraw_on_update('form', '{updated_at}');
--> statement-breakpoint
CREATE TRIGGER qa_withdraw_sections_delete AFTER DELETE ON form_sections REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION qa_withdraw_on_rows();
--> statement-breakpoint
CREATE TRIGGER qa_withdraw_form_fields_insert AFTER INSERT ON form_fields REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION qa_withdraw_on_rows();
--> statement-breakpoint
CREATE TRIGGER qa_withdraw_form_fields_update AFTER UPDATE ON form_fields REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION qa_withdraw_on_update('form', '{updated_at}');
--> statement-breakpoint
CREATE TRIGGER qa_withdraw_form_fields_delete AFTER DELETE ON form_fields REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION qa_withdraw_on_rows();
--> statement-breakpoint
CREATE TRIGGER qa_withdraw_rules_insert AFTER INSERT ON rules REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION qa_withdraw_on_rows();
--> statement-breakpoint
CREATE TRIGGER qa_withdraw_rules_update AFTER UPDATE ON rules REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION qa_withdraw_on_update('form', '{updated_at,updated_by,is_validate,is_tested,last_result}');
--> statement-breakpoint
CREATE TRIGGER qa_withdraw_fields_update AFTER UPDATE ON fields REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION qa_withdraw_on_update('field', '{updated_at}');
--> statement-breakpoint
CREATE TRIGGER qa_withdraw_forms_update AFTER UPDATE ON forms REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION qa_withdraw_on_update('self', '{updated_at,rules_stamp,complete,index}');
--> statement-breakpoint
CREATE TRIGGER qa_withdraw_visits_update AFTER UPDATE ON visits REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION qa_withdraw_on_update('visit', '{updated_at,complete,index}');
