ALTER TABLE "documents" ADD COLUMN "expiration_date" date;
--> statement-breakpoint
UPDATE "documents" SET "expiration_date" = (("created_at" AT TIME ZONE 'UTC')::date + interval '3 months')::date WHERE "type" <> 'Uploaded';
--> statement-breakpoint
ALTER TABLE "documents" ALTER COLUMN "expiration_date" SET DEFAULT (((now() AT TIME ZONE 'UTC')::date + interval '3 months')::date);
--> statement-breakpoint
CREATE INDEX "documents_expiration_idx" ON "documents" USING btree ("expiration_date") WHERE "documents"."expiration_date" is not null and "documents"."status" <> 'Deleted';
