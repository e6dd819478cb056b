-- Verifications of the audit trail run in the background (docs/audit-trail.md "In the background"): who asked,
-- the progress of the walk and what it found. At most one is open at a time.
CREATE TABLE "audit_verifications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'Queued' NOT NULL CHECK ("status" IN ('Queued', 'Running', 'Done', 'Failed')),
	"progress" integer DEFAULT 0 NOT NULL,
	"processed" bigint DEFAULT 0 NOT NULL,
	"result" jsonb,
	"error" jsonb,
	"requested_by" uuid REFERENCES "users"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX "audit_verifications_created_idx" ON "audit_verifications" USING btree ("created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE UNIQUE INDEX "audit_verifications_open_idx" ON "audit_verifications" USING btree ((true)) WHERE "status" IN ('Queued', 'Running');
