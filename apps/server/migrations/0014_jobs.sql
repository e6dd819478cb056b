CREATE TABLE "job_inputs" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"content" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"research_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'Queued' NOT NULL,
	"name" text NOT NULL,
	"params" jsonb NOT NULL,
	"actor" jsonb NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"processed" integer,
	"total" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"document_id" uuid,
	"result" jsonb,
	"error" jsonb,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "job_inputs" ADD CONSTRAINT "job_inputs_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_research_id_researches_id_fk" FOREIGN KEY ("research_id") REFERENCES "public"."researches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_research_idx" ON "jobs" USING btree ("research_id","kind","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "jobs_open_idx" ON "jobs" USING btree ("status") WHERE "jobs"."status" in ('Queued', 'Running');