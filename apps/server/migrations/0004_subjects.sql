CREATE TABLE "subject_visits" (
	"id" uuid PRIMARY KEY NOT NULL,
	"subject_id" uuid NOT NULL,
	"visit_id" uuid NOT NULL,
	"date" date NOT NULL,
	"form_completed_status" text DEFAULT 'Empty' NOT NULL,
	"sign_date" date,
	"start_validating_date" timestamp with time zone,
	"research_organisation_version_id" uuid,
	"research_version_id" uuid,
	"repeat_index" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "subjects" (
	"id" uuid PRIMARY KEY NOT NULL,
	"research_id" uuid NOT NULL,
	"research_organisation_id" uuid NOT NULL,
	"full_name" text,
	"gender" text NOT NULL,
	"birth_date" date NOT NULL,
	"screen_date" date NOT NULL,
	"screening_number" text NOT NULL,
	"randomization_number" text,
	"identification_number" text NOT NULL,
	"identification_seq" integer NOT NULL,
	"randomization_date" date,
	"randomization_group" text,
	"status" text DEFAULT 'Started' NOT NULL,
	"is_randomised" boolean DEFAULT false NOT NULL,
	"is_signed" boolean DEFAULT false NOT NULL,
	"sign_date" date,
	"end_date" date,
	"end_reason" text,
	"dr_trial_id" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "subject_visits" ADD CONSTRAINT "subject_visits_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_visits" ADD CONSTRAINT "subject_visits_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_visits" ADD CONSTRAINT "subject_visits_research_organisation_version_id_research_organisation_versions_id_fk" FOREIGN KEY ("research_organisation_version_id") REFERENCES "public"."research_organisation_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_visits" ADD CONSTRAINT "subject_visits_research_version_id_research_versions_id_fk" FOREIGN KEY ("research_version_id") REFERENCES "public"."research_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subjects" ADD CONSTRAINT "subjects_research_id_researches_id_fk" FOREIGN KEY ("research_id") REFERENCES "public"."researches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subjects" ADD CONSTRAINT "subjects_research_organisation_id_research_organisations_id_fk" FOREIGN KEY ("research_organisation_id") REFERENCES "public"."research_organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subject_visits_subject_idx" ON "subject_visits" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "subject_visits_visit_idx" ON "subject_visits" USING btree ("visit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subject_visits_occurrence_uq" ON "subject_visits" USING btree ("subject_id","visit_id","repeat_index") WHERE "subject_visits"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "subjects_research_centre_status_idx" ON "subjects" USING btree ("research_id","research_organisation_id","status") WHERE "subjects"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "subjects_research_status_idx" ON "subjects" USING btree ("research_id","status") WHERE "subjects"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "subjects_research_created_idx" ON "subjects" USING btree ("research_id","created_at","id") WHERE "subjects"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "subjects_screening_number_uq" ON "subjects" USING btree ("research_id","screening_number") WHERE "subjects"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "subjects_randomization_number_uq" ON "subjects" USING btree ("research_id","randomization_number") WHERE "subjects"."deleted_at" is null and "subjects"."randomization_number" is not null;--> statement-breakpoint
CREATE INDEX "subjects_randomization_number_asc_idx" ON "subjects" USING btree ("research_id","randomization_number") WHERE "subjects"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "subjects_randomization_number_desc_idx" ON "subjects" USING btree ("research_id","randomization_number" DESC NULLS LAST) WHERE "subjects"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "subjects_identification_number_idx" ON "subjects" USING btree ("research_id","identification_number") WHERE "subjects"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "subjects_identification_seq_uq" ON "subjects" USING btree ("research_organisation_id","identification_seq");