DROP INDEX "audit_subject_idx";--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "chain" text DEFAULT 'global' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "subject_id" uuid;--> statement-breakpoint
CREATE INDEX "audit_chain_seq_idx" ON "audit_log" USING btree ("chain","seq");--> statement-breakpoint
CREATE INDEX "audit_subject_seq_idx" ON "audit_log" USING btree ("subject_id","seq");