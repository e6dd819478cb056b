CREATE TABLE "document_files" (
	"document_id" uuid PRIMARY KEY NOT NULL,
	"content" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"research_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"extension" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"status" text NOT NULL,
	"type" text NOT NULL,
	"send_to_dr_trial" boolean DEFAULT false NOT NULL,
	"for_all" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "subject_visit_documents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"subject_visit_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"lineage_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "monitoring_visit_monitors" (
	"monitoring_visit_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	CONSTRAINT "monitoring_visit_monitors_monitoring_visit_id_employee_id_pk" PRIMARY KEY("monitoring_visit_id","employee_id")
);
--> statement-breakpoint
CREATE TABLE "monitoring_visit_subject_visits" (
	"monitoring_visit_id" uuid NOT NULL,
	"subject_visit_id" uuid NOT NULL,
	CONSTRAINT "monitoring_visit_subject_visits_monitoring_visit_id_subject_visit_id_pk" PRIMARY KEY("monitoring_visit_id","subject_visit_id")
);
--> statement-breakpoint
CREATE TABLE "monitoring_visits" (
	"id" uuid PRIMARY KEY NOT NULL,
	"research_id" uuid NOT NULL,
	"research_organisation_id" uuid NOT NULL,
	"site_id" uuid,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"work_day_start" time NOT NULL,
	"work_day_end" time NOT NULL,
	"confirmed" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "document_files" ADD CONSTRAINT "document_files_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_research_id_researches_id_fk" FOREIGN KEY ("research_id") REFERENCES "public"."researches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_visit_documents" ADD CONSTRAINT "subject_visit_documents_subject_visit_id_subject_visits_id_fk" FOREIGN KEY ("subject_visit_id") REFERENCES "public"."subject_visits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_visit_documents" ADD CONSTRAINT "subject_visit_documents_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_visit_documents" ADD CONSTRAINT "subject_visit_documents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_visit_monitors" ADD CONSTRAINT "monitoring_visit_monitors_monitoring_visit_id_monitoring_visits_id_fk" FOREIGN KEY ("monitoring_visit_id") REFERENCES "public"."monitoring_visits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_visit_monitors" ADD CONSTRAINT "monitoring_visit_monitors_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_visit_subject_visits" ADD CONSTRAINT "monitoring_visit_subject_visits_monitoring_visit_id_monitoring_visits_id_fk" FOREIGN KEY ("monitoring_visit_id") REFERENCES "public"."monitoring_visits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_visit_subject_visits" ADD CONSTRAINT "monitoring_visit_subject_visits_subject_visit_id_subject_visits_id_fk" FOREIGN KEY ("subject_visit_id") REFERENCES "public"."subject_visits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_visits" ADD CONSTRAINT "monitoring_visits_research_id_researches_id_fk" FOREIGN KEY ("research_id") REFERENCES "public"."researches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_visits" ADD CONSTRAINT "monitoring_visits_research_organisation_id_research_organisations_id_fk" FOREIGN KEY ("research_organisation_id") REFERENCES "public"."research_organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_visits" ADD CONSTRAINT "monitoring_visits_site_id_research_organisations_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."research_organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_visits" ADD CONSTRAINT "monitoring_visits_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_research_idx" ON "documents" USING btree ("research_id","type");--> statement-breakpoint
CREATE INDEX "subject_visit_documents_visit_idx" ON "subject_visit_documents" USING btree ("subject_visit_id") WHERE "subject_visit_documents"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "subject_visit_documents_version_uq" ON "subject_visit_documents" USING btree ("lineage_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "subject_visit_documents_document_uq" ON "subject_visit_documents" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "monitoring_visit_monitors_employee_idx" ON "monitoring_visit_monitors" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "monitoring_visit_subject_visits_sv_idx" ON "monitoring_visit_subject_visits" USING btree ("subject_visit_id");--> statement-breakpoint
CREATE INDEX "monitoring_visits_research_idx" ON "monitoring_visits" USING btree ("research_id","start_date") WHERE "monitoring_visits"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "monitoring_visits_site_idx" ON "monitoring_visits" USING btree ("site_id") WHERE "monitoring_visits"."deleted_at" is null and "monitoring_visits"."site_id" is not null;