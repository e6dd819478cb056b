CREATE TABLE "item_data" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "item_data_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"subject_form_field_id" uuid NOT NULL,
	"data" text,
	"comment" text,
	"clinical_significance" text,
	"reason_for_change" text,
	"document_id" uuid,
	"created_by" uuid,
	"employee_id" uuid,
	"employee_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signatures" (
	"id" uuid PRIMARY KEY NOT NULL,
	"research_id" uuid NOT NULL,
	"subject_id" uuid NOT NULL,
	"subject_visit_id" uuid,
	"signer_user_id" uuid NOT NULL,
	"signer_employee_id" uuid,
	"signer_employee_type" text,
	"printed_name" text NOT NULL,
	"meaning" text NOT NULL,
	"sign_date" date NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"content_hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subject_form_fields" (
	"id" uuid PRIMARY KEY NOT NULL,
	"subject_form_id" uuid NOT NULL,
	"subject_form_section_id" uuid NOT NULL,
	"form_field_id" uuid NOT NULL,
	"parent_subject_form_field_id" uuid,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subject_form_logs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"subject_form_id" uuid NOT NULL,
	"status" text NOT NULL,
	"created_by" uuid,
	"employee_id" uuid,
	"employee_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subject_form_section_status_logs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"subject_form_section_id" uuid NOT NULL,
	"status" text,
	"status_message" text,
	"is_complete" boolean NOT NULL,
	"reason_for_change" text,
	"created_by" uuid,
	"employee_id" uuid,
	"employee_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subject_form_sections" (
	"id" uuid PRIMARY KEY NOT NULL,
	"subject_form_id" uuid NOT NULL,
	"form_section_id" uuid NOT NULL,
	"status" text,
	"status_message" text,
	"is_complete" boolean DEFAULT false NOT NULL,
	"complete_date" timestamp with time zone,
	"complete_by_user_id" uuid,
	"complete_by_employee_id" uuid,
	"complete_by_employee_type" text,
	"comment" text,
	"qa_validate" boolean DEFAULT false NOT NULL,
	"dm_validate" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subject_forms" (
	"id" uuid PRIMARY KEY NOT NULL,
	"research_id" uuid NOT NULL,
	"subject_id" uuid NOT NULL,
	"subject_visit_id" uuid NOT NULL,
	"form_id" uuid NOT NULL,
	"context_subject_form_field_id" uuid,
	"repeated_index" integer DEFAULT 0 NOT NULL,
	"is_complete" boolean DEFAULT false NOT NULL,
	"complete_date" timestamp with time zone,
	"qa_validate" boolean DEFAULT false NOT NULL,
	"qa_validate_date" timestamp with time zone,
	"dm_validate" boolean DEFAULT false NOT NULL,
	"dm_validate_date" timestamp with time zone,
	"kio_validate" boolean DEFAULT false NOT NULL,
	"kio_validate_date" timestamp with time zone,
	"created_by" uuid,
	"created_by_employee_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "subject_visits" ADD COLUMN "complete_message" text;--> statement-breakpoint
ALTER TABLE "subject_visits" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "item_data" ADD CONSTRAINT "item_data_subject_form_field_id_subject_form_fields_id_fk" FOREIGN KEY ("subject_form_field_id") REFERENCES "public"."subject_form_fields"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_data" ADD CONSTRAINT "item_data_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_data" ADD CONSTRAINT "item_data_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_data" ADD CONSTRAINT "item_data_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_research_id_researches_id_fk" FOREIGN KEY ("research_id") REFERENCES "public"."researches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_subject_visit_id_subject_visits_id_fk" FOREIGN KEY ("subject_visit_id") REFERENCES "public"."subject_visits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_signer_user_id_users_id_fk" FOREIGN KEY ("signer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_signer_employee_id_employees_id_fk" FOREIGN KEY ("signer_employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_form_fields" ADD CONSTRAINT "subject_form_fields_subject_form_id_subject_forms_id_fk" FOREIGN KEY ("subject_form_id") REFERENCES "public"."subject_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_form_fields" ADD CONSTRAINT "subject_form_fields_subject_form_section_id_subject_form_sections_id_fk" FOREIGN KEY ("subject_form_section_id") REFERENCES "public"."subject_form_sections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_form_fields" ADD CONSTRAINT "subject_form_fields_form_field_id_form_fields_id_fk" FOREIGN KEY ("form_field_id") REFERENCES "public"."form_fields"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_form_logs" ADD CONSTRAINT "subject_form_logs_subject_form_id_subject_forms_id_fk" FOREIGN KEY ("subject_form_id") REFERENCES "public"."subject_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_form_logs" ADD CONSTRAINT "subject_form_logs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_form_logs" ADD CONSTRAINT "subject_form_logs_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_form_section_status_logs" ADD CONSTRAINT "subject_form_section_status_logs_subject_form_section_id_subject_form_sections_id_fk" FOREIGN KEY ("subject_form_section_id") REFERENCES "public"."subject_form_sections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_form_section_status_logs" ADD CONSTRAINT "subject_form_section_status_logs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_form_section_status_logs" ADD CONSTRAINT "subject_form_section_status_logs_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_form_sections" ADD CONSTRAINT "subject_form_sections_subject_form_id_subject_forms_id_fk" FOREIGN KEY ("subject_form_id") REFERENCES "public"."subject_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_form_sections" ADD CONSTRAINT "subject_form_sections_form_section_id_form_sections_id_fk" FOREIGN KEY ("form_section_id") REFERENCES "public"."form_sections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_form_sections" ADD CONSTRAINT "subject_form_sections_complete_by_user_id_users_id_fk" FOREIGN KEY ("complete_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_form_sections" ADD CONSTRAINT "subject_form_sections_complete_by_employee_id_employees_id_fk" FOREIGN KEY ("complete_by_employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_forms" ADD CONSTRAINT "subject_forms_research_id_researches_id_fk" FOREIGN KEY ("research_id") REFERENCES "public"."researches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_forms" ADD CONSTRAINT "subject_forms_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_forms" ADD CONSTRAINT "subject_forms_subject_visit_id_subject_visits_id_fk" FOREIGN KEY ("subject_visit_id") REFERENCES "public"."subject_visits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_forms" ADD CONSTRAINT "subject_forms_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_forms" ADD CONSTRAINT "subject_forms_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_forms" ADD CONSTRAINT "subject_forms_created_by_employee_id_employees_id_fk" FOREIGN KEY ("created_by_employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_data_field_idx" ON "item_data" USING btree ("subject_form_field_id","seq");--> statement-breakpoint
CREATE INDEX "signatures_subject_idx" ON "signatures" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "signatures_visit_idx" ON "signatures" USING btree ("subject_visit_id");--> statement-breakpoint
CREATE INDEX "subject_form_fields_form_idx" ON "subject_form_fields" USING btree ("subject_form_id");--> statement-breakpoint
CREATE INDEX "subject_form_fields_section_idx" ON "subject_form_fields" USING btree ("subject_form_section_id");--> statement-breakpoint
CREATE INDEX "subject_form_fields_form_field_idx" ON "subject_form_fields" USING btree ("form_field_id");--> statement-breakpoint
CREATE INDEX "subject_form_fields_parent_idx" ON "subject_form_fields" USING btree ("parent_subject_form_field_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subject_form_fields_uq" ON "subject_form_fields" USING btree ("subject_form_id","form_field_id");--> statement-breakpoint
CREATE INDEX "subject_form_logs_form_idx" ON "subject_form_logs" USING btree ("subject_form_id","created_at");--> statement-breakpoint
CREATE INDEX "subject_form_section_status_logs_section_idx" ON "subject_form_section_status_logs" USING btree ("subject_form_section_id","created_at");--> statement-breakpoint
CREATE INDEX "subject_form_sections_form_idx" ON "subject_form_sections" USING btree ("subject_form_id");--> statement-breakpoint
CREATE INDEX "subject_form_sections_section_idx" ON "subject_form_sections" USING btree ("form_section_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subject_form_sections_uq" ON "subject_form_sections" USING btree ("subject_form_id","form_section_id");--> statement-breakpoint
CREATE INDEX "subject_forms_visit_idx" ON "subject_forms" USING btree ("subject_visit_id");--> statement-breakpoint
CREATE INDEX "subject_forms_subject_idx" ON "subject_forms" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "subject_forms_form_idx" ON "subject_forms" USING btree ("form_id");--> statement-breakpoint
CREATE INDEX "subject_forms_context_idx" ON "subject_forms" USING btree ("context_subject_form_field_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subject_forms_instance_uq" ON "subject_forms" USING btree ("subject_visit_id","form_id","repeated_index") WHERE "subject_forms"."deleted_at" is null;--> statement-breakpoint
-- Values and signatures are append-only: a change or a clearing is a new row, never an update or a delete.
CREATE OR REPLACE FUNCTION append_only_refuse_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % is not allowed', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER item_data_no_update_delete BEFORE UPDATE OR DELETE ON item_data
  FOR EACH ROW EXECUTE FUNCTION append_only_refuse_change();
--> statement-breakpoint
CREATE TRIGGER item_data_no_truncate BEFORE TRUNCATE ON item_data
  FOR EACH STATEMENT EXECUTE FUNCTION append_only_refuse_change();
--> statement-breakpoint
CREATE TRIGGER signatures_no_update_delete BEFORE UPDATE OR DELETE ON signatures
  FOR EACH ROW EXECUTE FUNCTION append_only_refuse_change();
--> statement-breakpoint
CREATE TRIGGER signatures_no_truncate BEFORE TRUNCATE ON signatures
  FOR EACH STATEMENT EXECUTE FUNCTION append_only_refuse_change();
