CREATE TABLE "item_note_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"item_note_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"data" text,
	"status" text NOT NULL,
	"item_data_id" uuid,
	"created_by" uuid,
	"employee_id" uuid,
	"employee_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_notes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"research_id" uuid NOT NULL,
	"research_organisation_id" uuid NOT NULL,
	"subject_id" uuid NOT NULL,
	"subject_visit_id" uuid NOT NULL,
	"subject_form_id" uuid NOT NULL,
	"subject_form_section_id" uuid NOT NULL,
	"subject_form_field_id" uuid NOT NULL,
	"visit_id" uuid NOT NULL,
	"form_id" uuid NOT NULL,
	"form_field_id" uuid NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"note" text NOT NULL,
	"last_entry" text,
	"entry_count" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_by_employee_id" uuid,
	"created_by_employee_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"close_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "item_note_entries" ADD CONSTRAINT "item_note_entries_item_note_id_item_notes_id_fk" FOREIGN KEY ("item_note_id") REFERENCES "public"."item_notes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_note_entries" ADD CONSTRAINT "item_note_entries_item_data_id_item_data_id_fk" FOREIGN KEY ("item_data_id") REFERENCES "public"."item_data"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_note_entries" ADD CONSTRAINT "item_note_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_note_entries" ADD CONSTRAINT "item_note_entries_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_notes" ADD CONSTRAINT "item_notes_research_id_researches_id_fk" FOREIGN KEY ("research_id") REFERENCES "public"."researches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_notes" ADD CONSTRAINT "item_notes_research_organisation_id_research_organisations_id_fk" FOREIGN KEY ("research_organisation_id") REFERENCES "public"."research_organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_notes" ADD CONSTRAINT "item_notes_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_notes" ADD CONSTRAINT "item_notes_subject_visit_id_subject_visits_id_fk" FOREIGN KEY ("subject_visit_id") REFERENCES "public"."subject_visits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_notes" ADD CONSTRAINT "item_notes_subject_form_id_subject_forms_id_fk" FOREIGN KEY ("subject_form_id") REFERENCES "public"."subject_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_notes" ADD CONSTRAINT "item_notes_subject_form_section_id_subject_form_sections_id_fk" FOREIGN KEY ("subject_form_section_id") REFERENCES "public"."subject_form_sections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_notes" ADD CONSTRAINT "item_notes_subject_form_field_id_subject_form_fields_id_fk" FOREIGN KEY ("subject_form_field_id") REFERENCES "public"."subject_form_fields"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_notes" ADD CONSTRAINT "item_notes_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_notes" ADD CONSTRAINT "item_notes_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_notes" ADD CONSTRAINT "item_notes_form_field_id_form_fields_id_fk" FOREIGN KEY ("form_field_id") REFERENCES "public"."form_fields"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_notes" ADD CONSTRAINT "item_notes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_notes" ADD CONSTRAINT "item_notes_created_by_employee_id_employees_id_fk" FOREIGN KEY ("created_by_employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_note_entries_note_idx" ON "item_note_entries" USING btree ("item_note_id","created_at");--> statement-breakpoint
CREATE INDEX "item_notes_research_list_idx" ON "item_notes" USING btree ("research_id","created_at","id","type","status","research_organisation_id","created_by_employee_id","created_by_employee_type","subject_id","visit_id","form_id","form_field_id");--> statement-breakpoint
CREATE INDEX "item_notes_research_type_status_idx" ON "item_notes" USING btree ("research_id","type","status","created_at","id","research_organisation_id","created_by_employee_id","created_by_employee_type","subject_id","visit_id","form_id","form_field_id");--> statement-breakpoint
CREATE INDEX "item_notes_centre_type_status_idx" ON "item_notes" USING btree ("research_organisation_id","type","status","created_at","id","research_id","created_by_employee_id","created_by_employee_type","subject_id","visit_id","form_id","form_field_id");--> statement-breakpoint
CREATE INDEX "item_notes_creator_type_status_idx" ON "item_notes" USING btree ("created_by_employee_id","type","status","created_at","id","research_id","research_organisation_id","created_by_employee_type","subject_id","visit_id","form_id","form_field_id");--> statement-breakpoint
CREATE INDEX "item_notes_visit_created_idx" ON "item_notes" USING btree ("visit_id","created_at");--> statement-breakpoint
CREATE INDEX "item_notes_form_created_idx" ON "item_notes" USING btree ("form_id","created_at");--> statement-breakpoint
CREATE INDEX "item_notes_form_field_created_idx" ON "item_notes" USING btree ("form_field_id","created_at");--> statement-breakpoint
CREATE INDEX "item_notes_subject_created_idx" ON "item_notes" USING btree ("subject_id","created_at");--> statement-breakpoint
CREATE INDEX "item_notes_field_idx" ON "item_notes" USING btree ("subject_form_field_id","created_at");--> statement-breakpoint
CREATE INDEX "item_notes_subject_form_idx" ON "item_notes" USING btree ("subject_form_id","type","status");--> statement-breakpoint
CREATE INDEX "item_notes_subject_visit_idx" ON "item_notes" USING btree ("subject_visit_id","type","status");--> statement-breakpoint
-- A note's entries are append-only, as values are (0006): an answer, comment or closing is a new entry.
CREATE TRIGGER item_note_entries_no_update_delete BEFORE UPDATE OR DELETE ON item_note_entries
  FOR EACH ROW EXECUTE FUNCTION append_only_refuse_change();
--> statement-breakpoint
CREATE TRIGGER item_note_entries_no_truncate BEFORE TRUNCATE ON item_note_entries
  FOR EACH STATEMENT EXECUTE FUNCTION append_only_refuse_change();
