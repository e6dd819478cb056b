ALTER TABLE "documents" ADD COLUMN "subject_id" uuid;
--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "subject_visit_id" uuid;
--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "error" jsonb;
--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "finished_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_subject_visit_id_subject_visits_id_fk" FOREIGN KEY ("subject_visit_id") REFERENCES "public"."subject_visits"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "documents_subject_visit_idx" ON "documents" USING btree ("subject_visit_id","type","created_at") WHERE "documents"."subject_visit_id" is not null;
--> statement-breakpoint
CREATE INDEX "documents_subject_idx" ON "documents" USING btree ("subject_id","type","created_at") WHERE "documents"."subject_id" is not null;
--> statement-breakpoint
CREATE INDEX "documents_research_created_idx" ON "documents" USING btree ("research_id","created_at") WHERE "documents"."deleted_at" is null;
