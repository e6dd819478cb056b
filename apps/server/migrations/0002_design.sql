CREATE TABLE "fields" (
	"id" uuid PRIMARY KEY NOT NULL,
	"form_type_id" uuid NOT NULL,
	"title" text NOT NULL,
	"units" text,
	"field_key" text NOT NULL,
	"field_type" text NOT NULL,
	"option_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"default_option" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "form_fields" (
	"id" uuid PRIMARY KEY NOT NULL,
	"research_id" uuid NOT NULL,
	"form_id" uuid NOT NULL,
	"form_section_id" uuid NOT NULL,
	"field_id" uuid NOT NULL,
	"text" text NOT NULL,
	"text_before" text,
	"text_after" text,
	"annotation_key" text,
	"data_link" text,
	"is_required" boolean DEFAULT false NOT NULL,
	"clinical_significance" boolean DEFAULT false NOT NULL,
	"comment" text,
	"units" text,
	"form_name" text,
	"reg_ex_mask" text,
	"mask" text,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"required_for_edc" boolean DEFAULT false NOT NULL,
	"index" integer NOT NULL,
	"context_form_id" uuid,
	"context_text" text,
	"parent_form_field_id" uuid,
	"parent_visible_rule" text,
	"duration" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "form_research_versions" (
	"form_id" uuid NOT NULL,
	"research_version_id" uuid NOT NULL,
	CONSTRAINT "form_research_versions_form_id_research_version_id_pk" PRIMARY KEY("form_id","research_version_id")
);
--> statement-breakpoint
CREATE TABLE "form_sections" (
	"id" uuid PRIMARY KEY NOT NULL,
	"research_id" uuid NOT NULL,
	"form_id" uuid NOT NULL,
	"section_name" text NOT NULL,
	"description" text,
	"form_section_key" text,
	"point_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"index" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "form_templates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"form_type_id" uuid NOT NULL,
	"title" text NOT NULL,
	"content" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "form_types" (
	"id" uuid PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"form_type_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "forms" (
	"id" uuid PRIMARY KEY NOT NULL,
	"research_id" uuid NOT NULL,
	"visit_id" uuid NOT NULL,
	"form_type_id" uuid NOT NULL,
	"title" text NOT NULL,
	"form_key" text,
	"is_required" boolean DEFAULT false NOT NULL,
	"repeating" boolean DEFAULT false NOT NULL,
	"complete" boolean DEFAULT false NOT NULL,
	"index" integer NOT NULL,
	"employee_types_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"gender" text DEFAULT 'Both' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "protocol_versions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"research_id" uuid NOT NULL,
	"protocol_version_number" text NOT NULL,
	"protocol_version_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "research_versions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"research_id" uuid NOT NULL,
	"major_index" integer NOT NULL,
	"minor_index" integer NOT NULL,
	"started_date" date NOT NULL,
	"description" text,
	"created_by" uuid,
	"status" text DEFAULT 'Designed' NOT NULL,
	"tested_subjects" integer,
	"validation_document_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "visit_research_versions" (
	"visit_id" uuid NOT NULL,
	"research_version_id" uuid NOT NULL,
	CONSTRAINT "visit_research_versions_visit_id_research_version_id_pk" PRIMARY KEY("visit_id","research_version_id")
);
--> statement-breakpoint
CREATE TABLE "visits" (
	"id" uuid PRIMARY KEY NOT NULL,
	"research_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"visit_key" text NOT NULL,
	"visit_type" text NOT NULL,
	"day_number" integer DEFAULT 0 NOT NULL,
	"day_plus" integer DEFAULT 0 NOT NULL,
	"day_minus" integer DEFAULT 0 NOT NULL,
	"repeating" boolean DEFAULT false NOT NULL,
	"is_required" boolean DEFAULT false NOT NULL,
	"complete" boolean DEFAULT false NOT NULL,
	"index" integer NOT NULL,
	"dr_trial_id" text,
	"point_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "fields" ADD CONSTRAINT "fields_form_type_id_form_types_id_fk" FOREIGN KEY ("form_type_id") REFERENCES "public"."form_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_fields" ADD CONSTRAINT "form_fields_research_id_researches_id_fk" FOREIGN KEY ("research_id") REFERENCES "public"."researches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_fields" ADD CONSTRAINT "form_fields_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_fields" ADD CONSTRAINT "form_fields_form_section_id_form_sections_id_fk" FOREIGN KEY ("form_section_id") REFERENCES "public"."form_sections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_fields" ADD CONSTRAINT "form_fields_field_id_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."fields"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_fields" ADD CONSTRAINT "form_fields_context_form_id_forms_id_fk" FOREIGN KEY ("context_form_id") REFERENCES "public"."forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_research_versions" ADD CONSTRAINT "form_research_versions_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_research_versions" ADD CONSTRAINT "form_research_versions_research_version_id_research_versions_id_fk" FOREIGN KEY ("research_version_id") REFERENCES "public"."research_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_sections" ADD CONSTRAINT "form_sections_research_id_researches_id_fk" FOREIGN KEY ("research_id") REFERENCES "public"."researches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_sections" ADD CONSTRAINT "form_sections_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_templates" ADD CONSTRAINT "form_templates_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_templates" ADD CONSTRAINT "form_templates_form_type_id_form_types_id_fk" FOREIGN KEY ("form_type_id") REFERENCES "public"."form_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_templates" ADD CONSTRAINT "form_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_research_id_researches_id_fk" FOREIGN KEY ("research_id") REFERENCES "public"."researches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_form_type_id_form_types_id_fk" FOREIGN KEY ("form_type_id") REFERENCES "public"."form_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protocol_versions" ADD CONSTRAINT "protocol_versions_research_id_researches_id_fk" FOREIGN KEY ("research_id") REFERENCES "public"."researches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_versions" ADD CONSTRAINT "research_versions_research_id_researches_id_fk" FOREIGN KEY ("research_id") REFERENCES "public"."researches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_versions" ADD CONSTRAINT "research_versions_created_by_employees_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_research_versions" ADD CONSTRAINT "visit_research_versions_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_research_versions" ADD CONSTRAINT "visit_research_versions_research_version_id_research_versions_id_fk" FOREIGN KEY ("research_version_id") REFERENCES "public"."research_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_research_id_researches_id_fk" FOREIGN KEY ("research_id") REFERENCES "public"."researches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fields_form_type_idx" ON "fields" USING btree ("form_type_id");--> statement-breakpoint
CREATE INDEX "form_fields_section_idx" ON "form_fields" USING btree ("form_section_id","index");--> statement-breakpoint
CREATE INDEX "form_fields_form_idx" ON "form_fields" USING btree ("form_id");--> statement-breakpoint
CREATE INDEX "form_fields_field_idx" ON "form_fields" USING btree ("field_id");--> statement-breakpoint
CREATE INDEX "form_research_versions_version_idx" ON "form_research_versions" USING btree ("research_version_id");--> statement-breakpoint
CREATE INDEX "form_sections_form_idx" ON "form_sections" USING btree ("form_id","index");--> statement-breakpoint
CREATE INDEX "form_templates_organisation_idx" ON "form_templates" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "forms_visit_idx" ON "forms" USING btree ("visit_id","index");--> statement-breakpoint
CREATE INDEX "forms_research_idx" ON "forms" USING btree ("research_id");--> statement-breakpoint
CREATE INDEX "protocol_versions_research_idx" ON "protocol_versions" USING btree ("research_id");--> statement-breakpoint
CREATE INDEX "research_versions_research_idx" ON "research_versions" USING btree ("research_id");--> statement-breakpoint
CREATE UNIQUE INDEX "research_versions_index_uq" ON "research_versions" USING btree ("research_id","major_index","minor_index") WHERE "research_versions"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "visit_research_versions_version_idx" ON "visit_research_versions" USING btree ("research_version_id");--> statement-breakpoint
CREATE INDEX "visits_research_idx" ON "visits" USING btree ("research_id","index");