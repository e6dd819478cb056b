ALTER TABLE "documents" ADD COLUMN "dr_trial_status" text;
--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "dr_trial_sent_at" timestamp with time zone;
--> statement-breakpoint
CREATE UNIQUE INDEX "visits_dr_trial_uq" ON "visits" USING btree ("research_id","dr_trial_id") WHERE "visits"."deleted_at" is null and "visits"."dr_trial_id" is not null;
